/* dw-card-face.c — a card drawn large
 *
 * Drawn by us rather than from an image, so every card of every database
 * has a face: the frame in its faction's colour, the cost in a disc, the
 * name, the type line, the stats the game declares, and the rules text.
 * When the database names an image file that exists, it fills the art box.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-card-face.h"
#include "dw-card-paint.h"
#include "dw-images.h"

#define CARD_WIDTH  ((int) DW_CARD_PAINT_LARGE_WIDTH)
#define CARD_HEIGHT ((int) DW_CARD_PAINT_LARGE_HEIGHT)
#define ART_WIDTH   ((int) DW_CARD_PAINT_LARGE_ART_WIDTH)
#define ART_HEIGHT  ((int) DW_CARD_PAINT_LARGE_ART_HEIGHT)
/* The art is scaled once, to twice the box, sharp on a HiDPI screen. */
#define ART_SCALE   2

struct _DwCardFace
{
  GtkWidget        parent_instance;

  DwGame          *game;
  DwCard          *card;
  cairo_surface_t *art;          /* ART_SCALE × the box, or NULL */
  GCancellable    *art_loading;  /* of the art being read */
};

G_DEFINE_FINAL_TYPE (DwCardFace, dw_card_face, GTK_TYPE_WIDGET)

static void
dw_card_face_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  DwCardFace *self = DW_CARD_FACE (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (self->card == NULL || width <= 0 || height <= 0)
    return;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  dw_card_paint_large (gtk_widget_get_pango_context (widget), cr, self->game, self->card, self->art, width, height);
  cairo_destroy (cr);
}

static void
dw_card_face_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  /* Drawn at any size, in the card's proportions and centred: the
   * browser's pane gives it what the player dragged it to. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = CARD_WIDTH / 5;
      *natural = CARD_WIDTH;
    }
  else
    {
      *minimum = CARD_HEIGHT / 5;
      *natural = CARD_HEIGHT;
    }
}

static void
dw_card_face_dispose (GObject *object)
{
  DwCardFace *self = DW_CARD_FACE (object);

  g_cancellable_cancel (self->art_loading);
  g_clear_object (&self->art_loading);
  g_clear_object (&self->game);
  g_clear_object (&self->card);
  g_clear_pointer (&self->art, cairo_surface_destroy);

  G_OBJECT_CLASS (dw_card_face_parent_class)->dispose (object);
}

static void
dw_card_face_class_init (DwCardFaceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_card_face_dispose;
  widget_class->snapshot = dw_card_face_snapshot;
  widget_class->measure = dw_card_face_measure;

  gtk_widget_class_set_css_name (widget_class, "cardface");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
dw_card_face_init (DwCardFace *self)
{
}

GtkWidget *
dw_card_face_new (void)
{
  return g_object_new (DW_TYPE_CARD_FACE, NULL);
}

static void
update_accessible (DwCardFace *self)
{
  g_autofree char *types = NULL;
  g_autofree char *text = NULL;
  g_autofree char *stats = NULL;
  g_autofree char *description = NULL;

  if (self->card == NULL)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("No card selected"), -1);
      return;
    }

  types = dw_card_paint_type_line (self->card);
  text = dw_card_paint_rules_text (self->card);
  stats = dw_card_paint_stats_line (self->game, self->card);
  description = g_strdup_printf ("%s. %s. %s", types, stats, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, dw_card_get_name (self->card),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
}

/* In a worker thread: the image at @path, cropped and scaled once to
 * fill the art box. */
static void
load_art_thread (GTask        *task,
                 gpointer      source,
                 gpointer      path,
                 GCancellable *cancellable)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkPixbuf) pixbuf = dw_images_load_file (path, &error);
  cairo_surface_t *surface;
  cairo_t *cr;
  double width, height, fit;

  if (pixbuf == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  width = gdk_pixbuf_get_width (pixbuf);
  height = gdk_pixbuf_get_height (pixbuf);
  fit = MAX (ART_WIDTH * ART_SCALE / width, ART_HEIGHT * ART_SCALE / height);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, ART_WIDTH * ART_SCALE, ART_HEIGHT * ART_SCALE);
  cr = cairo_create (surface);
  cairo_translate (cr, (ART_WIDTH * ART_SCALE - width * fit) / 2, (ART_HEIGHT * ART_SCALE - height * fit) / 2);
  cairo_scale (cr, fit, fit);
  gdk_cairo_set_source_pixbuf (cr, pixbuf, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
  cairo_paint (cr);
  cairo_destroy (cr);
  g_task_return_pointer (task, surface, (GDestroyNotify) cairo_surface_destroy);
}

static void
on_art_loaded_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  DwCardFace *self = DW_CARD_FACE (source);
  g_autoptr(GError) error = NULL;
  cairo_surface_t *art = g_task_propagate_pointer (G_TASK (result), &error);

  /* A newer card took the face meanwhile. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->art_loading);
  if (art == NULL)
    {
      /* A broken image leaves the faction's colour. */
      g_message ("%s", error->message);
      return;
    }
  g_clear_pointer (&self->art, cairo_surface_destroy);
  self->art = art;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Shows @card (NULL for none).  Its image (beside its database, at an
 * absolute path, or fetched into the cache) is read and scaled in a
 * worker thread; the face shows the faction's colour until it is in. */
void
dw_card_face_set_card (DwCardFace *self,
                       DwGame     *game,
                       DwCard     *card)
{
  g_autofree char *image = NULL;

  g_return_if_fail (DW_IS_CARD_FACE (self));

  g_set_object (&self->game, game);
  if (!g_set_object (&self->card, card))
    return;

  g_cancellable_cancel (self->art_loading);
  g_clear_object (&self->art_loading);
  g_clear_pointer (&self->art, cairo_surface_destroy);
  image = card ? dw_images_card_image_path (card) : NULL;
  if (image != NULL)
    {
      g_autoptr(GTask) task = NULL;

      self->art_loading = g_cancellable_new ();
      task = g_task_new (self, self->art_loading, on_art_loaded_cb, NULL);
      g_task_set_task_data (task, g_steal_pointer (&image), g_free);
      g_task_run_in_thread (task, load_art_thread);
    }

  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Whether the card's image is being read. */
gboolean
dw_card_face_is_loading_art (DwCardFace *self)
{
  g_return_val_if_fail (DW_IS_CARD_FACE (self), FALSE);
  return self->art_loading != NULL;
}

/* Whether the card's image is in and drawn (FALSE while it loads). */
gboolean
dw_card_face_has_art (DwCardFace *self)
{
  g_return_val_if_fail (DW_IS_CARD_FACE (self), FALSE);
  return self->art != NULL;
}

DwCard *
dw_card_face_get_card (DwCardFace *self)
{
  g_return_val_if_fail (DW_IS_CARD_FACE (self), NULL);
  return self->card;
}
