/* dw-deck-view-picks.c — the deck view's picked rows, and what the keys do to them
 *
 * Which rows are picked, in the rows and the faces alike; + and - add or
 * take a copy of each, Alt+Up and Alt+Down move one in a section that
 * keeps the player's order, Control+M sends them to Considering or back,
 * and a row's menu makes a card the deck's cover.  Every change is one
 * undoable step of the deck's history.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-deck-row.h"
#include "dw-deck-view-private.h"

/* The view's keys: + adds a copy of the selected rows, - or Delete
 * takes one. */
static void
change_selected_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  DwDeckView *self = DW_DECK_VIEW (widget);
  g_autoptr(GPtrArray) selected = dw_deck_view_get_selected (self);
  gboolean add = g_str_equal (action_name, "deck.add-selected");

  /* Several rows (all a problem concerns) change as one undo step. */
  dw_deck_history_begin_group (self->history);
  for (guint i = 0; i < selected->len; i++)
    {
      DwDeckEntry *entry = g_ptr_array_index (selected, i);
      DwCard *card = dw_deck_entry_get_card (entry);

      if (add && card != NULL)
        dw_deck_history_add_card (self->history, dw_deck_entry_get_section (entry), card, 1);
      else if (!add)
        dw_deck_history_remove (self->history, entry, 1);
    }
  dw_deck_history_end_group (self->history);
}

/* Alt+Up and Alt+Down: the selected row of a section that keeps the
 * player's order (Arcmage's regions) moves one place, and stays picked,
 * so a chapter can be ordered without dragging. */
static void
move_selected_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  DwDeckView *self = DW_DECK_VIEW (widget);
  g_autoptr(GPtrArray) selected = dw_deck_view_get_selected (self);
  gboolean up = g_str_equal (action_name, "deck.move-up");
  g_autoptr(GPtrArray) keep = NULL;
  DwDeckEntry *entry;
  const char *section;
  guint position;

  if (selected->len != 1)
    return;
  entry = g_ptr_array_index (selected, 0);
  if (!dw_deck_find_entry (self->deck, entry, &section, &position))
    return;
  for (guint i = 0; i < self->sections->len; i++)
    {
      SectionView *view = &g_array_index (self->sections, SectionView, i);

      if (g_str_equal (view->def->id, section) && !view->def->ordered)
        return;
    }
  if (up ? position == 0 : position + 1 >= g_list_model_get_n_items (dw_deck_get_section (self->deck, section)))
    return;

  dw_deck_history_move (self->history, entry, section, up ? position - 1 : position + 1);
  keep = g_ptr_array_new ();
  g_ptr_array_add (keep, entry);
  dw_deck_view_select_entries (self, keep);
}

/* Control+M or a row's menu: the picked rows, every copy, go to
 * Considering, or back to the section their cards belong in, as one
 * undo step; those still in the deck stay picked. */
static void
toggle_considering_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  DwDeckView *self = DW_DECK_VIEW (widget);
  g_autoptr(GPtrArray) selected = dw_deck_view_get_selected (self);
  g_autoptr(GPtrArray) kept = g_ptr_array_new ();

  if (selected->len == 0)
    return;
  dw_deck_history_toggle_considering (self->history, self->game, selected);
  for (guint i = 0; i < selected->len; i++)
    if (dw_deck_find_entry (self->deck, g_ptr_array_index (selected, i), NULL, NULL))
      g_ptr_array_add (kept, g_ptr_array_index (selected, i));
  dw_deck_view_select_entries (self, kept);
}

/* A deck row's menu: the card of the (first) picked row becomes the
 * cover the Decks page draws for the deck, as one undoable edit. */
static void
use_as_cover_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  DwDeckView *self = DW_DECK_VIEW (widget);
  g_autoptr(GPtrArray) selected = dw_deck_view_get_selected (self);
  DwDeckEntry *entry;
  DwCard *card;
  const char *id;

  if (selected->len == 0)
    return;
  entry = g_ptr_array_index (selected, 0);
  card = dw_deck_entry_get_card (entry);
  id = card != NULL ? dw_card_get_id (card) : dw_deck_entry_get_id (entry);
  if (id != NULL && strlen (id) <= DW_DECK_MAX_COVER_ID)
    dw_deck_history_set_cover (self->history, id);
}

/* Selects the rows of @entries (and only those), as a problem asks. */
void
dw_deck_view_select_entries (DwDeckView *self,
                             GPtrArray  *entries)
{
  GtkWidget *first = NULL;
  GtkWidget *first_grid = NULL;

  g_return_if_fail (DW_IS_DECK_VIEW (self));

  for (guint i = 0; i < self->sections->len; i++)
    {
      SectionView *view = &g_array_index (self->sections, SectionView, i);
      GtkWidget *row;

      gtk_list_box_unselect_all (view->box);
      for (row = gtk_widget_get_first_child (GTK_WIDGET (view->box)); row; row = gtk_widget_get_next_sibling (row))
        {
          DwDeckEntry *entry = DW_IS_DECK_ROW (row) ? dw_deck_row_get_entry (DW_DECK_ROW (row)) : NULL;

          if (entry != NULL && g_ptr_array_find (entries, entry, NULL))
            {
              gtk_list_box_select_row (view->box, GTK_LIST_BOX_ROW (row));
              if (first == NULL)
                first = row;
            }
        }
    }

  /* The faces show the same pick; the view shown takes the focus. */
  if (!self->syncing)
    {
      self->syncing = TRUE;
      for (guint i = 0; i < self->sections->len; i++)
        {
          SectionView *view = &g_array_index (self->sections, SectionView, i);
          GtkWidget *grid = dw_deck_faces_select (view->faces, entries);

          if (first_grid == NULL)
            first_grid = grid;
        }
      self->syncing = FALSE;
      if (first_grid != NULL && g_str_equal (self->view_mode, "grid"))
        gtk_widget_grab_focus (first_grid);
      else if (first != NULL && g_str_equal (self->view_mode, "list"))
        gtk_widget_grab_focus (first);
    }
}

/* The entries of the selected rows, in every section. */
GPtrArray *
dw_deck_view_get_selected (DwDeckView *self)
{
  GPtrArray *selected = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (DW_IS_DECK_VIEW (self), selected);

  for (guint i = 0; i < self->sections->len; i++)
    {
      SectionView *view = &g_array_index (self->sections, SectionView, i);
      g_autoptr(GList) rows = gtk_list_box_get_selected_rows (view->box);

      for (GList *l = rows; l; l = l->next)
        g_ptr_array_add (selected, g_object_ref (dw_deck_row_get_entry (DW_DECK_ROW (l->data))));
    }
  return selected;
}

void
dw_deck_view_class_add_pick_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "deck.add-selected", NULL, change_selected_action);
  gtk_widget_class_install_action (widget_class, "deck.remove-selected", NULL, change_selected_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "deck.add-selected", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "deck.add-selected", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "deck.remove-selected", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0, "deck.remove-selected", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "deck.remove-selected", NULL);
  gtk_widget_class_install_action (widget_class, "deck.move-up", NULL, move_selected_action);
  gtk_widget_class_install_action (widget_class, "deck.move-down", NULL, move_selected_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_ALT_MASK, "deck.move-up", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, GDK_ALT_MASK, "deck.move-down", NULL);
  gtk_widget_class_install_action (widget_class, "deck.toggle-considering", NULL, toggle_considering_action);
  gtk_widget_class_install_action (widget_class, "deck.use-as-cover", NULL, use_as_cover_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, GDK_CONTROL_MASK, "deck.toggle-considering", NULL);
}
