/* dw-search-mistake.h — a search that cannot be read, shown on its entry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* How a search language says where its error is: characters (not bytes)
 * from 0, @end exclusive; FALSE when the error has no place. */
typedef gboolean (*DwSearchMistakeSpanFunc) (const GError *error,
                                             guint        *start,
                                             guint        *end);

void dw_search_mistake_show (GtkEntry                *entry,
                             AdwStatusPage           *page,
                             const GError            *error,
                             DwSearchMistakeSpanFunc  get_span);

G_END_DECLS
