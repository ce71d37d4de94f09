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
 * The deck view orders its rows and writes its headings and its decklist
 * text with it, the sheet and the statistics take the groups of a
 * section whole with dw_deck_group_entries(), which keeps the order of
 * the entries inside each group.
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
