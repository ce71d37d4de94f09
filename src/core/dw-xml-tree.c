/* dw-xml-tree.c — an element read whole: as nodes, as a value, as text
 *
 * A loader reads what it knows event by event (dw-xml.c) and what it
 * does not understand whole, as a DwXmlNode tree it keeps and writes
 * back (dw_xml_reader_read_node()); an element of plain text is read as
 * its value or its text in one call (dw_xml_reader_read_value(),
 * dw_xml_reader_read_text()), which every field of every card passes
 * through.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dw-xml-private.h"

static DwXmlNode *
current_text_node (DwXmlReader *self)
{
  const Event *event = current_event (self);

  return dw_xml_text_node_new (event->kind == EVENT_COMMENT ? DW_XML_NODE_COMMENT : DW_XML_NODE_TEXT,
                        event_text (self, event));
}

/* Adds the node the reader is on to @node's children; an element is
 * read whole. */
static gboolean
add_current_child (DwXmlReader  *self,
                   DwXmlNode    *node,
                   GError      **error)
{
  const Event *event = current_event (self);

  switch (event->kind)
    {
    case EVENT_ELEMENT:
      {
        DwXmlNode *child = dw_xml_reader_read_node (self, error);

        if (child == NULL)
          return FALSE;
        g_ptr_array_add (node->children, child);
      }
      break;

    case EVENT_TEXT:
    case EVENT_COMMENT:
      g_ptr_array_add (node->children, current_text_node (self));
      break;

    case EVENT_END:
    case EVENT_ERROR:
    default:
      break;
    }
  return TRUE;
}

/* Reads the children of @node, whose start tag is at @depth, up to its
 * end tag. */
static gboolean
read_children (DwXmlReader  *self,
               DwXmlNode    *node,
               int           depth,
               GError      **error)
{
  gboolean at_end = FALSE;

  while (dw_xml_reader_read (self, &at_end, error))
    {
      if (at_end)
        {
          dw_xml_reader_set_error (self, error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED,
                                   _("the document ends inside <%s>"), node->name);
          return FALSE;
        }
      if (dw_xml_reader_is_end_element (self) && dw_xml_reader_get_depth (self) == depth)
        return TRUE;
      if (!add_current_child (self, node, error))
        return FALSE;
    }
  return FALSE;
}

static DwXmlNode *
element_node_new (DwXmlReader *self)
{
  const Event *event = current_event (self);
  DwXmlNode *node = dw_xml_node_new_element (event->qname, event->ns);

  node->line = MAX (event->line, 1);
  if (event->n_attrs > 0)
    {
      g_strfreev (node->attrs);
      node->attrs = dw_xml_reader_get_attributes (self);
    }
  return node;
}

/* Copies the element the reader is on, with everything inside it, and
 * leaves the reader on its end. */
DwXmlNode *
dw_xml_reader_read_node (DwXmlReader  *self,
                         GError      **error)
{
  g_autoptr(DwXmlNode) node = NULL;

  if (dw_xml_reader_is_comment (self))
    return current_text_node (self);

  g_return_val_if_fail (dw_xml_reader_is_element (self), NULL);

  node = element_node_new (self);
  if (dw_xml_reader_is_empty (self))
    return g_steal_pointer (&node);

  if (!read_children (self, node, dw_xml_reader_get_depth (self), error))
    return NULL;
  return g_steal_pointer (&node);
}

/* Reads the element the reader is on and leaves the reader on its end.
 * An element with no attributes and only text inside (what
 * dw_xml_node_is_simple() calls simple: most of a file) appends its text
 * to @text straight from the reader, and sets @node to NULL; anything
 * else gives the whole element as @node, as dw_xml_reader_read_node()
 * would, and leaves @text as it was. */
gboolean
dw_xml_reader_read_value_into (DwXmlReader  *self,
                               GString      *text,
                               DwXmlNode   **node,
                               GError      **error)
{
  g_autoptr(DwXmlNode) element = NULL;
  gsize start = text->len;
  gboolean at_end = FALSE;
  const char *qname;
  const char *ns;
  guint line;
  int depth;

  g_return_val_if_fail (dw_xml_reader_is_element (self), FALSE);

  *node = NULL;

  if (current_event (self)->n_attrs > 0)
    {
      *node = dw_xml_reader_read_node (self, error);
      return *node != NULL;
    }
  if (dw_xml_reader_is_empty (self))
    return TRUE;

  depth = dw_xml_reader_get_depth (self);
  line = dw_xml_reader_get_line (self);
  /* Both live as long as the reader. */
  qname = dw_xml_reader_get_qname (self);
  ns = dw_xml_reader_get_ns (self);

  while (dw_xml_reader_read (self, &at_end, error))
    {
      const Event *event;

      if (at_end)
        {
          dw_xml_reader_set_error (self, error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED,
                                   _("the document ends inside <%s>"), qname);
          break;
        }

      event = current_event (self);
      if (event->kind == EVENT_END && event->depth == depth)
        return TRUE;

      if (event->kind == EVENT_TEXT)
        {
          append_len (text, event_text (self, event), event->text_length);
          continue;
        }

      /* Not a plain value after all: the text so far, this node and the
       * rest become the element's children. */
      element = dw_xml_node_new_element (qname, ns);
      element->line = line;
      if (text->len > start)
        g_ptr_array_add (element->children, dw_xml_text_node_new (DW_XML_NODE_TEXT, text->str + start));
      g_string_truncate (text, start);
      if (!add_current_child (self, element, error) ||
          !read_children (self, element, depth, error))
        return FALSE;
      *node = g_steal_pointer (&element);
      return TRUE;
    }

  g_string_truncate (text, start);
  return FALSE;
}

/* As dw_xml_reader_read_value_into(), setting exactly one of @text and
 * @node. */
gboolean
dw_xml_reader_read_value (DwXmlReader  *self,
                          char        **text,
                          DwXmlNode   **node,
                          GError      **error)
{
  g_autoptr(GString) buffer = g_string_new (NULL);

  *text = NULL;
  if (!dw_xml_reader_read_value_into (self, buffer, node, error))
    return FALSE;
  if (*node == NULL)
    *text = g_string_free (g_steal_pointer (&buffer), FALSE);
  return TRUE;
}

/* Appends the text of a simple element (no child elements) to @text and
 * leaves the reader on its end. */
gboolean
dw_xml_reader_read_text_into (DwXmlReader  *self,
                              GString      *text,
                              GError      **error)
{
  const char *qname = dw_xml_reader_get_qname (self);
  gboolean at_end = FALSE;
  int depth = dw_xml_reader_get_depth (self);

  if (dw_xml_reader_is_empty (self))
    return TRUE;

  while (dw_xml_reader_read (self, &at_end, error))
    {
      const Event *event;

      if (at_end)
        {
          dw_xml_reader_set_error (self, error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED,
                                   _("the document ends inside <%s>"), qname);
          return FALSE;
        }

      event = current_event (self);
      if (event->kind == EVENT_END && event->depth == depth)
        return TRUE;

      if (event->kind == EVENT_ELEMENT)
        {
          dw_xml_reader_set_error (self, error, DW_XML_ERROR, DW_XML_ERROR_INVALID,
                                   _("<%s> holds text only; <%s> is not expected inside it"),
                                   qname, event->qname);
          return FALSE;
        }

      if (event->kind == EVENT_TEXT)
        append_len (text, event_text (self, event), event->text_length);
    }

  return FALSE;
}

/* Reads the text of a simple element (no child elements) and leaves the
 * reader on its end. */
char *
dw_xml_reader_read_text (DwXmlReader  *self,
                         GError      **error)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (!dw_xml_reader_read_text_into (self, text, error))
    return NULL;
  return g_string_free (g_steal_pointer (&text), FALSE);
}
