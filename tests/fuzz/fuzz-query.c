/* fuzz-query.c — the card browser's search language
 *
 * The first byte picks the game; the rest is two queries, one a line, as
 * if the user typed the first and then the second.  Beyond not crashing:
 * the normal form parses to a query matching the same cards, and the
 * relation the browser trusts to filter incrementally is never wrong about
 * the shipped cards.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-query.h"
#include "fuzz-common.h"

static GPtrArray *
cards_of (DwGame *game)
{
  GListModel *dbs = dw_library_get_card_dbs (dw_fuzz_library ());
  GPtrArray *cards = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (dbs); i++)
    {
      g_autoptr(DwCardDb) db = g_list_model_get_item (dbs, i);

      if (dw_card_db_get_game (db) != game)
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (db)); j++)
        g_ptr_array_add (cards, g_list_model_get_item (G_LIST_MODEL (db), j));
    }
  return cards;
}

static GArray *
matches (DwQuery   *query,
         GPtrArray *cards)
{
  GArray *result = g_array_sized_new (FALSE, FALSE, sizeof (gboolean), cards->len);

  for (guint i = 0; i < cards->len; i++)
    {
      gboolean match = dw_query_matches (query, g_ptr_array_index (cards, i));

      g_array_append_val (result, match);
    }
  return result;
}

static DwQuery *
parse_checked (DwGame     *game,
               const char *text,
               GPtrArray  *cards)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwQuery) query = dw_query_parse (game, text, &error);
  g_autoptr(DwQuery) normal = NULL;
  g_autofree char *normal_text = NULL;
  g_autofree char *normal_again = NULL;
  g_autoptr(GArray) before = NULL;
  g_autoptr(GArray) after = NULL;

  if (query == NULL)
    {
      guint start, end;

      dw_fuzz_check (error != NULL && error->message != NULL, "a refused query sets an error", NULL);
      if (dw_query_error_get_span (error, &start, &end))
        dw_fuzz_check (start <= end && end <= strlen (text), "the error span lies in the text", text);
      return NULL;
    }

  normal_text = dw_query_to_string (query);
  normal = dw_query_parse (game, normal_text, &error);
  dw_fuzz_check (normal != NULL, "the normal form parses", normal_text);
  normal_again = dw_query_to_string (normal);
  dw_fuzz_check (g_str_equal (normal_text, normal_again), "the normal form is stable", normal_again);

  before = matches (query, cards);
  after = matches (normal, cards);
  dw_fuzz_check (memcmp (before->data, after->data, cards->len * sizeof (gboolean)) == 0,
                 "the normal form matches the same cards", normal_text);

  return g_steal_pointer (&query);
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  static GPtrArray *cards[2];
  const char *game_ids[2] = { "arcmage", "coraabia" };
  g_autofree char *text = NULL;
  g_autoptr(DwQuery) first = NULL;
  g_autoptr(DwQuery) second = NULL;
  DwQueryRelation relation;
  DwGame *game;
  char *newline;
  guint which;

  if (size == 0)
    return 0;

  which = data[0] & 1;
  game = dw_library_lookup_game (dw_fuzz_library (), game_ids[which]);
  if (cards[which] == NULL)
    cards[which] = cards_of (game);

  text = g_strndup ((const char *) data + 1, size - 1);
  newline = strchr (text, '\n');
  if (newline != NULL)
    *newline = '\0';

  first = parse_checked (game, text, cards[which]);
  if (newline == NULL)
    return 0;
  second = parse_checked (game, newline + 1, cards[which]);
  if (first == NULL || second == NULL)
    return 0;

  relation = dw_query_relation (first, second);
  for (guint i = 0; i < cards[which]->len; i++)
    {
      DwCard *card = g_ptr_array_index (cards[which], i);
      gboolean a = dw_query_matches (first, card);
      gboolean b = dw_query_matches (second, card);

      if (relation == DW_QUERY_SAME)
        dw_fuzz_check (a == b, "SAME queries match the same cards", dw_card_get_name (card));
      else if (relation == DW_QUERY_NARROWER)
        dw_fuzz_check (!b || a, "a NARROWER query matches no card the first did not",
                       dw_card_get_name (card));
      else if (relation == DW_QUERY_WIDER)
        dw_fuzz_check (!a || b, "a WIDER query keeps every card the first matched",
                       dw_card_get_name (card));
    }

  return 0;
}
