/* dw-deck-faces.c — a section of the deck as grids of faces, one per group
 *
 * The deck view's third way of showing a section: the same cards in the
 * same groups and order as its rows (the section's sorted model, given
 * once), as DwDeckTile faces.  A section that keeps an order (Arcmage's
 * regions) is one grid; any other is a heading and a grid per group
 * (dw-deck-grouping.c), made anew when the groups change, their totals
 * following every change.
 *
 * It picks nothing by itself: a pick in any of its grids emits "picked"
 * with the entries picked, and dw_deck_faces_select() shows a pick made
 * elsewhere.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-deck-faces.h"
#include "dw-deck-grouping.h"
#include "dw-deck-row.h"
#include "dw-deck-tile.h"

struct _DwDeckFaces
{
  GtkBox              parent_instance;

  DwGame             *game;
  const DwSectionDef *def;
  GListModel         *sorted;
  GPtrArray          *grids;       /* GtkGridView */
  GPtrArray          *filters;     /* GtkFilter of each grid's group */
  GPtrArray          *headings;    /* GtkLabel of each group */
  char               *groups;      /* the groups the grids were made for */
  gboolean            syncing;     /* picks being shown, not made */
};

G_DEFINE_FINAL_TYPE (DwDeckFaces, dw_deck_faces, GTK_TYPE_BOX)

enum {
  PICKED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* What a grid of faces holds: one group of the section. */
typedef struct
{
  DwGame *game;
  char   *group_by;
  int     order;
  char   *value;
} GroupFilter;

static void
group_filter_free (gpointer data)
{
  GroupFilter *filter = data;

  g_free (filter->group_by);
  g_free (filter->value);
  g_free (filter);
}

static gboolean
in_group_cb (gpointer item,
             gpointer user_data)
{
  GroupFilter *filter = user_data;
  DwGroupKey key = dw_deck_group_key (filter->game, filter->group_by, item);

  return key.order == filter->order && g_strcmp0 (key.value, filter->value) == 0;
}

/* A face was picked: one pick at a time across the groups, as a click
 * means. */
static void
on_selection_changed_cb (GtkSelectionModel *model,
                         guint              position,
                         guint              n_items,
                         DwDeckFaces       *self)
{
  g_autoptr(GPtrArray) picked = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GtkBitset) selected = NULL;
  GtkBitsetIter iter;
  guint index;

  if (self->syncing)
    return;
  self->syncing = TRUE;
  for (guint g = 0; g < self->grids->len; g++)
    {
      GtkSelectionModel *other = gtk_grid_view_get_model (g_ptr_array_index (self->grids, g));

      if (other != model)
        gtk_selection_model_unselect_all (other);
    }
  selected = gtk_selection_model_get_selection (model);
  for (gboolean more = gtk_bitset_iter_init_first (&iter, selected, &index); more;
       more = gtk_bitset_iter_next (&iter, &index))
    g_ptr_array_add (picked, g_list_model_get_item (G_LIST_MODEL (model), index));
  self->syncing = FALSE;
  g_signal_emit (self, signals[PICKED], 0, picked);
}

/* Enter or a double click on a face: it alone is picked. */
static void
on_grid_activate_cb (GtkGridView *grid,
                     guint        position,
                     DwDeckFaces *self)
{
  gtk_selection_model_select_item (gtk_grid_view_get_model (grid), position, TRUE);
}

static void
on_tile_setup_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  DwDeckFaces              *self)
{
  gtk_list_item_set_child (item, dw_deck_tile_new (self->game));
}

static void
on_tile_bind_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 DwDeckFaces              *self)
{
  dw_deck_tile_set_entry (DW_DECK_TILE (gtk_list_item_get_child (item)), gtk_list_item_get_item (item));
}

static void
on_tile_unbind_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   DwDeckFaces              *self)
{
  dw_deck_tile_set_entry (DW_DECK_TILE (gtk_list_item_get_child (item)), NULL);
}

/* A grid of faces over @model (taken), named @label. */
static GtkWidget *
new_face_grid (DwDeckFaces *self,
               GListModel  *model,
               const char  *label)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkMultiSelection *selection = gtk_multi_selection_new (model);
  GtkWidget *grid;

  g_signal_connect (factory, "setup", G_CALLBACK (on_tile_setup_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (on_tile_bind_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (on_tile_unbind_cb), self);
  g_signal_connect (selection, "selection-changed", G_CALLBACK (on_selection_changed_cb), self);
  grid = gtk_grid_view_new (GTK_SELECTION_MODEL (selection), factory);
  gtk_grid_view_set_max_columns (GTK_GRID_VIEW (grid), 12);
  gtk_widget_add_css_class (grid, "deck-grid");
  gtk_accessible_update_property (GTK_ACCESSIBLE (grid), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_signal_connect (grid, "activate", G_CALLBACK (on_grid_activate_cb), self);
  return grid;
}

/* The groups of the section as one string, to tell when they change. */
static char *
groups_of (DwDeckFaces *self,
           GPtrArray   *entries,
           const char  *group_by)
{
  GString *groups = g_string_new (group_by);
  DwGroupKey last = { -1, NULL };

  for (guint i = 0; i < entries->len; i++)
    {
      DwGroupKey key = dw_deck_group_key (self->game, group_by, g_ptr_array_index (entries, i));

      if (i == 0 || !dw_group_key_equal (key, last))
        g_string_append_printf (groups, "\x1e%d\x1f%s", key.order, key.value ? key.value : "");
      last = key;
    }
  return g_string_free (groups, FALSE);
}

static void
dw_deck_faces_dispose (GObject *object)
{
  DwDeckFaces *self = DW_DECK_FACES (object);

  g_clear_pointer (&self->grids, g_ptr_array_unref);
  g_clear_pointer (&self->filters, g_ptr_array_unref);
  g_clear_pointer (&self->headings, g_ptr_array_unref);
  g_clear_pointer (&self->groups, g_free);

  G_OBJECT_CLASS (dw_deck_faces_parent_class)->dispose (object);
}

/* The grids' filters read the game until the grids go. */
static void
dw_deck_faces_finalize (GObject *object)
{
  DwDeckFaces *self = DW_DECK_FACES (object);

  g_clear_object (&self->sorted);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (dw_deck_faces_parent_class)->finalize (object);
}

static void
dw_deck_faces_class_init (DwDeckFacesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dw_deck_faces_dispose;
  object_class->finalize = dw_deck_faces_finalize;

  /* Faces were picked in one of the grids: a GPtrArray of DwDeckEntry,
   * empty when the pick was taken back. */
  signals[PICKED] = g_signal_new ("picked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_PTR_ARRAY);
}

static void
dw_deck_faces_init (DwDeckFaces *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  self->grids = g_ptr_array_new ();
  self->filters = g_ptr_array_new_with_free_func (g_object_unref);
  self->headings = g_ptr_array_new ();
}

/* The faces of the section @def of a deck of @game, over @sorted: the
 * section's entries in the order its rows show them. */
GtkWidget *
dw_deck_faces_new (DwGame             *game,
                   const DwSectionDef *def,
                   GListModel         *sorted)
{
  DwDeckFaces *self;

  g_return_val_if_fail (DW_IS_GAME (game), NULL);
  g_return_val_if_fail (def != NULL, NULL);
  g_return_val_if_fail (G_IS_LIST_MODEL (sorted), NULL);

  self = g_object_new (DW_TYPE_DECK_FACES, NULL);
  self->game = g_object_ref (game);
  self->def = def;
  self->sorted = g_object_ref (sorted);
  return GTK_WIDGET (self);
}

/* Brings the grids up to date with @entries (the section's, in the
 * order of @sorted) grouped by @group_by; @section is the deck's model
 * of the section, for the totals.  With @refilter, the entries may have
 * changed groups (a new grouping, cards arrived). */
void
dw_deck_faces_update (DwDeckFaces *self,
                      GPtrArray   *entries,
                      GListModel  *section,
                      const char  *group_by,
                      gboolean     waiting,
                      gboolean     refilter)
{
  g_autofree char *groups = NULL;
  GtkWidget *child;
  guint h = 0;

  g_return_if_fail (DW_IS_DECK_FACES (self));

  groups = self->def->ordered ? g_strdup ("") : groups_of (self, entries, group_by);
  if (g_strcmp0 (groups, self->groups) == 0)
    {
      for (guint f = 0; refilter && f < self->filters->len; f++)
        gtk_filter_changed (g_ptr_array_index (self->filters, f), GTK_FILTER_CHANGE_DIFFERENT);
    }
  else
    {
      while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
        gtk_box_remove (GTK_BOX (self), child);
      g_ptr_array_set_size (self->grids, 0);
      g_ptr_array_set_size (self->filters, 0);
      g_ptr_array_set_size (self->headings, 0);
      g_free (self->groups);
      self->groups = g_steal_pointer (&groups);

      if (self->def->ordered)
        {
          GtkWidget *grid = new_face_grid (self, g_object_ref (self->sorted), self->def->name);

          g_ptr_array_add (self->grids, grid);
          gtk_box_append (GTK_BOX (self), grid);
        }
      for (guint e = 0; !self->def->ordered && e < entries->len; e++)
        {
          DwDeckEntry *entry = g_ptr_array_index (entries, e);
          DwGroupKey key = dw_deck_group_key (self->game, group_by, entry);
          GroupFilter *data;
          GtkCustomFilter *filter;
          GtkWidget *heading, *grid;
          g_autofree char *title = NULL;

          if (e > 0 && dw_group_key_equal (dw_deck_group_key (self->game, group_by,
                                                              g_ptr_array_index (entries, e - 1)), key))
            continue;
          data = g_new0 (GroupFilter, 1);
          data->game = self->game;
          data->group_by = g_strdup (group_by);
          data->order = key.order;
          data->value = g_strdup (key.value);
          filter = gtk_custom_filter_new (in_group_cb, data, group_filter_free);
          g_ptr_array_add (self->filters, g_object_ref (filter));
          title = dw_deck_group_title (self->game, group_by, entry, waiting);
          heading = dw_deck_heading_new ("", 3);
          gtk_label_set_ellipsize (GTK_LABEL (heading), PANGO_ELLIPSIZE_END);
          gtk_widget_set_margin_start (heading, 6);
          gtk_widget_set_margin_top (heading, 6);
          g_ptr_array_add (self->headings, heading);
          gtk_box_append (GTK_BOX (self), heading);
          grid = new_face_grid (self, G_LIST_MODEL (gtk_filter_list_model_new (g_object_ref (self->sorted),
                                                                               GTK_FILTER (filter))),
                                title);
          g_ptr_array_add (self->grids, grid);
          gtk_box_append (GTK_BOX (self), grid);
        }
    }

  /* The totals, group by group. */
  for (guint e = 0; !self->def->ordered && e < entries->len && h < self->headings->len; e++)
    {
      DwDeckEntry *entry = g_ptr_array_index (entries, e);
      g_autofree char *title = NULL;
      g_autofree char *text = NULL;

      if (e > 0 && dw_group_key_equal (dw_deck_group_key (self->game, group_by, g_ptr_array_index (entries, e - 1)),
                                       dw_deck_group_key (self->game, group_by, entry)))
        continue;
      title = dw_deck_group_title (self->game, group_by, entry, waiting);
      text = g_strdup_printf ("%s · %" G_GUINT64_FORMAT, title,
                              dw_deck_group_total (self->game, group_by, section, entry));
      gtk_label_set_text (g_ptr_array_index (self->headings, h++), text);
    }
}

/* Shows a pick made elsewhere: the faces of @entries (DwDeckEntry) are
 * picked, no other.  Returns the first grid with a face picked, or
 * NULL.  Emits nothing. */
GtkWidget *
dw_deck_faces_select (DwDeckFaces *self,
                      GPtrArray   *entries)
{
  GtkWidget *first_grid = NULL;

  g_return_val_if_fail (DW_IS_DECK_FACES (self), NULL);

  self->syncing = TRUE;
  for (guint g = 0; g < self->grids->len; g++)
    {
      GtkGridView *grid = g_ptr_array_index (self->grids, g);
      GListModel *model = G_LIST_MODEL (gtk_grid_view_get_model (grid));

      gtk_selection_model_unselect_all (GTK_SELECTION_MODEL (model));
      for (guint j = 0; j < g_list_model_get_n_items (model); j++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (model, j);

          if (g_ptr_array_find (entries, entry, NULL))
            {
              gtk_selection_model_select_item (GTK_SELECTION_MODEL (model), j, FALSE);
              if (first_grid == NULL)
                first_grid = GTK_WIDGET (grid);
            }
        }
    }
  self->syncing = FALSE;
  return first_grid;
}

/* No face picked (a pick was made in another section). Emits nothing. */
void
dw_deck_faces_unselect_all (DwDeckFaces *self)
{
  g_return_if_fail (DW_IS_DECK_FACES (self));

  self->syncing = TRUE;
  for (guint g = 0; g < self->grids->len; g++)
    gtk_selection_model_unselect_all (gtk_grid_view_get_model (g_ptr_array_index (self->grids, g)));
  self->syncing = FALSE;
}
