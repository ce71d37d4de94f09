/* dw-import-raw.c — the plain list of entries every import reader makes
 *
 * Each reader (dw-import-text.c, -csv.c, -cod.c, -json.c) turns its file
 * into a DwRawDeck: the section as the file names it, the id or name, the
 * count and the line.  Here are that list, the words a file may head a
 * section with, and the errors that name a file's line and column; the
 * builder in dw-import.c makes the deck.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-import-private.h"

const char * const dw_import_main_aliases[] = { "main", "main deck", "maindeck", "mainboard", "deck", NULL };
const char * const dw_import_side_aliases[] = { "side", "sideboard", "side board", NULL };
const char * const dw_import_token_aliases[] = { "token", "tokens", NULL };

G_DEFINE_QUARK (dw-import-error-quark, dw_import_error)

void
dw_raw_entry_free (DwRawEntry *entry)
{
  g_free (entry->section);
  g_free (entry->id);
  g_free (entry->name);
  g_free (entry->type);
  g_free (entry);
}

DwRawDeck *
dw_raw_deck_new (void)
{
  DwRawDeck *raw = g_new0 (DwRawDeck, 1);

  raw->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_raw_entry_free);
  return raw;
}

void
dw_raw_deck_free (DwRawDeck *raw)
{
  g_free (raw->name);
  g_free (raw->author);
  g_free (raw->notes);
  g_free (raw->game_id);
  g_free (raw->format_id);
  g_ptr_array_unref (raw->entries);
  g_free (raw);
}

DwRawEntry *
dw_raw_deck_add (DwRawDeck    *raw,
                 const char *section,
                 const char *id,
                 const char *name,
                 guint       count,
                 guint       line)
{
  DwRawEntry *entry = g_new0 (DwRawEntry, 1);
  g_autofree char *trimmed = g_strstrip (g_strdup (section ? section : ""));

  /* A heading with no name ("##") names no section; a deck file cannot
   * hold a section without an id. */
  entry->section = *trimmed ? g_steal_pointer (&trimmed) : NULL;
  entry->id = (id && *id) ? g_strdup (id) : NULL;
  /* A deck file's names are read without their spaces around. */
  entry->name = g_strstrip (g_strdup (name ? name : ""));
  entry->count = count;
  entry->line = line;
  g_ptr_array_add (raw->entries, entry);
  return entry;
}

char *
dw_import_label_key (const char *label)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (label));

  return g_utf8_casefold (trimmed, -1);
}

enum { LABEL_SECTION = 1, LABEL_TOKENS = 2 };

static void
add_label (GHashTable *labels,
           char       *key,    /* owned */
           int         kind)
{
  int known = GPOINTER_TO_INT (g_hash_table_lookup (labels, key));

  g_hash_table_insert (labels, key, GINT_TO_POINTER (MAX (known, kind)));
}

/* Every name a text file may head a section with, as dw_import_label_key () makes
 * them: the usual names of a main deck, side board and tokens, and the
 * ids and names of every game's sections; tokens sections marked.  Made
 * once per file, not once per line. */
GHashTable *
dw_import_section_labels (DwLibrary *library)
{
  GHashTable *labels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GListModel *games = dw_library_get_games (library);

  for (guint i = 0; dw_import_main_aliases[i] != NULL; i++)
    add_label (labels, g_strdup (dw_import_main_aliases[i]), LABEL_SECTION);
  for (guint i = 0; dw_import_side_aliases[i] != NULL; i++)
    add_label (labels, g_strdup (dw_import_side_aliases[i]), LABEL_SECTION);
  for (guint i = 0; dw_import_token_aliases[i] != NULL; i++)
    add_label (labels, g_strdup (dw_import_token_aliases[i]), LABEL_TOKENS);

  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr(DwGame) game = g_list_model_get_item (games, i);

      for (guint j = 0; j < dw_game_get_n_sections (game); j++)
        {
          const DwSectionDef *def = dw_game_get_section (game, j);
          int kind = def->tokens ? LABEL_TOKENS : LABEL_SECTION;

          add_label (labels, g_utf8_casefold (def->id, -1), kind);
          add_label (labels, g_utf8_casefold (def->name, -1), kind);
        }
    }
  return labels;
}

/* Whether @label names a section of some game, or is a usual name for a
 * main deck, side board or tokens: only then is "// Sideboard" or
 * "Regions:" a heading rather than a comment or a card. */
gboolean
dw_import_is_known_label (GHashTable *labels,
                          const char *label)
{
  g_autofree char *key = dw_import_label_key (label);

  return *key != '\0' && g_hash_table_contains (labels, key);
}

/* Whether @label names a tokens section: "Tokens", or a game's own. */
gboolean
dw_import_is_token_label (GHashTable *labels,
                          const char *label)
{
  g_autofree char *key = label ? dw_import_label_key (label) : NULL;

  return key != NULL && GPOINTER_TO_INT (g_hash_table_lookup (labels, key)) == LABEL_TOKENS;
}

gboolean
dw_import_set_error_at (GError     **error,
                        const char  *display_name,
                        guint        line,
                        guint        column,
                        const char  *format,
                        ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED,
               "%s:%u:%u: %s", display_name, line, column, message);
  return FALSE;
}

gboolean
dw_import_parse_count (const char  *text,
                       const char  *display_name,
                       guint        line,
                       guint        column,
                       guint       *count,
                       GError     **error)
{
  guint64 value;

  if (!g_ascii_string_to_unsigned (text, 10, 1, DW_IMPORT_MAX_COUNT, &value, NULL))
    return dw_import_set_error_at (error, display_name, line, column,
                         _("the count must be a whole number from 1 to %u, not “%s”"),
                         DW_IMPORT_MAX_COUNT, text);
  *count = (guint) value;
  return TRUE;
}
