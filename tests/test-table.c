/* test-table.c — the game-independent table machinery of src/table
 *
 * The promises Arcmage's table and Coraabia's share: a seeded shuffle
 * that is the same everywhere, card instances numbered from the deck,
 * zones from the game definition, the action language, rejections that
 * change nothing, undo, saving, reading and replaying.  Most tests run a
 * toy game on the Coraabia definition, so that nothing here leans on the
 * Arcmage rules; the file tests use the Arcmage table, the one that
 * ships.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/xmlIO.h>
#include <string.h>

#include "dw-rng.h"
#include "dw-table.h"
#include "dw-test-util.h"

/* ------------------------------------------------------------ a toy game */

static const char * const toy_phases[] = { "first", "second", NULL };

static const DwTableStat toy_stats[] = {
  { "points", "points" },
  { NULL }
};

static const DwVerb toy_verbs[] = {
  { "draw", "draw", "one card from the deck" },
  { "pick", "pick CARD CARD", "two hand cards to the dump" },
  { "spoil", "spoil", "changes everything, then refuses" },
  { "next", "next", "the second phase" },
  { "give", "give CARD [to hand|dump] [x INT]", "a form with optional groups" },
  { NULL }
};

static gboolean
toy_setup (DwTableState        *state,
           const DwTableSetup  *setup,
           GError             **error)
{
  int deck;
  int hand;

  dw_table_state_add_game_zones (state, setup->game, DW_SIDE_PLAYER, NULL);
  if (!dw_table_state_deal (state, setup->deck, DW_SIDE_PLAYER, NULL, error))
    return FALSE;
  dw_table_state_add_counter (state, "score", 0, FALSE);
  dw_table_state_add_counter (state, "secret", 0, TRUE);

  deck = dw_table_state_find_zone (state, DW_SIDE_PLAYER, "deck");
  hand = dw_table_state_find_zone (state, DW_SIDE_PLAYER, "hand");
  for (guint i = 0; i < 3; i++)
    dw_table_state_move (state, dw_table_zone_get_top (dw_table_state_get_zone (state, deck)),
                         (guint) hand, FALSE);
  return TRUE;
}

static gboolean
toy_perform (DwTableContext  *ctx,
             const DwAction  *action,
             GError         **error)
{
  DwTableState *state = ctx->state;
  const char *verb = dw_action_get_verb (action);
  int deck = dw_table_state_find_zone (state, DW_SIDE_PLAYER, "deck");
  int hand = dw_table_state_find_zone (state, DW_SIDE_PLAYER, "hand");
  int dump = dw_table_state_find_zone (state, DW_SIDE_PLAYER, "dump");

  if (strcmp (verb, "draw") == 0)
    {
      guint top = dw_table_zone_get_top (dw_table_state_get_zone (state, (guint) deck));

      if (top == 0)
        {
          dw_table_reject (error, "Toy rules: Drawing", "the deck is empty");
          return FALSE;
        }
      dw_table_state_move (state, top, (guint) hand, FALSE);
      dw_table_context_say (ctx, "drew #%u", top);
      return TRUE;
    }

  if (strcmp (verb, "pick") == 0)
    {
      g_autoptr(GArray) taken = g_array_new (FALSE, FALSE, sizeof (guint));

      for (guint i = 1; i <= 2; i++)
        {
          DwCardQuery query = { &hand, 1, "your hand", NULL, NULL,
                                (const guint *) (gpointer) taken->data, taken->len };
          guint number;

          if (!dw_table_state_find_card (state, dw_action_get_token (action, i), &query, &number, error))
            return FALSE;
          g_array_append_val (taken, number);
        }
      for (guint i = 0; i < taken->len; i++)
        dw_table_state_move (state, g_array_index (taken, guint, i), (guint) dump, FALSE);
      dw_table_context_say (ctx, "picked #%u and #%u", g_array_index (taken, guint, 0),
                            g_array_index (taken, guint, 1));
      return TRUE;
    }

  if (strcmp (verb, "spoil") == 0)
    {
      /* Changes everything it can reach, then refuses: the table must not
       * keep any of it. */
      DwTableZone *h = dw_table_state_get_zone (state, (guint) hand);

      while (h->cards->len > 0)
        dw_table_state_move (state, dw_table_zone_get_top (h), (guint) dump, FALSE);
      dw_table_state_shuffle (state, (guint) deck);
      dw_table_state_set_counter (state, "score", 99);
      dw_table_state_get_card (state, 1)->marked = TRUE;
      state->turn = 7;
      dw_table_reject (error, "Toy rules: Spoiling", "spoiling is never allowed");
      return FALSE;
    }

  if (strcmp (verb, "give") == 0)
    {
      dw_table_context_say (ctx, "gave");
      return TRUE;
    }

  state->phase = 1;
  return TRUE;
}

static const DwTableRules toy_rules = {
  .id = "test-toy",
  .game_id = "coraabia",
  .name = "Toy rules",
  .phases = toy_phases,
  .stats = toy_stats,
  .verbs = toy_verbs,
  .data_size = 0,
  .setup = toy_setup,
  .perform = toy_perform,
};

static DwTable *
toy_table (guint64 seed)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (dw_test_shared_library (), "cor-blue-ring-patrol.xml");
  g_autoptr(GError) error = NULL;
  DwTable *table = dw_table_new_with_rules (dw_test_shared_library (), &toy_rules, deck, NULL, seed, &error);

  g_assert_no_error (error);
  return table;
}

static DwTable *
arcmage_table (guint64 seed)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (dw_test_shared_library (), "orc-green-wall.xml");
  g_autoptr(GError) error = NULL;
  DwTable *table = dw_table_new (dw_test_shared_library (), deck, NULL, seed, &error);

  g_assert_no_error (error);
  return table;
}

static void
perform_ok (DwTable    *table,
            const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *effects = NULL;

  if (!dw_table_perform_text (table, text, &effects, &error))
    g_error ("“%s” was refused: %s", text, error->message);
}

/* The order of the card numbers in @zone, bottom first. */
static char *
zone_numbers (const DwTableState *state,
              const char         *zone_id)
{
  const DwTableZone *zone = dw_table_state_get_zone (state, (guint) dw_table_state_lookup_zone (state, zone_id));
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < dw_table_zone_get_n_cards (zone); i++)
    g_string_append_printf (out, "%s%u", i ? " " : "", dw_table_zone_get_card (zone, i));
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------ the seeded shuffle */

/* SplitMix64 from 0 gives 0xe220a8397b1dcdaf first (Steele, Lea and
 * Flood's reference); the seed's four SplitMix64 steps are the state. */
static void
test_rng_seeding_is_splitmix64 (void)
{
  DwRng rng;

  dw_rng_init (&rng, 0);
  g_assert_cmphex (rng.s[0], ==, G_GUINT64_CONSTANT (0xe220a8397b1dcdaf));
  g_assert_cmphex (rng.s[1], ==, G_GUINT64_CONSTANT (0x6e789e6aa1b965f4));
  g_assert_cmphex (rng.s[2], ==, G_GUINT64_CONSTANT (0x06c45d188009454f));
  g_assert_cmphex (rng.s[3], ==, G_GUINT64_CONSTANT (0xf88bb8a8724c81ec));
}

/* xoshiro256** from the state {1, 2, 3, 4}: the reference outputs. */
static void
test_rng_is_xoshiro256starstar (void)
{
  static const guint64 state[4] = { 1, 2, 3, 4 };
  static const guint64 expected[] = {
    G_GUINT64_CONSTANT (11520), 0, G_GUINT64_CONSTANT (1509978240),
    G_GUINT64_CONSTANT (1215971899390074240), G_GUINT64_CONSTANT (1216172134540287360),
    G_GUINT64_CONSTANT (607988272756665600),
  };
  DwRng rng;

  dw_rng_init_state (&rng, state);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpuint (dw_rng_next (&rng), ==, expected[i]);
}

/* The shuffle is specified (dw-rng.c), so another program can repeat it:
 * seed 42 shuffles 0…9 into this order. */
static void
test_rng_shuffle_is_specified (void)
{
  guint items[10] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 };
  static const guint expected[10] = { 7, 3, 8, 9, 5, 6, 4, 1, 0, 2 };
  DwRng rng;

  dw_rng_init (&rng, 42);
  dw_rng_shuffle (&rng, items, G_N_ELEMENTS (items));
  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    g_assert_cmpuint (items[i], ==, expected[i]);
}

static void
test_rng_below_stays_below (void)
{
  guint counts[3] = { 0 };
  DwRng rng;

  dw_rng_init (&rng, 7);
  g_assert_cmpuint (dw_rng_below (&rng, 1), ==, 0);
  for (guint i = 0; i < 3000; i++)
    {
      guint64 value = dw_rng_below (&rng, 3);

      g_assert_cmpuint (value, <, 3);
      counts[value]++;
    }
  /* Each third within a wide margin: a stuck generator fails this. */
  for (guint i = 0; i < 3; i++)
    g_assert_cmpuint (counts[i], >, 800);
}

/* ------------------------------------------------------------ the action language */

static const DwVerb * const toy_tables[] = { toy_verbs, NULL };

static void
test_action_tokens (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwAction) action = dw_action_parse (toy_tables, "  GIVE “Curly Name” to Dump x -3 # why  ", 4, &error);
  g_autoptr(DwAction) numbered = dw_action_parse (toy_tables, "pick #12 \"Say \\\"Hi\\\"\"", 1, &error);
  const DwToken *token;

  g_assert_no_error (error);
  g_assert_cmpstr (action->text, ==, "GIVE “Curly Name” to Dump x -3");
  g_assert_cmpuint (action->line, ==, 4);
  g_assert_cmpstr (dw_action_get_verb (action), ==, "give");
  token = dw_action_get_token (action, 1);
  g_assert_cmpint (token->kind, ==, DW_TOKEN_NAME);
  g_assert_cmpstr (token->text, ==, "Curly Name");
  g_assert_cmpstr (dw_action_after (action, "to")->text, ==, "dump");
  token = dw_action_after (action, "x");
  g_assert_cmpint (token->kind, ==, DW_TOKEN_INT);
  g_assert_cmpint (token->value, ==, -3);
  g_assert_true (token->signed_);

  token = dw_action_get_token (numbered, 1);
  g_assert_cmpint (token->kind, ==, DW_TOKEN_NUMBER);
  g_assert_cmpint (token->value, ==, 12);
  g_assert_cmpstr (dw_action_get_token (numbered, 2)->text, ==, "Say \"Hi\"");
}

/* An action built from its parts prints as the language writes it, and
 * reads back to the same tokens: a view never composes the text. */
static void
test_action_written_reads_back (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwAction) give = dw_action_new_card ("give", 17, "dump");
  g_autoptr(DwAction) opp = dw_action_new ("pick");
  g_autoptr(DwAction) read = NULL;
  g_autofree char *text = NULL;
  g_autofree char *opp_text = NULL;
  g_autofree char *card = dw_action_print_card ("draw", 3);
  g_autofree char *word = dw_action_print_word ("give", "hand");
  g_autofree char *alone = dw_action_print_word ("next", NULL);
  g_autofree char *to = dw_action_print_card_to ("move", 9, "opp-regions");

  dw_action_add_word (give, "x");
  dw_action_add_int (give, 2, TRUE);
  text = dw_action_print (give);
  g_assert_cmpstr (text, ==, "give #17 to dump x +2");
  read = dw_action_parse (toy_tables, text, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dw_action_get_n_tokens (read), ==, dw_action_get_n_tokens (give));
  for (guint i = 0; i < dw_action_get_n_tokens (give); i++)
    {
      const DwToken *a = dw_action_get_token (give, i);
      const DwToken *b = dw_action_get_token (read, i);

      g_assert_cmpint (a->kind, ==, b->kind);
      g_assert_cmpstr (a->text, ==, b->text);
      g_assert_cmpint (a->value, ==, b->value);
      g_assert_cmpint (a->signed_, ==, b->signed_);
    }
  g_clear_pointer (&read, dw_action_free);

  /* A number set rather than added has no sign; a negative one has. */
  g_clear_pointer (&text, g_free);
  dw_action_add_int (opp, 4, FALSE);
  dw_action_add_int (opp, -1, FALSE);
  dw_action_set_for_opponent (opp, TRUE);
  opp_text = dw_action_print (opp);
  g_assert_cmpstr (opp_text, ==, "as opp pick 4 -1");

  g_assert_cmpstr (card, ==, "draw #3");
  g_assert_cmpstr (word, ==, "give hand");
  g_assert_cmpstr (alone, ==, "next");
  g_assert_cmpstr (to, ==, "move #9 to opp-regions");

  /* "as opp" reads back as acting for the opponent. */
  g_clear_pointer (&opp, dw_action_free);
  opp = dw_action_new_card ("give", 2, "hand");
  dw_action_set_for_opponent (opp, TRUE);
  text = dw_action_print (opp);
  read = dw_action_parse (toy_tables, text, 1, &error);
  g_assert_no_error (error);
  g_assert_true (dw_action_is_for_opponent (read));
  g_assert_cmpstr (dw_action_after (read, "to")->text, ==, "hand");
}

static void
test_action_blank_and_comment_lines (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_null (dw_action_parse (toy_tables, "", 1, &error));
  g_assert_no_error (error);
  g_assert_null (dw_action_parse (toy_tables, "   # only a comment", 1, &error));
  g_assert_no_error (error);
}

static void
test_action_optional_groups_in_any_order (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwAction) a = dw_action_parse (toy_tables, "give #1 x 3 to hand", 1, &error);
  g_autoptr(DwAction) b = dw_action_parse (toy_tables, "give #1", 1, &error);
  g_autoptr(DwAction) twice = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (a);
  g_assert_nonnull (b);

  twice = dw_action_parse (toy_tables, "give #1 to hand to dump", 1, &error);
  g_assert_null (twice);
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX);
}

static void
test_action_unknown_verb_lists_verbs (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_null (dw_action_parse (toy_tables, "florb #1", 1, &error));
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error->message, "“florb”"));
  g_assert_nonnull (strstr (error->message, "draw, pick, spoil, next, give"));
}

static void
test_action_wrong_shape_shows_form (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_null (dw_action_parse (toy_tables, "pick #1", 1, &error));
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error->message, "a card (“Its Name” or #N) is missing at the end"));
  g_assert_nonnull (strstr (error->message, "write it as pick CARD CARD"));
  g_clear_error (&error);

  g_assert_null (dw_action_parse (toy_tables, "give #1 to attic", 1, &error));
  g_assert_nonnull (strstr (error->message, "“attic” is not expected here; one of hand, dump is"));
  g_clear_error (&error);

  g_assert_null (dw_action_parse (toy_tables, "pick \"Open quote", 1, &error));
  g_assert_nonnull (strstr (error->message, "the quote opened at column 6 is never closed"));
  g_clear_error (&error);

  g_assert_null (dw_action_parse (toy_tables, "pick #0 #1", 1, &error));
  g_assert_nonnull (strstr (error->message, "cards are numbered from #1"));
}

static void
test_action_script_errors_name_the_line (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  const char *script = "# a comment\ndraw\n\npick #1 #2\r\nnext\n";

  actions = dw_action_parse_script (toy_tables, script, -1, "ok.txt", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (actions->len, ==, 3);
  g_assert_cmpuint (((DwAction *) g_ptr_array_index (actions, 1))->line, ==, 4);
  g_clear_pointer (&actions, g_ptr_array_unref);

  actions = dw_action_parse_script (toy_tables, "draw\ndraw\ndraw me\n", -1, "bad.txt", &error);
  g_assert_null (actions);
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "bad.txt:3: "));
  g_clear_error (&error);

  actions = dw_action_parse_script (toy_tables, "draw\n\xff\xfe\n", -1, "binary.txt", &error);
  g_assert_null (actions);
  g_assert_true (g_str_has_prefix (error->message, "binary.txt:2: "));
  g_assert_nonnull (strstr (error->message, "UTF-8"));
}

/* ------------------------------------------------------------ dealing */

/* The zones are the game definition's <zones>, with its visibility and
 * order; each deck section is dealt where the definition starts it. */
static void
test_zones_come_from_the_game_definition (void)
{
  g_autoptr(DwTable) table = toy_table (1);
  const DwTableState *state = dw_table_get_state (table);
  DwGame *game = dw_table_get_game (table);

  g_assert_cmpuint (state->zones->len, ==, dw_game_get_n_zones (game));
  for (guint i = 0; i < dw_game_get_n_zones (game); i++)
    {
      const DwZoneDef *def = dw_game_get_zone (game, i);
      const DwTableZone *zone = dw_table_state_get_zone (state, i);

      g_assert_cmpstr (zone->id, ==, def->id);
      g_assert_cmpint (zone->visibility, ==, def->visibility);
      g_assert_cmpint (zone->ordered, ==, def->ordered);
    }

  /* 30 deck cards, 3 drawn; the two connections where <zone start> says. */
  g_assert_cmpuint (dw_table_state_get_zone (state, (guint) dw_table_state_lookup_zone (state, "deck"))->cards->len, ==, 27);
  g_assert_cmpuint (dw_table_state_get_zone (state, (guint) dw_table_state_lookup_zone (state, "hand"))->cards->len, ==, 3);
  g_assert_cmpuint (dw_table_state_get_zone (state, (guint) dw_table_state_lookup_zone (state, "connections"))->cards->len, ==, 2);
}

/* #N follows the deck file (sections, entries, copies), whatever the seed. */
static void
test_numbers_follow_the_deck (void)
{
  g_autoptr(DwTable) a = toy_table (1);
  g_autoptr(DwTable) b = toy_table (2);
  const DwTableState *sa = dw_table_get_state (a);
  const DwTableState *sb = dw_table_get_state (b);

  g_assert_cmpuint (dw_table_state_get_n_cards (sa), ==, 32);
  g_assert_cmpstr (dw_card_get_name (dw_table_state_get_card (sa, 1)->card), ==, "Rusty Kop Enforcer");
  g_assert_cmpstr (dw_card_get_name (dw_table_state_get_card (sa, 4)->card), ==, "Night-Shift Dispatcher");
  g_assert_cmpstr (dw_card_get_name (dw_table_state_get_card (sa, 31)->card), ==, "Precinct Badge");
  for (guint n = 1; n <= 32; n++)
    g_assert_true (dw_table_state_get_card (sa, n)->card == dw_table_state_get_card (sb, n)->card);
}

/* An ordered zone that is not hidden keeps the section's order, first on
 * top; the hidden deck is shuffled by the seed, the same way every time. */
static void
test_seed_decides_the_shuffle (void)
{
  g_autoptr(DwTable) a = toy_table (5);
  g_autoptr(DwTable) again = toy_table (5);
  g_autoptr(DwTable) other = toy_table (6);
  g_autofree char *deck_a = zone_numbers (dw_table_get_state (a), "deck");
  g_autofree char *deck_again = zone_numbers (dw_table_get_state (again), "deck");
  g_autofree char *deck_other = zone_numbers (dw_table_get_state (other), "deck");

  g_assert_cmpstr (deck_a, ==, deck_again);
  g_assert_cmpstr (deck_a, !=, deck_other);
  g_assert_true (dw_table_state_equal (dw_table_get_state (a), dw_table_get_state (again)));
}

static void
test_sections_without_a_zone_wait_aside (void)
{
  g_autoptr(DwTable) table = arcmage_table (1);
  const DwTableState *state = dw_table_get_state (table);
  int aside = dw_table_state_lookup_zone (state, "aside");
  const DwTableZone *zone;

  /* Green Wall's six Briar Sapling tokens: no zone starts "tokens". */
  g_assert_cmpint (aside, >=, 0);
  zone = dw_table_state_get_zone (state, (guint) aside);
  g_assert_cmpuint (zone->cards->len, ==, 6);
  g_assert_cmpstr (dw_card_get_name (dw_table_state_get_card (state, dw_table_zone_get_top (zone))->card),
                   ==, "Briar Sapling");
}

/* The cards a player is considering never come to the table: not into a
 * zone, not aside; one no database knows does not stop the deal. */
static void
test_considering_is_never_dealt (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (dw_test_shared_library (), "orc-green-wall.xml");
  g_autoptr(DwDeckEntry) leech = dw_deck_entry_new ("arc-0030", "Vaultgnaw Leech", 3);
  g_autoptr(DwDeckEntry) ghost = dw_deck_entry_new ("arc-9999", "Phantom Of Maybe", 1);
  g_autoptr(DwTable) plain = arcmage_table (1);
  g_autoptr(DwTable) table = NULL;
  g_autoptr(GError) error = NULL;
  const DwTableState *state;

  dw_deck_add_entry (deck, DW_SECTION_CONSIDERING, leech);
  dw_deck_add_entry (deck, DW_SECTION_CONSIDERING, ghost);
  dw_library_resolve_deck (dw_test_shared_library (), deck);
  g_assert_nonnull (dw_deck_entry_get_card (leech));
  table = dw_table_new (dw_test_shared_library (), deck, NULL, 1, &error);
  g_assert_no_error (error);

  state = dw_table_get_state (table);
  g_assert_cmpuint (dw_table_state_get_n_cards (state), ==, dw_table_state_get_n_cards (dw_table_get_state (plain)));
  /* Cards are numbered from 1. */
  for (guint i = 1; i <= dw_table_state_get_n_cards (state); i++)
    g_assert_cmpstr (dw_card_get_name (dw_table_state_get_card (state, i)->card), !=, "Vaultgnaw Leech");
}

static void
test_unknown_card_cannot_be_dealt (void)
{
  g_autofree char *path = dw_test_data_path ("decks", "arcmage-illegal-unknown-card.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = dw_deck_load (path, &error);
  g_autoptr(DwTable) table = NULL;

  g_assert_no_error (error);
  dw_library_resolve_deck (dw_test_shared_library (), deck);
  table = dw_table_new (dw_test_shared_library (), deck, NULL, 1, &error);
  g_assert_null (table);
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SETUP);
  g_assert_nonnull (strstr (error->message, "Starlit Wyvern of Nowhere"));
}

static void
test_game_without_rules_has_no_table (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (dw_test_shared_library (), "cor-bone-choir.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(DwTable) table = dw_table_new (dw_test_shared_library (), deck, NULL, 1, &error);

  if (dw_table_rules_for_game ("coraabia") != NULL)
    {
      g_test_skip ("Coraabia has table rules now");
      return;
    }
  g_assert_null (table);
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SETUP);
  g_assert_nonnull (strstr (error->message, "Coraabia"));
}

/* ------------------------------------------------------------ acting */

/* However much the rules changed before refusing, nothing is kept. */
static void
count_cb (guint *count)
{
  (*count)++;
}

static void
test_rejected_action_changes_nothing (void)
{
  g_autoptr(DwTable) table = toy_table (3);
  g_autoptr(DwTableState) before = dw_table_state_copy (dw_table_get_state (table));
  g_autoptr(GError) error = NULL;
  guint changes = 0;

  g_signal_connect_swapped (table, "changed", G_CALLBACK (count_cb), &changes);
  g_assert_false (dw_table_perform_text (table, "spoil", NULL, &error));
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_REJECTED);
  g_assert_cmpstr (error->message, ==, "spoiling is never allowed (Toy rules: Spoiling)");
  g_assert_true (dw_table_state_equal (before, dw_table_get_state (table)));
  g_assert_cmpuint (dw_table_get_n_log (table), ==, 0);
  g_assert_false (dw_table_can_undo (table));
  g_assert_cmpuint (changes, ==, 0);
}

static void
test_accepted_action_is_logged_and_signalled (void)
{
  g_autoptr(DwTable) table = toy_table (3);
  guint changes = 0;
  guint phase_notes = 0;
  g_autofree char *effects = NULL;
  g_autoptr(GError) error = NULL;
  const DwTableLogEntry *entry;

  g_signal_connect_swapped (table, "changed", G_CALLBACK (count_cb), &changes);
  g_signal_connect_swapped (table, "notify::phase", G_CALLBACK (count_cb), &phase_notes);

  g_assert_true (dw_table_perform_text (table, "draw", &effects, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (effects, "drew #"));
  g_assert_cmpuint (changes, ==, 1);
  g_assert_cmpuint (phase_notes, ==, 0);

  perform_ok (table, "next");
  g_assert_cmpuint (changes, ==, 2);
  g_assert_cmpuint (phase_notes, ==, 1);
  g_assert_cmpstr (dw_table_get_phase (table), ==, "second");

  g_assert_cmpuint (dw_table_get_n_log (table), ==, 2);
  entry = dw_table_get_log_entry (table, 0);
  g_assert_cmpstr (entry->text, ==, "draw");
  g_assert_cmpstr (entry->effects, ==, effects);
  g_assert_false (entry->manual);
  g_assert_cmpuint (entry->phase, ==, 0);
}

/* "A" "A" names two copies; a name is the copy nearest the top. */
static void
test_names_find_the_first_copy_from_the_top (void)
{
  g_autoptr(DwTable) table = toy_table (3);
  const DwTableState *state;
  g_autoptr(GError) error = NULL;

  perform_ok (table, "manual move #1 to hand");
  perform_ok (table, "manual move #2 to hand");
  perform_ok (table, "manual move #3 to hand");
  perform_ok (table, "pick \"rusty kop enforcer\" \"Rusty Kop Enforcer\"");
  state = dw_table_get_state (table);
  /* #3 arrived last, so it is on top; then #2. */
  g_assert_cmpuint (dw_table_state_get_card (state, 3)->zone, ==, (guint) dw_table_state_lookup_zone (state, "dump"));
  g_assert_cmpuint (dw_table_state_get_card (state, 2)->zone, ==, (guint) dw_table_state_lookup_zone (state, "dump"));
  g_assert_cmpuint (dw_table_state_get_card (state, 1)->zone, ==, (guint) dw_table_state_lookup_zone (state, "hand"));

  g_assert_false (dw_table_perform_text (table, "pick #1 #1", NULL, &error));
  g_assert_nonnull (strstr (error->message, "#1 is named twice"));
  g_clear_error (&error);
  g_assert_false (dw_table_perform_text (table, "pick #1 \"Rusty Kop Enforcer\"", NULL, &error));
  g_assert_nonnull (strstr (error->message, "there is no other “Rusty Kop Enforcer” in your hand"));
  g_clear_error (&error);
  g_assert_false (dw_table_perform_text (table, "pick #99 #1", NULL, &error));
  g_assert_nonnull (strstr (error->message, "there is no card #99; this table has #1 to #32"));
}

static void
test_check_changes_nothing (void)
{
  g_autoptr(DwTable) table = toy_table (3);
  g_autoptr(DwTableState) before = dw_table_state_copy (dw_table_get_state (table));
  g_autoptr(DwAction) draw = dw_table_parse (table, "draw", NULL);
  g_autoptr(DwAction) spoil = dw_table_parse (table, "spoil", NULL);
  g_autoptr(DwAction) undo = dw_table_parse (table, "undo", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (dw_table_check (table, draw, &error));
  g_assert_no_error (error);
  g_assert_false (dw_table_check (table, spoil, &error));
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_REJECTED);
  g_clear_error (&error);
  g_assert_false (dw_table_check (table, undo, &error));
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_REJECTED);
  g_assert_true (dw_table_state_equal (before, dw_table_get_state (table)));
  g_assert_cmpuint (dw_table_get_n_log (table), ==, 0);
}

/* Undo takes back exactly the last accepted action, random draws of the
 * generator included. */
static void
test_undo_restores_exactly (void)
{
  g_autoptr(DwTable) table = toy_table (4);
  g_autoptr(DwTableState) start = dw_table_state_copy (dw_table_get_state (table));
  g_autoptr(DwTableState) middle = NULL;
  g_autofree char *undone = NULL;
  g_autoptr(GError) error = NULL;

  perform_ok (table, "draw");
  middle = dw_table_state_copy (dw_table_get_state (table));
  perform_ok (table, "manual shuffle deck");
  perform_ok (table, "manual counter score +3");
  g_assert_false (dw_table_state_equal (middle, dw_table_get_state (table)));

  g_assert_true (dw_table_perform_text (table, "undo", &undone, &error));
  g_assert_cmpstr (undone, ==, "took back “manual counter score +3”");
  perform_ok (table, "undo");
  g_assert_true (dw_table_state_equal (middle, dw_table_get_state (table)));
  perform_ok (table, "undo");
  g_assert_true (dw_table_state_equal (start, dw_table_get_state (table)));
  g_assert_false (dw_table_can_undo (table));

  g_assert_false (dw_table_perform_text (table, "undo", NULL, &error));
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_REJECTED);
  g_assert_cmpstr (error->message, ==, "there is nothing to undo");
}

/* ------------------------------------------------------------ manual actions */

static void
test_manual_actions_are_marked_manual (void)
{
  g_autoptr(DwTable) table = toy_table (4);
  const DwTableState *state;

  perform_ok (table, "manual move #31 to dump");
  perform_ok (table, "manual move #32 from connections to deck bottom");
  perform_ok (table, "manual mark #31");
  perform_ok (table, "manual adjust #31 points +2");
  perform_ok (table, "manual counter score 5");
  perform_ok (table, "manual counter score -1");
  perform_ok (table, "manual counter turn +1");
  perform_ok (table, "manual attach #31 on #1");
  perform_ok (table, "manual phase second");
  perform_ok (table, "manual draw 2");
  perform_ok (table, "manual note \"the connection's text\"");

  state = dw_table_get_state (table);
  g_assert_cmpuint (dw_table_state_get_card (state, 31)->zone, ==, (guint) dw_table_state_lookup_zone (state, "dump"));
  g_assert_cmpuint (dw_table_zone_get_card (dw_table_state_get_zone (state, (guint) dw_table_state_lookup_zone (state, "deck")), 0), ==, 32);
  g_assert_true (dw_table_state_get_card (state, 31)->marked);
  g_assert_cmpint (dw_table_state_get_card (state, 31)->adjust[0], ==, 2);
  g_assert_cmpint (dw_table_state_get_counter (state, "score"), ==, 4);
  g_assert_cmpuint (state->turn, ==, 2);
  g_assert_cmpuint (dw_table_state_get_card (state, 31)->host, ==, 1);
  g_assert_cmpuint (state->phase, ==, 1);
  g_assert_cmpuint (dw_table_state_get_zone (state, (guint) dw_table_state_lookup_zone (state, "hand"))->cards->len, ==, 5);

  for (guint i = 0; i < dw_table_get_n_log (table); i++)
    g_assert_true (dw_table_get_log_entry (table, i)->manual);
}

/* The manual forms spell out this table's zones, counters and stats: a
 * misspelt one is a line that does not read.  Hidden counters are the
 * rules' own and are not set by hand. */
static void
test_manual_forms_follow_the_table (void)
{
  g_autoptr(DwTable) table = toy_table (4);
  g_autoptr(GError) error = NULL;

  g_assert_null (dw_table_parse (table, "manual move #1 to attic", &error));
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX);
  g_clear_error (&error);
  g_assert_null (dw_table_parse (table, "manual counter secret 3", &error));
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX);
  g_clear_error (&error);
  g_assert_null (dw_table_parse (table, "manual adjust #1 atk +1", &error));
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX);
  g_clear_error (&error);

  /* What no table could do is refused even by hand. */
  g_assert_false (dw_table_perform_text (table, "manual attach #1 on #1", NULL, &error));
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_REJECTED);
}

/* ------------------------------------------------------------ files */

static const char *actions_of_a_game[] = {
  "mulligan #1 #2",
  "phase upkeep",
  "phase tactical",
  "phase draw",
  "draw",
  "draw",
  "phase play",
  "manual move \"Hedge Sprite\" from deck to hand",
  "vault \"Hedge Sprite\"",
  "phase entrance",
  "manual move \"Greycloak Pathfinder\" from deck to hand",
  "play \"Greycloak Pathfinder\" to front",
  "phase discard",
  "manual note \"the end of the first turn\"",
  NULL
};

static DwTable *
played_table (guint64 seed)
{
  DwTable *table = arcmage_table (seed);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; actions_of_a_game[i]; i++)
    {
      /* The first turn's hand decides what may be discarded; mulligan
       * whatever was dealt. */
      if (i == 0)
        {
          const DwTableState *state = dw_table_get_state (table);
          const DwTableZone *hand = dw_table_state_get_zone (state, (guint) dw_table_state_lookup_zone (state, "hand"));
          g_autofree char *mulligan = g_strdup_printf ("mulligan #%u #%u",
                                                       dw_table_zone_get_card (hand, 0),
                                                       dw_table_zone_get_card (hand, 1));
          perform_ok (table, mulligan);
          continue;
        }
      perform_ok (table, actions_of_a_game[i]);
    }
  return table;
}

/* Replay: the same deck, seed and actions give the same table, whether
 * played again or read back from a saved file. */
static void
test_replay_gives_the_same_state (void)
{
  g_autoptr(DwTable) first = played_table (2024);
  g_autoptr(DwTable) second = played_table (2024);
  g_autoptr(DwTable) other_seed = played_table (2025);
  g_autofree char *text = dw_table_to_string (first);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwTable) reread = dw_table_load_data (dw_test_shared_library (), text, strlen (text), "saved.xml", &error);

  g_assert_no_error (error);
  g_assert_true (dw_table_state_equal (dw_table_get_state (first), dw_table_get_state (second)));
  g_assert_true (dw_table_state_equal (dw_table_get_state (first), dw_table_get_state (reread)));
  g_assert_false (dw_table_state_equal (dw_table_get_state (first), dw_table_get_state (other_seed)));
  g_assert_cmpuint (dw_table_get_n_log (reread), ==, dw_table_get_n_log (first));
  g_assert_cmpuint (dw_table_get_seed (reread), ==, 2024);
}

static void
test_save_writes_decks_seed_and_log (void)
{
  g_autoptr(DwTable) table = played_table (7);
  g_autofree char *tmpdir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (tmpdir, "table.xml", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DwTable) reread = NULL;

  g_assert_true (dw_table_save (table, path, &error));
  g_assert_no_error (error);
  g_assert_true (dw_table_file_is_table (path));
  text = dw_test_read_file (path);
  g_assert_nonnull (strstr (text, "<table xmlns=\"urn:deckwright:table:1\" game=\"arcmage\" rules=\"arcmage-orc\" seed=\"7\">"));
  g_assert_nonnull (strstr (text, "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\""));
  g_assert_nonnull (strstr (text, "<action>phase upkeep</action>"));
  g_assert_nonnull (strstr (text, "<action manual=\"true\">manual note \"the end of the first turn\"</action>"));

  reread = dw_table_load (dw_test_shared_library (), path, &error);
  g_assert_no_error (error);
  g_assert_true (dw_table_state_equal (dw_table_get_state (table), dw_table_get_state (reread)));
  /* The reopened table undoes like the one that was saved. */
  perform_ok (reread, "undo");
  perform_ok (table, "undo");
  g_assert_true (dw_table_state_equal (dw_table_get_state (table), dw_table_get_state (reread)));

  dw_test_remove_tree (tmpdir);
}

static void
test_deck_files_are_not_tables (void)
{
  g_autofree char *deck = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);

  g_assert_false (dw_table_file_is_table (deck));
  g_assert_false (dw_table_file_is_table ("/nonexistent/table.xml"));
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlDoc, xmlFreeDoc)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlRelaxNGParserCtxt, xmlRelaxNGFreeParserCtxt)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlRelaxNG, xmlRelaxNGFree)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlRelaxNGValidCtxt, xmlRelaxNGFreeValidCtxt)

static void
ignore_error_cb (void *user_data,
                 void *error)
{
}

/* libxml2 changed the constness of the handler's argument in 2.12. */
#define IGNORE_ERRORS ((xmlStructuredErrorFunc) (void (*) (void)) ignore_error_cb)

static int
validate_table (const char *text)
{
  g_autofree char *schema_path = dw_test_data_path ("schema", "table.rng", NULL);
  g_autoptr(xmlRelaxNGParserCtxt) parser = xmlRelaxNGNewParserCtxt (schema_path);
  g_autoptr(xmlRelaxNG) schema = NULL;
  g_autoptr(xmlRelaxNGValidCtxt) context = NULL;
  g_autoptr(xmlDoc) doc = xmlReadMemory (text, (int) strlen (text), "table.xml", NULL, XML_PARSE_NONET);
  xmlExternalEntityLoader hardened = xmlGetExternalEntityLoader ();

  /* table.rng includes deck.rng, a local file; Deckwright's reader refuses
   * every external load for the whole process, so let this one through. */
  xmlSetExternalEntityLoader (xmlNoNetExternalEntityLoader);
  schema = xmlRelaxNGParse (parser);
  xmlSetExternalEntityLoader (hardened);

  g_assert_nonnull (schema);
  g_assert_nonnull (doc);
  context = xmlRelaxNGNewValidCtxt (schema);
  xmlRelaxNGSetValidStructuredErrors (context, IGNORE_ERRORS, NULL);
  return xmlRelaxNGValidateDoc (context, doc);
}

static void
test_saved_table_follows_the_schema (void)
{
  g_autoptr(DwTable) table = played_table (7);
  g_autofree char *text = dw_table_to_string (table);
  g_autoptr(DwDeck) opponent = dw_test_load_deck (dw_test_shared_library (), "orc-red-hand-warband.xml");
  g_autoptr(DwDeck) deck = dw_test_load_deck (dw_test_shared_library (), "orc-green-wall.xml");
  g_autoptr(DwTable) with_opponent = dw_table_new (dw_test_shared_library (), deck, opponent, 3, NULL);
  g_autofree char *with_opponent_text = dw_table_to_string (with_opponent);

  g_assert_cmpint (validate_table (text), ==, 0);
  g_assert_cmpint (validate_table (with_opponent_text), ==, 0);
  /* The schema is no rubber stamp. */
  g_assert_cmpint (validate_table ("<table xmlns=\"urn:deckwright:table:1\" game=\"arcmage\" seed=\"-1\">"
                                   "<player><deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\"/></player></table>"),
                   !=, 0);
  g_assert_cmpint (validate_table ("<table xmlns=\"urn:deckwright:table:1\" game=\"arcmage\" seed=\"1\"><log/></table>"),
                   !=, 0);
}

#define TABLE_OPEN "<table xmlns=\"urn:deckwright:table:1\" xmlns:x=\"urn:example:x\" game=\"arcmage\" seed=\"11\">\n"
#define SMALL_DECK "<player><deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\"><section id=\"main\">" \
                   "<card id=\"arc-0010\" count=\"20\">Hedge Sprite</card></section></deck></player>\n"

/* Loading then saving keeps what the program does not understand. */
static void
test_foreign_elements_are_kept (void)
{
  const char *text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- before -->\n"
                     TABLE_OPEN "<x:note colour=\"green\">kept</x:note>\n" SMALL_DECK
                     "<log><action>phase upkeep</action></log>\n</table>\n<!-- after -->\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(DwTable) table = dw_table_load_data (dw_test_shared_library (), text, strlen (text), "foreign.xml", &error);
  g_autoptr(DwTable) again = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *saved_again = NULL;

  g_assert_no_error (error);
  saved = dw_table_to_string (table);
  g_assert_nonnull (strstr (saved, "<x:note xmlns:x=\"urn:example:x\" colour=\"green\">kept</x:note>"));
  g_assert_nonnull (strstr (saved, "<!-- before -->"));
  g_assert_nonnull (strstr (saved, "<!-- after -->"));
  g_assert_cmpstr (dw_table_get_phase (table), ==, "upkeep");

  /* What was saved reads again, and saves the same. */
  again = dw_table_load_data (dw_test_shared_library (), saved, strlen (saved), "saved.xml", &error);
  g_assert_no_error (error);
  saved_again = dw_table_to_string (again);
  g_assert_cmpstr (saved, ==, saved_again);
}

/* A log the rules refuse is reported at its line; a broken file at its
 * line and column. */
static void
test_bad_files_name_the_line (void)
{
  const char *refused = TABLE_OPEN SMALL_DECK "<log>\n<action>phase upkeep</action>\n"
                        "<action>phase draw</action>\n</log></table>";
  const char *unreadable = TABLE_OPEN SMALL_DECK "<log>\n<action>phase sideways</action>\n</log></table>";
  const char *no_seed = "<table xmlns=\"urn:deckwright:table:1\" game=\"arcmage\">" SMALL_DECK "</table>";
  const char *malformed = TABLE_OPEN SMALL_DECK "<log>\n<action>draw</actoin>\n</log></table>";
  const char *no_player = TABLE_OPEN "<log/></table>";
  g_autoptr(GError) error = NULL;

  g_assert_null (dw_table_load_data (dw_test_shared_library (), refused, strlen (refused), "refused.xml", &error));
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "refused.xml:5: the logged action “phase draw” does not replay: "));
  g_assert_nonnull (strstr (error->message, "the tactical phase is mandatory"));
  g_clear_error (&error);

  g_assert_null (dw_table_load_data (dw_test_shared_library (), unreadable, strlen (unreadable), "unreadable.xml", &error));
  g_assert_true (g_str_has_prefix (error->message, "unreadable.xml:4: "));
  g_clear_error (&error);

  g_assert_null (dw_table_load_data (dw_test_shared_library (), no_seed, strlen (no_seed), "no-seed.xml", &error));
  g_assert_true (g_str_has_prefix (error->message, "no-seed.xml:1:1: "));
  g_assert_nonnull (strstr (error->message, "seed"));
  g_clear_error (&error);

  g_assert_null (dw_table_load_data (dw_test_shared_library (), malformed, strlen (malformed), "malformed.xml", &error));
  g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED);
  g_assert_true (g_str_has_prefix (error->message, "malformed.xml:4:"));
  g_clear_error (&error);

  g_assert_null (dw_table_load_data (dw_test_shared_library (), no_player, strlen (no_player), "no-player.xml", &error));
  g_assert_nonnull (strstr (error->message, "holds no <player> deck"));
}

/* Registered rules are found by id and by game, the latest first, and a
 * saved table finds its rules again.  (Runs last: it changes what plays
 * Coraabia for the rest of the program.) */
static void
test_registered_rules_are_found (void)
{
  g_autoptr(DwTable) table = toy_table (8);
  g_autofree char *text = NULL;
  g_autoptr(DwTable) reread = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_null (dw_table_rules_lookup ("test-toy"));
  dw_table_rules_register (&toy_rules);
  g_assert_true (dw_table_rules_lookup ("test-toy") == &toy_rules);
  g_assert_true (dw_table_rules_for_game ("coraabia") == &toy_rules);
  g_assert_true (dw_table_rules_lookup ("arcmage-orc") == dw_table_rules_for_game ("arcmage"));

  perform_ok (table, "draw");
  text = dw_table_to_string (table);
  g_assert_nonnull (strstr (text, "rules=\"test-toy\""));
  reread = dw_table_load_data (dw_test_shared_library (), text, strlen (text), "toy.xml", &error);
  g_assert_no_error (error);
  g_assert_true (dw_table_get_rules (reread) == &toy_rules);
  g_assert_true (dw_table_state_equal (dw_table_get_state (table), dw_table_get_state (reread)));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/table/rng/seeding-is-splitmix64", test_rng_seeding_is_splitmix64);
  g_test_add_func ("/table/rng/is-xoshiro256starstar", test_rng_is_xoshiro256starstar);
  g_test_add_func ("/table/rng/shuffle-is-specified", test_rng_shuffle_is_specified);
  g_test_add_func ("/table/rng/below-stays-below", test_rng_below_stays_below);

  g_test_add_func ("/table/action/tokens", test_action_tokens);
  g_test_add_func ("/table/action/written-reads-back", test_action_written_reads_back);
  g_test_add_func ("/table/action/blank-and-comment-lines", test_action_blank_and_comment_lines);
  g_test_add_func ("/table/action/optional-groups-in-any-order", test_action_optional_groups_in_any_order);
  g_test_add_func ("/table/action/unknown-verb-lists-verbs", test_action_unknown_verb_lists_verbs);
  g_test_add_func ("/table/action/wrong-shape-shows-form", test_action_wrong_shape_shows_form);
  g_test_add_func ("/table/action/script-errors-name-the-line", test_action_script_errors_name_the_line);

  g_test_add_func ("/table/deal/zones-come-from-the-game-definition", test_zones_come_from_the_game_definition);
  g_test_add_func ("/table/deal/numbers-follow-the-deck", test_numbers_follow_the_deck);
  g_test_add_func ("/table/deal/seed-decides-the-shuffle", test_seed_decides_the_shuffle);
  g_test_add_func ("/table/deal/sections-without-a-zone-wait-aside", test_sections_without_a_zone_wait_aside);
  g_test_add_func ("/table/deal/unknown-card-cannot-be-dealt", test_unknown_card_cannot_be_dealt);
  g_test_add_func ("/table/deal/considering-is-never-dealt", test_considering_is_never_dealt);
  g_test_add_func ("/table/deal/game-without-rules-has-no-table", test_game_without_rules_has_no_table);

  g_test_add_func ("/table/act/rejected-action-changes-nothing", test_rejected_action_changes_nothing);
  g_test_add_func ("/table/act/accepted-action-is-logged-and-signalled", test_accepted_action_is_logged_and_signalled);
  g_test_add_func ("/table/act/names-find-the-first-copy-from-the-top", test_names_find_the_first_copy_from_the_top);
  g_test_add_func ("/table/act/check-changes-nothing", test_check_changes_nothing);
  g_test_add_func ("/table/act/undo-restores-exactly", test_undo_restores_exactly);

  g_test_add_func ("/table/manual/marked-manual", test_manual_actions_are_marked_manual);
  g_test_add_func ("/table/manual/forms-follow-the-table", test_manual_forms_follow_the_table);

  g_test_add_func ("/table/file/replay-gives-the-same-state", test_replay_gives_the_same_state);
  g_test_add_func ("/table/file/save-writes-decks-seed-and-log", test_save_writes_decks_seed_and_log);
  g_test_add_func ("/table/file/deck-files-are-not-tables", test_deck_files_are_not_tables);
  g_test_add_func ("/table/file/saved-table-follows-the-schema", test_saved_table_follows_the_schema);
  g_test_add_func ("/table/file/foreign-elements-are-kept", test_foreign_elements_are_kept);
  g_test_add_func ("/table/file/bad-files-name-the-line", test_bad_files_name_the_line);
  g_test_add_func ("/table/rules/registered-rules-are-found", test_registered_rules_are_found);

  return g_test_run ();
}
