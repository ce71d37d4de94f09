/* dw-deck-private.h — what the deck's own files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-deck.h"

G_BEGIN_DECLS

void dw_deck_set_path (DwDeck     *self,
                       const char *path);

G_END_DECLS
