/* dw-table-context.c — the primitives every game's rules use
 *
 * How an action is refused and how what it did is said: the bottom of
 * the table's files, calling none of them, so that the registry, the
 * manual actions and every game's rules can use them without a circle.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-table-context.h"
#include "dw-table-error.h"

/* Refuses an action: "the reason (the rule it breaks)". */
void
dw_table_reject (GError     **error,
                 const char  *rule,
                 const char  *format,
                 ...)
{
  g_autofree char *reason = NULL;
  va_list args;

  va_start (args, format);
  reason = g_strdup_vprintf (format, args);
  va_end (args);

  if (rule != NULL)
    g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_REJECTED, "%s (%s)", reason, rule);
  else
    g_set_error_literal (error, DW_TABLE_ERROR, DW_TABLE_ERROR_REJECTED, reason);
}

/* Adds a sentence to what the action did. */
void
dw_table_context_say (DwTableContext *ctx,
                      const char     *format,
                      ...)
{
  va_list args;

  if (ctx->effects->len > 0)
    g_string_append (ctx->effects, "; ");
  va_start (args, format);
  g_string_append_vprintf (ctx->effects, format, args);
  va_end (args);
}
