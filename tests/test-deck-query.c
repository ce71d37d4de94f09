/* test-deck-query.c — the deck library's search language: each construct, each error
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "dw-deck-query.h"
#include "dw-test-util.h"

static DwLibrary *cards;
static DwDeckLibrary *library;
static char *tmpdir;

static void
assert_parses_as (const char *text,
                  const char *expected)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeckQuery) query = dw_deck_query_parse (cards, text, &error);
  g_autofree char *written = NULL;

  g_assert_no_error (error);
  written = dw_deck_query_to_string (query);
  g_assert_cmpstr (written, ==, expected);
}

static void
assert_error_at (const char       *text,
                 DwDeckQueryError  code,
                 guint             start,
                 guint             end)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeckQuery) query = dw_deck_query_parse (cards, text, &error);
  guint error_start = G_MAXUINT, error_end = G_MAXUINT;

  g_assert_null (query);
  g_assert_error (error, DW_DECK_QUERY_ERROR, (gint) code);
  g_assert_true (dw_deck_query_error_get_span (error, &error_start, &error_end));
  g_assert_cmpuint (error_start, ==, start);
  g_assert_cmpuint (error_end, ==, end);
  g_assert_cmpstr (error->message, !=, "");
}

/* The file names (without folder) of the decks the query matches, sorted
 * and joined by spaces. */
static char *
matching (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeckQuery) query = dw_deck_query_parse (cards, text, &error);
  g_autoptr(GString) out = g_string_new (NULL);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (library));

  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwDeckLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (library), i);
      g_autofree char *base = NULL;

      if (!dw_deck_query_matches (query, entry))
        continue;
      base = g_path_get_basename (dw_deck_library_entry_get_path (entry));
      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, base);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

#define ASSERT_MATCHES(text, expected) \
  G_STMT_START { g_autofree char *got_ = matching (text); g_assert_cmpstr (got_, ==, expected); } G_STMT_END

static void
test_bare_words_look_in_name_and_notes (void)
{
  assert_parses_as ("green WALL", "green AND wall");
  ASSERT_MATCHES ("green wall", "a-green.xml");
  ASSERT_MATCHES ("attrition", "b-bone.xml");            /* in the notes only */
  ASSERT_MATCHES ("bone", "b-bone.xml c-choir.xml");
}

static void
test_phrases (void)
{
  assert_parses_as ("\"bone choir\"", "\"bone choir\"");
  ASSERT_MATCHES ("\"bone choir\"", "c-choir.xml");
  ASSERT_MATCHES ("\"choir bone\"", "");
  /* A phrase that would read as an operator or a negation bare stays
   * quoted when written back (found by fuzz-deck-query: ]"-"). */
  assert_parses_as ("]\"-\"", "] AND \"-\"");
  assert_parses_as ("\"-old\"", "\"-old\"");
  assert_parses_as ("tag:\"-x\"", "tag:\"-x\"");
  /* A negated group or phrase is written back as "-" before it, which
   * reads back (found by fuzz-deck-query: " NOT(l- Ne)"). */
  assert_parses_as (" NOT(l- Ne)", "-(l- AND ne)");
  assert_parses_as ("-(l- AND ne)", "-(l- AND ne)");
  assert_parses_as ("-\"bone choir\"", "-\"bone choir\"");
}

static void
test_tag_game_format_and_verdict (void)
{
  assert_parses_as ("tag:Friends game:ARCMAGE format:arcmage-orc is:legal is:illegal",
                    "tag:friends AND game:arcmage AND format:arcmage-orc AND is:legal AND is:illegal");
  ASSERT_MATCHES ("tag:friends", "a-green.xml c-choir.xml");
  ASSERT_MATCHES ("tag:\"season 3\"", "c-choir.xml");
  ASSERT_MATCHES ("game:coraabia", "c-choir.xml");
  ASSERT_MATCHES ("format:arcmage-orc", "a-green.xml b-bone.xml d-illegal.xml");
  ASSERT_MATCHES ("is:illegal", "d-illegal.xml");
  ASSERT_MATCHES ("is:legal game:arcmage", "a-green.xml b-bone.xml");
}

static void
test_card_by_exact_name (void)
{
  assert_parses_as ("card:\"Thornwood Scout\"", "card:\"thornwood scout\"");
  ASSERT_MATCHES ("card:\"Thornwood Scout\"", "a-green.xml d-illegal.xml");
  ASSERT_MATCHES ("card:\"thornwood scout\"", "a-green.xml d-illegal.xml");
  /* Exact: a part of a name is not the name. */
  ASSERT_MATCHES ("card:\"Thornwood\"", "");
  ASSERT_MATCHES ("card:Seedfall", "a-green.xml d-illegal.xml");
}

/* The same, with every deck's cards as the index keeps them (not parsed
 * until a card term needs them, and skipped when they cannot hold the
 * name): a second library over the same cache reads nothing. */
static void
test_card_by_exact_name_from_the_index (void)
{
  g_autofree char *cache = g_build_filename (tmpdir, ".cache", NULL);
  g_autofree char *folded_dir = g_build_filename (tmpdir, ".folded", NULL);
  g_autofree char *folded_cache = g_build_filename (folded_dir, ".cache", NULL);
  g_autofree char *source = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autofree char *contents = dw_test_read_file (source);
  g_auto(GStrv) parts = g_strsplit (contents, "Thornwood Scout", 2);
  const char *roots[] = { tmpdir, NULL };
  const char *folded_roots[] = { folded_dir, NULL };
  DwDeckLibrary *first = library;
  g_autoptr(DwDeckLibrary) again = dw_deck_library_new (cards, cache);
  g_autoptr(DwDeckLibrary) folded = NULL;
  g_autoptr(DwDeckLibrary) folded_again = NULL;
  g_autofree char *path = NULL;
  g_autofree char *folded_text = NULL;

  dw_deck_library_set_roots (again, roots, FALSE);
  g_assert_true (dw_deck_library_scan (again, NULL, NULL));
  library = again;
  ASSERT_MATCHES ("card:\"Thornwood Scout\"", "a-green.xml d-illegal.xml");
  ASSERT_MATCHES ("card:\"THORNWOOD scout\"", "a-green.xml d-illegal.xml");
  ASSERT_MATCHES ("card:\"Thornwood\"", "");
  ASSERT_MATCHES ("card:Seedfall", "a-green.xml d-illegal.xml");
  ASSERT_MATCHES ("-card:Seedfall", "b-bone.xml c-choir.xml");
  ASSERT_MATCHES ("card:\"Thornwood Scout\" OR card:(name:seedfall)", "a-green.xml d-illegal.xml");

  /* A name beyond ASCII that folds to the one asked for, of no card
   * database ("Ｚ" is a full-width Z, which NFKC makes a Z). */
  g_assert_nonnull (parts[1]);
  g_mkdir_with_parents (folded_dir, 0700);
  folded_text = g_strconcat (parts[0], "Thornwood Scout</card><card count=\"1\">\xef\xbc\xba" "zz Unknown",
                             parts[1], NULL);
  path = dw_test_write_file (folded_dir, "folded.xml", folded_text);
  folded = dw_deck_library_new (cards, folded_cache);
  dw_deck_library_set_roots (folded, folded_roots, FALSE);
  g_assert_true (dw_deck_library_scan (folded, NULL, NULL));
  folded_again = dw_deck_library_new (cards, folded_cache);
  dw_deck_library_set_roots (folded_again, folded_roots, FALSE);
  g_assert_true (dw_deck_library_scan (folded_again, NULL, NULL));
  library = folded_again;
  ASSERT_MATCHES ("card:\"ZZZ unknown\"", "folded.xml");
  ASSERT_MATCHES ("card:\"Thornwood Scout\"", "folded.xml");
  library = first;
}

static void
test_card_by_card_query (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeckQuery) query = NULL;
  g_autoptr(GPtrArray) found = NULL;
  DwDeckLibraryEntry *green = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (library));

  assert_parses_as ("card:(faction:gaian cost<=2)", "card:(faction:gaian cost<=2)");
  ASSERT_MATCHES ("card:(faction:gaian cost<=2)", "a-green.xml d-illegal.xml");
  ASSERT_MATCHES ("card:(faction:\"dark legion\")", "b-bone.xml");
  /* A field only Coraabia has: decks of that game only. */
  ASSERT_MATCHES ("card:(rarity:guru)", "c-choir.xml");

  query = dw_deck_query_parse (cards, "card:\"Thornwood Scout\" OR card:(name:seedfall)", &error);
  g_assert_no_error (error);
  g_assert_true (dw_deck_query_has_card_terms (query));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwDeckLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (library), i);

      if (g_str_has_suffix (dw_deck_library_entry_get_path (entry), "a-green.xml"))
        green = entry;
    }
  found = dw_deck_query_matching_cards (query, green);
  g_assert_cmpuint (found->len, ==, 2);
  g_assert_cmpstr (((DwDeckQueryCard *) found->pdata[0])->name, ==, "Thornwood Scout");
  g_assert_cmpuint (((DwDeckQueryCard *) found->pdata[0])->count, ==, 4);
  g_assert_cmpstr (((DwDeckQueryCard *) found->pdata[1])->name, ==, "Seedfall");
}

static void
test_negation (void)
{
  assert_parses_as ("-tag:friends", "-tag:friends");
  assert_parses_as ("NOT bone", "-bone");
  ASSERT_MATCHES ("-tag:friends", "b-bone.xml d-illegal.xml");
  ASSERT_MATCHES ("NOT game:arcmage", "c-choir.xml");
}

static void
test_or_and_parentheses (void)
{
  /* Written back with only the parentheses that change the meaning:
   * AND binds tighter than OR, chains are flat. */
  assert_parses_as ("a OR b c", "a OR b AND c");
  assert_parses_as ("(a OR b) c", "(a OR b) AND c");
  assert_parses_as ("c (a OR b)", "c AND (a OR b)");
  assert_parses_as ("a AND b", "a AND b");
  assert_parses_as ("((a b) c)", "a AND b AND c");
  assert_parses_as ("a (b c)", "a AND (b AND c)");
  assert_parses_as ("a OR (b OR c)", "a OR (b OR c)");
  assert_parses_as ("(a OR b) OR c d", "a OR b OR c AND d");
  assert_parses_as ("-(a OR b) -(c d)", "-(a OR b) AND -(c AND d)");
  /* Lower-case or is a word. */
  assert_parses_as ("a or b", "a AND or AND b");
  ASSERT_MATCHES ("game:coraabia OR card:Seedfall", "a-green.xml c-choir.xml d-illegal.xml");
  ASSERT_MATCHES ("(game:coraabia OR card:Seedfall) tag:\"season 3\"", "c-choir.xml");
}

/* An AND or an OR asks its cheaper side first (a game before a card):
 * the answer is the same whichever side was typed first, and the query
 * is written back as typed. */
static void
test_cheaper_side_first_same_answer (void)
{
  static const char * const pairs[][2] = {
    { "card:Seedfall", "game:arcmage" },
    { "card:\"Thornwood Scout\"", "-tag:friends" },
    { "card:(faction:gaian)", "is:illegal" },
    { "bone", "game:arcmage" },
    { "-card:Seedfall", "format:arcmage-orc" },
    { "(card:Seedfall OR bone)", "-is:illegal" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    for (guint op = 0; op < 2; op++)
      {
        const char *joint = op == 0 ? " " : " OR ";
        g_autofree char *typed = g_strconcat (pairs[i][0], joint, pairs[i][1], NULL);
        g_autofree char *swapped = g_strconcat (pairs[i][1], joint, pairs[i][0], NULL);
        g_autofree char *left = matching (pairs[i][0]);
        g_autofree char *right = matching (pairs[i][1]);
        g_autofree char *got = matching (typed);
        g_autofree char *got_swapped = matching (swapped);
        g_autoptr(GString) expected = g_string_new (NULL);
        g_auto(GStrv) all = g_strsplit ("a-green.xml b-bone.xml c-choir.xml d-illegal.xml", " ", -1);
        g_autoptr(DwDeckQuery) query = dw_deck_query_parse (cards, typed, NULL);
        g_autofree char *written = dw_deck_query_to_string (query);
        g_autoptr(DwDeckQuery) query_swapped = dw_deck_query_parse (cards, swapped, NULL);
        g_autofree char *written_swapped = dw_deck_query_to_string (query_swapped);

        /* What each side finds, joined as the operator says. */
        for (guint d = 0; all[d] != NULL; d++)
          {
            gboolean in_left = strstr (left, all[d]) != NULL;
            gboolean in_right = strstr (right, all[d]) != NULL;

            if (op == 0 ? in_left && in_right : in_left || in_right)
              g_string_append_printf (expected, "%s%s", expected->len > 0 ? " " : "", all[d]);
          }
        g_assert_cmpstr (got, ==, expected->str);
        g_assert_cmpstr (got_swapped, ==, expected->str);
        /* Written as typed: the cheaper side is asked first, not moved. */
        g_assert_cmpstr (written, !=, written_swapped);
      }
}

static void
test_empty_query_matches_everything (void)
{
  g_autoptr(DwDeckQuery) query = dw_deck_query_parse (cards, "   ", NULL);

  g_assert_true (dw_deck_query_is_empty (query));
  ASSERT_MATCHES ("", "a-green.xml b-bone.xml c-choir.xml d-illegal.xml");
}

static void
test_errors_say_where (void)
{
  assert_error_at ("green colour:red", DW_DECK_QUERY_ERROR_UNKNOWN_FIELD, 6, 12);
  assert_error_at ("tag:", DW_DECK_QUERY_ERROR_MISSING_VALUE, 0, 4);
  assert_error_at ("is:nice", DW_DECK_QUERY_ERROR_UNKNOWN_VALUE, 3, 7);
  assert_error_at ("(a OR b", DW_DECK_QUERY_ERROR_UNBALANCED, 0, 1);
  assert_error_at ("a)", DW_DECK_QUERY_ERROR_UNBALANCED, 1, 2);
  assert_error_at ("tag:\"old", DW_DECK_QUERY_ERROR_UNTERMINATED_QUOTE, 4, 8);
  assert_error_at ("a OR", DW_DECK_QUERY_ERROR_DANGLING_OPERATOR, 2, 4);
  assert_error_at ("OR a", DW_DECK_QUERY_ERROR_DANGLING_OPERATOR, 0, 2);
  assert_error_at ("a - b", DW_DECK_QUERY_ERROR_DANGLING_OPERATOR, 2, 3);
  assert_error_at ("NOT", DW_DECK_QUERY_ERROR_DANGLING_OPERATOR, 0, 3);
  assert_error_at ("()", DW_DECK_QUERY_ERROR_EMPTY, 0, 2);
  assert_error_at ("card:()", DW_DECK_QUERY_ERROR_EMPTY, 0, 7);
  assert_error_at ("card:(cost<=2", DW_DECK_QUERY_ERROR_UNBALANCED, 5, 13);
  /* Characters, not bytes: “é” is one. */
  assert_error_at ("é colour:red", DW_DECK_QUERY_ERROR_UNKNOWN_FIELD, 2, 8);
  /* The card query's own error, at its place in the whole text. */
  assert_error_at ("tag:x card:(wingspan>2)", DW_DECK_QUERY_ERROR_CARD_QUERY, 12, 20);
}

static void
test_limits_are_refused (void)
{
  g_autoptr(GString) deep = g_string_new (NULL);
  g_autofree char *long_text = g_strnfill (DW_DECK_QUERY_MAX_LENGTH + 1, 'a');
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i <= DW_DECK_QUERY_MAX_DEPTH; i++)
    g_string_append_c (deep, '(');
  g_string_append_c (deep, 'a');
  for (guint i = 0; i <= DW_DECK_QUERY_MAX_DEPTH; i++)
    g_string_append_c (deep, ')');
  g_assert_null (dw_deck_query_parse (cards, deep->str, &error));
  g_assert_error (error, DW_DECK_QUERY_ERROR, DW_DECK_QUERY_ERROR_TOO_DEEP);
  g_clear_error (&error);

  g_assert_null (dw_deck_query_parse (cards, long_text, &error));
  g_assert_error (error, DW_DECK_QUERY_ERROR, DW_DECK_QUERY_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_null (dw_deck_query_parse (cards, "\xff", &error));
  g_assert_error (error, DW_DECK_QUERY_ERROR, DW_DECK_QUERY_ERROR_INVALID);
}

/* Any query accepted is written back to text that reads back the same,
 * however near the nesting limit it is (found by fuzz-deck-query: 64 "-"
 * and two words came back as a normal form 65 deep, then refused). */
static void
assert_written_back_reparses (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeckQuery) query = dw_deck_query_parse (cards, text, &error);
  g_autoptr(DwDeckQuery) again = NULL;
  g_autofree char *written = NULL;
  g_autofree char *written_again = NULL;

  g_assert_no_error (error);
  written = dw_deck_query_to_string (query);
  again = dw_deck_query_parse (cards, written, &error);
  g_assert_no_error (error);
  written_again = dw_deck_query_to_string (again);
  g_assert_cmpstr (written_again, ==, written);
}

static void
test_normal_form_at_the_depth_limit_reparses (void)
{
  g_autoptr(GString) negations = g_string_new (NULL);
  g_autoptr(GString) words = g_string_new (NULL);
  g_autoptr(GString) groups = g_string_new (NULL);

  /* The fuzzer's input: the deepest negation, then two words. */
  for (guint i = 0; i < DW_DECK_QUERY_MAX_DEPTH; i++)
    g_string_append_c (negations, '-');
  g_string_append (negations, "ched -r");
  assert_written_back_reparses (negations->str);

  /* A long flat chain is not nested at all. */
  for (guint i = 0; i < DW_DECK_QUERY_MAX_DEPTH + 2; i++)
    g_string_append_printf (words, "%sw%u", i > 0 ? (i % 2 ? " OR " : " ") : "", i);
  assert_written_back_reparses (words->str);

  /* The deepest parentheses keep their depth, no more. */
  for (guint i = 0; i < DW_DECK_QUERY_MAX_DEPTH; i++)
    g_string_append (groups, "a OR (");
  g_string_append_c (groups, 'b');
  for (guint i = 0; i < DW_DECK_QUERY_MAX_DEPTH; i++)
    g_string_append (groups, ") c");
  assert_written_back_reparses (groups->str);
  assert_parses_as ("-----x y", "-----x AND y");
}

static void
write_deck (const char *shipped,
            const char *as,
            const char *tags)
{
  g_autofree char *source = dw_test_data_path ("decks", shipped, NULL);
  g_autofree char *contents = dw_test_read_file (source);
  g_autofree char *tagged = NULL;
  g_autofree char *path = NULL;
  g_auto(GStrv) parts = g_strsplit (contents, "</notes>", 2);

  tagged = parts[1] ? g_strconcat (parts[0], "</notes>", tags, parts[1], NULL) : g_strdup (contents);
  path = dw_test_write_file (tmpdir, as, tagged);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *cache = NULL;
  const char *roots[2] = { NULL, NULL };
  int status;

  g_test_init (&argc, &argv, NULL);

  cards = dw_test_library ();
  tmpdir = dw_test_make_tmpdir ();
  cache = g_build_filename (tmpdir, ".cache", NULL);
  write_deck ("orc-green-wall.xml", "a-green.xml", "<tag>Friends</tag>");
  write_deck ("orc-bone-tide.xml", "b-bone.xml", "");
  write_deck ("cor-bone-choir.xml", "c-choir.xml", "<tag>friends</tag><tag>season 3</tag>");
  write_deck ("arcmage-illegal-copy-limit.xml", "d-illegal.xml", "");
  library = dw_deck_library_new (cards, cache);
  roots[0] = tmpdir;
  dw_deck_library_set_roots (library, roots, FALSE);
  g_assert_true (dw_deck_library_scan (library, NULL, NULL));

  g_test_add_func ("/deck-query/bare-words-look-in-name-and-notes", test_bare_words_look_in_name_and_notes);
  g_test_add_func ("/deck-query/phrases", test_phrases);
  g_test_add_func ("/deck-query/tag-game-format-and-verdict", test_tag_game_format_and_verdict);
  g_test_add_func ("/deck-query/card-by-exact-name", test_card_by_exact_name);
  g_test_add_func ("/deck-query/card-by-exact-name-from-the-index", test_card_by_exact_name_from_the_index);
  g_test_add_func ("/deck-query/card-by-card-query", test_card_by_card_query);
  g_test_add_func ("/deck-query/negation", test_negation);
  g_test_add_func ("/deck-query/or-and-parentheses", test_or_and_parentheses);
  g_test_add_func ("/deck-query/cheaper-side-first-same-answer", test_cheaper_side_first_same_answer);
  g_test_add_func ("/deck-query/empty-query-matches-everything", test_empty_query_matches_everything);
  g_test_add_func ("/deck-query/errors-say-where", test_errors_say_where);
  g_test_add_func ("/deck-query/limits-are-refused", test_limits_are_refused);
  g_test_add_func ("/deck-query/normal-form-at-the-depth-limit-reparses",
                   test_normal_form_at_the_depth_limit_reparses);

  status = g_test_run ();
  g_clear_object (&library);
  dw_test_remove_tree (tmpdir);
  g_free (tmpdir);
  g_clear_object (&cards);
  return status;
}
