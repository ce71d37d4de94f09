/* test-deck-details.c — a deck's name, author, notes and format, edited
 * in one expander row that follows the deck
 *
 * Runs under xvfb-run with GSETTINGS_BACKEND=memory and
 * G_DEBUG=fatal-warnings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include <string.h>

#include "dw-deck-details-private.h"
#include "dw-deck-library.h"
#include "dw-deck-versions.h"
#include "dw-test-gtk.h"
#include "dw-test-util.h"
#include "dw-test-window.h"

static DwLibrary *library;

typedef struct
{
  DwDeckHistory *history;
  DwDeck        *deck;
  GtkWindow     *window;
  DwDeckDetails *details;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-crown-and-eagle.xml");

  fixture->history = dw_deck_history_new (deck);
  fixture->deck = dw_deck_history_get_deck (fixture->history);
  fixture->details = DW_DECK_DETAILS (dw_deck_details_new (library, fixture->history));
  fixture->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_child (fixture->window, GTK_WIDGET (fixture->details));
  gtk_window_present (fixture->window);
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (fixture->details)));
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gtk_window_destroy (fixture->window);
  g_clear_object (&fixture->history);
}

static const char *
entry_text (Fixture    *fixture,
            const char *field)
{
  return gtk_editable_get_text (GTK_EDITABLE (dw_deck_details_get_entry (fixture->details, field)));
}

static void
type_into (Fixture    *fixture,
           const char *field,
           const char *text)
{
  AdwEntryRow *row = dw_deck_details_get_entry (fixture->details, field);

  gtk_editable_set_text (GTK_EDITABLE (row), text);
  g_signal_emit_by_name (row, "apply");
}

/* The rows start from the deck, and the folded row names it. */
static void
test_shows_the_deck (Fixture       *fixture,
                     gconstpointer  data)
{
  AdwExpanderRow *row = dw_deck_details_get_row (fixture->details);

  g_assert_cmpstr (entry_text (fixture, "name"), ==, dw_deck_get_name (fixture->deck) ?: "");
  g_assert_cmpstr (entry_text (fixture, "author"), ==, dw_deck_get_author (fixture->deck) ?: "");
  g_assert_cmpstr (entry_text (fixture, "notes"), ==, dw_deck_get_notes (fixture->deck) ?: "");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==,
                   dw_deck_get_name (fixture->deck));
}

/* What is applied reaches the deck as one undoable step; an emptied
 * field means "not given". */
static void
test_apply_changes_the_deck (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *before = g_strdup (dw_deck_get_name (fixture->deck));

  type_into (fixture, "name", "Gilded <Wall> & Co");
  g_assert_cmpstr (dw_deck_get_name (fixture->deck), ==, "Gilded <Wall> & Co");
  type_into (fixture, "author", "");
  g_assert_null (dw_deck_get_author (fixture->deck));
  type_into (fixture, "notes", "Plays the long game.");
  g_assert_cmpstr (dw_deck_get_notes (fixture->deck), ==, "Plays the long game.");

  /* The title parses markup: the name is escaped, never read as tags. */
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (dw_deck_details_get_row (fixture->details))),
                   ==, "Gilded &lt;Wall&gt; &amp; Co");

  g_assert_true (dw_deck_history_undo (fixture->history));
  g_assert_true (dw_deck_history_undo (fixture->history));
  g_assert_true (dw_deck_history_undo (fixture->history));
  g_assert_cmpstr (dw_deck_get_name (fixture->deck), ==, before);
}

/* An undo, or any other change of the deck, shows in the rows. */
static void
test_rows_follow_the_deck (Fixture       *fixture,
                           gconstpointer  data)
{
  dw_deck_history_set_details (fixture->history, "Second Thoughts", "Ada", NULL);
  g_assert_cmpstr (entry_text (fixture, "name"), ==, "Second Thoughts");
  g_assert_cmpstr (entry_text (fixture, "author"), ==, "Ada");
  g_assert_cmpstr (entry_text (fixture, "notes"), ==, "");
  g_assert_true (dw_deck_history_undo (fixture->history));
  g_assert_cmpstr (entry_text (fixture, "name"), ==, dw_deck_get_name (fixture->deck));
}

/* Choosing a format changes the deck's; the deck's change moves the
 * choice back. */
static void
test_format_choice (Fixture       *fixture,
                    gconstpointer  data)
{
  AdwComboRow *row = dw_deck_details_get_format_row (fixture->details);
  GListModel *formats = adw_combo_row_get_model (row);
  guint before = adw_combo_row_get_selected (row);
  guint other = before == 0 ? 1 : 0;
  g_autoptr(DwFormat) chosen = g_list_model_get_item (formats, other);

  g_assert_cmpuint (g_list_model_get_n_items (formats), >=, 2);
  adw_combo_row_set_selected (row, other);
  g_assert_cmpstr (dw_deck_get_format_id (fixture->deck), ==, dw_format_get_id (chosen));
  g_assert_true (dw_deck_history_undo (fixture->history));
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, before);
}

/* Tags are typed separated by commas; blanks and repeats go; the change
 * is one undoable step; a tag no deck can hold is refused on the row,
 * changing nothing. */
static void
test_tags (Fixture       *fixture,
           gconstpointer  data)
{
  static const char * const kept[] = { "friends", "aggro", NULL };
  AdwEntryRow *row = dw_deck_details_get_entry (fixture->details, "tags");
  g_autofree char *long_tag = g_strnfill (100000, 'x');
  g_autofree char *typed = g_strconcat ("friends, ", long_tag, NULL);

  type_into (fixture, "tags", " friends, aggro,, friends ");
  g_assert_true (g_strv_equal (dw_deck_get_tags (fixture->deck), kept));
  g_assert_cmpstr (entry_text (fixture, "tags"), ==, "friends, aggro");

  type_into (fixture, "tags", typed);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (row), "error"));
  g_assert_true (g_strv_equal (dw_deck_get_tags (fixture->deck), kept));

  g_assert_true (dw_deck_history_undo (fixture->history));
  g_assert_cmpuint (g_strv_length ((char **) dw_deck_get_tags (fixture->deck)), ==, 0);
  g_assert_cmpstr (entry_text (fixture, "tags"), ==, "");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (row), "error"));
}


/* --- versions ------------------------------------------------------- */

/* A deck file inside a library root (a folder holding .deckwright),
 * open as the window holds it. */
typedef struct
{
  char               *tmpdir;
  char               *root;
  char               *path;
  char               *original;
  DwDeckHistory      *history;
  GtkWindow          *window;
  DwDeckDetails      *details;
  DwDeckVersionsView *versions;
} LibraryFixture;

static void
library_set_up (LibraryFixture *fixture,
                gconstpointer   data)
{
  g_autofree char *source = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autofree char *store = NULL;
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(GError) error = NULL;

  fixture->tmpdir = dw_test_make_tmpdir ();
  fixture->root = g_build_filename (fixture->tmpdir, "Decks", NULL);
  store = g_build_filename (fixture->root, DW_DECK_LIBRARY_DIR, NULL);
  g_assert_cmpint (g_mkdir_with_parents (store, 0755), ==, 0);
  fixture->original = dw_test_read_file (source);
  fixture->path = dw_test_write_file (fixture->root, "green.xml", fixture->original);
  deck = dw_deck_load (fixture->path, &error);
  g_assert_no_error (error);

  fixture->history = dw_deck_history_new (deck);
  fixture->details = DW_DECK_DETAILS (dw_deck_details_new (library, fixture->history));
  fixture->versions = dw_deck_details_get_versions (fixture->details);
  dw_deck_details_set_path (fixture->details, fixture->path);
  fixture->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (fixture->window, 720, 900);
  gtk_window_set_child (fixture->window, GTK_WIDGET (fixture->details));
  gtk_window_present (fixture->window);
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (fixture->details)));
}

static void
library_tear_down (LibraryFixture *fixture,
                   gconstpointer   data)
{
  gtk_window_destroy (fixture->window);
  g_clear_object (&fixture->history);
  dw_test_settle ();
  dw_test_remove_tree (fixture->tmpdir);
  g_free (fixture->tmpdir);
  g_free (fixture->root);
  g_free (fixture->path);
  g_free (fixture->original);
}

/* Adds @count Thornwood Scouts and saves, as the window does. */
static void
add_and_save (LibraryFixture *fixture,
              guint           count)
{
  DwDeck *deck = dw_deck_history_get_deck (fixture->history);
  DwCard *scout = dw_library_lookup_card (library, "arcmage", "arc-0001", 0, "Thornwood Scout");
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (scout);
  dw_deck_history_add_card (fixture->history, "main", scout, count);
  g_assert_true (dw_deck_save (deck, fixture->path, &error));
  g_assert_no_error (error);
  dw_deck_history_mark_saved (fixture->history);
}

static const char *
version_summary (LibraryFixture *fixture,
                 guint           position)
{
  return adw_action_row_get_subtitle (dw_deck_versions_view_get_version_row (fixture->versions, position));
}

/* The versions follow every save of the file: the window's, and another
 * program's; newest first, each with its difference and its time. */
static void
test_versions_follow_saves (LibraryFixture *fixture,
                            gconstpointer   data)
{
  AdwExpanderRow *row = dw_deck_versions_view_get_row (fixture->versions);
  g_autoptr(GError) error = NULL;
  const char *tooltip;

  g_assert_cmpstr (dw_deck_details_get_path (fixture->details), ==, fixture->path);
  g_assert_cmpuint (dw_deck_versions_view_get_n_versions (fixture->versions), ==, 0);
  g_assert_false (adw_expander_row_get_enable_expansion (row));

  add_and_save (fixture, 2);
  DW_TEST_WAIT_UNTIL (dw_deck_versions_view_get_n_versions (fixture->versions) == 1);
  g_assert_true (adw_expander_row_get_enable_expansion (row));
  g_assert_cmpstr (adw_expander_row_get_subtitle (row), ==, "1 earlier version");
  g_assert_cmpstr (version_summary (fixture, 0), ==, "+2 Thornwood Scout");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (
                     dw_deck_versions_view_get_version_row (fixture->versions, 0))), ==, "Just now");
  tooltip = gtk_widget_get_tooltip_text (GTK_WIDGET (dw_deck_versions_view_get_version_row (fixture->versions, 0)));
  g_assert_true (g_str_has_prefix (tooltip, "Kept on "));

  /* Another program saves the file: the list follows it too. */
  {
    g_autofree char *now = dw_test_read_file (fixture->path);
    g_autofree char *renamed = NULL;
    GString *edited = g_string_new (now);

    g_string_replace (edited, "<name>Green Wall</name>", "<name>Green Fence</name>", 1);
    renamed = g_string_free (edited, FALSE);
    g_assert_true (dw_deck_versions_save_file (fixture->path, renamed, -1, &error));
    g_assert_no_error (error);
  }
  DW_TEST_WAIT_UNTIL (dw_deck_versions_view_get_n_versions (fixture->versions) == 2);
  g_assert_cmpstr (version_summary (fixture, 0), ==, "name changed");
  g_assert_cmpstr (version_summary (fixture, 1), ==, "+2 Thornwood Scout");
  g_assert_cmpstr (adw_expander_row_get_subtitle (row), ==, "2 earlier versions");
}

/* Restore asks first; then the file is the version again, and what it
 * was is a version itself. */
static void
test_versions_restore (LibraryFixture *fixture,
                       gconstpointer   data)
{
  AdwMessageDialog *dialog;
  g_autofree char *restored = NULL;

  add_and_save (fixture, 1);
  DW_TEST_WAIT_UNTIL (dw_deck_versions_view_get_n_versions (fixture->versions) == 1);

  adw_expander_row_set_expanded (dw_deck_versions_view_get_row (fixture->versions), TRUE);
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (dw_deck_versions_view_get_restore (fixture->versions, 0))));

  /* Cancel changes nothing. */
  gtk_widget_activate (GTK_WIDGET (dw_deck_versions_view_get_restore (fixture->versions, 0)));
  DW_TEST_WAIT_UNTIL (dw_deck_versions_view_get_dialog (fixture->versions) != NULL);
  dialog = dw_deck_versions_view_get_dialog (fixture->versions);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Restore This Version?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "nothing is lost"));
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  dw_test_settle ();
  g_assert_cmpuint (dw_deck_versions_view_get_n_versions (fixture->versions), ==, 1);

  gtk_widget_activate (GTK_WIDGET (dw_deck_versions_view_get_restore (fixture->versions, 0)));
  DW_TEST_WAIT_UNTIL (dw_deck_versions_view_get_dialog (fixture->versions) != NULL);
  dialog = dw_deck_versions_view_get_dialog (fixture->versions);
  adw_message_dialog_response (dialog, "restore");
  gtk_window_destroy (GTK_WINDOW (dialog));

  restored = dw_test_read_file (fixture->path);
  g_assert_cmpstr (restored, ==, fixture->original);
  DW_TEST_WAIT_UNTIL (dw_deck_versions_view_get_n_versions (fixture->versions) == 2);
  /* The newest version is the deck with the Scout added, whose
   * difference to the file now is the Scout gone. */
  g_assert_cmpstr (version_summary (fixture, 0), ==, "−1 Thornwood Scout");
}

/* A clock a test sets: the real time moved on by @offset. */
static GTimeSpan clock_offset;

static GDateTime *
test_clock (gpointer data)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

  return g_date_time_add (now, clock_offset);
}

static const char *
version_title (LibraryFixture *fixture,
               guint           position)
{
  return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (
           dw_deck_versions_view_get_version_row (fixture->versions, position)));
}

/* The relative times move on with the clock, in the same rows (the list
 * is not made again), by one timer that runs only while the view is on
 * screen, and catches up when it comes back (issue 22). */
static void
test_versions_times_move_on (LibraryFixture *fixture,
                             gconstpointer   data)
{
  AdwActionRow *row;

  clock_offset = 0;
  dw_deck_versions_view_set_clock (fixture->versions, test_clock, NULL);
  add_and_save (fixture, 1);
  DW_TEST_WAIT_UNTIL (dw_deck_versions_view_get_n_versions (fixture->versions) == 1);
  row = dw_deck_versions_view_get_version_row (fixture->versions, 0);
  g_assert_cmpstr (version_title (fixture, 0), ==, "Just now");
  g_assert_true (dw_deck_versions_view_is_ticking (fixture->versions));

  clock_offset = 5 * G_TIME_SPAN_MINUTE + 10 * G_TIME_SPAN_SECOND;
  dw_deck_versions_view_refresh_times (fixture->versions);
  g_assert_cmpstr (version_title (fixture, 0), ==, "5 minutes ago");
  g_assert_true (dw_deck_versions_view_get_version_row (fixture->versions, 0) == row);

  /* Off screen: no timer.  Back: the times as of now at once. */
  gtk_widget_set_visible (GTK_WIDGET (fixture->window), FALSE);
  DW_TEST_WAIT_UNTIL (!gtk_widget_get_mapped (GTK_WIDGET (fixture->versions)));
  g_assert_false (dw_deck_versions_view_is_ticking (fixture->versions));
  clock_offset = 2 * G_TIME_SPAN_HOUR + G_TIME_SPAN_MINUTE;
  gtk_window_present (fixture->window);
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (fixture->versions)));
  g_assert_true (dw_deck_versions_view_is_ticking (fixture->versions));
  g_assert_cmpstr (version_title (fixture, 0), ==, "2 hours ago");
  g_assert_true (dw_deck_versions_view_get_version_row (fixture->versions, 0) == row);
  dw_deck_versions_view_set_clock (fixture->versions, NULL, NULL);
}

/* What has the keyboard's focus in @window, named for a message. */
static GtkWidget *
focus_of (GtkWindow *window)
{
  return gtk_root_get_focus (GTK_ROOT (window));
}

/* Tab once (@direction), as the key's binding does. */
static GtkWidget *
press (GtkWindow        *window,
       GtkDirectionType  direction)
{
  gboolean unused;

  g_signal_emit_by_name (window, "move-focus", direction, &unused);
  return focus_of (window);
}

/* Tabs forward from the focus until @reached says so; fails after a
 * lap of the window without it.  Returns the widget reached. */
static GtkWidget *
tab_until (GtkWindow  *window,
           gboolean  (*reached) (GtkWidget *focus, gpointer data),
           gpointer    data,
           const char *what)
{
  for (guint i = 0; i < 100; i++)
    {
      GtkWidget *focus = press (window, GTK_DIR_TAB_FORWARD);

      if (focus != NULL && reached (focus, data))
        return focus;
    }
  g_error ("Tab never reached %s", what);
  return NULL;
}

static gboolean
is_inside (GtkWidget *focus,
           gpointer   data)
{
  return focus == data || gtk_widget_is_ancestor (focus, data);
}

static gboolean
is_widget (GtkWidget *focus,
           gpointer   data)
{
  return focus == data;
}

/* Everything in a deck's details and versions is reached from the
 * keyboard: Tab goes through the fields to the tags, to the versions'
 * rows, their check boxes, Restore and (once two are chosen) Compare;
 * Down walks the versions list; Escape closes what Restore and Compare
 * open, and the focus is back where it was (issue 22). */
static void
test_keyboard_walk (LibraryFixture *fixture,
                    gconstpointer   data)
{
  AdwExpanderRow *details_row = dw_deck_details_get_row (fixture->details);
  AdwExpanderRow *versions_row = dw_deck_versions_view_get_row (fixture->versions);
  AdwEntryRow *tags_row = dw_deck_details_get_entry (fixture->details, "tags");
  GtkWidget *current_row, *version_row, *restore, *compare, *focus;
  GtkCheckButton *current_check, *version_check;
  DwDeckCompareWindow *shown;
  AdwMessageDialog *dialog;

  add_and_save (fixture, 1);
  DW_TEST_WAIT_UNTIL (dw_deck_versions_view_get_n_versions (fixture->versions) == 1);
  current_check = dw_deck_versions_view_get_check (fixture->versions, -1);
  version_check = dw_deck_versions_view_get_check (fixture->versions, 0);
  current_row = gtk_widget_get_ancestor (GTK_WIDGET (current_check), ADW_TYPE_ACTION_ROW);
  version_row = GTK_WIDGET (dw_deck_versions_view_get_version_row (fixture->versions, 0));
  restore = GTK_WIDGET (dw_deck_versions_view_get_restore (fixture->versions, 0));
  compare = GTK_WIDGET (dw_deck_versions_view_get_compare (fixture->versions));

  /* The rows open as Enter opens them: activating their header. */
  gtk_widget_grab_focus (GTK_WIDGET (details_row));
  g_assert_true (gtk_widget_activate (focus_of (fixture->window)));
  g_assert_true (adw_expander_row_get_expanded (details_row));
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (tags_row)));
  dw_test_relayout ();
  tab_until (fixture->window, is_inside, tags_row, "the tags");
  focus = tab_until (fixture->window, is_inside, versions_row, "the versions");
  /* Enter on the header folds the list and opens it again. */
  {
    gboolean was = adw_expander_row_get_expanded (versions_row);

    g_assert_true (gtk_widget_activate (focus));
    g_assert_true (adw_expander_row_get_expanded (versions_row) != was);
    if (was)
      g_assert_true (gtk_widget_activate (focus));
  }
  g_assert_true (adw_expander_row_get_expanded (versions_row));
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (restore));
  dw_test_relayout ();

  /* The versions list: Tab to the current deck's row, Down to the version's. */
  tab_until (fixture->window, is_widget, current_row, "the current deck's row");
  /* Down is the list's own key binding: it moves the cursor row. */
  g_signal_emit_by_name (gtk_widget_get_parent (current_row), "move-cursor", GTK_MOVEMENT_DISPLAY_LINES, 1,
                         FALSE, FALSE);
  g_assert_true (focus_of (fixture->window) == version_row);

  /* Space on each check box chooses it; Compare can then be reached. */
  tab_until (fixture->window, is_widget, version_check, "the version's check box");
  g_assert_true (gtk_widget_activate (GTK_WIDGET (version_check)));
  tab_until (fixture->window, is_widget, restore, "Restore");
  tab_until (fixture->window, is_widget, current_check, "the current deck's check box");
  g_assert_true (gtk_widget_activate (GTK_WIDGET (current_check)));
  g_assert_true (gtk_widget_get_sensitive (compare));
  tab_until (fixture->window, is_widget, compare, "Compare");

  /* Compare opens the comparison; Escape closes it; the focus is on
   * Compare again. */
  g_assert_true (gtk_widget_activate (compare));
  DW_TEST_WAIT_UNTIL (dw_deck_versions_view_get_comparison (fixture->versions) != NULL);
  shown = dw_deck_versions_view_get_comparison (fixture->versions);
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (shown)));
  g_assert_true (dw_test_has_shortcut (GTK_WIDGET (shown), GDK_KEY_Escape, "window.close"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (shown), "window.close", NULL));
  DW_TEST_WAIT_UNTIL (dw_deck_versions_view_get_comparison (fixture->versions) == NULL);
  g_assert_true (focus_of (fixture->window) == compare);

  /* Restore asks first; Escape is its Cancel, and the focus is on
   * Restore again. */
  tab_until (fixture->window, is_widget, restore, "Restore");
  g_assert_true (gtk_widget_activate (restore));
  DW_TEST_WAIT_UNTIL (dw_deck_versions_view_get_dialog (fixture->versions) != NULL);
  dialog = dw_deck_versions_view_get_dialog (fixture->versions);
  g_assert_cmpstr (adw_message_dialog_get_close_response (dialog), ==, "cancel");
  gtk_window_close (GTK_WINDOW (dialog));
  DW_TEST_WAIT_UNTIL (dw_deck_versions_view_get_dialog (fixture->versions) == NULL);
  g_assert_cmpuint (dw_deck_versions_view_get_n_versions (fixture->versions), ==, 1);
  g_assert_true (focus_of (fixture->window) == restore);
}

/* Any two rows, the current deck's too, open side by side in the deck
 * comparison, the older on the left; a third choice lets go of the first. */
static void
test_versions_compare (LibraryFixture *fixture,
                       gconstpointer   data)
{
  GtkButton *compare = dw_deck_versions_view_get_compare (fixture->versions);
  DwDeckCompareWindow *shown;

  add_and_save (fixture, 2);
  DW_TEST_WAIT_UNTIL (dw_deck_versions_view_get_n_versions (fixture->versions) == 1);
  /* One Seedfall of two goes too: a count that changed. */
  {
    GListModel *main_cards = dw_deck_get_section (dw_deck_history_get_deck (fixture->history), "main");

    for (guint i = 0; i < g_list_model_get_n_items (main_cards); i++)
      {
        g_autoptr(DwDeckEntry) entry = g_list_model_get_item (main_cards, i);

        if (g_str_equal (dw_deck_entry_get_display_name (entry), "Seedfall"))
          {
            dw_deck_history_remove (fixture->history, entry, 1);
            break;
          }
      }
  }
  add_and_save (fixture, 1);
  DW_TEST_WAIT_UNTIL (dw_deck_versions_view_get_n_versions (fixture->versions) == 2);
  adw_expander_row_set_expanded (dw_deck_versions_view_get_row (fixture->versions), TRUE);
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (compare)));

  gtk_widget_activate (GTK_WIDGET (dw_deck_versions_view_get_check (fixture->versions, 1)));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (compare)));
  gtk_widget_activate (GTK_WIDGET (dw_deck_versions_view_get_check (fixture->versions, 0)));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (compare)));
  gtk_widget_activate (GTK_WIDGET (dw_deck_versions_view_get_check (fixture->versions, -1)));
  g_assert_false (gtk_check_button_get_active (dw_deck_versions_view_get_check (fixture->versions, 1)));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (compare)));

  /* The oldest version against the deck as it is now. */
  gtk_widget_activate (GTK_WIDGET (dw_deck_versions_view_get_check (fixture->versions, 0)));
  gtk_widget_activate (GTK_WIDGET (dw_deck_versions_view_get_check (fixture->versions, 1)));
  gtk_widget_activate (GTK_WIDGET (compare));
  DW_TEST_WAIT_UNTIL (dw_deck_versions_view_get_comparison (fixture->versions) != NULL);
  shown = dw_deck_versions_view_get_comparison (fixture->versions);
  g_assert_nonnull (shown);
  g_assert_true (g_str_has_prefix (dw_deck_compare_window_get_title (shown, 0), "Version of "));
  g_assert_cmpstr (dw_deck_compare_window_get_title (shown, 1), ==, "Current deck");
  /* It speaks of versions, not of a deck check's fingerprints; a card
   * whose count changed is one line, from its count to its count. */
  {
    const char *text = dw_deck_compare_window_get_text (shown);
    g_autofree char *first = g_strndup (text, strcspn (text, "\n"));

    g_assert_true (g_str_has_prefix (first, "Version of "));
    g_assert_true (g_str_has_suffix (first, " → Current deck: +3 Thornwood Scout, −1 Seedfall"));
    g_assert_nonnull (strstr (text, "\nSeedfall 2 → 1 ("));
    g_assert_nonnull (strstr (text, "\nThornwood Scout 4 → 7 ("));
    g_assert_null (strstr (text, "fingerprint"));
    g_assert_null (strstr (text, "added:"));
    g_assert_null (strstr (text, "removed:"));
  }
  g_assert_false (dw_deck_compare_window_get_matches (shown));
  g_assert_nonnull (strstr (dw_deck_compare_window_get_listing (shown, 0), "\n4 × Thornwood Scout"));
  g_assert_nonnull (strstr (dw_deck_compare_window_get_listing (shown, 0), "\n2 × Seedfall"));
  g_assert_null (strstr (dw_deck_compare_window_get_listing (shown, 0), "− 2 × Seedfall"));
  g_assert_nonnull (strstr (dw_deck_compare_window_get_listing (shown, 1), "\n1 × Seedfall (2 → 1)"));
  /* The copies added are a line of their own (another printing). */
  g_assert_nonnull (strstr (dw_deck_compare_window_get_listing (shown, 1), "3 × Thornwood Scout (4 → 7)"));
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (shown)));
  /* Pictures to look at (DW_TEST_SCREENSHOTS), wide and narrow. */
  for (guint i = 0; i < 2; i++)
    {
      int width = i == 0 ? 1280 : 360;

      gtk_window_set_default_size (GTK_WINDOW (shown), width, 800);
      gtk_window_set_default_size (fixture->window, width, 800);
      dw_test_relayout ();
      g_test_message ("at %d: comparison %d, details %d px wide", width, gtk_widget_get_width (GTK_WIDGET (shown)),
                      gtk_widget_get_width (GTK_WIDGET (fixture->window)));
      dw_test_save_screenshot (GTK_WIDGET (shown), i == 0 ? "versions-comparison-1280" : "versions-comparison-360");
      dw_test_save_screenshot (GTK_WIDGET (fixture->details), i == 0 ? "versions-1280" : "versions-360");
    }
  gtk_window_destroy (GTK_WINDOW (shown));
}

/* A deck outside every library says that versions are kept in the
 * library, and offers to save it there. */
static void
test_versions_outside_library (LibraryFixture *fixture,
                               gconstpointer   data)
{
  AdwExpanderRow *row = dw_deck_versions_view_get_row (fixture->versions);
  g_autofree char *outside = dw_test_write_file (fixture->tmpdir, "loose.xml", fixture->original);

  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dw_deck_versions_view_get_move (fixture->versions))));
  for (guint i = 0; i < 2; i++)
    {
      dw_deck_details_set_path (fixture->details, i == 0 ? NULL : outside);
      g_assert_cmpstr (adw_expander_row_get_subtitle (row), ==, "Versions are kept for decks in your library");
      g_assert_false (adw_expander_row_get_enable_expansion (row));
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dw_deck_versions_view_get_move (fixture->versions))));
      g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dw_deck_versions_view_get_compare (fixture->versions))));
    }
}

int
main (int    argc,
      char **argv)
{
  int ret;

  dw_test_gtk_init (&argc, &argv);
  library = dw_test_library ();

  g_test_add ("/deck-details/shows-the-deck", Fixture, NULL,
              fixture_set_up, test_shows_the_deck, fixture_tear_down);
  g_test_add ("/deck-details/apply-changes-the-deck", Fixture, NULL,
              fixture_set_up, test_apply_changes_the_deck, fixture_tear_down);
  g_test_add ("/deck-details/rows-follow-the-deck", Fixture, NULL,
              fixture_set_up, test_rows_follow_the_deck, fixture_tear_down);
  g_test_add ("/deck-details/format-choice", Fixture, NULL,
              fixture_set_up, test_format_choice, fixture_tear_down);
  g_test_add ("/deck-details/tags", Fixture, NULL,
              fixture_set_up, test_tags, fixture_tear_down);

  g_test_add ("/deck-details/versions/follow-saves", LibraryFixture, NULL,
              library_set_up, test_versions_follow_saves, library_tear_down);
  g_test_add ("/deck-details/versions/restore", LibraryFixture, NULL,
              library_set_up, test_versions_restore, library_tear_down);
  g_test_add ("/deck-details/versions/times-move-on", LibraryFixture, NULL,
              library_set_up, test_versions_times_move_on, library_tear_down);
  g_test_add ("/deck-details/keyboard-walk", LibraryFixture, NULL,
              library_set_up, test_keyboard_walk, library_tear_down);
  g_test_add ("/deck-details/versions/compare", LibraryFixture, NULL,
              library_set_up, test_versions_compare, library_tear_down);
  g_test_add ("/deck-details/versions/outside-library", LibraryFixture, NULL,
              library_set_up, test_versions_outside_library, library_tear_down);

  ret = g_test_run ();
  g_clear_object (&library);
  return ret;
}
