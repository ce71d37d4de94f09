/* test-preferences.c — the preferences window and what it changes
 *
 * Runs under xvfb-run with GSETTINGS_BACKEND=memory (every run starts
 * from the schema's defaults) and G_DEBUG=fatal-warnings, so a folder
 * name that broke a row's markup would fail the test.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "dw-card-list.h"
#include "dw-deck-library.h"
#include "dw-library-page.h"
#include "dw-preferences-window.h"
#include "dw-test-gtk.h"
#include "dw-test-util.h"
#include "dw-window.h"

static DwLibrary *library;

static GSettings *
fresh_settings (void)
{
  GSettings *settings = g_settings_new (APPLICATION_ID);
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    g_settings_reset (settings, keys[i]);
  return settings;
}

static DwPreferencesWindow *
preferences_new (void)
{
  DwPreferencesWindow *window = dw_preferences_window_new (NULL, library);

  gtk_window_present (GTK_WINDOW (window));
  dw_test_settle ();
  return window;
}

/* The rows show the keys and write them: both ways. */
static void
test_sheet_rows_follow_settings (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  DwPreferencesWindow *window = NULL;
  g_autofree char *player = NULL;
  g_autofree char *paper = NULL;

  g_settings_set_string (settings, "event-name", "Winter Cup");
  window = preferences_new ();
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (dw_preferences_window_get_event_row (window))),
                   ==, "Winter Cup");
  g_assert_cmpuint (adw_combo_row_get_selected (dw_preferences_window_get_paper_row (window)), ==, 0);

  gtk_editable_set_text (GTK_EDITABLE (dw_preferences_window_get_player_row (window)), "Ada & <Co>");
  adw_combo_row_set_selected (dw_preferences_window_get_paper_row (window), 2);
  dw_test_settle ();
  player = g_settings_get_string (settings, "player-name");
  paper = g_settings_get_string (settings, "paper-size");
  g_assert_cmpstr (player, ==, "Ada & <Co>");
  g_assert_cmpstr (paper, ==, "letter");

  g_settings_set_string (settings, "paper-size", "a4");
  dw_test_settle ();
  g_assert_cmpuint (adw_combo_row_get_selected (dw_preferences_window_get_paper_row (window)), ==, 1);

  /* Downloading images is allowed until the player says otherwise. */
  g_assert_true (gtk_switch_get_active (dw_preferences_window_get_download_switch (window)));
  gtk_switch_set_active (dw_preferences_window_get_download_switch (window), FALSE);
  g_assert_false (g_settings_get_boolean (settings, "download-images"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A format chosen for a game is the one its new decks start in. */
static void
test_default_format_starts_new_decks (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  DwPreferencesWindow *window = preferences_new ();
  AdwComboRow *row = dw_preferences_window_get_format_row (window, "arcmage");
  DwGame *arcmage = dw_library_lookup_game (library, "arcmage");
  GListModel *formats = dw_game_get_formats (arcmage);
  g_autoptr(DwFormat) chosen = NULL;
  DwWindow *deck_window;
  guint position = GTK_INVALID_LIST_POSITION;

  g_assert_nonnull (row);
  g_assert_nonnull (dw_preferences_window_get_format_row (window, "coraabia"));
  /* At first the game's own default. */
  chosen = g_list_model_get_item (formats, adw_combo_row_get_selected (row));
  g_assert_true (chosen == dw_game_get_default_format (arcmage));
  g_clear_object (&chosen);

  for (guint i = 0; i < g_list_model_get_n_items (formats); i++)
    {
      g_autoptr(DwFormat) format = g_list_model_get_item (formats, i);

      if (g_str_equal (dw_format_get_id (format), "arcmage-2021"))
        position = i;
    }
  g_assert_cmpuint (position, !=, GTK_INVALID_LIST_POSITION);
  adw_combo_row_set_selected (row, position);
  dw_test_settle ();
  g_assert_cmpstr (dw_format_get_id (dw_preferences_default_format (settings, arcmage)), ==, "arcmage-2021");

  deck_window = dw_window_new_for_library (NULL, library);
  g_assert_cmpstr (dw_deck_get_format_id (dw_window_get_deck (deck_window)), ==, "arcmage-2021");
  gtk_window_destroy (GTK_WINDOW (deck_window));

  /* A format that no longer exists falls back to the game's default. */
  g_settings_set_value (settings, "default-formats",
                        g_variant_new_parsed ("{'arcmage': 'arcmage-gone'}"));
  g_assert_true (dw_preferences_default_format (settings, arcmage) == dw_game_get_default_format (arcmage));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Folders are added once, shown by name (markup and all) and removed. */
static void
test_card_db_folders (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *odd = g_build_filename (dir, "Ada & <Co> cards", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (odd);
  DwPreferencesWindow *window = preferences_new ();
  g_auto(GStrv) folders = NULL;

  g_assert_cmpuint (dw_preferences_window_get_n_folder_rows (window), ==, 0);
  dw_preferences_window_add_folder (window, folder);
  dw_preferences_window_add_folder (window, folder);
  dw_test_settle ();
  folders = g_settings_get_strv (settings, "card-db-folders");
  g_assert_cmpuint (g_strv_length (folders), ==, 1);
  g_assert_cmpstr (folders[0], ==, odd);
  g_assert_cmpuint (dw_preferences_window_get_n_folder_rows (window), ==, 1);

  dw_preferences_window_remove_folder (window, odd);
  dw_test_settle ();
  g_clear_pointer (&folders, g_strfreev);
  folders = g_settings_get_strv (settings, "card-db-folders");
  g_assert_cmpuint (g_strv_length (folders), ==, 0);
  g_assert_cmpuint (dw_preferences_window_get_n_folder_rows (window), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_remove_tree (dir);
}

static char *
pdf_text (const char *path)
{
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_nonnull (pdftotext);
  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error, pdftotext, path, "-", NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

/* The sheet exported from the window names the event and, for a deck
 * with no author, the player of the preferences; the deck's own author
 * comes first. */
static void
test_sheet_uses_player_and_event (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "sheet.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *authored = NULL;
  DwWindow *window;

  g_settings_set_string (settings, "player-name", "Grace Hopper");
  g_settings_set_string (settings, "event-name", "Winter Cup");
  window = dw_window_new_for_library (NULL, library);
  g_assert_null (dw_deck_get_author (dw_window_get_deck (window)));

  g_assert_true (dw_window_export_to (window, DW_EXPORT_PDF, file, &error));
  g_assert_no_error (error);
  text = pdf_text (path);
  g_assert_nonnull (strstr (text, "Grace Hopper"));
  g_assert_nonnull (strstr (text, "Winter Cup"));

  dw_deck_set_author (dw_window_get_deck (window), "Ada Lovelace");
  g_assert_true (dw_window_export_to (window, DW_EXPORT_PDF, file, &error));
  g_assert_no_error (error);
  authored = pdf_text (path);
  g_assert_nonnull (strstr (authored, "Ada Lovelace"));
  g_assert_null (strstr (authored, "Grace Hopper"));

  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_remove_tree (dir);
}

/* The deck last saved or opened is remembered for the next start. */
static void
test_last_deck_is_remembered (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "mine.deck.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *uri = g_file_get_uri (file);
  g_autofree char *last = NULL;
  g_autofree char *shipped = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autoptr(GFile) shipped_file = g_file_new_for_path (shipped);
  g_autofree char *shipped_uri = g_file_get_uri (shipped_file);
  g_autoptr(GError) error = NULL;
  DwWindow *window = dw_window_new_for_library (NULL, library);

  g_assert_true (dw_window_save_to (window, file, &error));
  g_assert_no_error (error);
  last = g_settings_get_string (settings, "last-deck");
  g_assert_cmpstr (last, ==, uri);

  g_assert_true (dw_window_open_file (window, shipped_file, &error));
  g_assert_no_error (error);
  g_clear_pointer (&last, g_free);
  last = g_settings_get_string (settings, "last-deck");
  g_assert_cmpstr (last, ==, shipped_uri);

  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_remove_tree (dir);
}

static GtkColumnViewColumn *
column_titled (DwCardList *list,
               const char *title)
{
  GListModel *columns = gtk_column_view_get_columns (dw_card_list_get_view (list));

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (g_str_equal (gtk_column_view_column_get_title (column), title))
        return column;
    }
  g_error ("no column %s", title);
}

/* A column hidden from its header's menu stays hidden in the next list. */
static void
test_browser_columns_are_remembered (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  DwGame *arcmage = dw_library_lookup_game (library, "arcmage");
  g_autoptr(GListStore) cards = g_list_store_new (DW_TYPE_CARD);
  GtkWidget *first = g_object_ref_sink (dw_card_list_new (arcmage, G_LIST_MODEL (cards)));
  GtkWidget *second = NULL;
  GtkColumnViewColumn *cost = column_titled (DW_CARD_LIST (first), "Cost");
  GMenuModel *menu = gtk_column_view_column_get_header_menu (cost);
  g_autoptr(GMenuModel) section = NULL;
  g_auto(GStrv) hidden = NULL;
  guint n_columns = g_list_model_get_n_items (gtk_column_view_get_columns (dw_card_list_get_view (DW_CARD_LIST (first))));

  /* Every column but the name is in the menu. */
  g_assert_nonnull (menu);
  section = g_menu_model_get_item_link (menu, 0, G_MENU_LINK_SECTION);
  g_assert_cmpint (g_menu_model_get_n_items (section), ==, (int) n_columns - 1);
  g_assert_true (gtk_column_view_column_get_visible (cost));

  for (guint i = 1; i < n_columns; i++)
    {
      g_autofree char *action = g_strdup_printf ("cards.column-%u", i);
      g_autoptr(GtkColumnViewColumn) column =
        g_list_model_get_item (gtk_column_view_get_columns (dw_card_list_get_view (DW_CARD_LIST (first))), i);

      if (column == cost)
        g_assert_true (gtk_widget_activate_action (first, action, NULL));
    }
  g_assert_false (gtk_column_view_column_get_visible (cost));
  hidden = g_settings_get_strv (settings, "browser-hidden-columns");
  g_assert_cmpuint (g_strv_length (hidden), ==, 1);
  g_assert_cmpstr (hidden[0], ==, "cost");

  second = g_object_ref_sink (dw_card_list_new (arcmage, G_LIST_MODEL (cards)));
  g_assert_false (gtk_column_view_column_get_visible (column_titled (DW_CARD_LIST (second), "Cost")));
  g_assert_true (gtk_column_view_column_get_visible (column_titled (DW_CARD_LIST (second), "Type")));

  g_object_unref (first);
  g_object_unref (second);
}

static const char *
row_subtitle (DwPreferencesWindow *window,
              guint                i)
{
  return adw_action_row_get_subtitle (g_ptr_array_index (dw_preferences_window_get_library_rows (window), i));
}

/* The remove button of a library folder's row, or NULL when it has none. */
static GtkButton *
remove_button_of (DwPreferencesWindow *window,
                  guint                i)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  dw_test_collect_widgets (g_ptr_array_index (dw_preferences_window_get_library_rows (window), i),
                           GTK_TYPE_BUTTON, buttons);
  return buttons->len > 0 ? g_ptr_array_index (buttons, 0) : NULL;
}

static gboolean
page_shows (DwLibraryPage *page,
            const char    *path)
{
  GFile *root = dw_library_page_get_root (page);

  return root != NULL && g_strcmp0 (g_file_peek_path (root), path) == 0;
}

/* The deck library's folders: the default shown (not removable) while
 * none is set; a folder added keeps the default beside it; a folder
 * removed with its row's button goes from the key, and the Decks page
 * showing it moves to the library's first folder at once. */
static void
test_library_folders (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autofree char *tmp = dw_test_make_tmpdir ();
  g_autofree char *first = g_build_filename (tmp, "Decks & <Friends>", NULL);
  g_autofree char *second = g_build_filename (tmp, "Season 3", NULL);
  g_autofree char *fallback = dw_deck_library_default_folder ();
  g_autoptr(GFile) first_file = g_file_new_for_path (first);
  g_autoptr(GFile) second_file = g_file_new_for_path (second);
  g_auto(GStrv) folders = NULL;
  DwPreferencesWindow *window = preferences_new ();
  GtkWindow *page_window = NULL;
  DwLibraryPage *page = NULL;

  /* None set: the default folder, and no way to remove it. */
  g_assert_cmpuint (dw_preferences_window_get_library_rows (window)->len, ==, 1);
  g_assert_true (g_str_has_prefix (row_subtitle (window, 0), fallback));
  g_assert_null (remove_button_of (window, 0));

  /* The first folder added keeps the default's decks in the library. */
  dw_preferences_window_add_library_folder (window, first_file);
  folders = g_settings_get_strv (settings, "library-folders");
  g_assert_cmpuint (g_strv_length (folders), ==, 2);
  g_assert_cmpstr (folders[0], ==, fallback);
  g_assert_cmpstr (folders[1], ==, first);
  DW_TEST_WAIT_UNTIL (dw_preferences_window_get_library_rows (window)->len == 2);
  g_assert_nonnull (remove_button_of (window, 0));
  /* A folder's name is text, never markup (fatal-warnings would fail
   * the test on a row that could not be parsed). */
  g_assert_cmpstr (row_subtitle (window, 1), ==, first);

  /* Two folders of the player's, and a Decks page showing the second. */
  g_settings_set_strv (settings, "library-folders", (const char * const[]) { first, NULL });
  DW_TEST_WAIT_UNTIL (dw_preferences_window_get_library_rows (window)->len == 1);
  g_mkdir_with_parents (first, 0700);
  page = DW_LIBRARY_PAGE (dw_library_page_new (library));
  page_window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_child (page_window, GTK_WIDGET (page));
  dw_library_page_set_root (page, first_file);
  gtk_window_present (page_window);
  dw_preferences_window_add_library_folder (window, second_file);
  dw_preferences_window_add_library_folder (window, second_file);
  DW_TEST_WAIT_UNTIL (dw_preferences_window_get_library_rows (window)->len == 2);
  g_clear_pointer (&folders, g_strfreev);
  folders = g_settings_get_strv (settings, "library-folders");
  g_assert_cmpuint (g_strv_length (folders), ==, 2);
  /* The page's menu offers the new folder at once. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "library.show-root", "s", second));
  g_assert_true (page_shows (page, second));
  g_assert_true (g_file_test (second, G_FILE_TEST_IS_DIR));
  gtk_window_set_default_size (GTK_WINDOW (window), 640, 800);
  dw_test_relayout ();
  dw_test_save_screenshot (GTK_WIDGET (window), "preferences-library-folders");

  /* Removed with its row's button: the page goes to the first folder. */
  g_assert_cmpstr (row_subtitle (window, 1), ==, second);
  g_signal_emit_by_name (remove_button_of (window, 1), "clicked");
  g_clear_pointer (&folders, g_strfreev);
  folders = g_settings_get_strv (settings, "library-folders");
  g_assert_cmpuint (g_strv_length (folders), ==, 1);
  g_assert_cmpstr (folders[0], ==, first);
  DW_TEST_WAIT_UNTIL (page_shows (page, first));
  DW_TEST_WAIT_UNTIL (dw_preferences_window_get_library_rows (window)->len == 1);
  /* The folder's files stay where they are. */
  g_assert_true (g_file_test (second, G_FILE_TEST_IS_DIR));
  gtk_window_destroy (page_window);

  /* The last folder removed: the default folder again. */
  g_signal_emit_by_name (remove_button_of (window, 0), "clicked");
  DW_TEST_WAIT_UNTIL (remove_button_of (window, 0) == NULL);
  g_assert_true (g_str_has_prefix (row_subtitle (window, 0), fallback));
  g_clear_pointer (&folders, g_strfreev);
  folders = g_settings_get_strv (settings, "library-folders");
  g_assert_cmpuint (g_strv_length (folders), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_remove_tree (tmp);
}

int
main (int    argc,
      char **argv)
{
  int ret;

  dw_test_gtk_init (&argc, &argv);
  library = dw_test_library ();

  g_test_add_func ("/preferences/sheet-rows-follow-settings", test_sheet_rows_follow_settings);
  g_test_add_func ("/preferences/default-format-starts-new-decks", test_default_format_starts_new_decks);
  g_test_add_func ("/preferences/card-db-folders", test_card_db_folders);
  g_test_add_func ("/preferences/library-folders", test_library_folders);
  g_test_add_func ("/preferences/sheet-uses-player-and-event", test_sheet_uses_player_and_event);
  g_test_add_func ("/preferences/last-deck-is-remembered", test_last_deck_is_remembered);
  g_test_add_func ("/preferences/browser-columns-are-remembered", test_browser_columns_are_remembered);

  ret = g_test_run ();
  g_clear_object (&library);
  return ret;
}
