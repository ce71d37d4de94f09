/* fuzz-import.c — the deck importers: plain text, CSV, Cockatrice .cod and
 * Arcmage deck JSON
 *
 * Built once per kind (DW_FUZZ_IMPORT_KIND), so each importer gets a
 * fuzzer of its own.  What imports must validate and save as a deck that
 * opens again as the same deck.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-import.h"
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  DwLibrary *library = dw_fuzz_library ();
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(DwDeck) again = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *saved_again = NULL;
  DwFormat *format;

  deck = dw_import_deck_data (library, (const char *) data, size, "fuzz-input",
                              DW_FUZZ_IMPORT_KIND, NULL, warnings, &error);
  if (deck == NULL)
    {
      dw_fuzz_check (error != NULL && error->message != NULL, "a failed import sets an error", NULL);
      /* The importer's own check caught a deck that would not open
       * again: a bug it kept from the disk, but a bug. */
      dw_fuzz_check (!g_error_matches (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_NOT_KEPT),
                     "an imported deck opens again as the same deck", error->message);
      return 0;
    }

  for (guint i = 0; i < warnings->len; i++)
    dw_fuzz_check (g_utf8_validate (g_ptr_array_index (warnings, i), -1, NULL),
                   "warnings are UTF-8", NULL);

  format = dw_library_format_for_deck (library, deck, NULL, NULL);
  if (format != NULL)
    {
      g_autoptr(GPtrArray) problems = dw_library_validate_deck (library, deck, format);

      dw_fuzz_check (problems != NULL, "validation returns a list", NULL);
    }

  /* The importer checks this itself; the fuzzer holds it to it. */
  saved = dw_deck_to_string (deck);
  again = dw_deck_load_data (saved, strlen (saved), "imported.xml", &error);
  dw_fuzz_check (again != NULL, "an imported deck saves into one that loads",
                 error ? error->message : NULL);
  saved_again = dw_deck_to_string (again);
  dw_fuzz_check (g_str_equal (saved, saved_again), "an imported deck opens again as the same deck",
                 saved_again);

  return 0;
}
