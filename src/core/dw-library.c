/* dw-library.c — the one context object: games, card databases, formats
 *
 * The shipped data lives in the package's data folder (or the folder
 * named by DECKWRIGHT_DATA_DIR when running from the source tree); a user
 * adds games, formats and card databases by dropping XML files into
 * $XDG_DATA_HOME/deckwright/{games,formats,cards}/.
 *
 * Games and formats are small and everything needs them, so they load at
 * once; card databases can be large (a user's may hold 100,000 cards), so
 * an application reads them in a worker thread and adds each to the
 * library on the main thread as it is ready (DESIGN.md §7: the window's
 * first frame does not wait for them).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-library.h"
#include "dw-validate.h"

struct _DwLibrary
{
  GObject      parent_instance;

  GListStore  *games;     /* DwGame */
  GListStore  *card_dbs;  /* DwCardDb */
  GHashTable  *dbs_by_game;  /* game id → GPtrArray of its DwCardDb, in order */
  GPtrArray   *load_errors;
  guint        loading_card_dbs;  /* background loads under way */
  GStrv        card_db_folders;   /* the player's extra folders, or NULL */
};

G_DEFINE_FINAL_TYPE (DwLibrary, dw_library, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_LOADING_CARD_DBS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_QUARK (dw-library-error-quark, dw_library_error)


static DwGame *
lookup_game_cb (const char *game_id,
                gpointer    user_data)
{
  return dw_library_lookup_game (user_data, game_id);
}

static gboolean
format_taken_cb (const char *format_id,
                 gpointer    user_data)
{
  return dw_library_lookup_format (user_data, format_id, NULL) != NULL;
}

static void
dw_library_finalize (GObject *object)
{
  DwLibrary *self = DW_LIBRARY (object);

  g_object_unref (self->games);
  g_object_unref (self->card_dbs);
  g_hash_table_unref (self->dbs_by_game);
  g_ptr_array_unref (self->load_errors);
  g_strfreev (self->card_db_folders);

  G_OBJECT_CLASS (dw_library_parent_class)->finalize (object);
}

static void
dw_library_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  DwLibrary *self = DW_LIBRARY (object);

  switch (prop_id)
    {
    case PROP_LOADING_CARD_DBS:
      g_value_set_boolean (value, dw_library_is_loading_card_dbs (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_library_class_init (DwLibraryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dw_library_finalize;
  object_class->get_property = dw_library_get_property;

  /* TRUE while card databases are read in the background: a card not
   * found yet may still arrive, and load errors are not all known. */
  properties[PROP_LOADING_CARD_DBS] =
    g_param_spec_boolean ("loading-card-dbs", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dw_library_init (DwLibrary *self)
{
  self->games = g_list_store_new (DW_TYPE_GAME);
  self->card_dbs = g_list_store_new (DW_TYPE_CARD_DB);
  self->dbs_by_game = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                             (GDestroyNotify) g_ptr_array_unref);
  self->load_errors = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
}

DwLibrary *
dw_library_new (void)
{
  return g_object_new (DW_TYPE_LIBRARY, NULL);
}

/* Where the shipped games, cards and decks are. */
const char *
dw_library_get_data_dir (void)
{
  const char *dir = g_getenv ("DECKWRIGHT_DATA_DIR");

  return (dir && *dir) ? dir : PKGDATADIR;
}

/* Where a user drops their own games, formats and card databases. */
const char *
dw_library_get_user_dir (void)
{
  static gsize initialised = 0;
  static char *dir;

  if (g_once_init_enter (&initialised))
    {
      dir = g_build_filename (g_get_user_data_dir (), "deckwright", NULL);
      g_once_init_leave (&initialised, 1);
    }
  return dir;
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  /* g_ptr_array_sort() passes pointers to the elements. */
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* The .xml files of a folder, sorted by name; none if it does not exist. */
static GPtrArray *
list_xml_files (const char *dir)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;

  if (handle == NULL)
    return paths;

  while ((name = g_dir_read_name (handle)) != NULL)
    if (g_str_has_suffix (name, ".xml"))
      g_ptr_array_add (paths, g_build_filename (dir, name, NULL));

  g_ptr_array_sort (paths, compare_paths);
  return paths;
}

static void
load_folder (DwLibrary  *self,
             const char *base,
             const char *kind,
             gboolean (*load) (DwLibrary *, const char *, GError **))
{
  g_autofree char *dir = g_build_filename (base, kind, NULL);
  g_autoptr(GPtrArray) paths = list_xml_files (dir);

  for (guint i = 0; i < paths->len; i++)
    {
      GError *error = NULL;

      if (!load (self, g_ptr_array_index (paths, i), &error))
        g_ptr_array_add (self->load_errors, error);
    }
}

/* The card databases, in the order they are added: the shipped ones,
 * then the user's, then those of each extra folder the player named,
 * each folder sorted by file name.  Loading in the background keeps this
 * order, so which revision of a card wins does not depend on how the
 * databases were loaded. */
static GPtrArray *
list_card_db_files (DwLibrary *self)
{
  g_autofree char *shipped = g_build_filename (dw_library_get_data_dir (), "cards", NULL);
  g_autofree char *mine = g_build_filename (dw_library_get_user_dir (), "cards", NULL);
  GPtrArray *paths = list_xml_files (shipped);

  g_ptr_array_extend_and_steal (paths, list_xml_files (mine));
  for (guint i = 0; self->card_db_folders != NULL && self->card_db_folders[i] != NULL; i++)
    g_ptr_array_extend_and_steal (paths, list_xml_files (self->card_db_folders[i]));
  return paths;
}

/* Folders of card databases the player keeps elsewhere (the preferences'
 * list), loaded after the shipped and the user's own by the next
 * dw_library_load_defaults() or dw_library_load_card_dbs_async(). */
void
dw_library_set_card_db_folders (DwLibrary          *self,
                                const char * const *folders)
{
  g_return_if_fail (DW_IS_LIBRARY (self));

  g_strfreev (self->card_db_folders);
  self->card_db_folders = g_strdupv ((char **) folders);
}

/* Loads the shipped games and formats, then the user's.  Fails only when
 * no game can be found; a broken file is reported through
 * dw_library_get_load_errors() and the rest still loads. */
gboolean
dw_library_load_games (DwLibrary  *self,
                       GError    **error)
{
  const char *data_dir = dw_library_get_data_dir ();
  const char *user_dir = dw_library_get_user_dir ();

  g_return_val_if_fail (DW_IS_LIBRARY (self), FALSE);

  load_folder (self, data_dir, "games", dw_library_add_game_file);
  load_folder (self, user_dir, "games", dw_library_add_game_file);

  if (g_list_model_get_n_items (G_LIST_MODEL (self->games)) == 0)
    {
      g_set_error (error, DW_LIBRARY_ERROR, DW_LIBRARY_ERROR_NO_DATA,
                   _("No game definitions in %s/games; set DECKWRIGHT_DATA_DIR to the "
                     "folder holding Deckwright's data"), data_dir);
      return FALSE;
    }

  load_folder (self, user_dir, "formats", dw_library_add_formats_file);
  return TRUE;
}

/* Loads the shipped games and card databases, then the user's, before
 * returning: what the command line and the tests use.  Fails only when
 * no game can be found; a broken file is reported through
 * dw_library_get_load_errors() and the rest still loads. */
gboolean
dw_library_load_defaults (DwLibrary  *self,
                          GError    **error)
{
  g_autoptr(GPtrArray) paths = NULL;

  g_return_val_if_fail (DW_IS_LIBRARY (self), FALSE);

  if (!dw_library_load_games (self, error))
    return FALSE;

  paths = list_card_db_files (self);
  for (guint i = 0; i < paths->len; i++)
    {
      GError *local_error = NULL;

      if (dw_library_add_card_db_file (self, g_ptr_array_index (paths, i), &local_error) == NULL)
        g_ptr_array_add (self->load_errors, local_error);
    }
  return TRUE;
}

/* One database the worker has read, waiting for the main thread. */
typedef struct
{
  DwCardDb *db;
  GError   *error;
} ParsedCardDb;

typedef struct
{
  GPtrArray *paths;
  GPtrArray *games;   /* DwGame: what the worker looks games up in */
  GMutex     lock;    /* guards parsed */
  GQueue     parsed;  /* ParsedCardDb, in the order of paths */
} LoadCardDbs;

static void
parsed_card_db_free (ParsedCardDb *parsed)
{
  g_clear_object (&parsed->db);
  g_clear_error (&parsed->error);
  g_free (parsed);
}

static void
load_card_dbs_free (LoadCardDbs *load)
{
  g_ptr_array_unref (load->paths);
  g_ptr_array_unref (load->games);
  g_queue_clear_full (&load->parsed, (GDestroyNotify) parsed_card_db_free);
  g_mutex_clear (&load->lock);
  g_free (load);
}

/* The worker's game lookup.  The games are loaded before the databases
 * and do not change after, but a GListStore caches its last lookup, so
 * it is no place to read from two threads: the worker reads a list of
 * its own. */
static DwGame *
lookup_loaded_game_cb (const char *game_id,
                       gpointer    user_data)
{
  GPtrArray *games = user_data;

  for (guint i = 0; game_id && i < games->len; i++)
    if (strcmp (dw_game_get_id (g_ptr_array_index (games, i)), game_id) == 0)
      return g_ptr_array_index (games, i);
  return NULL;
}

/* On the main thread: adds what the worker has read so far, in order,
 * and keeps the errors as the synchronous loader does. */
static void
add_parsed_card_dbs (DwLibrary   *self,
                     LoadCardDbs *load)
{
  for (;;)
    {
      ParsedCardDb *parsed;

      g_mutex_lock (&load->lock);
      parsed = g_queue_pop_head (&load->parsed);
      g_mutex_unlock (&load->lock);
      if (parsed == NULL)
        return;

      if (parsed->db != NULL)
        dw_library_add_card_db (self, parsed->db);
      else
        g_ptr_array_add (self->load_errors, g_steal_pointer (&parsed->error));
      parsed_card_db_free (parsed);
    }
}

static gboolean
on_card_db_parsed_cb (gpointer user_data)
{
  GTask *parsing = user_data;

  if (!g_cancellable_is_cancelled (g_task_get_cancellable (parsing)))
    add_parsed_card_dbs (g_task_get_source_object (parsing), g_task_get_task_data (parsing));
  return G_SOURCE_REMOVE;
}

/* In the worker thread: only parsing happens here; the library itself is
 * touched on the main thread alone. */
static void
load_card_dbs_thread (GTask        *parsing,
                      gpointer      source_object,
                      gpointer      task_data,
                      GCancellable *cancellable)
{
  LoadCardDbs *load = task_data;

  for (guint i = 0; i < load->paths->len; i++)
    {
      ParsedCardDb *parsed;
      GSource *idle;

      if (g_task_return_error_if_cancelled (parsing))
        return;

      parsed = g_new0 (ParsedCardDb, 1);
      parsed->db = dw_card_db_load (g_ptr_array_index (load->paths, i), lookup_loaded_game_cb,
                                    load->games, &parsed->error);
      /* The card list sorts by name: its keys are made here, not in a
       * main thread that would freeze for seconds at 100,000 cards. */
      if (parsed->db != NULL)
        dw_card_db_make_sort_keys (parsed->db);
      g_mutex_lock (&load->lock);
      g_queue_push_tail (&load->parsed, parsed);
      g_mutex_unlock (&load->lock);

      /* Each database is handed over as soon as it is read, so the
       * shipped cards show while a big one of the user's is still being
       * read.  An idle source rather than g_main_context_invoke(), which
       * would run the callback in this thread whenever the main context
       * happens to be free; at default priority, since anything lower
       * waits for as long as an animation keeps GTK redrawing. */
      idle = g_idle_source_new ();
      g_source_set_priority (idle, G_PRIORITY_DEFAULT);
      g_source_set_callback (idle, on_card_db_parsed_cb, g_object_ref (parsing), g_object_unref);
      g_source_set_static_name (idle, "[deckwright] card database read");
      g_source_attach (idle, g_task_get_context (parsing));
      g_source_unref (idle);
    }
  g_task_return_boolean (parsing, TRUE);
}

static void
on_card_dbs_parsed_cb (GObject      *source_object,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  DwLibrary *self = DW_LIBRARY (source_object);
  g_autoptr(GTask) task = user_data;
  GTask *parsing = G_TASK (result);
  GError *error = NULL;

  /* What no idle has handed over yet goes in before anyone hears the
   * load is over. */
  if (g_task_propagate_boolean (parsing, &error))
    add_parsed_card_dbs (self, g_task_get_task_data (parsing));

  if (--self->loading_card_dbs == 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING_CARD_DBS]);

  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/* Loads the shipped card databases, then the user's, in a worker thread.
 * Each is added (dw_library_add_card_db(), so the card-dbs model says so)
 * on the thread-default main context as soon as it is read, in the order
 * dw_library_load_defaults() uses; broken files are reported through
 * dw_library_get_load_errors().  Call dw_library_load_games() first: a
 * database of a game not loaded by then is reported as unknown.
 * #DwLibrary:loading-card-dbs is TRUE until the load is over, which is
 * before @callback runs. */
void
dw_library_load_card_dbs_async (DwLibrary           *self,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GTask) parsing = NULL;
  LoadCardDbs *load;

  g_return_if_fail (DW_IS_LIBRARY (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, dw_library_load_card_dbs_async);

  load = g_new0 (LoadCardDbs, 1);
  load->paths = list_card_db_files (self);
  load->games = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->games)); i++)
    g_ptr_array_add (load->games, g_list_model_get_item (G_LIST_MODEL (self->games), i));
  g_mutex_init (&load->lock);
  g_queue_init (&load->parsed);

  if (self->loading_card_dbs++ == 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING_CARD_DBS]);

  /* The worker's own task, so that what it read is all added before the
   * caller's callback runs. */
  parsing = g_task_new (self, cancellable, on_card_dbs_parsed_cb, g_steal_pointer (&task));
  g_task_set_source_tag (parsing, load_card_dbs_thread);
  g_task_set_task_data (parsing, load, (GDestroyNotify) load_card_dbs_free);
  g_task_run_in_thread (parsing, load_card_dbs_thread);
}

/* FALSE only when the load was cancelled; files that failed are in
 * dw_library_get_load_errors(). */
gboolean
dw_library_load_card_dbs_finish (DwLibrary     *self,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == dw_library_load_card_dbs_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
dw_library_is_loading_card_dbs (DwLibrary *self)
{
  g_return_val_if_fail (DW_IS_LIBRARY (self), FALSE);
  return self->loading_card_dbs > 0;
}

/* The errors of files that failed to load, as GError. */
GPtrArray *
dw_library_get_load_errors (DwLibrary *self)
{
  g_return_val_if_fail (DW_IS_LIBRARY (self), NULL);
  return self->load_errors;
}

gboolean
dw_library_add_game_file (DwLibrary   *self,
                          const char  *path,
                          GError     **error)
{
  g_autoptr(DwGame) game = dw_game_new_from_file (path, error);

  if (game == NULL)
    return FALSE;

  if (dw_library_lookup_game (self, dw_game_get_id (game)) != NULL)
    {
      g_set_error (error, DW_LIBRARY_ERROR, DW_LIBRARY_ERROR_DUPLICATE,
                   _("%s: the game “%s” is already defined by another file"),
                   path, dw_game_get_id (game));
      return FALSE;
    }

  for (guint i = 0; i < g_list_model_get_n_items (dw_game_get_formats (game)); i++)
    {
      g_autoptr(DwFormat) format = g_list_model_get_item (dw_game_get_formats (game), i);

      if (dw_library_lookup_format (self, dw_format_get_id (format), NULL) != NULL)
        {
          g_set_error (error, DW_LIBRARY_ERROR, DW_LIBRARY_ERROR_DUPLICATE,
                       _("%s: the format “%s” is already defined by another game"),
                       path, dw_format_get_id (format));
          return FALSE;
        }
    }

  g_list_store_append (self->games, game);
  return TRUE;
}

gboolean
dw_library_add_formats_file (DwLibrary   *self,
                             const char  *path,
                             GError     **error)
{
  return dw_game_load_formats_file (path, lookup_game_cb, format_taken_cb, self, error);
}

/* Cards are looked up in the databases of their game, each of which
 * indexes its own cards by id and name as it reads them: adding a
 * database of 100,000 cards costs the main thread nothing more. */
static void
index_card_db (DwLibrary *self,
               DwCardDb  *db)
{
  const char *game_id = dw_game_get_id (dw_card_db_get_game (db));
  GPtrArray *dbs = g_hash_table_lookup (self->dbs_by_game, game_id);

  if (dbs == NULL)
    {
      dbs = g_ptr_array_new_with_free_func (g_object_unref);
      g_hash_table_insert (self->dbs_by_game, g_strdup (game_id), dbs);
    }
  g_ptr_array_add (dbs, g_object_ref (db));
}

/* The cards a database left out are load errors too, each where it
 * stands, then how many there were, so that the command line and the
 * window say so. */
static void
report_skipped (DwLibrary *self,
                DwCardDb  *db)
{
  GPtrArray *skipped = dw_card_db_get_skipped (db);

  if (skipped->len == 0)
    return;
  for (guint i = 0; i < skipped->len; i++)
    g_ptr_array_add (self->load_errors, g_error_copy (g_ptr_array_index (skipped, i)));
  g_ptr_array_add (self->load_errors,
                   g_error_new (DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE,
                                g_dngettext (GETTEXT_PACKAGE,
                                             "%s: %u card was left out, the rest are read",
                                             "%s: %u cards were left out, the rest are read",
                                             skipped->len),
                                dw_card_db_get_path (db) ? dw_card_db_get_path (db) : "?", skipped->len));
}

void
dw_library_add_card_db (DwLibrary *self,
                        DwCardDb  *db)
{
  g_return_if_fail (DW_IS_LIBRARY (self));
  g_return_if_fail (DW_IS_CARD_DB (db));

  index_card_db (self, db);
  g_list_store_append (self->card_dbs, db);
  report_skipped (self, db);
}

DwCardDb *
dw_library_add_card_db_file (DwLibrary   *self,
                             const char  *path,
                             GError     **error)
{
  g_autoptr(DwCardDb) db = NULL;

  g_return_val_if_fail (DW_IS_LIBRARY (self), NULL);

  db = dw_card_db_load (path, lookup_game_cb, self, error);
  if (db == NULL)
    return NULL;

  dw_library_add_card_db (self, db);
  return db;
}

GListModel *
dw_library_get_games (DwLibrary *self)
{
  g_return_val_if_fail (DW_IS_LIBRARY (self), NULL);
  return G_LIST_MODEL (self->games);
}

DwGame *
dw_library_lookup_game (DwLibrary  *self,
                        const char *id)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->games));

  for (guint i = 0; id && i < n; i++)
    {
      g_autoptr(DwGame) game = g_list_model_get_item (G_LIST_MODEL (self->games), i);

      if (strcmp (dw_game_get_id (game), id) == 0)
        return game;
    }
  return NULL;
}

GListModel *
dw_library_get_card_dbs (DwLibrary *self)
{
  g_return_val_if_fail (DW_IS_LIBRARY (self), NULL);
  return G_LIST_MODEL (self->card_dbs);
}

/* Finds a format of any game; its game is returned in @game. */
DwFormat *
dw_library_lookup_format (DwLibrary   *self,
                          const char  *id,
                          DwGame     **game)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->games));

  for (guint i = 0; id && i < n; i++)
    {
      g_autoptr(DwGame) candidate = g_list_model_get_item (G_LIST_MODEL (self->games), i);
      DwFormat *format = dw_game_lookup_format (candidate, id);

      if (format != NULL)
        {
          if (game)
            *game = candidate;
          return format;
        }
    }
  return NULL;
}

/* Finds a card by id (and revision, when not 0; else the newest
 * revision), falling back to its name. */
DwCard *
dw_library_lookup_card (DwLibrary  *self,
                        const char *game_id,
                        const char *id,
                        guint       revision,
                        const char *name)
{
  GPtrArray *dbs;
  DwCard *newest = NULL;

  g_return_val_if_fail (DW_IS_LIBRARY (self), NULL);

  dbs = game_id ? g_hash_table_lookup (self->dbs_by_game, game_id) : NULL;
  if (dbs == NULL)
    return NULL;

  /* By id: the revision asked for, in the first database that has it,
   * or the newest of all (the first of the newest, when two tie). */
  for (guint i = 0; id != NULL && i < dbs->len; i++)
    {
      DwCard *card = dw_card_db_lookup_id (g_ptr_array_index (dbs, i), id);

      if (card == NULL)
        continue;
      if (revision != 0 && dw_card_get_revision (card) == revision)
        return card;
      if (newest == NULL || dw_card_get_revision (card) > dw_card_get_revision (newest))
        newest = card;
    }
  if (newest != NULL && revision == 0)
    return newest;

  /* By name: the first card of that name in the first database. */
  for (guint i = 0; name != NULL && *name && i < dbs->len; i++)
    {
      DwCard *card = dw_card_db_lookup_name (g_ptr_array_index (dbs, i), name);

      if (card != NULL)
        return card;
    }
  return NULL;
}

static void
resolve_entry_cb (gpointer data,
                  gpointer user_data)
{
  DwDeckEntry *entry = data;
  gpointer *args = user_data;
  DwCard *card = dw_library_lookup_card (args[0], args[1],
                                         dw_deck_entry_get_id (entry),
                                         dw_deck_entry_get_revision (entry),
                                         dw_deck_entry_get_name (entry));

  dw_deck_entry_set_card (entry, card);
}

/* Finds the card of every entry of @deck; entries no database knows stay
 * in the deck as unknown cards. */
void
dw_library_resolve_deck (DwLibrary *self,
                         DwDeck    *deck)
{
  gpointer args[2] = { self, (gpointer) dw_deck_get_game_id (deck) };

  g_return_if_fail (DW_IS_LIBRARY (self));
  g_return_if_fail (DW_IS_DECK (deck));

  dw_deck_foreach_entry (deck, resolve_entry_cb, args);
}

/* The format to check @deck against: @format_id if given, else the one
 * the deck names, else its game's default. */
DwFormat *
dw_library_format_for_deck (DwLibrary   *self,
                            DwDeck      *deck,
                            const char  *format_id,
                            GError     **error)
{
  DwGame *game;
  DwFormat *format;

  g_return_val_if_fail (DW_IS_LIBRARY (self), NULL);

  if (format_id == NULL)
    format_id = dw_deck_get_format_id (deck);

  if (format_id != NULL)
    {
      format = dw_library_lookup_format (self, format_id, NULL);
      if (format == NULL)
        g_set_error (error, DW_LIBRARY_ERROR, DW_LIBRARY_ERROR_UNKNOWN_FORMAT,
                     _("there is no format “%s”; deckwright --list-formats lists them"), format_id);
      return format;
    }

  game = dw_library_lookup_game (self, dw_deck_get_game_id (deck));
  if (game == NULL)
    {
      g_set_error (error, DW_LIBRARY_ERROR, DW_LIBRARY_ERROR_UNKNOWN_GAME,
                   _("the deck is for the game “%s”, which Deckwright does not know"),
                   dw_deck_get_game_id (deck));
      return NULL;
    }

  format = dw_game_get_default_format (game);
  if (format == NULL)
    g_set_error (error, DW_LIBRARY_ERROR, DW_LIBRARY_ERROR_UNKNOWN_FORMAT,
                 _("the game “%s” has no formats"), dw_game_get_id (game));
  return format;
}

/* Resolves and checks @deck against @format. */
GPtrArray *
dw_library_validate_deck (DwLibrary *self,
                          DwDeck    *deck,
                          DwFormat  *format)
{
  DwGame *game;

  g_return_val_if_fail (DW_IS_LIBRARY (self), NULL);

  game = dw_library_lookup_game (self, dw_format_get_game_id (format));
  dw_library_resolve_deck (self, deck);
  return dw_validate_deck (game, format, deck);
}
