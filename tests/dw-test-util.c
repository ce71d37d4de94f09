/* dw-test-util.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "dw-test-util.h"

DwLibrary *
dw_test_library (void)
{
  g_autoptr(GError) error = NULL;
  DwLibrary *library = dw_library_new ();

  g_assert_true (dw_library_load_defaults (library, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dw_library_get_load_errors (library)->len, ==, 0);
  return library;
}

char *
dw_test_data_path (const char *first,
                   ...)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  const char *part;
  va_list args;

  g_ptr_array_add (parts, (gpointer) g_getenv ("DECKWRIGHT_DATA_DIR"));
  g_assert_nonnull (g_ptr_array_index (parts, 0));

  va_start (args, first);
  for (part = first; part; part = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) part);
  va_end (args);
  g_ptr_array_add (parts, NULL);

  return g_build_filenamev ((char **) parts->pdata);
}

char *
dw_test_fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", name, NULL);
}

char *
dw_test_make_tmpdir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("deckwright-test-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

void
dw_test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    {
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          dw_test_remove_tree (child);
        }
      g_rmdir (path);
      return;
    }
  g_unlink (path);
}

char *
dw_test_write_file (const char *dir,
                    const char *name,
                    const char *contents)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
  return path;
}

char *
dw_test_shared_reference (const char *name)
{
  const char *srcdir = g_getenv ("G_TEST_SRCDIR");
  char *path;

  if (srcdir == NULL)
    return NULL;
  path = g_build_filename (srcdir, "..", "..", "shared", "reference", name, NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_free (path);
      return NULL;
    }
  return path;
}

char *
dw_test_read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

GPtrArray *
dw_test_list_data_xml (const char *folder,
                       guint       min_files)
{
  g_autofree char *dir = dw_test_data_path (folder, NULL);
  g_autoptr(GDir) handle = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  handle = g_dir_open (dir, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (handle)) != NULL)
    if (g_str_has_suffix (name, ".xml"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_assert_cmpuint (names->len, >=, min_files);
  return names;
}
