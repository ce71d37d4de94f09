/* dw-test-util.h — helpers shared by the test programs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-export.h"
#include "dw-library.h"
#include "dw-table.h"

G_BEGIN_DECLS

/* The library of the shipped games and card databases (read from
 * DECKWRIGHT_DATA_DIR, which meson points at the source tree). */
DwLibrary  *dw_test_library          (void);
/* A path under the source tree's data/ folder. */
char       *dw_test_data_path        (const char *first, ...) G_GNUC_NULL_TERMINATED;
/* data/decks/@name. */
char       *dw_test_deck_path        (const char *name);
/* One library of the shipped games for the whole test program, made
 * when first asked and kept to its end. */
DwLibrary  *dw_test_shared_library   (void);
/* The deck at @path, loaded and resolved against @library. */
DwDeck     *dw_test_load_deck_file   (DwLibrary  *library,
                                      const char *path);
/* data/decks/@name, loaded and resolved against @library. */
DwDeck     *dw_test_load_deck        (DwLibrary  *library,
                                      const char *name);
/* How dw_test_run_deckwright_with() starts deckwright, beyond its
 * arguments: every field may be NULL. */
typedef struct
{
  const char *cwd;     /* its working folder; NULL: the test's own */
  const char *locale;  /* $LC_ALL; NULL: C.UTF-8 */
  const char *input;   /* its standard input; NULL: empty */
} DwTestRunOptions;

/* Runs $DECKWRIGHT with @args, no display, @xdg_home as $XDG_DATA_HOME
 * and @xdg_home/cache as $XDG_CACHE_HOME, as @options say (NULL: in the
 * C.UTF-8 locale, here, nothing on its standard input); returns its exit
 * status (a crash fails the test) and what it printed. */
int         dw_test_run_deckwright_with (const char             *xdg_home,
                                         const DwTestRunOptions *options,
                                         const char * const     *args,
                                         char                  **out,
                                         char                  **err);
/* dw_test_run_deckwright_with() with no options. */
int         dw_test_run_deckwright   (const char         *xdg_home,
                                      const char * const *args,
                                      char              **out,
                                      char              **err);
/* A fixture for the command-line tests: a fresh folder, and inside it
 * the $XDG_DATA_HOME each run of deckwright gets. */
typedef struct
{
  char *tmpdir;    /* removed after each test */
  char *xdg_home;  /* the child's $XDG_DATA_HOME, inside tmpdir */
} DwTestCliFixture;

void        dw_test_cli_set_up       (DwTestCliFixture   *fixture,
                                      gconstpointer       data);
void        dw_test_cli_tear_down    (DwTestCliFixture   *fixture,
                                      gconstpointer       data);
/* dw_test_run_deckwright() in the fixture's folder; with --verbose, says
 * what it printed. */
int         dw_test_cli_run          (DwTestCliFixture   *fixture,
                                      const char * const *args,
                                      char              **out,
                                      char              **err);
/* What one run of deckwright gave. */
typedef struct
{
  int    status;
  char  *out;
  char  *err;
  char **lines;    /* out, split at newlines, without the empty one after the last */
} DwTestRun;

/* dw_test_run_deckwright_with() in the fixture's folder, kept whole;
 * with --verbose, says what it printed. */
DwTestRun  *dw_test_cli_run_with     (DwTestCliFixture       *fixture,
                                      const DwTestRunOptions *options,
                                      const char * const     *args);
void        dw_test_run_free         (DwTestRun          *run);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwTestRun, dw_test_run_free)

/* A path under tests/data/. */
char       *dw_test_fixture_path     (const char *name);
/* A fresh temporary folder, removed by dw_test_remove_tree(). */
char       *dw_test_make_tmpdir      (void);
void        dw_test_remove_tree      (const char *path);
/* Writes @contents to @dir/@name and returns the path. */
char       *dw_test_write_file       (const char *dir,
                                      const char *name,
                                      const char *contents);
/* How many newlines @text holds. */
guint       dw_test_count_lines      (const char *text);
/* The whole of a file; the test fails if it cannot be read. */
char       *dw_test_read_file        (const char *path);
/* The names of the .xml files in data/@folder, sorted; the test fails
 * when there are fewer than @min_files, so a folder that lost its files
 * cannot pass by testing nothing. */
GPtrArray  *dw_test_list_data_xml    (const char *folder,
                                      guint       min_files);
/* The path of ../shared/reference/@name beside the project, or NULL when
 * ../shared is absent (tests then skip). */
char       *dw_test_shared_reference (const char *name);

/* Writes the shipped deck data/decks/@deck_name to @dir/@file_name as
 * @kind, as dw_export_to_string() writes it. */
void        dw_test_write_export     (DwLibrary    *library,
                                      const char   *dir,
                                      const char   *deck_name,
                                      DwExportKind  kind,
                                      const char   *file_name);
/* The name of a card that @text tells although the player could see
 * that card neither in @before nor in @after (NULL: only @before), or
 * NULL when @text tells no hidden card's name. */
const char *dw_test_hidden_name_in   (const DwTableState *before,
                                      const DwTableState *after,
                                      const char         *text);
/* Asserts that the table refuses @text, naming @rule (NULL when no rule is
 * meant) with a message holding @reason, and that nothing changed. */
void        dw_test_table_refused    (DwTable    *table,
                                      const char *text,
                                      const char *rule,
                                      const char *reason);

/* Runs the main loop until @expr holds, however long that takes on a
 * slow or busy machine: a test waits for the condition it needs, never
 * for a time (meson's timeout ends a wait that never ends).  A tick wakes
 * the loop now and then, so a condition another thread changes without
 * waking the main context is seen too. */
#define DW_TEST_WAIT_UNTIL(expr)                              \
  G_STMT_START {                                              \
    guint dw_test_tick_id_ = dw_test_tick_begin ();           \
    while (!(expr))                                           \
      g_main_context_iteration (NULL, TRUE);                  \
    g_source_remove (dw_test_tick_id_);                       \
  } G_STMT_END

guint       dw_test_tick_begin       (void);
/* For a test that something does NOT happen after a delay of less than
 * @ms (a hover that was left): runs the main loop until a timeout of @ms
 * added now has fired.  GLib runs timeouts in the order they fall due, so
 * any timeout already pending with a shorter delay has had its turn by
 * then, however slow the machine. */
void        dw_test_outlast          (guint ms);

G_END_DECLS
