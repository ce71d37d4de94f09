/* dw-save-question.c — asking whether to save before unsaved work goes
 *
 * The deck window's close and the table window's close and restart ask
 * the same question the same way: Cancel, a destructive way on without
 * saving, and Save, the default; Escape cancels.  The caller connects
 * to "response" ("cancel", "discard" or "save"), presents the dialog and
 * lets it go with dw_save_question_destroy().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-save-question.h"

/* A dialog over @parent asking @heading, @body below it; the way on
 * without saving is labelled @discard_label (NULL: "Discard"). */
GtkWidget *
dw_save_question_new (GtkWindow  *parent,
                      const char *heading,
                      const char *body,
                      const char *discard_label)
{
  GtkWidget *dialog = adw_message_dialog_new (parent, heading, body);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", discard_label ? discard_label : _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  return dialog;
}

/* Lets the answered @dialog go before the window it was made for may:
 * a dialog disposed after its parent lets go of a parent already freed
 * (a GLib warning on every close without saving). */
void
dw_save_question_destroy (GtkWidget *dialog)
{
  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  gtk_window_destroy (GTK_WINDOW (dialog));
}
