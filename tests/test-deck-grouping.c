/* test-deck-grouping.c — a deck's entries grouped as the game defines
 *
 * dw-deck-grouping.c is what the deck view, the registration sheet, the
 * statistics and the decklist text group by; it needs no display.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-deck-grouping.h"
#include "dw-test-util.h"

static DwLibrary *library;

static DwGame *
game_of (DwDeck *deck)
{
  DwGame *game = dw_library_lookup_game (library, dw_deck_get_game_id (deck));

  g_assert_nonnull (game);
  return game;
}

/* Where @entry stands in @entries. */
static guint
position_of (GListModel  *entries,
             DwDeckEntry *entry)
{
  for (guint i = 0; i < g_list_model_get_n_items (entries); i++)
    {
      g_autoptr(DwDeckEntry) other = g_list_model_get_item (entries, i);

      if (other == entry)
        return i;
    }
  g_assert_not_reached ();
}

/* Whatever the grouping: every entry is in exactly one group, the one of
 * its key; the groups come in the order of their keys, none empty; each
 * keeps its entries in the section's order; the totals add up. */
static GPtrArray *
check_groups (DwGame     *game,
              const char *group_by,
              GListModel *entries)
{
  GPtrArray *groups = dw_deck_group_entries (game, group_by, entries);
  guint n_entries = 0;
  guint64 copies = 0;
  guint64 sum = 0;

  for (guint i = 0; i < g_list_model_get_n_items (entries); i++)
    {
      g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i);

      copies += dw_deck_entry_get_count (entry);
    }
  for (guint g = 0; g < groups->len; g++)
    {
      DwDeckGroup *group = g_ptr_array_index (groups, g);
      guint64 total = 0;

      g_assert_cmpuint (group->entries->len, >, 0);
      g_assert_nonnull (group->title);
      g_assert_cmpstr (group->title, !=, "");
      if (g > 0)
        g_assert_cmpint (dw_group_key_compare (((DwDeckGroup *) g_ptr_array_index (groups, g - 1))->key,
                                               group->key), <, 0);
      for (guint i = 0; i < group->entries->len; i++)
        {
          DwDeckEntry *entry = g_ptr_array_index (group->entries, i);
          g_autofree char *title = dw_deck_group_title (game, group_by, entry, FALSE);

          g_assert_true (dw_group_key_equal (dw_deck_group_key (game, group_by, entry), group->key));
          g_assert_cmpstr (title, ==, group->title);
          if (i > 0)
            g_assert_cmpuint (position_of (entries, g_ptr_array_index (group->entries, i - 1)), <,
                              position_of (entries, entry));
          total += dw_deck_entry_get_count (entry);
          g_assert_cmpuint (dw_deck_group_total (game, group_by, entries, entry), ==, group->total);
        }
      g_assert_cmpuint (total, ==, group->total);
      n_entries += group->entries->len;
      sum += group->total;
    }
  g_assert_cmpuint (n_entries, ==, g_list_model_get_n_items (entries));
  g_assert_cmpuint (sum, ==, copies);
  return groups;
}

/* By type, the groups follow the game's order of types, named as the
 * game names them. */
static void
test_by_type_in_game_order (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  DwGame *game = game_of (deck);
  GListModel *entries = dw_deck_get_section (deck, "main");
  g_autoptr(GPtrArray) groups = check_groups (game, DW_GROUP_BY_TYPE, entries);
  guint next_type = 0;

  g_assert_cmpuint (groups->len, >=, 3);
  for (guint g = 0; g < groups->len; g++)
    {
      DwDeckGroup *group = g_ptr_array_index (groups, g);
      const DwCardTypeDef *type = dw_game_lookup_card_type (game, group->key.value);
      guint index = G_MAXUINT;

      g_assert_nonnull (type);
      g_assert_cmpstr (group->title, ==, type->name);
      for (guint t = 0; t < dw_game_get_n_types (game); t++)
        if (dw_game_get_card_type_def (game, t) == type)
          index = t;
      g_assert_cmpuint (index, >=, next_type);
      next_type = index + 1;
    }
}

/* A card no database knows comes last, whatever the grouping, under
 * "Unknown cards" (or "Cards still loading" while they load). */
static void
test_unknown_last (void)
{
  static const char * const groupings[] = { DW_GROUP_BY_TYPE, DW_GROUP_BY_COST, "faction" };
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "arcmage-illegal-unknown-card.xml");
  DwGame *game = game_of (deck);
  GListModel *entries = dw_deck_get_section (deck, "main");

  for (guint i = 0; i < G_N_ELEMENTS (groupings); i++)
    {
      g_autoptr(GPtrArray) groups = check_groups (game, groupings[i], entries);
      DwDeckGroup *last = g_ptr_array_index (groups, groups->len - 1);
      DwDeckEntry *unknown = g_ptr_array_index (last->entries, 0);
      g_autofree char *loading = dw_deck_group_title (game, groupings[i], unknown, TRUE);

      g_assert_cmpint (last->key.order, ==, G_MAXINT);
      g_assert_null (last->key.value);
      g_assert_null (dw_deck_entry_get_card (unknown));
      g_assert_cmpstr (last->title, ==, "Unknown cards");
      g_assert_cmpstr (loading, ==, "Cards still loading");
      for (guint g = 0; g + 1 < groups->len; g++)
        {
          DwDeckGroup *group = g_ptr_array_index (groups, g);

          for (guint e = 0; e < group->entries->len; e++)
            g_assert_nonnull (dw_deck_entry_get_card (g_ptr_array_index (group->entries, e)));
        }
    }
}

/* By cost, numbers in their order ("Cost 0", "Cost 1" …), then costs
 * that are no numbers, then cards without one. */
static void
test_by_cost (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  DwGame *game = game_of (deck);
  GListModel *entries = dw_deck_get_section (deck, "main");
  g_autoptr(GPtrArray) groups = check_groups (game, DW_GROUP_BY_COST, entries);
  gint64 previous = -1;

  g_assert_cmpuint (groups->len, >=, 3);
  for (guint g = 0; g < groups->len; g++)
    {
      DwDeckGroup *group = g_ptr_array_index (groups, g);
      g_autofree char *title = NULL;
      gint64 cost;

      if (group->key.value == NULL ||
          !g_ascii_string_to_signed (group->key.value, 10, 0, G_MAXINT, &cost, NULL))
        continue;
      g_assert_cmpint (cost, >, previous);
      previous = cost;
      title = g_strdup_printf ("Cost %s", group->key.value);
      g_assert_cmpstr (group->title, ==, title);
    }
  g_assert_cmpint (dw_deck_grouping_cost_order ("0"), <, dw_deck_grouping_cost_order ("12"));
  g_assert_cmpint (dw_deck_grouping_cost_order ("12"), <, dw_deck_grouping_cost_order ("X"));
  g_assert_cmpint (dw_deck_grouping_cost_order ("X"), <, dw_deck_grouping_cost_order (NULL));
}

/* By an enum property, its values in the definition's order under their
 * names; cards without a value after them, as "No faction". */
static void
test_by_enum (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  DwGame *game = game_of (deck);
  const DwPropertyDef *faction = dw_game_lookup_property (game, "faction");
  g_autoptr(DwDeckEntry) valueless = dw_deck_entry_new ("x", "Nobody's card", 1);
  GListModel *entries = dw_deck_get_section (deck, "main");
  g_autoptr(GPtrArray) groups = check_groups (game, "faction", entries);

  g_assert_nonnull (faction);
  for (guint g = 0; g < groups->len; g++)
    {
      DwDeckGroup *group = g_ptr_array_index (groups, g);

      if (group->key.value == NULL)
        {
          g_assert_cmpstr (group->title, ==, "No faction");
          continue;
        }
      g_assert_cmpint (group->key.order, ==, dw_property_def_value_index (faction, group->key.value));
      g_assert_cmpstr (group->title, ==, dw_property_def_value_name (faction, group->key.value));
    }
  /* No card at all: unknown, whatever the property. */
  g_assert_cmpint (dw_deck_group_key (game, "faction", valueless).order, ==, G_MAXINT);
}

/* What a game can be grouped by: its type always, its cost when it has
 * one, and its enum properties; a choice it cannot take groups by type. */
static void
test_can_group_by (void)
{
  DwGame *arcmage = dw_library_lookup_game (library, "arcmage");
  DwGame *coraabia = dw_library_lookup_game (library, "coraabia");
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  GListModel *entries = dw_deck_get_section (deck, "main");
  g_autoptr(DwDeckEntry) first = g_list_model_get_item (entries, 0);

  g_assert_true (dw_deck_grouping_can_group_by (arcmage, DW_GROUP_BY_TYPE));
  g_assert_true (dw_deck_grouping_can_group_by (arcmage, DW_GROUP_BY_COST));
  g_assert_true (dw_deck_grouping_can_group_by (arcmage, "faction"));
  g_assert_false (dw_deck_grouping_can_group_by (arcmage, "subtype"));   /* text */
  g_assert_false (dw_deck_grouping_can_group_by (arcmage, "attack"));    /* int */
  g_assert_false (dw_deck_grouping_can_group_by (arcmage, "no-such-property"));
  g_assert_false (dw_deck_grouping_can_group_by (arcmage, NULL));
  g_assert_true (dw_deck_grouping_can_group_by (coraabia, "rarity"));
  g_assert_false (dw_deck_grouping_can_group_by (coraabia, DW_GROUP_BY_COST));
  g_assert_null (dw_deck_grouping_cost_property (coraabia));
  g_assert_cmpstr (dw_deck_grouping_cost_property (arcmage)->id, ==, "cost");
  g_assert_true (dw_group_key_equal (dw_deck_group_key (arcmage, "subtype", first),
                                     dw_deck_group_key (arcmage, DW_GROUP_BY_TYPE, first)));
}

/* A deck whose game the library lacks is all unknown cards, in one
 * group, in its order. */
static void
test_without_game (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  GListModel *entries = dw_deck_get_section (deck, "main");
  g_autoptr(GPtrArray) groups = check_groups (NULL, DW_GROUP_BY_TYPE, entries);
  DwDeckGroup *group = g_ptr_array_index (groups, 0);

  g_assert_cmpuint (groups->len, ==, 1);
  g_assert_cmpstr (group->title, ==, "Unknown cards");
  g_assert_cmpuint (group->total, ==, dw_deck_count_section (deck, "main"));
  g_assert_cmpuint (group->entries->len, ==, g_list_model_get_n_items (entries));
}

/* A game defined only as data groups by the types its definition
 * declares, in their order, whatever the order of the entries. */
static void
test_game_defined_as_data (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *game_path = dw_test_fixture_path ("generic/lanternfall.xml");
  g_autofree char *cards = dw_test_fixture_path ("generic/lanternfall-cards.xml");
  g_autofree char *deck_path = dw_test_fixture_path ("generic/lantern-bearers.xml");
  g_autoptr(DwLibrary) lanternfall = dw_test_library ();
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(GPtrArray) groups = NULL;
  g_autoptr(GListStore) mixed = g_list_store_new (DW_TYPE_DECK_ENTRY);
  DwGame *game;

  g_assert_true (dw_library_add_game_file (lanternfall, game_path, &error));
  g_assert_no_error (error);
  g_assert_nonnull (dw_library_add_card_db_file (lanternfall, cards, &error));
  g_assert_no_error (error);
  deck = dw_deck_load (deck_path, &error);
  g_assert_no_error (error);
  dw_library_resolve_deck (lanternfall, deck);
  game = dw_library_lookup_game (lanternfall, dw_deck_get_game_id (deck));
  g_assert_nonnull (game);

  /* The actions first, the champions after them. */
  for (guint s = dw_deck_get_n_sections (deck); s-- > 0;)
    {
      GListModel *section = dw_deck_get_section (deck, dw_deck_get_section_id (deck, s));

      for (guint i = 0; i < g_list_model_get_n_items (section); i++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (section, i);

          g_list_store_append (mixed, entry);
        }
    }
  groups = check_groups (game, DW_GROUP_BY_TYPE, G_LIST_MODEL (mixed));
  g_assert_cmpuint (groups->len, ==, 2);
  g_assert_cmpstr (((DwDeckGroup *) g_ptr_array_index (groups, 0))->title, ==, "Champion");
  g_assert_cmpstr (((DwDeckGroup *) g_ptr_array_index (groups, 1))->title, ==, "Action");
}

typedef struct
{
  GPtrArray *kinds;   /* DwDecklistLine, as pointers */
  GPtrArray *lines;   /* char * */
} Decklist;

static void
collect_line (DwDecklistLine  kind,
              const char     *text,
              gpointer        user_data)
{
  Decklist *list = user_data;

  g_ptr_array_add (list->kinds, GINT_TO_POINTER (kind));
  g_ptr_array_add (list->lines, g_strdup (text));
}

/* The decklist text: a section's heading with its count, then its groups
 * in their order with their totals, each over its cards sorted as asked;
 * a section that keeps an order has no groups and keeps it. */
static void
test_decklist (void)
{
  static const char * const sorts[] = { "name", "count", "cost" };
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  DwGame *game = game_of (deck);

  for (guint s = 0; s < G_N_ELEMENTS (sorts); s++)
    {
      Decklist list = { g_ptr_array_new (), g_ptr_array_new_with_free_func (g_free) };
      g_autofree char *main_heading = g_strdup_printf ("Main deck · %u", dw_deck_count_section (deck, "main"));
      GListModel *regions = dw_deck_get_section (deck, "regions");
      guint64 group_total = 0, in_group = 0;
      guint n_groups = 0, region = G_MAXUINT;
      DwDecklistLine previous = DW_DECKLIST_BLANK;
      gboolean open_group = FALSE;

      dw_deck_grouping_write_decklist (deck, game, DW_GROUP_BY_TYPE, sorts[s], FALSE, collect_line, &list);
      g_assert_cmpstr (g_ptr_array_index (list.lines, 0), ==, main_heading);
      for (guint i = 1; i < list.lines->len; i++)
        {
          DwDecklistLine kind = GPOINTER_TO_INT (g_ptr_array_index (list.kinds, i));
          const char *line = g_ptr_array_index (list.lines, i);
          guint64 count;
          char *end;

          /* A group's cards add up to its total. */
          if (kind != DW_DECKLIST_CARD && open_group)
            g_assert_cmpuint (in_group, ==, group_total);
          if (kind != DW_DECKLIST_CARD)
            {
              open_group = kind == DW_DECKLIST_GROUP;
              in_group = 0;
            }
          if (kind == DW_DECKLIST_BLANK)
            {
              g_assert_cmpint (previous, ==, DW_DECKLIST_CARD);
              g_assert_cmpstr (line, ==, "");
            }
          else if (kind == DW_DECKLIST_SECTION)
            {
              g_assert_cmpint (previous, ==, DW_DECKLIST_BLANK);
              if (g_str_has_prefix (line, "Regions"))
                region = 0;
              else
                region = G_MAXUINT;
            }
          else if (kind == DW_DECKLIST_GROUP)
            {
              g_assert_cmpuint (region, ==, G_MAXUINT);   /* regions keep their order, ungrouped */
              group_total = g_ascii_strtoull (strrchr (line, ' ') + 1, NULL, 10);
              n_groups++;
            }
          else
            {
              count = g_ascii_strtoull (line, &end, 10);
              g_assert_true (*end == ' ');
              in_group += count;
              if (region != G_MAXUINT)
                {
                  g_autoptr(DwDeckEntry) entry = g_list_model_get_item (regions, region++);

                  g_assert_cmpstr (end + 1, ==, dw_deck_entry_get_display_name (entry));
                }
            }
          previous = kind;
        }
      g_assert_cmpint (previous, ==, DW_DECKLIST_CARD);
      if (open_group)
        g_assert_cmpuint (in_group, ==, group_total);
      g_assert_cmpuint (n_groups, >, 0);
      g_assert_true (g_ptr_array_find_with_equal_func (list.lines, "Creature · 38", g_str_equal, NULL));
      g_ptr_array_unref (list.kinds);
      g_ptr_array_unref (list.lines);
    }
}

/* Inside a group: by name; by count, most first; by cost, cheapest
 * first; name breaks every tie. */
static void
test_sort (void)
{
  static const char * const sorts[] = { "name", "count", "cost" };
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  DwGame *game = game_of (deck);
  const DwPropertyDef *cost = dw_deck_grouping_cost_property (game);

  for (guint s = 0; s < G_N_ELEMENTS (sorts); s++)
    {
      g_autoptr(GPtrArray) sorted = dw_deck_grouping_sort (game, DW_GROUP_BY_TYPE, sorts[s],
                                                           dw_deck_get_section (deck, "main"), FALSE);

      g_assert_cmpuint (sorted->len, ==, g_list_model_get_n_items (dw_deck_get_section (deck, "main")));
      for (guint i = 1; i < sorted->len; i++)
        {
          DwDeckEntry *a = g_ptr_array_index (sorted, i - 1);
          DwDeckEntry *b = g_ptr_array_index (sorted, i);
          int by = dw_group_key_compare (dw_deck_group_key (game, DW_GROUP_BY_TYPE, a),
                                         dw_deck_group_key (game, DW_GROUP_BY_TYPE, b));

          g_assert_cmpint (by, <=, 0);
          if (by < 0)
            continue;
          if (g_str_equal (sorts[s], "count") && dw_deck_entry_get_count (a) != dw_deck_entry_get_count (b))
            {
              g_assert_cmpuint (dw_deck_entry_get_count (a), >, dw_deck_entry_get_count (b));
              continue;
            }
          if (g_str_equal (sorts[s], "cost"))
            {
              int ca = dw_deck_grouping_cost_order (dw_card_get_value (dw_deck_entry_get_card (a), cost->id));
              int cb = dw_deck_grouping_cost_order (dw_card_get_value (dw_deck_entry_get_card (b), cost->id));

              g_assert_cmpint (ca, <=, cb);
              if (ca < cb)
                continue;
            }
          g_assert_cmpint (g_utf8_collate (dw_deck_entry_get_display_name (a),
                                           dw_deck_entry_get_display_name (b)), <=, 0);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  library = dw_test_library ();

  g_test_add_func ("/deck-grouping/by-type-in-game-order", test_by_type_in_game_order);
  g_test_add_func ("/deck-grouping/unknown-last", test_unknown_last);
  g_test_add_func ("/deck-grouping/by-cost", test_by_cost);
  g_test_add_func ("/deck-grouping/by-enum", test_by_enum);
  g_test_add_func ("/deck-grouping/can-group-by", test_can_group_by);
  g_test_add_func ("/deck-grouping/without-game", test_without_game);
  g_test_add_func ("/deck-grouping/game-defined-as-data", test_game_defined_as_data);
  g_test_add_func ("/deck-grouping/sort", test_sort);
  g_test_add_func ("/deck-grouping/decklist", test_decklist);

  ret = g_test_run ();
  g_object_unref (library);
  return ret;
}
