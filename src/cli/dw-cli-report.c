/* dw-cli-report.c — deckwright --report csv|json|pdf, and the event --validate reads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dw-cli-private.h"
#include "dw-event-report.h"

static gboolean report_selected;
static DwEventReportKind report_kind;

/* Kept until the process ends: freeing 10,000 decks one object at a
 * time would cost an organiser a fifth of the run for nothing. */
static DwEvent *event;

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

/* Reads every file and folder named on the command line into an event
 * judged under --format (or each deck's own), keeping the cards the
 * decks bring with --with-cards.  NULL with *@status set when the
 * arguments are wrong; a file that cannot be read is an entry. */
DwEvent *
dw_cli_event_new (DwCliContext *context,
                  int          *status)
{
  g_autofree char *cards = NULL;

  *status = DW_CLI_EXIT_OK;
  if (context->files == NULL || context->files[0] == NULL)
    {
      g_printerr ("deckwright: %s\n", _("name at least one deck file or folder of decks"));
      *status = DW_CLI_EXIT_UNREADABLE;
      return NULL;
    }
  if (context->format_id != NULL &&
      dw_library_lookup_format (context->library, context->format_id, NULL) == NULL)
    {
      g_printerr (_("deckwright: there is no format “%s”; deckwright --list-formats lists them\n"),
                  context->format_id);
      *status = DW_CLI_EXIT_UNREADABLE;
      return NULL;
    }

  g_clear_object (&event);
  event = dw_event_new (context->library);
  dw_event_set_format_id (event, context->format_id);
  for (guint i = 0; context->files[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!g_file_test (context->files[i], G_FILE_TEST_IS_DIR))
        dw_event_add_file (event, context->files[i]);
      else if (dw_event_add_folder (event, context->files[i], &error) == 0 && error != NULL)
        {
          g_printerr ("deckwright: %s\n", error->message);
          *status = DW_CLI_EXIT_UNREADABLE;
        }
    }

  if (context->with_cards)
    {
      g_autoptr(GError) error = NULL;
      guint kept;

      cards = g_build_filename (dw_library_get_user_dir (), "cards", NULL);
      kept = dw_event_keep_brought_cards (event, cards, &error);
      if (error != NULL)
        {
          g_printerr ("deckwright: %s\n", error->message);
          *status = DW_CLI_EXIT_UNREADABLE;
        }
      else if (kept > 0)
        g_printerr (g_dngettext (GETTEXT_PACKAGE,
                                 "deckwright: %u card the decks brought is kept in %s\n",
                                 "deckwright: %u cards the decks brought are kept in %s\n", kept),
                    kept, cards);
    }
  return event;
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
