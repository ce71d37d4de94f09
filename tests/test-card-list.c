/* test-card-list.c — the browser's table of cards, as a screen reader
 * reads it
 *
 * Runs under xvfb-run with GSETTINGS_BACKEND=memory and
 * G_DEBUG=fatal-warnings; GTK's test accessibility backend, rather than
 * none, so that what a row and a cell are called can be read back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "dw-card-list.h"
#include "dw-test-gtk.h"
#include "dw-test-util.h"

static DwLibrary *library;

static void
collect_labels (GtkWidget *root,
                GPtrArray *found)
{
  if (GTK_IS_LABEL (root))
    g_ptr_array_add (found, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    collect_labels (child, found);
}

/* A row is named after its card and an empty cell says "none": a screen
 * reader read "GtkListItemWidget" and "GtkLabel". */
static void
test_rows_and_empty_cells_are_named (void)
{
  DwGame *game = dw_library_lookup_game (library, "arcmage");
  DwCard *scout = dw_library_lookup_card (library, "arcmage", "arc-0001", 0, NULL);
  g_autoptr(GListStore) cards = g_list_store_new (DW_TYPE_CARD);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  GtkWidget *window = gtk_window_new ();
  GtkWidget *list;
  GtkWidget *name_label = NULL, *empty_label = NULL, *count_label = NULL;
  char *failure;

  g_assert_nonnull (scout);
  g_list_store_append (cards, scout);
  list = dw_card_list_new (game, G_LIST_MODEL (cards));
  dw_card_list_set_deck (DW_CARD_LIST (list), deck);
  gtk_window_set_child (GTK_WINDOW (window), list);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 300);
  gtk_window_present (GTK_WINDOW (window));
  dw_test_relayout ();

  collect_labels (GTK_WIDGET (dw_card_list_get_view (DW_CARD_LIST (list))), labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *label = g_ptr_array_index (labels, i);

      if (gtk_widget_get_ancestor (label, GTK_TYPE_BUTTON) != NULL)
        continue;  /* a column header */
      if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), dw_card_get_name (scout)) == 0)
        name_label = label;
      else if (*gtk_label_get_text (GTK_LABEL (label)) == '\0' && empty_label == NULL)
        empty_label = label;
    }
  g_assert_nonnull (name_label);
  failure = gtk_test_accessible_check_property (GTK_ACCESSIBLE (gtk_widget_get_parent (gtk_widget_get_parent (name_label))),
                                                GTK_ACCESSIBLE_PROPERTY_LABEL, dw_card_get_name (scout));
  g_assert_null (failure);
  g_assert_nonnull (empty_label);  /* In Deck, before the deck holds it */
  failure = gtk_test_accessible_check_property (GTK_ACCESSIBLE (empty_label), GTK_ACCESSIBLE_PROPERTY_LABEL, "none");
  g_assert_null (failure);

  /* The deck takes two: the cell says so, to the eye and the ear. */
  dw_deck_add_card (deck, "main", scout, 2);
  dw_test_relayout ();
  g_ptr_array_set_size (labels, 0);
  collect_labels (GTK_WIDGET (dw_card_list_get_view (DW_CARD_LIST (list))), labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_text (g_ptr_array_index (labels, i)), "2×") == 0)
      count_label = g_ptr_array_index (labels, i);
  g_assert_nonnull (count_label);
  failure = gtk_test_accessible_check_property (GTK_ACCESSIBLE (count_label), GTK_ACCESSIBLE_PROPERTY_LABEL, "2×");
  g_assert_null (failure);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Whichever column sorts, either way, is what the settings keep; a new
 * list given a column its game lacks sorts by name. */
static void
test_sort_is_kept (void)
{
  DwGame *game = dw_library_lookup_game (library, "arcmage");
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr(GListStore) cards = g_list_store_new (DW_TYPE_CARD);
  GtkWidget *list;
  GtkColumnView *view;
  GListModel *columns;
  GListModel *shown;
  guint sortable = 0;

  g_list_store_append (cards, dw_library_lookup_card (library, "arcmage", "arc-0002", 0, NULL));
  g_list_store_append (cards, dw_library_lookup_card (library, "arcmage", "arc-0001", 0, NULL));
  g_list_store_append (cards, dw_library_lookup_card (library, "arcmage", "arc-0003", 0, NULL));
  list = g_object_ref_sink (dw_card_list_new (game, G_LIST_MODEL (cards)));
  view = dw_card_list_get_view (DW_CARD_LIST (list));
  columns = gtk_column_view_get_columns (view);
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (gtk_column_view_column_get_sorter (column) == NULL)
        continue;
      sortable++;
      for (int descending = 0; descending < 2; descending++)
        {
          g_autofree char *property = NULL;
          gboolean kept_descending;

          gtk_column_view_sort_by_column (view, column, descending ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING);
          g_settings_get (settings, "browser-sort", "(sb)", &property, &kept_descending);
          g_assert_cmpstr (property, ==, g_object_get_data (G_OBJECT (column), "property"));
          g_assert_cmpint (kept_descending, ==, descending);
        }
    }
  g_assert_cmpuint (sortable, >=, 8);
  g_object_unref (list);

  /* Another game's column: by name, first to last. */
  g_settings_set (settings, "browser-sort", "(sb)", "no-such-column", TRUE);
  list = g_object_ref_sink (dw_card_list_new (game, G_LIST_MODEL (cards)));
  shown = dw_card_list_get_model (DW_CARD_LIST (list));
  for (guint i = 1; i < g_list_model_get_n_items (shown); i++)
    {
      g_autoptr(DwCard) before = g_list_model_get_item (shown, i - 1);
      g_autoptr(DwCard) after = g_list_model_get_item (shown, i);

      g_assert_cmpint (strcmp (dw_card_get_sort_key (before), dw_card_get_sort_key (after)), <, 0);
    }
  g_object_unref (list);
  g_settings_reset (settings, "browser-sort");
}

/* The column of @property in @view, or NULL. */
static GtkColumnViewColumn *
column_of (GtkColumnView *view,
           const char    *property)
{
  GListModel *columns = gtk_column_view_get_columns (view);

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (g_strcmp0 (g_object_get_data (G_OBJECT (column), "property"), property) == 0)
        return column;  /* the view holds it */
    }
  return NULL;
}

/* Every property a player sorts by is a column the player can choose:
 * Coraabia's Karma, Influence and Faction were no column at all.  The
 * usual six show; the rest wait, hidden, until shown; both choices are
 * kept for the next list. */
static void
test_columns_the_player_chooses (void)
{
  DwGame *game = dw_library_lookup_game (library, "coraabia");
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr(GListStore) cards = g_list_store_new (DW_TYPE_CARD);
  const char *usual[] = { "name", "in-deck", "type", "rarity", "edition", "points", "danger", "intellect", "vitality" };
  const char *waiting[] = { "faction", "karma", "influence" };
  GtkWidget *list = g_object_ref_sink (dw_card_list_new (game, G_LIST_MODEL (cards)));
  GtkColumnView *view = dw_card_list_get_view (DW_CARD_LIST (list));

  for (gsize i = 0; i < G_N_ELEMENTS (usual); i++)
    {
      g_assert_nonnull (column_of (view, usual[i]));
      g_assert_true (gtk_column_view_column_get_visible (column_of (view, usual[i])));
    }
  for (gsize i = 0; i < G_N_ELEMENTS (waiting); i++)
    {
      g_assert_nonnull (column_of (view, waiting[i]));
      g_assert_false (gtk_column_view_column_get_visible (column_of (view, waiting[i])));
    }

  /* The header's menu is where a player does this; its actions are the
   * columns' "visible". */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "cards.column-1", NULL));  /* In Deck off */
  gtk_column_view_column_set_visible (column_of (view, "karma"), TRUE);
  g_assert_false (gtk_column_view_column_get_visible (column_of (view, "in-deck")));
  g_object_unref (list);

  list = g_object_ref_sink (dw_card_list_new (game, G_LIST_MODEL (cards)));
  view = dw_card_list_get_view (DW_CARD_LIST (list));
  g_assert_false (gtk_column_view_column_get_visible (column_of (view, "in-deck")));
  g_assert_true (gtk_column_view_column_get_visible (column_of (view, "karma")));
  g_assert_false (gtk_column_view_column_get_visible (column_of (view, "influence")));
  g_assert_true (gtk_column_view_column_get_visible (column_of (view, "type")));

  /* Hidden again, Karma is forgotten rather than listed twice. */
  gtk_column_view_column_set_visible (column_of (view, "karma"), FALSE);
  {
    g_auto(GStrv) shown = g_settings_get_strv (settings, "browser-shown-columns");

    g_assert_false (g_strv_contains ((const char * const *) shown, "karma"));
  }
  g_object_unref (list);
  g_settings_reset (settings, "browser-hidden-columns");
  g_settings_reset (settings, "browser-shown-columns");
}

/* The mapped labels of @view's cells in @column: each row holds a cell
 * for every column, in the columns' order. */
static GPtrArray *
cells_of (GtkColumnView       *view,
          GtkColumnViewColumn *column)
{
  GListModel *columns = gtk_column_view_get_columns (view);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GPtrArray *cells = g_ptr_array_new ();
  guint index = 0;

  while (index < g_list_model_get_n_items (columns))
    {
      g_autoptr(GtkColumnViewColumn) each = g_list_model_get_item (columns, index);

      if (each == column)
        break;
      index++;
    }
  dw_test_collect_widgets (GTK_WIDGET (view), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *label = g_ptr_array_index (labels, i);
      GtkWidget *cell = gtk_widget_get_parent (label);
      GtkWidget *row = cell ? gtk_widget_get_parent (cell) : NULL;
      guint position = 0;

      /* The header row is the view's first child. */
      if (!gtk_widget_get_mapped (label) || row == NULL ||
          gtk_widget_is_ancestor (label, gtk_widget_get_first_child (GTK_WIDGET (view))))
        continue;
      for (GtkWidget *sibling = gtk_widget_get_first_child (row); sibling != cell; sibling = gtk_widget_get_next_sibling (sibling))
        position++;
      if (position == index)
        g_ptr_array_add (cells, label);
    }
  return cells;
}

/* Each value of @column's cells shortens with an ellipsis and reads
 * whole in its tooltip and to a screen reader; returns how many were
 * shortened. */
static guint
assert_cells_shortened_whole (GtkColumnView       *view,
                              GtkColumnViewColumn *column)
{
  g_autoptr(GPtrArray) cells = cells_of (view, column);
  guint shortened = 0, n_values = 0;

  g_assert_cmpuint (cells->len, >, 0);
  for (guint i = 0; i < cells->len; i++)
    {
      GtkLabel *label = g_ptr_array_index (cells, i);

      if (*gtk_label_get_text (label) == '\0')
        continue;
      n_values++;
      if (dw_test_assert_cell_shortened_whole (label))
        shortened++;
    }
  g_assert_cmpuint (n_values, >, 0);
  return shortened;
}

/* @column's cells read whole, with no ellipsis, and no tooltip repeats
 * them. */
static void
assert_cells_own_width (GtkColumnView       *view,
                        GtkColumnViewColumn *column)
{
  g_autoptr(GPtrArray) cells = cells_of (view, column);

  g_assert_cmpuint (cells->len, >, 0);
  for (guint i = 0; i < cells->len; i++)
    {
      GtkLabel *label = g_ptr_array_index (cells, i);

      g_assert_cmpint (gtk_label_get_ellipsize (label), ==, PANGO_ELLIPSIZE_NONE);
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
      g_assert_null (gtk_widget_get_tooltip_text (GTK_WIDGET (label)));
      g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
    }
}

/* A column the player narrows by hand (its header's handle dragged: the
 * column's fixed width) shortens its values with an ellipsis, each whole
 * in its tooltip and to a screen reader, never cut mid-letter; it cannot
 * be narrowed past its header, whose title reads whole.  Widened again,
 * or back to its own width (a double click on the handle), nothing is
 * shortened and no tooltip repeats a value.  The name, the type, the
 * faction and the cost were cut with no ellipsis, and their headers
 * went to nothing, drawn over the next. */
static void
test_columns_resized_by_hand (void)
{
  DwGame *game = dw_library_lookup_game (library, "arcmage");
  g_autoptr(GListStore) cards = g_list_store_new (DW_TYPE_CARD);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *list;
  GtkColumnView *view;
  GtkColumnViewColumn *narrowed[4];
  const char *properties[] = { "name", "type", "faction", "cost" };
  guint shortened = 0;

  for (guint i = 1; i <= 12; i++)
    {
      g_autofree char *id = g_strdup_printf ("arc-%04u", i);
      DwCard *card = dw_library_lookup_card (library, "arcmage", id, 0, NULL);

      if (card != NULL)
        g_list_store_append (cards, card);
    }
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (cards)), >=, 3);
  list = dw_card_list_new (game, G_LIST_MODEL (cards));
  view = dw_card_list_get_view (DW_CARD_LIST (list));
  gtk_window_set_child (GTK_WINDOW (window), list);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  dw_test_present (GTK_WINDOW (window));
  for (guint i = 0; i < G_N_ELEMENTS (properties); i++)
    {
      narrowed[i] = column_of (view, properties[i]);
      g_assert_nonnull (narrowed[i]);
      g_assert_true (gtk_column_view_column_get_visible (narrowed[i]));
    }

  /* As far as a drag goes: to nothing. */
  for (guint i = 0; i < G_N_ELEMENTS (narrowed); i++)
    gtk_column_view_column_set_fixed_width (narrowed[i], i % 2);
  dw_test_relayout ();
  dw_test_save_screenshot (window, "card-list-1280-columns-narrowed");
  for (guint i = 0; i < G_N_ELEMENTS (narrowed); i++)
    {
      dw_test_assert_header_whole (view, narrowed[i]);
      shortened += assert_cells_shortened_whole (view, narrowed[i]);
    }
  g_assert_cmpuint (shortened, >, 0);
  /* Nothing cut without its whole text a hover away, headers included. */
  dw_test_assert_labels_whole (window);

  /* On a phone, narrowed: the same, the last columns giving way. */
  dw_test_assert_whole_on_phone (window, "card-list-360-columns-narrowed");

  /* Widened by hand: every value whole, no ellipsis. */
  for (guint i = 0; i < G_N_ELEMENTS (narrowed); i++)
    gtk_column_view_column_set_fixed_width (narrowed[i], 300);
  dw_test_relayout ();
  dw_test_save_screenshot (window, "card-list-1280-columns-widened");
  for (guint i = 0; i < G_N_ELEMENTS (narrowed); i++)
    g_assert_cmpuint (assert_cells_shortened_whole (view, narrowed[i]), ==, 0);
  dw_test_assert_labels_whole (window);

  /* Back to their own widths: whole again, no tooltip repeating them;
   * the name shortens only past twenty letters, as before. */
  for (guint i = 0; i < G_N_ELEMENTS (narrowed); i++)
    gtk_column_view_column_set_fixed_width (narrowed[i], -1);
  dw_test_relayout ();
  dw_test_save_screenshot (window, "card-list-1280-own-widths");
  for (guint i = 1; i < G_N_ELEMENTS (narrowed); i++)
    assert_cells_own_width (view, narrowed[i]);
  {
    g_autoptr(GPtrArray) names = cells_of (view, narrowed[0]);

    for (guint i = 0; i < names->len; i++)
      {
        g_assert_cmpint (gtk_label_get_width_chars (g_ptr_array_index (names, i)), ==, 20);
        g_assert_null (gtk_widget_get_tooltip_text (g_ptr_array_index (names, i)));
      }
  }
  dw_test_assert_labels_whole (window);

  /* At a phone's width, the last columns still give way. */
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 800);
  dw_test_relayout ();
  dw_test_save_screenshot (window, "card-list-360-own-widths");
  g_assert_false (gtk_column_view_column_get_visible (narrowed[3]));
  dw_test_assert_labels_whole (window);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  int ret;

  g_setenv ("GTK_A11Y", "test", TRUE);
  dw_test_gtk_init (&argc, &argv);
  library = dw_test_library ();

  g_test_add_func ("/card-list/rows-and-empty-cells-are-named", test_rows_and_empty_cells_are_named);
  g_test_add_func ("/card-list/sort-is-kept", test_sort_is_kept);
  g_test_add_func ("/card-list/columns-the-player-chooses", test_columns_the_player_chooses);
  g_test_add_func ("/card-list/columns-resized-by-hand", test_columns_resized_by_hand);

  ret = g_test_run ();
  g_clear_object (&library);
  return ret;
}
