/* dw-table-window.c — a goldfish table, played by hand against the rules
 *
 * The window is the table's chrome: the header, the phase bar that
 * moves the turn on, the opening hand, the side panel with the card
 * under the pointer large, the counters and the log, and saving.  The
 * board (DwTableBoard) lays the zones out and takes the gestures on
 * cards; what it would do, it asks the window to perform ("act").  It never decides what is legal: every button,
 * menu item, double click and drop asks the engine (dw_table_check)
 * first, shows its reason when it says no, and performs through it when
 * it says yes.  The same action language as `deckwright --playtest` can
 * be typed in the entry.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include <string.h>

#include "dw-card-face.h"
#include "dw-card-tile.h"
#include "dw-opening-hand.h"
#include "dw-phase-bar.h"
#include "dw-save-question.h"
#include "dw-table-board.h"
#include "dw-table-log.h"
#include "dw-table-offer.h"
#include "dw-table-window-private.h"

struct _DwTableWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets. */
  AdwWindowTitle       *title;
  GtkWidget            *undo_button;
  GtkToggleButton      *sidebar_button;
  DwPhaseBar           *phase_bar;
  GtkLabel             *status_label;
  GtkEntry             *entry;
  AdwFlap              *flap;
  GtkStack             *stage;
  DwOpeningHand        *opening;
  GtkWidget            *board_scroller;
  DwTableBoard         *board;
  GtkStack             *preview_stack;
  DwCardFace           *preview;
  GtkListBox           *counters;
  DwTableLog           *log;

  DwLibrary            *library;
  DwTable              *table;
  GFile                *file;
  char                 *last_message;
  guint                 preview_number; /* the card shown large, or 0 */
  guint                 refold_source;
  gboolean              compact;        /* the board's cards small, its zones three a row */
  int                   wide_minimum;   /* the stage's width with the board not compact */
  gboolean              opening_shown;  /* the opening hand's page is the one shown */
  gboolean              unsaved;        /* actions since the last save or open */
  gboolean              close_confirmed;
};

/* What a save asked for by a question goes on to do once it succeeds. */
typedef enum {
  AFTER_SAVE_NOTHING,
  AFTER_SAVE_CLOSE,
  AFTER_SAVE_RESTART,
} AfterSave;

G_DEFINE_FINAL_TYPE (DwTableWindow, dw_table_window, ADW_TYPE_APPLICATION_WINDOW)

static void refresh (DwTableWindow *self);
static void on_table_changed_cb (DwTableWindow *self);

/* Shows @message in the status line under the phase bar: as
 * plain text (reasons cite "Gold & Resources"; card names hold "<"),
 * in the error colour when it is a refusal; NULL hides the line. */
static void
say (DwTableWindow *self,
     const char    *message,
     gboolean       refusal)
{
  g_free (self->last_message);
  self->last_message = g_strdup (message);
  /* Two lines at most, so the table never moves: what does not fit is
   * in the tooltip, and what happened in detail in the log. */
  gtk_label_set_text (self->status_label, message ? message : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), message);
  gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "error");
  gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "quiet");
  if (refusal)
    gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
  if (message == NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "quiet");
}

/* The last of the clauses an engine text joins with "; " (what stands
 * now: "the draw phase begins", "you are losing, 4 against 5: …"), as a
 * sentence; the whole text when it is one clause. */
static char *
last_clause (const char *text)
{
  const char *last = text;
  int depth = 0;
  g_autofree char *clause = NULL;
  gunichar first;
  char upper[8];
  int len;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '(')
        depth++;
      else if (*p == ')' && depth > 0)
        depth--;
      else if (depth == 0 && p[0] == ';' && p[1] == ' ' && p[2] != '\0')
        last = p + 2;
    }
  if (last == text || !g_utf8_validate (last, -1, NULL))
    return g_strdup (text);
  first = g_utf8_get_char (last);
  len = g_unichar_to_utf8 (g_unichar_totitle (first), upper);
  clause = g_strdup (g_utf8_next_char (last));
  return g_strdup_printf ("%.*s%s", len, upper, clause);
}

/* Says what an accepted action did: a short sentence, what stands now,
 * in the status line; the whole of it in its tooltip and in the log. */
static void
say_done (DwTableWindow *self,
          const char    *said)
{
  g_autofree char *shown = last_clause (said);

  say (self, said, FALSE);
  gtk_label_set_text (self->status_label, shown);
}

/* Performs @text through the engine; a refusal says why and changes
 * nothing, so a dragged card simply springs back. */
gboolean
dw_table_window_act (DwTableWindow *self,
                     const char    *text)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *effects = NULL;
  guint n;

  g_return_val_if_fail (DW_IS_TABLE_WINDOW (self), FALSE);

  if (!dw_table_perform_text (self->table, text, &effects, &error))
    {
      g_autofree char *reason = dw_table_render_text (self->table, error->message);

      say (self, reason, TRUE);
      return FALSE;
    }
  /* What it did, in the engine's words for the player. */
  n = dw_table_get_n_log (self->table);
  if (dw_table_get_result (self->table) != DW_TABLE_RESULT_NONE)
    say (self, dw_table_get_state (self->table)->result_reason ?: _("The game is over"), FALSE);
  else if (n > 0)
    {
      g_autofree char *said = dw_table_render_log_entry (self->table, n - 1);

      say_done (self, said);
    }
  return TRUE;
}

/* Shows card #@number large in the side panel. */
static void
show_preview (DwTableWindow *self,
              guint          number)
{
  const DwTableCard *card = dw_table_state_get_card (dw_table_get_state (self->table), number);

  self->preview_number = number;
  dw_card_face_set_card (self->preview, dw_table_get_game (self->table), card->card);
  gtk_stack_set_visible_child_name (self->preview_stack, "card");
}

/* The card shown large went where the player cannot see it (shuffled
 * back by a mulligan, drawn by the goldfish, a new deal): the panel
 * forgets it, so no face or accessible name tells what it was. */
static void
forget_hidden_preview (DwTableWindow *self)
{
  const DwTableState *state = dw_table_get_state (self->table);

  if (self->preview_number == 0 ||
      (self->preview_number <= state->cards->len && dw_table_card_is_visible (self->table, self->preview_number)))
    return;
  self->preview_number = 0;
  dw_card_face_set_card (self->preview, NULL, NULL);
  gtk_stack_set_visible_child_name (self->preview_stack, "hint");
}

/* Keyboard focus on a card shows it large, as hovering does; a card
 * tile that holds no card lies face down and shows nothing. */
static void
on_focus_widget_changed_cb (DwTableWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  GtkWidget *tile = focus ? gtk_widget_get_ancestor (focus, DW_TYPE_CARD_TILE) : NULL;

  if (tile == NULL || dw_card_tile_get_card (DW_CARD_TILE (tile)) == NULL || self->table == NULL)
    return;
  show_preview (self, dw_card_tile_get_number (DW_CARD_TILE (tile)));
}

static void
on_card_preview_cb (GtkWidget     *view,
                    guint          number,
                    DwTableWindow *self)
{
  show_preview (self, number);
}

static gboolean
on_board_act_cb (DwTableBoard  *board,
                 const char    *action,
                 DwTableWindow *self)
{
  return dw_table_window_act (self, action);
}

static void
on_board_refused_cb (DwTableBoard  *board,
                     const char    *reason,
                     DwTableWindow *self)
{
  say (self, reason, TRUE);
}

static void
fill_counters (DwTableWindow *self)
{
  g_autoptr(GPtrArray) counters = dw_table_list_counters (self->table);
  GtkListBoxRow *old;

  while ((old = gtk_list_box_get_row_at_index (self->counters, 0)) != NULL)
    gtk_list_box_remove (self->counters, GTK_WIDGET (old));

  for (guint i = 0; i < counters->len; i++)
    {
      const DwTableCounterView *counter = g_ptr_array_index (counters, i);
      g_autofree char *number = g_strdup_printf ("%" PRId64, counter->value);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *name = gtk_label_new (counter->label);
      GtkWidget *value = gtk_label_new (number);

      gtk_label_set_xalign (GTK_LABEL (name), 0.0);
      gtk_label_set_wrap (GTK_LABEL (name), TRUE);
      gtk_widget_set_hexpand (name, TRUE);
      gtk_widget_add_css_class (value, "numeric");
      gtk_widget_add_css_class (value, "heading");
      gtk_box_append (GTK_BOX (row), name);
      gtk_box_append (GTK_BOX (row), value);
      gtk_widget_set_margin_start (row, 12);
      gtk_widget_set_margin_end (row, 12);
      gtk_widget_set_margin_top (row, 8);
      gtk_widget_set_margin_bottom (row, 8);
      if (counter->detail != NULL)
        gtk_widget_set_tooltip_text (row, counter->detail);
      gtk_list_box_append (self->counters, row);
    }
}

static gboolean
shows_opening_hand (DwTableWindow *self)
{
  return dw_table_get_turn (self->table) == 1 && dw_table_get_n_log (self->table) == 0 &&
         dw_table_get_rules (self->table)->opening_hand_choice;
}

static void
refresh (DwTableWindow *self)
{
  const char *label = dw_table_phase_label (self->table, dw_table_get_state (self->table)->phase);
  g_autofree char *subtitle = g_strdup_printf (_("Turn %u · %s · seed %" PRIu64),
                                               dw_table_get_turn (self->table), label,
                                               dw_table_get_seed (self->table));
  const char *name = dw_deck_get_name (dw_table_get_deck (self->table));
  g_autofree char *window_title = g_strdup_printf (_("%s — Table"), name ? name : _("Deck"));
  GtkWidget *focus;
  gboolean leaving_opening;

  adw_window_title_set_title (self->title, name ? name : _("Table"));
  adw_window_title_set_subtitle (self->title, subtitle);
  /* What the window list and screen readers call the window. */
  gtk_window_set_title (GTK_WINDOW (self), window_title);
  gtk_widget_set_sensitive (self->undo_button, dw_table_can_undo (self->table));

  dw_phase_bar_show_table (self->phase_bar, self->table);
  focus = gtk_root_get_focus (GTK_ROOT (self));
  leaving_opening = self->opening_shown && !shows_opening_hand (self) &&
                    (focus == NULL || gtk_widget_is_ancestor (focus, GTK_WIDGET (self->opening)));
  if (shows_opening_hand (self))
    {
      dw_opening_hand_show_table (self->opening, self->table);
      gtk_stack_set_visible_child_name (self->stage, "opening");
      /* A new deal asks its question where the keyboard is, not on the
       * header's first button (Return there dealt again). */
      if (!self->opening_shown)
        dw_opening_hand_focus_keep (self->opening);
      self->opening_shown = TRUE;
    }
  else
    {
      gtk_stack_set_visible_child_name (self->stage, "board");
      dw_opening_hand_clear (self->opening);
      self->opening_shown = FALSE;
    }
  dw_table_board_show_table (self->board, self->table, self->compact);
  /* Kept or sent back from the keyboard: on to the hand the player
   * plays from, not back to the top of the window. */
  if (leaving_opening)
    dw_table_board_focus_zone (self->board, "hand");
  forget_hidden_preview (self);
  fill_counters (self);
  dw_table_log_show_table (self->log, self->table);
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

/* Whether the board's cards are drawn small: folded, and also beside the
 * side panel while the board at full size would not fit there.  The flap
 * folds when the board's minimum and the panel's do not fit; were the
 * board's full size to follow the fold alone, a width between the two
 * would fold it (full size is too wide), unfold it (small cards fit) and
 * fold it again, for ever. */
static gboolean
wants_compact (DwTableWindow *self)
{
  int panel = 0;

  if (adw_flap_get_folded (self->flap))
    return TRUE;
  if (self->wide_minimum == 0)
    return FALSE;
  gtk_widget_measure (adw_flap_get_flap (self->flap), GTK_ORIENTATION_HORIZONTAL, -1, &panel, NULL, NULL, NULL);
  return gtk_widget_get_width (GTK_WIDGET (self->flap)) < self->wide_minimum + panel;
}

static gboolean
refold_cb (gpointer data)
{
  DwTableWindow *self = data;
  gboolean folded = adw_flap_get_folded (self->flap);
  gboolean compact = wants_compact (self);

  self->refold_source = 0;
  /* Folded, the side panel is an overlay the player opens and dismisses;
   * unfolded, it stands beside the table. */
  gtk_toggle_button_set_active (self->sidebar_button, !folded);
  /* Cards change size with the room, and the phases show a scrollbar;
   * the table itself has not changed. */
  if (compact != self->compact)
    {
      self->compact = compact;
      dw_phase_bar_set_compact (self->phase_bar, compact);
      dw_table_board_set_compact (self->board, compact);
    }
  return G_SOURCE_REMOVE;
}

static void
refold_later (DwTableWindow *self)
{
  /* The fold changes while the window is laid out: rearrange after. */
  if (self->refold_source == 0)
    self->refold_source = g_idle_add (refold_cb, self);
}

static void
on_folded_changed_cb (DwTableWindow *self)
{
  refold_later (self);
}

static void
act_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  dw_table_window_act (DW_TABLE_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

static void
next_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  dw_table_window_act (DW_TABLE_WINDOW (widget), "next");
}

/* Ends the turn from wherever it is: at once when the rules allow it,
 * else on to a discard phase first, as the rules' own step; each asks
 * the engine, and a refusal on the way (cards to discard first) stops
 * there with its reason. */
gboolean
dw_table_window_end_turn (DwTableWindow *self)
{
  g_autofree char *end_phase = NULL;

  g_return_val_if_fail (DW_IS_TABLE_WINDOW (self), FALSE);

  end_phase = dw_table_end_phase_action (self->table);
  if (!dw_table_offer_check (self->table, "end", NULL) && end_phase != NULL &&
      dw_table_offer_check (self->table, end_phase, NULL) &&
      !dw_table_window_act (self, end_phase))
    return FALSE;
  return dw_table_window_act (self, "end");
}

static void
end_turn_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  dw_table_window_end_turn (DW_TABLE_WINDOW (widget));
}

/* Keeps the opening hand: the game's own action, logged, which ends the
 * mulligan; Undo takes it back to the choice. */
static void
keep_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DwTableWindow *self = DW_TABLE_WINDOW (widget);
  g_autofree char *keep = dw_table_keep_action (self->table);

  if (keep != NULL && dw_table_window_act (self, keep))
    say (self, _("Hand kept. Next Phase (Ctrl+Enter) starts the turn."), FALSE);
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
    say (self, error->message, TRUE);
  else
    {
      g_autofree char *message = g_strdup_printf (_("Undone: %s"), undone);

      say (self, message, FALSE);
    }
}

/* Ctrl+H: to the hand's first card, from anywhere in the window. */
gboolean
dw_table_window_focus_hand (DwTableWindow *self)
{
  g_return_val_if_fail (DW_IS_TABLE_WINDOW (self), FALSE);

  return dw_table_board_focus_zone (self->board, "hand");
}

static void
to_hand_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  dw_table_window_focus_hand (DW_TABLE_WINDOW (widget));
}

/* F6 and Shift+F6: from zone to zone of the board, round, skipping the
 * empty ones, from the zone that holds the focus (or the first). */
static void
step_zone_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DwTableWindow *self = DW_TABLE_WINDOW (widget);

  dw_table_board_step_zone (self->board, g_str_equal (action_name, "table.next-zone") ? 1 : -1);
}

static void
toggle_sidebar_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  DwTableWindow *self = DW_TABLE_WINDOW (widget);

  gtk_toggle_button_set_active (self->sidebar_button, !gtk_toggle_button_get_active (self->sidebar_button));
}

static void
set_table (DwTableWindow *self,
           DwTable       *table)
{

  if (self->table != NULL)
    g_signal_handlers_disconnect_by_data (self->table, self);
  g_set_object (&self->table, table);
  g_signal_connect_swapped (self->table, "changed", G_CALLBACK (refresh), self);
  g_signal_connect_swapped (self->table, "changed", G_CALLBACK (on_table_changed_cb), self);
  self->unsaved = FALSE;
  if (dw_table_get_rules (table)->example_action != NULL)
    gtk_entry_set_placeholder_text (self->entry, _(dw_table_get_rules (table)->example_action));
  say (self, NULL, FALSE);
  refresh (self);
}

/* Deals the same deck again from @seed, in this window, without asking:
 * a goldfish game is cheap to start over. */
void
dw_table_window_restart (DwTableWindow *self,
                         guint64        seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwTable) table = dw_table_new (self->library, dw_table_get_deck (self->table),
                                           dw_table_get_opponent (self->table), seed, &error);

  if (table == NULL)
    {
      say (self, error->message, TRUE);
      return;
    }
  g_clear_object (&self->file);
  set_table (self, table);
}

/* Whether closing or restarting would lose actions: a table with none
 * is dealt again from its seed. */
static gboolean
needs_saving (DwTableWindow *self)
{
  return self->unsaved && dw_table_get_n_log (self->table) > 0;
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
  self->unsaved = FALSE;
  return TRUE;
}

static void
go_on_after_save (DwTableWindow *self,
                  AfterSave      after)
{
  if (after == AFTER_SAVE_CLOSE)
    {
      self->close_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
  else if (after == AFTER_SAVE_RESTART)
    dw_table_window_restart (self, dw_rng_fresh_seed ());
}

/* Saves to @file and says so, or says why not; on success goes on. */
static void
save_then (DwTableWindow *self,
           GFile         *file,
           AfterSave      after)
{
  g_autoptr(GError) error = NULL;

  if (!dw_table_window_save_to (self, file, &error))
    {
      /* The error names the file; the next Save asks for another. */
      g_autofree char *message = g_strdup_printf (_("%s. Nothing is lost: Save (Ctrl+S) asks where to "
                                                    "save it instead."), error->message);

      g_clear_object (&self->file);
      say (self, message, TRUE);
      return;
    }
  say (self, _("Table saved: its deck, seed and every action"), FALSE);
  go_on_after_save (self, after);
}

static void
on_save_response_cb (GtkNativeDialog *dialog,
                     int              response,
                     DwTableWindow   *self)
{
  AfterSave after = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "dw-after-save"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      save_then (self, file, after);
    }
  g_object_unref (dialog);
}

/* "Deck name.table.xml", the name the table's file type is known by; a
 * "/" in the deck's name would make it a folder. */
char *
dw_table_window_suggest_file_name (DwTableWindow *self)
{
  const char *name = dw_deck_get_name (dw_table_get_deck (self->table));
  g_autofree char *base = g_strdup (name && *name ? name : _("Table"));

  g_strdelimit (base, "/\\", '-');
  return g_strconcat (base, ".table.xml", NULL);
}

/* Saves where the table was saved or opened from, without asking; a
 * table with no file yet asks where, suggesting its deck's name. */
static void
save_or_ask (DwTableWindow *self,
             AfterSave      after)
{
  GtkFileChooserNative *dialog;
  g_autofree char *suggested = NULL;

  if (self->file != NULL)
    {
      save_then (self, self->file, after);
      return;
    }
  suggested = dw_table_window_suggest_file_name (self);
  dialog = gtk_file_chooser_native_new (_("Save the Table"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), suggested);
  g_object_set_data (G_OBJECT (dialog), "dw-after-save", GINT_TO_POINTER (after));
  g_signal_connect (dialog, "response", G_CALLBACK (on_save_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  save_or_ask (DW_TABLE_WINDOW (widget), AFTER_SAVE_NOTHING);
}

static void
on_unsaved_response_cb (AdwMessageDialog *dialog,
                        const char       *response,
                        DwTableWindow    *self)
{
  AfterSave after = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "dw-after-save"));

  dw_save_question_destroy (GTK_WIDGET (dialog));
  if (g_str_equal (response, "discard"))
    go_on_after_save (self, after);
  else if (g_str_equal (response, "save"))
    save_or_ask (self, after);
}

/* Asks before a close or a restart would lose the table's actions. */
static void
ask_about_unsaved (DwTableWindow *self,
                   AfterSave      after)
{
  const char *name = dw_deck_get_name (dw_table_get_deck (self->table));
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (after == AFTER_SAVE_RESTART)
    body = g_strdup_printf (_("The actions on the table of “%s” are not saved. Restarting deals the deck "
                              "again from a new seed; saving first keeps them."), name ? name : _("Deck"));
  else
    body = g_strdup_printf (_("The actions on the table of “%s” are not saved. Saving keeps its deck, seed "
                              "and every action."), name ? name : _("Deck"));
  dialog = dw_save_question_new (GTK_WINDOW (self),
                                 after == AFTER_SAVE_RESTART ? _("Save the Table Before Restarting?")
                                                             : _("Save the Table?"),
                                 body, after == AFTER_SAVE_RESTART ? _("_Restart Without Saving") : NULL);
  g_object_set_data (G_OBJECT (dialog), "dw-after-save", GINT_TO_POINTER (after));
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_unsaved_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
restart_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  DwTableWindow *self = DW_TABLE_WINDOW (widget);

  if (needs_saving (self))
    ask_about_unsaved (self, AFTER_SAVE_RESTART);
  else
    dw_table_window_restart (self, dw_rng_fresh_seed ());
}

static void
on_table_changed_cb (DwTableWindow *self)
{
  self->unsaved = TRUE;
}

static gboolean
dw_table_window_close_request (GtkWindow *window)
{
  DwTableWindow *self = DW_TABLE_WINDOW (window);

  if (self->close_confirmed || self->table == NULL || !needs_saving (self))
    return GTK_WINDOW_CLASS (dw_table_window_parent_class)->close_request (window);
  ask_about_unsaved (self, AFTER_SAVE_CLOSE);
  return TRUE;
}

static void
dw_table_window_dispose (GObject *object)
{
  DwTableWindow *self = DW_TABLE_WINDOW (object);

  if (self->table != NULL)
    g_signal_handlers_disconnect_by_data (self->table, self);
  g_clear_handle_id (&self->refold_source, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), DW_TYPE_TABLE_WINDOW);
  g_clear_object (&self->table);
  g_clear_object (&self->library);
  g_clear_object (&self->file);
  g_clear_pointer (&self->last_message, g_free);

  G_OBJECT_CLASS (dw_table_window_parent_class)->dispose (object);
}

static void
dw_table_window_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  DwTableWindow *self = DW_TABLE_WINDOW (widget);

  GTK_WIDGET_CLASS (dw_table_window_parent_class)->size_allocate (widget, width, height, baseline);
  /* Known only while the board is at full size; kept for when it is not. */
  if (!self->compact)
    gtk_widget_measure (GTK_WIDGET (self->stage), GTK_ORIENTATION_HORIZONTAL, -1, &self->wide_minimum, NULL, NULL,
                        NULL);
  if (wants_compact (self) != self->compact)
    refold_later (self);
}

static void
dw_table_window_class_init (DwTableWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_table_window_dispose;
  GTK_WINDOW_CLASS (klass)->close_request = dw_table_window_close_request;
  widget_class->size_allocate = dw_table_window_size_allocate;

  g_type_ensure (DW_TYPE_PHASE_BAR);
  g_type_ensure (DW_TYPE_OPENING_HAND);
  g_type_ensure (DW_TYPE_TABLE_BOARD);
  g_type_ensure (DW_TYPE_CARD_FACE);
  g_type_ensure (DW_TYPE_TABLE_LOG);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deckwright/Deckwright/dw-table-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DwTableWindow, title);
  gtk_widget_class_bind_template_child (widget_class, DwTableWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, DwTableWindow, sidebar_button);
  gtk_widget_class_bind_template_child (widget_class, DwTableWindow, phase_bar);
  gtk_widget_class_bind_template_child (widget_class, DwTableWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, DwTableWindow, entry);
  gtk_widget_class_bind_template_child (widget_class, DwTableWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, DwTableWindow, stage);
  gtk_widget_class_bind_template_child (widget_class, DwTableWindow, opening);
  gtk_widget_class_bind_template_child (widget_class, DwTableWindow, board_scroller);
  gtk_widget_class_bind_template_child (widget_class, DwTableWindow, board);
  gtk_widget_class_bind_template_child (widget_class, DwTableWindow, preview_stack);
  gtk_widget_class_bind_template_child (widget_class, DwTableWindow, preview);
  gtk_widget_class_bind_template_child (widget_class, DwTableWindow, counters);
  gtk_widget_class_bind_template_child (widget_class, DwTableWindow, log);

  gtk_widget_class_install_action (widget_class, "table.act", "s", act_action);
  gtk_widget_class_install_action (widget_class, "table.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "table.end-turn", NULL, end_turn_action);
  gtk_widget_class_install_action (widget_class, "table.keep", NULL, keep_action);
  gtk_widget_class_install_action (widget_class, "table.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "table.restart", NULL, restart_action);
  gtk_widget_class_install_action (widget_class, "table.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "table.toggle-sidebar", NULL, toggle_sidebar_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "table.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK, "table.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK, "table.end-turn", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "table.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "table.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "table.restart", NULL);
  gtk_widget_class_install_action (widget_class, "table.to-hand", NULL, to_hand_action);
  gtk_widget_class_install_action (widget_class, "table.next-zone", NULL, step_zone_action);
  gtk_widget_class_install_action (widget_class, "table.previous-zone", NULL, step_zone_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "table.toggle-sidebar", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK, "table.to-hand", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F6, 0, "table.next-zone", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F6, GDK_SHIFT_MASK, "table.previous-zone", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
dw_table_window_init (DwTableWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self->entry, "activate", G_CALLBACK (on_entry_activate_cb), self);
  g_signal_connect_swapped (self->flap, "notify::folded", G_CALLBACK (on_folded_changed_cb), self);
  g_signal_connect (self->board, "card-preview", G_CALLBACK (on_card_preview_cb), self);
  g_signal_connect (self->board, "act", G_CALLBACK (on_board_act_cb), self);
  g_signal_connect (self->board, "refused", G_CALLBACK (on_board_refused_cb), self);
  g_signal_connect (self->opening, "card-preview", G_CALLBACK (on_card_preview_cb), self);
  g_signal_connect (self, "notify::focus-widget", G_CALLBACK (on_focus_widget_changed_cb), NULL);
}

DwTableWindow *
dw_table_window_new (GtkApplication *application,
                     DwLibrary      *library,
                     DwTable        *table)
{
  DwTableWindow *self = g_object_new (DW_TYPE_TABLE_WINDOW, "application", application, NULL);

  self->library = g_object_ref (library);
  set_table (self, table);
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

/* The text the status line shows now, as the player reads it. */
const char *
dw_table_window_get_shown_message (DwTableWindow *self)
{
  g_return_val_if_fail (DW_IS_TABLE_WINDOW (self), NULL);
  return gtk_label_get_text (self->status_label);
}

/* Whether the opening hand is shown, waiting for Keep or Mulligan. */
gboolean
dw_table_window_shows_opening_hand (DwTableWindow *self)
{
  g_return_val_if_fail (DW_IS_TABLE_WINDOW (self), FALSE);
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->stage), "opening") == 0;
}

DwOpeningHand *
dw_table_window_get_opening_hand (DwTableWindow *self)
{
  g_return_val_if_fail (DW_IS_TABLE_WINDOW (self), NULL);
  return self->opening;
}

/* The duel's place, where a card is played into the duel. */
GtkWidget *
dw_table_window_get_duel_view (DwTableWindow *self)
{
  g_return_val_if_fail (DW_IS_TABLE_WINDOW (self), NULL);
  return dw_table_board_get_duel_view (self->board);
}

/* The zone view showing zone @id ("hand", "opp-regions"), or NULL. */
GtkWidget *
dw_table_window_get_zone_view (DwTableWindow *self,
                               const char    *id)
{
  g_return_val_if_fail (DW_IS_TABLE_WINDOW (self), NULL);
  return dw_table_board_get_zone_view (self->board, id);
}

/* A double click on card #@number: its most natural action now. */
gboolean
dw_table_window_natural (DwTableWindow *self,
                         guint          number)
{
  g_return_val_if_fail (DW_IS_TABLE_WINDOW (self), FALSE);
  return dw_table_board_natural (self->board, number);
}

/* Card #@number dropped on zone @zone_id. */
gboolean
dw_table_window_drop (DwTableWindow *self,
                      guint          number,
                      const char    *zone_id)
{
  g_return_val_if_fail (DW_IS_TABLE_WINDOW (self), FALSE);
  return dw_table_board_drop (self->board, number, zone_id);
}

/* Card #@number being dragged (0: no longer): the places that take it
 * are marked. */
void
dw_table_window_offer_drop (DwTableWindow *self,
                            guint          number)
{
  g_return_if_fail (DW_IS_TABLE_WINDOW (self));
  dw_table_board_offer_drop (self->board, number);
}

/* The zones that accept what is dragged now, by id. */
GStrv
dw_table_window_get_drop_zones (DwTableWindow *self)
{
  g_return_val_if_fail (DW_IS_TABLE_WINDOW (self), NULL);
  return dw_table_board_get_drop_zones (self->board);
}

/* How many pixels of the table lie below the window's edge now, to be
 * scrolled to; 0 when the whole table is in sight. */
int
dw_table_window_get_board_overflow (DwTableWindow *self)
{
  int width, height, needed;

  g_return_val_if_fail (DW_IS_TABLE_WINDOW (self), 0);

  width = gtk_widget_get_width (self->board_scroller);
  height = gtk_widget_get_height (self->board_scroller);
  gtk_widget_measure (GTK_WIDGET (self->board), GTK_ORIENTATION_VERTICAL, width, &needed, NULL, NULL, NULL);
  return MAX (0, needed - height);
}

/* The card the side panel shows large, or NULL. */
DwCard *
dw_table_window_get_preview_card (DwTableWindow *self)
{
  g_return_val_if_fail (DW_IS_TABLE_WINDOW (self), NULL);

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->preview_stack), "card") != 0)
    return NULL;
  return dw_card_face_get_card (self->preview);
}
