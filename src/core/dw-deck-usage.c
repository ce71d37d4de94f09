/* dw-deck-usage.c — which decks of a library hold a card
 *
 * What the card browser's "In 3 of your decks" and a card's zoom list
 * ask: one pass over the library's entries (their cards are in the
 * index already), linear in the decks and their distinct cards; no deck
 * file is read again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-deck-usage.h"

void
dw_deck_use_free (DwDeckUse *use)
{
  if (use == NULL)
    return;
  g_clear_object (&use->entry);
  g_free (use);
}

static int
compare_uses (gconstpointer a,
              gconstpointer b)
{
  const DwDeckUse *x = *(const DwDeckUse * const *) a;
  const DwDeckUse *y = *(const DwDeckUse * const *) b;
  int by_name;

  if (x->copies != y->copies)
    return x->copies > y->copies ? -1 : 1;
  by_name = g_utf8_collate (dw_deck_library_entry_get_name (x->entry), dw_deck_library_entry_get_name (y->entry));
  if (by_name != 0)
    return by_name;
  return g_strcmp0 (dw_deck_library_entry_get_path (x->entry), dw_deck_library_entry_get_path (y->entry));
}

GPtrArray *
dw_deck_library_find_users (DwDeckLibrary *self,
                            const char    *id,
                            const char    *name)
{
  GPtrArray *uses = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_deck_use_free);
  guint n;

  g_return_val_if_fail (DW_IS_DECK_LIBRARY (self), uses);

  if (id == NULL && name == NULL)
    return uses;
  n = g_list_model_get_n_items (G_LIST_MODEL (self));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwDeckLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (self), i);
      guint copies;
      DwDeckUse *use;

      if (dw_deck_library_entry_get_verdict (entry) == DW_DECK_VERDICT_UNREADABLE)
        continue;
      copies = dw_deck_library_entry_count_card (entry, id, id != NULL ? NULL : name);
      if (copies == 0)
        continue;
      use = g_new0 (DwDeckUse, 1);
      use->entry = g_steal_pointer (&entry);
      use->copies = copies;
      g_ptr_array_add (uses, use);
    }
  g_ptr_array_sort (uses, compare_uses);
  return uses;
}
