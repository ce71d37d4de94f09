/* dw-window-main.c — the `deckwright-window` program: the application
 *
 * `deckwright` (main.c) becomes this program when it opens a window; it
 * is installed in libexecdir, not on the PATH.  Run directly, it does
 * all that `deckwright` does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-application.h"
#include "dw-cli.h"

static int
run_application (int    argc,
                 char **argv)
{
  g_autoptr(DwApplication) app = dw_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}

int
main (int    argc,
      char **argv)
{
  return dw_cli_main (argc, argv, &dw_cli_all_commands, run_application);
}
