/* dw-coraabia-private.h — what the Coraabia rules files share
 *
 * The rules text is ../shared/seeds/coraabia-rules.txt (the Coraabia
 * wiki's rules: Basic rules, Structure of duels, Abilities, Game logic
 * principles); every refusal names the step it comes from, and every
 * choice the text leaves open begins "Choice:" where it is made.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib/gi18n-lib.h>

#include "dw-coraabia-rules.h"

G_BEGIN_DECLS

#define RULE_DECLARER     N_("Structure of duels: Declaration 1.1")
#define RULE_DECLARE      N_("Structure of duels: Declaration 1.6")
#define RULE_LOSING       N_("Structure of duels: Confrontation 2.5")
#define RULE_ABILITY      N_("Structure of duels: Confrontation 2.5.1")
#define RULE_TRICK        N_("Structure of duels: Confrontation 2.5.2")
#define RULE_CHAMPION     N_("Structure of duels: Confrontation 2.5.3")
#define RULE_LIMITS       N_("Structure of duels: Confrontation 2.6")
#define RULE_TIE          N_("Structure of duels: Confrontation 2.7")
#define RULE_FACTION      N_("Abilities: faction tricks")
#define RULE_WINNER       N_("Structure of duels: Resolution 3.1–3.3")
#define RULE_SHOOTOUT     N_("Structure of duels: Resolution 3.4")
#define RULE_GAME_END     N_("Structure of duels: the end of the game")

typedef enum
{
  PHASE_DECLARATION,
  PHASE_CONFRONTATION,
  N_PHASES
} CoraabiaPhase;

/* The rules' stats: the four parameters (DwCoraabiaParameter), then points. */
#define STAT_POINTS DW_CORAABIA_N_PARAMETERS

typedef enum
{
  COUNTER_SCORE,
  COUNTER_AUX_SCORE,
  COUNTER_TRICK_LIMIT,
  COUNTER_CHAMPION_LIMIT,
  COUNTER_CRITICAL,
  COUNTER_TRICKS_PLAYED,
  COUNTER_CHAMPIONS_SENT,
  N_COUNTERS
} CoraabiaCounter;

/* What a duel remembers beyond its cards and counters; plain data, as
 * DwTableState.data must be. */
typedef struct
{
  DwSide    declarer;
  int       parameter;     /* DwCoraabiaParameter; -1 until declared */
  gboolean  shootout;      /* this duel is a shootout of the one before */
  gboolean  tied;          /* the duel was tied when last settled */
  DwSide    tie_turn;      /* whose turn it is while tied */
  guint     passes;        /* passes in a row while tied */
  gint64    carried[2];    /* points a shootout carried into each side's character */
  int       announced;     /* the acting side last said (-1: nobody) */
  guint     announced_duel;
  gboolean  out[2];        /* the game ended with this side out of characters */
} CoraabiaData;

static inline CoraabiaData *
coraabia_data (const DwTableState *state)
{
  return state->data;
}

static inline DwSide
coraabia_other (DwSide side)
{
  return side == DW_SIDE_PLAYER ? DW_SIDE_OPPONENT : DW_SIDE_PLAYER;
}

/* dw-coraabia-board.c: the board helpers every Coraabia file shares */
guint           coraabia_zone           (const DwTableState *state,
                                         DwSide              side,
                                         const char         *id);
const char     *coraabia_counter_name   (DwSide              side,
                                         CoraabiaCounter     counter);
gint64          coraabia_get            (const DwTableState *state,
                                         DwSide              side,
                                         CoraabiaCounter     counter);
void            coraabia_set            (DwTableState       *state,
                                         DwSide              side,
                                         CoraabiaCounter     counter,
                                         gint64              value);
gboolean        coraabia_is_character   (const DwTableCard  *card);
gboolean        coraabia_is_trick       (const DwTableCard  *card);
guint           coraabia_duelist        (const DwTableState *state,
                                         DwSide              side);
gboolean        coraabia_in_declaration (const DwTableState *state);
int             coraabia_compare        (const DwTableState *state);
gboolean        coraabia_is_critical    (const DwTableState *state,
                                         DwSide              side);
gboolean        coraabia_has_ability    (const DwTableCard  *card,
                                         const char         *kind,
                                         const char         *modifier);
char           *coraabia_ability_text   (const DwTableCard  *card,
                                         const char         *kind,
                                         const char         *modifier);
char           *coraabia_label          (const DwTableState *state,
                                         guint               number);
char           *coraabia_values_text    (const DwTableState *state);
char           *coraabia_standing       (const DwTableState *state);
gint64          coraabia_stat_of        (const DwTableState *state,
                                         guint               number,
                                         guint               stat);
gint64          coraabia_compared_value (const DwTableState *state,
                                         DwSide              side);
char           *coraabia_format_value   (int                 parameter,
                                         gint64              value);

/* The flow of duels (dw-coraabia-duel.c). */
void            coraabia_declare        (DwTableContext     *ctx,
                                         DwSide              side,
                                         DwCoraabiaParameter parameter);
void            coraabia_pass           (DwTableContext     *ctx,
                                         DwSide              side);
void            coraabia_track_tie      (DwTableState       *state);
guint           coraabia_count_characters (const DwTableState *state,
                                           DwSide              side);
gboolean        coraabia_set_verdict    (DwTableState       *state);
void            coraabia_say_verdict    (DwTableContext     *ctx);
void            coraabia_start_duel     (DwTableContext     *ctx,
                                         gboolean            shootout);

/* The actions (dw-coraabia-play.c). */
gboolean        coraabia_perform        (DwTableContext     *ctx,
                                         const DwAction     *action,
                                         GError            **error);

/* The words and gestures of a view (dw-coraabia-view.c). */
extern const char * const coraabia_phase_labels[N_PHASES + 1];
extern const DwTableCounterInfo coraabia_counter_info[];
void            coraabia_card_actions   (const DwTableState *state,
                                         guint               number,
                                         GPtrArray          *out);
void            coraabia_card_offers    (const DwTableState *state,
                                         const DwTableCard  *card,
                                         GPtrArray          *out);
char           *coraabia_zone_action    (const DwTableState *state,
                                         guint               number,
                                         guint               zone);
char           *coraabia_card_action    (const DwTableState *state,
                                         guint               number,
                                         guint               target);
void            coraabia_describe_card  (const DwTableState *state,
                                         const DwTableCard  *card,
                                         GString            *out);
void            coraabia_describe       (const DwTableState *state,
                                         GString            *out);
DwDuelWords    *coraabia_duel_words     (const DwTableState *state);
void            coraabia_bar_offers     (const DwTableState *state,
                                         gboolean            for_opponent,
                                         GPtrArray          *phases,
                                         GPtrArray          *actions);

G_END_DECLS
