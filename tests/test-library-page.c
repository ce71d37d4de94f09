/* test-library-page.c — the Decks page: a folder of deck files, followed
 * on disk, with folders, trash and Undo, rename, move and import
 *
 * Runs under xvfb-run with GSETTINGS_BACKEND=memory and
 * G_DEBUG=fatal-warnings.  Every wait is for the condition itself: the
 * page hears the disk through a file monitor, whenever that speaks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "dw-deck-library.h"
#include "dw-deck-versions.h"
#include "dw-library-page-private.h"
#include "dw-library-row.h"
#include "dw-test-gtk.h"
#include "dw-test-util.h"
#include "dw-window-private.h"

static DwLibrary *library;

typedef struct
{
  char          *root;
  GtkWindow     *window;
  DwLibraryPage *page;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GFile) root = NULL;

  fixture->root = dw_test_make_tmpdir ();
  root = g_file_new_for_path (fixture->root);
  fixture->page = DW_LIBRARY_PAGE (dw_library_page_new (library));
  fixture->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (fixture->window, 800, 600);
  gtk_window_set_child (fixture->window, GTK_WIDGET (fixture->page));
  dw_library_page_set_root (fixture->page, root);
  gtk_window_present (fixture->window);
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (fixture->page)));
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gtk_window_destroy (fixture->window);
  dw_test_remove_tree (fixture->root);
  g_free (fixture->root);
}

/* What the page lists, one line per row: "Name: Legal", "Folder/". */
static char *
listing (DwLibraryPage *page)
{
  GListModel *items = dw_library_page_get_items (page);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autofree char *line = dw_library_page_describe (page, i);

      g_string_append_printf (text, "%s%s", i ? "\n" : "", line);
    }
  return g_string_free (text, FALSE);
}

static gboolean
listing_is (DwLibraryPage *page,
            const char    *expected)
{
  g_autofree char *text = listing (page);

  return g_strcmp0 (text, expected) == 0;
}

static gboolean
listing_starts_with (DwLibraryPage *page,
                     const char    *start)
{
  g_autofree char *text = listing (page);

  return g_str_has_prefix (text, start);
}

/* Copies data/decks/@name to @dir/@as, as another program would. */
static char *
put_deck (const char *dir,
          const char *name,
          const char *as)
{
  g_autofree char *source = dw_test_data_path ("decks", name, NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (source, &contents, NULL, &error);
  g_assert_no_error (error);
  return dw_test_write_file (dir, as, contents);
}

static GFile *
file_at (const char *dir,
         const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  return g_file_new_for_path (path);
}

/* A deck another program adds appears; changed, the row shows the
 * change; removed, it goes; and an empty folder says so. */
static void
test_follows_the_disk (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *path = NULL;
  g_autofree char *broken = NULL;

  DW_TEST_WAIT_UNTIL (listing_is (fixture->page, ""));

  path = put_deck (fixture->root, "orc-crown-and-eagle.xml", "crown.xml");
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page, "Crown and Eagle: Legal"));

  /* Another program writes an illegal deck over it. */
  g_unlink (path);
  g_free (put_deck (fixture->root, "arcmage-illegal-section-size.xml", "crown.xml"));
  DW_TEST_WAIT_UNTIL (listing_starts_with (fixture->page, "Illegal: Section Size: Illegal"));

  /* A file that is no deck is said to be unreadable, and the rest shows. */
  broken = dw_test_write_file (fixture->root, "broken.xml", "<deck");
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 2);
  {
    g_autofree char *text = listing (fixture->page);

    g_assert_nonnull (strstr (text, "broken.xml: Unreadable"));
  }

  g_unlink (path);
  g_unlink (broken);
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page, ""));

  /* A deck's tags show on its row. */
  {
    g_autofree char *source = dw_test_data_path ("decks", "orc-crown-and-eagle.xml", NULL);
    g_autofree char *contents = NULL;
    g_autofree char *tagged = NULL;
    char *notes_end;

    g_assert_true (g_file_get_contents (source, &contents, NULL, NULL));
    notes_end = strstr (contents, "</notes>") + strlen ("</notes>");
    tagged = g_strdup_printf ("%.*s<tag>friends</tag><tag>aggro</tag>%s",
                              (int) (notes_end - contents), contents, notes_end);
    g_free (dw_test_write_file (fixture->root, "tagged.xml", tagged));
    DW_TEST_WAIT_UNTIL (listing_is (fixture->page, "Crown and Eagle: Legal [friends, aggro]"));
  }
}

/* Folders come first; opening one shows it, with a breadcrumb per
 * folder from the library's own, and a breadcrumb goes back. */
static void
test_folders_and_breadcrumbs (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autofree char *sub = g_build_filename (fixture->root, "Friends", NULL);
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  g_autoptr(GFile) root = g_file_new_for_path (fixture->root);

  g_mkdir (sub, 0700);
  g_free (put_deck (fixture->root, "orc-crown-and-eagle.xml", "a.xml"));
  g_free (put_deck (sub, "a21-gilded-legion.xml", "legion.xml"));
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page, "Friends/\nCrown and Eagle: Legal"));

  g_signal_emit_by_name (dw_library_page_get_list_view (fixture->page), "activate", 0);
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 1);
  g_assert_true (g_str_has_suffix (dw_library_page_get_folder (fixture->page) ?
                                   g_file_peek_path (dw_library_page_get_folder (fixture->page)) : "", "/Friends"));

  dw_test_collect_widgets (GTK_WIDGET (dw_library_page_get_breadcrumbs (fixture->page)), GTK_TYPE_BUTTON, buttons);
  g_assert_cmpuint (buttons->len, ==, 2);
  g_assert_cmpstr (gtk_button_get_label (g_ptr_array_index (buttons, 1)), ==, "Friends");
  g_signal_emit_by_name (g_ptr_array_index (buttons, 0), "clicked");
  g_assert_true (g_file_equal (dw_library_page_get_folder (fixture->page), root));
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page, "Friends/\nCrown and Eagle: Legal"));
}

static gboolean
exists (const char *dir,
        const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  return g_file_test (path, G_FILE_TEST_EXISTS);
}

/* Deleting hides the deck at once and leaves the file until the toast
 * goes; Undo brings the row back; once the toast goes the file is in the
 * trash, not destroyed. */
static void
test_trash_and_undo (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *trashed = g_build_filename (g_get_user_data_dir (), "Trash", "files", "crown.xml", NULL);
  AdwToast *toast;

  g_free (put_deck (fixture->root, "orc-crown-and-eagle.xml", "crown.xml"));
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page, "Crown and Eagle: Legal"));
  file = file_at (fixture->root, "crown.xml");

  dw_library_page_trash (fixture->page, file);
  g_assert_true (listing_is (fixture->page, ""));
  g_assert_true (exists (fixture->root, "crown.xml"));
  toast = dw_library_page_get_last_toast (fixture->page);
  g_assert_cmpstr (adw_toast_get_action_name (toast), ==, "library.undo-trash");
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (fixture->page), "library.undo-trash",
                                                     adw_toast_get_action_target_value (toast)));
  g_assert_true (listing_is (fixture->page, "Crown and Eagle: Legal"));
  adw_toast_dismiss (toast);
  g_assert_true (exists (fixture->root, "crown.xml"));

  dw_library_page_trash (fixture->page, file);
  adw_toast_dismiss (dw_library_page_get_last_toast (fixture->page));
  g_assert_false (exists (fixture->root, "crown.xml"));
  g_assert_true (g_file_test (trashed, G_FILE_TEST_EXISTS));
  g_unlink (trashed);
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page, ""));
}

/* Renaming a deck of ours names the deck and its file alike; a name
 * already taken is refused and nothing changes. */
static void
test_rename (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) renamed = NULL;
  g_autoptr(GFile) expected = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = NULL;

  g_free (put_deck (fixture->root, "orc-crown-and-eagle.xml", "crown.xml"));
  g_free (put_deck (fixture->root, "a21-gilded-legion.xml", "Taken.xml"));
  file = file_at (fixture->root, "crown.xml");

  renamed = dw_library_page_rename (fixture->page, file, "  Green & <Wall>  ", &error);
  g_assert_no_error (error);
  expected = file_at (fixture->root, "Green & <Wall>.xml");
  g_assert_cmpstr (g_file_peek_path (renamed), ==, g_file_peek_path (expected));
  g_assert_false (exists (fixture->root, "crown.xml"));
  deck = dw_deck_load (g_file_peek_path (renamed), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dw_deck_get_name (deck), ==, "Green & <Wall>");
  g_assert_cmpuint (dw_deck_count_copies (deck), >, 0);
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page, "Gilded Legion: Legal\nGreen & <Wall>: Legal"));

  g_assert_null (dw_library_page_rename (fixture->page, renamed, "Taken", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_clear_error (&error);
  g_assert_true (exists (fixture->root, "Green & <Wall>.xml"));
  g_assert_null (dw_library_page_rename (fixture->page, renamed, "a/b", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME);
  g_clear_error (&error);

  /* A toast's title is markup: the file's name in it is escaped. */
  dw_library_page_trash (fixture->page, renamed);
  g_assert_cmpstr (adw_toast_get_title (dw_library_page_get_last_toast (fixture->page)), ==,
                   "“Green &amp; &lt;Wall&gt;.xml” moved to the trash");
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (fixture->page), "library.undo-trash",
                                                     adw_toast_get_action_target_value (
                                                       dw_library_page_get_last_toast (fixture->page))));
}

/* Duplicate (Ctrl+D) copies a deck beside it as “NAME (copy)”, selects
 * the copy and says so; the copy's versions are its own: the original's
 * history stays with the original. */
static void
test_duplicate (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *store = g_build_filename (fixture->root, ".deckwright", NULL);
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *copy_path = g_build_filename (fixture->root, "crown (copy).xml", NULL);
  g_autoptr(GListModel) versions = NULL;
  g_autoptr(GListModel) copy_versions = NULL;
  g_autoptr(DwDeck) copy = NULL;
  g_autoptr(GError) error = NULL;
  GtkSingleSelection *selection;
  GFileInfo *selected;

  g_assert_cmpint (g_mkdir (store, 0755), ==, 0);
  path = put_deck (fixture->root, "orc-crown-and-eagle.xml", "crown.xml");
  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  {
    g_autofree char *changed = g_strconcat (contents, "<!-- changed -->\n", NULL);

    g_assert_true (dw_deck_versions_save_file (path, changed, -1, &error));
  }
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page, "Crown and Eagle: Legal"));

  selection = GTK_SINGLE_SELECTION (gtk_list_view_get_model (dw_library_page_get_list_view (fixture->page)));
  gtk_single_selection_set_selected (selection, 0);
  gtk_widget_grab_focus (GTK_WIDGET (dw_library_page_get_list_view (fixture->page)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->page), "library.duplicate", NULL));
  g_assert_cmpstr (adw_toast_get_title (dw_library_page_get_last_toast (fixture->page)), ==,
                   "Duplicated as “crown (copy).xml”");
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page, "Crown and Eagle: Legal\nCrown and Eagle (copy): Legal"));
  DW_TEST_WAIT_UNTIL (gtk_single_selection_get_selected (selection) == 1);
  selected = dw_slot_get_item (gtk_single_selection_get_selected_item (selection));
  g_assert_cmpstr (g_file_info_get_name (selected), ==, "crown (copy).xml");

  copy = dw_deck_load (copy_path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dw_deck_get_name (copy), ==, "Crown and Eagle (copy)");

  /* One version for the original; none for the copy, and its saves are
   * kept as its own. */
  versions = dw_deck_versions_list (library, path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (versions), ==, 1);
  copy_versions = dw_deck_versions_list (library, copy_path, &error);
  g_assert_cmpuint (g_list_model_get_n_items (copy_versions), ==, 0);
  dw_deck_set_notes (copy, "changed");
  g_assert_true (dw_deck_save (copy, copy_path, &error));
  g_clear_object (&copy_versions);
  copy_versions = dw_deck_versions_list (library, copy_path, &error);
  g_assert_cmpuint (g_list_model_get_n_items (copy_versions), ==, 1);
  g_clear_object (&versions);
  versions = dw_deck_versions_list (library, path, &error);
  g_assert_cmpuint (g_list_model_get_n_items (versions), ==, 1);

  /* Again: the next free name. */
  gtk_single_selection_set_selected (selection, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->page), "library.duplicate", NULL));
  g_assert_true (exists (fixture->root, "crown (copy) (2).xml"));
}

/* Every row is named for a screen reader by what it shows: a deck by its
 * name, game, verdict and cards, a folder as a folder; the Menu key's
 * action opens the selected row's menu (Open, Duplicate, Rename, Move
 * to Trash). */
static void
test_rows_speak (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *sub = g_build_filename (fixture->root, "Friends", NULL);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GPtrArray) popovers = g_ptr_array_new ();
  GtkListView *view = dw_library_page_get_list_view (fixture->page);
  gboolean deck_said = FALSE, folder_said = FALSE;

  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  g_free (put_deck (fixture->root, "orc-green-wall.xml", "green.xml"));
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page, "Friends/\nGreen Wall: Legal"));
  dw_test_relayout ();

  dw_test_collect_widgets (GTK_WIDGET (view), DW_TYPE_LIBRARY_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      const char *spoken = dw_library_row_get_spoken (g_ptr_array_index (rows, i));

      g_test_message ("%s", spoken);
      deck_said |= g_strcmp0 (spoken, "Green Wall, Arcmage, Legal, 69 cards") == 0;
      folder_said |= g_strcmp0 (spoken, "Friends, folder") == 0;
    }
  g_assert_true (deck_said);
  g_assert_true (folder_said);

  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (gtk_list_view_get_model (view)), 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->page), "library.row-menu", NULL));
  dw_test_collect_widgets (GTK_WIDGET (view), GTK_TYPE_POPOVER_MENU, popovers);
  g_assert_cmpuint (popovers->len, ==, 1);
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (g_ptr_array_index (popovers, 0)));
  g_assert_true (dw_test_has_label (g_ptr_array_index (popovers, 0), "Duplicate"));
  gtk_popover_popdown (g_ptr_array_index (popovers, 0));
}

/* A deck moves into a folder, never over a deck of the same name there;
 * a folder never into itself. */
static void
test_move (Fixture       *fixture,
           gconstpointer  data)
{
  g_autofree char *sub = g_build_filename (fixture->root, "Old", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (sub);
  g_autoptr(GFile) file = file_at (fixture->root, "crown.xml");
  g_autoptr(GError) error = NULL;

  g_mkdir (sub, 0700);
  g_free (put_deck (fixture->root, "orc-crown-and-eagle.xml", "crown.xml"));
  g_assert_true (dw_library_page_move (fixture->page, file, folder, &error));
  g_assert_no_error (error);
  g_assert_true (exists (sub, "crown.xml"));
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page, "Old/"));

  g_free (put_deck (fixture->root, "orc-crown-and-eagle.xml", "crown.xml"));
  g_assert_false (dw_library_page_move (fixture->page, file, folder, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_clear_error (&error);
  g_assert_true (exists (fixture->root, "crown.xml"));

  g_assert_false (dw_library_page_move (fixture->page, folder, folder, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

/* Decks dropped onto the page are copied into the folder shown, under a
 * free name; where they came from nothing changes; other files are
 * refused. */
static void
test_import (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *elsewhere = dw_test_make_tmpdir ();
  g_autofree char *source = put_deck (elsewhere, "orc-crown-and-eagle.xml", "crown.xml");
  g_autofree char *before = dw_test_read_file (source);
  g_autofree char *picture = dw_test_write_file (elsewhere, "photo.png", "not a deck");
  g_autoptr(GFile) deck_file = g_file_new_for_path (source);
  g_autoptr(GFile) picture_file = g_file_new_for_path (picture);
  g_autoptr(GError) error = NULL;
  GSList files = { deck_file, NULL };
  GSList both = { picture_file, &files };

  g_free (put_deck (fixture->root, "a21-gilded-legion.xml", "crown.xml"));
  g_assert_cmpuint (dw_library_page_import (fixture->page, &files, &error), ==, 1);
  g_assert_no_error (error);
  g_assert_true (exists (fixture->root, "crown (2).xml"));
  g_assert_cmpuint (dw_library_page_import (fixture->page, &both, &error), ==, 1);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_true (exists (fixture->root, "crown (3).xml"));
  g_assert_false (exists (fixture->root, "photo.png"));
  {
    g_autofree char *after = dw_test_read_file (source);

    g_assert_cmpstr (after, ==, before);
  }
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 3);
  dw_test_remove_tree (elsewhere);
}

/* A new deck is saved in the folder shown under a free name. */
static void
test_new_deck (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GFile) first = NULL;
  g_autoptr(GFile) second = NULL;
  g_autoptr(GError) error = NULL;

  first = dw_library_page_new_deck (fixture->page, "arcmage", &error);
  g_assert_no_error (error);
  second = dw_library_page_new_deck (fixture->page, "arcmage", &error);
  g_assert_no_error (error);
  g_assert_true (exists (fixture->root, "New Deck.xml"));
  g_assert_true (exists (fixture->root, "New Deck (2).xml"));
  g_assert_null (dw_library_page_new_deck (fixture->page, "no-such-game", &error));
  g_assert_error (error, DW_LIBRARY_ERROR, DW_LIBRARY_ERROR_UNKNOWN_GAME);
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 2);
}

/* Opened from the Decks page, a deck is the window's and the builder
 * shows it. */
static void
test_window_opens_a_deck (void)
{
  DwWindow *window = dw_window_new_for_library (NULL, library);
  DwLibraryPage *page = dw_window_get_library_page (window);
  g_autofree char *root_path = dw_test_make_tmpdir ();
  g_autoptr(GFile) root = g_file_new_for_path (root_path);
  g_autofree char *path = put_deck (root_path, "orc-crown-and-eagle.xml", "crown.xml");
  g_autoptr(GFile) file = g_file_new_for_path (path);

  dw_library_page_set_root (page, root);
  gtk_window_present (GTK_WINDOW (window));
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));
  g_signal_emit_by_name (page, "deck-activated", file);
  g_assert_nonnull (dw_window_get_file (window));
  g_assert_true (g_file_equal (dw_window_get_file (window), file));
  g_assert_cmpstr (dw_deck_get_name (dw_window_get_deck (window)), ==, "Crown and Eagle");
  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_remove_tree (root_path);
}

/* Another program changes the open deck's file: the window offers to
 * read it again and keeps what it holds until asked; its own saves are
 * no change. */
static void
test_window_offers_reload (void)
{
  DwWindow *window = dw_window_new_for_library (NULL, library);
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = put_deck (dir, "orc-crown-and-eagle.xml", "crown.xml");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (dw_window_open_file (window, file, &error));
  g_assert_no_error (error);
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));

  /* A save of the window's own, then another program's. */
  g_assert_true (dw_window_save_to (window, file, &error));
  g_assert_no_error (error);
  g_free (put_deck (dir, "a21-gilded-legion.xml", "crown.xml"));
  DW_TEST_WAIT_UNTIL (dw_window_get_reload_toast (window) != NULL);
  g_assert_cmpstr (dw_deck_get_name (dw_window_get_deck (window)), ==, "Crown and Eagle");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL));
  g_assert_cmpstr (dw_deck_get_name (dw_window_get_deck (window)), ==, "Gilded Legion");
  g_assert_null (dw_window_get_reload_toast (window));
  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_remove_tree (dir);
}

static void
type_search (DwLibraryPage *page,
             const char    *text)
{
  gtk_editable_set_text (GTK_EDITABLE (dw_library_page_get_search_entry (page)), text);
}

static gboolean
shown_is (DwLibraryPage *page,
          const char    *name)
{
  return g_strcmp0 (dw_library_page_get_shown (page), name) == 0;
}

/* The search covers every deck of the library, sub-folders included,
 * in the deck query language; follows the disk; a wrong search says
 * where it is wrong; a blank one shows the folder again. */
static void
test_search (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *sub = g_build_filename (fixture->root, "Friends", NULL);
  GtkEntry *entry = dw_library_page_get_search_entry (fixture->page);

  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  g_free (put_deck (fixture->root, "orc-crown-and-eagle.xml", "crown.xml"));
  g_free (put_deck (fixture->root, "cor-bone-choir.xml", "choir.xml"));
  g_free (put_deck (sub, "orc-green-wall.xml", "wall.xml"));
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 3);

  /* The deck in the sub-folder is found from the library's own folder. */
  type_search (fixture->page, "card:\"Thornwood Scout\"");
  DW_TEST_WAIT_UNTIL (listing_starts_with (fixture->page, "Green Wall") &&
                      g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 1);
  g_assert_true (shown_is (fixture->page, "list"));

  type_search (fixture->page, "game:coraabia");
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 1 &&
                      !listing_starts_with (fixture->page, "Green Wall"));
  g_assert_false (listing_starts_with (fixture->page, "Crown"));

  /* Another deck with the card, added by another program, comes in. */
  type_search (fixture->page, "card:\"Thornwood Scout\"");
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 1);
  g_free (put_deck (fixture->root, "orc-green-wall.xml", "wall-again.xml"));
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 2);

  type_search (fixture->page, "card:\"No Such Card\"");
  DW_TEST_WAIT_UNTIL (shown_is (fixture->page, "no-matches"));
  g_assert_cmpuint (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)), ==, 0);

  /* A mistake: the entry is marked, the characters underlined. */
  type_search (fixture->page, "green colour:red");
  g_assert_true (shown_is (fixture->page, "mistake"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));
  {
    PangoAttrList *attributes = gtk_entry_get_attributes (entry);
    g_autoptr(GSList) list = NULL;
    PangoAttribute *underline;

    g_assert_nonnull (attributes);
    list = pango_attr_list_get_attributes (attributes);
    g_assert_cmpuint (g_slist_length (list), ==, 1);
    underline = list->data;
    g_assert_cmpint (underline->klass->type, ==, PANGO_ATTR_UNDERLINE);
    /* "colour" starts at byte 6. */
    g_assert_cmpuint (underline->start_index, ==, 6);
    g_assert_cmpuint (underline->end_index, >, 6);
    g_slist_free_full (g_steal_pointer (&list), (GDestroyNotify) pango_attribute_destroy);
  }

  /* Blank: the folder shown again, the mark gone. */
  type_search (fixture->page, "  ");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));
  g_assert_null (gtk_entry_get_attributes (entry));
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 4);
  g_assert_true (listing_starts_with (fixture->page, "Friends/"));
}

/* While a search lists what it found: a found deck sent to the trash
 * goes at once and Undo brings it back, another sort orders the found
 * decks anew, and a deck changed on disk so that it no longer matches
 * goes, one changed so that it matches comes. */
static void
test_search_hides_trash_and_follows (Fixture       *fixture,
                                     gconstpointer  data)
{
  g_autoptr(GFile) wall = NULL;
  g_autofree char *choir_path = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) parts = NULL;
  g_autofree char *with_tag = NULL;
  g_autoptr(GError) error = NULL;
  AdwToast *toast;

  g_free (put_deck (fixture->root, "orc-green-wall.xml", "a-wall.xml"));
  g_free (put_deck (fixture->root, "orc-crown-and-eagle.xml", "b-crown.xml"));
  choir_path = put_deck (fixture->root, "cor-bone-choir.xml", "c-choir.xml");
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 3);
  /* By file name (the newest first is by time, which the test does not set). */
  gtk_drop_down_set_selected (fixture->page->sort_drop, 0);

  type_search (fixture->page, "game:arcmage");
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page, "Crown and Eagle: Legal\nGreen Wall: Legal"));

  wall = file_at (fixture->root, "a-wall.xml");
  dw_library_page_trash (fixture->page, wall);
  g_assert_true (listing_is (fixture->page, "Crown and Eagle: Legal"));
  toast = dw_library_page_get_last_toast (fixture->page);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (fixture->page), "library.undo-trash",
                                                     adw_toast_get_action_target_value (toast)));
  g_assert_true (listing_is (fixture->page, "Crown and Eagle: Legal\nGreen Wall: Legal"));
  g_assert_true (exists (fixture->root, "a-wall.xml"));

  /* By game (Arcmage first), then by name: the found decks reordered. */
  gtk_drop_down_set_selected (fixture->page->sort_drop, 2);
  type_search (fixture->page, "game:arcmage OR game:coraabia");
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 3 &&
                      !listing_starts_with (fixture->page, "Bone Choir"));
  gtk_drop_down_set_selected (fixture->page->sort_drop, 0);
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page, "Bone Choir: Legal\nCrown and Eagle: Legal\nGreen Wall: Legal"));

  /* The choir tagged on disk: it matches tag:night, and then alone. */
  type_search (fixture->page, "tag:night OR card:\"Thornwood Scout\"");
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page, "Green Wall: Legal"));
  g_assert_true (g_file_get_contents (choir_path, &contents, NULL, &error));
  parts = g_strsplit (contents, "</notes>", 2);
  g_assert_nonnull (parts[1]);
  with_tag = g_strconcat (parts[0], "</notes><tag>Night</tag>", parts[1], NULL);
  g_free (dw_test_write_file (fixture->root, "c-choir.xml", with_tag));
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page, "Bone Choir: Legal [Night]\nGreen Wall: Legal"));
  /* The wall without its scouts: the card term's index follows. */
  g_free (put_deck (fixture->root, "orc-crown-and-eagle.xml", "a-wall.xml"));
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page, "Bone Choir: Legal [Night]"));
}

/* The files the page lists, in its order, one per line. */
static gboolean
files_are (DwLibraryPage *page,
           const char    *expected)
{
  GListModel *items = dw_library_page_get_items (page);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(GFileInfo) info = g_list_model_get_item (items, i);

      g_string_append_printf (text, "%s%s", i ? "\n" : "", g_file_info_get_name (info));
    }
  return strcmp (text->str, expected) == 0;
}

/* "By Name" is by the name the row shows, the deck's, case-folded, and by
 * file name between decks of one name; not by file name. */
static void
test_sort_by_deck_name (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *source = dw_test_data_path ("decks", "orc-crown-and-eagle.xml", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) parts = NULL;
  g_autofree char *lower = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (source, &contents, NULL, &error));
  parts = g_strsplit (contents, "<name>Crown and Eagle</name>", 2);
  g_assert_nonnull (parts[1]);
  lower = g_strconcat (parts[0], "<name>bramble Crown</name>", parts[1], NULL);

  g_free (put_deck (fixture->root, "orc-green-wall.xml", "a.xml"));
  g_free (put_deck (fixture->root, "cor-bone-choir.xml", "b.xml"));
  g_free (dw_test_write_file (fixture->root, "c.xml", lower));
  g_free (put_deck (fixture->root, "orc-green-wall.xml", "e.xml"));
  g_free (dw_test_write_file (fixture->root, "d-broken.xml", "<deck"));
  g_assert_cmpuint (gtk_drop_down_get_selected (fixture->page->sort_drop), ==, 0);
  DW_TEST_WAIT_UNTIL (files_are (fixture->page, "b.xml\nc.xml\nd-broken.xml\na.xml\ne.xml"));
  g_assert_true (listing_is (fixture->page,
                             "Bone Choir: Legal\n"
                             "bramble Crown: Legal\n"
                             "d-broken.xml: Unreadable\n"
                             "Green Wall: Legal\n"
                             "Green Wall: Legal"));
  /* The index read for the sort alone: no search's items made yet. */
  g_assert_true (fixture->page->scanned);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->page->results)), ==, 0);

  /* A deck renamed inside moves to its new place. */
  {
    g_autofree char *path = g_build_filename (fixture->root, "b.xml", NULL);
    g_autofree char *choir = NULL;
    g_auto(GStrv) halves = NULL;
    g_autofree char *renamed = NULL;

    g_assert_true (g_file_get_contents (path, &choir, NULL, &error));
    halves = g_strsplit (choir, "<name>Bone Choir</name>", 2);
    g_assert_nonnull (halves[1]);
    renamed = g_strconcat (halves[0], "<name>Hollow Choir</name>", halves[1], NULL);
    g_free (dw_test_write_file (fixture->root, "b.xml", renamed));
  }
  DW_TEST_WAIT_UNTIL (files_are (fixture->page, "c.xml\nd-broken.xml\na.xml\ne.xml\nb.xml"));
}

/* Sorted by game (unreadable first, then by game id) and by verdict
 * (legal, illegal, unreadable), by name within each. */
static void
test_sort_by_game_and_verdict (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);

  g_free (put_deck (fixture->root, "orc-crown-and-eagle.xml", "a-crown.xml"));
  g_free (put_deck (fixture->root, "cor-bone-choir.xml", "b-choir.xml"));
  g_free (put_deck (fixture->root, "arcmage-illegal-section-size.xml", "c-illegal.xml"));
  g_free (dw_test_write_file (fixture->root, "d-broken.xml", "<deck"));
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 4);

  g_settings_set_uint (settings, "library-sort", 2);
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page,
                                  "d-broken.xml: Unreadable\n"
                                  "Crown and Eagle: Legal\n"
                                  "Illegal: Section Size: Illegal: 1 problem\n"
                                  "Bone Choir: Legal"));
  g_settings_set_uint (settings, "library-sort", 3);
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page,
                                  "Bone Choir: Legal\n"
                                  "Crown and Eagle: Legal\n"
                                  "Illegal: Section Size: Illegal: 1 problem\n"
                                  "d-broken.xml: Unreadable"));
  g_settings_reset (settings, "library-sort");
}

/* A row names a deck's factions as the game does: Arcmage's tokens of
 * faction "None" are colourless, not a faction called None. */
static void
test_factions_as_the_game_names_them (Fixture       *fixture,
                                      gconstpointer  data)
{
  g_free (put_deck (fixture->root, "orc-green-wall.xml", "wall.xml"));
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page, "Green Wall: Legal"));
  DW_TEST_WAIT_UNTIL (dw_test_has_label (GTK_WIDGET (fixture->page), "● Gaian  None (colourless)"));
  g_assert_false (dw_test_has_label (GTK_WIDGET (fixture->page), "● Gaian  None"));
}

/* A row draws the cover the deck chose when it holds that card, else
 * its first card (an unknown id is no crash). */
static void
test_row_draws_the_chosen_cover (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autofree char *path = put_deck (fixture->root, "orc-green-wall.xml", "wall.xml");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = dw_deck_load (path, &error);
  g_autoptr(DwLibrarySummary) first = NULL;
  g_autoptr(DwLibrarySummary) chosen = NULL;
  g_autoptr(DwLibrarySummary) unknown = NULL;

  g_assert_no_error (error);
  first = dw_library_summary_read (library, file, 0);
  g_assert_cmpstr (dw_card_get_id (first->cover), ==, "arc-0001");

  dw_deck_set_cover_id (deck, "arc-0014");
  g_assert_true (dw_deck_save (deck, path, &error));
  chosen = dw_library_summary_read (library, file, 0);
  g_assert_cmpstr (dw_card_get_id (chosen->cover), ==, "arc-0014");

  dw_deck_set_cover_id (deck, "no-such-card");
  g_assert_true (dw_deck_save (deck, path, &error));
  unknown = dw_library_summary_read (library, file, 0);
  g_assert_cmpstr (dw_card_get_id (unknown->cover), ==, "arc-0001");
}

static gboolean
toast_starts_with (DwLibraryPage *page,
                   const char    *start)
{
  AdwToast *toast = dw_library_page_get_last_toast (page);

  return toast != NULL && g_str_has_prefix (adw_toast_get_title (toast), start);
}

static void
on_fraction_cb (GtkProgressBar *bar,
                GParamSpec     *pspec,
                double         *most)
{
  *most = MAX (*most, gtk_progress_bar_get_fraction (bar));
}

/* Back Up Library… and Import Backup…, driven to their end: the progress
 * bar fills, a toast says how many decks went, the zip holds them and
 * an import puts them, whole, into the folder shown.  Stop ends either
 * early: a backup stopped leaves no zip; the toast says so. */
static void
test_backup_and_import (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *away = dw_test_make_tmpdir ();
  g_autofree char *zip_path = g_build_filename (away, "Decks & <backup>.zip", NULL);
  g_autofree char *stopped_path = g_build_filename (away, "stopped.zip", NULL);
  g_autofree char *sub = g_build_filename (fixture->root, "Restored", NULL);
  g_autoptr(GFile) root = g_file_new_for_path (fixture->root);
  g_autoptr(GFile) zip = g_file_new_for_path (zip_path);
  g_autoptr(GFile) stopped = g_file_new_for_path (stopped_path);
  g_autoptr(GFile) sub_file = NULL;
  DwBackupWindow *window;
  double most = 0;

  g_free (put_deck (fixture->root, "orc-crown-and-eagle.xml", "crown.xml"));
  g_free (put_deck (fixture->root, "a21-gilded-legion.xml", "legion.xml"));
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 2);
  /* One save over a deck of the library (a folder holding its store):
   * one version, which the toasts count. */
  {
    g_autofree char *store = g_build_filename (fixture->root, DW_DECK_LIBRARY_DIR, NULL);
    g_autofree char *legion = g_build_filename (fixture->root, "legion.xml", NULL);
    g_autofree char *contents = NULL;
    g_autofree char *changed = NULL;
    g_autoptr(GError) error = NULL;

    g_file_get_contents (legion, &contents, NULL, &error);
    g_assert_no_error (error);
    changed = g_strconcat (contents, "\n", NULL);
    g_assert_cmpint (g_mkdir (store, 0700), ==, 0);
    dw_deck_versions_save_file (legion, changed, -1, &error);
    g_assert_no_error (error);
  }

  window = dw_library_page_back_up (fixture->page, root, zip);
  g_assert_true (dw_backup_window_is_running (window));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (window)) == fixture->window);
  g_signal_connect (dw_backup_window_get_progress (window), "notify::fraction",
                    G_CALLBACK (on_fraction_cb), &most);
  DW_TEST_WAIT_UNTIL (toast_starts_with (fixture->page, "Backed up 2 decks and 1 version of "));
  g_assert_cmpfloat (most, ==, 1.0);
  g_assert_true (g_file_query_exists (zip, NULL));
  g_assert_nonnull (strstr (adw_toast_get_title (dw_library_page_get_last_toast (fixture->page)),
                            " to Decks &amp; &lt;backup&gt;.zip"));

  /* Into a folder of the library, the one shown. */
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  sub_file = g_file_new_for_path (sub);
  dw_library_page_set_folder (fixture->page, sub_file);
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page, ""));
  dw_library_page_import_backup (fixture->page, zip);
  DW_TEST_WAIT_UNTIL (toast_starts_with (fixture->page, "Imported 2 decks and 1 version into “Restored”"));
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 2);
  {
    g_autofree char *text = listing (fixture->page);

    g_assert_nonnull (strstr (text, "Crown and Eagle: Legal"));
    g_assert_nonnull (strstr (text, "Gilded Legion: "));
  }

  /* Stop, pressed before the worker is done. */
  window = g_object_ref (dw_library_page_back_up (fixture->page, root, stopped));
  /* (Its click, not a key's activation, which clicks a moment later.) */
  g_signal_emit_by_name (dw_backup_window_get_stop_button (window), "clicked");
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (dw_backup_window_get_stop_button (window))));
  /* Laid out while it stops, when it is still there to look at. */
  DW_TEST_WAIT_UNTIL (!dw_backup_window_is_running (window) || gtk_widget_get_width (GTK_WIDGET (window)) > 0);
  if (dw_backup_window_is_running (window))
    dw_test_save_screenshot (GTK_WIDGET (window), "backup-stopping");
  DW_TEST_WAIT_UNTIL (toast_starts_with (fixture->page, "Backup stopped"));
  g_object_unref (window);
  g_assert_false (g_file_query_exists (stopped, NULL));

  window = dw_library_page_import_backup (fixture->page, zip);
  gtk_window_close (GTK_WINDOW (window));
  DW_TEST_WAIT_UNTIL (toast_starts_with (fixture->page, "Import stopped"));

  /* A zip that is none: the error names it, and stays. */
  g_free (dw_test_write_file (away, "broken.zip", "no zip at all"));
  {
    g_autofree char *broken_path = g_build_filename (away, "broken.zip", NULL);
    g_autoptr(GFile) broken = g_file_new_for_path (broken_path);

    dw_library_page_import_backup (fixture->page, broken);
    DW_TEST_WAIT_UNTIL (toast_starts_with (fixture->page, "The backup broken.zip could not be imported"));
    g_assert_cmpint (adw_toast_get_timeout (dw_library_page_get_last_toast (fixture->page)), ==, 0);
  }
  dw_test_remove_tree (away);
}

/* --- the keyboard only ----------------------------------------------- */

/* The focus, which is never nowhere, and inside the page. */
static GtkWidget *
focus_in (Fixture *fixture)
{
  GtkWidget *focus = gtk_window_get_focus (fixture->window);

  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (fixture->page)));
  return focus;
}

/* Presses Tab (or Shift+Tab) until @done holds, at most 30 times; the
 * focus is in the page after every press. */
static void
tab_until (Fixture   *fixture,
           gboolean   backwards,
           gboolean (*done) (Fixture *fixture))
{
  for (guint i = 0; i < 30 && !done (fixture); i++)
    {
      g_assert_true (dw_test_press_key (fixture->window, GDK_KEY_Tab,
                            backwards ? GDK_SHIFT_MASK : 0));
      focus_in (fixture);
    }
  g_assert_true (done (fixture));
}

static gboolean
focus_in_entry (Fixture *fixture)
{
  GtkWidget *focus = gtk_window_get_focus (fixture->window);

  return focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (dw_library_page_get_search_entry (fixture->page)));
}

static gboolean
focus_in_list (Fixture *fixture)
{
  GtkWidget *focus = gtk_window_get_focus (fixture->window);

  return focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (dw_library_page_get_list_view (fixture->page)));
}

static gboolean
focus_on_crumb (Fixture *fixture)
{
  GtkWidget *focus = gtk_window_get_focus (fixture->window);

  return focus != NULL && GTK_IS_BUTTON (focus) &&
         gtk_widget_is_ancestor (focus, GTK_WIDGET (dw_library_page_get_breadcrumbs (fixture->page)));
}

/* The row of the deck or folder the focus is on. */
static DwLibraryRow *
focused_row (Fixture *fixture)
{
  GtkWidget *focus = focus_in (fixture);
  GtkWidget *row;

  if (DW_IS_LIBRARY_ROW (focus))
    return DW_LIBRARY_ROW (focus);
  row = gtk_widget_get_first_child (focus);
  while (row != NULL && !DW_IS_LIBRARY_ROW (row))
    row = gtk_widget_get_first_child (row);
  g_assert_nonnull (row);
  return DW_LIBRARY_ROW (row);
}

static void
on_activated_cb (DwLibraryPage *page,
                 GFile         *file,
                 GFile        **opened)
{
  g_set_object (opened, file);
}

static GtkWidget *
open_menu (Fixture *fixture)
{
  GtkWidget *popover = NULL;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (dw_library_page_get_list_view (fixture->page)));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child) && gtk_widget_get_visible (child))
      popover = child;
  return popover;
}

/* Issue 22: the Decks page walked with the keyboard only.  Tab reaches
 * the search; typing searches; Tab goes on into the found decks; the
 * arrows go from row to row; Menu and Shift+F10 open the row's menu and
 * Escape closes it, the focus back on the row; Enter opens the deck.
 * A folder opens with Enter, its breadcrumbs are Tab stops and Enter on
 * the library's crumb goes back.  The focus is in the page after every
 * key. */
static void
test_keyboard_walk (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *sub = g_build_filename (fixture->root, "Friends", NULL);
  g_autoptr(GFile) opened = NULL;
  g_autoptr(GFile) sub_file = g_file_new_for_path (sub);
  GtkEditable *entry = GTK_EDITABLE (dw_library_page_get_search_entry (fixture->page));
  GtkWidget *popover;
  DwLibraryRow *row;
  int position = 0;

  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  g_free (put_deck (fixture->root, "orc-crown-and-eagle.xml", "crown.xml"));
  g_free (put_deck (fixture->root, "cor-bone-choir.xml", "choir.xml"));
  g_free (put_deck (sub, "orc-green-wall.xml", "wall.xml"));
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 3);
  g_signal_connect (fixture->page, "deck-activated", G_CALLBACK (on_activated_cb), &opened);

  /* Tab from nowhere reaches the search; typing searches every folder. */
  gtk_window_set_focus (fixture->window, NULL);
  g_assert_true (dw_test_press_key (fixture->window, GDK_KEY_Tab, 0));
  tab_until (fixture, FALSE, focus_in_entry);
  gtk_editable_insert_text (entry, "game:arcmage", -1, &position);
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 2 &&
                      shown_is (fixture->page, "list"));
  g_assert_true (focus_in_entry (fixture));

  /* On into the found decks; Down selects the next. */
  tab_until (fixture, FALSE, focus_in_list);
  dw_test_relayout ();
  row = focused_row (fixture);
  g_assert_nonnull (dw_library_row_get_place (row));
  g_assert_true (dw_test_press_key (fixture->window, GDK_KEY_Down, 0));
  focus_in (fixture);
  g_assert_true (focus_in_list (fixture));
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (gtk_list_view_get_model (dw_library_page_get_list_view (fixture->page)))),
                    ==, 1);
  row = focused_row (fixture);

  /* The Menu key, then Shift+F10: the row's menu; Escape: the row again. */
  g_assert_true (dw_test_press_key (fixture->window, GDK_KEY_Menu, 0));
  DW_TEST_WAIT_UNTIL ((popover = open_menu (fixture)) != NULL && gtk_widget_get_mapped (popover));
  g_assert_true (dw_test_press_key (fixture->window, GDK_KEY_Escape, 0));
  DW_TEST_WAIT_UNTIL (open_menu (fixture) == NULL && focus_in_list (fixture));
  g_assert_true (focused_row (fixture) == row);
  g_assert_true (dw_test_press_key (fixture->window, GDK_KEY_F10, GDK_SHIFT_MASK));
  DW_TEST_WAIT_UNTIL ((popover = open_menu (fixture)) != NULL && gtk_widget_get_mapped (popover));
  g_assert_true (dw_test_press_key (fixture->window, GDK_KEY_Escape, 0));
  DW_TEST_WAIT_UNTIL (open_menu (fixture) == NULL && focus_in_list (fixture));

  /* Enter opens the deck of the row. */
  g_assert_true (dw_test_press_key (fixture->window, GDK_KEY_Return, 0));
  DW_TEST_WAIT_UNTIL (opened != NULL);
  g_assert_true (g_file_equal (opened, dw_library_row_get_file (focused_row (fixture))));
  g_clear_object (&opened);

  /* Back to the search (Shift+Tab), emptied: the folder again. */
  tab_until (fixture, TRUE, focus_in_entry);
  gtk_editable_delete_text (entry, 0, -1);
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 3 &&
                      listing_starts_with (fixture->page, "Friends/"));

  /* Into the list, up to the folder's row, Enter: the folder opens. */
  tab_until (fixture, FALSE, focus_in_list);
  dw_test_relayout ();
  for (guint i = 0; i < 3 && !dw_library_row_is_folder (focused_row (fixture)); i++)
    g_assert_true (dw_test_press_key (fixture->window, GDK_KEY_Up, 0));
  g_assert_true (dw_library_row_is_folder (focused_row (fixture)));
  g_assert_true (dw_test_press_key (fixture->window, GDK_KEY_Return, 0));
  DW_TEST_WAIT_UNTIL (g_file_equal (dw_library_page_get_folder (fixture->page), sub_file) &&
                      listing_is (fixture->page, "Green Wall: Legal"));
  g_assert_null (opened);

  /* The breadcrumbs are Tab stops: the library's own crumb, Enter, back. */
  gtk_window_set_focus (fixture->window, NULL);
  g_assert_true (dw_test_press_key (fixture->window, GDK_KEY_Tab, 0));
  tab_until (fixture, FALSE, focus_on_crumb);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (gtk_window_get_focus (fixture->window))), !=, "Friends");
  g_assert_true (dw_test_press_key (fixture->window, GDK_KEY_Return, 0));
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 3);
  g_assert_false (g_file_equal (dw_library_page_get_folder (fixture->page), sub_file));
}

/* Issue 22: with two library folders, a search finds the decks of both,
 * each row saying which folder it is in; browsing stays in the one. */
static void
test_search_scope (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *other = dw_test_make_tmpdir ();
  g_autofree char *deeper = g_build_filename (other, "League", NULL);
  g_autofree char *other_name = g_path_get_basename (other);
  g_autofree char *root_name = g_path_get_basename (fixture->root);
  g_autofree char *expected = g_strdup_printf ("%s / League", other_name);
  const char *folders[] = { fixture->root, other, NULL };
  g_autoptr(GHashTable) places = g_hash_table_new (g_str_hash, g_str_equal);
  GtkListView *view = dw_library_page_get_list_view (fixture->page);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  g_settings_set_strv (settings, "library-folders", folders);
  g_assert_cmpint (g_mkdir (deeper, 0755), ==, 0);
  g_free (put_deck (fixture->root, "orc-green-wall.xml", "wall.xml"));
  g_free (put_deck (deeper, "orc-green-wall.xml", "wall-too.xml"));
  g_free (put_deck (other, "cor-bone-choir.xml", "choir.xml"));
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 1);

  type_search (fixture->page, "card:\"Thornwood Scout\"");
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 2);
  type_search (fixture->page, "game:coraabia");
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 1);
  type_search (fixture->page, "card:\"Thornwood Scout\"");
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 2);

  /* Each row says where its deck is. */
  dw_test_relayout ();
  dw_test_collect_widgets (GTK_WIDGET (view), DW_TYPE_LIBRARY_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (gtk_widget_get_mapped (g_ptr_array_index (rows, i)))
      {
        const char *place = dw_library_row_get_place (g_ptr_array_index (rows, i));

        g_assert_nonnull (place);
        g_hash_table_add (places, (gpointer) place);
      }
  g_assert_true (g_hash_table_contains (places, root_name));
  g_assert_true (g_hash_table_contains (places, expected));

  /* Browsing: the page's own folder only, no place said. */
  type_search (fixture->page, "");
  DW_TEST_WAIT_UNTIL (listing_is (fixture->page, "Green Wall: Legal"));
  g_ptr_array_set_size (rows, 0);
  dw_test_relayout ();
  dw_test_collect_widgets (GTK_WIDGET (view), DW_TYPE_LIBRARY_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (gtk_widget_get_mapped (g_ptr_array_index (rows, i)))
      g_assert_null (dw_library_row_get_place (g_ptr_array_index (rows, i)));

  g_settings_reset (settings, "library-folders");
  dw_test_remove_tree (other);
}

/* The first label under @widget with the style class @css_class. */
static GtkWidget *
find_styled (GtkWidget  *widget,
             const char *css_class)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, css_class))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_styled (child, css_class);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GFileInfo *
deck_info (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GFileInfo *info = g_file_info_new ();

  g_file_info_set_name (info, "deck.xml");
  g_file_info_set_display_name (info, "deck.xml");
  g_file_info_set_file_type (info, G_FILE_TYPE_REGULAR);
  g_file_info_set_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED, 1700000000);
  g_file_info_set_attribute_object (info, "standard::file", G_OBJECT (file));
  return info;
}

/* A row bound to one deck after another (as a search rebinds the rows
 * it keeps) shows only the last: its verdict's style alone, its tags
 * and factions or none, its place or none.  The row leaves a label, a
 * style or a visibility alone when it already is what the deck needs. */
static void
test_row_rebound_shows_only_its_deck (void)
{
  DwGame *game = dw_library_lookup_game (library, "arcmage");
  g_autoptr(GtkWidget) row = g_object_ref_sink (dw_library_row_new ());
  g_autoptr(GFileInfo) first = deck_info ("/nowhere/first.xml");
  g_autoptr(GFileInfo) second = deck_info ("/nowhere/second.xml");
  DwLibrarySummary illegal = { 0 }, legal = { 0 };
  g_autoptr(GPtrArray) factions = g_ptr_array_new ();
  g_autoptr(GPtrArray) none = g_ptr_array_new ();
  GtkWidget *verdict, *tags, *factions_label;

  g_assert_nonnull (game);
  g_ptr_array_add (factions, (gpointer) "gaian");
  illegal.name = (char *) "Green Wall";
  illegal.game = game;
  illegal.game_id = (char *) "arcmage";
  illegal.format_name = (char *) "Original";
  illegal.errors = 2;
  illegal.cards = 40;
  illegal.factions = factions;
  illegal.tags = (char *) "friends";
  legal = illegal;
  legal.name = (char *) "Bone Tide";
  legal.errors = 0;
  legal.factions = none;
  legal.tags = NULL;

  dw_library_row_show_deck (DW_LIBRARY_ROW (row), first, &illegal);
  dw_library_row_set_place (DW_LIBRARY_ROW (row), "Decks / Old");
  verdict = find_styled (row, "verdict");
  tags = find_styled (row, "accent");
  g_assert_nonnull (verdict);
  g_assert_nonnull (tags);
  factions_label = gtk_widget_get_next_sibling (verdict);
  g_assert_true (gtk_widget_has_css_class (verdict, "error"));
  g_assert_true (gtk_widget_get_visible (tags));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (tags)), ==, "friends");
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (factions_label)), "aian"));
  g_assert_cmpstr (dw_library_row_get_place (DW_LIBRARY_ROW (row)), ==, "Decks / Old");

  dw_library_row_show_deck (DW_LIBRARY_ROW (row), second, &legal);
  dw_library_row_set_place (DW_LIBRARY_ROW (row), NULL);
  g_assert_cmpstr (dw_library_row_get_title (DW_LIBRARY_ROW (row)), ==, "Bone Tide");
  g_assert_cmpstr (dw_library_row_get_verdict (DW_LIBRARY_ROW (row)), ==, "Legal");
  g_assert_true (gtk_widget_has_css_class (verdict, "success"));
  g_assert_false (gtk_widget_has_css_class (verdict, "error"));
  g_assert_false (gtk_widget_has_css_class (verdict, "warning"));
  g_assert_false (gtk_widget_get_visible (tags));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (tags)), ==, "");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (factions_label)), ==, "");
  g_assert_null (dw_library_row_get_place (DW_LIBRARY_ROW (row)));
  g_assert_cmpstr (dw_library_row_get_spoken (DW_LIBRARY_ROW (row)), ==, "Bone Tide, Arcmage, Legal, 40 cards");

  /* The same deck again changes nothing it shows. */
  dw_library_row_show_deck (DW_LIBRARY_ROW (row), second, &legal);
  g_assert_true (gtk_widget_has_css_class (verdict, "success"));
  g_assert_cmpstr (dw_library_row_get_spoken (DW_LIBRARY_ROW (row)), ==, "Bone Tide, Arcmage, Legal, 40 cards");
}


/* Green Wall @n times in @dir, as "d001.xml" named "Deck 001" and on. */
static void
put_numbered_decks (const char *dir,
                    guint       n)
{
  g_autofree char *source = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autofree char *contents = NULL;

  g_assert_true (g_file_get_contents (source, &contents, NULL, NULL));
  for (guint i = 1; i <= n; i++)
    {
      g_autofree char *as = g_strdup_printf ("d%03u.xml", i);
      g_autofree char *name = g_strdup_printf ("<name>Deck %03u</name>", i);
      g_autoptr(GString) deck = g_string_new (contents);

      g_string_replace (deck, "<name>Green Wall</name>", name, 1);
      g_free (dw_test_write_file (dir, as, deck->str));
    }
}

/* Issue 22: a row is filled only when it comes on screen, and never
 * seen before it is: in every frame painted while the list scrolls a
 * page at a time, and after a search, each row that shows in the list
 * shows its own deck's name. */
typedef struct
{
  DwLibraryPage *page;
  guint          frames;
  guint          rows_seen;
  guint          wrong;
} OnScreen;

static void
check_rows_on_screen (OnScreen *check)
{
  GtkListView *view = dw_library_page_get_list_view (check->page);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  int height = gtk_widget_get_height (GTK_WIDGET (view));

  check->frames++;
  dw_test_collect_widgets (GTK_WIDGET (view), DW_TYPE_LIBRARY_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      DwLibraryRow *row = g_ptr_array_index (rows, i);
      GFileInfo *info = g_hash_table_lookup (check->page->bound, row);
      graphene_rect_t bounds;
      g_autofree char *stem = NULL;
      g_autofree char *expected = NULL;

      if (!gtk_widget_get_mapped (GTK_WIDGET (row)) ||
          !gtk_widget_compute_bounds (GTK_WIDGET (row), GTK_WIDGET (view), &bounds) ||
          bounds.origin.y + bounds.size.height <= 0 || bounds.origin.y >= height)
        continue;
      check->rows_seen++;
      g_assert_nonnull (info);
      /* "d023.xml" holds "Deck 023". */
      stem = g_strndup (g_file_info_get_name (info) + 1, 3);
      expected = g_strdup_printf ("Deck %s", stem);
      if (g_strcmp0 (dw_library_row_get_title (row), expected) != 0)
        {
          g_test_message ("a row on screen at %.0f shows %s, not %s", bounds.origin.y,
                          dw_library_row_get_title (row), expected);
          check->wrong++;
        }
    }
}

static void
on_after_paint_cb (GdkFrameClock *clock,
                   OnScreen      *check)
{
  check_rows_on_screen (check);
}

static void
test_rows_filled_on_screen (Fixture       *fixture,
                            gconstpointer  data)
{
  GtkListView *view = dw_library_page_get_list_view (fixture->page);
  GtkAdjustment *adjustment;
  OnScreen check = { fixture->page, 0, 0, 0 };
  GdkFrameClock *clock;
  gulong painted;
  guint pages = 0;

  put_numbered_decks (fixture->root, 90);
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 90);
  dw_test_relayout ();
  check_rows_on_screen (&check);
  g_assert_cmpuint (check.wrong, ==, 0);
  g_assert_cmpuint (check.rows_seen, >, 2);

  clock = gtk_widget_get_frame_clock (GTK_WIDGET (view));
  painted = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint_cb), &check);
  adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));
  /* A page down at a time from the top, to the end, and back to the top
   * at once; each frame painted meanwhile is checked. */
  gtk_adjustment_set_value (adjustment, 0);
  dw_test_relayout ();
  while (gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment) <
         gtk_adjustment_get_upper (adjustment) - 1)
    {
      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) +
                                            gtk_adjustment_get_page_increment (adjustment));
      dw_test_relayout ();
      pages++;
    }
  g_assert_cmpuint (pages, >, 3);
  gtk_adjustment_set_value (adjustment, 0);
  dw_test_relayout ();

  /* A search binds other decks to the rows: those on screen show them. */
  type_search (fixture->page, "Deck 04");
  /* Deck 004, and 040 to 049. */
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 11 &&
                      shown_is (fixture->page, "list"));
  dw_test_relayout ();
  type_search (fixture->page, "");
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 90);
  dw_test_relayout ();
  g_signal_handler_disconnect (clock, painted);
  check_rows_on_screen (&check);
  g_test_message ("%u frames, %u rows seen on screen", check.frames, check.rows_seen);
  g_assert_cmpuint (check.wrong, ==, 0);
}

/* Issue 22: a search's first keystroke changes every row, from the
 * folder's decks to the library's, and yet the list makes no new row:
 * the rows it has show the answer (dw-slot-model.c), from its top, with
 * nothing chosen in it; each row on screen shows its own deck. */
static void
test_search_keeps_its_rows (Fixture       *fixture,
                            gconstpointer  data)
{
  GtkListView *view = dw_library_page_get_list_view (fixture->page);
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_list_view_get_model (view));
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));
  g_autoptr(GHashTable) before = g_hash_table_new (NULL, NULL);
  OnScreen check = { fixture->page, 0, 0, 0 };
  guint kept = 0;

  put_numbered_decks (fixture->root, 60);
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 60);
  dw_test_relayout ();
  gtk_single_selection_set_selected (selection, 3);
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_page_increment (adjustment));
  dw_test_relayout ();
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, 0);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (view)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    g_hash_table_add (before, child);
  g_assert_cmpuint (g_hash_table_size (before), >, 10);

  /* Every deck of the library, not the folder's: other items. */
  type_search (fixture->page, "Deck");
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 60 &&
                      shown_is (fixture->page, "list"));
  dw_test_relayout ();
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (view)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (!GTK_IS_SCROLLBAR (child) && !g_hash_table_contains (before, child))
        g_test_message ("a row made for the search: %s", G_OBJECT_TYPE_NAME (child));
      if (g_hash_table_contains (before, child))
        kept++;
      else
        g_assert_true (GTK_IS_SCROLLBAR (child) || GTK_IS_POPOVER (child));
    }
  g_assert_cmpuint (kept, >, 10);
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0);
  g_assert_cmpuint (gtk_single_selection_get_selected (selection), ==, GTK_INVALID_LIST_POSITION);
  check_rows_on_screen (&check);
  g_assert_cmpuint (check.rows_seen, >, 2);
  g_assert_cmpuint (check.wrong, ==, 0);

  /* A narrower search, and back to the folder: still the right decks. */
  type_search (fixture->page, "Deck 05");
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 11);
  dw_test_relayout ();
  g_assert_true (listing_starts_with (fixture->page, "Deck 005: Legal\nDeck 050: Legal"));
  check_rows_on_screen (&check);
  type_search (fixture->page, "");
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (fixture->page)) == 60);
  dw_test_relayout ();
  check_rows_on_screen (&check);
  g_assert_cmpuint (check.wrong, ==, 0);
}

/* Issue 22: a row's height comes from its fonts, never from what it
 * shows: a short name without tags, a long name with many tags and a
 * place, an unreadable deck and a folder are all as tall, at a phone's
 * width too. */
static void
test_row_height_fixed (void)
{
  DwGame *game = dw_library_lookup_game (library, "arcmage");
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  g_autoptr(GFileInfo) info = deck_info ("/nowhere/deck.xml");
  g_autoptr(GPtrArray) factions = g_ptr_array_new ();
  g_autoptr(GPtrArray) none = g_ptr_array_new ();
  g_autoptr(GString) long_name = g_string_new (NULL);
  g_autoptr(GString) many_tags = g_string_new (NULL);
  DwLibrarySummary plain = { 0 }, full = { 0 }, unreadable = { 0 };
  GtkWidget *rows[4];
  int widths[] = { 800, 360 };

  for (guint i = 0; i < 30; i++)
    {
      g_string_append (long_name, "Thornwood Scout Rush Ünterwald ");
      g_string_append_printf (many_tags, "%stag%u", i ? ", " : "", i);
    }
  g_ptr_array_add (factions, (gpointer) "gaian");
  g_ptr_array_add (factions, (gpointer) "dark legion");
  plain.name = (char *) "Bo";
  plain.game = game;
  plain.game_id = (char *) "arcmage";
  plain.format_name = (char *) "Original";
  plain.cards = 40;
  plain.factions = none;
  full = plain;
  full.name = long_name->str;
  full.errors = 12;
  full.warnings = 3;
  full.factions = factions;
  full.tags = many_tags->str;
  unreadable.name = (char *) "Broken";
  unreadable.error = (char *) "Line 3: the deck ends too soon";
  unreadable.factions = none;

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      rows[i] = dw_library_row_new ();
      gtk_box_append (GTK_BOX (box), rows[i]);
    }
  dw_library_row_show_deck (DW_LIBRARY_ROW (rows[0]), info, &plain);
  dw_library_row_show_deck (DW_LIBRARY_ROW (rows[1]), info, &full);
  dw_library_row_set_place (DW_LIBRARY_ROW (rows[1]), "Decks / Winter league / Old / Older still");
  dw_library_row_show_deck (DW_LIBRARY_ROW (rows[2]), info, &unreadable);
  g_file_info_set_file_type (info, G_FILE_TYPE_DIRECTORY);
  dw_library_row_show_folder (DW_LIBRARY_ROW (rows[3]), info);
  gtk_window_set_child (window, box);

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      gtk_window_set_default_size (window, widths[w], 600);
      gtk_window_present (window);
      dw_test_relayout ();
      for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
        {
          int minimum, natural;

          gtk_widget_measure (rows[i], GTK_ORIENTATION_VERTICAL, widths[w], &minimum, &natural, NULL, NULL);
          g_test_message ("width %d, row %u: %d px, allocated %d", widths[w], i, natural,
                          gtk_widget_get_height (rows[i]));
          g_assert_cmpint (minimum, ==, natural);
          g_assert_cmpint (natural, ==, dw_library_row_get_fixed_height (DW_LIBRARY_ROW (rows[0])));
          g_assert_cmpint (gtk_widget_get_height (rows[i]), ==, gtk_widget_get_height (rows[0]));
        }
      /* Tall enough for the four lines of the fullest row. */
      {
        GtkWidget *content = gtk_widget_get_first_child (rows[1]);
        int needed;

        gtk_widget_measure (content, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (rows[1]), &needed, NULL, NULL, NULL);
        g_assert_cmpint (needed, <=, gtk_widget_get_height (rows[1]));
      }
    }
  gtk_window_destroy (window);
}

/* @n decks in @dir whose file names and deck names sort the other way
 * round: d0001.xml holds “Deck N”, dN.xml “Deck 0001”. */
static void
put_reversed_decks (const char *dir,
                    guint       n)
{
  g_autofree char *source = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autofree char *contents = NULL;

  g_assert_true (g_file_get_contents (source, &contents, NULL, NULL));
  for (guint i = 1; i <= n; i++)
    {
      g_autofree char *as = g_strdup_printf ("d%04u.xml", i);
      g_autofree char *name = g_strdup_printf ("<name>Deck %04u</name>", n + 1 - i);
      g_autoptr(GString) deck = g_string_new (contents);

      g_string_replace (deck, "<name>Green Wall</name>", name, 1);
      g_free (dw_test_write_file (dir, as, deck->str));
    }
}

/* The row drawn highest in the list view, or NULL. */
static DwLibraryRow *
top_row (DwLibraryPage *page)
{
  GtkListView *view = dw_library_page_get_list_view (page);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  DwLibraryRow *top = NULL;
  float top_y = G_MAXFLOAT;

  dw_test_collect_widgets (GTK_WIDGET (view), DW_TYPE_LIBRARY_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (rows, i);
      graphene_rect_t bounds;

      if (!gtk_widget_get_mapped (row) || !gtk_widget_compute_bounds (row, GTK_WIDGET (view), &bounds) ||
          bounds.origin.y + bounds.size.height <= 0)
        continue;
      if (bounds.origin.y < top_y)
        {
          top_y = bounds.origin.y;
          top = DW_LIBRARY_ROW (row);
        }
    }
  return top;
}

typedef struct
{
  DwLibraryPage *page;
  guint          n;
  guint          frames_by_file_name;  /* painted with every deck, before their names came */
} Opening;

static void
on_opening_painted_cb (GdkFrameClock *clock,
                       Opening       *opening)
{
  if (!opening->page->scanned &&
      g_list_model_get_n_items (dw_library_page_get_items (opening->page)) == opening->n)
    opening->frames_by_file_name++;
}

static gboolean
first_listed_is (DwLibraryPage *page,
                 const char    *prefix)
{
  g_autofree char *first = dw_library_page_describe (page, 0);

  return first != NULL && g_str_has_prefix (first, prefix);
}

/* Issue 22: a folder of a few thousand decks opens at its top.  The
 * page lists the folder by file name at once, and sorts it again by the
 * decks' names when the index has read them; GTK 4.8's list view keeps
 * its first row in place through such a change, so the page opened
 * scrolled to where the first file's deck sorts by name.  Once every
 * deck is listed by name, the view is at its top, and the row shown
 * first is the first by the sort. */
static void
test_opens_at_its_top (void)
{
  g_autofree char *root_path = dw_test_make_tmpdir ();
  g_autoptr(GFile) root = g_file_new_for_path (root_path);
  DwLibraryPage *page = DW_LIBRARY_PAGE (dw_library_page_new (library));
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkListView *view = dw_library_page_get_list_view (page);
  Opening opening = { page, 2000, 0 };
  GtkAdjustment *adjustment;
  DwLibraryRow *top;
  GdkFrameClock *clock;
  gulong painted;

  put_reversed_decks (root_path, opening.n);
  gtk_window_set_default_size (window, 800, 600);
  gtk_window_set_child (window, GTK_WIDGET (page));
  gtk_window_present (window);
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (view)));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (view));
  painted = g_signal_connect (clock, "after-paint", G_CALLBACK (on_opening_painted_cb), &opening);
  g_assert_cmpuint (gtk_drop_down_get_selected (page->sort_drop), ==, 0);
  dw_library_page_set_root (page, root);

  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (page)) == opening.n &&
                      page->scanned && first_listed_is (page, "Deck 0001:"));
  dw_test_relayout ();
  g_signal_handler_disconnect (clock, painted);
  /* The case that matters: the list was drawn by file name first. */
  g_test_message ("%u frames painted by file name before the names came", opening.frames_by_file_name);

  adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >, gtk_adjustment_get_page_size (adjustment));
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0);
  top = top_row (page);
  g_assert_nonnull (top);
  {
    g_autoptr(GFileInfo) first = g_list_model_get_item (dw_library_page_get_items (page), 0);

    g_assert_true (g_hash_table_lookup (page->bound, top) == first);
    g_assert_cmpstr (g_file_info_get_name (first), ==, "d2000.xml");
    g_assert_cmpstr (dw_library_row_get_title (top), ==, "Deck 0001");
  }

  gtk_window_destroy (window);
  dw_test_remove_tree (root_path);
}

/* The same folder, the player acting while the decks' names are read:
 * scrolling a few pages down, the view is not taken back to the top,
 * and the deck the player was looking at stays the top row through the
 * re-sort (GTK's list view following it); choosing a row, the deck
 * chosen stays the one chosen. */
static void
opening_while_the_player_acts (gboolean choose)
{
  g_autofree char *root_path = dw_test_make_tmpdir ();
  g_autoptr(GFile) root = g_file_new_for_path (root_path);
  DwLibraryPage *page = DW_LIBRARY_PAGE (dw_library_page_new (library));
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkListView *view = dw_library_page_get_list_view (page);
  GtkAdjustment *adjustment;
  guint n = 2000;

  put_reversed_decks (root_path, n);
  gtk_window_set_default_size (window, 800, 600);
  gtk_window_set_child (window, GTK_WIDGET (page));
  gtk_window_present (window);
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (view)));
  dw_library_page_set_root (page, root);
  adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));

  /* Listed by file name, laid out, and the names not read yet. */
  DW_TEST_WAIT_UNTIL (page->scanned ||
                      (g_list_model_get_n_items (dw_library_page_get_items (page)) == n &&
                       gtk_adjustment_get_upper (adjustment) > 4 * gtk_adjustment_get_page_size (adjustment)));
  if (page->scanned)
    g_test_message ("the index read the decks before the list was laid out: the scroll is not checked");
  else
    {
      g_autoptr(GFileInfo) looked_at = NULL;
      DwLibraryRow *top;
      double scrolled;

      if (choose)
        {
          GtkSelectionModel *selection = gtk_list_view_get_model (view);
          g_autoptr(DwSlot) slot = NULL;

          /* The third row, as a click or the arrow keys choose it. */
          gtk_selection_model_select_item (selection, 2, TRUE);
          slot = g_list_model_get_item (G_LIST_MODEL (selection), 2);
          looked_at = g_object_ref (dw_slot_get_item (slot));
          g_assert_cmpstr (g_file_info_get_name (looked_at), ==, "d0003.xml");

          DW_TEST_WAIT_UNTIL (page->scanned && first_listed_is (page, "Deck 0001:"));
          dw_test_relayout ();
          {
            g_autoptr(DwSlot) chosen = g_list_model_get_item (G_LIST_MODEL (selection),
                                                              gtk_single_selection_get_selected (page->selection));

            g_assert_nonnull (chosen);
            g_assert_true (dw_slot_get_item (chosen) == looked_at);
          }
        }
      else
        {
          /* As a player does: a few pages down. */
          gtk_adjustment_set_value (adjustment, 3 * gtk_adjustment_get_page_increment (adjustment));
          scrolled = gtk_adjustment_get_value (adjustment);
          g_assert_cmpfloat (scrolled, >, 0);
          dw_test_relayout ();
          top = top_row (page);
          g_assert_nonnull (top);
          looked_at = g_object_ref (g_hash_table_lookup (page->bound, top));

          DW_TEST_WAIT_UNTIL (page->scanned && first_listed_is (page, "Deck 0001:"));
          dw_test_relayout ();
          g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, 0);
          top = top_row (page);
          g_assert_nonnull (top);
          g_assert_true (g_hash_table_lookup (page->bound, top) == looked_at);
        }
    }

  gtk_window_destroy (window);
  dw_test_remove_tree (root_path);
}

static void
test_opening_leaves_a_scroll_alone (void)
{
  opening_while_the_player_acts (FALSE);
}

static void
test_opening_leaves_a_choice_alone (void)
{
  opening_while_the_player_acts (TRUE);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *data_home = dw_test_make_tmpdir ();
  g_autofree char *cache_home = dw_test_make_tmpdir ();
  int ret;

  /* The trash is the test's own. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  /* And so is the deck library's index. */
  g_setenv ("XDG_CACHE_HOME", cache_home, TRUE);
  dw_test_gtk_init (&argc, &argv);
  library = dw_test_library ();

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/library-page/follows-the-disk", test_follows_the_disk);
  ADD ("/library-page/folders-and-breadcrumbs", test_folders_and_breadcrumbs);
  ADD ("/library-page/trash-and-undo", test_trash_and_undo);
  ADD ("/library-page/rename", test_rename);
  ADD ("/library-page/duplicate", test_duplicate);
  ADD ("/library-page/rows-speak", test_rows_speak);
  ADD ("/library-page/move", test_move);
  ADD ("/library-page/import", test_import);
  ADD ("/library-page/new-deck", test_new_deck);
  ADD ("/library-page/search", test_search);
  ADD ("/library-page/search-hides-trash-and-follows", test_search_hides_trash_and_follows);
  ADD ("/library-page/sort-by-deck-name", test_sort_by_deck_name);
  ADD ("/library-page/sort-by-game-and-verdict", test_sort_by_game_and_verdict);
  ADD ("/library-page/factions-as-the-game-names-them", test_factions_as_the_game_names_them);
  ADD ("/library-page/backup-and-import", test_backup_and_import);
  ADD ("/library-page/row-draws-the-chosen-cover", test_row_draws_the_chosen_cover);
  ADD ("/library-page/keyboard-walk", test_keyboard_walk);
  ADD ("/library-page/search-scope", test_search_scope);
  ADD ("/library-page/rows-filled-on-screen", test_rows_filled_on_screen);
  ADD ("/library-page/search-keeps-its-rows", test_search_keeps_its_rows);
#undef ADD
  g_test_add_func ("/library-page/row-rebound-shows-only-its-deck", test_row_rebound_shows_only_its_deck);
  g_test_add_func ("/library-page/row-height-fixed", test_row_height_fixed);
  g_test_add_func ("/library-page/opens-at-its-top", test_opens_at_its_top);
  g_test_add_func ("/library-page/opening-leaves-a-scroll-alone", test_opening_leaves_a_scroll_alone);
  g_test_add_func ("/library-page/opening-leaves-a-choice-alone", test_opening_leaves_a_choice_alone);
  g_test_add_func ("/library-page/window-opens-a-deck", test_window_opens_a_deck);
  g_test_add_func ("/library-page/window-offers-reload", test_window_offers_reload);

  ret = g_test_run ();
  g_clear_object (&library);
  dw_test_remove_tree (data_home);
  dw_test_remove_tree (cache_home);
  return ret;
}
