/* main.c — the `deckwright` program
 *
 * A command (--validate, --find, …) runs here on src/core, src/table and
 * src/cli, and this program links only what those need: no GTK or
 * libadwaita to load and relocate before a script's answer (the dynamic
 * loader took a fifth of a warm `--find` over 10,000 decks;
 * docs/library.md has the numbers).  Anything else opens a window, which
 * the program `deckwright-window` (dw-window-main.c, linked with the
 * whole application) does: this process becomes it (execv), with the
 * same arguments, environment and process id.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dw-cli.h"

#define WINDOW_PROGRAM "deckwright-window"

/* Beside this program when it runs from the build folder, else where
 * `meson install` put it.  NULL when neither is there. */
static char *
window_program (void)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  char *path;

  if (self != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (self);

      path = g_build_filename (dir, WINDOW_PROGRAM, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
        return path;
      g_free (path);
    }
  path = g_build_filename (LIBEXECDIR, WINDOW_PROGRAM, NULL);
  if (g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
    return path;
  g_free (path);
  return NULL;
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *window = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* Commands run on the core alone, with no display. */
  if (dw_cli_wants (argc, argv))
    return dw_cli_run (argc, argv);

  window = window_program ();
  if (window != NULL)
    execv (window, argv);
  /* TRANSLATORS: %s is where the window's program was looked for */
  g_printerr (_("deckwright: cannot open a window: %s: %s; reinstall Deckwright\n"),
              window != NULL ? window : LIBEXECDIR "/" WINDOW_PROGRAM,
              g_strerror (window != NULL ? errno : ENOENT));
  return 2;
}
