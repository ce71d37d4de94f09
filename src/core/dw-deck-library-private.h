/* dw-deck-library-private.h — what the deck query and the tests need of an entry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-deck-library.h"

G_BEGIN_DECLS

/* One entry of the index: path, size, mtime (ns), name, notes, game,
 * format, kind, verdict, errors, warnings, cards counted, factions,
 * tags, cover, why unreadable, the cards (dw-deck-library-entry.c). */
#define DW_DECK_LIBRARY_ENTRY_TYPE "(stxsssssuuutsssss)"

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
  const char        **card_keys; /* made when a query first needs them */
  char               *text_key;
};

DwDeckLibraryEntry *dw_deck_library_entry_read         (DwLibrary          *cards,
                                                        const char         *path,
                                                        const char         *root,
                                                        guint64             size,
                                                        gint64              mtime_ns);
GVariant           *dw_deck_library_entry_to_variant   (DwDeckLibraryEntry *self);
DwDeckLibraryEntry *dw_deck_library_entry_from_variant (GVariant           *value,
                                                        const char         *root);

/* The name and the notes, folded as dw_card_fold_text() folds, joined
 * by a newline: what bare words of a deck query look in. */
const char         *dw_deck_library_entry_get_text_key  (DwDeckLibraryEntry *self);
/* The tags, folded; NULL-terminated. */
const char * const *dw_deck_library_entry_get_tag_keys  (DwDeckLibraryEntry *self);
/* The cards' name keys (dw_card_name_key()), in the order of
 * dw_deck_library_entry_get_cards(). */
const char * const *dw_deck_library_entry_get_card_keys (DwDeckLibraryEntry *self);

/* The index file the library reads and writes (for tests). */
const char         *dw_deck_library_get_index_path      (DwDeckLibrary      *self);

G_END_DECLS
