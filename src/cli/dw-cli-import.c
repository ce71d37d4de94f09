/* dw-cli-import.c — deckwright --import FILE and --import-cards FILE…
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dw-cli-private.h"
#include "dw-import.h"
#include "dw-import-cards.h"

static gboolean import_selected;
static gboolean import_cards_selected;

static void
print_warnings (GPtrArray *warnings)
{
  for (guint i = 0; i < warnings->len; i++)
    g_printerr ("deckwright: warning: %s\n", (const char *) g_ptr_array_index (warnings, i));
}

static int
run_import (DwCliContext *context)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = NULL;
  DwGame *game = NULL;

  if (context->files == NULL || context->files[0] == NULL || context->files[1] != NULL)
    {
      g_printerr ("deckwright: %s\n", _("--import takes one file: a text, CSV, Cockatrice or "
                                        "Arcmage deck"));
      return DW_CLI_EXIT_UNREADABLE;
    }
  if (context->format_id != NULL &&
      dw_library_lookup_format (context->library, context->format_id, &game) == NULL)
    {
      g_printerr (_("deckwright: there is no format “%s”; deckwright --list-formats lists them\n"),
                  context->format_id);
      return DW_CLI_EXIT_UNREADABLE;
    }

  deck = dw_import_deck_file (context->library, context->files[0], DW_IMPORT_AUTO, game,
                              warnings, &error);
  if (deck == NULL)
    {
      if (g_error_matches (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_UNKNOWN_GAME))
        g_printerr (_("deckwright: %s (with --format ID)\n"), error->message);
      else
        g_printerr ("deckwright: %s\n", error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }
  if (context->format_id != NULL)
    dw_deck_set_format_id (deck, context->format_id);

  /* Unknown cards are kept in the deck; say where each one was. */
  print_warnings (warnings);

  if (context->output == NULL)
    {
      g_autofree char *text = dw_deck_to_string (deck);

      g_print ("%s", text);
      return DW_CLI_EXIT_OK;
    }
  if (!dw_deck_save (deck, context->output, &error))
    {
      g_printerr ("deckwright: %s\n", error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }
  return DW_CLI_EXIT_OK;
}

static int
run_import_cards (DwCliContext *context)
{
  g_autoptr(DwCardImport) import = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = NULL;
  DwGame *game;

  if (context->files == NULL || context->files[0] == NULL)
    {
      g_printerr ("deckwright: %s\n", _("--import-cards takes one or more Arcmage card JSON files"));
      return DW_CLI_EXIT_UNREADABLE;
    }
  game = dw_library_lookup_game (context->library, "arcmage");
  if (game == NULL)
    {
      g_printerr ("deckwright: %s\n", _("the game definition of Arcmage is missing"));
      return DW_CLI_EXIT_UNREADABLE;
    }

  import = dw_card_import_new (game);
  for (guint i = 0; context->files[i] != NULL; i++)
    if (!dw_card_import_add_file (import, context->files[i], &error))
      {
        g_printerr ("deckwright: %s\n", error->message);
        return DW_CLI_EXIT_UNREADABLE;
      }
  print_warnings (dw_card_import_get_warnings (import));

  db = dw_card_import_finish (import, &error);
  if (db == NULL)
    {
      g_printerr ("deckwright: %s\n", error->message);
      return DW_CLI_EXIT_FAILED;
    }

  if (context->output == NULL)
    {
      g_autofree char *text = dw_card_db_to_string (db);

      g_print ("%s", text);
      return DW_CLI_EXIT_OK;
    }
  if (!dw_card_db_save (db, context->output, &error))
    {
      g_printerr ("deckwright: %s\n", error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }
  return DW_CLI_EXIT_OK;
}

static const GOptionEntry import_entries[] = {
  { "import", 0, 0, G_OPTION_ARG_NONE, &import_selected,
    N_("Read the FILE given (plain text, CSV, a Cockatrice .cod or Arcmage web API JSON) and "
       "write it as a Deckwright deck"), NULL },
  { NULL }
};

static const GOptionEntry import_cards_entries[] = {
  { "import-cards", 0, 0, G_OPTION_ARG_NONE, &import_cards_selected,
    N_("Read the cards of the FILEs given (Arcmage web API JSON: card lists or decks) and write "
       "one card database"),
    NULL },
  { NULL }
};

const DwCliCommand dw_cli_import_command = {
  "import", DW_CLI_AREA_INTERCHANGE, &import_selected, import_entries, run_import,
};

const DwCliCommand dw_cli_import_cards_command = {
  "import-cards", DW_CLI_AREA_INTERCHANGE, &import_cards_selected, import_cards_entries, run_import_cards,
};
