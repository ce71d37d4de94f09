/* dw-cli-report.c — deckwright --report csv|json|pdf
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dw-cli-private.h"
#include "dw-event-report.h"

static gboolean report_selected;
static DwEventReportKind report_kind;

static gboolean
on_report_option_cb (const char  *option_name,
                     const char  *value,
                     gpointer     data,
                     GError     **error)
{
  if (!dw_event_report_kind_from_string (value, &report_kind))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--report takes csv, json or pdf, not “%s”"), value);
      return FALSE;
    }
  report_selected = TRUE;
  return TRUE;
}

/* 0 when every deck is legal, 1 when one is not, 2 when one cannot be
 * read: as --validate. */
static int
event_status (DwEvent *self)
{
  if (dw_event_count_verdict (self, DW_EVENT_VERDICT_UNREADABLE) > 0)
    return DW_CLI_EXIT_UNREADABLE;
  if (dw_event_count_verdict (self, DW_EVENT_VERDICT_ILLEGAL) > 0)
    return DW_CLI_EXIT_FAILED;
  return DW_CLI_EXIT_OK;
}

static int
run_report (DwCliContext *context)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  int status = DW_CLI_EXIT_OK;
  DwEvent *report_event;

  if (report_kind == DW_EVENT_REPORT_PDF && context->output == NULL)
    {
      g_printerr ("deckwright: %s\n", _("--report pdf needs --output FILE"));
      return DW_CLI_EXIT_UNREADABLE;
    }
  report_event = dw_cli_event_new (context, &status);
  if (report_event == NULL)
    return status;

  if (context->output != NULL)
    {
      if (!dw_event_report_save (report_event, report_kind, context->output,
                                 dw_paper_get_default (), &error))
        {
          g_printerr ("deckwright: %s\n", error->message);
          return DW_CLI_EXIT_UNREADABLE;
        }
    }
  else
    {
      text = report_kind == DW_EVENT_REPORT_JSON ? dw_event_report_json (report_event)
                                                 : dw_event_report_csv (report_event);
      g_print ("%s", text);
    }
  return MAX (status, (int) event_status (report_event));
}

static const GOptionEntry report_entries[] = {
  { "report", 0, 0, G_OPTION_ARG_CALLBACK, on_report_option_cb,
    N_("Check each DECK or FOLDER given and write one row per deck: csv, json or pdf"),
    "csv|json|pdf" },
  { NULL }
};

const DwCliCommand dw_cli_report_command = {
  "report", DW_CLI_AREA_CHECKING, &report_selected, report_entries, run_report,
};
