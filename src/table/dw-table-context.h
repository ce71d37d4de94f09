/* dw-table-context.h — an action being tried, and how rules refuse or say
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dw-table-state.h"

G_BEGIN_DECLS

/* An action being tried on a copy of the table's state.  The machinery
 * throws the copy away when the rules refuse, so a rejected action never
 * changes anything, however far the rules got before refusing. */
typedef struct
{
  DwTableState *state;
  GString      *effects;  /* what happened, in words, for the log */
} DwTableContext;

void dw_table_reject      (GError         **error,
                           const char      *rule,
                           const char      *format,
                           ...) G_GNUC_PRINTF (3, 4);
void dw_table_context_say (DwTableContext  *ctx,
                           const char      *format,
                           ...) G_GNUC_PRINTF (2, 3);

G_END_DECLS
