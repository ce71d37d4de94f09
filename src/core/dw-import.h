/* dw-import.h — reading decks written by people and by other programs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-deck.h"
#include "dw-library.h"

G_BEGIN_DECLS

#define DW_IMPORT_ERROR (dw_import_error_quark ())

typedef enum
{
  DW_IMPORT_ERROR_IO,            /* the file cannot be read */
  DW_IMPORT_ERROR_MALFORMED,     /* not what its kind says it is */
  DW_IMPORT_ERROR_UNKNOWN_GAME,  /* no card says which game the deck is for */
  DW_IMPORT_ERROR_WRONG_GAME,    /* the file is of one game, the caller asked for another */
  DW_IMPORT_ERROR_NOT_KEPT,      /* what was read would not open again once saved: a bug */
} DwImportError;

typedef enum
{
  DW_IMPORT_AUTO,          /* sniffed from the content and the file name */
  DW_IMPORT_TEXT,          /* "4x Name" lines, with headings and comments */
  DW_IMPORT_CSV,           /* RFC 4180, with or without a header row */
  DW_IMPORT_COD,           /* a Cockatrice deck */
  DW_IMPORT_ARCMAGE_JSON,  /* a deck of the Arcmage web API */
  DW_IMPORT_XML,           /* our own deck file */
  DW_IMPORT_CODE,          /* a deck code, "DW1-…" (docs/deck-code.md) */
} DwImportKind;

GQuark        dw_import_error_quark     (void);

const char   *dw_import_kind_to_string  (DwImportKind   kind);
DwImportKind  dw_import_sniff           (const char    *file_name,
                                         const char    *data,
                                         gsize          length);
char         *dw_import_decode_text     (const char    *data,
                                         gsize          length,
                                         const char    *display_name,
                                         GError       **error);

DwDeck       *dw_import_deck_data       (DwLibrary     *library,
                                         const char    *data,
                                         gsize          length,
                                         const char    *display_name,
                                         DwImportKind   kind,
                                         DwGame        *game,
                                         GPtrArray     *warnings,
                                         GError       **error);
DwDeck       *dw_import_deck_file       (DwLibrary     *library,
                                         const char    *path,
                                         DwImportKind   kind,
                                         DwGame        *game,
                                         GPtrArray     *warnings,
                                         GError       **error);

G_END_DECLS
