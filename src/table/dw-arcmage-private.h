/* dw-arcmage-private.h — what the Arcmage rules files share
 *
 * The rules text is ../shared/seeds/arcmage-original-rules-concept.txt
 * (the Original Rules Concept, 7 August 2017); every refusal names the
 * section it comes from.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib/gi18n-lib.h>

#include "dw-arcmage-rules.h"

G_BEGIN_DECLS

typedef enum
{
  PHASE_UNMARK,
  PHASE_UPKEEP,
  PHASE_TACTICAL,
  PHASE_DRAW,
  PHASE_PLAY,
  PHASE_MOVE_ATTACK,
  PHASE_PLAY_2,
  PHASE_MOVE_ATTACK_2,
  PHASE_ENTRANCE,
  PHASE_DISCARD,
  N_PHASES
} ArcmagePhase;

typedef enum
{
  STAT_ATK,
  STAT_DEF,
  STAT_DAMAGE,
} ArcmageStat;

/* What the turn has used up; reset when the next turn begins. */
typedef struct
{
  guint     draws;          /* cards drawn in this turn's draw phase */
  gboolean  exhausted;
  guint     vaulted;        /* #N put into the vault this turn, or 0 */
  guint     moved;          /* #N that made the turn's movement, or 0 */
  guint     moved_in;       /* the phase it moved in (never PHASE_UNMARK, so 0 is none) */
  guint     attacked_in;    /* the phase of the turn's attack, or 0 */
  guint     advantages;     /* one bit per domain claimed this turn */
  gboolean  dominated;      /* Domination or Total Domination claimed this turn */
  gboolean  mulligan_done;  /* lasts the game */
} ArcmageData;

#define ARCMAGE_HAND_SIZE 7
#define ARCMAGE_N_DOMAINS 3

extern const char * const arcmage_domains[ARCMAGE_N_DOMAINS + 1];

static inline ArcmageData *
arcmage_data (const DwTableState *state)
{
  return state->data;
}

/* dw-arcmage-board.c: the board helpers every Arcmage file shares */
int         arcmage_zone            (const DwTableState *state,
                                     DwSide              side,
                                     const char         *id);
guint       arcmage_zone_size       (const DwTableState *state,
                                     DwSide              side,
                                     const char         *id);
int         arcmage_domain_index    (const char         *zone_id);
gboolean    arcmage_is_domain       (const DwTableState *state,
                                     guint               zone);
gboolean    arcmage_is_type         (const DwTableCard  *card,
                                     const char         *type);
gboolean    arcmage_is_top_servant  (const DwTableState *state,
                                     guint               number);
gboolean    arcmage_in_play_phase   (const DwTableState *state);
gboolean    arcmage_in_move_attack  (const DwTableState *state);
gint64      arcmage_printed_cost    (const DwTableCard  *card);
gint64      arcmage_domain_points   (const DwTableState *state,
                                     guint               zone);
gint64      arcmage_domain_gold     (const DwTableState *state,
                                     guint               zone);
char       *arcmage_label           (const DwTableState *state,
                                     guint               number);
gboolean    arcmage_find            (DwTableContext     *ctx,
                                     const DwToken      *ref,
                                     const int          *zones,
                                     guint               n_zones,
                                     const char         *where,
                                     DwCardFilter        filter,
                                     GArray             *taken,
                                     guint              *number,
                                     GError            **error);
void        arcmage_to_grave        (DwTableContext     *ctx,
                                     guint               number);
gboolean    arcmage_faction_fits    (const DwTableState *state,
                                     guint               number,
                                     guint               domain,
                                     GError            **error);

guint       arcmage_unmarked_vault  (const DwTableState *state);
gboolean    arcmage_may_mark        (const DwTableState *state,
                                     const DwTableCard  *card);

/* dw-arcmage-play.c */
gboolean    arcmage_play            (DwTableContext     *ctx,
                                     const DwAction     *action,
                                     GError            **error);
gboolean    arcmage_pay_action      (DwTableContext     *ctx,
                                     const DwAction     *action,
                                     GError            **error);
gboolean    arcmage_move            (DwTableContext     *ctx,
                                     const DwAction     *action,
                                     GError            **error);
gboolean    arcmage_attack          (DwTableContext     *ctx,
                                     const DwAction     *action,
                                     GError            **error);

/* dw-arcmage-view.c: the words and gestures of a view */
extern const char * const arcmage_phase_labels[N_PHASES + 1];
extern const DwTableCounterInfo arcmage_counter_info[];
void        arcmage_card_offers     (const DwTableState *state,
                                     const DwTableCard  *card,
                                     GPtrArray          *out);
void        arcmage_card_actions    (const DwTableState *state,
                                     guint               number,
                                     GPtrArray          *out);
char       *arcmage_zone_action     (const DwTableState *state,
                                     guint               number,
                                     guint               zone);
char       *arcmage_card_action     (const DwTableState *state,
                                     guint               number,
                                     guint               target);
void        arcmage_describe_card   (const DwTableState *state,
                                     const DwTableCard  *card,
                                     GString            *out);
void        arcmage_describe        (const DwTableState *state,
                                     GString            *out);
char       *arcmage_keep_action     (const DwTableState *state);
char       *arcmage_mulligan_action (const DwTableState *state,
                                     const guint        *grave,
                                     guint               n_grave,
                                     const guint        *keep,
                                     guint               n_keep);

G_END_DECLS
