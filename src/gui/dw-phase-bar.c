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

  GtkWidget      *turn_row;
  GtkBox         *phases;
  GtkScrolledWindow *phase_scroller;
  GtkWidget      *actions;
  GtkCheckButton *for_goldfish;
  GtkWidget      *draw_button;
  GtkWidget      *next_button;
  GtkWidget      *end_button;

  GPtrArray      *game_buttons;  /* the rules' own, beside Next */
  DwTable        *table;
  gboolean        compact;
  GPtrArray      *rulers;      /* a phase shown as words, as a button */
};

#define ROW_SPACING 6   /* between the phases and the actions */

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
  for (guint i = 0; i < self->rulers->len; i++)
    gtk_widget_unparent (g_ptr_array_index (self->rulers, i));
  g_ptr_array_set_size (self->rulers, 0);
}

/* A phase shown as words (past, or the current one) is as wide as its
 * button was, for the phase bar to lay itself out alike in every phase
 * (see one_line_width()): a button never drawn, never presented. */
static void
add_ruler (DwPhaseBar *self,
           GtkWidget  *phase,
           const char *label)
{
  GtkWidget *ruler = gtk_button_new_with_label (label);

  gtk_widget_add_css_class (ruler, "flat");
  gtk_widget_set_child_visible (ruler, FALSE);
  gtk_widget_set_focusable (ruler, FALSE);
  gtk_widget_set_can_target (ruler, FALSE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (ruler), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_widget_insert_before (ruler, GTK_WIDGET (self), NULL);
  g_ptr_array_add (self->rulers, ruler);
  g_object_set_data (G_OBJECT (phase), "dw-phase-ruler", ruler);
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
          add_ruler (self, widget, label);
          past = FALSE;
        }
      else if (past)
        {
          widget = gtk_label_new (label);
          gtk_widget_add_css_class (widget, "past-phase");
          add_ruler (self, widget, label);
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

/* The position in the phases' row of the button with the keyboard
 * focus, or -1: the row is built anew as the table changes. */
static int
focused_phase (DwPhaseBar *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;
  int position = 0;

  if (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self->phases)))
    return -1;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->phases)); child;
       child = gtk_widget_get_next_sibling (child), position++)
    if (child == focus || gtk_widget_is_ancestor (focus, child))
      return position;
  return -1;
}

/* The focus back where it was in the rebuilt row: on the button now at
 * @position (a declaration that stands, refused), else on the next
 * phase's button on from it, else on Next Phase.  A keyboard user who
 * pressed a phase's button is never left on a button that is gone. */
static void
refocus_phase (DwPhaseBar *self,
               int         position)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->phases));

  for (int i = 0; child != NULL && i < position; i++)
    child = gtk_widget_get_next_sibling (child);
  for (; child != NULL; child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_focusable (child) && gtk_widget_grab_focus (child))
      return;
  gtk_widget_grab_focus (self->next_button);
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

/* How wide the phases and the actions are together, every phase whole
 * (the scroller around the phases asks for less than that), each phase
 * counted as wide as the widest it is in a turn, a button or words: the
 * bar takes one line or two for the whole game, and the zones under it
 * never move as the phases go by. */
static int
one_line_width (DwPhaseBar *self)
{
  int phases = 0, actions, goldfish = 0;
  guint n = 0;

  for (GtkWidget *phase = gtk_widget_get_first_child (GTK_WIDGET (self->phases)); phase;
       phase = gtk_widget_get_next_sibling (phase))
    {
      GtkWidget *ruler = g_object_get_data (G_OBJECT (phase), "dw-phase-ruler");
      int width, as_button = 0;

      if (!gtk_widget_get_visible (phase))
        continue;
      gtk_widget_measure (phase, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
      if (ruler != NULL)
        gtk_widget_measure (ruler, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &as_button, NULL, NULL);
      phases += MAX (width, as_button);
      n++;
    }
  if (n > 1)
    phases += (int) (n - 1) * gtk_box_get_spacing (self->phases);
  gtk_widget_measure (self->actions, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &actions, NULL, NULL);
  if (gtk_widget_get_visible (GTK_WIDGET (self->for_goldfish)))
    {
      gtk_widget_measure (GTK_WIDGET (self->for_goldfish), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &goldfish,
                          NULL, NULL);
      goldfish += gtk_box_get_spacing (GTK_BOX (self->turn_row));
    }
  return goldfish + phases + ROW_SPACING + actions;
}

/* Whether the actions stand beside the phases at @width: while every
 * phase shows whole beside them (at 1280 px, Arcmage's ten phases did
 * not, and "Entrance" and "Discard" hid behind the buttons), never on a
 * phone's width. */
static gboolean
fits_one_line (DwPhaseBar *self,
               int         width)
{
  return !self->compact && (width < 0 || one_line_width (self) <= width);
}

/* How tall the phases' line is on two lines, @for_minimum or natural:
 * as tall as a line of buttons (the actions' line is one) with what the
 * line adds under its phases (a phone's scrollbar), whether the phases
 * left are buttons or words, so the zones under the bar never move.  The
 * actions' line is only as tall as its buttons: each line was once as
 * tall as the taller of the two, which left a band of nothing under the
 * buttons as high as the scrollbar. */
static int
turn_line_height (DwPhaseBar *self,
                  gboolean    for_minimum)
{
  int turn_min, turn_nat, phases_min, phases_nat, actions_min, actions_nat;
  int turn, phases, actions;

  gtk_widget_measure (self->turn_row, GTK_ORIENTATION_VERTICAL, -1, &turn_min, &turn_nat, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (self->phases), GTK_ORIENTATION_VERTICAL, -1, &phases_min, &phases_nat, NULL, NULL);
  gtk_widget_measure (self->actions, GTK_ORIENTATION_VERTICAL, -1, &actions_min, &actions_nat, NULL, NULL);
  turn = for_minimum ? turn_min : turn_nat;
  phases = for_minimum ? phases_min : phases_nat;
  actions = for_minimum ? actions_min : actions_nat;
  return MAX (turn, actions + MAX (0, turn - phases));
}

static GtkSizeRequestMode
dw_phase_bar_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
dw_phase_bar_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  DwPhaseBar *self = DW_PHASE_BAR (widget);
  int turn_min, turn_nat, actions_min, actions_nat;

  gtk_widget_measure (self->turn_row, orientation, -1, &turn_min, &turn_nat, NULL, NULL);
  gtk_widget_measure (self->actions, orientation, -1, &actions_min, &actions_nat, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* At the least, one above the other. */
      *minimum = MAX (turn_min, actions_min);
      *natural = self->compact ? MAX (turn_nat, actions_nat) : MAX (*minimum, one_line_width (self));
    }
  else if (fits_one_line (self, for_size))
    {
      *minimum = MAX (turn_min, actions_min);
      *natural = MAX (turn_nat, actions_nat);
    }
  else
    {
      /* Two lines: the phases' and the actions'. */
      *minimum = turn_line_height (self, TRUE) + ROW_SPACING + actions_min;
      *natural = turn_line_height (self, FALSE) + ROW_SPACING + actions_nat;
    }
}

static void
dw_phase_bar_size_allocate (GtkWidget *widget,
                            int        width,
                            int        height,
                            int        baseline)
{
  DwPhaseBar *self = DW_PHASE_BAR (widget);
  int actions_min, actions_width, turn_height;

  if (fits_one_line (self, width))
    {
      gtk_widget_measure (self->actions, GTK_ORIENTATION_HORIZONTAL, -1, &actions_min, &actions_width, NULL, NULL);
      actions_width = MIN (MAX (actions_min, actions_width), width);
      gtk_widget_allocate (self->turn_row, MAX (0, width - actions_width - ROW_SPACING), height, -1, NULL);
      gtk_widget_allocate (self->actions, actions_width, height, -1,
                           gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT ((float) (width - actions_width), 0)));
      return;
    }
  /* The actions under the phases, at the end. */
  gtk_widget_measure (self->actions, GTK_ORIENTATION_VERTICAL, -1, &actions_min, NULL, NULL, NULL);
  turn_height = MAX (0, MIN (turn_line_height (self, FALSE), height - ROW_SPACING - actions_min));
  gtk_widget_allocate (self->turn_row, width, turn_height, -1, NULL);
  gtk_widget_allocate (self->actions, width, MAX (0, height - turn_height - ROW_SPACING), -1,
                       gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (0, (float) (turn_height + ROW_SPACING))));
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
  g_clear_pointer (&self->rulers, g_ptr_array_unref);

  G_OBJECT_CLASS (dw_phase_bar_parent_class)->dispose (object);
}

static void
dw_phase_bar_class_init (DwPhaseBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_phase_bar_dispose;
  widget_class->get_request_mode = dw_phase_bar_get_request_mode;
  widget_class->measure = dw_phase_bar_measure;
  widget_class->size_allocate = dw_phase_bar_size_allocate;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deckwright/Deckwright/dw-phase-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, DwPhaseBar, turn_row);
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
  self->rulers = g_ptr_array_new ();
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
  int focused;

  g_return_if_fail (DW_IS_PHASE_BAR (self));

  g_set_object (&self->table, table);
  rules = dw_table_get_rules (table);
  own_offers = rules->bar_offers != NULL;
  dw_table_bar_offers (table, gtk_check_button_get_active (self->for_goldfish), phases, actions);
  focused = focused_phase (self);
  clear_phases (self);
  fill_game_offers (self, phases, actions);
  if (!own_offers)
    fill_phases (self);
  if (focused >= 0)
    refocus_phase (self, focused);

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
 * the phases scroll with a scrollbar in sight (wider, they go there
 * only when the phases would not show whole beside them). */
void
dw_phase_bar_set_compact (DwPhaseBar *self,
                          gboolean    compact)
{
  g_return_if_fail (DW_IS_PHASE_BAR (self));

  self->compact = compact;
  gtk_widget_queue_resize (GTK_WIDGET (self));
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
