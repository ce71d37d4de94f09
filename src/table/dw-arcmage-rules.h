/* dw-arcmage-rules.h — the Arcmage table by the Original Rules Concept
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-table-rules.h"

G_BEGIN_DECLS

extern const DwTableRules dw_arcmage_orc_rules;

G_END_DECLS
