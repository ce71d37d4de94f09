/* dw-cli.c — the command line, for tournament organisers and scripts
 *
 * Runs entirely on src/core and src/table: no GTK is initialised and no
 * display is needed.  Each command lives in its own dw-cli-<name>.c and is
 * listed in commands[] below.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-cli.h"
#include "dw-cli-private.h"

static const DwCliCommand *commands[] = {
  &dw_cli_list_formats_command,
  &dw_cli_validate_command,
  &dw_cli_export_command,
  &dw_cli_import_command,
  &dw_cli_import_cards_command,
  &dw_cli_playtest_command,
  &dw_cli_sample_hands_command,
  &dw_cli_stats_command,
  &dw_cli_report_command,
  &dw_cli_fetch_images_command,
};

/* The one deck a command such as --stats reads, resolved against the
 * library; NULL after saying why on stderr, as --validate does (a file
 * that cannot be read names its line and column), or naming the line of
 * a card no database knows. */
DwDeck *
dw_cli_load_one_deck (DwCliContext *context,
                      const char   *option)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = NULL;
  const char *path;

  if (context->files == NULL || context->files[0] == NULL || context->files[1] != NULL)
    {
      g_printerr (_("deckwright: --%s takes one deck file\n"), option);
      return NULL;
    }
  path = context->files[0];
  deck = dw_deck_load (path, &error);
  if (deck == NULL)
    {
      g_printerr ("deckwright: %s\n", error->message);
      return NULL;
    }
  dw_library_resolve_deck (context->library, deck);
  for (guint s = 0; s < dw_deck_get_n_sections (deck); s++)
    {
      GListModel *entries = dw_deck_get_section (deck, dw_deck_get_section_id (deck, s));

      /* Statistics, hands and the table leave those cards out. */
      if (dw_section_is_considering (dw_deck_get_section_id (deck, s)))
        continue;

      for (guint i = 0; i < g_list_model_get_n_items (entries); i++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i);
          DwGame *game;

          if (dw_deck_entry_get_card (entry) != NULL)
            continue;
          game = dw_library_lookup_game (context->library, dw_deck_get_game_id (deck));
          g_printerr (_("deckwright: %s:%u: “%s” is in no %s card database; check its name or add "
                        "the database that has it with --db FILE\n"),
                      path, dw_deck_entry_get_line (entry), dw_deck_entry_get_display_name (entry),
                      game ? dw_game_get_name (game) : dw_deck_get_game_id (deck));
          return NULL;
        }
    }
  return g_steal_pointer (&deck);
}

/* TRUE when the arguments ask for a command rather than the window. */
gboolean
dw_cli_wants (int    argc,
              char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--") == 0)
        break;
      if (!g_str_has_prefix (argv[i], "--"))
        continue;
      for (guint j = 0; j < G_N_ELEMENTS (commands); j++)
        {
          gsize len = strlen (commands[j]->name);

          if (strncmp (argv[i] + 2, commands[j]->name, len) == 0 &&
              (argv[i][2 + len] == '\0' || argv[i][2 + len] == '='))
            return TRUE;
        }
    }
  return FALSE;
}

int
dw_cli_run (int    argc,
            char **argv)
{
  g_autoptr(GOptionContext) option_context = NULL;
  g_autoptr(DwLibrary) library = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) dbs = NULL;
  g_auto(GStrv) files = NULL;
  g_autofree char *format_id = NULL;
  g_autofree char *output = NULL;
  g_autofree char *seed = NULL;
  DwCliContext context = { 0 };
  GPtrArray *load_errors;
  int status = DW_CLI_EXIT_OK;
  const GOptionEntry common_entries[] = {
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_id,
      N_("Use this format instead of the deck's own"), N_("ID") },
    { "output", 0, 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the result to this file"), N_("FILE") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed,
      N_("Start shuffling from this seed"), N_("S") },
    { "db", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &dbs,
      N_("Load this card database too (repeatable)"), N_("FILE") },
    { "with-cards", 0, 0, G_OPTION_ARG_NONE, &context.with_cards,
      N_("Keep the cards an Arcmage deck file carries in your card databases"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE…") },
    { NULL }
  };

  option_context = g_option_context_new (NULL);
  g_option_context_set_summary (option_context,
                                _("Build, check and playtest Arcmage and Coraabia decks."));
  g_option_context_add_main_entries (option_context, common_entries, GETTEXT_PACKAGE);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_option_context_add_main_entries (option_context, commands[i]->entries, GETTEXT_PACKAGE);

  if (!g_option_context_parse (option_context, &argc, &argv, &error))
    {
      g_printerr ("deckwright: %s\n", error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }

  if (seed != NULL && !g_ascii_string_to_unsigned (seed, 10, 0, G_MAXUINT64, &context.seed, NULL))
    {
      g_printerr (_("deckwright: the seed must be a whole number from 0, not “%s”\n"), seed);
      return DW_CLI_EXIT_UNREADABLE;
    }

  library = dw_library_new ();
  if (!dw_library_load_defaults (library, &error))
    {
      g_printerr ("deckwright: %s\n", error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }

  for (guint i = 0; dbs && dbs[i]; i++)
    if (dw_library_add_card_db_file (library, dbs[i], &error) == NULL)
      {
        g_printerr ("deckwright: %s\n", error->message);
        return DW_CLI_EXIT_UNREADABLE;
      }

  /* A broken user file, or a card a database left out (its own --db
   * ones too), must not stop the organiser's run; say so. */
  load_errors = dw_library_get_load_errors (library);
  for (guint i = 0; i < load_errors->len; i++)
    g_printerr ("deckwright: warning: %s\n", ((GError *) g_ptr_array_index (load_errors, i))->message);

  context.library = library;
  context.files = files;
  context.format_id = format_id;
  context.output = output;
  context.has_seed = seed != NULL;

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (*commands[i]->selected)
      {
        int verdict = commands[i]->run (&context);

        status = MAX (status, verdict);
      }

  return status;
}
