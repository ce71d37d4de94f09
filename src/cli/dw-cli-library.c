/* dw-cli-library.c — the deck library from the command line
 *
 *   deckwright --library [DIR…] [--json]    every deck: path, game, format, verdict, cards, tags
 *   deckwright --find QUERY [DIR…] [--json] decks matching a deck query, with the matching cards
 *
 * (--history and --restore: dw-cli-history.c.) *
 * Without DIR, the library folders (the “library-folders” setting, else
 * Documents/Decks).  A deck that cannot be read is listed as unreadable
 * with its reason and never stops the rest.  Exit status: --library 0, or
 * 2 when a folder cannot be read; --find 0 when a deck matched, 1 when
 * none did, 2 for a malformed query (naming the character).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "dw-cli-private.h"
#include "dw-deck-library.h"
#include "dw-deck-query.h"

static gboolean library_selected;
static gboolean find_selected;
static char *find_query;

static gboolean
on_find_option_cb (const char  *option_name,
                   const char  *value,
                   gpointer     data,
                   GError     **error)
{
  g_free (find_query);
  find_query = g_strdup (value);
  find_selected = TRUE;
  return TRUE;
}

/* The library over DIRs, or over the configured folders; scanned.
 * Folders that cannot be read are said on stderr; *status becomes 2 then. */
static DwDeckLibrary *
open_library (DwCliContext *context,
              char        **dirs,
              int          *status)
{
  g_autoptr(DwDeckLibrary) library = dw_deck_library_new (context->library, NULL);
  g_auto(GStrv) configured = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *folders;

  if (dirs == NULL || dirs[0] == NULL)
    {
      configured = dw_deck_library_configured_folders ();
      dirs = configured;
    }
  dw_deck_library_set_roots (library, (const char * const *) dirs, FALSE);
  dw_deck_library_scan (library, NULL, &error);

  folders = dw_deck_library_get_folders (library);
  for (guint i = 0; i < g_list_model_get_n_items (folders); i++)
    {
      g_autoptr(DwDeckLibraryFolder) folder = g_list_model_get_item (folders, i);
      const GError *folder_error = dw_deck_library_folder_get_error (folder);

      if (folder_error != NULL)
        {
          g_printerr ("deckwright: %s\n", folder_error->message);
          *status = DW_CLI_EXIT_UNREADABLE;
        }
    }
  return g_steal_pointer (&library);
}

static char *
iso_time (gint64 seconds)
{
  g_autoptr(GDateTime) time = g_date_time_new_from_unix_utc (seconds);

  return time ? g_date_time_format_iso8601 (time) : g_strdup ("");
}

static void
add_strv (JsonBuilder        *builder,
          const char         *member,
          const char * const *values)
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_array (builder);
  for (guint i = 0; values != NULL && values[i] != NULL; i++)
    json_builder_add_string_value (builder, values[i]);
  json_builder_end_array (builder);
}

static void
add_nullable_string (JsonBuilder *builder,
                     const char  *member,
                     const char  *value)
{
  json_builder_set_member_name (builder, member);
  if (value != NULL)
    json_builder_add_string_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

/* One deck as a JSON object: docs/library.md lists the members. */
static char *
entry_to_json (DwDeckLibraryEntry *entry,
               GPtrArray          *matched)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *modified = iso_time (dw_deck_library_entry_get_mtime (entry));
  DwDeckVerdict verdict = dw_deck_library_entry_get_verdict (entry);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "path");
  json_builder_add_string_value (builder, dw_deck_library_entry_get_path (entry));
  json_builder_set_member_name (builder, "folder");
  json_builder_add_string_value (builder, dw_deck_library_entry_get_folder (entry));
  add_nullable_string (builder, "name", dw_deck_library_entry_get_name (entry));
  add_nullable_string (builder, "game", dw_deck_library_entry_get_game_id (entry));
  add_nullable_string (builder, "format", dw_deck_library_entry_get_format_id (entry));
  add_nullable_string (builder, "kind", dw_deck_library_entry_get_kind (entry));
  json_builder_set_member_name (builder, "legal");
  if (verdict == DW_DECK_VERDICT_UNREADABLE)
    json_builder_add_null_value (builder);
  else
    json_builder_add_boolean_value (builder, verdict == DW_DECK_VERDICT_LEGAL);
  json_builder_set_member_name (builder, "errors");
  json_builder_add_int_value (builder, dw_deck_library_entry_get_n_errors (entry));
  json_builder_set_member_name (builder, "warnings");
  json_builder_add_int_value (builder, dw_deck_library_entry_get_n_warnings (entry));
  json_builder_set_member_name (builder, "cards");
  json_builder_add_int_value (builder, (gint64) MIN (dw_deck_library_entry_get_n_cards (entry),
                                                     (guint64) G_MAXINT64));
  add_strv (builder, "factions", dw_deck_library_entry_get_factions (entry));
  add_strv (builder, "tags", dw_deck_library_entry_get_tags (entry));
  add_nullable_string (builder, "cover", dw_deck_library_entry_get_cover_id (entry));
  json_builder_set_member_name (builder, "modified");
  json_builder_add_string_value (builder, modified);
  add_nullable_string (builder, "unreadable",
                       dw_deck_library_entry_get_error (entry)
                         ? dw_deck_library_entry_get_error (entry)->message : NULL);
  if (matched != NULL)
    {
      json_builder_set_member_name (builder, "matched");
      json_builder_begin_array (builder);
      for (guint i = 0; i < matched->len; i++)
        {
          DwDeckQueryCard *card = g_ptr_array_index (matched, i);

          json_builder_begin_object (builder);
          add_nullable_string (builder, "id", card->id);
          json_builder_set_member_name (builder, "name");
          json_builder_add_string_value (builder, card->name);
          json_builder_set_member_name (builder, "count");
          json_builder_add_int_value (builder, card->count);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
    }
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

static char *
entry_to_text (DwDeckLibraryEntry *entry)
{
  const char * const *tags = dw_deck_library_entry_get_tags (entry);
  GString *out = g_string_new (dw_deck_library_entry_get_path (entry));
  guint64 n_cards = dw_deck_library_entry_get_n_cards (entry);
  guint n_errors = dw_deck_library_entry_get_n_errors (entry);

  switch (dw_deck_library_entry_get_verdict (entry))
    {
    case DW_DECK_VERDICT_UNREADABLE:
      g_string_append_printf (out, ": %s: %s", _("unreadable"),
                              dw_deck_library_entry_get_error (entry)->message);
      return g_string_free (out, FALSE);
    case DW_DECK_VERDICT_ILLEGAL:
      g_string_append_printf (out, ": %s (", _("illegal"));
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u error", "%u errors", n_errors), n_errors);
      g_string_append_c (out, ')');
      break;
    case DW_DECK_VERDICT_LEGAL:
    default:
      g_string_append_printf (out, ": %s", _("legal"));
      break;
    }
  g_string_append_printf (out, ", %s, %s, ", dw_deck_library_entry_get_game_id (entry),
                          dw_deck_library_entry_get_format_id (entry));
  {
    g_autofree char *number = g_strdup_printf ("%" G_GUINT64_FORMAT, n_cards);

    /* TRANSLATORS: %s is a number of cards */
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%s card", "%s cards",
                                              (gulong) MIN (n_cards, G_MAXULONG)), number);
  }
  if (tags != NULL && tags[0] != NULL)
    {
      g_autofree char *joined = g_strjoinv (", ", (char **) tags);

      g_string_append_printf (out, "; %s: %s", _("tags"), joined);
    }
  return g_string_free (out, FALSE);
}

static int
run_library (DwCliContext *context)
{
  int status = DW_CLI_EXIT_OK;
  g_autoptr(DwDeckLibrary) library = open_library (context, context->files, &status);
  g_autoptr(GPtrArray) objects = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) out = g_string_new (NULL);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (library));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwDeckLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (library), i);

      if (context->json)
        g_ptr_array_add (objects, entry_to_json (entry, NULL));
      else
        {
          g_autofree char *line = entry_to_text (entry);

          g_string_append (out, line);
          g_string_append_c (out, '\n');
        }
    }
  /* One write for the whole listing, as --find does. */
  if (context->json)
    dw_cli_print_json_array (objects);
  else
    g_print ("%s", out->str);
  return status;
}

static int
run_find (DwCliContext *context)
{
  int status = DW_CLI_EXIT_OK;
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeckQuery) query = dw_deck_query_parse (context->library, find_query, &error);
  g_autoptr(DwDeckLibrary) library = NULL;
  g_autoptr(GPtrArray) objects = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) out = g_string_new (NULL);
  guint start = 0, end = 0, n, matched = 0;

  if (query == NULL)
    {
      if (dw_deck_query_error_get_span (error, &start, &end))
        /* TRANSLATORS: the character's position, counted from 1, then what is wrong */
        g_printerr (_("deckwright: --find: at character %u: %s\n"), start + 1, error->message);
      else
        g_printerr ("deckwright: --find: %s\n", error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }

  library = open_library (context, context->files, &status);
  n = g_list_model_get_n_items (G_LIST_MODEL (library));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwDeckLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (library), i);
      g_autoptr(GPtrArray) cards = NULL;

      if (dw_deck_library_entry_get_verdict (entry) == DW_DECK_VERDICT_UNREADABLE)
        {
          g_printerr (_("deckwright: warning: %s: unreadable: %s\n"), dw_deck_library_entry_get_path (entry),
                      dw_deck_library_entry_get_error (entry)->message);
          continue;
        }
      if (!dw_deck_query_matches (query, entry))
        continue;

      matched++;
      cards = dw_deck_query_matching_cards (query, entry);
      if (context->json)
        {
          g_ptr_array_add (objects, entry_to_json (entry, cards));
          continue;
        }
      g_string_append (out, dw_deck_library_entry_get_path (entry));
      for (guint c = 0; c < cards->len; c++)
        {
          DwDeckQueryCard *card = g_ptr_array_index (cards, c);

          g_string_append_printf (out, "%s%u × %s", c == 0 ? ": " : "; ", card->count, card->name);
        }
      g_string_append_c (out, '\n');
    }

  if (context->json)
    dw_cli_print_json_array (objects);
  else
    g_print ("%s", out->str);
  if (status != DW_CLI_EXIT_OK)
    return status;
  return matched > 0 ? DW_CLI_EXIT_OK : DW_CLI_EXIT_FAILED;
}

static const GOptionEntry library_entries[] = {
  { "library", 0, 0, G_OPTION_ARG_NONE, &library_selected,
    N_("List every deck of the library folders, or of the DIRs given: path, game, format, verdict, "
       "cards, tags"), NULL },
  { NULL }
};

static const GOptionEntry find_entries[] = {
  { "find", 0, 0, G_OPTION_ARG_CALLBACK, on_find_option_cb,
    N_("List the decks of the library (or of the DIRs given) that match a deck query such as "
       "'card:\"Thornwood Scout\" tag:friends', with the cards that matched"), N_("QUERY") },
  { NULL }
};

const DwCliCommand dw_cli_library_command = {
  "library", DW_CLI_AREA_LIBRARY, &library_selected, library_entries, run_library, TRUE,
};

const DwCliCommand dw_cli_find_command = {
  "find", DW_CLI_AREA_LIBRARY, &find_selected, find_entries, run_find, TRUE,
};
