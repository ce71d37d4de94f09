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
#include "dw-span-error.h"

/* An extended domain, so that the span travels with the error through
 * g_propagate_error() and g_error_copy() without a side channel. */
DW_DEFINE_SPAN_ERROR (DwQueryError, dw_query_error)

/* Always returns NULL, so that a parser function can fail in one line. */
gpointer
dw_query_set_error (GError       **error,
                    DwQueryError   code,
                    guint          start,
                    guint          end,
                    const char    *format,
                    ...)
{
  va_list args;

  va_start (args, format);
  dw_query_error_propagate_valist (error, code, start, end, format, args);
  va_end (args);
  return NULL;
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
