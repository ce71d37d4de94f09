/* dw-library-page-actions.c — what the player does to the Decks page's files
 *
 * New deck and new folder in the folder shown, rename (a deck of ours
 * takes the name too), move by drag and drop, import of files dropped
 * from elsewhere (copied, never changed where they came from), and
 * delete to the trash with Undo: the file goes when its toast goes.
 * Its menu offers the library's other folders (Preferences' “Deck
 * Library”, the key library-folders), following the key at once, backs
 * the library or the folder shown up to one .zip and imports such a file
 * into the folder shown (dw-backup-window.c).
 * dw-library-page.c shows the folder and searches the library.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dw-deck-versions.h"
#include "dw-library-page-private.h"
#include "dw-library-row.h"
#include "dw-preferences-window.h"

/* @name, or "@name (2)", "@name (3)"… before @suffix: the first that no
 * file of @folder has. */
static GFile *
free_name (GFile      *folder,
           const char *name,
           const char *suffix)
{
  for (guint n = 1; n < G_MAXUINT; n++)
    {
      g_autofree char *basename = n == 1 ? g_strconcat (name, suffix, NULL)
                                         : g_strdup_printf ("%s (%u)%s", name, n, suffix);
      g_autoptr(GFile) candidate = g_file_get_child (folder, basename);

      if (!g_file_query_exists (candidate, NULL))
        return g_steal_pointer (&candidate);
    }
  g_assert_not_reached ();
}


static gboolean move_or_import (DwLibraryPage *self,
                                GSList        *files,
                                GFile         *folder);

static gboolean
on_drop_into_folder_cb (GtkDropTarget *target,
                        const GValue  *value,
                        double         x,
                        double         y,
                        DwLibraryPage *self)
{
  GFile *folder = g_object_get_data (G_OBJECT (target), "folder");

  if (folder == NULL)
    return FALSE;
  return move_or_import (self, g_value_get_boxed (value), folder);
}

GtkDropTarget *
dw_library_page_folder_drop_target (DwLibraryPage *self)
{
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_MOVE | GDK_ACTION_COPY);

  g_signal_connect (target, "drop", G_CALLBACK (on_drop_into_folder_cb), self);
  return target;
}


/* Moves the library's own files into @folder, and copies anyone else's
 * there; a file already in @folder stays as it is. */
static gboolean
move_or_import (DwLibraryPage *self,
                GSList        *files,
                GFile         *folder)
{
  g_autoptr(GSList) outside = NULL;
  g_autoptr(GError) error = NULL;
  gboolean done = FALSE;

  for (GSList *l = files; l != NULL; l = l->next)
    {
      GFile *file = l->data;
      g_autoptr(GFile) parent = g_file_get_parent (file);

      if (parent != NULL && g_file_equal (parent, folder))
        continue;
      if (self->root != NULL && dw_library_page_inside (file, self->root))
        {
          if (!dw_library_page_move (self, file, folder, &error))
            {
              dw_library_page_toast_error (self, error->message);
              return FALSE;
            }
          done = TRUE;
        }
      else
        outside = g_slist_append (outside, file);
    }
  if (outside != NULL)
    {
      g_autoptr(GFile) shown = g_object_ref (self->folder);

      g_set_object (&self->folder, folder);
      if (dw_library_page_import (self, outside, &error) == 0 && error != NULL)
        dw_library_page_toast_error (self, error->message);
      else
        done = TRUE;
      g_set_object (&self->folder, shown);
    }
  return done;
}

static gboolean
on_page_drop_cb (GtkDropTarget *target,
                 const GValue  *value,
                 double         x,
                 double         y,
                 DwLibraryPage *self)
{
  return move_or_import (self, g_value_get_boxed (value), self->folder);
}

static GdkContentProvider *
on_drag_prepare_cb (GtkDragSource *source,
                    double         x,
                    double         y,
                    DwLibraryRow  *row)
{
  GFile *file = dw_library_row_get_file (row);
  g_autoptr(GSList) files = NULL;

  if (file == NULL)
    return NULL;
  files = g_slist_prepend (NULL, file);
  return gdk_content_provider_new_typed (GDK_TYPE_FILE_LIST, files);
}

static gboolean
on_row_drop_cb (GtkDropTarget *target,
                const GValue  *value,
                double         x,
                double         y,
                DwLibraryRow  *row)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (gtk_widget_get_ancestor (GTK_WIDGET (row), DW_TYPE_LIBRARY_PAGE));
  GFile *folder = dw_library_row_get_file (row);

  return self != NULL && folder != NULL && move_or_import (self, g_value_get_boxed (value), folder);
}

/* Only a folder's row takes a drop; on a deck's the page takes it. */
static gboolean
on_row_accept_cb (GtkDropTarget *target,
                  GdkDrop       *drop,
                  DwLibraryRow  *row)
{
  return dw_library_row_is_folder (row) &&
         gdk_content_formats_contain_gtype (gdk_drop_get_formats (drop), GDK_TYPE_FILE_LIST);
}


/* A row is dragged to move its file; a folder's row takes drops. */
void
dw_library_page_add_row_dnd (DwLibraryRow *row)
{
  GtkDragSource *source = gtk_drag_source_new ();
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_MOVE | GDK_ACTION_COPY);

  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (on_drag_prepare_cb), row);
  gtk_widget_add_controller (GTK_WIDGET (row), GTK_EVENT_CONTROLLER (source));
  g_signal_connect (target, "accept", G_CALLBACK (on_row_accept_cb), row);
  g_signal_connect (target, "drop", G_CALLBACK (on_row_drop_cb), row);
  gtk_widget_add_controller (GTK_WIDGET (row), GTK_EVENT_CONTROLLER (target));
}

/* Files dropped onto the page go into the folder shown. */
void
dw_library_page_add_drop_target (DwLibraryPage *self)
{
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY | GDK_ACTION_MOVE);

  g_signal_connect (target, "drop", G_CALLBACK (on_page_drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}

static GFileInfo *
selected_info (DwLibraryPage *self)
{
  DwSlot *slot = gtk_single_selection_get_selected_item (self->selection);

  return slot != NULL ? dw_slot_get_item (slot) : NULL;
}

static void
trash_finish (DwLibraryPage *self,
              const char    *path)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *key = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_hash_table_steal_extended (self->pending_trash, path, (gpointer *) &key, (gpointer *) &file))
    return;
  if (!g_file_trash (file, NULL, &error))
    {
      g_autofree char *message = g_strdup_printf (_("%s could not be moved to the trash: %s"), path, error->message);

      dw_library_page_toast_error (self, message);
      gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_LESS_STRICT);
    }
}

static void
on_trash_toast_dismissed_cb (AdwToast      *toast,
                             DwLibraryPage *self)
{
  trash_finish (self, g_object_get_data (G_OBJECT (toast), "path"));
}

static void
undo_trash_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (widget);

  if (g_hash_table_remove (self->pending_trash, g_variant_get_string (parameter, NULL)))
    gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_LESS_STRICT);
}

static void
trash_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (widget);
  GFileInfo *info = selected_info (self);

  if (info != NULL)
    dw_library_page_trash (self, dw_library_page_info_file (info));
}

static void
new_deck_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = dw_library_page_new_deck (self, g_variant_get_string (parameter, NULL), &error);

  if (file == NULL)
    dw_library_page_toast_error (self, error->message);
  else
    g_signal_emit_by_name (self, "deck-activated", file);
}

static void
new_folder_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) folder = dw_library_page_new_folder (self, _("New Folder"), &error);

  if (folder == NULL)
    dw_library_page_toast_error (self, error->message);
}

static void
on_rename_response_cb (AdwMessageDialog *dialog,
                       const char       *response,
                       DwLibraryPage    *self)
{
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  GFile *file = g_object_get_data (G_OBJECT (dialog), "file");
  g_autoptr(GFile) renamed = NULL;
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "rename") != 0)
    return;
  renamed = dw_library_page_rename (self, file, gtk_editable_get_text (entry), &error);
  if (renamed == NULL)
    dw_library_page_toast_error (self, error->message);
}

static void
rename_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (widget);
  GFileInfo *info = selected_info (self);
  GtkWidget *dialog;
  GtkWidget *entry;
  g_autofree char *stem = NULL;
  g_autofree char *suffix = NULL;

  if (info == NULL)
    return;
  dw_library_page_split_name (g_file_info_get_display_name (info), &stem, &suffix);
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)),
                                   dw_library_page_is_folder (info) ? _("Rename Folder") : _("Rename Deck"), NULL);
  entry = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (entry), stem);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("New name"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "rename", _("_Rename"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "rename", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "rename");
  g_object_set_data_full (G_OBJECT (dialog), "file", g_object_ref (dw_library_page_info_file (info)), g_object_unref);
  g_signal_connect (dialog, "response", G_CALLBACK (on_rename_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
dw_library_page_fill_new_menu (DwLibraryPage *self)
{
  GListModel *games = dw_library_get_games (self->library);

  g_menu_remove_all (self->new_deck_section);
  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr(DwGame) game = g_list_model_get_item (games, i);
      g_autofree char *label = g_strdup_printf (_("New %s Deck"), dw_game_get_name (game));
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target (item, "library.new-deck", "s", dw_game_get_id (game));
      g_menu_append_item (self->new_deck_section, item);
    }
}
/* --- Duplicate and the row menu ------------------------------------ */

/* Selects the row of self->select_when_listed once the list has it. */
static void
select_listed (DwLibraryPage *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->shown));

  if (self->select_when_listed == NULL)
    return;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GFileInfo) info = g_list_model_get_item (G_LIST_MODEL (self->shown), i);

      if (g_file_equal (dw_library_page_info_file (info), self->select_when_listed))
        {
          g_clear_object (&self->select_when_listed);
          gtk_single_selection_set_selected (self->selection, i);
          gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", i);
          return;
        }
    }
}

static void
duplicate_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (widget);
  GFileInfo *info = selected_info (self);
  g_autoptr(GFile) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *message = NULL;

  if (info == NULL || dw_library_page_is_folder (info))
    return;
  copy = dw_library_page_duplicate (self, dw_library_page_info_file (info), &error);
  if (copy == NULL)
    {
      dw_library_page_toast_error (self, error->message);
      return;
    }
  basename = g_file_get_basename (copy);
  message = g_markup_printf_escaped (_("Duplicated as “%s”"), basename);
  dw_library_page_add_toast (self, adw_toast_new (message));
  g_set_object (&self->select_when_listed, copy);
  select_listed (self);
}

/* The menu closed: the keyboard is back on the row it was opened for
 * (GTK gives the focus to the list itself, where the arrows start over). */
static void
on_row_menu_closed_cb (DwLibraryPage *self)
{
  GFileInfo *info = selected_info (self);
  GHashTableIter iter;
  gpointer row, shown;

  if (info == NULL)
    return;
  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &row, &shown))
    if (shown == info && gtk_widget_get_parent (row) != NULL)
      {
        gtk_widget_grab_focus (gtk_widget_get_parent (row));
        return;
      }
}

/* The row menu, pointing at @x, @y of the list. */
static void
popup_row_menu (DwLibraryPage *self,
                double         x,
                double         y)
{
  GdkRectangle at = { (int) x, (int) y, 1, 1 };

  if (self->row_popover == NULL)
    {
      self->row_popover = gtk_popover_menu_new_from_model (self->row_menu);
      gtk_widget_set_parent (self->row_popover, GTK_WIDGET (self->list_view));
      gtk_popover_set_has_arrow (GTK_POPOVER (self->row_popover), FALSE);
      gtk_widget_set_halign (self->row_popover, GTK_ALIGN_START);
      g_signal_connect_object (self->row_popover, "closed", G_CALLBACK (on_row_menu_closed_cb), self,
                               G_CONNECT_SWAPPED | G_CONNECT_AFTER);
    }
  gtk_popover_set_pointing_to (GTK_POPOVER (self->row_popover), &at);
  gtk_popover_popup (GTK_POPOVER (self->row_popover));
}

static void
on_list_pressed_cb (GtkGestureClick *gesture,
                    int              n_press,
                    double           x,
                    double           y,
                    DwLibraryPage   *self)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self->list_view), x, y, GTK_PICK_DEFAULT);
  GtkWidget *row = picked ? gtk_widget_get_ancestor (picked, DW_TYPE_LIBRARY_ROW) : NULL;
  GFileInfo *info = row ? g_hash_table_lookup (self->bound, row) : NULL;
  guint position;

  if (info == NULL)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  for (position = 0; position < g_list_model_get_n_items (G_LIST_MODEL (self->shown)); position++)
    {
      g_autoptr(GFileInfo) listed = g_list_model_get_item (G_LIST_MODEL (self->shown), position);

      if (listed == info)
        {
          gtk_single_selection_set_selected (self->selection, position);
          break;
        }
    }
  popup_row_menu (self, x, y);
}

/* The Menu key and Shift+F10: the menu of the row selected, beside it. */
static void
row_menu_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (widget);
  GFileInfo *info = selected_info (self);
  GHashTableIter iter;
  gpointer row, shown;

  if (info == NULL)
    return;
  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &row, &shown))
    if (shown == info)
      {
        graphene_rect_t bounds;

        if (gtk_widget_compute_bounds (row, GTK_WIDGET (self->list_view), &bounds))
          {
            popup_row_menu (self, bounds.origin.x + 24, bounds.origin.y + bounds.size.height / 2);
            return;
          }
      }
  popup_row_menu (self, 24, 24);
}

/* The row menu on a right click, and the duplicate selected once listed. */
void
dw_library_page_add_row_menu (DwLibraryPage *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  g_signal_connect_swapped (self->shown, "items-changed", G_CALLBACK (select_listed), self);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_list_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->list_view), GTK_EVENT_CONTROLLER (click));
}

/* --- end of Duplicate and the row menu ------------------------------- */

/* --- the library's folders, and backups (the page's menu) ----------- */

static void
on_backup_finished_cb (DwBackupWindow *window,
                       gboolean        succeeded,
                       const char     *message,
                       DwLibraryPage  *self)
{
  g_autofree char *title = g_markup_escape_text (message, -1);
  AdwToast *toast = adw_toast_new (title);

  /* A failure stays until the player has read it. */
  if (!succeeded)
    adw_toast_set_timeout (toast, 0);
  dw_library_page_add_toast (self, toast);
}

/* Backs @folder (the library's, or one in it) up into @zip, showing the
 * progress with Stop; a toast says how it ended. */
DwBackupWindow *
dw_library_page_back_up (DwLibraryPage *self,
                         GFile         *folder,
                         GFile         *zip)
{
  GtkRoot *parent = gtk_widget_get_root (GTK_WIDGET (self));
  DwBackupWindow *window;

  g_return_val_if_fail (DW_IS_LIBRARY_PAGE (self), NULL);

  window = dw_backup_window_new_export (GTK_IS_WINDOW (parent) ? GTK_WINDOW (parent) : NULL, folder, zip);
  g_signal_connect_object (window, "finished", G_CALLBACK (on_backup_finished_cb), self, 0);
  return window;
}

/* Imports the backup @zip into the folder shown. */
DwBackupWindow *
dw_library_page_import_backup (DwLibraryPage *self,
                               GFile         *zip)
{
  GtkRoot *parent = gtk_widget_get_root (GTK_WIDGET (self));
  DwBackupWindow *window;

  g_return_val_if_fail (DW_IS_LIBRARY_PAGE (self), NULL);
  g_return_val_if_fail (self->folder != NULL, NULL);

  window = dw_backup_window_new_import (GTK_IS_WINDOW (parent) ? GTK_WINDOW (parent) : NULL, zip, self->folder);
  g_signal_connect_object (window, "finished", G_CALLBACK (on_backup_finished_cb), self, 0);
  return window;
}

static void
on_backup_target_chosen_cb (GtkNativeDialog *chooser,
                            int              response,
                            DwLibraryPage   *self)
{
  GFile *folder = g_object_get_data (G_OBJECT (chooser), "folder");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) zip = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      dw_library_page_back_up (self, folder, zip);
    }
  g_object_unref (chooser);
}

static void
choose_backup_target (DwLibraryPage *self,
                      GFile         *folder)
{
  GtkRoot *parent = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *day = g_date_time_format (now, "%Y-%m-%d");
  g_autofree char *name = g_file_get_basename (folder);
  g_autofree char *suggested = NULL;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooserNative *chooser;

  if (folder == NULL)
    return;
  /* TRANSLATORS: a backup's file name: the folder's name, then the day */
  suggested = g_strdup_printf (_("%s backup %s.zip"), name, day);
  chooser = gtk_file_chooser_native_new (_("Back Up to a Zip File"), GTK_IS_WINDOW (parent) ? GTK_WINDOW (parent) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Back Up"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Zip files"));
  gtk_file_filter_add_suffix (filter, "zip");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), suggested);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_object_set_data_full (G_OBJECT (chooser), "folder", g_object_ref (folder), g_object_unref);
  g_signal_connect (chooser, "response", G_CALLBACK (on_backup_target_chosen_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
back_up_library_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  choose_backup_target (DW_LIBRARY_PAGE (widget), DW_LIBRARY_PAGE (widget)->root);
}

static void
back_up_folder_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  choose_backup_target (DW_LIBRARY_PAGE (widget), DW_LIBRARY_PAGE (widget)->folder);
}

static void
on_backup_source_chosen_cb (GtkNativeDialog *chooser,
                            int              response,
                            DwLibraryPage   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) zip = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      dw_library_page_import_backup (self, zip);
    }
  g_object_unref (chooser);
}

static void
import_backup_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (widget);
  GtkRoot *parent = gtk_widget_get_root (widget);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooserNative *chooser;

  if (self->folder == NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Import a Backup"), GTK_IS_WINDOW (parent) ? GTK_WINDOW (parent) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Zip files"));
  gtk_file_filter_add_suffix (filter, "zip");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_backup_source_chosen_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

void
dw_library_page_class_add_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "library.trash", NULL, trash_action);
  gtk_widget_class_install_action (widget_class, "library.undo-trash", "s", undo_trash_action);
  gtk_widget_class_install_action (widget_class, "library.rename", NULL, rename_action);
  gtk_widget_class_install_action (widget_class, "library.new-deck", "s", new_deck_action);
  gtk_widget_class_install_action (widget_class, "library.new-folder", NULL, new_folder_action);
  gtk_widget_class_install_action (widget_class, "library.duplicate", NULL, duplicate_action);
  gtk_widget_class_install_action (widget_class, "library.back-up-library", NULL, back_up_library_action);
  gtk_widget_class_install_action (widget_class, "library.back-up-folder", NULL, back_up_folder_action);
  gtk_widget_class_install_action (widget_class, "library.import-backup", NULL, import_backup_action);
  gtk_widget_class_install_action (widget_class, "library.row-menu", NULL, row_menu_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK, "library.duplicate", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "library.row-menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "library.row-menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "library.trash", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F2, 0, "library.rename", NULL);
}

/* --- public ----------------------------------------------------------- */

/* Saves a new, empty deck of @game_id in the folder shown, as "New Deck",
 * "New Deck (2)"…, in the player's default format for the game. */
GFile *
dw_library_page_new_deck (DwLibraryPage *self,
                          const char    *game_id,
                          GError       **error)
{
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  DwGame *game;
  DwFormat *format;

  g_return_val_if_fail (DW_IS_LIBRARY_PAGE (self), NULL);

  game = dw_library_lookup_game (self->library, game_id);
  if (game == NULL)
    {
      g_set_error (error, DW_LIBRARY_ERROR, DW_LIBRARY_ERROR_UNKNOWN_GAME,
                   _("Deckwright does not know the game “%s”"), game_id);
      return NULL;
    }
  deck = dw_deck_new (game_id);
  format = dw_preferences_default_format (self->settings, game);
  if (format != NULL)
    dw_deck_set_format_id (deck, dw_format_get_id (format));
  file = free_name (self->folder, _("New Deck"), ".xml");
  path = g_file_get_path (file);
  if (!dw_deck_save (deck, path, error))
    return NULL;
  return g_steal_pointer (&file);
}

GFile *
dw_library_page_new_folder (DwLibraryPage *self,
                            const char    *name,
                            GError       **error)
{
  g_autoptr(GFile) folder = NULL;

  g_return_val_if_fail (DW_IS_LIBRARY_PAGE (self), NULL);

  folder = free_name (self->folder, name, "");
  if (!g_file_make_directory (folder, NULL, error))
    return NULL;
  return g_steal_pointer (&folder);
}

/* Hides @file at once and moves it to the trash when its toast goes,
 * unless the player chose Undo. */
void
dw_library_page_trash (DwLibraryPage *self,
                       GFile         *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *title = NULL;
  AdwToast *toast;

  g_return_if_fail (DW_IS_LIBRARY_PAGE (self));

  if (path == NULL || g_hash_table_contains (self->pending_trash, path))
    return;
  g_hash_table_insert (self->pending_trash, g_strdup (path), g_object_ref (file));
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_MORE_STRICT);

  title = g_markup_printf_escaped (_("“%s” moved to the trash"), name);
  toast = adw_toast_new (title);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "library.undo-trash");
  adw_toast_set_action_target_value (toast, g_variant_new_string (path));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_object_set_data_full (G_OBJECT (toast), "path", g_strdup (path), g_free);
  g_signal_connect (toast, "dismissed", G_CALLBACK (on_trash_toast_dismissed_cb), self);
  dw_library_page_add_toast (self, toast);
}

/* Renames a deck, or a folder, to @name.  A deck of ours takes @name as
 * its own too, and its file is named after it; a deck of another format
 * only changes its file's name.  The file keeps its kind's suffix. */
GFile *
dw_library_page_rename (DwLibraryPage *self,
                        GFile         *file,
                        const char    *name,
                        GError       **error)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *stem = NULL;
  g_autofree char *suffix = NULL;
  g_autofree char *wanted = g_strstrip (g_strdup (name));
  g_autofree char *new_basename = NULL;
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autoptr(GFile) target = NULL;

  g_return_val_if_fail (DW_IS_LIBRARY_PAGE (self), NULL);

  if (*wanted == '\0' || strchr (wanted, '/') != NULL || wanted[0] == '.')
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                   _("“%s” cannot name a file: a name is not empty, has no “/” and does not start with a dot"),
                   name);
      return NULL;
    }
  dw_library_page_split_name (basename, &stem, &suffix);
  if (g_file_query_file_type (file, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL) == G_FILE_TYPE_DIRECTORY)
    {
      g_free (suffix);
      suffix = g_strdup ("");
    }
  new_basename = g_strconcat (wanted, suffix, NULL);
  target = g_file_get_child (parent, new_basename);

  if (!g_file_equal (target, file) && g_file_query_exists (target, NULL))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _("“%s” is already in this folder: choose another name"), new_basename);
      return NULL;
    }

  if (g_str_equal (suffix, ".xml"))
    {
      g_autofree char *path = g_file_get_path (file);
      g_autofree char *target_path = g_file_get_path (target);
      g_autoptr(DwDeck) deck = dw_deck_load (path, error);

      if (deck == NULL)
        return NULL;
      dw_deck_set_name (deck, wanted);
      /* The new file is whole before the old one goes. */
      if (!dw_deck_save (deck, target_path, error))
        return NULL;
      if (!g_file_equal (target, file) && !g_file_delete (file, NULL, error))
        return NULL;
      return g_steal_pointer (&target);
    }

  if (!g_file_move (file, target, G_FILE_COPY_NOFOLLOW_SYMLINKS, NULL, NULL, NULL, error))
    return NULL;
  return g_steal_pointer (&target);
}

/* Copies the deck @file as “NAME (copy)” (“NAME (copy) (2)”…) in its
 * folder.  The copy is a deck of its own: a deck of ours takes the new
 * name inside, and the copy is written as a save, so that the version
 * store gives it an identity of its own at once and never takes it for
 * the original (whose history stays with the original). */
GFile *
dw_library_page_duplicate (DwLibraryPage *self,
                           GFile         *file,
                           GError       **error)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *stem = NULL;
  g_autofree char *suffix = NULL;
  g_autofree char *copy_stem = NULL;
  g_autofree char *target_path = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autoptr(GFile) target = NULL;
  gsize length;

  g_return_val_if_fail (DW_IS_LIBRARY_PAGE (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  dw_library_page_split_name (basename, &stem, &suffix);
  /* Translators: the name of a duplicated deck. */
  copy_stem = g_strdup_printf (_("%s (copy)"), stem);
  target = free_name (parent, copy_stem, suffix);
  target_path = g_file_get_path (target);

  if (g_str_equal (suffix, ".xml"))
    {
      g_autoptr(DwDeck) deck = dw_deck_load (path, error);
      const char *name = NULL;
      g_autofree char *copy_name = NULL;

      if (deck == NULL)
        return NULL;
      name = dw_deck_get_name (deck);
      copy_name = g_strdup_printf (_("%s (copy)"), name && *name ? name : stem);
      dw_deck_set_name (deck, copy_name);
      if (!dw_deck_save_copy (deck, target_path, error))
        return NULL;
      return g_steal_pointer (&target);
    }

  if (!g_file_get_contents (path, &contents, &length, error))
    return NULL;
  if (!dw_deck_versions_save_file (target_path, contents, (gssize) length, error))
    return NULL;
  return g_steal_pointer (&target);
}

/* Moves @file, a deck or folder of the library, into @folder; a file of
 * the same name there is never replaced. */
gboolean
dw_library_page_move (DwLibraryPage *self,
                      GFile         *file,
                      GFile         *folder,
                      GError       **error)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autoptr(GFile) target = g_file_get_child (folder, basename);

  g_return_val_if_fail (DW_IS_LIBRARY_PAGE (self), FALSE);

  if (dw_library_page_inside (folder, file))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The folder “%s” cannot go inside itself"), basename);
      return FALSE;
    }
  if (g_file_query_exists (target, NULL))
    {
      g_autofree char *where = g_file_get_basename (folder);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _("“%s” is already in “%s”: rename one of them first"), basename, where);
      return FALSE;
    }
  return g_file_move (file, target, G_FILE_COPY_NOFOLLOW_SYMLINKS, NULL, NULL, NULL, error);
}

/* Copies the decks among @files (GFile) into the folder shown, under a
 * free name; the files they came from are never changed.  Returns how
 * many were copied; @error says why the first that could not be was
 * not. */
guint
dw_library_page_import (DwLibraryPage *self,
                        GSList        *files,
                        GError       **error)
{
  guint copied = 0;
  guint refused = 0;

  g_return_val_if_fail (DW_IS_LIBRARY_PAGE (self), 0);

  for (GSList *l = files; l != NULL; l = l->next)
    {
      GFile *file = l->data;
      g_autofree char *basename = g_file_get_basename (file);
      g_autofree char *stem = NULL;
      g_autofree char *suffix = NULL;
      g_autoptr(GFile) target = NULL;
      g_autoptr(GError) local_error = NULL;

      if (basename == NULL || !dw_library_page_is_deck_name (basename) ||
          g_file_query_file_type (file, 0, NULL) != G_FILE_TYPE_REGULAR)
        {
          if (refused++ == 0)
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                         _("%s is no deck file Deckwright reads (deck XML, deck text, CSV, .cod or Arcmage JSON)"),
                         basename ? basename : "?");
          continue;
        }
      dw_library_page_split_name (basename, &stem, &suffix);
      target = free_name (self->folder, stem, suffix);
      if (!g_file_copy (file, target, G_FILE_COPY_NONE, NULL, NULL, NULL, &local_error))
        {
          if (refused++ == 0)
            g_propagate_error (error, g_steal_pointer (&local_error));
          continue;
        }
      copied++;
    }
  return copied;
}
