/* dw-query.c — parsing and matching the card browser's search language
 *
 * Grammar (EBNF; whitespace separates tokens and is otherwise ignored):
 *
 *   query    = [ or ] ;
 *   or       = and { "OR" and } ;
 *   and      = unary { [ "AND" ] unary } ;            juxtaposition is AND
 *   unary    = ( "-" | "NOT" ) unary | primary ;       "-" touches its operand
 *   primary  = "(" or ")" | term ;
 *   term     = word | phrase | field op value ;        no space around op
 *   op       = ":" | "=" | "<" | "<=" | ">" | ">=" ;
 *   value    = word | phrase ;
 *   phrase   = '"' { any but '"' } '"' | '“' { any but '”' } '”' ;
 *   word     = a run of characters other than space, "(", ")" and an
 *              opening quote, that is not one of the keywords OR, AND, NOT ;
 *   field    = a property id or display name, or name, type, id, set,
 *              compared without regard to case.
 *
 * A word or phrase alone matches the name.  The tree is flattened (nested
 * ANDs and ORs merged, double negations removed) so that comparing two
 * queries and printing one deal with a single shape.
 *
 * Positions are counted in characters, not bytes, so that the search
 * entry can underline the part of the text an error is about.
 *
 * The files: dw-query-lex.c (tokens), dw-query-parse.c (the grammar),
 * dw-query-match.c (matching and comparing), dw-query-fold.c (case
 * folding), dw-query-node.c (the tree and the errors); this one holds
 * DwQuery and prints a query back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-query-private.h"

G_DEFINE_BOXED_TYPE (DwQuery, dw_query, dw_query_ref, dw_query_unref)

/* Printing */

static gboolean
needs_quotes (const char *text)
{
  if (*text == '\0' || *text == '-' ||
      strcmp (text, "OR") == 0 || strcmp (text, "AND") == 0 || strcmp (text, "NOT") == 0)
    return TRUE;

  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (dw_query_ends_word (c) || c == CLOSE_QUOTE || c == ':' || c == '=' || c == '<' || c == '>')
        return TRUE;
    }
  return FALSE;
}

static void
append_text (GString    *out,
             const char *text)
{
  if (!needs_quotes (text))
    g_string_append (out, text);
  else if (strchr (text, '"') == NULL)
    g_string_append_printf (out, "\"%s\"", text);
  else
    g_string_append_printf (out, "“%s”", text);
}

static void
append_node (GString    *out,
             const Node *node)
{
  switch (node->kind)
    {
    case NODE_ALL:
      break;

    case NODE_AND:
    case NODE_OR:
      for (guint i = 0; i < node->children->len; i++)
        {
          const Node *child = g_ptr_array_index (node->children, i);
          gboolean group = node->kind == NODE_AND && child->kind == NODE_OR;

          if (i > 0)
            g_string_append (out, node->kind == NODE_AND ? " " : " OR ");
          if (group)
            g_string_append_c (out, '(');
          append_node (out, child);
          if (group)
            g_string_append_c (out, ')');
        }
      break;

    case NODE_NOT:
      g_string_append_c (out, '-');
      if (node->child->kind == NODE_AND || node->child->kind == NODE_OR)
        {
          g_string_append_c (out, '(');
          append_node (out, node->child);
          g_string_append_c (out, ')');
        }
      else
        append_node (out, node->child);
      break;

    case NODE_NAME:
      append_text (out, node->needle);
      break;

    case NODE_NUMBER:
      g_string_append_printf (out, "%s%s%" G_GINT64_FORMAT, node->field, dw_query_op_text[node->op], node->number);
      break;

    case NODE_TEXT:
    case NODE_ID:
    case NODE_SET:
    case NODE_ENUM:
    case NODE_TYPE:
    case NODE_COST_TEXT:
    default:
      g_string_append_printf (out, "%s:", node->field);
      append_text (out, node->needle);
      break;
    }
}

/* Public API */

/**
 * dw_query_parse:
 * @game: the game whose properties the fields name
 * @text: what the player typed
 * @error: return location for a #DW_QUERY_ERROR
 *
 * Parses a search.  An empty or blank @text gives the empty query, which
 * matches every card.  On failure the error's message says what is wrong
 * in a player's words, with positions counted from 1, and
 * dw_query_error_get_span() gives the offending characters.
 *
 * Returns: (transfer full) (nullable): the query, or %NULL on error
 */
DwQuery *
dw_query_parse (DwGame      *game,
                const char  *text,
                GError     **error)
{
  g_autoptr(Node) root = NULL;
  Parser parser = { 0 };
  const char *invalid;
  DwQuery *query;

  g_return_val_if_fail (DW_IS_GAME (game), NULL);
  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_utf8_validate (text, -1, &invalid))
    {
      guint at = (guint) g_utf8_strlen (text, invalid - text);

      return dw_query_set_error (error, DW_QUERY_ERROR_INVALID, at, at + 1,
                        _("the search is not valid text at %u"), at + 1);
    }

  parser.game = game;
  parser.p = text;

  if (!dw_query_advance (&parser, error))
    goto out;

  if (parser.token.kind == TOKEN_END)
    root = dw_query_node_new (NODE_ALL);
  else
    {
      root = dw_query_parse_or (&parser, 0, error);
      if (root == NULL)
        goto out;
      /* dw_query_parse_or() stops only at the end or at a “)” nothing opened. */
      if (parser.token.kind != TOKEN_END)
        {
          dw_query_set_error (error, DW_QUERY_ERROR_UNBALANCED, parser.token.start, parser.token.end,
                     _("“)” at %u has no “(” to close"), parser.token.start + 1);
          g_clear_pointer (&root, dw_query_node_free);
        }
    }

out:
  dw_query_token_clear (&parser.token);
  if (root == NULL)
    return NULL;

  dw_query_prepare (root);
  query = g_new0 (DwQuery, 1);
  g_atomic_ref_count_init (&query->ref_count);
  query->game = g_object_ref (game);
  query->root = g_steal_pointer (&root);
  return query;
}

DwQuery *
dw_query_ref (DwQuery *query)
{
  g_return_val_if_fail (query != NULL, NULL);

  g_atomic_ref_count_inc (&query->ref_count);
  return query;
}

void
dw_query_unref (DwQuery *query)
{
  g_return_if_fail (query != NULL);

  if (g_atomic_ref_count_dec (&query->ref_count))
    {
      dw_query_node_free (query->root);
      g_object_unref (query->game);
      g_free (query);
    }
}

/* Whether the query matches every card: blank text, nothing else. */
gboolean
dw_query_is_empty (DwQuery *query)
{
  g_return_val_if_fail (query != NULL, TRUE);

  return query->root->kind == NODE_ALL;
}

/**
 * dw_query_matches:
 *
 * Whether @card is one the query asks for.  It allocates nothing, and a
 * query never changes once parsed, so one may be matched from several
 * threads at once.
 */
gboolean
dw_query_matches (DwQuery *query,
                  DwCard  *card)
{
  g_return_val_if_fail (query != NULL, FALSE);
  g_return_val_if_fail (DW_IS_CARD (card), FALSE);

  return dw_query_node_matches (query->root, card);
}

/**
 * dw_query_relation:
 *
 * How the cards @after matches relate to those @before matched, so that
 * a filter can tell its list model a search got more or less strict.
 * NARROWER and WIDER are claimed only when they are certain; SAME means
 * the two match the same cards whatever the database (as “faction:gai”
 * and “faction:gaian” do), even when their texts differ.  Queries of
 * different games are DIFFERENT unless both are empty.
 */
DwQueryRelation
dw_query_relation (DwQuery *before,
                   DwQuery *after)
{
  guint budget = RELATION_BUDGET;
  gboolean narrower;
  gboolean wider;

  g_return_val_if_fail (before != NULL, DW_QUERY_DIFFERENT);
  g_return_val_if_fail (after != NULL, DW_QUERY_DIFFERENT);

  if (dw_query_is_empty (before) && dw_query_is_empty (after))
    return DW_QUERY_SAME;
  if (before->game != after->game)
    return DW_QUERY_DIFFERENT;

  narrower = dw_query_implies (after->root, before->root, &budget);
  wider = dw_query_implies (before->root, after->root, &budget);

  if (narrower && wider)
    return DW_QUERY_SAME;
  if (narrower)
    return DW_QUERY_NARROWER;
  if (wider)
    return DW_QUERY_WIDER;
  return DW_QUERY_DIFFERENT;
}

/**
 * dw_query_to_string:
 *
 * The query in a normal form: names and values case-folded, fields by
 * their property id (“atk>=2” is “attack>=2”), “field:n” as “field=n”,
 * AND as a space, only the parentheses OR needs inside AND or NOT.
 * Parsing it gives the same query.
 *
 * Returns: (transfer full): the text; empty for the empty query
 */
char *
dw_query_to_string (DwQuery *query)
{
  GString *out;

  g_return_val_if_fail (query != NULL, NULL);

  out = g_string_new (NULL);
  append_node (out, query->root);
  return g_string_free (out, FALSE);
}
