/* dw-cli-commands.c — every command, for `deckwright-commands` and the window's program
 *
 * Its own file, apart from dw-cli-quick-commands.c: a program linked with
 * this list links every command and every library they use.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-cli-private.h"

/* In the order --help shows them, area by area. */
static const DwCliCommand * const all[] = {
  &dw_cli_validate_command,
  &dw_cli_report_command,
  &dw_cli_list_formats_command,
  &dw_cli_export_command,
  &dw_cli_import_command,
  &dw_cli_import_cards_command,
  &dw_cli_playtest_command,
  &dw_cli_stats_command,
  &dw_cli_sample_hands_command,
  &dw_cli_fetch_images_command,
  &dw_cli_print_cards_command,
  &dw_cli_library_command,
  &dw_cli_find_command,
  &dw_cli_history_command,
  &dw_cli_restore_command,
};

const DwCliCommands dw_cli_all_commands = { all, G_N_ELEMENTS (all), TRUE };
