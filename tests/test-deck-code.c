/* test-deck-code.c — the promises of a deck code (docs/deck-code.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-deck-code-private.h"
#include "dw-export.h"
#include "dw-test-util.h"

static DwLibrary *library;

static DwGame *
game (const char *id)
{
  DwGame *found = dw_library_lookup_game (library, id);

  g_assert_nonnull (found);
  return found;
}

static char *
encode_ok (DwDeck  *deck,
           gboolean with_name)
{
  g_autoptr(GError) error = NULL;
  char *code = dw_deck_code_encode (deck, game (dw_deck_get_game_id (deck)), with_name, &error);

  g_assert_no_error (error);
  g_assert_nonnull (code);
  return code;
}

static DwDeck *
decode_ok (const char *code)
{
  g_autoptr(GError) error = NULL;
  DwDeck *deck = dw_deck_code_decode (library, code, &error);

  g_assert_no_error (error);
  g_assert_nonnull (deck);
  return deck;
}

static void
assert_refused (const char      *code,
                DwDeckCodeError  expected,
                const char      *words)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = dw_deck_code_decode (library, code, &error);

  g_assert_null (deck);
  g_assert_error (error, DW_DECK_CODE_ERROR, (int) expected);
  if (words != NULL && strstr (error->message, words) == NULL)
    g_error ("“%s” does not say “%s”", error->message, words);
}

/* The sections a deck code holds (all but Considering), each as
 * "section: count×id|name …", in the deck's order. */
static char *
describe (DwDeck *deck)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < dw_deck_get_n_sections (deck); i++)
    {
      const char *section_id = dw_deck_get_section_id (deck, i);
      GListModel *entries = dw_deck_get_section (deck, section_id);

      if (dw_section_is_considering (section_id))
        continue;
      g_string_append_printf (out, "%s:", section_id);
      for (guint j = 0; j < g_list_model_get_n_items (entries); j++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, j);
          DwCard *card = dw_deck_entry_get_card (entry);

          g_string_append_printf (out, " %u×%s|%s", dw_deck_entry_get_count (entry),
                                  card ? dw_card_get_id (card) : "?",
                                  dw_deck_entry_get_display_name (entry));
        }
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

static void
assert_round_trip (DwDeck *deck)
{
  DwGame *deck_game = game (dw_deck_get_game_id (deck));
  g_autofree char *code = encode_ok (deck, TRUE);
  g_autoptr(DwDeck) back = decode_ok (code);
  g_autofree char *before = describe (deck);
  g_autofree char *after = describe (back);
  g_autofree char *print_before = dw_deck_fingerprint (deck, deck_game);
  g_autofree char *print_after = dw_deck_fingerprint (back, deck_game);

  g_assert_cmpstr (after, ==, before);
  g_assert_cmpstr (print_after, ==, print_before);
  g_assert_cmpstr (dw_deck_get_game_id (back), ==, dw_deck_get_game_id (deck));
  g_assert_cmpstr (dw_deck_get_format_id (back), ==, dw_deck_get_format_id (deck));
  g_assert_cmpstr (dw_deck_get_name (back), ==, dw_deck_get_name (deck));
  g_assert_true (g_str_has_prefix (code, "DW1-"));
  g_assert_null (strpbrk (code, " \t\r\n+/=?&#%"));

  /* The same deck, the same code: one deck, one line. */
  {
    g_autofree char *again = encode_ok (back, TRUE);

    g_assert_cmpstr (again, ==, code);
  }
}

static void
test_round_trip_shipped (void)
{
  g_autoptr(GPtrArray) names = dw_test_list_data_xml ("decks", 20);

  for (guint i = 0; i < names->len; i++)
    {
      g_autoptr(DwDeck) deck = dw_test_load_deck (library, g_ptr_array_index (names, i));

      g_test_message ("%s", (const char *) g_ptr_array_index (names, i));
      assert_round_trip (deck);
    }
}

/* The bar: a 60-card deck of shipped Arcmage cards, its name
 * included, in under 150 characters. */
static void
test_sixty_cards_short (void)
{
  static const char * const decks[] = { "orc-green-wall.xml", "orc-bone-tide.xml",
                                        "orc-crown-and-eagle.xml", "orc-red-hand-warband.xml" };

  for (guint i = 0; i < G_N_ELEMENTS (decks); i++)
    {
      g_autoptr(DwDeck) deck = dw_test_load_deck (library, decks[i]);
      g_autofree char *code = encode_ok (deck, TRUE);

      g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 60);
      g_test_message ("%s: %zu characters: %s", decks[i], strlen (code), code);
      g_assert_cmpuint (strlen (code), <, 150);
    }
}

static void
test_name_left_out (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autofree char *with = encode_ok (deck, TRUE);
  g_autofree char *without = encode_ok (deck, FALSE);
  g_autoptr(DwDeck) back = decode_ok (without);

  g_assert_cmpuint (strlen (without), <, strlen (with));
  g_assert_null (dw_deck_get_name (back));
  g_assert_cmpstr (dw_deck_get_format_id (back), ==, "arcmage-orc");
}

static void
test_considering_left_out (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autofree char *plain = encode_ok (deck, TRUE);
  g_autofree char *with_considering = NULL;
  g_autoptr(DwDeck) back = NULL;
  DwCard *card = dw_library_lookup_card (library, "arcmage", "arc-0030", 0, NULL);

  g_assert_nonnull (card);
  dw_deck_add_card (deck, DW_SECTION_CONSIDERING, card, 2);
  with_considering = encode_ok (deck, TRUE);
  g_assert_cmpstr (with_considering, ==, plain);
  back = decode_ok (with_considering);
  g_assert_null (dw_deck_get_section (back, DW_SECTION_CONSIDERING));
}

/* A card no database knows goes by its name, unicode and all; one with
 * an id no database has keeps the id. */
static void
test_unknown_cards (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autoptr(DwDeckEntry) named = dw_deck_entry_new (NULL, "Příšerně žluťoučký kůň 🐴 Σίσυφος", 3);
  g_autoptr(DwDeckEntry) by_id = dw_deck_entry_new ("promo-17", NULL, 2);
  g_autoptr(DwDeckEntry) odd_id = dw_deck_entry_new ("über-karte", NULL, 1);
  g_autoptr(DwDeck) back = NULL;
  g_autofree char *code = NULL;
  g_autoptr(DwDeckEntry) first = NULL;

  dw_deck_add_entry (deck, "main", named);
  dw_deck_add_entry (deck, "regions", by_id);
  dw_deck_add_entry (deck, "main", odd_id);
  dw_deck_set_name (deck, "Zelená zeď — 緑の壁");
  dw_library_resolve_deck (library, deck);
  assert_round_trip (deck);

  code = encode_ok (deck, TRUE);
  back = decode_ok (code);
  g_assert_cmpstr (dw_deck_get_name (back), ==, "Zelená zeď — 緑の壁");
  first = g_list_model_get_item (dw_deck_get_section (back, "regions"), 3);
  g_assert_cmpstr (dw_deck_entry_get_id (first), ==, "promo-17");
  g_assert_null (dw_deck_entry_get_card (first));
}

/* A deck of a section the game does not declare, and of a house format. */
static void
test_other_section_and_format (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "cor-bone-choir.xml");
  g_autoptr(DwDeckEntry) extra = dw_deck_entry_new ("cor-0049", "Shambling Zomb Laborer", 1);
  g_autofree char *code = NULL;
  g_autoptr(DwDeck) back = NULL;

  dw_deck_add_entry (deck, "sideboard-ideas", extra);
  dw_deck_set_format_id (deck, "house-rules");
  dw_library_resolve_deck (library, deck);
  assert_round_trip (deck);
  code = encode_ok (deck, FALSE);
  back = decode_ok (code);
  g_assert_cmpstr (dw_deck_get_format_id (back), ==, "house-rules");
  g_assert_cmpuint (dw_deck_count_section (back, "sideboard-ideas"), ==, 1);
}

static void
test_max_counts (void)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autoptr(GError) error = NULL;
  g_autofree char *refused = NULL;
  DwCard *card = dw_library_lookup_card (library, "arcmage", "arc-0001", 0, NULL);
  DwCard *other = dw_library_lookup_card (library, "arcmage", "arc-0002", 0, NULL);
  DwDeckEntry *entry;

  dw_deck_set_format_id (deck, "arcmage-orc");
  dw_deck_add_card (deck, "main", card, DW_DECK_CODE_MAX_COUNT);
  entry = dw_deck_add_card (deck, "main", other, 1);
  assert_round_trip (deck);

  dw_deck_entry_set_count (entry, DW_DECK_CODE_MAX_COUNT + 1);
  refused = dw_deck_code_encode (deck, game ("arcmage"), TRUE, &error);
  g_assert_null (refused);
  g_assert_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_CANNOT_ENCODE);
  g_assert_nonnull (strstr (error->message, "1000"));
}

static void
test_empty_deck_has_no_code (void)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  g_autoptr(GError) error = NULL;
  g_autofree char *code = NULL;

  dw_deck_ensure_section (deck, "main");
  code = dw_deck_code_encode (deck, game ("arcmage"), TRUE, &error);
  g_assert_null (code);
  g_assert_error (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_EMPTY);
}

static void
test_white_space_ignored (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autofree char *code = encode_ok (deck, TRUE);
  g_autoptr(GString) wrapped = g_string_new ("  ");
  g_autoptr(DwDeck) back = NULL;

  for (const char *p = code; *p; p++)
    {
      g_string_append_c (wrapped, *p);
      if ((p - code) % 40 == 39)
        g_string_append (wrapped, "\r\n");
    }
  g_string_append (wrapped, "\n");
  back = decode_ok (wrapped->str);
  g_assert_cmpuint (dw_deck_count_section (back, "main"), ==, 60);
  g_assert_true (dw_deck_code_looks_like (wrapped->str, wrapped->len));
  g_assert_false (dw_deck_code_looks_like ("4x Thornwood Scout\n", 19));
  g_assert_false (dw_deck_code_looks_like ("DW1 is a card", 13));
}

/* Every character of one code, changed into every other character of the
 * code's alphabet (and a few outside it), is refused: never misread. */
static void
test_checksum_catches_every_change (void)
{
  static const char extra[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/";
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autofree char *code = encode_ok (deck, TRUE);
  gsize length = strlen (code);
  guint tried = 0;

  for (gsize i = 0; i < length; i++)
    for (const char *c = extra; *c; c++)
      {
        g_autofree char *changed = g_strdup (code);
        g_autoptr(GError) error = NULL;
        g_autoptr(DwDeck) back = NULL;

        if (*c == code[i])
          continue;
        changed[i] = *c;
        back = dw_deck_code_decode (library, changed, &error);
        if (back != NULL)
          g_error ("%s (character %zu → %c) was read", changed, i + 1, *c);
        g_assert_nonnull (error);
        tried++;
      }
  g_test_message ("%u changed codes refused", tried);
  g_assert_cmpuint (tried, >, length * 60);

  /* And every cut, from either end. */
  for (gsize cut = 1; cut < length; cut++)
    {
      g_autofree char *head = g_strndup (code, length - cut);
      g_autoptr(GError) error = NULL;
      g_autoptr(DwDeck) back = dw_deck_code_decode (library, head, &error);

      g_assert_null (back);
      back = dw_deck_code_decode (library, code + cut, NULL);
      g_assert_null (back);
    }
}

static void
test_refuses_bad_prefix (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autofree char *code = encode_ok (deck, TRUE);
  g_autofree char *v2 = g_strdup (code);
  g_autofree char *game_swapped = NULL;
  g_autofree char *other_game = NULL;

  v2[2] = '2';
  assert_refused (v2, DW_DECK_CODE_ERROR_VERSION, "version 2");
  assert_refused ("DW17-arcmage-AAAA", DW_DECK_CODE_ERROR_VERSION, "version 17");
  assert_refused ("4x Thornwood Scout", DW_DECK_CODE_ERROR_MALFORMED, "DW1-");
  assert_refused ("DW1arcmage", DW_DECK_CODE_ERROR_MALFORMED, "DW1-");
  assert_refused ("DW1-hearthstone-AAAAAAAA", DW_DECK_CODE_ERROR_UNKNOWN_GAME, "“hearthstone”");

  /* The prefix is under the checksum: another game's name fails it. */
  other_game = g_strconcat ("DW1-coraabia-", code + strlen ("DW1-arcmage-"), NULL);
  assert_refused (other_game, DW_DECK_CODE_ERROR_CHECKSUM, "check");

  game_swapped = g_strdup (code);
  game_swapped[strlen (code) - 3] = '!';
  assert_refused (game_swapped, DW_DECK_CODE_ERROR_MALFORMED, "“!”");
}

static char *
wrap (guint8        flags,
      const guint8 *bytes,
      gsize         length)
{
  return dw_deck_code_wrap ("arcmage", flags, bytes, length);
}

/* Codes with a right checksum and a wrong deck, as a program other than
 * Deckwright could make them. */
static void
test_refuses_bad_body (void)
{
  /* head 0, no stems, 1 section (main, index 1), 1 entry: count × 2 + name. */
  static const guint8 zero_count[] = { 0, 0, 1, 1, 1, 0 * 2 + 0, 3, 'A', 'b', 'c' };
  static const guint8 big_count[] = { 0, 0, 1, 1, 1, 0xd0, 0x0f, 3, 'A', 'b', 'c' }; /* 1000 × 2 */
  static const guint8 fine[] = { 0, 0, 1, 1, 1, 2 * 2 + 0, 3, 'A', 'b', 'c' };
  static const guint8 cut[] = { 0, 0, 1, 1, 1, 2 * 2 + 0, 9, 'A', 'b', 'c' };
  static const guint8 empty[] = { 0, 0, 1, 1, 0 };
  static const guint8 no_sections[] = { 0, 0, 0 };
  static const guint8 considering[] = { 0, 0, 1, 0, 11, 'c', 'o', 'n', 's', 'i', 'd', 'e', 'r', 'i', 'n', 'g', 1, 2, 1, 'X' };
  static const guint8 twice[] = { 0, 0, 2, 1, 1, 2, 1, 'X', 1, 1, 2, 1, 'Y' };
  static const guint8 bad_section[] = { 0, 0, 1, 77, 1, 2, 1, 'X' };
  static const guint8 trailing[] = { 0, 0, 1, 1, 1, 2, 1, 'X', 0 };
  static const guint8 new_head[] = { 0x40, 0, 1, 1, 1, 2, 1, 'X' };
  static const guint8 bad_utf8[] = { 0, 0, 1, 1, 1, 2, 2, 0xc3, 0x28 };
  g_autofree char *code = NULL;
  g_autoptr(DwDeck) deck = NULL;

  code = wrap (0, fine, sizeof fine);
  deck = decode_ok (code);
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 2);
  g_clear_pointer (&code, g_free);

#define REFUSED(bytes, flags, err, words) \
  G_STMT_START { \
    g_autofree char *c_ = wrap (flags, bytes, sizeof bytes); \
    assert_refused (c_, err, words); \
  } G_STMT_END

  REFUSED (zero_count, 0, DW_DECK_CODE_ERROR_BAD_COUNT, "0 copies");
  REFUSED (big_count, 0, DW_DECK_CODE_ERROR_BAD_COUNT, "1000 copies");
  REFUSED (cut, 0, DW_DECK_CODE_ERROR_TRUNCATED, "ends");
  REFUSED (empty, 0, DW_DECK_CODE_ERROR_EMPTY, "no card");
  REFUSED (no_sections, 0, DW_DECK_CODE_ERROR_EMPTY, "no card");
  REFUSED (considering, 0, DW_DECK_CODE_ERROR_MALFORMED, "considered");
  REFUSED (twice, 0, DW_DECK_CODE_ERROR_MALFORMED, "twice");
  REFUSED (bad_section, 0, DW_DECK_CODE_ERROR_MALFORMED, "section 77");
  REFUSED (trailing, 0, DW_DECK_CODE_ERROR_MALFORMED, "goes on");
  REFUSED (new_head, 0, DW_DECK_CODE_ERROR_VERSION, "update");
  REFUSED (fine, 0x80, DW_DECK_CODE_ERROR_VERSION, "update");
  REFUSED (bad_utf8, 0, DW_DECK_CODE_ERROR_MALFORMED, "UTF-8");
  /* Every cut of a body, with its checksum made right again. */
  for (gsize i = 1; i < sizeof fine; i++)
    {
      g_autofree char *c = wrap (0, fine, i);
      g_autoptr(GError) error = NULL;
      g_autoptr(DwDeck) back = dw_deck_code_decode (library, c, &error);

      g_assert_null (back);
      g_assert_true (g_error_matches (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_TRUNCATED) ||
                     g_error_matches (error, DW_DECK_CODE_ERROR, DW_DECK_CODE_ERROR_EMPTY));
    }
#undef REFUSED
}

/* A code whose body inflates to megabytes (a zip bomb in a code) stops
 * at 64 KiB; a deflated body cut short is refused too. */
static void
test_refuses_inflate_bomb (void)
{
  gsize size = 4 * 1024 * 1024;
  g_autofree guint8 *zeros = g_malloc0 (size);
  g_autoptr(GBytes) bomb = dw_deck_code_deflate (zeros, size);
  static const guint8 fine[] = { 0, 0, 1, 1, 1, 2 * 2 + 0, 3, 'A', 'b', 'c' };
  g_autoptr(GBytes) small = dw_deck_code_deflate (fine, sizeof fine);
  g_autofree char *code = NULL;
  g_autofree char *cut = NULL;
  g_autoptr(DwDeck) deck = NULL;

  g_assert_cmpuint (g_bytes_get_size (bomb), <, 8192);
  code = wrap (1, g_bytes_get_data (bomb, NULL), g_bytes_get_size (bomb));
  g_test_message ("a %zu-character code inflating to %zu bytes", strlen (code), size);
  assert_refused (code, DW_DECK_CODE_ERROR_TOO_LARGE, "64 KiB");

  g_clear_pointer (&code, g_free);
  code = wrap (1, g_bytes_get_data (small, NULL), g_bytes_get_size (small));
  deck = decode_ok (code);
  cut = wrap (1, g_bytes_get_data (small, NULL), g_bytes_get_size (small) - 2);
  assert_refused (cut, DW_DECK_CODE_ERROR_TRUNCATED, "ends");
}

/* fuzz-deck-code found it: a deflated body that inflates to nothing
 * (an empty final block) handed the reader a NULL pointer to step on. */
static void
test_empty_inflated_body_refused (void)
{
  static const guint8 empty_block[] = { 0x03, 0x00 };
  g_autofree char *code = wrap (1, empty_block, sizeof empty_block);

  assert_refused (code, DW_DECK_CODE_ERROR_TRUNCATED, "ends");
}

static void
test_refuses_too_long (void)
{
  g_autoptr(GString) code = g_string_new ("DW1-arcmage-");

  while (code->len <= DW_DECK_CODE_MAX_LENGTH)
    g_string_append (code, "AAAAAAAAAAAAAAAA");
  assert_refused (code->str, DW_DECK_CODE_ERROR_TOO_LARGE, "characters");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  library = dw_test_library ();

  g_test_add_func ("/deck-code/round-trip-shipped", test_round_trip_shipped);
  g_test_add_func ("/deck-code/sixty-cards-under-150", test_sixty_cards_short);
  g_test_add_func ("/deck-code/name-left-out", test_name_left_out);
  g_test_add_func ("/deck-code/considering-left-out", test_considering_left_out);
  g_test_add_func ("/deck-code/unknown-cards-unicode", test_unknown_cards);
  g_test_add_func ("/deck-code/other-section-and-format", test_other_section_and_format);
  g_test_add_func ("/deck-code/max-counts", test_max_counts);
  g_test_add_func ("/deck-code/empty-deck-has-no-code", test_empty_deck_has_no_code);
  g_test_add_func ("/deck-code/white-space-ignored", test_white_space_ignored);
  g_test_add_func ("/deck-code/checksum-catches-every-change", test_checksum_catches_every_change);
  g_test_add_func ("/deck-code/refuses-bad-prefix", test_refuses_bad_prefix);
  g_test_add_func ("/deck-code/refuses-bad-body", test_refuses_bad_body);
  g_test_add_func ("/deck-code/refuses-inflate-bomb", test_refuses_inflate_bomb);
  g_test_add_func ("/deck-code/refuses-too-long", test_refuses_too_long);
  g_test_add_func ("/deck-code/empty-inflated-body-refused", test_empty_inflated_body_refused);

  return g_test_run ();
}
