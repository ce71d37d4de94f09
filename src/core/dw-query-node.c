/* dw-query-node.c — the tree of a query, and its errors
 *
 * A query is a tree of nodes: AND, OR and NOT above terms that each test
 * one thing of a card.  An error carries the span of the text it is about
 * (DwQueryError, an extended error domain).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-query-private.h"

typedef struct
{
  gboolean  has_span;
  guint     start;
  guint     end;
} DwQueryErrorPrivate;


static void
dw_query_error_private_init (DwQueryErrorPrivate *priv)
{
  priv->has_span = FALSE;
  priv->start = 0;
  priv->end = 0;
}

static void
dw_query_error_private_copy (const DwQueryErrorPrivate *src,
                             DwQueryErrorPrivate       *dest)
{
  *dest = *src;
}

static void
dw_query_error_private_clear (DwQueryErrorPrivate *priv)
{
}

/* An extended domain, so that the span travels with the error through
 * g_propagate_error() and g_error_copy() without a side channel. */
G_DEFINE_EXTENDED_ERROR (DwQueryError, dw_query_error)

/* Always returns NULL, so that a parser function can fail in one line. */
gpointer
dw_query_set_error (GError       **error,
                    DwQueryError   code,
                    guint          start,
                    guint          end,
                    const char    *format,
                    ...)
{
  g_autofree char *message = NULL;
  GError *local_error;
  DwQueryErrorPrivate *priv;
  va_list args;

  if (error == NULL)
    return NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  local_error = g_error_new_literal (DW_QUERY_ERROR, code, message);
  priv = dw_query_error_get_private (local_error);
  priv->has_span = TRUE;
  priv->start = start;
  priv->end = end;
  g_propagate_error (error, local_error);
  return NULL;
}

/**
 * dw_query_error_get_span:
 * @error: an error from dw_query_parse()
 * @start: (out) (optional): the first character of the offending part
 * @end: (out) (optional): the character after it
 *
 * Where in the text the error is: characters (not bytes), counted from 0,
 * @end exclusive, ready to become a Pango attribute range after
 * g_utf8_offset_to_pointer().  An error past the end of the text (a quote
 * never closed) ends at the text's length.
 *
 * Returns: %FALSE when @error is not a #DW_QUERY_ERROR with a position
 */
gboolean
dw_query_error_get_span (const GError *error,
                         guint        *start,
                         guint        *end)
{
  const DwQueryErrorPrivate *priv;

  if (error == NULL || error->domain != DW_QUERY_ERROR)
    return FALSE;

  priv = dw_query_error_get_private (error);
  if (!priv->has_span)
    return FALSE;

  if (start != NULL)
    *start = priv->start;
  if (end != NULL)
    *end = priv->end;
  return TRUE;
}

Node *
dw_query_node_new (NodeKind kind)
{
  Node *node = g_new0 (Node, 1);

  node->kind = kind;
  if (kind == NODE_AND || kind == NODE_OR)
    node->children = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_query_node_free);
  return node;
}

void
dw_query_node_free (Node *node)
{
  if (node == NULL)
    return;
  g_free (node->needle);
  g_free (node->chars);
  g_free (node->stops);
  g_free (node->values);
  g_clear_pointer (&node->order, g_ptr_array_unref);
  g_clear_pointer (&node->children, g_ptr_array_unref);
  g_clear_pointer (&node->child, dw_query_node_free);
  g_free (node);
}

/* Joins two operands of AND or OR, merging nested ones of the same kind
 * so that “a b c” is one AND of three, however it was grouped. */
Node *
dw_query_node_combine (NodeKind  kind,
                       Node     *left,
                       Node     *right)
{
  Node *node;

  if (left->kind == kind)
    node = left;
  else
    {
      node = dw_query_node_new (kind);
      g_ptr_array_add (node->children, left);
    }

  if (right->kind == kind)
    {
      g_ptr_array_extend_and_steal (node->children, g_steal_pointer (&right->children));
      dw_query_node_free (right);
    }
  else
    g_ptr_array_add (node->children, right);

  return node;
}

Node *
dw_query_node_negate (Node *operand)
{
  Node *node;

  if (operand->kind == NODE_NOT)
    {
      node = g_steal_pointer (&operand->child);
      dw_query_node_free (operand);
      return node;
    }

  node = dw_query_node_new (NODE_NOT);
  node->child = operand;
  return node;
}
