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

#include "dw-deck-details-private.h"
#include "dw-test-gtk.h"
#include "dw-test-util.h"

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

int
main (int    argc,
      char **argv)
{
  int ret;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
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

  ret = g_test_run ();
  g_clear_object (&library);
  return ret;
}
