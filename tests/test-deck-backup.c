/* test-deck-backup.c — a library folder and its versions, to one .zip and back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <archive.h>
#include <archive_entry.h>
#include <glib/gstdio.h>
#include <string.h>

#include "dw-deck-backup.h"
#include "dw-deck-library.h"
#include "dw-deck-versions.h"
#include "dw-test-util.h"

typedef struct
{
  DwLibrary *cards;
  char      *tmpdir;
  char      *root;     /* a library with decks and versions */
  char      *other;    /* an empty library */
  char      *zip;
} Fixture;

static char *
make_root (const char *tmpdir,
           const char *name)
{
  char *root = g_build_filename (tmpdir, name, NULL);
  g_autofree char *store = g_build_filename (root, DW_DECK_LIBRARY_DIR, NULL);

  g_assert_cmpint (g_mkdir_with_parents (store, 0755), ==, 0);
  return root;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *source = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autofree char *contents = dw_test_read_file (source);
  g_autofree char *sub = NULL;
  g_autofree char *deck = NULL;
  g_autoptr(GError) error = NULL;

  fixture->cards = dw_test_library ();
  fixture->tmpdir = dw_test_make_tmpdir ();
  fixture->root = make_root (fixture->tmpdir, "Decks");
  fixture->other = make_root (fixture->tmpdir, "Other");
  fixture->zip = g_build_filename (fixture->tmpdir, "backup.zip", NULL);
  sub = g_build_filename (fixture->root, "Friends", NULL);
  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  g_free (dw_test_write_file (fixture->root, "loose.txt", "4 Thornwood Scout\n"));
  deck = dw_test_write_file (sub, "green.xml", contents);
  /* Two saves: two versions. */
  g_assert_true (dw_deck_versions_save_file (deck, "2 Thornwood Scout\n", -1, &error));
  g_assert_true (dw_deck_versions_save_file (deck, "3 Thornwood Scout\n", -1, &error));
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  dw_test_remove_tree (fixture->tmpdir);
  g_free (fixture->tmpdir);
  g_free (fixture->root);
  g_free (fixture->other);
  g_free (fixture->zip);
  g_clear_object (&fixture->cards);
}

static guint
n_versions (Fixture    *fixture,
            const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) versions = dw_deck_versions_list (fixture->cards, path, &error);

  g_assert_no_error (error);
  return g_list_model_get_n_items (versions);
}

static void
test_round_trip_keeps_decks_and_versions (Fixture       *fixture,
                                          gconstpointer  data)
{
  g_autofree char *imported = g_build_filename (fixture->other, "Friends", "green.xml", NULL);
  g_autofree char *again = g_build_filename (fixture->other, "Friends", "green (2).xml", NULL);
  g_autofree char *loose = g_build_filename (fixture->other, "loose.txt", NULL);
  g_autofree char *original = g_build_filename (fixture->root, "Friends", "green.xml", NULL);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (dw_deck_backup_export (fixture->root, fixture->zip, NULL, NULL, NULL, &error), ==, 2);
  g_assert_no_error (error);
  g_assert_cmpint (dw_deck_backup_import (fixture->zip, fixture->other, NULL, NULL, NULL, &error), ==, 2);
  g_assert_no_error (error);

  a = dw_test_read_file (original);
  b = dw_test_read_file (imported);
  g_assert_cmpstr (a, ==, b);
  g_assert_true (g_file_test (loose, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (n_versions (fixture, imported), ==, 2);

  /* Again: nothing is overwritten, and the second copy has its own
   * history. */
  g_assert_cmpint (dw_deck_backup_import (fixture->zip, fixture->other, NULL, NULL, NULL, &error), ==, 2);
  g_assert_true (g_file_test (again, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (n_versions (fixture, again), ==, 2);
  g_assert_true (dw_deck_versions_save_file (again, "1 Thornwood Scout\n", -1, &error));
  g_assert_cmpuint (n_versions (fixture, again), ==, 3);
  g_assert_cmpuint (n_versions (fixture, imported), ==, 2);
}

static void
test_a_folder_takes_only_its_decks_versions (Fixture       *fixture,
                                             gconstpointer  data)
{
  g_autofree char *sub = g_build_filename (fixture->root, "Friends", NULL);
  g_autofree char *imported = g_build_filename (fixture->other, "green.xml", NULL);
  g_autofree char *loose = g_build_filename (fixture->other, "loose.txt", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (dw_deck_backup_export (sub, fixture->zip, NULL, NULL, NULL, &error), ==, 1);
  g_assert_cmpint (dw_deck_backup_import (fixture->zip, fixture->other, NULL, NULL, NULL, &error), ==, 1);
  g_assert_no_error (error);
  g_assert_false (g_file_test (loose, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (n_versions (fixture, imported), ==, 2);
}

static void
count_progress_cb (guint64  done,
                   guint64  total,
                   gpointer user_data)
{
  guint64 *last = user_data;

  g_assert_cmpuint (done, <=, total);
  last[0] = done;
  last[1] = total;
}

static void
done_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  gint64 *n = user_data;  /* decks, then versions */
  g_autoptr(GError) error = NULL;

  n[0] = dw_deck_backup_finish (result, &n[1], &error);
  g_assert_no_error (error);
}

static void
test_in_a_thread_with_progress (Fixture       *fixture,
                                gconstpointer  data)
{
  guint64 last[2] = { 0, 1 };
  gint64 n[2] = { -2, -2 };

  dw_deck_backup_export_async (fixture->root, fixture->zip, count_progress_cb, last, NULL, done_cb, n);
  DW_TEST_WAIT_UNTIL (n[0] != -2);
  /* Two decks, and the two versions of the one saved twice. */
  g_assert_cmpint (n[0], ==, 2);
  g_assert_cmpint (n[1], ==, 2);
  /* The last report is seen by the time the result is: it was queued
   * before it. */
  g_assert_cmpuint (last[0], ==, last[1]);
  g_assert_cmpuint (last[1], >, 0);

  /* The import counts what it wrote the same way. */
  n[0] = n[1] = -2;
  dw_deck_backup_import_async (fixture->zip, fixture->other, NULL, NULL, NULL, done_cb, n);
  DW_TEST_WAIT_UNTIL (n[0] != -2);
  g_assert_cmpint (n[0], ==, 2);
  g_assert_cmpint (n[1], ==, 2);
}

static void
test_cancelled_export_leaves_no_file (Fixture       *fixture,
                                      gconstpointer  data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_cancellable_cancel (cancellable);
  g_assert_cmpint (dw_deck_backup_export (fixture->root, fixture->zip, NULL, NULL, cancellable, &error), ==, -1);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  dir = g_dir_open (fixture->tmpdir, 0, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_assert_false (g_str_has_suffix (name, ".zip") || strstr (name, "backup.zip") != NULL);
}

typedef enum
{
  HOSTILE_CLIMBS,
  HOSTILE_ABSOLUTE,
  HOSTILE_SYMLINK,
  HOSTILE_HUGE,
  HOSTILE_STORE,
} Hostile;

/* A zip with a harmless deck first, then the hostile entry. */
static void
write_hostile_zip (const char *path,
                   Hostile     kind)
{
  struct archive *zip = archive_write_new ();
  struct archive_entry *entry;
  const char *deck = "4 Thornwood Scout\n";

  archive_write_set_format_zip (zip);
  g_assert_cmpint (archive_write_open_filename (zip, path), ==, ARCHIVE_OK);

  entry = archive_entry_new ();
  archive_entry_set_pathname (entry, "fine.txt");
  archive_entry_set_filetype (entry, AE_IFREG);
  archive_entry_set_perm (entry, 0644);
  archive_entry_set_size (entry, (la_int64_t) strlen (deck));
  archive_write_header (zip, entry);
  archive_write_data (zip, deck, strlen (deck));
  archive_entry_free (entry);

  entry = archive_entry_new ();
  archive_entry_set_perm (entry, 0644);
  switch (kind)
    {
    case HOSTILE_CLIMBS:
      archive_entry_set_pathname (entry, "Friends/../../evil.txt");
      break;
    case HOSTILE_ABSOLUTE:
      archive_entry_set_pathname (entry, "/tmp/evil.txt");
      break;
    case HOSTILE_SYMLINK:
      archive_entry_set_pathname (entry, "link.txt");
      archive_entry_set_filetype (entry, AE_IFLNK);
      archive_entry_set_symlink (entry, "/etc/passwd");
      archive_entry_set_size (entry, 0);
      break;
    case HOSTILE_HUGE:
      archive_entry_set_pathname (entry, "huge.txt");
      break;
    case HOSTILE_STORE:
      archive_entry_set_pathname (entry, ".deckwright/lock");
      break;
    default:
      g_assert_not_reached ();
    }
  if (kind == HOSTILE_HUGE)
    {
      gsize size = DW_DECK_BACKUP_MAX_ENTRY_SIZE + 1;
      g_autofree char *zeros = g_malloc0 (size);

      archive_entry_set_filetype (entry, AE_IFREG);
      archive_entry_set_size (entry, (la_int64_t) size);
      archive_write_header (zip, entry);
      archive_write_data (zip, zeros, size);
    }
  else if (kind != HOSTILE_SYMLINK)
    {
      archive_entry_set_filetype (entry, AE_IFREG);
      archive_entry_set_size (entry, (la_int64_t) strlen (deck));
      archive_write_header (zip, entry);
      archive_write_data (zip, deck, strlen (deck));
    }
  else
    archive_write_header (zip, entry);
  archive_entry_free (entry);
  archive_write_close (zip);
  archive_write_free (zip);
}

static void
test_hostile_zips_are_refused_whole (Fixture       *fixture,
                                     gconstpointer  data)
{
  const Hostile kinds[] = { HOSTILE_CLIMBS, HOSTILE_ABSOLUTE, HOSTILE_SYMLINK, HOSTILE_HUGE, HOSTILE_STORE };
  g_autofree char *target = g_build_filename (fixture->tmpdir, "Other", "in", NULL);
  g_autofree char *evil = g_build_filename (fixture->tmpdir, "evil.txt", NULL);

  g_assert_cmpint (g_mkdir (target, 0755), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GDir) dir = NULL;

      write_hostile_zip (fixture->zip, kinds[i]);
      g_assert_cmpint (dw_deck_backup_import (fixture->zip, target, NULL, NULL, NULL, &error), ==, -1);
      g_assert_error (error, DW_DECK_BACKUP_ERROR, DW_DECK_BACKUP_ERROR_HOSTILE);
      g_assert_nonnull (strstr (error->message, "nothing was imported"));
      /* Not even the harmless entry before it. */
      dir = g_dir_open (target, 0, NULL);
      g_assert_null (g_dir_read_name (dir));
      g_assert_false (g_file_test (evil, G_FILE_TEST_EXISTS));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("/deck-backup/round-trip-keeps-decks-and-versions", test_round_trip_keeps_decks_and_versions);
  ADD ("/deck-backup/a-folder-takes-only-its-decks-versions", test_a_folder_takes_only_its_decks_versions);
  ADD ("/deck-backup/in-a-thread-with-progress", test_in_a_thread_with_progress);
  ADD ("/deck-backup/cancelled-export-leaves-no-file", test_cancelled_export_leaves_no_file);
  ADD ("/deck-backup/hostile-zips-are-refused-whole", test_hostile_zips_are_refused_whole);

  return g_test_run ();
}
