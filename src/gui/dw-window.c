/* dw-window.c — a deck being built, with the cards of its game beside it
 *
 * One window holds one deck.  The card browser and the deck view are made
 * for the deck's game; at narrow widths the leaflet folds them into two
 * pages with a switch at the bottom.  This file makes the window and
 * follows its library and its pages; the deck it shows (opened, saved,
 * checked) is dw-window-document.c's, and the window's actions (files,
 * undo) are in dw-window-actions.c.
 *
 * The first window usually shows before the card databases are in (they
 * load in the background, see DwApplication): the browser and the deck
 * view follow the library as the cards arrive, and the window shows the
 * load errors, opens the files that needed the cards and allows the
 * table once loading is over.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-menu-button.h"
#include "dw-window-private.h"

G_DEFINE_FINAL_TYPE (DwWindow, dw_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_LIBRARY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

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

/* Loading started or ended.  While it lasts, a table cannot be dealt;
 * once over, every load error is known, and what waited for the cards
 * opens. */
static void
on_loading_card_dbs_cb (DwWindow *self)
{
  dw_window_update_actions (self);
  if (dw_library_is_loading_card_dbs (self->library))
    return;

  if (self->load_errors_waiting)
    {
      self->load_errors_waiting = FALSE;
      show_load_errors (self);
    }
  dw_window_open_waiting_files (self);
}

static void
on_page_toggled_cb (DwWindow *self)
{
  adw_leaflet_set_visible_child_name (self->leaflet,
                                      gtk_toggle_button_get_active (self->deck_toggle) ? "deck" : "cards");
}

static void
on_visible_page_cb (DwWindow *self)
{
  const char *name = adw_leaflet_get_visible_child_name (self->leaflet);

  gtk_toggle_button_set_active (g_strcmp0 (name, "deck") == 0 ? self->deck_toggle : self->cards_toggle, TRUE);
}

/* The library's folder is made, and read, when the Decks page is first
 * shown, not with every window. */
static void
on_visible_stack_page_cb (DwWindow *self)
{
  g_autoptr(GFile) root = NULL;

  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "decks") != 0 ||
      dw_library_page_get_root (self->library_page) != NULL)
    return;
  root = dw_library_page_default_root ();
  dw_library_page_set_root (self->library_page, root);
}

/* A deck picked on the Decks page opens as Open would open it, and the
 * builder shows it. */
static void
on_library_deck_activated_cb (DwLibraryPage *page,
                              GFile         *file,
                              DwWindow      *self)
{
  dw_window_open_chosen (self, file);
  if (self->file != NULL && g_file_equal (self->file, file))
    adw_view_stack_set_visible_child_name (self->view_stack, "builder");
}

static void
dw_window_constructed (GObject *object)
{
  DwWindow *self = DW_WINDOW (object);

  G_OBJECT_CLASS (dw_window_parent_class)->constructed (object);

  dw_window_update_recent (self);
  self->library_page = DW_LIBRARY_PAGE (dw_library_page_new (self->library));
  g_signal_connect (self->library_page, "deck-activated", G_CALLBACK (on_library_deck_activated_cb), self);
  adw_bin_set_child (self->library_slot, GTK_WIDGET (self->library_page));
  g_signal_connect_object (self->view_stack, "notify::visible-child-name",
                           G_CALLBACK (on_visible_stack_page_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->library, "notify::loading-card-dbs",
                           G_CALLBACK (on_loading_card_dbs_cb), self, G_CONNECT_SWAPPED);
  /* One toast with every error, once they are all known. */
  if (dw_library_is_loading_card_dbs (self->library))
    self->load_errors_waiting = TRUE;
  else
    show_load_errors (self);
  /* A new window holds a new deck of the library's first game, the
   * shipped games in name order coming first. */
  if (g_list_model_get_n_items (dw_library_get_games (self->library)) > 0)
    {
      g_autoptr(DwGame) game = g_list_model_get_item (dw_library_get_games (self->library), 0);
      dw_window_new_deck (self, dw_game_get_id (game));
    }
}

static void
dw_window_dispose (GObject *object)
{
  DwWindow *self = DW_WINDOW (object);

  /* A window that goes away on purpose leaves nothing to recover: it was
   * saved, or the player chose to discard it. */
  if (self->autosave_id != NULL)
    dw_window_autosave_clear (self);
  dw_window_autosave_stop (self);
  dw_window_watch_stop (self);
  if (self->library != NULL)
    g_signal_handlers_disconnect_by_data (self->library, self);
  g_clear_pointer (&self->waiting_files, g_ptr_array_unref);
  if (self->shortcuts != NULL)
    gtk_window_destroy (self->shortcuts);
  g_clear_object (&self->shortcuts);
  gtk_widget_dispose_template (GTK_WIDGET (self), DW_TYPE_WINDOW);
  g_clear_object (&self->history);
  g_clear_object (&self->deck);
  g_clear_object (&self->file);
  g_clear_object (&self->library);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->badge_text, g_free);

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
  gtk_widget_class_bind_template_child (widget_class, DwWindow, toasts);
  gtk_widget_class_bind_template_child (widget_class, DwWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, DwWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, DwWindow, deck_heading);
  gtk_widget_class_bind_template_child (widget_class, DwWindow, deck_heading_title);
  gtk_widget_class_bind_template_child (widget_class, DwWindow, deck_heading_subtitle);
  gtk_widget_class_bind_template_child (widget_class, DwWindow, library_slot);
  gtk_widget_class_bind_template_child (widget_class, DwWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, DwWindow, browser_slot);
  gtk_widget_class_bind_template_child (widget_class, DwWindow, deck_slot);
  gtk_widget_class_bind_template_child (widget_class, DwWindow, deck_stack);
  gtk_widget_class_bind_template_child (widget_class, DwWindow, stats_slot);
  gtk_widget_class_bind_template_child (widget_class, DwWindow, badge);
  gtk_widget_class_bind_template_child (widget_class, DwWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, DwWindow, badge_icon);
  gtk_widget_class_bind_template_child (widget_class, DwWindow, badge_icon_only);
  gtk_widget_class_bind_template_child (widget_class, DwWindow, badge_label);
  gtk_widget_class_bind_template_child (widget_class, DwWindow, cards_toggle);
  gtk_widget_class_bind_template_child (widget_class, DwWindow, deck_toggle);
  gtk_widget_class_bind_template_child (widget_class, DwWindow, recent_submenu);

  dw_window_class_add_actions (widget_class);
  dw_window_class_add_export_actions (widget_class);
  dw_window_class_add_image_actions (widget_class);
}

static void
dw_window_init (DwWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  dw_menu_button_quiet_while_open (self->menu_button);
  self->waiting_files = g_ptr_array_new_with_free_func (g_object_unref);

  g_signal_connect_swapped (self->deck_toggle, "toggled", G_CALLBACK (on_page_toggled_cb), self);
  g_signal_connect_swapped (self->leaflet, "notify::visible-child", G_CALLBACK (on_visible_page_cb), self);
  dw_window_add_drop_target (self);
  dw_window_watch_title (self);

  self->settings = g_settings_new (APPLICATION_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
  dw_window_watch_download_setting (self);
}

DwDeck *
dw_window_get_deck (DwWindow *self)
{
  g_return_val_if_fail (DW_IS_WINDOW (self), NULL);
  return self->deck;
}

DwDeckHistory *
dw_window_get_history (DwWindow *self)
{
  g_return_val_if_fail (DW_IS_WINDOW (self), NULL);
  return self->history;
}

GFile *
dw_window_get_file (DwWindow *self)
{
  g_return_val_if_fail (DW_IS_WINDOW (self), NULL);
  return self->file;
}

DwCardBrowser *
dw_window_get_browser (DwWindow *self)
{
  g_return_val_if_fail (DW_IS_WINDOW (self), NULL);
  return self->browser;
}

DwLibraryPage *
dw_window_get_library_page (DwWindow *self)
{
  g_return_val_if_fail (DW_IS_WINDOW (self), NULL);
  return self->library_page;
}

DwDeckView *
dw_window_get_deck_view (DwWindow *self)
{
  g_return_val_if_fail (DW_IS_WINDOW (self), NULL);
  return self->deck_view;
}

/* What the badge says, in words ("Illegal: 2 problems"). */
const char *
dw_window_get_badge_text (DwWindow *self)
{
  g_return_val_if_fail (DW_IS_WINDOW (self), NULL);
  return self->badge_text;
}
