/* test-event.c — what dw-event.h, dw-event-report.h and dw-deck-compare.h promise
 *
 * A folder of decklists in every format players send goes in; one row
 * per deck comes out, judged again when the cards or the format change;
 * the report's CSV and JSON read back to the same rows.  No display.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "dw-deck-compare.h"
#include "dw-event-report.h"
#include "dw-export.h"
#include "dw-test-util.h"

static DwLibrary *library;

typedef struct
{
  char *dir;
} Fixture;

static DwGame *
game (const char *id)
{
  DwGame *found = dw_library_lookup_game (library, id);

  g_assert_nonnull (found);
  return found;
}

static DwDeck *
load_shipped (const char *name)
{
  g_autofree char *path = dw_test_data_path ("decks", name, NULL);
  g_autoptr(GError) error = NULL;
  DwDeck *deck = dw_deck_load (path, &error);

  g_assert_no_error (error);
  dw_library_resolve_deck (library, deck);
  return deck;
}

/* A folder as an organiser receives it: our XML, a .cod, a forum post,
 * a spreadsheet, an Arcmage deck from the web, a broken file, and files
 * that are no decks. */
static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *api_deck = dw_test_fixture_path ("interchange/api-deck.json");
  g_autofree char *api_text = dw_test_read_file (api_deck);

  fixture->dir = dw_test_make_tmpdir ();
  dw_test_write_export (library, fixture->dir, "orc-green-wall.xml", DW_EXPORT_XML, "ada.xml");
  dw_test_write_export (library, fixture->dir, "a21-gilded-legion.xml", DW_EXPORT_COD, "grace.cod");
  dw_test_write_export (library, fixture->dir, "cor-bone-choir.xml", DW_EXPORT_TEXT, "edsger.txt");
  dw_test_write_export (library, fixture->dir, "arcmage-illegal-copy-limit.xml", DW_EXPORT_CSV, "=barbara.csv");
  g_free (dw_test_write_file (fixture->dir, "odd.json", api_text));
  g_free (dw_test_write_file (fixture->dir, "broken.cod", "<cockatrice_deck><zone name=\"main\">"));
  g_free (dw_test_write_file (fixture->dir, "notes.md", "# not a deck\n"));
  g_free (dw_test_write_file (fixture->dir, ".hidden.txt", "4 Thornwood Scout\n"));
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  dw_test_remove_tree (fixture->dir);
  g_free (fixture->dir);
}

static DwEventEntry *
entry_named (DwEvent    *event,
             const char *file_name)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (event)); i++)
    {
      g_autoptr(DwEventEntry) entry = g_list_model_get_item (G_LIST_MODEL (event), i);

      if (strcmp (dw_event_entry_get_file_name (entry), file_name) == 0)
        return entry;
    }
  g_error ("no entry for %s", file_name);
  return NULL;
}

static DwEvent *
event_of (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  DwEvent *event = dw_event_new (library);

  g_assert_cmpuint (dw_event_add_folder (event, fixture->dir, &error), ==, 6);
  g_assert_no_error (error);
  return event;
}

static void
counted_items_changed_cb (GListModel *model,
                          guint       position,
                          guint       removed,
                          guint       added,
                          guint      *calls)
{
  (*calls)++;
}

/* Folder in, rows out: every kind is read, in name order, the source
 * files untouched; the rest of the folder is left alone. */
static void
test_folder_in_rows_out (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *cod = g_build_filename (fixture->dir, "grace.cod", NULL);
  g_autoptr(DwEvent) event = NULL;
  g_autoptr(DwDeck) green_wall = load_shipped ("orc-green-wall.xml");
  g_autofree char *green_wall_print = dw_deck_fingerprint (green_wall, game ("arcmage"));
  const char *order[] = { "=barbara.csv", "ada.xml", "broken.cod", "edsger.txt", "grace.cod", "odd.json" };
  DwEventEntry *entry;

  before = dw_test_read_file (cod);
  event = event_of (fixture);
  after = dw_test_read_file (cod);
  g_assert_cmpstr (before, ==, after);

  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (event)) == DW_TYPE_EVENT_ENTRY);
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      g_autoptr(DwEventEntry) at = g_list_model_get_item (G_LIST_MODEL (event), i);

      g_assert_cmpstr (dw_event_entry_get_file_name (at), ==, order[i]);
    }

  /* Our XML: the author is the player. */
  entry = entry_named (event, "ada.xml");
  g_assert_cmpstr (dw_event_entry_get_player (entry), ==, "Deckwright");
  g_assert_cmpstr (dw_event_entry_get_deck_name (entry), ==, "Green Wall");
  g_assert_cmpstr (dw_event_entry_get_game_name (entry), ==, "Arcmage");
  g_assert_cmpstr (dw_event_entry_get_format_id (entry), ==, "arcmage-orc");
  g_assert_cmpint (dw_event_entry_get_verdict (entry), ==, DW_EVENT_VERDICT_LEGAL);
  g_assert_cmpstr (dw_event_entry_get_fingerprint (entry), ==, green_wall_print);

  /* A .cod keeps its format now; no author, so the file names the player. */
  entry = entry_named (event, "grace.cod");
  g_assert_cmpstr (dw_event_entry_get_player (entry), ==, "grace");
  g_assert_cmpstr (dw_event_entry_get_format_id (entry), ==, "arcmage-2021");
  g_assert_true (dw_event_entry_get_legal (entry));

  entry = entry_named (event, "edsger.txt");
  g_assert_cmpstr (dw_event_entry_get_game_name (entry), ==, "Coraabia");
  g_assert_true (dw_event_entry_get_legal (entry));

  entry = entry_named (event, "=barbara.csv");
  g_assert_cmpint (dw_event_entry_get_verdict (entry), ==, DW_EVENT_VERDICT_ILLEGAL);
  g_assert_cmpuint (dw_event_entry_get_n_errors (entry), ==, 1);
  {
    g_auto(GStrv) codes = dw_event_entry_dup_codes (entry);

    g_assert_cmpstr (codes[0], ==, "copy-limit");
  }

  entry = entry_named (event, "broken.cod");
  g_assert_cmpint (dw_event_entry_get_verdict (entry), ==, DW_EVENT_VERDICT_UNREADABLE);
  g_assert_null (dw_event_entry_get_deck (entry));
  g_assert_nonnull (strstr (dw_event_entry_get_error (entry), "broken.cod:1:"));

  g_assert_cmpuint (dw_event_count_verdict (event, DW_EVENT_VERDICT_LEGAL), ==, 3);
  g_assert_cmpuint (dw_event_count_verdict (event, DW_EVENT_VERDICT_ILLEGAL), ==, 2);
  g_assert_cmpuint (dw_event_count_verdict (event, DW_EVENT_VERDICT_UNREADABLE), ==, 1);
}

/* A card database that arrives later, a format added, and the event's
 * format set: every deck is judged again without reading a file twice. */
static void
test_recheck_on_change (Fixture       *fixture,
                        gconstpointer  data)
{
  static const char cards[] =
    "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
    "<info><name>Late cards</name><license>CC0-1.0</license></info>\n"
    "<card id=\"late-1\"><name>Brand New Beast</name><type>Creature</type><faction>Gaian</faction>"
    "<cost>2</cost><loyalty>1</loyalty><attack>2</attack><defence>2</defence></card>\n"
    "</carddb>\n";
  static const char formats[] =
    "<formats xmlns=\"urn:deckwright:game:1\" game=\"arcmage\">"
    "<format id=\"late-house\" name=\"Late House\"><section ref=\"main\"/>"
    "<banned><card name=\"Brand New Beast\"/></banned></format></formats>";
  g_autoptr(DwLibrary) own = dw_test_library ();
  g_autoptr(DwEvent) event = dw_event_new (own);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = dw_test_write_file (fixture->dir, "late.txt",
                                              "4 Thornwood Scout\n2 Brand New Beast\n");
  g_autofree char *db_path = dw_test_write_file (fixture->dir, "late-cards.xml", cards);
  g_autofree char *formats_path = dw_test_write_file (fixture->dir, "late-formats.xml", formats);
  g_autofree char *text = dw_test_read_file (path);
  DwEventEntry *entry = dw_event_add_file (event, path);
  g_auto(GStrv) before = dw_event_entry_dup_codes (entry);
  g_auto(GStrv) after = NULL;
  g_auto(GStrv) banned = NULL;
  guint calls = 0;

  g_assert_true (g_strv_contains ((const char * const *) before, "unknown-card"));
  g_signal_connect (event, "items-changed", G_CALLBACK (counted_items_changed_cb), &calls);

  /* The file is gone: a re-check does not read it again. */
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_nonnull (dw_library_add_card_db_file (own, db_path, &error));
  g_assert_no_error (error);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (calls, ==, 1);
  after = dw_event_entry_dup_codes (entry);
  g_assert_false (g_strv_contains ((const char * const *) after, "unknown-card"));

  /* A format the organiser drops in, then chooses. */
  g_assert_true (dw_library_add_formats_file (own, formats_path, &error));
  g_assert_no_error (error);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (calls, ==, 2);
  dw_event_set_format_id (event, "late-house");
  g_assert_cmpuint (calls, ==, 3);
  g_assert_cmpstr (dw_event_entry_get_format_name (entry), ==, "Late House");
  banned = dw_event_entry_dup_codes (entry);
  g_assert_cmpstr (banned[0], ==, "banned");
  g_assert_null (banned[1]);
  g_assert_cmpstr (text, ==, "4 Thornwood Scout\n2 Brand New Beast\n");
}

/* A reader of RFC 4180 apart from the importer's, so the test does not
 * check the writer against itself. */
static GPtrArray *
read_csv (const char *text)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GPtrArray *row = g_ptr_array_new_with_free_func (g_free);
  GString *cell = g_string_new (NULL);
  gboolean quoted = FALSE;

  for (const char *p = text; *p; p++)
    {
      if (quoted)
        {
          if (*p == '"' && p[1] == '"')
            g_string_append_c (cell, *p++);
          else if (*p == '"')
            quoted = FALSE;
          else
            g_string_append_c (cell, *p);
        }
      else if (*p == '"')
        quoted = TRUE;
      else if (*p == ',')
        {
          g_ptr_array_add (row, g_string_free (cell, FALSE));
          cell = g_string_new (NULL);
        }
      else if (*p == '\r' && p[1] == '\n')
        {
          g_ptr_array_add (row, g_string_free (cell, FALSE));
          cell = g_string_new (NULL);
          g_ptr_array_add (rows, row);
          row = g_ptr_array_new_with_free_func (g_free);
          p++;
        }
      else
        g_string_append_c (cell, *p);
    }
  g_assert_cmpuint (row->len, ==, 0);
  g_assert_cmpuint (cell->len, ==, 0);
  g_ptr_array_unref (row);
  g_string_free (cell, TRUE);
  return rows;
}

static const char *
cell (GPtrArray *rows,
      guint      row,
      guint      column)
{
  GPtrArray *cells = g_ptr_array_index (rows, row);

  g_assert_cmpuint (column, <, cells->len);
  return g_ptr_array_index (cells, column);
}

/* The report's CSV reads back to one row per deck, the columns the
 * organiser asked for, and a formula-like file name stays text. */
static void
test_report_csv_reads_back (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(DwEvent) event = event_of (fixture);
  g_autofree char *csv = dw_event_report_csv (event);
  g_autoptr(GPtrArray) rows = read_csv (csv);
  const char *header[] = { "file", "player", "deck", "game", "format", "legal", "errors", "warnings",
                           "codes", "fingerprint" };

  g_assert_cmpuint (rows->len, ==, 1 + g_list_model_get_n_items (G_LIST_MODEL (event)));
  for (guint i = 0; i < G_N_ELEMENTS (header); i++)
    g_assert_cmpstr (cell (rows, 0, i), ==, header[i]);

  for (guint r = 1; r < rows->len; r++)
    {
      g_autoptr(DwEventEntry) entry = g_list_model_get_item (G_LIST_MODEL (event), r - 1);
      g_auto(GStrv) codes = dw_event_entry_dup_codes (entry);
      g_autofree char *joined = g_strjoinv (" ", codes);
      g_autofree char *errors = g_strdup_printf ("%u", dw_event_entry_get_n_errors (entry));
      const char *file = cell (rows, r, 0);

      g_assert_cmpstr (file, ==, dw_event_entry_get_path (entry));
      if (dw_csv_needs_guard (dw_event_entry_get_player (entry)))
        {
          g_autofree char *guarded = g_strconcat ("'", dw_event_entry_get_player (entry), NULL);
          g_assert_cmpstr (cell (rows, r, 1), ==, guarded);
        }
      else
        g_assert_cmpstr (cell (rows, r, 1), ==, dw_event_entry_get_player (entry));
      g_assert_cmpstr (cell (rows, r, 2), ==, dw_event_entry_get_deck_name (entry));
      g_assert_cmpstr (cell (rows, r, 4), ==, dw_event_entry_get_format_id (entry));
      g_assert_cmpstr (cell (rows, r, 5), ==, dw_event_verdict_to_string (dw_event_entry_get_verdict (entry)));
      g_assert_cmpstr (cell (rows, r, 6), ==, errors);
      g_assert_cmpstr (cell (rows, r, 8), ==, joined);
      g_assert_cmpstr (cell (rows, r, 9), ==, dw_event_entry_get_fingerprint (entry));
    }
  /* The player of "=barbara.csv" is "=barbara", neutralised. */
  g_assert_cmpstr (cell (rows, 1, 1), ==, "'=barbara");
  g_assert_cmpstr (cell (rows, 1, 5), ==, "illegal");
  g_assert_cmpstr (cell (rows, 3, 5), ==, "unreadable");
  g_assert_cmpstr (cell (rows, 3, 8), ==, "unreadable");
}

static void
test_report_json_reads_back (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(DwEvent) event = event_of (fixture);
  g_autofree char *json = dw_event_report_json (event);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *rows;

  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  g_assert_no_error (error);
  rows = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (rows), ==, g_list_model_get_n_items (G_LIST_MODEL (event)));

  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      g_autoptr(DwEventEntry) entry = g_list_model_get_item (G_LIST_MODEL (event), i);
      JsonObject *row = json_array_get_object_element (rows, i);
      JsonArray *codes = json_object_get_array_member (row, "codes");
      g_auto(GStrv) expected = dw_event_entry_dup_codes (entry);
      JsonNode *legal = json_object_get_member (row, "legal");

      g_assert_cmpstr (json_object_get_string_member (row, "file"), ==, dw_event_entry_get_path (entry));
      g_assert_cmpstr (json_object_get_string_member (row, "player"), ==, dw_event_entry_get_player (entry));
      g_assert_cmpstr (json_object_get_string_member (row, "deck"), ==, dw_event_entry_get_deck_name (entry));
      g_assert_cmpstr (json_object_get_string_member (row, "format"), ==, dw_event_entry_get_format_id (entry));
      g_assert_cmpstr (json_object_get_string_member (row, "fingerprint"), ==,
                       dw_event_entry_get_fingerprint (entry));
      g_assert_cmpuint (json_array_get_length (codes), ==, g_strv_length (expected));
      for (guint c = 0; expected[c] != NULL; c++)
        g_assert_cmpstr (json_array_get_string_element (codes, c), ==, expected[c]);
      if (dw_event_entry_get_verdict (entry) == DW_EVENT_VERDICT_UNREADABLE)
        {
          g_assert_true (JSON_NODE_HOLDS_NULL (legal));
          g_assert_cmpstr (json_object_get_string_member (row, "error"), ==, dw_event_entry_get_error (entry));
        }
      else
        g_assert_true (json_node_get_boolean (legal) == dw_event_entry_get_legal (entry));
    }
}

/* The PDF report and all registration sheets in one PDF: one sheet per
 * readable deck, each with its fingerprint. */
static void
test_report_pdf_and_sheets (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(DwEvent) event = event_of (fixture);
  g_autofree char *report = g_build_filename (fixture->dir, "out", "report.pdf", NULL);
  g_autofree char *sheets = g_build_filename (fixture->dir, "out", "sheets.pdf", NULL);
  g_autofree char *out_dir = g_build_filename (fixture->dir, "out", NULL);
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");
  g_autoptr(GError) error = NULL;
  g_autofree char *bytes = NULL;
  gsize length;

  g_assert_cmpint (g_mkdir (out_dir, 0700), ==, 0);
  g_assert_true (dw_event_report_save (event, DW_EVENT_REPORT_PDF, report, DW_PAPER_A4, &error));
  g_assert_no_error (error);
  g_assert_true (dw_event_save_sheets_pdf (event, sheets, DW_PAPER_A4, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (sheets, &bytes, &length, NULL));
  g_assert_true (g_str_has_prefix (bytes, "%PDF-"));

  if (pdftotext == NULL)
    {
      g_test_skip ("pdftotext (poppler-utils) is not installed");
      return;
    }
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GSubprocess) process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error, pdftotext,
                                                         "-layout", i == 0 ? report : sheets, "-", NULL);
      g_autofree char *text = NULL;

      g_assert_no_error (error);
      g_subprocess_communicate_utf8 (process, NULL, NULL, &text, NULL, &error);
      g_assert_no_error (error);
      if (i == 0)
        {
          g_assert_nonnull (strstr (text, "6 decklists: 3 legal, 2 illegal, 1 unreadable"));
          g_assert_nonnull (strstr (text, "grace.cod"));
          g_assert_nonnull (strstr (text, "copy-limit"));
        }
      else
        for (guint e = 0; e < g_list_model_get_n_items (G_LIST_MODEL (event)); e++)
          {
            g_autoptr(DwEventEntry) entry = g_list_model_get_item (G_LIST_MODEL (event), e);

            if (dw_event_entry_get_deck (entry) != NULL)
              g_assert_nonnull (strstr (text, dw_event_entry_get_fingerprint (entry)));
          }
    }
}

/* An Arcmage deck from the web carries its cards: kept, they make the
 * deck's cards known, saved where the library loads them next time. */
static void
test_brought_cards_are_kept (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *real = dw_test_shared_reference ("arcmage-api-decks-2019/ablaze.json");
  g_autoptr(DwLibrary) own = dw_test_library ();
  g_autoptr(DwEvent) event = dw_event_new (own);
  g_autofree char *cards = g_build_filename (fixture->dir, "cards", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwLibrary) next_time = NULL;
  DwEventEntry *entry;
  guint brought, kept;

  if (real == NULL)
    {
      g_test_skip ("the shared reference decks are not here");
      return;
    }
  entry = dw_event_add_file (event, real);
  brought = dw_event_entry_get_n_brought_cards (entry);
  g_assert_cmpuint (brought, >, 0);
  g_assert_cmpuint (brought, ==, dw_event_count_brought_cards (event));
  g_assert_cmpint (dw_event_entry_get_verdict (entry), ==, DW_EVENT_VERDICT_ILLEGAL);

  kept = dw_event_keep_brought_cards (event, cards, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kept, ==, brought);
  g_assert_cmpuint (dw_event_entry_get_n_brought_cards (entry), ==, 0);
  g_assert_cmpuint (dw_event_entry_count_unknown (entry), ==, 0);
  g_assert_cmpstr (dw_event_entry_get_format_id (entry), ==, "arcmage-2021");
  g_assert_true (dw_event_entry_get_legal (entry));

  /* Saved as a card database the loader reads. */
  {
    g_autofree char *saved = g_build_filename (cards, "deck-ablaze.xml", NULL);

    next_time = dw_library_new ();
    g_assert_true (dw_library_load_defaults (next_time, &error));
    g_assert_nonnull (dw_library_add_card_db_file (next_time, saved, &error));
    g_assert_no_error (error);
  }
}

/* A deck check: the list registered against the deck presented. */
static void
test_compare_lists (void)
{
  g_autoptr(DwDeck) registered = load_shipped ("orc-green-wall.xml");
  g_autoptr(DwDeck) presented = load_shipped ("orc-green-wall.xml");
  g_autoptr(DwDeckComparison) same = dw_deck_compare (registered, presented, game ("arcmage"));
  g_autoptr(DwDeckComparison) changed = NULL;
  g_autoptr(DwDeckEntry) scout = g_list_model_get_item (dw_deck_get_section (presented, "main"), 0);
  g_autoptr(DwDeckEntry) extra = dw_deck_entry_new (NULL, "HEDGE SPRITE", 1);
  g_autoptr(DwDeckEntry) moved = dw_deck_entry_new ("arc-r001", "Sunlit Thicket", 1);
  g_autofree char *text = NULL;
  DwDeckChange *change;

  g_assert_true (dw_deck_comparison_matches (same));
  g_assert_cmpuint (same->changes->len, ==, 0);

  /* One Thornwood Scout fewer, one Hedge Sprite more (by name, in
   * another case), Sunlit Thicket moved from the regions to the main
   * deck. */
  dw_deck_entry_set_count (scout, 3);
  dw_deck_add_entry (presented, "main", extra);
  {
    g_autoptr(DwDeckEntry) region = g_list_model_get_item (dw_deck_get_section (presented, "regions"), 0);

    dw_deck_remove_entry (presented, region);
  }
  dw_deck_add_entry (presented, "main", moved);
  changed = dw_deck_compare (registered, presented, game ("arcmage"));

  g_assert_false (dw_deck_comparison_matches (changed));
  g_assert_cmpuint (changed->changes->len, ==, 3);
  change = g_ptr_array_index (changed->changes, 0);
  g_assert_cmpint (change->kind, ==, DW_DECK_CHANGE_ADDED);
  g_assert_cmpstr (change->name, ==, "Hedge Sprite");
  g_assert_cmpstr (change->to_section, ==, "main");
  g_assert_cmpuint (change->count, ==, 1);
  change = g_ptr_array_index (changed->changes, 1);
  g_assert_cmpint (change->kind, ==, DW_DECK_CHANGE_MOVED);
  g_assert_cmpstr (change->name, ==, "Sunlit Thicket");
  g_assert_cmpstr (change->from_section, ==, "regions");
  g_assert_cmpstr (change->to_section, ==, "main");
  change = g_ptr_array_index (changed->changes, 2);
  g_assert_cmpint (change->kind, ==, DW_DECK_CHANGE_REMOVED);
  g_assert_cmpstr (change->name, ==, "Thornwood Scout");
  g_assert_cmpstr (change->from_section, ==, "main");

  text = dw_deck_comparison_to_text (changed, game ("arcmage"));
  g_assert_nonnull (strstr (text, "The fingerprints differ: "));
  g_assert_nonnull (strstr (text, "added: 1 × Hedge Sprite (Main deck)\n"));
  g_assert_nonnull (strstr (text, "moved: 1 × Sunlit Thicket from Regions to Main deck\n"));
  g_assert_nonnull (strstr (text, "removed: 1 × Thornwood Scout (Main deck)\n"));
}

static void
add_test (const char *path,
          void      (*func) (Fixture *, gconstpointer))
{
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  library = dw_test_library ();

  add_test ("/event/folder-in-rows-out", test_folder_in_rows_out);
  add_test ("/event/recheck-on-change", test_recheck_on_change);
  add_test ("/event/report/csv-reads-back", test_report_csv_reads_back);
  add_test ("/event/report/json-reads-back", test_report_json_reads_back);
  add_test ("/event/report/pdf-and-all-sheets", test_report_pdf_and_sheets);
  add_test ("/event/brought-cards-are-kept", test_brought_cards_are_kept);
  g_test_add_func ("/event/compare-lists", test_compare_lists);

  status = g_test_run ();
  g_object_unref (library);
  return status;
}
