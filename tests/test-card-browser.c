/* test-card-browser.c — the card browser in the window: search, filters, the list, the card large
 *
 * Runs under xvfb-run with GTK_A11Y=none, GSETTINGS_BACKEND=memory and
 * G_DEBUG=fatal-warnings, so any GTK warning fails the test.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "dw-deck-code.h"
#include "dw-qr.h"
#include "dw-test-gtk.h"
#include "dw-test-util.h"
#include "dw-test-window.h"
#include "dw-card-browser.h"
#include "dw-card-face.h"
#include "dw-card-usage.h"
#include "dw-card-zoom.h"
#include "dw-deck-library.h"
#include "dw-query.h"
#include "dw-window.h"
#include "dw-window-private.h"

static DwLibrary *library;

/* The row of the quick filters named @name: its two spin buttons. */
static void
number_filter (GtkGrid        *grid,
               const char     *name,
               GtkSpinButton **low,
               GtkSpinButton **high)
{
  for (int row = 0; gtk_grid_get_child_at (grid, 0, row) != NULL; row++)
    {
      GtkWidget *label = gtk_grid_get_child_at (grid, 0, row);

      if (GTK_IS_LABEL (label) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), name) == 0)
        {
          *low = GTK_SPIN_BUTTON (gtk_grid_get_child_at (grid, 1, row));
          *high = GTK_SPIN_BUTTON (gtk_grid_get_child_at (grid, 2, row));
          return;
        }
    }
  g_error ("no quick filter “%s”", name);
}


static DwGame *
lookup_game_cb (const char *game_id,
                gpointer    user_data)
{
  return dw_library_lookup_game (user_data, game_id);
}


/* The number filters span the cards there are, and widen when a database
 * arrives after they were made; a range the player narrowed stays. */
static void
test_filters_follow_the_cards (void)
{
  g_autoptr(DwLibrary) own = dw_test_library ();
  DwWindow *window = dw_window_new_for_library (NULL, own);
  DwCardBrowser *browser = dw_window_get_browser (window);
  GtkMenuButton *button = GTK_MENU_BUTTON (dw_test_find_widget (GTK_WIDGET (browser), GTK_TYPE_MENU_BUTTON));
  static const char big[] =
    "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">"
    "<card id=\"arc-giant\"><name>Giant</name><type>Creature</type><faction>Gaian</faction>"
    "<cost>9</cost><loyalty>1</loyalty><attack>99</attack><defence>98</defence></card>"
    "</carddb>";
  g_autoptr(DwCardDb) db = NULL;
  g_autoptr(GError) error = NULL;
  GtkSpinButton *atk_low, *atk_high, *def_low, *def_high;
  double lowest, highest;
  GtkGrid *grid;

  dw_test_present (GTK_WINDOW (window));

  /* Made when first opened. */
  g_assert_nonnull (button);
  g_assert_null (gtk_menu_button_get_popover (button));
  gtk_menu_button_popup (button);
  dw_test_settle ();
  g_assert_nonnull (gtk_menu_button_get_popover (button));
  grid = GTK_GRID (gtk_popover_get_child (gtk_menu_button_get_popover (button)));
  number_filter (grid, "ATK", &atk_low, &atk_high);
  number_filter (grid, "DEF", &def_low, &def_high);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (atk_high)));
  gtk_spin_button_get_range (atk_high, &lowest, &highest);
  g_assert_cmpfloat (gtk_spin_button_get_value (atk_low), ==, lowest);
  g_assert_cmpfloat (gtk_spin_button_get_value (atk_high), ==, highest);
  g_assert_cmpfloat (highest, <, 99);

  /* The player narrows DEF; then a database arrives. */
  gtk_spin_button_set_value (def_high, 2);
  db = dw_card_db_load_data (big, sizeof big - 1, "big.xml", lookup_game_cb, own, &error);
  g_assert_no_error (error);
  dw_library_add_card_db (own, db);
  dw_test_settle ();

  gtk_spin_button_get_range (atk_high, &lowest, &highest);
  g_assert_cmpfloat (highest, ==, 99);
  g_assert_cmpfloat (gtk_spin_button_get_value (atk_high), ==, 99);
  gtk_spin_button_get_range (def_high, &lowest, &highest);
  g_assert_cmpfloat (highest, ==, 98);
  g_assert_cmpfloat (gtk_spin_button_get_value (def_high), ==, 2);

  /* The new card is listed, and the narrowed DEF filter keeps it out. */
  dw_card_browser_set_query (browser, "\"giant\"");
  dw_test_settle ();
  g_assert_cmpuint (dw_card_browser_get_n_shown (browser), ==, 0);
  gtk_spin_button_set_value (def_high, 98);
  dw_test_settle ();
  g_assert_cmpuint (dw_card_browser_get_n_shown (browser), ==, 1);

  /* Closed first, as a player would: left open, a GTK timeout of the
   * popover outlived the window and asked a surface that was gone where
   * the pointer is (a critical, in whichever test ran next). */
  gtk_menu_button_popdown (button);
  dw_test_settle ();
  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_settle ();
}


/* The browser names a card of no faction as colourless: the Faction
 * filter offers "None (colourless)" and keeps those cards, and the list's
 * Faction column reads the same (issue 21). */
static void
test_no_faction_reads_colourless_in_the_browser (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwCardBrowser *browser = dw_window_get_browser (window);
  GtkMenuButton *button = GTK_MENU_BUTTON (dw_test_find_widget (GTK_WIDGET (browser), GTK_TYPE_MENU_BUTTON));
  g_autoptr(GPtrArray) choices = g_ptr_array_new ();
  GtkDropDown *faction = NULL;
  guint colourless = GTK_INVALID_LIST_POSITION;
  guint n_none;

  dw_card_browser_set_query (browser, "faction:none");
  DW_TEST_WAIT_UNTIL (dw_card_browser_get_n_shown (browser) > 0);
  n_none = dw_card_browser_get_n_shown (browser);
  dw_test_relayout ();
  g_assert_true (dw_test_has_label (GTK_WIDGET (browser), "None (colourless)"));
  g_assert_false (dw_test_has_label (GTK_WIDGET (browser), "None"));

  gtk_menu_button_popup (button);
  dw_test_settle ();
  dw_test_collect_widgets (GTK_WIDGET (gtk_menu_button_get_popover (button)), GTK_TYPE_DROP_DOWN, choices);
  for (guint i = 0; i < choices->len && faction == NULL; i++)
    {
      GListModel *names = gtk_drop_down_get_model (g_ptr_array_index (choices, i));

      for (guint j = 0; j < g_list_model_get_n_items (names); j++)
        {
          g_autoptr(GtkStringObject) name = g_list_model_get_item (names, j);

          if (g_str_equal (gtk_string_object_get_string (name), "None (colourless)"))
            {
              faction = g_ptr_array_index (choices, i);
              colourless = j;
            }
        }
    }
  g_assert_nonnull (faction);
  dw_card_browser_set_query (browser, "");
  DW_TEST_WAIT_UNTIL (dw_card_browser_get_n_shown (browser) > n_none);
  gtk_drop_down_set_selected (faction, colourless);
  DW_TEST_WAIT_UNTIL (dw_card_browser_get_n_shown (browser) == n_none);

  gtk_menu_button_popdown (button);
  dw_test_settle ();
  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_settle ();
}


/* ------------------------------------------------------------ the browser says why it is empty */


/* The status page the browser shows in place of its list, or NULL. */
static AdwStatusPage *
shown_status_page (DwCardBrowser *browser)
{
  g_autoptr(GPtrArray) pages = g_ptr_array_new ();

  dw_test_collect_widgets (GTK_WIDGET (browser), ADW_TYPE_STATUS_PAGE, pages);
  for (guint i = 0; i < pages->len; i++)
    if (gtk_widget_get_mapped (g_ptr_array_index (pages, i)))
      return g_ptr_array_index (pages, i);
  return NULL;
}


/* A search no card matches, or one that cannot be read, says so where
 * the list was (the mistake with where it is); a cleared search brings
 * the list back. */
static void
test_browser_empty_states (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwCardBrowser *browser = dw_window_get_browser (window);
  AdwStatusPage *page;

  g_assert_null (shown_status_page (browser));

  dw_card_browser_set_query (browser, "\"Salt & <Pepper>\"");
  dw_test_relayout ();
  g_assert_cmpuint (dw_card_browser_get_n_shown (browser), ==, 0);
  page = shown_status_page (browser);
  g_assert_nonnull (page);
  g_assert_cmpstr (adw_status_page_get_title (page), ==, "No Cards Found");
  /* Escaped: a & left as it is would be a markup warning, fatal here. */
  g_assert_nonnull (strstr (adw_status_page_get_description (page), "Salt &amp; &lt;Pepper&gt;"));

  dw_card_browser_set_query (browser, "faction:");
  dw_test_relayout ();
  g_assert_nonnull (dw_card_browser_get_query_error (browser));
  page = shown_status_page (browser);
  g_assert_nonnull (page);
  g_assert_cmpstr (adw_status_page_get_title (page), ==, "The Search Cannot Be Read");
  g_assert_true (g_str_has_prefix (adw_status_page_get_description (page), "At character "));
  g_assert_nonnull (strstr (adw_status_page_get_description (page), dw_card_browser_get_query_error (browser)));

  /* A mistake whose search holds & and <: the description shows them
   * as typed (escaped), the message too. */
  dw_card_browser_set_query (browser, "faction:\"Salt & <Pepper>\" cost<=");
  dw_test_relayout ();
  g_assert_nonnull (dw_card_browser_get_query_error (browser));
  page = shown_status_page (browser);
  g_assert_nonnull (page);
  g_test_message ("%s", adw_status_page_get_description (page));
  g_assert_nonnull (strstr (adw_status_page_get_description (page), "Salt &amp; &lt;Pepper&gt;"));

  dw_card_browser_set_query (browser, "");
  dw_test_relayout ();
  g_assert_null (shown_status_page (browser));
  g_assert_cmpuint (dw_card_browser_get_n_shown (browser), >, 100);
  gtk_window_destroy (GTK_WINDOW (window));
}


/* Cost has a range like the other numbers, the ranges are headed From
 * and To, and Reset Filters lets every card through again. */
static void
test_cost_filter_and_reset (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwCardBrowser *browser = dw_window_get_browser (window);
  GtkMenuButton *button = GTK_MENU_BUTTON (dw_test_find_widget (GTK_WIDGET (browser), GTK_TYPE_MENU_BUTTON));
  GListModel *shown = dw_card_list_get_model (dw_card_browser_get_list (browser));
  guint all = dw_card_browser_get_n_shown (browser);
  GtkSpinButton *low, *high;
  double lowest, highest;
  GtkGrid *grid;

  gtk_menu_button_popup (button);
  dw_test_settle ();
  grid = GTK_GRID (gtk_popover_get_child (gtk_menu_button_get_popover (button)));
  number_filter (grid, "Cost", &low, &high);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (high)));
  g_assert_true (dw_test_has_label (GTK_WIDGET (grid), "From"));
  g_assert_true (dw_test_has_label (GTK_WIDGET (grid), "To"));
  gtk_spin_button_get_range (high, &lowest, &highest);
  g_assert_cmpfloat (highest, >=, 5);

  gtk_spin_button_set_value (high, 1);
  dw_test_settle ();
  g_assert_cmpuint (dw_card_browser_get_n_shown (browser), >, 0);
  g_assert_cmpuint (dw_card_browser_get_n_shown (browser), <, all);
  for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
    {
      g_autoptr(DwCard) card = g_list_model_get_item (shown, i);
      gint64 cost;

      g_assert_true (dw_card_get_int (card, "cost", &cost));
      g_assert_cmpint (cost, <=, 1);
    }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (browser), "browser.reset-filters", NULL));
  dw_test_settle ();
  g_assert_cmpfloat (gtk_spin_button_get_value (high), ==, highest);
  g_assert_cmpfloat (gtk_spin_button_get_value (low), ==, lowest);
  g_assert_cmpuint (dw_card_browser_get_n_shown (browser), ==, all);

  gtk_menu_button_popdown (button);
  dw_test_settle ();
  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_settle ();
}


/* The browser's results say how many copies the deck holds already, and
 * follow every edit. */
static void
test_results_show_copies_in_deck (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwCardBrowser *browser = dw_window_get_browser (window);
  GtkWidget *list = GTK_WIDGET (dw_card_browser_get_list (browser));
  DwDeckView *view = dw_window_get_deck_view (window);
  DwCard *scout = dw_test_card (library, "arc-0001");
  g_autofree char *query = g_strdup_printf ("\"%s\"", dw_card_get_name (scout));
  DwDeckEntry *entry = NULL;

  dw_card_browser_set_query (browser, query);
  dw_test_relayout ();
  g_assert_cmpuint (dw_card_browser_get_n_shown (browser), ==, 1);
  g_assert_false (dw_test_has_label (list, "1×"));

  for (guint i = 0; i < 3; i++)
    entry = dw_deck_view_add_card (view, scout);
  dw_test_relayout ();
  g_assert_true (dw_test_has_label (list, "3×"));

  dw_deck_history_remove (dw_window_get_history (window), entry, 1);
  dw_test_relayout ();
  g_assert_false (dw_test_has_label (list, "3×"));
  g_assert_true (dw_test_has_label (list, "2×"));

  /* Another deck in the window: its own count. */
  dw_window_new_deck (window, "arcmage");
  dw_test_relayout ();
  g_assert_false (dw_test_has_label (list, "2×"));
  gtk_window_destroy (GTK_WINDOW (window));
}


/* ------------------------------------------------------------ the browser: the card large, a list that fits */


/* The view's labels (cells and column titles) cut with an ellipsis. */
static guint
count_ellipsized (GtkWidget *view,
                  GString   *which)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  guint cut = 0;

  dw_test_collect_widgets (view, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = g_ptr_array_index (labels, i);

      if (gtk_widget_get_mapped (GTK_WIDGET (label)) && pango_layout_is_ellipsized (gtk_label_get_layout (label)))
        {
          g_string_append_printf (which, "“%s” ", gtk_label_get_text (label));
          cut++;
        }
    }
  return cut;
}


/* At 1280×800 every column Arcmage shows at first lies within the list, and
 * no title or value is cut: the list showed four of eight ("Creat…"). */
static void
test_card_list_shows_every_column (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwCardList *list = dw_card_browser_get_list (dw_window_get_browser (window));
  GtkColumnView *view = dw_card_list_get_view (list);
  GListModel *columns = gtk_column_view_get_columns (view);
  g_autoptr(GPtrArray) titles = g_ptr_array_new ();
  g_autoptr(GString) cut = g_string_new (NULL);
  guint shown = 0;
  int width;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  dw_test_relayout ();
  width = gtk_widget_get_width (GTK_WIDGET (list));
  g_assert_cmpuint (g_list_model_get_n_items (columns), >=, 8);

  /* One title button per column, in order; each ends inside the list. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (view)); child; child = gtk_widget_get_next_sibling (child))
    if (g_str_equal (G_OBJECT_TYPE_NAME (child), "GtkListItemWidget"))
      {
        for (GtkWidget *title = gtk_widget_get_first_child (child); title; title = gtk_widget_get_next_sibling (title))
          g_ptr_array_add (titles, title);
        break;
      }
  g_assert_cmpuint (titles->len, ==, g_list_model_get_n_items (columns));
  for (guint i = 0; i < titles->len; i++)
    {
      graphene_rect_t bounds;
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      /* Position, Domain and Copies wait in the header's menu. */
      if (!gtk_column_view_column_get_visible (column))
        {
          g_assert_false (gtk_widget_get_mapped (g_ptr_array_index (titles, i)));
          continue;
        }
      shown++;
      g_assert_true (gtk_widget_compute_bounds (g_ptr_array_index (titles, i), GTK_WIDGET (list), &bounds));
      g_test_message ("%s: %.0f to %.0f of %d", gtk_column_view_column_get_title (column),
                      bounds.origin.x, bounds.origin.x + bounds.size.width, width);
      g_assert_cmpfloat (bounds.origin.x, >=, 0);
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, width);
    }
  g_assert_cmpuint (shown, ==, 9);  /* name, in deck, type and six properties */
  g_assert_cmpuint (count_ellipsized (GTK_WIDGET (view), cut), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}


/* At 400 px the card folds away and the list keeps the browser's whole
 * width; the button brings the card back below the list, not beside. */
static void
test_narrow_list_keeps_its_width (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwCardBrowser *browser = dw_window_get_browser (window);
  GtkWidget *list = GTK_WIDGET (dw_card_browser_get_list (browser));
  GtkWidget *face = GTK_WIDGET (dw_card_browser_get_face (browser));
  g_autoptr(GPtrArray) toggles = g_ptr_array_new ();
  GtkToggleButton *show_card = NULL;
  int alone;

  gtk_window_set_default_size (GTK_WINDOW (window), 400, 800);
  dw_test_relayout ();
  g_assert_true (dw_card_browser_get_face_folded (browser));
  g_assert_false (gtk_widget_get_mapped (face));
  alone = gtk_widget_get_width (list);
  g_assert_cmpint (alone, ==, gtk_widget_get_width (GTK_WIDGET (browser)));

  dw_test_collect_widgets (GTK_WIDGET (browser), GTK_TYPE_TOGGLE_BUTTON, toggles);
  for (guint i = 0; i < toggles->len; i++)
    if (g_strcmp0 (gtk_widget_get_tooltip_text (g_ptr_array_index (toggles, i)), "Show the Card") == 0)
      show_card = g_ptr_array_index (toggles, i);
  g_assert_nonnull (show_card);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (show_card)));
  gtk_toggle_button_set_active (show_card, TRUE);
  dw_test_relayout ();
  g_assert_true (gtk_widget_get_mapped (face));
  g_assert_cmpint (gtk_widget_get_height (face), >, 0);
  g_assert_cmpint (gtk_widget_get_width (list), ==, alone);

  /* Wide again, the card is back for good and the button goes. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  dw_test_relayout ();
  g_assert_false (dw_card_browser_get_face_folded (browser));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (show_card)));
  g_assert_true (gtk_widget_get_mapped (face));
  gtk_window_destroy (GTK_WINDOW (window));
}


/* The list's height, dragged, is kept and the next window's browser
 * opens with it; a window too short for it pushes the list up without
 * changing what is kept. */
static void
test_list_height_remembered (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  DwWindow *window = dw_test_window_new (library);
  DwWindow *next;
  GtkPaned *paned = GTK_PANED (dw_test_find_widget (GTK_WIDGET (dw_window_get_browser (window)), GTK_TYPE_PANED));
  int kept = g_settings_get_int (settings, "browser-list-height");

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  dw_test_relayout ();
  g_assert_cmpint (gtk_paned_get_position (paned), ==, kept);
  gtk_paned_set_position (paned, kept - 40);
  dw_test_relayout ();
  g_assert_cmpint (g_settings_get_int (settings, "browser-list-height"), ==, kept - 40);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 300);
  dw_test_relayout ();
  g_assert_cmpint (g_settings_get_int (settings, "browser-list-height"), ==, kept - 40);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  dw_test_relayout ();

  next = dw_test_window_new (library);
  gtk_window_set_default_size (GTK_WINDOW (next), 1280, 800);
  dw_test_relayout ();
  paned = GTK_PANED (dw_test_find_widget (GTK_WIDGET (dw_window_get_browser (next)), GTK_TYPE_PANED));
  g_assert_cmpint (gtk_paned_get_position (paned), ==, kept - 40);

  gtk_window_destroy (GTK_WINDOW (next));
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "browser-list-height");
}


/* The name cell of the list that shows @card. */
static GtkWidget *
name_label_of (GtkWidget *view,
               DwCard    *card)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  dw_test_collect_widgets (view, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_text (g_ptr_array_index (labels, i)), dw_card_get_name (card)) == 0)
      return g_ptr_array_index (labels, i);
  return NULL;
}


/* Its row, which the keyboard focuses. */
static GtkWidget *
row_of (GtkWidget *view,
        DwCard    *card)
{
  GtkWidget *name = name_label_of (view, card);

  return name ? gtk_widget_get_parent (gtk_widget_get_parent (name)) : NULL;
}


/* The pointer comes onto @widget ("enter") or leaves it, as its
 * motion controllers hear it. */
static void
point_at (GtkWidget  *widget,
          const char *signal)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_EVENT_CONTROLLER_MOTION (controller))
        continue;
      if (g_str_equal (signal, "enter"))
        g_signal_emit_by_name (controller, "enter", 4.0, 4.0);
      else
        g_signal_emit_by_name (controller, "leave");
    }
}


/* The card of the zoom popover showing under @root, or NULL. */
static DwCard *
zoomed_card (GtkWidget *root)
{
  g_autoptr(GPtrArray) popovers = g_ptr_array_new ();
  DwCard *shown = NULL;

  dw_test_collect_widgets (root, GTK_TYPE_POPOVER, popovers);
  for (guint i = 0; i < popovers->len; i++)
    {
      GtkWidget *popover = g_ptr_array_index (popovers, i);

      if (gtk_widget_has_css_class (popover, "card-zoom") && gtk_widget_get_visible (popover))
        {
          g_assert_null (shown);  /* one at a time */
          /* The face, above the decks that hold the card. */
          shown = dw_card_face_get_card (DW_CARD_FACE (gtk_widget_get_first_child (gtk_popover_get_child (GTK_POPOVER (popover)))));
          /* The card of the name it stands beside, however the rows
           * were reused since it opened. */
          g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_widget_get_parent (popover))), ==,
                           dw_card_get_name (shown));
        }
    }
  return shown;
}


/* Escape as the key controllers of @widget hear it: TRUE when one
 * of them took it. */
static gboolean
press_escape (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean taken = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !taken; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        g_signal_emit_by_name (controller, "key-pressed", GDK_KEY_Escape, 0, 0, &taken);
    }
  return taken;
}


/* Focusing a row with the keyboard shows its card large beside it,
 * without taking the focus; focus moving on or Escape takes it away.
 * The pointer resting on a name shows it too, after a moment. */
static void
test_zoom_follows_keyboard_focus (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwCardBrowser *browser = dw_window_get_browser (window);
  GtkWidget *view = GTK_WIDGET (dw_card_list_get_view (dw_card_browser_get_list (browser)));
  GListModel *shown = dw_card_list_get_model (dw_card_browser_get_list (browser));
  g_autoptr(DwCard) first = g_list_model_get_item (shown, 0);
  g_autoptr(DwCard) second = g_list_model_get_item (shown, 1);
  g_autoptr(DwCard) fifth = g_list_model_get_item (shown, 4);
  GtkWidget *row;
  GtkWidget *name;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  dw_test_relayout ();
  gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
  g_assert_null (zoomed_card (view));

  row = row_of (view, first);
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_grab_focus (row));
  DW_TEST_WAIT_UNTIL (zoomed_card (view) == first);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == row);

  row = row_of (view, second);
  g_assert_true (gtk_widget_grab_focus (row));
  DW_TEST_WAIT_UNTIL (zoomed_card (view) == second);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == row);

  /* Escape closes it, and the focus stays. */
  g_assert_true (press_escape (row));
  dw_test_relayout ();
  g_assert_null (zoomed_card (view));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == row);
  g_assert_false (press_escape (row));  /* nothing left to close: Escape goes on */

  g_assert_true (gtk_widget_grab_focus (row_of (view, first)));
  DW_TEST_WAIT_UNTIL (zoomed_card (view) == first);

  gtk_widget_grab_focus (GTK_WIDGET (dw_card_browser_get_entry (browser)));
  dw_test_relayout ();
  g_assert_null (zoomed_card (view));

  /* The pointer rests on a name (of a row neither focused nor picked,
   * which the list keeps): after a moment its card shows. */
  name = name_label_of (view, fifth);
  g_assert_nonnull (name);
  point_at (name, "enter");
  g_assert_null (zoomed_card (view));
  DW_TEST_WAIT_UNTIL (zoomed_card (view) == fifth);

  point_at (name, "leave");
  dw_test_relayout ();
  g_assert_null (zoomed_card (view));
  gtk_window_destroy (GTK_WINDOW (window));
}


static char *
write_deck (const char *dir,
            const char *file_name,
            const char *name,
            const char *cards)
{
  g_autofree char *xml = g_markup_printf_escaped ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                                  "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n"
                                                  "  <name>%s</name>\n  <section id=\"main\">",
                                                  name);
  g_autofree char *whole = g_strconcat (xml, cards, "</section>\n</deck>\n", NULL);

  return dw_test_write_file (dir, file_name, whole);
}

/* The text of the visible zoom's label under the face, or NULL. */
static const char *
zoom_decks_text (GtkWidget *root)
{
  g_autoptr(GPtrArray) popovers = g_ptr_array_new ();

  dw_test_collect_widgets (root, GTK_TYPE_POPOVER, popovers);
  for (guint i = 0; i < popovers->len; i++)
    {
      GtkWidget *popover = g_ptr_array_index (popovers, i);
      g_autoptr(GPtrArray) labels = g_ptr_array_new ();

      if (!gtk_widget_has_css_class (popover, "card-zoom") || !gtk_widget_get_visible (popover))
        continue;
      dw_test_collect_widgets (popover, GTK_TYPE_LABEL, labels);
      for (guint j = 0; j < labels->len; j++)
        if (gtk_widget_get_visible (g_ptr_array_index (labels, j)))
          return gtk_label_get_text (g_ptr_array_index (labels, j));
    }
  return NULL;
}

static gboolean
usage_says (DwCardBrowser *browser,
            const char    *expected)
{
  return g_strcmp0 (dw_card_usage_get_label (dw_card_browser_get_usage (browser)), expected) == 0;
}

/* The card shown says in how many of the player's decks it is; its list
 * names them with their copies (most first) and follows the library as
 * it changes; the zoom names them too; one click on a deck opens it. */
static void
test_decks_using_the_card (void)
{
  g_autofree char *tmp = dw_test_make_tmpdir ();
  g_autofree char *root = g_build_filename (tmp, "Decks", NULL);
  g_autofree char *cache = g_build_filename (tmp, "cache", NULL);
  g_autoptr(DwDeckLibrary) decks = dw_deck_library_new (library, cache);
  g_autoptr(GError) error = NULL;
  g_autofree char *wall = NULL;
  g_autofree char *pair = NULL;
  g_autofree char *third = NULL;
  g_autoptr(GFile) wall_file = NULL;
  DwWindow *window;
  DwCardBrowser *browser;
  GtkWidget *view;
  DwCard *scout = dw_test_card (library, "arc-0001");
  DwCard *other = dw_test_card (library, "arc-0002");
  GtkListBox *list;
  GtkListBoxRow *first;

  dw_deck_library_set_roots (decks, (const char * const[]) { root, NULL }, TRUE);
  wall = write_deck (root, "wall.xml", "Green & <Wall>", "<card id=\"arc-0001\" count=\"4\">Thornwood Scout</card>");
  pair = write_deck (root, "pair.xml", "Scout Pair", "<card id=\"arc-0001\" count=\"2\">Thornwood Scout</card>");
  g_free (write_deck (root, "none.xml", "No Scouts", "<card id=\"arc-0003\" count=\"2\">x</card>"));
  g_assert_true (dw_deck_library_scan (decks, NULL, &error));
  g_assert_no_error (error);
  dw_card_usage_set_library (decks);

  window = dw_test_window_new (library);
  browser = dw_window_get_browser (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  dw_test_relayout ();
  dw_card_browser_show_card (browser, scout);
  g_assert_true (usage_says (browser, "In 2 of your decks"));
  list = dw_card_usage_get_list (dw_card_browser_get_usage (browser));
  first = gtk_list_box_get_row_at_index (list, 0);
  g_assert_true (dw_test_has_label (GTK_WIDGET (first), "Green & <Wall>"));
  g_assert_true (dw_test_has_label (GTK_WIDGET (first), "×4"));
  g_assert_true (dw_test_has_label (GTK_WIDGET (gtk_list_box_get_row_at_index (list, 1)), "Scout Pair"));
  g_assert_null (gtk_list_box_get_row_at_index (list, 2));

  /* A card no deck holds says so, and has no list to open. */
  dw_card_browser_show_card (browser, other);
  g_assert_true (usage_says (browser, "In none of your decks"));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (dw_card_usage_get_button (dw_card_browser_get_usage (browser)))));

  /* The library changes (another deck saved): the count follows. */
  dw_card_browser_show_card (browser, scout);
  third = write_deck (root, "third.xml", "Third", "<card id=\"arc-0001\" count=\"1\">Thornwood Scout</card>");
  dw_deck_library_refresh_path (decks, third);
  DW_TEST_WAIT_UNTIL (usage_says (browser, "In 3 of your decks"));
  dw_test_relayout ();
  dw_test_save_screenshot (GTK_WIDGET (window), "browser-card-usage-1280");

  /* The zoom of the card's row names them too. */
  view = GTK_WIDGET (dw_card_list_get_view (dw_card_browser_get_list (browser)));
  gtk_editable_set_text (GTK_EDITABLE (dw_card_browser_get_entry (browser)), "Thornwood Scout");
  DW_TEST_WAIT_UNTIL (row_of (view, scout) != NULL);
  dw_test_relayout ();
  gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
  g_assert_true (gtk_widget_grab_focus (row_of (view, scout)));
  DW_TEST_WAIT_UNTIL (zoomed_card (view) == scout);
  g_assert_cmpstr (zoom_decks_text (view), ==, "In your decks:\nGreen & <Wall> ×4\nScout Pair ×2\nThird ×1");

  /* One click on a deck opens it (this window holds nothing of value). */
  dw_card_browser_show_card (browser, scout);
  list = dw_card_usage_get_list (dw_card_browser_get_usage (browser));
  /* The list shows, as a click shows it, before its row is chosen, and
   * is gone after. */
  gtk_menu_button_popup (dw_card_usage_get_button (dw_card_browser_get_usage (browser)));
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (list)));
  g_signal_emit_by_name (list, "row-activated", gtk_list_box_get_row_at_index (list, 0));
  DW_TEST_WAIT_UNTIL (!gtk_widget_get_mapped (GTK_WIDGET (list)));
  wall_file = g_file_new_for_path (wall);
  DW_TEST_WAIT_UNTIL (dw_window_get_file (window) != NULL && g_file_equal (dw_window_get_file (window), wall_file));
  g_assert_cmpstr (dw_deck_get_name (dw_window_get_deck (window)), ==, "Green & <Wall>");

  /* At a phone's width the line stays, under the list. */
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 800);
  dw_test_relayout ();
  adw_leaflet_set_visible_child_name (window->leaflet, "cards");
  dw_card_browser_show_card (browser, scout);
  dw_test_relayout ();
  dw_test_save_screenshot (GTK_WIDGET (window), "browser-card-usage-360");

  dw_card_usage_set_library (NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_remove_tree (tmp);
}

static int
cost_of (GListModel *cards,
         guint       position)
{
  g_autoptr(DwCard) card = g_list_model_get_item (cards, position);
  gint64 cost;

  return dw_card_get_int (card, "cost", &cost) ? (int) cost : -1;
}


/* The sort chosen in one window is the sort of the next. */
static void
test_sort_survives_a_new_window (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  DwWindow *window = dw_test_window_new (library);
  GtkColumnView *view = dw_card_list_get_view (dw_card_browser_get_list (dw_window_get_browser (window)));
  GListModel *columns = gtk_column_view_get_columns (view);
  GListModel *shown;
  guint n;

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), "Cost") == 0)
        gtk_column_view_sort_by_column (view, column, GTK_SORT_DESCENDING);
    }
  dw_test_settle ();
  gtk_window_destroy (GTK_WINDOW (window));

  window = dw_test_window_new (library);
  shown = dw_card_list_get_model (dw_card_browser_get_list (dw_window_get_browser (window)));
  n = g_list_model_get_n_items (shown);
  g_assert_cmpuint (n, >, 100);
  g_assert_cmpint (cost_of (shown, 0), >, cost_of (shown, n - 1));
  for (guint i = 1; i < n; i++)
    g_assert_cmpint (cost_of (shown, i - 1), >=, cost_of (shown, i));
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "browser-sort");
}


/* A search that finds nothing says so where the cards were, with its
 * way out in sight, and moves nothing else: the browser and the deck
 * beside it kept changing width as the list emptied and filled. */
static void
test_empty_search_keeps_the_layout (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwCardBrowser *browser = dw_window_get_browser (window);
  GtkWidget *deck = GTK_WIDGET (dw_window_get_deck_view (window));
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  GtkWidget *reset = NULL;
  int browser_width, deck_width;
  graphene_rect_t bounds;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  dw_test_relayout ();
  browser_width = gtk_widget_get_width (GTK_WIDGET (browser));
  deck_width = gtk_widget_get_width (deck);

  dw_card_browser_set_query (browser, "zzzz");
  dw_test_relayout ();
  g_assert_cmpuint (dw_card_browser_get_n_shown (browser), ==, 0);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (browser)), ==, browser_width);
  g_assert_cmpint (gtk_widget_get_width (deck), ==, deck_width);

  /* Reset Filters lies inside the pane above the card, unscrolled. */
  dw_test_collect_widgets (GTK_WIDGET (shown_status_page (browser)), GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (g_ptr_array_index (buttons, i)), "_Reset Filters") == 0)
      reset = g_ptr_array_index (buttons, i);
  g_assert_nonnull (reset);
  g_assert_true (gtk_widget_compute_bounds (reset, GTK_WIDGET (shown_status_page (browser)), &bounds));
  g_assert_cmpfloat (bounds.origin.y, >=, 0);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=,
                     gtk_widget_get_height (GTK_WIDGET (shown_status_page (browser))));

  dw_card_browser_set_query (browser, "");
  dw_test_relayout ();
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (browser)), ==, browser_width);
  gtk_window_destroy (GTK_WINDOW (window));
}


/* The large face follows the search: never a card the search has
 * filtered out; the card it shows stays while the results hold it. */
static void
test_face_follows_the_search (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwCardBrowser *browser = dw_window_get_browser (window);
  DwCardFace *face = dw_card_browser_get_face (browser);
  DwCard *scout = dw_test_card (library, "arc-0001");

  dw_card_browser_set_query (browser, "\"thornwood scout\"");
  DW_TEST_WAIT_UNTIL (dw_card_browser_get_n_shown (browser) == 1);
  g_assert_true (dw_card_face_get_card (face) == scout);

  /* Shown, then filtered out: the face moves to what the search shows. */
  dw_card_browser_set_query (browser, "type:region");
  DW_TEST_WAIT_UNTIL (dw_card_browser_get_n_shown (browser) > 1);
  g_assert_nonnull (dw_card_face_get_card (face));
  g_assert_cmpstr (dw_card_get_card_type (dw_card_face_get_card (face)), ==, "Region");

  /* Nothing matches: no card at all. */
  dw_card_browser_set_query (browser, "\"no card is called this\"");
  DW_TEST_WAIT_UNTIL (dw_card_browser_get_n_shown (browser) == 0);
  g_assert_null (dw_card_face_get_card (face));

  /* A card picked stays while a narrower search still holds it. */
  dw_card_browser_set_query (browser, "type:creature");
  DW_TEST_WAIT_UNTIL (dw_card_browser_get_n_shown (browser) > 1);
  dw_card_browser_show_card (browser, scout);
  dw_card_browser_set_query (browser, "type:creature cost<=2");
  DW_TEST_WAIT_UNTIL (dw_card_browser_get_n_shown (browser) > 1);
  g_assert_true (dw_card_face_get_card (face) == scout);
  gtk_window_destroy (GTK_WINDOW (window));
}


/* The large card uses the pane's width, not only its height: at
 * 1280×800 the card, as tall as the pane below the list, and beside it
 * what the card says in the window's type fill the browser's width (the
 * card alone took 230 of 860 px); folded on a phone, the card is alone
 * (issue 21). */
static void
test_face_uses_its_space (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwCardBrowser *browser = dw_window_get_browser (window);
  DwCardFace *face = dw_card_browser_get_face (browser);
  DwCard *scout = dw_test_card (library, "arc-0001");
  GtkWidget *frame = gtk_widget_get_parent (GTK_WIDGET (face));
  GtkWidget *details = gtk_widget_get_next_sibling (frame);
  graphene_rect_t face_bounds, details_bounds, frame_bounds;
  int browser_width;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  dw_card_browser_show_card (browser, scout);
  dw_test_relayout ();
  browser_width = gtk_widget_get_width (GTK_WIDGET (browser));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (face), GTK_WIDGET (browser), &face_bounds));
  g_assert_true (gtk_widget_compute_bounds (frame, GTK_WIDGET (browser), &frame_bounds));
  g_assert_true (gtk_widget_get_mapped (details));
  g_assert_true (gtk_widget_compute_bounds (details, GTK_WIDGET (browser), &details_bounds));
  g_test_message ("browser %d px wide; card %.0f×%.0f, its words %.0f px wide",
                  browser_width, face_bounds.size.width, face_bounds.size.height, details_bounds.size.width);
  /* As tall as its pane, and its words right beside it. */
  g_assert_cmpfloat (face_bounds.size.height, >=, frame_bounds.size.height - 1);
  g_assert_cmpfloat (details_bounds.origin.x - (face_bounds.origin.x + face_bounds.size.width), <=, 24);
  g_assert_cmpfloat (face_bounds.size.width + details_bounds.size.width, >=, 0.8 * browser_width);
  g_assert_true (dw_test_has_label (details, dw_card_get_name (scout)));
  g_assert_true (dw_test_has_label (details, "Unmark target creature you control.") ||
                 gtk_widget_get_first_child (details) != NULL);

  /* On a phone the card is alone on its page. */
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 800);
  dw_test_relayout ();
  g_assert_false (gtk_widget_get_visible (details));
  /* The window's width is kept in GSettings: the next test's window
   * opens at the usual size. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  dw_test_relayout ();
  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_settle ();
}


/* The search box's example comes from each game's own properties, and
 * is a search that finds cards of that game: no game is offered
 * another's example ("faction:gaian" in Coraabia). */
static void
test_search_example_is_the_games_own (void)
{
  GListModel *games = dw_library_get_games (library);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_assert_cmpuint (g_list_model_get_n_items (games), >=, 2);
  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr(DwGame) game = g_list_model_get_item (games, i);
      GtkWidget *browser = g_object_ref_sink (dw_card_browser_new (library, game));
      const char *placeholder = gtk_entry_get_placeholder_text (dw_card_browser_get_entry (DW_CARD_BROWSER (browser)));
      const char *example;
      g_autoptr(DwQuery) query = NULL;
      g_autoptr(GError) error = NULL;
      GListModel *dbs = dw_library_get_card_dbs (library);
      guint found = 0;

      g_test_message ("%s: %s", dw_game_get_id (game), placeholder);
      g_assert_true (g_str_has_prefix (placeholder, "e.g. "));
      example = placeholder + strlen ("e.g. ");
      g_assert_true (g_hash_table_add (seen, g_strdup (example)));
      query = dw_query_parse (game, example, &error);
      g_assert_no_error (error);
      for (guint d = 0; d < g_list_model_get_n_items (dbs); d++)
        {
          g_autoptr(DwCardDb) db = g_list_model_get_item (dbs, d);
          guint n = 0;
          DwCard * const *cards = dw_card_db_peek_cards (db, &n);

          if (dw_card_db_get_game (db) != game)
            continue;
          for (guint c = 0; c < n; c++)
            found += dw_query_matches (query, cards[c]);
        }
      g_assert_cmpuint (found, >, 0);
      if (g_strcmp0 (dw_game_get_id (game), "arcmage") == 0)
        g_assert_cmpstr (example, ==, "faction:gaian cost<=3");
      g_object_unref (browser);
    }
}

int
main (int    argc,
      char **argv)
{
  int ret;

  dw_test_gtk_init (&argc, &argv);
  library = dw_test_library ();

  g_test_add_func ("/browser/number-filters-follow-the-cards", test_filters_follow_the_cards);
  g_test_add_func ("/browser/no-faction-reads-colourless-in-the-browser",
                   test_no_faction_reads_colourless_in_the_browser);
  g_test_add_func ("/browser/browser-empty-states", test_browser_empty_states);
  g_test_add_func ("/browser/face-follows-the-search", test_face_follows_the_search);
  g_test_add_func ("/browser/face-uses-its-space", test_face_uses_its_space);
  g_test_add_func ("/browser/search-example-is-the-games-own", test_search_example_is_the_games_own);
  g_test_add_func ("/browser/cost-filter-and-reset", test_cost_filter_and_reset);
  g_test_add_func ("/browser/results-show-copies-in-deck", test_results_show_copies_in_deck);
  g_test_add_func ("/browser/card-list-shows-every-column", test_card_list_shows_every_column);
  g_test_add_func ("/browser/narrow-list-keeps-its-width", test_narrow_list_keeps_its_width);
  g_test_add_func ("/browser/list-height-remembered", test_list_height_remembered);
  g_test_add_func ("/browser/zoom-follows-keyboard-focus", test_zoom_follows_keyboard_focus);
  /* It leaves 360 px in GSettings, so the windows after it open at a
   * phone's width and are made wider at once (see dw_test_present()). */
  g_test_add_func ("/browser/decks-using-the-card", test_decks_using_the_card);
  g_test_add_func ("/browser/sort-survives-a-new-window", test_sort_survives_a_new_window);
  g_test_add_func ("/browser/empty-search-keeps-the-layout", test_empty_search_keeps_the_layout);

  ret = g_test_run ();
  g_clear_object (&library);
  return ret;
}
