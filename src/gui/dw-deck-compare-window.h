/* dw-deck-compare-window.h — two decks side by side, with what changed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dw-deck.h"
#include "dw-game.h"

G_BEGIN_DECLS

#define DW_TYPE_DECK_COMPARE_WINDOW (dw_deck_compare_window_get_type ())
G_DECLARE_FINAL_TYPE (DwDeckCompareWindow, dw_deck_compare_window, DW, DECK_COMPARE_WINDOW, AdwWindow)

/* Whose words the comparison speaks: a judge's at a deck check (the
 * fingerprints, then “added: …”, “removed: …”), or a player's over two
 * versions of a deck (“Version of … → Current deck: +2 …, −1 …”, then a
 * line per card: “Seedfall 3 → 2 (Deck)”). */
typedef enum
{
  DW_DECK_COMPARE_DECK_CHECK,
  DW_DECK_COMPARE_VERSIONS,
} DwDeckCompareWording;

/* @before and @after are compared as dw_deck_compare() compares a
 * registered list with the deck presented: what @after has more is
 * added, what it has less removed.  The titles name each side. */
DwDeckCompareWindow *dw_deck_compare_window_new         (GtkWindow           *parent,
                                                         DwDeckCompareWording wording,
                                                         const char          *heading,
                                                         DwGame              *game,
                                                         const char          *before_title,
                                                         DwDeck              *before,
                                                         const char          *after_title,
                                                         DwDeck              *after);
/* The differences in words: the first line the verdict, then the
 * changes (dw_deck_comparison_to_text() or, for versions,
 * dw_deck_versions_describe() and dw_deck_comparison_to_version_lines()).
 * Matches: the same cards in the same sections. */
const char          *dw_deck_compare_window_get_text    (DwDeckCompareWindow *self);
gboolean             dw_deck_compare_window_get_matches (DwDeckCompareWindow *self);
/* One side's title and listing as shown (0: before, 1: after). */
const char          *dw_deck_compare_window_get_title   (DwDeckCompareWindow *self,
                                                         guint                side);
const char          *dw_deck_compare_window_get_listing (DwDeckCompareWindow *self,
                                                         guint                side);

G_END_DECLS
