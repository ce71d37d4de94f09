/* test-card-search.c — the card browser's list of matching cards
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-card-search.h"
#include "dw-query.h"
#include "dw-test-util.h"

typedef struct
{
  DwQuery *query;
  guint    calls;
} Test;

static gboolean
match_cb (DwCard   *card,
          gpointer  user_data)
{
  Test *test = user_data;

  test->calls++;
  return test->query == NULL || dw_query_matches (test->query, card);
}

static void
set_query (Test       *test,
           DwGame     *game,
           const char *text)
{
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&test->query, dw_query_unref);
  test->query = dw_query_parse (game, text, &error);
  g_assert_no_error (error);
}

/* The cards of @dbs the query matches, one by one through the list
 * models: what the search must list, in the same order. */
static GPtrArray *
expected_cards (GListModel *dbs,
                DwQuery    *query)
{
  GPtrArray *cards = g_ptr_array_new ();

  for (guint i = 0; i < g_list_model_get_n_items (dbs); i++)
    {
      g_autoptr(GListModel) db = g_list_model_get_item (dbs, i);

      for (guint j = 0; j < g_list_model_get_n_items (db); j++)
        {
          g_autoptr(DwCard) card = g_list_model_get_item (db, j);

          if (query == NULL || dw_query_matches (query, card))
            g_ptr_array_add (cards, card);
        }
    }
  return cards;
}

static void
assert_lists (DwCardSearch *search,
              GListModel   *dbs,
              DwQuery      *query)
{
  g_autoptr(GPtrArray) expected = expected_cards (dbs, query);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (search)), ==, expected->len);
  for (guint i = 0; i < expected->len; i++)
    {
      g_autoptr(DwCard) card = g_list_model_get_item (G_LIST_MODEL (search), i);

      g_assert_true (card == g_ptr_array_index (expected, i));
    }
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (search), expected->len));
}

static GListStore *
shipped_arcmage_dbs (DwLibrary *library)
{
  GListModel *all = dw_library_get_card_dbs (library);
  GListStore *dbs = g_list_store_new (DW_TYPE_CARD_DB);

  for (guint i = 0; i < g_list_model_get_n_items (all); i++)
    {
      g_autoptr(DwCardDb) db = g_list_model_get_item (all, i);

      if (g_str_equal (dw_game_get_id (dw_card_db_get_game (db)), "arcmage"))
        g_list_store_append (dbs, db);
    }
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (dbs)), >, 0);
  return dbs;
}

static void
test_lists_what_the_query_matches_in_database_order (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  DwGame *game = dw_library_lookup_game (library, "arcmage");
  g_autoptr(GListStore) dbs = shipped_arcmage_dbs (library);
  const char *queries[] = { "", "thorn", "faction:gaian type:creature", "cost<=2 OR text:mark", "-type:region" };
  Test test = { NULL, 0 };
  g_autoptr(DwCardSearch) search = dw_card_search_new (G_LIST_MODEL (dbs), match_cb, &test);

  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (search)) == DW_TYPE_CARD);
  assert_lists (search, G_LIST_MODEL (dbs), NULL);

  for (guint i = 0; i < G_N_ELEMENTS (queries); i++)
    {
      set_query (&test, game, queries[i]);
      dw_card_search_changed (search, DW_CARD_SEARCH_DIFFERENT);
      assert_lists (search, G_LIST_MODEL (dbs), test.query);
    }
  g_clear_pointer (&test.query, dw_query_unref);
}

/* A narrower search tests only the cards listed, and lists what a full
 * search would. */
static void
test_narrower_search_tests_only_the_cards_listed (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  DwGame *game = dw_library_lookup_game (library, "arcmage");
  g_autoptr(GListStore) dbs = shipped_arcmage_dbs (library);
  Test test = { NULL, 0 };
  g_autoptr(DwCardSearch) search = NULL;
  g_autoptr(GPtrArray) every = expected_cards (G_LIST_MODEL (dbs), NULL);
  guint total = every->len;
  guint listed;

  set_query (&test, game, "t");
  search = dw_card_search_new (G_LIST_MODEL (dbs), match_cb, &test);
  listed = g_list_model_get_n_items (G_LIST_MODEL (search));
  g_assert_cmpuint (listed, >, 10);

  set_query (&test, game, "th");
  test.calls = 0;
  dw_card_search_changed (search, DW_CARD_SEARCH_NARROWER);
  g_assert_cmpuint (test.calls, ==, listed);
  assert_lists (search, G_LIST_MODEL (dbs), test.query);

  /* Wider or different: every card again. */
  set_query (&test, game, "t");
  test.calls = 0;
  dw_card_search_changed (search, DW_CARD_SEARCH_WIDER);
  g_assert_cmpuint (test.calls, ==, total);
  assert_lists (search, G_LIST_MODEL (dbs), test.query);
  g_clear_pointer (&test.query, dw_query_unref);
}

static void
on_items_changed_cb (GListModel *model,
                     guint       position,
                     guint       removed,
                     guint       added,
                     GArray     *log)
{
  guint entry[3] = { position, removed, added };

  g_array_append_vals (log, entry, 3);
}

/* One signal per change, covering only what changed: a card listed
 * before and after every change keeps its place (and its selection). */
static void
test_one_change_signal_covering_only_what_changed (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  DwGame *game = dw_library_lookup_game (library, "arcmage");
  g_autoptr(GListStore) dbs = shipped_arcmage_dbs (library);
  g_autoptr(GArray) log = g_array_new (FALSE, FALSE, sizeof (guint));
  Test test = { NULL, 0 };
  g_autoptr(DwCardSearch) search = dw_card_search_new (G_LIST_MODEL (dbs), match_cb, &test);
  g_autoptr(DwCard) first = g_list_model_get_item (G_LIST_MODEL (search), 0);
  g_autofree char *query = NULL;
  guint all = g_list_model_get_n_items (G_LIST_MODEL (search));

  g_signal_connect (search, "items-changed", G_CALLBACK (on_items_changed_cb), log);

  /* Everything but the first card goes: one range after it. */
  query = g_strdup_printf ("id:%s", dw_card_get_id (first));
  set_query (&test, game, query);
  dw_card_search_changed (search, DW_CARD_SEARCH_NARROWER);
  g_assert_cmpuint (log->len, ==, 3);
  g_assert_cmpuint (g_array_index (log, guint, 0), ==, 1);
  g_assert_cmpuint (g_array_index (log, guint, 1), ==, all - 1);
  g_assert_cmpuint (g_array_index (log, guint, 2), ==, 0);

  /* The same answers again: no signal at all. */
  dw_card_search_changed (search, DW_CARD_SEARCH_DIFFERENT);
  g_assert_cmpuint (log->len, ==, 3);

  g_clear_pointer (&test.query, dw_query_unref);
  dw_card_search_changed (search, DW_CARD_SEARCH_WIDER);
  g_assert_cmpuint (log->len, ==, 6);
  g_assert_cmpuint (g_array_index (log, guint, 3), ==, 1);
  g_assert_cmpuint (g_array_index (log, guint, 4), ==, 0);
  g_assert_cmpuint (g_array_index (log, guint, 5), ==, all - 1);
}

/* A database added to the list joins the search at once; one removed
 * leaves it, and the cards listed until then stay valid to the end of
 * the change signal. */
static void
test_follows_the_list_of_databases (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  DwGame *game = dw_library_lookup_game (library, "arcmage");
  g_autoptr(GListStore) shipped = shipped_arcmage_dbs (library);
  g_autoptr(GListStore) dbs = g_list_store_new (DW_TYPE_CARD_DB);
  g_autoptr(DwCardDb) first = g_list_model_get_item (G_LIST_MODEL (shipped), 0);
  g_autoptr(DwCardDb) mine = dw_card_db_new (game);
  g_autoptr(DwCard) card = dw_card_new ("mine-1", "Thornfield Keeper", "Creature");
  Test test = { NULL, 0 };
  g_autoptr(DwCardSearch) search = NULL;
  guint n_first;

  set_query (&test, game, "thorn");
  search = dw_card_search_new (NULL, match_cb, &test);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (search)), ==, 0);

  dw_card_search_set_dbs (search, G_LIST_MODEL (dbs));
  g_assert_true (dw_card_search_get_dbs (search) == G_LIST_MODEL (dbs));
  g_list_store_append (dbs, first);
  assert_lists (search, G_LIST_MODEL (dbs), test.query);
  n_first = g_list_model_get_n_items (G_LIST_MODEL (search));
  g_assert_cmpuint (n_first, >, 0);

  g_assert_true (dw_card_db_add_card (mine, card, NULL));
  g_list_store_append (dbs, mine);
  assert_lists (search, G_LIST_MODEL (dbs), test.query);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (search)), ==, n_first + 1);

  /* The first database goes: only it held most of the cards listed. */
  g_clear_object (&first);
  g_list_store_remove (dbs, 0);
  g_clear_object (&shipped);
  assert_lists (search, G_LIST_MODEL (dbs), test.query);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (search)), ==, 1);

  g_clear_pointer (&test.query, dw_query_unref);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/card-search/lists-what-the-query-matches-in-database-order",
                   test_lists_what_the_query_matches_in_database_order);
  g_test_add_func ("/card-search/narrower-search-tests-only-the-cards-listed",
                   test_narrower_search_tests_only_the_cards_listed);
  g_test_add_func ("/card-search/one-change-signal-covering-only-what-changed",
                   test_one_change_signal_covering_only_what_changed);
  g_test_add_func ("/card-search/follows-the-list-of-databases",
                   test_follows_the_list_of_databases);

  return g_test_run ();
}
