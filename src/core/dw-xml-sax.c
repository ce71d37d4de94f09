/* dw-xml-sax.c — from libxml2's SAX2 callbacks to the reader's queue of events
 *
 * The callbacks libxml2's push parser calls as it reads: each element,
 * end tag, text and comment becomes an Event in the reader's queue, its
 * strings copied into the reader's pool (names stay in libxml2's
 * dictionary); a document type declaration, an entity reference, nesting
 * deeper than MAX_DEPTH or text longer than MAX_TEXT_LENGTH ends the
 * document with an error that names the file, the line and the column.
 * dw-xml.c feeds the parser and pulls the events.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dw-xml-private.h"

static xmlParserInputPtr
refuse_external_entity (const char       *url,
                        const char       *id,
                        xmlParserCtxtPtr  ctxt)
{
  return NULL;
}

void
dw_xml_ensure_libxml (void)
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
void
dw_xml_reader_push_error (DwXmlReader *self,
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

void
dw_xml_reader_push_error_here (DwXmlReader *self,
                               int          code,
                               const char  *message)
{
  dw_xml_reader_push_error (self, g_error_new (DW_XML_ERROR, code, "%s:%u:%u: %s",
                                 self->name, parser_line (self), parser_column (self), message));
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
      dw_xml_reader_push_error_here (self, DW_XML_ERROR_MALFORMED,
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
    dw_xml_reader_push_error_here (self, DW_XML_ERROR_MALFORMED,
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
  dw_xml_reader_push_error_here (user_data, DW_XML_ERROR_FORBIDDEN,
                   _("document type declarations are not allowed; remove the <!DOCTYPE …> line"));
}

static void
on_reference_cb (void          *user_data,
                 const xmlChar *name)
{
  dw_xml_reader_push_error_here (user_data, DW_XML_ERROR_FORBIDDEN, _("entities are not allowed"));
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
      dw_xml_reader_push_error (self, g_error_new (DW_XML_ERROR, DW_XML_ERROR_MALFORMED,
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
  dw_xml_reader_push_error (self, g_error_new (DW_XML_ERROR, DW_XML_ERROR_MALFORMED, "%s:%d:%d: %s",
                                 self->name, MAX (err->line, 1), MAX (err->int2, 1), message));
}

/* The callbacks of a reader's parser. */
void
dw_xml_sax_init (xmlSAXHandler *sax)
{
  sax->startElementNs = on_start_element_cb;
  sax->endElementNs = on_end_element_cb;
  sax->characters = on_characters_cb;
  sax->ignorableWhitespace = on_characters_cb;
  sax->comment = on_comment_cb;
  sax->internalSubset = on_internal_subset_cb;
  sax->reference = on_reference_cb;
  sax->serror = on_structured_error_cb;
}
