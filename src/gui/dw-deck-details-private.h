/* dw-deck-details-private.h — what the tests reach inside the details
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dw-deck-details.h"
#include "dw-deck-versions-view-private.h"

G_BEGIN_DECLS

AdwExpanderRow *dw_deck_details_get_row        (DwDeckDetails *self);
AdwEntryRow    *dw_deck_details_get_entry      (DwDeckDetails *self,
                                                const char    *field);
AdwComboRow    *dw_deck_details_get_format_row (DwDeckDetails *self);
DwDeckVersionsView *dw_deck_details_get_versions (DwDeckDetails *self);

G_END_DECLS
