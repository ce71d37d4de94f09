/* dw-import-csv.c — decks as spreadsheets write them
 *
 * A header row names the columns in any order; without one, the columns
 * are those dw_export_csv() writes.  The fields are read by dw-csv.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-csv.h"
#include "dw-export.h"
#include "dw-import-private.h"

enum { COLUMN_COUNT, COLUMN_NAME, COLUMN_ID, COLUMN_SECTION, N_COLUMNS };

static int
column_for_heading (const char *heading)
{
  static const struct { const char *heading; int column; } known[] = {
    { "count", COLUMN_COUNT }, { "quantity", COLUMN_COUNT }, { "qty", COLUMN_COUNT },
    { "number", COLUMN_COUNT }, { "amount", COLUMN_COUNT }, { "copies", COLUMN_COUNT },
    { "name", COLUMN_NAME }, { "card", COLUMN_NAME }, { "card name", COLUMN_NAME },
    { "id", COLUMN_ID }, { "card id", COLUMN_ID },
    { "section", COLUMN_SECTION }, { "zone", COLUMN_SECTION }, { "board", COLUMN_SECTION },
  };
  g_autofree char *key = dw_import_label_key (heading);

  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    if (strcmp (key, known[i].heading) == 0)
      return known[i].column;
  return -1;
}

static const DwCsvField *
field_at (GPtrArray *fields,
          int        index)
{
  return (index >= 0 && (guint) index < fields->len) ? g_ptr_array_index (fields, index) : NULL;
}

/* CSV with a header row naming its columns (count, name, id, section and
 * the usual synonyms, in any order), or without one, in the order
 * dw_export_csv() writes. */
DwRawDeck *
dw_import_parse_csv (const char  *text,
                     const char  *display_name,
                     GError     **error)
{
  g_autoptr(DwRawDeck) raw = dw_raw_deck_new ();
  g_autoptr(GPtrArray) fields = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_csv_field_free);
  int columns[N_COLUMNS] = { 0, 1, 2, 3 };
  DwCsvReader reader = { 0 };
  GError *local_error = NULL;
  gboolean first = TRUE;
  guint record_line;

  dw_csv_reader_init (&reader, text, display_name, DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED);
  raw->tokens_apart = TRUE;

  while (dw_csv_read_record (&reader, fields, &record_line, &local_error))
    {
      const DwCsvField *count_field, *name_field, *id_field, *section_field;
      g_autofree char *name = NULL;
      g_autofree char *id = NULL;
      g_autofree char *section = NULL;
      guint count = 1;

      if (fields->len == 1 && *((DwCsvField *) g_ptr_array_index (fields, 0))->text == '\0')
        continue;

      if (first)
        {
          gboolean header = FALSE;

          first = FALSE;
          for (guint i = 0; i < fields->len; i++)
            if (column_for_heading (((DwCsvField *) g_ptr_array_index (fields, i))->text) == COLUMN_NAME)
              header = TRUE;
          if (header)
            {
              for (guint i = 0; i < N_COLUMNS; i++)
                columns[i] = -1;
              for (guint i = 0; i < fields->len; i++)
                {
                  const DwCsvField *field = g_ptr_array_index (fields, i);
                  int column = column_for_heading (field->text);

                  /* "count,name,name": which name is the card's is
                   * anybody's guess, so the file must say. */
                  if (column >= 0 && columns[column] >= 0)
                    {
                      const DwCsvField *first = g_ptr_array_index (fields, columns[column]);
                      g_autofree char *heading = g_strstrip (g_strdup (field->text));
                      g_autofree char *first_heading = g_strstrip (g_strdup (first->text));

                      dw_import_set_error_at (error, display_name, field->line, field->column,
                                    _("the heading “%s” names the same column as “%s” before "
                                      "it; keep one of the two"), heading, first_heading);
                      return NULL;
                    }
                  if (column >= 0)
                    columns[column] = (int) i;
                }
              continue;
            }
        }

      count_field = field_at (fields, columns[COLUMN_COUNT]);
      name_field = field_at (fields, columns[COLUMN_NAME]);
      id_field = field_at (fields, columns[COLUMN_ID]);
      section_field = field_at (fields, columns[COLUMN_SECTION]);

      name = g_strstrip (dw_csv_unguard (name_field ? name_field->text : ""));
      id = g_strstrip (dw_csv_unguard (id_field ? id_field->text : ""));
      section = g_strstrip (dw_csv_unguard (section_field ? section_field->text : ""));

      if (count_field != NULL)
        {
          g_autofree char *count_text = g_strstrip (g_strdup (count_field->text));

          if (*count_text != '\0' &&
              !dw_import_parse_count (count_text, display_name, count_field->line, count_field->column,
                            &count, error))
            return NULL;
        }
      if (*name == '\0' && *id == '\0')
        {
          dw_import_set_error_at (error, display_name, record_line, 1,
                        _("the row names no card; give it a name or an id"));
          return NULL;
        }

      dw_raw_deck_add (raw, *section ? section : NULL, id, name, count, record_line);
    }

  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }
  return g_steal_pointer (&raw);
}
