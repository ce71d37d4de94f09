/* dw-deck-library.c — every deck the player owns: folders of deck files and their index
 *
 * A scan walks the roots (dw-deck-library-scan.c's job is done here in
 * three steps: list, read what the index does not know, apply), and
 * keeps the result in a GPtrArray sorted by path that the GListModel
 * interface shows.  docs/library.md describes the index file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "dw-card.h"
#include "dw-deck-library-private.h"
#include "dw-deck-versions.h"
#include "dw-import.h"
#include "dw-save.h"

#define INDEX_NAME    "deck-library.index"
#define INDEX_VERSION 2
/* path, size, mtime (ns), name, notes, game, format, kind, verdict,
 * errors, warnings, cards, factions, tags, cover, error message,
 * cards: factions and tags joined by UNIT_SEP; the cards as
 * "id UNIT name UNIT count RECORD"…, which reads back far faster than an
 * array of tuples, and no deck text holds those control characters (the
 * readers refuse them). */
#define UNIT_SEP   '\x1f'
#define RECORD_SEP '\x1e'
#define ENTRY_TYPE    "(stxsssssuuutsssss)"
#define INDEX_TYPE    "(usa" ENTRY_TYPE ")"

/* The extensions a deck file may have; anything else in a folder is not
 * the library's business (pictures, notes, backups). */
static const char * const deck_extensions[] = { "xml", "txt", "text", "dek", "csv", "cod", "json", NULL };

struct _DwDeckLibraryEntry
{
  GObject             parent_instance;

  char               *path;
  char               *folder;
  char               *root;
  char               *name;
  char               *notes;
  char               *game_id;
  char               *format_id;
  char               *kind;
  DwDeckVerdict       verdict;
  guint               n_errors;
  guint               n_warnings;
  guint64             n_copies;
  char              **factions;
  char              **tags;
  char              **tag_keys;
  char               *cover_id;
  gint64              mtime_ns;
  guint64             size;
  GError             *error;
  DwDeckLibraryCard  *cards;
  guint               n_cards;
  const char        **card_keys; /* made when a query first needs them */
  char               *text_key;
};

struct _DwDeckLibraryFolder
{
  GObject   parent_instance;

  char     *path;
  char     *parent;
  char     *root;
  GError   *error;
};

struct _DwDeckLibrary
{
  GObject       parent_instance;

  DwLibrary    *cards;
  char         *index_path;
  char        **roots;
  GPtrArray    *entries;      /* DwDeckLibraryEntry, by path */
  GHashTable   *by_path;      /* path → DwDeckLibraryEntry */
  GListStore   *folders;      /* DwDeckLibraryFolder */
  GHashTable   *monitors;     /* folder path → GFileMonitor */
  GHashTable   *pending;      /* paths a monitor reported, refreshed in an idle */
  guint         pending_id;
  char         *stamp;        /* the card data the entries were judged with */
  gboolean      watching;
  gboolean      index_dirty;
};

static void dw_deck_library_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE (DwDeckLibraryEntry, dw_deck_library_entry, G_TYPE_OBJECT)
G_DEFINE_FINAL_TYPE (DwDeckLibraryFolder, dw_deck_library_folder, G_TYPE_OBJECT)
G_DEFINE_FINAL_TYPE_WITH_CODE (DwDeckLibrary, dw_deck_library, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, dw_deck_library_list_model_init))

G_DEFINE_QUARK (dw-deck-library-error-quark, dw_deck_library_error)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* --- entries ---------------------------------------------------------- */

static void
dw_deck_library_entry_finalize (GObject *object)
{
  DwDeckLibraryEntry *self = DW_DECK_LIBRARY_ENTRY (object);

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
  g_strfreev (self->tag_keys);
  g_free (self->cover_id);
  g_clear_error (&self->error);
  g_free (self->cards);
  g_free (self->card_keys);
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

static gboolean
has_deck_extension (const char *name)
{
  const char *dot = strrchr (name, '.');
  g_autofree char *ext = NULL;

  if (dot == NULL || dot == name)
    return FALSE;
  ext = g_ascii_strdown (dot + 1, -1);
  return g_strv_contains (deck_extensions, ext);
}

/* Every entry's strings it need not own: card ids and names repeat
 * across a library, so they are interned (never freed: bounded by the
 * distinct cards a player's decks name), as are their name keys. */
static const char *
intern (const char *text)
{
  return text != NULL ? g_intern_string (text) : NULL;
}

static const char *
intern_name_key (const char *name)
{
  static GMutex lock;
  static GHashTable *keys;  /* interned name → interned key */
  const char *key;

  g_mutex_lock (&lock);
  if (keys == NULL)
    keys = g_hash_table_new (g_direct_hash, g_direct_equal);
  key = g_hash_table_lookup (keys, name);
  if (key == NULL)
    {
      g_autofree char *made = dw_card_name_key (name);

      key = g_intern_string (made);
      g_hash_table_insert (keys, (gpointer) name, (gpointer) key);
    }
  g_mutex_unlock (&lock);
  return key;
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
        intern (id),
        intern (name),
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
static DwDeckLibraryEntry *
entry_read (DwLibrary  *cards,
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
    return entry_new_unreadable (path, root, size, mtime_ns,
                                 g_error_new (DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_UNREADABLE,
                                              "%s", error->message));

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

static char **
split_units (const char *text)
{
  char separator[2] = { UNIT_SEP, '\0' };

  if (*text == '\0')
    return g_new0 (char *, 1);
  return g_strsplit (text, separator, -1);
}

static GVariant *
entry_to_variant (DwDeckLibraryEntry *self)
{
  g_autofree char *factions = join_units (self->factions);
  g_autofree char *tags = join_units (self->tags);
  GString *cards = g_string_new (NULL);
  GVariant *fields[17];

  for (guint i = 0; i < self->n_cards; i++)
    g_string_append_printf (cards, "%s%c%s%c%u%c", self->cards[i].id ? self->cards[i].id : "", UNIT_SEP,
                            self->cards[i].name, UNIT_SEP, self->cards[i].count, RECORD_SEP);

  fields[0] = g_variant_new_string (self->path);
  fields[1] = g_variant_new_uint64 (self->size);
  fields[2] = g_variant_new_int64 (self->mtime_ns);
  fields[3] = g_variant_new_string (self->name ? self->name : "");
  fields[4] = g_variant_new_string (self->notes ? self->notes : "");
  fields[5] = g_variant_new_string (self->game_id ? self->game_id : "");
  fields[6] = g_variant_new_string (self->format_id ? self->format_id : "");
  fields[7] = g_variant_new_string (self->kind ? self->kind : "");
  fields[8] = g_variant_new_uint32 ((guint32) self->verdict);
  fields[9] = g_variant_new_uint32 (self->n_errors);
  fields[10] = g_variant_new_uint32 (self->n_warnings);
  fields[11] = g_variant_new_uint64 (self->n_copies);
  fields[12] = g_variant_new_string (factions);
  fields[13] = g_variant_new_string (tags);
  fields[14] = g_variant_new_string (self->cover_id ? self->cover_id : "");
  fields[15] = g_variant_new_string (self->error ? self->error->message : "");
  fields[16] = g_variant_new_take_string (g_string_free (cards, FALSE));
  return g_variant_new_tuple (fields, G_N_ELEMENTS (fields));
}

static char *
nonempty (const char *text)
{
  return *text != '\0' ? g_strdup (text) : NULL;
}

static DwDeckLibraryEntry *
entry_from_variant (GVariant   *value,
                    const char *root)
{
  const char *path, *name, *notes, *game_id, *format_id, *kind, *factions, *tags;
  const char *cover_id, *message, *cards;
  guint64 size, n_copies;
  gint64 mtime_ns;
  guint32 verdict, n_errors, n_warnings;
  DwDeckLibraryEntry *self;
  GArray *found;

  g_variant_get (value, "(&stx&s&s&s&s&suuut&s&s&s&s&s)",
                 &path, &size, &mtime_ns, &name, &notes, &game_id, &format_id, &kind,
                 &verdict, &n_errors, &n_warnings, &n_copies, &factions, &tags, &cover_id,
                 &message, &cards);
  self = entry_new (path, root, size, mtime_ns);
  self->name = g_strdup (name);
  self->notes = nonempty (notes);
  self->game_id = nonempty (game_id);
  self->format_id = nonempty (format_id);
  self->kind = nonempty (kind);
  self->verdict = verdict <= DW_DECK_VERDICT_UNREADABLE ? verdict : DW_DECK_VERDICT_UNREADABLE;
  self->n_errors = n_errors;
  self->n_warnings = n_warnings;
  self->n_copies = n_copies;
  self->factions = split_units (factions);
  self->tags = split_units (tags);
  self->cover_id = nonempty (cover_id);
  if (*message != '\0' || self->verdict == DW_DECK_VERDICT_UNREADABLE)
    self->error = g_error_new_literal (DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_UNREADABLE,
                                       message);

  found = g_array_new (FALSE, FALSE, sizeof (DwDeckLibraryCard));
  for (const char *p = cards; *p != '\0';)
    {
      const char *id_end = strchr (p, UNIT_SEP);
      const char *name_end = id_end ? strchr (id_end + 1, UNIT_SEP) : NULL;
      const char *record_end = name_end ? strchr (name_end + 1, RECORD_SEP) : NULL;
      g_autofree char *id = NULL;
      g_autofree char *card_name = NULL;
      DwDeckLibraryCard card;

      if (record_end == NULL)
        break;  /* damaged: the cards read so far */
      id = g_strndup (p, (gsize) (id_end - p));
      card_name = g_strndup (id_end + 1, (gsize) (name_end - id_end - 1));
      card.id = *id != '\0' ? intern (id) : NULL;
      card.name = intern (card_name);
      card.count = (guint) g_ascii_strtoull (name_end + 1, NULL, 10);
      g_array_append_val (found, card);
      p = record_end + 1;
    }
  self->n_cards = found->len;
  self->cards = (DwDeckLibraryCard *) (gpointer) g_array_free (found, FALSE);
  entry_fill_defaults (self);
  return self;
}

/* --- folders ---------------------------------------------------------- */

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

static DwDeckLibraryFolder *
folder_new (const char *path,
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

/* --- listing the disk ------------------------------------------------- */

typedef struct
{
  char    *path;
  char    *root;
  guint64  size;
  gint64   mtime_ns;
} Listed;

static void
listed_free (Listed *listed)
{
  g_free (listed->path);
  g_free (listed->root);
  g_free (listed);
}

typedef struct
{
  GPtrArray *files;     /* Listed */
  GPtrArray *folders;   /* DwDeckLibraryFolder */
  GArray    *ancestors; /* dev_t and ino_t pairs of the folders being walked, for loops */
} Listing;

typedef struct
{
  dev_t dev;
  ino_t ino;
} FolderId;

static gint64
stat_mtime_ns (const struct stat *st)
{
  return (gint64) st->st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + st->st_mtim.tv_nsec;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static void
list_folder (Listing    *listing,
             const char *path,
             const char *parent,
             const char *root,
             GCancellable *cancellable)
{
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  struct stat st;
  FolderId id;
  const char *name;
  guint position;

  if (stat (path, &st) != 0)
    {
      int errsv = errno;

      g_ptr_array_add (listing->folders,
                       folder_new (path, parent, root,
                                   g_error_new (DW_DECK_LIBRARY_ERROR,
                                                errsv == ENOENT ? DW_DECK_LIBRARY_ERROR_NOT_A_FOLDER
                                                                : DW_DECK_LIBRARY_ERROR_UNREADABLE,
                                                _("%s: the folder cannot be read: %s"),
                                                path, g_strerror (errsv))));
      return;
    }
  if (!S_ISDIR (st.st_mode))
    {
      g_ptr_array_add (listing->folders,
                       folder_new (path, parent, root,
                                   g_error_new (DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_NOT_A_FOLDER,
                                                _("%s: is not a folder; choose a folder of decks"),
                                                path)));
      return;
    }

  for (guint i = 0; i < listing->ancestors->len; i++)
    {
      FolderId *above = &g_array_index (listing->ancestors, FolderId, i);

      if (above->dev == st.st_dev && above->ino == st.st_ino)
        {
          g_ptr_array_add (listing->folders,
                           folder_new (path, parent, root,
                                       g_error_new (DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_LOOP,
                                                    _("%s: a symbolic link leads back to a folder "
                                                      "above it; it is not read twice"), path)));
          return;
        }
    }

  dir = g_dir_open (path, 0, &error);
  if (dir == NULL)
    {
      g_ptr_array_add (listing->folders,
                       folder_new (path, parent, root,
                                   g_error_new (DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_UNREADABLE,
                                                _("%s: the folder cannot be read: %s"),
                                                path, error->message)));
      return;
    }

  g_ptr_array_add (listing->folders, folder_new (path, parent, root, NULL));
  id.dev = st.st_dev;
  id.ino = st.st_ino;
  g_array_append_val (listing->ancestors, id);
  position = listing->ancestors->len - 1;

  while ((name = g_dir_read_name (dir)) != NULL)
    if (name[0] != '.')
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *child = g_build_filename (path, g_ptr_array_index (names, i), NULL);

      if (g_cancellable_is_cancelled (cancellable))
        break;
      if (stat (child, &st) != 0)
        {
          int errsv = errno;

          /* Gone between the listing and now: not in the library any more. */
          if (errsv == ENOENT && lstat (child, &st) != 0)
            continue;
          if (has_deck_extension (child))
            {
              Listed *listed = g_new0 (Listed, 1);

              listed->path = g_steal_pointer (&child);
              listed->root = g_strdup (root);
              listed->mtime_ns = -1;  /* never in the index: read, and say why not */
              g_ptr_array_add (listing->files, listed);
            }
          continue;
        }
      if (S_ISDIR (st.st_mode))
        list_folder (listing, child, path, root, cancellable);
      else if (S_ISREG (st.st_mode) && has_deck_extension (child))
        {
          Listed *listed = g_new0 (Listed, 1);

          listed->path = g_steal_pointer (&child);
          listed->root = g_strdup (root);
          listed->size = (guint64) st.st_size;
          listed->mtime_ns = stat_mtime_ns (&st);
          g_ptr_array_add (listing->files, listed);
        }
    }
  g_array_set_size (listing->ancestors, position);
}

/* --- the index file --------------------------------------------------- */

/* What the verdicts depend on besides the deck files: the games, formats
 * and card databases.  Any change to them reads every deck again. */
static char *
compute_stamp (DwLibrary *cards)
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
        g_ptr_array_sort (names, compare_names);
        for (guint i = 0; i < names->len; i++)
          {
            g_autofree char *file = g_build_filename (dir_path, g_ptr_array_index (names, i), NULL);
            g_autofree char *line = NULL;

            if (stat (file, &st) != 0)
              continue;
            line = g_strdup_printf ("%s %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n", file,
                                    (gint64) st.st_size, stat_mtime_ns (&st));
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
                              (gint64) st.st_size, stat_mtime_ns (&st));
      g_checksum_update (checksum, (const guchar *) line, -1);
    }
  return g_strdup (g_checksum_get_string (checksum));
}

/* The index as last written: path → its GVariant entry.  Empty when it is
 * missing, damaged, of another version or for other card data. */
static GHashTable *
index_load (const char *index_path,
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

static gboolean
path_is_under (const char *path,
               const char *folder)
{
  gsize length = strlen (folder);

  return strncmp (path, folder, length) == 0 &&
         (path[length] == G_DIR_SEPARATOR || path[length] == '\0' ||
          (length > 0 && folder[length - 1] == G_DIR_SEPARATOR));
}

/* Writes every entry of @entries, and the entries of the old index under
 * none of @roots (another library's decks), atomically. */
static void
index_write (const char         *index_path,
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
    g_variant_builder_add_value (&builder, entry_to_variant (g_ptr_array_index (entries, i)));

  if (old != NULL)
    {
      g_hash_table_iter_init (&iter, old);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          gboolean mine = FALSE;

          for (guint r = 0; roots[r] != NULL && !mine; r++)
            mine = path_is_under (key, roots[r]);
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

/* --- a scan ----------------------------------------------------------- */

typedef struct
{
  DwLibrary  *cards;
  char       *index_path;
  char      **roots;
  GHashTable *live;        /* path → DwDeckLibraryEntry already in the model (main thread's) */
  char       *live_stamp;  /* what the live entries were judged with */
  char       *stamp;       /* out: what this scan judged with */
  GPtrArray  *entries;     /* out: the new entries, by path */
  GPtrArray  *folders;     /* out */
  gboolean    changed;     /* out: anything read from disk */
} Scan;

static void
scan_free (Scan *scan)
{
  g_clear_object (&scan->cards);
  g_free (scan->index_path);
  g_free (scan->live_stamp);
  g_free (scan->stamp);
  g_strfreev (scan->roots);
  g_clear_pointer (&scan->live, g_hash_table_unref);
  g_clear_pointer (&scan->entries, g_ptr_array_unref);
  g_clear_pointer (&scan->folders, g_ptr_array_unref);
  g_free (scan);
}

static gboolean
entry_is_current (DwDeckLibraryEntry *entry,
                  Listed             *listed)
{
  return listed->mtime_ns >= 0 && entry->size == listed->size &&
         entry->mtime_ns == listed->mtime_ns && g_strcmp0 (entry->root, listed->root) == 0;
}

static int
compare_listed (gconstpointer a,
                gconstpointer b)
{
  return strcmp ((*(Listed * const *) a)->path, (*(Listed * const *) b)->path);
}

static gboolean
run_scan (Scan         *scan,
          GCancellable *cancellable)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func ((GDestroyNotify) listed_free);
  g_autoptr(GArray) ancestors = g_array_new (FALSE, FALSE, sizeof (FolderId));
  g_autoptr(GHashTable) known = NULL;
  g_autoptr(GVariant) keep = NULL;
  Listing listing = { files, NULL, ancestors };
  gboolean live_usable;
  gboolean write = FALSE;
  guint n_known_here = 0;
  GHashTableIter iter;
  gpointer key;

  scan->stamp = compute_stamp (scan->cards);
  live_usable = g_strcmp0 (scan->stamp, scan->live_stamp) == 0;
  scan->folders = g_ptr_array_new_with_free_func (g_object_unref);
  scan->entries = g_ptr_array_new_with_free_func (g_object_unref);
  listing.folders = scan->folders;

  for (guint r = 0; scan->roots[r] != NULL; r++)
    list_folder (&listing, scan->roots[r], NULL, scan->roots[r], cancellable);
  if (g_cancellable_is_cancelled (cancellable))
    return FALSE;
  g_ptr_array_sort (files, compare_listed);

  known = index_load (scan->index_path, scan->stamp, &keep);
  write = keep == NULL;

  for (guint i = 0; i < files->len; i++)
    {
      Listed *listed = g_ptr_array_index (files, i);
      DwDeckLibraryEntry *entry = NULL;
      GVariant *cached;

      if (g_cancellable_is_cancelled (cancellable))
        return FALSE;

      if (live_usable && scan->live != NULL)
        entry = g_hash_table_lookup (scan->live, listed->path);
      if (entry != NULL && entry_is_current (entry, listed))
        {
          g_ptr_array_add (scan->entries, g_object_ref (entry));
          write |= !g_hash_table_contains (known, listed->path);
          continue;
        }

      cached = g_hash_table_lookup (known, listed->path);
      if (cached != NULL)
        {
          guint64 size;
          gint64 mtime_ns;

          g_variant_get_child (cached, 1, "t", &size);
          g_variant_get_child (cached, 2, "x", &mtime_ns);
          if (listed->mtime_ns >= 0 && size == listed->size && mtime_ns == listed->mtime_ns)
            {
              g_ptr_array_add (scan->entries, entry_from_variant (cached, listed->root));
              continue;
            }
        }

      g_ptr_array_add (scan->entries, entry_read (scan->cards, listed->path, listed->root,
                                                  listed->size, listed->mtime_ns));
      write = TRUE;
    }

  /* A deck the index knew and the disk no longer has. */
  g_hash_table_iter_init (&iter, known);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    for (guint r = 0; scan->roots[r] != NULL; r++)
      if (path_is_under (key, scan->roots[r]))
        {
          n_known_here++;
          break;
        }
  write |= n_known_here != scan->entries->len;

  if (write)
    index_write (scan->index_path, scan->stamp, scan->entries, known, (const char * const *) scan->roots);
  return TRUE;
}

/* --- the model -------------------------------------------------------- */

static GType
dw_deck_library_get_item_type (GListModel *model)
{
  return DW_TYPE_DECK_LIBRARY_ENTRY;
}

static guint
dw_deck_library_get_n_items (GListModel *model)
{
  return DW_DECK_LIBRARY (model)->entries->len;
}

static gpointer
dw_deck_library_get_item (GListModel *model,
                          guint       position)
{
  DwDeckLibrary *self = DW_DECK_LIBRARY (model);

  if (position >= self->entries->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->entries, position));
}

static void
dw_deck_library_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = dw_deck_library_get_item_type;
  iface->get_n_items = dw_deck_library_get_n_items;
  iface->get_item = dw_deck_library_get_item;
}

static void update_monitors (DwDeckLibrary *self);

static gboolean
same_folders (GListModel *model,
              GPtrArray  *folders)
{
  if (g_list_model_get_n_items (model) != folders->len)
    return FALSE;
  for (guint i = 0; i < folders->len; i++)
    {
      g_autoptr(DwDeckLibraryFolder) a = g_list_model_get_item (model, i);
      DwDeckLibraryFolder *b = g_ptr_array_index (folders, i);

      if (strcmp (a->path, b->path) != 0 || (a->error == NULL) != (b->error == NULL) ||
          (a->error != NULL && strcmp (a->error->message, b->error->message) != 0))
        return FALSE;
    }
  return TRUE;
}

static void
apply_scan (DwDeckLibrary *self,
            Scan          *scan)
{
  gboolean entries_same = scan->entries->len == self->entries->len;
  gboolean folders_same = same_folders (G_LIST_MODEL (self->folders), scan->folders);
  guint old_len = self->entries->len;

  g_free (self->stamp);
  self->stamp = g_strdup (scan->stamp);
  for (guint i = 0; entries_same && i < scan->entries->len; i++)
    entries_same = g_ptr_array_index (scan->entries, i) == g_ptr_array_index (self->entries, i);

  if (!folders_same)
    g_list_store_splice (G_LIST_STORE (self->folders), 0,
                         g_list_model_get_n_items (G_LIST_MODEL (self->folders)),
                         scan->folders->pdata, scan->folders->len);

  if (!entries_same)
    {
      g_ptr_array_unref (self->entries);
      self->entries = g_ptr_array_ref (scan->entries);
      g_hash_table_remove_all (self->by_path);
      for (guint i = 0; i < self->entries->len; i++)
        {
          DwDeckLibraryEntry *entry = g_ptr_array_index (self->entries, i);

          g_hash_table_insert (self->by_path, entry->path, entry);
        }
      g_list_model_items_changed (G_LIST_MODEL (self), 0, old_len, self->entries->len);
    }

  if (self->watching)
    update_monitors (self);
  if (!entries_same || !folders_same)
    g_signal_emit (self, signals[CHANGED], 0);
}

static Scan *
scan_new (DwDeckLibrary *self)
{
  Scan *scan = g_new0 (Scan, 1);

  scan->cards = g_object_ref (self->cards);
  scan->index_path = g_strdup (self->index_path);
  scan->roots = g_strdupv (self->roots);
  scan->live_stamp = g_strdup (self->stamp);
  scan->live = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);
  for (guint i = 0; i < self->entries->len; i++)
    {
      DwDeckLibraryEntry *entry = g_ptr_array_index (self->entries, i);

      g_hash_table_insert (scan->live, entry->path, g_object_ref (entry));
    }
  return scan;
}

/* --- following the disk ----------------------------------------------- */

static void
on_monitor_changed_cb (GFileMonitor      *monitor,
                       GFile             *file,
                       GFile             *other,
                       GFileMonitorEvent  event,
                       gpointer           user_data);

static void
update_monitors (DwDeckLibrary *self)
{
  g_autoptr(GHashTable) wanted = g_hash_table_new (g_str_hash, g_str_equal);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->folders));
  GHashTableIter iter;
  gpointer key;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwDeckLibraryFolder) folder = g_list_model_get_item (G_LIST_MODEL (self->folders), i);

      if (folder->error != NULL)
        continue;
      g_hash_table_add (wanted, folder->path);
      if (!g_hash_table_contains (self->monitors, folder->path))
        {
          g_autoptr(GFile) file = g_file_new_for_path (folder->path);
          GFileMonitor *monitor = g_file_monitor_directory (file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);

          if (monitor == NULL)
            continue;
          g_signal_connect (monitor, "changed", G_CALLBACK (on_monitor_changed_cb), self);
          g_hash_table_insert (self->monitors, g_strdup (folder->path), monitor);
        }
    }

  g_hash_table_iter_init (&iter, self->monitors);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (wanted, key))
      g_hash_table_iter_remove (&iter);
}

static void
monitor_free (gpointer data)
{
  GFileMonitor *monitor = data;

  g_signal_handlers_disconnect_matched (monitor, G_SIGNAL_MATCH_FUNC, 0, 0, NULL,
                                        on_monitor_changed_cb, NULL);
  g_file_monitor_cancel (monitor);
  g_object_unref (monitor);
}

static gboolean
refresh_pending_cb (gpointer user_data)
{
  DwDeckLibrary *self = user_data;
  g_autoptr(GHashTable) pending = g_steal_pointer (&self->pending);
  g_autofree char **paths = NULL;
  guint n;

  self->pending_id = 0;
  self->pending = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  paths = (char **) g_hash_table_get_keys_as_array (pending, &n);
  for (guint i = 0; i < n; i++)
    dw_deck_library_refresh_path (self, paths[i]);
  return G_SOURCE_REMOVE;
}

static void
queue_refresh (DwDeckLibrary *self,
               GFile         *file)
{
  g_autofree char *path = file ? g_file_get_path (file) : NULL;

  if (path == NULL)
    return;
  g_hash_table_add (self->pending, g_steal_pointer (&path));
  if (self->pending_id == 0)
    self->pending_id = g_idle_add (refresh_pending_cb, self);
}

static void
on_monitor_changed_cb (GFileMonitor      *monitor,
                       GFile             *file,
                       GFile             *other,
                       GFileMonitorEvent  event,
                       gpointer           user_data)
{
  DwDeckLibrary *self = user_data;

  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGED:
      /* Wait for the writer to finish (CHANGES_DONE_HINT). */
      break;
    case G_FILE_MONITOR_EVENT_RENAMED:
    case G_FILE_MONITOR_EVENT_MOVED:
      queue_refresh (self, file);
      queue_refresh (self, other);
      break;
    default:
      queue_refresh (self, file);
      break;
    }
}

/* --- the object ------------------------------------------------------- */

static void
dw_deck_library_dispose (GObject *object)
{
  DwDeckLibrary *self = DW_DECK_LIBRARY (object);

  g_clear_handle_id (&self->pending_id, g_source_remove);
  g_hash_table_remove_all (self->monitors);

  G_OBJECT_CLASS (dw_deck_library_parent_class)->dispose (object);
}

static void
dw_deck_library_finalize (GObject *object)
{
  DwDeckLibrary *self = DW_DECK_LIBRARY (object);

  g_clear_object (&self->cards);
  g_free (self->index_path);
  g_free (self->stamp);
  g_strfreev (self->roots);
  g_ptr_array_unref (self->entries);
  g_hash_table_unref (self->by_path);
  g_object_unref (self->folders);
  g_hash_table_unref (self->monitors);
  g_hash_table_unref (self->pending);

  G_OBJECT_CLASS (dw_deck_library_parent_class)->finalize (object);
}

static void
dw_deck_library_class_init (DwDeckLibraryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dw_deck_library_dispose;
  object_class->finalize = dw_deck_library_finalize;

  /**
   * DwDeckLibrary::changed:
   *
   * Emitted once after a scan or refresh changed the decks or the folders.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
dw_deck_library_init (DwDeckLibrary *self)
{
  self->roots = g_new0 (char *, 1);
  self->entries = g_ptr_array_new_with_free_func (g_object_unref);
  self->by_path = g_hash_table_new (g_str_hash, g_str_equal);
  self->folders = g_list_store_new (DW_TYPE_DECK_LIBRARY_FOLDER);
  self->monitors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, monitor_free);
  self->pending = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
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
    *n_cards = self->n_cards;
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

const char * const *
dw_deck_library_entry_get_card_keys (DwDeckLibraryEntry *self)
{
  if (self->card_keys == NULL)
    {
      self->card_keys = g_new0 (const char *, self->n_cards + 1);
      for (guint i = 0; i < self->n_cards; i++)
        self->card_keys[i] = intern_name_key (self->cards[i].name);
    }
  return self->card_keys;
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

/* --- public: the library ---------------------------------------------- */

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

DwDeckLibrary *
dw_deck_library_new (DwLibrary  *cards,
                     const char *cache_dir)
{
  DwDeckLibrary *self;

  g_return_val_if_fail (DW_IS_LIBRARY (cards), NULL);

  self = g_object_new (DW_TYPE_DECK_LIBRARY, NULL);
  self->cards = g_object_ref (cards);
  if (cache_dir != NULL)
    self->index_path = g_build_filename (cache_dir, INDEX_NAME, NULL);
  else
    self->index_path = g_build_filename (g_get_user_cache_dir (), "deckwright", INDEX_NAME, NULL);
  return self;
}

DwLibrary *
dw_deck_library_get_cards (DwDeckLibrary *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY (self), NULL);
  return self->cards;
}

const char *
dw_deck_library_get_index_path (DwDeckLibrary *self)
{
  return self->index_path;
}

static char *
canonical_root (const char *root)
{
  g_autofree char *absolute = g_canonicalize_filename (root, NULL);
  gsize length = strlen (absolute);

  while (length > 1 && absolute[length - 1] == G_DIR_SEPARATOR)
    absolute[--length] = '\0';
  return g_steal_pointer (&absolute);
}

void
dw_deck_library_set_roots (DwDeckLibrary      *self,
                           const char * const *roots,
                           gboolean            create)
{
  g_autoptr(GPtrArray) kept = g_ptr_array_new_null_terminated (0, g_free, TRUE);
  g_autofree char *default_root = canonical_root (dw_deck_library_default_folder ());

  g_return_if_fail (DW_IS_DECK_LIBRARY (self));

  for (guint i = 0; roots != NULL && roots[i] != NULL; i++)
    {
      g_autofree char *root = canonical_root (roots[i]);
      g_autofree char *store = g_build_filename (root, DW_DECK_LIBRARY_DIR, NULL);

      if (g_ptr_array_find_with_equal_func (kept, root, g_str_equal, NULL))
        continue;
      if (create || strcmp (root, default_root) == 0)
        {
          g_mkdir_with_parents (root, 0755);
          if (g_file_test (root, G_FILE_TEST_IS_DIR))
            g_mkdir (store, 0755);
        }
      g_ptr_array_add (kept, g_steal_pointer (&root));
    }

  g_strfreev (self->roots);
  self->roots = (char **) g_ptr_array_free (g_steal_pointer (&kept), FALSE);
}

const char * const *
dw_deck_library_get_roots (DwDeckLibrary *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY (self), NULL);
  return (const char * const *) self->roots;
}

gboolean
dw_deck_library_scan (DwDeckLibrary  *self,
                      GCancellable   *cancellable,
                      GError        **error)
{
  Scan *scan;
  gboolean done;

  g_return_val_if_fail (DW_IS_DECK_LIBRARY (self), FALSE);

  scan = scan_new (self);
  done = run_scan (scan, cancellable);
  if (done)
    apply_scan (self, scan);
  scan_free (scan);
  if (!done)
    return !g_cancellable_set_error_if_cancelled (cancellable, error);
  return TRUE;
}

static void
scan_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  if (run_scan (task_data, cancellable))
    g_task_return_boolean (task, TRUE);
  else if (!g_task_return_error_if_cancelled (task))
    g_task_return_boolean (task, FALSE);
}

/* The cards (games, formats and databases) must not change while the
 * worker reads decks with them. */
void
dw_deck_library_scan_async (DwDeckLibrary       *self,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (DW_IS_DECK_LIBRARY (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, dw_deck_library_scan_async);
  g_task_set_task_data (task, scan_new (self), (GDestroyNotify) scan_free);
  g_task_run_in_thread (task, scan_thread);
}

gboolean
dw_deck_library_scan_finish (DwDeckLibrary  *self,
                             GAsyncResult   *result,
                             GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  apply_scan (self, g_task_get_task_data (G_TASK (result)));
  return TRUE;
}

const char *
dw_deck_library_root_for_path (DwDeckLibrary *self,
                               const char    *path)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY (self), NULL);

  for (guint r = 0; self->roots[r] != NULL; r++)
    if (path_is_under (path, self->roots[r]))
      return self->roots[r];
  return NULL;
}

static guint
find_position (GPtrArray  *entries,
               const char *path,
               gboolean   *found)
{
  guint low = 0, high = entries->len;

  while (low < high)
    {
      guint middle = low + (high - low) / 2;
      int cmp = strcmp (((DwDeckLibraryEntry *) g_ptr_array_index (entries, middle))->path, path);

      if (cmp == 0)
        {
          *found = TRUE;
          return middle;
        }
      if (cmp < 0)
        low = middle + 1;
      else
        high = middle;
    }
  *found = FALSE;
  return low;
}

static gboolean
remove_under (DwDeckLibrary *self,
              const char    *path)
{
  gboolean changed = FALSE;

  for (guint i = self->entries->len; i > 0; i--)
    {
      DwDeckLibraryEntry *entry = g_ptr_array_index (self->entries, i - 1);

      if (path_is_under (entry->path, path))
        {
          g_hash_table_remove (self->by_path, entry->path);
          g_ptr_array_remove_index (self->entries, i - 1);
          g_list_model_items_changed (G_LIST_MODEL (self), i - 1, 1, 0);
          changed = TRUE;
        }
    }
  for (guint i = g_list_model_get_n_items (G_LIST_MODEL (self->folders)); i > 0; i--)
    {
      g_autoptr(DwDeckLibraryFolder) folder = g_list_model_get_item (G_LIST_MODEL (self->folders), i - 1);

      if (folder->parent != NULL && path_is_under (folder->path, path))
        {
          g_list_store_remove (self->folders, i - 1);
          changed = TRUE;
        }
    }
  return changed;
}

void
dw_deck_library_refresh_path (DwDeckLibrary *self,
                              const char    *path)
{
  const char *root;
  struct stat st;
  gboolean changed = FALSE;

  g_return_if_fail (DW_IS_DECK_LIBRARY (self));
  g_return_if_fail (path != NULL);

  root = dw_deck_library_root_for_path (self, path);
  if (root == NULL)
    return;

  {
    g_autofree char *base = g_path_get_basename (path);

    /* Our own files: temporary saves, the version store. */
    if (base[0] == '.' || strstr (path, G_DIR_SEPARATOR_S DW_DECK_LIBRARY_DIR) != NULL)
      return;
  }

  if (stat (path, &st) != 0)
    changed = remove_under (self, path);
  else if (S_ISDIR (st.st_mode))
    {
      /* A folder made, moved in or renamed: the scan reuses every deck it
       * already holds, so listing again costs a stat per file. */
      dw_deck_library_scan (self, NULL, NULL);
      return;
    }
  else if (S_ISREG (st.st_mode) && has_deck_extension (path))
    {
      DwDeckLibraryEntry *old = g_hash_table_lookup (self->by_path, path);
      Listed listed = { (char *) path, (char *) root, (guint64) st.st_size, stat_mtime_ns (&st) };

      if (old == NULL || !entry_is_current (old, &listed))
        {
          DwDeckLibraryEntry *entry = entry_read (self->cards, path, root, listed.size, listed.mtime_ns);
          gboolean found;
          guint position = find_position (self->entries, path, &found);

          if (found)
            {
              g_hash_table_remove (self->by_path, path);
              g_ptr_array_index (self->entries, position) = entry;
              g_object_unref (old);
            }
          else
            g_ptr_array_insert (self->entries, (gint) position, entry);
          g_hash_table_insert (self->by_path, entry->path, entry);
          g_list_model_items_changed (G_LIST_MODEL (self), position, found ? 1 : 0, 1);
          changed = TRUE;
          self->index_dirty = TRUE;
        }
    }

  if (changed)
    {
      if (self->index_dirty)
        {
          g_autofree char *stamp = compute_stamp (self->cards);
          g_autoptr(GVariant) keep = NULL;
          g_autoptr(GHashTable) known = index_load (self->index_path, stamp, &keep);

          index_write (self->index_path, stamp, self->entries, known, (const char * const *) self->roots);
          self->index_dirty = FALSE;
        }
      g_signal_emit (self, signals[CHANGED], 0);
    }
}

void
dw_deck_library_set_watching (DwDeckLibrary *self,
                              gboolean       watching)
{
  g_return_if_fail (DW_IS_DECK_LIBRARY (self));

  watching = !!watching;
  if (self->watching == watching)
    return;
  self->watching = watching;
  if (watching)
    update_monitors (self);
  else
    g_hash_table_remove_all (self->monitors);
}

gboolean
dw_deck_library_get_watching (DwDeckLibrary *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY (self), FALSE);
  return self->watching;
}

GListModel *
dw_deck_library_get_folders (DwDeckLibrary *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY (self), NULL);
  return G_LIST_MODEL (self->folders);
}

DwDeckLibraryEntry *
dw_deck_library_lookup (DwDeckLibrary *self,
                        const char    *path)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY (self), NULL);
  return g_hash_table_lookup (self->by_path, path);
}

gboolean
dw_deck_library_move (DwDeckLibrary  *self,
                      const char     *path,
                      const char     *new_path,
                      GError        **error)
{
  g_autoptr(GFile) from = NULL;
  g_autoptr(GFile) to = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *new_folder = NULL;

  g_return_val_if_fail (DW_IS_DECK_LIBRARY (self), FALSE);

  if (dw_deck_library_root_for_path (self, path) == NULL ||
      dw_deck_library_root_for_path (self, new_path) == NULL)
    {
      g_set_error (error, DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_OUTSIDE,
                   _("%s: cannot move to %s: both must be in the library’s folders"), path, new_path);
      return FALSE;
    }

  new_folder = g_path_get_dirname (new_path);
  if (!g_file_test (new_folder, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_NOT_A_FOLDER,
                   _("%s: cannot move there: %s is not a folder"), path, new_folder);
      return FALSE;
    }

  from = g_file_new_for_path (path);
  to = g_file_new_for_path (new_path);
  if (!g_file_move (from, to, G_FILE_COPY_NOFOLLOW_SYMLINKS, NULL, NULL, NULL, &local_error))
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        g_set_error (error, DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_EXISTS,
                     _("%s: cannot move to %s: a file of that name is there; choose another name"),
                     path, new_path);
      else
        g_set_error (error, DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_UNREADABLE,
                     _("%s: cannot move to %s: %s"), path, new_path, local_error->message);
      return FALSE;
    }

  if (!dw_deck_versions_note_move (path, new_path, &local_error))
    /* The deck moved; only its history did not follow, which the next
     * save repairs by recognising its contents. */
    g_warning ("%s", local_error->message);

  dw_deck_library_refresh_path (self, path);
  dw_deck_library_refresh_path (self, new_path);
  return TRUE;
}
