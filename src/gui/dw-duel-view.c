/* dw-duel-view.c — a duel: two cards facing each other
 *
 * The goldfish's dueling card on the left, the player's on the right,
 * and between them the numbers the duel compares side by side, the one
 * it is decided by marked by words and weight, not by colour alone;
 * under each card, whose turn it is and how the duel stands for that
 * side.  Every word is the rules' (dw_table_duel_words, made by the
 * game's view file in src/table, such as dw-coraabia-view.c); this
 * widget lays them out and decides nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-card-tile.h"
#include "dw-duel-view.h"

struct _DwDuelView
{
  GtkWidget  parent_instance;

  GtkWidget *opponent_side;
  GtkWidget *center;
  GtkWidget *player_side;
  GtkLabel  *heading;
  GtkGrid   *comparison;
  GtkLabel  *opponent_title;
  GtkBox    *opponent_card;
  GtkLabel  *opponent_status;
  GtkLabel  *player_title;
  GtkBox    *player_card;
  GtkLabel  *player_status;
};

G_DEFINE_FINAL_TYPE_WITH_CODE (DwDuelView, dw_duel_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (DW_TYPE_DROP_ZONE, NULL))

enum
{
  CARD_PREVIEW,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
on_tile_preview_cb (DwCardTile *tile,
                    DwDuelView *self)
{
  g_signal_emit (self, signals[CARD_PREVIEW], 0, dw_card_tile_get_number (tile));
}

static void
show_side (DwDuelView            *self,
           DwTable               *table,
           const DwDuelSideWords *side,
           int                    card_width,
           GtkLabel              *title,
           GtkBox                *card_box,
           GtkLabel              *status)
{
  GtkWidget *child;

  gtk_label_set_label (title, side->title);
  if (side->acting)
    gtk_widget_add_css_class (GTK_WIDGET (title), "accent");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (title), "accent");

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (card_box))) != NULL)
    gtk_box_remove (card_box, child);
  if (side->card != 0)
    {
      const DwTableCard *card = dw_table_state_get_card (dw_table_get_state (table), side->card);
      GtkWidget *tile = dw_card_tile_new (dw_table_get_game (table), card->card, card->number, card_width);

      g_signal_connect_object (tile, "preview", G_CALLBACK (on_tile_preview_cb), self, 0);
      gtk_box_append (card_box, tile);
    }
  else
    {
      GtkWidget *none = gtk_label_new (side->no_card);

      gtk_widget_add_css_class (none, "dim-label");
      gtk_box_append (card_box, none);
    }
  gtk_label_set_label (status, side->status);
}

static GtkWidget *
cell (const char *text,
      gboolean    compared)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "numeric");
  if (compared)
    gtk_widget_add_css_class (label, "compared");
  return label;
}

/* The goldfish's numbers, how they stand, yours, and what they are. */
static void
show_comparison (DwDuelView        *self,
                 const DwDuelWords *words)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->comparison))) != NULL)
    gtk_grid_remove (self->comparison, child);

  for (guint i = 0; i < words->rows->len; i++)
    {
      const DwDuelRowWords *row = g_ptr_array_index (words->rows, i);
      GtkWidget *relation = cell (row->relation, row->compared);

      gtk_grid_attach (self->comparison, cell (row->opponent, row->compared), 0, (int) i, 1, 1);
      if (row->relation_words != NULL)
        {
          gtk_widget_set_tooltip_text (relation, row->relation_words);
          gtk_accessible_update_property (GTK_ACCESSIBLE (relation), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          row->relation_words, -1);
        }
      gtk_grid_attach (self->comparison, relation, 1, (int) i, 1, 1);
      gtk_grid_attach (self->comparison, cell (row->player, row->compared), 2, (int) i, 1, 1);
      gtk_grid_attach (self->comparison, cell (row->name, row->compared), 3, (int) i, 1, 1);
    }
}

static void
place (DwDuelView *self,
       GtkWidget  *child,
       int         column,
       int         row,
       int         span)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  GtkGridLayoutChild *place = GTK_GRID_LAYOUT_CHILD (gtk_layout_manager_get_layout_child (layout, child));

  gtk_grid_layout_child_set_column (place, column);
  gtk_grid_layout_child_set_row (place, row);
  gtk_grid_layout_child_set_column_span (place, span);
}

/* Side by side with the comparison between them; on a phone's width the
 * comparison goes under the two characters. */
static void
arrange (DwDuelView *self,
         gboolean    compact)
{
  place (self, self->opponent_side, 0, 0, 1);
  place (self, self->center, compact ? 0 : 1, compact ? 1 : 0, compact ? 2 : 1);
  place (self, self->player_side, compact ? 1 : 2, 0, 1);
}

static void
dw_duel_view_dispose (GObject *object)
{
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (object), DW_TYPE_DUEL_VIEW);
  /* Children the template does not bind go too. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (dw_duel_view_parent_class)->dispose (object);
}

static void
dw_duel_view_class_init (DwDuelViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_duel_view_dispose;

  signals[CARD_PREVIEW] = g_signal_new ("card-preview", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                        NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deckwright/Deckwright/dw-duel-view.ui");
  gtk_widget_class_bind_template_child (widget_class, DwDuelView, opponent_side);
  gtk_widget_class_bind_template_child (widget_class, DwDuelView, center);
  gtk_widget_class_bind_template_child (widget_class, DwDuelView, player_side);
  gtk_widget_class_bind_template_child (widget_class, DwDuelView, heading);
  gtk_widget_class_bind_template_child (widget_class, DwDuelView, comparison);
  gtk_widget_class_bind_template_child (widget_class, DwDuelView, opponent_title);
  gtk_widget_class_bind_template_child (widget_class, DwDuelView, opponent_card);
  gtk_widget_class_bind_template_child (widget_class, DwDuelView, opponent_status);
  gtk_widget_class_bind_template_child (widget_class, DwDuelView, player_title);
  gtk_widget_class_bind_template_child (widget_class, DwDuelView, player_card);
  gtk_widget_class_bind_template_child (widget_class, DwDuelView, player_status);
  gtk_widget_class_set_css_name (widget_class, "duelview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
dw_duel_view_init (DwDuelView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  arrange (self, FALSE);
  /* A trick or a champion is played by dropping it on the duel. */
  dw_drop_zone_install (DW_DROP_ZONE (self));
}

void
dw_duel_view_show_table (DwDuelView *self,
                         DwTable    *table,
                         int         card_width,
                         gboolean    compact)
{
  g_autoptr(DwDuelWords) words = NULL;

  g_return_if_fail (DW_IS_DUEL_VIEW (self));

  words = dw_table_duel_words (table);
  g_return_if_fail (words != NULL);
  gtk_label_set_label (self->heading, words->heading);
  show_side (self, table, &words->opponent, card_width, self->opponent_title, self->opponent_card,
             self->opponent_status);
  show_side (self, table, &words->player, card_width, self->player_title, self->player_card,
             self->player_status);
  show_comparison (self, words);
  arrange (self, compact);
}
