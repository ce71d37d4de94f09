/* dw-generic-rules.h — the table of a game that has no rules in C
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-table-rules.h"

G_BEGIN_DECLS

#define DW_GENERIC_RULES_ID "generic"

const DwTableRules *dw_generic_rules_for_game (DwGame *game);

G_END_DECLS
