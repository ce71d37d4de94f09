/* test-deck-query-library.c — a query asked of a whole library at once answers as asked deck by deck
 *
 * dw_deck_query_match_library() answers card terms from the library's
 * card index and the rest from each entry's fields; these tests compare
 * it with dw_deck_query_matches() over random decks and random queries
 * (NOT, OR, groups, card:"…" and card:(…), names beyond ASCII), before
 * and after decks change, come and go on disk.  The seed is g_test's:
 * a failure says it, and --seed repeats it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <utime.h>
#include <string.h>

#include "dw-deck-library-private.h"
#include "dw-deck-query.h"
#include "dw-test-util.h"

static DwLibrary *cards;

/* Cards the databases know (with their ids), and names none knows,
 * some beyond ASCII or in another case. */
static const char * const arcmage_cards[][2] = {
  { "arc-0001", "Thornwood Scout" },
  { "arc-0014", "Greycloak Pathfinder" },
  { "arc-0010", "Hedge Sprite" },
  { "arc-0005", "Briarback Boar" },
  { "arc-0017", "Seedfall" },
  { "arc-0002", "Mossbeard Druid" },
  { "arc-0124", "Mountain Hermit" },
};

static const char * const coraabia_cards[][2] = {
  { "cor-0049", "Shambling Zomb Laborer" },
  { "cor-0050", "Bone Choir Acolyte" },
  { "cor-0051", "Grave-Dust Daemon" },
  { "cor-0053", "Rotting Ferryman" },
};

static const char * const unknown_cards[] = {
  "Čarodějka Žďárská", "ČARODĚJKA ŽĎÁRSKÁ", "Straße der Äxte", "Éclair", "thornwood scout",
  "Seedfall", "Nameless Thing",
};

static const char * const words[] = {
  "c", "ca", "green", "bone", "wall", "žďár", "ŽĎÁR", "straße", "deck", "e", "é", "1",
};

static const char * const tags[] = { "old", "Friends", "season 3", "Zkouška", "ZKOUŠKA", "léto" };

static const char * const card_terms[] = {
  "card:\"Thornwood Scout\"", "card:\"thornwood scout\"", "card:Seedfall", "card:\"Hedge Sprite\"",
  "card:\"Čarodějka Žďárská\"", "card:\"čarodějka žďárská\"", "card:\"Straße der Äxte\"",
  "card:Éclair", "card:\"Bone Choir Acolyte\"", "card:\"Nameless Thing\"", "card:nothing",
  "card:(cost<=2)", "card:(faction:gaian)", "card:(name:seedfall)", "card:(rarity:guru)",
  "card:(faction:\"dark legion\")", "card:(cost>=3 faction:gaian)",
};

static const char * const fields[] = {
  "game:arcmage", "game:coraabia", "format:arcmage-orc", "format:coraabia-open", "is:legal",
  "is:illegal", "tag:old", "tag:friends", "tag:\"season 3\"", "tag:zkouška", "tag:LÉTO",
};

#define PICK(array) (array[g_test_rand_int_range (0, G_N_ELEMENTS (array))])

static void
append_card (GString    *xml,
             const char *id,
             const char *name)
{
  g_autofree char *escaped = g_markup_escape_text (name, -1);

  if (id != NULL)
    g_string_append_printf (xml, "    <card id=\"%s\" count=\"%d\">%s</card>\n", id,
                            g_test_rand_int_range (1, 4), escaped);
  else
    g_string_append_printf (xml, "    <card count=\"%d\">%s</card>\n", g_test_rand_int_range (1, 4), escaped);
}

/* A random deck: a game, a name, notes, tags and cards of that game's
 * database and of none; now and then a file that is no deck. */
static char *
random_deck (guint serial)
{
  gboolean arcmage = g_test_rand_bit ();
  GString *xml = g_string_new (NULL);
  guint n;

  if (g_test_rand_int_range (0, 12) == 0)
    {
      g_string_append (xml, "<deck this is not xml");
      return g_string_free (xml, FALSE);
    }
  g_string_append_printf (xml,
                          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<deck xmlns=\"urn:deckwright:deck:1\" game=\"%s\" format=\"%s\">\n"
                          "  <name>%s %s %u</name>\n  <notes>%s</notes>\n",
                          arcmage ? "arcmage" : "coraabia", arcmage ? "arcmage-orc" : "coraabia-open",
                          PICK (words), PICK (words), serial, PICK (words));
  n = (guint) g_test_rand_int_range (0, 3);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *escaped = g_markup_escape_text (PICK (tags), -1);

      g_string_append_printf (xml, "  <tag>%s</tag>\n", escaped);
    }
  g_string_append_printf (xml, "  <section id=\"%s\">\n", arcmage ? "main" : "deck");
  n = (guint) g_test_rand_int_range (0, 6);
  for (guint i = 0; i < n; i++)
    {
      int kind = g_test_rand_int_range (0, 3);

      if (kind == 0 && arcmage)
        {
          guint c = (guint) g_test_rand_int_range (0, G_N_ELEMENTS (arcmage_cards));

          append_card (xml, arcmage_cards[c][0], arcmage_cards[c][1]);
        }
      else if (kind == 0)
        {
          guint c = (guint) g_test_rand_int_range (0, G_N_ELEMENTS (coraabia_cards));

          append_card (xml, coraabia_cards[c][0], coraabia_cards[c][1]);
        }
      else if (kind == 1)
        append_card (xml, NULL, PICK (unknown_cards));
      else
        {
          guint c = (guint) g_test_rand_int_range (0, G_N_ELEMENTS (arcmage_cards));

          /* An Arcmage card named in a deck of either game. */
          append_card (xml, NULL, arcmage_cards[c][1]);
        }
    }
  g_string_append (xml, "  </section>\n</deck>\n");
  return g_string_free (xml, FALSE);
}

static char *random_query (guint depth);

static char *
random_term (guint depth)
{
  g_autofree char *inner = NULL;

  switch (g_test_rand_int_range (0, depth < 3 ? 7 : 4))
    {
    case 0:
      return g_strdup (PICK (words));
    case 1:
      return g_strdup (PICK (fields));
    case 2:
    case 3:
      return g_strdup (PICK (card_terms));
    case 4:
      inner = random_term (depth + 1);
      return g_strconcat (g_test_rand_bit () ? "-" : "NOT ", inner, NULL);
    default:
      inner = random_query (depth + 1);
      return g_strconcat (g_test_rand_bit () ? "-(" : "(", inner, ")", NULL);
    }
}

static char *
random_query (guint depth)
{
  GString *query = g_string_new (NULL);
  guint n = (guint) g_test_rand_int_range (1, 4);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *term = random_term (depth);

      if (i > 0)
        g_string_append (query, g_test_rand_bit () ? " OR " : (g_test_rand_bit () ? " AND " : " "));
      g_string_append (query, term);
    }
  return g_string_free (query, FALSE);
}

/* The batch's answer and each deck's, for @n_queries random queries;
 * returns how many matched something, so that a test can see that it
 * asked real questions. */
static guint
compare_answers (DwDeckLibrary *library,
                 guint          n_queries)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (library));
  guint found_some = 0;

  for (guint q = 0; q < n_queries; q++)
    {
      g_autofree char *text = random_query (0);
      g_autoptr(GError) error = NULL;
      g_autoptr(DwDeckQuery) query = dw_deck_query_parse (cards, text, &error);
      g_autofree guint8 *matched = NULL;
      guint n_matched = G_MAXUINT, count = 0;

      g_assert_no_error (error);
      matched = dw_deck_query_match_library (query, library, &n_matched);
      g_assert_cmpuint (n_matched, ==, n);
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(DwDeckLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (library), i);
          gboolean one = dw_deck_query_matches (query, entry);

          if ((matched[i] != 0) != one)
            g_error ("“%s” of %s: one by one %d, the library at once %d", text,
                     dw_deck_library_entry_get_path (entry), one, matched[i]);
          g_assert_cmpuint (matched[i], <=, 1);
          count += one;
        }
      found_some += count > 0 && count < n;
    }
  return found_some;
}

static void
write_random_decks (const char *dir,
                    guint       first,
                    guint       n)
{
  for (guint i = first; i < first + n; i++)
    {
      g_autofree char *name = g_strdup_printf ("deck-%03u.xml", i);
      g_autofree char *contents = random_deck (i);
      g_autofree char *path = dw_test_write_file (dir, name, contents);
    }
}

static DwDeckLibrary *
scanned_library (const char *dir,
                 const char *cache)
{
  DwDeckLibrary *library = dw_deck_library_new (cards, cache);
  const char *roots[2] = { dir, NULL };

  dw_deck_library_set_roots (library, roots, FALSE);
  g_assert_true (dw_deck_library_scan (library, NULL, NULL));
  return library;
}

/* Random decks read from their files, then the same from the index
 * file (whose cards are parsed only when asked): the same answers. */
static void
test_same_answers_as_deck_by_deck (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *cache = g_build_filename (dir, ".cache", NULL);
  g_autoptr(DwDeckLibrary) library = NULL;
  g_autoptr(DwDeckLibrary) again = NULL;

  write_random_decks (dir, 0, 60);
  library = scanned_library (dir, cache);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, 60);
  g_assert_cmpuint (compare_answers (library, 300), >, 100);

  again = scanned_library (dir, cache);
  /* Half made ready beforehand, as the page does while it waits. */
  g_assert_cmpuint (dw_deck_library_prepare_search (again, 0, 30), ==, 30);
  g_assert_cmpuint (dw_deck_library_prepare_search (again, 30, 1000), ==, 60);
  g_assert_cmpuint (compare_answers (again, 300), >, 100);

  dw_test_remove_tree (dir);
}

static void
on_scanned_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  gboolean *done = user_data;

  g_assert_true (dw_deck_library_scan_finish (DW_DECK_LIBRARY (source), result, NULL));
  *done = TRUE;
}

/* A scan in a worker (a view's) makes the decks ready for a search and,
 * the first time, the card index, there: the same answers, also after a
 * deck changes and the next scan in a worker. */
static void
test_worker_made_index (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *cache = g_build_filename (dir, ".cache", NULL);
  g_autoptr(DwDeckLibrary) library = dw_deck_library_new (cards, cache);
  const char *roots[2] = { dir, NULL };
  gboolean done = FALSE;

  write_random_decks (dir, 0, 40);
  dw_deck_library_set_roots (library, roots, FALSE);
  dw_deck_library_scan_async (library, NULL, on_scanned_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (compare_answers (library, 200), >, 60);

  write_random_decks (dir, 30, 20);
  for (guint i = 30; i < 50; i++)
    {
      g_autofree char *name = g_strdup_printf ("deck-%03u.xml", i);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      struct utimbuf times = { 3000000 + i, 3000000 + i };

      g_utime (path, &times);
    }
  done = FALSE;
  dw_deck_library_scan_async (library, NULL, on_scanned_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, 50);
  g_assert_cmpuint (compare_answers (library, 200), >, 60);

  dw_test_remove_tree (dir);
}

/* The index made, then decks changed, removed and added on disk, as a
 * watching library sees them: the answers follow. */
static void
test_index_follows_the_disk (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *cache = g_build_filename (dir, ".cache", NULL);
  g_autoptr(DwDeckLibrary) library = NULL;

  write_random_decks (dir, 0, 40);
  library = scanned_library (dir, cache);
  dw_deck_library_prepare_search (library, 0, G_MAXUINT);
  g_assert_cmpuint (compare_answers (library, 100), >, 30);

  for (guint round = 0; round < 4; round++)
    {
      for (guint i = 0; i < 10; i++)
        {
          guint which = (guint) g_test_rand_int_range (0, 50);
          g_autofree char *name = g_strdup_printf ("deck-%03u.xml", which);
          g_autofree char *path = g_build_filename (dir, name, NULL);

          if (g_test_rand_int_range (0, 4) == 0)
            g_unlink (path);
          else
            {
              g_autofree char *contents = random_deck (which + 100 * (round + 1));
              g_autofree char *written = dw_test_write_file (dir, name, contents);
              /* A size and time of its own, whatever the clock's grain. */
              struct utimbuf times = { 1000000 + round * 100 + i, 1000000 + round * 100 + i };

              g_utime (written, &times);
            }
          dw_deck_library_refresh_path (library, path);
        }
      g_assert_cmpuint (compare_answers (library, 100), >, 30);
    }

  /* A scan that finds a deck changed behind the watch's back. */
  write_random_decks (dir, 0, 5);
  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *name = g_strdup_printf ("deck-%03u.xml", i);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      struct utimbuf times = { 2000000 + i, 2000000 + i };

      g_utime (path, &times);
    }
  g_assert_true (dw_deck_library_scan (library, NULL, NULL));
  g_assert_cmpuint (compare_answers (library, 100), >, 30);

  dw_test_remove_tree (dir);
}

/* card:"Name" finds a deck through the index by the name's key: another
 * case of the name, a name beyond ASCII in another case. */
static void
test_card_name_keys (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *cache = g_build_filename (dir, ".cache", NULL);
  g_autoptr(DwDeckLibrary) library = NULL;
  static const char deck[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\" format=\"arcmage-orc\">\n"
    "  <name>Keys</name>\n  <section id=\"main\">\n"
    "    <card count=\"1\">ČARODĚJKA Žďárská</card>\n"
    "    <card id=\"arc-0001\" count=\"2\">Thornwood Scout</card>\n"
    "  </section>\n</deck>\n";
  static const char * const found[] = {
    "card:\"čarodějka žďárská\"", "card:\"Čarodějka ŽĎÁRSKÁ\"", "card:\"THORNWOOD SCOUT\"",
    "card:(name:\"thornwood scout\")",
  };
  g_autofree char *path = dw_test_write_file (dir, "keys.xml", deck);

  library = scanned_library (dir, cache);
  for (guint i = 0; i < G_N_ELEMENTS (found); i++)
    {
      g_autoptr(DwDeckQuery) query = dw_deck_query_parse (cards, found[i], NULL);
      g_autofree guint8 *matched = NULL;
      guint n = 0;

      matched = dw_deck_query_match_library (query, library, &n);
      g_assert_cmpuint (n, ==, 1);
      g_assert_cmpuint (matched[0], ==, 1);
    }
  dw_test_remove_tree (dir);
}

/* An index file read back may name one card twice in a deck (it is a
 * cache, and can be damaged): the card index lists the deck once for
 * that card, and taking the deck out leaves nothing of it behind. */
static void
test_a_card_named_twice_is_indexed_once (void)
{
  DwDeckLibraryRecord record = {
    .path = "/nowhere/twice.xml", .name = "Twice", .notes = "", .game_id = "arcmage",
    .format_id = "arcmage-original", .kind = "deck-xml", .factions = "", .tags = "", .cover_id = "",
    .message = "",
    .cards = "arc-0001\x1fThornwood Scout\x1f" "2\x1e" "arc-0001\x1fThornwood Scout\x1f" "1\x1e"
             "\x1fSeedfall\x1f" "3\x1e",
  };
  g_autoptr(DwDeckLibraryEntry) entry = NULL;
  DwDeckCardIndex *index = dw_deck_card_index_new ();
  GPtrArray *same_key;
  DwDeckIndexedCard *card;

  record.data = (const guint8 *) record.path;
  record.length = strlen (record.path);
  entry = dw_deck_library_entry_from_record (&record, "/nowhere");
  dw_deck_card_index_add (index, entry);
  same_key = dw_deck_card_index_lookup_key (index, "thornwood scout");
  g_assert_nonnull (same_key);
  g_assert_cmpuint (same_key->len, ==, 1);
  card = g_ptr_array_index (same_key, 0);
  g_assert_cmpuint (card->entries->len, ==, 1);
  g_assert_true (g_ptr_array_index (card->entries, 0) == entry);

  dw_deck_card_index_remove (index, entry);
  g_assert_cmpuint (card->entries->len, ==, 0);
  g_assert_cmpuint (dw_deck_card_index_get_n_entries (index), ==, 0);
  dw_deck_card_index_free (index);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  cards = dw_test_library ();

  g_test_add_func ("/deck-query-library/same-answers-as-deck-by-deck", test_same_answers_as_deck_by_deck);
  g_test_add_func ("/deck-query-library/index-follows-the-disk", test_index_follows_the_disk);
  g_test_add_func ("/deck-query-library/worker-made-index", test_worker_made_index);
  g_test_add_func ("/deck-query-library/card-name-keys", test_card_name_keys);
  g_test_add_func ("/deck-query-library/a-card-named-twice-is-indexed-once", test_a_card_named_twice_is_indexed_once);

  status = g_test_run ();
  g_clear_object (&cards);
  return status;
}
