/* dw-deck-stats.h — the statistics of the deck being built, live
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dw-bar-chart.h"
#include "dw-deck-history.h"
#include "dw-library.h"

G_BEGIN_DECLS

#define DW_TYPE_DECK_STATS (dw_deck_stats_get_type ())
G_DECLARE_FINAL_TYPE (DwDeckStats, dw_deck_stats, DW, DECK_STATS, AdwBin)

GtkWidget  *dw_deck_stats_new            (DwLibrary     *library,
                                          DwDeckHistory *history);
DwBarChart *dw_deck_stats_get_curve      (DwDeckStats   *self);
void        dw_deck_stats_set_category   (DwDeckStats   *self,
                                          const char    *query);
const char *dw_deck_stats_get_odds_text  (DwDeckStats   *self,
                                          gboolean       exactly,
                                          guint          step);
void        dw_deck_stats_deal           (DwDeckStats   *self,
                                          guint64        seed);
guint       dw_deck_stats_get_hand_size  (DwDeckStats   *self);
void        dw_deck_stats_simulate       (DwDeckStats   *self,
                                          guint          n_games);
gboolean    dw_deck_stats_is_simulating  (DwDeckStats   *self);
DwBarChart *dw_deck_stats_get_simulation_chart (DwDeckStats *self);

G_END_DECLS
