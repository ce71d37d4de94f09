/* dw-deck-query.c — the deck library's search language
 *
 * A query is parsed once into a tree whose needles are already folded, so
 * that matching one library entry compares prepared strings and allocates
 * nothing.  card:(…) holds the card query parsed once per game that
 * accepts it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-card.h"
#include "dw-deck-library-private.h"
#include "dw-deck-query.h"
#include "dw-query.h"
#include "dw-span-error.h"

typedef enum
{
  NODE_AND,
  NODE_OR,
  NODE_NOT,
  NODE_WORD,        /* in the name or the notes */
  NODE_TAG,
  NODE_GAME,
  NODE_FORMAT,
  NODE_LEGAL,
  NODE_ILLEGAL,
  NODE_CARD_NAME,   /* card:"Exact Name" */
  NODE_CARD_QUERY,  /* card:(…) */
} NodeKind;

typedef struct _Node Node;

struct _Node
{
  NodeKind    kind;
  Node       *left;        /* AND, OR, NOT */
  Node       *right;       /* AND, OR */
  char       *text;        /* as typed: the word, tag, id, name or card query */
  char       *key;         /* folded needle */
  GHashTable *per_game;    /* CARD_QUERY: game id → DwQuery */
  guint       cost;        /* what asking it of one deck costs, roughly */
  guint       slot;        /* CARD_NAME, CARD_QUERY: its place among the card terms */
};

struct _DwDeckQuery
{
  gatomicrefcount  ref_count;
  Node            *root;   /* NULL: matches every deck */
  DwLibrary       *cards;
  gboolean         has_card_terms;
  guint            n_card_terms;
};

typedef struct
{
  DwLibrary   *cards;
  const char  *text;       /* the whole query */
  const char  *p;          /* the next byte to read */
  guint        depth;
  gboolean     has_card_terms;
  guint        n_card_terms;
} Parser;


static void node_free (Node *node);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Node, node_free)

G_DEFINE_BOXED_TYPE (DwDeckQuery, dw_deck_query, dw_deck_query_ref, dw_deck_query_unref)

/* An extended domain, so that the span travels with the error. */
DW_DEFINE_SPAN_ERROR (DwDeckQueryError, dw_deck_query_error)

static gpointer set_error (Parser           *parser,
                           GError          **error,
                           DwDeckQueryError  code,
                           const char       *start,
                           const char       *end,
                           const char       *format,
                           ...) G_GNUC_PRINTF (6, 7);

/* Always returns NULL, so that a parser function can fail in one line.
 * @start and @end point into the text; the span is in characters. */
static gpointer
set_error (Parser           *parser,
           GError          **error,
           DwDeckQueryError  code,
           const char       *start,
           const char       *end,
           const char       *format,
           ...)
{
  va_list args;

  va_start (args, format);
  dw_deck_query_error_propagate_valist (error, code, (guint) g_utf8_pointer_to_offset (parser->text, start),
                                        (guint) g_utf8_pointer_to_offset (parser->text, end), format, args);
  va_end (args);
  return NULL;
}

static void
node_free (Node *node)
{
  if (node == NULL)
    return;
  node_free (node->left);
  node_free (node->right);
  g_free (node->text);
  g_free (node->key);
  g_clear_pointer (&node->per_game, g_hash_table_unref);
  g_free (node);
}

/* What asking @node of one deck costs, roughly: a game, format or
 * verdict is a comparison, a tag a few, a word a search through the
 * name and notes, a card a walk through the deck's cards.  An AND or an
 * OR asks its cheaper side first (node_matches()): a keystroke asks the
 * query of every deck, and most decks are settled by the cheap side. */
static guint
node_cost (Node *node)
{
  guint cost;

  switch (node->kind)
    {
    case NODE_GAME:
    case NODE_FORMAT:
    case NODE_LEGAL:
    case NODE_ILLEGAL:
      return 1;
    case NODE_TAG:
      return 2;
    case NODE_WORD:
      return 4;
    case NODE_CARD_NAME:
    case NODE_CARD_QUERY:
      return 64;
    default:
      cost = 1;
      if (node->left != NULL)
        cost += node->left->cost;
      if (node->right != NULL)
        cost += node->right->cost;
      return MIN (cost, G_MAXUINT / 4);
    }
}

static Node *
node_new (NodeKind  kind,
          Node     *left,
          Node     *right)
{
  Node *node = g_new0 (Node, 1);

  node->kind = kind;
  node->left = left;
  node->right = right;
  node->cost = node_cost (node);
  return node;
}

/* --- reading ---------------------------------------------------------- */

static void
skip_space (Parser *parser)
{
  while (*parser->p != '\0' && g_unichar_isspace (g_utf8_get_char (parser->p)))
    parser->p = g_utf8_next_char (parser->p);
}

static gboolean
ends_word (const char *p)
{
  return *p == '\0' || *p == '(' || *p == ')' || *p == '"' ||
         g_unichar_isspace (g_utf8_get_char (p));
}

/* A bare run of characters up to a space, a parenthesis, a quote or
 * (when @stop_at_colon) a colon. */
static const char *
scan_word (const char *p,
           gboolean    stop_at_colon)
{
  while (!ends_word (p) && !(stop_at_colon && *p == ':'))
    p = g_utf8_next_char (p);
  return p;
}

/* Reads a quoted phrase at parser->p (a '"'); NULL on error. */
static char *
read_quoted (Parser  *parser,
             GError **error)
{
  const char *open = parser->p;
  const char *close = strchr (open + 1, '"');

  if (close == NULL)
    return set_error (parser, error, DW_DECK_QUERY_ERROR_UNTERMINATED_QUOTE,
                      open, open + strlen (open),
                      _("the quote is never closed; add a \" at the end"));
  parser->p = close + 1;
  if (close == open + 1)
    return set_error (parser, error, DW_DECK_QUERY_ERROR_EMPTY, open, parser->p,
                      _("an empty phrase matches nothing; type something between the quotes"));
  return g_strndup (open + 1, (gsize) (close - open - 1));
}

static gboolean
is_keyword (const char *start,
            const char *end,
            const char *keyword)
{
  gsize length = strlen (keyword);

  return (gsize) (end - start) == length && strncmp (start, keyword, length) == 0;
}

static Node *parse_or (Parser *parser, GError **error);

static void
query_unref_cb (gpointer data)
{
  dw_query_unref (data);
}

/* card:( at @open; reads to the matching ')' (quotes inside are skipped)
 * and parses the card query for every game. */
static Node *
parse_card_query (Parser      *parser,
                  const char  *term_start,
                  GError     **error)
{
  const char *open = parser->p;
  const char *p = open + 1;
  g_autoptr(GError) first_error = NULL;
  g_autoptr(GListModel) games = NULL;
  g_autoptr(Node) node = NULL;
  guint depth = 1;
  guint n_games;

  while (*p != '\0' && depth > 0)
    {
      if (*p == '"')
        {
          const char *close = strchr (p + 1, '"');

          if (close == NULL)
            return set_error (parser, error, DW_DECK_QUERY_ERROR_UNTERMINATED_QUOTE,
                              p, p + strlen (p),
                              _("the quote is never closed; add a \" before the “)”"));
          p = close + 1;
          continue;
        }
      if (*p == '(')
        depth++;
      else if (*p == ')')
        depth--;
      p++;
    }
  if (depth > 0)
    return set_error (parser, error, DW_DECK_QUERY_ERROR_UNBALANCED, open, p,
                      _("the “(” of card:( is never closed; add a “)”"));
  parser->p = p;

  node = node_new (NODE_CARD_QUERY, NULL, NULL);
  node->text = g_strndup (open + 1, (gsize) (p - 1 - (open + 1)));
  {
    g_autofree char *stripped = g_strstrip (g_strdup (node->text));

    if (*stripped == '\0')
      return set_error (parser, error, DW_DECK_QUERY_ERROR_EMPTY, term_start, p,
                        _("card:() needs a card query inside, as in card:(cost<=2)"));
  }

  if (parser->cards == NULL)
    return set_error (parser, error, DW_DECK_QUERY_ERROR_CARD_QUERY, term_start, p,
                      _("card:(…) needs the games' card databases, and none are loaded"));

  node->per_game = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, query_unref_cb);
  games = g_object_ref (dw_library_get_games (parser->cards));
  n_games = g_list_model_get_n_items (games);
  for (guint i = 0; i < n_games; i++)
    {
      g_autoptr(DwGame) game = g_list_model_get_item (games, i);
      g_autoptr(GError) local_error = NULL;
      DwQuery *query = dw_query_parse (game, node->text, &local_error);

      if (query != NULL)
        g_hash_table_insert (node->per_game, g_strdup (dw_game_get_id (game)), query);
      else if (first_error == NULL)
        first_error = g_steal_pointer (&local_error);
    }

  if (g_hash_table_size (node->per_game) == 0)
    {
      guint inner_start = 0, inner_end = 0;
      const char *start = term_start, *end = p;

      if (first_error != NULL && dw_query_error_get_span (first_error, &inner_start, &inner_end))
        {
          start = g_utf8_offset_to_pointer (open + 1, inner_start);
          end = g_utf8_offset_to_pointer (open + 1, inner_end);
        }
      return set_error (parser, error, DW_DECK_QUERY_ERROR_CARD_QUERY, start, end,
                        _("in card:(…): %s"),
                        first_error != NULL ? first_error->message : _("no game is loaded"));
    }

  parser->has_card_terms = TRUE;
  node->slot = parser->n_card_terms++;
  return g_steal_pointer (&node);
}

/* field:value */
static Node *
parse_field (Parser      *parser,
             const char  *start,
             const char  *colon,
             GError     **error)
{
  static const char * const fields[] = { "tag", "game", "format", "is", "card", NULL };
  g_autofree char *field = g_ascii_strdown (start, colon - start);
  g_autofree char *value = NULL;
  const char *value_start = colon + 1;
  g_autoptr(Node) node = NULL;
  gboolean quoted;

  if (!g_strv_contains (fields, field))
    return set_error (parser, error, DW_DECK_QUERY_ERROR_UNKNOWN_FIELD, start, colon,
                      _("no deck field “%s”; use tag:, game:, format:, is: or card:"), field);

  parser->p = value_start;
  quoted = *value_start == '"';
  if (strcmp (field, "card") == 0 && *value_start == '(')
    return parse_card_query (parser, start, error);

  if (quoted)
    {
      value = read_quoted (parser, error);
      if (value == NULL)
        return NULL;
    }
  else
    {
      parser->p = scan_word (value_start, FALSE);
      if (parser->p == value_start)
        return set_error (parser, error, DW_DECK_QUERY_ERROR_MISSING_VALUE, start, parser->p,
                          _("“%s:” needs a value after it"), field);
      value = g_strndup (value_start, (gsize) (parser->p - value_start));
    }

  if (strcmp (field, "is") == 0)
    {
      if (g_ascii_strcasecmp (value, "legal") == 0)
        return node_new (NODE_LEGAL, NULL, NULL);
      if (g_ascii_strcasecmp (value, "illegal") == 0)
        return node_new (NODE_ILLEGAL, NULL, NULL);
      return set_error (parser, error, DW_DECK_QUERY_ERROR_UNKNOWN_VALUE, value_start, parser->p,
                        _("is: takes legal or illegal, not “%s”"), value);
    }

  if (strcmp (field, "tag") == 0)
    node = node_new (NODE_TAG, NULL, NULL);
  else if (strcmp (field, "game") == 0)
    node = node_new (NODE_GAME, NULL, NULL);
  else if (strcmp (field, "format") == 0)
    node = node_new (NODE_FORMAT, NULL, NULL);
  else
    {
      node = node_new (NODE_CARD_NAME, NULL, NULL);
      parser->has_card_terms = TRUE;
      node->slot = parser->n_card_terms++;
    }

  node->text = g_steal_pointer (&value);
  if (node->kind == NODE_CARD_NAME)
    node->key = dw_card_name_key (node->text);
  else if (node->kind == NODE_TAG)
    {
      g_autofree char *trimmed = g_strstrip (g_strdup (node->text));

      node->key = dw_card_fold_text (trimmed);
    }
  else
    node->key = g_ascii_strdown (node->text, -1);
  return g_steal_pointer (&node);
}

static Node *
parse_unary (Parser  *parser,
             GError **error)
{
  const char *start;
  const char *end;

  skip_space (parser);
  start = parser->p;

  if (*start == '\0')
    return NULL;  /* the caller says what is missing */

  /* "-" negates what follows it at once: a word, a field, a phrase or a
   * group ("-(tag:a OR tag:b)", the form the query is written back in). */
  if (*start == '-' && start[1] != '\0' && start[1] != ')' &&
      !g_unichar_isspace (g_utf8_get_char (start + 1)))
    {
      Node *operand;

      parser->p = start + 1;
      if (++parser->depth > DW_DECK_QUERY_MAX_DEPTH)
        return set_error (parser, error, DW_DECK_QUERY_ERROR_TOO_DEEP, start, start + 1,
                          _("the query is nested too deeply"));
      operand = parse_unary (parser, error);
      parser->depth--;
      if (operand == NULL)
        return NULL;
      return node_new (NODE_NOT, operand, NULL);
    }

  if (*start == '-')
    return set_error (parser, error, DW_DECK_QUERY_ERROR_DANGLING_OPERATOR, start, start + 1,
                      _("“-” needs a term right after it, as in -tag:old"));

  if (*start == '(')
    {
      g_autoptr(Node) inner = NULL;

      if (++parser->depth > DW_DECK_QUERY_MAX_DEPTH)
        return set_error (parser, error, DW_DECK_QUERY_ERROR_TOO_DEEP, start, start + 1,
                          _("the query is nested too deeply"));
      parser->p = start + 1;
      inner = parse_or (parser, error);
      parser->depth--;
      if (inner == NULL && error != NULL && *error != NULL)
        return NULL;
      skip_space (parser);
      if (*parser->p != ')')
        return set_error (parser, error, DW_DECK_QUERY_ERROR_UNBALANCED, start, start + 1,
                          _("this “(” is never closed; add a “)”"));
      parser->p++;
      if (inner == NULL)
        return set_error (parser, error, DW_DECK_QUERY_ERROR_EMPTY, start, parser->p,
                          _("empty parentheses match nothing; put a term inside"));
      return g_steal_pointer (&inner);
    }

  if (*start == '"')
    {
      g_autofree char *phrase = read_quoted (parser, error);
      Node *node;

      if (phrase == NULL)
        return NULL;
      node = node_new (NODE_WORD, NULL, NULL);
      node->key = dw_card_fold_text (phrase);
      node->text = g_steal_pointer (&phrase);
      return node;
    }

  if (*start == ')')
    return set_error (parser, error, DW_DECK_QUERY_ERROR_UNBALANCED, start, start + 1,
                      _("this “)” closes nothing; remove it or add a “(” before"));

  end = scan_word (start, TRUE);
  if (*end == ':')
    return parse_field (parser, start, end, error);

  end = scan_word (start, FALSE);
  if (is_keyword (start, end, "NOT"))
    {
      Node *operand;

      parser->p = end;
      if (++parser->depth > DW_DECK_QUERY_MAX_DEPTH)
        return set_error (parser, error, DW_DECK_QUERY_ERROR_TOO_DEEP, start, end,
                          _("the query is nested too deeply"));
      operand = parse_unary (parser, error);
      parser->depth--;
      if (operand == NULL)
        {
          if (error == NULL || *error == NULL)
            set_error (parser, error, DW_DECK_QUERY_ERROR_DANGLING_OPERATOR, start, end,
                       _("NOT needs a term after it"));
          return NULL;
        }
      return node_new (NODE_NOT, operand, NULL);
    }

  {
    g_autofree char *word = g_strndup (start, (gsize) (end - start));
    Node *node = node_new (NODE_WORD, NULL, NULL);

    parser->p = end;
    node->key = dw_card_fold_text (word);
    node->text = g_steal_pointer (&word);
    return node;
  }
}

/* What comes next: an operator keyword (not a term), or nothing. */
static gboolean
at_keyword (Parser     *parser,
            const char *keyword)
{
  const char *end;

  skip_space (parser);
  end = scan_word (parser->p, FALSE);
  return is_keyword (parser->p, end, keyword) && *end != ':';
}

static Node *
parse_and (Parser  *parser,
           GError **error)
{
  g_autoptr(Node) left = NULL;

  for (;;)
    {
      const char *and_start = NULL;
      Node *right;

      skip_space (parser);
      if (*parser->p == '\0' || *parser->p == ')' || at_keyword (parser, "OR"))
        break;
      if (at_keyword (parser, "AND"))
        {
          and_start = parser->p;
          if (left == NULL)
            return set_error (parser, error, DW_DECK_QUERY_ERROR_DANGLING_OPERATOR,
                              and_start, and_start + 3, _("AND needs a term before it"));
          parser->p += 3;
        }

      right = parse_unary (parser, error);
      if (right == NULL)
        {
          if (error != NULL && *error != NULL)
            return NULL;
          if (and_start != NULL)
            return set_error (parser, error, DW_DECK_QUERY_ERROR_DANGLING_OPERATOR,
                              and_start, and_start + 3, _("AND needs a term after it"));
          break;
        }
      left = left == NULL ? right : node_new (NODE_AND, g_steal_pointer (&left), right);
    }
  return g_steal_pointer (&left);
}

static Node *
parse_or (Parser  *parser,
          GError **error)
{
  g_autoptr(Node) left = parse_and (parser, error);

  if (error != NULL && *error != NULL)
    return NULL;

  while (at_keyword (parser, "OR"))
    {
      const char *or_start = parser->p;
      Node *right;

      if (left == NULL)
        return set_error (parser, error, DW_DECK_QUERY_ERROR_DANGLING_OPERATOR,
                          or_start, or_start + 2, _("OR needs a term before it"));
      parser->p += 2;
      right = parse_and (parser, error);
      if (right == NULL)
        {
          if (error == NULL || *error == NULL)
            set_error (parser, error, DW_DECK_QUERY_ERROR_DANGLING_OPERATOR,
                       or_start, or_start + 2, _("OR needs a term after it"));
          return NULL;
        }
      left = node_new (NODE_OR, g_steal_pointer (&left), right);
    }
  return g_steal_pointer (&left);
}

/* --- matching --------------------------------------------------------- */

static gboolean
card_matches (DwDeckQuery        *query,
              Node               *node,
              DwDeckLibraryEntry *entry,
              guint               i)
{
  const DwDeckLibraryCard *cards;
  guint n_cards;

  if (node->kind == NODE_CARD_NAME)
    {
      const char * const *keys = dw_deck_library_entry_get_card_keys (entry);

      return strcmp (keys[i], node->key) == 0;
    }
  else
    {
      const char *game_id = dw_deck_library_entry_get_game_id (entry);
      DwQuery *card_query;
      DwCard *card;

      if (game_id == NULL || query->cards == NULL)
        return FALSE;
      card_query = g_hash_table_lookup (node->per_game, game_id);
      if (card_query == NULL)
        return FALSE;
      cards = dw_deck_library_entry_get_cards (entry, &n_cards);
      card = dw_library_lookup_card (query->cards, game_id, cards[i].id, 0, cards[i].name);
      return card != NULL && dw_query_matches (card_query, card);
    }
}

static gboolean
node_matches (DwDeckQuery        *query,
              Node               *node,
              DwDeckLibraryEntry *entry)
{
  switch (node->kind)
    {
    /* Either side first gives the same answer (asking is all it does):
     * the cheaper goes first. */
    case NODE_AND:
      if (node->right->cost < node->left->cost)
        return node_matches (query, node->right, entry) && node_matches (query, node->left, entry);
      return node_matches (query, node->left, entry) && node_matches (query, node->right, entry);
    case NODE_OR:
      if (node->right->cost < node->left->cost)
        return node_matches (query, node->right, entry) || node_matches (query, node->left, entry);
      return node_matches (query, node->left, entry) || node_matches (query, node->right, entry);
    case NODE_NOT:
      return !node_matches (query, node->left, entry);
    case NODE_WORD:
      return strstr (dw_deck_library_entry_get_text_key (entry), node->key) != NULL;
    case NODE_TAG:
      {
        const char * const *tags = dw_deck_library_entry_get_tag_keys (entry);

        for (guint i = 0; tags[i] != NULL; i++)
          if (strcmp (tags[i], node->key) == 0)
            return TRUE;
        return FALSE;
      }
    case NODE_GAME:
      return g_strcmp0 (dw_deck_library_entry_get_game_id (entry), node->key) == 0;
    case NODE_FORMAT:
      return g_strcmp0 (dw_deck_library_entry_get_format_id (entry), node->key) == 0;
    case NODE_LEGAL:
      return dw_deck_library_entry_get_verdict (entry) == DW_DECK_VERDICT_LEGAL;
    case NODE_ILLEGAL:
      return dw_deck_library_entry_get_verdict (entry) == DW_DECK_VERDICT_ILLEGAL;
    case NODE_CARD_NAME:
    case NODE_CARD_QUERY:
      {
        guint n_cards;

        if (node->kind == NODE_CARD_NAME && !dw_deck_library_entry_may_hold_card_key (entry, node->key))
          return FALSE;
        dw_deck_library_entry_get_cards (entry, &n_cards);
        for (guint i = 0; i < n_cards; i++)
          if (card_matches (query, node, entry, i))
            return TRUE;
        return FALSE;
      }
    default:
      g_assert_not_reached ();
    }
}

static gboolean
any_card_term_matches (DwDeckQuery        *query,
                       Node               *node,
                       DwDeckLibraryEntry *entry,
                       guint               i)
{
  if (node == NULL)
    return FALSE;
  if (node->kind == NODE_CARD_NAME || node->kind == NODE_CARD_QUERY)
    return card_matches (query, node, entry, i);
  /* A card under a NOT is one the player asked not to see. */
  if (node->kind == NODE_NOT)
    return FALSE;
  return any_card_term_matches (query, node->left, entry, i) ||
         any_card_term_matches (query, node->right, entry, i);
}

/* --- matching a whole library ----------------------------------------- */

/* The entries a card term matches, from the library's card index: the
 * entries of every distinct card it matches.  card:"Name" looks its key
 * up; card:(…) asks each distinct card once, where asking each deck
 * asks the same card again for every deck that holds it. */
static GHashTable *
resolve_card_term (DwDeckQuery     *query,
                   Node            *node,
                   DwDeckCardIndex *index)
{
  GHashTable *hits = g_hash_table_new (NULL, NULL);
  GPtrArray *cards;

  if (node->kind == NODE_CARD_NAME)
    cards = dw_deck_card_index_lookup_key (index, node->key);
  else
    cards = query->cards != NULL ? dw_deck_card_index_get_cards (index) : NULL;

  for (guint i = 0; cards != NULL && i < cards->len; i++)
    {
      DwDeckIndexedCard *card = g_ptr_array_index (cards, i);

      if (card->entries->len == 0)
        continue;
      if (node->kind == NODE_CARD_QUERY)
        {
          DwQuery *card_query;
          DwCard *found;

          if (card->game_id == NULL)
            continue;
          card_query = g_hash_table_lookup (node->per_game, card->game_id);
          if (card_query == NULL)
            continue;
          found = dw_library_lookup_card (query->cards, card->game_id, card->id, 0, card->name);
          if (found == NULL || !dw_query_matches (card_query, found))
            continue;
        }
      for (guint e = 0; e < card->entries->len; e++)
        g_hash_table_add (hits, g_ptr_array_index (card->entries, e));
    }
  return hits;
}

static void
resolve_card_terms (DwDeckQuery     *query,
                    Node            *node,
                    DwDeckCardIndex *index,
                    GHashTable     **hits)
{
  if (node == NULL)
    return;
  if (node->kind == NODE_CARD_NAME || node->kind == NODE_CARD_QUERY)
    hits[node->slot] = resolve_card_term (query, node, index);
  resolve_card_terms (query, node->left, index, hits);
  resolve_card_terms (query, node->right, index, hits);
}

/* node_matches() with the card terms already resolved, reading the
 * entry's fields where they are (the entry is the library's, and the
 * caller has checked the library). */
static gboolean
node_matches_resolved (Node                *node,
                       DwDeckLibraryEntry  *entry,
                       GHashTable         **hits)
{
  switch (node->kind)
    {
    case NODE_AND:
      if (node->right->cost < node->left->cost)
        return node_matches_resolved (node->right, entry, hits) && node_matches_resolved (node->left, entry, hits);
      return node_matches_resolved (node->left, entry, hits) && node_matches_resolved (node->right, entry, hits);
    case NODE_OR:
      if (node->right->cost < node->left->cost)
        return node_matches_resolved (node->right, entry, hits) || node_matches_resolved (node->left, entry, hits);
      return node_matches_resolved (node->left, entry, hits) || node_matches_resolved (node->right, entry, hits);
    case NODE_NOT:
      return !node_matches_resolved (node->left, entry, hits);
    case NODE_WORD:
      {
        const char *text = entry->text_key != NULL ? entry->text_key : dw_deck_library_entry_get_text_key (entry);

        return strstr (text, node->key) != NULL;
      }
    case NODE_TAG:
      {
        char **tags = entry->tag_keys;

        if (tags == NULL)
          tags = (char **) dw_deck_library_entry_get_tag_keys (entry);
        for (guint i = 0; tags[i] != NULL; i++)
          if (strcmp (tags[i], node->key) == 0)
            return TRUE;
        return FALSE;
      }
    case NODE_GAME:
      return g_strcmp0 (entry->game_id, node->key) == 0;
    case NODE_FORMAT:
      return g_strcmp0 (entry->format_id, node->key) == 0;
    case NODE_LEGAL:
      return entry->verdict == DW_DECK_VERDICT_LEGAL;
    case NODE_ILLEGAL:
      return entry->verdict == DW_DECK_VERDICT_ILLEGAL;
    case NODE_CARD_NAME:
    case NODE_CARD_QUERY:
      return g_hash_table_contains (hits[node->slot], entry);
    default:
      g_assert_not_reached ();
    }
}

/* --- writing back ----------------------------------------------------- */

static void
append_value (GString    *out,
              const char *value)
{
  const char *end = scan_word (value, TRUE);

  /* Bare only where it reads back as the same word: not empty, not
   * beginning with the "-" that negates, and not an operator. */
  if (*end == '\0' && *value != '\0' && *value != '-' &&
      !is_keyword (value, end, "NOT") && !is_keyword (value, end, "AND") &&
      !is_keyword (value, end, "OR"))
    g_string_append (out, value);
  else
    g_string_append_printf (out, "\"%s\"", value);
}

/* How tightly a node binds when written: OR loosest, then AND, then a
 * negation or a term.  The parser reads chains to the left ("a OR b OR
 * c" is ((a OR b) OR c)), so a child is put in parentheses only when the
 * text would otherwise read back as another tree: an OR under an AND or a
 * "-", an AND under a "-", or a chain of the same operator on the right.
 * Every parenthesis written is one the player wrote (the parser builds
 * those trees from parentheses only), so the normal form is never nested
 * deeper than the query it came from, and always reads back (found by
 * fuzz-deck-query: 64 "-" and two words came back 65 deep). */
enum { BINDS_OR = 1, BINDS_AND, BINDS_TERM };

static int
binds (Node *node)
{
  switch (node->kind)
    {
    case NODE_OR:
      return BINDS_OR;
    case NODE_AND:
      return BINDS_AND;
    default:
      return BINDS_TERM;
    }
}

static void append_node (GString *out,
                         Node    *node);

static void
append_operand (GString *out,
                Node    *node,
                int      at_least)
{
  if (binds (node) < at_least)
    {
      g_string_append_c (out, '(');
      append_node (out, node);
      g_string_append_c (out, ')');
    }
  else
    append_node (out, node);
}

static void
append_node (GString *out,
             Node    *node)
{
  switch (node->kind)
    {
    case NODE_AND:
    case NODE_OR:
      append_operand (out, node->left, binds (node));
      g_string_append (out, node->kind == NODE_AND ? " AND " : " OR ");
      append_operand (out, node->right, binds (node) + 1);
      break;
    case NODE_NOT:
      g_string_append (out, "-");
      append_operand (out, node->left, BINDS_TERM);
      break;
    case NODE_WORD:
      append_value (out, node->key);
      break;
    case NODE_TAG:
      g_string_append (out, "tag:");
      append_value (out, node->key);
      break;
    case NODE_GAME:
      g_string_append (out, "game:");
      append_value (out, node->key);
      break;
    case NODE_FORMAT:
      g_string_append (out, "format:");
      append_value (out, node->key);
      break;
    case NODE_LEGAL:
      g_string_append (out, "is:legal");
      break;
    case NODE_ILLEGAL:
      g_string_append (out, "is:illegal");
      break;
    case NODE_CARD_NAME:
      g_string_append (out, "card:");
      append_value (out, node->key);
      break;
    case NODE_CARD_QUERY:
      g_string_append_printf (out, "card:(%s)", node->text);
      break;
    default:
      g_assert_not_reached ();
    }
}

/* --- public ----------------------------------------------------------- */

/**
 * dw_deck_query_parse:
 * @cards: (nullable): the card library card:(…) is parsed against
 * @text: what the player typed
 *
 * Returns: (transfer full) (nullable): the query, or %NULL with a
 *   #DW_DECK_QUERY_ERROR whose span dw_deck_query_error_get_span() gives
 */
DwDeckQuery *
dw_deck_query_parse (DwLibrary   *cards,
                     const char  *text,
                     GError     **error)
{
  g_autoptr(Node) root = NULL;
  Parser parser = { 0 };
  GError *local_error = NULL;
  DwDeckQuery *query;

  g_return_val_if_fail (cards == NULL || DW_IS_LIBRARY (cards), NULL);
  g_return_val_if_fail (text != NULL, NULL);

  parser.cards = cards;
  parser.text = text;
  parser.p = text;

  if (strlen (text) > DW_DECK_QUERY_MAX_LENGTH)
    {
      g_set_error (error, DW_DECK_QUERY_ERROR, DW_DECK_QUERY_ERROR_INVALID,
                   _("the query is longer than %u bytes; shorten it"),
                   (guint) DW_DECK_QUERY_MAX_LENGTH);
      return NULL;
    }
  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error_literal (error, DW_DECK_QUERY_ERROR, DW_DECK_QUERY_ERROR_INVALID,
                           _("the query is not valid UTF-8 text"));
      return NULL;
    }

  root = parse_or (&parser, &local_error);
  if (local_error == NULL)
    {
      skip_space (&parser);
      if (*parser.p == ')')
        set_error (&parser, &local_error, DW_DECK_QUERY_ERROR_UNBALANCED, parser.p, parser.p + 1,
                   _("this “)” closes nothing; remove it or add a “(” before"));
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }

  query = g_new0 (DwDeckQuery, 1);
  g_atomic_ref_count_init (&query->ref_count);
  query->root = g_steal_pointer (&root);
  query->cards = cards != NULL ? g_object_ref (cards) : NULL;
  query->has_card_terms = parser.has_card_terms;
  query->n_card_terms = parser.n_card_terms;
  return query;
}

DwDeckQuery *
dw_deck_query_ref (DwDeckQuery *query)
{
  g_return_val_if_fail (query != NULL, NULL);
  g_atomic_ref_count_inc (&query->ref_count);
  return query;
}

void
dw_deck_query_unref (DwDeckQuery *query)
{
  g_return_if_fail (query != NULL);
  if (!g_atomic_ref_count_dec (&query->ref_count))
    return;
  node_free (query->root);
  g_clear_object (&query->cards);
  g_free (query);
}

gboolean
dw_deck_query_is_empty (DwDeckQuery *query)
{
  g_return_val_if_fail (query != NULL, TRUE);
  return query->root == NULL;
}

gboolean
dw_deck_query_has_card_terms (DwDeckQuery *query)
{
  g_return_val_if_fail (query != NULL, FALSE);
  return query->has_card_terms;
}

gboolean
dw_deck_query_matches (DwDeckQuery        *query,
                       DwDeckLibraryEntry *entry)
{
  g_return_val_if_fail (query != NULL, FALSE);
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (entry), FALSE);

  if (query->root == NULL)
    return TRUE;
  return node_matches (query, query->root, entry);
}

/**
 * dw_deck_query_match_library:
 * @query: a deck query
 * @library: the deck library to search
 * @n_entries: (out): the number of entries of @library
 *
 * Asks @query of every deck of @library in one call: each card term is
 * answered once from the library's card index (made, or brought up to
 * date, first: dw_deck_library_prepare_search() makes it beforehand),
 * then each deck is asked the rest.  The same answers as
 * dw_deck_query_matches() asked of each entry.
 *
 * Returns: (transfer full) (array length=n_entries): one byte per entry,
 *   in the library's order, 1 where the query matches, else 0
 */
guint8 *
dw_deck_query_match_library (DwDeckQuery   *query,
                             DwDeckLibrary *library,
                             guint         *n_entries)
{
  GPtrArray *entries;
  GHashTable **hits = NULL;
  guint8 *matched;

  g_return_val_if_fail (query != NULL, NULL);
  g_return_val_if_fail (DW_IS_DECK_LIBRARY (library), NULL);
  g_return_val_if_fail (n_entries != NULL, NULL);

  entries = dw_deck_library_get_entries (library);
  *n_entries = entries->len;
  matched = g_malloc0 (MAX (entries->len, 1));
  if (query->root == NULL)
    {
      memset (matched, 1, entries->len);
      return matched;
    }

  if (query->n_card_terms > 0)
    {
      hits = g_new0 (GHashTable *, query->n_card_terms);
      resolve_card_terms (query, query->root, dw_deck_library_get_card_index (library), hits);
    }
  for (guint i = 0; i < entries->len; i++)
    matched[i] = node_matches_resolved (query->root, g_ptr_array_index (entries, i), hits) ? 1 : 0;
  for (guint i = 0; i < query->n_card_terms; i++)
    g_hash_table_unref (hits[i]);
  g_free (hits);
  return matched;
}

GPtrArray *
dw_deck_query_matching_cards (DwDeckQuery        *query,
                              DwDeckLibraryEntry *entry)
{
  GPtrArray *matched = g_ptr_array_new_with_free_func (g_free);
  const DwDeckLibraryCard *cards;
  guint n_cards;

  g_return_val_if_fail (query != NULL, matched);
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (entry), matched);

  if (!query->has_card_terms)
    return matched;

  cards = dw_deck_library_entry_get_cards (entry, &n_cards);
  for (guint i = 0; i < n_cards; i++)
    if (any_card_term_matches (query, query->root, entry, i))
      {
        DwDeckQueryCard *card = g_new (DwDeckQueryCard, 1);

        card->id = cards[i].id;
        card->name = cards[i].name;
        card->count = cards[i].count;
        g_ptr_array_add (matched, card);
      }
  return matched;
}

char *
dw_deck_query_to_string (DwDeckQuery *query)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (query != NULL, NULL);
  if (query->root != NULL)
    append_node (out, query->root);
  return g_string_free (out, FALSE);
}
