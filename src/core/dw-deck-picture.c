/* dw-deck-picture.c — a picture of a deck to post
 *
 * What a player posts in a chat or a forum: the deck's name, game,
 * format and verdict, its cards as faces with their counts (drawn by the
 * card painter, as the deck view's Faces show them), grouped by card
 * type in each section, ordered sections (Arcmage's regions) in their
 * order, and the deck code as text and as a QR code.  1080 pixels wide at
 * scale 1, which reads on a phone; scale 2 for print.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "dw-card-paint.h"
#include "dw-deck-code.h"
#include "dw-deck-picture.h"
#include "dw-export.h"
#include "dw-qr.h"
#include "dw-sheet.h"
#include "dw-xml.h"

#define MARGIN      40.0
#define HEAD_HEIGHT 250.0
#define QR_SIDE     210.0
#define COLUMNS     6
#define GAP         14.0
#define SECTION_HEAD 56.0
#define GROUP_HEAD  34.0
#define CODE_HEIGHT 110.0

typedef struct
{
  const char *label;   /* the card type, or the section's name for an ordered one */
  GPtrArray  *entries; /* DwDeckEntry, borrowed from the deck */
} Group;

static void
group_free (Group *group)
{
  g_ptr_array_unref (group->entries);
  g_free (group);
}

/* The section's entries by card type, in the order the types first come;
 * an ordered section (the regions' chapter) stays one group in order. */
static GPtrArray *
groups_of (DwGame     *game,
           DwDeck     *deck,
           const char *section_id)
{
  GPtrArray *groups = g_ptr_array_new_with_free_func ((GDestroyNotify) group_free);
  const DwSectionDef *def = game ? dw_game_lookup_section (game, section_id) : NULL;
  GListModel *entries = dw_deck_get_section (deck, section_id);

  for (guint i = 0; i < g_list_model_get_n_items (entries); i++)
    {
      g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i);
      DwCard *card = dw_deck_entry_get_card (entry);
      const char *label = def != NULL && def->ordered ? dw_section_display_name (game, section_id)
                          : card != NULL ? dw_card_get_card_type (card)
                          : _("Unknown cards");
      Group *group = NULL;

      for (guint g = 0; g < groups->len && group == NULL; g++)
        if (g_strcmp0 (((Group *) g_ptr_array_index (groups, g))->label, label) == 0)
          group = g_ptr_array_index (groups, g);
      if (group == NULL)
        {
          group = g_new0 (Group, 1);
          group->label = label;
          group->entries = g_ptr_array_new_with_free_func (g_object_unref);
          g_ptr_array_add (groups, group);
        }
      g_ptr_array_add (group->entries, g_object_ref (entry));
    }
  return groups;
}

static double
tile_width (void)
{
  return (DW_DECK_PICTURE_WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP) / COLUMNS;
}

static double
tile_height (void)
{
  return tile_width () * 1.4;
}

static double
groups_height (GPtrArray *groups)
{
  double height = 0;

  for (guint g = 0; g < groups->len; g++)
    {
      Group *group = g_ptr_array_index (groups, g);
      guint rows = (group->entries->len + COLUMNS - 1) / COLUMNS;

      height += GROUP_HEAD + rows * (tile_height () + GAP);
    }
  return height;
}

static void
show (cairo_t      *cr,
      PangoContext *context,
      const char   *text,
      const char   *font,
      double        x,
      double        y,
      double        width,
      gboolean      wrap)
{
  g_autoptr(PangoLayout) layout = pango_layout_new (context);
  PangoFontDescription *description = pango_font_description_from_string (font);

  pango_layout_set_text (layout, text, -1);
  pango_layout_set_font_description (layout, description);
  pango_font_description_free (description);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  if (wrap)
    pango_layout_set_wrap (layout, PANGO_WRAP_CHAR);
  else
    pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

static void
draw_entry (cairo_t      *cr,
            PangoContext *context,
            DwGame       *game,
            DwDeckEntry  *entry,
            double        x,
            double        y)
{
  DwCard *card = dw_deck_entry_get_card (entry);
  double w = tile_width (), h = tile_height ();
  g_autofree char *count = g_strdup_printf ("%u", dw_deck_entry_get_count (entry));

  cairo_save (cr);
  cairo_translate (cr, x, y);
  if (card != NULL)
    dw_card_paint_small (context, cr, game, card, w, h);
  else
    {
      dw_card_paint_back (cr, w, h);
      cairo_set_source_rgb (cr, 1, 1, 1);
      dw_card_paint_text (context, cr, dw_deck_entry_get_display_name (entry), "Sans Bold 11",
                          10, h * 0.35, w - 20, h * 0.3, PANGO_ALIGN_CENTER, TRUE);
    }
  /* Where the deck view's tiles put it: over the art, clear of the stats. */
  dw_card_paint_badge (context, cr, count, w - 10, h * 0.58, 16, FALSE);
  cairo_restore (cr);
}

/* The picture of @deck judged by @format, @scale times 1080 pixels wide. */
cairo_surface_t *
dw_deck_picture_render (DwLibrary  *library,
                        DwDeck     *deck,
                        DwFormat   *format,
                        guint       scale,
                        GError    **error)
{
  DwGame *game;
  g_autoptr(GPtrArray) sections = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GPtrArray) section_ids = g_ptr_array_new ();
  g_autofree char *code = NULL;
  g_autoptr(DwSheet) sheet = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *verdict = NULL;
  cairo_surface_t *surface;
  PangoContext *context;
  cairo_t *cr;
  double height = MARGIN + HEAD_HEIGHT + CODE_HEIGHT + MARGIN;
  double y;

  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);
  g_return_val_if_fail (DW_IS_DECK (deck), NULL);
  g_return_val_if_fail (scale >= 1 && scale <= DW_DECK_PICTURE_MAX_SCALE, NULL);

  game = dw_library_lookup_game (library, dw_deck_get_game_id (deck));
  if (game == NULL)
    {
      g_set_error (error, DW_EXPORT_ERROR, DW_EXPORT_ERROR_UNKNOWN_KIND,
                   _("the deck is for the game “%s”, which Deckwright does not know"),
                   dw_deck_get_game_id (deck));
      return NULL;
    }
  code = dw_deck_code_encode (deck, game, TRUE, error);
  if (code == NULL)
    return NULL;

  for (guint i = 0; i < dw_deck_get_n_sections (deck); i++)
    {
      const char *section_id = dw_deck_get_section_id (deck, i);
      GPtrArray *groups;

      if (dw_section_is_considering (section_id) ||
          g_list_model_get_n_items (dw_deck_get_section (deck, section_id)) == 0)
        continue;
      groups = groups_of (game, deck, section_id);
      height += SECTION_HEAD + groups_height (groups);
      g_ptr_array_add (sections, groups);
      g_ptr_array_add (section_ids, (gpointer) section_id);
    }
  if (height * scale > DW_DECK_PICTURE_MAX_SIDE)
    {
      g_set_error (error, DW_EXPORT_ERROR, DW_EXPORT_ERROR_UNKNOWN_KIND,
                   _("the deck has too many different cards for one picture (it would be %u "
                     "pixels tall, past %u); print its registration sheet instead"),
                   (guint) (height * scale), DW_DECK_PICTURE_MAX_SIDE);
      return NULL;
    }

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, DW_DECK_PICTURE_WIDTH * scale,
                                        (int) (height * scale));
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  context = pango_cairo_create_context (cr);
  pango_cairo_context_set_resolution (context, 96);

  cairo_set_source_rgb (cr, 0.97, 0.96, 0.93);
  cairo_paint (cr);

  /* The head: name, game and format, verdict; the QR code at the right. */
  sheet = dw_sheet_new (library, deck, format);
  subtitle = g_strdup_printf ("%s · %s", dw_game_get_name (game),
                              format ? dw_format_get_name (format) : _("no format"));
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  show (cr, context, dw_deck_get_name (deck) && *dw_deck_get_name (deck) ? dw_deck_get_name (deck)
                                                                         : _("Untitled deck"),
        "Sans Bold 30", MARGIN, MARGIN, DW_DECK_PICTURE_WIDTH - 3 * MARGIN - QR_SIDE, FALSE);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  show (cr, context, subtitle, "Sans 17", MARGIN, MARGIN + 60, DW_DECK_PICTURE_WIDTH - 3 * MARGIN - QR_SIDE,
        FALSE);
  if (dw_sheet_is_legal (sheet))
    {
      verdict = g_strdup (_("Legal"));
      cairo_set_source_rgb (cr, 0.09, 0.42, 0.18);
    }
  else
    {
      verdict = g_strdup (_("Not legal"));
      cairo_set_source_rgb (cr, 0.66, 0.1, 0.1);
    }
  show (cr, context, verdict, "Sans Bold 20", MARGIN, MARGIN + 100, DW_DECK_PICTURE_WIDTH - 3 * MARGIN - QR_SIDE,
        FALSE);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  {
    g_autofree char *print = g_strdup_printf (_("Fingerprint %s"), dw_sheet_get_fingerprint (sheet));

    show (cr, context, print, "Monospace 13", MARGIN, MARGIN + 145, DW_DECK_PICTURE_WIDTH - 3 * MARGIN - QR_SIDE,
          FALSE);
  }
  dw_qr_draw (cr, code, DW_DECK_PICTURE_WIDTH - MARGIN - QR_SIDE, MARGIN, QR_SIDE, NULL);

  y = MARGIN + HEAD_HEIGHT;
  for (guint s = 0; s < sections->len; s++)
    {
      GPtrArray *groups = g_ptr_array_index (sections, s);
      const char *section_id = g_ptr_array_index (section_ids, s);
      g_autofree char *heading = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %u card", "%s · %u cards",
                                                               dw_deck_count_section (deck, section_id)),
                                                  dw_section_display_name (game, section_id),
                                                  dw_deck_count_section (deck, section_id));

      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      show (cr, context, heading, "Sans Bold 20", MARGIN, y + 10, DW_DECK_PICTURE_WIDTH - 2 * MARGIN, FALSE);
      y += SECTION_HEAD;
      for (guint g = 0; g < groups->len; g++)
        {
          Group *group = g_ptr_array_index (groups, g);

          cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
          show (cr, context, group->label, "Sans Bold 13", MARGIN, y + 6, DW_DECK_PICTURE_WIDTH - 2 * MARGIN, FALSE);
          y += GROUP_HEAD;
          for (guint i = 0; i < group->entries->len; i++)
            draw_entry (cr, context, game, g_ptr_array_index (group->entries, i),
                        MARGIN + (i % COLUMNS) * (tile_width () + GAP),
                        y + (i / COLUMNS) * (tile_height () + GAP));
          y += ((group->entries->len + COLUMNS - 1) / COLUMNS) * (tile_height () + GAP);
        }
    }

  /* The code as text, for those who copy it by hand. */
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  show (cr, context, _("Deck code"), "Sans Bold 12", MARGIN, y + 10, DW_DECK_PICTURE_WIDTH - 2 * MARGIN, FALSE);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  show (cr, context, code, "Monospace 12", MARGIN, y + 32, DW_DECK_PICTURE_WIDTH - 2 * MARGIN, TRUE);

  g_object_unref (context);
  cairo_destroy (cr);
  return surface;
}

static cairo_status_t
append_png_cb (void                *closure,
               const unsigned char *data,
               unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* Writes the picture as a PNG through dw_xml_save (), so it is atomic
 * and refuses what every export refuses. */
gboolean
dw_deck_picture_save_png (DwLibrary   *library,
                          DwDeck      *deck,
                          DwFormat    *format,
                          guint        scale,
                          const char  *path,
                          GError     **error)
{
  cairo_surface_t *surface = dw_deck_picture_render (library, deck, format, scale, error);
  g_autoptr(GByteArray) png = NULL;
  cairo_status_t status;

  if (surface == NULL)
    return FALSE;
  png = g_byte_array_new ();
  status = cairo_surface_write_to_png_stream (surface, append_png_cb, png);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("%s: the picture could not be made: %s"),
                   path, cairo_status_to_string (status));
      return FALSE;
    }
  return dw_xml_save (path, (const char *) png->data, (gssize) png->len, error);
}
