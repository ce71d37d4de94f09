/* test-deck-considering.c — Considering, the cards weighed beside the deck, in the window
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
#include "dw-deck-row.h"
#include "dw-test-gtk.h"
#include "dw-test-util.h"
#include "dw-test-window.h"
#include "dw-card-browser.h"
#include "dw-card-face.h"
#include "dw-query.h"
#include "dw-window.h"
#include "dw-window-private.h"

static DwLibrary *library;

/* Considering, after the game's own sections, says under its heading
 * that no format counts it. */
static void
test_considering_shown_last_with_its_caption (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwDeckView *view = dw_window_get_deck_view (window);
  const char *order[] = { "main", "regions", "tokens", "considering" };

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  dw_test_relayout ();
  for (guint i = 1; i < G_N_ELEMENTS (order); i++)
    g_assert_cmpfloat (dw_test_top_of (GTK_WIDGET (dw_deck_view_get_section_box (view, order[i - 1])), GTK_WIDGET (view)),
                       <, dw_test_top_of (GTK_WIDGET (dw_deck_view_get_section_box (view, order[i])), GTK_WIDGET (view)));
  g_assert_true (dw_test_has_label (GTK_WIDGET (view), "Considering"));
  g_assert_true (dw_test_has_label (GTK_WIDGET (view), "Cards you are still weighing. No format counts them; "
                                                "statistics, the table and decklists leave them out."));
  gtk_window_destroy (GTK_WINDOW (window));
}


/* Control+M in the browser (or the button beside the count) puts the card
 * shown in Considering; cards that would break the copy limit and the
 * regions' faction there leave the badge and the problems as they were. */
static void
test_add_to_considering_keeps_the_verdict (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwCardBrowser *browser = dw_window_get_browser (window);
  DwDeck *deck = dw_window_get_deck (window);
  guint problems;

  dw_test_build_green_wall (library, window);
  g_assert_cmpstr (dw_window_get_badge_text (window), ==, "Legal");
  problems = g_list_model_get_n_items (dw_test_window_problems (window));
  g_assert_true (dw_test_has_shortcut (GTK_WIDGET (browser), GDK_KEY_m, "browser.consider-shown"));

  dw_card_browser_show_card (browser, dw_test_card (library, "arc-0001"));   /* four already in the deck */
  for (guint i = 0; i < 3; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (browser), "browser.consider-shown", NULL));
  dw_card_browser_show_card (browser, dw_test_card (library, "arc-r004"));   /* a region of another faction */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (browser), "browser.consider-shown", NULL));
  dw_test_settle ();

  g_assert_cmpuint (dw_deck_count_section (deck, "considering"), ==, 4);
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 60);
  g_assert_cmpuint (dw_deck_count_section (deck, "regions"), ==, 3);
  g_assert_cmpstr (dw_window_get_badge_text (window), ==, "Legal");
  g_assert_cmpuint (g_list_model_get_n_items (dw_test_window_problems (window)), ==, problems);

  /* The browser's In Deck counts the deck's copies, not those weighed. */
  dw_card_browser_set_query (browser, "\"thornwood scout\"");
  dw_test_relayout ();
  g_assert_cmpuint (dw_card_browser_get_n_shown (browser), ==, 1);
  g_assert_true (dw_test_has_label (GTK_WIDGET (dw_card_browser_get_list (browser)), "4×"));
  g_assert_false (dw_test_has_label (GTK_WIDGET (dw_card_browser_get_list (browser)), "7×"));
  gtk_window_destroy (GTK_WINDOW (window));
}


/* Add to Considering sits at the end of the bar under the browser, on
 * the count's row, where it takes no height from the card: the card
 * reaches the bottom of its pane.  It shows while the card does (folded
 * away at 400 px, back with the card), is reached by Tab, and puts the
 * card shown in Considering. */
static void
test_considering_button_beside_the_count (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwCardBrowser *browser = dw_window_get_browser (window);
  DwDeck *deck = dw_window_get_deck (window);
  GtkWidget *face = GTK_WIDGET (dw_card_browser_get_face (browser));
  GtkWidget *paned = dw_test_find_widget (GTK_WIDGET (browser), GTK_TYPE_PANED);
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GtkWidget *consider = NULL;
  GtkWidget *count = NULL;
  GtkToggleButton *show_card = NULL;
  graphene_rect_t face_bounds, paned_bounds, consider_bounds, count_bounds;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  dw_test_relayout ();
  dw_test_collect_widgets (GTK_WIDGET (browser), GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (buttons, i);

      if (g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), "browser.consider-shown") == 0)
        consider = button;
      else if (GTK_IS_TOGGLE_BUTTON (button) &&
               g_strcmp0 (gtk_widget_get_tooltip_text (button), "Show the Card") == 0)
        show_card = GTK_TOGGLE_BUTTON (button);
    }
  dw_test_collect_widgets (GTK_WIDGET (browser), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_str_has_suffix (gtk_label_get_text (g_ptr_array_index (labels, i)), " cards"))
      count = g_ptr_array_index (labels, i);
  g_assert_nonnull (consider);
  g_assert_nonnull (show_card);
  g_assert_nonnull (count);
  g_assert_nonnull (paned);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (consider)), ==, "Add to _Considering");
  g_assert_true (gtk_button_get_use_underline (GTK_BUTTON (consider)));
  g_assert_true (gtk_widget_get_focusable (consider));
  g_assert_true (gtk_widget_get_mapped (consider));

  /* Nothing under the card in its pane; the button under the pane,
   * level with the count and after it. */
  g_assert_true (gtk_widget_compute_bounds (face, paned, &face_bounds));
  g_assert_true (gtk_widget_compute_bounds (paned, GTK_WIDGET (browser), &paned_bounds));
  g_assert_true (gtk_widget_compute_bounds (consider, GTK_WIDGET (browser), &consider_bounds));
  g_assert_true (gtk_widget_compute_bounds (count, GTK_WIDGET (browser), &count_bounds));
  g_assert_cmpfloat (face_bounds.origin.y + face_bounds.size.height, >=, paned_bounds.size.height - 1);
  g_assert_cmpfloat (consider_bounds.origin.y, >=, paned_bounds.origin.y + paned_bounds.size.height);
  g_assert_cmpfloat (ABS ((consider_bounds.origin.y + consider_bounds.size.height / 2) -
                          (count_bounds.origin.y + count_bounds.size.height / 2)), <=, 1);
  g_assert_cmpfloat (consider_bounds.origin.x, >, count_bounds.origin.x + count_bounds.size.width);

  /* As Enter or Space on the focused button would: a press is shown
   * for a moment, then the button is clicked. */
  dw_card_browser_show_card (browser, dw_test_card (library, "arc-0001"));
  g_assert_true (gtk_widget_activate (consider));
  DW_TEST_WAIT_UNTIL (dw_deck_count_section (deck, "considering") != 0);
  dw_test_settle ();
  g_assert_cmpuint (dw_deck_count_section (deck, "considering"), ==, 1);
  g_assert_nonnull (dw_deck_find_card (deck, "considering", dw_test_card (library, "arc-0001")));

  /* Folded, the card and its button go; the toggle brings both back. */
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 800);
  dw_test_relayout ();
  g_assert_true (dw_card_browser_get_face_folded (browser));
  g_assert_false (gtk_widget_get_mapped (consider));
  g_assert_true (gtk_widget_get_mapped (count));
  gtk_toggle_button_set_active (show_card, TRUE);
  dw_test_relayout ();
  g_assert_true (gtk_widget_get_mapped (face));
  g_assert_true (gtk_widget_get_mapped (consider));
  gtk_window_destroy (GTK_WINDOW (window));
}


/* Control+M on picked rows: every copy goes to Considering, and back to
 * the section its card belongs in; each way is one undo step. */
static void
test_move_to_considering_and_back (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwDeckView *view = dw_window_get_deck_view (window);
  DwDeck *deck = dw_window_get_deck (window);
  g_autoptr(GPtrArray) pick = g_ptr_array_new ();
  g_autoptr(GPtrArray) selected = NULL;
  DwDeckEntry *scouts, *region;

  dw_test_build_green_wall (library, window);
  g_assert_true (dw_test_has_shortcut (GTK_WIDGET (view), GDK_KEY_m, "deck.toggle-considering"));
  scouts = dw_deck_find_card (deck, "main", dw_test_card (library, "arc-0001"));
  region = dw_deck_find_card (deck, "regions", dw_test_card (library, "arc-r003"));
  g_assert_nonnull (scouts);
  g_assert_nonnull (region);
  g_ptr_array_add (pick, scouts);
  g_ptr_array_add (pick, region);
  dw_deck_view_select_entries (view, pick);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "deck.toggle-considering", NULL));
  dw_test_settle ();
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 56);
  g_assert_cmpuint (dw_deck_count_section (deck, "regions"), ==, 2);
  g_assert_cmpuint (dw_deck_count_section (deck, "considering"), ==, 5);
  g_assert_true (g_str_has_prefix (dw_window_get_badge_text (window), "Illegal: "));
  /* They stay picked, so the same key takes them back. */
  selected = dw_deck_view_get_selected (view);
  g_assert_cmpuint (selected->len, ==, 2);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  dw_test_settle ();
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 60);
  g_assert_cmpuint (dw_deck_count_section (deck, "considering"), ==, 0);
  g_assert_cmpstr (dw_window_get_badge_text (window), ==, "Legal");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  dw_test_settle ();
  g_assert_cmpuint (dw_deck_count_section (deck, "considering"), ==, 5);

  dw_deck_view_select_entries (view, pick);
  g_clear_pointer (&selected, g_ptr_array_unref);
  selected = dw_deck_view_get_selected (view);
  g_assert_cmpuint (selected->len, ==, 2);
  g_assert_cmpstr (dw_deck_entry_get_section (scouts), ==, "considering");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "deck.toggle-considering", NULL));
  dw_test_settle ();
  g_assert_cmpstr (dw_deck_entry_get_section (scouts), ==, "main");
  g_assert_cmpstr (dw_deck_entry_get_section (region), ==, "regions");
  g_assert_cmpuint (dw_deck_count_section (deck, "considering"), ==, 0);
  g_assert_cmpstr (dw_window_get_badge_text (window), ==, "Legal");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  dw_test_settle ();
  g_assert_cmpuint (dw_deck_count_section (deck, "considering"), ==, 5);
  gtk_window_destroy (GTK_WINDOW (window));
}


/* The label of the first item of @menu's first section. */
static char *
first_item_label (GMenuModel *menu)
{
  g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, 0, G_MENU_LINK_SECTION);
  char *label = NULL;

  g_assert_nonnull (section);
  g_assert_true (g_menu_model_get_item_attribute (section, 0, G_MENU_ATTRIBUTE_LABEL, "s", &label));
  return label;
}


/* Opens the menu of the row holding the focus as the Menu key does, and
 * returns it. */
static GtkPopoverMenu *
open_row_menu (DwDeckView *view,
               GtkWidget  *row)
{
  GtkWidget *box = gtk_widget_get_parent (row);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (box);
  g_autoptr(GPtrArray) menus = g_ptr_array_new ();
  gboolean opened = FALSE;

  gtk_widget_grab_focus (row);
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !opened; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)) && !opened; j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) && gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == GDK_KEY_Menu)
            opened = gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, box, NULL);
        }
    }
  g_assert_true (opened);
  dw_test_settle ();
  /* The row's menu is the one open; the Group and Sort menu is closed. */
  dw_test_collect_widgets (GTK_WIDGET (view), GTK_TYPE_POPOVER_MENU, menus);
  for (guint i = menus->len; i > 0; i--)
    if (!gtk_widget_get_visible (g_ptr_array_index (menus, i - 1)))
      g_ptr_array_remove_index (menus, i - 1);
  g_assert_cmpuint (menus->len, ==, 1);
  return g_ptr_array_index (menus, 0);
}


static GtkWidget *
deck_row_of (DwDeckView  *view,
             DwDeckEntry *entry)
{
  GtkListBox *box = dw_deck_view_get_section_box (view, dw_deck_entry_get_section (entry));

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (box)); row; row = gtk_widget_get_next_sibling (row))
    if (DW_IS_DECK_ROW (row) && dw_deck_row_get_entry (DW_DECK_ROW (row)) == entry)
      return row;
  g_assert_not_reached ();
}


/* A deck row's menu offers the move its card can make: to Considering
 * from the deck, to the deck from Considering; it acts on that row. */
static void
test_row_menu_moves_to_considering_and_back (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwDeckView *view = dw_window_get_deck_view (window);
  DwDeck *deck = dw_window_get_deck (window);
  DwDeckEntry *scouts;
  GtkPopoverMenu *menu;
  g_autofree char *to_considering = NULL;
  g_autofree char *to_deck = NULL;

  dw_test_build_green_wall (library, window);
  dw_test_relayout ();
  scouts = dw_deck_find_card (deck, "main", dw_test_card (library, "arc-0001"));
  menu = open_row_menu (view, deck_row_of (view, scouts));
  to_considering = first_item_label (gtk_popover_menu_get_menu_model (menu));
  g_assert_cmpstr (to_considering, ==, "Move to _Considering");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (menu), "deck.toggle-considering", NULL));
  gtk_popover_popdown (GTK_POPOVER (menu));
  dw_test_settle ();
  g_assert_cmpstr (dw_deck_entry_get_section (scouts), ==, "considering");
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 56);

  menu = open_row_menu (view, deck_row_of (view, scouts));
  to_deck = first_item_label (gtk_popover_menu_get_menu_model (menu));
  g_assert_cmpstr (to_deck, ==, "Move to the _Deck");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (menu), "deck.toggle-considering", NULL));
  gtk_popover_popdown (GTK_POPOVER (menu));
  dw_test_settle ();
  g_assert_cmpstr (dw_deck_entry_get_section (scouts), ==, "main");
  g_assert_cmpstr (dw_window_get_badge_text (window), ==, "Legal");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A deck row's menu makes its card the deck's cover: saved, the deck
 * names it; Undo takes it back. */
static void
test_row_menu_uses_card_as_cover (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwDeckView *view = dw_window_get_deck_view (window);
  DwDeck *deck = dw_window_get_deck (window);
  DwDeckEntry *boars;
  GtkPopoverMenu *menu;
  g_autoptr(GMenuModel) section = NULL;
  g_autofree char *label = NULL;
  g_autofree char *saved = NULL;

  dw_test_build_green_wall (library, window);
  dw_test_relayout ();
  boars = dw_deck_find_card (deck, "main", dw_test_card (library, "arc-0005"));
  g_assert_nonnull (boars);
  menu = open_row_menu (view, deck_row_of (view, boars));
  section = g_menu_model_get_item_link (gtk_popover_menu_get_menu_model (menu), 1, G_MENU_LINK_SECTION);
  g_assert_nonnull (section);
  g_assert_true (g_menu_model_get_item_attribute (section, 0, G_MENU_ATTRIBUTE_LABEL, "s", &label));
  g_assert_cmpstr (label, ==, "Use as _Cover");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (menu), "deck.use-as-cover", NULL));
  gtk_popover_popdown (GTK_POPOVER (menu));
  dw_test_settle ();
  g_assert_cmpstr (dw_deck_get_cover_id (deck), ==, "arc-0005");
  saved = dw_deck_to_string (deck);
  g_assert_nonnull (strstr (saved, "<cover card=\"arc-0005\"/>"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_null (dw_deck_get_cover_id (deck));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  int ret;

  dw_test_gtk_init (&argc, &argv);
  library = dw_test_library ();

  g_test_add_func ("/considering/considering-shown-last-with-its-caption",
                   test_considering_shown_last_with_its_caption);
  g_test_add_func ("/considering/add-to-considering-keeps-the-verdict", test_add_to_considering_keeps_the_verdict);
  g_test_add_func ("/considering/considering-button-beside-the-count", test_considering_button_beside_the_count);
  g_test_add_func ("/considering/move-to-considering-and-back", test_move_to_considering_and_back);
  g_test_add_func ("/considering/row-menu-uses-card-as-cover", test_row_menu_uses_card_as_cover);
  g_test_add_func ("/considering/row-menu-moves-to-considering-and-back",
                   test_row_menu_moves_to_considering_and_back);

  ret = g_test_run ();
  g_clear_object (&library);
  return ret;
}
