/* test-slot-model.c — the list model whose positions keep their places
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>

#include "dw-slot-model.h"

/* What the slots hold is what the model holds, position by position. */
static void
assert_follows (DwSlotModel *slots,
                GListModel  *model)
{
  guint n = g_list_model_get_n_items (model);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (slots)), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);
      g_autoptr(DwSlot) slot = g_list_model_get_item (G_LIST_MODEL (slots), i);

      g_assert_true (dw_slot_get_item (slot) == item);
    }
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (slots), n));
}

static GObject *
named (const char *name)
{
  GObject *item = G_OBJECT (g_simple_action_new (name, NULL));

  return item;
}

typedef struct
{
  guint changes;
  guint position, removed, added;
  guint notified;
} Seen;

static void
on_items_changed_cb (GListModel *model,
                     guint       position,
                     guint       removed,
                     guint       added,
                     Seen       *seen)
{
  seen->changes++;
  seen->position = position;
  seen->removed = removed;
  seen->added = added;
}

static void
on_notify_cb (DwSlot     *slot,
              GParamSpec *pspec,
              Seen       *seen)
{
  seen->notified++;
}

/* Passed on: a change is the model's as it came, and an item taken out
 * and put back comes back in its own slot. */
static void
test_passes_changes_on (void)
{
  g_autoptr(GListStore) store = g_list_store_new (G_TYPE_OBJECT);
  g_autoptr(DwSlotModel) slots = NULL;
  g_autoptr(GObject) a = named ("a");
  g_autoptr(GObject) b = named ("b");
  g_autoptr(GObject) c = named ("c");
  g_autoptr(DwSlot) slot_of_a = NULL;
  g_autoptr(DwSlot) moved = NULL;
  gpointer items[] = { b, a };
  Seen seen = { 0 };

  g_list_store_append (store, a);
  g_list_store_append (store, b);
  slots = dw_slot_model_new (G_LIST_MODEL (store));
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (slots)) == DW_TYPE_SLOT);
  assert_follows (slots, G_LIST_MODEL (store));
  g_signal_connect (slots, "items-changed", G_CALLBACK (on_items_changed_cb), &seen);

  g_list_store_append (store, c);
  g_assert_cmpuint (seen.changes, ==, 1);
  g_assert_cmpuint (seen.position, ==, 2);
  g_assert_cmpuint (seen.removed, ==, 0);
  g_assert_cmpuint (seen.added, ==, 1);
  assert_follows (slots, G_LIST_MODEL (store));

  slot_of_a = g_list_model_get_item (G_LIST_MODEL (slots), 0);
  g_list_store_splice (store, 0, 2, items, 2);
  g_assert_cmpuint (seen.changes, ==, 2);
  g_assert_cmpuint (seen.position, ==, 0);
  g_assert_cmpuint (seen.removed, ==, 2);
  g_assert_cmpuint (seen.added, ==, 2);
  assert_follows (slots, G_LIST_MODEL (store));
  moved = g_list_model_get_item (G_LIST_MODEL (slots), 1);
  g_assert_true (moved == slot_of_a);

  g_list_store_remove (store, 0);
  g_assert_cmpuint (seen.removed, ==, 1);
  assert_follows (slots, G_LIST_MODEL (store));
}

/* In place: the slots there take the new items, each saying so, and the
 * model's own change is only its length's, at its end. */
static void
test_keeps_changes_in_place (void)
{
  g_autoptr(GListStore) store = g_list_store_new (G_TYPE_OBJECT);
  g_autoptr(GPtrArray) before = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) others = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(DwSlotModel) slots = NULL;
  Seen seen = { 0 };

  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *name = g_strdup_printf ("old%u", i);
      g_autoptr(GObject) item = named (name);

      g_list_store_append (store, item);
    }
  for (guint i = 0; i < 8; i++)
    {
      g_autofree char *name = g_strdup_printf ("new%u", i);

      g_ptr_array_add (others, named (name));
    }
  slots = dw_slot_model_new (G_LIST_MODEL (store));
  for (guint i = 0; i < 5; i++)
    {
      DwSlot *slot = g_list_model_get_item (G_LIST_MODEL (slots), i);

      g_signal_connect (slot, "notify::item", G_CALLBACK (on_notify_cb), &seen);
      g_ptr_array_add (before, slot);
    }
  g_signal_connect (slots, "items-changed", G_CALLBACK (on_items_changed_cb), &seen);

  dw_slot_model_set_in_place (slots, TRUE);
  /* Longer: five slots take new items, three come at the end. */
  g_list_store_splice (store, 0, 5, others->pdata, 8);
  assert_follows (slots, G_LIST_MODEL (store));
  g_assert_cmpuint (seen.notified, ==, 5);
  g_assert_cmpuint (seen.changes, ==, 1);
  g_assert_cmpuint (seen.position, ==, 5);
  g_assert_cmpuint (seen.removed, ==, 0);
  g_assert_cmpuint (seen.added, ==, 3);
  for (guint i = 0; i < 5; i++)
    {
      g_autoptr(DwSlot) slot = g_list_model_get_item (G_LIST_MODEL (slots), i);

      g_assert_true (slot == g_ptr_array_index (before, i));
    }

  /* Shorter: from the change on, every slot moved up; the last go. */
  seen.notified = 0;
  g_list_store_remove (store, 1);
  assert_follows (slots, G_LIST_MODEL (store));
  g_assert_cmpuint (seen.notified, ==, 4);
  g_assert_cmpuint (seen.changes, ==, 2);
  g_assert_cmpuint (seen.position, ==, 7);
  g_assert_cmpuint (seen.removed, ==, 1);
  g_assert_cmpuint (seen.added, ==, 0);

  /* As long, one item replaced: only its slot says so. */
  seen.notified = 0;
  {
    g_autoptr(GObject) one = named ("one");

    g_list_store_splice (store, 2, 1, (gpointer *) &one, 1);
  }
  assert_follows (slots, G_LIST_MODEL (store));
  g_assert_cmpuint (seen.notified, ==, 1);
  g_assert_cmpuint (seen.changes, ==, 2);

  /* Passed on again once in place is over. */
  dw_slot_model_set_in_place (slots, FALSE);
  g_list_store_remove_all (store);
  g_assert_cmpuint (seen.changes, ==, 3);
  g_assert_cmpuint (seen.removed, ==, 7);
  assert_follows (slots, G_LIST_MODEL (store));
}

/* Whatever the changes, in either way, the slots follow the model. */
static void
test_follows_any_changes (void)
{
  g_autoptr(GListStore) store = g_list_store_new (G_TYPE_OBJECT);
  g_autoptr(GPtrArray) pool = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(DwSlotModel) slots = dw_slot_model_new (G_LIST_MODEL (store));
  g_autoptr(GRand) rand = g_rand_new_with_seed (22);

  for (guint i = 0; i < 40; i++)
    {
      g_autofree char *name = g_strdup_printf ("item%u", i);

      g_ptr_array_add (pool, named (name));
    }
  for (guint round = 0; round < 2000; round++)
    {
      guint n = g_list_model_get_n_items (G_LIST_MODEL (store));
      guint position = g_rand_int_range (rand, 0, n + 1);
      guint removed = g_rand_int_range (rand, 0, n - position + 1);
      guint added = g_rand_int_range (rand, 0, 8);
      g_autoptr(GPtrArray) items = g_ptr_array_new ();

      for (guint i = 0; i < added; i++)
        g_ptr_array_add (items, g_ptr_array_index (pool, g_rand_int_range (rand, 0, pool->len)));
      dw_slot_model_set_in_place (slots, g_rand_boolean (rand));
      g_list_store_splice (store, position, removed, items->pdata, added);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (slots)), ==,
                        g_list_model_get_n_items (G_LIST_MODEL (store)));
      /* Now and then every slot is asked for; else only a few, as a
       * list view asks, and the rest are made later or never. */
      if (round % 10 == 0)
        assert_follows (slots, G_LIST_MODEL (store));
      else if (g_list_model_get_n_items (G_LIST_MODEL (store)) > 0)
        {
          guint at = g_rand_int_range (rand, 0, g_list_model_get_n_items (G_LIST_MODEL (store)));
          g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (store), at);
          g_autoptr(DwSlot) slot = g_list_model_get_item (G_LIST_MODEL (slots), at);

          g_assert_true (dw_slot_get_item (slot) == item);
        }
    }
  assert_follows (slots, G_LIST_MODEL (store));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/slot-model/passes-changes-on", test_passes_changes_on);
  g_test_add_func ("/slot-model/keeps-changes-in-place", test_keeps_changes_in_place);
  g_test_add_func ("/slot-model/follows-any-changes", test_follows_any_changes);
  return g_test_run ();
}
