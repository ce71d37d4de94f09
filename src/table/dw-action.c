/* dw-action.c — reading and writing the action language
 *
 * One action a line; "#" starts a comment (but "#12" is card number 12);
 * a card is "Its Name" (straight or curly quotes) or #N.  Every verb and
 * its forms come from tables of DwVerb, the machinery's own (undo, state,
 * manual …) and the game's, so the command line, the GUI and saved tables
 * all speak exactly one language, and a line that does not fit any form
 * is refused before anything is played.  Any action may be prefixed
 * with "as opp", the player acting for the opponent.  An action is
 * written the same way back (dw_action_new() and dw_action_print()):
 * whoever offers an action builds it from its parts here rather than
 * composing the text by hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-action.h"

G_DEFINE_QUARK (dw-table-error-quark, dw_table_error)

typedef enum
{
  EL_LITERAL,
  EL_CARD,
  EL_CARDS,
  EL_INT,
  EL_TEXT,
  EL_WORD,
} ElementKind;

typedef struct
{
  ElementKind   kind;
  char        **choices;  /* EL_LITERAL */
  int           group;    /* -1 when required */
} Element;

#define LEFT_QUOTE  "\xe2\x80\x9c"  /* “ */
#define RIGHT_QUOTE "\xe2\x80\x9d"  /* ” */

static void
clear_token (DwToken *token)
{
  g_free (token->text);
}

static void
clear_element (Element *element)
{
  g_strfreev (element->choices);
}

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static gboolean
parse_int (const char *word,
           DwToken    *token)
{
  const char *digits = word;

  if (*digits == '+' || *digits == '-')
    digits++;
  if (*digits == '\0')
    return FALSE;
  for (const char *p = digits; *p; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  if (!g_ascii_string_to_signed (word[0] == '+' ? word + 1 : word, 10, -1000000, 1000000,
                                 &token->value, NULL))
    return FALSE;
  token->signed_ = digits != word;
  return TRUE;
}

/* Splits @text into tokens; sets *@end to where a comment starts, if any. */
static gboolean
tokenize (const char  *text,
          GArray      *tokens,
          const char **end,
          GError     **error)
{
  const char *p = text;

  while (*p)
    {
      DwToken token = { 0 };

      if (is_space (*p))
        {
          p++;
          continue;
        }

      if (*p == '#' && !g_ascii_isdigit (p[1]))
        break;

      if (*p == '#')
        {
          const char *start = ++p;
          g_autofree char *digits = NULL;
          guint64 number;

          while (g_ascii_isdigit (*p))
            p++;
          digits = g_strndup (start, p - start);
          if (*p && !is_space (*p) && *p != '"')
            {
              g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX,
                           _("“#%s%c” is not a card number; write a card as #N or as “Its Name”"),
                           digits, *p);
              return FALSE;
            }
          if (!g_ascii_string_to_unsigned (digits, 10, 1, G_MAXUINT32, &number, NULL))
            {
              g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX,
                           _("“#%s” is not a card number; cards are numbered from #1"), digits);
              return FALSE;
            }
          token.kind = DW_TOKEN_NUMBER;
          token.value = (gint64) number;
          token.text = g_strdup_printf ("#%s", digits);
          g_array_append_val (tokens, token);
          continue;
        }

      if (*p == '"' || g_str_has_prefix (p, LEFT_QUOTE))
        {
          gboolean curly = *p != '"';
          g_autoptr(GString) name = g_string_new (NULL);
          glong column = g_utf8_pointer_to_offset (text, p) + 1;

          p += curly ? strlen (LEFT_QUOTE) : 1;
          for (;;)
            {
              if (*p == '\0')
                {
                  g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX,
                               _("the quote opened at column %ld is never closed"), column);
                  return FALSE;
                }
              if (!curly && *p == '"')
                {
                  p++;
                  break;
                }
              if (curly && g_str_has_prefix (p, RIGHT_QUOTE))
                {
                  p += strlen (RIGHT_QUOTE);
                  break;
                }
              if (!curly && *p == '\\' && (p[1] == '"' || p[1] == '\\'))
                p++;
              g_string_append_c (name, *p);
              p++;
            }
          token.kind = DW_TOKEN_NAME;
          token.text = g_strstrip (g_string_free (g_steal_pointer (&name), FALSE));
          g_array_append_val (tokens, token);
          continue;
        }

      {
        const char *start = p;
        g_autofree char *word = NULL;

        while (*p && !is_space (*p) && *p != '"' && !g_str_has_prefix (p, LEFT_QUOTE))
          p++;
        word = g_strndup (start, p - start);
        if (parse_int (word, &token))
          {
            token.kind = DW_TOKEN_INT;
            token.text = g_steal_pointer (&word);
          }
        else
          {
            token.kind = DW_TOKEN_WORD;
            token.text = g_ascii_strdown (word, -1);
          }
        g_array_append_val (tokens, token);
      }
    }

  *end = p;
  return TRUE;
}

/* Patterns */

static GArray *
parse_pattern (const char *pattern)
{
  g_auto(GStrv) words = g_strsplit (pattern, " ", -1);
  GArray *elements = g_array_new (FALSE, TRUE, sizeof (Element));
  int group = -1;
  int n_groups = 0;

  g_array_set_clear_func (elements, (GDestroyNotify) clear_element);

  for (guint i = 0; words[i]; i++)
    {
      g_autofree char *word = g_strdup (words[i]);
      char *w = word;
      gboolean closes = FALSE;
      Element element = { 0 };
      gsize len;

      if (*w == '\0')
        continue;
      if (*w == '[')
        {
          group = n_groups++;
          w++;
        }
      len = strlen (w);
      if (len > 0 && w[len - 1] == ']')
        {
          w[len - 1] = '\0';
          closes = TRUE;
        }

      element.group = group;
      if (strcmp (w, "CARD") == 0)
        element.kind = EL_CARD;
      else if (strcmp (w, "CARD…") == 0 || strcmp (w, "CARD...") == 0)
        element.kind = EL_CARDS;
      else if (strcmp (w, "INT") == 0)
        element.kind = EL_INT;
      else if (strcmp (w, "TEXT") == 0)
        element.kind = EL_TEXT;
      else if (strcmp (w, "WORD") == 0)
        element.kind = EL_WORD;
      else
        {
          element.kind = EL_LITERAL;
          element.choices = g_strsplit (w, "|", -1);
        }
      g_array_append_val (elements, element);

      if (closes)
        group = -1;
    }

  return elements;
}

static char *
describe_element (const Element *element)
{
  switch (element->kind)
    {
    case EL_CARD:
    case EL_CARDS:
      return g_strdup (_("a card (“Its Name” or #N)"));
    case EL_INT:
      return g_strdup (_("a number"));
    case EL_TEXT:
      return g_strdup (_("a quoted text"));
    case EL_WORD:
      return g_strdup (_("a word"));
    case EL_LITERAL:
    default:
      if (element->choices[1] == NULL)
        return g_strdup_printf ("“%s”", element->choices[0]);
      {
        g_autofree char *list = g_strjoinv (", ", element->choices);
        return g_strdup_printf (_("one of %s"), list);
      }
    }
}

static gboolean
element_accepts (const Element *element,
                 const DwToken *token)
{
  switch (element->kind)
    {
    case EL_CARD:
    case EL_CARDS:
      return dw_token_is_card (token);
    case EL_INT:
      return token->kind == DW_TOKEN_INT;
    case EL_TEXT:
      return token->kind == DW_TOKEN_NAME;
    case EL_WORD:
      return token->kind == DW_TOKEN_WORD;
    case EL_LITERAL:
    default:
      return token->kind == DW_TOKEN_WORD &&
             g_strv_contains ((const char * const *) element->choices, token->text);
    }
}

/* Matches one element at *@pos; on failure says why in @problem. */
static gboolean
match_element (const Element *element,
               GArray        *tokens,
               guint         *pos,
               char         **problem)
{
  g_autofree char *wanted = NULL;

  if (*pos < tokens->len && element_accepts (element, &g_array_index (tokens, DwToken, *pos)))
    {
      (*pos)++;
      if (element->kind == EL_CARDS)
        while (*pos < tokens->len && dw_token_is_card (&g_array_index (tokens, DwToken, *pos)))
          (*pos)++;
      return TRUE;
    }

  wanted = describe_element (element);
  if (*pos >= tokens->len)
    *problem = g_strdup_printf (_("%s is missing at the end"), wanted);
  else
    {
      g_autofree char *found = dw_token_to_string (&g_array_index (tokens, DwToken, *pos));
      *problem = g_strdup_printf (_("%s is not expected here; %s is"), found, wanted);
    }
  return FALSE;
}

/* TRUE when @tokens fit @pattern; else FALSE with the reason and how far
 * the line fitted. */
static gboolean
match_pattern (const char  *pattern,
               GArray      *tokens,
               guint       *reached,
               char       **problem)
{
  g_autoptr(GArray) elements = parse_pattern (pattern);
  guint pos = 0;
  guint i = 0;

  while (i < elements->len)
    {
      Element *element = &g_array_index (elements, Element, i);
      guint run_end = i;
      g_autoptr(GArray) starts = NULL;
      g_autofree gboolean *used = NULL;

      if (element->group < 0)
        {
          if (!match_element (element, tokens, &pos, problem))
            {
              *reached = pos;
              return FALSE;
            }
          i++;
          continue;
        }

      /* A run of optional groups: any order, each at most once. */
      starts = g_array_new (FALSE, FALSE, sizeof (guint));
      while (run_end < elements->len && g_array_index (elements, Element, run_end).group >= 0)
        {
          if (run_end == i ||
              g_array_index (elements, Element, run_end).group !=
              g_array_index (elements, Element, run_end - 1).group)
            g_array_append_val (starts, run_end);
          run_end++;
        }
      used = g_new0 (gboolean, starts->len);

      for (;;)
        {
          gboolean found = FALSE;

          for (guint g = 0; g < starts->len && pos < tokens->len; g++)
            {
              guint start = g_array_index (starts, guint, g);
              guint stop = g + 1 < starts->len ? g_array_index (starts, guint, g + 1) : run_end;

              if (used[g] ||
                  !element_accepts (&g_array_index (elements, Element, start),
                                    &g_array_index (tokens, DwToken, pos)))
                continue;
              for (guint e = start; e < stop; e++)
                if (!match_element (&g_array_index (elements, Element, e), tokens, &pos, problem))
                  {
                    *reached = pos;
                    return FALSE;
                  }
              used[g] = TRUE;
              found = TRUE;
              break;
            }
          if (!found)
            break;
        }
      i = run_end;
    }

  if (pos < tokens->len)
    {
      g_autofree char *found = dw_token_to_string (&g_array_index (tokens, DwToken, pos));

      *problem = g_strdup_printf (_("%s is not expected here"), found);
      *reached = pos;
      return FALSE;
    }
  return TRUE;
}

static gboolean
is_word (GArray     *tokens,
         guint       index,
         const char *word)
{
  const DwToken *token;

  if (index >= tokens->len)
    return FALSE;
  token = &g_array_index (tokens, DwToken, index);
  return token->kind == DW_TOKEN_WORD && strcmp (token->text, word) == 0;
}

static gboolean
has_verb (const DwVerb * const *tables,
          const char           *name)
{
  for (guint t = 0; tables[t]; t++)
    for (const DwVerb *verb = tables[t]; verb->name; verb++)
      if (strcmp (verb->name, name) == 0)
        return TRUE;
  return FALSE;
}

static char *
verb_names (const DwVerb * const *tables)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint t = 0; tables[t]; t++)
    for (const DwVerb *verb = tables[t]; verb->name; verb++)
      {
        gboolean seen = FALSE;

        for (guint i = 0; i < names->len && !seen; i++)
          seen = strcmp (g_ptr_array_index (names, i), verb->name) == 0;
        if (!seen)
          g_ptr_array_add (names, (gpointer) verb->name);
      }
  g_ptr_array_add (names, NULL);
  return g_strjoinv (", ", (char **) names->pdata);
}

/* Public API */

/* Reads one line.  Returns NULL with @error unset when the line holds no
 * action (blank, or only a comment). */
DwAction *
dw_action_parse (const DwVerb * const *tables,
                 const char           *text,
                 guint                 line,
                 GError              **error)
{
  g_autoptr(GArray) tokens = g_array_new (FALSE, TRUE, sizeof (DwToken));
  g_autofree char *best_problem = NULL;
  const DwToken *first;
  const char *end = NULL;
  DwAction *action;
  guint best_reached = 0;
  gboolean for_opponent = FALSE;

  g_return_val_if_fail (tables != NULL, NULL);
  g_return_val_if_fail (text != NULL, NULL);

  g_array_set_clear_func (tokens, (GDestroyNotify) clear_token);

  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error_literal (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX,
                           _("the line is not valid UTF-8 text"));
      return NULL;
    }

  if (!tokenize (text, tokens, &end, error))
    return NULL;
  if (tokens->len == 0)
    return NULL;

  /* "as opp ACTION": the player takes the opponent's side for one
   * action.  Any game's action may carry it; whether the opponent of a
   * table ever acts is the table's to say (dw_table_perform()). */
  if (is_word (tokens, 0, "as") && is_word (tokens, 1, "opp"))
    {
      if (tokens->len == 2)
        {
          g_set_error_literal (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX,
                               _("“as opp” needs the action to take for the opponent after it"));
          return NULL;
        }
      g_array_remove_range (tokens, 0, 2);
      for_opponent = TRUE;
    }

  first = &g_array_index (tokens, DwToken, 0);
  if (first->kind != DW_TOKEN_WORD || !has_verb (tables, first->text))
    {
      g_autofree char *found = dw_token_to_string (first);
      g_autofree char *names = verb_names (tables);

      g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX,
                   _("there is no action %s; the actions are %s"), found, names);
      return NULL;
    }

  for (guint t = 0; tables[t]; t++)
    for (const DwVerb *verb = tables[t]; verb->name; verb++)
      {
        g_autofree char *problem = NULL;
        guint reached = 0;

        if (strcmp (verb->name, first->text) != 0)
          continue;
        if (match_pattern (verb->pattern, tokens, &reached, &problem))
          {
            action = g_new0 (DwAction, 1);
            action->text = g_strstrip (g_strndup (text, end - text));
            action->line = line;
            action->tokens = g_steal_pointer (&tokens);
            action->verb = verb;
            action->for_opponent = for_opponent;
            return action;
          }
        if (best_problem == NULL || reached > best_reached)
          {
            g_free (best_problem);
            best_problem = g_steal_pointer (&problem);
            best_reached = reached;
          }
      }

  {
    g_autofree char *usage = dw_verbs_usage (tables, first->text);

    g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX,
                 _("%s; write it as %s"), best_problem, usage);
  }
  return NULL;
}

/* Reads a whole script, one action a line.  An error names the line:
 * "NAME:LINE: reason".  Returns the actions, in order. */
GPtrArray *
dw_action_parse_script (const DwVerb * const *tables,
                        const char           *script,
                        gssize                length,
                        const char           *display_name,
                        GError              **error)
{
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_action_free);
  g_autofree char *copy = NULL;
  g_auto(GStrv) lines = NULL;

  copy = length < 0 ? g_strdup (script) : g_strndup (script, length);
  if (length >= 0 && memchr (script, '\0', length) != NULL)
    {
      g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX,
                   _("%s: the file holds a NUL byte; it is not a text file of actions"),
                   display_name);
      return NULL;
    }

  lines = g_strsplit (copy, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_autoptr(GError) local_error = NULL;
      DwAction *action = dw_action_parse (tables, lines[i], i + 1, &local_error);

      if (local_error != NULL)
        {
          g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SYNTAX,
                       "%s:%u: %s", display_name, i + 1, local_error->message);
          return NULL;
        }
      if (action != NULL)
        g_ptr_array_add (actions, action);
    }

  return g_steal_pointer (&actions);
}

void
dw_action_free (DwAction *action)
{
  if (action == NULL)
    return;
  g_free (action->text);
  g_array_unref (action->tokens);
  g_free (action);
}

const char *
dw_action_get_verb (const DwAction *action)
{
  return g_array_index (action->tokens, DwToken, 0).text;
}

guint
dw_action_get_n_tokens (const DwAction *action)
{
  return action->tokens->len;
}

const DwToken *
dw_action_get_token (const DwAction *action,
                     guint           index)
{
  if (index >= action->tokens->len)
    return NULL;
  return &g_array_index (action->tokens, DwToken, index);
}

/* The keyword at @index, or NULL when that token is not a keyword. */
const char *
dw_action_get_word (const DwAction *action,
                    guint           index)
{
  const DwToken *token = dw_action_get_token (action, index);

  return token && token->kind == DW_TOKEN_WORD ? token->text : NULL;
}

/* The index of the keyword @word, or -1.  Card names are quoted, so a
 * card called "To" is never taken for the keyword to. */
int
dw_action_find_word (const DwAction *action,
                     const char     *word)
{
  for (guint i = 1; i < action->tokens->len; i++)
    {
      const DwToken *token = &g_array_index (action->tokens, DwToken, i);

      if (token->kind == DW_TOKEN_WORD && strcmp (token->text, word) == 0)
        return (int) i;
    }
  return -1;
}

/* The token right after the keyword @keyword, or NULL. */
const DwToken *
dw_action_after (const DwAction *action,
                 const char     *keyword)
{
  int index = dw_action_find_word (action, keyword);

  return index < 0 ? NULL : dw_action_get_token (action, (guint) index + 1);
}

gboolean
dw_action_has_word (const DwAction *action,
                    const char     *word)
{
  return dw_action_find_word (action, word) >= 0;
}

/* TRUE when the line was "as opp ACTION": the player acts for the
 * opponent, and the action's tokens are those of ACTION. */
gboolean
dw_action_is_for_opponent (const DwAction *action)
{
  return action->for_opponent;
}

gboolean
dw_token_is_card (const DwToken *token)
{
  return token->kind == DW_TOKEN_NAME || token->kind == DW_TOKEN_NUMBER;
}

/* The token as a message shows it: “Name”, #12, 3, play. */
char *
dw_token_to_string (const DwToken *token)
{
  switch (token->kind)
    {
    case DW_TOKEN_NAME:
      return g_strdup_printf ("“%s”", token->text);
    case DW_TOKEN_WORD:
      return g_strdup_printf ("“%s”", token->text);
    case DW_TOKEN_NUMBER:
    case DW_TOKEN_INT:
    default:
      return g_strdup (token->text);
    }
}

/* The forms of @verb joined by "; or ", or every form, one a line, when
 * @verb is NULL. */
char *
dw_verbs_usage (const DwVerb * const *tables,
                const char           *verb)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint t = 0; tables[t]; t++)
    for (const DwVerb *entry = tables[t]; entry->name; entry++)
      {
        if (verb == NULL)
          {
            g_string_append_printf (out, "%-40s %s\n", entry->pattern, entry->summary);
            continue;
          }
        if (strcmp (entry->name, verb) != 0)
          continue;
        if (out->len > 0)
          g_string_append (out, _("; or "));
        g_string_append (out, entry->pattern);
      }

  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Writing */

/* A new action of @verb, to which words, cards and numbers are added in
 * the order they are written; dw_action_print() writes it.  It holds no
 * text and no form until it is printed and read. */
DwAction *
dw_action_new (const char *verb)
{
  DwAction *action;

  g_return_val_if_fail (verb != NULL && *verb != '\0', NULL);

  action = g_new0 (DwAction, 1);
  action->tokens = g_array_new (FALSE, TRUE, sizeof (DwToken));
  g_array_set_clear_func (action->tokens, (GDestroyNotify) clear_token);
  dw_action_add_word (action, verb);
  return action;
}

/* Adds the keyword @word (to, front, a zone's or a phase's id). */
void
dw_action_add_word (DwAction   *action,
                    const char *word)
{
  DwToken token = { DW_TOKEN_WORD, NULL, 0, FALSE };

  g_return_if_fail (action != NULL);
  g_return_if_fail (word != NULL && *word != '\0');

  token.text = g_ascii_strdown (word, -1);
  g_array_append_val (action->tokens, token);
}

/* Adds card #@number. */
void
dw_action_add_card (DwAction *action,
                    guint     number)
{
  DwToken token = { DW_TOKEN_NUMBER, NULL, number, FALSE };

  g_return_if_fail (action != NULL);
  g_return_if_fail (number > 0);

  token.text = g_strdup_printf ("#%u", number);
  g_array_append_val (action->tokens, token);
}

/* Adds the whole number @value; @with_sign writes a sign even before a
 * positive one ("+2"), which the language reads as a change rather than
 * a new value. */
void
dw_action_add_int (DwAction *action,
                   gint64    value,
                   gboolean  with_sign)
{
  DwToken token = { DW_TOKEN_INT, NULL, value, with_sign || value < 0 };

  g_return_if_fail (action != NULL);

  token.text = g_strdup_printf (with_sign && value >= 0 ? "+%" G_GINT64_FORMAT : "%" G_GINT64_FORMAT, value);
  g_array_append_val (action->tokens, token);
}

/* Whether the action is taken for the opponent: printed "as opp …". */
void
dw_action_set_for_opponent (DwAction *action,
                            gboolean  for_opponent)
{
  g_return_if_fail (action != NULL);
  action->for_opponent = for_opponent;
}

/* @action as the language writes it, in the form dw_action_parse()
 * reads back to the same tokens: "as opp play #17 to front". */
char *
dw_action_print (const DwAction *action)
{
  GString *out;

  g_return_val_if_fail (action != NULL, NULL);

  out = g_string_new (action->for_opponent ? "as opp" : NULL);
  for (guint i = 0; i < action->tokens->len; i++)
    {
      const DwToken *token = &g_array_index (action->tokens, DwToken, i);

      if (out->len > 0)
        g_string_append_c (out, ' ');
      if (token->kind == DW_TOKEN_NAME && strchr (token->text, '"') == NULL)
        g_string_append_printf (out, "\"%s\"", token->text);
      else if (token->kind == DW_TOKEN_NAME)
        g_string_append_printf (out, LEFT_QUOTE "%s" RIGHT_QUOTE, token->text);
      else
        g_string_append (out, token->text);
    }
  return g_string_free (out, FALSE);
}

/* "VERB #NUMBER", or "VERB #NUMBER to TO" when @to is given: the form
 * most of a card's actions take. */
DwAction *
dw_action_new_card (const char *verb,
                    guint       number,
                    const char *to)
{
  DwAction *action = dw_action_new (verb);

  dw_action_add_card (action, number);
  if (to != NULL)
    {
      dw_action_add_word (action, "to");
      dw_action_add_word (action, to);
    }
  return action;
}

/* "VERB #NUMBER" as text: "play #17". */
char *
dw_action_print_card (const char *verb,
                      guint       number)
{
  g_autoptr(DwAction) action = dw_action_new_card (verb, number, NULL);

  return dw_action_print (action);
}

/* "VERB #NUMBER to TO" as text: "move #17 to front". */
char *
dw_action_print_card_to (const char *verb,
                         guint       number,
                         const char *to)
{
  g_autoptr(DwAction) action = dw_action_new_card (verb, number, to);

  return dw_action_print (action);
}

/* "VERB WORD" ("phase discard", "declare karma"), or the verb alone
 * ("draw", "end") when @word is NULL. */
char *
dw_action_print_word (const char *verb,
                      const char *word)
{
  g_autoptr(DwAction) action = dw_action_new (verb);

  if (word != NULL)
    dw_action_add_word (action, word);
  return dw_action_print (action);
}
