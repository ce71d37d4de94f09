/* dw-xml-private.h — what the reader's files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <string.h>

#include "dw-xml.h"

G_BEGIN_DECLS

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

static inline guint
parser_line (DwXmlReader *self)
{
  return self->ctxt && self->ctxt->input ? (guint) MAX (self->ctxt->input->line, 1) : 1;
}

static inline guint
parser_column (DwXmlReader *self)
{
  return self->ctxt && self->ctxt->input ? (guint) MAX (self->ctxt->input->col, 1) : 1;
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

static inline gsize
pool_add (GString    *pool,
          const char *text,
          gsize       length)
{
  gsize offset = pool->len;

  append_len (pool, text, length);
  g_string_append_c (pool, '\0');
  return offset;
}

/* The event the reader is on, or NULL. */
static inline const Event *
current_event (DwXmlReader *self)
{
  if (self->current < 0 || (guint) self->current >= self->events->len)
    return NULL;
  return &g_array_index (self->events, Event, self->current);
}

static inline const char *
event_text (DwXmlReader *self,
            const Event *event)
{
  return self->pool->str + event->text;
}

/* dw-xml-sax.c: from libxml2's SAX2 callbacks to the queue of events */
void        dw_xml_ensure_libxml          (void);
void        dw_xml_sax_init               (xmlSAXHandler *sax);
void        dw_xml_reader_push_error      (DwXmlReader   *self,
                                           GError        *error);
void        dw_xml_reader_push_error_here (DwXmlReader   *self,
                                           int            code,
                                           const char    *message);

/* dw-xml-write.c: the nodes, and writing */
DwXmlNode  *dw_xml_text_node_new          (DwXmlNodeKind  kind,
                                           const char    *text);

G_END_DECLS
