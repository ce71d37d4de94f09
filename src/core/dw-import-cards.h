/* dw-import-cards.h — Arcmage's web API card JSON into a card database
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-card-db.h"
#include "dw-game.h"

G_BEGIN_DECLS

/* Elements the game has no property for (a card's status, the API's own
 * integer id, a value the game's property refuses) are kept in this
 * namespace, which card databases carry through loading and saving. */
#define DW_ARCMAGE_API_NS "urn:deckwright:arcmage-api:1"

typedef struct _DwCardImport DwCardImport;

DwCardImport *dw_card_import_new           (DwGame        *game);
void          dw_card_import_free          (DwCardImport  *self);
gboolean      dw_card_import_add_data      (DwCardImport  *self,
                                            const char    *data,
                                            gsize          length,
                                            const char    *display_name,
                                            GError       **error);
gboolean      dw_card_import_add_file      (DwCardImport  *self,
                                            const char    *path,
                                            GError       **error);
guint         dw_card_import_get_n_cards   (DwCardImport  *self);
GPtrArray    *dw_card_import_get_warnings  (DwCardImport  *self);
char         *dw_card_import_to_string     (DwCardImport  *self);
DwCardDb     *dw_card_import_finish        (DwCardImport  *self,
                                            GError       **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwCardImport, dw_card_import_free)

G_END_DECLS
