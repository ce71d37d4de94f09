/* dw-deck-details.c — a deck's name, author, notes and format
 *
 * One expander row: folded, the deck's name over its format and author;
 * opened, the fields to change them, and the deck's tags (the labels
 * the library sorts it by).  Below, the deck's versions
 * (DwDeckVersionsView), for which the details need the deck's file
 * (the "path" property).  Every change goes through the
 * deck's DwDeckHistory, so it can be undone, and the rows follow the
 * deck whoever changed it (an undo, a paste, a reload).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "dw-deck-details-private.h"
#include "dw-deck-versions-view.h"

struct _DwDeckDetails
{
  GtkWidget       parent_instance;

  DwLibrary      *library;
  DwDeckHistory  *history;
  DwDeck         *deck;
  DwGame         *game;
  gboolean        updating;   /* the rows being filled from the deck */

  /* Template children */
  GtkWidget      *box;
  GtkWidget      *group;
  AdwExpanderRow *details_row;
  AdwEntryRow    *name_row;
  AdwEntryRow    *author_row;
  AdwEntryRow    *notes_row;
  AdwEntryRow    *tags_row;
  AdwComboRow    *format_row;
  AdwBin         *versions_slot;
  DwDeckVersionsView *versions;
};

G_DEFINE_FINAL_TYPE (DwDeckDetails, dw_deck_details, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_PATH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static DwFormat *
current_format (DwDeckDetails *self)
{
  g_autoptr(GError) error = NULL;
  DwFormat *format = dw_library_format_for_deck (self->library, self->deck, NULL, &error);

  return format ? format : dw_game_get_default_format (self->game);
}

/* The row says what is wrong with the tags typed, or nothing. */
static void
show_tags_error (DwDeckDetails *self,
                 const char    *message)
{
  if (message != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->tags_row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->tags_row), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->tags_row), message);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->tags_row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  message ? message : "", -1);
}

static void
show_details (DwDeckDetails *self)
{
  DwFormat *format = current_format (self);
  GListModel *formats = dw_game_get_formats (self->game);
  const char *name = dw_deck_get_name (self->deck);
  const char *author = dw_deck_get_author (self->deck);
  g_autofree char *note = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *note_text = NULL;

  self->updating = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name ?: "");
  gtk_editable_set_text (GTK_EDITABLE (self->author_row), author ?: "");
  gtk_editable_set_text (GTK_EDITABLE (self->notes_row), dw_deck_get_notes (self->deck) ?: "");
  {
    g_autofree char *tags = g_strjoinv (", ", (char **) dw_deck_get_tags (self->deck));

    gtk_editable_set_text (GTK_EDITABLE (self->tags_row), tags);
    show_tags_error (self, NULL);
  }
  for (guint i = 0; i < g_list_model_get_n_items (formats); i++)
    {
      g_autoptr(DwFormat) candidate = g_list_model_get_item (formats, i);
      if (candidate == format)
        adw_combo_row_set_selected (self->format_row, i);
    }
  self->updating = FALSE;

  note_text = dw_format_is_project_choice (format)
    ? g_strdup_printf (_("%s These limits are Deckwright's own choice: the original game's numbers are lost."),
                       dw_format_get_description (format))
    : g_strdup (dw_format_get_description (format));
  note = g_markup_escape_text (note_text, -1);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->format_row), note);

  /* Folded, the details are one row: the deck's name over its format
   * and author. */
  title = g_markup_escape_text (name && *name ? name : _("Untitled deck"), -1);
  subtitle = author && *author
    ? g_markup_printf_escaped (_("%s · by %s"), dw_format_get_name (format), author)
    : g_markup_escape_text (dw_format_get_name (format), -1);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->details_row), title);
  adw_expander_row_set_subtitle (self->details_row, subtitle);
}

static void
on_deck_changed_cb (DwDeckDetails *self)
{
  show_details (self);
}

static void
on_details_apply_cb (DwDeckDetails *self)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_row));
  const char *author = gtk_editable_get_text (GTK_EDITABLE (self->author_row));
  const char *notes = gtk_editable_get_text (GTK_EDITABLE (self->notes_row));

  if (self->updating)
    return;
  /* An empty field means "not given", as in the file. */
  dw_deck_history_set_details (self->history, *name ? name : NULL, *author ? author : NULL,
                               *notes ? notes : NULL);
}

static void
on_tags_apply_cb (DwDeckDetails *self)
{
  g_auto(GStrv) tags = NULL;
  g_autoptr(GError) error = NULL;

  if (self->updating)
    return;
  tags = g_strsplit (gtk_editable_get_text (GTK_EDITABLE (self->tags_row)), ",", -1);
  for (guint i = 0; tags[i] != NULL; i++)
    g_strstrip (tags[i]);
  if (!dw_deck_history_set_tags (self->history, (const char * const *) tags, &error))
    show_tags_error (self, error->message);
  else
    show_details (self);   /* the tags as kept: no blanks, no repeats */
}

static void
on_format_selected_cb (DwDeckDetails *self)
{
  g_autoptr(DwFormat) format = NULL;
  guint selected = adw_combo_row_get_selected (self->format_row);

  if (self->updating || selected == GTK_INVALID_LIST_POSITION)
    return;
  format = g_list_model_get_item (dw_game_get_formats (self->game), selected);
  if (format != current_format (self))
    dw_deck_history_set_format (self->history, dw_format_get_id (format));
}

static void
dw_deck_details_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  DwDeckDetails *self = DW_DECK_DETAILS (object);

  switch (prop_id)
    {
    case PROP_PATH:
      g_value_set_string (value, dw_deck_details_get_path (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_deck_details_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  DwDeckDetails *self = DW_DECK_DETAILS (object);

  switch (prop_id)
    {
    case PROP_PATH:
      dw_deck_details_set_path (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_deck_details_dispose (GObject *object)
{
  DwDeckDetails *self = DW_DECK_DETAILS (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), DW_TYPE_DECK_DETAILS);
  g_clear_object (&self->deck);
  g_clear_object (&self->history);
  g_clear_object (&self->game);
  g_clear_object (&self->library);

  G_OBJECT_CLASS (dw_deck_details_parent_class)->dispose (object);
}

static void
dw_deck_details_class_init (DwDeckDetailsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = dw_deck_details_get_property;
  object_class->set_property = dw_deck_details_set_property;
  object_class->dispose = dw_deck_details_dispose;

  /* The deck's file: its versions are listed when it is in a library. */
  properties[PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deckwright/Deckwright/dw-deck-details.ui");
  gtk_widget_class_bind_template_child (widget_class, DwDeckDetails, box);
  gtk_widget_class_bind_template_child (widget_class, DwDeckDetails, group);
  gtk_widget_class_bind_template_child (widget_class, DwDeckDetails, details_row);
  gtk_widget_class_bind_template_child (widget_class, DwDeckDetails, name_row);
  gtk_widget_class_bind_template_child (widget_class, DwDeckDetails, author_row);
  gtk_widget_class_bind_template_child (widget_class, DwDeckDetails, notes_row);
  gtk_widget_class_bind_template_child (widget_class, DwDeckDetails, tags_row);
  gtk_widget_class_bind_template_child (widget_class, DwDeckDetails, format_row);
  gtk_widget_class_bind_template_child (widget_class, DwDeckDetails, versions_slot);
  gtk_widget_class_bind_template_callback (widget_class, on_details_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_tags_apply_cb);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "deckdetails");
}

static void
dw_deck_details_init (DwDeckDetails *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
dw_deck_details_new (DwLibrary     *library,
                     DwDeckHistory *history)
{
  DwDeckDetails *self = g_object_new (DW_TYPE_DECK_DETAILS, NULL);
  g_autoptr(GtkExpression) format_name = NULL;

  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);
  g_return_val_if_fail (DW_IS_DECK_HISTORY (history), NULL);

  self->library = g_object_ref (library);
  self->history = g_object_ref (history);
  self->deck = g_object_ref (dw_deck_history_get_deck (history));
  self->game = g_object_ref (dw_library_lookup_game (library, dw_deck_get_game_id (self->deck)));

  format_name = gtk_property_expression_new (DW_TYPE_FORMAT, NULL, "name");
  adw_combo_row_set_expression (self->format_row, format_name);
  adw_combo_row_set_model (self->format_row, dw_game_get_formats (self->game));
  g_signal_connect_swapped (self->format_row, "notify::selected", G_CALLBACK (on_format_selected_cb), self);
  g_signal_connect_object (self->deck, "changed", G_CALLBACK (on_deck_changed_cb), self, G_CONNECT_SWAPPED);
  show_details (self);

  self->versions = DW_DECK_VERSIONS_VIEW (dw_deck_versions_view_new (library, history));
  adw_bin_set_child (self->versions_slot, GTK_WIDGET (self->versions));
  return GTK_WIDGET (self);
}

/* The deck's file, NULL while it has none.  Setting it (again, after a
 * save) lists its versions again. */
void
dw_deck_details_set_path (DwDeckDetails *self,
                          const char    *path)
{
  gboolean changed;

  g_return_if_fail (DW_IS_DECK_DETAILS (self));

  changed = g_strcmp0 (path, dw_deck_versions_view_get_path (self->versions)) != 0;
  dw_deck_versions_view_set_path (self->versions, path);
  if (changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PATH]);
}

const char *
dw_deck_details_get_path (DwDeckDetails *self)
{
  g_return_val_if_fail (DW_IS_DECK_DETAILS (self), NULL);
  return dw_deck_versions_view_get_path (self->versions);
}

DwDeckVersionsView *
dw_deck_details_get_versions (DwDeckDetails *self)
{
  g_return_val_if_fail (DW_IS_DECK_DETAILS (self), NULL);
  return self->versions;
}

AdwExpanderRow *
dw_deck_details_get_row (DwDeckDetails *self)
{
  g_return_val_if_fail (DW_IS_DECK_DETAILS (self), NULL);

  return self->details_row;
}

/* @field is "name", "author", "notes" or "tags". */
AdwEntryRow *
dw_deck_details_get_entry (DwDeckDetails *self,
                           const char    *field)
{
  g_return_val_if_fail (DW_IS_DECK_DETAILS (self), NULL);

  if (g_str_equal (field, "name"))
    return self->name_row;
  if (g_str_equal (field, "author"))
    return self->author_row;
  if (g_str_equal (field, "notes"))
    return self->notes_row;
  if (g_str_equal (field, "tags"))
    return self->tags_row;
  g_return_val_if_reached (NULL);
}

AdwComboRow *
dw_deck_details_get_format_row (DwDeckDetails *self)
{
  g_return_val_if_fail (DW_IS_DECK_DETAILS (self), NULL);

  return self->format_row;
}
