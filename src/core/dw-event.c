/* dw-event.c — an organiser's desk: every decklist of an event, checked
 *
 * An event is a list model of entries, one per submitted file, in the
 * order the files were added (a folder's in name order).  Each file is
 * read with dw_import, whatever its kind, and never written; the deck is
 * judged under the event's format (or its own) and fingerprinted.  When
 * the card databases or the formats change, or the event's format does,
 * every deck is judged again, so a view over the model shows the new
 * verdicts without reading a file twice.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <errno.h>
#include <string.h>

#include "dw-event.h"
#include "dw-export.h"
#include "dw-import.h"
#include "dw-import-cards.h"
#include "dw-validate.h"

struct _DwEventEntry
{
  GObject         parent_instance;

  char           *path;
  char           *file_name;
  char           *player;
  DwDeck         *deck;         /* NULL when the file could not be read */
  DwGame         *game;         /* borrowed from the library */
  DwFormat       *format;
  GPtrArray      *problems;     /* DwProblem */
  GPtrArray      *warnings;     /* char *, from the import */
  char           *error;        /* why there is no verdict */
  char           *fingerprint;
  DwCardDb       *brought;      /* cards an Arcmage deck JSON carries that no database has */
  guint           n_brought;
  DwEventVerdict  verdict;
  guint           n_errors;
  guint           n_warnings;
};

struct _DwEvent
{
  GObject     parent_instance;

  DwLibrary  *library;
  char       *format_id;   /* NULL: each deck's own */
  GPtrArray  *entries;     /* DwEventEntry */
  GPtrArray  *watched;     /* GListModel: card databases, games, their formats */
  guint       recheck_id;
};

static void dw_event_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE (DwEventEntry, dw_event_entry, G_TYPE_OBJECT)
G_DEFINE_FINAL_TYPE_WITH_CODE (DwEvent, dw_event, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, dw_event_list_model_init))

enum {
  ENTRY_PROP_0,
  ENTRY_PROP_FILE_NAME,
  ENTRY_PROP_PLAYER,
  ENTRY_PROP_DECK_NAME,
  ENTRY_PROP_GAME_NAME,
  ENTRY_PROP_FORMAT_NAME,
  ENTRY_PROP_VERDICT_TEXT,
  ENTRY_PROP_N_ERRORS,
  ENTRY_PROP_N_WARNINGS,
  ENTRY_PROP_FINGERPRINT,
  N_ENTRY_PROPS
};

enum {
  PROP_0,
  PROP_FORMAT_ID,
  N_PROPS
};

static GParamSpec *entry_properties[N_ENTRY_PROPS];
static GParamSpec *properties[N_PROPS];

/* The suffixes of the files an event reads from a folder: our decks,
 * Cockatrice's, text and CSV lists, Arcmage's JSON. */
static const char * const deck_suffixes[] = {
  ".xml", ".cod", ".txt", ".text", ".dek", ".dec", ".csv", ".json",
};

static void
clear_verdict (DwEventEntry *entry)
{
  g_clear_object (&entry->format);
  g_clear_pointer (&entry->problems, g_ptr_array_unref);
  g_clear_pointer (&entry->fingerprint, g_free);
  entry->n_errors = 0;
  entry->n_warnings = 0;
}

/* Judges the entry's deck again under @format_id (NULL: its own). */
static void
check_entry (DwEvent      *event,
             DwEventEntry *entry)
{
  g_autoptr(GError) error = NULL;
  DwFormat *format;

  clear_verdict (entry);
  if (entry->deck == NULL)
    return;

  g_clear_pointer (&entry->error, g_free);
  entry->game = dw_library_lookup_game (event->library, dw_deck_get_game_id (entry->deck));
  entry->fingerprint = dw_deck_fingerprint (entry->deck, entry->game);

  format = dw_library_format_for_deck (event->library, entry->deck, event->format_id, &error);
  if (format == NULL)
    {
      entry->error = g_strdup (error->message);
      entry->verdict = DW_EVENT_VERDICT_UNREADABLE;
      return;
    }

  /* Resolves the deck's cards again too: the databases may have changed. */
  entry->format = g_object_ref (format);
  entry->problems = dw_library_validate_deck (event->library, entry->deck, format);
  for (guint i = 0; i < entry->problems->len; i++)
    {
      if (dw_problem_get_severity (g_ptr_array_index (entry->problems, i)) == DW_SEVERITY_ERROR)
        entry->n_errors++;
      else
        entry->n_warnings++;
    }
  entry->verdict = entry->n_errors == 0 ? DW_EVENT_VERDICT_LEGAL : DW_EVENT_VERDICT_ILLEGAL;
}

/* An Arcmage deck from the web carries each card's data: the cards no
 * database of the library has, as a database of their own (the whole
 * deck's), or NULL when there are none or the file carries names only. */
static DwCardDb *
brought_cards (DwLibrary  *library,
               const char *path,
               guint      *n_new)
{
  DwGame *game = dw_library_lookup_game (library, "arcmage");
  g_autoptr(DwCardImport) import = NULL;
  g_autoptr(DwCardDb) db = NULL;

  *n_new = 0;
  if (game == NULL)
    return NULL;
  import = dw_card_import_new (game);
  if (!dw_card_import_add_file (import, path, NULL))
    return NULL;
  db = dw_card_import_finish (import, NULL);
  if (db == NULL)
    return NULL;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (db)); i++)
    {
      g_autoptr(DwCard) card = g_list_model_get_item (G_LIST_MODEL (db), i);

      if (dw_library_lookup_card (library, "arcmage", dw_card_get_id (card), 0, NULL) == NULL)
        (*n_new)++;
    }
  return *n_new > 0 ? g_steal_pointer (&db) : NULL;
}

static DwEventEntry *
entry_new (DwEvent    *event,
           const char *path)
{
  DwEventEntry *entry = g_object_new (DW_TYPE_EVENT_ENTRY, NULL);
  g_autoptr(GError) error = NULL;
  const char *dot;

  entry->path = g_strdup (path);
  entry->file_name = g_path_get_basename (path);
  entry->warnings = g_ptr_array_new_with_free_func (g_free);
  entry->deck = dw_import_deck_file (event->library, path, DW_IMPORT_AUTO, NULL, entry->warnings, &error);

  if (entry->deck != NULL && dw_deck_get_author (entry->deck) != NULL && *dw_deck_get_author (entry->deck))
    entry->player = g_strdup (dw_deck_get_author (entry->deck));
  else
    {
      /* "ada-lovelace.cod" was sent by Ada Lovelace, most likely. */
      dot = strrchr (entry->file_name, '.');
      entry->player = dot && dot != entry->file_name ? g_strndup (entry->file_name, dot - entry->file_name)
                                                     : g_strdup (entry->file_name);
    }

  if (entry->deck == NULL)
    {
      entry->error = g_strdup (error->message);
      entry->verdict = DW_EVENT_VERDICT_UNREADABLE;
      return entry;
    }

  if (dw_event_entry_count_unknown (entry) > 0 && g_str_has_suffix (entry->file_name, ".json"))
    entry->brought = brought_cards (event->library, path, &entry->n_brought);
  check_entry (event, entry);
  return entry;
}

static gboolean
recheck_cb (gpointer user_data)
{
  DwEvent *self = user_data;

  self->recheck_id = 0;
  dw_event_recheck (self);
  return G_SOURCE_REMOVE;
}

static void watch_library (DwEvent *self);

/* Card databases load one by one: judge again once, when they are in. */
static void
on_library_changed_cb (GListModel *model,
                       guint       position,
                       guint       removed,
                       guint       added,
                       DwEvent    *self)
{
  if (model == dw_library_get_games (self->library))
    watch_library (self);
  if (self->recheck_id == 0)
    self->recheck_id = g_idle_add (recheck_cb, self);
}

static void
unwatch (DwEvent *self)
{
  for (guint i = 0; i < self->watched->len; i++)
    g_signal_handlers_disconnect_by_func (g_ptr_array_index (self->watched, i),
                                          on_library_changed_cb, self);
  g_ptr_array_set_size (self->watched, 0);
}

static void
watch (DwEvent    *self,
       GListModel *model)
{
  g_signal_connect_object (model, "items-changed", G_CALLBACK (on_library_changed_cb), self, 0);
  g_ptr_array_add (self->watched, g_object_ref (model));
}

static void
watch_library (DwEvent *self)
{
  GListModel *games = dw_library_get_games (self->library);

  unwatch (self);
  watch (self, dw_library_get_card_dbs (self->library));
  watch (self, games);
  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr(DwGame) game = g_list_model_get_item (games, i);

      watch (self, dw_game_get_formats (game));
    }
}

static GType
dw_event_get_item_type (GListModel *model)
{
  return DW_TYPE_EVENT_ENTRY;
}

static guint
dw_event_get_n_items (GListModel *model)
{
  return DW_EVENT (model)->entries->len;
}

static gpointer
dw_event_get_item (GListModel *model,
                   guint       position)
{
  DwEvent *self = DW_EVENT (model);

  if (position >= self->entries->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->entries, position));
}

static void
dw_event_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = dw_event_get_item_type;
  iface->get_n_items = dw_event_get_n_items;
  iface->get_item = dw_event_get_item;
}

static void
dw_event_entry_finalize (GObject *object)
{
  DwEventEntry *self = DW_EVENT_ENTRY (object);

  clear_verdict (self);
  g_free (self->path);
  g_free (self->file_name);
  g_free (self->player);
  g_free (self->error);
  g_clear_object (&self->deck);
  g_clear_object (&self->brought);
  g_clear_pointer (&self->warnings, g_ptr_array_unref);

  G_OBJECT_CLASS (dw_event_entry_parent_class)->finalize (object);
}

static void
dw_event_entry_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  DwEventEntry *self = DW_EVENT_ENTRY (object);

  switch (prop_id)
    {
    case ENTRY_PROP_FILE_NAME:
      g_value_set_string (value, self->file_name);
      break;
    case ENTRY_PROP_PLAYER:
      g_value_set_string (value, self->player);
      break;
    case ENTRY_PROP_DECK_NAME:
      g_value_set_string (value, dw_event_entry_get_deck_name (self));
      break;
    case ENTRY_PROP_GAME_NAME:
      g_value_set_string (value, dw_event_entry_get_game_name (self));
      break;
    case ENTRY_PROP_FORMAT_NAME:
      g_value_set_string (value, dw_event_entry_get_format_name (self));
      break;
    case ENTRY_PROP_VERDICT_TEXT:
      g_value_set_string (value, dw_event_verdict_to_string (self->verdict));
      break;
    case ENTRY_PROP_N_ERRORS:
      g_value_set_uint (value, self->n_errors);
      break;
    case ENTRY_PROP_N_WARNINGS:
      g_value_set_uint (value, self->n_warnings);
      break;
    case ENTRY_PROP_FINGERPRINT:
      g_value_set_string (value, self->fingerprint);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_event_entry_class_init (DwEventEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = dw_event_entry_finalize;
  object_class->get_property = dw_event_entry_get_property;

  /* Read-only properties, so that sorters and filters can use
   * GtkPropertyExpression. */
  entry_properties[ENTRY_PROP_FILE_NAME] = g_param_spec_string ("file-name", NULL, NULL, NULL, flags);
  entry_properties[ENTRY_PROP_PLAYER] = g_param_spec_string ("player", NULL, NULL, NULL, flags);
  entry_properties[ENTRY_PROP_DECK_NAME] = g_param_spec_string ("deck-name", NULL, NULL, NULL, flags);
  entry_properties[ENTRY_PROP_GAME_NAME] = g_param_spec_string ("game-name", NULL, NULL, NULL, flags);
  entry_properties[ENTRY_PROP_FORMAT_NAME] = g_param_spec_string ("format-name", NULL, NULL, NULL, flags);
  entry_properties[ENTRY_PROP_VERDICT_TEXT] = g_param_spec_string ("verdict-text", NULL, NULL, NULL, flags);
  entry_properties[ENTRY_PROP_N_ERRORS] = g_param_spec_uint ("n-errors", NULL, NULL, 0, G_MAXUINT, 0, flags);
  entry_properties[ENTRY_PROP_N_WARNINGS] = g_param_spec_uint ("n-warnings", NULL, NULL, 0, G_MAXUINT, 0, flags);
  entry_properties[ENTRY_PROP_FINGERPRINT] = g_param_spec_string ("fingerprint", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_ENTRY_PROPS, entry_properties);
}

static void
dw_event_entry_init (DwEventEntry *self)
{
}

static void
dw_event_dispose (GObject *object)
{
  DwEvent *self = DW_EVENT (object);

  g_clear_handle_id (&self->recheck_id, g_source_remove);
  if (self->watched != NULL)
    unwatch (self);

  G_OBJECT_CLASS (dw_event_parent_class)->dispose (object);
}

static void
dw_event_finalize (GObject *object)
{
  DwEvent *self = DW_EVENT (object);

  g_clear_object (&self->library);
  g_free (self->format_id);
  g_ptr_array_unref (self->entries);
  g_ptr_array_unref (self->watched);

  G_OBJECT_CLASS (dw_event_parent_class)->finalize (object);
}

static void
dw_event_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  DwEvent *self = DW_EVENT (object);

  switch (prop_id)
    {
    case PROP_FORMAT_ID:
      g_value_set_string (value, self->format_id);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_event_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  DwEvent *self = DW_EVENT (object);

  switch (prop_id)
    {
    case PROP_FORMAT_ID:
      dw_event_set_format_id (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_event_class_init (DwEventClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dw_event_dispose;
  object_class->finalize = dw_event_finalize;
  object_class->get_property = dw_event_get_property;
  object_class->set_property = dw_event_set_property;

  properties[PROP_FORMAT_ID] =
    g_param_spec_string ("format-id", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dw_event_init (DwEvent *self)
{
  self->entries = g_ptr_array_new_with_free_func (g_object_unref);
  self->watched = g_ptr_array_new_with_free_func (g_object_unref);
}

const char *
dw_event_verdict_to_string (DwEventVerdict verdict)
{
  switch (verdict)
    {
    case DW_EVENT_VERDICT_LEGAL:
      return "legal";
    case DW_EVENT_VERDICT_ILLEGAL:
      return "illegal";
    case DW_EVENT_VERDICT_UNREADABLE:
    default:
      return "unreadable";
    }
}

/* Whether a folder's file named @name is read as a deck. */
gboolean
dw_event_is_deck_file (const char *name)
{
  g_autofree char *lower = g_ascii_strdown (name, -1);

  if (name[0] == '.')
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (deck_suffixes); i++)
    if (g_str_has_suffix (lower, deck_suffixes[i]))
      return TRUE;
  return FALSE;
}

const char *
dw_event_entry_get_path (DwEventEntry *self)
{
  g_return_val_if_fail (DW_IS_EVENT_ENTRY (self), NULL);
  return self->path;
}

const char *
dw_event_entry_get_file_name (DwEventEntry *self)
{
  g_return_val_if_fail (DW_IS_EVENT_ENTRY (self), NULL);
  return self->file_name;
}

/* The deck's author, else the file's name without its suffix. */
const char *
dw_event_entry_get_player (DwEventEntry *self)
{
  g_return_val_if_fail (DW_IS_EVENT_ENTRY (self), NULL);
  return self->player;
}

const char *
dw_event_entry_get_deck_name (DwEventEntry *self)
{
  g_return_val_if_fail (DW_IS_EVENT_ENTRY (self), NULL);
  if (self->deck == NULL || dw_deck_get_name (self->deck) == NULL)
    return "";
  return dw_deck_get_name (self->deck);
}

const char *
dw_event_entry_get_game_name (DwEventEntry *self)
{
  g_return_val_if_fail (DW_IS_EVENT_ENTRY (self), NULL);
  if (self->game != NULL)
    return dw_game_get_name (self->game);
  return self->deck ? dw_deck_get_game_id (self->deck) : "";
}

const char *
dw_event_entry_get_format_name (DwEventEntry *self)
{
  g_return_val_if_fail (DW_IS_EVENT_ENTRY (self), NULL);
  return self->format ? dw_format_get_name (self->format) : "";
}

const char *
dw_event_entry_get_format_id (DwEventEntry *self)
{
  g_return_val_if_fail (DW_IS_EVENT_ENTRY (self), NULL);
  return self->format ? dw_format_get_id (self->format) : "";
}

DwDeck *
dw_event_entry_get_deck (DwEventEntry *self)
{
  g_return_val_if_fail (DW_IS_EVENT_ENTRY (self), NULL);
  return self->deck;
}

DwGame *
dw_event_entry_get_game (DwEventEntry *self)
{
  g_return_val_if_fail (DW_IS_EVENT_ENTRY (self), NULL);
  return self->game;
}

DwFormat *
dw_event_entry_get_format (DwEventEntry *self)
{
  g_return_val_if_fail (DW_IS_EVENT_ENTRY (self), NULL);
  return self->format;
}

DwEventVerdict
dw_event_entry_get_verdict (DwEventEntry *self)
{
  g_return_val_if_fail (DW_IS_EVENT_ENTRY (self), DW_EVENT_VERDICT_UNREADABLE);
  return self->verdict;
}

gboolean
dw_event_entry_get_legal (DwEventEntry *self)
{
  return dw_event_entry_get_verdict (self) == DW_EVENT_VERDICT_LEGAL;
}

guint
dw_event_entry_get_n_errors (DwEventEntry *self)
{
  g_return_val_if_fail (DW_IS_EVENT_ENTRY (self), 0);
  return self->n_errors;
}

guint
dw_event_entry_get_n_warnings (DwEventEntry *self)
{
  g_return_val_if_fail (DW_IS_EVENT_ENTRY (self), 0);
  return self->n_warnings;
}

/* The deck's problems, errors first; NULL when it has no verdict. */
GPtrArray *
dw_event_entry_get_problems (DwEventEntry *self)
{
  g_return_val_if_fail (DW_IS_EVENT_ENTRY (self), NULL);
  return self->problems;
}

/* What the import said about the file ("file:line: …"). */
GPtrArray *
dw_event_entry_get_warnings (DwEventEntry *self)
{
  g_return_val_if_fail (DW_IS_EVENT_ENTRY (self), NULL);
  return self->warnings;
}

/* Why the entry has no verdict (the file or its format cannot be read),
 * or NULL. */
const char *
dw_event_entry_get_error (DwEventEntry *self)
{
  g_return_val_if_fail (DW_IS_EVENT_ENTRY (self), NULL);
  return self->error;
}

const char *
dw_event_entry_get_fingerprint (DwEventEntry *self)
{
  g_return_val_if_fail (DW_IS_EVENT_ENTRY (self), NULL);
  return self->fingerprint ? self->fingerprint : "";
}

/* The problem codes, each once, errors first; "unreadable" alone for a
 * file with no verdict. */
GStrv
dw_event_entry_dup_codes (DwEventEntry *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();

  g_return_val_if_fail (DW_IS_EVENT_ENTRY (self), NULL);

  if (self->verdict == DW_EVENT_VERDICT_UNREADABLE)
    g_strv_builder_add (builder, "unreadable");
  for (guint i = 0; self->problems != NULL && i < self->problems->len; i++)
    {
      const char *code = dw_problem_get_code (g_ptr_array_index (self->problems, i));

      if (g_ptr_array_find_with_equal_func (seen, code, g_str_equal, NULL))
        continue;
      g_ptr_array_add (seen, (gpointer) code);
      g_strv_builder_add (builder, code);
    }
  return g_strv_builder_end (builder);
}

/* How many of the deck's entries no card database knows, leaving out the
 * cards the player is still considering. */
guint
dw_event_entry_count_unknown (DwEventEntry *self)
{
  guint unknown = 0;

  g_return_val_if_fail (DW_IS_EVENT_ENTRY (self), 0);

  for (guint i = 0; self->deck != NULL && i < dw_deck_get_n_sections (self->deck); i++)
    {
      GListModel *entries = dw_deck_get_section (self->deck, dw_deck_get_section_id (self->deck, i));

      if (dw_section_is_considering (dw_deck_get_section_id (self->deck, i)))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (entries); j++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, j);

          unknown += dw_deck_entry_get_card (entry) == NULL;
        }
    }
  return unknown;
}

/* How many cards the file brings that no database has (an Arcmage deck
 * from the web carries its cards' data); see dw_event_keep_brought_cards (). */
guint
dw_event_entry_get_n_brought_cards (DwEventEntry *self)
{
  g_return_val_if_fail (DW_IS_EVENT_ENTRY (self), 0);
  return self->n_brought;
}

DwEvent *
dw_event_new (DwLibrary *library)
{
  DwEvent *self;

  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);

  self = g_object_new (DW_TYPE_EVENT, NULL);
  self->library = g_object_ref (library);
  watch_library (self);
  return self;
}

DwLibrary *
dw_event_get_library (DwEvent *self)
{
  g_return_val_if_fail (DW_IS_EVENT (self), NULL);
  return self->library;
}

const char *
dw_event_get_format_id (DwEvent *self)
{
  g_return_val_if_fail (DW_IS_EVENT (self), NULL);
  return self->format_id;
}

/* Judges every deck under @format_id from now on (NULL: each deck under
 * its own format). */
void
dw_event_set_format_id (DwEvent    *self,
                        const char *format_id)
{
  g_return_if_fail (DW_IS_EVENT (self));

  if (g_strcmp0 (self->format_id, format_id) == 0)
    return;
  g_free (self->format_id);
  self->format_id = g_strdup (format_id);
  dw_event_recheck (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FORMAT_ID]);
}

/* Reads the deck at @path (any kind dw_import reads) and judges it. A
 * file that cannot be read is an entry too, with its reason.  Returns
 * the entry, owned by the event. */
DwEventEntry *
dw_event_add_file (DwEvent    *self,
                   const char *path)
{
  DwEventEntry *entry;

  g_return_val_if_fail (DW_IS_EVENT (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  entry = entry_new (self, path);
  g_ptr_array_add (self->entries, entry);
  g_list_model_items_changed (G_LIST_MODEL (self), self->entries->len - 1, 0, 1);
  return entry;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* Adds every deck file of the folder (see dw_event_is_deck_file ()), in
 * name order.  Returns how many; 0 with @error set when the folder
 * cannot be read. */
guint
dw_event_add_folder (DwEvent     *self,
                     const char  *path,
                     GError     **error)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) dir = NULL;
  guint first;
  const char *name;

  g_return_val_if_fail (DW_IS_EVENT (self), 0);

  dir = g_dir_open (path, 0, error);
  if (dir == NULL)
    return 0;
  while ((name = g_dir_read_name (dir)) != NULL)
    if (dw_event_is_deck_file (name))
      {
        g_autofree char *child = g_build_filename (path, name, NULL);

        if (g_file_test (child, G_FILE_TEST_IS_REGULAR))
          g_ptr_array_add (names, g_steal_pointer (&child));
      }
  g_ptr_array_sort (names, compare_names);

  first = self->entries->len;
  for (guint i = 0; i < names->len; i++)
    g_ptr_array_add (self->entries, entry_new (self, g_ptr_array_index (names, i)));
  if (names->len > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), first, 0, names->len);
  return names->len;
}

void
dw_event_remove_all (DwEvent *self)
{
  guint removed;

  g_return_if_fail (DW_IS_EVENT (self));

  removed = self->entries->len;
  g_ptr_array_set_size (self->entries, 0);
  if (removed > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, 0);
}

/* Judges every deck again (the files are not read again): after a card
 * database or a format changed.  The event does it by itself when the
 * library's databases or formats change, once the main loop is idle. */
void
dw_event_recheck (DwEvent *self)
{
  g_return_if_fail (DW_IS_EVENT (self));

  g_clear_handle_id (&self->recheck_id, g_source_remove);
  for (guint i = 0; i < self->entries->len; i++)
    {
      DwEventEntry *entry = g_ptr_array_index (self->entries, i);

      check_entry (self, entry);
    }
  if (self->entries->len > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, self->entries->len, self->entries->len);
}

/* The cards all files bring that no database has. */
guint
dw_event_count_brought_cards (DwEvent *self)
{
  guint count = 0;

  g_return_val_if_fail (DW_IS_EVENT (self), 0);

  for (guint i = 0; i < self->entries->len; i++)
    count += ((DwEventEntry *) g_ptr_array_index (self->entries, i))->n_brought;
  return count;
}

static char *
free_path (const char *folder,
           const char *stem)
{
  char *path = g_strdup_printf ("%s%s%s.xml", folder, G_DIR_SEPARATOR_S, stem);

  for (guint n = 2; g_file_test (path, G_FILE_TEST_EXISTS); n++)
    {
      g_free (path);
      path = g_strdup_printf ("%s%s%s-%u.xml", folder, G_DIR_SEPARATOR_S, stem, n);
    }
  return path;
}

/* Saves the cards each file brings (see dw_event_entry_get_n_brought_cards ())
 * as a card database in @folder (the user's cards folder, so they load
 * next time), adds them to the library and judges every deck again.
 * Returns how many cards were kept; stops at the first file that cannot
 * be saved, with @error set. */
guint
dw_event_keep_brought_cards (DwEvent     *self,
                             const char  *folder,
                             GError     **error)
{
  guint kept = 0;

  g_return_val_if_fail (DW_IS_EVENT (self), 0);

  if (dw_event_count_brought_cards (self) == 0)
    return 0;
  if (g_mkdir_with_parents (folder, 0755) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("%s: the folder cannot be made: %s"), folder, g_strerror (saved_errno));
      return 0;
    }

  for (guint i = 0; i < self->entries->len; i++)
    {
      DwEventEntry *entry = g_ptr_array_index (self->entries, i);
      g_autofree char *stem = NULL;
      g_autofree char *path = NULL;
      char *dot;

      if (entry->brought == NULL)
        continue;
      stem = g_strconcat ("deck-", entry->file_name, NULL);
      dot = strrchr (stem, '.');
      if (dot != NULL)
        *dot = '\0';
      path = free_path (folder, stem);
      if (!dw_card_db_save (entry->brought, path, error))
        break;
      dw_library_add_card_db (self->library, entry->brought);
      kept += entry->n_brought;
      g_clear_object (&entry->brought);
      entry->n_brought = 0;
    }

  /* Other files may have brought the same cards: now known, they are
   * no longer new. */
  for (guint i = 0; i < self->entries->len; i++)
    {
      DwEventEntry *entry = g_ptr_array_index (self->entries, i);

      if (entry->brought != NULL)
        {
          g_clear_object (&entry->brought);
          entry->brought = brought_cards (self->library, entry->path, &entry->n_brought);
        }
    }
  dw_event_recheck (self);
  return kept;
}

guint
dw_event_count_verdict (DwEvent        *self,
                        DwEventVerdict  verdict)
{
  guint count = 0;

  g_return_val_if_fail (DW_IS_EVENT (self), 0);

  for (guint i = 0; i < self->entries->len; i++)
    if (((DwEventEntry *) g_ptr_array_index (self->entries, i))->verdict == verdict)
      count++;
  return count;
}
