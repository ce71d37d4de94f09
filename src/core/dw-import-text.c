/* dw-import-text.c — decks as people write them
 *
 * "4x Name" lines, with headings that name sections and comments that name
 * the deck (Cockatrice's clipboard text among them).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-export.h"
#include "dw-import-private.h"

/* Splits "4 Name", "4x Name", "4 x Name" (and "4× Name") into a count and
 * a name; a line without a count is one copy of the card it names. */
static gboolean
parse_card_line (const char  *text,
                 const char  *display_name,
                 guint        line,
                 guint        column,
                 guint       *count,
                 const char **name,
                 GError     **error)
{
  g_autofree char *digits = NULL;
  const char *p = text;
  const char *after;

  *count = 1;
  *name = text;
  while (g_ascii_isdigit (*p))
    p++;
  if (p == text)
    return TRUE;

  after = p;
  while (*after == ' ' || *after == '\t')
    after++;
  if ((*after == 'x' || *after == 'X') && (after[1] == ' ' || after[1] == '\t'))
    after += 1;
  else if (strncmp (after, "\xc3\x97", 2) == 0 && (after[2] == ' ' || after[2] == '\t'))
    after += 2;
  else if (after == p)
    return TRUE;  /* "4th Legion" is a name, not four of "th Legion" */

  while (*after == ' ' || *after == '\t')
    after++;
  if (*after == '\0')
    return TRUE;  /* a lone number: a card named "1984" */

  digits = g_strndup (text, p - text);
  if (!dw_import_parse_count (digits, display_name, line, column, count, error))
    return FALSE;
  *name = after;
  return TRUE;
}

/* Where Cockatrice's text import stops reading the deck's name and
 * comments: at the last blank line before the first line that is no
 * comment.  0 when no blank line comes before it. */
static guint
header_end (char **lines)
{
  guint last_blank = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *p = lines[i];

      while (g_ascii_isspace (*p))
        p++;
      if (*p == '\0')
        last_blank = i;
      else if (*p != '#' && !g_str_has_prefix (p, "//"))
        return last_blank;
    }
  return last_blank;
}

static void
add_note (DwRawDeck    *raw,
          const char *line)
{
  g_autofree char *old = g_steal_pointer (&raw->notes);

  raw->notes = old ? g_strconcat (old, "\n", line, NULL) : g_strdup (line);
}

/* Plain text decks, as players paste them:
 *
 *   # Green Wall by Ada        the deck's name and author, on top
 *   4x Thornwood Scout         "4 Name", "4x Name", "4 x Name"
 *   // a comment               "//" and "#" lines
 *   ## Regions                 a heading opens a section; so do
 *   Sideboard:                 "Name", "Name:" and "// Name" when Name
 *   SB: 1 Mosshollow           is a known section, and "SB:" one line
 *   // 6x Briar Sapling        under a tokens heading, a token
 *
 * Cockatrice's clipboard text starts "// Name", a blank line, "// comment"
 * lines and a blank line: comments above the last blank line before the
 * first card are the deck's name and its notes.
 */
DwRawDeck *
dw_import_parse_text (DwLibrary   *library,
                      const char  *text,
                      const char  *display_name,
                      GError     **error)
{
  g_autoptr(DwRawDeck) raw = dw_raw_deck_new ();
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autofree char *section = NULL;
  gboolean heading_seen = FALSE;
  guint header = header_end (lines);
  g_autoptr(GHashTable) labels = dw_import_section_labels (library);

  raw->tokens_apart = TRUE;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint line = i + 1;
      /* Leading white space is ASCII, so its bytes are its columns. */
      guint column = (guint) strspn (lines[i], " \t\r\v\f") + 1;
      char *content = g_strstrip (lines[i]);
      const char *card_text = content;
      const char *side = NULL;
      const char *name;
      gsize len = strlen (content);
      guint count;

      if (len == 0)
        continue;

      if (g_str_has_prefix (content, "##"))
        {
          g_free (section);
          section = g_strstrip (g_strdup (content + 2));
          heading_seen = TRUE;
          continue;
        }
      if (content[0] == '#' || g_str_has_prefix (content, "//"))
        {
          const char *rest = content + (content[0] == '#' ? 1 : 2);

          if (i < header && !dw_import_is_known_label (labels, rest) &&
              (raw->name != NULL || content[0] == '/'))
            {
              g_autofree char *comment = g_strstrip (g_strdup (rest));

              if (raw->name == NULL)
                raw->name = g_steal_pointer (&comment);
              else
                add_note (raw, comment);
              continue;
            }
          if (content[0] == '#' && !heading_seen && raw->entries->len == 0 && raw->name == NULL)
            {
              g_autofree char *title = g_strstrip (g_strdup (rest));
              char *by = g_strrstr (title, " by ");

              if (by != NULL)
                {
                  *by = '\0';
                  raw->author = g_strstrip (g_strdup (by + 4));
                }
              raw->name = g_strstrip (g_strdup (title));
              continue;
            }
          if (dw_import_is_known_label (labels, rest))
            {
              g_free (section);
              section = g_strstrip (g_strdup (rest));
              heading_seen = TRUE;
              continue;
            }
          /* "// 6x Briar Sapling" under a tokens heading: a token that
           * dw_export_text () hid from Cockatrice's count. */
          if (content[0] == '/' && dw_import_is_token_label (labels, section))
            {
              const char *token_text = rest;

              while (*token_text == ' ' || *token_text == '\t')
                token_text++;
              if (g_ascii_isdigit (*token_text))
                {
                  column += (guint) (token_text - content);
                  if (!parse_card_line (token_text, display_name, line, column, &count, &name, error))
                    return NULL;
                  dw_raw_deck_add (raw, section, NULL, name, count, line);
                }
            }
          continue;
        }
      /* "Sideboard", "Tokens:" — a known section alone on its line. */
      {
        g_autofree char *label = g_strndup (content, content[len - 1] == ':' ? len - 1 : len);

        if (dw_import_is_known_label (labels, label))
          {
            g_free (section);
            section = g_strstrip (g_steal_pointer (&label));
            heading_seen = TRUE;
            continue;
          }
      }
      if (g_ascii_strncasecmp (content, "SB:", 3) == 0)
        {
          g_autofree char *key = section ? dw_import_label_key (section) : NULL;

          /* Under "## Regions" (as dw_export_text () writes) the heading
           * says which side section; elsewhere a side board it is. */
          side = (key != NULL && !g_strv_contains (dw_import_main_aliases, key)) ? section : "side";
          card_text = content + 3;
          while (*card_text == ' ' || *card_text == '\t')
            card_text++;
          column += (guint) (card_text - content);
          if (*card_text == '\0')
            continue;
        }

      if (!parse_card_line (card_text, display_name, line, column, &count, &name, error))
        return NULL;
      dw_raw_deck_add (raw, side ? side : section, NULL, name, count, line);
    }

  return g_steal_pointer (&raw);
}
