/* dw-deck-library-entry.c — one deck file of the library, as read or as the index remembers it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-card.h"
#include "dw-deck-library-private.h"
#include "dw-import.h"

/* Factions and tags are joined by UNIT_SEP; the cards are
 * "id UNIT name UNIT count RECORD"…, which reads back far faster than an
 * array of tuples, and no deck text holds those control characters (the
 * readers refuse them). */
#define UNIT_SEP   '\x1f'
#define RECORD_SEP '\x1e'

G_DEFINE_FINAL_TYPE (DwDeckLibraryEntry, dw_deck_library_entry, G_TYPE_OBJECT)

/* --- entries ---------------------------------------------------------- */

static void
dw_deck_library_entry_finalize (GObject *object)
{
  DwDeckLibraryEntry *self = DW_DECK_LIBRARY_ENTRY (object);

  if (self->block != NULL)
    g_free (self->block);  /* every string below, from the index */
  else
    {
      g_free (self->path);
      g_free (self->folder);
      g_free (self->root);
      g_free (self->name);
      g_free (self->notes);
      g_free (self->game_id);
      g_free (self->format_id);
      g_free (self->kind);
      g_strfreev (self->factions);
      g_strfreev (self->tags);
      g_free (self->cover_id);
      g_free (self->raw_cards);
    }
  g_strfreev (self->tag_keys);
  g_clear_error (&self->error);
  g_free (self->cards);
  g_free (self->card_keys);
  g_free (self->card_text);
  if (self->strings != NULL)
    g_string_chunk_free (self->strings);
  g_free (self->text_key);

  G_OBJECT_CLASS (dw_deck_library_entry_parent_class)->finalize (object);
}

static void
dw_deck_library_entry_class_init (DwDeckLibraryEntryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dw_deck_library_entry_finalize;
}

static void
dw_deck_library_entry_init (DwDeckLibraryEntry *self)
{
}

static char *
name_from_path (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  char *dot = strrchr (base, '.');

  if (dot != NULL && dot != base)
    *dot = '\0';
  return g_steal_pointer (&base);
}


/* The cards' ids, names and name keys are the entry's own, in one
 * string chunk freed with it (one chunk per entry: no table shared by
 * every library of the process, which would only grow). */
static const char *
entry_string (DwDeckLibraryEntry *self,
              const char         *text)
{
  if (text == NULL)
    return NULL;
  if (self->strings == NULL)
    self->strings = g_string_chunk_new (512);
  return g_string_chunk_insert_const (self->strings, text);
}

static void
entry_fill_defaults (DwDeckLibraryEntry *self)
{
  if (self->tags == NULL)
    self->tags = g_new0 (char *, 1);
  if (self->factions == NULL)
    self->factions = g_new0 (char *, 1);
}

static DwDeckLibraryEntry *
entry_new (const char *path,
           const char *root,
           guint64     size,
           gint64      mtime_ns)
{
  DwDeckLibraryEntry *self = g_object_new (DW_TYPE_DECK_LIBRARY_ENTRY, NULL);

  self->path = g_strdup (path);
  self->folder = g_path_get_dirname (path);
  self->root = g_strdup (root);
  self->size = size;
  self->mtime_ns = mtime_ns;
  return self;
}

static DwDeckLibraryEntry *
entry_new_unreadable (const char *path,
                      const char *root,
                      guint64     size,
                      gint64      mtime_ns,
                      GError     *error)
{
  DwDeckLibraryEntry *self = entry_new (path, root, size, mtime_ns);

  self->verdict = DW_DECK_VERDICT_UNREADABLE;
  self->name = name_from_path (path);
  self->error = error;
  entry_fill_defaults (self);
  return self;
}

typedef struct
{
  DwDeckLibraryEntry *entry;
  GHashTable         *index;   /* "id\nname" → position in cards */
  GArray             *cards;   /* DwDeckLibraryCard */
  GPtrArray          *factions;
  const char         *faction_property;
} Gather;

static void
gather_entry (gpointer data,
              gpointer user_data)
{
  DwDeckEntry *deck_entry = data;
  Gather *gather = user_data;
  const char *section = dw_deck_entry_get_section (deck_entry);
  DwCard *card = dw_deck_entry_get_card (deck_entry);
  const char *id = dw_deck_entry_get_id (deck_entry);
  const char *name = dw_deck_entry_get_display_name (deck_entry);
  g_autofree char *key = NULL;
  gpointer position;

  if (dw_section_is_considering (section))
    return;
  if (card != NULL)
    id = dw_card_get_id (card);
  if (name == NULL)
    name = id != NULL ? id : "";

  key = g_strconcat (id ? id : "", "\n", name, NULL);
  if (g_hash_table_lookup_extended (gather->index, key, NULL, &position))
    {
      DwDeckLibraryCard *known = &g_array_index (gather->cards, DwDeckLibraryCard,
                                                 GPOINTER_TO_UINT (position));

      known->count = (guint) MIN ((guint64) known->count + dw_deck_entry_get_count (deck_entry),
                                  G_MAXUINT);
    }
  else
    {
      DwDeckLibraryCard added = {
        entry_string (gather->entry, id),
        entry_string (gather->entry, name),
        dw_deck_entry_get_count (deck_entry),
      };

      g_hash_table_insert (gather->index, g_steal_pointer (&key),
                           GUINT_TO_POINTER (gather->cards->len));
      g_array_append_val (gather->cards, added);
    }

  if (card != NULL && dw_card_is_token (card))
    return;
  gather->entry->n_copies += dw_deck_entry_get_count (deck_entry);
  if (gather->entry->cover_id == NULL && id != NULL)
    gather->entry->cover_id = g_strdup (id);
  if (card != NULL && gather->faction_property != NULL)
    {
      const char *faction = dw_card_get_value (card, gather->faction_property);

      if (faction != NULL && *faction != '\0' &&
          !g_ptr_array_find_with_equal_func (gather->factions, faction, g_str_equal, NULL))
        g_ptr_array_add (gather->factions, g_strdup (faction));
    }
}

/* Reads one deck file (any format) and judges it. */
DwDeckLibraryEntry *
dw_deck_library_entry_read (DwLibrary  *cards,
            const char *path,
            const char *root,
            guint64     size,
            gint64      mtime_ns)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(DwDeckLibraryEntry) self = NULL;
  g_autoptr(GHashTable) index = NULL;
  g_autoptr(GArray) found = NULL;
  g_autoptr(GPtrArray) factions = NULL;
  DwImportKind kind;
  DwFormat *format;
  DwGame *game;
  gsize length;
  Gather gather;

  if (!g_file_get_contents (path, &data, &length, &error))
    {
      if (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_LOOP))
        return entry_new_unreadable (path, root, size, mtime_ns,
                                     g_error_new (DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_LOOP,
                                                  _("%s: symbolic links lead to each other in a loop, "
                                                    "not to a deck file: remove or correct the link"),
                                                  path));
      return entry_new_unreadable (path, root, size, mtime_ns,
                                   g_error_new (DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_UNREADABLE,
                                                "%s", error->message));
    }

  kind = dw_import_sniff (path, data, length);
  deck = dw_import_deck_data (cards, data, length, path, kind, NULL, NULL, &error);
  if (deck == NULL)
    return entry_new_unreadable (path, root, size, mtime_ns, g_steal_pointer (&error));

  game = dw_library_lookup_game (cards, dw_deck_get_game_id (deck));
  format = dw_library_format_for_deck (cards, deck, NULL, &error);
  if (game == NULL || format == NULL)
    {
      if (error == NULL)
        g_set_error (&error, DW_LIBRARY_ERROR, DW_LIBRARY_ERROR_UNKNOWN_GAME,
                     _("the deck is for the game “%s”, which Deckwright does not know"),
                     dw_deck_get_game_id (deck));
      return entry_new_unreadable (path, root, size, mtime_ns,
                                   g_error_new (error->domain, error->code, "%s: %s",
                                                path, error->message));
    }

  self = entry_new (path, root, size, mtime_ns);
  self->kind = g_strdup (dw_import_kind_to_string (kind));
  self->name = g_strdup (dw_deck_get_name (deck));
  if (self->name == NULL || *self->name == '\0')
    {
      g_free (self->name);
      self->name = name_from_path (path);
    }
  self->notes = g_strdup (dw_deck_get_notes (deck));
  self->game_id = g_strdup (dw_game_get_id (game));
  self->format_id = g_strdup (dw_format_get_id (format));
  self->tags = g_strdupv ((char **) dw_deck_get_tags (deck));

  index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  found = g_array_new (FALSE, FALSE, sizeof (DwDeckLibraryCard));
  factions = g_ptr_array_new_null_terminated (0, g_free, TRUE);
  gather.entry = self;
  gather.index = index;
  gather.cards = found;
  gather.factions = factions;
  gather.faction_property = dw_game_lookup_property (game, "faction") ? "faction" : NULL;
  dw_deck_foreach_entry (deck, gather_entry, &gather);
  self->n_cards = found->len;
  self->cards = (DwDeckLibraryCard *) (gpointer) g_array_free (g_steal_pointer (&found), FALSE);
  /* The cover the deck chose, when it holds that card; else (an id it
   * does not hold, a card no database knows) its first counted card. */
  if (dw_deck_get_cover_id (deck) != NULL)
    for (guint i = 0; i < self->n_cards; i++)
      if (g_strcmp0 (self->cards[i].id, dw_deck_get_cover_id (deck)) == 0)
        {
          g_free (self->cover_id);
          self->cover_id = g_strdup (self->cards[i].id);
          break;
        }
  self->factions = (char **) g_ptr_array_free (g_steal_pointer (&factions), FALSE);

  problems = dw_library_validate_deck (cards, deck, format);
  for (guint i = 0; i < problems->len; i++)
    {
      if (dw_problem_get_severity (g_ptr_array_index (problems, i)) == DW_SEVERITY_ERROR)
        self->n_errors++;
      else
        self->n_warnings++;
    }
  self->verdict = self->n_errors > 0 ? DW_DECK_VERDICT_ILLEGAL : DW_DECK_VERDICT_LEGAL;

  entry_fill_defaults (self);
  return g_steal_pointer (&self);
}

static char *
join_units (char **values)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; values != NULL && values[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append_c (out, UNIT_SEP);
      g_string_append (out, values[i]);
    }
  return g_string_free (out, FALSE);
}

/* The index file's record of a deck (dw-deck-library-index.c describes
 * it): numbers little-endian, strings as their length, bytes and a NUL. */
static void
put_u32 (GByteArray *out,
         guint32     value)
{
  guint32 le = GUINT32_TO_LE (value);

  g_byte_array_append (out, (const guint8 *) &le, sizeof le);
}

static void
put_u64 (GByteArray *out,
         guint64     value)
{
  guint64 le = GUINT64_TO_LE (value);

  g_byte_array_append (out, (const guint8 *) &le, sizeof le);
}

static void
put_string (GByteArray *out,
            const char *text)
{
  gsize length = text != NULL ? strlen (text) : 0;

  put_u32 (out, (guint32) length);
  if (length > 0)
    g_byte_array_append (out, (const guint8 *) text, (guint) length);
  g_byte_array_append (out, (const guint8 *) "", 1);
}

void
dw_deck_library_entry_write_record (DwDeckLibraryEntry *self,
                                    GByteArray         *out)
{
  g_autofree char *factions = join_units (self->factions);
  g_autofree char *tags = join_units (self->tags);
  g_autoptr(GString) cards = g_string_new (NULL);
  guint start;
  guint32 length;

  if (self->raw_cards != NULL)
    g_string_append (cards, self->raw_cards);
  for (guint i = 0; i < self->n_cards; i++)
    g_string_append_printf (cards, "%s%c%s%c%u%c", self->cards[i].id ? self->cards[i].id : "", UNIT_SEP,
                            self->cards[i].name, UNIT_SEP, self->cards[i].count, RECORD_SEP);

  start = out->len;
  put_u32 (out, 0);  /* the length, known at the end */
  put_string (out, self->path);
  put_u64 (out, self->size);
  put_u64 (out, (guint64) self->mtime_ns);
  put_string (out, self->name);
  put_string (out, self->notes);
  put_string (out, self->game_id);
  put_string (out, self->format_id);
  put_string (out, self->kind);
  put_u32 (out, (guint32) self->verdict);
  put_u32 (out, self->n_errors);
  put_u32 (out, self->n_warnings);
  put_u64 (out, self->n_copies);
  put_string (out, factions);
  put_string (out, tags);
  put_string (out, self->cover_id);
  put_string (out, self->error ? self->error->message : NULL);
  put_string (out, cards->str);
  length = GUINT32_TO_LE ((guint32) (out->len - start - sizeof (guint32)));
  memcpy (out->data + start, &length, sizeof length);
}

/* How an entry from the index holds its strings: all of them, with the
 * arrays of factions and tags, in one block (entry->block), so that
 * 10,000 decks from the index cost 10,000 allocations, not 150,000, and
 * are freed as cheaply.  Laid out in two passes over the same code: the
 * first (block NULL) only counts. */
typedef struct
{
  char  *block;
  gsize  used;
} Block;

static char *
block_put (Block      *b,
           const char *text,
           gsize       length)
{
  char *at = b->block != NULL ? b->block + b->used : NULL;

  if (at != NULL)
    {
      memcpy (at, text, length);
      at[length] = '\0';
    }
  b->used += length + 1;
  return at;
}

static char *
block_put_nonempty (Block      *b,
                    const char *text)
{
  return *text != '\0' ? block_put (b, text, strlen (text)) : NULL;
}

/* The pieces of @text between UNIT_SEP, as a NULL-terminated array in
 * the block; an empty @text is an empty array. */
static char **
block_put_units (Block      *b,
                 const char *text)
{
  gsize n = *text != '\0' ? 1 : 0;
  char **units;

  for (const char *p = text; *p != '\0'; p++)
    n += *p == UNIT_SEP;
  /* The array first, aligned for pointers. */
  b->used = (b->used + sizeof (char *) - 1) & ~(sizeof (char *) - 1);
  units = b->block != NULL ? (char **) (gpointer) (b->block + b->used) : NULL;
  b->used += (n + 1) * sizeof (char *);
  for (gsize i = 0; i < n; i++)
    {
      const char *end = strchr (text, UNIT_SEP);
      gsize length = end != NULL ? (gsize) (end - text) : strlen (text);
      char *unit = block_put (b, text, length);

      if (units != NULL)
        units[i] = unit;
      text += length + (end != NULL);
    }
  if (units != NULL)
    units[n] = NULL;
  return units;
}

/* g_path_get_dirname()'s answer for a path without "." or "..", as the
 * listing builds them: its length in @path, or -1 for ".". */
static gssize
dirname_length (const char *path)
{
  const char *slash = strrchr (path, G_DIR_SEPARATOR);

  if (slash == NULL)
    return -1;
  while (slash > path && slash[-1] == G_DIR_SEPARATOR)
    slash--;
  return slash == path ? 1 : (gssize) (slash - path);
}

static void
entry_fill_from_record (DwDeckLibraryEntry        *self,
                        Block                     *b,
                        const DwDeckLibraryRecord *record,
                        const char                *root)
{
  gsize path_length = strlen (record->path);
  gssize folder_length = dirname_length (record->path);

  /* The arrays first: they want the block's alignment. */
  self->factions = block_put_units (b, record->factions);
  self->tags = block_put_units (b, record->tags);
  self->path = block_put (b, record->path, path_length);
  self->folder = folder_length < 0 ? block_put (b, ".", 1) : block_put (b, record->path, (gsize) folder_length);
  self->root = block_put (b, root, strlen (root));
  self->name = block_put (b, record->name, strlen (record->name));
  self->notes = block_put_nonempty (b, record->notes);
  self->game_id = block_put_nonempty (b, record->game_id);
  self->format_id = block_put_nonempty (b, record->format_id);
  self->kind = block_put_nonempty (b, record->kind);
  self->cover_id = block_put_nonempty (b, record->cover_id);
  /* Most uses never look at the cards (a listing, a search by name or
   * tag): they are parsed on first use. */
  self->raw_cards = block_put_nonempty (b, record->cards);
}

DwDeckLibraryEntry *
dw_deck_library_entry_from_record (const DwDeckLibraryRecord *record,
                                   const char                *root)
{
  DwDeckLibraryEntry *self = g_object_new (DW_TYPE_DECK_LIBRARY_ENTRY, NULL);
  Block b = { NULL, 0 };

  entry_fill_from_record (self, &b, record, root);
  b.block = g_malloc (b.used);
  b.used = 0;
  entry_fill_from_record (self, &b, record, root);
  self->block = b.block;

  self->size = record->size;
  self->mtime_ns = record->mtime_ns;
  self->verdict = record->verdict <= DW_DECK_VERDICT_UNREADABLE ? record->verdict : DW_DECK_VERDICT_UNREADABLE;
  self->n_errors = record->n_errors;
  self->n_warnings = record->n_warnings;
  self->n_copies = record->n_copies;
  if (*record->message != '\0' || self->verdict == DW_DECK_VERDICT_UNREADABLE)
    self->error = g_error_new_literal (DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_UNREADABLE,
                                       record->message);
  return self;
}

/* The cards from the index's text, once: counted first, so that the
 * array is made once, and parsed where they are (the separators become
 * NULs), so that no string of them is copied. */
static void
entry_ensure_cards (DwDeckLibraryEntry *self)
{
  /* In the entry's block when it came from the index, else its own,
   * kept as long as the entry. */
  char *raw = g_steal_pointer (&self->raw_cards);
  DwDeckLibraryCard *cards;
  guint n = 0;

  if (raw == NULL)
    return;
  if (self->block == NULL)
    self->card_text = raw;
  for (const char *p = raw; (p = strchr (p, RECORD_SEP)) != NULL; p++)
    n++;
  cards = g_new (DwDeckLibraryCard, MAX (n, 1));
  n = 0;
  for (char *p = raw; *p != '\0';)
    {
      char *id_end = strchr (p, UNIT_SEP);
      char *name_end = id_end ? strchr (id_end + 1, UNIT_SEP) : NULL;
      char *record_end = name_end ? strchr (name_end + 1, RECORD_SEP) : NULL;
      DwDeckLibraryCard *card = &cards[n];

      if (record_end == NULL)
        break;  /* damaged: the cards read so far */
      *id_end = '\0';
      *name_end = '\0';
      *record_end = '\0';
      card->id = id_end > p ? p : NULL;
      card->name = id_end + 1;
      card->count = (guint) g_ascii_strtoull (name_end + 1, NULL, 10);
      n++;
      p = record_end + 1;
    }
  self->n_cards = n;
  self->cards = cards;
}

/* Whether @key (dw_card_name_key()) can be the key of one of the cards
 * without parsing them: an ASCII name's key is the name in lower case
 * (dw-card.c), so a deck whose cards, as the index keeps them, are all
 * ASCII and do not hold @key in any case holds no such card.  Cards
 * already parsed, a key or a card name beyond ASCII: perhaps. */
gboolean
dw_deck_library_entry_may_hold_card_key (DwDeckLibraryEntry *self,
                                         const char         *key)
{
  gsize key_length = strlen (key);

  if (self->raw_cards == NULL)
    return self->n_cards > 0;
  for (const char *k = key; *k != '\0'; k++)
    if ((guchar) *k >= 0x80)
      return TRUE;
  for (const char *p = self->raw_cards; *p != '\0'; p++)
    {
      /* g_ascii_tolower() is a call per byte; this is the same fold, inline. */
      char folded = *p >= 'A' && *p <= 'Z' ? (char) (*p - 'A' + 'a') : *p;

      if ((guchar) *p >= 0x80)
        return TRUE;
      if (folded == key[0] && g_ascii_strncasecmp (p, key, key_length) == 0)
        return TRUE;
    }
  return key_length == 0;
}

/* --- public: entries -------------------------------------------------- */

const char *
dw_deck_library_entry_get_path (DwDeckLibraryEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (self), NULL);
  return self->path;
}

const char *
dw_deck_library_entry_get_folder (DwDeckLibraryEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (self), NULL);
  return self->folder;
}

const char *
dw_deck_library_entry_get_root (DwDeckLibraryEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (self), NULL);
  return self->root;
}

const char *
dw_deck_library_entry_get_name (DwDeckLibraryEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (self), NULL);
  return self->name;
}

const char *
dw_deck_library_entry_get_notes (DwDeckLibraryEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (self), NULL);
  return self->notes;
}

const char *
dw_deck_library_entry_get_game_id (DwDeckLibraryEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (self), NULL);
  return self->game_id;
}

const char *
dw_deck_library_entry_get_format_id (DwDeckLibraryEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (self), NULL);
  return self->format_id;
}

const char *
dw_deck_library_entry_get_kind (DwDeckLibraryEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (self), NULL);
  return self->kind;
}

DwDeckVerdict
dw_deck_library_entry_get_verdict (DwDeckLibraryEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (self), DW_DECK_VERDICT_UNREADABLE);
  return self->verdict;
}

guint
dw_deck_library_entry_get_n_errors (DwDeckLibraryEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (self), 0);
  return self->n_errors;
}

guint
dw_deck_library_entry_get_n_warnings (DwDeckLibraryEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (self), 0);
  return self->n_warnings;
}

guint64
dw_deck_library_entry_get_n_cards (DwDeckLibraryEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (self), 0);
  return self->n_copies;
}

const char * const *
dw_deck_library_entry_get_factions (DwDeckLibraryEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (self), NULL);
  return (const char * const *) self->factions;
}

const char * const *
dw_deck_library_entry_get_tags (DwDeckLibraryEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (self), NULL);
  return (const char * const *) self->tags;
}

const char *
dw_deck_library_entry_get_cover_id (DwDeckLibraryEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (self), NULL);
  return self->cover_id;
}

gint64
dw_deck_library_entry_get_mtime (DwDeckLibraryEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (self), 0);
  return self->mtime_ns < 0 ? 0 : self->mtime_ns / G_GINT64_CONSTANT (1000000000);
}

guint64
dw_deck_library_entry_get_size (DwDeckLibraryEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (self), 0);
  return self->size;
}

const GError *
dw_deck_library_entry_get_error (DwDeckLibraryEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (self), NULL);
  return self->error;
}

const DwDeckLibraryCard *
dw_deck_library_entry_get_cards (DwDeckLibraryEntry *self,
                                 guint              *n_cards)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (self), NULL);
  if (n_cards != NULL)
    {
      entry_ensure_cards (self);
      *n_cards = self->n_cards;
    }
  entry_ensure_cards (self);
  return self->cards;
}

guint
dw_deck_library_entry_count_card (DwDeckLibraryEntry *self,
                                  const char         *id,
                                  const char         *name)
{
  g_autofree char *key = NULL;
  guint64 total = 0;

  g_return_val_if_fail (DW_IS_DECK_LIBRARY_ENTRY (self), 0);

  if (id == NULL && name != NULL)
    key = dw_card_name_key (name);
  entry_ensure_cards (self);
  for (guint i = 0; i < self->n_cards; i++)
    if (id != NULL ? g_strcmp0 (self->cards[i].id, id) == 0
                   : (key != NULL && strcmp (dw_deck_library_entry_get_card_keys (self)[i], key) == 0))
      total += self->cards[i].count;
  return (guint) MIN (total, G_MAXUINT);
}

const char *
dw_deck_library_entry_get_text_key (DwDeckLibraryEntry *self)
{
  if (self->text_key == NULL)
    {
      g_autofree char *name_key = dw_card_fold_text (self->name ? self->name : "");
      g_autofree char *notes_key = dw_card_fold_text (self->notes ? self->notes : "");

      self->text_key = g_strconcat (name_key, "\n", notes_key, NULL);
    }
  return self->text_key;
}

const char * const *
dw_deck_library_entry_get_tag_keys (DwDeckLibraryEntry *self)
{
  if (self->tag_keys == NULL)
    {
      guint n_tags = g_strv_length (self->tags);

      self->tag_keys = g_new0 (char *, n_tags + 1);
      for (guint i = 0; i < n_tags; i++)
        self->tag_keys[i] = dw_card_fold_text (self->tags[i]);
    }
  return (const char * const *) self->tag_keys;
}

void
deck_library_entry_prepare_search (DwDeckLibraryEntry *self)
{
  dw_deck_library_entry_get_text_key (self);
  dw_deck_library_entry_get_tag_keys (self);
  entry_ensure_cards (self);
}

const char * const *
dw_deck_library_entry_get_card_keys (DwDeckLibraryEntry *self)
{
  entry_ensure_cards (self);
  if (self->card_keys == NULL)
    {
      self->card_keys = g_new0 (const char *, self->n_cards + 1);
      for (guint i = 0; i < self->n_cards; i++)
        {
          const char *name = self->cards[i].name;
          gsize length = 0;
          gboolean ascii = TRUE;
          char *key;

          for (; name[length] != '\0'; length++)
            ascii &= (guchar) name[length] < 0x80;
          /* dw_card_name_key()'s answer for most names, without its
           * allocation: an ASCII name without space at either end is its
           * own key in lower case. */
          if (ascii && length > 0 && !g_ascii_isspace (name[0]) && !g_ascii_isspace (name[length - 1]))
            {
              if (self->strings == NULL)
                self->strings = g_string_chunk_new (512);
              key = g_string_chunk_insert_len (self->strings, name, (gssize) length);
              for (gsize j = 0; j < length; j++)
                key[j] = g_ascii_tolower (key[j]);
            }
          else
            {
              g_autofree char *made = dw_card_name_key (name);

              key = (char *) entry_string (self, made);
            }
          self->card_keys[i] = key;
        }
    }
  return self->card_keys;
}
