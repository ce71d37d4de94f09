/* dw-deck-compare.h — a registered list against the deck presented at a deck check
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-deck.h"
#include "dw-game.h"
#include "dw-library.h"

G_BEGIN_DECLS

typedef enum
{
  DW_DECK_CHANGE_ADDED,    /* in the presented deck, not in the list */
  DW_DECK_CHANGE_REMOVED,  /* in the list, not in the presented deck */
  DW_DECK_CHANGE_MOVED,    /* in both, in another section */
} DwDeckChangeKind;

typedef struct
{
  DwDeckChangeKind  kind;
  char             *name;
  char             *from_section;  /* REMOVED and MOVED: the list's section */
  char             *to_section;    /* ADDED and MOVED: the presented deck's */
  guint             count;
  /* ADDED and REMOVED: the card's copies in that section before and
   * after (0 before: new to the section; 0 after: gone from it). */
  guint             before;
  guint             after;
} DwDeckChange;

typedef struct
{
  GPtrArray *changes;              /* DwDeckChange, by name */
  char      *registered_fingerprint;
  char      *presented_fingerprint;
} DwDeckComparison;

DwDeckComparison *dw_deck_compare              (DwDeck            *registered,
                                                DwDeck            *presented,
                                                DwGame            *game);
gboolean          dw_deck_comparison_matches   (DwDeckComparison  *self);
char             *dw_deck_comparison_to_text   (DwDeckComparison  *self,
                                                DwGame            *game);
/* The changes in the words of two versions of one deck, one line per
 * card and section: “+2 Thornwood Scout (Deck)”, “Seedfall 3 → 2 (Deck)”,
 * “−1 Old Oak (Deck)”, “1 × Fernstep Archer moved from Deck to Reserve”;
 * “The same cards in the same sections.” when none. */
char             *dw_deck_comparison_to_version_lines (DwDeckComparison *self,
                                                       DwGame           *game);
void              dw_deck_comparison_free      (DwDeckComparison  *self);

gboolean          dw_deck_presented_is_picture (const char        *path);
DwDeck           *dw_deck_presented_load       (DwLibrary         *library,
                                                const char        *path,
                                                DwGame            *game,
                                                GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwDeckComparison, dw_deck_comparison_free)

G_END_DECLS
