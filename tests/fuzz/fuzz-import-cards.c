/* fuzz-import-cards.c — Arcmage's web API card JSON into a card database
 *
 * The import writes XML and reads it back: that either fails with an
 * error (a City without HP) or gives a database holding every card.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-import-cards.h"
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  DwGame *game = dw_library_lookup_game (dw_fuzz_library (), "arcmage");
  g_autoptr(DwCardImport) import = dw_card_import_new (game);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = NULL;

  if (!dw_card_import_add_data (import, (const char *) data, size, "fuzz.json", &error))
    {
      dw_fuzz_check (error != NULL && error->message != NULL, "a failed import sets an error", NULL);
      return 0;
    }

  db = dw_card_import_finish (import, &error);
  if (db == NULL)
    {
      dw_fuzz_check (error != NULL && error->message != NULL, "a failed import sets an error", NULL);
      return 0;
    }
  dw_fuzz_check (g_list_model_get_n_items (G_LIST_MODEL (db)) == dw_card_import_get_n_cards (import),
                 "every imported card is in the database", NULL);

  return 0;
}
