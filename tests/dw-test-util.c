/* dw-test-util.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "dw-export.h"
#include "dw-table.h"
#include "dw-test-util.h"

DwLibrary *
dw_test_library (void)
{
  g_autoptr(GError) error = NULL;
  DwLibrary *library = dw_library_new ();

  g_assert_true (dw_library_load_defaults (library, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dw_library_get_load_errors (library)->len, ==, 0);
  return library;
}

char *
dw_test_data_path (const char *first,
                   ...)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  const char *part;
  va_list args;

  g_ptr_array_add (parts, (gpointer) g_getenv ("DECKWRIGHT_DATA_DIR"));
  g_assert_nonnull (g_ptr_array_index (parts, 0));

  va_start (args, first);
  for (part = first; part; part = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) part);
  va_end (args);
  g_ptr_array_add (parts, NULL);

  return g_build_filenamev ((char **) parts->pdata);
}

guint
dw_test_count_lines (const char *text)
{
  guint n = 0;

  for (const char *p = text; *p; p++)
    n += *p == '\n';
  return n;
}

char *
dw_test_deck_path (const char *name)
{
  return dw_test_data_path ("decks", name, NULL);
}

int
dw_test_run_deckwright_with (const char             *xdg_home,
                             const DwTestRunOptions *options,
                             const char * const     *args,
                             char                  **out,
                             char                  **err)
{
  static const DwTestRunOptions plain = { NULL, NULL, NULL };
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *cache = g_build_filename (xdg_home, "cache", NULL);
  const char *exe = g_getenv ("DECKWRIGHT");

  if (options == NULL)
    options = &plain;
  g_assert_nonnull (exe);
  g_ptr_array_add (argv, (gpointer) exe);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  /* No display at all: the commands must run on the core alone. */
  g_subprocess_launcher_unsetenv (launcher, "DISPLAY");
  g_subprocess_launcher_unsetenv (launcher, "WAYLAND_DISPLAY");
  /* The messages the tests check are the untranslated ones, in UTF-8,
   * unless a test asks for a locale of its own. */
  g_subprocess_launcher_setenv (launcher, "LC_ALL", options->locale ? options->locale : "C.UTF-8", TRUE);
  g_subprocess_launcher_unsetenv (launcher, "LANGUAGE");
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", xdg_home, TRUE);
  /* The deck library's index goes to the run's own cache, never the
   * tester's. */
  g_subprocess_launcher_setenv (launcher, "XDG_CACHE_HOME", cache, TRUE);
  if (options->cwd != NULL)
    g_subprocess_launcher_set_cwd (launcher, options->cwd);

  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, options->input ? options->input : "", NULL, out, err, &error);
  g_assert_no_error (error);
  /* A crash is never an answer. */
  g_assert_true (g_subprocess_get_if_exited (process));
  return g_subprocess_get_exit_status (process);
}

int
dw_test_run_deckwright (const char         *xdg_home,
                        const char * const *args,
                        char              **out,
                        char              **err)
{
  return dw_test_run_deckwright_with (xdg_home, NULL, args, out, err);
}

DwDeck *
dw_test_load_deck (DwLibrary  *library,
                   const char *name)
{
  g_autofree char *path = dw_test_data_path ("decks", name, NULL);
  g_autoptr(GError) error = NULL;
  DwDeck *deck = dw_deck_load (path, &error);

  g_assert_no_error (error);
  dw_library_resolve_deck (library, deck);
  return deck;
}

DwLibrary *
dw_test_shared_library (void)
{
  static DwLibrary *shared;

  if (shared == NULL)
    shared = dw_test_library ();
  return shared;
}

DwDeck *
dw_test_load_deck_file (DwLibrary  *library,
                        const char *path)
{
  g_autoptr(GError) error = NULL;
  DwDeck *deck = dw_deck_load (path, &error);

  g_assert_no_error (error);
  dw_library_resolve_deck (library, deck);
  return deck;
}

const char *
dw_test_hidden_name_in (const DwTableState *before,
                        const DwTableState *after,
                        const char         *text)
{
  const DwTableState *last = after != NULL ? after : before;
  guint n = dw_table_state_get_n_cards (last);
  guint n_before = dw_table_state_get_n_cards (before);

  for (guint i = 1; i <= n; i++)
    {
      const char *name = dw_card_get_name (dw_table_state_get_card (last, i)->card);
      gboolean seen = FALSE;

      if (strstr (text, name) == NULL)
        continue;
      /* A card of another name that holds this one ("Scout" in "Thornwood
       * Scout") may be the one told. */
      for (guint j = 1; j <= n && !seen; j++)
        seen = strstr (dw_card_get_name (dw_table_state_get_card (last, j)->card), name) != NULL &&
               ((j <= n_before && dw_table_state_card_visible (before, j)) ||
                (after != NULL && dw_table_state_card_visible (after, j)));
      if (!seen)
        return name;
    }
  return NULL;
}

char *
dw_test_fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", name, NULL);
}

char *
dw_test_make_tmpdir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("deckwright-test-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

void
dw_test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  /* A link is removed, never followed: it may lead out of the tree. */
  if (!g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    dir = g_dir_open (path, 0, NULL);
  if (dir != NULL)
    {
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          dw_test_remove_tree (child);
        }
      g_rmdir (path);
      return;
    }
  g_unlink (path);
}

char *
dw_test_write_file (const char *dir,
                    const char *name,
                    const char *contents)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
  return path;
}

char *
dw_test_shared_reference (const char *name)
{
  const char *srcdir = g_getenv ("G_TEST_SRCDIR");
  char *path;

  if (srcdir == NULL)
    return NULL;
  path = g_build_filename (srcdir, "..", "..", "shared", "reference", name, NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_free (path);
      return NULL;
    }
  return path;
}

char *
dw_test_read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

GPtrArray *
dw_test_list_data_xml (const char *folder,
                       guint       min_files)
{
  g_autofree char *dir = dw_test_data_path (folder, NULL);
  g_autoptr(GDir) handle = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  handle = g_dir_open (dir, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (handle)) != NULL)
    if (g_str_has_suffix (name, ".xml"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_assert_cmpuint (names->len, >=, min_files);
  return names;
}

/* Table tests: asserts that @text is refused, naming @rule (NULL: no rule, such as a
 * card that is not there) and saying @reason, and that nothing changed. */
void
dw_test_table_refused (DwTable    *table,
                       const char *text,
                       const char *rule,
                       const char *reason)
{
  g_autoptr(DwTableState) before = dw_table_state_copy (dw_table_get_state (table));
  guint log = dw_table_get_n_log (table);
  g_autoptr(GError) error = NULL;
  g_autofree char *effects = NULL;

  if (dw_table_perform_text (table, text, &effects, &error))
    g_error ("“%s” was accepted (%s); it must be refused by %s", text, effects, rule ? rule : "the table");
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_REJECTED);
  if (g_test_verbose ())
    g_test_message ("%s: refused: %s", text, error->message);
  if (rule != NULL)
    {
      g_autofree char *suffix = g_strdup_printf ("(%s)", rule);

      if (!g_str_has_suffix (error->message, suffix))
        g_error ("“%s” was refused as “%s”, not by %s", text, error->message, rule);
    }
  if (strstr (error->message, reason) == NULL)
    g_error ("“%s” was refused as “%s”, which does not say “%s”", text, error->message, reason);
  g_assert_true (dw_table_state_equal (before, dw_table_get_state (table)));
  g_assert_cmpuint (dw_table_get_n_log (table), ==, log);
}

/* Writes the shipped deck @deck_name into @dir as @file_name, exported as
 * @kind: the decklists a player sends in. */
void
dw_test_write_export (DwLibrary    *library,
                      const char   *dir,
                      const char   *deck_name,
                      DwExportKind  kind,
                      const char   *file_name)
{
  g_autofree char *path = dw_test_data_path ("decks", deck_name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = dw_deck_load (path, &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  dw_library_resolve_deck (library, deck);
  text = dw_export_to_string (deck, dw_library_lookup_game (library, dw_deck_get_game_id (deck)), kind, &error);
  g_assert_no_error (error);
  g_free (dw_test_write_file (dir, file_name, text));
}

static gboolean
tick_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* A source that only wakes the main loop, for DW_TEST_WAIT_UNTIL(). */
guint
dw_test_tick_begin (void)
{
  return g_timeout_add (20, tick_cb, NULL);
}

static gboolean
outlasted_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

void
dw_test_outlast (guint ms)
{
  gboolean fired = FALSE;

  g_timeout_add (ms, outlasted_cb, &fired);
  while (!fired)
    g_main_context_iteration (NULL, TRUE);
}

void
dw_test_cli_set_up (DwTestCliFixture *fixture,
                    gconstpointer     data)
{
  fixture->tmpdir = dw_test_make_tmpdir ();
  fixture->xdg_home = g_build_filename (fixture->tmpdir, "xdg-data-home", NULL);
  g_assert_cmpint (g_mkdir_with_parents (fixture->xdg_home, 0700), ==, 0);
}

void
dw_test_cli_tear_down (DwTestCliFixture *fixture,
                       gconstpointer     data)
{
  dw_test_remove_tree (fixture->tmpdir);
  g_free (fixture->xdg_home);
  g_free (fixture->tmpdir);
}

int
dw_test_cli_run (DwTestCliFixture   *fixture,
                 const char * const *args,
                 char              **out,
                 char              **err)
{
  int status = dw_test_run_deckwright (fixture->xdg_home, args, out, err);

  if (g_test_verbose ())
    g_test_message ("exit %d\nstdout:\n%s\nstderr:\n%s", status, *out, *err);
  return status;
}

DwTestRun *
dw_test_cli_run_with (DwTestCliFixture       *fixture,
                      const DwTestRunOptions *options,
                      const char * const     *args)
{
  DwTestRun *run = g_new0 (DwTestRun, 1);
  guint n_lines;

  run->status = dw_test_run_deckwright_with (fixture->xdg_home, options, args, &run->out, &run->err);
  run->lines = g_strsplit (run->out, "\n", -1);
  n_lines = g_strv_length (run->lines);
  if (n_lines > 0 && run->lines[n_lines - 1][0] == '\0')
    g_clear_pointer (&run->lines[n_lines - 1], g_free);
  if (g_test_verbose ())
    g_test_message ("exit %d\nstdout:\n%s\nstderr:\n%s", run->status, run->out, run->err);
  return run;
}

void
dw_test_run_free (DwTestRun *run)
{
  g_free (run->out);
  g_free (run->err);
  g_strfreev (run->lines);
  g_free (run);
}

/* ------------------------------------------------------------ a home of the run's own */

/* Every test program runs in a home of its own, made before main() so
 * that nothing can ask GLib for the tester's first (GLib reads HOME and
 * the XDG variables once).  Before this, a test that saved a deck made
 * ~/Documents/Decks in the tester's home: from then on every window of
 * every other test found a deck library there and showed "In none of
 * your decks" under the browser's card, which took the height
 * test-card-face measures, so the suite's verdict hung on which test ran
 * first and on what the tester kept at home.  XDG_STATE_HOME (where
 * autosaves and the table's recovery go) is in it too, so no two test
 * programs see each other's; XDG_DATA_HOME stays as tests/meson.build and
 * each test set it. */
static char *test_home;
static pid_t test_home_owner;

__attribute__((constructor)) static void
dw_test_home_make (void)
{
  g_autofree char *cache = NULL;
  g_autofree char *config = NULL;
  g_autofree char *state = NULL;

  test_home = g_dir_make_tmp ("deckwright-test-home-XXXXXX", NULL);
  if (test_home == NULL)
    g_error ("no temporary folder for the test's home");
  test_home_owner = getpid ();
  cache = g_build_filename (test_home, ".cache", NULL);
  config = g_build_filename (test_home, ".config", NULL);
  g_setenv ("HOME", test_home, TRUE);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  state = g_build_filename (test_home, ".local", "state", NULL);
  g_setenv ("XDG_STATE_HOME", state, TRUE);
}

/* Only the process that made it removes it: a test's forked
 * subprocesses (g_test_trap_subprocess) end while it still runs. */
__attribute__((destructor)) static void
dw_test_home_remove (void)
{
  if (test_home != NULL && getpid () == test_home_owner)
    dw_test_remove_tree (test_home);
  g_clear_pointer (&test_home, g_free);
}
