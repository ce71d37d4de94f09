/* test-import.c — what dw-import.h and dw-import-cards.h promise
 *
 * Decks as players paste them, as spreadsheets and Cockatrice save them
 * and as the Arcmage web API serves them; the Arcmage web API's cards; a
 * round trip of every shipped deck through every format; and the real
 * Arcmage data of ../shared/reference (skipped where it is absent).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <libxml/relaxng.h>
#include <locale.h>
#include <string.h>

#include "dw-export.h"
#include "dw-import.h"
#include "dw-import-cards.h"
#include "dw-test-util.h"
#include "dw-validate.h"

typedef enum
{
  KEEPS_IDS = 1 << 0,
  KEEPS_NAME = 1 << 1,
  KEEPS_AUTHOR = 1 << 2,
  KEEPS_NOTES = 1 << 3,
  KEEPS_FORMAT = 1 << 4,
} Keeps;

typedef struct
{
  DwExportKind  kind;
  const char   *file_name;
  Keeps         keeps;
} RoundTrip;

static const RoundTrip round_trips[] = {
  { DW_EXPORT_TEXT, "deck.txt", KEEPS_NAME | KEEPS_AUTHOR },
  { DW_EXPORT_CSV, "deck.csv", KEEPS_IDS },
  { DW_EXPORT_COD, "deck.cod", KEEPS_NAME | KEEPS_NOTES | KEEPS_FORMAT },
  { DW_EXPORT_XML, "deck.xml", KEEPS_IDS | KEEPS_NAME | KEEPS_AUTHOR | KEEPS_NOTES | KEEPS_FORMAT },
};

static const char * const real_decks[] = {
  "ablaze", "brothers-in-arms", "dunefolk", "enchanted-world", "gaian-love-for-life",
};

static DwLibrary *library;

static DwGame *
game (const char *id)
{
  DwGame *found = dw_library_lookup_game (library, id);

  g_assert_nonnull (found);
  return found;
}

static DwDeck *
import_text (const char  *text,
             const char  *name,
             DwImportKind kind,
             DwGame      *hint,
             GPtrArray   *warnings,
             GError     **error)
{
  return dw_import_deck_data (library, text, strlen (text), name, kind, hint, warnings, error);
}

static DwDeck *
import_ok (const char  *text,
           const char  *name,
           GPtrArray   *warnings)
{
  g_autoptr(GError) error = NULL;
  DwDeck *deck = import_text (text, name, DW_IMPORT_AUTO, NULL, warnings, &error);

  g_assert_no_error (error);
  g_assert_nonnull (deck);
  return deck;
}

static DwDeckEntry *
entry_at (DwDeck     *deck,
          const char *section,
          guint       index)
{
  GListModel *entries = dw_deck_get_section (deck, section);

  g_assert_nonnull (entries);
  g_assert_cmpuint (index, <, g_list_model_get_n_items (entries));
  return g_list_model_get_item (entries, index);
}

static guint
n_entries (DwDeck     *deck,
           const char *section)
{
  GListModel *entries = dw_deck_get_section (deck, section);

  return entries ? g_list_model_get_n_items (entries) : 0;
}

static void
assert_entry (DwDeck     *deck,
              const char *section,
              guint       index,
              guint       count,
              const char *name,
              const char *card_id,   /* NULL: unknown */
              guint       line)
{
  g_autoptr(DwDeckEntry) entry = entry_at (deck, section, index);
  DwCard *card = dw_deck_entry_get_card (entry);

  g_assert_cmpuint (dw_deck_entry_get_count (entry), ==, count);
  g_assert_cmpstr (dw_deck_entry_get_display_name (entry), ==, name);
  if (card_id != NULL)
    {
      g_assert_nonnull (card);
      g_assert_cmpstr (dw_card_get_id (card), ==, card_id);
      /* The deck file finds it by id from now on. */
      g_assert_cmpstr (dw_deck_entry_get_id (entry), ==, card_id);
    }
  else
    g_assert_null (card);
  if (line != 0)
    g_assert_cmpuint (dw_deck_entry_get_line (entry), ==, line);
}

static void
assert_import_error (const char  *text,
                     const char  *name,
                     DwImportKind kind,
                     int          code,
                     const char  *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = import_text (text, name, kind, NULL, NULL, &error);

  g_assert_null (deck);
  g_assert_error (error, DW_IMPORT_ERROR, code);
  if (!g_str_has_prefix (error->message, message))
    g_error ("expected a message starting “%s”, got “%s”", message, error->message);
}

static char *
fixture (const char *name)
{
  g_autofree char *path = dw_test_fixture_path (name);

  return dw_test_read_file (path);
}

/* Plain text */

static void
test_text_title (void)
{
  g_autoptr(DwDeck) deck = import_ok ("# Stand by Me by Ada Lovelace\n\n4x Thornwood Scout\n", "t.txt", NULL);
  g_autoptr(DwDeck) plain = import_ok ("#   Green Wall  \n4 Thornwood Scout\n", "t.txt", NULL);

  /* The last " by " parts name from author. */
  g_assert_cmpstr (dw_deck_get_name (deck), ==, "Stand by Me");
  g_assert_cmpstr (dw_deck_get_author (deck), ==, "Ada Lovelace");
  g_assert_cmpstr (dw_deck_get_game_id (deck), ==, "arcmage");
  g_assert_cmpstr (dw_deck_get_name (plain), ==, "Green Wall");
  g_assert_null (dw_deck_get_author (plain));
}

static void
test_text_count_shapes (void)
{
  g_autoptr(DwDeck) deck = import_ok ("4 Thornwood Scout\n"
                                      "3x Greycloak Pathfinder\n"
                                      "6 x Hedge Sprite\n"
                                      "2X Briarback Boar\n"
                                      "3\xc3\x97 Bramble Weaver\n"
                                      "  5\tFernstep Archer  \r\n"
                                      "Grandmother Ashroot\n"
                                      "4th Legion\n",
                                      "t.txt", NULL);

  assert_entry (deck, "main", 0, 4, "Thornwood Scout", "arc-0001", 1);
  assert_entry (deck, "main", 1, 3, "Greycloak Pathfinder", "arc-0014", 2);
  assert_entry (deck, "main", 2, 6, "Hedge Sprite", "arc-0010", 3);
  assert_entry (deck, "main", 3, 2, "Briarback Boar", "arc-0005", 4);
  assert_entry (deck, "main", 4, 3, "Bramble Weaver", "arc-0011", 5);
  assert_entry (deck, "main", 5, 5, "Fernstep Archer", "arc-0003", 6);
  /* No count: one copy. */
  assert_entry (deck, "main", 6, 1, "Grandmother Ashroot", "arc-0008", 7);
  /* Digits that run into the name are part of it. */
  assert_entry (deck, "main", 7, 1, "4th Legion", NULL, 8);
}

/* Headings as "## Name", "Name:", "// Name" and "# Name" (known sections
 * only), "SB:" lines; comments and blank lines are skipped. */
/* Regression: an empty "##" heading made a section without an id, and
 * the imported deck saved into a file that did not load (found by
 * fuzz-import-text). */
static void
test_text_empty_heading_goes_to_the_main_section (void)
{
  g_autoptr(DwDeck) deck = import_ok ("4x Thornwood Scout\n##   \n3 Mossbeard Druid\n", "e.txt", NULL);
  g_autofree char *saved = dw_deck_to_string (deck);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) again = dw_deck_load_data (saved, strlen (saved), "saved.xml", &error);

  g_assert_no_error (error);
  g_assert_nonnull (again);
  g_assert_cmpuint (dw_deck_get_n_sections (again), ==, 1);
  g_assert_cmpstr (dw_deck_get_section_id (again, 0), ==, "main");
  g_assert_cmpuint (dw_deck_count_section (again, "main"), ==, 7);
}

static void
test_text_headings_and_comments (void)
{
  g_autoptr(DwDeck) deck = import_ok ("# Green Wall\n"
                                      "// main deck first\n"
                                      "4 Thornwood Scout\n"
                                      "# a comment, not a title\n"
                                      "\n"
                                      "## Regions\n"
                                      "1 Sunlit Thicket\n"
                                      "Tokens:\n"
                                      "6 Briar Sapling\n"
                                      "// Main deck\n"
                                      "2 Hedge Sprite\n"
                                      "Note: not a heading\n"
                                      "SB: 1 Mosshollow\n"
                                      "# Sideboard\n"
                                      "1 The Whispering Fen\n"
                                      "tokens\n"
                                      "1 Risen Bones\n",
                                      "t.txt", NULL);

  g_assert_cmpuint (n_entries (deck, "main"), ==, 3);
  assert_entry (deck, "main", 0, 4, "Thornwood Scout", "arc-0001", 3);
  assert_entry (deck, "main", 1, 2, "Hedge Sprite", "arc-0010", 11);
  assert_entry (deck, "regions", 0, 1, "Sunlit Thicket", "arc-r001", 7);
  assert_entry (deck, "tokens", 0, 6, "Briar Sapling", "arc-t001", 9);
  /* A side board holds Arcmage's regions. */
  assert_entry (deck, "regions", 1, 1, "Mosshollow", "arc-r003", 13);
  assert_entry (deck, "regions", 2, 1, "The Whispering Fen", "arc-r002", 15);
  /* A known section alone on its line heads it, as MTG Arena writes. */
  assert_entry (deck, "tokens", 1, 1, "Risen Bones", "arc-t002", 17);
  /* A line that is no known heading is a card (an unknown one here). */
  assert_entry (deck, "main", 2, 1, "Note: not a heading", NULL, 12);
}

/* Cockatrice's clipboard text: "// Name", "// comment" lines, then its
 * per-zone and per-type counts as comments, and "SB: " lines. */
static void
test_text_cockatrice_clipboard (void)
{
  g_autoptr(DwDeck) deck = import_ok ("// Green Wall\n"
                                      "\n"
                                      "// Walls & roots\n"
                                      "// second line\n"
                                      "\n"
                                      "// 7 Maindeck\n"
                                      "// 7 Creature\n"
                                      "4 Thornwood Scout\n"
                                      "3 Greycloak Pathfinder\n"
                                      "\n"
                                      "// 1 Sideboard\n"
                                      "// 1 Region\n"
                                      "SB: 1 Sunlit Thicket\n",
                                      "clip.txt", NULL);

  g_assert_cmpstr (dw_deck_get_name (deck), ==, "Green Wall");
  g_assert_cmpstr (dw_deck_get_notes (deck), ==, "Walls & roots\nsecond line");
  g_assert_null (dw_deck_get_author (deck));
  assert_entry (deck, "main", 0, 4, "Thornwood Scout", "arc-0001", 8);
  assert_entry (deck, "main", 1, 3, "Greycloak Pathfinder", "arc-0014", 9);
  assert_entry (deck, "regions", 0, 1, "Sunlit Thicket", "arc-r001", 13);
  g_assert_cmpuint (n_entries (deck, "main"), ==, 2);
}

/* Our own text writes "SB: " under "## Connections": the heading says
 * which side section. */
static void
test_text_sb_under_a_heading (void)
{
  g_autoptr(DwDeck) deck = import_ok ("3x Shambling Zomb Laborer\n"
                                      "\n"
                                      "## Connections\n"
                                      "SB: 1x Marrow Chapel\n"
                                      "SB: 1x Nobody Knows\n",
                                      "c.txt", NULL);

  assert_entry (deck, "connections", 0, 1, "Marrow Chapel", "cor-k006", 4);
  assert_entry (deck, "connections", 1, 1, "Nobody Knows", NULL, 5);
}

/* Tokens as dw_export_text () writes them, comments to Cockatrice: read
 * back under their heading, and only there. */
static void
test_text_tokens_as_comments (void)
{
  g_autoptr(DwDeck) deck = import_ok ("# Green Wall\n\n"
                                      "// 2 Maindeck\n"
                                      "4x Thornwood Scout\n"
                                      "\n"
                                      "## Tokens\n"
                                      "// 6x Briar Sapling\n"
                                      "// a comment, not a token\n"
                                      "//  2 Risen Bones\n",
                                      "t.txt", NULL);

  g_assert_cmpuint (n_entries (deck, "main"), ==, 1);
  g_assert_cmpuint (n_entries (deck, "tokens"), ==, 2);
  assert_entry (deck, "tokens", 0, 6, "Briar Sapling", "arc-t001", 7);
  assert_entry (deck, "tokens", 1, 2, "Risen Bones", "arc-t002", 9);
}

/* Arcmage's own text lists tokens among the cards; they go apart. */
static void
test_text_tokens_go_apart (void)
{
  g_autoptr(DwDeck) deck = import_ok ("4 Thornwood Scout\n6 Briar Sapling\n", "t.txt", NULL);

  g_assert_cmpuint (n_entries (deck, "main"), ==, 1);
  assert_entry (deck, "tokens", 0, 6, "Briar Sapling", "arc-t001", 2);
}

static void
test_text_unknown_card_kept_with_line (void)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *text = fixture ("interchange/green-wall-pasted.txt");
  g_autoptr(DwDeck) deck = import_ok (text, "pasted.txt", warnings);
  g_autoptr(GPtrArray) problems = NULL;

  g_assert_cmpstr (dw_deck_get_name (deck), ==, "Green Wall");
  g_assert_cmpstr (dw_deck_get_author (deck), ==, "Ada");
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 60);
  assert_entry (deck, "main", 19, 1, "Starlit Wyvern of Nowhere", NULL, 23);
  assert_entry (deck, "tokens", 0, 6, "Briar Sapling", "arc-t001", 25);
  assert_entry (deck, "regions", 2, 1, "Mosshollow", "arc-r003", 30);

  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (warnings, 0), ==,
                   "pasted.txt:23: no Arcmage card database has “Starlit Wyvern of Nowhere”; "
                   "it is kept in the deck as an unknown card");

  /* Validation reports it too, with the entry and so its line. */
  problems = dw_library_validate_deck (library, deck, dw_library_format_for_deck (library, deck, NULL, NULL));
  for (guint i = 0; i < problems->len; i++)
    if (strcmp (dw_problem_get_code (g_ptr_array_index (problems, i)), "unknown-card") == 0)
      {
        GPtrArray *entries = dw_problem_get_entries (g_ptr_array_index (problems, i));

        g_assert_cmpuint (dw_deck_entry_get_line (g_ptr_array_index (entries, 0)), ==, 23);
        return;
      }
  g_assert_not_reached ();
}

static void
test_text_bad_count (void)
{
  assert_import_error ("4 Thornwood Scout\n  0x Hedge Sprite\n", "t.txt", DW_IMPORT_TEXT,
                       DW_IMPORT_ERROR_MALFORMED,
                       "t.txt:2:3: the count must be a whole number from 1 to 999, not “0”");
  assert_import_error ("SB: 123456789 Mosshollow\n", "t.txt", DW_IMPORT_TEXT,
                       DW_IMPORT_ERROR_MALFORMED,
                       "t.txt:1:5: the count must be a whole number from 1 to 999");
}

static void
test_text_encodings (void)
{
  /* UTF-16 with its byte-order mark, as spreadsheets save "Unicode text". */
  const char utf16[] = "\xff\xfe" "4\0 \0T\0h\0o\0r\0n\0w\0o\0o\0d\0 \0S\0c\0o\0u\0t\0\n\0";
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = dw_import_deck_data (library, utf16, sizeof utf16 - 1, "u.txt",
                                                DW_IMPORT_TEXT, NULL, NULL, &error);
  g_autoptr(DwDeck) bom = import_ok ("\xef\xbb\xbf# Scouts\n4 Thornwood Scout\n", "b.txt", NULL);

  g_assert_no_error (error);
  assert_entry (deck, "main", 0, 4, "Thornwood Scout", "arc-0001", 1);
  g_assert_cmpstr (dw_deck_get_name (bom), ==, "Scouts");

  assert_import_error ("4 Thornwood Scout\n2 Hedge \xff Sprite\n", "t.txt", DW_IMPORT_TEXT,
                       DW_IMPORT_ERROR_MALFORMED, "t.txt:2:9: the file is not UTF-8 text");
}

/* The game is the one whose databases know the most of the cards; the
 * caller's game, when given, wins. */
static void
test_text_game_from_cards (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) coraabia = import_ok ("3 Shambling Zomb Laborer\n## Connections\n1 Marrow Chapel\n",
                                          "c.txt", NULL);
  g_autoptr(DwDeck) hinted = NULL;

  g_assert_cmpstr (dw_deck_get_game_id (coraabia), ==, "coraabia");
  assert_entry (coraabia, "deck", 0, 3, "Shambling Zomb Laborer", "cor-0049", 1);
  assert_entry (coraabia, "connections", 0, 1, "Marrow Chapel", "cor-k006", 3);

  assert_import_error ("2 Nobody\n1 Nothing\n", "n.txt", DW_IMPORT_AUTO, DW_IMPORT_ERROR_UNKNOWN_GAME,
                       "n.txt: none of the 2 cards is in a card database, so the deck's game "
                       "cannot be told");

  assert_import_error ("# Just a title\n// and a comment\n", "e.txt", DW_IMPORT_AUTO,
                       DW_IMPORT_ERROR_UNKNOWN_GAME,
                       "e.txt: the file lists no cards, so the deck's game cannot be told");

  hinted = import_text ("2 Nobody\n1 Marrow Chapel\n", "n.txt", DW_IMPORT_AUTO, game ("arcmage"),
                        NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dw_deck_get_game_id (hinted), ==, "arcmage");
  assert_entry (hinted, "main", 0, 2, "Nobody", NULL, 1);
  assert_entry (hinted, "main", 1, 1, "Marrow Chapel", NULL, 2);
}

/* CSV */

static void
test_csv_header_synonyms_and_separator (void)
{
  g_autofree char *text = fixture ("interchange/spreadsheet.csv");
  g_autoptr(DwDeck) deck = import_ok (text, "sheet.csv", NULL);

  assert_entry (deck, "main", 0, 4, "Thornwood Scout", "arc-0001", 2);
  /* Quotes inside a quoted field are doubled. */
  assert_entry (deck, "main", 1, 3, "Greycloak \"Grey\" Pathfinder", NULL, 3);
  /* A section by its name. */
  assert_entry (deck, "regions", 0, 1, "Sunlit Thicket", "arc-r001", 4);
}

static void
test_csv_quoting_and_ids (void)
{
  g_autoptr(DwDeck) deck = import_ok ("4,\"Thornwood, Scout\",arc-0001,main\n"
                                      "2,,arc-0010,main\n"
                                      "1,\"Two\nLines\",arc-9999,\n"
                                      "6,Briar Sapling,,tokens\n",
                                      "nohead.csv", NULL);
  g_autoptr(DwDeckEntry) unknown = entry_at (deck, "main", 2);

  /* No header: the columns are those dw_export_csv () writes. */
  assert_entry (deck, "main", 0, 4, "Thornwood Scout", "arc-0001", 1);
  /* An id alone finds the card and names the entry. */
  assert_entry (deck, "main", 1, 2, "Hedge Sprite", "arc-0010", 2);
  g_assert_cmpstr (dw_deck_entry_get_name (unknown), ==, "Two\nLines");
  g_assert_cmpstr (dw_deck_entry_get_id (unknown), ==, "arc-9999");
  g_assert_null (dw_deck_entry_get_card (unknown));
  g_assert_cmpuint (dw_deck_entry_get_line (unknown), ==, 3);
  assert_entry (deck, "tokens", 0, 6, "Briar Sapling", "arc-t001", 5);
}

static void
test_csv_malformed (void)
{
  g_autofree char *unclosed = fixture ("interchange/unclosed-quote.csv");

  assert_import_error (unclosed, "u.csv", DW_IMPORT_CSV, DW_IMPORT_ERROR_MALFORMED,
                       "u.csv:3:3: the quoted field is never closed");
  assert_import_error ("count,name\n4,\"Thornwood Scout\"x\n", "q.csv", DW_IMPORT_CSV,
                       DW_IMPORT_ERROR_MALFORMED, "q.csv:2:20: text follows the closing quote");
  assert_import_error ("count,name\nfour,Thornwood Scout\n", "c.csv", DW_IMPORT_CSV,
                       DW_IMPORT_ERROR_MALFORMED,
                       "c.csv:2:1: the count must be a whole number from 1 to 999, not “four”");
  assert_import_error ("count,name,id\n4,,\n", "e.csv", DW_IMPORT_CSV, DW_IMPORT_ERROR_MALFORMED,
                       "e.csv:2:1: the row names no card");
}

/* "count,name,name": which column holds the card's name nobody can tell,
 * so a second heading for a column Deckwright reads is refused, naming it
 * and where it is.  Columns it does not read may share a heading. */
static void
test_csv_duplicated_heading_is_refused (void)
{
  g_autoptr(DwDeck) deck = NULL;

  assert_import_error ("count,name,name\n4,Thornwood Scout,Hedge Sprite\n", "d.csv", DW_IMPORT_CSV,
                       DW_IMPORT_ERROR_MALFORMED,
                       "d.csv:1:12: the heading “name” names the same column as “name” before it; "
                       "keep one of the two");
  assert_import_error ("Qty;Card;\"Count \"\n4;Thornwood Scout;4\n", "s.csv", DW_IMPORT_CSV,
                       DW_IMPORT_ERROR_MALFORMED,
                       "s.csv:1:10: the heading “Count” names the same column as “Qty” before it");

  deck = import_ok ("count,name,notes,notes\n4,Thornwood Scout,a,b\n", "n.csv", NULL);
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 4);
}

/* A pasted list with formula-like names goes out as CSV with each
 * neutralised and comes back with the names as they were. */
static void
test_csv_formula_names_round_trip (void)
{
  static const char * const names[] = {
    "=cmd|' /C calc'!A0", "+1 Sword", "-Minus", "@home", "\tTabbed", "'=quoted already",
    "'plain quote", "''", "=",
  };
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autoptr(DwDeck) pasted = import_ok ("4 Thornwood Scout\n4 =cmd|' /C calc'!A0\n", "p.txt", NULL);
  g_autofree char *pasted_csv = dw_export_csv (pasted, game ("arcmage"));
  g_autofree char *csv = NULL;
  g_autoptr(DwDeck) copy = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (strstr (pasted_csv, "\r\n4,'=cmd|' /C calc'!A0,"));

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(DwDeckEntry) entry = dw_deck_entry_new (NULL, names[i], i + 1);

      dw_deck_add_entry (deck, "main", entry);
    }
  csv = dw_export_csv (deck, game ("arcmage"));
  copy = import_text (csv, "f.csv", DW_IMPORT_AUTO, game ("arcmage"), NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(DwDeckEntry) entry = entry_at (copy, "main", i);
      /* The import trims names, a tab included. */
      g_autofree char *expected = g_strstrip (g_strdup (names[i]));

      g_assert_cmpstr (dw_deck_entry_get_display_name (entry), ==, expected);
      g_assert_cmpuint (dw_deck_entry_get_count (entry), ==, i + 1);
    }
}

/* Cockatrice */

static void
test_cod_zones_and_extras (void)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *text = fixture ("interchange/green-wall-cockatrice.cod");
  g_autoptr(DwDeck) deck = import_ok (text, "gw.cod", warnings);
  g_autoptr(DwDeck) shipped = NULL;
  g_autofree char *path = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = NULL;

  g_assert_cmpuint (warnings->len, ==, 0);
  g_assert_cmpstr (dw_deck_get_name (deck), ==, "Green Wall");
  g_assert_cmpstr (dw_deck_get_notes (deck), ==, "Saved by Cockatrice & friends");
  assert_entry (deck, "main", 0, 4, "Thornwood Scout", "arc-0001", 9);
  assert_entry (deck, "regions", 0, 1, "Sunlit Thicket", "arc-r001", 31);
  assert_entry (deck, "tokens", 0, 6, "Briar Sapling", "arc-t001", 36);

  /* The same deck as the one shipped, so the same fingerprint. */
  shipped = dw_deck_load (path, &error);
  g_assert_no_error (error);
  dw_library_resolve_deck (library, shipped);
  {
    g_autofree char *imported = dw_deck_fingerprint (deck, game ("arcmage"));
    g_autofree char *original = dw_deck_fingerprint (shipped, game ("arcmage"));

    g_assert_cmpstr (imported, ==, original);
  }
  problems = dw_library_validate_deck (library, deck, dw_library_lookup_format (library, "arcmage-orc", NULL));
  g_assert_true (dw_problems_legal (problems));
}

/* Cockatrice keeps <format> and drops <game>: the format alone names the
 * game; an empty <format> (Cockatrice's default) or one no game has
 * leaves the deck in its game's default format, as before. */
static void
test_cod_format_and_game (void)
{
  static const char head[] = "<?xml version=\"1.0\"?>\n<cockatrice_deck version=\"1\">\n";
  static const char cards[] = "<zone name=\"main\"><card number=\"4\" name=\"Thornwood Scout\"/></zone>\n"
                              "</cockatrice_deck>\n";
  g_autofree char *with_game = g_strconcat (head, "<format>arcmage-2021</format><game>arcmage</game>",
                                            cards, NULL);
  g_autofree char *format_only = g_strconcat (head, "<format> arcmage-2021 </format>", cards, NULL);
  g_autofree char *empty = g_strconcat (head, "<format></format>", cards, NULL);
  g_autofree char *foreign = g_strconcat (head, "<format>standard</format>", cards, NULL);
  g_autofree char *other_game = g_strconcat (head, "<game>coraabia</game>", cards, NULL);
  g_autoptr(DwDeck) a = import_ok (with_game, "a.cod", NULL);
  g_autoptr(DwDeck) b = import_ok (format_only, "b.cod", NULL);
  g_autoptr(DwDeck) c = import_ok (empty, "c.cod", NULL);
  g_autoptr(DwDeck) d = import_ok (foreign, "d.cod", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) e = import_text (other_game, "e.cod", DW_IMPORT_AUTO, game ("arcmage"), NULL, &error);

  g_assert_cmpstr (dw_deck_get_format_id (a), ==, "arcmage-2021");
  g_assert_cmpstr (dw_deck_get_game_id (b), ==, "arcmage");
  g_assert_cmpstr (dw_deck_get_format_id (b), ==, "arcmage-2021");
  g_assert_null (dw_deck_get_format_id (c));
  g_assert_null (dw_deck_get_format_id (d));
  g_assert_cmpstr (dw_deck_get_game_id (d), ==, "arcmage");
  /* A .cod that says it is for another game is refused, as our XML is. */
  g_assert_null (e);
  g_assert_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_WRONG_GAME);
}

static void
test_cod_coraabia_side_is_connections (void)
{
  g_autoptr(DwDeck) deck = import_ok ("<cockatrice_deck version=\"1\">\n"
                                      "  <zone name=\"main\"><card number=\"3\" name=\"Shambling Zomb Laborer\"/></zone>\n"
                                      "  <zone name=\"side\"><card number=\"1\" name=\"Marrow Chapel\"/></zone>\n"
                                      "</cockatrice_deck>\n",
                                      "c.cod", NULL);

  g_assert_cmpstr (dw_deck_get_game_id (deck), ==, "coraabia");
  assert_entry (deck, "deck", 0, 3, "Shambling Zomb Laborer", "cor-0049", 2);
  assert_entry (deck, "connections", 0, 1, "Marrow Chapel", "cor-k006", 3);
}

static void
test_cod_malformed (void)
{
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(DwDeck) deck = import_text ("<cockatrice_deck version=\"1\">\n  <zone name=\"main\">\n"
                                          "    <card number=\"4\" name=\"X\">\n</cockatrice_deck>\n",
                                          "m.cod", DW_IMPORT_COD, NULL, NULL, &error);

    g_assert_null (deck);
    g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED);
    g_assert_true (g_str_has_prefix (error->message, "m.cod:4:"));
  }
  assert_import_error ("<deck xmlns=\"urn:other\"/>\n", "r.cod", DW_IMPORT_COD,
                       DW_IMPORT_ERROR_MALFORMED,
                       "r.cod:1:1: the root element is <deck>; a Cockatrice deck is <cockatrice_deck>");
  assert_import_error ("<cockatrice_deck>\n  <zone name=\"main\">\n    <card number=\"four\" name=\"Thornwood Scout\"/>\n"
                       "  </zone>\n</cockatrice_deck>\n",
                       "n.cod", DW_IMPORT_COD, DW_IMPORT_ERROR_MALFORMED,
                       "n.cod:3:5: the count must be a whole number from 1 to 999, not “four”");
  assert_import_error ("<cockatrice_deck>\n  <zone name=\"main\">\n    <card number=\"4\"/>\n"
                       "  </zone>\n</cockatrice_deck>\n",
                       "n.cod", DW_IMPORT_COD, DW_IMPORT_ERROR_MALFORMED,
                       "n.cod:3:5: a <card> needs a “name”");
}

/* The hardened reader: no DTD, no entities. */
static void
test_cod_refuses_doctype (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = import_text ("<?xml version=\"1.0\"?>\n"
                                        "<!DOCTYPE cockatrice_deck [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
                                        "<cockatrice_deck><deckname>&x;</deckname></cockatrice_deck>\n",
                                        "x.cod", DW_IMPORT_COD, NULL, NULL, &error);

  g_assert_null (deck);
  g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_FORBIDDEN);
  g_assert_true (g_str_has_prefix (error->message, "x.cod:2:1: "));
}

/* Arcmage web API decks */

static DwLibrary *
library_with_odd_cards (void)
{
  g_autoptr(DwCardImport) import = dw_card_import_new (game ("arcmage"));
  g_autofree char *path = dw_test_fixture_path ("interchange/api-cards-odd.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = NULL;
  DwLibrary *with_cards = dw_test_library ();

  g_assert_true (dw_card_import_add_file (import, path, &error));
  g_assert_no_error (error);
  db = dw_card_import_finish (import, &error);
  g_assert_no_error (error);
  dw_library_add_card_db (with_cards, db);
  return with_cards;
}

static void
test_arcmage_json_deck (void)
{
  g_autoptr(DwLibrary) with_cards = library_with_odd_cards ();
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *path = dw_test_fixture_path ("interchange/api-deck.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(DwDeckEntry) unknown = NULL;
  g_autofree char *expected = NULL;

  deck = dw_import_deck_file (with_cards, path, DW_IMPORT_AUTO, NULL, warnings, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dw_deck_get_name (deck), ==, "Odd Friends");
  g_assert_cmpstr (dw_deck_get_game_id (deck), ==, "arcmage");
  /* The web API's decks are today's Arcmage. */
  g_assert_cmpstr (dw_deck_get_format_id (deck), ==, "arcmage-2021");

  g_assert_cmpuint (n_entries (deck, "main"), ==, 3);
  {
    g_autoptr(DwDeckEntry) city = entry_at (deck, "main", 0);
    g_autoptr(DwDeckEntry) beast = entry_at (deck, "main", 1);

    g_assert_cmpstr (dw_deck_entry_get_id (city), ==, "00000000-0000-0000-0000-000000000901");
    g_assert_nonnull (dw_deck_entry_get_card (city));
    g_assert_cmpuint (dw_deck_entry_get_count (beast), ==, 3);
    g_assert_nonnull (dw_deck_entry_get_card (beast));
    g_assert_cmpuint (dw_deck_entry_get_line (beast), ==, 14);
  }
  /* Tokens go apart, by the card's own flag. */
  g_assert_cmpuint (n_entries (deck, "tokens"), ==, 1);
  g_assert_cmpuint (dw_deck_count_section (deck, "tokens"), ==, 5);
  /* A card no database has stays, with its GUID, and is reported. */
  unknown = entry_at (deck, "main", 2);
  g_assert_cmpstr (dw_deck_entry_get_name (unknown), ==, "Card Nobody Has");
  g_assert_cmpstr (dw_deck_entry_get_id (unknown), ==, "00000000-0000-0000-0000-000000000999");
  g_assert_null (dw_deck_entry_get_card (unknown));
  expected = g_strdup_printf ("%s:32: no Arcmage card database has “Card Nobody Has”; it is kept "
                              "in the deck as an unknown card", path);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (warnings, 0), ==, expected);
}

static void
test_arcmage_json_malformed (void)
{
  assert_import_error ("{\n  \"deckCards\": [\n    { \"quantity\": 1, }\n  ]\n}\n", "m.json",
                       DW_IMPORT_AUTO, DW_IMPORT_ERROR_MALFORMED, "m.json:3:");
  assert_import_error ("{\n  \"name\": \"No cards\"\n}\n", "n.json", DW_IMPORT_AUTO,
                       DW_IMPORT_ERROR_MALFORMED,
                       "n.json:1: this is not an Arcmage deck: it has no “deckCards” list");
  assert_import_error ("{\n  \"deckCards\": [\n    {\n      \"quantity\": 0,\n"
                       "      \"card\": { \"name\": \"Test Keep\", \"guid\": \"g\" }\n    }\n  ]\n}\n",
                       "q.json", DW_IMPORT_AUTO, DW_IMPORT_ERROR_MALFORMED,
                       "q.json:3: the “quantity” of “Test Keep” must be a whole number from 1 to 999");
  assert_import_error ("{ \"deckCards\": [ { \"quantity\": 2 } ] }", "c.json", DW_IMPORT_AUTO,
                       DW_IMPORT_ERROR_MALFORMED,
                       "c.json:1: entry 1 of “deckCards” has no “card” with a name or a guid");
  assert_import_error ("", "e.json", DW_IMPORT_ARCMAGE_JSON, DW_IMPORT_ERROR_MALFORMED,
                       "e.json:1:1: the file is empty");
}

static void
test_arcmage_json_is_arcmage_only (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = import_text ("{ \"deckCards\": [] }", "d.json", DW_IMPORT_AUTO,
                                        game ("coraabia"), NULL, &error);

  g_assert_null (deck);
  g_assert_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_WRONG_GAME);
  g_assert_cmpstr (error->message, ==, "d.json: the deck is for Arcmage, not Coraabia");
}

static void
test_xml_is_read_as_is (void)
{
  g_autofree char *path = dw_test_data_path ("decks", "arcmage-illegal-unknown-card.xml", NULL);
  g_autofree char *text = dw_test_read_file (path);
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(DwDeck) deck = import_ok (text, "u.xml", warnings);
  g_autofree char *again = dw_deck_to_string (deck);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) wrong = NULL;

  g_assert_cmpstr (again, ==, text);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (warnings, 0), ==,
                   "u.xml:26: no Arcmage card database has “Starlit Wyvern of Nowhere”; "
                   "it is kept in the deck as an unknown card");

  wrong = import_text (text, "u.xml", DW_IMPORT_AUTO, game ("coraabia"), NULL, &error);
  g_assert_null (wrong);
  g_assert_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_WRONG_GAME);
}

static void
test_sniff (void)
{
  static const struct { const char *name; const char *data; DwImportKind kind; } cases[] = {
    { "deck.txt", "{ \"deckCards\": [] }", DW_IMPORT_ARCMAGE_JSON },
    { "deck", "\xef\xbb\xbf  [ ]", DW_IMPORT_ARCMAGE_JSON },
    { "deck.xml", "<?xml version=\"1.0\"?>\n<cockatrice_deck version=\"1\"/>", DW_IMPORT_COD },
    { "deck.cod", "<deck xmlns=\"urn:deckwright:deck:1\"/>", DW_IMPORT_XML },
    { "deck.cod", "4 Thornwood Scout", DW_IMPORT_COD },
    { "deck.JSON", "4 Thornwood Scout", DW_IMPORT_ARCMAGE_JSON },
    { "deck.CSV", "4 Thornwood Scout", DW_IMPORT_CSV },
    { "deck.txt", "count,name\n4,Thornwood Scout", DW_IMPORT_CSV },
    { "deck.txt", "4 Thornwood Scout, the elder\n", DW_IMPORT_TEXT },
    { "deck", "Quantity;Name\n4;Thornwood Scout", DW_IMPORT_CSV },
    { "deck.dek", "4 Thornwood Scout\n", DW_IMPORT_TEXT },
    { NULL, "", DW_IMPORT_TEXT },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DwImportKind kind = dw_import_sniff (cases[i].name, cases[i].data, strlen (cases[i].data));

      if (kind != cases[i].kind)
        g_error ("%s / “%s”: sniffed %s, expected %s", cases[i].name, cases[i].data,
                 dw_import_kind_to_string (kind), dw_import_kind_to_string (cases[i].kind));
    }
}

/* Round trips */

static void
assert_same_deck (DwDeck *original,
                  DwDeck *copy,
                  Keeps   keeps)
{
  g_assert_cmpstr (dw_deck_get_game_id (copy), ==, dw_deck_get_game_id (original));
  if (keeps & KEEPS_NAME)
    g_assert_cmpstr (dw_deck_get_name (copy), ==, dw_deck_get_name (original));
  if (keeps & KEEPS_AUTHOR)
    g_assert_cmpstr (dw_deck_get_author (copy), ==, dw_deck_get_author (original));
  if (keeps & KEEPS_NOTES)
    g_assert_cmpstr (dw_deck_get_notes (copy), ==, dw_deck_get_notes (original));
  if ((keeps & KEEPS_FORMAT) &&
      g_strcmp0 (dw_deck_get_format_id (copy), dw_deck_get_format_id (original)) != 0)
    {
      /* Only a format of another game (a deck made to be illegal) is
       * left behind by an import. */
      g_assert_null (dw_deck_get_format_id (copy));
      g_assert_null (dw_game_lookup_format (game (dw_deck_get_game_id (original)),
                                            dw_deck_get_format_id (original)));
    }

  for (guint pass = 0; pass < 2; pass++)
    {
      DwDeck *from = pass == 0 ? original : copy;
      DwDeck *to = pass == 0 ? copy : original;

      for (guint i = 0; i < dw_deck_get_n_sections (from); i++)
        {
          const char *section = dw_deck_get_section_id (from, i);
          guint n = n_entries (from, section);

          if (n == 0)
            continue;
          if (n_entries (to, section) != n)
            g_error ("section “%s”: %u entries, then %u", section, n, n_entries (to, section));

          for (guint j = 0; pass == 0 && j < n; j++)
            {
              g_autoptr(DwDeckEntry) a = entry_at (original, section, j);
              g_autoptr(DwDeckEntry) b = entry_at (copy, section, j);

              g_assert_cmpuint (dw_deck_entry_get_count (a), ==, dw_deck_entry_get_count (b));
              g_assert_cmpstr (dw_deck_entry_get_display_name (a), ==, dw_deck_entry_get_display_name (b));
              g_assert_true (dw_deck_entry_get_card (a) == dw_deck_entry_get_card (b));
              if (dw_deck_entry_get_card (a) == NULL && (keeps & KEEPS_IDS))
                g_assert_cmpstr (dw_deck_entry_get_id (a), ==, dw_deck_entry_get_id (b));
            }
        }
    }
}

static void
test_round_trip (gconstpointer data)
{
  const char *const *pair = data;
  const char *deck_name = pair[0];
  const RoundTrip *trip = (const RoundTrip *) pair[1];
  g_autofree char *path = dw_test_data_path ("decks", deck_name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) original = dw_deck_load (path, &error);
  g_autoptr(DwDeck) copy = NULL;
  g_autofree char *text = NULL;
  DwGame *deck_game;

  g_assert_no_error (error);
  dw_library_resolve_deck (library, original);
  deck_game = dw_library_lookup_game (library, dw_deck_get_game_id (original));

  text = dw_export_to_string (original, deck_game, trip->kind, &error);
  g_assert_no_error (error);
  copy = import_text (text, trip->file_name, DW_IMPORT_AUTO, NULL, NULL, &error);
  g_assert_no_error (error);

  assert_same_deck (original, copy, trip->keeps);
  if (trip->kind == DW_EXPORT_XML)
    {
      g_autofree char *again = dw_deck_to_string (copy);
      g_assert_cmpstr (again, ==, text);
    }
}

/* Names outside ASCII, and formula-like ones, come back from every
 * format as they went, with the same fingerprint, whatever the locale. */
static void
test_round_trip_names_outside_ascii (void)
{
  static const char * const names[] = {
    "\xce\x9a\xce\x9b\xce\x95\xce\x9f\xce\xa3", "\xc4\xb0stanbul Gate", "Isparta Iron", "\xc3\x86r\xc3\xb8 & <Co>",
    "\xc5\xbb\xc3\xb3\xc5\x82w", "Dragon \xf0\x9f\x90\x89", "=SUM(1)", "Stra\xc3\x9f" "e",
  };
  static const char * const locales[] = { "C.UTF-8", "tr_TR.UTF-8", "lt_LT.UTF-8", "de_DE.UTF-8" };
  static const DwExportKind kinds[] = { DW_EXPORT_TEXT, DW_EXPORT_CSV, DW_EXPORT_COD, DW_EXPORT_XML };
  g_autofree char *saved = g_strdup (setlocale (LC_ALL, NULL));
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autofree char *print = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(DwDeckEntry) entry = dw_deck_entry_new (NULL, names[i], i + 1);

      dw_deck_add_entry (deck, i % 2 ? "regions" : "main", entry);
    }
  print = dw_deck_fingerprint (deck, game ("arcmage"));

  for (guint l = 0; l < G_N_ELEMENTS (locales); l++)
    {
      if (setlocale (LC_ALL, locales[l]) == NULL)
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        {
          g_autoptr(GError) error = NULL;
          g_autofree char *text = dw_export_to_string (deck, game ("arcmage"), kinds[k], &error);
          g_autoptr(DwDeck) copy = NULL;
          g_autofree char *copy_print = NULL;

          g_assert_no_error (error);
          copy = import_text (text, kinds[k] == DW_EXPORT_COD ? "d.cod" : kinds[k] == DW_EXPORT_CSV ? "d.csv"
                                    : kinds[k] == DW_EXPORT_XML ? "d.xml" : "d.txt",
                              DW_IMPORT_AUTO, game ("arcmage"), NULL, &error);
          g_assert_no_error (error);
          for (guint i = 0; i < G_N_ELEMENTS (names); i++)
            {
              g_autoptr(DwDeckEntry) entry = entry_at (copy, i % 2 ? "regions" : "main", i / 2);

              g_assert_cmpstr (dw_deck_entry_get_display_name (entry), ==, names[i]);
              g_assert_cmpuint (dw_deck_entry_get_count (entry), ==, i + 1);
            }
          copy_print = dw_deck_fingerprint (copy, game ("arcmage"));
          g_assert_cmpstr (copy_print, ==, print);
        }
    }
  setlocale (LC_ALL, saved);
}

/* Arcmage web API cards */

static DwCardDb *
import_odd_cards (GPtrArray **warnings_out)
{
  g_autoptr(DwCardImport) import = dw_card_import_new (game ("arcmage"));
  g_autofree char *path = dw_test_fixture_path ("interchange/api-cards-odd.json");
  g_autoptr(GError) error = NULL;
  DwCardDb *db;

  g_assert_true (dw_card_import_add_file (import, path, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dw_card_import_get_n_cards (import), ==, 4);
  if (warnings_out != NULL)
    *warnings_out = g_ptr_array_ref (dw_card_import_get_warnings (import));
  db = dw_card_import_finish (import, &error);
  g_assert_no_error (error);
  return db;
}

static void
test_cards_mapping (void)
{
  g_autoptr(DwCardDb) db = import_odd_cards (NULL);
  DwCard *city = dw_card_db_lookup_name (db, "Test Keep");
  DwCard *beast = dw_card_db_lookup_name (db, "Wildcard Beast");
  DwCard *token = dw_card_db_lookup_name (db, "Spore Token");
  DwCard *magic = dw_card_db_lookup_name (db, "Quiet Ritual");
  g_autofree char *xml = dw_card_db_to_string (db);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (db)), ==, 4);
  g_assert_cmpstr (dw_card_db_get_license (db), ==, "CC-BY-SA-4.0");

  g_assert_cmpstr (dw_card_get_id (city), ==, "00000000-0000-0000-0000-000000000901");
  g_assert_cmpstr (dw_card_get_card_type (city), ==, "City");
  g_assert_cmpstr (dw_card_get_value (city, "faction"), ==, "Red Banner");
  g_assert_cmpstr (dw_card_get_value (city, "cost"), ==, "S");
  g_assert_cmpstr (dw_card_get_value (city, "loyalty"), ==, "3");
  /* A City's defence is its HP. */
  g_assert_cmpstr (dw_card_get_value (city, "hp"), ==, "9");
  g_assert_null (dw_card_get_value (city, "defence"));
  /* The API repeats the type as sub-type; that says nothing. */
  g_assert_null (dw_card_get_value (city, "subtype"));
  g_assert_cmpstr (dw_card_get_value (city, "text"), ==, "Creatures you build here have +1 attack.");
  g_assert_cmpstr (dw_card_get_value (city, "artist"), ==, "Anonymous");
  g_assert_cmpstr (dw_card_get_value (city, "api:status"), ==, "Final");
  g_assert_cmpstr (dw_card_get_value (city, "api:id"), ==, "901");
  g_assert_cmpstr (dw_card_get_set_id (city), ==, "enchanted-realm");

  g_assert_cmpstr (dw_card_get_value (beast, "cost"), ==, "X");
  g_assert_cmpstr (dw_card_get_value (beast, "subtype"), ==, "Beast");
  g_assert_cmpstr (dw_card_get_value (beast, "defence"), ==, "2");
  g_assert_cmpstr (dw_card_get_value (beast, "flavor"), ==, "\"Count again.\"");
  g_assert_cmpstr (dw_card_get_set_id (beast), ==, "rebirth");
  g_assert_false (dw_card_is_token (beast));

  /* "Token" in the sub-type; an empty cost is no cost; the "None" series
   * is no set. */
  g_assert_true (dw_card_is_token (token));
  g_assert_null (dw_card_get_value (token, "cost"));
  g_assert_null (dw_card_get_value (token, "text"));
  g_assert_null (dw_card_get_set_id (token));
  g_assert_cmpstr (dw_card_get_value (token, "loyalty"), ==, "0");

  /* Real Magic cards carry no domain, and load. */
  g_assert_cmpstr (dw_card_get_card_type (magic), ==, "Magic");
  g_assert_null (dw_card_get_value (magic, "domain"));

  g_assert_cmpuint (dw_card_db_get_n_sets (db), ==, 2);
  g_assert_cmpstr (dw_card_db_get_set (db, 0)->name, ==, "Enchanted Realm");
  g_assert_nonnull (strstr (xml, "xmlns:api=\"" DW_ARCMAGE_API_NS "\""));
}

/* An attack of "X" is no whole number: kept as <api:attack>, and said. */
static void
test_cards_value_the_game_refuses (void)
{
  g_autoptr(GPtrArray) warnings = NULL;
  g_autoptr(DwCardDb) db = import_odd_cards (&warnings);
  DwCard *beast = dw_card_db_lookup_name (db, "Wildcard Beast");
  g_autofree char *path = dw_test_fixture_path ("interchange/api-cards-odd.json");
  g_autofree char *expected = g_strdup_printf ("%s:18: “Wildcard Beast”: ATK must be a whole number, "
                                               "not “X”; the value is kept as <api:attack>", path);

  g_assert_null (dw_card_get_value (beast, "attack"));
  g_assert_cmpstr (dw_card_get_value (beast, "api:attack"), ==, "X");
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (warnings, 0), ==, expected);
}

static DwGame *
lookup_game_cb (const char *game_id,
                gpointer    user_data)
{
  return dw_library_lookup_game (user_data, game_id);
}

/* Saved, the database loads again unchanged and follows carddb.rng. */
static void
test_cards_output_loads_and_validates (void)
{
  g_autoptr(DwCardDb) db = import_odd_cards (NULL);
  g_autofree char *xml = dw_card_db_to_string (db);
  g_autofree char *schema_path = dw_test_data_path ("schema", "carddb.rng", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) again = NULL;
  g_autofree char *xml_again = NULL;
  g_autofree char *schema_text = NULL;
  xmlRelaxNGParserCtxtPtr parser;
  xmlRelaxNGValidCtxtPtr validator;
  xmlRelaxNGPtr schema;
  xmlDocPtr doc;

  again = dw_card_db_load_data (xml, strlen (xml), "db.xml", lookup_game_cb, library, &error);
  g_assert_no_error (error);
  xml_again = dw_card_db_to_string (again);
  g_assert_cmpstr (xml_again, ==, xml);

  /* From memory: dw-xml.c refuses libxml2 any file it would load itself. */
  schema_text = dw_test_read_file (schema_path);
  parser = xmlRelaxNGNewMemParserCtxt (schema_text, (int) strlen (schema_text));
  schema = xmlRelaxNGParse (parser);
  g_assert_nonnull (schema);
  validator = xmlRelaxNGNewValidCtxt (schema);
  doc = xmlReadMemory (xml, (int) strlen (xml), "db.xml", NULL, XML_PARSE_NONET);
  g_assert_cmpint (xmlRelaxNGValidateDoc (validator, doc), ==, 0);
  xmlFreeDoc (doc);
  xmlRelaxNGFreeValidCtxt (validator);
  xmlRelaxNGFree (schema);
  xmlRelaxNGFreeParserCtxt (parser);
}

static void
assert_cards_error (const char *json,
                    const char *message)
{
  g_autoptr(DwCardImport) import = dw_card_import_new (game ("arcmage"));
  g_autoptr(GError) error = NULL;

  g_assert_false (dw_card_import_add_data (import, json, strlen (json), "c.json", &error));
  g_assert_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED);
  if (!g_str_has_prefix (error->message, message))
    g_error ("expected a message starting “%s”, got “%s”", message, error->message);
}

static void
test_cards_errors (void)
{
  g_autofree char *city_path = dw_test_fixture_path ("interchange/api-cards-city-without-defense.json");
  g_autofree char *city_json = dw_test_read_file (city_path);

  assert_cards_error (city_json, "c.json:3: “Paper Town” is a City but has no “defense”, which is a City's HP");
  assert_cards_error ("[\n {\n  \"guid\": \"g\",\n  \"name\": \"Hero\",\n  \"type\": { \"name\": \"Hero\" }\n }\n]",
                      "c.json:2: “Hero” is of type “Hero”, which Arcmage does not have; it has Creature, "
                      "Event, Magic, Spell, Enchantment, Equipment, Region, City");
  assert_cards_error ("[ { \"guid\": \"g\", \"type\": \"Creature\" } ]", "c.json:1: a card needs a “name”");
  assert_cards_error ("[ { \"name\": \"Nameless\", \"type\": \"Creature\" } ]",
                      "c.json:1: “Nameless” has neither a “guid” nor an “id”");
  assert_cards_error ("{\n  \"items\": [\n    { \"name\": \"A\" \"guid\": \"b\" }\n  ]\n}", "c.json:3:");
  assert_cards_error ("{ \"cards\": [] }", "c.json:1:1: no cards here");
  assert_cards_error ("[ 1 ]", "c.json: entry 1 of the card list is not an object");
}

/* Regression: json-glib read "6{…}" or "{…}{…}" as one document, kept
 * the first value and leaked the rest (found by fuzz-import-cards). */
static void
test_json_with_two_documents_is_refused (void)
{
  assert_import_error ("{ \"deckCards\": [] }\n{ \"deckCards\": [] }\n", "two.json",
                       DW_IMPORT_ARCMAGE_JSON, DW_IMPORT_ERROR_MALFORMED,
                       "two.json:2:1: the JSON document ends before this");
  assert_import_error ("6{ \"deckCards\": [] }", "six.json", DW_IMPORT_ARCMAGE_JSON,
                       DW_IMPORT_ERROR_MALFORMED, "six.json:1:2: the JSON document ends before this");
  /* Brackets and escaped quotes inside strings do not end the first. */
  assert_cards_error ("[ { \"name\": \"\xc3\xa9 \\\" ]\" } ] [ 1 ]",
                      "c.json:1:26: the JSON document ends before this");
}

/* "\u0000" cut a name short where json-glib's string ends: such a name
 * is refused, at its line and column, in decks and card lists alike. */
static void
test_json_nul_escape_is_refused_not_cut_short (void)
{
  assert_import_error ("{ \"deckCards\": [\n  { \"quantity\": 4,\n    \"card\": { \"name\": "
                       "\"Thornwood Scout\\u0000 and more\" } } ] }\n", "n.json", DW_IMPORT_AUTO,
                       DW_IMPORT_ERROR_MALFORMED,
                       "n.json:3:39: the string holds “\\u0000”, a null character, which no Deckwright "
                       "file can keep; remove it");
  assert_cards_error ("[ { \"guid\": \"g\", \"type\": \"Event\", \"name\": \"Bolt\\u0000 of Doom\" } ]",
                      "c.json:1:48: the string holds “\\u0000”, a null character");
}

/* A deck's cards come whole; the first file to name an id wins. */
static void
test_cards_from_decks_and_duplicates (void)
{
  g_autoptr(DwCardImport) import = dw_card_import_new (game ("arcmage"));
  g_autofree char *cards = dw_test_fixture_path ("interchange/api-cards-odd.json");
  g_autofree char *deck = dw_test_fixture_path ("interchange/api-deck.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = NULL;

  g_assert_true (dw_card_import_add_file (import, cards, &error));
  g_assert_true (dw_card_import_add_file (import, deck, &error));
  g_assert_no_error (error);
  /* Of the deck's four cards only "Card Nobody Has" is new. */
  g_assert_cmpuint (dw_card_import_get_n_cards (import), ==, 5);
  db = dw_card_import_finish (import, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dw_card_get_value (dw_card_db_lookup_name (db, "Test Keep"), "api:status"), ==, "Final");
  g_assert_cmpstr (dw_card_get_card_type (dw_card_db_lookup_name (db, "Card Nobody Has")), ==, "Event");
  g_assert_false (dw_card_import_add_file (import, "/nonexistent/cards.json", &error));
  g_assert_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_IO);
}

/* Decks repeat the cards of the card list: the same name under an id
 * already read is that card again, left out without a word.  Another
 * card under a taken id is left out too (the first file given wins), but
 * a warning names the id, both cards and where each was. */
static void
test_cards_another_card_reusing_an_id_is_reported (void)
{
  g_autoptr(DwCardImport) import = dw_card_import_new (game ("arcmage"));
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = NULL;
  const char *first = "[\n  { \"guid\": \"g-1\", \"type\": \"Event\", \"name\": \"Bolt\" }\n]\n";
  const char *again = "[\n  { \"guid\": \"g-1\", \"type\": \"Event\", \"name\": \"Bolt\" },\n"
                      "  { \"guid\": \"g-1\", \"type\": \"Event\", \"name\": \"Spark\" },\n"
                      "  { \"guid\": \"g-2\", \"type\": \"Event\", \"name\": \"Spark\" }\n]\n";
  GPtrArray *warnings;

  g_assert_true (dw_card_import_add_data (import, first, strlen (first), "first.json", &error));
  g_assert_true (dw_card_import_add_data (import, again, strlen (again), "again.json", &error));
  g_assert_no_error (error);
  warnings = dw_card_import_get_warnings (import);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (warnings, 0), ==,
                   "again.json:3: “Spark” has the id g-1, which “Bolt” (first.json:2) has already; "
                   "it is another card and is left out: the first one is kept");

  g_assert_cmpuint (dw_card_import_get_n_cards (import), ==, 2);
  db = dw_card_import_finish (import, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dw_card_get_name (dw_card_db_lookup_id (db, "g-1")), ==, "Bolt");
  g_assert_cmpstr (dw_card_get_name (dw_card_db_lookup_id (db, "g-2")), ==, "Spark");
}

/* The real data of ../shared/reference */

static char *
real_path (const char *name)
{
  char *path = dw_test_shared_reference (name);

  if (path == NULL)
    g_test_skip ("../shared/reference is absent");
  return path;
}

static void
test_real_cards (void)
{
  g_autofree char *path = real_path ("arcmage-api-cards-2019.json");
  g_autoptr(DwCardImport) import = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = NULL;
  GHashTable *types;
  guint n_cities = 0, n_tokens = 0, n_s = 0, n_x = 0, n_magic = 0, n_with_text = 0, n_rebirth = 0;

  if (path == NULL)
    return;

  import = dw_card_import_new (game ("arcmage"));
  g_assert_true (dw_card_import_add_file (import, path, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dw_card_import_get_warnings (import)->len, ==, 0);
  db = dw_card_import_finish (import, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (db)), ==, 95);

  types = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < 95; i++)
    {
      g_autoptr(DwCard) card = g_list_model_get_item (G_LIST_MODEL (db), i);
      const char *cost = dw_card_get_value (card, "cost");
      gint64 loyalty;

      g_hash_table_add (types, (gpointer) dw_card_get_card_type (card));
      g_assert_nonnull (dw_card_get_value (card, "faction"));
      g_assert_true (dw_card_get_int (card, "loyalty", &loyalty));
      g_assert_cmpint (loyalty, >=, 0);
      g_assert_cmpint (loyalty, <=, 3);
      g_assert_cmpstr (dw_card_get_value (card, "api:status"), ==, "Release Candidate");
      if (strcmp (dw_card_get_card_type (card), "City") == 0)
        {
          gint64 hp;

          n_cities++;
          g_assert_true (dw_card_get_int (card, "hp", &hp));
          g_assert_cmpint (hp, >=, 6);
          g_assert_cmpstr (cost, ==, "S");
        }
      if (strcmp (dw_card_get_card_type (card), "Magic") == 0)
        n_magic++;
      if (dw_card_is_token (card))
        n_tokens++;
      if (g_strcmp0 (cost, "S") == 0)
        n_s++;
      if (g_strcmp0 (cost, "X") == 0)
        n_x++;
      if (dw_card_get_value (card, "text") != NULL)
        n_with_text++;
      if (g_strcmp0 (dw_card_get_set_id (card), "rebirth") == 0)
        n_rebirth++;
    }
  g_assert_cmpuint (g_hash_table_size (types), ==, 5);
  g_hash_table_unref (types);
  g_assert_cmpuint (n_cities, ==, 15);
  g_assert_cmpuint (n_s, ==, 15);
  g_assert_cmpuint (n_x, ==, 1);
  g_assert_cmpuint (n_magic, ==, 9);
  g_assert_cmpuint (n_tokens, ==, 3);
  g_assert_cmpuint (n_with_text, ==, 93);
  /* Warren's series is "None" in the 2019 data. */
  g_assert_cmpuint (n_rebirth, ==, 94);
  g_assert_cmpstr (dw_card_get_value (dw_card_db_lookup_name (db, "Armory"), "hp"), ==, "7");
}

/* A library with the real cards: the card list, and the cards the five
 * decks carry whole (three of them use cards beyond the list). */
static DwLibrary *
real_library (gboolean with_decks)
{
  g_autofree char *cards = real_path ("arcmage-api-cards-2019.json");
  g_autoptr(DwCardImport) import = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = NULL;
  DwLibrary *real;

  if (cards == NULL)
    return NULL;

  import = dw_card_import_new (game ("arcmage"));
  g_assert_true (dw_card_import_add_file (import, cards, &error));
  for (guint i = 0; with_decks && i < G_N_ELEMENTS (real_decks); i++)
    {
      g_autofree char *name = g_strdup_printf ("arcmage-api-decks-2019/%s.json", real_decks[i]);
      g_autofree char *path = real_path (name);

      g_assert_true (dw_card_import_add_file (import, path, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (dw_card_import_get_n_cards (import), ==, with_decks ? 145 : 95);
  db = dw_card_import_finish (import, &error);
  g_assert_no_error (error);

  real = dw_test_library ();
  dw_library_add_card_db (real, db);
  return real;
}

static gboolean
has_code (GPtrArray  *problems,
          const char *code)
{
  for (guint i = 0; i < problems->len; i++)
    if (strcmp (dw_problem_get_code (g_ptr_array_index (problems, i)), code) == 0)
      return TRUE;
  return FALSE;
}

static void
test_real_deck (gconstpointer data)
{
  const char *name = data;
  g_autofree char *file = g_strdup_printf ("arcmage-api-decks-2019/%s.json", name);
  g_autofree char *path = real_path (file);
  g_autoptr(DwLibrary) real = NULL;
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) today = NULL;
  g_autoptr(GPtrArray) orc = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = NULL;
  guint wrong_section = 0;

  if (path == NULL)
    return;
  real = real_library (TRUE);

  deck = dw_import_deck_file (real, path, DW_IMPORT_AUTO, NULL, warnings, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (warnings->len, ==, 0);
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 45);

  /* Legal as today's Arcmage. */
  today = dw_library_validate_deck (real, deck, dw_library_lookup_format (real, "arcmage-2021", NULL));
  for (guint i = 0; i < today->len; i++)
    g_test_message ("arcmage-2021: %s: %s", dw_problem_get_code (g_ptr_array_index (today, i)),
                    dw_problem_get_message (g_ptr_array_index (today, i)));
  g_assert_true (dw_problems_legal (today));

  /* Not under the Original Rules Concept: 45 cards, not 60; cities where
   * the main deck allows none; no region deck. */
  orc = dw_library_validate_deck (real, deck, dw_library_lookup_format (real, "arcmage-orc", NULL));
  g_assert_false (dw_problems_legal (orc));
  for (guint i = 0; i < orc->len; i++)
    {
      DwProblem *problem = g_ptr_array_index (orc, i);
      const char *code = dw_problem_get_code (problem);

      if (dw_problem_get_severity (problem) != DW_SEVERITY_ERROR)
        continue;
      if (strcmp (code, "wrong-section") == 0)
        {
          GPtrArray *entries = dw_problem_get_entries (problem);
          DwCard *card = dw_deck_entry_get_card (g_ptr_array_index (entries, 0));

          g_assert_cmpstr (dw_card_get_card_type (card), ==, "City");
          wrong_section++;
        }
      else if (strcmp (code, "section-size") != 0)
        g_error ("unexpected %s: %s", code, dw_problem_get_message (problem));
    }
  g_assert_cmpuint (wrong_section, ==, 3);
  g_assert_true (has_code (orc, "section-size"));
  {
    gboolean main_size = FALSE, regions_size = FALSE;

    for (guint i = 0; i < orc->len; i++)
      {
        const char *message = dw_problem_get_message (g_ptr_array_index (orc, i));

        main_size |= strcmp (message, "45 cards in the main deck; it needs exactly 60") == 0;
        regions_size |= strcmp (message, "0 cards in the regions; it holds 1 to 3") == 0;
      }
    g_assert_true (main_size);
    g_assert_true (regions_size);
  }
}

/* With only the card list, decks using other cards keep them as unknown
 * entries, each reported with its line; nothing is dropped. */
static void
test_real_decks_with_card_list_only (void)
{
  g_autoptr(DwLibrary) real = real_library (FALSE);

  if (real == NULL)
    return;

  for (guint i = 0; i < G_N_ELEMENTS (real_decks); i++)
    {
      g_autofree char *file = g_strdup_printf ("arcmage-api-decks-2019/%s.json", real_decks[i]);
      g_autofree char *path = real_path (file);
      g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) problems = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(DwDeck) deck = NULL;
      gboolean covered = strcmp (real_decks[i], "brothers-in-arms") == 0 ||
                         strcmp (real_decks[i], "gaian-love-for-life") == 0;

      deck = dw_import_deck_file (real, path, DW_IMPORT_AUTO, NULL, warnings, &error);
      g_assert_no_error (error);
      problems = dw_library_validate_deck (real, deck, dw_library_lookup_format (real, "arcmage-2021", NULL));
      g_assert_cmpint (dw_problems_legal (problems), ==, covered);
      g_assert_cmpint (warnings->len == 0, ==, covered);
      g_assert_cmpint (has_code (problems, "unknown-card"), ==, !covered);
      for (guint j = 0; j < warnings->len; j++)
        {
          g_autofree char *prefix = g_strdup_printf ("%s:", path);
          g_assert_true (g_str_has_prefix (g_ptr_array_index (warnings, j), prefix));
        }
      g_assert_cmpuint (dw_deck_count_section (deck, "main") + dw_deck_count_section (deck, "tokens"),
                        ==, strcmp (real_decks[i], "dunefolk") == 0 ? 55 : 45);
    }
}

/* Found by fuzz-import-json: duplicate "name" keys left a card with a
 * blank name and no guid, and the imported deck saved into a file that
 * would not load.  Such a card is left out and reported with its line. */
static void
test_json_card_without_name_or_id_is_left_out (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "interchange",
                                                 "fuzz-json-duplicate-names.json", NULL);
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = dw_import_deck_file (library, path, DW_IMPORT_ARCMAGE_JSON, NULL,
                                                warnings, &error);
  g_autofree char *saved = NULL;
  g_autoptr(DwDeck) again = NULL;
  g_autofree char *expected = g_strdup_printf ("%s:5: a card with neither a name nor an id is left out", path);

  g_assert_no_error (error);
  g_assert_nonnull (deck);
  g_assert_true (g_ptr_array_find_with_equal_func (warnings, expected, g_str_equal, NULL));

  saved = dw_deck_to_string (deck);
  again = dw_deck_load_data (saved, strlen (saved), "saved.xml", &error);
  g_assert_no_error (error);
  g_assert_nonnull (again);
}

/* Issue 20, B6: every importer builds its deck through one place, which
 * holds the deck's limits (dw-deck.h) whatever the file's format: the
 * entry that passes one is named by its line. */
static void
test_limits_hold_for_every_importer (void)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) csv = g_string_new ("count,name\n");
  g_autofree char *long_name = g_strnfill (DW_MAX_NAME_LENGTH + 1, 'a');
  g_autofree char *line = NULL;

  for (guint i = 0; i <= DW_DECK_MAX_COPIES / DW_DECK_MAX_COUNT; i++)
    {
      g_string_append_printf (text, "999 Thornwood Scout %u\n", i);
      g_string_append_printf (csv, "999,Thornwood Scout %u\n", i);
    }
  assert_import_error (text->str, "t.txt", DW_IMPORT_TEXT, DW_IMPORT_ERROR_MALFORMED,
                       "t.txt:101: the deck has more than 100000 cards");
  assert_import_error (csv->str, "c.csv", DW_IMPORT_CSV, DW_IMPORT_ERROR_MALFORMED,
                       "c.csv:102: the deck has more than 100000 cards");

  line = g_strdup_printf ("4 Thornwood Scout\n1 %s\n", long_name);
  assert_import_error (line, "t.txt", DW_IMPORT_TEXT, DW_IMPORT_ERROR_MALFORMED,
                       "t.txt:2: The card’s name is 201 characters long; a name has at most 200");
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GPtrArray) decks = NULL;
  g_autoptr(GPtrArray) pairs = g_ptr_array_new_with_free_func (g_free);
  int status;

  g_test_init (&argc, &argv, NULL);
  library = dw_test_library ();

  g_test_add_func ("/import/text/title-name-and-author", test_text_title);
  g_test_add_func ("/import/text/count-shapes", test_text_count_shapes);
  g_test_add_func ("/import/text/headings-and-comments", test_text_headings_and_comments);
  g_test_add_func ("/import/text/empty-heading-goes-to-the-main-section",
                   test_text_empty_heading_goes_to_the_main_section);
  g_test_add_func ("/import/text/cockatrice-clipboard-name-and-comments", test_text_cockatrice_clipboard);
  g_test_add_func ("/import/text/sb-under-a-heading", test_text_sb_under_a_heading);
  g_test_add_func ("/import/text/tokens-as-comments-under-their-heading", test_text_tokens_as_comments);
  g_test_add_func ("/import/text/tokens-listed-with-cards-go-apart", test_text_tokens_go_apart);
  g_test_add_func ("/import/text/unknown-card-kept-and-reported-with-line",
                   test_text_unknown_card_kept_with_line);
  g_test_add_func ("/import/text/bad-count-gives-line-and-column", test_text_bad_count);
  g_test_add_func ("/import/text/utf16-bom-and-bad-utf8", test_text_encodings);
  g_test_add_func ("/import/text/game-from-cards-or-caller", test_text_game_from_cards);
  g_test_add_func ("/import/csv/header-synonyms-and-separator", test_csv_header_synonyms_and_separator);
  g_test_add_func ("/import/csv/rfc4180-quoting-and-ids", test_csv_quoting_and_ids);
  g_test_add_func ("/import/csv/malformed-gives-line-and-column", test_csv_malformed);
  g_test_add_func ("/import/csv/formula-names-round-trip", test_csv_formula_names_round_trip);
  g_test_add_func ("/import/csv/duplicated-heading-is-refused", test_csv_duplicated_heading_is_refused);
  g_test_add_func ("/import/cod/zones-and-cockatrice-extras", test_cod_zones_and_extras);
  g_test_add_func ("/import/cod/format-and-game", test_cod_format_and_game);
  g_test_add_func ("/import/cod/coraabia-side-is-connections", test_cod_coraabia_side_is_connections);
  g_test_add_func ("/import/cod/malformed-gives-line-and-column", test_cod_malformed);
  g_test_add_func ("/import/cod/refuses-doctype", test_cod_refuses_doctype);
  g_test_add_func ("/import/arcmage-json/deck", test_arcmage_json_deck);
  g_test_add_func ("/import/arcmage-json/malformed-gives-line", test_arcmage_json_malformed);
  g_test_add_func ("/import/arcmage-json/is-arcmage-only", test_arcmage_json_is_arcmage_only);
  g_test_add_func ("/import/arcmage-json/two-documents-are-refused", test_json_with_two_documents_is_refused);
  g_test_add_func ("/import/arcmage-json/nul-escape-is-refused-not-cut-short",
                   test_json_nul_escape_is_refused_not_cut_short);
  g_test_add_func ("/import/arcmage-json/card-without-name-or-id-is-left-out",
                   test_json_card_without_name_or_id_is_left_out);
  g_test_add_func ("/import/xml/read-as-is", test_xml_is_read_as_is);
  g_test_add_func ("/round-trip/names-outside-ascii-in-every-locale", test_round_trip_names_outside_ascii);
  g_test_add_func ("/import/sniff", test_sniff);

  g_test_add_func ("/import-cards/maps-api-fields", test_cards_mapping);
  g_test_add_func ("/import-cards/value-the-game-refuses-is-kept-and-reported",
                   test_cards_value_the_game_refuses);
  g_test_add_func ("/import-cards/output-loads-again-and-follows-schema",
                   test_cards_output_loads_and_validates);
  g_test_add_func ("/import-cards/errors-give-file-and-line", test_cards_errors);
  g_test_add_func ("/import-cards/from-decks-first-id-wins", test_cards_from_decks_and_duplicates);
  g_test_add_func ("/import-cards/another-card-reusing-an-id-is-reported",
                   test_cards_another_card_reusing_an_id_is_reported);

  decks = dw_test_list_data_xml ("decks", 20);
  for (guint i = 0; i < decks->len; i++)
    for (guint k = 0; k < G_N_ELEMENTS (round_trips); k++)
      {
        const char *deck_name = g_ptr_array_index (decks, i);
        g_autofree char *stem = g_strndup (deck_name, strlen (deck_name) - 4);
        g_autofree char *test_path = g_strdup_printf ("/round-trip/%s/%s",
                                                      dw_export_kind_to_string (round_trips[k].kind), stem);
        gconstpointer *pair = g_new0 (gconstpointer, 2);

        pair[0] = deck_name;
        pair[1] = &round_trips[k];
        g_ptr_array_add (pairs, pair);
        g_test_add_data_func (test_path, pair, test_round_trip);
      }

  g_test_add_func ("/real/cards", test_real_cards);
  g_test_add_func ("/import/limits-hold-for-every-importer", test_limits_hold_for_every_importer);
  for (guint i = 0; i < G_N_ELEMENTS (real_decks); i++)
    {
      g_autofree char *test_path = g_strdup_printf ("/real/deck/%s/legal-2021-illegal-orc", real_decks[i]);
      g_test_add_data_func (test_path, real_decks[i], test_real_deck);
    }
  g_test_add_func ("/real/decks-with-card-list-only-keep-unknown-cards",
                   test_real_decks_with_card_list_only);

  status = g_test_run ();
  g_object_unref (library);
  return status;
}
