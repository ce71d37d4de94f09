/* dw-column-give-way.h — a table's least needed columns hide at narrow widths
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Whether @column may hide when its table is too narrow. */
typedef gboolean (*DwColumnMayGiveWay) (GtkColumnViewColumn *column);

void     dw_column_give_way_attach (GtkColumnView      *view,
                                    DwColumnMayGiveWay  may_give_way);
gboolean dw_column_give_way_busy   (GtkColumnView      *view);

G_END_DECLS
