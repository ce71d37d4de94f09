/* test-window.c — building a deck in the window, as a player does, and
 * the window's layout and keys
 *
 * Runs under xvfb-run with GTK_A11Y=none, GSETTINGS_BACKEND=memory and
 * G_DEBUG=fatal-warnings, so any GTK warning fails the test.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "dw-test-gtk.h"
#include "dw-test-util.h"
#include "dw-test-window.h"
#include "dw-card-browser.h"
#include "dw-card-face.h"
#include "dw-query.h"
#include "dw-window.h"
#include "dw-window-private.h"

static DwLibrary *library;

static void
test_new_window_holds_an_empty_deck (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwDeck *deck = dw_window_get_deck (window);

  g_assert_cmpstr (dw_deck_get_game_id (deck), ==, "arcmage");
  g_assert_cmpstr (dw_deck_get_format_id (deck), ==, "arcmage-orc");
  g_assert_true (dw_window_is_pristine (window));
  g_assert_true (dw_test_window_has_problem (window, "section-size"));
  g_assert_true (g_str_has_prefix (dw_window_get_badge_text (window), "Illegal: "));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "New Deck");
  gtk_window_destroy (GTK_WINDOW (window));
}


/* Search, pick, add: the deck and its problems follow. */
static void
test_search_and_add_from_the_browser (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwCardBrowser *browser = dw_window_get_browser (window);
  DwCardList *list = dw_card_browser_get_list (browser);
  DwDeck *deck = dw_window_get_deck (window);

  dw_card_browser_set_query (browser, "\"thornwood scout\"");
  dw_test_settle ();
  g_assert_null (dw_card_browser_get_query_error (browser));
  g_assert_cmpuint (dw_card_browser_get_n_shown (browser), ==, 1);

  dw_card_list_select (list, 0);
  g_assert_cmpstr (dw_card_get_name (dw_card_browser_get_selected (browser)), ==, "Thornwood Scout");
  gtk_widget_activate_action (GTK_WIDGET (browser), "browser.add-selected", NULL);
  gtk_widget_activate_action (GTK_WIDGET (browser), "browser.add-selected", NULL);
  dw_test_settle ();

  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 2);
  g_assert_true (dw_test_window_has_problem (window, "section-size"));
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• "));
  g_assert_false (dw_window_is_pristine (window));

  /* Enter in the search adds the top card shown when none is picked. */
  dw_card_list_select (list, GTK_INVALID_LIST_POSITION);
  dw_card_browser_set_query (browser, "\"mosshollow\"");
  dw_test_settle ();
  g_signal_emit_by_name (dw_card_browser_get_entry (browser), "activate");
  dw_test_settle ();
  g_assert_cmpuint (dw_deck_count_section (deck, "regions"), ==, 1);

  /* A wrong query says so and keeps the last good list. */
  dw_card_browser_set_query (browser, "faction:");
  dw_test_settle ();
  g_assert_nonnull (dw_card_browser_get_query_error (browser));
  g_assert_cmpuint (dw_card_browser_get_n_shown (browser), ==, 1);

  gtk_window_destroy (GTK_WINDOW (window));
}


static void
test_building_a_legal_deck_turns_the_badge (void)
{
  DwWindow *window = dw_test_window_new (library);

  dw_test_build_green_wall (library, window);
  g_assert_cmpuint (g_list_model_get_n_items (dw_test_window_problems (window)), ==, 0);
  g_assert_cmpstr (dw_window_get_badge_text (window), ==, "Legal");
  g_assert_cmpuint (dw_deck_count_section (dw_window_get_deck (window), "main"), ==, 60);
  gtk_window_destroy (GTK_WINDOW (window));
}


/* Remove one, see the problem; undo, see it go; redo, see it back. */
static void
test_remove_undo_redo (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwDeck *deck = dw_window_get_deck (window);
  g_autoptr(DwDeckEntry) first = NULL;

  dw_test_build_green_wall (library, window);
  first = g_list_model_get_item (dw_deck_get_section (deck, "main"), 0);
  dw_deck_history_remove (dw_window_get_history (window), first, 1);
  dw_test_settle ();
  g_assert_true (dw_test_window_has_problem (window, "section-size"));
  g_assert_true (g_str_has_prefix (dw_window_get_badge_text (window), "Illegal: "));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  dw_test_settle ();
  g_assert_cmpstr (dw_window_get_badge_text (window), ==, "Legal");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  dw_test_settle ();
  g_assert_true (dw_test_window_has_problem (window, "section-size"));
  gtk_window_destroy (GTK_WINDOW (window));
}


/* A region in the main deck is marked in place; moving it to the region
 * section clears the mark and the problem. */
static void
test_move_between_sections_clears_the_mark (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwDeckHistory *history = dw_window_get_history (window);
  DwDeckView *view = dw_window_get_deck_view (window);
  DwDeckEntry *stray = dw_deck_history_add_card (history, "main", dw_test_card (library, "arc-r001"), 1);

  dw_test_settle ();
  g_assert_true (dw_test_window_has_problem (window, "wrong-section"));
  g_assert_true (dw_deck_view_is_marked (view, stray));

  dw_deck_history_move (history, stray, "regions", 0);
  dw_test_settle ();
  g_assert_false (dw_test_window_has_problem (window, "wrong-section"));
  g_assert_false (dw_deck_view_is_marked (view, stray));
  g_assert_cmpuint (dw_deck_count_section (dw_window_get_deck (window), "regions"), ==, 1);

  /* Undo puts it back where it was, mark and all. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  dw_test_settle ();
  g_assert_true (dw_deck_view_is_marked (view, stray));
  gtk_window_destroy (GTK_WINDOW (window));
}


/* Over the copy limit: marked; activating the problem selects the rows. */
static void
test_copy_limit_marks_and_selects (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwDeckView *view = dw_window_get_deck_view (window);
  DwDeckEntry *scouts = NULL;
  GListModel *problems;
  g_autoptr(GPtrArray) selected = NULL;

  for (guint i = 0; i < 5; i++)
    scouts = dw_deck_view_add_card (view, dw_test_card (library, "arc-0001"));
  dw_test_settle ();
  g_assert_true (dw_test_window_has_problem (window, "copy-limit"));
  g_assert_true (dw_deck_view_is_marked (view, scouts));

  problems = dw_test_window_problems (window);
  for (guint i = 0; i < g_list_model_get_n_items (problems); i++)
    {
      g_autoptr(DwProblem) problem = g_list_model_get_item (problems, i);
      if (g_strcmp0 (dw_problem_get_code (problem), "copy-limit") == 0)
        dw_deck_view_select_entries (view, dw_problem_get_entries (problem));
    }
  selected = dw_deck_view_get_selected (view);
  g_assert_cmpuint (selected->len, ==, 1);
  g_assert_true (g_ptr_array_index (selected, 0) == scouts);

  /* "-" on the selection takes a copy out; the mark goes. */
  gtk_widget_activate_action (GTK_WIDGET (view), "deck.remove-selected", NULL);
  dw_test_settle ();
  g_assert_cmpuint (dw_deck_entry_get_count (scouts), ==, 4);
  g_assert_false (dw_deck_view_is_marked (view, scouts));
  gtk_window_destroy (GTK_WINDOW (window));
}


/* Saved, the mark goes from the title; reopened, the deck is the same. */
static void
test_save_and_reopen (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwWindow *again = NULL;
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "green.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *reopened = NULL;

  dw_test_build_green_wall (library, window);
  dw_deck_history_set_details (dw_window_get_history (window), "My Wall", "Tester", NULL);
  g_assert_true (dw_window_save_to (window, file, &error));
  g_assert_no_error (error);
  dw_test_settle ();
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "My Wall");
  saved = dw_deck_to_string (dw_window_get_deck (window));

  again = dw_test_window_new (library);
  g_assert_true (dw_window_open_file (again, file, &error));
  g_assert_no_error (error);
  dw_test_settle ();
  reopened = dw_deck_to_string (dw_window_get_deck (again));
  g_assert_cmpstr (reopened, ==, saved);
  g_assert_cmpstr (dw_window_get_badge_text (again), ==, "Legal");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (again)), ==, "My Wall");

  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (again));
  dw_test_remove_tree (dir);
}


/* An illegal deck with an unknown card opens, shows it, and saves it. */
static void
test_illegal_deck_opens_and_keeps_unknown_cards (void)
{
  DwWindow *window = dw_test_window_new (library);
  g_autofree char *path = dw_test_data_path ("decks", "arcmage-illegal-unknown-card.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_true (dw_window_open_file (window, file, &error));
  dw_test_settle ();
  g_assert_true (dw_test_window_has_problem (window, "unknown-card"));
  text = dw_deck_to_string (dw_window_get_deck (window));
  g_assert_nonnull (strstr (text, "arc-9999"));
  gtk_window_destroy (GTK_WINDOW (window));
}


/* GNOME's window buttons (close only), and the window fits a 360 px
 * phone: the two columns fold into pages and the header squeezes, with
 * a new deck's problem count and with a legal deck's "Legal" (which once
 * made the header 373 px wide). */
static void
test_fits_360_pixels (void)
{
  DwWindow *window = dw_window_new_for_library (NULL, library);
  g_autofree char *path = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  int minimum, natural;

  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", ":close", NULL);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_test_message ("window: minimum %d, natural %d", minimum, natural);
  g_assert_cmpint (minimum, <=, 360);

  g_assert_true (dw_window_open_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (dw_window_get_badge_text (window), ==, "Legal");
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_test_message ("window with a legal deck: minimum %d, natural %d", minimum, natural);
  g_assert_cmpint (minimum, <=, 360);
  gtk_window_destroy (GTK_WINDOW (window));
}


/* ------------------------------------------------------------ a deck view that stays put */


/* The cards stay where they are as the deck turns illegal and legal
 * again: the problems sit in a bar of one line, which says how many
 * there are and opens their list over the cards. */
static void
test_cards_do_not_jump_with_the_verdict (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwDeckView *view = dw_window_get_deck_view (window);
  GtkWidget *main_box = GTK_WIDGET (dw_deck_view_get_section_box (view, "main"));
  g_autoptr(DwDeckEntry) first = NULL;
  double legal, illegal, legal_again;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  dw_test_build_green_wall (library, window);
  dw_test_relayout ();
  g_assert_cmpstr (dw_window_get_badge_text (window), ==, "Legal");
  g_assert_true (dw_test_has_label (GTK_WIDGET (view), "No problems"));
  legal = dw_test_top_of (main_box, GTK_WIDGET (view));

  first = g_list_model_get_item (dw_deck_get_section (dw_window_get_deck (window), "main"), 0);
  dw_deck_history_remove (dw_window_get_history (window), first, 1);
  dw_test_relayout ();
  g_assert_true (dw_test_window_has_problem (window, "section-size"));
  g_assert_true (dw_test_has_label (GTK_WIDGET (view), "1 problem"));
  illegal = dw_test_top_of (main_box, GTK_WIDGET (view));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  dw_test_relayout ();
  legal_again = dw_test_top_of (main_box, GTK_WIDGET (view));

  g_test_message ("main deck at y %.0f legal, %.0f illegal, %.0f legal again", legal, illegal, legal_again);
  g_assert_cmpfloat (illegal, ==, legal);
  g_assert_cmpfloat (legal_again, ==, legal);
  gtk_window_destroy (GTK_WINDOW (window));
}


/* The deck's name, author, notes, tags and format fold into one row
 * above the cards, which names the deck as it is (its markup characters shown as
 * they are); the type headings are headings, with the column they head. */
static void
test_details_fold_and_headings_name_their_column (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwDeckView *view = dw_window_get_deck_view (window);
  g_autoptr(GPtrArray) expanders = g_ptr_array_new ();
  g_autoptr(GPtrArray) entry_rows = g_ptr_array_new ();
  GtkListBoxRow *row;
  GtkWidget *header;
  AdwExpanderRow *details;

  dw_test_build_green_wall (library, window);
  dw_deck_history_set_details (dw_window_get_history (window), "Salt & <Pepper>", "Ann & Bo", NULL);
  dw_test_relayout ();

  /* The details, then the versions (a new deck has none: folded shut). */
  dw_test_collect_widgets (GTK_WIDGET (view), ADW_TYPE_EXPANDER_ROW, expanders);
  g_assert_cmpuint (expanders->len, ==, 2);
  details = g_ptr_array_index (expanders, 0);
  g_assert_false (adw_expander_row_get_enable_expansion (g_ptr_array_index (expanders, 1)));
  g_assert_false (adw_expander_row_get_expanded (details));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (details)), ==,
                   "Salt &amp; &lt;Pepper&gt;");
  /* Shown as written: an unescaped & would fail to parse as markup, a
   * warning, which is fatal here. */
  g_assert_true (dw_test_has_label (GTK_WIDGET (details), "Original Rules Concept · by Ann & Bo"));
  dw_test_collect_widgets (GTK_WIDGET (details), ADW_TYPE_ENTRY_ROW, entry_rows);
  g_assert_cmpuint (entry_rows->len, ==, 4);
  for (guint i = 0; i < entry_rows->len; i++)
    g_assert_false (gtk_widget_get_mapped (g_ptr_array_index (entry_rows, i)));

  adw_expander_row_set_expanded (details, TRUE);
  dw_test_relayout ();
  for (guint i = 0; i < entry_rows->len; i++)
    g_assert_true (gtk_widget_get_mapped (g_ptr_array_index (entry_rows, i)));
  g_assert_cmpstr (gtk_editable_get_text (g_ptr_array_index (entry_rows, 0)), ==, "Salt & <Pepper>");

  /* Creatures come first in the main deck; their heading names the cost. */
  row = gtk_list_box_get_row_at_index (dw_deck_view_get_section_box (view, "main"), 0);
  header = gtk_list_box_row_get_header (row);
  g_assert_nonnull (header);
  g_assert_true (dw_test_has_label (header, "Cost"));
  g_assert_false (gtk_widget_has_css_class (header, "dim-label"));
  for (GtkWidget *child = gtk_widget_get_first_child (header); child; child = gtk_widget_get_next_sibling (child))
    g_assert_false (gtk_widget_has_css_class (child, "dim-label"));
  gtk_window_destroy (GTK_WINDOW (window));
}


/* Activating a problem selects every card it concerns; Delete then
 * takes a copy of each, and one Undo brings them all back. */
static void
test_problem_selection_undoes_in_one_step (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwDeckView *view = dw_window_get_deck_view (window);
  DwDeck *deck = dw_window_get_deck (window);
  g_autoptr(DwDeckEntry) first = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GPtrArray) selected = NULL;
  GtkWidget *problem_row = NULL;

  dw_test_build_green_wall (library, window);
  first = g_list_model_get_item (dw_deck_get_section (deck, "main"), 0);
  dw_deck_history_remove (dw_window_get_history (window), first, 1);
  dw_test_relayout ();

  dw_test_collect_widgets (GTK_WIDGET (view), ADW_TYPE_ACTION_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_str_has_prefix (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), "59 cards in the main deck"))
      problem_row = g_ptr_array_index (rows, i);
  g_assert_nonnull (problem_row);
  g_assert_true (gtk_widget_activate (problem_row));
  dw_test_settle ();
  selected = dw_deck_view_get_selected (view);
  g_assert_cmpuint (selected->len, >, 1);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "deck.remove-selected", NULL));
  dw_test_settle ();
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), <=, 59 - selected->len);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  dw_test_settle ();
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 59);
  gtk_window_destroy (GTK_WINDOW (window));
}


static gboolean
focus_within (DwWindow  *window,
              GtkWidget *widget)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}


/* Ctrl+F always lands in the search, however often pressed; Down from
 * there selects the first card shown and focuses it, so + adds it. */
static void
test_search_keys_reach_the_results (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwCardBrowser *browser = dw_window_get_browser (window);
  GtkWidget *entry = GTK_WIDGET (dw_card_browser_get_entry (browser));
  DwCardList *list = dw_card_browser_get_list (browser);
  g_autoptr(DwCard) first = NULL;

  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.search", NULL));
      dw_test_settle ();
      g_assert_true (focus_within (window, entry));
    }

  dw_card_browser_set_query (browser, "faction:gaian");
  dw_test_settle ();
  dw_card_list_select (list, GTK_INVALID_LIST_POSITION);
  g_assert_null (dw_card_list_get_selected (list));
  g_assert_true (dw_test_has_shortcut (entry, GDK_KEY_Down, "browser.focus-results"));
  g_assert_true (gtk_widget_activate_action (entry, "browser.focus-results", NULL));
  dw_test_settle ();
  first = g_list_model_get_item (dw_card_list_get_model (list), 0);
  g_assert_true (dw_card_list_get_selected (list) == first);
  g_assert_true (focus_within (window, GTK_WIDGET (dw_card_list_get_view (list))));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (browser), "browser.add-selected", NULL));
  dw_test_settle ();
  g_assert_nonnull (dw_deck_find_card (dw_window_get_deck (window), "main", first) ?:
                    dw_deck_find_card (dw_window_get_deck (window), "regions", first));
  gtk_window_destroy (GTK_WINDOW (window));
}


/* Alt+Up and Alt+Down move the picked region one place in the chapter,
 * keep it picked, and undo; the ends stay ends. */
static void
test_regions_reorder_by_keyboard (void)
{
  DwWindow *window = dw_test_window_new (library);
  DwDeckView *view = dw_window_get_deck_view (window);
  DwDeck *deck = dw_window_get_deck (window);
  GListModel *regions;
  g_autoptr(DwDeckEntry) top = NULL;
  g_autoptr(DwDeckEntry) second = NULL;
  g_autoptr(GPtrArray) pick = g_ptr_array_new ();
  g_autoptr(GPtrArray) selected = NULL;

  dw_test_build_green_wall (library, window);
  regions = dw_deck_get_section (deck, "regions");
  g_assert_cmpuint (g_list_model_get_n_items (regions), ==, 3);
  top = g_list_model_get_item (regions, 0);
  second = g_list_model_get_item (regions, 1);
  g_assert_true (dw_test_has_shortcut (GTK_WIDGET (view), GDK_KEY_Up, "deck.move-up"));
  g_assert_true (dw_test_has_shortcut (GTK_WIDGET (view), GDK_KEY_Down, "deck.move-down"));

  g_ptr_array_add (pick, top);
  dw_deck_view_select_entries (view, pick);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "deck.move-up", NULL));
  dw_test_settle ();
  {
    g_autoptr(DwDeckEntry) now = g_list_model_get_item (regions, 0);
    g_assert_true (now == top);  /* the first cannot go higher */
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "deck.move-down", NULL));
  dw_test_settle ();
  {
    g_autoptr(DwDeckEntry) first_now = g_list_model_get_item (regions, 0);
    g_autoptr(DwDeckEntry) second_now = g_list_model_get_item (regions, 1);
    g_assert_true (first_now == second);
    g_assert_true (second_now == top);
  }
  selected = dw_deck_view_get_selected (view);
  g_assert_cmpuint (selected->len, ==, 1);
  g_assert_true (g_ptr_array_index (selected, 0) == top);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  dw_test_settle ();
  {
    g_autoptr(DwDeckEntry) now = g_list_model_get_item (regions, 0);
    g_assert_true (now == top);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}


/* Every shortcut in the shortcuts window shows its keys, the builder's
 * new ones among them. */
static void
test_shortcuts_window_lists_keys (void)
{
  DwWindow *window = dw_test_window_new (library);
  GListModel *toplevels = gtk_window_get_toplevels ();
  g_autoptr(GPtrArray) shortcuts = g_ptr_array_new ();
  GtkWidget *overlay = NULL;
  gboolean regions = FALSE, down = FALSE, quit = FALSE;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  dw_test_settle ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (GTK_IS_SHORTCUTS_WINDOW (toplevel))
        overlay = GTK_WIDGET (toplevel);
    }
  g_assert_nonnull (overlay);
  dw_test_collect_widgets (overlay, GTK_TYPE_SHORTCUTS_SHORTCUT, shortcuts);
  g_assert_cmpuint (shortcuts->len, >, 10);
  for (guint i = 0; i < shortcuts->len; i++)
    {
      g_autofree char *title = NULL;
      g_autofree char *accelerator = NULL;

      g_object_get (g_ptr_array_index (shortcuts, i), "title", &title, "accelerator", &accelerator, NULL);
      if (accelerator == NULL || *accelerator == '\0')
        g_error ("“%s” shows no keys", title);
      regions |= g_str_equal (accelerator, "<Alt>Up <Alt>Down");
      down |= g_str_equal (accelerator, "Down");
      quit |= g_str_equal (title, "Quit") && g_str_equal (accelerator, "<Control>q");
    }
  g_assert_true (regions && down && quit);
  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_settle ();
}


/* No tooltip covers the popover its button opened: every menu button of
 * the window with a tooltip gives it up while its popover shows, and has
 * it back when the popover closes. */
static void
test_menu_tooltips_make_way (void)
{
  DwWindow *window = dw_test_window_new (library);
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  guint n_tried = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  dw_test_relayout ();
  dw_test_collect_widgets (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkMenuButton *button = g_ptr_array_index (buttons, i);
      g_autofree char *tooltip = g_strdup (gtk_widget_get_tooltip_text (GTK_WIDGET (button)));
      GtkPopover *popover;

      if (tooltip == NULL || !gtk_widget_is_sensitive (GTK_WIDGET (button)) ||
          !gtk_widget_get_mapped (GTK_WIDGET (button)))
        continue;
      gtk_menu_button_popup (button);
      popover = gtk_menu_button_get_popover (button);
      g_assert_nonnull (popover);
      DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (popover)));
      g_test_message ("%s: %s while open", tooltip, gtk_widget_get_tooltip_text (GTK_WIDGET (button)));
      g_assert_null (gtk_widget_get_tooltip_text (GTK_WIDGET (button)));
      gtk_menu_button_popdown (button);
      DW_TEST_WAIT_UNTIL (!gtk_widget_get_visible (GTK_WIDGET (popover)));
      g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (button)), ==, tooltip);
      n_tried++;
    }
  /* The main menu, the browser's filters, the problems, group and sort. */
  g_assert_cmpuint (n_tried, >=, 3);
  gtk_window_destroy (GTK_WINDOW (window));
}


static gboolean
bounds_overlap (GtkWidget *a,
                GtkWidget *b,
                GtkWidget *root)
{
  graphene_rect_t ra, rb, meet;

  g_assert_true (gtk_widget_compute_bounds (a, root, &ra));
  g_assert_true (gtk_widget_compute_bounds (b, root, &rb));
  return graphene_rect_intersection (&ra, &rb, &meet) && meet.size.width > 0.5f && meet.size.height > 0.5f;
}


/* At 360 px the header's title keeps clear of Undo and Redo and of
 * every other button there: a long deck name shortens, whole in the
 * title's tooltip; nothing in the header is cut (issue 21). */
static void
test_title_clear_of_buttons_at_360 (void)
{
  DwWindow *window = dw_window_new_for_library (NULL, library);
  g_autofree char *path = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = dw_deck_load (path, &error);
  g_autoptr(GPtrArray) headers = g_ptr_array_new ();
  g_autoptr(GPtrArray) titles = g_ptr_array_new ();
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  const char *long_name = "The Very Long Name of a Deck Built for the Regional Championship";
  GtkWidget *header, *title;
  guint n_checked = 0;

  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", ":close", NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 800);
  g_assert_no_error (error);
  dw_library_resolve_deck (library, deck);
  dw_deck_set_name (deck, long_name);
  dw_window_set_deck (window, deck, NULL);
  gtk_window_present (GTK_WINDOW (window));
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));
  dw_test_relayout ();
  dw_test_save_screenshot (GTK_WIDGET (window), "builder-360");

  dw_test_collect_widgets (GTK_WIDGET (window), ADW_TYPE_HEADER_BAR, headers);
  header = g_ptr_array_index (headers, 0);
  dw_test_collect_widgets (header, ADW_TYPE_WINDOW_TITLE, titles);
  title = g_ptr_array_index (titles, 0);
  g_assert_nonnull (gtk_widget_get_tooltip_text (title));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (title), long_name));
  dw_test_collect_widgets (header, GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (buttons, i);

      if (!gtk_widget_get_mapped (button))
        continue;
      g_test_message ("%s “%s”", G_OBJECT_TYPE_NAME (button), gtk_widget_get_tooltip_text (button));
      g_assert_false (bounds_overlap (title, button, GTK_WIDGET (window)));
      n_checked++;
    }
  /* Open, Undo, Redo, the badge, the menu, close. */
  g_assert_cmpuint (n_checked, >=, 5);
  dw_test_assert_labels_whole (header);
  /* The window's width is kept in GSettings: the next test's window
   * opens at the usual size. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_destroy (GTK_WINDOW (window));
}


/* The deck's name and game, format and folder head the Builder page, not
 * the header: a long name wraps there and never moves the view switcher,
 * at 1280 px or at 360, and nothing is cut or pushed wider (issue 22). */
static GtkWidget *
switcher_of (DwWindow *window)
{
  g_autoptr(GPtrArray) switchers = g_ptr_array_new ();

  dw_test_collect_widgets (GTK_WIDGET (window->window_title), ADW_TYPE_VIEW_SWITCHER, switchers);
  g_assert_cmpuint (switchers->len, >, 0);
  return g_ptr_array_index (switchers, 0);
}

/* The AdwWindowTitle the header shows when narrow. */
static GtkWidget *
header_title (DwWindow *window)
{
  g_autoptr(GPtrArray) titles = g_ptr_array_new ();

  dw_test_collect_widgets (GTK_WIDGET (window->window_title), ADW_TYPE_WINDOW_TITLE, titles);
  g_assert_cmpuint (titles->len, >, 0);
  return g_ptr_array_index (titles, 0);
}

static DwWindow *
heading_window (const char *folder,
                const char *name,
                int         width)
{
  DwWindow *window = dw_window_new_for_library (NULL, library);
  g_autofree char *source = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (source, &contents, NULL, &error));
  path = dw_test_write_file (folder, "green.xml", contents);
  file = g_file_new_for_path (path);
  gtk_window_set_default_size (GTK_WINDOW (window), width, 800);
  g_assert_true (dw_window_open_file (window, file, &error));
  g_assert_no_error (error);
  /* A change of name, unsaved: marked so in the heading too. */
  if (name != NULL)
    dw_deck_history_set_details (window->history, name, NULL, NULL);
  gtk_window_present (GTK_WINDOW (window));
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));
  dw_test_relayout ();
  return window;
}

static void
test_deck_heading_on_the_builder (void)
{
  g_autofree char *tmp = dw_test_make_tmpdir ();
  g_autofree char *friends = g_build_filename (tmp, "Friends", NULL);
  const char *long_name = "The Very Long Name of a Deck Built for the Regional Championship of the Northern Marches";
  graphene_rect_t short_bounds, long_bounds;
  DwWindow *window;

  g_assert_cmpint (g_mkdir (friends, 0700), ==, 0);
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", ":close", NULL);

  /* Wide: the header shows the switcher; the page, the deck. */
  window = heading_window (friends, NULL, 1280);
  g_assert_true (gtk_widget_get_mapped (window->deck_heading));
  g_assert_cmpstr (gtk_label_get_text (window->deck_heading_title), ==, "Green Wall");
  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_settle ();

  /* A short name and a long one, both unsaved: the switcher stays put. */
  window = heading_window (friends, "Green Wall II", 1280);
  g_assert_cmpstr (gtk_label_get_text (window->deck_heading_title), ==, "• Green Wall II");
  g_assert_cmpstr (gtk_label_get_text (window->deck_heading_subtitle), ==, "Arcmage · Original Rules Concept · in Friends");
  g_assert_true (gtk_widget_get_mapped (switcher_of (window)));
  g_assert_true (gtk_widget_compute_bounds (switcher_of (window), GTK_WIDGET (window), &short_bounds));
  dw_test_save_screenshot (GTK_WIDGET (window), "builder-heading-1280");
  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_settle ();

  window = heading_window (friends, long_name, 1280);
  g_assert_true (gtk_widget_compute_bounds (switcher_of (window), GTK_WIDGET (window), &long_bounds));
  /* The same place and size, but for the centring's rounding (the
   * header still holds the name, for when it is narrow). */
  g_test_message ("switcher at %g, %g px wide; with the long name at %g, %g px wide",
                  short_bounds.origin.x, short_bounds.size.width, long_bounds.origin.x, long_bounds.size.width);
  g_assert_cmpfloat (fabsf (short_bounds.origin.x - long_bounds.origin.x), <=, 1.0f);
  g_assert_cmpfloat (short_bounds.origin.y, ==, long_bounds.origin.y);
  g_assert_cmpfloat (short_bounds.size.width, ==, long_bounds.size.width);
  g_assert_cmpfloat (short_bounds.size.height, ==, long_bounds.size.height);
  g_assert_true (g_str_has_prefix (gtk_label_get_text (window->deck_heading_title), "• "));
  g_assert_cmpstr (gtk_label_get_text (window->deck_heading_title) + strlen ("• "), ==, long_name);
  dw_test_assert_labels_whole (window->deck_heading);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 1280);
  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_settle ();

  /* Narrow: the long name wraps on the page; the window stays 360 px,
   * the heading within it, nothing cut. */
  window = heading_window (friends, long_name, 360);
  dw_test_save_screenshot (GTK_WIDGET (window), "builder-heading-360");
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);
  g_assert_true (gtk_widget_get_mapped (window->deck_heading));
  g_assert_cmpint (gtk_widget_get_width (window->deck_heading), <=, 360);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window->deck_heading_title)), >,
                   gtk_widget_get_height (GTK_WIDGET (window->deck_heading_subtitle)));
  dw_test_assert_labels_whole (window->deck_heading);
  dw_test_assert_labels_whole (GTK_WIDGET (window->window_title));
  /* Said once: the heading has the name, the header's title is empty
   * (its tooltip and accessible name whole), the window's title whole. */
  {
    GtkWidget *title = header_title (window);

    g_assert_true (adw_view_switcher_title_get_title_visible (window->window_title));
    g_assert_cmpstr (gtk_label_get_text (window->deck_heading_title) + strlen ("• "), ==, long_name);
    g_assert_cmpstr (adw_window_title_get_title (ADW_WINDOW_TITLE (title)), ==, "");
    g_assert_cmpstr (adw_window_title_get_subtitle (ADW_WINDOW_TITLE (title)), ==, "");
    g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (title), long_name));
    g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), long_name));
    /* On the Decks page, which has no heading, the header names the deck. */
    adw_view_stack_set_visible_child_name (window->view_stack, "decks");
    DW_TEST_WAIT_UNTIL (g_strcmp0 (adw_window_title_get_title (ADW_WINDOW_TITLE (title)),
                                   gtk_window_get_title (GTK_WINDOW (window))) == 0);
    adw_view_stack_set_visible_child_name (window->view_stack, "builder");
    DW_TEST_WAIT_UNTIL (g_strcmp0 (adw_window_title_get_title (ADW_WINDOW_TITLE (title)), "") == 0);
  }
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_settle ();
  dw_test_remove_tree (tmp);
}

/* At 360 px the search's example was cut ("Search, e.g. faction:gaian
 * cost…"): for a deck of each shipped game the example reads whole in
 * the builder at a phone's width (issue 21). */
static void
test_search_example_whole_at_360 (void)
{
  static const char * const decks[] = { "orc-green-wall.xml", "cor-bone-choir.xml" };

  /* GNOME's window buttons (close only), as on a phone. */
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", ":close", NULL);
  for (guint d = 0; d < G_N_ELEMENTS (decks); d++)
    {
      DwWindow *window = dw_window_new_for_library (NULL, library);
      g_autofree char *path = dw_test_data_path ("decks", decks[d], NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      GtkWidget *entry;

      gtk_window_set_default_size (GTK_WINDOW (window), 360, 800);
      g_assert_true (dw_window_open_file (window, file, &error));
      g_assert_no_error (error);
      gtk_window_present (GTK_WINDOW (window));
      DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));
      dw_test_relayout ();
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);
      entry = GTK_WIDGET (dw_card_browser_get_entry (dw_window_get_browser (window)));
      g_test_message ("%s: “%s” in %d px, the window %d px", decks[d], gtk_entry_get_placeholder_text (GTK_ENTRY (entry)),
                      gtk_widget_get_width (entry), gtk_widget_get_width (GTK_WIDGET (window)));
      g_assert_true (gtk_widget_get_mapped (entry));
      dw_test_assert_labels_whole (entry);
      /* The example is the entry's placeholder, a label inside it:
       * drawn as wide as its whole text. */
      {
        g_autoptr(GPtrArray) labels = g_ptr_array_new ();
        guint n_seen = 0;

        dw_test_collect_widgets (entry, GTK_TYPE_LABEL, labels);
        for (guint i = 0; i < labels->len; i++)
          {
            GtkWidget *label = g_ptr_array_index (labels, i);
            int natural;

            if (!gtk_widget_get_mapped (label) ||
                g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), gtk_entry_get_placeholder_text (GTK_ENTRY (entry))) != 0)
              continue;
            gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
            g_test_message ("the example needs %d px, has %d", natural, gtk_widget_get_width (label));
            g_assert_cmpint (natural, <=, gtk_widget_get_width (label));
            n_seen++;
          }
        g_assert_cmpuint (n_seen, ==, 1);
      }
      /* The window's width is kept in GSettings: the next test's window
       * opens at the usual size. */
      gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
      gtk_window_destroy (GTK_WINDOW (window));
      dw_test_settle ();
    }
}


/* The header's badge opens the list of problems: its tooltip ("Illegal:
 * 3 problems …; show the problems") is taken away while the list shows,
 * as a menu button's is, and is back, brought up to date, when it
 * closes (issue 21: tooltips opened over the popovers their buttons
 * open). */
static void
test_badge_tooltip_makes_way (void)
{
  DwWindow *window = dw_window_new_for_library (NULL, library);
  g_autofree char *path = dw_test_data_path ("decks", "arcmage-illegal-copy-limit.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  GtkWidget *badge = NULL;
  GtkPopover *popover;
  g_autofree char *tooltip = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  g_assert_true (dw_window_open_file (window, file, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));
  dw_test_relayout ();
  dw_test_collect_widgets (GTK_WIDGET (window), GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (gtk_widget_has_css_class (g_ptr_array_index (buttons, i), "badge"))
      badge = g_ptr_array_index (buttons, i);
  g_assert_nonnull (badge);
  tooltip = g_strdup (gtk_widget_get_tooltip_text (badge));
  g_assert_nonnull (strstr (tooltip, "show the problems"));

  gtk_widget_activate (badge);
  popover = gtk_menu_button_get_popover (dw_deck_view_get_problems_button (dw_window_get_deck_view (window)));
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (popover)));
  g_assert_null (gtk_widget_get_tooltip_text (badge));
  gtk_popover_popdown (popover);
  DW_TEST_WAIT_UNTIL (!gtk_widget_get_visible (GTK_WIDGET (popover)));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (badge), ==, tooltip);
  gtk_window_destroy (GTK_WINDOW (window));
}


/* The stack of the deck's page (Deck, Statistics). */
static GtkStack *
deck_stack_of (DwWindow *window)
{
  g_autoptr(GPtrArray) stacks = g_ptr_array_new ();

  dw_test_collect_widgets (GTK_WIDGET (window), GTK_TYPE_STACK, stacks);
  for (guint i = 0; i < stacks->len; i++)
    if (gtk_stack_get_child_by_name (g_ptr_array_index (stacks, i), "statistics") != NULL)
      return g_ptr_array_index (stacks, i);
  g_assert_not_reached ();
}


/* Nothing the builder or its statistics show at 1280×800 is cut, with a
 * deck of each shipped game in each of the deck's views: every label
 * reads whole, or, where ellipsizing is the design, its whole text is in
 * its tooltip and its accessible name (issue 21).  With
 * DW_TEST_SCREENSHOTS set it leaves a picture of each screen there. */
static void
test_builder_reads_whole_at_1280 (void)
{
  static const char * const decks[] = { "orc-green-wall.xml", "cor-bone-choir.xml" };
  static const char * const modes[] = { "list", "text", "grid" };

  for (guint d = 0; d < G_N_ELEMENTS (decks); d++)
    {
      DwWindow *window = dw_window_new_for_library (NULL, library);
      g_autofree char *path = dw_test_data_path ("decks", decks[d], NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      GtkStack *stack = deck_stack_of (window);
      g_autofree char *stats_name = g_strdup_printf ("statistics-1280-%u", d);
      DwDeckView *view;

      gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
      g_assert_true (dw_window_open_file (window, file, &error));
      g_assert_no_error (error);
      view = dw_window_get_deck_view (window);
      gtk_window_present (GTK_WINDOW (window));
      DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));
      for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
        {
          g_autofree char *name = g_strdup_printf ("builder-1280-%u-%s", d, modes[m]);

          g_object_set (view, "view-mode", modes[m], NULL);
          dw_test_relayout ();
          dw_test_save_screenshot (GTK_WIDGET (window), name);
          g_test_message ("%s, %s", decks[d], modes[m]);
          dw_test_assert_labels_whole (GTK_WIDGET (window));
        }
      g_object_set (view, "view-mode", "list", NULL);
      gtk_stack_set_visible_child_name (stack, "statistics");
      dw_test_relayout ();
      dw_test_save_screenshot (GTK_WIDGET (window), stats_name);
      g_test_message ("%s, statistics", decks[d]);
      dw_test_assert_labels_whole (GTK_WIDGET (window));
      gtk_window_destroy (GTK_WINDOW (window));
      dw_test_settle ();
    }
}

int
main (int    argc,
      char **argv)
{
  int ret;

  dw_test_gtk_init (&argc, &argv);
  library = dw_test_library ();

  g_test_add_func ("/window/new-window-holds-an-empty-deck", test_new_window_holds_an_empty_deck);
  g_test_add_func ("/window/search-and-add-from-the-browser", test_search_and_add_from_the_browser);
  g_test_add_func ("/window/building-a-legal-deck-turns-the-badge", test_building_a_legal_deck_turns_the_badge);
  g_test_add_func ("/window/remove-undo-redo", test_remove_undo_redo);
  g_test_add_func ("/window/move-between-sections-clears-the-mark", test_move_between_sections_clears_the_mark);
  g_test_add_func ("/window/copy-limit-marks-and-selects", test_copy_limit_marks_and_selects);
  g_test_add_func ("/window/save-and-reopen", test_save_and_reopen);
  g_test_add_func ("/window/illegal-deck-opens-and-keeps-unknown-cards",
                   test_illegal_deck_opens_and_keeps_unknown_cards);
  g_test_add_func ("/window/fits-360-pixels", test_fits_360_pixels);
  g_test_add_func ("/window/builder-reads-whole-at-1280", test_builder_reads_whole_at_1280);
  g_test_add_func ("/window/title-clear-of-buttons-at-360", test_title_clear_of_buttons_at_360);
  g_test_add_func ("/window/deck-heading-on-the-builder", test_deck_heading_on_the_builder);
  g_test_add_func ("/window/search-example-whole-at-360", test_search_example_whole_at_360);
  g_test_add_func ("/window/cards-do-not-jump-with-the-verdict", test_cards_do_not_jump_with_the_verdict);
  g_test_add_func ("/window/details-fold-and-headings-name-their-column",
                   test_details_fold_and_headings_name_their_column);
  g_test_add_func ("/window/menu-tooltips-make-way", test_menu_tooltips_make_way);
  g_test_add_func ("/window/badge-tooltip-makes-way", test_badge_tooltip_makes_way);
  g_test_add_func ("/window/problem-selection-undoes-in-one-step", test_problem_selection_undoes_in_one_step);
  g_test_add_func ("/window/search-keys-reach-the-results", test_search_keys_reach_the_results);
  g_test_add_func ("/window/regions-reorder-by-keyboard", test_regions_reorder_by_keyboard);
  g_test_add_func ("/window/shortcuts-window-lists-keys", test_shortcuts_window_lists_keys);

  ret = g_test_run ();
  g_clear_object (&library);
  return ret;
}
