/* dw-event-report.h — an event's report (CSV, JSON, PDF) and its sheets in one PDF
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-event.h"
#include "dw-sheet.h"

G_BEGIN_DECLS

typedef enum
{
  DW_EVENT_REPORT_CSV,
  DW_EVENT_REPORT_JSON,
  DW_EVENT_REPORT_PDF,
} DwEventReportKind;

gboolean  dw_event_report_kind_from_string  (const char         *name,
                                             DwEventReportKind  *kind);

char     *dw_event_report_csv               (DwEvent            *event);
char     *dw_event_report_json              (DwEvent            *event);
gboolean  dw_event_report_save              (DwEvent            *event,
                                             DwEventReportKind   kind,
                                             const char         *path,
                                             DwPaper             paper,
                                             GError            **error);
gboolean  dw_event_save_sheets_pdf          (DwEvent            *event,
                                             const char         *path,
                                             DwPaper             paper,
                                             GError            **error);

G_END_DECLS
