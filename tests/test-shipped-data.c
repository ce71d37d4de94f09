/* test-shipped-data.c — promises about the games, cards and decks we ship
 *
 * The Arcmage and Coraabia card databases are rich enough to build every
 * kind of deck the formats describe, and data/decks/ holds legal decks for
 * every format and an example of every problem code.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-test-util.h"
#include "dw-validate.h"

static const char * const arcmage_factions[] = {
  "Gaian", "Dark Legion", "Red Banner", "House of Nobles", "The Empire", NULL,
};

static const char * const arcmage_types[] = {
  "Creature", "Event", "Magic", "Spell", "Enchantment", "Equipment", "Region", "City", NULL,
};

static const char * const coraabia_factions[] = {
  "Outlaw", "Guardian", "Mercenary", "Xenno", "Unliving", NULL,
};

static const char * const coraabia_rarities[] = {
  "Common", "Uncommon", "Rare", "Guru", NULL,
};

static const char * const problem_codes[] = {
  "section-size", "copy-limit", "wrong-section", "region-faction", "region-order",
  "city-count", "character-count", "influence", "unknown-card", "game-mismatch",
  "creature-share", "faction-count", NULL,
};

static DwLibrary *library;

/* The one shipped card database of @game_id. */
static DwCardDb *
shipped_db (const char *game_id)
{
  GListModel *dbs = dw_library_get_card_dbs (library);
  DwCardDb *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (dbs); i++)
    {
      g_autoptr(DwCardDb) db = g_list_model_get_item (dbs, i);

      if (strcmp (dw_game_get_id (dw_card_db_get_game (db)), game_id) == 0)
        {
          g_assert_null (found);
          found = db;
        }
    }
  g_assert_nonnull (found);
  return found;
}

static GPtrArray *
cards_of (const char *game_id)
{
  GListModel *db = G_LIST_MODEL (shipped_db (game_id));
  GPtrArray *cards = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (db); i++)
    g_ptr_array_add (cards, g_list_model_get_item (db, i));
  return cards;
}

static gboolean
is_type (DwCard     *card,
         const char *type)
{
  return strcmp (dw_card_get_card_type (card), type) == 0;
}

/* Adds @value to the set @seen when it is not NULL. */
static void
note (GHashTable *seen,
      const char *value)
{
  if (value != NULL)
    g_hash_table_add (seen, g_strdup (value));
}

static void
assert_all_seen (GHashTable         *seen,
                 const char * const *expected,
                 const char         *what)
{
  for (guint i = 0; expected[i]; i++)
    if (!g_hash_table_contains (seen, expected[i]))
      g_error ("no %s “%s” in the shipped data", what, expected[i]);
}

static GHashTable *
new_set (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

/* ------------------------------------------------------------ Arcmage */

static void
test_arcmage_size (void)
{
  g_autoptr(GPtrArray) cards = cards_of ("arcmage");

  g_assert_cmpuint (cards->len, >=, 120);
}

static void
test_arcmage_factions_and_types (void)
{
  g_autoptr(GPtrArray) cards = cards_of ("arcmage");
  g_autoptr(GHashTable) factions = new_set ();
  g_autoptr(GHashTable) types = new_set ();

  for (guint i = 0; i < cards->len; i++)
    {
      DwCard *card = g_ptr_array_index (cards, i);

      note (factions, dw_card_get_value (card, "faction"));
      note (types, dw_card_get_card_type (card));
    }

  assert_all_seen (factions, arcmage_factions, "Arcmage faction");
  assert_all_seen (types, arcmage_types, "Arcmage card type");
}

static void
test_arcmage_regions (void)
{
  g_autoptr(GPtrArray) cards = cards_of ("arcmage");

  for (guint f = 0; arcmage_factions[f]; f++)
    {
      guint by_position[3] = { 0, 0, 0 };
      const char *positions[] = { "I", "II", "III" };
      guint total = 0;

      for (guint i = 0; i < cards->len; i++)
        {
          DwCard *card = g_ptr_array_index (cards, i);

          if (!is_type (card, "Region") ||
              g_strcmp0 (dw_card_get_value (card, "faction"), arcmage_factions[f]) != 0)
            continue;

          total++;
          /* Every region has a position and hit points. */
          g_assert_nonnull (dw_card_get_value (card, "position"));
          g_assert_nonnull (dw_card_get_value (card, "hp"));
          for (guint p = 0; p < G_N_ELEMENTS (positions); p++)
            if (g_strcmp0 (dw_card_get_value (card, "position"), positions[p]) == 0)
              by_position[p]++;
        }

      if (total < 3)
        g_error ("%s has %u regions; a chapter needs 3", arcmage_factions[f], total);
      for (guint p = 0; p < G_N_ELEMENTS (positions); p++)
        if (by_position[p] == 0)
          g_error ("%s has no region in position %s", arcmage_factions[f], positions[p]);
    }
}

static void
test_arcmage_tokens (void)
{
  g_autoptr(GPtrArray) cards = cards_of ("arcmage");
  guint tokens = 0;

  for (guint i = 0; i < cards->len; i++)
    if (dw_card_is_token (g_ptr_array_index (cards, i)))
      tokens++;
  g_assert_cmpuint (tokens, >=, 1);
  g_assert_cmpuint (tokens, <, cards->len);
}

static void
test_arcmage_own_copies (void)
{
  g_autoptr(GPtrArray) cards = cards_of ("arcmage");
  guint fewer = 0;
  guint more = 0;

  /* Both kinds: a unique card (fewer than four) and a swarm (more). */
  for (guint i = 0; i < cards->len; i++)
    {
      gint64 copies;

      if (!dw_card_get_int (g_ptr_array_index (cards, i), "copies", &copies))
        continue;
      g_assert_cmpint (copies, >=, 1);
      if (copies < 4)
        fewer++;
      else if (copies > 4)
        more++;
    }
  g_assert_cmpuint (fewer, >=, 1);
  g_assert_cmpuint (more, >=, 1);
}

static void
test_arcmage_costs (void)
{
  g_autoptr(GPtrArray) cards = cards_of ("arcmage");
  guint x = 0;
  guint t_minus = 0;

  for (guint i = 0; i < cards->len; i++)
    {
      const char *cost = dw_card_get_value (g_ptr_array_index (cards, i), "cost");

      if (g_strcmp0 (cost, "X") == 0)
        x++;
      else if (cost != NULL && g_regex_match_simple ("^T-[0-9]+$", cost, 0, 0))
        t_minus++;
    }
  g_assert_cmpuint (x, >=, 1);
  g_assert_cmpuint (t_minus, >=, 1);
}

/* ------------------------------------------------------------ Coraabia */

static void
test_coraabia_size (void)
{
  g_autoptr(GPtrArray) cards = cards_of ("coraabia");

  g_assert_cmpuint (cards->len, >=, 80);
}

static void
test_coraabia_characters (void)
{
  const char *stats[] = { "danger", "intellect", "vitality", "karma", "points" };
  g_autoptr(GPtrArray) cards = cards_of ("coraabia");
  g_autoptr(GHashTable) factions = new_set ();

  for (guint i = 0; i < cards->len; i++)
    {
      DwCard *card = g_ptr_array_index (cards, i);

      if (!is_type (card, "Character"))
        continue;

      note (factions, dw_card_get_value (card, "faction"));
      for (guint s = 0; s < G_N_ELEMENTS (stats); s++)
        {
          gint64 value;

          if (!dw_card_get_int (card, stats[s], &value))
            g_error ("the character “%s” has no %s", dw_card_get_name (card), stats[s]);
        }
    }

  assert_all_seen (factions, coraabia_factions, "Coraabia character faction");
}

static void
test_coraabia_tricks (void)
{
  g_autoptr(GPtrArray) cards = cards_of ("coraabia");
  guint with_faction = 0;
  guint without_faction = 0;

  for (guint i = 0; i < cards->len; i++)
    {
      DwCard *card = g_ptr_array_index (cards, i);

      if (!is_type (card, "Trick"))
        continue;
      if (dw_card_get_value (card, "faction") != NULL)
        with_faction++;
      else
        without_faction++;
    }
  g_assert_cmpuint (with_faction, >=, 1);
  g_assert_cmpuint (without_faction, >=, 1);
}

static void
test_coraabia_connections (void)
{
  g_autoptr(GPtrArray) cards = cards_of ("coraabia");
  guint connections = 0;

  for (guint i = 0; i < cards->len; i++)
    {
      DwCard *card = g_ptr_array_index (cards, i);
      gint64 influence;

      if (!is_type (card, "Connection"))
        continue;
      connections++;
      if (!dw_card_get_int (card, "influence", &influence))
        g_error ("the connection “%s” has no influence", dw_card_get_name (card));
      g_assert_cmpint (influence, >=, 0);
    }
  g_assert_cmpuint (connections, >=, 1);
}

static void
test_coraabia_rarities (void)
{
  g_autoptr(GPtrArray) cards = cards_of ("coraabia");
  g_autoptr(GHashTable) rarities = new_set ();

  for (guint i = 0; i < cards->len; i++)
    note (rarities, dw_card_get_value (g_ptr_array_index (cards, i), "rarity"));

  assert_all_seen (rarities, coraabia_rarities, "Coraabia rarity");
}

static void
test_coraabia_abilities (void)
{
  const char * const kinds[] = { "activated", "passive", NULL };
  const char * const targets[] = { "me", "opp", "all", NULL };
  g_autoptr(GPtrArray) cards = cards_of ("coraabia");
  g_autoptr(GHashTable) seen_kinds = new_set ();
  g_autoptr(GHashTable) seen_targets = new_set ();
  guint abilities = 0;
  guint with_modifier = 0;
  guint with_effect = 0;

  for (guint i = 0; i < cards->len; i++)
    {
      DwCard *card = g_ptr_array_index (cards, i);

      for (guint f = 0; f < dw_card_get_n_fields (card); f++)
        {
          const DwCardField *field = dw_card_get_field (card, f);
          const char *kind;

          if (field->node == NULL || field->node->kind != DW_XML_NODE_ELEMENT ||
              strcmp (dw_xml_node_local_name (field->node), "ability") != 0)
            continue;

          /* Kept as the whole element, attributes and children. */
          g_assert_nonnull (field->node->attrs);
          abilities++;
          kind = dw_xml_node_get_attribute (field->node, "kind");
          g_assert_true (g_strv_contains (kinds, kind));
          note (seen_kinds, kind);
          note (seen_targets, dw_xml_node_get_attribute (field->node, "target"));
          if (dw_xml_node_get_attribute (field->node, "modifier") != NULL)
            with_modifier++;
          for (guint c = 0; field->node->children && c < field->node->children->len; c++)
            {
              const DwXmlNode *child = g_ptr_array_index (field->node->children, c);

              if (child->kind == DW_XML_NODE_ELEMENT &&
                  strcmp (dw_xml_node_local_name (child), "effect") == 0)
                with_effect++;
            }
        }
    }

  g_assert_cmpuint (abilities, >=, 1);
  g_assert_cmpuint (with_modifier, >=, 1);
  g_assert_cmpuint (with_effect, >=, 1);
  assert_all_seen (seen_kinds, kinds, "ability kind");
  assert_all_seen (seen_targets, targets, "ability target");
}

/* ------------------------------------------------------------ decks */

typedef struct
{
  char      *name;
  DwDeck    *deck;
  DwFormat  *format;    /* the deck's own, not owned */
  GPtrArray *problems;
} Checked;

static void
checked_free (Checked *checked)
{
  g_free (checked->name);
  g_clear_object (&checked->deck);
  g_clear_pointer (&checked->problems, g_ptr_array_unref);
  g_free (checked);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Checked, checked_free)

static char **
deck_names (void)
{
  GPtrArray *names = dw_test_list_data_xml ("decks", 20);

  g_ptr_array_set_free_func (names, NULL);
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (names, FALSE);
}

/* Loads a shipped deck and checks it against its own format. */
static Checked *
check_deck (const char *name)
{
  g_autofree char *path = dw_test_data_path ("decks", name, NULL);
  g_autoptr(GError) error = NULL;
  Checked *checked = g_new0 (Checked, 1);

  checked->name = g_strdup (name);
  checked->deck = dw_deck_load (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (checked->deck);

  checked->format = dw_library_format_for_deck (library, checked->deck, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (checked->format);

  checked->problems = dw_library_validate_deck (library, checked->deck, checked->format);
  return checked;
}

static gboolean
shows_code (Checked    *checked,
            const char *code)
{
  for (guint i = 0; i < checked->problems->len; i++)
    if (strcmp (dw_problem_get_code (g_ptr_array_index (checked->problems, i)), code) == 0)
      return TRUE;
  return FALSE;
}

static char *
describe_problems (Checked *checked)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < checked->problems->len; i++)
    {
      DwProblem *problem = g_ptr_array_index (checked->problems, i);

      g_string_append_printf (out, "  %s[%s]: %s\n",
                              dw_severity_to_string (dw_problem_get_severity (problem)),
                              dw_problem_get_code (problem), dw_problem_get_message (problem));
    }
  return g_string_free (out, FALSE);
}

static void
test_decks_all_load (void)
{
  g_auto(GStrv) names = deck_names ();

  g_assert_cmpuint (g_strv_length (names), >=, 10);
  for (guint i = 0; names[i]; i++)
    {
      g_autoptr(Checked) checked = check_deck (names[i]);

      g_assert_cmpuint (dw_deck_get_n_sections (checked->deck), >=, 1);
    }
}

static void
test_decks_two_legal_per_format (void)
{
  g_auto(GStrv) names = deck_names ();
  GListModel *games = dw_library_get_games (library);
  guint n_formats = 0;

  for (guint g = 0; g < g_list_model_get_n_items (games); g++)
    {
      g_autoptr(DwGame) game = g_list_model_get_item (games, g);
      GListModel *formats = dw_game_get_formats (game);

      for (guint f = 0; f < g_list_model_get_n_items (formats); f++)
        {
          g_autoptr(DwFormat) format = g_list_model_get_item (formats, f);
          guint legal = 0;

          n_formats++;
          for (guint i = 0; names[i]; i++)
            {
              g_autoptr(Checked) checked = check_deck (names[i]);

              if (checked->format == format && dw_problems_legal (checked->problems))
                legal++;
            }
          if (legal < 2)
            g_error ("the format %s has %u legal shipped decks; it should have at least 2",
                     dw_format_get_id (format), legal);
        }
    }
  g_assert_cmpuint (n_formats, ==, 3);
}

static void
test_decks_every_code_shown (void)
{
  g_auto(GStrv) names = deck_names ();
  g_autoptr(GHashTable) seen = new_set ();

  for (guint i = 0; names[i]; i++)
    {
      g_autoptr(Checked) checked = check_deck (names[i]);

      for (guint p = 0; p < checked->problems->len; p++)
        note (seen, dw_problem_get_code (g_ptr_array_index (checked->problems, p)));
    }

  assert_all_seen (seen, problem_codes, "deck showing the problem code");
}

static void
test_deck_legal_without_warnings (gconstpointer data)
{
  const char *name = data;
  g_autoptr(Checked) checked = check_deck (name);
  const char *expected_format = g_str_has_prefix (name, "orc-") ? "arcmage-orc"
                              : g_str_has_prefix (name, "a21-") ? "arcmage-2021"
                              : "coraabia-open";

  g_assert_cmpstr (dw_format_get_id (checked->format), ==, expected_format);
  if (checked->problems->len != 0)
    {
      g_autofree char *problems = describe_problems (checked);
      g_error ("%s should be legal with no warnings in %s, but shows:\n%s",
               name, expected_format, problems);
    }
}

static void
test_deck_illegal (gconstpointer data)
{
  const char *name = data;
  g_autoptr(Checked) checked = check_deck (name);
  const char *rest = strstr (name, "-illegal-") + strlen ("-illegal-");
  g_autofree char *code = g_strndup (rest, strlen (rest) - strlen (".xml"));

  g_assert_false (dw_problems_legal (checked->problems));
  /* A deck named after a problem code shows that code as an error. */
  if (g_strv_contains (problem_codes, code))
    {
      gboolean found = FALSE;

      for (guint i = 0; i < checked->problems->len; i++)
        {
          DwProblem *problem = g_ptr_array_index (checked->problems, i);

          if (strcmp (dw_problem_get_code (problem), code) == 0 &&
              dw_problem_get_severity (problem) == DW_SEVERITY_ERROR)
            found = TRUE;
        }
      g_assert_true (found);
    }
}

static void
test_deck_warning (gconstpointer data)
{
  const char *name = data;
  g_autoptr(Checked) checked = check_deck (name);
  const char *code = name + strlen ("arcmage-warning-");
  g_autofree char *bare = g_strndup (code, strlen (code) - strlen (".xml"));

  g_assert_true (dw_problems_legal (checked->problems));
  g_assert_cmpuint (checked->problems->len, ==, 1);
  g_assert_true (shows_code (checked, bare));
  g_assert_cmpint (dw_problem_get_severity (g_ptr_array_index (checked->problems, 0)), ==,
                   DW_SEVERITY_WARNING);
}

static void
add_deck_tests (void)
{
  g_auto(GStrv) names = deck_names ();

  for (guint i = 0; names[i]; i++)
    {
      const char *name = names[i];
      g_autofree char *test_path = NULL;
      GTestDataFunc func = NULL;

      if (g_str_has_prefix (name, "orc-") || g_str_has_prefix (name, "a21-") ||
          g_str_has_prefix (name, "cor-"))
        {
          test_path = g_strdup_printf ("/shipped-data/decks/%s/legal-without-warnings", name);
          func = test_deck_legal_without_warnings;
        }
      else if (g_str_has_prefix (name, "arcmage-illegal-") || g_str_has_prefix (name, "coraabia-illegal-"))
        {
          test_path = g_strdup_printf ("/shipped-data/decks/%s/illegal", name);
          func = test_deck_illegal;
        }
      else if (g_str_has_prefix (name, "arcmage-warning-"))
        {
          test_path = g_strdup_printf ("/shipped-data/decks/%s/legal-with-its-warning", name);
          func = test_deck_warning;
        }
      else
        g_error ("data/decks/%s follows no naming convention", name);

      g_test_add_data_func_full (test_path, g_strdup (name), func, g_free);
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  library = dw_test_library ();

  g_test_add_func ("/shipped-data/arcmage/has-at-least-120-cards", test_arcmage_size);
  g_test_add_func ("/shipped-data/arcmage/has-every-faction-and-type", test_arcmage_factions_and_types);
  g_test_add_func ("/shipped-data/arcmage/has-regions-I-II-III-per-faction", test_arcmage_regions);
  g_test_add_func ("/shipped-data/arcmage/has-tokens", test_arcmage_tokens);
  g_test_add_func ("/shipped-data/arcmage/has-cards-with-own-copies", test_arcmage_own_copies);
  g_test_add_func ("/shipped-data/arcmage/has-costs-X-and-T-n", test_arcmage_costs);

  g_test_add_func ("/shipped-data/coraabia/has-at-least-80-cards", test_coraabia_size);
  g_test_add_func ("/shipped-data/coraabia/characters-of-every-faction-with-stats", test_coraabia_characters);
  g_test_add_func ("/shipped-data/coraabia/tricks-with-and-without-faction", test_coraabia_tricks);
  g_test_add_func ("/shipped-data/coraabia/connections-have-influence", test_coraabia_connections);
  g_test_add_func ("/shipped-data/coraabia/has-every-rarity", test_coraabia_rarities);
  g_test_add_func ("/shipped-data/coraabia/abilities-kept-with-modifiers-and-targets", test_coraabia_abilities);

  g_test_add_func ("/shipped-data/decks/all-load", test_decks_all_load);
  g_test_add_func ("/shipped-data/decks/two-legal-per-format", test_decks_two_legal_per_format);
  g_test_add_func ("/shipped-data/decks/every-problem-code-shown", test_decks_every_code_shown);
  add_deck_tests ();

  status = g_test_run ();
  g_clear_object (&library);
  return status;
}
