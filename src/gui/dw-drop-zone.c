/* dw-drop-zone.c — a place of the table a dragged card may be dropped on
 *
 * The role a zone of cards (DwZoneView) and a duel's place (DwDuelView)
 * share on the board: each is a drop target that says, by its
 * "card-dropped" signal, that a card was dropped on it, and while a card
 * is dragged it shows whether the engine takes the card there (the
 * board asks, dw-table-board.c), with the engine's reason when not.  The
 * offer is kept here, read back by dw_drop_zone_get_offer(), never from
 * the style classes that show it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-card-tile.h"
#include "dw-drop-zone.h"

G_DEFINE_INTERFACE (DwDropZone, dw_drop_zone, GTK_TYPE_WIDGET)

enum
{
  CARD_DROPPED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GQuark
offer_quark (void)
{
  return g_quark_from_static_string ("dw-drop-zone-offer");
}

static void
dw_drop_zone_default_init (DwDropZoneInterface *iface)
{
  /* (number) → whether the card dropped here was moved or played here. */
  signals[CARD_DROPPED] = g_signal_new ("card-dropped", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST, 0,
                                        g_signal_accumulator_first_wins, NULL, NULL, G_TYPE_BOOLEAN, 1, G_TYPE_UINT);
}

static gboolean
on_drop_cb (GtkDropTarget *target,
            const GValue  *value,
            double         x,
            double         y,
            DwDropZone    *self)
{
  guint number = dw_card_tile_number_from_drop (value);
  gboolean done = FALSE;

  if (number == 0)
    return FALSE;
  g_signal_emit (self, signals[CARD_DROPPED], 0, number, &done);
  return done;
}

/* Makes @self a drop target for the cards of the table; called once, by
 * the widget's init. */
void
dw_drop_zone_install (DwDropZone *self)
{
  GtkDropTarget *drop;

  g_return_if_fail (DW_IS_DROP_ZONE (self));

  drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_MOVE);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}

/* While a card is dragged: whether this place takes it, and if not, why
 * (its tooltip). */
void
dw_drop_zone_set_offer (DwDropZone  *self,
                        DwZoneOffer  offer,
                        const char  *reason)
{
  GtkWidget *widget = GTK_WIDGET (self);

  g_return_if_fail (DW_IS_DROP_ZONE (self));

  g_object_set_qdata (G_OBJECT (self), offer_quark (), GINT_TO_POINTER (offer));
  gtk_widget_remove_css_class (widget, "drop-accepted");
  gtk_widget_remove_css_class (widget, "drop-refused");
  if (offer == DW_ZONE_OFFER_ACCEPTED)
    gtk_widget_add_css_class (widget, "drop-accepted");
  else if (offer == DW_ZONE_OFFER_REFUSED)
    gtk_widget_add_css_class (widget, "drop-refused");
  gtk_widget_set_tooltip_text (widget, offer == DW_ZONE_OFFER_REFUSED ? reason : NULL);
}

DwZoneOffer
dw_drop_zone_get_offer (DwDropZone *self)
{
  g_return_val_if_fail (DW_IS_DROP_ZONE (self), DW_ZONE_OFFER_NONE);
  return GPOINTER_TO_INT (g_object_get_qdata (G_OBJECT (self), offer_quark ()));
}
