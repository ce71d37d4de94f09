/* dw-card-fan.c — cards side by side, overlapping when room is short
 *
 * Laid out as a player lays cards on a table: in a row while there is
 * room, then overlapping like a hand of cards so every card still shows
 * its edge (and, for the last, its whole face).  Vertically it is a
 * pile seen from the side: each card below shows a strip, the top card
 * is whole — a kingdom's domain pile, whose top servant is the one that
 * acts.  The last child is drawn on top.
 *
 * Given its slots (dw_card_fan_set_slots), the fan asks for the same size
 * whatever it holds, empty or full, so the zones around it never move as
 * cards come and go: more cards than slots overlap, they never push.
 * A row whose cards must stay readable (dw_card_fan_set_min_shown, a
 * hand) overlaps no further than that: it asks for the width its cards
 * need at the least, for a scroller around it to scroll.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-card-fan.h"

#include <math.h>

#define SPACING      6   /* between cards when they do not overlap */
#define PEEK         14  /* the least of a covered card that shows */
#define PILE_OFFSET  26  /* how much of a card under the top a pile shows */

struct _DwCardFan
{
  GtkWidget       parent_instance;

  GtkOrientation  orientation;
  int             card_width;   /* 0: sized by the cards it holds */
  int             card_height;
  guint           slots;
  double          min_shown;    /* of a covered card in a row, at least */
};

G_DEFINE_FINAL_TYPE (DwCardFan, dw_card_fan, GTK_TYPE_WIDGET)

/* How wide a row of its cards is when each covered one shows no more
 * than it must (dw_card_fan_set_min_shown()). */
static int
readable_width (DwCardFan *self)
{
  int width = 0;
  int last = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child;
       child = gtk_widget_get_next_sibling (child))
    {
      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &last, NULL, NULL);
      width += (int) ceil (last * self->min_shown);
    }
  /* The last card is whole. */
  return width - (int) ceil (last * self->min_shown) + last;
}

static void
dw_card_fan_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  DwCardFan *self = DW_CARD_FAN (widget);
  int largest = 0;
  int sum = 0;
  int last = 0;
  guint n = 0;

  if (self->slots > 0)
    {
      /* The same size whatever it holds.  Across, a card's height: a
       * turned card is as wide as an upright one is tall. */
      if (orientation != self->orientation)
        {
          /* A pile narrower than a turned card lets it stick out. */
          *natural = self->card_height;
          *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? self->card_width : self->card_height;
        }
      else if (self->orientation == GTK_ORIENTATION_VERTICAL)
        *minimum = *natural = self->card_height + (int) (self->slots - 1) * PILE_OFFSET;
      else
        {
          *natural = dw_card_fan_get_slots_width (self);
          *minimum = self->card_width;
          /* Readable cards: no narrower than their shown strips. */
          if (self->min_shown > 0)
            *minimum = MAX (*minimum, readable_width (self));
          *natural = MAX (*natural, *minimum);
        }
      return;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      int child_min, child_nat;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, orientation, -1, &child_min, &child_nat, NULL, NULL);
      largest = MAX (largest, child_nat);
      sum += child_nat;
      last = child_nat;
      n++;
    }

  if (orientation != self->orientation)
    {
      *minimum = *natural = largest;
      return;
    }
  if (n == 0)
    {
      *minimum = *natural = 0;
      return;
    }
  if (self->orientation == GTK_ORIENTATION_VERTICAL)
    {
      /* A pile: strips of the cards under the top one. */
      *minimum = last + (int) (n - 1) * PEEK;
      *natural = last + (int) (n - 1) * PILE_OFFSET;
      return;
    }
  *minimum = last + (int) (n - 1) * PEEK;
  *natural = sum + (int) (n - 1) * SPACING;
  *minimum = MIN (*minimum, *natural);
}

static void
dw_card_fan_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  DwCardFan *self = DW_CARD_FAN (widget);
  gboolean horizontal = self->orientation == GTK_ORIENTATION_HORIZONTAL;
  int room = horizontal ? width : height;
  int natural = 0;
  int last = 0;
  guint n = 0;
  double step = 0;
  double position = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      int child_nat;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, self->orientation, -1, NULL, &child_nat, NULL, NULL);
      natural += child_nat;
      last = child_nat;
      n++;
    }
  if (n == 0)
    return;

  if (!horizontal)
    step = n > 1 ? CLAMP ((double) (room - last) / (n - 1), 1.0, (double) PILE_OFFSET) : 0;
  else if (natural + (int) (n - 1) * SPACING <= room)
    step = -1;  /* room enough: side by side */
  else
    step = n > 1 ? MAX (MAX (1.0, ceil (last * self->min_shown)), (double) (room - last) / (n - 1)) : 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      int child_w, child_h;
      GskTransform *transform;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &child_w, NULL, NULL);
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, -1, NULL, &child_h, NULL, NULL);
      /* Cards of a row stand on the same line; a pile is centred. */
      transform = horizontal
                  ? gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT ((float) position, (float) (height - child_h) / 2))
                  : gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT ((float) (width - child_w) / 2, (float) position));
      gtk_widget_allocate (child, child_w, child_h, -1, transform);
      if (step < 0)
        position += child_w + SPACING;
      else
        position += step;
    }
}

static void
dw_card_fan_dispose (GObject *object)
{
  dw_card_fan_clear (DW_CARD_FAN (object));
  G_OBJECT_CLASS (dw_card_fan_parent_class)->dispose (object);
}

static void
dw_card_fan_class_init (DwCardFanClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_card_fan_dispose;
  widget_class->measure = dw_card_fan_measure;
  widget_class->size_allocate = dw_card_fan_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "cardfan");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LIST);
}

static void
dw_card_fan_init (DwCardFan *self)
{
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_VISIBLE);
}

GtkWidget *
dw_card_fan_new (GtkOrientation orientation)
{
  DwCardFan *self = g_object_new (DW_TYPE_CARD_FAN, NULL);

  dw_card_fan_set_orientation (self, orientation);
  return GTK_WIDGET (self);
}

/* Horizontal: a row that overlaps when short of room; vertical: a pile. */
void
dw_card_fan_set_orientation (DwCardFan      *self,
                             GtkOrientation  orientation)
{
  g_return_if_fail (DW_IS_CARD_FAN (self));

  self->orientation = orientation;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* Gives the fan room for @slots cards @card_width × @card_height (a row
 * of them, or a pile showing @slots - 1 strips), whatever it holds;
 * @slots 0 sizes it by its cards again. */
void
dw_card_fan_set_slots (DwCardFan *self,
                       int        card_width,
                       int        card_height,
                       guint      slots)
{
  g_return_if_fail (DW_IS_CARD_FAN (self));

  self->card_width = card_width;
  self->card_height = card_height;
  self->slots = slots;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* A row of cards that must stay readable: each card another covers
 * shows at least @fraction of its width, its left side (0: any strip,
 * down to an edge).  The fan then asks for that much width at the
 * least, and its scroller scrolls rather than let the cards overlap
 * further. */
void
dw_card_fan_set_min_shown (DwCardFan *self,
                           double     fraction)
{
  g_return_if_fail (DW_IS_CARD_FAN (self));
  g_return_if_fail (fraction >= 0 && fraction <= 1);

  self->min_shown = fraction;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* How wide the fan's slots are: the room it asks for, whatever it holds. */
int
dw_card_fan_get_slots_width (DwCardFan *self)
{
  g_return_val_if_fail (DW_IS_CARD_FAN (self), 0);
  if (self->slots == 0)
    return 0;
  return (int) self->slots * self->card_width + (int) (self->slots - 1) * SPACING;
}

/* The least a card another covers shows of itself, a fraction of it. */
double
dw_card_fan_get_min_shown (DwCardFan *self)
{
  g_return_val_if_fail (DW_IS_CARD_FAN (self), 0);
  return self->min_shown;
}

/* Adds @card on top of the others. */
void
dw_card_fan_append (DwCardFan *self,
                    GtkWidget *card)
{
  g_return_if_fail (DW_IS_CARD_FAN (self));
  gtk_widget_insert_before (card, GTK_WIDGET (self), NULL);
}

void
dw_card_fan_clear (DwCardFan *self)
{
  GtkWidget *child;

  g_return_if_fail (DW_IS_CARD_FAN (self));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
}

guint
dw_card_fan_get_n (DwCardFan *self)
{
  guint n = 0;

  g_return_val_if_fail (DW_IS_CARD_FAN (self), 0);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child; child = gtk_widget_get_next_sibling (child))
    n++;
  return n;
}
