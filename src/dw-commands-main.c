/* dw-commands-main.c — the `deckwright-commands` program: every command
 *
 * `deckwright` (main.c) becomes this program for a command it does not
 * run itself; it is installed in libexecdir, not on the PATH.  Linked
 * without GTK or libadwaita; run directly, it does all that `deckwright`
 * does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-cli.h"

int
main (int    argc,
      char **argv)
{
  return dw_cli_main (argc, argv, &dw_cli_all_commands, dw_cli_exec_window);
}
