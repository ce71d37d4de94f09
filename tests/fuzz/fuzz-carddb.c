/* fuzz-carddb.c — card databases (urn:deckwright:carddb:1)
 *
 * Any input either fails with an error or loads; what loads must save,
 * load again and save to the same text (DESIGN.md §4: loading then saving
 * keeps everything).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = NULL;
  g_autoptr(DwCardDb) again = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *saved_again = NULL;

  db = dw_card_db_load_data ((const char *) data, size, "fuzz.xml",
                             dw_fuzz_lookup_game_cb, NULL, &error);
  if (db == NULL)
    {
      dw_fuzz_check (error != NULL && error->message != NULL, "a failed load sets an error", NULL);
      return 0;
    }

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (db)); i++)
    {
      g_autoptr(DwCard) card = g_list_model_get_item (G_LIST_MODEL (db), i);

      dw_fuzz_check (dw_card_db_lookup_id (db, dw_card_get_id (card)) == card,
                     "every card is found by its id", dw_card_get_id (card));
      dw_fuzz_check (dw_card_db_lookup_name (db, dw_card_get_name (card)) != NULL,
                     "every card is found by its name", dw_card_get_name (card));
    }

  saved = dw_card_db_to_string (db);
  again = dw_card_db_load_data (saved, strlen (saved), "saved.xml",
                                dw_fuzz_lookup_game_cb, NULL, &error);
  dw_fuzz_check (again != NULL, "a loaded database saves into one that loads",
                 error ? error->message : NULL);
  saved_again = dw_card_db_to_string (again);
  dw_fuzz_check (g_str_equal (saved, saved_again), "saving is stable", saved_again);

  return 0;
}
