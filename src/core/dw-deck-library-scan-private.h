/* dw-deck-library-scan-private.h — what the files of the deck library share
 *
 * dw-deck-library.c is the DwDeckLibrary (the model, following the disk);
 * dw-deck-library-scan.c lists the folders and runs a scan;
 * dw-deck-library-index.c reads and writes the index file;
 * dw-deck-library-folder.c is a folder as a scan found it;
 * dw-deck-library-entry.c reads one deck.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <sys/stat.h>

#include "dw-deck-library-private.h"

G_BEGIN_DECLS

/* A deck file as listed: its path, its root, and its size and time
 * (mtime_ns -1 when it could not be stat()ed: read it, and say why). */
typedef struct
{
  char    *path;
  char    *root;
  guint64  size;
  gint64   mtime_ns;
} Listed;

typedef struct
{
  DwLibrary  *cards;
  char       *index_path;
  char      **roots;
  GHashTable *live;        /* path → DwDeckLibraryEntry already in the model (main thread's) */
  char       *live_stamp;  /* what the live entries were judged with */
  char       *stamp;       /* out: what this scan judged with */
  GPtrArray  *entries;     /* out: the new entries, by path */
  GPtrArray  *folders;     /* out */
  gboolean    changed;     /* out: anything read from disk */
  gboolean    prepare;     /* in: make the new entries ready for a search, in the worker */
  struct _DwDeckCardIndex *card_index; /* out, with @prepare when every entry is new: their card index */
} Scan;

/* What a library holds at most (docs/library.md): a scan lists no more,
 * and marks the folder where it stopped with DW_DECK_LIBRARY_ERROR_LIMIT. */
#define DECK_LIBRARY_MAX_DECKS   100000  /* deck files, all roots together */
#define DECK_LIBRARY_MAX_FOLDERS 10000   /* folders, roots included */
#define DECK_LIBRARY_MAX_DEPTH   32      /* folders below a root */

/* For tests: the faults a test cannot make happen otherwise (tests run as
 * root, which reads every folder; a file vanishes only between two steps
 * of the scan), and lower limits.  NULL and 0: none, the limits above. */
typedef struct
{
  /* Before a folder is opened: FALSE and @error make it unreadable. */
  gboolean (*open_folder)    (const char  *path,
                              GError     **error);
  /* After the listing, before a deck file listed is read. */
  void     (*before_reading) (const char  *path);
  guint      max_decks;
  guint      max_folders;
} DeckLibraryScanTesting;

extern DeckLibraryScanTesting deck_library_scan_testing;

/* dw-deck-library-folder.c */
struct _DwDeckLibraryFolder
{
  GObject   parent_instance;

  char     *path;
  char     *parent;
  char     *root;
  GError   *error;
};

DwDeckLibraryFolder *deck_library_folder_new         (const char         *path,
                                                      const char         *parent,
                                                      const char         *root,
                                                      GError             *error);

/* dw-deck-library-scan.c */
gboolean             deck_library_has_deck_extension (const char         *name);
gboolean             deck_library_entry_is_current   (DwDeckLibraryEntry *entry,
                                                      Listed             *listed);
/* The most decks a library holds (DECK_LIBRARY_MAX_DECKS, or the test's
 * lower limit), and what the folder holding the deck past it says. */
guint                deck_library_max_decks          (void);
GError              *deck_library_too_many_decks     (const char         *path);
gboolean             deck_library_scan_run           (Scan               *scan,
                                                      GCancellable       *cancellable);
void                 deck_library_scan_free          (Scan               *scan);

/* dw-deck-library-index.c */
typedef struct
{
  DwDeckLibraryRecord *records;
  guint                n_records;
  guint                next;       /* the record deck_library_index_lookup() tries first */
  GHashTable          *known;      /* path → const DwDeckLibraryRecord *, in @records; made on a miss */
  GMappedFile         *mapped;     /* what the records point into */
  gboolean             usable;     /* FALSE: missing, damaged, of another version or card data */
} DeckLibraryIndex;

gint64               deck_library_stat_mtime_ns      (const struct stat  *st);
int                  deck_library_compare_names      (gconstpointer       a,
                                                      gconstpointer       b);
char                *deck_library_index_stamp        (DwLibrary          *cards);
DeckLibraryIndex    *deck_library_index_load         (const char         *index_path,
                                                      const char         *stamp);
const DwDeckLibraryRecord *
                     deck_library_index_lookup       (DeckLibraryIndex   *index,
                                                      const char         *path);
void                 deck_library_index_free         (DeckLibraryIndex   *index);
void                 deck_library_index_write        (const char         *index_path,
                                                      const char         *stamp,
                                                      GPtrArray          *entries,
                                                      DeckLibraryIndex   *old,
                                                      const char * const *roots);
gboolean             deck_library_path_is_under      (const char         *path,
                                                      const char         *folder);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DeckLibraryIndex, deck_library_index_free)

G_END_DECLS
