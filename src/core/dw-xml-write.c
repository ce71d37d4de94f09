/* dw-xml-write.c — the nodes a reader keeps, and writing XML back
 *
 * What a loader does not understand it keeps as DwXmlNodes (elements,
 * text, comments) and writes back as it was; writing escapes text and
 * attributes, refuses characters XML cannot hold, and saves through
 * dw-save.c, whole or not at all.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dw-save.h"
#include "dw-xml-private.h"

DwXmlNode *
dw_xml_text_node_new (DwXmlNodeKind  kind,
                      const char    *text)
{
  DwXmlNode *node = g_new0 (DwXmlNode, 1);

  node->kind = kind;
  node->text = g_strdup (text);
  return node;
}

/* Writes comments that stand outside the root element, one a line. */
void
dw_xml_write_comments (GString   *out,
                       GPtrArray *comments)
{
  for (guint i = 0; comments && i < comments->len; i++)
    {
      dw_xml_write_node (out, g_ptr_array_index (comments, i));
      g_string_append_c (out, '\n');
    }
}
DwXmlNode *
dw_xml_node_new_element (const char *name,
                         const char *ns)
{
  DwXmlNode *node = g_new0 (DwXmlNode, 1);

  node->kind = DW_XML_NODE_ELEMENT;
  node->name = g_strdup (name);
  node->ns = ns ? g_intern_string (ns) : NULL;
  node->attrs = g_new0 (char *, 1);
  node->children = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_xml_node_free);
  return node;
}

DwXmlNode *
dw_xml_node_copy (const DwXmlNode *node)
{
  DwXmlNode *copy;

  if (node->kind != DW_XML_NODE_ELEMENT)
    return dw_xml_text_node_new (node->kind, node->text);

  copy = dw_xml_node_new_element (node->name, node->ns);
  copy->line = node->line;
  g_strfreev (copy->attrs);
  copy->attrs = g_strdupv (node->attrs);
  for (guint i = 0; i < node->children->len; i++)
    g_ptr_array_add (copy->children, dw_xml_node_copy (g_ptr_array_index (node->children, i)));

  return copy;
}

/* Appends copies of the nodes of @src to @dest. */
void
dw_xml_nodes_extend (GPtrArray *dest,
                     GPtrArray *src)
{
  for (guint i = 0; i < src->len; i++)
    g_ptr_array_add (dest, dw_xml_node_copy (g_ptr_array_index (src, i)));
}

void
dw_xml_node_free (DwXmlNode *node)
{
  if (node == NULL)
    return;

  g_free (node->name);
  g_strfreev (node->attrs);
  g_free (node->text);
  g_clear_pointer (&node->children, g_ptr_array_unref);
  g_free (node);
}

const char *
dw_xml_node_get_attribute (const DwXmlNode *node,
                           const char      *name)
{
  for (guint i = 0; node->attrs && node->attrs[i] && node->attrs[i + 1]; i += 2)
    if (strcmp (node->attrs[i], name) == 0)
      return node->attrs[i + 1];

  return NULL;
}

const char *
dw_xml_node_local_name (const DwXmlNode *node)
{
  const char *colon = strchr (node->name, ':');

  return colon ? colon + 1 : node->name;
}

/* The concatenated text of the node and all its descendants. */
char *
dw_xml_node_get_text (const DwXmlNode *node)
{
  GString *text;

  if (node->kind != DW_XML_NODE_ELEMENT)
    return g_strdup (node->kind == DW_XML_NODE_TEXT ? node->text : "");

  text = g_string_new (NULL);
  for (guint i = 0; i < node->children->len; i++)
    {
      g_autofree char *part = dw_xml_node_get_text (g_ptr_array_index (node->children, i));
      g_string_append (text, part);
    }

  return g_string_free (text, FALSE);
}

/* TRUE when the element has no attributes and only text inside, so that
 * writing it back as <name>text</name> loses nothing. */
gboolean
dw_xml_node_is_simple (const DwXmlNode *node)
{
  if (node->kind != DW_XML_NODE_ELEMENT || (node->attrs && node->attrs[0]))
    return FALSE;

  for (guint i = 0; i < node->children->len; i++)
    {
      const DwXmlNode *child = g_ptr_array_index (node->children, i);
      if (child->kind != DW_XML_NODE_TEXT)
        return FALSE;
    }

  return TRUE;
}

gboolean
dw_xml_node_equal (const DwXmlNode *a,
                   const DwXmlNode *b)
{
  if (a->kind != b->kind)
    return FALSE;

  if (a->kind != DW_XML_NODE_ELEMENT)
    return g_strcmp0 (a->text, b->text) == 0;

  if (g_strcmp0 (a->name, b->name) != 0 || a->ns != b->ns ||
      !g_strv_equal ((const char * const *) a->attrs, (const char * const *) b->attrs) ||
      a->children->len != b->children->len)
    return FALSE;

  for (guint i = 0; i < a->children->len; i++)
    if (!dw_xml_node_equal (g_ptr_array_index (a->children, i),
                            g_ptr_array_index (b->children, i)))
      return FALSE;

  return TRUE;
}

/* Whether XML 1.0 can hold @c at all, even as a character reference
 * (its production [2] Char): no C0 control but tab, newline and carriage
 * return, no surrogate, neither U+FFFE nor U+FFFF.  What reads text from
 * elsewhere into our files refuses the rest, since the writers below could
 * only replace it. */
gboolean
dw_xml_is_char (gunichar c)
{
  return c == '\t' || c == '\n' || c == '\r' ||
         (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) ||
         (c >= 0x10000 && c <= 0x10ffff);
}

/* What @c, which dw_xml_is_char () refuses, is, for a message. */
const char *
dw_xml_describe_non_char (gunichar c)
{
  if (c == 0)
    return _("a null character");
  if (c < 0x20)
    return _("a control character");
  if (c >= 0xd800 && c <= 0xdfff)
    return _("half of a surrogate pair");
  return _("not a character");
}

#define REPLACEMENT_CHARACTER "\xef\xbf\xbd"

/* Whatever a string holds, what is written must load again: characters
 * XML 1.0 forbids even as references (most C0 controls, U+FFFE, U+FFFF)
 * and bytes that are not UTF-8 become U+FFFD.  An imported decklist with
 * a stray control character once saved into a file that did not load. */
static void
escape (GString    *out,
        const char *text,
        gboolean    attribute)
{
  g_autofree char *valid = NULL;

  if (!g_utf8_validate (text, -1, NULL))
    text = valid = g_utf8_make_valid (text, -1);

  for (const char *p = text; *p; p++)
    {
      switch (*p)
        {
        case '&': g_string_append (out, "&amp;"); break;
        case '<': g_string_append (out, "&lt;"); break;
        case '>': g_string_append (out, attribute ? ">" : "&gt;"); break;
        case '"': g_string_append (out, attribute ? "&quot;" : "\""); break;
        case '\n': g_string_append (out, attribute ? "&#10;" : "\n"); break;
        case '\r': g_string_append (out, "&#13;"); break;
        case '\t': g_string_append (out, attribute ? "&#9;" : "\t"); break;
        default:
          if ((guchar) *p < 0x20)
            g_string_append (out, REPLACEMENT_CHARACTER);
          else if (p[0] == '\xef' && p[1] == '\xbf' && (p[2] == '\xbe' || p[2] == '\xbf'))
            {
              g_string_append (out, REPLACEMENT_CHARACTER);
              p += 2;
            }
          else
            g_string_append_c (out, *p);
          break;
        }
    }
}

void
dw_xml_escape_text (GString    *out,
                    const char *text)
{
  escape (out, text, FALSE);
}

void
dw_xml_escape_attribute (GString    *out,
                         const char *text)
{
  escape (out, text, TRUE);
}

void
dw_xml_write_node (GString         *out,
                   const DwXmlNode *node)
{
  switch (node->kind)
    {
    case DW_XML_NODE_TEXT:
      dw_xml_escape_text (out, node->text);
      return;

    case DW_XML_NODE_COMMENT:
      g_string_append_printf (out, "<!--%s-->", node->text);
      return;

    case DW_XML_NODE_ELEMENT:
    default:
      break;
    }

  g_string_append_c (out, '<');
  g_string_append (out, node->name);
  for (guint i = 0; node->attrs[i] && node->attrs[i + 1]; i += 2)
    {
      g_string_append_printf (out, " %s=\"", node->attrs[i]);
      dw_xml_escape_attribute (out, node->attrs[i + 1]);
      g_string_append_c (out, '"');
    }

  if (node->children->len == 0)
    {
      g_string_append (out, "/>");
      return;
    }

  g_string_append_c (out, '>');
  for (guint i = 0; i < node->children->len; i++)
    dw_xml_write_node (out, g_ptr_array_index (node->children, i));
  g_string_append_printf (out, "</%s>", node->name);
}

/* Writes "<name>text</name>" on a line of its own. */
void
dw_xml_write_element (GString    *out,
                      int         indent,
                      const char *name,
                      const char *text)
{
  g_string_append_printf (out, "%*s<%s>", indent, "", name);
  dw_xml_escape_text (out, text);
  g_string_append_printf (out, "</%s>\n", name);
}

/* Writes @contents (@length bytes, or up to its NUL when -1) over @path
 * whole or not at all, through its symbolic links: every save and export
 * of an XML (or any) file comes through here; dw-save.c says what it
 * refuses and what it cleans up. */
gboolean
dw_xml_save (const char  *path,
             const char  *contents,
             gssize       length,
             GError     **error)
{
  return dw_save_file (path, contents, length, DW_SAVE_FOLLOW_LINKS, error);
}
