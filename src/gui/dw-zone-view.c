/* dw-zone-view.c — one zone of the table and the cards in it
 *
 * Shows a zone as the rules let the player see it: a hidden pile as one
 * card back with its count, face-down cards as backs, a pile whose top
 * alone is seen by its top card, a kingdom's domain pile as a stack whose
 * top servant is whole, everything else face up in a row.  A card it
 * shows face down is made without its card, so no tooltip, accessible
 * name or drawing can tell what it is.
 *
 * A hand scrolls rather than cover its cards past reading: each card
 * another covers shows its cost and the start of its name, and a
 * scrollbar beside the zone's name says there is more (at 360 px seven
 * cards overlapped to a sliver).
 *
 * The zone is a drop target (DwDropZone); while a card is dragged the
 * board marks it as accepting or refusing, with the engine's reason.
 * The arrow keys move the focus from card to card within it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include <string.h>

#include "dw-card-fan.h"
#include "dw-card-tile.h"
#include "dw-zone-view.h"

struct _DwZoneView
{
  GtkWidget    parent_instance;

  GtkLabel    *heading;
  GtkLabel    *count;
  GtkScrolledWindow *scroller;
  DwCardFan   *fan;
  GtkWidget   *scrollbar;

  guint        zone;
  char        *title;
};

G_DEFINE_FINAL_TYPE_WITH_CODE (DwZoneView, dw_zone_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (DW_TYPE_DROP_ZONE, NULL))

/* How much of a hand's card another covers shows, at the least: from
 * its name's start to its cost, the disc at its top right. */
#define SHOWN_OF_A_COVERED_CARD 0.88

enum
{
  CARD_MENU,
  CARD_NATURAL,
  CARD_PREVIEW,
  CARD_DRAG_BEGIN,
  CARD_DRAG_END,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* What the tile says to a screen reader and in its tooltip: the card's
 * name as the engine lets the player know it, and its state on the
 * table; a face-down card says only that. */
static char *
tile_label (DwTable           *table,
            const DwTableCard *card,
            gboolean           face_up)
{
  const DwTableRules *rules = dw_table_get_rules (table);
  g_autoptr(GString) words = g_string_new (NULL);
  g_autoptr(GString) label = g_string_new (NULL);
  g_autofree char *name = NULL;

  if (!face_up)
    return g_strdup (card->marked ? _("Face-down card, marked") : _("Face-down card"));

  name = dw_table_card_public_name (table, card->number);
  g_string_append (label, name);
  if (card->marked)
    g_string_append (label, _(", marked"));
  if (rules->describe_card != NULL)
    rules->describe_card (dw_table_get_state (table), card, words);
  g_strstrip (words->str);
  if (words->str[0] != '\0')
    g_string_append_printf (label, ", %s", words->str);
  return g_string_free (g_steal_pointer (&label), FALSE);
}

static void
on_tile_fill_menu_cb (DwCardTile *tile,
                      GtkBox     *box,
                      DwZoneView *self)
{
  g_signal_emit (self, signals[CARD_MENU], 0, dw_card_tile_get_number (tile), box);
}

static void
on_tile_natural_cb (DwCardTile *tile,
                    DwZoneView *self)
{
  g_signal_emit (self, signals[CARD_NATURAL], 0, dw_card_tile_get_number (tile));
}

static void
on_tile_preview_cb (DwCardTile *tile,
                    DwZoneView *self)
{
  /* A face-down card has nothing to show large. */
  if (dw_card_tile_get_card (tile) != NULL)
    g_signal_emit (self, signals[CARD_PREVIEW], 0, dw_card_tile_get_number (tile));
}

static void
on_tile_drag_begin_cb (GtkDragSource *source,
                       GdkDrag       *drag,
                       DwZoneView    *self)
{
  GtkWidget *tile = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));

  g_signal_emit (self, signals[CARD_DRAG_BEGIN], 0, dw_card_tile_get_number (DW_CARD_TILE (tile)));
}

static void
on_tile_drag_end_cb (GtkDragSource *source,
                     GdkDrag       *drag,
                     gboolean       delete_data,
                     DwZoneView    *self)
{
  g_signal_emit (self, signals[CARD_DRAG_END], 0);
}

static GtkWidget *
add_tile (DwZoneView        *self,
          DwTable           *table,
          const DwTableCard *card,
          gboolean           face_up,
          int                width,
          const char        *zone_id)
{
  GtkWidget *tile = dw_card_tile_new (dw_table_get_game (table), face_up ? card->card : NULL, card->number, width);
  g_autofree char *label = tile_label (table, card, face_up);
  GtkDragSource *drag = dw_card_tile_get_drag_source (DW_CARD_TILE (tile));

  dw_card_tile_set_label (DW_CARD_TILE (tile), label);
  dw_card_tile_set_marked (DW_CARD_TILE (tile), card->marked);
  if (g_strcmp0 (zone_id, "hand") == 0)
    dw_card_tile_set_menu_position (DW_CARD_TILE (tile), GTK_POS_TOP);
  /* A drop the engine accepts rebuilds the board, this view included,
   * while GTK still holds the tile's drag source to tell it the drag
   * ended: every handler goes with the view, never outlives it. */
  g_signal_connect_object (tile, "fill-menu", G_CALLBACK (on_tile_fill_menu_cb), self, 0);
  g_signal_connect_object (tile, "natural", G_CALLBACK (on_tile_natural_cb), self, 0);
  g_signal_connect_object (tile, "preview", G_CALLBACK (on_tile_preview_cb), self, 0);
  g_signal_connect_object (drag, "drag-begin", G_CALLBACK (on_tile_drag_begin_cb), self, 0);
  g_signal_connect_object (drag, "drag-end", G_CALLBACK (on_tile_drag_end_cb), self, 0);
  dw_card_fan_append (self->fan, tile);
  return tile;
}

/* A card in play shows its current numbers on its corner (ATK/DEF after
 * damage, a region's HP), as players put dice on cards. */
static void
add_badge (DwTable           *table,
           DwCardTile        *tile,
           const DwTableCard *card)
{
  const DwTableRules *rules = dw_table_get_rules (table);
  g_autoptr(GString) words = g_string_new (NULL);
  char *paren;

  if (rules->describe_card == NULL)
    return;
  rules->describe_card (dw_table_get_state (table), card, words);
  /* Only the numbers: "2/1 (1 damage)" shows "2/1", in red. */
  paren = strchr (words->str, '(');
  if (paren != NULL)
    *paren = '\0';
  g_strstrip (words->str);
  if (words->str[0] != '\0')
    dw_card_tile_set_badge (tile, words->str, paren != NULL);
}

/* The scrollbar of a hand shows when there is more to see. */
static void
on_scroll_changed_cb (GtkAdjustment *adjustment,
                      DwZoneView    *self)
{
  gboolean more = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_lower (adjustment) >
                  gtk_adjustment_get_page_size (adjustment) + 0.5;

  gtk_widget_set_opacity (self->scrollbar, more ? 1.0 : 0.0);
  gtk_widget_set_can_target (self->scrollbar, more);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->scrollbar), GTK_ACCESSIBLE_STATE_HIDDEN, !more, -1);
}

/* Whether the row scrolls (a hand, @min_width to @max_width wide) or
 * overlaps its cards in its room, a turned card free to stick out. */
static void
set_scrolls (DwZoneView *self,
             gboolean    scrolls,
             int         min_width,
             int         max_width)
{
  GtkWidget *viewport = gtk_scrolled_window_get_child (self->scroller);
  GtkOverflow overflow = scrolls ? GTK_OVERFLOW_HIDDEN : GTK_OVERFLOW_VISIBLE;

  gtk_scrolled_window_set_policy (self->scroller, scrolls ? GTK_POLICY_EXTERNAL : GTK_POLICY_NEVER,
                                  GTK_POLICY_NEVER);
  /* The row asks for the same width with few cards or many. */
  gtk_scrolled_window_set_min_content_width (self->scroller, -1);
  gtk_scrolled_window_set_max_content_width (self->scroller, scrolls ? max_width : -1);
  gtk_scrolled_window_set_min_content_width (self->scroller, scrolls ? min_width : -1);
  gtk_widget_set_overflow (GTK_WIDGET (self->scroller), overflow);
  gtk_widget_set_overflow (viewport, overflow);
  gtk_widget_set_visible (self->scrollbar, scrolls);
}

/* The tile of this zone that holds the keyboard focus, or NULL. */
static GtkWidget *
focused_tile (DwZoneView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;
  GtkWidget *tile = focus ? gtk_widget_get_ancestor (focus, DW_TYPE_CARD_TILE) : NULL;

  return tile && gtk_widget_get_parent (tile) == GTK_WIDGET (self->fan) ? tile : NULL;
}

/* Arrows move the focus from card to card within the zone, the last
 * card to the first and back, as a player runs a finger along a row. */
static void
step_card_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DwZoneView *self = DW_ZONE_VIEW (widget);
  gboolean forward = g_str_equal (action_name, "zone.next-card");
  GtkWidget *tile = focused_tile (self);
  GtkWidget *to;

  if (tile == NULL)
    to = forward ? gtk_widget_get_first_child (GTK_WIDGET (self->fan)) : gtk_widget_get_last_child (GTK_WIDGET (self->fan));
  else
    to = forward ? gtk_widget_get_next_sibling (tile) : gtk_widget_get_prev_sibling (tile);
  if (to == NULL)
    to = forward ? gtk_widget_get_first_child (GTK_WIDGET (self->fan)) : gtk_widget_get_last_child (GTK_WIDGET (self->fan));
  if (to != NULL)
    gtk_widget_grab_focus (to);
}

/* The focus goes to the cards: an empty zone takes none, and the row
 * around the cards (a scroller) never takes it for itself. */
static gboolean
dw_zone_view_focus (GtkWidget        *widget,
                    GtkDirectionType  direction)
{
  DwZoneView *self = DW_ZONE_VIEW (widget);

  if (gtk_widget_get_first_child (GTK_WIDGET (self->fan)) == NULL)
    return FALSE;
  return GTK_WIDGET_CLASS (dw_zone_view_parent_class)->focus (widget, direction);
}

static void
dw_zone_view_dispose (GObject *object)
{
  DwZoneView *self = DW_ZONE_VIEW (object);

  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), DW_TYPE_ZONE_VIEW);
  /* Children the template does not bind go too. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->title, g_free);

  G_OBJECT_CLASS (dw_zone_view_parent_class)->dispose (object);
}

static void
dw_zone_view_class_init (DwZoneViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_zone_view_dispose;
  widget_class->focus = dw_zone_view_focus;

  /* (number, box): fill @box with the card's actions. */
  signals[CARD_MENU] = g_signal_new ("card-menu", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                     NULL, G_TYPE_NONE, 2, G_TYPE_UINT, GTK_TYPE_BOX);
  signals[CARD_NATURAL] = g_signal_new ("card-natural", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                        NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[CARD_PREVIEW] = g_signal_new ("card-preview", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                        NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[CARD_DRAG_BEGIN] = g_signal_new ("card-drag-begin", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[CARD_DRAG_END] = g_signal_new ("card-drag-end", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                         NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (DW_TYPE_CARD_FAN);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deckwright/Deckwright/dw-zone-view.ui");
  gtk_widget_class_bind_template_child (widget_class, DwZoneView, heading);
  gtk_widget_class_bind_template_child (widget_class, DwZoneView, count);
  gtk_widget_class_bind_template_child (widget_class, DwZoneView, scroller);
  gtk_widget_class_bind_template_child (widget_class, DwZoneView, fan);
  gtk_widget_class_bind_template_child (widget_class, DwZoneView, scrollbar);
  gtk_widget_class_install_action (widget_class, "zone.next-card", NULL, step_card_action);
  gtk_widget_class_install_action (widget_class, "zone.previous-card", NULL, step_card_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "zone.next-card", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Right, 0, "zone.next-card", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "zone.next-card", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Down, 0, "zone.next-card", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "zone.previous-card", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Left, 0, "zone.previous-card", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "zone.previous-card", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Up, 0, "zone.previous-card", NULL);
  gtk_widget_class_set_css_name (widget_class, "zoneview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
dw_zone_view_init (DwZoneView *self)
{
  GtkAdjustment *adjustment;

  gtk_widget_init_template (GTK_WIDGET (self));
  dw_drop_zone_install (DW_DROP_ZONE (self));
  adjustment = gtk_scrolled_window_get_hadjustment (self->scroller);
  gtk_scrollbar_set_adjustment (GTK_SCROLLBAR (self->scrollbar), adjustment);
  g_signal_connect_object (adjustment, "changed", G_CALLBACK (on_scroll_changed_cb), self, 0);
  on_scroll_changed_cb (adjustment, self);
}

GtkWidget *
dw_zone_view_new (void)
{
  return g_object_new (DW_TYPE_ZONE_VIEW, NULL);
}

/* How many cards a zone has room for before they overlap: one for a
 * pile seen by its top or its back and for a grave (its top card whole,
 * the others' edges), a pile of servants showing two under the top, a
 * hand's worth, a front's, two of anything else. */
static guint
zone_slots (const DwTableZone *zone)
{
  if (zone->visibility == DW_ZONE_TOP || (zone->visibility == DW_ZONE_HIDDEN && zone->ordered))
    return 1;
  if (zone->in_play && zone->ordered)
    return 3;
  if (zone->visibility == DW_ZONE_OWNER)
    return 5;
  if (zone->visibility == DW_ZONE_PUBLIC && zone->ordered)
    return 1;
  if (zone->in_play && zone->visibility == DW_ZONE_PUBLIC)
    return 5;
  return 2;
}

/* Shows zone @zone of @table, its cards @card_width pixels wide.  The
 * view is as large with no card as with many (they overlap), so the
 * zones never move under the pointer as cards come and go. */
void
dw_zone_view_show_zone (DwZoneView *self,
                        DwTable    *table,
                        guint       zone,
                        int         card_width)
{
  const DwTableState *state = dw_table_get_state (table);
  const DwTableZone *z = dw_table_state_get_zone (state, zone);
  guint n = z->cards->len;
  gboolean pile = z->in_play && z->ordered;
  gboolean readable;
  g_autofree char *name = NULL;
  g_autofree char *count = NULL;

  g_return_if_fail (DW_IS_ZONE_VIEW (self));

  self->zone = zone;
  dw_card_fan_clear (self->fan);
  dw_card_fan_set_orientation (self->fan, pile ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  dw_card_fan_set_slots (self->fan, card_width, dw_card_tile_height_for_width (card_width), zone_slots (z));
  /* The player's hand is read; the goldfish's, face down, counted. */
  readable = !pile && z->visibility == DW_ZONE_OWNER && z->side == DW_SIDE_PLAYER;
  dw_card_fan_set_min_shown (self->fan, readable ? SHOWN_OF_A_COVERED_CARD : 0);
  set_scrolls (self, readable, card_width, dw_card_fan_get_slots_width (self->fan));

  name = dw_table_zone_label (table, zone);
  count = g_strdup_printf ("%u", n);
  g_free (self->title);
  self->title = g_strdup_printf ("%s · %u", name, n);
  gtk_label_set_label (self->heading, name);
  gtk_label_set_label (self->count, count);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, self->title, -1);
  gtk_widget_remove_css_class (GTK_WIDGET (self), "empty");
  if (n == 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "empty");

  if (n == 0)
    return;

  if (z->visibility == DW_ZONE_HIDDEN && z->ordered)
    {
      /* A hidden pile (the deck): its back and how many it holds. */
      GtkWidget *tile = add_tile (self, table, dw_table_state_get_card (state, dw_table_zone_get_top (z)),
                                  FALSE, card_width, z->def_id);
      g_autofree char *count = g_strdup_printf ("%u", n);
      g_autofree char *name = dw_table_zone_label (table, zone);
      g_autofree char *label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %u face-down card",
                                                             "%s: %u face-down cards", n), name, n);

      dw_card_tile_set_marked (DW_CARD_TILE (tile), FALSE);
      dw_card_tile_set_badge (DW_CARD_TILE (tile), count, FALSE);
      dw_card_tile_set_label (DW_CARD_TILE (tile), label);
      return;
    }
  if (z->visibility == DW_ZONE_TOP)
    {
      /* Only the top is seen: the active region of a chapter. */
      const DwTableCard *top = dw_table_state_get_card (state, dw_table_zone_get_top (z));
      GtkWidget *tile = add_tile (self, table, top, TRUE, card_width, z->def_id);

      add_badge (table, DW_CARD_TILE (tile), top);
      return;
    }

  for (guint i = 0; i < n; i++)
    {
      const DwTableCard *card = dw_table_state_get_card (state, g_array_index (z->cards, guint, i));
      /* The engine says what the player may see: the goldfish's hand and
       * a vault lie face down. */
      gboolean face_up = dw_table_card_is_visible (table, card->number);
      GtkWidget *tile = add_tile (self, table, card, face_up, card_width, z->def_id);

      if (face_up && z->in_play)
        add_badge (table, DW_CARD_TILE (tile), card);
    }
}

guint
dw_zone_view_get_zone (DwZoneView *self)
{
  g_return_val_if_fail (DW_IS_ZONE_VIEW (self), 0);
  return self->zone;
}

/* The tile showing card #@number, or NULL. */
GtkWidget *
dw_zone_view_find_tile (DwZoneView *self,
                        guint       number)
{
  g_return_val_if_fail (DW_IS_ZONE_VIEW (self), NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->fan)); child;
       child = gtk_widget_get_next_sibling (child))
    if (dw_card_tile_get_number (DW_CARD_TILE (child)) == number)
      return child;
  return NULL;
}

/* The keyboard focus to the zone's first card, wherever the focus was,
 * in the zone or not; FALSE when the zone holds none. */
gboolean
dw_zone_view_focus_first_card (DwZoneView *self)
{
  GtkWidget *first;

  g_return_val_if_fail (DW_IS_ZONE_VIEW (self), FALSE);

  first = gtk_widget_get_first_child (GTK_WIDGET (self->fan));
  return first != NULL && gtk_widget_grab_focus (first);
}
