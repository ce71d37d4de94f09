/* dw-cli-stats.c — deckwright --stats DECK [--json]
 *
 * Prints the deck's curve, its counts by type, faction and section, the
 * averages of the numbers its game weighs, its budget, and the chance of
 * at least one card of each type in the opening hand and by each of the
 * first five turns (Coraabia: duels) as percentages; --json prints the
 * same as one object; --output FILE writes either there.  Exit status 0,
 * or 2 when the deck cannot be read or the file written.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dw-cli-private.h"
#include "dw-stats.h"

static gboolean stats;

static int
run_stats (DwCliContext *context)
{
  g_autoptr(DwDeck) deck = dw_cli_load_one_deck (context, "stats");
  g_autoptr(DwStats) deck_stats = NULL;
  g_autofree char *text = NULL;
  DwFormat *format;
  DwGame *game;

  if (deck == NULL)
    return DW_CLI_EXIT_UNREADABLE;
  game = dw_library_lookup_game (context->library, dw_deck_get_game_id (deck));
  if (game == NULL)
    {
      g_printerr (_("deckwright: %s: there is no game “%s” installed\n"), context->files[0],
                  dw_deck_get_game_id (deck));
      return DW_CLI_EXIT_UNREADABLE;
    }
  /* An unknown format is no reason to withhold the curve: the budget
   * then falls back to the game's default format's. */
  format = dw_library_format_for_deck (context->library, deck, context->format_id, NULL);
  deck_stats = dw_stats_new (game, format ? format : dw_game_get_default_format (game), deck);
  if (context->json)
    {
      g_autofree char *object = dw_stats_to_json (deck_stats);

      text = g_strconcat (object, "\n", NULL);
    }
  else
    text = dw_stats_to_text (deck_stats);
  return dw_cli_write_output (context, text) ? DW_CLI_EXIT_OK : DW_CLI_EXIT_UNREADABLE;
}

static const GOptionEntry stats_entries[] = {
  { "stats", 0, 0, G_OPTION_ARG_NONE, &stats,
    N_("Print the curve, counts and draw odds of the DECK given"), NULL },
  { NULL }
};

const DwCliCommand dw_cli_stats_command = {
  "stats", DW_CLI_AREA_STATISTICS, &stats, stats_entries, run_stats,
};
