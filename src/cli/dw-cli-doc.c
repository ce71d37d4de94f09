/* dw-cli-doc.c — the man page and the bash completion, from the options
 *
 * Both are written at build time (src/cli/deckwright-doc.c) from the
 * same GOptionEntry tables the command line parses and --help prints
 * (dw_cli_foreach_option()), so none of the three can forget an option
 * the others know.  An option's values come from its argument's name:
 * "csv|json|pdf" lists them, FILE, DECK, DB or DIR take a file name, and
 * --format takes one of the ids deckwright --list-formats prints.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-cli-private.h"

/* An option the user sees: not hidden, and not the file arguments. */
static gboolean
is_shown (const GOptionEntry *entry)
{
  return *entry->long_name != '\0' && !(entry->flags & G_OPTION_FLAG_HIDDEN);
}

static gboolean
takes_value (const GOptionEntry *entry)
{
  if (entry->arg == G_OPTION_ARG_NONE)
    return FALSE;
  if (entry->arg == G_OPTION_ARG_CALLBACK)
    return !(entry->flags & G_OPTION_FLAG_NO_ARG);
  return TRUE;
}

static gboolean
takes_file (const GOptionEntry *entry)
{
  static const char * const file_args[] = { "FILE", "DECK", "DB", "DIR", NULL };

  return entry->arg == G_OPTION_ARG_FILENAME || entry->arg == G_OPTION_ARG_FILENAME_ARRAY ||
         (entry->arg_description != NULL && g_strv_contains (file_args, entry->arg_description));
}

/* Text for roff: backslashes and hyphens escaped, a line never starting
 * with a control character. */
static void
append_roff (GString    *out,
             const char *text)
{
  gboolean line_start = out->len == 0 || out->str[out->len - 1] == '\n';

  for (const char *p = text; *p; p++)
    {
      if (line_start && (*p == '.' || *p == '\''))
        g_string_append (out, "\\&");
      line_start = FALSE;
      if (*p == '\\')
        g_string_append (out, "\\e");
      else if (*p == '-')
        g_string_append (out, "\\-");
      else
        {
          g_string_append_c (out, *p);
          line_start = *p == '\n';
        }
    }
}

typedef struct
{
  GString    *out;
  const char *heading;  /* of the last subsection begun */
  gboolean    begun;
} ManPage;

static void
add_man_option (const char         *heading,
                const GOptionEntry *entry,
                gpointer            user_data)
{
  ManPage *page = user_data;
  g_autofree char *title = NULL;

  if (!is_shown (entry))
    return;
  if (!page->begun || g_strcmp0 (heading, page->heading) != 0)
    {
      title = g_strdup (heading ? heading : "Options of every command:");
      if (g_str_has_suffix (title, ":"))
        title[strlen (title) - 1] = '\0';
      g_string_append (page->out, ".SS \"");
      append_roff (page->out, title);
      g_string_append (page->out, "\"\n");
      page->heading = heading;
      page->begun = TRUE;
    }

  g_string_append (page->out, ".TP\n");
  if (entry->short_name != 0)
    g_string_append_printf (page->out, "\\fB\\-%c\\fR, ", entry->short_name);
  g_string_append (page->out, "\\fB\\-\\-");
  append_roff (page->out, entry->long_name);
  g_string_append (page->out, "\\fR");
  if (takes_value (entry) && entry->arg_description != NULL)
    {
      g_string_append (page->out, " \\fI");
      append_roff (page->out, entry->arg_description);
      g_string_append (page->out, "\\fR");
    }
  g_string_append_c (page->out, '\n');
  append_roff (page->out, entry->description);
  g_string_append (page->out, ".\n");
}

/* deckwright(1), in English: the program never sets a locale here. */
char *
dw_cli_man_page (void)
{
  GString *out = g_string_new (NULL);
  ManPage page = { out, NULL, FALSE };
  g_auto(GStrv) paragraphs = g_strsplit (dw_cli_get_summary (), "\n\n", -1);

  g_string_append_printf (out, ".TH DECKWRIGHT 1 \"\" \"Deckwright %s\" \"User Commands\"\n", PACKAGE_VERSION);
  g_string_append (out, ".SH NAME\ndeckwright \\- build, check and playtest card game decks\n");
  g_string_append (out, ".SH SYNOPSIS\n"
                        ".B deckwright\n[\\fIFILE\\fR...]\n.br\n"
                        ".B deckwright\n\\fICOMMAND\\fR [\\fIOPTION\\fR...] [\\fIFILE\\fR...]\n"
                        ".br\n.B deckwright \\-\\-help\n|\n.B \\-\\-version\n");
  g_string_append (out, ".SH DESCRIPTION\n");
  for (guint i = 0; paragraphs[i]; i++)
    {
      if (i > 0)
        g_string_append (out, ".PP\n");
      append_roff (out, paragraphs[i]);
      g_string_append_c (out, '\n');
    }

  g_string_append (out, ".SH \"COMMANDS AND OPTIONS\"\n");
  dw_cli_foreach_option (&dw_cli_all_commands, add_man_option, &page);

  g_string_append (out,
    ".SH \"EXIT STATUS\"\n"
    ".TP\n.B 0\nEvery deck is legal, every action accepted, the command done.\n"
    ".TP\n.B 1\nA deck is illegal, an action was rejected, or an image could not be fetched.\n"
    ".TP\n.B 2\nAn input cannot be read, an output cannot be written, or the options are wrong.\n"
    ".SH FILES\n"
    ".TP\n.I ~/.local/share/deckwright/cards/\nYour card databases, loaded beside the shipped ones.\n"
    ".TP\n.I ~/.local/share/deckwright/formats/\nYour formats (house rules, ban lists).\n"
    ".TP\n.I ~/.local/share/deckwright/games/\nGames defined as data.\n"
    ".TP\n.I ~/.cache/deckwright/images/\nCard images fetched by \\fB\\-\\-fetch\\-images\\fR.\n"
    ".SH EXAMPLES\n"
    ".TP\n.B deckwright \\-\\-validate decks/\nCheck every deck of a folder.\n"
    ".TP\n.B deckwright \\-\\-report csv decks/ \\-\\-output report.csv\nOne row per deck, for an event.\n"
    ".TP\n.B deckwright \\-\\-import list.txt \\-\\-output deck.deck.xml\nA decklist into a Deckwright deck.\n"
    ".TP\n.B deckwright \\-\\-playtest deck.xml \\-\\-seed 42 \\-\\-actions moves.txt\nPlay a table out.\n"
    ".SH \"SEE ALSO\"\n"
    "The README and docs/defining\\-a\\-game.md of Deckwright's sources.\n");
  return g_string_free (out, FALSE);
}

typedef struct
{
  GString *options;  /* every option, for a word starting with - */
  GString *cases;    /* what follows an option that takes a value */
} Completion;

static void
add_completion (const char         *heading,
                const GOptionEntry *entry,
                gpointer            user_data)
{
  Completion *completion = user_data;

  if (!is_shown (entry))
    return;
  g_string_append_printf (completion->options, " --%s", entry->long_name);
  if (!takes_value (entry))
    return;

  g_string_append_printf (completion->cases, "    --%s)\n      ", entry->long_name);
  if (g_strcmp0 (entry->long_name, "format") == 0)
    g_string_append (completion->cases,
                     "COMPREPLY=($(compgen -W \"$(\"${COMP_WORDS[0]}\" --list-formats 2>/dev/null "
                     "| cut -d' ' -f1)\" -- \"$cur\"))");
  else if (entry->arg_description != NULL && strchr (entry->arg_description, '|') != NULL)
    {
      g_autofree char *words = g_strdelimit (g_strdup (entry->arg_description), "|", ' ');

      g_string_append_printf (completion->cases, "COMPREPLY=($(compgen -W '%s' -- \"$cur\"))", words);
    }
  else if (takes_file (entry))
    g_string_append (completion->cases, "COMPREPLY=($(compgen -f -- \"$cur\"))");
  else
    /* A name, a date, a number: nothing to offer. */
    g_string_append (completion->cases, "COMPREPLY=()");
  g_string_append (completion->cases, "\n      return ;;\n");
}

/* A bash completion for deckwright that needs nothing of the
 * bash-completion package. */
char *
dw_cli_bash_completion (void)
{
  Completion completion = { g_string_new (NULL), g_string_new (NULL) };
  GString *out = g_string_new (NULL);

  dw_cli_foreach_option (&dw_cli_all_commands, add_completion, &completion);
  g_string_append (out,
    "# bash completion for deckwright(1), written from its options at build time\n"
    "\n"
    "_deckwright ()\n"
    "{\n"
    "  local cur=${COMP_WORDS[COMP_CWORD]}\n"
    "  local prev=\n"
    "\n"
    "  COMPREPLY=()\n"
    "  (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}\n"
    "  # --option=value comes as three words: --option, = and value.\n"
    "  if [[ $cur == = ]]; then\n"
    "    cur=\n"
    "  elif [[ $prev == = ]] && (( COMP_CWORD > 1 )); then\n"
    "    prev=${COMP_WORDS[COMP_CWORD-2]}\n"
    "  fi\n"
    "\n"
    "  case $prev in\n");
  g_string_append (out, completion.cases->str);
  g_string_append_printf (out,
    "  esac\n"
    "\n"
    "  if [[ $cur == -* ]]; then\n"
    "    COMPREPLY=($(compgen -W '%s' -- \"$cur\"))\n"
    "    return\n"
    "  fi\n"
    "  COMPREPLY=($(compgen -f -- \"$cur\"))\n"
    "}\n"
    "\n"
    "complete -o filenames -F _deckwright deckwright\n", completion.options->str + 1);
  g_string_free (completion.options, TRUE);
  g_string_free (completion.cases, TRUE);
  return g_string_free (out, FALSE);
}
