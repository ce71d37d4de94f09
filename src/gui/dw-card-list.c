/* dw-card-list.c — a sortable table of cards
 *
 * The columns come from the game definition: name, type, then every
 * property a player sorts by (enums, numbers, costs), so a new game gets
 * its columns without new code.  At narrow widths the last columns give
 * way (they hide until the list is wide enough again), so the name and
 * the copies in the deck always read whole; the card's face, shown on
 * hover and focus, has what they held.  A column the player sizes by
 * hand shortens its cells with an ellipsis, each whole in its tooltip,
 * and stops at its header's title (dw-column-fit.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dw-card.h"
#include "dw-card-list.h"
#include "dw-card-zoom.h"
#include "dw-column-fit.h"
#include "dw-column-give-way.h"

/* How many of the game's properties are columns until the player shows
 * more: the rest are in the header's menu, hidden. */
#define SHOWN_PROPERTY_COLUMNS 6

struct _DwCardList
{
  GtkWidget           parent_instance;

  DwGame             *game;
  GtkScrolledWindow  *scroller;
  GtkColumnView      *view;
  GtkSortListModel   *sorted;
  GtkSingleSelection *selection;
  GSettings          *settings;
  DwDeck             *deck;        /* whose copies the list counts */
  int                 widest;      /* the natural width with cards shown */
  GHashTable         *in_deck;     /* GtkListItem of the "In Deck" cells shown */
  GtkColumnViewColumn *probed;     /* while probing the sort: the first column asked */
  gboolean            probing;
  gboolean            probe_inverted;
};

/* What a column's cells need to know of it. */
typedef struct
{
  DwCardList *list;              /* not owned: outlives its columns' cells */
  char       *property;
  char       *title;
  int         width;             /* its widest value or title, once measured; 0 before */
  GtkColumnViewColumn *view_column; /* not owned: owns the factory that owns this */
} Column;

G_DEFINE_FINAL_TYPE (DwCardList, dw_card_list, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SELECTED_CARD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  CARD_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static char *
card_value (DwCard     *card,
            const char *property)
{
  return g_strdup (card ? dw_card_get_value (card, property) : NULL);
}

static int
card_number (DwCard     *card,
             const char *property)
{
  gint64 value;

  /* Cards without a number (or with X) sort before every number. */
  if (card == NULL || !dw_card_get_int (card, property, &value))
    return G_MININT;
  return (int) CLAMP (value, G_MININT + 1, G_MAXINT);
}

static void
free_property_cb (gpointer  data,
                  GClosure *closure)
{
  g_free (data);
}

static void
free_column_cb (gpointer  data,
                GClosure *closure)
{
  Column *column = data;

  g_free (column->property);
  g_free (column->title);
  g_free (column);
}

static int
text_width (GtkWidget  *widget,
            const char *text)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, text);
  int width;

  pango_layout_get_pixel_size (layout, &width, NULL);
  return width;
}

/* Room for a column's title and the sort arrow beside it. */
#define TITLE_ROOM 24

/* The widest text @column can show: every value the game allows for a
 * type or a choice, a number of three digits, and its title.  So the
 * column is as wide as its widest card before that card scrolls into
 * view, and no value or title is cut while the list has the room. */
static int
widest_value (Column    *column,
              GtkWidget *label)
{
  DwGame *game = column->list->game;
  const DwPropertyDef *def = dw_game_lookup_property (game, column->property);
  int width = text_width (label, column->title) + TITLE_ROOM;

  if (g_str_equal (column->property, "type"))
    for (guint i = 0; i < dw_game_get_n_types (game); i++)
      {
        const DwCardTypeDef *type = dw_game_get_card_type_def (game, i);

        width = MAX (width, text_width (label, type->name));
        width = MAX (width, text_width (label, type->id));
      }
  else if (def != NULL && def->kind == DW_PROPERTY_ENUM)
    for (guint i = 0; def->values[i] != NULL; i++)
      width = MAX (width, text_width (label, def->value_names[i]));
  else
    width = MAX (width, text_width (label, "888"));
  return width;
}

/* A card dragged out of the list is the card itself; the deck decides
 * where it goes. */
static GdkContentProvider *
on_drag_prepare_cb (GtkDragSource *source,
                    double         x,
                    double         y,
                    GtkListItem   *item)
{
  DwCard *card = gtk_list_item_get_item (item);

  if (card == NULL)
    return NULL;
  return gdk_content_provider_new_typed (DW_TYPE_CARD, card);
}

static DwCard *
cell_card_cb (GtkWidget *label,
              gpointer   item)
{
  return gtk_list_item_get_item (item);
}

/* The name takes what the other columns leave, down to twenty letters;
 * narrower than that, the last columns give way rather than cut every
 * name to a few letters (the card's face, on hover, has it whole).  The
 * other values read whole: their column is as wide as the widest.  A
 * column the player has sized by hand shortens its cells with an
 * ellipsis, each whole in its tooltip (dw-column-fit.c). */
#define CELL_COLUMN "dw-card-list-column"

static void
fit_cell (GtkLabel *label,
          gboolean  by_hand)
{
  Column *column = g_object_get_data (G_OBJECT (label), CELL_COLUMN);

  if (g_str_equal (column->property, "name"))
    {
      dw_column_fit_label (label, by_hand);
      gtk_label_set_ellipsize (label, PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (label, by_hand ? -1 : 20);
      return;
    }
  dw_column_fit_label (label, by_hand);
  gtk_widget_set_size_request (GTK_WIDGET (label), by_hand ? -1 : column->width, -1);
}

static void
setup_cell_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               Column                   *column)
{
  GtkWidget *label = gtk_label_new (NULL);
  GtkDragSource *drag = gtk_drag_source_new ();

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  g_object_set_data (G_OBJECT (label), CELL_COLUMN, column);
  if (g_str_equal (column->property, "name"))
    dw_card_zoom_attach (label, column->list->game, cell_card_cb, item);
  else if (column->width == 0)
    column->width = widest_value (column, label);
  dw_column_fit_follow (column->view_column, GTK_LABEL (label), fit_cell);
  gtk_drag_source_set_actions (drag, GDK_ACTION_COPY);
  g_signal_connect (drag, "prepare", G_CALLBACK (on_drag_prepare_cb), item);
  gtk_widget_add_controller (label, GTK_EVENT_CONTROLLER (drag));
  gtk_list_item_set_child (item, label);
}

/* A cell shows its text, and a screen reader says "none" rather than
 * the widget's type for an empty one. */
static void
set_cell_text (GtkWidget  *label,
               const char *text)
{
  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  *text ? text : _("none"), -1);
}

/* The row a cell is in: GTK 4.8 gives the rows of a column view no name
 * of their own to set, so the name cell names its row after the card. */
static void
name_row (GtkWidget  *cell_child,
          const char *name)
{
  GtkWidget *cell = gtk_widget_get_parent (cell_child);
  GtkWidget *row = cell ? gtk_widget_get_parent (cell) : NULL;

  if (row != NULL)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      /* The row is what the keyboard focuses: its card zooms then. */
      dw_card_zoom_follow_focus (cell_child, row);
    }
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              Column                   *column)
{
  const char *property = column->property;
  DwCard *card = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  const char *value = dw_card_get_value (card, property);
  /* A choice reads as the game names it ("None (colourless)"). */
  const char *text = value ? dw_game_value_name (column->list->game, property, value) : "";

  if (g_strcmp0 (property, "name") == 0)
    {
      g_autofree char *name = dw_card_is_token (card) ? g_strdup_printf (_("%s (token)"), text) : g_strdup (text);

      set_cell_text (label, name);
      name_row (label, name);
      dw_card_zoom_update (label);
    }
  else
    set_cell_text (label, text);
  dw_column_fit_refit (column->view_column, GTK_LABEL (label));
}

typedef struct
{
  DwCard *card;
  guint   copies;
} CopiesOf;

static void
add_copies_cb (gpointer data,
               gpointer user_data)
{
  DwDeckEntry *entry = data;
  CopiesOf *copies = user_data;
  DwCard *card = dw_deck_entry_get_card (entry);

  if (dw_section_is_considering (dw_deck_entry_get_section (entry)))
    return;
  if (card == copies->card ||
      (card == NULL && g_strcmp0 (dw_deck_entry_get_id (entry), dw_card_get_id (copies->card)) == 0))
    copies->copies += dw_deck_entry_get_count (entry);
}

static void
update_in_deck_cell (DwCardList  *self,
                     GtkListItem *item)
{
  CopiesOf copies = { gtk_list_item_get_item (item), 0 };
  g_autofree char *text = NULL;

  if (self->deck != NULL && copies.card != NULL)
    dw_deck_foreach_entry (self->deck, add_copies_cb, &copies);
  text = copies.copies > 0 ? g_strdup_printf ("%u×", copies.copies) : g_strdup ("");
  set_cell_text (gtk_list_item_get_child (item), text);
}

static void
setup_in_deck_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  DwCardList               *self)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 1.0);
  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_add_css_class (label, "accent");
  gtk_list_item_set_child (item, label);
}

static void
bind_in_deck_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 DwCardList               *self)
{
  g_hash_table_add (self->in_deck, item);
  update_in_deck_cell (self, item);
}

static void
unbind_in_deck_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   DwCardList               *self)
{
  if (self->in_deck != NULL)
    g_hash_table_remove (self->in_deck, item);
}

static void
on_deck_changed_cb (DwCardList *self)
{
  GHashTableIter iter;
  gpointer item;

  g_hash_table_iter_init (&iter, self->in_deck);
  while (g_hash_table_iter_next (&iter, &item, NULL))
    update_in_deck_cell (self, item);
}

/* Names sort as the player's language sorts words, by keys the
 * database's reader made in its own thread: sorting 100,000 cards made
 * GtkStringSorter fold and collate every name on the main thread, which
 * froze the window for seconds when a big database arrived. */
static int
compare_names_cb (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  int order = strcmp (dw_card_get_sort_key ((DwCard *) a), dw_card_get_sort_key ((DwCard *) b));

  return order != 0 ? order : g_strcmp0 (dw_card_get_id ((DwCard *) a), dw_card_get_id ((DwCard *) b));
}

/* Types and choices sort in the order the game lists them (the factions
 * as printed, rarities from common up), which is also far cheaper than
 * collating their names. */
static int
card_type_index (DwCard *card,
                 DwGame *game)
{
  const DwCardTypeDef *def = card ? dw_game_lookup_card_type (game, dw_card_get_card_type (card)) : NULL;

  return def ? (int) (def - dw_game_get_card_type_def (game, 0)) : -1;
}

static int
card_choice_index (DwCard              *card,
                   const DwPropertyDef *def)
{
  return card ? dw_property_def_value_index (def, dw_card_get_value (card, def->id)) : -1;
}

static void
unref_game_cb (gpointer  data,
               GClosure *closure)
{
  g_object_unref (data);
}

static GtkSorter *
sorter_for (DwCardList     *self,
            const char     *property,
            DwPropertyKind  kind)
{
  const DwPropertyDef *def = dw_game_lookup_property (self->game, property);
  GtkExpression *expression;

  if (g_str_equal (property, "name"))
    return GTK_SORTER (gtk_custom_sorter_new (compare_names_cb, NULL, NULL));

  if (g_str_equal (property, "type"))
    {
      expression = gtk_cclosure_expression_new (G_TYPE_INT, NULL, 0, NULL,
                                                G_CALLBACK (card_type_index),
                                                g_object_ref (self->game), unref_game_cb);
      return GTK_SORTER (gtk_numeric_sorter_new (expression));
    }

  if (def != NULL && def->kind == DW_PROPERTY_ENUM)
    {
      /* The game outlives its lists. */
      expression = gtk_cclosure_expression_new (G_TYPE_INT, NULL, 0, NULL,
                                                G_CALLBACK (card_choice_index), (gpointer) def, NULL);
      return GTK_SORTER (gtk_numeric_sorter_new (expression));
    }

  if (kind == DW_PROPERTY_INT || kind == DW_PROPERTY_COST)
    {
      expression = gtk_cclosure_expression_new (G_TYPE_INT, NULL, 0, NULL,
                                                G_CALLBACK (card_number),
                                                g_strdup (property), free_property_cb);
      return GTK_SORTER (gtk_numeric_sorter_new (expression));
    }

  expression = gtk_cclosure_expression_new (G_TYPE_STRING, NULL, 0, NULL,
                                            G_CALLBACK (card_value),
                                            g_strdup (property), free_property_cb);
  return GTK_SORTER (gtk_string_sorter_new (expression));
}

/* Each column's sorter asks the real one (by name, by number, in the
 * game's order), except while the list probes which column sorts: then
 * it notes the first column asked, which GtkColumnViewSorter asks first
 * because it is the primary one, and answers "smaller", which comes back
 * inverted when the column sorts descending.  GTK 4.8 has no other way
 * to read the sort back (gtk_column_view_sorter_get_primary_sort_column
 * is 4.10).  It costs no speed: GtkColumnViewSorter has no sort keys of
 * its own, so the sort list model compares through it either way. */
/* What a column's sorter needs at hand: it runs a million times in a
 * sort of 100,000 cards, so no lookups by name. */
typedef struct
{
  DwCardList          *list;     /* not owned: outlives its columns */
  GtkColumnViewColumn *column;   /* not owned: owns the sorter */
  GtkSorter           *sorter;
} ProbeSorter;

static void
free_probe_sorter (gpointer data)
{
  ProbeSorter *probe = data;

  g_object_unref (probe->sorter);
  g_free (probe);
}

static int
compare_or_probe_cb (gconstpointer a,
                     gconstpointer b,
                     gpointer      user_data)
{
  ProbeSorter *probe = user_data;

  if (G_UNLIKELY (probe->list->probing))
    {
      if (probe->list->probed == NULL)
        probe->list->probed = probe->column;
      return GTK_ORDERING_SMALLER;
    }
  return gtk_sorter_compare (probe->sorter, (gpointer) a, (gpointer) b);
}

static GtkColumnViewColumn *
add_column (DwCardList     *self,
            const char     *property,
            const char     *title,
            DwPropertyKind  kind,
            gboolean        expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkColumnViewColumn) column = NULL;
  g_autoptr(GtkSorter) probe_sorter = NULL;
  ProbeSorter *probe = g_new0 (ProbeSorter, 1);
  Column *info = g_new0 (Column, 1);

  info->list = self;
  info->property = g_strdup (property);
  info->title = g_strdup (title);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell_cb), info);
  g_signal_connect_data (factory, "bind", G_CALLBACK (bind_cell_cb), info, free_column_cb, 0);

  column = gtk_column_view_column_new (title, factory);
  info->view_column = column;
  g_object_set_data_full (G_OBJECT (column), "property", g_strdup (property), g_free);
  probe->list = self;
  probe->column = column;
  probe->sorter = sorter_for (self, property, kind);
  probe_sorter = GTK_SORTER (gtk_custom_sorter_new (compare_or_probe_cb, probe, free_probe_sorter));
  gtk_column_view_column_set_sorter (column, probe_sorter);
  gtk_column_view_column_set_resizable (column, TRUE);
  dw_column_fit_hold_header (column);
  gtk_column_view_column_set_expand (column, expand);
  gtk_column_view_append_column (self->view, column);
  return column;
}

/* The column the list sorts by, and whether it sorts descending. */
static GtkColumnViewColumn *
probe_sort (DwCardList *self,
            gboolean   *descending)
{
  GtkSorter *sorter = gtk_column_view_get_sorter (self->view);
  GtkOrdering order;

  self->probing = TRUE;
  self->probed = NULL;
  /* The probing sorters look at no card: any two objects will do, but
   * two, as gtk_sorter_compare() finds an object equal to itself. */
  order = gtk_sorter_compare (sorter, self, self->view);
  self->probing = FALSE;
  *descending = order == GTK_ORDERING_LARGER;
  return g_steal_pointer (&self->probed);
}

/* The sort the player chose, kept for the next window. */
static void
on_sort_changed_cb (DwCardList *self)
{
  gboolean descending;
  GtkColumnViewColumn *column = probe_sort (self, &descending);

  if (column == NULL)
    return;
  g_settings_set (self->settings, "browser-sort", "(sb)",
                  (const char *) g_object_get_data (G_OBJECT (column), "property"), descending);
}

/* The sort kept in the settings, or by name when the kept column is
 * not one of this game's. */
static void
restore_sort (DwCardList          *self,
              GtkColumnViewColumn *by_name)
{
  GListModel *columns = gtk_column_view_get_columns (self->view);
  g_autofree char *property = NULL;
  gboolean descending;

  g_settings_get (self->settings, "browser-sort", "(sb)", &property, &descending);
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (gtk_column_view_column_get_sorter (column) != NULL &&
          g_strcmp0 (g_object_get_data (G_OBJECT (column), "property"), property) == 0)
        {
          gtk_column_view_sort_by_column (self->view, column,
                                          descending ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING);
          return;
        }
    }
  gtk_column_view_sort_by_column (self->view, by_name, GTK_SORT_ASCENDING);
}

/* Whether a column shows unless the player says otherwise. */
static gboolean
shown_by_default (GtkColumnViewColumn *column)
{
  return g_object_get_data (G_OBJECT (column), "hidden-by-default") == NULL;
}

/* Removes @property from @list, adds it back when @add. */
static void
set_in_list (GSettings  *settings,
             const char *key,
             const char *property,
             gboolean    add)
{
  g_auto(GStrv) list = g_settings_get_strv (settings, key);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) changed = NULL;

  for (guint i = 0; list[i] != NULL; i++)
    if (!g_str_equal (list[i], property))
      g_strv_builder_add (builder, list[i]);
  if (add)
    g_strv_builder_add (builder, property);
  changed = g_strv_builder_end (builder);
  g_settings_set_strv (settings, key, (const char * const *) changed);
}

/* The player's choice of columns, by property, kept in GSettings for
 * every list of every game: the usual columns they hid, and the others
 * they showed. */
static void
on_column_visible_cb (GtkColumnViewColumn *column,
                      GParamSpec          *pspec,
                      DwCardList          *self)
{
  const char *property = g_object_get_data (G_OBJECT (column), "property");
  gboolean visible = gtk_column_view_column_get_visible (column);

  /* Hidden or shown for the width, not at the player's word. */
  if (dw_column_give_way_busy (self->view))
    return;
  self->widest = 0;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  if (shown_by_default (column))
    set_in_list (self->settings, "browser-hidden-columns", property, !visible);
  else
    set_in_list (self->settings, "browser-shown-columns", property, visible);
}

/* Whether @column may hide when the list is too narrow: every column but
 * the card's name and how many copies the deck holds. */
static gboolean
may_give_way (GtkColumnViewColumn *column)
{
  const char *property = g_object_get_data (G_OBJECT (column), "property");

  return g_strcmp0 (property, "name") != 0 && g_strcmp0 (property, "in-deck") != 0;
}

/* Right-clicking a column's header offers to show or hide every column
 * but the name. */
static void
add_column_menu (DwCardList *self)
{
  GListModel *columns = gtk_column_view_get_columns (self->view);
  g_autoptr(GSimpleActionGroup) actions = g_simple_action_group_new ();
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) section = g_menu_new ();
  g_auto(GStrv) hidden = g_settings_get_strv (self->settings, "browser-hidden-columns");
  g_auto(GStrv) shown = g_settings_get_strv (self->settings, "browser-shown-columns");

  for (guint i = 1; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);
      const char *property = g_object_get_data (G_OBJECT (column), "property");
      g_autofree char *name = g_strdup_printf ("column-%u", i);
      g_autofree char *detailed = g_strconcat ("cards.", name, NULL);
      g_autoptr(GPropertyAction) action = g_property_action_new (name, column, "visible");

      gtk_column_view_column_set_visible (column, shown_by_default (column)
                                          ? !g_strv_contains ((const char * const *) hidden, property)
                                          : g_strv_contains ((const char * const *) shown, property));
      g_signal_connect_object (column, "notify::visible", G_CALLBACK (on_column_visible_cb), self, 0);
      g_action_map_add_action (G_ACTION_MAP (actions), G_ACTION (action));
      g_menu_append (section, gtk_column_view_column_get_title (column), detailed);
    }
  g_menu_append_section (menu, _("Columns"), G_MENU_MODEL (section));

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      gtk_column_view_column_set_header_menu (column, G_MENU_MODEL (menu));
    }
  gtk_widget_insert_action_group (GTK_WIDGET (self), "cards", G_ACTION_GROUP (actions));
}

static void
add_columns (DwCardList *self)
{
  GtkColumnViewColumn *name;
  guint shown = 0;

  name = add_column (self, "name", _("Name"), DW_PROPERTY_TEXT, TRUE);
  /* How many copies the deck holds already, beside the name. */
  {
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
    g_autoptr(GtkColumnViewColumn) column = NULL;

    g_signal_connect (factory, "setup", G_CALLBACK (setup_in_deck_cb), self);
    g_signal_connect (factory, "bind", G_CALLBACK (bind_in_deck_cb), self);
    g_signal_connect (factory, "unbind", G_CALLBACK (unbind_in_deck_cb), self);
    column = gtk_column_view_column_new (_("In Deck"), factory);
    g_object_set_data_full (G_OBJECT (column), "property", g_strdup ("in-deck"), g_free);
    gtk_column_view_append_column (self->view, column);
  }
  add_column (self, "type", _("Type"), DW_PROPERTY_TEXT, FALSE);

  /* Every property a player sorts by is a column; the first few show,
   * and type-specific detail (region positions, magic domains) waits in
   * the header's menu with the rest. */
  for (guint i = 0; i < dw_game_get_n_properties (self->game); i++)
    {
      const DwPropertyDef *def = dw_game_get_property (self->game, i);
      GtkColumnViewColumn *column;

      if (def->kind != DW_PROPERTY_ENUM && def->kind != DW_PROPERTY_INT && def->kind != DW_PROPERTY_COST)
        continue;

      column = add_column (self, def->id, def->name, def->kind, FALSE);
      if ((def->kind == DW_PROPERTY_ENUM && def->required_for != NULL) || shown >= SHOWN_PROPERTY_COLUMNS)
        g_object_set_data (G_OBJECT (column), "hidden-by-default", GINT_TO_POINTER (TRUE));
      else
        shown++;
    }

  restore_sort (self, name);
  g_signal_connect_object (gtk_column_view_get_sorter (self->view), "changed",
                           G_CALLBACK (on_sort_changed_cb), self, G_CONNECT_SWAPPED);
  add_column_menu (self);
}

static void
on_activate_cb (GtkColumnView *view,
                guint          position,
                DwCardList    *self)
{
  g_autoptr(DwCard) card = g_list_model_get_item (G_LIST_MODEL (self->selection), position);

  if (card != NULL)
    g_signal_emit (self, signals[CARD_ACTIVATED], 0, card);
}

static void
on_selected_cb (DwCardList *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_CARD]);
}

static void
dw_card_list_dispose (GObject *object)
{
  DwCardList *self = DW_CARD_LIST (object);

  if (self->scroller != NULL)
    {
      gtk_widget_unparent (GTK_WIDGET (self->scroller));
      self->scroller = NULL;
    }
  g_clear_object (&self->sorted);
  g_clear_object (&self->selection);
  g_clear_object (&self->game);
  g_clear_object (&self->settings);
  if (self->deck != NULL)
    g_signal_handlers_disconnect_by_data (self->deck, self);
  g_clear_object (&self->deck);
  /* After the cells: unbinding them empties it. */
  g_clear_pointer (&self->in_deck, g_hash_table_unref);

  G_OBJECT_CLASS (dw_card_list_parent_class)->dispose (object);
}

static void
dw_card_list_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  DwCardList *self = DW_CARD_LIST (object);

  switch (prop_id)
    {
    case PROP_SELECTED_CARD:
      g_value_set_object (value, dw_card_list_get_selected (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The width every column needs is known once cards are shown; a search
 * that finds none keeps it, so the browser and the deck beside it do
 * not change width as the player types. */
static void
dw_card_list_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  DwCardList *self = DW_CARD_LIST (widget);

  gtk_widget_measure (GTK_WIDGET (self->scroller), orientation, for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
  if (orientation != GTK_ORIENTATION_HORIZONTAL || for_size != -1)
    return;
  if (self->selection != NULL && g_list_model_get_n_items (G_LIST_MODEL (self->selection)) > 0)
    self->widest = MAX (self->widest, *natural);
  *natural = MAX (*natural, self->widest);
}

static void
dw_card_list_size_allocate (GtkWidget *widget,
                            int        width,
                            int        height,
                            int        baseline)
{
  gtk_widget_allocate (GTK_WIDGET (DW_CARD_LIST (widget)->scroller), width, height, baseline, NULL);
}

static void
dw_card_list_class_init (DwCardListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_card_list_dispose;
  object_class->get_property = dw_card_list_get_property;

  properties[PROP_SELECTED_CARD] =
    g_param_spec_object ("selected-card", NULL, NULL, DW_TYPE_CARD,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A card chosen with Enter or a double click: the player wants it. */
  signals[CARD_ACTIVATED] =
    g_signal_new ("card-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, DW_TYPE_CARD);

  widget_class->measure = dw_card_list_measure;
  widget_class->size_allocate = dw_card_list_size_allocate;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
dw_card_list_init (DwCardList *self)
{
  self->in_deck = g_hash_table_new (NULL, NULL);
  self->scroller = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  /* The list asks for the width that shows every column whole; what
   * holds it takes that into account, and scrolls when it cannot. */
  gtk_scrolled_window_set_propagate_natural_width (self->scroller, TRUE);
  gtk_widget_set_parent (GTK_WIDGET (self->scroller), GTK_WIDGET (self));

  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  gtk_column_view_set_show_row_separators (self->view, TRUE);
  g_signal_connect (self->view, "activate", G_CALLBACK (on_activate_cb), self);
  gtk_widget_add_css_class (GTK_WIDGET (self->view), "data-table");
  dw_column_give_way_attach (self->view, may_give_way);
  gtk_scrolled_window_set_child (self->scroller, GTK_WIDGET (self->view));
}

GtkWidget *
dw_card_list_new (DwGame     *game,
                  GListModel *cards)
{
  DwCardList *self = g_object_new (DW_TYPE_CARD_LIST, NULL);
  g_autofree char *label = NULL;

  self->game = g_object_ref (game);
  self->settings = g_settings_new (APPLICATION_ID);

  /* Columns and their sorter first, so the rows arrive sorted once and
   * the view starts at the top. */
  add_columns (self);
  self->sorted = gtk_sort_list_model_new (g_object_ref (cards),
                                          g_object_ref (gtk_column_view_get_sorter (self->view)));
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->sorted)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_swapped (self->selection, "notify::selected-item", G_CALLBACK (on_selected_cb), self);

  label = g_strdup_printf (_("Cards of %s"), dw_game_get_name (game));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);

  return GTK_WIDGET (self);
}

GtkColumnView *
dw_card_list_get_view (DwCardList *self)
{
  g_return_val_if_fail (DW_IS_CARD_LIST (self), NULL);
  return self->view;
}

guint
dw_card_list_get_n_cards (DwCardList *self)
{
  g_return_val_if_fail (DW_IS_CARD_LIST (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->sorted));
}

/* The card the player has selected, or NULL. */
DwCard *
dw_card_list_get_selected (DwCardList *self)
{
  g_return_val_if_fail (DW_IS_CARD_LIST (self), NULL);
  return gtk_single_selection_get_selected_item (self->selection);
}

/* The cards shown, in the order shown. */
GListModel *
dw_card_list_get_model (DwCardList *self)
{
  g_return_val_if_fail (DW_IS_CARD_LIST (self), NULL);
  return G_LIST_MODEL (self->selection);
}

/* Selects the card at @position of the shown list. */
void
dw_card_list_select (DwCardList *self,
                     guint       position)
{
  g_return_if_fail (DW_IS_CARD_LIST (self));

  gtk_single_selection_set_selected (self->selection, position);
}

/* The deck whose copies of each card the "In Deck" column counts, as it
 * changes; NULL for none. */
void
dw_card_list_set_deck (DwCardList *self,
                       DwDeck     *deck)
{
  g_return_if_fail (DW_IS_CARD_LIST (self));

  if (self->deck == deck)
    return;
  if (self->deck != NULL)
    g_signal_handlers_disconnect_by_data (self->deck, self);
  g_set_object (&self->deck, deck);
  if (deck != NULL)
    g_signal_connect_swapped (deck, "changed", G_CALLBACK (on_deck_changed_cb), self);
  on_deck_changed_cb (self);
}
