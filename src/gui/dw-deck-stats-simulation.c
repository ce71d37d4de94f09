/* dw-deck-stats-simulation.c — the Statistics page's goldfish games
 *
 * The games run in a GTask's worker thread (src/core/dw-goldfish.c
 * touches no card once it is made), a timeout reads how many are done
 * for the progress bar, and Cancel or any edit of the deck cancels
 * them; the window never waits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <langinfo.h>
#include <string.h>

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "dw-deck-stats-private.h"

/* How many games a simulation plays: enough for intervals of about a
 * percentage point, and a fraction of a second on one core. */
#define DEFAULT_GAMES 100000

struct _DwDeckStatsJob
{
  DwGoldfish       *goldfish;
  guint64           seed;
  guint             n_games;
  gint              done;      /* atomic: games played, for the progress bar */
  DwGoldfishResult  result;
};

static void
job_free (DwDeckStatsJob *job)
{
  g_clear_pointer (&job->goldfish, dw_goldfish_free);
  g_free (job);
}

static void
set_simulating (DwDeckStats *self,
                gboolean     running)
{
  gtk_widget_set_sensitive (GTK_WIDGET (self->simulate_button), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->cancel_button), running);
}

static void
show_chart (GtkLabel   *title_label,
            DwBarChart *chart,
            const char *title)
{
  gtk_label_set_label (title_label, title);
  gtk_widget_set_visible (GTK_WIDGET (title_label), title != NULL);
  gtk_widget_set_visible (GTK_WIDGET (chart), title != NULL);
}

/* @n with its digits in groups of three, by the locale's separator, or
 * a narrow no-break space where the locale has none (as in C.UTF-8), so
 * "100000" never reads as ten thousand or a million. */
static char *
group_digits (guint64 n)
{
  g_autofree char *digits = g_strdup_printf ("%" G_GUINT64_FORMAT, n);
  const char *separator = nl_langinfo (THOUSEP);
  GString *grouped = g_string_new (NULL);
  size_t len = strlen (digits);

  if (separator == NULL || *separator == '\0')
    separator = "\u202f";
  for (size_t i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append (grouped, separator);
      g_string_append_c (grouped, digits[i]);
    }
  return g_string_free (grouped, FALSE);
}

static void
show_draw_result (DwDeckStats            *self,
                  const DwDeal           *deal,
                  const DwGoldfishResult *result)
{
  static const GdkRGBA colour = { 0.21, 0.52, 0.89, 1 };
  char *labels[MAX (DW_GOLDFISH_TURNS, DW_GOLDFISH_GOLD) + 1] = { NULL };
  double values[MAX (DW_GOLDFISH_TURNS, DW_GOLDFISH_GOLD)];
  double low[G_N_ELEMENTS (values)];
  double high[G_N_ELEMENTS (values)];
  guint n_gold = 0;

  for (guint t = 0; t < DW_GOLDFISH_TURNS; t++)
    {
      labels[t] = g_strdup_printf ("%u", t + 1);
      values[t] = 100.0 * result->creature_played[t] / MAX (result->n_games, 1);
      dw_proportion_interval (result->creature_played[t], result->n_games, &low[t], &high[t]);
      low[t] *= 100.0;
      high[t] *= 100.0;
    }
  dw_bar_chart_set_data (self->chart1, DW_GOLDFISH_TURNS, (const char * const *) labels, 1, &colour, values);
  dw_bar_chart_set_intervals (self->chart1, low, high);
  dw_bar_chart_set_format (self->chart1, 0, "%");
  dw_bar_chart_set_max (self->chart1, 100.0);
  dw_bar_chart_set_axis_title (self->chart1, _("Turn"));
  if (deal->resource == DW_DEAL_RESOURCE_VAULT)
    show_chart (self->chart1_title, self->chart1,
                /* xgettext:no-c-format */
                _("A creature played by each turn, vaulting a card a turn (%, 99% interval)"));
  else
    {
      const DwCardTypeDef *type = dw_game_lookup_card_type (dw_stats_get_game (self->stats), deal->play_type);
      /* TRANSLATORS: %s is a card type's name, "Action" */
      g_autofree char *title = g_strdup_printf (_("A card of type “%s” drawn by each turn (%%, 99%% interval)"),
                                                type ? type->name : "");

      show_chart (self->chart1_title, self->chart1, title);
    }

  /* Only the amounts most games reach: an average over a few is noise. */
  for (guint g = 0; g < DW_GOLDFISH_GOLD && result->gold_reached[g] * 2 >= result->n_games; g++)
    {
      g_free (labels[g]);
      labels[g] = g_strdup_printf ("%u", g + 1);
      values[g] = dw_mean_interval ((double) result->gold_turn_sum[g], (double) result->gold_turn_squares[g],
                                    result->gold_reached[g], &low[g], &high[g]);
      n_gold++;
    }
  dw_bar_chart_set_data (self->chart2, n_gold, (const char * const *) labels, 1, &colour, values);
  dw_bar_chart_set_intervals (self->chart2, low, high);
  dw_bar_chart_set_format (self->chart2, 1, NULL);
  dw_bar_chart_set_max (self->chart2, 0.0);
  dw_bar_chart_set_axis_title (self->chart2, _("Gold"));
  show_chart (self->chart2_title, self->chart2,
              /* xgettext:no-c-format */
              n_gold > 0 ? _("The turn each amount of gold is first reached (average, 99% interval)") : NULL);

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    g_free (labels[i]);
}

static void
show_reveal_result (DwDeckStats            *self,
                    const DwGoldfishResult *result)
{
  static const GdkRGBA colour = { 0.57, 0.25, 0.67, 1 };
  char *labels[DW_GOLDFISH_TURNS + 1] = { NULL };
  double values[DW_GOLDFISH_TURNS];
  double low[DW_GOLDFISH_TURNS];
  double high[DW_GOLDFISH_TURNS];
  guint n = 0;

  for (guint d = 0; d < DW_GOLDFISH_TURNS && result->dueled[d] * 2 >= result->n_games; d++)
    {
      labels[d] = g_strdup_printf ("%u", d + 1);
      values[d] = dw_mean_interval (result->tricks_sum[d], result->tricks_squares[d], result->dueled[d],
                                    &low[d], &high[d]);
      n++;
    }
  dw_bar_chart_set_data (self->chart1, n, (const char * const *) labels, 1, &colour, values);
  dw_bar_chart_set_intervals (self->chart1, low, high);
  dw_bar_chart_set_format (self->chart1, 2, NULL);
  dw_bar_chart_set_max (self->chart1, 0.0);
  dw_bar_chart_set_axis_title (self->chart1, _("Duel"));
  show_chart (self->chart1_title, self->chart1,
              /* xgettext:no-c-format */
              _("Tricks in hand as each duel begins, playing one a duel (average, 99% interval)"));
  show_chart (self->chart2_title, self->chart2, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    g_free (labels[i]);
}

static void
show_result (DwDeckStats            *self,
             const DwGoldfishResult *result)
{
  g_autofree char *note = NULL;
  g_autofree char *count = group_digits (result->n_games);
  /* TRANSLATORS: %s is a number of games, its digits grouped: "100,000" */
  g_autofree char *games = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s game", "%s games", result->n_games),
                                            count);

  if (result->kind == DW_DEAL_DRAW)
    {
      const DwDeal *deal = dw_stats_get_deal (self->stats);

      show_draw_result (self, deal, result);
      if (deal->resource == DW_DEAL_RESOURCE_VAULT)
        note = g_strdup_printf (_("%s from seed %" PRIu64 ", each dealt as a table with its seed deals "
                                  "it, no mulligan; each turn draws 2 and vaults a card that is not a creature "
                                  "when it can, then plays creatures dearest first."), games, result->seed);
      else
        note = g_strdup_printf (_("%s from seed %" PRIu64 ", each dealt as a table with its seed deals "
                                  "it, no mulligan: an opening hand of %u, then %u a turn from turn %u."),
                                games, result->seed, deal->hand_size, deal->per_turn, deal->first_draw);
    }
  else
    {
      double low;
      double high;

      show_reveal_result (self, result);
      dw_proportion_interval (result->out_first, result->n_games, &low, &high);
      note = g_strdup_printf (_("%s from seed %" PRIu64 ". The deck ran out of characters with "
                                "tricks still in it in %.1f%% of them (99%% interval %.1f–%.1f%%)."),
                              games, result->seed, 100.0 * result->out_first / MAX (result->n_games, 1),
                              100.0 * low, 100.0 * high);
    }
  gtk_label_set_label (self->simulation_note, note);
}

static void
count_games (guint    done,
             guint    total,
             gpointer user_data)
{
  DwDeckStatsJob *job = user_data;

  g_atomic_int_set (&job->done, (gint) done);
}

static void
run_job (GTask        *task,
         gpointer      source_object,
         gpointer      task_data,
         GCancellable *cancellable)
{
  DwDeckStatsJob *job = task_data;
  GError *error = NULL;

  if (!dw_goldfish_run (job->goldfish, job->seed, job->n_games, count_games, job, cancellable,
                        &job->result, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static gboolean
on_progress_timeout_cb (gpointer user_data)
{
  DwDeckStats *self = user_data;

  if (self->job != NULL)
    gtk_progress_bar_set_fraction (self->progress,
                                   (double) g_atomic_int_get (&self->job->done) / MAX (self->job->n_games, 1));
  return G_SOURCE_CONTINUE;
}

static void
on_job_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  DwDeckStats *self = DW_DECK_STATS (source);
  DwDeckStatsJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;

  if (job != self->job)
    return;
  self->job = NULL;
  g_clear_handle_id (&self->progress_id, g_source_remove);
  set_simulating (self, FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      gtk_progress_bar_set_fraction (self->progress, 0.0);
      gtk_label_set_label (self->simulation_note,
                           g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
                           ? _("Cancelled.") : error->message);
      return;
    }
  gtk_progress_bar_set_fraction (self->progress, 1.0);
  show_result (self, &job->result);
}

/* Cancels the games running, if any; their figures are not shown. */
void
dw_deck_stats_stop_simulation (DwDeckStats *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->job = NULL;
  g_clear_handle_id (&self->progress_id, g_source_remove);
  /* Also called from dispose, perhaps after the template is gone. */
  if (self->simulate_button != NULL)
    set_simulating (self, FALSE);
}

static void
on_simulate_clicked_cb (DwDeckStats *self)
{
  dw_deck_stats_simulate (self, DEFAULT_GAMES);
}

static void
on_cancel_clicked_cb (DwDeckStats *self)
{
  dw_deck_stats_stop_simulation (self);
  gtk_progress_bar_set_fraction (self->progress, 0.0);
  gtk_label_set_label (self->simulation_note, _("Cancelled."));
}

/* Plays @n_games goldfish games from the sample hand's seed in a worker
 * thread; the window stays live, the progress bar follows them and
 * Cancel stops them. */
void
dw_deck_stats_simulate (DwDeckStats *self,
                        guint        n_games)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  DwGoldfish *goldfish;
  DwDeckStatsJob *job;

  g_return_if_fail (DW_IS_DECK_STATS (self));

  dw_deck_stats_stop_simulation (self);
  if (self->stats == NULL)
    return;
  goldfish = dw_goldfish_new (dw_stats_get_game (self->stats), self->deck, &error);
  if (goldfish == NULL)
    {
      gtk_label_set_label (self->simulation_note, error->message);
      return;
    }

  job = g_new0 (DwDeckStatsJob, 1);
  job->goldfish = goldfish;
  job->seed = self->seed;
  job->n_games = n_games;
  self->job = job;
  self->cancellable = g_cancellable_new ();

  task = g_task_new (self, self->cancellable, on_job_done_cb, NULL);
  g_task_set_source_tag (task, dw_deck_stats_simulate);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_set_return_on_cancel (task, FALSE);

  set_simulating (self, TRUE);
  gtk_progress_bar_set_fraction (self->progress, 0.0);
  gtk_label_set_label (self->simulation_note, _("Playing…"));
  self->progress_id = g_timeout_add (100, on_progress_timeout_cb, self);
  g_task_run_in_thread (task, run_job);
}

gboolean
dw_deck_stats_is_simulating (DwDeckStats *self)
{
  g_return_val_if_fail (DW_IS_DECK_STATS (self), FALSE);
  return self->job != NULL;
}

/* The first chart of the last simulation: creatures played (Arcmage),
 * tricks in hand (Coraabia), cards of the play type drawn (a game
 * defined as data). */
DwBarChart *
dw_deck_stats_get_simulation_chart (DwDeckStats *self)
{
  g_return_val_if_fail (DW_IS_DECK_STATS (self), NULL);
  return self->chart1;
}

void
dw_deck_stats_class_init_simulation (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, on_simulate_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_cancel_clicked_cb);
}
