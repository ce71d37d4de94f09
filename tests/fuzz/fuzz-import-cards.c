/* fuzz-import-cards.c — Arcmage's web API card JSON into a card database
 *
 * The import writes XML and reads it back: that either fails with an
 * error (a City without HP) or gives a database holding every card,
 * which saved opens again as the same database.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

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
  g_autoptr(DwCardDb) again = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *saved_again = NULL;

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

  /* What --import-cards saves opens again as the same database. */
  saved = dw_card_db_to_string (db);
  again = dw_card_db_load_data (saved, strlen (saved), "saved.xml",
                                dw_fuzz_lookup_game_cb, NULL, &error);
  dw_fuzz_check (again != NULL, "an imported database saves into one that loads",
                 error ? error->message : NULL);
  saved_again = dw_card_db_to_string (again);
  dw_fuzz_check (g_str_equal (saved, saved_again), "an imported database opens again the same",
                 saved_again);

  return 0;
}
