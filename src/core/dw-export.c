/* dw-export.c — writing a deck as text, CSV, a Cockatrice deck or our XML
 *
 * Each format is what its readers expect, not a dump of ours: the text is
 * Arcmage's own deck text, the CSV opens in any spreadsheet, and the .cod
 * file opens in Cockatrice with the same fingerprint Cockatrice prints.
 * dw-import.c reads every one of them back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-deck-code.h"
#include "dw-export.h"
#include "dw-deck-versions.h"
#include "dw-xml.h"

G_DEFINE_QUARK (dw-export-error-quark, dw_export_error)

static const char * const kind_names[] = {
  [DW_EXPORT_PDF] = "pdf",
  [DW_EXPORT_TEXT] = "text",
  [DW_EXPORT_CSV] = "csv",
  [DW_EXPORT_COD] = "cod",
  [DW_EXPORT_XML] = "xml",
  [DW_EXPORT_CODE] = "code",
  [DW_EXPORT_PNG] = "png",
};

/* Names, sections and text fields may hold line breaks; the line-based
 * formats cannot, so a break becomes a space. */
static char *
one_line (const char *text)
{
  char *line = g_strdup (text ? text : "");

  for (char *p = line; *p; p++)
    if (*p == '\n' || *p == '\r')
      *p = ' ';
  return g_strstrip (line);
}

static void
append_entry_ids (GString     *out,
                  DwDeckEntry *entry)
{
  DwCard *card = dw_deck_entry_get_card (entry);
  const char *id = dw_deck_entry_get_id (entry);

  if (id == NULL && card != NULL)
    id = dw_card_get_id (card);
  g_string_append (out, id ? id : "");
}

/* The main section first, then the others in the deck's order: every
 * format here writes the main deck without a heading.  The cards being
 * considered are no part of a decklist. */
static GPtrArray *
sections_in_order (DwDeck *deck,
                   DwGame *game)
{
  GPtrArray *ids = g_ptr_array_new ();

  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < dw_deck_get_n_sections (deck); i++)
      {
        const char *id = dw_deck_get_section_id (deck, i);
        DwSectionRole role = dw_section_role (game, id);

        if (role != DW_SECTION_ROLE_CONSIDERING && (pass == 0) == (role == DW_SECTION_ROLE_MAIN))
          g_ptr_array_add (ids, (gpointer) id);
      }
  return ids;
}

static gboolean
holds_token (GListModel *entries)
{
  for (guint i = 0; i < g_list_model_get_n_items (entries); i++)
    {
      g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i);
      DwCard *card = dw_deck_entry_get_card (entry);

      if (card != NULL && dw_card_is_token (card))
        return TRUE;
    }
  return FALSE;
}

/* Qt's QString::toLower, which Cockatrice's hash uses: each character
 * on its own takes its simple lower case, whatever the locale and
 * whatever follows it (a final Σ is σ, never ς; a Turkish locale changes
 * nothing), and U+0130 İ takes its one unconditional special mapping,
 * "i" and U+0307.  g_utf8_strdown () follows the locale and the context,
 * so it cannot be used here. */
static char *
lower_as_qt (const char *text)
{
  GString *out = g_string_sized_new (strlen (text));

  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c < 0x80)
        g_string_append_c (out, g_ascii_tolower ((char) c));
      else if (c == 0x0130)
        g_string_append (out, "i\xcc\x87");
      else
        g_string_append_unichar (out, g_unichar_tolower (c));
    }
  return g_string_free (out, FALSE);
}

/* One card's copies in the hash: its prepared text (first, so that
 * compare_utf16 () reads it), and how many. */
typedef struct
{
  char  *text;
  guint  copies;
} Copies;

/* The first UTF-16 code unit of @c: itself in the basic plane, its high
 * surrogate above it. */
static gunichar
first_utf16_unit (gunichar c)
{
  return c < 0x10000 ? c : 0xd800 + ((c - 0x10000) >> 10);
}

/* Qt sorts a QStringList by UTF-16 code units; the byte order of UTF-8 is
 * code point order, which differs from it only where a character above
 * the basic plane meets one from U+E000 to U+FFFF.  So compare bytes and
 * look at the first characters that differ as Qt would, without making
 * UTF-16 copies (a sort makes millions of comparisons at an event). */
static int
compare_utf16 (gconstpointer a,
               gconstpointer b)
{
  const char *sa = *(const char * const *) a;
  const char *sb = *(const char * const *) b;
  const char *pa = sa, *pb = sb;
  gunichar ca, cb;

  while (*pa && *pa == *pb)
    {
      pa++;
      pb++;
    }
  if (*pa == *pb)
    return 0;
  if (*pa == '\0' || *pb == '\0')
    return *pa == '\0' ? -1 : 1;

  /* Back to the start of the characters that differ. */
  while (pa > sa && ((guchar) *pa & 0xc0) == 0x80)
    {
      pa--;
      pb--;
    }
  ca = g_utf8_get_char (pa);
  cb = g_utf8_get_char (pb);
  if (ca >= 0x10000 && cb >= 0x10000)
    return ca < cb ? -1 : 1;
  return first_utf16_unit (ca) < first_utf16_unit (cb) ? -1 : 1;
}

gboolean
dw_csv_needs_guard (const char *text)
{
  if (text == NULL)
    return FALSE;
  if (*text == '\'')
    return dw_csv_needs_guard (text + 1);
  return *text != '\0' && strchr ("=+-@\t\r", *text) != NULL;
}

/* One field of RFC 4180 CSV.  A text a spreadsheet would run as a
 * formula ("=cmd|' /C calc'!A0") gets a leading ' so that it shows as
 * text; dw_import takes the quote off again.  A text that itself starts
 * with ' before such a character gets one more, so every text comes
 * back as it was. */
void
dw_csv_append_field (GString    *out,
                     const char *text)
{
  g_autofree char *guarded = NULL;

  if (text == NULL)
    return;
  if (dw_csv_needs_guard (text))
    text = guarded = g_strconcat ("'", text, NULL);

  /* RFC 4180: quote a field holding a separator, a quote or a line
   * break, and double the quotes inside. */
  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (out, text);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = text; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

gboolean
dw_export_kind_from_string (const char   *name,
                            DwExportKind *kind)
{
  for (guint i = 0; name && i < G_N_ELEMENTS (kind_names); i++)
    if (g_ascii_strcasecmp (name, kind_names[i]) == 0)
      {
        *kind = (DwExportKind) i;
        return TRUE;
      }
  return FALSE;
}

const char *
dw_export_kind_to_string (DwExportKind kind)
{
  g_return_val_if_fail (kind < G_N_ELEMENTS (kind_names), NULL);
  return kind_names[kind];
}

/* Without a game (a deck for a game Deckwright does not know) the names
 * of the shipped games' sections still say what a section is. */
DwSectionRole
dw_section_role (DwGame     *game,
                 const char *section_id)
{
  const DwSectionDef *def;

  if (dw_section_is_considering (section_id))
    return DW_SECTION_ROLE_CONSIDERING;
  if (game == NULL)
    {
      if (g_strcmp0 (section_id, "main") == 0)
        return DW_SECTION_ROLE_MAIN;
      if (g_strcmp0 (section_id, "tokens") == 0)
        return DW_SECTION_ROLE_TOKENS;
      return DW_SECTION_ROLE_OTHER;
    }

  def = dw_game_lookup_section (game, section_id);
  if (def == NULL)
    return DW_SECTION_ROLE_OTHER;
  if (def->tokens)
    return DW_SECTION_ROLE_TOKENS;
  if (dw_game_get_n_sections (game) > 0 && dw_game_get_section (game, 0) == def)
    return DW_SECTION_ROLE_MAIN;
  return DW_SECTION_ROLE_SIDE;
}

/* "Regions", "Connections": the game's name for a section, else its id. */
const char *
dw_section_display_name (DwGame     *game,
                         const char *section_id)
{
  const DwSectionDef *def = game ? dw_game_lookup_section (game, section_id) : NULL;

  return def ? def->name : section_id;
}

/* Arcmage's deck text: "# Name by Author", a blank line, "3x Card Name"
 * lines; each other section follows under a "## Section" heading.
 * Cockatrice's text import skips the headings as comments, so each line
 * of a side section (Arcmage's regions, Coraabia's connections) starts
 * with Cockatrice's "SB: ", and each token's line is itself a comment
 * ("// 6x Briar Sapling", which dw_import reads back under its heading):
 * Cockatrice's deck then holds what its .cod would, and its hash is
 * dw_deck_fingerprint (). */
char *
dw_export_text (DwDeck *deck,
                DwGame *game)
{
  g_autoptr(GPtrArray) sections = NULL;
  g_autofree char *name = NULL;
  g_autofree char *author = NULL;
  GString *out;

  g_return_val_if_fail (DW_IS_DECK (deck), NULL);

  out = g_string_new (NULL);
  name = one_line (dw_deck_get_name (deck));
  author = one_line (dw_deck_get_author (deck));
  g_string_append_printf (out, "# %s", *name ? name : _("Untitled deck"));
  if (*author)
    g_string_append_printf (out, " by %s", author);
  g_string_append (out, "\n");

  sections = sections_in_order (deck, game);
  for (guint i = 0; i < sections->len; i++)
    {
      const char *section_id = g_ptr_array_index (sections, i);
      GListModel *entries = dw_deck_get_section (deck, section_id);
      guint n = g_list_model_get_n_items (entries);
      DwSectionRole role = dw_section_role (game, section_id);
      const char *prefix = role == DW_SECTION_ROLE_SIDE ? "SB: " : role == DW_SECTION_ROLE_TOKENS ? "// " : "";

      g_string_append_c (out, '\n');
      /* Importers send tokens listed without a heading to the tokens, so
       * a main deck that does hold a token says so with its heading. */
      if (dw_section_role (game, section_id) != DW_SECTION_ROLE_MAIN || holds_token (entries))
        {
          g_autofree char *heading = one_line (dw_section_display_name (game, section_id));
          g_string_append_printf (out, "## %s\n", heading);
        }

      for (guint j = 0; j < n; j++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, j);
          g_autofree char *card_name = one_line (dw_deck_entry_get_display_name (entry));

          g_string_append_printf (out, "%s%ux %s\n", prefix, dw_deck_entry_get_count (entry), card_name);
        }
    }

  return g_string_free (out, FALSE);
}

/* One row per entry, with a header row, in RFC 4180's CSV: the columns an
 * organiser sorts and filters by. */
char *
dw_export_csv (DwDeck *deck,
               DwGame *game)
{
  g_autoptr(GPtrArray) sections = NULL;
  GString *out;

  g_return_val_if_fail (DW_IS_DECK (deck), NULL);

  out = g_string_new ("count,name,id,section,type,faction,cost\r\n");
  sections = sections_in_order (deck, game);
  for (guint i = 0; i < sections->len; i++)
    {
      const char *section_id = g_ptr_array_index (sections, i);
      GListModel *entries = dw_deck_get_section (deck, section_id);
      guint n = g_list_model_get_n_items (entries);

      for (guint j = 0; j < n; j++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, j);
          g_autoptr(GString) id = g_string_new (NULL);
          DwCard *card = dw_deck_entry_get_card (entry);

          append_entry_ids (id, entry);
          g_string_append_printf (out, "%u,", dw_deck_entry_get_count (entry));
          dw_csv_append_field (out, dw_deck_entry_get_display_name (entry));
          g_string_append_c (out, ',');
          dw_csv_append_field (out, id->str);
          g_string_append_c (out, ',');
          dw_csv_append_field (out, section_id);
          g_string_append_c (out, ',');
          dw_csv_append_field (out, card ? dw_card_get_card_type (card) : NULL);
          g_string_append_c (out, ',');
          dw_csv_append_field (out, card ? dw_card_get_value (card, "faction") : NULL);
          g_string_append_c (out, ',');
          dw_csv_append_field (out, card ? dw_card_get_value (card, "cost") : NULL);
          g_string_append (out, "\r\n");
        }
    }

  return g_string_free (out, FALSE);
}

static void
append_zone (GString    *out,
             DwDeck     *deck,
             const char *zone,
             GPtrArray  *section_ids)
{
  gboolean opened = FALSE;

  for (guint i = 0; i < section_ids->len; i++)
    {
      GListModel *entries = dw_deck_get_section (deck, g_ptr_array_index (section_ids, i));
      guint n = g_list_model_get_n_items (entries);

      for (guint j = 0; j < n; j++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, j);

          if (!opened)
            {
              g_string_append (out, "    <zone name=\"");
              dw_xml_escape_attribute (out, zone);
              g_string_append (out, "\">\n");
              opened = TRUE;
            }
          g_string_append_printf (out, "        <card number=\"%u\" name=\"",
                                  dw_deck_entry_get_count (entry));
          dw_xml_escape_attribute (out, dw_deck_entry_get_display_name (entry));
          g_string_append (out, "\"/>\n");
        }
    }
  if (opened)
    g_string_append (out, "    </zone>\n");
}

/* A Cockatrice deck: Cockatrice knows only the zones main, side and
 * tokens, so the game's other counted sections (Arcmage's regions,
 * Coraabia's connections) go to side; dw-import.c sends them back by
 * card type.  A section the game does not declare keeps its own zone;
 * the cards being considered are left out, as no part of the deck. */
char *
dw_export_cod (DwDeck *deck,
               DwGame *game)
{
  g_autoptr(GPtrArray) main_ids = g_ptr_array_new ();
  g_autoptr(GPtrArray) side_ids = g_ptr_array_new ();
  g_autoptr(GPtrArray) token_ids = g_ptr_array_new ();
  GString *out;

  g_return_val_if_fail (DW_IS_DECK (deck), NULL);

  for (guint i = 0; i < dw_deck_get_n_sections (deck); i++)
    {
      const char *id = dw_deck_get_section_id (deck, i);

      switch (dw_section_role (game, id))
        {
        case DW_SECTION_ROLE_MAIN:
          g_ptr_array_add (main_ids, (gpointer) id);
          break;
        case DW_SECTION_ROLE_SIDE:
          g_ptr_array_add (side_ids, (gpointer) id);
          break;
        case DW_SECTION_ROLE_TOKENS:
          g_ptr_array_add (token_ids, (gpointer) id);
          break;
        case DW_SECTION_ROLE_OTHER:
        case DW_SECTION_ROLE_CONSIDERING:
        default:
          break;
        }
    }

  out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<cockatrice_deck version=\"1\">\n");
  g_string_append (out, "    <deckname>");
  dw_xml_escape_text (out, dw_deck_get_name (deck) ? dw_deck_get_name (deck) : "");
  g_string_append (out, "</deckname>\n");
  /* Cockatrice keeps <format> (its legality and search read it) and
   * skips elements it does not know, so <game> costs it nothing; a
   * deck saved again by Cockatrice keeps the format, which alone names
   * the game (format ids are the game's own). */
  if (dw_deck_get_format_id (deck) != NULL)
    {
      g_string_append (out, "    <format>");
      dw_xml_escape_text (out, dw_deck_get_format_id (deck));
      g_string_append (out, "</format>\n");
    }
  g_string_append (out, "    <game>");
  dw_xml_escape_text (out, dw_deck_get_game_id (deck));
  g_string_append (out, "</game>\n    <comments>");
  dw_xml_escape_text (out, dw_deck_get_notes (deck) ? dw_deck_get_notes (deck) : "");
  g_string_append (out, "</comments>\n");

  append_zone (out, deck, "main", main_ids);
  append_zone (out, deck, "side", side_ids);
  append_zone (out, deck, "tokens", token_ids);

  for (guint i = 0; i < dw_deck_get_n_sections (deck); i++)
    {
      const char *id = dw_deck_get_section_id (deck, i);

      if (dw_section_role (game, id) == DW_SECTION_ROLE_OTHER)
        {
          g_autoptr(GPtrArray) one = g_ptr_array_new ();

          g_ptr_array_add (one, (gpointer) id);
          append_zone (out, deck, id, one);
        }
    }

  g_string_append (out, "</cockatrice_deck>\n");
  return g_string_free (out, FALSE);
}

/* The deck's code on a line of its own, its name included. */
static char *
export_code (DwDeck  *deck,
             DwGame  *game,
             GError **error)
{
  g_autofree char *code = NULL;

  if (game == NULL)
    {
      g_set_error (error, DW_EXPORT_ERROR, DW_EXPORT_ERROR_UNKNOWN_KIND,
                   _("the deck is for the game “%s”, which Deckwright does not know, and a deck "
                     "code needs the game's definition"), dw_deck_get_game_id (deck));
      return NULL;
    }
  code = dw_deck_code_encode (deck, game, TRUE, error);
  return code ? g_strconcat (code, "\n", NULL) : NULL;
}

/* The text of any kind but pdf and png, which are drawn (see dw-sheet.h,
 * dw-deck-picture.h). */
char *
dw_export_to_string (DwDeck        *deck,
                     DwGame        *game,
                     DwExportKind   kind,
                     GError       **error)
{
  g_return_val_if_fail (DW_IS_DECK (deck), NULL);

  switch (kind)
    {
    case DW_EXPORT_TEXT:
      return dw_export_text (deck, game);
    case DW_EXPORT_CSV:
      return dw_export_csv (deck, game);
    case DW_EXPORT_COD:
      return dw_export_cod (deck, game);
    case DW_EXPORT_XML:
      return dw_deck_to_string (deck);
    case DW_EXPORT_CODE:
      return export_code (deck, game, error);
    case DW_EXPORT_PNG:
      g_set_error (error, DW_EXPORT_ERROR, DW_EXPORT_ERROR_UNKNOWN_KIND,
                   _("a picture of the deck is drawn, not written as text"));
      return NULL;
    case DW_EXPORT_PDF:
    default:
      g_set_error (error, DW_EXPORT_ERROR, DW_EXPORT_ERROR_UNKNOWN_KIND,
                   _("a registration sheet is drawn, not written as text"));
      return NULL;
    }
}

/* Writes atomically, so a failed export never leaves half a file. */
gboolean
dw_export_save (DwDeck        *deck,
                DwGame        *game,
                DwExportKind   kind,
                const char    *path,
                GError       **error)
{
  g_autofree char *text = dw_export_to_string (deck, game, kind, error);

  if (text == NULL)
    return FALSE;
  /* Every kind written here is a deck file: in a deck library, what it
   * replaces is kept as a version. */
  return dw_deck_versions_save_file (path, text, -1, error);
}

/* The hash of @copies (sorted here): every copy's text, in Qt's order,
 * joined with ';', SHA-1, the first 40 bits written in base 32 with the
 * digits 0-9a-v and padded to eight characters. */
static char *
fingerprint_of_copies (GArray *copies)
{
  static const char digits[] = "0123456789abcdefghijklmnopqrstuv";
  g_autoptr(GChecksum) sha1 = g_checksum_new (G_CHECKSUM_SHA1);
  guint8 digest[20];
  gsize digest_len = sizeof digest;
  gboolean first = TRUE;
  guint64 number = 0;
  char text[9];

  g_array_sort (copies, compare_utf16);
  for (guint i = 0; i < copies->len; i++)
    {
      const Copies *card = &g_array_index (copies, Copies, i);
      gsize length = strlen (card->text);

      for (guint copy = 0; copy < card->copies; copy++)
        {
          if (!first)
            g_checksum_update (sha1, (const guchar *) ";", 1);
          g_checksum_update (sha1, (const guchar *) card->text, (gssize) length);
          first = FALSE;
        }
    }
  g_checksum_get_digest (sha1, digest, &digest_len);

  for (guint i = 0; i < 5; i++)
    number = (number << 8) | digest[i];
  for (int i = 7; i >= 0; i--)
    {
      text[i] = digits[number & 31];
      number >>= 5;
    }
  text[8] = '\0';
  return g_strdup (text);
}

/* Cockatrice's deck hash of already prepared card strings (lower-cased
 * names, one per copy, "SB:" before side-board cards), sorted as Qt
 * sorts.  Sorts @cards. */
char *
dw_fingerprint_compute (GPtrArray *cards)
{
  g_autoptr(GArray) copies = g_array_sized_new (FALSE, FALSE, sizeof (Copies), cards->len);
  char *print;

  for (guint i = 0; i < cards->len; i++)
    {
      Copies card = { g_ptr_array_index (cards, i), 1 };

      g_array_append_val (copies, card);
    }
  print = fingerprint_of_copies (copies);
  for (guint i = 0; i < cards->len; i++)
    cards->pdata[i] = g_array_index (copies, Copies, i).text;
  return print;
}

static void
clear_copies (gpointer data)
{
  g_free (((Copies *) data)->text);
}

/* The eight characters Cockatrice shows for this deck once exported as a
 * .cod file: the main section's cards as they are, the other counted
 * sections' as side board, tokens left out (so are sections the game does
 * not declare, which are no part of the deck).  Each entry's text is
 * made once, however many copies it has: an event hashes thousands. */
char *
dw_deck_fingerprint (DwDeck *deck,
                     DwGame *game)
{
  g_autoptr(GArray) copies = g_array_new (FALSE, FALSE, sizeof (Copies));

  g_return_val_if_fail (DW_IS_DECK (deck), NULL);

  g_array_set_clear_func (copies, clear_copies);
  for (guint i = 0; i < dw_deck_get_n_sections (deck); i++)
    {
      const char *section_id = dw_deck_get_section_id (deck, i);
      DwSectionRole role = dw_section_role (game, section_id);
      GListModel *entries;
      guint n;

      if (role != DW_SECTION_ROLE_MAIN && role != DW_SECTION_ROLE_SIDE)
        continue;

      entries = dw_deck_get_section (deck, section_id);
      n = g_list_model_get_n_items (entries);
      for (guint j = 0; j < n; j++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, j);
          g_autofree char *lower = lower_as_qt (dw_deck_entry_get_display_name (entry));
          Copies card = { g_strconcat (role == DW_SECTION_ROLE_SIDE ? "SB:" : "", lower, NULL),
                          dw_deck_entry_get_count (entry) };

          g_array_append_val (copies, card);
        }
    }

  return fingerprint_of_copies (copies);
}
