/* dw-duel-view.c — Coraabia's duel: two characters facing each other
 *
 * The goldfish's dueling character on the left, the player's on the
 * right, and between them the four parameters side by side with the
 * compared one marked by words and weight, not by colour alone; under
 * each character, whose turn it is, how the duel stands for that side,
 * and the side's score and limits in words.  Everything here is read
 * from the engine (dw_coraabia_get_side); nothing is decided.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "dw-card-tile.h"
#include "dw-coraabia-rules.h"
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

static const char *
status_words (const DwCoraabiaSide *side)
{
  switch (side->status)
    {
    case DW_DUEL_WINNING:
      return side->critical ? _("Winning, critically") : _("Winning");
    case DW_DUEL_LOSING:
      return _("Losing");
    case DW_DUEL_TIED:
      return _("Tied");
    case DW_DUEL_UNDECLARED:
    default:
      return _("No parameter declared yet");
    }
}

static void
on_tile_preview_cb (DwCardTile *tile,
                    DwDuelView *self)
{
  g_signal_emit (self, signals[CARD_PREVIEW], 0, dw_card_tile_get_number (tile));
}

static void
show_side (DwDuelView           *self,
           DwTable              *table,
           DwSide                which,
           const DwCoraabiaSide *side,
           int                   card_width,
           GtkLabel             *title,
           GtkBox               *card_box,
           GtkLabel             *status)
{
  const DwTableState *state = dw_table_get_state (table);
  DwSide acting = DW_SIDE_PLAYER;
  DwCoraabiaTask task = dw_coraabia_get_acting_side (state, &acting);
  const char *who = which == DW_SIDE_PLAYER ? _("You") : _("Goldfish");
  g_autofree char *heading = NULL;
  g_autofree char *words = NULL;
  GtkWidget *child;

  if (task == DW_CORAABIA_DECLARE && acting == which)
    heading = g_strdup_printf (_("%s — to declare"), who);
  else if (task != DW_CORAABIA_NOBODY && acting == which)
    heading = g_strdup_printf (_("%s — to act"), who);
  else
    heading = g_strdup (who);
  gtk_label_set_label (title, heading);
  if (task != DW_CORAABIA_NOBODY && acting == which)
    gtk_widget_add_css_class (GTK_WIDGET (title), "accent");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (title), "accent");

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (card_box))) != NULL)
    gtk_box_remove (card_box, child);
  if (side->character != 0)
    {
      const DwTableCard *card = dw_table_state_get_card (state, side->character);
      GtkWidget *tile = dw_card_tile_new (dw_table_get_game (table), card->card, card->number, card_width);

      g_signal_connect_object (tile, "preview", G_CALLBACK (on_tile_preview_cb), self, 0);
      gtk_box_append (card_box, tile);
    }
  else
    {
      GtkWidget *none = gtk_label_new (_("No character in the duel"));

      gtk_widget_add_css_class (none, "dim-label");
      gtk_box_append (card_box, none);
    }

  words = g_strdup_printf (_("%s · points %" PRId64 "\n"
                             "Score %" PRId64 " · duels won %" PRId64 "\n"
                             "Tricks %" PRId64 " of %" PRId64 " · champions %" PRId64 " of %" PRId64 "%s"),
                           status_words (side), side->points, side->score, side->aux_score,
                           side->tricks_played, side->trick_limit, side->champions_sent, side->champion_limit,
                           side->has_ability ? (side->ability_used ? _(" · ability used") : _(" · ability ready")) : "");
  gtk_label_set_label (status, words);
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

static void
show_comparison (DwDuelView           *self,
                 const DwCoraabiaSide *opponent,
                 const DwCoraabiaSide *player,
                 int                   compared)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->comparison))) != NULL)
    gtk_grid_remove (self->comparison, child);

  for (guint i = 0; i < DW_CORAABIA_N_PARAMETERS; i++)
    {
      gboolean is_compared = (int) i == compared;
      const char *unit = i == DW_CORAABIA_VITALITY ? "%" : "";
      g_autofree char *theirs = opponent->character ? g_strdup_printf ("%" PRId64 "%s", opponent->parameters[i], unit)
                                                    : g_strdup ("–");
      g_autofree char *mine = player->character ? g_strdup_printf ("%" PRId64 "%s", player->parameters[i], unit)
                                                : g_strdup ("–");
      g_autofree char *name = is_compared ? g_strdup_printf (_("▸ %s (compared)"), dw_coraabia_parameter_name (i))
                                          : g_strdup (dw_coraabia_parameter_name (i));
      const char *relation = "";
      const char *relation_words = NULL;
      GtkWidget *relation_label;

      if (opponent->character && player->character)
        {
          gint64 a = opponent->parameters[i];
          gint64 b = player->parameters[i];

          relation = a > b ? ">" : a < b ? "<" : "=";
          relation_words = a > b ? _("the goldfish's is higher") : a < b ? _("yours is higher") : _("equal");
        }

      gtk_grid_attach (self->comparison, cell (theirs, is_compared), 0, (int) i, 1, 1);
      relation_label = cell (relation, is_compared);
      if (relation_words != NULL)
        {
          gtk_widget_set_tooltip_text (relation_label, relation_words);
          gtk_accessible_update_property (GTK_ACCESSIBLE (relation_label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          relation_words, -1);
        }
      gtk_grid_attach (self->comparison, relation_label, 1, (int) i, 1, 1);
      gtk_grid_attach (self->comparison, cell (mine, is_compared), 2, (int) i, 1, 1);
      gtk_grid_attach (self->comparison, cell (name, is_compared), 3, (int) i, 1, 1);
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
  const DwTableState *state = dw_table_get_state (table);
  DwCoraabiaSide player, opponent;
  int compared = dw_coraabia_get_parameter (state);
  g_autofree char *heading = NULL;

  g_return_if_fail (DW_IS_DUEL_VIEW (self));

  dw_coraabia_get_side (state, DW_SIDE_PLAYER, &player);
  dw_coraabia_get_side (state, DW_SIDE_OPPONENT, &opponent);
  heading = g_strdup_printf (_("Duel %u: %s%s"), dw_table_get_turn (table),
                             compared >= 0 ? dw_coraabia_parameter_name (compared) : _("not declared yet"),
                             dw_coraabia_is_shootout (state) ? _(" · shootout") : "");
  gtk_label_set_label (self->heading, heading);
  show_side (self, table, DW_SIDE_OPPONENT, &opponent, card_width, self->opponent_title, self->opponent_card,
             self->opponent_status);
  show_side (self, table, DW_SIDE_PLAYER, &player, card_width, self->player_title, self->player_card,
             self->player_status);
  show_comparison (self, &opponent, &player, compared);
  arrange (self, compact);
}
