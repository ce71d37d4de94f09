/* dw-deck-code-private.h — what the tests and the fuzz target need to
 * make codes no deck would give (a count of 0, a body cut short)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-deck-code.h"

G_BEGIN_DECLS

char     *dw_deck_code_wrap        (const char    *game_id,
                                    guint8         flags,
                                    const guint8  *stored,
                                    gsize          length);
GBytes   *dw_deck_code_deflate     (const guint8  *data,
                                    gsize          length);
guint32   dw_deck_code_crc32       (guint32        crc,
                                    const guint8  *data,
                                    gsize          length);

G_END_DECLS
