/* dw-window-images.c — Get Card Images
 *
 * Downloads the images the game's card databases name by address (see
 * src/core/dw-images.c) with a dialog that shows how far it is and stops
 * when asked; what was fetched stays, and the next time resumes.  The
 * preferences can forbid downloading: the action is then disabled.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-images.h"
#include "dw-window-private.h"

typedef struct
{
  AdwMessageDialog *dialog;
  GtkProgressBar   *progress;
  GCancellable     *cancellable;
} Fetching;

static void
fetching_free (Fetching *fetching)
{
  g_clear_weak_pointer (&fetching->dialog);
  g_object_unref (fetching->cancellable);
  g_free (fetching);
}

static void
on_progress_cb (guint    done,
                guint    total,
                gpointer user_data)
{
  Fetching *fetching = user_data;
  g_autofree char *text = NULL;

  if (fetching->dialog == NULL)
    return;
  /* TRANSLATORS: images done so far, of all */
  text = g_strdup_printf (_("%u of %u"), done, total);
  gtk_progress_bar_set_fraction (fetching->progress, total ? (double) done / total : 1.0);
  gtk_progress_bar_set_text (fetching->progress, text);
}

static void
on_fetched_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  Fetching *fetching = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DwImageFetchReport) report = dw_images_fetch_finish (result, &error);
  g_autofree char *body = NULL;

  if (fetching->dialog != NULL)
    {
      if (report == NULL)
        body = g_strdup (error->message);
      else if (report->total == 0)
        body = g_strdup (_("The card databases of this game name no images by web address."));
      else if (report->failures->len == 0)
        body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u image fetched, %u already there.",
                                             "%u images fetched, %u already there.", report->fetched),
                                report->fetched, report->cached);
      else
        body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%u image fetched, %u already there; %u could not be fetched, the first: %s",
                                             "%u images fetched, %u already there; %u could not be fetched, the first: %s",
                                             report->fetched),
                                report->fetched, report->cached, report->failures->len,
                                (const char *) g_ptr_array_index (report->failures, 0));
      adw_message_dialog_set_heading (fetching->dialog, _("Card Images"));
      adw_message_dialog_set_body (fetching->dialog, body);
      gtk_widget_set_visible (GTK_WIDGET (fetching->progress), FALSE);
      adw_message_dialog_set_response_enabled (fetching->dialog, "stop", FALSE);
      adw_message_dialog_set_response_enabled (fetching->dialog, "close", TRUE);
      adw_message_dialog_set_default_response (fetching->dialog, "close");
    }
  fetching_free (fetching);
}

static void
on_response_cb (AdwMessageDialog *dialog,
                const char       *response,
                GCancellable     *cancellable)
{
  g_cancellable_cancel (cancellable);
}

/* Downloads the images of the cards of the deck's game. */
void
dw_window_fetch_images (DwWindow *self)
{
  GListModel *dbs = dw_library_get_card_dbs (self->library);
  g_autoptr(GPtrArray) urls = g_ptr_array_new_with_free_func (g_free);
  Fetching *fetching = g_new0 (Fetching, 1);
  GtkWidget *dialog;

  for (guint i = 0; i < g_list_model_get_n_items (dbs); i++)
    {
      g_autoptr(DwCardDb) db = g_list_model_get_item (dbs, i);

      if (g_strcmp0 (dw_game_get_id (dw_card_db_get_game (db)), dw_deck_get_game_id (self->deck)) == 0)
        g_ptr_array_extend_and_steal (urls, dw_images_urls_of_db (db));
    }

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Getting Card Images…"),
                                   _("The images the card databases name by address are downloaded "
                                     "to this computer, a few at a time."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "stop", _("_Stop"),
                                    "close", _("_Close"),
                                    NULL);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "close", FALSE);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "stop");
  fetching->progress = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_progress_bar_set_show_text (fetching->progress, TRUE);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), GTK_WIDGET (fetching->progress));
  fetching->cancellable = g_cancellable_new ();
  g_set_weak_pointer (&fetching->dialog, ADW_MESSAGE_DIALOG (dialog));
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_response_cb), fetching->cancellable, 0);
  gtk_window_present (GTK_WINDOW (dialog));

  dw_images_fetch_async (urls, NULL, fetching->cancellable, on_progress_cb, fetching, on_fetched_cb, fetching);
}

static void
fetch_images_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  dw_window_fetch_images (DW_WINDOW (widget));
}

/* The preferences allow downloading, or forbid it. */
static void
on_download_images_changed_cb (GSettings  *settings,
                               const char *key,
                               DwWindow   *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.fetch-images",
                                 g_settings_get_boolean (settings, "download-images"));
}

void
dw_window_watch_download_setting (DwWindow *self)
{
  g_signal_connect_object (self->settings, "changed::download-images",
                           G_CALLBACK (on_download_images_changed_cb), self, 0);
  on_download_images_changed_cb (self->settings, "download-images", self);
}

void
dw_window_class_add_image_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.fetch-images", NULL, fetch_images_action);
}
