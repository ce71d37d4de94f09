/* dw-deck-versions.h — every version of a library deck, kept on each save
 *
 * Every save of a deck file inside a library root (a folder holding a
 * “.deckwright” folder, see dw-deck-library.h) keeps what it replaced, in
 * the root's version store, whatever program part saved it: the deck's
 * own save (dw_deck_save() and dw_deck_save_copy(), in dw-deck-save.c) goes through
 * dw_deck_versions_save_file().
 *
 * The store (docs/library.md):
 *   ROOT/.deckwright/versions/index           one line per deck: id, hash, path
 *   ROOT/.deckwright/versions/ID/VERSION.EXT  what a save replaced
 *   ROOT/.deckwright/versions/ID.path         the deck's path, a hint to
 *                                             rebuild a damaged index
 *   ROOT/.deckwright/lock                     held (flock) while saving
 * A deck's identity (ID) is given the first time one of its saves keeps
 * a version.  It follows the file: a move through dw_deck_library_move()
 * says so to the store, and a file renamed or moved by another program
 * is recognised by its contents (the index keeps a hash of what each
 * deck's file holds since its last save).  VERSION is the time it was
 * replaced, UTC to the microsecond, and a short hash of its contents, so
 * two processes never write the same name; every file of the store is
 * written atomically, and the lock makes “keep the old file, write the
 * new one” one step, so that of two processes saving the same deck
 * neither's version is lost.
 *
 * Pruning, after each kept version: every version of the last 30 days
 * stays; older ones, the newest of each week (Monday to Sunday, UTC)
 * stays; and the 20 newest are never pruned, however old.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-deck.h"
#include "dw-library.h"

G_BEGIN_DECLS

#define DW_DECK_VERSIONS_ERROR (dw_deck_versions_error_quark ())

typedef enum
{
  DW_DECK_VERSIONS_ERROR_NOT_IN_LIBRARY, /* the deck is in no library root */
  DW_DECK_VERSIONS_ERROR_NO_SUCH_VERSION,
  DW_DECK_VERSIONS_ERROR_KEEP_FAILED,    /* the version could not be written: the save did not happen */
  DW_DECK_VERSIONS_ERROR_STORE,          /* the store's index is damaged or unwritable */
} DwDeckVersionsError;

/* The pruning policy above. */
#define DW_DECK_VERSIONS_KEEP_ALL_DAYS  30
#define DW_DECK_VERSIONS_KEEP_NEWEST    20

#define DW_TYPE_DECK_VERSION (dw_deck_version_get_type ())
G_DECLARE_FINAL_TYPE (DwDeckVersion, dw_deck_version, DW, DECK_VERSION, GObject)

GQuark        dw_deck_versions_error_quark  (void);

/* What --restore takes: “20261127T032455.123456Z-1a2b3c4d”. */
const char   *dw_deck_version_get_id        (DwDeckVersion *self);
/* When it was replaced (UTC). */
GDateTime    *dw_deck_version_get_time      (DwDeckVersion *self);
/* The stored file: open it as a deck to show or compare it (read only). */
const char   *dw_deck_version_get_path      (DwDeckVersion *self);
/* What changed from this version to the next newer one (or to the
 * current file for the newest): “+2 Thornwood Scout, −1 Seedfall,
 * regions changed”, “name changed”, “no change to the cards”; or why
 * they could not be compared. */
const char   *dw_deck_version_get_summary   (DwDeckVersion *self);
/* The same one-line difference from @older to @newer, two decks of
 * @game (for a comparison of any two versions). */
char         *dw_deck_versions_describe     (DwDeck        *older,
                                             DwDeck        *newer,
                                             DwGame        *game);

/* The library root @path is in: the nearest folder above it holding
 * .deckwright, else the library folder (dw_deck_library_configured_folders())
 * it is inside, whose store its first save makes; or NULL. */
char         *dw_deck_versions_find_root    (const char    *path);

/* Writes @contents over @path whole or not at all (dw_save_file()), and,
 * when @path is in a library root and the file exists with other
 * contents, first keeps the file it replaces as a version.  When that
 * version cannot be kept (a full disk), nothing is written, @path stays
 * as it was, and the error (DW_DECK_VERSIONS_ERROR_KEEP_FAILED) says so:
 * the deck being saved is still whole in the caller's hands. */
gboolean      dw_deck_versions_save_file    (const char    *path,
                                             const char    *contents,
                                             gssize         length,
                                             GError       **error);

/* The deck's versions, newest first (DwDeckVersion); an empty list for
 * a deck never saved over.  @cards judges the differences (card names
 * and sections; NULL compares by the names written in the files). */
GListModel   *dw_deck_versions_list         (DwLibrary     *cards,
                                             const char    *path,
                                             GError       **error);

/* The stored file of @version (an id from the list, or its position
 * in it counted from 1, newest first), to open as a deck (read only);
 * NULL and DW_DECK_VERSIONS_ERROR_NO_SUCH_VERSION when the deck has no
 * such version. */
char         *dw_deck_versions_find_version (const char    *path,
                                             const char    *version,
                                             GError       **error);

/* Makes @version (an id from the list, or its position in it counted
 * from 1, newest first) the deck's contents, keeping the current file as
 * a new version. */
gboolean      dw_deck_versions_restore      (const char    *path,
                                             const char    *version,
                                             GError       **error);

/* Says that a library deck moved from @old_path to @new_path (the file
 * is already there): its versions follow, into another root's store too. */
gboolean      dw_deck_versions_note_move    (const char    *old_path,
                                             const char    *new_path,
                                             GError       **error);

/* Applies the policy to one deck's versions as of @now (NULL: now);
 * returns how many were removed.  Saves do this by themselves. */
guint         dw_deck_versions_prune        (const char    *path,
                                             GDateTime     *now,
                                             GError       **error);

G_END_DECLS
