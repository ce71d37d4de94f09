/* dw-deck-backup.c — a library folder and its versions, to and from one .zip
 *
 * The zip holds the folder's files under their paths from the folder, and
 * the versions of its decks under .deckwright/versions/: an index whose
 * paths are from the folder, and a folder of versions per deck identity,
 * as the store itself keeps them (docs/library.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dw-deck-backup.h"
#include "dw-deck-library.h"
#include "dw-deck-versions-private.h"
#include "dw-save.h"

#define VERSIONS_PREFIX DW_DECK_LIBRARY_DIR "/versions/"
#define INDEX_NAME      VERSIONS_PREFIX "index"
#define CHUNK           (64 * 1024)

G_DEFINE_QUARK (dw-deck-backup-error-quark, dw_deck_backup_error)

typedef struct
{
  char    *path;      /* on disk */
  char    *name;      /* in the zip */
  guint64  size;
  gint64   mtime;
  gboolean deck;
  gboolean version;
} Member;

static void
member_free (Member *member)
{
  g_free (member->path);
  g_free (member->name);
  g_free (member);
}

static gboolean
path_is_under (const char *path,
               const char *folder)
{
  gsize length = strlen (folder);

  return strncmp (path, folder, length) == 0 && (path[length] == G_DIR_SEPARATOR || path[length] == '\0');
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* Every plain file under @dir (not the hidden ones: temporary saves and
 * the store, which goes in apart), depth first, by name. */
static gboolean
collect_files (const char    *dir,
               const char    *prefix,
               GPtrArray     *members,
               guint64       *total,
               GCancellable  *cancellable,
               GError       **error)
{
  g_autoptr(GDir) listing = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) local_error = NULL;
  const char *name;

  listing = g_dir_open (dir, 0, &local_error);
  if (listing == NULL)
    {
      g_set_error (error, DW_DECK_BACKUP_ERROR, DW_DECK_BACKUP_ERROR_READ,
                   _("%s: the folder cannot be read: %s"), dir, local_error->message);
      return FALSE;
    }
  while ((name = g_dir_read_name (listing)) != NULL)
    if (name[0] != '.')
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);

  for (guint i = 0; i < names->len; i++)
    {
      const char *child_name = g_ptr_array_index (names, i);
      g_autofree char *path = g_build_filename (dir, child_name, NULL);
      g_autofree char *zip_name = *prefix ? g_strconcat (prefix, "/", child_name, NULL) : g_strdup (child_name);
      GStatBuf st;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      /* Links are not followed: a backup holds what the folder holds. */
      if (g_lstat (path, &st) != 0)
        continue;
      if (S_ISDIR (st.st_mode))
        {
          if (!collect_files (path, zip_name, members, total, cancellable, error))
            return FALSE;
        }
      else if (S_ISREG (st.st_mode))
        {
          Member *member = g_new0 (Member, 1);

          member->path = g_steal_pointer (&path);
          member->name = g_steal_pointer (&zip_name);
          member->size = (guint64) st.st_size;
          member->mtime = st.st_mtime;
          member->deck = TRUE;
          *total += member->size;
          g_ptr_array_add (members, member);
        }
    }
  return TRUE;
}

static gboolean
write_member (struct archive  *zip,
              const char      *name,
              const char      *data,
              gsize            length,
              gint64           mtime,
              GError         **error)
{
  struct archive_entry *entry = archive_entry_new ();
  gboolean ok;

  archive_entry_set_pathname (entry, name);
  archive_entry_set_filetype (entry, AE_IFREG);
  archive_entry_set_perm (entry, 0644);
  archive_entry_set_size (entry, (la_int64_t) length);
  archive_entry_set_mtime (entry, (time_t) mtime, 0);
  ok = archive_write_header (zip, entry) == ARCHIVE_OK &&
       (length == 0 || archive_write_data (zip, data, length) == (la_ssize_t) length);
  if (!ok)
    g_set_error (error, DW_DECK_BACKUP_ERROR, DW_DECK_BACKUP_ERROR_WRITE,
                 _("%s cannot be written into the backup: %s"), name, archive_error_string (zip));
  archive_entry_free (entry);
  return ok;
}

/* Returns the number of decks, and in @n_versions the versions written. */
static gint64
export_files (const char            *folder,
              const char            *zip_path,
              DwDeckBackupProgress   progress,
              gpointer               user_data,
              gint64                *n_versions,
              GCancellable          *cancellable,
              GError               **error)
{
  g_autoptr(GPtrArray) members = g_ptr_array_new_with_free_func ((GDestroyNotify) member_free);
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GPtrArray) kept = g_ptr_array_new ();
  g_autofree char *canonical = NULL;
  g_autofree char *root = NULL;
  g_autofree char *relative = NULL;
  g_autofree char *temp = NULL;
  g_autofree char *index_text = NULL;
  struct archive *zip = NULL;
  guint64 total = 0, done = 0;
  gint64 n_decks = 0;
  gboolean ok = FALSE;

  g_return_val_if_fail (folder != NULL && zip_path != NULL, -1);

  canonical = g_canonicalize_filename (folder, NULL);
  if (!collect_files (canonical, "", members, &total, cancellable, error))
    return -1;

  /* The versions of the decks under the folder, with paths from it. */
  {
    g_autofree char *probe = g_build_filename (canonical, "probe", NULL);

    root = dw_deck_versions_find_root (probe);
  }
  if (root != NULL)
    {
      relative = strcmp (root, canonical) == 0 ? g_strdup ("") : g_strdup (canonical + strlen (root) + 1);
      lines = dw_deck_versions_read_lines (root, error);
      if (lines == NULL)
        return -1;
      for (guint i = 0; i < lines->len; i++)
        {
          DwDeckVersionsLine *line = g_ptr_array_index (lines, i);
          g_autofree char *versions_dir = NULL;
          g_autoptr(GDir) dir = NULL;
          const char *name;

          if (*relative && !path_is_under (line->path, relative))
            continue;
          if (*relative)
            {
              char *from_folder = g_strdup (line->path + strlen (relative) + 1);

              g_free (line->path);
              line->path = from_folder;
            }
          g_ptr_array_add (kept, line);
          versions_dir = g_build_filename (root, DW_DECK_LIBRARY_DIR, "versions", line->id, NULL);
          dir = g_dir_open (versions_dir, 0, NULL);
          while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
            {
              Member *member = g_new0 (Member, 1);
              GStatBuf st;

              member->path = g_build_filename (versions_dir, name, NULL);
              member->name = g_strconcat (VERSIONS_PREFIX, line->id, "/", name, NULL);
              if (g_lstat (member->path, &st) != 0 || !S_ISREG (st.st_mode))
                {
                  member_free (member);
                  continue;
                }
              member->size = (guint64) st.st_size;
              member->mtime = st.st_mtime;
              member->version = TRUE;
              total += member->size;
              g_ptr_array_add (members, member);
            }
        }
      index_text = dw_deck_versions_lines_to_text (kept);
    }

  /* Written beside the target and renamed over it: whole or nothing. */
  {
    g_autofree char *dir = g_path_get_dirname (zip_path);
    g_autofree char *base = g_path_get_basename (zip_path);
    g_autofree char *pattern = g_strdup_printf (".%s" DW_SAVE_TEMP_INFIX "XXXXXX", base);
    int fd;

    temp = g_build_filename (dir, pattern, NULL);
    fd = g_mkstemp (temp);
    if (fd < 0)
      {
        int errsv = errno;

        g_set_error (error, DW_DECK_BACKUP_ERROR, DW_DECK_BACKUP_ERROR_WRITE,
                     _("%s: cannot be written: %s"), zip_path, g_strerror (errsv));
        return -1;
      }
    zip = archive_write_new ();
    archive_write_set_format_zip (zip);
    if (archive_write_open_fd (zip, fd) != ARCHIVE_OK)
      {
        g_set_error (error, DW_DECK_BACKUP_ERROR, DW_DECK_BACKUP_ERROR_WRITE,
                     _("%s: cannot be written: %s"), zip_path, archive_error_string (zip));
        archive_write_free (zip);
        close (fd);
        g_unlink (temp);
        return -1;
      }

    for (guint i = 0; i < members->len; i++)
      {
        Member *member = g_ptr_array_index (members, i);
        g_autofree char *data = NULL;
        g_autoptr(GError) local_error = NULL;
        gsize length;

        if (g_cancellable_set_error_if_cancelled (cancellable, error))
          goto out;
        if (!g_file_get_contents (member->path, &data, &length, &local_error))
          {
            g_set_error (error, DW_DECK_BACKUP_ERROR, DW_DECK_BACKUP_ERROR_READ,
                         _("%s: cannot be read for the backup: %s"), member->path, local_error->message);
            goto out;
          }
        if (!write_member (zip, member->name, data, length, member->mtime, error))
          goto out;
        n_decks += member->deck;
        *n_versions += member->version;
        done += member->size;
        if (progress != NULL)
          progress (done, total, user_data);
      }
    if (index_text != NULL &&
        !write_member (zip, INDEX_NAME, index_text, strlen (index_text), g_get_real_time () / G_USEC_PER_SEC,
                       error))
      goto out;

    if (archive_write_close (zip) != ARCHIVE_OK)
      {
        g_set_error (error, DW_DECK_BACKUP_ERROR, DW_DECK_BACKUP_ERROR_WRITE,
                     _("%s: cannot be written: %s"), zip_path, archive_error_string (zip));
        goto out;
      }
    if (fsync (fd) != 0 || g_rename (temp, zip_path) != 0)
      {
        int errsv = errno;

        g_set_error (error, DW_DECK_BACKUP_ERROR, DW_DECK_BACKUP_ERROR_WRITE,
                     _("%s: cannot be written: %s"), zip_path, g_strerror (errsv));
        goto out;
      }
    ok = TRUE;
out:
    archive_write_free (zip);
    close (fd);
    if (!ok)
      g_unlink (temp);
  }
  return ok ? n_decks : -1;
}


/* --- import ----------------------------------------------------------- */

static gboolean
refuse (GError    **error,
        const char *zip_path,
        const char *name,
        const char *why)
{
  g_set_error (error, DW_DECK_BACKUP_ERROR, DW_DECK_BACKUP_ERROR_HOSTILE,
               _("%s: refused, nothing was imported: “%s” %s"), zip_path, name, why);
  return FALSE;
}

/* Whether an entry's name stays inside the folder: relative, no “..”,
 * no empty or “.” part that would make two names one, no NUL. */
static gboolean
name_is_safe (const char *name)
{
  g_auto(GStrv) parts = NULL;

  if (name == NULL || *name == '\0' || name[0] == '/' || name[0] == '\\' ||
      (g_ascii_isalpha (name[0]) && name[1] == ':') || strchr (name, '\\') != NULL)
    return FALSE;
  parts = g_strsplit (name, "/", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      /* A folder's entry ends in “/”: its last part is empty. */
      if (parts[i + 1] == NULL && *parts[i] == '\0' && i > 0)
        break;
      if (*parts[i] == '\0' || strcmp (parts[i], ".") == 0 || strcmp (parts[i], "..") == 0)
        return FALSE;
    }
  return g_utf8_validate (name, -1, NULL);
}

static struct archive *
open_zip (const char  *zip_path,
          GError     **error)
{
  struct archive *zip = archive_read_new ();

  archive_read_support_format_zip (zip);
  if (archive_read_open_filename (zip, zip_path, CHUNK) != ARCHIVE_OK)
    {
      g_set_error (error, DW_DECK_BACKUP_ERROR, DW_DECK_BACKUP_ERROR_READ,
                   _("%s: cannot be read as a backup: %s"), zip_path, archive_error_string (zip));
      archive_read_free (zip);
      return NULL;
    }
  return zip;
}

/* Reads the current entry's data, at most @limit bytes; NULL past it. */
static char *
read_data (struct archive  *zip,
           const char      *zip_path,
           const char      *name,
           guint64          limit,
           gsize           *length,
           GError         **error)
{
  GByteArray *data = g_byte_array_new ();
  char buffer[CHUNK];
  la_ssize_t n;

  while ((n = archive_read_data (zip, buffer, sizeof buffer)) > 0)
    {
      if (data->len + (guint64) n > limit)
        {
          g_byte_array_unref (data);
          refuse (error, zip_path, name, _("holds more than its header says or than a deck file may"));
          return NULL;
        }
      g_byte_array_append (data, (const guint8 *) buffer, (guint) n);
    }
  if (n < 0)
    {
      g_set_error (error, DW_DECK_BACKUP_ERROR, DW_DECK_BACKUP_ERROR_READ,
                   _("%s: “%s” cannot be read: %s"), zip_path, name, archive_error_string (zip));
      g_byte_array_unref (data);
      return NULL;
    }
  *length = data->len;
  g_byte_array_append (data, (const guint8 *) "", 1);
  return (char *) g_byte_array_free (data, FALSE);
}

/* A free name for @path: itself, or “NAME (2).EXT”, “NAME (3).EXT”… */
static char *
free_path (const char *path,
           GHashTable *taken)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  const char *dot = strrchr (base, '.');
  g_autofree char *stem = dot && dot != base ? g_strndup (base, (gsize) (dot - base)) : g_strdup (base);
  const char *ext = dot && dot != base ? dot : "";

  if (!g_file_test (path, G_FILE_TEST_EXISTS) && !g_hash_table_contains (taken, path))
    return g_strdup (path);
  for (guint n = 2;; n++)
    {
      g_autofree char *name = g_strdup_printf ("%s (%u)%s", stem, n, ext);
      char *candidate = g_build_filename (dir, name, NULL);

      if (!g_file_test (candidate, G_FILE_TEST_EXISTS) && !g_hash_table_contains (taken, candidate))
        return candidate;
      g_free (candidate);
    }
}

/* Returns the number of decks, and in @n_versions the versions imported. */
static gint64
import_files (const char            *zip_path,
              const char            *folder,
              DwDeckBackupProgress   progress,
              gpointer               user_data,
              gint64                *n_versions,
              GCancellable          *cancellable,
              GError               **error)
{
  g_autofree char *canonical = NULL;
  g_autofree char *root = NULL;
  g_autofree char *prefix = NULL;
  g_autofree char *index_text = NULL;
  g_autoptr(GHashTable) targets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) taken = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) new_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GPtrArray) lines = NULL;
  struct archive *zip;
  struct archive_entry *entry;
  guint64 total_size = 0, zip_size = 0;
  guint n_entries = 0;
  gint64 n_decks = 0;
  GStatBuf st;
  int status;

  g_return_val_if_fail (zip_path != NULL && folder != NULL, -1);

  canonical = g_canonicalize_filename (folder, NULL);
  if (!g_file_test (canonical, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, DW_DECK_BACKUP_ERROR, DW_DECK_BACKUP_ERROR_WRITE,
                   _("%s: is not a folder to import into"), folder);
      return -1;
    }
  if (g_stat (zip_path, &st) == 0)
    zip_size = (guint64) st.st_size;

  /* First pass: every entry's name, kind and size, before anything is
   * written; the index of versions is read here too. */
  zip = open_zip (zip_path, error);
  if (zip == NULL)
    return -1;
  while ((status = archive_read_next_header (zip, &entry)) == ARCHIVE_OK)
    {
      const char *name = archive_entry_pathname (entry);
      mode_t type = archive_entry_filetype (entry);

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        goto fail;
      if (++n_entries > DW_DECK_BACKUP_MAX_ENTRIES)
        {
          refuse (error, zip_path, name, _("is one entry too many for a deck library's backup"));
          goto fail;
        }
      if (!name_is_safe (name))
        {
          refuse (error, zip_path, name ? name : "", _("is not a name inside the folder (absolute, or with “..”)"));
          goto fail;
        }
      if (type == AE_IFDIR)
        continue;
      if (type != AE_IFREG || archive_entry_hardlink (entry) != NULL || archive_entry_symlink (entry) != NULL)
        {
          refuse (error, zip_path, name, _("is a link or a special file, not a plain file"));
          goto fail;
        }
      if (archive_entry_size_is_set (entry) && (guint64) archive_entry_size (entry) > DW_DECK_BACKUP_MAX_ENTRY_SIZE)
        {
          refuse (error, zip_path, name, _("is larger than a deck file may be (16 MiB)"));
          goto fail;
        }
      total_size += archive_entry_size_is_set (entry) ? (guint64) archive_entry_size (entry) : 0;
      if (total_size > DW_DECK_BACKUP_MAX_TOTAL_SIZE)
        {
          refuse (error, zip_path, name, _("makes the backup larger than 4 GiB unpacked"));
          goto fail;
        }

      if (strcmp (name, INDEX_NAME) == 0)
        {
          gsize length;

          index_text = read_data (zip, zip_path, name, DW_DECK_BACKUP_MAX_ENTRY_SIZE, &length, error);
          if (index_text == NULL)
            goto fail;
        }
      else if (g_str_has_prefix (name, DW_DECK_LIBRARY_DIR "/"))
        {
          /* Only versions: .deckwright/versions/ID/VERSION */
          g_auto(GStrv) parts = g_str_has_prefix (name, VERSIONS_PREFIX)
                                  ? g_strsplit (name + strlen (VERSIONS_PREFIX), "/", -1) : NULL;

          if (parts == NULL || g_strv_length (parts) != 2 ||
              !dw_deck_versions_id_is_valid (parts[0]) || parts[1][0] == '.')
            {
              refuse (error, zip_path, name, _("is not a deck version of a Deckwright backup"));
              goto fail;
            }
        }
      else if (name[0] != '.' && strstr (name, "/.") == NULL)
        {
          g_autofree char *path = g_build_filename (canonical, name, NULL);
          char *target = free_path (path, taken);

          g_hash_table_add (taken, target);
          g_hash_table_insert (targets, g_strdup (name), target);
        }
    }
  if (status != ARCHIVE_EOF)
    {
      g_set_error (error, DW_DECK_BACKUP_ERROR, DW_DECK_BACKUP_ERROR_READ,
                   _("%s: cannot be read as a backup: %s"), zip_path, archive_error_string (zip));
      goto fail;
    }
  archive_read_free (zip);
  zip = NULL;

  /* The versions follow their decks to where they land, under an
   * identity of their own (the library may hold the same deck already). */
  {
    g_autofree char *probe = g_build_filename (canonical, "probe", NULL);

    root = dw_deck_versions_find_root (probe);
  }
  if (root != NULL && index_text != NULL)
    {
      prefix = strcmp (root, canonical) == 0 ? g_strdup ("") : g_strdup (canonical + strlen (root) + 1);
      lines = dw_deck_versions_lines_from_text (index_text, error);
      if (lines == NULL)
        {
          g_prefix_error (error, "%s: %s:", zip_path, INDEX_NAME);
          return -1;
        }
      for (guint i = 0; i < lines->len; i++)
        {
          DwDeckVersionsLine *line = g_ptr_array_index (lines, i);
          const char *target = g_hash_table_lookup (targets, line->path);
          char *new_id = dw_deck_versions_new_id ();

          g_hash_table_insert (new_ids, g_strdup (line->id), new_id);
          g_free (line->id);
          line->id = g_strdup (new_id);
          /* A deck gone from the backup keeps its versions where it was. */
          {
            char *rebased = target != NULL ? g_strdup (target + strlen (root) + 1)
                                           : (*prefix ? g_strconcat (prefix, "/", line->path, NULL)
                                                      : g_strdup (line->path));

            g_free (line->path);
            line->path = rebased;
          }
        }
    }

  /* Second pass: the files. */
  zip = open_zip (zip_path, error);
  if (zip == NULL)
    return -1;
  while ((status = archive_read_next_header (zip, &entry)) == ARCHIVE_OK)
    {
      const char *name = archive_entry_pathname (entry);
      g_autofree char *data = NULL;
      g_autofree char *target = NULL;
      g_autoptr(GError) local_error = NULL;
      gsize length;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        goto fail;
      if (archive_entry_filetype (entry) == AE_IFDIR || strcmp (name, INDEX_NAME) == 0)
        continue;

      if (g_str_has_prefix (name, VERSIONS_PREFIX))
        {
          g_auto(GStrv) parts = g_strsplit (name + strlen (VERSIONS_PREFIX), "/", 2);
          const char *new_id = g_hash_table_lookup (new_ids, parts[0]);

          if (root == NULL || new_id == NULL)
            continue;  /* versions of no deck here, or no library to keep them */
          target = g_build_filename (root, DW_DECK_LIBRARY_DIR, "versions", new_id, parts[1], NULL);
        }
      else if (g_hash_table_contains (targets, name))
        target = g_strdup (g_hash_table_lookup (targets, name));
      else
        continue;

      data = read_data (zip, zip_path, name, DW_DECK_BACKUP_MAX_ENTRY_SIZE, &length, error);
      if (data == NULL)
        goto fail;
      {
        g_autofree char *dir = g_path_get_dirname (target);

        if (g_mkdir_with_parents (dir, 0755) != 0 ||
            !dw_save_file (target, data, (gssize) length, DW_SAVE_REPLACE_LINKS, &local_error))
          {
            g_set_error (error, DW_DECK_BACKUP_ERROR, DW_DECK_BACKUP_ERROR_WRITE,
                         _("%s: cannot be written: %s"), target,
                         local_error ? local_error->message : g_strerror (errno));
            goto fail;
          }
      }
      if (!g_str_has_prefix (name, VERSIONS_PREFIX))
        n_decks++;
      else
        (*n_versions)++;
      if (progress != NULL)
        progress ((guint64) archive_filter_bytes (zip, -1), zip_size, user_data);
    }
  if (status != ARCHIVE_EOF)
    {
      g_set_error (error, DW_DECK_BACKUP_ERROR, DW_DECK_BACKUP_ERROR_READ,
                   _("%s: cannot be read as a backup: %s"), zip_path, archive_error_string (zip));
      goto fail;
    }
  archive_read_free (zip);

  if (lines != NULL && !dw_deck_versions_add_lines (root, lines, error))
    return -1;
  return n_decks;

fail:
  if (zip != NULL)
    archive_read_free (zip);
  return -1;
}

/* --- either way ------------------------------------------------------- */

/* Exports (@import FALSE: @from a folder, @to a .zip) or imports (@from
 * a .zip, @to a folder): the number of decks, or -1 with @error set;
 * the versions that went with them in @n_versions (may be NULL). */
static gint64
transfer (gboolean               import,
          const char            *from,
          const char            *to,
          DwDeckBackupProgress   progress,
          gpointer               user_data,
          gint64                *n_versions,
          GCancellable          *cancellable,
          GError               **error)
{
  gint64 ignored;

  if (n_versions == NULL)
    n_versions = &ignored;
  *n_versions = 0;
  if (import)
    return import_files (from, to, progress, user_data, n_versions, cancellable, error);
  return export_files (from, to, progress, user_data, n_versions, cancellable, error);
}

gint64
dw_deck_backup_export (const char            *folder,
                       const char            *zip_path,
                       DwDeckBackupProgress   progress,
                       gpointer               user_data,
                       GCancellable          *cancellable,
                       GError               **error)
{
  return transfer (FALSE, folder, zip_path, progress, user_data, NULL, cancellable, error);
}

gint64
dw_deck_backup_import (const char            *zip_path,
                       const char            *folder,
                       DwDeckBackupProgress   progress,
                       gpointer               user_data,
                       GCancellable          *cancellable,
                       GError               **error)
{
  return transfer (TRUE, zip_path, folder, progress, user_data, NULL, cancellable, error);
}

/* --- in a thread ------------------------------------------------------ */

typedef struct
{
  gboolean              import;
  char                 *from;
  char                 *to;
  DwDeckBackupProgress  progress;
  gpointer              progress_data;
  GMainContext         *context;
  GMutex                lock;
  guint64               done;
  guint64               total;
  gboolean              queued;
  gint64                n_versions;  /* written by the worker before it returns */
} Job;

static void
job_free (Job *job)
{
  g_free (job->from);
  g_free (job->to);
  g_main_context_unref (job->context);
  g_mutex_clear (&job->lock);
  g_free (job);
}

static gboolean
report_progress_cb (gpointer user_data)
{
  GTask *task = user_data;
  Job *job = g_task_get_task_data (task);
  guint64 done, total;

  g_mutex_lock (&job->lock);
  done = job->done;
  total = job->total;
  job->queued = FALSE;
  g_mutex_unlock (&job->lock);
  if (job->progress != NULL)
    job->progress (done, total, job->progress_data);
  return G_SOURCE_REMOVE;
}

/* In the worker: keeps the latest figures and wakes the caller's context
 * once per batch, so a fast worker never floods it. */
static void
worker_progress (guint64  done,
                 guint64  total,
                 gpointer user_data)
{
  GTask *task = user_data;
  Job *job = g_task_get_task_data (task);
  gboolean queue;

  g_mutex_lock (&job->lock);
  job->done = done;
  job->total = total;
  queue = !job->queued;
  job->queued = TRUE;
  g_mutex_unlock (&job->lock);
  /* Always through a source of the caller's context: g_main_context_invoke
   * would call the window's callback right here, in the worker, whenever
   * the caller's thread happens not to be iterating its context. */
  if (queue)
    {
      GSource *source = g_idle_source_new ();

      g_source_set_priority (source, G_PRIORITY_DEFAULT);
      g_source_set_callback (source, report_progress_cb, g_object_ref (task), g_object_unref);
      g_source_set_static_name (source, "[deckwright] backup progress");
      g_source_attach (source, job->context);
      g_source_unref (source);
    }
}

static void
backup_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;
  gint64 n;

  n = transfer (job->import, job->from, job->to, worker_progress, task, &job->n_versions, cancellable, &error);
  if (n < 0)
    g_task_return_error (task, error);
  else
    g_task_return_int (task, n);
}

static void
run_async (gboolean             import,
           const char          *from,
           const char          *to,
           DwDeckBackupProgress progress,
           gpointer             progress_data,
           GCancellable        *cancellable,
           GAsyncReadyCallback  callback,
           gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  Job *job = g_new0 (Job, 1);

  job->import = import;
  job->from = g_strdup (from);
  job->to = g_strdup (to);
  job->progress = progress;
  job->progress_data = progress_data;
  job->context = g_main_context_ref_thread_default ();
  g_mutex_init (&job->lock);
  g_task_set_source_tag (task, run_async);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, backup_thread);
}

void
dw_deck_backup_export_async (const char            *folder,
                             const char            *zip_path,
                             DwDeckBackupProgress   progress,
                             gpointer               progress_data,
                             GCancellable          *cancellable,
                             GAsyncReadyCallback    callback,
                             gpointer               user_data)
{
  run_async (FALSE, folder, zip_path, progress, progress_data, cancellable, callback, user_data);
}

void
dw_deck_backup_import_async (const char            *zip_path,
                             const char            *folder,
                             DwDeckBackupProgress   progress,
                             gpointer               progress_data,
                             GCancellable          *cancellable,
                             GAsyncReadyCallback    callback,
                             gpointer               user_data)
{
  run_async (TRUE, zip_path, folder, progress, progress_data, cancellable, callback, user_data);
}

gint64
dw_deck_backup_finish (GAsyncResult  *result,
                       gint64        *n_versions,
                       GError       **error)
{
  gint64 n;

  g_return_val_if_fail (g_task_is_valid (result, NULL), -1);
  n = g_task_propagate_int (G_TASK (result), error);
  if (n_versions != NULL)
    {
      Job *job = g_task_get_task_data (G_TASK (result));

      *n_versions = n >= 0 ? job->n_versions : 0;
    }
  return n;
}
