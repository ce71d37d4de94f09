/* dw-query.c — parsing and matching the card browser's search language
 *
 * Grammar (EBNF; whitespace separates tokens and is otherwise ignored):
 *
 *   query    = [ or ] ;
 *   or       = and { "OR" and } ;
 *   and      = unary { [ "AND" ] unary } ;            juxtaposition is AND
 *   unary    = ( "-" | "NOT" ) unary | primary ;       "-" touches its operand
 *   primary  = "(" or ")" | term ;
 *   term     = word | phrase | field op value ;        no space around op
 *   op       = ":" | "=" | "<" | "<=" | ">" | ">=" ;
 *   value    = word | phrase ;
 *   phrase   = '"' { any but '"' } '"' | '“' { any but '”' } '”' ;
 *   word     = a run of characters other than space, "(", ")" and an
 *              opening quote, that is not one of the keywords OR, AND, NOT ;
 *   field    = a property id or display name, or name, type, id, set,
 *              compared without regard to case.
 *
 * A word or phrase alone matches the name.  The tree is flattened (nested
 * ANDs and ORs merged, double negations removed) so that comparing two
 * queries and printing one deal with a single shape.
 *
 * Positions are counted in characters, not bytes, so that the search
 * entry can underline the part of the text an error is about.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-card-private.h"
#include "dw-query.h"

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
  char         *needle;    /* see fold_name() and fold_simple() */
  gsize         needle_length;
  gunichar     *chars;     /* NODE_TEXT, NODE_ID, NODE_SET: needle as characters */
  glong         n_chars;
  char         *stops;     /* NODE_TEXT: the bytes that can start a match, see stop_bytes() */
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

typedef struct
{
  gboolean  has_span;
  guint     start;
  guint     end;
} DwQueryErrorPrivate;

static void node_free (Node *node);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Node, node_free)

G_DEFINE_BOXED_TYPE (DwQuery, dw_query, dw_query_ref, dw_query_unref)

static const char * const op_text[] = { ":", "=", "<", "<=", ">", ">=" };

static void
dw_query_error_private_init (DwQueryErrorPrivate *priv)
{
  priv->has_span = FALSE;
  priv->start = 0;
  priv->end = 0;
}

static void
dw_query_error_private_copy (const DwQueryErrorPrivate *src,
                             DwQueryErrorPrivate       *dest)
{
  *dest = *src;
}

static void
dw_query_error_private_clear (DwQueryErrorPrivate *priv)
{
}

/* An extended domain, so that the span travels with the error through
 * g_propagate_error() and g_error_copy() without a side channel. */
G_DEFINE_EXTENDED_ERROR (DwQueryError, dw_query_error)

static gpointer set_error (GError       **error,
                           DwQueryError   code,
                           guint          start,
                           guint          end,
                           const char    *format,
                           ...) G_GNUC_PRINTF (5, 6);

/* Always returns NULL, so that a parser function can fail in one line. */
static gpointer
set_error (GError       **error,
           DwQueryError   code,
           guint          start,
           guint          end,
           const char    *format,
           ...)
{
  g_autofree char *message = NULL;
  GError *local_error;
  DwQueryErrorPrivate *priv;
  va_list args;

  if (error == NULL)
    return NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  local_error = g_error_new_literal (DW_QUERY_ERROR, code, message);
  priv = dw_query_error_get_private (local_error);
  priv->has_span = TRUE;
  priv->start = start;
  priv->end = end;
  g_propagate_error (error, local_error);
  return NULL;
}

/* Case folding, two ways.  Names are matched against the card's name key
 * (dw_card_name_key(), through dw_card_fold_text(): NFKC, then full case
 * folding, settled), so name needles get exactly the same treatment.  Other text is folded a character at a time
 * on the card's side too, which needs no allocation while matching; it
 * misses the few foldings that change length (ß and ss). */

static char *
fold_name (const char *text)
{
  return dw_card_fold_text (text);
}

static inline gunichar
ascii_lower (gunichar c)
{
  return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

static inline gunichar
fold_char (gunichar c)
{
  if (c < 0x80)
    return ascii_lower (c);
  return g_unichar_tolower (g_unichar_toupper (c));
}

/* Reads the character at *p, folded, and steps past it.  Most card text
 * is ASCII, which takes no decoding. */
static inline gunichar
read_folded (const char **p)
{
  guchar byte = (guchar) **p;
  gunichar c;

  if (byte < 0x80)
    {
      (*p)++;
      return ascii_lower (byte);
    }

  c = g_utf8_get_char (*p);
  *p = g_utf8_next_char (*p);
  return fold_char (c);
}

static char *
fold_simple (const char  *text,
             gunichar   **chars,
             glong       *n_chars)
{
  g_autofree char *normal = g_utf8_normalize (text, -1, G_NORMALIZE_DEFAULT_COMPOSE);
  GString *folded = g_string_new (NULL);
  glong n = 0;

  *chars = g_new (gunichar, g_utf8_strlen (normal, -1) + 1);
  for (const char *p = normal; *p; p = g_utf8_next_char (p))
    {
      gunichar c = fold_char (g_utf8_get_char (p));

      (*chars)[n++] = c;
      g_string_append_unichar (folded, c);
    }
  (*chars)[n] = 0;
  *n_chars = n;
  return g_string_free (folded, FALSE);
}

static gboolean
folded_has_prefix (const char     *haystack,
                   const gunichar *needle,
                   glong           n)
{
  const char *p = haystack;

  for (glong i = 0; i < n; i++)
    if (*p == '\0' || read_folded (&p) != needle[i])
      return FALSE;
  return TRUE;
}

typedef struct
{
  gunichar folded;
  gunichar c;
} Folding;

/* Every character that folds to another one.  Computed once: a few
 * thousand pairs, and no character beyond U+1FFFF has a case. */
static GArray *
foldings (void)
{
  static GArray *table;

  if (g_once_init_enter (&table))
    {
      GArray *array = g_array_new (FALSE, FALSE, sizeof (Folding));

      for (gunichar c = 0x80; c < 0x20000; c++)
        {
          Folding folding = { fold_char (c), c };

          if (folding.folded != c)
            g_array_append_val (array, folding);
        }
      g_once_init_leave (&table, array);
    }
  return table;
}

static void
add_lead_byte (GString  *bytes,
               gunichar  c)
{
  char utf8[6];

  g_unichar_to_utf8 (c, utf8);
  if (strchr (bytes->str, utf8[0]) == NULL)
    g_string_append_c (bytes, utf8[0]);
}

/* The first bytes of every character that folds to @first: the only
 * places in a card's text where a match can begin.  strcspn() finds them
 * many times faster than decoding each character. */
static char *
stop_bytes (gunichar first)
{
  GString *bytes = g_string_new (NULL);
  GArray *table = foldings ();

  add_lead_byte (bytes, first);
  if (first < 0x80)
    add_lead_byte (bytes, g_ascii_toupper (first));
  for (guint i = 0; i < table->len; i++)
    if (g_array_index (table, Folding, i).folded == first)
      add_lead_byte (bytes, g_array_index (table, Folding, i).c);
  return g_string_free (bytes, FALSE);
}

static gboolean
folded_contains (const char     *haystack,
                 const gunichar *needle,
                 glong           n,
                 const char     *stops)
{
  const char *p = haystack;

  if (n == 0)
    return TRUE;

  /* Stops are ASCII or lead bytes, so p always lands on a character. */
  for (p += strcspn (p, stops); *p; p += strcspn (p, stops))
    {
      if (folded_has_prefix (p, needle, n))
        return TRUE;
      p = g_utf8_next_char (p);
    }
  return FALSE;
}

/* Whether @haystack holds the @length bytes of @needle.  A name is a few
 * dozen bytes, too short for strstr()'s setup to pay off: finding the
 * first byte and comparing the rest is several times faster there. */
static inline gboolean
contains (const char *haystack,
          const char *needle,
          gsize       length)
{
  if (length == 0)
    return TRUE;
  for (const char *p = haystack; (p = strchr (p, needle[0])) != NULL; p++)
    if (length == 1 || (p[1] == needle[1] && strncmp (p + 2, needle + 2, length - 2) == 0))
      return TRUE;
  return FALSE;
}

/* A card's number, when its text is one.  g_ascii_string_to_signed()
 * would do, but it costs more than the rest of a match; the game
 * definition keeps card numbers far from 18 digits. */
static gboolean
parse_number (const char *text,
              gint64     *value)
{
  gboolean negative = *text == '-';
  gint64 n = 0;
  guint digits = 0;

  if (*text == '-' || *text == '+')
    text++;
  for (; *text >= '0' && *text <= '9'; text++)
    {
      if (++digits > 18)
        return FALSE;
      n = n * 10 + (*text - '0');
    }
  if (digits == 0 || *text != '\0')
    return FALSE;

  *value = negative ? -n : n;
  return TRUE;
}

static Node *
node_new (NodeKind kind)
{
  Node *node = g_new0 (Node, 1);

  node->kind = kind;
  if (kind == NODE_AND || kind == NODE_OR)
    node->children = g_ptr_array_new_with_free_func ((GDestroyNotify) node_free);
  return node;
}

static void
node_free (Node *node)
{
  if (node == NULL)
    return;
  g_free (node->needle);
  g_free (node->chars);
  g_free (node->stops);
  g_free (node->values);
  g_clear_pointer (&node->order, g_ptr_array_unref);
  g_clear_pointer (&node->children, g_ptr_array_unref);
  g_clear_pointer (&node->child, node_free);
  g_free (node);
}

/* Joins two operands of AND or OR, merging nested ones of the same kind
 * so that “a b c” is one AND of three, however it was grouped. */
static Node *
combine (NodeKind  kind,
         Node     *left,
         Node     *right)
{
  Node *node;

  if (left->kind == kind)
    node = left;
  else
    {
      node = node_new (kind);
      g_ptr_array_add (node->children, left);
    }

  if (right->kind == kind)
    {
      g_ptr_array_extend_and_steal (node->children, g_steal_pointer (&right->children));
      node_free (right);
    }
  else
    g_ptr_array_add (node->children, right);

  return node;
}

static Node *
negate (Node *operand)
{
  Node *node;

  if (operand->kind == NODE_NOT)
    {
      node = g_steal_pointer (&operand->child);
      node_free (operand);
      return node;
    }

  node = node_new (NODE_NOT);
  node->child = operand;
  return node;
}

/* Tokenizer */

static void
token_clear (Token *token)
{
  g_clear_pointer (&token->text, g_free);
  g_clear_pointer (&token->field, g_free);
  memset (token, 0, sizeof *token);
}

static gunichar
peek (Parser *self)
{
  return *self->p ? g_utf8_get_char (self->p) : 0;
}

static void
skip (Parser *self)
{
  self->p = g_utf8_next_char (self->p);
  self->pos++;
}

static gboolean
is_open_quote (gunichar c)
{
  return c == '"' || c == OPEN_QUOTE;
}

static gboolean
ends_word (gunichar c)
{
  return c == 0 || g_unichar_isspace (c) || c == '(' || c == ')' || is_open_quote (c);
}

static gboolean
lex_phrase (Parser  *self,
            char   **text,
            GError **error)
{
  guint start = self->pos;
  gunichar close = peek (self) == OPEN_QUOTE ? CLOSE_QUOTE : '"';
  const char *begin;
  gunichar c;

  skip (self);
  begin = self->p;
  while ((c = peek (self)) != 0 && c != close)
    skip (self);

  if (c == 0)
    {
      set_error (error, DW_QUERY_ERROR_UNTERMINATED_QUOTE, start, self->pos,
                 _("the quote at %u is never closed"), start + 1);
      return FALSE;
    }

  *text = g_strndup (begin, self->p - begin);
  skip (self);
  return TRUE;
}

static gboolean
lex_word (Parser  *self,
          Token   *token,
          GError **error)
{
  const char *begin = self->p;
  const char *op_at = NULL;
  const char *value_at = NULL;
  gunichar c;

  while (!ends_word (c = peek (self)))
    {
      /* The first operator splits field from value; later ones belong to
       * the value, so text:a:b looks for “a:b”. */
      if (op_at == NULL && (c == ':' || c == '=' || c == '<' || c == '>'))
        {
          op_at = self->p;
          token->op_start = self->pos;
          token->op = c == ':' ? OP_COLON : c == '=' ? OP_EQUAL : c == '<' ? OP_LESS : OP_GREATER;
          skip (self);
          if ((c == '<' || c == '>') && peek (self) == '=')
            {
              token->op = c == '<' ? OP_LESS_EQUAL : OP_GREATER_EQUAL;
              skip (self);
            }
          value_at = self->p;
          token->value_start = self->pos;
          continue;
        }
      skip (self);
    }

  if (op_at == NULL)
    {
      token->text = g_strndup (begin, self->p - begin);
      if (strcmp (token->text, "OR") == 0)
        token->kind = TOKEN_OR;
      else if (strcmp (token->text, "AND") == 0)
        token->kind = TOKEN_AND;
      else if (strcmp (token->text, "NOT") == 0)
        token->kind = TOKEN_NOT;
      else
        token->kind = TOKEN_WORD;
      return TRUE;
    }

  token->kind = TOKEN_FIELD;
  token->field = g_strndup (begin, op_at - begin);
  if (self->p > value_at)
    token->text = g_strndup (value_at, self->p - value_at);
  else if (is_open_quote (peek (self)))
    return lex_phrase (self, &token->text, error);
  return TRUE;
}

/* Reads the next token into self->token. */
static gboolean
advance (Parser  *self,
         GError **error)
{
  Token *token = &self->token;
  gunichar c;

  token_clear (token);

  while (g_unichar_isspace (peek (self)))
    skip (self);

  token->start = self->pos;
  c = peek (self);

  if (c == 0)
    token->kind = TOKEN_END;
  else if (c == '(' || c == ')')
    {
      token->kind = c == '(' ? TOKEN_OPEN : TOKEN_CLOSE;
      skip (self);
    }
  else if (is_open_quote (c))
    {
      token->kind = TOKEN_PHRASE;
      if (!lex_phrase (self, &token->text, error))
        return FALSE;
    }
  else if (c == '-')
    {
      token->kind = TOKEN_MINUS;
      skip (self);
      c = peek (self);
      token->attached = !(c == 0 || g_unichar_isspace (c) || c == ')');
    }
  else if (!lex_word (self, token, error))
    return FALSE;

  token->end = self->pos;
  return TRUE;
}

/* Fields */

typedef enum
{
  FIELD_NAME,
  FIELD_TYPE,
  FIELD_ID,
  FIELD_SET,
  FIELD_PROPERTY,
} FieldKind;

static const char * const builtin_fields[] = { "name", "type", "id", "set" };

/* The word a player would type for a property: its display name when
 * that is one word (“atk” for ATK), else its id. */
static char *
property_alias (const DwPropertyDef *def)
{
  const char *name = def->name;

  for (const char *p = name; *p; p = g_utf8_next_char (p))
    if (g_unichar_isspace (g_utf8_get_char (p)))
      return g_strdup (def->id);
  return g_utf8_casefold (name, -1);
}

static gboolean
resolve_field (DwGame               *game,
               const char           *typed,
               FieldKind            *kind,
               const DwPropertyDef **def)
{
  g_autofree char *folded = g_utf8_casefold (typed, -1);
  guint n = dw_game_get_n_properties (game);

  *def = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (builtin_fields); i++)
    if (strcmp (folded, builtin_fields[i]) == 0)
      {
        *kind = (FieldKind) i;
        return TRUE;
      }

  /* Ids first, so that a display name can never hide another property's id. */
  *kind = FIELD_PROPERTY;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *id = g_utf8_casefold (dw_game_get_property (game, i)->id, -1);

      if (strcmp (folded, id) == 0)
        {
          *def = dw_game_get_property (game, i);
          return TRUE;
        }
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_utf8_casefold (dw_game_get_property (game, i)->name, -1);

      if (strcmp (folded, name) == 0)
        {
          *def = dw_game_get_property (game, i);
          return TRUE;
        }
    }
  return FALSE;
}

static guint
edit_distance (const char *a,
               const char *b)
{
  g_autofree gunichar *s = g_utf8_to_ucs4_fast (a, -1, NULL);
  g_autofree gunichar *t = g_utf8_to_ucs4_fast (b, -1, NULL);
  g_autofree guint *row = NULL;
  guint m = 0;
  guint n = 0;

  while (s[m] && m < 64)
    m++;
  while (t[n] && n < 64)
    n++;

  row = g_new (guint, n + 1);
  for (guint j = 0; j <= n; j++)
    row[j] = j;
  for (guint i = 1; i <= m; i++)
    {
      guint diagonal = row[0];

      row[0] = i;
      for (guint j = 1; j <= n; j++)
        {
          guint above = row[j];

          row[j] = MIN (MIN (row[j] + 1, row[j - 1] + 1), diagonal + (s[i - 1] != t[j - 1]));
          diagonal = above;
        }
    }
  return row[n];
}

/* The field the player most likely meant: a near miss (“atack”) or the
 * start of one (“fac”), or NULL when nothing is close. */
static char *
suggest_field (DwGame     *game,
               const char *typed)
{
  g_autofree char *folded = g_utf8_casefold (typed, -1);
  g_autoptr(GPtrArray) candidates = g_ptr_array_new_with_free_func (g_free);
  guint length = g_utf8_strlen (folded, -1);
  guint allowed = length <= 4 ? 1 : 2;
  const char *best = NULL;
  guint best_score = G_MAXUINT;

  for (guint i = 0; i < G_N_ELEMENTS (builtin_fields); i++)
    g_ptr_array_add (candidates, g_strdup (builtin_fields[i]));
  for (guint i = 0; i < dw_game_get_n_properties (game); i++)
    {
      const DwPropertyDef *def = dw_game_get_property (game, i);

      g_ptr_array_add (candidates, g_utf8_casefold (def->id, -1));
      g_ptr_array_add (candidates, property_alias (def));
    }

  for (guint i = 0; i < candidates->len; i++)
    {
      const char *candidate = g_ptr_array_index (candidates, i);
      guint score = edit_distance (folded, candidate);

      if (length >= 2 && g_str_has_prefix (candidate, folded))
        score = MIN (score, 1);
      if (score <= allowed && score < best_score)
        {
          best = candidate;
          best_score = score;
        }
    }

  return g_strdup (best);
}

static gpointer
unknown_field (Parser  *self,
               GError **error)
{
  Token *token = &self->token;
  g_autofree char *suggestion = suggest_field (self->game, token->field);
  g_autoptr(GString) some = g_string_new (NULL);
  guint n = dw_game_get_n_properties (self->game);
  guint listed = 0;
  gboolean more = FALSE;

  if (suggestion != NULL)
    return set_error (error, DW_QUERY_ERROR_UNKNOWN_FIELD, token->start, token->op_start,
                      _("no card property “%s”; did you mean “%s”?"), token->field, suggestion);

  for (guint i = 0; i < n; i++)
    {
      const DwPropertyDef *def = dw_game_get_property (self->game, i);
      g_autofree char *alias = NULL;

      if (def->kind == DW_PROPERTY_ELEMENT)
        continue;
      if (listed == N_SUGGESTED)
        {
          more = TRUE;
          break;
        }
      alias = property_alias (def);
      g_string_append_printf (some, "%s%s", listed ? ", " : "", alias);
      listed++;
    }
  if (more)
    g_string_append (some, "…");

  return set_error (error, DW_QUERY_ERROR_UNKNOWN_FIELD, token->start, token->op_start,
                    _("no card property “%s” in %s; try %s"),
                    token->field, dw_game_get_name (self->game), some->str);
}

static Node *
text_node (NodeKind    kind,
           const char *field,
           const char *value)
{
  Node *node = node_new (kind);

  node->field = field;
  node->needle = fold_simple (value, &node->chars, &node->n_chars);
  if (kind == NODE_TEXT && node->n_chars > 0)
    node->stops = stop_bytes (node->chars[0]);
  return node;
}

static Node *
name_node (const char *value)
{
  Node *node = node_new (NODE_NAME);

  node->needle = fold_name (value);
  node->needle_length = strlen (node->needle);
  return node;
}

static Node *
enum_node (Parser              *self,
           const DwPropertyDef *def,
           GError             **error)
{
  Token *token = &self->token;
  g_autoptr(Node) node = node_new (NODE_ENUM);
  g_autoptr(GPtrArray) values = g_ptr_array_new ();

  node->field = def->id;
  node->needle = fold_name (token->text);
  for (guint i = 0; def->values && def->values[i]; i++)
    {
      g_autofree char *value = fold_name (def->values[i]);

      if (g_str_has_prefix (value, node->needle))
        g_ptr_array_add (values, def->values[i]);
    }

  if (values->len == 0)
    {
      g_autofree char *allowed = def->values ? g_strjoinv (", ", def->values) : g_strdup ("");

      return set_error (error, DW_QUERY_ERROR_UNKNOWN_VALUE, token->value_start, token->end,
                        _("%s has no value “%s”; try %s"), def->name, token->text, allowed);
    }

  g_ptr_array_add (values, NULL);
  node->values = (const char **) g_ptr_array_steal (values, NULL);
  return g_steal_pointer (&node);
}

static Node *
type_node (Parser  *self,
           GError **error)
{
  Token *token = &self->token;
  g_autoptr(Node) node = node_new (NODE_TYPE);
  g_autoptr(GPtrArray) values = g_ptr_array_new ();
  guint n = dw_game_get_n_types (self->game);

  node->field = g_intern_static_string ("type");
  node->needle = fold_name (token->text);
  for (guint i = 0; i < n; i++)
    {
      const DwCardTypeDef *def = dw_game_get_card_type_def (self->game, i);
      g_autofree char *id = fold_name (def->id);
      g_autofree char *name = fold_name (def->name);

      if (g_str_has_prefix (id, node->needle) || g_str_has_prefix (name, node->needle))
        g_ptr_array_add (values, (gpointer) def->id);
    }

  if (values->len == 0)
    {
      g_autoptr(GString) allowed = g_string_new (NULL);

      for (guint i = 0; i < n; i++)
        g_string_append_printf (allowed, "%s%s", i ? ", " : "",
                                dw_game_get_card_type_def (self->game, i)->name);
      return set_error (error, DW_QUERY_ERROR_UNKNOWN_VALUE, token->value_start, token->end,
                        _("no card type “%s” in %s; try %s"),
                        token->text, dw_game_get_name (self->game), allowed->str);
    }

  g_ptr_array_add (values, NULL);
  node->values = (const char **) g_ptr_array_steal (values, NULL);
  return g_steal_pointer (&node);
}

/* A number term: field=n (or field:n) and the four comparisons, kept as
 * the closed range of values they accept so that comparing two queries is
 * comparing ranges.  Numbers are those of a card (32 bits), so the range
 * ends never overflow. */
static Node *
number_node (Parser              *self,
             const DwPropertyDef *def,
             gint64               number)
{
  Node *node = node_new (NODE_NUMBER);

  node->field = def->id;
  node->op = self->token.op == OP_COLON ? OP_EQUAL : self->token.op;
  node->number = number;
  node->min = G_MININT64;
  node->max = G_MAXINT64;
  switch (node->op)
    {
    case OP_LESS:
      node->max = number - 1;
      break;
    case OP_LESS_EQUAL:
      node->max = number;
      break;
    case OP_GREATER:
      node->min = number + 1;
      break;
    case OP_GREATER_EQUAL:
      node->min = number;
      break;
    case OP_COLON:
    case OP_EQUAL:
    default:
      node->min = node->max = number;
      break;
    }
  return node;
}

/* A cost that is not a number (X, X+1, T-2, S), matched by its text. */
static Node *
cost_text_node (Parser              *self,
                const DwPropertyDef *def,
                GError             **error)
{
  Token *token = &self->token;
  g_autofree char *upper = g_ascii_strup (token->text, -1);
  g_autofree char *reason = NULL;
  Node *node;

  if (!dw_property_def_check (def, upper, &reason))
    return set_error (error, DW_QUERY_ERROR_UNKNOWN_VALUE, token->value_start, token->end,
                      _("%s must be a number, X, X+n, T, T-n or S, not “%s”"),
                      def->name, token->text);

  node = node_new (NODE_COST_TEXT);
  node->field = def->id;
  node->needle = g_steal_pointer (&upper);
  return node;
}

static Node *
parse_field (Parser  *self,
             GError **error)
{
  Token *token = &self->token;
  const char *op = op_text[token->op];
  const DwPropertyDef *def = NULL;
  g_autoptr(GError) number_error = NULL;
  FieldKind kind;
  gboolean numeric;
  gint64 number;

  if (*token->field == '\0')
    return set_error (error, DW_QUERY_ERROR_UNKNOWN_FIELD, token->op_start, token->value_start,
                      _("“%s” needs a card property before it, as in “cost%s3”"), op, op);

  if (!resolve_field (self->game, token->field, &kind, &def))
    return unknown_field (self, error);

  if (token->text == NULL || *token->text == '\0')
    return set_error (error, DW_QUERY_ERROR_MISSING_VALUE, token->start, token->end,
                      _("“%s%s” needs a value after it"), token->field, op);

  numeric = def != NULL && (def->kind == DW_PROPERTY_INT || def->kind == DW_PROPERTY_COST);
  if (token->op != OP_COLON && !numeric)
    {
      g_autofree char *field = g_utf8_casefold (token->field, -1);

      return set_error (error, DW_QUERY_ERROR_NOT_NUMERIC, token->op_start, token->value_start,
                        _("%s is not a number, so “%s” cannot compare it; search it with %s:…"),
                        def ? def->name : token->field, op, field);
    }

  switch (kind)
    {
    case FIELD_NAME:
      return name_node (token->text);
    case FIELD_TYPE:
      return type_node (self, error);
    case FIELD_ID:
      return text_node (NODE_ID, g_intern_static_string ("id"), token->text);
    case FIELD_SET:
      return text_node (NODE_SET, g_intern_static_string ("set"), token->text);
    case FIELD_PROPERTY:
    default:
      break;
    }

  switch (def->kind)
    {
    case DW_PROPERTY_ENUM:
      return enum_node (self, def, error);

    case DW_PROPERTY_INT:
    case DW_PROPERTY_COST:
      if (g_ascii_string_to_signed (token->text, 10, G_MININT32, G_MAXINT32, &number, &number_error))
        return number_node (self, def, number);

      if (g_error_matches (number_error, G_NUMBER_PARSER_ERROR, G_NUMBER_PARSER_ERROR_OUT_OF_BOUNDS))
        return set_error (error, DW_QUERY_ERROR_BAD_NUMBER, token->value_start, token->end,
                          _("“%s” is too large a number for %s"), token->text, def->name);
      /* cost:X is the one way to find the costs that are not numbers. */
      if (def->kind == DW_PROPERTY_COST && (token->op == OP_COLON || token->op == OP_EQUAL))
        return cost_text_node (self, def, error);
      return set_error (error, DW_QUERY_ERROR_BAD_NUMBER, token->value_start, token->end,
                        _("“%s%s” needs a whole number, not “%s”"), token->field, op, token->text);

    case DW_PROPERTY_TEXT:
    case DW_PROPERTY_ELEMENT:
    default:
      return text_node (NODE_TEXT, def->id, token->text);
    }
}

/* Parser */

static gboolean
starts_operand (TokenKind kind)
{
  return kind == TOKEN_WORD || kind == TOKEN_PHRASE || kind == TOKEN_FIELD ||
         kind == TOKEN_OPEN || kind == TOKEN_MINUS || kind == TOKEN_NOT;
}

static gpointer
dangling (TokenKind   kind,
          guint       start,
          guint       end,
          GError    **error)
{
  switch (kind)
    {
    case TOKEN_OR:
      return set_error (error, DW_QUERY_ERROR_DANGLING_OPERATOR, start, end,
                        _("“OR” needs a search on each side"));
    case TOKEN_AND:
      return set_error (error, DW_QUERY_ERROR_DANGLING_OPERATOR, start, end,
                        _("“AND” needs a search on each side"));
    case TOKEN_NOT:
      return set_error (error, DW_QUERY_ERROR_DANGLING_OPERATOR, start, end,
                        _("“NOT” needs a search after it"));
    case TOKEN_MINUS:
      return set_error (error, DW_QUERY_ERROR_DANGLING_OPERATOR, start, end,
                        _("“-” needs a search right after it, as in “-type:region”"));
    case TOKEN_END:
    case TOKEN_WORD:
    case TOKEN_PHRASE:
    case TOKEN_FIELD:
    case TOKEN_OPEN:
    case TOKEN_CLOSE:
    default:
      return set_error (error, DW_QUERY_ERROR_EMPTY, start, end, _("nothing to search for"));
    }
}

static Node *parse_or (Parser  *self,
                       guint    depth,
                       GError **error);

static Node *
parse_primary (Parser  *self,
               guint    depth,
               GError **error)
{
  Token *token = &self->token;
  g_autoptr(Node) node = NULL;
  guint start = token->start;
  guint end = token->end;

  switch (token->kind)
    {
    case TOKEN_OPEN:
      if (depth >= MAX_DEPTH)
        return set_error (error, DW_QUERY_ERROR_TOO_DEEP, start, end,
                          _("the search nests too deeply at %u"), start + 1);
      if (!advance (self, error))
        return NULL;
      if (token->kind == TOKEN_CLOSE)
        return set_error (error, DW_QUERY_ERROR_EMPTY, start, token->end,
                          _("the parentheses at %u hold nothing to search for"), start + 1);
      if (token->kind != TOKEN_END)
        {
          node = parse_or (self, depth + 1, error);
          if (node == NULL)
            return NULL;
        }
      /* parse_or() stops only at “)” or at the end. */
      if (token->kind != TOKEN_CLOSE)
        return set_error (error, DW_QUERY_ERROR_UNBALANCED, start, end,
                          _("“(” at %u is never closed"), start + 1);
      break;

    case TOKEN_WORD:
      node = name_node (token->text);
      break;

    case TOKEN_PHRASE:
      if (*token->text == '\0')
        return set_error (error, DW_QUERY_ERROR_EMPTY, start, end,
                          _("the quotes at %u hold nothing to search for"), start + 1);
      node = name_node (token->text);
      break;

    case TOKEN_FIELD:
      node = parse_field (self, error);
      if (node == NULL)
        return NULL;
      break;

    case TOKEN_CLOSE:
      return set_error (error, DW_QUERY_ERROR_UNBALANCED, start, end,
                        _("“)” at %u has no “(” to close"), start + 1);

    case TOKEN_END:
    case TOKEN_MINUS:
    case TOKEN_NOT:
    case TOKEN_AND:
    case TOKEN_OR:
    default:
      return dangling (token->kind, start, end, error);
    }

  if (!advance (self, error))
    return NULL;
  return g_steal_pointer (&node);
}

static Node *
parse_unary (Parser  *self,
             guint    depth,
             GError **error)
{
  Token *token = &self->token;
  TokenKind kind = token->kind;
  guint start = token->start;
  guint end = token->end;
  Node *operand;

  if (kind != TOKEN_MINUS && kind != TOKEN_NOT)
    return parse_primary (self, depth, error);

  if (depth >= MAX_DEPTH)
    return set_error (error, DW_QUERY_ERROR_TOO_DEEP, start, end,
                      _("the search nests too deeply at %u"), start + 1);
  /* “- a” is more likely a stray dash than a negation. */
  if (kind == TOKEN_MINUS && !token->attached)
    return dangling (kind, start, end, error);
  if (!advance (self, error))
    return NULL;
  if (!starts_operand (token->kind))
    return dangling (kind, start, end, error);

  operand = parse_unary (self, depth + 1, error);
  return operand ? negate (operand) : NULL;
}

static Node *
parse_and (Parser  *self,
           guint    depth,
           GError **error)
{
  Token *token = &self->token;
  g_autoptr(Node) node = parse_unary (self, depth, error);

  if (node == NULL)
    return NULL;

  for (;;)
    {
      Node *right;

      if (token->kind == TOKEN_AND)
        {
          guint start = token->start;
          guint end = token->end;

          if (!advance (self, error))
            return NULL;
          if (!starts_operand (token->kind))
            return dangling (TOKEN_AND, start, end, error);
        }
      else if (!starts_operand (token->kind))
        break;

      right = parse_unary (self, depth, error);
      if (right == NULL)
        return NULL;
      node = combine (NODE_AND, g_steal_pointer (&node), right);
    }

  return g_steal_pointer (&node);
}

static Node *
parse_or (Parser  *self,
          guint    depth,
          GError **error)
{
  Token *token = &self->token;
  g_autoptr(Node) node = parse_and (self, depth, error);

  if (node == NULL)
    return NULL;

  while (token->kind == TOKEN_OR)
    {
      guint start = token->start;
      guint end = token->end;
      Node *right;

      if (!advance (self, error))
        return NULL;
      if (!starts_operand (token->kind))
        return dangling (TOKEN_OR, start, end, error);

      right = parse_and (self, depth, error);
      if (right == NULL)
        return NULL;
      node = combine (NODE_OR, g_steal_pointer (&node), right);
    }

  return g_steal_pointer (&node);
}

/* Evaluation order.  AND and OR stop at the first child that decides,
 * so the cheap ones go first: the card type is in the card itself, the
 * name one pointer away, a property a walk over the card's fields and a
 * text search a scan of it.  Results do not depend on the order. */
static guint
cost (const Node *node)
{
  guint most = 0;

  switch (node->kind)
    {
    case NODE_ALL:
    case NODE_TYPE:
      return 0;
    case NODE_NAME:
    case NODE_ID:
    case NODE_SET:
      return 1;
    case NODE_ENUM:
    case NODE_NUMBER:
    case NODE_COST_TEXT:
      return 2;
    case NODE_TEXT:
      return 3;
    case NODE_NOT:
      return cost (node->child);
    case NODE_AND:
    case NODE_OR:
    default:
      for (guint i = 0; i < node->children->len; i++)
        most = MAX (most, cost (g_ptr_array_index (node->children, i)));
      return most + 1;
    }
}

static int
compare_cost (gconstpointer a,
              gconstpointer b)
{
  guint cost_a = cost (*(Node * const *) a);
  guint cost_b = cost (*(Node * const *) b);

  return cost_a < cost_b ? -1 : cost_a > cost_b;
}

static void
prepare (Node *node)
{
  if (node->kind == NODE_NOT)
    prepare (node->child);
  if (node->kind != NODE_AND && node->kind != NODE_OR)
    return;

  for (guint i = 0; i < node->children->len; i++)
    prepare (g_ptr_array_index (node->children, i));
  node->order = g_ptr_array_copy (node->children, NULL, NULL);
  g_ptr_array_set_free_func (node->order, NULL);  /* children owns them */
  /* Stable, so equal costs keep the order the player typed. */
  g_ptr_array_sort (node->order, compare_cost);
}

/* Matching: no allocation, since the card list calls this for every card
 * on every keystroke. */

/* The text of the card's first element for the property.  Comparing
 * interned pointers spares dw_card_get_value()'s string interning. */
static const char *
card_value (DwCard     *card,
            const char *field)
{
  guint n;
  const DwCardField *fields = dw_card_peek_fields (card, &n);

  for (guint i = 0; i < n; i++)
    if (fields[i].name == field)
      return fields[i].value;
  return NULL;
}

static gboolean
node_matches (const Node *node,
              DwCard     *card)
{
  const char *value;
  gint64 number;

  switch (node->kind)
    {
    case NODE_ALL:
      return TRUE;

    case NODE_AND:
      for (guint i = 0; i < node->order->len; i++)
        if (!node_matches (g_ptr_array_index (node->order, i), card))
          return FALSE;
      return TRUE;

    case NODE_OR:
      for (guint i = 0; i < node->order->len; i++)
        if (node_matches (g_ptr_array_index (node->order, i), card))
          return TRUE;
      return FALSE;

    case NODE_NOT:
      return !node_matches (node->child, card);

    case NODE_NAME:
      return contains (dw_card_peek_name_key (card), node->needle, node->needle_length);

    case NODE_TEXT:
      value = card_value (card, node->field);
      return value != NULL && folded_contains (value, node->chars, node->n_chars, node->stops);

    case NODE_ID:
      return folded_has_prefix (dw_card_peek_id (card), node->chars, node->n_chars);

    case NODE_SET:
      value = dw_card_peek_set_id (card);
      return value != NULL && folded_has_prefix (value, node->chars, node->n_chars);

    case NODE_ENUM:
      value = card_value (card, node->field);
      for (guint i = 0; value != NULL && node->values[i]; i++)
        if (strcmp (value, node->values[i]) == 0)
          return TRUE;
      return FALSE;

    case NODE_TYPE:
      value = dw_card_peek_card_type (card);
      for (guint i = 0; node->values[i]; i++)
        if (value == node->values[i])
          return TRUE;
      return FALSE;

    case NODE_NUMBER:
      /* X, T-1 and the like are not numbers and never compare. */
      value = card_value (card, node->field);
      return value != NULL && parse_number (value, &number) &&
             number >= node->min && number <= node->max;

    case NODE_COST_TEXT:
      return g_strcmp0 (card_value (card, node->field), node->needle) == 0;

    default:
      g_return_val_if_reached (FALSE);
    }
}

/* Comparing: whether every card @a matches is matched by @b.  It answers
 * TRUE only when that is certain, and FALSE when it is not or cannot tell,
 * so the filter is never told a search narrowed when it did not. */

static gboolean
values_subset (const char * const *a,
               const char * const *b)
{
  for (guint i = 0; a[i]; i++)
    {
      gboolean found = FALSE;

      for (guint j = 0; b[j] && !found; j++)
        found = a[i] == b[j];
      if (!found)
        return FALSE;
    }
  return TRUE;
}

static gboolean
term_implies (const Node *a,
              const Node *b)
{
  if (a->kind != b->kind || a->field != b->field)
    return FALSE;

  switch (a->kind)
    {
    case NODE_NAME:
    case NODE_TEXT:
      /* Whatever contains “thornw” contains “thorn”. */
      return strstr (a->needle, b->needle) != NULL;
    case NODE_ID:
    case NODE_SET:
      return g_str_has_prefix (a->needle, b->needle);
    case NODE_ENUM:
    case NODE_TYPE:
      return values_subset (a->values, b->values);
    case NODE_NUMBER:
      return b->min <= a->min && a->max <= b->max;
    case NODE_COST_TEXT:
      return strcmp (a->needle, b->needle) == 0;
    case NODE_ALL:
    case NODE_AND:
    case NODE_OR:
    case NODE_NOT:
    default:
      return FALSE;
    }
}

static gboolean
implies (const Node *a,
         const Node *b,
         guint      *budget)
{
  if (*budget == 0)
    return FALSE;
  (*budget)--;

  if (b->kind == NODE_ALL)
    return TRUE;

  /* These two are exact: a union is inside b when each part is, and a is
   * inside an intersection when it is inside each part. */
  if (a->kind == NODE_OR)
    {
      for (guint i = 0; i < a->children->len; i++)
        if (!implies (g_ptr_array_index (a->children, i), b, budget))
          return FALSE;
      return TRUE;
    }
  if (b->kind == NODE_AND)
    {
      for (guint i = 0; i < b->children->len; i++)
        if (!implies (a, g_ptr_array_index (b->children, i), budget))
          return FALSE;
      return TRUE;
    }

  /* These two are sufficient but not necessary. */
  if (b->kind == NODE_OR)
    for (guint i = 0; i < b->children->len; i++)
      if (implies (a, g_ptr_array_index (b->children, i), budget))
        return TRUE;
  if (a->kind == NODE_AND)
    for (guint i = 0; i < a->children->len; i++)
      if (implies (g_ptr_array_index (a->children, i), b, budget))
        return TRUE;
  if (a->kind == NODE_AND || b->kind == NODE_OR)
    return FALSE;

  if (a->kind == NODE_NOT && b->kind == NODE_NOT)
    return implies (b->child, a->child, budget);
  if (a->kind == NODE_NOT || b->kind == NODE_NOT || a->kind == NODE_ALL)
    return FALSE;

  return term_implies (a, b);
}

/* Printing */

static gboolean
needs_quotes (const char *text)
{
  if (*text == '\0' || *text == '-' ||
      strcmp (text, "OR") == 0 || strcmp (text, "AND") == 0 || strcmp (text, "NOT") == 0)
    return TRUE;

  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (ends_word (c) || c == CLOSE_QUOTE || c == ':' || c == '=' || c == '<' || c == '>')
        return TRUE;
    }
  return FALSE;
}

static void
append_text (GString    *out,
             const char *text)
{
  if (!needs_quotes (text))
    g_string_append (out, text);
  else if (strchr (text, '"') == NULL)
    g_string_append_printf (out, "\"%s\"", text);
  else
    g_string_append_printf (out, "“%s”", text);
}

static void
append_node (GString    *out,
             const Node *node)
{
  switch (node->kind)
    {
    case NODE_ALL:
      break;

    case NODE_AND:
    case NODE_OR:
      for (guint i = 0; i < node->children->len; i++)
        {
          const Node *child = g_ptr_array_index (node->children, i);
          gboolean group = node->kind == NODE_AND && child->kind == NODE_OR;

          if (i > 0)
            g_string_append (out, node->kind == NODE_AND ? " " : " OR ");
          if (group)
            g_string_append_c (out, '(');
          append_node (out, child);
          if (group)
            g_string_append_c (out, ')');
        }
      break;

    case NODE_NOT:
      g_string_append_c (out, '-');
      if (node->child->kind == NODE_AND || node->child->kind == NODE_OR)
        {
          g_string_append_c (out, '(');
          append_node (out, node->child);
          g_string_append_c (out, ')');
        }
      else
        append_node (out, node->child);
      break;

    case NODE_NAME:
      append_text (out, node->needle);
      break;

    case NODE_NUMBER:
      g_string_append_printf (out, "%s%s%" G_GINT64_FORMAT, node->field, op_text[node->op], node->number);
      break;

    case NODE_TEXT:
    case NODE_ID:
    case NODE_SET:
    case NODE_ENUM:
    case NODE_TYPE:
    case NODE_COST_TEXT:
    default:
      g_string_append_printf (out, "%s:", node->field);
      append_text (out, node->needle);
      break;
    }
}

/* Public API */

/**
 * dw_query_parse:
 * @game: the game whose properties the fields name
 * @text: what the player typed
 * @error: return location for a #DW_QUERY_ERROR
 *
 * Parses a search.  An empty or blank @text gives the empty query, which
 * matches every card.  On failure the error's message says what is wrong
 * in a player's words, with positions counted from 1, and
 * dw_query_error_get_span() gives the offending characters.
 *
 * Returns: (transfer full) (nullable): the query, or %NULL on error
 */
DwQuery *
dw_query_parse (DwGame      *game,
                const char  *text,
                GError     **error)
{
  g_autoptr(Node) root = NULL;
  Parser parser = { 0 };
  const char *invalid;
  DwQuery *query;

  g_return_val_if_fail (DW_IS_GAME (game), NULL);
  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_utf8_validate (text, -1, &invalid))
    {
      guint at = (guint) g_utf8_strlen (text, invalid - text);

      return set_error (error, DW_QUERY_ERROR_INVALID, at, at + 1,
                        _("the search is not valid text at %u"), at + 1);
    }

  parser.game = game;
  parser.p = text;

  if (!advance (&parser, error))
    goto out;

  if (parser.token.kind == TOKEN_END)
    root = node_new (NODE_ALL);
  else
    {
      root = parse_or (&parser, 0, error);
      if (root == NULL)
        goto out;
      /* parse_or() stops only at the end or at a “)” nothing opened. */
      if (parser.token.kind != TOKEN_END)
        {
          set_error (error, DW_QUERY_ERROR_UNBALANCED, parser.token.start, parser.token.end,
                     _("“)” at %u has no “(” to close"), parser.token.start + 1);
          g_clear_pointer (&root, node_free);
        }
    }

out:
  token_clear (&parser.token);
  if (root == NULL)
    return NULL;

  prepare (root);
  query = g_new0 (DwQuery, 1);
  g_atomic_ref_count_init (&query->ref_count);
  query->game = g_object_ref (game);
  query->root = g_steal_pointer (&root);
  return query;
}

DwQuery *
dw_query_ref (DwQuery *query)
{
  g_return_val_if_fail (query != NULL, NULL);

  g_atomic_ref_count_inc (&query->ref_count);
  return query;
}

void
dw_query_unref (DwQuery *query)
{
  g_return_if_fail (query != NULL);

  if (g_atomic_ref_count_dec (&query->ref_count))
    {
      node_free (query->root);
      g_object_unref (query->game);
      g_free (query);
    }
}

/* Whether the query matches every card: blank text, nothing else. */
gboolean
dw_query_is_empty (DwQuery *query)
{
  g_return_val_if_fail (query != NULL, TRUE);

  return query->root->kind == NODE_ALL;
}

/**
 * dw_query_matches:
 *
 * Whether @card is one the query asks for.  It allocates nothing, and a
 * query never changes once parsed, so one may be matched from several
 * threads at once.
 */
gboolean
dw_query_matches (DwQuery *query,
                  DwCard  *card)
{
  g_return_val_if_fail (query != NULL, FALSE);
  g_return_val_if_fail (DW_IS_CARD (card), FALSE);

  return node_matches (query->root, card);
}

/**
 * dw_query_relation:
 *
 * How the cards @after matches relate to those @before matched, so that
 * a filter can tell its list model a search got more or less strict.
 * NARROWER and WIDER are claimed only when they are certain; SAME means
 * the two match the same cards whatever the database (as “faction:gai”
 * and “faction:gaian” do), even when their texts differ.  Queries of
 * different games are DIFFERENT unless both are empty.
 */
DwQueryRelation
dw_query_relation (DwQuery *before,
                   DwQuery *after)
{
  guint budget = RELATION_BUDGET;
  gboolean narrower;
  gboolean wider;

  g_return_val_if_fail (before != NULL, DW_QUERY_DIFFERENT);
  g_return_val_if_fail (after != NULL, DW_QUERY_DIFFERENT);

  if (dw_query_is_empty (before) && dw_query_is_empty (after))
    return DW_QUERY_SAME;
  if (before->game != after->game)
    return DW_QUERY_DIFFERENT;

  narrower = implies (after->root, before->root, &budget);
  wider = implies (before->root, after->root, &budget);

  if (narrower && wider)
    return DW_QUERY_SAME;
  if (narrower)
    return DW_QUERY_NARROWER;
  if (wider)
    return DW_QUERY_WIDER;
  return DW_QUERY_DIFFERENT;
}

/**
 * dw_query_to_string:
 *
 * The query in a normal form: names and values case-folded, fields by
 * their property id (“atk>=2” is “attack>=2”), “field:n” as “field=n”,
 * AND as a space, only the parentheses OR needs inside AND or NOT.
 * Parsing it gives the same query.
 *
 * Returns: (transfer full): the text; empty for the empty query
 */
char *
dw_query_to_string (DwQuery *query)
{
  GString *out;

  g_return_val_if_fail (query != NULL, NULL);

  out = g_string_new (NULL);
  append_node (out, query->root);
  return g_string_free (out, FALSE);
}

/**
 * dw_query_error_get_span:
 * @error: an error from dw_query_parse()
 * @start: (out) (optional): the first character of the offending part
 * @end: (out) (optional): the character after it
 *
 * Where in the text the error is: characters (not bytes), counted from 0,
 * @end exclusive, ready to become a Pango attribute range after
 * g_utf8_offset_to_pointer().  An error past the end of the text (a quote
 * never closed) ends at the text's length.
 *
 * Returns: %FALSE when @error is not a #DW_QUERY_ERROR with a position
 */
gboolean
dw_query_error_get_span (const GError *error,
                         guint        *start,
                         guint        *end)
{
  const DwQueryErrorPrivate *priv;

  if (error == NULL || error->domain != DW_QUERY_ERROR)
    return FALSE;

  priv = dw_query_error_get_private (error);
  if (!priv->has_span)
    return FALSE;

  if (start != NULL)
    *start = priv->start;
  if (end != NULL)
    *end = priv->end;
  return TRUE;
}
