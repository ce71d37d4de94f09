/* dw-deck-code.h — a whole deck in one line of text (docs/deck-code.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-deck.h"
#include "dw-game.h"
#include "dw-library.h"

G_BEGIN_DECLS

#define DW_DECK_CODE_ERROR (dw_deck_code_error_quark ())

typedef enum
{
  DW_DECK_CODE_ERROR_MALFORMED,     /* not a deck code: no prefix, a character outside the alphabet */
  DW_DECK_CODE_ERROR_VERSION,       /* a version this program does not read */
  DW_DECK_CODE_ERROR_UNKNOWN_GAME,  /* a game no definition describes */
  DW_DECK_CODE_ERROR_CHECKSUM,      /* mistyped or cut */
  DW_DECK_CODE_ERROR_TRUNCATED,     /* the body ends before the deck does */
  DW_DECK_CODE_ERROR_TOO_LARGE,     /* the code or what it inflates to is past the limits */
  DW_DECK_CODE_ERROR_BAD_COUNT,     /* a count of 0 or over DW_DECK_CODE_MAX_COUNT */
  DW_DECK_CODE_ERROR_EMPTY,         /* no card at all */
  DW_DECK_CODE_ERROR_CANNOT_ENCODE, /* a deck the code cannot carry (its game id, its counts) */
} DwDeckCodeError;

/* The limits of the format (docs/deck-code.md). */
#define DW_DECK_CODE_MAX_COUNT    999
#define DW_DECK_CODE_MAX_PAYLOAD  (64 * 1024)
#define DW_DECK_CODE_MAX_LENGTH   (100 * 1024)

GQuark    dw_deck_code_error_quark  (void);

gboolean  dw_deck_code_looks_like   (const char  *text,
                                     gsize        length);
char     *dw_deck_code_encode       (DwDeck      *deck,
                                     DwGame      *game,
                                     gboolean     with_name,
                                     GError     **error);
DwDeck   *dw_deck_code_decode       (DwLibrary   *library,
                                     const char  *code,
                                     GError     **error);

G_END_DECLS
