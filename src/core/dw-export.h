/* dw-export.h — writing a deck as text, CSV, a Cockatrice deck or our XML
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-csv.h"
#include "dw-deck.h"
#include "dw-game.h"

G_BEGIN_DECLS

#define DW_EXPORT_ERROR (dw_export_error_quark ())

typedef enum
{
  DW_EXPORT_ERROR_UNKNOWN_KIND,
} DwExportError;

typedef enum
{
  DW_EXPORT_PDF,
  DW_EXPORT_TEXT,
  DW_EXPORT_CSV,
  DW_EXPORT_COD,
  DW_EXPORT_XML,
  DW_EXPORT_CODE,  /* a deck code (docs/deck-code.md), one line */
  DW_EXPORT_PNG,   /* a picture of the deck (dw-deck-picture.h), drawn */
} DwExportKind;

/* What a deck section is to formats that know only a main deck, a side
 * board and tokens (Cockatrice's zones, the fingerprint, text headers). */
typedef enum
{
  DW_SECTION_ROLE_MAIN,    /* the game's first section: Arcmage main, Coraabia deck */
  DW_SECTION_ROLE_SIDE,    /* the game's other counted sections: regions, connections */
  DW_SECTION_ROLE_TOKENS,  /* the game's token section, never counted */
  DW_SECTION_ROLE_OTHER,   /* a section the game does not declare */
  DW_SECTION_ROLE_CONSIDERING, /* cards the player weighs beside the deck: no decklist has them */
} DwSectionRole;

GQuark         dw_export_error_quark       (void);

gboolean       dw_export_kind_from_string  (const char    *name,
                                            DwExportKind  *kind);
const char    *dw_export_kind_to_string    (DwExportKind   kind);

DwSectionRole  dw_section_role             (DwGame        *game,
                                            const char    *section_id);
const char    *dw_section_display_name     (DwGame        *game,
                                            const char    *section_id);

char          *dw_export_text              (DwDeck        *deck,
                                            DwGame        *game);
char          *dw_export_csv               (DwDeck        *deck,
                                            DwGame        *game);
char          *dw_export_cod               (DwDeck        *deck,
                                            DwGame        *game);
char          *dw_export_to_string         (DwDeck        *deck,
                                            DwGame        *game,
                                            DwExportKind   kind,
                                            GError       **error);
gboolean       dw_export_save              (DwDeck        *deck,
                                            DwGame        *game,
                                            DwExportKind   kind,
                                            const char    *path,
                                            GError       **error);


char          *dw_fingerprint_compute      (GPtrArray     *cards);
char          *dw_deck_fingerprint         (DwDeck        *deck,
                                            DwGame        *game);

G_END_DECLS
