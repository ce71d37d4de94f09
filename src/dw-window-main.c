/* dw-window-main.c — the `deckwright-window` program: the application
 *
 * `deckwright` (main.c) becomes this program when it opens a window; it
 * is installed in libexecdir, not on the PATH.  Run directly, it does
 * all that `deckwright` does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "dw-application.h"
#include "dw-cli.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(DwApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* Commands run on the core alone, with no display. */
  if (dw_cli_wants (argc, argv))
    return dw_cli_run (argc, argv);

  app = dw_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
