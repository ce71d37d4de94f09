/* dw-csv.h — fields of RFC 4180 CSV, written and read
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  const char *name;        /* the file, in errors */
  guint       line;
  const char *line_start;
  const char *p;
  const char *end;
  char        separator;
  GQuark      domain;      /* of the errors it sets */
  int         code;
} DwCsvReader;

typedef struct
{
  char  *text;
  guint  line;
  guint  column;           /* in characters, from 1 */
} DwCsvField;

gboolean  dw_csv_needs_guard    (const char   *text);
void      dw_csv_append_field   (GString      *out,
                                 const char   *text);
char     *dw_csv_unguard        (const char   *text);

char      dw_csv_separator      (const char   *text);
void      dw_csv_reader_init    (DwCsvReader  *reader,
                                 const char   *text,
                                 const char   *name,
                                 GQuark        domain,
                                 int           code);
gboolean  dw_csv_read_record    (DwCsvReader  *reader,
                                 GPtrArray    *fields,
                                 guint        *record_line,
                                 GError      **error);
void      dw_csv_field_free     (DwCsvField   *field);

G_END_DECLS
