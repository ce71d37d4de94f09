/* test-query.c — the card browser's search language (issue 3)
 *
 * The games are the shipped definitions in data/games; the cards are a
 * small fixture of our own, below, so that every expected list of matches
 * can be checked by reading it.  One test runs the issue's examples over
 * the shipped databases against predicates written out in C.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-query.h"
#include "dw-test-util.h"

static const char arcmage_xml[] =
  "<carddb xmlns='urn:deckwright:carddb:1' game='arcmage'>"
  "<info><name>Query test cards</name><license>CC-BY-SA-4.0</license></info>"
  "<set id='core' name='Core'/><set id='promo' name='Promotional'/>"
  "<card id='q-01' set='core'><name>Thornwood Scout</name><type>Creature</type>"
  "  <faction>Gaian</faction><subtype>Elf Scout</subtype><cost>2</cost><loyalty>1</loyalty>"
  "  <attack>2</attack><defence>1</defence>"
  "  <text>When I enter the front, look at the top card of your deck.</text></card>"
  "<card id='q-02' set='core'><name>Thornwall Sentinel</name><type>Creature</type>"
  "  <faction>Gaian</faction><subtype>Treefolk</subtype><cost>4</cost><loyalty>2</loyalty>"
  "  <attack>1</attack><defence>5</defence><text>Mark me: prevent 1 damage.</text></card>"
  "<card id='q-03' set='core'><name>Straße der Ähren</name><type>Event</type>"
  "  <faction>Red Banner</faction><cost>1</cost><text>MARK a creature. Ça brûle.</text></card>"
  "<card id='q-04' set='core'><name>Gold or Glory</name><type>Spell</type>"
  "  <faction>Red Banner</faction><cost>X</cost><text>Deal X damage.</text></card>"
  "<card id='q-05' set='promo'><name>Ember Drake</name><type>Creature</type>"
  "  <faction>Red Banner</faction><subtype>Dragon</subtype><cost>5</cost><loyalty>3</loyalty>"
  "  <attack>4</attack><defence>3</defence><text>Flying.</text></card>"
  "<card id='q-06' set='core'><name>Dark Pact</name><type>Magic</type>"
  "  <faction>Dark Legion</faction><domain>Faith</domain><cost>X+1</cost>"
  "  <text>Draw X cards.</text></card>"
  "<card id='q-07' set='core'><name>Imperial Tithe</name><type>Enchantment</type>"
  "  <faction>The Empire</faction><cost>T-1</cost></card>"
  "<card id='q-08' set='core'><name>Mosshollow</name><type>Region</type>"
  "  <faction>Gaian</faction><hp>10</hp><position>I</position></card>"
  "<card id='q-09' set='core'><name>Ashen Barrows</name><type>Region</type>"
  "  <faction>Dark Legion</faction><hp>12</hp><position>II</position></card>"
  "<card id='q-10' set='core'><name>Cinderport</name><type>City</type>"
  "  <faction>Red Banner</faction><cost>S</cost><hp>8</hp></card>"
  "<card id='q-11' set='core'><name>Crypt Rat</name><type>Creature</type>"
  "  <faction>Dark Legion</faction><subtype>Rat</subtype><cost>1</cost><loyalty>0</loyalty>"
  "  <attack>1</attack><defence>1</defence></card>"
  "<card id='q-12' set='promo'><name>ΛΟΓΟΣ Shard</name><type>Equipment</type>"
  "  <faction>None</faction><cost>3</cost><text>Equipped creature has +1/+0.</text></card>"
  "</carddb>";

static const char coraabia_xml[] =
  "<carddb xmlns='urn:deckwright:carddb:1' game='coraabia'>"
  "<info><name>Query test cards</name><license>CC-BY-SA-4.0</license></info>"
  "<set id='basic' name='Basic'/>"
  "<card id='c-01' set='basic'><name>Rusty Enforcer</name><type>Character</type>"
  "  <faction>Guardian</faction><subtype>Human</subtype><rarity>Common</rarity>"
  "  <edition>Basic</edition><points>2</points><danger>5</danger><intellect>3</intellect>"
  "  <vitality>60</vitality><karma>1</karma></card>"
  "<card id='c-02' set='basic'><name>Boss Vex</name><type>Character</type>"
  "  <faction>Outlaw</faction><subtype>Wak</subtype><rarity>Guru</rarity>"
  "  <edition>Tol Collector</edition><points>4</points><danger>9</danger><intellect>6</intellect>"
  "  <vitality>70</vitality><karma>-2</karma></card>"
  "<card id='c-03' set='basic'><name>Ghost Runner</name><type>Character</type>"
  "  <faction>Mercenary</faction><subtype>Human</subtype><rarity>Guru</rarity>"
  "  <edition>Annora</edition><points>3</points><danger>7</danger><intellect>8</intellect>"
  "  <vitality>40</vitality><karma>0</karma></card>"
  "<card id='c-04' set='basic'><name>Dung Rat-King</name><type>Character</type>"
  "  <faction>Outlaw</faction><subtype>Ruuk</subtype><rarity>Rare</rarity>"
  "  <edition>Sector 6</edition><points>3</points><danger>8</danger><intellect>2</intellect>"
  "  <vitality>90</vitality><karma>-1</karma></card>"
  "<card id='c-05' set='basic'><name>Smoke Bomb</name><type>Trick</type>"
  "  <faction>Outlaw</faction><rarity>Common</rarity>"
  "  <text>Your champion gets +2 danger.</text></card>"
  "<card id='c-06' set='basic'><name>Old Friend</name><type>Connection</type>"
  "  <rarity>Uncommon</rarity><influence>3</influence>"
  "  <text>Once per duel, draw a trick.</text></card>"
  "<card id='c-07' set='basic'><name>Mother Xenna</name><type>Character</type>"
  "  <faction>Xenno</faction><subtype>Xenno</subtype><rarity>Uncommon</rarity>"
  "  <edition>Min'Ora</edition><points>5</points><danger>4</danger><intellect>9</intellect>"
  "  <vitality>100</vitality><karma>3</karma></card>"
  "</carddb>";

static DwLibrary *library;
static DwCardDb *arcmage;
static DwCardDb *coraabia;

static DwGame *
lookup_game_cb (const char *game_id,
                gpointer    user_data)
{
  return dw_library_lookup_game (user_data, game_id);
}

static DwCardDb *
load_fixture (const char *xml)
{
  g_autoptr(GError) error = NULL;
  DwCardDb *db = dw_card_db_load_data (xml, strlen (xml), "fixture", lookup_game_cb, library, &error);

  g_assert_no_error (error);
  g_assert_nonnull (db);
  return db;
}

/* "query -> id id ..." for the cards of @db the query matches, so that a
 * failed assertion shows the query beside the result. */
static char *
matched_ids (DwCardDb   *db,
             const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwQuery) query = dw_query_parse (dw_card_db_get_game (db), text, &error);
  GString *out = g_string_new (text);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (db));

  g_assert_no_error (error);
  g_string_append (out, " ->");
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwCard) card = g_list_model_get_item (G_LIST_MODEL (db), i);

      if (dw_query_matches (query, card))
        g_string_append_printf (out, " %s", dw_card_get_id (card));
    }
  return g_string_free (out, FALSE);
}

#define assert_matches(db, text, expected)                                    \
  G_STMT_START {                                                              \
    g_autofree char *got_ = matched_ids ((db), (text));                       \
    g_autofree char *want_ = g_strdup_printf ("%s ->%s%s", (text),             \
                                              *(expected) ? " " : "",         \
                                              (expected));                    \
    g_assert_cmpstr (got_, ==, want_);                                        \
  } G_STMT_END

#define assert_arcmage(text, expected) assert_matches (arcmage, text, expected)
#define assert_coraabia(text, expected) assert_matches (coraabia, text, expected)

#define ALL_ARCMAGE "q-01 q-02 q-03 q-04 q-05 q-06 q-07 q-08 q-09 q-10 q-11 q-12"

static DwQuery *
parse (DwCardDb   *db,
       const char *text)
{
  g_autoptr(GError) error = NULL;
  DwQuery *query = dw_query_parse (dw_card_db_get_game (db), text, &error);

  g_assert_no_error (error);
  return query;
}

/* Parses @text expecting to fail with @code over [@start, @end) and
 * returns the error for the caller to check its message. */
static GError *
parse_error (DwCardDb     *db,
             const char   *text,
             DwQueryError  code,
             guint         start,
             guint         end)
{
  GError *error = NULL;
  g_autoptr(DwQuery) query = dw_query_parse (dw_card_db_get_game (db), text, &error);
  g_autofree char *got = NULL;
  g_autofree char *want = g_strdup_printf ("'%s': error %d at [%u, %u)", text, code, start, end);
  guint got_start = 0;
  guint got_end = 0;

  g_assert_null (query);
  g_assert_nonnull (error);
  g_assert_true (error->domain == DW_QUERY_ERROR);
  g_assert_true (dw_query_error_get_span (error, &got_start, &got_end));
  got = g_strdup_printf ("'%s': error %d at [%u, %u)", text, error->code, got_start, got_end);
  g_assert_cmpstr (got, ==, want);
  return error;
}

static void
assert_error (DwCardDb     *db,
              const char   *text,
              DwQueryError  code,
              guint         start,
              guint         end,
              const char   *message)
{
  g_autoptr(GError) error = parse_error (db, text, code, start, end);

  if (message != NULL)
    g_assert_cmpstr (error->message, ==, message);
}

static const char *
relation_name (DwQueryRelation relation)
{
  switch (relation)
    {
    case DW_QUERY_SAME:
      return "same";
    case DW_QUERY_NARROWER:
      return "narrower";
    case DW_QUERY_WIDER:
      return "wider";
    case DW_QUERY_DIFFERENT:
    default:
      return "different";
    }
}

static void
assert_relation (DwCardDb        *db,
                 const char      *before,
                 const char      *after,
                 DwQueryRelation  expected)
{
  g_autoptr(DwQuery) a = parse (db, before);
  g_autoptr(DwQuery) b = parse (db, after);
  g_autofree char *got = g_strdup_printf ("'%s' -> '%s': %s", before, after,
                                          relation_name (dw_query_relation (a, b)));
  g_autofree char *want = g_strdup_printf ("'%s' -> '%s': %s", before, after,
                                           relation_name (expected));

  g_assert_cmpstr (got, ==, want);
}

static void
assert_normal_form (const char *text,
                    const char *expected)
{
  g_autoptr(DwQuery) query = parse (arcmage, text);
  g_autofree char *got = dw_query_to_string (query);

  g_assert_cmpstr (got, ==, expected);
}

/* Empty */

static void
test_empty_matches_everything (void)
{
  g_autoptr(DwQuery) empty = parse (arcmage, "");
  g_autoptr(DwQuery) blank = parse (arcmage, "  \t ");
  g_autoptr(DwQuery) word = parse (arcmage, "thorn");

  g_assert_true (dw_query_is_empty (empty));
  g_assert_true (dw_query_is_empty (blank));
  g_assert_false (dw_query_is_empty (word));
  assert_arcmage ("", ALL_ARCMAGE);
  assert_arcmage ("   ", ALL_ARCMAGE);
}

/* Names */

static void
test_name_word_is_substring (void)
{
  assert_arcmage ("thorn", "q-01 q-02");
  assert_arcmage ("THORN", "q-01 q-02");
  assert_arcmage ("ornw", "q-01 q-02");
  assert_arcmage ("rat", "q-11");
  assert_arcmage ("zebra", "");
}

static void
test_name_words_are_and (void)
{
  assert_arcmage ("thorn scout", "q-01");
  assert_arcmage ("scout thorn", "q-01");
  assert_arcmage ("thornwood sentinel", "");
}

static void
test_name_quoted_phrase (void)
{
  assert_arcmage ("\"thornwood scout\"", "q-01");
  assert_arcmage ("\"Thornwood Scout\"", "q-01");
  assert_arcmage ("\"scout thornwood\"", "");
  assert_arcmage ("\"d s\"", "q-01");
  assert_arcmage ("“thornwood scout”", "q-01");
  assert_arcmage ("\"gold or glory\"", "q-04");
  assert_arcmage ("\"crypt rat\" OR \"ember drake\"", "q-05 q-11");
}

static void
test_name_unicode_case_folding (void)
{
  assert_arcmage ("STRASSE", "q-03");
  assert_arcmage ("straße", "q-03");
  assert_arcmage ("ÄHREN", "q-03");
  /* A decomposed Ä, as some input methods send it. */
  assert_arcmage ("A\xcc\x88hren", "q-03");
  /* Final sigma folds like any other. */
  assert_arcmage ("λογος", "q-12");
  assert_arcmage ("ΛΟΓΟΣ", "q-12");
}

static void
test_name_field (void)
{
  assert_arcmage ("name:thorn", "q-01 q-02");
  assert_arcmage ("NAME:crypt", "q-11");
  assert_arcmage ("name:\"ember drake\"", "q-05");
}

static void
test_keywords_are_upper_case_only (void)
{
  assert_arcmage ("or", "q-01 q-02 q-04 q-10");
  assert_arcmage ("ember or thorn", "");
  assert_arcmage ("ember OR thorn", "q-01 q-02 q-05");
  assert_arcmage ("ember and thorn", "");
  assert_arcmage ("not", "");
  assert_arcmage ("gold or glory", "q-04");
}

/* Text properties */

static void
test_text_substring (void)
{
  assert_arcmage ("text:mark", "q-02 q-03");
  assert_arcmage ("TEXT:Mark", "q-02 q-03");
  assert_arcmage ("text:\"x damage\"", "q-04");
  assert_arcmage ("text:ÇA", "q-03");
  assert_arcmage ("text:BRÛLE", "q-03");
  assert_arcmage ("subtype:elf", "q-01");
  assert_arcmage ("-text:mark", "q-01 q-04 q-05 q-06 q-07 q-08 q-09 q-10 q-11 q-12");
}

/* Fields */

static void
test_field_enum_equal_or_prefix (void)
{
  assert_arcmage ("faction:gaian", "q-01 q-02 q-08");
  assert_arcmage ("faction:gai", "q-01 q-02 q-08");
  assert_arcmage ("faction:GAIAN", "q-01 q-02 q-08");
  assert_arcmage ("faction:\"dark legion\"", "q-06 q-09 q-11");
  assert_arcmage ("faction:dark", "q-06 q-09 q-11");
  assert_arcmage ("faction:\"red banner\"", "q-03 q-04 q-05 q-10");
  assert_arcmage ("faction:none", "q-12");
  assert_arcmage ("faction:the", "q-07");
  assert_arcmage ("position:i", "q-08 q-09");
  assert_arcmage ("position:ii", "q-09");
  assert_arcmage ("domain:faith", "q-06");
}

static void
test_field_aliases (void)
{
  /* ATK is the display name of the property whose id is attack. */
  assert_arcmage ("atk>=2", "q-01 q-05");
  assert_arcmage ("attack>=2", "q-01 q-05");
  assert_arcmage ("ATK>=2", "q-01 q-05");
  assert_arcmage ("Atk>=2", "q-01 q-05");
  assert_arcmage ("def>=3", "q-02 q-05");
  assert_arcmage ("Defence:1", "q-01 q-11");
  assert_arcmage ("flavour:x", "");
  assert_arcmage ("Faction:gaian", "q-01 q-02 q-08");
  /* Coraabia calls its subtype “Race”. */
  assert_coraabia ("race:human", "c-01 c-03");
  assert_coraabia ("subtype:hum", "c-01 c-03");
}

static void
test_field_type (void)
{
  assert_arcmage ("type:creature", "q-01 q-02 q-05 q-11");
  assert_arcmage ("type:cre", "q-01 q-02 q-05 q-11");
  assert_arcmage ("type:REGION", "q-08 q-09");
  assert_arcmage ("type:e", "q-03 q-07 q-12");
  assert_coraabia ("type:trick", "c-05");
}

static void
test_field_id_and_set (void)
{
  assert_arcmage ("id:q-1", "q-10 q-11 q-12");
  assert_arcmage ("id:Q-01", "q-01");
  assert_arcmage ("set:promo", "q-05 q-12");
  assert_arcmage ("set:PRO", "q-05 q-12");
  assert_arcmage ("-set:promo", "q-01 q-02 q-03 q-04 q-06 q-07 q-08 q-09 q-10 q-11");
}

/* Comparisons */

static void
test_comparison_equal (void)
{
  assert_arcmage ("cost=2", "q-01");
  assert_arcmage ("cost=3", "q-12");
  assert_arcmage ("hp=10", "q-08");
  assert_arcmage ("loyalty=0", "q-11");
}

static void
test_comparison_colon_is_equal (void)
{
  assert_arcmage ("cost:2", "q-01");
  assert_arcmage ("atk:4", "q-05");
}

static void
test_comparison_less (void)
{
  assert_arcmage ("cost<2", "q-03 q-11");
}

static void
test_comparison_less_or_equal (void)
{
  assert_arcmage ("cost<=2", "q-01 q-03 q-11");
}

static void
test_comparison_greater (void)
{
  assert_arcmage ("cost>3", "q-02 q-05");
}

static void
test_comparison_greater_or_equal (void)
{
  assert_arcmage ("cost>=3", "q-02 q-05 q-12");
}

static void
test_comparison_cost_letters (void)
{
  /* X, X+1, T-1 and S never compare as numbers ... */
  assert_arcmage ("cost<=100", "q-01 q-02 q-03 q-05 q-11 q-12");
  assert_arcmage ("cost>=0", "q-01 q-02 q-03 q-05 q-11 q-12");
  assert_arcmage ("-cost<=100", "q-04 q-06 q-07 q-08 q-09 q-10");
  /* ... and are found by their text, exactly. */
  assert_arcmage ("cost:x", "q-04");
  assert_arcmage ("cost=X", "q-04");
  assert_arcmage ("cost:X+1", "q-06");
  assert_arcmage ("cost:t-1", "q-07");
  assert_arcmage ("cost:S", "q-10");
  assert_arcmage ("cost:T", "");
}

static void
test_comparison_missing_property (void)
{
  assert_arcmage ("hp>0", "q-08 q-09 q-10");
  assert_arcmage ("hp<100", "q-08 q-09 q-10");
  assert_arcmage ("-hp>0", "q-01 q-02 q-03 q-04 q-05 q-06 q-07 q-11 q-12");
}

static void
test_comparison_negative_number (void)
{
  assert_coraabia ("karma<0", "c-02 c-04");
  assert_coraabia ("karma>=-1", "c-01 c-03 c-04 c-07");
  assert_coraabia ("karma=-2", "c-02");
}

/* Negation and combination */

static void
test_negation_minus (void)
{
  assert_arcmage ("-type:region", "q-01 q-02 q-03 q-04 q-05 q-06 q-07 q-10 q-11 q-12");
  assert_arcmage ("-thorn", "q-03 q-04 q-05 q-06 q-07 q-08 q-09 q-10 q-11 q-12");
  assert_arcmage ("-\"thornwood scout\" thorn", "q-02");
}

static void
test_negation_not (void)
{
  assert_arcmage ("NOT type:region", "q-01 q-02 q-03 q-04 q-05 q-06 q-07 q-10 q-11 q-12");
  assert_arcmage ("thorn NOT scout", "q-02");
}

static void
test_negation_double (void)
{
  assert_arcmage ("--type:region", "q-08 q-09");
  assert_arcmage ("NOT -type:region", "q-08 q-09");
}

static void
test_negation_group (void)
{
  assert_arcmage ("-(faction:gaian OR faction:\"dark legion\")", "q-03 q-04 q-05 q-07 q-10 q-12");
}

static void
test_or (void)
{
  assert_arcmage ("ember OR crypt", "q-05 q-11");
  assert_arcmage ("type:region OR type:city", "q-08 q-09 q-10");
  assert_arcmage ("ember OR crypt OR mosshollow", "q-05 q-08 q-11");
}

static void
test_and_keyword (void)
{
  assert_arcmage ("faction:gaian AND type:region", "q-08");
  assert_arcmage ("faction:gaian type:region", "q-08");
}

static void
test_precedence_and_binds_tighter_than_or (void)
{
  assert_arcmage ("faction:gaian type:region OR type:city", "q-08 q-10");
  assert_arcmage ("type:city OR faction:gaian type:region", "q-08 q-10");
  assert_arcmage ("faction:gaian AND type:region OR type:city", "q-08 q-10");
}

static void
test_precedence_parentheses (void)
{
  assert_arcmage ("faction:gaian (type:region OR type:city)", "q-08");
  assert_arcmage ("(faction:gaian type:region) OR type:city", "q-08 q-10");
  assert_arcmage ("((thorn))", "q-01 q-02");
}

static void
test_precedence_not_binds_tightest (void)
{
  assert_arcmage ("-faction:gaian type:creature", "q-05 q-11");
  assert_arcmage ("NOT faction:gaian OR type:region",
                  "q-03 q-04 q-05 q-06 q-07 q-08 q-09 q-10 q-11 q-12");
}

/* Examples */

static void
test_examples_issue (void)
{
  assert_arcmage ("faction:gaian cost<=3 type:creature atk>=2", "q-01");
  assert_coraabia ("rarity:guru danger>=8", "c-02");
  assert_arcmage ("(faction:gaian OR faction:\"red banner\") cost<2", "q-03");
  assert_arcmage ("\"thornwood scout\"", "q-01");
  assert_arcmage ("text:mark", "q-02 q-03");
}

static void
test_coraabia_properties (void)
{
  assert_coraabia ("rarity:guru", "c-02 c-03");
  assert_coraabia ("rarity:g", "c-02 c-03");
  assert_coraabia ("rarity:uncommon", "c-06 c-07");
  assert_coraabia ("rarity:u", "c-06 c-07");
  assert_coraabia ("danger>=8", "c-02 c-04");
  assert_coraabia ("vitality>=70", "c-02 c-04 c-07");
  assert_coraabia ("intellect>5", "c-02 c-03 c-07");
  assert_coraabia ("points:3", "c-03 c-04");
  assert_coraabia ("influence=3", "c-06");
  assert_coraabia ("edition:tol", "c-02");
  assert_coraabia ("edition:\"min'ora\"", "c-07");
  assert_coraabia ("edition:min'ora", "c-07");
  assert_coraabia ("faction:outlaw", "c-02 c-04 c-05");
  assert_coraabia ("faction:outlaw type:character", "c-02 c-04");
  assert_coraabia ("text:trick", "c-06");
}

typedef gboolean (*Predicate) (DwCard *card);

static gboolean
example_gaian_creatures (DwCard *card)
{
  gint64 cost, attack;

  return g_strcmp0 (dw_card_get_value (card, "faction"), "Gaian") == 0 &&
         dw_card_get_int (card, "cost", &cost) && cost <= 3 &&
         g_strcmp0 (dw_card_get_card_type (card), "Creature") == 0 &&
         dw_card_get_int (card, "attack", &attack) && attack >= 2;
}

static gboolean
example_not_region (DwCard *card)
{
  return g_strcmp0 (dw_card_get_card_type (card), "Region") != 0;
}

static gboolean
example_two_factions_cheap (DwCard *card)
{
  const char *faction = dw_card_get_value (card, "faction");
  gint64 cost;

  return (g_strcmp0 (faction, "Gaian") == 0 || g_strcmp0 (faction, "Red Banner") == 0) &&
         dw_card_get_int (card, "cost", &cost) && cost < 2;
}

static gboolean
example_thornwood_scout (DwCard *card)
{
  return strstr (dw_card_get_name_key (card), "thornwood scout") != NULL;
}

static gboolean
example_text_mark (DwCard *card)
{
  const char *text = dw_card_get_value (card, "text");
  g_autofree char *folded = text ? g_utf8_casefold (text, -1) : NULL;

  return folded != NULL && strstr (folded, "mark") != NULL;
}

static gboolean
example_guru_danger (DwCard *card)
{
  gint64 danger;

  return g_strcmp0 (dw_card_get_value (card, "rarity"), "Guru") == 0 &&
         dw_card_get_int (card, "danger", &danger) && danger >= 8;
}

/* The issue's examples over the shipped databases, each against the same
 * condition written out by hand. */
static void
test_examples_shipped_databases (void)
{
  static const struct
  {
    const char *game;
    const char *query;
    Predicate   predicate;
  } examples[] = {
    { "arcmage", "faction:gaian cost<=3 type:creature atk>=2", example_gaian_creatures },
    { "arcmage", "-type:region", example_not_region },
    { "arcmage", "(faction:gaian OR faction:\"red banner\") cost<2", example_two_factions_cheap },
    { "arcmage", "\"thornwood scout\"", example_thornwood_scout },
    { "arcmage", "text:mark", example_text_mark },
    { "coraabia", "rarity:guru danger>=8", example_guru_danger },
  };
  g_autoptr(DwLibrary) shipped = dw_test_library ();
  GListModel *dbs = dw_library_get_card_dbs (shipped);

  for (guint e = 0; e < G_N_ELEMENTS (examples); e++)
    {
      g_autoptr(GError) error = NULL;
      DwGame *game = dw_library_lookup_game (shipped, examples[e].game);
      g_autoptr(DwQuery) query = dw_query_parse (game, examples[e].query, &error);
      guint matched = 0;

      g_assert_no_error (error);
      for (guint d = 0; d < g_list_model_get_n_items (dbs); d++)
        {
          g_autoptr(DwCardDb) db = g_list_model_get_item (dbs, d);

          if (dw_card_db_get_game (db) != game)
            continue;
          for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (db)); i++)
            {
              g_autoptr(DwCard) card = g_list_model_get_item (G_LIST_MODEL (db), i);
              gboolean expected = examples[e].predicate (card);

              if (dw_query_matches (query, card) != expected)
                g_error ("“%s” %s %s (%s)", examples[e].query,
                         expected ? "misses" : "wrongly matches",
                         dw_card_get_name (card), dw_card_get_id (card));
              matched += expected;
            }
        }
      /* A query matching nothing would pass without testing anything. */
      g_assert_cmpuint (matched, >, 0);
    }
}

/* Normal form */

static void
test_to_string_normal_form (void)
{
  assert_normal_form ("", "");
  assert_normal_form ("Thornwood  AND Scout", "thornwood scout");
  assert_normal_form ("\"Thornwood Scout\"", "\"thornwood scout\"");
  assert_normal_form ("name:Thorn", "thorn");
  assert_normal_form ("atk>=2", "attack>=2");
  assert_normal_form ("ATK:2", "attack=2");
  assert_normal_form ("faction:\"Dark Legion\"", "faction:\"dark legion\"");
  assert_normal_form ("Faction:gai cost<=3", "faction:gai cost<=3");
  assert_normal_form ("-(thorn OR ember)", "-(thorn OR ember)");
  assert_normal_form ("NOT NOT thorn", "thorn");
  assert_normal_form ("(ember crypt) rat", "ember crypt rat");
  assert_normal_form ("ember (crypt OR rat)", "ember (crypt OR rat)");
  assert_normal_form ("ember crypt OR rat", "ember crypt OR rat");
  assert_normal_form ("(ember OR crypt) OR rat", "ember OR crypt OR rat");
  assert_normal_form ("cost:x+1", "cost:X+1");
  assert_normal_form ("type:CREATURE", "type:creature");
  assert_normal_form ("TEXT:Mark", "text:mark");
  assert_normal_form ("text:\"a b\"", "text:\"a b\"");
  assert_normal_form ("\"or\"", "or");
  assert_normal_form ("\"-x\"", "\"-x\"");
  assert_normal_form ("\"a:b\"", "\"a:b\"");
  assert_normal_form ("“say \"hi\"”", "“say \"hi\"”");
  assert_normal_form ("karma", "karma");
}

static void
test_to_string_round_trip (void)
{
  static const char * const queries[] = {
    "faction:gaian cost<=3 type:creature atk>=2",
    "(faction:gaian OR faction:\"red banner\") cost<2",
    "-(thorn OR ember) NOT \"crypt rat\"",
    "“say \"hi\"” OR \"-x\" OR \"a:b\"",
    "cost:X+1 OR id:q-0 set:promo text:\"x damage\"",
    "ember (crypt OR -(rat mosshollow))",
  };

  for (guint i = 0; i < G_N_ELEMENTS (queries); i++)
    {
      g_autoptr(DwQuery) query = parse (arcmage, queries[i]);
      g_autofree char *text = dw_query_to_string (query);
      g_autoptr(DwQuery) again = parse (arcmage, text);
      g_autofree char *text_again = dw_query_to_string (again);

      g_assert_cmpstr (text_again, ==, text);
      g_assert_cmpint (dw_query_relation (query, again), ==, DW_QUERY_SAME);
    }
}

/* The fuzzer's find: GLib folds a small Cherokee letter to its capital
 * and the capital back to the small one, so the normal form of "rꮮQ"
 * changed each time it was printed and parsed again.  Folding settles:
 * folding a fold gives it back, and names still match either way. */
static void
test_normal_form_stable_for_cherokee (void)
{
  static const char * const texts[] = { "r\xea\xae\xaeQ", "\xe1\x8f\x9e", "\xea\xae\xae", "Stra\xc3\x9f" "e", "\xc4\xb0stanbul" };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autofree char *folded = dw_card_fold_text (texts[i]);
      g_autofree char *again = dw_card_fold_text (folded);
      g_autoptr(DwQuery) query = parse (arcmage, texts[i]);
      g_autofree char *text = dw_query_to_string (query);
      g_autoptr(DwQuery) reparsed = parse (arcmage, text);
      g_autofree char *text_again = dw_query_to_string (reparsed);

      g_assert_cmpstr (again, ==, folded);
      g_assert_cmpstr (text_again, ==, text);
      g_assert_cmpint (dw_query_relation (query, reparsed), ==, DW_QUERY_SAME);
    }

  /* The capital and the small letter are one name. */
  {
    g_autofree char *capital = dw_card_name_key ("\xe1\x8f\x9e");
    g_autofree char *small = dw_card_name_key ("\xea\xae\xae");

    g_assert_cmpstr (capital, ==, small);
  }
}

/* Errors: each with its exact span, in characters from 0, end exclusive */

static void
test_error_unknown_field_span (void)
{
  assert_error (arcmage, "speed>3", DW_QUERY_ERROR_UNKNOWN_FIELD, 0, 5,
                "no card property “speed” in Arcmage; try faction, subtype, cost, loyalty, atk…");
  assert_error (arcmage, "thorn speed:3", DW_QUERY_ERROR_UNKNOWN_FIELD, 6, 11, NULL);
  assert_error (coraabia, "speed:3", DW_QUERY_ERROR_UNKNOWN_FIELD, 0, 5,
                "no card property “speed” in Coraabia; try faction, race, rarity, edition, points…");
  /* Rarity is Coraabia's, not Arcmage's. */
  assert_error (arcmage, "rarity:guru", DW_QUERY_ERROR_UNKNOWN_FIELD, 0, 6, NULL);
}

static void
test_error_unknown_field_suggestion (void)
{
  assert_error (arcmage, "atack>2", DW_QUERY_ERROR_UNKNOWN_FIELD, 0, 5,
                "no card property “atack”; did you mean “attack”?");
  assert_error (arcmage, "fac:gaian", DW_QUERY_ERROR_UNKNOWN_FIELD, 0, 3,
                "no card property “fac”; did you mean “faction”?");
  assert_error (coraabia, "dangr>8", DW_QUERY_ERROR_UNKNOWN_FIELD, 0, 5,
                "no card property “dangr”; did you mean “danger”?");
}

static void
test_error_missing_field (void)
{
  assert_error (arcmage, ":gaian", DW_QUERY_ERROR_UNKNOWN_FIELD, 0, 1,
                "“:” needs a card property before it, as in “cost:3”");
  assert_error (arcmage, "thorn >=3", DW_QUERY_ERROR_UNKNOWN_FIELD, 6, 8, NULL);
}

static void
test_error_missing_value_span (void)
{
  assert_error (arcmage, "faction:", DW_QUERY_ERROR_MISSING_VALUE, 0, 8,
                "“faction:” needs a value after it");
  assert_error (arcmage, "faction: gaian", DW_QUERY_ERROR_MISSING_VALUE, 0, 8, NULL);
  assert_error (arcmage, "thorn cost<= 3", DW_QUERY_ERROR_MISSING_VALUE, 6, 12,
                "“cost<=” needs a value after it");
  assert_error (arcmage, "faction:\"\"", DW_QUERY_ERROR_MISSING_VALUE, 0, 10, NULL);
  assert_error (arcmage, "(faction:)", DW_QUERY_ERROR_MISSING_VALUE, 1, 9, NULL);
}

static void
test_error_bad_number_span (void)
{
  assert_error (arcmage, "atk>=two", DW_QUERY_ERROR_BAD_NUMBER, 5, 8,
                "“atk>=” needs a whole number, not “two”");
  assert_error (arcmage, "cost<X", DW_QUERY_ERROR_BAD_NUMBER, 5, 6, NULL);
  assert_error (arcmage, "atk:2x", DW_QUERY_ERROR_BAD_NUMBER, 4, 6, NULL);
  assert_error (arcmage, "atk>=\"2 \"", DW_QUERY_ERROR_BAD_NUMBER, 5, 9, NULL);
  assert_error (arcmage, "atk>=99999999999", DW_QUERY_ERROR_BAD_NUMBER, 5, 16,
                "“99999999999” is too large a number for ATK");
}

static void
test_error_not_numeric_span (void)
{
  assert_error (arcmage, "faction<=3", DW_QUERY_ERROR_NOT_NUMERIC, 7, 9,
                "Faction is not a number, so “<=” cannot compare it; search it with faction:…");
  assert_error (arcmage, "text>2", DW_QUERY_ERROR_NOT_NUMERIC, 4, 5, NULL);
  assert_error (arcmage, "type=creature", DW_QUERY_ERROR_NOT_NUMERIC, 4, 5, NULL);
  assert_error (arcmage, "name<thorn", DW_QUERY_ERROR_NOT_NUMERIC, 4, 5, NULL);
}

static void
test_error_unknown_value_span (void)
{
  assert_error (arcmage, "faction:purple", DW_QUERY_ERROR_UNKNOWN_VALUE, 8, 14,
                "Faction has no value “purple”; try Gaian, Dark Legion, Red Banner, "
                "House of Nobles, The Empire, None");
  assert_error (arcmage, "type:widget", DW_QUERY_ERROR_UNKNOWN_VALUE, 5, 11,
                "no card type “widget” in Arcmage; try Creature, Event, Magic, Spell, "
                "Enchantment, Equipment, Region, City");
  assert_error (arcmage, "cost:Y", DW_QUERY_ERROR_UNKNOWN_VALUE, 5, 6,
                "Cost must be a number, X, X+n, T, T-n or S, not “Y”");
  assert_error (coraabia, "rarity:\"very rare\"", DW_QUERY_ERROR_UNKNOWN_VALUE, 7, 18, NULL);
}

static void
test_error_unclosed_parenthesis_span (void)
{
  assert_error (arcmage, "faction:gaian (cost<2 OR cost>5", DW_QUERY_ERROR_UNBALANCED, 14, 15,
                "“(” at 15 is never closed");
  assert_error (arcmage, "((thorn)", DW_QUERY_ERROR_UNBALANCED, 0, 1, NULL);
  assert_error (arcmage, "(", DW_QUERY_ERROR_UNBALANCED, 0, 1, NULL);
}

static void
test_error_unopened_parenthesis_span (void)
{
  assert_error (arcmage, "thorn)", DW_QUERY_ERROR_UNBALANCED, 5, 6,
                "“)” at 6 has no “(” to close");
  assert_error (arcmage, ")", DW_QUERY_ERROR_UNBALANCED, 0, 1, NULL);
  assert_error (arcmage, "(thorn))", DW_QUERY_ERROR_UNBALANCED, 7, 8, NULL);
}

static void
test_error_empty_span (void)
{
  assert_error (arcmage, "thorn ()", DW_QUERY_ERROR_EMPTY, 6, 8,
                "the parentheses at 7 hold nothing to search for");
  assert_error (arcmage, "\"\"", DW_QUERY_ERROR_EMPTY, 0, 2, NULL);
}

static void
test_error_unterminated_quote_span (void)
{
  assert_error (arcmage, "\"thornwood scout", DW_QUERY_ERROR_UNTERMINATED_QUOTE, 0, 16,
                "the quote at 1 is never closed");
  assert_error (arcmage, "faction:\"dark", DW_QUERY_ERROR_UNTERMINATED_QUOTE, 8, 13, NULL);
  assert_error (arcmage, "“thorn\"", DW_QUERY_ERROR_UNTERMINATED_QUOTE, 0, 7, NULL);
}

static void
test_error_dangling_or_span (void)
{
  assert_error (arcmage, "thorn OR", DW_QUERY_ERROR_DANGLING_OPERATOR, 6, 8,
                "“OR” needs a search on each side");
  assert_error (arcmage, "OR thorn", DW_QUERY_ERROR_DANGLING_OPERATOR, 0, 2, NULL);
  assert_error (arcmage, "thorn OR OR ember", DW_QUERY_ERROR_DANGLING_OPERATOR, 6, 8, NULL);
  assert_error (arcmage, "(thorn OR)", DW_QUERY_ERROR_DANGLING_OPERATOR, 7, 9, NULL);
  assert_error (arcmage, "thorn AND", DW_QUERY_ERROR_DANGLING_OPERATOR, 6, 9,
                "“AND” needs a search on each side");
  assert_error (arcmage, "AND thorn", DW_QUERY_ERROR_DANGLING_OPERATOR, 0, 3, NULL);
}

static void
test_error_dangling_not_span (void)
{
  assert_error (arcmage, "NOT", DW_QUERY_ERROR_DANGLING_OPERATOR, 0, 3,
                "“NOT” needs a search after it");
  assert_error (arcmage, "thorn NOT", DW_QUERY_ERROR_DANGLING_OPERATOR, 6, 9, NULL);
  assert_error (arcmage, "NOT OR thorn", DW_QUERY_ERROR_DANGLING_OPERATOR, 0, 3, NULL);
  assert_error (arcmage, "-", DW_QUERY_ERROR_DANGLING_OPERATOR, 0, 1,
                "“-” needs a search right after it, as in “-type:region”");
  assert_error (arcmage, "thorn - ember", DW_QUERY_ERROR_DANGLING_OPERATOR, 6, 7, NULL);
  assert_error (arcmage, "(thorn -)", DW_QUERY_ERROR_DANGLING_OPERATOR, 7, 8, NULL);
  assert_error (arcmage, "-OR", DW_QUERY_ERROR_DANGLING_OPERATOR, 0, 1, NULL);
}

static void
test_error_span_counts_characters (void)
{
  /* ß, Λ and the others take two bytes each; spans count characters. */
  assert_error (arcmage, "Straße speed:1", DW_QUERY_ERROR_UNKNOWN_FIELD, 7, 12, NULL);
  assert_error (arcmage, "ΛΟΓΟΣ (", DW_QUERY_ERROR_UNBALANCED, 6, 7, "“(” at 7 is never closed");
  assert_error (arcmage, "“ähren” atk>=zwei", DW_QUERY_ERROR_BAD_NUMBER, 13, 17, NULL);
}

static void
test_error_too_deep (void)
{
  g_autoptr(GString) parens = g_string_new (NULL);
  g_autoptr(GString) dashes = g_string_new (NULL);

  for (guint i = 0; i < 100; i++)
    g_string_append_c (parens, '(');
  g_string_append (parens, "thorn");
  for (guint i = 0; i < 100; i++)
    g_string_append_c (parens, ')');
  assert_error (arcmage, parens->str, DW_QUERY_ERROR_TOO_DEEP, 64, 65, NULL);

  for (guint i = 0; i < 100; i++)
    g_string_append_c (dashes, '-');
  g_string_append (dashes, "thorn");
  assert_error (arcmage, dashes->str, DW_QUERY_ERROR_TOO_DEEP, 64, 65, NULL);
}

static void
test_error_invalid_utf8 (void)
{
  assert_error (arcmage, "thorn \xff", DW_QUERY_ERROR_INVALID, 6, 7, NULL);
}

static void
test_error_span_travels_with_error (void)
{
  g_autoptr(GError) error = parse_error (arcmage, "thorn OR", DW_QUERY_ERROR_DANGLING_OPERATOR, 6, 8);
  g_autoptr(GError) copy = g_error_copy (error);
  g_autoptr(GError) other = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, "no");
  g_autoptr(GError) plain = g_error_new_literal (DW_QUERY_ERROR, DW_QUERY_ERROR_EMPTY, "no span");
  guint start = 0;
  guint end = 0;

  g_assert_true (dw_query_error_get_span (copy, &start, &end));
  g_assert_cmpuint (start, ==, 6);
  g_assert_cmpuint (end, ==, 8);
  g_assert_true (dw_query_error_get_span (copy, NULL, NULL));
  g_assert_false (dw_query_error_get_span (other, &start, &end));
  g_assert_false (dw_query_error_get_span (plain, &start, &end));
  g_assert_false (dw_query_error_get_span (NULL, &start, &end));
}

/* Relations */

static void
test_relation_same (void)
{
  assert_relation (arcmage, "thorn", "thorn", DW_QUERY_SAME);
  assert_relation (arcmage, "thorn", "  thorn  ", DW_QUERY_SAME);
  assert_relation (arcmage, "", "   ", DW_QUERY_SAME);
  assert_relation (arcmage, "thorn faction:gaian", "faction:gaian AND thorn", DW_QUERY_SAME);
  assert_relation (arcmage, "thorn OR ember", "ember OR thorn", DW_QUERY_SAME);
  assert_relation (arcmage, "atk>=2", "attack>=2", DW_QUERY_SAME);
  assert_relation (arcmage, "atk>=2", "atk>1", DW_QUERY_SAME);
  assert_relation (arcmage, "cost:2", "cost=2", DW_QUERY_SAME);
  /* Only Gaian starts with “g”, so typing on does not change the cards. */
  assert_relation (arcmage, "faction:g", "faction:gaian", DW_QUERY_SAME);
  assert_relation (arcmage, "thorn", "(thorn)", DW_QUERY_SAME);
  assert_relation (arcmage, "--thorn", "thorn", DW_QUERY_SAME);
}

static void
test_relation_narrower (void)
{
  assert_relation (arcmage, "thorn", "thornw", DW_QUERY_NARROWER);
  assert_relation (arcmage, "thorn", "thorn scout", DW_QUERY_NARROWER);
  assert_relation (arcmage, "", "thorn", DW_QUERY_NARROWER);
  assert_relation (arcmage, "faction:gaian", "faction:gaian type:creature", DW_QUERY_NARROWER);
  assert_relation (arcmage, "faction:gaian cost<3", "faction:gaian cost<3 -thorn", DW_QUERY_NARROWER);
  assert_relation (arcmage, "atk>=2", "atk>=20", DW_QUERY_NARROWER);
  assert_relation (arcmage, "cost<=3", "cost<3", DW_QUERY_NARROWER);
  assert_relation (arcmage, "thorn OR ember", "thorn", DW_QUERY_NARROWER);
  assert_relation (arcmage, "thorn OR ember", "thorn OR embers", DW_QUERY_NARROWER);
  assert_relation (arcmage, "type:e", "type:event", DW_QUERY_NARROWER);
  assert_relation (arcmage, "id:q-", "id:q-0", DW_QUERY_NARROWER);
  assert_relation (arcmage, "text:mar", "text:mark", DW_QUERY_NARROWER);
  assert_relation (arcmage, "\"thornwood\"", "\"thornwood scout\"", DW_QUERY_NARROWER);
  assert_relation (arcmage, "-thornw", "-thorn", DW_QUERY_NARROWER);
  assert_relation (arcmage, "(ember OR crypt)", "(ember OR crypt) rat", DW_QUERY_NARROWER);
  assert_relation (arcmage, "ember OR crypt", "ember OR crypt rat", DW_QUERY_NARROWER);
}

static void
test_relation_wider (void)
{
  assert_relation (arcmage, "thornw", "thorn", DW_QUERY_WIDER);
  assert_relation (arcmage, "thorn scout", "thorn", DW_QUERY_WIDER);
  assert_relation (arcmage, "thorn", "", DW_QUERY_WIDER);
  assert_relation (arcmage, "faction:gaian type:creature", "faction:gaian", DW_QUERY_WIDER);
  assert_relation (arcmage, "atk>=20", "atk>=2", DW_QUERY_WIDER);
  assert_relation (arcmage, "thorn", "thorn OR ember", DW_QUERY_WIDER);
  assert_relation (arcmage, "type:event", "type:e", DW_QUERY_WIDER);
}

static void
test_relation_different (void)
{
  assert_relation (arcmage, "thorn", "ember", DW_QUERY_DIFFERENT);
  assert_relation (arcmage, "atk>=2", "atk<=2", DW_QUERY_DIFFERENT);
  assert_relation (arcmage, "faction:gaian", "faction:dark", DW_QUERY_DIFFERENT);
  assert_relation (arcmage, "thorn", "text:thorn", DW_QUERY_DIFFERENT);
  assert_relation (arcmage, "thorn OR ember", "thorn OR crypt", DW_QUERY_DIFFERENT);
}

/* Edits that add text but widen the search or change it altogether: the
 * list must not be told they narrowed it. */
static void
test_relation_looks_narrower_but_is_not (void)
{
  g_autoptr(DwQuery) in_arcmage = parse (arcmage, "thorn");
  g_autoptr(DwQuery) in_coraabia = parse (coraabia, "thorn");

  assert_relation (arcmage, "thorn", "thorn OR ember", DW_QUERY_WIDER);
  assert_relation (arcmage, "thorn scout", "thorn scout OR ember", DW_QUERY_WIDER);
  assert_relation (arcmage, "faction:gaian cost<3", "faction:gaian cost<3 OR type:city", DW_QUERY_WIDER);
  assert_relation (arcmage, "-thorn", "-thornw", DW_QUERY_WIDER);
  assert_relation (arcmage, "atk<2", "atk<20", DW_QUERY_WIDER);
  assert_relation (arcmage, "cost<=3", "cost<=3 OR cost:X", DW_QUERY_WIDER);
  assert_relation (arcmage, "cost:X", "cost:X+1", DW_QUERY_DIFFERENT);
  assert_relation (arcmage, "thorn", "-thorn", DW_QUERY_DIFFERENT);
  assert_relation (arcmage, "faction:gaian thorn", "faction:gaian -thorn", DW_QUERY_DIFFERENT);
  assert_relation (arcmage, "id:q-1", "id:q-1 OR id:q-0", DW_QUERY_WIDER);
  g_assert_cmpint (dw_query_relation (in_arcmage, in_coraabia), ==, DW_QUERY_DIFFERENT);
}

/* Whatever dw_query_relation() claims must hold for the fixture cards. */
static void
test_relation_claims_hold (void)
{
  static const char * const queries[] = {
    "", "thorn", "thornw", "thorn scout", "-thorn", "-thornw", "thorn OR ember",
    "ember", "faction:gaian", "faction:g", "faction:gaian type:creature", "type:e",
    "type:event", "atk>=2", "atk>=3", "atk<2", "atk<20", "cost<=3", "cost<3", "cost:X",
    "cost:X+1", "cost<=3 OR cost:X", "-(thorn OR ember)", "-thorn -ember",
    "(faction:gaian OR faction:dark) cost<2", "faction:gaian cost<2 OR faction:dark cost<2",
    "NOT type:region", "type:region OR type:city", "text:mark", "text:mar", "id:q-0",
    "set:promo", "set:promo type:creature", "hp>0", "-hp>0",
  };
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (arcmage));

  for (guint i = 0; i < G_N_ELEMENTS (queries); i++)
    for (guint j = 0; j < G_N_ELEMENTS (queries); j++)
      {
        g_autoptr(DwQuery) before = parse (arcmage, queries[i]);
        g_autoptr(DwQuery) after = parse (arcmage, queries[j]);
        DwQueryRelation relation = dw_query_relation (before, after);

        for (guint k = 0; k < n_items; k++)
          {
            g_autoptr(DwCard) card = g_list_model_get_item (G_LIST_MODEL (arcmage), k);
            gboolean in_before = dw_query_matches (before, card);
            gboolean in_after = dw_query_matches (after, card);
            gboolean holds = TRUE;

            if (relation == DW_QUERY_SAME)
              holds = in_before == in_after;
            else if (relation == DW_QUERY_NARROWER)
              holds = !in_after || in_before;
            else if (relation == DW_QUERY_WIDER)
              holds = !in_before || in_after;
            if (!holds)
              g_error ("“%s” → “%s” is %s, but not for %s", queries[i], queries[j],
                       relation_name (relation), dw_card_get_id (card));
          }
      }
}

/* Boxed type */

static void
test_boxed (void)
{
  g_autoptr(DwQuery) query = parse (arcmage, "thorn");
  DwQuery *copy = g_boxed_copy (DW_TYPE_QUERY, query);

  g_assert_true (G_TYPE_IS_BOXED (DW_TYPE_QUERY));
  g_assert_true (copy == query);
  g_boxed_free (DW_TYPE_QUERY, copy);
  g_assert_true (dw_query_ref (query) == query);
  dw_query_unref (query);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *arcmage_game = NULL;
  g_autofree char *coraabia_game = NULL;
  int ret;

  g_test_init (&argc, &argv, NULL);

  library = dw_library_new ();
  arcmage_game = dw_test_data_path ("games", "arcmage.xml", NULL);
  coraabia_game = dw_test_data_path ("games", "coraabia.xml", NULL);
  g_assert_true (dw_library_add_game_file (library, arcmage_game, &error));
  g_assert_true (dw_library_add_game_file (library, coraabia_game, &error));
  arcmage = load_fixture (arcmage_xml);
  coraabia = load_fixture (coraabia_xml);

  g_test_add_func ("/query/empty/matches-everything", test_empty_matches_everything);
  g_test_add_func ("/query/name/word-is-substring", test_name_word_is_substring);
  g_test_add_func ("/query/name/words-are-and", test_name_words_are_and);
  g_test_add_func ("/query/name/quoted-phrase", test_name_quoted_phrase);
  g_test_add_func ("/query/name/unicode-case-folding", test_name_unicode_case_folding);
  g_test_add_func ("/query/name/name-field", test_name_field);
  g_test_add_func ("/query/name/keywords-are-upper-case-only", test_keywords_are_upper_case_only);
  g_test_add_func ("/query/text/substring", test_text_substring);
  g_test_add_func ("/query/field/enum-equal-or-prefix", test_field_enum_equal_or_prefix);
  g_test_add_func ("/query/field/aliases", test_field_aliases);
  g_test_add_func ("/query/field/type", test_field_type);
  g_test_add_func ("/query/field/id-and-set", test_field_id_and_set);
  g_test_add_func ("/query/comparison/equal", test_comparison_equal);
  g_test_add_func ("/query/comparison/colon-is-equal", test_comparison_colon_is_equal);
  g_test_add_func ("/query/comparison/less", test_comparison_less);
  g_test_add_func ("/query/comparison/less-or-equal", test_comparison_less_or_equal);
  g_test_add_func ("/query/comparison/greater", test_comparison_greater);
  g_test_add_func ("/query/comparison/greater-or-equal", test_comparison_greater_or_equal);
  g_test_add_func ("/query/comparison/cost-letters-never-compare", test_comparison_cost_letters);
  g_test_add_func ("/query/comparison/missing-property-never-matches", test_comparison_missing_property);
  g_test_add_func ("/query/comparison/negative-number", test_comparison_negative_number);
  g_test_add_func ("/query/negation/minus", test_negation_minus);
  g_test_add_func ("/query/negation/not", test_negation_not);
  g_test_add_func ("/query/negation/double", test_negation_double);
  g_test_add_func ("/query/negation/group", test_negation_group);
  g_test_add_func ("/query/or", test_or);
  g_test_add_func ("/query/and-keyword", test_and_keyword);
  g_test_add_func ("/query/precedence/and-binds-tighter-than-or", test_precedence_and_binds_tighter_than_or);
  g_test_add_func ("/query/precedence/parentheses-override", test_precedence_parentheses);
  g_test_add_func ("/query/precedence/not-binds-tightest", test_precedence_not_binds_tightest);
  g_test_add_func ("/query/examples/issue", test_examples_issue);
  g_test_add_func ("/query/examples/shipped-databases", test_examples_shipped_databases);
  g_test_add_func ("/query/coraabia/properties", test_coraabia_properties);
  g_test_add_func ("/query/to-string/normal-form", test_to_string_normal_form);
  g_test_add_func ("/query/to-string/round-trip", test_to_string_round_trip);
  g_test_add_func ("/query/to-string/stable-for-cherokee", test_normal_form_stable_for_cherokee);
  g_test_add_func ("/query/error/unknown-field-span", test_error_unknown_field_span);
  g_test_add_func ("/query/error/unknown-field-suggestion", test_error_unknown_field_suggestion);
  g_test_add_func ("/query/error/missing-field-span", test_error_missing_field);
  g_test_add_func ("/query/error/missing-value-span", test_error_missing_value_span);
  g_test_add_func ("/query/error/bad-number-span", test_error_bad_number_span);
  g_test_add_func ("/query/error/not-numeric-span", test_error_not_numeric_span);
  g_test_add_func ("/query/error/unknown-value-span", test_error_unknown_value_span);
  g_test_add_func ("/query/error/unclosed-parenthesis-span", test_error_unclosed_parenthesis_span);
  g_test_add_func ("/query/error/unopened-parenthesis-span", test_error_unopened_parenthesis_span);
  g_test_add_func ("/query/error/empty-span", test_error_empty_span);
  g_test_add_func ("/query/error/unterminated-quote-span", test_error_unterminated_quote_span);
  g_test_add_func ("/query/error/dangling-or-span", test_error_dangling_or_span);
  g_test_add_func ("/query/error/dangling-not-span", test_error_dangling_not_span);
  g_test_add_func ("/query/error/span-counts-characters", test_error_span_counts_characters);
  g_test_add_func ("/query/error/too-deep", test_error_too_deep);
  g_test_add_func ("/query/error/invalid-utf8", test_error_invalid_utf8);
  g_test_add_func ("/query/error/span-travels-with-error", test_error_span_travels_with_error);
  g_test_add_func ("/query/relation/same", test_relation_same);
  g_test_add_func ("/query/relation/narrower", test_relation_narrower);
  g_test_add_func ("/query/relation/wider", test_relation_wider);
  g_test_add_func ("/query/relation/different", test_relation_different);
  g_test_add_func ("/query/relation/looks-narrower-but-is-not", test_relation_looks_narrower_but_is_not);
  g_test_add_func ("/query/relation/claims-hold", test_relation_claims_hold);
  g_test_add_func ("/query/boxed", test_boxed);

  ret = g_test_run ();
  g_clear_object (&arcmage);
  g_clear_object (&coraabia);
  g_clear_object (&library);
  return ret;
}
