/* test-sheet.c — what dw-sheet.h promises about the registration sheet
 *
 * The PDF's text is read back with pdftotext (the tests that need it
 * skip where it is missing).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include <poppler.h>

#include "dw-deck-code.h"
#include "dw-event-report.h"
#include "dw-event.h"
#include "dw-export.h"
#include "dw-qr.h"
#include "dw-sheet.h"
#include "dw-test-util.h"
#include "dw-validate.h"

static DwLibrary *library;

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

/* Every Arcmage card of the shipped database in one deck: several pages
 * of cards and of problems. */
static DwDeck *
huge_deck (void)
{
  GListModel *dbs = dw_library_get_card_dbs (library);
  DwDeck *deck = dw_deck_new ("arcmage");

  dw_deck_set_name (deck, "Everything");
  for (guint i = 0; i < g_list_model_get_n_items (dbs); i++)
    {
      g_autoptr(DwCardDb) db = g_list_model_get_item (dbs, i);

      if (strcmp (dw_game_get_id (dw_card_db_get_game (db)), "arcmage") != 0)
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (db)); j++)
        {
          g_autoptr(DwCard) card = g_list_model_get_item (G_LIST_MODEL (db), j);
          const char *section = dw_card_is_token (card) ? "tokens"
                                : strcmp (dw_card_get_card_type (card), "Region") == 0 ? "regions"
                                : "main";

          dw_deck_add_card (deck, section, card, 1 + j % 4);
        }
    }
  return deck;
}

static char *
pdf_text (const char *path)
{
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  char *out = NULL;

  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error,
                              "pdftotext", "-layout", "-enc", "UTF-8", path, "-", NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (process));
  return out;
}

static gboolean
have_pdftotext (void)
{
  g_autofree char *found = g_find_program_in_path ("pdftotext");

  if (found == NULL)
    g_test_skip ("pdftotext is not installed");
  return found != NULL;
}

static void
assert_has_card (const char *text,
                 guint       count,
                 const char *name)
{
  g_autofree char *escaped = g_regex_escape_string (name, -1);
  g_autofree char *pattern = g_strdup_printf ("(^|\\s)%u\\s+(I{1,3}\\s+|–\\s+)?%s(\\s|$)", count, escaped);

  if (!g_regex_match_simple (pattern, text, G_REGEX_MULTILINE, 0))
    g_error ("the sheet does not show “%u %s”:\n%s", count, name, text);
}

static void
assert_contains (const char *text,
                 const char *needle)
{
  if (strstr (text, needle) == NULL)
    g_error ("the sheet does not show “%s”:\n%s", needle, text);
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

static void
test_paper (void)
{
  double width, height;
  DwPaper paper;

  dw_paper_get_size (DW_PAPER_A4, &width, &height);
  g_assert_cmpfloat_with_epsilon (width, 595.2756, 0.001);
  g_assert_cmpfloat_with_epsilon (height, 841.8898, 0.001);
  dw_paper_get_size (DW_PAPER_LETTER, &width, &height);
  g_assert_cmpfloat (width, ==, 612);
  g_assert_cmpfloat (height, ==, 792);

  g_assert_true (dw_paper_from_string ("A4", &paper));
  g_assert_cmpint (paper, ==, DW_PAPER_A4);
  g_assert_true (dw_paper_from_string ("letter", &paper));
  g_assert_cmpint (paper, ==, DW_PAPER_LETTER);
  g_assert_false (dw_paper_from_string ("legal", &paper));
  g_assert_cmpstr (dw_paper_to_string (DW_PAPER_LETTER), ==, "letter");

  /* The C locale's paper is A4. */
  setlocale (LC_ALL, "C");
  g_assert_cmpint (dw_paper_get_default (), ==, DW_PAPER_A4);
}

static void
test_fingerprint_and_verdict (void)
{
  g_autoptr(GPtrArray) decks = dw_test_list_data_xml ("decks", 20);

  for (guint i = 0; i < decks->len; i++)
    {
      g_autoptr(DwDeck) deck = load_shipped (g_ptr_array_index (decks, i));
      DwFormat *format = dw_library_format_for_deck (library, deck, NULL, NULL);
      DwGame *game = dw_library_lookup_game (library, dw_deck_get_game_id (deck));
      g_autoptr(DwSheet) sheet = dw_sheet_new (library, deck, format);
      g_autoptr(GPtrArray) problems = dw_library_validate_deck (library, deck, format);
      g_autofree char *fingerprint = dw_deck_fingerprint (deck, game);

      g_assert_cmpstr (dw_sheet_get_fingerprint (sheet), ==, fingerprint);
      g_assert_cmpint (dw_sheet_is_legal (sheet), ==, dw_problems_legal (problems));
    }
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

static void
test_properties (void)
{
  g_autoptr(DwDeck) deck = load_shipped ("orc-green-wall.xml");
  g_autoptr(DwSheet) sheet = dw_sheet_new (library, deck, NULL);
  g_autofree char *player = NULL;
  guint notified = 0;

  g_signal_connect (sheet, "notify", G_CALLBACK (count_notify_cb), &notified);
  g_object_set (sheet, "player", "Ada", "event", "Spring Open", NULL);
  dw_sheet_set_date (sheet, "2026-12-05");
  dw_sheet_set_location (sheet, "Brno");
  dw_sheet_set_location (sheet, "Brno");
  g_object_get (sheet, "player", &player, NULL);
  g_assert_cmpstr (player, ==, "Ada");
  g_assert_cmpstr (dw_sheet_get_event (sheet), ==, "Spring Open");
  g_assert_cmpstr (dw_sheet_get_date (sheet), ==, "2026-12-05");
  g_assert_cmpstr (dw_sheet_get_location (sheet), ==, "Brno");
  /* Setting a value it already has notifies no one. */
  g_assert_cmpuint (notified, ==, 4);
}

static void
test_pages (void)
{
  g_autoptr(DwDeck) deck = load_shipped ("orc-green-wall.xml");
  g_autoptr(DwDeck) huge = huge_deck ();
  g_autoptr(DwSheet) sheet = dw_sheet_new (library, deck, NULL);
  g_autoptr(DwSheet) huge_sheet = dw_sheet_new (library, huge, NULL);
  double width, height;
  guint a4, small;

  dw_paper_get_size (DW_PAPER_A4, &width, &height);
  g_assert_cmpuint (dw_sheet_get_n_pages (sheet, width, height), ==, 1);
  dw_paper_get_size (DW_PAPER_LETTER, &width, &height);
  g_assert_cmpuint (dw_sheet_get_n_pages (sheet, width, height), ==, 1);

  dw_paper_get_size (DW_PAPER_A4, &width, &height);
  a4 = dw_sheet_get_n_pages (huge_sheet, width, height);
  g_assert_cmpuint (a4, >=, 3);
  g_assert_cmpuint (dw_sheet_get_n_pages (huge_sheet, width, height), ==, a4);
  /* A5 holds less. */
  small = dw_sheet_get_n_pages (huge_sheet, width / G_SQRT2, height / G_SQRT2);
  g_assert_cmpuint (small, >, a4);
  g_assert_cmpuint (dw_sheet_get_n_pages (huge_sheet, width, height), ==, a4);
}

static gboolean
has_ink (cairo_surface_t *surface)
{
  int stride = cairo_image_surface_get_stride (surface);
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint dark = 0;

  cairo_surface_flush (surface);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        guint32 pixel = *(const guint32 *) (data + y * stride + x * 4);

        if ((pixel >> 24) > 0x80 && (pixel & 0xff) < 0x80)
          dark++;
      }
  return dark > 200;
}

/* Printing hands the drawing function a cairo_t of its own, scaled to
 * the printer: every page draws on any such surface without error. */
static void
test_draw_on_any_cairo (void)
{
  g_autoptr(DwDeck) huge = huge_deck ();
  g_autoptr(DwSheet) sheet = dw_sheet_new (library, huge, NULL);
  double width, height;
  guint n_pages;

  dw_paper_get_size (DW_PAPER_LETTER, &width, &height);
  n_pages = dw_sheet_get_n_pages (sheet, width, height);
  for (guint page = 0; page < n_pages; page++)
    {
      double scale = page % 2 ? 150.0 / 72.0 : 1.0;
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                             (int) (width * scale), (int) (height * scale));
      cairo_t *cr = cairo_create (surface);

      cairo_scale (cr, scale, scale);
      dw_sheet_draw_page (sheet, cr, page, width, height);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      g_assert_true (has_ink (surface));
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
  g_assert_cmpuint (dw_sheet_get_n_pages (sheet, width, height), ==, n_pages);
}

/* The PDF of every shipped deck shows each card with its count, the
 * fingerprint, the event's fields, the verdict with its problems, the
 * totals and the boxes to sign. */
static void
test_pdf_text (void)
{
  g_autoptr(GPtrArray) decks = dw_test_list_data_xml ("decks", 20);
  g_autofree char *dir = dw_test_make_tmpdir ();

  if (!have_pdftotext ())
    return;

  for (guint i = 0; i < decks->len; i++)
    {
      g_autoptr(DwDeck) deck = load_shipped (g_ptr_array_index (decks, i));
      DwFormat *format = dw_library_format_for_deck (library, deck, NULL, NULL);
      g_autoptr(DwSheet) sheet = dw_sheet_new (library, deck, format);
      g_autoptr(GPtrArray) problems = dw_library_validate_deck (library, deck, format);
      g_autofree char *path = g_build_filename (dir, "sheet.pdf", NULL);
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      g_autofree char *fingerprint_line = NULL;

      dw_sheet_set_event (sheet, "Spring Open");
      dw_sheet_set_date (sheet, "2026-12-05");
      dw_sheet_set_location (sheet, "Brno");
      dw_sheet_set_player (sheet, "Ada Lovelace");
      g_assert_true (dw_sheet_save_pdf (sheet, path, i % 2 ? DW_PAPER_LETTER : DW_PAPER_A4, &error));
      g_assert_no_error (error);
      text = pdf_text (path);

      g_test_message ("%s", (const char *) g_ptr_array_index (decks, i));
      assert_contains (text, "Deck Registration Sheet");
      assert_contains (text, dw_sheet_get_fingerprint (sheet));
      assert_contains (text, "Spring Open");
      assert_contains (text, "2026-12-05");
      assert_contains (text, "Brno");
      assert_contains (text, "Ada Lovelace");
      assert_contains (text, dw_deck_get_name (deck));
      assert_contains (text, dw_format_get_name (format));
      assert_contains (text, dw_problems_legal (problems) ? "LEGAL under" : "NOT LEGAL under");
      assert_contains (text, "For officials only");
      assert_contains (text, "Signature");
      for (guint j = 0; j < problems->len; j++)
        {
          g_autofree char *code = g_strdup_printf ("[%s]", dw_problem_get_code (g_ptr_array_index (problems, j)));
          assert_contains (text, code);
        }

      for (guint s = 0; s < dw_deck_get_n_sections (deck); s++)
        {
          const char *section = dw_deck_get_section_id (deck, s);
          GListModel *entries = dw_deck_get_section (deck, section);
          g_autofree char *total = g_strdup_printf ("%u", dw_deck_count_section (deck, section));

          for (guint j = 0; j < g_list_model_get_n_items (entries); j++)
            {
              g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, j);

              assert_has_card (text, dw_deck_entry_get_count (entry), dw_deck_entry_get_display_name (entry));
            }
          assert_has_card (text, dw_deck_count_section (deck, section),
                           dw_section_display_name (dw_library_lookup_game (library, dw_deck_get_game_id (deck)),
                                                    section));
        }
    }
  dw_test_remove_tree (dir);
}

/* The regions stand in the order of their chapter, each with its
 * printed position; tokens are set apart, not counted. */
static void
test_pdf_regions_and_tokens (void)
{
  g_autoptr(DwDeck) deck = load_shipped ("orc-green-wall.xml");
  g_autoptr(DwSheet) sheet = dw_sheet_new (library, deck, NULL);
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "gw.pdf", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const char *first, *second, *third;

  if (!have_pdftotext ())
    return;

  g_assert_true (dw_sheet_save_pdf (sheet, path, DW_PAPER_A4, &error));
  text = pdf_text (path);
  g_assert_true (g_regex_match_simple ("1\\s+I\\s+Sunlit Thicket", text, 0, 0));
  g_assert_true (g_regex_match_simple ("1\\s+II\\s+The Whispering Fen", text, 0, 0));
  g_assert_true (g_regex_match_simple ("1\\s+III\\s+Mosshollow", text, 0, 0));
  first = strstr (text, "Sunlit Thicket");
  second = strstr (text, "The Whispering Fen");
  third = strstr (text, "Mosshollow");
  g_assert_true (first < second && second < third);
  assert_contains (text, "Tokens in total (not counted)");
  assert_contains (text, "Creature");
  g_assert_true (g_regex_match_simple ("60\\s+Main deck in total", text, 0, 0));
  dw_test_remove_tree (dir);
}

/* The organiser's sheet lists the deck, not what the player weighs
 * beside it: no Considering heading, none of its cards, not even the
 * warning about a card there that no database knows. */
static void
test_pdf_considering_left_out (void)
{
  g_autoptr(DwDeck) deck = load_shipped ("orc-green-wall.xml");
  g_autoptr(DwDeckEntry) ghost = dw_deck_entry_new ("arc-9999", "Phantom Of Maybe", 2);
  g_autoptr(DwDeckEntry) druid = dw_deck_entry_new ("arc-0030", "Vaultgnaw Leech", 4);
  g_autoptr(DwSheet) sheet = NULL;
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "gw.pdf", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *fingerprint = dw_deck_fingerprint (deck, dw_library_lookup_game (library, "arcmage"));
  gboolean legal;

  sheet = dw_sheet_new (library, deck, NULL);
  legal = dw_sheet_is_legal (sheet);
  g_clear_object (&sheet);

  dw_deck_add_entry (deck, DW_SECTION_CONSIDERING, ghost);
  dw_deck_add_entry (deck, DW_SECTION_CONSIDERING, druid);
  dw_library_resolve_deck (library, deck);
  sheet = dw_sheet_new (library, deck, NULL);
  g_assert_cmpint (dw_sheet_is_legal (sheet), ==, legal);
  g_assert_cmpstr (dw_sheet_get_fingerprint (sheet), ==, fingerprint);
  if (!have_pdftotext ())
    return;

  g_assert_true (dw_sheet_save_pdf (sheet, path, DW_PAPER_A4, &error));
  text = pdf_text (path);
  g_assert_null (strstr (text, "Considering"));
  g_assert_null (strstr (text, "Phantom Of Maybe"));
  g_assert_null (strstr (text, "Vaultgnaw Leech"));
  g_assert_null (strstr (text, "arc-9999"));
  g_assert_true (g_regex_match_simple ("60\\s+Main deck in total", text, 0, 0));
  dw_test_remove_tree (dir);
}

/* A many-page sheet loses no card on the way. */
static void
test_pdf_many_pages (void)
{
  g_autoptr(DwDeck) deck = huge_deck ();
  g_autoptr(DwSheet) sheet = dw_sheet_new (library, deck, NULL);
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "huge.pdf", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (!have_pdftotext ())
    return;

  g_assert_true (dw_sheet_save_pdf (sheet, path, DW_PAPER_A4, &error));
  g_assert_no_error (error);
  text = pdf_text (path);
  for (guint s = 0; s < dw_deck_get_n_sections (deck); s++)
    {
      GListModel *entries = dw_deck_get_section (deck, dw_deck_get_section_id (deck, s));

      for (guint j = 0; j < g_list_model_get_n_items (entries); j++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, j);

          assert_has_card (text, dw_deck_entry_get_count (entry), dw_deck_entry_get_display_name (entry));
        }
    }
  assert_contains (text, "(continued)");
  assert_contains (text, "Problems");
  assert_contains (text, "Page 1 of ");
  dw_test_remove_tree (dir);
}

static void
test_pdf_paper_and_failure (void)
{
  g_autoptr(DwDeck) deck = load_shipped ("cor-bone-choir.xml");
  g_autoptr(DwSheet) sheet = dw_sheet_new (library, deck, NULL);
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *a4 = g_build_filename (dir, "a4.pdf", NULL);
  g_autofree char *letter = g_build_filename (dir, "letter.pdf", NULL);
  g_autofree char *nowhere = g_build_filename (dir, "missing", "x.pdf", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *a4_bytes = NULL;
  g_autofree char *letter_bytes = NULL;
  gsize a4_len, letter_len;

  g_assert_true (dw_sheet_save_pdf (sheet, a4, DW_PAPER_A4, &error));
  g_assert_true (dw_sheet_save_pdf (sheet, letter, DW_PAPER_LETTER, &error));
  g_assert_no_error (error);
  g_file_get_contents (a4, &a4_bytes, &a4_len, NULL);
  g_file_get_contents (letter, &letter_bytes, &letter_len, NULL);
  g_assert_true (g_str_has_prefix (a4_bytes, "%PDF-"));
  g_assert_true (bytes_contain (a4_bytes, a4_len, "/MediaBox [ 0 0 595.275591 841.889764 ]"));
  g_assert_true (bytes_contain (letter_bytes, letter_len, "/MediaBox [ 0 0 612 792 ]"));

  g_assert_false (dw_sheet_save_pdf (sheet, nowhere, DW_PAPER_A4, &error));
  g_assert_nonnull (error);
  g_assert_false (g_file_test (nowhere, G_FILE_TEST_EXISTS));
  dw_test_remove_tree (dir);
}

/* What `deckwright --export code DECK` prints, without its line break. */
static char *
exported_code (const char *deck_path)
{
  g_autofree char *home = dw_test_make_tmpdir ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *args[] = { "--export", "code", deck_path, NULL };
  int status = dw_test_run_deckwright (home, args, &out, &err);

  dw_test_remove_tree (home);
  g_assert_cmpint (status, ==, 0);
  return g_strdup (g_strstrip (out));
}

/* The QR codes of every page of a PDF, read by zbar off each page drawn
 * at 150 dpi by poppler; NULL for a page with none. */
static GPtrArray *
codes_of_pages (const char *pdf)
{
  g_autoptr(GFile) file = g_file_new_for_path (pdf);
  g_autofree char *uri = g_file_get_uri (file);
  g_autoptr(GError) error = NULL;
  PopplerDocument *document = poppler_document_new_from_file (uri, NULL, &error);
  GPtrArray *codes = g_ptr_array_new_with_free_func (g_free);

  g_assert_no_error (error);
  for (int i = 0; i < poppler_document_get_n_pages (document); i++)
    {
      PopplerPage *page = poppler_document_get_page (document, i);
      double width, height, scale = 150.0 / 72.0;
      cairo_surface_t *surface;
      cairo_t *cr;

      poppler_page_get_size (page, &width, &height);
      surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) (width * scale), (int) (height * scale));
      cr = cairo_create (surface);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      cairo_scale (cr, scale, scale);
      poppler_page_render_for_printing (page, cr);
      cairo_destroy (cr);
      g_ptr_array_add (codes, dw_qr_scan_surface (surface, NULL));
      cairo_surface_destroy (surface);
      g_object_unref (page);
    }
  g_object_unref (document);
  return codes;
}

/* Page one of a sheet carries the deck code as a QR code, the same code
 * as --export code, read back by zbar off the page as pdftoppm draws it
 * and off the PDF itself; the fingerprint is still printed. */
static void
test_pdf_qr_code_is_the_deck_code (void)
{
  static const char * const decks[] = { "orc-green-wall.xml", "cor-bone-choir.xml", "a21-gilded-legion.xml" };
  g_autofree char *pdftoppm = g_find_program_in_path ("pdftoppm");
  g_autofree char *dir = dw_test_make_tmpdir ();

  if (pdftoppm == NULL)
    {
      g_test_skip ("pdftoppm (poppler-utils) is not installed");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (decks); i++)
    {
      g_autofree char *path = dw_test_data_path ("decks", decks[i], NULL);
      g_autoptr(DwDeck) deck = load_shipped (decks[i]);
      DwFormat *format = dw_library_format_for_deck (library, deck, NULL, NULL);
      g_autoptr(DwSheet) sheet = dw_sheet_new (library, deck, format);
      g_autofree char *pdf = g_build_filename (dir, "sheet.pdf", NULL);
      g_autofree char *png_root = g_build_filename (dir, "page", NULL);
      g_autofree char *png = g_build_filename (dir, "page-1.png", NULL);
      g_autofree char *expected = exported_code (path);
      g_autofree char *from_png = NULL;
      g_autofree char *from_pdf = NULL;
      g_autoptr(GSubprocess) render = NULL;
      g_autoptr(GPtrArray) pages = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_true (dw_sheet_save_pdf (sheet, pdf, DW_PAPER_A4, &error));
      g_assert_no_error (error);
      render = g_subprocess_new (G_SUBPROCESS_FLAGS_NONE, &error, pdftoppm, "-r", "150", "-f", "1", "-l", "1",
                                 "-png", pdf, png_root, NULL);
      g_assert_no_error (error);
      g_assert_true (g_subprocess_wait_check (render, NULL, &error));
      g_assert_no_error (error);

      from_png = dw_qr_scan_file (png, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (from_png, ==, expected);
      from_pdf = dw_qr_scan_file (pdf, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (from_pdf, ==, expected);

      pages = codes_of_pages (pdf);
      g_assert_cmpstr (g_ptr_array_index (pages, 0), ==, expected);
      g_remove (png);
    }
  dw_test_remove_tree (dir);
}

/* The event's sheets in one PDF: every deck's first page carries its own
 * code, and no other page carries one. */
static void
test_event_sheets_one_qr_per_deck (void)
{
  static const char * const decks[] = { "cor-vat-whispers.xml", "orc-bone-tide.xml", "orc-green-wall.xml" };
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *pdf = g_build_filename (dir, "sheets.pdf", NULL);
  g_autoptr(DwEvent) event = dw_event_new (library);
  g_autoptr(GPtrArray) expected = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) pages = NULL;
  g_autoptr(GError) error = NULL;
  guint found = 0;

  for (guint i = 0; i < G_N_ELEMENTS (decks); i++)
    {
      g_autofree char *path = dw_test_data_path ("decks", decks[i], NULL);

      dw_event_add_file (event, path);
      g_ptr_array_add (expected, exported_code (path));
    }
  g_assert_true (dw_event_save_sheets_pdf (event, pdf, DW_PAPER_A4, &error));
  g_assert_no_error (error);

  pages = codes_of_pages (pdf);
  g_assert_cmpuint (pages->len, >=, G_N_ELEMENTS (decks));
  for (guint p = 0; p < pages->len; p++)
    {
      const char *code = g_ptr_array_index (pages, p);

      if (code == NULL)
        continue;
      g_assert_cmpstr (code, ==, g_ptr_array_index (expected, found));
      found++;
    }
  g_assert_cmpuint (found, ==, G_N_ELEMENTS (decks));
  dw_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  library = dw_test_library ();

  g_test_add_func ("/sheet/paper", test_paper);
  g_test_add_func ("/sheet/fingerprint-and-verdict-of-shipped-decks", test_fingerprint_and_verdict);
  g_test_add_func ("/sheet/properties", test_properties);
  g_test_add_func ("/sheet/pages", test_pages);
  g_test_add_func ("/sheet/draws-on-any-cairo", test_draw_on_any_cairo);
  g_test_add_func ("/sheet/pdf/shows-cards-counts-fingerprint-verdict", test_pdf_text);
  g_test_add_func ("/sheet/pdf/regions-in-order-tokens-apart", test_pdf_regions_and_tokens);
  g_test_add_func ("/sheet/pdf/many-pages-lose-no-card", test_pdf_many_pages);
  g_test_add_func ("/sheet/pdf/considering-left-out", test_pdf_considering_left_out);
  g_test_add_func ("/sheet/pdf/paper-size-and-failure", test_pdf_paper_and_failure);
  g_test_add_func ("/sheet/pdf/qr-code-is-the-deck-code", test_pdf_qr_code_is_the_deck_code);
  g_test_add_func ("/sheet/pdf/event-sheets-one-qr-per-deck", test_event_sheets_one_qr_per_deck);

  status = g_test_run ();
  g_object_unref (library);
  return status;
}
