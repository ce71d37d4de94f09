/* dw-event-report.c — an event's report (CSV, JSON, PDF) and its sheets in one PDF
 *
 * One row per submitted file: the file, the player, the deck, its game and
 * format, the verdict, the problem codes and the fingerprint.  The CSV
 * goes through dw_csv_append_field (), so a deck named "=cmd|…" stays
 * text in the organiser's spreadsheet; the JSON adds each problem's
 * message; the PDF is the same table on paper.  Every file is written
 * atomically.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "dw-event-report.h"
#include "dw-export.h"
#include "dw-pdf.h"
#include "dw-validate.h"
#include "dw-xml.h"

#define MARGIN      36.0
#define ROW_GAP      3.0
#define FONT_TITLE  "Sans Bold 15"
#define FONT_HEAD   "Sans Bold 8"
#define FONT_ROW    "Sans 8"
#define FONT_MONO   "Monospace 8"

static const char * const report_kinds[] = {
  [DW_EVENT_REPORT_CSV] = "csv",
  [DW_EVENT_REPORT_JSON] = "json",
  [DW_EVENT_REPORT_PDF] = "pdf",
};

/* The table's columns, in shares of the printable width. */
static const struct {
  const char *title;
  double      share;
} columns[] = {
  { N_("File"), 0.17 },
  { N_("Player"), 0.15 },
  { N_("Deck"), 0.17 },
  { N_("Format"), 0.15 },
  { N_("Verdict"), 0.08 },
  { N_("Problems"), 0.18 },
  { N_("Fingerprint"), 0.10 },
};

static char *
joined_codes (DwEventEntry *entry)
{
  g_auto(GStrv) codes = dw_event_entry_dup_codes (entry);

  return g_strjoinv (" ", codes);
}

static void
end_row (GString *out)
{
  g_string_append (out, "\r\n");
}

static void
field (GString    *out,
       const char *text,
       gboolean    first)
{
  if (!first)
    g_string_append_c (out, ',');
  dw_csv_append_field (out, text);
}

static PangoLayout *
cell_layout (cairo_t    *cr,
             const char *font,
             const char *text,
             double      width)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string (font);

  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_width (layout, pango_units_from_double (width));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_single_paragraph_mode (layout, TRUE);
  pango_layout_set_text (layout, text ? text : "", -1);
  return layout;
}

static double
show_cell (cairo_t    *cr,
           const char *font,
           const char *text,
           double      x,
           double      y,
           double      width)
{
  g_autoptr(PangoLayout) layout = cell_layout (cr, font, text, width - 4.0);
  int height;

  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
  pango_layout_get_size (layout, NULL, &height);
  return pango_units_to_double (height);
}

static double
show_row (cairo_t            *cr,
          const char * const *cells,
          gboolean            head,
          double              y,
          double              width)
{
  double x = MARGIN;
  double height = 0;

  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    {
      double column_width = columns[i].share * width;
      const char *cell_font = head ? FONT_HEAD : i == G_N_ELEMENTS (columns) - 1 ? FONT_MONO : FONT_ROW;

      height = MAX (height, show_cell (cr, cell_font, cells[i], x, y, column_width));
      x += column_width;
    }
  return height;
}

static double
show_head (cairo_t *cr,
           DwEvent *event,
           guint    page,
           double   width)
{
  const char *heads[G_N_ELEMENTS (columns)];
  g_autofree char *summary = NULL;
  double y = MARGIN;
  double height;

  if (page == 0)
    {
      guint n = g_list_model_get_n_items (G_LIST_MODEL (event));

      y += show_cell (cr, FONT_TITLE, _("Event report"), MARGIN, y, width) + 4.0;
      summary = g_strdup_printf (_("%u decklists: %u legal, %u illegal, %u unreadable"), n,
                                 dw_event_count_verdict (event, DW_EVENT_VERDICT_LEGAL),
                                 dw_event_count_verdict (event, DW_EVENT_VERDICT_ILLEGAL),
                                 dw_event_count_verdict (event, DW_EVENT_VERDICT_UNREADABLE));
      y += show_cell (cr, FONT_ROW, summary, MARGIN, y, width) + 10.0;
    }

  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    heads[i] = _(columns[i].title);
  height = show_row (cr, heads, TRUE, y, width);
  y += height + 2.0;
  cairo_set_line_width (cr, 0.5);
  cairo_move_to (cr, MARGIN, y);
  cairo_line_to (cr, MARGIN + width, y);
  cairo_stroke (cr);
  return y + ROW_GAP;
}

static gboolean
finish_pdf (DwPdf       *pdf,
            const char  *path,
            GError     **error)
{
  cairo_status_t status = dw_pdf_finish (pdf);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("%s: the PDF could not be drawn: %s"),
                   path, cairo_status_to_string (status));
      return FALSE;
    }
  return dw_pdf_save (pdf, path, error);
}

static gboolean
save_pdf_report (DwEvent     *event,
                 const char  *path,
                 DwPaper      paper,
                 GError     **error)
{
  g_autoptr(DwPdf) pdf = NULL;
  cairo_t *cr;
  double page_width, page_height, width, y;
  guint page = 0;

  dw_paper_get_size (paper, &page_width, &page_height);
  width = page_width - 2 * MARGIN;
  pdf = dw_pdf_new (page_width, page_height, _("Event report"), NULL);
  cr = dw_pdf_get_cairo (pdf);

  y = show_head (cr, event, page, width);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (event)); i++)
    {
      g_autoptr(DwEventEntry) entry = g_list_model_get_item (G_LIST_MODEL (event), i);
      g_autofree char *codes = joined_codes (entry);
      const char *cells[] = {
        dw_event_entry_get_file_name (entry), dw_event_entry_get_player (entry),
        dw_event_entry_get_deck_name (entry), dw_event_entry_get_format_name (entry),
        dw_event_verdict_to_string (dw_event_entry_get_verdict (entry)), codes,
        dw_event_entry_get_fingerprint (entry),
      };

      G_STATIC_ASSERT (G_N_ELEMENTS (cells) == G_N_ELEMENTS (columns));
      if (y + 12.0 > page_height - MARGIN)
        {
          cairo_show_page (cr);
          y = show_head (cr, event, ++page, width);
        }
      y += show_row (cr, cells, FALSE, y, width) + ROW_GAP;
    }
  cairo_show_page (cr);

  return finish_pdf (pdf, path, error);
}

gboolean
dw_event_report_kind_from_string (const char        *name,
                                  DwEventReportKind *kind)
{
  for (guint i = 0; name && i < G_N_ELEMENTS (report_kinds); i++)
    if (g_ascii_strcasecmp (name, report_kinds[i]) == 0)
      {
        *kind = (DwEventReportKind) i;
        return TRUE;
      }
  return FALSE;
}

/* RFC 4180 CSV with a header row: file, player, deck, game, format,
 * verdict (legal, illegal or unreadable), errors, warnings, codes
 * (space-separated) and fingerprint. */
char *
dw_event_report_csv (DwEvent *event)
{
  GString *out;

  g_return_val_if_fail (DW_IS_EVENT (event), NULL);

  out = g_string_new ("file,player,deck,game,format,legal,errors,warnings,codes,fingerprint\r\n");
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (event)); i++)
    {
      g_autoptr(DwEventEntry) entry = g_list_model_get_item (G_LIST_MODEL (event), i);
      g_autofree char *codes = joined_codes (entry);

      field (out, dw_event_entry_get_path (entry), TRUE);
      field (out, dw_event_entry_get_player (entry), FALSE);
      field (out, dw_event_entry_get_deck_name (entry), FALSE);
      field (out, dw_event_entry_get_game_name (entry), FALSE);
      field (out, dw_event_entry_get_format_id (entry), FALSE);
      field (out, dw_event_verdict_to_string (dw_event_entry_get_verdict (entry)), FALSE);
      g_string_append_printf (out, ",%u,%u", dw_event_entry_get_n_errors (entry),
                              dw_event_entry_get_n_warnings (entry));
      field (out, codes, FALSE);
      field (out, dw_event_entry_get_fingerprint (entry), FALSE);
      end_row (out);
    }
  return g_string_free (out, FALSE);
}

/* A JSON array, one object per file, with the CSV's fields ("legal" true
 * or false, null when unreadable; "codes" a list) and each problem's
 * code, severity and message; "error" says why a file has no verdict. */
char *
dw_event_report_json (DwEvent *event)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (DW_IS_EVENT (event), NULL);

  json_builder_begin_array (builder);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (event)); i++)
    {
      g_autoptr(DwEventEntry) entry = g_list_model_get_item (G_LIST_MODEL (event), i);
      g_auto(GStrv) codes = dw_event_entry_dup_codes (entry);
      GPtrArray *problems = dw_event_entry_get_problems (entry);
      DwEventVerdict verdict = dw_event_entry_get_verdict (entry);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "file");
      json_builder_add_string_value (builder, dw_event_entry_get_path (entry));
      json_builder_set_member_name (builder, "player");
      json_builder_add_string_value (builder, dw_event_entry_get_player (entry));
      json_builder_set_member_name (builder, "deck");
      json_builder_add_string_value (builder, dw_event_entry_get_deck_name (entry));
      json_builder_set_member_name (builder, "game");
      json_builder_add_string_value (builder, dw_event_entry_get_game_name (entry));
      json_builder_set_member_name (builder, "format");
      json_builder_add_string_value (builder, dw_event_entry_get_format_id (entry));
      json_builder_set_member_name (builder, "legal");
      if (verdict == DW_EVENT_VERDICT_UNREADABLE)
        json_builder_add_null_value (builder);
      else
        json_builder_add_boolean_value (builder, verdict == DW_EVENT_VERDICT_LEGAL);
      json_builder_set_member_name (builder, "errors");
      json_builder_add_int_value (builder, dw_event_entry_get_n_errors (entry));
      json_builder_set_member_name (builder, "warnings");
      json_builder_add_int_value (builder, dw_event_entry_get_n_warnings (entry));
      json_builder_set_member_name (builder, "codes");
      json_builder_begin_array (builder);
      for (guint c = 0; codes[c] != NULL; c++)
        json_builder_add_string_value (builder, codes[c]);
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "fingerprint");
      json_builder_add_string_value (builder, dw_event_entry_get_fingerprint (entry));
      if (dw_event_entry_get_error (entry) != NULL)
        {
          json_builder_set_member_name (builder, "error");
          json_builder_add_string_value (builder, dw_event_entry_get_error (entry));
        }
      json_builder_set_member_name (builder, "problems");
      json_builder_begin_array (builder);
      for (guint p = 0; problems != NULL && p < problems->len; p++)
        {
          DwProblem *problem = g_ptr_array_index (problems, p);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "code");
          json_builder_add_string_value (builder, dw_problem_get_code (problem));
          json_builder_set_member_name (builder, "severity");
          json_builder_add_string_value (builder, dw_severity_to_string (dw_problem_get_severity (problem)));
          json_builder_set_member_name (builder, "message");
          json_builder_add_string_value (builder, dw_problem_get_message (problem));
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  text = json_generator_to_data (generator, NULL);
  return g_strconcat (text, "\n", NULL);
}

gboolean
dw_event_report_save (DwEvent            *event,
                      DwEventReportKind   kind,
                      const char         *path,
                      DwPaper             paper,
                      GError            **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (DW_IS_EVENT (event), FALSE);

  switch (kind)
    {
    case DW_EVENT_REPORT_PDF:
      return save_pdf_report (event, path, paper, error);
    case DW_EVENT_REPORT_JSON:
      text = dw_event_report_json (event);
      break;
    case DW_EVENT_REPORT_CSV:
    default:
      text = dw_event_report_csv (event);
      break;
    }
  return dw_xml_save (path, text, -1, error);
}

/* Every readable deck's registration sheet, one after the other, in one
 * PDF to print before round one. */
gboolean
dw_event_save_sheets_pdf (DwEvent     *event,
                          const char  *path,
                          DwPaper      paper,
                          GError     **error)
{
  g_autoptr(DwPdf) pdf = NULL;
  cairo_t *cr;
  double width, height;
  guint pages = 0;

  g_return_val_if_fail (DW_IS_EVENT (event), FALSE);

  dw_paper_get_size (paper, &width, &height);
  pdf = dw_pdf_new (width, height, _("Registration sheets"), NULL);
  cr = dw_pdf_get_cairo (pdf);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (event)); i++)
    {
      g_autoptr(DwEventEntry) entry = g_list_model_get_item (G_LIST_MODEL (event), i);
      g_autoptr(DwSheet) sheet = NULL;
      guint n_pages;

      if (dw_event_entry_get_format (entry) == NULL)
        continue;
      sheet = dw_sheet_new (dw_event_get_library (event), dw_event_entry_get_deck (entry),
                            dw_event_entry_get_format (entry));
      dw_sheet_set_player (sheet, dw_event_entry_get_player (entry));
      n_pages = dw_sheet_get_n_pages (sheet, width, height);
      for (guint page = 0; page < n_pages; page++)
        {
          cairo_save (cr);
          dw_sheet_draw_page (sheet, cr, page, width, height);
          cairo_restore (cr);
          cairo_show_page (cr);
          pages++;
        }
    }

  if (pages == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("%s: no deck of the event can be read, so there is no sheet to print"), path);
      return FALSE;
    }
  return finish_pdf (pdf, path, error);
}
