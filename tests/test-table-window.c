/* test-table-window.c — the table view asks the engine and shows its answer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "dw-table-window.h"
#include "dw-test-util.h"

static DwLibrary *library;

static void
settle (void)
{
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

static DwTableWindow *
table_window (guint64 seed)
{
  g_autofree char *path = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = dw_deck_load (path, &error);
  g_autoptr(DwTable) table = NULL;
  DwTableWindow *window;

  g_assert_no_error (error);
  table = dw_table_new (library, deck, NULL, seed, &error);
  g_assert_no_error (error);
  window = dw_table_window_new (NULL, library, table);
  gtk_window_present (GTK_WINDOW (window));
  settle ();
  return window;
}

static guint
zone_size (DwTable    *table,
           const char *id)
{
  const DwTableState *state = dw_table_get_state (table);
  int index = dw_table_state_lookup_zone (state, id);

  g_assert_cmpint (index, >=, 0);
  return dw_table_state_get_zone (state, (guint) index)->cards->len;
}

/* The phase bar offers what the rules allow next, and says why not. */
static void
test_phase_bar_follows_the_rules (void)
{
  DwTableWindow *window = table_window (42);
  DwTable *table = dw_table_window_get_table (window);
  g_autofree char *reason = NULL;

  g_assert_cmpstr (dw_table_get_phase (table), ==, "unmark");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Green Wall — Table");
  g_assert_true (dw_table_window_phase_enabled (window, "upkeep", NULL));
  /* Upkeep and tactics are never skipped (Round Structure: Turn Structure). */
  g_assert_false (dw_table_window_phase_enabled (window, "draw", NULL));
  g_assert_true (dw_table_window_act (window, "phase upkeep"));
  g_assert_true (dw_table_window_act (window, "phase tactical"));
  /* Leaving the draw phase needs a card drawn first. */
  g_assert_true (dw_table_window_act (window, "phase draw"));
  g_assert_false (dw_table_window_phase_enabled (window, "play", &reason));
  g_assert_nonnull (reason);
  g_assert_true (dw_table_window_act (window, "draw"));
  g_assert_true (dw_table_window_phase_enabled (window, "play", NULL));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A refused action says why and changes nothing; undo steps back. */
static void
test_refusal_changes_nothing_and_undo (void)
{
  DwTableWindow *window = table_window (42);
  DwTable *table = dw_table_window_get_table (window);
  g_autofree char *before = dw_table_to_string (table);
  g_autofree char *after = NULL;

  g_assert_false (dw_table_window_act (window, "attack #1"));
  g_assert_nonnull (dw_table_window_get_last_message (window));
  after = dw_table_to_string (table);
  g_assert_cmpstr (after, ==, before);

  g_assert_true (dw_table_window_act (window, "phase upkeep"));
  gtk_widget_activate_action (GTK_WIDGET (window), "table.undo", NULL);
  settle ();
  g_assert_cmpstr (dw_table_get_phase (table), ==, "unmark");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Dragging a card from the hand to the vault is the vault action; to the
 * front before the entrance phase the engine refuses and it stays. */
static void
test_drop_asks_the_engine (void)
{
  DwTableWindow *window = table_window (42);
  DwTable *table = dw_table_window_get_table (window);
  const DwTableState *state = dw_table_get_state (table);
  const DwTableZone *hand = dw_table_state_get_zone (state, (guint) dw_table_state_lookup_zone (state, "hand"));
  guint first = g_array_index (hand->cards, guint, 0);
  guint second = g_array_index (hand->cards, guint, 1);

  g_assert_true (dw_table_window_act (window, "phase upkeep"));
  g_assert_true (dw_table_window_act (window, "phase tactical"));
  g_assert_true (dw_table_window_act (window, "phase draw"));
  g_assert_true (dw_table_window_act (window, "draw"));
  g_assert_true (dw_table_window_act (window, "phase play"));

  g_assert_false (dw_table_window_drop (window, second, "front"));
  g_assert_nonnull (dw_table_window_get_last_message (window));
  g_assert_cmpuint (zone_size (table, "front"), ==, 0);

  g_assert_true (dw_table_window_drop (window, first, "vault"));
  settle ();
  g_assert_cmpuint (zone_size (table, "vault"), ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The mulligan dialog's choices become the engine's mulligan action, and
 * the engine takes it on the first turn. */
static void
test_mulligan_choices_become_the_action (void)
{
  DwTableWindow *window = table_window (42);
  DwTable *table = dw_table_window_get_table (window);
  const DwTableState *state = dw_table_get_state (table);
  const DwTableZone *hand = dw_table_state_get_zone (state, (guint) dw_table_state_lookup_zone (state, "hand"));
  g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (guint));
  guint choices[7] = { 1, 1, 0, 0, 0, 2, 0 };
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;

  g_array_append_vals (numbers, hand->cards->data, hand->cards->len);
  g_assert_cmpuint (numbers->len, ==, 7);
  text = dw_table_window_mulligan_text (numbers, choices);
  expected = g_strdup_printf ("mulligan #%u #%u keep #%u #%u #%u #%u",
                              g_array_index (numbers, guint, 0), g_array_index (numbers, guint, 1),
                              g_array_index (numbers, guint, 2), g_array_index (numbers, guint, 3),
                              g_array_index (numbers, guint, 4), g_array_index (numbers, guint, 6));
  g_assert_cmpstr (text, ==, expected);

  /* The engine keeps a state per action: look again after acting. */
  g_assert_true (dw_table_window_act (window, text));
  g_assert_cmpuint (zone_size (table, "hand"), ==, 7);
  g_assert_cmpuint (zone_size (table, "grave"), ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Saved, the table reopens where it was; restarted, it deals anew. */
static void
test_save_reopen_restart (void)
{
  DwTableWindow *window = table_window (42);
  DwTableWindow *again = NULL;
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "table.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *reopened = NULL;

  g_assert_true (dw_table_window_act (window, "phase upkeep"));
  g_assert_true (dw_table_window_act (window, "phase tactical"));
  g_assert_true (dw_table_window_act (window, "phase draw"));
  g_assert_true (dw_table_window_act (window, "draw"));
  g_assert_true (dw_table_window_save_to (window, file, &error));
  g_assert_no_error (error);
  saved = dw_table_to_string (dw_table_window_get_table (window));

  again = dw_table_window_open (NULL, library, file, &error);
  g_assert_no_error (error);
  reopened = dw_table_to_string (dw_table_window_get_table (again));
  g_assert_cmpstr (reopened, ==, saved);
  g_assert_cmpstr (dw_table_get_phase (dw_table_window_get_table (again)), ==, "draw");

  dw_table_window_restart (window, 7);
  settle ();
  g_assert_cmpuint (dw_table_get_seed (dw_table_window_get_table (window)), ==, 7);
  g_assert_cmpuint (dw_table_get_n_log (dw_table_window_get_table (window)), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (again));
  dw_test_remove_tree (dir);
}

/* Coraabia's table: the duel's own actions, checked by the engine; hand
 * cards offer tricks and champions. */
static void
test_coraabia_duel_actions (void)
{
  g_autofree char *path = dw_test_data_path ("decks", "cor-bone-choir.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = dw_deck_load (path, &error);
  g_autoptr(DwTable) table = NULL;
  DwTableWindow *window;
  guint logged;

  g_assert_no_error (error);
  table = dw_table_new (library, deck, NULL, 2, &error);
  g_assert_no_error (error);
  window = dw_table_window_new (NULL, library, table);
  gtk_window_present (GTK_WINDOW (window));
  settle ();

  /* Whoever declares, declaring is the only way on, and only once. */
  logged = dw_table_get_n_log (table);
  if (!dw_table_window_act (window, "declare danger"))
    g_assert_true (dw_table_window_act (window, "as opp declare danger"));
  settle ();
  g_assert_cmpuint (dw_table_get_n_log (table), >, logged);
  g_assert_false (dw_table_window_act (window, "declare karma"));
  g_assert_nonnull (dw_table_window_get_last_message (window));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  int ret;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  library = dw_test_library ();

  g_test_add_func ("/table-window/phase-bar-follows-the-rules", test_phase_bar_follows_the_rules);
  g_test_add_func ("/table-window/refusal-changes-nothing-and-undo", test_refusal_changes_nothing_and_undo);
  g_test_add_func ("/table-window/drop-asks-the-engine", test_drop_asks_the_engine);
  g_test_add_func ("/table-window/save-reopen-restart", test_save_reopen_restart);
  g_test_add_func ("/table-window/mulligan-choices-become-the-action", test_mulligan_choices_become_the_action);
  g_test_add_func ("/table-window/coraabia-duel-actions", test_coraabia_duel_actions);

  ret = g_test_run ();
  g_clear_object (&library);
  return ret;
}
