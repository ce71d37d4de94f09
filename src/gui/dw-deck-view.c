/* dw-deck-view.c — the deck being built
 *
 * Every section of the game, its cards grouped (by type, cost or any
 * enum property the game defines) and sorted (by name, cost or count) as
 * the player chose, with counts and the format's target; shown as rows
 * with buttons to add or take a copy (drag and drop in and between
 * sections), as the decklist a player writes, or as a grid of faces.
 * Sections that keep an order (Arcmage's regions) are never regrouped
 * or resorted: their order is a rule.  The problems of the current format
 * are counted in a bar that opens them in a popover, so the cards never
 * move.  The view never judges a deck itself: it asks
 * dw_library_validate_deck() after every change and shows the answer.
 * Edits go through DwDeckHistory so each can be undone.
 *
 * A deck may open while the card databases still load in the background;
 * until its cards are in, the view says it is waiting rather than call
 * them unknown, and checks the deck again as each database arrives.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "dw-menu-button.h"
#include "dw-card-zoom.h"
#include "dw-deck-considering.h"
#include "dw-deck-details.h"
#include "dw-deck-tile.h"
#include "dw-deck-view.h"
#include "dw-validate.h"

typedef struct
{
  const DwSectionDef *def;
  GtkListBox         *box;
  GtkLabel           *count;
  GtkLabel           *grid_count;
  GtkBox             *grid_box;    /* a heading and a grid of faces per group */
  GPtrArray          *grids;       /* GtkGridView */
  GPtrArray          *filters;     /* GtkFilter of each grid's group */
  GPtrArray          *headings;    /* GtkLabel of each group */
  char               *groups;      /* the groups the grids were made for */
  GtkSortListModel   *sorted;
} SectionView;

/* What a grid of faces holds: one group of a section. */
typedef struct
{
  DwDeckView *view;
  int         order;
  char       *value;
} GroupFilter;

/* What a group is made of, for one entry: groups come in @order, and
 * within an order (costs that are no numbers) by @label. */
typedef struct
{
  int         order;
  const char *value;   /* the card's value, or NULL */
} GroupKey;

struct _DwDeckView
{
  GtkWidget       parent_instance;

  DwLibrary      *library;
  DwGame         *game;
  DwDeckHistory  *history;
  DwDeck         *deck;
  GListStore     *problems;    /* DwProblem */
  GHashTable     *marked;      /* DwDeckEntry → the message shown on its row */
  GArray         *sections;    /* SectionView */

  GSettings      *settings;
  char           *group_by;    /* "type", "cost", or an enum property's id */
  char           *sort_by;     /* "name", "cost" or "count" */
  char           *view_mode;   /* "list", "text" or "grid" */
  const DwPropertyDef *cost;   /* the game's cost property, or NULL */

  /* Template children */
  GtkWidget      *layout;
  GtkScrolledWindow *scroller;
  GMenu          *group_section;
  GMenu          *sort_section;
  AdwBin         *details_slot;
  GtkStack       *view_stack;
  GtkBox         *list_sections;
  GtkBox         *grid_sections;
  GtkTextView    *text_view;
  GtkListBox     *problem_box;
  GtkMenuButton  *problems_button;
  GtkMenuButton  *order_button;
  GtkPopover     *problems_popover;
  GtkImage       *problems_icon;
  GtkLabel       *problems_summary;
  GtkWidget      *problems_none;
  GtkWidget      *problems_waiting;

  GtkSizeGroup   *detail_group;   /* the cost column and its heading */
  GtkSizeGroup   *buttons_group;  /* the row buttons and the space above them */
  GtkWidget      *considering_menu;  /* a row's menu: to Considering or back */
  gboolean        syncing;     /* selections being copied between views */
  guint           grids_source;  /* the grids made again once the models agree */
  guint           resort_source;
  guint           headers_source;  /* the new headers put before their rows */
  gboolean        grids_refilter;
  gboolean        show_problems_when_mapped;
  gboolean        waiting;     /* for cards still loading */
};

G_DEFINE_FINAL_TYPE (DwDeckView, dw_deck_view, GTK_TYPE_WIDGET)

enum {
  ENTRY_SELECTED,
  VALIDATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void resort       (DwDeckView *self);
static void update_text  (DwDeckView *self);
static void queue_grids_update (DwDeckView *self,
                                gboolean    refilter);

enum {
  PROP_0,
  PROP_WAITING_FOR_CARDS,
  PROP_GROUP_BY,
  PROP_SORT_BY,
  PROP_VIEW_MODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static DwFormat *
current_format (DwDeckView *self)
{
  g_autoptr(GError) error = NULL;
  DwFormat *format = dw_library_format_for_deck (self->library, self->deck, NULL, &error);

  return format ? format : dw_game_get_default_format (self->game);
}

static int
type_index (DwGame      *game,
            DwDeckEntry *entry)
{
  DwCard *card = dw_deck_entry_get_card (entry);

  for (guint i = 0; card && i < dw_game_get_n_types (game); i++)
    if (g_strcmp0 (dw_game_get_card_type_def (game, i)->id, dw_card_get_card_type (card)) == 0)
      return (int) i;
  return G_MAXINT;  /* unknown cards last */
}

/* A cost as a number for ordering: numbers first, then the rest ("X"),
 * then cards with no cost at all. */
static int
cost_order (const char *value)
{
  gint64 number;

  if (value == NULL)
    return G_MAXINT - 1;
  if (g_ascii_string_to_signed (value, 10, 0, G_MAXINT / 2, &number, NULL))
    return (int) number;
  return G_MAXINT / 2 + 1;
}

static GroupKey
group_key (DwDeckView  *self,
           DwDeckEntry *entry)
{
  DwCard *card = dw_deck_entry_get_card (entry);
  const DwPropertyDef *def;
  GroupKey key = { G_MAXINT, NULL };

  if (card == NULL)
    return key;  /* unknown cards, or cards still loading, last */
  if (g_str_equal (self->group_by, "cost") && self->cost != NULL)
    {
      key.value = dw_card_get_value (card, self->cost->id);
      key.order = cost_order (key.value);
      return key;
    }
  def = g_str_equal (self->group_by, "type") ? NULL : dw_game_lookup_property (self->game, self->group_by);
  if (def != NULL && def->kind == DW_PROPERTY_ENUM)
    {
      int index;

      key.value = dw_card_get_value (card, def->id);
      index = key.value ? dw_property_def_value_index (def, key.value) : -1;
      key.order = index >= 0 ? index : G_MAXINT - 1;
      if (index < 0)
        key.value = NULL;
      return key;
    }
  key.order = type_index (self->game, entry);
  key.value = dw_card_get_card_type (card);
  return key;
}

static gboolean
same_group (GroupKey a,
            GroupKey b)
{
  return a.order == b.order && g_strcmp0 (a.value, b.value) == 0;
}

/* What a group is called: "Creature", "Gaian", "Cost 3", "No faction". */
static char *
group_title (DwDeckView  *self,
             DwDeckEntry *entry)
{
  GroupKey key = group_key (self, entry);
  const DwPropertyDef *def = g_str_equal (self->group_by, "cost")
    ? self->cost : dw_game_lookup_property (self->game, self->group_by);
  g_autofree char *lower = NULL;

  if (dw_deck_entry_get_card (entry) == NULL)
    return g_strdup (self->waiting ? _("Cards still loading") : _("Unknown cards"));
  if (def == NULL || g_str_equal (self->group_by, "type"))
    {
      const DwCardTypeDef *type = dw_game_lookup_card_type (self->game, key.value);

      return g_strdup (type ? type->name : key.value);
    }
  if (key.value == NULL)
    {
      lower = g_utf8_strdown (def->name, -1);
      /* TRANSLATORS: a group of cards that lack a property, "No faction";
       * the property's name comes from the game's definition. */
      return g_strdup_printf (_("No %s"), lower);
    }
  if (def->kind == DW_PROPERTY_COST)
    /* TRANSLATORS: a group of cards by their cost, "Cost 3". */
    return g_strdup_printf (C_("group", "%s %s"), def->name, key.value);
  return g_strdup (dw_property_def_value_name (def, key.value));
}

static int
compare_entries (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  DwDeckView *self = user_data;
  DwDeckEntry *ea = (DwDeckEntry *) a;
  DwDeckEntry *eb = (DwDeckEntry *) b;
  GroupKey ka = group_key (self, ea);
  GroupKey kb = group_key (self, eb);
  int by;

  if (ka.order != kb.order)
    return ka.order < kb.order ? -1 : 1;
  if ((by = g_strcmp0 (ka.value, kb.value)) != 0)
    return by;

  if (g_str_equal (self->sort_by, "count") &&
      dw_deck_entry_get_count (ea) != dw_deck_entry_get_count (eb))
    return dw_deck_entry_get_count (ea) > dw_deck_entry_get_count (eb) ? -1 : 1;
  if (g_str_equal (self->sort_by, "cost") && self->cost != NULL)
    {
      DwCard *ca = dw_deck_entry_get_card (ea);
      DwCard *cb = dw_deck_entry_get_card (eb);
      const char *va = ca ? dw_card_get_value (ca, self->cost->id) : NULL;
      const char *vb = cb ? dw_card_get_value (cb, self->cost->id) : NULL;
      int oa = cost_order (va), ob = cost_order (vb);

      if (oa != ob)
        return oa < ob ? -1 : 1;
      if ((by = g_strcmp0 (va, vb)) != 0)
        return by;
    }
  return g_utf8_collate (dw_deck_entry_get_display_name (ea), dw_deck_entry_get_display_name (eb));
}

static int
compare_entry_pointers (gconstpointer a,
                        gconstpointer b,
                        gpointer      user_data)
{
  return compare_entries (*(DwDeckEntry **) a, *(DwDeckEntry **) b, user_data);
}

/* How many cards of @section_id are in the group of @entry. */
static guint
group_total (DwDeckView  *self,
             const char  *section_id,
             DwDeckEntry *entry)
{
  GListModel *entries = dw_deck_get_section (self->deck, section_id);
  GroupKey key = group_key (self, entry);
  guint total = 0;

  for (guint i = 0; entries && i < g_list_model_get_n_items (entries); i++)
    {
      g_autoptr(DwDeckEntry) other = g_list_model_get_item (entries, i);

      if (same_group (group_key (self, other), key))
        total += dw_deck_entry_get_count (other);
    }
  return total;
}

static void
update_row (GtkWidget *row)
{
  DwDeckView *self = g_object_get_data (G_OBJECT (row), "view");
  DwDeckEntry *entry = g_object_get_data (G_OBJECT (row), "entry");
  GtkLabel *count = g_object_get_data (G_OBJECT (row), "count");
  GtkLabel *name = g_object_get_data (G_OBJECT (row), "name");
  GtkLabel *detail = g_object_get_data (G_OBJECT (row), "detail");
  GtkWidget *mark = g_object_get_data (G_OBJECT (row), "mark");
  GtkWidget *add = g_object_get_data (G_OBJECT (row), "add");
  GtkWidget *remove = g_object_get_data (G_OBJECT (row), "remove");
  DwCard *card = dw_deck_entry_get_card (entry);
  const char *position = card ? dw_card_get_value (card, "position") : NULL;
  const char *message = g_hash_table_lookup (self->marked, entry);
  g_autofree char *text = g_strdup_printf ("%u×", dw_deck_entry_get_count (entry));
  g_autofree char *add_label = g_strdup_printf (_("Add a copy of %s"), dw_deck_entry_get_display_name (entry));
  g_autofree char *remove_label = g_strdup_printf (_("Take out a copy of %s"),
                                                   dw_deck_entry_get_display_name (entry));
  g_autofree char *label = NULL;

  /* The card may arrive after the row was made (its database was still
   * loading), and with it the name, the detail and the add button. */
  gtk_label_set_text (count, text);
  gtk_label_set_text (name, dw_deck_entry_get_display_name (entry));
  if (card == NULL)
    gtk_label_set_text (detail, self->waiting ? _("loading…") : _("unknown card"));
  else if (position != NULL)
    gtk_label_set_text (detail, position);
  else if (dw_card_get_value (card, "cost"))
    gtk_label_set_text (detail, dw_card_get_value (card, "cost"));
  else if (dw_card_get_value (card, "rarity"))
    gtk_label_set_text (detail, dw_card_get_value (card, "rarity"));
  else
    gtk_label_set_text (detail, "");
  gtk_widget_set_sensitive (add, card != NULL);
  gtk_widget_set_tooltip_text (add, add_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (add), GTK_ACCESSIBLE_PROPERTY_LABEL, add_label, -1);
  gtk_widget_set_tooltip_text (remove, remove_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL, remove_label, -1);

  gtk_widget_set_visible (mark, message != NULL);
  gtk_widget_set_tooltip_text (mark, message);
  if (message)
    gtk_widget_add_css_class (row, "problem");
  else
    gtk_widget_remove_css_class (row, "problem");

  label = message
    ? g_strdup_printf (_("%u × %s: %s"), dw_deck_entry_get_count (entry),
                       dw_deck_entry_get_display_name (entry), message)
    : g_strdup_printf (_("%u × %s"), dw_deck_entry_get_count (entry),
                       dw_deck_entry_get_display_name (entry));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static void
on_row_add_clicked_cb (GtkButton *button,
                       GtkWidget *row)
{
  DwDeckView *self = g_object_get_data (G_OBJECT (row), "view");
  DwDeckEntry *entry = g_object_get_data (G_OBJECT (row), "entry");
  DwCard *card = dw_deck_entry_get_card (entry);

  if (card != NULL)
    dw_deck_history_add_card (self->history, dw_deck_entry_get_section (entry), card, 1);
}

static void
on_row_remove_clicked_cb (GtkButton *button,
                          GtkWidget *row)
{
  DwDeckView *self = g_object_get_data (G_OBJECT (row), "view");
  DwDeckEntry *entry = g_object_get_data (G_OBJECT (row), "entry");

  dw_deck_history_remove (self->history, entry, 1);
}

static GdkContentProvider *
on_row_drag_prepare_cb (GtkDragSource *source,
                        double         x,
                        double         y,
                        GtkWidget     *row)
{
  DwDeckEntry *entry = g_object_get_data (G_OBJECT (row), "entry");

  return gdk_content_provider_new_typed (DW_TYPE_DECK_ENTRY, entry);
}

/* Its label and tooltip name the card, so update_row() gives them. */
static GtkWidget *
icon_button (const char *icon)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "circular");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  return button;
}

static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  DwDeckView *self = user_data;
  DwDeckEntry *entry = item;
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *count = gtk_label_new (NULL);
  GtkWidget *name = gtk_label_new (NULL);
  GtkWidget *detail = gtk_label_new (NULL);
  GtkWidget *mark = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
  GtkWidget *add = icon_button ("list-add-symbolic");
  GtkWidget *remove = icon_button ("list-remove-symbolic");
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkDragSource *drag = gtk_drag_source_new ();

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  gtk_widget_add_css_class (count, "numeric");
  gtk_label_set_width_chars (GTK_LABEL (count), 3);
  gtk_label_set_xalign (GTK_LABEL (count), 1.0);
  gtk_label_set_xalign (GTK_LABEL (name), 0.0);
  /* A long name takes a second line rather than lose its end: the
   * player reads the whole card name in the narrowest panel. */
  gtk_label_set_wrap (GTK_LABEL (name), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (name), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_widget_add_css_class (detail, "dim-label");
  gtk_widget_add_css_class (detail, "numeric");
  gtk_label_set_xalign (GTK_LABEL (detail), 1.0);
  gtk_widget_add_css_class (mark, "error");
  gtk_box_append (GTK_BOX (buttons), remove);
  gtk_box_append (GTK_BOX (buttons), add);
  gtk_size_group_add_widget (self->detail_group, detail);
  gtk_size_group_add_widget (self->buttons_group, buttons);

  gtk_box_append (GTK_BOX (box), count);
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), mark);
  gtk_box_append (GTK_BOX (box), detail);
  gtk_box_append (GTK_BOX (box), buttons);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);

  g_object_set_data (G_OBJECT (row), "view", self);
  g_object_set_data_full (G_OBJECT (row), "entry", g_object_ref (entry), g_object_unref);
  g_object_set_data (G_OBJECT (row), "count", count);
  g_object_set_data (G_OBJECT (row), "name", name);
  g_object_set_data (G_OBJECT (row), "detail", detail);
  g_object_set_data (G_OBJECT (row), "mark", mark);
  g_object_set_data (G_OBJECT (row), "add", add);
  g_object_set_data (G_OBJECT (row), "remove", remove);
  g_signal_connect (add, "clicked", G_CALLBACK (on_row_add_clicked_cb), row);
  g_signal_connect (remove, "clicked", G_CALLBACK (on_row_remove_clicked_cb), row);
  g_signal_connect_object (entry, "notify::count", G_CALLBACK (update_row), row, G_CONNECT_SWAPPED);
  g_signal_connect_object (entry, "notify::card", G_CALLBACK (update_row), row, G_CONNECT_SWAPPED);

  gtk_drag_source_set_actions (drag, GDK_ACTION_MOVE);
  g_signal_connect (drag, "prepare", G_CALLBACK (on_row_drag_prepare_cb), row);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (drag));
  dw_card_zoom_attach_entry (row, self->game, entry);

  update_row (row);
  return row;
}

/* What a row's detail column shows, as update_row() picks it. */
static const char *
detail_heading (DwCard *card)
{
  if (card == NULL)
    return NULL;
  if (dw_card_get_value (card, "position") != NULL)
    return _("Position");
  if (dw_card_get_value (card, "cost") != NULL)
    return _("Cost");
  if (dw_card_get_value (card, "rarity") != NULL)
    return _("Rarity");
  return NULL;
}

/* A heading, as a screen reader's heading keys find it. */
static GtkWidget *
heading_new (const char *text,
             int         level)
{
  GtkWidget *label = g_object_new (GTK_TYPE_LABEL, "accessible-role", GTK_ACCESSIBLE_ROLE_HEADING,
                                   "label", text, "xalign", 0.0f, NULL);

  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LEVEL, level, -1);
  gtk_widget_add_css_class (label, "heading");
  return label;
}

/* GtkListBox makes a new header the box's last child: read in order, a
 * screen reader would find every heading after every row.  Once the box
 * has them all, each is put before its row (it keeps its place on
 * screen, which the box gives it whatever the order of its children). */
static gboolean
place_headers_cb (gpointer user_data)
{
  DwDeckView *self = user_data;

  self->headers_source = 0;
  for (guint i = 0; i < self->sections->len; i++)
    gtk_list_box_invalidate_headers (g_array_index (self->sections, SectionView, i).box);
  return G_SOURCE_REMOVE;
}

/* A header above the first row of each group: "Creature · 24", with
 * the name of the detail column above it.  A row keeps its header as
 * long as it heads a group, so the header stays where it was put. */
static void
update_header (GtkListBoxRow *row,
               GtkListBoxRow *before,
               gpointer       user_data)
{
  DwDeckView *self = user_data;
  DwDeckEntry *entry = g_object_get_data (G_OBJECT (row), "entry");
  DwDeckEntry *previous = before ? g_object_get_data (G_OBJECT (before), "entry") : NULL;
  DwCard *card = dw_deck_entry_get_card (entry);
  GtkWidget *header = gtk_list_box_row_get_header (row);
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  GtkWidget *title, *column, *spacer;

  if (previous != NULL && same_group (group_key (self, previous), group_key (self, entry)))
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }

  name = group_title (self, entry);
  text = g_strdup_printf ("%s · %u", name, group_total (self, dw_deck_entry_get_section (entry), entry));
  if (header != NULL)
    {
      gtk_label_set_text (g_object_get_data (G_OBJECT (header), "title"), text);
      column = g_object_get_data (G_OBJECT (header), "column");
      gtk_label_set_text (GTK_LABEL (column), detail_heading (card));
      gtk_widget_set_visible (column, detail_heading (card) != NULL);
      if (gtk_widget_get_next_sibling (header) != GTK_WIDGET (row))
        gtk_widget_insert_before (header, gtk_widget_get_parent (GTK_WIDGET (row)), GTK_WIDGET (row));
      return;
    }

  header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  title = heading_new (text, 3);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (title, TRUE);
  column = gtk_label_new (detail_heading (card));
  /* Empty, it would be read as a label with no name. */
  gtk_widget_set_visible (column, detail_heading (card) != NULL);
  gtk_label_set_xalign (GTK_LABEL (column), 1.0);
  gtk_widget_add_css_class (column, "caption-heading");
  gtk_size_group_add_widget (self->detail_group, column);
  spacer = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_size_group_add_widget (self->buttons_group, spacer);
  gtk_box_append (GTK_BOX (header), title);
  gtk_box_append (GTK_BOX (header), column);
  gtk_box_append (GTK_BOX (header), spacer);
  gtk_widget_add_css_class (header, "type-header");
  gtk_widget_set_margin_start (header, 12);
  gtk_widget_set_margin_end (header, 6);
  gtk_widget_set_margin_top (header, 6);
  gtk_widget_set_margin_bottom (header, 3);
  g_object_set_data (G_OBJECT (header), "title", title);
  g_object_set_data (G_OBJECT (header), "column", column);
  gtk_list_box_row_set_header (row, header);
  if (self->headers_source == 0)
    self->headers_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, place_headers_cb, self, NULL);
}

static void
update_section_counts (DwDeckView *self)
{
  DwFormat *format = current_format (self);

  for (guint i = 0; i < self->sections->len; i++)
    {
      SectionView *view = &g_array_index (self->sections, SectionView, i);
      const DwFormatSection *rule = dw_format_lookup_section (format, view->def->id);
      guint count = dw_deck_count_section (self->deck, view->def->id);
      g_autofree char *text = NULL;

      if (rule != NULL && rule->min >= 0 && rule->min == rule->max)
        text = g_strdup_printf (_("%u of %d"), count, (int) rule->min);
      else if (rule != NULL && rule->min >= 0 && rule->max >= 0)
        text = g_strdup_printf (_("%u (%d to %d)"), count, (int) rule->min, (int) rule->max);
      else
        text = g_strdup_printf ("%u", count);
      gtk_label_set_text (view->count, text);
      gtk_label_set_text (view->grid_count, text);

      /* Headers hold totals: redraw them. */
      gtk_list_box_invalidate_headers (view->box);
    }
  update_text (self);
  queue_grids_update (self, FALSE);
}

/* The entries of a section in the order its rows show them.  Read from
 * the deck itself: the deck says it changed before every view of the
 * section has heard of it. */
static GPtrArray *
entries_in_order (DwDeckView  *self,
                  SectionView *view)
{
  GListModel *entries = dw_deck_get_section (self->deck, view->def->id);
  GPtrArray *sorted = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; entries && i < g_list_model_get_n_items (entries); i++)
    g_ptr_array_add (sorted, g_list_model_get_item (entries, i));
  if (!view->def->ordered)
    g_ptr_array_sort_with_data (sorted, compare_entry_pointers, self);
  return sorted;
}

/* The decklist as a player writes it: each section that holds cards
 * under its name and count, its groups under theirs, a line per card. */
static void
update_text (DwDeckView *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  GtkTextIter end;

  gtk_text_buffer_set_text (buffer, "", 0);
  for (guint i = 0; i < self->sections->len; i++)
    {
      SectionView *view = &g_array_index (self->sections, SectionView, i);
      g_autoptr(GPtrArray) entries = entries_in_order (self, view);
      DwDeckEntry *previous = NULL;
      g_autofree char *heading = NULL;

      if (entries->len == 0)
        continue;
      gtk_text_buffer_get_end_iter (buffer, &end);
      if (gtk_text_iter_get_offset (&end) > 0)
        gtk_text_buffer_insert (buffer, &end, "\n", 1);
      heading = g_strdup_printf ("%s · %u\n", view->def->name, dw_deck_count_section (self->deck, view->def->id));
      gtk_text_buffer_insert_with_tags_by_name (buffer, &end, heading, -1, "section", NULL);

      for (guint j = 0; j < entries->len; j++)
        {
          DwDeckEntry *entry = g_ptr_array_index (entries, j);
          g_autofree char *line = g_strdup_printf ("%u %s\n", dw_deck_entry_get_count (entry),
                                                   dw_deck_entry_get_display_name (entry));

          if (!view->def->ordered &&
              (previous == NULL || !same_group (group_key (self, previous), group_key (self, entry))))
            {
              g_autofree char *name = group_title (self, entry);
              g_autofree char *group = g_strdup_printf ("%s · %u\n", name,
                                                        group_total (self, view->def->id, entry));

              gtk_text_buffer_insert_with_tags_by_name (buffer, &end, group, -1, "group", NULL);
            }
          gtk_text_buffer_insert (buffer, &end, line, -1);
          previous = entry;
        }
    }
}

static gboolean
marks_row (const char *code)
{
  return g_strcmp0 (code, "copy-limit") == 0 || g_strcmp0 (code, "wrong-section") == 0 ||
         g_strcmp0 (code, "unknown-card") == 0;
}

static void
refresh_rows (DwDeckView *self)
{
  for (guint i = 0; i < self->sections->len; i++)
    {
      SectionView *view = &g_array_index (self->sections, SectionView, i);
      GtkWidget *row;

      for (row = gtk_widget_get_first_child (GTK_WIDGET (view->box)); row; row = gtk_widget_get_next_sibling (row))
        if (GTK_IS_LIST_BOX_ROW (row) && g_object_get_data (G_OBJECT (row), "entry") != NULL)
          update_row (row);
    }
}

static void
add_unresolved_cb (gpointer data,
                   gpointer user_data)
{
  guint *unresolved = user_data;

  if (dw_deck_entry_get_card (data) == NULL)
    (*unresolved)++;
}

/* The bar above the cards: one line whatever the verdict, with the
 * count; the problems themselves open over the cards, so the cards stay
 * where they are as the deck turns legal or illegal. */
static void
update_problems_bar (DwDeckView *self,
                     gboolean    waiting,
                     guint       errors,
                     guint       warnings)
{
  g_autofree char *summary = NULL;
  const char *icon = "emblem-ok-symbolic";
  const char *style = "success";

  if (waiting)
    {
      summary = g_strdup (_("Loading cards; the deck is checked once they are in"));
      icon = "content-loading-symbolic";
      style = "dim-label";
    }
  else if (errors + warnings == 0)
    {
      summary = g_strdup (_("No problems"));
    }
  else
    {
      summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u problem", "%u problems", errors + warnings),
                                 errors + warnings);
      icon = errors > 0 ? "dialog-error-symbolic" : "dialog-warning-symbolic";
      style = errors > 0 ? "error" : "warning";
    }

  gtk_widget_set_visible (self->problems_waiting, waiting);
  gtk_widget_set_visible (self->problems_none, !waiting && errors + warnings == 0);
  gtk_widget_set_visible (GTK_WIDGET (self->problem_box), !waiting && errors + warnings > 0);
  if (errors + warnings == 0)
    gtk_popover_popdown (self->problems_popover);
  gtk_label_set_text (self->problems_summary, summary);
  gtk_image_set_from_icon_name (self->problems_icon, icon);
  for (guint i = 0; i < 4; i++)
    gtk_widget_remove_css_class (GTK_WIDGET (self->problems_icon),
                                 (const char *[]) { "success", "dim-label", "error", "warning" }[i]);
  gtk_widget_add_css_class (GTK_WIDGET (self->problems_icon), style);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->problems_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  summary, -1);
}

static void
set_waiting (DwDeckView *self,
             gboolean    waiting)
{
  gtk_accessible_update_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_BUSY, waiting, -1);
  if (self->waiting == waiting)
    return;
  self->waiting = waiting;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WAITING_FOR_CARDS]);
}

/* Checks the deck against its format and shows the answer everywhere. */
static void
revalidate (DwDeckView *self)
{
  DwFormat *format = current_format (self);
  g_autoptr(GPtrArray) problems = NULL;
  guint unresolved = 0;
  guint errors = 0;

  /* A card no database has yet may be in one still loading: the deck is
   * checked once they are all in, rather than shown as full of unknown
   * cards and problems that are about to go. */
  dw_library_resolve_deck (self->library, self->deck);
  dw_deck_foreach_entry (self->deck, add_unresolved_cb, &unresolved);
  if (unresolved > 0 && dw_library_is_loading_card_dbs (self->library))
    {
      g_hash_table_remove_all (self->marked);
      g_list_store_remove_all (self->problems);
      update_problems_bar (self, TRUE, 0, 0);
      set_waiting (self, TRUE);
      refresh_rows (self);
      update_section_counts (self);
      return;
    }

  problems = dw_library_validate_deck (self->library, self->deck, format);
  g_hash_table_remove_all (self->marked);
  for (guint i = 0; i < problems->len; i++)
    {
      DwProblem *problem = g_ptr_array_index (problems, i);
      GPtrArray *entries = dw_problem_get_entries (problem);

      if (dw_problem_get_severity (problem) == DW_SEVERITY_ERROR)
        errors++;
      if (!marks_row (dw_problem_get_code (problem)))
        continue;
      for (guint j = 0; j < entries->len; j++)
        if (!g_hash_table_contains (self->marked, g_ptr_array_index (entries, j)))
          g_hash_table_insert (self->marked, g_ptr_array_index (entries, j),
                               g_strdup (dw_problem_get_message (problem)));
    }

  g_list_store_splice (self->problems, 0, g_list_model_get_n_items (G_LIST_MODEL (self->problems)),
                       problems->pdata, problems->len);
  update_problems_bar (self, FALSE, errors, problems->len - errors);
  /* Only now: whoever hears the wait is over finds the problems. */
  set_waiting (self, FALSE);
  refresh_rows (self);
  update_section_counts (self);
  g_signal_emit (self, signals[VALIDATED], 0, errors, problems->len - errors);
}

static gboolean
resort_cb (gpointer user_data)
{
  DwDeckView *self = user_data;

  self->resort_source = 0;
  resort (self);
  return G_SOURCE_REMOVE;
}

static void
on_deck_changed_cb (DwDeckView *self)
{
  /* A count changed where counts order the rows: sorted again once the
   * sorted models have heard of the change. */
  if (g_str_equal (self->sort_by, "count") && self->resort_source == 0)
    self->resort_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, resort_cb, self, NULL);
  revalidate (self);
}

/* A card database arrived, or the last did: entries find their cards,
 * sections sort them into their groups, and the deck is checked again. */
static void
on_card_dbs_changed_cb (DwDeckView *self)
{
  revalidate (self);
  resort (self);
}

static void
on_row_selected_cb (GtkListBox    *box,
                    GtkListBoxRow *row,
                    DwDeckView    *self)
{
  DwDeckEntry *entry = row ? g_object_get_data (G_OBJECT (row), "entry") : NULL;

  if (entry != NULL)
    g_signal_emit (self, signals[ENTRY_SELECTED], 0, entry);
}

static guint
drop_position (GtkListBox *box,
               double      y)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_y (box, (int) y);
  graphene_rect_t bounds;

  if (row == NULL)
    return G_MAXUINT;
  if (gtk_widget_compute_bounds (GTK_WIDGET (row), GTK_WIDGET (box), &bounds) &&
      y > bounds.origin.y + bounds.size.height / 2)
    return (guint) gtk_list_box_row_get_index (row) + 1;
  return (guint) gtk_list_box_row_get_index (row);
}

/* A card from the browser joins this section; an entry from the deck
 * moves here, to where it was dropped when the section keeps an order. */
static gboolean
on_drop_cb (GtkDropTarget *target,
            const GValue  *value,
            double         x,
            double         y,
            SectionView   *view)
{
  DwDeckView *self = g_object_get_data (G_OBJECT (view->box), "view");
  GtkWidget *where = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target));
  /* Dropped on the faces, a card goes at the end of a chapter. */
  guint position = view->def->ordered && where == GTK_WIDGET (view->box) ? drop_position (view->box, y) : G_MAXUINT;

  if (G_VALUE_HOLDS (value, DW_TYPE_CARD))
    {
      DwCard *card = g_value_get_object (value);
      gboolean existed = dw_deck_find_card (self->deck, view->def->id, card) != NULL;
      DwDeckEntry *entry = dw_deck_history_add_card (self->history, view->def->id, card, 1);

      if (!existed && entry != NULL && position != G_MAXUINT)
        dw_deck_history_move (self->history, entry, view->def->id, position);
      return TRUE;
    }

  if (G_VALUE_HOLDS (value, DW_TYPE_DECK_ENTRY))
    {
      dw_deck_history_move (self->history, g_value_get_object (value), view->def->id, position);
      return TRUE;
    }

  return FALSE;
}

/* A face in the grid was picked: the rows of the list follow, so the
 * keys act on it, and its card may be shown large. */
static void
on_grid_selection_changed_cb (GtkSelectionModel *model,
                              guint              position,
                              guint              n_items,
                              DwDeckView        *self)
{
  g_autoptr(GPtrArray) picked = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GtkBitset) selected = NULL;
  GtkBitsetIter iter;
  guint index;

  if (self->syncing)
    return;
  self->syncing = TRUE;
  /* One pick at a time across the groups, as a click means. */
  for (guint i = 0; i < self->sections->len; i++)
    {
      SectionView *view = &g_array_index (self->sections, SectionView, i);

      for (guint g = 0; g < view->grids->len; g++)
        {
          GtkSelectionModel *other = gtk_grid_view_get_model (g_ptr_array_index (view->grids, g));

          if (other != model)
            gtk_selection_model_unselect_all (other);
        }
    }
  selected = gtk_selection_model_get_selection (model);
  for (gboolean more = gtk_bitset_iter_init_first (&iter, selected, &index); more;
       more = gtk_bitset_iter_next (&iter, &index))
    g_ptr_array_add (picked, g_list_model_get_item (G_LIST_MODEL (model), index));
  dw_deck_view_select_entries (self, picked);
  self->syncing = FALSE;
  if (picked->len > 0)
    g_signal_emit (self, signals[ENTRY_SELECTED], 0, g_ptr_array_index (picked, 0));
}

/* Enter or a double click on a face: it alone is picked. */
static void
on_grid_activate_cb (GtkGridView *grid,
                     guint        position,
                     DwDeckView  *self)
{
  GtkSelectionModel *model = gtk_grid_view_get_model (grid);

  gtk_selection_model_select_item (model, position, TRUE);
}

static void
on_tile_setup_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  DwDeckView               *self)
{
  gtk_list_item_set_child (item, dw_deck_tile_new (self->game));
}

static void
on_tile_bind_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 DwDeckView               *self)
{
  dw_deck_tile_set_entry (DW_DECK_TILE (gtk_list_item_get_child (item)), gtk_list_item_get_item (item));
}

static void
on_tile_unbind_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   DwDeckView               *self)
{
  dw_deck_tile_set_entry (DW_DECK_TILE (gtk_list_item_get_child (item)), NULL);
}

static void
group_filter_free (gpointer data)
{
  GroupFilter *filter = data;

  g_free (filter->value);
  g_free (filter);
}

static gboolean
in_group_cb (gpointer item,
             gpointer user_data)
{
  GroupFilter *filter = user_data;
  GroupKey key = group_key (filter->view, item);

  return key.order == filter->order && g_strcmp0 (key.value, filter->value) == 0;
}

/* A grid of faces over @model (taken), named @label. */
static GtkWidget *
new_face_grid (DwDeckView *self,
               GListModel *model,
               const char *label)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkMultiSelection *selection = gtk_multi_selection_new (model);
  GtkWidget *grid;

  g_signal_connect (factory, "setup", G_CALLBACK (on_tile_setup_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (on_tile_bind_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (on_tile_unbind_cb), self);
  g_signal_connect (selection, "selection-changed", G_CALLBACK (on_grid_selection_changed_cb), self);
  grid = gtk_grid_view_new (GTK_SELECTION_MODEL (selection), factory);
  gtk_grid_view_set_max_columns (GTK_GRID_VIEW (grid), 12);
  gtk_widget_add_css_class (grid, "deck-grid");
  gtk_accessible_update_property (GTK_ACCESSIBLE (grid), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_signal_connect (grid, "activate", G_CALLBACK (on_grid_activate_cb), self);
  return grid;
}

/* The groups of a section as one string, to tell when they change. */
static char *
groups_of (DwDeckView  *self,
           GPtrArray   *entries)
{
  GString *groups = g_string_new (self->group_by);
  GroupKey last = { -1, NULL };

  for (guint i = 0; i < entries->len; i++)
    {
      GroupKey key = group_key (self, g_ptr_array_index (entries, i));

      if (i == 0 || !same_group (key, last))
        g_string_append_printf (groups, "\x1e%d\x1f%s", key.order, key.value ? key.value : "");
      last = key;
    }
  return g_string_free (groups, FALSE);
}

/* The faces of each section: a heading and a grid per group, made anew
 * when the groups change; their totals follow every change.  With
 * @refilter, the entries may have changed groups (a new grouping, cards
 * arrived). */
static void
update_grids (DwDeckView *self,
              gboolean    refilter)
{
  for (guint i = 0; i < self->sections->len; i++)
    {
      SectionView *view = &g_array_index (self->sections, SectionView, i);
      g_autoptr(GPtrArray) entries = entries_in_order (self, view);
      g_autofree char *groups = view->def->ordered ? g_strdup ("") : groups_of (self, entries);
      GtkWidget *child;
      guint h = 0;

      if (g_strcmp0 (groups, view->groups) == 0)
        {
          for (guint f = 0; refilter && f < view->filters->len; f++)
            gtk_filter_changed (g_ptr_array_index (view->filters, f), GTK_FILTER_CHANGE_DIFFERENT);
        }
      else
        {
          while ((child = gtk_widget_get_first_child (GTK_WIDGET (view->grid_box))) != NULL)
            gtk_box_remove (view->grid_box, child);
          g_ptr_array_set_size (view->grids, 0);
          g_ptr_array_set_size (view->filters, 0);
          g_ptr_array_set_size (view->headings, 0);
          g_free (view->groups);
          view->groups = g_steal_pointer (&groups);

          if (view->def->ordered)
            {
              GtkWidget *grid = new_face_grid (self, g_object_ref (G_LIST_MODEL (view->sorted)), view->def->name);

              g_ptr_array_add (view->grids, grid);
              gtk_box_append (view->grid_box, grid);
            }
          for (guint e = 0; !view->def->ordered && e < entries->len; e++)
            {
              DwDeckEntry *entry = g_ptr_array_index (entries, e);
              GroupKey key = group_key (self, entry);
              GroupFilter *data;
              GtkCustomFilter *filter;
              GtkWidget *heading, *grid;
              g_autofree char *title = NULL;

              if (e > 0 && same_group (group_key (self, g_ptr_array_index (entries, e - 1)), key))
                continue;
              data = g_new0 (GroupFilter, 1);
              data->view = self;
              data->order = key.order;
              data->value = g_strdup (key.value);
              filter = gtk_custom_filter_new (in_group_cb, data, group_filter_free);
              g_ptr_array_add (view->filters, g_object_ref (filter));
              title = group_title (self, entry);
              heading = heading_new ("", 3);
              gtk_label_set_ellipsize (GTK_LABEL (heading), PANGO_ELLIPSIZE_END);
              gtk_widget_set_margin_start (heading, 6);
              gtk_widget_set_margin_top (heading, 6);
              g_ptr_array_add (view->headings, heading);
              gtk_box_append (view->grid_box, heading);
              grid = new_face_grid (self, G_LIST_MODEL (gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (view->sorted)),
                                                                                   GTK_FILTER (filter))),
                                    title);
              g_ptr_array_add (view->grids, grid);
              gtk_box_append (view->grid_box, grid);
            }
        }

      /* The totals, group by group. */
      for (guint e = 0; !view->def->ordered && e < entries->len && h < view->headings->len; e++)
        {
          DwDeckEntry *entry = g_ptr_array_index (entries, e);
          g_autofree char *title = NULL;
          g_autofree char *text = NULL;

          if (e > 0 && same_group (group_key (self, g_ptr_array_index (entries, e - 1)), group_key (self, entry)))
            continue;
          title = group_title (self, entry);
          text = g_strdup_printf ("%s · %u", title, group_total (self, view->def->id, entry));
          gtk_label_set_text (g_ptr_array_index (view->headings, h++), text);
        }
    }
}

static gboolean
update_grids_cb (gpointer user_data)
{
  DwDeckView *self = user_data;

  self->grids_source = 0;
  update_grids (self, self->grids_refilter);
  self->grids_refilter = FALSE;
  return G_SOURCE_REMOVE;
}

/* The deck says it changed before the sections' sorted models hear of
 * it: grids made over them then would read entries not there yet, so
 * they are brought up to date once the main loop is back. */
static void
queue_grids_update (DwDeckView *self,
                    gboolean    refilter)
{
  self->grids_refilter |= refilter;
  if (self->grids_source == 0)
    self->grids_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, update_grids_cb, self, NULL);
}

/* A section's name and count, above its rows or faces. */
static GtkWidget *
section_title (const DwSectionDef *def,
               GtkLabel          **count)
{
  GtkWidget *title_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *title = heading_new (def->name, 2);

  gtk_widget_set_hexpand (title, TRUE);
  *count = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (*count), "numeric");
  gtk_box_append (GTK_BOX (title_row), title);
  gtk_box_append (GTK_BOX (title_row), GTK_WIDGET (*count));
  gtk_widget_set_margin_top (title_row, 18);
  gtk_widget_set_margin_bottom (title_row, 6);
  return title_row;
}

static void
add_section_view (DwDeckView         *self,
                  const DwSectionDef *def)
{
  SectionView view = { def, };
  GtkWidget *placeholder = gtk_label_new (_("Drop cards here, or add them from the list"));
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  GType types[] = { DW_TYPE_CARD, DW_TYPE_DECK_ENTRY };
  GListModel *entries = dw_deck_ensure_section (self->deck, def->id);
  GtkSorter *sorter = NULL;

  gtk_box_append (self->list_sections, section_title (def, &view.count));
  if (def->considering)
    dw_deck_considering_add_caption (self->list_sections);

  /* Chapters keep the player's order; other sections group and sort as
   * the player chose. */
  if (!def->ordered)
    sorter = GTK_SORTER (gtk_custom_sorter_new (compare_entries, self, NULL));
  view.sorted = gtk_sort_list_model_new (g_object_ref (entries), sorter);

  view.box = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_widget_add_css_class (GTK_WIDGET (view.box), "boxed-list");
  gtk_list_box_set_selection_mode (view.box, GTK_SELECTION_MULTIPLE);
  gtk_list_box_set_activate_on_single_click (view.box, FALSE);
  gtk_widget_add_css_class (placeholder, "dim-label");
  gtk_widget_set_margin_top (placeholder, 12);
  gtk_widget_set_margin_bottom (placeholder, 12);
  gtk_list_box_set_placeholder (view.box, placeholder);
  gtk_list_box_bind_model (view.box, G_LIST_MODEL (view.sorted), create_row, self, NULL);
  if (!def->ordered)
    gtk_list_box_set_header_func (view.box, update_header, self, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view.box), GTK_ACCESSIBLE_PROPERTY_LABEL, def->name, -1);
  g_signal_connect (view.box, "row-selected", G_CALLBACK (on_row_selected_cb), self);
  dw_deck_considering_menu_attach (self->considering_menu, view.box);
  g_object_set_data (G_OBJECT (view.box), "view", self);
  g_object_set_data (G_OBJECT (view.box), "section", (gpointer) def->id);

  gtk_drop_target_set_gtypes (drop, types, G_N_ELEMENTS (types));
  gtk_widget_add_controller (GTK_WIDGET (view.box), GTK_EVENT_CONTROLLER (drop));
  gtk_box_append (self->list_sections, GTK_WIDGET (view.box));

  /* The same cards in the same groups and order, as faces. */
  gtk_box_append (self->grid_sections, section_title (def, &view.grid_count));
  if (def->considering)
    dw_deck_considering_add_caption (self->grid_sections);
  view.grid_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
  gtk_box_append (self->grid_sections, GTK_WIDGET (view.grid_box));
  view.grids = g_ptr_array_new ();
  view.filters = g_ptr_array_new_with_free_func (g_object_unref);
  view.headings = g_ptr_array_new ();

  g_array_append_val (self->sections, view);
  /* The array may move as it grows; the drop handler finds its view by
   * index through the box. */
  g_signal_connect_data (drop, "drop", G_CALLBACK (on_drop_cb),
                         &g_array_index (self->sections, SectionView, self->sections->len - 1), NULL, 0);

  /* The faces take cards from the browser as the rows do. */
  drop = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  gtk_drop_target_set_gtypes (drop, types, G_N_ELEMENTS (types));
  gtk_widget_set_size_request (GTK_WIDGET (view.grid_box), -1, 48);
  gtk_widget_add_controller (GTK_WIDGET (view.grid_box), GTK_EVENT_CONTROLLER (drop));
  g_signal_connect_data (drop, "drop", G_CALLBACK (on_drop_cb),
                         &g_array_index (self->sections, SectionView, self->sections->len - 1), NULL, 0);
}

static void
on_problem_activated_cb (GtkListBox    *box,
                         GtkListBoxRow *row,
                         DwDeckView    *self)
{
  g_autoptr(DwProblem) problem = g_list_model_get_item (G_LIST_MODEL (self->problems),
                                                        (guint) gtk_list_box_row_get_index (row));

  gtk_popover_popdown (self->problems_popover);
  if (problem != NULL)
    dw_deck_view_select_entries (self, dw_problem_get_entries (problem));
}

static GtkWidget *
create_problem_row (gpointer item,
                    gpointer user_data)
{
  DwProblem *problem = item;
  gboolean error = dw_problem_get_severity (problem) == DW_SEVERITY_ERROR;
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon = gtk_image_new_from_icon_name (error ? "dialog-error-symbolic" : "dialog-information-symbolic");
  g_autofree char *escaped = g_markup_escape_text (dw_problem_get_message (problem), -1);
  /* A game of the player's own names its codes. */
  g_autofree char *code = g_markup_escape_text (dw_problem_get_code (problem), -1);

  gtk_widget_add_css_class (icon, error ? "error" : "warning");
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), code);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  return row;
}

/* The choices of grouping and sorting the game offers, beside those of
 * the template (type; name and count). */
static void
add_order_choices (DwDeckView *self)
{
  if (self->cost != NULL)
    {
      g_autoptr(GMenuItem) group = g_menu_item_new (self->cost->name, NULL);
      g_autoptr(GMenuItem) sort = g_menu_item_new (self->cost->name, NULL);

      g_menu_item_set_action_and_target (group, "deck.group-by", "s", "cost");
      g_menu_append_item (self->group_section, group);
      g_menu_item_set_action_and_target (sort, "deck.sort-by", "s", "cost");
      g_menu_insert_item (self->sort_section, 1, sort);
    }
  for (guint i = 0; i < dw_game_get_n_properties (self->game); i++)
    {
      const DwPropertyDef *def = dw_game_get_property (self->game, i);
      g_autoptr(GMenuItem) item = NULL;

      if (def->kind != DW_PROPERTY_ENUM)
        continue;
      item = g_menu_item_new (def->name, NULL);
      g_menu_item_set_action_and_target (item, "deck.group-by", "s", def->id);
      g_menu_append_item (self->group_section, item);
    }
}

/* TRUE when the game offers @choice to group by. */
static gboolean
can_group_by (DwDeckView *self,
              const char *choice)
{
  const DwPropertyDef *def;

  if (g_strcmp0 (choice, "type") == 0)
    return TRUE;
  if (g_strcmp0 (choice, "cost") == 0)
    return self->cost != NULL;
  def = choice ? dw_game_lookup_property (self->game, choice) : NULL;
  return def != NULL && def->kind == DW_PROPERTY_ENUM;
}

/* Groups and order changed: every section sorts again and draws its
 * headers anew. */
static void
resort (DwDeckView *self)
{
  for (guint i = 0; i < self->sections->len; i++)
    {
      SectionView *view = &g_array_index (self->sections, SectionView, i);
      GtkSorter *sorter = gtk_sort_list_model_get_sorter (view->sorted);

      if (sorter != NULL)
        gtk_sorter_changed (sorter, GTK_SORTER_CHANGE_DIFFERENT);
      gtk_list_box_invalidate_headers (view->box);
    }
  update_text (self);
  queue_grids_update (self, FALSE);
}

static void
set_group_by (DwDeckView *self,
              const char *choice)
{
  g_autoptr(GVariant) saved = NULL;
  GVariantBuilder builder;
  GVariantIter iter;
  const char *game_id, *value;

  if (!can_group_by (self, choice))
    choice = "type";
  if (g_strcmp0 (self->group_by, choice) == 0)
    return;
  g_free (self->group_by);
  self->group_by = g_strdup (choice);

  /* Each game remembers its own: Coraabia has no domain. */
  saved = g_settings_get_value (self->settings, "deck-group-by");
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{ss}"));
  g_variant_iter_init (&iter, saved);
  while (g_variant_iter_next (&iter, "{&s&s}", &game_id, &value))
    if (!g_str_equal (game_id, dw_game_get_id (self->game)))
      g_variant_builder_add (&builder, "{ss}", game_id, value);
  g_variant_builder_add (&builder, "{ss}", dw_game_get_id (self->game), choice);
  g_settings_set_value (self->settings, "deck-group-by", g_variant_builder_end (&builder));

  resort (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GROUP_BY]);
}

static void
set_sort_by (DwDeckView *self,
             const char *choice)
{
  if (g_strcmp0 (choice, "cost") == 0 && self->cost == NULL)
    choice = "name";
  if (g_strcmp0 (choice, "name") != 0 && g_strcmp0 (choice, "cost") != 0 && g_strcmp0 (choice, "count") != 0)
    choice = "name";
  if (g_strcmp0 (self->sort_by, choice) == 0)
    return;
  g_free (self->sort_by);
  self->sort_by = g_strdup (choice);
  resort (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SORT_BY]);
}

static void
set_view_mode (DwDeckView *self,
               const char *mode)
{
  if (g_strcmp0 (mode, "text") != 0 && g_strcmp0 (mode, "grid") != 0)
    mode = "list";
  if (g_strcmp0 (self->view_mode, mode) == 0)
    return;
  g_free (self->view_mode);
  self->view_mode = g_strdup (mode);
  gtk_stack_set_visible_child_name (self->view_stack, mode);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEW_MODE]);
}

/* The view's keys: + adds a copy of the selected rows, - or Delete
 * takes one. */
static void
change_selected_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  DwDeckView *self = DW_DECK_VIEW (widget);
  g_autoptr(GPtrArray) selected = dw_deck_view_get_selected (self);
  gboolean add = g_str_equal (action_name, "deck.add-selected");

  /* Several rows (all a problem concerns) change as one undo step. */
  dw_deck_history_begin_group (self->history);
  for (guint i = 0; i < selected->len; i++)
    {
      DwDeckEntry *entry = g_ptr_array_index (selected, i);
      DwCard *card = dw_deck_entry_get_card (entry);

      if (add && card != NULL)
        dw_deck_history_add_card (self->history, dw_deck_entry_get_section (entry), card, 1);
      else if (!add)
        dw_deck_history_remove (self->history, entry, 1);
    }
  dw_deck_history_end_group (self->history);
}

/* Alt+Up and Alt+Down: the selected row of a section that keeps the
 * player's order (Arcmage's regions) moves one place, and stays picked,
 * so a chapter can be ordered without dragging. */
static void
move_selected_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  DwDeckView *self = DW_DECK_VIEW (widget);
  g_autoptr(GPtrArray) selected = dw_deck_view_get_selected (self);
  gboolean up = g_str_equal (action_name, "deck.move-up");
  g_autoptr(GPtrArray) keep = NULL;
  DwDeckEntry *entry;
  const char *section;
  guint position;

  if (selected->len != 1)
    return;
  entry = g_ptr_array_index (selected, 0);
  if (!dw_deck_find_entry (self->deck, entry, &section, &position))
    return;
  for (guint i = 0; i < self->sections->len; i++)
    {
      SectionView *view = &g_array_index (self->sections, SectionView, i);

      if (g_str_equal (view->def->id, section) && !view->def->ordered)
        return;
    }
  if (up ? position == 0 : position + 1 >= g_list_model_get_n_items (dw_deck_get_section (self->deck, section)))
    return;

  dw_deck_history_move (self->history, entry, section, up ? position - 1 : position + 1);
  keep = g_ptr_array_new ();
  g_ptr_array_add (keep, entry);
  dw_deck_view_select_entries (self, keep);
}

/* Control+M or a row's menu: the picked rows, every copy, go to
 * Considering, or back to the section their cards belong in, as one
 * undo step; those still in the deck stay picked. */
static void
toggle_considering_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  DwDeckView *self = DW_DECK_VIEW (widget);
  g_autoptr(GPtrArray) selected = dw_deck_view_get_selected (self);
  g_autoptr(GPtrArray) kept = g_ptr_array_new ();

  if (selected->len == 0)
    return;
  dw_deck_history_toggle_considering (self->history, self->game, selected);
  for (guint i = 0; i < selected->len; i++)
    if (dw_deck_find_entry (self->deck, g_ptr_array_index (selected, i), NULL, NULL))
      g_ptr_array_add (kept, g_ptr_array_index (selected, i));
  dw_deck_view_select_entries (self, kept);
}

/* A deck row's menu: the card of the (first) picked row becomes the
 * cover the Decks page draws for the deck, as one undoable edit. */
static void
use_as_cover_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  DwDeckView *self = DW_DECK_VIEW (widget);
  g_autoptr(GPtrArray) selected = dw_deck_view_get_selected (self);
  DwDeckEntry *entry;
  DwCard *card;
  const char *id;

  if (selected->len == 0)
    return;
  entry = g_ptr_array_index (selected, 0);
  card = dw_deck_entry_get_card (entry);
  id = card != NULL ? dw_card_get_id (card) : dw_deck_entry_get_id (entry);
  if (id != NULL && strlen (id) <= DW_DECK_MAX_COVER_ID)
    dw_deck_history_set_cover (self->history, id);
}

static void
dw_deck_view_map (GtkWidget *widget)
{
  DwDeckView *self = DW_DECK_VIEW (widget);

  GTK_WIDGET_CLASS (dw_deck_view_parent_class)->map (widget);
  if (self->show_problems_when_mapped)
    {
      self->show_problems_when_mapped = FALSE;
      gtk_menu_button_popup (self->problems_button);
    }
}

/* A popover left open on a window that goes would outlive its surface. */
static void
dw_deck_view_unmap (GtkWidget *widget)
{
  gtk_popover_popdown (DW_DECK_VIEW (widget)->problems_popover);
  GTK_WIDGET_CLASS (dw_deck_view_parent_class)->unmap (widget);
}

static void
dw_deck_view_dispose (GObject *object)
{
  DwDeckView *self = DW_DECK_VIEW (object);

  if (self->library != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->library, self);
      g_signal_handlers_disconnect_by_data (dw_library_get_card_dbs (self->library), self);
    }
  g_clear_handle_id (&self->grids_source, g_source_remove);
  g_clear_handle_id (&self->resort_source, g_source_remove);
  g_clear_pointer (&self->considering_menu, gtk_widget_unparent);
  gtk_widget_dispose_template (GTK_WIDGET (self), DW_TYPE_DECK_VIEW);
  /* Rows going with their boxes may have asked for their headers. */
  g_clear_handle_id (&self->headers_source, g_source_remove);
  g_clear_object (&self->detail_group);
  g_clear_object (&self->buttons_group);
  if (self->sections != NULL)
    {
      for (guint i = 0; i < self->sections->len; i++)
        {
          SectionView *view = &g_array_index (self->sections, SectionView, i);

          g_clear_pointer (&view->grids, g_ptr_array_unref);
          g_clear_pointer (&view->filters, g_ptr_array_unref);
          g_clear_pointer (&view->headings, g_ptr_array_unref);
          g_clear_pointer (&view->groups, g_free);
          g_clear_object (&view->sorted);
        }
      g_clear_pointer (&self->sections, g_array_unref);
    }
  g_clear_object (&self->settings);
  g_clear_object (&self->problems);
  g_clear_pointer (&self->marked, g_hash_table_unref);
  g_clear_object (&self->history);
  g_clear_object (&self->deck);
  g_clear_object (&self->game);
  g_clear_object (&self->library);

  G_OBJECT_CLASS (dw_deck_view_parent_class)->dispose (object);
}

static void
dw_deck_view_finalize (GObject *object)
{
  DwDeckView *self = DW_DECK_VIEW (object);

  g_free (self->group_by);
  g_free (self->sort_by);
  g_free (self->view_mode);
  G_OBJECT_CLASS (dw_deck_view_parent_class)->finalize (object);
}

static void
dw_deck_view_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  DwDeckView *self = DW_DECK_VIEW (object);

  switch (prop_id)
    {
    case PROP_WAITING_FOR_CARDS:
      g_value_set_boolean (value, self->waiting);
      break;
    case PROP_GROUP_BY:
      g_value_set_string (value, self->group_by);
      break;
    case PROP_SORT_BY:
      g_value_set_string (value, self->sort_by);
      break;
    case PROP_VIEW_MODE:
      g_value_set_string (value, self->view_mode);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_deck_view_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  DwDeckView *self = DW_DECK_VIEW (object);

  switch (prop_id)
    {
    case PROP_GROUP_BY:
      set_group_by (self, g_value_get_string (value));
      break;
    case PROP_SORT_BY:
      set_sort_by (self, g_value_get_string (value));
      break;
    case PROP_VIEW_MODE:
      set_view_mode (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_deck_view_class_init (DwDeckViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_deck_view_dispose;
  object_class->finalize = dw_deck_view_finalize;
  object_class->get_property = dw_deck_view_get_property;
  object_class->set_property = dw_deck_view_set_property;
  widget_class->map = dw_deck_view_map;
  widget_class->unmap = dw_deck_view_unmap;

  /* TRUE while the deck names cards whose databases are still loading:
   * it is checked, and "validated" emitted, once they are in. */
  properties[PROP_WAITING_FOR_CARDS] =
    g_param_spec_boolean ("waiting-for-cards", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* "type", "cost" (the game's cost property) or an enum property's id;
   * what the game does not offer is taken as "type". */
  properties[PROP_GROUP_BY] =
    g_param_spec_string ("group-by", NULL, NULL, "type",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* "name", "cost" or "count" (most copies first), within each group. */
  properties[PROP_SORT_BY] =
    g_param_spec_string ("sort-by", NULL, NULL, "name",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* "list", "text" (the decklist) or "grid" (the faces). */
  properties[PROP_VIEW_MODE] =
    g_param_spec_string ("view-mode", NULL, NULL, "list",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A row was picked: its card may be shown large. */
  signals[ENTRY_SELECTED] =
    g_signal_new ("entry-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, DW_TYPE_DECK_ENTRY);
  /* After every check: the number of errors and of warnings. */
  signals[VALIDATED] =
    g_signal_new ("validated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deckwright/Deckwright/dw-deck-view.ui");
  gtk_widget_class_bind_template_child (widget_class, DwDeckView, layout);
  gtk_widget_class_bind_template_child (widget_class, DwDeckView, scroller);
  gtk_widget_class_bind_template_child (widget_class, DwDeckView, group_section);
  gtk_widget_class_bind_template_child (widget_class, DwDeckView, sort_section);
  gtk_widget_class_bind_template_child (widget_class, DwDeckView, details_slot);
  gtk_widget_class_bind_template_child (widget_class, DwDeckView, view_stack);
  gtk_widget_class_bind_template_child (widget_class, DwDeckView, list_sections);
  gtk_widget_class_bind_template_child (widget_class, DwDeckView, grid_sections);
  gtk_widget_class_bind_template_child (widget_class, DwDeckView, text_view);
  gtk_widget_class_bind_template_child (widget_class, DwDeckView, problem_box);
  gtk_widget_class_bind_template_child (widget_class, DwDeckView, problems_button);
  gtk_widget_class_bind_template_child (widget_class, DwDeckView, order_button);
  gtk_widget_class_bind_template_child (widget_class, DwDeckView, problems_popover);
  gtk_widget_class_bind_template_child (widget_class, DwDeckView, problems_icon);
  gtk_widget_class_bind_template_child (widget_class, DwDeckView, problems_summary);
  gtk_widget_class_bind_template_child (widget_class, DwDeckView, problems_none);
  gtk_widget_class_bind_template_child (widget_class, DwDeckView, problems_waiting);
  gtk_widget_class_bind_template_callback (widget_class, on_problem_activated_cb);

  gtk_widget_class_install_property_action (widget_class, "deck.group-by", "group-by");
  gtk_widget_class_install_property_action (widget_class, "deck.sort-by", "sort-by");
  gtk_widget_class_install_property_action (widget_class, "deck.view-mode", "view-mode");
  gtk_widget_class_install_action (widget_class, "deck.add-selected", NULL, change_selected_action);
  gtk_widget_class_install_action (widget_class, "deck.remove-selected", NULL, change_selected_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "deck.add-selected", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "deck.add-selected", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "deck.remove-selected", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0, "deck.remove-selected", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "deck.remove-selected", NULL);
  gtk_widget_class_install_action (widget_class, "deck.move-up", NULL, move_selected_action);
  gtk_widget_class_install_action (widget_class, "deck.move-down", NULL, move_selected_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_ALT_MASK, "deck.move-up", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, GDK_ALT_MASK, "deck.move-down", NULL);
  gtk_widget_class_install_action (widget_class, "deck.toggle-considering", NULL, toggle_considering_action);
  gtk_widget_class_install_action (widget_class, "deck.use-as-cover", NULL, use_as_cover_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, GDK_CONTROL_MASK, "deck.toggle-considering", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "deckview");
}

static void
dw_deck_view_init (DwDeckView *self)
{
  GtkTextBuffer *buffer;

  self->group_by = g_strdup ("type");
  self->sort_by = g_strdup ("name");
  self->view_mode = g_strdup ("list");
  gtk_widget_init_template (GTK_WIDGET (self));
  dw_menu_button_quiet_while_open (self->problems_button);
  dw_menu_button_quiet_while_open (self->order_button);

  self->problems = g_list_store_new (DW_TYPE_PROBLEM);
  self->marked = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  self->sections = g_array_sized_new (FALSE, TRUE, sizeof (SectionView), 8);
  self->settings = g_settings_new (APPLICATION_ID);
  /* The menu a screen reader opens says what it is, as its button does. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_menu_button_get_popover (self->order_button)),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Group and Sort the Cards"), -1);

  buffer = gtk_text_view_get_buffer (self->text_view);
  gtk_text_buffer_create_tag (buffer, "section", "weight", PANGO_WEIGHT_BOLD, "scale", 1.2,
                              "pixels-below-lines", 6, NULL);
  gtk_text_buffer_create_tag (buffer, "group", "weight", PANGO_WEIGHT_BOLD,
                              "pixels-above-lines", 8, "pixels-below-lines", 2, NULL);
  gtk_list_box_bind_model (self->problem_box, G_LIST_MODEL (self->problems), create_problem_row, self, NULL);
}

GtkWidget *
dw_deck_view_new (DwLibrary     *library,
                  DwDeckHistory *history)
{
  DwDeckView *self = g_object_new (DW_TYPE_DECK_VIEW, NULL);
  g_autofree char *grouping = NULL;

  self->library = g_object_ref (library);
  self->history = g_object_ref (history);
  self->deck = g_object_ref (dw_deck_history_get_deck (history));
  self->game = g_object_ref (dw_library_lookup_game (library, dw_deck_get_game_id (self->deck)));
  for (guint i = 0; i < dw_game_get_n_properties (self->game) && self->cost == NULL; i++)
    if (dw_game_get_property (self->game, i)->kind == DW_PROPERTY_COST)
      self->cost = dw_game_get_property (self->game, i);

  /* Sections are views of the deck: made once, never moved, so the
   * array is sized for every section the game has. */
  g_assert (dw_game_get_n_sections (self->game) <= 8);

  /* Cards first: rows are made knowing what each entry is. */
  dw_library_resolve_deck (library, self->deck);

  self->detail_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->buttons_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->considering_menu = dw_deck_considering_menu_new (GTK_WIDGET (self));

  adw_bin_set_child (self->details_slot, dw_deck_details_new (library, history));
  add_order_choices (self);
  for (guint i = 0; i < dw_game_get_n_sections (self->game); i++)
    add_section_view (self, dw_game_get_section (self->game, i));

  /* The player's last choices: the grouping of this game, the order and
   * the view. */
  {
    g_autoptr(GVariant) saved = g_settings_get_value (self->settings, "deck-group-by");

    g_variant_lookup (saved, dw_game_get_id (self->game), "s", &grouping);
  }
  set_group_by (self, grouping ? grouping : "type");
  g_settings_bind (self->settings, "deck-sort-by", self, "sort-by", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "deck-view-mode", self, "view-mode", G_SETTINGS_BIND_DEFAULT);

  g_signal_connect_object (self->deck, "changed", G_CALLBACK (on_deck_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (dw_library_get_card_dbs (library), "items-changed",
                           G_CALLBACK (on_card_dbs_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (library, "notify::loading-card-dbs",
                           G_CALLBACK (on_card_dbs_changed_cb), self, G_CONNECT_SWAPPED);
  revalidate (self);
  return GTK_WIDGET (self);
}

/* Adds one copy of @card to the section its type belongs in. */
DwDeckEntry *
dw_deck_view_add_card (DwDeckView *self,
                       DwCard     *card)
{
  const DwSectionDef *home;

  g_return_val_if_fail (DW_IS_DECK_VIEW (self), NULL);

  home = dw_game_section_for_type (self->game, dw_card_get_card_type (card), dw_card_is_token (card));
  if (home == NULL)
    home = dw_game_get_section (self->game, 0);
  return dw_deck_history_add_card (self->history, home->id, card, 1);
}

/* Adds one copy of @card to Considering, where no format counts it. */
DwDeckEntry *
dw_deck_view_consider_card (DwDeckView *self,
                            DwCard     *card)
{
  g_return_val_if_fail (DW_IS_DECK_VIEW (self), NULL);
  g_return_val_if_fail (DW_IS_CARD (card), NULL);

  return dw_deck_history_add_card (self->history, DW_SECTION_CONSIDERING, card, 1);
}

/* Opens the list of problems over the cards, or as soon as the view is
 * shown (a popover needs its button on screen). */
void
dw_deck_view_show_problems (DwDeckView *self)
{
  g_return_if_fail (DW_IS_DECK_VIEW (self));

  if (gtk_widget_get_mapped (GTK_WIDGET (self->problems_button)))
    gtk_menu_button_popup (self->problems_button);
  else
    self->show_problems_when_mapped = TRUE;
}

/* The problems of the deck as it is now, errors first (DwProblem). */
GListModel *
dw_deck_view_get_problems (DwDeckView *self)
{
  g_return_val_if_fail (DW_IS_DECK_VIEW (self), NULL);
  return G_LIST_MODEL (self->problems);
}

/* TRUE while the deck waits for cards still loading: its problems are
 * not known yet. */
gboolean
dw_deck_view_is_waiting_for_cards (DwDeckView *self)
{
  g_return_val_if_fail (DW_IS_DECK_VIEW (self), FALSE);
  return self->waiting;
}

DwFormat *
dw_deck_view_get_format (DwDeckView *self)
{
  g_return_val_if_fail (DW_IS_DECK_VIEW (self), NULL);
  return current_format (self);
}

/* Selects the rows of @entries (and only those), as a problem asks. */
void
dw_deck_view_select_entries (DwDeckView *self,
                             GPtrArray  *entries)
{
  GtkWidget *first = NULL;
  GtkWidget *first_grid = NULL;

  g_return_if_fail (DW_IS_DECK_VIEW (self));

  for (guint i = 0; i < self->sections->len; i++)
    {
      SectionView *view = &g_array_index (self->sections, SectionView, i);
      GtkWidget *row;

      gtk_list_box_unselect_all (view->box);
      for (row = gtk_widget_get_first_child (GTK_WIDGET (view->box)); row; row = gtk_widget_get_next_sibling (row))
        {
          DwDeckEntry *entry = GTK_IS_LIST_BOX_ROW (row) ? g_object_get_data (G_OBJECT (row), "entry") : NULL;

          if (entry != NULL && g_ptr_array_find (entries, entry, NULL))
            {
              gtk_list_box_select_row (view->box, GTK_LIST_BOX_ROW (row));
              if (first == NULL)
                first = row;
            }
        }
    }

  /* The faces show the same pick; the view shown takes the focus. */
  if (!self->syncing)
    {
      self->syncing = TRUE;
      for (guint i = 0; i < self->sections->len; i++)
        {
          SectionView *view = &g_array_index (self->sections, SectionView, i);

          for (guint g = 0; g < view->grids->len; g++)
            {
              GtkGridView *grid = g_ptr_array_index (view->grids, g);
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
        }
      self->syncing = FALSE;
      if (first_grid != NULL && g_str_equal (self->view_mode, "grid"))
        gtk_widget_grab_focus (first_grid);
      else if (first != NULL && g_str_equal (self->view_mode, "list"))
        gtk_widget_grab_focus (first);
    }
}

/* The entries of the selected rows, in every section. */
GPtrArray *
dw_deck_view_get_selected (DwDeckView *self)
{
  GPtrArray *selected = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (DW_IS_DECK_VIEW (self), selected);

  for (guint i = 0; i < self->sections->len; i++)
    {
      SectionView *view = &g_array_index (self->sections, SectionView, i);
      g_autoptr(GList) rows = gtk_list_box_get_selected_rows (view->box);

      for (GList *l = rows; l; l = l->next)
        g_ptr_array_add (selected, g_object_ref (g_object_get_data (l->data, "entry")));
    }
  return selected;
}

/* TRUE when the row of @entry is marked (over its copy limit, in the
 * wrong section, or unknown). */
gboolean
dw_deck_view_is_marked (DwDeckView  *self,
                        DwDeckEntry *entry)
{
  g_return_val_if_fail (DW_IS_DECK_VIEW (self), FALSE);
  return g_hash_table_contains (self->marked, entry);
}

GtkListBox *
dw_deck_view_get_section_box (DwDeckView *self,
                              const char *section_id)
{
  g_return_val_if_fail (DW_IS_DECK_VIEW (self), NULL);

  for (guint i = 0; i < self->sections->len; i++)
    if (g_strcmp0 (g_array_index (self->sections, SectionView, i).def->id, section_id) == 0)
      return g_array_index (self->sections, SectionView, i).box;
  return NULL;
}
