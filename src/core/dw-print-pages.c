/* dw-print-pages.c — the print's pages that are not cards: calibration, swaps, credits
 *
 * The calibration page holds two 100 mm rulers and a card's outline at its
 * true size, and (with backs) a back whose outline and cross should cover
 * the front's against the light; the swaps page lists what changed against
 * the older deck; the credits name the card databases' licences and
 * sources and the printed cards' artists, and what did not print as it
 * should.  All text is set as plain text, never markup.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dw-card-db.h"
#include "dw-print-private.h"

/* Plain @text (never markup) at (@x, @y) mm, @width mm wide; returns
 * where the next line starts. */
double
dw_print_show_text (cairo_t      *cr,
                    PangoContext *context,
                    const char   *text,
                    const char   *font,
                    double        x,
                    double        y,
                    double        width)
{
  g_autoptr(PangoLayout) layout = pango_layout_new (context);
  PangoFontDescription *desc = pango_font_description_from_string (font);
  int height;

  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_width (layout, pango_units_from_double (mm_to_pt (width)));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_text (layout, text, -1);
  cairo_move_to (cr, mm_to_pt (x), mm_to_pt (y));
  pango_cairo_show_layout (cr, layout);
  pango_layout_get_size (layout, NULL, &height);
  return y + pango_units_to_double (height) / PT_PER_MM + 1.5;
}

static void
draw_ruler (cairo_t      *cr,
            PangoContext *context,
            double        x,
            double        y,
            gboolean      vertical)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.3);
  for (int mm = 0; mm <= (int) DW_PRINT_RULER_MM; mm++)
    {
      double tick = mm % 10 == 0 ? 5 : mm % 5 == 0 ? 3.5 : 2;
      double along = mm;

      if (vertical)
        {
          cairo_move_to (cr, mm_to_pt (x), mm_to_pt (y + along));
          cairo_line_to (cr, mm_to_pt (x + tick), mm_to_pt (y + along));
        }
      else
        {
          cairo_move_to (cr, mm_to_pt (x + along), mm_to_pt (y));
          cairo_line_to (cr, mm_to_pt (x + along), mm_to_pt (y + tick));
        }
    }
  if (vertical)
    {
      cairo_move_to (cr, mm_to_pt (x), mm_to_pt (y));
      cairo_line_to (cr, mm_to_pt (x), mm_to_pt (y + DW_PRINT_RULER_MM));
    }
  else
    {
      cairo_move_to (cr, mm_to_pt (x), mm_to_pt (y));
      cairo_line_to (cr, mm_to_pt (x + DW_PRINT_RULER_MM), mm_to_pt (y));
    }
  cairo_stroke (cr);

  for (int mm = 0; mm <= (int) DW_PRINT_RULER_MM; mm += 10)
    {
      g_autofree char *label = g_strdup_printf ("%d", mm / 10);

      if (vertical)
        dw_print_show_text (cr, context, label, "Sans 6", x + 6, y + mm - 1.2, 8);
      else
        dw_print_show_text (cr, context, label, "Sans 6", x + mm - 0.8, y + 5.5, 8);
    }
  cairo_restore (cr);
}

static void
draw_crosshair (cairo_t *cr,
                double   x,
                double   y)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.3);
  cairo_move_to (cr, mm_to_pt (x - 10), mm_to_pt (y));
  cairo_line_to (cr, mm_to_pt (x + 10), mm_to_pt (y));
  cairo_move_to (cr, mm_to_pt (x), mm_to_pt (y - 10));
  cairo_line_to (cr, mm_to_pt (x), mm_to_pt (y + 10));
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
dw_print_draw_calibration (DwPrintJob   *self,
                  cairo_t      *cr,
                  PangoContext *context,
                  gboolean      back)
{
  double w = self->layout.card_width_mm, h = self->layout.card_height_mm;
  double card_x = 25, card_y = 60;
  g_autofree char *outline = NULL;
  double y = 12;

  if (card_y + h > self->page_height_mm - DW_PRINT_MARGIN_MM)
    card_y = (self->page_height_mm - h) / 2;
  if (card_x + w > self->page_width_mm - DW_PRINT_MARGIN_MM)
    card_x = (self->page_width_mm - w) / 2;
  if (back && self->options.backs == DW_PRINT_BACKS_SHORT_EDGE)
    card_y = self->page_height_mm - card_y - h;
  else if (back)
    card_x = self->page_width_mm - card_x - w;

  cairo_set_source_rgb (cr, 0, 0, 0);
  if (back)
    {
      y = dw_print_show_text (cr, context, _("Back of the calibration page"), "Sans Bold 12", 15, y, 180);
      dw_print_show_text (cr, context, _("Hold the sheet against the light: the cross and the card outline on this side "
                                "should cover those on the front. Measure how far this side's cross lies "
                                "right of and below the front's, and enter it as the back offset."),
                 "Sans 8", 15, y, self->page_width_mm - 30);
    }
  else
    {
      y = dw_print_show_text (cr, context, _("Printer calibration"), "Sans Bold 12", 15, y, 180);
      dw_print_show_text (cr, context, _("Print this page at 100 % (“Actual size”), never “Fit to page”. Measure both "
                                "rulers: each should be 100 mm. Enter what they measure in Print Cards… "
                                "(Calibration); Deckwright keeps it for this printer and corrects every print."),
                 "Sans 8", 15, y, self->page_width_mm - 30);
      draw_ruler (cr, context, 25, 45, FALSE);
      draw_ruler (cr, context, 12, 60, TRUE);
    }

  cairo_save (cr);
  cairo_set_line_width (cr, 0.3);
  cairo_rectangle (cr, mm_to_pt (card_x), mm_to_pt (card_y), mm_to_pt (w), mm_to_pt (h));
  cairo_stroke (cr);
  cairo_restore (cr);
  outline = g_strdup_printf (_("A card: %g × %g mm"), w, h);
  dw_print_show_text (cr, context, outline, "Sans 7", card_x + 2, card_y + 2, w - 4);
  draw_crosshair (cr, self->page_width_mm / 2, self->page_height_mm - 40);
}

void
dw_print_draw_swaps (DwPrintJob   *self,
            cairo_t      *cr,
            PangoContext *context)
{
  g_autofree char *title = g_strdup_printf (_("Changes from “%s”"), self->old_name);
  double width = self->page_width_mm - 40;
  double y = 20;

  cairo_set_source_rgb (cr, 0, 0, 0);
  y = dw_print_show_text (cr, context, title, "Sans Bold 14", 20, y, width) + 2;
  if (self->swaps->len == 0)
    dw_print_show_text (cr, context, _("The two decks hold the same cards."), "Sans 10", 20, y, width);
  for (guint i = 0; i < self->swaps->len; i++)
    {
      const DwPrintSwap *swap = &g_array_index (self->swaps, DwPrintSwap, i);
      g_autofree char *count = g_strdup_printf ("%" G_GINT64_FORMAT, swap->added > 0 ? swap->added : -swap->added);
      /* TRANSLATORS: a card the new deck has more of: "In: 2 × Hedge Sprite" */
      g_autofree char *line = swap->added > 0 ? g_strdup_printf (_("In: %s × %s"), count, swap->name)
      /* TRANSLATORS: a card the new deck has fewer of */
                                              : g_strdup_printf (_("Out: %s × %s"), count, swap->name);

      if (y > self->page_height_mm - 20)
        {
          dw_print_show_text (cr, context, _("… and more: the command line's --only-new-vs lists them all."),
                     "Sans Italic 9", 20, y, width);
          break;
        }
      y = dw_print_show_text (cr, context, line, "Sans 10", 20, y, width);
    }
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_utf8_collate (*(const char **) a, *(const char **) b);
}

void
dw_print_draw_credits (DwPrintJob   *self,
              cairo_t      *cr,
              PangoContext *context)
{
  GListModel *dbs = dw_library_get_card_dbs (self->library);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) artists = g_ptr_array_new ();
  double width = self->page_width_mm - 40;
  double y = 20;

  cairo_set_source_rgb (cr, 0, 0, 0);
  y = dw_print_show_text (cr, context, _("Credits"), "Sans Bold 14", 20, y, width) + 2;
  if (dw_deck_get_name (self->deck) != NULL)
    y = dw_print_show_text (cr, context, dw_deck_get_name (self->deck), "Sans 11", 20, y, width) + 2;

  y = dw_print_show_text (cr, context, _("Card databases"), "Sans Bold 10", 20, y, width);
  for (guint i = 0; i < g_list_model_get_n_items (dbs); i++)
    {
      g_autoptr(DwCardDb) db = g_list_model_get_item (dbs, i);
      g_autofree char *line = NULL;

      if (dw_card_db_get_game (db) != self->game)
        continue;
      line = g_strdup_printf (_("%s — licence: %s — source: %s"),
                              dw_card_db_get_title (db) ? dw_card_db_get_title (db) : _("(untitled)"),
                              dw_card_db_get_license (db) ? dw_card_db_get_license (db) : _("not stated"),
                              dw_card_db_get_source (db) ? dw_card_db_get_source (db) : _("not stated"));
      y = dw_print_show_text (cr, context, line, "Sans 9", 20, y, width);
    }

  for (guint i = 0; i < self->copies->len; i++)
    {
      const DwPrintCopy *copy = &g_array_index (self->copies, DwPrintCopy, i);
      const char *artist = copy->card ? dw_card_get_value (copy->card, "artist") : NULL;

      if (artist != NULL && *artist != '\0' && g_hash_table_add (seen, (gpointer) artist))
        g_ptr_array_add (artists, (gpointer) artist);
    }
  g_ptr_array_sort (artists, compare_strings);
  y += 3;
  y = dw_print_show_text (cr, context, _("Artists of the printed cards"), "Sans Bold 10", 20, y, width);
  if (artists->len == 0)
    y = dw_print_show_text (cr, context, _("None of the printed cards names its artist."), "Sans 9", 20, y, width);
  else
    {
      g_autofree char *names = NULL;

      g_ptr_array_add (artists, NULL);
      names = g_strjoinv (", ", (char **) artists->pdata);
      y = dw_print_show_text (cr, context, names, "Sans 9", 20, y, width);
    }

  if (self->notes->len > 0)
    {
      y += 3;
      y = dw_print_show_text (cr, context, _("Not printed as they should be"), "Sans Bold 10", 20, y, width);
      for (guint i = 0; i < self->notes->len && y < self->page_height_mm - 25; i++)
        y = dw_print_show_text (cr, context, g_ptr_array_index (self->notes, i), "Sans 8", 20, y, width);
    }

  {
    g_autofree char *printed = g_strdup_printf (_("Printed with Deckwright %s"), PACKAGE_VERSION);

    dw_print_show_text (cr, context, printed, "Sans 7", 20, self->page_height_mm - 15, width);
  }
}

