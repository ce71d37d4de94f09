/* dw-cli-playtest.c — deckwright --playtest DECK [--opponent DECK] [--seed S] [--actions FILE]
 *
 * Deals DECK on a goldfish table, performs the actions of FILE (one a
 * line, the action language of src/table/dw-action.c), prints "ok: …" or
 * "rejected: …" for each and the table at the end.  Exit status: 0 when
 * every action was accepted, 1 when one was rejected, 2 when an input
 * cannot be read (a deck, the actions file, or a line of it that is not
 * an action: then nothing is played, and the message names file:line).
 *
 * Without --actions the table is dealt and shown, nothing more, so an
 * organiser can look at what a seed deals; "--actions -" reads standard
 * input.  A command that waited on a terminal for input it never asked
 * for would surprise a script.  Without --seed a random seed is chosen
 * and printed, so any table can be dealt again.  DECK may also be a saved
 * table (--output FILE saves one), which brings its own decks and seed
 * and carries on where it stopped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <stdio.h>

#include "dw-xml.h"
#include "dw-cli-private.h"
#include "dw-table.h"

static gboolean playtest;
static char *opponent_path;
static char *actions_path;

static char *
read_actions (const char  *path,
              gsize       *length,
              GError     **error)
{
  char *contents = NULL;

  if (g_strcmp0 (path, "-") == 0)
    {
      GString *in = g_string_new (NULL);
      char buffer[4096];
      size_t n;

      while ((n = fread (buffer, 1, sizeof buffer, stdin)) > 0)
        {
          g_string_append_len (in, buffer, (gssize) n);
          /* Actions are a few lines a turn: the same bound as any file
           * Deckwright reads, so an endless stream cannot fill memory. */
          if (in->len > DW_XML_MAX_FILE_SIZE)
            {
              g_set_error (error, DW_XML_ERROR, DW_XML_ERROR_TOO_LARGE,
                           _("standard input holds more than %u MiB of actions"),
                           (guint) (DW_XML_MAX_FILE_SIZE / (1024 * 1024)));
              g_string_free (in, TRUE);
              return NULL;
            }
        }
      if (ferror (stdin))
        {
          g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_IO, _("standard input cannot be read"));
          g_string_free (in, TRUE);
          return NULL;
        }
      *length = in->len;
      return g_string_free (in, FALSE);
    }

  if (!dw_file_read_bounded (path, DW_XML_MAX_FILE_SIZE, &contents, length, error))
    return NULL;
  return contents;
}

static void
print_state (DwTable    *table,
             const char *title)
{
  g_autofree char *text = dw_table_describe (table);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  g_print ("%s\n", title);
  for (guint i = 0; lines[i] && *lines[i]; i++)
    g_print ("  %s\n", lines[i]);
}

static DwTable *
open_table (DwCliContext *context,
            const char   *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(DwDeck) opponent = NULL;
  DwTable *table;
  guint64 seed;

  if (dw_table_file_is_table (path))
    {
      if (context->has_seed || opponent_path != NULL)
        {
          g_printerr (_("deckwright: %s is a saved table, which brings its own seed and decks; "
                        "drop --seed and --opponent\n"), path);
          return NULL;
        }
      table = dw_table_load (context->library, path, &error);
      if (table == NULL)
        g_printerr ("deckwright: %s\n", error->message);
      return table;
    }

  deck = dw_cli_load_deck (context, path, NULL, &error);
  if (deck == NULL)
    {
      g_printerr ("deckwright: %s\n", error->message);
      return NULL;
    }
  if (opponent_path != NULL)
    {
      opponent = dw_cli_load_deck (context, opponent_path, NULL, &error);
      if (opponent == NULL)
        {
          g_printerr ("deckwright: %s\n", error->message);
          return NULL;
        }
    }

  seed = context->has_seed ? context->seed
                           : dw_rng_fresh_seed ();
  table = dw_table_new (context->library, deck, opponent, seed, &error);
  if (table == NULL)
    g_printerr ("deckwright: %s: %s\n", path, error->message);
  return table;
}

static int
run_playtest (DwCliContext *context)
{
  g_autoptr(DwTable) table = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;
  int status = DW_CLI_EXIT_OK;

  if (context->files == NULL || context->files[0] == NULL)
    {
      g_printerr ("deckwright: %s\n", _("--playtest needs a deck, or a saved table"));
      return DW_CLI_EXIT_UNREADABLE;
    }
  if (context->files[1] != NULL)
    {
      g_printerr ("deckwright: %s\n",
                  _("--playtest plays one deck; give the opponent's with --opponent DECK"));
      return DW_CLI_EXIT_UNREADABLE;
    }

  table = open_table (context, context->files[0]);
  if (table == NULL)
    return DW_CLI_EXIT_UNREADABLE;

  /* Every line is read before anything is played: a file with a line
   * that is not an action is unreadable input, not a game. */
  if (actions_path != NULL)
    {
      g_autofree char *script = NULL;
      gsize length = 0;
      const char *display = g_strcmp0 (actions_path, "-") == 0 ? _("standard input") : actions_path;

      script = read_actions (actions_path, &length, &error);
      if (script == NULL)
        {
          g_printerr ("deckwright: %s\n", error->message);
          return DW_CLI_EXIT_UNREADABLE;
        }
      actions = dw_table_parse_script (table, script, (gssize) length, display, &error);
      if (actions == NULL)
        {
          g_printerr ("deckwright: %s\n", error->message);
          return DW_CLI_EXIT_UNREADABLE;
        }
    }

  name = dw_deck_get_name (dw_table_get_deck (table));
  g_print (_("table: %s, %s, seed %" PRIu64 "\n"),
           name ? name : context->files[0], dw_table_get_rules (table)->name, dw_table_get_seed (table));

  for (guint i = 0; actions && i < actions->len; i++)
    {
      DwAction *action = g_ptr_array_index (actions, i);
      g_autofree char *effects = NULL;
      g_autoptr(GError) rejected = NULL;

      if (g_strcmp0 (dw_action_get_verb (action), "state") == 0 && !dw_action_is_for_opponent (action))
        {
          g_autofree char *title = g_strdup_printf (_("state at line %u:"), action->line);

          print_state (table, title);
          continue;
        }
      if (dw_table_perform (table, action, &effects, &rejected))
        g_print (*effects ? "ok: %s: %s\n" : "ok: %s\n", action->text, effects);
      else
        {
          g_print ("rejected: %s:%u: %s: %s\n", g_strcmp0 (actions_path, "-") == 0 ? _("standard input")
                                                                                   : actions_path,
                   action->line, action->text, rejected->message);
          status = DW_CLI_EXIT_FAILED;
        }
    }

  print_state (table, _("state at the end:"));

  if (context->output != NULL && !dw_table_save (table, context->output, &error))
    {
      g_printerr ("deckwright: %s\n", error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }

  return status;
}

static const GOptionEntry playtest_entries[] = {
  { "playtest", 0, 0, G_OPTION_ARG_NONE, &playtest,
    N_("Deal the DECK given (or reopen a saved table) on a goldfish table and play the actions "
       "of --actions"), NULL },
  { "opponent", 0, 0, G_OPTION_ARG_FILENAME, &opponent_path,
    N_("The goldfish opponent's deck for --playtest (Arcmage: its regions; Coraabia: its whole deck, "
       "Blue Ring Patrol when none is given)"), N_("DECK") },
  { "actions", 0, 0, G_OPTION_ARG_FILENAME, &actions_path,
    N_("The actions for --playtest, one a line; - reads standard input"), N_("FILE") },
  { NULL }
};

const DwCliCommand dw_cli_playtest_command = {
  "playtest", DW_CLI_AREA_TABLE, &playtest, playtest_entries, run_playtest,
};
