/* dw-deck-save.c — saving a deck, which in a deck library keeps a version
 *
 * Above the deck and the exports (dw-deck.c and dw-export.c write the
 * text) and the version store (dw-deck-versions.c keeps what a save
 * replaces), so that none of them calls another in a circle: the deck and
 * its writers stay at the bottom of the core.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-deck.h"
#include "dw-deck-private.h"
#include "dw-deck-versions.h"
#include "dw-export.h"

/* Saves atomically, legal or not: a failure leaves the old file whole. */
gboolean
dw_deck_save (DwDeck      *self,
              const char  *path,
              GError     **error)
{
  g_return_val_if_fail (DW_IS_DECK (self), FALSE);

  if (!dw_deck_save_copy (self, path, error))
    return FALSE;

  dw_deck_set_path (self, path);
  return TRUE;
}

/* Writes the deck to @path (atomically) without making @path its file:
 * for autosaves and exports of the deck as it is. */
gboolean
dw_deck_save_copy (DwDeck      *self,
                   const char  *path,
                   GError     **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (DW_IS_DECK (self), FALSE);

  text = dw_deck_to_string (self);
  /* In a deck library, what the save replaces is kept as a version. */
  return dw_deck_versions_save_file (path, text, -1, error);
}

/* Writes atomically, so a failed export never leaves half a file. */
gboolean
dw_export_save (DwDeck        *deck,
                DwGame        *game,
                DwExportKind   kind,
                const char    *path,
                GError       **error)
{
  g_autofree char *text = dw_export_to_string (deck, game, kind, error);

  if (text == NULL)
    return FALSE;
  /* Every kind written here is a deck file: in a deck library, what it
   * replaces is kept as a version. */
  return dw_deck_versions_save_file (path, text, -1, error);
}
