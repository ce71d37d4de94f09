/* dw-card-tile.c — one card as it lies on the table
 *
 * Drawn with the card face's own painting at table size, or as a card
 * back when the player may not see it (then the tile holds no card at
 * all, so nothing it shows or says can give the card away).  A marked
 * card is turned a quarter, as players turn an exhausted card.
 *
 * A click opens the card's menu, which its zone fills with the actions
 * the engine offers; a double click asks for the card's natural action;
 * hovering it asks for it to be shown large (the window follows the
 * keyboard focus for the same).  The tile
 * decides none of this: it only says what the player did.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dw-card-paint.h"
#include "dw-card-tile.h"

/* What the tile shows: the card drawn, turned when marked.  The button
 * around it gives the tile its focus, keyboard and accessible click. */
#define DW_TYPE_CARD_PICTURE (dw_card_picture_get_type ())
G_DECLARE_FINAL_TYPE (DwCardPicture, dw_card_picture, DW, CARD_PICTURE, GtkWidget)

struct _DwCardPicture
{
  GtkWidget   parent_instance;

  DwCardTile *tile;   /* the button holding it */
};

G_DEFINE_FINAL_TYPE (DwCardPicture, dw_card_picture, GTK_TYPE_WIDGET)

struct _DwCardTile
{
  GtkButton       parent_instance;

  DwGame         *game;
  DwCard         *card;       /* NULL: face down */
  guint           number;
  int             width;
  gboolean        marked;
  char           *badge;
  char           *badge_short; /* its first word ("0/10" of "0/10 HP"), or NULL */
  gboolean        badge_alert;

  GtkWidget      *picture;
  GtkWidget      *popover;
  GtkWidget      *menu;
  GtkDragSource  *drag;
  guint           click_source;
  gboolean        pointer_click;  /* the click comes from a pointer, which may click twice */
};

G_DEFINE_FINAL_TYPE (DwCardTile, dw_card_tile, GTK_TYPE_BUTTON)

enum
{
  FILL_MENU,
  NATURAL,
  PREVIEW,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

#define CARD_RATIO 1.4

static void
popup_now (DwCardTile *self)
{
  GtkWidget *child;

  g_clear_handle_id (&self->click_source, g_source_remove);
  while ((child = gtk_widget_get_first_child (self->menu)) != NULL)
    gtk_box_remove (GTK_BOX (self->menu), child);
  /* Filled when opened, so every offer is checked against the table now. */
  g_signal_emit (self, signals[FILL_MENU], 0, self->menu);
  if (gtk_widget_get_first_child (self->menu) != NULL)
    gtk_popover_popup (GTK_POPOVER (self->popover));
}

static gboolean
popup_after_click_cb (gpointer data)
{
  DwCardTile *self = data;

  self->click_source = 0;
  popup_now (self);
  return G_SOURCE_REMOVE;
}

/* Watches presses before the button does: a second press of a double
 * click is the card's natural action, and the button never sees it. */
static void
on_pressed_cb (GtkGestureClick *gesture,
               int              n_press,
               double           x,
               double           y,
               DwCardTile      *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  if (button == GDK_BUTTON_SECONDARY)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      gtk_widget_grab_focus (GTK_WIDGET (self));
      popup_now (self);
      return;
    }
  if (button != GDK_BUTTON_PRIMARY)
    return;

  if (n_press >= 2)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      g_clear_handle_id (&self->click_source, g_source_remove);
      self->pointer_click = FALSE;
      g_signal_emit (self, signals[NATURAL], 0);
      return;
    }
  self->pointer_click = TRUE;
}

/* A click by keyboard or assistive technology opens the menu at once; by
 * pointer, once it is clear no second click follows. */
static void
on_clicked_cb (DwCardTile *self)
{
  int double_click_time = 400;

  if (!self->pointer_click)
    {
      popup_now (self);
      return;
    }
  self->pointer_click = FALSE;
  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-double-click-time", &double_click_time, NULL);
  g_clear_handle_id (&self->click_source, g_source_remove);
  self->click_source = g_timeout_add (double_click_time, popup_after_click_cb, self);
}

static void
on_enter_cb (GtkEventControllerMotion *motion,
             double                    x,
             double                    y,
             DwCardTile               *self)
{
  g_signal_emit (self, signals[PREVIEW], 0);
}

static GdkContentProvider *
on_drag_prepare_cb (GtkDragSource *source,
                    double         x,
                    double         y,
                    DwCardTile    *self)
{
  g_autofree char *text = g_strdup_printf ("#%u", self->number);
  g_autoptr(GdkPaintable) icon = gtk_widget_paintable_new (GTK_WIDGET (self));

  g_clear_handle_id (&self->click_source, g_source_remove);
  gtk_drag_source_set_icon (source, icon, (int) x, (int) y);
  return gdk_content_provider_new_typed (G_TYPE_STRING, text);
}

static void
menu_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  popup_now (DW_CARD_TILE (widget));
}

static void
natural_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  g_signal_emit (widget, signals[NATURAL], 0);
}

static int
card_height (DwCardTile *self)
{
  return dw_card_tile_height_for_width (self->width);
}

static void
dw_card_picture_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  DwCardTile *tile = DW_CARD_PICTURE (widget)->tile;
  gboolean across = (orientation == GTK_ORIENTATION_HORIZONTAL) != tile->marked;

  *minimum = *natural = across ? tile->width : card_height (tile);
}

static void
dw_card_picture_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  gtk_popover_present (GTK_POPOVER (DW_CARD_PICTURE (widget)->tile->popover));
}

/* @area of the card as it lies in its picture: turned clockwise when
 * marked, as the snapshot turns it. */
void
dw_card_tile_get_area (DwCardTile      *self,
                       DwCardPaintArea  area,
                       graphene_rect_t *rect)
{
  cairo_rectangle_t own;

  g_return_if_fail (DW_IS_CARD_TILE (self));

  dw_card_paint_small_area (area, self->width, card_height (self), &own);
  if (self->marked)
    graphene_rect_init (rect, card_height (self) - own.y - own.height, own.x, own.height, own.width);
  else
    graphene_rect_init (rect, own.x, own.y, own.width, own.height);
}

/* The badge lies in the band of the art, which holds no text, across
 * the card from edge to edge: on the stats band's corner it covered
 * "DEF 1", and a region's HP its band.  Its type is set smaller, down
 * to 5 points, until it fits that band; on a card too narrow for its
 * words even so (the goldfish's region at a phone's width, 38 px wide,
 * and "0/10 HP" cut at its left edge) it shows its first word, the
 * number, and the whole is in the tile's tooltip and accessible name.
 * @shown is set to the text drawn. */
static double
badge_place (DwCardTile  *self,
             double      *right,
             double      *bottom,
             const char **shown)
{
  PangoContext *context = gtk_widget_get_pango_context (self->picture);
  graphene_rect_t art, clear;
  cairo_rectangle_t extents;
  const char *texts[] = { self->badge, self->badge_short };

  dw_card_tile_get_area (self, DW_CARD_PAINT_AREA_ART, &art);
  if (self->marked)
    graphene_rect_init (&clear, art.origin.x, 0, art.size.width, self->width);
  else
    graphene_rect_init (&clear, 0, art.origin.y, self->width, art.size.height);
  *right = clear.origin.x + clear.size.width - 3;
  *bottom = clear.origin.y + clear.size.height - 3;
  for (guint i = 0; i < G_N_ELEMENTS (texts) && texts[i] != NULL; i++)
    {
      *shown = texts[i];
      for (double points = self->width < 70 ? 7 : 9; points >= 5; points -= 0.5)
        {
          dw_card_paint_badge_extents (context, *shown, *right, *bottom, points, &extents);
          if (extents.x >= clear.origin.x && extents.y >= clear.origin.y)
            return points;
        }
    }
  return 5;
}

/* Where the badge is drawn in the picture; FALSE when there is none. */
gboolean
dw_card_tile_get_badge_rect (DwCardTile      *self,
                             graphene_rect_t *rect)
{
  cairo_rectangle_t extents;
  double right, bottom, points;
  const char *shown;

  g_return_val_if_fail (DW_IS_CARD_TILE (self), FALSE);

  if (self->badge == NULL)
    return FALSE;
  points = badge_place (self, &right, &bottom, &shown);
  dw_card_paint_badge_extents (gtk_widget_get_pango_context (self->picture), shown, right, bottom, points,
                               &extents);
  graphene_rect_init (rect, extents.x, extents.y, extents.width, extents.height);
  return TRUE;
}

static void
dw_card_picture_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  DwCardTile *self = DW_CARD_PICTURE (widget)->tile;
  double w = self->width;
  double h = card_height (self);
  cairo_t *cr;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                                                 gtk_widget_get_height (widget)));
  cairo_save (cr);
  if (self->marked)
    {
      /* Turned clockwise, as a player turns a card to mark it. */
      cairo_translate (cr, h, 0);
      cairo_rotate (cr, G_PI / 2);
    }
  if (self->card != NULL)
    dw_card_paint_small (gtk_widget_get_pango_context (widget), cr, self->game, self->card, w, h);
  else
    dw_card_paint_back (cr, w, h);
  cairo_restore (cr);

  /* The badge stays upright, in the corner of the art as the card lies. */
  if (self->badge != NULL)
    {
      const char *shown;
      double right, bottom, points = badge_place (self, &right, &bottom, &shown);

      dw_card_paint_badge (gtk_widget_get_pango_context (widget), cr, shown, right, bottom, points,
                           self->badge_alert);
    }
  cairo_destroy (cr);
}

static void
dw_card_picture_class_init (DwCardPictureClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = dw_card_picture_measure;
  widget_class->size_allocate = dw_card_picture_size_allocate;
  widget_class->snapshot = dw_card_picture_snapshot;
  gtk_widget_class_set_css_name (widget_class, "cardpicture");
}

static void
dw_card_picture_init (DwCardPicture *self)
{
}

static void
dw_card_tile_dispose (GObject *object)
{
  DwCardTile *self = DW_CARD_TILE (object);

  g_clear_handle_id (&self->click_source, g_source_remove);
  /* The popover hangs on the picture, which goes with the button. */
  if (self->popover != NULL)
    {
      gtk_widget_unparent (self->popover);
      self->popover = NULL;
    }
  g_clear_object (&self->game);
  g_clear_object (&self->card);
  g_clear_pointer (&self->badge, g_free);
  g_clear_pointer (&self->badge_short, g_free);

  G_OBJECT_CLASS (dw_card_tile_parent_class)->dispose (object);
}

static void
dw_card_tile_class_init (DwCardTileClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_card_tile_dispose;

  /* The zone fills @menu with the card's actions just before it opens. */
  signals[FILL_MENU] = g_signal_new ("fill-menu", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 1, GTK_TYPE_BOX);
  /* Double click: do what this card is most likely played for now. */
  signals[NATURAL] = g_signal_new ("natural", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The pointer came to the card: show it large. */
  signals[PREVIEW] = g_signal_new ("preview", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "tile.menu", NULL, menu_action);
  gtk_widget_class_install_action (widget_class, "tile.natural", NULL, natural_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "tile.menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "tile.menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_SHIFT_MASK, "tile.natural", NULL);
}

static void
dw_card_tile_init (DwCardTile *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  gtk_widget_add_css_class (GTK_WIDGET (self), "card-tile");
  gtk_widget_add_css_class (GTK_WIDGET (self), "flat");
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");
  self->picture = g_object_new (DW_TYPE_CARD_PICTURE, NULL);
  DW_CARD_PICTURE (self->picture)->tile = self;
  gtk_button_set_child (GTK_BUTTON (self), self->picture);
  g_signal_connect (self, "clicked", G_CALLBACK (on_clicked_cb), NULL);

  self->menu = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  self->popover = gtk_popover_new ();
  gtk_widget_add_css_class (self->popover, "menu");
  gtk_popover_set_child (GTK_POPOVER (self->popover), self->menu);
  gtk_widget_set_parent (self->popover, self->picture);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (motion, "enter", G_CALLBACK (on_enter_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  self->drag = gtk_drag_source_new ();
  gtk_drag_source_set_actions (self->drag, GDK_ACTION_MOVE);
  g_signal_connect (self->drag, "prepare", G_CALLBACK (on_drag_prepare_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->drag));
}

/* @card NULL draws the card's back: a face-down card, or one in a hidden
 * zone.  @width is the card's width upright; its height follows. */
GtkWidget *
dw_card_tile_new (DwGame *game,
                  DwCard *card,
                  guint   number,
                  int     width)
{
  DwCardTile *self = g_object_new (DW_TYPE_CARD_TILE, NULL);

  self->game = game ? g_object_ref (game) : NULL;
  self->card = card ? g_object_ref (card) : NULL;
  self->number = number;
  self->width = width;
  dw_card_tile_set_label (self, card ? dw_card_get_name (card) : _("Face-down card"));
  return GTK_WIDGET (self);
}

/* How tall a tile @width pixels wide is, upright. */
int
dw_card_tile_height_for_width (int width)
{
  return (int) (width * CARD_RATIO + 0.5);
}

guint
dw_card_tile_get_number (DwCardTile *self)
{
  g_return_val_if_fail (DW_IS_CARD_TILE (self), 0);
  return self->number;
}

/* The card, or NULL when the tile shows its back. */
DwCard *
dw_card_tile_get_card (DwCardTile *self)
{
  g_return_val_if_fail (DW_IS_CARD_TILE (self), NULL);
  return self->card;
}

void
dw_card_tile_set_marked (DwCardTile *self,
                         gboolean    marked)
{
  g_return_if_fail (DW_IS_CARD_TILE (self));

  if (self->marked == !!marked)
    return;
  self->marked = !!marked;
  gtk_widget_queue_resize (self->picture);
}

gboolean
dw_card_tile_get_marked (DwCardTile *self)
{
  g_return_val_if_fail (DW_IS_CARD_TILE (self), FALSE);
  return self->marked;
}

/* A short label drawn on the card's corner (damage, a counter, the size
 * of a pile); NULL for none.  @alert draws it in red. */
void
dw_card_tile_set_badge (DwCardTile *self,
                        const char *text,
                        gboolean    alert)
{
  g_return_if_fail (DW_IS_CARD_TILE (self));

  g_free (self->badge);
  self->badge = g_strdup (text);
  g_clear_pointer (&self->badge_short, g_free);
  if (text != NULL && strchr (text, ' ') != NULL)
    self->badge_short = g_strndup (text, strchr (text, ' ') - text);
  self->badge_alert = alert;
  gtk_widget_queue_draw (self->picture);
}

/* What a screen reader says and the tooltip shows: the caller decides,
 * since only it knows what the player may see of the card. */
void
dw_card_tile_set_label (DwCardTile *self,
                        const char *label)
{
  g_return_if_fail (DW_IS_CARD_TILE (self));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), label);
}

/* Where the menu opens: above, for cards at the bottom of the window. */
void
dw_card_tile_set_menu_position (DwCardTile      *self,
                                GtkPositionType  position)
{
  g_return_if_fail (DW_IS_CARD_TILE (self));
  gtk_popover_set_position (GTK_POPOVER (self->popover), position);
}

/* Opens the card's menu now, as Enter does. */
void
dw_card_tile_popup (DwCardTile *self)
{
  g_return_if_fail (DW_IS_CARD_TILE (self));
  popup_now (self);
}

GtkDragSource *
dw_card_tile_get_drag_source (DwCardTile *self)
{
  g_return_val_if_fail (DW_IS_CARD_TILE (self), NULL);
  return self->drag;
}

/* The card a drop carries, as a tile's drag gives it ("#N"), or 0 for
 * anything else dropped. */
guint
dw_card_tile_number_from_drop (const GValue *value)
{
  const char *text = G_VALUE_HOLDS_STRING (value) ? g_value_get_string (value) : NULL;
  guint64 number = 0;

  if (text == NULL || text[0] != '#' || !g_ascii_string_to_unsigned (text + 1, 10, 1, G_MAXUINT, &number, NULL))
    return 0;
  return (guint) number;
}
