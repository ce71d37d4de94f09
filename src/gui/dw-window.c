/* dw-window.c — the main window: one page of cards per game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-card-list.h"
#include "dw-window.h"

struct _DwWindow
{
  AdwApplicationWindow  parent_instance;

  DwLibrary            *library;
  GSettings            *settings;

  AdwViewStack         *stack;
  AdwToastOverlay      *toasts;
};

G_DEFINE_FINAL_TYPE (DwWindow, dw_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_LIBRARY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Every card of @game, across all its databases, as one model. */
static GListModel *
cards_of_game (DwLibrary *library,
               DwGame    *game)
{
  GListModel *dbs = dw_library_get_card_dbs (library);
  GListStore *mine = g_list_store_new (G_TYPE_LIST_MODEL);

  for (guint i = 0; i < g_list_model_get_n_items (dbs); i++)
    {
      g_autoptr(DwCardDb) db = g_list_model_get_item (dbs, i);

      if (dw_card_db_get_game (db) == game)
        g_list_store_append (mine, db);
    }

  return G_LIST_MODEL (gtk_flatten_list_model_new (G_LIST_MODEL (mine)));
}

static void
add_game_pages (DwWindow *self)
{
  GListModel *games = dw_library_get_games (self->library);

  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr(DwGame) game = g_list_model_get_item (games, i);
      g_autoptr(GListModel) cards = cards_of_game (self->library, game);
      GtkWidget *list = dw_card_list_new (game, cards);
      AdwViewStackPage *page;

      page = adw_view_stack_add_titled (self->stack, list, dw_game_get_id (game), dw_game_get_name (game));
      adw_view_stack_page_set_icon_name (page, "view-grid-symbolic");
    }
}

static void
show_load_errors (DwWindow *self)
{
  GPtrArray *errors = dw_library_get_load_errors (self->library);
  AdwToast *toast;

  if (errors->len == 0)
    return;

  for (guint i = 0; i < errors->len; i++)
    g_printerr ("deckwright: %s\n", ((const GError *) g_ptr_array_index (errors, i))->message);

  toast = adw_toast_new (g_dngettext (GETTEXT_PACKAGE,
                                      "A data file could not be loaded; the terminal says where and why",
                                      "Some data files could not be loaded; the terminal says where and why",
                                      errors->len));
  adw_toast_set_timeout (toast, 0);
  adw_toast_overlay_add_toast (self->toasts, toast);
}

static void
dw_window_constructed (GObject *object)
{
  DwWindow *self = DW_WINDOW (object);

  G_OBJECT_CLASS (dw_window_parent_class)->constructed (object);

  add_game_pages (self);
  show_load_errors (self);
}

static void
dw_window_dispose (GObject *object)
{
  DwWindow *self = DW_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), DW_TYPE_WINDOW);
  g_clear_object (&self->library);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (dw_window_parent_class)->dispose (object);
}

static void
dw_window_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  DwWindow *self = DW_WINDOW (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      self->library = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_window_class_init (DwWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = dw_window_constructed;
  object_class->dispose = dw_window_dispose;
  object_class->set_property = dw_window_set_property;

  properties[PROP_LIBRARY] =
    g_param_spec_object ("library", NULL, NULL, DW_TYPE_LIBRARY,
                         G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deckwright/Deckwright/dw-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DwWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, DwWindow, toasts);

  g_type_ensure (DW_TYPE_CARD_LIST);
}

static void
dw_window_init (DwWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APPLICATION_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
}

DwWindow *
dw_window_new_for_library (GtkApplication *application,
                           DwLibrary      *library)
{
  return g_object_new (DW_TYPE_WINDOW,
                       "application", application,
                       "library", library,
                       NULL);
}

DwWindow *
dw_window_new (DwApplication *application)
{
  return dw_window_new_for_library (GTK_APPLICATION (application),
                                    dw_application_get_library (application));
}

AdwViewStack *
dw_window_get_stack (DwWindow *self)
{
  g_return_val_if_fail (DW_IS_WINDOW (self), NULL);
  return self->stack;
}
