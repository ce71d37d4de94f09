/* test-deck-library.c — the deck library: folders, the index, what follows the disk
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>

#include "dw-deck-library-private.h"
#include "dw-deck-library-scan-private.h"
#include "dw-test-util.h"

typedef struct
{
  DwLibrary     *cards;
  char          *tmpdir;
  char          *root;
  char          *cache;
  DwDeckLibrary *library;
} Fixture;

static char *
copy_shipped_deck (const char *dir,
                   const char *name,
                   const char *as)
{
  g_autofree char *source = dw_test_data_path ("decks", name, NULL);
  g_autofree char *contents = dw_test_read_file (source);

  return dw_test_write_file (dir, as ? as : name, contents);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  const char *roots[2] = { NULL, NULL };

  fixture->cards = dw_test_library ();
  fixture->tmpdir = dw_test_make_tmpdir ();
  fixture->root = g_build_filename (fixture->tmpdir, "Decks", NULL);
  fixture->cache = g_build_filename (fixture->tmpdir, "cache", NULL);
  roots[0] = fixture->root;
  fixture->library = dw_deck_library_new (fixture->cards, fixture->cache);
  dw_deck_library_set_roots (fixture->library, roots, TRUE);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  memset (&deck_library_scan_testing, 0, sizeof deck_library_scan_testing);
  g_clear_object (&fixture->library);
  dw_test_remove_tree (fixture->tmpdir);
  g_free (fixture->tmpdir);
  g_free (fixture->root);
  g_free (fixture->cache);
  g_clear_object (&fixture->cards);
}

static DwDeckLibraryEntry *
entry_named (DwDeckLibrary *library,
             const char    *file_name)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (library));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwDeckLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (library), i);
      g_autofree char *base = g_path_get_basename (dw_deck_library_entry_get_path (entry));

      if (strcmp (base, file_name) == 0)
        return entry;  /* the library holds it */
    }
  return NULL;
}

static void
scan (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (dw_deck_library_scan (fixture->library, NULL, &error));
  g_assert_no_error (error);
}

/* The cover is the card the deck chose when it holds it; an id it does
 * not hold falls back to its first counted card. */
static void
test_chosen_cover (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *source = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = dw_deck_load (source, &error);
  g_autofree char *chosen = g_build_filename (fixture->root, "chosen.xml", NULL);
  g_autofree char *unknown = g_build_filename (fixture->root, "unknown.xml", NULL);

  g_assert_no_error (error);
  dw_deck_set_cover_id (deck, "arc-0014");
  g_assert_true (dw_deck_save (deck, chosen, &error));
  dw_deck_set_cover_id (deck, "no-such-card");
  g_assert_true (dw_deck_save (deck, unknown, &error));
  g_assert_no_error (error);
  scan (fixture);

  g_assert_cmpstr (dw_deck_library_entry_get_cover_id (entry_named (fixture->library, "chosen.xml")), ==, "arc-0014");
  g_assert_cmpstr (dw_deck_library_entry_get_cover_id (entry_named (fixture->library, "unknown.xml")), ==, "arc-0001");

  /* The index remembers it: a second library reads it from the cache. */
  {
    g_autoptr(DwDeckLibrary) again = dw_deck_library_new (fixture->cards, fixture->cache);

    dw_deck_library_set_roots (again, dw_deck_library_get_roots (fixture->library), FALSE);
    g_assert_true (dw_deck_library_scan (again, NULL, &error));
    g_assert_cmpstr (dw_deck_library_entry_get_cover_id (entry_named (again, "chosen.xml")), ==, "arc-0014");
  }
}

static void
test_root_is_made_with_its_store (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autofree char *store = g_build_filename (fixture->root, DW_DECK_LIBRARY_DIR, NULL);

  g_assert_true (g_file_test (fixture->root, G_FILE_TEST_IS_DIR));
  g_assert_true (g_file_test (store, G_FILE_TEST_IS_DIR));
  scan (fixture);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->library)), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (dw_deck_library_get_folders (fixture->library)), ==, 1);
}

static void
test_entries_say_what_the_deck_is (Fixture       *fixture,
                                   gconstpointer  data)
{
  g_autofree char *sub = g_build_filename (fixture->root, "Season 3", NULL);
  g_autofree char *a = copy_shipped_deck (fixture->root, "orc-green-wall.xml", NULL);
  g_autofree char *b = NULL;
  g_autofree char *text = NULL;
  DwDeckLibraryEntry *entry;
  const DwDeckLibraryCard *cards;
  guint n_cards;

  g_mkdir (sub, 0755);
  b = copy_shipped_deck (sub, "arcmage-illegal-copy-limit.xml", NULL);
  text = dw_test_write_file (fixture->root, "plain.txt", "4 Thornwood Scout\n2 Seedfall\n");
  g_free (dw_test_write_file (fixture->root, "picture.png", "not a deck"));
  scan (fixture);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->library)), ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (dw_deck_library_get_folders (fixture->library)), ==, 2);

  entry = entry_named (fixture->library, "orc-green-wall.xml");
  g_assert_nonnull (entry);
  g_assert_cmpstr (dw_deck_library_entry_get_name (entry), ==, "Green Wall");
  g_assert_cmpstr (dw_deck_library_entry_get_game_id (entry), ==, "arcmage");
  g_assert_cmpstr (dw_deck_library_entry_get_format_id (entry), ==, "arcmage-orc");
  g_assert_cmpstr (dw_deck_library_entry_get_kind (entry), ==, "xml");
  g_assert_cmpint (dw_deck_library_entry_get_verdict (entry), ==, DW_DECK_VERDICT_LEGAL);
  g_assert_cmpuint (dw_deck_library_entry_get_n_errors (entry), ==, 0);
  g_assert_cmpuint (dw_deck_library_entry_get_n_cards (entry), ==, 63);
  g_assert_cmpstr (dw_deck_library_entry_get_cover_id (entry), ==, "arc-0001");
  g_assert_cmpstr (dw_deck_library_entry_get_factions (entry)[0], ==, "Gaian");
  g_assert_cmpstr (dw_deck_library_entry_get_folder (entry), ==, fixture->root);
  g_assert_cmpuint (dw_deck_library_entry_count_card (entry, "arc-0001", NULL), ==, 4);
  g_assert_cmpuint (dw_deck_library_entry_count_card (entry, NULL, "thornwood scout"), ==, 4);
  cards = dw_deck_library_entry_get_cards (entry, &n_cards);
  g_assert_cmpuint (n_cards, >, 10);
  g_assert_cmpstr (cards[0].name, ==, "Thornwood Scout");

  entry = entry_named (fixture->library, "arcmage-illegal-copy-limit.xml");
  g_assert_cmpint (dw_deck_library_entry_get_verdict (entry), ==, DW_DECK_VERDICT_ILLEGAL);
  g_assert_cmpuint (dw_deck_library_entry_get_n_errors (entry), >, 0);
  g_assert_cmpstr (dw_deck_library_entry_get_folder (entry), ==, sub);

  entry = entry_named (fixture->library, "plain.txt");
  g_assert_cmpstr (dw_deck_library_entry_get_kind (entry), ==, "text");
  g_assert_cmpstr (dw_deck_library_entry_get_name (entry), ==, "plain");
  g_assert_cmpuint (dw_deck_library_entry_get_n_cards (entry), ==, 6);
}

static void
test_unreadable_decks_and_folders_do_not_stop_the_rest (Fixture       *fixture,
                                                        gconstpointer  data)
{
  g_autofree char *loop_dir = g_build_filename (fixture->root, "loop", NULL);
  g_autofree char *loop_link = g_build_filename (loop_dir, "again", NULL);
  g_autofree char *good = copy_shipped_deck (fixture->root, "orc-green-wall.xml", NULL);
  DwDeckLibraryEntry *entry;
  GListModel *folders;
  gboolean saw_loop = FALSE;

  g_free (dw_test_write_file (fixture->root, "broken.xml",
                              "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n<name>x</nam>\n</deck>\n"));
  g_free (dw_test_write_file (fixture->root, "unknown-game.xml",
                              "<deck xmlns=\"urn:deckwright:deck:1\" game=\"chess\"><name>x</name></deck>\n"));
  g_mkdir (loop_dir, 0755);
  g_assert_cmpint (symlink (fixture->root, loop_link), ==, 0);
  scan (fixture);

  entry = entry_named (fixture->library, "broken.xml");
  g_assert_nonnull (entry);
  g_assert_cmpint (dw_deck_library_entry_get_verdict (entry), ==, DW_DECK_VERDICT_UNREADABLE);
  g_assert_nonnull (strstr (dw_deck_library_entry_get_error (entry)->message, "broken.xml:2"));

  entry = entry_named (fixture->library, "unknown-game.xml");
  g_assert_cmpint (dw_deck_library_entry_get_verdict (entry), ==, DW_DECK_VERDICT_UNREADABLE);
  g_assert_nonnull (strstr (dw_deck_library_entry_get_error (entry)->message, "chess"));

  entry = entry_named (fixture->library, "orc-green-wall.xml");
  g_assert_cmpint (dw_deck_library_entry_get_verdict (entry), ==, DW_DECK_VERDICT_LEGAL);

  folders = dw_deck_library_get_folders (fixture->library);
  for (guint i = 0; i < g_list_model_get_n_items (folders); i++)
    {
      g_autoptr(DwDeckLibraryFolder) folder = g_list_model_get_item (folders, i);
      const GError *error = dw_deck_library_folder_get_error (folder);

      if (g_strcmp0 (dw_deck_library_folder_get_path (folder), loop_link) == 0)
        {
          g_assert_error (error, DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_LOOP);
          g_assert_false (saw_loop);  /* said once */
          saw_loop = TRUE;
        }
      else
        g_assert_no_error (error);
    }
  g_assert_true (saw_loop);
  /* Each deck once, though the loop leads back to them. */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->library)), ==, 3);
}

/* The folders of @library marked with an error of @code, by path. */
static GPtrArray *
folders_marked (DwDeckLibrary *library,
                int            code)
{
  GListModel *folders = dw_deck_library_get_folders (library);
  GPtrArray *marked = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < g_list_model_get_n_items (folders); i++)
    {
      g_autoptr(DwDeckLibraryFolder) folder = g_list_model_get_item (folders, i);
      const GError *error = dw_deck_library_folder_get_error (folder);

      if (error != NULL && error->domain == DW_DECK_LIBRARY_ERROR && error->code == code)
        g_ptr_array_add (marked, g_strdup (dw_deck_library_folder_get_path (folder)));
    }
  return marked;
}

/* a -> b -> a: neither leads to a folder; each link says so once, and a
 * deck file that is such a link is a deck marked unreadable. */
static void
test_links_leading_to_each_other (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autofree char *a = g_build_filename (fixture->root, "a", NULL);
  g_autofree char *b = g_build_filename (fixture->root, "b", NULL);
  g_autofree char *self = g_build_filename (fixture->root, "self.xml", NULL);
  g_autofree char *good = copy_shipped_deck (fixture->root, "orc-green-wall.xml", NULL);
  g_autoptr(GPtrArray) loops = NULL;
  DwDeckLibraryEntry *entry;

  g_assert_cmpint (symlink ("b", a), ==, 0);
  g_assert_cmpint (symlink ("a", b), ==, 0);
  g_assert_cmpint (symlink ("self.xml", self), ==, 0);
  scan (fixture);

  loops = folders_marked (fixture->library, DW_DECK_LIBRARY_ERROR_LOOP);
  g_assert_cmpuint (loops->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (loops, 0), ==, a);
  g_assert_cmpstr (g_ptr_array_index (loops, 1), ==, b);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->library)), ==, 2);
  entry = entry_named (fixture->library, "self.xml");
  g_assert_nonnull (entry);
  g_assert_cmpint (dw_deck_library_entry_get_verdict (entry), ==, DW_DECK_VERDICT_UNREADABLE);
  g_assert_error (dw_deck_library_entry_get_error (entry), DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_LOOP);
  g_assert_nonnull (strstr (dw_deck_library_entry_get_error (entry)->message, self));
  g_assert_nonnull (strstr (dw_deck_library_entry_get_error (entry)->message, "in a loop"));
  g_assert_cmpint (dw_deck_library_entry_get_verdict (entry_named (fixture->library, "orc-green-wall.xml")),
                   ==, DW_DECK_VERDICT_LEGAL);
}

static gboolean
refuse_locked_folder (const char  *path,
                      GError     **error)
{
  if (!g_str_has_suffix (path, G_DIR_SEPARATOR_S "Locked"))
    return TRUE;
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED, g_strerror (EACCES));
  return FALSE;
}

/* A folder that cannot be read is marked with its reason; the rest is
 * read.  Tests run as root, whom chmod 000 does not stop: the scan's
 * hook refuses the folder as the kernel would (and, run as another user,
 * chmod 000 does too). */
static void
test_unreadable_folder_is_marked (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autofree char *locked = g_build_filename (fixture->root, "Locked", NULL);
  g_autofree char *good = copy_shipped_deck (fixture->root, "orc-green-wall.xml", NULL);
  g_autofree char *hidden = NULL;
  g_autoptr(GPtrArray) unreadable = NULL;
  g_autoptr(DwDeckLibraryFolder) folder = NULL;
  GListModel *folders;

  g_assert_cmpint (g_mkdir (locked, 0755), ==, 0);
  hidden = copy_shipped_deck (locked, "orc-bone-tide.xml", NULL);
  if (geteuid () != 0)
    g_assert_cmpint (g_chmod (locked, 0), ==, 0);
  else
    deck_library_scan_testing.open_folder = refuse_locked_folder;
  scan (fixture);
  g_chmod (locked, 0755);

  unreadable = folders_marked (fixture->library, DW_DECK_LIBRARY_ERROR_UNREADABLE);
  g_assert_cmpuint (unreadable->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (unreadable, 0), ==, locked);
  folders = dw_deck_library_get_folders (fixture->library);
  folder = g_list_model_get_item (folders, 1);
  g_assert_cmpstr (dw_deck_library_folder_get_path (folder), ==, locked);
  g_assert_nonnull (strstr (dw_deck_library_folder_get_error (folder)->message, locked));
  g_assert_nonnull (strstr (dw_deck_library_folder_get_error (folder)->message, g_strerror (EACCES)));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->library)), ==, 1);
  g_assert_nonnull (entry_named (fixture->library, "orc-green-wall.xml"));

  /* Readable again: its decks come back, the mark goes. */
  deck_library_scan_testing.open_folder = NULL;
  scan (fixture);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->library)), ==, 2);
  g_clear_pointer (&unreadable, g_ptr_array_unref);
  unreadable = folders_marked (fixture->library, DW_DECK_LIBRARY_ERROR_UNREADABLE);
  g_assert_cmpuint (unreadable->len, ==, 0);
}

/* A library folder that is a file is a folder marked, saying what to do. */
static void
test_root_that_is_a_file (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *file = dw_test_write_file (fixture->tmpdir, "not-a-folder", "decks?\n");
  const char *roots[] = { file, fixture->root, NULL };
  g_autofree char *good = copy_shipped_deck (fixture->root, "orc-green-wall.xml", NULL);
  g_autoptr(DwDeckLibraryFolder) folder = NULL;

  dw_deck_library_set_roots (fixture->library, roots, FALSE);
  scan (fixture);
  folder = g_list_model_get_item (dw_deck_library_get_folders (fixture->library), 0);
  g_assert_cmpstr (dw_deck_library_folder_get_path (folder), ==, file);
  g_assert_error (dw_deck_library_folder_get_error (folder), DW_DECK_LIBRARY_ERROR,
                  DW_DECK_LIBRARY_ERROR_NOT_A_FOLDER);
  g_assert_nonnull (strstr (dw_deck_library_folder_get_error (folder)->message, "choose a folder"));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->library)), ==, 1);
}

static char *vanishing;

static void
delete_vanishing (const char *path)
{
  if (g_strcmp0 (path, vanishing) == 0)
    g_assert_cmpint (g_unlink (path), ==, 0);
}

/* A deck deleted after its folder was listed and before it was read is
 * gone: not in the library, not an unreadable deck. */
static void
test_file_vanishing_between_listing_and_reading (Fixture       *fixture,
                                                 gconstpointer  data)
{
  g_autofree char *good = copy_shipped_deck (fixture->root, "orc-green-wall.xml", NULL);
  g_autofree char *going = copy_shipped_deck (fixture->root, "orc-bone-tide.xml", NULL);

  vanishing = going;
  deck_library_scan_testing.before_reading = delete_vanishing;
  scan (fixture);
  vanishing = NULL;

  g_assert_false (g_file_test (going, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->library)), ==, 1);
  g_assert_nonnull (entry_named (fixture->library, "orc-green-wall.xml"));
  g_assert_null (entry_named (fixture->library, "orc-bone-tide.xml"));
}

/* DECK_LIBRARY_MAX_DEPTH folders below a root are read; one more is a
 * folder marked with the limit, and nothing below it is listed. */
static void
test_folders_too_deep (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GString) path = g_string_new (fixture->root);
  g_autofree char *deepest_read = NULL;
  g_autofree char *too_deep = NULL;
  g_autoptr(GPtrArray) limited = NULL;

  for (guint depth = 1; depth <= DECK_LIBRARY_MAX_DEPTH + 2; depth++)
    {
      g_string_append (path, G_DIR_SEPARATOR_S "d");
      g_assert_cmpint (g_mkdir (path->str, 0755), ==, 0);
      g_free (dw_test_write_file (path->str, "list.txt", "4 Thornwood Scout\n"));
      if (depth == DECK_LIBRARY_MAX_DEPTH)
        deepest_read = g_strdup (path->str);
      else if (depth == DECK_LIBRARY_MAX_DEPTH + 1)
        too_deep = g_strdup (path->str);
    }
  scan (fixture);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->library)), ==, DECK_LIBRARY_MAX_DEPTH);
  limited = folders_marked (fixture->library, DW_DECK_LIBRARY_ERROR_LIMIT);
  g_assert_cmpuint (limited->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (limited, 0), ==, too_deep);
  /* root, the folders read, the one marked */
  g_assert_cmpuint (g_list_model_get_n_items (dw_deck_library_get_folders (fixture->library)), ==,
                    DECK_LIBRARY_MAX_DEPTH + 2);
  {
    g_autoptr(DwDeckLibraryFolder) folder = g_list_model_get_item (dw_deck_library_get_folders (fixture->library),
                                                                   DECK_LIBRARY_MAX_DEPTH + 1);

    g_assert_nonnull (strstr (dw_deck_library_folder_get_error (folder)->message, "32 folders below"));
  }
}

/* Past the most decks or folders a library holds, the listing stops; the
 * folder where it stopped says so; what was listed is read. */
static void
test_too_many_decks_or_folders (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autoptr(GPtrArray) limited = NULL;

  /* The documented limits (docs/library.md, README.md). */
  g_assert_cmpuint (DECK_LIBRARY_MAX_DECKS, ==, 100000);
  g_assert_cmpuint (DECK_LIBRARY_MAX_FOLDERS, ==, 10000);
  g_assert_cmpuint (DECK_LIBRARY_MAX_DEPTH, ==, 32);

  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *folder = g_strdup_printf ("%s" G_DIR_SEPARATOR_S "f%u", fixture->root, i);
      g_autofree char *name = g_strdup_printf ("deck%u.txt", i);

      g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
      g_free (dw_test_write_file (folder, name, "4 Thornwood Scout\n"));
      g_free (dw_test_write_file (fixture->root, name, "2 Seedfall\n"));
    }

  deck_library_scan_testing.max_decks = 4;
  scan (fixture);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->library)), ==, 4);
  limited = folders_marked (fixture->library, DW_DECK_LIBRARY_ERROR_LIMIT);
  g_assert_cmpuint (limited->len, ==, 1);
  /* Names sort: deck0-2.txt first, then f0/deck0.txt; f1 holds the fifth. */
  g_assert_true (g_str_has_suffix (g_ptr_array_index (limited, 0), G_DIR_SEPARATOR_S "f1"));
  g_clear_pointer (&limited, g_ptr_array_unref);

  deck_library_scan_testing.max_decks = 0;
  deck_library_scan_testing.max_folders = 3;
  scan (fixture);
  limited = folders_marked (fixture->library, DW_DECK_LIBRARY_ERROR_LIMIT);
  g_assert_cmpuint (limited->len, ==, 1);
  g_assert_true (g_str_has_suffix (g_ptr_array_index (limited, 0), G_DIR_SEPARATOR_S "f2"));
  g_assert_nonnull (strstr (g_ptr_array_index (limited, 0), fixture->root));
  /* root, f0, f1 read: their five decks */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->library)), ==, 5);

  /* Under the limits again, everything. */
  deck_library_scan_testing.max_folders = 0;
  scan (fixture);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->library)), ==, 6);
  g_clear_pointer (&limited, g_ptr_array_unref);
  limited = folders_marked (fixture->library, DW_DECK_LIBRARY_ERROR_LIMIT);
  g_assert_cmpuint (limited->len, ==, 0);
}

static gboolean
only_folder_marked_full (DwDeckLibrary *library,
                         const char    *path)
{
  g_autoptr(GPtrArray) limited = folders_marked (library, DW_DECK_LIBRARY_ERROR_LIMIT);

  return limited->len == 1 && strcmp (g_ptr_array_index (limited, 0), path) == 0;
}

static const char *
limit_message (DwDeckLibrary *library)
{
  GListModel *folders = dw_deck_library_get_folders (library);

  for (guint i = 0; i < g_list_model_get_n_items (folders); i++)
    {
      g_autoptr(DwDeckLibraryFolder) folder = g_list_model_get_item (folders, i);
      const GError *error = dw_deck_library_folder_get_error (folder);

      if (g_error_matches (error, DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_LIMIT))
        return error->message;  /* the library's folder holds it */
    }
  return NULL;
}

/* The deck limit holds however a deck arrives while the library watches
 * (a monitor's report: a deck written, made, copied or imported into a
 * folder; the look at a folder when its watch starts), not only in a
 * scan: the deck is not read, its folder says so as a scan's would, and
 * when a deck goes the ones left out are read. */
static void
test_deck_limit_holds_while_watching (Fixture       *fixture,
                                      gconstpointer  data)
{
  g_autofree char *sub = g_build_filename (fixture->root, "sub", NULL);
  g_autofree char *a = NULL;
  g_autofree char *late = NULL;
  g_autofree char *expected = NULL;

  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  a = dw_test_write_file (fixture->root, "a.txt", "4 Thornwood Scout\n");
  g_free (dw_test_write_file (sub, "b.txt", "2 Seedfall\n"));
  deck_library_scan_testing.max_decks = 2;
  scan (fixture);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->library)), ==, 2);
  g_assert_null (limit_message (fixture->library));

  /* A monitor's report. */
  dw_deck_library_set_watching (fixture->library, TRUE);
  g_free (dw_test_write_file (sub, "c.txt", "1 Seedfall\n"));
  DW_TEST_WAIT_UNTIL (limit_message (fixture->library) != NULL);
  g_assert_true (only_folder_marked_full (fixture->library, sub));
  expected = g_strdup_printf ("%s: the library holds more than 2 decks", sub);
  g_assert_true (g_str_has_prefix (limit_message (fixture->library), expected));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->library)), ==, 2);
  g_assert_null (entry_named (fixture->library, "c.txt"));

  /* A deck gone: room for the one left out. */
  g_assert_cmpint (g_unlink (a), ==, 0);
  DW_TEST_WAIT_UNTIL (entry_named (fixture->library, "c.txt") != NULL);
  g_assert_null (limit_message (fixture->library));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->library)), ==, 2);

  /* The look when a watch starts, which no monitor reports. */
  dw_deck_library_set_watching (fixture->library, FALSE);
  late = dw_test_write_file (fixture->root, "late.txt", "3 Seedfall\n");
  dw_deck_library_set_watching (fixture->library, TRUE);
  g_assert_true (only_folder_marked_full (fixture->library, fixture->root));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->library)), ==, 2);
  g_assert_null (entry_named (fixture->library, "late.txt"));
}

static gboolean
holds_card_named (DwDeckLibraryEntry *entry,
                  const char         *name,
                  const char         *key)
{
  const DwDeckLibraryCard *cards;
  const char * const *keys = dw_deck_library_entry_get_card_keys (entry);
  guint n;

  cards = dw_deck_library_entry_get_cards (entry, &n);
  for (guint i = 0; i < n; i++)
    if (strcmp (cards[i].name, name) == 0 && strcmp (keys[i], key) == 0)
      return TRUE;
  return FALSE;
}

/* The cards' names and keys of an entry, read from the deck or from the
 * index, are the entry's and go with it: none is interned for the
 * process's life (a long-lived window or a fuzzer reading ever new names
 * would grow without bound). */
static void
test_card_names_are_freed_with_the_entry (Fixture       *fixture,
                                          gconstpointer  data)
{
  g_autofree char *unique = g_strdup_printf ("Odds Card %08x%08x", g_random_int (), g_random_int ());
  g_autofree char *key = g_ascii_strdown (unique, -1);
  g_autofree char *odd = g_strdup_printf ("Ünïque Card %08x", g_random_int ());
  g_autofree char *odd_key = dw_card_name_key (odd);
  g_autofree char *text = g_strdup_printf ("4 Thornwood Scout\n2 %s\n1 %s\n", unique, odd);

  g_free (dw_test_write_file (fixture->root, "odd.txt", text));
  for (guint pass = 0; pass < 2; pass++)
    {
      /* Read from the deck, then taken from the index. */
      g_autoptr(DwDeckLibrary) library = dw_deck_library_new (fixture->cards, fixture->cache);
      DwDeckLibraryEntry *entry;

      dw_deck_library_set_roots (library, dw_deck_library_get_roots (fixture->library), FALSE);
      g_assert_true (dw_deck_library_scan (library, NULL, NULL));
      entry = entry_named (library, "odd.txt");
      g_assert_nonnull (entry);
      g_assert_true (holds_card_named (entry, unique, key));
      g_assert_true (holds_card_named (entry, odd, odd_key));
    }
  g_assert_cmpuint (g_quark_try_string (unique), ==, 0);
  g_assert_cmpuint (g_quark_try_string (key), ==, 0);
  g_assert_cmpuint (g_quark_try_string (odd_key), ==, 0);
}

/* A deck past a deck's limits (its name, its tags) is a deck marked
 * unreadable, naming its file and line and the limit; the rest is read. */
static void
test_decks_past_their_limits_are_marked (Fixture       *fixture,
                                         gconstpointer  data)
{
  g_autoptr(GString) tags = g_string_new (NULL);
  g_autofree char *long_name = g_strnfill (201, 'N');
  g_autofree char *long_tag = g_strnfill (201, 't');
  g_autofree char *text = NULL;
  g_autofree char *good = copy_shipped_deck (fixture->root, "orc-green-wall.xml", NULL);
  struct { const char *file, *where, *what; } expected[] = {
    { "name.xml", "name.xml:2:", "201 characters" },
    { "tag.xml", "tag.xml:3:", "201 characters" },
    { "tags.xml", "tags.xml:259:", "256 tags" },
  };

  for (guint i = 0; i < 257; i++)
    g_string_append_printf (tags, "<tag>t%u</tag>\n", i);
  text = g_strdup_printf ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n<name>%s</name>\n</deck>\n",
                          long_name);
  g_free (dw_test_write_file (fixture->root, "name.xml", text));
  g_free (text);
  text = g_strdup_printf ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n<name>x</name>\n"
                          "<tag>%s</tag>\n</deck>\n", long_tag);
  g_free (dw_test_write_file (fixture->root, "tag.xml", text));
  g_free (text);
  text = g_strdup_printf ("<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n<name>x</name>\n%s</deck>\n",
                          tags->str);
  g_free (dw_test_write_file (fixture->root, "tags.xml", text));
  scan (fixture);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->library)), ==, 4);
  g_assert_cmpint (dw_deck_library_entry_get_verdict (entry_named (fixture->library, "orc-green-wall.xml")),
                   ==, DW_DECK_VERDICT_LEGAL);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      DwDeckLibraryEntry *entry = entry_named (fixture->library, expected[i].file);

      g_assert_nonnull (entry);
      g_assert_cmpint (dw_deck_library_entry_get_verdict (entry), ==, DW_DECK_VERDICT_UNREADABLE);
      g_assert_nonnull (strstr (dw_deck_library_entry_get_error (entry)->message, expected[i].where));
      g_assert_nonnull (strstr (dw_deck_library_entry_get_error (entry)->message, expected[i].what));
    }
}

static void
test_missing_root_is_a_folder_marked_unreadable (Fixture       *fixture,
                                                 gconstpointer  data)
{
  g_autofree char *missing = g_build_filename (fixture->tmpdir, "nowhere", NULL);
  const char *roots[] = { missing, fixture->root, NULL };
  g_autoptr(DwDeckLibraryFolder) folder = NULL;
  g_autofree char *good = copy_shipped_deck (fixture->root, "orc-green-wall.xml", NULL);

  dw_deck_library_set_roots (fixture->library, roots, FALSE);
  scan (fixture);
  folder = g_list_model_get_item (dw_deck_library_get_folders (fixture->library), 0);
  g_assert_cmpstr (dw_deck_library_folder_get_path (folder), ==, missing);
  g_assert_error (dw_deck_library_folder_get_error (folder), DW_DECK_LIBRARY_ERROR,
                  DW_DECK_LIBRARY_ERROR_NOT_A_FOLDER);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->library)), ==, 1);
}

/* A second library over the same cache reads nothing it need not: an
 * entry comes from the index unless the file disagrees with it. */
static void
test_index_is_used_and_a_change_on_disk_is_seen (Fixture       *fixture,
                                                 gconstpointer  data)
{
  g_autofree char *path = copy_shipped_deck (fixture->root, "orc-green-wall.xml", NULL);
  g_autoptr(DwDeckLibrary) again = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *changed = NULL;
  DwDeckLibraryEntry *entry;
  const char *roots[] = { fixture->root, NULL };
  g_auto(GStrv) parts = NULL;
  g_autofree char *garbage = NULL;
  struct stat st;
  struct timespec times[2];
  GError *error = NULL;

  scan (fixture);
  g_assert_true (g_file_test (dw_deck_library_get_index_path (fixture->library), G_FILE_TEST_EXISTS));

  /* The index answers for a file whose size and time agree with it: the
   * file is made garbage of the same size and time, and a new library
   * over the same cache still sees the deck, so it did not read it. */
  contents = dw_test_read_file (path);
  g_assert_cmpint (stat (path, &st), ==, 0);
  garbage = g_strnfill (strlen (contents), 'x');
  g_assert_true (g_file_set_contents (path, garbage, -1, &error));
  times[0] = st.st_atim;
  times[1] = st.st_mtim;
  g_assert_cmpint (utimensat (AT_FDCWD, path, times, 0), ==, 0);

  again = dw_deck_library_new (fixture->cards, fixture->cache);
  dw_deck_library_set_roots (again, roots, FALSE);
  g_assert_true (dw_deck_library_scan (again, NULL, &error));
  entry = entry_named (again, "orc-green-wall.xml");
  g_assert_cmpstr (dw_deck_library_entry_get_name (entry), ==, "Green Wall");

  /* Another program changes the deck: its name and a tag. */
  parts = g_strsplit (contents, "<name>Green Wall</name>", 2);
  changed = g_strconcat (parts[0], "<name>Greener Wall</name><tag>friends</tag>", parts[1], NULL);
  g_assert_true (g_file_set_contents (path, changed, -1, &error));
  g_assert_no_error (error);

  g_assert_true (dw_deck_library_scan (again, NULL, &error));
  entry = entry_named (again, "orc-green-wall.xml");
  g_assert_cmpstr (dw_deck_library_entry_get_name (entry), ==, "Greener Wall");
  g_assert_cmpstr (dw_deck_library_entry_get_tags (entry)[0], ==, "friends");

  /* And it is gone when the file is. */
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_true (dw_deck_library_scan (again, NULL, &error));
  g_assert_null (entry_named (again, "orc-green-wall.xml"));
}

/* Garbage, or an empty file (which maps to no address: found by
 * fuzz-deck-index, the seed empty-file), is no index: the decks are read. */
static void
test_damaged_index_is_rebuilt (Fixture       *fixture,
                               gconstpointer  data)
{
  static const char * const damaged[] = { "garbage that is no index at all", "" };
  g_autofree char *path = copy_shipped_deck (fixture->root, "orc-green-wall.xml", NULL);
  const char *roots[] = { fixture->root, NULL };
  g_autoptr(GError) error = NULL;

  scan (fixture);
  for (guint i = 0; i < G_N_ELEMENTS (damaged); i++)
    {
      const char *index = dw_deck_library_get_index_path (fixture->library);

      g_assert_true (g_file_set_contents (index, damaged[i], -1, &error));
      g_assert_no_error (error);
      g_clear_object (&fixture->library);
      fixture->library = dw_deck_library_new (fixture->cards, fixture->cache);
      dw_deck_library_set_roots (fixture->library, roots, FALSE);
      scan (fixture);
      g_assert_cmpstr (dw_deck_library_entry_get_name (entry_named (fixture->library, "orc-green-wall.xml")),
                       ==, "Green Wall");
    }
}

static guint n_read;

static void
count_reading (const char *path)
{
  n_read++;
}

/* The index is looked up in the order it was written, and out of it: a
 * library of one of two roots the index holds (its records after the
 * other's), then of the other, then of both, reads no deck again. */
static void
test_index_answers_in_any_order (Fixture       *fixture,
                                 gconstpointer  data)
{
  static const char * const decks[] = { "orc-green-wall.xml", "orc-bone-tide.xml", "cor-bone-choir.xml" };
  g_autofree char *a = g_build_filename (fixture->root, "a", NULL);
  g_autofree char *b = g_build_filename (fixture->root, "b", NULL);
  const char *both[] = { a, b, NULL };
  const char *only_b[] = { b, NULL };
  const char *only_a[] = { a, NULL };
  const char * const *orders[] = { only_b, only_a, both };
  GError *error = NULL;

  g_assert_cmpint (g_mkdir (a, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (b, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (decks); i++)
    {
      g_free (copy_shipped_deck (a, decks[i], NULL));
      g_free (copy_shipped_deck (b, decks[i], NULL));
    }
  {
    g_autoptr(DwDeckLibrary) first = dw_deck_library_new (fixture->cards, fixture->cache);

    dw_deck_library_set_roots (first, both, FALSE);
    g_assert_true (dw_deck_library_scan (first, NULL, &error));
    g_assert_no_error (error);
  }

  deck_library_scan_testing.before_reading = count_reading;
  for (guint o = 0; o < G_N_ELEMENTS (orders); o++)
    {
      g_autoptr(DwDeckLibrary) again = dw_deck_library_new (fixture->cards, fixture->cache);
      guint n_roots = g_strv_length ((char **) orders[o]);

      n_read = 0;
      dw_deck_library_set_roots (again, orders[o], FALSE);
      g_assert_true (dw_deck_library_scan (again, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (n_read, ==, 0);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (again)), ==, n_roots * G_N_ELEMENTS (decks));
      g_assert_cmpstr (dw_deck_library_entry_get_name (entry_named (again, "orc-green-wall.xml")), ==,
                       "Green Wall");
    }
}

/* The index file is read where it lies, its lengths trusted only once
 * checked: an index cut short anywhere is refused whole (the deck is
 * read again), and one with any byte changed never reads outside the
 * file (ASan would say) and still lists the deck. */
static void
test_index_cut_or_changed_anywhere (Fixture       *fixture,
                                    gconstpointer  data)
{
  g_autofree char *path = copy_shipped_deck (fixture->root, "orc-green-wall.xml", NULL);
  g_autofree char *index_text = NULL;
  const char *roots[] = { fixture->root, NULL };
  const char *index;
  gsize length;
  GError *error = NULL;

  scan (fixture);
  index = dw_deck_library_get_index_path (fixture->library);
  g_assert_true (g_file_get_contents (index, &index_text, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, >, 64);

  for (gsize at = 0; at < length; at += 1 + at / 8)
    for (guint how = 0; how < 2; how++)
      {
        g_autoptr(DwDeckLibrary) again = NULL;
        g_autofree char *damaged = g_memdup2 (index_text, length);
        gsize damaged_length = length;
        DwDeckLibraryEntry *entry;

        if (how == 0)
          damaged_length = at;        /* cut short */
        else
          damaged[at] ^= (char) 0xa5; /* one byte changed */
        g_assert_true (g_file_set_contents (index, damaged, (gssize) damaged_length, &error));
        g_assert_no_error (error);

        again = dw_deck_library_new (fixture->cards, fixture->cache);
        dw_deck_library_set_roots (again, roots, FALSE);
        g_assert_true (dw_deck_library_scan (again, NULL, &error));
        g_assert_no_error (error);
        entry = entry_named (again, "orc-green-wall.xml");
        g_assert_nonnull (entry);
        if (how == 0)
          g_assert_cmpstr (dw_deck_library_entry_get_name (entry), ==, "Green Wall");
      }
}

static void
assert_strv_equal (const char * const *a,
                   const char * const *b)
{
  g_assert_nonnull (a);
  g_assert_nonnull (b);
  g_assert_cmpuint (g_strv_length ((char **) a), ==, g_strv_length ((char **) b));
  for (guint i = 0; a[i] != NULL; i++)
    g_assert_cmpstr (a[i], ==, b[i]);
}

/* An entry taken from the index (its strings laid out in one block) says
 * all that the entry read from the file said: a deck with two tags in a
 * sub-folder, one with none, and a deck that cannot be read. */
static void
test_entry_from_the_index_is_the_entry_read (Fixture       *fixture,
                                             gconstpointer  data)
{
  g_autofree char *sub = g_build_filename (fixture->root, "Friends", NULL);
  g_autofree char *source = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autofree char *contents = dw_test_read_file (source);
  g_auto(GStrv) parts = g_strsplit (contents, "</name>", 2);
  g_autofree char *tagged = g_strconcat (parts[0], "</name><tag>friends</tag><tag>season 3</tag>", parts[1], NULL);
  g_autofree char *path = (g_mkdir_with_parents (sub, 0700), dw_test_write_file (sub, "tagged.xml", tagged));
  g_autofree char *plain = copy_shipped_deck (fixture->root, "cor-bone-choir.xml", NULL);
  g_autofree char *broken = dw_test_write_file (fixture->root, "broken.xml", "<deck");
  g_autoptr(DwDeckLibrary) again = dw_deck_library_new (fixture->cards, fixture->cache);
  const char *roots[] = { fixture->root, NULL };
  GListModel *read, *indexed;
  GError *error = NULL;

  scan (fixture);
  dw_deck_library_set_roots (again, roots, FALSE);
  g_assert_true (dw_deck_library_scan (again, NULL, &error));
  g_assert_no_error (error);
  read = G_LIST_MODEL (fixture->library);
  indexed = G_LIST_MODEL (again);
  g_assert_cmpuint (g_list_model_get_n_items (read), ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (indexed), ==, 3);

  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(DwDeckLibraryEntry) a = g_list_model_get_item (read, i);
      g_autoptr(DwDeckLibraryEntry) b = g_list_model_get_item (indexed, i);
      const DwDeckLibraryCard *cards_a, *cards_b;
      guint n_a = 0, n_b = 0;

      g_assert_true (a != b);
      g_assert_cmpstr (dw_deck_library_entry_get_path (a), ==, dw_deck_library_entry_get_path (b));
      g_assert_cmpstr (dw_deck_library_entry_get_folder (a), ==, dw_deck_library_entry_get_folder (b));
      g_assert_cmpstr (dw_deck_library_entry_get_root (a), ==, dw_deck_library_entry_get_root (b));
      g_assert_cmpstr (dw_deck_library_entry_get_name (a), ==, dw_deck_library_entry_get_name (b));
      g_assert_cmpstr (dw_deck_library_entry_get_notes (a), ==, dw_deck_library_entry_get_notes (b));
      g_assert_cmpstr (dw_deck_library_entry_get_game_id (a), ==, dw_deck_library_entry_get_game_id (b));
      g_assert_cmpstr (dw_deck_library_entry_get_format_id (a), ==, dw_deck_library_entry_get_format_id (b));
      g_assert_cmpstr (dw_deck_library_entry_get_kind (a), ==, dw_deck_library_entry_get_kind (b));
      g_assert_cmpstr (dw_deck_library_entry_get_cover_id (a), ==, dw_deck_library_entry_get_cover_id (b));
      g_assert_cmpint (dw_deck_library_entry_get_verdict (a), ==, dw_deck_library_entry_get_verdict (b));
      g_assert_cmpuint (dw_deck_library_entry_get_n_errors (a), ==, dw_deck_library_entry_get_n_errors (b));
      g_assert_cmpuint (dw_deck_library_entry_get_n_cards (a), ==, dw_deck_library_entry_get_n_cards (b));
      g_assert_cmpint (dw_deck_library_entry_get_mtime (a), ==, dw_deck_library_entry_get_mtime (b));
      g_assert_cmpuint (dw_deck_library_entry_get_size (a), ==, dw_deck_library_entry_get_size (b));
      assert_strv_equal (dw_deck_library_entry_get_factions (a), dw_deck_library_entry_get_factions (b));
      assert_strv_equal (dw_deck_library_entry_get_tags (a), dw_deck_library_entry_get_tags (b));
      assert_strv_equal (dw_deck_library_entry_get_tag_keys (a), dw_deck_library_entry_get_tag_keys (b));
      g_assert_cmpstr (dw_deck_library_entry_get_text_key (a), ==, dw_deck_library_entry_get_text_key (b));
      g_assert_cmpint (dw_deck_library_entry_get_error (a) != NULL, ==, dw_deck_library_entry_get_error (b) != NULL);
      if (dw_deck_library_entry_get_error (a) != NULL)
        g_assert_cmpstr (dw_deck_library_entry_get_error (a)->message, ==,
                         dw_deck_library_entry_get_error (b)->message);
      cards_a = dw_deck_library_entry_get_cards (a, &n_a);
      cards_b = dw_deck_library_entry_get_cards (b, &n_b);
      g_assert_cmpuint (n_a, ==, n_b);
      for (guint c = 0; c < n_a; c++)
        {
          g_assert_cmpstr (cards_a[c].id, ==, cards_b[c].id);
          g_assert_cmpstr (cards_a[c].name, ==, cards_b[c].name);
          g_assert_cmpuint (cards_a[c].count, ==, cards_b[c].count);
        }
    }

  {
    DwDeckLibraryEntry *entry = entry_named (again, "tagged.xml");

    g_assert_cmpstr (dw_deck_library_entry_get_folder (entry), ==, sub);
    g_assert_cmpstr (dw_deck_library_entry_get_tags (entry)[0], ==, "friends");
    g_assert_cmpstr (dw_deck_library_entry_get_tags (entry)[1], ==, "season 3");
    g_assert_null (dw_deck_library_entry_get_tags (entry)[2]);
    g_assert_nonnull (dw_deck_library_entry_get_factions (entry)[0]);
  }
}

/* Every string of the index is checked whole, its first eight bytes (read
 * a word at a time) as much as the rest: a NUL or a byte that is not
 * UTF-8 inside the deck's name refuses the index, and the deck is read
 * again ("Green Wall", not "Green" or "Green \xffall"). */
static void
test_index_string_with_a_nul_or_bad_byte_is_refused (Fixture       *fixture,
                                                     gconstpointer  data)
{
  g_autofree char *path = copy_shipped_deck (fixture->root, "orc-green-wall.xml", NULL);
  g_autofree char *index_text = NULL;
  const char *roots[] = { fixture->root, NULL };
  const char *index;
  const char *name;
  gsize length;
  GError *error = NULL;

  scan (fixture);
  index = dw_deck_library_get_index_path (fixture->library);
  g_assert_true (g_file_get_contents (index, &index_text, &length, &error));
  g_assert_no_error (error);
  /* Among the index's NULs: not a C string. */
  name = NULL;
  for (gsize i = 0; name == NULL && i + strlen ("Green Wall") <= length; i++)
    if (memcmp (index_text + i, "Green Wall", strlen ("Green Wall")) == 0)
      name = index_text + i;
  g_assert_nonnull (name);

  for (guint at = 1; at <= 8; at += 7)  /* in the first word, then past it */
    for (guint how = 0; how < 2; how++)
      {
        g_autoptr(DwDeckLibrary) again = NULL;
        g_autofree char *damaged = g_memdup2 (index_text, length);

        damaged[(name - index_text) + at] = how == 0 ? '\0' : (char) 0xff;
        g_assert_true (g_file_set_contents (index, damaged, (gssize) length, &error));
        g_assert_no_error (error);

        again = dw_deck_library_new (fixture->cards, fixture->cache);
        dw_deck_library_set_roots (again, roots, FALSE);
        g_assert_true (dw_deck_library_scan (again, NULL, &error));
        g_assert_no_error (error);
        g_assert_cmpstr (dw_deck_library_entry_get_name (entry_named (again, "orc-green-wall.xml")),
                         ==, "Green Wall");
      }
}

/* Two libraries over other folders share the cache: each keeps the
 * other's records in the index it writes, so neither reads again what
 * the other had indexed. */
static void
test_index_keeps_other_folders_records (Fixture       *fixture,
                                        gconstpointer  data)
{
  g_autofree char *path = copy_shipped_deck (fixture->root, "orc-green-wall.xml", NULL);
  g_autofree char *other_root = g_build_filename (fixture->tmpdir, "Other Decks", NULL);
  g_autofree char *other_path = (g_mkdir_with_parents (other_root, 0700),
                                 copy_shipped_deck (other_root, "orc-green-wall.xml", NULL));
  g_autofree char *contents = dw_test_read_file (path);
  g_autofree char *garbage = g_strnfill (strlen (contents), 'x');
  g_autoptr(DwDeckLibrary) other = dw_deck_library_new (fixture->cards, fixture->cache);
  g_autoptr(DwDeckLibrary) again = dw_deck_library_new (fixture->cards, fixture->cache);
  const char *roots[] = { fixture->root, NULL };
  const char *other_roots[] = { other_root, NULL };
  struct timespec times[2];
  struct stat st;
  GError *error = NULL;

  scan (fixture);
  dw_deck_library_set_roots (other, other_roots, FALSE);
  g_assert_true (dw_deck_library_scan (other, NULL, &error));
  g_assert_no_error (error);

  /* The first folder's deck made garbage of the same size and time: a
   * library over it still names the deck, from the index. */
  g_assert_cmpint (stat (path, &st), ==, 0);
  g_assert_true (g_file_set_contents (path, garbage, -1, &error));
  times[0] = st.st_atim;
  times[1] = st.st_mtim;
  g_assert_cmpint (utimensat (AT_FDCWD, path, times, 0), ==, 0);
  dw_deck_library_set_roots (again, roots, FALSE);
  g_assert_true (dw_deck_library_scan (again, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (dw_deck_library_entry_get_name (entry_named (again, "orc-green-wall.xml")), ==, "Green Wall");
  g_assert_cmpstr (dw_deck_library_entry_get_name (entry_named (other, "orc-green-wall.xml")), ==, "Green Wall");
  g_assert_nonnull (other_path);
}

static void
on_changed_cb (DwDeckLibrary *library,
               guint         *count)
{
  (*count)++;
}

static void
test_watching_follows_the_disk (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autofree char *source = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autofree char *contents = dw_test_read_file (source);
  g_autofree char *path = g_build_filename (fixture->root, "watched.xml", NULL);
  g_auto(GStrv) parts = NULL;
  g_autofree char *renamed = NULL;
  GError *error = NULL;
  guint changes = 0;

  scan (fixture);
  g_signal_connect (fixture->library, "changed", G_CALLBACK (on_changed_cb), &changes);
  dw_deck_library_set_watching (fixture->library, TRUE);
  g_assert_true (dw_deck_library_get_watching (fixture->library));

  g_assert_true (g_file_set_contents (path, contents, -1, &error));
  DW_TEST_WAIT_UNTIL (entry_named (fixture->library, "watched.xml") != NULL);

  parts = g_strsplit (contents, "<name>Green Wall</name>", 2);
  renamed = g_strconcat (parts[0], "<name>Moss Wall</name>", parts[1], NULL);
  g_assert_true (g_file_set_contents (path, renamed, -1, &error));
  DW_TEST_WAIT_UNTIL (g_strcmp0 (dw_deck_library_entry_get_name (entry_named (fixture->library,
                                                                              "watched.xml")),
                                 "Moss Wall") == 0);

  g_assert_cmpint (g_unlink (path), ==, 0);
  DW_TEST_WAIT_UNTIL (entry_named (fixture->library, "watched.xml") == NULL);
  g_assert_cmpuint (changes, >=, 3);
}

/* A file written into a folder after the scan listed the folder, but
 * before the folder's monitor exists, is reported by no monitor: the
 * library looks at a folder once more when it starts watching it. */
static char *written_late;

static void
write_after_the_listing (const char *path)
{
  g_autofree char *folder = NULL;

  if (written_late != NULL || !g_str_has_suffix (path, "first.xml"))
    return;
  folder = g_path_get_dirname (path);
  written_late = copy_shipped_deck (folder, "orc-bone-tide.xml", "second.xml");
}

static gboolean
has_folder (DwDeckLibrary *library,
            const char    *path)
{
  GListModel *folders = dw_deck_library_get_folders (library);

  for (guint i = 0; i < g_list_model_get_n_items (folders); i++)
    {
      g_autoptr(DwDeckLibraryFolder) folder = g_list_model_get_item (folders, i);

      if (strcmp (dw_deck_library_folder_get_path (folder), path) == 0)
        return TRUE;
    }
  return FALSE;
}

static void
test_file_written_before_its_folder_is_watched (Fixture       *fixture,
                                                gconstpointer  data)
{
  g_autofree char *sub = g_build_filename (fixture->root, "new", NULL);
  g_autofree char *first = NULL;

  scan (fixture);
  dw_deck_library_set_watching (fixture->library, TRUE);
  deck_library_scan_testing.before_reading = write_after_the_listing;

  /* A folder made with a deck in it at once, and a second deck written
   * while the library reads the first, after it listed the folder. */
  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  first = copy_shipped_deck (sub, "orc-green-wall.xml", "first.xml");
  DW_TEST_WAIT_UNTIL (has_folder (fixture->library, sub) && entry_named (fixture->library, "first.xml") != NULL);
  g_assert_nonnull (written_late);

  /* No event will come for it: it is seen already. */
  g_assert_nonnull (entry_named (fixture->library, "second.xml"));
  g_clear_pointer (&written_late, g_free);
}

static void
test_move_keeps_the_entry (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autofree char *path = copy_shipped_deck (fixture->root, "orc-green-wall.xml", NULL);
  g_autofree char *sub = g_build_filename (fixture->root, "old", NULL);
  g_autofree char *moved = g_build_filename (sub, "wall.xml", NULL);
  g_autofree char *other = copy_shipped_deck (fixture->root, "orc-bone-tide.xml", NULL);
  g_autoptr(GError) error = NULL;

  g_mkdir (sub, 0755);
  scan (fixture);
  g_assert_true (dw_deck_library_move (fixture->library, path, moved, &error));
  g_assert_no_error (error);
  g_assert_null (entry_named (fixture->library, "orc-green-wall.xml"));
  g_assert_nonnull (dw_deck_library_lookup (fixture->library, moved));

  g_assert_false (dw_deck_library_move (fixture->library, moved, other, &error));
  g_assert_error (error, DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_EXISTS);
  g_assert_true (g_file_test (moved, G_FILE_TEST_EXISTS));
}

static void
scan_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_true (dw_deck_library_scan_finish (DW_DECK_LIBRARY (source), result, &error));
  g_assert_no_error (error);
  *done = TRUE;
}

static void
test_scan_in_a_thread (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *path = copy_shipped_deck (fixture->root, "orc-green-wall.xml", NULL);
  gboolean done = FALSE;

  dw_deck_library_scan_async (fixture->library, NULL, scan_done_cb, &done);
  DW_TEST_WAIT_UNTIL (done);
  g_assert_nonnull (entry_named (fixture->library, "orc-green-wall.xml"));
}

static void
test_configured_folders_fall_back_to_the_default (void)
{
  g_auto(GStrv) folders = dw_deck_library_configured_folders ();
  g_autofree char *fallback = dw_deck_library_default_folder ();

  /* The memory backend of the tests holds the schema's default: none. */
  g_assert_cmpuint (g_strv_length (folders), ==, 1);
  g_assert_cmpstr (folders[0], ==, fallback);
  g_assert_true (g_str_has_suffix (fallback, G_DIR_SEPARATOR_S "Decks"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("/deck-library/root-is-made-with-its-store", test_root_is_made_with_its_store);
  ADD ("/deck-library/entries-say-what-the-deck-is", test_entries_say_what_the_deck_is);
  ADD ("/deck-library/chosen-cover", test_chosen_cover);
  ADD ("/deck-library/unreadable-decks-and-folders-do-not-stop-the-rest",
       test_unreadable_decks_and_folders_do_not_stop_the_rest);
  ADD ("/deck-library/links-leading-to-each-other", test_links_leading_to_each_other);
  ADD ("/deck-library/unreadable-folder-is-marked", test_unreadable_folder_is_marked);
  ADD ("/deck-library/root-that-is-a-file", test_root_that_is_a_file);
  ADD ("/deck-library/file-vanishing-between-listing-and-reading",
       test_file_vanishing_between_listing_and_reading);
  ADD ("/deck-library/folders-too-deep", test_folders_too_deep);
  ADD ("/deck-library/too-many-decks-or-folders", test_too_many_decks_or_folders);
  ADD ("/deck-library/deck-limit-holds-while-watching", test_deck_limit_holds_while_watching);
  ADD ("/deck-library/card-names-are-freed-with-the-entry", test_card_names_are_freed_with_the_entry);
  ADD ("/deck-library/decks-past-their-limits-are-marked", test_decks_past_their_limits_are_marked);
  ADD ("/deck-library/missing-root-is-a-folder-marked-unreadable",
       test_missing_root_is_a_folder_marked_unreadable);
  ADD ("/deck-library/index-is-used-and-a-change-on-disk-is-seen",
       test_index_is_used_and_a_change_on_disk_is_seen);
  ADD ("/deck-library/damaged-index-is-rebuilt", test_damaged_index_is_rebuilt);
  ADD ("/deck-library/index-answers-in-any-order", test_index_answers_in_any_order);
  ADD ("/deck-library/index-cut-or-changed-anywhere", test_index_cut_or_changed_anywhere);
  ADD ("/deck-library/entry-from-the-index-is-the-entry-read", test_entry_from_the_index_is_the_entry_read);
  ADD ("/deck-library/index-string-with-a-nul-or-bad-byte-is-refused",
       test_index_string_with_a_nul_or_bad_byte_is_refused);
  ADD ("/deck-library/index-keeps-other-folders-records", test_index_keeps_other_folders_records);
  ADD ("/deck-library/watching-follows-the-disk", test_watching_follows_the_disk);
  ADD ("/deck-library/file-written-before-its-folder-is-watched",
       test_file_written_before_its_folder_is_watched);
  ADD ("/deck-library/move-keeps-the-entry", test_move_keeps_the_entry);
  ADD ("/deck-library/scan-in-a-thread", test_scan_in_a_thread);
  g_test_add_func ("/deck-library/configured-folders-fall-back-to-the-default",
                   test_configured_folders_fall_back_to_the_default);

  return g_test_run ();
}
