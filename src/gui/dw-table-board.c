/* dw-table-board.c — the table's zones, the duel's place and the drags between them
 *
 * The board lays the zones out where the game definition puts them
 * (DwZoneView each), the goldfish's across the top, and the duel's place
 * (DwDuelView) between the two sides when the rules name one.  It fills
 * a card's menu with what the rules offer, takes a double click to the
 * card's most natural action, and while a card is dragged asks the
 * engine about every place it could be dropped on (DwDropZone) and marks
 * each with the answer.  It never performs: an action it would take is
 * handed to its window by the "act" signal, and a refusal of its own (no
 * action moves this card there) by "refused"; the window says what
 * happened.  No game is named here: the rules say what is offered where
 * (dw_table_card_offers, dw_table_card_action_to_zone, DwTableRules'
 * duel_zone).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-card-tile.h"
#include "dw-duel-view.h"
#include "dw-table-board.h"
#include "dw-table-offer.h"
#include "dw-zone-view.h"

struct _DwTableBoard
{
  GtkWidget   parent_instance;

  /* Template widgets. */
  GtkWidget  *box;
  GtkGrid    *opponent_board;
  DwDuelView *duel;
  GtkGrid    *board;

  DwTable    *table;
  GPtrArray  *zone_views;   /* DwZoneView, one a zone shown, in reading order */
  gboolean    compact;      /* a phone's width: cards smaller, three zones a row */
};

G_DEFINE_FINAL_TYPE (DwTableBoard, dw_table_board, GTK_TYPE_WIDGET)

enum
{
  ACT,
  REFUSED,
  CARD_PREVIEW,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The definition's id of the zone the duel view stands for, or NULL. */
static const char *
duel_zone_id (DwTableBoard *self)
{
  return dw_table_get_rules (self->table)->duel_zone;
}

static gboolean
has_duel (DwTableBoard *self)
{
  return dw_table_get_duel_zone (self->table) >= 0;
}

/* How wide a card lies in each zone, at full size; folded to a phone's
 * width, every card is drawn smaller rather than pushed off screen.  A
 * face-up card on your side is large enough to read its name and
 * numbers; backs and the goldfish's piles are smaller. */
static int
card_width (DwTableBoard      *self,
            const DwTableZone *zone)
{
  gboolean duel = has_duel (self);
  double scale = self->compact ? 0.68 : 1.0;
  int width;

  if (zone->side == DW_SIDE_OPPONENT)
    width = duel ? 52 : 56;
  else if (dw_game_lookup_zone (dw_table_get_game (self->table), zone->def_id) == NULL)
    width = 60;                       /* tokens set aside, waiting */
  else if (zone->visibility == DW_ZONE_HIDDEN)
    width = 60;                       /* the deck, a vault: backs */
  else if (zone->visibility == DW_ZONE_OWNER)
    width = duel ? 100 : 96;          /* the hand */
  else if (zone->in_play && zone->ordered)
    width = 72;                       /* a domain pile */
  else if (zone->in_play)
    width = 96;                       /* the front */
  else if (zone->visibility == DW_ZONE_TOP)
    width = 80;                       /* the active region */
  else
    width = 84;                       /* a grave, champions, what is set aside */
  return (int) (width * scale);
}

static gboolean
act (DwTableBoard *self,
     const char   *action)
{
  gboolean done = FALSE;

  g_signal_emit (self, signals[ACT], 0, action, &done);
  return done;
}

static void
refuse (DwTableBoard *self,
        const char   *reason)
{
  g_signal_emit (self, signals[REFUSED], 0, reason);
}

/* The actions a card offers where it is, as its game's rules list them,
 * each checked by the engine: refused ones dimmed with the reason, or
 * left out where the rules offer them only when accepted. */
static void
on_card_menu_cb (DwZoneView   *view,
                 guint         number,
                 GtkBox       *box,
                 DwTableBoard *self)
{
  g_autoptr(GPtrArray) offers = dw_table_card_offers (self->table, number);

  for (guint i = 0; i < offers->len; i++)
    {
      const DwCardOffer *offer = g_ptr_array_index (offers, i);
      /* A label is shown with mnemonics: a zone's "_" stays a "_". */
      g_auto(GStrv) parts = g_strsplit (offer->label, "_", -1);
      g_autofree char *label = g_strjoinv ("__", parts);
      GtkWidget *button;

      if (offer->if_accepted && !dw_table_offer_check (self->table, offer->action, NULL))
        continue;
      button = dw_table_offer_new (self->table, label, offer->action);
      gtk_widget_add_css_class (button, "flat");
      gtk_box_append (box, button);
    }
}

/* A double click does what the card is most likely played for now: the
 * first of the engine's natural actions that it accepts.  A card with
 * none where it lies opens its menu instead, and nothing is refused. */
gboolean
dw_table_board_natural (DwTableBoard *self,
                        guint         number)
{
  g_autoptr(GPtrArray) actions = NULL;
  g_autofree char *first_reason = NULL;

  g_return_val_if_fail (DW_IS_TABLE_BOARD (self), FALSE);

  actions = dw_table_card_actions (self->table, number);
  if (actions == NULL || actions->len == 0)
    {
      for (guint i = 0; i < self->zone_views->len; i++)
        {
          GtkWidget *tile = dw_zone_view_find_tile (g_ptr_array_index (self->zone_views, i), number);

          if (tile != NULL)
            dw_card_tile_popup (DW_CARD_TILE (tile));
        }
      return FALSE;
    }
  for (guint i = 0; i < actions->len; i++)
    {
      const char *action = g_ptr_array_index (actions, i);
      g_autofree char *reason = NULL;

      if (dw_table_offer_check (self->table, action, &reason))
        return act (self, action);
      if (first_reason == NULL)
        first_reason = g_steal_pointer (&reason);
    }
  refuse (self, first_reason ? first_reason : _("This card has nothing to do by itself now; its menu has every action"));
  return FALSE;
}

static void
on_card_natural_cb (DwZoneView   *view,
                    guint         number,
                    DwTableBoard *self)
{
  dw_table_board_natural (self, number);
}

static void
on_card_preview_cb (GtkWidget    *view,
                    guint         number,
                    DwTableBoard *self)
{
  g_signal_emit (self, signals[CARD_PREVIEW], 0, number);
}

/* Marks @place with whether the engine takes card #@number there: by
 * the action @text, which NULL says no action of the rules is. */
static void
mark_place (DwTableBoard *self,
            DwDropZone   *place,
            guint         number,
            const char   *text)
{
  g_autofree char *reason = NULL;

  if (number == 0)
    dw_drop_zone_set_offer (place, DW_ZONE_OFFER_NONE, NULL);
  else if (text == NULL)
    dw_drop_zone_set_offer (place, DW_ZONE_OFFER_REFUSED, _("Nothing in the rules moves this card there"));
  else if (dw_table_offer_check (self->table, text, &reason))
    dw_drop_zone_set_offer (place, DW_ZONE_OFFER_ACCEPTED, NULL);
  else
    dw_drop_zone_set_offer (place, DW_ZONE_OFFER_REFUSED,
                            reason ? reason : _("Nothing in the rules moves this card there"));
}

/* While a card is dragged, every place says whether the engine takes the
 * card there, and a place that does not gives its reason; @number 0
 * (the drag is over) takes the marks away. */
void
dw_table_board_offer_drop (DwTableBoard *self,
                           guint         number)
{
  const DwTableState *state;

  g_return_if_fail (DW_IS_TABLE_BOARD (self));

  state = dw_table_get_state (self->table);
  if (gtk_widget_get_visible (GTK_WIDGET (self->duel)))
    {
      int duel = dw_table_get_duel_zone (self->table);
      g_autofree char *text = number && duel >= 0
                              ? dw_table_card_action_to_zone (self->table, number,
                                                              dw_table_state_get_zone (state, (guint) duel)->id)
                              : NULL;

      mark_place (self, DW_DROP_ZONE (self->duel), number, text);
    }
  for (guint i = 0; i < self->zone_views->len; i++)
    {
      DwZoneView *view = g_ptr_array_index (self->zone_views, i);
      const DwTableZone *zone = dw_table_state_get_zone (state, dw_zone_view_get_zone (view));
      g_autofree char *text = number ? dw_table_card_action_to_zone (self->table, number, zone->id) : NULL;

      mark_place (self, DW_DROP_ZONE (view), number, text);
    }
}

/* The places that accept what is dragged now, by zone id. */
GStrv
dw_table_board_get_drop_zones (DwTableBoard *self)
{
  g_autoptr(GStrvBuilder) zones = g_strv_builder_new ();
  const DwTableState *state;

  g_return_val_if_fail (DW_IS_TABLE_BOARD (self), NULL);

  state = dw_table_get_state (self->table);
  if (gtk_widget_get_visible (GTK_WIDGET (self->duel)) &&
      dw_drop_zone_get_offer (DW_DROP_ZONE (self->duel)) == DW_ZONE_OFFER_ACCEPTED)
    g_strv_builder_add (zones, dw_table_state_get_zone (state, (guint) dw_table_get_duel_zone (self->table))->id);
  for (guint i = 0; i < self->zone_views->len; i++)
    {
      DwZoneView *view = g_ptr_array_index (self->zone_views, i);

      if (dw_drop_zone_get_offer (DW_DROP_ZONE (view)) == DW_ZONE_OFFER_ACCEPTED)
        g_strv_builder_add (zones, dw_table_state_get_zone (state, dw_zone_view_get_zone (view))->id);
    }
  return g_strv_builder_end (zones);
}

static void
on_card_drag_begin_cb (DwZoneView   *view,
                       guint         number,
                       DwTableBoard *self)
{
  dw_table_board_offer_drop (self, number);
}

static void
on_card_drag_end_cb (DwZoneView   *view,
                     DwTableBoard *self)
{
  dw_table_board_offer_drop (self, 0);
}

/* A card dropped on zone @zone_id: the rules' own action for that move
 * (play, vault, move, discard), handed on to be performed. */
gboolean
dw_table_board_drop (DwTableBoard *self,
                     guint         number,
                     const char   *zone_id)
{
  const DwTableState *state;
  g_autofree char *text = NULL;

  g_return_val_if_fail (DW_IS_TABLE_BOARD (self), FALSE);

  state = dw_table_get_state (self->table);
  if (number == 0 || number > state->cards->len)
    return FALSE;
  text = dw_table_card_action_to_zone (self->table, number, zone_id);
  if (text == NULL)
    {
      refuse (self, _("Nothing in the rules moves this card there; its menu has the moves by hand"));
      return FALSE;
    }
  return act (self, text);
}

/* A card dropped on a zone view or on the duel.  Performing rebuilds the
 * zones, this one and the one the card came from included, so the drag's
 * end may never reach the board through them: the drop ends the marks
 * itself. */
static gboolean
on_card_dropped_cb (DwDropZone   *place,
                    guint         number,
                    DwTableBoard *self)
{
  const DwTableState *state = dw_table_get_state (self->table);
  guint index = DW_IS_ZONE_VIEW (place) ? dw_zone_view_get_zone (DW_ZONE_VIEW (place))
                                        : (guint) dw_table_get_duel_zone (self->table);
  g_autofree char *id = g_strdup (dw_table_state_get_zone (state, index)->id);
  gboolean done;

  done = dw_table_board_drop (self, number, id);
  dw_table_board_offer_drop (self, 0);
  return done;
}

static DwZoneView *
zone_view (DwTableBoard *self,
           guint         index)
{
  const DwTableZone *zone = dw_table_state_get_zone (dw_table_get_state (self->table), index);
  DwZoneView *view = DW_ZONE_VIEW (dw_zone_view_new ());

  dw_zone_view_show_zone (view, self->table, index, card_width (self, zone));
  g_signal_connect (view, "card-menu", G_CALLBACK (on_card_menu_cb), self);
  g_signal_connect (view, "card-natural", G_CALLBACK (on_card_natural_cb), self);
  g_signal_connect (view, "card-preview", G_CALLBACK (on_card_preview_cb), self);
  g_signal_connect (view, "card-drag-begin", G_CALLBACK (on_card_drag_begin_cb), self);
  g_signal_connect (view, "card-drag-end", G_CALLBACK (on_card_drag_end_cb), self);
  g_signal_connect (view, "card-dropped", G_CALLBACK (on_card_dropped_cb), self);
  g_ptr_array_add (self->zone_views, view);
  return view;
}

static void
clear_grid (GtkGrid *grid)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (grid))) != NULL)
    gtk_grid_remove (grid, child);
}

/* Zones as the board shows them: the goldfish's across the top, yours
 * where the definition puts them, row by row, and the rules' own (no
 * place in the definition) last, as dealt.  F6 follows this order. */
static int
compare_reading_order (gconstpointer a,
                       gconstpointer b,
                       gpointer      data)
{
  DwTable *table = data;
  const DwTableState *state = dw_table_get_state (table);
  guint ia = GPOINTER_TO_UINT (*(gconstpointer *) a);
  guint ib = GPOINTER_TO_UINT (*(gconstpointer *) b);
  const DwTableZone *za = dw_table_state_get_zone (state, ia);
  const DwTableZone *zb = dw_table_state_get_zone (state, ib);
  const DwZoneDef *da = za->side == DW_SIDE_PLAYER ? dw_game_lookup_zone (dw_table_get_game (table), za->def_id) : NULL;
  const DwZoneDef *db = zb->side == DW_SIDE_PLAYER ? dw_game_lookup_zone (dw_table_get_game (table), zb->def_id) : NULL;
  gint64 ka = da ? da->row * DW_ZONE_GRID_SIZE + da->column
                 : za->side == DW_SIDE_OPPONENT ? G_MININT32 + (gint64) ia : G_MAXINT32 + (gint64) ia;
  gint64 kb = db ? db->row * DW_ZONE_GRID_SIZE + db->column
                 : zb->side == DW_SIDE_OPPONENT ? G_MININT32 + (gint64) ib : G_MAXINT32 + (gint64) ib;

  return ka < kb ? -1 : ka > kb;
}

/* Your zones where the game definition puts them, the goldfish's across
 * the table at the top (its piles face yours), and the zones the rules
 * make (tokens set aside) at the end of the last row, beside the hand
 * they are played from.  Every zone shows from the deal on, empty or
 * not, and is as large empty as full: nothing moves as cards come and go. */
static void
fill_board (DwTableBoard *self)
{
  const DwTableState *state = dw_table_get_state (self->table);
  DwGame *game = dw_table_get_game (self->table);
  const char *duel_id = duel_zone_id (self);
  gboolean duel = has_duel (self);
  gboolean folded = self->compact;
  int columns = 0;
  int rows = 0;
  int extra = 0;
  int extra_column = 0;
  int opponent_column = 0;
  int flow_row = 0;
  int flow_column = 0;
  g_autoptr(GPtrArray) order = g_ptr_array_new ();

  clear_grid (self->board);
  clear_grid (self->opponent_board);
  g_ptr_array_set_size (self->zone_views, 0);

  for (guint i = 0; i < dw_game_get_n_zones (game); i++)
    {
      const DwZoneDef *def = dw_game_get_zone (game, i);

      columns = MAX (columns, def->column + def->width);
      rows = MAX (rows, def->row + def->height);
    }
  /* Whether the last row has zones of the rules' own at its end: the
   * rows above then reach over that column too. */
  for (guint i = 0; i < state->zones->len; i++)
    {
      const DwTableZone *zone = dw_table_state_get_zone (state, i);

      if (zone->side == DW_SIDE_PLAYER && dw_game_lookup_zone (game, zone->def_id) == NULL)
        extra++;
    }

  for (guint i = 0; i < state->zones->len; i++)
    g_ptr_array_add (order, GUINT_TO_POINTER (i));
  g_ptr_array_sort_with_data (order, compare_reading_order, self->table);

  for (guint k = 0; k < order->len; k++)
    {
      guint i = GPOINTER_TO_UINT (g_ptr_array_index (order, k));
      const DwTableZone *zone = dw_table_state_get_zone (state, i);
      const DwZoneDef *def = dw_game_lookup_zone (game, zone->def_id);
      GtkWidget *view;

      /* The duel has a view of its own between the two sides. */
      if (duel && g_strcmp0 (zone->def_id, duel_id) == 0)
        continue;

      view = GTK_WIDGET (zone_view (self, i));
      if (zone->side == DW_SIDE_OPPONENT)
        {
          /* Across the table; two to a row on a phone, where three
           * had no room for "Connections (opponent)" whole. */
          gtk_grid_attach (self->opponent_board, view, folded ? opponent_column % 2 : opponent_column,
                           folded ? opponent_column / 2 : 0, 1, 1);
          opponent_column++;
          gtk_widget_add_css_class (view, "opponent");
        }
      else if (folded)
        {
          /* A phone's width: the definition's zones in its reading
           * order, three to a row, a wide one (the front) and the hand on
           * a row of their own (the hand's name shares its line with its
           * scrollbar, which three to a row has no room for), the rules'
           * own zones last. */
          gboolean wide = (def != NULL && def->width > 1) || zone->visibility == DW_ZONE_OWNER;

          if (wide && flow_column > 0)
            {
              flow_row++;
              flow_column = 0;
            }
          gtk_grid_attach (self->board, view, flow_column, flow_row, wide ? 3 : 1, 1);
          flow_column += wide ? 3 : 1;
          if (flow_column >= 3)
            {
              flow_row++;
              flow_column = 0;
            }
        }
      else if (def != NULL)
        {
          gboolean last_column = def->column + def->width == columns;
          gboolean last_row = def->row + def->height == rows;

          gtk_grid_attach (self->board, view, def->column, def->row,
                           def->width + (extra > 0 && !folded && last_column && !last_row ? extra : 0),
                           def->height);
        }
      else
        gtk_grid_attach (self->board, view, columns + extra_column++, rows - 1, 1, 1);
    }

  gtk_widget_set_visible (GTK_WIDGET (self->opponent_board), opponent_column > 0);
  /* The width left over goes to every column alike: more room before
   * cards overlap, the same for the whole game. */
  for (guint i = 0; i < self->zone_views->len; i++)
    gtk_widget_set_hexpand (g_ptr_array_index (self->zone_views, i), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->duel), duel);
  if (duel)
    dw_duel_view_show_table (self->duel, self->table, folded ? 84 : 132, folded);
}

/* Shows @table, @compact for a phone's width; a keyboard user stays on
 * the card they acted on wherever it went, or on its zone's first card
 * when it left sight. */
void
dw_table_board_show_table (DwTableBoard *self,
                           DwTable      *table,
                           gboolean      compact)
{
  GtkRoot *root;
  GtkWidget *focus;
  GtkWidget *tile;
  GtkWidget *zone;
  guint number;
  g_autofree char *zone_id = NULL;

  g_return_if_fail (DW_IS_TABLE_BOARD (self));
  g_return_if_fail (DW_IS_TABLE (table));

  root = gtk_widget_get_root (GTK_WIDGET (self));
  focus = root ? gtk_root_get_focus (root) : NULL;
  tile = focus ? gtk_widget_get_ancestor (focus, DW_TYPE_CARD_TILE) : NULL;
  zone = tile ? gtk_widget_get_ancestor (tile, DW_TYPE_ZONE_VIEW) : NULL;
  number = tile ? dw_card_tile_get_number (DW_CARD_TILE (tile)) : 0;
  /* The zone's id in the table it was shown from: a new deal is
   * another table, with the same zones. */
  if (zone != NULL && self->table != NULL)
    zone_id = g_strdup (dw_table_state_get_zone (dw_table_get_state (self->table),
                                                 dw_zone_view_get_zone (DW_ZONE_VIEW (zone)))->id);
  g_set_object (&self->table, table);
  self->compact = compact;
  fill_board (self);
  if (number == 0)
    return;

  for (guint i = 0; i < self->zone_views->len; i++)
    {
      GtkWidget *again = dw_zone_view_find_tile (g_ptr_array_index (self->zone_views, i), number);

      if (again != NULL)
        {
          gtk_widget_grab_focus (again);
          return;
        }
    }
  if (zone_id != NULL)
    dw_table_board_focus_zone (self, zone_id);
}

/* On a phone's width cards are smaller and the zones flow three a row;
 * the table itself has not changed. */
void
dw_table_board_set_compact (DwTableBoard *self,
                            gboolean      compact)
{
  g_return_if_fail (DW_IS_TABLE_BOARD (self));

  self->compact = compact;
  if (self->table != NULL)
    fill_board (self);
}

/* The zone view showing zone @id ("hand", "opp-regions"), or NULL. */
GtkWidget *
dw_table_board_get_zone_view (DwTableBoard *self,
                              const char   *id)
{
  g_return_val_if_fail (DW_IS_TABLE_BOARD (self), NULL);

  for (guint i = 0; i < self->zone_views->len; i++)
    {
      DwZoneView *view = g_ptr_array_index (self->zone_views, i);

      if (g_strcmp0 (dw_table_state_get_zone (dw_table_get_state (self->table), dw_zone_view_get_zone (view))->id, id) == 0)
        return GTK_WIDGET (view);
    }
  return NULL;
}

/* The duel's place, where a card is played into the duel. */
GtkWidget *
dw_table_board_get_duel_view (DwTableBoard *self)
{
  g_return_val_if_fail (DW_IS_TABLE_BOARD (self), NULL);
  return GTK_WIDGET (self->duel);
}

/* The keyboard focus to the first card of zone @id; FALSE when it holds
 * none or is not shown. */
gboolean
dw_table_board_focus_zone (DwTableBoard *self,
                           const char   *id)
{
  GtkWidget *view;

  g_return_val_if_fail (DW_IS_TABLE_BOARD (self), FALSE);

  view = dw_table_board_get_zone_view (self, id);
  /* Its first card even from another of its cards: Ctrl+H from the
   * hand's last card went nowhere. */
  return view != NULL && dw_zone_view_focus_first_card (DW_ZONE_VIEW (view));
}

/* Puts the keyboard focus on the first card of the zone at @index of
 * the board's zones, or of the next one on from it that holds a card,
 * going round @step by @step; FALSE when no zone holds one. */
static gboolean
focus_zone_from (DwTableBoard *self,
                 guint         index,
                 int           step)
{
  guint n = self->zone_views->len;

  for (guint k = 0; k < n; k++)
    {
      int at = ((int) index + (int) k * step) % (int) n;
      GtkWidget *view = g_ptr_array_index (self->zone_views, (guint) (at < 0 ? at + (int) n : at));

      if (dw_zone_view_focus_first_card (DW_ZONE_VIEW (view)))
        return TRUE;
    }
  return FALSE;
}

/* From zone to zone of the board, round, skipping the empty ones, from
 * the zone that holds the focus (or the first): @step 1 forward, -1 back. */
void
dw_table_board_step_zone (DwTableBoard *self,
                          int           step)
{
  GtkRoot *root;
  GtkWidget *focus;
  GtkWidget *zone;
  guint n;
  guint index;

  g_return_if_fail (DW_IS_TABLE_BOARD (self));

  n = self->zone_views->len;
  if (n == 0)
    return;
  root = gtk_widget_get_root (GTK_WIDGET (self));
  focus = root ? gtk_root_get_focus (root) : NULL;
  zone = focus ? gtk_widget_get_ancestor (focus, DW_TYPE_ZONE_VIEW) : NULL;
  if (zone != NULL && g_ptr_array_find (self->zone_views, zone, &index))
    focus_zone_from (self, (index + n + (step > 0 ? 1 : n - 1)) % n, step);
  else
    focus_zone_from (self, step > 0 ? 0 : n - 1, step);
}

static void
dw_table_board_dispose (GObject *object)
{
  DwTableBoard *self = DW_TABLE_BOARD (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), DW_TYPE_TABLE_BOARD);
  g_clear_pointer (&self->zone_views, g_ptr_array_unref);
  g_clear_object (&self->table);

  G_OBJECT_CLASS (dw_table_board_parent_class)->dispose (object);
}

static void
dw_table_board_class_init (DwTableBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_table_board_dispose;

  /* (action) → whether it was performed: the board asks its window to
   * perform an action the engine accepts. */
  signals[ACT] = g_signal_new ("act", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                               g_signal_accumulator_first_wins, NULL, NULL, G_TYPE_BOOLEAN, 1, G_TYPE_STRING);
  /* (reason): a gesture no action of the rules answers, or one the
   * engine refuses, in the player's words. */
  signals[REFUSED] = g_signal_new ("refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                   NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* (number): the card under the pointer, to be shown large. */
  signals[CARD_PREVIEW] = g_signal_new ("card-preview", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                        NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  g_type_ensure (DW_TYPE_DUEL_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deckwright/Deckwright/dw-table-board.ui");
  gtk_widget_class_bind_template_child (widget_class, DwTableBoard, box);
  gtk_widget_class_bind_template_child (widget_class, DwTableBoard, opponent_board);
  gtk_widget_class_bind_template_child (widget_class, DwTableBoard, duel);
  gtk_widget_class_bind_template_child (widget_class, DwTableBoard, board);
}

static void
dw_table_board_init (DwTableBoard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->zone_views = g_ptr_array_new ();
  g_signal_connect (self->duel, "card-preview", G_CALLBACK (on_card_preview_cb), self);
  g_signal_connect (self->duel, "card-dropped", G_CALLBACK (on_card_dropped_cb), self);
}
