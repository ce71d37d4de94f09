/* dw-table-state.h — what lies on a table: card instances, zones, counters
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-action.h"
#include "dw-deck.h"
#include "dw-game.h"
#include "dw-rng.h"

G_BEGIN_DECLS

typedef enum
{
  DW_SIDE_PLAYER,
  DW_SIDE_OPPONENT,
} DwSide;

typedef enum
{
  DW_TABLE_RESULT_NONE,
  DW_TABLE_RESULT_WON,
  DW_TABLE_RESULT_LOST,
  DW_TABLE_RESULT_DRAWN,
} DwTableResult;

#define DW_TABLE_MAX_STATS 6

typedef struct _DwTableRules DwTableRules;
typedef struct _DwTableState DwTableState;

/* One physical card on the table.  #N is fixed when the table is dealt:
 * the player's deck in file order (sections, entries, copies), then the
 * opponent's, so the same deck always numbers its cards the same way,
 * whatever the seed. */
typedef struct
{
  guint     number;
  DwCard   *card;      /* borrowed: the table keeps every card alive */
  DwSide    owner;
  guint     zone;      /* index into the state's zones */
  guint     host;      /* #N of the card it is attached to, or 0 */
  int       area;      /* the zone an area spell lies on, or -1 */
  gboolean  marked;
  guint     marked_turn; /* the turn (a Coraabia duel) it was last marked in, or 0; unlike
                            the mark, this follows the card out of play and back */
  gint64    adjust[DW_TABLE_MAX_STATS];  /* added to each of the rules' stats */
} DwTableCard;

typedef struct
{
  const char        *id;          /* interned: "hand", or "opp-regions" on the opponent's side */
  const char        *def_id;      /* interned: the game definition's id, "regions" */
  const char        *name;        /* borrowed from the game definition, or static */
  const char        *start;       /* interned: the deck section dealt here, or NULL */
  DwSide             side;
  DwZoneVisibility   visibility;
  gboolean           ordered;
  gboolean           in_play;     /* a card entering or leaving play loses its marks,
                                     adjustments and attachment */
  GArray            *cards;       /* guint #N, bottom first: the last is the top */
} DwTableZone;

typedef struct
{
  const char *name;     /* interned */
  gint64      value;
  gboolean    hidden;   /* bookkeeping the rules keep, not shown or set by hand */
} DwTableCounter;

/* The whole state of a table, as plain data: copying it is how an action
 * is tried without touching the table, and how undo keeps its history.
 * Rules code changes it directly; everyone else reads it. */
/* Which cards an action may take a card from, for dw_table_state_find_card(). */
typedef gboolean (*DwCardFilter) (const DwTableState *state,
                                  guint               number,
                                  gpointer            data);

typedef struct
{
  const int     *zones;        /* looked through in this order */
  guint          n_zones;
  const char    *where;        /* in words, for messages: "your hand" */
  DwCardFilter   filter;       /* which cards a name may find (a top servant);
                                  NULL: all.  #N is checked by the rules, who
                                  can say why it does not qualify */
  gpointer       filter_data;
  const guint   *taken;        /* cards the same action chose already */
  guint          n_taken;
} DwCardQuery;

struct _DwTableState
{
  const DwTableRules *rules;
  GArray             *cards;      /* DwTableCard, #N at index N - 1 */
  GArray             *zones;      /* DwTableZone */
  GArray             *counters;   /* DwTableCounter */
  DwRng               rng;
  guint               turn;       /* from 1 */
  guint               phase;      /* index into rules->phases */
  DwTableResult       result;
  char               *result_reason;
  gpointer            data;       /* rules->data_size bytes of the rules' own plain data */
};

DwTableState   *dw_table_state_new          (const DwTableRules *rules);
DwTableState   *dw_table_state_copy         (const DwTableState *state);
void            dw_table_state_free         (DwTableState       *state);
gboolean        dw_table_state_equal        (const DwTableState *a,
                                             const DwTableState *b);

guint           dw_table_state_add_zone     (DwTableState       *state,
                                             const char         *def_id,
                                             const char         *name,
                                             DwSide              side,
                                             DwZoneVisibility    visibility,
                                             gboolean            ordered);
void            dw_table_state_add_game_zones (DwTableState     *state,
                                               DwGame           *game,
                                               DwSide            side,
                                               const char * const *only);
int             dw_table_state_find_zone    (const DwTableState *state,
                                             DwSide              side,
                                             const char         *def_id);
int             dw_table_state_lookup_zone  (const DwTableState *state,
                                             const char         *id);
DwTableZone    *dw_table_state_get_zone     (const DwTableState *state,
                                             guint               index);
guint           dw_table_zone_get_n_cards   (const DwTableZone  *zone);
guint           dw_table_zone_get_card      (const DwTableZone  *zone,
                                             guint               position);
guint           dw_table_zone_get_top       (const DwTableZone  *zone);

guint           dw_table_state_add_card     (DwTableState       *state,
                                             DwCard             *card,
                                             DwSide              owner,
                                             guint               zone);
gboolean        dw_table_state_deal         (DwTableState       *state,
                                             DwDeck             *deck,
                                             DwSide              side,
                                             const char * const *sections,
                                             GError            **error);
guint           dw_table_state_get_n_cards  (const DwTableState *state);
DwTableCard    *dw_table_state_get_card     (const DwTableState *state,
                                             guint               number);
DwTableZone    *dw_table_state_zone_of      (const DwTableState *state,
                                             guint               number);
void            dw_table_state_move         (DwTableState       *state,
                                             guint               number,
                                             guint               zone,
                                             gboolean            to_bottom);
void            dw_table_state_mark         (DwTableState       *state,
                                             DwTableCard        *card);
gboolean        dw_table_state_marked_this_turn (const DwTableState *state,
                                             const DwTableCard  *card);
void            dw_table_state_shuffle      (DwTableState       *state,
                                             guint               zone);
gboolean        dw_table_state_find_card    (const DwTableState *state,
                                             const DwToken      *ref,
                                             const DwCardQuery  *query,
                                             guint              *number,
                                             GError            **error);
gboolean        dw_table_state_resolve      (const DwTableState *state,
                                             const DwToken      *ref,
                                             const int          *zones,
                                             guint               n_zones,
                                             const char         *where,
                                             guint              *number,
                                             GError            **error);

void            dw_table_state_add_counter  (DwTableState       *state,
                                             const char         *name,
                                             gint64              value,
                                             gboolean            hidden);
DwTableCounter *dw_table_state_lookup_counter (const DwTableState *state,
                                               const char       *name);
gint64          dw_table_state_get_counter  (const DwTableState *state,
                                             const char         *name);
void            dw_table_state_set_counter  (DwTableState       *state,
                                             const char         *name,
                                             gint64              value);

int             dw_table_state_lookup_stat  (const DwTableState *state,
                                             const char         *name);
gint64          dw_table_state_get_stat     (const DwTableState *state,
                                             const DwTableCard  *card,
                                             guint               stat);

const char     *dw_table_state_get_phase    (const DwTableState *state);
void            dw_table_state_set_result   (DwTableState       *state,
                                             DwTableResult       result,
                                             const char         *reason);

char           *dw_table_state_card_label   (const DwTableState *state,
                                             guint               number);
gboolean        dw_table_state_card_visible (const DwTableState *state,
                                             guint               number);
char           *dw_table_state_render       (const DwTableState *before,
                                             const DwTableState *after,
                                             const char         *text);
void            dw_table_state_describe     (const DwTableState *state,
                                             GString            *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwTableState, dw_table_state_free)

G_END_DECLS
