/* fuzz-action.c — the table's action language
 *
 * The first eight bytes are the table's seed; the rest is a script, one
 * action a line, read with the verbs of an Arcmage table dealt from a
 * shipped deck, and then played on that table.  Beyond not crashing: a
 * rejected action changes nothing (DESIGN.md §6), undo walks back to the
 * table as it was dealt, and a table saves into a file that loads.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-table.h"
#include "fuzz-common.h"

/* Enough for a few turns; a longer script finds nothing new, slower. */
#define MAX_ACTIONS 64

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  static DwDeck *deck;
  DwLibrary *library = dw_fuzz_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(DwTable) table = NULL;
  g_autoptr(DwTable) reloaded = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  g_autofree char *dealt = NULL;
  g_autofree char *saved = NULL;
  guint64 seed = 0;

  if (deck == NULL)
    {
      g_autofree char *path = g_build_filename (DW_FUZZ_SOURCE_ROOT, "data", "decks",
                                                "orc-green-wall.xml", NULL);

      deck = dw_deck_load (path, &error);
      dw_fuzz_check (deck != NULL, "the shipped deck loads", error ? error->message : NULL);
      dw_library_resolve_deck (library, deck);
    }

  if (size < sizeof seed)
    return 0;
  memcpy (&seed, data, sizeof seed);

  table = dw_table_new (library, deck, NULL, seed, &error);
  dw_fuzz_check (table != NULL, "a table deals the shipped deck", error ? error->message : NULL);
  dealt = dw_table_describe (table);

  actions = dw_table_parse_script (table, (const char *) data + sizeof seed, size - sizeof seed,
                                   "fuzz.txt", &error);
  if (actions == NULL)
    {
      dw_fuzz_check (error != NULL && error->message != NULL, "a refused script sets an error", NULL);
      return 0;
    }

  for (guint i = 0; i < actions->len && i < MAX_ACTIONS; i++)
    {
      const DwAction *action = g_ptr_array_index (actions, i);
      g_autofree char *before = dw_table_describe (table);
      g_autofree char *effects = NULL;
      guint n_log = dw_table_get_n_log (table);

      if (!dw_table_perform (table, action, &effects, &error))
        {
          g_autofree char *after = dw_table_describe (table);

          dw_fuzz_check (error != NULL && error->message != NULL, "a rejected action says why", NULL);
          dw_fuzz_check (dw_table_get_n_log (table) == n_log && g_str_equal (before, after),
                         "a rejected action changes nothing", action->text);
          g_clear_error (&error);
        }
    }

  saved = dw_table_to_string (table);
  reloaded = dw_table_load_data (library, saved, strlen (saved), "saved.xml", &error);
  dw_fuzz_check (reloaded != NULL, "a table saves into a file that loads",
                 error ? error->message : saved);

  while (dw_table_can_undo (table))
    {
      dw_fuzz_check (dw_table_undo (table, NULL, &error), "what can be undone is undone",
                     error ? error->message : NULL);
    }
  {
    g_autofree char *undone = dw_table_describe (table);

    dw_fuzz_check (g_str_equal (dealt, undone), "undoing everything gives the table as dealt", undone);
  }

  return 0;
}
