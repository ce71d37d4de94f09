/* dw-deck-query.h — the deck library's search language
 *
 *   green wall                the name or the notes contain “green” and “wall”
 *   "green wall"              … the phrase
 *   tag:friends               a tag, whole word, case-insensitive
 *   game:arcmage              the deck's game id
 *   format:arcmage-orc        the deck's format id
 *   is:legal  is:illegal      the verdict (an unreadable deck is neither)
 *   card:"Thornwood Scout"    holds at least one card of exactly that name
 *   card:(faction:gaian cost<=2)
 *                             holds at least one card the card query
 *                             (dw-query.h) matches, in the deck's game
 *   -term  NOT term           negation
 *   a b  a AND b              both (juxtaposition binds tighter than OR)
 *   a OR b  (a OR b) c        either; parentheses group
 *
 * Only upper-case OR, AND and NOT are keywords.  A card query is parsed
 * against every game of the card library; it is an error only when no
 * game accepts it (the error is the first game's, at its place in the
 * whole text).  Matching an entry allocates nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-deck-library.h"
#include "dw-library.h"

G_BEGIN_DECLS

#define DW_DECK_QUERY_ERROR (dw_deck_query_error_quark ())

typedef enum
{
  DW_DECK_QUERY_ERROR_INVALID,            /* the text is not UTF-8, or too long */
  DW_DECK_QUERY_ERROR_UNKNOWN_FIELD,      /* “colour:red”: no such field */
  DW_DECK_QUERY_ERROR_MISSING_VALUE,      /* “tag:” with nothing after it */
  DW_DECK_QUERY_ERROR_UNKNOWN_VALUE,      /* “is:nice” */
  DW_DECK_QUERY_ERROR_UNBALANCED,         /* a “(” never closed or a “)” never opened */
  DW_DECK_QUERY_ERROR_UNTERMINATED_QUOTE,
  DW_DECK_QUERY_ERROR_DANGLING_OPERATOR,  /* OR, AND, NOT or “-” without its operand */
  DW_DECK_QUERY_ERROR_EMPTY,              /* “()”, “""”, “card:()” */
  DW_DECK_QUERY_ERROR_TOO_DEEP,           /* nesting beyond what a person types */
  DW_DECK_QUERY_ERROR_CARD_QUERY,         /* the card query inside card:(…) is wrong */
} DwDeckQueryError;

/* Nesting and length a query may have; above them it is refused. */
#define DW_DECK_QUERY_MAX_DEPTH  64
#define DW_DECK_QUERY_MAX_LENGTH 4096

/* A card of a deck that a card: term matched, with its copies. */
typedef struct
{
  const char *id;
  const char *name;
  guint       count;
} DwDeckQueryCard;

typedef struct _DwDeckQuery DwDeckQuery;

#define DW_TYPE_DECK_QUERY (dw_deck_query_get_type ())

GType        dw_deck_query_get_type        (void) G_GNUC_CONST;
GQuark       dw_deck_query_error_quark     (void);

/* @cards: the games and card databases card:(…) is resolved with; may
 * be NULL when the query has no card:(…) term (card:"Name" needs none).
 * An empty or blank text is the query that matches every deck. */
DwDeckQuery *dw_deck_query_parse           (DwLibrary          *cards,
                                            const char         *text,
                                            GError            **error);
DwDeckQuery *dw_deck_query_ref             (DwDeckQuery        *query);
void         dw_deck_query_unref           (DwDeckQuery        *query);

gboolean     dw_deck_query_is_empty        (DwDeckQuery        *query);
/* Whether a card: term is anywhere in the query. */
gboolean     dw_deck_query_has_card_terms  (DwDeckQuery        *query);
gboolean     dw_deck_query_matches         (DwDeckQuery        *query,
                                            DwDeckLibraryEntry *entry);
/* The query asked of every entry of @library at once: one byte per
 * entry, in the library's order, 1 where it matches (the answers of
 * dw_deck_query_matches()); @n_entries gets their number. */
guint8      *dw_deck_query_match_library   (DwDeckQuery        *query,
                                            DwDeckLibrary      *library,
                                            guint              *n_entries);
/* The entry's cards that any card: term of the query matches (whether
 * or not the whole query matches), in deck order, as DwDeckQueryCard
 * (g_free each; the strings belong to the entry). */
GPtrArray   *dw_deck_query_matching_cards  (DwDeckQuery        *query,
                                            DwDeckLibraryEntry *entry);
/* The query written back in a canonical form (for tests and debugging). */
char        *dw_deck_query_to_string       (DwDeckQuery        *query);

/* The characters that a parse error is about, as dw_query_error_get_span()
 * counts them (characters, not bytes, from 0, @end exclusive); the
 * error's message counts from 1.  FALSE for another error. */
gboolean     dw_deck_query_error_get_span  (const GError       *error,
                                            guint              *start,
                                            guint              *end);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwDeckQuery, dw_deck_query_unref)

G_END_DECLS
