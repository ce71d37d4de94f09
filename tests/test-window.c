/* test-window.c — the main window lists the shipped cards, game by game
 *
 * Runs under xvfb-run with GTK_A11Y=none, GSETTINGS_BACKEND=memory and
 * G_DEBUG=fatal-warnings, so any GTK warning fails the test.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "dw-card-list.h"
#include "dw-test-util.h"
#include "dw-window.h"

static void
wait_for_frame (GtkWidget *widget)
{
  GMainContext *context = g_main_context_default ();
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (!gtk_widget_get_mapped (widget) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (context, TRUE);
  while (g_main_context_pending (context))
    g_main_context_iteration (context, FALSE);
  g_assert_true (gtk_widget_get_mapped (widget));
}

static guint
cards_of_game (DwLibrary  *library,
               const char *game_id)
{
  GListModel *dbs = dw_library_get_card_dbs (library);
  guint total = 0;

  for (guint i = 0; i < g_list_model_get_n_items (dbs); i++)
    {
      g_autoptr(DwCardDb) db = g_list_model_get_item (dbs, i);

      if (g_strcmp0 (dw_game_get_id (dw_card_db_get_game (db)), game_id) == 0)
        total += g_list_model_get_n_items (G_LIST_MODEL (db));
    }
  return total;
}

static DwCardList *
page_list (DwWindow   *window,
           const char *game_id)
{
  GtkWidget *child = adw_view_stack_get_child_by_name (dw_window_get_stack (window), game_id);

  g_assert_true (DW_IS_CARD_LIST (child));
  return DW_CARD_LIST (child);
}

/* Every shipped card is listed, on its game's page. */
static void
test_window_lists_every_shipped_card (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  DwWindow *window = dw_window_new_for_library (NULL, library);
  guint arcmage = cards_of_game (library, "arcmage");
  guint coraabia = cards_of_game (library, "coraabia");

  gtk_window_present (GTK_WINDOW (window));
  wait_for_frame (GTK_WIDGET (window));

  g_assert_cmpuint (arcmage, >=, 120);
  g_assert_cmpuint (coraabia, >=, 80);
  g_assert_cmpuint (dw_card_list_get_n_cards (page_list (window, "arcmage")), ==, arcmage);
  g_assert_cmpuint (dw_card_list_get_n_cards (page_list (window, "coraabia")), ==, coraabia);

  adw_view_stack_set_visible_child_name (dw_window_get_stack (window), "coraabia");
  wait_for_frame (GTK_WIDGET (page_list (window, "coraabia")));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The list starts sorted by name, and the columns come from the game. */
static void
test_card_list_sorted_with_game_columns (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  DwGame *game = dw_library_lookup_game (library, "coraabia");
  GListModel *dbs = dw_library_get_card_dbs (library);
  g_autoptr(GListModel) cards = NULL;
  GtkWidget *list;
  GtkColumnView *view;
  GListModel *columns;
  GListModel *rows;
  g_autoptr(GPtrArray) titles = g_ptr_array_new ();

  for (guint i = 0; i < g_list_model_get_n_items (dbs); i++)
    {
      g_autoptr(DwCardDb) db = g_list_model_get_item (dbs, i);
      if (dw_card_db_get_game (db) == game)
        cards = g_object_ref (G_LIST_MODEL (db));
    }
  g_assert_nonnull (cards);

  list = g_object_ref_sink (dw_card_list_new (game, cards));
  view = dw_card_list_get_view (DW_CARD_LIST (list));

  columns = gtk_column_view_get_columns (view);
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);
      g_ptr_array_add (titles, (gpointer) gtk_column_view_column_get_title (column));
    }
  g_assert_cmpstr (g_ptr_array_index (titles, 0), ==, "Name");
  g_assert_cmpstr (g_ptr_array_index (titles, 1), ==, "Type");
  g_assert_true (g_ptr_array_find_with_equal_func (titles, "Rarity", g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (titles, "Danger", g_str_equal, NULL));

  rows = G_LIST_MODEL (gtk_column_view_get_model (view));
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, g_list_model_get_n_items (cards));
  for (guint i = 1; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(DwCard) a = g_list_model_get_item (rows, i - 1);
      g_autoptr(DwCard) b = g_list_model_get_item (rows, i);
      g_autofree char *ka = g_utf8_casefold (dw_card_get_name (a), -1);
      g_autofree char *kb = g_utf8_casefold (dw_card_get_name (b), -1);

      g_assert_cmpint (g_utf8_collate (ka, kb), <=, 0);
    }

  g_object_unref (list);
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/window/lists-every-shipped-card", test_window_lists_every_shipped_card);
  g_test_add_func ("/card-list/sorted-with-game-columns", test_card_list_sorted_with_game_columns);

  return g_test_run ();
}
