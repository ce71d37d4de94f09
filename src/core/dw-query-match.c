/* dw-query-match.c — matching a card, and comparing two queries
 *
 * Matching runs for every card on every keystroke, so it allocates
 * nothing; comparing tells whether one query's cards are all the other's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-query-private.h"

/* Whether @haystack holds the @length bytes of @needle.  A name is a few
 * dozen bytes, too short for strstr()'s setup to pay off: finding the
 * first byte and comparing the rest is several times faster there. */
static inline gboolean
contains (const char *haystack,
          const char *needle,
          gsize       length)
{
  if (length == 0)
    return TRUE;
  for (const char *p = haystack; (p = strchr (p, needle[0])) != NULL; p++)
    if (length == 1 || (p[1] == needle[1] && strncmp (p + 2, needle + 2, length - 2) == 0))
      return TRUE;
  return FALSE;
}

/* Matching: no allocation, since the card list calls this for every card
 * on every keystroke. */

/* Evaluation order.  AND and OR stop at the first child that decides,
 * so the cheap ones go first: the card type is in the card itself, the
 * name one pointer away, a property a walk over the card's fields and a
 * text search a scan of it.  Results do not depend on the order. */
guint
dw_query_cost (const Node *node)
{
  guint most = 0;

  switch (node->kind)
    {
    case NODE_ALL:
    case NODE_TYPE:
      return 0;
    case NODE_NAME:
    case NODE_ID:
    case NODE_SET:
      return 1;
    case NODE_ENUM:
    case NODE_NUMBER:
    case NODE_COST_TEXT:
      return 2;
    case NODE_TEXT:
      return 3;
    case NODE_NOT:
      return dw_query_cost (node->child);
    case NODE_AND:
    case NODE_OR:
    default:
      for (guint i = 0; i < node->children->len; i++)
        most = MAX (most, dw_query_cost (g_ptr_array_index (node->children, i)));
      return most + 1;
    }
}

static int
compare_cost (gconstpointer a,
              gconstpointer b)
{
  guint cost_a = dw_query_cost (*(Node * const *) a);
  guint cost_b = dw_query_cost (*(Node * const *) b);

  return cost_a < cost_b ? -1 : cost_a > cost_b;
}

void
dw_query_prepare (Node *node)
{
  if (node->kind == NODE_NOT)
    dw_query_prepare (node->child);
  if (node->kind != NODE_AND && node->kind != NODE_OR)
    return;

  for (guint i = 0; i < node->children->len; i++)
    dw_query_prepare (g_ptr_array_index (node->children, i));
  node->order = g_ptr_array_copy (node->children, NULL, NULL);
  g_ptr_array_set_free_func (node->order, NULL);  /* children owns them */
  /* Stable, so equal costs keep the order the player typed. */
  g_ptr_array_sort (node->order, compare_cost);
}

/* The text of the card's first element for the property.  Comparing
 * interned pointers spares dw_card_get_value()'s string interning. */
static const char *
card_value (DwCard     *card,
            const char *field)
{
  guint n;
  const DwCardField *fields = dw_card_peek_fields (card, &n);

  for (guint i = 0; i < n; i++)
    if (fields[i].name == field)
      return fields[i].value;
  return NULL;
}

gboolean
dw_query_node_matches (const Node *node,
                       DwCard     *card)
{
  const char *value;
  gint64 number;

  switch (node->kind)
    {
    case NODE_ALL:
      return TRUE;

    case NODE_AND:
      for (guint i = 0; i < node->order->len; i++)
        if (!dw_query_node_matches (g_ptr_array_index (node->order, i), card))
          return FALSE;
      return TRUE;

    case NODE_OR:
      for (guint i = 0; i < node->order->len; i++)
        if (dw_query_node_matches (g_ptr_array_index (node->order, i), card))
          return TRUE;
      return FALSE;

    case NODE_NOT:
      return !dw_query_node_matches (node->child, card);

    case NODE_NAME:
      return contains (dw_card_peek_name_key (card), node->needle, node->needle_length);

    case NODE_TEXT:
      value = card_value (card, node->field);
      return value != NULL && dw_query_folded_contains (value, node->chars, node->n_chars, node->stops);

    case NODE_ID:
      return dw_query_folded_has_prefix (dw_card_peek_id (card), node->chars, node->n_chars);

    case NODE_SET:
      value = dw_card_peek_set_id (card);
      return value != NULL && dw_query_folded_has_prefix (value, node->chars, node->n_chars);

    case NODE_ENUM:
      value = card_value (card, node->field);
      for (guint i = 0; value != NULL && node->values[i]; i++)
        if (strcmp (value, node->values[i]) == 0)
          return TRUE;
      return FALSE;

    case NODE_TYPE:
      value = dw_card_peek_card_type (card);
      for (guint i = 0; node->values[i]; i++)
        if (value == node->values[i])
          return TRUE;
      return FALSE;

    case NODE_NUMBER:
      /* X, T-1 and the like are not numbers and never compare. */
      value = card_value (card, node->field);
      return value != NULL && dw_query_parse_number (value, &number) &&
             number >= node->min && number <= node->max;

    case NODE_COST_TEXT:
      return g_strcmp0 (card_value (card, node->field), node->needle) == 0;

    default:
      g_return_val_if_reached (FALSE);
    }
}

/* Comparing: whether every card @a matches is matched by @b.  It answers
 * TRUE only when that is certain, and FALSE when it is not or cannot tell,
 * so the filter is never told a search narrowed when it did not. */

static gboolean
values_subset (const char * const *a,
               const char * const *b)
{
  for (guint i = 0; a[i]; i++)
    {
      gboolean found = FALSE;

      for (guint j = 0; b[j] && !found; j++)
        found = a[i] == b[j];
      if (!found)
        return FALSE;
    }
  return TRUE;
}

static gboolean
term_implies (const Node *a,
              const Node *b)
{
  if (a->kind != b->kind || a->field != b->field)
    return FALSE;

  switch (a->kind)
    {
    case NODE_NAME:
    case NODE_TEXT:
      /* Whatever contains “thornw” contains “thorn”. */
      return strstr (a->needle, b->needle) != NULL;
    case NODE_ID:
    case NODE_SET:
      return g_str_has_prefix (a->needle, b->needle);
    case NODE_ENUM:
    case NODE_TYPE:
      return values_subset (a->values, b->values);
    case NODE_NUMBER:
      return b->min <= a->min && a->max <= b->max;
    case NODE_COST_TEXT:
      return strcmp (a->needle, b->needle) == 0;
    case NODE_ALL:
    case NODE_AND:
    case NODE_OR:
    case NODE_NOT:
    default:
      return FALSE;
    }
}

gboolean
dw_query_implies (const Node *a,
                  const Node *b,
                  guint      *budget)
{
  if (*budget == 0)
    return FALSE;
  (*budget)--;

  if (b->kind == NODE_ALL)
    return TRUE;

  /* These two are exact: a union is inside b when each part is, and a is
   * inside an intersection when it is inside each part. */
  if (a->kind == NODE_OR)
    {
      for (guint i = 0; i < a->children->len; i++)
        if (!dw_query_implies (g_ptr_array_index (a->children, i), b, budget))
          return FALSE;
      return TRUE;
    }
  if (b->kind == NODE_AND)
    {
      for (guint i = 0; i < b->children->len; i++)
        if (!dw_query_implies (a, g_ptr_array_index (b->children, i), budget))
          return FALSE;
      return TRUE;
    }

  /* These two are sufficient but not necessary. */
  if (b->kind == NODE_OR)
    for (guint i = 0; i < b->children->len; i++)
      if (dw_query_implies (a, g_ptr_array_index (b->children, i), budget))
        return TRUE;
  if (a->kind == NODE_AND)
    for (guint i = 0; i < a->children->len; i++)
      if (dw_query_implies (g_ptr_array_index (a->children, i), b, budget))
        return TRUE;
  if (a->kind == NODE_AND || b->kind == NODE_OR)
    return FALSE;

  if (a->kind == NODE_NOT && b->kind == NODE_NOT)
    return dw_query_implies (b->child, a->child, budget);
  if (a->kind == NODE_NOT || b->kind == NODE_NOT || a->kind == NODE_ALL)
    return FALSE;

  return term_implies (a, b);
}
