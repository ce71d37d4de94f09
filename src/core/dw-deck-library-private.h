/* dw-deck-library-private.h — what the deck query and the tests need of an entry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-deck-library.h"

G_BEGIN_DECLS

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
