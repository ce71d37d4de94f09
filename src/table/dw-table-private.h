/* dw-table-private.h — what the table's own files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-table.h"

G_BEGIN_DECLS

/* The manual actions, whose forms depend on the table's zones, counters
 * and stats (dw-table-manual.c). */
GArray   *dw_table_manual_make_verbs (const DwTableState *state,
                                      GStringChunk       *strings);
gboolean  dw_table_manual_perform    (DwTableContext     *ctx,
                                      const DwAction     *action,
                                      GError            **error);
/* @value applied to @current: +N or -N adds, N sets. */
gint64    dw_table_apply_int         (gint64              current,
                                      const DwToken      *value);
/* Finds the card @ref names in the player's hand, then in every zone. */
gboolean  dw_table_resolve_anywhere  (const DwTableState *state,
                                      const DwToken      *ref,
                                      guint              *number,
                                      GError            **error);

/* What a table file held that the table does not understand: comments
 * before and after <table>, and other namespaces' elements inside it,
 * written back when the table is saved (dw-table-file.c). */
typedef struct
{
  GPtrArray *prolog;   /* DwXmlNode */
  GPtrArray *unknown;
  GPtrArray *epilog;
} DwTableFileExtras;

DwTableFileExtras *dw_table_get_file_extras (DwTable *self);

/* The state before log entry @index, or after the last at the log's
 * length. */
const DwTableState *dw_table_get_state_at (DwTable *self,
                                           guint    index);

G_END_DECLS
