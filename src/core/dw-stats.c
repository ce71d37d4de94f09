/* dw-stats.c — what a deck is made of
 *
 * Everything is counted over the section the game shuffles into its deck
 * (Arcmage's main deck, Coraabia's deck), since that is what a hand is
 * drawn from; only the counts by section and the budget look at every
 * section.  A DwStats is a snapshot: the deck editor makes a new one
 * after each edit, the command line one per deck.
 *
 * The curve counts by the property the game's definition names for it
 * (<statistics curve>: Arcmage's cost, Lanternfall's), else by what each
 * card costs in the format's budget (Coraabia's influence); a game with
 * neither has no curve, and says so.  How a hand is dealt is the game's
 * <deal>, or what its <table> rules draw (dw_game_get_deal()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>

#include "dw-deck-grouping.h"
#include "dw-stats.h"

/* Costs from here on share the curve's last bar. */
#define CURVE_TOP 7

struct _DwStats
{
  grefcount      ref_count;
  DwGame        *game;
  const DwDeal  *deal;
  DwFormat      *format;      /* NULL, or the owner of @budget */
  char          *curve_name;  /* NULL: the game has no curve */
  guint          size;
  GPtrArray     *types;       /* interned type ids present, in the game's order */
  GArray        *columns;     /* DwStatsColumn */
  GArray        *by_type;     /* DwStatsCount */
  GArray        *by_faction;
  GArray        *by_section;
  GArray        *numbers;     /* DwStatsNumber */
  GPtrArray     *cards;       /* DwCard, one per copy of the drawn section */
  const DwRule  *budget;
  gint64         budget_total;
};

G_DEFINE_BOXED_TYPE (DwStats, dw_stats, dw_stats_ref, dw_stats_unref)

static void
clear_column (DwStatsColumn *column)
{
  g_free (column->label);
  g_free (column->counts);
}

static void
clear_count (DwStatsCount *count)
{
  g_free (count->label);
}

static void
clear_number (DwStatsNumber *number)
{
  g_free (number->name);
}

/* Counts add in 64 bits and stop at G_MAXUINT rather than wrap (issue
 * 20, B6): a deck a program builds may hold more than a file can. */
static void
add_to (guint   *sum,
        guint64  n)
{
  *sum = (guint) MIN ((guint64) *sum + n, G_MAXUINT);
}

static void
add_count (GArray     *counts,
           const char *label,
           guint       n)
{
  DwStatsCount count;

  for (guint i = 0; i < counts->len; i++)
    if (g_strcmp0 (g_array_index (counts, DwStatsCount, i).label, label) == 0)
      {
        add_to (&g_array_index (counts, DwStatsCount, i).count, n);
        return;
      }
  count.label = g_strdup (label);
  count.count = n;
  g_array_append_val (counts, count);
}

static const DwRule *
budget_rule (DwFormat *format)
{
  for (guint i = 0; format && i < dw_format_get_n_rules (format); i++)
    if (dw_format_get_rule (format, i)->kind == DW_RULE_BUDGET)
      return dw_format_get_rule (format, i);
  return NULL;
}

/* What @card costs in @rule's budget when it sits in @section_id, or -1
 * when no part of the budget prices it there. */
static gint64
budget_amount (const DwRule *rule,
               const char   *section_id,
               DwCard       *card)
{
  for (guint p = 0; p < rule->parts->len; p++)
    {
      const DwBudgetPart *part = g_ptr_array_index (rule->parts, p);
      const char *value;
      gint64 amount = 0;

      if (g_strcmp0 (part->section, section_id) != 0)
        continue;
      value = dw_card_get_value (card, part->property);
      if (value == NULL)
        return 0;
      if (part->amounts != NULL)
        return GPOINTER_TO_INT (g_hash_table_lookup (part->amounts, value));
      return g_ascii_string_to_signed (value, 10, G_MININT32, G_MAXINT32, &amount, NULL) ? amount : 0;
    }
  return -1;
}

/* The bar a card of cost @value goes in: 0 … CURVE_TOP, or CURVE_TOP + 1
 * for a cost that is no number (X, T, X+2). */
static guint
curve_bar (const char *value)
{
  gint64 cost = 0;

  if (value == NULL)
    return 0;
  if (!g_ascii_string_to_signed (value, 10, G_MININT32, G_MAXINT32, &cost, NULL))
    return CURVE_TOP + 1;
  return (guint) CLAMP (cost, 0, CURVE_TOP);
}

static guint
type_index (DwStats    *self,
            const char *type)
{
  guint index;

  if (g_ptr_array_find (self->types, type, &index))
    return index;
  return G_MAXUINT;
}

/* The drawn section's cards by type (dw-deck-grouping.c): the curve's
 * stacks, in the game's order of types, and the counts by type, in the
 * order the deck first names each type, unknown cards as "Unknown". */
static void
count_types (DwStats    *self,
             GListModel *entries)
{
  g_autoptr(GPtrArray) groups = dw_deck_group_entries (self->game, DW_GROUP_BY_TYPE, entries);

  for (guint g = 0; g < groups->len; g++)
    {
      DwDeckGroup *group = g_ptr_array_index (groups, g);

      if (group->key.value != NULL)
        g_ptr_array_add (self->types, (gpointer) dw_game_lookup_card_type (self->game, group->key.value)->id);
    }
  for (guint i = 0; entries && i < g_list_model_get_n_items (entries); i++)
    {
      g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i);
      DwGroupKey key = dw_deck_group_key (self->game, DW_GROUP_BY_TYPE, entry);

      for (guint g = 0; g < groups->len; g++)
        {
          DwDeckGroup *group = g_ptr_array_index (groups, g);

          /* Counted once, when the deck first names the type. */
          if (dw_group_key_equal (group->key, key) && g_ptr_array_index (group->entries, 0) == entry)
            add_count (self->by_type,
                       key.value ? dw_game_lookup_card_type (self->game, key.value)->id : _("Unknown"),
                       (guint) MIN (group->total, G_MAXUINT));
        }
    }
}

static void
make_curve (DwStats    *self,
            GListModel *entries)
{
  const DwPropertyDef *cost = dw_game_get_curve_property (self->game);
  guint bars[CURVE_TOP + 2][64] = { { 0 } };
  gboolean lettered = FALSE;
  guint last = 0;

  g_return_if_fail (self->types->len <= G_N_ELEMENTS (bars[0]));

  if (cost == NULL && self->budget == NULL)
    return;
  self->curve_name = g_strdup (cost ? cost->name : _("Influence"));
  for (guint i = 0; entries && i < g_list_model_get_n_items (entries); i++)
    {
      g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i);
      DwCard *card = dw_deck_entry_get_card (entry);
      guint bar;

      if (card == NULL)
        continue;
      if (cost != NULL)
        bar = curve_bar (dw_card_get_value (card, cost->id));
      else
        bar = (guint) CLAMP (budget_amount (self->budget, self->deal->section, card), 0, CURVE_TOP);
      add_to (&bars[bar][type_index (self, dw_card_get_card_type (card))], dw_deck_entry_get_count (entry));
      if (bar == CURVE_TOP + 1)
        lettered = TRUE;
      else
        last = MAX (last, bar);
    }

  /* At least 0 to 5, so that a curve of cheap cards still looks cheap. */
  last = MAX (last, 5);
  for (guint bar = 0; bar <= CURVE_TOP + 1; bar++)
    {
      DwStatsColumn column = { 0 };

      if (bar > last && bar <= CURVE_TOP)
        continue;
      if (bar == CURVE_TOP + 1 && !lettered)
        continue;
      column.label = bar == CURVE_TOP + 1 ? g_strdup ("X")
                     : bar == CURVE_TOP ? g_strdup_printf ("%u+", bar)
                     : g_strdup_printf ("%u", bar);
      column.counts = g_new0 (guint, MAX (self->types->len, 1));
      for (guint t = 0; t < self->types->len; t++)
        {
          column.counts[t] = bars[bar][t];
          add_to (&column.total, bars[bar][t]);
        }
      g_array_append_val (self->columns, column);
    }
}

static void
make_numbers (DwStats    *self,
              GListModel *entries)
{
  const char * const *ids = dw_game_get_statistics_numbers (self->game);

  for (guint p = 0; self->deal && ids[p]; p++)
    {
      const DwPropertyDef *property = dw_game_lookup_property (self->game, ids[p]);
      DwStatsNumber number = { 0 };
      double sum = 0.0;
      double squares = 0.0;

      if (property == NULL)
        continue;
      for (guint i = 0; entries && i < g_list_model_get_n_items (entries); i++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i);
          DwCard *card = dw_deck_entry_get_card (entry);
          guint count = dw_deck_entry_get_count (entry);
          gint64 value;

          if (card == NULL || !dw_card_get_int (card, property->id, &value))
            continue;
          add_to (&number.n_cards, count);
          number.total += value * count;
          sum += (double) value * count;
          squares += (double) value * value * count;
        }
      if (number.n_cards == 0)
        continue;
      number.id = property->id;
      number.name = g_strdup (property->name);
      number.mean = sum / number.n_cards;
      number.spread = sqrt (MAX (squares / number.n_cards - number.mean * number.mean, 0.0));
      g_array_append_val (self->numbers, number);
    }
}

static void
count_deck (DwStats *self,
            DwDeck  *deck)
{
  for (guint s = 0; s < dw_deck_get_n_sections (deck); s++)
    {
      const char *section_id = dw_deck_get_section_id (deck, s);
      const DwSectionDef *def = dw_game_lookup_section (self->game, section_id);
      GListModel *entries = dw_deck_get_section (deck, section_id);
      gboolean drawn = self->deal && g_strcmp0 (section_id, self->deal->section) == 0;
      guint total = 0;

      if (dw_section_is_considering (section_id))
        continue;

      for (guint i = 0; i < g_list_model_get_n_items (entries); i++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i);
          DwCard *card = dw_deck_entry_get_card (entry);
          guint count = dw_deck_entry_get_count (entry);
          const char *faction;

          add_to (&total, count);
          if (self->budget != NULL && card != NULL)
            self->budget_total += MAX (budget_amount (self->budget, section_id, card), 0) * count;
          if (!drawn)
            continue;
          add_to (&self->size, count);
          if (card == NULL)
            continue;
          /* One element per copy, bounded as dw-hand.c's sampler is. */
          for (guint copy = 0; copy < count && self->cards->len < DW_DECK_MAX_COPIES; copy++)
            g_ptr_array_add (self->cards, g_object_ref (card));
          faction = dw_card_get_value (card, "faction");
          add_count (self->by_faction, faction ? faction : _("No faction"), count);
        }
      if (total > 0)
        add_count (self->by_section, def ? def->name : section_id, total);
    }
}

/* The statistics of @deck as it is now.  @format may be NULL. */
DwStats *
dw_stats_new (DwGame   *game,
              DwFormat *format,
              DwDeck   *deck)
{
  DwStats *self = g_new0 (DwStats, 1);
  GListModel *entries;

  g_return_val_if_fail (DW_IS_GAME (game), NULL);
  g_return_val_if_fail (DW_IS_DECK (deck), NULL);

  g_ref_count_init (&self->ref_count);
  self->game = g_object_ref (game);
  self->deal = dw_game_get_deal (game);
  self->budget = budget_rule (format);
  self->types = g_ptr_array_new ();
  self->columns = g_array_new (FALSE, TRUE, sizeof (DwStatsColumn));
  g_array_set_clear_func (self->columns, (GDestroyNotify) clear_column);
  self->by_type = g_array_new (FALSE, TRUE, sizeof (DwStatsCount));
  g_array_set_clear_func (self->by_type, (GDestroyNotify) clear_count);
  self->by_faction = g_array_new (FALSE, TRUE, sizeof (DwStatsCount));
  g_array_set_clear_func (self->by_faction, (GDestroyNotify) clear_count);
  self->by_section = g_array_new (FALSE, TRUE, sizeof (DwStatsCount));
  g_array_set_clear_func (self->by_section, (GDestroyNotify) clear_count);
  self->numbers = g_array_new (FALSE, TRUE, sizeof (DwStatsNumber));
  g_array_set_clear_func (self->numbers, (GDestroyNotify) clear_number);
  self->cards = g_ptr_array_new_with_free_func (g_object_unref);
  if (format != NULL)
    self->format = g_object_ref (format);

  entries = self->deal ? dw_deck_get_section (deck, self->deal->section) : NULL;
  count_types (self, entries);
  make_curve (self, entries);
  make_numbers (self, entries);
  count_deck (self, deck);
  return self;
}

DwStats *
dw_stats_ref (DwStats *self)
{
  g_ref_count_inc (&self->ref_count);
  return self;
}

void
dw_stats_unref (DwStats *self)
{
  if (!g_ref_count_dec (&self->ref_count))
    return;
  g_object_unref (self->game);
  g_clear_object (&self->format);
  g_free (self->curve_name);
  g_ptr_array_unref (self->types);
  g_array_unref (self->columns);
  g_array_unref (self->by_type);
  g_array_unref (self->by_faction);
  g_array_unref (self->by_section);
  g_array_unref (self->numbers);
  g_ptr_array_unref (self->cards);
  g_free (self);
}

DwGame *
dw_stats_get_game (DwStats *self)
{
  return self->game;
}

/* How the game deals this deck, or NULL when it has no deal we know. */
const DwDeal *
dw_stats_get_deal (DwStats *self)
{
  return self->deal;
}

/* The cards of the section a hand is drawn from. */
guint
dw_stats_get_size (DwStats *self)
{
  return self->size;
}

/* The name of the property the curve counts by, or NULL when the game
 * has no curve (no <statistics curve> and no budget in the format). */
const char *
dw_stats_get_curve_name (DwStats *self)
{
  return self->curve_name;
}

guint
dw_stats_get_n_types (DwStats *self)
{
  return self->types->len;
}

const char *
dw_stats_get_type_id (DwStats *self,
                      guint    index)
{
  g_return_val_if_fail (index < self->types->len, NULL);
  return g_ptr_array_index (self->types, index);
}

guint
dw_stats_get_n_columns (DwStats *self)
{
  return self->columns->len;
}

const DwStatsColumn *
dw_stats_get_column (DwStats *self,
                     guint    index)
{
  g_return_val_if_fail (index < self->columns->len, NULL);
  return &g_array_index (self->columns, DwStatsColumn, index);
}

/* Of DwStatsCount, in the order first met. */
GArray *
dw_stats_get_by_type (DwStats *self)
{
  return self->by_type;
}

GArray *
dw_stats_get_by_faction (DwStats *self)
{
  return self->by_faction;
}

GArray *
dw_stats_get_by_section (DwStats *self)
{
  return self->by_section;
}

/* Of DwStatsNumber. */
GArray *
dw_stats_get_numbers (DwStats *self)
{
  return self->numbers;
}

/* The format's budget (Coraabia's influence): its code, what the deck
 * spends and the most it may.  FALSE when the format has none. */
gboolean
dw_stats_get_budget (DwStats     *self,
                     const char **code,
                     gint64      *total,
                     gint64      *max)
{
  if (self->budget == NULL)
    return FALSE;
  if (code)
    *code = self->budget->code;
  if (total)
    *total = self->budget_total;
  if (max)
    *max = self->budget->max;
  return TRUE;
}

/* Counts the drawn section's cards that @category matches (NULL: none),
 * and for a deal that reveals, those of its stop type among both. */
void
dw_stats_count (DwStats      *self,
                DwQuery      *category,
                DwOddsCounts *counts)
{
  const char *stop = self->deal ? g_intern_string (self->deal->stop_type) : NULL;

  *counts = (DwOddsCounts) { 0 };
  for (guint i = 0; i < self->cards->len; i++)
    {
      DwCard *card = g_ptr_array_index (self->cards, i);
      gboolean in = category != NULL && dw_query_matches (category, card);
      gboolean stops = stop != NULL && dw_card_get_card_type (card) == stop;

      if (in)
        {
          counts->in++;
          counts->stop_in += stops;
        }
      else
        {
          counts->out++;
          counts->stop_out += stops;
        }
    }
  /* Unknown cards are in the deck but in no category. */
  counts->out += self->size - self->cards->len;
}

static DwQuery *
type_query (DwStats    *self,
            const char *type)
{
  g_autofree char *text = g_strdup_printf ("type:\"%s\"", type);

  return dw_query_parse (self->game, text, NULL);
}

static void
odds_row (DwStats    *self,
          const char *type,
          double      row[DW_ODDS_N_STEPS])
{
  g_autoptr(DwQuery) query = type_query (self, type);
  DwOddsCounts counts;

  dw_stats_count (self, query, &counts);
  for (guint step = 0; step < DW_ODDS_N_STEPS; step++)
    row[step] = dw_odds_at_least (self->deal, &counts, step, 1);
}

static void
print_counts (GString    *out,
              const char *title,
              GArray     *counts)
{
  g_string_append_printf (out, "%s:", title);
  for (guint i = 0; i < counts->len; i++)
    g_string_append_printf (out, "%s %s %u", i ? "," : "",
                            g_array_index (counts, DwStatsCount, i).label,
                            g_array_index (counts, DwStatsCount, i).count);
  g_string_append_c (out, '\n');
}

/* The name of step @step of the odds table: the opening hand, then turn
 * or duel numbers. */
static char *
step_name (DwStats *self,
           guint    step)
{
  if (step == 0)
    return g_strdup (self->deal->kind == DW_DEAL_REVEAL ? _("duel 1") : _("opening"));
  if (self->deal->kind == DW_DEAL_REVEAL)
    return g_strdup_printf (_("duel %u"), step + 1);
  return g_strdup_printf (_("turn %u"), step);
}

/* The curve, the counts and the odds of at least one card of each type,
 * as the command line prints them. */
char *
dw_stats_to_text (DwStats *self)
{
  GString *out = g_string_new (NULL);
  gint64 total;
  gint64 max;
  const char *code;

  if (self->curve_name != NULL)
    g_string_append_printf (out, _("%s curve (%u cards):\n"), self->curve_name, self->size);
  else
    g_string_append_printf (out, _("No curve (%u cards): the game's definition names no property for one "
                                   "(<statistics curve=\"…\">)\n"), self->size);
  for (guint c = 0; c < self->columns->len; c++)
    {
      const DwStatsColumn *column = dw_stats_get_column (self, c);
      const char *separator;

      g_string_append_printf (out, "  %-3s %3u", column->label, column->total);
      if (column->total > 0)
        g_string_append_c (out, ' ');
      for (guint i = 0; i < column->total; i++)
        g_string_append_c (out, '#');
      separator = "  ";
      for (guint t = 0; t < self->types->len; t++)
        if (column->counts[t] > 0)
          {
            g_string_append_printf (out, "%s%s %u", separator, dw_stats_get_type_id (self, t), column->counts[t]);
            separator = ", ";
          }
      g_string_append_c (out, '\n');
    }
  print_counts (out, _("Types"), self->by_type);
  print_counts (out, _("Factions"), self->by_faction);
  print_counts (out, _("Sections"), self->by_section);
  for (guint i = 0; i < self->numbers->len; i++)
    {
      const DwStatsNumber *number = &g_array_index (self->numbers, DwStatsNumber, i);

      g_string_append_printf (out, _("%s: average %.2f, spread %.2f, total %" PRId64 " over %u cards\n"),
                              number->name, number->mean, number->spread, number->total, number->n_cards);
    }
  if (dw_stats_get_budget (self, &code, &total, &max))
    g_string_append_printf (out, _("Budget (%s): %" PRId64 " of %" PRId64 "\n"), code, total, max);

  if (self->deal == NULL || self->size == 0)
    return g_string_free (out, FALSE);
  g_string_append_printf (out, _("Chance of at least one, by type:\n"));
  g_string_append_printf (out, "  %-14s", "");
  for (guint step = 0; step < DW_ODDS_N_STEPS; step++)
    {
      g_autofree char *name = step_name (self, step);

      g_string_append_printf (out, " %8s", name);
    }
  g_string_append_c (out, '\n');
  for (guint t = 0; t < self->types->len; t++)
    {
      double row[DW_ODDS_N_STEPS];

      odds_row (self, dw_stats_get_type_id (self, t), row);
      g_string_append_printf (out, "  %-14s", dw_stats_get_type_id (self, t));
      for (guint step = 0; step < DW_ODDS_N_STEPS; step++)
        g_string_append_printf (out, " %7.1f%%", row[step] * 100.0);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

static void
add_counts (JsonBuilder *builder,
            const char  *name,
            GArray      *counts)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_object (builder);
  for (guint i = 0; i < counts->len; i++)
    {
      json_builder_set_member_name (builder, g_array_index (counts, DwStatsCount, i).label);
      json_builder_add_int_value (builder, g_array_index (counts, DwStatsCount, i).count);
    }
  json_builder_end_object (builder);
}

/* The same as dw_stats_to_text(), as one JSON object; odds are
 * percentages. */
char *
dw_stats_to_json (DwStats *self)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  gint64 total;
  gint64 max;
  const char *code;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "game");
  json_builder_add_string_value (builder, dw_game_get_id (self->game));
  json_builder_set_member_name (builder, "size");
  json_builder_add_int_value (builder, self->size);
  json_builder_set_member_name (builder, "curve");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "property");
  if (self->curve_name != NULL)
    json_builder_add_string_value (builder, self->curve_name);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "columns");
  json_builder_begin_array (builder);
  for (guint c = 0; c < self->columns->len; c++)
    {
      const DwStatsColumn *column = dw_stats_get_column (self, c);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "cost");
      json_builder_add_string_value (builder, column->label);
      json_builder_set_member_name (builder, "total");
      json_builder_add_int_value (builder, column->total);
      json_builder_set_member_name (builder, "types");
      json_builder_begin_object (builder);
      for (guint t = 0; t < self->types->len; t++)
        if (column->counts[t] > 0)
          {
            json_builder_set_member_name (builder, dw_stats_get_type_id (self, t));
            json_builder_add_int_value (builder, column->counts[t]);
          }
      json_builder_end_object (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  add_counts (builder, "types", self->by_type);
  add_counts (builder, "factions", self->by_faction);
  add_counts (builder, "sections", self->by_section);

  json_builder_set_member_name (builder, "numbers");
  json_builder_begin_object (builder);
  for (guint i = 0; i < self->numbers->len; i++)
    {
      const DwStatsNumber *number = &g_array_index (self->numbers, DwStatsNumber, i);

      json_builder_set_member_name (builder, number->id);
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "cards");
      json_builder_add_int_value (builder, number->n_cards);
      json_builder_set_member_name (builder, "average");
      json_builder_add_double_value (builder, number->mean);
      json_builder_set_member_name (builder, "spread");
      json_builder_add_double_value (builder, number->spread);
      json_builder_set_member_name (builder, "total");
      json_builder_add_int_value (builder, number->total);
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);

  if (dw_stats_get_budget (self, &code, &total, &max))
    {
      json_builder_set_member_name (builder, "budget");
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "code");
      json_builder_add_string_value (builder, code);
      json_builder_set_member_name (builder, "total");
      json_builder_add_int_value (builder, total);
      json_builder_set_member_name (builder, "max");
      json_builder_add_int_value (builder, max);
      json_builder_end_object (builder);
    }

  if (self->deal != NULL && self->size > 0)
    {
      json_builder_set_member_name (builder, "odds");
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "steps");
      json_builder_begin_array (builder);
      for (guint step = 0; step < DW_ODDS_N_STEPS; step++)
        json_builder_add_int_value (builder, self->deal->kind == DW_DEAL_REVEAL ? step + 1 : step);
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "step_kind");
      json_builder_add_string_value (builder, self->deal->kind == DW_DEAL_REVEAL ? "duel" : "turn");
      json_builder_set_member_name (builder, "at_least_one");
      json_builder_begin_object (builder);
      for (guint t = 0; t < self->types->len; t++)
        {
          double row[DW_ODDS_N_STEPS];

          odds_row (self, dw_stats_get_type_id (self, t), row);
          json_builder_set_member_name (builder, dw_stats_get_type_id (self, t));
          json_builder_begin_array (builder);
          for (guint step = 0; step < DW_ODDS_N_STEPS; step++)
            json_builder_add_double_value (builder, round (row[step] * 1000.0) / 10.0);
          json_builder_end_array (builder);
        }
      json_builder_end_object (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  return json_generator_to_data (generator, NULL);
}
