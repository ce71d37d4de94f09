/* dw-query.h — the card browser's search language
 *
 * A query is parsed once against a game, with every field resolved to
 * the game's property and every needle case-folded, so that matching a
 * card allocates nothing and a search over 100,000 cards stays fast.
 *
 *   thornwood                 the name contains “thornwood”
 *   "thornwood scout"         the name contains the phrase
 *   text:mark                 the rules text contains “mark”
 *   faction:gai               an enum value that is, or starts with, “gai”
 *   atk>=2  cost<=3  hp=10    numbers (= < > <= >=; field:n means field=n)
 *   cost:X                    a cost that is not a number, by its text
 *   -type:region  NOT x       negation
 *   a b  a AND b              both (juxtaposition binds tighter than OR)
 *   a OR b  (a OR b) c        either; parentheses group
 *
 * Only upper-case OR, AND and NOT are keywords, so a card named “or”
 * can still be searched for in lower case.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-card.h"
#include "dw-game.h"

G_BEGIN_DECLS

#define DW_QUERY_ERROR (dw_query_error_quark ())

typedef enum
{
  DW_QUERY_ERROR_INVALID,            /* the text is not UTF-8 */
  DW_QUERY_ERROR_UNKNOWN_FIELD,      /* no such card property, or none before an operator */
  DW_QUERY_ERROR_MISSING_VALUE,      /* “faction:” with nothing after it */
  DW_QUERY_ERROR_BAD_NUMBER,         /* “atk>=two”, or a number out of range */
  DW_QUERY_ERROR_NOT_NUMERIC,        /* “faction<3”: the field is not a number */
  DW_QUERY_ERROR_UNKNOWN_VALUE,      /* an enum value, card type or cost the game lacks */
  DW_QUERY_ERROR_UNBALANCED,         /* a “(” never closed or a “)” never opened */
  DW_QUERY_ERROR_UNTERMINATED_QUOTE,
  DW_QUERY_ERROR_DANGLING_OPERATOR,  /* OR, AND, NOT or “-” without its operand */
  DW_QUERY_ERROR_EMPTY,              /* “()” or “""” */
  DW_QUERY_ERROR_TOO_DEEP,           /* nesting beyond what a person types */
} DwQueryError;

typedef enum
{
  DW_QUERY_SAME,       /* provably the same cards */
  DW_QUERY_NARROWER,   /* after matches a subset of what before matched */
  DW_QUERY_WIDER,      /* after matches a superset of what before matched */
  DW_QUERY_DIFFERENT,  /* anything else, including “cannot tell” */
} DwQueryRelation;

typedef struct _DwQuery DwQuery;

#define DW_TYPE_QUERY (dw_query_get_type ())

GType            dw_query_get_type        (void) G_GNUC_CONST;
GQuark           dw_query_error_quark     (void);

DwQuery         *dw_query_parse           (DwGame        *game,
                                           const char    *text,
                                           GError       **error);
DwQuery         *dw_query_ref             (DwQuery       *query);
void             dw_query_unref           (DwQuery       *query);

gboolean         dw_query_is_empty        (DwQuery       *query);
gboolean         dw_query_matches         (DwQuery       *query,
                                           DwCard        *card);
DwQueryRelation  dw_query_relation        (DwQuery       *before,
                                           DwQuery       *after);
char            *dw_query_to_string       (DwQuery       *query);

/* Where in the text an error of dw_query_parse() is: characters (not
 * bytes) counted from 0, @end exclusive, ready to become a Pango attribute
 * range after g_utf8_offset_to_pointer(); an error past the end of the
 * text (a quote never closed) ends at the text's length.  FALSE when
 * @error is not a DW_QUERY_ERROR with a position (dw-span-error.h). */
gboolean         dw_query_error_get_span  (const GError  *error,
                                           guint         *start,
                                           guint         *end);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwQuery, dw_query_unref)

G_END_DECLS
