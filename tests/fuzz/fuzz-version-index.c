/* fuzz-version-index.c — the deck version store's index, whole or damaged
 *
 * A small library is made once, in a private folder under /dev/shm: two
 * deck files (a.xml, b.xml, of a few cards) and a folder of
 * versions for each in ROOT/.deckwright/versions/ — a.xml's with its
 * ID.path hint, b.xml's without, so that a repair finds one by its hint
 * and the other by its contents (dw-deck-versions.c, docs/library.md).
 * Before each input that library is made again, exactly, and the input
 * written as its versions/index.  The store is then read as
 * `deckwright --history` and a save read it: the versions of both decks
 * listed, listed again, a new version of a.xml saved, its versions listed
 * once more.  Beyond not crashing:
 *   - after the first read, repaired or not, the index on disk is one
 *     the store reads whole (its header, a newline last, every line
 *     parsed), and no later read repairs it again;
 *   - a second read lists the same versions, in the same order;
 *   - the save works, and keeps what a.xml held as the newest version of
 *     the deck the listing showed, every version listed before still there;
 *   - no version file made at the start is lost or changed.
 * The seeds in tests/fuzz/seeds/version-index/ are indexes of this
 * library (the ids and hashes below): whole, cut short, empty, garbage,
 * one line that does not parse.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "dw-deck-library.h"
#include "dw-deck-versions-private.h"
#include "fuzz-common.h"

#define ID_A "0123456789abcdef0123456789abcdef"
#define ID_B "fedcba9876543210fedcba9876543210"
#define VERSION_A "20260101T120000.000000Z-0a0a0a0a.xml"
#define VERSION_B "20260102T120000.000000Z-0b0b0b0b.xml"

/* Two small decks, so that the summaries each listing makes (two decks
 * read and compared a version) leave most of the time to the store. */
#define DECK_A \
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
  "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\" format=\"arcmage-2021\">\n" \
  "  <name>Gilded Legion</name>\n" \
  "  <section id=\"main\">\n" \
  "    <card id=\"arc-c009\" count=\"1\">Aurelia Magna</card>\n" \
  "    <card id=\"arc-0094\" count=\"3\">Legion Recruit</card>\n" \
  "  </section>\n" \
  "</deck>\n"
#define DECK_B \
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
  "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\" format=\"arcmage-2021\">\n" \
  "  <name>House of the Rose</name>\n" \
  "  <section id=\"main\">\n" \
  "    <card id=\"arc-c010\" count=\"1\">Castra Ferrata</card>\n" \
  "    <card id=\"arc-c011\" count=\"2\">Crossroads Market</card>\n" \
  "  </section>\n" \
  "</deck>\n"

typedef struct
{
  const char *relative;  /* from the root */
  char       *contents;
  gsize       length;
} FixedFile;

static char *root_dir;
static char *versions_dir;
static char *index_path;
static char *deck_a;
static char *deck_b;
static FixedFile fixed[5];
static guint n_fixed;
static guint n_repairs;

static void
remove_tree (const char *path)
{
  GStatBuf st;

  if (g_lstat (path, &st) != 0)
    return;
  if (S_ISDIR (st.st_mode))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

static void
remove_root_dir (void)
{
  remove_tree (root_dir);
}

static void
write_or_abort (const char *path,
                const char *contents,
                gsize       length)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (path);

  if (g_mkdir_with_parents (dir, 0700) != 0 ||
      !g_file_set_contents_full (path, contents, (gssize) length, G_FILE_SET_CONTENTS_NONE, 0600, &error))
    {
      g_printerr ("fuzz: %s: %s\n", path, error ? error->message : g_strerror (errno));
      abort ();
    }
}

static void
add_fixed (const char *relative,
           char       *contents)
{
  fixed[n_fixed].relative = relative;
  fixed[n_fixed].contents = contents;
  fixed[n_fixed].length = strlen (contents);
  n_fixed++;
}

/* An earlier version of a deck: the same cards, another name. */
static char *
earlier_version (const char *deck,
                 const char *name)
{
  g_autofree char *open_tag = g_strdup_printf ("<name>%s</name>", name);
  g_autofree char *old_tag = g_strdup_printf ("<name>%s (before)</name>", name);
  GString *text = g_string_new (deck);

  g_string_replace (text, open_tag, old_tag, 1);
  return g_string_free (text, FALSE);
}

/* Counts the store's messages (a repair says so once) and keeps them
 * off the fuzzer's output; warnings and criticals are left fatal. */
static void
log_handler (const char     *domain,
             GLogLevelFlags  level,
             const char     *message,
             gpointer        user_data)
{
  if ((level & G_LOG_LEVEL_MESSAGE) != 0)
    {
      if (strstr (message, "damaged") != NULL)
        n_repairs++;
      return;
    }
  if ((level & G_LOG_LEVEL_DEBUG) != 0 || (level & G_LOG_LEVEL_INFO) != 0)
    return;
  g_log_default_handler (domain, level, message, user_data);
}

static void
make_fixture (void)
{
  g_autoptr(GError) error = NULL;
  char *a = g_strdup (DECK_A);
  char *b = g_strdup (DECK_B);

  if (g_file_test ("/dev/shm", G_FILE_TEST_IS_DIR))
    {
      root_dir = g_build_filename ("/dev/shm", "deckwright-fuzz-versions-XXXXXX", NULL);
      if (g_mkdtemp (root_dir) == NULL)
        g_clear_pointer (&root_dir, g_free);
    }
  if (root_dir == NULL)
    root_dir = g_dir_make_tmp ("deckwright-fuzz-versions-XXXXXX", &error);
  if (root_dir == NULL)
    {
      g_printerr ("fuzz: %s\n", error->message);
      abort ();
    }
  atexit (remove_root_dir);
  {
    /* The store speaks of the canonical path: so do the checks. */
    char *canonical = g_canonicalize_filename (root_dir, NULL);

    g_free (root_dir);
    root_dir = canonical;
  }
  versions_dir = g_build_filename (root_dir, DW_DECK_LIBRARY_DIR, "versions", NULL);
  index_path = g_build_filename (versions_dir, "index", NULL);
  deck_a = g_build_filename (root_dir, "a.xml", NULL);
  deck_b = g_build_filename (root_dir, "b.xml", NULL);

  add_fixed ("a.xml", a);
  add_fixed ("b.xml", b);
  add_fixed (DW_DECK_LIBRARY_DIR "/versions/" ID_A "/" VERSION_A, earlier_version (a, "Gilded Legion"));
  add_fixed (DW_DECK_LIBRARY_DIR "/versions/" ID_A ".path", g_strdup ("a.xml\n"));
  add_fixed (DW_DECK_LIBRARY_DIR "/versions/" ID_B "/" VERSION_B, earlier_version (b, "House of the Rose"));
  g_log_set_default_handler (log_handler, NULL);
}

/* The library as made at the start, and @data as its index. */
static void
restore_library (const guint8 *data,
                 size_t        size)
{
  g_autoptr(GDir) dir = g_dir_open (root_dir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (root_dir, name, NULL);

      remove_tree (child);
    }
  for (guint i = 0; i < n_fixed; i++)
    {
      g_autofree char *path = g_build_filename (root_dir, fixed[i].relative, NULL);

      write_or_abort (path, fixed[i].contents, fixed[i].length);
    }
  write_or_abort (index_path, (const char *) data, size);
}

/* The ids of @path's versions, newest first, one a line; the list in
 * *@list_out when asked. */
static char *
list_ids (const char  *path,
          GListModel **list_out)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) list = dw_deck_versions_list (dw_fuzz_library (), path, &error);
  GString *ids = g_string_new (NULL);

  dw_fuzz_check (list != NULL, "the versions of a library deck list",
                 error != NULL ? error->message : NULL);
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(DwDeckVersion) version = g_list_model_get_item (list, i);

      dw_fuzz_check (g_file_test (dw_deck_version_get_path (version), G_FILE_TEST_IS_REGULAR),
                     "a version listed is a file", dw_deck_version_get_path (version));
      g_string_append_printf (ids, "%s\n", dw_deck_version_get_id (version));
    }
  if (list_out != NULL)
    *list_out = g_steal_pointer (&list);
  return g_string_free (ids, FALSE);
}

/* The index on disk is one the store reads without repairing it. */
static void
check_index_is_whole (void)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  gsize length;

  dw_fuzz_check (g_file_get_contents (index_path, &text, &length, NULL), "the index is there after a read",
                 index_path);
  dw_fuzz_check (length > 0 && g_str_has_prefix (text, "# Deckwright deck versions") &&
                 text[length - 1] == '\n' && strlen (text) == length,
                 "the index after a read has its header, a newline last and no NUL", text);
  lines = dw_deck_versions_lines_from_text (text, &error);
  dw_fuzz_check (lines != NULL, "every line of the index after a read parses",
                 error != NULL ? error->message : NULL);
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *first_a = NULL;
  g_autofree char *first_b = NULL;
  g_autofree char *again_a = NULL;
  g_autofree char *again_b = NULL;
  g_autofree char *after_save = NULL;
  g_autofree char *expected_tail = NULL;
  g_autofree char *saved = NULL;
  g_autoptr(GListModel) list = NULL;
  g_autoptr(DwDeckVersion) newest = NULL;
  g_autofree char *newest_contents = NULL;
  gsize newest_length;
  guint repairs;

  if (root_dir == NULL)
    make_fixture ();
  restore_library (data, size);
  n_repairs = 0;

  /* --history of each deck: at most one repair, and a whole index. */
  first_a = list_ids (deck_a, NULL);
  first_b = list_ids (deck_b, NULL);
  dw_fuzz_check (n_repairs <= 1, "a damaged index is repaired once", NULL);
  repairs = n_repairs;
  check_index_is_whole ();

  again_a = list_ids (deck_a, NULL);
  again_b = list_ids (deck_b, NULL);
  dw_fuzz_check (n_repairs == repairs, "an index a read wrote needs no repair", NULL);
  dw_fuzz_check (g_str_equal (first_a, again_a), "a second read lists the same versions of a.xml", again_a);
  dw_fuzz_check (g_str_equal (first_b, again_b), "a second read lists the same versions of b.xml", again_b);

  /* A save: what a.xml holds becomes its newest version. */
  saved = g_strconcat (fixed[0].contents, "<!-- saved -->\n", NULL);
  dw_fuzz_check (dw_deck_versions_save_file (deck_a, saved, -1, &error), "a save after a read works",
                 error != NULL ? error->message : NULL);
  dw_fuzz_check (n_repairs == repairs, "a save after a read needs no repair", NULL);
  check_index_is_whole ();

  after_save = list_ids (deck_a, &list);
  dw_fuzz_check (g_list_model_get_n_items (list) >= 1, "a save keeps a version", NULL);
  newest = g_list_model_get_item (list, 0);
  dw_fuzz_check (g_file_get_contents (dw_deck_version_get_path (newest), &newest_contents, &newest_length, NULL) &&
                 newest_length == fixed[0].length &&
                 memcmp (newest_contents, fixed[0].contents, newest_length) == 0,
                 "the newest version is what the save replaced", dw_deck_version_get_path (newest));
  expected_tail = g_strconcat (dw_deck_version_get_id (newest), "\n", first_a, NULL);
  dw_fuzz_check (g_str_equal (after_save, expected_tail),
                 "a save keeps every version listed before it", after_save);
  dw_fuzz_check (n_repairs == repairs, "a read after a save needs no repair", NULL);

  /* Nothing kept at the start is lost. */
  for (guint i = 2; i < n_fixed; i++)
    {
      g_autofree char *path = g_build_filename (root_dir, fixed[i].relative, NULL);
      g_autofree char *contents = NULL;
      gsize length;

      if (g_str_has_suffix (path, ".path"))
        continue;  /* a hint, rewritten as the deck moves */
      dw_fuzz_check (g_file_get_contents (path, &contents, &length, NULL) && length == fixed[i].length &&
                     memcmp (contents, fixed[i].contents, length) == 0,
                     "no version file is lost", path);
    }
  return 0;
}
