/* dw-library-page-files.c — what the Decks page's files say of a file, and their toasts
 *
 * Which names are decks, a name's stem and suffix, the file and kind of a
 * listed GFileInfo, whether a file is inside a folder, and the page's
 * toasts: the bottom of dw-library-page.c and dw-library-page-actions.c,
 * calling neither.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-library-page-private.h"

/* Every kind of file the window opens as a deck. */
static const char * const deck_suffixes[] = { ".xml", ".txt", ".csv", ".cod", ".json" };

gboolean
dw_library_page_is_deck_name (const char *name)
{
  /* A saved table is a file of ours too, but no deck. */
  if (g_str_has_suffix (name, ".table.xml"))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (deck_suffixes); i++)
    if (g_str_has_suffix (name, deck_suffixes[i]))
      return TRUE;
  return FALSE;
}

/* "Green Wall.xml" → "Green Wall" and ".xml". */
void
dw_library_page_split_name (const char  *basename,
                            char       **stem,
                            char       **suffix)
{
  for (guint i = 0; i < G_N_ELEMENTS (deck_suffixes); i++)
    if (g_str_has_suffix (basename, deck_suffixes[i]))
      {
        *stem = g_strndup (basename, strlen (basename) - strlen (deck_suffixes[i]));
        *suffix = g_strdup (deck_suffixes[i]);
        return;
      }
  *stem = g_strdup (basename);
  *suffix = g_strdup ("");
}

GFile *
dw_library_page_info_file (GFileInfo *info)
{
  return G_FILE (g_file_info_get_attribute_object (info, "standard::file"));
}

gboolean
dw_library_page_is_folder (GFileInfo *info)
{
  return g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY;
}

AdwToast *
dw_library_page_add_toast (DwLibraryPage *self,
                           AdwToast      *toast)
{
  g_set_object (&self->last_toast, toast);
  adw_toast_overlay_add_toast (self->toasts, toast);
  return toast;
}

void
dw_library_page_toast_error (DwLibraryPage *self,
                             const char    *message)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_timeout (toast, 0);
  dw_library_page_add_toast (self, toast);
}

gboolean
dw_library_page_inside (GFile *file,
                        GFile *folder)
{
  return g_file_equal (file, folder) || g_file_has_prefix (file, folder);
}
