/* test-deck-stats.c — the Statistics page of the deck editor
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "dw-deck-stats.h"
#include "dw-deck-stats-private.h"
#include "dw-deck-view.h"
#include "dw-test-gtk.h"
#include "dw-test-util.h"
#include "dw-window-private.h"

static DwLibrary *library;

static DwCard *
first_card_of_type (const char *game_id,
                    const char *type)
{
  GListModel *dbs = dw_library_get_card_dbs (library);

  for (guint i = 0; i < g_list_model_get_n_items (dbs); i++)
    {
      g_autoptr(DwCardDb) db = g_list_model_get_item (dbs, i);
      guint n_cards = 0;
      DwCard * const *cards = dw_card_db_peek_cards (db, &n_cards);

      if (g_strcmp0 (dw_game_get_id (dw_card_db_get_game (db)), game_id) != 0)
        continue;
      for (guint j = 0; j < n_cards; j++)
        if (g_strcmp0 (dw_card_get_card_type (cards[j]), type) == 0 &&
            dw_card_get_value (cards[j], "cost") != NULL &&
            g_ascii_isdigit (*dw_card_get_value (cards[j], "cost")))
          return cards[j];
    }
  g_assert_not_reached ();
}

static guint
bar_of (DwBarChart *curve,
        const char *label)
{
  for (guint bar = 0; bar < dw_bar_chart_get_n_bars (curve); bar++)
    if (g_strcmp0 (dw_bar_chart_get_label (curve, bar), label) == 0)
      return bar;
  g_assert_not_reached ();
}

static void
test_adding_a_card_changes_curve_and_odds (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autoptr(DwDeckHistory) history = dw_deck_history_new (deck);
  GtkWidget *stats = g_object_ref_sink (dw_deck_stats_new (library, history));
  DwBarChart *curve = dw_deck_stats_get_curve (DW_DECK_STATS (stats));
  DwCard *magic = first_card_of_type ("arcmage", "Magic");
  guint bar = bar_of (curve, dw_card_get_value (magic, "cost"));
  double before = dw_bar_chart_get_total (curve, bar);
  g_autofree char *odds_before = NULL;
  g_autofree char *exactly_before = NULL;

  dw_deck_stats_set_category (DW_DECK_STATS (stats), "type:magic");
  odds_before = g_strdup (dw_deck_stats_get_odds_text (DW_DECK_STATS (stats), FALSE, 0));
  exactly_before = g_strdup (dw_deck_stats_get_odds_text (DW_DECK_STATS (stats), TRUE, 0));
  g_assert_true (g_str_has_suffix (odds_before, "%"));

  dw_deck_history_add_card (history, "main", magic, 4);

  g_assert_cmpfloat (dw_bar_chart_get_total (curve, bar), ==, before + 4);
  g_assert_cmpstr (dw_deck_stats_get_odds_text (DW_DECK_STATS (stats), FALSE, 0), !=, odds_before);
  g_assert_cmpstr (dw_deck_stats_get_odds_text (DW_DECK_STATS (stats), TRUE, 0), !=, exactly_before);
  /* More Magic, better odds: the text is a percentage that grew. */
  g_assert_cmpfloat (g_ascii_strtod (dw_deck_stats_get_odds_text (DW_DECK_STATS (stats), FALSE, 0), NULL), >,
                     g_ascii_strtod (odds_before, NULL));

  /* Undo puts the curve back. */
  g_assert_true (dw_deck_history_undo (history));
  g_assert_cmpfloat (dw_bar_chart_get_total (curve, bar), ==, before);
  g_assert_cmpstr (dw_deck_stats_get_odds_text (DW_DECK_STATS (stats), FALSE, 0), ==, odds_before);

  g_object_unref (stats);
}

/* A search that does not parse says why, and shows no odds. */
static void
test_bad_search_shows_no_odds (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autoptr(DwDeckHistory) history = dw_deck_history_new (deck);
  GtkWidget *stats = g_object_ref_sink (dw_deck_stats_new (library, history));

  dw_deck_stats_set_category (DW_DECK_STATS (stats), "cost<=");
  g_assert_cmpstr (dw_deck_stats_get_odds_text (DW_DECK_STATS (stats), FALSE, 2), ==, "—");
  dw_deck_stats_set_category (DW_DECK_STATS (stats), "cost<=2");
  g_assert_true (g_str_has_suffix (dw_deck_stats_get_odds_text (DW_DECK_STATS (stats), FALSE, 2), "%"));
  g_object_unref (stats);
}

/* A card of no faction is colourless, and the page says so wherever it
 * names the faction: its bar, the counts and the odds' categories read
 * the game's own name for the value, "None (colourless)" (issue 21). */
static void
test_no_faction_reads_colourless (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autoptr(DwDeckHistory) history = dw_deck_history_new (deck);
  GtkWidget *stats = g_object_ref_sink (dw_deck_stats_new (library, history));
  DwDeckStats *self = DW_DECK_STATS (stats);
  DwCard *colourless = dw_library_lookup_card (library, "arcmage", "arc-0117", 0, NULL);
  GListModel *presets;
  gboolean in_counts = FALSE;
  gboolean in_presets = FALSE;

  g_assert_nonnull (colourless);
  g_assert_cmpstr (dw_card_get_value (colourless, "faction"), ==, "None");
  dw_deck_history_add_card (history, "main", colourless, 1);

  (void) bar_of (self->factions, "None (colourless)");
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->counts_list)); row;
       row = gtk_widget_get_next_sibling (row))
    if (ADW_IS_ACTION_ROW (row) &&
        g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), "Factions") == 0)
      in_counts = strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "None (colourless) ") != NULL &&
                  !g_regex_match_simple ("None [0-9]", adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), 0, 0);
  g_assert_true (in_counts);
  presets = gtk_drop_down_get_model (self->category_dropdown);
  for (guint i = 0; i < g_list_model_get_n_items (presets); i++)
    {
      g_autoptr(GtkStringObject) name = g_list_model_get_item (presets, i);

      in_presets |= g_str_equal (gtk_string_object_get_string (name), "Faction: None (colourless)");
    }
  g_assert_true (in_presets);
  g_object_unref (stats);
}

/* The category's drop-down gives its tooltip up while its list shows,
 * so the tooltip never covers the list (issue 21). */
static void
test_tooltips_make_way (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autoptr(DwDeckHistory) history = dw_deck_history_new (deck);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *stats = dw_deck_stats_new (library, history);

  gtk_window_set_child (GTK_WINDOW (window), stats);
  gtk_window_set_default_size (GTK_WINDOW (window), 500, 800);
  gtk_window_present (GTK_WINDOW (window));
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (stats));
  dw_test_relayout ();
  g_assert_cmpuint (dw_test_check_tooltips_make_way (stats), >=, 1);
  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_settle ();
}

static void
test_sample_hand_and_simulation (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autoptr(DwDeckHistory) history = dw_deck_history_new (deck);
  DwDeckStats *stats = DW_DECK_STATS (g_object_ref_sink (dw_deck_stats_new (library, history)));
  DwBarChart *chart = dw_deck_stats_get_simulation_chart (stats);

  dw_deck_stats_deal (stats, 5);
  g_assert_cmpuint (dw_deck_stats_get_hand_size (stats), ==, 7);

  dw_deck_stats_simulate (stats, 3000);
  g_assert_true (dw_deck_stats_is_simulating (stats));
  DW_TEST_WAIT_UNTIL (!dw_deck_stats_is_simulating (stats));
  g_assert_false (dw_deck_stats_is_simulating (stats));
  g_assert_cmpuint (dw_bar_chart_get_n_bars (chart), ==, 10);
  for (guint bar = 0; bar < 10; bar++)
    {
      g_assert_cmpfloat (dw_bar_chart_get_total (chart, bar), >=, 0.0);
      g_assert_cmpfloat (dw_bar_chart_get_total (chart, bar), <=, 100.0);
    }
  /* A creature played by turn 10 of a deck of 38 creatures. */
  g_assert_cmpfloat (dw_bar_chart_get_total (chart, 9), >, 90.0);
  /* The chart says what its bars count, and the number of games reads
   * at a glance: its digits grouped, whatever the locale. */
  g_assert_cmpstr (dw_bar_chart_get_axis_title (chart), ==, "Turn");
  g_assert_true (g_str_has_prefix (gtk_label_get_text (stats->simulation_note), "3\u202f000 games ") ||
                 g_str_has_prefix (gtk_label_get_text (stats->simulation_note), "3,000 games "));

  /* An edit while it runs stops it, and the page lives on. */
  dw_deck_stats_simulate (stats, 1000000);
  dw_deck_history_add_card (history, "main", first_card_of_type ("arcmage", "Creature"), 1);
  g_assert_false (dw_deck_stats_is_simulating (stats));

  g_object_unref (stats);
}

/* A hidden page starts no table; shown, it deals the hand of its seed. */
static void
test_shown_page_deals_a_hand (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autoptr(DwDeckHistory) history = dw_deck_history_new (deck);
  GtkWidget *window = gtk_window_new ();
  DwDeckStats *stats = DW_DECK_STATS (dw_deck_stats_new (library, history));

  g_assert_cmpuint (dw_deck_stats_get_hand_size (stats), ==, 0);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (stats));
  gtk_window_present (GTK_WINDOW (window));
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (stats)));
  g_assert_cmpuint (dw_deck_stats_get_hand_size (stats), ==, 7);

  /* Shown, it follows each edit at once. */
  dw_deck_history_add_card (history, "main", first_card_of_type ("arcmage", "Creature"), 1);
  g_assert_cmpuint (dw_deck_stats_get_hand_size (stats), ==, 7);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Whether @widget shows the whole of its text: allocated at least as
 * wide as it would like, and inside @root's width. */
static void
assert_whole (GtkWidget *widget,
              GtkWidget *root)
{
  graphene_rect_t bounds;
  int natural = 0;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  g_assert_true (gtk_widget_compute_bounds (widget, root, &bounds));
  if (GTK_IS_LABEL (widget))
    g_test_message ("%s: %d wanted, %.0f given, ends at %.0f of %d", gtk_label_get_text (GTK_LABEL (widget)),
                    natural, bounds.size.width, bounds.origin.x + bounds.size.width, gtk_widget_get_width (root));
  g_assert_cmpfloat (bounds.size.width, >=, natural);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (root));
}

/* In the side panel at 1280 px, and at a phone's 360, every step of the
 * draw odds shows whole (none behind a sideways scroll, no "Tur"), and
 * the seed box shows every digit of the largest seed. */
static void
test_every_turn_and_digit_in_view (void)
{
  static const int widths[] = { 384, 336 };
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autoptr(DwDeckHistory) history = dw_deck_history_new (deck);

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      GtkWidget *window = gtk_window_new ();
      DwDeckStats *stats = DW_DECK_STATS (dw_deck_stats_new (library, history));
      g_autoptr(GPtrArray) labels = g_ptr_array_new ();
      GtkWidget *text;
      PangoLayout *layout;
      graphene_rect_t bounds;
      int digits_width;

      gtk_widget_set_size_request (GTK_WIDGET (stats), widths[i], -1);
      gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (stats));
      gtk_window_set_default_size (GTK_WINDOW (window), widths[i], 800);
      gtk_window_present (GTK_WINDOW (window));
      DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (stats)));
      dw_deck_stats_set_category (stats, "type:creature");
      dw_test_relayout ();
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (stats)), <=, widths[i] + 1);

      dw_test_collect_widgets (GTK_WIDGET (stats->odds_grid), GTK_TYPE_LABEL, labels);
      g_assert_cmpuint (labels->len, ==, 3 * (DW_ODDS_N_STEPS + 1));
      for (guint j = 0; j < labels->len; j++)
        assert_whole (g_ptr_array_index (labels, j), GTK_WIDGET (stats));
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (stats->odds_labels[0][DW_ODDS_N_STEPS])), ==, "Turn 5");

      gtk_editable_set_text (GTK_EDITABLE (stats->seed_entry), "18446744073709551615");
      text = gtk_widget_get_first_child (GTK_WIDGET (stats->seed_entry));
      while (text != NULL && !GTK_IS_TEXT (text))
        text = gtk_widget_get_next_sibling (text);
      g_assert_nonnull (text);
      layout = gtk_widget_create_pango_layout (text, "18446744073709551615");
      pango_layout_get_pixel_size (layout, &digits_width, NULL);
      g_object_unref (layout);
      g_assert_true (gtk_widget_compute_bounds (text, GTK_WIDGET (stats), &bounds));
      g_test_message ("seed: %d px of digits in a %.0f px field", digits_width, bounds.size.width);
      g_assert_cmpfloat (bounds.size.width, >=, digits_width);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* A card type named with & and < (a game defined as data may name its
 * types anything) reads as written in the curve's legend, escaped for
 * its markup: an & left as it is would be a markup warning, fatal here. */
static void
test_legend_escapes_type_names (void)
{
  g_autofree char *game_path = dw_test_data_path ("games", "arcmage.xml", NULL);
  g_autofree char *cards_path = dw_test_data_path ("cards", "arcmage-core.xml", NULL);
  g_autofree char *game_text = dw_test_read_file (game_path);
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *renamed = NULL;
  g_autoptr(GString) text = g_string_new (game_text);
  g_autoptr(DwLibrary) own = dw_library_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(DwDeckHistory) history = NULL;
  DwDeckStats *stats;
  gboolean found = FALSE;

  g_assert_cmpuint (g_string_replace (text, "<type id=\"Creature\" name=\"Creature\"/>",
                                      "<type id=\"Creature\" name=\"Creature &amp; &lt;Kin&gt;\"/>", 1), ==, 1);
  renamed = dw_test_write_file (dir, "arcmage.xml", text->str);
  g_assert_true (dw_library_add_game_file (own, renamed, &error));
  g_assert_no_error (error);
  g_assert_nonnull (dw_library_add_card_db_file (own, cards_path, &error));
  g_assert_no_error (error);
  deck = dw_test_load_deck (own, "orc-green-wall.xml");
  history = dw_deck_history_new (deck);
  stats = DW_DECK_STATS (g_object_ref_sink (dw_deck_stats_new (own, history)));

  dw_test_collect_widgets (GTK_WIDGET (stats->legend), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_text (g_ptr_array_index (labels, i)), "■ Creature & <Kin>") == 0)
      found = TRUE;
  g_assert_true (found);
  g_object_unref (stats);
  dw_test_remove_tree (dir);
}

/* A game defined only as data: the page shows its curve by the property
 * its definition names, its odds by turn, a sample hand of its table's
 * opening hand and a goldfish simulation; with no curve property named,
 * it says so and shows no empty curve. */
static void
test_game_defined_as_data (void)
{
  g_autofree char *game_path = dw_test_fixture_path ("generic/lanternfall.xml");
  g_autofree char *cards_path = dw_test_fixture_path ("generic/lanternfall-cards.xml");
  g_autofree char *deck_path = dw_test_fixture_path ("generic/lantern-bearers.xml");
  g_autofree char *game_text = dw_test_read_file (game_path);
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autoptr(GString) without = g_string_new (game_text);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (g_string_replace (without, "<statistics curve=\"cost\" numbers=\"cost\"/>", "", 1), ==, 1);
  for (guint variant = 0; variant < 2; variant++)
    {
      g_autofree char *path = variant == 0 ? g_strdup (game_path)
                                           : dw_test_write_file (dir, "lanternfall.xml", without->str);
      g_autoptr(DwLibrary) own = dw_test_library ();
      g_autoptr(DwDeck) deck = NULL;
      g_autoptr(DwDeckHistory) history = NULL;
      DwDeckStats *stats;
      DwBarChart *chart;

      g_assert_true (dw_library_add_game_file (own, path, &error));
      g_assert_no_error (error);
      g_assert_nonnull (dw_library_add_card_db_file (own, cards_path, &error));
      g_assert_no_error (error);
      deck = dw_deck_load (deck_path, &error);
      g_assert_no_error (error);
      dw_library_resolve_deck (own, deck);
      history = dw_deck_history_new (deck);
      stats = DW_DECK_STATS (g_object_ref_sink (dw_deck_stats_new (own, history)));
      chart = dw_deck_stats_get_simulation_chart (stats);

      if (variant == 0)
        {
          g_assert_cmpstr (gtk_label_get_text (stats->curve_title), ==, "Cost curve, 15 cards");
          g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dw_deck_stats_get_curve (stats))));
          g_assert_cmpuint (dw_bar_chart_get_n_bars (dw_deck_stats_get_curve (stats)), >=, 4);
        }
      else
        {
          g_assert_true (g_str_has_prefix (gtk_label_get_text (stats->curve_title), "No curve: "));
          g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dw_deck_stats_get_curve (stats))));
        }
      dw_deck_stats_set_category (stats, "cost:0");
      /* Four of the fifteen actions cost 0: 1 - C(11,5)/C(15,5) in the opening hand. */
      g_assert_cmpstr (dw_deck_stats_get_odds_text (stats, FALSE, 0), ==, "84.6%");

      dw_deck_stats_deal (stats, 5);
      g_assert_cmpuint (dw_deck_stats_get_hand_size (stats), ==, 5);

      dw_deck_stats_simulate (stats, 2000);
      DW_TEST_WAIT_UNTIL (!dw_deck_stats_is_simulating (stats));
      g_assert_cmpuint (dw_bar_chart_get_n_bars (chart), ==, 10);
      /* Every card dealt is an action: one is drawn from the opening hand. */
      g_assert_cmpfloat (dw_bar_chart_get_total (chart, 0), ==, 100.0);
      g_assert_true (g_str_has_prefix (gtk_label_get_text (stats->chart1_title), "A card of type “Action” drawn"));
      g_object_unref (stats);
    }
  dw_test_remove_tree (dir);
}

/* The stack of a builder window's deck page (Deck, Statistics). */
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

/* How many columns the card list of a builder window shows. */
static guint
card_list_columns_shown (DwWindow *window)
{
  g_autoptr(GPtrArray) views = g_ptr_array_new ();
  GListModel *columns;
  guint shown = 0;

  dw_test_collect_widgets (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, views);
  g_assert_cmpuint (views->len, ==, 1);
  columns = gtk_column_view_get_columns (g_ptr_array_index (views, 0));
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      shown += gtk_column_view_column_get_visible (column);
    }
  return shown;
}

/* Issue 21: the builder and its statistics of the game defined only as
 * data (Lanternfall, tests/data/generic) read whole at 1280×800 and at
 * 360×800, as the shipped games' do (test-window's
 * /window/builder-reads-whole-at-1280): at 360 px the card list's last
 * columns give way to the name, and the deck in each of its views,
 * then the statistics once a simulation has run, every label whole or,
 * where ellipsizing is the design, whole in its tooltip.  With
 * DW_TEST_SCREENSHOTS set it leaves a picture of each screen there. */
static void
test_generic_builder_reads_whole (void)
{
  static const char * const modes[] = { "list", "text", "grid" };
  static const int widths[] = { 1280, 360 };
  g_autofree char *game_path = dw_test_fixture_path ("generic/lanternfall.xml");
  g_autofree char *cards_path = dw_test_fixture_path ("generic/lanternfall-cards.xml");
  g_autofree char *deck_path = dw_test_fixture_path ("generic/lantern-bearers.xml");
  g_autoptr(DwLibrary) own = dw_test_library ();
  g_autoptr(GError) error = NULL;
  guint wide_columns = 0;

  g_assert_true (dw_library_add_game_file (own, game_path, &error));
  g_assert_no_error (error);
  g_assert_nonnull (dw_library_add_card_db_file (own, cards_path, &error));
  g_assert_no_error (error);
  /* GNOME's window buttons: at 360 px a title bar with minimize and
   * maximize would take room no player's window gives up. */
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", ":close", NULL);

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      DwWindow *window = dw_window_new_for_library (NULL, own);
      g_autoptr(DwDeck) deck = dw_deck_load (deck_path, &error);
      g_autoptr(GPtrArray) pages = g_ptr_array_new ();
      g_autofree char *stats_name = g_strdup_printf ("statistics-%d-lanternfall", widths[w]);
      DwDeckStats *stats;

      g_assert_no_error (error);
      dw_library_resolve_deck (own, deck);
      gtk_window_set_default_size (GTK_WINDOW (window), widths[w], 800);
      dw_window_set_deck (window, deck, NULL);
      gtk_window_present (GTK_WINDOW (window));
      DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));
      for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
        {
          g_autofree char *name = g_strdup_printf ("builder-%d-lanternfall-%s", widths[w], modes[m]);
          g_autofree char *deck_name = g_strdup_printf ("%s-deck", name);

          g_object_set (dw_window_get_deck_view (window), "view-mode", modes[m], NULL);
          dw_test_relayout ();
          /* Folded at 360 px: the card list on its page, then the deck's
           * views on theirs. */
          if (m == 0 && adw_leaflet_get_folded (window->leaflet))
            {
              g_assert_cmpstr (adw_leaflet_get_visible_child_name (window->leaflet), ==, "cards");
              dw_test_save_screenshot (GTK_WIDGET (window), name);
              dw_test_assert_labels_whole (GTK_WIDGET (window));
              /* Power and Cost gave way; they come back with the room. */
              g_assert_cmpuint (card_list_columns_shown (window), <, wide_columns);
              gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
              dw_test_relayout ();
              g_assert_cmpuint (card_list_columns_shown (window), ==, wide_columns);
              gtk_window_set_default_size (GTK_WINDOW (window), widths[w], 800);
              dw_test_relayout ();
              adw_leaflet_set_visible_child_name (window->leaflet, "deck");
              dw_test_relayout ();
            }
          else if (m == 0)
            wide_columns = card_list_columns_shown (window);
          g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, widths[w]);
          dw_test_save_screenshot (GTK_WIDGET (window), adw_leaflet_get_folded (window->leaflet) ? deck_name : name);
          g_test_message ("Lanternfall at %d px, %s", widths[w], modes[m]);
          dw_test_assert_labels_whole (GTK_WIDGET (window));
        }

      gtk_stack_set_visible_child_name (deck_stack_of (window), "statistics");
      dw_test_collect_widgets (GTK_WIDGET (window), DW_TYPE_DECK_STATS, pages);
      g_assert_cmpuint (pages->len, ==, 1);
      stats = g_ptr_array_index (pages, 0);
      dw_deck_stats_simulate (stats, 2000);
      DW_TEST_WAIT_UNTIL (!dw_deck_stats_is_simulating (stats));
      dw_test_relayout ();
      dw_test_save_screenshot (GTK_WIDGET (window), stats_name);
      g_test_message ("Lanternfall at %d px, statistics", widths[w]);
      dw_test_assert_labels_whole (GTK_WIDGET (window));
      /* The window's width is kept in GSettings: the next window opens
       * at the usual size. */
      gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
      gtk_window_destroy (GTK_WINDOW (window));
      dw_test_settle ();
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  dw_test_gtk_init (&argc, &argv);
  library = dw_test_library ();

  g_test_add_func ("/deck-stats/tooltips-make-way", test_tooltips_make_way);
  g_test_add_func ("/deck-stats/no-faction-reads-colourless", test_no_faction_reads_colourless);
  g_test_add_func ("/deck-stats/adding-a-card-changes-curve-and-odds", test_adding_a_card_changes_curve_and_odds);
  g_test_add_func ("/deck-stats/bad-search-shows-no-odds", test_bad_search_shows_no_odds);
  g_test_add_func ("/deck-stats/sample-hand-and-simulation", test_sample_hand_and_simulation);
  g_test_add_func ("/deck-stats/shown-page-deals-a-hand", test_shown_page_deals_a_hand);
  g_test_add_func ("/deck-stats/every-turn-and-digit-in-view", test_every_turn_and_digit_in_view);
  g_test_add_func ("/deck-stats/legend-escapes-type-names", test_legend_escapes_type_names);
  g_test_add_func ("/deck-stats/game-defined-as-data", test_game_defined_as_data);
  g_test_add_func ("/deck-stats/generic-builder-reads-whole", test_generic_builder_reads_whole);

  status = g_test_run ();
  g_object_unref (library);
  return status;
}
