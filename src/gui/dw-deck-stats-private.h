/* dw-deck-stats-private.h — what the files of the Statistics page share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-deck-stats.h"
#include "dw-goldfish.h"
#include "dw-odds.h"
#include "dw-sample-hand.h"
#include "dw-stats.h"

G_BEGIN_DECLS

typedef struct _DwDeckStatsJob DwDeckStatsJob;

struct _DwDeckStats
{
  AdwBin          parent_instance;

  DwLibrary      *library;
  DwDeckHistory  *history;
  DwDeck         *deck;
  DwStats        *stats;
  DwSampleHand   *hand;
  guint64         seed;
  gboolean        hand_stale;       /* the deck changed while the page was hidden */
  GPtrArray      *preset_queries;   /* char *, one per dropdown item */
  GtkWidget      *odds_labels[3][DW_ODDS_N_STEPS + 1];
  GCancellable   *cancellable;
  DwDeckStatsJob *job;              /* the running simulation's, or NULL */
  guint           progress_id;

  GtkLabel       *curve_title;
  DwBarChart     *curve;
  GtkFlowBox     *legend;
  DwBarChart     *factions;
  GtkListBox     *counts_list;
  GtkDropDown    *category_dropdown;
  GtkEntry       *query_entry;
  GtkSpinButton  *k_spin;
  GtkGrid        *odds_grid;
  GtkLabel       *odds_note;
  GtkEntry       *seed_entry;
  GtkButton      *draw_button;
  GtkButton      *mulligan_button;
  GtkFlowBox     *hand_box;
  GtkLabel       *hand_note;
  GtkButton      *simulate_button;
  GtkButton      *cancel_button;
  GtkProgressBar *progress;
  GtkLabel       *simulation_note;
  GtkLabel       *chart1_title;
  DwBarChart     *chart1;
  GtkLabel       *chart2_title;
  DwBarChart     *chart2;
};

void dw_deck_stats_class_init_simulation (GtkWidgetClass *widget_class);
void dw_deck_stats_stop_simulation       (DwDeckStats    *self);

G_END_DECLS
