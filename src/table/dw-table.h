/* dw-table.h — a playtest table: a deck, a seed and the actions taken
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-action.h"
#include "dw-library.h"
#include "dw-table-error.h"
#include "dw-table-rules.h"
#include "dw-table-state.h"

G_BEGIN_DECLS

#define DW_TABLE_NS "urn:deckwright:table:1"

/* One accepted action, as the log keeps it. */
typedef struct
{
  char     *text;      /* the action as written; replaying it gives the same table */
  char     *effects;   /* what it did, in words */
  gboolean  manual;    /* applied by hand, not checked by the rules */
  guint     turn;      /* when it was taken */
  guint     phase;
} DwTableLogEntry;

/* A number as a view shows it (dw_table_list_counters()). */
typedef struct
{
  const char *id;        /* "gold"; as "manual counter ID" writes it when settable */
  const char *label;     /* translated: "Gold available" */
  DwSide      side;      /* whose number it is */
  gint64      value;     /* what the rules count: the number to show */
  gint64      raw;       /* the counter's own value, which "manual counter" sets */
  gboolean    settable;  /* a counter of the table, not a number the rules work out */
  char       *detail;    /* translated: how value is made, for a tooltip; or NULL */
} DwTableCounterView;

#define DW_TYPE_TABLE (dw_table_get_type ())
G_DECLARE_FINAL_TYPE (DwTable, dw_table, DW, TABLE, GObject)

DwTable               *dw_table_new             (DwLibrary          *library,
                                                 DwDeck             *deck,
                                                 DwDeck             *opponent,
                                                 guint64             seed,
                                                 GError            **error);
DwTable               *dw_table_new_with_rules  (DwLibrary          *library,
                                                 const DwTableRules *rules,
                                                 DwDeck             *deck,
                                                 DwDeck             *opponent,
                                                 guint64             seed,
                                                 GError            **error);
DwTable               *dw_table_load            (DwLibrary          *library,
                                                 const char         *path,
                                                 GError            **error);
DwTable               *dw_table_load_data       (DwLibrary          *library,
                                                 const char         *data,
                                                 gsize               length,
                                                 const char         *display_name,
                                                 GError            **error);
gboolean               dw_table_save            (DwTable            *self,
                                                 const char         *path,
                                                 GError            **error);
char                  *dw_table_to_string       (DwTable            *self);
gboolean               dw_table_file_is_table   (const char         *path);

const DwTableRules    *dw_table_get_rules       (DwTable            *self);
DwGame                *dw_table_get_game        (DwTable            *self);
DwDeck                *dw_table_get_deck        (DwTable            *self);
DwDeck                *dw_table_get_opponent    (DwTable            *self);
guint64                dw_table_get_seed        (DwTable            *self);
const DwTableState    *dw_table_get_state       (DwTable            *self);
guint                  dw_table_get_turn        (DwTable            *self);
const char            *dw_table_get_phase       (DwTable            *self);
DwTableResult          dw_table_get_result      (DwTable            *self);
gboolean               dw_table_can_undo        (DwTable            *self);
guint                  dw_table_get_n_log       (DwTable            *self);
const DwTableLogEntry *dw_table_get_log_entry   (DwTable            *self,
                                                 guint               index);

const DwVerb * const  *dw_table_get_verbs       (DwTable            *self);
DwAction              *dw_table_parse           (DwTable            *self,
                                                 const char         *text,
                                                 GError            **error);
GPtrArray             *dw_table_parse_script    (DwTable            *self,
                                                 const char         *script,
                                                 gssize              length,
                                                 const char         *display_name,
                                                 GError            **error);

gboolean               dw_table_check           (DwTable            *self,
                                                 const DwAction     *action,
                                                 GError            **error);
gboolean               dw_table_perform         (DwTable            *self,
                                                 const DwAction     *action,
                                                 char              **effects,
                                                 GError            **error);
gboolean               dw_table_perform_text    (DwTable            *self,
                                                 const char         *text,
                                                 char              **effects,
                                                 GError            **error);
gboolean               dw_table_undo            (DwTable            *self,
                                                 char              **undone,
                                                 GError            **error);
char                  *dw_table_describe        (DwTable            *self);

/* The table in the player's words (dw-table-words.c). */
const char            *dw_table_phase_label     (DwTable            *self,
                                                 guint               phase);
char                  *dw_table_zone_label      (DwTable            *self,
                                                 guint               zone);
const char            *dw_table_rules_counter_label (const DwTableRules *rules,
                                                     const char         *id);
GPtrArray             *dw_table_list_counters   (DwTable            *self);
void                   dw_table_counter_view_free (DwTableCounterView *view);
gboolean               dw_table_card_is_visible (DwTable            *self,
                                                 guint               number);
char                  *dw_table_card_public_name (DwTable           *self,
                                                  guint              number);
char                  *dw_table_render_text     (DwTable            *self,
                                                 const char         *text);
char                  *dw_table_render_log_entry (DwTable           *self,
                                                  guint              index);
GPtrArray             *dw_table_card_actions    (DwTable            *self,
                                                 guint               number);
GPtrArray             *dw_table_card_offers     (DwTable            *self,
                                                 guint               number);
char                  *dw_table_card_action_to_zone (DwTable        *self,
                                                     guint           number,
                                                     const char     *zone_id);
char                  *dw_table_card_action_on_card (DwTable        *self,
                                                     guint           number,
                                                     guint           target);
char                  *dw_table_phase_action    (DwTable            *self,
                                                 guint               phase);
char                  *dw_table_end_phase_action (DwTable           *self);
char                  *dw_table_keep_action     (DwTable            *self);
char                  *dw_table_mulligan_action (DwTable            *self,
                                                 const guint        *grave,
                                                 guint               n_grave,
                                                 const guint        *keep,
                                                 guint               n_keep);
int                    dw_table_get_duel_zone   (DwTable            *self);
DwDuelWords           *dw_table_duel_words      (DwTable            *self);
void                   dw_table_bar_offers      (DwTable            *self,
                                                 gboolean            for_opponent,
                                                 GPtrArray          *phases,
                                                 GPtrArray          *actions);

G_END_DECLS
