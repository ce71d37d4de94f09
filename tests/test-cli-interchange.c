/* test-cli-interchange.c — deckwright --export, --import and --import-cards
 *
 * Each test runs the built executable ($DECKWRIGHT) as test-cli.c does:
 * no display, an English UTF-8 locale, a fresh $XDG_DATA_HOME.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <glib/gstdio.h>
#include <string.h>

#include <gdk-pixbuf/gdk-pixbuf.h>

#include "dw-deck-picture.h"
#include "dw-export.h"
#include "dw-qr.h"
#include "dw-test-util.h"

/* The run's own folder and $XDG_DATA_HOME, and what a run gave
 * (tests/dw-test-util.h). */
typedef DwTestCliFixture Fixture;
typedef DwTestRun Run;

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Run, dw_test_run_free)

static const char * const real_decks[] = {
  "ablaze", "brothers-in-arms", "dunefolk", "enchanted-world", "gaian-love-for-life",
};

static Run *
run_in_locale (Fixture            *fixture,
               const char         *locale,
               const char * const *args)
{
  const DwTestRunOptions options = { .locale = locale };

  return dw_test_cli_run_with (fixture, &options, args);
}

static Run *
run (Fixture            *fixture,
     const char * const *args)
{
  return run_in_locale (fixture, "C.UTF-8", args);
}

static char *
tmp_path (Fixture    *fixture,
          const char *name)
{
  return g_build_filename (fixture->tmpdir, name, NULL);
}

/* PDF streams hold NUL bytes, so search the bytes, not a string. */
static gboolean
bytes_contain (const char *bytes,
               gsize       length,
               const char *needle)
{
  gsize needle_length = strlen (needle);

  for (gsize i = 0; i + needle_length <= length; i++)
    if (memcmp (bytes + i, needle, needle_length) == 0)
      return TRUE;
  return FALSE;
}

/* What the library writes is what the command writes. */
static void
test_export_text_kinds (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) loaded = dw_deck_load (deck, &error);
  const char *kinds[] = { "text", "csv", "cod", "xml", "code" };

  g_assert_no_error (error);
  dw_library_resolve_deck (library, loaded);

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autofree char *output = tmp_path (fixture, kinds[i]);
      DwExportKind kind;
      g_autofree char *expected = NULL;
      g_autofree char *written = NULL;
      g_autoptr(Run) to_file = NULL;
      g_autoptr(Run) to_stdout = NULL;

      g_assert_true (dw_export_kind_from_string (kinds[i], &kind));
      expected = dw_export_to_string (loaded, dw_library_lookup_game (library, "arcmage"), kind, &error);

      to_file = run (fixture, (const char *[]) { "--export", kinds[i], deck, "--output", output, NULL });
      g_assert_cmpint (to_file->status, ==, 0);
      g_assert_cmpstr (to_file->out, ==, "");
      g_assert_cmpstr (to_file->err, ==, "");
      written = dw_test_read_file (output);
      g_assert_cmpstr (written, ==, expected);

      /* Without --output, to standard output, for a pipe. */
      to_stdout = run (fixture, (const char *[]) { "--export", kinds[i], deck, NULL });
      g_assert_cmpint (to_stdout->status, ==, 0);
      g_assert_cmpstr (to_stdout->out, ==, expected);
    }
}

static void
test_export_pdf (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("arcmage-illegal-copy-limit.xml");
  g_autofree char *output = tmp_path (fixture, "sheet.pdf");
  g_autofree char *bytes = NULL;
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");
  gsize length;
  g_autoptr(Run) result = run (fixture, (const char *[]) {
    "--export", "pdf", deck, "--output", output, "--paper", "letter",
    "--event", "Winter Cup", "--player", "Grace Hopper", "--date", "2027-01-09",
    "--location", "Zlín", NULL });

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  g_assert_true (g_file_get_contents (output, &bytes, &length, NULL));
  g_assert_true (bytes_contain (bytes, length, "/MediaBox [ 0 0 612 792 ]"));

  if (pdftotext != NULL)
    {
      g_autoptr(GSubprocess) process = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;

      process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error,
                                  pdftotext, "-layout", output, "-", NULL);
      g_assert_no_error (error);
      g_subprocess_communicate_utf8 (process, NULL, NULL, &text, NULL, &error);
      g_assert_no_error (error);
      g_assert_nonnull (strstr (text, "Winter Cup"));
      g_assert_nonnull (strstr (text, "Grace Hopper"));
      g_assert_nonnull (strstr (text, "2027-01-09"));
      g_assert_nonnull (strstr (text, "Zlín"));
      g_assert_nonnull (strstr (text, "NOT LEGAL under Original Rules Concept (arcmage-orc)"));
      g_assert_nonnull (strstr (text, "[copy-limit]"));
    }
}

/* --format picks the rules the sheet judges by. */
static void
test_export_pdf_format (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
  g_autofree char *output = tmp_path (fixture, "sheet.pdf");
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");
  g_autoptr(Run) result = run (fixture, (const char *[]) {
    "--export", "pdf", deck, "--output", output, "--format", "arcmage-2021", NULL });
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_cmpint (result->status, ==, 0);
  if (pdftotext == NULL)
    {
      g_test_skip ("pdftotext is not installed");
      return;
    }
  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error, pdftotext, output, "-", NULL);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &text, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "NOT LEGAL under Arcmage (2021 leaflet) (arcmage-2021)"));
}

static void
test_export_errors (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
  g_autofree char *missing = tmp_path (fixture, "missing.xml");
  g_autofree char *broken = dw_test_write_file (fixture->tmpdir, "broken.xml",
                                                "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n"
                                                "  <section id=\"main\">\n</deck>\n");
  g_autofree char *expected_missing = NULL;
  g_autoptr(Run) kind = run (fixture, (const char *[]) { "--export", "docx", deck, NULL });
  g_autoptr(Run) paper = run (fixture, (const char *[]) { "--export", "pdf", deck, "--output", "x.pdf",
                                                          "--paper", "legal", NULL });
  g_autoptr(Run) no_output = run (fixture, (const char *[]) { "--export", "pdf", deck, NULL });
  g_autoptr(Run) no_deck = run (fixture, (const char *[]) { "--export", "text", NULL });
  g_autoptr(Run) absent = run (fixture, (const char *[]) { "--export", "text", missing, NULL });
  g_autoptr(Run) malformed = run (fixture, (const char *[]) { "--export", "csv", broken, NULL });
  g_autoptr(Run) unknown_format = run (fixture, (const char *[]) { "--export", "pdf", deck, "--output",
                                                                   "x.pdf", "--format", "nope", NULL });

  g_assert_cmpint (kind->status, ==, 2);
  g_assert_cmpstr (kind->err, ==, "deckwright: --export takes pdf, text, csv, cod, xml, code or png, not “docx”\n");
  g_assert_cmpint (paper->status, ==, 2);
  g_assert_cmpstr (paper->err, ==, "deckwright: --paper takes a4 or letter, not “legal”\n");
  g_assert_cmpint (no_output->status, ==, 2);
  g_assert_cmpstr (no_output->err, ==, "deckwright: --export pdf needs --output FILE for the sheet\n");
  g_assert_cmpint (no_deck->status, ==, 2);
  g_assert_cmpstr (no_deck->err, ==, "deckwright: --export KIND takes one deck file\n");
  g_assert_cmpint (absent->status, ==, 2);
  expected_missing = g_strdup_printf ("deckwright: %s: cannot be read: ", missing);
  g_assert_true (g_str_has_prefix (absent->err, expected_missing));
  g_assert_cmpint (malformed->status, ==, 2);
  g_assert_true (g_str_has_prefix (malformed->err, "deckwright: "));
  g_assert_nonnull (strstr (malformed->err, "broken.xml:3:"));
  g_assert_cmpint (unknown_format->status, ==, 2);
  g_assert_nonnull (strstr (unknown_format->err, "there is no format “nope”"));
}

/* A pasted list becomes a deck file that --validate judges; an unknown
 * card is kept and named with its line. */
static void
test_import_text (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *input = dw_test_fixture_path ("interchange/green-wall-pasted.txt");
  g_autofree char *output = tmp_path (fixture, "gw.xml");
  g_autofree char *expected_warning = g_strdup_printf (
    "deckwright: warning: %s:23: no Arcmage card database has “Starlit Wyvern of Nowhere”; "
    "it is kept in the deck as an unknown card\n", input);
  g_autofree char *written = NULL;
  g_autoptr(Run) imported = run (fixture, (const char *[]) { "--import", input, "--output", output, NULL });
  g_autoptr(Run) validated = NULL;

  g_assert_cmpint (imported->status, ==, 0);
  g_assert_cmpstr (imported->err, ==, expected_warning);
  written = dw_test_read_file (output);
  g_assert_nonnull (strstr (written, "<name>Green Wall</name>"));
  g_assert_nonnull (strstr (written, "<author>Ada</author>"));
  g_assert_nonnull (strstr (written, "<card id=\"arc-0001\" count=\"4\">Thornwood Scout</card>"));
  g_assert_nonnull (strstr (written, "<card count=\"1\">Starlit Wyvern of Nowhere</card>"));

  validated = run (fixture, (const char *[]) { "--validate", output, NULL });
  g_assert_cmpint (validated->status, ==, 1);
  g_assert_nonnull (strstr (validated->out, "error[unknown-card]: “Starlit Wyvern of Nowhere”"));
}

static void
test_import_format_and_stdout (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autofree char *input = dw_test_write_file (fixture->tmpdir, "list.txt", "2 Nobody Knows\n");
  g_autoptr(Run) unknown_game = run (fixture, (const char *[]) { "--import", input, NULL });
  g_autoptr(Run) with_format = run (fixture, (const char *[]) { "--import", input, "--format", "arcmage-2021", NULL });
  g_autoptr(Run) bad_format = run (fixture, (const char *[]) { "--import", input, "--format", "nope", NULL });
  g_autofree char *expected = g_strdup_printf ("deckwright: %s: the card is in no card database, so the "
                                               "deck's game cannot be told; say which game it is for "
                                               "(with --format ID)\n", input);

  g_assert_cmpint (unknown_game->status, ==, 2);
  g_assert_cmpstr (unknown_game->err, ==, expected);
  g_assert_cmpint (with_format->status, ==, 0);
  g_assert_true (g_str_has_prefix (with_format->out,
                                   "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                   "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\" format=\"arcmage-2021\">\n"));
  g_assert_nonnull (strstr (with_format->out, "<card count=\"2\">Nobody Knows</card>"));
  g_assert_cmpint (bad_format->status, ==, 2);
}

static void
test_import_errors (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *csv = dw_test_fixture_path ("interchange/unclosed-quote.csv");
  g_autofree char *expected = g_strdup_printf ("deckwright: %s:3:3: the quoted field is never closed; "
                                               "end it with a quote\n", csv);
  g_autofree char *missing = tmp_path (fixture, "missing.txt");
  g_autofree char *never = tmp_path (fixture, "never.xml");
  g_autoptr(Run) malformed = NULL;
  g_autoptr(Run) absent = run (fixture, (const char *[]) { "--import", missing, NULL });
  g_autoptr(Run) two = run (fixture, (const char *[]) { "--import", csv, csv, NULL });

  malformed = run (fixture, (const char *[]) { "--import", csv, "--output", never, NULL });
  g_assert_cmpint (malformed->status, ==, 2);
  g_assert_cmpstr (malformed->err, ==, expected);
  g_assert_false (g_file_test (never, G_FILE_TEST_EXISTS));
  g_assert_cmpint (absent->status, ==, 2);
  g_assert_nonnull (strstr (absent->err, "cannot be read"));
  g_assert_cmpint (two->status, ==, 2);
}

/* Exported and imported again by the command line, a deck is judged as
 * before. */
/* The .cod carries the deck's format: the three 2021 decks come back
 * judged under today's Arcmage with no --format (issue 13). */
static void
test_cod_round_trip (Fixture       *fixture,
                     gconstpointer  data)
{
  static const char * const decks[] = {
    "a21-gilded-legion.xml", "a21-house-of-the-rose.xml", "a21-kazgar-ascendant.xml",
  };

  for (guint i = 0; i < G_N_ELEMENTS (decks); i++)
    {
      g_autofree char *deck = dw_test_deck_path (decks[i]);
      g_autofree char *cod = tmp_path (fixture, "deck.cod");
      g_autofree char *back = tmp_path (fixture, "deck.xml");
      g_autoptr(Run) exported = run (fixture, (const char *[]) { "--export", "cod", deck, "--output", cod, NULL });
      g_autoptr(Run) imported = run (fixture, (const char *[]) { "--import", cod, "--output", back, NULL });
      g_autoptr(Run) validated = run (fixture, (const char *[]) { "--validate", back, NULL });
      g_autofree char *expected = g_strdup_printf ("%s: legal\n", back);

      g_assert_cmpint (exported->status, ==, 0);
      g_assert_cmpint (imported->status, ==, 0);
      g_assert_cmpstr (imported->err, ==, "");
      g_assert_cmpint (validated->status, ==, 0);
      g_assert_cmpstr (validated->out, ==, expected);
    }
}

/* The house format README.md documents, dropped into the user's formats
 * folder, judges the shipped Green Wall by its ban and restricted lists. */
static void
test_documented_house_format (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autofree char *example = g_test_build_filename (G_TEST_DIST, "..", "docs", "winter-league.xml", NULL);
  g_autofree char *text = dw_test_read_file (example);
  g_autofree char *formats = g_build_filename (fixture->xdg_home, "deckwright", "formats", NULL);
  g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
  g_autoptr(Run) result = NULL;
  g_auto(GStrv) lines = NULL;
  guint banned = 0, restricted = 0;

  g_assert_cmpint (g_mkdir_with_parents (formats, 0700), ==, 0);
  g_free (dw_test_write_file (formats, "winter-league.xml", text));
  result = run (fixture, (const char *[]) { "--validate", deck, "--format", "arcmage-winter-league", NULL });

  g_assert_cmpint (result->status, ==, 1);
  g_assert_cmpstr (result->err, ==, "");
  lines = g_strsplit (result->out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      banned += strstr (lines[i], ": error[banned]: ") != NULL;
      restricted += strstr (lines[i], ": error[restricted]: ") != NULL;
    }
  g_assert_cmpuint (banned, ==, 2);
  g_assert_cmpuint (restricted, ==, 2);
  g_assert_nonnull (strstr (result->out, "error[banned]: “Verdant Surge” is banned in Winter League; "
                                         "take out all 4 copies\n"));
  g_assert_nonnull (strstr (result->out, "error[restricted]: 3 copies of “Barkskin Mantle”; Winter League "
                                         "restricts it to 2 copies\n"));
}

static void
write_exported (Fixture    *fixture,
                const char *deck,
                const char *kind,
                const char *file_name)
{
  g_autofree char *path = dw_test_deck_path (deck);
  g_autofree char *output = g_build_filename (fixture->tmpdir, "desk", file_name, NULL);
  g_autoptr(Run) exported = run (fixture, (const char *[]) { "--export", kind, path, "--output", output, NULL });

  g_assert_cmpint (exported->status, ==, 0);
}

/* A folder of decklists in every format: --validate reads them all, in
 * name order, and --report writes one row per deck. */
static void
test_validate_folder_and_report (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autofree char *desk = g_build_filename (fixture->tmpdir, "desk", NULL);
  g_autofree char *csv = tmp_path (fixture, "report.csv");
  g_autofree char *broken = NULL;
  g_autofree char *report = NULL;
  g_autoptr(Run) validated = NULL;
  g_autoptr(Run) reported = NULL;
  g_autoptr(Run) json = NULL;
  g_autoptr(Run) with_broken = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_cmpint (g_mkdir (desk, 0700), ==, 0);
  write_exported (fixture, "a21-gilded-legion.xml", "cod", "ada.cod");
  write_exported (fixture, "cor-bone-choir.xml", "text", "bob.txt");
  write_exported (fixture, "orc-green-wall.xml", "csv", "cy.csv");
  write_exported (fixture, "orc-bone-tide.xml", "xml", "dee.xml");

  validated = run (fixture, (const char *[]) { "--validate", desk, NULL });
  expected = g_strdup_printf ("%s/ada.cod: legal\n%s/bob.txt: legal\n%s/cy.csv: legal\n%s/dee.xml: legal\n",
                              desk, desk, desk, desk);
  g_assert_cmpint (validated->status, ==, 0);
  g_assert_cmpstr (validated->err, ==, "");
  g_assert_cmpstr (validated->out, ==, expected);

  reported = run (fixture, (const char *[]) { "--report", "csv", desk, "--output", csv, NULL });
  g_assert_cmpint (reported->status, ==, 0);
  g_assert_cmpstr (reported->out, ==, "");
  report = dw_test_read_file (csv);
  lines = g_strsplit (report, "\r\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 6);   /* header, four rows, the empty end */
  g_assert_cmpstr (lines[0], ==, "file,player,deck,game,format,legal,errors,warnings,codes,fingerprint");
  {
    g_autofree char *row = g_strdup_printf ("%s/ada.cod,ada,Gilded Legion,Arcmage,arcmage-2021,legal,0,0,,", desk);

    g_assert_true (g_str_has_prefix (lines[1], row));
    g_assert_true (g_regex_match_simple (",[0-9a-v]{8}$", lines[1], 0, 0));
  }

  /* The same table on paper; a PDF needs a file to go to. */
  {
    g_autofree char *pdf = tmp_path (fixture, "report.pdf");
    g_autofree char *bytes = NULL;
    g_autoptr(Run) paper = run (fixture, (const char *[]) { "--report", "pdf", desk, "--output", pdf, NULL });
    g_autoptr(Run) nowhere = run (fixture, (const char *[]) { "--report", "pdf", desk, NULL });
    g_autoptr(Run) odd = run (fixture, (const char *[]) { "--report", "xlsx", desk, NULL });

    g_assert_cmpint (paper->status, ==, 0);
    bytes = dw_test_read_file (pdf);
    g_assert_true (g_str_has_prefix (bytes, "%PDF-"));
    g_assert_cmpint (nowhere->status, ==, 2);
    g_assert_cmpstr (nowhere->err, ==, "deckwright: --report pdf needs --output FILE\n");
    g_assert_cmpint (odd->status, ==, 2);
    g_assert_nonnull (strstr (odd->err, "--report takes csv, json or pdf, not “xlsx”"));
  }

  /* JSON to standard output; a broken file makes the run exit 2 and is
   * a row of its own. */
  broken = g_build_filename (desk, "eve.cod", NULL);
  g_assert_true (g_file_set_contents (broken, "<cockatrice_deck>", -1, NULL));
  json = run (fixture, (const char *[]) { "--report", "json", desk, NULL });
  g_assert_cmpint (json->status, ==, 2);
  g_assert_true (json_parser_load_from_data (parser, json->out, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (json_parser_get_root (parser))), ==, 5);

  with_broken = run (fixture, (const char *[]) { "--validate", desk, NULL });
  g_assert_cmpint (with_broken->status, ==, 2);
  g_assert_nonnull (strstr (with_broken->err, "eve.cod:1:"));
  g_assert_nonnull (strstr (with_broken->out, "dee.xml: legal\n"));
}

/* Issue 13: under a Turkish locale the fingerprint of Red Hand Warband
 * (Ironjaw Raider) came out other than in English; it is Cockatrice's
 * under every locale. */
static void
test_fingerprint_same_in_every_locale (Fixture       *fixture,
                                       gconstpointer  data)
{
  static const char * const locales[] = { "tr_TR.UTF-8", "az_AZ.UTF-8", "lt_LT.UTF-8", "el_GR.UTF-8" };
  g_autofree char *deck = dw_test_deck_path ("orc-red-hand-warband.xml");
  g_autoptr(Run) english = run (fixture, (const char *[]) { "--report", "csv", deck, NULL });
  guint tried = 0;

  g_assert_cmpint (english->status, ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (locales); i++)
    {
      g_autoptr(Run) other = NULL;

      g_autofree char *saved = g_strdup (setlocale (LC_ALL, NULL));
      gboolean installed = setlocale (LC_ALL, locales[i]) != NULL;

      setlocale (LC_ALL, saved);
      if (!installed)
        continue;
      other = run_in_locale (fixture, locales[i], (const char *[]) { "--report", "csv", deck, NULL });
      g_assert_cmpint (other->status, ==, 0);
      g_assert_cmpstr (other->out, ==, english->out);
      tried++;
    }
  if (tried == 0)
    g_test_skip ("none of the Turkish, Azeri, Lithuanian or Greek locales is installed (locales-all)");
}

/* A real Arcmage deck from the web names cards no database has; with
 * --with-cards the cards it carries are kept, for this run and the next. */
static void
test_with_cards (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *deck = dw_test_shared_reference ("arcmage-api-decks-2019/ablaze.json");
  g_autofree char *kept = g_build_filename (fixture->xdg_home, "deckwright", "cards", "deck-ablaze.xml", NULL);
  g_autofree char *legal = NULL;
  g_autoptr(Run) without = NULL;
  g_autoptr(Run) with = NULL;
  g_autoptr(Run) next_time = NULL;

  if (deck == NULL)
    {
      g_test_skip ("the shared reference decks are not here");
      return;
    }
  legal = g_strdup_printf ("%s: legal\n", deck);

  without = run (fixture, (const char *[]) { "--validate", deck, NULL });
  g_assert_cmpint (without->status, ==, 1);
  g_assert_nonnull (strstr (without->out, "error[unknown-card]"));

  with = run (fixture, (const char *[]) { "--validate", deck, "--with-cards", NULL });
  g_assert_cmpint (with->status, ==, 0);
  g_assert_cmpstr (with->out, ==, legal);
  g_assert_nonnull (strstr (with->err, "the decks brought are kept in"));
  g_assert_true (g_file_test (kept, G_FILE_TEST_IS_REGULAR));

  next_time = run (fixture, (const char *[]) { "--validate", deck, NULL });
  g_assert_cmpint (next_time->status, ==, 0);
  g_assert_cmpstr (next_time->out, ==, legal);
}

static void
test_import_cards_fixture (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autofree char *cards = dw_test_fixture_path ("interchange/api-cards-odd.json");
  g_autofree char *deck = dw_test_fixture_path ("interchange/api-deck.json");
  g_autofree char *db = tmp_path (fixture, "odd.xml");
  g_autofree char *imported_deck = tmp_path (fixture, "odd-deck.xml");
  g_autofree char *expected = g_strdup_printf ("deckwright: warning: %s:18: “Wildcard Beast”: ATK must be a "
                                               "whole number, not “X”; the value is kept as <api:attack>\n",
                                               cards);
  g_autoptr(Run) imported = run (fixture, (const char *[]) { "--import-cards", cards, "--output", db, NULL });
  g_autoptr(Run) deck_run = run (fixture, (const char *[]) { "--db", db, "--import", deck, "--output",
                                                             imported_deck, NULL });
  g_autoptr(Run) broken = NULL;
  g_autofree char *city = dw_test_fixture_path ("interchange/api-cards-city-without-defense.json");
  g_autofree char *broken_expected = g_strdup_printf ("deckwright: %s:3: “Paper Town” is a City but has no "
                                                      "“defense”, which is a City's HP\n", city);

  g_assert_cmpint (imported->status, ==, 0);
  g_assert_cmpstr (imported->err, ==, expected);
  g_assert_cmpint (deck_run->status, ==, 0);
  g_assert_nonnull (strstr (deck_run->err, "“Card Nobody Has”"));

  broken = run (fixture, (const char *[]) { "--import-cards", city, "--output", db, NULL });
  g_assert_cmpint (broken->status, ==, 2);
  g_assert_cmpstr (broken->err, ==, broken_expected);
}

/* The real 2019 data: cards from the card list and the decks, then each
 * deck: legal as today's Arcmage, illegal under the Original Rules
 * Concept. */
static void
test_real_data (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *cards = dw_test_shared_reference ("arcmage-api-cards-2019.json");
  g_autofree char *db = tmp_path (fixture, "arcmage-2019.xml");
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(Run) imported = NULL;

  if (cards == NULL)
    {
      g_test_skip ("../shared/reference is absent");
      return;
    }

  g_ptr_array_add (args, "--import-cards");
  g_ptr_array_add (args, cards);
  for (guint i = 0; i < G_N_ELEMENTS (real_decks); i++)
    {
      g_autofree char *name = g_strdup_printf ("arcmage-api-decks-2019/%s.json", real_decks[i]);
      char *path = dw_test_shared_reference (name);

      g_ptr_array_add (paths, path);
      g_ptr_array_add (args, path);
    }
  g_ptr_array_add (args, "--output");
  g_ptr_array_add (args, db);
  g_ptr_array_add (args, NULL);
  imported = run (fixture, (const char * const *) args->pdata);
  g_assert_cmpint (imported->status, ==, 0);
  g_assert_cmpstr (imported->err, ==, "");

  for (guint i = 0; i < G_N_ELEMENTS (real_decks); i++)
    {
      g_autofree char *name = g_strdup_printf ("%s.xml", real_decks[i]);
      g_autofree char *deck = tmp_path (fixture, name);
      g_autofree char *legal = g_strdup_printf ("%s: legal\n", deck);
      g_autofree char *wrong_section = g_strdup_printf ("%s: error[wrong-section]: ", deck);
      g_autofree char *main_size = g_strdup_printf ("%s: error[section-size]: 45 cards in the main deck; "
                                                    "it needs exactly 60\n", deck);
      g_autofree char *regions_size = g_strdup_printf ("%s: error[section-size]: 0 cards in the regions; "
                                                       "it holds 1 to 3\n", deck);
      g_autoptr(Run) deck_run = run (fixture, (const char *[]) { "--db", db, "--import",
                                                                 g_ptr_array_index (paths, i),
                                                                 "--output", deck, NULL });
      g_autoptr(Run) today = run (fixture, (const char *[]) { "--db", db, "--validate", deck, NULL });
      g_autoptr(Run) orc = run (fixture, (const char *[]) { "--db", db, "--validate", deck,
                                                            "--format", "arcmage-orc", NULL });

      g_assert_cmpint (deck_run->status, ==, 0);
      g_assert_cmpstr (deck_run->err, ==, "");
      /* The deck names its format: today's Arcmage. */
      g_assert_cmpint (today->status, ==, 0);
      g_assert_cmpstr (today->out, ==, legal);
      g_assert_cmpint (orc->status, ==, 1);
      g_assert_nonnull (strstr (orc->out, wrong_section));
      g_assert_nonnull (strstr (orc->out, main_size));
      g_assert_nonnull (strstr (orc->out, regions_size));
    }
}

/* The code --export code prints reads back through --import and
 * --validate as the same deck: same sections, same fingerprint, same
 * verdict. */
static void
test_code_round_trip (Fixture       *fixture,
                      gconstpointer  data)
{
  static const char * const decks[] = { "orc-green-wall.xml", "cor-bone-choir.xml",
                                        "a21-gilded-legion.xml", "arcmage-illegal-unknown-card.xml" };
  g_autoptr(DwLibrary) library = dw_test_library ();

  for (guint i = 0; i < G_N_ELEMENTS (decks); i++)
    {
      g_autofree char *deck = dw_test_deck_path (decks[i]);
      g_autofree char *code_path = tmp_path (fixture, "deck.code.txt");
      g_autofree char *xml_path = tmp_path (fixture, "back.xml");
      g_autofree char *written = NULL;
      g_autoptr(DwDeck) original = dw_test_load_deck (library, decks[i]);
      g_autoptr(DwDeck) back = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(Run) printed = run (fixture, (const char *[]) { "--export", "code", deck, NULL });
      g_autoptr(Run) saved = NULL;
      g_autoptr(Run) imported = NULL;
      g_autoptr(Run) validated = NULL;
      g_autoptr(Run) validated_original = NULL;
      g_autofree char *print_original = NULL;
      g_autofree char *print_back = NULL;
      DwGame *game = dw_library_lookup_game (library, dw_deck_get_game_id (original));

      g_assert_cmpint (printed->status, ==, 0);
      /* Every command reads its deck as --import does, and says so of
       * a card no database knows; nothing else is said. */
      if (strstr (decks[i], "unknown-card") != NULL)
        g_assert_nonnull (strstr (printed->err, "kept in the deck as an unknown card"));
      else
        g_assert_cmpstr (printed->err, ==, "");
      g_assert_true (g_str_has_prefix (printed->out, "DW1-"));
      g_assert_true (g_str_has_suffix (printed->out, "\n"));
      g_assert_null (strchr (printed->out, ' '));

      saved = run (fixture, (const char *[]) { "--export", "code", deck, "--output", code_path, NULL });
      g_assert_cmpint (saved->status, ==, 0);
      written = dw_test_read_file (code_path);
      g_assert_cmpstr (written, ==, printed->out);

      imported = run (fixture, (const char *[]) { "--import", code_path, "--output", xml_path, NULL });
      g_assert_cmpint (imported->status, ==, 0);
      back = dw_deck_load (xml_path, &error);
      g_assert_no_error (error);
      dw_library_resolve_deck (library, back);
      print_original = dw_deck_fingerprint (original, game);
      print_back = dw_deck_fingerprint (back, game);
      g_assert_cmpstr (print_back, ==, print_original);
      g_assert_cmpstr (dw_deck_get_format_id (back), ==, dw_deck_get_format_id (original));
      for (guint k = 0; k < dw_deck_get_n_sections (back); k++)
        g_assert_cmpstr (dw_deck_get_section_id (back, k), ==, dw_deck_get_section_id (original, k));

      validated = run (fixture, (const char *[]) { "--validate", code_path, NULL });
      validated_original = run (fixture, (const char *[]) { "--validate", deck, NULL });
      g_assert_cmpint (validated->status, ==, validated_original->status);
      g_assert_true (g_str_has_prefix (validated->out, code_path));
      /* The same verdict and problem codes (a card no database knows goes
       * by its name alone in a code, so its message no longer has its id). */
      {
        g_auto(GStrv) lines = g_strsplit (validated->out, "\n", -1);
        g_auto(GStrv) original_lines = g_strsplit (validated_original->out, "\n", -1);

        g_assert_cmpuint (g_strv_length (lines), ==, g_strv_length (original_lines));
        for (guint k = 0; lines[k] != NULL && *lines[k]; k++)
          {
            char *tail = strstr (lines[k], ": ");
            char *original_tail = strstr (original_lines[k], ": ");
            char *end = strchr (tail, ']');

            g_assert_nonnull (original_tail);
            g_assert_cmpint (strncmp (tail, original_tail, end ? (gsize) (end - tail) : strlen (tail)), ==, 0);
          }
      }
      g_remove (xml_path);
    }
}

/* A picture of the deck: 1080 pixels wide (2160 at --scale 2), its QR
 * code read back by zbar equal to --export code; without --output, or
 * with a scale out of range, exit 2 and nothing written. */
static void
test_export_png (Fixture       *fixture,
                 gconstpointer  data)
{
  static const char * const decks[] = { "orc-green-wall.xml", "cor-bone-choir.xml" };

  for (guint i = 0; i < G_N_ELEMENTS (decks); i++)
    for (int scale = 1; scale <= 2; scale++)
      {
        g_autofree char *deck = dw_test_deck_path (decks[i]);
        g_autofree char *png = tmp_path (fixture, "deck.png");
        g_autofree char *scale_text = g_strdup_printf ("%d", scale);
        g_autoptr(Run) code = run (fixture, (const char *[]) { "--export", "code", deck, NULL });
        g_autoptr(Run) drawn = run (fixture, (const char *[]) { "--export", "png", deck, "--output", png,
                                                               "--scale", scale_text, NULL });
        g_autoptr(GError) error = NULL;
        g_autoptr(GdkPixbuf) picture = NULL;
        g_autofree char *read_back = NULL;

        g_assert_cmpint (drawn->status, ==, 0);
        g_assert_cmpstr (drawn->err, ==, "");
        picture = gdk_pixbuf_new_from_file (png, &error);
        g_assert_no_error (error);
        g_assert_cmpint (gdk_pixbuf_get_width (picture), ==, DW_DECK_PICTURE_WIDTH * scale);
        g_assert_cmpint (gdk_pixbuf_get_height (picture), >, gdk_pixbuf_get_width (picture));
        read_back = dw_qr_scan_file (png, &error);
        g_assert_no_error (error);
        g_assert_cmpstr (read_back, ==, g_strstrip (code->out));
        g_remove (png);
      }

  {
    g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
    g_autofree char *png = tmp_path (fixture, "never.png");
    g_autoptr(Run) no_output = run (fixture, (const char *[]) { "--export", "png", deck, NULL });
    g_autoptr(Run) too_big = run (fixture, (const char *[]) { "--export", "png", deck, "--output", png,
                                                             "--scale", "9", NULL });

    g_assert_cmpint (no_output->status, ==, 2);
    g_assert_nonnull (strstr (no_output->err, "--output"));
    g_assert_cmpint (too_big->status, ==, 2);
    g_assert_nonnull (strstr (too_big->err, "--scale"));
    g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  }
}

/* A bad code: exit 2, the reason named with the file, nothing written. */
static void
test_code_refusals (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
  g_autoptr(Run) printed = run (fixture, (const char *[]) { "--export", "code", deck, NULL });
  g_autofree char *good = g_strstrip (g_strdup (printed->out));
  g_autofree char *mistyped = g_strdup (good);
  g_autofree char *cut = g_strndup (good, strlen (good) - 5);
  g_autofree char *v9 = g_strdup (good);
  g_autofree char *empty_deck = NULL;
  struct { const char *name; const char *text; const char *says; } cases[] = {
    { "mistyped.txt", mistyped, "mistyped" },
    { "cut.txt", cut, "" },
    { "v9.txt", v9, "version 9" },
    { "game.txt", "DW1-netrunner-AAAAAAAA", "“netrunner”" },
    { "alphabet.txt", "DW1-arcmage-AAA*AAAA", "“*”" },
  };

  mistyped[30] = mistyped[30] == 'x' ? 'y' : 'x';
  v9[2] = '9';
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = dw_test_write_file (fixture->tmpdir, cases[i].name, cases[i].text);
      g_autofree char *output = tmp_path (fixture, "out.xml");
      g_autoptr(Run) imported = run (fixture, (const char *[]) { "--import", path, "--output", output, NULL });
      g_autoptr(Run) validated = run (fixture, (const char *[]) { "--validate", path, NULL });

      g_test_message ("%s", imported->err);
      g_assert_cmpint (imported->status, ==, 2);
      g_assert_nonnull (strstr (imported->err, path));
      g_assert_nonnull (strstr (imported->err, cases[i].says));
      g_assert_false (g_file_test (output, G_FILE_TEST_EXISTS));
      g_assert_cmpint (validated->status, ==, 2);
      g_assert_nonnull (strstr (validated->err, cases[i].says));
    }

  /* A deck with no card has no code. */
  empty_deck = dw_test_write_file (fixture->tmpdir, "empty.xml",
                                   "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">"
                                   "<section id=\"main\"/></deck>");
  {
    g_autofree char *output = tmp_path (fixture, "empty.code");
    g_autoptr(Run) refused = run (fixture, (const char *[]) { "--export", "code", empty_deck, "--output", output, NULL });

    g_assert_cmpint (refused->status, ==, 2);
    g_assert_nonnull (strstr (refused->err, "no card"));
    g_assert_false (g_file_test (output, G_FILE_TEST_EXISTS));
  }
}

static void
add_test (const char    *path,
          void         (*func) (Fixture *, gconstpointer))
{
  g_test_add (path, Fixture, NULL, dw_test_cli_set_up, func, dw_test_cli_tear_down);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  add_test ("/cli/export/text-csv-cod-xml-code-to-file-and-stdout", test_export_text_kinds);
  add_test ("/cli/export/pdf-with-sheet-fields-and-paper", test_export_pdf);
  add_test ("/cli/export/pdf-judged-by-format", test_export_pdf_format);
  add_test ("/cli/export/errors-exit-2", test_export_errors);
  add_test ("/cli/code/export-import-validate-same-deck", test_code_round_trip);
  add_test ("/cli/code/refusals-exit-2-nothing-written", test_code_refusals);
  add_test ("/cli/export/png-1080-wide-qr-reads-back", test_export_png);
  add_test ("/cli/import/text-keeps-unknown-card-and-warns-with-line", test_import_text);
  add_test ("/cli/import/format-names-game-and-format", test_import_format_and_stdout);
  add_test ("/cli/import/errors-exit-2-with-line-and-column", test_import_errors);
  add_test ("/cli/import/cod-round-trip-validates-the-same", test_cod_round_trip);
  add_test ("/cli/validate/documented-house-format", test_documented_house_format);
  add_test ("/cli/validate/folder-of-every-format-and-report", test_validate_folder_and_report);
  add_test ("/cli/validate/with-cards-keeps-what-a-web-deck-brings", test_with_cards);
  add_test ("/cli/report/fingerprint-same-in-every-locale", test_fingerprint_same_in_every_locale);
  add_test ("/cli/import-cards/fixture-warns-and-errors", test_import_cards_fixture);
  add_test ("/cli/import-cards/real-data-legal-2021-illegal-orc", test_real_data);

  return g_test_run ();
}
