/* deckwright-doc.c — writes deckwright.1 or the bash completion at build time
 *
 * usage: deckwright-doc man|bash-completion > FILE
 *
 * Both come from the command line's own option tables (dw-cli-doc.c), in
 * English: no locale is set.  Not installed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "dw-cli-private.h"

int
main (int    argc,
      char **argv)
{
  g_autofree char *text = NULL;

  if (argc == 2 && strcmp (argv[1], "man") == 0)
    text = dw_cli_man_page ();
  else if (argc == 2 && strcmp (argv[1], "bash-completion") == 0)
    text = dw_cli_bash_completion ();
  else
    {
      fprintf (stderr, "usage: %s man|bash-completion\n", argv[0]);
      return 2;
    }
  fputs (text, stdout);
  return fflush (stdout) == 0 && !ferror (stdout) ? 0 : 1;
}
