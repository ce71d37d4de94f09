/* dw-json.c — reading JSON with json-glib, remembering where each object was
 *
 * json-glib keeps no positions in the tree it builds, but it does say
 * which line it is on while it parses.  Remembering the line of each
 * object as it starts lets an importer say "file:line: reason" about a
 * value that is well-formed JSON but wrong for the format.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-import.h"
#include "dw-json.h"
#include "dw-xml.h"

struct _DwJsonDocument
{
  char        *name;
  JsonParser  *parser;
  GHashTable  *lines;   /* JsonObject → line of its "{" */
  GArray      *open;    /* lines of the objects being parsed */
};

static void
on_object_start_cb (JsonParser     *parser,
                    DwJsonDocument *self)
{
  guint line = json_parser_get_current_line (parser);

  g_array_append_val (self->open, line);
}

static void
on_object_end_cb (JsonParser     *parser,
                  JsonObject     *object,
                  DwJsonDocument *self)
{
  guint line;

  if (self->open->len == 0)
    return;
  line = g_array_index (self->open, guint, self->open->len - 1);
  g_array_set_size (self->open, self->open->len - 1);
  g_hash_table_insert (self->lines, object, GUINT_TO_POINTER (line));
}

static void
position_of (const char *data,
             gsize       offset,
             guint      *line,
             guint      *column)
{
  *line = 1;
  *column = 1;
  for (gsize i = 0; i < offset; i++)
    if (data[i] == '\n')
      (*line)++, *column = 1;
    else if (((guchar) data[i] & 0xc0) != 0x80)
      (*column)++;
}

/* The code unit of "\uXXXX" at @data[@i] (just past the backslash's
 * "u"), or -1 when the four digits are not there (json-glib then says
 * what is wrong). */
static int
code_unit_at (const char *data,
              gsize       length,
              gsize       i)
{
  int unit = 0;

  if (i + 4 > length)
    return -1;
  for (gsize k = i; k < i + 4; k++)
    {
      int digit = g_ascii_xdigit_value (data[k]);

      if (digit < 0)
        return -1;
      unit = unit * 16 + digit;
    }
  return unit;
}

/* Looks at the whole text once before json-glib does, which parses
 * nesting by recursion (75,000 levels overflow the stack) and takes in
 * strings that no XML file can hold: "\u0000" cuts a string short,
 * "\ud800" alone and "\377" make bytes that are not UTF-8, "\u0003", "\b"
 * and "\7" control characters that a deck or card database saved from
 * it would lose.  Both are refused, naming the line and column; so is
 * any escape JSON does not have. */
static gboolean
check_text (const char  *data,
            gsize        length,
            const char  *display_name,
            GQuark       error_domain,
            int          error_code,
            GError     **error)
{
  guint depth = 0;
  char quote = '\0';  /* the quote of the string we are in */

  for (gsize i = 0; i < length; i++)
    {
      guchar c = (guchar) data[i];
      gsize at = i;
      gboolean escaped = FALSE;
      gboolean not_json = FALSE;
      gsize escape_length = 2;
      int refused = -1;
      guint line, column;

      if (quote == '\0')
        {
          /* json-glib's scanner also takes 'strings' and C comments; a
           * quote in one of those must not hide the nesting after it. */
          if (c == '"' || c == '\'')
            quote = (char) c;
          else if (c == '/' && i + 1 < length && data[i + 1] == '*')
            {
              for (i += 2; i + 1 < length && !(data[i] == '*' && data[i + 1] == '/'); i++)
                ;
              if (i + 1 >= length)
                return TRUE;  /* json-glib says it never ends */
              i++;
            }
          else if ((c == '{' || c == '[') && ++depth > DW_JSON_MAX_DEPTH)
            {
              position_of (data, i, &line, &column);
              g_set_error (error, error_domain, error_code,
                           _("%s:%u:%u: JSON nested deeper than %u; Deckwright reads JSON "
                             "nested up to that depth"),
                           display_name, line, column, DW_JSON_MAX_DEPTH);
              return FALSE;
            }
          else if ((c == '}' || c == ']') && depth > 0)
            depth--;
          continue;
        }

      if (c == (guchar) quote)
        quote = '\0';
      else if (c < 0x20 && !dw_xml_is_char (c))
        refused = c;
      else if (quote == '\'')
        continue;  /* no escapes in a 'string' */
      else if (c == '\\' && i + 1 < length)
        {
          char next = data[i + 1];

          escaped = TRUE;
          if (next == 'u')
            {
              int unit = code_unit_at (data, length, i + 2);

              escape_length = 6;
              if (unit >= 0xd800 && unit <= 0xdbff)
                {
                  /* A high surrogate needs its low one right after it. */
                  int low = (i + 7 < length && data[i + 6] == '\\' && data[i + 7] == 'u')
                            ? code_unit_at (data, length, i + 8) : -1;

                  if (low >= 0xdc00 && low <= 0xdfff)
                    i += 11;
                  else
                    refused = unit;
                }
              else if (unit >= 0 && !dw_xml_is_char ((gunichar) unit))
                refused = unit;
              else
                i += unit >= 0 ? 5 : 1;
            }
          else if (next == 'b' || next == 'f')
            refused = next == 'b' ? '\b' : '\f';
          else if (next != '\0' && strchr ("\"\\/nrt", next) != NULL)
            i++;
          else
            {
              /* json-glib also reads "\7" and "\377" as bytes (a control
               * character, a byte that is not UTF-8) and "\x" as "x". */
              not_json = TRUE;
              if ((guchar) next >= 0x80)
                {
                  gsize n = (gsize) g_utf8_skip[(guchar) next];

                  escape_length = (i + 1 + n <= length && g_utf8_validate (data + i + 1, (gssize) n, NULL))
                                  ? 1 + n : 1;
                }
            }
        }

      if (refused >= 0 || not_json)
        {
          position_of (data, at, &line, &column);
          if (not_json)
            g_set_error (error, error_domain, error_code,
                         _("%s:%u:%u: “%.*s” is no escape of JSON; a backslash is written “\\\\”"),
                         display_name, line, column, (int) escape_length, data + at);
          else if (escaped)
            g_set_error (error, error_domain, error_code,
                         _("%s:%u:%u: the string holds “%.*s”, %s, which no Deckwright file can "
                           "keep; remove it"),
                         display_name, line, column, (int) escape_length, data + at,
                         dw_xml_describe_non_char ((gunichar) refused));
          else
            g_set_error (error, error_domain, error_code,
                         _("%s:%u:%u: the file holds U+%04X, %s, which no Deckwright file can "
                           "keep; remove it"),
                         display_name, line, column, (guint) refused,
                         dw_xml_describe_non_char ((gunichar) refused));
          return FALSE;
        }
    }
  return TRUE;
}

/* The offset of whatever follows the document's first value, or
 * @length when nothing does or the value never ends (json-glib then says
 * what is wrong).  json-glib 1.6 reads "6{…}" or "{…}{…}" as a document
 * without complaint and never frees the values after the first. */
static gsize
find_trailing_content (const char *data,
                       gsize       length)
{
  gsize i = 0;
  int depth = 0;

  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    i = 3;
  while (i < length && strchr (" \t\n\r", data[i]) != NULL && data[i] != '\0')
    i++;
  if (i == length)
    return length;

  do
    {
      char c = data[i];

      if (c == '"')
        {
          for (i++; i < length && data[i] != '"'; i++)
            if (data[i] == '\\')
              i++;
          if (i >= length)
            return length;
          i++;
        }
      else if (c == '{' || c == '[')
        {
          depth++;
          i++;
        }
      else if (c == '}' || c == ']')
        {
          if (--depth < 0)
            return length;
          i++;
        }
      else if (depth == 0)
        {
          /* A number, true, false or null at the top. */
          while (i < length && strchr (" \t\n\r{}[],:\"", data[i]) == NULL)
            i++;
          if (i < length && data[i] == '\0')
            return length;
        }
      else
        i++;
    }
  while (depth > 0 && i < length);

  if (depth > 0)
    return length;
  while (i < length && strchr (" \t\n\r", data[i]) != NULL && data[i] != '\0')
    i++;
  return i;
}

/* Parses @data (UTF-8).  A malformed document gives "@display_name:line:
 * column: reason" in @error_domain / @error_code; so does one nested
 * deeper than DW_JSON_MAX_DEPTH or holding a character XML cannot hold. */
DwJsonDocument *
dw_json_document_new (const char  *data,
                      gsize        length,
                      const char  *display_name,
                      GQuark       error_domain,
                      int          error_code,
                      GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  DwJsonDocument *self;
  gsize trailing;

  if (!check_text (data, length, display_name, error_domain, error_code, error))
    return NULL;

  trailing = find_trailing_content (data, length);
  if (trailing < length)
    {
      guint line, column;

      position_of (data, trailing, &line, &column);
      g_set_error (error, error_domain, error_code,
                   _("%s:%u:%u: the JSON document ends before this; a file holds one document"),
                   display_name, line, column);
      return NULL;
    }

  self = g_new0 (DwJsonDocument, 1);
  self->name = g_strdup (display_name);
  self->parser = json_parser_new_immutable ();
  self->lines = g_hash_table_new (NULL, NULL);
  self->open = g_array_new (FALSE, FALSE, sizeof (guint));
  g_signal_connect (self->parser, "object-start", G_CALLBACK (on_object_start_cb), self);
  g_signal_connect (self->parser, "object-end", G_CALLBACK (on_object_end_cb), self);

  if (!json_parser_load_from_data (self->parser, data, (gssize) length, &local_error))
    {
      const char *message = local_error->message;

      /* json-glib names in-memory data "<data>"; name the file instead. */
      if (g_str_has_prefix (message, "<data>:"))
        message += strlen ("<data>:");
      g_set_error (error, error_domain, error_code, "%s:%s", display_name, message);
      dw_json_document_free (self);
      return NULL;
    }

  if (json_parser_get_root (self->parser) == NULL)
    {
      g_set_error (error, error_domain, error_code, _("%s:1:1: the file is empty"), display_name);
      dw_json_document_free (self);
      return NULL;
    }

  return self;
}

void
dw_json_document_free (DwJsonDocument *self)
{
  if (self == NULL)
    return;

  g_free (self->name);
  g_clear_object (&self->parser);
  g_hash_table_unref (self->lines);
  g_array_unref (self->open);
  g_free (self);
}

JsonNode *
dw_json_document_get_root (DwJsonDocument *self)
{
  return json_parser_get_root (self->parser);
}

const char *
dw_json_document_get_name (DwJsonDocument *self)
{
  return self->name;
}

/* The line on which @object opens, or 1 when it is not of this document. */
guint
dw_json_document_line_of (DwJsonDocument *self,
                          JsonObject     *object)
{
  guint line = GPOINTER_TO_UINT (g_hash_table_lookup (self->lines, object));

  return MAX (line, 1);
}

/* The string value of @member, or NULL when it is missing, null or not a
 * string. */
const char *
dw_json_object_get_text (JsonObject *object,
                         const char *member)
{
  JsonNode *node = object ? json_object_get_member (object, member) : NULL;

  if (node == NULL || JSON_NODE_TYPE (node) != JSON_NODE_VALUE ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/* @member as text whether the file wrote it as a string or a number (the
 * web API writes a card's cost as a string but its loyalty as a number);
 * NULL when it is missing, null, or neither. */
char *
dw_json_object_dup_value (JsonObject *object,
                          const char *member)
{
  JsonNode *node = object ? json_object_get_member (object, member) : NULL;
  GType type;

  if (node == NULL || JSON_NODE_TYPE (node) != JSON_NODE_VALUE)
    return NULL;

  type = json_node_get_value_type (node);
  if (type == G_TYPE_STRING)
    return g_strdup (json_node_get_string (node));
  if (type == G_TYPE_INT64)
    return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
  if (type == G_TYPE_DOUBLE)
    {
      char buffer[G_ASCII_DTOSTR_BUF_SIZE];
      return g_strdup (g_ascii_dtostr (buffer, sizeof buffer, json_node_get_double (node)));
    }
  return NULL;
}

/* A whole number written as a number or as a string of digits. */
gboolean
dw_json_object_get_int (JsonObject *object,
                        const char *member,
                        gint64     *value)
{
  JsonNode *node = object ? json_object_get_member (object, member) : NULL;

  if (node == NULL || JSON_NODE_TYPE (node) != JSON_NODE_VALUE)
    return FALSE;
  if (json_node_get_value_type (node) == G_TYPE_INT64)
    {
      *value = json_node_get_int (node);
      return TRUE;
    }
  if (json_node_get_value_type (node) == G_TYPE_STRING)
    return g_ascii_string_to_signed (json_node_get_string (node), 10, G_MININT64, G_MAXINT64,
                                     value, NULL);
  return FALSE;
}

/* The web API nests a card's type, faction, set and status as objects
 * with a "name"; accept a plain string as well. */
const char *
dw_json_object_get_named (JsonObject *object,
                          const char *member)
{
  JsonNode *node = object ? json_object_get_member (object, member) : NULL;

  if (node == NULL)
    return NULL;
  if (JSON_NODE_TYPE (node) == JSON_NODE_OBJECT)
    return dw_json_object_get_text (json_node_get_object (node), "name");
  return dw_json_object_get_text (object, member);
}

/* Sets a malformed-input error at the line where @object starts (line 1
 * when there is no object), naming the document; returns FALSE so that
 * callers can "return dw_json_document_set_error (…)". */
gboolean
dw_json_document_set_error (GError         **error,
                            DwJsonDocument  *self,
                            JsonObject      *object,
                            const char      *format,
                            ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED, "%s:%u: %s",
               dw_json_document_get_name (self),
               object ? dw_json_document_line_of (self, object) : 1, message);
  return FALSE;
}
