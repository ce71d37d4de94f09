/* dw-sheet.c — a deck registration sheet, drawn with cairo for PDF and print
 *
 * The sheet is laid out for a page size in points and drawn one page at
 * a time on any cairo_t whose user units are points: a PDF surface here,
 * a GtkPrintContext (with GTK_UNIT_POINTS) in the GUI, whose begin-print
 * handler asks dw_sheet_get_n_pages() and whose draw-page handler calls
 * dw_sheet_draw_page().
 *
 * Text is measured with hinting of metrics off, so a layout measured for
 * pagination is exactly as tall when it is drawn on another surface.
 *
 * Page one carries the event fields, the verdict and the fingerprint; the
 * problems follow at full width, then the cards in two columns (the main
 * deck grouped by type, ordered sections such as Arcmage's regions in
 * their order with their positions, tokens apart), each section ending
 * with its total; the signature and officials' boxes close the last page.
 * What the sheet lists is dw-sheet-blocks.c; here it is laid out and
 * drawn.  The paper sizes are dw-paper.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "dw-deck-code.h"
#include "dw-export.h"
#include "dw-pdf.h"
#include "dw-qr.h"
#include "dw-sheet-private.h"
#include "dw-validate.h"

#define MARGIN        36.0
#define FOOTER        22.0
#define COLUMN_GAP    20.0
#define COUNT_WIDTH   22.0
#define MARK_WIDTH    26.0
#define NAME_GAP       6.0
#define CONTINUED_TOP 34.0
#define SIGNATURE_HEIGHT 118.0
#define VERDICT_HEIGHT 38.0
#define FINGERPRINT_WIDTH 148.0
#define HEAD_GAP      10.0
#define SPLIT_PENALTY 40.0

#define FONT_TITLE     "Sans Bold 17"
#define FONT_SUBTITLE  "Sans 10"
#define FONT_LABEL     "Sans 6.5"
#define FONT_VALUE     "Sans 10.5"
#define FONT_VERDICT   "Sans 12"
#define FONT_PROBLEM   "Sans 8.5"
#define FONT_SECTION   "Sans Bold 10.5"
#define FONT_GROUP     "Sans Bold 8"
#define FONT_CARD      "Sans 9"
#define FONT_CARD_UNKNOWN "Sans Italic 9"
#define FONT_NOTE      "Sans Italic 7.5"
#define FONT_FINGERPRINT "Monospace Bold 18"
#define FONT_FOOTER    "Sans 7"
#define FONT_TOTAL     "Sans Bold 9"

typedef struct
{
  Block  *block;
  guint   page;
  double  x;
  double  y;
  double  width;
  double  height;
} Placed;

G_DEFINE_FINAL_TYPE (DwSheet, dw_sheet, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_EVENT,
  PROP_DATE,
  PROP_LOCATION,
  PROP_PLAYER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
is_heading (const Block *block)
{
  return block->kind == BLOCK_SECTION || block->kind == BLOCK_GROUP || block->kind == BLOCK_NOTE;
}

/* A Pango context whose sizes are in points and do not depend on the
 * surface, so that measuring and drawing agree. */
static void
setup_context (PangoContext *context)
{
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (context, options);
  pango_cairo_context_set_resolution (context, 72.0);
  cairo_font_options_destroy (options);
}

static PangoContext *
measuring_context (void)
{
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());

  setup_context (context);
  return context;
}

static PangoLayout *
text_layout (PangoContext *context,
             const char   *font,
             const char   *markup,
             double        width,
             PangoAlignment alignment)
{
  PangoLayout *layout = pango_layout_new (context);
  PangoFontDescription *desc = pango_font_description_from_string (font);

  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  if (width > 0)
    {
      pango_layout_set_width (layout, pango_units_from_double (width));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  pango_layout_set_alignment (layout, alignment);
  pango_layout_set_markup (layout, markup, -1);
  return layout;
}

static double
layout_height (PangoLayout *layout)
{
  int height;

  pango_layout_get_size (layout, NULL, &height);
  return pango_units_to_double (height);
}

static void
show_layout (cairo_t     *cr,
             PangoLayout *layout,
             double       x,
             double       y)
{
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

static void
show_text (cairo_t      *cr,
           PangoContext *context,
           const char   *font,
           const char   *markup,
           double        x,
           double        y,
           double        width,
           PangoAlignment alignment)
{
  g_autoptr(PangoLayout) layout = text_layout (context, font, markup, width, alignment);

  show_layout (cr, layout, x, y);
}

static const char *
block_font (const Block *block)
{
  switch (block->kind)
    {
    case BLOCK_PROBLEM:
      return FONT_PROBLEM;
    case BLOCK_SECTION:
      return FONT_SECTION;
    case BLOCK_GROUP:
      return FONT_GROUP;
    case BLOCK_NOTE:
      return FONT_NOTE;
    case BLOCK_TOTAL:
      return FONT_TOTAL;
    case BLOCK_CARD:
    case BLOCK_SIGNATURE:
    default:
      return block->unknown ? FONT_CARD_UNKNOWN : FONT_CARD;
    }
}

/* Where the text of a block starts, and how wide it may run. */
static double
text_indent (const Block *block)
{
  if (block->kind == BLOCK_CARD)
    return COUNT_WIDTH + NAME_GAP + (block->mark ? MARK_WIDTH : 0);
  if (block->kind == BLOCK_PROBLEM)
    return 10.0;
  return 0;
}

static double
space_above (const Block *block)
{
  switch (block->kind)
    {
    case BLOCK_SECTION:
      return 9.0;
    case BLOCK_GROUP:
      return 5.0;
    case BLOCK_TOTAL:
    case BLOCK_PROBLEM:
      return 2.0;
    case BLOCK_NOTE:
    case BLOCK_CARD:
    case BLOCK_SIGNATURE:
    default:
      return 0.6;
    }
}

static double
measure_block (PangoContext *context,
               const Block  *block,
               double        width)
{
  g_autoptr(PangoLayout) layout = NULL;
  double indent = text_indent (block);
  double extra = block->kind == BLOCK_SECTION ? 3.0 : 0.6;

  if (block->kind == BLOCK_SIGNATURE)
    return SIGNATURE_HEIGHT;

  layout = text_layout (context, block_font (block), block->text, width - indent,
                        PANGO_ALIGN_LEFT);
  return space_above (block) + layout_height (layout) + extra;
}

static void
draw_block (cairo_t      *cr,
            PangoContext *context,
            const Placed *placed)
{
  const Block *block = placed->block;
  double indent = text_indent (block);
  double y = placed->y + space_above (block);
  double x = placed->x;
  double width = placed->width;
  g_autoptr(PangoLayout) layout = NULL;

  layout = text_layout (context, block_font (block), block->text, width - indent, PANGO_ALIGN_LEFT);

  switch (block->kind)
    {
    case BLOCK_SECTION:
      show_layout (cr, layout, x, y);
      cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
      cairo_set_line_width (cr, 0.8);
      cairo_move_to (cr, x, y + layout_height (layout) + 1.5);
      cairo_line_to (cr, x + width, y + layout_height (layout) + 1.5);
      cairo_stroke (cr);
      cairo_set_source_rgb (cr, 0, 0, 0);
      break;

    case BLOCK_GROUP:
    case BLOCK_NOTE:
      cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
      show_layout (cr, layout, x, y);
      if (block->count != NULL)
        show_text (cr, context, FONT_GROUP, block->count, x, y, width, PANGO_ALIGN_RIGHT);
      cairo_set_source_rgb (cr, 0, 0, 0);
      break;

    case BLOCK_CARD:
      {
        g_autofree char *count = g_markup_escape_text (block->count, -1);

        show_text (cr, context, FONT_CARD, count, x, y, COUNT_WIDTH, PANGO_ALIGN_RIGHT);
        if (block->mark != NULL)
          {
            g_autofree char *mark = g_markup_escape_text (block->mark, -1);

            show_text (cr, context, FONT_CARD, mark, x + COUNT_WIDTH + NAME_GAP, y,
                       MARK_WIDTH, PANGO_ALIGN_LEFT);
          }
        show_layout (cr, layout, x + indent, y);
      }
      break;

    case BLOCK_TOTAL:
      cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
      cairo_set_line_width (cr, 0.5);
      cairo_move_to (cr, x, y - 0.5);
      cairo_line_to (cr, x + width, y - 0.5);
      cairo_stroke (cr);
      cairo_set_source_rgb (cr, 0, 0, 0);
      show_layout (cr, layout, x + COUNT_WIDTH + NAME_GAP, y + 0.5);
      show_text (cr, context, FONT_TOTAL, block->count, x, y + 0.5, COUNT_WIDTH,
                 PANGO_ALIGN_RIGHT);
      break;

    case BLOCK_PROBLEM:
      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      show_text (cr, context, FONT_PROBLEM, "•", x + 1, y, indent, PANGO_ALIGN_LEFT);
      cairo_set_source_rgb (cr, 0, 0, 0);
      show_layout (cr, layout, x + indent, y);
      break;

    case BLOCK_SIGNATURE:
    default:
      break;
    }
}

/* A labelled field to write on: the label small above, the value (or
 * nothing, for a pen) on a rule. */
static void
draw_field (cairo_t      *cr,
            PangoContext *context,
            const char   *label,
            const char   *value,
            double        x,
            double        y,
            double        width)
{
  g_autofree char *label_markup = g_markup_escape_text (label, -1);

  cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
  show_text (cr, context, FONT_LABEL, label_markup, x, y, width, PANGO_ALIGN_LEFT);
  cairo_set_source_rgb (cr, 0, 0, 0);
  if (value != NULL && *value)
    {
      g_autofree char *value_markup = g_markup_escape_text (value, -1);
      g_autoptr(PangoLayout) layout = text_layout (context, FONT_VALUE, value_markup, width,
                                                   PANGO_ALIGN_LEFT);

      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      pango_layout_set_height (layout, 0);
      show_layout (cr, layout, x, y + 8.5);
    }
  cairo_set_source_rgb (cr, 0.45, 0.45, 0.45);
  cairo_set_line_width (cr, 0.6);
  cairo_move_to (cr, x, y + 24);
  cairo_line_to (cr, x + width, y + 24);
  cairo_stroke (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
}

/* "2 errors, 1 warning, listed after the cards" */
static char *
count_problems (DwSheet *self)
{
  guint errors = 0;
  guint warnings = 0;
  g_autofree char *error_text = NULL;
  g_autofree char *warning_text = NULL;

  for (guint i = 0; i < self->problems->len; i++)
    {
      if (dw_problem_get_severity (g_ptr_array_index (self->problems, i)) == DW_SEVERITY_ERROR)
        errors++;
      else
        warnings++;
    }
  error_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u error", "%u errors", errors), errors);
  warning_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u warning", "%u warnings", warnings),
                                  warnings);
  if (errors > 0 && warnings > 0)
    return g_strdup_printf (_("%s and %s, listed after the cards"), error_text, warning_text);
  return g_strdup_printf (_("%s, listed after the cards"), errors > 0 ? error_text : warning_text);
}

static char *
format_title (DwSheet *self)
{
  if (self->format == NULL)
    return g_strdup (self->game ? dw_game_get_name (self->game) : dw_deck_get_game_id (self->deck));
  return g_strdup_printf ("%s (%s)", dw_format_get_name (self->format),
                          dw_format_get_id (self->format));
}

static double
first_head_height (void)
{
  return 54 + 3 * 31 + 4 + VERDICT_HEIGHT + 6;
}

/* The deck code as a QR code, in the column under the fingerprint and
 * beside the event's fields, so that a judge's phone reads the whole deck
 * off the sheet and the card list keeps all its room. */
static void
draw_code (DwSheet      *self,
           cairo_t      *cr,
           PangoContext *context,
           double        x,
           double        y,
           double        width,
           double        height)
{
  double side = MIN (width, height);
  const char *note = NULL;

  if (self->code == NULL)
    note = _("No deck code: the deck holds no card");
  else if (!dw_qr_draw (cr, self->code, x + (width - side) / 2, y, side, NULL))
    note = _("The deck code is too long for a QR code");
  if (note != NULL)
    {
      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      show_text (cr, context, FONT_LABEL, note, x, y + height / 2 - 4, width, PANGO_ALIGN_CENTER);
    }
  cairo_set_source_rgb (cr, 0, 0, 0);
}

/* Page one's head: title, fingerprint, event fields, verdict.  Returns
 * where the flowing content may start. */
static double
draw_first_head (DwSheet      *self,
                 cairo_t      *cr,
                 PangoContext *context,
                 double        width)
{
  double box_width = FINGERPRINT_WIDTH;
  double content = width - 2 * MARGIN;
  /* The fields leave the right-hand column to the fingerprint and, under
   * it, the deck code's QR code; the verdict spans the page below both. */
  double fields = content - box_width - HEAD_GAP;
  double half = (fields - COLUMN_GAP) / 2;
  double y = MARGIN;
  g_autofree char *subtitle = NULL;
  g_autofree char *format_text = format_title (self);
  g_autofree char *verdict = NULL;
  gboolean legal = dw_sheet_is_legal (self);
  const char *rows[3][4] = {
    { _("Event"), self->event, _("Date"), self->date },
    { _("Location"), self->location, _("Player"), self->player },
    { _("Deck name"), dw_deck_get_name (self->deck), _("Format"), format_text },
  };

  show_text (cr, context, FONT_TITLE, _("Deck Registration Sheet"), MARGIN, y,
             fields, PANGO_ALIGN_LEFT);
  subtitle = g_markup_printf_escaped ("%s · %s",
                                      self->game ? dw_game_get_name (self->game)
                                                 : dw_deck_get_game_id (self->deck),
                                      format_text);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  show_text (cr, context, FONT_SUBTITLE, subtitle, MARGIN, y + 24, fields,
             PANGO_ALIGN_LEFT);

  /* The fingerprint, boxed, where a judge looks first. */
  cairo_set_line_width (cr, 1.2);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_rectangle (cr, width - MARGIN - box_width, y, box_width, 44);
  cairo_stroke (cr);
  cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
  show_text (cr, context, FONT_LABEL, _("DECK FINGERPRINT (COCKATRICE)"),
             width - MARGIN - box_width, y + 4, box_width, PANGO_ALIGN_CENTER);
  cairo_set_source_rgb (cr, 0, 0, 0);
  show_text (cr, context, FONT_FINGERPRINT, self->fingerprint,
             width - MARGIN - box_width, y + 14, box_width, PANGO_ALIGN_CENTER);
  draw_code (self, cr, context, width - MARGIN - box_width, y + 48, box_width, 3 * 31 + 2);

  y += 54;
  for (guint row = 0; row < G_N_ELEMENTS (rows); row++)
    {
      draw_field (cr, context, rows[row][0], rows[row][1], MARGIN, y, half);
      draw_field (cr, context, rows[row][2], rows[row][3], MARGIN + half + COLUMN_GAP, y, half);
      y += 31;
    }

  y += 4;
  if (legal)
    {
      verdict = g_markup_printf_escaped (_("<b>LEGAL</b> under %s"), format_text);
      cairo_set_source_rgb (cr, 0.09, 0.42, 0.18);
    }
  else
    {
      verdict = g_markup_printf_escaped (_("<b>NOT LEGAL</b> under %s"), format_text);
      cairo_set_source_rgb (cr, 0.66, 0.1, 0.1);
    }
  cairo_set_line_width (cr, 1.6);
  cairo_rectangle (cr, MARGIN, y, content, VERDICT_HEIGHT);
  cairo_stroke (cr);
  show_text (cr, context, FONT_VERDICT, verdict, MARGIN + 10, y + 5, content - 20,
             PANGO_ALIGN_LEFT);
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  {
    g_autofree char *counts = self->problems->len > 0 ? count_problems (self)
                                                       : g_strdup (_("No problems found"));
    g_autofree char *markup = g_markup_escape_text (counts, -1);

    show_text (cr, context, FONT_PROBLEM, markup, MARGIN + 10, y + 23, content - 20,
               PANGO_ALIGN_LEFT);
  }
  cairo_set_source_rgb (cr, 0, 0, 0);

  return y + VERDICT_HEIGHT + 6;
}

static void
draw_continued_head (DwSheet      *self,
                     cairo_t      *cr,
                     PangoContext *context,
                     double        width)
{
  g_autofree char *markup = NULL;

  if (self->player != NULL && *self->player)
    markup = g_markup_printf_escaped (_("<b>Deck Registration Sheet</b> (continued) · %s · %s · "
                                        "<tt>%s</tt>"),
                                      self->player, dw_deck_get_name (self->deck) ?: "",
                                      self->fingerprint);
  else
    markup = g_markup_printf_escaped (_("<b>Deck Registration Sheet</b> (continued) · %s · "
                                        "<tt>%s</tt>"),
                                      dw_deck_get_name (self->deck) ?: "", self->fingerprint);
  show_text (cr, context, FONT_SUBTITLE, markup, MARGIN, MARGIN, width - 2 * MARGIN,
             PANGO_ALIGN_LEFT);
  cairo_set_source_rgb (cr, 0.45, 0.45, 0.45);
  cairo_set_line_width (cr, 0.6);
  cairo_move_to (cr, MARGIN, MARGIN + 18);
  cairo_line_to (cr, width - MARGIN, MARGIN + 18);
  cairo_stroke (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
}

static void
draw_footer (DwSheet      *self,
             cairo_t      *cr,
             PangoContext *context,
             guint         page,
             double        width,
             double        height)
{
  double y = height - MARGIN - 9;
  double content = width - 2 * MARGIN;
  g_autofree char *pages = g_markup_printf_escaped (_("Page %u of %u"), page + 1, self->n_pages);
  g_autofree char *right = g_markup_printf_escaped (_("Fingerprint <tt>%s</tt>"), self->fingerprint);

  cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
  show_text (cr, context, FONT_FOOTER, "Deckwright " PACKAGE_VERSION, MARGIN, y, content,
             PANGO_ALIGN_LEFT);
  show_text (cr, context, FONT_FOOTER, pages, MARGIN, y, content, PANGO_ALIGN_CENTER);
  show_text (cr, context, FONT_FOOTER, right, MARGIN, y, content, PANGO_ALIGN_RIGHT);
  cairo_set_source_rgb (cr, 0, 0, 0);
}

static void
draw_box_title (cairo_t      *cr,
                PangoContext *context,
                const char   *title,
                double        x,
                double        y,
                double        width)
{
  g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b>", title);

  show_text (cr, context, FONT_SUBTITLE, markup, x + 8, y + 6, width - 16, PANGO_ALIGN_LEFT);
}

static void
draw_signature (cairo_t      *cr,
                PangoContext *context,
                const Placed *placed)
{
  double half = (placed->width - COLUMN_GAP) / 2;
  double x = placed->x;
  double y = placed->y + 8;
  double box_height = SIGNATURE_HEIGHT - 8;
  double right = x + half + COLUMN_GAP;
  const char *official_fields[] = { N_("Deck checked by"), N_("Result"), N_("Penalty and notes") };

  cairo_set_line_width (cr, 1.0);
  cairo_rectangle (cr, x, y, half, box_height);
  cairo_stroke (cr);
  draw_box_title (cr, context, _("Player"), x, y, half);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  show_text (cr, context, FONT_NOTE,
             _("I will play the deck listed on this sheet, card for card."),
             x + 8, y + 22, half - 16, PANGO_ALIGN_LEFT);
  cairo_set_source_rgb (cr, 0, 0, 0);
  draw_field (cr, context, _("Signature"), NULL, x + 8, y + box_height - 62, half - 16);
  draw_field (cr, context, _("Date"), NULL, x + 8, y + box_height - 32, half - 16);

  /* A grey ground tells players the box is not theirs. */
  cairo_set_source_rgb (cr, 0.93, 0.93, 0.93);
  cairo_rectangle (cr, right, y, half, box_height);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_rectangle (cr, right, y, half, box_height);
  cairo_stroke (cr);
  draw_box_title (cr, context, _("For officials only"), right, y, half);
  for (guint i = 0; i < G_N_ELEMENTS (official_fields); i++)
    draw_field (cr, context, _(official_fields[i]), NULL, right + 8, y + 22 + i * 29, half - 16);
}

/* The card blocks' heights for one column width, and what a column
 * starting with each would add for its "(continued)" label. */
typedef struct
{
  GPtrArray *blocks;
  double    *heights;
  double    *continued;
  double    *below;      /* below[i]: the heights of the blocks before i, summed */
} Columns;

static gboolean
needs_label (Columns *columns,
             guint    index)
{
  const Block *block = g_ptr_array_index (columns->blocks, index);

  return !is_heading (block) && block->owner != NULL;
}

static double
column_height (Columns *columns,
               guint    from,
               guint    to)
{
  double sum = 0;

  /* From the running sums: adding the blocks up for every split tried
   * made laying out quadratic in a deck's entries. */
  if (from < to && needs_label (columns, from))
    sum += columns->continued[from];
  if (from < to)
    sum += columns->below[to] - columns->below[from];
  return sum;
}

/* The split of the blocks [from, to) into two columns, both at most
 * @room tall, that leaves the columns most even, never ending the first
 * column on a heading; -1 when they do not fit. */
static int
balanced_split (Columns *columns,
                guint    from,
                guint    to,
                double   room)
{
  double best = G_MAXDOUBLE;
  int best_split = -1;

  for (guint k = from; k <= to; k++)
    {
      double first = column_height (columns, from, k);
      double second = column_height (columns, k, to);
      double score;

      if (first > room || second > room)
        continue;
      if (k > from && k < to && is_heading (g_ptr_array_index (columns->blocks, k - 1)))
        continue;
      /* A group read whole is worth columns a few lines uneven. */
      score = MAX (first, second) + (k < to && needs_label (columns, k) ? SPLIT_PENALTY : 0);
      if (score < best)
        {
          best = score;
          best_split = (int) k;
        }
    }
  return best_split;
}

/* How many blocks from @from fill a column of @room, a heading never
 * left alone at its foot. */
static guint
fill_column (Columns *columns,
             guint    from,
             guint    to,
             double   room)
{
  guint end = from;

  while (end < to && column_height (columns, from, end + 1) <= room)
    end++;
  if (end < to)
    while (end > from && is_heading (g_ptr_array_index (columns->blocks, end - 1)))
      end--;
  return end;
}

static void
place (DwSheet *self,
       Block   *block,
       guint    page,
       double   x,
       double   y,
       double   width,
       double   height)
{
  Placed placed = { block, page, x, y, width, height };

  g_array_append_val (self->placed, placed);
}

static void
place_column (DwSheet *self,
              Columns *columns,
              guint    from,
              guint    to,
              guint    page,
              double   x,
              double   y,
              double   width)
{
  /* A column that opens inside a group says which group goes on. */
  if (from < to && needs_label (columns, from))
    {
      const Block *block = g_ptr_array_index (columns->blocks, from);

      place (self, block->owner->continued, page, x, y, width, columns->continued[from]);
      y += columns->continued[from];
    }
  for (guint i = from; i < to; i++)
    {
      place (self, g_ptr_array_index (columns->blocks, i), page, x, y, width, columns->heights[i]);
      y += columns->heights[i];
    }
}

static void
lay_out (DwSheet *self,
         double   width,
         double   height)
{
  PangoContext *context;
  g_autofree double *heights = NULL;
  g_autofree double *continued = NULL;
  g_autofree double *below = NULL;
  double content = width - 2 * MARGIN;
  double column = (content - COLUMN_GAP) / 2;
  double top = MARGIN + CONTINUED_TOP;
  double bottom = height - MARGIN - FOOTER;
  double y = MARGIN + first_head_height ();
  guint page = 0;
  guint i = 0;
  guint n = self->cards->len;
  Columns columns;

  if (self->laid_width == width && self->laid_height == height)
    return;

  context = measuring_context ();
  g_array_set_size (self->placed, 0);

  heights = g_new0 (double, MAX (n, 1));
  continued = g_new0 (double, MAX (n, 1));
  for (guint j = 0; j < n; j++)
    {
      const Block *block = g_ptr_array_index (self->cards, j);

      heights[j] = measure_block (context, block, column);
      if (block->owner != NULL)
        continued[j] = measure_block (context, block->owner->continued, column);
    }
  below = g_new0 (double, n + 1);
  for (guint j = 0; j < n; j++)
    below[j + 1] = below[j] + heights[j];
  columns.blocks = self->cards;
  columns.heights = heights;
  columns.continued = continued;
  columns.below = below;

  while (i < n)
    {
      double room = bottom - y;
      int split = balanced_split (&columns, i, n, room);
      guint first_end, second_end;

      if (split >= 0)
        {
          place_column (self, &columns, i, (guint) split, page, MARGIN, y, column);
          place_column (self, &columns, (guint) split, n, page, MARGIN + column + COLUMN_GAP, y, column);
          y += MAX (column_height (&columns, i, (guint) split), column_height (&columns, (guint) split, n));
          break;
        }

      first_end = fill_column (&columns, i, n, room);
      if (first_end == i && y <= top)
        {
          /* A block taller than a whole page: place it anyway, cut off,
           * rather than loop for ever. */
          first_end = i + 1;
        }
      second_end = fill_column (&columns, first_end, n, room);
      place_column (self, &columns, i, first_end, page, MARGIN, y, column);
      place_column (self, &columns, first_end, second_end, page, MARGIN + column + COLUMN_GAP, y, column);
      if (second_end >= n)
        {
          y += MAX (column_height (&columns, i, first_end), column_height (&columns, first_end, second_end));
          break;
        }
      i = second_end;
      page++;
      y = top;
    }

  /* The problems follow the cards at full width, the heading kept with
   * the first of them. */
  for (guint j = 0; j < self->notices->len; j++)
    {
      Block *block = g_ptr_array_index (self->notices, j);
      double h = measure_block (context, block, content);
      double keep = 0;

      if (is_heading (block) && j + 1 < self->notices->len)
        keep = measure_block (context, g_ptr_array_index (self->notices, j + 1), content);
      if (y + h + keep > bottom && y > top)
        {
          page++;
          y = top;
        }
      place (self, block, page, MARGIN, y, content, h);
      y += h;
    }

  /* The boxes to sign stand at the foot of the last page, as on a form. */
  if (y + 6 + SIGNATURE_HEIGHT > bottom)
    page++;
  place (self, self->signature, page, MARGIN, bottom - SIGNATURE_HEIGHT, content, SIGNATURE_HEIGHT);

  g_object_unref (context);
  self->n_pages = page + 1;
  self->laid_width = width;
  self->laid_height = height;
}

static void
set_string (DwSheet     *self,
            char       **field,
            const char  *value,
            GParamSpec  *pspec)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

static void
dw_sheet_finalize (GObject *object)
{
  DwSheet *self = DW_SHEET (object);

  g_clear_object (&self->deck);
  g_clear_object (&self->game);
  g_clear_object (&self->format);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  g_free (self->fingerprint);
  g_free (self->code);
  g_free (self->event);
  g_free (self->date);
  g_free (self->location);
  g_free (self->player);
  g_clear_pointer (&self->notices, g_ptr_array_unref);
  g_clear_pointer (&self->cards, g_ptr_array_unref);
  g_clear_pointer (&self->signature, dw_sheet_block_free);
  g_clear_pointer (&self->placed, g_array_unref);

  G_OBJECT_CLASS (dw_sheet_parent_class)->finalize (object);
}

static void
dw_sheet_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  DwSheet *self = DW_SHEET (object);

  switch (prop_id)
    {
    case PROP_EVENT:
      g_value_set_string (value, self->event);
      break;
    case PROP_DATE:
      g_value_set_string (value, self->date);
      break;
    case PROP_LOCATION:
      g_value_set_string (value, self->location);
      break;
    case PROP_PLAYER:
      g_value_set_string (value, self->player);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_sheet_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  DwSheet *self = DW_SHEET (object);

  switch (prop_id)
    {
    case PROP_EVENT:
      dw_sheet_set_event (self, g_value_get_string (value));
      break;
    case PROP_DATE:
      dw_sheet_set_date (self, g_value_get_string (value));
      break;
    case PROP_LOCATION:
      dw_sheet_set_location (self, g_value_get_string (value));
      break;
    case PROP_PLAYER:
      dw_sheet_set_player (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_sheet_class_init (DwSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dw_sheet_finalize;
  object_class->get_property = dw_sheet_get_property;
  object_class->set_property = dw_sheet_set_property;

  properties[PROP_EVENT] =
    g_param_spec_string ("event", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DATE] =
    g_param_spec_string ("date", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOCATION] =
    g_param_spec_string ("location", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLAYER] =
    g_param_spec_string ("player", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dw_sheet_init (DwSheet *self)
{
  self->notices = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_sheet_block_free);
  self->cards = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_sheet_block_free);
  self->placed = g_array_new (FALSE, TRUE, sizeof (Placed));
}

/* A sheet for @deck, checked against @format (NULL: the deck's own, or its
 * game's default) with the cards of @library. */
DwSheet *
dw_sheet_new (DwLibrary *library,
              DwDeck    *deck,
              DwFormat  *format)
{
  DwSheet *self;
  DwGame *game;

  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);
  g_return_val_if_fail (DW_IS_DECK (deck), NULL);

  self = g_object_new (DW_TYPE_SHEET, NULL);
  self->deck = g_object_ref (deck);
  game = dw_library_lookup_game (library, dw_deck_get_game_id (deck));
  self->game = game ? g_object_ref (game) : NULL;
  if (format == NULL)
    format = dw_library_format_for_deck (library, deck, NULL, NULL);
  self->format = format ? g_object_ref (format) : NULL;

  dw_library_resolve_deck (library, deck);
  if (self->format != NULL)
    self->problems = dw_library_validate_deck (library, deck, self->format);
  else
    self->problems = g_ptr_array_new_with_free_func (g_object_unref);
  self->fingerprint = dw_deck_fingerprint (deck, self->game);
  if (self->game != NULL)
    self->code = dw_deck_code_encode (deck, self->game, TRUE, NULL);
  dw_sheet_drop_considering_problems (self);

  dw_sheet_build_blocks (self, dw_sheet_is_legal (self));
  return self;
}

const char *
dw_sheet_get_event (DwSheet *self)
{
  g_return_val_if_fail (DW_IS_SHEET (self), NULL);
  return self->event;
}

void
dw_sheet_set_event (DwSheet    *self,
                    const char *event)
{
  g_return_if_fail (DW_IS_SHEET (self));
  set_string (self, &self->event, event, properties[PROP_EVENT]);
}

const char *
dw_sheet_get_date (DwSheet *self)
{
  g_return_val_if_fail (DW_IS_SHEET (self), NULL);
  return self->date;
}

void
dw_sheet_set_date (DwSheet    *self,
                   const char *date)
{
  g_return_if_fail (DW_IS_SHEET (self));
  set_string (self, &self->date, date, properties[PROP_DATE]);
}

const char *
dw_sheet_get_location (DwSheet *self)
{
  g_return_val_if_fail (DW_IS_SHEET (self), NULL);
  return self->location;
}

void
dw_sheet_set_location (DwSheet    *self,
                       const char *location)
{
  g_return_if_fail (DW_IS_SHEET (self));
  set_string (self, &self->location, location, properties[PROP_LOCATION]);
}

const char *
dw_sheet_get_player (DwSheet *self)
{
  g_return_val_if_fail (DW_IS_SHEET (self), NULL);
  return self->player;
}

void
dw_sheet_set_player (DwSheet    *self,
                     const char *player)
{
  g_return_if_fail (DW_IS_SHEET (self));
  set_string (self, &self->player, player, properties[PROP_PLAYER]);
}

const char *
dw_sheet_get_fingerprint (DwSheet *self)
{
  g_return_val_if_fail (DW_IS_SHEET (self), NULL);
  return self->fingerprint;
}

/* Legal when there is a format to check against and no error. */
gboolean
dw_sheet_is_legal (DwSheet *self)
{
  g_return_val_if_fail (DW_IS_SHEET (self), FALSE);
  return self->format != NULL && dw_problems_legal (self->problems);
}

/* The number of pages the sheet takes on paper of @width × @height points. */
guint
dw_sheet_get_n_pages (DwSheet *self,
                      double   width,
                      double   height)
{
  g_return_val_if_fail (DW_IS_SHEET (self), 0);

  lay_out (self, width, height);
  return self->n_pages;
}

/* Draws page @page (from 0) on @cr, whose user units must be points, for
 * paper of @width × @height points. */
void
dw_sheet_draw_page (DwSheet *self,
                    cairo_t *cr,
                    guint    page,
                    double   width,
                    double   height)
{
  PangoContext *context;

  g_return_if_fail (DW_IS_SHEET (self));
  g_return_if_fail (cr != NULL);

  lay_out (self, width, height);
  g_return_if_fail (page < self->n_pages);

  cairo_save (cr);
  context = pango_cairo_create_context (cr);
  setup_context (context);

  cairo_set_source_rgb (cr, 0, 0, 0);
  if (page == 0)
    draw_first_head (self, cr, context, width);
  else
    draw_continued_head (self, cr, context, width);

  for (guint i = 0; i < self->placed->len; i++)
    {
      const Placed *placed = &g_array_index (self->placed, Placed, i);

      if (placed->page != page)
        continue;
      if (placed->block->kind == BLOCK_SIGNATURE)
        draw_signature (cr, context, placed);
      else
        draw_block (cr, context, placed);
    }

  draw_footer (self, cr, context, page, width, height);
  cairo_restore (cr);
  g_object_unref (context);
}

/* Writes the sheet as a PDF, atomically, so a failed export never leaves
 * half a file. */
gboolean
dw_sheet_save_pdf (DwSheet     *self,
                   const char  *path,
                   DwPaper      paper,
                   GError     **error)
{
  g_autoptr(DwPdf) pdf = NULL;
  g_autofree char *title = NULL;
  cairo_status_t status;
  cairo_t *cr;
  double width, height;
  guint n_pages;

  g_return_val_if_fail (DW_IS_SHEET (self), FALSE);

  dw_paper_get_size (paper, &width, &height);
  title = g_strdup_printf (_("Deck registration: %s"),
                           dw_deck_get_name (self->deck) ? dw_deck_get_name (self->deck) : "");
  pdf = dw_pdf_new (width, height, title, self->player);
  cr = dw_pdf_get_cairo (pdf);
  n_pages = dw_sheet_get_n_pages (self, width, height);
  for (guint page = 0; page < n_pages; page++)
    {
      dw_sheet_draw_page (self, cr, page, width, height);
      cairo_show_page (cr);
    }
  status = dw_pdf_finish (pdf);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("%s: the sheet could not be drawn: %s"), path, cairo_status_to_string (status));
      return FALSE;
    }

  return dw_pdf_save (pdf, path, error);
}
