/* dw-table-offer.h — a button for one table action, as the engine sees it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-table.h"

G_BEGIN_DECLS

GtkWidget *dw_table_offer_new    (DwTable    *table,
                                  const char *label,
                                  const char *action);
void       dw_table_offer_mark   (GtkWidget  *button,
                                  gboolean    accepted,
                                  const char *reason);
void       dw_table_offer_update (GtkWidget  *button,
                                  DwTable    *table,
                                  const char *action);
gboolean   dw_table_offer_check  (DwTable    *table,
                                  const char *action,
                                  char      **reason);

G_END_DECLS
