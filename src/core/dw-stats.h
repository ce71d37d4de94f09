/* dw-stats.h — what a deck is made of: the curve, counts, numbers, draw odds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-deck.h"
#include "dw-format.h"
#include "dw-game.h"
#include "dw-odds.h"
#include "dw-query.h"

G_BEGIN_DECLS

/* One bar of the curve: how many cards of each type have that cost. */
typedef struct
{
  char   *label;    /* "0" … "7+", or "X" for costs that are not numbers */
  guint  *counts;   /* one per dw_stats_get_type() */
  guint   total;
} DwStatsColumn;

typedef struct
{
  char   *label;
  guint   count;
} DwStatsCount;

/* A number property over the cards that carry it, copies counted. */
typedef struct
{
  const char *id;
  char       *name;
  guint       n_cards;
  double      mean;
  double      spread;   /* the standard deviation */
  gint64      total;
} DwStatsNumber;

typedef struct _DwStats DwStats;

#define DW_TYPE_STATS (dw_stats_get_type ())

GType                dw_stats_get_type        (void) G_GNUC_CONST;
DwStats             *dw_stats_new             (DwGame          *game,
                                               DwFormat        *format,
                                               DwDeck          *deck);
DwStats             *dw_stats_ref             (DwStats         *self);
void                 dw_stats_unref           (DwStats         *self);

DwGame              *dw_stats_get_game        (DwStats         *self);
const DwDeal        *dw_stats_get_deal        (DwStats         *self);
guint                dw_stats_get_size        (DwStats         *self);
const char          *dw_stats_get_curve_name  (DwStats         *self);
guint                dw_stats_get_n_types     (DwStats         *self);
const char          *dw_stats_get_type_id     (DwStats         *self,
                                               guint            index);
guint                dw_stats_get_n_columns   (DwStats         *self);
const DwStatsColumn *dw_stats_get_column      (DwStats         *self,
                                               guint            index);
GArray              *dw_stats_get_by_type     (DwStats         *self);
GArray              *dw_stats_get_by_faction  (DwStats         *self);
GArray              *dw_stats_get_by_section  (DwStats         *self);
GArray              *dw_stats_get_numbers     (DwStats         *self);
gboolean             dw_stats_get_budget      (DwStats         *self,
                                               const char     **code,
                                               gint64          *total,
                                               gint64          *max);
void                 dw_stats_count           (DwStats         *self,
                                               DwQuery         *category,
                                               DwOddsCounts    *counts);
char                *dw_stats_to_text         (DwStats         *self);
char                *dw_stats_to_json         (DwStats         *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwStats, dw_stats_unref)

G_END_DECLS
