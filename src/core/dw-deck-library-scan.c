/* dw-deck-library-scan.c — listing the deck library's folders, and a scan
 *
 * A scan lists the roots (one stat per file), then takes every deck file
 * from the live model or the index when its size and time agree, and
 * reads the others (dw-deck-library-entry.c).  It touches no object of
 * the main thread's but the ones it was handed, so it can run in a
 * worker thread; dw-deck-library.c applies its result.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dw-deck-library-private.h"
#include "dw-deck-library-scan-private.h"

/* The extensions a deck file may have; anything else in a folder is not
 * the library's business (pictures, notes, backups). */
static const char * const deck_extensions[] = { "xml", "txt", "text", "dek", "csv", "cod", "json", NULL };

gboolean
deck_library_has_deck_extension (const char *name)
{
  const char *dot = strrchr (name, '.');

  if (dot == NULL || dot == name)
    return FALSE;
  for (guint i = 0; deck_extensions[i] != NULL; i++)
    if (g_ascii_strcasecmp (dot + 1, deck_extensions[i]) == 0)
      return TRUE;
  return FALSE;
}

/* --- listing the disk ------------------------------------------------- */

static void
listed_free (Listed *listed)
{
  g_free (listed->path);
  g_free (listed->root);
  g_free (listed);
}

DeckLibraryScanTesting deck_library_scan_testing;

typedef struct
{
  GPtrArray *files;     /* Listed */
  GPtrArray *folders;   /* DwDeckLibraryFolder */
  GArray    *ancestors; /* dev_t and ino_t pairs of the folders being walked, for loops */
  gboolean   full;      /* a limit was met: list nothing more */
} Listing;

static guint
max_decks (void)
{
  return deck_library_scan_testing.max_decks ? deck_library_scan_testing.max_decks : DECK_LIBRARY_MAX_DECKS;
}

guint
deck_library_max_decks (void)
{
  return max_decks ();
}

static guint
max_folders (void)
{
  return deck_library_scan_testing.max_folders ? deck_library_scan_testing.max_folders
                                               : DECK_LIBRARY_MAX_FOLDERS;
}

GError *
deck_library_too_many_decks (const char *path)
{
  return g_error_new (DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_LIMIT,
                      _("%s: the library holds more than %u decks; the decks from here on are "
                        "not read: split it into several libraries"),
                      path, max_decks ());
}

/* Marks @folder as where the listing stopped, and stops it. */
static void
listing_stop (Listing             *listing,
              DwDeckLibraryFolder *folder,
              GError              *error)
{
  g_clear_error (&folder->error);
  folder->error = error;
  listing->full = TRUE;
}

typedef struct
{
  dev_t dev;
  ino_t ino;
} FolderId;

static void
list_folder (Listing      *listing,
             const char   *path,
             const char   *parent,
             const char   *root,
             guint         depth,
             GCancellable *cancellable)
{
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  struct stat st;
  FolderId id;
  DwDeckLibraryFolder *folder;
  const char *name;
  guint position;
  int dir_fd;

  if (listing->full)
    return;
  if (stat (path, &st) != 0)
    {
      int errsv = errno;

      g_ptr_array_add (listing->folders,
                       deck_library_folder_new (path, parent, root,
                                                g_error_new (DW_DECK_LIBRARY_ERROR,
                                                             errsv == ENOENT ? DW_DECK_LIBRARY_ERROR_NOT_A_FOLDER
                                                                             : DW_DECK_LIBRARY_ERROR_UNREADABLE,
                                                             _("%s: the folder cannot be read: %s"),
                                                             path, g_strerror (errsv))));
      return;
    }
  if (!S_ISDIR (st.st_mode))
    {
      g_ptr_array_add (listing->folders,
                       deck_library_folder_new (path, parent, root,
                                                g_error_new (DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_NOT_A_FOLDER,
                                                             _("%s: is not a folder; choose a folder of decks"),
                                                             path)));
      return;
    }

  for (guint i = 0; i < listing->ancestors->len; i++)
    {
      FolderId *above = &g_array_index (listing->ancestors, FolderId, i);

      if (above->dev == st.st_dev && above->ino == st.st_ino)
        {
          g_ptr_array_add (listing->folders,
                           deck_library_folder_new (path, parent, root,
                                                    g_error_new (DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_LOOP,
                                                                 _("%s: a symbolic link leads back to a folder "
                                                                   "above it; it is not read twice"), path)));
          return;
        }
    }

  if (depth > DECK_LIBRARY_MAX_DEPTH)
    {
      g_ptr_array_add (listing->folders,
                       deck_library_folder_new (path, parent, root,
                                                g_error_new (DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_LIMIT,
                                                             _("%s: the folder is more than %u folders below %s; "
                                                               "its decks are not read: move them up, or add "
                                                               "a folder nearer them to the library"),
                                                             path, DECK_LIBRARY_MAX_DEPTH, root)));
      return;
    }

  folder = deck_library_folder_new (path, parent, root, NULL);
  g_ptr_array_add (listing->folders, folder);
  if (listing->folders->len > max_folders ())
    {
      listing_stop (listing, folder,
                    g_error_new (DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_LIMIT,
                                 _("%s: the library holds more than %u folders; this one and the "
                                   "ones after it are not read: split it into several libraries"),
                                 path, max_folders ()));
      return;
    }

  if (deck_library_scan_testing.open_folder == NULL || deck_library_scan_testing.open_folder (path, &error))
    dir = g_dir_open (path, 0, &error);
  if (dir == NULL)
    {
      folder->error = g_error_new (DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_UNREADABLE,
                                   _("%s: the folder cannot be read: %s"), path, error->message);
      return;
    }

  id.dev = st.st_dev;
  id.ino = st.st_ino;
  g_array_append_val (listing->ancestors, id);
  position = listing->ancestors->len - 1;

  while ((name = g_dir_read_name (dir)) != NULL)
    if (name[0] != '.')
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, deck_library_compare_names);

  /* One stat per name, relative to the folder: the kernel walks the
   * folder's path once, not once per file. */
  dir_fd = open (path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  for (guint i = 0; i < names->len; i++)
    {
      const char *child_name = g_ptr_array_index (names, i);
      g_autofree char *child = NULL;
      int found = dir_fd >= 0 ? fstatat (dir_fd, child_name, &st, 0) : -1;

      if (g_cancellable_is_cancelled (cancellable))
        break;
      if (found != 0 && dir_fd < 0)
        {
          child = g_build_filename (path, child_name, NULL);
          found = stat (child, &st);
        }
      if (found != 0)
        {
          int errsv = errno;

          /* Gone between the listing and now: not in the library any more. */
          if (errsv == ENOENT && (dir_fd >= 0 ? fstatat (dir_fd, child_name, &st, AT_SYMLINK_NOFOLLOW)
                                              : lstat (child, &st)) != 0)
            continue;
          /* Symbolic links leading to each other (a -> b -> a): where they
           * would lead is nowhere; said once, at the link listed. */
          if (errsv == ELOOP && !deck_library_has_deck_extension (child_name))
            {
              if (child == NULL)
                child = g_build_filename (path, child_name, NULL);
              g_ptr_array_add (listing->folders,
                               deck_library_folder_new (child, path, root,
                                                        g_error_new (DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_LOOP,
                                                                     _("%s: symbolic links lead to each other "
                                                                       "in a loop, not to a folder; it is not "
                                                                       "read: remove or correct the link"),
                                                                     child)));
              continue;
            }
          if (deck_library_has_deck_extension (child_name))
            {
              Listed *listed;

              if (listing->files->len >= max_decks ())
                {
                  listing_stop (listing, folder, deck_library_too_many_decks (path));
                  break;
                }
              listed = g_new0 (Listed, 1);

              listed->path = child != NULL ? g_steal_pointer (&child) : g_build_filename (path, child_name, NULL);
              listed->root = g_strdup (root);
              listed->mtime_ns = -1;  /* never in the index: read, and say why not */
              g_ptr_array_add (listing->files, listed);
            }
          continue;
        }
      if (S_ISDIR (st.st_mode))
        {
          if (child == NULL)
            child = g_build_filename (path, child_name, NULL);
          list_folder (listing, child, path, root, depth + 1, cancellable);
          if (listing->full)
            break;
        }
      else if (S_ISREG (st.st_mode) && deck_library_has_deck_extension (child_name))
        {
          Listed *listed;

          if (listing->files->len >= max_decks ())
            {
              listing_stop (listing, folder, deck_library_too_many_decks (path));
              break;
            }
          listed = g_new0 (Listed, 1);

          listed->path = child != NULL ? g_steal_pointer (&child) : g_build_filename (path, child_name, NULL);
          listed->root = g_strdup (root);
          listed->size = (guint64) st.st_size;
          listed->mtime_ns = deck_library_stat_mtime_ns (&st);
          g_ptr_array_add (listing->files, listed);
        }
    }
  if (dir_fd >= 0)
    close (dir_fd);
  g_array_set_size (listing->ancestors, position);
}

/* --- a scan ----------------------------------------------------------- */

static gboolean
deck_library_is_gone (const char *path)
{
  struct stat st;

  return lstat (path, &st) != 0 && errno == ENOENT;
}

void
deck_library_scan_free (Scan *scan)
{
  g_clear_object (&scan->cards);
  g_free (scan->index_path);
  g_free (scan->live_stamp);
  g_free (scan->stamp);
  g_strfreev (scan->roots);
  g_clear_pointer (&scan->live, g_hash_table_unref);
  g_clear_pointer (&scan->entries, g_ptr_array_unref);
  g_clear_pointer (&scan->folders, g_ptr_array_unref);
  g_clear_pointer (&scan->card_index, dw_deck_card_index_free);
  g_free (scan);
}

gboolean
deck_library_entry_is_current (DwDeckLibraryEntry *entry,
                               Listed             *listed)
{
  return listed->mtime_ns >= 0 && entry->size == listed->size &&
         entry->mtime_ns == listed->mtime_ns && g_strcmp0 (entry->root, listed->root) == 0;
}

static int
compare_listed (gconstpointer a,
                gconstpointer b)
{
  return strcmp ((*(Listed * const *) a)->path, (*(Listed * const *) b)->path);
}

gboolean
deck_library_scan_run (Scan         *scan,
                       GCancellable *cancellable)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func ((GDestroyNotify) listed_free);
  g_autoptr(GArray) ancestors = g_array_new (FALSE, FALSE, sizeof (FolderId));
  g_autoptr(DeckLibraryIndex) index = NULL;
  Listing listing = { files, NULL, ancestors, FALSE };
  gboolean live_usable;
  gboolean write = FALSE;
  guint n_known_here = 0;

  scan->stamp = deck_library_index_stamp (scan->cards);
  live_usable = g_strcmp0 (scan->stamp, scan->live_stamp) == 0;
  scan->folders = g_ptr_array_new_with_free_func (g_object_unref);
  scan->entries = g_ptr_array_new_with_free_func (g_object_unref);
  listing.folders = scan->folders;

  for (guint r = 0; scan->roots[r] != NULL; r++)
    list_folder (&listing, scan->roots[r], NULL, scan->roots[r], 0, cancellable);
  if (g_cancellable_is_cancelled (cancellable))
    return FALSE;
  g_ptr_array_sort (files, compare_listed);

  index = deck_library_index_load (scan->index_path, scan->stamp);
  write = !index->usable;

  for (guint i = 0; i < files->len; i++)
    {
      Listed *listed = g_ptr_array_index (files, i);
      DwDeckLibraryEntry *entry = NULL;
      const DwDeckLibraryRecord *cached;

      if (g_cancellable_is_cancelled (cancellable))
        return FALSE;

      if (live_usable && scan->live != NULL)
        entry = g_hash_table_lookup (scan->live, listed->path);
      if (entry != NULL && deck_library_entry_is_current (entry, listed))
        {
          g_ptr_array_add (scan->entries, g_object_ref (entry));
          write |= deck_library_index_lookup (index, listed->path) == NULL;
          continue;
        }

      cached = deck_library_index_lookup (index, listed->path);
      if (cached != NULL && listed->mtime_ns >= 0 && cached->size == listed->size &&
          cached->mtime_ns == listed->mtime_ns)
        {
          entry = dw_deck_library_entry_from_record (cached, listed->root);
          if (scan->prepare)
            deck_library_entry_prepare_search (entry);
          g_ptr_array_add (scan->entries, entry);
          continue;
        }

      if (deck_library_scan_testing.before_reading != NULL)
        deck_library_scan_testing.before_reading (listed->path);
      entry = dw_deck_library_entry_read (scan->cards, listed->path, listed->root,
                                          listed->size, listed->mtime_ns);
      write = TRUE;
      /* Gone between the listing and its reading: not in the library. */
      if (entry->verdict == DW_DECK_VERDICT_UNREADABLE && deck_library_is_gone (listed->path))
        {
          g_object_unref (entry);
          continue;
        }
      if (scan->prepare)
        deck_library_entry_prepare_search (entry);
      g_ptr_array_add (scan->entries, entry);
    }

  /* A deck the index knew and the disk no longer has. */
  for (guint i = 0; i < index->n_records; i++)
    for (guint r = 0; scan->roots[r] != NULL; r++)
      if (deck_library_path_is_under (index->records[i].path, scan->roots[r]))
        {
          n_known_here++;
          break;
        }
  write |= n_known_here != scan->entries->len;

  /* The library's first scan: every entry is this worker's own, so its
   * card index can be made here too (a later scan shares entries with
   * the main thread, which may be reading their cards). */
  if (scan->prepare && (scan->live == NULL || g_hash_table_size (scan->live) == 0))
    {
      scan->card_index = dw_deck_card_index_new ();
      for (guint i = 0; i < scan->entries->len; i++)
        dw_deck_card_index_add (scan->card_index, g_ptr_array_index (scan->entries, i));
    }

  if (write)
    deck_library_index_write (scan->index_path, scan->stamp, scan->entries, index,
                              (const char * const *) scan->roots);
  return TRUE;
}
