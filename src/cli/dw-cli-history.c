/* dw-cli-history.c — a library deck's versions from the command line
 *
 *   deckwright --history DECK [--json]      a library deck's versions, newest first
 *   deckwright --restore DECK VERSION       make that version current, keeping the current one
 *
 * Exit status 0, or 2 when the deck or the version cannot be found.
 * Apart from --library and --find (dw-cli-library.c): the versions reach
 * the deck comparison, which reads decks from QR codes, so these two are
 * `deckwright-commands`'s.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "dw-cli-private.h"
#include "dw-deck-versions.h"

static gboolean history_selected;
static gboolean restore_selected;

static int
run_history (DwCliContext *context)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) versions = NULL;
  g_autoptr(GPtrArray) objects = g_ptr_array_new_with_free_func (g_free);
  const char *path;
  guint n;

  if (context->files == NULL || context->files[0] == NULL || context->files[1] != NULL)
    {
      g_printerr (_("deckwright: --history takes one deck file\n"));
      return DW_CLI_EXIT_UNREADABLE;
    }
  path = context->files[0];
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_printerr (_("deckwright: %s: there is no such deck file\n"), path);
      return DW_CLI_EXIT_UNREADABLE;
    }
  versions = dw_deck_versions_list (context->library, path, &error);
  if (versions == NULL)
    {
      g_printerr ("deckwright: %s\n", error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }

  n = g_list_model_get_n_items (versions);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwDeckVersion) version = g_list_model_get_item (versions, i);
      g_autofree char *time = g_date_time_format_iso8601 (dw_deck_version_get_time (version));

      if (context->json)
        {
          g_autoptr(JsonBuilder) builder = json_builder_new ();
          g_autoptr(JsonGenerator) generator = json_generator_new ();
          g_autoptr(JsonNode) root = NULL;

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "version");
          json_builder_add_string_value (builder, dw_deck_version_get_id (version));
          json_builder_set_member_name (builder, "time");
          json_builder_add_string_value (builder, time);
          json_builder_set_member_name (builder, "summary");
          json_builder_add_string_value (builder, dw_deck_version_get_summary (version));
          json_builder_set_member_name (builder, "path");
          json_builder_add_string_value (builder, dw_deck_version_get_path (version));
          json_builder_end_object (builder);
          root = json_builder_get_root (builder);
          json_generator_set_root (generator, root);
          g_ptr_array_add (objects, json_generator_to_data (generator, NULL));
        }
      else
        g_print ("%s  %s  %s\n", dw_deck_version_get_id (version), time,
                 dw_deck_version_get_summary (version));
    }
  if (context->json)
    dw_cli_print_json_array (objects);
  else if (n == 0)
    g_print (_("%s: no earlier versions\n"), path);
  return DW_CLI_EXIT_OK;
}

static int
run_restore (DwCliContext *context)
{
  g_autoptr(GError) error = NULL;

  if (context->files == NULL || context->files[0] == NULL || context->files[1] == NULL ||
      context->files[2] != NULL)
    {
      g_printerr (_("deckwright: --restore takes a deck file and a version (deckwright --history "
                    "DECK lists them)\n"));
      return DW_CLI_EXIT_UNREADABLE;
    }
  if (!g_file_test (context->files[0], G_FILE_TEST_IS_REGULAR))
    {
      g_printerr (_("deckwright: %s: there is no such deck file\n"), context->files[0]);
      return DW_CLI_EXIT_UNREADABLE;
    }
  if (!dw_deck_versions_restore (context->files[0], context->files[1], &error))
    {
      g_printerr ("deckwright: %s\n", error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }
  g_print (_("%s: version %s restored; what it replaced is kept as a version\n"),
           context->files[0], context->files[1]);
  return DW_CLI_EXIT_OK;
}

static const GOptionEntry history_entries[] = {
  { "history", 0, 0, G_OPTION_ARG_NONE, &history_selected,
    N_("List the versions of a library DECK, newest first, with what changed"), NULL },
  { NULL }
};

static const GOptionEntry restore_entries[] = {
  { "restore", 0, 0, G_OPTION_ARG_NONE, &restore_selected,
    N_("Make a VERSION of a library DECK current, keeping the current file as a version: "
       "--restore DECK VERSION"), NULL },
  { NULL }
};

const DwCliCommand dw_cli_history_command = {
  "history", DW_CLI_AREA_LIBRARY, &history_selected, history_entries, run_history, TRUE,
};

const DwCliCommand dw_cli_restore_command = {
  "restore", DW_CLI_AREA_LIBRARY, &restore_selected, restore_entries, run_restore, TRUE,
};
