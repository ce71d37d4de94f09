/* test-faction-markup.c — a faction named with & and < reads as written
 *
 * A game defined as data may name its factions anything.  Lanternfall
 * (tests/data/generic/) is given a faction property here whose values are
 * "Salt & <Iron>" and "Ember", the second shown under the name
 * "Ash & <Ember>"; three of its actions take them.  Wherever a widget that
 * parses Pango markup shows a faction, the name must be escaped: an &
 * left as it is would be a markup warning (fatal in these tests) or a
 * label shown empty.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "dw-deck-stats.h"
#include "dw-deck-stats-private.h"
#include "dw-library-page.h"
#include "dw-library-page-private.h"
#include "dw-test-gtk.h"
#include "dw-test-util.h"
#include "dw-window-private.h"

#define SALT  "Salt & <Iron>"
#define EMBER "Ash & <Ember>"

static DwLibrary *library;
static char *tmpdir;
static char *deck_path;

/* Lanternfall with factions, its cards taking them, and its deck. */
static void
make_library (void)
{
  g_autofree char *game_path = dw_test_fixture_path ("generic/lanternfall.xml");
  g_autofree char *cards_path = dw_test_fixture_path ("generic/lanternfall-cards.xml");
  g_autofree char *deck_source = dw_test_fixture_path ("generic/lantern-bearers.xml");
  g_autofree char *game_text = dw_test_read_file (game_path);
  g_autofree char *cards_text = dw_test_read_file (cards_path);
  g_autofree char *deck_text = dw_test_read_file (deck_source);
  g_autoptr(GString) game = g_string_new (game_text);
  g_autoptr(GString) cards = g_string_new (cards_text);
  g_autofree char *game_file = NULL;
  g_autofree char *cards_file = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (g_string_replace (game, "<property id=\"text\" name=\"Text\" kind=\"text\"/>",
                                      "<property id=\"text\" name=\"Text\" kind=\"text\"/>\n"
                                      "    <property id=\"faction\" name=\"Faction\" kind=\"enum\">\n"
                                      "      <value>Salt &amp; &lt;Iron&gt;</value>\n"
                                      "      <value name=\"Ash &amp; &lt;Ember&gt;\">Ember</value>\n"
                                      "    </property>", 1), ==, 1);
  g_assert_cmpuint (g_string_replace (cards, "<name>Kindle</name>\n    <type>Action</type>",
                                      "<name>Kindle</name>\n    <type>Action</type>\n"
                                      "    <faction>Salt &amp; &lt;Iron&gt;</faction>", 1), ==, 1);
  g_assert_cmpuint (g_string_replace (cards, "<name>Smother</name>\n    <type>Action</type>",
                                      "<name>Smother</name>\n    <type>Action</type>\n"
                                      "    <faction>Salt &amp; &lt;Iron&gt;</faction>", 1), ==, 1);
  g_assert_cmpuint (g_string_replace (cards, "<name>Lantern Oath</name>\n    <type>Action</type>",
                                      "<name>Lantern Oath</name>\n    <type>Action</type>\n"
                                      "    <faction>Ember</faction>", 1), ==, 1);

  tmpdir = dw_test_make_tmpdir ();
  game_file = dw_test_write_file (tmpdir, "lanternfall.xml", game->str);
  cards_file = dw_test_write_file (tmpdir, "lanternfall-cards.xml", cards->str);
  library = dw_test_library ();
  g_assert_true (dw_library_add_game_file (library, game_file, &error));
  g_assert_no_error (error);
  g_assert_nonnull (dw_library_add_card_db_file (library, cards_file, &error));
  g_assert_no_error (error);
  {
    g_autofree char *decks = g_build_filename (tmpdir, "Decks", NULL);

    g_assert_cmpint (g_mkdir (decks, 0755), ==, 0);
    deck_path = dw_test_write_file (decks, "bearers.xml", deck_text);
  }
}

static DwDeck *
load_deck (void)
{
  g_autoptr(GError) error = NULL;
  DwDeck *deck = dw_deck_load (deck_path, &error);

  g_assert_no_error (error);
  dw_library_resolve_deck (library, deck);
  return deck;
}

/* Whether a label under @root reads @text at its end (after a coloured
 * dot, say). */
static gboolean
has_label_ending (GtkWidget  *root,
                  const char *text)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  dw_test_collect_widgets (root, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_str_has_suffix (gtk_label_get_text (g_ptr_array_index (labels, i)), text))
      return TRUE;
  return FALSE;
}

/* The Decks page's row names the deck's factions as the game does. */
static void
test_decks_page_row (void)
{
  g_autofree char *folder = g_path_get_dirname (deck_path);
  g_autoptr(GFile) root = g_file_new_for_path (folder);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  DwLibraryPage *page = DW_LIBRARY_PAGE (dw_library_page_new (library));
  g_autofree char *both = g_strdup_printf ("%s  ", SALT);

  gtk_window_set_default_size (window, 800, 600);
  gtk_window_set_child (window, GTK_WIDGET (page));
  dw_library_page_set_root (page, root);
  gtk_window_present (window);
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (page)));
  DW_TEST_WAIT_UNTIL (g_list_model_get_n_items (dw_library_page_get_items (page)) == 1 &&
                      has_label_ending (GTK_WIDGET (page), EMBER));

  {
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();
    gboolean found = FALSE;

    dw_test_collect_widgets (GTK_WIDGET (page), GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      {
        const char *text = gtk_label_get_text (g_ptr_array_index (labels, i));

        /* "Salt & <Iron>  Ash & <Ember>", each perhaps after its dot. */
        if (strstr (text, both) != NULL && g_str_has_suffix (text, EMBER))
          found = TRUE;
      }
    g_assert_true (found);
  }
  gtk_window_destroy (window);
  dw_test_settle ();
}

static guint
bar_of (DwBarChart *chart,
        const char *label)
{
  for (guint bar = 0; bar < dw_bar_chart_get_n_bars (chart); bar++)
    if (g_strcmp0 (dw_bar_chart_get_label (chart, bar), label) == 0)
      return bar;
  g_assert_not_reached ();
}

/* The deck view (its card list's faction column) and the statistics
 * (the factions' bars, their counts, the odds' categories). */
static void
test_deck_view_and_statistics (void)
{
  DwWindow *window = dw_window_new_for_library (NULL, library);
  g_autoptr(DwDeck) deck = load_deck ();
  g_autoptr(GPtrArray) pages = g_ptr_array_new ();
  g_autoptr(GPtrArray) stacks = g_ptr_array_new ();
  GListModel *presets;
  DwDeckStats *stats;
  gboolean in_counts = FALSE;
  gboolean salt_preset = FALSE, ember_preset = FALSE;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  dw_window_set_deck (window, deck, NULL);
  gtk_window_present (GTK_WINDOW (window));
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));
  g_object_set (dw_window_get_deck_view (window), "view-mode", "list", NULL);
  dw_test_relayout ();
  DW_TEST_WAIT_UNTIL (dw_test_has_label (GTK_WIDGET (window), SALT));

  dw_test_collect_widgets (GTK_WIDGET (window), GTK_TYPE_STACK, stacks);
  for (guint i = 0; i < stacks->len; i++)
    if (gtk_stack_get_child_by_name (g_ptr_array_index (stacks, i), "statistics") != NULL)
      gtk_stack_set_visible_child_name (g_ptr_array_index (stacks, i), "statistics");
  dw_test_relayout ();
  dw_test_collect_widgets (GTK_WIDGET (window), DW_TYPE_DECK_STATS, pages);
  g_assert_cmpuint (pages->len, ==, 1);
  stats = g_ptr_array_index (pages, 0);

  (void) bar_of (stats->factions, SALT);
  (void) bar_of (stats->factions, EMBER);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (stats->counts_list)); row;
       row = gtk_widget_get_next_sibling (row))
    if (ADW_IS_ACTION_ROW (row) &&
        g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), "Factions") == 0)
      {
        g_autoptr(GPtrArray) labels = g_ptr_array_new ();

        /* The subtitle is markup: what it shows is the text. */
        dw_test_collect_widgets (row, GTK_TYPE_LABEL, labels);
        for (guint i = 0; i < labels->len; i++)
          {
            const char *text = gtk_label_get_text (g_ptr_array_index (labels, i));

            in_counts |= strstr (text, SALT " 2") != NULL && strstr (text, EMBER " 1") != NULL;
          }
      }
  g_assert_true (in_counts);

  presets = gtk_drop_down_get_model (stats->category_dropdown);
  for (guint i = 0; i < g_list_model_get_n_items (presets); i++)
    {
      g_autoptr(GtkStringObject) name = g_list_model_get_item (presets, i);

      salt_preset |= g_str_equal (gtk_string_object_get_string (name), "Faction: " SALT);
      ember_preset |= g_str_equal (gtk_string_object_get_string (name), "Faction: " EMBER);
    }
  g_assert_true (salt_preset);
  g_assert_true (ember_preset);

  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_settle ();
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *cache_home = dw_test_make_tmpdir ();
  int status;

  /* The deck library's index is the test's own. */
  g_setenv ("XDG_CACHE_HOME", cache_home, TRUE);
  dw_test_gtk_init (&argc, &argv);
  make_library ();

  g_test_add_func ("/faction-markup/decks-page-row", test_decks_page_row);
  g_test_add_func ("/faction-markup/deck-view-and-statistics", test_deck_view_and_statistics);
  status = g_test_run ();

  g_clear_object (&library);
  dw_test_remove_tree (tmpdir);
  dw_test_remove_tree (cache_home);
  g_free (tmpdir);
  g_free (deck_path);
  return status;
}
