/* dw-deck-card-index.c — which decks of a library hold which card
 *
 * The library's inverted card index: every distinct card the decks hold,
 * as (game, id, name), with its name key (dw_card_name_key()) and the
 * entries that hold it.  A card: term of a search then asks the cards
 * once each, not once per card of every deck (dw-deck-query.c), and
 * card:"Name" is a look-up by key.
 *
 * An entry is indexed once (its cards never change: a deck changed on
 * disk is a new entry) and taken out when the library lets it go.  A
 * distinct card no deck holds any more keeps its (empty) place until the
 * index is freed with the library: there are as many as the cards ever
 * seen, a few thousand at most.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-card.h"
#include "dw-deck-library-private.h"

struct _DwDeckCardIndex
{
  GHashTable *cards;    /* DwDeckIndexedCard → itself: (game, id, name) */
  GHashTable *by_key;   /* name key → GPtrArray of DwDeckIndexedCard (not owned) */
  GHashTable *indexed;  /* DwDeckLibraryEntry, the entries in the index */
  GPtrArray  *all;      /* DwDeckIndexedCard, owned, in the order first seen */
};

static guint
card_hash (gconstpointer data)
{
  const DwDeckIndexedCard *card = data;
  guint hash = g_str_hash (card->name);

  if (card->game_id != NULL)
    hash = hash * 31 + g_str_hash (card->game_id);
  if (card->id != NULL)
    hash = hash * 31 + g_str_hash (card->id);
  return hash;
}

static gboolean
card_equal (gconstpointer a,
            gconstpointer b)
{
  const DwDeckIndexedCard *ca = a, *cb = b;

  return strcmp (ca->name, cb->name) == 0 && g_strcmp0 (ca->id, cb->id) == 0 &&
         g_strcmp0 (ca->game_id, cb->game_id) == 0;
}

static void
indexed_card_free (gpointer data)
{
  DwDeckIndexedCard *card = data;

  g_free (card->game_id);
  g_free (card->id);
  g_free (card->name);
  g_free (card->key);
  g_ptr_array_unref (card->entries);
  g_free (card);
}

DwDeckCardIndex *
dw_deck_card_index_new (void)
{
  DwDeckCardIndex *self = g_new0 (DwDeckCardIndex, 1);

  self->cards = g_hash_table_new (card_hash, card_equal);
  self->by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  self->indexed = g_hash_table_new (NULL, NULL);
  self->all = g_ptr_array_new_with_free_func (indexed_card_free);
  return self;
}

void
dw_deck_card_index_free (DwDeckCardIndex *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->cards);
  g_hash_table_unref (self->by_key);
  g_hash_table_unref (self->indexed);
  g_ptr_array_unref (self->all);
  g_free (self);
}

/* The distinct card for the entry's @card, made when @make. */
static DwDeckIndexedCard *
lookup_card (DwDeckCardIndex         *self,
             const char              *game_id,
             const DwDeckLibraryCard *card,
             gboolean                 make)
{
  DwDeckIndexedCard wanted = { (char *) game_id, (char *) card->id, (char *) card->name, NULL, NULL };
  DwDeckIndexedCard *found = g_hash_table_lookup (self->cards, &wanted);
  GPtrArray *same_key;

  if (found != NULL || !make)
    return found;
  found = g_new0 (DwDeckIndexedCard, 1);
  found->game_id = g_strdup (game_id);
  found->id = g_strdup (card->id);
  found->name = g_strdup (card->name);
  found->key = dw_card_name_key (card->name);
  found->entries = g_ptr_array_new ();
  g_ptr_array_add (self->all, found);
  g_hash_table_add (self->cards, found);
  same_key = g_hash_table_lookup (self->by_key, found->key);
  if (same_key == NULL)
    {
      same_key = g_ptr_array_new ();
      g_hash_table_insert (self->by_key, g_strdup (found->key), same_key);
    }
  g_ptr_array_add (same_key, found);
  return found;
}

guint
dw_deck_card_index_get_n_entries (DwDeckCardIndex *self)
{
  return g_hash_table_size (self->indexed);
}

/* Puts @entry's cards in the index, once, and @entry once in each
 * distinct card's list.  A deck read from its file has its cards merged
 * by id and name, but an index file read back may name a card twice (it
 * is a cache, and can be damaged): a second record of the same card is
 * not listed again, so that dw_deck_card_index_remove() leaves no
 * pointer to the entry behind. */
void
dw_deck_card_index_add (DwDeckCardIndex    *self,
                        DwDeckLibraryEntry *entry)
{
  const DwDeckLibraryCard *cards;
  guint n_cards;

  if (!g_hash_table_add (self->indexed, entry))
    return;
  cards = dw_deck_library_entry_get_cards (entry, &n_cards);
  for (guint i = 0; i < n_cards; i++)
    {
      GPtrArray *entries = lookup_card (self, entry->game_id, &cards[i], TRUE)->entries;

      /* This entry's cards are added together: it is last when listed. */
      if (entries->len == 0 || g_ptr_array_index (entries, entries->len - 1) != entry)
        g_ptr_array_add (entries, entry);
    }
}

/* Takes @entry out of the index, before the library lets it go. */
void
dw_deck_card_index_remove (DwDeckCardIndex    *self,
                           DwDeckLibraryEntry *entry)
{
  if (!g_hash_table_remove (self->indexed, entry))
    return;
  for (guint i = 0; i < entry->n_cards; i++)
    {
      DwDeckIndexedCard *card = lookup_card (self, entry->game_id, &entry->cards[i], FALSE);

      if (card != NULL)
        g_ptr_array_remove_fast (card->entries, entry);
    }
}

GPtrArray *
dw_deck_card_index_lookup_key (DwDeckCardIndex *self,
                               const char      *key)
{
  return g_hash_table_lookup (self->by_key, key);
}

GPtrArray *
dw_deck_card_index_get_cards (DwDeckCardIndex *self)
{
  return self->all;
}
