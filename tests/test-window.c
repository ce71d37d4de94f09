/* test-window.c — building a deck in the window, as a player does
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
#include "dw-card-browser.h"
#include "dw-card-face.h"
#include "dw-query.h"
#include "dw-window.h"

static DwLibrary *library;

static DwWindow *
window_new (void)
{
  DwWindow *window = dw_window_new_for_library (NULL, library);

  gtk_window_present (GTK_WINDOW (window));
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));
  dw_test_settle ();
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window)));
  return window;
}

static DwCard *
card (const char *id)
{
  DwCard *found = dw_library_lookup_card (library, "arcmage", id, 0, NULL);

  g_assert_nonnull (found);
  return found;
}

static GListModel *
problems_of (DwWindow *window)
{
  return dw_deck_view_get_problems (dw_window_get_deck_view (window));
}

static gboolean
has_problem (DwWindow   *window,
             const char *code)
{
  GListModel *problems = problems_of (window);

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
static void
build_green_wall (DwWindow *window)
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

static void
test_new_window_holds_an_empty_deck (void)
{
  DwWindow *window = window_new ();
  DwDeck *deck = dw_window_get_deck (window);

  g_assert_cmpstr (dw_deck_get_game_id (deck), ==, "arcmage");
  g_assert_cmpstr (dw_deck_get_format_id (deck), ==, "arcmage-orc");
  g_assert_true (dw_window_is_pristine (window));
  g_assert_true (has_problem (window, "section-size"));
  g_assert_true (g_str_has_prefix (dw_window_get_badge_text (window), "Illegal: "));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "New Deck");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Search, pick, add: the deck and its problems follow. */
static void
test_search_and_add_from_the_browser (void)
{
  DwWindow *window = window_new ();
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
  g_assert_true (has_problem (window, "section-size"));
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
  DwWindow *window = window_new ();

  build_green_wall (window);
  g_assert_cmpuint (g_list_model_get_n_items (problems_of (window)), ==, 0);
  g_assert_cmpstr (dw_window_get_badge_text (window), ==, "Legal");
  g_assert_cmpuint (dw_deck_count_section (dw_window_get_deck (window), "main"), ==, 60);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Remove one, see the problem; undo, see it go; redo, see it back. */
static void
test_remove_undo_redo (void)
{
  DwWindow *window = window_new ();
  DwDeck *deck = dw_window_get_deck (window);
  g_autoptr(DwDeckEntry) first = NULL;

  build_green_wall (window);
  first = g_list_model_get_item (dw_deck_get_section (deck, "main"), 0);
  dw_deck_history_remove (dw_window_get_history (window), first, 1);
  dw_test_settle ();
  g_assert_true (has_problem (window, "section-size"));
  g_assert_true (g_str_has_prefix (dw_window_get_badge_text (window), "Illegal: "));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  dw_test_settle ();
  g_assert_cmpstr (dw_window_get_badge_text (window), ==, "Legal");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  dw_test_settle ();
  g_assert_true (has_problem (window, "section-size"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A region in the main deck is marked in place; moving it to the region
 * section clears the mark and the problem. */
static void
test_move_between_sections_clears_the_mark (void)
{
  DwWindow *window = window_new ();
  DwDeckHistory *history = dw_window_get_history (window);
  DwDeckView *view = dw_window_get_deck_view (window);
  DwDeckEntry *stray = dw_deck_history_add_card (history, "main", card ("arc-r001"), 1);

  dw_test_settle ();
  g_assert_true (has_problem (window, "wrong-section"));
  g_assert_true (dw_deck_view_is_marked (view, stray));

  dw_deck_history_move (history, stray, "regions", 0);
  dw_test_settle ();
  g_assert_false (has_problem (window, "wrong-section"));
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
  DwWindow *window = window_new ();
  DwDeckView *view = dw_window_get_deck_view (window);
  DwDeckEntry *scouts = NULL;
  GListModel *problems;
  g_autoptr(GPtrArray) selected = NULL;

  for (guint i = 0; i < 5; i++)
    scouts = dw_deck_view_add_card (view, card ("arc-0001"));
  dw_test_settle ();
  g_assert_true (has_problem (window, "copy-limit"));
  g_assert_true (dw_deck_view_is_marked (view, scouts));

  problems = problems_of (window);
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
  DwWindow *window = window_new ();
  DwWindow *again = NULL;
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "green.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *reopened = NULL;

  build_green_wall (window);
  dw_deck_history_set_details (dw_window_get_history (window), "My Wall", "Tester", NULL);
  g_assert_true (dw_window_save_to (window, file, &error));
  g_assert_no_error (error);
  dw_test_settle ();
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "My Wall");
  saved = dw_deck_to_string (dw_window_get_deck (window));

  again = window_new ();
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
  DwWindow *window = window_new ();
  g_autofree char *path = dw_test_data_path ("decks", "arcmage-illegal-unknown-card.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_true (dw_window_open_file (window, file, &error));
  dw_test_settle ();
  g_assert_true (has_problem (window, "unknown-card"));
  text = dw_deck_to_string (dw_window_get_deck (window));
  g_assert_nonnull (strstr (text, "arc-9999"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
on_clipboard_text_cb (GObject      *source,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  char **text = user_data;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  if (*text == NULL)
    *text = g_strdup ("");
}

/* Copy Decklist puts the deck text on the clipboard. */
static void
test_copy_decklist (void)
{
  DwWindow *window = window_new ();
  g_autofree char *text = NULL;

  build_green_wall (window);
  dw_deck_history_set_details (dw_window_get_history (window), "Green Wall", "Tester", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-decklist", NULL);
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (window)), NULL,
                                 on_clipboard_text_cb, &text);
  DW_TEST_WAIT_UNTIL (text != NULL);

  g_assert_true (g_str_has_prefix (text, "# Green Wall by Tester\n\n"));
  g_assert_nonnull (strstr (text, "x Thornwood Scout\n"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Copy Deck Code puts the deck's code on the clipboard; Paste Decklist
 * in another window reads it back as the same deck. */
static void
test_copy_deck_code_pastes_back (void)
{
  DwWindow *window = window_new ();
  DwWindow *other = window_new ();
  DwDeck *before = dw_window_get_deck (other);
  DwGame *arcmage = dw_library_lookup_game (library, "arcmage");
  g_autofree char *text = NULL;
  g_autofree char *print = NULL;
  g_autofree char *pasted_print = NULL;

  build_green_wall (window);
  print = dw_deck_fingerprint (dw_window_get_deck (window), arcmage);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-deck-code", NULL));
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (window)), NULL,
                                 on_clipboard_text_cb, &text);
  while (text == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (g_str_has_prefix (text, "DW1-arcmage-"));
  g_assert_null (strchr (text, '\n'));

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (other)), text);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (other), "win.paste-decklist", NULL));
  while (dw_window_get_deck (other) == before)
    g_main_context_iteration (NULL, TRUE);
  dw_test_settle ();
  pasted_print = dw_deck_fingerprint (dw_window_get_deck (other), arcmage);
  g_assert_cmpstr (pasted_print, ==, print);
  g_assert_cmpuint (dw_deck_count_section (dw_window_get_deck (other), "main"), ==, 60);
  g_assert_cmpuint (dw_deck_count_section (dw_window_get_deck (other), "regions"), ==, 3);
  g_assert_null (dw_window_get_file (other));
  gtk_window_destroy (GTK_WINDOW (other));
  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_settle ();
}

/* Save Deck Image (Export › Deck Image): the deck's picture, 1080 pixels
 * wide, its QR code the deck's code. */
static void
test_save_deck_image (void)
{
  DwWindow *window = window_new ();
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "green.png", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkPixbuf) picture = NULL;
  g_autofree char *code = NULL;
  g_autofree char *read_back = NULL;

  build_green_wall (window);
  g_assert_true (dw_window_export_to (window, DW_EXPORT_PNG, file, &error));
  g_assert_no_error (error);
  picture = gdk_pixbuf_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_pixbuf_get_width (picture), ==, 1080);
  code = dw_deck_code_encode (dw_window_get_deck (window), dw_library_lookup_game (library, "arcmage"), TRUE, NULL);
  read_back = dw_qr_scan_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (read_back, ==, code);
  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_settle ();
  dw_test_remove_tree (dir);
}

/* Exported as deck text, the deck opens again as the same deck, imported
 * rather than overwritten: saving it asks for a new file. */
static void
test_export_then_open_imports (void)
{
  DwWindow *window = window_new ();
  DwWindow *again = NULL;
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "green.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  build_green_wall (window);
  g_assert_true (dw_window_export_to (window, DW_EXPORT_TEXT, file, &error));
  g_assert_no_error (error);

  again = window_new ();
  g_assert_true (dw_window_open_file (again, file, &error));
  g_assert_no_error (error);
  dw_test_settle ();
  g_assert_null (dw_window_get_file (again));
  g_assert_cmpuint (dw_deck_count_section (dw_window_get_deck (again), "main"), ==, 60);
  g_assert_cmpuint (dw_deck_count_section (dw_window_get_deck (again), "regions"), ==, 3);
  g_assert_cmpstr (dw_window_get_badge_text (again), ==, "Legal");

  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (again));
  dw_test_remove_tree (dir);
}

/* The printed sheet is the sheet: printing to a file gives a PDF with
 * every card and the fingerprint. */
static void
test_print_sheet (void)
{
  DwWindow *window = window_new ();
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *pdf = g_build_filename (dir, "sheet.pdf", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwSheet) sheet = NULL;
  g_autofree char *text = NULL;
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");
  int status = 0;

  build_green_wall (window);
  sheet = dw_window_make_sheet (window, "Brno Open", "Brno", "Ada", "2026-12-05");
  g_assert_true (dw_window_print_sheet (window, sheet, pdf, &error));
  g_assert_no_error (error);
  dw_test_settle ();
  g_assert_true (g_file_test (pdf, G_FILE_TEST_EXISTS));

  if (pdftotext == NULL)
    {
      g_test_skip ("pdftotext is not installed");
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }
  {
    const char *argv[] = { pdftotext, pdf, "-", NULL };
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                                 &text, NULL, &status, &error));
  }
  g_assert_nonnull (strstr (text, "Thornwood Scout"));
  g_assert_nonnull (strstr (text, "Brno Open"));
  g_assert_nonnull (strstr (text, dw_sheet_get_fingerprint (sheet)));

  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_remove_tree (dir);
}

/* Unsaved changes are kept aside, and saving (or closing) lets them go. */
static void
test_autosave_keeps_unsaved_changes (void)
{
  DwWindow *window = window_new ();
  g_autofree char *dir = dw_window_autosave_dir ();
  g_autofree char *tmp = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (tmp, "deck.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) names = NULL;
  g_autofree char *kept = NULL;

  dw_deck_view_add_card (dw_window_get_deck_view (window), card ("arc-0001"));
  g_assert_true (dw_window_autosave_now (window, &error));
  g_assert_no_error (error);

  names = g_ptr_array_new_with_free_func (g_free);
  {
    g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
    const char *name;

    while (handle && (name = g_dir_read_name (handle)))
      if (g_str_has_suffix (name, ".xml"))
        g_ptr_array_add (names, g_build_filename (dir, name, NULL));
  }
  g_assert_cmpuint (names->len, ==, 1);
  kept = dw_test_read_file (g_ptr_array_index (names, 0));
  g_assert_nonnull (strstr (kept, "Thornwood Scout"));

  g_assert_true (dw_window_save_to (window, file, &error));
  g_assert_false (g_file_test (g_ptr_array_index (names, 0), G_FILE_TEST_EXISTS));

  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_remove_tree (tmp);
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

/* ------------------------------------------------------------ cards loading in the background */

static void
on_card_dbs_loaded_cb (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_true (dw_library_load_card_dbs_finish (DW_LIBRARY (source), result, &error));
  g_assert_no_error (error);
  *done = TRUE;
}

static void
count_unresolved_cb (gpointer data,
                     gpointer user_data)
{
  guint *unresolved = user_data;

  if (dw_deck_entry_get_card (data) == NULL)
    (*unresolved)++;
}

static guint
count_unresolved (DwDeck *deck)
{
  guint unresolved = 0;

  dw_deck_foreach_entry (deck, count_unresolved_cb, &unresolved);
  return unresolved;
}

/* How many cards the databases of @game_id hold. */
static guint
count_cards (DwLibrary  *from,
             const char *game_id)
{
  GListModel *dbs = dw_library_get_card_dbs (from);
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (dbs); i++)
    {
      g_autoptr(DwCardDb) db = g_list_model_get_item (dbs, i);

      if (g_strcmp0 (dw_game_get_id (dw_card_db_get_game (db)), game_id) == 0)
        n += g_list_model_get_n_items (G_LIST_MODEL (db));
    }
  return n;
}

/* The "Add a copy" button of a deck row, found as a player finds it. */
static GtkWidget *
add_button_of (GtkWidget *row)
{
  for (GtkWidget *child = gtk_widget_get_first_child (row); child; child = gtk_widget_get_next_sibling (child))
    {
      const char *tooltip = gtk_widget_get_tooltip_text (child);
      GtkWidget *found;

      if (GTK_IS_BUTTON (child) && tooltip && g_str_has_prefix (tooltip, "Add a copy of "))
        return child;
      if ((found = add_button_of (child)) != NULL)
        return found;
    }
  return NULL;
}

/* A window made while the card databases still load says so, and a deck
 * opened then waits for its cards instead of calling them unknown; when
 * the databases arrive, the browser lists them and the deck finds its
 * cards and is checked. */
static void
test_window_before_the_cards_arrive (void)
{
  g_autoptr(DwLibrary) loading = dw_library_new ();
  g_autofree char *path = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  gboolean done = FALSE;
  DwWindow *window;
  DwCardBrowser *browser;
  DwDeckView *view;
  DwDeck *deck;
  GtkListBox *main_box;
  GtkListBoxRow *first_row;

  g_assert_true (dw_library_load_games (loading, &error));
  g_assert_no_error (error);
  dw_library_load_card_dbs_async (loading, NULL, on_card_dbs_loaded_cb, &done);

  /* No main loop has run: no database can have been added yet. */
  window = dw_window_new_for_library (NULL, loading);
  browser = dw_window_get_browser (window);
  g_assert_true (dw_library_is_loading_card_dbs (loading));
  g_assert_true (dw_card_browser_is_loading (browser));
  g_assert_cmpuint (dw_card_browser_get_n_shown (browser), ==, 0);

  g_assert_true (dw_window_open_file (window, file, &error));
  g_assert_no_error (error);
  view = dw_window_get_deck_view (window);
  deck = dw_window_get_deck (window);
  g_assert_cmpuint (count_unresolved (deck), >, 0);
  g_assert_true (dw_deck_view_is_waiting_for_cards (view));
  g_assert_false (has_problem (window, "unknown-card"));
  g_assert_cmpuint (g_list_model_get_n_items (problems_of (window)), ==, 0);
  g_assert_cmpstr (dw_window_get_badge_text (window), ==, "Loading cards");

  gtk_window_present (GTK_WINDOW (window));
  /* However long the databases take to arrive, under the sanitizers on a
   * busy machine: the browser's spinner keeps the main loop busy, so the
   * wait is for the browser itself, not for a quiet loop. */
  DW_TEST_WAIT_UNTIL (done && !dw_card_browser_is_loading (browser));
  dw_test_settle ();

  /* The browser lists the cards the library has now. */
  g_assert_false (dw_card_browser_is_loading (browser));
  g_assert_cmpuint (dw_card_browser_get_n_shown (browser), ==, count_cards (loading, "arcmage"));
  g_assert_cmpuint (dw_card_browser_get_n_shown (browser), >, 100);
  dw_card_browser_set_query (browser, "\"thornwood scout\"");
  DW_TEST_WAIT_UNTIL (dw_card_browser_get_n_shown (browser) == 1);
  g_assert_cmpuint (dw_card_browser_get_n_shown (browser), ==, 1);

  /* The deck found every card and was checked: the shipped Green Wall is
   * legal, and no row is left unknown. */
  g_assert_cmpuint (count_unresolved (deck), ==, 0);
  g_assert_false (dw_deck_view_is_waiting_for_cards (view));
  g_assert_false (has_problem (window, "unknown-card"));
  g_assert_cmpstr (dw_window_get_badge_text (window), ==, "Legal");
  main_box = dw_deck_view_get_section_box (view, "main");
  first_row = gtk_list_box_get_row_at_index (main_box, 0);
  g_assert_nonnull (first_row);
  g_assert_nonnull (add_button_of (GTK_WIDGET (first_row)));
  g_assert_true (gtk_widget_get_sensitive (add_button_of (GTK_WIDGET (first_row))));
  /* Opening it did not change it. */
  g_assert_false (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• "));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The first widget of @type under @root, depth first. */
static GtkWidget *
find_widget (GtkWidget *root,
             GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

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
  GtkMenuButton *button = GTK_MENU_BUTTON (find_widget (GTK_WIDGET (browser), GTK_TYPE_MENU_BUTTON));
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

  gtk_window_present (GTK_WINDOW (window));
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));
  dw_test_settle ();

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

/* The shortcuts window is made when first asked for, not with every
 * window, and is the one the menu and Ctrl+? show. */
static void
test_shortcuts_window_made_when_asked (void)
{
  DwWindow *window = window_new ();
  GListModel *toplevels = gtk_window_get_toplevels ();  /* transfer none */
  guint before = g_list_model_get_n_items (toplevels);
  GtkWindow *shortcuts = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  dw_test_settle ();
  g_assert_cmpuint (g_list_model_get_n_items (toplevels), ==, before + 1);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (GTK_IS_SHORTCUTS_WINDOW (toplevel))
        shortcuts = toplevel;
    }
  g_assert_nonnull (shortcuts);
  g_assert_true (gtk_window_get_transient_for (shortcuts) == GTK_WINDOW (window));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (shortcuts)));

  /* Closed, it is kept for next time; it goes with its window. */
  gtk_window_close (shortcuts);
  dw_test_settle ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  dw_test_settle ();
  g_assert_cmpuint (g_list_model_get_n_items (toplevels), ==, before + 1);
  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_settle ();
  g_assert_cmpuint (g_list_model_get_n_items (toplevels), ==, before - 1);
}

static gboolean
filter_takes (GtkFileFilter *filter,
              const char    *name)
{
  g_autoptr(GFileInfo) info = g_file_info_new ();

  g_file_info_set_display_name (info, name);
  return gtk_filter_match (GTK_FILTER (filter), info);
}

/* Open offers every kind the command line imports, all of them at
 * once by default ("All Decklists" comes first, which the dialog takes
 * as its filter), and a file chosen there opens through the import. */
static void
test_open_dialog_imports_every_format (void)
{
  static const struct
  {
    const char *fixture;
    const char *filter;  /* the filter of its own kind */
    guint       min_cards;
  } kinds[] = {
    { "interchange/green-wall-cockatrice.cod", "Cockatrice decks", 60 },
    { "interchange/green-wall-pasted.txt", "Deck text", 20 },
    { "interchange/spreadsheet.csv", "CSV spreadsheets", 5 },
    { "interchange/api-deck.json", "Arcmage decks (JSON)", 4 },
  };
  static const char *names[] = { "All Decklists", "Deckwright decks", "Deck text", "CSV spreadsheets",
                                 "Cockatrice decks", "Arcmage decks (JSON)" };

  g_autoptr(GListModel) filters = dw_window_open_filters ();

  for (gsize k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      DwWindow *window = window_new ();
      g_autofree char *path = dw_test_fixture_path (kinds[k].fixture);
      g_autofree char *base = g_path_get_basename (path);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      DwDeck *deck;
      guint cards = 0;

      g_assert_cmpuint (g_list_model_get_n_items (filters), ==, G_N_ELEMENTS (names));
      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);
          gboolean own = g_str_equal (names[i], kinds[k].filter);

          g_assert_cmpstr (gtk_file_filter_get_name (filter), ==, names[i]);
          /* Each file shows under "All Decklists" and its own kind only. */
          g_assert_cmpint (filter_takes (filter, base), ==, i == 0 || own);
          g_assert_false (filter_takes (filter, "notes.pdf"));
        }

      /* What the dialog does with the file chosen.  (GTK 4.8's own
       * chooser is not shown here: its folder loading leaks inside GTK,
       * which the sanitizer run reports.) */
      dw_window_open_chosen (window, file);
      dw_test_settle ();

      /* Imported into this (untouched) window, kept apart from the file. */
      deck = dw_window_get_deck (window);
      g_assert_null (dw_window_get_file (window));
      for (guint i = 0; i < dw_deck_get_n_sections (deck); i++)
        cards += dw_deck_count_section (deck, dw_deck_get_section_id (deck, i));
      g_assert_cmpuint (cards, >=, kinds[k].min_cards);
      gtk_window_destroy (GTK_WINDOW (window));
      dw_test_settle ();
    }
}

/* ------------------------------------------------------------ a deck view that stays put */

/* The cards stay where they are as the deck turns illegal and legal
 * again: the problems sit in a bar of one line, which says how many
 * there are and opens their list over the cards. */
static void
test_cards_do_not_jump_with_the_verdict (void)
{
  DwWindow *window = window_new ();
  DwDeckView *view = dw_window_get_deck_view (window);
  GtkWidget *main_box = GTK_WIDGET (dw_deck_view_get_section_box (view, "main"));
  g_autoptr(DwDeckEntry) first = NULL;
  double legal, illegal, legal_again;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  build_green_wall (window);
  dw_test_relayout ();
  g_assert_cmpstr (dw_window_get_badge_text (window), ==, "Legal");
  g_assert_true (dw_test_has_label (GTK_WIDGET (view), "No problems"));
  legal = dw_test_top_of (main_box, GTK_WIDGET (view));

  first = g_list_model_get_item (dw_deck_get_section (dw_window_get_deck (window), "main"), 0);
  dw_deck_history_remove (dw_window_get_history (window), first, 1);
  dw_test_relayout ();
  g_assert_true (has_problem (window, "section-size"));
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
  DwWindow *window = window_new ();
  DwDeckView *view = dw_window_get_deck_view (window);
  g_autoptr(GPtrArray) expanders = g_ptr_array_new ();
  g_autoptr(GPtrArray) entry_rows = g_ptr_array_new ();
  GtkListBoxRow *row;
  GtkWidget *header;
  AdwExpanderRow *details;

  build_green_wall (window);
  dw_deck_history_set_details (dw_window_get_history (window), "Salt & <Pepper>", "Ann & Bo", NULL);
  dw_test_relayout ();

  dw_test_collect_widgets (GTK_WIDGET (view), ADW_TYPE_EXPANDER_ROW, expanders);
  g_assert_cmpuint (expanders->len, ==, 1);
  details = g_ptr_array_index (expanders, 0);
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
  DwWindow *window = window_new ();
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
  DwWindow *window = window_new ();
  DwCardBrowser *browser = dw_window_get_browser (window);
  GtkMenuButton *button = GTK_MENU_BUTTON (find_widget (GTK_WIDGET (browser), GTK_TYPE_MENU_BUTTON));
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
  DwWindow *window = window_new ();
  DwCardBrowser *browser = dw_window_get_browser (window);
  GtkWidget *list = GTK_WIDGET (dw_card_browser_get_list (browser));
  DwDeckView *view = dw_window_get_deck_view (window);
  DwCard *scout = card ("arc-0001");
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

/* Activating a problem selects every card it concerns; Delete then
 * takes a copy of each, and one Undo brings them all back. */
static void
test_problem_selection_undoes_in_one_step (void)
{
  DwWindow *window = window_new ();
  DwDeckView *view = dw_window_get_deck_view (window);
  DwDeck *deck = dw_window_get_deck (window);
  g_autoptr(DwDeckEntry) first = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GPtrArray) selected = NULL;
  GtkWidget *problem_row = NULL;

  build_green_wall (window);
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

/* TRUE when @entry has a shortcut that @keyval triggers to @action. */
static gboolean
has_shortcut (GtkWidget  *widget,
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
  DwWindow *window = window_new ();
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
  g_assert_true (has_shortcut (entry, GDK_KEY_Down, "browser.focus-results"));
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
  DwWindow *window = window_new ();
  DwDeckView *view = dw_window_get_deck_view (window);
  DwDeck *deck = dw_window_get_deck (window);
  GListModel *regions;
  g_autoptr(DwDeckEntry) top = NULL;
  g_autoptr(DwDeckEntry) second = NULL;
  g_autoptr(GPtrArray) pick = g_ptr_array_new ();
  g_autoptr(GPtrArray) selected = NULL;

  build_green_wall (window);
  regions = dw_deck_get_section (deck, "regions");
  g_assert_cmpuint (g_list_model_get_n_items (regions), ==, 3);
  top = g_list_model_get_item (regions, 0);
  second = g_list_model_get_item (regions, 1);
  g_assert_true (has_shortcut (GTK_WIDGET (view), GDK_KEY_Up, "deck.move-up"));
  g_assert_true (has_shortcut (GTK_WIDGET (view), GDK_KEY_Down, "deck.move-down"));

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
  DwWindow *window = window_new ();
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

/* A decklist on the clipboard opens as a new, unsaved deck; text that
 * is no decklist leaves the deck as it was. */
static void
test_paste_decklist (void)
{
  DwWindow *window = window_new ();
  g_autofree char *path = dw_test_fixture_path ("interchange/green-wall-pasted.txt");
  g_autofree char *text = dw_test_read_file (path);
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (window));
  DwDeck *before = dw_window_get_deck (window);

  gdk_clipboard_set_text (clipboard, "   \n");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.paste-decklist", NULL));
  dw_test_relayout ();
  g_assert_true (dw_window_get_deck (window) == before);

  gdk_clipboard_set_text (clipboard, text);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.paste-decklist", NULL));
  DW_TEST_WAIT_UNTIL (dw_window_get_deck (window) != before);
  dw_test_settle ();
  g_assert_false (dw_window_get_deck (window) == before);
  g_assert_null (dw_window_get_file (window));
  g_assert_cmpuint (dw_deck_count_section (dw_window_get_deck (window), "main"), >=, 20);
  /* Nothing else keeps it: closing would ask to save. */
  g_assert_true (dw_deck_history_is_modified (dw_window_get_history (window)));
  g_assert_false (dw_window_is_pristine (window));
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
  DwWindow *window = window_new ();
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
  DwWindow *window = window_new ();
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
  DwWindow *window = window_new ();
  DwWindow *next;
  GtkPaned *paned = GTK_PANED (find_widget (GTK_WIDGET (dw_window_get_browser (window)), GTK_TYPE_PANED));
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

  next = window_new ();
  gtk_window_set_default_size (GTK_WINDOW (next), 1280, 800);
  dw_test_relayout ();
  paned = GTK_PANED (find_widget (GTK_WIDGET (dw_window_get_browser (next)), GTK_TYPE_PANED));
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
          shown = dw_card_face_get_card (DW_CARD_FACE (gtk_popover_get_child (GTK_POPOVER (popover))));
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
  DwWindow *window = window_new ();
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
  DwWindow *window = window_new ();
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

  window = window_new ();
  shown = dw_card_list_get_model (dw_card_browser_get_list (dw_window_get_browser (window)));
  n = g_list_model_get_n_items (shown);
  g_assert_cmpuint (n, >, 100);
  g_assert_cmpint (cost_of (shown, 0), >, cost_of (shown, n - 1));
  for (guint i = 1; i < n; i++)
    g_assert_cmpint (cost_of (shown, i - 1), >=, cost_of (shown, i));
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "browser-sort");
}

/* Considering, after the game's own sections, says under its heading
 * that no format counts it. */
static void
test_considering_shown_last_with_its_caption (void)
{
  DwWindow *window = window_new ();
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
  DwWindow *window = window_new ();
  DwCardBrowser *browser = dw_window_get_browser (window);
  DwDeck *deck = dw_window_get_deck (window);
  guint problems;

  build_green_wall (window);
  g_assert_cmpstr (dw_window_get_badge_text (window), ==, "Legal");
  problems = g_list_model_get_n_items (problems_of (window));
  g_assert_true (has_shortcut (GTK_WIDGET (browser), GDK_KEY_m, "browser.consider-shown"));

  dw_card_browser_show_card (browser, card ("arc-0001"));   /* four already in the deck */
  for (guint i = 0; i < 3; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (browser), "browser.consider-shown", NULL));
  dw_card_browser_show_card (browser, card ("arc-r004"));   /* a region of another faction */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (browser), "browser.consider-shown", NULL));
  dw_test_settle ();

  g_assert_cmpuint (dw_deck_count_section (deck, "considering"), ==, 4);
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 60);
  g_assert_cmpuint (dw_deck_count_section (deck, "regions"), ==, 3);
  g_assert_cmpstr (dw_window_get_badge_text (window), ==, "Legal");
  g_assert_cmpuint (g_list_model_get_n_items (problems_of (window)), ==, problems);

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
  DwWindow *window = window_new ();
  DwCardBrowser *browser = dw_window_get_browser (window);
  DwDeck *deck = dw_window_get_deck (window);
  GtkWidget *face = GTK_WIDGET (dw_card_browser_get_face (browser));
  GtkWidget *paned = find_widget (GTK_WIDGET (browser), GTK_TYPE_PANED);
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
  dw_card_browser_show_card (browser, card ("arc-0001"));
  g_assert_true (gtk_widget_activate (consider));
  DW_TEST_WAIT_UNTIL (dw_deck_count_section (deck, "considering") != 0);
  dw_test_settle ();
  g_assert_cmpuint (dw_deck_count_section (deck, "considering"), ==, 1);
  g_assert_nonnull (dw_deck_find_card (deck, "considering", card ("arc-0001")));

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
  DwWindow *window = window_new ();
  DwDeckView *view = dw_window_get_deck_view (window);
  DwDeck *deck = dw_window_get_deck (window);
  g_autoptr(GPtrArray) pick = g_ptr_array_new ();
  g_autoptr(GPtrArray) selected = NULL;
  DwDeckEntry *scouts, *region;

  build_green_wall (window);
  g_assert_true (has_shortcut (GTK_WIDGET (view), GDK_KEY_m, "deck.toggle-considering"));
  scouts = dw_deck_find_card (deck, "main", card ("arc-0001"));
  region = dw_deck_find_card (deck, "regions", card ("arc-r003"));
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
    if (GTK_IS_LIST_BOX_ROW (row) && g_object_get_data (G_OBJECT (row), "entry") == entry)
      return row;
  g_assert_not_reached ();
}

/* A deck row's menu offers the move its card can make: to Considering
 * from the deck, to the deck from Considering; it acts on that row. */
static void
test_row_menu_moves_to_considering_and_back (void)
{
  DwWindow *window = window_new ();
  DwDeckView *view = dw_window_get_deck_view (window);
  DwDeck *deck = dw_window_get_deck (window);
  DwDeckEntry *scouts;
  GtkPopoverMenu *menu;
  g_autofree char *to_considering = NULL;
  g_autofree char *to_deck = NULL;

  build_green_wall (window);
  dw_test_relayout ();
  scouts = dw_deck_find_card (deck, "main", card ("arc-0001"));
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

/* A search that finds nothing says so where the cards were, with its
 * way out in sight, and moves nothing else: the browser and the deck
 * beside it kept changing width as the list emptied and filled. */
static void
test_empty_search_keeps_the_layout (void)
{
  DwWindow *window = window_new ();
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
  DwWindow *window = window_new ();
  DwCardBrowser *browser = dw_window_get_browser (window);
  DwCardFace *face = dw_card_browser_get_face (browser);
  DwCard *scout = card ("arc-0001");

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

/* No tooltip covers the popover its button opened: every menu button of
 * the window with a tooltip gives it up while its popover shows, and has
 * it back when the popover closes. */
static void
test_menu_tooltips_make_way (void)
{
  DwWindow *window = window_new ();
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

/* The message dialog now shown over @parent, or NULL. */
static AdwMessageDialog *
dialog_over (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (toplevel) && gtk_window_get_transient_for (toplevel) == parent &&
          gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        return ADW_MESSAGE_DIALOG (toplevel);
    }
  return NULL;
}

/* Closing a deck with unsaved changes asks; Close Without Saving closes
 * the window, and its dialog goes first, with no warning (fatal here)
 * from a dialog outliving the window it was made for. */
static void
test_close_without_saving_closes_cleanly (void)
{
  DwWindow *window = window_new ();
  AdwMessageDialog *dialog = NULL;
  GtkWindow *gone = GTK_WINDOW (window);

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &gone);
  build_green_wall (window);
  gtk_window_close (GTK_WINDOW (window));
  DW_TEST_WAIT_UNTIL ((dialog = dialog_over (GTK_WINDOW (window))) != NULL);
  g_assert_nonnull (gone);
  adw_message_dialog_response (dialog, "discard");
  DW_TEST_WAIT_UNTIL (gone == NULL);
  dw_test_settle ();
  g_assert_null (dialog_over (NULL));
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
      g_assert_true (g_str_has_prefix (placeholder, "Search, e.g. "));
      example = placeholder + strlen ("Search, e.g. ");
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
  g_autofree char *state = dw_test_make_tmpdir ();
  int ret;

  /* Autosaves go to a folder of this run's own; GLib reads the variable
   * once, so before anything asks. */
  g_setenv ("XDG_STATE_HOME", state, TRUE);

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
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
  g_test_add_func ("/window/copy-decklist", test_copy_decklist);
  g_test_add_func ("/window/copy-deck-code-pastes-back", test_copy_deck_code_pastes_back);
  g_test_add_func ("/window/save-deck-image", test_save_deck_image);
  g_test_add_func ("/window/autosave-keeps-unsaved-changes", test_autosave_keeps_unsaved_changes);
  g_test_add_func ("/window/export-then-open-imports", test_export_then_open_imports);
  g_test_add_func ("/window/print-sheet", test_print_sheet);
  g_test_add_func ("/window/made-before-the-cards-arrive-shows-them-when-they-do",
                   test_window_before_the_cards_arrive);
  g_test_add_func ("/window/number-filters-follow-the-cards", test_filters_follow_the_cards);
  g_test_add_func ("/window/shortcuts-window-made-when-asked", test_shortcuts_window_made_when_asked);
  g_test_add_func ("/window/open-dialog-imports-every-format", test_open_dialog_imports_every_format);
  g_test_add_func ("/window/cards-do-not-jump-with-the-verdict", test_cards_do_not_jump_with_the_verdict);
  g_test_add_func ("/window/details-fold-and-headings-name-their-column",
                   test_details_fold_and_headings_name_their_column);
  g_test_add_func ("/window/browser-empty-states", test_browser_empty_states);
  g_test_add_func ("/window/face-follows-the-search", test_face_follows_the_search);
  g_test_add_func ("/window/search-example-is-the-games-own", test_search_example_is_the_games_own);
  g_test_add_func ("/window/menu-tooltips-make-way", test_menu_tooltips_make_way);
  g_test_add_func ("/window/close-without-saving-closes-cleanly", test_close_without_saving_closes_cleanly);
  g_test_add_func ("/window/cost-filter-and-reset", test_cost_filter_and_reset);
  g_test_add_func ("/window/results-show-copies-in-deck", test_results_show_copies_in_deck);
  g_test_add_func ("/window/problem-selection-undoes-in-one-step", test_problem_selection_undoes_in_one_step);
  g_test_add_func ("/window/search-keys-reach-the-results", test_search_keys_reach_the_results);
  g_test_add_func ("/window/regions-reorder-by-keyboard", test_regions_reorder_by_keyboard);
  g_test_add_func ("/window/shortcuts-window-lists-keys", test_shortcuts_window_lists_keys);
  g_test_add_func ("/window/paste-decklist", test_paste_decklist);
  g_test_add_func ("/window/card-list-shows-every-column", test_card_list_shows_every_column);
  g_test_add_func ("/window/narrow-list-keeps-its-width", test_narrow_list_keeps_its_width);
  g_test_add_func ("/window/list-height-remembered", test_list_height_remembered);
  g_test_add_func ("/window/zoom-follows-keyboard-focus", test_zoom_follows_keyboard_focus);
  g_test_add_func ("/window/sort-survives-a-new-window", test_sort_survives_a_new_window);
  g_test_add_func ("/window/empty-search-keeps-the-layout", test_empty_search_keeps_the_layout);
  g_test_add_func ("/window/considering-shown-last-with-its-caption", test_considering_shown_last_with_its_caption);
  g_test_add_func ("/window/add-to-considering-keeps-the-verdict", test_add_to_considering_keeps_the_verdict);
  g_test_add_func ("/window/considering-button-beside-the-count", test_considering_button_beside_the_count);
  g_test_add_func ("/window/move-to-considering-and-back", test_move_to_considering_and_back);
  g_test_add_func ("/window/row-menu-moves-to-considering-and-back", test_row_menu_moves_to_considering_and_back);

  ret = g_test_run ();
  g_clear_object (&library);
  dw_test_remove_tree (state);
  return ret;
}
