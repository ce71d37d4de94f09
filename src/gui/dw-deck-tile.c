/* dw-deck-tile.c — one entry of the deck as a small card face with its count
 *
 * The face is the table's own painting (dw_card_paint_small()), the count
 * a badge in its corner; a card no database holds is a back with its
 * name.  The tile follows its entry's count and card as they change, and
 * gives its name ("3 × Card Name") to the grid cell holding it, which is
 * what the keyboard focuses and a screen reader reads.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-card-paint.h"
#include "dw-deck-tile.h"

#define TILE_WIDTH  112
#define TILE_HEIGHT 157

struct _DwDeckTile
{
  GtkWidget    parent_instance;

  DwGame      *game;
  DwDeckEntry *entry;
};

G_DEFINE_FINAL_TYPE (DwDeckTile, dw_deck_tile, GTK_TYPE_WIDGET)

static void
update_label (DwDeckTile *self)
{
  g_autofree char *label = NULL;
  GtkWidget *cell = gtk_widget_get_parent (GTK_WIDGET (self));

  if (self->entry != NULL)
    label = g_strdup_printf (_("%u × %s"), dw_deck_entry_get_count (self->entry),
                             dw_deck_entry_get_display_name (self->entry));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), label);
  if (cell != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
dw_deck_tile_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  *minimum = *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? TILE_WIDTH : TILE_HEIGHT;
}

static void
dw_deck_tile_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  DwDeckTile *self = DW_DECK_TILE (widget);
  DwCard *card = self->entry ? dw_deck_entry_get_card (self->entry) : NULL;
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  g_autofree char *count = NULL;
  cairo_t *cr;

  if (self->entry == NULL)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (card != NULL)
    {
      dw_card_paint_small (gtk_widget_get_pango_context (widget), cr, self->game, card, width, height);
    }
  else
    {
      dw_card_paint_back (cr, width, height);
      cairo_set_source_rgb (cr, 1, 1, 1);
      dw_card_paint_text (gtk_widget_get_pango_context (widget), cr, dw_deck_entry_get_display_name (self->entry), "Sans Bold 8",
                          10, 12, width - 20, height - 24, PANGO_ALIGN_CENTER, TRUE);
    }
  /* On the art, where it hides nothing a player reads. */
  count = g_strdup_printf ("%u×", dw_deck_entry_get_count (self->entry));
  dw_card_paint_badge (gtk_widget_get_pango_context (widget), cr, count, width - 8, height * 0.58, 11, FALSE);
  cairo_destroy (cr);
}

static void
dw_deck_tile_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (dw_deck_tile_parent_class)->root (widget);
  /* Now in its cell, which takes the name. */
  update_label (DW_DECK_TILE (widget));
}

static void
dw_deck_tile_dispose (GObject *object)
{
  DwDeckTile *self = DW_DECK_TILE (object);

  if (self->entry != NULL)
    g_signal_handlers_disconnect_by_data (self->entry, self);
  g_clear_object (&self->entry);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (dw_deck_tile_parent_class)->dispose (object);
}

static void
dw_deck_tile_class_init (DwDeckTileClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_deck_tile_dispose;
  widget_class->measure = dw_deck_tile_measure;
  widget_class->snapshot = dw_deck_tile_snapshot;
  widget_class->root = dw_deck_tile_root;
  gtk_widget_class_set_css_name (widget_class, "decktile");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
dw_deck_tile_init (DwDeckTile *self)
{
}

GtkWidget *
dw_deck_tile_new (DwGame *game)
{
  DwDeckTile *self = g_object_new (DW_TYPE_DECK_TILE, NULL);

  self->game = g_object_ref (game);
  return GTK_WIDGET (self);
}

void
dw_deck_tile_set_entry (DwDeckTile  *self,
                        DwDeckEntry *entry)
{
  g_return_if_fail (DW_IS_DECK_TILE (self));

  if (self->entry == entry)
    return;
  if (self->entry != NULL)
    g_signal_handlers_disconnect_by_data (self->entry, self);
  g_set_object (&self->entry, entry);
  if (entry != NULL)
    {
      g_signal_connect_swapped (entry, "notify::count", G_CALLBACK (update_label), self);
      g_signal_connect_swapped (entry, "notify::card", G_CALLBACK (update_label), self);
    }
  update_label (self);
}

DwDeckEntry *
dw_deck_tile_get_entry (DwDeckTile *self)
{
  g_return_val_if_fail (DW_IS_DECK_TILE (self), NULL);
  return self->entry;
}
