/* dw-json.h — reading JSON with json-glib, remembering where each object was
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* How deep objects and arrays may nest: json-glib parses by recursion, so
 * a deeper document is refused before it is parsed.  Arcmage's files nest
 * five deep; XML is held to 256 too (dw-xml.c). */
#define DW_JSON_MAX_DEPTH 256

typedef struct _DwJsonDocument DwJsonDocument;

DwJsonDocument *dw_json_document_new       (const char      *data,
                                            gsize            length,
                                            const char      *display_name,
                                            GQuark           error_domain,
                                            int              error_code,
                                            GError         **error);
void            dw_json_document_free      (DwJsonDocument  *self);
JsonNode       *dw_json_document_get_root  (DwJsonDocument  *self);
const char     *dw_json_document_get_name  (DwJsonDocument  *self);
guint           dw_json_document_line_of   (DwJsonDocument  *self,
                                            JsonObject      *object);

gboolean        dw_json_document_set_error (GError         **error,
                                            DwJsonDocument  *self,
                                            JsonObject      *object,
                                            const char      *format,
                                            ...) G_GNUC_PRINTF (4, 5);
const char     *dw_json_object_get_text    (JsonObject      *object,
                                            const char      *member);
char           *dw_json_object_dup_value   (JsonObject      *object,
                                            const char      *member);
gboolean        dw_json_object_get_int     (JsonObject      *object,
                                            const char      *member,
                                            gint64          *value);
const char     *dw_json_object_get_named   (JsonObject      *object,
                                            const char      *member);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwJsonDocument, dw_json_document_free)

G_END_DECLS
