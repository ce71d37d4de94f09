/* dw-phase-bar.h — where the turn is, and the actions that move it on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-table.h"

G_BEGIN_DECLS

#define DW_TYPE_PHASE_BAR (dw_phase_bar_get_type ())
G_DECLARE_FINAL_TYPE (DwPhaseBar, dw_phase_bar, DW, PHASE_BAR, GtkWidget)

void      dw_phase_bar_show_table       (DwPhaseBar *self,
                                         DwTable    *table);
void      dw_phase_bar_set_compact      (DwPhaseBar *self,
                                         gboolean    compact);
gboolean  dw_phase_bar_get_for_goldfish (DwPhaseBar *self);

G_END_DECLS
