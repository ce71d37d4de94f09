/* dw-import.c — reading decks written by people and by other programs
 *
 * Every reader turns its file into the same plain list of entries — the
 * section as the file names it, the id or name, the count and the line —
 * and one builder makes the deck: it tells the game from the cards when
 * the file does not say, maps each file's sections onto the game's, and
 * keeps a card no database knows as an unknown entry, reported with its
 * line, never dropped.  The readers are dw-import-{text,csv,cod,json}.c,
 * their common list dw-import-raw.c; here are the sniffing, the
 * decoding of text and the builder.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-deck-code.h"
#include "dw-export.h"
#include "dw-import-private.h"
#include "dw-xml.h"

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
section_for (DwRawDeck  *raw,
             DwGame   *game,
             DwRawEntry *entry,
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

  key = dw_import_label_key (entry->section);
  for (guint i = 0; i < dw_game_get_n_sections (game); i++)
    {
      const DwSectionDef *def = dw_game_get_section (game, i);
      g_autofree char *id_key = g_utf8_casefold (def->id, -1);
      g_autofree char *name_key = g_utf8_casefold (def->name, -1);

      if (strcmp (key, id_key) == 0 || strcmp (key, name_key) == 0)
        return def->id;
    }

  if (g_strv_contains (dw_import_main_aliases, key))
    return main_section_id (game);
  if (g_strv_contains (dw_import_token_aliases, key))
    return tokens ? tokens->id : "tokens";
  if (g_strv_contains (dw_import_side_aliases, key))
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
             DwRawDeck    *raw)
{
  guint known = 0;

  for (guint i = 0; i < raw->entries->len; i++)
    {
      DwRawEntry *entry = g_ptr_array_index (raw->entries, i);

      if (dw_library_lookup_card (library, game_id, entry->id, 0, entry->name) != NULL)
        known++;
    }
  return known;
}

/* The game whose databases know the most of the deck's cards. */
static DwGame *
guess_game (DwLibrary *library,
            DwRawDeck   *raw)
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
            DwRawDeck     *raw,
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
      DwRawEntry *raw_entry = g_ptr_array_index (raw->entries, i);
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
      DwRawEntry *raw_entry = g_ptr_array_index (raw->entries, i);
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
  g_autoptr(DwRawDeck) raw = NULL;
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
    raw = dw_import_parse_cod (data, length, display_name, error);
  else
    {
      text = dw_import_decode_text (data, length, display_name, error);
      if (text == NULL)
        return NULL;
      if (kind == DW_IMPORT_ARCMAGE_JSON)
        raw = dw_import_parse_arcmage_json (text, strlen (text), display_name, error);
      else if (kind == DW_IMPORT_CSV)
        raw = dw_import_parse_csv (text, display_name, error);
      else
        raw = dw_import_parse_text (library, text, display_name, error);
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
