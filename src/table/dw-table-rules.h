/* dw-table-rules.h — what a game's rules give the table machinery
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-action.h"
#include "dw-library.h"
#include "dw-table-context.h"
#include "dw-table-state.h"

G_BEGIN_DECLS

/* What a new table starts from. */
typedef struct
{
  DwLibrary  *library;
  DwGame     *game;
  DwDeck     *deck;
  DwDeck     *opponent;   /* NULL when none was given */
  GPtrArray  *keep;       /* objects the table keeps alive as long as it lives,
                             such as cards the rules make up */
} DwTableSetup;


/* A number a card shows, which a manual adjustment can change. */
/* One entry of a card's menu: what the player reads (translated) and the
 * action the engine is asked to perform.  @if_accepted: offered only when
 * the engine would accept it now (the generic table's long list of
 * moves); otherwise it is shown dimmed with the engine's reason. */
typedef struct
{
  char     *label;
  char     *action;
  gboolean  if_accepted;
} DwCardOffer;

void dw_card_offer_free (DwCardOffer *offer);
void dw_card_offers_add (GPtrArray          *out,
                         const DwTableCard  *card,
                         const char         *label,
                         const char         *verb,
                         const char         *to);
void dw_card_offers_add_action (GPtrArray          *out,
                                const DwTableCard  *card,
                                const char         *label,
                                DwAction           *action);

typedef struct
{
  const char *name;       /* as the action language writes it: "atk" */
  const char *property;   /* the card property it starts from, or NULL for 0 */
} DwTableStat;

/* A counter as the player reads it.  An entry may also show a number
 * the rules count that is no counter of the state (Arcmage's domain
 * points): it has a value function and is not settable. */
typedef struct
{
  const char  *name;       /* the counter's id, "opp-hp"; NULL ends a table */
  const char  *label;      /* marked N_(), translated when shown: "Opponent's region HP" */
  DwSide       side;       /* whose number it is */
  /* What the rules count, when that is more than the counter (Arcmage's
   * gold: the pool and the unmarked vault); NULL: the counter's value. */
  gint64     (*value)  (const DwTableState *state);
  /* How the value is made, translated, for a tooltip; NULL: nothing to add. */
  char      *(*detail) (const DwTableState *state);
} DwTableCounterInfo;

/* A duel as a view draws it, in the game's words (translated): its
 * heading, each side's card, title and lines, and the rows of numbers
 * it compares.  Made by the rules (duel_words); a view only lays it out. */
typedef struct
{
  guint     card;       /* #N of the card that duels for the side, 0 when none */
  char     *no_card;    /* said where the card would be, when none */
  char     *title;      /* "You — to act" */
  gboolean  acting;     /* the side is to act now: its title stands out */
  char     *status;     /* the lines under its card */
} DwDuelSideWords;

typedef struct
{
  char     *name;            /* "▸ Danger (compared)" */
  char     *opponent;        /* the goldfish's value as shown, "–" for none */
  char     *relation;        /* ">", "<", "=" or "" */
  char     *relation_words;  /* the relation in words, or NULL */
  char     *player;          /* the player's value as shown */
  gboolean  compared;        /* the row the duel is decided by */
} DwDuelRowWords;

typedef struct
{
  char            *heading;
  DwDuelSideWords  opponent;
  DwDuelSideWords  player;
  GPtrArray       *rows;     /* DwDuelRowWords */
} DwDuelWords;

DwDuelWords *dw_duel_words_new  (void);
void         dw_duel_words_free (DwDuelWords *words);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwDuelWords, dw_duel_words_free)

struct _DwTableRules
{
  const char          *id;          /* "arcmage-orc" */
  const char          *game_id;     /* "arcmage" */
  const char          *name;        /* shown to the player; untranslated */
  const char * const  *phases;      /* ids, in turn order; NULL-terminated */
  const DwTableStat   *stats;       /* at most DW_TABLE_MAX_STATS; { NULL } ends */
  const DwVerb        *verbs;       /* the game's actions; { NULL } ends */
  gsize                data_size;   /* of DwTableState.data */

  /* Deals the decks, shuffles, draws opening hands and sets counters. */
  gboolean (*setup)    (DwTableState         *state,
                        const DwTableSetup   *setup,
                        GError              **error);
  /* Checks one of the game's actions and applies it to ctx->state, or
   * fails with DW_TABLE_ERROR_REJECTED and the rule it breaks. */
  gboolean (*perform)  (DwTableContext       *ctx,
                        const DwAction       *action,
                        GError              **error);
  /* After every accepted action, manual ones included: what follows by
   * itself (a creature at 0 DEF dies, a region at 0 HP falls). */
  void     (*settle)   (DwTableContext       *ctx);
  /* Adds the game's words about one card (ATK/DEF) to a state listing. */
  void     (*describe_card) (const DwTableState *state,
                             const DwTableCard  *card,
                             GString            *out);
  /* Adds the game's lines (domain points, what this turn has used). */
  void     (*describe) (const DwTableState   *state,
                        GString              *out);

  /* The game's own actions that apply card texts by hand, as the manual
   * actions do, so that the log marks them manual ("adjust"); NULL: none. */
  const char * const  *manual_verbs;
  /* Whether the player may act for the opponent with "as opp ACTION". */
  gboolean             opponent_acts;
  /* The opponent's deck, under the data folder's decks/, when a table is
   * started without one; NULL: the rules do without. */
  const char          *default_opponent;

  /* The words a view uses.  The phases as the player reads them, marked
   * NC_("table phase", …), in the order of phases; NULL: the ids. */
  const char * const  *phase_labels;
  /* The counters to show, in order, with their labels; { NULL } ends;
   * NULL: every counter that is not hidden, labelled by its id. */
  const DwTableCounterInfo *counter_info;
  /* Adds to @out (char *) the actions that a card is most naturally
   * given where it lies, most natural first, as the action language
   * writes them ("play #17 to front"); a view takes the first that the
   * table accepts.  NULL: none. */
  void     (*card_actions) (const DwTableState *state,
                            guint               number,
                            GPtrArray          *out);
  /* Adds to @out (DwCardOffer *) what the card's menu offers where it
   * lies, in the game's words, most used first.  NULL: nothing. */
  void     (*card_offers)  (const DwTableState *state,
                            const DwTableCard  *card,
                            GPtrArray          *out);
  /* Whether a card's menu also offers the moves by hand (mark, unmark,
   * back to the hand), for a game whose card texts the player applies. */
  gboolean             offers_moves_by_hand;
  /* Whether the game's first turn opens with a choice on the opening
   * hand (keep, or a mulligan) that a view shows large. */
  gboolean             opening_hand_choice;
  /* An action to type, as the entry's example, marked N_(): it names no
   * card, so it says nothing whatever the deck hides. */
  const char          *example_action;
  /* The action that would move card @number into @zone, or NULL when no
   * action of the game does. */
  char    *(*zone_action)  (const DwTableState *state,
                            guint               number,
                            guint               zone);
  /* The action that would put card @number on card @target (a spell on a
   * creature), or NULL. */
  char    *(*card_action)  (const DwTableState *state,
                            guint               number,
                            guint               target);
  /* The opening-hand choice, when opening_hand_choice: the action that
   * keeps the hand as dealt, and the mulligan that puts @grave into the
   * grave and keeps @keep, the rest shuffled back.  NULL: none. */
  char    *(*keep_action)     (const DwTableState *state);
  char    *(*mulligan_action) (const DwTableState *state,
                               const guint        *grave,
                               guint               n_grave,
                               const guint        *keep,
                               guint               n_keep);
  /* The phase End Turn steps into first when the turn cannot end at
   * once (a discard phase); NULL: none. */
  const char          *end_phase;
  /* The player's zone (its id in the definition) that a view shows
   * large between the two sides, as the place where the game is fought,
   * rather than in the grid of zones; NULL: none. */
  const char          *duel_zone;
  /* What a view shows of the duel in that place, now.  NULL with no
   * duel_zone. */
  DwDuelWords *(*duel_words) (const DwTableState *state);
  /* What the phase bar offers in the game's words (DwCardOffer *, the
   * labels translated and with mnemonics): in @phases, the buttons that
   * stand where the phases would (a duel's declarations); in @actions,
   * the game's own buttons beside Next Phase, Draw and End Turn.  Taken
   * for the opponent when @for_opponent (the player acting for the
   * goldfish, where opponent_acts allows it).  NULL: the phases, each a
   * button to skip to, and no buttons of the game's own. */
  void     (*bar_offers)   (const DwTableState *state,
                            gboolean            for_opponent,
                            GPtrArray          *phases,
                            GPtrArray          *actions);
};

const DwTableRules *dw_table_rules_lookup     (const char         *id);
const DwTableRules *dw_table_rules_for_game   (const char         *game_id);
const DwTableRules *dw_table_rules_find       (DwLibrary          *library,
                                               const char         *rules_id,
                                               const char         *game_id);
void                dw_table_rules_register   (const DwTableRules *rules);

/* Words of the action language that the rules' messages hold, for the
 * command line; the window's rendering (dw_table_state_render) says
 * them in terms of its buttons and switches instead. */
typedef enum
{
  DW_TABLE_HINT_AS_OPP,          /* with “as opp …” */
  DW_TABLE_HINT_AS_OPP_DECLARE,  /* with “as opp declare …” */
  DW_TABLE_HINT_DECLARE,         /* declare danger|intellect|vitality|karma */
  DW_TABLE_HINT_REACT,           /* trick, champion, ability or pass */
  DW_TABLE_N_HINTS
} DwTableHint;

const char *dw_table_hint_typed (DwTableHint hint);

G_END_DECLS
