/* dw-window-autosave.c — unsaved work survives a crash
 *
 * A window whose deck has unsaved changes writes it every few seconds to
 * $XDG_STATE_HOME/deckwright/autosave/<id>.xml, with <id>.ini saying which
 * file it came from.  Saving, or closing on purpose, removes both.  Files
 * still there when Deckwright starts were left by a crash: the
 * application offers them back (dw_application_recover()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "dw-window-private.h"

#define AUTOSAVE_SECONDS 3

char *
dw_window_autosave_dir (void)
{
  return g_build_filename (g_get_user_state_dir (), "deckwright", "autosave", NULL);
}

static char *
autosave_path (DwWindow   *self,
               const char *extension)
{
  g_autofree char *dir = dw_window_autosave_dir ();
  g_autofree char *name = g_strconcat (self->autosave_id, extension, NULL);

  return g_build_filename (dir, name, NULL);
}

/* Forgets the autosaved copy: the deck is saved, or the player chose to
 * let it go. */
void
dw_window_autosave_clear (DwWindow *self)
{
  g_autofree char *deck_path = autosave_path (self, ".xml");
  g_autofree char *info_path = autosave_path (self, ".ini");

  g_unlink (deck_path);
  g_unlink (info_path);
  self->autosave_dirty = FALSE;
}

static gboolean
write_autosave (DwWindow  *self,
                GError   **error)
{
  g_autofree char *dir = dw_window_autosave_dir ();
  g_autofree char *deck_path = autosave_path (self, ".xml");
  g_autofree char *info_path = autosave_path (self, ".ini");
  g_autoptr(GKeyFile) info = g_key_file_new ();

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno),
                   _("%s cannot be made: %s"), dir, g_strerror (errno));
      return FALSE;
    }

  if (!dw_deck_save_copy (self->deck, deck_path, error))
    return FALSE;

  if (self->file != NULL)
    {
      g_autofree char *uri = g_file_get_uri (self->file);
      g_key_file_set_string (info, "autosave", "file", uri);
    }
  return g_key_file_save_to_file (info, info_path, error);
}

static gboolean
on_autosave_tick_cb (gpointer user_data)
{
  DwWindow *self = user_data;
  g_autoptr(GError) error = NULL;

  if (!self->autosave_dirty || self->history == NULL)
    return G_SOURCE_CONTINUE;

  if (!dw_deck_history_is_modified (self->history))
    dw_window_autosave_clear (self);
  else if (write_autosave (self, &error))
    self->autosave_dirty = FALSE;
  else
    g_warning ("Unsaved changes could not be kept aside: %s", error->message);

  return G_SOURCE_CONTINUE;
}

static void
on_deck_changed_cb (DwWindow *self)
{
  self->autosave_dirty = TRUE;
}

/* Watches the window's deck (called again whenever it holds another). */
void
dw_window_autosave_watch (DwWindow *self)
{
  if (self->autosave_id == NULL)
    self->autosave_id = g_uuid_string_random ();
  if (self->autosave_source == 0)
    self->autosave_source = g_timeout_add_seconds (AUTOSAVE_SECONDS, on_autosave_tick_cb, self);

  dw_window_autosave_clear (self);
  g_signal_connect_object (self->deck, "changed", G_CALLBACK (on_deck_changed_cb), self, G_CONNECT_SWAPPED);
}

void
dw_window_autosave_stop (DwWindow *self)
{
  g_clear_handle_id (&self->autosave_source, g_source_remove);
  g_clear_pointer (&self->autosave_id, g_free);
}

/* Writes the autosaved copy now, whatever the timer says; for tests and
 * for the moment before a risky operation. */
gboolean
dw_window_autosave_now (DwWindow  *self,
                        GError   **error)
{
  g_return_val_if_fail (DW_IS_WINDOW (self), FALSE);
  return write_autosave (self, error);
}
