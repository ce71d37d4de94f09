/* dw-cli-quick-commands.c — the commands `deckwright` runs itself
 *
 * Those a script runs over many decks, where the start of the process is
 * much of the time (issue 22: --find within 1.5× of grep): checking
 * decks, and the deck library's.
 * They reach neither the card painter nor printing, images, PDF, QR codes
 * or backups, so `deckwright`, linked with this list alone, loads none of
 * cairo, Pango, poppler, libsoup, zbar, qrencode or libarchive
 * (tests/test-cli.c, the /cli/program/ tests, check).  Every other command goes to
 * `deckwright-commands` (dw_cli_main()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-cli-private.h"

/* In the order --help shows them, as in dw-cli-commands.c. */
static const DwCliCommand * const quick[] = {
  &dw_cli_validate_command,
  &dw_cli_list_formats_command,
  &dw_cli_library_command,
  &dw_cli_find_command,
  &dw_cli_history_command,
  &dw_cli_restore_command,
};

const DwCliCommands dw_cli_quick_commands = { quick, G_N_ELEMENTS (quick), FALSE };
