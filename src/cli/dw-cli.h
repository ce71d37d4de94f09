/* dw-cli.h — the command line: every option, --help and the commands (no display needed)
 *
 * Three programs share it (src/meson.build): `deckwright`, which runs the
 * commands that need neither the card painter nor printing, images,
 * PDF, QR codes or backups, and so loads none of their libraries;
 * `deckwright-commands`, which runs every command; and
 * `deckwright-window`, the application.  Each is a dw_cli_main() with its
 * list of commands and its way to open a window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A list of commands a program runs itself (dw-cli-commands.c). */
typedef struct _DwCliCommands DwCliCommands;

/* Every command. */
extern const DwCliCommands dw_cli_all_commands;
/* What `deckwright` runs itself: --validate, --library, --find… */
extern const DwCliCommands dw_cli_quick_commands;

/* Opens the window on what the arguments name; returns the exit status. */
typedef int (*DwCliWindowFunc) (int    argc,
                                char **argv);

/* What dw_cli_run() returns when @commands lacks the command asked for. */
#define DW_CLI_NOT_HERE (-1)

/* A program's main(): sets up the locale and the translations, then runs
 * a command from @commands, or has `deckwright-commands` run one it
 * lacks, or opens the window through @open_window. */
int      dw_cli_main        (int                   argc,
                             char                **argv,
                             const DwCliCommands  *commands,
                             DwCliWindowFunc       open_window);
/* An @open_window for the programs that are not the application: becomes
 * `deckwright-window`.  Returns only to say it could not (status 2). */
int      dw_cli_exec_window (int                   argc,
                             char                **argv);

gboolean dw_cli_wants       (int                   argc,
                             char                **argv);
int      dw_cli_run         (const DwCliCommands  *commands,
                             int                   argc,
                             char                **argv);

G_END_DECLS
