/* dw-window-watch.c — the deck's file, changed by another program
 *
 * The window watches the file its deck came from.  When another program
 * changes it, the window never writes over that silently: a toast says
 * so and offers to read the file again (what the window holds is kept
 * until the player chooses).  The window's own saves are told apart by
 * the file's modification time and size, noted after each save.
 *
 * Reading the file again is "win.reload", with the window's other file
 * actions in dw-window-actions.c: this file only watches, and calls
 * nothing of the window's, so the deck's file code can start a watch.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-window-private.h"

#define STAMP_ATTRIBUTES G_FILE_ATTRIBUTE_TIME_MODIFIED "," G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC "," \
                         G_FILE_ATTRIBUTE_STANDARD_SIZE

/* What the file is now: its time and size in one number each. */
static gboolean
stamp_of (GFile   *file,
          gint64  *mtime,
          goffset *size)
{
  g_autoptr(GFileInfo) info = g_file_query_info (file, STAMP_ATTRIBUTES, G_FILE_QUERY_INFO_NONE, NULL, NULL);

  if (info == NULL)
    return FALSE;
  *mtime = (gint64) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC +
           g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
  *size = g_file_info_get_size (info);
  return TRUE;
}

static void
on_reload_toast_dismissed_cb (AdwToast *toast,
                              DwWindow *self)
{
  if (self->reload_toast == toast)
    g_clear_object (&self->reload_toast);
}

static void
offer_reload (DwWindow *self)
{
  g_autofree char *name = g_file_get_basename (self->file);
  g_autofree char *title = NULL;

  if (self->reload_toast != NULL)
    return;
  title = dw_deck_history_is_modified (self->history)
    ? g_markup_printf_escaped (_("Another program changed “%s”; reloading drops your unsaved changes"), name)
    : g_markup_printf_escaped (_("Another program changed “%s”"), name);
  self->reload_toast = adw_toast_new (title);
  adw_toast_set_button_label (self->reload_toast, _("_Reload"));
  adw_toast_set_action_name (self->reload_toast, "win.reload");
  adw_toast_set_timeout (self->reload_toast, 0);
  adw_toast_set_priority (self->reload_toast, ADW_TOAST_PRIORITY_HIGH);
  g_signal_connect (self->reload_toast, "dismissed", G_CALLBACK (on_reload_toast_dismissed_cb), self);
  adw_toast_overlay_add_toast (self->toasts, g_object_ref (self->reload_toast));
}

static void
on_file_changed_cb (GFileMonitor      *monitor,
                    GFile             *file,
                    GFile             *other_file,
                    GFileMonitorEvent  event,
                    DwWindow          *self)
{
  gint64 mtime;
  goffset size;

  if (event != G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT && event != G_FILE_MONITOR_EVENT_CREATED &&
      event != G_FILE_MONITOR_EVENT_MOVED_IN && event != G_FILE_MONITOR_EVENT_RENAMED &&
      event != G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED)
    return;
  /* Our own save, or a change that left the file as it was. */
  if (!stamp_of (self->file, &mtime, &size) || (mtime == self->file_mtime && size == self->file_size))
    return;
  offer_reload (self);
}

/* Notes what the file is now, as the window last read or wrote it. */
void
dw_window_watch_note_saved (DwWindow *self)
{
  if (self->file == NULL || !stamp_of (self->file, &self->file_mtime, &self->file_size))
    self->file_mtime = self->file_size = -1;
}

/* Watches the window's file from now on (none for a new deck). */
void
dw_window_watch_file (DwWindow *self)
{
  dw_window_watch_stop (self);
  if (self->file == NULL || !g_file_is_native (self->file))
    return;
  dw_window_watch_note_saved (self);
  self->file_monitor = g_file_monitor_file (self->file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (self->file_monitor != NULL)
    g_signal_connect (self->file_monitor, "changed", G_CALLBACK (on_file_changed_cb), self);
}

void
dw_window_watch_stop (DwWindow *self)
{
  if (self->file_monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->file_monitor, self);
      g_file_monitor_cancel (self->file_monitor);
      g_clear_object (&self->file_monitor);
    }
  if (self->reload_toast != NULL)
    adw_toast_dismiss (self->reload_toast);
  g_clear_object (&self->reload_toast);
}

/* The offer on show, for the tests. */
AdwToast *
dw_window_get_reload_toast (DwWindow *self)
{
  return self->reload_toast;
}
