/* dw-query-lex.c — the tokens of the search language
 *
 * Words, phrases in straight or curly quotes, field terms (field, operator,
 * value), parentheses, "-" and the keywords AND, OR and NOT; positions in
 * characters, so that an error can underline its span.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-query-private.h"

const char * const dw_query_op_text[] = { ":", "=", "<", "<=", ">", ">=" };

void
dw_query_token_clear (Token *token)
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

gboolean
dw_query_ends_word (gunichar c)
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
      dw_query_set_error (error, DW_QUERY_ERROR_UNTERMINATED_QUOTE, start, self->pos,
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

  while (!dw_query_ends_word (c = peek (self)))
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
gboolean
dw_query_advance (Parser  *self,
                  GError **error)
{
  Token *token = &self->token;
  gunichar c;

  dw_query_token_clear (token);

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

/* A card's number, when its text is one.  g_ascii_string_to_signed()
 * would do, but it costs more than the rest of a match; the game
 * definition keeps card numbers far from 18 digits. */
gboolean
dw_query_parse_number (const char *text,
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
