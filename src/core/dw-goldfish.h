/* dw-goldfish.h — many solo games played by a simple policy, seeded
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-deck.h"
#include "dw-game.h"
#include "dw-odds.h"

G_BEGIN_DECLS

#define DW_GOLDFISH_TURNS 10  /* Arcmage turns, Coraabia duels */
#define DW_GOLDFISH_GOLD  10  /* the amounts of gold followed */
#define DW_GOLDFISH_Z99   2.5758293035489  /* the normal quantile of a 99% interval */

/* What the games came to.  Index i of a per-turn array is turn (or duel)
 * i + 1; a count is a number of games. */
typedef struct
{
  DwDealKind kind;
  guint64    seed;
  guint      n_games;          /* played to the end (fewer when cancelled) */
  guint64    n_turns;          /* turns (duels) played in all */

  /* DRAW (Arcmage) */
  guint      creature_played[DW_GOLDFISH_TURNS];  /* a creature entered play by this turn */
  guint      creature_drawn[DW_GOLDFISH_TURNS];   /* a creature was among the cards drawn */
  guint      gold_reached[DW_GOLDFISH_GOLD];      /* index g: gold g + 1 reached at all */
  guint64    gold_turn_sum[DW_GOLDFISH_GOLD];     /* the turns it was first reached, summed */
  guint64    gold_turn_squares[DW_GOLDFISH_GOLD];

  /* REVEAL (Coraabia) */
  guint      dueled[DW_GOLDFISH_TURNS];           /* the deck still had a character for it */
  double     tricks_sum[DW_GOLDFISH_TURNS];       /* tricks in hand as it began, summed */
  double     tricks_squares[DW_GOLDFISH_TURNS];
  guint      trick_seen[DW_GOLDFISH_TURNS];       /* a trick had been revealed by it */
  guint      out_first;                           /* characters ran out with tricks still in the deck */
} DwGoldfishResult;

typedef struct _DwGoldfish DwGoldfish;

/* Called every so many games from the thread that runs, with the games
 * done and the games asked for. */
typedef void (*DwGoldfishProgressFunc) (guint    done,
                                        guint    total,
                                        gpointer user_data);

DwGoldfish *dw_goldfish_new       (DwGame                 *game,
                                   DwDeck                 *deck,
                                   GError                **error);
void        dw_goldfish_free      (DwGoldfish             *self);
gboolean    dw_goldfish_run       (DwGoldfish             *self,
                                   guint64                 seed,
                                   guint                   n_games,
                                   DwGoldfishProgressFunc  progress,
                                   gpointer                user_data,
                                   GCancellable           *cancellable,
                                   DwGoldfishResult       *result,
                                   GError                **error);

void        dw_proportion_interval (guint                  successes,
                                    guint                  n,
                                    double                *low,
                                    double                *high);
double      dw_mean_interval       (double                 sum,
                                    double                 squares,
                                    guint                  n,
                                    double                *low,
                                    double                *high);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwGoldfish, dw_goldfish_free)

G_END_DECLS
