/* dw-table-window.c — a goldfish table, played by hand against the rules
 *
 * The view never decides what is legal: every button, menu item and drop
 * asks the engine (dw_table_check) first, shows its reason when it says
 * no, and performs through it when it says yes.  The zones sit where the
 * game definition puts them; the same action language as
 * `deckwright --playtest` can be typed in the entry at the bottom.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include <string.h>

#include "dw-card-face.h"
#include "dw-coraabia-rules.h"
#include "dw-table-window.h"

struct _DwTableWindow
{
  AdwApplicationWindow  parent_instance;

  DwLibrary            *library;
  DwTable              *table;
  GFile                *file;
  char                 *last_message;

  AdwToastOverlay      *toasts;
  AdwWindowTitle       *title;
  GtkWidget            *undo_button;
  GtkBox               *phase_bar;
  GtkGrid              *board;
  GtkBox               *opponent_row;
  GtkListBox           *counters;
  GtkListBox           *log;
  GtkEntry             *entry;
  GtkBox               *duel;
  GtkCheckButton       *for_goldfish;
};

G_DEFINE_FINAL_TYPE (DwTableWindow, dw_table_window, ADW_TYPE_APPLICATION_WINDOW)

static void refresh (DwTableWindow *self);

/* "move-attack-2" → "Move/Attack": how the phase bar names a phase. */
static char *
phase_label (const char *id)
{
  g_autofree char *base = g_strdup (id);
  GString *label = g_string_new (NULL);
  char *dash = strrchr (base, '-');

  if (dash != NULL && g_ascii_isdigit (dash[1]))
    *dash = '\0';
  for (char *p = base; *p; p++)
    {
      if (*p == '-')
        g_string_append_c (label, '/');
      else
        g_string_append_c (label, (p == base || p[-1] == '-') ? g_ascii_toupper (*p) : *p);
    }
  return g_string_free (label, FALSE);
}

/* Whether the engine would accept @text now; if not, why. */
static gboolean
check_text (DwTableWindow  *self,
            const char     *text,
            char          **reason)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwAction) action = dw_table_parse (self->table, text, &error);

  if (action != NULL && dw_table_check (self->table, action, &error))
    return TRUE;
  if (reason)
    *reason = g_strdup (error ? error->message : _("not possible now"));
  return FALSE;
}

static void
say (DwTableWindow *self,
     const char    *message)
{
  g_free (self->last_message);
  self->last_message = g_strdup (message);
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (message));
}

/* Performs @text through the engine; a refusal says why and changes
 * nothing, so a dragged card simply springs back. */
gboolean
dw_table_window_act (DwTableWindow *self,
                     const char    *text)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *effects = NULL;

  g_return_val_if_fail (DW_IS_TABLE_WINDOW (self), FALSE);

  if (!dw_table_perform_text (self->table, text, &effects, &error))
    {
      say (self, error->message);
      return FALSE;
    }
  g_clear_pointer (&self->last_message, g_free);
  if (dw_table_get_result (self->table) != DW_TABLE_RESULT_NONE)
    say (self, dw_table_get_state (self->table)->result_reason ?: _("The game is over"));
  return TRUE;
}

static void
on_act_clicked_cb (GtkButton     *button,
                   DwTableWindow *self)
{
  const char *text = g_object_get_data (G_OBJECT (button), "action");
  GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_POPOVER);

  if (popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
  dw_table_window_act (self, text);
}

static GtkWidget *
action_button (DwTableWindow *self,
               const char    *label,
               const char    *text)
{
  GtkWidget *button = gtk_button_new_with_label (label);
  g_autofree char *reason = NULL;

  g_object_set_data_full (G_OBJECT (button), "action", g_strdup (text), g_free);
  g_signal_connect (button, "clicked", G_CALLBACK (on_act_clicked_cb), self);
  if (!check_text (self, text, &reason))
    {
      gtk_widget_set_sensitive (button, FALSE);
      gtk_widget_set_tooltip_text (button, reason);
    }
  return button;
}

gboolean
dw_table_window_phase_enabled (DwTableWindow  *self,
                               const char     *phase,
                               char          **reason)
{
  g_autofree char *text = g_strdup_printf ("phase %s", phase);

  return check_text (self, text, reason);
}

typedef struct
{
  DwTableWindow *window;
  GArray        *numbers;  /* guint: the hand's cards */
  GPtrArray     *choices;  /* AdwComboRow, one a card: keep, grave, shuffle back */
} Mulligan;

static void
mulligan_free (Mulligan *mulligan)
{
  g_array_unref (mulligan->numbers);
  g_ptr_array_unref (mulligan->choices);
  g_free (mulligan);
}

/* "mulligan #3 #9 keep #1 #4": the cards set to the grave, then the kept. */
char *
dw_table_window_mulligan_text (GArray  *numbers,
                               guint   *choices)
{
  GString *grave = g_string_new ("mulligan");
  g_autoptr(GString) keep = g_string_new (NULL);

  for (guint i = 0; i < numbers->len; i++)
    {
      guint number = g_array_index (numbers, guint, i);

      if (choices[i] == 1)
        g_string_append_printf (grave, " #%u", number);
      else if (choices[i] == 0)
        g_string_append_printf (keep, " #%u", number);
    }
  if (keep->len > 0)
    g_string_append_printf (grave, " keep%s", keep->str);
  return g_string_free (grave, FALSE);
}

static void
on_mulligan_response_cb (AdwMessageDialog *dialog,
                         const char       *response,
                         Mulligan         *mulligan)
{
  if (g_str_equal (response, "mulligan"))
    {
      g_autofree guint *choices = g_new0 (guint, mulligan->numbers->len + 1);
      g_autofree char *text = NULL;

      for (guint i = 0; i < mulligan->choices->len; i++)
        choices[i] = adw_combo_row_get_selected (g_ptr_array_index (mulligan->choices, i));
      text = dw_table_window_mulligan_text (mulligan->numbers, choices);
      dw_table_window_act (mulligan->window, text);
    }
  mulligan_free (mulligan);
}

/* The first turn's mulligan: the player says, card by card, what goes to
 * the grave, what is kept, and what is shuffled back; the engine checks
 * the rule (two to the grave, at most five kept). */
static void
mulligan_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  DwTableWindow *self = DW_TABLE_WINDOW (widget);
  const DwTableState *state = dw_table_get_state (self->table);
  int hand_index = dw_table_state_lookup_zone (state, "hand");
  const char *options[] = { N_("Keep"), N_("To the grave"), N_("Shuffle back"), NULL };
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  Mulligan *mulligan;
  const DwTableZone *hand;
  GtkWidget *dialog;

  if (hand_index < 0)
    return;
  hand = dw_table_state_get_zone (state, (guint) hand_index);

  mulligan = g_new0 (Mulligan, 1);
  mulligan->window = self;
  mulligan->numbers = g_array_new (FALSE, FALSE, sizeof (guint));
  mulligan->choices = g_ptr_array_new ();
  for (guint i = 0; i < hand->cards->len; i++)
    {
      guint number = g_array_index (hand->cards, guint, i);
      const DwTableCard *card = &g_array_index (state->cards, DwTableCard, number - 1);
      g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);
      AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());

      for (guint j = 0; options[j]; j++)
        gtk_string_list_append (model, _(options[j]));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), dw_card_get_name (card->card));
      adw_combo_row_set_model (row, G_LIST_MODEL (model));
      adw_combo_row_set_selected (row, i < 2 ? 1 : 0);
      adw_preferences_group_add (group, GTK_WIDGET (row));
      g_array_append_val (mulligan->numbers, number);
      g_ptr_array_add (mulligan->choices, row);
    }

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Mulligan"),
                                   _("Two cards go to the grave; keep up to five; the rest are shuffled "
                                     "back, and you draw back up to seven."));
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), GTK_WIDGET (group));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "mulligan", _("_Mulligan"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "mulligan", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_mulligan_response_cb), mulligan);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Coraabia has no phases to step through: the bar holds the duel's own
 * actions, for the player or, when asked, for the goldfish. */
static void
fill_duel_bar (DwTableWindow *self)
{
  const char *prefix = gtk_check_button_get_active (self->for_goldfish) ? "as opp " : "";

  for (guint i = 0; i < DW_CORAABIA_N_PARAMETERS; i++)
    {
      g_autofree char *label = g_strdup_printf (_("Declare %s"), dw_coraabia_parameter_name (i));
      g_autofree char *text = g_strdup_printf ("%sdeclare %s", prefix, dw_coraabia_parameter_id (i));

      gtk_box_append (self->phase_bar, action_button (self, label, text));
    }
  gtk_box_append (self->phase_bar, gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  {
    g_autofree char *ability = g_strdup_printf ("%sability", prefix);
    g_autofree char *pass = g_strdup_printf ("%spass", prefix);

    gtk_box_append (self->phase_bar, action_button (self, _("Use the Ability"), ability));
    gtk_box_append (self->phase_bar, action_button (self, _("Pass"), pass));
  }
}

static const char *
status_words (const DwCoraabiaSide *side)
{
  switch (side->status)
    {
    case DW_DUEL_WINNING:
      return side->critical ? _("winning, critical") : _("winning");
    case DW_DUEL_LOSING:
      return _("losing");
    case DW_DUEL_TIED:
      return _("tied");
    case DW_DUEL_UNDECLARED:
    default:
      return _("waiting for the declaration");
    }
}

/* A parameter's value coloured by its strength against the other side's:
 * green when higher, red when lower. */
static void
append_parameter (GString    *text,
                  guint       parameter,
                  gint64      mine,
                  gint64      theirs,
                  gboolean    compared)
{
  const char *colour = mine > theirs ? "#26a269" : mine < theirs ? "#c01c28" : NULL;

  if (compared)
    g_string_append (text, "<b><u>");
  if (colour)
    g_string_append_printf (text, "<span foreground=\"%s\">", colour);
  g_string_append_printf (text, "%s %" PRId64 "%s", dw_coraabia_parameter_name (parameter), mine,
                          parameter == DW_CORAABIA_VITALITY ? "%" : "");
  if (colour)
    g_string_append (text, "</span>");
  if (compared)
    g_string_append (text, "</u></b>");
  g_string_append (text, "   ");
}

static GtkWidget *
side_panel (DwTableWindow *self,
            DwSide         which)
{
  const DwTableState *state = dw_table_get_state (self->table);
  DwCoraabiaSide side, other;
  DwSide acting = DW_SIDE_PLAYER;
  DwCoraabiaTask task = dw_coraabia_get_acting_side (state, &acting);
  g_autoptr(GString) text = g_string_new (NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  g_autofree char *heading = NULL;
  GtkWidget *title;
  GtkWidget *body;
  int compared = dw_coraabia_get_parameter (state);

  dw_coraabia_get_side (state, which, &side);
  dw_coraabia_get_side (state, which == DW_SIDE_PLAYER ? DW_SIDE_OPPONENT : DW_SIDE_PLAYER, &other);
  gtk_widget_add_css_class (box, "card");
  gtk_widget_add_css_class (box, "table-zone");

  /* The dueling character, large. */
  if (side.character != 0)
    {
      const DwTableCard *card = &g_array_index (state->cards, DwTableCard, side.character - 1);
      GtkWidget *face = dw_card_face_new ();

      dw_card_face_set_card (DW_CARD_FACE (face), dw_table_get_game (self->table), card->card);
      gtk_widget_set_size_request (face, 160, 224);
      gtk_box_append (GTK_BOX (box), face);
    }

  heading = g_strdup_printf ("%s%s", which == DW_SIDE_PLAYER ? _("You") : _("Goldfish"),
                             task != DW_CORAABIA_NOBODY && acting == which
                             ? (task == DW_CORAABIA_DECLARE ? _(" — to declare") : _(" — to act")) : "");
  title = gtk_label_new (heading);
  gtk_label_set_xalign (GTK_LABEL (title), 0.0);
  gtk_widget_add_css_class (title, "title-4");
  if (task != DW_CORAABIA_NOBODY && acting == which)
    gtk_widget_add_css_class (title, "accent");
  gtk_box_append (GTK_BOX (column), title);

  if (side.character != 0)
    {
      const DwTableCard *card = &g_array_index (state->cards, DwTableCard, side.character - 1);
      g_autofree char *name = g_markup_escape_text (dw_card_get_name (card->card), -1);

      g_string_append_printf (text, "<b>%s</b> — %s\n", name, status_words (&side));
      for (guint i = 0; i < DW_CORAABIA_N_PARAMETERS; i++)
        append_parameter (text, i, side.parameters[i], other.character ? other.parameters[i] : side.parameters[i],
                          (int) i == compared);
      g_string_append_printf (text, _("\npoints %+" PRId64), side.points);
      if (side.has_ability)
        g_string_append (text, side.ability_used ? _(" · ability used") : _(" · ability ready"));
    }
  else
    g_string_append (text, _("no character in the duel"));

  g_string_append_printf (text, _("\nscore %" PRId64 " · duels won %" PRId64), side.score, side.aux_score);
  g_string_append_printf (text, _("\ntricks %" PRId64 "/%" PRId64 " · champions %" PRId64 "/%" PRId64
                                  " · critical ×%" PRId64),
                          side.tricks_played, side.trick_limit, side.champions_sent, side.champion_limit,
                          side.critical_multiplier);
  g_string_append_printf (text, _("\ndeck %u: %u characters ("), side.deck_cards, side.deck_characters);
  for (guint i = 0; i < DW_CORAABIA_N_FACTIONS; i++)
    g_string_append_printf (text, "%s%s %u", i ? ", " : "", dw_coraabia_factions[i], side.deck_by_faction[i]);
  g_string_append_printf (text, _("), %u tricks\nhand: %u champions, %u tricks"),
                          side.deck_tricks, side.hand_champions, side.hand_tricks);

  body = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (body), text->str);
  gtk_label_set_xalign (GTK_LABEL (body), 0.0);
  gtk_label_set_wrap (GTK_LABEL (body), TRUE);
  gtk_label_set_selectable (GTK_LABEL (body), TRUE);
  gtk_widget_set_hexpand (column, TRUE);
  gtk_box_append (GTK_BOX (column), body);
  gtk_box_append (GTK_BOX (box), column);
  return box;
}

static void
fill_duel (DwTableWindow *self)
{
  const DwTableState *state = dw_table_get_state (self->table);
  int compared = dw_coraabia_get_parameter (state);
  g_autofree char *heading = NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->duel))) != NULL)
    gtk_box_remove (self->duel, child);

  heading = g_strdup_printf (_("Duel %u · %s%s"), dw_table_get_turn (self->table),
                             compared >= 0 ? dw_coraabia_parameter_name (compared) : _("not declared yet"),
                             dw_coraabia_is_shootout (state) ? _(" · shootout") : "");
  gtk_box_append (self->duel, gtk_label_new (heading));
  gtk_box_append (self->duel, side_panel (self, DW_SIDE_OPPONENT));
  gtk_box_append (self->duel, side_panel (self, DW_SIDE_PLAYER));
  gtk_widget_set_visible (GTK_WIDGET (self->duel), TRUE);
}

static void
fill_phase_bar (DwTableWindow *self)
{
  const DwTableRules *rules = dw_table_get_rules (self->table);
  const char *current = dw_table_get_phase (self->table);
  GtkWidget *child;
  gboolean past = TRUE;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->phase_bar))) != NULL)
    gtk_box_remove (self->phase_bar, child);

  if (dw_coraabia_is_table (dw_table_get_state (self->table)))
    {
      fill_duel_bar (self);
      return;
    }

  for (guint i = 0; rules->phases[i]; i++)
    {
      g_autofree char *label = phase_label (rules->phases[i]);
      g_autofree char *text = g_strdup_printf ("phase %s", rules->phases[i]);
      GtkWidget *button;

      if (g_strcmp0 (rules->phases[i], current) == 0)
        {
          button = gtk_button_new_with_label (label);
          gtk_widget_add_css_class (button, "suggested-action");
          gtk_widget_set_tooltip_text (button, _("The turn is here"));
          past = FALSE;
        }
      else if (past)
        {
          button = gtk_button_new_with_label (label);
          gtk_widget_set_sensitive (button, FALSE);
          gtk_widget_set_tooltip_text (button, _("This phase is behind us this turn"));
        }
      else
        button = action_button (self, label, text);

      if (!gtk_widget_has_css_class (button, "suggested-action"))
        gtk_widget_add_css_class (button, "flat");
      gtk_box_append (self->phase_bar, button);
    }

  gtk_box_append (self->phase_bar, gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  if (dw_table_get_turn (self->table) == 1 && g_strcmp0 (dw_table_get_rules (self->table)->game_id, "arcmage") == 0)
    {
      GtkWidget *mulligan = gtk_button_new_with_mnemonic (_("_Mulligan…"));

      gtk_actionable_set_action_name (GTK_ACTIONABLE (mulligan), "table.mulligan");
      gtk_widget_add_css_class (mulligan, "flat");
      gtk_box_append (self->phase_bar, mulligan);
    }
  gtk_box_append (self->phase_bar, action_button (self, _("Draw"), "draw"));
  gtk_box_append (self->phase_bar, action_button (self, _("End Turn"), "end"));
}

/* The actions a card offers where it is, each checked by the engine. */
static void
add_card_actions (DwTableWindow     *self,
                  GtkBox            *box,
                  const DwTableCard *card,
                  const char        *zone)
{
  const char *game = dw_table_get_rules (self->table)->game_id;
  static const struct { const char *zone; const char *label; const char *verb; const char *rest; const char *game; } offers[] = {
    { "hand", N_("Play"), "play", "", "arcmage" },
    { "hand", N_("Play to the Front"), "play", " to front", "arcmage" },
    { "hand", N_("Play to Politics"), "play", " to politics", "arcmage" },
    { "hand", N_("Play to Science"), "play", " to science", "arcmage" },
    { "hand", N_("Play to Faith"), "play", " to faith", "arcmage" },
    { "hand", N_("Put in the Vault"), "vault", "", "arcmage" },
    { "hand", N_("Discard"), "discard", "", "arcmage" },
    { "hand", N_("Exhaust"), "exhaust", "", "arcmage" },
    { "front", N_("Attack"), "attack", "", "arcmage" },
    { "front", N_("Move to Politics"), "move", " to politics", "arcmage" },
    { "front", N_("Move to Science"), "move", " to science", "arcmage" },
    { "front", N_("Move to Faith"), "move", " to faith", "arcmage" },
    { "politics", N_("Move to the Front"), "move", " to front", "arcmage" },
    { "science", N_("Move to the Front"), "move", " to front", "arcmage" },
    { "faith", N_("Move to the Front"), "move", " to front", "arcmage" },
    { "politics", N_("Exhaust"), "exhaust", "", "arcmage" },
    { "science", N_("Exhaust"), "exhaust", "", "arcmage" },
    { "faith", N_("Exhaust"), "exhaust", "", "arcmage" },
    { "hand", N_("Play as a Trick"), "trick", "", "coraabia" },
    { "hand", N_("Send as Champion"), "champion", "", "coraabia" },
    { NULL, N_("Mark (by hand)"), "manual mark", "", NULL },
    { NULL, N_("Unmark (by hand)"), "manual unmark", "", NULL },
    { NULL, N_("Back to the Hand (by hand)"), "manual move", " to hand", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (offers); i++)
    {
      g_autofree char *text = NULL;

      if (offers[i].zone != NULL && g_strcmp0 (offers[i].zone, zone) != 0)
        continue;
      if (offers[i].game != NULL && g_strcmp0 (offers[i].game, game) != 0)
        continue;
      if (offers[i].zone == NULL && g_strcmp0 (zone, "hand") == 0 && g_str_has_suffix (offers[i].rest, "to hand"))
        continue;
      /* Acting on the goldfish's cards is acting for it. */
      text = g_strdup_printf ("%s%s #%u%s", card->owner == DW_SIDE_OPPONENT ? "as opp " : "",
                              offers[i].verb, card->number, offers[i].rest);
      gtk_box_append (box, action_button (self, _(offers[i].label), text));
    }
}

static GdkContentProvider *
on_tile_drag_prepare_cb (GtkDragSource *source,
                         double         x,
                         double         y,
                         GtkWidget     *tile)
{
  guint number = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (tile), "number"));
  g_autofree char *text = g_strdup_printf ("#%u", number);

  return gdk_content_provider_new_typed (G_TYPE_STRING, text);
}

static void
on_popover_show_cb (GtkPopover    *popover,
                    DwTableWindow *self)
{
  GtkBox *box = GTK_BOX (gtk_popover_get_child (popover));
  guint number = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (popover), "number"));
  const DwTableState *state = dw_table_get_state (self->table);
  const DwTableCard *card;
  const DwTableZone *zone;
  GtkWidget *child;

  if (number == 0 || number > state->cards->len)
    return;
  card = &g_array_index (state->cards, DwTableCard, number - 1);
  zone = dw_table_state_get_zone (state, card->zone);

  /* Built when opened, so every offer is checked against the table now. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);

  /* The card itself, drawn large, when the player may see it. */
  if (zone->visibility != DW_ZONE_HIDDEN || card->owner == DW_SIDE_PLAYER)
    {
      GtkWidget *face = dw_card_face_new ();

      dw_card_face_set_card (DW_CARD_FACE (face), dw_table_get_game (self->table), card->card);
      gtk_widget_set_size_request (face, 200, 280);
      gtk_box_append (box, face);
    }
  add_card_actions (self, box, card, zone->def_id);
}

static char *
card_words (DwTableWindow     *self,
            const DwTableCard *card)
{
  const DwTableRules *rules = dw_table_get_rules (self->table);
  g_autoptr(GString) out = g_string_new (NULL);

  if (rules->describe_card != NULL)
    rules->describe_card (dw_table_get_state (self->table), card, out);
  return g_strstrip (g_string_free (g_steal_pointer (&out), FALSE));
}

static GtkWidget *
card_tile (DwTableWindow     *self,
           const DwTableCard *card,
           gboolean           face_up)
{
  GtkWidget *tile = gtk_menu_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *name = gtk_label_new (face_up ? dw_card_get_name (card->card) : _("Face down"));
  g_autofree char *words = face_up ? card_words (self, card) : g_strdup ("");
  GtkWidget *detail = gtk_label_new (words);
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *offers = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkDragSource *drag = gtk_drag_source_new ();
  g_autofree char *accessible = NULL;

  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (name), 18);
  gtk_widget_add_css_class (name, "heading");
  gtk_widget_add_css_class (detail, "caption");
  gtk_label_set_ellipsize (GTK_LABEL (detail), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (detail), 18);
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), detail);
  gtk_menu_button_set_child (GTK_MENU_BUTTON (tile), box);
  gtk_widget_add_css_class (tile, "table-card");
  if (card->marked)
    gtk_widget_add_css_class (tile, "marked");

  g_object_set_data (G_OBJECT (popover), "number", GUINT_TO_POINTER (card->number));
  gtk_popover_set_child (GTK_POPOVER (popover), offers);
  g_signal_connect (popover, "show", G_CALLBACK (on_popover_show_cb), self);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (tile), popover);

  g_object_set_data (G_OBJECT (tile), "number", GUINT_TO_POINTER (card->number));
  gtk_drag_source_set_actions (drag, GDK_ACTION_MOVE);
  g_signal_connect (drag, "prepare", G_CALLBACK (on_tile_drag_prepare_cb), tile);
  gtk_widget_add_controller (tile, GTK_EVENT_CONTROLLER (drag));

  accessible = g_strdup_printf ("#%u %s%s%s%s", card->number,
                                face_up ? dw_card_get_name (card->card) : _("face down"),
                                card->marked ? _(", marked") : "", *words ? ", " : "", words);
  gtk_accessible_update_property (GTK_ACCESSIBLE (tile), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  gtk_widget_set_tooltip_text (tile, accessible);
  return tile;
}

/* Which action a card dropped on a zone means; NULL when none. */
static char *
drop_action (const DwTableState *state,
             guint               number,
             const char         *to)
{
  const DwTableCard *card = &g_array_index (state->cards, DwTableCard, number - 1);
  const char *from = dw_table_state_get_zone (state, card->zone)->def_id;
  gboolean to_battle = g_strcmp0 (to, "front") == 0 || g_strcmp0 (to, "politics") == 0 ||
                       g_strcmp0 (to, "science") == 0 || g_strcmp0 (to, "faith") == 0;
  gboolean from_battle = g_strcmp0 (from, "front") == 0 || g_strcmp0 (from, "politics") == 0 ||
                         g_strcmp0 (from, "science") == 0 || g_strcmp0 (from, "faith") == 0;

  if (g_strcmp0 (from, to) == 0)
    return NULL;
  if (g_strcmp0 (from, "hand") == 0 && to_battle)
    return g_strdup_printf ("play #%u to %s", number, to);
  if (g_strcmp0 (from, "hand") == 0 && g_strcmp0 (to, "vault") == 0)
    return g_strdup_printf ("vault #%u", number);
  if (g_strcmp0 (from, "hand") == 0 && g_strcmp0 (to, "grave") == 0)
    return g_strdup_printf ("discard #%u", number);
  if (from_battle && to_battle)
    return g_strdup_printf ("move #%u to %s", number, to);
  return NULL;
}

/* A card dropped on a zone: the rules' own action when there is one
 * (play, vault, move); the engine says yes or why not. */
gboolean
dw_table_window_drop (DwTableWindow *self,
                      guint          number,
                      const char    *zone_id)
{
  const DwTableState *state = dw_table_get_state (self->table);
  g_autofree char *text = NULL;

  if (number == 0 || number > state->cards->len)
    return FALSE;
  text = drop_action (state, number, zone_id);
  if (text == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Nothing in the rules moves a card there; "
                                                    "use a card's menu for a move by hand"));
      say (self, message);
      return FALSE;
    }
  return dw_table_window_act (self, text);
}

static gboolean
on_zone_drop_cb (GtkDropTarget *target,
                 const GValue  *value,
                 double         x,
                 double         y,
                 DwTableWindow *self)
{
  const char *text = g_value_get_string (value);
  const char *zone = g_object_get_data (G_OBJECT (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target))),
                                        "zone");
  guint64 number = 0;

  if (text == NULL || text[0] != '#' || !g_ascii_string_to_unsigned (text + 1, 10, 1, G_MAXUINT, &number, NULL))
    return FALSE;
  return dw_table_window_drop (self, (guint) number, zone);
}

static GtkWidget *
zone_widget (DwTableWindow     *self,
             const DwTableZone *zone)
{
  const DwTableState *state = dw_table_get_state (self->table);
  GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *flow = gtk_flow_box_new ();
  g_autofree char *title = g_strdup_printf ("%s · %u", zone->name, zone->cards->len);
  GtkWidget *label = gtk_label_new (title);
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_MOVE);
  guint n = zone->cards->len;

  gtk_widget_add_css_class (frame, "card");
  gtk_widget_add_css_class (frame, "table-zone");
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (frame), label);
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 12);
  gtk_box_append (GTK_BOX (frame), flow);
  gtk_accessible_update_property (GTK_ACCESSIBLE (frame), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);

  /* Piles show what the rules let a player see: the deck only its count,
   * the chapter its active region, the vault its cards face down (their
   * marks matter), the grave newest first. */
  if (zone->visibility == DW_ZONE_HIDDEN && !zone->in_play && g_strcmp0 (zone->def_id, "vault") != 0)
    ;
  else if (zone->visibility == DW_ZONE_TOP)
    {
      if (n > 0)
        gtk_flow_box_append (GTK_FLOW_BOX (flow),
                             card_tile (self, &g_array_index (state->cards, DwTableCard,
                                                              g_array_index (zone->cards, guint, n - 1) - 1), TRUE));
    }
  else
    for (guint i = n; i > 0; i--)
      {
        guint number = g_array_index (zone->cards, guint, zone->ordered ? i - 1 : n - i);
        const DwTableCard *card = &g_array_index (state->cards, DwTableCard, number - 1);

        /* A hand is seen by its owner only: the goldfish's stays face down. */
        gboolean face_up = zone->visibility != DW_ZONE_HIDDEN &&
                           !(zone->visibility == DW_ZONE_OWNER && zone->side == DW_SIDE_OPPONENT);

        gtk_flow_box_append (GTK_FLOW_BOX (flow), card_tile (self, card, face_up));
      }

  g_object_set_data (G_OBJECT (frame), "zone", (gpointer) zone->def_id);
  g_signal_connect (drop, "drop", G_CALLBACK (on_zone_drop_cb), self);
  gtk_widget_add_controller (frame, GTK_EVENT_CONTROLLER (drop));
  return frame;
}

static void
fill_board (DwTableWindow *self)
{
  const DwTableState *state = dw_table_get_state (self->table);
  DwGame *game = dw_table_get_game (self->table);
  GtkWidget *child;
  int spare_row = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->board))) != NULL)
    gtk_grid_remove (self->board, child);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->opponent_row))) != NULL)
    gtk_box_remove (self->opponent_row, child);

  for (guint i = 0; i < dw_game_get_n_zones (game); i++)
    spare_row = MAX (spare_row, dw_game_get_zone (game, i)->row + dw_game_get_zone (game, i)->height);

  for (guint i = 0; i < state->zones->len; i++)
    {
      const DwTableZone *zone = dw_table_state_get_zone (state, i);
      const DwZoneDef *def = dw_game_lookup_zone (game, zone->def_id);
      GtkWidget *widget = zone_widget (self, zone);

      if (zone->side == DW_SIDE_OPPONENT)
        gtk_box_append (self->opponent_row, widget);
      else if (def != NULL)
        gtk_grid_attach (self->board, widget, def->column, def->row, def->width, def->height);
      else if (zone->cards->len > 0)
        gtk_grid_attach (self->board, widget, 0, spare_row++, 4, 1);
    }
}

static void
fill_counters (DwTableWindow *self)
{
  const DwTableState *state = dw_table_get_state (self->table);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->counters))) != NULL)
    gtk_list_box_remove (self->counters, child);

  for (guint i = 0; i < state->counters->len; i++)
    {
      const DwTableCounter *counter = &g_array_index (state->counters, DwTableCounter, i);
      g_autofree char *value = NULL;
      GtkWidget *row;

      if (counter->hidden)
        continue;
      value = g_strdup_printf ("%" PRId64, counter->value);
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), counter->name);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_label_new (value));
      gtk_list_box_append (self->counters, row);
    }
}

static void
fill_log (DwTableWindow *self)
{
  guint n = dw_table_get_n_log (self->table);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->log))) != NULL)
    gtk_list_box_remove (self->log, child);

  /* Newest first: the last move is what a player checks. */
  for (guint i = n; i > 0; i--)
    {
      const DwTableLogEntry *entry = dw_table_get_log_entry (self->table, i - 1);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *title = g_markup_escape_text (entry->text, -1);
      g_autofree char *subtitle = g_markup_escape_text (entry->effects ? entry->effects : "", -1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      if (entry->manual)
        {
          GtkWidget *tag = gtk_label_new (_("manual"));
          gtk_widget_add_css_class (tag, "dim-label");
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), tag);
        }
      gtk_list_box_append (self->log, row);
    }
}

static void
refresh (DwTableWindow *self)
{
  g_autofree char *label = phase_label (dw_table_get_phase (self->table));
  g_autofree char *subtitle = g_strdup_printf (_("Turn %u · %s · seed %" PRIu64),
                                               dw_table_get_turn (self->table), label,
                                               dw_table_get_seed (self->table));
  const char *name = dw_deck_get_name (dw_table_get_deck (self->table));

  {
    g_autofree char *window_title = g_strdup_printf (_("%s — Table"), name ? name : _("Deck"));

    adw_window_title_set_title (self->title, name ? name : _("Table"));
    adw_window_title_set_subtitle (self->title, subtitle);
    /* What the window list and screen readers call the window. */
    gtk_window_set_title (GTK_WINDOW (self), window_title);
  }
  gtk_widget_set_sensitive (self->undo_button, dw_table_can_undo (self->table));
  fill_phase_bar (self);
  gtk_widget_set_visible (GTK_WIDGET (self->for_goldfish), dw_coraabia_is_table (dw_table_get_state (self->table)));
  if (dw_coraabia_is_table (dw_table_get_state (self->table)))
    fill_duel (self);
  else
    gtk_widget_set_visible (GTK_WIDGET (self->duel), FALSE);
  fill_board (self);
  fill_counters (self);
  fill_log (self);
}

static void
on_entry_activate_cb (GtkEntry      *entry,
                      DwTableWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  if (*text == '\0')
    return;
  if (dw_table_window_act (self, text))
    gtk_editable_set_text (GTK_EDITABLE (entry), "");
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DwTableWindow *self = DW_TABLE_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *undone = NULL;

  if (!dw_table_undo (self->table, &undone, &error))
    say (self, error->message);
}

/* Deals the same deck again from @seed, in this window, without asking:
 * a goldfish game is cheap to start over. */
void
dw_table_window_restart (DwTableWindow *self,
                         guint64        seed)
{
  g_autoptr(GError) error = NULL;
  DwTable *table = dw_table_new (self->library, dw_table_get_deck (self->table),
                                 dw_table_get_opponent (self->table), seed, &error);

  if (table == NULL)
    {
      say (self, error->message);
      return;
    }
  g_signal_handlers_disconnect_by_data (self->table, self);
  g_object_unref (self->table);
  self->table = table;
  g_clear_object (&self->file);
  g_signal_connect_swapped (self->table, "changed", G_CALLBACK (refresh), self);
  refresh (self);
}

static void
restart_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  dw_table_window_restart (DW_TABLE_WINDOW (widget), dw_rng_fresh_seed ());
}

gboolean
dw_table_window_save_to (DwTableWindow  *self,
                         GFile          *file,
                         GError        **error)
{
  g_autofree char *path = g_file_get_path (file);

  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("Tables are saved to local files only"));
      return FALSE;
    }
  if (!dw_table_save (self->table, path, error))
    return FALSE;
  g_set_object (&self->file, file);
  return TRUE;
}

static void
on_save_response_cb (GtkNativeDialog *dialog,
                     int              response,
                     DwTableWindow   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GError) error = NULL;

      if (dw_table_window_save_to (self, file, &error))
        say (self, _("Table saved: its deck, seed and every action"));
      else
        say (self, error->message);
    }
  g_object_unref (dialog);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DwTableWindow *self = DW_TABLE_WINDOW (widget);
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Save the Table"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), _("Table.xml"));
  g_signal_connect (dialog, "response", G_CALLBACK (on_save_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static GtkWidget *
header_button (const char *icon,
               const char *action,
               const char *label)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_tooltip_text (button, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  return button;
}

static GtkWidget *
titled (const char *title,
        GtkWidget  *child)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *label = gtk_label_new (title);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), child);
  return box;
}

static void
build (DwTableWindow *self)
{
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *outer = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *main_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *board_column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *side = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *board_scroller = gtk_scrolled_window_new ();
  GtkWidget *side_scroller = gtk_scrolled_window_new ();
  GtkWidget *phase_scroller = gtk_scrolled_window_new ();

  self->title = ADW_WINDOW_TITLE (adw_window_title_new (_("Table"), NULL));
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), GTK_WIDGET (self->title));
  self->undo_button = header_button ("edit-undo-symbolic", "table.undo", _("Undo (Ctrl+Z)"));
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), self->undo_button);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header),
                             header_button ("view-refresh-symbolic", "table.restart", _("Restart with a New Seed")));
  adw_header_bar_pack_end (ADW_HEADER_BAR (header),
                           header_button ("document-save-symbolic", "table.save", _("Save the Table (Ctrl+S)")));
  gtk_box_append (GTK_BOX (outer), header);

  self->phase_bar = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2));
  gtk_widget_set_margin_start (GTK_WIDGET (self->phase_bar), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self->phase_bar), 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->phase_bar), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Phases"), -1);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (phase_scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (phase_scroller), GTK_WIDGET (self->phase_bar));
  gtk_widget_add_css_class (phase_scroller, "toolbar");
  self->for_goldfish = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("Act for the _goldfish")));
  gtk_widget_set_margin_start (GTK_WIDGET (self->for_goldfish), 12);
  g_signal_connect_swapped (self->for_goldfish, "toggled", G_CALLBACK (refresh), self);
  gtk_box_append (GTK_BOX (outer), phase_scroller);
  gtk_box_append (GTK_BOX (outer), GTK_WIDGET (self->for_goldfish));

  self->opponent_row = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12));
  gtk_box_append (GTK_BOX (board_column), titled (_("Goldfish opponent"), GTK_WIDGET (self->opponent_row)));
  /* Coraabia's two sides face each other across the duel. */
  self->duel = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 12));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->duel), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Duel"), -1);
  gtk_box_append (GTK_BOX (board_column), GTK_WIDGET (self->duel));
  self->board = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_row_spacing (self->board, 12);
  gtk_grid_set_column_spacing (self->board, 12);
  gtk_grid_set_column_homogeneous (self->board, TRUE);
  gtk_box_append (GTK_BOX (board_column), titled (_("Your side"), GTK_WIDGET (self->board)));
  gtk_widget_set_margin_start (board_column, 12);
  gtk_widget_set_margin_top (board_column, 12);
  gtk_widget_set_margin_bottom (board_column, 12);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (board_scroller), board_column);
  gtk_widget_set_hexpand (board_scroller, TRUE);
  gtk_box_append (GTK_BOX (main_row), board_scroller);

  self->counters = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_widget_add_css_class (GTK_WIDGET (self->counters), "boxed-list");
  gtk_list_box_set_selection_mode (self->counters, GTK_SELECTION_NONE);
  gtk_box_append (GTK_BOX (side), titled (_("Counters"), GTK_WIDGET (self->counters)));
  self->log = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_widget_add_css_class (GTK_WIDGET (self->log), "boxed-list");
  gtk_list_box_set_selection_mode (self->log, GTK_SELECTION_NONE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->log), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Log"), -1);
  gtk_box_append (GTK_BOX (side), titled (_("Log"), GTK_WIDGET (self->log)));
  gtk_widget_set_margin_end (side, 12);
  gtk_widget_set_margin_top (side, 12);
  gtk_widget_set_size_request (side, 280, -1);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (side_scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (side_scroller), side);
  gtk_box_append (GTK_BOX (main_row), side_scroller);
  gtk_widget_set_vexpand (main_row, TRUE);
  gtk_box_append (GTK_BOX (outer), main_row);

  self->entry = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (self->entry, _("Type an action, e.g. play \"Thornwood Scout\" to front"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Action"), -1);
  gtk_widget_set_margin_start (GTK_WIDGET (self->entry), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->entry), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (self->entry), 6);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->entry), 12);
  g_signal_connect (self->entry, "activate", G_CALLBACK (on_entry_activate_cb), self);
  gtk_box_append (GTK_BOX (outer), GTK_WIDGET (self->entry));

  self->toasts = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
  adw_toast_overlay_set_child (self->toasts, outer);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (self), GTK_WIDGET (self->toasts));
}

static void
dw_table_window_dispose (GObject *object)
{
  DwTableWindow *self = DW_TABLE_WINDOW (object);

  if (self->table != NULL)
    g_signal_handlers_disconnect_by_data (self->table, self);
  g_clear_object (&self->table);
  g_clear_object (&self->library);
  g_clear_object (&self->file);
  g_clear_pointer (&self->last_message, g_free);

  G_OBJECT_CLASS (dw_table_window_parent_class)->dispose (object);
}

static void
dw_table_window_class_init (DwTableWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_table_window_dispose;

  gtk_widget_class_install_action (widget_class, "table.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "table.restart", NULL, restart_action);
  gtk_widget_class_install_action (widget_class, "table.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "table.mulligan", NULL, mulligan_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "table.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "table.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "table.restart", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
dw_table_window_init (DwTableWindow *self)
{
  gtk_window_set_default_size (GTK_WINDOW (self), 1280, 800);
  build (self);
}

DwTableWindow *
dw_table_window_new (GtkApplication *application,
                     DwLibrary      *library,
                     DwTable        *table)
{
  DwTableWindow *self = g_object_new (DW_TYPE_TABLE_WINDOW, "application", application, NULL);

  self->library = g_object_ref (library);
  self->table = g_object_ref (table);
  g_signal_connect_swapped (self->table, "changed", G_CALLBACK (refresh), self);
  refresh (self);
  return self;
}

/* Opens a saved table: its deck, seed and actions give it back as it was. */
DwTableWindow *
dw_table_window_open (GtkApplication  *application,
                      DwLibrary       *library,
                      GFile           *file,
                      GError         **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(DwTable) table = NULL;
  DwTableWindow *self;

  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("Only local files can be opened"));
      return NULL;
    }
  table = dw_table_load (library, path, error);
  if (table == NULL)
    return NULL;

  self = dw_table_window_new (application, library, table);
  self->file = g_object_ref (file);
  return self;
}

DwTable *
dw_table_window_get_table (DwTableWindow *self)
{
  g_return_val_if_fail (DW_IS_TABLE_WINDOW (self), NULL);
  return self->table;
}

/* What the window last said (a refusal's reason), or NULL. */
const char *
dw_table_window_get_last_message (DwTableWindow *self)
{
  g_return_val_if_fail (DW_IS_TABLE_WINDOW (self), NULL);
  return self->last_message;
}
