/* test-print-dialog.c — Print Cards…: its preview follows its options, which it remembers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "dw-card-paint.h"
#include "dw-import.h"
#include "dw-print-dialog-private.h"
#include "dw-test-gtk.h"

#define PREVIEW_WIDTH  428
#define PREVIEW_HEIGHT 600

static DwLibrary *library;

/* @n copies of the first Arcmage cards, one of each. */
static DwDeck *
first_cards (guint n)
{
  GListModel *dbs = dw_library_get_card_dbs (library);
  DwDeck *deck = dw_deck_new ("arcmage");

  dw_deck_set_name (deck, "First Cards");
  for (guint i = 0; i < g_list_model_get_n_items (dbs); i++)
    {
      g_autoptr(DwCardDb) db = g_list_model_get_item (dbs, i);

      if (strcmp (dw_game_get_id (dw_card_db_get_game (db)), "arcmage") != 0)
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (db)) && n > 0; j++)
        {
          g_autoptr(DwCard) card = g_list_model_get_item (G_LIST_MODEL (db), j);

          if (dw_card_is_token (card))
            continue;
          dw_deck_add_card (deck, "main", card, 1);
          n--;
        }
    }
  g_assert_cmpuint (n, ==, 0);
  return deck;
}

static void
reset_settings (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  const char *keys[] = { "print-paper", "print-bleed", "print-cut-marks", "print-backs", "print-tokens",
                         "print-considering", "print-playtest-mark", "print-calibration-page", "print-printer",
                         "print-calibrations" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_settings_reset (settings, keys[i]);
  g_settings_set_string (settings, "print-paper", "a4");
}

static GtkWidget *
nth_widget (GtkWidget *root,
            GType      type,
            guint      n)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  dw_test_collect_widgets (root, type, found);
  g_assert_cmpuint (found->len, >, n);
  return g_ptr_array_index (found, n);
}

/* The preview of the dialog's current page, as it draws it. */
static cairo_surface_t *
draw_preview (DwPrintDialog *dialog)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, PREVIEW_WIDTH, PREVIEW_HEIGHT);
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
  cairo_paint (cr);
  dw_print_dialog_draw_preview (dialog, cr, PREVIEW_WIDTH, PREVIEW_HEIGHT);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* The preview's pixel at (@x_mm, @y_mm) on the paper. */
static void
preview_pixel (DwPrintDialog   *dialog,
               cairo_surface_t *surface,
               double           x_mm,
               double           y_mm,
               double           rgb[3])
{
  double paper_width = 210, paper_height = 297;
  double scale = MIN ((PREVIEW_WIDTH - 8) / paper_width, (PREVIEW_HEIGHT - 8) / paper_height);
  int x = (int) ((PREVIEW_WIDTH - paper_width * scale) / 2 + x_mm * scale);
  int y = (int) ((PREVIEW_HEIGHT - paper_height * scale) / 2 + y_mm * scale);
  guint32 value = *(guint32 *) (cairo_image_surface_get_data (surface) +
                                y * cairo_image_surface_get_stride (surface) + 4 * x);

  rgb[0] = ((value >> 16) & 0xff) / 255.0;
  rgb[1] = ((value >> 8) & 0xff) / 255.0;
  rgb[2] = (value & 0xff) / 255.0;
}

static gboolean
near (const double rgb[3],
      double       r,
      double       g,
      double       b)
{
  return fabs (rgb[0] - r) + fabs (rgb[1] - g) + fabs (rgb[2] - b) < 0.1;
}

/* Each option the dialog offers changes what the preview shows: the
 * pages, the backs mirrored after the faces, the cut marks, the bleed's
 * note and the paper; and the options are there again next time. */
static void
test_preview_follows_options (void)
{
  g_autoptr(DwDeck) deck = first_cards (13);
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  DwPrintDialog *dialog;
  DwPrintDialog *again;
  const DwPrintLayout *layout;
  cairo_surface_t *surface;
  g_autoptr(DwDeckEntry) first = g_list_model_get_item (dw_deck_get_section (deck, "main"), 0);
  g_autofree char *backs = NULL;
  g_autofree char *marks = NULL;
  g_autofree char *paper = NULL;
  double rgb[3], r, g, b, left, top;

  reset_settings ();
  dialog = dw_print_dialog_new (library, deck, NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  dw_test_settle ();

  /* 13 cards, nine to an A4 page: two pages and the credits. */
  g_assert_nonnull (dw_print_dialog_get_job (dialog));
  layout = dw_print_job_get_layout (dw_print_dialog_get_job (dialog));
  g_assert_cmpuint (layout->per_page, ==, 9);
  g_assert_cmpuint (dw_print_job_get_n_pages (dw_print_dialog_get_job (dialog)), ==, 3);
  g_assert_nonnull (strstr (dw_print_dialog_get_summary (dialog), "13 cards"));
  g_assert_true (dw_test_has_label (GTK_WIDGET (dialog), "Page 1 of 3"));
  left = layout->left_mm;
  top = layout->top_mm;

  /* The first card's border where the layout puts it. */
  surface = draw_preview (dialog);
  dw_card_paint_faction_colour (dw_deck_entry_get_card (first), &r, &g, &b);
  preview_pixel (dialog, surface, left + 1, top + 1, rgb);
  g_assert_true (near (rgb, r, g, b));
  /* Corner marks by default: none reaches the paper's top edge. */
  preview_pixel (dialog, surface, left, 0.5, rgb);
  g_assert_true (near (rgb, 1, 1, 1));
  cairo_surface_destroy (surface);

  /* Cut marks run to the edge. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (nth_widget (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW, 1)), 2);
  surface = draw_preview (dialog);
  preview_pixel (dialog, surface, left, 0.5, rgb);
  g_assert_false (near (rgb, 1, 1, 1));
  cairo_surface_destroy (surface);

  /* Backs for the long edge: a page of backs after each page of faces,
   * the first card's back in the mirrored column. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (nth_widget (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW, 2)), 1);
  g_assert_cmpuint (dw_print_job_get_n_pages (dw_print_dialog_get_job (dialog)), ==, 5);
  dw_print_dialog_set_page (dialog, 1);
  g_assert_true (dw_test_has_label (GTK_WIDGET (dialog), "Page 2 of 5"));
  surface = draw_preview (dialog);
  dw_card_paint_back_rgb (&r, &g, &b);
  preview_pixel (dialog, surface, 210 - left - 1, top + 1, rgb);
  g_assert_true (near (rgb, r, g, b));
  cairo_surface_destroy (surface);

  /* Bleed that does not fit: the dialog says the cards butt. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (nth_widget (GTK_WIDGET (dialog), GTK_TYPE_SPIN_BUTTON, 0)), 3);
  g_assert_nonnull (strstr (dw_print_dialog_get_warning (dialog), "butt"));

  /* Letter: the grid moves to stay centred. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (nth_widget (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW, 0)), 1);
  layout = dw_print_job_get_layout (dw_print_dialog_get_job (dialog));
  g_assert_cmpfloat_with_epsilon (layout->left_mm, (215.9 - 3 * 62) / 2, 0.01);

  /* Remembered. */
  backs = g_settings_get_string (settings, "print-backs");
  marks = g_settings_get_string (settings, "print-cut-marks");
  paper = g_settings_get_string (settings, "print-paper");
  g_assert_cmpstr (backs, ==, "long-edge");
  g_assert_cmpstr (marks, ==, "lines");
  g_assert_cmpstr (paper, ==, "letter");
  g_assert_cmpfloat (g_settings_get_double (settings, "print-bleed"), ==, 3);
  again = dw_print_dialog_new (library, deck, NULL);
  g_assert_cmpuint (dw_print_job_get_n_pages (dw_print_dialog_get_job (again)), ==, 5);
  g_assert_true (dw_print_job_get_layout (dw_print_dialog_get_job (again))->butted);

  gtk_window_destroy (GTK_WINDOW (again));
  gtk_window_destroy (GTK_WINDOW (dialog));
  dw_test_settle ();
}

/* The calibration is kept per printer and comes back with its name. */
static void
test_calibration_per_printer (void)
{
  g_autoptr(DwDeck) deck = first_cards (2);
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  DwPrintDialog *dialog;
  DwPrintDialog *again;
  GtkEditable *printer;
  GtkSpinButton *ruler_x;
  g_autoptr(GVariant) all = NULL;
  double values[4];

  reset_settings ();
  dialog = dw_print_dialog_new (library, deck, NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  dw_test_settle ();
  printer = GTK_EDITABLE (nth_widget (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW, 0));
  ruler_x = GTK_SPIN_BUTTON (nth_widget (GTK_WIDGET (dialog), GTK_TYPE_SPIN_BUTTON, 1));

  gtk_editable_set_text (printer, "Office Laser");
  gtk_spin_button_set_value (ruler_x, 98.5);
  all = g_settings_get_value (settings, "print-calibrations");
  g_assert_true (g_variant_lookup (all, "Office Laser", "(dddd)", &values[0], &values[1], &values[2], &values[3]));
  g_assert_cmpfloat (values[0], ==, 98.5);
  g_assert_cmpfloat (values[1], ==, 100);

  gtk_editable_set_text (printer, "Inkjet");
  g_assert_cmpfloat (gtk_spin_button_get_value (ruler_x), ==, 100);
  gtk_editable_set_text (printer, "Office Laser");
  g_assert_cmpfloat (gtk_spin_button_get_value (ruler_x), ==, 98.5);

  again = dw_print_dialog_new (library, deck, NULL);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (nth_widget (GTK_WIDGET (again), ADW_TYPE_ENTRY_ROW, 0))),
                   ==, "Office Laser");
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (nth_widget (GTK_WIDGET (again),
                                                                             GTK_TYPE_SPIN_BUTTON, 1))), ==, 98.5);
  gtk_window_destroy (GTK_WINDOW (again));
  gtk_window_destroy (GTK_WINDOW (dialog));
  dw_test_settle ();
}

static void
on_fraction_cb (GObject    *bar,
                GParamSpec *pspec,
                guint      *changes)
{
  (*changes)++;
}

static void
on_finished_cb (DwPrintDialog *dialog,
                const char    *message,
                gboolean      *finished)
{
  *finished = TRUE;
}

/* A PDF is written off the main thread with the progress bar moving to
 * its end; Stop leaves nothing written. */
static void
test_pdf_progress_and_stop (void)
{
  g_autoptr(DwDeck) deck = first_cards (40);
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cards.pdf", NULL);
  g_autofree char *stopped = g_build_filename (dir, "stopped.pdf", NULL);
  DwPrintDialog *dialog;
  guint changes = 0;
  gboolean finished = FALSE;

  reset_settings ();
  dialog = dw_print_dialog_new (library, deck, NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  dw_test_settle ();
  g_signal_connect (nth_widget (GTK_WIDGET (dialog), GTK_TYPE_PROGRESS_BAR, 0), "notify::fraction",
                    G_CALLBACK (on_fraction_cb), &changes);
  g_signal_connect (dialog, "finished", G_CALLBACK (on_finished_cb), &finished);

  dw_print_dialog_save_pdf (dialog, path);
  g_assert_true (dw_print_dialog_is_saving (dialog));
  while (dw_print_dialog_is_saving (dialog))
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (finished);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (changes, >, 1);
  g_assert_cmpfloat (dw_print_dialog_get_progress (dialog), ==, 1);

  finished = FALSE;
  dw_print_dialog_save_pdf (dialog, stopped);
  dw_print_dialog_stop (dialog);
  while (dw_print_dialog_is_saving (dialog))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (finished);
  g_assert_false (g_file_test (stopped, G_FILE_TEST_EXISTS));

  gtk_window_destroy (GTK_WINDOW (dialog));
  dw_test_settle ();
  dw_test_remove_tree (dir);
}

/* Only What Changed, against an earlier version: a deck in a library,
 * saved three times (13, 15, then 17 cards), offers its two earlier
 * versions newest first, each with its time and what changed; picking
 * one prints only the copies beyond it, and the preview's count
 * follows. */
static void
test_only_new_against_an_earlier_version (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *root = g_build_filename (dir, "Decks", NULL);
  g_autofree char *store = g_build_filename (root, ".deckwright", NULL);
  g_autofree char *path = g_build_filename (root, "growing.xml", NULL);
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GFile) file = NULL;
  DwPrintDialog *dialog;
  GtkMenuButton *button;
  GtkPopover *popover;

  reset_settings ();
  g_assert_cmpint (g_mkdir_with_parents (store, 0755), ==, 0);
  for (guint n = 13; n <= 17; n += 2)
    {
      g_autoptr(DwDeck) saved = first_cards (n);

      g_assert_true (dw_deck_save (saved, path, &error));
      g_assert_no_error (error);
    }
  deck = dw_import_deck_file (library, path, DW_IMPORT_AUTO, NULL, NULL, &error);
  g_assert_no_error (error);

  dialog = dw_print_dialog_new (library, deck, NULL);
  /* As the window opens it: with the file the deck came from. */
  file = g_file_new_for_path (path);
  dw_print_dialog_set_file (dialog, file);
  gtk_window_present (GTK_WINDOW (dialog));
  dw_test_settle ();
  g_assert_cmpuint (dw_print_job_get_n_copies (dw_print_dialog_get_job (dialog)), ==, 17);

  /* The button opens the list of versions. */
  button = GTK_MENU_BUTTON (nth_widget (GTK_WIDGET (dialog), GTK_TYPE_MENU_BUTTON, 0));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (button)));
  popover = gtk_menu_button_get_popover (button);
  gtk_menu_button_popup (button);
  while (!gtk_widget_get_mapped (GTK_WIDGET (popover)))
    g_main_context_iteration (NULL, TRUE);
  dw_test_collect_widgets (GTK_WIDGET (popover), ADW_TYPE_ACTION_ROW, rows);
  g_assert_cmpuint (rows->len, ==, 2);
  /* What changed from each to the next: two cards came in. */
  for (guint i = 0; i < 2; i++)
    {
      const char *summary = adw_action_row_get_subtitle (g_ptr_array_index (rows, i));

      g_assert_true (g_str_has_prefix (summary, "+1 "));
      g_assert_nonnull (strstr (summary, ", +1 "));
    }
  g_assert_nonnull (adw_preferences_row_get_title (g_ptr_array_index (rows, 1)));
  g_assert_cmpstr (adw_preferences_row_get_title (g_ptr_array_index (rows, 1)), !=, "");

  /* The oldest: 13 cards, so 4 copies print, on one page, then the swaps and the credits. */
  gtk_widget_activate (g_ptr_array_index (rows, 1));
  dw_test_settle ();
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (popover)));
  g_assert_cmpuint (dw_print_job_get_n_copies (dw_print_dialog_get_job (dialog)), ==, 4);
  g_assert_nonnull (strstr (dw_print_dialog_get_summary (dialog), "4 cards"));
  g_assert_cmpuint (dw_print_job_get_n_pages (dw_print_dialog_get_job (dialog)), ==, 3);
  g_assert_true (dw_test_has_label (GTK_WIDGET (dialog), "Page 1 of 3"));

  /* The newer one: 15 cards, so 2 copies. */
  gtk_menu_button_popup (button);
  while (!gtk_widget_get_mapped (GTK_WIDGET (popover)))
    g_main_context_iteration (NULL, TRUE);
  gtk_widget_activate (g_ptr_array_index (rows, 0));
  dw_test_settle ();
  g_assert_cmpuint (dw_print_job_get_n_copies (dw_print_dialog_get_job (dialog)), ==, 2);
  g_assert_nonnull (strstr (dw_print_dialog_get_summary (dialog), "2 cards"));

  gtk_window_destroy (GTK_WINDOW (dialog));
  dw_test_settle ();
  dw_test_remove_tree (dir);
}

/* A deck outside every library has no versions to offer. */
static void
test_no_versions_outside_a_library (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "loose.xml", NULL);
  g_autoptr(DwDeck) deck = first_cards (3);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  DwPrintDialog *dialog;

  g_assert_true (dw_deck_save (deck, path, &error));
  g_assert_true (dw_deck_save (deck, path, &error));
  file = g_file_new_for_path (path);
  dialog = dw_print_dialog_new (library, deck, NULL);
  dw_print_dialog_set_file (dialog, file);
  gtk_window_present (GTK_WINDOW (dialog));
  dw_test_settle ();
  g_assert_false (gtk_widget_get_visible (nth_widget (GTK_WIDGET (dialog), GTK_TYPE_MENU_BUTTON, 0)));
  gtk_window_destroy (GTK_WINDOW (dialog));
  dw_test_settle ();
  dw_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  int ret;

  dw_test_gtk_init (&argc, &argv);
  library = dw_test_library ();

  g_test_add_func ("/print-dialog/preview-follows-options", test_preview_follows_options);
  g_test_add_func ("/print-dialog/calibration-per-printer", test_calibration_per_printer);
  g_test_add_func ("/print-dialog/pdf-progress-and-stop", test_pdf_progress_and_stop);
  g_test_add_func ("/print-dialog/only-new-against-an-earlier-version", test_only_new_against_an_earlier_version);
  g_test_add_func ("/print-dialog/no-versions-outside-a-library", test_no_versions_outside_a_library);

  ret = g_test_run ();
  g_clear_object (&library);
  return ret;
}
