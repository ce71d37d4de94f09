/* main.c — the `deckwright` program
 *
 * Runs the commands a script runs over many decks itself (--validate,
 * --library, --find…: dw-cli-quick-commands.c), and links only what they
 * need: no GTK or libadwaita, and none of the card painter's, printing's,
 * images' or backups' libraries (cairo, Pango, poppler, libsoup, zbar,
 * qrencode, libarchive), which the dynamic loader would map and relocate
 * before a script's answer (docs/library.md "Speed" has the numbers).  Any other
 * command it leaves to `deckwright-commands`, and a window to
 * `deckwright-window` (src/cli/dw-cli-main.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-cli.h"

int
main (int    argc,
      char **argv)
{
  return dw_cli_main (argc, argv, &dw_cli_quick_commands, dw_cli_exec_window);
}
