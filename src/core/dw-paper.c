/* dw-paper.c — the paper a sheet or a print is laid out for
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#if defined(__has_include)
#if __has_include(<langinfo.h>)
#include <langinfo.h>
#define DW_HAVE_LANGINFO 1
#endif
#endif

#include "dw-sheet.h"

gboolean
dw_paper_from_string (const char *name,
                      DwPaper    *paper)
{
  if (g_ascii_strcasecmp (name, "a4") == 0)
    *paper = DW_PAPER_A4;
  else if (g_ascii_strcasecmp (name, "letter") == 0)
    *paper = DW_PAPER_LETTER;
  else
    return FALSE;
  return TRUE;
}

const char *
dw_paper_to_string (DwPaper paper)
{
  return paper == DW_PAPER_LETTER ? "letter" : "a4";
}

/* The size in points: A4 is 210 × 297 mm, Letter 8.5 × 11 in. */
void
dw_paper_get_size (DwPaper  paper,
                   double  *width,
                   double  *height)
{
  if (paper == DW_PAPER_LETTER)
    {
      *width = 612;
      *height = 792;
    }
  else
    {
      *width = 210 / 25.4 * 72;
      *height = 297 / 25.4 * 72;
    }
}

/* The paper of the user's locale (LC_PAPER): Letter where it is 279 mm
 * tall, else A4.  The GUI keeps its own choice in GSettings. */
DwPaper
dw_paper_get_default (void)
{
#if defined(DW_HAVE_LANGINFO) && defined(_NL_PAPER_HEIGHT)
  int height = (int) (gintptr) nl_langinfo (_NL_PAPER_HEIGHT);

  if (height == 279)
    return DW_PAPER_LETTER;
#endif
  return DW_PAPER_A4;
}
