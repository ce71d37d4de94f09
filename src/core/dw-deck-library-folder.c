/* dw-deck-library-folder.c — the deck library's folders, and each as a scan found it
 *
 * Which folders are the library (Preferences' library-folders, else
 * Decks in the user's Documents), and a folder as a scan found it: its
 * path, the folder above it and the root it belongs to, and why it could
 * not be read, if it could not.  Made by dw-deck-library-scan.c, listed
 * by dw-deck-library.c; the version store asks which folders are the
 * library, so a save there keeps a version from the first.
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

/* --- the library's folders ------------------------------------------ */

char *
dw_deck_library_default_folder (void)
{
  const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);

  if (documents != NULL)
    return g_build_filename (documents, "Decks", NULL);
  return g_build_filename (g_get_home_dir (), "Documents", "Decks", NULL);
}

/* The app's GSettings, only when its schema is installed: the command
 * line runs without one. */
char **
dw_deck_library_configured_folders (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GPtrArray) folders = g_ptr_array_new_null_terminated (0, g_free, TRUE);

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, "io.github.deckwright.Deckwright", TRUE);
  if (schema != NULL && g_settings_schema_has_key (schema, "library-folders"))
    {
      g_autoptr(GSettings) settings = g_settings_new_full (schema, NULL, NULL);
      g_auto(GStrv) configured = g_settings_get_strv (settings, "library-folders");

      for (guint i = 0; configured[i] != NULL; i++)
        if (*configured[i] != '\0')
          g_ptr_array_add (folders, g_strdup (configured[i]));
    }
  if (folders->len == 0)
    g_ptr_array_add (folders, dw_deck_library_default_folder ());
  return (char **) g_ptr_array_free (g_steal_pointer (&folders), FALSE);
}
