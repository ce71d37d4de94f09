/* dw-query-parse.c — parsing the search language
 *
 * The grammar in dw-query.c, by recursive descent over dw-query-lex.c's
 * tokens, resolving each field against the game and flattening the tree as
 * it goes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-query-private.h"

/* Fields */

typedef enum
{
  FIELD_NAME,
  FIELD_TYPE,
  FIELD_ID,
  FIELD_SET,
  FIELD_PROPERTY,
} FieldKind;

static const char * const builtin_fields[] = { "name", "type", "id", "set" };

/* The word a player would type for a property: its display name when
 * that is one word (“atk” for ATK), else its id. */
static char *
property_alias (const DwPropertyDef *def)
{
  const char *name = def->name;

  for (const char *p = name; *p; p = g_utf8_next_char (p))
    if (g_unichar_isspace (g_utf8_get_char (p)))
      return g_strdup (def->id);
  return g_utf8_casefold (name, -1);
}

static gboolean
resolve_field (DwGame               *game,
               const char           *typed,
               FieldKind            *kind,
               const DwPropertyDef **def)
{
  g_autofree char *folded = g_utf8_casefold (typed, -1);
  guint n = dw_game_get_n_properties (game);

  *def = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (builtin_fields); i++)
    if (strcmp (folded, builtin_fields[i]) == 0)
      {
        *kind = (FieldKind) i;
        return TRUE;
      }

  /* Ids first, so that a display name can never hide another property's id. */
  *kind = FIELD_PROPERTY;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *id = g_utf8_casefold (dw_game_get_property (game, i)->id, -1);

      if (strcmp (folded, id) == 0)
        {
          *def = dw_game_get_property (game, i);
          return TRUE;
        }
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_utf8_casefold (dw_game_get_property (game, i)->name, -1);

      if (strcmp (folded, name) == 0)
        {
          *def = dw_game_get_property (game, i);
          return TRUE;
        }
    }
  return FALSE;
}

static guint
edit_distance (const char *a,
               const char *b)
{
  g_autofree gunichar *s = g_utf8_to_ucs4_fast (a, -1, NULL);
  g_autofree gunichar *t = g_utf8_to_ucs4_fast (b, -1, NULL);
  g_autofree guint *row = NULL;
  guint m = 0;
  guint n = 0;

  while (s[m] && m < 64)
    m++;
  while (t[n] && n < 64)
    n++;

  row = g_new (guint, n + 1);
  for (guint j = 0; j <= n; j++)
    row[j] = j;
  for (guint i = 1; i <= m; i++)
    {
      guint diagonal = row[0];

      row[0] = i;
      for (guint j = 1; j <= n; j++)
        {
          guint above = row[j];

          row[j] = MIN (MIN (row[j] + 1, row[j - 1] + 1), diagonal + (s[i - 1] != t[j - 1]));
          diagonal = above;
        }
    }
  return row[n];
}

/* The field the player most likely meant: a near miss (“atack”) or the
 * start of one (“fac”), or NULL when nothing is close. */
static char *
suggest_field (DwGame     *game,
               const char *typed)
{
  g_autofree char *folded = g_utf8_casefold (typed, -1);
  g_autoptr(GPtrArray) candidates = g_ptr_array_new_with_free_func (g_free);
  guint length = g_utf8_strlen (folded, -1);
  guint allowed = length <= 4 ? 1 : 2;
  const char *best = NULL;
  guint best_score = G_MAXUINT;

  for (guint i = 0; i < G_N_ELEMENTS (builtin_fields); i++)
    g_ptr_array_add (candidates, g_strdup (builtin_fields[i]));
  for (guint i = 0; i < dw_game_get_n_properties (game); i++)
    {
      const DwPropertyDef *def = dw_game_get_property (game, i);

      g_ptr_array_add (candidates, g_utf8_casefold (def->id, -1));
      g_ptr_array_add (candidates, property_alias (def));
    }

  for (guint i = 0; i < candidates->len; i++)
    {
      const char *candidate = g_ptr_array_index (candidates, i);
      guint score = edit_distance (folded, candidate);

      if (length >= 2 && g_str_has_prefix (candidate, folded))
        score = MIN (score, 1);
      if (score <= allowed && score < best_score)
        {
          best = candidate;
          best_score = score;
        }
    }

  return g_strdup (best);
}

static gpointer
unknown_field (Parser  *self,
               GError **error)
{
  Token *token = &self->token;
  g_autofree char *suggestion = suggest_field (self->game, token->field);
  g_autoptr(GString) some = g_string_new (NULL);
  guint n = dw_game_get_n_properties (self->game);
  guint listed = 0;
  gboolean more = FALSE;

  if (suggestion != NULL)
    return dw_query_set_error (error, DW_QUERY_ERROR_UNKNOWN_FIELD, token->start, token->op_start,
                      _("no card property “%s”; did you mean “%s”?"), token->field, suggestion);

  for (guint i = 0; i < n; i++)
    {
      const DwPropertyDef *def = dw_game_get_property (self->game, i);
      g_autofree char *alias = NULL;

      if (def->kind == DW_PROPERTY_ELEMENT)
        continue;
      if (listed == N_SUGGESTED)
        {
          more = TRUE;
          break;
        }
      alias = property_alias (def);
      g_string_append_printf (some, "%s%s", listed ? ", " : "", alias);
      listed++;
    }
  if (more)
    g_string_append (some, "…");

  return dw_query_set_error (error, DW_QUERY_ERROR_UNKNOWN_FIELD, token->start, token->op_start,
                    _("no card property “%s” in %s; try %s"),
                    token->field, dw_game_get_name (self->game), some->str);
}

static Node *
text_node (NodeKind    kind,
           const char *field,
           const char *value)
{
  Node *node = dw_query_node_new (kind);

  node->field = field;
  node->needle = dw_query_fold_simple (value, &node->chars, &node->n_chars);
  if (kind == NODE_TEXT && node->n_chars > 0)
    node->stops = dw_query_stop_bytes (node->chars[0]);
  return node;
}

static Node *
name_node (const char *value)
{
  Node *node = dw_query_node_new (NODE_NAME);

  node->needle = dw_query_fold_name (value);
  node->needle_length = strlen (node->needle);
  return node;
}

static Node *
enum_node (Parser              *self,
           const DwPropertyDef *def,
           GError             **error)
{
  Token *token = &self->token;
  g_autoptr(Node) node = dw_query_node_new (NODE_ENUM);
  g_autoptr(GPtrArray) values = g_ptr_array_new ();

  node->field = def->id;
  node->needle = dw_query_fold_name (token->text);
  for (guint i = 0; def->values && def->values[i]; i++)
    {
      g_autofree char *value = dw_query_fold_name (def->values[i]);

      if (g_str_has_prefix (value, node->needle))
        g_ptr_array_add (values, def->values[i]);
    }

  if (values->len == 0)
    {
      g_autofree char *allowed = def->values ? g_strjoinv (", ", def->values) : g_strdup ("");

      return dw_query_set_error (error, DW_QUERY_ERROR_UNKNOWN_VALUE, token->value_start, token->end,
                        _("%s has no value “%s”; try %s"), def->name, token->text, allowed);
    }

  g_ptr_array_add (values, NULL);
  node->values = (const char **) g_ptr_array_steal (values, NULL);
  return g_steal_pointer (&node);
}

static Node *
type_node (Parser  *self,
           GError **error)
{
  Token *token = &self->token;
  g_autoptr(Node) node = dw_query_node_new (NODE_TYPE);
  g_autoptr(GPtrArray) values = g_ptr_array_new ();
  guint n = dw_game_get_n_types (self->game);

  node->field = g_intern_static_string ("type");
  node->needle = dw_query_fold_name (token->text);
  for (guint i = 0; i < n; i++)
    {
      const DwCardTypeDef *def = dw_game_get_card_type_def (self->game, i);
      g_autofree char *id = dw_query_fold_name (def->id);
      g_autofree char *name = dw_query_fold_name (def->name);

      if (g_str_has_prefix (id, node->needle) || g_str_has_prefix (name, node->needle))
        g_ptr_array_add (values, (gpointer) def->id);
    }

  if (values->len == 0)
    {
      g_autoptr(GString) allowed = g_string_new (NULL);

      for (guint i = 0; i < n; i++)
        g_string_append_printf (allowed, "%s%s", i ? ", " : "",
                                dw_game_get_card_type_def (self->game, i)->name);
      return dw_query_set_error (error, DW_QUERY_ERROR_UNKNOWN_VALUE, token->value_start, token->end,
                        _("no card type “%s” in %s; try %s"),
                        token->text, dw_game_get_name (self->game), allowed->str);
    }

  g_ptr_array_add (values, NULL);
  node->values = (const char **) g_ptr_array_steal (values, NULL);
  return g_steal_pointer (&node);
}

/* A number term: field=n (or field:n) and the four comparisons, kept as
 * the closed range of values they accept so that comparing two queries is
 * comparing ranges.  Numbers are those of a card (32 bits), so the range
 * ends never overflow. */
static Node *
number_node (Parser              *self,
             const DwPropertyDef *def,
             gint64               number)
{
  Node *node = dw_query_node_new (NODE_NUMBER);

  node->field = def->id;
  node->op = self->token.op == OP_COLON ? OP_EQUAL : self->token.op;
  node->number = number;
  node->min = G_MININT64;
  node->max = G_MAXINT64;
  switch (node->op)
    {
    case OP_LESS:
      node->max = number - 1;
      break;
    case OP_LESS_EQUAL:
      node->max = number;
      break;
    case OP_GREATER:
      node->min = number + 1;
      break;
    case OP_GREATER_EQUAL:
      node->min = number;
      break;
    case OP_COLON:
    case OP_EQUAL:
    default:
      node->min = node->max = number;
      break;
    }
  return node;
}

/* A cost that is not a number (X, X+1, T-2, S), matched by its text. */
static Node *
cost_text_node (Parser              *self,
                const DwPropertyDef *def,
                GError             **error)
{
  Token *token = &self->token;
  g_autofree char *upper = g_ascii_strup (token->text, -1);
  g_autofree char *reason = NULL;
  Node *node;

  if (!dw_property_def_check (def, upper, &reason))
    return dw_query_set_error (error, DW_QUERY_ERROR_UNKNOWN_VALUE, token->value_start, token->end,
                      _("%s must be a number, X, X+n, T, T-n or S, not “%s”"),
                      def->name, token->text);

  node = dw_query_node_new (NODE_COST_TEXT);
  node->field = def->id;
  node->needle = g_steal_pointer (&upper);
  return node;
}

static Node *
parse_field (Parser  *self,
             GError **error)
{
  Token *token = &self->token;
  const char *op = dw_query_op_text[token->op];
  const DwPropertyDef *def = NULL;
  g_autoptr(GError) number_error = NULL;
  FieldKind kind;
  gboolean numeric;
  gint64 number;

  if (*token->field == '\0')
    return dw_query_set_error (error, DW_QUERY_ERROR_UNKNOWN_FIELD, token->op_start, token->value_start,
                      _("“%s” needs a card property before it, as in “cost%s3”"), op, op);

  if (!resolve_field (self->game, token->field, &kind, &def))
    return unknown_field (self, error);

  if (token->text == NULL || *token->text == '\0')
    return dw_query_set_error (error, DW_QUERY_ERROR_MISSING_VALUE, token->start, token->end,
                      _("“%s%s” needs a value after it"), token->field, op);

  numeric = def != NULL && (def->kind == DW_PROPERTY_INT || def->kind == DW_PROPERTY_COST);
  if (token->op != OP_COLON && !numeric)
    {
      g_autofree char *field = g_utf8_casefold (token->field, -1);

      return dw_query_set_error (error, DW_QUERY_ERROR_NOT_NUMERIC, token->op_start, token->value_start,
                        _("%s is not a number, so “%s” cannot compare it; search it with %s:…"),
                        def ? def->name : token->field, op, field);
    }

  switch (kind)
    {
    case FIELD_NAME:
      return name_node (token->text);
    case FIELD_TYPE:
      return type_node (self, error);
    case FIELD_ID:
      return text_node (NODE_ID, g_intern_static_string ("id"), token->text);
    case FIELD_SET:
      return text_node (NODE_SET, g_intern_static_string ("set"), token->text);
    case FIELD_PROPERTY:
    default:
      break;
    }

  switch (def->kind)
    {
    case DW_PROPERTY_ENUM:
      return enum_node (self, def, error);

    case DW_PROPERTY_INT:
    case DW_PROPERTY_COST:
      if (g_ascii_string_to_signed (token->text, 10, G_MININT32, G_MAXINT32, &number, &number_error))
        return number_node (self, def, number);

      if (g_error_matches (number_error, G_NUMBER_PARSER_ERROR, G_NUMBER_PARSER_ERROR_OUT_OF_BOUNDS))
        return dw_query_set_error (error, DW_QUERY_ERROR_BAD_NUMBER, token->value_start, token->end,
                          _("“%s” is too large a number for %s"), token->text, def->name);
      /* cost:X is the one way to find the costs that are not numbers. */
      if (def->kind == DW_PROPERTY_COST && (token->op == OP_COLON || token->op == OP_EQUAL))
        return cost_text_node (self, def, error);
      return dw_query_set_error (error, DW_QUERY_ERROR_BAD_NUMBER, token->value_start, token->end,
                        _("“%s%s” needs a whole number, not “%s”"), token->field, op, token->text);

    case DW_PROPERTY_TEXT:
    case DW_PROPERTY_ELEMENT:
    default:
      return text_node (NODE_TEXT, def->id, token->text);
    }
}

static gboolean
starts_operand (TokenKind kind)
{
  return kind == TOKEN_WORD || kind == TOKEN_PHRASE || kind == TOKEN_FIELD ||
         kind == TOKEN_OPEN || kind == TOKEN_MINUS || kind == TOKEN_NOT;
}

static gpointer
dangling (TokenKind   kind,
          guint       start,
          guint       end,
          GError    **error)
{
  switch (kind)
    {
    case TOKEN_OR:
      return dw_query_set_error (error, DW_QUERY_ERROR_DANGLING_OPERATOR, start, end,
                        _("“OR” needs a search on each side"));
    case TOKEN_AND:
      return dw_query_set_error (error, DW_QUERY_ERROR_DANGLING_OPERATOR, start, end,
                        _("“AND” needs a search on each side"));
    case TOKEN_NOT:
      return dw_query_set_error (error, DW_QUERY_ERROR_DANGLING_OPERATOR, start, end,
                        _("“NOT” needs a search after it"));
    case TOKEN_MINUS:
      return dw_query_set_error (error, DW_QUERY_ERROR_DANGLING_OPERATOR, start, end,
                        _("“-” needs a search right after it, as in “-type:region”"));
    case TOKEN_END:
    case TOKEN_WORD:
    case TOKEN_PHRASE:
    case TOKEN_FIELD:
    case TOKEN_OPEN:
    case TOKEN_CLOSE:
    default:
      return dw_query_set_error (error, DW_QUERY_ERROR_EMPTY, start, end, _("nothing to search for"));
    }
}

static Node *
parse_primary (Parser  *self,
               guint    depth,
               GError **error)
{
  Token *token = &self->token;
  g_autoptr(Node) node = NULL;
  guint start = token->start;
  guint end = token->end;

  switch (token->kind)
    {
    case TOKEN_OPEN:
      if (depth >= MAX_DEPTH)
        return dw_query_set_error (error, DW_QUERY_ERROR_TOO_DEEP, start, end,
                          _("the search nests too deeply at %u"), start + 1);
      if (!dw_query_advance (self, error))
        return NULL;
      if (token->kind == TOKEN_CLOSE)
        return dw_query_set_error (error, DW_QUERY_ERROR_EMPTY, start, token->end,
                          _("the parentheses at %u hold nothing to search for"), start + 1);
      if (token->kind != TOKEN_END)
        {
          node = dw_query_parse_or (self, depth + 1, error);
          if (node == NULL)
            return NULL;
        }
      /* dw_query_parse_or() stops only at “)” or at the end. */
      if (token->kind != TOKEN_CLOSE)
        return dw_query_set_error (error, DW_QUERY_ERROR_UNBALANCED, start, end,
                          _("“(” at %u is never closed"), start + 1);
      break;

    case TOKEN_WORD:
      node = name_node (token->text);
      break;

    case TOKEN_PHRASE:
      if (*token->text == '\0')
        return dw_query_set_error (error, DW_QUERY_ERROR_EMPTY, start, end,
                          _("the quotes at %u hold nothing to search for"), start + 1);
      node = name_node (token->text);
      break;

    case TOKEN_FIELD:
      node = parse_field (self, error);
      if (node == NULL)
        return NULL;
      break;

    case TOKEN_CLOSE:
      return dw_query_set_error (error, DW_QUERY_ERROR_UNBALANCED, start, end,
                        _("“)” at %u has no “(” to close"), start + 1);

    case TOKEN_END:
    case TOKEN_MINUS:
    case TOKEN_NOT:
    case TOKEN_AND:
    case TOKEN_OR:
    default:
      return dangling (token->kind, start, end, error);
    }

  if (!dw_query_advance (self, error))
    return NULL;
  return g_steal_pointer (&node);
}

static Node *
parse_unary (Parser  *self,
             guint    depth,
             GError **error)
{
  Token *token = &self->token;
  TokenKind kind = token->kind;
  guint start = token->start;
  guint end = token->end;
  Node *operand;

  if (kind != TOKEN_MINUS && kind != TOKEN_NOT)
    return parse_primary (self, depth, error);

  if (depth >= MAX_DEPTH)
    return dw_query_set_error (error, DW_QUERY_ERROR_TOO_DEEP, start, end,
                      _("the search nests too deeply at %u"), start + 1);
  /* “- a” is more likely a stray dash than a negation. */
  if (kind == TOKEN_MINUS && !token->attached)
    return dangling (kind, start, end, error);
  if (!dw_query_advance (self, error))
    return NULL;
  if (!starts_operand (token->kind))
    return dangling (kind, start, end, error);

  operand = parse_unary (self, depth + 1, error);
  return operand ? dw_query_node_negate (operand) : NULL;
}

static Node *
parse_and (Parser  *self,
           guint    depth,
           GError **error)
{
  Token *token = &self->token;
  g_autoptr(Node) node = parse_unary (self, depth, error);

  if (node == NULL)
    return NULL;

  for (;;)
    {
      Node *right;

      if (token->kind == TOKEN_AND)
        {
          guint start = token->start;
          guint end = token->end;

          if (!dw_query_advance (self, error))
            return NULL;
          if (!starts_operand (token->kind))
            return dangling (TOKEN_AND, start, end, error);
        }
      else if (!starts_operand (token->kind))
        break;

      right = parse_unary (self, depth, error);
      if (right == NULL)
        return NULL;
      node = dw_query_node_combine (NODE_AND, g_steal_pointer (&node), right);
    }

  return g_steal_pointer (&node);
}

Node *
dw_query_parse_or (Parser  *self,
                   guint    depth,
                   GError **error)
{
  Token *token = &self->token;
  g_autoptr(Node) node = parse_and (self, depth, error);

  if (node == NULL)
    return NULL;

  while (token->kind == TOKEN_OR)
    {
      guint start = token->start;
      guint end = token->end;
      Node *right;

      if (!dw_query_advance (self, error))
        return NULL;
      if (!starts_operand (token->kind))
        return dangling (TOKEN_OR, start, end, error);

      right = parse_and (self, depth, error);
      if (right == NULL)
        return NULL;
      node = dw_query_node_combine (NODE_OR, g_steal_pointer (&node), right);
    }

  return g_steal_pointer (&node);
}
