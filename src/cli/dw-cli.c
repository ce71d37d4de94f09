/* dw-cli.c — the command line, for tournament organisers and scripts
 *
 * Runs entirely on src/core: no GTK is initialised and no display is
 * needed.  Exit status: 0 when every deck is legal, 1 when any is
 * illegal, 2 when an input cannot be read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-cli.h"
#include "dw-library.h"
#include "dw-validate.h"

enum {
  EXIT_LEGAL = 0,
  EXIT_ILLEGAL = 1,
  EXIT_UNREADABLE = 2,
};

static const char * const commands[] = {
  "--validate",
  "--list-formats",
  NULL,
};

/* TRUE when the arguments ask for a command rather than the window. */
gboolean
dw_cli_wants (int    argc,
              char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--") == 0)
        break;
      for (guint j = 0; commands[j]; j++)
        if (strcmp (argv[i], commands[j]) == 0)
          return TRUE;
    }
  return FALSE;
}

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
      return EXIT_UNREADABLE;
    }

  format = dw_library_format_for_deck (library, deck, format_id, &error);
  if (format == NULL)
    {
      g_printerr ("deckwright: %s: %s\n", path, error->message);
      return EXIT_UNREADABLE;
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

  return legal ? EXIT_LEGAL : EXIT_ILLEGAL;
}

static void
list_formats (DwLibrary *library)
{
  GListModel *games = dw_library_get_games (library);

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
}

int
dw_cli_run (int    argc,
            char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(DwLibrary) library = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) dbs = NULL;
  g_auto(GStrv) files = NULL;
  g_autofree char *format_id = NULL;
  gboolean validate = FALSE;
  gboolean formats = FALSE;
  GPtrArray *load_errors;
  int status = EXIT_LEGAL;
  const GOptionEntry entries[] = {
    { "validate", 0, 0, G_OPTION_ARG_NONE, &validate,
      N_("Check each deck against its format and print its problems"), NULL },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_id,
      N_("Check against this format instead of the deck's own"), N_("ID") },
    { "list-formats", 0, 0, G_OPTION_ARG_NONE, &formats,
      N_("List the formats of every game"), NULL },
    { "db", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &dbs,
      N_("Load this card database too (repeatable)"), N_("FILE") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("DECK…") },
    { NULL }
  };

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context, _("Build, check and playtest Arcmage and Coraabia decks."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("deckwright: %s\n", error->message);
      return EXIT_UNREADABLE;
    }

  library = dw_library_new ();
  if (!dw_library_load_defaults (library, &error))
    {
      g_printerr ("deckwright: %s\n", error->message);
      return EXIT_UNREADABLE;
    }

  /* A broken user file must not stop the organiser's run; say so. */
  load_errors = dw_library_get_load_errors (library);
  for (guint i = 0; i < load_errors->len; i++)
    g_printerr ("deckwright: warning: %s\n", ((GError *) g_ptr_array_index (load_errors, i))->message);

  for (guint i = 0; dbs && dbs[i]; i++)
    if (dw_library_add_card_db_file (library, dbs[i], &error) == NULL)
      {
        g_printerr ("deckwright: %s\n", error->message);
        return EXIT_UNREADABLE;
      }

  if (formats)
    list_formats (library);

  if (validate)
    {
      if (files == NULL || files[0] == NULL)
        {
          g_printerr ("deckwright: %s\n", _("--validate needs at least one deck file"));
          return EXIT_UNREADABLE;
        }
      if (format_id != NULL && dw_library_lookup_format (library, format_id, NULL) == NULL)
        {
          g_printerr (_("deckwright: there is no format “%s”; deckwright --list-formats lists them\n"),
                      format_id);
          return EXIT_UNREADABLE;
        }

      for (guint i = 0; files[i]; i++)
        {
          int verdict = validate_one (library, files[i], format_id);

          status = MAX (status, verdict);
        }
    }

  return status;
}
