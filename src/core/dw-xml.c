/* dw-xml.c — hardened XML reading and faithful writing
 *
 * Every file Deckwright reads comes through here: libxml2's SAX2 push
 * parser with network access off, no DTD loading, no entity substitution,
 * and any document type declaration refused outright, so external
 * entities and expansion bombs never get a chance.  Errors name the file,
 * the line and the column.
 *
 * Here is the pull side: opening a file or a buffer, feeding the parser
 * a chunk at a time, and reading its events (dw-xml-sax.c makes them);
 * an element read whole is dw-xml-tree.c, and the nodes a reader keeps
 * and writing XML back are dw-xml-write.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "dw-save.h"
#include "dw-xml-private.h"

/* The whole text of the document, for turning a line into a column.
 * Only errors need it, so a file is mapped when the first one does. */
static gboolean
ensure_data (DwXmlReader *self)
{
  if (self->data != NULL)
    return TRUE;
  if (self->memory != NULL)
    {
      self->data = self->memory;
      self->length = self->memory_length;
      return TRUE;
    }
  if (self->stream == NULL)
    return FALSE;

  self->mapped = g_mapped_file_new (self->name, FALSE, NULL);
  if (self->mapped == NULL)
    return FALSE;
  self->data = g_mapped_file_get_contents (self->mapped);
  self->length = g_mapped_file_get_length (self->mapped);
  return self->data != NULL;
}

G_DEFINE_QUARK (dw-xml-error-quark, dw_xml_error)

static DwXmlReader *
reader_new (const char *display_name)
{
  DwXmlReader *self = g_new0 (DwXmlReader, 1);

  dw_xml_ensure_libxml ();

  self->name = g_strdup (display_name);
  self->max_size = DW_XML_MAX_FILE_SIZE;
  self->current = -1;
  self->events = g_array_sized_new (FALSE, TRUE, sizeof (Event), 1024);
  self->pool = g_string_sized_new (CHUNK_SIZE);
  self->spare_pool = g_string_sized_new (CHUNK_SIZE);
  self->attrs = g_array_new (FALSE, FALSE, sizeof (gsize));
  self->spare_attrs = g_array_new (FALSE, FALSE, sizeof (gsize));
  self->lines = g_array_new (FALSE, TRUE, sizeof (guint));
  self->prolog = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_xml_node_free);
  return self;
}

static GError *
too_large_error (const char *name,
                 guint64     max_size)
{
  return g_error_new (DW_XML_ERROR, DW_XML_ERROR_TOO_LARGE,
                      _("%s: the file is larger than %u MiB, the most Deckwright reads in a file "
                        "of its kind; check that it is the file you meant"),
                      name, (guint) (max_size / (1024 * 1024)));
}

/* Reads from @data, which must outlive the reader. */
DwXmlReader *
dw_xml_reader_new_for_data (const char *data,
                            gsize       length,
                            const char *display_name)
{
  DwXmlReader *self = reader_new (display_name);

  self->memory = data ? data : "";
  self->memory_length = data ? length : 0;
  return self;
}

/* Reads the file at @path a chunk at a time: memory stays the same
 * whatever the size of the file. */
DwXmlReader *
dw_xml_reader_new_for_file (const char  *path,
                            GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GFileInputStream) stream = NULL;
  DwXmlReader *self;
  gsize got = 0;

  stream = g_file_read (file, NULL, &local_error);
  if (stream == NULL)
    {
      g_set_error (error, DW_XML_ERROR, DW_XML_ERROR_IO,
                   _("%s: cannot be read: %s"), path, local_error->message);
      return NULL;
    }

  self = reader_new (path);
  self->stream = G_INPUT_STREAM (g_steal_pointer (&stream));
  self->chunk = g_malloc (CHUNK_SIZE);
  self->head = g_byte_array_new ();
  if (!g_input_stream_read_all (self->stream, self->chunk, CHUNK_SIZE, &got, NULL, &local_error))
    {
      g_set_error (error, DW_XML_ERROR, DW_XML_ERROR_IO,
                   _("%s: cannot be read: %s"), path, local_error->message);
      dw_xml_reader_free (self);
      return NULL;
    }
  if (got == 0)
    {
      g_set_error (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED,
                   _("%s:1:1: the file is empty"), path);
      dw_xml_reader_free (self);
      return NULL;
    }
  g_byte_array_append (self->head, (const guint8 *) self->chunk, (guint) got);
  self->read = got;

  return self;
}

/* The most the reader reads, DW_XML_MAX_FILE_SIZE unless told: past it,
 * reading stops with DW_XML_ERROR_TOO_LARGE. */
void
dw_xml_reader_set_max_size (DwXmlReader *reader,
                            guint64      max_size)
{
  reader->max_size = MAX (max_size, CHUNK_SIZE);
}

/* Reads the whole file at @path, or says it is larger than @max_size
 * bytes without reading further: a device (/dev/zero) or a pipe has no
 * size to ask beforehand.  @contents ends with a NUL not counted. */
gboolean
dw_file_read_bounded (const char  *path,
                      guint64      max_size,
                      char       **contents,
                      gsize       *length,
                      GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GFileInputStream) stream = g_file_read (file, NULL, &local_error);
  g_autoptr(GByteArray) bytes = NULL;
  g_autofree char *chunk = NULL;
  gsize got;

  if (stream == NULL)
    {
      g_set_error (error, DW_XML_ERROR, DW_XML_ERROR_IO, _("%s: cannot be read: %s"),
                   path, local_error->message);
      return FALSE;
    }

  bytes = g_byte_array_new ();
  chunk = g_malloc (CHUNK_SIZE);
  do
    {
      if (!g_input_stream_read_all (G_INPUT_STREAM (stream), chunk, CHUNK_SIZE, &got, NULL, &local_error))
        {
          g_set_error (error, DW_XML_ERROR, DW_XML_ERROR_IO, _("%s: cannot be read: %s"),
                       path, local_error->message);
          return FALSE;
        }
      if ((guint64) bytes->len + got > max_size)
        {
          g_propagate_error (error, too_large_error (path, max_size));
          return FALSE;
        }
      g_byte_array_append (bytes, (const guint8 *) chunk, (guint) got);
    }
  while (got == CHUNK_SIZE);

  *length = bytes->len;
  g_byte_array_append (bytes, (const guint8 *) "", 1);
  *contents = (char *) g_byte_array_free (g_steal_pointer (&bytes), FALSE);
  return TRUE;
}

void
dw_xml_reader_free (DwXmlReader *self)
{
  if (self == NULL)
    return;

  if (self->ctxt != NULL)
    {
      xmlFreeDoc (self->ctxt->myDoc);
      xmlFreeParserCtxt (self->ctxt);
    }
  g_clear_object (&self->stream);
  g_clear_pointer (&self->head, g_byte_array_unref);
  g_free (self->chunk);
  g_clear_pointer (&self->mapped, g_mapped_file_unref);
  g_array_unref (self->events);
  g_string_free (self->pool, TRUE);
  g_string_free (self->spare_pool, TRUE);
  g_array_unref (self->attrs);
  g_array_unref (self->spare_attrs);
  g_array_unref (self->lines);
  g_clear_error (&self->error);
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
position_of_offset (const char *data,
                    gsize       offset,
                    guint      *line,
                    guint      *column)
{
  gsize line_start = 0;

  *line = 1;
  for (gsize i = 0; i < offset; i++)
    if (data[i] == '\n')
      {
        (*line)++;
        line_start = i + 1;
      }
  *column = (guint) g_utf8_strlen (data + line_start, offset - line_start) + 1;
}

static gboolean
skip_past (const char *data,
           gsize       length,
           gsize      *offset,
           const char *end)
{
  gsize len = strlen (end);

  for (; *offset + len <= length; (*offset)++)
    if (memcmp (data + *offset, end, len) == 0)
      {
        *offset += len;
        return TRUE;
      }
  return FALSE;
}

typedef enum
{
  PROLOG_ALLOWED,
  PROLOG_FORBIDDEN,
  PROLOG_UNFINISHED,
} PrologCheck;

/* Refuses a document type declaration before libxml2 parses a byte of
 * it: no entity is ever declared, so none can be expanded or fetched.
 * Only the prolog can hold one, so only the prolog is scanned; when @data
 * ends inside it, the caller reads on and asks again. */
static PrologCheck
check_prolog (DwXmlReader  *self,
              const char   *data,
              gsize         length,
              GError      **error)
{
  gsize offset = 0;

  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    offset = 3;

  while (offset < length)
    {
      const char *p = data + offset;
      gsize left = length - offset;

      if (g_ascii_isspace (*p))
        offset++;
      else if (left < 9 && g_ascii_strncasecmp (p, "<!DOCTYPE", left) == 0)
        return PROLOG_UNFINISHED;
      else if (left >= 2 && memcmp (p, "<?", 2) == 0)
        {
          if (!skip_past (data, length, &offset, "?>"))
            return PROLOG_UNFINISHED;
        }
      else if (left >= 4 && memcmp (p, "<!--", 4) == 0)
        {
          offset += 4;
          if (!skip_past (data, length, &offset, "-->"))
            return PROLOG_UNFINISHED;
        }
      else if (left >= 9 && g_ascii_strncasecmp (p, "<!DOCTYPE", 9) == 0)
        {
          guint line, column;

          position_of_offset (data, offset, &line, &column);
          g_set_error (error, DW_XML_ERROR, DW_XML_ERROR_FORBIDDEN,
                       _("%s:%u:%u: document type declarations are not allowed; "
                         "remove the <!DOCTYPE …>"),
                       self->name, line, column);
          return PROLOG_FORBIDDEN;
        }
      else
        return PROLOG_ALLOWED;
    }

  return PROLOG_UNFINISHED;
}

/* Reads the next chunk of the stream into self->chunk; 0 at its end. */
static gssize
read_chunk (DwXmlReader *self)
{
  g_autoptr(GError) error = NULL;
  gsize got = 0;

  if (!g_input_stream_read_all (self->stream, self->chunk, CHUNK_SIZE, &got, NULL, &error))
    {
      dw_xml_reader_push_error (self, g_error_new (DW_XML_ERROR, DW_XML_ERROR_IO, _("%s: cannot be read: %s"),
                                     self->name, error->message));
      return -1;
    }
  self->read += got;
  if (self->read > self->max_size)
    {
      dw_xml_reader_push_error (self, too_large_error (self->name, self->max_size));
      return -1;
    }
  return (gssize) got;
}

/* Checks the prolog and makes the parser. */
static gboolean
start (DwXmlReader  *self,
       GError      **error)
{
  xmlSAXHandler sax = { 0 };
  const char *first;
  gsize first_length;
  PrologCheck check;

  self->started = TRUE;

  if (self->stream != NULL)
    {
      /* Reads on until the prolog is whole (it nearly always is). */
      while ((check = check_prolog (self, (const char *) self->head->data, self->head->len, error)) == PROLOG_UNFINISHED &&
             self->head->len < MAX_PROLOG_LENGTH)
        {
          gssize got = read_chunk (self);

          if (got < 0)
            {
              g_propagate_error (error, g_steal_pointer (&self->error));
              return FALSE;
            }
          if (got == 0)
            break;
          g_byte_array_append (self->head, (const guint8 *) self->chunk, (guint) got);
        }
      if (check == PROLOG_UNFINISHED && self->head->len >= MAX_PROLOG_LENGTH)
        {
          g_set_error (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED,
                       _("%s:1:1: more than 10 MB come before the root element"), self->name);
          return FALSE;
        }
      first = (const char *) self->head->data;
      first_length = self->head->len;
    }
  else
    {
      if (self->memory_length == 0)
        {
          g_set_error (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED,
                       _("%s:1:1: not an XML document"), self->name);
          return FALSE;
        }
      if (self->memory_length > self->max_size)
        {
          g_propagate_error (error, too_large_error (self->name, self->max_size));
          return FALSE;
        }
      check = check_prolog (self, self->memory, self->memory_length, error);
      first = self->memory;
      first_length = MIN (self->memory_length, CHUNK_SIZE);
      self->fed = first_length;
    }
  if (check == PROLOG_FORBIDDEN)
    return FALSE;

  sax.initialized = XML_SAX2_MAGIC;
  dw_xml_sax_init (&sax);

  /* The first four bytes tell libxml2 the encoding; the rest is fed. */
  self->ctxt = xmlCreatePushParserCtxt (&sax, self, first, (int) MIN (first_length, 4), self->name);
  if (self->ctxt == NULL)
    {
      g_set_error (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED,
                   _("%s:1:1: not an XML document"), self->name);
      return FALSE;
    }
  xmlCtxtUseOptions (self->ctxt, PARSE_OPTIONS);
  if (first_length > 4)
    xmlParseChunk (self->ctxt, first + 4, (int) (first_length - 4), 0);
  if (self->stream != NULL)
    g_clear_pointer (&self->head, g_byte_array_unref);

  return TRUE;
}

/* Feeds the parser one more chunk, or tells it the document has ended. */
static void
feed (DwXmlReader *self)
{
  const char *chunk;
  gssize length;

  if (self->stream != NULL)
    {
      length = read_chunk (self);
      if (length < 0)
        return;
      chunk = self->chunk;
    }
  else
    {
      length = (gssize) MIN (self->memory_length - self->fed, CHUNK_SIZE);
      chunk = self->memory + self->fed;
      self->fed += (gsize) length;
    }

  if (length > 0)
    {
      xmlParseChunk (self->ctxt, chunk, (int) length, 0);
      return;
    }

  self->ending = TRUE;
  xmlParseChunk (self->ctxt, NULL, 0, 1);
  if (self->error == NULL && !self->ctxt->wellFormed)
    dw_xml_reader_push_error_here (self, DW_XML_ERROR_MALFORMED, _("malformed XML"));
  self->finished = TRUE;
}

/* Drops the events already read, keeping the strings of the rest. */
static void
compact (DwXmlReader *self)
{
  guint first = (guint) (self->current + 1);
  GString *pool = self->spare_pool;
  GArray *attrs = self->spare_attrs;

  g_string_truncate (pool, 0);
  g_array_set_size (attrs, 0);
  for (guint i = first; i < self->events->len; i++)
    {
      Event *event = &g_array_index (self->events, Event, i);

      if (event->kind == EVENT_TEXT || event->kind == EVENT_COMMENT)
        event->text = pool_add (pool, self->pool->str + event->text, event->text_length);
      if (event->kind == EVENT_ELEMENT)
        {
          guint start = attrs->len;

          for (guint j = 0; j < 2 * event->n_attrs; j++)
            {
              gsize offset = g_array_index (self->attrs, gsize, event->attrs + j);
              const char *text = self->pool->str + offset;
              gsize moved = pool_add (pool, text, strlen (text));

              g_array_append_val (attrs, moved);
            }
          event->attrs = start;
        }
    }
  g_array_remove_range (self->events, 0, first);
  self->current = -1;

  self->spare_pool = self->pool;
  self->pool = pool;
  self->spare_attrs = self->attrs;
  self->attrs = attrs;
}

static const char *
attribute_at (DwXmlReader *self,
              const Event *event,
              guint        index)
{
  return self->pool->str + g_array_index (self->attrs, gsize, event->attrs + index);
}

/* Moves to the next node of the document.  Returns FALSE with @error set
 * on anything malformed or forbidden; sets @at_end (and returns TRUE) at
 * the end of the document. */
gboolean
dw_xml_reader_read (DwXmlReader  *self,
                    gboolean     *at_end,
                    GError      **error)
{
  const Event *event;
  guint unread;

  *at_end = FALSE;

  if (!self->started && !start (self, error))
    {
      self->finished = TRUE;
      self->current = (int) self->events->len;
      return FALSE;
    }

  /* The next node is handed out only with another queued after it, so
   * that a text is whole and an element knows whether it is empty. */
  unread = self->events->len - (guint) (self->current + 1);
  if (unread < 2 && !self->finished)
    {
      compact (self);
      while (self->events->len < 2 && !self->finished)
        feed (self);
    }

  if ((guint) (self->current + 1) >= self->events->len)
    {
      self->current = (int) self->events->len;
      if (self->error != NULL)
        {
          g_propagate_error (error, g_error_copy (self->error));
          return FALSE;
        }
      *at_end = TRUE;
      return TRUE;
    }

  self->current++;
  event = current_event (self);
  if (event->kind == EVENT_ERROR)
    {
      self->current--;
      g_propagate_error (error, g_error_copy (self->error));
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
                         dw_xml_text_node_new (DW_XML_NODE_COMMENT, event_text (self, current_event (self))));
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
                         dw_xml_text_node_new (DW_XML_NODE_COMMENT, event_text (self, current_event (self))));
    }
  return FALSE;
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
      const Event *event;

      if (at_end)
        return FALSE;

      event = current_event (self);
      if (event->kind == EVENT_ELEMENT && event->depth == depth)
        return TRUE;

      if (event->kind == EVENT_END && event->depth < depth)
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
      const Event *event;

      if (at_end)
        return FALSE;

      /* The event itself, not a call per question: every node of a
       * database passes here. */
      event = current_event (self);
      if ((event->kind == EVENT_ELEMENT || event->kind == EVENT_COMMENT) && event->depth == depth)
        return TRUE;

      if (event->kind == EVENT_END && event->depth < depth)
        return FALSE;
    }

  return FALSE;
}

static gboolean
current_is (DwXmlReader *self,
            EventKind    kind)
{
  const Event *event = current_event (self);

  return event != NULL && event->kind == kind;
}

gboolean
dw_xml_reader_is_comment (DwXmlReader *self)
{
  return current_is (self, EVENT_COMMENT);
}

gboolean
dw_xml_reader_is_element (DwXmlReader *self)
{
  return current_is (self, EVENT_ELEMENT);
}

gboolean
dw_xml_reader_is_end_element (DwXmlReader *self)
{
  return current_is (self, EVENT_END);
}

gboolean
dw_xml_reader_is_empty (DwXmlReader *self)
{
  const Event *event = current_event (self);

  return event != NULL && event->kind == EVENT_ELEMENT && event->empty;
}

int
dw_xml_reader_get_depth (DwXmlReader *self)
{
  const Event *event = current_event (self);

  return event ? event->depth : 0;
}

/* The qualified name of the current node, prefix included; it lives as
 * long as the reader. */
const char *
dw_xml_reader_get_qname (DwXmlReader *self)
{
  const Event *event = current_event (self);

  return event ? event->qname : NULL;
}

const char *
dw_xml_reader_get_local_name (DwXmlReader *self)
{
  const Event *event = current_event (self);

  return event ? event->local_name : NULL;
}

const char *
dw_xml_reader_get_ns (DwXmlReader *self)
{
  const Event *event = current_event (self);

  return event ? event->ns : NULL;
}

gboolean
dw_xml_reader_in_ns (DwXmlReader *self,
                     const char  *ns)
{
  const char *current = dw_xml_reader_get_ns (self);

  /* Names come from libxml2's dictionary, one pointer for each: a
   * namespace found once is then known by its pointer. */
  if (current != NULL && current == self->matched_ns && ns == self->matched_query)
    return TRUE;
  if (g_strcmp0 (current, ns) != 0)
    return FALSE;
  self->matched_ns = current;
  self->matched_query = ns;
  return TRUE;
}

/* The attribute's value, looked up by its qualified name, or NULL. */
static const char *
lookup_attribute (DwXmlReader *self,
                  const char  *name)
{
  const Event *event = current_event (self);

  if (event == NULL || event->kind != EVENT_ELEMENT)
    return NULL;
  for (guint i = 0; i < event->n_attrs; i++)
    {
      const char *attribute = attribute_at (self, event, 2 * i);

      /* The first letter first: every card's attributes are asked for. */
      if (attribute[0] == name[0] && strcmp (attribute, name) == 0)
        return attribute_at (self, event, 2 * i + 1);
    }
  return NULL;
}

char *
dw_xml_reader_get_attribute (DwXmlReader *self,
                             const char  *name)
{
  return g_strdup (lookup_attribute (self, name));
}

/* Like dw_xml_reader_get_attribute(), without the copy: the value lives
 * until the reader moves on. */
const char *
dw_xml_reader_peek_attribute (DwXmlReader *self,
                              const char  *name)
{
  return lookup_attribute (self, name);
}

/* How many attributes the current element has, namespace declarations
 * included. */
guint
dw_xml_reader_get_n_attributes (DwXmlReader *self)
{
  const Event *event = current_event (self);

  return event && event->kind == EVENT_ELEMENT ? event->n_attrs : 0;
}

/* All attributes of the current element, namespace declarations
 * included, as a NULL-terminated name, value, … vector. */
char **
dw_xml_reader_get_attributes (DwXmlReader *self)
{
  const Event *event = current_event (self);
  guint n = event && event->kind == EVENT_ELEMENT ? 2 * event->n_attrs : 0;
  char **attrs = g_new (char *, n + 1);

  for (guint i = 0; i < n; i++)
    attrs[i] = g_strdup (attribute_at (self, event, i));
  attrs[n] = NULL;
  return attrs;
}

/* The line of the current node; an end tag gives its start tag's. */
guint
dw_xml_reader_get_line (DwXmlReader *self)
{
  const Event *event = current_event (self);

  return event ? MAX (event->line, 1) : parser_line (self);
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
 * libxml2 tells lines but not columns of what it has read. */
guint
dw_xml_reader_column_of (DwXmlReader *self,
                         guint        line,
                         const char  *qname)
{
  gsize start;
  gsize qlen = strlen (qname);
  const char *end;
  const char *p;

  if (!ensure_data (self))
    return 1;
  start = offset_of_line (self, line);
  if (start >= self->length)
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

  if (self->started)
    {
      line = dw_xml_reader_get_line (self);
      if (dw_xml_reader_is_element (self) || dw_xml_reader_is_end_element (self))
        qname = dw_xml_reader_get_qname (self);
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
