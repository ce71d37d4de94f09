/* dw-cli-main.c — what the main() of every program of Deckwright does
 *
 *   deckwright           (src/main.c)            the commands of dw_cli_quick_commands;
 *                                                 the others through deckwright-commands
 *   deckwright-commands  (src/dw-commands-main.c) every command
 *   deckwright-window    (src/dw-window-main.c)   every command, and the application
 *
 * The last two are installed in libexecdir, not on the PATH; each runs,
 * from the build folder, the one beside it.  A program becomes another
 * (execv) with the same arguments, environment and process id, so a
 * script sees one `deckwright` whichever runs its command.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <locale.h>
#include <unistd.h>

#include "dw-cli-private.h"

#define COMMANDS_PROGRAM "deckwright-commands"
#define WINDOW_PROGRAM   "deckwright-window"

/* @name beside this program when it runs from the build folder, else
 * where `meson install` put it; NULL when neither is there. */
static char *
find_program (const char *name)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  char *path;

  if (self != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (self);

      path = g_build_filename (dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
        return path;
      g_free (path);
    }
  path = g_build_filename (LIBEXECDIR, name, NULL);
  if (g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
    return path;
  g_free (path);
  return NULL;
}

/* Becomes the program @name.  Returns only when it could not: where
 * it was looked for, in @tried, and why it failed, as an errno. */
static int
exec_program (const char  *name,
              char       **argv,
              char       **tried)
{
  g_autofree char *program = find_program (name);

  if (program == NULL)
    {
      *tried = g_build_filename (LIBEXECDIR, name, NULL);
      return ENOENT;
    }
  execv (program, argv);
  *tried = g_steal_pointer (&program);
  return errno;
}

int
dw_cli_exec_window (int    argc,
                    char **argv)
{
  g_autofree char *tried = NULL;
  int error_number = exec_program (WINDOW_PROGRAM, argv, &tried);

  /* TRANSLATORS: %s is where the window's program was looked for */
  g_printerr (_("deckwright: cannot open a window: %s: %s; reinstall Deckwright\n"), tried,
              g_strerror (error_number));
  return DW_CLI_EXIT_UNREADABLE;
}

int
dw_cli_main (int                  argc,
             char               **argv,
             const DwCliCommands *commands,
             DwCliWindowFunc      open_window)
{
  g_autofree char *tried = NULL;
  int error_number;
  int status;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* Any option is the command line's: it runs with no display. */
  if (!dw_cli_wants (argc, argv))
    return open_window (argc, argv);
  status = dw_cli_run (commands, argc, argv);
  if (status != DW_CLI_NOT_HERE)
    return status;

  error_number = exec_program (COMMANDS_PROGRAM, argv, &tried);
  /* TRANSLATORS: %s is where the program that runs the commands was looked for */
  g_printerr (_("deckwright: cannot run this command: %s: %s; reinstall Deckwright\n"), tried,
              g_strerror (error_number));
  return DW_CLI_EXIT_UNREADABLE;
}
