/* dw-odds.h — exact draw odds: the hypergeometric distribution in log space
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The opening hand, then the first five turns. */
#define DW_ODDS_N_STEPS 6

typedef enum
{
  DW_DEAL_DRAW,    /* an opening hand, then a number of cards a turn */
  DW_DEAL_REVEAL,  /* each duel reveals cards until one of a type */
} DwDealKind;

/* What a goldfish simulation's player spends to play a card. */
typedef enum
{
  DW_DEAL_RESOURCE_NONE,   /* nothing: a card of the play type is played once drawn */
  DW_DEAL_RESOURCE_VAULT,  /* one card of the hand a turn becomes a resource worth 1 */
} DwDealResource;

/* How a game puts the cards of its shuffled section into a hand: the
 * <deal> of its definition, or for a game defined only as data, what its
 * <table> rules deal (dw_game_get_deal()). */
typedef struct
{
  DwDealKind      kind;
  const char     *section;     /* interned: the section shuffled into the deck */
  guint           hand_size;   /* DRAW: the opening hand */
  guint           per_turn;    /* DRAW: cards drawn each turn */
  guint           first_draw;  /* DRAW: the first turn that draws (1, or 2 when the first turn does not) */
  const char     *stop_type;   /* REVEAL: interned, the card type a reveal stops at */
  const char     *play_type;   /* DRAW: interned, the card type the goldfish plays, or NULL */
  const char     *cost;        /* DRAW: interned, the property the goldfish pays, or NULL */
  DwDealResource  resource;    /* DRAW: what the goldfish pays with */
} DwDeal;

/* A category's cards among the shuffled section.  For a DRAW deal only
 * @in and @out count; a REVEAL deal splits each by the stop type. */
typedef struct
{
  guint64 in;         /* cards of the category */
  guint64 out;        /* the other cards */
  guint64 stop_in;    /* REVEAL: of @in, those of the stop type */
  guint64 stop_out;   /* REVEAL: of @out, those of the stop type */
} DwOddsCounts;

guint         dw_deal_cards_seen        (const DwDeal        *deal,
                                         guint                step);

double        dw_log_choose             (guint64              n,
                                         guint64              k);
double        dw_hypergeometric         (guint64              population,
                                         guint64              successes,
                                         guint64              draws,
                                         guint64              k);
double        dw_hypergeometric_at_least (guint64             population,
                                          guint64             successes,
                                          guint64             draws,
                                          guint64             k);

double        dw_odds_exactly           (const DwDeal        *deal,
                                         const DwOddsCounts  *counts,
                                         guint                step,
                                         guint64              k);
double        dw_odds_at_least          (const DwDeal        *deal,
                                         const DwOddsCounts  *counts,
                                         guint                step,
                                         guint64              k);

G_END_DECLS
