/* dw-test-window.c — what the tests of the deck window share: a window
 * shown, a card of the shipped databases, a deck built as a player
 * builds it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-deck-view.h"
#include "dw-test-gtk.h"
#include "dw-test-window.h"

/* A new deck's window for @library, shown, mapped and at rest at its
 * first size (dw_test_present()). */
DwWindow *
dw_test_window_new (DwLibrary *library)
{
  DwWindow *window = dw_window_new_for_library (NULL, library);

  dw_test_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window)));
  return window;
}

/* The shipped Arcmage card @id. */
DwCard *
dw_test_card (DwLibrary  *library,
              const char *id)
{
  DwCard *found = dw_library_lookup_card (library, "arcmage", id, 0, NULL);

  g_assert_nonnull (found);
  return found;
}

GListModel *
dw_test_window_problems (DwWindow *window)
{
  return dw_deck_view_get_problems (dw_window_get_deck_view (window));
}

/* Whether the deck of @window has a problem of @code. */
gboolean
dw_test_window_has_problem (DwWindow   *window,
                            const char *code)
{
  GListModel *problems = dw_test_window_problems (window);

  for (guint i = 0; i < g_list_model_get_n_items (problems); i++)
    {
      g_autoptr(DwProblem) problem = g_list_model_get_item (problems, i);
      if (g_strcmp0 (dw_problem_get_code (problem), code) == 0)
        return TRUE;
    }
  return FALSE;
}

/* Builds the shipped Green Wall card by card, through the window's own
 * way of adding (the section each card's type belongs in). */
void
dw_test_build_green_wall (DwLibrary *library,
                          DwWindow  *window)
{
  g_autofree char *path = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) model = dw_deck_load (path, &error);
  DwDeckView *view = dw_window_get_deck_view (window);

  g_assert_no_error (error);
  dw_library_resolve_deck (library, model);
  for (guint s = 0; s < dw_deck_get_n_sections (model); s++)
    {
      GListModel *entries = dw_deck_get_section (model, dw_deck_get_section_id (model, s));

      for (guint i = 0; i < g_list_model_get_n_items (entries); i++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i);

          for (guint n = 0; n < dw_deck_entry_get_count (entry); n++)
            dw_deck_view_add_card (view, dw_deck_entry_get_card (entry));
        }
    }
  dw_test_settle ();
}

/* The first widget of @type under @root, depth first. */
GtkWidget *
dw_test_find_widget (GtkWidget *root,
                     GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = dw_test_find_widget (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* TRUE when @widget has a shortcut that @keyval triggers to @action. */
gboolean
dw_test_has_shortcut (GtkWidget  *widget,
                      guint       keyval,
                      const char *action)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
          GtkShortcutAction *named = gtk_shortcut_get_action (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) && gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
              GTK_IS_NAMED_ACTION (named) && g_strcmp0 (gtk_named_action_get_action_name (GTK_NAMED_ACTION (named)), action) == 0)
            return TRUE;
        }
    }
  return FALSE;
}
