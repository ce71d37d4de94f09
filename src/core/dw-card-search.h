/* dw-card-search.h — the cards of some databases that pass a test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-card-db.h"

G_BEGIN_DECLS

typedef gboolean (*DwCardMatchFunc) (DwCard   *card,
                                     gpointer  user_data);

/* How the test changed, as a search's parsed query can tell
 * (dw_query_relation()): a narrower test needs only the cards shown. */
typedef enum
{
  DW_CARD_SEARCH_DIFFERENT,
  DW_CARD_SEARCH_NARROWER,
  DW_CARD_SEARCH_WIDER,
} DwCardSearchChange;

#define DW_TYPE_CARD_SEARCH (dw_card_search_get_type ())
G_DECLARE_FINAL_TYPE (DwCardSearch, dw_card_search, DW, CARD_SEARCH, GObject)

DwCardSearch *dw_card_search_new      (GListModel         *dbs,
                                       DwCardMatchFunc     match,
                                       gpointer            user_data);
void          dw_card_search_set_dbs  (DwCardSearch       *self,
                                       GListModel         *dbs);
GListModel   *dw_card_search_get_dbs  (DwCardSearch       *self);
void          dw_card_search_changed  (DwCardSearch       *self,
                                       DwCardSearchChange  change);

G_END_DECLS
