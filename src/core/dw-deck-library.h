/* dw-deck-library.h — every deck the player owns: folders of deck files and their index
 *
 * A deck library is one or more folders (the roots) of deck files in any
 * format Deckwright reads: deck XML, deck text, CSV, Cockatrice .cod,
 * Arcmage deck JSON.  Sub-folders are folders.  Nothing is hidden in a
 * database: the index cached under $XDG_CACHE_HOME/deckwright/ only
 * remembers, per file, its size and modification time with what was read
 * from it, and any file that disagrees is read again (docs/library.md).
 *
 * The library is a GListModel of DwDeckLibraryEntry, one per deck file
 * under every root, in path order (strcmp), and keeps a second GListModel of
 * DwDeckLibraryFolder (every root and sub-folder).  A deck or folder that
 * cannot be read is an entry or folder like the others, marked
 * unreadable with its reason; the rest of the library goes on.
 *
 * The library follows the disk itself: after dw_deck_library_set_watching
 * (TRUE) it holds a GFileMonitor on every folder and rereads what changes
 * (a deck added, changed or removed by another program is in the model
 * within a second), emitting GListModel::items-changed and ::changed.
 * Views need no monitor of their own.  The signal ::changed (no
 * arguments) is emitted once after any scan or refresh that changed
 * either model.
 *
 * A root holds a “.deckwright” folder (made when the root is added): its
 * deck versions (dw-deck-versions.h) live there, so they travel with the
 * folder and with a backup.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-library.h"

G_BEGIN_DECLS

#define DW_DECK_LIBRARY_ERROR (dw_deck_library_error_quark ())

typedef enum
{
  DW_DECK_LIBRARY_ERROR_UNREADABLE,   /* a folder or deck cannot be read (the reason follows) */
  DW_DECK_LIBRARY_ERROR_NOT_A_FOLDER, /* a root that is a file, or does not exist */
  DW_DECK_LIBRARY_ERROR_LOOP,         /* a symbolic link leads back into a folder above it */
  DW_DECK_LIBRARY_ERROR_OUTSIDE,      /* a path that is in none of the library's folders */
  DW_DECK_LIBRARY_ERROR_EXISTS,       /* a rename or move onto a file that is there */
  DW_DECK_LIBRARY_ERROR_LIMIT,        /* more decks, folders or depth than a library holds */
} DwDeckLibraryError;

typedef enum
{
  DW_DECK_VERDICT_LEGAL,       /* no error under its format (warnings allowed) */
  DW_DECK_VERDICT_ILLEGAL,     /* at least one error */
  DW_DECK_VERDICT_UNREADABLE,  /* the file could not be read; see _get_error() */
} DwDeckVerdict;

/* The name of the folder a library root keeps its versions in. */
#define DW_DECK_LIBRARY_DIR ".deckwright"

/* One card of a deck as the index remembers it (all sections but the
 * never-counted ones merged by id and name). */
typedef struct
{
  const char *id;     /* may be NULL for a card no database knows */
  const char *name;
  guint       count;
} DwDeckLibraryCard;

#define DW_TYPE_DECK_LIBRARY_ENTRY (dw_deck_library_entry_get_type ())
G_DECLARE_FINAL_TYPE (DwDeckLibraryEntry, dw_deck_library_entry, DW, DECK_LIBRARY_ENTRY, GObject)

#define DW_TYPE_DECK_LIBRARY_FOLDER (dw_deck_library_folder_get_type ())
G_DECLARE_FINAL_TYPE (DwDeckLibraryFolder, dw_deck_library_folder, DW, DECK_LIBRARY_FOLDER, GObject)

#define DW_TYPE_DECK_LIBRARY (dw_deck_library_get_type ())
G_DECLARE_FINAL_TYPE (DwDeckLibrary, dw_deck_library, DW, DECK_LIBRARY, GObject)

GQuark         dw_deck_library_error_quark       (void);

/* --- an entry: one deck file --------------------------------------- */

const char    *dw_deck_library_entry_get_path       (DwDeckLibraryEntry *self);
/* The folder the file is in, and the root it belongs to. */
const char    *dw_deck_library_entry_get_folder     (DwDeckLibraryEntry *self);
const char    *dw_deck_library_entry_get_root       (DwDeckLibraryEntry *self);
/* The deck's <name>, else the file name without its extension. */
const char    *dw_deck_library_entry_get_name       (DwDeckLibraryEntry *self);
const char    *dw_deck_library_entry_get_notes      (DwDeckLibraryEntry *self);
/* The game id, or NULL when unreadable. */
const char    *dw_deck_library_entry_get_game_id    (DwDeckLibraryEntry *self);
/* The deck's format id (its own, else the game's default), or NULL. */
const char    *dw_deck_library_entry_get_format_id  (DwDeckLibraryEntry *self);
/* The kind of file: dw_import_kind_to_string() ("xml", "text", "csv",
 * "cod", "arcmage-json"). */
const char    *dw_deck_library_entry_get_kind       (DwDeckLibraryEntry *self);
DwDeckVerdict  dw_deck_library_entry_get_verdict    (DwDeckLibraryEntry *self);
/* Errors and warnings of the validation. */
guint          dw_deck_library_entry_get_n_errors   (DwDeckLibraryEntry *self);
guint          dw_deck_library_entry_get_n_warnings (DwDeckLibraryEntry *self);
/* Copies in the counted sections (as validation counts them), 64 bits. */
guint64        dw_deck_library_entry_get_n_cards    (DwDeckLibraryEntry *self);
/* The distinct values of the game's faction property among the deck's
 * cards, in order of first appearance; empty when the game has none. */
const char * const *dw_deck_library_entry_get_factions (DwDeckLibraryEntry *self);
const char * const *dw_deck_library_entry_get_tags     (DwDeckLibraryEntry *self);
/* The card to draw for the deck: the cover it chose (<cover card="…"/>)
 * when it holds that card, else its first counted card's id, or NULL. */
const char    *dw_deck_library_entry_get_cover_id   (DwDeckLibraryEntry *self);
/* Seconds since the epoch, and bytes, as last read. */
gint64         dw_deck_library_entry_get_mtime      (DwDeckLibraryEntry *self);
guint64        dw_deck_library_entry_get_size       (DwDeckLibraryEntry *self);
/* Why the deck is unreadable (names the file, and the line when known),
 * or NULL. */
const GError  *dw_deck_library_entry_get_error      (DwDeckLibraryEntry *self);
/* The deck's cards, merged by id and name, in deck order. */
const DwDeckLibraryCard *dw_deck_library_entry_get_cards (DwDeckLibraryEntry *self,
                                                          guint              *n_cards);
/* The copies of the card of that id (or, with @id NULL, that name). */
guint          dw_deck_library_entry_count_card     (DwDeckLibraryEntry *self,
                                                     const char         *id,
                                                     const char         *name);

/* --- a folder ------------------------------------------------------- */

const char    *dw_deck_library_folder_get_path      (DwDeckLibraryFolder *self);
/* The folder it is in, or NULL for a root. */
const char    *dw_deck_library_folder_get_parent    (DwDeckLibraryFolder *self);
const char    *dw_deck_library_folder_get_root      (DwDeckLibraryFolder *self);
const char    *dw_deck_library_folder_get_name      (DwDeckLibraryFolder *self);
/* Why the folder could not be listed (permissions, a link loop), or NULL. */
const GError  *dw_deck_library_folder_get_error     (DwDeckLibraryFolder *self);

/* --- the library ---------------------------------------------------- */

/* The default root: the “Decks” folder in the user's Documents folder
 * (G_USER_DIRECTORY_DOCUMENTS, else ~/Documents). */
char          *dw_deck_library_default_folder       (void);
/* The roots to use when none is given: the “library-folders” key of the
 * app's GSettings when the schema is installed and the key is not empty,
 * else the default folder.  NULL-terminated, newly allocated. */
char         **dw_deck_library_configured_folders   (void);

/* @cards: the games, formats and card databases decks are read and
 * judged with.  @cache_dir: where the index is cached, NULL for
 * $XDG_CACHE_HOME/deckwright. */
DwDeckLibrary *dw_deck_library_new                  (DwLibrary          *cards,
                                                     const char         *cache_dir);
DwLibrary     *dw_deck_library_get_cards            (DwDeckLibrary      *self);

/* Sets the roots (creating a missing one, and its .deckwright folder,
 * when @create is TRUE; the default root is created on first use).  A
 * root that cannot be made or read is kept, as a folder marked
 * unreadable.  Does not scan. */
void           dw_deck_library_set_roots            (DwDeckLibrary      *self,
                                                     const char * const *roots,
                                                     gboolean            create);
const char * const *dw_deck_library_get_roots       (DwDeckLibrary      *self);

/* Lists every root, reads what the index does not already know and
 * validates it, writes the index back (a failure to write the cache is
 * not an error: it only costs time next run).  FALSE only when
 * cancelled; unreadable folders and decks are in the models. */
gboolean       dw_deck_library_scan                 (DwDeckLibrary      *self,
                                                     GCancellable       *cancellable,
                                                     GError            **error);
/* The same in a worker thread; the models change on the main context
 * when it is done. */
void           dw_deck_library_scan_async           (DwDeckLibrary      *self,
                                                     GCancellable       *cancellable,
                                                     GAsyncReadyCallback callback,
                                                     gpointer            user_data);
gboolean       dw_deck_library_scan_finish          (DwDeckLibrary      *self,
                                                     GAsyncResult       *result,
                                                     GError            **error);

/* Reads one path again (a deck changed, added or gone; a folder made or
 * removed) and updates the models: what a file monitor event does, and
 * what a view calls after it changed a file itself. */
void           dw_deck_library_refresh_path         (DwDeckLibrary      *self,
                                                     const char         *path);

/* Makes the entries at @position and after (@n at most) ready for a
 * search (dw-deck-query.h): their folded text and their cards in the
 * library's card index.  Returns the position after the last one. */
guint          dw_deck_library_prepare_search       (DwDeckLibrary      *self,
                                                     guint               position,
                                                     guint               n);

/* Watching the roots with GFileMonitor (off by default). */
void           dw_deck_library_set_watching         (DwDeckLibrary      *self,
                                                     gboolean            watching);
gboolean       dw_deck_library_get_watching         (DwDeckLibrary      *self);

/* Every folder, as DwDeckLibraryFolder: each root, followed by its
 * folders depth first, by name. */
GListModel    *dw_deck_library_get_folders          (DwDeckLibrary      *self);
DwDeckLibraryEntry *dw_deck_library_lookup          (DwDeckLibrary      *self,
                                                     const char         *path);
/* The root @path is in, or NULL when it is in none. */
const char    *dw_deck_library_root_for_path        (DwDeckLibrary      *self,
                                                     const char         *path);

/* Renames or moves a deck file inside the library (never over another
 * file), taking its versions along (dw-deck-versions.h). */
gboolean       dw_deck_library_move                 (DwDeckLibrary      *self,
                                                     const char         *path,
                                                     const char         *new_path,
                                                     GError            **error);

G_END_DECLS
