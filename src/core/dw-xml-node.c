/* dw-xml-node.c — checking the elements of a definition read with DwXmlReader
 *
 * A game definition and its formats are read whole into DwXmlNode trees,
 * then checked element by element.  These helpers name the element an
 * error is about, at its file, line and column, in the error domain of
 * the file that reads it (DW_GAME_ERROR for a game definition).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-xml-node.h"

/* Sets @error at @node's start tag. */
void
dw_xml_node_error (DwXmlReader     *reader,
                   GError         **error,
                   GQuark           domain,
                   int              code,
                   const DwXmlNode *node,
                   const char      *format,
                   ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  dw_xml_reader_set_error_at (reader, error, node->line, node->name, domain, code, "%s", message);
}

/* Whether @node is the element @local_name of namespace @ns. */
gboolean
dw_xml_node_is (const DwXmlNode *node,
                const char      *ns,
                const char      *local_name)
{
  return node->kind == DW_XML_NODE_ELEMENT &&
         g_strcmp0 (node->ns, ns) == 0 &&
         strcmp (dw_xml_node_local_name (node), local_name) == 0;
}

/* The attribute @name, which must be there and not blank. */
gboolean
dw_xml_node_attr_required (DwXmlReader     *reader,
                           const DwXmlNode *node,
                           const char      *name,
                           const char     **value,
                           GQuark           domain,
                           int              code,
                           GError         **error)
{
  *value = dw_xml_node_get_attribute (node, name);
  if (*value != NULL)
    {
      const char *p = *value;

      while (g_ascii_isspace (*p))
        p++;
      if (*p != '\0')
        return TRUE;
    }
  dw_xml_node_error (reader, error, domain, code, node, _("<%s> needs the attribute “%s”"), node->name, name);
  return FALSE;
}

/* The whole number the attribute @name holds, or @fallback without it. */
gboolean
dw_xml_node_attr_int (DwXmlReader     *reader,
                      const DwXmlNode *node,
                      const char      *name,
                      gint64           fallback,
                      gint64          *value,
                      GQuark           domain,
                      int              code,
                      GError         **error)
{
  const char *text = dw_xml_node_get_attribute (node, name);

  *value = fallback;
  if (text == NULL)
    return TRUE;

  if (!g_ascii_string_to_signed (text, 10, G_MININT32, G_MAXINT32, value, NULL))
    {
      dw_xml_node_error (reader, error, domain, code, node,
                         _("the attribute “%s” of <%s> must be a whole number, not “%s”"), name, node->name, text);
      return FALSE;
    }
  return TRUE;
}

/* The attribute @name, "true" or "false"; FALSE without it. */
gboolean
dw_xml_node_attr_bool (DwXmlReader     *reader,
                       const DwXmlNode *node,
                       const char      *name,
                       gboolean        *value,
                       GQuark           domain,
                       int              code,
                       GError         **error)
{
  const char *text = dw_xml_node_get_attribute (node, name);

  *value = FALSE;
  if (text == NULL || strcmp (text, "false") == 0)
    return TRUE;
  if (strcmp (text, "true") == 0)
    {
      *value = TRUE;
      return TRUE;
    }

  dw_xml_node_error (reader, error, domain, code, node,
                     _("the attribute “%s” of <%s> must be “true” or “false”, not “%s”"), name, node->name, text);
  return FALSE;
}
