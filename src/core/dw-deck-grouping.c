/* dw-deck-grouping.c — a deck's entries grouped as the game defines
 *
 * The one place that says which group a deck entry belongs to and what
 * the group is called: by card type in the game's order of types (the
 * default, and what the registration sheet and the statistics count by),
 * by the game's cost property (numbers in order, then costs that are no
 * number such as "X", then cards without a cost), or by any enum property
 * in the order of its values (cards without a value after them).  Cards
 * no database knows (or still loading) come last in every grouping; a
 * card of a type the game does not list cannot load (dw-card-db.c
 * refuses it), and would join them.
 *
 * Inside a group, entries sort by name, by count (most first) or by cost
 * (dw_deck_grouping_compare()), as the player chose; a section that keeps
 * an order (Arcmage's regions) is never regrouped or resorted.
 *
 * The deck view orders its rows and writes its headings with it, and its
 * decklist text is dw_deck_grouping_write_decklist(); the sheet and the
 * statistics take the groups of a section whole with
 * dw_deck_group_entries(), which keeps the order of the entries inside
 * each group.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dw-deck-grouping.h"

/* The game's cost property, the one "cost" groups and sorts by; NULL if
 * the game has none. */
const DwPropertyDef *
dw_deck_grouping_cost_property (DwGame *game)
{
  g_return_val_if_fail (DW_IS_GAME (game), NULL);

  for (guint i = 0; i < dw_game_get_n_properties (game); i++)
    if (dw_game_get_property (game, i)->kind == DW_PROPERTY_COST)
      return dw_game_get_property (game, i);
  return NULL;
}

/* Whether @game's cards can be grouped by @group_by: "type", "cost" when
 * the game has a cost, or the id of an enum property. */
gboolean
dw_deck_grouping_can_group_by (DwGame     *game,
                               const char *group_by)
{
  const DwPropertyDef *def;

  g_return_val_if_fail (DW_IS_GAME (game), FALSE);

  if (g_strcmp0 (group_by, DW_GROUP_BY_TYPE) == 0)
    return TRUE;
  if (g_strcmp0 (group_by, DW_GROUP_BY_COST) == 0)
    return dw_deck_grouping_cost_property (game) != NULL;
  def = group_by ? dw_game_lookup_property (game, group_by) : NULL;
  return def != NULL && def->kind == DW_PROPERTY_ENUM;
}

/* A cost as a number for ordering: numbers first, then the rest ("X"),
 * then cards with no cost at all. */
int
dw_deck_grouping_cost_order (const char *value)
{
  gint64 number;

  if (value == NULL)
    return G_MAXINT - 1;
  if (g_ascii_string_to_signed (value, 10, 0, G_MAXINT / 2, &number, NULL))
    return (int) number;
  return G_MAXINT / 2 + 1;
}

static int
type_order (DwGame *game,
            DwCard *card)
{
  for (guint i = 0; i < dw_game_get_n_types (game); i++)
    if (g_strcmp0 (dw_game_get_card_type_def (game, i)->id, dw_card_get_card_type (card)) == 0)
      return (int) i;
  return G_MAXINT;
}

/* The property @group_by names, when it is not the card type. */
static const DwPropertyDef *
group_property (DwGame     *game,
                const char *group_by)
{
  if (g_strcmp0 (group_by, DW_GROUP_BY_COST) == 0)
    return dw_deck_grouping_cost_property (game);
  if (group_by == NULL || g_str_equal (group_by, DW_GROUP_BY_TYPE))
    return NULL;
  return dw_game_lookup_property (game, group_by);
}

/* Where @entry belongs when @game's cards are grouped by @group_by; a
 * choice the game cannot group by groups by type.  @game may be NULL. */
DwGroupKey
dw_deck_group_key (DwGame      *game,
                   const char  *group_by,
                   DwDeckEntry *entry)
{
  DwCard *card = dw_deck_entry_get_card (entry);
  const DwPropertyDef *def;
  DwGroupKey key = { G_MAXINT, NULL };

  g_return_val_if_fail (game == NULL || DW_IS_GAME (game), key);

  /* Unknown cards, or cards still loading, last; without its game a
   * deck is all unknown cards. */
  if (card == NULL || game == NULL)
    return key;
  def = group_property (game, group_by);
  if (def != NULL && def->kind == DW_PROPERTY_COST)
    {
      key.value = dw_card_get_value (card, def->id);
      key.order = dw_deck_grouping_cost_order (key.value);
      return key;
    }
  if (def != NULL && def->kind == DW_PROPERTY_ENUM)
    {
      int index;

      key.value = dw_card_get_value (card, def->id);
      index = key.value ? dw_property_def_value_index (def, key.value) : -1;
      key.order = index >= 0 ? index : G_MAXINT - 1;
      if (index < 0)
        key.value = NULL;
      return key;
    }
  key.order = type_order (game, card);
  if (key.order != G_MAXINT)
    key.value = dw_card_get_card_type (card);
  return key;
}

gboolean
dw_group_key_equal (DwGroupKey a,
                    DwGroupKey b)
{
  return a.order == b.order && g_strcmp0 (a.value, b.value) == 0;
}

int
dw_group_key_compare (DwGroupKey a,
                      DwGroupKey b)
{
  if (a.order != b.order)
    return a.order < b.order ? -1 : 1;
  return g_strcmp0 (a.value, b.value);
}

/* What the group of @entry is called: "Creature", "Gaian", "Cost 3",
 * "No faction"; cards no database knows are "Unknown cards", or "Cards
 * still loading" while @waiting for their databases. */
char *
dw_deck_group_title (DwGame      *game,
                     const char  *group_by,
                     DwDeckEntry *entry,
                     gboolean     waiting)
{
  DwGroupKey key = dw_deck_group_key (game, group_by, entry);
  const DwPropertyDef *def = game ? group_property (game, group_by) : NULL;
  g_autofree char *lower = NULL;

  if (dw_deck_entry_get_card (entry) == NULL || game == NULL)
    return g_strdup (waiting ? _("Cards still loading") : _("Unknown cards"));
  if (def == NULL)
    {
      const DwCardTypeDef *type = key.value ? dw_game_lookup_card_type (game, key.value) : NULL;

      return g_strdup (type ? type->name : _("Unknown cards"));
    }
  if (key.value == NULL)
    {
      lower = g_utf8_strdown (def->name, -1);
      /* TRANSLATORS: a group of cards that lack a property, "No faction";
       * the property's name comes from the game's definition. */
      return g_strdup_printf (_("No %s"), lower);
    }
  if (def->kind == DW_PROPERTY_COST)
    /* TRANSLATORS: a group of cards by their cost, "Cost 3". */
    return g_strdup_printf (C_("group", "%s %s"), def->name, key.value);
  return g_strdup (dw_property_def_value_name (def, key.value));
}

/* How many copies among @entries are in the group of @entry. */
guint64
dw_deck_group_total (DwGame      *game,
                     const char  *group_by,
                     GListModel  *entries,
                     DwDeckEntry *entry)
{
  DwGroupKey key = dw_deck_group_key (game, group_by, entry);
  guint64 total = 0;

  for (guint i = 0; entries && i < g_list_model_get_n_items (entries); i++)
    {
      g_autoptr(DwDeckEntry) other = g_list_model_get_item (entries, i);

      if (dw_group_key_equal (dw_deck_group_key (game, group_by, other), key))
        total += dw_deck_entry_get_count (other);
    }
  return total;
}

void
dw_deck_group_free (DwDeckGroup *group)
{
  if (group == NULL)
    return;
  g_free (group->title);
  g_ptr_array_unref (group->entries);
  g_free (group);
}

static int
compare_groups (gconstpointer a,
                gconstpointer b)
{
  const DwDeckGroup *ga = *(DwDeckGroup * const *) a;
  const DwDeckGroup *gb = *(DwDeckGroup * const *) b;

  return dw_group_key_compare (ga->key, gb->key);
}

/* @entries (DwDeckEntry) of a deck of @game (NULL: a game the library
 * lacks, whose cards are all unknown) in their groups, the groups in their order,
 * each holding its entries in the order of @entries: a GPtrArray of
 * DwDeckGroup, empty groups left out.  Linear in the entries times the
 * groups, which the game's definition bounds. */
GPtrArray *
dw_deck_group_entries (DwGame     *game,
                       const char *group_by,
                       GListModel *entries)
{
  GPtrArray *groups = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_deck_group_free);

  g_return_val_if_fail (game == NULL || DW_IS_GAME (game), groups);

  for (guint i = 0; entries && i < g_list_model_get_n_items (entries); i++)
    {
      g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i);
      DwGroupKey key = dw_deck_group_key (game, group_by, entry);
      DwDeckGroup *group = NULL;

      for (guint g = 0; g < groups->len && group == NULL; g++)
        if (dw_group_key_equal (((DwDeckGroup *) g_ptr_array_index (groups, g))->key, key))
          group = g_ptr_array_index (groups, g);
      if (group == NULL)
        {
          group = g_new0 (DwDeckGroup, 1);
          group->key = key;
          group->title = dw_deck_group_title (game, group_by, entry, FALSE);
          group->entries = g_ptr_array_new_with_free_func (g_object_unref);
          g_ptr_array_add (groups, group);
        }
      group->total += dw_deck_entry_get_count (entry);
      g_ptr_array_add (group->entries, g_steal_pointer (&entry));
    }
  /* Stable: g_ptr_array_sort() is a merge sort; the keys differ anyway. */
  g_ptr_array_sort (groups, compare_groups);
  return groups;
}

/* The order of @a and @b when grouped by @group_by and sorted by
 * @sort_by ("name", "count", most first, or "cost"); name breaks ties. */
int
dw_deck_grouping_compare (DwGame      *game,
                          const char  *group_by,
                          const char  *sort_by,
                          DwDeckEntry *a,
                          DwDeckEntry *b)
{
  const DwPropertyDef *cost = dw_deck_grouping_cost_property (game);
  int by;

  if ((by = dw_group_key_compare (dw_deck_group_key (game, group_by, a),
                                  dw_deck_group_key (game, group_by, b))) != 0)
    return by;

  if (g_strcmp0 (sort_by, "count") == 0 && dw_deck_entry_get_count (a) != dw_deck_entry_get_count (b))
    return dw_deck_entry_get_count (a) > dw_deck_entry_get_count (b) ? -1 : 1;
  if (g_strcmp0 (sort_by, DW_GROUP_BY_COST) == 0 && cost != NULL)
    {
      DwCard *ca = dw_deck_entry_get_card (a);
      DwCard *cb = dw_deck_entry_get_card (b);
      const char *va = ca ? dw_card_get_value (ca, cost->id) : NULL;
      const char *vb = cb ? dw_card_get_value (cb, cost->id) : NULL;
      int oa = dw_deck_grouping_cost_order (va), ob = dw_deck_grouping_cost_order (vb);

      if (oa != ob)
        return oa < ob ? -1 : 1;
      if ((by = g_strcmp0 (va, vb)) != 0)
        return by;
    }
  return g_utf8_collate (dw_deck_entry_get_display_name (a), dw_deck_entry_get_display_name (b));
}

typedef struct
{
  DwGame     *game;
  const char *group_by;
  const char *sort_by;
} SortBy;

static int
compare_pointers (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  SortBy *by = user_data;

  return dw_deck_grouping_compare (by->game, by->group_by, by->sort_by,
                                   *(DwDeckEntry **) a, *(DwDeckEntry **) b);
}

/* @entries (DwDeckEntry) in the order of dw_deck_grouping_compare(), or
 * as they are when the section is @ordered: a new GPtrArray of them. */
GPtrArray *
dw_deck_grouping_sort (DwGame     *game,
                       const char *group_by,
                       const char *sort_by,
                       GListModel *entries,
                       gboolean    ordered)
{
  GPtrArray *sorted = g_ptr_array_new_with_free_func (g_object_unref);
  SortBy by = { game, group_by, sort_by };

  g_return_val_if_fail (DW_IS_GAME (game), sorted);

  for (guint i = 0; entries && i < g_list_model_get_n_items (entries); i++)
    g_ptr_array_add (sorted, g_list_model_get_item (entries, i));
  if (!ordered)
    g_ptr_array_sort_with_data (sorted, compare_pointers, &by);
  return sorted;
}

/* The decklist as a player writes it, a line at a time to @func: each
 * section of @game that holds cards under its name and count, a blank
 * line between sections, its groups under theirs (a section that keeps
 * an order has none), a line per card: "3 Bramble Weaver". */
void
dw_deck_grouping_write_decklist (DwDeck         *deck,
                                 DwGame         *game,
                                 const char     *group_by,
                                 const char     *sort_by,
                                 gboolean        waiting,
                                 DwDecklistFunc  func,
                                 gpointer        user_data)
{
  gboolean first = TRUE;

  g_return_if_fail (DW_IS_DECK (deck));
  g_return_if_fail (DW_IS_GAME (game));

  for (guint s = 0; s < dw_game_get_n_sections (game); s++)
    {
      const DwSectionDef *def = dw_game_get_section (game, s);
      GListModel *section = dw_deck_get_section (deck, def->id);
      g_autoptr(GPtrArray) entries = dw_deck_grouping_sort (game, group_by, sort_by, section, def->ordered);
      g_autofree char *heading = NULL;

      if (entries->len == 0)
        continue;
      if (!first)
        func (DW_DECKLIST_BLANK, "", user_data);
      first = FALSE;
      heading = g_strdup_printf ("%s · %u", def->name, dw_deck_count_section (deck, def->id));
      func (DW_DECKLIST_SECTION, heading, user_data);

      for (guint j = 0; j < entries->len; j++)
        {
          DwDeckEntry *entry = g_ptr_array_index (entries, j);
          g_autofree char *line = g_strdup_printf ("%u %s", dw_deck_entry_get_count (entry),
                                                   dw_deck_entry_get_display_name (entry));

          if (!def->ordered &&
              (j == 0 || !dw_group_key_equal (dw_deck_group_key (game, group_by, g_ptr_array_index (entries, j - 1)),
                                              dw_deck_group_key (game, group_by, entry))))
            {
              g_autofree char *name = dw_deck_group_title (game, group_by, entry, waiting);
              g_autofree char *group = g_strdup_printf ("%s · %" G_GUINT64_FORMAT, name,
                                                        dw_deck_group_total (game, group_by, section, entry));

              func (DW_DECKLIST_GROUP, group, user_data);
            }
          func (DW_DECKLIST_CARD, line, user_data);
        }
    }
}
