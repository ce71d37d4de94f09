/* dw-slot-model.c — a list model whose positions keep their items' places
 *
 * A list view (GTK 4.8) makes a new list item, with its widget, for every
 * item a change brings that it has not shown before, and keeps about two
 * hundred of them whatever its height: a change of the whole list, such
 * as a search's first keystroke, costs two hundred new widgets.  This
 * model stands between the list and the view, one DwSlot per position,
 * each holding the item there.
 *
 * Normally it passes each change on as it came, every item keeping its
 * own slot (an item taken out and put back elsewhere comes back in the
 * same slot, so a selection or a list item follows it).  While "in
 * place" is set, a change instead gives the slots already there their
 * new items (each slot says so with notify::item) and only the slots
 * added or taken at the end are a change of the model: the list view
 * keeps every list item it had, and only those it shows are drawn anew.
 *
 * A slot is made when it is first asked for: a list view asks for the
 * few hundred it shows, and ten thousand positions cost ten thousand
 * pointers until then.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-slot-model.h"

struct _DwSlot
{
  GObject parent_instance;

  GObject *item;
};

G_DEFINE_FINAL_TYPE (DwSlot, dw_slot, G_TYPE_OBJECT)

enum {
  SLOT_PROP_ITEM = 1,
  SLOT_N_PROPS
};

static GParamSpec *slot_properties[SLOT_N_PROPS];

static void
dw_slot_finalize (GObject *object)
{
  DwSlot *self = DW_SLOT (object);

  g_clear_object (&self->item);
  G_OBJECT_CLASS (dw_slot_parent_class)->finalize (object);
}

static void
dw_slot_get_property (GObject    *object,
                      guint       prop_id,
                      GValue     *value,
                      GParamSpec *pspec)
{
  DwSlot *self = DW_SLOT (object);

  switch (prop_id)
    {
    case SLOT_PROP_ITEM:
      g_value_set_object (value, self->item);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_slot_class_init (DwSlotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dw_slot_finalize;
  object_class->get_property = dw_slot_get_property;
  slot_properties[SLOT_PROP_ITEM] =
    g_param_spec_object ("item", NULL, NULL, G_TYPE_OBJECT,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, SLOT_N_PROPS, slot_properties);
}

static void
dw_slot_init (DwSlot *self)
{
}

static DwSlot *
slot_new (gpointer item)
{
  DwSlot *slot = g_object_new (DW_TYPE_SLOT, NULL);

  slot->item = g_object_ref (item);
  return slot;
}

/* A position's slot, or NULL while none asked for it. */
static void
slot_unref (gpointer slot)
{
  if (slot != NULL)
    g_object_unref (slot);
}

static gpointer
slot_ref (gpointer slot)
{
  return slot != NULL ? g_object_ref (slot) : NULL;
}

/* The item in @self, owned by it. */
gpointer
dw_slot_get_item (DwSlot *self)
{
  g_return_val_if_fail (DW_IS_SLOT (self), NULL);
  return self->item;
}

static void
slot_set_item (DwSlot  *self,
               gpointer item)
{
  if (g_set_object (&self->item, item))
    g_object_notify_by_pspec (G_OBJECT (self), slot_properties[SLOT_PROP_ITEM]);
}

struct _DwSlotModel
{
  GObject parent_instance;

  GListModel *model;
  GPtrArray *slots;
  gboolean in_place;
};

static void dw_slot_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (DwSlotModel, dw_slot_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, dw_slot_model_list_model_init))

static GType
dw_slot_model_get_item_type (GListModel *model)
{
  return DW_TYPE_SLOT;
}

static guint
dw_slot_model_get_n_items (GListModel *model)
{
  return DW_SLOT_MODEL (model)->slots->len;
}

static gpointer
dw_slot_model_get_item (GListModel *model,
                        guint       position)
{
  DwSlotModel *self = DW_SLOT_MODEL (model);

  if (position >= self->slots->len)
    return NULL;
  if (g_ptr_array_index (self->slots, position) == NULL)
    {
      g_autoptr(GObject) item = g_list_model_get_item (self->model, position);

      g_ptr_array_index (self->slots, position) = slot_new (item);
    }
  return g_object_ref (g_ptr_array_index (self->slots, position));
}

static void
dw_slot_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = dw_slot_model_get_item_type;
  iface->get_n_items = dw_slot_model_get_n_items;
  iface->get_item = dw_slot_model_get_item;
}

/* The change passed on: the slots of the items taken out wait, by item,
 * for the same items put back. */
static void
pass_on (DwSlotModel *self,
         guint        position,
         guint        removed,
         guint        added)
{
  g_autoptr(GHashTable) taken = NULL;
  guint n = self->slots->len;
  GPtrArray *slots = g_ptr_array_new_full (n - removed + added, slot_unref);

  for (guint i = 0; i < position; i++)
    g_ptr_array_add (slots, slot_ref (g_ptr_array_index (self->slots, i)));
  for (guint i = 0; i < removed; i++)
    {
      DwSlot *slot = g_ptr_array_index (self->slots, position + i);

      if (slot == NULL)
        continue;
      if (taken == NULL)
        taken = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
      g_hash_table_insert (taken, slot->item, g_object_ref (slot));
    }
  for (guint i = 0; i < added; i++)
    {
      DwSlot *slot = NULL;

      if (taken != NULL && g_hash_table_size (taken) > 0)
        {
          g_autoptr(GObject) item = g_list_model_get_item (self->model, position + i);

          slot = g_hash_table_lookup (taken, item);
          if (slot != NULL)
            {
              g_ptr_array_add (slots, g_object_ref (slot));
              g_hash_table_remove (taken, item);
              continue;
            }
        }
      g_ptr_array_add (slots, NULL);
    }
  for (guint i = position + removed; i < n; i++)
    g_ptr_array_add (slots, slot_ref (g_ptr_array_index (self->slots, i)));
  g_ptr_array_unref (self->slots);
  self->slots = slots;
  g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
}

/* The change kept in place: the slots there take their new items, and
 * only the length's change is the model's. */
static void
keep_in_place (DwSlotModel *self,
               guint        position,
               guint        removed,
               guint        added)
{
  guint old_n = self->slots->len;
  guint new_n = g_list_model_get_n_items (self->model);
  guint end = MIN (old_n, new_n);

  /* Past the change, the items only moved by its difference: when it
   * is none, they stayed where they were. */
  if (removed == added)
    end = MIN (end, position + added);
  for (guint i = position; i < end; i++)
    {
      DwSlot *slot = g_ptr_array_index (self->slots, i);
      g_autoptr(GObject) item = NULL;

      if (slot == NULL)
        continue;
      item = g_list_model_get_item (self->model, i);
      slot_set_item (slot, item);
    }
  if (new_n > old_n)
    {
      g_ptr_array_set_size (self->slots, new_n);
      g_list_model_items_changed (G_LIST_MODEL (self), old_n, 0, new_n - old_n);
    }
  else if (new_n < old_n)
    {
      g_ptr_array_remove_range (self->slots, new_n, old_n - new_n);
      g_list_model_items_changed (G_LIST_MODEL (self), new_n, old_n - new_n, 0);
    }
}

static void
on_items_changed_cb (GListModel  *model,
                     guint        position,
                     guint        removed,
                     guint        added,
                     DwSlotModel *self)
{
  if (self->in_place)
    keep_in_place (self, position, removed, added);
  else
    pass_on (self, position, removed, added);
}

static void
dw_slot_model_dispose (GObject *object)
{
  DwSlotModel *self = DW_SLOT_MODEL (object);

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_func (self->model, on_items_changed_cb, self);
  g_clear_object (&self->model);
  G_OBJECT_CLASS (dw_slot_model_parent_class)->dispose (object);
}

static void
dw_slot_model_finalize (GObject *object)
{
  DwSlotModel *self = DW_SLOT_MODEL (object);

  g_ptr_array_unref (self->slots);
  G_OBJECT_CLASS (dw_slot_model_parent_class)->finalize (object);
}

static void
dw_slot_model_class_init (DwSlotModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dw_slot_model_dispose;
  object_class->finalize = dw_slot_model_finalize;
}

static void
dw_slot_model_init (DwSlotModel *self)
{
  self->slots = g_ptr_array_new_with_free_func (slot_unref);
}

/* A slot model over @model, holding a reference to it. */
DwSlotModel *
dw_slot_model_new (GListModel *model)
{
  DwSlotModel *self;
  guint n;

  g_return_val_if_fail (G_IS_LIST_MODEL (model), NULL);

  self = g_object_new (DW_TYPE_SLOT_MODEL, NULL);
  self->model = g_object_ref (model);
  n = g_list_model_get_n_items (model);
  g_ptr_array_set_size (self->slots, n);
  g_signal_connect (model, "items-changed", G_CALLBACK (on_items_changed_cb), self);
  return self;
}

/* While @in_place, the model's changes are kept in place (see above). */
void
dw_slot_model_set_in_place (DwSlotModel *self,
                            gboolean     in_place)
{
  g_return_if_fail (DW_IS_SLOT_MODEL (self));
  self->in_place = in_place;
}
