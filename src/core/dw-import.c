/* dw-import.c — reading decks written by people and by other programs
 *
 * Every reader turns its file into the same plain list of entries — the
 * section as the file names it, the id or name, the count and the line —
 * and one builder makes the deck: it tells the game from the cards when
 * the file does not say, maps each file's sections onto the game's, and
 * keeps a card no database knows as an unknown entry, reported with its
 * line, never dropped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-deck-code.h"
#include "dw-export.h"
#include "dw-import.h"
#include "dw-json.h"
#include "dw-xml.h"

/* A count is read up to the deck's own limit (dw-deck.h). */
#define MAX_COUNT DW_DECK_MAX_COUNT

typedef struct
{
  char     *section;  /* as the file names it; NULL: the main deck, unnamed */
  char     *id;
  char     *name;
  char     *type;     /* the card type the file claims (Arcmage JSON) */
  gboolean  token;    /* the file says it is a token (Arcmage JSON) */
  guint     count;
  guint     line;
} RawEntry;

typedef struct
{
  char       *name;
  char       *author;
  char       *notes;
  char       *game_id;       /* said by the file itself, or NULL */
  char       *format_id;     /* the format the file's decks are built for, or NULL */
  gboolean    by_type;       /* unnamed entries go where their card type belongs */
  gboolean    tokens_apart;  /* tokens listed in the unnamed main deck go to the tokens */
  GPtrArray  *entries;       /* RawEntry */
} RawDeck;

typedef struct
{
  const char *name;
  guint       line;
  const char *line_start;
  const char *p;
  const char *end;
  char        separator;
} CsvReader;

typedef struct
{
  char  *text;
  guint  line;
  guint  column;
} CsvField;

static const char * const main_aliases[] = { "main", "main deck", "maindeck", "mainboard", "deck", NULL };
static const char * const side_aliases[] = { "side", "sideboard", "side board", NULL };
static const char * const token_aliases[] = { "token", "tokens", NULL };

G_DEFINE_QUARK (dw-import-error-quark, dw_import_error)

static void
raw_entry_free (RawEntry *entry)
{
  g_free (entry->section);
  g_free (entry->id);
  g_free (entry->name);
  g_free (entry->type);
  g_free (entry);
}

static RawDeck *
raw_deck_new (void)
{
  RawDeck *raw = g_new0 (RawDeck, 1);

  raw->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) raw_entry_free);
  return raw;
}

static void
raw_deck_free (RawDeck *raw)
{
  g_free (raw->name);
  g_free (raw->author);
  g_free (raw->notes);
  g_free (raw->game_id);
  g_free (raw->format_id);
  g_ptr_array_unref (raw->entries);
  g_free (raw);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RawDeck, raw_deck_free)

static RawEntry *
raw_deck_add (RawDeck    *raw,
              const char *section,
              const char *id,
              const char *name,
              guint       count,
              guint       line)
{
  RawEntry *entry = g_new0 (RawEntry, 1);
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

static void
csv_field_free (CsvField *field)
{
  g_free (field->text);
  g_free (field);
}

/* The line and column (in characters, from 1) of @at in @text. */
static void
position_in (const char *text,
             const char *at,
             guint      *line,
             guint      *column)
{
  const char *line_start = text;

  *line = 1;
  for (const char *p = text; p < at; p++)
    if (*p == '\n')
      {
        (*line)++;
        line_start = p + 1;
      }
  *column = (guint) g_utf8_strlen (line_start, at - line_start) + 1;
}

static gboolean
in_list (const char * const *list,
         const char         *key)
{
  return g_strv_contains (list, key);
}

static char *
label_key (const char *label)
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

/* Every name a text file may head a section with, as label_key () makes
 * them: the usual names of a main deck, side board and tokens, and the
 * ids and names of every game's sections; tokens sections marked.  Made
 * once per file, not once per line. */
static GHashTable *
section_labels (DwLibrary *library)
{
  GHashTable *labels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GListModel *games = dw_library_get_games (library);

  for (guint i = 0; main_aliases[i] != NULL; i++)
    add_label (labels, g_strdup (main_aliases[i]), LABEL_SECTION);
  for (guint i = 0; side_aliases[i] != NULL; i++)
    add_label (labels, g_strdup (side_aliases[i]), LABEL_SECTION);
  for (guint i = 0; token_aliases[i] != NULL; i++)
    add_label (labels, g_strdup (token_aliases[i]), LABEL_TOKENS);

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
static gboolean
is_known_label (GHashTable *labels,
                const char *label)
{
  g_autofree char *key = label_key (label);

  return *key != '\0' && g_hash_table_contains (labels, key);
}

/* Whether @label names a tokens section: "Tokens", or a game's own. */
static gboolean
is_token_label (GHashTable *labels,
                const char *label)
{
  g_autofree char *key = label ? label_key (label) : NULL;

  return key != NULL && GPOINTER_TO_INT (g_hash_table_lookup (labels, key)) == LABEL_TOKENS;
}

static const DwSectionDef *
token_section (DwGame *game)
{
  for (guint i = 0; i < dw_game_get_n_sections (game); i++)
    if (dw_game_get_section (game, i)->tokens)
      return dw_game_get_section (game, i);
  return NULL;
}

static const char *
main_section_id (DwGame *game)
{
  return dw_game_get_n_sections (game) > 0 ? dw_game_get_section (game, 0)->id : "main";
}

static const char *
first_side_section_id (DwGame *game)
{
  for (guint i = 0; i < dw_game_get_n_sections (game); i++)
    {
      const DwSectionDef *def = dw_game_get_section (game, i);

      if (dw_section_role (game, def->id) == DW_SECTION_ROLE_SIDE)
        return def->id;
    }
  return NULL;
}

/* Where an entry goes in the deck, from the section the file names and,
 * where the file cannot say (a side board, an unnamed list), from the
 * card's type. */
static const char *
section_for (RawDeck  *raw,
             DwGame   *game,
             RawEntry *entry,
             DwCard   *card)
{
  const char *type = card ? dw_card_get_card_type (card) : entry->type;
  gboolean token = card ? dw_card_is_token (card) : entry->token;
  const DwSectionDef *tokens = token_section (game);
  g_autofree char *key = NULL;

  if (entry->section == NULL)
    {
      if (raw->by_type && type != NULL)
        {
          const DwSectionDef *def = dw_game_section_for_type (game, type, token);

          if (def != NULL)
            return def->id;
        }
      if ((raw->tokens_apart || raw->by_type) && token && tokens != NULL)
        return tokens->id;
      return main_section_id (game);
    }

  key = label_key (entry->section);
  for (guint i = 0; i < dw_game_get_n_sections (game); i++)
    {
      const DwSectionDef *def = dw_game_get_section (game, i);
      g_autofree char *id_key = g_utf8_casefold (def->id, -1);
      g_autofree char *name_key = g_utf8_casefold (def->name, -1);

      if (strcmp (key, id_key) == 0 || strcmp (key, name_key) == 0)
        return def->id;
    }

  if (in_list (main_aliases, key))
    return main_section_id (game);
  if (in_list (token_aliases, key))
    return tokens ? tokens->id : "tokens";
  if (in_list (side_aliases, key))
    {
      const char *side = first_side_section_id (game);

      /* A side board holds Arcmage's regions or Coraabia's connections;
       * where a game has several such sections the card's type decides. */
      if (type != NULL)
        {
          const DwSectionDef *def = dw_game_section_for_type (game, type, token);

          if (def != NULL && dw_section_role (game, def->id) == DW_SECTION_ROLE_SIDE)
            return def->id;
        }
      return side ? side : "side";
    }

  /* A section the game does not have stays as the file names it. */
  return g_intern_string (g_strstrip (entry->section));
}

static guint
count_known (DwLibrary  *library,
             const char *game_id,
             RawDeck    *raw)
{
  guint known = 0;

  for (guint i = 0; i < raw->entries->len; i++)
    {
      RawEntry *entry = g_ptr_array_index (raw->entries, i);

      if (dw_library_lookup_card (library, game_id, entry->id, 0, entry->name) != NULL)
        known++;
    }
  return known;
}

/* The game whose databases know the most of the deck's cards. */
static DwGame *
guess_game (DwLibrary *library,
            RawDeck   *raw)
{
  GListModel *games = dw_library_get_games (library);
  DwGame *best = NULL;
  guint best_known = 0;

  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr(DwGame) game = g_list_model_get_item (games, i);
      guint known = count_known (library, dw_game_get_id (game), raw);

      if (known > best_known)
        {
          best = game;
          best_known = known;
        }
    }
  return best;
}

/* A file that names only its format (a .cod saved again by Cockatrice,
 * which drops <game>) still names the game: format ids are the game's. */
static DwGame *
game_of_format (DwLibrary  *library,
                const char *format_id)
{
  GListModel *games = dw_library_get_games (library);

  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr(DwGame) game = g_list_model_get_item (games, i);

      if (dw_game_lookup_format (game, format_id) != NULL)
        return game;
    }
  return NULL;
}

static void
warn_unknown (DwDeck     *deck,
              const char *display_name,
              const char *game_name,
              GPtrArray  *warnings)
{
  for (guint i = 0; i < dw_deck_get_n_sections (deck); i++)
    {
      GListModel *entries = dw_deck_get_section (deck, dw_deck_get_section_id (deck, i));

      for (guint j = 0; j < g_list_model_get_n_items (entries); j++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, j);

          if (dw_deck_entry_get_card (entry) == NULL)
            g_ptr_array_add (warnings,
                             g_strdup_printf (_("%s:%u: no %s card database has “%s”; it is kept "
                                                "in the deck as an unknown card"),
                                              display_name, dw_deck_entry_get_line (entry),
                                              game_name, dw_deck_entry_get_display_name (entry)));
        }
    }
}

static DwDeck *
build_deck (DwLibrary   *library,
            RawDeck     *raw,
            const char  *display_name,
            DwGame      *game,
            GPtrArray   *warnings,
            GError     **error)
{
  g_autoptr(DwDeck) deck = NULL;
  g_autofree char *too_long = NULL;
  DwDeckTally tally = { 0 };

  /* Every importer ends here: the deck's limits hold whatever the file's
   * format, before anything is built from it. */
  for (guint i = 0; i < raw->entries->len; i++)
    {
      RawEntry *raw_entry = g_ptr_array_index (raw->entries, i);
      g_autofree char *beyond = dw_deck_tally_add (&tally, raw_entry->count);

      if (beyond == NULL)
        beyond = dw_card_check_name_length (raw_entry->name, _("The card’s name"));
      if (beyond != NULL)
        {
          g_set_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED,
                       "%s:%u: %s", display_name, raw_entry->line, beyond);
          return NULL;
        }
    }
  too_long = dw_card_check_name_length (raw->name, _("The deck’s name"));
  if (too_long != NULL)
    {
      g_set_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED, "%s: %s", display_name, too_long);
      return NULL;
    }

  if (game != NULL && raw->game_id != NULL && g_strcmp0 (dw_game_get_id (game), raw->game_id) != 0)
    {
      DwGame *file_game = dw_library_lookup_game (library, raw->game_id);

      g_set_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_WRONG_GAME,
                   _("%s: the deck is for %s, not %s"), display_name,
                   file_game ? dw_game_get_name (file_game) : raw->game_id,
                   dw_game_get_name (game));
      return NULL;
    }
  if (game == NULL && raw->game_id != NULL)
    {
      game = dw_library_lookup_game (library, raw->game_id);
      if (game == NULL)
        {
          g_set_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_UNKNOWN_GAME,
                       _("%s: the deck is for the game “%s”, which Deckwright does not know"),
                       display_name, raw->game_id);
          return NULL;
        }
    }
  if (game == NULL && raw->format_id != NULL)
    game = game_of_format (library, raw->format_id);
  if (game == NULL)
    game = guess_game (library, raw);
  if (game == NULL && raw->entries->len == 0)
    {
      g_set_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_UNKNOWN_GAME,
                   _("%s: the file lists no cards, so the deck's game cannot be told; say which "
                     "game it is for"), display_name);
      return NULL;
    }
  if (game == NULL)
    {
      g_set_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_UNKNOWN_GAME,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s: the card is in no card database, so the deck's game "
                                "cannot be told; say which game it is for",
                                "%s: none of the %u cards is in a card database, so the deck's "
                                "game cannot be told; say which game it is for",
                                raw->entries->len),
                   display_name, raw->entries->len);
      return NULL;
    }

  deck = dw_deck_new (dw_game_get_id (game));
  if (raw->name != NULL && *raw->name)
    dw_deck_set_name (deck, raw->name);
  if (raw->author != NULL && *raw->author)
    dw_deck_set_author (deck, raw->author);
  if (raw->notes != NULL && *raw->notes)
    dw_deck_set_notes (deck, raw->notes);
  if (raw->format_id != NULL && dw_game_lookup_format (game, raw->format_id) != NULL)
    dw_deck_set_format_id (deck, raw->format_id);
  dw_deck_ensure_section (deck, main_section_id (game));

  for (guint i = 0; i < raw->entries->len; i++)
    {
      RawEntry *raw_entry = g_ptr_array_index (raw->entries, i);
      DwCard *card = dw_library_lookup_card (library, dw_game_get_id (game),
                                             raw_entry->id, 0, raw_entry->name);
      const char *section = section_for (raw, game, raw_entry, card);
      const char *id = raw_entry->id;
      const char *name = raw_entry->name;
      g_autoptr(DwDeckEntry) entry = NULL;

      /* The deck file then finds the card by id, as it prefers, and stays
       * readable where only the id was given. */
      if (card != NULL && id == NULL)
        id = dw_card_get_id (card);
      if (card != NULL && *name == '\0')
        name = dw_card_get_name (card);

      /* A deck names each card by id or by name; an entry that ended with
       * neither (a blank name in a file that also had a blank id) cannot
       * be kept, so it is reported where it was. */
      if (id == NULL)
        {
          g_autofree char *trimmed = g_strstrip (g_strdup (name));

          if (*trimmed == '\0')
            {
              if (warnings != NULL)
                g_ptr_array_add (warnings,
                                 g_strdup_printf (_("%s:%u: a card with neither a name nor an id is left out"),
                                                  display_name, raw_entry->line));
              continue;
            }
        }

      entry = dw_deck_entry_new (id, name, raw_entry->count);
      dw_deck_entry_set_line (entry, raw_entry->line);
      dw_deck_add_entry (deck, section, entry);
    }

  dw_library_resolve_deck (library, deck);
  if (warnings != NULL)
    warn_unknown (deck, display_name, dw_game_get_name (game), warnings);

  return g_steal_pointer (&deck);
}

static gboolean
set_error_at (GError     **error,
              const char  *display_name,
              guint        line,
              guint        column,
              const char  *format,
              ...) G_GNUC_PRINTF (5, 6);

static gboolean
set_error_at (GError     **error,
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

static gboolean
parse_count (const char  *text,
             const char  *display_name,
             guint        line,
             guint        column,
             guint       *count,
             GError     **error)
{
  guint64 value;

  if (!g_ascii_string_to_unsigned (text, 10, 1, MAX_COUNT, &value, NULL))
    return set_error_at (error, display_name, line, column,
                         _("the count must be a whole number from 1 to %u, not “%s”"),
                         MAX_COUNT, text);
  *count = (guint) value;
  return TRUE;
}

/* Splits "4 Name", "4x Name", "4 x Name" (and "4× Name") into a count and
 * a name; a line without a count is one copy of the card it names. */
static gboolean
parse_card_line (const char  *text,
                 const char  *display_name,
                 guint        line,
                 guint        column,
                 guint       *count,
                 const char **name,
                 GError     **error)
{
  g_autofree char *digits = NULL;
  const char *p = text;
  const char *after;

  *count = 1;
  *name = text;
  while (g_ascii_isdigit (*p))
    p++;
  if (p == text)
    return TRUE;

  after = p;
  while (*after == ' ' || *after == '\t')
    after++;
  if ((*after == 'x' || *after == 'X') && (after[1] == ' ' || after[1] == '\t'))
    after += 1;
  else if (strncmp (after, "\xc3\x97", 2) == 0 && (after[2] == ' ' || after[2] == '\t'))
    after += 2;
  else if (after == p)
    return TRUE;  /* "4th Legion" is a name, not four of "th Legion" */

  while (*after == ' ' || *after == '\t')
    after++;
  if (*after == '\0')
    return TRUE;  /* a lone number: a card named "1984" */

  digits = g_strndup (text, p - text);
  if (!parse_count (digits, display_name, line, column, count, error))
    return FALSE;
  *name = after;
  return TRUE;
}

/* Where Cockatrice's text import stops reading the deck's name and
 * comments: at the last blank line before the first line that is no
 * comment.  0 when no blank line comes before it. */
static guint
header_end (char **lines)
{
  guint last_blank = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *p = lines[i];

      while (g_ascii_isspace (*p))
        p++;
      if (*p == '\0')
        last_blank = i;
      else if (*p != '#' && !g_str_has_prefix (p, "//"))
        return last_blank;
    }
  return last_blank;
}

static void
add_note (RawDeck    *raw,
          const char *line)
{
  g_autofree char *old = g_steal_pointer (&raw->notes);

  raw->notes = old ? g_strconcat (old, "\n", line, NULL) : g_strdup (line);
}

/* Plain text decks, as players paste them:
 *
 *   # Green Wall by Ada        the deck's name and author, on top
 *   4x Thornwood Scout         "4 Name", "4x Name", "4 x Name"
 *   // a comment               "//" and "#" lines
 *   ## Regions                 a heading opens a section; so do
 *   Sideboard:                 "Name", "Name:" and "// Name" when Name
 *   SB: 1 Mosshollow           is a known section, and "SB:" one line
 *   // 6x Briar Sapling        under a tokens heading, a token
 *
 * Cockatrice's clipboard text starts "// Name", a blank line, "// comment"
 * lines and a blank line: comments above the last blank line before the
 * first card are the deck's name and its notes.
 */
static RawDeck *
parse_text (DwLibrary   *library,
            const char  *text,
            const char  *display_name,
            GError     **error)
{
  g_autoptr(RawDeck) raw = raw_deck_new ();
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autofree char *section = NULL;
  gboolean heading_seen = FALSE;
  guint header = header_end (lines);
  g_autoptr(GHashTable) labels = section_labels (library);

  raw->tokens_apart = TRUE;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint line = i + 1;
      /* Leading white space is ASCII, so its bytes are its columns. */
      guint column = (guint) strspn (lines[i], " \t\r\v\f") + 1;
      char *content = g_strstrip (lines[i]);
      const char *card_text = content;
      const char *side = NULL;
      const char *name;
      gsize len = strlen (content);
      guint count;

      if (len == 0)
        continue;

      if (g_str_has_prefix (content, "##"))
        {
          g_free (section);
          section = g_strstrip (g_strdup (content + 2));
          heading_seen = TRUE;
          continue;
        }
      if (content[0] == '#' || g_str_has_prefix (content, "//"))
        {
          const char *rest = content + (content[0] == '#' ? 1 : 2);

          if (i < header && !is_known_label (labels, rest) &&
              (raw->name != NULL || content[0] == '/'))
            {
              g_autofree char *comment = g_strstrip (g_strdup (rest));

              if (raw->name == NULL)
                raw->name = g_steal_pointer (&comment);
              else
                add_note (raw, comment);
              continue;
            }
          if (content[0] == '#' && !heading_seen && raw->entries->len == 0 && raw->name == NULL)
            {
              g_autofree char *title = g_strstrip (g_strdup (rest));
              char *by = g_strrstr (title, " by ");

              if (by != NULL)
                {
                  *by = '\0';
                  raw->author = g_strstrip (g_strdup (by + 4));
                }
              raw->name = g_strstrip (g_strdup (title));
              continue;
            }
          if (is_known_label (labels, rest))
            {
              g_free (section);
              section = g_strstrip (g_strdup (rest));
              heading_seen = TRUE;
              continue;
            }
          /* "// 6x Briar Sapling" under a tokens heading: a token that
           * dw_export_text () hid from Cockatrice's count. */
          if (content[0] == '/' && is_token_label (labels, section))
            {
              const char *token_text = rest;

              while (*token_text == ' ' || *token_text == '\t')
                token_text++;
              if (g_ascii_isdigit (*token_text))
                {
                  column += (guint) (token_text - content);
                  if (!parse_card_line (token_text, display_name, line, column, &count, &name, error))
                    return NULL;
                  raw_deck_add (raw, section, NULL, name, count, line);
                }
            }
          continue;
        }
      /* "Sideboard", "Tokens:" — a known section alone on its line. */
      {
        g_autofree char *label = g_strndup (content, content[len - 1] == ':' ? len - 1 : len);

        if (is_known_label (labels, label))
          {
            g_free (section);
            section = g_strstrip (g_steal_pointer (&label));
            heading_seen = TRUE;
            continue;
          }
      }
      if (g_ascii_strncasecmp (content, "SB:", 3) == 0)
        {
          g_autofree char *key = section ? label_key (section) : NULL;

          /* Under "## Regions" (as dw_export_text () writes) the heading
           * says which side section; elsewhere a side board it is. */
          side = (key != NULL && !in_list (main_aliases, key)) ? section : "side";
          card_text = content + 3;
          while (*card_text == ' ' || *card_text == '\t')
            card_text++;
          column += (guint) (card_text - content);
          if (*card_text == '\0')
            continue;
        }

      if (!parse_card_line (card_text, display_name, line, column, &count, &name, error))
        return NULL;
      raw_deck_add (raw, side ? side : section, NULL, name, count, line);
    }

  return g_steal_pointer (&raw);
}

static guint
csv_column (CsvReader  *reader,
            const char *at)
{
  return (guint) g_utf8_strlen (reader->line_start, at - reader->line_start) + 1;
}

/* Reads one record of RFC 4180 CSV; FALSE at the end (error unset) or
 * on a malformed field. */
static gboolean
csv_read_record (CsvReader  *reader,
                 GPtrArray  *fields,
                 guint      *record_line,
                 GError    **error)
{
  if (reader->p >= reader->end)
    return FALSE;

  *record_line = reader->line;
  g_ptr_array_set_size (fields, 0);

  for (;;)
    {
      CsvField *field = g_new0 (CsvField, 1);
      GString *text = g_string_new (NULL);

      field->line = reader->line;
      field->column = csv_column (reader, reader->p);
      g_ptr_array_add (fields, field);

      if (reader->p < reader->end && *reader->p == '"')
        {
          reader->p++;
          for (;;)
            {
              if (reader->p >= reader->end)
                {
                  g_string_free (text, TRUE);
                  return set_error_at (error, reader->name, field->line, field->column,
                                       _("the quoted field is never closed; end it with a "
                                         "quote"));
                }
              if (*reader->p == '"')
                {
                  if (reader->p + 1 < reader->end && reader->p[1] == '"')
                    {
                      g_string_append_c (text, '"');
                      reader->p += 2;
                      continue;
                    }
                  reader->p++;
                  break;
                }
              if (*reader->p == '\n')
                {
                  reader->line++;
                  reader->line_start = reader->p + 1;
                }
              g_string_append_c (text, *reader->p++);
            }
          if (reader->p < reader->end && *reader->p != reader->separator &&
              *reader->p != '\r' && *reader->p != '\n')
            {
              g_string_free (text, TRUE);
              return set_error_at (error, reader->name, reader->line, csv_column (reader, reader->p),
                                   _("text follows the closing quote of a field; write a quote "
                                     "inside a quoted field as two quotes"));
            }
        }
      else
        {
          while (reader->p < reader->end && *reader->p != reader->separator &&
                 *reader->p != '\r' && *reader->p != '\n')
            g_string_append_c (text, *reader->p++);
        }

      field->text = g_string_free (text, FALSE);

      if (reader->p >= reader->end)
        return TRUE;
      if (*reader->p == reader->separator)
        {
          reader->p++;
          continue;
        }
      if (*reader->p == '\r')
        reader->p++;
      if (reader->p < reader->end && *reader->p == '\n')
        reader->p++;
      reader->line++;
      reader->line_start = reader->p;
      return TRUE;
    }
}

static char
csv_separator (const char *text)
{
  const char *candidates = ",;\t";
  guint best_count = 0;
  char best = ',';

  /* Spreadsheets in some locales write ';' or tabs: take whichever
   * separator the first line uses most. */
  for (const char *c = candidates; *c; c++)
    {
      guint count = 0;

      for (const char *p = text; *p && *p != '\n'; p++)
        if (*p == *c)
          count++;
      if (count > best_count)
        {
          best_count = count;
          best = *c;
        }
    }
  return best;
}

enum { COLUMN_COUNT, COLUMN_NAME, COLUMN_ID, COLUMN_SECTION, N_COLUMNS };

static int
column_for_heading (const char *heading)
{
  static const struct { const char *heading; int column; } known[] = {
    { "count", COLUMN_COUNT }, { "quantity", COLUMN_COUNT }, { "qty", COLUMN_COUNT },
    { "number", COLUMN_COUNT }, { "amount", COLUMN_COUNT }, { "copies", COLUMN_COUNT },
    { "name", COLUMN_NAME }, { "card", COLUMN_NAME }, { "card name", COLUMN_NAME },
    { "id", COLUMN_ID }, { "card id", COLUMN_ID },
    { "section", COLUMN_SECTION }, { "zone", COLUMN_SECTION }, { "board", COLUMN_SECTION },
  };
  g_autofree char *key = label_key (heading);

  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    if (strcmp (key, known[i].heading) == 0)
      return known[i].column;
  return -1;
}

static const CsvField *
field_at (GPtrArray *fields,
          int        index)
{
  return (index >= 0 && (guint) index < fields->len) ? g_ptr_array_index (fields, index) : NULL;
}

/* Takes off the quote dw_csv_append_field () puts before a text that a
 * spreadsheet would run as a formula. */
static char *
unguard (const char *text)
{
  if (text[0] == '\'' && dw_csv_needs_guard (text + 1))
    text++;
  return g_strdup (text);
}

/* CSV with a header row naming its columns (count, name, id, section and
 * the usual synonyms, in any order), or without one, in the order
 * dw_export_csv() writes. */
static RawDeck *
parse_csv (const char  *text,
           const char  *display_name,
           GError     **error)
{
  g_autoptr(RawDeck) raw = raw_deck_new ();
  g_autoptr(GPtrArray) fields = g_ptr_array_new_with_free_func ((GDestroyNotify) csv_field_free);
  int columns[N_COLUMNS] = { 0, 1, 2, 3 };
  CsvReader reader = { 0 };
  GError *local_error = NULL;
  gboolean first = TRUE;
  guint record_line;

  reader.name = display_name;
  reader.line = 1;
  reader.line_start = text;
  reader.p = text;
  reader.end = text + strlen (text);
  reader.separator = csv_separator (text);
  raw->tokens_apart = TRUE;

  while (csv_read_record (&reader, fields, &record_line, &local_error))
    {
      const CsvField *count_field, *name_field, *id_field, *section_field;
      g_autofree char *name = NULL;
      g_autofree char *id = NULL;
      g_autofree char *section = NULL;
      guint count = 1;

      if (fields->len == 1 && *((CsvField *) g_ptr_array_index (fields, 0))->text == '\0')
        continue;

      if (first)
        {
          gboolean header = FALSE;

          first = FALSE;
          for (guint i = 0; i < fields->len; i++)
            if (column_for_heading (((CsvField *) g_ptr_array_index (fields, i))->text) == COLUMN_NAME)
              header = TRUE;
          if (header)
            {
              for (guint i = 0; i < N_COLUMNS; i++)
                columns[i] = -1;
              for (guint i = 0; i < fields->len; i++)
                {
                  const CsvField *field = g_ptr_array_index (fields, i);
                  int column = column_for_heading (field->text);

                  /* "count,name,name": which name is the card's is
                   * anybody's guess, so the file must say. */
                  if (column >= 0 && columns[column] >= 0)
                    {
                      const CsvField *first = g_ptr_array_index (fields, columns[column]);
                      g_autofree char *heading = g_strstrip (g_strdup (field->text));
                      g_autofree char *first_heading = g_strstrip (g_strdup (first->text));

                      set_error_at (error, display_name, field->line, field->column,
                                    _("the heading “%s” names the same column as “%s” before "
                                      "it; keep one of the two"), heading, first_heading);
                      return NULL;
                    }
                  if (column >= 0)
                    columns[column] = (int) i;
                }
              continue;
            }
        }

      count_field = field_at (fields, columns[COLUMN_COUNT]);
      name_field = field_at (fields, columns[COLUMN_NAME]);
      id_field = field_at (fields, columns[COLUMN_ID]);
      section_field = field_at (fields, columns[COLUMN_SECTION]);

      name = g_strstrip (unguard (name_field ? name_field->text : ""));
      id = g_strstrip (unguard (id_field ? id_field->text : ""));
      section = g_strstrip (unguard (section_field ? section_field->text : ""));

      if (count_field != NULL)
        {
          g_autofree char *count_text = g_strstrip (g_strdup (count_field->text));

          if (*count_text != '\0' &&
              !parse_count (count_text, display_name, count_field->line, count_field->column,
                            &count, error))
            return NULL;
        }
      if (*name == '\0' && *id == '\0')
        {
          set_error_at (error, display_name, record_line, 1,
                        _("the row names no card; give it a name or an id"));
          return NULL;
        }

      raw_deck_add (raw, *section ? section : NULL, id, name, count, record_line);
    }

  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }
  return g_steal_pointer (&raw);
}

/* Cockatrice's .cod: <cockatrice_deck> with <deckname>, <format>,
 * <comments> and <zone name="main|side|tokens"> of <card number="4"
 * name="…"/>, and the <game> dw_export_cod () adds; the rest
 * (sideboard plans, tags, newer attributes) is Cockatrice's own and
 * skipped. */
static RawDeck *
parse_cod (const char  *data,
           gsize        length,
           const char  *display_name,
           GError     **error)
{
  g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_data (data, length, display_name);
  g_autoptr(GPtrArray) epilog = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_xml_node_free);
  g_autoptr(RawDeck) raw = raw_deck_new ();
  GError *local_error = NULL;
  gboolean at_end = FALSE;

  for (;;)
    {
      if (!dw_xml_reader_read (reader, &at_end, error))
        return NULL;
      if (at_end)
        {
          set_error_at (error, display_name, 1, 1, _("the document has no root element"));
          return NULL;
        }
      if (dw_xml_reader_is_element (reader))
        break;
    }

  if (dw_xml_reader_get_ns (reader) != NULL ||
      strcmp (dw_xml_reader_get_local_name (reader), "cockatrice_deck") != 0)
    {
      dw_xml_reader_set_error (reader, error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED,
                               _("the root element is <%s>; a Cockatrice deck is "
                                 "<cockatrice_deck>"),
                               dw_xml_reader_get_local_name (reader));
      return NULL;
    }

  if (!dw_xml_reader_is_empty (reader))
    while (dw_xml_reader_next_element (reader, 1, &local_error))
      {
        const char *local = dw_xml_reader_get_local_name (reader);
        char **text_target = NULL;

        if (strcmp (local, "deckname") == 0)
          text_target = &raw->name;
        else if (strcmp (local, "comments") == 0)
          text_target = &raw->notes;

        if (strcmp (local, "format") == 0 || strcmp (local, "game") == 0)
          {
            g_autofree char *value = dw_xml_reader_read_text (reader, &local_error);

            if (value == NULL)
              break;
            /* Cockatrice writes an empty <format> for a deck without one. */
            if (*g_strstrip (value) == '\0')
              continue;
            if (local[0] == 'f')
              {
                g_free (raw->format_id);
                raw->format_id = g_steal_pointer (&value);
              }
            else
              {
                g_free (raw->game_id);
                raw->game_id = g_steal_pointer (&value);
              }
          }
        else if (text_target != NULL)
          {
            g_free (*text_target);
            *text_target = dw_xml_reader_read_text (reader, &local_error);
            if (*text_target == NULL)
              break;
            g_strstrip (*text_target);
          }
        else if (strcmp (local, "zone") == 0)
          {
            g_autofree char *zone = dw_xml_reader_get_attribute (reader, "name");

            if (zone == NULL || *g_strstrip (zone) == '\0')
              {
                dw_xml_reader_set_error (reader, &local_error, DW_IMPORT_ERROR,
                                         DW_IMPORT_ERROR_MALFORMED,
                                         _("a <zone> needs a “name”: main, side or tokens"));
                break;
              }
            if (dw_xml_reader_is_empty (reader))
              continue;

            while (dw_xml_reader_next_element (reader, 2, &local_error))
              {
                g_autofree char *name = NULL;
                g_autofree char *number = NULL;
                guint line = dw_xml_reader_get_line (reader);
                guint count;

                if (strcmp (dw_xml_reader_get_local_name (reader), "card") != 0)
                  continue;

                name = dw_xml_reader_get_attribute (reader, "name");
                number = dw_xml_reader_get_attribute (reader, "number");
                if (name == NULL || *g_strstrip (name) == '\0')
                  {
                    dw_xml_reader_set_error (reader, &local_error, DW_IMPORT_ERROR,
                                             DW_IMPORT_ERROR_MALFORMED,
                                             _("a <card> needs a “name”"));
                    break;
                  }
                if (number == NULL ||
                    !parse_count (g_strstrip (number), display_name, line,
                                  dw_xml_reader_column_of (reader, line, "card"), &count,
                                  &local_error))
                  {
                    if (local_error == NULL)
                      dw_xml_reader_set_error (reader, &local_error, DW_IMPORT_ERROR,
                                               DW_IMPORT_ERROR_MALFORMED,
                                               _("a <card> needs a “number” of copies"));
                    break;
                  }
                raw_deck_add (raw, zone, NULL, name, count, line);
              }
            if (local_error != NULL)
              break;
          }
      }

  if (local_error == NULL)
    dw_xml_reader_read_epilog (reader, epilog, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }
  return g_steal_pointer (&raw);
}

/* A deck of the Arcmage web API: { "name": …, "deckCards": [ { "quantity":
 * 3, "card": { "guid": …, "name": …, "type": { "name": … }, "subType": … } } ] }.
 * The card's GUID is its id in a database made by dw_import_cards (). */
static RawDeck *
parse_arcmage_json (const char  *text,
                    gsize        length,
                    const char  *display_name,
                    GError     **error)
{
  g_autoptr(DwJsonDocument) document = NULL;
  g_autoptr(RawDeck) raw = raw_deck_new ();
  JsonObject *root;
  JsonNode *cards_node;
  JsonArray *cards;

  document = dw_json_document_new (text, length, display_name,
                                   DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED, error);
  if (document == NULL)
    return NULL;

  root = JSON_NODE_HOLDS_OBJECT (dw_json_document_get_root (document))
         ? json_node_get_object (dw_json_document_get_root (document)) : NULL;
  cards_node = root ? json_object_get_member (root, "deckCards") : NULL;
  if (cards_node == NULL || !JSON_NODE_HOLDS_ARRAY (cards_node))
    {
      dw_json_document_set_error (error, document, root,
                  _("this is not an Arcmage deck: it has no “deckCards” list"));
      return NULL;
    }

  /* The web API's decks are today's Arcmage: 45 cards with three cities. */
  raw->game_id = g_strdup ("arcmage");
  raw->format_id = g_strdup ("arcmage-2021");
  raw->by_type = TRUE;
  raw->name = g_strdup (dw_json_object_get_text (root, "name"));

  cards = json_node_get_array (cards_node);
  for (guint i = 0; i < json_array_get_length (cards); i++)
    {
      JsonNode *item_node = json_array_get_element (cards, i);
      JsonObject *item = JSON_NODE_HOLDS_OBJECT (item_node) ? json_node_get_object (item_node) : NULL;
      JsonNode *card_node = item ? json_object_get_member (item, "card") : NULL;
      JsonObject *card = (card_node && JSON_NODE_HOLDS_OBJECT (card_node))
                         ? json_node_get_object (card_node) : NULL;
      const char *name = dw_json_object_get_text (card, "name");
      const char *guid = dw_json_object_get_text (card, "guid");
      const char *sub_type = dw_json_object_get_text (card, "subType");
      RawEntry *entry;
      gint64 quantity;

      if (item == NULL)
        {
          dw_json_document_set_error (error, document, root, _("entry %u of “deckCards” is not an object"), i + 1);
          return NULL;
        }
      if (card == NULL || ((name == NULL || *name == '\0') && (guid == NULL || *guid == '\0')))
        {
          dw_json_document_set_error (error, document, item,
                      _("entry %u of “deckCards” has no “card” with a name or a guid"), i + 1);
          return NULL;
        }
      if (!dw_json_object_get_int (item, "quantity", &quantity) ||
          quantity < 1 || quantity > MAX_COUNT)
        {
          dw_json_document_set_error (error, document, item,
                      _("the “quantity” of “%s” must be a whole number from 1 to %u"),
                      name ? name : guid, MAX_COUNT);
          return NULL;
        }

      entry = raw_deck_add (raw, NULL, guid, name, (guint) quantity,
                            dw_json_document_line_of (document, item));
      entry->type = g_strdup (dw_json_object_get_named (card, "type"));
      entry->token = sub_type != NULL && strstr (sub_type, "Token") != NULL;
    }

  return g_steal_pointer (&raw);
}

/* Whether @deck, saved, opens again as the same deck: saving what that
 * opens gives the very same file.  Every importer is held to it, so that
 * what a file could not be kept as (a name that loses its spaces, two
 * sections whose names a save would make one) is an error here, with
 * nothing written, rather than a deck file that does not open. */
static gboolean
check_reopens (DwDeck      *deck,
               const char  *display_name,
               GError     **error)
{
  g_autofree char *saved = dw_deck_to_string (deck);
  g_autofree char *saved_again = NULL;
  g_autofree char *reason = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(DwDeck) reopened = dw_deck_load_data (saved, strlen (saved), _("the deck as saved"),
                                                  &local_error);

  if (reopened == NULL)
    reason = g_strdup (local_error->message);
  else
    {
      guint line = 1;

      saved_again = dw_deck_to_string (reopened);
      if (strcmp (saved, saved_again) == 0)
        return TRUE;
      for (gsize i = 0; saved[i] == saved_again[i]; i++)
        if (saved[i] == '\n')
          line++;
      reason = g_strdup_printf (_("line %u of the saved deck reads back otherwise"), line);
    }

  g_set_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_NOT_KEPT,
               _("%s: the deck read from this file would not open again as the same deck once "
                 "saved (%s), so it is not taken in; please report this to Deckwright's "
                 "developers with the file"),
               display_name, reason);
  return FALSE;
}

const char *
dw_import_kind_to_string (DwImportKind kind)
{
  switch (kind)
    {
    case DW_IMPORT_TEXT:
      return "text";
    case DW_IMPORT_CSV:
      return "csv";
    case DW_IMPORT_COD:
      return "cod";
    case DW_IMPORT_ARCMAGE_JSON:
      return "arcmage-json";
    case DW_IMPORT_XML:
      return "xml";
    case DW_IMPORT_CODE:
      return "code";
    case DW_IMPORT_AUTO:
    default:
      return "auto";
    }
}

/* What a file holds, from its first characters where they say it (JSON,
 * XML, and which XML), else from its name, else from whether its first
 * line is a CSV header. */
DwImportKind
dw_import_sniff (const char *file_name,
                 const char *data,
                 gsize       length)
{
  g_autofree char *lower_name = g_ascii_strdown (file_name ? file_name : "", -1);
  g_autofree char *first_line = NULL;
  const char *p = data;
  const char *end = data + length;
  const char *nl;

  if (length >= 3 && memcmp (p, "\xef\xbb\xbf", 3) == 0)
    p += 3;
  while (p < end && g_ascii_isspace (*p))
    p++;

  if (p < end && (*p == '{' || *p == '['))
    return DW_IMPORT_ARCMAGE_JSON;
  if (p < end && *p == '<')
    {
      gsize window = MIN ((gsize) (end - p), 4096);
      g_autofree char *head = g_strndup (p, window);

      return strstr (head, "<cockatrice_deck") ? DW_IMPORT_COD : DW_IMPORT_XML;
    }
  if (dw_deck_code_looks_like (p, end - p))
    return DW_IMPORT_CODE;

  if (g_str_has_suffix (lower_name, ".cod"))
    return DW_IMPORT_COD;
  if (g_str_has_suffix (lower_name, ".json"))
    return DW_IMPORT_ARCMAGE_JSON;
  if (g_str_has_suffix (lower_name, ".csv"))
    return DW_IMPORT_CSV;
  if (g_str_has_suffix (lower_name, ".xml"))
    return DW_IMPORT_XML;

  /* Plain text or CSV, whatever the name (".txt" says little). */
  nl = memchr (p, '\n', end - p);
  first_line = g_ascii_strdown (p, nl ? nl - p : end - p);
  if (strstr (first_line, "name") != NULL && strpbrk (first_line, ",;\t") != NULL &&
      (strstr (first_line, "count") || strstr (first_line, "quantity") || strstr (first_line, "qty")))
    return DW_IMPORT_CSV;
  return DW_IMPORT_TEXT;
}

static void
refuse_character (GError     **error,
                  const char  *display_name,
                  guint        line,
                  guint        column,
                  gunichar     c)
{
  g_set_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED,
               _("%s:%u:%u: the file holds U+%04X, %s, which no Deckwright file can keep; "
                 "remove it"), display_name, line, column, c, dw_xml_describe_non_char (c));
}

/* Whether the UTF-8 text from @text to @end holds only characters a deck
 * or card database can keep (dw_xml_is_char ()): else the error names the
 * first other.  A deck that took in "x\x03" as a section's name would be
 * saved with U+FFFD in its place, where it could meet another section's
 * name and make a file that never opens again. */
static gboolean
check_characters (const char  *text,
                  const char  *end,
                  const char  *display_name,
                  GError     **error)
{
  for (const char *p = text; p < end; p = g_utf8_next_char (p))
    {
      gunichar c = (guchar) *p < 0x80 ? (gunichar) *p : g_utf8_get_char (p);

      if (!dw_xml_is_char (c))
        {
          guint line, column;

          position_in (text, p, &line, &column);
          refuse_character (error, display_name, line, column, c);
          return FALSE;
        }
    }
  return TRUE;
}

/* The text of a file as UTF-8: a byte-order mark is dropped, UTF-16 (as
 * spreadsheets save "Unicode text") converted; anything else must be
 * UTF-8, or the error names the line and column of the first bad byte.
 * Characters XML cannot hold (controls but tab and line ends, U+FFFE,
 * U+FFFF) are refused the same way. */
char *
dw_import_decode_text (const char  *data,
                       gsize        length,
                       const char  *display_name,
                       GError     **error)
{
  g_autofree char *converted = NULL;
  const char *utf16 = NULL;
  const char *text = data;
  gsize text_len = length;
  const char *bad;
  gboolean valid;

  if (length >= 2 && (guchar) data[0] == 0xff && (guchar) data[1] == 0xfe)
    utf16 = "UTF-16LE";
  else if (length >= 2 && (guchar) data[0] == 0xfe && (guchar) data[1] == 0xff)
    utf16 = "UTF-16BE";

  if (utf16 != NULL)
    {
      converted = g_convert (data + 2, length - 2, "UTF-8", utf16, NULL, &text_len, NULL);
      if (converted == NULL)
        {
          g_set_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED,
                       _("%s:1:1: the file starts as UTF-16 text but is not"), display_name);
          return NULL;
        }
      text = converted;
    }
  else if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    {
      text += 3;
      text_len -= 3;
    }

  valid = g_utf8_validate_len (text, text_len, &bad);
  if (!check_characters (text, valid ? text + text_len : bad, display_name, error))
    return NULL;
  if (!valid)
    {
      guint line, column;

      position_in (text, bad, &line, &column);
      /* g_utf8_validate_len () stops at a null byte too, which is UTF-8
       * but a character no file of ours can hold. */
      if (*bad == '\0')
        refuse_character (error, display_name, line, column, 0);
      else
        g_set_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED,
                     _("%s:%u:%u: the file is not UTF-8 text"), display_name, line, column);
      return NULL;
    }

  return g_strndup (text, text_len);
}

static DwDeck *
import_code (DwLibrary   *library,
             const char  *data,
             gsize        length,
             const char  *display_name,
             GError     **error)
{
  g_autofree char *text = dw_import_decode_text (data, length, display_name, error);
  DwDeck *deck;

  if (text == NULL)
    return NULL;
  deck = dw_deck_code_decode (library, text, error);
  if (deck == NULL)
    g_prefix_error (error, "%s: ", display_name);
  return deck;
}

/* Reads a deck of @kind (DW_IMPORT_AUTO: sniffed) for @game (NULL: the
 * file's own game, or the one whose databases know most of its cards).
 * Entries no database knows stay in the deck, each adding a
 * "file:line: …" message to @warnings (of char *, may be NULL). */
DwDeck *
dw_import_deck_data (DwLibrary     *library,
                     const char    *data,
                     gsize          length,
                     const char    *display_name,
                     DwImportKind   kind,
                     DwGame        *game,
                     GPtrArray     *warnings,
                     GError       **error)
{
  g_autoptr(RawDeck) raw = NULL;
  g_autoptr(DwDeck) deck = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);
  g_return_val_if_fail (data != NULL || length == 0, NULL);

  if (kind == DW_IMPORT_AUTO)
    kind = dw_import_sniff (display_name, data, length);

  if (kind == DW_IMPORT_XML || kind == DW_IMPORT_CODE)
    {
      g_autoptr(DwDeck) deck = NULL;
      DwGame *deck_game;

      if (kind == DW_IMPORT_CODE)
        deck = import_code (library, data, length, display_name, error);
      else
        deck = dw_deck_load_data (data, length, display_name, error);
      if (deck == NULL)
        return NULL;
      deck_game = dw_library_lookup_game (library, dw_deck_get_game_id (deck));
      if (game != NULL && deck_game != game)
        {
          g_set_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_WRONG_GAME,
                       _("%s: the deck is for %s, not %s"), display_name,
                       deck_game ? dw_game_get_name (deck_game) : dw_deck_get_game_id (deck),
                       dw_game_get_name (game));
          return NULL;
        }

      dw_library_resolve_deck (library, deck);
      if (warnings != NULL)
        warn_unknown (deck, display_name, deck_game ? dw_game_get_name (deck_game)
                                                    : dw_deck_get_game_id (deck), warnings);
      return g_steal_pointer (&deck);
    }

  if (kind == DW_IMPORT_COD)
    raw = parse_cod (data, length, display_name, error);
  else
    {
      text = dw_import_decode_text (data, length, display_name, error);
      if (text == NULL)
        return NULL;
      if (kind == DW_IMPORT_ARCMAGE_JSON)
        raw = parse_arcmage_json (text, strlen (text), display_name, error);
      else if (kind == DW_IMPORT_CSV)
        raw = parse_csv (text, display_name, error);
      else
        raw = parse_text (library, text, display_name, error);
    }
  if (raw == NULL)
    return NULL;

  deck = build_deck (library, raw, display_name, game, warnings, error);
  if (deck == NULL || !check_reopens (deck, display_name, error))
    return NULL;
  return g_steal_pointer (&deck);
}

DwDeck *
dw_import_deck_file (DwLibrary     *library,
                     const char    *path,
                     DwImportKind   kind,
                     DwGame        *game,
                     GPtrArray     *warnings,
                     GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  /* A deck in any format is bounded as a deck file is. */
  if (!dw_file_read_bounded (path, DW_XML_MAX_FILE_SIZE, &data, &length, &local_error))
    {
      g_set_error_literal (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_IO, local_error->message);
      return NULL;
    }
  return dw_import_deck_data (library, data, length, path, kind, game, warnings, error);
}
