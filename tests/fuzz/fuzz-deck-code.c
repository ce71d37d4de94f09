/* fuzz-deck-code.c — the deck code's reader
 *
 * An input starting "DW" is a code as a person would paste it.  Any other
 * input is a body for the code's checksum to pass: its first byte picks
 * the game and the flag byte, the rest is the stored content, so the
 * fuzzer reaches the content's reader rather than stopping at the check.
 * Beyond not crashing: a refused code says why, and a deck read from a
 * code is written again into a code that reads back as the same deck.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-deck-code-private.h"
#include "dw-export.h"
#include "fuzz-common.h"

static char *
describe (DwDeck *deck)
{
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "%s|%s\n", dw_deck_get_name (deck) ? dw_deck_get_name (deck) : "",
                          dw_deck_get_format_id (deck) ? dw_deck_get_format_id (deck) : "");
  for (guint i = 0; i < dw_deck_get_n_sections (deck); i++)
    {
      const char *section_id = dw_deck_get_section_id (deck, i);
      GListModel *entries = dw_deck_get_section (deck, section_id);

      g_string_append_printf (out, "%s:", section_id);
      for (guint j = 0; j < g_list_model_get_n_items (entries); j++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, j);

          g_string_append_printf (out, " %u×%s", dw_deck_entry_get_count (entry),
                                  dw_deck_entry_get_display_name (entry));
        }
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  static const char * const game_ids[] = { "arcmage", "coraabia" };
  DwLibrary *library = dw_fuzz_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(DwDeck) again = NULL;
  g_autofree char *code = NULL;
  g_autofree char *recoded = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  DwGame *game;

  if (size == 0)
    return 0;
  if (size >= 2 && data[0] == 'D' && data[1] == 'W')
    code = g_strndup ((const char *) data, size);
  else
    code = dw_deck_code_wrap (game_ids[data[0] & 1], (data[0] >> 1) & 1 ? 1 : 0, data + 1, size - 1);

  deck = dw_deck_code_decode (library, code, &error);
  if (deck == NULL)
    {
      dw_fuzz_check (error != NULL && error->domain == DW_DECK_CODE_ERROR && error->message[0] != '\0',
                     "a refused code says why", code);
      return 0;
    }
  dw_fuzz_check (error == NULL, "a code read sets no error", code);

  game = dw_library_lookup_game (library, dw_deck_get_game_id (deck));
  dw_fuzz_check (game != NULL, "a code read is of a known game", code);
  recoded = dw_deck_code_encode (deck, game, TRUE, &error);
  if (recoded == NULL)
    {
      dw_fuzz_check (g_error_matches (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_CANNOT_ENCODE),
                     "a deck read from a code has a code, unless it grew too large", error->message);
      return 0;
    }
  again = dw_deck_code_decode (library, recoded, &error);
  dw_fuzz_check (again != NULL, "a code written reads back", recoded);
  before = describe (deck);
  after = describe (again);
  dw_fuzz_check (g_str_equal (before, after), "a code written reads back as the same deck", after);
  return 0;
}
