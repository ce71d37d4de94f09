/* dw-csv.c — fields of RFC 4180 CSV, written and read
 *
 * The writer guards a text a spreadsheet would run as a formula; the
 * reader takes records field by field, each with its line and column,
 * for dw-import-csv.c, and dw_csv_unguard() takes the guard off again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-csv.h"

gboolean
dw_csv_needs_guard (const char *text)
{
  if (text == NULL)
    return FALSE;
  if (*text == '\'')
    return dw_csv_needs_guard (text + 1);
  return *text != '\0' && strchr ("=+-@\t\r", *text) != NULL;
}

/* One field of RFC 4180 CSV.  A text a spreadsheet would run as a
 * formula ("=cmd|' /C calc'!A0") gets a leading ' so that it shows as
 * text; dw_import takes the quote off again.  A text that itself starts
 * with ' before such a character gets one more, so every text comes
 * back as it was. */
void
dw_csv_append_field (GString    *out,
                     const char *text)
{
  g_autofree char *guarded = NULL;

  if (text == NULL)
    return;
  if (dw_csv_needs_guard (text))
    text = guarded = g_strconcat ("'", text, NULL);

  /* RFC 4180: quote a field holding a separator, a quote or a line
   * break, and double the quotes inside. */
  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (out, text);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = text; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* Takes off the quote dw_csv_append_field () puts before a text that a
 * spreadsheet would run as a formula. */
char *
dw_csv_unguard (const char *text)
{
  if (text[0] == '\'' && dw_csv_needs_guard (text + 1))
    text++;
  return g_strdup (text);
}

/* Starts reading @text, named @name in errors, which are of @domain and
 * @code; the separator is the one dw_csv_separator() finds. */
void
dw_csv_reader_init (DwCsvReader *reader,
                    const char  *text,
                    const char  *name,
                    GQuark       domain,
                    int          code)
{
  *reader = (DwCsvReader) { 0 };
  reader->name = name;
  reader->line = 1;
  reader->line_start = text;
  reader->p = text;
  reader->end = text + strlen (text);
  reader->separator = dw_csv_separator (text);
  reader->domain = domain;
  reader->code = code;
}

static gboolean
csv_error (DwCsvReader  *reader,
           GError      **error,
           guint         line,
           guint         column,
           const char   *message)
{
  g_set_error (error, reader->domain, reader->code, "%s:%u:%u: %s", reader->name, line, column, message);
  return FALSE;
}

void
dw_csv_field_free (DwCsvField *field)
{
  g_free (field->text);
  g_free (field);
}

static guint
csv_column (DwCsvReader  *reader,
            const char *at)
{
  return (guint) g_utf8_strlen (reader->line_start, at - reader->line_start) + 1;
}

/* Reads one record of RFC 4180 CSV; FALSE at the end (error unset) or
 * on a malformed field. */
gboolean
dw_csv_read_record (DwCsvReader  *reader,
                    GPtrArray  *fields,
                    guint      *record_line,
                    GError    **error)
{
  if (reader->p >= reader->end)
    return FALSE;

  *record_line = reader->line;
  g_ptr_array_set_size (fields, 0);

  for (;;)
    {
      DwCsvField *field = g_new0 (DwCsvField, 1);
      GString *text = g_string_new (NULL);

      field->line = reader->line;
      field->column = csv_column (reader, reader->p);
      g_ptr_array_add (fields, field);

      if (reader->p < reader->end && *reader->p == '"')
        {
          reader->p++;
          for (;;)
            {
              if (reader->p >= reader->end)
                {
                  g_string_free (text, TRUE);
                  return csv_error (reader, error, field->line, field->column,
                                    _("the quoted field is never closed; end it with a quote"));
                }
              if (*reader->p == '"')
                {
                  if (reader->p + 1 < reader->end && reader->p[1] == '"')
                    {
                      g_string_append_c (text, '"');
                      reader->p += 2;
                      continue;
                    }
                  reader->p++;
                  break;
                }
              if (*reader->p == '\n')
                {
                  reader->line++;
                  reader->line_start = reader->p + 1;
                }
              g_string_append_c (text, *reader->p++);
            }
          if (reader->p < reader->end && *reader->p != reader->separator &&
              *reader->p != '\r' && *reader->p != '\n')
            {
              g_string_free (text, TRUE);
              return csv_error (reader, error, reader->line, csv_column (reader, reader->p),
                                _("text follows the closing quote of a field; write a quote "
                                  "inside a quoted field as two quotes"));
            }
        }
      else
        {
          while (reader->p < reader->end && *reader->p != reader->separator &&
                 *reader->p != '\r' && *reader->p != '\n')
            g_string_append_c (text, *reader->p++);
        }

      field->text = g_string_free (text, FALSE);

      if (reader->p >= reader->end)
        return TRUE;
      if (*reader->p == reader->separator)
        {
          reader->p++;
          continue;
        }
      if (*reader->p == '\r')
        reader->p++;
      if (reader->p < reader->end && *reader->p == '\n')
        reader->p++;
      reader->line++;
      reader->line_start = reader->p;
      return TRUE;
    }
}

char
dw_csv_separator (const char *text)
{
  const char *candidates = ",;\t";
  guint best_count = 0;
  char best = ',';

  /* Spreadsheets in some locales write ';' or tabs: take whichever
   * separator the first line uses most. */
  for (const char *c = candidates; *c; c++)
    {
      guint count = 0;

      for (const char *p = text; *p && *p != '\n'; p++)
        if (*p == *c)
          count++;
      if (count > best_count)
        {
          best_count = count;
          best = *c;
        }
    }
  return best;
}
