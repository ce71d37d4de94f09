/* dw-card-browser.c — search, filter and look at the cards of a game
 *
 * The cards of every database of the game flow through one filter: the
 * query typed in the entry (parsed in src/core/dw-query.c) and the quick
 * filters generated from the game definition — a drop-down for each enum
 * property, a range for each number — so a new game gets its filters
 * without new code.  The selected card is drawn large below the list,
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
 * button takes no height from the card) is ui/dw-card-browser.ui; the
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

typedef struct
{
  const DwPropertyDef *def;
  GtkDropDown         *choice;   /* enums: 0 is "any" */
  GtkWidget           *label;    /* numbers: hidden while all cards agree */
  GtkSpinButton       *low;
  GtkSpinButton       *high;
  gint64               min;      /* over the cards so far */
  gint64               max;
  gboolean             any;      /* whether any card has a value */
} QuickFilter;

struct _DwCardBrowser
{
  GtkWidget        parent_instance;

  DwLibrary       *library;
  DwGame          *game;
  DwQuery         *query;
  char            *query_error;
  GArray          *quick;        /* QuickFilter */
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
  GtkWidget       *range_heading[3];  /* "From" and "To" above the ranges */
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

/* Numbers and costs get a range; a cost that is not a number (X, S)
 * passes only while its range is left whole. */
static gboolean
is_number (const DwPropertyDef *def)
{
  return def->kind == DW_PROPERTY_INT || def->kind == DW_PROPERTY_COST;
}

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
  /* TRANSLATORS: %s is a search in the card query language, kept as typed */
  return g_strdup_printf (_("Search, e.g. %s"), query->str);
}

static gboolean
match_card (DwCard   *card,
            gpointer  user_data)
{
  DwCardBrowser *self = user_data;

  return (self->query == NULL || dw_query_matches (self->query, card)) &&
         passes_quick_filters (self, card);
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
      update_results_page (self);
      return;
    }

  self->query_error = g_strdup (error->message);
  gtk_widget_add_css_class (GTK_WIDGET (self->entry), "error");
  gtk_entry_set_icon_from_icon_name (self->entry, GTK_ENTRY_ICON_SECONDARY, "dialog-warning-symbolic");
  gtk_entry_set_icon_tooltip_text (self->entry, GTK_ENTRY_ICON_SECONDARY, error->message);

  /* Underline the part of the query that is wrong, where it is, and
   * say where in words. */
  if (dw_query_error_get_span (error, &start, &end))
    {
      g_autofree char *description = NULL;

      glong length = g_utf8_strlen (text, -1);
      const char *from = g_utf8_offset_to_pointer (text, MIN ((glong) start, length));
      const char *to = g_utf8_offset_to_pointer (text, MIN ((glong) MAX (end, start + 1), length));
      PangoAttribute *underline = pango_attr_underline_new (PANGO_UNDERLINE_ERROR);

      underline->start_index = (guint) (from - text);
      underline->end_index = (guint) (to - text);
      pango_attr_list_insert (attributes, underline);
      description = g_markup_printf_escaped (_("At character %u of “%s”: %s"), MIN ((guint) length, start) + 1,
                                             text, error->message);
      adw_status_page_set_description (self->query_mistake, description);
    }
  else
    {
      g_autofree char *description = g_markup_escape_text (error->message, -1);

      adw_status_page_set_description (self->query_mistake, description);
    }
  gtk_entry_set_attributes (self->entry, attributes);

  gtk_accessible_update_state (GTK_ACCESSIBLE (self->entry),
                               GTK_ACCESSIBLE_STATE_INVALID, GTK_ACCESSIBLE_INVALID_TRUE, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->entry),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, error->message, -1);
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

  for (guint i = 0; i < self->quick->len; i++)
    {
      QuickFilter *quick = &g_array_index (self->quick, QuickFilter, i);
      GObject *controls[] = { G_OBJECT (quick->choice), G_OBJECT (quick->low), G_OBJECT (quick->high) };

      for (guint c = 0; c < G_N_ELEMENTS (controls); c++)
        if (controls[c] != NULL)
          g_signal_handlers_block_by_func (controls[c], on_quick_filter_changed_cb, self);
      if (quick->choice != NULL)
        gtk_drop_down_set_selected (quick->choice, 0);
      else
        {
          gtk_spin_button_set_value (quick->low, (double) quick->min);
          gtk_spin_button_set_value (quick->high, (double) quick->max);
        }
      for (guint c = 0; c < G_N_ELEMENTS (controls); c++)
        if (controls[c] != NULL)
          g_signal_handlers_unblock_by_func (controls[c], on_quick_filter_changed_cb, self);
    }
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

/* A number filter's range became @quick->min to @quick->max.  One the
 * player left at the whole range stays at the whole range; one narrowed
 * keeps its values.  Either way no card it let through changes, so the
 * list is not filtered again.  A filter all cards agree on is hidden. */
static void
apply_range (DwCardBrowser *self,
             QuickFilter   *quick,
             gboolean       was_any,
             gint64         old_min,
             gint64         old_max)
{
  gboolean whole = !was_any ||
                   ((gint64) gtk_spin_button_get_value (quick->low) <= old_min &&
                    (gint64) gtk_spin_button_get_value (quick->high) >= old_max);
  gboolean useful = quick->any && quick->min != quick->max;

  g_signal_handlers_block_by_func (quick->low, on_quick_filter_changed_cb, self);
  g_signal_handlers_block_by_func (quick->high, on_quick_filter_changed_cb, self);
  gtk_spin_button_set_range (quick->low, (double) quick->min, (double) quick->max);
  gtk_spin_button_set_range (quick->high, (double) quick->min, (double) quick->max);
  if (whole)
    {
      gtk_spin_button_set_value (quick->low, (double) quick->min);
      gtk_spin_button_set_value (quick->high, (double) quick->max);
    }
  g_signal_handlers_unblock_by_func (quick->low, on_quick_filter_changed_cb, self);
  g_signal_handlers_unblock_by_func (quick->high, on_quick_filter_changed_cb, self);

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

/* Widens the number filters to the @n cards from @position: only the
 * cards that arrived are read, which matters when 100,000 do. */
static void
widen_ranges (DwCardBrowser *self,
              guint          position,
              guint          n)
{
  g_autofree gint64 *old = NULL;
  g_autofree gboolean *was_any = NULL;
  gboolean numbers = FALSE;

  /* None until the filters are first opened; maybe none of numbers. */
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
      g_autoptr(DwCard) card = g_list_model_get_item (self->cards, i);

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

/* The quick filters, one row a property, made from the game definition;
 * the number ranges come from the cards as they arrive (widen_ranges()). */
static GtkWidget *
build_quick_filters (DwCardBrowser *self)
{
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());
  g_autoptr(GStrvBuilder) type_names = g_strv_builder_new ();
  g_auto(GStrv) types = NULL;
  GtkWidget *reset;
  int row = 0;

  gtk_grid_set_row_spacing (grid, 6);
  gtk_grid_set_column_spacing (grid, 12);

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
          g_signal_connect_swapped (quick.choice, "notify::selected",
                                    G_CALLBACK (on_quick_filter_changed_cb), self);
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
          g_signal_connect_swapped (quick.low, "value-changed", G_CALLBACK (on_quick_filter_changed_cb), self);
          g_signal_connect_swapped (quick.high, "value-changed", G_CALLBACK (on_quick_filter_changed_cb), self);
          gtk_grid_attach (grid, GTK_WIDGET (quick.low), 1, row, 1, 1);
          gtk_grid_attach (grid, GTK_WIDGET (quick.high), 2, row, 1, 1);
        }

      g_array_append_val (self->quick, quick);
      row++;
    }

  reset = gtk_button_new_with_mnemonic (_("_Reset Filters"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (reset), "browser.reset-filters");
  gtk_widget_set_margin_top (reset, 6);
  gtk_grid_attach (grid, reset, 0, row, 3, 1);
  return GTK_WIDGET (grid);
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
  gtk_popover_set_child (GTK_POPOVER (popover), build_quick_filters (self));
  gtk_menu_button_set_popover (button, popover);
  widen_ranges (self, 0, g_list_model_get_n_items (self->cards));
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
  if (removed > 0)
    {
      for (guint q = 0; q < self->quick->len; q++)
        g_array_index (self->quick, QuickFilter, q).any = FALSE;
      widen_ranges (self, 0, g_list_model_get_n_items (cards));
    }
  else
    widen_ranges (self, position, added);

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
dw_card_browser_finalize (GObject *object)
{
  DwCardBrowser *self = DW_CARD_BROWSER (object);

  g_array_unref (self->quick);

  G_OBJECT_CLASS (dw_card_browser_parent_class)->finalize (object);
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
  object_class->finalize = dw_card_browser_finalize;
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
  self->quick = g_array_new (FALSE, TRUE, sizeof (QuickFilter));
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
