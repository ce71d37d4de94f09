/* dw-window-actions.c — new, open, save, undo and the rest
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dw-import.h"
#include "dw-save-question.h"
#include "dw-table-window.h"
#include "dw-window-private.h"

/* TRUE when opening @file needs the card databases: a saved table deals
 * its cards, and a deck in another program's format is matched to cards
 * by name.  Our own decks open at once and find their cards later. */
gboolean
dw_window_file_needs_cards (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);

  return path != NULL && (!g_str_has_suffix (path, ".xml") || dw_table_file_is_table (path));
}

static GtkFileFilter *
deck_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Deckwright decks"));
  gtk_file_filter_add_suffix (filter, "xml");
  gtk_file_filter_add_mime_type (filter, "application/xml");
  gtk_file_filter_add_mime_type (filter, "application/x-deckwright-deck");
  return filter;
}

static void open_file_somewhere (DwWindow *self,
                                 GFile    *file);

/* Opens the files set aside while the cards were loading. */
void
dw_window_open_waiting_files (DwWindow *self)
{
  g_autoptr(GPtrArray) files = g_steal_pointer (&self->waiting_files);

  self->waiting_files = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; files != NULL && i < files->len; i++)
    open_file_somewhere (self, g_ptr_array_index (files, i));
}

static void
new_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  DwWindow *self = DW_WINDOW (widget);
  const char *game_id = parameter ? g_variant_get_string (parameter, NULL) : dw_deck_get_game_id (self->deck);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  /* A new deck never replaces unsaved work: it gets a window of its own. */
  if (dw_window_is_pristine (self) || app == NULL)
    dw_window_new_deck (self, game_id);
  else
    {
      DwWindow *window = dw_window_new_for_library (app, self->library);

      dw_window_new_deck (window, game_id);
      gtk_window_present (GTK_WINDOW (window));
    }
}

/* Opens @file here if this window holds nothing of value, else in a new
 * window; a file that cannot be read says why and changes nothing. */
static void
open_file_somewhere (DwWindow *self,
                     GFile    *file)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_file_get_path (file);
  DwWindow *target = self;

  /* A table or another program's deck needs the cards to open: it waits
   * for them, and opens when the window hears they are in. */
  if (dw_library_is_loading_card_dbs (self->library) && dw_window_file_needs_cards (file))
    {
      g_ptr_array_add (self->waiting_files, g_object_ref (file));
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Loading cards; the file opens once they are in")));
      return;
    }

  /* A saved table opens in a table window of its own. */
  if (path != NULL && dw_table_file_is_table (path))
    {
      DwTableWindow *table = dw_table_window_open (app, self->library, file, &error);

      if (table == NULL)
        dw_window_show_error (self, _("The table could not be opened"), error->message);
      else
        gtk_window_present (GTK_WINDOW (table));
      return;
    }

  if (!dw_window_is_pristine (self) && app != NULL)
    target = dw_window_new_for_library (app, self->library);

  if (!dw_window_open_file (target, file, &error))
    {
      dw_window_show_error (self, _("The deck could not be opened"), error->message);
      if (target != self)
        gtk_window_destroy (GTK_WINDOW (target));
      return;
    }
  gtk_window_present (GTK_WINDOW (target));
}

/* What the Open dialog does with the file chosen: here if this window
 * holds nothing of value, else in a new one; another program's deck is
 * imported as --import would. */
void
dw_window_open_chosen (DwWindow *self,
                       GFile    *file)
{
  open_file_somewhere (self, file);
}

static void
on_open_response_cb (GtkNativeDialog *dialog,
                     int              response,
                     DwWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      dw_window_open_chosen (self, file);
    }
  g_object_unref (dialog);
}

/* Every kind of file Open reads: ours as they are, the rest through
 * dw_import_deck_file(), as the command line's --import does. */
static const struct
{
  const char *name;
  const char *suffix;
} open_kinds[] = {
  { N_("Deck text"), "txt" },
  { N_("CSV spreadsheets"), "csv" },
  { N_("Cockatrice decks"), "cod" },
  { N_("Arcmage decks (JSON)"), "json" },
};

/* The filters of the Open dialog (GtkFileFilter): "All Decklists"
 * first, the default, so every kind shows without choosing; then one
 * per kind, for a folder full of other files. */
GListModel *
dw_window_open_filters (void)
{
  GListStore *filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) all = deck_filter ();
  g_autoptr(GtkFileFilter) ours = deck_filter ();

  gtk_file_filter_set_name (all, _("All Decklists"));
  for (gsize i = 0; i < G_N_ELEMENTS (open_kinds); i++)
    gtk_file_filter_add_suffix (all, open_kinds[i].suffix);
  g_list_store_append (filters, all);
  g_list_store_append (filters, ours);
  for (gsize i = 0; i < G_N_ELEMENTS (open_kinds); i++)
    {
      g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

      gtk_file_filter_set_name (filter, _(open_kinds[i].name));
      gtk_file_filter_add_suffix (filter, open_kinds[i].suffix);
      g_list_store_append (filters, filter);
    }
  return G_LIST_MODEL (filters);
}

static void
add_open_filters (GtkFileChooser *chooser)
{
  g_autoptr(GListModel) filters = dw_window_open_filters ();

  for (guint i = 0; i < g_list_model_get_n_items (filters); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      gtk_file_chooser_add_filter (chooser, filter);
      if (i == 0)
        gtk_file_chooser_set_filter (chooser, filter);
    }
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DwWindow *self = DW_WINDOW (widget);
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Open a Deck"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  add_open_filters (GTK_FILE_CHOOSER (dialog));
  g_signal_connect (dialog, "response", G_CALLBACK (on_open_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* A decklist copied from a forum, a chat or another program opens as a
 * new deck: here if this window holds nothing of value, else beside it. */
static void
on_clipboard_read_cb (GObject      *source,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(DwWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(DwDeck) deck = NULL;
  GtkApplication *app;
  DwWindow *target = self;

  if (text == NULL || *g_strstrip (text) == '\0')
    {
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("The clipboard holds no decklist")));
      return;
    }
  deck = dw_import_deck_data (self->library, text, strlen (text), _("the clipboard"), DW_IMPORT_AUTO, NULL,
                              warnings, &error);
  if (deck == NULL)
    {
      dw_window_show_error (self, _("The decklist could not be read"), error->message);
      return;
    }

  app = gtk_window_get_application (GTK_WINDOW (self));
  if (!dw_window_is_pristine (self) && app != NULL)
    target = dw_window_new_for_library (app, self->library);
  dw_window_show_imported (target, deck, warnings);
  /* Unlike a file, the clipboard does not keep it: closing asks. */
  dw_deck_history_mark_unsaved (target->history);
  gtk_window_present (GTK_WINDOW (target));
}

static void
paste_decklist_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  DwWindow *self = DW_WINDOW (widget);

  /* Cards are matched by name: not before they are in. */
  if (dw_library_is_loading_card_dbs (self->library))
    {
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Loading cards; paste again once they are in")));
      return;
    }
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, on_clipboard_read_cb, g_object_ref (self));
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  open_file_somewhere (DW_WINDOW (widget), file);
}

static void save_as (DwWindow *self, gboolean close_after);

static gboolean
save_or_say (DwWindow *self,
             GFile    *file)
{
  g_autoptr(GError) error = NULL;

  if (dw_window_save_to (self, file, &error))
    {
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Deck saved")));
      dw_window_update_recent (self);
      return TRUE;
    }

  /* The old file is whole (saves are atomic) and the deck is still here. */
  dw_window_show_error (self, _("The deck could not be saved"), error->message);
  return FALSE;
}

static void
on_save_response_cb (GtkNativeDialog *dialog,
                     int              response,
                     DwWindow        *self)
{
  gboolean close_after = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "close-after"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      if (save_or_say (self, file) && close_after)
        {
          self->close_confirmed = TRUE;
          gtk_window_close (GTK_WINDOW (self));
        }
    }
  g_object_unref (dialog);
}

static void
save_as (DwWindow *self,
         gboolean  close_after)
{
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = deck_filter ();
  const char *name = dw_deck_get_name (self->deck);
  g_autofree char *suggested = g_strdup_printf ("%s.deck.xml", name && *name ? name : _("New Deck"));

  dialog = gtk_file_chooser_native_new (_("Save the Deck"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  if (self->file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (dialog), self->file, NULL);
  else
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), suggested);
  g_object_set_data (G_OBJECT (dialog), "close-after", GINT_TO_POINTER (close_after));
  g_signal_connect (dialog, "response", G_CALLBACK (on_save_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DwWindow *self = DW_WINDOW (widget);

  if (self->file != NULL)
    save_or_say (self, self->file);
  else
    save_as (self, FALSE);
}

/* Saves to a path another part of the window chose (the deck's details
 * save a deck into the library), which becomes the deck's file. */
static void
save_to_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));

  save_or_say (DW_WINDOW (widget), file);
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  save_as (DW_WINDOW (widget), FALSE);
}

/* Reads the deck's file again, after another program changed it (the
 * offer is made in dw-window-watch.c); what this window held is dropped. */
static void
reload_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  DwWindow *self = DW_WINDOW (widget);
  g_autoptr(GFile) file = self->file ? g_object_ref (self->file) : NULL;
  g_autoptr(GError) error = NULL;

  if (file == NULL)
    return;
  if (!dw_window_open_file (self, file, &error))
    dw_window_show_error (self, _("The deck could not be read again"), error->message);
}

/* Starts a goldfish table from the deck as it is now, from a fresh seed. */
static void
playtest_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  DwWindow *self = DW_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) copy = NULL;
  g_autofree char *text = dw_deck_to_string (self->deck);
  g_autoptr(DwTable) table = NULL;
  guint64 seed = dw_rng_fresh_seed ();

  /* The table plays a copy: editing the deck later changes no game. */
  copy = dw_deck_load_data (text, strlen (text), dw_deck_get_name (self->deck) ?: "deck", &error);
  if (copy != NULL)
    table = dw_table_new (self->library, copy, NULL, seed, &error);
  if (table == NULL)
    {
      dw_window_show_error (self, _("The table could not be started"), error->message);
      return;
    }
  gtk_window_present (GTK_WINDOW (dw_table_window_new (gtk_window_get_application (GTK_WINDOW (self)),
                                                       self->library, table)));
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DwWindow *self = DW_WINDOW (widget);

  if (g_str_equal (action_name, "win.undo"))
    dw_deck_history_undo (self->history);
  else
    dw_deck_history_redo (self->history);
}

static void
show_problems_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  DwWindow *self = DW_WINDOW (widget);

  adw_leaflet_set_visible_child_name (self->leaflet, "deck");
  gtk_stack_set_visible_child_name (self->deck_stack, "deck");
  gtk_widget_grab_focus (GTK_WIDGET (self->deck_view));
  dw_deck_view_show_problems (self->deck_view);
}

/* The shortcuts window is made the first time it is asked for, rather
 * than with every window as GtkApplication would make it from
 * gtk/help-overlay.ui: nothing of it shows before, and building it was
 * part of the wait for the first frame (DESIGN.md §7). */
static void
show_help_overlay_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  DwWindow *self = DW_WINDOW (widget);

  if (self->shortcuts == NULL)
    {
      g_autoptr(GtkBuilder) builder =
        gtk_builder_new_from_resource ("/io/github/deckwright/Deckwright/dw-shortcuts-window.ui");

      self->shortcuts = GTK_WINDOW (g_object_ref (gtk_builder_get_object (builder, "help_overlay")));
      gtk_window_set_transient_for (self->shortcuts, GTK_WINDOW (self));
      gtk_window_set_hide_on_close (self->shortcuts, TRUE);
    }
  gtk_window_present (self->shortcuts);
}

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  DwWindow *self = DW_WINDOW (widget);

  /* The entry itself: moving on from the focus, as this once did, took
   * a second Ctrl+F (or one in the entry) to the filters button. */
  adw_leaflet_set_visible_child_name (self->leaflet, "cards");
  gtk_widget_grab_focus (GTK_WIDGET (dw_card_browser_get_entry (self->browser)));
}

static void
on_close_response_cb (AdwMessageDialog *dialog,
                      const char       *response,
                      DwWindow         *self)
{
  dw_save_question_destroy (GTK_WIDGET (dialog));
  if (g_str_equal (response, "discard"))
    {
      self->close_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
  else if (g_str_equal (response, "save"))
    {
      if (self->file == NULL)
        save_as (self, TRUE);
      else if (save_or_say (self, self->file))
        {
          self->close_confirmed = TRUE;
          gtk_window_close (GTK_WINDOW (self));
        }
    }
}

/* Closing with unsaved changes asks first. */
static gboolean
dw_window_close_request (GtkWindow *window)
{
  DwWindow *self = DW_WINDOW (window);
  GtkWidget *dialog;
  const char *name;
  g_autofree char *body = NULL;

  if (self->close_confirmed || self->history == NULL || !dw_deck_history_is_modified (self->history))
    return FALSE;

  name = dw_deck_get_name (self->deck);
  body = g_strdup_printf (_("“%s” has changes that are not saved. Saving keeps them, legal or not."),
                          name && *name ? name : _("New Deck"));
  dialog = dw_save_question_new (window, _("Save Changes?"), body, NULL);
  g_signal_connect (dialog, "response", G_CALLBACK (on_close_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* Deck files dropped on the window open as if chosen with Open. */
static gboolean
on_files_dropped_cb (GtkDropTarget *target,
                     const GValue  *value,
                     double         x,
                     double         y,
                     DwWindow      *self)
{
  GSList *files = g_value_get_boxed (value);

  for (GSList *l = files; l; l = l->next)
    open_file_somewhere (self, l->data);
  return files != NULL;
}

/* "Open Recent" lists the decks this app opened or saved. */
void
dw_window_update_recent (DwWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  const char *app_name = g_get_application_name ();
  guint added = 0;

  g_menu_remove_all (self->recent_submenu);
  for (GList *l = items; l && added < 10; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      g_autoptr(GMenuItem) item = NULL;

      if (app_name == NULL || !gtk_recent_info_has_application (info, app_name) ||
          !g_str_has_suffix (gtk_recent_info_get_uri (info), ".xml"))
        continue;

      item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target (item, "win.open-recent", "s", gtk_recent_info_get_uri (info));
      g_menu_append_item (self->recent_submenu, item);
      added++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

void
dw_window_class_add_actions (GtkWidgetClass *widget_class)
{
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (widget_class);

  window_class->close_request = dw_window_close_request;

  gtk_widget_class_install_action (widget_class, "win.new", "s", new_action);
  gtk_widget_class_install_action (widget_class, "win.new-same-game", NULL, new_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.paste-decklist", NULL, paste_decklist_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.save-to", "s", save_to_action);
  gtk_widget_class_install_action (widget_class, "win.reload", NULL, reload_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.show-problems", NULL, show_problems_action);
  gtk_widget_class_install_action (widget_class, "win.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, show_help_overlay_action);
  gtk_widget_class_install_action (widget_class, "win.playtest", NULL, playtest_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_CONTROL_MASK, "win.playtest", NULL);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.new-same-game", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "win.search", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

/* Deck files dropped anywhere on the window open. */
void
dw_window_add_drop_target (DwWindow *self)
{
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect (target, "drop", G_CALLBACK (on_files_dropped_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}
