/* dw-deck-backup.h — a library folder and its versions, to and from one .zip
 *
 * Export writes every deck file of a folder (sub-folders too) and the
 * versions of those decks (dw-deck-versions.h) into one zip, atomically:
 * a failed or cancelled export leaves no file.  Import reads such a zip
 * into a folder of a library: every deck file lands under the folder (a
 * name already taken gets “ (2)”, never an overwrite) and its versions
 * join the library root's store, following the deck.
 *
 * A zip is refused, before anything is written, when an entry's name is
 * absolute, climbs out with “..”, or is not a plain file or folder (a
 * link, a device), or when it holds more than DW_DECK_BACKUP_MAX_ENTRIES
 * entries, an entry larger than DW_DECK_BACKUP_MAX_ENTRY_SIZE or more than
 * DW_DECK_BACKUP_MAX_TOTAL_SIZE in all; an entry whose data is larger than
 * its header said stops the import there, saying so.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define DW_DECK_BACKUP_ERROR (dw_deck_backup_error_quark ())

typedef enum
{
  DW_DECK_BACKUP_ERROR_READ,     /* a file to back up, or the zip, cannot be read */
  DW_DECK_BACKUP_ERROR_WRITE,    /* the zip, or an imported file, cannot be written */
  DW_DECK_BACKUP_ERROR_HOSTILE,  /* the zip names paths outside the folder, links, or is too large */
} DwDeckBackupError;

/* A deck file is at most 16 MiB (README, "Limits"); a backup holds at
 * most a library of 100,000 decks with versions. */
#define DW_DECK_BACKUP_MAX_ENTRY_SIZE  (G_GUINT64_CONSTANT (16) * 1024 * 1024)
#define DW_DECK_BACKUP_MAX_ENTRIES     1000000
#define DW_DECK_BACKUP_MAX_TOTAL_SIZE  (G_GUINT64_CONSTANT (4) * 1024 * 1024 * 1024)

/* Called now and then with the bytes done and the bytes in all (for an
 * import, of the zip file); in the thread that runs the work. */
typedef void (*DwDeckBackupProgress) (guint64  done,
                                      guint64  total,
                                      gpointer user_data);

GQuark    dw_deck_backup_error_quark   (void);

/* @folder: a library root or a folder in one.  Returns the number of
 * deck files written, or -1 with @error (G_IO_ERROR_CANCELLED when
 * @cancellable was cancelled). */
gint64    dw_deck_backup_export        (const char            *folder,
                                        const char            *zip_path,
                                        DwDeckBackupProgress   progress,
                                        gpointer               user_data,
                                        GCancellable          *cancellable,
                                        GError               **error);
/* @folder must exist.  Returns the number of deck files imported, or -1. */
gint64    dw_deck_backup_import        (const char            *zip_path,
                                        const char            *folder,
                                        DwDeckBackupProgress   progress,
                                        gpointer               user_data,
                                        GCancellable          *cancellable,
                                        GError               **error);

/* The same in a worker thread, for the window: @progress is called on the
 * thread-default main context of the caller, and the result is had with
 * dw_deck_backup_finish() (the number of deck files, or -1; and in
 * @n_versions, when not NULL, the number of versions written). */
void      dw_deck_backup_export_async  (const char            *folder,
                                        const char            *zip_path,
                                        DwDeckBackupProgress   progress,
                                        gpointer               progress_data,
                                        GCancellable          *cancellable,
                                        GAsyncReadyCallback    callback,
                                        gpointer               user_data);
void      dw_deck_backup_import_async  (const char            *zip_path,
                                        const char            *folder,
                                        DwDeckBackupProgress   progress,
                                        gpointer               progress_data,
                                        GCancellable          *cancellable,
                                        GAsyncReadyCallback    callback,
                                        gpointer               user_data);
gint64    dw_deck_backup_finish        (GAsyncResult          *result,
                                        gint64                *n_versions,
                                        GError               **error);

G_END_DECLS
