/* dw-deck-library-private.h — what the deck query and the tests need of an entry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-deck-library.h"

G_BEGIN_DECLS

/* One deck as the index file holds it (dw-deck-library-index.c reads
 * and checks it): every string NUL-terminated, valid UTF-8, pointing
 * into the file; factions and tags joined by U+001F, the cards as
 * "id U+001F name U+001F count U+001E"…  @data and @length are the whole
 * record, copied as they are into the next index. */
typedef struct
{
  const char   *path;
  guint64       size;
  gint64        mtime_ns;
  const char   *name;
  const char   *notes;
  const char   *game_id;
  const char   *format_id;
  const char   *kind;
  guint32       verdict;
  guint32       n_errors;
  guint32       n_warnings;
  guint64       n_copies;
  const char   *factions;
  const char   *tags;
  const char   *cover_id;
  const char   *message;
  const char   *cards;
  const guint8 *data;
  gsize         length;
} DwDeckLibraryRecord;

struct _DwDeckLibraryEntry
{
  GObject             parent_instance;

  char               *path;
  char               *folder;
  char               *root;
  char               *name;
  char               *notes;
  char               *game_id;
  char               *format_id;
  char               *kind;
  DwDeckVerdict       verdict;
  guint               n_errors;
  guint               n_warnings;
  guint64             n_copies;
  char              **factions;
  char              **tags;
  char              **tag_keys;
  char               *cover_id;
  gint64              mtime_ns;
  guint64             size;
  GError             *error;
  DwDeckLibraryCard  *cards;
  guint               n_cards;
  char               *raw_cards; /* as the index keeps them, until first needed */
  char               *card_text; /* raw_cards parsed, when not in @block: the cards' strings */
  GStringChunk       *strings;   /* the cards' ids, names and keys that are in neither */
  const char        **card_keys; /* made when a query first needs them */
  char               *text_key;
  char               *block;     /* from the index: every string above, in one allocation */
};

DwDeckLibraryEntry *dw_deck_library_entry_read         (DwLibrary          *cards,
                                                        const char         *path,
                                                        const char         *root,
                                                        guint64             size,
                                                        gint64              mtime_ns);
void                dw_deck_library_entry_write_record (DwDeckLibraryEntry        *self,
                                                        GByteArray                *out);
DwDeckLibraryEntry *dw_deck_library_entry_from_record  (const DwDeckLibraryRecord *record,
                                                        const char                *root);

/* The name and the notes, folded as dw_card_fold_text() folds, joined
 * by a newline: what bare words of a deck query look in. */
const char         *dw_deck_library_entry_get_text_key  (DwDeckLibraryEntry *self);
/* The tags, folded; NULL-terminated. */
const char * const *dw_deck_library_entry_get_tag_keys  (DwDeckLibraryEntry *self);
/* FALSE only when no card of the deck can have @key as its name key;
 * cheaper than the keys themselves, which it may spare. */
gboolean            dw_deck_library_entry_may_hold_card_key (DwDeckLibraryEntry *self,
                                                             const char         *key);
/* Makes the folded text and tags, and the parsed cards, that a search
 * reads: in a scan's worker, before the entry is shared. */
void                deck_library_entry_prepare_search   (DwDeckLibraryEntry *self);
/* The cards' name keys (dw_card_name_key()), in the order of
 * dw_deck_library_entry_get_cards(). */
const char * const *dw_deck_library_entry_get_card_keys (DwDeckLibraryEntry *self);

/* The index file the library reads and writes (for tests). */
const char         *dw_deck_library_get_index_path      (DwDeckLibrary      *self);

/* --- the library's card index (dw-deck-card-index.c) ----------------- */

/* A distinct card the library's decks hold, with the entries holding it
 * (each once, in no order). */
typedef struct
{
  char      *game_id;   /* NULL for an unreadable deck's */
  char      *id;        /* NULL for a card no database knows */
  char      *name;
  char      *key;       /* dw_card_name_key (name) */
  GPtrArray *entries;   /* DwDeckLibraryEntry, not owned */
} DwDeckIndexedCard;

typedef struct _DwDeckCardIndex DwDeckCardIndex;

DwDeckCardIndex    *dw_deck_card_index_new          (void);
void                dw_deck_card_index_free         (DwDeckCardIndex    *self);
void                dw_deck_card_index_add          (DwDeckCardIndex    *self,
                                                     DwDeckLibraryEntry *entry);
void                dw_deck_card_index_remove       (DwDeckCardIndex    *self,
                                                     DwDeckLibraryEntry *entry);
guint               dw_deck_card_index_get_n_entries (DwDeckCardIndex   *self);
/* The distinct cards whose name key is @key (DwDeckIndexedCard), or NULL. */
GPtrArray          *dw_deck_card_index_lookup_key   (DwDeckCardIndex    *self,
                                                     const char         *key);
/* Every distinct card (DwDeckIndexedCard). */
GPtrArray          *dw_deck_card_index_get_cards    (DwDeckCardIndex    *self);

/* The library's card index with every entry of the library in it (those
 * not in it yet are put in now); made on first use, kept up to date as
 * entries come and go, freed with the library. */
DwDeckCardIndex    *dw_deck_library_get_card_index  (DwDeckLibrary      *self);
/* The entries, in the library's order (path order), not copied. */
GPtrArray          *dw_deck_library_get_entries     (DwDeckLibrary      *self);

G_END_DECLS
