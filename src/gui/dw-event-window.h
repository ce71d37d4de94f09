/* dw-event-window.h — the organiser's desk: every decklist of an event
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dw-event.h"
#include "dw-library.h"

G_BEGIN_DECLS

#define DW_TYPE_EVENT_WINDOW (dw_event_window_get_type ())
G_DECLARE_FINAL_TYPE (DwEventWindow, dw_event_window, DW, EVENT_WINDOW, AdwApplicationWindow)

DwEventWindow *dw_event_window_new            (GtkApplication  *application,
                                               DwLibrary       *library);
DwEvent       *dw_event_window_get_event      (DwEventWindow   *self);
GListModel    *dw_event_window_get_shown      (DwEventWindow   *self);
void           dw_event_window_add_files      (DwEventWindow   *self,
                                               GFile          **files,
                                               guint            n_files);
void           dw_event_window_filter         (DwEventWindow   *self,
                                               const char      *text,
                                               int              verdict);
void           dw_event_window_sort_by        (DwEventWindow   *self,
                                               const char      *property,
                                               GtkSortType      order);
gboolean       dw_event_window_select         (DwEventWindow   *self,
                                               guint            position);
char          *dw_event_window_get_details    (DwEventWindow   *self);
char          *dw_event_window_compare_file   (DwEventWindow   *self,
                                               GFile           *presented,
                                               GError         **error);
char          *dw_event_window_compare_text   (DwEventWindow   *self,
                                               const char      *text,
                                               GError         **error);
gboolean       dw_event_window_export         (DwEventWindow   *self,
                                               const char      *kind,
                                               GFile           *file,
                                               GError         **error);
const char    *dw_event_window_get_last_message (DwEventWindow *self);

G_END_DECLS
