/* dw-cli-validate.c — deckwright --validate and --list-formats
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dw-cli-private.h"
#include "dw-event.h"
#include "dw-validate.h"

static gboolean validate;
static gboolean list_formats;

static int
print_entry (DwEventEntry *entry)
{
  const char *path = dw_event_entry_get_path (entry);
  GPtrArray *problems = dw_event_entry_get_problems (entry);

  if (dw_event_entry_get_verdict (entry) == DW_EVENT_VERDICT_UNREADABLE)
    {
      /* The import's messages name the file; a format's do not. */
      if (dw_event_entry_get_deck (entry) == NULL)
        g_printerr ("deckwright: %s\n", dw_event_entry_get_error (entry));
      else
        g_printerr ("deckwright: %s: %s\n", path, dw_event_entry_get_error (entry));
      return DW_CLI_EXIT_UNREADABLE;
    }

  g_print ("%s: %s\n", path, dw_event_entry_get_legal (entry) ? "legal" : "illegal");
  for (guint i = 0; i < problems->len; i++)
    {
      DwProblem *problem = g_ptr_array_index (problems, i);

      g_print ("%s: %s[%s]: %s\n", path,
               dw_severity_to_string (dw_problem_get_severity (problem)),
               dw_problem_get_code (problem),
               dw_problem_get_message (problem));
    }

  return dw_event_entry_get_legal (entry) ? DW_CLI_EXIT_OK : DW_CLI_EXIT_FAILED;
}

/* Every deck named, and every deck of every folder named, in any format
 * deckwright --import reads. */
static int
run_validate (DwCliContext *context)
{
  int status = DW_CLI_EXIT_OK;
  DwEvent *event = dw_cli_event_new (context, &status);

  if (event == NULL)
    return status;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (event)); i++)
    {
      g_autoptr(DwEventEntry) entry = g_list_model_get_item (G_LIST_MODEL (event), i);
      int verdict = print_entry (entry);

      status = MAX (status, verdict);
    }

  return status;
}

static int
run_list_formats (DwCliContext *context)
{
  GListModel *games = dw_library_get_games (context->library);

  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr(DwGame) game = g_list_model_get_item (games, i);
      GListModel *formats = dw_game_get_formats (game);
      DwFormat *default_format = dw_game_get_default_format (game);

      for (guint j = 0; j < g_list_model_get_n_items (formats); j++)
        {
          g_autoptr(DwFormat) format = g_list_model_get_item (formats, j);

          g_print ("%-16s %-10s %s%s\n",
                   dw_format_get_id (format),
                   dw_game_get_id (game),
                   dw_format_get_name (format),
                   format == default_format ? _(" (default)") : "");
        }
    }

  return DW_CLI_EXIT_OK;
}

static const GOptionEntry validate_entries[] = {
  { "validate", 0, 0, G_OPTION_ARG_NONE, &validate,
    N_("Check each DECK or FOLDER given (any kind --import reads) against its format and print "
       "its problems"), NULL },
  { NULL }
};

static const GOptionEntry list_formats_entries[] = {
  { "list-formats", 0, 0, G_OPTION_ARG_NONE, &list_formats,
    N_("List the formats of every game"), NULL },
  { NULL }
};

const DwCliCommand dw_cli_validate_command = {
  "validate", DW_CLI_AREA_CHECKING, &validate, validate_entries, run_validate, TRUE,
};

const DwCliCommand dw_cli_list_formats_command = {
  "list-formats", DW_CLI_AREA_CHECKING, &list_formats, list_formats_entries, run_list_formats, TRUE,
};
