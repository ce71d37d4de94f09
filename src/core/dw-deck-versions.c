/* dw-deck-versions.c — every version of a library deck, kept on each save
 *
 * The store's layout and policy are in dw-deck-versions.h and
 * docs/library.md.  Every write below goes through dw_save_file(), so a
 * version file and the index are each whole or absent; the lock makes
 * "keep what is there, then write the new file, then note it" one step
 * against another process saving into the same library.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "dw-deck-compare.h"
#include "dw-deck-library.h"
#include "dw-deck-versions-private.h"
#include "dw-export.h"
#include "dw-import.h"
#include "dw-save.h"

#define SUMMARY_MAX_CARDS 6

struct _DwDeckVersion
{
  GObject     parent_instance;

  char       *id;
  GDateTime  *time;
  char       *path;
  char       *summary;
};

G_DEFINE_FINAL_TYPE (DwDeckVersion, dw_deck_version, G_TYPE_OBJECT)

G_DEFINE_QUARK (dw-deck-versions-error-quark, dw_deck_versions_error)

static void
dw_deck_version_finalize (GObject *object)
{
  DwDeckVersion *self = DW_DECK_VERSION (object);

  g_free (self->id);
  g_clear_pointer (&self->time, g_date_time_unref);
  g_free (self->path);
  g_free (self->summary);

  G_OBJECT_CLASS (dw_deck_version_parent_class)->finalize (object);
}

static void
dw_deck_version_class_init (DwDeckVersionClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dw_deck_version_finalize;
}

static void
dw_deck_version_init (DwDeckVersion *self)
{
}

/* --- the store -------------------------------------------------------- */

DwDeckVersionsWriteFunc dw_deck_versions_testing_write;

/* Every file a save through the store writes: whole or not at all. */
static gboolean
store_save (const char   *path,
            const char   *contents,
            gssize        length,
            DwSaveFlags   flags,
            GError      **error)
{
  if (dw_deck_versions_testing_write != NULL)
    return dw_deck_versions_testing_write (path, contents, length, flags, error);
  return dw_save_file (path, contents, length, flags, error);
}

/* One line of the index: a deck's identity, the hash of what its file
 * holds since its last save, and its path from the root. */
typedef DwDeckVersionsLine Known;

void
dw_deck_versions_line_free (DwDeckVersionsLine *known)
{
  g_free (known->id);
  g_free (known->hash);
  g_free (known->path);
  g_free (known);
}

#define known_free dw_deck_versions_line_free

/* The store makes 32 hex digits.  Letters, digits, '-' and '_' are
 * taken, no more: an id is the name of a folder beside the store's own
 * files (“index”, “index.damaged-TIME”, “ID.path”), and one that named
 * one of them made every save of its deck fail, its folder of versions
 * being a file (found by fuzz-version-index). */
gboolean
dw_deck_versions_id_is_valid (const char *id)
{
  if (id == NULL || id[0] == '\0' || strcmp (id, "index") == 0)
    return FALSE;
  for (const char *p = id; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_')
      return FALSE;
  return TRUE;
}

typedef struct
{
  char      *root;
  char      *dir;       /* ROOT/.deckwright/versions */
  char      *index;     /* … /index */
  GPtrArray *known;     /* Known */
  int        lock_fd;
} Store;

static void
store_free (Store *store)
{
  if (store->lock_fd >= 0)
    close (store->lock_fd);  /* releases the lock */
  g_free (store->root);
  g_free (store->dir);
  g_free (store->index);
  g_clear_pointer (&store->known, g_ptr_array_unref);
  g_free (store);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Store, store_free)

static char *
hash_contents (const char *contents,
               gsize       length)
{
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) contents, length);
}

char *
dw_deck_versions_find_root (const char *path)
{
  g_autofree char *dir = NULL;
  g_autofree char *up = NULL;
  g_auto(GStrv) folders = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  {
    g_autofree char *absolute = g_canonicalize_filename (path, NULL);

    dir = g_path_get_dirname (absolute);
  }
  up = g_strdup (dir);
  for (;;)
    {
      g_autofree char *store = g_build_filename (up, DW_DECK_LIBRARY_DIR, NULL);
      char *parent;

      if (g_file_test (store, G_FILE_TEST_IS_DIR))
        return g_steal_pointer (&up);
      parent = g_path_get_dirname (up);
      if (strcmp (parent, up) == 0)
        {
          g_free (parent);
          break;
        }
      g_free (up);
      up = parent;
    }

  /* No store yet: a folder of the library still is one, and its first
   * save makes the store (Preferences' folders, or Documents/Decks). */
  folders = dw_deck_library_configured_folders ();
  for (guint i = 0; folders[i] != NULL; i++)
    {
      g_autofree char *root = g_canonicalize_filename (folders[i], NULL);
      gsize length = strlen (root);

      if (strcmp (dir, root) == 0 ||
          (strncmp (dir, root, length) == 0 && dir[length] == G_DIR_SEPARATOR))
        return g_steal_pointer (&root);
    }
  return NULL;
}

static char *
relative_path (const char *root,
               const char *path)
{
  g_autofree char *absolute = g_canonicalize_filename (path, NULL);
  gsize length = strlen (root);

  if (strncmp (absolute, root, length) == 0 && absolute[length] == G_DIR_SEPARATOR)
    return g_strdup (absolute + length + 1);
  return g_steal_pointer (&absolute);
}

/* The path field of an index line, unescaped (g_strescape() wrote it);
 * NULL when it ends inside an escape (a lone backslash last), which
 * the store never writes and g_strcompress() would warn about (found by
 * fuzz-version-index). */
static char *
unescape_path (const char *field)
{
  gsize length = strlen (field);
  gsize backslashes = 0;

  while (backslashes < length && field[length - 1 - backslashes] == '\\')
    backslashes++;
  if (backslashes % 2 != 0)
    return NULL;
  return g_strcompress (field);
}

GPtrArray *
dw_deck_versions_lines_from_text (const char  *text,
                                  GError     **error)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func ((GDestroyNotify) known_free);
  g_auto(GStrv) split = g_strsplit (text, "\n", -1);

  for (guint i = 0; split[i] != NULL; i++)
    {
      g_auto(GStrv) fields = NULL;
      g_autofree char *path = NULL;
      Known *known;

      if (*split[i] == '\0' || *split[i] == '#')
        continue;
      fields = g_strsplit (split[i], "\t", 3);
      if (g_strv_length (fields) != 3 || !dw_deck_versions_id_is_valid (fields[0]) ||
          (path = unescape_path (fields[2])) == NULL)
        {
          g_set_error (error, DW_DECK_VERSIONS_ERROR, DW_DECK_VERSIONS_ERROR_STORE,
                       _("%u: the index of deck versions is damaged"), i + 1);
          return NULL;
        }
      known = g_new0 (Known, 1);
      known->id = g_strdup (fields[0]);
      known->hash = g_strdup (fields[1]);
      known->path = g_steal_pointer (&path);
      g_ptr_array_add (lines, known);
    }
  return g_steal_pointer (&lines);
}

char *
dw_deck_versions_lines_to_text (GPtrArray *lines)
{
  GString *out = g_string_new ("# Deckwright deck versions: id, hash, path (docs/library.md)\n");

  for (guint i = 0; i < lines->len; i++)
    {
      Known *known = g_ptr_array_index (lines, i);
      g_autofree char *escaped = g_strescape (known->path, NULL);

      g_string_append_printf (out, "%s\t%s\t%s\n", known->id, known->hash, escaped);
    }
  return g_string_free (out, FALSE);
}

char *
dw_deck_versions_new_id (void)
{
  g_autofree char *uuid = g_uuid_string_random ();
  GString *id = g_string_new (NULL);

  for (const char *p = uuid; *p; p++)
    if (*p != '-')
      g_string_append_c (id, *p);
  return g_string_free (id, FALSE);
}

static const char *
extension_of (const char *path)
{
  const char *base = strrchr (path, G_DIR_SEPARATOR);
  const char *dot = strrchr (base ? base : path, '.');

  return dot != NULL && dot[1] != '\0' ? dot + 1 : "xml";
}

/* Where a deck's versions are. */
static char *
versions_dir (Store *store,
              Known *known)
{
  return g_build_filename (store->dir, known->id, NULL);
}

static gboolean
parse_version_name (const char  *name,
                    char       **id,
                    GDateTime  **time)
{
  const char *dash = strchr (name, '-');
  const char *dot;
  g_autofree char *stamp = NULL;
  g_autoptr(GDateTime) parsed = NULL;

  if (dash == NULL || name[0] == '.')
    return FALSE;
  dot = strchr (dash, '.');
  stamp = g_strndup (name, (gsize) (dash - name));
  parsed = g_date_time_new_from_iso8601 (stamp, NULL);
  if (parsed == NULL)
    return FALSE;
  *id = dot ? g_strndup (name, (gsize) (dot - name)) : g_strdup (name);
  *time = g_steal_pointer (&parsed);
  return TRUE;
}

typedef struct
{
  char      *id;
  char      *path;
  GDateTime *time;
} Stored;

static void
stored_free (Stored *stored)
{
  g_free (stored->id);
  g_free (stored->path);
  g_date_time_unref (stored->time);
  g_free (stored);
}

static int
compare_stored_newest_first (gconstpointer a,
                             gconstpointer b)
{
  const Stored *x = *(const Stored * const *) a;
  const Stored *y = *(const Stored * const *) b;

  return -strcmp (x->id, y->id);
}

/* The versions on disk, newest first (names sort by time). */
static GPtrArray *
list_stored (Store *store,
             Known *known)
{
  GPtrArray *stored = g_ptr_array_new_with_free_func ((GDestroyNotify) stored_free);
  g_autofree char *dir_path = versions_dir (store, known);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      Stored *one = g_new0 (Stored, 1);

      if (!parse_version_name (name, &one->id, &one->time))
        {
          g_free (one);
          continue;
        }
      one->path = g_build_filename (dir_path, name, NULL);
      g_ptr_array_add (stored, one);
    }
  g_ptr_array_sort (stored, compare_stored_newest_first);
  return stored;
}

/* Beside each deck's folder of versions, ID.path names the deck's file
 * (from the root, as the index does): what a damaged index is rebuilt
 * from first (store_rebuild_index()).  Only a hint, so written outside
 * the test's write hook and with its failure ignored; outside the
 * folder, so that a backup, which takes the folders, never carries it. */
static char *
hint_path (Store      *store,
           const char *id)
{
  g_autofree char *name = g_strconcat (id, ".path", NULL);

  return g_build_filename (store->dir, name, NULL);
}

static void
store_note_hint (Store *store,
                 Known *known)
{
  g_autofree char *path = hint_path (store, known->id);
  g_autofree char *folder = g_build_filename (store->dir, known->id, NULL);
  g_autofree char *old = NULL;
  g_autofree char *text = g_strconcat (known->path, "\n", NULL);

  if (!g_file_test (folder, G_FILE_TEST_IS_DIR) ||
      (g_file_get_contents (path, &old, NULL, NULL) && strcmp (old, text) == 0))
    return;
  dw_save_file (path, text, -1, DW_SAVE_REPLACE_LINKS, NULL);
}

/* The deck file @id's hint names, from the root, or NULL. */
static char *
store_read_hint (Store      *store,
                 const char *id)
{
  g_autofree char *path = hint_path (store, id);
  g_autofree char *text = NULL;
  gsize length;

  if (!g_file_get_contents (path, &text, &length, NULL) || length < 2 || text[length - 1] != '\n' ||
      strlen (text) != length || !g_utf8_validate (text, -1, NULL))
    return NULL;
  text[length - 1] = '\0';
  if (strchr (text, '\n') != NULL)
    return NULL;
  return g_steal_pointer (&text);
}

#define INDEX_HEADER "# Deckwright deck versions"

static gboolean store_write_index (Store   *store,
                                   GError **error);

/* An index the store wrote whole: its header first, a newline last (a
 * file cut short ends inside a line), no NUL, every line parsed. */
static GPtrArray *
parse_whole_index (const char  *text,
                   gsize        length,
                   GError     **error)
{
  if (length == 0 || !g_str_has_prefix (text, INDEX_HEADER) || text[length - 1] != '\n' ||
      strlen (text) != length)
    {
      g_set_error_literal (error, DW_DECK_VERSIONS_ERROR, DW_DECK_VERSIONS_ERROR_STORE,
                           length == 0 ? _("it is empty") : _("it is cut short, or is not an index"));
      return NULL;
    }
  {
    g_autoptr(GError) local_error = NULL;
    GPtrArray *lines = dw_deck_versions_lines_from_text (text, &local_error);

    /* Its message is “LINE: the index of deck versions is damaged”. */
    if (lines == NULL)
      g_set_error (error, DW_DECK_VERSIONS_ERROR, DW_DECK_VERSIONS_ERROR_STORE,
                   _("its line %u does not parse"), (guint) g_ascii_strtoull (local_error->message, NULL, 10));
    return lines;
  }
}

static gboolean
hash_is_valid (const char *hash)
{
  gsize length = strlen (hash);

  if (length != 0 && length != 64)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isxdigit (hash[i]))
      return FALSE;
  return TRUE;
}

/* The lines of a damaged index that are still whole: three fields, an
 * identity the store could have made and not seen before, a hash, a
 * path.  The line a cut ends inside is not. */
static GPtrArray *
salvage_lines (const char *text,
               gsize       length)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func ((GDestroyNotify) known_free);
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  const char *end = text + strnlen (text, length);
  const char *p = text;

  while (p < end)
    {
      const char *newline = memchr (p, '\n', (gsize) (end - p));
      g_autofree char *line = NULL;
      g_autofree char *path = NULL;
      g_auto(GStrv) fields = NULL;
      Known *known;

      if (newline == NULL)
        break;  /* cut inside this line */
      line = g_strndup (p, (gsize) (newline - p));
      p = newline + 1;
      if (!g_utf8_validate (line, -1, NULL) || line[0] == '#')
        continue;
      fields = g_strsplit (line, "\t", 3);
      if (g_strv_length (fields) != 3 || !dw_deck_versions_id_is_valid (fields[0]) ||
          g_hash_table_contains (ids, fields[0]) || !hash_is_valid (fields[1]) || fields[2][0] == '\0' ||
          (path = unescape_path (fields[2])) == NULL)
        continue;
      known = g_new0 (Known, 1);
      known->id = g_strdup (fields[0]);
      known->hash = g_strdup (fields[1]);
      known->path = g_steal_pointer (&path);
      g_ptr_array_add (lines, known);
      g_hash_table_add (ids, known->id);
    }
  return lines;
}

/* line → how many times @contents holds it (blank lines and spaces at
 * either end aside): what two versions of a deck share, whatever its
 * format. */
static GHashTable *
count_lines (const char *contents,
             guint      *n_lines)
{
  GHashTable *counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(GStrv) lines = g_strsplit (contents, "\n", -1);

  *n_lines = 0;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);
      guint count;

      if (*line == '\0')
        continue;
      count = GPOINTER_TO_UINT (g_hash_table_lookup (counts, line));
      g_hash_table_insert (counts, g_strdup (line), GUINT_TO_POINTER (count + 1));
      (*n_lines)++;
    }
  return counts;
}

static void
hash_table_unref_or_null (gpointer table)
{
  if (table != NULL)
    g_hash_table_unref (table);
}

static guint
common_lines (GHashTable *a,
              GHashTable *b)
{
  GHashTableIter iter;
  gpointer key, value;
  guint common = 0;

  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &key, &value))
    common += MIN (GPOINTER_TO_UINT (value), GPOINTER_TO_UINT (g_hash_table_lookup (b, key)));
  return common;
}

#define REPAIR_MAX_DEPTH     32
#define REPAIR_MAX_FILES     100000
#define REPAIR_MAX_FILE_SIZE (16 * 1024 * 1024)

/* The regular files under @dir (not its dot files, not through symbolic
 * links), as many as a library holds. */
static void
list_files (const char *dir,
            guint       depth,
            GPtrArray  *out)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL && out->len < REPAIR_MAX_FILES)
    {
      g_autofree char *child = NULL;
      GStatBuf st;

      if (name[0] == '.')
        continue;
      child = g_build_filename (dir, name, NULL);
      if (g_lstat (child, &st) != 0)
        continue;
      if (S_ISDIR (st.st_mode) && depth < REPAIR_MAX_DEPTH)
        list_files (child, depth + 1, out);
      else if (S_ISREG (st.st_mode) && st.st_size <= REPAIR_MAX_FILE_SIZE)
        g_ptr_array_add (out, g_steal_pointer (&child));
    }
}

typedef struct
{
  guint  score;       /* shared lines, per thousand of the longer */
  guint  orphan;
  guint  file;
} Match;

static int
compare_matches (gconstpointer a,
                 gconstpointer b)
{
  const Match *x = a, *y = b;

  if (x->score != y->score)
    return x->score > y->score ? -1 : 1;
  if (x->orphan != y->orphan)
    return x->orphan < y->orphan ? -1 : 1;
  return x->file < y->file ? -1 : x->file > y->file;
}

/* Gives back to @known the folders of versions no line names: each to
 * the deck file, not named by another line, of the same kind, that shares
 * the most lines with its newest version, half of them at least.
 * Returns how many folders stayed without a deck. */
static guint
match_orphans (Store     *store,
               GPtrArray *known)
{
  g_autoptr(GHashTable) named = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) kinds = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) orphans = g_ptr_array_new_with_free_func ((GDestroyNotify) known_free);
  g_autoptr(GPtrArray) newest = g_ptr_array_new_with_free_func ((GDestroyNotify) g_hash_table_unref);
  g_autoptr(GArray) newest_lines = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) file_counts = NULL;
  g_autoptr(GArray) file_lines = g_array_new (FALSE, TRUE, sizeof (guint));
  g_autoptr(GArray) matches = g_array_new (FALSE, FALSE, sizeof (Match));
  g_autoptr(GDir) dir = g_dir_open (store->dir, 0, NULL);
  g_autofree gboolean *file_taken = NULL;
  const char *name;
  guint left = 0;

  for (guint i = 0; i < known->len; i++)
    {
      Known *line = g_ptr_array_index (known, i);

      g_hash_table_add (named, line->id);
      g_hash_table_add (named, line->path);
    }

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (store->dir, name, NULL);
      g_autoptr(GPtrArray) stored = NULL;
      g_autofree char *contents = NULL;
      Known *orphan;
      guint n_lines;

      if (!dw_deck_versions_id_is_valid (name) || g_hash_table_contains (named, name) ||
          !g_file_test (path, G_FILE_TEST_IS_DIR))
        continue;
      orphan = g_new0 (Known, 1);
      orphan->id = g_strdup (name);
      stored = list_stored (store, orphan);
      if (stored->len == 0 ||
          !g_file_get_contents (((Stored *) g_ptr_array_index (stored, 0))->path, &contents, NULL, NULL))
        {
          known_free (orphan);
          left++;
          continue;
        }
      /* Its hint, when it names a deck file no line names. */
      {
        g_autofree char *hinted = store_read_hint (store, name);
        g_autofree char *where = hinted ? g_build_filename (store->root, hinted, NULL) : NULL;
        g_autofree char *current = NULL;
        gsize current_length;

        if (where != NULL && !g_hash_table_contains (named, hinted) &&
            g_file_test (where, G_FILE_TEST_IS_REGULAR) &&
            g_file_get_contents (where, &current, &current_length, NULL))
          {
            orphan->hash = hash_contents (current, current_length);
            orphan->path = g_steal_pointer (&hinted);
            g_hash_table_add (named, orphan->path);
            g_ptr_array_add (known, orphan);
            continue;
          }
      }
      /* The kind of file it was: the newest version's extension. */
      orphan->path = g_strdup (extension_of (((Stored *) g_ptr_array_index (stored, 0))->path));
      g_ptr_array_add (orphans, orphan);
      g_ptr_array_add (newest, count_lines (contents, &n_lines));
      g_array_append_val (newest_lines, n_lines);
    }
  if (orphans->len == 0)
    return left;

  list_files (store->root, 0, files);
  file_counts = g_ptr_array_new_full (files->len, hash_table_unref_or_null);
  g_array_set_size (file_lines, files->len);
  /* Only files of the kinds the orphans were are read (not the pictures
   * beside the decks, say). */
  for (guint o = 0; o < orphans->len; o++)
    g_hash_table_add (kinds, ((Known *) g_ptr_array_index (orphans, o))->path);
  for (guint f = 0; f < files->len; f++)
    {
      g_autofree char *relative = relative_path (store->root, g_ptr_array_index (files, f));
      g_autofree char *contents = NULL;
      GHashTable *counts = NULL;

      if (g_hash_table_contains (kinds, extension_of (relative)) &&
          !g_hash_table_contains (named, relative) &&
          g_file_get_contents (g_ptr_array_index (files, f), &contents, NULL, NULL))
        counts = count_lines (contents, &g_array_index (file_lines, guint, f));
      g_ptr_array_add (file_counts, counts);
    }

  for (guint o = 0; o < orphans->len; o++)
    for (guint f = 0; f < files->len; f++)
      {
        guint most = MAX (g_array_index (newest_lines, guint, o), g_array_index (file_lines, guint, f));
        Match match = { 0, o, f };
        guint common;

        if (g_ptr_array_index (file_counts, f) == NULL || most == 0 ||
            strcmp (extension_of (g_ptr_array_index (files, f)), ((Known *) g_ptr_array_index (orphans, o))->path) != 0)
          continue;
        common = common_lines (g_ptr_array_index (newest, o), g_ptr_array_index (file_counts, f));
        if (common * 2 < most)
          continue;
        match.score = (guint) ((guint64) common * 1000 / most);
        g_array_append_val (matches, match);
      }
  g_array_sort (matches, compare_matches);

  file_taken = g_new0 (gboolean, files->len);
  for (guint m = 0; m < matches->len; m++)
    {
      Match *match = &g_array_index (matches, Match, m);
      Known *orphan = g_ptr_array_index (orphans, match->orphan);
      const char *file = g_ptr_array_index (files, match->file);
      g_autofree char *contents = NULL;
      gsize length;

      if (orphan->hash != NULL || file_taken[match->file] ||
          !g_file_get_contents (file, &contents, &length, NULL))
        continue;
      file_taken[match->file] = TRUE;
      orphan->hash = hash_contents (contents, length);
      g_free (orphan->path);
      orphan->path = relative_path (store->root, file);
    }

  for (guint o = 0; o < orphans->len; o++)
    {
      Known *orphan = g_ptr_array_index (orphans, o);

      if (orphan->hash == NULL)
        {
          left++;
          continue;
        }
      g_ptr_array_add (known, g_ptr_array_steal_index_fast (orphans, o));
      o--;
    }
  return left;
}

/* The index does not parse (@why): its whole lines are kept, the folders
 * of versions it no longer names go back to their decks (match_orphans),
 * the damaged file is moved aside, and the new index written.  Said once,
 * as a message naming the file: the next open reads the new index. */
static void
store_rebuild_index (Store      *store,
                     const char *text,
                     gsize       length,
                     const char *why)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%dT%H%M%SZ");
  g_autofree char *aside = g_strdup_printf ("%s.damaged-%s", store->index, stamp);
  g_autoptr(GError) local_error = NULL;
  guint left;

  /* A second repair within the same second keeps the first one's file:
   * g_rename() would replace it. */
  for (guint n = 2; g_file_test (aside, G_FILE_TEST_EXISTS); n++)
    {
      g_free (aside);
      aside = g_strdup_printf ("%s.damaged-%s-%u", store->index, stamp, n);
    }

  store->known = salvage_lines (text, length);
  left = match_orphans (store, store->known);

  if (g_rename (store->index, aside) != 0)
    {
      int errsv = errno;

      g_message (_("%s: the index of deck versions is damaged (%s) and cannot be moved aside: %s; "
                   "its versions are listed from the folders of versions until it can"),
                 store->index, why, g_strerror (errsv));
      return;
    }
  if (!store_write_index (store, &local_error))
    {
      g_message (_("%s: the index of deck versions was damaged (%s); it is moved to %s, "
                   "and the index rebuilt from the versions cannot be written: %s"),
                 store->index, why, aside, local_error->message);
      return;
    }
  if (left == 0)
    g_message (_("%s: the index of deck versions was damaged (%s); it is moved to %s and rebuilt "
                 "from the versions there, decks with versions: %u"),
               store->index, why, aside, store->known->len);
  else
    g_message (g_dngettext (GETTEXT_PACKAGE, "%s: the index of deck versions was damaged (%s); it is moved to %s and rebuilt "
                         "from the versions there, decks with versions: %u; %u folder of versions "
                         "matches no deck file and stays in %s",
                         "%s: the index of deck versions was damaged (%s); it is moved to %s and rebuilt "
                         "from the versions there, decks with versions: %u; %u folders of versions "
                         "match no deck file and stay in %s", left),
               store->index, why, aside, store->known->len, left, store->dir);
}

static gboolean
store_read_index (Store   *store,
                  GError **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length;
  int lock_fd = -1;

  for (guint attempt = 0; ; attempt++)
    {
      g_clear_pointer (&text, g_free);
      g_clear_error (&local_error);
      if (!g_file_get_contents (store->index, &text, &length, &local_error))
        {
          if (lock_fd >= 0)
            close (lock_fd);
          if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
            {
              store->known = g_ptr_array_new_with_free_func ((GDestroyNotify) known_free);
              return TRUE;
            }
          g_set_error (error, DW_DECK_VERSIONS_ERROR, DW_DECK_VERSIONS_ERROR_STORE,
                       _("%s: the index of deck versions cannot be read: %s"), store->index,
                       local_error->message);
          return FALSE;
        }

      store->known = parse_whole_index (text, length, &local_error);
      if (store->known != NULL || attempt > 0 || store->lock_fd >= 0)
        break;

      /* Damaged: repaired under the lock, after reading it again, in
       * case another process has repaired it meanwhile. */
      {
        g_autofree char *lock_path = g_build_filename (store->root, DW_DECK_LIBRARY_DIR, "lock", NULL);

        lock_fd = g_open (lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (lock_fd >= 0 && flock (lock_fd, LOCK_EX) != 0)
          {
            close (lock_fd);
            lock_fd = -1;
          }
        if (lock_fd < 0)
          break;
      }
    }

  if (store->known == NULL)
    store_rebuild_index (store, text, length, local_error->message);
  if (lock_fd >= 0)
    close (lock_fd);
  return TRUE;
}

static gboolean
store_write_index (Store   *store,
                   GError **error)
{
  g_autofree char *out = dw_deck_versions_lines_to_text (store->known);

  if (g_mkdir_with_parents (store->dir, 0755) != 0)
    {
      int errsv = errno;

      g_set_error (error, DW_DECK_VERSIONS_ERROR, DW_DECK_VERSIONS_ERROR_STORE,
                   _("%s: cannot be made: %s"), store->dir, g_strerror (errsv));
      return FALSE;
    }
  return store_save (store->index, out, -1, DW_SAVE_REPLACE_LINKS, error);
}

/* Opens the store of @root, locked when @lock. */
static Store *
store_open (const char  *root,
            gboolean     lock,
            GError     **error)
{
  g_autoptr(Store) store = g_new0 (Store, 1);

  store->lock_fd = -1;
  store->root = g_strdup (root);
  store->dir = g_build_filename (root, DW_DECK_LIBRARY_DIR, "versions", NULL);
  store->index = g_build_filename (store->dir, "index", NULL);

  if (lock)
    {
      g_autofree char *lock_path = g_build_filename (root, DW_DECK_LIBRARY_DIR, "lock", NULL);
      g_autofree char *library_dir = g_build_filename (root, DW_DECK_LIBRARY_DIR, NULL);

      /* A library folder's first save makes its store. */
      g_mkdir_with_parents (library_dir, 0755);
      store->lock_fd = g_open (lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
      if (store->lock_fd < 0 || flock (store->lock_fd, LOCK_EX) != 0)
        {
          int errsv = errno;

          g_set_error (error, DW_DECK_VERSIONS_ERROR, DW_DECK_VERSIONS_ERROR_STORE,
                       _("%s: cannot be locked to keep a version: %s"), lock_path, g_strerror (errsv));
          return NULL;
        }
    }

  if (!store_read_index (store, error))
    return NULL;
  return g_steal_pointer (&store);
}

static Known *
store_lookup_path (Store      *store,
                   const char *relative)
{
  for (guint i = 0; i < store->known->len; i++)
    {
      Known *known = g_ptr_array_index (store->known, i);

      if (strcmp (known->path, relative) == 0)
        return known;
    }
  return NULL;
}

/* A deck another program renamed or moved: one whose recorded file is
 * gone and whose recorded contents are what @hash says. */
static Known *
store_lookup_moved (Store      *store,
                    const char *hash)
{
  for (guint i = 0; i < store->known->len; i++)
    {
      Known *known = g_ptr_array_index (store->known, i);
      g_autofree char *where = NULL;

      if (strcmp (known->hash, hash) != 0)
        continue;
      where = g_build_filename (store->root, known->path, NULL);
      if (!g_file_test (where, G_FILE_TEST_EXISTS))
        return known;
    }
  return NULL;
}

/* The identity of the deck at @path whose file holds what @hash says;
 * NULL when the store has never seen it. */
static Known *
store_find (Store      *store,
            const char *path,
            const char *hash)
{
  g_autofree char *relative = relative_path (store->root, path);
  Known *known = store_lookup_path (store, relative);

  if (known == NULL && hash != NULL)
    {
      known = store_lookup_moved (store, hash);
      if (known != NULL)
        {
          g_free (known->path);
          known->path = g_steal_pointer (&relative);
        }
    }
  return known;
}

static Known *
store_add (Store      *store,
           const char *path)
{
  Known *known = g_new0 (Known, 1);

  known->id = dw_deck_versions_new_id ();
  known->hash = g_strdup ("");
  known->path = relative_path (store->root, path);
  g_ptr_array_add (store->known, known);
  return known;
}

static guint
prune_stored (Store     *store,
              Known     *known,
              GDateTime *now)
{
  g_autoptr(GPtrArray) stored = list_stored (store, known);
  g_autoptr(GHashTable) weeks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GDateTime) keep_all_since = g_date_time_add_days (now, -DW_DECK_VERSIONS_KEEP_ALL_DAYS);
  guint removed = 0;

  for (guint i = 0; i < stored->len; i++)
    {
      Stored *one = g_ptr_array_index (stored, i);
      g_autofree char *week = NULL;

      if (i < DW_DECK_VERSIONS_KEEP_NEWEST || g_date_time_compare (one->time, keep_all_since) >= 0)
        continue;
      week = g_strdup_printf ("%d-%d", g_date_time_get_week_numbering_year (one->time),
                              g_date_time_get_week_of_year (one->time));
      /* Newest first: the first of a week seen is the one that stays. */
      if (g_hash_table_add (weeks, g_steal_pointer (&week)))
        continue;
      if (g_unlink (one->path) == 0)
        removed++;
    }
  return removed;
}

/* Keeps @current (what @path holds now) as a version of @known, at
 * *@kept. */
static gboolean
keep_version (Store       *store,
              Known       *known,
              const char  *path,
              const char  *current,
              gsize        length,
              const char  *hash,
              char       **kept,
              GError     **error)
{
  g_autofree char *dir = versions_dir (store, known);
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%dT%H%M%S.%fZ");
  g_autofree char *name = g_strdup_printf ("%s-%.8s.%s", stamp, hash, extension_of (path));
  g_autofree char *version_path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) local_error = NULL;

  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      int errsv = errno;

      g_set_error (error, DW_DECK_VERSIONS_ERROR, DW_DECK_VERSIONS_ERROR_KEEP_FAILED,
                   _("%s: not saved, because the version it replaces could not be kept in %s: %s; "
                     "free some space or fix the folder, then save again"), path, dir,
                   g_strerror (errsv));
      return FALSE;
    }
  /* On the disk before the deck is replaced: a crash between the two
   * loses neither. */
  if (!store_save (version_path, current, (gssize) length, DW_SAVE_REPLACE_LINKS | DW_SAVE_SYNC_NEW,
                   &local_error))
    {
      g_set_error (error, DW_DECK_VERSIONS_ERROR, DW_DECK_VERSIONS_ERROR_KEEP_FAILED,
                   _("%s: not saved, because the version it replaces could not be kept: %s; "
                     "free some space or fix the folder, then save again"), path, local_error->message);
      return FALSE;
    }
  *kept = g_steal_pointer (&version_path);
  return TRUE;
}

gboolean
dw_deck_versions_save_file (const char  *path,
                            const char  *contents,
                            gssize       length,
                            GError     **error)
{
  g_autofree char *root = NULL;
  g_autoptr(Store) store = NULL;
  g_autofree char *current = NULL;
  g_autofree char *current_hash = NULL;
  g_autofree char *new_hash = NULL;
  g_autofree char *kept = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize current_length = 0;
  Known *known;

  g_return_val_if_fail (path != NULL, FALSE);

  if (length < 0)
    length = (gssize) strlen (contents);

  root = dw_deck_versions_find_root (path);
  if (root == NULL)
    return dw_save_file (path, contents, length, DW_SAVE_FOLLOW_LINKS, error);

  store = store_open (root, TRUE, &local_error);
  if (store == NULL)
    {
      g_set_error (error, DW_DECK_VERSIONS_ERROR, DW_DECK_VERSIONS_ERROR_KEEP_FAILED,
                   _("%s: not saved, because its versions cannot be kept: %s"), path,
                   local_error->message);
      return FALSE;
    }

  new_hash = hash_contents (contents, (gsize) length);
  if (g_file_test (path, G_FILE_TEST_IS_REGULAR) &&
      g_file_get_contents (path, &current, &current_length, NULL))
    current_hash = hash_contents (current, current_length);

  known = store_find (store, path, current_hash);
  if (known == NULL)
    known = store_add (store, path);

  if (current_hash != NULL && strcmp (current_hash, new_hash) != 0 &&
      !keep_version (store, known, path, current, current_length, current_hash, &kept, error))
    return FALSE;

  if (!store_save (path, contents, length, DW_SAVE_FOLLOW_LINKS, error))
    {
      /* The deck stays as it was (a save is whole or not at all): the
       * version just kept is the file itself, not a version of it. */
      if (kept != NULL)
        g_unlink (kept);
      return FALSE;
    }

  g_free (known->hash);
  known->hash = g_steal_pointer (&new_hash);
  if (!store_write_index (store, &local_error))
    /* The deck is saved and its versions kept; only their link to the
     * file is not written, and the next save finds them by contents. */
    g_debug ("%s", local_error->message);

  {
    g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

    prune_stored (store, known, now);
  }
  store_note_hint (store, known);
  return TRUE;
}

/* --- the one-line difference ----------------------------------------- */

static DwDeck *
load_for_summary (DwLibrary   *cards,
                  const char  *path,
                  GError     **error)
{
  return dw_import_deck_file (cards, path, DW_IMPORT_AUTO, NULL, NULL, error);
}

static gboolean
same_strv (const char * const *a,
           const char * const *b)
{
  guint i;

  for (i = 0; a[i] != NULL && b[i] != NULL; i++)
    if (strcmp (a[i], b[i]) != 0)
      return FALSE;
  return a[i] == NULL && b[i] == NULL;
}

typedef struct
{
  const char *name;
  int         delta;
} CardDelta;

static int
compare_deltas (gconstpointer a,
                gconstpointer b)
{
  const CardDelta *x = a;
  const CardDelta *y = b;

  if ((x->delta > 0) != (y->delta > 0))
    return x->delta > 0 ? -1 : 1;
  return g_utf8_collate (x->name, y->name);
}

static char *
summarize (DwLibrary  *cards,
           const char *older_path,
           const char *newer_path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) older = load_for_summary (cards, older_path, &error);
  g_autoptr(DwDeck) newer = NULL;
  DwGame *game;

  if (older != NULL)
    newer = load_for_summary (cards, newer_path, &error);
  if (newer == NULL)
    return g_strdup_printf (_("cannot compare: %s"), error->message);

  game = dw_library_lookup_game (cards, dw_deck_get_game_id (newer));
  if (game == NULL || g_strcmp0 (dw_deck_get_game_id (older), dw_deck_get_game_id (newer)) != 0)
    return g_strdup (_("another game"));
  return dw_deck_versions_describe (older, newer, game);
}

char *
dw_deck_versions_describe (DwDeck *older,
                           DwDeck *newer,
                           DwGame *game)
{
  g_autoptr(DwDeckComparison) comparison = NULL;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) deltas = g_array_new (FALSE, FALSE, sizeof (CardDelta));
  g_autoptr(GPtrArray) sections = g_ptr_array_new ();
  const char *first_section = NULL;
  guint shown = 0, not_shown = 0;

  g_return_val_if_fail (DW_IS_DECK (older) && DW_IS_DECK (newer) && DW_IS_GAME (game), NULL);

  if (dw_game_get_n_sections (game) > 0)
    first_section = dw_game_get_section (game, 0)->id;

  comparison = dw_deck_compare (older, newer, game);
  for (guint i = 0; i < comparison->changes->len; i++)
    {
      DwDeckChange *change = g_ptr_array_index (comparison->changes, i);
      const char *section = change->kind == DW_DECK_CHANGE_REMOVED ? change->from_section
                                                                  : change->to_section;
      int sign = change->kind == DW_DECK_CHANGE_REMOVED ? -1 : 1;

      if (change->kind != DW_DECK_CHANGE_MOVED && g_strcmp0 (section, first_section) == 0)
        {
          guint j;

          for (j = 0; j < deltas->len; j++)
            if (strcmp (g_array_index (deltas, CardDelta, j).name, change->name) == 0)
              break;
          if (j == deltas->len)
            {
              CardDelta delta = { change->name, 0 };

              g_array_append_val (deltas, delta);
            }
          g_array_index (deltas, CardDelta, j).delta += sign * (int) MIN (change->count, G_MAXINT / 2);
          continue;
        }
      if (change->from_section != NULL &&
          !g_ptr_array_find_with_equal_func (sections, change->from_section, g_str_equal, NULL))
        g_ptr_array_add (sections, change->from_section);
      if (change->to_section != NULL &&
          !g_ptr_array_find_with_equal_func (sections, change->to_section, g_str_equal, NULL))
        g_ptr_array_add (sections, change->to_section);
    }

  /* What came in, then what went out, each by name. */
  g_array_sort (deltas, compare_deltas);
  for (guint j = 0; j < deltas->len; j++)
    {
      CardDelta *delta = &g_array_index (deltas, CardDelta, j);

      if (delta->delta == 0)
        continue;
      if (shown == SUMMARY_MAX_CARDS)
        {
          not_shown++;
          continue;
        }
      /* U+2212 MINUS SIGN, as a person writes it */
      g_ptr_array_add (parts, g_strdup_printf ("%s%d %s", delta->delta > 0 ? "+" : "\u2212",
                                               ABS (delta->delta), delta->name));
      shown++;
    }
  if (not_shown > 0)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u more card changed",
                                                          "%u more cards changed", not_shown),
                                             not_shown));
  for (guint i = 0; i < sections->len; i++)
    {
      const char *section = g_ptr_array_index (sections, i);
      g_autofree char *name = g_utf8_strdown (dw_section_display_name (game, section), -1);

      /* TRANSLATORS: a deck section's name, as in “regions changed” */
      g_ptr_array_add (parts, g_strdup_printf (_("%s changed"), name));
    }
  if (comparison->changes->len == 0 && !dw_deck_comparison_matches (comparison))
    g_ptr_array_add (parts, g_strdup (_("order changed")));
  if (g_strcmp0 (dw_deck_get_name (older), dw_deck_get_name (newer)) != 0)
    g_ptr_array_add (parts, g_strdup (_("name changed")));
  if (g_strcmp0 (dw_deck_get_format_id (older), dw_deck_get_format_id (newer)) != 0)
    g_ptr_array_add (parts, g_strdup (_("format changed")));
  if (!same_strv (dw_deck_get_tags (older), dw_deck_get_tags (newer)))
    g_ptr_array_add (parts, g_strdup (_("tags changed")));
  if (g_strcmp0 (dw_deck_get_cover_id (older), dw_deck_get_cover_id (newer)) != 0)
    g_ptr_array_add (parts, g_strdup (_("cover changed")));
  if (g_strcmp0 (dw_deck_get_notes (older), dw_deck_get_notes (newer)) != 0 ||
      g_strcmp0 (dw_deck_get_author (older), dw_deck_get_author (newer)) != 0)
    g_ptr_array_add (parts, g_strdup (_("notes changed")));

  if (parts->len == 0)
    return g_strdup (_("no change to the deck"));
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (", ", (char **) parts->pdata);
}

/* --- public ----------------------------------------------------------- */

const char *
dw_deck_version_get_id (DwDeckVersion *self)
{
  g_return_val_if_fail (DW_IS_DECK_VERSION (self), NULL);
  return self->id;
}

GDateTime *
dw_deck_version_get_time (DwDeckVersion *self)
{
  g_return_val_if_fail (DW_IS_DECK_VERSION (self), NULL);
  return self->time;
}

const char *
dw_deck_version_get_path (DwDeckVersion *self)
{
  g_return_val_if_fail (DW_IS_DECK_VERSION (self), NULL);
  return self->path;
}

const char *
dw_deck_version_get_summary (DwDeckVersion *self)
{
  g_return_val_if_fail (DW_IS_DECK_VERSION (self), NULL);
  return self->summary;
}

/* The store and the deck's identity in it, for reading. */
static Store *
open_for (const char  *path,
          gboolean     lock,
          Known      **known,
          GError     **error)
{
  g_autofree char *root = dw_deck_versions_find_root (path);
  g_autoptr(Store) store = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *hash = NULL;
  gsize length;

  if (root == NULL)
    {
      g_set_error (error, DW_DECK_VERSIONS_ERROR, DW_DECK_VERSIONS_ERROR_NOT_IN_LIBRARY,
                   _("%s: is in no deck library folder, so no versions are kept; move it into "
                     "one (deckwright --library lists them)"), path);
      return NULL;
    }
  store = store_open (root, lock, error);
  if (store == NULL)
    return NULL;
  if (g_file_get_contents (path, &contents, &length, NULL))
    hash = hash_contents (contents, length);
  *known = store_find (store, path, hash);
  return g_steal_pointer (&store);
}

GListModel *
dw_deck_versions_list (DwLibrary   *cards,
                       const char  *path,
                       GError     **error)
{
  g_autoptr(Store) store = NULL;
  g_autoptr(GPtrArray) stored = NULL;
  GListStore *list;
  Known *known = NULL;

  g_return_val_if_fail (DW_IS_LIBRARY (cards), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  store = open_for (path, FALSE, &known, error);
  if (store == NULL)
    return NULL;
  list = g_list_store_new (DW_TYPE_DECK_VERSION);
  if (known == NULL)
    return G_LIST_MODEL (list);

  stored = list_stored (store, known);
  for (guint i = 0; i < stored->len; i++)
    {
      Stored *one = g_ptr_array_index (stored, i);
      g_autoptr(DwDeckVersion) version = g_object_new (DW_TYPE_DECK_VERSION, NULL);
      const char *newer = i == 0 ? path : ((Stored *) g_ptr_array_index (stored, i - 1))->path;

      version->id = g_strdup (one->id);
      version->time = g_date_time_ref (one->time);
      version->path = g_strdup (one->path);
      version->summary = summarize (cards, one->path, newer);
      g_list_store_append (list, version);
    }
  return G_LIST_MODEL (list);
}

char *
dw_deck_versions_find_version (const char  *path,
                               const char  *version,
                               GError     **error)
{
  g_autoptr(GPtrArray) stored = NULL;
  char *end = NULL;
  guint64 position;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (version != NULL, NULL);

  {
    Known *known = NULL;
    g_autoptr(Store) store = open_for (path, FALSE, &known, error);

    if (store == NULL)
      return NULL;
    if (known != NULL)
      stored = list_stored (store, known);
  }
  if (stored == NULL || stored->len == 0)
    {
      g_set_error (error, DW_DECK_VERSIONS_ERROR, DW_DECK_VERSIONS_ERROR_NO_SUCH_VERSION,
                   _("%s: has no earlier versions"), path);
      return NULL;
    }

  position = g_ascii_strtoull (version, &end, 10);
  if (end != version && *end == '\0')
    {
      if (position >= 1 && position <= stored->len)
        return g_strdup (((Stored *) g_ptr_array_index (stored, position - 1))->path);
    }
  else
    for (guint i = 0; i < stored->len; i++)
      if (strcmp (((Stored *) g_ptr_array_index (stored, i))->id, version) == 0)
        return g_strdup (((Stored *) g_ptr_array_index (stored, i))->path);

  g_set_error (error, DW_DECK_VERSIONS_ERROR, DW_DECK_VERSIONS_ERROR_NO_SUCH_VERSION,
               _("%s: has no version “%s”; deckwright --history %s lists them"),
               path, version, path);
  return NULL;
}

gboolean
dw_deck_versions_restore (const char  *path,
                          const char  *version,
                          GError     **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *version_path = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (version != NULL, FALSE);

  version_path = dw_deck_versions_find_version (path, version, error);
  if (version_path == NULL)
    return FALSE;
  if (!g_file_get_contents (version_path, &contents, &length, error))
    return FALSE;
  /* Saved like any other save, so the current file becomes a version. */
  return dw_deck_versions_save_file (path, contents, (gssize) length, error);
}

static gboolean
move_tree (const char  *from,
           const char  *to,
           GError     **error)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (g_rename (from, to) == 0)
    return TRUE;
  if (errno != EXDEV && errno != EEXIST && errno != ENOTEMPTY)
    {
      int errsv = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errsv), "%s: %s", from,
                   g_strerror (errsv));
      return FALSE;
    }

  /* Another file system, or versions already there: file by file. */
  if (g_mkdir_with_parents (to, 0755) != 0)
    {
      int errsv = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errsv), "%s: %s", to,
                   g_strerror (errsv));
      return FALSE;
    }
  dir = g_dir_open (from, 0, error);
  if (dir == NULL)
    return FALSE;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *source = g_build_filename (from, name, NULL);
      g_autofree char *target = g_build_filename (to, name, NULL);
      g_autofree char *contents = NULL;
      gsize length;

      if (!g_file_get_contents (source, &contents, &length, error) ||
          !dw_save_file (target, contents, (gssize) length, DW_SAVE_REPLACE_LINKS | DW_SAVE_SYNC_NEW, error))
        return FALSE;
      g_unlink (source);
    }
  g_rmdir (from);
  return TRUE;
}

gboolean
dw_deck_versions_note_move (const char  *old_path,
                            const char  *new_path,
                            GError     **error)
{
  g_autofree char *old_root = dw_deck_versions_find_root (old_path);
  g_autofree char *new_root = dw_deck_versions_find_root (new_path);
  g_autoptr(Store) from = NULL;
  g_autoptr(Store) to = NULL;
  g_autofree char *relative = NULL;
  Known *known;

  g_return_val_if_fail (old_path != NULL && new_path != NULL, FALSE);

  if (old_root == NULL || new_root == NULL)
    return TRUE;  /* nothing to follow, or nowhere to keep it */

  /* Two stores are locked in one order, by path: two processes moving
   * decks between them in opposite directions never wait on each other. */
  if (strcmp (old_root, new_root) > 0)
    {
      to = store_open (new_root, TRUE, error);
      if (to == NULL)
        return FALSE;
    }
  from = store_open (old_root, TRUE, error);
  if (from == NULL)
    return FALSE;
  relative = relative_path (old_root, old_path);
  known = store_lookup_path (from, relative);
  if (known == NULL)
    return TRUE;

  if (strcmp (old_root, new_root) == 0)
    {
      g_free (known->path);
      known->path = relative_path (old_root, new_path);
      if (!store_write_index (from, error))
        return FALSE;
      store_note_hint (from, known);
      return TRUE;
    }

  if (to == NULL)
    to = store_open (new_root, TRUE, error);
  if (to == NULL)
    return FALSE;
  {
    g_autofree char *source = versions_dir (from, known);
    g_autofree char *target = g_build_filename (to->dir, known->id, NULL);
    Known *moved = g_new0 (Known, 1);
    guint position;

    if (g_mkdir_with_parents (to->dir, 0755) != 0 ||
        (g_file_test (source, G_FILE_TEST_IS_DIR) && !move_tree (source, target, error)))
      return FALSE;
    moved->id = g_strdup (known->id);
    moved->hash = g_strdup (known->hash);
    moved->path = relative_path (new_root, new_path);
    g_ptr_array_add (to->known, moved);
    if (!store_write_index (to, error))
      return FALSE;
    store_note_hint (to, moved);
    {
      g_autofree char *old_hint = hint_path (from, known->id);

      g_unlink (old_hint);
    }
    g_ptr_array_find (from->known, known, &position);
    g_ptr_array_remove_index (from->known, position);
    return store_write_index (from, error);
  }
}

guint
dw_deck_versions_prune (const char  *path,
                        GDateTime   *now,
                        GError     **error)
{
  g_autoptr(Store) store = NULL;
  g_autoptr(GDateTime) utc_now = NULL;
  Known *known = NULL;

  g_return_val_if_fail (path != NULL, 0);

  store = open_for (path, TRUE, &known, error);
  if (store == NULL || known == NULL)
    return 0;
  utc_now = now != NULL ? g_date_time_ref (now) : g_date_time_new_now_utc ();
  return prune_stored (store, known, utc_now);
}

GPtrArray *
dw_deck_versions_read_lines (const char  *root,
                             GError     **error)
{
  g_autoptr(Store) store = store_open (root, FALSE, error);

  if (store == NULL)
    return NULL;
  return g_steal_pointer (&store->known);
}

gboolean
dw_deck_versions_add_lines (const char  *root,
                            GPtrArray   *lines,
                            GError     **error)
{
  g_autoptr(Store) store = store_open (root, TRUE, error);

  if (store == NULL)
    return FALSE;
  for (guint i = 0; i < lines->len; i++)
    {
      Known *line = g_ptr_array_index (lines, i);
      Known *copy;
      gboolean taken = FALSE;

      for (guint j = 0; j < store->known->len && !taken; j++)
        taken = strcmp (((Known *) g_ptr_array_index (store->known, j))->id, line->id) == 0;
      if (taken)
        continue;
      copy = g_new0 (Known, 1);
      copy->id = g_strdup (line->id);
      copy->hash = g_strdup (line->hash);
      copy->path = g_strdup (line->path);
      g_ptr_array_add (store->known, copy);
    }
  return store_write_index (store, error);
}
