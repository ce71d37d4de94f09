/* dw-table-error.h — the error domain of the playtest engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define DW_TABLE_ERROR (dw_table_error_quark ())

typedef enum
{
  DW_TABLE_ERROR_REJECTED,  /* a rule forbids the action; the message names the rule */
  DW_TABLE_ERROR_SYNTAX,    /* a line does not read as the action language */
  DW_TABLE_ERROR_SETUP,     /* a table cannot start: an unknown card, a game without rules */
  DW_TABLE_ERROR_INVALID,   /* a table file is not what urn:deckwright:table:1 says */
} DwTableError;

GQuark dw_table_error_quark (void);

G_END_DECLS
