/* fuzz-deck.c — decks (urn:deckwright:deck:1)
 *
 * What loads is resolved against the shipped databases and validated
 * against its format, as the command line does, and must save, load
 * again and save to the same text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  DwLibrary *library = dw_fuzz_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(DwDeck) again = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *saved_again = NULL;
  DwFormat *format;

  deck = dw_deck_load_data ((const char *) data, size, "fuzz.xml", &error);
  if (deck == NULL)
    {
      dw_fuzz_check (error != NULL && error->message != NULL, "a failed load sets an error", NULL);
      return 0;
    }

  dw_library_resolve_deck (library, deck);
  format = dw_library_format_for_deck (library, deck, NULL, NULL);
  if (format != NULL)
    {
      g_autoptr(GPtrArray) problems = dw_library_validate_deck (library, deck, format);

      dw_fuzz_check (problems != NULL, "validation returns a list", NULL);
    }

  saved = dw_deck_to_string (deck);
  again = dw_deck_load_data (saved, strlen (saved), "saved.xml", &error);
  dw_fuzz_check (again != NULL, "a loaded deck saves into one that loads",
                 error ? error->message : NULL);
  saved_again = dw_deck_to_string (again);
  dw_fuzz_check (g_str_equal (saved, saved_again), "saving is stable", saved_again);

  return 0;
}
