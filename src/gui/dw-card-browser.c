/* dw-card-browser.c — search, filter and look at the cards of a game
 *
 * The cards of every database of the game flow through one filter: the
 * query typed in the entry (parsed in src/core/dw-query.c) and the quick
 * filters generated from the game definition — a drop-down for each enum
 * property, a range for each number — so a new game gets its filters
 * without new code.  The selected card is drawn large in a flap beside
 * the list, which folds away at narrow widths.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "dw-card-browser.h"
#include "dw-card-face.h"
#include "dw-query.h"

typedef struct
{
  const DwPropertyDef *def;
  GtkDropDown         *choice;   /* enums: 0 is "any" */
  GtkSpinButton       *low;      /* numbers */
  GtkSpinButton       *high;
  gint64               min;
  gint64               max;
} QuickFilter;

struct _DwCardBrowser
{
  GtkWidget        parent_instance;

  DwLibrary       *library;
  DwGame          *game;
  DwQuery         *query;
  char            *query_error;
  GArray          *quick;        /* QuickFilter */

  GtkEntry        *entry;
  GtkMenuButton   *filters_button;
  GtkToggleButton *face_button;
  GtkLabel        *count;
  AdwFlap         *flap;
  DwCardList      *list;
  DwCardFace      *face;
  GtkCustomFilter *filter;
  GtkFilterListModel *filtered;
};

G_DEFINE_FINAL_TYPE (DwCardBrowser, dw_card_browser, GTK_TYPE_WIDGET)

enum {
  CARD_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
passes_quick_filters (DwCardBrowser *self,
                      DwCard        *card)
{
  for (guint i = 0; i < self->quick->len; i++)
    {
      const QuickFilter *quick = &g_array_index (self->quick, QuickFilter, i);

      if (quick->choice != NULL)
        {
          guint selected = gtk_drop_down_get_selected (quick->choice);
          const char *value = quick->def ? dw_card_get_value (card, quick->def->id)
                                         : dw_card_get_card_type (card);
          const char *wanted;

          if (selected == 0 || selected == GTK_INVALID_LIST_POSITION)
            continue;
          wanted = quick->def ? quick->def->values[selected - 1]
                              : dw_game_get_card_type_def (self->game, selected - 1)->id;
          if (g_strcmp0 (value, wanted) != 0)
            return FALSE;
        }
      else
        {
          gint64 low = (gint64) gtk_spin_button_get_value (quick->low);
          gint64 high = (gint64) gtk_spin_button_get_value (quick->high);
          gint64 value;

          if (low <= quick->min && high >= quick->max)
            continue;
          if (!dw_card_get_int (card, quick->def->id, &value) || value < low || value > high)
            return FALSE;
        }
    }
  return TRUE;
}

static gboolean
match_card (gpointer item,
            gpointer user_data)
{
  DwCardBrowser *self = user_data;
  DwCard *card = item;

  return (self->query == NULL || dw_query_matches (self->query, card)) &&
         passes_quick_filters (self, card);
}

static void
update_count (DwCardBrowser *self)
{
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
  guint all = g_list_model_get_n_items (gtk_filter_list_model_get_model (self->filtered));
  g_autofree char *text = g_strdup_printf (_("%u of %u cards"), shown, all);

  gtk_label_set_text (self->count, text);
}

static void
show_query_error (DwCardBrowser *self,
                  const GError  *error)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  g_autoptr(PangoAttrList) attributes = pango_attr_list_new ();
  guint start, end;

  g_clear_pointer (&self->query_error, g_free);

  if (error == NULL)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->entry), "error");
      gtk_entry_set_icon_from_icon_name (self->entry, GTK_ENTRY_ICON_SECONDARY, NULL);
      gtk_entry_set_attributes (self->entry, NULL);
      gtk_accessible_reset_state (GTK_ACCESSIBLE (self->entry), GTK_ACCESSIBLE_STATE_INVALID);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self->entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      return;
    }

  self->query_error = g_strdup (error->message);
  gtk_widget_add_css_class (GTK_WIDGET (self->entry), "error");
  gtk_entry_set_icon_from_icon_name (self->entry, GTK_ENTRY_ICON_SECONDARY, "dialog-warning-symbolic");
  gtk_entry_set_icon_tooltip_text (self->entry, GTK_ENTRY_ICON_SECONDARY, error->message);

  /* Underline the part of the query that is wrong, where it is. */
  if (dw_query_error_get_span (error, &start, &end))
    {
      glong length = g_utf8_strlen (text, -1);
      const char *from = g_utf8_offset_to_pointer (text, MIN ((glong) start, length));
      const char *to = g_utf8_offset_to_pointer (text, MIN ((glong) MAX (end, start + 1), length));
      PangoAttribute *underline = pango_attr_underline_new (PANGO_UNDERLINE_ERROR);

      underline->start_index = (guint) (from - text);
      underline->end_index = (guint) (to - text);
      pango_attr_list_insert (attributes, underline);
    }
  gtk_entry_set_attributes (self->entry, attributes);

  gtk_accessible_update_state (GTK_ACCESSIBLE (self->entry),
                               GTK_ACCESSIBLE_STATE_INVALID, GTK_ACCESSIBLE_INVALID_TRUE, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->entry),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, error->message, -1);
}

static void
on_query_changed_cb (DwCardBrowser *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  g_autoptr(GError) error = NULL;
  DwQuery *query = dw_query_parse (self->game, text, &error);
  GtkFilterChange change = GTK_FILTER_CHANGE_DIFFERENT;

  show_query_error (self, error);

  /* A query being typed is often wrong for a moment; the list keeps the
   * last good one rather than flashing empty. */
  if (query == NULL)
    return;

  if (self->query != NULL)
    switch (dw_query_relation (self->query, query))
      {
      case DW_QUERY_SAME:
        dw_query_unref (query);
        return;
      case DW_QUERY_NARROWER:
        change = GTK_FILTER_CHANGE_MORE_STRICT;
        break;
      case DW_QUERY_WIDER:
        change = GTK_FILTER_CHANGE_LESS_STRICT;
        break;
      case DW_QUERY_DIFFERENT:
      default:
        break;
      }

  g_clear_pointer (&self->query, dw_query_unref);
  self->query = query;
  gtk_filter_changed (GTK_FILTER (self->filter), change);
}

static void
on_quick_filter_changed_cb (DwCardBrowser *self)
{
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

static void
on_card_activated_cb (DwCardList    *list,
                      DwCard        *card,
                      DwCardBrowser *self)
{
  g_signal_emit (self, signals[CARD_ACTIVATED], 0, card);
}

static void
on_selected_card_cb (DwCardBrowser *self)
{
  DwCard *card = dw_card_list_get_selected (self->list);

  if (card != NULL)
    dw_card_face_set_card (self->face, self->game, card);
}

/* Enter in the search adds the card the player picked, or the top one
 * shown: type a name, press Enter, and it is in the deck. */
static void
on_entry_activate_cb (DwCardBrowser *self)
{
  DwCard *card = dw_card_list_get_selected (self->list);
  g_autoptr(DwCard) first = NULL;

  if (card == NULL && g_list_model_get_n_items (dw_card_list_get_model (self->list)) > 0)
    card = first = g_list_model_get_item (dw_card_list_get_model (self->list), 0);
  if (card != NULL)
    g_signal_emit (self, signals[CARD_ACTIVATED], 0, card);
}

/* Folded, the card face hides behind a toggle rather than cover the list. */
static void
on_flap_folded_cb (DwCardBrowser *self)
{
  gboolean folded = adw_flap_get_folded (self->flap);

  gtk_widget_set_visible (GTK_WIDGET (self->face_button), folded);
  adw_flap_set_reveal_flap (self->flap, !folded);
}

static void
add_selected_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  DwCardBrowser *self = DW_CARD_BROWSER (widget);
  DwCard *card = dw_card_list_get_selected (self->list);

  if (card != NULL)
    g_signal_emit (self, signals[CARD_ACTIVATED], 0, card);
}

/* All cards of @game, across its databases, as one model. */
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
numeric_range (GListModel *cards,
               const char *property,
               gint64     *min,
               gint64     *max)
{
  guint n = g_list_model_get_n_items (cards);
  gboolean any = FALSE;

  *min = *max = 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwCard) card = g_list_model_get_item (cards, i);
      gint64 value;

      if (!dw_card_get_int (card, property, &value))
        continue;
      *min = any ? MIN (*min, value) : value;
      *max = any ? MAX (*max, value) : value;
      any = TRUE;
    }
}

static GtkDropDown *
choice_new (const char  *any,
            char       **values,
            const char  *label)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) strings = NULL;
  GtkDropDown *choice;

  g_strv_builder_add (builder, any);
  g_strv_builder_addv (builder, (const char **) values);
  strings = g_strv_builder_end (builder);
  choice = GTK_DROP_DOWN (gtk_drop_down_new_from_strings ((const char * const *) strings));
  gtk_accessible_update_property (GTK_ACCESSIBLE (choice), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  return choice;
}

/* The quick filters, one row a property, made from the game definition. */
static GtkWidget *
build_quick_filters (DwCardBrowser *self,
                     GListModel    *cards)
{
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());
  g_autoptr(GStrvBuilder) type_names = g_strv_builder_new ();
  g_auto(GStrv) types = NULL;
  int row = 0;

  gtk_grid_set_row_spacing (grid, 6);
  gtk_grid_set_column_spacing (grid, 12);

  for (guint i = 0; i < dw_game_get_n_types (self->game); i++)
    g_strv_builder_add (type_names, dw_game_get_card_type_def (self->game, i)->name);
  types = g_strv_builder_end (type_names);

  for (int i = -1; i < (int) dw_game_get_n_properties (self->game); i++)
    {
      const DwPropertyDef *def = i >= 0 ? dw_game_get_property (self->game, (guint) i) : NULL;
      QuickFilter quick = { def, };
      const char *name = def ? def->name : _("Type");
      GtkWidget *label;

      if (def != NULL && def->kind != DW_PROPERTY_ENUM && def->kind != DW_PROPERTY_INT)
        continue;

      label = gtk_label_new (name);
      gtk_label_set_xalign (GTK_LABEL (label), 1.0);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_grid_attach (grid, label, 0, row, 1, 1);

      if (def == NULL || def->kind == DW_PROPERTY_ENUM)
        {
          g_autofree char *any = g_strdup_printf (_("Any %s"), name);
          g_autofree char *lower = g_utf8_strdown (any, -1);

          quick.choice = choice_new (lower, def ? def->values : types, name);
          g_signal_connect_swapped (quick.choice, "notify::selected",
                                    G_CALLBACK (on_quick_filter_changed_cb), self);
          gtk_grid_attach (grid, GTK_WIDGET (quick.choice), 1, row, 2, 1);
        }
      else
        {
          g_autofree char *low_label = g_strdup_printf (_("Lowest %s"), name);
          g_autofree char *high_label = g_strdup_printf (_("Highest %s"), name);

          numeric_range (cards, def->id, &quick.min, &quick.max);
          if (quick.min == quick.max)
            {
              gtk_grid_remove (grid, label);
              continue;
            }
          quick.low = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (quick.min, quick.max, 1));
          quick.high = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (quick.min, quick.max, 1));
          gtk_spin_button_set_value (quick.low, quick.min);
          gtk_spin_button_set_value (quick.high, quick.max);
          gtk_accessible_update_property (GTK_ACCESSIBLE (quick.low), GTK_ACCESSIBLE_PROPERTY_LABEL, low_label, -1);
          gtk_accessible_update_property (GTK_ACCESSIBLE (quick.high), GTK_ACCESSIBLE_PROPERTY_LABEL, high_label, -1);
          g_signal_connect_swapped (quick.low, "value-changed", G_CALLBACK (on_quick_filter_changed_cb), self);
          g_signal_connect_swapped (quick.high, "value-changed", G_CALLBACK (on_quick_filter_changed_cb), self);
          gtk_grid_attach (grid, GTK_WIDGET (quick.low), 1, row, 1, 1);
          gtk_grid_attach (grid, GTK_WIDGET (quick.high), 2, row, 1, 1);
        }

      g_array_append_val (self->quick, quick);
      row++;
    }

  return GTK_WIDGET (grid);
}

static void
dw_card_browser_dispose (GObject *object)
{
  DwCardBrowser *self = DW_CARD_BROWSER (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  g_clear_object (&self->filtered);
  g_clear_object (&self->filter);
  g_clear_pointer (&self->query, dw_query_unref);
  g_clear_pointer (&self->query_error, g_free);
  g_clear_object (&self->library);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (dw_card_browser_parent_class)->dispose (object);
}

static void
dw_card_browser_finalize (GObject *object)
{
  DwCardBrowser *self = DW_CARD_BROWSER (object);

  g_array_unref (self->quick);

  G_OBJECT_CLASS (dw_card_browser_parent_class)->finalize (object);
}

static void
dw_card_browser_class_init (DwCardBrowserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_card_browser_dispose;
  object_class->finalize = dw_card_browser_finalize;

  /* The player wants this card in the deck. */
  signals[CARD_ACTIVATED] =
    g_signal_new ("card-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, DW_TYPE_CARD);

  gtk_widget_class_install_action (widget_class, "browser.add-selected", NULL, add_selected_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "browser.add-selected", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "browser.add-selected", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "cardbrowser");
}

static void
dw_card_browser_init (DwCardBrowser *self)
{
  self->quick = g_array_new (FALSE, TRUE, sizeof (QuickFilter));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
}

GtkWidget *
dw_card_browser_new (DwLibrary *library,
                     DwGame    *game)
{
  DwCardBrowser *self = g_object_new (DW_TYPE_CARD_BROWSER, NULL);
  g_autoptr(GListModel) cards = NULL;
  GtkWidget *search_row;
  GtkWidget *popover;
  GtkWidget *face_box;
  g_autofree char *placeholder = NULL;

  self->library = g_object_ref (library);
  self->game = g_object_ref (game);
  cards = cards_of_game (library, game);

  search_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start (search_row, 6);
  gtk_widget_set_margin_end (search_row, 6);
  gtk_widget_set_margin_top (search_row, 6);
  gtk_widget_set_margin_bottom (search_row, 6);
  gtk_widget_set_parent (search_row, GTK_WIDGET (self));

  self->entry = GTK_ENTRY (gtk_entry_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->entry), TRUE);
  gtk_entry_set_icon_from_icon_name (self->entry, GTK_ENTRY_ICON_PRIMARY, "system-search-symbolic");
  placeholder = g_strcmp0 (dw_game_get_id (game), "coraabia") == 0
                ? g_strdup (_("Search, e.g. rarity:guru danger>=8"))
                : g_strdup (_("Search, e.g. faction:gaian cost<=3"));
  gtk_entry_set_placeholder_text (self->entry, placeholder);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Search cards"), -1);
  g_signal_connect_swapped (self->entry, "notify::text", G_CALLBACK (on_query_changed_cb), self);
  g_signal_connect_swapped (self->entry, "activate", G_CALLBACK (on_entry_activate_cb), self);
  gtk_box_append (GTK_BOX (search_row), GTK_WIDGET (self->entry));

  popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (popover), build_quick_filters (self, cards));
  self->filters_button = GTK_MENU_BUTTON (gtk_menu_button_new ());
  gtk_menu_button_set_icon_name (self->filters_button, "view-more-horizontal-symbolic");
  gtk_menu_button_set_popover (self->filters_button, popover);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->filters_button), _("Filters"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->filters_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Filters"), -1);
  gtk_box_append (GTK_BOX (search_row), GTK_WIDGET (self->filters_button));

  self->face_button = GTK_TOGGLE_BUTTON (gtk_toggle_button_new ());
  gtk_button_set_icon_name (GTK_BUTTON (self->face_button), "image-x-generic-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->face_button), _("Show the Card"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->face_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Show the Card"), -1);
  gtk_box_append (GTK_BOX (search_row), GTK_WIDGET (self->face_button));

  self->filter = gtk_custom_filter_new (match_card, self, NULL);
  self->filtered = gtk_filter_list_model_new (g_object_ref (cards), g_object_ref (GTK_FILTER (self->filter)));
  g_signal_connect_swapped (self->filtered, "items-changed", G_CALLBACK (update_count), self);

  self->flap = ADW_FLAP (adw_flap_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->flap), TRUE);
  adw_flap_set_flap_position (self->flap, GTK_PACK_END);
  adw_flap_set_fold_policy (self->flap, ADW_FLAP_FOLD_POLICY_AUTO);
  adw_flap_set_swipe_to_open (self->flap, TRUE);
  adw_flap_set_swipe_to_close (self->flap, TRUE);
  gtk_widget_set_parent (GTK_WIDGET (self->flap), GTK_WIDGET (self));

  self->list = DW_CARD_LIST (dw_card_list_new (game, G_LIST_MODEL (self->filtered)));
  gtk_widget_set_hexpand (GTK_WIDGET (self->list), TRUE);
  g_signal_connect (self->list, "card-activated", G_CALLBACK (on_card_activated_cb), self);
  g_signal_connect_swapped (self->list, "notify::selected-card", G_CALLBACK (on_selected_card_cb), self);
  adw_flap_set_content (self->flap, GTK_WIDGET (self->list));

  face_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_add_css_class (face_box, "background");
  self->face = DW_CARD_FACE (dw_card_face_new ());
  gtk_widget_set_margin_start (GTK_WIDGET (self->face), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->face), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (self->face), 12);
  gtk_widget_set_valign (GTK_WIDGET (self->face), GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (face_box), GTK_WIDGET (self->face));
  adw_flap_set_flap (self->flap, face_box);
  adw_flap_set_separator (self->flap, gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  g_object_bind_property (self->face_button, "active", self->flap, "reveal-flap",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_signal_connect_swapped (self->flap, "notify::folded", G_CALLBACK (on_flap_folded_cb), self);
  on_flap_folded_cb (self);

  self->count = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->count), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (self->count), "caption");
  gtk_widget_set_margin_top (GTK_WIDGET (self->count), 3);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->count), 3);
  gtk_widget_set_parent (GTK_WIDGET (self->count), GTK_WIDGET (self));
  update_count (self);

  /* Something to look at before anything is picked: the first card. */
  if (g_list_model_get_n_items (dw_card_list_get_model (self->list)) > 0)
    {
      g_autoptr(DwCard) first = g_list_model_get_item (dw_card_list_get_model (self->list), 0);
      dw_card_face_set_card (self->face, game, first);
    }

  return GTK_WIDGET (self);
}

DwGame *
dw_card_browser_get_game (DwCardBrowser *self)
{
  g_return_val_if_fail (DW_IS_CARD_BROWSER (self), NULL);
  return self->game;
}

void
dw_card_browser_set_query (DwCardBrowser *self,
                           const char    *text)
{
  g_return_if_fail (DW_IS_CARD_BROWSER (self));
  gtk_editable_set_text (GTK_EDITABLE (self->entry), text);
}

/* What is wrong with the query typed, or NULL when it is fine. */
const char *
dw_card_browser_get_query_error (DwCardBrowser *self)
{
  g_return_val_if_fail (DW_IS_CARD_BROWSER (self), NULL);
  return self->query_error;
}

DwCard *
dw_card_browser_get_selected (DwCardBrowser *self)
{
  g_return_val_if_fail (DW_IS_CARD_BROWSER (self), NULL);
  return dw_card_list_get_selected (self->list);
}

DwCardList *
dw_card_browser_get_list (DwCardBrowser *self)
{
  g_return_val_if_fail (DW_IS_CARD_BROWSER (self), NULL);
  return self->list;
}

guint
dw_card_browser_get_n_shown (DwCardBrowser *self)
{
  g_return_val_if_fail (DW_IS_CARD_BROWSER (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
}

/* Draws @card large, wherever the player picked it (a deck row too). */
void
dw_card_browser_show_card (DwCardBrowser *self,
                           DwCard        *card)
{
  g_return_if_fail (DW_IS_CARD_BROWSER (self));
  dw_card_face_set_card (self->face, self->game, card);
}

GtkEntry *
dw_card_browser_get_entry (DwCardBrowser *self)
{
  g_return_val_if_fail (DW_IS_CARD_BROWSER (self), NULL);
  return self->entry;
}
