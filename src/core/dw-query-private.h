/* dw-query-private.h — what the files of the search language share
 *
 * dw-query-node.c (the tree and the errors) and dw-query-fold.c (case
 * folding) are at the bottom; dw-query-lex.c reads tokens, dw-query-match.c
 * matches and compares trees, dw-query-parse.c builds them, and dw-query.c
 * is the DwQuery of dw-query.h, its printer included.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-card-private.h"
#include "dw-query.h"

G_BEGIN_DECLS

/* Deeper than anyone types; it bounds the recursion of every walk. */
#define MAX_DEPTH 64

/* How many steps dw_query_relation() may take before it gives up and
 * answers DIFFERENT, which is always a safe answer. */
#define RELATION_BUDGET 10000

/* How many of a game's properties an unknown-field error suggests. */
#define N_SUGGESTED 5

#define OPEN_QUOTE  0x201C  /* “ */
#define CLOSE_QUOTE 0x201D  /* ” */

typedef enum
{
  NODE_ALL,        /* the empty query */
  NODE_AND,
  NODE_OR,
  NODE_NOT,
  NODE_NAME,       /* the case-folded name contains the needle */
  NODE_TEXT,       /* a text property contains the needle */
  NODE_ID,         /* the card id starts with the needle */
  NODE_SET,        /* the set id starts with the needle */
  NODE_ENUM,       /* an enum property is one of values */
  NODE_TYPE,       /* the card type is one of values */
  NODE_NUMBER,     /* an int or cost property is a number in [min, max] */
  NODE_COST_TEXT,  /* a cost is exactly the letters of the needle */
} NodeKind;

typedef enum
{
  OP_COLON,
  OP_EQUAL,
  OP_LESS,
  OP_LESS_EQUAL,
  OP_GREATER,
  OP_GREATER_EQUAL,
} Op;

typedef struct _Node Node;

struct _Node
{
  NodeKind      kind;
  const char   *field;     /* interned: a property id, or "type", "id", "set" */
  char         *needle;    /* see dw_query_fold_name() and dw_query_fold_simple() */
  gsize         needle_length;
  gunichar     *chars;     /* NODE_TEXT, NODE_ID, NODE_SET: needle as characters */
  glong         n_chars;
  char         *stops;     /* NODE_TEXT: the bytes that can start a match, see dw_query_stop_bytes() */
  const char  **values;    /* NODE_ENUM: the game's strings; NODE_TYPE: interned ids */
  Op            op;        /* NODE_NUMBER, as typed */
  gint64        number;
  gint64        min;
  gint64        max;
  GPtrArray    *children;  /* NODE_AND, NODE_OR, as typed */
  GPtrArray    *order;     /* NODE_AND, NODE_OR: children, cheapest first */
  Node         *child;     /* NODE_NOT */
};

struct _DwQuery
{
  gatomicrefcount  ref_count;
  DwGame          *game;
  Node            *root;
};

typedef enum
{
  TOKEN_END,
  TOKEN_WORD,
  TOKEN_PHRASE,
  TOKEN_FIELD,
  TOKEN_OPEN,
  TOKEN_CLOSE,
  TOKEN_MINUS,
  TOKEN_NOT,
  TOKEN_AND,
  TOKEN_OR,
} TokenKind;

typedef struct
{
  TokenKind  kind;
  guint      start;        /* characters; end is exclusive */
  guint      end;
  char      *text;         /* WORD, PHRASE: the words; FIELD: the value or NULL */
  char      *field;        /* FIELD: the field as typed */
  Op         op;           /* FIELD */
  guint      op_start;     /* FIELD */
  guint      value_start;  /* FIELD */
  gboolean   attached;     /* MINUS: its operand follows without a space */
} Token;

typedef struct
{
  DwGame      *game;
  const char  *p;          /* the next byte to read */
  guint        pos;        /* characters before p */
  Token        token;      /* the one token of lookahead */
} Parser;

extern const char * const dw_query_op_text[];

/* dw-query-node.c */
gpointer  dw_query_set_error           (GError          **error,
                                        DwQueryError      code,
                                        guint             start,
                                        guint             end,
                                        const char       *format,
                                        ...) G_GNUC_PRINTF (5, 6);
Node     *dw_query_node_new            (NodeKind          kind);
void      dw_query_node_free           (Node             *node);
Node     *dw_query_node_combine        (NodeKind          kind,
                                        Node             *left,
                                        Node             *right);
Node     *dw_query_node_negate         (Node             *operand);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Node, dw_query_node_free)

/* dw-query-fold.c */
char     *dw_query_fold_name           (const char       *text);
char     *dw_query_fold_simple         (const char       *text,
                                        gunichar        **chars,
                                        glong            *n_chars);
char     *dw_query_stop_bytes          (gunichar          first);
gboolean  dw_query_folded_has_prefix   (const char       *haystack,
                                        const gunichar   *needle,
                                        glong             n);
gboolean  dw_query_folded_contains     (const char       *haystack,
                                        const gunichar   *needle,
                                        glong             n,
                                        const char       *stops);

/* dw-query-lex.c */
void      dw_query_token_clear         (Token            *token);
gboolean  dw_query_ends_word           (gunichar          c);
gboolean  dw_query_advance             (Parser           *self,
                                        GError          **error);
gboolean  dw_query_parse_number        (const char       *text,
                                        gint64           *value);

/* dw-query-match.c */
guint     dw_query_cost                (const Node       *node);
void      dw_query_prepare             (Node             *node);
gboolean  dw_query_node_matches        (const Node       *node,
                                        DwCard           *card);
gboolean  dw_query_implies             (const Node       *a,
                                        const Node       *b,
                                        guint            *budget);

/* dw-query-parse.c */
Node     *dw_query_parse_or            (Parser           *self,
                                        guint             depth,
                                        GError          **error);

G_END_DECLS
