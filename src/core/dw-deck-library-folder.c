/* dw-deck-library-folder.c — a folder of the deck library, as a scan found it
 *
 * Its path, the folder above it and the root it belongs to, and why it
 * could not be read, if it could not.  Made by dw-deck-library-scan.c,
 * listed by dw-deck-library.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-deck-library-scan-private.h"

G_DEFINE_FINAL_TYPE (DwDeckLibraryFolder, dw_deck_library_folder, G_TYPE_OBJECT)

static void
dw_deck_library_folder_finalize (GObject *object)
{
  DwDeckLibraryFolder *self = DW_DECK_LIBRARY_FOLDER (object);

  g_free (self->path);
  g_free (self->parent);
  g_free (self->root);
  g_clear_error (&self->error);

  G_OBJECT_CLASS (dw_deck_library_folder_parent_class)->finalize (object);
}

static void
dw_deck_library_folder_class_init (DwDeckLibraryFolderClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dw_deck_library_folder_finalize;
}

static void
dw_deck_library_folder_init (DwDeckLibraryFolder *self)
{
}

DwDeckLibraryFolder *
deck_library_folder_new (const char *path,
                         const char *parent,
                         const char *root,
                         GError     *error)
{
  DwDeckLibraryFolder *self = g_object_new (DW_TYPE_DECK_LIBRARY_FOLDER, NULL);

  self->path = g_strdup (path);
  self->parent = g_strdup (parent);
  self->root = g_strdup (root);
  self->error = error;
  return self;
}

/* --- public: folders -------------------------------------------------- */

const char *
dw_deck_library_folder_get_path (DwDeckLibraryFolder *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_FOLDER (self), NULL);
  return self->path;
}

const char *
dw_deck_library_folder_get_parent (DwDeckLibraryFolder *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_FOLDER (self), NULL);
  return self->parent;
}

const char *
dw_deck_library_folder_get_root (DwDeckLibraryFolder *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_FOLDER (self), NULL);
  return self->root;
}

const char *
dw_deck_library_folder_get_name (DwDeckLibraryFolder *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_FOLDER (self), NULL);
  return strrchr (self->path, G_DIR_SEPARATOR) ? strrchr (self->path, G_DIR_SEPARATOR) + 1 : self->path;
}

const GError *
dw_deck_library_folder_get_error (DwDeckLibraryFolder *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_FOLDER (self), NULL);
  return self->error;
}
