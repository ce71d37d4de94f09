/* dw-opening-hand.c — the first seven cards, kept or sent back
 *
 * The Original Rules Concept's mulligan (Round Structure: Mulligan) as a
 * player does it with cards in hand: each card is clicked to say where it
 * goes — kept, to the grave, or shuffled back — and the Mulligan button
 * sends the engine the action those choices make.  The engine, not this
 * view, says whether they make a mulligan (two to the grave, at most five
 * kept); until they do, the button shows its reason.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-card-tile.h"
#include "dw-opening-hand.h"
#include "dw-table-offer.h"

#define CARD_WIDTH 116

struct _DwOpeningHand
{
  GtkWidget   parent_instance;

  GtkBox     *cards;
  GtkLabel   *summary;
  GtkWidget  *mulligan_button;
  GtkWidget  *keep_button;

  DwTable    *table;
  GArray     *numbers;   /* guint: the hand's cards, in order */
  GArray     *fates;     /* DwHandFate, one a card */
  GPtrArray  *buttons;
};

G_DEFINE_FINAL_TYPE (DwOpeningHand, dw_opening_hand, GTK_TYPE_WIDGET)

enum
{
  CARD_PREVIEW,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
fate_words (DwHandFate fate)
{
  switch (fate)
    {
    case DW_HAND_FATE_GRAVE:
      return _("To the grave");
    case DW_HAND_FATE_SHUFFLE:
      return _("Shuffle back");
    case DW_HAND_FATE_KEEP:
    case DW_HAND_N_FATES:
    default:
      return _("Keep");
    }
}

static void
update (DwOpeningHand *self)
{
  g_autofree char *action = dw_opening_hand_get_action (self);
  guint counts[DW_HAND_N_FATES] = { 0 };
  g_autofree char *summary = NULL;

  for (guint i = 0; i < self->fates->len; i++)
    {
      DwHandFate fate = g_array_index (self->fates, DwHandFate, i);
      GtkWidget *button = g_ptr_array_index (self->buttons, i);
      GtkWidget *label = g_object_get_data (G_OBJECT (button), "fate");
      GtkWidget *box = g_object_get_data (G_OBJECT (button), "box");
      DwCard *card = g_object_get_data (G_OBJECT (button), "card");
      g_autofree char *accessible = g_strdup_printf (_("%s: %s"), dw_card_get_name (card), fate_words (fate));

      counts[fate]++;
      gtk_label_set_label (GTK_LABEL (label), fate_words (fate));
      gtk_widget_remove_css_class (box, "fate-grave");
      gtk_widget_remove_css_class (box, "fate-shuffle");
      if (fate == DW_HAND_FATE_GRAVE)
        gtk_widget_add_css_class (box, "fate-grave");
      else if (fate == DW_HAND_FATE_SHUFFLE)
        gtk_widget_add_css_class (box, "fate-shuffle");
      dw_card_tile_set_label (DW_CARD_TILE (button), accessible);
    }

  summary = g_strdup_printf (_("Kept: %u · to the grave: %u · shuffled back: %u"),
                             counts[DW_HAND_FATE_KEEP], counts[DW_HAND_FATE_GRAVE], counts[DW_HAND_FATE_SHUFFLE]);
  gtk_label_set_label (self->summary, summary);
  if (action != NULL)
    dw_table_offer_update (self->mulligan_button, self->table, action);
  else
    dw_table_offer_mark (self->mulligan_button, FALSE, _("This game has no mulligan"));
}

static void
on_card_clicked_cb (GtkWidget     *button,
                    DwOpeningHand *self)
{
  guint position = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "position"));

  dw_opening_hand_toggle (self, position);
}

static void
on_card_preview_cb (DwCardTile    *tile,
                    DwOpeningHand *self)
{
  g_signal_emit (self, signals[CARD_PREVIEW], 0, dw_card_tile_get_number (tile));
}

static void
dw_opening_hand_dispose (GObject *object)
{
  DwOpeningHand *self = DW_OPENING_HAND (object);

  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), DW_TYPE_OPENING_HAND);
  /* Children the template does not bind go too. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->table);
  g_clear_pointer (&self->numbers, g_array_unref);
  g_clear_pointer (&self->fates, g_array_unref);
  g_clear_pointer (&self->buttons, g_ptr_array_unref);

  G_OBJECT_CLASS (dw_opening_hand_parent_class)->dispose (object);
}

static void
dw_opening_hand_class_init (DwOpeningHandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_opening_hand_dispose;

  /* (number): the pointer or the focus came to a card of the hand. */
  signals[CARD_PREVIEW] = g_signal_new ("card-preview", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                        NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deckwright/Deckwright/dw-opening-hand.ui");
  gtk_widget_class_bind_template_child (widget_class, DwOpeningHand, cards);
  gtk_widget_class_bind_template_child (widget_class, DwOpeningHand, summary);
  gtk_widget_class_bind_template_child (widget_class, DwOpeningHand, mulligan_button);
  gtk_widget_class_bind_template_child (widget_class, DwOpeningHand, keep_button);
}

static void
dw_opening_hand_init (DwOpeningHand *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->numbers = g_array_new (FALSE, FALSE, sizeof (guint));
  self->fates = g_array_new (FALSE, FALSE, sizeof (DwHandFate));
  self->buttons = g_ptr_array_new ();
}

static void
remove_cards (DwOpeningHand *self)
{
  GtkWidget *child;

  g_array_set_size (self->numbers, 0);
  g_array_set_size (self->fates, 0);
  g_ptr_array_set_size (self->buttons, 0);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->cards))) != NULL)
    gtk_box_remove (self->cards, child);
}

/* Lays out the hand of @table, every card kept. */
void
dw_opening_hand_show_table (DwOpeningHand *self,
                            DwTable       *table)
{
  const DwTableState *state = dw_table_get_state (table);
  int index = dw_table_state_find_zone (state, DW_SIDE_PLAYER, "hand");
  const DwTableZone *hand;

  g_return_if_fail (DW_IS_OPENING_HAND (self));

  g_set_object (&self->table, table);
  remove_cards (self);
  if (index < 0)
    return;

  hand = dw_table_state_get_zone (state, (guint) index);
  for (guint i = 0; i < hand->cards->len; i++)
    {
      guint number = g_array_index (hand->cards, guint, i);
      const DwTableCard *card = dw_table_state_get_card (state, number);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      /* The card itself is what is clicked: its menu stays empty, and a
       * quick second click is a second toggle, not a natural action. */
      GtkWidget *button = dw_card_tile_new (dw_table_get_game (table), card->card, number, CARD_WIDTH);
      GtkWidget *fate = gtk_label_new (NULL);
      DwHandFate keep = DW_HAND_FATE_KEEP;

      gtk_box_append (GTK_BOX (box), button);
      gtk_box_append (GTK_BOX (box), fate);
      gtk_widget_add_css_class (box, "opening-card");
      g_object_set_data (G_OBJECT (button), "position", GUINT_TO_POINTER (i));
      g_object_set_data (G_OBJECT (button), "fate", fate);
      g_object_set_data (G_OBJECT (button), "box", box);
      g_object_set_data_full (G_OBJECT (button), "card", g_object_ref (card->card), g_object_unref);
      g_signal_connect (button, "clicked", G_CALLBACK (on_card_clicked_cb), self);
      g_signal_connect (button, "natural", G_CALLBACK (on_card_clicked_cb), self);
      g_signal_connect (button, "preview", G_CALLBACK (on_card_preview_cb), self);
      gtk_box_append (self->cards, box);

      g_array_append_val (self->numbers, number);
      g_array_append_val (self->fates, keep);
      g_ptr_array_add (self->buttons, button);
    }
  update (self);
}

/* Once the hand is kept or sent back, its page stays in the window,
 * hidden: it keeps no card, no fate and no refusal, since the cards it
 * showed may lie face down in the deck now (issue 21). */
void
dw_opening_hand_clear (DwOpeningHand *self)
{
  g_return_if_fail (DW_IS_OPENING_HAND (self));

  remove_cards (self);
  gtk_label_set_label (self->summary, "");
  dw_table_offer_mark (self->mulligan_button, TRUE, NULL);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->mulligan_button), NULL);
}

/* The card at @position goes on to its next fate: kept, to the grave,
 * shuffled back, kept again. */
void
dw_opening_hand_toggle (DwOpeningHand *self,
                        guint          position)
{
  DwHandFate *fate;

  g_return_if_fail (DW_IS_OPENING_HAND (self));
  g_return_if_fail (position < self->fates->len);

  fate = &g_array_index (self->fates, DwHandFate, position);
  *fate = (*fate + 1) % DW_HAND_N_FATES;
  update (self);
}

DwHandFate
dw_opening_hand_get_fate (DwOpeningHand *self,
                          guint          position)
{
  g_return_val_if_fail (DW_IS_OPENING_HAND (self), DW_HAND_FATE_KEEP);
  g_return_val_if_fail (position < self->fates->len, DW_HAND_FATE_KEEP);
  return g_array_index (self->fates, DwHandFate, position);
}

/* The game's mulligan as the rules write it, with the cards to the
 * grave and those kept (the rest are shuffled back); NULL when the game
 * has none. */
char *
dw_opening_hand_get_action (DwOpeningHand *self)
{
  g_autoptr(GArray) grave = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) keep = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_val_if_fail (DW_IS_OPENING_HAND (self), NULL);

  if (self->table == NULL)
    return NULL;
  for (guint i = 0; i < self->numbers->len; i++)
    {
      guint number = g_array_index (self->numbers, guint, i);
      DwHandFate fate = g_array_index (self->fates, DwHandFate, i);

      if (fate == DW_HAND_FATE_GRAVE)
        g_array_append_val (grave, number);
      else if (fate == DW_HAND_FATE_KEEP)
        g_array_append_val (keep, number);
    }
  return dw_table_mulligan_action (self->table, (const guint *) grave->data, grave->len,
                                   (const guint *) keep->data, keep->len);
}

/* The keyboard focus to Keep: the choice the page asks for, and the
 * first thing Return does there.  The cards are a Shift+Tab away. */
void
dw_opening_hand_focus_keep (DwOpeningHand *self)
{
  g_return_if_fail (DW_IS_OPENING_HAND (self));

  gtk_widget_grab_focus (self->keep_button);
}
