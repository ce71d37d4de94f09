/* dw-backup-window.c — a library backup or import under way, with Stop
 *
 * The Decks page's Back Up Library…, Back Up This Folder… and Import
 * Backup… run dw_deck_backup_*_async (dw-deck-backup.h) in a worker
 * thread; this small modal window shows how far it is (bytes done of all)
 * and has Stop, which cancels it.  Closing the window is Stop too.  The
 * window stays until the worker has let go of every file, then says what
 * happened in ::finished (one sentence for a toast: how many decks and
 * versions went, that it was stopped, or the error naming the file) and
 * goes.
 *
 * A backup stopped leaves no file (the core writes the zip beside its
 * target and renames it at the end; should Stop come after that rename,
 * the window removes the zip it has just made).  An import stopped keeps
 * the decks read before Stop: each is whole, under a free name.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-backup-window.h"
#include "dw-deck-backup.h"

struct _DwBackupWindow
{
  AdwWindow       parent_instance;

  gboolean        import;
  GFile          *from;
  GFile          *to;
  gboolean        target_existed;  /* export: was the zip there before? */
  GCancellable   *cancellable;
  gboolean        running;

  /* Template children */
  AdwWindowTitle *window_title;
  GtkLabel       *what;
  GtkProgressBar *progress;
  GtkButton      *stop_button;
};

G_DEFINE_FINAL_TYPE (DwBackupWindow, dw_backup_window, ADW_TYPE_WINDOW)

enum {
  FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
on_progress_cb (guint64  done,
                guint64  total,
                gpointer user_data)
{
  DwBackupWindow *self = user_data;
  g_autofree char *done_text = g_format_size (done);
  g_autofree char *total_text = g_format_size (total);
  g_autofree char *text = NULL;

  if (!self->running)
    return;
  /* Stop pressed: the bar says so until the worker lets go. */
  if (g_cancellable_is_cancelled (self->cancellable))
    return;
  gtk_progress_bar_set_fraction (self->progress, total > 0 ? MIN (1.0, (double) done / (double) total) : 0.0);
  /* TRANSLATORS: bytes done, of bytes in all: "1.2 MB of 3.4 MB" */
  text = g_strdup_printf (_("%s of %s"), done_text, total_text);
  gtk_progress_bar_set_text (self->progress, text);
}

static char *
finished_message (DwBackupWindow *self,
                  gint64          n,
                  gint64          n_versions,
                  const GError   *error)
{
  g_autofree char *zip_name = g_file_get_basename (self->import ? self->from : self->to);
  g_autofree char *folder_name = g_file_get_basename (self->import ? self->to : self->from);
  /* A backup holds at most DW_DECK_BACKUP_MAX_ENTRIES files. */
  guint decks = (guint) CLAMP (n, 0, G_MAXUINT);
  guint versions = (guint) CLAMP (n_versions, 0, G_MAXUINT);
  g_autofree char *decks_text = NULL;
  g_autofree char *versions_text = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return self->import
      ? g_strdup_printf (_("Import stopped: the decks read before Stop are in “%s”"), folder_name)
      : g_strdup (_("Backup stopped: no file was written"));
  if (error != NULL)
    return self->import
      ? g_strdup_printf (_("The backup %s could not be imported: %s"), zip_name, error->message)
      : g_strdup_printf (_("The backup could not be made: %s"), error->message);

  /* TRANSLATORS: the first half of “Backed up 42 decks and 311 versions…” */
  decks_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u deck", "%u decks", decks), decks);
  /* TRANSLATORS: the second half of “Backed up 42 decks and 311 versions…” */
  versions_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u version", "%u versions", versions),
                                   versions);
  if (self->import)
    /* TRANSLATORS: “Imported 42 decks and 311 versions into “Decks” from backup.zip” */
    return g_strdup_printf (_("Imported %s and %s into “%s” from %s"), decks_text, versions_text,
                            folder_name, zip_name);
  /* TRANSLATORS: “Backed up 42 decks and 311 versions of “Decks” to backup.zip” */
  return g_strdup_printf (_("Backed up %s and %s of “%s” to %s"), decks_text, versions_text,
                          folder_name, zip_name);
}

static gboolean
release_cb (gpointer user_data)
{
  return G_SOURCE_REMOVE;
}

static void
on_done_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(DwBackupWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  gint64 n, n_versions = 0;

  n = dw_deck_backup_finish (result, &n_versions, &error);
  self->running = FALSE;
  /* Stopped after the zip was already whole: it goes, as Stop said. */
  if (!self->import && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && !self->target_existed)
    g_file_delete (self->to, NULL, NULL);
  message = finished_message (self, n, n_versions, error);
  g_signal_emit (self, signals[FINISHED], 0, error == NULL, message);
  gtk_window_destroy (GTK_WINDOW (self));
  /* A report of progress the worker queued before its end names the
   * window too: it stays a (destroyed) object until those have run. */
  g_idle_add_full (G_PRIORITY_LOW, release_cb, g_object_ref (self), g_object_unref);
}

static gboolean
dw_backup_window_close_request (GtkWindow *window)
{
  DwBackupWindow *self = DW_BACKUP_WINDOW (window);

  if (!self->running)
    return FALSE;
  dw_backup_window_stop (self);
  return TRUE;
}

static void
dw_backup_window_dispose (GObject *object)
{
  DwBackupWindow *self = DW_BACKUP_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), DW_TYPE_BACKUP_WINDOW);
  g_clear_object (&self->from);
  g_clear_object (&self->to);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (dw_backup_window_parent_class)->dispose (object);
}

static void
dw_backup_window_class_init (DwBackupWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = dw_backup_window_dispose;
  window_class->close_request = dw_backup_window_close_request;

  /**
   * DwBackupWindow::finished:
   * @succeeded: whether every deck went
   * @message: what happened, in one sentence for a toast
   *
   * The work is over (done, stopped or failed); the window goes next.
   */
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_BOOLEAN, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deckwright/Deckwright/dw-backup-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DwBackupWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, DwBackupWindow, what);
  gtk_widget_class_bind_template_child (widget_class, DwBackupWindow, progress);
  gtk_widget_class_bind_template_child (widget_class, DwBackupWindow, stop_button);
  gtk_widget_class_bind_template_callback (widget_class, dw_backup_window_stop);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
dw_backup_window_init (DwBackupWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
}

static DwBackupWindow *
start (GtkWindow *parent,
       gboolean   import,
       GFile     *from,
       GFile     *to)
{
  DwBackupWindow *self = g_object_new (DW_TYPE_BACKUP_WINDOW, "transient-for", parent, NULL);
  g_autofree char *from_path = g_file_get_path (from);
  g_autofree char *to_path = g_file_get_path (to);
  g_autofree char *zip_name = g_file_get_basename (import ? from : to);
  g_autofree char *folder_name = g_file_get_basename (import ? to : from);
  g_autofree char *what = NULL;

  self->import = import;
  self->from = g_object_ref (from);
  self->to = g_object_ref (to);
  self->running = TRUE;
  if (import)
    {
      adw_window_title_set_title (self->window_title, _("Importing Backup"));
      what = g_strdup_printf (_("The decks of %s, with their versions, into “%s”"), zip_name, folder_name);
    }
  else
    {
      self->target_existed = g_file_query_exists (to, NULL);
      adw_window_title_set_title (self->window_title, _("Backing Up"));
      what = g_strdup_printf (_("The decks of “%s”, with their versions, into %s"), folder_name, zip_name);
    }
  gtk_label_set_text (self->what, what);
  gtk_progress_bar_set_text (self->progress, _("Starting…"));

  /* The worker's callbacks hold the window until it is done. */
  if (import)
    dw_deck_backup_import_async (from_path, to_path, on_progress_cb, self, self->cancellable,
                                 on_done_cb, g_object_ref (self));
  else
    dw_deck_backup_export_async (from_path, to_path, on_progress_cb, self, self->cancellable,
                                 on_done_cb, g_object_ref (self));
  gtk_window_present (GTK_WINDOW (self));
  return self;
}

/* Both start at once, and show themselves.  The window is owned by GTK
 * (as every toplevel): connect to ::finished to hear the end. */
DwBackupWindow *
dw_backup_window_new_export (GtkWindow *parent,
                             GFile     *folder,
                             GFile     *zip)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_FILE (folder) && G_IS_FILE (zip), NULL);
  return start (parent, FALSE, folder, zip);
}

DwBackupWindow *
dw_backup_window_new_import (GtkWindow *parent,
                             GFile     *zip,
                             GFile     *folder)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_FILE (zip) && G_IS_FILE (folder), NULL);
  return start (parent, TRUE, zip, folder);
}

/* Cancels the work; the window goes when the worker has stopped. */
void
dw_backup_window_stop (DwBackupWindow *self)
{
  g_return_if_fail (DW_IS_BACKUP_WINDOW (self));

  if (!self->running || g_cancellable_is_cancelled (self->cancellable))
    return;
  g_cancellable_cancel (self->cancellable);
  gtk_widget_set_sensitive (GTK_WIDGET (self->stop_button), FALSE);
  gtk_progress_bar_set_text (self->progress, _("Stopping…"));
}

gboolean
dw_backup_window_is_running (DwBackupWindow *self)
{
  g_return_val_if_fail (DW_IS_BACKUP_WINDOW (self), FALSE);
  return self->running;
}

GtkProgressBar *
dw_backup_window_get_progress (DwBackupWindow *self)
{
  g_return_val_if_fail (DW_IS_BACKUP_WINDOW (self), NULL);
  return self->progress;
}

GtkButton *
dw_backup_window_get_stop_button (DwBackupWindow *self)
{
  g_return_val_if_fail (DW_IS_BACKUP_WINDOW (self), NULL);
  return self->stop_button;
}
