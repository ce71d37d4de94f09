/* test-deck.c — decks: loading, keeping, resolving, editing, saving
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "dw-deck.h"
#include "dw-deck-history.h"
#include "dw-test-util.h"

static DwGame *
lookup_game_cb (const char *game_id,
                gpointer    user_data)
{
  return dw_library_lookup_game (DW_LIBRARY (user_data), game_id);
}

static DwDeck *
load_string (const char  *xml,
             GError     **error)
{
  return dw_deck_load_data (xml, strlen (xml), "d.xml", error);
}

static DwDeckEntry *
entry_at (DwDeck     *deck,
          const char *section,
          guint       position)
{
  GListModel *entries = dw_deck_get_section (deck, section);
  g_autoptr(DwDeckEntry) entry = NULL;

  g_assert_nonnull (entries);
  entry = g_list_model_get_item (entries, position);
  g_assert_nonnull (entry);
  /* The section holds its own reference. */
  return entry;
}

static void
assert_load_error (const char *xml,
                   GQuark      domain,
                   int         code,
                   guint       line,
                   guint       column,
                   const char *fragment)
{
  g_autofree char *prefix = g_strdup_printf ("d.xml:%u:%u: ", line, column);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = load_string (xml, &error);

  g_assert_null (deck);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_error (error, domain, code);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_nonnull (strstr (error->message, fragment));
}

static void
collect_entry_cb (gpointer data,
                  gpointer user_data)
{
  g_ptr_array_add (user_data, data);
}

static void
assert_decks_equal (DwDeck *a,
                    DwDeck *b)
{
  g_autoptr(GPtrArray) ea = g_ptr_array_new ();
  g_autoptr(GPtrArray) eb = g_ptr_array_new ();

  g_assert_cmpstr (dw_deck_get_game_id (a), ==, dw_deck_get_game_id (b));
  g_assert_cmpstr (dw_deck_get_format_id (a), ==, dw_deck_get_format_id (b));
  g_assert_cmpstr (dw_deck_get_name (a), ==, dw_deck_get_name (b));
  g_assert_cmpstr (dw_deck_get_author (a), ==, dw_deck_get_author (b));
  g_assert_cmpstr (dw_deck_get_notes (a), ==, dw_deck_get_notes (b));
  g_assert_cmpuint (dw_deck_get_n_sections (a), ==, dw_deck_get_n_sections (b));
  for (guint i = 0; i < dw_deck_get_n_sections (a); i++)
    g_assert_cmpstr (dw_deck_get_section_id (a, i), ==, dw_deck_get_section_id (b, i));

  dw_deck_foreach_entry (a, collect_entry_cb, ea);
  dw_deck_foreach_entry (b, collect_entry_cb, eb);
  g_assert_cmpuint (ea->len, ==, eb->len);
  for (guint i = 0; i < ea->len; i++)
    {
      DwDeckEntry *x = g_ptr_array_index (ea, i);
      DwDeckEntry *y = g_ptr_array_index (eb, i);

      g_assert_cmpstr (dw_deck_entry_get_id (x), ==, dw_deck_entry_get_id (y));
      g_assert_cmpstr (dw_deck_entry_get_name (x), ==, dw_deck_entry_get_name (y));
      g_assert_cmpuint (dw_deck_entry_get_revision (x), ==, dw_deck_entry_get_revision (y));
      g_assert_cmpuint (dw_deck_entry_get_count (x), ==, dw_deck_entry_get_count (y));
      g_assert_cmpstr (dw_deck_entry_get_section (x), ==, dw_deck_entry_get_section (y));
    }
}

static void
test_shipped_decks_round_trip_byte_identical (void)
{
  g_autofree char *dir = dw_test_data_path ("decks", NULL);
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (handle);
  while ((name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *original = NULL;
      g_autofree char *saved = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(DwDeck) deck = NULL;

      if (!g_str_has_suffix (name, ".xml"))
        continue;

      g_test_message ("%s", name);
      original = dw_test_read_file (path);
      deck = dw_deck_load (path, &error);
      g_assert_no_error (error);
      g_assert_nonnull (deck);
      g_assert_cmpstr (dw_deck_get_path (deck), ==, path);
      g_assert_nonnull (dw_deck_get_name (deck));
      g_assert_cmpuint (dw_deck_get_n_sections (deck), >, 0);

      saved = dw_deck_to_string (deck);
      g_assert_cmpstr (saved, ==, original);
      n++;
    }

  g_assert_cmpuint (n, >=, 20);
}

/* A deck keeps what the player is considering: the section is read, and
 * written back as it was, beside the sections of the deck. */
static void
test_considering_round_trips (void)
{
  const char *xml =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\" format=\"arcmage-orc\">\n"
    "  <name>Maybe</name>\n"
    "  <section id=\"main\">\n"
    "    <card id=\"arc-0001\" count=\"4\">Thornwood Scout</card>\n"
    "  </section>\n"
    "  <section id=\"considering\">\n"
    "    <card id=\"arc-0001\" count=\"2\">Thornwood Scout</card>\n"
    "    <card id=\"arc-9999\" count=\"1\">Phantom Of Maybe</card>\n"
    "  </section>\n"
    "</deck>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = dw_deck_load_data (xml, strlen (xml), "maybe.xml", &error);
  g_autofree char *again = NULL;
  g_autoptr(DwDeckEntry) ghost = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (dw_deck_get_n_sections (deck), ==, 2);
  g_assert_cmpstr (dw_deck_get_section_id (deck, 1), ==, DW_SECTION_CONSIDERING);
  g_assert_cmpuint (dw_deck_count_section (deck, "considering"), ==, 3);
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 4);
  ghost = g_list_model_get_item (dw_deck_get_section (deck, "considering"), 1);
  g_assert_cmpstr (dw_deck_entry_get_section (ghost), ==, "considering");
  again = dw_deck_to_string (deck);
  g_assert_cmpstr (again, ==, xml);
}

static void
test_shipped_deck_reads_as_written (void)
{
  g_autofree char *path = dw_test_data_path ("decks", "a21-gilded-legion.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = dw_deck_load (path, &error);
  GListModel *main_entries;
  DwDeckEntry *entry;

  g_assert_no_error (error);
  g_assert_cmpstr (dw_deck_get_game_id (deck), ==, "arcmage");
  g_assert_cmpstr (dw_deck_get_format_id (deck), ==, "arcmage-2021");
  g_assert_cmpstr (dw_deck_get_name (deck), ==, "Gilded Legion");
  g_assert_cmpstr (dw_deck_get_author (deck), ==, "Deckwright");
  g_assert_cmpuint (dw_deck_get_n_sections (deck), ==, 2);
  g_assert_cmpstr (dw_deck_get_section_id (deck, 0), ==, "main");
  g_assert_cmpstr (dw_deck_get_section_id (deck, 1), ==, "tokens");
  g_assert_null (dw_deck_get_section (deck, "regions"));

  main_entries = dw_deck_get_section (deck, "main");
  g_assert_true (g_list_model_get_item_type (main_entries) == DW_TYPE_DECK_ENTRY);
  g_assert_cmpuint (g_list_model_get_n_items (main_entries), ==, 22);
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 45);
  g_assert_cmpuint (dw_deck_count_section (deck, "tokens"), ==, 4);
  g_assert_cmpuint (dw_deck_count_section (deck, "regions"), ==, 0);

  entry = entry_at (deck, "main", 0);
  g_assert_cmpstr (dw_deck_entry_get_id (entry), ==, "arc-c009");
  g_assert_cmpstr (dw_deck_entry_get_name (entry), ==, "Aurelia Magna");
  g_assert_cmpuint (dw_deck_entry_get_count (entry), ==, 1);
  g_assert_cmpuint (dw_deck_entry_get_revision (entry), ==, 0);
  g_assert_cmpstr (dw_deck_entry_get_section (entry), ==, "main");
  g_assert_cmpuint (dw_deck_entry_get_line (entry), ==, 7);
  g_assert_null (dw_deck_entry_get_card (entry));

  entry = entry_at (deck, "main", 21);
  g_assert_cmpstr (dw_deck_entry_get_id (entry), ==, "arc-0110");
  g_assert_cmpstr (dw_deck_entry_get_name (entry), ==, "Engineered Breach");
}

#define KEEPS_EVERYTHING \
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
  "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\" format=\"arcmage-orc\" xmlns:x=\"urn:example:x\" x:rating=\"5\">\n" \
  "  <name>Keeper &amp; Co</name>\n" \
  "  <author>Tester</author>\n" \
  "  <notes>Line one\n" \
  "Line two &lt;3</notes>\n" \
  "  <section id=\"main\" x:colour=\"green\">\n" \
  "    <card id=\"arc-0001\" count=\"4\" x:foil=\"true\" note=\"a &amp; b &quot;c&quot;\">Thornwood Scout</card>\n" \
  "    <card id=\"arc-0002\" revision=\"2\" count=\"1\">Mossbeard Druid</card>\n" \
  "    <card count=\"2\">Fernstep Archer</card>\n" \
  "    <x:sideline x:why=\"test\"><x:item>kept</x:item></x:sideline>\n" \
  "    <!-- a comment in a section -->\n" \
  "  </section>\n" \
  "  <section id=\"tokens\"/>\n" \
  "  <x:meta><x:played>12</x:played></x:meta>\n" \
  "  <future-element kind=\"b\">text<sub/></future-element>\n" \
  "  <!-- a comment at the end -->\n" \
  "</deck>\n"

static void
test_unknown_content_survives (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = load_string (KEEPS_EVERYTHING, &error);
  g_autoptr(DwDeck) again = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *saved_again = NULL;
  DwDeckEntry *entry;

  g_assert_no_error (error);
  g_assert_nonnull (deck);

  saved = dw_deck_to_string (deck);
  g_assert_cmpstr (saved, ==, KEEPS_EVERYTHING);

  again = load_string (saved, &error);
  g_assert_no_error (error);
  saved_again = dw_deck_to_string (again);
  g_assert_cmpstr (saved_again, ==, saved);
  assert_decks_equal (deck, again);

  g_assert_cmpstr (dw_deck_get_name (deck), ==, "Keeper & Co");
  g_assert_cmpstr (dw_deck_get_notes (deck), ==, "Line one\nLine two <3");
  g_assert_cmpuint (dw_deck_get_n_sections (deck), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (dw_deck_get_section (deck, "main")), ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (dw_deck_get_section (deck, "tokens")), ==, 0);

  entry = entry_at (deck, "main", 1);
  g_assert_cmpuint (dw_deck_entry_get_revision (entry), ==, 2);
  entry = entry_at (deck, "main", 2);
  g_assert_null (dw_deck_entry_get_id (entry));
  g_assert_cmpstr (dw_deck_entry_get_name (entry), ==, "Fernstep Archer");
  g_assert_cmpuint (dw_deck_entry_get_count (entry), ==, 2);
}

static void
test_tags_round_trip (void)
{
  const char *xml =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n"
    "  <name>Tagged</name>\n"
    "  <notes>n</notes>\n"
    "  <tag>friends</tag>\n"
    "  <tag>  season 3 &amp; up </tag>\n"
    "  <tag>Friends</tag>\n"
    "  <tag> </tag>\n"
    "  <section id=\"main\">\n"
    "    <card id=\"arc-0001\" count=\"4\">Thornwood Scout</card>\n"
    "  </section>\n"
    "</deck>\n";
  const char *expected =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n"
    "  <name>Tagged</name>\n"
    "  <notes>n</notes>\n"
    "  <tag>friends</tag>\n"
    "  <tag>season 3 &amp; up</tag>\n"
    "  <section id=\"main\">\n"
    "    <card id=\"arc-0001\" count=\"4\">Thornwood Scout</card>\n"
    "  </section>\n"
    "</deck>\n";
  const char *new_tags[] = { "b", "a", "B", "", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = load_string (xml, &error);
  g_autoptr(DwDeck) again = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *saved_again = NULL;
  const char * const *tags;

  g_assert_no_error (error);
  tags = dw_deck_get_tags (deck);
  g_assert_cmpuint (g_strv_length ((char **) tags), ==, 2);
  g_assert_cmpstr (tags[0], ==, "friends");
  g_assert_cmpstr (tags[1], ==, "season 3 & up");

  saved = dw_deck_to_string (deck);
  g_assert_cmpstr (saved, ==, expected);
  again = load_string (saved, &error);
  g_assert_no_error (error);
  saved_again = dw_deck_to_string (again);
  g_assert_cmpstr (saved_again, ==, saved);

  g_assert_true (dw_deck_set_tags (again, new_tags, &error));
  g_assert_no_error (error);
  tags = dw_deck_get_tags (again);
  g_assert_cmpuint (g_strv_length ((char **) tags), ==, 2);
  g_assert_cmpstr (tags[0], ==, "b");
  g_assert_cmpstr (tags[1], ==, "a");
  g_assert_true (dw_deck_set_tags (again, NULL, &error));
  g_assert_cmpuint (g_strv_length ((char **) dw_deck_get_tags (again)), ==, 0);
}

/* A deck's chosen cover is written after its tags, reads back, survives
 * a save to disk and a load, goes when unset, and is an undoable edit. */
static void
test_cover_round_trip (void)
{
  const char *xml =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n"
    "  <name>Covered</name>\n"
    "  <cover card=\"arc-0002 &amp; &quot;x&quot;\"/>\n"
    "  <tag>friends</tag>\n"
    "  <section id=\"main\">\n"
    "    <card id=\"arc-0001\" count=\"4\">Thornwood Scout</card>\n"
    "  </section>\n"
    "</deck>\n";
  const char *expected =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n"
    "  <name>Covered</name>\n"
    "  <tag>friends</tag>\n"
    "  <cover card=\"arc-0002 &amp; &quot;x&quot;\"/>\n"
    "  <section id=\"main\">\n"
    "    <card id=\"arc-0001\" count=\"4\">Thornwood Scout</card>\n"
    "  </section>\n"
    "</deck>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = load_string (xml, &error);
  g_autoptr(DwDeck) loaded = NULL;
  g_autoptr(DwDeck) bare = NULL;
  g_autoptr(DwDeckHistory) history = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *unset = NULL;
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "covered.xml", NULL);

  g_assert_no_error (error);
  g_assert_cmpstr (dw_deck_get_cover_id (deck), ==, "arc-0002 & \"x\"");
  saved = dw_deck_to_string (deck);
  g_assert_cmpstr (saved, ==, expected);

  /* What a save writes, a load reads: the cover is kept. */
  g_assert_true (dw_deck_save (deck, path, &error));
  g_assert_no_error (error);
  loaded = dw_deck_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dw_deck_get_cover_id (loaded), ==, "arc-0002 & \"x\"");

  /* Unset (NULL or empty), the element goes. */
  dw_deck_set_cover_id (loaded, "");
  g_assert_null (dw_deck_get_cover_id (loaded));
  unset = dw_deck_to_string (loaded);
  g_assert_null (strstr (unset, "<cover"));
  bare = load_string (unset, &error);
  g_assert_no_error (error);
  g_assert_null (dw_deck_get_cover_id (bare));

  /* Chosen in the window: one edit, undone and redone. */
  history = dw_deck_history_new (bare);
  dw_deck_history_set_cover (history, "arc-0001");
  g_assert_cmpstr (dw_deck_get_cover_id (bare), ==, "arc-0001");
  g_assert_true (dw_deck_history_is_modified (history));
  dw_deck_history_undo (history);
  g_assert_null (dw_deck_get_cover_id (bare));
  dw_deck_history_redo (history);
  g_assert_cmpstr (dw_deck_get_cover_id (bare), ==, "arc-0001");
  /* Editing the details keeps the cover. */
  dw_deck_history_set_details (history, "Renamed", NULL, NULL);
  g_assert_cmpstr (dw_deck_get_cover_id (bare), ==, "arc-0001");

  dw_test_remove_tree (dir);
}

/* A <cover> without its card, or with an id no card has the length
 * of, is refused, naming the line. */
static void
test_bad_cover_is_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = NULL;
  g_autofree char *long_id = g_strnfill (DW_DECK_MAX_COVER_ID + 1, 'x');
  g_autofree char *too_long = g_strdup_printf ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n"
                                               "<cover card=\"%s\"/>\n</deck>\n", long_id);

  deck = load_string ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n<cover/>\n</deck>\n", &error);
  g_assert_null (deck);
  g_assert_error (error, DW_DECK_ERROR, DW_DECK_ERROR_MISSING);
  g_assert_nonnull (strstr (error->message, ":2"));
  g_clear_error (&error);

  deck = load_string (too_long, &error);
  g_assert_null (deck);
  g_assert_error (error, DW_DECK_ERROR, DW_DECK_ERROR_BAD_VALUE);
  g_assert_nonnull (strstr (error->message, ":2"));
}

static void
test_too_many_tags_are_refused (void)
{
  g_autoptr(GString) xml = g_string_new ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n");
  g_autoptr(GPtrArray) many = g_ptr_array_new_null_terminated (0, g_free, TRUE);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(DwDeck) fine = dw_deck_new ("arcmage");

  for (guint i = 0; i <= DW_DECK_MAX_TAGS; i++)
    {
      g_string_append_printf (xml, "<tag>t%u</tag>\n", i);
      g_ptr_array_add (many, g_strdup_printf ("t%u", i));
    }
  g_string_append (xml, "</deck>\n");

  deck = load_string (xml->str, &error);
  g_assert_null (deck);
  g_assert_error (error, DW_DECK_ERROR, DW_DECK_ERROR_BAD_VALUE);
  g_assert_nonnull (strstr (error->message, ":258:"));  /* the line of the tag too many */
  g_clear_error (&error);

  g_assert_false (dw_deck_set_tags (fine, (const char * const *) many->pdata, &error));
  g_assert_error (error, DW_DECK_ERROR, DW_DECK_ERROR_BAD_VALUE);
  g_assert_cmpuint (g_strv_length ((char **) dw_deck_get_tags (fine)), ==, 0);
}

static void
test_out_of_place_content_is_kept (void)
{
  /* Not in the order Deckwright writes: nothing is lost, though unknown
   * elements move behind the parts Deckwright understands. */
  const char *xml =
    "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n"
    "  <future-element>first</future-element>\n"
    "  <section id=\"main\">\n"
    "    <unknown-entry id=\"u\"/>\n"
    "    <card id=\"arc-0001\">  Thornwood Scout  </card>\n"
    "  </section>\n"
    "  <name>Late name</name>\n"
    "</deck>\n";
  const char *expected =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n"
    "  <name>Late name</name>\n"
    "  <section id=\"main\">\n"
    "    <card id=\"arc-0001\" count=\"1\">Thornwood Scout</card>\n"
    "    <unknown-entry id=\"u\"/>\n"
    "  </section>\n"
    "  <future-element>first</future-element>\n"
    "</deck>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = load_string (xml, &error);
  g_autofree char *saved = NULL;

  g_assert_no_error (error);
  g_assert_null (dw_deck_get_format_id (deck));
  g_assert_null (dw_deck_get_author (deck));
  saved = dw_deck_to_string (deck);
  g_assert_cmpstr (saved, ==, expected);
}

static void
test_unknown_card_is_kept_and_saved (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autofree char *path = dw_test_data_path ("decks", "arcmage-illegal-unknown-card.xml", NULL);
  g_autofree char *original = dw_test_read_file (path);
  g_autofree char *saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = dw_deck_load (path, &error);
  DwDeckEntry *unknown;
  DwDeckEntry *known;

  g_assert_no_error (error);
  dw_library_resolve_deck (library, deck);

  unknown = entry_at (deck, "main", 19);
  g_assert_cmpstr (dw_deck_entry_get_id (unknown), ==, "arc-9999");
  g_assert_null (dw_deck_entry_get_card (unknown));
  g_assert_cmpstr (dw_deck_entry_get_display_name (unknown), ==, "Starlit Wyvern of Nowhere");
  g_assert_cmpuint (dw_deck_entry_get_count (unknown), ==, 1);

  known = entry_at (deck, "main", 18);
  g_assert_nonnull (dw_deck_entry_get_card (known));
  g_assert_cmpstr (dw_card_get_id (dw_deck_entry_get_card (known)), ==, "arc-0021");

  /* Resolving changes nothing that is saved. */
  saved = dw_deck_to_string (deck);
  g_assert_cmpstr (saved, ==, original);
}

static DwCardDb *
add_db (DwLibrary  *library,
        const char *xml)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = dw_card_db_load_data (xml, strlen (xml), "db.xml",
                                                 lookup_game_cb, library, &error);

  g_assert_no_error (error);
  dw_library_add_card_db (library, db);
  return db;
}

static void
test_resolution_by_id_revision_and_name (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  const char *deck_xml =
    "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n"
    "  <section id=\"main\">\n"
    "    <card id=\"arc-0001\" count=\"1\">Wrong name on purpose</card>\n"
    "    <card id=\"rev-1\" revision=\"1\">Reprinted</card>\n"
    "    <card id=\"rev-1\" revision=\"2\">Reprinted</card>\n"
    "    <card id=\"rev-1\">Reprinted</card>\n"
    "    <card id=\"rev-1\" revision=\"3\">Thornwood Scout</card>\n"
    "    <card id=\"arc-9998\">Mossbeard Druid</card>\n"
    "    <card>tHORNWOOD scout</card>\n"
    "    <card>  FERNSTEP ARCHER  </card>\n"
    "    <card>No Such Card</card>\n"
    "    <card id=\"cor-0001\"/>\n"
    "  </section>\n"
    "</deck>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(DwCardDb) old_print = NULL;
  g_autoptr(DwCardDb) new_print = NULL;
  DwCard *scout;
  DwCard *first;
  DwCard *second;

  old_print = g_object_ref (add_db (library,
    "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
    "  <card id=\"rev-1\"><name>Reprinted</name><type>Event</type><text>old</text></card>\n"
    "</carddb>\n"));
  new_print = g_object_ref (add_db (library,
    "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
    "  <card id=\"rev-1\" revision=\"2\"><name>Reprinted</name><type>Event</type><text>new</text></card>\n"
    "</carddb>\n"));
  first = dw_card_db_lookup_id (old_print, "rev-1");
  second = dw_card_db_lookup_id (new_print, "rev-1");

  deck = load_string (deck_xml, &error);
  g_assert_no_error (error);
  dw_library_resolve_deck (library, deck);

  scout = dw_library_lookup_card (library, "arcmage", "arc-0001", 0, NULL);
  g_assert_nonnull (scout);
  g_assert_cmpstr (dw_card_get_name (scout), ==, "Thornwood Scout");

  /* The id wins over the name. */
  g_assert_true (dw_deck_entry_get_card (entry_at (deck, "main", 0)) == scout);
  g_assert_cmpstr (dw_deck_entry_get_display_name (entry_at (deck, "main", 0)), ==, "Thornwood Scout");
  /* A revision picks its print; none picks the newest. */
  g_assert_true (dw_deck_entry_get_card (entry_at (deck, "main", 1)) == first);
  g_assert_true (dw_deck_entry_get_card (entry_at (deck, "main", 2)) == second);
  g_assert_true (dw_deck_entry_get_card (entry_at (deck, "main", 3)) == second);
  /* A revision nobody printed falls back to the name. */
  g_assert_true (dw_deck_entry_get_card (entry_at (deck, "main", 4)) == scout);
  /* An unknown id, or none, falls back to the name, ignoring case and
   * surrounding space. */
  g_assert_cmpstr (dw_card_get_id (dw_deck_entry_get_card (entry_at (deck, "main", 5))), ==, "arc-0002");
  g_assert_true (dw_deck_entry_get_card (entry_at (deck, "main", 6)) == scout);
  g_assert_cmpstr (dw_card_get_id (dw_deck_entry_get_card (entry_at (deck, "main", 7))), ==, "arc-0003");
  g_assert_null (dw_deck_entry_get_card (entry_at (deck, "main", 8)));
  /* Another game's card is not this game's card. */
  g_assert_null (dw_deck_entry_get_card (entry_at (deck, "main", 9)));
  g_assert_cmpstr (dw_deck_entry_get_display_name (entry_at (deck, "main", 9)), ==, "cor-0001");

  g_assert_true (dw_library_lookup_card (library, "arcmage", NULL, 0, "thornwood scout") == scout);
  g_assert_null (dw_library_lookup_card (library, "chess", "arc-0001", 0, NULL));
}

static void
test_bad_entries_are_refused (void)
{
  const struct { const char *card; int code; const char *fragment; } cases[] = {
    { "<card id=\"arc-0001\" count=\"0\">Thornwood Scout</card>", DW_DECK_ERROR_BAD_VALUE,
      "the count must be a whole number from 1 to 999, not “0”" },
    { "<card id=\"arc-0001\" count=\"x\">Thornwood Scout</card>", DW_DECK_ERROR_BAD_VALUE,
      "the count must be a whole number from 1 to 999, not “x”" },
    { "<card id=\"arc-0001\" count=\"-2\">Thornwood Scout</card>", DW_DECK_ERROR_BAD_VALUE,
      "the count must be a whole number from 1 to 999, not “-2”" },
    { "<card id=\"arc-0001\" revision=\"0\">Thornwood Scout</card>", DW_DECK_ERROR_BAD_VALUE,
      "the revision must be a whole number from 1, not “0”" },
    { "<card count=\"2\"/>", DW_DECK_ERROR_MISSING, "a <card> needs an id or a name" },
    { "<card id=\"\" count=\"2\">   </card>", DW_DECK_ERROR_MISSING, "a <card> needs an id or a name" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *xml = g_strconcat ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n"
                                          "  <name>Broken</name>\n"
                                          "  <section id=\"main\">\n"
                                          "    <card id=\"arc-0002\" count=\"2\">Mossbeard Druid</card>\n"
                                          "      ", cases[i].card, "\n"
                                          "  </section>\n"
                                          "</deck>\n", NULL);

      assert_load_error (xml, DW_DECK_ERROR, cases[i].code, 5, 7, cases[i].fragment);
    }
}

static void
test_bad_sections_and_roots_are_refused (void)
{
  assert_load_error ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n"
                     "  <section>\n"
                     "    <card id=\"arc-0001\">Thornwood Scout</card>\n"
                     "  </section>\n"
                     "</deck>\n",
                     DW_DECK_ERROR, DW_DECK_ERROR_MISSING, 2, 3, "a <section> needs an “id”");
  assert_load_error ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n"
                     "  <section id=\"main\">\n"
                     "    <card id=\"arc-0001\">Thornwood Scout</card>\n"
                     "  </section>\n"
                     "  <section id=\"regions\"/>\n"
                     "   <section id=\"main\">\n"
                     "    <card id=\"arc-0002\">Mossbeard Druid</card>\n"
                     "  </section>\n"
                     "</deck>\n",
                     DW_DECK_ERROR, DW_DECK_ERROR_INVALID, 6, 4, "the section “main” appears twice");
  assert_load_error ("<?xml version=\"1.0\"?>\n"
                     "<deck xmlns=\"urn:deckwright:deck:1\" format=\"arcmage-orc\">\n"
                     "</deck>\n",
                     DW_DECK_ERROR, DW_DECK_ERROR_MISSING, 2, 1, "<deck> needs a “game” attribute");
  assert_load_error ("<?xml version=\"1.0\"?>\n"
                     "<deck xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                     "</deck>\n",
                     DW_XML_ERROR, DW_XML_ERROR_INVALID, 2, 1,
                     "the root element is in the namespace “urn:deckwright:carddb:1”; "
                     "expected “urn:deckwright:deck:1”");
  assert_load_error ("<deck game=\"arcmage\"/>\n",
                     DW_XML_ERROR, DW_XML_ERROR_INVALID, 1, 1, "namespace “(none)”");
  assert_load_error ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n"
                     "  <name>Nested <b>bold</b></name>\n"
                     "</deck>\n",
                     DW_XML_ERROR, DW_XML_ERROR_INVALID, 2, 16, "<name> holds text only");
  assert_load_error ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n"
                     "  <section id=\"main\">\n"
                     "    <card id=\"arc-0001\">Thornwood",
                     DW_XML_ERROR, DW_XML_ERROR_MALFORMED, 3, 34, "");
}

static void
on_changed_cb (DwDeck *deck,
               guint  *count)
{
  (*count)++;
}

static void
test_editing_emits_changed (void)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  guint changed = 0;

  g_signal_connect (deck, "changed", G_CALLBACK (on_changed_cb), &changed);

  dw_deck_set_name (deck, "Green Wall");
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpstr (dw_deck_get_name (deck), ==, "Green Wall");
  /* Setting what is already there is no change. */
  dw_deck_set_name (deck, "Green Wall");
  g_assert_cmpuint (changed, ==, 1);

  dw_deck_set_author (deck, "Me");
  dw_deck_set_notes (deck, "Some notes");
  dw_deck_set_format_id (deck, "arcmage-2021");
  g_assert_cmpuint (changed, ==, 4);
  g_assert_cmpstr (dw_deck_get_author (deck), ==, "Me");
  g_assert_cmpstr (dw_deck_get_notes (deck), ==, "Some notes");
  g_assert_cmpstr (dw_deck_get_format_id (deck), ==, "arcmage-2021");

  /* Back to the game's default format. */
  dw_deck_set_format_id (deck, NULL);
  g_assert_cmpuint (changed, ==, 5);
  g_assert_null (dw_deck_get_format_id (deck));
}

static void
test_add_card_merges_counts (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  DwCard *scout = dw_library_lookup_card (library, "arcmage", "arc-0001", 0, NULL);
  DwCard *druid = dw_library_lookup_card (library, "arcmage", "arc-0002", 0, NULL);
  DwCard *region = dw_library_lookup_card (library, "arcmage", "arc-r003", 0, NULL);
  DwDeckEntry *entry;
  DwDeckEntry *same;
  guint changed = 0;

  g_assert_nonnull (scout);
  g_assert_nonnull (druid);
  g_assert_nonnull (region);
  g_signal_connect (deck, "changed", G_CALLBACK (on_changed_cb), &changed);

  entry = dw_deck_add_card (deck, "main", scout, 2);
  g_assert_nonnull (entry);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_true (dw_deck_entry_get_card (entry) == scout);
  g_assert_cmpstr (dw_deck_entry_get_id (entry), ==, "arc-0001");
  g_assert_cmpstr (dw_deck_entry_get_name (entry), ==, "Thornwood Scout");
  g_assert_cmpstr (dw_deck_entry_get_section (entry), ==, "main");
  g_assert_cmpuint (dw_deck_entry_get_count (entry), ==, 2);

  same = dw_deck_add_card (deck, "main", scout, 1);
  g_assert_true (same == entry);
  g_assert_cmpuint (changed, ==, 2);
  g_assert_cmpuint (dw_deck_entry_get_count (entry), ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (dw_deck_get_section (deck, "main")), ==, 1);

  /* Another card is another entry, after the first. */
  dw_deck_add_card (deck, "main", druid, 4);
  g_assert_cmpuint (changed, ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (dw_deck_get_section (deck, "main")), ==, 2);
  g_assert_true (entry_at (deck, "main", 1) != entry);
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 7);

  /* The same card in another section is not merged with the first. */
  dw_deck_add_card (deck, "tokens", scout, 1);
  g_assert_cmpuint (dw_deck_entry_get_count (entry), ==, 3);
  g_assert_cmpuint (dw_deck_count_section (deck, "tokens"), ==, 1);

  dw_deck_add_card (deck, "regions", region, 1);
  g_assert_cmpuint (dw_deck_get_n_sections (deck), ==, 3);
  g_assert_cmpstr (dw_deck_get_section_id (deck, 0), ==, "main");
  g_assert_cmpstr (dw_deck_get_section_id (deck, 1), ==, "tokens");
  g_assert_cmpstr (dw_deck_get_section_id (deck, 2), ==, "regions");
}

static void
on_notify_count_cb (GObject    *object,
                    GParamSpec *pspec,
                    guint      *count)
{
  (*count)++;
}

static void
test_remove_entry_and_set_count (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autoptr(DwDeckEntry) stranger = dw_deck_entry_new ("arc-0001", "Thornwood Scout", 1);
  DwCard *scout = dw_library_lookup_card (library, "arcmage", "arc-0001", 0, NULL);
  DwCard *druid = dw_library_lookup_card (library, "arcmage", "arc-0002", 0, NULL);
  g_autoptr(DwDeckEntry) entry = NULL;
  guint changed = 0;
  guint notified = 0;

  entry = g_object_ref (dw_deck_add_card (deck, "main", scout, 3));
  dw_deck_add_card (deck, "main", druid, 1);
  g_signal_connect (deck, "changed", G_CALLBACK (on_changed_cb), &changed);
  g_signal_connect (entry, "notify::count", G_CALLBACK (on_notify_count_cb), &notified);

  /* A count changed on an entry is a change to the deck. */
  dw_deck_entry_set_count (entry, 2);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 3);
  dw_deck_entry_set_count (entry, 2);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpuint (changed, ==, 1);

  g_assert_true (dw_deck_remove_entry (deck, entry));
  g_assert_cmpuint (changed, ==, 2);

  /* A removed entry no longer speaks for the deck. */
  dw_deck_entry_set_count (entry, 5);
  g_assert_cmpuint (changed, ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (dw_deck_get_section (deck, "main")), ==, 1);
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 1);
  g_assert_cmpstr (dw_deck_entry_get_id (entry_at (deck, "main", 0)), ==, "arc-0002");

  /* Removing what is not there changes nothing. */
  g_assert_false (dw_deck_remove_entry (deck, entry));
  g_assert_false (dw_deck_remove_entry (deck, stranger));
  g_assert_cmpuint (changed, ==, 2);

  /* The section stays, empty or not. */
  g_assert_nonnull (dw_deck_get_section (deck, "main"));
}

static void
test_edited_deck_saves_and_reloads_equal (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autoptr(DwDeck) again = NULL;
  g_autoptr(DwCard) reprint = dw_card_new ("arc-0001", "Thornwood Scout", "Creature");
  g_autoptr(DwDeckEntry) unknown = dw_deck_entry_new ("arc-9999", "Mystery & <Wonder>", 2);
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = dw_test_write_file (dir, "deck.xml", "old\n");
  g_autofree char *written = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;

  dw_card_set_revision (reprint, 2);
  dw_deck_set_name (deck, "Edited");
  dw_deck_set_format_id (deck, "arcmage-orc");
  dw_deck_add_card (deck, "main", dw_library_lookup_card (library, "arcmage", "arc-0002", 0, NULL), 4);
  dw_deck_add_card (deck, "main", reprint, 1);
  dw_deck_add_entry (deck, "main", unknown);
  dw_deck_add_card (deck, "regions", dw_library_lookup_card (library, "arcmage", "arc-r003", 0, NULL), 1);

  expected = dw_deck_to_string (deck);
  g_assert_cmpstr (expected, ==,
                   "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                   "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\" format=\"arcmage-orc\">\n"
                   "  <name>Edited</name>\n"
                   "  <section id=\"main\">\n"
                   "    <card id=\"arc-0002\" count=\"4\">Mossbeard Druid</card>\n"
                   "    <card id=\"arc-0001\" revision=\"2\" count=\"1\">Thornwood Scout</card>\n"
                   "    <card id=\"arc-9999\" count=\"2\">Mystery &amp; &lt;Wonder&gt;</card>\n"
                   "  </section>\n"
                   "  <section id=\"regions\">\n"
                   "    <card id=\"arc-r003\" count=\"1\">Mosshollow</card>\n"
                   "  </section>\n"
                   "</deck>\n");

  g_assert_true (dw_deck_save (deck, path, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (dw_deck_get_path (deck), ==, path);
  written = dw_test_read_file (path);
  g_assert_cmpstr (written, ==, expected);

  again = dw_deck_load (path, &error);
  g_assert_no_error (error);
  assert_decks_equal (deck, again);
  g_assert_cmpstr (dw_deck_entry_get_name (entry_at (again, "main", 2)), ==, "Mystery & <Wonder>");

  dw_test_remove_tree (dir);
}

static void
test_failed_save_keeps_old_file (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "deck.xml", NULL);
  g_autofree char *inside = NULL;
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autoptr(GError) error = NULL;
  g_autofree char *kept = NULL;

  /* A folder where the file should go cannot be replaced. */
  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  inside = dw_test_write_file (path, "keep.txt", "kept\n");

  g_assert_false (dw_deck_save (deck, path, &error));
  g_assert_nonnull (error);
  g_assert_true (error->domain == G_FILE_ERROR);
  g_assert_null (dw_deck_get_path (deck));
  kept = dw_test_read_file (inside);
  g_assert_cmpstr (kept, ==, "kept\n");

  dw_test_remove_tree (dir);
}

/* A section the editor made for its views is not written until it gets
 * a card; an empty section that was in the file is kept. */
static void
test_empty_sections_written_only_if_in_the_file (void)
{
  const char *text =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n"
    "  <section id=\"main\"/>\n"
    "</deck>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = dw_deck_load_data (text, strlen (text), "t.xml", &error);
  g_autofree char *saved = NULL;

  g_assert_no_error (error);
  dw_deck_ensure_section (deck, "tokens");
  saved = dw_deck_to_string (deck);
  g_assert_cmpstr (saved, ==, text);
}

/* A deck file of @n entries of @count copies each, one a line from line 3. */
static char *
deck_of (guint n,
         guint count)
{
  GString *xml = g_string_new ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n<section id=\"main\">\n");

  for (guint i = 0; i < n; i++)
    g_string_append_printf (xml, "<card id=\"x-%u\" count=\"%u\">Card %u</card>\n", i, count, i);
  g_string_append (xml, "</section>\n</deck>\n");
  return g_string_free (xml, FALSE);
}

/* Issue 20, B6 and B5: a deck holds at most DW_DECK_MAX_COUNT copies in
 * an entry, DW_DECK_MAX_ENTRIES entries and DW_DECK_MAX_COPIES copies,
 * and names of DW_MAX_NAME_LENGTH characters; a file asking more is
 * refused at the entry that passes the limit, and one at the limit reads. */
static void
test_limits_are_refused_where_they_pass (void)
{
  g_autofree char *at_entries = deck_of (DW_DECK_MAX_ENTRIES, 10);
  g_autofree char *past_entries = deck_of (DW_DECK_MAX_ENTRIES + 1, 1);
  g_autofree char *at_copies = deck_of (DW_DECK_MAX_COPIES / DW_DECK_MAX_COUNT, DW_DECK_MAX_COUNT);
  g_autofree char *past_copies = deck_of (DW_DECK_MAX_COPIES / DW_DECK_MAX_COUNT + 1, DW_DECK_MAX_COUNT);
  g_autofree char *long_name = g_strnfill (DW_MAX_NAME_LENGTH, 'a');
  g_autofree char *longer_name = g_strnfill (DW_MAX_NAME_LENGTH + 1, 'a');
  /* Characters, not bytes: 200 two-byte letters are a name. */
  g_autoptr(GString) letters = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = NULL;
  g_autofree char *xml = NULL;

  deck = load_string (at_entries, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dw_deck_count_copies (deck), ==, 10 * DW_DECK_MAX_ENTRIES);
  g_clear_object (&deck);
  assert_load_error (past_entries, DW_DECK_ERROR, DW_DECK_ERROR_BAD_VALUE, DW_DECK_MAX_ENTRIES + 3, 1,
                     "the deck has more than 10000 entries");

  deck = load_string (at_copies, &error);
  g_assert_no_error (error);
  g_clear_object (&deck);
  assert_load_error (past_copies, DW_DECK_ERROR, DW_DECK_ERROR_BAD_VALUE,
                     DW_DECK_MAX_COPIES / DW_DECK_MAX_COUNT + 3, 1, "the deck has more than 100000 cards");

  assert_load_error ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n<section id=\"main\">\n"
                     "  <card id=\"arc-0001\" count=\"1000\">Thornwood Scout</card>\n</section>\n</deck>\n",
                     DW_DECK_ERROR, DW_DECK_ERROR_BAD_VALUE, 3, 3,
                     "the count must be a whole number from 1 to 999, not “1000”");
  assert_load_error ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n<section id=\"main\">\n"
                     "  <card id=\"arc-0001\" count=\"4294967356\">Thornwood Scout</card>\n</section>\n</deck>\n",
                     DW_DECK_ERROR, DW_DECK_ERROR_BAD_VALUE, 3, 3, "from 1 to 999");

  xml = g_strdup_printf ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n<name>%s</name>\n"
                         "<section id=\"main\">\n  <card id=\"arc-0001\">%s</card>\n</section>\n</deck>\n",
                         long_name, long_name);
  deck = load_string (xml, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dw_deck_get_name (deck), ==, long_name);
  g_clear_object (&deck);
  g_free (xml);

  for (guint i = 0; i < DW_MAX_NAME_LENGTH; i++)
    g_string_append (letters, "é");
  xml = g_strdup_printf ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n<name>%s</name>\n</deck>\n",
                         letters->str);
  deck = load_string (xml, &error);
  g_assert_no_error (error);
  g_clear_object (&deck);
  g_free (xml);

  xml = g_strdup_printf ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n<name>%s</name>\n</deck>\n",
                         longer_name);
  assert_load_error (xml, DW_DECK_ERROR, DW_DECK_ERROR_BAD_VALUE, 2, 1,
                     "The deck’s name is 201 characters long; a name has at most 200");
  g_free (xml);
  xml = g_strdup_printf ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n<section id=\"main\">\n"
                         "  <card id=\"arc-0001\">%s</card>\n</section>\n</deck>\n", longer_name);
  assert_load_error (xml, DW_DECK_ERROR, DW_DECK_ERROR_BAD_VALUE, 3, 3,
                     "The card’s name is 201 characters long; a name has at most 200");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/deck/shipped-decks-round-trip-byte-identical", test_shipped_decks_round_trip_byte_identical);
  g_test_add_func ("/deck/shipped-deck-reads-as-written", test_shipped_deck_reads_as_written);
  g_test_add_func ("/deck/considering-round-trips", test_considering_round_trips);
  g_test_add_func ("/deck/unknown-content-survives", test_unknown_content_survives);
  g_test_add_func ("/deck/out-of-place-content-is-kept", test_out_of_place_content_is_kept);
  g_test_add_func ("/deck/unknown-card-is-kept-and-saved", test_unknown_card_is_kept_and_saved);
  g_test_add_func ("/deck/resolution-by-id-revision-and-name", test_resolution_by_id_revision_and_name);
  g_test_add_func ("/deck/bad-entries-are-refused", test_bad_entries_are_refused);
  g_test_add_func ("/deck/bad-sections-and-roots-are-refused", test_bad_sections_and_roots_are_refused);
  g_test_add_func ("/deck/editing-details-emits-changed", test_editing_emits_changed);
  g_test_add_func ("/deck/add-card-merges-counts", test_add_card_merges_counts);
  g_test_add_func ("/deck/remove-entry-and-set-count", test_remove_entry_and_set_count);
  g_test_add_func ("/deck/tags-round-trip", test_tags_round_trip);
  g_test_add_func ("/deck/too-many-tags-are-refused", test_too_many_tags_are_refused);
  g_test_add_func ("/deck/edited-deck-saves-and-reloads-equal", test_edited_deck_saves_and_reloads_equal);
  g_test_add_func ("/deck/failed-save-keeps-old-file", test_failed_save_keeps_old_file);
  g_test_add_func ("/deck/cover-round-trip", test_cover_round_trip);
  g_test_add_func ("/deck/bad-cover-is-refused", test_bad_cover_is_refused);
  g_test_add_func ("/deck/limits-are-refused-where-they-pass", test_limits_are_refused_where_they_pass);

  g_test_add_func ("/deck/empty-sections-written-only-if-in-the-file",
                   test_empty_sections_written_only_if_in_the_file);

  return g_test_run ();
}
