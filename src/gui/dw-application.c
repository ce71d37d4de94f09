/* dw-application.c — the application: the library loaded in the background, its windows, files opened from the desktop, autosaves offered back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "dw-application.h"
#include "dw-preferences-window.h"
#include "dw-event-window.h"
#include "dw-table-window.h"
#include "dw-window.h"

struct _DwApplication
{
  AdwApplication  parent_instance;

  DwLibrary      *library;
  GCancellable   *cancellable;
  GPtrArray      *waiting_files;  /* GFile opened before the cards were in */
  GtkWindow      *placeholder;    /* shown while they wait */
  DwDeck         *placeholder_deck;
  gboolean        recovered;
};

G_DEFINE_FINAL_TYPE (DwApplication, dw_application, ADW_TYPE_APPLICATION)

/* Quitting closes every window the way its close button does, so each
 * deck with unsaved changes is asked about; the application ends with its
 * last window. */
static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  g_autoptr(GList) windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (user_data)));

  for (GList *l = windows; l; l = l->next)
    gtk_window_close (l->data);
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  const char *developers[] = { _("The Deckwright developers"), NULL };

  adw_show_about_window (gtk_application_get_active_window (app),
                         "application-name", _("Deckwright"),
                         "application-icon", APPLICATION_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Build, check and playtest Arcmage and Coraabia decks"),
                         "developers", developers,
                         "license-type", GTK_LICENSE_GPL_3_0,
                         NULL);
}

static void
preferences_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  DwApplication *self = DW_APPLICATION (user_data);
  DwPreferencesWindow *window;

  window = dw_preferences_window_new (gtk_application_get_active_window (GTK_APPLICATION (self)),
                                      self->library);
  gtk_window_present (GTK_WINDOW (window));
}

/* app.event: the organiser's desk, a window of its own. */
static void
event_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  DwApplication *self = DW_APPLICATION (user_data);

  gtk_window_present (GTK_WINDOW (dw_event_window_new (GTK_APPLICATION (self), self->library)));
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated },
  { "about", about_activated },
  { "preferences", preferences_activated },
  { "event", event_activated },
};

static void dw_application_open (GApplication  *application,
                                 GFile        **files,
                                 int            n_files,
                                 const char    *hint);

static void
on_card_dbs_loaded_cb (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  g_autoptr(DwApplication) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) files = NULL;

  if (!dw_library_load_card_dbs_finish (DW_LIBRARY (source), result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_printerr ("deckwright: %s\n", error->message);
      return;
    }

  /* Windows follow the library themselves; only the files set aside
   * for the cards are left to open. */
  files = g_steal_pointer (&self->waiting_files);
  self->waiting_files = g_ptr_array_new_with_free_func (g_object_unref);
  if (files->len > 0)
    dw_application_open (G_APPLICATION (self), (GFile **) files->pdata, (int) files->len, "");

  /* The window shown while the files waited makes way for them when they
   * opened in windows of their own (a table does) and left it as it was. */
  if (self->placeholder != NULL && DW_IS_WINDOW (self->placeholder) &&
      dw_window_get_deck (DW_WINDOW (self->placeholder)) == self->placeholder_deck &&
      dw_window_is_pristine (DW_WINDOW (self->placeholder)) &&
      g_list_length (gtk_application_get_windows (GTK_APPLICATION (self))) > 1)
    gtk_window_destroy (self->placeholder);
  g_clear_weak_pointer (&self->placeholder);
  g_clear_object (&self->placeholder_deck);
}

static void
dw_application_startup (GApplication *application)
{
  DwApplication *self = DW_APPLICATION (application);
  g_autoptr(GError) error = NULL;
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *shortcuts_accels[] = { "<Control>question", NULL };
  static const char *preferences_accels[] = { "<Control>comma", NULL };
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_auto(GStrv) folders = g_settings_get_strv (settings, "card-db-folders");

  G_APPLICATION_CLASS (dw_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions,
                                   G_N_ELEMENTS (app_actions), self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.preferences", preferences_accels);
  /* What GtkApplication sets when it finds gtk/help-overlay.ui; the
   * window makes its shortcuts window itself, when first asked. */
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.show-help-overlay", shortcuts_accels);

  /* The games now, since every window is made for one; the card
   * databases in the background, so the first window shows at once and
   * fills in as they arrive (DESIGN.md §7). */
  if (!dw_library_load_games (self->library, &error))
    {
      g_printerr ("deckwright: %s\n", error->message);
      return;
    }
  dw_library_set_card_db_folders (self->library, (const char * const *) folders);
  dw_library_load_card_dbs_async (self->library, self->cancellable, on_card_dbs_loaded_cb,
                                  g_object_ref (self));
}

static void
dw_application_shutdown (GApplication *application)
{
  DwApplication *self = DW_APPLICATION (application);

  g_cancellable_cancel (self->cancellable);

  G_APPLICATION_CLASS (dw_application_parent_class)->shutdown (application);
}

static void
on_recover_response_cb (AdwMessageDialog *dialog,
                        const char       *response,
                        DwWindow         *window)
{
  if (g_str_equal (response, "discard"))
    {
      dw_window_autosave_clear (window);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

static DwWindow *
recover_one (DwApplication *self,
             const char    *dir,
             const char    *info_name)
{
  g_autofree char *info_path = g_build_filename (dir, info_name, NULL);
  g_autofree char *stem = g_strndup (info_name, strlen (info_name) - strlen (".ini"));
  g_autofree char *deck_name = g_strconcat (stem, ".xml", NULL);
  g_autofree char *deck_path = g_build_filename (dir, deck_name, NULL);
  g_autoptr(GKeyFile) info = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *body = NULL;
  const char *name;
  DwWindow *window;
  GtkWidget *dialog;

  deck = dw_deck_load (deck_path, &error);
  if (deck == NULL || dw_library_lookup_game (self->library, dw_deck_get_game_id (deck)) == NULL ||
      !g_key_file_load_from_file (info, info_path, G_KEY_FILE_NONE, NULL))
    {
      g_printerr ("deckwright: an autosaved deck could not be recovered: %s\n",
                  error ? error->message : deck_path);
      return NULL;
    }

  uri = g_key_file_get_string (info, "autosave", "file", NULL);
  file = uri ? g_file_new_for_uri (uri) : NULL;

  window = dw_window_new_for_library (GTK_APPLICATION (self), self->library);
  dw_window_set_recovered (window, deck, file);
  /* The new window keeps its own copy from now on. */
  g_unlink (deck_path);
  g_unlink (info_path);
  gtk_window_present (GTK_WINDOW (window));

  name = dw_deck_get_name (deck);
  body = g_strdup_printf (_("Deckwright closed before “%s” was saved. Its last changes were kept aside."),
                          name && *name ? name : _("New Deck"));
  dialog = adw_message_dialog_new (GTK_WINDOW (window), _("Recover Unsaved Deck?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "discard", _("_Discard"),
                                    "keep", _("_Recover"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "keep", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "keep");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "keep");
  g_signal_connect (dialog, "response", G_CALLBACK (on_recover_response_cb), window);
  gtk_window_present (GTK_WINDOW (dialog));
  return window;
}

/* Offers back the decks a crash left unsaved; the number offered. */
guint
dw_application_recover (DwApplication *self)
{
  g_autofree char *dir = dw_window_autosave_dir ();
  g_autoptr(GDir) handle = NULL;
  const char *name;
  guint recovered = 0;

  g_return_val_if_fail (DW_IS_APPLICATION (self), 0);

  if (self->recovered)
    return 0;
  self->recovered = TRUE;

  handle = g_dir_open (dir, 0, NULL);
  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    if (g_str_has_suffix (name, ".ini") && recover_one (self, dir, name) != NULL)
      recovered++;

  return recovered;
}

/* DECKWRIGHT_FIRST_FRAME_EXIT=1: print a line once the first window has
 * painted its first frame, and quit.  tests/bench/bench.c times start-up
 * with it (DESIGN.md §7: the first frame within 400 ms). */
static void
on_first_frame_painted_cb (GdkFrameClock *clock,
                           DwApplication *self)
{
  g_signal_handlers_disconnect_by_func (clock, on_first_frame_painted_cb, self);
  g_print ("deckwright: first frame\n");
  fflush (stdout);
  g_application_quit (G_APPLICATION (self));
}

/* Started with no file, the first window reopens the deck last opened
 * or saved, when it is still there. */
static void
reopen_last_deck (DwWindow *window)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *uri = g_settings_get_string (settings, "last-deck");
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (*uri == '\0')
    return;
  file = g_file_new_for_uri (uri);
  if (g_file_query_exists (file, NULL) && !dw_window_open_file (window, file, &error))
    g_printerr ("deckwright: %s\n", error->message);
}

static void
show_a_window (DwApplication *self,
               gboolean       reopen)
{
  GtkWindow *window;

  if (dw_application_recover (self) > 0)
    return;

  window = gtk_application_get_active_window (GTK_APPLICATION (self));
  if (window == NULL)
    {
      window = GTK_WINDOW (dw_window_new_for_library (GTK_APPLICATION (self), self->library));
      if (reopen)
        reopen_last_deck (DW_WINDOW (window));
    }

  gtk_window_present (window);

  if (g_getenv ("DECKWRIGHT_FIRST_FRAME_EXIT") != NULL)
    g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                      G_CALLBACK (on_first_frame_painted_cb), self);
}

static void
dw_application_activate (GApplication *application)
{
  show_a_window (DW_APPLICATION (application), TRUE);
}

/* Decks named on the command line or opened from the file manager: the
 * first takes an untouched window's place, the rest get their own. */
static void
dw_application_open (GApplication  *application,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  DwApplication *self = DW_APPLICATION (application);
  g_autoptr(GPtrArray) failures = g_ptr_array_new_with_free_func (g_free);
  GtkWindow *active;

  dw_application_recover (self);
  active = gtk_application_get_active_window (GTK_APPLICATION (self));

  for (int i = 0; i < n_files; i++)
    {
      g_autoptr(GError) error = NULL;
      DwWindow *window = NULL;

      g_autofree char *path = g_file_get_path (files[i]);

      /* Set aside until the cards are in; the file opens then, and the
       * window below shows meanwhile. */
      if (dw_library_is_loading_card_dbs (self->library) && dw_window_file_needs_cards (files[i]))
        {
          g_ptr_array_add (self->waiting_files, g_object_ref (files[i]));
          continue;
        }

      if (path != NULL && dw_table_file_is_table (path))
        {
          DwTableWindow *table = dw_table_window_open (GTK_APPLICATION (self), self->library, files[i], &error);

          if (table == NULL)
            {
              g_printerr ("deckwright: %s\n", error->message);
              g_ptr_array_add (failures, g_strdup (error->message));
            }
          else
            gtk_window_present (GTK_WINDOW (table));
          continue;
        }

      if (active != NULL && DW_IS_WINDOW (active) && dw_window_is_pristine (DW_WINDOW (active)))
        window = DW_WINDOW (active);
      else
        window = dw_window_new_for_library (GTK_APPLICATION (self), self->library);

      if (!dw_window_open_file (window, files[i], &error))
        {
          g_printerr ("deckwright: %s\n", error->message);
          g_ptr_array_add (failures, g_strdup (error->message));
          if (GTK_WINDOW (window) != active)
            {
              gtk_window_destroy (GTK_WINDOW (window));
              continue;
            }
        }
      gtk_window_present (GTK_WINDOW (window));
      active = GTK_WINDOW (window);
    }

  if (gtk_application_get_active_window (GTK_APPLICATION (self)) == NULL)
    {
      show_a_window (self, FALSE);

      /* Only files that wait for the cards: the window just shown is a
       * placeholder until they open. */
      if (self->waiting_files->len > 0 && self->placeholder == NULL)
        {
          GtkWindow *shown = gtk_application_get_active_window (GTK_APPLICATION (self));

          if (shown != NULL && DW_IS_WINDOW (shown))
            {
              g_set_weak_pointer (&self->placeholder, shown);
              g_set_object (&self->placeholder_deck, dw_window_get_deck (DW_WINDOW (shown)));
            }
        }
    }

  /* A file that could not be opened is said where the user looks, not
   * only on a terminal they may never see. */
  if (failures->len > 0)
    {
      GtkWindow *shown = gtk_application_get_active_window (GTK_APPLICATION (self));

      g_ptr_array_add (failures, NULL);
      if (shown != NULL && DW_IS_WINDOW (shown))
        {
          g_autofree char *message = g_strjoinv ("\n\n", (char **) failures->pdata);

          dw_window_show_error (DW_WINDOW (shown),
                                g_dngettext (GETTEXT_PACKAGE, "A file could not be opened",
                                             "Some files could not be opened", failures->len - 1),
                                message);
        }
    }
}

static void
dw_application_finalize (GObject *object)
{
  DwApplication *self = DW_APPLICATION (object);

  g_clear_object (&self->library);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->waiting_files, g_ptr_array_unref);
  g_clear_weak_pointer (&self->placeholder);
  g_clear_object (&self->placeholder_deck);

  G_OBJECT_CLASS (dw_application_parent_class)->finalize (object);
}

static void
dw_application_class_init (DwApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = dw_application_finalize;
  app_class->startup = dw_application_startup;
  app_class->shutdown = dw_application_shutdown;
  app_class->activate = dw_application_activate;
  app_class->open = dw_application_open;
}

static void
dw_application_init (DwApplication *self)
{
  self->library = dw_library_new ();
  self->cancellable = g_cancellable_new ();
  self->waiting_files = g_ptr_array_new_with_free_func (g_object_unref);
}

DwApplication *
dw_application_new (void)
{
  return g_object_new (DW_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/deckwright/Deckwright",
                       NULL);
}

/* The games, card databases and formats every window shares. */
DwLibrary *
dw_application_get_library (DwApplication *self)
{
  g_return_val_if_fail (DW_IS_APPLICATION (self), NULL);
  return self->library;
}
