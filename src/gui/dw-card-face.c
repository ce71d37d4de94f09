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

#define CARD_WIDTH  ((int) DW_CARD_PAINT_LARGE_WIDTH)
#define CARD_HEIGHT ((int) DW_CARD_PAINT_LARGE_HEIGHT)

struct _DwCardFace
{
  GtkWidget   parent_instance;

  DwGame     *game;
  DwCard     *card;
  GdkTexture *art;
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
  dw_card_paint_large (widget, cr, self->game, self->card, self->art, width, height);
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
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = CARD_WIDTH * 3 / 4;
      *natural = CARD_WIDTH;
    }
  else
    {
      *minimum = CARD_HEIGHT * 3 / 4;
      *natural = CARD_HEIGHT;
    }
}

static void
dw_card_face_dispose (GObject *object)
{
  DwCardFace *self = DW_CARD_FACE (object);

  g_clear_object (&self->game);
  g_clear_object (&self->card);
  g_clear_object (&self->art);

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

/* Shows @card (NULL for none); its image is read from the path its
 * database gives, relative paths resolved against the data folder. */
void
dw_card_face_set_card (DwCardFace *self,
                       DwGame     *game,
                       DwCard     *card)
{
  const char *image;

  g_return_if_fail (DW_IS_CARD_FACE (self));

  g_set_object (&self->game, game);
  if (!g_set_object (&self->card, card))
    return;

  g_clear_object (&self->art);
  image = card ? dw_card_get_value (card, "image") : NULL;
  if (image != NULL && g_path_is_absolute (image) && g_file_test (image, G_FILE_TEST_IS_REGULAR))
    self->art = gdk_texture_new_from_filename (image, NULL);

  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

DwCard *
dw_card_face_get_card (DwCardFace *self)
{
  g_return_val_if_fail (DW_IS_CARD_FACE (self), NULL);
  return self->card;
}
