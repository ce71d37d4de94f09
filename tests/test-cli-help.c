/* test-cli-help.c — the command line as its users expect one
 *
 * --help is the reference (every command and option README's command
 * list names is there), --version, the man page and the bash completion
 * know every option --help shows; one command at a time; every command
 * reads a deck in any format --import reads; --output is honoured or
 * refused, never ignored.  Each runs the built executable ($DECKWRIGHT)
 * with no display; the man page and the completion are the built ones
 * ($DECKWRIGHT_MAN, $DECKWRIGHT_COMPLETION).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "dw-test-util.h"

typedef DwTestCliFixture Fixture;

/* Every "--option" in @text, once each, in order. */
static GPtrArray *
options_in (const char *text)
{
  g_autoptr(GRegex) regex = g_regex_new ("(?<![A-Za-z0-9-])--[a-z][a-z-]*", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  GPtrArray *options = g_ptr_array_new_with_free_func (g_free);

  g_regex_match (regex, text, 0, &match);
  while (g_match_info_matches (match))
    {
      g_autofree char *option = g_match_info_fetch (match, 0);

      if (!g_ptr_array_find_with_equal_func (options, option, g_str_equal, NULL))
        g_ptr_array_add (options, g_steal_pointer (&option));
      g_match_info_next (match, NULL);
    }
  return options;
}

/* The options --help lists, one per line it starts ("  --stats",
 * "  -h, --help", "  --report=csv|json|pdf"). */
static GPtrArray *
options_of_help (const char *help)
{
  g_autoptr(GRegex) regex = g_regex_new ("^  (?:-[a-z], )?(--[a-z][a-z-]*)", G_REGEX_MULTILINE, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  GPtrArray *options = g_ptr_array_new_with_free_func (g_free);

  g_regex_match (regex, help, 0, &match);
  while (g_match_info_matches (match))
    {
      g_ptr_array_add (options, g_match_info_fetch (match, 1));
      g_match_info_next (match, NULL);
    }
  return options;
}

static char *
help_text (Fixture *fixture)
{
  g_autofree char *err = NULL;
  char *out = NULL;

  g_assert_cmpint (dw_test_cli_run (fixture, (const char *[]) { "--help", NULL }, &out, &err), ==, 0);
  g_assert_cmpstr (err, ==, "");
  return out;
}

/* README's "Command line" block, the lines of its first sh block. */
static char *
readme_command_block (void)
{
  g_autofree char *readme_path = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", "README.md", NULL);
  g_autofree char *readme = dw_test_read_file (readme_path);
  const char *section = strstr (readme, "\n## Command line");
  const char *start, *end;

  g_assert_nonnull (section);
  start = strstr (section, "```sh\n");
  g_assert_nonnull (start);
  start += strlen ("```sh\n");
  end = strstr (start, "```");
  g_assert_nonnull (end);
  return g_strndup (start, end - start);
}

/* Every command and option README's list names is in --help (and the
 * hidden --help-all prints the same), as an option line of its own. */
static void
test_help_lists_readme_commands (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autofree char *block = readme_command_block ();
  g_autoptr(GPtrArray) named = options_in (block);
  g_autofree char *help = help_text (fixture);
  g_autoptr(GPtrArray) listed = options_of_help (help);
  g_autofree char *all = NULL, *err = NULL;
  const char *commands[] = { "--validate", "--report", "--list-formats", "--export", "--import",
                             "--import-cards", "--fetch-images", "--playtest", "--sample-hands",
                             "--stats", "--help", "--version" };

  g_assert_cmpint (dw_test_cli_run (fixture, (const char *[]) { "--help-all", NULL }, &all, &err), ==, 0);
  g_assert_cmpstr (all, ==, help);
  g_assert_true (g_str_has_prefix (help, "Usage:\n  deckwright [OPTION…] [FILE…]\n"));

  /* The list is not empty by accident: it names every command. */
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (!g_ptr_array_find_with_equal_func (named, commands[i], g_str_equal, NULL))
      g_error ("README's command list does not name %s", commands[i]);

  for (guint i = 0; i < named->len; i++)
    if (!g_ptr_array_find_with_equal_func (listed, g_ptr_array_index (named, i), g_str_equal, NULL))
      g_error ("README names %s, which --help does not list:\n%s", (char *) g_ptr_array_index (named, i), help);

  /* Each command under its heading. */
  g_assert_nonnull (strstr (help, "\nChecking decks:\n  --validate "));
  g_assert_nonnull (strstr (help, "\nStatistics:\n  --stats "));
  g_assert_nonnull (strstr (help, "  --report=csv|json|pdf "));
}

static void
test_version (Fixture       *fixture,
              gconstpointer  data)
{
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *expected = g_strdup_printf ("deckwright %s\n", PACKAGE_VERSION);

  g_assert_cmpint (dw_test_cli_run (fixture, (const char *[]) { "--version", NULL }, &out, &err), ==, 0);
  g_assert_cmpstr (out, ==, expected);
  g_assert_cmpstr (err, ==, "");
}

/* A mistake in the options is the command line's: exit 2, a reason, and
 * never the window. */
static void
test_wrong_options_exit_2 (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autofree char *deck = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL, *out3 = NULL, *err3 = NULL;

  g_assert_cmpint (dw_test_cli_run (fixture, (const char *[]) { "--frobnicate", deck, NULL }, &out, &err), ==, 2);
  g_assert_cmpstr (out, ==, "");
  g_assert_cmpstr (err, ==, "deckwright: Unknown option --frobnicate\n");

  g_assert_cmpint (dw_test_cli_run (fixture, (const char *[]) { "--json", deck, NULL }, &out2, &err2), ==, 2);
  g_assert_cmpstr (err2, ==, "deckwright: the options name no command; deckwright --help lists the commands\n");

  g_assert_cmpint (dw_test_cli_run (fixture, (const char *[]) { "--validate", deck, "--output", "x.csv", NULL },
                        &out3, &err3), ==, 2);
  g_assert_cmpstr (out3, ==, "");
  g_assert_cmpstr (err3, ==, "deckwright: --validate writes no file; drop --output\n");
}

/* Two commands at once ran both; now neither runs. */
static void
test_one_command_at_a_time (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *deck = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autofree char *other = dw_test_data_path ("decks", "cor-bone-choir.xml", NULL);
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL;

  g_assert_cmpint (dw_test_cli_run (fixture, (const char *[]) { "--validate", deck, "--stats", other, NULL }, &out, &err),
                   ==, 2);
  g_assert_cmpstr (out, ==, "");
  g_assert_cmpstr (err, ==, "deckwright: --validate and --stats are two commands; run one at a time\n");

  g_assert_cmpint (dw_test_cli_run (fixture, (const char *[]) { "--sample-hands", "2", deck, "--report", "csv", NULL },
                        &out2, &err2), ==, 2);
  g_assert_cmpstr (out2, ==, "");
  g_assert_cmpstr (err2, ==, "deckwright: --report and --sample-hands are two commands; run one at a time\n");
}

/* --stats --json --output F wrote to standard output and left F alone. */
static void
test_stats_and_hands_write_output (Fixture       *fixture,
                                   gconstpointer  data)
{
  g_autofree char *deck = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autofree char *json_path = g_build_filename (fixture->tmpdir, "stats.json", NULL);
  g_autofree char *text_path = g_build_filename (fixture->tmpdir, "stats.txt", NULL);
  g_autofree char *hands_path = g_build_filename (fixture->tmpdir, "hands.txt", NULL);
  g_autofree char *json = NULL, *json_err = NULL, *text = NULL, *text_err = NULL;
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL, *hands = NULL, *hands_err = NULL;
  g_autofree char *out3 = NULL, *err3 = NULL;
  g_autofree char *written = NULL, *written_text = NULL, *written_hands = NULL;

  g_assert_cmpint (dw_test_cli_run (fixture, (const char *[]) { "--stats", deck, "--json", NULL }, &json, &json_err), ==, 0);
  g_assert_cmpint (dw_test_cli_run (fixture, (const char *[]) { "--stats", deck, "--json", "--output", json_path, NULL },
                        &out, &err), ==, 0);
  g_assert_cmpstr (out, ==, "");
  g_assert_cmpstr (err, ==, "");
  written = dw_test_read_file (json_path);
  g_assert_cmpstr (written, ==, json);

  g_assert_cmpint (dw_test_cli_run (fixture, (const char *[]) { "--stats", deck, NULL }, &text, &text_err), ==, 0);
  g_assert_cmpint (dw_test_cli_run (fixture, (const char *[]) { "--stats", deck, "--output", text_path, NULL }, &out2, &err2),
                   ==, 0);
  g_assert_cmpstr (out2, ==, "");
  written_text = dw_test_read_file (text_path);
  g_assert_cmpstr (written_text, ==, text);

  g_assert_cmpint (dw_test_cli_run (fixture, (const char *[]) { "--sample-hands", "5", deck, "--seed", "9", NULL },
                        &hands, &hands_err), ==, 0);
  g_assert_cmpint (dw_test_cli_run (fixture, (const char *[]) { "--sample-hands", "5", deck, "--seed", "9",
                                                    "--output", hands_path, NULL }, &out3, &err3), ==, 0);
  g_assert_cmpstr (out3, ==, "");
  written_hands = dw_test_read_file (hands_path);
  g_assert_cmpstr (written_hands, ==, hands);
}

/* A deck as text, CSV, a Cockatrice .cod or Arcmage JSON is read by
 * every command as --validate reads it, never "Document is empty". */
static void
test_every_command_reads_every_deck_format (Fixture       *fixture,
                                            gconstpointer  data)
{
  static const char * const kinds[] = { "text", "csv", "cod" };
  g_autofree char *deck = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autofree char *xml_stats = NULL, *err = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);

  g_assert_cmpint (dw_test_cli_run (fixture, (const char *[]) { "--stats", deck, NULL }, &xml_stats, &err), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autofree char *name = g_strdup_printf ("green-wall.%s", g_str_equal (kinds[i], "text") ? "txt" : kinds[i]);
      g_autofree char *path = g_build_filename (fixture->tmpdir, name, NULL);
      g_autofree char *out = NULL, *export_err = NULL;

      g_assert_cmpint (dw_test_cli_run (fixture, (const char *[]) { "--export", kinds[i], deck, "--output", path, NULL },
                            &out, &export_err), ==, 0);
      g_ptr_array_add (files, g_steal_pointer (&path));
    }
  /* The same deck as the Arcmage web API gives it, from its text. */
  {
    g_autofree char *text = dw_test_read_file (g_ptr_array_index (files, 0));
    g_autoptr(GRegex) line = g_regex_new ("^(?:SB: )?([0-9]+)x (.+)$", G_REGEX_MULTILINE, 0, NULL);
    g_autoptr(GMatchInfo) match = NULL;
    g_autoptr(GString) json = g_string_new ("{\"name\": \"Green Wall\", \"deckCards\": [");

    g_regex_match (line, text, 0, &match);
    while (g_match_info_matches (match))
      {
        g_autofree char *count = g_match_info_fetch (match, 1);
        g_autofree char *name = g_match_info_fetch (match, 2);

        g_string_append_printf (json, "%s{\"quantity\": %s, \"card\": {\"name\": \"%s\"}}",
                                json->str[json->len - 1] == '[' ? "" : ", ", count, name);
        g_match_info_next (match, NULL);
      }
    g_string_append (json, "]}\n");
    g_ptr_array_add (files, dw_test_write_file (fixture->tmpdir, "green-wall.json", json->str));
  }

  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autofree char *table = g_build_filename (fixture->tmpdir, "table.xml", NULL);
      g_autofree char *exported = g_build_filename (fixture->tmpdir, "again.xml", NULL);
      g_autofree char *validated = NULL, *validate_err = NULL;
      g_autofree char *stats = NULL, *stats_err = NULL;
      g_autofree char *hands = NULL, *hands_err = NULL;
      g_autofree char *played = NULL, *played_err = NULL;
      g_autofree char *out = NULL, *export_err = NULL;
      g_autofree char *xml = NULL;

      g_test_message ("%s", path);
      dw_test_cli_run (fixture, (const char *[]) { "--validate", path, NULL }, &validated, &validate_err);
      g_assert_cmpstr (validate_err, ==, "");

      g_assert_cmpint (dw_test_cli_run (fixture, (const char *[]) { "--stats", path, NULL }, &stats, &stats_err), ==, 0);
      g_assert_cmpstr (stats_err, ==, "");
      /* The same cards, whatever the file: the same statistics. */
      if (!g_str_has_suffix (path, ".json"))
        g_assert_cmpstr (stats, ==, xml_stats);
      else
        /* The web's deck is today's Arcmage: the budget is its format's. */
        g_assert_true (g_str_has_prefix (stats, "Cost curve (60 cards):\n"));

      g_assert_cmpint (dw_test_cli_run (fixture, (const char *[]) { "--sample-hands", "3", path, "--seed", "4", NULL },
                            &hands, &hands_err), ==, 0);
      g_assert_cmpstr (hands_err, ==, "");
      g_assert_true (g_str_has_prefix (hands, "4: "));

      g_assert_cmpint (dw_test_cli_run (fixture, (const char *[]) { "--playtest", path, "--seed", "4", "--output", table, NULL },
                            &played, &played_err), ==, 0);
      g_assert_cmpstr (played_err, ==, "");
      g_assert_true (g_file_test (table, G_FILE_TEST_IS_REGULAR));

      g_assert_cmpint (dw_test_cli_run (fixture, (const char *[]) { "--export", "xml", path, "--output", exported, NULL },
                            &out, &export_err), ==, 0);
      g_assert_cmpstr (export_err, ==, "");
      xml = dw_test_read_file (exported);
      g_assert_true (g_str_has_prefix (xml, "<?xml"));
      g_assert_nonnull (strstr (xml, "<deck xmlns=\"urn:deckwright:deck:1\""));
    }
}

/* The man page names every option --help lists. */
static void
test_man_page_mentions_every_option (Fixture       *fixture,
                                     gconstpointer  data)
{
  g_autofree char *help = help_text (fixture);
  g_autoptr(GPtrArray) listed = options_of_help (help);
  g_autofree char *man = dw_test_read_file (g_getenv ("DECKWRIGHT_MAN"));

  g_assert_true (g_str_has_prefix (man, ".TH DECKWRIGHT 1 "));
  g_assert_cmpuint (listed->len, >=, 25);
  for (guint i = 0; i < listed->len; i++)
    {
      g_auto(GStrv) parts = g_strsplit (g_ptr_array_index (listed, i), "-", -1);
      g_autofree char *roff = g_strjoinv ("\\-", parts);
      g_autofree char *entry = g_strconcat ("\\fB", roff, "\\fR", NULL);

      if (strstr (man, entry) == NULL)
        g_error ("the man page has no entry %s", entry);
    }
}

/* Runs @script in bash after sourcing the completion, with the built
 * deckwright first on PATH; its standard output. */
static char *
run_bash (Fixture    *fixture,
          const char *script)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                                                       G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *bin = g_path_get_dirname (g_getenv ("DECKWRIGHT"));
  g_autofree char *path = g_strconcat (bin, ":", g_getenv ("PATH"), NULL);
  g_autofree char *full = g_strdup_printf ("source '%s' || exit 3\n%s", g_getenv ("DECKWRIGHT_COMPLETION"),
                                           script);
  char *out = NULL;
  g_autofree char *err = NULL;

  g_subprocess_launcher_setenv (launcher, "PATH", path, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", fixture->xdg_home, TRUE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_unsetenv (launcher, "DISPLAY");
  g_subprocess_launcher_set_cwd (launcher, fixture->tmpdir);
  process = g_subprocess_launcher_spawn (launcher, &error, "bash", "--norc", "--noprofile", "-c", full, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  if (g_subprocess_get_exit_status (process) != 0)
    g_error ("bash exited %d: %s", g_subprocess_get_exit_status (process), err);
  return out;
}

/* What the completion offers after the words @line (the last one, the
 * one completed, may be empty), one a line, sorted. */
static char *
complete (Fixture    *fixture,
          const char *line)
{
  g_autofree char *script = g_strdup_printf ("COMP_WORDS=(deckwright %s); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))\n"
                                             "_deckwright\n"
                                             "printf '%%s\\n' \"${COMPREPLY[@]}\" | LC_ALL=C sort\n", line);

  return run_bash (fixture, script);
}

static void
test_completion_knows_every_option (Fixture       *fixture,
                                    gconstpointer  data)
{
  g_autofree char *help = help_text (fixture);
  g_autoptr(GPtrArray) listed = options_of_help (help);
  g_autofree char *registered = run_bash (fixture, "complete -p deckwright\n");
  g_autofree char *options = complete (fixture, "--");
  g_autofree char *reports = complete (fixture, "--report ''");
  g_autofree char *reports_eq = complete (fixture, "--report = j");
  g_autofree char *exports = complete (fixture, "--export c");
  g_autofree char *papers = complete (fixture, "--paper ''");
  g_autofree char *formats = complete (fixture, "--validate deck.xml --format arc");
  g_autofree char *files = NULL;
  g_auto(GStrv) offered = g_strsplit (options, "\n", -1);

  g_assert_cmpstr (registered, ==, "complete -o filenames -F _deckwright deckwright\n");
  /* Every option and nothing else ("" after the last newline). */
  g_assert_cmpuint (g_strv_length (offered), ==, listed->len + 1);
  for (guint i = 0; i < listed->len; i++)
    if (!g_strv_contains ((const char * const *) offered, g_ptr_array_index (listed, i)))
      g_error ("the completion does not offer %s:\n%s", (char *) g_ptr_array_index (listed, i), options);

  g_assert_cmpstr (reports, ==, "csv\njson\npdf\n");
  g_assert_cmpstr (reports_eq, ==, "json\n");
  g_assert_cmpstr (exports, ==, "cod\ncode\ncsv\n");
  g_assert_cmpstr (papers, ==, "a4\nletter\n");
  g_assert_cmpstr (formats, ==, "arcmage-2021\narcmage-orc\n");

  g_free (dw_test_write_file (fixture->tmpdir, "green-wall.xml", "<deck/>"));
  files = complete (fixture, "--stats gre");
  g_assert_cmpstr (files, ==, "green-wall.xml\n");
}

static void
add_test (const char  *path,
          void       (*func) (Fixture *, gconstpointer))
{
  g_test_add (path, Fixture, NULL, dw_test_cli_set_up, func, dw_test_cli_tear_down);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  add_test ("/cli/help/lists-every-command-and-option-readme-names", test_help_lists_readme_commands);
  add_test ("/cli/version/prints-the-project-version", test_version);
  add_test ("/cli/options/wrong-options-exit-2", test_wrong_options_exit_2);
  add_test ("/cli/options/one-command-at-a-time", test_one_command_at_a_time);
  add_test ("/cli/options/stats-and-sample-hands-write-output", test_stats_and_hands_write_output);
  add_test ("/cli/options/every-command-reads-every-deck-format", test_every_command_reads_every_deck_format);
  add_test ("/cli/man-page/mentions-every-option", test_man_page_mentions_every_option);
  add_test ("/cli/completion/knows-every-option", test_completion_knows_every_option);

  return g_test_run ();
}
