/* dw-xml.h — hardened XML reading and faithful writing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define DW_XML_ERROR (dw_xml_error_quark ())

typedef enum
{
  DW_XML_ERROR_IO,          /* the file cannot be read */
  DW_XML_ERROR_MALFORMED,   /* not well-formed XML, or not UTF-8 */
  DW_XML_ERROR_FORBIDDEN,   /* DTDs and entities: never loaded, never expanded */
  DW_XML_ERROR_INVALID,     /* well-formed but not what the format says */
  DW_XML_ERROR_TOO_LARGE,   /* past the size a reader reads (README, "Limits") */
} DwXmlError;

/* The largest file read (README, "Limits"): a deck, a game definition, a
 * format or a table is a few KB, so 16 MiB is ample and bounds what a
 * file of unknown elements kept for writing back may take; card
 * databases allow more (DW_CARD_DB_MAX_FILE_SIZE).  A device such as
 * /dev/zero stops there too. */
#define DW_XML_MAX_FILE_SIZE (G_GUINT64_CONSTANT (16) * 1024 * 1024)

typedef enum
{
  DW_XML_NODE_ELEMENT,
  DW_XML_NODE_TEXT,
  DW_XML_NODE_COMMENT,
} DwXmlNodeKind;

/* A small, owned copy of a piece of a document: enough to understand the
 * structured parts of a format and to write back the parts we do not
 * understand exactly as they were. */
typedef struct _DwXmlNode DwXmlNode;
struct _DwXmlNode
{
  DwXmlNodeKind  kind;
  char          *name;      /* qualified name, elements only */
  const char    *ns;        /* namespace URI, interned; NULL if none */
  char         **attrs;     /* NULL-terminated name, value, name, value… */
  char          *text;      /* text and comment nodes */
  GPtrArray     *children;  /* of DwXmlNode, elements only */
  guint          line;
};

typedef struct _DwXmlReader DwXmlReader;

GQuark       dw_xml_error_quark            (void);

DwXmlReader *dw_xml_reader_new_for_file    (const char   *path,
                                            GError      **error);
void         dw_xml_reader_set_max_size   (DwXmlReader  *reader,
                                           guint64       max_size);
gboolean     dw_file_read_bounded         (const char   *path,
                                           guint64       max_size,
                                           char        **contents,
                                           gsize        *length,
                                           GError      **error);
DwXmlReader *dw_xml_reader_new_for_data    (const char   *data,
                                            gsize         length,
                                            const char   *display_name);
void         dw_xml_reader_free            (DwXmlReader  *reader);
const char  *dw_xml_reader_get_name        (DwXmlReader  *reader);

gboolean     dw_xml_reader_read            (DwXmlReader  *reader,
                                            gboolean     *at_end,
                                            GError      **error);
gboolean     dw_xml_reader_next_element    (DwXmlReader  *reader,
                                            int           depth,
                                            GError      **error);
gboolean     dw_xml_reader_next_child      (DwXmlReader  *reader,
                                            int           depth,
                                            GError      **error);
gboolean     dw_xml_reader_is_comment      (DwXmlReader  *reader);
gboolean     dw_xml_reader_read_root       (DwXmlReader  *reader,
                                            const char   *ns,
                                            const char   *const *local_names,
                                            GError      **error);
GPtrArray   *dw_xml_reader_get_prolog      (DwXmlReader  *reader);
gboolean     dw_xml_reader_read_epilog     (DwXmlReader  *reader,
                                            GPtrArray    *epilog,
                                            GError      **error);
gboolean     dw_xml_reader_is_element      (DwXmlReader  *reader);
gboolean     dw_xml_reader_is_end_element  (DwXmlReader  *reader);
int          dw_xml_reader_get_depth       (DwXmlReader  *reader);
const char  *dw_xml_reader_get_local_name  (DwXmlReader  *reader);
const char  *dw_xml_reader_get_qname       (DwXmlReader  *reader);
const char  *dw_xml_reader_get_ns          (DwXmlReader  *reader);
gboolean     dw_xml_reader_in_ns           (DwXmlReader  *reader,
                                            const char   *ns);
char        *dw_xml_reader_get_attribute   (DwXmlReader  *reader,
                                            const char   *name);
char       **dw_xml_reader_get_attributes  (DwXmlReader  *reader);
const char  *dw_xml_reader_peek_attribute  (DwXmlReader  *reader,
                                            const char   *name);
guint        dw_xml_reader_get_n_attributes (DwXmlReader *reader);
gboolean     dw_xml_reader_is_empty        (DwXmlReader  *reader);
guint        dw_xml_reader_get_line        (DwXmlReader  *reader);
guint        dw_xml_reader_column_of       (DwXmlReader  *reader,
                                            guint         line,
                                            const char   *qname);
DwXmlNode   *dw_xml_reader_read_node       (DwXmlReader  *reader,
                                            GError      **error);
gboolean     dw_xml_reader_read_value      (DwXmlReader  *reader,
                                            char        **text,
                                            DwXmlNode   **node,
                                            GError      **error);
gboolean     dw_xml_reader_read_value_into (DwXmlReader  *reader,
                                            GString      *text,
                                            DwXmlNode   **node,
                                            GError      **error);
char        *dw_xml_reader_read_text       (DwXmlReader  *reader,
                                            GError      **error);
gboolean     dw_xml_reader_read_text_into  (DwXmlReader  *reader,
                                            GString      *text,
                                            GError      **error);
void         dw_xml_reader_set_error       (DwXmlReader  *reader,
                                            GError      **error,
                                            GQuark        domain,
                                            int           code,
                                            const char   *format,
                                            ...) G_GNUC_PRINTF (5, 6);
void         dw_xml_reader_set_error_at    (DwXmlReader  *reader,
                                            GError      **error,
                                            guint         line,
                                            const char   *qname,
                                            GQuark        domain,
                                            int           code,
                                            const char   *format,
                                            ...) G_GNUC_PRINTF (7, 8);

DwXmlNode   *dw_xml_node_new_element       (const char   *name,
                                            const char   *ns);
DwXmlNode   *dw_xml_node_copy              (const DwXmlNode *node);
void         dw_xml_node_free              (DwXmlNode    *node);
void         dw_xml_nodes_extend           (GPtrArray    *dest,
                                            GPtrArray    *src);
const char  *dw_xml_node_get_attribute     (const DwXmlNode *node,
                                            const char   *name);
const char  *dw_xml_node_local_name        (const DwXmlNode *node);
char        *dw_xml_node_get_text          (const DwXmlNode *node);
gboolean     dw_xml_node_is_simple         (const DwXmlNode *node);
gboolean     dw_xml_node_equal             (const DwXmlNode *a,
                                            const DwXmlNode *b);

gboolean     dw_xml_is_char                (gunichar      c);
const char  *dw_xml_describe_non_char      (gunichar      c);
void         dw_xml_escape_text            (GString      *out,
                                            const char   *text);
void         dw_xml_escape_attribute       (GString      *out,
                                            const char   *text);
void         dw_xml_write_node             (GString      *out,
                                            const DwXmlNode *node);
void         dw_xml_write_element          (GString      *out,
                                            int           indent,
                                            const char   *name,
                                            const char   *text);
void         dw_xml_write_comments         (GString      *out,
                                            GPtrArray    *comments);
gboolean     dw_xml_save                   (const char   *path,
                                            const char   *contents,
                                            gssize        length,
                                            GError      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwXmlReader, dw_xml_reader_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwXmlNode, dw_xml_node_free)

G_END_DECLS
