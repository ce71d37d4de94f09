/* dw-preferences-window.c — what the player sets once
 *
 * Every row is a GSettings key (data/io.github.deckwright.Deckwright
 * .gschema.xml): the registration sheet's player, event and paper, the
 * format each game's new decks start in, the folders of the deck
 * library, extra folders of card databases, and whether card images may
 * be downloaded.  The rows follow the keys too, so two windows, or a change
 * made elsewhere, always agree.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-deck-library.h"
#include "dw-preferences-window.h"

struct _DwPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  DwLibrary            *library;
  GSettings            *settings;
  GHashTable           *format_rows;   /* game id → AdwComboRow */
  GPtrArray            *folder_rows;   /* AdwActionRow, in the key's order */
  GPtrArray            *library_rows;  /* AdwActionRow per library folder */

  /* Template children */
  AdwEntryRow          *player_row;
  AdwEntryRow          *event_row;
  AdwComboRow          *paper_row;
  AdwPreferencesGroup  *formats_group;
  AdwPreferencesGroup  *library_group;
  AdwPreferencesGroup  *folders_group;
  AdwActionRow         *user_dir_row;
  GtkSwitch            *download_switch;
  GtkButton            *add_folder_button;
  GtkButton            *open_user_dir_button;
};

G_DEFINE_FINAL_TYPE (DwPreferencesWindow, dw_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

enum {
  PROP_0,
  PROP_LIBRARY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The paper row's items, in the order of the template. */
static const char * const paper_ids[] = { "auto", "a4", "letter" };

static gboolean
paper_to_row (GValue   *value,
              GVariant *variant,
              gpointer  user_data)
{
  const char *id = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (paper_ids); i++)
    if (g_str_equal (id, paper_ids[i]))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
paper_from_row (const GValue       *value,
                const GVariantType *type,
                gpointer            user_data)
{
  guint selected = g_value_get_uint (value);

  if (selected >= G_N_ELEMENTS (paper_ids))
    return NULL;
  return g_variant_new_string (paper_ids[selected]);
}

static guint
format_position (DwGame   *game,
                 DwFormat *format)
{
  GListModel *formats = dw_game_get_formats (game);

  for (guint i = 0; i < g_list_model_get_n_items (formats); i++)
    {
      g_autoptr(DwFormat) item = g_list_model_get_item (formats, i);

      if (item == format)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

static void
show_default_formats (DwPreferencesWindow *self)
{
  GHashTableIter iter;
  gpointer game_id, row;

  g_hash_table_iter_init (&iter, self->format_rows);
  while (g_hash_table_iter_next (&iter, &game_id, &row))
    {
      DwGame *game = dw_library_lookup_game (self->library, game_id);
      guint position = format_position (game, dw_preferences_default_format (self->settings, game));

      if (position != GTK_INVALID_LIST_POSITION && adw_combo_row_get_selected (row) != position)
        adw_combo_row_set_selected (row, position);
    }
}

static void
on_format_selected_cb (AdwComboRow         *row,
                       GParamSpec          *pspec,
                       DwPreferencesWindow *self)
{
  const char *game_id = g_object_get_data (G_OBJECT (row), "game-id");
  DwGame *game = dw_library_lookup_game (self->library, game_id);
  g_autoptr(DwFormat) format = g_list_model_get_item (dw_game_get_formats (game),
                                                      adw_combo_row_get_selected (row));
  g_autoptr(GVariant) old = g_settings_get_value (self->settings, "default-formats");
  g_auto(GVariantBuilder) formats = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a{ss}"));
  GVariantIter iter;
  const char *key, *value;

  if (format == NULL || format == dw_preferences_default_format (self->settings, game))
    return;
  g_variant_iter_init (&iter, old);
  while (g_variant_iter_next (&iter, "{&s&s}", &key, &value))
    if (!g_str_equal (key, game_id))
      g_variant_builder_add (&formats, "{ss}", key, value);
  g_variant_builder_add (&formats, "{ss}", game_id, dw_format_get_id (format));
  g_settings_set_value (self->settings, "default-formats", g_variant_builder_end (&formats));
}

static void
connect_format_row (gpointer key,
                    gpointer row,
                    gpointer self)
{
  g_signal_connect (row, "notify::selected", G_CALLBACK (on_format_selected_cb), self);
}

static void
add_format_rows (DwPreferencesWindow *self)
{
  GListModel *games = dw_library_get_games (self->library);

  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr(DwGame) game = g_list_model_get_item (games, i);
      GListModel *formats = dw_game_get_formats (game);
      g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
      g_autofree char *title = g_markup_escape_text (dw_game_get_name (game), -1);
      AdwComboRow *row;

      if (g_list_model_get_n_items (formats) == 0)
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (formats); j++)
        {
          g_autoptr(DwFormat) format = g_list_model_get_item (formats, j);

          gtk_string_list_append (names, dw_format_get_name (format));
        }

      row = ADW_COMBO_ROW (adw_combo_row_new ());
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_combo_row_set_model (row, G_LIST_MODEL (names));
      g_object_set_data_full (G_OBJECT (row), "game-id", g_strdup (dw_game_get_id (game)), g_free);
      g_hash_table_insert (self->format_rows, g_strdup (dw_game_get_id (game)), row);
      adw_preferences_group_add (self->formats_group, GTK_WIDGET (row));
    }

  show_default_formats (self);
  g_hash_table_foreach (self->format_rows, connect_format_row, self);
}

static void
on_remove_folder_clicked_cb (GtkButton           *button,
                             DwPreferencesWindow *self)
{
  dw_preferences_window_remove_folder (self, g_object_get_data (G_OBJECT (button), "path"));
}

/* One row per extra folder, rebuilt whenever the key changes. */
static void
show_folders (DwPreferencesWindow *self)
{
  g_auto(GStrv) folders = g_settings_get_strv (self->settings, "card-db-folders");

  for (guint i = 0; i < self->folder_rows->len; i++)
    adw_preferences_group_remove (self->folders_group, g_ptr_array_index (self->folder_rows, i));
  g_ptr_array_set_size (self->folder_rows, 0);

  for (guint i = 0; folders[i] != NULL; i++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
      g_autofree char *name = g_path_get_basename (folders[i]);
      g_autofree char *title = g_markup_escape_text (name, -1);
      g_autofree char *subtitle = g_markup_escape_text (folders[i], -1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_set_tooltip_text (remove, _("Remove Folder"));
      g_object_set_data_full (G_OBJECT (remove), "path", g_strdup (folders[i]), g_free);
      g_signal_connect (remove, "clicked", G_CALLBACK (on_remove_folder_clicked_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
      adw_preferences_group_add (self->folders_group, row);
      g_ptr_array_add (self->folder_rows, row);
    }
}

/* --- the deck library's folders ------------------------------------ */

static void
on_remove_library_folder_clicked_cb (GtkButton           *button,
                                     DwPreferencesWindow *self)
{
  dw_preferences_window_remove_library_folder (self, g_object_get_data (G_OBJECT (button), "path"));
}

/* One row per folder of the library; with none set, the default folder,
 * which cannot be removed (the library is never without a folder). */
static void
show_library_folders (DwPreferencesWindow *self)
{
  g_auto(GStrv) set = g_settings_get_strv (self->settings, "library-folders");
  g_auto(GStrv) folders = dw_deck_library_configured_folders ();
  gboolean is_default = set[0] == NULL;

  for (guint i = 0; i < self->library_rows->len; i++)
    adw_preferences_group_remove (self->library_group, g_ptr_array_index (self->library_rows, i));
  g_ptr_array_set_size (self->library_rows, 0);

  for (guint i = 0; folders[i] != NULL; i++)
    {
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *name = g_path_get_basename (folders[i]);
      g_autofree char *title = g_markup_escape_text (name, -1);
      g_autofree char *subtitle = NULL;

      if (is_default)
        {
          g_autofree char *text = g_strdup_printf (_("%s (the default, made on first use)"), folders[i]);

          subtitle = g_markup_escape_text (text, -1);
        }
      else
        subtitle = g_markup_escape_text (folders[i], -1);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("folder-symbolic"));
      if (!is_default)
        {
          GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
          g_autofree char *label = g_strdup_printf (_("Remove “%s” from the Library"), name);

          gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
          gtk_widget_add_css_class (remove, "flat");
          gtk_widget_set_tooltip_text (remove, label);
          gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
          g_object_set_data_full (G_OBJECT (remove), "path", g_strdup (folders[i]), g_free);
          g_signal_connect (remove, "clicked", G_CALLBACK (on_remove_library_folder_clicked_cb), self);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
        }
      adw_preferences_group_add (self->library_group, row);
      g_ptr_array_add (self->library_rows, row);
    }
}

typedef void (*AddFolder) (DwPreferencesWindow *self,
                           GFile               *folder);

static void
on_folder_chosen_cb (GtkNativeDialog     *chooser,
                     int                  response,
                     DwPreferencesWindow *self)
{
  AddFolder add = g_object_get_data (G_OBJECT (chooser), "add");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      add (self, folder);
    }
  g_object_unref (chooser);
}

/* A folder chooser titled @title; the folder chosen goes to @add. */
static void
choose_folder (DwPreferencesWindow *self,
               const char          *title,
               AddFolder            add)
{
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                         _("_Add"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_object_set_data (G_OBJECT (chooser), "add", add);
  g_signal_connect (chooser, "response", G_CALLBACK (on_folder_chosen_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
on_add_library_folder_clicked_cb (DwPreferencesWindow *self)
{
  choose_folder (self, _("Add a Folder of Decks to the Library"), dw_preferences_window_add_library_folder);
}

static void
on_settings_changed_cb (GSettings           *settings,
                        const char          *key,
                        DwPreferencesWindow *self)
{
  if (g_str_equal (key, "card-db-folders"))
    show_folders (self);
  else if (g_str_equal (key, "library-folders"))
    show_library_folders (self);
  else if (g_str_equal (key, "default-formats"))
    show_default_formats (self);
}

static void
on_add_folder_clicked_cb (DwPreferencesWindow *self)
{
  choose_folder (self, _("Add a Folder of Card Databases"), dw_preferences_window_add_folder);
}

static void
on_user_dir_opened_cb (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!g_app_info_launch_default_for_uri_finish (result, &error))
    g_message ("The folder could not be shown: %s", error->message);
}

static void
on_open_user_dir_clicked_cb (DwPreferencesWindow *self)
{
  g_autofree char *cards = g_build_filename (dw_library_get_user_dir (), "cards", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (cards);
  g_autofree char *uri = g_file_get_uri (folder);

  /* Made on first use, so there is somewhere to put the first file. */
  g_mkdir_with_parents (cards, 0700);
  g_app_info_launch_default_for_uri_async (uri, NULL, NULL, on_user_dir_opened_cb, NULL);
}

static void
dw_preferences_window_constructed (GObject *object)
{
  DwPreferencesWindow *self = DW_PREFERENCES_WINDOW (object);
  g_autofree char *cards = g_build_filename (dw_library_get_user_dir (), "cards", NULL);
  g_autofree char *subtitle = g_markup_escape_text (cards, -1);

  G_OBJECT_CLASS (dw_preferences_window_parent_class)->constructed (object);

  adw_action_row_set_subtitle (self->user_dir_row, subtitle);
  add_format_rows (self);
  show_folders (self);
  show_library_folders (self);
}

static void
dw_preferences_window_dispose (GObject *object)
{
  DwPreferencesWindow *self = DW_PREFERENCES_WINDOW (object);

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), DW_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);
  g_clear_object (&self->library);
  g_clear_pointer (&self->format_rows, g_hash_table_unref);
  g_clear_pointer (&self->folder_rows, g_ptr_array_unref);
  g_clear_pointer (&self->library_rows, g_ptr_array_unref);

  G_OBJECT_CLASS (dw_preferences_window_parent_class)->dispose (object);
}

static void
dw_preferences_window_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  DwPreferencesWindow *self = DW_PREFERENCES_WINDOW (object);

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
dw_preferences_window_class_init (DwPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = dw_preferences_window_constructed;
  object_class->dispose = dw_preferences_window_dispose;
  object_class->set_property = dw_preferences_window_set_property;

  properties[PROP_LIBRARY] =
    g_param_spec_object ("library", NULL, NULL, DW_TYPE_LIBRARY,
                         G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deckwright/Deckwright/dw-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DwPreferencesWindow, player_row);
  gtk_widget_class_bind_template_child (widget_class, DwPreferencesWindow, event_row);
  gtk_widget_class_bind_template_child (widget_class, DwPreferencesWindow, paper_row);
  gtk_widget_class_bind_template_child (widget_class, DwPreferencesWindow, formats_group);
  gtk_widget_class_bind_template_child (widget_class, DwPreferencesWindow, library_group);
  gtk_widget_class_bind_template_child (widget_class, DwPreferencesWindow, folders_group);
  gtk_widget_class_bind_template_child (widget_class, DwPreferencesWindow, user_dir_row);
  gtk_widget_class_bind_template_child (widget_class, DwPreferencesWindow, download_switch);
  gtk_widget_class_bind_template_child (widget_class, DwPreferencesWindow, add_folder_button);
  gtk_widget_class_bind_template_child (widget_class, DwPreferencesWindow, open_user_dir_button);
  gtk_widget_class_bind_template_callback (widget_class, on_add_folder_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_add_library_folder_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_open_user_dir_clicked_cb);
}

static void
dw_preferences_window_init (DwPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->format_rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->folder_rows = g_ptr_array_new ();
  self->library_rows = g_ptr_array_new ();
  self->settings = g_settings_new (APPLICATION_ID);
  g_settings_bind (self->settings, "player-name", self->player_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "event-name", self->event_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (self->settings, "paper-size", self->paper_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, paper_to_row, paper_from_row, NULL, NULL);
  g_settings_bind (self->settings, "download-images", self->download_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect (self->settings, "changed", G_CALLBACK (on_settings_changed_cb), self);
}

DwPreferencesWindow *
dw_preferences_window_new (GtkWindow *parent,
                           DwLibrary *library)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);

  return g_object_new (DW_TYPE_PREFERENCES_WINDOW,
                       "library", library,
                       "transient-for", parent,
                       "modal", parent != NULL,
                       NULL);
}

AdwEntryRow *
dw_preferences_window_get_player_row (DwPreferencesWindow *self)
{
  g_return_val_if_fail (DW_IS_PREFERENCES_WINDOW (self), NULL);
  return self->player_row;
}

AdwEntryRow *
dw_preferences_window_get_event_row (DwPreferencesWindow *self)
{
  g_return_val_if_fail (DW_IS_PREFERENCES_WINDOW (self), NULL);
  return self->event_row;
}

GtkSwitch *
dw_preferences_window_get_download_switch (DwPreferencesWindow *self)
{
  g_return_val_if_fail (DW_IS_PREFERENCES_WINDOW (self), NULL);
  return self->download_switch;
}

AdwComboRow *
dw_preferences_window_get_paper_row (DwPreferencesWindow *self)
{
  g_return_val_if_fail (DW_IS_PREFERENCES_WINDOW (self), NULL);
  return self->paper_row;
}

AdwComboRow *
dw_preferences_window_get_format_row (DwPreferencesWindow *self,
                                      const char          *game_id)
{
  g_return_val_if_fail (DW_IS_PREFERENCES_WINDOW (self), NULL);
  return g_hash_table_lookup (self->format_rows, game_id);
}

guint
dw_preferences_window_get_n_folder_rows (DwPreferencesWindow *self)
{
  g_return_val_if_fail (DW_IS_PREFERENCES_WINDOW (self), 0);
  return self->folder_rows->len;
}

/* Adds @folder to the extra card-database folders, once. */
void
dw_preferences_window_add_folder (DwPreferencesWindow *self,
                                  GFile               *folder)
{
  g_autofree char *path = g_file_get_path (folder);
  g_auto(GStrv) folders = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) changed = NULL;

  g_return_if_fail (DW_IS_PREFERENCES_WINDOW (self));

  if (path == NULL)
    return;
  folders = g_settings_get_strv (self->settings, "card-db-folders");
  if (g_strv_contains ((const char * const *) folders, path))
    return;
  g_strv_builder_addv (builder, (const char **) folders);
  g_strv_builder_add (builder, path);
  changed = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "card-db-folders", (const char * const *) changed);
}

void
dw_preferences_window_remove_folder (DwPreferencesWindow *self,
                                     const char          *path)
{
  g_auto(GStrv) folders = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) changed = NULL;

  g_return_if_fail (DW_IS_PREFERENCES_WINDOW (self));

  folders = g_settings_get_strv (self->settings, "card-db-folders");
  for (guint i = 0; folders[i] != NULL; i++)
    if (!g_str_equal (folders[i], path))
      g_strv_builder_add (builder, folders[i]);
  changed = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "card-db-folders", (const char * const *) changed);
}

/* The rows of the deck library's folders, in the key's order (the
 * default folder's alone when the key is empty). */
GPtrArray *
dw_preferences_window_get_library_rows (DwPreferencesWindow *self)
{
  g_return_val_if_fail (DW_IS_PREFERENCES_WINDOW (self), NULL);
  return self->library_rows;
}

/* Adds @folder to the deck library, once.  The first folder added keeps
 * the default one beside it: the decks already there stay in the
 * library. */
void
dw_preferences_window_add_library_folder (DwPreferencesWindow *self,
                                          GFile               *folder)
{
  g_autofree char *path = g_file_get_path (folder);
  g_auto(GStrv) folders = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) changed = NULL;

  g_return_if_fail (DW_IS_PREFERENCES_WINDOW (self));
  g_return_if_fail (G_IS_FILE (folder));

  if (path == NULL)
    return;
  folders = dw_deck_library_configured_folders ();
  if (g_strv_contains ((const char * const *) folders, path))
    return;
  g_strv_builder_addv (builder, (const char **) folders);
  g_strv_builder_add (builder, path);
  changed = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "library-folders", (const char * const *) changed);
}

/* Takes @path out of the library (its files stay where they are).  With
 * no folder left, the library is the default folder again. */
void
dw_preferences_window_remove_library_folder (DwPreferencesWindow *self,
                                             const char          *path)
{
  g_auto(GStrv) folders = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) changed = NULL;

  g_return_if_fail (DW_IS_PREFERENCES_WINDOW (self));
  g_return_if_fail (path != NULL);

  folders = g_settings_get_strv (self->settings, "library-folders");
  for (guint i = 0; folders[i] != NULL; i++)
    if (!g_str_equal (folders[i], path))
      g_strv_builder_add (builder, folders[i]);
  changed = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "library-folders", (const char * const *) changed);
}

DwFormat *
dw_preferences_default_format (GSettings *settings,
                               DwGame    *game)
{
  g_autoptr(GVariant) formats = NULL;
  g_autofree char *format_id = NULL;
  DwFormat *format = NULL;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (DW_IS_GAME (game), NULL);

  formats = g_settings_get_value (settings, "default-formats");
  /* A format that went away (a user's formats file removed) falls back
   * to the game's own default. */
  if (g_variant_lookup (formats, dw_game_get_id (game), "s", &format_id))
    format = dw_game_lookup_format (game, format_id);
  return format != NULL ? format : dw_game_get_default_format (game);
}
