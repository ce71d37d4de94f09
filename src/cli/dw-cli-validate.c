/* dw-cli-validate.c — deckwright --validate and --list-formats
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dw-cli-private.h"
#include "dw-validate.h"

static gboolean validate;
static gboolean list_formats;

static int
validate_one (DwLibrary  *library,
              const char *path,
              const char *format_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  gboolean legal;
  DwFormat *format;

  deck = dw_deck_load (path, &error);
  if (deck == NULL)
    {
      g_printerr ("deckwright: %s\n", error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }

  format = dw_library_format_for_deck (library, deck, format_id, &error);
  if (format == NULL)
    {
      g_printerr ("deckwright: %s: %s\n", path, error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }

  problems = dw_library_validate_deck (library, deck, format);
  legal = dw_problems_legal (problems);

  g_print ("%s: %s\n", path, legal ? "legal" : "illegal");
  for (guint i = 0; i < problems->len; i++)
    {
      DwProblem *problem = g_ptr_array_index (problems, i);

      g_print ("%s: %s[%s]: %s\n", path,
               dw_severity_to_string (dw_problem_get_severity (problem)),
               dw_problem_get_code (problem),
               dw_problem_get_message (problem));
    }

  return legal ? DW_CLI_EXIT_OK : DW_CLI_EXIT_FAILED;
}

static int
run_validate (DwCliContext *context)
{
  int status = DW_CLI_EXIT_OK;

  if (context->files == NULL || context->files[0] == NULL)
    {
      g_printerr ("deckwright: %s\n", _("--validate needs at least one deck file"));
      return DW_CLI_EXIT_UNREADABLE;
    }
  if (context->format_id != NULL &&
      dw_library_lookup_format (context->library, context->format_id, NULL) == NULL)
    {
      g_printerr (_("deckwright: there is no format “%s”; deckwright --list-formats lists them\n"),
                  context->format_id);
      return DW_CLI_EXIT_UNREADABLE;
    }

  for (guint i = 0; context->files[i]; i++)
    {
      int verdict = validate_one (context->library, context->files[i], context->format_id);

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
    N_("Check each deck against its format and print its problems"), NULL },
  { NULL }
};

static const GOptionEntry list_formats_entries[] = {
  { "list-formats", 0, 0, G_OPTION_ARG_NONE, &list_formats,
    N_("List the formats of every game"), NULL },
  { NULL }
};

const DwCliCommand dw_cli_validate_command = {
  "validate", &validate, validate_entries, run_validate,
};

const DwCliCommand dw_cli_list_formats_command = {
  "list-formats", &list_formats, list_formats_entries, run_list_formats,
};
