/* dw-deck-library-index.c — the deck library's index file
 *
 * What was read from every deck file, with the file's size and time, in
 * one file under $XDG_CACHE_HOME/deckwright/, so that a scan reads only
 * the decks that changed.  docs/library.md describes it.
 *
 * The file is read where it lies (mapped), without a copy or an
 * allocation per field: "DWDLIDX" and a NUL, the version (u32), the
 * stamp (a string), the number of records (u32), then the records.  A
 * record is its length (u32, what follows it) and the fields of
 * DwDeckLibraryRecord in order: strings as their length (u32), their
 * bytes and a NUL; numbers little-endian.  Every length is checked
 * against the file and every string is checked for its NUL and for
 * UTF-8: a file that fails any check is thrown away whole, as one of
 * another version is, and the next scan reads the decks again.
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

#define INDEX_MAGIC   "DWDLIDX"
#define INDEX_VERSION 4  /* 4: the cover is the deck's chosen one */

/* A file's time, in nanoseconds, as the index keeps it. */
gint64
deck_library_stat_mtime_ns (const struct stat *st)
{
  return (gint64) st->st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + st->st_mtim.tv_nsec;
}

/* Names in the order the index and the listing keep them: bytes. */
int
deck_library_compare_names (gconstpointer a,
                            gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

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

/* --- reading ---------------------------------------------------------- */

typedef struct
{
  const guint8 *p;
  const guint8 *end;
  gboolean      ok;
} Cursor;

static guint32
take_u32 (Cursor *c)
{
  guint32 value;

  if (!c->ok || (gsize) (c->end - c->p) < sizeof value)
    {
      c->ok = FALSE;
      return 0;
    }
  memcpy (&value, c->p, sizeof value);
  c->p += sizeof value;
  return GUINT32_FROM_LE (value);
}

static guint64
take_u64 (Cursor *c)
{
  guint64 value;

  if (!c->ok || (gsize) (c->end - c->p) < sizeof value)
    {
      c->ok = FALSE;
      return 0;
    }
  memcpy (&value, c->p, sizeof value);
  c->p += sizeof value;
  return GUINT64_FROM_LE (value);
}

/* Whether @length bytes of @text are UTF-8 without a NUL: eight bytes at
 * a time while they are ASCII (most of an index is), the rest by GLib. */
static gboolean
text_is_valid (const char *text,
               gsize       length)
{
  const guint64 high = G_GUINT64_CONSTANT (0x8080808080808080);
  const guint64 ones = G_GUINT64_CONSTANT (0x0101010101010101);
  gsize i = 0;

  for (; i + sizeof (guint64) <= length; i += sizeof (guint64))
    {
      guint64 word;

      memcpy (&word, text + i, sizeof word);
      /* A byte with its high bit set, or a zero byte (the classic test:
       * it can be fooled only where a high bit is set anyway). */
      if ((word & high) != 0 || ((word - ones) & ~word & high) != 0)
        break;
    }
  text += i;
  length -= i;
  return memchr (text, '\0', length) == NULL && g_utf8_validate (text, length, NULL);
}

static const char *
take_string (Cursor *c)
{
  guint32 length = take_u32 (c);
  const char *text = (const char *) c->p;

  if (!c->ok || (gsize) (c->end - c->p) <= length || c->p[length] != '\0' ||
      !text_is_valid (text, length))
    {
      c->ok = FALSE;
      return "";
    }
  c->p += length + 1;
  return text;
}

static gboolean
take_record (Cursor              *c,
             DwDeckLibraryRecord *record)
{
  guint32 length = take_u32 (c);
  Cursor inner;

  if (!c->ok || (gsize) (c->end - c->p) < length)
    return c->ok = FALSE;
  inner.p = c->p;
  inner.end = c->p + length;
  inner.ok = TRUE;
  record->data = c->p - sizeof (guint32);
  record->length = length + sizeof (guint32);
  record->path = take_string (&inner);
  record->size = take_u64 (&inner);
  record->mtime_ns = (gint64) take_u64 (&inner);
  record->name = take_string (&inner);
  record->notes = take_string (&inner);
  record->game_id = take_string (&inner);
  record->format_id = take_string (&inner);
  record->kind = take_string (&inner);
  record->verdict = take_u32 (&inner);
  record->n_errors = take_u32 (&inner);
  record->n_warnings = take_u32 (&inner);
  record->n_copies = take_u64 (&inner);
  record->factions = take_string (&inner);
  record->tags = take_string (&inner);
  record->cover_id = take_string (&inner);
  record->message = take_string (&inner);
  record->cards = take_string (&inner);
  c->p += length;
  /* A record is its fields exactly: none missing, nothing after them. */
  return c->ok = inner.ok && inner.p == inner.end;
}

/* The index as last written: its records by path.  Not usable (and
 * empty) when it is missing, damaged, of another version or for other
 * card data. */
DeckLibraryIndex *
deck_library_index_load (const char *index_path,
                         const char *stamp)
{
  DeckLibraryIndex *index = g_new0 (DeckLibraryIndex, 1);
  Cursor c;
  guint32 n;

  index->mapped = g_mapped_file_new (index_path, FALSE, NULL);
  if (index->mapped == NULL)
    return index;
  c.p = (const guint8 *) g_mapped_file_get_contents (index->mapped);
  /* An empty file maps to no address at all: nothing to add a length
   * to (found by fuzz-deck-index). */
  if (c.p == NULL)
    return index;
  c.end = c.p + g_mapped_file_get_length (index->mapped);
  c.ok = (gsize) (c.end - c.p) >= sizeof INDEX_MAGIC && memcmp (c.p, INDEX_MAGIC, sizeof INDEX_MAGIC) == 0;
  if (c.ok)
    c.p += sizeof INDEX_MAGIC;
  if (take_u32 (&c) != INDEX_VERSION || strcmp (take_string (&c), stamp) != 0)
    return index;
  n = take_u32 (&c);
  /* Each record takes far more than 16 bytes: a count past that is damage. */
  if (!c.ok || n > (gsize) (c.end - c.p) / 16)
    return index;

  index->records = g_new (DwDeckLibraryRecord, MAX (n, 1));
  for (guint32 i = 0; i < n; i++)
    if (!take_record (&c, &index->records[i]))
      return index;
  if (c.p != c.end)
    return index;
  index->n_records = n;
  index->usable = TRUE;
  return index;
}

/* The record of @path, or NULL.  A scan asks in the order of its
 * listing, which is the order the index was written in when the roots
 * are the same: the record after the last one found is tried first, and
 * the table by path is made only when that guess misses (10,000 paths
 * hashed and inserted, then 10,000 looked up, were a tenth of a warm
 * --find). */
const DwDeckLibraryRecord *
deck_library_index_lookup (DeckLibraryIndex *index,
                           const char       *path)
{
  const DwDeckLibraryRecord *record;

  if (index->next < index->n_records && strcmp (index->records[index->next].path, path) == 0)
    return &index->records[index->next++];
  if (index->n_records == 0)
    return NULL;
  if (index->known == NULL)
    {
      index->known = g_hash_table_new (g_str_hash, g_str_equal);
      /* Backwards, so that of two records of one path (a damaged index)
       * the table keeps the first, as the guess finds it. */
      for (guint i = index->n_records; i-- > 0;)
        g_hash_table_insert (index->known, (gpointer) index->records[i].path, &index->records[i]);
    }
  record = g_hash_table_lookup (index->known, path);
  if (record != NULL)
    index->next = (guint) (record - index->records) + 1;
  return record;
}

void
deck_library_index_free (DeckLibraryIndex *index)
{
  g_clear_pointer (&index->known, g_hash_table_unref);
  g_free (index->records);
  g_clear_pointer (&index->mapped, g_mapped_file_unref);
  g_free (index);
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

/* --- writing ---------------------------------------------------------- */

static void
put_u32 (GByteArray *out,
         guint32     value)
{
  guint32 le = GUINT32_TO_LE (value);

  g_byte_array_append (out, (const guint8 *) &le, sizeof le);
}

/* Writes every entry of @entries, and the records of the old index under
 * none of @roots (another library's decks), atomically. */
void
deck_library_index_write (const char         *index_path,
                          const char         *stamp,
                          GPtrArray          *entries,
                          DeckLibraryIndex   *old,
                          const char * const *roots)
{
  g_autoptr(GByteArray) out = g_byte_array_sized_new (256 * (entries->len + 1));
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (index_path);
  guint32 n = 0;
  guint32 n_le;
  guint count_at;

  g_byte_array_append (out, (const guint8 *) INDEX_MAGIC, sizeof INDEX_MAGIC);
  put_u32 (out, INDEX_VERSION);
  put_u32 (out, (guint32) strlen (stamp));
  g_byte_array_append (out, (const guint8 *) stamp, (guint) strlen (stamp) + 1);
  count_at = out->len;
  put_u32 (out, 0);  /* the count, known at the end */

  for (guint i = 0; i < entries->len; i++, n++)
    dw_deck_library_entry_write_record (g_ptr_array_index (entries, i), out);

  for (guint i = 0; old != NULL && i < old->n_records; i++)
    {
      const DwDeckLibraryRecord *record = &old->records[i];
      gboolean mine = FALSE;

      for (guint r = 0; roots[r] != NULL && !mine; r++)
        mine = deck_library_path_is_under (record->path, roots[r]);
      if (!mine)
        {
          g_byte_array_append (out, record->data, (guint) record->length);
          n++;
        }
    }
  n_le = GUINT32_TO_LE (n);
  memcpy (out->data + count_at, &n_le, sizeof n_le);

  if (g_mkdir_with_parents (dir, 0700) != 0 ||
      !dw_save_file (index_path, (const char *) out->data, (gssize) out->len, DW_SAVE_REPLACE_LINKS, &error))
    /* Only a cost: the next run reads the decks again. */
    g_debug ("the deck library's index was not written: %s", error ? error->message : g_strerror (errno));
}
