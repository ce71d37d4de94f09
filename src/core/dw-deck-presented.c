/* dw-deck-presented.c — the deck presented at a deck check, from a file or a photo
 *
 * Apart from the comparison itself (dw-deck-compare.c): reading a photo
 * or PDF's QR code reaches zbar, poppler and cairo, which a program that
 * only compares decks (the deck library's versions, --find) must not
 * load.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "dw-deck-compare.h"
#include "dw-deck-code.h"
#include "dw-import.h"
#include "dw-qr.h"

/* Whether @path is a photo or scan (PNG, JPEG) or a PDF, by its first
 * bytes, or by its name when it cannot be read. */
gboolean
dw_deck_presented_is_picture (const char *path)
{
  static const char * const suffixes[] = { ".png", ".jpg", ".jpeg", ".pdf", NULL };
  g_autofree char *lower = g_ascii_strdown (path, -1);
  guchar head[4] = { 0 };
  FILE *stream = fopen (path, "rb");

  if (stream != NULL)
    {
      gsize n = fread (head, 1, sizeof head, stream);

      fclose (stream);
      if ((n >= 4 && memcmp (head, "\x89PNG", 4) == 0) || (n >= 3 && memcmp (head, "\xff\xd8\xff", 3) == 0) ||
          (n >= 4 && memcmp (head, "%PDF", 4) == 0))
        return TRUE;
    }
  for (guint i = 0; suffixes[i] != NULL; i++)
    if (g_str_has_suffix (lower, suffixes[i]))
      return TRUE;
  return FALSE;
}

/* The deck presented at a deck check, for @game: a photo or scan of a
 * registration sheet (or the sheet's PDF) whose QR code holds its deck
 * code, or any file dw_import reads (a code pasted into a file too). */
DwDeck *
dw_deck_presented_load (DwLibrary   *library,
                        const char  *path,
                        DwGame      *game,
                        GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(DwDeck) deck = NULL;
  DwGame *deck_game;

  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  if (!dw_deck_presented_is_picture (path))
    return dw_import_deck_file (library, path, DW_IMPORT_AUTO, game, NULL, error);

  text = dw_qr_scan_file (path, error);
  if (text == NULL)
    return NULL;
  if (!dw_deck_code_looks_like (text, strlen (text)))
    {
      g_set_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_MALFORMED,
                   _("%s: its QR code holds no deck code; scan the code on the registration sheet"),
                   path);
      return NULL;
    }
  deck = dw_deck_code_decode (library, text, &local_error);
  if (deck == NULL)
    {
      g_set_error (error, local_error->domain, local_error->code, _("%s: the QR code's deck code: %s"),
                   path, local_error->message);
      return NULL;
    }
  deck_game = dw_library_lookup_game (library, dw_deck_get_game_id (deck));
  if (game != NULL && deck_game != game)
    {
      g_set_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_WRONG_GAME, _("%s: the deck is for %s, not %s"),
                   path, deck_game ? dw_game_get_name (deck_game) : dw_deck_get_game_id (deck),
                   dw_game_get_name (game));
      return NULL;
    }
  return g_steal_pointer (&deck);
}
