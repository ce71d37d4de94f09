/* dw-query-fold.c — case folding for the search language
 *
 * How a needle and a card's text are folded so that a search ignores case,
 * and the searches through folded text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-query-private.h"

/* Case folding, two ways.  Names are matched against the card's name key
 * (dw_card_name_key(), through dw_card_fold_text(): NFKC, then full case
 * folding, settled), so name needles get exactly the same treatment.  Other text is folded a character at a time
 * on the card's side too, which needs no allocation while matching; it
 * misses the few foldings that change length (ß and ss). */

typedef struct
{
  gunichar folded;
  gunichar c;
} Folding;

char *
dw_query_fold_name (const char *text)
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

char *
dw_query_fold_simple (const char  *text,
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

gboolean
dw_query_folded_has_prefix (const char     *haystack,
                            const gunichar *needle,
                            glong           n)
{
  const char *p = haystack;

  for (glong i = 0; i < n; i++)
    if (*p == '\0' || read_folded (&p) != needle[i])
      return FALSE;
  return TRUE;
}

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
char *
dw_query_stop_bytes (gunichar first)
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

gboolean
dw_query_folded_contains (const char     *haystack,
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
      if (dw_query_folded_has_prefix (p, needle, n))
        return TRUE;
      p = g_utf8_next_char (p);
    }
  return FALSE;
}
