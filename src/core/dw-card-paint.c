/* dw-card-paint.c — how a card is drawn, at any size
 *
 * Drawn by us rather than from an image, so every card of every database
 * has a face: the frame in its faction's colour, the cost in a disc, the
 * name, the type line and the stats the game declares.  The card face
 * draws a card large with its rules text; the table draws it small, or
 * its back when the player may not see it; a deck picture draws its
 * cards small too.  It knows cairo and Pango only: a widget hands it its
 * own Pango context, the command line a cairo surface's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "dw-card-paint.h"
#include "dw-game-private.h"

/* The small card's own units; the caller scales them to its size. */
#define SMALL_WIDTH  120.0
#define SMALL_HEIGHT 168.0

typedef struct
{
  const char *faction;
  double      r, g, b;
} FactionColour;

/* The colours players know: Arcmage's online table and Coraabia's
 * screens (shared/reference/games.md); Unliving had none, so purple. */
static const FactionColour faction_colours[] = {
  { "Gaian",           0.18, 0.55, 0.25 },
  { "Dark Legion",     0.20, 0.20, 0.22 },
  { "Red Banner",      0.75, 0.15, 0.15 },
  { "House of Nobles", 0.15, 0.35, 0.70 },
  { "The Empire",      0.85, 0.68, 0.10 },
  { "Outlaw",          0.75, 0.15, 0.15 },
  { "Guardian",        0.15, 0.35, 0.70 },
  { "Mercenary",       0.45, 0.47, 0.50 },
  { "Xenno",           0.18, 0.55, 0.25 },
  { "Unliving",        0.45, 0.25, 0.55 },
};

/* The colour players know @faction by; FALSE (and grey) for none. */
gboolean
dw_card_paint_faction_rgb (const char *faction,
                           double     *r,
                           double     *g,
                           double     *b)
{
  *r = *g = *b = 0.55;
  for (guint i = 0; faction && i < G_N_ELEMENTS (faction_colours); i++)
    if (g_strcmp0 (faction, faction_colours[i].faction) == 0)
      {
        *r = faction_colours[i].r;
        *g = faction_colours[i].g;
        *b = faction_colours[i].b;
        return TRUE;
      }
  return FALSE;
}

void
dw_card_paint_faction_colour (DwCard *card,
                              double *r,
                              double *g,
                              double *b)
{
  dw_card_paint_faction_rgb (dw_card_get_value (card, "faction"), r, g, b);
}

/* A layout of @text in @context: the widget's own (its font options and
 * resolution) on screen, a cairo context's for a PDF or a picture. */
/* @text laid out in a box @width by @height, ellipsized at its end when
 * it does not fit, wrapped at words when @wrap. */
static PangoLayout *
boxed_layout (PangoContext   *context,
              const char     *text,
              double          width,
              double          height,
              PangoAlignment  alignment,
              gboolean        wrap)
{
  PangoLayout *layout = pango_layout_new (context);

  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_height (layout, (int) (height * PANGO_SCALE));
  pango_layout_set_alignment (layout, alignment);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  if (wrap)
    pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  return layout;
}

void
dw_card_paint_rounded_rect (cairo_t *cr,
                            double   x,
                            double   y,
                            double   w,
                            double   h,
                            double   radius)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + w - radius, y + h - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + h - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

void
dw_card_paint_text (PangoContext         *context,
                    cairo_t              *cr,
                    const char           *text,
                    const char           *font,
                    double                x,
                    double                y,
                    double                width,
                    double                height,
                    PangoAlignment        alignment,
                    gboolean              wrap)
{
  g_autoptr(PangoLayout) layout = boxed_layout (context, text, width, height, alignment, wrap);
  PangoFontDescription *description = pango_font_description_from_string (font);

  pango_layout_set_font_description (layout, description);
  pango_font_description_free (description);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

/* The properties a face shows in a place of their own, or leaves to the
 * card's page: the frame's colour (faction), the type line (subtype,
 * position, domain, rarity), the rules text (text, ability), flavour,
 * and what is about the printing, not the play (edition, artist, image).
 * Every other property a game declares is a stat. */
static gboolean
has_own_place (const DwPropertyDef *def)
{
  static const char *const placed[] = {
    "faction", "subtype", "position", "domain", "rarity", "text", "ability",
    "flavor", "edition", "artist", "image",
  };

  if (def->kind == DW_PROPERTY_INT)
    return FALSE;
  if (def->kind == DW_PROPERTY_COST)
    return TRUE;  /* in the disc */
  for (guint i = 0; i < G_N_ELEMENTS (placed); i++)
    if (g_strcmp0 (def->id, placed[i]) == 0)
      return TRUE;
  return FALSE;
}

/* "ATK 3 · DEF 2" — the stats the game declares, with its own names,
 * whatever their kind ("Core Ember" as well as "Hits 9"). */
char *
dw_card_paint_stats_line (DwGame *game,
                          DwCard *card)
{
  g_autoptr(GString) line = g_string_new (NULL);

  for (guint i = 0; game && i < dw_game_get_n_properties (game); i++)
    {
      const DwPropertyDef *def = dw_game_get_property (game, i);
      const char *value;

      if (has_own_place (def) || g_strcmp0 (def->id, "copies") == 0 ||
          g_strcmp0 (def->id, "loyalty") == 0)
        continue;
      value = dw_card_get_value (card, def->id);
      if (value == NULL || dw_game_is_blank (value))
        continue;
      g_string_append_printf (line, "%s%s %s%s", line->len ? "  ·  " : "", def->name, value,
                              def->unit ? def->unit : "");
    }
  return g_string_free (g_steal_pointer (&line), FALSE);
}

char *
dw_card_paint_type_line (DwCard *card)
{
  const char *subtype = dw_card_get_value (card, "subtype");
  const char *position = dw_card_get_value (card, "position");
  const char *domain = dw_card_get_value (card, "domain");
  const char *rarity = dw_card_get_value (card, "rarity");
  g_autoptr(GString) line = g_string_new (dw_card_get_card_type (card));

  if (dw_card_is_token (card))
    g_string_append (line, _(" (token)"));
  if (subtype)
    g_string_append_printf (line, " — %s", subtype);
  if (position)
    g_string_append_printf (line, _(" · position %s"), position);
  if (domain)
    g_string_append_printf (line, " · %s", domain);
  if (rarity)
    g_string_append_printf (line, " · %s", rarity);
  return g_string_free (g_steal_pointer (&line), FALSE);
}

/* The rules text, with Coraabia's abilities written out. */
char *
dw_card_paint_rules_text (DwCard *card)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < dw_card_get_n_fields (card); i++)
    {
      const DwCardField *field = dw_card_get_field (card, i);
      g_autofree char *effect = NULL;
      const char *kind;
      const char *modifier;

      if (field->node == NULL || g_strcmp0 (field->name, "ability") != 0)
        continue;
      kind = dw_xml_node_get_attribute (field->node, "kind");
      modifier = dw_xml_node_get_attribute (field->node, "modifier");
      effect = g_strstrip (g_strdup (field->value));
      g_string_append_printf (text, "%s%s%s%s: %s\n",
                              g_strcmp0 (kind, "activated") == 0 ? _("Activated") : _("Passive"),
                              modifier ? " (" : "", modifier ? modifier : "", modifier ? ")" : "",
                              effect);
    }

  if (dw_card_get_value (card, "text"))
    g_string_append (text, dw_card_get_value (card, "text"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}


/* "ATK 3  DEF 2", for a card at table size: every stat the game
 * declares, labelled with the short label its definition gives
 * (Coraabia's "Dan") or else its whole name ("Hits"), never cut. */
char *
dw_card_paint_short_stats_line (DwGame *game,
                                DwCard *card)
{
  g_autoptr(GString) line = g_string_new (NULL);

  for (guint i = 0; game && i < dw_game_get_n_properties (game); i++)
    {
      const DwPropertyDef *def = dw_game_get_property (game, i);
      const char *value;

      if (has_own_place (def) || g_strcmp0 (def->id, "copies") == 0 ||
          g_strcmp0 (def->id, "loyalty") == 0 || g_strcmp0 (def->id, "influence") == 0 ||
          g_strcmp0 (def->id, "points") == 0 || g_strcmp0 (def->id, "cost") == 0)
        continue;  /* the cost and points stand in the disc */
      value = dw_card_get_value (card, def->id);
      if (value == NULL || dw_game_is_blank (value))
        continue;
      /* A no-break space: a name never wraps away from its value. */
      g_string_append_printf (line, "%s%s\u00a0%s%s", line->len ? "  " : "",
                              def->short_name ? def->short_name : def->name, value,
                              def->unit ? def->unit : "");
    }
  return g_string_free (g_steal_pointer (&line), FALSE);
}

/* The cost (or Coraabia's points) in a disc of the faction's colour,
 * centred at @x, @y. */
void
dw_card_paint_cost (PangoContext *context,
                    cairo_t    *cr,
                    const char *cost,
                    double      x,
                    double      y,
                    double      radius,
                    DwCard     *card)
{
  g_autofree char *font = g_strdup_printf ("Sans Bold %.1f", radius * 0.72);
  double r, g, b;

  dw_card_paint_faction_colour (card, &r, &g, &b);
  /* Text leaves a current point behind: without a new path the arc
   * would be joined to the end of the name by a stroked line. */
  cairo_new_path (cr);
  cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, radius / 9);
  cairo_stroke (cr);
  dw_card_paint_text (context, cr, cost, font, x - radius, y - radius * 0.55, 2 * radius, radius * 1.1,
                      PANGO_ALIGN_CENTER, FALSE);
}

/* Whether a word of @layout is wider than its box: Pango lets it run
 * past the edge (under the cost disc: "Blackpowde") or breaks it inside
 * ("Grandmoth" over "er"); either is a name cut, however it is drawn. */
static gboolean
breaks_a_word (PangoLayout *layout)
{
  const char *text = pango_layout_get_text (layout);
  GSList *lines = pango_layout_get_lines_readonly (layout);
  PangoRectangle logical;

  /* A word wider than the box overflows it rather than wrap. */
  pango_layout_get_extents (layout, NULL, &logical);
  if (logical.x + logical.width > pango_layout_get_width (layout))
    return TRUE;

  for (GSList *l = lines != NULL ? lines->next : NULL; l != NULL; l = l->next)
    {
      PangoLayoutLine *line = l->data;
      gunichar before;

      if (line->start_index <= 0)
        continue;
      before = g_utf8_get_char (g_utf8_prev_char (text + line->start_index));
      if (!g_unichar_isspace (before) && !g_unichar_ispunct (before))
        return TRUE;
    }
  return FALSE;
}

/* @text in @font in the box, wrapped at words, set smaller (down to 6
 * points) before it would be cut or a word broken: a long name, four
 * parameters, a long rules text.  FALSE when even the smallest size was
 * cut. */
static gboolean
paint_fitted_font (PangoContext   *context,
                   cairo_t        *cr,
                   const char     *text,
                   const char     *font,
                   double          points,
                   double          x,
                   double          y,
                   double          width,
                   double          height,
                   PangoAlignment  alignment)
{
  g_autoptr(PangoLayout) layout = boxed_layout (context, text, width, height, alignment, TRUE);
  PangoFontDescription *description = pango_font_description_from_string (font);
  gboolean fits = FALSE;

  for (; points >= 6.0; points -= 0.5)
    {
      pango_font_description_set_size (description, (int) (points * PANGO_SCALE));
      pango_layout_set_font_description (layout, description);
      fits = !pango_layout_is_ellipsized (layout) && !breaks_a_word (layout);
      if (fits)
        break;
    }
  pango_font_description_free (description);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
  return fits;
}

static gboolean
paint_fitted (PangoContext   *context,
              cairo_t        *cr,
              const char     *text,
              double          points,
              double          x,
              double          y,
              double          width,
              double          height,
              PangoAlignment  alignment)
{
  return paint_fitted_font (context, cr, text, "Sans Bold", points, x, y, width, height, alignment);
}

/* Opens a card of @card_width by @card_height units, scaled to fit
 * @width by @height and centred: the frame in the faction's colour
 * (@border wide, corners of @radius) and the parchment inside (corners
 * of @inner).  The
 * caller draws the rest in card units, then restores @cr. */
static void
begin_card (cairo_t *cr,
            DwCard  *card,
            double   card_width,
            double   card_height,
            double   width,
            double   height,
            double   border,
            double   radius,
            double   inner,
            double  *r,
            double  *g,
            double  *b)
{
  double scale = MIN (width / card_width, height / card_height);

  cairo_save (cr);
  cairo_translate (cr, (width - card_width * scale) / 2, (height - card_height * scale) / 2);
  cairo_scale (cr, scale, scale);
  dw_card_paint_faction_colour (card, r, g, b);

  dw_card_paint_rounded_rect (cr, 0, 0, card_width, card_height, radius);
  cairo_set_source_rgb (cr, *r, *g, *b);
  cairo_fill (cr);
  dw_card_paint_rounded_rect (cr, border, border, card_width - 2 * border, card_height - 2 * border,
                              inner);
  cairo_set_source_rgb (cr, 0.97, 0.95, 0.90);
  cairo_fill (cr);
}

/* Where the parts of a card at table size lie, in its own units. */
static const cairo_rectangle_t small_areas[] = {
  [DW_CARD_PAINT_AREA_NAME]  = { 10, 9, SMALL_WIDTH - 20, 34 },
  [DW_CARD_PAINT_AREA_ART]   = { 10, 46, SMALL_WIDTH - 20, 52 },
  [DW_CARD_PAINT_AREA_TYPE]  = { 10, 102, SMALL_WIDTH - 20, 26 },
  [DW_CARD_PAINT_AREA_STATS] = { 5, SMALL_HEIGHT - 36, SMALL_WIDTH - 10, 31 },
};

/* @area of a card that dw_card_paint_small() draws in @width by
 * @height, in the same coordinates. */
void
dw_card_paint_small_area (DwCardPaintArea    area,
                          double             width,
                          double             height,
                          cairo_rectangle_t *rect)
{
  double scale = MIN (width / SMALL_WIDTH, height / SMALL_HEIGHT);
  const cairo_rectangle_t *own;

  g_return_if_fail (area <= DW_CARD_PAINT_AREA_STATS);
  own = &small_areas[area];
  rect->x = (width - SMALL_WIDTH * scale) / 2 + own->x * scale;
  rect->y = (height - SMALL_HEIGHT * scale) / 2 + own->y * scale;
  rect->width = own->width * scale;
  rect->height = own->height * scale;
}

/* A card as it lies on the table: frame, name, cost, type, stats.  The
 * rules text is left to the large face beside the table.  Says which of
 * the name and stats were cut even at the smallest size. */
DwCardPaintCut
dw_card_paint_small (PangoContext *context,
                     cairo_t   *cr,
                     DwGame    *game,
                     DwCard    *card,
                     double     width,
                     double     height)
{
  const char *cost = dw_card_get_value (card, "cost");
  const char *points = dw_card_get_value (card, "points");
  const char *hp = dw_card_get_value (card, "hp");
  g_autofree char *types = dw_card_paint_type_line (card);
  g_autofree char *stats = dw_card_paint_short_stats_line (game, card);
  const cairo_rectangle_t *name = &small_areas[DW_CARD_PAINT_AREA_NAME];
  const cairo_rectangle_t *art = &small_areas[DW_CARD_PAINT_AREA_ART];
  const cairo_rectangle_t *type = &small_areas[DW_CARD_PAINT_AREA_TYPE];
  const cairo_rectangle_t *band = &small_areas[DW_CARD_PAINT_AREA_STATS];
  /* Clear of the cost disc when there is one. */
  double name_width = (cost || points) ? name->width - 24 : name->width;
  DwCardPaintCut cut = 0;
  double r, g, b;
  cairo_pattern_t *pattern;

  begin_card (cr, card, SMALL_WIDTH, SMALL_HEIGHT, width, height, 5, 8, 5, &r, &g, &b);

  /* The name on two lines at most: it is what a player reads first. */
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  if (!paint_fitted (context, cr, dw_card_get_name (card), 9, name->x, name->y, name_width, name->height,
                     PANGO_ALIGN_LEFT))
    cut |= DW_CARD_PAINT_CUT_NAME;

  if (cost || points)
    dw_card_paint_cost (context, cr, cost ? cost : points, SMALL_WIDTH - 20, 21, 13, card);

  /* Where the art would be: the faction's colour, so a glance tells it. */
  cairo_rectangle (cr, art->x, art->y, art->width, art->height);
  pattern = cairo_pattern_create_linear (0, art->y, 0, art->y + art->height);
  cairo_pattern_add_color_stop_rgba (pattern, 0, r, g, b, 0.30);
  cairo_pattern_add_color_stop_rgba (pattern, 1, r, g, b, 0.70);
  cairo_set_source (cr, pattern);
  cairo_fill (cr);
  cairo_pattern_destroy (pattern);

  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  dw_card_paint_text (context, cr, types, "Sans Italic 7.5", type->x, type->y, type->width, type->height,
                      PANGO_ALIGN_LEFT, TRUE);

  cairo_rectangle (cr, band->x, band->y, band->width, band->height);
  cairo_set_source_rgba (cr, r, g, b, 0.22);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  if (!paint_fitted (context, cr, stats[0] ? stats : (hp ? hp : ""), 9, band->x + 3, band->y + 3,
                     band->width - 6, band->height - 3,
                     PANGO_ALIGN_CENTER))
    cut |= DW_CARD_PAINT_CUT_STATS;
  cairo_restore (cr);
  return cut;
}

/* The back every card shares, so a face-down card tells nothing. */
/* The colour of a card's back, which a printed back's bleed extends. */
void
dw_card_paint_back_rgb (double *r,
                        double *g,
                        double *b)
{
  *r = 0.20;
  *g = 0.18;
  *b = 0.30;
}

void
dw_card_paint_back (cairo_t *cr,
                    double   width,
                    double   height)
{
  double scale = MIN (width / SMALL_WIDTH, height / SMALL_HEIGHT);
  double r, g, b;

  cairo_save (cr);
  cairo_translate (cr, (width - SMALL_WIDTH * scale) / 2, (height - SMALL_HEIGHT * scale) / 2);
  cairo_scale (cr, scale, scale);
  dw_card_paint_back_rgb (&r, &g, &b);
  dw_card_paint_rounded_rect (cr, 0, 0, SMALL_WIDTH, SMALL_HEIGHT, 8);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_fill (cr);
  dw_card_paint_rounded_rect (cr, 8, 8, SMALL_WIDTH - 16, SMALL_HEIGHT - 16, 5);
  cairo_set_source_rgb (cr, 0.80, 0.68, 0.35);
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);
  /* A diamond in the middle, as card backs have. */
  cairo_move_to (cr, SMALL_WIDTH / 2, SMALL_HEIGHT / 2 - 26);
  cairo_line_to (cr, SMALL_WIDTH / 2 + 18, SMALL_HEIGHT / 2);
  cairo_line_to (cr, SMALL_WIDTH / 2, SMALL_HEIGHT / 2 + 26);
  cairo_line_to (cr, SMALL_WIDTH / 2 - 18, SMALL_HEIGHT / 2);
  cairo_close_path (cr);
  cairo_fill (cr);
  cairo_restore (cr);
}

/* The layout of a badge's @text in @points, and its width and height
 * with the padding round it. */
static PangoLayout *
badge_layout (PangoContext *context,
              const char   *text,
              double        points,
              double       *w,
              double       *h)
{
  PangoLayout *layout = pango_layout_new (context);
  PangoFontDescription *description = pango_font_description_from_string ("Sans Bold");
  int tw, th;

  pango_layout_set_text (layout, text, -1);
  pango_font_description_set_size (description, (int) (points * PANGO_SCALE));
  pango_layout_set_font_description (layout, description);
  pango_font_description_free (description);
  pango_layout_get_pixel_size (layout, &tw, &th);
  /* Round ends, the text clear of their curve. */
  *h = th + 4;
  *w = MAX (tw + 0.7 * *h, *h);
  return layout;
}

/* Where dw_card_paint_badge() draws, its ring included. */
void
dw_card_paint_badge_extents (PangoContext      *context,
                             const char        *text,
                             double             right,
                             double             bottom,
                             double             points,
                             cairo_rectangle_t *rect)
{
  double w, h;
  g_autoptr(PangoLayout) layout = badge_layout (context, text, points, &w, &h);

  /* The ring is 1.5 wide, half of it outside the rounded rectangle. */
  rect->x = right - w - 0.75;
  rect->y = bottom - h - 0.75;
  rect->width = w + 1.5;
  rect->height = h + 1.5;
}

/* A round label on a card, its right and bottom edges at @right and
 * @bottom: a counter, damage, or how many a pile holds. */
void
dw_card_paint_badge (PangoContext *context,
                     cairo_t    *cr,
                     const char *text,
                     double      right,
                     double      bottom,
                     double      points,
                     gboolean    alert)
{
  double w, h, x, y;
  g_autoptr(PangoLayout) layout = badge_layout (context, text, points, &w, &h);
  int tw, th;

  pango_layout_get_pixel_size (layout, &tw, &th);
  x = right - w / 2;
  y = bottom - h / 2;

  cairo_save (cr);
  cairo_new_path (cr);
  dw_card_paint_rounded_rect (cr, x - w / 2, y - h / 2, w, h, h / 2);
  if (alert)
    cairo_set_source_rgb (cr, 0.75, 0.11, 0.16);
  else
    cairo_set_source_rgb (cr, 0.12, 0.12, 0.14);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
  cairo_move_to (cr, x - tw / 2.0, y - th / 2.0);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

/* A card drawn large, in its own units of DW_CARD_PAINT_LARGE_WIDTH by
 * DW_CARD_PAINT_LARGE_HEIGHT scaled to @width by @height and centred:
 * frame, cost disc, name, art (@art, or the faction's colour), type
 * line, rules text, flavour, stats and id.  Name, stats and text are set
 * smaller rather than cut; the parts cut even so are returned. */
DwCardPaintCut
dw_card_paint_large (PangoContext *context,
                     cairo_t    *cr,
                     DwGame     *game,
                     DwCard          *card,
                     cairo_surface_t *art,
                     double           width,
                     double           height)
{
  const double W = DW_CARD_PAINT_LARGE_WIDTH, H = DW_CARD_PAINT_LARGE_HEIGHT;
  const char *cost = dw_card_get_value (card, "cost");
  const char *points = dw_card_get_value (card, "points");
  const char *hp = dw_card_get_value (card, "hp");
  const char *flavor = dw_card_get_value (card, "flavor");
  g_autofree char *types = dw_card_paint_type_line (card);
  g_autofree char *stats = dw_card_paint_stats_line (game, card);
  g_autofree char *text = dw_card_paint_rules_text (card);
  DwCardPaintCut cut = 0;
  double r, g, b;

  begin_card (cr, card, W, H, width, height, 9, 14, 8, &r, &g, &b);

  /* The name on two lines at most, clear of the cost disc. */
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  if (!paint_fitted_font (context, cr, dw_card_get_name (card), "Sans Bold", 12, 16, 14,
                          DW_CARD_PAINT_LARGE_NAME_RIGHT - 16, 36, PANGO_ALIGN_LEFT))
    cut |= DW_CARD_PAINT_CUT_NAME;
  if (cost || points)
    dw_card_paint_cost (context, cr, cost ? cost : points, W - 30, 30, 17, card);

  /* Art box: the image when there is one (already cropped to the box,
   * at any scale), else the faction's colour. */
  cairo_rectangle (cr, DW_CARD_PAINT_LARGE_ART_X, DW_CARD_PAINT_LARGE_ART_Y,
                   DW_CARD_PAINT_LARGE_ART_WIDTH, DW_CARD_PAINT_LARGE_ART_HEIGHT);
  if (art != NULL)
    {
      double fit = DW_CARD_PAINT_LARGE_ART_WIDTH / cairo_image_surface_get_width (art);

      cairo_save (cr);
      cairo_clip_preserve (cr);
      cairo_translate (cr, DW_CARD_PAINT_LARGE_ART_X, DW_CARD_PAINT_LARGE_ART_Y);
      cairo_scale (cr, fit, fit);
      cairo_set_source_surface (cr, art, 0, 0);
      cairo_paint (cr);
      cairo_restore (cr);
      cairo_new_path (cr);
    }
  else
    {
      cairo_pattern_t *pattern = cairo_pattern_create_linear (0, 54, 0, 164);

      cairo_pattern_add_color_stop_rgba (pattern, 0, r, g, b, 0.35);
      cairo_pattern_add_color_stop_rgba (pattern, 1, r, g, b, 0.75);
      cairo_set_source (cr, pattern);
      cairo_fill (cr);
      cairo_pattern_destroy (pattern);
    }

  /* Type line on a band. */
  cairo_rectangle (cr, 16, 168, W - 32, 22);
  cairo_set_source_rgba (cr, r, g, b, 0.18);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  paint_fitted_font (context, cr, types, "Sans Italic", 8.5, 20, 172, W - 40, 16, PANGO_ALIGN_LEFT);

  /* Rules text and flavour, smaller rather than cut. */
  if (!paint_fitted_font (context, cr, text, "Sans", 8.5, 20, 196, W - 40, flavor ? 72 : 106, PANGO_ALIGN_LEFT))
    cut |= DW_CARD_PAINT_CUT_TEXT;
  if (flavor)
    {
      cairo_set_source_rgb (cr, 0.35, 0.32, 0.28);
      if (!paint_fitted_font (context, cr, flavor, "Serif Italic", 8, 20, 270, W - 40, 32, PANGO_ALIGN_LEFT))
        cut |= DW_CARD_PAINT_CUT_TEXT;
    }

  /* Stats along the bottom, on two lines when a game has many, HP in
   * their place when there are none. */
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  if (!paint_fitted_font (context, cr, stats[0] ? stats : (hp ? hp : ""), "Sans Bold", 9, 16, H - 46,
                          W - 32, 28, PANGO_ALIGN_CENTER))
    cut |= DW_CARD_PAINT_CUT_STATS;
  dw_card_paint_text (context, cr, dw_card_get_id (card), "Monospace 6.5", 16, H - 18, W - 32, 10,
                      PANGO_ALIGN_RIGHT, FALSE);
  cairo_restore (cr);
  return cut;
}
