/* dw-card-list.c — a sortable table of cards
 *
 * The columns come from the game definition: name, type, then every
 * property a player sorts by (enums, numbers, costs), so a new game gets
 * its columns without new code.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-card.h"
#include "dw-card-list.h"

#define MAX_PROPERTY_COLUMNS 6

struct _DwCardList
{
  GtkWidget           parent_instance;

  DwGame             *game;
  GtkScrolledWindow  *scroller;
  GtkColumnView      *view;
  GtkSortListModel   *sorted;
};

G_DEFINE_FINAL_TYPE (DwCardList, dw_card_list, GTK_TYPE_WIDGET)

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
setup_cell_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              const char               *property)
{
  DwCard *card = gtk_list_item_get_item (item);
  const char *value = dw_card_get_value (card, property);
  const char *text = value ? value : "";

  if (g_strcmp0 (property, "name") == 0 && dw_card_is_token (card))
    {
      g_autofree char *token = g_strdup_printf (_("%s (token)"), text);
      gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), token);
      return;
    }

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), text);
}

static GtkSorter *
sorter_for (const char     *property,
            DwPropertyKind  kind)
{
  GtkExpression *expression;

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

static GtkColumnViewColumn *
add_column (DwCardList     *self,
            const char     *property,
            const char     *title,
            DwPropertyKind  kind,
            gboolean        expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkColumnViewColumn) column = NULL;
  g_autoptr(GtkSorter) sorter = sorter_for (property, kind);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell_cb), NULL);
  g_signal_connect_data (factory, "bind", G_CALLBACK (bind_cell_cb),
                         g_strdup (property), free_property_cb, 0);

  column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_sorter (column, sorter);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_column_set_expand (column, expand);
  gtk_column_view_append_column (self->view, column);
  return column;
}

static void
add_columns (DwCardList *self)
{
  GtkColumnViewColumn *name;
  guint added = 0;

  name = add_column (self, "name", _("Name"), DW_PROPERTY_TEXT, TRUE);
  /* The name is what a player reads: at narrow widths the table scrolls
   * sideways rather than cut every name to a few letters. */
  gtk_column_view_column_set_fixed_width (name, 220);
  add_column (self, "type", _("Type"), DW_PROPERTY_TEXT, FALSE);

  for (guint i = 0; i < dw_game_get_n_properties (self->game) && added < MAX_PROPERTY_COLUMNS; i++)
    {
      const DwPropertyDef *def = dw_game_get_property (self->game, i);

      if (def->kind != DW_PROPERTY_ENUM && def->kind != DW_PROPERTY_INT && def->kind != DW_PROPERTY_COST)
        continue;
      if (def->kind == DW_PROPERTY_ENUM && def->required_for != NULL)
        continue;  /* region positions, magic domains: type-specific detail */

      add_column (self, def->id, def->name, def->kind, FALSE);
      added++;
    }

  gtk_column_view_sort_by_column (self->view, name, GTK_SORT_ASCENDING);
}

static void
dw_card_list_dispose (GObject *object)
{
  DwCardList *self = DW_CARD_LIST (object);

  g_clear_pointer ((GtkWidget **) &self->scroller, gtk_widget_unparent);
  g_clear_object (&self->sorted);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (dw_card_list_parent_class)->dispose (object);
}

static void
dw_card_list_class_init (DwCardListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_card_list_dispose;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
dw_card_list_init (DwCardList *self)
{
  self->scroller = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_widget_set_parent (GTK_WIDGET (self->scroller), GTK_WIDGET (self));

  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  gtk_column_view_set_show_row_separators (self->view, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->view), "data-table");
  gtk_scrolled_window_set_child (self->scroller, GTK_WIDGET (self->view));
}

GtkWidget *
dw_card_list_new (DwGame     *game,
                  GListModel *cards)
{
  DwCardList *self = g_object_new (DW_TYPE_CARD_LIST, NULL);
  GtkSingleSelection *selection;
  g_autofree char *label = NULL;

  self->game = g_object_ref (game);

  /* Columns and their sorter first, so the rows arrive sorted once and
   * the view starts at the top. */
  add_columns (self);
  self->sorted = gtk_sort_list_model_new (g_object_ref (cards),
                                          g_object_ref (gtk_column_view_get_sorter (self->view)));
  selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->sorted)));
  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);

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
