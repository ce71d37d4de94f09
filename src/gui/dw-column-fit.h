/* dw-column-fit.h — a table's columns sized by hand: cells shorten with
 * an ellipsis, never past the header's title
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Sets @label (a cell of @column) to read as its column now allows:
 * @by_hand says whether the column has been sized by hand. */
typedef void (*DwColumnFitFunc) (GtkLabel *label,
                                 gboolean  by_hand);

void     dw_column_fit_hold_header (GtkColumnViewColumn *column);
gboolean dw_column_fit_by_hand     (GtkColumnViewColumn *column);
void     dw_column_fit_label       (GtkLabel            *label,
                                    gboolean             shortens);
void     dw_column_fit_follow      (GtkColumnViewColumn *column,
                                    GtkLabel            *label,
                                    DwColumnFitFunc      fit);
void     dw_column_fit_refit       (GtkColumnViewColumn *column,
                                    GtkLabel            *label);

G_END_DECLS
