/* dw-print-dialog.c — Print Cards…: the options, a preview of the pages, then paper or PDF
 *
 * The preview is the print: each change of an option makes a new
 * DwPrintJob (src/core/dw-print.c) and the preview draws its pages with
 * the same dw_print_job_draw_page() the printer and the PDF get.  The
 * options are remembered in GSettings, the printer's calibration by
 * printer name; a PDF is written in a worker thread, with a progress bar
 * and Stop, by a job of its own so the preview never shares one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-deck-versions.h"
#include "dw-import.h"
#include "dw-print-dialog-private.h"

#define UI_RESOURCE "/io/github/deckwright/Deckwright/dw-print-dialog.ui"

struct _DwPrintDialog
{
  AdwWindow        parent_instance;

  DwLibrary       *library;
  DwDeck          *deck;
  DwDeck          *old_deck;
  GListModel      *versions;      /* the deck's earlier versions (DwDeckVersion), or NULL */
  GSettings       *settings;
  DwPrintJob      *job;
  guint            page;
  gboolean         loading;       /* widgets being set from the settings */

  GCancellable    *cancellable;   /* the PDF being written */
  guint            done;
  guint            total;

  /* Template children */
  GtkDrawingArea  *preview;
  GtkButton       *previous_button;
  GtkButton       *next_button;
  GtkLabel        *page_label;
  GtkLabel        *summary_label;
  GtkLabel        *warning_label;
  GtkBox          *progress_box;
  GtkProgressBar  *progress_bar;
  GtkButton       *print_button;
  GtkButton       *pdf_button;
  GtkBox          *options_box;
  AdwComboRow     *paper_row;
  GtkAdjustment   *bleed_adjustment;
  AdwComboRow     *marks_row;
  AdwComboRow     *backs_row;
  GtkSwitch       *tokens_switch;
  GtkSwitch       *considering_switch;
  GtkSwitch       *playtest_switch;
  GtkSwitch       *calibration_switch;
  AdwActionRow    *only_new_row;
  GtkButton       *only_new_clear;
  GtkMenuButton   *only_new_versions_button;
  GtkPopover      *only_new_versions_popover;
  GtkListBox      *only_new_versions_list;
  AdwEntryRow     *printer_row;
  GtkSpinButton   *ruler_x_spin;
  GtkSpinButton   *ruler_y_spin;
  GtkSpinButton   *offset_x_spin;
  GtkSpinButton   *offset_y_spin;
};

G_DEFINE_FINAL_TYPE (DwPrintDialog, dw_print_dialog, ADW_TYPE_WINDOW)

enum {
  SIGNAL_FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ------------------------------------------------------------- options */

static DwPaper
paper_from_settings (GSettings *settings)
{
  g_autofree char *name = g_settings_get_string (settings, "print-paper");
  DwPaper paper;

  if (!dw_paper_from_string (name, &paper))
    paper = dw_paper_get_default ();
  return paper;
}

static void
read_options (DwPrintDialog  *self,
              DwPrintOptions *options)
{
  dw_print_options_init (options);
  options->paper = adw_combo_row_get_selected (self->paper_row) == 1 ? DW_PAPER_LETTER : DW_PAPER_A4;
  options->bleed_mm = gtk_adjustment_get_value (self->bleed_adjustment);
  options->marks = (DwPrintMarks) adw_combo_row_get_selected (self->marks_row);
  options->backs = (DwPrintBacks) adw_combo_row_get_selected (self->backs_row);
  options->tokens = gtk_switch_get_active (self->tokens_switch);
  options->considering = gtk_switch_get_active (self->considering_switch);
  options->playtest_mark = gtk_switch_get_active (self->playtest_switch);
  options->calibration = gtk_switch_get_active (self->calibration_switch);
  options->ruler_x_mm = gtk_spin_button_get_value (self->ruler_x_spin);
  options->ruler_y_mm = gtk_spin_button_get_value (self->ruler_y_spin);
  options->back_offset_x_mm = gtk_spin_button_get_value (self->offset_x_spin);
  options->back_offset_y_mm = gtk_spin_button_get_value (self->offset_y_spin);
}

/* @printer's calibration from GSettings; FALSE (and none) when it has
 * never been entered. */
static gboolean
lookup_calibration (GSettings  *settings,
                    const char *printer,
                    double      values[4])
{
  g_autoptr(GVariant) all = g_settings_get_value (settings, "print-calibrations");

  values[0] = values[1] = DW_PRINT_RULER_MM;
  values[2] = values[3] = 0;
  return g_variant_lookup (all, printer, "(dddd)", &values[0], &values[1], &values[2], &values[3]);
}

static void
store_calibration (DwPrintDialog *self)
{
  g_autoptr(GVariant) all = g_settings_get_value (self->settings, "print-calibrations");
  const char *printer = gtk_editable_get_text (GTK_EDITABLE (self->printer_row));
  GVariantBuilder builder;
  GVariantIter iter;
  const char *name;
  GVariant *value;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{s(dddd)}"));
  g_variant_iter_init (&iter, all);
  while (g_variant_iter_loop (&iter, "{&s@(dddd)}", &name, &value))
    if (g_strcmp0 (name, printer) != 0)
      g_variant_builder_add (&builder, "{s@(dddd)}", name, value);
  g_variant_builder_add (&builder, "{s(dddd)}", printer,
                         gtk_spin_button_get_value (self->ruler_x_spin),
                         gtk_spin_button_get_value (self->ruler_y_spin),
                         gtk_spin_button_get_value (self->offset_x_spin),
                         gtk_spin_button_get_value (self->offset_y_spin));
  g_settings_set_value (self->settings, "print-calibrations", g_variant_builder_end (&builder));
  g_settings_set_string (self->settings, "print-printer", printer);
}

static void
show_calibration (DwPrintDialog *self,
                  const char    *printer)
{
  double values[4];
  gboolean loading = self->loading;

  lookup_calibration (self->settings, printer, values);
  self->loading = TRUE;
  gtk_spin_button_set_value (self->ruler_x_spin, values[0]);
  gtk_spin_button_set_value (self->ruler_y_spin, values[1]);
  gtk_spin_button_set_value (self->offset_x_spin, values[2]);
  gtk_spin_button_set_value (self->offset_y_spin, values[3]);
  self->loading = loading;
}

static void
write_settings (DwPrintDialog *self)
{
  DwPrintOptions options;

  read_options (self, &options);
  g_settings_set_string (self->settings, "print-paper", dw_paper_to_string (options.paper));
  g_settings_set_double (self->settings, "print-bleed", options.bleed_mm);
  g_settings_set_string (self->settings, "print-cut-marks", dw_print_marks_to_string (options.marks));
  g_settings_set_string (self->settings, "print-backs", dw_print_backs_to_string (options.backs));
  g_settings_set_boolean (self->settings, "print-tokens", options.tokens);
  g_settings_set_boolean (self->settings, "print-considering", options.considering);
  g_settings_set_boolean (self->settings, "print-playtest-mark", options.playtest_mark);
  g_settings_set_boolean (self->settings, "print-calibration-page", options.calibration);
}

static void
read_settings (DwPrintDialog *self)
{
  g_autofree char *marks_name = g_settings_get_string (self->settings, "print-cut-marks");
  g_autofree char *backs_name = g_settings_get_string (self->settings, "print-backs");
  g_autofree char *printer = g_settings_get_string (self->settings, "print-printer");
  DwPrintMarks marks = DW_PRINT_MARKS_CORNERS;
  DwPrintBacks backs = DW_PRINT_BACKS_NONE;

  dw_print_marks_from_string (marks_name, &marks);
  dw_print_backs_from_string (backs_name, &backs);
  self->loading = TRUE;
  adw_combo_row_set_selected (self->paper_row, paper_from_settings (self->settings) == DW_PAPER_LETTER ? 1 : 0);
  gtk_adjustment_set_value (self->bleed_adjustment, g_settings_get_double (self->settings, "print-bleed"));
  adw_combo_row_set_selected (self->marks_row, marks);
  adw_combo_row_set_selected (self->backs_row, backs);
  gtk_switch_set_active (self->tokens_switch, g_settings_get_boolean (self->settings, "print-tokens"));
  gtk_switch_set_active (self->considering_switch, g_settings_get_boolean (self->settings, "print-considering"));
  gtk_switch_set_active (self->playtest_switch, g_settings_get_boolean (self->settings, "print-playtest-mark"));
  gtk_switch_set_active (self->calibration_switch,
                         g_settings_get_boolean (self->settings, "print-calibration-page"));
  gtk_editable_set_text (GTK_EDITABLE (self->printer_row), printer);
  show_calibration (self, printer);
  self->loading = FALSE;
}

/* ------------------------------------------------------------- preview */

static void
update_page_label (DwPrintDialog *self)
{
  guint n_pages = self->job ? dw_print_job_get_n_pages (self->job) : 0;
  g_autofree char *text = NULL;

  if (n_pages == 0)
    text = g_strdup ("");
  else
    /* TRANSLATORS: the page of the preview, "Page 2 of 7" */
    text = g_strdup_printf (_("Page %u of %u"), self->page + 1, n_pages);
  gtk_label_set_text (self->page_label, text);
  gtk_widget_set_sensitive (GTK_WIDGET (self->previous_button), self->page > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->next_button), self->page + 1 < n_pages);
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

static char *
join_names (GPtrArray *names)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < names->len; i++)
    {
      if (i > 0)
        g_string_append (text, ", ");
      g_string_append (text, g_ptr_array_index (names, i));
    }
  return g_string_free (text, FALSE);
}

/* A new job for the options as they are: the preview, the summary and
 * the warnings follow it. */
static void
rebuild (DwPrintDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) warning = g_string_new (NULL);
  DwPrintOptions options;

  read_options (self, &options);
  g_clear_pointer (&self->job, dw_print_job_free);
  self->job = dw_print_job_new (self->library, self->deck, self->old_deck, &options, &error);

  if (self->job == NULL)
    {
      gtk_label_set_text (self->summary_label, "");
      g_string_append (warning, error->message);
    }
  else
    {
      const DwPrintLayout *layout = dw_print_job_get_layout (self->job);
      GPtrArray *notes = dw_print_job_get_notes (self->job);
      GPtrArray *low_dpi = dw_print_job_get_low_dpi (self->job);
      g_autofree char *summary = NULL;

      summary = g_strdup_printf (_("%u cards of %g × %g mm, %u × %u to a page: %u pages in all"),
                                 dw_print_job_get_n_copies (self->job), layout->card_width_mm,
                                 layout->card_height_mm, layout->columns, layout->rows,
                                 dw_print_job_get_n_pages (self->job));
      gtk_label_set_text (self->summary_label, summary);
      for (guint i = 0; i < notes->len; i++)
        g_string_append_printf (warning, "%s%s", warning->len ? "\n" : "", (char *) g_ptr_array_index (notes, i));
      if (low_dpi->len > 0)
        {
          g_autofree char *names = join_names (low_dpi);

          g_string_append_printf (warning, "%s", warning->len ? "\n" : "");
          g_string_append_printf (warning, _("These cards' images are under %g dpi at this size and will print "
                                             "soft: %s"), DW_PRINT_MIN_DPI, names);
        }
      self->page = MIN (self->page, dw_print_job_get_n_pages (self->job) - 1);
    }

  gtk_label_set_text (self->warning_label, warning->str);
  gtk_widget_set_visible (GTK_WIDGET (self->warning_label), warning->len > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->print_button), self->job != NULL && self->cancellable == NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->pdf_button), self->job != NULL && self->cancellable == NULL);
  update_page_label (self);
}

static void
draw_preview_cb (GtkDrawingArea *area,
                 cairo_t        *cr,
                 int             width,
                 int             height,
                 gpointer        data)
{
  dw_print_dialog_draw_preview (DW_PRINT_DIALOG (data), cr, width, height);
}

/* ----------------------------------------------------------- printing */

static void
on_begin_print_cb (GtkPrintOperation *operation,
                   GtkPrintContext   *context,
                   DwPrintDialog     *self)
{
  GtkPrintSettings *settings = gtk_print_operation_get_print_settings (operation);
  const char *printer = settings ? gtk_print_settings_get_printer (settings) : NULL;
  double values[4];

  /* The printer chosen in GTK's dialog brings its own calibration. */
  if (printer != NULL && lookup_calibration (self->settings, printer, values))
    {
      gtk_editable_set_text (GTK_EDITABLE (self->printer_row), printer);
      show_calibration (self, printer);
      rebuild (self);
    }
  else if (printer != NULL)
    g_settings_set_string (self->settings, "print-printer", printer);

  gtk_print_operation_set_n_pages (operation, self->job ? (int) dw_print_job_get_n_pages (self->job) : 0);
}

static void
on_draw_page_cb (GtkPrintOperation *operation,
                 GtkPrintContext   *context,
                 int                page,
                 DwPrintDialog     *self)
{
  if (self->job != NULL)
    dw_print_job_draw_page (self->job, gtk_print_context_get_cairo_context (context), (guint) page, NULL, NULL);
}

static void
on_print_clicked_cb (DwPrintDialog *self)
{
  g_autoptr(GtkPrintOperation) operation = gtk_print_operation_new ();
  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) paper = NULL;
  g_autoptr(GError) error = NULL;
  DwPrintOptions options;

  if (self->job == NULL)
    return;
  read_options (self, &options);
  paper = gtk_paper_size_new (options.paper == DW_PAPER_LETTER ? GTK_PAPER_NAME_LETTER : GTK_PAPER_NAME_A4);
  gtk_page_setup_set_paper_size_and_default_margins (setup, paper);
  /* The cards keep their own margin: the whole page, at 100 %. */
  gtk_page_setup_set_top_margin (setup, 0, GTK_UNIT_POINTS);
  gtk_page_setup_set_bottom_margin (setup, 0, GTK_UNIT_POINTS);
  gtk_page_setup_set_left_margin (setup, 0, GTK_UNIT_POINTS);
  gtk_page_setup_set_right_margin (setup, 0, GTK_UNIT_POINTS);
  gtk_print_operation_set_default_page_setup (operation, setup);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_job_name (operation, dw_deck_get_name (self->deck) ?: _("Cards"));
  g_signal_connect (operation, "begin-print", G_CALLBACK (on_begin_print_cb), self);
  g_signal_connect (operation, "draw-page", G_CALLBACK (on_draw_page_cb), self);

  if (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, GTK_WINDOW (self), &error) ==
      GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      gtk_label_set_text (self->warning_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->warning_label), TRUE);
      return;
    }
}

typedef struct
{
  GWeakRef  dialog;
  guint     done;
  guint     total;
} ProgressUpdate;

static gboolean
show_progress_cb (gpointer data)
{
  ProgressUpdate *update = data;
  g_autoptr(DwPrintDialog) self = g_weak_ref_get (&update->dialog);

  if (self != NULL && self->cancellable != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("%u of %u cards"), update->done, update->total);

      self->done = update->done;
      self->total = update->total;
      gtk_progress_bar_set_fraction (self->progress_bar, update->total ? (double) update->done / update->total : 0);
      gtk_progress_bar_set_text (self->progress_bar, text);
    }
  g_weak_ref_clear (&update->dialog);
  g_free (update);
  return G_SOURCE_REMOVE;
}

typedef struct
{
  DwPrintJob   *job;
  char         *path;
  GMainContext *context;
  GWeakRef      dialog;
} SaveData;

static void
save_data_free (SaveData *data)
{
  dw_print_job_free (data->job);
  g_free (data->path);
  g_main_context_unref (data->context);
  g_weak_ref_clear (&data->dialog);
  g_free (data);
}

/* In the worker: hands each card's progress to the dialog's thread. */
static void
save_progress_cb (guint    done,
                  guint    total,
                  gpointer user_data)
{
  SaveData *data = user_data;
  ProgressUpdate *update = g_new0 (ProgressUpdate, 1);
  g_autoptr(GObject) dialog = g_weak_ref_get (&data->dialog);

  g_weak_ref_init (&update->dialog, dialog);
  update->done = done;
  update->total = total;
  g_main_context_invoke (data->context, show_progress_cb, update);
}

static void
save_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  SaveData *data = task_data;
  GError *error = NULL;

  if (dw_print_job_save_pdf (data->job, data->path, cancellable, save_progress_cb, data, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
saved_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  DwPrintDialog *self = DW_PRINT_DIALOG (source);
  g_autoptr(GError) error = NULL;
  gboolean cancelled;

  g_task_propagate_boolean (G_TASK (result), &error);
  cancelled = g_cancellable_is_cancelled (self->cancellable);
  g_clear_object (&self->cancellable);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_box), FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->options_box), TRUE);
  rebuild (self);

  if (error != NULL && !cancelled)
    {
      gtk_label_set_text (self->warning_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->warning_label), TRUE);
    }
  else if (error == NULL)
    g_signal_emit (self, signals[SIGNAL_FINISHED], 0, _("Cards saved as PDF"));
}

static void
on_pdf_response_cb (GtkNativeDialog *chooser,
                    int              response,
                    DwPrintDialog   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL)
        dw_print_dialog_save_pdf (self, path);
      else
        {
          gtk_label_set_text (self->warning_label, _("A PDF goes to a local file only"));
          gtk_widget_set_visible (GTK_WIDGET (self->warning_label), TRUE);
        }
    }
  g_object_unref (chooser);
}

static void
on_pdf_clicked_cb (DwPrintDialog *self)
{
  const char *name = dw_deck_get_name (self->deck);
  g_autofree char *suggested = g_strdup_printf (_("%s — cards.pdf"), name && *name ? name : _("Deck"));
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_("Save the Cards as PDF"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), suggested);
  g_signal_connect (chooser, "response", G_CALLBACK (on_pdf_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
on_stop_clicked_cb (DwPrintDialog *self)
{
  dw_print_dialog_stop (self);
}

/* ------------------------------------------------------------- signals */

static void
on_option_changed_cb (DwPrintDialog *self)
{
  if (self->loading)
    return;
  write_settings (self);
  rebuild (self);
}

static void
on_calibration_changed_cb (DwPrintDialog *self)
{
  if (self->loading)
    return;
  store_calibration (self);
  rebuild (self);
}

static void
on_printer_changed_cb (DwPrintDialog *self)
{
  if (self->loading)
    return;
  show_calibration (self, gtk_editable_get_text (GTK_EDITABLE (self->printer_row)));
  g_settings_set_string (self->settings, "print-printer", gtk_editable_get_text (GTK_EDITABLE (self->printer_row)));
  rebuild (self);
}

static void
on_previous_clicked_cb (DwPrintDialog *self)
{
  if (self->page > 0)
    dw_print_dialog_set_page (self, self->page - 1);
}

static void
on_next_clicked_cb (DwPrintDialog *self)
{
  dw_print_dialog_set_page (self, self->page + 1);
}

static void
set_old_deck (DwPrintDialog *self,
              DwDeck        *old_deck,
              const char    *label)
{
  g_set_object (&self->old_deck, old_deck);
  adw_action_row_set_subtitle (self->only_new_row, label);
  gtk_widget_set_visible (GTK_WIDGET (self->only_new_clear), old_deck != NULL);
  rebuild (self);
}

static void
on_old_deck_response_cb (GtkNativeDialog *chooser,
                         int              response,
                         DwPrintDialog   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) error = NULL;
      g_autoptr(DwDeck) old_deck = NULL;

      if (path != NULL)
        old_deck = dw_import_deck_file (self->library, path, DW_IMPORT_AUTO, NULL, NULL, &error);
      if (old_deck != NULL)
        {
          g_autofree char *basename = g_path_get_basename (path);
          /* TRANSLATORS: the copies printed against an older deck file */
          g_autofree char *label = g_strdup_printf (_("Only the copies beyond %s"), basename);

          set_old_deck (self, old_deck, label);
        }
      else
        {
          gtk_label_set_text (self->warning_label, error ? error->message : _("A deck is read from a local file only"));
          gtk_widget_set_visible (GTK_WIDGET (self->warning_label), TRUE);
        }
    }
  g_object_unref (chooser);
}

static void
on_only_new_choose_clicked_cb (DwPrintDialog *self)
{
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_("The Older Deck"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Compare"), _("_Cancel"));
  g_signal_connect (chooser, "response", G_CALLBACK (on_old_deck_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
on_only_new_clear_clicked_cb (DwPrintDialog *self)
{
  set_old_deck (self, NULL, _("Every copy of the deck"));
}

/* “27 Nov 2026, 03:24” in local time, for an earlier version. */
static char *
format_version_time (DwDeckVersion *version)
{
  g_autoptr(GDateTime) local = g_date_time_to_local (dw_deck_version_get_time (version));

  /* TRANSLATORS: when an earlier version of a deck was saved over; see g_date_time_format() */
  return g_date_time_format (local, _("%e %b %Y, %H:%M"));
}

static GtkWidget *
create_version_row_cb (gpointer item,
                       gpointer user_data)
{
  DwDeckVersion *version = item;
  g_autofree char *time = format_version_time (version);
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), g_strstrip (time));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), dw_deck_version_get_summary (version));
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 1);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  return row;
}

/* The deck's earlier versions, when it is a file in a deck library:
 * the Earlier Version button offers them, newest first. */
static void
load_versions (DwPrintDialog *self,
               const char    *path)
{
  g_clear_object (&self->versions);
  if (path != NULL && g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_autofree char *root = dw_deck_versions_find_root (path);

      /* A deck outside every library has no versions: not an error here. */
      if (root != NULL)
        self->versions = dw_deck_versions_list (self->library, path, NULL);
    }
  gtk_list_box_bind_model (self->only_new_versions_list, self->versions, create_version_row_cb, self, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->only_new_versions_button),
                          self->versions != NULL && g_list_model_get_n_items (self->versions) > 0);
}

static void
on_only_new_version_activated_cb (DwPrintDialog *self,
                                  GtkListBoxRow *row)
{
  g_autoptr(DwDeckVersion) version = NULL;
  g_autoptr(DwDeck) old_deck = NULL;
  g_autoptr(GError) error = NULL;

  gtk_popover_popdown (self->only_new_versions_popover);
  if (self->versions == NULL)
    return;
  version = g_list_model_get_item (self->versions, (guint) gtk_list_box_row_get_index (row));
  if (version == NULL)
    return;
  old_deck = dw_import_deck_file (self->library, dw_deck_version_get_path (version), DW_IMPORT_AUTO,
                                  NULL, NULL, &error);
  if (old_deck != NULL)
    {
      g_autofree char *time = format_version_time (version);
      /* TRANSLATORS: the copies printed against an earlier version of the deck; %s is its time */
      g_autofree char *label = g_strdup_printf (_("Only the copies beyond the version of %s"), g_strstrip (time));

      const char *name = dw_deck_get_name (self->deck);
      /* TRANSLATORS: an earlier version of a deck, on the swaps page: the deck's name, then the version */
      g_autofree char *swaps_name = g_strdup_printf (_("%s, version %s"), name && *name ? name : _("Deck"), time);

      /* The swaps page names the version, not the store's file. */
      dw_deck_set_name (old_deck, swaps_name);
      set_old_deck (self, old_deck, label);
    }
  else
    {
      gtk_label_set_text (self->warning_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->warning_label), TRUE);
    }
}

/* ------------------------------------------------------------ GObject */

static void
dw_print_dialog_dispose (GObject *object)
{
  DwPrintDialog *self = DW_PRINT_DIALOG (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->job, dw_print_job_free);
  g_clear_object (&self->old_deck);
  g_clear_object (&self->versions);
  g_clear_object (&self->deck);
  g_clear_object (&self->library);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), DW_TYPE_PRINT_DIALOG);
  G_OBJECT_CLASS (dw_print_dialog_parent_class)->dispose (object);
}

static void
dw_print_dialog_class_init (DwPrintDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_print_dialog_dispose;

  /* Said when the cards are saved, with what to tell the user. */
  signals[SIGNAL_FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, UI_RESOURCE);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, preview);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, previous_button);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, next_button);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, page_label);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, summary_label);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, warning_label);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, progress_box);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, print_button);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, pdf_button);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, options_box);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, paper_row);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, bleed_adjustment);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, marks_row);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, backs_row);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, tokens_switch);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, considering_switch);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, playtest_switch);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, calibration_switch);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, only_new_row);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, only_new_clear);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, only_new_versions_button);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, only_new_versions_popover);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, only_new_versions_list);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, printer_row);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, ruler_x_spin);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, ruler_y_spin);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, offset_x_spin);
  gtk_widget_class_bind_template_child (widget_class, DwPrintDialog, offset_y_spin);
  gtk_widget_class_bind_template_callback (widget_class, on_print_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_pdf_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_stop_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_previous_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_next_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_only_new_choose_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_only_new_clear_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_only_new_version_activated_cb);
}

static void
dw_print_dialog_init (DwPrintDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = g_settings_new (APPLICATION_ID);
  gtk_drawing_area_set_draw_func (self->preview, draw_preview_cb, self, NULL);

  read_settings (self);
  g_signal_connect_swapped (self->paper_row, "notify::selected", G_CALLBACK (on_option_changed_cb), self);
  g_signal_connect_swapped (self->bleed_adjustment, "value-changed", G_CALLBACK (on_option_changed_cb), self);
  g_signal_connect_swapped (self->marks_row, "notify::selected", G_CALLBACK (on_option_changed_cb), self);
  g_signal_connect_swapped (self->backs_row, "notify::selected", G_CALLBACK (on_option_changed_cb), self);
  g_signal_connect_swapped (self->tokens_switch, "notify::active", G_CALLBACK (on_option_changed_cb), self);
  g_signal_connect_swapped (self->considering_switch, "notify::active", G_CALLBACK (on_option_changed_cb), self);
  g_signal_connect_swapped (self->playtest_switch, "notify::active", G_CALLBACK (on_option_changed_cb), self);
  g_signal_connect_swapped (self->calibration_switch, "notify::active", G_CALLBACK (on_option_changed_cb), self);
  g_signal_connect_swapped (self->printer_row, "changed", G_CALLBACK (on_printer_changed_cb), self);
  g_signal_connect_swapped (self->ruler_x_spin, "value-changed", G_CALLBACK (on_calibration_changed_cb), self);
  g_signal_connect_swapped (self->ruler_y_spin, "value-changed", G_CALLBACK (on_calibration_changed_cb), self);
  g_signal_connect_swapped (self->offset_x_spin, "value-changed", G_CALLBACK (on_calibration_changed_cb), self);
  g_signal_connect_swapped (self->offset_y_spin, "value-changed", G_CALLBACK (on_calibration_changed_cb), self);
}

/* ------------------------------------------------------------- public */

/* Print Cards… for @deck, over @parent. */
DwPrintDialog *
dw_print_dialog_new (DwLibrary *library,
                     DwDeck    *deck,
                     GtkWindow *parent)
{
  DwPrintDialog *self;

  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);
  g_return_val_if_fail (DW_IS_DECK (deck), NULL);

  self = g_object_new (DW_TYPE_PRINT_DIALOG, "transient-for", parent, NULL);
  self->library = g_object_ref (library);
  self->deck = g_object_ref (deck);
  load_versions (self, dw_deck_get_path (deck));
  rebuild (self);
  return self;
}

/* The file the deck was opened from or saved to (the window knows it;
 * a deck read by dw_deck_load() knows it itself): when it is in a deck
 * library, Only What Changed offers its earlier versions too. */
void
dw_print_dialog_set_file (DwPrintDialog *self,
                          GFile         *file)
{
  g_autofree char *path = NULL;

  g_return_if_fail (DW_IS_PRINT_DIALOG (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  if (file != NULL)
    path = g_file_get_path (file);
  load_versions (self, path != NULL ? path : dw_deck_get_path (self->deck));
}

DwPrintJob *
dw_print_dialog_get_job (DwPrintDialog *self)
{
  return self->job;
}

guint
dw_print_dialog_get_page (DwPrintDialog *self)
{
  return self->page;
}

void
dw_print_dialog_set_page (DwPrintDialog *self,
                          guint          page)
{
  if (self->job == NULL || page >= dw_print_job_get_n_pages (self->job))
    return;
  self->page = page;
  update_page_label (self);
}

const char *
dw_print_dialog_get_summary (DwPrintDialog *self)
{
  return gtk_label_get_text (self->summary_label);
}

const char *
dw_print_dialog_get_warning (DwPrintDialog *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->warning_label)) ? gtk_label_get_text (self->warning_label) : "";
}

/* The preview's page, the paper scaled to fit @width × @height and
 * centred, with a shadow under it. */
void
dw_print_dialog_draw_preview (DwPrintDialog *self,
                              cairo_t       *cr,
                              int            width,
                              int            height)
{
  DwPrintOptions options;
  double paper_width, paper_height, scale;

  if (self->job == NULL)
    return;
  read_options (self, &options);
  dw_paper_get_size (options.paper, &paper_width, &paper_height);
  scale = MIN ((width - 8) / paper_width, (height - 8) / paper_height);
  if (scale <= 0)
    return;

  cairo_save (cr);
  cairo_translate (cr, (width - paper_width * scale) / 2, (height - paper_height * scale) / 2);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
  cairo_rectangle (cr, 2, 3, paper_width * scale, paper_height * scale);
  cairo_fill (cr);
  cairo_rectangle (cr, 0, 0, paper_width * scale, paper_height * scale);
  cairo_clip (cr);
  cairo_scale (cr, scale, scale);
  dw_print_job_draw_page (self->job, cr, self->page, NULL, NULL);
  cairo_restore (cr);
}

/* Writes the cards to @path as a PDF in a worker thread, the progress
 * bar moving and Stop ready; "finished" says when it is done. */
void
dw_print_dialog_save_pdf (DwPrintDialog *self,
                          const char    *path)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  DwPrintOptions options;
  SaveData *data;

  g_return_if_fail (self->cancellable == NULL);

  read_options (self, &options);
  data = g_new0 (SaveData, 1);
  data->job = dw_print_job_new (self->library, self->deck, self->old_deck, &options, &error);
  if (data->job == NULL)
    {
      g_free (data);
      gtk_label_set_text (self->warning_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->warning_label), TRUE);
      return;
    }
  data->path = g_strdup (path);
  data->context = g_main_context_ref_thread_default ();
  g_weak_ref_init (&data->dialog, self);

  self->cancellable = g_cancellable_new ();
  self->done = 0;
  self->total = dw_print_job_get_n_copies (data->job) * (options.backs != DW_PRINT_BACKS_NONE ? 2 : 1);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_progress_bar_set_text (self->progress_bar, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_box), TRUE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->options_box), FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->print_button), FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->pdf_button), FALSE);

  task = g_task_new (self, self->cancellable, saved_cb, NULL);
  g_task_set_task_data (task, data, (GDestroyNotify) save_data_free);
  g_task_run_in_thread (task, save_thread);
}

gboolean
dw_print_dialog_is_saving (DwPrintDialog *self)
{
  return self->cancellable != NULL;
}

/* How far the PDF being written is, 0 to 1. */
double
dw_print_dialog_get_progress (DwPrintDialog *self)
{
  return self->total ? (double) self->done / self->total : 0;
}

void
dw_print_dialog_stop (DwPrintDialog *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}
