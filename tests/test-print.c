/* test-print.c — what dw-print.h and --print-cards promise, measured on the PDF
 *
 * Every measurement is made on the PDF itself: poppler renders a page at
 * 12 pixels a millimetre and the test finds each card by its border
 * colour.  The decks alternate two factions, so that neighbours (which
 * touch without bleed) differ and every card's edges can be seen.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <poppler.h>

#include "dw-card-paint.h"
#include "dw-print.h"
#include "dw-test-util.h"

#define PPMM 12.0       /* pixels a millimetre: 305 dpi */
#define TOLERANCE 0.2   /* mm, the bar */

static DwLibrary *library;

/* poppler-glib 22 (Debian bookworm) declares no g_autoptr() cleanups. */
typedef PopplerDocument PdfDocument;
typedef PopplerPage PdfPage;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PdfDocument, g_object_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PdfPage, g_object_unref)

/* ------------------------------------------------------------ the decks */

/* @n copies, one of each card, alternating between two factions of @game. */
static DwDeck *
alternating_deck (const char *game,
                  const char *faction_a,
                  const char *faction_b,
                  guint       n)
{
  GListModel *dbs = dw_library_get_card_dbs (library);
  g_autoptr(GPtrArray) a = g_ptr_array_new ();
  g_autoptr(GPtrArray) b = g_ptr_array_new ();
  DwDeck *deck = dw_deck_new (game);
  const DwSectionDef *section;

  dw_deck_set_name (deck, "Alternating");
  for (guint i = 0; i < g_list_model_get_n_items (dbs); i++)
    {
      g_autoptr(DwCardDb) db = g_list_model_get_item (dbs, i);

      if (strcmp (dw_game_get_id (dw_card_db_get_game (db)), game) != 0)
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (db)); j++)
        {
          g_autoptr(DwCard) card = g_list_model_get_item (G_LIST_MODEL (db), j);

          if (dw_card_is_token (card))
            continue;
          if (g_strcmp0 (dw_card_get_value (card, "faction"), faction_a) == 0)
            g_ptr_array_add (a, card);
          else if (g_strcmp0 (dw_card_get_value (card, "faction"), faction_b) == 0)
            g_ptr_array_add (b, card);
        }
    }
  g_assert_cmpuint (a->len, >=, (n + 1) / 2);
  g_assert_cmpuint (b->len, >=, n / 2);

  section = dw_game_get_section (dw_library_lookup_game (library, game), 0);
  for (guint i = 0; i < n; i++)
    dw_deck_add_card (deck, section->id, g_ptr_array_index (i % 2 ? b : a, i / 2), 1);
  return deck;
}

static DwCard *
nth_of (const char *faction,
        guint       n)
{
  GListModel *dbs = dw_library_get_card_dbs (library);

  for (guint i = 0; i < g_list_model_get_n_items (dbs); i++)
    {
      g_autoptr(DwCardDb) db = g_list_model_get_item (dbs, i);

      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (db)); j++)
        {
          g_autoptr(DwCard) card = g_list_model_get_item (G_LIST_MODEL (db), j);

          if (!dw_card_is_token (card) && g_strcmp0 (dw_card_get_value (card, "faction"), faction) == 0 &&
              n-- == 0)
            return card;
        }
    }
  g_assert_not_reached ();
  return NULL;
}

/* --------------------------------------------------------- the PDF side */

typedef struct
{
  cairo_surface_t *surface;
  int              width;
  int              height;
} Render;

static void
render_clear (Render *render)
{
  g_clear_pointer (&render->surface, cairo_surface_destroy);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Render, render_clear)

static PopplerDocument *
open_pdf (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = g_filename_to_uri (path, NULL, &error);
  PopplerDocument *document;

  g_assert_no_error (error);
  document = poppler_document_new_from_file (uri, NULL, &error);
  g_assert_no_error (error);
  return document;
}

static void
render_page (PopplerDocument *document,
             int              index,
             Render          *render)
{
  g_autoptr(PdfPage) page = poppler_document_get_page (document, index);
  double width, height;
  cairo_t *cr;

  g_assert_nonnull (page);
  poppler_page_get_size (page, &width, &height);
  render->width = (int) ceil (width / 72 * 25.4 * PPMM);
  render->height = (int) ceil (height / 72 * 25.4 * PPMM);
  render->surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, render->width, render->height);
  cr = cairo_create (render->surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, 25.4 / 72 * PPMM, 25.4 / 72 * PPMM);
  poppler_page_render_for_printing (page, cr);
  cairo_destroy (cr);
  cairo_surface_flush (render->surface);
}

static void
pixel (const Render *render,
       int           x,
       int           y,
       double        rgb[3])
{
  const guchar *data = cairo_image_surface_get_data (render->surface);
  guint32 value = *(const guint32 *) (data + (gsize) y * cairo_image_surface_get_stride (render->surface) + 4 * x);

  rgb[0] = ((value >> 16) & 0xff) / 255.0;
  rgb[1] = ((value >> 8) & 0xff) / 255.0;
  rgb[2] = (value & 0xff) / 255.0;
}

typedef struct
{
  double rgb[3];
} Colour;

/* The index of the colour in @palette nearest the pixel's: a pixel half
 * one colour and half another goes to the nearer, so an edge is found to
 * half a pixel. */
static guint
classify (const Render *render,
          int           x,
          int           y,
          const Colour *palette,
          guint         n)
{
  double rgb[3], best = G_MAXDOUBLE;
  guint index = 0;

  pixel (render, x, y, rgb);
  for (guint i = 0; i < n; i++)
    {
      double d = 0;

      for (int c = 0; c < 3; c++)
        d += (rgb[c] - palette[i].rgb[c]) * (rgb[c] - palette[i].rgb[c]);
      if (d < best)
        best = d, index = i;
    }
  return index;
}

typedef struct
{
  double start;   /* mm */
  double length;  /* mm */
  guint  colour;
} Run;

/* Runs of the colours of @palette from index 1 on (0 is the paper and
 * anything else), at least 5 mm long, along row @y (or column @x when
 * @vertical) given in mm. */
static GArray *
runs_along (const Render *render,
            double        at_mm,
            gboolean      vertical,
            const Colour *palette,
            guint         n)
{
  GArray *runs = g_array_new (FALSE, TRUE, sizeof (Run));
  int length = vertical ? render->height : render->width;
  int at = (int) (at_mm * PPMM);
  guint current = 0;
  int start = 0;

  for (int i = 0; i <= length; i++)
    {
      guint colour = i == length ? 0
                     : vertical ? classify (render, at, i, palette, n)
                     : classify (render, i, at, palette, n);

      if (colour == current)
        continue;
      if (current != 0 && (i - start) / PPMM >= 5)
        {
          Run run = { start / PPMM, (i - start) / PPMM, current };

          g_array_append_val (runs, run);
        }
      current = colour;
      start = i;
    }
  return runs;
}

typedef struct
{
  double x, y, width, height;
  guint  colour;
} Rect;

/* The palette: the paper, the two factions' border colours, the back. */
static void
make_palette (const char *faction_a,
              const char *faction_b,
              Colour      palette[4])
{
  palette[0] = (Colour) { { 1, 1, 1 } };
  dw_card_paint_faction_rgb (faction_a, &palette[1].rgb[0], &palette[1].rgb[1], &palette[1].rgb[2]);
  dw_card_paint_faction_rgb (faction_b, &palette[2].rgb[0], &palette[2].rgb[1], &palette[2].rgb[2]);
  dw_card_paint_back_rgb (&palette[3].rgb[0], &palette[3].rgb[1], &palette[3].rgb[2]);
}

/* Every card on the page, found by its border colour: the runs across
 * the first row's top millimetre give the columns, the runs down the
 * first column give the rows, and each card is then measured along its
 * own top and left edges. */
static GArray *
find_cards (const Render *render,
            const Colour *palette)
{
  GArray *cards = g_array_new (FALSE, TRUE, sizeof (Rect));
  double top = -1, left = -1;
  g_autoptr(GArray) rows = NULL;
  g_autoptr(GArray) columns = NULL;

  /* The top-left of the printed area. */
  for (int y = 0; y < render->height && top < 0; y++)
    for (int x = 0; x < render->width; x++)
      if (classify (render, x, y, palette, 4) != 0)
        {
          top = y / PPMM;
          break;
        }
  if (top < 0)
    return cards;
  columns = runs_along (render, top + 1, FALSE, palette, 4);
  g_assert_cmpuint (columns->len, >, 0);
  left = g_array_index (columns, Run, 0).start;
  rows = runs_along (render, left + 1, TRUE, palette, 4);

  for (guint r = 0; r < rows->len; r++)
    {
      const Run *row = &g_array_index (rows, Run, r);
      g_autoptr(GArray) across = runs_along (render, row->start + 1, FALSE, palette, 4);

      for (guint c = 0; c < across->len; c++)
        {
          const Run *column = &g_array_index (across, Run, c);
          g_autoptr(GArray) down = runs_along (render, column->start + 1, TRUE, palette, 4);

          for (guint d = 0; d < down->len; d++)
            {
              const Run *run = &g_array_index (down, Run, d);

              if (fabs (run->start - row->start) < 3)
                {
                  Rect rect = { column->start, run->start, column->length, run->length, column->colour };

                  g_array_append_val (cards, rect);
                }
            }
        }
    }
  return cards;
}

static void
assert_size (const Rect *rect,
             double      width,
             double      height)
{
  if (fabs (rect->width - width) > TOLERANCE || fabs (rect->height - height) > TOLERANCE)
    g_error ("a card at %.2f, %.2f mm measures %.2f × %.2f mm, not %.2f × %.2f ± %.1f",
             rect->x, rect->y, rect->width, rect->height, width, height, TOLERANCE);
}

static char *
print_to_pdf (DwDeck               *deck,
              DwDeck               *old_deck,
              const DwPrintOptions *options,
              const char           *dir,
              const char           *name,
              DwPrintJob          **job_out)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwPrintJob) job = dw_print_job_new (library, deck, old_deck, options, &error);
  char *path = g_build_filename (dir, name, NULL);

  g_assert_no_error (error);
  g_assert_true (dw_print_job_save_pdf (job, path, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  if (job_out != NULL)
    *job_out = g_steal_pointer (&job);
  return path;
}

static DwPrintOptions
plain_options (DwPaper paper)
{
  DwPrintOptions options;

  dw_print_options_init (&options);
  options.paper = paper;
  options.marks = DW_PRINT_MARKS_NONE;
  return options;
}

/* ------------------------------------------------------------ the tests */

/* Arcmage's cards are 62 × 88 mm: nine to an A4 page, each measured, at
 * the same places on every page; 27 copies make three pages of cards and
 * the credits. */
static void
test_true_size_nine_to_a4 (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autoptr(DwDeck) deck = alternating_deck ("arcmage", "Gaian", "Red Banner", 27);
  DwPrintOptions options = plain_options (DW_PAPER_A4);
  g_autoptr(DwPrintJob) job = NULL;
  g_autofree char *path = print_to_pdf (deck, NULL, &options, dir, "cards.pdf", &job);
  g_autoptr(PdfDocument) document = open_pdf (path);
  g_autoptr(GArray) first = NULL;
  Colour palette[4];

  make_palette ("Gaian", "Red Banner", palette);
  g_assert_cmpuint (dw_print_job_get_layout (job)->per_page, ==, 9);
  g_assert_cmpint (poppler_document_get_n_pages (document), ==, 27 / 9 + 1);
  g_assert_cmpuint (dw_print_job_get_n_pages (job), ==, 4);

  for (int page = 0; page < 3; page++)
    {
      g_auto(Render) render = { 0 };
      g_autoptr(GArray) cards = NULL;

      render_page (document, page, &render);
      cards = find_cards (&render, palette);
      g_assert_cmpuint (cards->len, ==, 9);
      for (guint i = 0; i < cards->len; i++)
        {
          const Rect *rect = &g_array_index (cards, Rect, i);

          assert_size (rect, 62, 88);
          /* Neighbours alternate, so the colour says the card is where
           * the deck's order puts it. */
          g_assert_cmpuint (rect->colour, ==, (page * 9 + i) % 2 ? 2 : 1);
          if (first == NULL)
            continue;
          g_assert_cmpfloat_with_epsilon (rect->x, g_array_index (first, Rect, i).x, 0.1);
          g_assert_cmpfloat_with_epsilon (rect->y, g_array_index (first, Rect, i).y, 0.1);
        }
      /* Centred: as much paper left of the grid as right of it. */
      g_assert_cmpfloat_with_epsilon (g_array_index (cards, Rect, 0).x, (210 - 3 * 62) / 2.0, TOLERANCE);
      g_assert_cmpfloat_with_epsilon (g_array_index (cards, Rect, 0).y, (297 - 3 * 88) / 2.0, TOLERANCE);
      if (first == NULL)
        first = g_steal_pointer (&cards);
    }
  dw_test_remove_tree (dir);
}

/* A game without <card-size> prints 63 × 88 mm, nine to a Letter page;
 * a partial last page keeps the places of the full one. */
static void
test_default_size_on_letter (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autoptr(DwDeck) deck = alternating_deck ("coraabia", "Outlaw", "Guardian", 13);
  DwPrintOptions options = plain_options (DW_PAPER_LETTER);
  g_autofree char *path = print_to_pdf (deck, NULL, &options, dir, "cards.pdf", NULL);
  g_autoptr(PdfDocument) document = open_pdf (path);
  g_auto(Render) full = { 0 };
  g_auto(Render) partial = { 0 };
  g_autoptr(GArray) cards = NULL;
  g_autoptr(GArray) rest = NULL;
  Colour palette[4];

  make_palette ("Outlaw", "Guardian", palette);
  g_assert_cmpint (poppler_document_get_n_pages (document), ==, 2 + 1);
  render_page (document, 0, &full);
  cards = find_cards (&full, palette);
  g_assert_cmpuint (cards->len, ==, 9);
  for (guint i = 0; i < cards->len; i++)
    assert_size (&g_array_index (cards, Rect, i), 63, 88);

  render_page (document, 1, &partial);
  rest = find_cards (&partial, palette);
  g_assert_cmpuint (rest->len, ==, 4);
  for (guint i = 0; i < rest->len; i++)
    {
      assert_size (&g_array_index (rest, Rect, i), 63, 88);
      g_assert_cmpfloat_with_epsilon (g_array_index (rest, Rect, i).x, g_array_index (cards, Rect, i).x, 0.1);
      g_assert_cmpfloat_with_epsilon (g_array_index (rest, Rect, i).y, g_array_index (cards, Rect, i).y, 0.1);
    }
  dw_test_remove_tree (dir);
}

/* The share of the pixels of the card at @a in @ra that differ from those
 * of the card at @b in @rb: the face drawn twice, or not. */
static double
face_difference (const Render *ra,
                 const Rect   *a,
                 const Render *rb,
                 const Rect   *b)
{
  int ax = (int) round (a->x * PPMM), ay = (int) round (a->y * PPMM);
  int bx = (int) round (b->x * PPMM), by = (int) round (b->y * PPMM);
  int w = (int) (62 * PPMM), h = (int) (88 * PPMM);
  guint differ = 0;

  for (int y = 6; y < h - 6; y++)
    for (int x = 6; x < w - 6; x++)
      {
        double pa[3], pb[3];

        pixel (ra, ax + x, ay + y, pa);
        pixel (rb, bx + x, by + y, pb);
        differ += fabs (pa[0] - pb[0]) + fabs (pa[1] - pb[1]) + fabs (pa[2] - pb[2]) > 0.3;
      }
  return (double) differ / ((w - 12) * (h - 12));
}

/* Bleed is the border colour carried past the edge: each card with its
 * bleed measures 2 mm more a side for 1 mm, in the border's colour, and
 * the face inside is drawn exactly as without bleed. */
static void
test_bleed_extends_border (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autoptr(DwDeck) deck = alternating_deck ("arcmage", "Gaian", "Red Banner", 9);
  DwPrintOptions options = plain_options (DW_PAPER_A4);
  g_autofree char *plain = print_to_pdf (deck, NULL, &options, dir, "plain.pdf", NULL);
  g_autofree char *bled = NULL;
  g_autoptr(PdfDocument) plain_document = open_pdf (plain);
  g_autoptr(PdfDocument) bled_document = NULL;
  g_autoptr(DwPrintJob) job = NULL;
  g_auto(Render) without = { 0 };
  g_auto(Render) with = { 0 };
  g_autoptr(GArray) plain_cards = NULL;
  g_autoptr(GArray) bled_cards = NULL;
  Colour palette[4];

  make_palette ("Gaian", "Red Banner", palette);
  options.bleed_mm = 1;
  bled = print_to_pdf (deck, NULL, &options, dir, "bled.pdf", &job);
  g_assert_false (dw_print_job_get_layout (job)->butted);
  bled_document = open_pdf (bled);

  render_page (plain_document, 0, &without);
  render_page (bled_document, 0, &with);
  plain_cards = find_cards (&without, palette);
  bled_cards = find_cards (&with, palette);
  g_assert_cmpuint (bled_cards->len, ==, 9);
  for (guint i = 0; i < bled_cards->len; i++)
    {
      Rect *rect = &g_array_index (bled_cards, Rect, i);
      Rect card = { rect->x + 1, rect->y + 1, 62, 88, rect->colour };

      /* Found by the border's colour, so the bleed is that colour. */
      assert_size (rect, 64, 90);
      g_assert_cmpuint (rect->colour, ==, g_array_index (plain_cards, Rect, i).colour);
      g_assert_cmpfloat (face_difference (&with, &card, &without, &g_array_index (plain_cards, Rect, i)), <, 0.01);
    }
  /* The comparison tells two faces apart. */
  g_assert_cmpfloat (face_difference (&without, &g_array_index (plain_cards, Rect, 0),
                                      &without, &g_array_index (plain_cards, Rect, 2)), >, 0.02);
  dw_test_remove_tree (dir);
}

/* Three millimetres of bleed do not fit between 62 mm cards on A4: the
 * cards butt, only the grid's outer edge bleeds, and a note says so. */
static void
test_bleed_butts_when_it_does_not_fit (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autoptr(DwDeck) deck = alternating_deck ("arcmage", "Gaian", "Red Banner", 9);
  DwPrintOptions options = plain_options (DW_PAPER_A4);
  g_autoptr(DwPrintJob) job = NULL;
  g_autofree char *path = NULL;
  g_autoptr(PdfDocument) document = NULL;
  g_auto(Render) render = { 0 };
  g_autoptr(GArray) cards = NULL;
  Colour palette[4];
  gboolean said = FALSE;

  make_palette ("Gaian", "Red Banner", palette);
  options.bleed_mm = 3;
  path = print_to_pdf (deck, NULL, &options, dir, "cards.pdf", &job);
  g_assert_true (dw_print_job_get_layout (job)->butted);
  for (guint i = 0; i < dw_print_job_get_notes (job)->len; i++)
    said |= strstr (g_ptr_array_index (dw_print_job_get_notes (job), i), "butt") != NULL;
  g_assert_true (said);

  document = open_pdf (path);
  render_page (document, 0, &render);
  cards = find_cards (&render, palette);
  g_assert_cmpuint (cards->len, ==, 9);
  /* Corners bleed on two sides, edges on one, the middle on none. */
  assert_size (&g_array_index (cards, Rect, 0), 65, 91);
  assert_size (&g_array_index (cards, Rect, 1), 62, 91);
  assert_size (&g_array_index (cards, Rect, 4), 62, 88);
  assert_size (&g_array_index (cards, Rect, 8), 65, 91);
  g_assert_cmpfloat_with_epsilon (g_array_index (cards, Rect, 0).x, (210 - 3 * 62) / 2.0 - 3, TOLERANCE);
  dw_test_remove_tree (dir);
}

/* Cut marks never touch a face or its bleed: whatever the marks add to
 * the page lies outside every card; lines reach the paper's edge. */
static void
test_cut_marks_outside_faces (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autoptr(DwDeck) deck = alternating_deck ("arcmage", "Gaian", "Red Banner", 9);
  DwPrintOptions options = plain_options (DW_PAPER_A4);
  g_autofree char *plain = NULL;
  g_autoptr(PdfDocument) plain_document = NULL;
  g_auto(Render) without = { 0 };
  g_autoptr(GArray) cards = NULL;
  Colour palette[4];

  make_palette ("Gaian", "Red Banner", palette);
  options.bleed_mm = 1;
  plain = print_to_pdf (deck, NULL, &options, dir, "plain.pdf", NULL);
  plain_document = open_pdf (plain);
  render_page (plain_document, 0, &without);
  cards = find_cards (&without, palette);
  g_assert_cmpuint (cards->len, ==, 9);

  for (DwPrintMarks marks = DW_PRINT_MARKS_CORNERS; marks <= DW_PRINT_MARKS_LINES; marks++)
    {
      g_autofree char *name = g_strdup_printf ("%s.pdf", dw_print_marks_to_string (marks));
      g_autofree char *path = NULL;
      g_autoptr(PdfDocument) document = NULL;
      g_auto(Render) with = { 0 };
      guint added = 0, at_edge = 0;

      options.marks = marks;
      path = print_to_pdf (deck, NULL, &options, dir, name, NULL);
      document = open_pdf (path);
      render_page (document, 0, &with);
      for (int y = 0; y < with.height; y++)
        for (int x = 0; x < with.width; x++)
          {
            double a[3], b[3];

            pixel (&without, x, y, a);
            pixel (&with, x, y, b);
            if (fabs (a[0] - b[0]) + fabs (a[1] - b[1]) + fabs (a[2] - b[2]) < 0.05)
              continue;
            added++;
            at_edge += x == 0 || y == 0;
            for (guint i = 0; i < cards->len; i++)
              {
                const Rect *rect = &g_array_index (cards, Rect, i);

                if (x / PPMM > rect->x && x / PPMM < rect->x + rect->width &&
                    y / PPMM > rect->y && y / PPMM < rect->y + rect->height)
                  g_error ("a %s cut mark at %.1f, %.1f mm lies on a card", dw_print_marks_to_string (marks),
                           x / PPMM, y / PPMM);
              }
          }
      g_assert_cmpuint (added, >, 0);
      if (marks == DW_PRINT_MARKS_LINES)
        g_assert_cmpuint (at_edge, >, 0);
      else
        g_assert_cmpuint (at_edge, ==, 0);
    }
  dw_test_remove_tree (dir);
}

/* Four cards: three in the first row and one at the start of the second.
 * Their backs lie where the sheet, turned over on the chosen edge, puts
 * them: the page mirrored left to right (long edge) or top to bottom
 * (short edge). */
static void
test_backs_mirror_fronts (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autoptr(DwDeck) deck = alternating_deck ("arcmage", "Gaian", "Red Banner", 4);
  Colour palette[4];

  make_palette ("Gaian", "Red Banner", palette);
  for (DwPrintBacks backs = DW_PRINT_BACKS_LONG_EDGE; backs <= DW_PRINT_BACKS_SHORT_EDGE; backs++)
    {
      DwPrintOptions options = plain_options (DW_PAPER_A4);
      g_autofree char *name = g_strdup_printf ("%s.pdf", dw_print_backs_to_string (backs));
      g_autofree char *path = NULL;
      g_autoptr(PdfDocument) document = NULL;
      g_auto(Render) front = { 0 };
      g_auto(Render) back = { 0 };
      g_autoptr(GArray) fronts = NULL;

      options.backs = backs;
      path = print_to_pdf (deck, NULL, &options, dir, name, NULL);
      document = open_pdf (path);
      g_assert_cmpint (poppler_document_get_n_pages (document), ==, 2 + 1);
      render_page (document, 0, &front);
      render_page (document, 1, &back);
      fronts = find_cards (&front, palette);
      g_assert_cmpuint (fronts->len, ==, 4);

      /* Backs touch and share one colour, so they are held to the fronts'
       * mirrored rectangles pixel by pixel: inked within them, paper
       * beyond them, to 0.2 mm. */
      for (int y = 0; y < back.height; y++)
        for (int x = 0; x < back.width; x++)
          {
            double px = (x + 0.5) / PPMM, py = (y + 0.5) / PPMM, rgb[3];
            gboolean inside = FALSE, outside = TRUE;

            for (guint i = 0; i < fronts->len; i++)
              {
                const Rect *f = &g_array_index (fronts, Rect, i);
                double mx = backs == DW_PRINT_BACKS_LONG_EDGE ? 210 - f->x - f->width : f->x;
                double my = backs == DW_PRINT_BACKS_SHORT_EDGE ? 297 - f->y - f->height : f->y;

                inside |= px > mx + TOLERANCE && px < mx + f->width - TOLERANCE &&
                          py > my + TOLERANCE && py < my + f->height - TOLERANCE;
                outside &= !(px > mx - TOLERANCE && px < mx + f->width + TOLERANCE &&
                             py > my - TOLERANCE && py < my + f->height + TOLERANCE);
              }
            pixel (&back, x, y, rgb);
            if (inside && rgb[0] + rgb[1] + rgb[2] > 2.9)
              g_error ("no back at %.1f, %.1f mm (%s)", px, py, dw_print_backs_to_string (backs));
            if (outside && rgb[0] + rgb[1] + rgb[2] < 2.9)
              g_error ("a back at %.1f, %.1f mm, where no front is mirrored (%s)", px, py,
                       dw_print_backs_to_string (backs));
          }
    }
  dw_test_remove_tree (dir);
}

/* Against an older deck, only the copies beyond it print, and a last
 * page names the swaps both ways. */
static void
test_only_new_prints_the_difference (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autoptr(DwDeck) old_deck = dw_deck_new ("arcmage");
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  DwCard *kept = nth_of ("Gaian", 0), *more = nth_of ("Red Banner", 0);
  DwCard *added = nth_of ("Gaian", 1), *dropped = nth_of ("Red Banner", 1);
  DwCard *added_too = nth_of ("Red Banner", 2);
  DwPrintOptions options = plain_options (DW_PAPER_A4);
  g_autoptr(DwPrintJob) job = NULL;
  g_autofree char *path = NULL;
  g_autoptr(PdfDocument) document = NULL;
  g_autoptr(PdfPage) swaps = NULL;
  g_autofree char *text = NULL;
  g_autofree char *in_line = NULL;
  g_autofree char *out_line = NULL;
  g_auto(Render) render = { 0 };
  g_autoptr(GArray) cards = NULL;
  Colour palette[4];

  dw_deck_set_name (old_deck, "Last Week");
  dw_deck_add_card (old_deck, "main", kept, 3);
  dw_deck_add_card (old_deck, "main", more, 1);
  dw_deck_add_card (old_deck, "main", dropped, 2);
  dw_deck_add_card (deck, "main", kept, 3);
  dw_deck_add_card (deck, "main", more, 2);
  dw_deck_add_card (deck, "main", added, 1);
  dw_deck_add_card (deck, "main", added_too, 1);
  /* Considering never prints unless asked. */
  dw_deck_add_card (deck, DW_SECTION_CONSIDERING, dropped, 4);

  path = print_to_pdf (deck, old_deck, &options, dir, "new.pdf", &job);
  g_assert_cmpuint (dw_print_job_get_n_copies (job), ==, 1 + 1 + 1);
  document = open_pdf (path);
  g_assert_cmpint (poppler_document_get_n_pages (document), ==, 3);
  g_assert_cmpint (dw_print_job_get_page_kind (job, 1), ==, DW_PRINT_PAGE_SWAPS);

  make_palette ("Red Banner", "Gaian", palette);
  render_page (document, 0, &render);
  cards = find_cards (&render, palette);
  g_assert_cmpuint (cards->len, ==, 3);
  g_assert_cmpuint (g_array_index (cards, Rect, 0).colour, ==, 1);
  g_assert_cmpuint (g_array_index (cards, Rect, 1).colour, ==, 2);
  g_assert_cmpuint (g_array_index (cards, Rect, 2).colour, ==, 1);

  swaps = poppler_document_get_page (document, 1);
  text = poppler_page_get_text (swaps);
  in_line = g_strdup_printf ("1 × %s", dw_card_get_name (added));
  out_line = g_strdup_printf ("2 × %s", dw_card_get_name (dropped));
  g_assert_nonnull (strstr (text, "Last Week"));
  g_assert_nonnull (strstr (text, in_line));
  g_assert_nonnull (strstr (text, out_line));
  g_assert_null (strstr (text, dw_card_get_name (kept)));
  dw_test_remove_tree (dir);
}

/* The printer's calibration scales every page: a printer whose 100 mm
 * ruler measured 98 mm gets cards drawn 100/98 as large. */
static void
test_calibration_corrects_scale (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autoptr(DwDeck) deck = alternating_deck ("arcmage", "Gaian", "Red Banner", 9);
  DwPrintOptions options = plain_options (DW_PAPER_A4);
  g_autofree char *path = NULL;
  g_autoptr(PdfDocument) document = NULL;
  g_auto(Render) render = { 0 };
  g_autoptr(GArray) cards = NULL;
  g_autoptr(GError) error = NULL;
  Colour palette[4];

  make_palette ("Gaian", "Red Banner", palette);
  options.ruler_x_mm = 98;
  options.ruler_y_mm = 101;
  options.calibration = TRUE;
  path = print_to_pdf (deck, NULL, &options, dir, "cards.pdf", NULL);
  document = open_pdf (path);
  g_assert_cmpint (poppler_document_get_n_pages (document), ==, 1 + 1 + 1);
  render_page (document, 1, &render);
  cards = find_cards (&render, palette);
  g_assert_cmpuint (cards->len, ==, 9);
  assert_size (&g_array_index (cards, Rect, 4), 62 * 100 / 98.0, 88 * 100 / 101.0);

  options.ruler_x_mm = 50;
  g_assert_null (dw_print_job_new (library, deck, NULL, &options, &error));
  g_assert_error (error, DW_PRINT_ERROR, DW_PRINT_ERROR_CALIBRATION);
  dw_test_remove_tree (dir);
}

/* What cannot be met is refused before anything is written. */
static void
test_refusals (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autoptr(DwDeck) deck = alternating_deck ("arcmage", "Gaian", "Red Banner", 2);
  g_autofree char *game_path = NULL;
  g_autoptr(DwDeck) huge = NULL;
  DwPrintOptions options = plain_options (DW_PAPER_A4);
  g_autoptr(GError) error = NULL;

  options.bleed_mm = 3.5;
  g_assert_null (dw_print_job_new (library, deck, NULL, &options, &error));
  g_assert_error (error, DW_PRINT_ERROR, DW_PRINT_ERROR_BLEED);
  g_clear_error (&error);
  options.bleed_mm = -0.5;
  g_assert_null (dw_print_job_new (library, deck, NULL, &options, &error));
  g_assert_error (error, DW_PRINT_ERROR, DW_PRINT_ERROR_BLEED);
  g_clear_error (&error);
  options.bleed_mm = 0;

  game_path = dw_test_write_file (dir, "poster.xml",
    "<game xmlns='urn:deckwright:game:1' id='poster' name='Poster'>"
    "<card-size width='250' height='180'/>"
    "<types><type id='Card' name='Card'/></types>"
    "<properties><property id='text' name='Text' kind='text'/></properties>"
    "<sections><section id='main' name='Main'/></sections>"
    "<formats><format id='poster-open' name='Open' default='true'>"
    "<section ref='main' min='1' max='9'/></format></formats></game>");
  dw_library_add_game_file (library, game_path, &error);
  g_assert_no_error (error);
  huge = dw_deck_new ("poster");
  g_assert_null (dw_print_job_new (library, huge, NULL, &options, &error));
  g_assert_error (error, DW_PRINT_ERROR, DW_PRINT_ERROR_DOES_NOT_FIT);
  g_assert_nonnull (strstr (error->message, "250 × 180 mm"));
  dw_test_remove_tree (dir);
}

/* <card-size> is read, defaults to 63 × 88 mm and refuses nonsense with
 * its line. */
static void
test_card_size_read (void)
{
  static const char *bad[] = { "width='0' height='88'", "width='63' height='eighty'", "width='400' height='88'",
                               "width='63'" };
  DwGame *arcmage = dw_library_lookup_game (library, "arcmage");
  DwGame *coraabia = dw_library_lookup_game (library, "coraabia");
  double w, h;

  dw_game_get_card_size (arcmage, &w, &h);
  g_assert_cmpfloat (w, ==, 62);
  g_assert_cmpfloat (h, ==, 88);
  dw_game_get_card_size (coraabia, &w, &h);
  g_assert_cmpfloat (w, ==, 63);
  g_assert_cmpfloat (h, ==, 88);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *xml = g_strdup_printf ("<game xmlns='urn:deckwright:game:1' id='g' name='G'>\n"
                                              "<types><type id='Card' name='Card'/></types>\n"
                                              "<card-size %s/>\n</game>", bad[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(DwGame) game = dw_game_new_from_data (xml, strlen (xml), "bad.xml", &error);

      g_assert_null (game);
      g_assert_error (error, DW_GAME_ERROR, DW_GAME_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "bad.xml:3"));
    }
}

/* A card no database knows prints as a labelled blank of the card's
 * size, and is listed. */
static void
test_unknown_card_is_a_labelled_blank (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autoptr(DwDeckEntry) entry = dw_deck_entry_new (NULL, "Nowhere Dragon", 1);
  DwPrintOptions options = plain_options (DW_PAPER_A4);
  g_autoptr(DwPrintJob) job = NULL;
  g_autofree char *path = NULL;
  g_autoptr(PdfDocument) document = NULL;
  g_autoptr(PdfPage) page = NULL;
  g_autofree char *text = NULL;
  g_auto(Render) render = { 0 };
  g_autoptr(GArray) cards = NULL;
  Colour palette[4] = { { { 1, 1, 1 } }, { { 0.92, 0.92, 0.92 } }, { { 0, 0, 0 } }, { { 0, 0, 0 } } };

  dw_deck_add_entry (deck, "main", entry);
  path = print_to_pdf (deck, NULL, &options, dir, "cards.pdf", &job);
  g_assert_cmpuint (dw_print_job_get_notes (job)->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (dw_print_job_get_notes (job), 0), "Nowhere Dragon"));

  document = open_pdf (path);
  render_page (document, 0, &render);
  cards = find_cards (&render, palette);
  g_assert_cmpuint (cards->len, ==, 1);
  assert_size (&g_array_index (cards, Rect, 0), 62, 88);
  page = poppler_document_get_page (document, 0);
  text = poppler_page_get_text (page);
  g_assert_nonnull (strstr (text, "Nowhere Dragon"));
  dw_test_remove_tree (dir);
}

/* A card database whose cards carry images beside it: one sharp, one
 * soft, one that is not an image at all. */
static char *
write_image_db (const char *dir)
{
  g_autoptr(GdkPixbuf) sharp = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, 740, 1050);
  g_autoptr(GdkPixbuf) soft = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, 250, 350);
  g_autofree char *sharp_path = g_build_filename (dir, "sharp.png", NULL);
  g_autofree char *soft_path = g_build_filename (dir, "soft.jpg", NULL);
  g_autoptr(GError) error = NULL;

  gdk_pixbuf_fill (sharp, 0x2040a0ff);
  gdk_pixbuf_fill (soft, 0xa04020ff);
  g_assert_true (gdk_pixbuf_save (sharp, sharp_path, "png", &error, NULL));
  g_assert_true (gdk_pixbuf_save (soft, soft_path, "jpeg", &error, NULL));
  g_free (dw_test_write_file (dir, "broken.png", "this is no PNG"));
  return dw_test_write_file (dir, "pictured.xml",
    "<carddb xmlns='urn:deckwright:carddb:1' game='arcmage'>"
    "<info><name>Pictured</name><license>CC-BY-SA-4.0</license><source>Test</source></info>"
    "<set id='pic' name='Pictured'/>"
    "<card id='pic-1' set='pic'><name>Sharp Picture</name><type>Creature</type><faction>Gaian</faction>"
    "<cost>1</cost><artist>Ada Painter</artist><image>sharp.png</image></card>"
    "<card id='pic-2' set='pic'><name>Soft Picture</name><type>Creature</type><faction>Gaian</faction>"
    "<cost>1</cost><image>soft.jpg</image></card>"
    "<card id='pic-3' set='pic'><name>Broken Picture</name><type>Creature</type><faction>Gaian</faction>"
    "<cost>1</cost><image>broken.png</image></card>"
    "</carddb>");
}

/* Images print cropped to the card; under 300 dpi they are named; one
 * that cannot be decoded falls back to the painted face and is listed;
 * the credits name the artists and the database's licence. */
static void
test_card_images (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *db_path = write_image_db (dir);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  DwPrintOptions options = plain_options (DW_PAPER_A4);
  g_autoptr(DwPrintJob) job = NULL;
  g_autofree char *path = NULL;
  g_autoptr(PdfDocument) document = NULL;
  g_autoptr(PdfPage) credits = NULL;
  g_autofree char *text = NULL;
  g_auto(Render) render = { 0 };
  g_autoptr(GArray) cards = NULL;
  Colour palette[4] = { { { 1, 1, 1 } }, { { 0x20 / 255.0, 0x40 / 255.0, 0xa0 / 255.0 } },
                        { { 0xa0 / 255.0, 0x40 / 255.0, 0x20 / 255.0 } }, { { 0.18, 0.55, 0.25 } } };
  GPtrArray *notes;

  g_assert_nonnull (dw_library_add_card_db_file (library, db_path, &error));
  g_assert_no_error (error);
  for (guint i = 1; i <= 3; i++)
    {
      g_autofree char *id = g_strdup_printf ("pic-%u", i);

      dw_deck_add_card (deck, "main", dw_library_lookup_card (library, "arcmage", id, 0, NULL), 1);
    }
  path = print_to_pdf (deck, NULL, &options, dir, "cards.pdf", &job);

  g_assert_cmpuint (dw_print_job_get_low_dpi (job)->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (dw_print_job_get_low_dpi (job), 0), ==, "Soft Picture");
  notes = dw_print_job_get_notes (job);
  g_assert_cmpuint (notes->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (notes, 0), "Broken Picture"));

  document = open_pdf (path);
  render_page (document, 0, &render);
  cards = find_cards (&render, palette);
  g_assert_cmpuint (cards->len, ==, 3);
  g_assert_cmpuint (g_array_index (cards, Rect, 0).colour, ==, 1);
  g_assert_cmpuint (g_array_index (cards, Rect, 1).colour, ==, 2);
  g_assert_cmpuint (g_array_index (cards, Rect, 2).colour, ==, 3);   /* painted: Gaian's border */
  for (guint i = 0; i < cards->len; i++)
    assert_size (&g_array_index (cards, Rect, i), 62, 88);

  credits = poppler_document_get_page (document, poppler_document_get_n_pages (document) - 1);
  text = poppler_page_get_text (credits);
  g_assert_nonnull (strstr (text, "Ada Painter"));
  g_assert_nonnull (strstr (text, "Pictured"));
  g_assert_nonnull (strstr (text, "CC-BY-SA-4.0"));
  dw_test_remove_tree (dir);
}

typedef struct
{
  guint         calls;
  guint         last;
  guint         total;
  GCancellable *cancel_at_five;
} Progress;

static void
progress_cb (guint    done,
             guint    total,
             gpointer data)
{
  Progress *progress = data;

  g_assert_cmpuint (done, ==, progress->last + 1);
  progress->calls++;
  progress->last = done;
  progress->total = total;
  if (progress->cancel_at_five != NULL && done == 5)
    g_cancellable_cancel (progress->cancel_at_five);
}

/* Progress moves card by card to the total; Stop ends the print with
 * nothing written. */
static void
test_progress_and_cancel (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cards.pdf", NULL);
  g_autoptr(DwDeck) deck = alternating_deck ("arcmage", "Gaian", "Red Banner", 20);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  DwPrintOptions options = plain_options (DW_PAPER_A4);
  g_autoptr(DwPrintJob) job = NULL;
  g_autoptr(GError) error = NULL;
  Progress progress = { 0 };

  options.backs = DW_PRINT_BACKS_LONG_EDGE;
  job = dw_print_job_new (library, deck, NULL, &options, &error);
  g_assert_no_error (error);
  g_assert_true (dw_print_job_save_pdf (job, path, NULL, progress_cb, &progress, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (progress.calls, ==, 40);
  g_assert_cmpuint (progress.total, ==, 40);
  g_assert_cmpint (g_unlink (path), ==, 0);

  progress = (Progress) { 0, 0, 0, cancellable };
  g_assert_false (dw_print_job_save_pdf (job, path, cancellable, progress_cb, &progress, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (progress.last, ==, 5);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  dw_test_remove_tree (dir);
}

/* The PDF is saved as every file: never onto a device. */
static void
test_saved_like_every_file (void)
{
  g_autoptr(DwDeck) deck = alternating_deck ("arcmage", "Gaian", "Red Banner", 2);
  DwPrintOptions options = plain_options (DW_PAPER_A4);
  g_autoptr(DwPrintJob) job = NULL;
  g_autoptr(GError) error = NULL;

  job = dw_print_job_new (library, deck, NULL, &options, &error);
  g_assert_no_error (error);
  g_assert_false (dw_print_job_save_pdf (job, "/dev/null", NULL, NULL, NULL, &error));
  g_assert_nonnull (error);
}

/* --print-cards: a PDF of the right pages; refusals exit 2 and write
 * nothing. */
static void
test_cli (DwTestCliFixture *fixture,
          gconstpointer     data)
{
  g_autofree char *deck_path = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autofree char *output = g_build_filename (fixture->tmpdir, "cards.pdf", NULL);
  g_autofree char *missing = g_build_filename (fixture->tmpdir, "missing.xml", NULL);
  g_autoptr(PdfDocument) document = NULL;
  const char *ok_args[] = { "--print-cards", deck_path, "--output", output, "--bleed", "1.5",
                            "--cut-marks", "lines", "--backs", "short-edge", "--paper", "letter", NULL };
  struct {
    const char *args[10];
  } refused[] = {
    { { "--print-cards", deck_path, "--output", output, "--bleed", "3.5", NULL } },
    { { "--print-cards", deck_path, "--output", output, "--bleed", "lots", NULL } },
    { { "--print-cards", missing, "--output", output, NULL } },
    { { "--print-cards", deck_path, "--output", output, "--only-new-vs", missing, NULL } },
    { { "--print-cards", deck_path, "--output", output, "--cut-marks", "dots", NULL } },
    { { "--print-cards", deck_path, NULL } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autofree char *err = NULL;

      g_assert_cmpint (dw_test_cli_run (fixture, refused[i].args, NULL, &err), ==, 2);
      g_assert_true (g_str_has_prefix (err, "deckwright: "));
      g_assert_false (g_file_test (output, G_FILE_TEST_EXISTS));
    }

  g_assert_cmpint (dw_test_cli_run (fixture, ok_args, NULL, NULL), ==, 0);
  document = open_pdf (output);
  {
    g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
    guint64 copies = 0;

    for (guint s = 0; s < dw_deck_get_n_sections (deck); s++)
      {
        const char *id = dw_deck_get_section_id (deck, s);

        if (!dw_section_is_considering (id) && strcmp (id, "tokens") != 0)
          copies += dw_deck_count_section (deck, id);
      }
    /* Faces and backs for each sheet of nine, then the credits. */
    g_assert_cmpint (poppler_document_get_n_pages (document), ==, 2 * ((copies + 8) / 9) + 1);
  }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  library = dw_test_library ();

  g_test_add_func ("/print/card-size-read", test_card_size_read);
  g_test_add_func ("/print/true-size-nine-to-a4", test_true_size_nine_to_a4);
  g_test_add_func ("/print/default-size-on-letter", test_default_size_on_letter);
  g_test_add_func ("/print/bleed-extends-border", test_bleed_extends_border);
  g_test_add_func ("/print/bleed-butts-when-it-does-not-fit", test_bleed_butts_when_it_does_not_fit);
  g_test_add_func ("/print/cut-marks-outside-faces", test_cut_marks_outside_faces);
  g_test_add_func ("/print/backs-mirror-fronts", test_backs_mirror_fronts);
  g_test_add_func ("/print/only-new-prints-the-difference", test_only_new_prints_the_difference);
  g_test_add_func ("/print/calibration-corrects-scale", test_calibration_corrects_scale);
  g_test_add_func ("/print/refusals", test_refusals);
  g_test_add_func ("/print/unknown-card-is-a-labelled-blank", test_unknown_card_is_a_labelled_blank);
  g_test_add_func ("/print/card-images", test_card_images);
  g_test_add_func ("/print/progress-and-cancel", test_progress_and_cancel);
  g_test_add_func ("/print/saved-like-every-file", test_saved_like_every_file);
  g_test_add ("/print/cli", DwTestCliFixture, NULL, dw_test_cli_set_up, test_cli, dw_test_cli_tear_down);

  status = g_test_run ();
  g_object_unref (library);
  return status;
}
