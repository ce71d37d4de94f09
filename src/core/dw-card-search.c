/* dw-card-search.c — the cards of some databases that pass a test
 *
 * The card browser's list: a GListModel of the cards, across a list of
 * databases, that a match function accepts.  GtkFilterListModel would
 * do the same through g_list_model_get_item(), one reference taken and
 * dropped per card per keystroke; at 100,000 cards those references cost
 * more than the matching.  This walks each database's cards directly
 * (dw_card_db_peek_cards()), and a narrower test walks only the cards
 * that passed the last one.  The databases it holds keep the cards it
 * lists alive.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-card-search.h"

struct _DwCardSearch
{
  GObject          parent_instance;

  GListModel      *dbs;        /* DwCardDb, followed */
  GPtrArray       *held;       /* DwCardDb: what @matches was found in */
  DwCardMatchFunc  match;
  gpointer         user_data;
  GPtrArray       *matches;    /* DwCard, in database then card order */
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (DwCardSearch, dw_card_search, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static guint
list_model_get_n_items (GListModel *model)
{
  return DW_CARD_SEARCH (model)->matches->len;
}

static GType
list_model_get_item_type (GListModel *model)
{
  return DW_TYPE_CARD;
}

static gpointer
list_model_get_item (GListModel *model,
                     guint       position)
{
  DwCardSearch *self = DW_CARD_SEARCH (model);

  if (position >= self->matches->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->matches, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_n_items = list_model_get_n_items;
  iface->get_item_type = list_model_get_item_type;
  iface->get_item = list_model_get_item;
}

/* Replaces the matches with @found and says what changed: one range,
 * from the first card that differs to the last, so that a selected card
 * before or after every change stays where it is. */
static void
take_matches (DwCardSearch *self,
              GPtrArray    *found)
{
  GPtrArray *old = self->matches;
  guint start = 0;
  guint end_old = old->len;
  guint end_new = found->len;

  while (start < end_old && start < end_new &&
         g_ptr_array_index (old, start) == g_ptr_array_index (found, start))
    start++;
  while (end_old > start && end_new > start &&
         g_ptr_array_index (old, end_old - 1) == g_ptr_array_index (found, end_new - 1))
    {
      end_old--;
      end_new--;
    }

  self->matches = found;
  if (end_old > start || end_new > start)
    g_list_model_items_changed (G_LIST_MODEL (self), start, end_old - start, end_new - start);
  g_ptr_array_unref (old);
}

static gboolean
passes (DwCardSearch *self,
        DwCard       *card)
{
  return self->match == NULL || self->match (card, self->user_data);
}

/* Every card of every database, tested again. */
static void
search_all (DwCardSearch *self)
{
  guint n_dbs = self->dbs ? g_list_model_get_n_items (self->dbs) : 0;
  GPtrArray *held = g_ptr_array_new_full (n_dbs, g_object_unref);
  GPtrArray *found = g_ptr_array_sized_new (self->matches->len);

  for (guint i = 0; i < n_dbs; i++)
    {
      DwCardDb *db = g_list_model_get_item (self->dbs, i);
      guint n_cards;
      DwCard * const *cards = dw_card_db_peek_cards (db, &n_cards);

      for (guint j = 0; j < n_cards; j++)
        if (passes (self, cards[j]))
          g_ptr_array_add (found, cards[j]);
      g_ptr_array_add (held, db);
    }

  /* The new databases hold the cards now listed before the old ones
   * (which may hold the cards listed until now) go. */
  take_matches (self, found);
  g_ptr_array_unref (self->held);
  self->held = held;
}

/* Only the cards listed now can pass a narrower test. */
static void
search_listed (DwCardSearch *self)
{
  GPtrArray *found = g_ptr_array_sized_new (self->matches->len);

  DwCard * const *cards = (DwCard * const *) self->matches->pdata;
  guint n = self->matches->len;

  for (guint i = 0; i < n; i++)
    if (passes (self, cards[i]))
      g_ptr_array_add (found, cards[i]);
  take_matches (self, found);
}

static void
on_dbs_changed_cb (GListModel   *dbs,
                   guint         position,
                   guint         removed,
                   guint         added,
                   DwCardSearch *self)
{
  search_all (self);
}

static void
dw_card_search_dispose (GObject *object)
{
  DwCardSearch *self = DW_CARD_SEARCH (object);

  if (self->dbs != NULL)
    g_signal_handlers_disconnect_by_data (self->dbs, self);
  g_clear_object (&self->dbs);

  G_OBJECT_CLASS (dw_card_search_parent_class)->dispose (object);
}

static void
dw_card_search_finalize (GObject *object)
{
  DwCardSearch *self = DW_CARD_SEARCH (object);

  /* The matches first: the databases keep their cards alive. */
  g_ptr_array_unref (self->matches);
  g_ptr_array_unref (self->held);

  G_OBJECT_CLASS (dw_card_search_parent_class)->finalize (object);
}

static void
dw_card_search_class_init (DwCardSearchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dw_card_search_dispose;
  object_class->finalize = dw_card_search_finalize;
}

static void
dw_card_search_init (DwCardSearch *self)
{
  self->held = g_ptr_array_new_with_free_func (g_object_unref);
  self->matches = g_ptr_array_new ();
}

/* The cards of @dbs (a list model of DwCardDb, may be NULL) that @match
 * accepts (every card when @match is NULL).  @match is called again only
 * when dw_card_search_changed() says the test changed, or the list of
 * databases does. */
DwCardSearch *
dw_card_search_new (GListModel      *dbs,
                    DwCardMatchFunc  match,
                    gpointer         user_data)
{
  DwCardSearch *self = g_object_new (DW_TYPE_CARD_SEARCH, NULL);

  self->match = match;
  self->user_data = user_data;
  dw_card_search_set_dbs (self, dbs);
  return self;
}

void
dw_card_search_set_dbs (DwCardSearch *self,
                        GListModel   *dbs)
{
  g_return_if_fail (DW_IS_CARD_SEARCH (self));
  g_return_if_fail (dbs == NULL || G_IS_LIST_MODEL (dbs));

  if (self->dbs == dbs)
    return;
  if (self->dbs != NULL)
    g_signal_handlers_disconnect_by_data (self->dbs, self);
  g_set_object (&self->dbs, dbs);
  if (dbs != NULL)
    g_signal_connect (dbs, "items-changed", G_CALLBACK (on_dbs_changed_cb), self);
  search_all (self);
}

GListModel *
dw_card_search_get_dbs (DwCardSearch *self)
{
  g_return_val_if_fail (DW_IS_CARD_SEARCH (self), NULL);
  return self->dbs;
}

/* The match function's answers changed as @change says. */
void
dw_card_search_changed (DwCardSearch       *self,
                        DwCardSearchChange  change)
{
  g_return_if_fail (DW_IS_CARD_SEARCH (self));

  if (change == DW_CARD_SEARCH_NARROWER)
    search_listed (self);
  else
    search_all (self);
}
