/* dw-card-zoom.c — a card's face, large, beside its name on hover or focus
 *
 * Any widget that names a card (a row of the browser's list, a row of
 * the deck) can show that card large in a popover beside it: after a
 * short rest of the pointer on it, or at once when the keyboard focuses
 * it.  It goes when the pointer leaves, when focus moves on, or on
 * Escape.  The popover never takes focus, so a player arrowing through
 * a list or typing goes on doing so.
 *
 * Under the face, the zoom names the player's decks that hold the card
 * (dw-card-usage.c), when the deck library has been read.
 *
 * The popover is the widget's own child; the widget's layout leaves
 * popovers alone (they are GtkNative), so any widget can carry one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-card-face.h"
#include "dw-card-paint.h"
#include "dw-card-usage.h"
#include "dw-card-zoom.h"

/* The zoomed face's width; the height follows the card's proportions. */
#define ZOOM_WIDTH 300

typedef struct
{
  GtkWidget      *widget;      /* not owned: the zoom lives on it */
  DwGame         *game;
  DwCardZoomFunc  get_card;
  gpointer        user_data;
  GtkWidget      *popover;     /* made when first shown */
  DwCardFace     *face;
  GtkLabel       *decks;       /* the player's decks holding the card */
  guint           hover_source;
} Zoom;

static void
free_zoom (gpointer data)
{
  Zoom *zoom = data;

  g_clear_handle_id (&zoom->hover_source, g_source_remove);
  g_clear_object (&zoom->game);
  g_free (zoom);
}

static Zoom *
zoom_of (GtkWidget *widget)
{
  return g_object_get_data (G_OBJECT (widget), "dw-card-zoom");
}

static void
hide_zoom (Zoom *zoom)
{
  g_clear_handle_id (&zoom->hover_source, g_source_remove);
  if (zoom->popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (zoom->popover));
}

/* Beside the name, on the side of the window with room for the face: a
 * row of the deck, at the window's right edge, shows it on its left.
 * (Where the monitor is unknown GTK cannot flip a popover that does not
 * fit, and gives it a negative width.) */
static GtkPositionType
zoom_side (GtkWidget *widget)
{
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (widget));
  graphene_rect_t bounds;

  if (root == NULL || !gtk_widget_compute_bounds (widget, root, &bounds))
    return GTK_POS_RIGHT;
  return gtk_widget_get_width (root) - (bounds.origin.x + bounds.size.width) >= ZOOM_WIDTH + 24
    ? GTK_POS_RIGHT : GTK_POS_LEFT;
}

static void
show_zoom (Zoom *zoom)
{
  DwCard *card;
  GtkWidget *box;
  g_autofree char *decks = NULL;

  g_clear_handle_id (&zoom->hover_source, g_source_remove);
  card = gtk_widget_get_mapped (zoom->widget) ? zoom->get_card (zoom->widget, zoom->user_data) : NULL;
  if (card == NULL)
    {
      hide_zoom (zoom);
      return;
    }

  if (zoom->popover == NULL)
    {
      zoom->popover = gtk_popover_new ();
      gtk_popover_set_autohide (GTK_POPOVER (zoom->popover), FALSE);
      gtk_widget_set_can_focus (zoom->popover, FALSE);
      gtk_widget_set_can_target (zoom->popover, FALSE);
      gtk_widget_add_css_class (zoom->popover, "card-zoom");
      zoom->face = DW_CARD_FACE (dw_card_face_new ());
      gtk_widget_set_size_request (GTK_WIDGET (zoom->face), ZOOM_WIDTH,
                                   (int) (ZOOM_WIDTH * DW_CARD_PAINT_LARGE_HEIGHT / DW_CARD_PAINT_LARGE_WIDTH));
      box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      zoom->decks = GTK_LABEL (gtk_label_new (NULL));
      gtk_label_set_xalign (zoom->decks, 0);
      gtk_label_set_wrap (zoom->decks, TRUE);
      gtk_label_set_wrap_mode (zoom->decks, PANGO_WRAP_WORD_CHAR);
      gtk_label_set_max_width_chars (zoom->decks, 1);
      gtk_widget_set_size_request (GTK_WIDGET (zoom->decks), ZOOM_WIDTH, -1);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (zoom->face));
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (zoom->decks));
      gtk_popover_set_child (GTK_POPOVER (zoom->popover), box);
      gtk_widget_set_parent (zoom->popover, zoom->widget);
    }
  dw_card_face_set_card (zoom->face, zoom->game, card);
  decks = dw_card_usage_describe (card);
  gtk_label_set_text (zoom->decks, decks ? decks : "");
  gtk_widget_set_visible (GTK_WIDGET (zoom->decks), decks != NULL);
  /* Read out, the popover names its card, as the face it holds does. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (zoom->popover), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  dw_card_get_name (card), -1);
  gtk_popover_set_position (GTK_POPOVER (zoom->popover), zoom_side (zoom->widget));
  gtk_popover_popup (GTK_POPOVER (zoom->popover));
}

static gboolean
hover_rested_cb (gpointer user_data)
{
  Zoom *zoom = user_data;

  zoom->hover_source = 0;
  show_zoom (zoom);
  return G_SOURCE_REMOVE;
}

static void
on_pointer_enter_cb (GtkEventControllerMotion *motion,
                     double                    x,
                     double                    y,
                     Zoom                     *zoom)
{
  g_clear_handle_id (&zoom->hover_source, g_source_remove);
  zoom->hover_source = g_timeout_add (DW_CARD_ZOOM_HOVER_DELAY_MS, hover_rested_cb, zoom);
}

static void
on_pointer_leave_cb (Zoom *zoom)
{
  hide_zoom (zoom);
}

static void
on_focus_enter_cb (GtkEventControllerFocus *focus,
                   GtkWidget               *widget)
{
  Zoom *zoom = zoom_of (widget);

  GtkRoot *root = gtk_widget_get_root (widget);

  /* Only the keyboard's focus: a click focuses the row too, and the
   * player who clicked sees the card in the browser already. */
  if (zoom != NULL && GTK_IS_WINDOW (root) && gtk_window_get_focus_visible (GTK_WINDOW (root)))
    show_zoom (zoom);
}

static void
on_focus_leave_cb (GtkEventControllerFocus *focus,
                   GtkWidget               *widget)
{
  Zoom *zoom = zoom_of (widget);

  if (zoom != NULL)
    hide_zoom (zoom);
}

static gboolean
on_key_pressed_cb (GtkEventControllerKey *keys,
                   guint                  keyval,
                   guint                  keycode,
                   GdkModifierType        state,
                   GtkWidget             *widget)
{
  Zoom *zoom = zoom_of (widget);

  if (keyval != GDK_KEY_Escape || zoom == NULL || zoom->popover == NULL ||
      !gtk_widget_get_visible (zoom->popover))
    return GDK_EVENT_PROPAGATE;
  hide_zoom (zoom);
  return GDK_EVENT_STOP;
}

static void
on_destroy_cb (GtkWidget *widget)
{
  Zoom *zoom = zoom_of (widget);

  if (zoom != NULL && zoom->popover != NULL)
    {
      g_clear_pointer (&zoom->popover, gtk_widget_unparent);
      zoom->face = NULL;
      zoom->decks = NULL;
    }
}

/* Shows the card @get_card names for @widget, of @game, large beside
 * @widget while the pointer rests on it or the keyboard focuses it. */
void
dw_card_zoom_attach (GtkWidget      *widget,
                     DwGame         *game,
                     DwCardZoomFunc  get_card,
                     gpointer        user_data)
{
  Zoom *zoom;
  GtkEventController *motion;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (get_card != NULL);

  if ((zoom = zoom_of (widget)) != NULL)
    {
      g_set_object (&zoom->game, game);
      zoom->get_card = get_card;
      zoom->user_data = user_data;
      return;
    }

  zoom = g_new0 (Zoom, 1);
  zoom->widget = widget;
  zoom->game = game ? g_object_ref (game) : NULL;
  zoom->get_card = get_card;
  zoom->user_data = user_data;
  g_object_set_data_full (G_OBJECT (widget), "dw-card-zoom", zoom, free_zoom);
  g_signal_connect (widget, "destroy", G_CALLBACK (on_destroy_cb), NULL);

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "enter", G_CALLBACK (on_pointer_enter_cb), zoom);
  g_signal_connect_swapped (motion, "leave", G_CALLBACK (on_pointer_leave_cb), zoom);
  gtk_widget_add_controller (widget, motion);

  dw_card_zoom_follow_focus (widget, widget);
}

static DwCard *
entry_card_cb (GtkWidget *widget,
               gpointer   user_data)
{
  return dw_deck_entry_get_card (user_data);
}

/* The same for a row of a deck: the card @entry holds when it shows. */
void
dw_card_zoom_attach_entry (GtkWidget   *widget,
                           DwGame      *game,
                           DwDeckEntry *entry)
{
  g_return_if_fail (DW_IS_DECK_ENTRY (entry));

  g_object_set_data_full (G_OBJECT (widget), "dw-card-zoom-entry", g_object_ref (entry), g_object_unref);
  dw_card_zoom_attach (widget, game, entry_card_cb, entry);
}

/* The zoom of @widget also shows while the keyboard's focus is on
 * @focus_holder (or inside it): a list's cell zooms when its row is
 * focused. */
void
dw_card_zoom_follow_focus (GtkWidget *widget,
                           GtkWidget *focus_holder)
{
  GtkEventController *focus;
  GtkEventController *keys;

  g_return_if_fail (zoom_of (widget) != NULL);

  if (g_object_get_data (G_OBJECT (focus_holder), "dw-card-zoom-focus") == widget)
    return;
  if (g_object_get_data (G_OBJECT (focus_holder), "dw-card-zoom-focus") != NULL)
    {
      g_critical ("%s: %s already follows another widget's focus", G_STRFUNC,
                  G_OBJECT_TYPE_NAME (focus_holder));
      return;
    }
  g_object_set_data (G_OBJECT (focus_holder), "dw-card-zoom-focus", widget);

  focus = gtk_event_controller_focus_new ();
  g_signal_connect_object (focus, "enter", G_CALLBACK (on_focus_enter_cb), widget, 0);
  g_signal_connect_object (focus, "leave", G_CALLBACK (on_focus_leave_cb), widget, 0);
  gtk_widget_add_controller (focus_holder, focus);

  keys = gtk_event_controller_key_new ();
  g_signal_connect_object (keys, "key-pressed", G_CALLBACK (on_key_pressed_cb), widget, 0);
  gtk_widget_add_controller (focus_holder, keys);
}

/* The text of @widget's zoom under the face (the decks holding the
 * card), or NULL when it has not shown or names none. */
const char *
dw_card_zoom_get_decks_text (GtkWidget *widget)
{
  Zoom *zoom = zoom_of (widget);

  if (zoom == NULL || zoom->decks == NULL || !gtk_widget_get_visible (GTK_WIDGET (zoom->decks)))
    return NULL;
  return gtk_label_get_text (zoom->decks);
}

/* @widget names another card now (a list's row reused while the
 * pointer rests on it): a zoom showing follows it. */
void
dw_card_zoom_update (GtkWidget *widget)
{
  Zoom *zoom = zoom_of (widget);

  if (zoom != NULL && zoom->popover != NULL && gtk_widget_get_visible (zoom->popover))
    show_zoom (zoom);
}
