/* test-deck-history.c — every deck edit can be undone and redone
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-deck-history.h"
#include "dw-test-util.h"

static DwLibrary *library;

static DwCard *
card (const char *id)
{
  DwCard *found = dw_library_lookup_card (library, "arcmage", id, 0, NULL);

  g_assert_nonnull (found);
  return found;
}

/* The deck as text: what a save would write, so every detail counts. */
static char *
snapshot (DwDeck *deck)
{
  return dw_deck_to_string (deck);
}

static const char *
id_at (DwDeck     *deck,
       const char *section,
       guint       position)
{
  g_autoptr(DwDeckEntry) entry = g_list_model_get_item (dw_deck_get_section (deck, section), position);

  return entry ? dw_deck_entry_get_id (entry) : NULL;
}

static void
test_add_merges_and_undoes (void)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autoptr(DwDeckHistory) history = dw_deck_history_new (deck);
  g_autofree char *empty = snapshot (deck);
  g_autofree char *one = NULL;
  DwDeckEntry *first, *again;

  g_assert_false (dw_deck_history_can_undo (history));
  first = dw_deck_history_add_card (history, "main", card ("arc-0001"), 1);
  one = snapshot (deck);
  again = dw_deck_history_add_card (history, "main", card ("arc-0001"), 2);

  g_assert_true (first == again);
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 3);
  g_assert_cmpstr (dw_deck_history_get_undo_label (history), ==, "Add Thornwood Scout");

  g_assert_true (dw_deck_history_undo (history));
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 1);
  {
    g_autofree char *now = snapshot (deck);
    g_assert_cmpstr (now, ==, one);
  }
  g_assert_true (dw_deck_history_undo (history));
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 0);
  g_assert_false (dw_deck_history_undo (history));

  g_assert_true (dw_deck_history_redo (history));
  g_assert_true (dw_deck_history_redo (history));
  g_assert_false (dw_deck_history_redo (history));
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 3);
  g_assert_cmpstr (dw_deck_entry_get_id (first), ==, "arc-0001");
  g_assert_nonnull (empty);
}

static void
test_remove_puts_entry_back_in_place (void)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autoptr(DwDeckHistory) history = dw_deck_history_new (deck);
  g_autofree char *before = NULL;
  DwDeckEntry *middle;

  dw_deck_history_add_card (history, "main", card ("arc-0001"), 4);
  middle = dw_deck_history_add_card (history, "main", card ("arc-0002"), 2);
  dw_deck_history_add_card (history, "main", card ("arc-0003"), 3);
  before = snapshot (deck);

  /* One copy off leaves the entry; the last copy takes it away. */
  dw_deck_history_remove (history, middle, 1);
  g_assert_cmpuint (dw_deck_entry_get_count (middle), ==, 1);
  dw_deck_history_remove (history, middle, 1);
  g_assert_cmpstr (id_at (deck, "main", 1), ==, "arc-0003");

  dw_deck_history_undo (history);
  dw_deck_history_undo (history);
  {
    g_autofree char *after = snapshot (deck);
    g_assert_cmpstr (after, ==, before);
  }
  g_assert_cmpstr (id_at (deck, "main", 1), ==, "arc-0002");
}

static void
test_move_between_and_within_sections (void)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autoptr(DwDeckHistory) history = dw_deck_history_new (deck);
  DwDeckEntry *stray, *third;
  g_autofree char *before = NULL;

  dw_deck_history_add_card (history, "regions", card ("arc-r001"), 1);
  dw_deck_history_add_card (history, "regions", card ("arc-r002"), 1);
  third = dw_deck_history_add_card (history, "regions", card ("arc-r003"), 1);
  stray = dw_deck_history_add_card (history, "main", card ("arc-r004"), 1);
  before = snapshot (deck);

  /* Reordering the chapter: the third region to the top. */
  dw_deck_history_move (history, third, "regions", 0);
  g_assert_cmpstr (id_at (deck, "regions", 0), ==, "arc-r003");
  g_assert_cmpstr (id_at (deck, "regions", 1), ==, "arc-r001");

  /* A region out of the main deck, between the first two. */
  dw_deck_history_move (history, stray, "regions", 1);
  g_assert_cmpstr (id_at (deck, "regions", 1), ==, "arc-r004");
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 0);
  g_assert_cmpstr (dw_deck_entry_get_section (stray), ==, "regions");

  dw_deck_history_undo (history);
  dw_deck_history_undo (history);
  {
    g_autofree char *after = snapshot (deck);
    g_assert_cmpstr (after, ==, before);
  }
  g_assert_cmpstr (dw_deck_entry_get_section (stray), ==, "main");

  /* Moving to where it is already is no edit at all. */
  dw_deck_history_redo (history);
  dw_deck_history_redo (history);
  g_assert_false (dw_deck_history_can_redo (history));
  dw_deck_history_move (history, stray, "regions", 1);
  g_assert_cmpstr (dw_deck_history_get_undo_label (history), ==, "Move Ashen Barrows");
}

static void
test_details_and_format (void)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autoptr(DwDeckHistory) history = dw_deck_history_new (deck);

  dw_deck_history_set_details (history, "Green Wall", "Ada", "Walls of wood.");
  dw_deck_history_set_format (history, "arcmage-2021");
  g_assert_cmpstr (dw_deck_get_name (deck), ==, "Green Wall");
  g_assert_cmpstr (dw_deck_get_format_id (deck), ==, "arcmage-2021");

  /* Setting what is already there records nothing. */
  dw_deck_history_set_format (history, "arcmage-2021");
  dw_deck_history_undo (history);
  g_assert_null (dw_deck_get_format_id (deck));
  g_assert_cmpstr (dw_deck_get_author (deck), ==, "Ada");
  dw_deck_history_undo (history);
  g_assert_null (dw_deck_get_name (deck));
  g_assert_false (dw_deck_history_can_undo (history));
}

/* Tags change as one undoable step, kept without blanks or repeats; the
 * same tags again record nothing; tags a deck cannot hold change
 * nothing; other details leave the tags alone. */
static void
test_tags (void)
{
  static const char * const typed[] = { "friends", " ", "aggro", "friends", NULL };
  static const char * const kept[] = { "friends", "aggro", NULL };
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autoptr(DwDeckHistory) history = dw_deck_history_new (deck);
  g_autoptr(GError) error = NULL;
  g_autofree char *long_tag = g_strnfill (100000, 'x');
  const char *too_long[] = { long_tag, NULL };

  g_assert_true (dw_deck_history_set_tags (history, typed, &error));
  g_assert_no_error (error);
  g_assert_true (g_strv_equal (dw_deck_get_tags (deck), kept));
  g_assert_true (dw_deck_history_set_tags (history, kept, &error));
  dw_deck_history_set_details (history, "Green Wall", NULL, NULL);
  g_assert_true (g_strv_equal (dw_deck_get_tags (deck), kept));

  g_assert_false (dw_deck_history_set_tags (history, too_long, &error));
  g_assert_error (error, DW_DECK_ERROR, DW_DECK_ERROR_BAD_VALUE);
  g_assert_true (g_strv_equal (dw_deck_get_tags (deck), kept));

  g_assert_true (dw_deck_history_undo (history));
  g_assert_true (g_strv_equal (dw_deck_get_tags (deck), kept));
  g_assert_true (dw_deck_history_undo (history));
  g_assert_null (dw_deck_get_tags (deck)[0]);
  g_assert_false (dw_deck_history_can_undo (history));
  g_assert_true (dw_deck_history_redo (history));
  g_assert_true (g_strv_equal (dw_deck_get_tags (deck), kept));
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

static void
test_modified_follows_the_saved_point (void)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autoptr(DwDeckHistory) history = dw_deck_history_new (deck);
  guint notified = 0;

  g_signal_connect (history, "notify::modified", G_CALLBACK (count_notify_cb), &notified);
  g_assert_false (dw_deck_history_is_modified (history));

  dw_deck_history_add_card (history, "main", card ("arc-0001"), 1);
  g_assert_true (dw_deck_history_is_modified (history));
  g_assert_cmpuint (notified, ==, 1);

  dw_deck_history_mark_saved (history);
  g_assert_false (dw_deck_history_is_modified (history));
  g_assert_cmpuint (notified, ==, 2);

  /* Undo away from the save and redo back to it. */
  dw_deck_history_undo (history);
  g_assert_true (dw_deck_history_is_modified (history));
  dw_deck_history_redo (history);
  g_assert_false (dw_deck_history_is_modified (history));

  /* Undo past the save, then a new edit: the saved deck can never come
   * back by redo, so the deck stays modified even at the same depth. */
  dw_deck_history_undo (history);
  dw_deck_history_add_card (history, "main", card ("arc-0002"), 1);
  g_assert_false (dw_deck_history_can_redo (history));
  dw_deck_history_undo (history);
  dw_deck_history_add_card (history, "main", card ("arc-0001"), 1);
  g_assert_true (dw_deck_history_is_modified (history));
}

static void
test_new_edit_drops_redo (void)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autoptr(DwDeckHistory) history = dw_deck_history_new (deck);
  guint can_redo_changes = 0;

  g_signal_connect (history, "notify::can-redo", G_CALLBACK (count_notify_cb), &can_redo_changes);
  dw_deck_history_add_card (history, "main", card ("arc-0001"), 1);
  dw_deck_history_undo (history);
  g_assert_true (dw_deck_history_can_redo (history));
  g_assert_cmpuint (can_redo_changes, ==, 1);

  dw_deck_history_add_card (history, "main", card ("arc-0002"), 1);
  g_assert_false (dw_deck_history_can_redo (history));
  g_assert_cmpuint (can_redo_changes, ==, 2);
  g_assert_cmpstr (id_at (deck, "main", 0), ==, "arc-0002");
}

/* Edits made in a group are one step: one undo takes them all back and
 * one redo does them all again; the edits around it stay steps of their
 * own. */
static void
test_group_is_one_step (void)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autoptr(DwDeckHistory) history = dw_deck_history_new (deck);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  DwDeckEntry *scouts, *keep;

  scouts = dw_deck_history_add_card (history, "main", card ("arc-0001"), 3);
  keep = dw_deck_history_add_card (history, "main", card ("arc-0002"), 2);
  before = snapshot (deck);

  dw_deck_history_begin_group (history);
  dw_deck_history_remove (history, scouts, 1);
  dw_deck_history_begin_group (history);  /* nested: still the one group */
  dw_deck_history_remove (history, keep, 1);
  dw_deck_history_end_group (history);
  dw_deck_history_remove (history, keep, 1);
  dw_deck_history_end_group (history);
  after = snapshot (deck);
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 2);

  g_assert_true (dw_deck_history_undo (history));
  {
    g_autofree char *now = snapshot (deck);
    g_assert_cmpstr (now, ==, before);
  }
  g_assert_true (dw_deck_history_redo (history));
  {
    g_autofree char *now = snapshot (deck);
    g_assert_cmpstr (now, ==, after);
  }
  g_assert_false (dw_deck_history_can_redo (history));

  /* Back past the group, the two adds are still two steps. */
  g_assert_true (dw_deck_history_undo (history));
  g_assert_true (dw_deck_history_undo (history));
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 3);
  g_assert_true (dw_deck_history_undo (history));
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 0);
  g_assert_false (dw_deck_history_can_undo (history));
}

/* Undoing a group of several edits, the first step that can be redone,
 * says so: the window enables Redo from the notification. */
static void
test_group_undo_notifies_can_redo (void)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autoptr(DwDeckHistory) history = dw_deck_history_new (deck);
  DwDeckEntry *scouts, *druids;
  guint redo_notified = 0;
  guint undo_notified = 0;

  scouts = dw_deck_history_add_card (history, "main", card ("arc-0001"), 3);
  druids = dw_deck_history_add_card (history, "main", card ("arc-0002"), 2);
  dw_deck_history_begin_group (history);
  dw_deck_history_move (history, scouts, "regions", 0);
  dw_deck_history_move (history, druids, "regions", 1);
  dw_deck_history_end_group (history);
  g_signal_connect (history, "notify::can-redo", G_CALLBACK (count_notify_cb), &redo_notified);
  g_signal_connect (history, "notify::can-undo", G_CALLBACK (count_notify_cb), &undo_notified);

  g_assert_true (dw_deck_history_undo (history));
  g_assert_true (dw_deck_history_can_redo (history));
  g_assert_cmpuint (redo_notified, ==, 1);

  /* Back to the start, then a group redone from there. */
  g_assert_true (dw_deck_history_undo (history));
  g_assert_true (dw_deck_history_undo (history));
  g_assert_false (dw_deck_history_can_undo (history));
  undo_notified = 0;
  g_assert_true (dw_deck_history_redo (history));
  g_assert_cmpuint (undo_notified, ==, 1);
}

/* To Considering and back: every copy moves, joins the entry of the same
 * card where there is one, comes back to the section its type belongs in
 * (a region to the regions), and each move is one undo step. */
static void
test_toggle_considering_is_one_step (void)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autoptr(DwDeckHistory) history = dw_deck_history_new (deck);
  DwGame *game = dw_library_lookup_game (library, "arcmage");
  g_autoptr(GPtrArray) picked = g_ptr_array_new ();
  g_autofree char *before = NULL;
  DwDeckEntry *scouts, *region, *maybe_scouts;

  scouts = dw_deck_history_add_card (history, "main", card ("arc-0001"), 3);
  region = dw_deck_history_add_card (history, "regions", card ("arc-r003"), 1);
  maybe_scouts = dw_deck_history_add_card (history, DW_SECTION_CONSIDERING, card ("arc-0001"), 2);
  before = snapshot (deck);

  g_ptr_array_add (picked, scouts);
  g_ptr_array_add (picked, region);
  dw_deck_history_toggle_considering (history, game, picked);
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 0);
  g_assert_cmpuint (dw_deck_count_section (deck, "regions"), ==, 0);
  g_assert_cmpuint (dw_deck_count_section (deck, DW_SECTION_CONSIDERING), ==, 6);
  /* The scouts joined the two already there. */
  g_assert_cmpuint (g_list_model_get_n_items (dw_deck_get_section (deck, DW_SECTION_CONSIDERING)), ==, 2);
  g_assert_cmpuint (dw_deck_entry_get_count (maybe_scouts), ==, 5);
  g_assert_cmpstr (dw_deck_entry_get_section (region), ==, DW_SECTION_CONSIDERING);

  g_assert_true (dw_deck_history_undo (history));
  {
    g_autofree char *now = snapshot (deck);
    g_assert_cmpstr (now, ==, before);
  }
  g_assert_true (dw_deck_history_redo (history));
  g_assert_cmpuint (dw_deck_count_section (deck, DW_SECTION_CONSIDERING), ==, 6);
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 0);

  /* And back: each to the section its type belongs in. */
  g_ptr_array_set_size (picked, 0);
  g_ptr_array_add (picked, maybe_scouts);
  g_ptr_array_add (picked, region);
  dw_deck_history_toggle_considering (history, game, picked);
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 5);
  g_assert_cmpstr (id_at (deck, "regions", 0), ==, "arc-r003");
  g_assert_cmpuint (dw_deck_count_section (deck, DW_SECTION_CONSIDERING), ==, 0);
  g_assert_true (dw_deck_history_undo (history));
  g_assert_cmpuint (dw_deck_count_section (deck, DW_SECTION_CONSIDERING), ==, 6);
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 0);
}

/* Issue 20, B6: an edit never takes a deck past what its file may hold
 * (dw-deck.h), so an edited deck always saves into one that opens again. */
static void
test_adding_stops_at_the_deck_limits (void)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autoptr(DwDeckHistory) history = dw_deck_history_new (deck);
  g_autoptr(DwDeck) reopened = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  DwDeckEntry *entry;

  entry = dw_deck_history_add_card (history, "main", card ("arc-0001"), 5000);
  g_assert_cmpuint (dw_deck_entry_get_count (entry), ==, DW_DECK_MAX_COUNT);
  g_assert_true (dw_deck_history_add_card (history, "main", card ("arc-0001"), 1) == entry);
  g_assert_cmpuint (dw_deck_entry_get_count (entry), ==, DW_DECK_MAX_COUNT);

  /* One step added what fitted, and nothing more was recorded. */
  g_assert_true (dw_deck_history_undo (history));
  g_assert_false (dw_deck_history_can_undo (history));
  g_assert_true (dw_deck_history_redo (history));

  saved = dw_deck_to_string (deck);
  reopened = dw_deck_load_data (saved, strlen (saved), "d.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dw_deck_count_copies (reopened), ==, DW_DECK_MAX_COUNT);
}

int
main (int    argc,
      char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  library = dw_test_library ();

  g_test_add_func ("/deck-history/add-merges-and-undoes", test_add_merges_and_undoes);
  g_test_add_func ("/deck-history/tags", test_tags);
  g_test_add_func ("/deck-history/adding-stops-at-the-deck-limits", test_adding_stops_at_the_deck_limits);
  g_test_add_func ("/deck-history/remove-puts-entry-back-in-place", test_remove_puts_entry_back_in_place);
  g_test_add_func ("/deck-history/move-between-and-within-sections", test_move_between_and_within_sections);
  g_test_add_func ("/deck-history/details-and-format", test_details_and_format);
  g_test_add_func ("/deck-history/modified-follows-the-saved-point", test_modified_follows_the_saved_point);
  g_test_add_func ("/deck-history/new-edit-drops-redo", test_new_edit_drops_redo);
  g_test_add_func ("/deck-history/group-is-one-step", test_group_is_one_step);
  g_test_add_func ("/deck-history/group-undo-notifies-can-redo", test_group_undo_notifies_can_redo);
  g_test_add_func ("/deck-history/toggle-considering-is-one-step", test_toggle_considering_is_one_step);

  ret = g_test_run ();
  g_clear_object (&library);
  return ret;
}
