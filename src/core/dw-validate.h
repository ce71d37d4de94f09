/* dw-validate.h — checking a deck against a format
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-deck.h"
#include "dw-format.h"
#include "dw-game.h"
#include "dw-problem.h"

G_BEGIN_DECLS

GPtrArray *dw_validate_deck   (DwGame   *game,
                               DwFormat *format,
                               DwDeck   *deck);
gboolean   dw_problems_legal  (GPtrArray *problems);

G_END_DECLS
