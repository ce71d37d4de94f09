/* dw-deck-stats.c — the statistics of the deck being built, live
 *
 * A page beside the deck: the curve stacked by card type, the cards by
 * faction, the counts, the exact draw odds of a category the player
 * picks, a sample hand dealt as a table deals it, and a goldfish
 * simulation (dw-deck-stats-simulation.c).  Everything shown comes from
 * src/core (DwStats, dw-odds, DwGoldfish) and src/table (DwSampleHand):
 * this file only lays it out, and follows the deck's "changed" signal
 * so that each edit shows at once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-card-face.h"
#include "dw-card-paint.h"
#include "dw-deck-stats-private.h"
#include "dw-menu-button.h"
#include "dw-rng.h"

G_DEFINE_FINAL_TYPE (DwDeckStats, dw_deck_stats, ADW_TYPE_BIN)

/* Mid-tones that read on the light and the dark background alike (the
 * GNOME palette's 3s and 4s), one a card type in the game's order. */
static const GdkRGBA type_colours[] = {
  { 0.21, 0.52, 0.89, 1 },  /* blue */
  { 0.18, 0.76, 0.49, 1 },  /* green */
  { 0.90, 0.65, 0.04, 1 },  /* yellow */
  { 0.57, 0.25, 0.67, 1 },  /* purple */
  { 1.00, 0.47, 0.00, 1 },  /* orange */
  { 0.88, 0.11, 0.14, 1 },  /* red */
  { 0.60, 0.42, 0.27, 1 },  /* brown */
  { 0.40, 0.60, 0.65, 1 },  /* slate */
};

static void
remove_children (GtkWidget *parent)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (parent)) != NULL)
    {
      if (GTK_IS_LIST_BOX (parent))
        gtk_list_box_remove (GTK_LIST_BOX (parent), child);
      else if (GTK_IS_FLOW_BOX (parent))
        gtk_flow_box_remove (GTK_FLOW_BOX (parent), child);
      else
        gtk_widget_unparent (child);
    }
}

/* A faction colour that a dark background does not swallow. */
static GdkRGBA
readable (GdkRGBA colour)
{
  double luminance = 0.2126 * colour.red + 0.7152 * colour.green + 0.0722 * colour.blue;

  if (adw_style_manager_get_dark (adw_style_manager_get_default ()) && luminance < 0.3)
    {
      colour.red = colour.red * 0.5 + 0.5 * 0.75;
      colour.green = colour.green * 0.5 + 0.5 * 0.75;
      colour.blue = colour.blue * 0.5 + 0.5 * 0.78;
    }
  return colour;
}

static char *
colour_markup (const GdkRGBA *colour,
               const char    *text)
{
  return g_markup_printf_escaped ("<span foreground=\"#%02x%02x%02x\">■</span> %s",
                                  (guint) (colour->red * 255), (guint) (colour->green * 255),
                                  (guint) (colour->blue * 255), text);
}

static const char *
type_name (DwGame     *game,
           const char *type_id)
{
  const DwCardTypeDef *def = dw_game_lookup_card_type (game, type_id);

  return def ? def->name : type_id;
}

/* The curve and its legend */

static void
show_curve (DwDeckStats *self)
{
  DwStats *stats = self->stats;
  guint n_columns = dw_stats_get_n_columns (stats);
  guint n_types = dw_stats_get_n_types (stats);
  g_autofree double *values = g_new0 (double, MAX (n_columns * n_types, 1));
  g_autofree const char **labels = g_new0 (const char *, n_columns + 1);
  g_autofree GdkRGBA *colours = g_new0 (GdkRGBA, MAX (n_types, 1));
  g_autofree char *title = NULL;

  for (guint t = 0; t < n_types; t++)
    colours[t] = type_colours[t % G_N_ELEMENTS (type_colours)];
  for (guint c = 0; c < n_columns; c++)
    {
      const DwStatsColumn *column = dw_stats_get_column (stats, c);

      labels[c] = column->label;
      for (guint t = 0; t < n_types; t++)
        values[c * n_types + t] = column->counts[t];
    }
  dw_bar_chart_set_data (self->curve, n_columns, labels, n_types, colours, values);

  if (dw_stats_get_curve_name (stats) != NULL)
    title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s curve, %u card", "%s curve, %u cards",
                                          dw_stats_get_size (stats)),
                             dw_stats_get_curve_name (stats), dw_stats_get_size (stats));
  else
    title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "No curve: the game's definition names no property for one; %u card",
                                          "No curve: the game's definition names no property for one; %u cards",
                                          dw_stats_get_size (stats)),
                             dw_stats_get_size (stats));
  gtk_widget_set_visible (GTK_WIDGET (self->curve), dw_stats_get_curve_name (stats) != NULL);
  gtk_label_set_label (self->curve_title, title);

  remove_children (GTK_WIDGET (self->legend));
  for (guint t = 0; t < n_types; t++)
    {
      g_autofree char *markup = colour_markup (&colours[t], type_name (dw_stats_get_game (stats),
                                                                       dw_stats_get_type_id (stats, t)));
      GtkWidget *label = gtk_label_new (NULL);

      gtk_label_set_markup (GTK_LABEL (label), markup);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_flow_box_append (self->legend, label);
    }
}

static void
show_factions (DwDeckStats *self)
{
  GArray *by_faction = dw_stats_get_by_faction (self->stats);
  guint n = by_faction->len;
  g_autofree double *values = g_new0 (double, MAX (n * n, 1));
  g_autofree const char **labels = g_new0 (const char *, n + 1);
  g_autofree GdkRGBA *colours = g_new0 (GdkRGBA, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    {
      const DwStatsCount *count = &g_array_index (by_faction, DwStatsCount, i);
      double r, g, b;

      dw_card_paint_faction_rgb (count->label, &r, &g, &b);
      colours[i] = readable ((GdkRGBA) { r, g, b, 1.0 });
      labels[i] = dw_game_value_name (dw_stats_get_game (self->stats), "faction", count->label);
      values[i * n + i] = count->count;
    }
  dw_bar_chart_set_data (self->factions, n, labels, n, colours, values);
  gtk_widget_set_visible (GTK_WIDGET (self->factions), n > 0);
}

static void
add_count_row (DwDeckStats *self,
               const char  *title,
               const char  *value)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *escaped_title = g_markup_escape_text (title, -1);
  g_autofree char *escaped_value = g_markup_escape_text (value, -1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped_title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), escaped_value);
  gtk_list_box_append (self->counts_list, row);
}

/* "Creature 12 · Event 4"; @property names the game's property whose
 * values the labels are, so they read as the game names them. */
static char *
join_counts (DwGame     *game,
             GArray     *counts,
             const char *property)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < counts->len; i++)
    {
      const char *label = g_array_index (counts, DwStatsCount, i).label;

      g_string_append_printf (out, "%s%s %u", i ? " · " : "",
                              property ? dw_game_value_name (game, property, label) : label,
                              g_array_index (counts, DwStatsCount, i).count);
    }
  return g_string_free (out, FALSE);
}

static void
show_counts (DwDeckStats *self)
{
  DwGame *game = dw_stats_get_game (self->stats);
  g_autofree char *types = join_counts (game, dw_stats_get_by_type (self->stats), NULL);
  g_autofree char *factions = join_counts (game, dw_stats_get_by_faction (self->stats), "faction");
  g_autofree char *sections = join_counts (game, dw_stats_get_by_section (self->stats), NULL);
  GArray *numbers = dw_stats_get_numbers (self->stats);
  const char *code;
  gint64 total;
  gint64 max;

  remove_children (GTK_WIDGET (self->counts_list));
  add_count_row (self, _("Types"), *types ? types : _("none yet"));
  add_count_row (self, _("Factions"), *factions ? factions : _("none yet"));
  add_count_row (self, _("Sections"), *sections ? sections : _("none yet"));
  for (guint i = 0; i < numbers->len; i++)
    {
      const DwStatsNumber *number = &g_array_index (numbers, DwStatsNumber, i);
      g_autofree char *value = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                             "average %.2f, spread %.2f, total %" PRId64
                                                             " over %u card",
                                                             "average %.2f, spread %.2f, total %" PRId64
                                                             " over %u cards", number->n_cards),
                                                number->mean, number->spread, number->total, number->n_cards);

      add_count_row (self, number->name, value);
    }
  if (dw_stats_get_budget (self->stats, &code, &total, &max))
    {
      g_autofree char *title = g_strdup_printf (_("Budget (%s)"), code);
      g_autofree char *value = g_strdup_printf (_("%" PRId64 " of %" PRId64), total, max);

      add_count_row (self, title, value);
    }
}

/* Draw odds */

static char *
step_name (const DwDeal *deal,
           guint         step)
{
  if (deal->kind == DW_DEAL_REVEAL)
    return g_strdup_printf (_("Duel %u"), step + 1);
  if (step == 0)
    return g_strdup (_("Opening"));
  return g_strdup_printf (_("Turn %u"), step);
}

static void
clear_odds (DwDeckStats *self,
            const char  *note)
{
  for (guint row = 1; row < 3; row++)
    for (guint step = 0; step < DW_ODDS_N_STEPS; step++)
      gtk_label_set_label (GTK_LABEL (self->odds_labels[row][step + 1]), "—");
  gtk_label_set_label (self->odds_note, note);
}

static void
show_odds (DwDeckStats *self)
{
  const DwDeal *deal = self->stats ? dw_stats_get_deal (self->stats) : NULL;
  g_autoptr(DwQuery) query = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *at_least = NULL;
  g_autofree char *exactly = NULL;
  g_autofree char *note = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->query_entry));
  guint k = (guint) gtk_spin_button_get_value_as_int (self->k_spin);
  DwOddsCounts counts;

  if (deal == NULL)
    {
      clear_odds (self, _("There are no draw odds for this game yet."));
      return;
    }
  for (guint step = 0; step < DW_ODDS_N_STEPS; step++)
    {
      g_autofree char *name = step_name (deal, step);

      gtk_label_set_label (GTK_LABEL (self->odds_labels[0][step + 1]), name);
    }
  at_least = g_strdup_printf (_("At least %u"), k);
  exactly = g_strdup_printf (_("Exactly %u"), k);
  gtk_label_set_label (GTK_LABEL (self->odds_labels[1][0]), at_least);
  gtk_label_set_label (GTK_LABEL (self->odds_labels[2][0]), exactly);

  query = dw_query_parse (dw_stats_get_game (self->stats), text, &error);
  if (query == NULL)
    {
      clear_odds (self, error->message);
      return;
    }
  if (dw_query_is_empty (query))
    {
      clear_odds (self, _("Pick a category, or type a search, to see the chance of drawing it."));
      return;
    }

  dw_stats_count (self->stats, query, &counts);
  for (guint step = 0; step < DW_ODDS_N_STEPS; step++)
    {
      g_autofree char *p_least = g_strdup_printf ("%.1f%%", 100.0 * dw_odds_at_least (deal, &counts, step, k));
      g_autofree char *p_exactly = g_strdup_printf ("%.1f%%", 100.0 * dw_odds_exactly (deal, &counts, step, k));

      gtk_label_set_label (GTK_LABEL (self->odds_labels[1][step + 1]), p_least);
      gtk_label_set_label (GTK_LABEL (self->odds_labels[2][step + 1]), p_exactly);
    }

  if (deal->kind == DW_DEAL_DRAW)
    note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%u of the %u cards match. An opening hand of %u, then %u cards a turn, "
                                         "without a mulligan.",
                                         "%u of the %u cards match. An opening hand of %u, then %u cards a turn, "
                                         "without a mulligan.", (gulong) counts.in),
                            (guint) counts.in, (guint) (counts.in + counts.out), deal->hand_size, deal->per_turn);
  else
    note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%u of the %u cards match. Each duel reveals cards until a character: "
                                         "the odds count every card revealed by that duel.",
                                         "%u of the %u cards match. Each duel reveals cards until a character: "
                                         "the odds count every card revealed by that duel.", (gulong) counts.in),
                            (guint) counts.in, (guint) (counts.in + counts.out));
  gtk_label_set_label (self->odds_note, note);
}

static void
add_preset (DwDeckStats   *self,
            GtkStringList *names,
            const char    *name,
            char          *query)
{
  gtk_string_list_append (names, name);
  g_ptr_array_add (self->preset_queries, query);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_utf8_collate (*(const char * const *) a, *(const char * const *) b);
}

/* The categories offered: each type, each faction, "cost at most N" and
 * each card of the deck; the first item leaves the search as typed. */
static void
fill_presets (DwDeckStats *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  DwGame *game = dw_stats_get_game (self->stats);
  GArray *by_faction = dw_stats_get_by_faction (self->stats);
  const DwDeal *deal = dw_stats_get_deal (self->stats);
  g_autoptr(GPtrArray) cards = g_ptr_array_new_with_free_func (g_free);
  const DwPropertyDef *cost = NULL;

  g_ptr_array_set_size (self->preset_queries, 0);
  add_preset (self, names, _("Search"), NULL);
  for (guint t = 0; t < dw_stats_get_n_types (self->stats); t++)
    {
      const char *id = dw_stats_get_type_id (self->stats, t);
      g_autofree char *name = g_strdup_printf (_("Type: %s"), type_name (game, id));

      add_preset (self, names, name, g_strdup_printf ("type:\"%s\"", id));
    }
  for (guint i = 0; i < by_faction->len; i++)
    {
      const char *faction = g_array_index (by_faction, DwStatsCount, i).label;
      g_autofree char *name = NULL;

      if (dw_game_lookup_property (game, "faction") == NULL ||
          strchr (faction, '"') != NULL || !g_strv_contains ((const char * const *) dw_game_lookup_property (game, "faction")->values, faction))
        continue;
      name = g_strdup_printf (_("Faction: %s"), dw_game_value_name (game, "faction", faction));
      add_preset (self, names, name, g_strdup_printf ("faction:\"%s\"", faction));
    }
  for (guint i = 0; i < dw_game_get_n_properties (game); i++)
    if (dw_game_get_property (game, i)->kind == DW_PROPERTY_COST)
      cost = dw_game_get_property (game, i);
  for (guint n = 1; cost != NULL && n <= 6; n++)
    {
      g_autofree char *name = g_strdup_printf (_("%s at most %u"), cost->name, n);

      add_preset (self, names, name, g_strdup_printf ("%s<=%u", cost->id, n));
    }

  if (deal != NULL)
    {
      GListModel *entries = dw_deck_get_section (self->deck, deal->section);

      for (guint i = 0; entries && i < g_list_model_get_n_items (entries); i++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i);
          DwCard *card = dw_deck_entry_get_card (entry);

          if (card != NULL && strchr (dw_card_get_name (card), '"') == NULL &&
              !g_ptr_array_find_with_equal_func (cards, dw_card_get_name (card), g_str_equal, NULL))
            g_ptr_array_add (cards, g_strdup (dw_card_get_name (card)));
        }
      g_ptr_array_sort (cards, compare_names);
    }
  for (guint i = 0; i < cards->len; i++)
    {
      const char *card = g_ptr_array_index (cards, i);
      g_autofree char *name = g_strdup_printf (_("Card: %s"), card);

      add_preset (self, names, name, g_strdup_printf ("\"%s\"", card));
    }

  g_signal_handlers_block_matched (self->category_dropdown, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
  gtk_drop_down_set_model (self->category_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->category_dropdown, 0);
  g_signal_handlers_unblock_matched (self->category_dropdown, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
}

/* The sample hand */

/* A card of the hand as a small tile: its faction's colour, its cost,
 * its name and its type; pressed, it is kept through a mulligan. */
static GtkWidget *
hand_tile (DwGame *game,
           DwCard *card)
{
  GtkWidget *toggle = gtk_toggle_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *top = gtk_label_new (NULL);
  GtkWidget *name = gtk_label_new (dw_card_get_name (card));
  GtkWidget *type = gtk_label_new (type_name (game, dw_card_get_card_type (card)));
  const char *cost = dw_card_get_value (card, "cost");
  g_autofree char *markup = NULL;
  GdkRGBA colour;
  double r, g, b;

  dw_card_paint_faction_rgb (dw_card_get_value (card, "faction"), &r, &g, &b);
  colour = readable ((GdkRGBA) { r, g, b, 1.0 });
  markup = colour_markup (&colour, cost ? cost : "");
  gtk_label_set_markup (GTK_LABEL (top), markup);
  gtk_label_set_xalign (GTK_LABEL (top), 0);

  gtk_label_set_wrap (GTK_LABEL (name), TRUE);
  gtk_label_set_lines (GTK_LABEL (name), 3);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  gtk_label_set_justify (GTK_LABEL (name), GTK_JUSTIFY_CENTER);
  gtk_label_set_max_width_chars (GTK_LABEL (name), 12);
  gtk_widget_set_vexpand (name, TRUE);
  gtk_widget_add_css_class (name, "heading");
  gtk_widget_add_css_class (type, "caption");
  gtk_widget_add_css_class (type, "dim-label");

  gtk_box_append (GTK_BOX (box), top);
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), type);
  gtk_button_set_child (GTK_BUTTON (toggle), box);
  gtk_widget_add_css_class (toggle, "card");
  gtk_widget_add_css_class (toggle, "hand-card");
  gtk_widget_set_tooltip_text (toggle, dw_card_get_name (card));
  gtk_accessible_update_property (GTK_ACCESSIBLE (toggle), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  dw_card_get_name (card), -1);
  return toggle;
}

static void
show_hand (DwDeckStats *self,
           const char  *error_message)
{
  g_autofree char *seed_text = g_strdup_printf ("%" G_GUINT64_FORMAT, self->seed);
  g_autofree char *note = NULL;
  DwGame *game = self->stats ? dw_stats_get_game (self->stats) : NULL;
  gboolean can_mulligan = self->hand != NULL && dw_sample_hand_can_mulligan (self->hand);

  gtk_editable_set_text (GTK_EDITABLE (self->seed_entry), seed_text);
  remove_children (GTK_WIDGET (self->hand_box));
  gtk_widget_set_sensitive (GTK_WIDGET (self->mulligan_button), can_mulligan);

  if (self->hand == NULL)
    {
      gtk_label_set_label (self->hand_note, error_message ? error_message : "");
      return;
    }

  for (guint i = 0; i < dw_sample_hand_get_n_cards (self->hand); i++)
    {
      DwCard *card = dw_sample_hand_get_card (self->hand, i);
      GtkWidget *tile = hand_tile (game, card);

      /* Pressable only while a mulligan may follow; never greyed out. */
      gtk_widget_set_can_target (tile, can_mulligan);
      gtk_widget_set_focusable (tile, can_mulligan);
      gtk_flow_box_append (self->hand_box, tile);
    }

  if (error_message != NULL)
    note = g_strdup (error_message);
  else if (can_mulligan)
    note = g_strdup (_("Press the cards to keep, five at most, then Mulligan: two of the others go to the "
                       "grave, the rest back into the deck, and the hand is drawn up to 7 again, as the "
                       "table does."));
  else if (dw_stats_get_deal (self->stats) && dw_stats_get_deal (self->stats)->kind == DW_DEAL_REVEAL)
    note = g_strdup (_("The tricks revealed before the first character, then the character that duels. "
                       "Coraabia has no mulligan."));
  else
    note = g_strdup (_("The hand after the mulligan; a player mulligans once."));
  gtk_label_set_label (self->hand_note, note);
}

static void
deal (DwDeckStats *self,
      guint64      seed)
{
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->hand, dw_sample_hand_free);
  self->seed = seed;
  self->hand_stale = FALSE;
  if (self->deck != NULL && !dw_library_is_loading_card_dbs (self->library))
    self->hand = dw_sample_hand_new (self->library, self->deck, seed, &error);
  show_hand (self, error ? error->message : NULL);
}

/* Everything after an edit */

/* Starts from the type a player most wants to draw: the first that is
 * not the one a reveal stops at.  The search entry, once set, stays as
 * the player left it. */
static void
pick_default_category (DwDeckStats *self)
{
  const DwDeal *deal = dw_stats_get_deal (self->stats);

  for (guint t = 0; t < dw_stats_get_n_types (self->stats); t++)
    {
      const char *id = dw_stats_get_type_id (self->stats, t);
      g_autofree char *query = NULL;

      if (deal != NULL && g_strcmp0 (deal->stop_type, id) == 0)
        continue;
      query = g_strdup_printf ("type:\"%s\"", id);
      g_signal_handlers_block_matched (self->query_entry, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
      gtk_editable_set_text (GTK_EDITABLE (self->query_entry), query);
      g_signal_handlers_unblock_matched (self->query_entry, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
      return;
    }
}

static void
refresh (DwDeckStats *self)
{
  DwGame *game = dw_library_lookup_game (self->library, dw_deck_get_game_id (self->deck));
  DwFormat *format;

  if (game == NULL)
    return;
  format = dw_library_format_for_deck (self->library, self->deck, NULL, NULL);
  g_clear_pointer (&self->stats, dw_stats_unref);
  self->stats = dw_stats_new (game, format ? format : dw_game_get_default_format (game), self->deck);

  show_curve (self);
  show_factions (self);
  show_counts (self);
  fill_presets (self);
  if (*gtk_editable_get_text (GTK_EDITABLE (self->query_entry)) == '\0')
    pick_default_category (self);
  show_odds (self);
  /* Dealing starts a table; a hidden page deals when it is shown. */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    deal (self, self->seed);
  else
    self->hand_stale = TRUE;

  if (self->job != NULL || gtk_widget_get_visible (GTK_WIDGET (self->chart1)))
    {
      dw_deck_stats_stop_simulation (self);
      gtk_label_set_label (self->simulation_note, _("The deck has changed since the figures below; simulate again."));
    }
}

/* Signal callbacks */

static void
on_deck_changed_cb (DwDeckStats *self)
{
  /* A simulation's task keeps a disposed page alive until it ends. */
  if (self->deck == NULL)
    return;
  refresh (self);
}

static void
on_query_changed_cb (DwDeckStats *self)
{
  show_odds (self);
}

static void
on_category_selected_cb (DwDeckStats *self)
{
  guint selected = gtk_drop_down_get_selected (self->category_dropdown);
  const char *query;

  if (selected >= self->preset_queries->len)
    return;
  query = g_ptr_array_index (self->preset_queries, selected);
  if (query != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->query_entry), query);
}

static void
on_draw_clicked_cb (DwDeckStats *self)
{
  deal (self, dw_rng_fresh_seed ());
}

static void
on_seed_activate_cb (DwDeckStats *self)
{
  guint64 seed;

  if (!g_ascii_string_to_unsigned (gtk_editable_get_text (GTK_EDITABLE (self->seed_entry)), 10, 0, G_MAXUINT64,
                                   &seed, NULL))
    {
      show_hand (self, _("A seed is a whole number from 0."));
      return;
    }
  deal (self, seed);
}

static void
on_mulligan_clicked_cb (DwDeckStats *self)
{
  g_autoptr(GArray) keep = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  guint position = 0;

  if (self->hand == NULL)
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->hand_box)); child;
       child = gtk_widget_get_next_sibling (child), position++)
    {
      GtkWidget *toggle = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

      if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle)))
        g_array_append_val (keep, position);
    }
  dw_sample_hand_mulligan (self->hand, (const guint *) (gpointer) keep->data, keep->len, &error);
  show_hand (self, error ? error->message : NULL);
}

static void
on_dark_changed_cb (DwDeckStats *self)
{
  if (self->stats != NULL)
    show_factions (self);
}

/* Parent overrides */

static void
dw_deck_stats_map (GtkWidget *widget)
{
  DwDeckStats *self = DW_DECK_STATS (widget);

  GTK_WIDGET_CLASS (dw_deck_stats_parent_class)->map (widget);
  if (self->hand_stale && self->deck != NULL)
    deal (self, self->seed);
}

static void
dw_deck_stats_dispose (GObject *object)
{
  DwDeckStats *self = DW_DECK_STATS (object);

  dw_deck_stats_stop_simulation (self);
  if (self->deck != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->deck, self);
      g_signal_handlers_disconnect_by_data (dw_library_get_card_dbs (self->library), self);
      g_signal_handlers_disconnect_by_data (self->library, self);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), DW_TYPE_DECK_STATS);
  g_clear_pointer (&self->hand, dw_sample_hand_free);
  g_clear_pointer (&self->stats, dw_stats_unref);
  g_clear_object (&self->deck);
  g_clear_object (&self->history);
  g_clear_object (&self->library);

  G_OBJECT_CLASS (dw_deck_stats_parent_class)->dispose (object);
}

static void
dw_deck_stats_finalize (GObject *object)
{
  DwDeckStats *self = DW_DECK_STATS (object);

  g_ptr_array_unref (self->preset_queries);

  G_OBJECT_CLASS (dw_deck_stats_parent_class)->finalize (object);
}

static void
dw_deck_stats_class_init (DwDeckStatsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_deck_stats_dispose;
  object_class->finalize = dw_deck_stats_finalize;
  widget_class->map = dw_deck_stats_map;

  g_type_ensure (DW_TYPE_BAR_CHART);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deckwright/Deckwright/dw-deck-stats.ui");
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, curve_title);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, curve);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, legend);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, factions);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, counts_list);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, category_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, query_entry);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, k_spin);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, odds_grid);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, odds_note);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, seed_entry);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, draw_button);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, mulligan_button);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, hand_box);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, hand_note);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, simulate_button);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, progress);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, simulation_note);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, chart1_title);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, chart1);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, chart2_title);
  gtk_widget_class_bind_template_child (widget_class, DwDeckStats, chart2);
  gtk_widget_class_bind_template_callback (widget_class, on_query_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_category_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_draw_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_seed_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_mulligan_clicked_cb);
  dw_deck_stats_class_init_simulation (widget_class);
}

static void
dw_deck_stats_init (DwDeckStats *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->preset_queries = g_ptr_array_new_with_free_func (g_free);

  for (guint row = 0; row < 3; row++)
    for (guint column = 0; column <= DW_ODDS_N_STEPS; column++)
      {
        GtkWidget *label = gtk_label_new (NULL);

        /* Laid out transposed: the steps (row 0 of the labels) go down
         * the first column and "At least" and "Exactly" across the top,
         * so the table is three columns wide at any number of steps and
         * never scrolls sideways in the side panel. */
        gtk_label_set_xalign (GTK_LABEL (label), row == 0 ? 0.0f : 1.0f);
        if (row == 0)
          gtk_widget_add_css_class (label, "dim-label");
        if (column > 0)
          gtk_widget_add_css_class (label, "numeric");
        gtk_grid_attach (self->odds_grid, label, (int) row, (int) column, 1, 1);
        self->odds_labels[row][column] = label;
      }

  dw_bar_chart_set_format (self->factions, 0, NULL);
  dw_drop_down_quiet_while_open (self->category_dropdown);
  dw_drop_down_name_button (self->category_dropdown, _("Category"));
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (on_dark_changed_cb), self, G_CONNECT_SWAPPED);
}

/* Public API */

GtkWidget *
dw_deck_stats_new (DwLibrary     *library,
                   DwDeckHistory *history)
{
  DwDeckStats *self;

  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);
  g_return_val_if_fail (DW_IS_DECK_HISTORY (history), NULL);

  self = g_object_new (DW_TYPE_DECK_STATS, NULL);
  self->library = g_object_ref (library);
  self->history = g_object_ref (history);
  self->deck = g_object_ref (dw_deck_history_get_deck (history));
  self->seed = dw_rng_fresh_seed ();

  g_signal_connect_object (self->deck, "changed", G_CALLBACK (on_deck_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (dw_library_get_card_dbs (library), "items-changed",
                           G_CALLBACK (on_deck_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (library, "notify::loading-card-dbs",
                           G_CALLBACK (on_deck_changed_cb), self, G_CONNECT_SWAPPED);

  refresh (self);
  return GTK_WIDGET (self);
}

/* The curve: one bar a cost, one series a card type. */
DwBarChart *
dw_deck_stats_get_curve (DwDeckStats *self)
{
  g_return_val_if_fail (DW_IS_DECK_STATS (self), NULL);
  return self->curve;
}

/* Counts the cards @query matches, in the search language. */
void
dw_deck_stats_set_category (DwDeckStats *self,
                            const char  *query)
{
  g_return_if_fail (DW_IS_DECK_STATS (self));
  gtk_editable_set_text (GTK_EDITABLE (self->query_entry), query);
}

/* The odds shown at @step: at least k, or exactly k. */
const char *
dw_deck_stats_get_odds_text (DwDeckStats *self,
                             gboolean     exactly,
                             guint        step)
{
  g_return_val_if_fail (DW_IS_DECK_STATS (self), NULL);
  g_return_val_if_fail (step < DW_ODDS_N_STEPS, NULL);
  return gtk_label_get_label (GTK_LABEL (self->odds_labels[exactly ? 2 : 1][step + 1]));
}

/* Deals the sample hand of @seed, as a table started with it does. */
void
dw_deck_stats_deal (DwDeckStats *self,
                    guint64      seed)
{
  g_return_if_fail (DW_IS_DECK_STATS (self));
  deal (self, seed);
}

/* The cards of the sample hand shown. */
guint
dw_deck_stats_get_hand_size (DwDeckStats *self)
{
  g_return_val_if_fail (DW_IS_DECK_STATS (self), 0);
  return self->hand ? dw_sample_hand_get_n_cards (self->hand) : 0;
}
