/* dw-import-cod.c — Cockatrice decks (.cod)
 *
 * Cockatrice's own XML deck file, and the <game> element dw_export_cod()
 * adds to it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-export.h"
#include "dw-import-private.h"
#include "dw-xml.h"

/* Cockatrice's .cod: <cockatrice_deck> with <deckname>, <format>,
 * <comments> and <zone name="main|side|tokens"> of <card number="4"
 * name="…"/>, and the <game> dw_export_cod () adds; the rest
 * (sideboard plans, tags, newer attributes) is Cockatrice's own and
 * skipped. */
DwRawDeck *
dw_import_parse_cod (const char  *data,
                     gsize        length,
                     const char  *display_name,
                     GError     **error)
{
  g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_data (data, length, display_name);
  g_autoptr(GPtrArray) epilog = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_xml_node_free);
  g_autoptr(DwRawDeck) raw = dw_raw_deck_new ();
  GError *local_error = NULL;
  gboolean at_end = FALSE;

  for (;;)
    {
      if (!dw_xml_reader_read (reader, &at_end, error))
        return NULL;
      if (at_end)
        {
          dw_import_set_error_at (error, display_name, 1, 1, _("the document has no root element"));
          return NULL;
        }
      if (dw_xml_reader_is_element (reader))
        break;
    }

  if (dw_xml_reader_get_ns (reader) != NULL ||
      strcmp (dw_xml_reader_get_local_name (reader), "cockatrice_deck") != 0)
    {
      dw_xml_reader_set_error (reader, error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED,
                               _("the root element is <%s>; a Cockatrice deck is "
                                 "<cockatrice_deck>"),
                               dw_xml_reader_get_local_name (reader));
      return NULL;
    }

  if (!dw_xml_reader_is_empty (reader))
    while (dw_xml_reader_next_element (reader, 1, &local_error))
      {
        const char *local = dw_xml_reader_get_local_name (reader);
        char **text_target = NULL;

        if (strcmp (local, "deckname") == 0)
          text_target = &raw->name;
        else if (strcmp (local, "comments") == 0)
          text_target = &raw->notes;

        if (strcmp (local, "format") == 0 || strcmp (local, "game") == 0)
          {
            g_autofree char *value = dw_xml_reader_read_text (reader, &local_error);

            if (value == NULL)
              break;
            /* Cockatrice writes an empty <format> for a deck without one. */
            if (*g_strstrip (value) == '\0')
              continue;
            if (local[0] == 'f')
              {
                g_free (raw->format_id);
                raw->format_id = g_steal_pointer (&value);
              }
            else
              {
                g_free (raw->game_id);
                raw->game_id = g_steal_pointer (&value);
              }
          }
        else if (text_target != NULL)
          {
            g_free (*text_target);
            *text_target = dw_xml_reader_read_text (reader, &local_error);
            if (*text_target == NULL)
              break;
            g_strstrip (*text_target);
          }
        else if (strcmp (local, "zone") == 0)
          {
            g_autofree char *zone = dw_xml_reader_get_attribute (reader, "name");

            if (zone == NULL || *g_strstrip (zone) == '\0')
              {
                dw_xml_reader_set_error (reader, &local_error, DW_IMPORT_ERROR,
                                         DW_IMPORT_ERROR_MALFORMED,
                                         _("a <zone> needs a “name”: main, side or tokens"));
                break;
              }
            if (dw_xml_reader_is_empty (reader))
              continue;

            while (dw_xml_reader_next_element (reader, 2, &local_error))
              {
                g_autofree char *name = NULL;
                g_autofree char *number = NULL;
                guint line = dw_xml_reader_get_line (reader);
                guint count;

                if (strcmp (dw_xml_reader_get_local_name (reader), "card") != 0)
                  continue;

                name = dw_xml_reader_get_attribute (reader, "name");
                number = dw_xml_reader_get_attribute (reader, "number");
                if (name == NULL || *g_strstrip (name) == '\0')
                  {
                    dw_xml_reader_set_error (reader, &local_error, DW_IMPORT_ERROR,
                                             DW_IMPORT_ERROR_MALFORMED,
                                             _("a <card> needs a “name”"));
                    break;
                  }
                if (number == NULL ||
                    !dw_import_parse_count (g_strstrip (number), display_name, line,
                                  dw_xml_reader_column_of (reader, line, "card"), &count,
                                  &local_error))
                  {
                    if (local_error == NULL)
                      dw_xml_reader_set_error (reader, &local_error, DW_IMPORT_ERROR,
                                               DW_IMPORT_ERROR_MALFORMED,
                                               _("a <card> needs a “number” of copies"));
                    break;
                  }
                dw_raw_deck_add (raw, zone, NULL, name, count, line);
              }
            if (local_error != NULL)
              break;
          }
      }

  if (local_error == NULL)
    dw_xml_reader_read_epilog (reader, epilog, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }
  return g_steal_pointer (&raw);
}
