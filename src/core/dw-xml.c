/* dw-xml.c — hardened XML reading and faithful writing
 *
 * Every file Deckwright reads comes through here: libxml2's SAX2 push
 * parser with network access off, no DTD loading, no entity substitution,
 * and any document type declaration refused outright, so external
 * entities and expansion bombs never get a chance.  Errors name the file,
 * the line and the column.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "dw-save.h"
#include "dw-xml.h"

/* The reader is libxml2's SAX2 push parser behind a pull interface.
 *
 * SAX2 is libxml2's fastest way through a document (xmlTextReader builds
 * and frees a tree node for everything it reads), and a push parser fed
 * from a stream never holds more than a chunk of the file.  The SAX
 * callbacks turn what they see into events in a queue; the loaders pull
 * the events one at a time, as they pulled xmlTextReader's nodes before.
 * Strings an event needs beyond the callback (text, attributes) are
 * copied into a pool; names come from libxml2's dictionary, which lives
 * as long as the parser does. */

typedef enum
{
  EVENT_ELEMENT,
  EVENT_END,
  EVENT_TEXT,
  EVENT_COMMENT,
  EVENT_ERROR,
} EventKind;

typedef struct
{
  EventKind    kind;
  int          depth;
  guint        line;
  gboolean     empty;      /* elements: the end tag came right after */
  const char  *qname;      /* elements: libxml2's dictionary */
  const char  *local_name;
  const char  *ns;
  gsize        text;       /* text and comments: offset in the pool */
  gsize        text_length;
  guint        attrs;      /* elements: the first of their offsets in attrs */
  guint        n_attrs;
} Event;

struct _DwXmlReader
{
  xmlParserCtxtPtr  ctxt;
  char             *name;

  /* Where the bytes come from: memory, or a stream read a chunk at a time. */
  const char       *memory;
  gsize             memory_length;
  gsize             fed;
  guint64           read;       /* bytes read from the stream so far */
  guint64           max_size;   /* the most it reads (DW_XML_MAX_FILE_SIZE) */
  GInputStream     *stream;
  GByteArray       *head;       /* the file's first bytes, read before parsing */
  char             *chunk;

  /* The whole text, for the column of an error: the memory, or the file
   * mapped when an error first needs it. */
  const char       *data;
  gsize             length;
  GMappedFile      *mapped;
  guint             cached_line;
  gsize             cached_offset;

  /* The queue: events[current] is the node the reader is on, and
   * events[current + 1 …] are still to be read. */
  GArray           *events;
  guint             events_room; /* elements events has memory for */
  int               current;
  GString          *pool;
  GArray           *attrs;      /* gsize: name, value, name, value… in the pool */
  GString          *spare_pool;
  GArray           *spare_attrs;
  GArray           *lines;      /* the start line of each open element */
  int               depth;
  gboolean          seen_root;
  gboolean          ending;     /* the parser is told the document ended */
  gboolean          started;
  gboolean          finished;
  GError           *error;      /* what the EVENT_ERROR in the queue says */

  GPtrArray        *prolog;     /* comments before the root element */

  /* The last namespace dw_xml_reader_in_ns() found, and what it was asked. */
  const char       *matched_ns;
  const char       *matched_query;
};

#define PARSE_OPTIONS (XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_NOCDATA | XML_PARSE_COMPACT)
#define CHUNK_SIZE (64 * 1024)
/* libxml2's own limit on a text node, which its tree builder enforced for
 * xmlTextReader; SAX leaves it to us. */
#define MAX_TEXT_LENGTH XML_MAX_TEXT_LENGTH
/* A document's prolog is a line or two; a longer one is an attack on the
 * check below, which must see all of it. */
#define MAX_PROLOG_LENGTH (XML_MAX_TEXT_LENGTH + 1024)
/* libxml2's limit on nesting, which its push parser leaves to SAX. */
#define MAX_DEPTH 256

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

static guint
parser_line (DwXmlReader *self)
{
  return self->ctxt && self->ctxt->input ? (guint) MAX (self->ctxt->input->line, 1) : 1;
}

static guint
parser_column (DwXmlReader *self)
{
  return self->ctxt && self->ctxt->input ? (guint) MAX (self->ctxt->input->col, 1) : 1;
}

static Event *
push_event (DwXmlReader *self,
            EventKind    kind)
{
  Event *event;

  /* Every node of a big database passes through here: the array grows
   * in steps (set to the new size and back, which keeps the memory), and
   * an event is then one more element, without a call per event. */
  if (G_UNLIKELY (self->events->len >= self->events_room))
    {
      guint len = self->events->len;

      g_array_set_size (self->events, MAX (2 * len, 1024));
      self->events_room = self->events->len;
      g_array_set_size (self->events, len);
    }
  event = &g_array_index (self->events, Event, self->events->len);
  self->events->len++;
  memset (event, 0, sizeof *event);
  event->kind = kind;
  event->depth = self->depth;
  event->line = parser_line (self);
  return event;
}

/* The last event queued, when it is one still to be read (a text the
 * parser may go on with, an element whose end tag may come next). */
static Event *
last_unread_event (DwXmlReader *self)
{
  if (self->events->len == 0 || (int) self->events->len - 1 <= self->current)
    return NULL;
  return &g_array_index (self->events, Event, self->events->len - 1);
}

/* Ends the queue with @error, which the reader reports when it gets
 * there: everything before it in the document is still read first. */
static void
push_error (DwXmlReader *self,
            GError      *error)
{
  if (self->error != NULL || self->finished)
    {
      g_error_free (error);
      return;
    }
  self->error = error;
  push_event (self, EVENT_ERROR);
  self->finished = TRUE;
  if (self->ctxt != NULL)
    xmlStopParser (self->ctxt);
}

static void
push_error_here (DwXmlReader *self,
                 int          code,
                 const char  *message)
{
  push_error (self, g_error_new (DW_XML_ERROR, code, "%s:%u:%u: %s",
                                 self->name, parser_line (self), parser_column (self), message));
}

/* g_string_append_len() without its call into the general insert when
 * the string has room, which it nearly always has: the reader copies
 * every text and attribute of a document. */
static inline void
append_len (GString    *string,
            const char *text,
            gsize       length)
{
  if (G_LIKELY (string->len + length < string->allocated_len))
    {
      memcpy (string->str + string->len, text, length);
      string->len += length;
      string->str[string->len] = '\0';
    }
  else
    g_string_append_len (string, text, (gssize) length);
}

static gsize
pool_add (GString    *pool,
          const char *text,
          gsize       length)
{
  gsize offset = pool->len;

  append_len (pool, text, length);
  g_string_append_c (pool, '\0');
  return offset;
}

static void
add_attribute (DwXmlReader *self,
               const char  *prefix,
               const char  *name,
               const char  *value,
               gsize        length)
{
  gsize offsets[2];

  offsets[0] = self->pool->len;
  if (prefix != NULL)
    {
      append_len (self->pool, prefix, strlen (prefix));
      g_string_append_c (self->pool, ':');
    }
  append_len (self->pool, name, strlen (name));
  g_string_append_c (self->pool, '\0');

  /* Without entity substitution, libxml2 hands a SAX2 handler every "&"
   * of an attribute as "&#38;" (its tree builder decodes that again).
   * Every other reference is already replaced, and a bare "&" cannot
   * occur, so each "&" starts exactly that. */
  offsets[1] = self->pool->len;
  for (const char *end = value + length, *amp; value < end; value = amp + 5)
    {
      amp = memchr (value, '&', (gsize) (end - value));
      if (amp == NULL || (gsize) (end - amp) < 5 || memcmp (amp, "&#38;", 5) != 0)
        {
          append_len (self->pool, value, (gsize) (end - value));
          break;
        }
      append_len (self->pool, value, (gsize) (amp - value));
      g_string_append_c (self->pool, '&');
    }
  g_string_append_c (self->pool, '\0');

  g_array_append_vals (self->attrs, offsets, 2);
}

static void
on_start_element_cb (void           *user_data,
                     const xmlChar  *local_name,
                     const xmlChar  *prefix,
                     const xmlChar  *uri,
                     int             n_namespaces,
                     const xmlChar **namespaces,
                     int             n_attributes,
                     int             n_defaulted,
                     const xmlChar **attributes)
{
  DwXmlReader *self = user_data;
  xmlDictPtr dict = self->ctxt->dict;
  Event *event;

  if (self->depth > MAX_DEPTH)
    {
      push_error_here (self, DW_XML_ERROR_MALFORMED,
                       _("elements are nested more than 256 deep"));
      return;
    }

  event = push_event (self, EVENT_ELEMENT);
  self->seen_root = TRUE;
  event->local_name = (const char *) local_name;
  event->qname = prefix ? (const char *) xmlDictQLookup (dict, prefix, local_name)
                        : (const char *) local_name;
  if (uri != NULL && !xmlDictOwns (dict, uri))
    uri = xmlDictLookup (dict, uri, -1);
  event->ns = (const char *) uri;
  event->attrs = self->attrs->len;

  /* Namespace declarations first, as xmlTextReader listed them. */
  for (int i = 0; i < n_namespaces; i++)
    {
      const char *ns_prefix = (const char *) namespaces[2 * i];
      const char *ns_uri = (const char *) namespaces[2 * i + 1];

      add_attribute (self, ns_prefix ? "xmlns" : NULL, ns_prefix ? ns_prefix : "xmlns",
                     ns_uri ? ns_uri : "", ns_uri ? strlen (ns_uri) : 0);
    }
  for (int i = 0; i < n_attributes; i++)
    {
      const xmlChar **attribute = attributes + 5 * i;

      add_attribute (self, (const char *) attribute[1], (const char *) attribute[0],
                     (const char *) attribute[3], (gsize) (attribute[4] - attribute[3]));
    }
  event->n_attrs = (self->attrs->len - event->attrs) / 2;

  if ((guint) self->depth >= self->lines->len)
    g_array_set_size (self->lines, self->depth + 1);
  g_array_index (self->lines, guint, self->depth) = event->line;
  self->depth++;
}

static void
on_end_element_cb (void          *user_data,
                   const xmlChar *local_name,
                   const xmlChar *prefix,
                   const xmlChar *uri)
{
  DwXmlReader *self = user_data;
  Event *last = last_unread_event (self);
  Event *event;

  self->depth--;

  /* <a></a> reads as <a/> does: an empty element, with no end node. */
  if (last != NULL && last->kind == EVENT_ELEMENT && last->depth == self->depth)
    {
      last->empty = TRUE;
      return;
    }

  event = push_event (self, EVENT_END);
  event->line = g_array_index (self->lines, guint, self->depth);
  event->local_name = (const char *) local_name;
  event->qname = prefix ? (const char *) xmlDictQLookup (self->ctxt->dict, prefix, local_name)
                        : (const char *) local_name;
  if (uri != NULL && !xmlDictOwns (self->ctxt->dict, uri))
    uri = xmlDictLookup (self->ctxt->dict, uri, -1);
  event->ns = (const char *) uri;
}

static void
on_characters_cb (void          *user_data,
                  const xmlChar *text,
                  int            length)
{
  DwXmlReader *self = user_data;
  Event *last = last_unread_event (self);

  /* libxml2 hands a text over in pieces; the reader sees it whole. */
  if (last != NULL && last->kind == EVENT_TEXT && last->text + last->text_length + 1 == self->pool->len)
    {
      g_string_truncate (self->pool, self->pool->len - 1);
      append_len (self->pool, (const char *) text, (gsize) length);
      g_string_append_c (self->pool, '\0');
      last->text_length += (gsize) length;
    }
  else
    {
      last = push_event (self, EVENT_TEXT);
      last->text = pool_add (self->pool, (const char *) text, (gsize) length);
      last->text_length = (gsize) length;
    }

  if (last->text_length > MAX_TEXT_LENGTH)
    push_error_here (self, DW_XML_ERROR_MALFORMED,
                     _("a text is longer than 10,000,000 bytes (huge text node)"));
}

static void
on_comment_cb (void          *user_data,
               const xmlChar *text)
{
  DwXmlReader *self = user_data;
  Event *event = push_event (self, EVENT_COMMENT);
  gsize length = strlen ((const char *) text);

  event->text = pool_add (self->pool, (const char *) text, length);
  event->text_length = length;
}

/* Neither can happen once the prolog is checked and no entity declared;
 * should either ever get this far, it stops the document. */
static void
on_internal_subset_cb (void          *user_data,
                       const xmlChar *name,
                       const xmlChar *external_id,
                       const xmlChar *system_id)
{
  push_error_here (user_data, DW_XML_ERROR_FORBIDDEN,
                   _("document type declarations are not allowed; remove the <!DOCTYPE …> line"));
}

static void
on_reference_cb (void          *user_data,
                 const xmlChar *name)
{
  push_error_here (user_data, DW_XML_ERROR_FORBIDDEN, _("entities are not allowed"));
}

static void
on_structured_error_cb (void        *user_data,
                        xmlErrorPtr  err)
{
  DwXmlReader *self = user_data;
  g_autofree char *message = NULL;

  if (err == NULL || err->level == XML_ERR_WARNING || self->error != NULL)
    return;

  message = g_strstrip (g_strdup (err->message ? err->message : _("malformed XML")));
  if (self->ending && !self->seen_root)
    {
      /* libxml2 calls an empty document "Extra content at the end". */
      push_error (self, g_error_new (DW_XML_ERROR, DW_XML_ERROR_MALFORMED,
                                     _("%s:1:1: the document has no root element"), self->name));
      return;
    }
  if (self->ending)
    {
      /* The push parser waits for more of a document that stops in the
       * middle, and finds it wrong only when told there is no more; it
       * then says "Extra content at the end of the document" or the
       * like. */
      g_autofree char *detail = g_steal_pointer (&message);

      message = g_strdup_printf (_("the file ends in the middle of the document; "
                                   "it may have been cut off (%s)"), detail);
    }
  push_error (self, g_error_new (DW_XML_ERROR, DW_XML_ERROR_MALFORMED, "%s:%d:%d: %s",
                                 self->name, MAX (err->line, 1), MAX (err->int2, 1), message));
}

static DwXmlReader *
reader_new (const char *display_name)
{
  DwXmlReader *self = g_new0 (DwXmlReader, 1);

  ensure_libxml ();

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
      push_error (self, g_error_new (DW_XML_ERROR, DW_XML_ERROR_IO, _("%s: cannot be read: %s"),
                                     self->name, error->message));
      return -1;
    }
  self->read += got;
  if (self->read > self->max_size)
    {
      push_error (self, too_large_error (self->name, self->max_size));
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
  sax.startElementNs = on_start_element_cb;
  sax.endElementNs = on_end_element_cb;
  sax.characters = on_characters_cb;
  sax.ignorableWhitespace = on_characters_cb;
  sax.comment = on_comment_cb;
  sax.internalSubset = on_internal_subset_cb;
  sax.reference = on_reference_cb;
  sax.serror = on_structured_error_cb;

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
    push_error_here (self, DW_XML_ERROR_MALFORMED, _("malformed XML"));
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

static const Event *
current_event (DwXmlReader *self)
{
  if (self->current < 0 || (guint) self->current >= self->events->len)
    return NULL;
  return &g_array_index (self->events, Event, self->current);
}

static const char *
event_text (DwXmlReader *self,
            const Event *event)
{
  return self->pool->str + event->text;
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
                         text_node_new (DW_XML_NODE_COMMENT, event_text (self, current_event (self))));
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
                         text_node_new (DW_XML_NODE_COMMENT, event_text (self, current_event (self))));
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

static DwXmlNode *
current_text_node (DwXmlReader *self)
{
  const Event *event = current_event (self);

  return text_node_new (event->kind == EVENT_COMMENT ? DW_XML_NODE_COMMENT : DW_XML_NODE_TEXT,
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
        g_ptr_array_add (element->children, text_node_new (DW_XML_NODE_TEXT, text->str + start));
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
