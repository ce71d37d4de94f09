/* dw-deck-drop.c — a section of the deck takes cards dropped on it
 *
 * A card dragged from the browser (a DwCard) joins the section; an entry
 * dragged from the deck (a DwDeckEntry, from a DwDeckRow) moves there.
 * Dropped on the rows of a section that keeps an order (Arcmage's
 * regions), it goes where it was dropped; anywhere else, at the end.
 * Every change goes through DwDeckHistory, so a drop is undone as one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-deck-drop.h"

typedef struct
{
  DwDeckHistory      *history;
  const DwSectionDef *def;
  GtkListBox         *rows;     /* NULL: dropped anywhere, at the end */
} DropTarget;

static void
drop_target_free (gpointer data,
                  GClosure *closure)
{
  DropTarget *target = data;

  g_object_unref (target->history);
  g_free (target);
}

/* The index a drop at @y of @box means: before the row under it, or
 * after it below its middle; G_MAXUINT (the end) under the last. */
static guint
drop_position (GtkListBox *box,
               double      y)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_y (box, (int) y);
  graphene_rect_t bounds;

  if (row == NULL)
    return G_MAXUINT;
  if (gtk_widget_compute_bounds (GTK_WIDGET (row), GTK_WIDGET (box), &bounds) &&
      y > bounds.origin.y + bounds.size.height / 2)
    return (guint) gtk_list_box_row_get_index (row) + 1;
  return (guint) gtk_list_box_row_get_index (row);
}

static gboolean
on_drop_cb (GtkDropTarget *drop,
            const GValue  *value,
            double         x,
            double         y,
            DropTarget    *target)
{
  DwDeck *deck = dw_deck_history_get_deck (target->history);
  const char *section_id = target->def->id;
  guint position = target->def->ordered && target->rows != NULL ? drop_position (target->rows, y) : G_MAXUINT;

  if (G_VALUE_HOLDS (value, DW_TYPE_CARD))
    {
      DwCard *card = g_value_get_object (value);
      gboolean existed = dw_deck_find_card (deck, section_id, card) != NULL;
      DwDeckEntry *entry = dw_deck_history_add_card (target->history, section_id, card, 1);

      if (!existed && entry != NULL && position != G_MAXUINT)
        dw_deck_history_move (target->history, entry, section_id, position);
      return TRUE;
    }

  if (G_VALUE_HOLDS (value, DW_TYPE_DECK_ENTRY))
    {
      dw_deck_history_move (target->history, g_value_get_object (value), section_id, position);
      return TRUE;
    }

  return FALSE;
}

/* @widget takes cards and entries for the section @def of the deck of
 * @history; @rows is @widget itself when it is the section's list of
 * rows (a drop there has a place), else NULL. */
void
dw_deck_drop_attach (GtkWidget          *widget,
                     GtkListBox         *rows,
                     DwDeckHistory      *history,
                     const DwSectionDef *def)
{
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  GType types[] = { DW_TYPE_CARD, DW_TYPE_DECK_ENTRY };
  DropTarget *target = g_new0 (DropTarget, 1);

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (rows == NULL || GTK_WIDGET (rows) == widget);
  g_return_if_fail (DW_IS_DECK_HISTORY (history));
  g_return_if_fail (def != NULL);

  target->history = g_object_ref (history);
  target->def = def;
  target->rows = rows;
  gtk_drop_target_set_gtypes (drop, types, G_N_ELEMENTS (types));
  g_signal_connect_data (drop, "drop", G_CALLBACK (on_drop_cb), target, drop_target_free, 0);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drop));
}
