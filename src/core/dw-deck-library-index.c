/* dw-deck-library-index.c — the deck library's index file
 *
 * What was read from every deck file, with the file's size and time, in
 * one GVariant file under $XDG_CACHE_HOME/deckwright/, so that a scan
 * reads only the decks that changed.  docs/library.md describes it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "dw-deck-library-private.h"
#include "dw-deck-library-scan-private.h"
#include "dw-save.h"

#define INDEX_VERSION 2
#define ENTRY_TYPE    DW_DECK_LIBRARY_ENTRY_TYPE
#define INDEX_TYPE    "(usa" ENTRY_TYPE ")"

/* What the verdicts depend on besides the deck files: the games, formats
 * and card databases.  Any change to them reads every deck again. */
char *
deck_library_index_stamp (DwLibrary *cards)
{
  static const char * const subdirs[] = { "games", "formats", "cards", NULL };
  const char *bases[] = { dw_library_get_data_dir (), dw_library_get_user_dir () };
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  GListModel *dbs = dw_library_get_card_dbs (cards);
  guint n = g_list_model_get_n_items (dbs);
  struct stat st;

  for (guint b = 0; b < G_N_ELEMENTS (bases); b++)
    for (guint s = 0; subdirs[s] != NULL; s++)
      {
        g_autofree char *dir_path = g_build_filename (bases[b], subdirs[s], NULL);
        g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
        g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
        const char *name;

        while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
          g_ptr_array_add (names, g_strdup (name));
        g_ptr_array_sort (names, deck_library_compare_names);
        for (guint i = 0; i < names->len; i++)
          {
            g_autofree char *file = g_build_filename (dir_path, g_ptr_array_index (names, i), NULL);
            g_autofree char *line = NULL;

            if (stat (file, &st) != 0)
              continue;
            line = g_strdup_printf ("%s %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n", file,
                                    (gint64) st.st_size, deck_library_stat_mtime_ns (&st));
            g_checksum_update (checksum, (const guchar *) line, -1);
          }
      }

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwCardDb) db = g_list_model_get_item (dbs, i);
      const char *file = dw_card_db_get_path (db);
      g_autofree char *line = NULL;

      if (file == NULL || stat (file, &st) != 0)
        continue;
      line = g_strdup_printf ("db %s %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n", file,
                              (gint64) st.st_size, deck_library_stat_mtime_ns (&st));
      g_checksum_update (checksum, (const guchar *) line, -1);
    }
  return g_strdup (g_checksum_get_string (checksum));
}

/* The index as last written: path → its GVariant entry.  Empty when it is
 * missing, damaged, of another version or for other card data. */
GHashTable *
deck_library_index_load (const char *index_path,
            const char *stamp,
            GVariant  **keep)
{
  GHashTable *known = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                             (GDestroyNotify) g_variant_unref);
  g_autoptr(GMappedFile) mapped = g_mapped_file_new (index_path, FALSE, NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GVariant) index = NULL;
  g_autoptr(GVariant) entries = NULL;
  guint32 version;
  const char *index_stamp;
  gsize n;

  *keep = NULL;
  if (mapped == NULL)
    return known;
  bytes = g_mapped_file_get_bytes (mapped);
  index = g_variant_new_from_bytes (G_VARIANT_TYPE (INDEX_TYPE), bytes, FALSE);
  /* Not trusted, and need not be: GVariant reads damaged data as some
   * valid value of the type (strings included), never past the file. */
  g_variant_get (index, "(u&s@a" ENTRY_TYPE ")", &version, &index_stamp, &entries);
  if (version != INDEX_VERSION || g_strcmp0 (index_stamp, stamp) != 0)
    return known;

  n = g_variant_n_children (entries);
  for (gsize i = 0; i < n; i++)
    {
      GVariant *child = g_variant_get_child_value (entries, i);
      const char *path;

      g_variant_get_child (child, 0, "&s", &path);
      g_hash_table_insert (known, (gpointer) path, child);
    }
  *keep = g_steal_pointer (&index);
  return known;
}

gboolean
deck_library_path_is_under (const char *path,
               const char *folder)
{
  gsize length = strlen (folder);

  return strncmp (path, folder, length) == 0 &&
         (path[length] == G_DIR_SEPARATOR || path[length] == '\0' ||
          (length > 0 && folder[length - 1] == G_DIR_SEPARATOR));
}

/* Writes every entry of @entries, and the entries of the old index under
 * none of @roots (another library's decks), atomically. */
void
deck_library_index_write (const char         *index_path,
             const char         *stamp,
             GPtrArray          *entries,
             GHashTable         *old,
             const char * const *roots)
{
  g_autoptr(GVariant) index = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (index_path);
  GVariantBuilder builder;
  GHashTableIter iter;
  gpointer key, value;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a" ENTRY_TYPE));
  for (guint i = 0; i < entries->len; i++)
    g_variant_builder_add_value (&builder, dw_deck_library_entry_to_variant (g_ptr_array_index (entries, i)));

  if (old != NULL)
    {
      g_hash_table_iter_init (&iter, old);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          gboolean mine = FALSE;

          for (guint r = 0; roots[r] != NULL && !mine; r++)
            mine = deck_library_path_is_under (key, roots[r]);
          if (!mine)
            g_variant_builder_add_value (&builder, value);
        }
    }

  index = g_variant_ref_sink (g_variant_new ("(us@a" ENTRY_TYPE ")", (guint32) INDEX_VERSION, stamp,
                                             g_variant_builder_end (&builder)));
  if (g_mkdir_with_parents (dir, 0700) != 0 ||
      !dw_save_file (index_path, g_variant_get_data (index), (gssize) g_variant_get_size (index),
                     DW_SAVE_REPLACE_LINKS, &error))
    /* Only a cost: the next run reads the decks again. */
    g_debug ("the deck library's index was not written: %s", error ? error->message : g_strerror (errno));
}
