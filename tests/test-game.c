/* test-game.c — game definitions: card properties, sections, formats, zones
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-format.h"
#include "dw-game.h"
#include "dw-test-util.h"

static DwGame *
load_shipped_game (const char *id)
{
  g_autofree char *name = g_strconcat (id, ".xml", NULL);
  g_autofree char *path = dw_test_data_path ("games", name, NULL);
  g_autoptr(GError) error = NULL;
  DwGame *game = dw_game_new_from_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

static DwGame *
lookup_one_game_cb (const char *game_id,
                    gpointer    user_data)
{
  DwGame *game = user_data;

  return g_strcmp0 (dw_game_get_id (game), game_id) == 0 ? game : NULL;
}

/* Loads @xml as a game definition file.  On failure, checks that @error
 * starts with "PATH:@line:@column: " and holds @message. */
static void
assert_game_error (const char *xml,
                   guint       line,
                   guint       column,
                   const char *message)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = dw_test_write_file (dir, "game.xml", xml);
  g_autofree char *prefix = g_strdup_printf ("%s:%u:%u: ", path, line, column);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwGame) game = dw_game_new_from_file (path, &error);

  g_assert_null (game);
  g_assert_error (error, DW_GAME_ERROR, DW_GAME_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_nonnull (strstr (error->message, message));

  dw_test_remove_tree (dir);
}

static char **
property_values (DwGame     *game,
                 const char *id)
{
  const DwPropertyDef *def = dw_game_lookup_property (game, id);

  g_assert_nonnull (def);
  return def->values;
}

static void
test_shipped_arcmage_types_and_properties (void)
{
  g_autoptr(DwGame) game = load_shipped_game ("arcmage");
  const char *types[] = { "Creature", "Event", "Magic", "Spell", "Enchantment",
                          "Equipment", "Region", "City" };
  const struct { const char *id; DwPropertyKind kind; } kinds[] = {
    { "faction", DW_PROPERTY_ENUM }, { "subtype", DW_PROPERTY_TEXT },
    { "cost", DW_PROPERTY_COST }, { "loyalty", DW_PROPERTY_INT },
    { "attack", DW_PROPERTY_INT }, { "defence", DW_PROPERTY_INT },
    { "hp", DW_PROPERTY_INT }, { "position", DW_PROPERTY_ENUM },
    { "domain", DW_PROPERTY_ENUM }, { "copies", DW_PROPERTY_INT },
    { "text", DW_PROPERTY_TEXT }, { "flavor", DW_PROPERTY_TEXT },
    { "artist", DW_PROPERTY_TEXT }, { "image", DW_PROPERTY_TEXT },
  };
  const char *factions[] = { "Gaian", "Dark Legion", "Red Banner", "House of Nobles",
                             "The Empire", "None", NULL };
  const char *positions[] = { "I", "II", "III", NULL };
  const char *domains[] = { "Politics", "Science", "Faith", NULL };
  const char *hp_for[] = { "Region", "City", NULL };
  const DwPropertyDef *def;

  g_assert_cmpstr (dw_game_get_id (game), ==, "arcmage");
  g_assert_cmpstr (dw_game_get_name (game), ==, "Arcmage");

  g_assert_cmpuint (dw_game_get_n_types (game), ==, G_N_ELEMENTS (types));
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      g_assert_cmpstr (dw_game_get_card_type_def (game, i)->id, ==, types[i]);
      g_assert_true (dw_game_lookup_card_type (game, types[i]) == dw_game_get_card_type_def (game, i));
    }
  g_assert_null (dw_game_lookup_card_type (game, "creature"));
  g_assert_null (dw_game_lookup_card_type (game, "Character"));

  g_assert_cmpuint (dw_game_get_n_properties (game), ==, G_N_ELEMENTS (kinds));
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      def = dw_game_get_property (game, i);
      g_assert_cmpstr (def->id, ==, kinds[i].id);
      g_assert_cmpint (def->kind, ==, kinds[i].kind);
    }
  g_assert_null (dw_game_lookup_property (game, "name"));
  g_assert_null (dw_game_lookup_property (game, "rarity"));

  g_assert_true (g_strv_equal ((const char * const *) property_values (game, "faction"), factions));
  g_assert_true (g_strv_equal ((const char * const *) property_values (game, "position"), positions));
  g_assert_true (g_strv_equal ((const char * const *) property_values (game, "domain"), domains));
  g_assert_cmpint (dw_property_def_value_index (dw_game_lookup_property (game, "position"), "III"), ==, 2);
  g_assert_cmpint (dw_property_def_value_index (dw_game_lookup_property (game, "position"), "IV"), ==, -1);

  def = dw_game_lookup_property (game, "loyalty");
  g_assert_cmpstr (def->name, ==, "Loyalty");
  g_assert_true (def->has_min && def->has_max);
  g_assert_cmpint (def->min, ==, 0);
  g_assert_cmpint (def->max, ==, 3);
  g_assert_null (def->required_for);

  def = dw_game_lookup_property (game, "hp");
  g_assert_true (def->has_min);
  g_assert_false (def->has_max);
  g_assert_cmpint (def->min, ==, 1);
  g_assert_true (g_strv_equal ((const char * const *) def->required_for, hp_for));

  def = dw_game_lookup_property (game, "position");
  g_assert_cmpuint (g_strv_length (def->required_for), ==, 1);
  g_assert_cmpstr (def->required_for[0], ==, "Region");
  /* Real Arcmage Magic cards print no domain (see data/games/arcmage.xml). */
  def = dw_game_lookup_property (game, "domain");
  g_assert_null (def->required_for);

  def = dw_game_lookup_property (game, "attack");
  g_assert_cmpstr (def->name, ==, "ATK");
  g_assert_false (def->has_min || def->has_max);
}

static void
test_shipped_coraabia_types_and_properties (void)
{
  g_autoptr(DwGame) game = load_shipped_game ("coraabia");
  const char *rarities[] = { "Common", "Uncommon", "Rare", "Guru", NULL };
  const char *factions[] = { "Outlaw", "Guardian", "Mercenary", "Xenno", "Unliving", NULL };
  const DwPropertyDef *def;

  g_assert_cmpstr (dw_game_get_id (game), ==, "coraabia");
  g_assert_cmpuint (dw_game_get_n_types (game), ==, 3);
  g_assert_cmpstr (dw_game_get_card_type_def (game, 0)->id, ==, "Character");
  g_assert_cmpstr (dw_game_get_card_type_def (game, 1)->id, ==, "Trick");
  g_assert_cmpstr (dw_game_get_card_type_def (game, 2)->id, ==, "Connection");

  g_assert_true (g_strv_equal ((const char * const *) property_values (game, "rarity"), rarities));
  g_assert_true (g_strv_equal ((const char * const *) property_values (game, "faction"), factions));
  g_assert_cmpuint (g_strv_length (property_values (game, "edition")), ==, 10);
  g_assert_cmpstr (property_values (game, "edition")[4], ==, "Min'Ora");

  def = dw_game_lookup_property (game, "vitality");
  g_assert_cmpint (def->kind, ==, DW_PROPERTY_INT);
  g_assert_cmpstr (def->unit, ==, "%");
  g_assert_cmpstr (def->required_for[0], ==, "Character");

  def = dw_game_lookup_property (game, "influence");
  g_assert_cmpstr (def->required_for[0], ==, "Connection");
  g_assert_true (def->has_min);
  g_assert_cmpint (def->min, ==, 0);

  def = dw_game_lookup_property (game, "ability");
  g_assert_cmpint (def->kind, ==, DW_PROPERTY_ELEMENT);
  g_assert_null (def->required_for);
}

static void
test_shipped_sections (void)
{
  g_autoptr(DwGame) arcmage = load_shipped_game ("arcmage");
  g_autoptr(DwGame) coraabia = load_shipped_game ("coraabia");
  const char *main_accepts[] = { "Creature", "Event", "Magic", "Spell", "Enchantment",
                                 "Equipment", "City", NULL };
  const DwSectionDef *def;

  /* Its three, and Considering, which every game has. */
  g_assert_cmpuint (dw_game_get_n_sections (arcmage), ==, 4);

  def = dw_game_get_section (arcmage, 0);
  g_assert_cmpstr (def->id, ==, "main");
  g_assert_cmpstr (def->name, ==, "Main deck");
  g_assert_true (g_strv_equal ((const char * const *) def->accepts, main_accepts));
  g_assert_false (def->ordered);
  g_assert_false (def->tokens);

  def = dw_game_get_section (arcmage, 1);
  g_assert_cmpstr (def->id, ==, "regions");
  g_assert_cmpuint (g_strv_length (def->accepts), ==, 1);
  g_assert_cmpstr (def->accepts[0], ==, "Region");
  g_assert_true (def->ordered);
  g_assert_false (def->tokens);

  def = dw_game_get_section (arcmage, 2);
  g_assert_cmpstr (def->id, ==, "tokens");
  g_assert_null (def->accepts);
  g_assert_true (def->tokens);
  g_assert_true (dw_game_lookup_section (arcmage, "tokens") == def);
  g_assert_null (dw_game_lookup_section (arcmage, "sideboard"));

  /* Where a card goes unless the player says otherwise. */
  g_assert_cmpstr (dw_game_section_for_type (arcmage, "Creature", FALSE)->id, ==, "main");
  g_assert_cmpstr (dw_game_section_for_type (arcmage, "City", FALSE)->id, ==, "main");
  g_assert_cmpstr (dw_game_section_for_type (arcmage, "Region", FALSE)->id, ==, "regions");
  g_assert_cmpstr (dw_game_section_for_type (arcmage, "Creature", TRUE)->id, ==, "tokens");
  g_assert_null (dw_game_section_for_type (arcmage, "Wizard", FALSE));

  g_assert_cmpuint (dw_game_get_n_sections (coraabia), ==, 3);
  g_assert_cmpstr (dw_game_get_section (coraabia, 0)->id, ==, "deck");
  g_assert_cmpstr (dw_game_get_section (coraabia, 1)->id, ==, "connections");
  g_assert_cmpstr (dw_game_section_for_type (coraabia, "Trick", FALSE)->id, ==, "deck");
  g_assert_cmpstr (dw_game_section_for_type (coraabia, "Connection", FALSE)->id, ==, "connections");
  g_assert_null (dw_game_section_for_type (coraabia, "Character", TRUE));
}

static void
test_shipped_formats (void)
{
  g_autoptr(DwGame) arcmage = load_shipped_game ("arcmage");
  g_autoptr(DwGame) coraabia = load_shipped_game ("coraabia");
  GListModel *formats = dw_game_get_formats (arcmage);
  g_autoptr(DwFormat) first = g_list_model_get_item (formats, 0);
  g_autoptr(DwFormat) second = g_list_model_get_item (formats, 1);
  DwFormat *format;
  const DwFormatSection *section;
  const DwRule *rule;

  g_assert_true (g_list_model_get_item_type (formats) == DW_TYPE_FORMAT);
  g_assert_cmpuint (g_list_model_get_n_items (formats), ==, 2);
  g_assert_cmpstr (dw_format_get_id (first), ==, "arcmage-orc");
  g_assert_cmpstr (dw_format_get_id (second), ==, "arcmage-2021");
  g_assert_true (dw_game_get_default_format (arcmage) == first);
  g_assert_true (dw_format_is_default (first));
  g_assert_false (dw_format_is_default (second));
  g_assert_false (dw_format_is_project_choice (first));
  g_assert_true (dw_game_lookup_format (arcmage, "arcmage-2021") == second);
  g_assert_null (dw_game_lookup_format (arcmage, "coraabia-open"));
  g_assert_cmpstr (dw_format_get_game_id (first), ==, "arcmage");
  g_assert_cmpstr (dw_format_get_name (first), ==, "Original Rules Concept");
  /* The description's line breaks are folded into single spaces. */
  g_assert_true (g_str_has_prefix (dw_format_get_description (first),
                                   "The Original Rules Concept of August 2017: a main deck of exactly 60 cards, a chapter"));
  g_assert_null (strchr (dw_format_get_description (first), '\n'));

  /* The Original Rules Concept, as data. */
  g_assert_cmpuint (dw_format_get_n_sections (first), ==, 3);
  section = dw_format_lookup_section (first, "main");
  g_assert_cmpint (section->min, ==, 60);
  g_assert_cmpint (section->max, ==, 60);
  g_assert_cmpuint (g_strv_length (section->accepts), ==, 6);
  section = dw_format_lookup_section (first, "regions");
  g_assert_cmpint (section->min, ==, 1);
  g_assert_cmpint (section->max, ==, 3);
  g_assert_null (section->accepts);
  section = dw_format_lookup_section (first, "tokens");
  g_assert_cmpint (section->min, ==, -1);
  g_assert_cmpint (section->max, ==, -1);

  g_assert_cmpuint (dw_format_get_n_rules (first), ==, 5);
  rule = dw_format_get_rule (first, 0);
  g_assert_cmpint (rule->kind, ==, DW_RULE_COPIES);
  g_assert_cmpstr (rule->code, ==, "copy-limit");
  g_assert_cmpint (rule->max, ==, 4);
  g_assert_cmpint (rule->match, ==, DW_COPY_MATCH_ID_OR_NAME);
  g_assert_cmpstr (rule->override, ==, "copies");
  rule = dw_format_get_rule (first, 1);
  g_assert_cmpint (rule->kind, ==, DW_RULE_SAME_VALUE);
  g_assert_cmpstr (rule->code, ==, "region-faction");
  rule = dw_format_get_rule (first, 2);
  g_assert_cmpint (rule->kind, ==, DW_RULE_ORDERED);
  g_assert_cmpstr (rule->property, ==, "position");
  rule = dw_format_get_rule (first, 3);
  g_assert_cmpint (rule->kind, ==, DW_RULE_SHARE);
  g_assert_cmpint (rule->severity, ==, DW_SEVERITY_WARNING);
  g_assert_cmpint (rule->min, ==, 50);
  g_assert_cmpstr (rule->type, ==, "Creature");
  rule = dw_format_get_rule (first, 4);
  g_assert_cmpint (rule->kind, ==, DW_RULE_DISTINCT_VALUES);
  g_assert_cmpstr (rule->code, ==, "faction-count");
  g_assert_cmpstr (rule->ignore, ==, "None");
  g_assert_cmpint (rule->max, ==, 2);

  rule = dw_format_get_rule (second, 0);
  g_assert_cmpint (rule->kind, ==, DW_RULE_COPIES);
  g_assert_cmpint (rule->max, ==, 3);
  g_assert_cmpint (rule->match, ==, DW_COPY_MATCH_NAME);
  rule = dw_format_get_rule (second, 1);
  g_assert_cmpint (rule->kind, ==, DW_RULE_TYPE_COUNT);
  g_assert_cmpstr (rule->code, ==, "city-count");
  g_assert_true (rule->distinct);

  /* Coraabia's only format is the project's own choice. */
  g_assert_cmpuint (g_list_model_get_n_items (dw_game_get_formats (coraabia)), ==, 1);
  format = dw_game_get_default_format (coraabia);
  g_assert_cmpstr (dw_format_get_id (format), ==, "coraabia-open");
  g_assert_true (dw_format_is_project_choice (format));
  g_assert_cmpuint (dw_format_get_n_rules (format), ==, 4);
  rule = dw_format_get_rule (format, 3);
  g_assert_cmpint (rule->kind, ==, DW_RULE_BUDGET);
  g_assert_cmpstr (rule->code, ==, "influence");
  g_assert_cmpint (rule->max, ==, 60);
  g_assert_cmpuint (rule->parts->len, ==, 2);
  {
    const DwBudgetPart *by_value = g_ptr_array_index (rule->parts, 0);
    const DwBudgetPart *by_number = g_ptr_array_index (rule->parts, 1);

    g_assert_cmpstr (by_value->property, ==, "rarity");
    g_assert_cmpstr (by_value->section, ==, "deck");
    g_assert_cmpint (GPOINTER_TO_INT (g_hash_table_lookup (by_value->amounts, "Guru")), ==, 4);
    g_assert_cmpint (GPOINTER_TO_INT (g_hash_table_lookup (by_value->amounts, "Common")), ==, 1);
    g_assert_cmpstr (by_number->property, ==, "influence");
    g_assert_null (by_number->amounts);
  }
}

static void
test_shipped_zones (void)
{
  g_autoptr(DwGame) arcmage = load_shipped_game ("arcmage");
  g_autoptr(DwGame) coraabia = load_shipped_game ("coraabia");
  const char *zones[] = { "front", "politics", "science", "faith", "regions",
                          "vault", "deck", "grave", "removed", "hand" };
  const DwZoneDef *zone;

  g_assert_cmpuint (dw_game_get_n_zones (arcmage), ==, G_N_ELEMENTS (zones));
  for (guint i = 0; i < G_N_ELEMENTS (zones); i++)
    g_assert_cmpstr (dw_game_get_zone (arcmage, i)->id, ==, zones[i]);

  zone = dw_game_lookup_zone (arcmage, "front");
  g_assert_cmpint (zone->visibility, ==, DW_ZONE_PUBLIC);
  g_assert_cmpint (zone->width, ==, 3);
  g_assert_cmpint (zone->height, ==, 1);
  g_assert_false (zone->ordered);
  g_assert_null (zone->start);

  zone = dw_game_lookup_zone (arcmage, "regions");
  g_assert_cmpstr (zone->name, ==, "Region pile");
  g_assert_cmpint (zone->visibility, ==, DW_ZONE_TOP);
  g_assert_true (zone->ordered);
  g_assert_cmpstr (zone->start, ==, "regions");
  g_assert_cmpint (zone->row, ==, 0);
  g_assert_cmpint (zone->column, ==, 3);

  zone = dw_game_lookup_zone (arcmage, "deck");
  g_assert_cmpint (zone->visibility, ==, DW_ZONE_HIDDEN);
  g_assert_cmpstr (zone->start, ==, "main");

  zone = dw_game_lookup_zone (arcmage, "hand");
  g_assert_cmpint (zone->visibility, ==, DW_ZONE_OWNER);
  /* The last row: the piles of row 1 and the grave sit above it (issue
   * 21: the table fits 1280×800 with every zone at its full size). */
  g_assert_cmpint (zone->row, ==, 2);
  g_assert_cmpint (zone->width, ==, 4);

  g_assert_null (dw_game_lookup_zone (arcmage, "duel"));

  g_assert_cmpuint (dw_game_get_n_zones (coraabia), ==, 6);
  g_assert_cmpstr (dw_game_lookup_zone (coraabia, "connections")->start, ==, "connections");
  g_assert_nonnull (dw_game_lookup_zone (coraabia, "duel"));
}

static void
test_minimal_definition_takes_defaults (void)
{
  const char *xml =
    "<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
    "  <!-- a comment is fine anywhere -->\n"
    "  <types>\n"
    "    <type id=\"Unit\"/>\n"
    "  </types>\n"
    "  <properties>\n"
    "    <property id=\"power\" kind=\"int\" max=\"9\"/>\n"
    "  </properties>\n"
    "  <sections>\n"
    "    <section id=\"main\"/>\n"
    "  </sections>\n"
    "  <formats>\n"
    "    <format id=\"mini-a\"><section ref=\"main\"/></format>\n"
    "    <format id=\"mini-b\"><section ref=\"main\"/></format>\n"
    "  </formats>\n"
    "  <zones>\n"
    "    <zone id=\"pile\" start=\"main\"/>\n"
    "  </zones>\n"
    "  <x:extension xmlns:x=\"urn:example:x\">ignored</x:extension>\n"
    "</game>\n";
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = dw_test_write_file (dir, "mini.xml", xml);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwGame) game = dw_game_new_from_file (path, &error);
  g_autoptr(DwFormat) first = NULL;
  const DwPropertyDef *power;
  const DwZoneDef *pile;
  g_autofree char *reason = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (game);

  /* Names default to ids. */
  g_assert_cmpstr (dw_game_get_name (game), ==, "mini");
  g_assert_cmpstr (dw_game_get_card_type_def (game, 0)->name, ==, "Unit");
  g_assert_cmpstr (dw_game_get_section (game, 0)->name, ==, "main");
  g_assert_null (dw_game_get_section (game, 0)->accepts);

  /* Without a format marked default, the first one is. */
  first = g_list_model_get_item (dw_game_get_formats (game), 0);
  g_assert_true (dw_game_get_default_format (game) == first);
  g_assert_cmpstr (dw_format_get_id (first), ==, "mini-a");
  g_assert_cmpstr (dw_format_get_name (first), ==, "mini-a");
  g_assert_cmpstr (dw_format_get_description (first), ==, "");

  pile = dw_game_get_zone (game, 0);
  g_assert_cmpstr (pile->name, ==, "pile");
  g_assert_cmpint (pile->visibility, ==, DW_ZONE_PUBLIC);
  g_assert_cmpint (pile->width, ==, 1);
  g_assert_cmpint (pile->height, ==, 1);
  g_assert_cmpint (pile->row, ==, 0);

  power = dw_game_lookup_property (game, "power");
  g_assert_false (power->has_min);
  g_assert_true (power->has_max);
  g_assert_true (dw_property_def_check (power, "-40", &reason));
  g_assert_null (reason);
  g_assert_false (dw_property_def_check (power, "10", &reason));
  g_assert_cmpstr (reason, ==, "power must be at most 9, not 10");

  dw_test_remove_tree (dir);
}

static void
test_property_check_by_kind (void)
{
  g_autoptr(DwGame) game = load_shipped_game ("arcmage");
  const DwPropertyDef *cost = dw_game_lookup_property (game, "cost");
  const DwPropertyDef *loyalty = dw_game_lookup_property (game, "loyalty");
  const DwPropertyDef *attack = dw_game_lookup_property (game, "attack");
  const DwPropertyDef *hp = dw_game_lookup_property (game, "hp");
  const DwPropertyDef *faction = dw_game_lookup_property (game, "faction");
  const DwPropertyDef *text = dw_game_lookup_property (game, "text");
  const char *good_costs[] = { "0", "3", "12", "X", "X+2", "X+10", "T", "T-1", "T-12", "S" };
  const char *bad_costs[] = { "7Q", "", "X+", "X-2", "T+1", "T-", "-1", "+3", "x", "s",
                              "S1", "XX", "X+Y", "X+-1", "X+ 1", "0x10", "99999999999" };
  const struct { const DwPropertyDef *def; const char *value; const char *reason; } bad[] = {
    { attack, "two", "ATK must be a whole number, not “two”" },
    { attack, "2.5", "ATK must be a whole number, not “2.5”" },
    { attack, "", "ATK must be a whole number, not “”" },
    { loyalty, "5", "Loyalty must be from 0 to 3, not 5" },
    { loyalty, "-1", "Loyalty must be from 0 to 3, not -1" },
    { hp, "0", "HP must be at least 1, not 0" },
    { faction, "Blue", "Faction must be one of Gaian, Dark Legion, Red Banner, House of Nobles, "
                       "The Empire, None, not “Blue”" },
    /* Enum values are compared exactly. */
    { faction, "gaian", "Faction must be one of Gaian, Dark Legion, Red Banner, House of Nobles, "
                        "The Empire, None, not “gaian”" },
    { cost, "7Q", "Cost must be a number, X, X+n, T, T-n or S, not “7Q”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (good_costs); i++)
    {
      char *reason = NULL;

      g_test_message ("cost %s", good_costs[i]);
      g_assert_true (dw_property_def_check (cost, good_costs[i], &reason));
      g_assert_null (reason);
    }

  for (guint i = 0; i < G_N_ELEMENTS (bad_costs); i++)
    {
      g_autofree char *reason = NULL;

      g_test_message ("cost %s", bad_costs[i]);
      g_assert_false (dw_property_def_check (cost, bad_costs[i], &reason));
      g_assert_nonnull (reason);
    }

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *reason = NULL;

      g_assert_false (dw_property_def_check (bad[i].def, bad[i].value, &reason));
      g_assert_cmpstr (reason, ==, bad[i].reason);
    }

  {
    const struct { const DwPropertyDef *def; const char *value; } good[] = {
      { loyalty, "0" }, { loyalty, "3" }, { attack, "-2" }, { attack, "100" },
      { hp, "1" }, { hp, "25" }, { faction, "Dark Legion" }, { faction, "None" },
      { text, "" }, { text, "anything <at> all & more" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (good); i++)
      {
        char *reason = NULL;

        g_assert_true (dw_property_def_check (good[i].def, good[i].value, &reason));
        g_assert_null (reason);
      }
  }
}

static void
test_unknown_property_kind_is_refused (void)
{
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types>\n"
                     "    <type id=\"Unit\"/>\n"
                     "  </types>\n"
                     "  <properties>\n"
                     "    <property id=\"power\" kind=\"float\"/>\n"
                     "  </properties>\n"
                     "</game>\n",
                     6, 5, "“float” is not a kind of property");
}

static void
test_enum_without_values_is_refused (void)
{
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types>\n"
                     "    <type id=\"Unit\"/>\n"
                     "  </types>\n"
                     "  <properties>\n"
                     "    <property id=\"text\" kind=\"text\"/>\n"
                     "    <property id=\"colour\" kind=\"enum\">\n"
                     "    </property>\n"
                     "  </properties>\n"
                     "</game>\n",
                     7, 5, "the enum property “colour” lists no <value>");
}

/* A value may say what it means where it is shown: Arcmage's faction
 * "None" reads "None (colourless)" in every view, while the card data,
 * the searches and the rules keep the value; a value without a name
 * shows itself, and an empty name is refused at its line (issue 21). */
static void
test_value_names (void)
{
  g_autoptr(DwGame) game = load_shipped_game ("arcmage");
  const DwPropertyDef *faction = dw_game_lookup_property (game, "faction");
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = dw_test_write_file (dir, "game.xml",
                                              "<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                                              "  <types><type id=\"Unit\"/></types>\n"
                                              "  <properties>\n"
                                              "    <property id=\"colour\" kind=\"enum\">\n"
                                              "      <value name=\"Red &amp; Hot\">Red</value>\n"
                                              "      <value>Blue</value>\n"
                                              "    </property>\n"
                                              "  </properties>\n"
                                              "</game>\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(DwGame) mini = dw_game_new_from_file (path, &error);

  g_assert_cmpstr (dw_property_def_value_name (faction, "None"), ==, "None (colourless)");
  g_assert_cmpstr (dw_game_value_name (game, "faction", "None"), ==, "None (colourless)");
  g_assert_cmpstr (dw_game_value_name (game, "faction", "Gaian"), ==, "Gaian");
  g_assert_cmpint (dw_property_def_value_index (faction, "None"), ==, 5);
  /* Not a value of the game, not a property: shown as it is. */
  g_assert_cmpstr (dw_game_value_name (game, "faction", "Elsewhere"), ==, "Elsewhere");
  g_assert_cmpstr (dw_game_value_name (game, "mood", "None"), ==, "None");

  g_assert_no_error (error);
  g_assert_cmpstr (dw_game_value_name (mini, "colour", "Red"), ==, "Red & Hot");
  g_assert_cmpstr (dw_game_value_name (mini, "colour", "Blue"), ==, "Blue");
  dw_test_remove_tree (dir);

  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types><type id=\"Unit\"/></types>\n"
                     "  <properties>\n"
                     "    <property id=\"colour\" kind=\"enum\">\n"
                     "      <value name=\" \">Red</value>\n"
                     "    </property>\n"
                     "  </properties>\n"
                     "</game>\n",
                     5, 7, "the value “Red” of “colour” has an empty name");
}

static void
test_required_for_an_unknown_type_is_refused (void)
{
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types>\n"
                     "    <type id=\"Unit\"/>\n"
                     "  </types>\n"
                     "  <properties>\n"
                     "      <property id=\"hp\" kind=\"int\" required-for=\"Unit Castle\"/>\n"
                     "  </properties>\n"
                     "</game>\n",
                     6, 7, "“Castle” in required-for is not a card type of this game");
}

static void
test_section_accepting_an_unknown_type_is_refused (void)
{
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types>\n"
                     "    <type id=\"Unit\"/>\n"
                     "  </types>\n"
                     "  <sections>\n"
                     "    <section id=\"main\" accepts=\"Unit Wizard\"/>\n"
                     "  </sections>\n"
                     "</game>\n",
                     6, 5, "“Wizard” is not a card type of this game");
}

/* Every game, a data-only one too, has Considering after its own
 * sections: every card type goes there, but no card goes there unless
 * the player puts it there. */
static void
test_every_game_has_considering (void)
{
  const char *xml =
    "<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
    "  <types><type id=\"Unit\"/><type id=\"Spell\"/></types>\n"
    "  <sections><section id=\"main\" accepts=\"Unit\"/></sections>\n"
    "</game>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(DwGame) mini = dw_game_new_from_data (xml, strlen (xml), "mini.xml", &error);
  g_autoptr(DwGame) arcmage = load_shipped_game ("arcmage");
  g_autoptr(DwGame) coraabia = load_shipped_game ("coraabia");
  DwGame *games[] = { mini, arcmage, coraabia };

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      guint n = dw_game_get_n_sections (games[i]);
      const DwSectionDef *last = dw_game_get_section (games[i], n - 1);

      g_assert_cmpstr (last->id, ==, DW_SECTION_CONSIDERING);
      g_assert_cmpstr (last->name, ==, "Considering");
      g_assert_true (last->considering);
      g_assert_null (last->accepts);
      g_assert_false (last->tokens);
      g_assert_true (dw_game_lookup_section (games[i], "considering") == last);
      for (guint j = 0; j + 1 < n; j++)
        g_assert_false (dw_game_get_section (games[i], j)->considering);
    }
  g_assert_null (dw_game_section_for_type (mini, "Spell", FALSE));
  g_assert_null (dw_game_section_for_type (mini, "Unit", TRUE));
  g_assert_cmpstr (dw_game_section_for_type (mini, "Unit", FALSE)->id, ==, "main");
}

/* Considering is the program's own: a definition cannot declare it, nor a
 * format count it, nor a zone deal it. */
static void
test_considering_cannot_be_declared_or_counted (void)
{
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types><type id=\"Unit\"/></types>\n"
                     "  <sections>\n"
                     "    <section id=\"main\"/>\n"
                     "    <section id=\"considering\"/>\n"
                     "  </sections>\n"
                     "</game>\n",
                     5, 5, "the section “considering” is Deckwright's own");
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types><type id=\"Unit\"/></types>\n"
                     "  <sections><section id=\"main\"/></sections>\n"
                     "  <formats>\n"
                     "    <format id=\"f\"><section ref=\"considering\" max=\"10\"/></format>\n"
                     "  </formats>\n"
                     "</game>\n",
                     5, 20, "no format counts “considering”");
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types><type id=\"Unit\"/></types>\n"
                     "  <sections><section id=\"main\"/></sections>\n"
                     "  <zones><zone id=\"maybe\" start=\"considering\"/></zones>\n"
                     "</game>\n",
                     4, 10, "not a deck section");
}

static void
test_format_with_an_unknown_section_is_refused (void)
{
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types>\n"
                     "    <type id=\"Unit\"/>\n"
                     "  </types>\n"
                     "  <sections>\n"
                     "    <section id=\"main\"/>\n"
                     "  </sections>\n"
                     "  <formats>\n"
                     "    <format id=\"f\">\n"
                     "      <section ref=\"main\"/>\n"
                     "      <section ref=\"sideboard\" max=\"15\"/>\n"
                     "    </format>\n"
                     "  </formats>\n"
                     "</game>\n",
                     11, 7, "“sideboard” is not a deck section of mini");
}

static void
test_rule_without_a_code_is_refused (void)
{
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types>\n"
                     "    <type id=\"Unit\"/>\n"
                     "  </types>\n"
                     "  <properties>\n"
                     "    <property id=\"colour\" kind=\"enum\"><value>Red</value></property>\n"
                     "  </properties>\n"
                     "  <sections>\n"
                     "    <section id=\"main\"/>\n"
                     "  </sections>\n"
                     "  <formats>\n"
                     "    <format id=\"f\">\n"
                     "      <section ref=\"main\"/>\n"
                     "      <copies limit=\"2\"/>\n"
                     "      <same-value section=\"main\" property=\"colour\"/>\n"
                     "    </format>\n"
                     "  </formats>\n"
                     "</game>\n",
                     15, 7, "<same-value> needs a problem “code”");
}

static void
test_unknown_rule_element_is_refused (void)
{
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types>\n"
                     "    <type id=\"Unit\"/>\n"
                     "  </types>\n"
                     "  <sections>\n"
                     "    <section id=\"main\"/>\n"
                     "  </sections>\n"
                     "  <formats>\n"
                     "    <format id=\"f\">\n"
                     "      <section ref=\"main\"/> <frobnicate code=\"x\"/>\n"
                     "    </format>\n"
                     "  </formats>\n"
                     "</game>\n",
                     10, 29, "<frobnicate> is not a rule Deckwright knows");
}

static void
test_parts_out_of_order_are_refused (void)
{
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <properties>\n"
                     "    <property id=\"text\" kind=\"text\"/>\n"
                     "  </properties>\n"
                     "  <types>\n"
                     "    <type id=\"Unit\"/>\n"
                     "  </types>\n"
                     "</game>\n",
                     5, 3, "<types> must come before <properties>");
}

static void
test_part_given_twice_is_refused (void)
{
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types>\n"
                     "    <type id=\"Unit\"/>\n"
                     "  </types>\n"
                     "  <types>\n"
                     "    <type id=\"Land\"/>\n"
                     "  </types>\n"
                     "</game>\n",
                     5, 3, "<types> appears twice");
}

static void
test_duplicate_format_id_is_refused (void)
{
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types>\n"
                     "    <type id=\"Unit\"/>\n"
                     "  </types>\n"
                     "  <sections>\n"
                     "    <section id=\"main\"/>\n"
                     "  </sections>\n"
                     "  <formats>\n"
                     "    <format id=\"f\">\n"
                     "      <section ref=\"main\"/>\n"
                     "    </format>\n"
                     "    <format id=\"f\">\n"
                     "      <section ref=\"main\"/>\n"
                     "    </format>\n"
                     "  </formats>\n"
                     "</game>\n",
                     12, 5, "the format “f” is defined twice");
}

static void
test_other_definition_mistakes_are_refused (void)
{
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types>\n"
                     "    <type id=\"Unit\"/>\n"
                     "    <type id=\"Unit\"/>\n"
                     "  </types>\n"
                     "</game>\n",
                     4, 5, "the card type “Unit” is defined twice");
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types>\n"
                     "    <type id=\"Unit\"/>\n"
                     "  </types>\n"
                     "  <rules/>\n"
                     "</game>\n",
                     5, 3, "<rules> is not part of a game definition");
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\">\n"
                     "  <types/>\n"
                     "</game>\n",
                     1, 1, "<game> needs the attribute “id”");
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types>\n"
                     "    <type id=\"Unit\"/>\n"
                     "  </types>\n"
                     "  <sections>\n"
                     "    <section id=\"main\" ordered=\"yes\"/>\n"
                     "  </sections>\n"
                     "</game>\n",
                     6, 5, "must be “true” or “false”, not “yes”");
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types>\n"
                     "    <type id=\"Unit\"/>\n"
                     "  </types>\n"
                     "  <sections>\n"
                     "    <section id=\"main\"/>\n"
                     "  </sections>\n"
                     "  <zones>\n"
                     "    <zone id=\"pile\" start=\"side\"/>\n"
                     "  </zones>\n"
                     "</game>\n",
                     9, 5, "the zone starts with “side”, which is not a deck section");
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types>\n"
                     "    <type id=\"Unit\"/>\n"
                     "  </types>\n"
                     "  <zones>\n"
                     "    <zone id=\"pile\" visibility=\"secret\"/>\n"
                     "  </zones>\n"
                     "</game>\n",
                     6, 5, "a zone is public, hidden, owner or top, not “secret”");
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types>\n"
                     "    <type id=\"Unit\"/>\n"
                     "  </types>\n"
                     "  <sections>\n"
                     "    <section id=\"main\"/>\n"
                     "  </sections>\n"
                     "  <formats>\n"
                     "    <format id=\"f\">\n"
                     "      <section ref=\"main\" min=\"many\"/>\n"
                     "    </format>\n"
                     "  </formats>\n"
                     "</game>\n",
                     10, 7, "the attribute “min” of <section> must be a whole number, not “many”");
}

static void
test_game_without_types_is_refused (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = dw_test_write_file (dir, "game.xml",
                                              "<game xmlns=\"urn:deckwright:game:1\" id=\"mini\"/>\n");
  g_autofree char *expected = g_strdup_printf ("%s: the game “mini” defines no card types", path);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwGame) game = dw_game_new_from_file (path, &error);

  g_assert_null (game);
  g_assert_error (error, DW_GAME_ERROR, DW_GAME_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, expected);

  dw_test_remove_tree (dir);
}

static void
test_game_in_the_wrong_namespace_is_refused (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = dw_test_write_file (dir, "game.xml",
                                              "<?xml version=\"1.0\"?>\n"
                                              "<game xmlns=\"urn:deckwright:game:2\" id=\"mini\"/>\n");
  g_autofree char *prefix = g_strdup_printf ("%s:2:1: ", path);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwGame) game = dw_game_new_from_file (path, &error);

  g_assert_null (game);
  g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, prefix));

  dw_test_remove_tree (dir);
}

static void
test_formats_file_adds_a_format (void)
{
  g_autoptr(DwGame) game = load_shipped_game ("arcmage");
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = dw_test_write_file (dir, "house.xml",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<formats xmlns=\"urn:deckwright:game:1\" game=\"arcmage\">\n"
    "  <format id=\"arcmage-house\" name=\"House rules\">\n"
    "    <description>Forty cards,\n  two of each.</description>\n"
    "    <section ref=\"main\" min=\"40\" max=\"40\"/>\n"
    "    <section ref=\"regions\" min=\"1\" max=\"3\"/>\n"
    "    <copies limit=\"2\" match=\"name\"/>\n"
    "  </format>\n"
    "  <other xmlns=\"urn:example:x\"/>\n"
    "</formats>\n");
  g_autoptr(GError) error = NULL;
  DwFormat *format;
  const DwRule *rule;

  g_assert_true (dw_game_load_formats_file (path, lookup_one_game_cb, NULL, game, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (g_list_model_get_n_items (dw_game_get_formats (game)), ==, 3);
  format = dw_game_lookup_format (game, "arcmage-house");
  g_assert_nonnull (format);
  g_assert_cmpstr (dw_format_get_name (format), ==, "House rules");
  g_assert_cmpstr (dw_format_get_description (format), ==, "Forty cards, two of each.");
  g_assert_cmpstr (dw_format_get_game_id (format), ==, "arcmage");
  g_assert_false (dw_format_is_default (format));
  g_assert_cmpuint (dw_format_get_n_sections (format), ==, 2);
  g_assert_cmpint (dw_format_lookup_section (format, "main")->min, ==, 40);
  g_assert_cmpuint (dw_format_get_n_rules (format), ==, 1);
  rule = dw_format_get_rule (format, 0);
  g_assert_cmpint (rule->kind, ==, DW_RULE_COPIES);
  g_assert_cmpint (rule->max, ==, 2);
  g_assert_cmpint (rule->match, ==, DW_COPY_MATCH_NAME);

  /* The shipped default stays the default. */
  g_assert_cmpstr (dw_format_get_id (dw_game_get_default_format (game)), ==, "arcmage-orc");

  dw_test_remove_tree (dir);
}

static void
test_formats_file_for_an_unknown_game_is_refused (void)
{
  g_autoptr(DwGame) game = load_shipped_game ("arcmage");
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = dw_test_write_file (dir, "chess.xml",
    "<formats xmlns=\"urn:deckwright:game:1\" game=\"chess\">\n"
    "  <format id=\"chess-blitz\"><section ref=\"main\"/></format>\n"
    "</formats>\n");
  g_autofree char *expected = g_strdup_printf ("%s:1:1: these formats are for the game “chess”, "
                                               "which is not installed", path);
  g_autoptr(GError) error = NULL;

  g_assert_false (dw_game_load_formats_file (path, lookup_one_game_cb, NULL, game, &error));
  g_assert_error (error, DW_GAME_ERROR, DW_GAME_ERROR_UNKNOWN_GAME);
  g_assert_cmpstr (error->message, ==, expected);
  g_assert_cmpuint (g_list_model_get_n_items (dw_game_get_formats (game)), ==, 2);

  dw_test_remove_tree (dir);
}

static void
test_formats_file_with_a_taken_id_adds_nothing (void)
{
  g_autoptr(DwGame) game = load_shipped_game ("arcmage");
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = dw_test_write_file (dir, "house.xml",
    "<formats xmlns=\"urn:deckwright:game:1\" game=\"arcmage\">\n"
    "  <format id=\"arcmage-house\">\n"
    "    <section ref=\"main\" min=\"40\"/>\n"
    "  </format>\n"
    "  <format id=\"arcmage-orc\">\n"
    "    <section ref=\"main\" min=\"30\"/>\n"
    "  </format>\n"
    "</formats>\n");
  g_autofree char *expected = g_strdup_printf ("%s:5:3: the format id “arcmage-orc” is taken; give the format an id of its own", path);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwFormat) orc = g_list_model_get_item (dw_game_get_formats (game), 0);

  g_assert_false (dw_game_load_formats_file (path, lookup_one_game_cb, NULL, game, &error));
  g_assert_error (error, DW_GAME_ERROR, DW_GAME_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, expected);

  /* All or nothing: the good format before the bad one is not added
   * either, and the shipped one is untouched. */
  g_assert_cmpuint (g_list_model_get_n_items (dw_game_get_formats (game)), ==, 2);
  g_assert_null (dw_game_lookup_format (game, "arcmage-house"));
  g_assert_true (dw_game_lookup_format (game, "arcmage-orc") == orc);
  g_assert_cmpint (dw_format_lookup_section (orc, "main")->min, ==, 60);

  dw_test_remove_tree (dir);
}

static void
test_formats_file_with_a_bad_format_adds_nothing (void)
{
  g_autoptr(DwGame) game = load_shipped_game ("arcmage");
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = dw_test_write_file (dir, "house.xml",
    "<formats xmlns=\"urn:deckwright:game:1\" game=\"arcmage\">\n"
    "  <format id=\"arcmage-good\">\n"
    "    <section ref=\"main\" min=\"40\"/>\n"
    "  </format>\n"
    "  <format id=\"arcmage-bad\">\n"
    "    <section ref=\"main\"/>\n"
    "    <copies limit=\"0\"/>\n"
    "  </format>\n"
    "</formats>\n");
  g_autofree char *expected = g_strdup_printf ("%s:7:5: <copies> needs a “limit” of at least 1", path);
  g_autoptr(GError) error = NULL;

  g_assert_false (dw_game_load_formats_file (path, lookup_one_game_cb, NULL, game, &error));
  g_assert_error (error, DW_GAME_ERROR, DW_GAME_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, expected);
  g_assert_cmpuint (g_list_model_get_n_items (dw_game_get_formats (game)), ==, 2);
  g_assert_null (dw_game_lookup_format (game, "arcmage-good"));
  g_assert_null (dw_game_lookup_format (game, "arcmage-bad"));

  dw_test_remove_tree (dir);
}

/* A small game, one part a line, with @part put on line @line (3: types,
 * 6: properties, 9: the format's sections, 10: zones, 11: the table);
 * loading it must fail at @line, in the column where @marker starts (an
 * error names the first element of its name on its line). */
static void
assert_mini_error (guint       line,
                   const char *part,
                   const char *marker,
                   const char *message)
{
  const char *parts[] = {
    "<type id=\"Unit\"/>",
    "<property id=\"power\" kind=\"int\"/>",
    "<section ref=\"main\"/>",
    "<zone id=\"deck\" start=\"main\"/><zone id=\"hand\" row=\"1\"/>",
    "<table/>",
  };
  /* What comes before each part on its line. */
  const char *before[] = { "    ", "    ", "  <formats><format id=\"f\">", "  <zones>", "  " };
  const guint lines[] = { 3, 6, 9, 10, 11 };
  g_autofree char *xml = NULL;
  const char *at = strstr (part, marker);
  guint column = 0;

  g_assert_nonnull (at);
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    if (lines[i] == line)
      {
        parts[i] = part;
        column = (guint) strlen (before[i]) + (guint) (at - part) + 1;
      }
  g_assert_cmpuint (column, >, 0);

  xml = g_strconcat ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n",
                     "  <types>\n", before[0], parts[0], "\n  </types>\n",
                     "  <properties>\n", before[1], parts[1], "\n  </properties>\n",
                     "  <sections><section id=\"main\"/></sections>\n",
                     before[2], parts[2], "</format></formats>\n",
                     before[3], parts[3], "</zones>\n",
                     before[4], parts[4], "\n",
                     "</game>\n", NULL);
  assert_game_error (xml, line, column, message);
}

/* Issue 20, B7: what a game definition may not say is refused where it
 * says it, rather than loaded into a game that drops every card or
 * cannot lay its table out. */
static void
test_b7_impossible_definitions_are_refused (void)
{
  /* Enum values are the elements' text; written as attributes they were
   * empty, and every card of the game failed to load. */
  assert_mini_error (6, "<property id=\"colour\" kind=\"enum\"><value id=\"red\"/></property>",
                     "<value", "a <value> of “colour” is empty; write the value as its text");
  assert_mini_error (6, "<property id=\"colour\" kind=\"enum\"><value>Red</value><value>Red</value></property>",
                     "<value", "“Red” is a value of “colour” twice");
  assert_mini_error (6, "<property id=\"colour\" kind=\"enum\"><value>Red</value><colour>Blue</colour></property>",
                     "<colour", "<property> holds <value> elements only, not <colour>");
  assert_mini_error (6, "<property id=\"power\" kind=\"int\" min=\"5\" max=\"2\"/>",
                     "<property", "the property “power” goes from 5 to 2");
  assert_mini_error (6, "<property id=\"power\" kind=\"int\" name=\" \"/>",
                     "<property", "the name of “power” is empty");
  assert_mini_error (3, "<type id=\"Unit\"/><kind id=\"Hero\"/>",
                     "<kind", "<types> holds <type> elements only, not <kind>");
  assert_mini_error (3, "<type id=\"Unit\" name=\"Unit\"/><type id=\"Hero\" name=\"Unit\"/>",
                     "<type", "two card types are named “Unit”");
  assert_mini_error (9, "<section ref=\"main\" min=\"40\" max=\"30\"/>",
                     "<section", "the section “main” needs at least 40 cards but holds at most 30");
  assert_mini_error (9, "<section ref=\"main\" min=\"-3\"/>",
                     "<section", "cannot be negative");
  assert_mini_error (10, "<zone id=\"deck\" start=\"main\" row=\"2147483647\"/><zone id=\"hand\"/>",
                     "<zone", "the zone “deck” must lie on the table's grid of 16 by 16 cells");
  assert_mini_error (10, "<zone id=\"deck\" start=\"main\" width=\"0\"/><zone id=\"hand\"/>",
                     "<zone", "the zone “deck” must lie on the table's grid");
  assert_mini_error (10, "<zone id=\"deck\" start=\"main\" column=\"15\" width=\"2\"/><zone id=\"hand\"/>",
                     "<zone", "the zone “deck” must lie on the table's grid");
}

/* Issue 20, B8: <refill from="hand"/> with a huge opening hand drew the
 * hand back into the deck and drew it again until memory ran out.  A
 * table rule counts at most DW_TABLE_MAX_CARDS cards, and the deck is
 * never refilled from the hand it draws into. */
static void
test_b8_table_rules_are_bounded (void)
{
  assert_mini_error (11, "<table><opening-hand cards=\"2147483647\"/></table>",
                     "<opening-hand", "<opening-hand> counts at most 999 cards, not 2147483647");
  assert_mini_error (11, "<table><draw-per-turn cards=\"1000\"/></table>",
                     "<draw-per-turn", "counts at most 999 cards");
  assert_mini_error (11, "<table><opening-hand cards=\"7\"/><refill from=\"hand\"/></table>",
                     "<refill", "the deck cannot be refilled from the hand it draws into");
}

/* <deal> and <statistics>: what they name must exist and be of the
 * right kind, and a deal must deal something. */
static void
test_deal_and_statistics_are_checked (void)
{
  assert_mini_error (11, "<table/><deal section=\"nope\" opening-hand=\"5\"/>",
                     "<deal", "<deal> shuffles the section “nope”");
  assert_mini_error (11, "<table/><deal section=\"main\"/>",
                     "<deal", "<deal> draws no card");
  assert_mini_error (11, "<table/><deal section=\"main\" reveal-until=\"Unit\" opening-hand=\"3\"/>",
                     "<deal", "draws no hand: leave out “opening-hand”");
  assert_mini_error (11, "<table/><deal section=\"main\" reveal-until=\"Hero\"/>",
                     "<deal", "names the card type “Hero”, which <types> does not define");
  assert_mini_error (11, "<table/><deal section=\"main\" opening-hand=\"3\" play=\"Hero\"/>",
                     "<deal", "names the card type “Hero”");
  assert_mini_error (11, "<table/><deal section=\"main\" opening-hand=\"3\" first-draw=\"0\"/>",
                     "<deal", "“first-draw” cannot be 0");
  assert_mini_error (11, "<table/><deal section=\"main\" opening-hand=\"1000\"/>",
                     "<deal", "must lie between 0 and 999, not 1000");
  assert_mini_error (11, "<table/><deal section=\"main\" opening-hand=\"3\" resource=\"mana\"/>",
                     "<deal", "is “none” or “vault”, not “mana”");
  assert_mini_error (11, "<table/><deal section=\"main\" opening-hand=\"3\" cost=\"price\"/>",
                     "<deal", "names the property “price”");
  assert_mini_error (11, "<table/><statistics curve=\"colour\"/>",
                     "<statistics", "names the property “colour”, which <properties> does not define");
  assert_mini_error (11, "<table/><statistics numbers=\"power power\"/>",
                     "<statistics", "names “power” twice");
  assert_mini_error (11, "<statistics/><deal section=\"main\" opening-hand=\"3\"/>",
                     "<deal", "<deal> must come before <statistics>");
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types><type id=\"Unit\"/></types>\n"
                     "  <properties><property id=\"text\" kind=\"text\"/></properties>\n"
                     "  <sections><section id=\"main\"/></sections>\n"
                     "  <formats><format id=\"f\"><section ref=\"main\"/></format></formats>\n"
                     "  <statistics curve=\"text\"/>\n"
                     "</game>\n", 6, 3, "the property “text” is not of kind “int” or “cost”");
}

/* A deal states how a deck is dealt; a game without one whose table does
 * not draw has none. */
static void
test_deal_is_read (void)
{
  g_autoptr(DwGame) game = NULL;
  g_autoptr(DwGame) plain = NULL;
  g_autoptr(GError) error = NULL;
  const char *xml =
    "<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
    "  <types><type id=\"Unit\"/><type id=\"Land\"/></types>\n"
    "  <properties><property id=\"power\" kind=\"int\"/></properties>\n"
    "  <sections><section id=\"main\"/></sections>\n"
    "  <formats><format id=\"f\"><section ref=\"main\"/></format></formats>\n"
    "  <deal section=\"main\" opening-hand=\"6\" draw-per-turn=\"3\" first-draw=\"2\" play=\"Land\"\n"
    "        cost=\"power\" resource=\"vault\"/>\n"
    "  <statistics curve=\"power\" numbers=\"power\"/>\n"
    "</game>\n";
  const DwDeal *deal;

  game = dw_game_new_from_data (xml, strlen (xml), "mini.xml", &error);
  g_assert_no_error (error);
  deal = dw_game_get_deal (game);
  g_assert_nonnull (deal);
  g_assert_cmpint (deal->kind, ==, DW_DEAL_DRAW);
  g_assert_cmpstr (deal->section, ==, "main");
  g_assert_cmpuint (deal->hand_size, ==, 6);
  g_assert_cmpuint (deal->per_turn, ==, 3);
  g_assert_cmpuint (deal->first_draw, ==, 2);
  g_assert_cmpstr (deal->play_type, ==, "Land");
  g_assert_cmpstr (deal->cost, ==, "power");
  g_assert_cmpint (deal->resource, ==, DW_DEAL_RESOURCE_VAULT);
  g_assert_cmpuint (dw_deal_cards_seen (deal, 0), ==, 6);
  g_assert_cmpuint (dw_deal_cards_seen (deal, 1), ==, 6);
  g_assert_cmpuint (dw_deal_cards_seen (deal, 3), ==, 12);
  g_assert_cmpstr (dw_game_get_curve_property (game)->id, ==, "power");
  g_assert_cmpstr (dw_game_get_statistics_numbers (game)[0], ==, "power");
  g_assert_null (dw_game_get_statistics_numbers (game)[1]);

  plain = load_shipped_game ("arcmage");
  g_assert_cmpuint (dw_game_get_deal (plain)->hand_size, ==, 7);
  g_assert_cmpstr (dw_game_get_deal (plain)->play_type, ==, "Creature");
  g_clear_object (&plain);
  plain = load_shipped_game ("coraabia");
  g_assert_cmpint (dw_game_get_deal (plain)->kind, ==, DW_DEAL_REVEAL);
  g_assert_cmpstr (dw_game_get_deal (plain)->stop_type, ==, "Character");
  g_assert_null (dw_game_get_curve_property (plain));
  g_clear_object (&plain);

  /* Neither <deal> nor a <table> that draws: no deal, no curve. */
  {
    g_autoptr(GString) cut = g_string_new (xml);

    g_string_truncate (cut, (gsize) (strstr (xml, "  <deal") - xml));
    g_string_append (cut, "</game>\n");
    plain = dw_game_new_from_data (cut->str, cut->len, "cut.xml", &error);
    g_assert_no_error (error);
    g_assert_null (dw_game_get_deal (plain));
    g_assert_null (dw_game_get_curve_property (plain));
    g_assert_null (dw_game_get_statistics_numbers (plain)[0]);
  }
}

/* Every id and name a definition declares is non-empty and unique among
 * its kind; an empty or duplicate one is refused where it stands. */
static void
test_ids_and_names_are_unique_and_not_empty (void)
{
  assert_mini_error (3, "<type id=\" \"/>", "<type", "<type> needs the attribute “id”");
  assert_mini_error (3, "<type id=\"Unit\" name=\"\"/>", "<type", "the name of “Unit” is empty");
  assert_mini_error (6, "<property id=\"\" kind=\"int\"/>", "<property", "<property> needs the attribute “id”");
  assert_mini_error (6, "<property id=\"power\" kind=\"int\"/><property id=\"might\" name=\"power\" kind=\"int\"/>",
                     "<property", "two properties are named “power”");
  assert_mini_error (6, "<property id=\"power\" kind=\"int\"/><property id=\"power\" kind=\"int\"/>",
                     "<property", "the property “power” is defined twice");
  assert_mini_error (10, "<zone id=\"deck\" start=\"main\"/><zone id=\"hand\" name=\"deck\" row=\"1\"/>",
                     "<zone", "two zones are named “deck”");
  assert_mini_error (10, "<zone id=\"deck\" start=\"main\" name=\"  \"/><zone id=\"hand\" row=\"1\"/>",
                     "<zone", "the name of “deck” is empty");
  assert_mini_error (11, "<table><counter id=\"life\"/><counter id=\"mana\" name=\"life\"/></table>",
                     "<counter", "two counters are named “life”");
  assert_mini_error (11, "<table><counter id=\"life\" name=\"\"/></table>",
                     "<counter", "the name of “life” is empty");
  assert_mini_error (11, "<table><counter id=\"life\"/><counter id=\"life\"/></table>",
                     "<counter", "the counter “life” is defined twice");
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types><type id=\"Unit\"/></types>\n"
                     "  <properties/>\n"
                     "  <sections><section id=\"main\" name=\"Deck\"/>\n"
                     "    <section id=\"side\" name=\"Deck\"/></sections>\n"
                     "</game>\n", 5, 5, "two sections are named “Deck”");
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types><type id=\"Unit\"/></types>\n"
                     "  <properties/>\n"
                     "  <sections><section id=\"main\"/></sections>\n"
                     "  <formats>\n"
                     "    <format id=\"a\" name=\"Open\"><section ref=\"main\"/></format>\n"
                     "    <format id=\"b\" name=\"Open\"><section ref=\"main\"/></format>\n"
                     "  </formats>\n"
                     "</game>\n", 7, 5, "two formats are named “Open”");
  assert_game_error ("<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
                     "  <types><type id=\"Unit\"/></types>\n"
                     "  <properties/>\n"
                     "  <sections><section id=\"main\"/></sections>\n"
                     "  <formats>\n"
                     "    <format id=\"a\" name=\" \"><section ref=\"main\"/></format>\n"
                     "  </formats>\n"
                     "</game>\n", 6, 5, "the name of “a” is empty");
}

/* A counter's bounds hold its start and the value it returns to. */
static void
test_counter_bounds_are_checked (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwGame) game = NULL;
  const char *xml =
    "<game xmlns=\"urn:deckwright:game:1\" id=\"mini\">\n"
    "  <types><type id=\"Unit\"/></types>\n"
    "  <properties/>\n"
    "  <sections><section id=\"main\"/></sections>\n"
    "  <formats><format id=\"f\"><section ref=\"main\"/></format></formats>\n"
    "  <table><counter id=\"cores\" name=\"Cores\" start=\"3\" min=\"0\" max=\"9\" reset=\"3\"/>"
    "<counter id=\"life\" start=\"20\"/></table>\n"
    "</game>\n";
  const DwCounterDef *cores;
  const DwCounterDef *life;

  assert_mini_error (11, "<table><counter id=\"cores\" min=\"5\" max=\"2\" start=\"3\"/></table>",
                     "<counter", "the counter “cores” goes from 5 to 2");
  assert_mini_error (11, "<table><counter id=\"cores\" min=\"1\"/></table>",
                     "<counter", "the counter “cores” starts at 0, outside its “min” and “max”");
  assert_mini_error (11, "<table><counter id=\"cores\" max=\"9\" reset=\"10\"/></table>",
                     "<counter", "the counter “cores” returns to 10 each turn, outside its “min” and “max”");
  assert_mini_error (11, "<table><counter id=\"cores\" reset=\"many\"/></table>",
                     "<counter", "the attribute “reset” of <counter> must be a whole number");

  game = dw_game_new_from_data (xml, strlen (xml), "mini.xml", &error);
  g_assert_no_error (error);
  cores = &g_array_index (dw_game_get_table (game)->counters, DwCounterDef, 0);
  life = &g_array_index (dw_game_get_table (game)->counters, DwCounterDef, 1);
  g_assert_cmpstr (cores->name, ==, "Cores");
  g_assert_true (cores->has_min && cores->has_max && cores->has_reset);
  g_assert_cmpint (cores->min, ==, 0);
  g_assert_cmpint (cores->max, ==, 9);
  g_assert_cmpint (cores->reset, ==, 3);
  g_assert_false (life->has_min || life->has_max || life->has_reset);
  g_assert_cmpstr (life->name, ==, "life");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/shipped-arcmage-types-and-properties", test_shipped_arcmage_types_and_properties);
  g_test_add_func ("/game/b7-impossible-definitions-are-refused", test_b7_impossible_definitions_are_refused);
  g_test_add_func ("/game/b8-table-rules-are-bounded", test_b8_table_rules_are_bounded);
  g_test_add_func ("/game/deal-and-statistics-are-checked", test_deal_and_statistics_are_checked);
  g_test_add_func ("/game/deal-is-read", test_deal_is_read);
  g_test_add_func ("/game/ids-and-names-are-unique-and-not-empty", test_ids_and_names_are_unique_and_not_empty);
  g_test_add_func ("/game/counter-bounds-are-checked", test_counter_bounds_are_checked);
  g_test_add_func ("/game/shipped-coraabia-types-and-properties", test_shipped_coraabia_types_and_properties);
  g_test_add_func ("/game/shipped-sections-accept-their-types", test_shipped_sections);
  g_test_add_func ("/game/shipped-formats-and-defaults", test_shipped_formats);
  g_test_add_func ("/game/shipped-zones-follow-the-rules", test_shipped_zones);
  g_test_add_func ("/game/minimal-definition-takes-defaults", test_minimal_definition_takes_defaults);
  g_test_add_func ("/game/property-check-by-kind", test_property_check_by_kind);
  g_test_add_func ("/game/unknown-property-kind-is-refused", test_unknown_property_kind_is_refused);
  g_test_add_func ("/game/enum-without-values-is-refused", test_enum_without_values_is_refused);
  g_test_add_func ("/game/value-names", test_value_names);
  g_test_add_func ("/game/required-for-an-unknown-type-is-refused", test_required_for_an_unknown_type_is_refused);
  g_test_add_func ("/game/section-accepting-an-unknown-type-is-refused", test_section_accepting_an_unknown_type_is_refused);
  g_test_add_func ("/game/every-game-has-considering", test_every_game_has_considering);
  g_test_add_func ("/game/considering-cannot-be-declared-or-counted", test_considering_cannot_be_declared_or_counted);
  g_test_add_func ("/game/format-with-an-unknown-section-is-refused", test_format_with_an_unknown_section_is_refused);
  g_test_add_func ("/game/rule-without-a-code-is-refused", test_rule_without_a_code_is_refused);
  g_test_add_func ("/game/unknown-rule-element-is-refused", test_unknown_rule_element_is_refused);
  g_test_add_func ("/game/parts-out-of-order-are-refused", test_parts_out_of_order_are_refused);
  g_test_add_func ("/game/part-given-twice-is-refused", test_part_given_twice_is_refused);
  g_test_add_func ("/game/duplicate-format-id-is-refused", test_duplicate_format_id_is_refused);
  g_test_add_func ("/game/other-definition-mistakes-are-refused", test_other_definition_mistakes_are_refused);
  g_test_add_func ("/game/game-without-types-is-refused", test_game_without_types_is_refused);
  g_test_add_func ("/game/game-in-the-wrong-namespace-is-refused", test_game_in_the_wrong_namespace_is_refused);
  g_test_add_func ("/game/formats-file-adds-a-format", test_formats_file_adds_a_format);
  g_test_add_func ("/game/formats-file-for-an-unknown-game-is-refused", test_formats_file_for_an_unknown_game_is_refused);
  g_test_add_func ("/game/formats-file-with-a-taken-id-adds-nothing", test_formats_file_with_a_taken_id_adds_nothing);
  g_test_add_func ("/game/formats-file-with-a-bad-format-adds-nothing", test_formats_file_with_a_bad_format_adds_nothing);

  return g_test_run ();
}
