/* dw-application.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-application.h"
#include "dw-window.h"

struct _DwApplication
{
  AdwApplication  parent_instance;

  DwLibrary      *library;
};

G_DEFINE_FINAL_TYPE (DwApplication, dw_application, ADW_TYPE_APPLICATION)

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  const char *developers[] = { _("The Deckwright developers"), NULL };

  adw_show_about_window (gtk_application_get_active_window (app),
                         "application-name", _("Deckwright"),
                         "application-icon", APPLICATION_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Build, check and playtest Arcmage and Coraabia decks"),
                         "developers", developers,
                         "license-type", GTK_LICENSE_GPL_3_0,
                         NULL);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated },
  { "about", about_activated },
};

static void
dw_application_startup (GApplication *application)
{
  DwApplication *self = DW_APPLICATION (application);
  g_autoptr(GError) error = NULL;
  static const char *quit_accels[] = { "<Control>q", NULL };

  G_APPLICATION_CLASS (dw_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions,
                                   G_N_ELEMENTS (app_actions), self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit_accels);

  if (!dw_library_load_defaults (self->library, &error))
    g_printerr ("deckwright: %s\n", error->message);
}

static void
dw_application_activate (GApplication *application)
{
  DwApplication *self = DW_APPLICATION (application);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    window = GTK_WINDOW (dw_window_new (self));

  gtk_window_present (window);
}

/* Decks named on the command line or opened from the file manager: the
 * first takes an untouched window's place, the rest get their own. */
static void
dw_application_open (GApplication  *application,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  DwApplication *self = DW_APPLICATION (application);
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));

  for (int i = 0; i < n_files; i++)
    {
      g_autoptr(GError) error = NULL;
      DwWindow *window = NULL;

      if (active != NULL && dw_window_is_pristine (DW_WINDOW (active)))
        window = DW_WINDOW (active);
      else
        window = dw_window_new (self);

      if (!dw_window_open_file (window, files[i], &error))
        {
          g_printerr ("deckwright: %s\n", error->message);
          if (GTK_WINDOW (window) != active)
            {
              gtk_window_destroy (GTK_WINDOW (window));
              continue;
            }
        }
      gtk_window_present (GTK_WINDOW (window));
      active = GTK_WINDOW (window);
    }

  if (gtk_application_get_active_window (GTK_APPLICATION (self)) == NULL)
    dw_application_activate (application);
}

static void
dw_application_finalize (GObject *object)
{
  DwApplication *self = DW_APPLICATION (object);

  g_clear_object (&self->library);

  G_OBJECT_CLASS (dw_application_parent_class)->finalize (object);
}

static void
dw_application_class_init (DwApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = dw_application_finalize;
  app_class->startup = dw_application_startup;
  app_class->activate = dw_application_activate;
  app_class->open = dw_application_open;
}

static void
dw_application_init (DwApplication *self)
{
  self->library = dw_library_new ();
}

DwApplication *
dw_application_new (void)
{
  return g_object_new (DW_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/deckwright/Deckwright",
                       NULL);
}

/* The games, card databases and formats every window shares. */
DwLibrary *
dw_application_get_library (DwApplication *self)
{
  g_return_val_if_fail (DW_IS_APPLICATION (self), NULL);
  return self->library;
}
