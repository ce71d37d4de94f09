/* test-generic-table.c — the table of a game defined only as data
 *
 * Lanternfall (tests/data/generic/) has a game definition, a card
 * database and two decks, and no rules in C.  Its decks are validated,
 * and its table deals the sections where the zones' start says, checks
 * the rules of <table> (opening hand, draw per turn, hand limit, refill)
 * and plays, undoes, saves and replays like the tables written in C —
 * in the library and through deckwright --playtest.  A malformed table
 * rule is refused with file, line and column; the shipped games keep
 * their own tables.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "dw-generic-rules.h"
#include "dw-table.h"
#include "dw-test-util.h"
#include "dw-validate.h"

static DwLibrary *
lanternfall_library (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *game = dw_test_fixture_path ("generic/lanternfall.xml");
  g_autofree char *cards = dw_test_fixture_path ("generic/lanternfall-cards.xml");
  DwLibrary *library = dw_test_library ();

  g_assert_true (dw_library_add_game_file (library, game, &error));
  g_assert_no_error (error);
  g_assert_nonnull (dw_library_add_card_db_file (library, cards, &error));
  g_assert_no_error (error);
  return library;
}

static DwDeck *
lanternfall_deck (DwLibrary  *library,
                  const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename ("generic", name, NULL);
  g_autofree char *full = dw_test_fixture_path (path);
  DwDeck *deck = dw_deck_load (full, &error);

  g_assert_no_error (error);
  dw_library_resolve_deck (library, deck);
  return deck;
}

static DwTable *
lanternfall_table (DwLibrary *library,
                   guint64    seed)
{
  g_autoptr(DwDeck) deck = lanternfall_deck (library, "lantern-bearers.xml");
  g_autoptr(GError) error = NULL;
  DwTable *table = dw_table_new (library, deck, NULL, seed, &error);

  g_assert_no_error (error);
  g_assert_nonnull (table);
  return table;
}

static const DwTableZone *
zone_named (DwTable    *table,
            const char *id)
{
  const DwTableState *state = dw_table_get_state (table);
  int zone = dw_table_state_lookup_zone (state, id);

  g_assert_cmpint (zone, >=, 0);
  return dw_table_state_get_zone (state, (guint) zone);
}

static guint
zone_count (DwTable    *table,
            const char *id)
{
  return dw_table_zone_get_n_cards (zone_named (table, id));
}

static void
perform (DwTable    *table,
         const char *text)
{
  g_autoptr(GError) error = NULL;

  if (!dw_table_perform_text (table, text, NULL, &error))
    g_error ("“%s” was refused: %s", text, error->message);
}

static void
test_deals_by_the_definition (void)
{
  g_autoptr(DwLibrary) library = lanternfall_library ();
  g_autoptr(DwTable) table = lanternfall_table (library, 7);
  const DwTableState *state = dw_table_get_state (table);

  g_assert_cmpstr (dw_table_get_rules (table)->id, ==, DW_GENERIC_RULES_ID);
  g_assert_cmpstr (dw_table_get_rules (table)->game_id, ==, "lanternfall");
  g_assert_cmpuint (state->zones->len, ==, 5);
  /* The champions start in their zone, the actions in the deck, and the
   * opening hand of <opening-hand cards="5"/> is drawn from it. */
  g_assert_cmpuint (zone_count (table, "champions"), ==, 3);
  g_assert_cmpuint (zone_count (table, "hand"), ==, 5);
  g_assert_cmpuint (zone_count (table, "deck"), ==, 10);
  g_assert_cmpuint (zone_count (table, "play"), ==, 0);
  for (guint n = 1; n <= 3; n++)
    g_assert_cmpstr (dw_table_state_get_zone (state, dw_table_state_get_card (state, n)->zone)->id, ==,
                     "champions");
  g_assert_cmpint (dw_table_state_get_counter (state, "life"), ==, 20);
  g_assert_cmpint (dw_table_state_get_counter (state, "embers"), ==, 0);
  g_assert_cmpuint (dw_table_get_turn (table), ==, 1);
}

static void
test_turns_draw_and_the_hand_limit (void)
{
  g_autoptr(DwLibrary) library = lanternfall_library ();
  g_autoptr(DwTable) table = lanternfall_table (library, 7);

  /* <draw-per-turn cards="1"/>: the second turn draws one. */
  perform (table, "end");
  g_assert_cmpuint (dw_table_get_turn (table), ==, 2);
  g_assert_cmpuint (zone_count (table, "hand"), ==, 6);
  g_assert_cmpuint (zone_count (table, "deck"), ==, 9);
  /* Six is the limit: one more drawn, and the turn may not end. */
  perform (table, "draw");
  g_assert_cmpuint (zone_count (table, "hand"), ==, 7);
  dw_test_table_refused (table, "end", "the game's hand limit", "put 1 card away first");
  perform (table, "undo");
  perform (table, "end");
  g_assert_cmpuint (dw_table_get_turn (table), ==, 3);
  dw_test_table_refused (table, "draw 0", NULL, "at least one card");
}

static void
test_empty_deck_is_refilled (void)
{
  g_autoptr(DwLibrary) library = lanternfall_library ();
  g_autoptr(DwTable) table = lanternfall_table (library, 11);
  g_autofree char *effects = NULL;
  g_autoptr(GError) error = NULL;

  /* Ten cards in the deck: eight to the discard, two to the hand. */
  for (guint i = 0; i < 8; i++)
    {
      g_autofree char *text = g_strdup_printf ("move #%u to discard",
                                               dw_table_zone_get_top (zone_named (table, "deck")));

      perform (table, text);
    }
  perform (table, "draw 2");
  g_assert_cmpuint (zone_count (table, "deck"), ==, 0);
  g_assert_cmpuint (zone_count (table, "discard"), ==, 8);

  /* <refill from="discard"/>: the discard is shuffled in, then drawn from. */
  g_assert_true (dw_table_perform_text (table, "draw", &effects, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (effects, "discard is shuffled into deck"));
  g_assert_cmpuint (zone_count (table, "discard"), ==, 0);
  g_assert_cmpuint (zone_count (table, "deck"), ==, 7);
  g_assert_cmpuint (zone_count (table, "hand"), ==, 8);
}

static void
test_generic_actions (void)
{
  g_autoptr(DwLibrary) library = lanternfall_library ();
  g_autoptr(DwTable) table = lanternfall_table (library, 7);
  const DwTableState *state;
  const DwTableZone *deck;
  g_autofree char *effects = NULL;
  g_autoptr(GError) error = NULL;
  guint hand_card;
  guint deck_card;

  hand_card = dw_table_zone_get_top (zone_named (table, "hand"));
  deck_card = dw_table_zone_get_top (zone_named (table, "deck"));

  {
    g_autofree char *text = g_strdup_printf ("move #%u to play", hand_card);
    g_autofree char *mark = g_strdup_printf ("mark #%u", hand_card);
    g_autofree char *counters = g_strdup_printf ("counter #%u +2", hand_card);
    g_autofree char *bottom = g_strdup_printf ("move #%u to deck bottom", hand_card);
    g_autofree char *reveal = g_strdup_printf ("reveal #%u", deck_card);
    g_autofree char *reveal_seen = g_strdup_printf ("reveal #%u", hand_card);

    perform (table, text);
    perform (table, mark);
    dw_test_table_refused (table, mark, NULL, "marked already");
    perform (table, counters);
    state = dw_table_get_state (table);
    g_assert_true (dw_table_state_get_card (state, hand_card)->marked);
    g_assert_cmpint (dw_table_state_get_card (state, hand_card)->adjust[0], ==, 2);
    dw_test_table_refused (table, reveal_seen, NULL, "face up already");
    g_assert_true (dw_table_perform_text (table, reveal, &effects, &error));
    g_assert_no_error (error);
    g_assert_nonnull (strstr (effects, dw_card_get_name (dw_table_state_get_card (state, deck_card)->card)));
    perform (table, "counter life -3");
    perform (table, "counter embers 4");
    state = dw_table_get_state (table);
    g_assert_cmpint (dw_table_state_get_counter (state, "life"), ==, 17);
    g_assert_cmpint (dw_table_state_get_counter (state, "embers"), ==, 4);
    /* Leaving play, a card loses its mark and its counters. */
    perform (table, bottom);
    state = dw_table_get_state (table);
    deck = zone_named (table, "deck");
    g_assert_cmpuint (dw_table_zone_get_card (deck, 0), ==, hand_card);
    g_assert_false (dw_table_state_get_card (state, hand_card)->marked);
    g_assert_cmpint (dw_table_state_get_card (state, hand_card)->adjust[0], ==, 0);
  }

  /* A misspelt zone or counter is a line that does not read. */
  g_assert_null (dw_table_parse (table, "move #4 to graveyard", &error));
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX);
  g_clear_error (&error);
  g_assert_null (dw_table_parse (table, "counter mana 3", &error));
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX);
}

/* A card moved to a random place lands where the seed says: the same
 * seed, the same place; over many seeds, more than one place. */
static void
test_random_place_follows_the_seed (void)
{
  g_autoptr(DwLibrary) library = lanternfall_library ();
  g_autoptr(GHashTable) places = g_hash_table_new (NULL, NULL);

  for (guint64 seed = 1; seed <= 12; seed++)
    {
      guint found[2];

      for (guint again = 0; again < 2; again++)
        {
          g_autoptr(DwTable) table = lanternfall_table (library, seed);
          const DwTableZone *deck;

          perform (table, "move #1 to deck random");
          deck = zone_named (table, "deck");
          g_assert_cmpuint (dw_table_zone_get_n_cards (deck), ==, 11);
          found[again] = G_MAXUINT;
          for (guint i = 0; i < dw_table_zone_get_n_cards (deck); i++)
            if (dw_table_zone_get_card (deck, i) == 1)
              found[again] = i;
          g_assert_cmpuint (found[again], !=, G_MAXUINT);
        }
      g_assert_cmpuint (found[0], ==, found[1]);
      g_hash_table_add (places, GUINT_TO_POINTER (found[0] + 1));
    }
  g_assert_cmpuint (g_hash_table_size (places), >, 1);
}

static void
test_save_and_replay (void)
{
  g_autoptr(DwLibrary) library = lanternfall_library ();
  g_autoptr(DwTable) table = lanternfall_table (library, 23);
  g_autoptr(DwTable) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;

  perform (table, "move #4 to play");
  perform (table, "mark #4");
  perform (table, "counter #4 +1");
  perform (table, "move #5 to deck random");
  perform (table, "shuffle deck");
  perform (table, "counter life -2");
  perform (table, "end");
  perform (table, "manual note \"the champions hold\"");
  perform (table, "end");

  text = dw_table_to_string (table);
  g_assert_nonnull (strstr (text, "rules=\"generic\""));
  again = dw_table_load_data (library, text, strlen (text), "saved.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dw_table_get_n_log (again), ==, dw_table_get_n_log (table));
  g_assert_true (dw_table_state_equal (dw_table_get_state (table), dw_table_get_state (again)));
  text_again = dw_table_to_string (again);
  g_assert_cmpstr (text, ==, text_again);

  /* Undo steps back exactly. */
  g_assert_true (dw_table_undo (again, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dw_table_get_turn (again), ==, 2);
}

/* The same game through the command line, as a new user would use it:
 * dropped into the data folder, validated, played from an actions file,
 * saved, and the saved table replayed to the same state. */
static void
test_command_line (void)
{
  g_autofree char *tmpdir = dw_test_make_tmpdir ();
  g_autofree char *games = g_build_filename (tmpdir, "deckwright", "games", NULL);
  g_autofree char *cards = g_build_filename (tmpdir, "deckwright", "cards", NULL);
  g_autofree char *game_path = dw_test_fixture_path ("generic/lanternfall.xml");
  g_autofree char *cards_path = dw_test_fixture_path ("generic/lanternfall-cards.xml");
  g_autofree char *game_xml = dw_test_read_file (game_path);
  g_autofree char *cards_xml = dw_test_read_file (cards_path);
  g_autofree char *legal = dw_test_fixture_path ("generic/lantern-bearers.xml");
  g_autofree char *illegal = dw_test_fixture_path ("generic/too-many-sparks.xml");
  g_autofree char *actions = NULL;
  g_autofree char *saved = g_build_filename (tmpdir, "saved.xml", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out_again = NULL;
  g_autofree char *err_again = NULL;
  const char *state_at_end;

  g_assert_cmpint (g_mkdir_with_parents (games, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (cards, 0700), ==, 0);
  g_free (dw_test_write_file (games, "lanternfall.xml", game_xml));
  g_free (dw_test_write_file (cards, "lanternfall-cards.xml", cards_xml));
  actions = dw_test_write_file (tmpdir, "actions.txt",
                                "# Lanternfall, seed 5\n"
                                "move \"Kindle\" to play\n"
                                "mark \"Kindle\"\n"
                                "counter \"Kindle\" +2\n"
                                "counter life -3\n"
                                "end\n"
                                "move \"Smother\" to discard bottom\n"
                                "shuffle deck\n"
                                "end\n");

  {
    const char *args[] = { "--validate", legal, NULL };

    g_assert_cmpint (dw_test_run_deckwright (tmpdir, args, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "legal"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  {
    const char *args[] = { "--validate", illegal, NULL };

    g_assert_cmpint (dw_test_run_deckwright (tmpdir, args, &out, &err), ==, 1);
    g_assert_nonnull (strstr (out, "section-size"));
    g_assert_nonnull (strstr (out, "copy-limit"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  {
    const char *args[] = { "--playtest", legal, "--seed", "5", "--actions", actions, "--output", saved, NULL };

    g_assert_cmpint (dw_test_run_deckwright (tmpdir, args, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "ok: end: turn 3 begins"));
    g_assert_nonnull (strstr (out, "life 17"));
    g_assert_true (g_file_test (saved, G_FILE_TEST_EXISTS));
  }
  {
    const char *args[] = { "--playtest", saved, NULL };

    g_assert_cmpint (dw_test_run_deckwright (tmpdir, args, &out_again, &err_again), ==, 0);
  }
  state_at_end = strstr (out, "state at the end:");
  g_assert_nonnull (state_at_end);
  g_assert_nonnull (strstr (out_again, state_at_end));

  dw_test_remove_tree (tmpdir);
}

/* A broken table rule is refused where it stands. */
static void
test_malformed_rules_are_refused (void)
{
  static const struct { const char *table; const char *line_col; const char *says; } cases[] = {
    { "<table>\n  <opening-hand cards=\"five\"/>\n</table>", ":41:3:", "whole number" },
    { "<table>\n    <draw-per-turn cards=\"-1\"/>\n</table>", ":41:5:", "cannot be -1" },
    { "<table>\n  <refill from=\"graveyard\"/>\n</table>", ":41:3:", "“graveyard”" },
    { "<table>\n  <hand-limit cards=\"3\"/>\n  <hand-limit cards=\"4\"/>\n</table>", ":42:3:", "appears twice" },
    { "<table>\n  <win-when life=\"0\"/>\n</table>", ":41:3:", "not a table rule" },
    { "<table>\n  <counter id=\"turn\"/>\n</table>", ":41:3:", "not “turn”" },
    { "<table>\n  <refill from=\"deck\"/>\n</table>", ":41:3:", "from itself" },
    { "<table deck=\"pile\">\n</table>", ":40:1:", "“pile”" },
  };
  g_autofree char *path = dw_test_fixture_path ("generic/lanternfall.xml");
  g_autofree char *good = dw_test_read_file (path);
  const char *start = strstr (good, "  <table>");
  const char *end = strstr (good, "</table>") + strlen ("</table>");
  g_autofree char *tmpdir = dw_test_make_tmpdir ();

  g_assert_nonnull (start);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *head = g_strndup (good, (gsize) (start - good));
      g_autofree char *text = g_strconcat (head, cases[i].table, end, NULL);
      g_autofree char *file = dw_test_write_file (tmpdir, "broken.xml", text);
      g_autofree char *expected = g_strconcat (file, cases[i].line_col, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(DwGame) game = NULL;

      /* The <table> element starts on line 40 of the fixture. */
      g_assert_cmpuint (dw_test_count_lines (head), ==, 39);
      game = dw_game_new_from_file (file, &error);
      g_assert_null (game);
      g_assert_error (error, DW_GAME_ERROR, DW_GAME_ERROR_INVALID);
      if (!g_str_has_prefix (error->message, expected) || strstr (error->message, cases[i].says) == NULL)
        g_error ("case %u: “%s” is not at %s and saying %s", i, error->message, expected, cases[i].says);
    }
  dw_test_remove_tree (tmpdir);
}

/* The shipped games still load and keep their own tables; a game with
 * no <table> still gets the usual deck and hand. */
static void
test_shipped_games_keep_their_tables (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  const char *games[] = { "arcmage", "coraabia" };

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      DwGame *game = dw_library_lookup_game (library, games[i]);
      const DwTableRules *rules = dw_table_rules_find (library, NULL, games[i]);

      g_assert_nonnull (game);
      g_assert_nonnull (rules);
      g_assert_cmpstr (rules->id, !=, DW_GENERIC_RULES_ID);
      g_assert_cmpstr (dw_game_get_table (game)->deck, ==, "deck");
      g_assert_cmpstr (dw_game_get_table (game)->hand, ==, "hand");
      g_assert_cmpint (dw_game_get_table (game)->hand_limit, ==, -1);
      /* Asked for by name, the generic table plays a shipped game too. */
      g_assert_cmpstr (dw_table_rules_find (library, DW_GENERIC_RULES_ID, games[i])->game_id, ==, games[i]);
    }
  g_assert_null (dw_table_rules_find (library, NULL, "no-such-game"));
}

/* A counter the definition bounds keeps within its bounds, and one it
 * resets returns to its value when each turn begins ("ready all your
 * cores" as data). */
static void
test_counter_bounds_and_reset (void)
{
  g_autofree char *game_path = dw_test_fixture_path ("generic/lanternfall.xml");
  g_autofree char *cards_path = dw_test_fixture_path ("generic/lanternfall-cards.xml");
  g_autofree char *xml = dw_test_read_file (game_path);
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *variant = NULL;
  g_autoptr(GString) text = g_string_new (xml);
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(DwTable) table = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (g_string_replace (text, "<counter id=\"embers\" name=\"Embers\"/>",
                                      "<counter id=\"embers\" name=\"Embers\" start=\"2\" min=\"0\" max=\"5\" "
                                      "reset=\"2\"/>", 1), ==, 1);
  variant = dw_test_write_file (dir, "lanternfall.xml", text->str);
  g_assert_true (dw_library_add_game_file (library, variant, &error));
  g_assert_no_error (error);
  g_assert_nonnull (dw_library_add_card_db_file (library, cards_path, &error));
  g_assert_no_error (error);
  deck = lanternfall_deck (library, "lantern-bearers.xml");
  table = dw_table_new (library, deck, NULL, 7, &error);
  g_assert_no_error (error);

  g_assert_cmpint (dw_table_state_get_counter (dw_table_get_state (table), "embers"), ==, 2);
  perform (table, "counter embers -2");
  g_assert_cmpint (dw_table_state_get_counter (dw_table_get_state (table), "embers"), ==, 0);
  g_assert_false (dw_table_perform_text (table, "counter embers -1", NULL, &error));
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_REJECTED);
  g_assert_nonnull (strstr (error->message, "Embers cannot go below 0; this would make it -1"));
  g_clear_error (&error);
  g_assert_false (dw_table_perform_text (table, "counter embers 6", NULL, &error));
  g_assert_nonnull (strstr (error->message, "Embers cannot go above 5; this would make it 6"));
  g_clear_error (&error);
  g_assert_cmpint (dw_table_state_get_counter (dw_table_get_state (table), "embers"), ==, 0);

  /* The next turn readies them; a counter without reset keeps its value. */
  perform (table, "counter life -4");
  perform (table, "end");
  g_assert_cmpint (dw_table_state_get_counter (dw_table_get_state (table), "embers"), ==, 2);
  g_assert_cmpint (dw_table_state_get_counter (dw_table_get_state (table), "life"), ==, 16);
  perform (table, "counter embers +3");
  g_assert_cmpint (dw_table_state_get_counter (dw_table_get_state (table), "embers"), ==, 5);
  /* Undone, the turn's reset is undone with it. */
  g_assert_true (dw_table_undo (table, NULL, NULL));
  g_assert_true (dw_table_undo (table, NULL, NULL));
  g_assert_cmpint (dw_table_state_get_counter (dw_table_get_state (table), "embers"), ==, 0);
  dw_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/generic-table/deals-by-the-definition", test_deals_by_the_definition);
  g_test_add_func ("/generic-table/turns-draw-and-hand-limit", test_turns_draw_and_the_hand_limit);
  g_test_add_func ("/generic-table/empty-deck-is-refilled", test_empty_deck_is_refilled);
  g_test_add_func ("/generic-table/actions", test_generic_actions);
  g_test_add_func ("/generic-table/counter-bounds-and-reset", test_counter_bounds_and_reset);
  g_test_add_func ("/generic-table/random-place-follows-the-seed", test_random_place_follows_the_seed);
  g_test_add_func ("/generic-table/save-and-replay", test_save_and_replay);
  g_test_add_func ("/generic-table/command-line", test_command_line);
  g_test_add_func ("/generic-table/malformed-rules-are-refused", test_malformed_rules_are_refused);
  g_test_add_func ("/generic-table/shipped-games-keep-their-tables", test_shipped_games_keep_their_tables);

  return g_test_run ();
}
