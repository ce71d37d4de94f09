/* dw-window-export.c — the registration sheet, printing, exports, the clipboard
 *
 * Everything here draws or writes through src/core (dw-export, dw-sheet):
 * the sheet printed is the sheet saved as PDF is the sheet the command
 * line makes, page for page.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-deck-code.h"
#include "dw-deck-picture.h"
#include "dw-export.h"
#include "dw-print-dialog.h"
#include "dw-sheet.h"
#include "dw-window-private.h"

typedef struct
{
  DwWindow    *window;
  AdwEntryRow *event;
  AdwEntryRow *location;
  AdwEntryRow *player;
  AdwEntryRow *date;
  AdwComboRow *paper;
} SheetDialog;

static DwGame *
deck_game (DwWindow *self)
{
  return dw_library_lookup_game (self->library, dw_deck_get_game_id (self->deck));
}

static DwPaper
chosen_paper (DwWindow *self)
{
  g_autofree char *name = g_settings_get_string (self->settings, "paper-size");
  DwPaper paper;

  if (!dw_paper_from_string (name, &paper))
    paper = dw_paper_get_default ();
  return paper;
}

/* Who plays the deck: its author, or else the player named in the
 * preferences; NULL for a line to fill in by hand. */
static char *
sheet_player (DwWindow *self)
{
  const char *author = dw_deck_get_author (self->deck);
  g_autofree char *player = NULL;

  if (author != NULL && *author != '\0')
    return g_strdup (author);
  player = g_settings_get_string (self->settings, "player-name");
  return *player != '\0' ? g_steal_pointer (&player) : NULL;
}

/* A sheet of the deck as it is now, checked against its format. */
DwSheet *
dw_window_make_sheet (DwWindow   *self,
                      const char *event,
                      const char *location,
                      const char *player,
                      const char *date)
{
  DwSheet *sheet = dw_sheet_new (self->library, self->deck, dw_deck_view_get_format (self->deck_view));

  dw_sheet_set_event (sheet, event);
  dw_sheet_set_location (sheet, location);
  dw_sheet_set_player (sheet, player);
  dw_sheet_set_date (sheet, date);
  return sheet;
}

static void
on_begin_print_cb (GtkPrintOperation *operation,
                   GtkPrintContext   *context,
                   DwSheet           *sheet)
{
  gtk_print_operation_set_n_pages (operation,
                                   (int) dw_sheet_get_n_pages (sheet,
                                                               gtk_print_context_get_width (context),
                                                               gtk_print_context_get_height (context)));
}

static void
on_draw_page_cb (GtkPrintOperation *operation,
                 GtkPrintContext   *context,
                 int                page,
                 DwSheet           *sheet)
{
  dw_sheet_draw_page (sheet, gtk_print_context_get_cairo_context (context), (guint) page,
                      gtk_print_context_get_width (context), gtk_print_context_get_height (context));
}

/* Prints @sheet through GTK's print dialog, or straight into @export_path
 * (a PDF) when it is given. */
gboolean
dw_window_print_sheet (DwWindow    *self,
                       DwSheet     *sheet,
                       const char  *export_path,
                       GError     **error)
{
  g_autoptr(GtkPrintOperation) operation = gtk_print_operation_new ();
  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) paper = NULL;
  GtkPrintOperationResult result;

  paper = gtk_paper_size_new (chosen_paper (self) == DW_PAPER_LETTER ? GTK_PAPER_NAME_LETTER : GTK_PAPER_NAME_A4);
  gtk_page_setup_set_paper_size_and_default_margins (setup, paper);
  /* The sheet keeps its own margins: print on the whole page. */
  gtk_page_setup_set_top_margin (setup, 0, GTK_UNIT_POINTS);
  gtk_page_setup_set_bottom_margin (setup, 0, GTK_UNIT_POINTS);
  gtk_page_setup_set_left_margin (setup, 0, GTK_UNIT_POINTS);
  gtk_page_setup_set_right_margin (setup, 0, GTK_UNIT_POINTS);
  gtk_print_operation_set_default_page_setup (operation, setup);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_job_name (operation, dw_deck_get_name (self->deck) ?: _("Deck"));
  g_signal_connect (operation, "begin-print", G_CALLBACK (on_begin_print_cb), sheet);
  g_signal_connect (operation, "draw-page", G_CALLBACK (on_draw_page_cb), sheet);

  if (export_path != NULL)
    {
      gtk_print_operation_set_export_filename (operation, export_path);
      result = gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL, error);
    }
  else
    result = gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                                      GTK_WINDOW (self), error);

  return result != GTK_PRINT_OPERATION_RESULT_ERROR;
}

/* Writes the deck to @file as text, CSV, Cockatrice, XML or the PDF sheet. */
gboolean
dw_window_export_to (DwWindow      *self,
                     DwExportKind   kind,
                     GFile         *file,
                     GError       **error)
{
  g_autofree char *path = g_file_get_path (file);

  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("Exports go to local files only"));
      return FALSE;
    }

  if (kind == DW_EXPORT_PDF)
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();
      g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
      g_autofree char *event = g_settings_get_string (self->settings, "event-name");
      g_autofree char *player = sheet_player (self);
      g_autoptr(DwSheet) sheet = dw_window_make_sheet (self, *event ? event : NULL, NULL, player, date);

      return dw_sheet_save_pdf (sheet, path, chosen_paper (self), error);
    }

  if (kind == DW_EXPORT_PNG)
    return dw_deck_picture_save_png (self->library, self->deck, dw_deck_view_get_format (self->deck_view), 1,
                                     path, error);

  return dw_export_save (self->deck, deck_game (self), kind, path, error);
}

static void
on_export_response_cb (GtkNativeDialog *dialog,
                       int              response,
                       DwWindow        *self)
{
  DwExportKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "kind"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GError) error = NULL;

      if (dw_window_export_to (self, kind, file, &error))
        adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Deck exported")));
      else
        dw_window_show_error (self, _("The deck could not be exported"), error->message);
    }
  g_object_unref (dialog);
}

static void
choose_export_file (DwWindow     *self,
                    DwExportKind  kind)
{
  static const char *extensions[] = { [DW_EXPORT_PDF] = "pdf", [DW_EXPORT_TEXT] = "txt",
                                      [DW_EXPORT_CSV] = "csv", [DW_EXPORT_COD] = "cod",
                                      [DW_EXPORT_XML] = "xml", [DW_EXPORT_CODE] = "txt",
                                      [DW_EXPORT_PNG] = "png" };
  const char *name = dw_deck_get_name (self->deck);
  g_autofree char *suggested = g_strdup_printf ("%s.%s", name && *name ? name : _("Deck"), extensions[kind]);
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Export the Deck"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), suggested);
  g_object_set_data (G_OBJECT (dialog), "kind", GINT_TO_POINTER (kind));
  g_signal_connect (dialog, "response", G_CALLBACK (on_export_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  DwExportKind kind;

  if (!dw_export_kind_from_string (g_variant_get_string (parameter, NULL), &kind))
    g_return_if_reached ();
  choose_export_file (DW_WINDOW (widget), kind);
}

/* The decklist as text, for a chat, a forum or an e-mail. */
void
dw_window_copy_decklist (DwWindow *self)
{
  g_autofree char *text = dw_export_text (self->deck, deck_game (self));

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Decklist copied")));
}

static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  dw_window_copy_decklist (DW_WINDOW (widget));
}

/* The deck code, one line to share in a chat (docs/deck-code.md). */
void
dw_window_copy_deck_code (DwWindow *self)
{
  g_autoptr(GError) error = NULL;
  DwGame *game = deck_game (self);
  g_autofree char *code = NULL;

  if (game != NULL)
    code = dw_deck_code_encode (self->deck, game, TRUE, &error);
  if (code == NULL)
    {
      g_autofree char *message = NULL;

      if (error != NULL)
        message = g_strdup_printf (_("No deck code: %s"), error->message);
      else
        message = g_strdup (_("No deck code: Deckwright does not know the deck's game"));
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (message));
      return;
    }
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), code);
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Deck code copied")));
}

static void
copy_code_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  dw_window_copy_deck_code (DW_WINDOW (widget));
}

static const char *
row_text (AdwEntryRow *row)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row));

  return *text ? text : NULL;
}

static void
on_sheet_pdf_response_cb (GtkNativeDialog *chooser,
                          int              response,
                          DwSheet         *sheet)
{
  DwWindow *self = g_object_get_data (G_OBJECT (chooser), "window");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) error = NULL;

      if (path != NULL && dw_sheet_save_pdf (sheet, path, chosen_paper (self), &error))
        adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Registration sheet saved")));
      else
        dw_window_show_error (self, _("The sheet could not be saved"),
                              error ? error->message : _("Sheets go to local files only"));
    }
  g_object_unref (sheet);
  g_object_unref (chooser);
}

static void
on_sheet_dialog_response_cb (AdwMessageDialog *dialog,
                             const char       *response,
                             SheetDialog      *data)
{
  DwWindow *self = data->window;
  g_autoptr(DwSheet) sheet = NULL;

  g_settings_set_string (self->settings, "paper-size",
                         adw_combo_row_get_selected (data->paper) == 1 ? "letter" : "a4");

  if (g_str_equal (response, "print") || g_str_equal (response, "pdf"))
    sheet = dw_window_make_sheet (self, row_text (data->event), row_text (data->location),
                                  row_text (data->player), row_text (data->date));

  if (g_str_equal (response, "print"))
    {
      g_autoptr(GError) error = NULL;

      if (!dw_window_print_sheet (self, sheet, NULL, &error))
        dw_window_show_error (self, _("The sheet could not be printed"), error->message);
    }
  else if (g_str_equal (response, "pdf"))
    {
      const char *name = dw_deck_get_name (self->deck);
      g_autofree char *suggested = g_strdup_printf (_("%s — registration sheet.pdf"),
                                                    name && *name ? name : _("Deck"));
      GtkFileChooserNative *chooser;

      chooser = gtk_file_chooser_native_new (_("Save the Registration Sheet"), GTK_WINDOW (self),
                                             GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), suggested);
      g_object_set_data (G_OBJECT (chooser), "window", self);
      g_signal_connect (chooser, "response", G_CALLBACK (on_sheet_pdf_response_cb), g_steal_pointer (&sheet));
      gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
    }

  g_free (data);
}

static AdwEntryRow *
entry_row (AdwPreferencesGroup *group,
           const char          *title,
           const char          *text)
{
  AdwEntryRow *row = ADW_ENTRY_ROW (adw_entry_row_new ());

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (text != NULL)
    gtk_editable_set_text (GTK_EDITABLE (row), text);
  adw_preferences_group_add (group, GTK_WIDGET (row));
  return row;
}

/* Asks what an organiser's sheet needs, then prints it or saves a PDF. */
static void
sheet_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  DwWindow *self = DW_WINDOW (widget);
  SheetDialog *data = g_new0 (SheetDialog, 1);
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  const char *papers[] = { "A4", "Letter", NULL };
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *today = g_date_time_format (now, "%Y-%m-%d");
  g_autofree char *event = NULL;
  g_autofree char *player = NULL;
  GtkWidget *dialog;

  data->window = self;
  event = g_settings_get_string (self->settings, "event-name");
  data->event = entry_row (group, _("Event"), event);
  data->location = entry_row (group, _("Location"), NULL);
  data->date = entry_row (group, _("Date"), today);
  player = sheet_player (self);
  data->player = entry_row (group, _("Player"), player);
  data->paper = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (data->paper), _("Paper"));
  adw_combo_row_set_model (data->paper, G_LIST_MODEL (gtk_string_list_new (papers)));
  adw_combo_row_set_selected (data->paper, chosen_paper (self) == DW_PAPER_LETTER ? 1 : 0);
  adw_preferences_group_add (group, GTK_WIDGET (data->paper));

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Registration Sheet"),
                                   _("The sheet lists the deck, its verdict and its fingerprint; "
                                     "empty fields are left as lines to fill in by hand."));
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), GTK_WIDGET (group));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "pdf", _("Save _PDF…"),
                                    "print", _("_Print…"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "print", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "print");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_sheet_dialog_response_cb), data);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_print_finished_cb (DwPrintDialog *dialog,
                      const char    *message,
                      DwWindow      *self)
{
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (message));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Print Cards…: every copy of the deck's cards at their true size. */
static void
print_cards_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  DwWindow *self = DW_WINDOW (widget);
  DwPrintDialog *dialog = dw_print_dialog_new (self->library, self->deck, GTK_WINDOW (self));

  dw_print_dialog_set_file (dialog, self->file);

  g_signal_connect_object (dialog, "finished", G_CALLBACK (on_print_finished_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
dw_window_class_add_export_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.export", "s", export_action);
  gtk_widget_class_install_action (widget_class, "win.copy-decklist", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "win.copy-deck-code", NULL, copy_code_action);
  gtk_widget_class_install_action (widget_class, "win.sheet", NULL, sheet_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "win.sheet", NULL);
  gtk_widget_class_install_action (widget_class, "win.print-cards", NULL, print_cards_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_P, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.print-cards", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.copy-decklist", NULL);
}
