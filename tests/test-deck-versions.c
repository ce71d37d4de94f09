/* test-deck-versions.c — every save of a library deck keeps what it replaced
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE  /* unshare() */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sched.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dw-deck-library.h"
#include "dw-deck-versions.h"
#include "dw-deck-versions-private.h"
#include "dw-import.h"
#include "dw-test-util.h"

typedef struct
{
  DwLibrary *cards;
  char      *tmpdir;
  char      *root;
  char      *path;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *store = NULL;
  g_autofree char *source = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autofree char *contents = dw_test_read_file (source);

  fixture->cards = dw_test_library ();
  fixture->tmpdir = dw_test_make_tmpdir ();
  fixture->root = g_build_filename (fixture->tmpdir, "Decks", NULL);
  store = g_build_filename (fixture->root, DW_DECK_LIBRARY_DIR, NULL);
  g_assert_cmpint (g_mkdir_with_parents (store, 0755), ==, 0);
  fixture->path = dw_test_write_file (fixture->root, "green.xml", contents);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  dw_deck_versions_testing_write = NULL;
  dw_test_remove_tree (fixture->tmpdir);
  g_free (fixture->tmpdir);
  g_free (fixture->root);
  g_free (fixture->path);
  g_clear_object (&fixture->cards);
}

static DwDeck *
load (Fixture    *fixture,
      const char *path)
{
  g_autoptr(GError) error = NULL;
  DwDeck *deck = dw_import_deck_file (fixture->cards, path, DW_IMPORT_AUTO, NULL, NULL, &error);

  g_assert_no_error (error);
  return deck;
}

static DwDeckEntry *
find_named (DwDeck     *deck,
            const char *section,
            const char *name)
{
  GListModel *entries = dw_deck_get_section (deck, section);

  for (guint i = 0; i < g_list_model_get_n_items (entries); i++)
    {
      g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i);

      if (strcmp (dw_deck_entry_get_name (entry), name) == 0)
        return entry;
    }
  g_assert_not_reached ();
}

/* Changes the deck as a player would: two Thornwood Scouts and a
 * Seedfall out, a region out. */
static void
edit_and_save (Fixture *fixture)
{
  g_autoptr(DwDeck) deck = load (fixture, fixture->path);
  g_autoptr(GError) error = NULL;
  DwDeckEntry *seedfall = find_named (deck, "main", "Seedfall");
  DwDeckEntry *scout = find_named (deck, "main", "Thornwood Scout");

  dw_deck_entry_set_count (seedfall, dw_deck_entry_get_count (seedfall) - 1);
  dw_deck_entry_set_count (scout, dw_deck_entry_get_count (scout) - 2);
  {
    g_autoptr(DwDeckEntry) region = g_list_model_get_item (dw_deck_get_section (deck, "regions"), 0);

    dw_deck_remove_entry (deck, region);
  }
  g_assert_true (dw_deck_save (deck, fixture->path, &error));
  g_assert_no_error (error);
}

static GListModel *
list (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  GListModel *versions = dw_deck_versions_list (fixture->cards, fixture->path, &error);

  g_assert_no_error (error);
  return versions;
}

static void
test_outside_a_library_nothing_is_kept (Fixture       *fixture,
                                        gconstpointer  data)
{
  g_autofree char *outside = g_build_filename (fixture->tmpdir, "loose.xml", NULL);
  g_autoptr(DwDeck) deck = load (fixture, fixture->path);
  g_autoptr(GError) error = NULL;

  g_assert_true (dw_deck_save (deck, outside, &error));
  g_assert_true (dw_deck_save (deck, outside, &error));
  g_assert_null (dw_deck_versions_find_root (outside));
  g_assert_null (dw_deck_versions_list (fixture->cards, outside, &error));
  g_assert_error (error, DW_DECK_VERSIONS_ERROR, DW_DECK_VERSIONS_ERROR_NOT_IN_LIBRARY);
}

/* A library folder whose store no window or scan has made yet: its
 * first save still keeps what it replaced. */
static void
test_a_library_folder_keeps_from_its_first_save (Fixture       *fixture,
                                                 gconstpointer  data)
{
  g_autofree char *fresh = g_build_filename (fixture->tmpdir, "Fresh Library", NULL);
  g_autofree char *store = g_build_filename (fresh, DW_DECK_LIBRARY_DIR, NULL);
  g_autofree char *path = NULL;
  g_autofree char *root = NULL;
  g_autoptr(GSettings) settings = g_settings_new ("io.github.deckwright.Deckwright");
  const char *folders[] = { fresh, NULL };
  g_autoptr(DwDeck) deck = load (fixture, fixture->path);
  g_autoptr(GListModel) versions = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (fresh, 0755), ==, 0);
  path = g_build_filename (fresh, "green.xml", NULL);
  dw_deck_save (deck, path, &error);
  g_assert_no_error (error);
  /* Not yet a folder of the library: nothing kept, no store made. */
  g_assert_null (dw_deck_versions_find_root (path));
  g_assert_false (g_file_test (store, G_FILE_TEST_EXISTS));

  g_settings_set_strv (settings, "library-folders", folders);
  root = dw_deck_versions_find_root (path);
  g_assert_cmpstr (root, ==, fresh);
  dw_deck_set_name (deck, "Green, second");
  dw_deck_save (deck, path, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_test (store, G_FILE_TEST_IS_DIR));
  versions = dw_deck_versions_list (fixture->cards, path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (versions), ==, 1);
  g_settings_reset (settings, "library-folders");
}

static void
test_save_keeps_what_it_replaced (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autofree char *original = dw_test_read_file (fixture->path);
  g_autoptr(GListModel) versions = NULL;
  g_autoptr(DwDeckVersion) version = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *root = dw_deck_versions_find_root (fixture->path);

  g_assert_cmpstr (root, ==, fixture->root);
  versions = list (fixture);
  g_assert_cmpuint (g_list_model_get_n_items (versions), ==, 0);
  g_clear_object (&versions);

  edit_and_save (fixture);
  versions = list (fixture);
  g_assert_cmpuint (g_list_model_get_n_items (versions), ==, 1);
  version = g_list_model_get_item (versions, 0);
  kept = dw_test_read_file (dw_deck_version_get_path (version));
  g_assert_cmpstr (kept, ==, original);
  g_assert_true (g_str_has_prefix (dw_deck_version_get_path (version), fixture->root));
  g_assert_nonnull (dw_deck_version_get_time (version));
  g_assert_cmpstr (dw_deck_version_get_summary (version), ==,
                   "\u22121 Seedfall, \u22122 Thornwood Scout, regions changed");
}

static void
test_saving_the_same_contents_keeps_nothing (Fixture       *fixture,
                                             gconstpointer  data)
{
  g_autoptr(DwDeck) deck = load (fixture, fixture->path);
  g_autoptr(GListModel) versions = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (dw_deck_save (deck, fixture->path, &error));
  g_assert_true (dw_deck_save (deck, fixture->path, &error));
  versions = list (fixture);
  /* The first save rewrote the file in our own layout: one version. */
  g_assert_cmpuint (g_list_model_get_n_items (versions), <=, 1);
}

static void
test_versions_are_newest_first_and_restore_keeps_the_current (Fixture       *fixture,
                                                              gconstpointer  data)
{
  g_autofree char *original = dw_test_read_file (fixture->path);
  g_autofree char *edited = NULL;
  g_autoptr(GListModel) versions = NULL;
  g_autoptr(DwDeckVersion) newest = NULL;
  g_autoptr(DwDeckVersion) oldest = NULL;
  g_autofree char *now = NULL;
  g_autoptr(GError) error = NULL;

  edit_and_save (fixture);
  edited = dw_test_read_file (fixture->path);
  {
    g_autoptr(DwDeck) deck = load (fixture, fixture->path);

    dw_deck_set_name (deck, "Green Wall II");
    g_assert_true (dw_deck_save (deck, fixture->path, &error));
  }
  versions = list (fixture);
  g_assert_cmpuint (g_list_model_get_n_items (versions), ==, 2);
  newest = g_list_model_get_item (versions, 0);
  oldest = g_list_model_get_item (versions, 1);
  g_assert_cmpint (g_date_time_compare (dw_deck_version_get_time (newest),
                                        dw_deck_version_get_time (oldest)), >=, 0);
  g_assert_cmpstr (dw_deck_version_get_summary (newest), ==, "name changed");

  /* Restore the oldest, by its id: the current file becomes a version. */
  g_assert_true (dw_deck_versions_restore (fixture->path, dw_deck_version_get_id (oldest), &error));
  g_assert_no_error (error);
  now = dw_test_read_file (fixture->path);
  g_assert_cmpstr (now, ==, original);
  g_clear_object (&versions);
  versions = list (fixture);
  g_assert_cmpuint (g_list_model_get_n_items (versions), ==, 3);

  /* And by position: 2 is the edited deck. */
  g_assert_true (dw_deck_versions_restore (fixture->path, "2", &error));
  g_free (now);
  now = dw_test_read_file (fixture->path);
  g_assert_cmpstr (now, ==, edited);

  g_assert_false (dw_deck_versions_restore (fixture->path, "19990101T000000.000000Z-00000000", &error));
  g_assert_error (error, DW_DECK_VERSIONS_ERROR, DW_DECK_VERSIONS_ERROR_NO_SUCH_VERSION);
}

static void
test_history_follows_a_move_through_the_library (Fixture       *fixture,
                                                 gconstpointer  data)
{
  g_autofree char *cache = g_build_filename (fixture->tmpdir, "cache", NULL);
  g_autofree char *sub = g_build_filename (fixture->root, "old", NULL);
  g_autofree char *moved = g_build_filename (sub, "renamed.xml", NULL);
  g_autoptr(DwDeckLibrary) library = dw_deck_library_new (fixture->cards, cache);
  const char *roots[] = { fixture->root, NULL };
  g_autoptr(GListModel) versions = NULL;
  g_autoptr(GError) error = NULL;

  edit_and_save (fixture);
  g_mkdir (sub, 0755);
  dw_deck_library_set_roots (library, roots, FALSE);
  g_assert_true (dw_deck_library_scan (library, NULL, NULL));
  g_assert_true (dw_deck_library_move (library, fixture->path, moved, &error));
  g_assert_no_error (error);

  versions = dw_deck_versions_list (fixture->cards, moved, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (versions), ==, 1);
}

static void
test_history_follows_a_rename_by_another_program (Fixture       *fixture,
                                                  gconstpointer  data)
{
  g_autofree char *renamed = g_build_filename (fixture->root, "by-hand.xml", NULL);
  g_autoptr(GListModel) versions = NULL;
  g_autoptr(GError) error = NULL;

  edit_and_save (fixture);
  g_assert_cmpint (g_rename (fixture->path, renamed), ==, 0);
  versions = dw_deck_versions_list (fixture->cards, renamed, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (versions), ==, 1);

  /* A save at the new name adds to the same history. */
  g_free (fixture->path);
  fixture->path = g_strdup (renamed);
  {
    g_autoptr(DwDeck) deck = load (fixture, renamed);

    dw_deck_set_notes (deck, "moved by hand");
    g_assert_true (dw_deck_save (deck, renamed, &error));
  }
  g_clear_object (&versions);
  versions = list (fixture);
  g_assert_cmpuint (g_list_model_get_n_items (versions), ==, 2);
}

static void
test_history_follows_a_move_to_another_root (Fixture       *fixture,
                                             gconstpointer  data)
{
  g_autofree char *cache = g_build_filename (fixture->tmpdir, "cache", NULL);
  g_autofree char *other = g_build_filename (fixture->tmpdir, "Other", NULL);
  g_autofree char *moved = g_build_filename (other, "green.xml", NULL);
  g_autoptr(DwDeckLibrary) library = dw_deck_library_new (fixture->cards, cache);
  const char *roots[] = { fixture->root, other, NULL };
  g_autoptr(GListModel) versions = NULL;
  g_autoptr(DwDeckVersion) version = NULL;
  g_autoptr(GError) error = NULL;

  edit_and_save (fixture);
  dw_deck_library_set_roots (library, roots, TRUE);
  g_assert_true (dw_deck_library_scan (library, NULL, NULL));
  g_assert_true (dw_deck_library_move (library, fixture->path, moved, &error));
  g_assert_no_error (error);

  versions = dw_deck_versions_list (fixture->cards, moved, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (versions), ==, 1);
  version = g_list_model_get_item (versions, 0);
  g_assert_true (g_str_has_prefix (dw_deck_version_get_path (version), other));
}

/* A deck saved once a day for a year: pruning keeps the 30 last days,
 * one a week before them, and never fewer than the 20 newest. */
static void
test_pruning_policy (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GDateTime) now = g_date_time_new_utc (2026, 11, 27, 12, 0, 0);
  g_autoptr(GListModel) versions = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autoptr(GHashTable) weeks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint removed, n, recent = 0;

  edit_and_save (fixture);
  versions = list (fixture);
  {
    g_autoptr(DwDeckVersion) first = g_list_model_get_item (versions, 0);

    dir = g_path_get_dirname (dw_deck_version_get_path (first));
    g_assert_cmpint (g_unlink (dw_deck_version_get_path (first)), ==, 0);
  }
  for (int day = 0; day < 365; day++)
    {
      g_autoptr(GDateTime) when = g_date_time_add_days (now, -day);
      g_autofree char *stamp = g_date_time_format (when, "%Y%m%dT%H%M%S.%fZ");
      g_autofree char *name = g_strdup_printf ("%s-0000%04d.xml", stamp, day);

      g_free (dw_test_write_file (dir, name, "<deck/>"));
    }

  removed = dw_deck_versions_prune (fixture->path, now, &error);
  g_assert_no_error (error);
  g_clear_object (&versions);
  versions = list (fixture);
  n = g_list_model_get_n_items (versions);
  g_assert_cmpuint (removed + n, ==, 365);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwDeckVersion) version = g_list_model_get_item (versions, i);
      GDateTime *time = dw_deck_version_get_time (version);
      GTimeSpan age = g_date_time_difference (now, time);

      if (age <= 30 * G_TIME_SPAN_DAY)
        recent++;
      else
        {
          g_autofree char *week = g_strdup_printf ("%d-%d", g_date_time_get_week_numbering_year (time),
                                                   g_date_time_get_week_of_year (time));

          /* Older ones: one a week. */
          g_assert_true (g_hash_table_add (weeks, g_steal_pointer (&week)));
        }
    }
  g_assert_cmpuint (recent, ==, 31);
  g_assert_cmpuint (g_hash_table_size (weeks), >=, 47);
  g_assert_cmpuint (g_hash_table_size (weeks), <=, 49);

  /* The 20 newest stay, however old. */
  {
    g_autoptr(GDateTime) much_later = g_date_time_add_years (now, 5);

    dw_deck_versions_prune (fixture->path, much_later, &error);
    g_clear_object (&versions);
    versions = list (fixture);
    g_assert_cmpuint (g_list_model_get_n_items (versions), >=, DW_DECK_VERSIONS_KEEP_NEWEST);
  }
}

static void
test_a_version_that_cannot_be_kept_stops_the_save (Fixture       *fixture,
                                                   gconstpointer  data)
{
  g_autoptr(GListModel) versions = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(GError) error = NULL;

  edit_and_save (fixture);
  versions = list (fixture);
  {
    g_autoptr(DwDeckVersion) first = g_list_model_get_item (versions, 0);

    dir = g_path_get_dirname (dw_deck_version_get_path (first));
  }
  /* The deck's version folder can no longer be written (as on a full
   * disk): a file stands where it was. */
  dw_test_remove_tree (dir);
  g_free (dw_test_write_file (fixture->root, ".deckwright/versions/blocker", ""));
  {
    g_autofree char *blocker = g_build_filename (fixture->root, ".deckwright/versions/blocker", NULL);

    g_assert_cmpint (g_rename (blocker, dir), ==, 0);
  }

  before = dw_test_read_file (fixture->path);
  deck = load (fixture, fixture->path);
  dw_deck_set_name (deck, "Never written");
  g_assert_false (dw_deck_save (deck, fixture->path, &error));
  g_assert_error (error, DW_DECK_VERSIONS_ERROR, DW_DECK_VERSIONS_ERROR_KEEP_FAILED);
  g_assert_nonnull (strstr (error->message, fixture->path));
  after = dw_test_read_file (fixture->path);
  g_assert_cmpstr (after, ==, before);
  /* The deck in hand is whole. */
  g_assert_cmpstr (dw_deck_get_name (deck), ==, "Never written");
}

/* The file a full disk refuses, as the store's writer meets it. */
static const char *full_disk_at;

static gboolean
write_on_a_full_disk (const char   *path,
                      const char   *contents,
                      gssize        length,
                      DwSaveFlags   flags,
                      GError      **error)
{
  gboolean refused;

  if (g_strcmp0 (full_disk_at, "version") == 0)
    refused = strstr (path, G_DIR_SEPARATOR_S "versions" G_DIR_SEPARATOR_S) != NULL &&
              !g_str_has_suffix (path, G_DIR_SEPARATOR_S "index");
  else if (g_strcmp0 (full_disk_at, "index") == 0)
    refused = g_str_has_suffix (path, G_DIR_SEPARATOR_S "versions" G_DIR_SEPARATOR_S "index");
  else
    refused = g_strcmp0 (full_disk_at, path) == 0;
  if (refused)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOSPC, "%s: cannot be saved: %s", path,
                   g_strerror (ENOSPC));
      return FALSE;
    }
  return dw_save_file (path, contents, length, flags, error);
}

static guint
n_versions (Fixture *fixture)
{
  g_autoptr(GListModel) versions = list (fixture);

  return g_list_model_get_n_items (versions);
}

static char *
read_index (Fixture *fixture)
{
  g_autofree char *index = g_build_filename (fixture->root, DW_DECK_LIBRARY_DIR, "versions", "index", NULL);
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GError) error = NULL;
  char *text = dw_test_read_file (index);

  lines = dw_deck_versions_lines_from_text (text, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lines->len, ==, 1);
  return text;
}

/* A full disk at each file a save writes: the version kept, the deck, the
 * index.  The save is refused or done; the deck is whole, every version
 * is kept, the store reads. */
static void
test_full_disk_at_each_write (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autofree char *deck_before = NULL;
  g_autofree char *index_before = NULL;
  g_autofree char *index_after = NULL;
  g_autofree char *deck_after = NULL;
  g_autoptr(GError) error = NULL;

  edit_and_save (fixture);
  g_assert_cmpuint (n_versions (fixture), ==, 1);
  deck_before = dw_test_read_file (fixture->path);
  index_before = read_index (fixture);
  dw_deck_versions_testing_write = write_on_a_full_disk;

  /* The version cannot be kept: the save is refused, saying what to do. */
  full_disk_at = "version";
  g_assert_false (dw_deck_versions_save_file (fixture->path, "4 Thornwood Scout\n", -1, &error));
  g_assert_error (error, DW_DECK_VERSIONS_ERROR, DW_DECK_VERSIONS_ERROR_KEEP_FAILED);
  g_assert_nonnull (strstr (error->message, fixture->path));
  g_assert_nonnull (strstr (error->message, g_strerror (ENOSPC)));
  g_assert_nonnull (strstr (error->message, "free some space"));
  g_clear_error (&error);
  deck_after = dw_test_read_file (fixture->path);
  g_assert_cmpstr (deck_after, ==, deck_before);
  g_assert_cmpuint (n_versions (fixture), ==, 1);
  index_after = read_index (fixture);
  g_assert_cmpstr (index_after, ==, index_before);

  /* The version is kept, the deck cannot be written: the deck stays as it
   * was, and the copy of it just kept goes (it is no version of it). */
  full_disk_at = fixture->path;
  g_assert_false (dw_deck_versions_save_file (fixture->path, "4 Thornwood Scout\n", -1, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOSPC);
  g_clear_error (&error);
  g_free (deck_after);
  deck_after = dw_test_read_file (fixture->path);
  g_assert_cmpstr (deck_after, ==, deck_before);
  g_assert_cmpuint (n_versions (fixture), ==, 1);
  g_free (index_after);
  index_after = read_index (fixture);
  g_assert_cmpstr (index_after, ==, index_before);

  /* The deck is written, the index cannot be: the save is done, the
   * version kept, the old index whole, and it still finds the deck. */
  full_disk_at = "index";
  g_assert_true (dw_deck_versions_save_file (fixture->path, "4 Thornwood Scout\n", -1, &error));
  g_assert_no_error (error);
  g_free (deck_after);
  deck_after = dw_test_read_file (fixture->path);
  g_assert_cmpstr (deck_after, ==, "4 Thornwood Scout\n");
  g_assert_cmpuint (n_versions (fixture), ==, 2);
  g_free (index_after);
  index_after = read_index (fixture);
  g_assert_cmpstr (index_after, ==, index_before);

  /* Space again: the next save keeps what it replaces. */
  dw_deck_versions_testing_write = NULL;
  g_assert_true (dw_deck_versions_save_file (fixture->path, "3 Thornwood Scout\n", -1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_versions (fixture), ==, 3);
  {
    g_autoptr(GListModel) versions = list (fixture);
    g_autoptr(DwDeckVersion) newest = g_list_model_get_item (versions, 0);
    g_autoptr(DwDeckVersion) before = g_list_model_get_item (versions, 1);
    g_autofree char *newest_text = dw_test_read_file (dw_deck_version_get_path (newest));
    g_autofree char *before_text = dw_test_read_file (dw_deck_version_get_path (before));

    g_assert_cmpstr (newest_text, ==, "4 Thornwood Scout\n");
    g_assert_cmpstr (before_text, ==, deck_before);
  }
}

/* Whether @dir (and below) holds a temporary file a save left. */
static gboolean
holds_temporary_files (const char *dir)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (strstr (name, DW_SAVE_TEMP_INFIX) != NULL)
        return TRUE;
      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK) &&
          holds_temporary_files (path))
        return TRUE;
    }
  return FALSE;
}

/* The same on a real full disk: a 256 KiB tmpfs filled to the last
 * block, in a mount namespace of a child of its own (so nothing stays
 * mounted).  Skipped where it cannot be mounted (not root). */
static void
test_full_disk_on_a_real_file_system (Fixture       *fixture,
                                      gconstpointer  data)
{
  g_autofree char *disk = g_build_filename (fixture->tmpdir, "disk", NULL);
  int status = 0;
  pid_t child;

  g_assert_cmpint (g_mkdir (disk, 0755), ==, 0);
  child = fork ();
  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      g_autofree char *root = g_build_filename (disk, "Decks", NULL);
      g_autofree char *store = g_build_filename (root, DW_DECK_LIBRARY_DIR, NULL);
      g_autofree char *filler = g_build_filename (disk, "filler", NULL);
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;
      g_autofree char *deck = NULL;
      g_autofree char *chunk = g_malloc0 (4096);
      g_autoptr(GError) error = NULL;
      FILE *fill;

      if (unshare (CLONE_NEWNS) != 0 ||
          mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
          mount ("tmpfs", disk, "tmpfs", 0, "size=256k") != 0)
        _exit (77);

      g_assert_cmpint (g_mkdir_with_parents (store, 0755), ==, 0);
      deck = dw_test_write_file (root, "green.txt", "4 Thornwood Scout\n2 Seedfall\n");
      g_assert_true (dw_deck_versions_save_file (deck, "4 Thornwood Scout\n1 Seedfall\n", -1, &error));
      g_assert_no_error (error);

      /* Every block taken. */
      fill = fopen (filler, "w");
      g_assert_nonnull (fill);
      setvbuf (fill, NULL, _IONBF, 0);
      while (fwrite (chunk, 1, 4096, fill) == 4096)
        ;
      while (fwrite (chunk, 1, 1, fill) == 1)
        ;
      fclose (fill);

      before = dw_test_read_file (deck);
      g_assert_false (dw_deck_versions_save_file (deck, "4 Thornwood Scout\n", -1, &error));
      g_assert_error (error, DW_DECK_VERSIONS_ERROR, DW_DECK_VERSIONS_ERROR_KEEP_FAILED);
      g_assert_nonnull (strstr (error->message, g_strerror (ENOSPC)));
      g_clear_error (&error);
      after = dw_test_read_file (deck);
      g_assert_cmpstr (after, ==, before);
      g_assert_false (holds_temporary_files (disk));
      {
        g_autoptr(GListModel) versions = dw_deck_versions_list (fixture->cards, deck, &error);

        g_assert_no_error (error);
        g_assert_cmpuint (g_list_model_get_n_items (versions), ==, 1);
      }

      /* Space again. */
      g_assert_cmpint (g_unlink (filler), ==, 0);
      g_assert_true (dw_deck_versions_save_file (deck, "4 Thornwood Scout\n", -1, &error));
      g_assert_no_error (error);
      {
        g_autoptr(GListModel) versions = dw_deck_versions_list (fixture->cards, deck, &error);

        g_assert_no_error (error);
        g_assert_cmpuint (g_list_model_get_n_items (versions), ==, 2);
      }
      _exit (0);
    }
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  if (WIFEXITED (status) && WEXITSTATUS (status) == 77)
    {
      g_test_skip ("a tmpfs cannot be mounted here (not root)");
      return;
    }
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
}

/* Two processes saving the same deck, many times each: every content
 * either of them replaced is a version, none lost. */
static void
test_two_processes_lose_no_version (Fixture       *fixture,
                                    gconstpointer  data)
{
  const guint rounds = 15;
  g_autoptr(GListModel) versions = NULL;
  g_autoptr(GHashTable) contents = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  pid_t children[2];
  int start[2];

  /* Both writers wait for the same moment: the end of a pipe closing. */
  g_assert_cmpint (pipe (start), ==, 0);
  for (guint c = 0; c < 2; c++)
    {
      children[c] = fork ();
      g_assert_cmpint (children[c], >=, 0);
      if (children[c] == 0)
        {
          char byte;

          close (start[1]);
          if (read (start[0], &byte, 1) != 0)
            _exit (1);
          for (guint i = 0; i < rounds; i++)
            {
              g_autofree char *text = g_strdup_printf ("4 Thornwood Scout\n# writer %u, save %u\n", c, i);

              if (!dw_deck_versions_save_file (fixture->path, text, -1, NULL))
                _exit (1);
            }
          _exit (0);
        }
    }
  close (start[0]);
  close (start[1]);
  for (guint c = 0; c < 2; c++)
    {
      int status = 0;

      g_assert_cmpint (waitpid (children[c], &status, 0), ==, children[c]);
      g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
    }

  versions = list (fixture);
  /* The original and every save but the last one standing. */
  g_assert_cmpuint (g_list_model_get_n_items (versions), ==, 2 * rounds);
  for (guint i = 0; i < g_list_model_get_n_items (versions); i++)
    {
      g_autoptr(DwDeckVersion) version = g_list_model_get_item (versions, i);

      g_assert_true (g_hash_table_add (contents, dw_test_read_file (dw_deck_version_get_path (version))));
    }
  g_hash_table_add (contents, dw_test_read_file (fixture->path));
  g_assert_cmpuint (g_hash_table_size (contents), ==, 2 * rounds + 1);
  /* The store's index is whole: one deck, at its path. */
  g_free (read_index (fixture));
}

/* Two processes moving decks between two roots in opposite directions:
 * each takes the roots' locks in one order, so neither waits on the other
 * for ever.  The test holds the later root's lock; a move from it must
 * take the earlier root's lock first (then wait), never the other way.
 * Taken the other way, the child never takes the earlier lock and the
 * test waits for it until meson's timeout fails it. */
static void
test_moves_between_roots_lock_in_one_order (Fixture       *fixture,
                                            gconstpointer  data)
{
  g_autofree char *later = g_build_filename (fixture->tmpdir, "Later", NULL);
  g_autofree char *later_store = g_build_filename (later, DW_DECK_LIBRARY_DIR, NULL);
  g_autofree char *earlier_lock = g_build_filename (fixture->root, DW_DECK_LIBRARY_DIR, "lock", NULL);
  g_autofree char *later_lock = g_build_filename (later_store, "lock", NULL);
  g_autofree char *there = NULL;
  g_autofree char *here = g_build_filename (fixture->root, "moved.txt", NULL);
  g_autoptr(GError) error = NULL;
  int earlier_fd, later_fd, status = 0;
  pid_t child;

  g_assert_cmpint (strcmp (fixture->root, later), <, 0);
  g_assert_cmpint (g_mkdir_with_parents (later_store, 0755), ==, 0);
  there = dw_test_write_file (later, "moved.txt", "4 Thornwood Scout\n");
  g_assert_true (dw_deck_versions_save_file (there, "3 Thornwood Scout\n", -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_rename (there, here), ==, 0);

  earlier_fd = g_open (earlier_lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  later_fd = g_open (later_lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  g_assert_cmpint (earlier_fd, >=, 0);
  g_assert_cmpint (later_fd, >=, 0);
  g_assert_cmpint (flock (later_fd, LOCK_EX), ==, 0);

  child = fork ();
  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      close (earlier_fd);
      close (later_fd);
      _exit (dw_deck_versions_note_move (there, here, NULL) ? 0 : 1);
    }

  /* Wait until the child holds the earlier root's lock (it then waits
   * for the later one, which the test holds). */
  while (flock (earlier_fd, LOCK_EX | LOCK_NB) == 0)
    {
      g_assert_cmpint (flock (earlier_fd, LOCK_UN), ==, 0);
      g_assert_cmpint (waitpid (child, &status, WNOHANG), ==, 0);
      sched_yield ();
    }
  g_assert_cmpint (flock (later_fd, LOCK_UN), ==, 0);
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  close (earlier_fd);
  close (later_fd);

  /* The history followed the deck. */
  {
    g_autoptr(GListModel) versions = dw_deck_versions_list (fixture->cards, here, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (g_list_model_get_n_items (versions), ==, 1);
  }
}

/* What each version of @path is: its id and one-line difference. */
static char *
describe_versions (Fixture    *fixture,
                   const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) versions = dw_deck_versions_list (fixture->cards, path, &error);
  GString *out = g_string_new (NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < g_list_model_get_n_items (versions); i++)
    {
      g_autoptr(DwDeckVersion) version = g_list_model_get_item (versions, i);
      g_autofree char *time = g_date_time_format_iso8601 (dw_deck_version_get_time (version));

      g_string_append_printf (out, "%s %s %s\n", dw_deck_version_get_id (version), time,
                              dw_deck_version_get_summary (version));
    }
  return g_string_free (out, FALSE);
}

static GPtrArray *messages;

static void
collect_message (const char     *domain,
                 GLogLevelFlags  level,
                 const char     *message,
                 gpointer        user_data)
{
  g_ptr_array_add (messages, g_strdup (message));
}

static guint
count_files_named (const char *dir,
                   const char *prefix)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    n += g_str_has_prefix (name, prefix);
  return n;
}

/* The fixture's deck saved once, and a second deck in @sub saved twice
 * from *@bone_text, which then holds its text as it is now; returns the
 * second deck's path. */
static char *
put_two_decks_with_versions (Fixture     *fixture,
                             const char  *sub,
                             char       **bone_text)
{
  g_autoptr(GError) error = NULL;
  char *bone;

  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  bone = dw_test_write_file (sub, "bone.xml", *bone_text);
  edit_and_save (fixture);
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *changed = g_strdup_printf ("%s<!-- save %u -->\n", *bone_text, i);

      g_assert_true (dw_deck_versions_save_file (bone, changed, -1, &error));
      g_assert_no_error (error);
      g_free (*bone_text);
      *bone_text = g_steal_pointer (&changed);
    }
  return bone;
}

/* Two repairs within one second keep both damaged files: the second is
 * never moved over the first.  Files named for this second and the two
 * minutes after it are there before the repair (so the test holds
 * however slow the machine), and each keeps what it held. */
static void
test_a_second_repair_keeps_the_first_damaged_file (Fixture       *fixture,
                                                   gconstpointer  data)
{
  g_autofree char *store = g_build_filename (fixture->root, DW_DECK_LIBRARY_DIR, "versions", NULL);
  g_autofree char *index = g_build_filename (store, "index", NULL);
  g_autoptr(GDateTime) start = g_date_time_new_now_utc ();
  g_autoptr(GPtrArray) earlier = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *history = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  static const char damaged[] = "\x01 not an index";
  gboolean found = FALSE;
  const char *name;
  GDir *listing;
  guint handler;

  edit_and_save (fixture);
  history = describe_versions (fixture, fixture->path);
  g_assert_cmpuint (dw_test_count_lines (history), >=, 1);
  for (int s = 0; s <= 120; s++)
    {
      g_autoptr(GDateTime) then = g_date_time_add_seconds (start, s);
      g_autofree char *stamp = g_date_time_format (then, "%Y%m%dT%H%M%SZ");
      char *path = g_strdup_printf ("%s.damaged-%s", index, stamp);

      g_assert_true (g_file_set_contents (path, stamp, -1, &error));
      g_assert_no_error (error);
      g_ptr_array_add (earlier, path);
    }
  g_assert_true (g_file_set_contents (index, damaged, -1, &error));
  g_assert_no_error (error);

  messages = g_ptr_array_new_with_free_func (g_free);
  handler = g_log_set_handler (NULL, G_LOG_LEVEL_MESSAGE, collect_message, NULL);
  after = describe_versions (fixture, fixture->path);
  g_log_remove_handler (NULL, handler);
  g_assert_cmpstr (after, ==, history);
  g_assert_cmpuint (messages->len, ==, 1);
  g_clear_pointer (&messages, g_ptr_array_unref);

  /* Every earlier file as it was, and one more holding the damage. */
  for (guint i = 0; i < earlier->len; i++)
    {
      g_autofree char *kept = dw_test_read_file (g_ptr_array_index (earlier, i));
      g_autofree char *stamp = g_strdup (strrchr (g_ptr_array_index (earlier, i), '-') + 1);

      g_assert_cmpstr (kept, ==, stamp);
    }
  g_assert_cmpuint (count_files_named (store, "index.damaged-"), ==, earlier->len + 1);
  listing = g_dir_open (store, 0, NULL);
  while ((name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_prefix (name, "index.damaged-"))
      {
        g_autofree char *path = g_build_filename (store, name, NULL);
        g_autofree char *kept = dw_test_read_file (path);

        found |= strcmp (kept, damaged) == 0;
      }
  g_dir_close (listing);
  g_assert_true (found);
}

/* An index of versions that does not parse (cut short, garbage, empty)
 * loses no version: its whole lines stay, each folder of versions it no
 * longer names goes back to the deck file that shares the most with its
 * newest version, the damaged file is moved aside (kept), and a message
 * naming it says so once.  The history is what it was. */
static void
test_damaged_index_is_rebuilt_from_the_versions (Fixture       *fixture,
                                                 gconstpointer  data)
{
  g_autofree char *store = g_build_filename (fixture->root, DW_DECK_LIBRARY_DIR, "versions", NULL);
  g_autofree char *index = g_build_filename (store, "index", NULL);
  g_autofree char *sub = g_build_filename (fixture->root, "Season 3", NULL);
  g_autofree char *bone_source = dw_test_data_path ("decks", "orc-bone-tide.xml", NULL);
  g_autofree char *bone_text = dw_test_read_file (bone_source);
  g_autofree char *bone = NULL;
  g_autofree char *good = NULL;
  g_autofree char *green_history = NULL;
  g_autofree char *bone_history = NULL;
  g_autofree char *other = NULL;
  g_autofree char *other_history = NULL;
  g_autoptr(GError) error = NULL;
  struct { const char *what; gsize length; const char *text; } damage[] = {
    { "cut short", 0, NULL },  /* inside its last line */
    { "garbage", 23, "\x01\xff<deck>\0garbage\tnot\tan index" },
    { "empty", 0, "" },
  };
  guint handler;

  bone = put_two_decks_with_versions (fixture, sub, &bone_text);
  /* A deck rewritten whole since its last version: nothing is shared,
   * only the hint beside its versions (ID.path) leads back to it. */
  {
    g_autofree char *crown = dw_test_data_path ("decks", "orc-crown-and-eagle.xml", NULL);
    g_autofree char *crown_text = dw_test_read_file (crown);

    other = dw_test_write_file (fixture->root, "other.xml", crown_text);
  }
  {
    g_autofree char *source = dw_test_data_path ("decks", "cor-bone-choir.xml", NULL);
    g_autofree char *rewritten = dw_test_read_file (source);

    g_assert_true (dw_deck_versions_save_file (other, rewritten, -1, &error));
    g_assert_no_error (error);
  }
  /* The green deck's hint gone (a store written before hints were): its
   * versions go back to it by what its file shares with them. */
  {
    g_autofree char *text = dw_test_read_file (index);
    g_autoptr(GPtrArray) lines = dw_deck_versions_lines_from_text (text, &error);
    guint removed = 0;

    g_assert_no_error (error);
    for (guint i = 0; i < lines->len; i++)
      {
        DwDeckVersionsLine *line = g_ptr_array_index (lines, i);
        g_autofree char *hint = g_strconcat (store, G_DIR_SEPARATOR_S, line->id, ".path", NULL);

        g_assert_true (g_file_test (hint, G_FILE_TEST_IS_REGULAR));
        if (strcmp (line->path, "green.xml") == 0)
          removed += g_unlink (hint) == 0;
      }
    g_assert_cmpuint (removed, ==, 1);
  }
  good = dw_test_read_file (index);
  green_history = describe_versions (fixture, fixture->path);
  bone_history = describe_versions (fixture, bone);
  other_history = describe_versions (fixture, other);
  g_assert_cmpstr (other_history, !=, "");
  g_assert_cmpuint (dw_test_count_lines (green_history), ==, 1);
  g_assert_nonnull (strstr (green_history, "Thornwood Scout"));
  g_assert_cmpuint (count_files_named (store, "index.damaged-"), ==, 0);

  messages = g_ptr_array_new_with_free_func (g_free);
  handler = g_log_set_handler (NULL, G_LOG_LEVEL_MESSAGE, collect_message, NULL);
  for (guint d = 0; d < G_N_ELEMENTS (damage); d++)
    {
      g_autofree char *history = NULL;
      g_autofree char *rebuilt = NULL;
      g_autofree char *aside_dir = g_strdup (store);
      g_autoptr(GPtrArray) lines = NULL;
      gsize length = damage[d].text != NULL ? damage[d].length : strlen (good) - 20;

      g_test_message ("an index %s", damage[d].what);
      g_assert_true (g_file_set_contents (index, damage[d].text != NULL ? damage[d].text : good,
                                          (gssize) length, &error));
      g_ptr_array_set_size (messages, 0);

      /* Read: rebuilt, and said once, naming the file. */
      history = describe_versions (fixture, fixture->path);
      g_assert_cmpstr (history, ==, green_history);
      g_clear_pointer (&history, g_free);
      history = describe_versions (fixture, bone);
      g_assert_cmpstr (history, ==, bone_history);
      g_clear_pointer (&history, g_free);
      history = describe_versions (fixture, other);
      g_assert_cmpstr (history, ==, other_history);
      g_assert_cmpuint (messages->len, ==, 1);
      g_assert_true (g_str_has_prefix (g_ptr_array_index (messages, 0), index));
      g_assert_nonnull (strstr (g_ptr_array_index (messages, 0), "damaged"));
      g_assert_nonnull (strstr (g_ptr_array_index (messages, 0), "decks with versions: 3"));

      /* The damaged file kept aside, the new index whole. */
      g_assert_cmpuint (count_files_named (store, "index.damaged-"), >=, 1);
      rebuilt = dw_test_read_file (index);
      lines = dw_deck_versions_lines_from_text (rebuilt, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (lines->len, ==, 3);

      /* A save goes on from the same history. */
      if (d == G_N_ELEMENTS (damage) - 1)
        {
          g_autofree char *changed = g_strdup_printf ("%s<!-- after the repair -->\n", bone_text);

          g_assert_true (dw_deck_versions_save_file (bone, changed, -1, &error));
          g_assert_no_error (error);
          g_clear_pointer (&history, g_free);
          history = describe_versions (fixture, bone);
          g_assert_true (g_str_has_suffix (history, bone_history));
          g_assert_cmpuint (dw_test_count_lines (history), ==, dw_test_count_lines (bone_history) + 1);
        }
      g_assert_cmpuint (messages->len, ==, 1);
    }
  g_log_remove_handler (NULL, handler);
  g_clear_pointer (&messages, g_ptr_array_unref);
}

/* The line of @text whose path is @path, with its id or its path
 * replaced as the store never writes them (@id, or @path_suffix after
 * the path as it is written). */
static char *
spoil_line (const char *text,
            const char *path,
            const char *id,
            const char *path_suffix,
            char      **old_id)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint spoiled = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], "\t", 3);

      if (g_strv_length (fields) != 3 || strcmp (fields[2], path) != 0)
        continue;
      *old_id = g_strdup (fields[0]);
      g_free (lines[i]);
      lines[i] = g_strdup_printf ("%s\t%s\t%s%s", id != NULL ? id : fields[0], fields[1], fields[2],
                                  path_suffix != NULL ? path_suffix : "");
      spoiled++;
    }
  g_assert_cmpuint (spoiled, ==, 1);
  return g_strjoinv ("\n", lines);
}

/* Index lines the store never writes, found by fuzz-version-index: an id
 * that names one of the store's own files (“index”, a deck's hint
 * “ID.path”) or holds a character outside [A-Za-z0-9_-], and a path that
 * ends inside an escape (a lone backslash last).  Each made the index
 * read as whole, and then every save of the deck failed (its folder of
 * versions a file: “Not a directory”), or g_strcompress() warned.  Each
 * is a damaged line: the index is repaired as any damaged one (kept
 * aside, said once), the deck's versions go back to it through their
 * hint, its history is what it was, and its next save keeps a version. */
static void
test_index_lines_the_store_never_writes_are_repaired (Fixture       *fixture,
                                                      gconstpointer  data)
{
  g_autofree char *store = g_build_filename (fixture->root, DW_DECK_LIBRARY_DIR, "versions", NULL);
  g_autofree char *index = g_build_filename (store, "index", NULL);
  g_autofree char *sub = g_build_filename (fixture->root, "Season 3", NULL);
  g_autofree char *bone_source = dw_test_data_path ("decks", "orc-bone-tide.xml", NULL);
  g_autofree char *bone_text = dw_test_read_file (bone_source);
  g_autofree char *bone = NULL;
  g_autofree char *bone_id = NULL;
  g_autofree char *green_history = NULL;
  g_autoptr(GError) error = NULL;
  struct { const char *what; const char *id; const char *path_suffix; } spoils[] = {
    { "an id that is the index's name", "index", NULL },
    { "an id that is the deck's hint", "HINT", NULL },
    { "an id with a dot", "0123456789abcdef.old", NULL },
    { "an id with a letter outside ASCII", "Ablage-\xc3\xa4", NULL },
    { "a path ending in a lone backslash", NULL, "\\" },
    { "a path ending in three backslashes", NULL, "\\\\\\" },
  };
  guint handler;

  bone = put_two_decks_with_versions (fixture, sub, &bone_text);
  green_history = describe_versions (fixture, fixture->path);
  g_assert_cmpuint (dw_test_count_lines (green_history), ==, 1);

  messages = g_ptr_array_new_with_free_func (g_free);
  handler = g_log_set_handler (NULL, G_LOG_LEVEL_MESSAGE, collect_message, NULL);
  for (guint s = 0; s < G_N_ELEMENTS (spoils); s++)
    {
      g_autofree char *good = dw_test_read_file (index);
      g_autofree char *bone_history = describe_versions (fixture, bone);
      g_autofree char *id = NULL;
      g_autofree char *spoiled = NULL;
      g_autofree char *history = NULL;
      g_autofree char *aside = NULL;
      g_autofree char *changed = NULL;
      g_autoptr(GPtrArray) lines = NULL;
      g_autoptr(GDir) listing = NULL;
      const char *name;

      g_test_message ("an index line with %s", spoils[s].what);
      g_clear_pointer (&bone_id, g_free);
      {
        g_autofree char *unused = spoil_line (good, "Season 3/bone.xml", NULL, NULL, &bone_id);
      }
      if (g_strcmp0 (spoils[s].id, "HINT") == 0)
        {
          g_autofree char *hint_id = g_strconcat (bone_id, ".path", NULL);
          g_autofree char *hint = g_build_filename (store, hint_id, NULL);

          g_assert_true (g_file_test (hint, G_FILE_TEST_IS_REGULAR));
          spoiled = spoil_line (good, "Season 3/bone.xml", hint_id, NULL, &id);
        }
      else
        spoiled = spoil_line (good, "Season 3/bone.xml", spoils[s].id, spoils[s].path_suffix, &id);
      g_assert_cmpstr (id, ==, bone_id);
      g_assert_cmpuint (dw_test_count_lines (bone_history), >=, 2);

      /* No aside from an earlier round: this round's is found alone. */
      listing = g_dir_open (store, 0, NULL);
      while ((name = g_dir_read_name (listing)) != NULL)
        if (g_str_has_prefix (name, "index.damaged-"))
          {
            g_autofree char *old = g_build_filename (store, name, NULL);

            g_assert_cmpint (g_unlink (old), ==, 0);
          }
      g_clear_pointer (&listing, g_dir_close);
      g_assert_true (g_file_set_contents (index, spoiled, -1, &error));
      g_assert_no_error (error);
      g_ptr_array_set_size (messages, 0);

      /* Read: repaired, said once naming the index; the history as it was. */
      history = describe_versions (fixture, bone);
      g_assert_cmpstr (history, ==, bone_history);
      g_clear_pointer (&history, g_free);
      history = describe_versions (fixture, fixture->path);
      g_assert_cmpstr (history, ==, green_history);
      g_clear_pointer (&history, g_free);
      g_assert_cmpuint (messages->len, ==, 1);
      g_assert_true (g_str_has_prefix (g_ptr_array_index (messages, 0), index));
      g_assert_nonnull (strstr (g_ptr_array_index (messages, 0), "damaged"));
      g_assert_nonnull (strstr (g_ptr_array_index (messages, 0), "decks with versions: 2"));

      /* The damaged file kept aside as it was, named in the message. */
      g_assert_cmpuint (count_files_named (store, "index.damaged-"), ==, 1);
      listing = g_dir_open (store, 0, NULL);
      while ((name = g_dir_read_name (listing)) != NULL)
        if (g_str_has_prefix (name, "index.damaged-"))
          aside = g_build_filename (store, name, NULL);
      g_clear_pointer (&listing, g_dir_close);
      g_assert_nonnull (strstr (g_ptr_array_index (messages, 0), aside));
      {
        g_autofree char *kept = dw_test_read_file (aside);

        g_assert_cmpstr (kept, ==, spoiled);
      }

      /* The new index whole, the deck under its own id and path again. */
      {
        g_autofree char *rebuilt = dw_test_read_file (index);
        guint found = 0;

        lines = dw_deck_versions_lines_from_text (rebuilt, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (lines->len, ==, 2);
        for (guint i = 0; i < lines->len; i++)
          {
            DwDeckVersionsLine *line = g_ptr_array_index (lines, i);

            g_assert_true (dw_deck_versions_id_is_valid (line->id));
            if (strcmp (line->id, bone_id) == 0)
              {
                g_assert_cmpstr (line->path, ==, "Season 3/bone.xml");
                found++;
              }
          }
        g_assert_cmpuint (found, ==, 1);
      }

      /* The deck's next save keeps what it replaced, under its history. */
      changed = g_strdup_printf ("%s<!-- after repair %u -->\n", bone_text, s);
      g_assert_true (dw_deck_versions_save_file (bone, changed, -1, &error));
      g_assert_no_error (error);
      g_free (bone_text);
      bone_text = g_steal_pointer (&changed);
      history = describe_versions (fixture, bone);
      g_assert_true (g_str_has_suffix (history, bone_history));
      g_assert_cmpuint (dw_test_count_lines (history), ==, dw_test_count_lines (bone_history) + 1);
      {
        g_autoptr(GListModel) versions = list (fixture);
        g_autofree char *bone_dir = g_build_filename (store, bone_id, NULL);

        g_assert_cmpuint (g_list_model_get_n_items (versions), ==, 1);
        g_assert_cmpuint (count_files_named (bone_dir, "2"), ==, dw_test_count_lines (history));
      }
      /* Read once more: no second repair. */
      g_clear_pointer (&history, g_free);
      history = describe_versions (fixture, bone);
      g_assert_cmpuint (messages->len, ==, 1);
    }
  g_log_remove_handler (NULL, handler);
  g_clear_pointer (&messages, g_ptr_array_unref);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("/deck-versions/outside-a-library-nothing-is-kept", test_outside_a_library_nothing_is_kept);
  ADD ("/deck-versions/save-keeps-what-it-replaced", test_save_keeps_what_it_replaced);
  ADD ("/deck-versions/a-library-folder-keeps-from-its-first-save",
       test_a_library_folder_keeps_from_its_first_save);
  ADD ("/deck-versions/saving-the-same-contents-keeps-nothing", test_saving_the_same_contents_keeps_nothing);
  ADD ("/deck-versions/newest-first-and-restore-keeps-the-current",
       test_versions_are_newest_first_and_restore_keeps_the_current);
  ADD ("/deck-versions/history-follows-a-move-through-the-library",
       test_history_follows_a_move_through_the_library);
  ADD ("/deck-versions/history-follows-a-rename-by-another-program",
       test_history_follows_a_rename_by_another_program);
  ADD ("/deck-versions/history-follows-a-move-to-another-root",
       test_history_follows_a_move_to_another_root);
  ADD ("/deck-versions/pruning-policy", test_pruning_policy);
  ADD ("/deck-versions/damaged-index-is-rebuilt-from-the-versions",
       test_damaged_index_is_rebuilt_from_the_versions);
  ADD ("/deck-versions/a-second-repair-keeps-the-first-damaged-file",
       test_a_second_repair_keeps_the_first_damaged_file);
  ADD ("/deck-versions/index-lines-the-store-never-writes-are-repaired",
       test_index_lines_the_store_never_writes_are_repaired);
  ADD ("/deck-versions/a-version-that-cannot-be-kept-stops-the-save",
       test_a_version_that_cannot_be_kept_stops_the_save);
  ADD ("/deck-versions/two-processes-lose-no-version", test_two_processes_lose_no_version);
  ADD ("/deck-versions/full-disk-at-each-write", test_full_disk_at_each_write);
  ADD ("/deck-versions/moves-between-roots-lock-in-one-order", test_moves_between_roots_lock_in_one_order);
  ADD ("/deck-versions/full-disk-on-a-real-file-system", test_full_disk_on_a_real_file_system);

  return g_test_run ();
}
