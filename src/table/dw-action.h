/* dw-action.h — the action language of the table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dw-table-error.h"

G_BEGIN_DECLS

typedef enum
{
  DW_TOKEN_WORD,    /* a keyword, lower-cased: play, to, front, play-2 */
  DW_TOKEN_NAME,    /* "a quoted name"; text holds it without the quotes */
  DW_TOKEN_NUMBER,  /* #N, a card instance; value holds N */
  DW_TOKEN_INT,     /* 3, +2, -1; value holds it, signed tells whether a sign was written */
} DwTokenKind;

typedef struct
{
  DwTokenKind  kind;
  char        *text;
  gint64       value;
  gboolean     signed_;
} DwToken;

/* One form of an action.  The pattern is words separated by spaces:
 *   play          the literal word
 *   to|on         one of these words
 *   CARD          a card: "Name" or #N;   CARD…  one or more of them
 *   INT           a whole number, with or without a sign
 *   TEXT          a quoted text
 *   [x INT]       an optional group; a run of optional groups may come in
 *                 any order, each at most once
 * A verb may have several forms (entries with the same name); a line is
 * read by the first form it fits. */
typedef struct
{
  const char *name;      /* the first word; NULL ends a table */
  const char *pattern;   /* the whole form, the first word included */
  const char *summary;   /* what it does, for help texts; untranslated */
} DwVerb;

typedef struct
{
  char          *text;     /* the line as written, without comment and outer spaces */
  guint          line;     /* from 1; 0 when the action did not come from a file */
  GArray        *tokens;   /* DwToken, the verb first */
  const DwVerb  *verb;     /* the form it was read by */
  gboolean       for_opponent;  /* written "as opp ACTION": the player acts for
                                   the opponent; the tokens start at ACTION */
} DwAction;

DwAction      *dw_action_parse        (const DwVerb * const *tables,
                                       const char           *text,
                                       guint                 line,
                                       GError              **error);
GPtrArray     *dw_action_parse_script (const DwVerb * const *tables,
                                       const char           *script,
                                       gssize                length,
                                       const char           *display_name,
                                       GError              **error);
void           dw_action_free         (DwAction             *action);

const char    *dw_action_get_verb     (const DwAction       *action);
guint          dw_action_get_n_tokens (const DwAction       *action);
const DwToken *dw_action_get_token    (const DwAction       *action,
                                       guint                 index);
const char    *dw_action_get_word     (const DwAction       *action,
                                       guint                 index);
int            dw_action_find_word    (const DwAction       *action,
                                       const char           *word);
const DwToken *dw_action_after        (const DwAction       *action,
                                       const char           *keyword);
gboolean       dw_action_has_word     (const DwAction       *action,
                                       const char           *word);
gboolean       dw_action_is_for_opponent (const DwAction    *action);

gboolean       dw_token_is_card       (const DwToken        *token);
char          *dw_token_to_string     (const DwToken        *token);

char          *dw_verbs_usage         (const DwVerb * const *tables,
                                       const char           *verb);

/* Writing an action: a view and the rules' own words build one token by
 * token and print it, so that only this file knows how the language is
 * written (a card as #N, a name in quotes, "as opp" in front). */
DwAction      *dw_action_new          (const char           *verb);
void           dw_action_add_word     (DwAction             *action,
                                       const char           *word);
void           dw_action_add_card     (DwAction             *action,
                                       guint                 number);
void           dw_action_add_int      (DwAction             *action,
                                       gint64                value,
                                       gboolean              with_sign);
void           dw_action_set_for_opponent (DwAction         *action,
                                       gboolean              for_opponent);
char          *dw_action_print        (const DwAction       *action);
DwAction      *dw_action_new_card     (const char           *verb,
                                       guint                 number,
                                       const char           *to);
char          *dw_action_print_card   (const char           *verb,
                                       guint                 number);
char          *dw_action_print_card_to (const char          *verb,
                                       guint                 number,
                                       const char           *to);
char          *dw_action_print_word   (const char           *verb,
                                       const char           *word);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwAction, dw_action_free)

G_END_DECLS
