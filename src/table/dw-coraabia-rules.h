/* dw-coraabia-rules.h — the Coraabia table: duels against a goldfish
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-table-rules.h"

G_BEGIN_DECLS

extern const DwTableRules dw_coraabia_rules;

/* The four numbers a duel may compare, in the order the cards print
 * them; their ids are also the rules' first four stats. */
typedef enum
{
  DW_CORAABIA_DANGER,
  DW_CORAABIA_INTELLECT,
  DW_CORAABIA_VITALITY,   /* a percentage */
  DW_CORAABIA_KARMA,
  DW_CORAABIA_N_PARAMETERS
} DwCoraabiaParameter;

#define DW_CORAABIA_N_FACTIONS 5

/* Outlaw, Guardian, Mercenary, Xenno, Unliving (DESIGN.md §4.1). */
extern const char * const dw_coraabia_factions[DW_CORAABIA_N_FACTIONS + 1];

typedef enum
{
  DW_DUEL_UNDECLARED,  /* no parameter is compared yet, or the game is over */
  DW_DUEL_WINNING,
  DW_DUEL_LOSING,
  DW_DUEL_TIED,
} DwDuelStatus;

/* What the table shows of one side, as a view draws it. */
typedef struct
{
  guint         character;        /* #N of the dueling character, 0 when none */
  gint64        parameters[DW_CORAABIA_N_PARAMETERS];  /* its current values */
  gint64        points;           /* its current points, shootout carry included */
  gint64        carried;          /* points a shootout carried into it */
  DwDuelStatus  status;
  gboolean      critical;         /* winning with at least twice the other's value */
  gboolean      has_ability;      /* its card has an activated ability */
  gboolean      ability_used;     /* this duel */

  gint64        score;
  gint64        aux_score;        /* duels won */
  gint64        tricks_played;    /* this duel */
  gint64        trick_limit;
  gint64        champions_sent;   /* this duel */
  gint64        champion_limit;
  gint64        critical_multiplier;

  guint         deck_cards;
  guint         deck_tricks;
  guint         deck_characters;
  guint         deck_by_faction[DW_CORAABIA_N_FACTIONS];
  guint         hand_champions;
  guint         hand_tricks;
} DwCoraabiaSide;

/* What the side to act is asked to do. */
typedef enum
{
  DW_CORAABIA_NOBODY,    /* the game is over */
  DW_CORAABIA_DECLARE,   /* choose the compared parameter */
  DW_CORAABIA_REACT,     /* losing: trick, champion, ability or pass */
  DW_CORAABIA_TIE_TURN,  /* tied: its turn of the declaring-then-defending round */
} DwCoraabiaTask;

gboolean             dw_coraabia_is_table          (const DwTableState  *state);
void                 dw_coraabia_get_side          (const DwTableState  *state,
                                                    DwSide               side,
                                                    DwCoraabiaSide      *out);
int                  dw_coraabia_get_parameter     (const DwTableState  *state);
DwSide               dw_coraabia_get_declarer      (const DwTableState  *state);
gboolean             dw_coraabia_is_shootout       (const DwTableState  *state);
DwCoraabiaTask       dw_coraabia_get_acting_side   (const DwTableState  *state,
                                                    DwSide              *side);
DwCoraabiaParameter  dw_coraabia_goldfish_choice   (const DwTableState  *state);
const char          *dw_coraabia_parameter_id      (DwCoraabiaParameter  parameter);
const char          *dw_coraabia_parameter_name    (DwCoraabiaParameter  parameter);

G_END_DECLS
