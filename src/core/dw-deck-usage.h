/* dw-deck-usage.h — which decks of a library hold a card
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-deck-library.h"

G_BEGIN_DECLS

/* One deck holding the card, and its copies there (all sections but
 * Considering, as the library's index counts them). */
typedef struct
{
  DwDeckLibraryEntry *entry;   /* owned */
  guint               copies;
} DwDeckUse;

void       dw_deck_use_free           (DwDeckUse     *use);

/* Every deck of @self holding the card of @id (or, with @id NULL, of
 * @name, in any case), most copies first, then by name: one pass over
 * the index, no file read.  An empty array when none does. */
GPtrArray *dw_deck_library_find_users (DwDeckLibrary *self,
                                       const char    *id,
                                       const char    *name);

G_END_DECLS
