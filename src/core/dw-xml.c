/* dw-xml.c — hardened XML reading and faithful writing
 *
 * Every file Deckwright reads comes through here: libxml2's streaming
 * reader with network access off, no DTD loading, no entity substitution,
 * and any document type declaration refused outright, so external
 * entities and expansion bombs never get a chance.  Errors name the file,
 * the line and the column.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libxml/xmlreader.h>
#include <string.h>

#include "dw-xml.h"

struct _DwXmlReader
{
  xmlTextReaderPtr  reader;
  GMappedFile      *mapped;
  const char       *data;
  gsize             length;
  char             *name;
  GError           *parse_error;

  /* A cache for turning a line number into a byte offset. */
  guint             cached_line;
  gsize             cached_offset;

  gboolean          prolog_checked;
  GPtrArray        *prolog;   /* comments before the root element */
};

#define PARSE_OPTIONS (XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_NOCDATA | XML_PARSE_COMPACT)

G_DEFINE_QUARK (dw-xml-error-quark, dw_xml_error)

static xmlParserInputPtr
refuse_external_entity (const char       *url,
                        const char       *id,
                        xmlParserCtxtPtr  ctxt)
{
  return NULL;
}

static void
ensure_libxml (void)
{
  static gsize initialised = 0;

  if (g_once_init_enter (&initialised))
    {
      xmlInitParser ();
      /* Belt and braces: even if an option slipped, nothing is fetched. */
      xmlSetExternalEntityLoader (refuse_external_entity);
      g_once_init_leave (&initialised, 1);
    }
}

static DwXmlNode *
text_node_new (DwXmlNodeKind  kind,
               const char    *text)
{
  DwXmlNode *node = g_new0 (DwXmlNode, 1);

  node->kind = kind;
  node->text = g_strdup (text);
  return node;
}

/* Whether libxml2's error position is the very end of the data, where a
 * truncated file stops. */
static gboolean
error_is_at_the_end (DwXmlReader *self,
                     int          line,
                     int          column)
{
  int last_line = 1;
  gsize last_start = 0;

  if (self->data == NULL || self->length == 0)
    return FALSE;
  for (gsize i = 0; i < self->length; i++)
    if (self->data[i] == '\n')
      {
        last_line++;
        last_start = i + 1;
      }
  return line == last_line &&
         column == (int) g_utf8_strlen (self->data + last_start, self->length - last_start) + 1;
}

static void
on_structured_error_cb (void        *user_data,
                        xmlErrorPtr  err)
{
  DwXmlReader *self = user_data;
  g_autofree char *message = NULL;

  if (err == NULL || err->level == XML_ERR_WARNING || self->parse_error != NULL)
    return;

  message = g_strstrip (g_strdup (err->message ? err->message : _("malformed XML")));
  if (error_is_at_the_end (self, err->line, err->int2))
    {
      /* libxml2 says "Extra content at the end of the document" or the
       * like of a file that simply stops. */
      g_autofree char *detail = g_steal_pointer (&message);

      message = g_strdup_printf (_("the file ends in the middle of the document; "
                                   "it may have been cut off (%s)"), detail);
    }
  self->parse_error = g_error_new (DW_XML_ERROR,
                                   DW_XML_ERROR_MALFORMED,
                                   "%s:%d:%d: %s",
                                   self->name,
                                   err->line,
                                   MAX (err->int2, 1),
                                   message);
}

static DwXmlReader *
reader_new (const char *data,
            gsize       length,
            const char *display_name)
{
  DwXmlReader *self = g_new0 (DwXmlReader, 1);

  ensure_libxml ();

  self->data = data;
  self->length = length;
  self->name = g_strdup (display_name);
  self->prolog = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_xml_node_free);
  self->reader = xmlReaderForMemory (data, (int) length, display_name, NULL, PARSE_OPTIONS);
  if (self->reader != NULL)
    xmlTextReaderSetStructuredErrorHandler (self->reader, on_structured_error_cb, self);

  return self;
}

DwXmlReader *
dw_xml_reader_new_for_data (const char *data,
                            gsize       length,
                            const char *display_name)
{
  return reader_new (data, length, display_name);
}

DwXmlReader *
dw_xml_reader_new_for_file (const char  *path,
                            GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GMappedFile) mapped = NULL;
  DwXmlReader *self;

  mapped = g_mapped_file_new (path, FALSE, &local_error);
  if (mapped == NULL)
    {
      g_set_error (error, DW_XML_ERROR, DW_XML_ERROR_IO,
                   _("%s: cannot be read: %s"), path, local_error->message);
      return NULL;
    }

  if (g_mapped_file_get_length (mapped) == 0)
    {
      g_set_error (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED,
                   _("%s:1:1: the file is empty"), path);
      return NULL;
    }

  if (g_mapped_file_get_length (mapped) > G_MAXINT)
    {
      g_set_error (error, DW_XML_ERROR, DW_XML_ERROR_IO,
                   _("%s: the file is larger than 2 GB"), path);
      return NULL;
    }

  self = reader_new (g_mapped_file_get_contents (mapped),
                     g_mapped_file_get_length (mapped),
                     path);
  self->mapped = g_steal_pointer (&mapped);

  return self;
}

void
dw_xml_reader_free (DwXmlReader *self)
{
  if (self == NULL)
    return;

  g_clear_pointer (&self->reader, xmlFreeTextReader);
  g_clear_pointer (&self->mapped, g_mapped_file_unref);
  g_clear_error (&self->parse_error);
  g_clear_pointer (&self->prolog, g_ptr_array_unref);
  g_free (self->name);
  g_free (self);
}

const char *
dw_xml_reader_get_name (DwXmlReader *self)
{
  return self->name;
}

/* The line and column (from 1, in characters) of a byte offset. */
static void
position_of_offset (DwXmlReader *self,
                    gsize        offset,
                    guint       *line,
                    guint       *column)
{
  gsize line_start = 0;

  *line = 1;
  for (gsize i = 0; i < offset && i < self->length; i++)
    if (self->data[i] == '\n')
      {
        (*line)++;
        line_start = i + 1;
      }
  *column = (guint) g_utf8_strlen (self->data + line_start, offset - line_start) + 1;
}

static gboolean
skip_past (DwXmlReader *self,
           gsize       *offset,
           const char  *end)
{
  gsize len = strlen (end);

  for (; *offset + len <= self->length; (*offset)++)
    if (memcmp (self->data + *offset, end, len) == 0)
      {
        *offset += len;
        return TRUE;
      }
  return FALSE;
}

/* Refuses a document type declaration before libxml2 parses a byte of
 * it: no entity is ever declared, so none can be expanded or fetched.
 * Only the prolog can hold one, so only the prolog is scanned. */
static gboolean
check_prolog (DwXmlReader  *self,
              GError      **error)
{
  gsize offset = 0;

  self->prolog_checked = TRUE;
  if (self->data == NULL)
    return TRUE;

  if (self->length >= 3 && memcmp (self->data, "\xef\xbb\xbf", 3) == 0)
    offset = 3;

  while (offset < self->length)
    {
      const char *p = self->data + offset;
      gsize left = self->length - offset;

      if (g_ascii_isspace (*p))
        offset++;
      else if (left >= 2 && memcmp (p, "<?", 2) == 0)
        {
          if (!skip_past (self, &offset, "?>"))
            return TRUE;
        }
      else if (left >= 4 && memcmp (p, "<!--", 4) == 0)
        {
          offset += 4;
          if (!skip_past (self, &offset, "-->"))
            return TRUE;
        }
      else if (left >= 9 && g_ascii_strncasecmp (p, "<!DOCTYPE", 9) == 0)
        {
          guint line, column;

          position_of_offset (self, offset, &line, &column);
          g_set_error (error, DW_XML_ERROR, DW_XML_ERROR_FORBIDDEN,
                       _("%s:%u:%u: document type declarations are not allowed; "
                         "remove the <!DOCTYPE …>"),
                       self->name, line, column);
          return FALSE;
        }
      else
        break;
    }

  return TRUE;
}

/* Moves to the next node of the document.  Returns FALSE with @error set
 * on anything malformed or forbidden; sets @at_end (and returns TRUE) at
 * the end of the document. */
gboolean
dw_xml_reader_read (DwXmlReader  *self,
                    gboolean     *at_end,
                    GError      **error)
{
  int ret;
  int type;

  *at_end = FALSE;

  if (self->reader == NULL)
    {
      g_set_error (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED,
                   _("%s:1:1: not an XML document"), self->name);
      return FALSE;
    }

  if (!self->prolog_checked && !check_prolog (self, error))
    return FALSE;

  ret = xmlTextReaderRead (self->reader);

  if (self->parse_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&self->parse_error));
      return FALSE;
    }

  if (ret < 0)
    {
      g_set_error (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED,
                   _("%s:%d:%d: malformed XML"), self->name,
                   xmlTextReaderGetParserLineNumber (self->reader),
                   MAX (xmlTextReaderGetParserColumnNumber (self->reader), 1));
      return FALSE;
    }

  if (ret == 0)
    {
      *at_end = TRUE;
      return TRUE;
    }

  type = xmlTextReaderNodeType (self->reader);
  if (type == XML_READER_TYPE_DOCUMENT_TYPE)
    {
      dw_xml_reader_set_error (self, error, DW_XML_ERROR, DW_XML_ERROR_FORBIDDEN,
                               _("document type declarations are not allowed; "
                                 "remove the <!DOCTYPE …> line"));
      return FALSE;
    }
  if (type == XML_READER_TYPE_ENTITY_REFERENCE || type == XML_READER_TYPE_ENTITY)
    {
      dw_xml_reader_set_error (self, error, DW_XML_ERROR, DW_XML_ERROR_FORBIDDEN,
                               _("entities are not allowed"));
      return FALSE;
    }

  return TRUE;
}

/* Reads on to the root element and checks its namespace and name. */
gboolean
dw_xml_reader_read_root (DwXmlReader        *self,
                         const char         *ns,
                         const char * const *local_names,
                         GError            **error)
{
  gboolean at_end = FALSE;

  while (dw_xml_reader_read (self, &at_end, error))
    {
      if (at_end)
        {
          g_set_error (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED,
                       _("%s:1:1: the document has no root element"), self->name);
          return FALSE;
        }

      if (dw_xml_reader_is_comment (self))
        g_ptr_array_add (self->prolog,
                         text_node_new (DW_XML_NODE_COMMENT,
                                        (const char *) xmlTextReaderConstValue (self->reader)));
      if (!dw_xml_reader_is_element (self))
        continue;

      if (!dw_xml_reader_in_ns (self, ns))
        {
          const char *found = dw_xml_reader_get_ns (self);

          dw_xml_reader_set_error (self, error, DW_XML_ERROR, DW_XML_ERROR_INVALID,
                                   _("the root element is in the namespace “%s”; "
                                     "expected “%s”"),
                                   found ? found : _("(none)"), ns);
          return FALSE;
        }

      if (!g_strv_contains (local_names, dw_xml_reader_get_local_name (self)))
        {
          dw_xml_reader_set_error (self, error, DW_XML_ERROR, DW_XML_ERROR_INVALID,
                                   _("the root element is <%s>; expected <%s>"),
                                   dw_xml_reader_get_local_name (self), local_names[0]);
          return FALSE;
        }

      return TRUE;
    }

  return FALSE;
}

/* The comments before the root element, as DwXmlNodes. */
GPtrArray *
dw_xml_reader_get_prolog (DwXmlReader *self)
{
  return self->prolog;
}

/* Reads on from the end of the root element to the end of the document,
 * so that anything after the root is checked too, and adds the comments
 * found there to @epilog. */
gboolean
dw_xml_reader_read_epilog (DwXmlReader  *self,
                           GPtrArray    *epilog,
                           GError      **error)
{
  gboolean at_end = FALSE;

  while (dw_xml_reader_read (self, &at_end, error))
    {
      if (at_end)
        return TRUE;
      if (dw_xml_reader_is_comment (self) && dw_xml_reader_get_depth (self) == 0)
        g_ptr_array_add (epilog,
                         text_node_new (DW_XML_NODE_COMMENT,
                                        (const char *) xmlTextReaderConstValue (self->reader)));
    }
  return FALSE;
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

/* Advances to the next child element of the element at @depth - 1.
 * Returns FALSE at that element's end (error unset) or on error. Text
 * between children is skipped. */
gboolean
dw_xml_reader_next_element (DwXmlReader  *self,
                            int           depth,
                            GError      **error)
{
  gboolean at_end = FALSE;

  while (dw_xml_reader_read (self, &at_end, error))
    {
      if (at_end)
        return FALSE;

      if (dw_xml_reader_is_element (self) && dw_xml_reader_get_depth (self) == depth)
        return TRUE;

      if (dw_xml_reader_is_end_element (self) && dw_xml_reader_get_depth (self) < depth)
        return FALSE;
    }

  return FALSE;
}

/* Like dw_xml_reader_next_element(), but stops at comments too, for
 * formats that keep every comment a user wrote. */
gboolean
dw_xml_reader_next_child (DwXmlReader  *self,
                          int           depth,
                          GError      **error)
{
  gboolean at_end = FALSE;

  while (dw_xml_reader_read (self, &at_end, error))
    {
      if (at_end)
        return FALSE;

      if ((dw_xml_reader_is_element (self) || dw_xml_reader_is_comment (self)) &&
          dw_xml_reader_get_depth (self) == depth)
        return TRUE;

      if (dw_xml_reader_is_end_element (self) && dw_xml_reader_get_depth (self) < depth)
        return FALSE;
    }

  return FALSE;
}

gboolean
dw_xml_reader_is_comment (DwXmlReader *self)
{
  return xmlTextReaderNodeType (self->reader) == XML_READER_TYPE_COMMENT;
}

gboolean
dw_xml_reader_is_element (DwXmlReader *self)
{
  return xmlTextReaderNodeType (self->reader) == XML_READER_TYPE_ELEMENT;
}

gboolean
dw_xml_reader_is_end_element (DwXmlReader *self)
{
  return xmlTextReaderNodeType (self->reader) == XML_READER_TYPE_END_ELEMENT;
}

gboolean
dw_xml_reader_is_empty (DwXmlReader *self)
{
  return xmlTextReaderIsEmptyElement (self->reader) == 1;
}

int
dw_xml_reader_get_depth (DwXmlReader *self)
{
  return xmlTextReaderDepth (self->reader);
}

/* The qualified name of the current node, prefix included. */
const char *
dw_xml_reader_get_qname (DwXmlReader *self)
{
  return (const char *) xmlTextReaderConstName (self->reader);
}

const char *
dw_xml_reader_get_local_name (DwXmlReader *self)
{
  return (const char *) xmlTextReaderConstLocalName (self->reader);
}

const char *
dw_xml_reader_get_ns (DwXmlReader *self)
{
  return (const char *) xmlTextReaderConstNamespaceUri (self->reader);
}

gboolean
dw_xml_reader_in_ns (DwXmlReader *self,
                     const char  *ns)
{
  return g_strcmp0 (dw_xml_reader_get_ns (self), ns) == 0;
}

char *
dw_xml_reader_get_attribute (DwXmlReader *self,
                             const char  *name)
{
  xmlChar *value = xmlTextReaderGetAttribute (self->reader, (const xmlChar *) name);
  char *ret = g_strdup ((const char *) value);

  xmlFree (value);
  return ret;
}

/* All attributes of the current element, namespace declarations
 * included, as a NULL-terminated name, value, … vector. */
char **
dw_xml_reader_get_attributes (DwXmlReader *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  if (xmlTextReaderHasAttributes (self->reader) == 1)
    {
      while (xmlTextReaderMoveToNextAttribute (self->reader) == 1)
        {
          g_strv_builder_add (builder, (const char *) xmlTextReaderConstName (self->reader));
          g_strv_builder_add (builder, (const char *) xmlTextReaderConstValue (self->reader));
        }
      xmlTextReaderMoveToElement (self->reader);
    }

  return g_strv_builder_end (builder);
}

guint
dw_xml_reader_get_line (DwXmlReader *self)
{
  xmlNodePtr node = xmlTextReaderCurrentNode (self->reader);
  long line = node ? xmlGetLineNo (node) : -1;

  if (line <= 0)
    line = xmlTextReaderGetParserLineNumber (self->reader);

  return (guint) MAX (line, 1);
}

static gsize
offset_of_line (DwXmlReader *self,
                guint        line)
{
  guint current = 1;
  gsize offset = 0;

  if (self->cached_line != 0 && self->cached_line <= line)
    {
      current = self->cached_line;
      offset = self->cached_offset;
    }

  while (current < line && offset < self->length)
    {
      const char *nl = memchr (self->data + offset, '\n', self->length - offset);

      if (nl == NULL)
        break;
      offset = (gsize) (nl - self->data) + 1;
      current++;
    }

  self->cached_line = current;
  self->cached_offset = offset;

  return offset;
}

/* The column (in characters, from 1) of the start tag <@qname on @line;
 * libxml2 keeps lines on nodes but not columns. */
guint
dw_xml_reader_column_of (DwXmlReader *self,
                         guint        line,
                         const char  *qname)
{
  gsize start = offset_of_line (self, line);
  gsize qlen = strlen (qname);
  const char *end;
  const char *p;

  if (self->data == NULL || start >= self->length)
    return 1;

  end = memchr (self->data + start, '\n', self->length - start);
  if (end == NULL)
    end = self->data + self->length;

  for (p = self->data + start; p + qlen < end; p++)
    {
      if (p[0] == '<' && strncmp (p + 1, qname, qlen) == 0 &&
          (p + 1 + qlen == end || strchr (" \t\r\n/>", p[1 + qlen]) != NULL))
        return (guint) g_utf8_strlen (self->data + start, p - (self->data + start)) + 1;
    }

  return 1;
}

static void
set_error_valist (DwXmlReader *self,
                  GError     **error,
                  guint        line,
                  const char  *qname,
                  GQuark       domain,
                  int          code,
                  const char  *format,
                  va_list      args)
{
  g_autofree char *message = g_strdup_vprintf (format, args);
  guint column = qname ? dw_xml_reader_column_of (self, line, qname) : 1;

  g_set_error (error, domain, code, "%s:%u:%u: %s", self->name, line, column, message);
}

/* Sets @error at the current node (for an element, its start tag). */
void
dw_xml_reader_set_error (DwXmlReader *self,
                         GError     **error,
                         GQuark       domain,
                         int          code,
                         const char  *format,
                         ...)
{
  const char *qname = NULL;
  guint line = 1;
  va_list args;

  if (self->reader != NULL)
    {
      line = dw_xml_reader_get_line (self);
      if (dw_xml_reader_is_element (self) || dw_xml_reader_is_end_element (self))
        qname = (const char *) xmlTextReaderConstName (self->reader);
    }

  va_start (args, format);
  set_error_valist (self, error, line, qname, domain, code, format, args);
  va_end (args);
}

/* Sets @error at the start tag <@qname found on @line. */
void
dw_xml_reader_set_error_at (DwXmlReader *self,
                            GError     **error,
                            guint        line,
                            const char  *qname,
                            GQuark       domain,
                            int          code,
                            const char  *format,
                            ...)
{
  va_list args;

  va_start (args, format);
  set_error_valist (self, error, line, qname, domain, code, format, args);
  va_end (args);
}

/* Adds the node the reader is on to @node's children; an element is
 * read whole. */
static gboolean
add_current_child (DwXmlReader  *self,
                   DwXmlNode    *node,
                   GError      **error)
{
  switch (xmlTextReaderNodeType (self->reader))
    {
    case XML_READER_TYPE_ELEMENT:
      {
        DwXmlNode *child = dw_xml_reader_read_node (self, error);

        if (child == NULL)
          return FALSE;
        g_ptr_array_add (node->children, child);
      }
      break;

    case XML_READER_TYPE_TEXT:
    case XML_READER_TYPE_CDATA:
    case XML_READER_TYPE_WHITESPACE:
    case XML_READER_TYPE_SIGNIFICANT_WHITESPACE:
      g_ptr_array_add (node->children,
                       text_node_new (DW_XML_NODE_TEXT,
                                      (const char *) xmlTextReaderConstValue (self->reader)));
      break;

    case XML_READER_TYPE_COMMENT:
      g_ptr_array_add (node->children,
                       text_node_new (DW_XML_NODE_COMMENT,
                                      (const char *) xmlTextReaderConstValue (self->reader)));
      break;

    default:
      /* Processing instructions have no place in our formats. */
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
      if (xmlTextReaderNodeType (self->reader) == XML_READER_TYPE_END_ELEMENT &&
          dw_xml_reader_get_depth (self) == depth)
        return TRUE;
      if (!add_current_child (self, node, error))
        return FALSE;
    }
  return FALSE;
}

static DwXmlNode *
element_node_new (DwXmlReader *self)
{
  DwXmlNode *node = dw_xml_node_new_element ((const char *) xmlTextReaderConstName (self->reader),
                                             dw_xml_reader_get_ns (self));

  node->line = dw_xml_reader_get_line (self);
  if (xmlTextReaderHasAttributes (self->reader) == 1)
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

  if (xmlTextReaderNodeType (self->reader) == XML_READER_TYPE_COMMENT)
    return text_node_new (DW_XML_NODE_COMMENT, (const char *) xmlTextReaderConstValue (self->reader));

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
 * dw_xml_node_is_simple() calls simple: most of a file) gives its @text
 * straight from the reader; anything else gives the whole element as
 * @node, as dw_xml_reader_read_node() would.  Exactly one is set. */
gboolean
dw_xml_reader_read_value (DwXmlReader  *self,
                          char        **text,
                          DwXmlNode   **node,
                          GError      **error)
{
  g_autoptr(GString) buffer = NULL;
  g_autoptr(DwXmlNode) element = NULL;
  gboolean at_end = FALSE;
  guint line;
  int depth;

  g_return_val_if_fail (dw_xml_reader_is_element (self), FALSE);

  *text = NULL;
  *node = NULL;

  if (xmlTextReaderHasAttributes (self->reader) == 1)
    {
      *node = dw_xml_reader_read_node (self, error);
      return *node != NULL;
    }
  if (dw_xml_reader_is_empty (self))
    {
      *text = g_strdup ("");
      return TRUE;
    }

  depth = dw_xml_reader_get_depth (self);
  line = dw_xml_reader_get_line (self);
  /* Only the fallback needs the name; libxml2 keeps it in its dictionary
   * for as long as the reader lives. */
  {
    const char *qname = (const char *) xmlTextReaderConstName (self->reader);
    const char *ns = dw_xml_reader_get_ns (self);

    while (dw_xml_reader_read (self, &at_end, error))
      {
        int type;

        if (at_end)
          {
            dw_xml_reader_set_error (self, error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED,
                                     _("the document ends inside <%s>"), qname);
            return FALSE;
          }

        type = xmlTextReaderNodeType (self->reader);
        if (type == XML_READER_TYPE_END_ELEMENT && dw_xml_reader_get_depth (self) == depth)
          {
            *text = buffer ? g_string_free (g_steal_pointer (&buffer), FALSE) : g_strdup ("");
            return TRUE;
          }

        if (type == XML_READER_TYPE_TEXT || type == XML_READER_TYPE_CDATA ||
            type == XML_READER_TYPE_WHITESPACE || type == XML_READER_TYPE_SIGNIFICANT_WHITESPACE)
          {
            const char *value = (const char *) xmlTextReaderConstValue (self->reader);

            if (buffer == NULL)
              buffer = g_string_new (value);
            else
              g_string_append (buffer, value);
            continue;
          }
        if (type != XML_READER_TYPE_ELEMENT && type != XML_READER_TYPE_COMMENT)
          continue;

        /* Not a plain value after all: the text so far, this node and the
         * rest become the element's children. */
        element = dw_xml_node_new_element (qname, ns);
        element->line = line;
        if (buffer != NULL)
          g_ptr_array_add (element->children, text_node_new (DW_XML_NODE_TEXT, buffer->str));
        if (!add_current_child (self, element, error) ||
            !read_children (self, element, depth, error))
          return FALSE;
        *node = g_steal_pointer (&element);
        return TRUE;
      }
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
  g_autofree char *qname = g_strdup ((const char *) xmlTextReaderConstName (self->reader));
  gboolean at_end = FALSE;
  int depth = dw_xml_reader_get_depth (self);

  if (dw_xml_reader_is_empty (self))
    return g_strdup ("");

  while (dw_xml_reader_read (self, &at_end, error))
    {
      int type;

      if (at_end)
        {
          dw_xml_reader_set_error (self, error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED,
                                   _("the document ends inside <%s>"), qname);
          return NULL;
        }

      type = xmlTextReaderNodeType (self->reader);
      if (type == XML_READER_TYPE_END_ELEMENT && dw_xml_reader_get_depth (self) == depth)
        return g_string_free (g_steal_pointer (&text), FALSE);

      if (type == XML_READER_TYPE_ELEMENT)
        {
          dw_xml_reader_set_error (self, error, DW_XML_ERROR, DW_XML_ERROR_INVALID,
                                   _("<%s> holds text only; <%s> is not expected inside it"),
                                   qname, (const char *) xmlTextReaderConstName (self->reader));
          return NULL;
        }

      if (type == XML_READER_TYPE_TEXT || type == XML_READER_TYPE_CDATA ||
          type == XML_READER_TYPE_WHITESPACE || type == XML_READER_TYPE_SIGNIFICANT_WHITESPACE)
        g_string_append (text, (const char *) xmlTextReaderConstValue (self->reader));
    }

  return NULL;
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
    return text_node_new (node->kind, node->text);

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

/* Writes @contents (@length bytes, or up to its NUL when -1) to a new file
 * beside @path and renames it over the old one, so a failure at any point
 * leaves the old file whole. */
gboolean
dw_xml_save (const char  *path,
             const char  *contents,
             gssize       length,
             GError     **error)
{
  if (!g_file_set_contents_full (path, contents, length,
                                 G_FILE_SET_CONTENTS_CONSISTENT, 0666, error))
    {
      /* GLib names the temporary file it was writing; the user knows the
       * file they saved to. */
      g_prefix_error (error, _("%s: cannot be saved: "), path);
      return FALSE;
    }
  return TRUE;
}
