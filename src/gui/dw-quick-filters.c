/* dw-quick-filters.c — the card browser's filters made from the game definition
 *
 * A drop-down for the card type and for each enum property, a range (a
 * pair of spin buttons under "From" and "To") for each number and cost,
 * so a new game gets its filters without code.  The ranges come from the
 * cards as they arrive (dw_quick_filters_widen()), and a range all cards
 * agree on is hidden.  A card passes while every filter lets it through
 * (dw_quick_filters_passes()); a cost that is not a number (X, S) passes
 * only while its range is left whole.
 *
 * The filters filter nothing themselves: a change the player makes emits
 * "changed", and the browser filters its list again.  A range widened as
 * cards arrive lets through every card it let through before, so it
 * emits nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-card.h"
#include "dw-menu-button.h"
#include "dw-quick-filters.h"

typedef struct
{
  const DwPropertyDef *def;      /* NULL: the card type */
  GtkDropDown         *choice;   /* enums: 0 is "any" */
  GtkWidget           *label;    /* numbers: hidden while all cards agree */
  GtkSpinButton       *low;
  GtkSpinButton       *high;
  gint64               min;      /* over the cards so far */
  gint64               max;
  gboolean             any;      /* whether any card has a value */
} QuickFilter;

struct _DwQuickFilters
{
  GtkGrid     parent_instance;

  DwGame     *game;
  GArray     *quick;              /* QuickFilter */
  GtkWidget  *range_heading[3];   /* "From" and "To" above the ranges */

  /* Template children */
  GtkWidget  *reset;
};

G_DEFINE_FINAL_TYPE (DwQuickFilters, dw_quick_filters, GTK_TYPE_GRID)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Numbers and costs get a range. */
static gboolean
is_number (const DwPropertyDef *def)
{
  return def->kind == DW_PROPERTY_INT || def->kind == DW_PROPERTY_COST;
}

static void
on_control_changed_cb (DwQuickFilters *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

/* Whether @card passes every filter. */
gboolean
dw_quick_filters_passes (DwQuickFilters *self,
                         DwCard         *card)
{
  g_return_val_if_fail (DW_IS_QUICK_FILTERS (self), TRUE);

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

/* Every filter back to "any", without a "changed" for each: the caller
 * filters once. */
void
dw_quick_filters_reset (DwQuickFilters *self)
{
  g_return_if_fail (DW_IS_QUICK_FILTERS (self));

  for (guint i = 0; i < self->quick->len; i++)
    {
      QuickFilter *quick = &g_array_index (self->quick, QuickFilter, i);
      GObject *controls[] = { G_OBJECT (quick->choice), G_OBJECT (quick->low), G_OBJECT (quick->high) };

      for (guint c = 0; c < G_N_ELEMENTS (controls); c++)
        if (controls[c] != NULL)
          g_signal_handlers_block_by_func (controls[c], on_control_changed_cb, self);
      if (quick->choice != NULL)
        gtk_drop_down_set_selected (quick->choice, 0);
      else
        {
          gtk_spin_button_set_value (quick->low, (double) quick->min);
          gtk_spin_button_set_value (quick->high, (double) quick->max);
        }
      for (guint c = 0; c < G_N_ELEMENTS (controls); c++)
        if (controls[c] != NULL)
          g_signal_handlers_unblock_by_func (controls[c], on_control_changed_cb, self);
    }
}

/* A number filter's range became @quick->min to @quick->max.  One the
 * player left at the whole range stays at the whole range; one narrowed
 * keeps its values.  Either way no card it let through changes, so the
 * list is not filtered again.  A filter all cards agree on is hidden. */
static void
apply_range (DwQuickFilters *self,
             QuickFilter    *quick,
             gboolean        was_any,
             gint64          old_min,
             gint64          old_max)
{
  gboolean whole = !was_any ||
                   ((gint64) gtk_spin_button_get_value (quick->low) <= old_min &&
                    (gint64) gtk_spin_button_get_value (quick->high) >= old_max);
  gboolean useful = quick->any && quick->min != quick->max;

  g_signal_handlers_block_by_func (quick->low, on_control_changed_cb, self);
  g_signal_handlers_block_by_func (quick->high, on_control_changed_cb, self);
  gtk_spin_button_set_range (quick->low, (double) quick->min, (double) quick->max);
  gtk_spin_button_set_range (quick->high, (double) quick->min, (double) quick->max);
  if (whole)
    {
      gtk_spin_button_set_value (quick->low, (double) quick->min);
      gtk_spin_button_set_value (quick->high, (double) quick->max);
    }
  g_signal_handlers_unblock_by_func (quick->low, on_control_changed_cb, self);
  g_signal_handlers_unblock_by_func (quick->high, on_control_changed_cb, self);

  gtk_widget_set_visible (quick->label, useful);
  gtk_widget_set_visible (GTK_WIDGET (quick->low), useful);
  gtk_widget_set_visible (GTK_WIDGET (quick->high), useful);

  /* The heading shows while any range does. */
  useful = FALSE;
  for (guint q = 0; q < self->quick->len; q++)
    {
      QuickFilter *other = &g_array_index (self->quick, QuickFilter, q);

      useful |= other->low != NULL && gtk_widget_get_visible (GTK_WIDGET (other->low));
    }
  for (guint h = 0; h < 3 && self->range_heading[0] != NULL; h++)
    gtk_widget_set_visible (self->range_heading[h], useful);
}

/* Widens the number filters to the @n cards of @cards from @position:
 * only the cards that arrived are read, which matters when 100,000 do. */
void
dw_quick_filters_widen (DwQuickFilters *self,
                        GListModel     *cards,
                        guint           position,
                        guint           n)
{
  g_autofree gint64 *old = NULL;
  g_autofree gboolean *was_any = NULL;
  gboolean numbers = FALSE;

  g_return_if_fail (DW_IS_QUICK_FILTERS (self));

  /* The game may have no numbers. */
  for (guint q = 0; q < self->quick->len; q++)
    numbers |= g_array_index (self->quick, QuickFilter, q).low != NULL;
  if (!numbers)
    return;

  old = g_new (gint64, self->quick->len * 2);
  was_any = g_new (gboolean, self->quick->len);
  for (guint q = 0; q < self->quick->len; q++)
    {
      QuickFilter *quick = &g_array_index (self->quick, QuickFilter, q);

      old[2 * q] = quick->min;
      old[2 * q + 1] = quick->max;
      was_any[q] = quick->any;
    }

  for (guint i = position; i < position + n; i++)
    {
      g_autoptr(DwCard) card = g_list_model_get_item (cards, i);

      for (guint q = 0; q < self->quick->len; q++)
        {
          QuickFilter *quick = &g_array_index (self->quick, QuickFilter, q);
          gint64 value;

          if (quick->low == NULL || !dw_card_get_int (card, quick->def->id, &value))
            continue;
          quick->min = quick->any ? MIN (quick->min, value) : value;
          quick->max = quick->any ? MAX (quick->max, value) : value;
          quick->any = TRUE;
        }
    }

  for (guint q = 0; q < self->quick->len; q++)
    {
      QuickFilter *quick = &g_array_index (self->quick, QuickFilter, q);

      if (quick->low != NULL &&
          (quick->any != was_any[q] || quick->min != old[2 * q] || quick->max != old[2 * q + 1]))
        apply_range (self, quick, was_any[q], old[2 * q], old[2 * q + 1]);
    }
}

/* The cards the ranges were read from are gone: the next
 * dw_quick_filters_widen() reads them anew. */
void
dw_quick_filters_forget_ranges (DwQuickFilters *self)
{
  g_return_if_fail (DW_IS_QUICK_FILTERS (self));

  for (guint q = 0; q < self->quick->len; q++)
    g_array_index (self->quick, QuickFilter, q).any = FALSE;
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
  dw_drop_down_name_button (choice, label);
  return choice;
}

/* The filters, one row a property, made from the game definition, the
 * reset button under them; the number ranges come from the cards as
 * they arrive. */
static void
build (DwQuickFilters *self)
{
  GtkGrid *grid = GTK_GRID (self);
  g_autoptr(GStrvBuilder) type_names = g_strv_builder_new ();
  g_auto(GStrv) types = NULL;
  GtkLayoutChild *reset_place;
  int row = 0;

  for (guint i = 0; i < dw_game_get_n_types (self->game); i++)
    g_strv_builder_add (type_names, dw_game_get_card_type_def (self->game, i)->name);
  types = g_strv_builder_end (type_names);

  for (guint pass = 0; pass < 2; pass++)
  for (int i = -1; i < (int) dw_game_get_n_properties (self->game); i++)
    {
      const DwPropertyDef *def = i >= 0 ? dw_game_get_property (self->game, (guint) i) : NULL;
      QuickFilter quick = { def, };
      const char *name = def ? def->name : _("Type");
      GtkWidget *label;

      if (def != NULL && def->kind != DW_PROPERTY_ENUM && !is_number (def))
        continue;
      /* Choices first, then the ranges under their heading. */
      if ((pass == 0) == (def != NULL && is_number (def)))
        continue;
      if (pass == 1 && self->range_heading[0] == NULL)
        {
          for (guint h = 0; h < 3; h++)
            {
              self->range_heading[h] = gtk_label_new ((const char *[]) { "", _("From"), _("To") }[h]);
              gtk_widget_add_css_class (self->range_heading[h], "caption-heading");
              gtk_widget_set_visible (self->range_heading[h], FALSE);
              gtk_grid_attach (grid, self->range_heading[h], (int) h, row, 1, 1);
            }
          row++;
        }

      label = gtk_label_new (name);
      gtk_label_set_xalign (GTK_LABEL (label), 1.0);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_grid_attach (grid, label, 0, row, 1, 1);

      if (def == NULL || def->kind == DW_PROPERTY_ENUM)
        {
          g_autofree char *any = g_strdup_printf (_("Any %s"), name);
          g_autofree char *lower = g_utf8_strdown (any, -1);

          quick.choice = choice_new (lower, def ? def->value_names : types, name);
          g_signal_connect_swapped (quick.choice, "notify::selected", G_CALLBACK (on_control_changed_cb), self);
          gtk_grid_attach (grid, GTK_WIDGET (quick.choice), 1, row, 2, 1);
        }
      else
        {
          g_autofree char *low_label = g_strdup_printf (_("Lowest %s"), name);
          g_autofree char *high_label = g_strdup_printf (_("Highest %s"), name);

          quick.label = label;
          quick.low = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 0, 1));
          quick.high = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 0, 1));
          gtk_widget_set_visible (label, FALSE);
          gtk_widget_set_visible (GTK_WIDGET (quick.low), FALSE);
          gtk_widget_set_visible (GTK_WIDGET (quick.high), FALSE);
          gtk_accessible_update_property (GTK_ACCESSIBLE (quick.low), GTK_ACCESSIBLE_PROPERTY_LABEL, low_label, -1);
          gtk_accessible_update_property (GTK_ACCESSIBLE (quick.high), GTK_ACCESSIBLE_PROPERTY_LABEL, high_label, -1);
          g_signal_connect_swapped (quick.low, "value-changed", G_CALLBACK (on_control_changed_cb), self);
          g_signal_connect_swapped (quick.high, "value-changed", G_CALLBACK (on_control_changed_cb), self);
          gtk_grid_attach (grid, GTK_WIDGET (quick.low), 1, row, 1, 1);
          gtk_grid_attach (grid, GTK_WIDGET (quick.high), 2, row, 1, 1);
        }

      g_array_append_val (self->quick, quick);
      row++;
    }

  /* The template's reset button goes under the last row, the last of
   * the grid's children as it was made. */
  reset_place = gtk_layout_manager_get_layout_child (gtk_widget_get_layout_manager (GTK_WIDGET (self)), self->reset);
  gtk_grid_layout_child_set_row (GTK_GRID_LAYOUT_CHILD (reset_place), row);
  gtk_widget_insert_before (self->reset, GTK_WIDGET (self), NULL);
}

static void
dw_quick_filters_finalize (GObject *object)
{
  DwQuickFilters *self = DW_QUICK_FILTERS (object);

  g_array_unref (self->quick);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (dw_quick_filters_parent_class)->finalize (object);
}

static void
dw_quick_filters_class_init (DwQuickFiltersClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = dw_quick_filters_finalize;

  /* The player changed a filter: the cards must be filtered again. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deckwright/Deckwright/dw-quick-filters.ui");
  gtk_widget_class_bind_template_child (widget_class, DwQuickFilters, reset);
}

static void
dw_quick_filters_init (DwQuickFilters *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->quick = g_array_new (FALSE, TRUE, sizeof (QuickFilter));
}

/* The quick filters of @game's cards. */
GtkWidget *
dw_quick_filters_new (DwGame *game)
{
  DwQuickFilters *self;

  g_return_val_if_fail (DW_IS_GAME (game), NULL);

  self = g_object_new (DW_TYPE_QUICK_FILTERS, NULL);
  self->game = g_object_ref (game);
  build (self);
  return GTK_WIDGET (self);
}
