/* test-export.c — what dw-export.h promises about the formats it writes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "dw-export.h"
#include "dw-import.h"
#include "dw-test-util.h"

static DwLibrary *library;

static DwGame *
game (const char *id)
{
  DwGame *found = dw_library_lookup_game (library, id);

  g_assert_nonnull (found);
  return found;
}

static DwDeck *
load_shipped (const char *name)
{
  g_autofree char *path = dw_test_data_path ("decks", name, NULL);
  g_autoptr(GError) error = NULL;
  DwDeck *deck = dw_deck_load (path, &error);

  g_assert_no_error (error);
  dw_library_resolve_deck (library, deck);
  return deck;
}

static void
add (DwDeck     *deck,
     const char *section,
     const char *id,
     const char *name,
     guint       count)
{
  g_autoptr(DwDeckEntry) entry = dw_deck_entry_new (id, name, count);

  dw_deck_add_entry (deck, section, entry);
}

/* A small Arcmage deck: two main cards, a region, a token. */
static DwDeck *
small_deck (void)
{
  DwDeck *deck = dw_deck_new ("arcmage");

  dw_deck_set_name (deck, "Green Wall");
  dw_deck_set_author (deck, "Ada");
  add (deck, "main", "arc-0001", "Thornwood Scout", 4);
  add (deck, "main", "arc-0014", "Greycloak Pathfinder", 3);
  add (deck, "regions", "arc-r001", "Sunlit Thicket", 1);
  add (deck, "tokens", "arc-t001", "Briar Sapling", 6);
  dw_library_resolve_deck (library, deck);
  return deck;
}

static void
test_kind_names (void)
{
  const char *names[] = { "pdf", "text", "csv", "cod", "xml", "code", "png" };
  DwExportKind kind;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_assert_true (dw_export_kind_from_string (names[i], &kind));
      g_assert_cmpstr (dw_export_kind_to_string (kind), ==, names[i]);
    }
  g_assert_true (dw_export_kind_from_string ("PDF", &kind));
  g_assert_cmpint (kind, ==, DW_EXPORT_PDF);
  g_assert_false (dw_export_kind_from_string ("docx", &kind));
  g_assert_false (dw_export_kind_from_string (NULL, &kind));
}

static void
test_section_roles (void)
{
  g_assert_cmpint (dw_section_role (game ("arcmage"), "main"), ==, DW_SECTION_ROLE_MAIN);
  g_assert_cmpint (dw_section_role (game ("arcmage"), "regions"), ==, DW_SECTION_ROLE_SIDE);
  g_assert_cmpint (dw_section_role (game ("arcmage"), "tokens"), ==, DW_SECTION_ROLE_TOKENS);
  g_assert_cmpint (dw_section_role (game ("arcmage"), "maybe"), ==, DW_SECTION_ROLE_OTHER);
  g_assert_cmpint (dw_section_role (game ("coraabia"), "deck"), ==, DW_SECTION_ROLE_MAIN);
  g_assert_cmpint (dw_section_role (game ("coraabia"), "connections"), ==, DW_SECTION_ROLE_SIDE);
  g_assert_cmpint (dw_section_role (NULL, "main"), ==, DW_SECTION_ROLE_MAIN);
  g_assert_cmpint (dw_section_role (NULL, "tokens"), ==, DW_SECTION_ROLE_TOKENS);
  g_assert_cmpstr (dw_section_display_name (game ("arcmage"), "regions"), ==, "Regions");
  g_assert_cmpstr (dw_section_display_name (game ("coraabia"), "connections"), ==, "Connections");
  g_assert_cmpstr (dw_section_display_name (NULL, "maybe"), ==, "maybe");
}

/* Arcmage's own deck text: "# Name by Author", a blank line, "3x Name";
 * regions marked "SB: " and tokens as comments, for Cockatrice. */
static void
test_text_is_arcmage_deck_text (void)
{
  g_autoptr(DwDeck) deck = small_deck ();
  g_autofree char *text = dw_export_text (deck, game ("arcmage"));

  g_assert_cmpstr (text, ==,
                   "# Green Wall by Ada\n"
                   "\n"
                   "4x Thornwood Scout\n"
                   "3x Greycloak Pathfinder\n"
                   "\n"
                   "## Regions\n"
                   "SB: 1x Sunlit Thicket\n"
                   "\n"
                   "## Tokens\n"
                   "// 6x Briar Sapling\n");
}

/* Cockatrice's text import skips "## Connections" as a comment: without
 * "SB: " the connections would join its main deck and change its hash. */
static void
test_text_side_sections_carry_sb_prefix (void)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("coraabia");
  g_autofree char *text = NULL;

  add (deck, "deck", "cor-0049", "Shambling Zomb Laborer", 3);
  add (deck, "connections", "cor-k006", "Marrow Chapel", 1);
  add (deck, "connections", "cor-k001", "Second Dealer", 2);
  text = dw_export_text (deck, game ("coraabia"));
  g_assert_cmpstr (text, ==,
                   "# Untitled deck\n"
                   "\n"
                   "3x Shambling Zomb Laborer\n"
                   "\n"
                   "## Connections\n"
                   "SB: 1x Marrow Chapel\n"
                   "SB: 2x Second Dealer\n");
}

static void
test_text_without_author_or_name (void)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autofree char *untitled = NULL;
  g_autofree char *named = NULL;

  add (deck, "main", "arc-0001", "Thornwood Scout", 2);
  untitled = dw_export_text (deck, game ("arcmage"));
  g_assert_cmpstr (untitled, ==, "# Untitled deck\n\n2x Thornwood Scout\n");

  dw_deck_set_name (deck, "Scouts\nOnly");
  named = dw_export_text (deck, game ("arcmage"));
  g_assert_cmpstr (named, ==, "# Scouts Only\n\n2x Thornwood Scout\n");
}

/* The main deck comes first even when the file lists it later, and a
 * token in it makes the main deck name itself, so that importing does
 * not move the token. */
static void
test_text_main_first_and_tokens_in_main_headed (void)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autofree char *text = NULL;

  dw_deck_set_name (deck, "Odd");
  add (deck, "regions", "arc-r001", "Sunlit Thicket", 1);
  add (deck, "main", "arc-0001", "Thornwood Scout", 2);
  add (deck, "main", "arc-t001", "Briar Sapling", 1);
  dw_library_resolve_deck (library, deck);

  text = dw_export_text (deck, game ("arcmage"));
  g_assert_cmpstr (text, ==,
                   "# Odd\n"
                   "\n"
                   "## Main deck\n"
                   "2x Thornwood Scout\n"
                   "1x Briar Sapling\n"
                   "\n"
                   "## Regions\n"
                   "SB: 1x Sunlit Thicket\n");
}

static void
test_csv_columns_and_rows (void)
{
  g_autoptr(DwDeck) deck = small_deck ();
  g_autofree char *csv = NULL;

  add (deck, "main", "arc-9999", "Starlit Wyvern of Nowhere", 1);
  csv = dw_export_csv (deck, game ("arcmage"));
  g_assert_cmpstr (csv, ==,
                   "count,name,id,section,type,faction,cost\r\n"
                   "4,Thornwood Scout,arc-0001,main,Creature,Gaian,2\r\n"
                   "3,Greycloak Pathfinder,arc-0014,main,Creature,Gaian,1\r\n"
                   "1,Starlit Wyvern of Nowhere,arc-9999,main,,,\r\n"
                   "1,Sunlit Thicket,arc-r001,regions,Region,Gaian,\r\n"
                   "6,Briar Sapling,arc-t001,tokens,Creature,Gaian,\r\n");
}

/* RFC 4180: a field with a comma, a quote or a line break is quoted and
 * its quotes doubled. */
static void
test_csv_quotes_what_needs_quoting (void)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autofree char *csv = NULL;

  add (deck, "main", NULL, "Kaleh, son of Garak", 3);
  add (deck, "main", NULL, "The \"Big\" One", 1);
  add (deck, "main", NULL, "Two\nLines", 2);
  csv = dw_export_csv (deck, game ("arcmage"));
  g_assert_cmpstr (csv, ==,
                   "count,name,id,section,type,faction,cost\r\n"
                   "3,\"Kaleh, son of Garak\",,main,,,\r\n"
                   "1,\"The \"\"Big\"\" One\",,main,,,\r\n"
                   "2,\"Two\nLines\",,main,,,\r\n");
}

/* Cockatrice's .cod: main, then Arcmage's regions as side board, then
 * tokens; names escaped with our XML helpers. */
/* OWASP's advice against CSV injection: a text a spreadsheet would run
 * as a formula starts with ' and shows as text. */
static void
test_csv_neutralises_formulas (void)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autofree char *csv = NULL;

  add (deck, "main", NULL, "=cmd|' /C calc'!A0", 4);
  add (deck, "main", NULL, "+1 Sword", 1);
  add (deck, "main", NULL, "-Minus", 1);
  add (deck, "main", "@id", "@home", 1);
  add (deck, "main", NULL, "\tTabbed", 1);
  add (deck, "main", NULL, "\rReturn", 1);
  add (deck, "main", NULL, "'=quoted already", 1);
  add (deck, "main", NULL, "'plain quote", 1);
  add (deck, "=sum(A1)", NULL, "Mid-dash = fine", 1);
  csv = dw_export_csv (deck, game ("arcmage"));
  g_assert_cmpstr (csv, ==,
                   "count,name,id,section,type,faction,cost\r\n"
                   "4,'=cmd|' /C calc'!A0,,main,,,\r\n"
                   "1,'+1 Sword,,main,,,\r\n"
                   "1,'-Minus,,main,,,\r\n"
                   "1,'@home,'@id,main,,,\r\n"
                   "1,'\tTabbed,,main,,,\r\n"
                   "1,\"'\rReturn\",,main,,,\r\n"
                   "1,''=quoted already,,main,,,\r\n"
                   "1,'plain quote,,main,,,\r\n"
                   "1,Mid-dash = fine,,'=sum(A1),,,\r\n");
}

static void
test_cod_zones (void)
{
  g_autoptr(DwDeck) deck = small_deck ();
  g_autofree char *cod = NULL;

  dw_deck_set_notes (deck, "Walls & <roots>");
  add (deck, "main", NULL, "Q\"uote & <Angle>", 1);
  cod = dw_export_cod (deck, game ("arcmage"));
  g_assert_cmpstr (cod, ==,
                   "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                   "<cockatrice_deck version=\"1\">\n"
                   "    <deckname>Green Wall</deckname>\n"
                   "    <game>arcmage</game>\n"
                   "    <comments>Walls &amp; &lt;roots&gt;</comments>\n"
                   "    <zone name=\"main\">\n"
                   "        <card number=\"4\" name=\"Thornwood Scout\"/>\n"
                   "        <card number=\"3\" name=\"Greycloak Pathfinder\"/>\n"
                   "        <card number=\"1\" name=\"Q&quot;uote &amp; &lt;Angle>\"/>\n"
                   "    </zone>\n"
                   "    <zone name=\"side\">\n"
                   "        <card number=\"1\" name=\"Sunlit Thicket\"/>\n"
                   "    </zone>\n"
                   "    <zone name=\"tokens\">\n"
                   "        <card number=\"6\" name=\"Briar Sapling\"/>\n"
                   "    </zone>\n"
                   "</cockatrice_deck>\n");
}

/* Coraabia's connections go to the side board; a section the game does
 * not declare keeps a zone of its own; empty zones are left out. */
static void
test_cod_connections_and_other_sections (void)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("coraabia");
  g_autofree char *cod = NULL;

  add (deck, "deck", "cor-0049", "Shambling Zomb Laborer", 3);
  add (deck, "connections", "cor-k006", "Marrow Chapel", 1);
  add (deck, "maybe", NULL, "Grave Chill", 2);
  dw_deck_ensure_section (deck, "empty");
  cod = dw_export_cod (deck, game ("coraabia"));
  g_assert_nonnull (strstr (cod, "    <zone name=\"main\">\n"
                                 "        <card number=\"3\" name=\"Shambling Zomb Laborer\"/>\n"
                                 "    </zone>\n"
                                 "    <zone name=\"side\">\n"
                                 "        <card number=\"1\" name=\"Marrow Chapel\"/>\n"
                                 "    </zone>\n"
                                 "    <zone name=\"maybe\">\n"
                                 "        <card number=\"2\" name=\"Grave Chill\"/>\n"
                                 "    </zone>\n"));
  g_assert_null (strstr (cod, "tokens"));
  g_assert_null (strstr (cod, "empty"));
}

/* Adds to Considering a card that is nowhere else in @deck, and copies of
 * one that is in its main deck. */
static void
add_considering (DwDeck *deck)
{
  add (deck, DW_SECTION_CONSIDERING, "arc-0002", "Mossbeard Druid", 2);
  add (deck, DW_SECTION_CONSIDERING, "arc-0001", "Thornwood Scout", 3);
  dw_library_resolve_deck (library, deck);
}

/* A decklist is for organisers and other programs: the cards a player is
 * still considering are no part of it, in any kind written as text. */
static void
assert_considering_left_out (DwExportKind kind)
{
  g_autoptr(DwDeck) deck = small_deck ();
  g_autofree char *without = dw_export_to_string (deck, game ("arcmage"), kind, NULL);
  g_autofree char *with = NULL;

  g_assert_nonnull (without);
  add_considering (deck);
  with = dw_export_to_string (deck, game ("arcmage"), kind, NULL);
  g_assert_cmpstr (with, ==, without);
  g_assert_null (strstr (with, "Mossbeard Druid"));
  g_assert_null (strstr (with, "onsidering"));
}

static void
test_considering_left_out_of_cod (void)
{
  assert_considering_left_out (DW_EXPORT_COD);
}

static void
test_considering_left_out_of_text (void)
{
  assert_considering_left_out (DW_EXPORT_TEXT);
}

static void
test_considering_left_out_of_csv (void)
{
  assert_considering_left_out (DW_EXPORT_CSV);
}

/* The deck's own file keeps them, and they change no fingerprint. */
static void
test_considering_kept_in_xml_not_in_fingerprint (void)
{
  g_autoptr(DwDeck) deck = small_deck ();
  g_autofree char *before = dw_deck_fingerprint (deck, game ("arcmage"));
  g_autofree char *xml = NULL;
  g_autofree char *after = NULL;

  add_considering (deck);
  xml = dw_export_to_string (deck, game ("arcmage"), DW_EXPORT_XML, NULL);
  g_assert_nonnull (strstr (xml, "<section id=\"considering\">"));
  g_assert_nonnull (strstr (xml, "Mossbeard Druid"));
  after = dw_deck_fingerprint (deck, game ("arcmage"));
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpint (dw_section_role (game ("arcmage"), "considering"), ==, DW_SECTION_ROLE_CONSIDERING);
  g_assert_cmpint (dw_section_role (NULL, "considering"), ==, DW_SECTION_ROLE_CONSIDERING);
}

/* Cockatrice keeps <format>; without it a 2021 deck came back judged
 * under the game's default format. */
static void
test_cod_format_and_game (void)
{
  g_autoptr(DwDeck) deck = small_deck ();
  g_autofree char *cod = NULL;

  dw_deck_set_format_id (deck, "arcmage-2021");
  cod = dw_export_cod (deck, game ("arcmage"));
  g_assert_nonnull (strstr (cod, "    <deckname>Green Wall</deckname>\n"
                                 "    <format>arcmage-2021</format>\n"
                                 "    <game>arcmage</game>\n"
                                 "    <comments></comments>\n"));
}

static void
test_to_string_and_save (void)
{
  g_autoptr(DwDeck) deck = small_deck ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "deck.cod", NULL);
  g_autofree char *expected = dw_export_cod (deck, game ("arcmage"));
  g_autofree char *written = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *our = dw_deck_to_string (deck);

  g_assert_true (dw_export_save (deck, game ("arcmage"), DW_EXPORT_COD, path, &error));
  g_assert_no_error (error);
  written = dw_test_read_file (path);
  g_assert_cmpstr (written, ==, expected);

  xml = dw_export_to_string (deck, game ("arcmage"), DW_EXPORT_XML, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (xml, ==, our);

  /* A sheet is drawn by dw-sheet.h, never written as text. */
  g_assert_null (dw_export_to_string (deck, game ("arcmage"), DW_EXPORT_PDF, &error));
  g_assert_error (error, DW_EXPORT_ERROR, DW_EXPORT_ERROR_UNKNOWN_KIND);
  g_clear_error (&error);

  /* A failed save leaves no file behind and says why. */
  g_free (path);
  path = g_build_filename (dir, "no-such-folder", "deck.txt", NULL);
  g_assert_false (dw_export_save (deck, game ("arcmage"), DW_EXPORT_TEXT, path, &error));
  g_assert_nonnull (error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  dw_test_remove_tree (dir);
}

static char *
fingerprint_of (const char * const *cards)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; cards[i] != NULL; i++)
    g_ptr_array_add (list, g_strdup (cards[i]));
  return dw_fingerprint_compute (list);
}

/* Values worked out apart from this code, with Python's hashlib: e.g.
 * SHA-1("a") = 86f7e437fa…, and 0x86f7e437fa in base 32 (0-9a-v) is
 * "grru8dvq". */
static void
test_fingerprint_known_values (void)
{
  const char *a[] = { "a", NULL };
  const char *none[] = { NULL };
  const char *bolts[] = { "SB:island", "lightning bolt", "lightning bolt", NULL };
  const char *padded[] = { "card 26", NULL };
  g_autofree char *fa = fingerprint_of (a);
  g_autofree char *fnone = fingerprint_of (none);
  g_autofree char *fbolts = fingerprint_of (bolts);
  g_autofree char *fpadded = fingerprint_of (padded);
  /* U+FF21 and U+1F600: in UTF-8 the first sorts first, in UTF-16 (as Qt
   * sorts) the second, and the hash follows Qt. */
  const char *astral[] = { "\xef\xbc\xa1", "\xf0\x9f\x98\x80", NULL };
  g_autofree char *fastral = fingerprint_of (astral);

  g_assert_cmpstr (fa, ==, "grru8dvq");
  g_assert_cmpstr (fnone, ==, "r8sq7riu");   /* SHA-1 of nothing */
  g_assert_cmpstr (fbolts, ==, "qenvhg9j");
  /* Fewer than 40 significant bits: padded with zeros to eight. */
  g_assert_cmpstr (fpadded, ==, "0uqvjcsc");
  g_assert_cmpstr (fastral, ==, "h8ahv19e");
}

static int
compare_as_utf16 (gconstpointer a,
                  gconstpointer b)
{
  g_autofree gunichar2 *ua = g_utf8_to_utf16 (*(const char * const *) a, -1, NULL, NULL, NULL);
  g_autofree gunichar2 *ub = g_utf8_to_utf16 (*(const char * const *) b, -1, NULL, NULL, NULL);
  guint i = 0;

  while (ua[i] && ua[i] == ub[i])
    i++;
  return (int) ua[i] - (int) ub[i];
}

/* The fingerprint sorts its cards as Qt does, by UTF-16 code units: the
 * order is checked against UTF-16 copies of every name, whatever plane
 * their characters come from and wherever they first differ. */
static void
test_fingerprint_sorts_as_utf16 (void)
{
  static const char * const pieces[] = {
    "", "a", "z", "\xc3\xa9", "\xe2\x82\xac", "\xef\xbc\xa1", "\xef\xbf\xbd", "\xf0\x9f\x98\x80",
    "\xf0\x90\x90\xa8", "\xf0\x9f\x82\xa1", "\xee\x80\x80",
  };
  g_autoptr(GPtrArray) cards = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) expected = NULL;
  g_autofree char *print = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (pieces); i++)
    for (guint j = 0; j < G_N_ELEMENTS (pieces); j++)
      for (guint k = 0; k < 3; k++)
        g_ptr_array_add (cards, g_strconcat ("x", pieces[i], pieces[j], k == 1 ? "a" : k == 2 ? "\xf0\x9f\x98\x80" : "", NULL));

  expected = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < cards->len; i++)
    g_ptr_array_add (expected, g_strdup (g_ptr_array_index (cards, i)));
  g_ptr_array_sort (expected, compare_as_utf16);
  print = dw_fingerprint_compute (cards);
  for (guint i = 0; i < cards->len; i++)
    if (compare_as_utf16 (&g_ptr_array_index (cards, i), &g_ptr_array_index (expected, i)) != 0)
      g_error ("card %u sorted as “%s”, Qt has “%s”", i, (char *) g_ptr_array_index (cards, i),
               (char *) g_ptr_array_index (expected, i));
}

/* The shipped Green Wall as Cockatrice would hash its .cod: the regions
 * as side board ("SB:"), the tokens left out. */
static void
test_fingerprint_of_shipped_decks (void)
{
  g_autoptr(DwDeck) green_wall = load_shipped ("orc-green-wall.xml");
  g_autoptr(DwDeck) bone_choir = load_shipped ("cor-bone-choir.xml");
  g_autofree char *gw = dw_deck_fingerprint (green_wall, game ("arcmage"));
  g_autofree char *bc = dw_deck_fingerprint (bone_choir, game ("coraabia"));

  g_assert_cmpstr (gw, ==, "4epdph40");
  g_assert_cmpstr (bc, ==, "83uvh5s1");
}

static void
test_fingerprint_ignores_order_case_and_tokens (void)
{
  g_autoptr(DwDeck) deck = small_deck ();
  g_autoptr(DwDeck) other = dw_deck_new ("arcmage");
  g_autofree char *first = dw_deck_fingerprint (deck, game ("arcmage"));
  g_autofree char *second = NULL;
  g_autofree char *more = NULL;
  g_autofree char *moved = NULL;

  add (other, "tokens", "arc-t002", "Risen Bones", 9);
  add (other, "regions", NULL, "SUNLIT THICKET", 1);
  add (other, "main", NULL, "greycloak pathfinder", 3);
  add (other, "main", NULL, "Thornwood Scout", 1);
  add (other, "main", NULL, "Thornwood Scout", 3);
  second = dw_deck_fingerprint (other, game ("arcmage"));
  g_assert_cmpstr (first, ==, second);

  /* One more copy, or a card moved to the side board, is another deck. */
  add (other, "main", NULL, "Thornwood Scout", 1);
  more = dw_deck_fingerprint (other, game ("arcmage"));
  g_assert_cmpstr (more, !=, first);

  {
    g_autoptr(DwDeckEntry) region = g_list_model_get_item (dw_deck_get_section (other, "regions"), 0);

    dw_deck_remove_entry (other, region);
  }
  add (other, "main", NULL, "Sunlit Thicket", 1);
  moved = dw_deck_fingerprint (other, game ("arcmage"));
  g_assert_cmpstr (moved, !=, more);
  g_assert_true (g_regex_match_simple ("^[0-9a-v]{8}$", moved, 0, 0));
}

static char *
fingerprint_of_names (const char * const *names)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");

  for (guint i = 0; names[i] != NULL; i++)
    add (deck, "main", NULL, names[i], 1);
  return dw_deck_fingerprint (deck, game ("arcmage"));
}

/* Cockatrice lower-cases with Qt's QString::toLower: character by
 * character, without context or locale.  Each name here hashes as the
 * lower case written out by hand beside it. */
static void
test_fingerprint_lowers_as_qt (void)
{
  static const struct { const char *name; const char *lower; } cases[] = {
    /* A final capital sigma is σ, as in the middle; glib's ς is context. */
    { "\xce\x9a\xce\x9b\xce\x95\xce\x9f\xce\xa3", "\xce\xba\xce\xbb\xce\xb5\xce\xbf\xcf\x83" },
    /* İ (U+0130) becomes "i" and a combining dot above (U+0307). */
    { "\xc4\xb0stanbul", "i\xcc\x87stanbul" },
    /* I is i, whatever the locale. */
    { "ISPARTA", "isparta" },
    /* Cyrillic, Latin with marks, a title-case digraph, capital sharp s. */
    { "\xd0\x96\xd0\xa3\xd0\x9a", "\xd0\xb6\xd1\x83\xd0\xba" },
    { "\xc3\x86\xc3\x98\xc3\x85 \xc3\x89""clair", "\xc3\xa6\xc3\xb8\xc3\xa5 \xc3\xa9""clair" },
    { "\xc7\x85ungla", "\xc7\x86ungla" },
    { "Stra\xe1\xba\x9e""e", "stra\xc3\x9f""e" },
    /* Outside the basic plane: Deseret capital long I. */
    { "\xf0\x90\x90\x80", "\xf0\x90\x90\xa8" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *name[] = { cases[i].name, NULL };
      const char *lower[] = { cases[i].lower, NULL };
      g_autofree char *of_name = fingerprint_of_names (name);
      g_autofree char *expected = fingerprint_of (lower);

      if (g_strcmp0 (of_name, expected) != 0)
        g_error ("“%s” hashed as %s, not as “%s” (%s)", cases[i].name, of_name,
                 cases[i].lower, expected);
    }
}

/* The same deck prints the same fingerprint under any locale: Turkish
 * lower-cases I as ı and Lithuanian keeps dots, where Qt does neither. */
static void
test_fingerprint_same_under_every_locale (void)
{
  static const char * const locales[] = { "tr_TR.UTF-8", "az_AZ.UTF-8", "lt_LT.UTF-8", "el_GR.UTF-8" };
  const char *names[] = { "ISPARTA", "\xc4\xb0zmir", "\xce\x9a\xce\x9b\xce\x95\xce\x9f\xce\xa3", "J\xcc\x81", NULL };
  g_autofree char *saved = g_strdup (setlocale (LC_ALL, NULL));
  g_autofree char *in_c = NULL;
  guint tried = 0;

  setlocale (LC_ALL, "C.UTF-8");
  in_c = fingerprint_of_names (names);

  for (guint i = 0; i < G_N_ELEMENTS (locales); i++)
    {
      g_autofree char *here = NULL;

      if (setlocale (LC_ALL, locales[i]) == NULL)
        continue;
      tried++;
      if (g_str_has_prefix (locales[i], "tr_"))
        {
          /* The locale is in force: glib's own lower case turns I into ı. */
          g_autofree char *glib_lower = g_utf8_strdown ("I", -1);
          g_assert_cmpstr (glib_lower, ==, "\xc4\xb1");
        }
      here = fingerprint_of_names (names);
      g_assert_cmpstr (here, ==, in_c);
    }
  setlocale (LC_ALL, saved);
  if (tried == 0)
    g_test_skip ("none of the Turkish, Azeri, Lithuanian or Greek locales is installed (locales-all)");
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  library = dw_test_library ();

  g_test_add_func ("/export/kind-names", test_kind_names);
  g_test_add_func ("/export/section-roles", test_section_roles);
  g_test_add_func ("/export/text/is-arcmage-deck-text", test_text_is_arcmage_deck_text);
  g_test_add_func ("/export/text/side-sections-carry-sb-prefix", test_text_side_sections_carry_sb_prefix);
  g_test_add_func ("/export/text/without-author-or-name", test_text_without_author_or_name);
  g_test_add_func ("/export/text/main-first-and-tokens-in-main-headed",
                   test_text_main_first_and_tokens_in_main_headed);
  g_test_add_func ("/export/csv/columns-and-rows", test_csv_columns_and_rows);
  g_test_add_func ("/export/csv/quotes-what-needs-quoting", test_csv_quotes_what_needs_quoting);
  g_test_add_func ("/export/csv/neutralises-formulas", test_csv_neutralises_formulas);
  g_test_add_func ("/export/cod/zones-main-side-tokens", test_cod_zones);
  g_test_add_func ("/export/cod/connections-and-other-sections", test_cod_connections_and_other_sections);
  g_test_add_func ("/export/cod/format-and-game", test_cod_format_and_game);
  g_test_add_func ("/export/to-string-and-save", test_to_string_and_save);
  g_test_add_func ("/export/considering-left-out-of-cod", test_considering_left_out_of_cod);
  g_test_add_func ("/export/considering-left-out-of-text", test_considering_left_out_of_text);
  g_test_add_func ("/export/considering-left-out-of-csv", test_considering_left_out_of_csv);
  g_test_add_func ("/export/considering-kept-in-xml-not-in-fingerprint",
                   test_considering_kept_in_xml_not_in_fingerprint);
  g_test_add_func ("/export/fingerprint/known-values", test_fingerprint_known_values);
  g_test_add_func ("/export/fingerprint/shipped-decks", test_fingerprint_of_shipped_decks);
  g_test_add_func ("/export/fingerprint/ignores-order-case-and-tokens",
                   test_fingerprint_ignores_order_case_and_tokens);
  g_test_add_func ("/export/fingerprint/sorts-as-utf16", test_fingerprint_sorts_as_utf16);
  g_test_add_func ("/export/fingerprint/lowers-as-qt", test_fingerprint_lowers_as_qt);
  g_test_add_func ("/export/fingerprint/same-under-every-locale", test_fingerprint_same_under_every_locale);

  status = g_test_run ();
  g_object_unref (library);
  return status;
}
