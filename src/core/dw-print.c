/* dw-print.c — a deck's cards on sheets at their true size, to cut and sleeve
 *
 * Every copy of every card is printed at the game's card size
 * (<card-size>, in millimetres), as many to a page as fit inside the
 * margin, in a grid centred on the page and at the same places on every
 * page so that a stack of sheets is cut at once.  A card's face is its
 * own image when it has one, else the face dw_card_paint_large() draws
 * for the builder, as vectors.  Bleed extends the card's border colour
 * past its edge and never scales the card; when it does not fit between
 * the cards they butt and only the grid's outer edge bleeds.  Cut marks
 * lie in the margin, beyond the outer bleed, so they never touch a face.
 *
 * Backs come as a page after each page of faces, mirrored for the duplex
 * edge; the printer's calibration (what its 100 mm rulers measured, and
 * where its backs land) corrects every page.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "dw-card-db.h"
#include "dw-card-paint.h"
#include "dw-deck.h"
#include "dw-images.h"
#include "dw-pdf.h"
#include "dw-print-private.h"
#include "dw-xml.h"

G_DEFINE_QUARK (dw-print-error-quark, dw_print_error)

static void
clear_copy (DwPrintCopy *copy)
{
  g_clear_object (&copy->card);
  g_free (copy->name);
}

static void
clear_swap (DwPrintSwap *swap)
{
  g_free (swap->name);
}

static void
image_free (DwPrintImage *image)
{
  g_clear_pointer (&image->surface, cairo_surface_destroy);
  g_free (image);
}

static void
add_note (DwPrintJob *self,
          const char *key,
          char       *note)
{
  if (key != NULL && !g_hash_table_add (self->noted, g_strdup (key)))
    {
      g_free (note);
      return;
    }
  g_ptr_array_add (self->notes, note);
}

/* ---------------------------------------------------------------- layout */

static gboolean
lay_out (DwPrintJob  *self,
         GError     **error)
{
  DwPrintLayout *layout = &self->layout;
  double usable_width = self->page_width_mm - 2 * DW_PRINT_MARGIN_MM;
  double usable_height = self->page_height_mm - 2 * DW_PRINT_MARGIN_MM;
  double w = layout->card_width_mm, h = layout->card_height_mm;
  double bleed = self->options.bleed_mm;
  double grid_width, grid_height;

  /* A hair of slack so that 3 × 63 mm in 200 mm is never lost to rounding. */
  layout->columns = (guint) floor ((usable_width + 1e-6) / w);
  layout->rows = (guint) floor ((usable_height + 1e-6) / h);
  if (layout->columns == 0 || layout->rows == 0)
    {
      g_set_error (error, DW_PRINT_ERROR, DW_PRINT_ERROR_DOES_NOT_FIT,
                   _("cards of %g × %g mm do not fit on %s paper, whose printable area is %g × %g mm: "
                     "choose the other paper, or correct the game's <card-size>"),
                   w, h, dw_paper_to_string (self->options.paper), usable_width, usable_height);
      return FALSE;
    }
  layout->per_page = layout->columns * layout->rows;

  layout->butted = bleed > 0 &&
                   (layout->columns * (w + 2 * bleed) > usable_width + 1e-6 ||
                    layout->rows * (h + 2 * bleed) > usable_height + 1e-6);
  layout->gap_mm = layout->butted ? 0 : 2 * bleed;
  grid_width = layout->columns * w + (layout->columns - 1) * layout->gap_mm;
  grid_height = layout->rows * h + (layout->rows - 1) * layout->gap_mm;
  layout->left_mm = (self->page_width_mm - grid_width) / 2;
  layout->top_mm = (self->page_height_mm - grid_height) / 2;
  return TRUE;
}

/* Where slot (@column, @row) lies, without bleed, in millimetres. */
static void
slot_origin (DwPrintJob *self,
             guint       column,
             guint       row,
             double     *x,
             double     *y)
{
  const DwPrintLayout *layout = &self->layout;

  *x = layout->left_mm + column * (layout->card_width_mm + layout->gap_mm);
  *y = layout->top_mm + row * (layout->card_height_mm + layout->gap_mm);
}

/* The bleed on each side of the card in slot @slot of a sheet holding
 * @n_on_sheet cards: all of it where no card butts, none where one does. */
static void
slot_bleed (DwPrintJob *self,
            guint       slot,
            guint       n_on_sheet,
            double      bleed[4])   /* left, top, right, bottom */
{
  const DwPrintLayout *layout = &self->layout;
  guint column = slot % layout->columns, row = slot / layout->columns;
  double b = self->options.bleed_mm;

  if (!layout->butted)
    {
      bleed[0] = bleed[1] = bleed[2] = bleed[3] = b;
      return;
    }
  bleed[0] = column == 0 ? b : 0;
  bleed[1] = row == 0 ? b : 0;
  bleed[2] = column + 1 == layout->columns || slot + 1 >= n_on_sheet ? b : 0;
  bleed[3] = row + 1 == layout->rows || slot + layout->columns >= n_on_sheet ? b : 0;
}

/* ------------------------------------------------------------------ text */

static PangoContext *
page_context (cairo_t *cr)
{
  PangoContext *context = pango_cairo_create_context (cr);
  cairo_font_options_t *options = cairo_font_options_create ();

  /* Sizes that do not depend on the surface, so the preview and the
   * paper set the same lines. */
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (context, options);
  cairo_font_options_destroy (options);
  return context;
}

/* ---------------------------------------------------------------- images */

static cairo_surface_t *
surface_from_pixbuf (GdkPixbuf *pixbuf)
{
  int width = gdk_pixbuf_get_width (pixbuf), height = gdk_pixbuf_get_height (pixbuf);
  int channels = gdk_pixbuf_get_n_channels (pixbuf), rowstride = gdk_pixbuf_get_rowstride (pixbuf);
  gboolean alpha = gdk_pixbuf_get_has_alpha (pixbuf);
  const guchar *pixels = gdk_pixbuf_read_pixels (pixbuf);
  cairo_surface_t *surface = cairo_image_surface_create (alpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24,
                                                         width, height);
  guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  cairo_surface_flush (surface);
  for (int y = 0; y < height; y++)
    {
      const guchar *in = pixels + (gsize) y * rowstride;
      guint32 *out = (guint32 *) (data + (gsize) y * stride);

      for (int x = 0; x < width; x++, in += channels)
        {
          guint a = alpha ? in[3] : 255;
          /* cairo wants alpha premultiplied into each colour. */
          guint r = (in[0] * a + 127) / 255, g = (in[1] * a + 127) / 255, b = (in[2] * a + 127) / 255;

          out[x] = (a << 24) | (r << 16) | (g << 8) | b;
        }
    }
  cairo_surface_mark_dirty (surface);
  return surface;
}

/* The image file a card prints, when it has one that is there. */
static char *
card_image_path (DwPrintJob *self,
                 DwCard     *card)
{
  if (!self->options.images || card == NULL)
    return NULL;
  return dw_images_card_image_path (card);
}

/* An image of the shape of the card with IMAGE_BLEED_MM more on every
 * side (to half a percent, and nearer that than the card's own shape)
 * carries its own bleed; any other image is cropped to cover the card. */
static gboolean
carries_bleed (DwPrintJob *self,
               int         width,
               int         height)
{
  double w = self->layout.card_width_mm, h = self->layout.card_height_mm;
  double shape = (double) width / height;
  double bled = (w + 2 * IMAGE_BLEED_MM) / (h + 2 * IMAGE_BLEED_MM);

  return fabs (shape - bled) < 0.005 * bled && fabs (shape - bled) < fabs (shape - w / h);
}

/* @card's image, decoded once for all its copies; NULL when it has none
 * or it cannot be decoded (then noted: its painted face prints). */
static DwPrintImage *
card_image (DwPrintJob *self,
            DwCard     *card)
{
  g_autofree char *path = card_image_path (self, card);
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkPixbuf) pixbuf = NULL;
  g_autofree char *format_name = NULL;
  GdkPixbufFormat *format;
  DwPrintImage *image;

  if (path == NULL)
    return NULL;
  image = g_hash_table_lookup (self->images, dw_card_get_id (card));
  if (image != NULL)
    return image->surface ? image : NULL;

  image = g_new0 (DwPrintImage, 1);
  g_hash_table_insert (self->images, g_strdup (dw_card_get_id (card)), image);
  pixbuf = dw_images_load_file (path, &error);
  if (pixbuf == NULL)
    {
      add_note (self, dw_card_get_id (card),
                g_strdup_printf (_("%s: its image cannot be decoded (%s); its painted face is printed"),
                                 dw_card_get_name (card), error->message));
      return NULL;
    }

  image->surface = surface_from_pixbuf (pixbuf);
  image->own_bleed = carries_bleed (self, gdk_pixbuf_get_width (pixbuf), gdk_pixbuf_get_height (pixbuf));

  /* A JPEG goes into the PDF as it is, and every copy shares one. */
  format = gdk_pixbuf_get_file_info (path, NULL, NULL);
  format_name = format ? gdk_pixbuf_format_get_name (format) : NULL;
  if (g_strcmp0 (format_name, "jpeg") == 0)
    {
      char *contents = NULL;
      gsize length = 0;

      if (g_file_get_contents (path, &contents, &length, NULL))
        cairo_surface_set_mime_data (image->surface, CAIRO_MIME_TYPE_JPEG, (const guchar *) contents,
                                     length, g_free, contents);
    }
  {
    char *unique = g_strdup_printf ("deckwright-card:%s", path);

    cairo_surface_set_mime_data (image->surface, CAIRO_MIME_TYPE_UNIQUE_ID, (const guchar *) unique,
                                 strlen (unique), g_free, unique);
  }
  return image;
}

/* ------------------------------------------------------------------ cards */

static void
fill_rect_mm (cairo_t *cr,
              double   x,
              double   y,
              double   w,
              double   h)
{
  cairo_rectangle (cr, mm_to_pt (x), mm_to_pt (y), mm_to_pt (w), mm_to_pt (h));
  cairo_fill (cr);
}

static void
draw_face (DwPrintJob   *self,
           cairo_t      *cr,
           PangoContext *context,
           const DwPrintCopy   *copy,
           double        x,
           double        y,
           const double  bleed[4])
{
  double w = self->layout.card_width_mm, h = self->layout.card_height_mm;
  double r, g, b;
  DwPrintImage *image = card_image (self, copy->card);

  if (copy->card == NULL)
    {
      /* A labelled blank of the card's size, so the sheet still cuts. */
      cairo_set_source_rgb (cr, 0.92, 0.92, 0.92);
      fill_rect_mm (cr, x - bleed[0], y - bleed[1], w + bleed[0] + bleed[2], h + bleed[1] + bleed[3]);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      dw_print_show_text (cr, context, copy->name, "Sans Bold 9", x + 4, y + h / 3, w - 8);
      dw_print_show_text (cr, context, _("Not in any card database: no face to print"), "Sans 7", x + 4,
                 y + h / 2, w - 8);
      return;
    }

  dw_card_paint_faction_colour (copy->card, &r, &g, &b);
  cairo_save (cr);
  if (image != NULL && image->own_bleed)
    {
      /* The image's own bleed serves as the bleed; the card is its middle. */
      double iw = cairo_image_surface_get_width (image->surface);
      double scale = mm_to_pt (w + 2 * IMAGE_BLEED_MM) / iw;

      cairo_rectangle (cr, mm_to_pt (x - bleed[0]), mm_to_pt (y - bleed[1]),
                       mm_to_pt (w + bleed[0] + bleed[2]), mm_to_pt (h + bleed[1] + bleed[3]));
      cairo_clip (cr);
      cairo_translate (cr, mm_to_pt (x - IMAGE_BLEED_MM), mm_to_pt (y - IMAGE_BLEED_MM));
      cairo_scale (cr, scale, scale);
      cairo_set_source_surface (cr, image->surface, 0, 0);
      cairo_paint (cr);
      cairo_restore (cr);
      return;
    }

  /* The border colour under the whole card and its bleed: the bleed, and
   * the corners the painter rounds. */
  cairo_set_source_rgb (cr, r, g, b);
  fill_rect_mm (cr, x - bleed[0], y - bleed[1], w + bleed[0] + bleed[2], h + bleed[1] + bleed[3]);
  cairo_rectangle (cr, mm_to_pt (x), mm_to_pt (y), mm_to_pt (w), mm_to_pt (h));
  cairo_clip (cr);
  cairo_translate (cr, mm_to_pt (x), mm_to_pt (y));

  if (image != NULL)
    {
      /* Cropped to the card: it covers the card, centred. */
      double iw = cairo_image_surface_get_width (image->surface);
      double ih = cairo_image_surface_get_height (image->surface);
      double scale = MAX (mm_to_pt (w) / iw, mm_to_pt (h) / ih);

      cairo_translate (cr, (mm_to_pt (w) - iw * scale) / 2, (mm_to_pt (h) - ih * scale) / 2);
      cairo_scale (cr, scale, scale);
      cairo_set_source_surface (cr, image->surface, 0, 0);
      cairo_paint (cr);
    }
  else
    {
      dw_card_paint_large (context, cr, self->game, copy->card, NULL, mm_to_pt (w), mm_to_pt (h));
    }
  cairo_restore (cr);

  if (self->options.playtest_mark)
    {
      cairo_set_source_rgba (cr, 0.6, 0.1, 0.1, 0.85);
      dw_print_show_text (cr, context, _("PLAYTEST"), "Sans Bold 5", x + 3, y + h - 3.2, w / 2);
    }
}

static void
draw_back (DwPrintJob   *self,
           cairo_t      *cr,
           double        x,
           double        y,
           const double  bleed[4])
{
  double w = self->layout.card_width_mm, h = self->layout.card_height_mm;
  double r, g, b;

  dw_card_paint_back_rgb (&r, &g, &b);
  cairo_set_source_rgb (cr, r, g, b);
  fill_rect_mm (cr, x - bleed[0], y - bleed[1], w + bleed[0] + bleed[2], h + bleed[1] + bleed[3]);
  cairo_save (cr);
  cairo_translate (cr, mm_to_pt (x), mm_to_pt (y));
  dw_card_paint_back (cr, mm_to_pt (w), mm_to_pt (h));
  cairo_restore (cr);
}

/* Cut marks in the margin, beyond the grid's outer bleed and a millimetre
 * more, at every card's edges: short ones, or lines to the page's edge. */
static void
draw_marks (DwPrintJob *self,
            cairo_t    *cr)
{
  const DwPrintLayout *layout = &self->layout;
  double b = self->options.bleed_mm + 1;
  double grid_right, grid_bottom;

  if (self->options.marks == DW_PRINT_MARKS_NONE)
    return;

  slot_origin (self, layout->columns - 1, layout->rows - 1, &grid_right, &grid_bottom);
  grid_right += layout->card_width_mm;
  grid_bottom += layout->card_height_mm;

  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.5);
  for (guint column = 0; column < layout->columns; column++)
    for (guint side = 0; side < 2; side++)
      {
        double x, y;
        double top_end = layout->top_mm - b, bottom_start = grid_bottom + b;
        double top_start = self->options.marks == DW_PRINT_MARKS_LINES ? 0 : top_end - DW_PRINT_MARK_MM;
        double bottom_end = self->options.marks == DW_PRINT_MARKS_LINES
                            ? self->page_height_mm : bottom_start + DW_PRINT_MARK_MM;

        slot_origin (self, column, 0, &x, &y);
        x += side * layout->card_width_mm;
        cairo_move_to (cr, mm_to_pt (x), mm_to_pt (MAX (top_start, 0)));
        cairo_line_to (cr, mm_to_pt (x), mm_to_pt (top_end));
        cairo_move_to (cr, mm_to_pt (x), mm_to_pt (bottom_start));
        cairo_line_to (cr, mm_to_pt (x), mm_to_pt (MIN (bottom_end, self->page_height_mm)));
      }
  for (guint row = 0; row < layout->rows; row++)
    for (guint side = 0; side < 2; side++)
      {
        double x, y;
        double left_end = layout->left_mm - b, right_start = grid_right + b;
        double left_start = self->options.marks == DW_PRINT_MARKS_LINES ? 0 : left_end - DW_PRINT_MARK_MM;
        double right_end = self->options.marks == DW_PRINT_MARKS_LINES
                           ? self->page_width_mm : right_start + DW_PRINT_MARK_MM;

        slot_origin (self, 0, row, &x, &y);
        y += side * layout->card_height_mm;
        cairo_move_to (cr, mm_to_pt (MAX (left_start, 0)), mm_to_pt (y));
        cairo_line_to (cr, mm_to_pt (left_end), mm_to_pt (y));
        cairo_move_to (cr, mm_to_pt (right_start), mm_to_pt (y));
        cairo_line_to (cr, mm_to_pt (MIN (right_end, self->page_width_mm)), mm_to_pt (y));
      }
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* Sheet @sheet's faces, or their backs at the mirrored places. */
static gboolean
draw_sheet (DwPrintJob    *self,
            cairo_t       *cr,
            PangoContext  *context,
            guint          sheet,
            gboolean       backs,
            GCancellable  *cancellable,
            guint         *done,
            DwPrintProgressFunc progress,
            gpointer       progress_data,
            GError       **error)
{
  const DwPrintLayout *layout = &self->layout;
  guint first = sheet * layout->per_page;
  guint n_on_sheet = MIN (layout->per_page, self->copies->len - first);

  for (guint slot = 0; slot < n_on_sheet; slot++)
    {
      const DwPrintCopy *copy = &g_array_index (self->copies, DwPrintCopy, first + slot);
      guint column = slot % layout->columns, row = slot / layout->columns;
      double bleed[4], x, y;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;

      slot_bleed (self, slot, n_on_sheet, bleed);
      if (!backs)
        {
          slot_origin (self, column, row, &x, &y);
          draw_face (self, cr, context, copy, x, y, bleed);
        }
      else
        {
          double mirrored[4];

          /* Flipped on the long edge, left and right trade places; on
           * the short edge, top and bottom. */
          if (self->options.backs == DW_PRINT_BACKS_SHORT_EDGE)
            {
              slot_origin (self, column, layout->rows - 1 - row, &x, &y);
              mirrored[0] = bleed[0], mirrored[2] = bleed[2];
              mirrored[1] = bleed[3], mirrored[3] = bleed[1];
            }
          else
            {
              slot_origin (self, layout->columns - 1 - column, row, &x, &y);
              mirrored[0] = bleed[2], mirrored[2] = bleed[0];
              mirrored[1] = bleed[1], mirrored[3] = bleed[3];
            }
          draw_back (self, cr, x, y, mirrored);
        }

      if (done != NULL)
        (*done)++;
      if (progress != NULL)
        progress (*done, dw_print_job_get_n_copies (self) * (self->options.backs ? 2 : 1), progress_data);
    }

  draw_marks (self, cr);
  return TRUE;
}

/* -------------------------------------------------------------- building */

static gboolean
prints_section (DwPrintJob *self,
                const char *section_id)
{
  const DwSectionDef *def = dw_game_lookup_section (self->game, section_id);

  if (dw_section_is_considering (section_id))
    return self->options.considering;
  if (def != NULL && def->tokens)
    return self->options.tokens;
  return TRUE;
}

static char *
copy_key (DwDeckEntry *entry)
{
  DwCard *card = dw_deck_entry_get_card (entry);

  if (card != NULL)
    return g_strconcat ("id:", dw_card_get_id (card), NULL);
  return g_strconcat ("name:", dw_deck_entry_get_display_name (entry), NULL);
}

/* Calls @func for every entry of @deck that prints, in the deck's order. */
static void
foreach_printed (DwPrintJob *self,
                 DwDeck     *deck,
                 void      (*func) (DwPrintJob *, DwDeckEntry *, gpointer),
                 gpointer    data)
{
  for (guint s = 0; s < dw_deck_get_n_sections (deck); s++)
    {
      const char *section_id = dw_deck_get_section_id (deck, s);
      GListModel *entries;

      if (!prints_section (self, section_id))
        continue;
      entries = dw_deck_get_section (deck, section_id);
      for (guint i = 0; i < g_list_model_get_n_items (entries); i++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i);
          DwCard *card = dw_deck_entry_get_card (entry);

          if (card != NULL && dw_card_is_token (card) && !self->options.tokens)
            continue;
          func (self, entry, data);
        }
    }
}

typedef struct
{
  GHashTable *old_counts;   /* key → gint64 copies of the old deck not yet matched */
  GHashTable *swap_index;   /* key → index + 1 in self->swaps */
  gint64      total;
} Tally;

static DwPrintSwap *
swap_for (DwPrintJob  *self,
          Tally       *tally,
          DwDeckEntry *entry)
{
  g_autofree char *key = copy_key (entry);
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (tally->swap_index, key));

  if (index == 0)
    {
      DwPrintSwap swap = { g_strdup (dw_deck_entry_get_display_name (entry)), 0 };

      g_array_append_val (self->swaps, swap);
      index = self->swaps->len;
      g_hash_table_insert (tally->swap_index, g_steal_pointer (&key), GUINT_TO_POINTER (index));
    }
  return &g_array_index (self->swaps, DwPrintSwap, index - 1);
}

static void
count_old_cb (DwPrintJob  *self,
              DwDeckEntry *entry,
              gpointer     data)
{
  Tally *tally = data;
  g_autofree char *key = copy_key (entry);
  gint64 *count = g_hash_table_lookup (tally->old_counts, key);

  if (count == NULL)
    {
      count = g_new0 (gint64, 1);
      g_hash_table_insert (tally->old_counts, g_steal_pointer (&key), count);
    }
  *count += dw_deck_entry_get_count (entry);
}

static void
add_copies_cb (DwPrintJob  *self,
               DwDeckEntry *entry,
               gpointer     data)
{
  Tally *tally = data;
  gint64 copies = dw_deck_entry_get_count (entry);
  DwCard *card = dw_deck_entry_get_card (entry);

  if (tally->old_counts != NULL)
    {
      g_autofree char *key = copy_key (entry);
      gint64 *old = g_hash_table_lookup (tally->old_counts, key);
      gint64 kept = old ? MIN (*old, copies) : 0;

      if (old != NULL)
        *old -= kept;
      copies -= kept;
      if (copies > 0)
        swap_for (self, tally, entry)->added += copies;
    }

  tally->total += copies;
  if (tally->total > DW_PRINT_MAX_COPIES)
    return;
  for (gint64 i = 0; i < copies; i++)
    {
      DwPrintCopy copy = { card ? g_object_ref (card) : NULL, g_strdup (dw_deck_entry_get_display_name (entry)) };

      g_array_append_val (self->copies, copy);
    }
  if (card == NULL && copies > 0)
    add_note (self, dw_deck_entry_get_display_name (entry),
              g_strdup_printf (_("%s: not in any card database; a labelled blank of the card's size is printed"),
                               dw_deck_entry_get_display_name (entry)));
}

/* What the old deck has beyond the new one, for the swaps page. */
static void
removed_cb (DwPrintJob  *self,
            DwDeckEntry *entry,
            gpointer     data)
{
  Tally *tally = data;
  g_autofree char *key = copy_key (entry);
  gint64 *left = g_hash_table_lookup (tally->old_counts, key);

  if (left != NULL && *left > 0)
    {
      swap_for (self, tally, entry)->added -= *left;
      *left = 0;
    }
}

/* The names of the cards whose image prints under DW_PRINT_MIN_DPI, read
 * from the files' headers only. */
static void
check_images (DwPrintJob *self)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < self->copies->len; i++)
    {
      const DwPrintCopy *copy = &g_array_index (self->copies, DwPrintCopy, i);
      g_autofree char *path = NULL;
      int width = 0, height = 0;
      double dpi;

      if (copy->card == NULL || !g_hash_table_add (seen, (gpointer) dw_card_get_id (copy->card)))
        continue;
      path = card_image_path (self, copy->card);
      if (path == NULL)
        continue;
      if (gdk_pixbuf_get_file_info (path, &width, &height) == NULL || width <= 0 || height <= 0)
        {
          add_note (self, dw_card_get_id (copy->card),
                    g_strdup_printf (_("%s: its image %s cannot be decoded; its painted face is printed"),
                                     dw_card_get_name (copy->card), path));
          continue;
        }
      if (carries_bleed (self, width, height))
        dpi = MIN (width / ((self->layout.card_width_mm + 2 * IMAGE_BLEED_MM) / 25.4),
                   height / ((self->layout.card_height_mm + 2 * IMAGE_BLEED_MM) / 25.4));
      else
        dpi = MIN (width / (self->layout.card_width_mm / 25.4), height / (self->layout.card_height_mm / 25.4));
      if (dpi < DW_PRINT_MIN_DPI - 0.5)
        g_ptr_array_add (self->low_dpi, g_strdup (dw_card_get_name (copy->card)));
    }
}

static void
add_page (DwPrintJob      *self,
          DwPrintPageKind  kind,
          guint            sheet)
{
  DwPrintPage page = { kind, sheet };

  g_array_append_val (self->pages, page);
}

/* ---------------------------------------------------------------- public */

void
dw_print_options_init (DwPrintOptions *options)
{
  memset (options, 0, sizeof *options);
  options->paper = dw_paper_get_default ();
  options->marks = DW_PRINT_MARKS_CORNERS;
  options->images = TRUE;
  options->ruler_x_mm = DW_PRINT_RULER_MM;
  options->ruler_y_mm = DW_PRINT_RULER_MM;
}

static const char * const marks_names[] = { "none", "corners", "lines" };
static const char * const backs_names[] = { "none", "long-edge", "short-edge" };

gboolean
dw_print_marks_from_string (const char   *name,
                            DwPrintMarks *marks)
{
  for (guint i = 0; i < G_N_ELEMENTS (marks_names); i++)
    if (g_strcmp0 (name, marks_names[i]) == 0)
      {
        *marks = (DwPrintMarks) i;
        return TRUE;
      }
  return FALSE;
}

const char *
dw_print_marks_to_string (DwPrintMarks marks)
{
  return marks < G_N_ELEMENTS (marks_names) ? marks_names[marks] : marks_names[0];
}

gboolean
dw_print_backs_from_string (const char   *name,
                            DwPrintBacks *backs)
{
  for (guint i = 0; i < G_N_ELEMENTS (backs_names); i++)
    if (g_strcmp0 (name, backs_names[i]) == 0)
      {
        *backs = (DwPrintBacks) i;
        return TRUE;
      }
  return FALSE;
}

const char *
dw_print_backs_to_string (DwPrintBacks backs)
{
  return backs < G_N_ELEMENTS (backs_names) ? backs_names[backs] : backs_names[0];
}

/* The paper's size in millimetres: A4 210 × 297, Letter 8.5 × 11 in. */
void
dw_print_page_size (DwPaper  paper,
                    double  *width_mm,
                    double  *height_mm)
{
  double width, height;

  dw_paper_get_size (paper, &width, &height);
  *width_mm = width / PT_PER_MM;
  *height_mm = height / PT_PER_MM;
}

/* A print of @deck's cards with @options; with @old_deck, only the copies
 * @deck has beyond it, and a last page of the swaps.  Fails, with nothing
 * to print, when the options cannot be met. */
DwPrintJob *
dw_print_job_new (DwLibrary            *library,
                  DwDeck               *deck,
                  DwDeck               *old_deck,
                  const DwPrintOptions *options,
                  GError              **error)
{
  g_autoptr(DwPrintJob) self = NULL;
  g_autoptr(GHashTable) old_counts = NULL;
  g_autoptr(GHashTable) swap_index = NULL;
  Tally tally = { NULL, NULL, 0 };
  DwGame *game;

  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);
  g_return_val_if_fail (DW_IS_DECK (deck), NULL);
  g_return_val_if_fail (old_deck == NULL || DW_IS_DECK (old_deck), NULL);
  g_return_val_if_fail (options != NULL, NULL);

  if (!(options->bleed_mm >= 0 && options->bleed_mm <= DW_PRINT_MAX_BLEED_MM))
    {
      g_set_error (error, DW_PRINT_ERROR, DW_PRINT_ERROR_BLEED,
                   _("a bleed of %g mm is outside 0 to %g mm"), options->bleed_mm, DW_PRINT_MAX_BLEED_MM);
      return NULL;
    }
  if (!(options->ruler_x_mm >= DW_PRINT_RULER_MIN_MM && options->ruler_x_mm <= DW_PRINT_RULER_MAX_MM &&
        options->ruler_y_mm >= DW_PRINT_RULER_MIN_MM && options->ruler_y_mm <= DW_PRINT_RULER_MAX_MM &&
        fabs (options->back_offset_x_mm) <= 20 && fabs (options->back_offset_y_mm) <= 20))
    {
      g_set_error (error, DW_PRINT_ERROR, DW_PRINT_ERROR_CALIBRATION,
                   _("the printer's calibration (rulers of %g and %g mm, backs off by %g and %g mm) is too far "
                     "off to be a measurement: rulers must measure %g to %g mm and backs be off by at most 20 mm; "
                     "measure the calibration page again"),
                   options->ruler_x_mm, options->ruler_y_mm, options->back_offset_x_mm, options->back_offset_y_mm,
                   DW_PRINT_RULER_MIN_MM, DW_PRINT_RULER_MAX_MM);
      return NULL;
    }
  game = dw_library_lookup_game (library, dw_deck_get_game_id (deck));
  if (game == NULL)
    {
      g_set_error (error, DW_PRINT_ERROR, DW_PRINT_ERROR_GAME,
                   _("the deck's game “%s” is not installed, so its cards have no size or face"),
                   dw_deck_get_game_id (deck));
      return NULL;
    }

  self = g_new0 (DwPrintJob, 1);
  self->library = g_object_ref (library);
  self->game = g_object_ref (game);
  self->deck = g_object_ref (deck);
  self->options = *options;
  self->copies = g_array_new (FALSE, TRUE, sizeof (DwPrintCopy));
  g_array_set_clear_func (self->copies, (GDestroyNotify) clear_copy);
  self->pages = g_array_new (FALSE, TRUE, sizeof (DwPrintPage));
  self->swaps = g_array_new (FALSE, TRUE, sizeof (DwPrintSwap));
  g_array_set_clear_func (self->swaps, (GDestroyNotify) clear_swap);
  self->notes = g_ptr_array_new_with_free_func (g_free);
  self->noted = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->low_dpi = g_ptr_array_new_with_free_func (g_free);
  self->images = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) image_free);

  dw_print_page_size (options->paper, &self->page_width_mm, &self->page_height_mm);
  dw_game_get_card_size (game, &self->layout.card_width_mm, &self->layout.card_height_mm);
  if (!lay_out (self, error))
    return NULL;
  if (self->layout.butted)
    add_note (self, NULL,
              g_strdup_printf (_("A bleed of %g mm does not fit between the cards on this paper: the cards butt "
                                 "together and only the outer edge bleeds"), options->bleed_mm));

  dw_library_resolve_deck (library, deck);
  if (old_deck != NULL)
    {
      dw_library_resolve_deck (library, old_deck);
      old_counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      swap_index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      tally.old_counts = old_counts;
      tally.swap_index = swap_index;
      foreach_printed (self, old_deck, count_old_cb, &tally);
      self->old_name = g_strdup (dw_deck_get_name (old_deck) ? dw_deck_get_name (old_deck)
                                 : dw_deck_get_path (old_deck) ? dw_deck_get_path (old_deck) : _("the old deck"));
    }
  foreach_printed (self, deck, add_copies_cb, &tally);
  if (tally.total > DW_PRINT_MAX_COPIES)
    {
      g_autofree char *total = g_strdup_printf ("%" G_GINT64_FORMAT, tally.total);

      g_set_error (error, DW_PRINT_ERROR, DW_PRINT_ERROR_TOO_MANY,
                   _("the deck prints %s cards, more than the %d one print holds: print it in parts"),
                   total, DW_PRINT_MAX_COPIES);
      return NULL;
    }
  if (old_deck != NULL)
    foreach_printed (self, old_deck, removed_cb, &tally);
  check_images (self);

  self->n_sheets = (self->copies->len + self->layout.per_page - 1) / self->layout.per_page;
  if (options->calibration)
    {
      add_page (self, DW_PRINT_PAGE_CALIBRATION, 0);
      if (options->backs != DW_PRINT_BACKS_NONE)
        add_page (self, DW_PRINT_PAGE_CALIBRATION_BACK, 0);
    }
  for (guint sheet = 0; sheet < self->n_sheets; sheet++)
    {
      add_page (self, DW_PRINT_PAGE_FACES, sheet);
      if (options->backs != DW_PRINT_BACKS_NONE)
        add_page (self, DW_PRINT_PAGE_BACKS, sheet);
    }
  if (old_deck != NULL)
    add_page (self, DW_PRINT_PAGE_SWAPS, 0);
  add_page (self, DW_PRINT_PAGE_CREDITS, 0);
  return g_steal_pointer (&self);
}

void
dw_print_job_free (DwPrintJob *self)
{
  if (self == NULL)
    return;
  g_clear_object (&self->library);
  g_clear_object (&self->game);
  g_clear_object (&self->deck);
  g_free (self->old_name);
  g_clear_pointer (&self->copies, g_array_unref);
  g_clear_pointer (&self->pages, g_array_unref);
  g_clear_pointer (&self->swaps, g_array_unref);
  g_clear_pointer (&self->notes, g_ptr_array_unref);
  g_clear_pointer (&self->noted, g_hash_table_unref);
  g_clear_pointer (&self->low_dpi, g_ptr_array_unref);
  g_clear_pointer (&self->images, g_hash_table_unref);
  g_free (self);
}

const DwPrintLayout *
dw_print_job_get_layout (DwPrintJob *self)
{
  return &self->layout;
}

/* The copies printed: every copy of every printed section's cards, or
 * only those beyond the old deck's. */
guint
dw_print_job_get_n_copies (DwPrintJob *self)
{
  return self->copies->len;
}

guint
dw_print_job_get_n_pages (DwPrintJob *self)
{
  return self->pages->len;
}

DwPrintPageKind
dw_print_job_get_page_kind (DwPrintJob *self,
                            guint       page)
{
  g_return_val_if_fail (page < self->pages->len, DW_PRINT_PAGE_CREDITS);
  return g_array_index (self->pages, DwPrintPage, page).kind;
}

/* What the user should know about the print (char *): cards not found,
 * images not decoded, bleed that did not fit.  Drawing may add to it. */
GPtrArray *
dw_print_job_get_notes (DwPrintJob *self)
{
  return self->notes;
}

/* The names of the cards whose image prints under DW_PRINT_MIN_DPI. */
GPtrArray *
dw_print_job_get_low_dpi (DwPrintJob *self)
{
  return self->low_dpi;
}

static gboolean
draw_page (DwPrintJob          *self,
           cairo_t             *cr,
           guint                index,
           GCancellable        *cancellable,
           guint               *done,
           DwPrintProgressFunc  progress,
           gpointer             progress_data,
           GError             **error)
{
  const DwPrintPage *page = &g_array_index (self->pages, DwPrintPage, index);
  PangoContext *context;
  double cx = mm_to_pt (self->page_width_mm) / 2, cy = mm_to_pt (self->page_height_mm) / 2;
  gboolean back = page->kind == DW_PRINT_PAGE_BACKS || page->kind == DW_PRINT_PAGE_CALIBRATION_BACK;
  gboolean ok = TRUE;

  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);

  /* The printer's calibration: a ruler it prints short is drawn longer by
   * as much, about the page's middle; its backs are drawn back by the
   * offset they land at. */
  cairo_translate (cr, cx, cy);
  cairo_scale (cr, DW_PRINT_RULER_MM / self->options.ruler_x_mm, DW_PRINT_RULER_MM / self->options.ruler_y_mm);
  cairo_translate (cr, -cx, -cy);
  if (back)
    cairo_translate (cr, -mm_to_pt (self->options.back_offset_x_mm), -mm_to_pt (self->options.back_offset_y_mm));

  context = page_context (cr);
  switch (page->kind)
    {
    case DW_PRINT_PAGE_CALIBRATION:
    case DW_PRINT_PAGE_CALIBRATION_BACK:
      dw_print_draw_calibration (self, cr, context, back);
      break;
    case DW_PRINT_PAGE_FACES:
    case DW_PRINT_PAGE_BACKS:
      ok = draw_sheet (self, cr, context, page->sheet, back, cancellable, done, progress, progress_data, error);
      break;
    case DW_PRINT_PAGE_SWAPS:
      dw_print_draw_swaps (self, cr, context);
      break;
    case DW_PRINT_PAGE_CREDITS:
      dw_print_draw_credits (self, cr, context);
      break;
    default:
      g_assert_not_reached ();
    }
  g_object_unref (context);
  cairo_restore (cr);
  return ok;
}

/* Draws page @page (from 0) on @cr, whose units must be points on the
 * job's paper: the preview's and the printer's. */
gboolean
dw_print_job_draw_page (DwPrintJob    *self,
                        cairo_t       *cr,
                        guint          page,
                        GCancellable  *cancellable,
                        GError       **error)
{
  g_return_val_if_fail (page < self->pages->len, FALSE);
  return draw_page (self, cr, page, cancellable, NULL, NULL, NULL, error);
}

/* Writes the print as a PDF at @path, atomically (dw-save.c): nothing is
 * written when it fails or is cancelled.  @progress is called after each
 * card, in the calling thread. */
gboolean
dw_print_job_save_pdf (DwPrintJob          *self,
                       const char          *path,
                       GCancellable        *cancellable,
                       DwPrintProgressFunc  progress,
                       gpointer             progress_data,
                       GError             **error)
{
  g_autoptr(DwPdf) pdf = NULL;
  g_autofree char *title = NULL;
  cairo_status_t status;
  cairo_t *cr;
  guint done = 0;
  gboolean ok = TRUE;

  title = g_strdup_printf (_("Cards of %s"), dw_deck_get_name (self->deck) ? dw_deck_get_name (self->deck) : "");
  pdf = dw_pdf_new (mm_to_pt (self->page_width_mm), mm_to_pt (self->page_height_mm), title, NULL);
  cr = dw_pdf_get_cairo (pdf);
  for (guint page = 0; ok && page < self->pages->len; page++)
    {
      ok = draw_page (self, cr, page, cancellable, &done, progress, progress_data, error);
      cairo_show_page (cr);
    }
  status = dw_pdf_finish (pdf);

  if (!ok)
    return FALSE;
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("%s: the cards could not be drawn: %s"), path, cairo_status_to_string (status));
      return FALSE;
    }
  return dw_pdf_save (pdf, path, error);
}
