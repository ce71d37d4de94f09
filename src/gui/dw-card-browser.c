/* dw-card-browser.c — search, filter and look at the cards of a game
 *
 * The cards of every database of the game flow through one filter: the
 * query typed in the entry (parsed in src/core/dw-query.c) and the quick
 * filters generated from the game definition (dw-quick-filters.c: a
 * drop-down for each enum property, a range for each number), so a new
 * game gets its filters without new code; they are made when first
 * opened.  The selected card is drawn large below the list,
 * as large as the space the player gives it (the pane between them is
 * dragged, and remembered); at narrow widths it folds away behind a
 * button, and the zoom of a row (dw-card-zoom.c) shows it too.
 *
 * The cards follow the library's list of databases, which fills in the
 * background after the window shows: until the first cards of the game
 * arrive the browser says it is loading, and each database that arrives
 * joins the list and widens the number filters.  A browser made while
 * they load also takes its cards only after its first frame: a GTK 4.8
 * column view builds up to 200 rows as soon as it has cards (for the
 * shipped ones, more than the rest of the window costs), and the window
 * should show before that (DESIGN.md §7).
 *
 * What every game shares (the search row, the pane, the empty pages,
 * the count and Add to Considering in a bar under it all, where the
 * button takes no height from the card, and the decks holding the card
 * under its words) is ui/dw-card-browser.ui; the
 * code adds what the game decides: the list's columns and the filters.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "dw-menu-button.h"
#include "dw-card-browser.h"
#include "dw-card-face.h"
#include "dw-card-usage.h"
#include "dw-card-paint.h"
#include "dw-card-search.h"
#include "dw-query.h"
#include "dw-quick-filters.h"
#include "dw-search-mistake.h"

struct _DwCardBrowser
{
  GtkWidget        parent_instance;

  DwLibrary       *library;
  DwGame          *game;
  DwQuery         *query;
  char            *query_error;
  DwQuickFilters  *filters;      /* NULL until first opened; a popover holds it too */
  GListModel      *dbs;          /* the game's databases, as they arrive */
  GListModel      *cards;        /* every card of the game, as they arrive */
  gboolean         listed;       /* the list shows the cards of self->dbs */
  guint            list_source;  /* will list them */
  GdkFrameClock   *paint_clock;  /* whose first paint will list them */

  GtkWidget       *search_row;
  GtkWidget       *loading;      /* shown until the game's first cards */
  GtkEntry        *entry;
  GtkMenuButton   *filters_button;
  GtkToggleButton *face_button;
  GtkLabel        *count;
  GtkPaned        *paned;        /* the list above the card */
  GtkWidget       *face_pane;    /* the card and what it says */
  GtkWidget       *face_frame;   /* the card, as large as it fits */
  GtkWidget       *details;      /* what it says, beside it where there is room */
  GtkWidget       *details_box;  /* its words, then the decks holding it */
  GtkLabel        *details_name;
  GtkLabel        *details_types;
  GtkLabel        *details_stats;
  GtkLabel        *details_text;
  DwCardUsage     *usage;        /* "In 3 of your decks" */
  GtkWidget       *bottom_bar;   /* the count, and Add to Considering */
  GtkWidget       *consider_button;
  gboolean         face_folded;
  guint            fold_source;  /* will fold or unfold the face */
  GSettings       *settings;
  GtkStack        *results;      /* the list, or why it is empty */
  AdwStatusPage   *no_results;
  AdwStatusPage   *query_mistake;
  DwCardList      *list;
  DwCardFace      *face;
  DwCardSearch    *search;       /* the cards shown */
};

G_DEFINE_FINAL_TYPE (DwCardBrowser, dw_card_browser, GTK_TYPE_WIDGET)

enum {
  CARD_ACTIVATED,
  CARD_CONSIDERED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_LIBRARY,
  PROP_GAME,
  PROP_FACE_FOLDED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void dw_card_browser_constructed (GObject *object);

/* The search box's example, made from the game's own properties (its
 * first choice and its cost, else its first number), so every game,
 * one defined only as data too, suggests a search its cards answer. */
static char *
example_search (DwGame *game)
{
  const DwPropertyDef *choice = NULL;
  const DwPropertyDef *number = NULL;
  g_autoptr(GString) query = g_string_new (NULL);

  for (guint i = 0; i < dw_game_get_n_properties (game); i++)
    {
      const DwPropertyDef *def = dw_game_get_property (game, i);

      if (choice == NULL && def->kind == DW_PROPERTY_ENUM && def->values != NULL && def->values[0] != NULL)
        choice = def;
      if (def->kind == DW_PROPERTY_COST || (number == NULL && def->kind == DW_PROPERTY_INT))
        number = number != NULL && number->kind == DW_PROPERTY_COST ? number : def;
    }
  if (choice != NULL)
    {
      g_autofree char *value = g_utf8_strdown (choice->values[0], -1);

      if (strchr (value, ' ') != NULL)
        g_string_append_printf (query, "%s:\"%s\"", choice->id, value);
      else
        g_string_append_printf (query, "%s:%s", choice->id, value);
    }
  if (number != NULL)
    g_string_append_printf (query, "%s%s<=3", query->len > 0 ? " " : "", number->id);
  if (query->len == 0)
    return g_strdup (_("Search the cards"));
  /* The entry's magnifier says "search": the example alone fits a
   * phone's width (issue 21).  TRANSLATORS: %s is a search in the card
   * query language, kept as typed */
  return g_strdup_printf (_("e.g. %s"), query->str);
}

static gboolean
match_card (DwCard   *card,
            gpointer  user_data)
{
  DwCardBrowser *self = user_data;

  return (self->query == NULL || dw_query_matches (self->query, card)) &&
         (self->filters == NULL || dw_quick_filters_passes (self->filters, card));
}

static void
update_count (DwCardBrowser *self)
{
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->search));
  guint all = g_list_model_get_n_items (self->cards);
  g_autofree char *text = NULL;

  if (dw_library_is_loading_card_dbs (self->library))
    text = g_strdup_printf (_("%u of %u cards; more are loading"), shown, all);
  else
    text = g_strdup_printf (_("%u of %u cards"), shown, all);
  gtk_label_set_text (self->count, text);
}

/* The list, or a page saying why it shows nothing: a search that
 * cannot be read (where it goes wrong), or one no card matches. */
static void
update_results_page (DwCardBrowser *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entry));

  if (self->query_error != NULL)
    gtk_stack_set_visible_child (self->results, GTK_WIDGET (self->query_mistake));
  else if (self->listed && g_list_model_get_n_items (G_LIST_MODEL (self->search)) == 0 &&
           g_list_model_get_n_items (self->cards) > 0)
    {
      g_autofree char *description = *text
        ? g_markup_printf_escaped (_("No card matches “%s” with the filters set."), text)
        : g_markup_escape_text (_("No card passes the filters set."), -1);

      adw_status_page_set_description (self->no_results, description);
      gtk_stack_set_visible_child (self->results, GTK_WIDGET (self->no_results));
    }
  else
    gtk_stack_set_visible_child (self->results, GTK_WIDGET (self->list));
}

static void
show_query_error (DwCardBrowser *self,
                  const GError  *error)
{
  g_clear_pointer (&self->query_error, g_free);
  if (error != NULL)
    self->query_error = g_strdup (error->message);
  dw_search_mistake_show (self->entry, self->query_mistake, error, dw_query_error_get_span);
  update_results_page (self);
}

static void
on_query_changed_cb (DwCardBrowser *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  g_autoptr(GError) error = NULL;
  DwQuery *query = dw_query_parse (self->game, text, &error);
  DwCardSearchChange change = DW_CARD_SEARCH_DIFFERENT;

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
        change = DW_CARD_SEARCH_NARROWER;
        break;
      case DW_QUERY_WIDER:
        change = DW_CARD_SEARCH_WIDER;
        break;
      case DW_QUERY_DIFFERENT:
      default:
        break;
      }

  g_clear_pointer (&self->query, dw_query_unref);
  self->query = query;
  dw_card_search_changed (self->search, change);
}

static void
on_quick_filter_changed_cb (DwCardBrowser *self)
{
  dw_card_search_changed (self->search, DW_CARD_SEARCH_DIFFERENT);
}

#define FACE_PANE_SPACING 18

/* The card's pane lays out the card and, beside it, its words. */
static void
measure_face_pane (GtkWidget      *pane,
                   GtkOrientation  orientation,
                   int             for_size,
                   int            *minimum,
                   int            *natural,
                   int            *minimum_baseline,
                   int            *natural_baseline)
{
  guint n = 0;

  *minimum = *natural = 0;
  for (GtkWidget *child = gtk_widget_get_first_child (pane); child; child = gtk_widget_get_next_sibling (child))
    {
      int child_min, child_nat;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, orientation, -1, &child_min, &child_nat, NULL, NULL);
      if (orientation == GTK_ORIENTATION_HORIZONTAL)
        {
          *minimum += child_min + (n > 0 ? FACE_PANE_SPACING : 0);
          *natural += child_nat + (n > 0 ? FACE_PANE_SPACING : 0);
        }
      else
        {
          *minimum = MAX (*minimum, child_min);
          *natural = MAX (*natural, child_nat);
        }
      n++;
    }
}

/* The card is as wide as the pane's height draws it (it was 230 of 860
 * px, centred in the pane's width), and its words take the rest; alone,
 * on a phone, it has the whole pane.  Measured for no particular
 * height, so the card's width never feeds back into the window's. */
static void
allocate_face_pane (GtkWidget *pane,
                    int        width,
                    int        height,
                    int        baseline)
{
  GtkWidget *frame = gtk_widget_get_first_child (pane);
  GtkWidget *details = gtk_widget_get_next_sibling (frame);
  int frame_width = width;

  if (details != NULL && gtk_widget_should_layout (details))
    {
      int details_min;

      gtk_widget_measure (details, GTK_ORIENTATION_HORIZONTAL, -1, &details_min, NULL, NULL, NULL);
      frame_width = (int) (height * DW_CARD_PAINT_LARGE_WIDTH / DW_CARD_PAINT_LARGE_HEIGHT);
      frame_width = MAX (0, MIN (frame_width, width - FACE_PANE_SPACING - details_min));
      gtk_widget_size_allocate (details,
                                &(GtkAllocation) { frame_width + FACE_PANE_SPACING, 0,
                                                   width - frame_width - FACE_PANE_SPACING, height }, -1);
    }
  gtk_widget_size_allocate (frame, &(GtkAllocation) { 0, 0, frame_width, height }, -1);
}

/* Draws @card (NULL for none) large, and says beside it what it says:
 * the card's own words in the window's type, readable at any size of
 * the face. */
static void
show_on_face (DwCardBrowser *self,
              DwCard        *card)
{
  g_autofree char *types = card ? dw_card_paint_type_line (card) : NULL;
  g_autofree char *stats = card ? dw_card_paint_stats_line (self->game, card) : NULL;
  g_autofree char *text = card ? dw_card_paint_rules_text (card) : NULL;

  dw_card_face_set_card (self->face, self->game, card);
  gtk_label_set_text (self->details_name, card ? dw_card_get_name (card) : "");
  gtk_label_set_text (self->details_types, types ? types : "");
  gtk_label_set_text (self->details_stats, stats ? stats : "");
  gtk_label_set_text (self->details_text, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->details_stats), stats != NULL && *stats != '\0');
  gtk_widget_set_visible (GTK_WIDGET (self->details_text), text != NULL && *text != '\0');
  dw_card_usage_set_card (self->usage, self->library, card);
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
    show_on_face (self, card);
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

/* Folded, the card face hides behind a toggle rather than take the
 * list's room; the toggle brings it back below the list.  The button
 * that keeps the card beside the deck shows with it: it acts on the
 * card drawn, which should be in sight. */
/* "In 3 of your decks" sits under the card's words, beside the card,
 * where it takes none of the card's height; folded, the words are gone
 * and it joins the count in the bottom bar.  A phone's bar has room for
 * two of the three (the count, the decks, Add to Considering): while
 * the card shows, the count makes way. */
static void
place_usage (DwCardBrowser *self,
             gboolean       card_shown)
{
  GtkWidget *usage = GTK_WIDGET (self->usage);
  GtkWidget *home = self->face_folded ? self->bottom_bar : self->details_box;

  if (gtk_widget_get_parent (usage) != home)
    {
      g_object_ref (usage);
      gtk_box_remove (GTK_BOX (gtk_widget_get_parent (usage)), usage);
      if (self->face_folded)
        gtk_box_insert_child_after (GTK_BOX (home), usage, GTK_WIDGET (self->count));
      else
        gtk_box_append (GTK_BOX (home), usage);
      gtk_widget_set_margin_top (usage, self->face_folded ? 0 : 6);
      g_object_unref (usage);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->count), !(self->face_folded && card_shown));
}

static void
update_face_pane (DwCardBrowser *self)
{
  gboolean shown = !self->face_folded || gtk_toggle_button_get_active (self->face_button);

  gtk_widget_set_visible (GTK_WIDGET (self->face_button), self->face_folded);
  gtk_widget_set_visible (self->face_pane, shown);
  /* A phone's width is the card's alone; wider, the card keeps to the
   * side of its words. */
  gtk_widget_set_visible (self->details, !self->face_folded);
  gtk_widget_set_visible (self->consider_button, shown);
  place_usage (self, shown);
}

static gboolean
fold_face_cb (gpointer user_data)
{
  DwCardBrowser *self = user_data;

  self->fold_source = 0;
  update_face_pane (self);
  return G_SOURCE_REMOVE;
}

/* The pane was dragged: its height is kept for the next window.  A
 * position the paned was pushed to by a window too small for it (its
 * limits) is not the player's choice and is not kept. */
static void
on_pane_moved_cb (DwCardBrowser *self)
{
  int position = gtk_paned_get_position (self->paned);
  int min, max;

  g_object_get (self->paned, "min-position", &min, "max-position", &max, NULL);
  if (position > min && position < max && gtk_widget_get_visible (self->face_pane) &&
      position != g_settings_get_int (self->settings, "browser-list-height"))
    g_settings_set_int (self->settings, "browser-list-height", position);
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

/* Control+M or the button beside the count: the card shown (the one picked
 * in the list, or in the deck) goes beside the deck, to Considering. */
static void
consider_shown_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  DwCardBrowser *self = DW_CARD_BROWSER (widget);
  DwCard *card = dw_card_face_get_card (self->face);

  if (card != NULL)
    g_signal_emit (self, signals[CARD_CONSIDERED], 0, card);
}

/* Down in the search: the first card shown (or the one picked) is
 * selected and focused, so + adds it at once. */
static void
focus_results_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  DwCardBrowser *self = DW_CARD_BROWSER (widget);
  GtkColumnView *view = dw_card_list_get_view (self->list);
  GtkSelectionModel *selection = gtk_column_view_get_model (view);
  guint position = gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (selection));

  if (g_list_model_get_n_items (G_LIST_MODEL (selection)) == 0)
    return;
  if (position == GTK_INVALID_LIST_POSITION)
    position = 0;
  dw_card_list_select (self->list, position);
  gtk_widget_activate_action (GTK_WIDGET (view), "list.scroll-to-item", "u", position);
  gtk_widget_grab_focus (GTK_WIDGET (view));
}

/* Every quick filter back to "any", in one change of the list. */
static void
reset_filters_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  DwCardBrowser *self = DW_CARD_BROWSER (widget);

  if (self->filters != NULL)
    dw_quick_filters_reset (self->filters);
  dw_card_search_changed (self->search, DW_CARD_SEARCH_WIDER);
}

static gboolean
is_db_of_game (gpointer item,
               gpointer user_data)
{
  return dw_card_db_get_game (item) == user_data;
}

/* The databases of @game, as a model that follows the library: a
 * database read after the browser was made joins it. */
static GListModel *
dbs_of_game (DwLibrary *library,
             DwGame    *game)
{
  GtkCustomFilter *mine = gtk_custom_filter_new (is_db_of_game, game, NULL);

  return G_LIST_MODEL (gtk_filter_list_model_new (g_object_ref (dw_library_get_card_dbs (library)),
                                                  GTK_FILTER (mine)));
}

/* The filters are made when first opened: until then they filter
 * nothing, and making them (a drop-down and a pair of spin buttons a
 * property) was part of the wait for the window's first frame. */
static void
create_filters_cb (GtkMenuButton *button,
                   gpointer       user_data)
{
  DwCardBrowser *self = user_data;
  GtkWidget *popover;

  if (gtk_menu_button_get_popover (button) != NULL)
    return;

  popover = gtk_popover_new ();
  self->filters = g_object_ref (DW_QUICK_FILTERS (dw_quick_filters_new (self->game)));
  g_signal_connect_object (self->filters, "changed", G_CALLBACK (on_quick_filter_changed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_popover_set_child (GTK_POPOVER (popover), GTK_WIDGET (self->filters));
  gtk_menu_button_set_popover (button, popover);
  dw_quick_filters_widen (self->filters, self->cards, 0, g_list_model_get_n_items (self->cards));
}

/* The face follows the search: it keeps the card it shows while the
 * results hold it, else shows the first result (something to look at
 * before anything is picked), and nothing when nothing matches, never a
 * card the search has filtered out. */
static void
follow_results (DwCardBrowser *self)
{
  GListModel *shown = dw_card_list_get_model (self->list);
  DwCard *card = dw_card_face_get_card (self->face);
  g_autoptr(DwCard) first = NULL;

  if (card != NULL && match_card (card, self))
    return;
  if (g_list_model_get_n_items (shown) > 0)
    first = g_list_model_get_item (shown, 0);
  show_on_face (self, first);
}

/* The loading page stands in for the search and the list until the
 * game's first cards are in; then they stay, and the count says more
 * are coming while the library still loads. */
static void
update_loading (DwCardBrowser *self)
{
  gboolean loading = dw_library_is_loading_card_dbs (self->library);
  gboolean waiting = !self->listed || (loading && g_list_model_get_n_items (self->cards) == 0);

  gtk_widget_set_visible (self->loading, waiting);
  gtk_widget_set_visible (self->search_row, !waiting);
  gtk_widget_set_visible (GTK_WIDGET (self->paned), !waiting);
  gtk_widget_set_visible (self->bottom_bar, !waiting);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_BUSY, waiting || loading, -1);
  update_count (self);
}

static gboolean
list_cards_cb (gpointer user_data)
{
  DwCardBrowser *self = user_data;

  self->list_source = 0;
  self->listed = TRUE;
  dw_card_search_set_dbs (self->search, self->dbs);
  update_loading (self);
  return G_SOURCE_REMOVE;
}

/* The frame is on screen: the list fills in, though not inside the
 * frame clock's signal, where whoever else waits on this frame would
 * wait for it too. */
static void
on_first_paint_cb (GdkFrameClock *clock,
                   DwCardBrowser *self)
{
  g_signal_handlers_disconnect_by_data (self->paint_clock, self);
  g_clear_object (&self->paint_clock);
  if (self->list_source == 0)
    self->list_source = g_idle_add_full (G_PRIORITY_DEFAULT, list_cards_cb, self, NULL);
}

static void
dw_card_browser_map (GtkWidget *widget)
{
  DwCardBrowser *self = DW_CARD_BROWSER (widget);

  GTK_WIDGET_CLASS (dw_card_browser_parent_class)->map (widget);

  if (!self->listed && self->list_source == 0 && self->paint_clock == NULL)
    {
      self->paint_clock = g_object_ref (gtk_widget_get_frame_clock (widget));
      g_signal_connect (self->paint_clock, "after-paint", G_CALLBACK (on_first_paint_cb), self);
    }
}

static void
dw_card_browser_unmap (GtkWidget *widget)
{
  DwCardBrowser *self = DW_CARD_BROWSER (widget);

  if (self->paint_clock != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->paint_clock, self);
      g_clear_object (&self->paint_clock);
    }

  GTK_WIDGET_CLASS (dw_card_browser_parent_class)->unmap (widget);
}

static void
on_cards_changed_cb (GListModel    *cards,
                     guint          position,
                     guint          removed,
                     guint          added,
                     DwCardBrowser *self)
{
  /* Databases are only ever added; should one go, the ranges are read
   * again from every card. */
  if (self->filters != NULL && removed > 0)
    {
      dw_quick_filters_forget_ranges (self->filters);
      dw_quick_filters_widen (self->filters, cards, 0, g_list_model_get_n_items (cards));
    }
  else if (self->filters != NULL)
    dw_quick_filters_widen (self->filters, cards, position, added);

  update_loading (self);
}

static void
dw_card_browser_dispose (GObject *object)
{
  DwCardBrowser *self = DW_CARD_BROWSER (object);

  if (self->library != NULL)
    g_signal_handlers_disconnect_by_data (self->library, self);
  if (self->cards != NULL)
    g_signal_handlers_disconnect_by_data (self->cards, self);
  if (self->paint_clock != NULL)
    g_signal_handlers_disconnect_by_data (self->paint_clock, self);
  g_clear_object (&self->paint_clock);
  g_clear_handle_id (&self->list_source, g_source_remove);
  g_clear_handle_id (&self->fold_source, g_source_remove);
  g_clear_object (&self->filters);

  gtk_widget_dispose_template (GTK_WIDGET (self), DW_TYPE_CARD_BROWSER);

  g_clear_object (&self->search);
  g_clear_object (&self->settings);
  g_clear_object (&self->cards);
  g_clear_object (&self->dbs);
  g_clear_pointer (&self->query, dw_query_unref);
  g_clear_pointer (&self->query_error, g_free);
  g_clear_object (&self->library);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (dw_card_browser_parent_class)->dispose (object);
}

static void
dw_card_browser_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  DwCardBrowser *self = DW_CARD_BROWSER (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      g_value_set_object (value, self->library);
      break;
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_FACE_FOLDED:
      g_value_set_boolean (value, self->face_folded);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_card_browser_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  DwCardBrowser *self = DW_CARD_BROWSER (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      self->library = g_value_dup_object (value);
      break;
    case PROP_GAME:
      self->game = g_value_dup_object (value);
      break;
    case PROP_FACE_FOLDED:
      dw_card_browser_set_face_folded (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_card_browser_class_init (DwCardBrowserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = dw_card_browser_constructed;
  object_class->dispose = dw_card_browser_dispose;
  object_class->get_property = dw_card_browser_get_property;
  object_class->set_property = dw_card_browser_set_property;

  /* Where the cards come from, and which game's they are: both are
   * needed to make the list, so they are given at construction. */
  properties[PROP_LIBRARY] =
    g_param_spec_object ("library", NULL, NULL, DW_TYPE_LIBRARY,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, DW_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* Whether the card face is folded away behind a button, as in a
   * window too narrow for the list and the deck side by side. */
  properties[PROP_FACE_FOLDED] =
    g_param_spec_boolean ("face-folded", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  widget_class->map = dw_card_browser_map;
  widget_class->unmap = dw_card_browser_unmap;

  /* The player wants this card in the deck. */
  signals[CARD_ACTIVATED] =
    g_signal_new ("card-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, DW_TYPE_CARD);

  /* The player wants this card beside the deck, in Considering. */
  signals[CARD_CONSIDERED] =
    g_signal_new ("card-considered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, DW_TYPE_CARD);

  gtk_widget_class_install_action (widget_class, "browser.add-selected", NULL, add_selected_action);
  gtk_widget_class_install_action (widget_class, "browser.consider-shown", NULL, consider_shown_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, GDK_CONTROL_MASK, "browser.consider-shown", NULL);
  gtk_widget_class_install_action (widget_class, "browser.reset-filters", NULL, reset_filters_action);
  gtk_widget_class_install_action (widget_class, "browser.focus-results", NULL, focus_results_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "browser.add-selected", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "browser.add-selected", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "cardbrowser");

  g_type_ensure (DW_TYPE_CARD_FACE);
  g_type_ensure (DW_TYPE_CARD_USAGE);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deckwright/Deckwright/dw-card-browser.ui");
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, search_row);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, loading);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, entry);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, filters_button);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, face_button);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, paned);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, results);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, no_results);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, query_mistake);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, face_pane);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, face_frame);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, details);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, details_name);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, details_types);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, details_stats);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, details_text);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, details_box);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, usage);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, face);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, bottom_bar);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, count);
  gtk_widget_class_bind_template_child (widget_class, DwCardBrowser, consider_button);
  gtk_widget_class_bind_template_callback (widget_class, on_query_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_entry_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, update_face_pane);
}

static void
dw_card_browser_init (DwCardBrowser *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  gtk_widget_init_template (GTK_WIDGET (self));
  dw_menu_button_quiet_while_open (self->filters_button);
}

/* What the template cannot know: the game's cards, the list with the
 * game's columns, the search's example, the filters made when opened,
 * and the height the player last gave the list. */
static void
dw_card_browser_constructed (GObject *object)
{
  DwCardBrowser *self = DW_CARD_BROWSER (object);
  g_autofree char *placeholder = NULL;

  G_OBJECT_CLASS (dw_card_browser_parent_class)->constructed (object);

  g_return_if_fail (DW_IS_LIBRARY (self->library));
  g_return_if_fail (DW_IS_GAME (self->game));

  self->dbs = dbs_of_game (self->library, self->game);
  self->cards = G_LIST_MODEL (gtk_flatten_list_model_new (g_object_ref (self->dbs)));

  placeholder = example_search (self->game);
  gtk_entry_set_placeholder_text (self->entry, placeholder);
  gtk_menu_button_set_create_popup_func (self->filters_button, create_filters_cb, self, NULL);

  /* Made while the databases load, the list takes its cards after the
   * browser's first frame (list_cards()); else at once. */
  self->listed = !dw_library_is_loading_card_dbs (self->library);
  self->search = dw_card_search_new (self->listed ? self->dbs : NULL, match_card, self);
  g_signal_connect_swapped (self->search, "items-changed", G_CALLBACK (update_count), self);
  g_signal_connect_swapped (self->search, "items-changed", G_CALLBACK (update_results_page), self);

  self->settings = g_settings_new (APPLICATION_ID);
  gtk_paned_set_position (self->paned, g_settings_get_int (self->settings, "browser-list-height"));
  g_signal_connect_swapped (self->paned, "notify::position", G_CALLBACK (on_pane_moved_cb), self);

  self->list = DW_CARD_LIST (dw_card_list_new (self->game, G_LIST_MODEL (self->search)));
  gtk_widget_set_hexpand (GTK_WIDGET (self->list), TRUE);
  g_signal_connect (self->list, "card-activated", G_CALLBACK (on_card_activated_cb), self);
  g_signal_connect_swapped (self->list, "notify::selected-card", G_CALLBACK (on_selected_card_cb), self);
  gtk_stack_add_child (self->results, GTK_WIDGET (self->list));
  gtk_stack_set_visible_child (self->results, GTK_WIDGET (self->list));

  gtk_widget_set_layout_manager (self->face_pane,
                                 gtk_custom_layout_new (NULL, measure_face_pane, allocate_face_pane));
  gtk_aspect_frame_set_ratio (GTK_ASPECT_FRAME (self->face_frame),
                              DW_CARD_PAINT_LARGE_WIDTH / DW_CARD_PAINT_LARGE_HEIGHT);
  update_face_pane (self);

  /* After the list's own models, so they have the new cards first. */
  g_signal_connect (self->cards, "items-changed", G_CALLBACK (on_cards_changed_cb), self);
  /* Whenever the list changes (a database arrives, the list fills in),
   * not when the list of all cards does: the search hears of a new
   * database after it. */
  g_signal_connect_swapped (self->search, "items-changed", G_CALLBACK (follow_results), self);
  g_signal_connect_object (self->library, "notify::loading-card-dbs", G_CALLBACK (update_loading), self,
                           G_CONNECT_SWAPPED);
  update_loading (self);
  follow_results (self);
}

GtkWidget *
dw_card_browser_new (DwLibrary *library,
                     DwGame    *game)
{
  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);
  g_return_val_if_fail (DW_IS_GAME (game), NULL);

  return g_object_new (DW_TYPE_CARD_BROWSER, "library", library, "game", game, NULL);
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

/* TRUE while the loading page stands in for the list: the game has no
 * cards yet and databases are still being read. */
gboolean
dw_card_browser_is_loading (DwCardBrowser *self)
{
  g_return_val_if_fail (DW_IS_CARD_BROWSER (self), FALSE);
  return gtk_widget_get_visible (self->loading);
}

guint
dw_card_browser_get_n_shown (DwCardBrowser *self)
{
  g_return_val_if_fail (DW_IS_CARD_BROWSER (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->search));
}

/* Draws @card large, wherever the player picked it (a deck row too). */
void
dw_card_browser_show_card (DwCardBrowser *self,
                           DwCard        *card)
{
  g_return_if_fail (DW_IS_CARD_BROWSER (self));
  show_on_face (self, card);
}

GtkEntry *
dw_card_browser_get_entry (DwCardBrowser *self)
{
  g_return_val_if_fail (DW_IS_CARD_BROWSER (self), NULL);
  return self->entry;
}

/* Folds the card face away behind a button (@folded), or shows it
 * below the list.  Told while the window lays itself out (a leaflet
 * folding), so it takes effect after. */
void
dw_card_browser_set_face_folded (DwCardBrowser *self,
                                 gboolean       folded)
{
  g_return_if_fail (DW_IS_CARD_BROWSER (self));

  folded = !!folded;
  if (self->face_folded == folded)
    return;
  self->face_folded = folded;
  if (self->fold_source == 0)
    self->fold_source = g_idle_add (fold_face_cb, self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FACE_FOLDED]);
}

gboolean
dw_card_browser_get_face_folded (DwCardBrowser *self)
{
  g_return_val_if_fail (DW_IS_CARD_BROWSER (self), FALSE);
  return self->face_folded;
}

/* "In 3 of your decks", under the card drawn. */
DwCardUsage *
dw_card_browser_get_usage (DwCardBrowser *self)
{
  g_return_val_if_fail (DW_IS_CARD_BROWSER (self), NULL);
  return self->usage;
}

/* The card drawn large below the list. */
DwCardFace *
dw_card_browser_get_face (DwCardBrowser *self)
{
  g_return_val_if_fail (DW_IS_CARD_BROWSER (self), NULL);
  return self->face;
}
