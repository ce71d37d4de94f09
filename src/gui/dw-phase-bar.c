/* dw-phase-bar.c — where the turn is, and the actions that move it on
 *
 * The phases of the game's turn in order, the current one marked; later
 * ones are buttons (a phase the rules let the player skip to), earlier
 * ones plain words.  Beside them: Next Phase, Draw and End Turn.  A
 * game whose rules say what the bar offers in their own words (a duel's
 * declarations, ability and pass: DwTableRules.bar_offers) has those
 * buttons instead of the phases, and its own beside Next.  Every button
 * asks the engine and shows its reason when it would refuse.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-phase-bar.h"
#include "dw-table-offer.h"

struct _DwPhaseBar
{
  GtkWidget       parent_instance;

  GtkBox         *phases;
  GtkScrolledWindow *phase_scroller;
  GtkWidget      *actions;
  GtkCheckButton *for_goldfish;
  GtkWidget      *draw_button;
  GtkWidget      *next_button;
  GtkWidget      *end_button;

  GPtrArray      *game_buttons;  /* the rules' own, beside Next */
  DwTable        *table;
};

G_DEFINE_FINAL_TYPE (DwPhaseBar, dw_phase_bar, GTK_TYPE_WIDGET)

static gboolean
has_verb (DwTable    *table,
          const char *name)
{
  const DwVerb * const *tables = dw_table_get_verbs (table);

  /* Tables of verbs: the machinery's, the manual ones, the game's. */
  for (guint i = 0; tables != NULL && tables[i] != NULL; i++)
    for (const DwVerb *verb = tables[i]; verb->name != NULL; verb++)
      if (g_strcmp0 (verb->name, name) == 0)
        return TRUE;
  return FALSE;
}

static void
clear_phases (DwPhaseBar *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->phases))) != NULL)
    gtk_box_remove (self->phases, child);
}

static void
fill_phases (DwPhaseBar *self)
{
  const DwTableRules *rules = dw_table_get_rules (self->table);
  const char *current = dw_table_get_phase (self->table);
  gboolean past = TRUE;

  for (guint i = 0; rules->phases != NULL && rules->phases[i]; i++)
    {
      const char *label = dw_table_phase_label (self->table, i);
      GtkWidget *widget;

      if (g_strcmp0 (rules->phases[i], current) == 0)
        {
          g_autofree char *accessible = g_strdup_printf (_("%s, the current phase"), label);

          widget = gtk_label_new (label);
          gtk_widget_add_css_class (widget, "current-phase");
          gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
          past = FALSE;
        }
      else if (past)
        {
          widget = gtk_label_new (label);
          gtk_widget_add_css_class (widget, "past-phase");
        }
      else
        {
          g_autofree char *text = dw_table_phase_action (self->table, i);

          widget = dw_table_offer_new (self->table, label, text);
          gtk_widget_add_css_class (widget, "flat");
        }
      gtk_box_append (self->phases, widget);
    }
}

static void
clear_game_buttons (DwPhaseBar *self)
{
  for (guint i = 0; i < self->game_buttons->len; i++)
    gtk_box_remove (GTK_BOX (self->actions), g_ptr_array_index (self->game_buttons, i));
  g_ptr_array_set_size (self->game_buttons, 0);
}

/* The rules' own buttons in the bar: where the phases would stand (a
 * duel's declarations), and beside Next. */
static void
fill_game_offers (DwPhaseBar *self,
                  GPtrArray  *phases,
                  GPtrArray  *actions)
{
  GtkWidget *after = self->draw_button;

  for (guint i = 0; i < phases->len; i++)
    {
      const DwCardOffer *offer = g_ptr_array_index (phases, i);

      gtk_box_append (self->phases, dw_table_offer_new (self->table, offer->label, offer->action));
    }
  /* The same buttons stay, relabelled and asked again, so that the
   * keyboard focus stays on one as the table changes. */
  if (self->game_buttons->len == actions->len)
    {
      for (guint i = 0; i < actions->len; i++)
        {
          const DwCardOffer *offer = g_ptr_array_index (actions, i);
          GtkWidget *button = g_ptr_array_index (self->game_buttons, i);

          gtk_button_set_label (GTK_BUTTON (button), offer->label);
          dw_table_offer_update (button, self->table, offer->action);
        }
      return;
    }
  clear_game_buttons (self);
  for (guint i = 0; i < actions->len; i++)
    {
      const DwCardOffer *offer = g_ptr_array_index (actions, i);
      GtkWidget *button = dw_table_offer_new (self->table, offer->label, offer->action);

      gtk_box_insert_child_after (GTK_BOX (self->actions), button, after);
      g_ptr_array_add (self->game_buttons, button);
      after = button;
    }
}

/* End Turn goes through the discard phase when the rules have one: it
 * is refused only where both the end and that step are. */
static void
update_end_turn (DwPhaseBar *self)
{
  g_autofree char *reason = NULL;
  g_autofree char *end_phase = dw_table_end_phase_action (self->table);
  gboolean accepted = dw_table_offer_check (self->table, "end", &reason) ||
                      (end_phase != NULL && dw_table_offer_check (self->table, end_phase, NULL));

  dw_table_offer_mark (self->end_button, accepted, reason);
}

static void
on_for_goldfish_toggled_cb (DwPhaseBar *self)
{
  if (self->table != NULL)
    dw_phase_bar_show_table (self, self->table);
}

static void
dw_phase_bar_dispose (GObject *object)
{
  DwPhaseBar *self = DW_PHASE_BAR (object);

  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), DW_TYPE_PHASE_BAR);
  /* Children the template does not bind go too. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->game_buttons, g_ptr_array_unref);
  g_clear_object (&self->table);

  G_OBJECT_CLASS (dw_phase_bar_parent_class)->dispose (object);
}

static void
dw_phase_bar_class_init (DwPhaseBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_phase_bar_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deckwright/Deckwright/dw-phase-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, DwPhaseBar, phases);
  gtk_widget_class_bind_template_child (widget_class, DwPhaseBar, phase_scroller);
  gtk_widget_class_bind_template_child (widget_class, DwPhaseBar, actions);
  gtk_widget_class_bind_template_child (widget_class, DwPhaseBar, for_goldfish);
  gtk_widget_class_bind_template_child (widget_class, DwPhaseBar, draw_button);
  gtk_widget_class_bind_template_child (widget_class, DwPhaseBar, next_button);
  gtk_widget_class_bind_template_child (widget_class, DwPhaseBar, end_button);
  gtk_widget_class_set_css_name (widget_class, "phasebar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_TOOLBAR);
}

static void
dw_phase_bar_init (DwPhaseBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->game_buttons = g_ptr_array_new ();
  g_signal_connect_swapped (self->for_goldfish, "toggled", G_CALLBACK (on_for_goldfish_toggled_cb), self);
}

/* Shows where @table's turn is and what it offers now. */
void
dw_phase_bar_show_table (DwPhaseBar *self,
                         DwTable    *table)
{
  const DwTableRules *rules;
  g_autoptr(GPtrArray) phases = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_card_offer_free);
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_card_offer_free);
  gboolean own_offers;

  g_return_if_fail (DW_IS_PHASE_BAR (self));

  g_set_object (&self->table, table);
  rules = dw_table_get_rules (table);
  own_offers = rules->bar_offers != NULL;
  dw_table_bar_offers (table, gtk_check_button_get_active (self->for_goldfish), phases, actions);
  clear_phases (self);
  fill_game_offers (self, phases, actions);
  if (!own_offers)
    fill_phases (self);

  /* Acting for the goldfish is offered where the rules' own buttons can
   * be taken for it. */
  gtk_widget_set_visible (GTK_WIDGET (self->for_goldfish), own_offers && rules->opponent_acts);

  gtk_widget_set_visible (self->next_button, has_verb (table, "next"));
  if (has_verb (table, "next"))
    dw_table_offer_update (self->next_button, table, "next");
  gtk_widget_set_visible (self->draw_button, has_verb (table, "draw"));
  if (has_verb (table, "draw"))
    dw_table_offer_update (self->draw_button, table, "draw");
  gtk_widget_set_visible (self->end_button, has_verb (table, "end"));
  if (has_verb (table, "end"))
    update_end_turn (self);
}

/* On a phone's width the actions go under the phases, at the end, and
 * the phases scroll with a scrollbar in sight. */
void
dw_phase_bar_set_compact (DwPhaseBar *self,
                          gboolean    compact)
{
  GtkLayoutManager *layout;

  g_return_if_fail (DW_IS_PHASE_BAR (self));

  layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout),
                                  compact ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  /* What a phone's width cannot hold (a duel's other Declare buttons)
   * shows a scrollbar, so the player sees there is more. */
  gtk_scrolled_window_set_policy (self->phase_scroller, compact ? GTK_POLICY_ALWAYS : GTK_POLICY_EXTERNAL,
                                  GTK_POLICY_NEVER);
  gtk_scrolled_window_set_overlay_scrolling (self->phase_scroller, !compact);
}

/* Whether the duel's buttons act for the goldfish. */
gboolean
dw_phase_bar_get_for_goldfish (DwPhaseBar *self)
{
  g_return_val_if_fail (DW_IS_PHASE_BAR (self), FALSE);
  return gtk_check_button_get_active (self->for_goldfish);
}
