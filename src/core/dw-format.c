/* dw-format.c — reading a format's rules from its game definition
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-card.h"
#include "dw-format.h"
#include "dw-game-private.h"

struct _DwFormat
{
  GObject    parent_instance;

  char      *id;
  char      *name;
  char      *description;
  char      *game_id;
  gboolean   is_default;
  gboolean   project_choice;
  GArray    *sections;  /* DwFormatSection */
  GPtrArray *rules;     /* DwRule */
};

G_DEFINE_FINAL_TYPE (DwFormat, dw_format, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_DESCRIPTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
budget_part_free (DwBudgetPart *part)
{
  g_free (part->section);
  g_free (part->property);
  g_clear_pointer (&part->amounts, g_hash_table_unref);
  g_free (part);
}

static void
listed_card_free (DwListedCard *card)
{
  g_free (card->id);
  g_free (card->name);
  g_free (card->name_key);
  g_free (card);
}

static void
rule_free (DwRule *rule)
{
  g_free (rule->code);
  g_free (rule->section);
  g_free (rule->property);
  g_free (rule->type);
  g_free (rule->ignore);
  g_free (rule->override);
  g_clear_pointer (&rule->parts, g_ptr_array_unref);
  g_clear_pointer (&rule->cards, g_ptr_array_unref);
  g_free (rule);
}

static void
clear_format_section (DwFormatSection *section)
{
  g_strfreev (section->accepts);
}

static char **
split_types (const char *text)
{
  g_auto(GStrv) parts = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;

  if (text == NULL)
    return NULL;

  parts = g_strsplit_set (text, " \t\n", -1);
  builder = g_strv_builder_new ();
  for (guint i = 0; parts[i]; i++)
    if (*parts[i])
      g_strv_builder_add (builder, parts[i]);
  return g_strv_builder_end (builder);
}

static gboolean
check_section (DwFormat        *self,
               DwGame          *game,
               DwXmlReader     *reader,
               const DwXmlNode *node,
               const char      *section,
               GError         **error)
{
  if (section == NULL)
    return TRUE;
  if (dw_section_is_considering (section))
    {
      dw_game_node_error (reader, error, node,
                          _("no format counts “%s”: it holds the cards a player is still considering"),
                          section);
      return FALSE;
    }
  if (dw_game_lookup_section (game, section) == NULL)
    {
      dw_game_node_error (reader, error, node, _("“%s” is not a deck section of %s"),
                          section, dw_game_get_name (game));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_property (DwGame          *game,
                DwXmlReader     *reader,
                const DwXmlNode *node,
                const char      *property,
                GError         **error)
{
  if (property == NULL || dw_game_lookup_property (game, property) != NULL)
    return TRUE;

  dw_game_node_error (reader, error, node, _("“%s” is not a card property of %s"),
                      property, dw_game_get_name (game));
  return FALSE;
}

static gboolean
check_type (DwGame          *game,
            DwXmlReader     *reader,
            const DwXmlNode *node,
            const char      *type,
            GError         **error)
{
  if (type == NULL || dw_game_lookup_card_type (game, type) != NULL)
    return TRUE;

  dw_game_node_error (reader, error, node, _("“%s” is not a card type of %s"),
                      type, dw_game_get_name (game));
  return FALSE;
}

static gboolean
parse_section (DwFormat        *self,
               DwGame          *game,
               DwXmlReader     *reader,
               const DwXmlNode *node,
               GError         **error)
{
  DwFormatSection section = { 0 };
  const char *ref;

  if (!dw_game_node_attr_required (reader, node, "ref", &ref, error) ||
      !check_section (self, game, reader, node, ref, error) ||
      !dw_game_node_attr_int (reader, node, "min", -1, &section.min, error) ||
      !dw_game_node_attr_int (reader, node, "max", -1, &section.max, error))
    return FALSE;

  if (dw_format_lookup_section (self, ref) != NULL)
    {
      dw_game_node_error (reader, error, node, _("the section “%s” appears twice in the format"), ref);
      return FALSE;
    }
  /* Left out, a bound is -1; written, it counts cards (issue 20, B7). */
  if ((dw_xml_node_get_attribute (node, "min") != NULL && section.min < 0) ||
      (dw_xml_node_get_attribute (node, "max") != NULL && section.max < 0))
    {
      dw_game_node_error (reader, error, node, _("the section “%s” counts cards, so its “min” and “max” "
                                                 "cannot be negative"), ref);
      return FALSE;
    }
  if (section.min >= 0 && section.max >= 0 && section.min > section.max)
    {
      dw_game_node_error (reader, error, node, _("the section “%s” needs at least %d cards but holds at "
                                                 "most %d; no deck could be legal"),
                          ref, (int) section.min, (int) section.max);
      return FALSE;
    }

  section.id = g_intern_string (ref);
  section.accepts = split_types (dw_xml_node_get_attribute (node, "accepts"));
  for (guint i = 0; section.accepts && section.accepts[i]; i++)
    if (!check_type (game, reader, node, section.accepts[i], error))
      {
        clear_format_section (&section);
        return FALSE;
      }

  g_array_append_val (self->sections, section);
  return TRUE;
}

static gboolean
parse_severity (DwXmlReader     *reader,
                const DwXmlNode *node,
                DwSeverity      *severity,
                GError         **error)
{
  const char *text = dw_xml_node_get_attribute (node, "severity");

  if (text == NULL || strcmp (text, "error") == 0)
    *severity = DW_SEVERITY_ERROR;
  else if (strcmp (text, "warning") == 0)
    *severity = DW_SEVERITY_WARNING;
  else
    {
      dw_game_node_error (reader, error, node, _("severity is “error” or “warning”, not “%s”"), text);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_budget_parts (DwRule          *rule,
                    DwGame          *game,
                    DwXmlReader     *reader,
                    const DwXmlNode *node,
                    GError         **error)
{
  rule->parts = g_ptr_array_new_with_free_func ((GDestroyNotify) budget_part_free);

  for (guint i = 0; i < node->children->len; i++)
    {
      const DwXmlNode *child = g_ptr_array_index (node->children, i);
      gboolean by_value = dw_game_node_is (child, "by-value");
      DwBudgetPart *part;
      const char *property;

      if (!by_value && !dw_game_node_is (child, "by-number"))
        continue;
      if (!dw_game_node_attr_required (reader, child, "property", &property, error) ||
          !check_property (game, reader, child, property, error))
        return FALSE;

      part = g_new0 (DwBudgetPart, 1);
      g_ptr_array_add (rule->parts, part);
      part->property = g_strdup (property);
      part->section = g_strdup (dw_xml_node_get_attribute (child, "section"));
      if (!check_section (NULL, game, reader, child, part->section, error))
        return FALSE;

      if (!by_value)
        continue;

      part->amounts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      for (guint j = 0; j < child->children->len; j++)
        {
          const DwXmlNode *cost = g_ptr_array_index (child->children, j);
          const char *value;
          gint64 amount;

          if (!dw_game_node_is (cost, "cost"))
            continue;
          if (!dw_game_node_attr_required (reader, cost, "value", &value, error) ||
              !dw_game_node_attr_int (reader, cost, "amount", 0, &amount, error))
            return FALSE;
          g_hash_table_insert (part->amounts, g_strdup (value), GINT_TO_POINTER ((int) amount));
        }
    }

  if (rule->parts->len == 0)
    {
      dw_game_node_error (reader, error, node, _("a <budget> needs at least one <by-value> or <by-number>"));
      return FALSE;
    }
  return TRUE;
}

/* <card id="…"/>, <card name="…"/> (a restricted one may carry its own
 * "limit"): the cards of a <banned> or <restricted> list. */
static gboolean
parse_listed_cards (DwRule          *rule,
                    DwXmlReader     *reader,
                    const DwXmlNode *node,
                    GError         **error)
{
  rule->cards = g_ptr_array_new_with_free_func ((GDestroyNotify) listed_card_free);

  for (guint i = 0; i < node->children->len; i++)
    {
      const DwXmlNode *child = g_ptr_array_index (node->children, i);
      const char *id, *name;
      DwListedCard *card;

      if (!dw_game_node_is (child, "card"))
        continue;
      id = dw_xml_node_get_attribute (child, "id");
      name = dw_xml_node_get_attribute (child, "name");
      if ((id == NULL || *id == '\0') && (name == NULL || *name == '\0'))
        {
          dw_game_node_error (reader, error, child, _("a <card> of <%s> needs an “id” or a “name”"),
                              node->name);
          return FALSE;
        }

      card = g_new0 (DwListedCard, 1);
      g_ptr_array_add (rule->cards, card);
      card->id = (id && *id) ? g_strdup (id) : NULL;
      card->name = (name && *name) ? g_strdup (name) : NULL;
      card->name_key = card->name ? dw_card_name_key (card->name) : NULL;
      card->limit = rule->max;
      if (rule->kind == DW_RULE_RESTRICTED &&
          !dw_game_node_attr_int (reader, child, "limit", rule->max, &card->limit, error))
        return FALSE;
      if (card->limit < 0)
        {
          dw_game_node_error (reader, error, child, _("a restricted card's “limit” cannot be below 0"));
          return FALSE;
        }
    }

  if (rule->cards->len == 0)
    {
      dw_game_node_error (reader, error, node, _("a <%s> list needs at least one <card>"), node->name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_copy_match (DwXmlReader     *reader,
                  const DwXmlNode *node,
                  DwCopyMatch     *match,
                  GError         **error)
{
  const char *text = dw_xml_node_get_attribute (node, "match");

  if (text == NULL || strcmp (text, "id-or-name") == 0)
    *match = DW_COPY_MATCH_ID_OR_NAME;
  else if (strcmp (text, "id") == 0)
    *match = DW_COPY_MATCH_ID;
  else if (strcmp (text, "name") == 0)
    *match = DW_COPY_MATCH_NAME;
  else
    {
      dw_game_node_error (reader, error, node, _("copies match by “id”, “name” or “id-or-name”, not “%s”"),
                          text);
      return FALSE;
    }
  return TRUE;
}

static const struct {
  const char *element;
  DwRuleKind  kind;
  const char *default_code;
} rule_elements[] = {
  { "copies", DW_RULE_COPIES, "copy-limit" },
  { "same-value", DW_RULE_SAME_VALUE, NULL },
  { "ordered", DW_RULE_ORDERED, NULL },
  { "share", DW_RULE_SHARE, NULL },
  { "distinct-values", DW_RULE_DISTINCT_VALUES, NULL },
  { "type-count", DW_RULE_TYPE_COUNT, NULL },
  { "budget", DW_RULE_BUDGET, NULL },
  { "banned", DW_RULE_BANNED, "banned" },
  { "restricted", DW_RULE_RESTRICTED, "restricted" },
};

static DwRule *
parse_rule (DwGame          *game,
            DwXmlReader     *reader,
            const DwXmlNode *node,
            guint            which,
            GError         **error)
{
  g_autoptr(GError) local_error = NULL;
  DwRule *rule = g_new0 (DwRule, 1);
  const char *code = dw_xml_node_get_attribute (node, "code") ?: rule_elements[which].default_code;
  const char *min_attr = rule_elements[which].kind == DW_RULE_SHARE ? "min-percent" : "min";
  const char *max_attr = rule_elements[which].kind == DW_RULE_SHARE ? "max-percent" : "max";
  gint64 limit;

  rule->kind = rule_elements[which].kind;
  rule->code = g_strdup (code);
  rule->section = g_strdup (dw_xml_node_get_attribute (node, "section"));
  rule->property = g_strdup (dw_xml_node_get_attribute (node, "property"));
  rule->type = g_strdup (dw_xml_node_get_attribute (node, "type"));
  rule->ignore = g_strdup (dw_xml_node_get_attribute (node, "ignore"));
  rule->override = g_strdup (dw_xml_node_get_attribute (node, "override"));

  if (code == NULL || *code == '\0')
    dw_game_node_error (reader, &local_error, node, _("<%s> needs a problem “code”"), node->name);
  else if (parse_severity (reader, node, &rule->severity, &local_error) &&
           dw_game_node_attr_int (reader, node, min_attr, -1, &rule->min, &local_error) &&
           dw_game_node_attr_int (reader, node, max_attr, -1, &rule->max, &local_error) &&
           dw_game_node_attr_int (reader, node, "limit", -1, &limit, &local_error) &&
           dw_game_node_attr_bool (reader, node, "distinct", &rule->distinct, &local_error) &&
           parse_copy_match (reader, node, &rule->match, &local_error) &&
           check_section (NULL, game, reader, node, rule->section, &local_error) &&
           check_property (game, reader, node, rule->property, &local_error) &&
           check_property (game, reader, node, rule->override, &local_error) &&
           check_type (game, reader, node, rule->type, &local_error))
    {
      switch (rule->kind)
        {
        case DW_RULE_COPIES:
          if (limit < 1)
            dw_game_node_error (reader, &local_error, node, _("<copies> needs a “limit” of at least 1"));
          rule->max = limit;
          break;
        case DW_RULE_SAME_VALUE:
        case DW_RULE_ORDERED:
        case DW_RULE_DISTINCT_VALUES:
          if (rule->property == NULL)
            dw_game_node_error (reader, &local_error, node, _("<%s> needs a “property”"), node->name);
          else if (rule->kind == DW_RULE_ORDERED &&
                   dw_game_lookup_property (game, rule->property)->kind != DW_PROPERTY_ENUM)
            dw_game_node_error (reader, &local_error, node,
                                _("<ordered> follows the printed order of an enum property; “%s” is not one"),
                                rule->property);
          else if (rule->kind == DW_RULE_DISTINCT_VALUES && rule->max < 0)
            dw_game_node_error (reader, &local_error, node, _("<distinct-values> needs a “max”"));
          break;
        case DW_RULE_SHARE:
        case DW_RULE_TYPE_COUNT:
          if (rule->type == NULL)
            dw_game_node_error (reader, &local_error, node, _("<%s> needs a card “type”"), node->name);
          break;
        case DW_RULE_BUDGET:
          if (rule->max < 0)
            dw_game_node_error (reader, &local_error, node, _("<budget> needs a “max”"));
          else
            parse_budget_parts (rule, game, reader, node, &local_error);
          break;
        case DW_RULE_BANNED:
          rule->max = 0;
          parse_listed_cards (rule, reader, node, &local_error);
          break;
        case DW_RULE_RESTRICTED:
          rule->max = limit < 0 ? 1 : limit;
          parse_listed_cards (rule, reader, node, &local_error);
          break;
        default:
          g_assert_not_reached ();
        }
    }

  if (local_error != NULL)
    {
      rule_free (rule);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  return rule;
}

static void
dw_format_finalize (GObject *object)
{
  DwFormat *self = DW_FORMAT (object);

  g_free (self->id);
  g_free (self->name);
  g_free (self->description);
  g_free (self->game_id);
  g_array_unref (self->sections);
  g_ptr_array_unref (self->rules);

  G_OBJECT_CLASS (dw_format_parent_class)->finalize (object);
}

static void
dw_format_get_gproperty (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  DwFormat *self = DW_FORMAT (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_DESCRIPTION:
      g_value_set_string (value, self->description);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_format_class_init (DwFormatClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dw_format_finalize;
  object_class->get_property = dw_format_get_gproperty;

  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dw_format_init (DwFormat *self)
{
  self->sections = g_array_new (FALSE, TRUE, sizeof (DwFormatSection));
  g_array_set_clear_func (self->sections, (GDestroyNotify) clear_format_section);
  self->rules = g_ptr_array_new_with_free_func ((GDestroyNotify) rule_free);
}

/* Normalises the whitespace of a description written across lines. */
static char *
collapse_whitespace (const char *text)
{
  g_auto(GStrv) words = g_strsplit_set (text, " \t\r\n", -1);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; words[i]; i++)
    if (*words[i])
      {
        if (out->len)
          g_string_append_c (out, ' ');
        g_string_append (out, words[i]);
      }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

DwFormat *
dw_format_parse (DwGame           *game,
                 DwXmlReader      *reader,
                 const DwXmlNode  *node,
                 GError          **error)
{
  g_autoptr(DwFormat) self = g_object_new (DW_TYPE_FORMAT, NULL);
  const char *id;

  if (!dw_game_node_attr_required (reader, node, "id", &id, error) ||
      !dw_game_node_attr_bool (reader, node, "default", &self->is_default, error) ||
      !dw_game_node_attr_bool (reader, node, "project-choice", &self->project_choice, error))
    return NULL;

  self->id = g_strdup (id);
  self->name = g_strdup (dw_xml_node_get_attribute (node, "name") ?: id);
  self->game_id = g_strdup (dw_game_get_id (game));
  self->description = g_strdup ("");

  for (guint i = 0; i < node->children->len; i++)
    {
      const DwXmlNode *child = g_ptr_array_index (node->children, i);
      gboolean known = FALSE;

      if (child->kind != DW_XML_NODE_ELEMENT || child->ns != g_intern_static_string (DW_GAME_NS))
        continue;

      if (dw_game_node_is (child, "description"))
        {
          g_autofree char *text = dw_xml_node_get_text (child);
          g_free (self->description);
          self->description = collapse_whitespace (text);
          continue;
        }

      if (dw_game_node_is (child, "section"))
        {
          if (!parse_section (self, game, reader, child, error))
            return NULL;
          continue;
        }

      for (guint j = 0; j < G_N_ELEMENTS (rule_elements); j++)
        if (dw_game_node_is (child, rule_elements[j].element))
          {
            DwRule *rule = parse_rule (game, reader, child, j, error);

            if (rule == NULL)
              return NULL;
            g_ptr_array_add (self->rules, rule);
            known = TRUE;
            break;
          }

      if (!known)
        {
          dw_game_node_error (reader, error, child, _("<%s> is not a rule Deckwright knows"), child->name);
          return NULL;
        }
    }

  if (self->sections->len == 0)
    {
      dw_game_node_error (reader, error, node, _("the format “%s” uses no deck section"), id);
      return NULL;
    }

  return g_steal_pointer (&self);
}

const char *
dw_format_get_id (DwFormat *self)
{
  g_return_val_if_fail (DW_IS_FORMAT (self), NULL);
  return self->id;
}

const char *
dw_format_get_name (DwFormat *self)
{
  g_return_val_if_fail (DW_IS_FORMAT (self), NULL);
  return self->name;
}

const char *
dw_format_get_description (DwFormat *self)
{
  g_return_val_if_fail (DW_IS_FORMAT (self), NULL);
  return self->description;
}

const char *
dw_format_get_game_id (DwFormat *self)
{
  g_return_val_if_fail (DW_IS_FORMAT (self), NULL);
  return self->game_id;
}

gboolean
dw_format_is_default (DwFormat *self)
{
  g_return_val_if_fail (DW_IS_FORMAT (self), FALSE);
  return self->is_default;
}

/* TRUE when the format's limits are Deckwright's own choice rather than a
 * published rule; the UI says so. */
gboolean
dw_format_is_project_choice (DwFormat *self)
{
  g_return_val_if_fail (DW_IS_FORMAT (self), FALSE);
  return self->project_choice;
}

guint
dw_format_get_n_sections (DwFormat *self)
{
  return self->sections->len;
}

const DwFormatSection *
dw_format_get_section (DwFormat *self,
                       guint     index)
{
  g_return_val_if_fail (index < self->sections->len, NULL);
  return &g_array_index (self->sections, DwFormatSection, index);
}

const DwFormatSection *
dw_format_lookup_section (DwFormat   *self,
                          const char *id)
{
  for (guint i = 0; id && i < self->sections->len; i++)
    {
      const DwFormatSection *section = &g_array_index (self->sections, DwFormatSection, i);
      if (strcmp (section->id, id) == 0)
        return section;
    }
  return NULL;
}

guint
dw_format_get_n_rules (DwFormat *self)
{
  return self->rules->len;
}

const DwRule *
dw_format_get_rule (DwFormat *self,
                    guint     index)
{
  g_return_val_if_fail (index < self->rules->len, NULL);
  return g_ptr_array_index (self->rules, index);
}
