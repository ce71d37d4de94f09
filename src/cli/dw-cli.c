/* dw-cli.c — the command line, for tournament organisers and scripts
 *
 * Runs entirely on src/core and src/table: no GTK is initialised and no
 * display is needed.  Each command lives in its own dw-cli-<name>.c; a
 * program runs the commands of the list it is given (DwCliCommands:
 * dw-cli-commands.c), and a command it does not hold goes to the program
 * that holds them all (dw-cli-main.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-cli.h"
#include "dw-cli-private.h"
#include "dw-import.h"
#include "dw-xml.h"

typedef struct
{
  const char *id;     /* the group's name */
  const char *title;  /* its heading in --help */
} Area;

static const Area areas[DW_CLI_N_AREAS] = {
  [DW_CLI_AREA_CHECKING] = { "checking", N_("Checking decks:") },
  [DW_CLI_AREA_INTERCHANGE] = { "interchange", N_("Reading and writing other formats:") },
  [DW_CLI_AREA_TABLE] = { "table", N_("Playing on the goldfish table:") },
  [DW_CLI_AREA_STATISTICS] = { "statistics", N_("Statistics:") },
  [DW_CLI_AREA_IMAGES] = { "images", N_("Card images:") },
  [DW_CLI_AREA_PRINTING] = { "printing", N_("Printing:") },
  [DW_CLI_AREA_LIBRARY] = { "library", N_("Your deck library:") },
};

static const char summary[] =
  N_("Build, check and playtest decks for Arcmage, Coraabia and any game defined as data.\n\n"
     "With no command, opens the FILEs (decks, card databases, saved tables) in the window. "
     "A command runs without a display and exits 0 when all is well, 1 when a deck is illegal "
     "or an action was rejected, 2 when an input cannot be read or an output written. "
     "One command at a time.");

/* What GOption fills in; one parse per process. */
static char *format_id;
static char *output;
static char *seed;
static char **dbs;
static char **files;
static gboolean with_cards;
static gboolean paper_given;
static DwPaper paper;
static gboolean json;
static gboolean help;
static gboolean version;

static const GOptionEntry common_entries[] = {
  { "output", 0, 0, G_OPTION_ARG_FILENAME, &output,
    N_("Write the result to this file instead of standard output"), N_("FILE") },
  { "format", 0, 0, G_OPTION_ARG_STRING, &format_id,
    N_("Judge or write the deck in this format instead of its own (deckwright --list-formats lists them)"),
    N_("ID") },
  { "json", 0, 0, G_OPTION_ARG_NONE, &json,
    N_("Print JSON instead of text (--stats, --library, --find, --history)"), NULL },
  { "db", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &dbs,
    N_("Load this card database too, beside the shipped ones and yours (repeatable)"), N_("FILE") },
  { "version", 0, 0, G_OPTION_ARG_NONE, &version, N_("Print the version and quit"), NULL },
  { "help", 'h', 0, G_OPTION_ARG_NONE, &help, N_("Print every command and option and quit"), NULL },
  { "help-all", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, &help, NULL, NULL },
  { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("[FILE…]") },
  { NULL }
};

/* Options more than one command of an area takes. */
static const GOptionEntry checking_entries[] = {
  { "with-cards", 0, 0, G_OPTION_ARG_NONE, &with_cards,
    N_("Keep the cards an Arcmage deck file carries in your card databases"), NULL },
  { NULL }
};

static gboolean
on_paper_option_cb (const char  *option_name,
                    const char  *value,
                    gpointer     data,
                    GError     **error)
{
  if (!dw_paper_from_string (value, &paper))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--paper takes a4 or letter, not “%s”"), value);
      return FALSE;
    }
  paper_given = TRUE;
  return TRUE;
}

/* The registration sheet (--export pdf) and the printed cards share it. */
static const GOptionEntry printing_entries[] = {
  { "paper", 0, 0, G_OPTION_ARG_CALLBACK, on_paper_option_cb,
    N_("The paper of the registration sheet (--export pdf) and of the printed cards: a4 or letter "
       "(default: the locale's)"), "a4|letter" },
  { NULL }
};

static const GOptionEntry table_entries[] = {
  { "seed", 0, 0, G_OPTION_ARG_STRING, &seed,
    N_("Shuffle from this seed, a whole number (--playtest, --sample-hands)"), N_("S") },
  { NULL }
};

/* Every command and option, grouped by area: what the command line
 * parses and what --help, the man page and the completion show.  GLib's
 * own --help is off, since it shows only the main group and leaves the
 * commands behind --help-GROUP; ours (-h, --help and the hidden
 * --help-all) shows every group.
 *
 * GApplication's parser is not used for these: a wrong value there ends
 * the process with status 1 and an unprefixed message, where DESIGN.md
 * §5 wants 2 and "deckwright: …".  So every option the user types comes
 * here (dw_cli_wants()), and the window's GApplication sees only files. */
GOptionContext *
dw_cli_option_context_new (const DwCliCommands *commands)
{
  GOptionContext *option_context = g_option_context_new (NULL);
  GOptionGroup *main_group;

  g_option_context_set_summary (option_context, _(summary));
  g_option_context_set_help_enabled (option_context, FALSE);

  for (guint a = 0; a < DW_CLI_N_AREAS; a++)
    {
      GOptionGroup *group = g_option_group_new (areas[a].id, _(areas[a].title), _(areas[a].title),
                                                NULL, NULL);

      g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
      for (guint i = 0; i < commands->n_commands; i++)
        if (commands->commands[i]->area == a)
          g_option_group_add_entries (group, commands->commands[i]->entries);
      if (a == DW_CLI_AREA_CHECKING)
        g_option_group_add_entries (group, checking_entries);
      else if (a == DW_CLI_AREA_TABLE)
        g_option_group_add_entries (group, table_entries);
      else if (a == DW_CLI_AREA_PRINTING)
        g_option_group_add_entries (group, printing_entries);
      g_option_context_add_group (option_context, group);
    }

  main_group = g_option_group_new (NULL, NULL, NULL, NULL, NULL);
  g_option_group_set_translation_domain (main_group, GETTEXT_PACKAGE);
  g_option_group_add_entries (main_group, common_entries);
  g_option_context_set_main_group (option_context, main_group);
  return option_context;
}

/* Calls @func for every option in the order --help shows them, with the
 * heading of its group (NULL for the options of every command), so the
 * man page and the completion (dw-cli-doc.c) show what --help shows. */
void
dw_cli_foreach_option (const DwCliCommands *commands,
                       DwCliOptionFunc      func,
                       gpointer             user_data)
{
  for (guint a = 0; a < DW_CLI_N_AREAS; a++)
    {
      for (guint i = 0; i < commands->n_commands; i++)
        if (commands->commands[i]->area == a)
          for (const GOptionEntry *e = commands->commands[i]->entries; e->long_name; e++)
            func (areas[a].title, e, user_data);
      for (const GOptionEntry *e = a == DW_CLI_AREA_CHECKING ? checking_entries
                                 : a == DW_CLI_AREA_TABLE ? table_entries
                                 : a == DW_CLI_AREA_PRINTING ? printing_entries : NULL;
           e && e->long_name; e++)
        func (areas[a].title, e, user_data);
    }
  for (const GOptionEntry *e = common_entries; e->long_name; e++)
    func (NULL, e, user_data);
}

const char *
dw_cli_get_summary (void)
{
  return summary;
}

/* The commands among the options given, by their index in @commands. */
static int
find_command (const DwCliCommands *commands,
              guint               *second)
{
  int first = -1;

  *second = commands->n_commands;
  for (guint i = 0; i < commands->n_commands; i++)
    if (*commands->commands[i]->selected)
      {
        if (first < 0)
          first = (int) i;
        else if (*second == commands->n_commands)
          *second = i;
      }
  return first;
}

/* A JSON array, one element per line, so that it is both JSON and
 * something a line-oriented tool can read. */
void
dw_cli_print_json_array (GPtrArray *objects)
{
  GString *out = g_string_new ("[");

  for (guint i = 0; i < objects->len; i++)
    g_string_append_printf (out, "%s\n%s", i > 0 ? "," : "", (char *) g_ptr_array_index (objects, i));
  g_string_append (out, objects->len > 0 ? "\n]\n" : "]\n");
  g_print ("%s", out->str);
  g_string_free (out, TRUE);
}

/* Reads the deck at @path through the importer, as --validate does:
 * a Deckwright deck, deck text, CSV, a Cockatrice .cod or Arcmage deck
 * JSON, its cards resolved against the library.  Cards no database
 * knows are kept; their messages go to @warnings (may be NULL). */
DwDeck *
dw_cli_load_deck (DwCliContext  *context,
                  const char    *path,
                  GPtrArray     *warnings,
                  GError       **error)
{
  return dw_import_deck_file (context->library, path, DW_IMPORT_AUTO, NULL, warnings, error);
}

/* Writes @text to --output (atomically, as every save), or to standard
 * output without one; FALSE after saying why. */
gboolean
dw_cli_write_output (DwCliContext *context,
                     const char   *text)
{
  g_autoptr(GError) error = NULL;

  if (context->output == NULL)
    {
      g_print ("%s", text);
      return TRUE;
    }
  if (!dw_xml_save (context->output, text, -1, &error))
    {
      g_printerr ("deckwright: %s\n", error->message);
      return FALSE;
    }
  return TRUE;
}

/* The one deck a command such as --stats reads, resolved against the
 * library; NULL after saying why on stderr, as --validate does (a file
 * that cannot be read names its line and column), or naming the line of
 * a card no database knows. */
DwDeck *
dw_cli_load_one_deck (DwCliContext *context,
                      const char   *option)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = NULL;
  const char *path;

  if (context->files == NULL || context->files[0] == NULL || context->files[1] != NULL)
    {
      g_printerr (_("deckwright: --%s takes one deck file\n"), option);
      return NULL;
    }
  path = context->files[0];
  deck = dw_cli_load_deck (context, path, NULL, &error);
  if (deck == NULL)
    {
      g_printerr ("deckwright: %s\n", error->message);
      return NULL;
    }
  for (guint s = 0; s < dw_deck_get_n_sections (deck); s++)
    {
      GListModel *entries = dw_deck_get_section (deck, dw_deck_get_section_id (deck, s));

      /* Statistics, hands and the table leave those cards out. */
      if (dw_section_is_considering (dw_deck_get_section_id (deck, s)))
        continue;

      for (guint i = 0; i < g_list_model_get_n_items (entries); i++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i);
          DwGame *game;

          if (dw_deck_entry_get_card (entry) != NULL)
            continue;
          game = dw_library_lookup_game (context->library, dw_deck_get_game_id (deck));
          g_printerr (_("deckwright: %s:%u: “%s” is in no %s card database; check its name or add "
                        "the database that has it with --db FILE\n"),
                      path, dw_deck_entry_get_line (entry), dw_deck_entry_get_display_name (entry),
                      game ? dw_game_get_name (game) : dw_deck_get_game_id (deck));
          return NULL;
        }
    }
  return g_steal_pointer (&deck);
}

/* TRUE when the arguments are for the command line rather than the
 * window: any option but GApplication's own (--gapplication-service,
 * with which D-Bus starts the window), so that a mistake is reported by
 * the command line's rules (exit status 2) and --help and --version are
 * answered with no display. */
gboolean
dw_cli_wants (int    argc,
              char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--") == 0)
        break;
      if (argv[i][0] == '-' && argv[i][1] != '\0' && !g_str_has_prefix (argv[i], "--gapplication-"))
        return TRUE;
    }
  return FALSE;
}

/* What the core says in passing (a store of versions rebuilt, say),
 * as the command line says everything: on stderr, after the program's
 * name, without GLib's decoration. */
static void
print_message (const char     *domain,
               GLogLevelFlags  level,
               const char     *message,
               gpointer        user_data)
{
  g_printerr ("deckwright: %s\n", message);
}

/* Runs the command the options name, if @commands holds it.  When
 * @commands is not every command (see dw_cli_main()), an option it does
 * not know, --help, or no command of its own among the options is left
 * to the program that has them all: DW_CLI_NOT_HERE, with nothing said
 * and @argv as it was. */
int
dw_cli_run (const DwCliCommands  *commands,
            int                   argc,
            char                **argv)
{
  g_autoptr(GOptionContext) option_context = NULL;
  g_autoptr(DwLibrary) library = NULL;
  g_autoptr(GError) error = NULL;
  /* GOption takes what it parsed out of the array it is given. */
  g_autofree char **args = g_memdup2 (argv, sizeof (char *) * ((gsize) argc + 1));
  DwCliContext context = { 0 };
  const DwCliCommand *command;
  GPtrArray *load_errors;
  guint second;
  int first;

  g_log_set_handler (NULL, G_LOG_LEVEL_MESSAGE, print_message, NULL);
  option_context = dw_cli_option_context_new (commands);
  if (!g_option_context_parse (option_context, &argc, &args, &error))
    {
      if (!commands->complete && g_error_matches (error, G_OPTION_ERROR, G_OPTION_ERROR_UNKNOWN_OPTION))
        return DW_CLI_NOT_HERE;
      g_printerr ("deckwright: %s\n", error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }

  if (help && !commands->complete)
    return DW_CLI_NOT_HERE;
  if (help)
    {
      g_autofree char *text = g_option_context_get_help (option_context, FALSE, NULL);

      g_print ("%s", text);
      return DW_CLI_EXIT_OK;
    }
  if (version)
    {
      g_print ("deckwright %s\n", PACKAGE_VERSION);
      return DW_CLI_EXIT_OK;
    }

  first = find_command (commands, &second);
  if (first < 0 && !commands->complete)
    return DW_CLI_NOT_HERE;
  if (first < 0)
    {
      g_printerr ("deckwright: %s\n", _("the options name no command; deckwright --help lists the commands"));
      return DW_CLI_EXIT_UNREADABLE;
    }
  if (second < commands->n_commands)
    {
      /* TRANSLATORS: two options such as --validate and --stats */
      g_printerr (_("deckwright: --%s and --%s are two commands; run one at a time\n"),
                  commands->commands[first]->name, commands->commands[second]->name);
      return DW_CLI_EXIT_UNREADABLE;
    }
  command = commands->commands[first];
  if (output != NULL && command->writes_no_output)
    {
      g_printerr (_("deckwright: --%s writes no file; drop --output\n"), command->name);
      return DW_CLI_EXIT_UNREADABLE;
    }

  if (seed != NULL && !g_ascii_string_to_unsigned (seed, 10, 0, G_MAXUINT64, &context.seed, NULL))
    {
      g_printerr (_("deckwright: the seed must be a whole number from 0, not “%s”\n"), seed);
      return DW_CLI_EXIT_UNREADABLE;
    }

  library = dw_library_new ();
  if (!dw_library_load_defaults (library, &error))
    {
      g_printerr ("deckwright: %s\n", error->message);
      return DW_CLI_EXIT_UNREADABLE;
    }

  for (guint i = 0; dbs && dbs[i]; i++)
    if (dw_library_add_card_db_file (library, dbs[i], &error) == NULL)
      {
        g_printerr ("deckwright: %s\n", error->message);
        return DW_CLI_EXIT_UNREADABLE;
      }

  /* A broken user file, or a card a database left out (its own --db
   * ones too), must not stop the organiser's run; say so. */
  load_errors = dw_library_get_load_errors (library);
  for (guint i = 0; i < load_errors->len; i++)
    g_printerr ("deckwright: warning: %s\n", ((GError *) g_ptr_array_index (load_errors, i))->message);

  context.library = library;
  context.files = files;
  context.format_id = format_id;
  context.output = output;
  context.has_seed = seed != NULL;
  context.with_cards = with_cards;
  context.paper_given = paper_given;
  context.paper = paper;
  context.json = json;

  return command->run (&context);
}
