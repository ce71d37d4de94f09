/* dw-deck-considering.c — the deck view's ways to and from Considering
 *
 * Considering holds the cards a player is weighing beside the deck; the
 * game gives every deck the section (DW_SECTION_CONSIDERING) and the deck
 * view shows it as it shows the others.  Here are what it adds: the
 * caption that says no format counts those cards, and a deck row's menu
 * (secondary click, long press, or the Menu key) that moves the picked
 * rows there or back with the view's "deck.toggle-considering".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-deck-considering.h"
#include "dw-deck-row.h"
#include "dw-game.h"

#define UI_RESOURCE "/io/github/deckwright/Deckwright/dw-deck-considering.ui"

/* The row of @box under @y, or the one holding the focus when @y < 0. */
static GtkListBoxRow *
row_at (GtkListBox *box,
        double      y)
{
  GtkWidget *focus;

  if (y >= 0)
    return gtk_list_box_get_row_at_y (box, (int) y);

  focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (box)));
  while (focus != NULL && !GTK_IS_LIST_BOX_ROW (focus))
    focus = gtk_widget_get_parent (focus);
  if (focus == NULL || gtk_widget_get_parent (focus) != GTK_WIDGET (box))
    return NULL;
  return GTK_LIST_BOX_ROW (focus);
}

/* Opens @menu on the row of @box at @x, @y (or the focused row when
 * @y < 0), picking the row first unless it is picked already: the menu
 * acts on the picked rows, as the keys do. */
static gboolean
popup_for_row (GtkWidget  *menu,
               GtkListBox *box,
               double      x,
               double      y)
{
  GtkWidget *view = gtk_widget_get_parent (menu);
  GtkListBoxRow *row = row_at (box, y);
  DwDeckEntry *entry = DW_IS_DECK_ROW (row) ? dw_deck_row_get_entry (DW_DECK_ROW (row)) : NULL;
  graphene_point_t at;
  GdkRectangle target;

  if (entry == NULL)
    return FALSE;

  /* The row asks its view to pick it ("pick"), unless it is picked. */
  dw_deck_row_pick (DW_DECK_ROW (row));

  /* Read out, the menu names the card it is for. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (menu), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  dw_deck_entry_get_display_name (entry), -1);
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (menu),
                                   g_object_get_data (G_OBJECT (menu),
                                                      dw_section_is_considering (dw_deck_entry_get_section (entry))
                                                      ? "to-deck" : "to-considering"));

  if (y < 0)
    {
      graphene_rect_t bounds;

      if (!gtk_widget_compute_bounds (GTK_WIDGET (row), view, &bounds))
        return FALSE;
      target = (GdkRectangle) { (int) bounds.origin.x, (int) bounds.origin.y,
                                (int) bounds.size.width, (int) bounds.size.height };
    }
  else
    {
      if (!gtk_widget_compute_point (GTK_WIDGET (box), view, &GRAPHENE_POINT_INIT ((float) x, (float) y), &at))
        return FALSE;
      target = (GdkRectangle) { (int) at.x, (int) at.y, 1, 1 };
    }
  /* A row scrolled out of sight still opens its menu within the view. */
  target.y = CLAMP (target.y, 0, MAX (gtk_widget_get_height (view) - 1, 0));
  target.height = MAX (MIN (target.height, gtk_widget_get_height (view) - target.y), 1);
  gtk_popover_set_pointing_to (GTK_POPOVER (menu), &target);
  gtk_popover_popup (GTK_POPOVER (menu));
  return TRUE;
}

static void
popup_from_gesture (GtkGesture *gesture,
                    double      x,
                    double      y,
                    GtkWidget  *menu)
{
  GtkWidget *box = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));

  if (popup_for_row (menu, GTK_LIST_BOX (box), x, y))
    gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
on_secondary_pressed_cb (GtkGestureClick *gesture,
                         int              n_press,
                         double           x,
                         double           y,
                         GtkWidget       *menu)
{
  popup_from_gesture (GTK_GESTURE (gesture), x, y, menu);
}

static gboolean
menu_key_cb (GtkWidget *box,
             GVariant  *args,
             gpointer   menu)
{
  return popup_for_row (menu, GTK_LIST_BOX (box), -1, -1);
}

/* The caption under Considering's heading. */
void
dw_deck_considering_add_caption (GtkBox *column)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (UI_RESOURCE);

  gtk_box_append (column, GTK_WIDGET (gtk_builder_get_object (builder, "caption")));
}

/* A deck row's menu, a popover of @view (which unparents it when it
 * goes), whose item moves the picked rows to Considering or back. */
GtkWidget *
dw_deck_considering_menu_new (GtkWidget *view)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (UI_RESOURCE);
  GtkWidget *menu = gtk_popover_menu_new_from_model (NULL);

  g_object_set_data_full (G_OBJECT (menu), "to-considering",
                          g_object_ref (gtk_builder_get_object (builder, "to_considering")), g_object_unref);
  g_object_set_data_full (G_OBJECT (menu), "to-deck",
                          g_object_ref (gtk_builder_get_object (builder, "to_deck")), g_object_unref);
  gtk_popover_set_has_arrow (GTK_POPOVER (menu), FALSE);
  gtk_widget_set_halign (menu, GTK_ALIGN_START);
  gtk_widget_set_parent (menu, view);
  return menu;
}

/* The rows of @box open @menu by secondary click, long press, Menu or
 * Shift+F10. */
void
dw_deck_considering_menu_attach (GtkWidget  *menu,
                                 GtkListBox *box)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *press = gtk_gesture_long_press_new ();
  GtkEventController *keys = gtk_shortcut_controller_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_secondary_pressed_cb), menu);
  gtk_widget_add_controller (GTK_WIDGET (box), GTK_EVENT_CONTROLLER (click));

  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (press), TRUE);
  g_signal_connect (press, "pressed", G_CALLBACK (popup_from_gesture), menu);
  gtk_widget_add_controller (GTK_WIDGET (box), GTK_EVENT_CONTROLLER (press));

  for (guint i = 0; i < 2; i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                          gtk_shortcut_new (i == 0 ? gtk_keyval_trigger_new (GDK_KEY_Menu, 0)
                                                                   : gtk_keyval_trigger_new (GDK_KEY_F10, GDK_SHIFT_MASK),
                                                            gtk_callback_action_new (menu_key_cb, menu, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (box), keys);
}
