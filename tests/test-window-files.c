/* test-window-files.c — what the window reads and writes: saving, the
 * clipboard, exports, the open dialog, autosave and closing unsaved
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
#include "dw-query.h"
#include "dw-window.h"
#include "dw-window-private.h"

static DwLibrary *library;


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
  DwWindow *window = dw_test_window_new (library);
  g_autofree char *text = NULL;

  dw_test_build_green_wall (library, window);
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
  DwWindow *window = dw_test_window_new (library);
  DwWindow *other = dw_test_window_new (library);
  DwDeck *before = dw_window_get_deck (other);
  DwGame *arcmage = dw_library_lookup_game (library, "arcmage");
  g_autofree char *text = NULL;
  g_autofree char *print = NULL;
  g_autofree char *pasted_print = NULL;

  dw_test_build_green_wall (library, window);
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
  DwWindow *window = dw_test_window_new (library);
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "green.png", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkPixbuf) picture = NULL;
  g_autofree char *code = NULL;
  g_autofree char *read_back = NULL;

  dw_test_build_green_wall (library, window);
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
  DwWindow *window = dw_test_window_new (library);
  DwWindow *again = NULL;
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "green.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  dw_test_build_green_wall (library, window);
  g_assert_true (dw_window_export_to (window, DW_EXPORT_TEXT, file, &error));
  g_assert_no_error (error);

  again = dw_test_window_new (library);
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
  DwWindow *window = dw_test_window_new (library);
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *pdf = g_build_filename (dir, "sheet.pdf", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwSheet) sheet = NULL;
  g_autofree char *text = NULL;
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");
  int status = 0;

  dw_test_build_green_wall (library, window);
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
  DwWindow *window = dw_test_window_new (library);
  g_autofree char *dir = dw_window_autosave_dir ();
  g_autofree char *tmp = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (tmp, "deck.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) names = NULL;
  g_autofree char *kept = NULL;

  dw_deck_view_add_card (dw_window_get_deck_view (window), dw_test_card (library, "arc-0001"));
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
  g_assert_false (dw_test_window_has_problem (window, "unknown-card"));
  g_assert_cmpuint (g_list_model_get_n_items (dw_test_window_problems (window)), ==, 0);
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
  g_assert_false (dw_test_window_has_problem (window, "unknown-card"));
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


/* The shortcuts window is made when first asked for, not with every
 * window, and is the one the menu and Ctrl+? show. */
static void
test_shortcuts_window_made_when_asked (void)
{
  DwWindow *window = dw_test_window_new (library);
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
      DwWindow *window = dw_test_window_new (library);
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


/* A decklist on the clipboard opens as a new, unsaved deck; text that
 * is no decklist leaves the deck as it was. */
static void
test_paste_decklist (void)
{
  DwWindow *window = dw_test_window_new (library);
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
  DwWindow *window = dw_test_window_new (library);
  AdwMessageDialog *dialog = NULL;
  GtkWindow *gone = GTK_WINDOW (window);

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &gone);
  dw_test_build_green_wall (library, window);
  gtk_window_close (GTK_WINDOW (window));
  DW_TEST_WAIT_UNTIL ((dialog = dialog_over (GTK_WINDOW (window))) != NULL);
  g_assert_nonnull (gone);
  adw_message_dialog_response (dialog, "discard");
  DW_TEST_WAIT_UNTIL (gone == NULL);
  dw_test_settle ();
  g_assert_null (dialog_over (NULL));
}

int
main (int    argc,
      char **argv)
{
  int ret;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  library = dw_test_library ();

  g_test_add_func ("/window/copy-decklist", test_copy_decklist);
  g_test_add_func ("/window/copy-deck-code-pastes-back", test_copy_deck_code_pastes_back);
  g_test_add_func ("/window/save-deck-image", test_save_deck_image);
  g_test_add_func ("/window/autosave-keeps-unsaved-changes", test_autosave_keeps_unsaved_changes);
  g_test_add_func ("/window/export-then-open-imports", test_export_then_open_imports);
  g_test_add_func ("/window/print-sheet", test_print_sheet);
  g_test_add_func ("/window/made-before-the-cards-arrive-shows-them-when-they-do",
                   test_window_before_the_cards_arrive);
  g_test_add_func ("/window/shortcuts-window-made-when-asked", test_shortcuts_window_made_when_asked);
  g_test_add_func ("/window/open-dialog-imports-every-format", test_open_dialog_imports_every_format);
  g_test_add_func ("/window/close-without-saving-closes-cleanly", test_close_without_saving_closes_cleanly);
  g_test_add_func ("/window/paste-decklist", test_paste_decklist);

  ret = g_test_run ();
  g_clear_object (&library);
  return ret;
}
