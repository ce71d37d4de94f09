/* dw-cli.h — the command line: every option, --help and the commands (no display needed)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean dw_cli_wants (int    argc,
                       char **argv);
int      dw_cli_run   (int    argc,
                       char **argv);

G_END_DECLS
