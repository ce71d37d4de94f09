/* test-application.c — files named on the command line, as the
 * application opens them
 *
 * Runs under xvfb-run with GTK_A11Y=none, GSETTINGS_BACKEND=memory and
 * G_DEBUG=fatal-warnings, so any GTK warning fails the test.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "dw-application.h"
#include "dw-test-gtk.h"
#include "dw-test-util.h"
#include "dw-window.h"

/* The message dialog on screen, or NULL once none is. */
static AdwMessageDialog *
find_message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (toplevel) && gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        return ADW_MESSAGE_DIALOG (toplevel);
    }
  return NULL;
}

static AdwMessageDialog *
wait_for_message_dialog (void)
{
  AdwMessageDialog *dialog = NULL;

  DW_TEST_WAIT_UNTIL ((dialog = find_message_dialog ()) != NULL);
  dw_test_settle ();
  return dialog;
}

/* A deck the user named that is not there: the window says so, naming
 * the file (its & and < as they are), beside a new deck to work on. */
static void
check_missing_file_is_said (DwApplication *app,
                            const char    *dir,
                            const char    *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  AdwMessageDialog *dialog;
  GtkWindow *parent;

  g_application_open (G_APPLICATION (app), &file, 1, "");
  dialog = wait_for_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "A file could not be opened");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), path));
  g_assert_false (adw_message_dialog_get_body_use_markup (dialog));

  parent = gtk_window_get_transient_for (GTK_WINDOW (dialog));
  g_assert_true (DW_IS_WINDOW (parent));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (parent)));
  g_assert_null (dw_window_get_file (DW_WINDOW (parent)));
  g_assert_true (dw_window_is_pristine (DW_WINDOW (parent)));

  adw_message_dialog_response (dialog, "close");
  gtk_window_close (GTK_WINDOW (dialog));
  dw_test_settle ();
  g_assert_null (find_message_dialog ());
}

static void
test_missing_file_is_shown_in_the_window (void)
{
  g_autoptr(DwApplication) app = dw_application_new ();
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autoptr(GError) error = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();

  /* Its own instance, whatever else runs on the session bus. */
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);

  /* Our own deck opens at once; a Cockatrice deck waits for the cards
   * and fails once they are in: both say so in the window. */
  check_missing_file_is_said (app, dir, "Salt & <Pepper>.xml");
  check_missing_file_is_said (app, dir, "gone.cod");

  while (g_list_model_get_n_items (toplevels) > 0)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, 0);

      gtk_window_destroy (toplevel);
      dw_test_settle ();
    }
  dw_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  int ret;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/application/missing-file-is-shown-in-the-window",
                   test_missing_file_is_shown_in_the_window);

  ret = g_test_run ();
  return ret;
}
