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
 * The view holds the parts together and keeps them in step: the groups,
 * their order and the decklist text are core's (dw-deck-grouping.c); a
 * row is a DwDeckRow (dw-deck-row.c), a section's faces a DwDeckFaces
 * (dw-deck-faces.c), the verdict a DwProblemsBar (dw-problems-bar.c);
 * drops are dw-deck-drop.c's, the picked rows and what the keys do to
 * them dw-deck-view-picks.c's, and the way to and from Considering
 * dw-deck-considering.c's.
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
#include "dw-deck-drop.h"
#include "dw-deck-faces.h"
#include "dw-deck-grouping.h"
#include "dw-deck-row.h"
#include "dw-deck-view-private.h"
#include "dw-problems-bar.h"
#include "dw-validate.h"

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

static DwGroupKey
group_key (DwDeckView  *self,
           DwDeckEntry *entry)
{
  return dw_deck_group_key (self->game, self->group_by, entry);
}

static int
compare_entries (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  DwDeckView *self = user_data;

  return dw_deck_grouping_compare (self->game, self->group_by, self->sort_by,
                                   (DwDeckEntry *) a, (DwDeckEntry *) b);
}

/* How many cards of @section_id are in the group of @entry. */
static guint64
group_total (DwDeckView  *self,
             const char  *section_id,
             DwDeckEntry *entry)
{
  return dw_deck_group_total (self->game, self->group_by, dw_deck_get_section (self->deck, section_id), entry);
}

/* The row follows its entry by itself; what it cannot know it is told. */
static void
update_row (DwDeckView *self,
            DwDeckRow  *row)
{
  dw_deck_row_set_waiting (row, self->waiting);
  dw_deck_row_set_message (row, g_hash_table_lookup (self->marked, dw_deck_row_get_entry (row)));
}

static void
on_row_add_copy_cb (DwDeckRow  *row,
                    DwDeckView *self)
{
  DwDeckEntry *entry = dw_deck_row_get_entry (row);
  DwCard *card = dw_deck_entry_get_card (entry);

  if (card != NULL)
    dw_deck_history_add_card (self->history, dw_deck_entry_get_section (entry), card, 1);
}

static void
on_row_remove_copy_cb (DwDeckRow  *row,
                       DwDeckView *self)
{
  dw_deck_history_remove (self->history, dw_deck_row_get_entry (row), 1);
}

/* The row's menu asked for it alone, as a click would. */
static void
on_row_pick_cb (DwDeckRow  *row,
                DwDeckView *self)
{
  g_autoptr(GPtrArray) pick = g_ptr_array_new ();

  g_ptr_array_add (pick, dw_deck_row_get_entry (row));
  dw_deck_view_select_entries (self, pick);
}

static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  DwDeckView *self = user_data;
  DwDeckEntry *entry = item;
  GtkWidget *row = dw_deck_row_new (entry);

  dw_deck_row_add_to_size_groups (DW_DECK_ROW (row), self->detail_group, self->buttons_group);
  g_signal_connect_object (row, "add-copy", G_CALLBACK (on_row_add_copy_cb), self, 0);
  g_signal_connect_object (row, "remove-copy", G_CALLBACK (on_row_remove_copy_cb), self, 0);
  g_signal_connect_object (row, "pick", G_CALLBACK (on_row_pick_cb), self, 0);
  dw_card_zoom_attach_entry (row, self->game, entry);
  update_row (self, DW_DECK_ROW (row));
  return row;
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
  DwDeckEntry *entry = dw_deck_row_get_entry (DW_DECK_ROW (row));
  DwDeckEntry *previous = before ? dw_deck_row_get_entry (DW_DECK_ROW (before)) : NULL;
  DwCard *card = dw_deck_entry_get_card (entry);
  GtkWidget *header = gtk_list_box_row_get_header (row);
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  if (previous != NULL && dw_group_key_equal (group_key (self, previous), group_key (self, entry)))
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }

  name = dw_deck_group_title (self->game, self->group_by, entry, self->waiting);
  text = g_strdup_printf ("%s · %" G_GUINT64_FORMAT, name, group_total (self, dw_deck_entry_get_section (entry), entry));
  if (header != NULL)
    {
      dw_deck_group_heading_set (header, text, dw_deck_row_detail_heading (card));
      if (gtk_widget_get_next_sibling (header) != GTK_WIDGET (row))
        gtk_widget_insert_before (header, gtk_widget_get_parent (GTK_WIDGET (row)), GTK_WIDGET (row));
      return;
    }

  header = dw_deck_group_heading_new (self->detail_group, self->buttons_group);
  dw_deck_group_heading_set (header, text, dw_deck_row_detail_heading (card));
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
  return dw_deck_grouping_sort (self->game, self->group_by, self->sort_by,
                                dw_deck_get_section (self->deck, view->def->id), view->def->ordered);
}

static void
append_decklist_line (DwDecklistLine  kind,
                      const char     *text,
                      gpointer        user_data)
{
  GtkTextBuffer *buffer = user_data;
  const char *tag = kind == DW_DECKLIST_SECTION ? "section" : kind == DW_DECKLIST_GROUP ? "group" : NULL;
  GtkTextIter end;

  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_insert_with_tags_by_name (buffer, &end, text, -1, tag, NULL);
  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_insert (buffer, &end, "\n", 1);
}

/* The decklist as a player writes it (dw-deck-grouping.c). */
static void
update_text (DwDeckView *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);

  gtk_text_buffer_set_text (buffer, "", 0);
  dw_deck_grouping_write_decklist (self->deck, self->game, self->group_by, self->sort_by, self->waiting,
                                   append_decklist_line, buffer);
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
        if (DW_IS_DECK_ROW (row))
          update_row (self, DW_DECK_ROW (row));
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
      dw_problems_bar_show_verdict (self->problems_bar, TRUE, 0, 0);
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
  dw_problems_bar_show_verdict (self->problems_bar, FALSE, errors, problems->len - errors);
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
  if (DW_IS_DECK_ROW (row))
    g_signal_emit (self, signals[ENTRY_SELECTED], 0, dw_deck_row_get_entry (DW_DECK_ROW (row)));
}

/* Faces were picked: the rows of the list follow, so the keys act on
 * them, and the first one's card may be shown large. */
static void
on_faces_picked_cb (DwDeckFaces *faces,
                    GPtrArray   *picked,
                    DwDeckView  *self)
{
  if (self->syncing)
    return;
  self->syncing = TRUE;
  /* One pick at a time across the sections, as a click means. */
  for (guint i = 0; i < self->sections->len; i++)
    {
      SectionView *view = &g_array_index (self->sections, SectionView, i);

      if (view->faces != faces)
        dw_deck_faces_unselect_all (view->faces);
    }
  dw_deck_view_select_entries (self, picked);
  self->syncing = FALSE;
  if (picked->len > 0)
    g_signal_emit (self, signals[ENTRY_SELECTED], 0, g_ptr_array_index (picked, 0));
}

/* The faces of each section follow its rows' groups and order. */
static void
update_grids (DwDeckView *self,
              gboolean    refilter)
{
  for (guint i = 0; i < self->sections->len; i++)
    {
      SectionView *view = &g_array_index (self->sections, SectionView, i);
      g_autoptr(GPtrArray) entries = entries_in_order (self, view);

      dw_deck_faces_update (view->faces, entries, dw_deck_get_section (self->deck, view->def->id),
                            self->group_by, self->waiting, refilter);
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
  GtkWidget *title = dw_deck_heading_new (def->name, 2);

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

  dw_deck_drop_attach (GTK_WIDGET (view.box), view.box, self->history, def);
  gtk_box_append (self->list_sections, GTK_WIDGET (view.box));

  /* The same cards in the same groups and order, as faces. */
  gtk_box_append (self->grid_sections, section_title (def, &view.grid_count));
  if (def->considering)
    dw_deck_considering_add_caption (self->grid_sections);
  view.faces = DW_DECK_FACES (dw_deck_faces_new (self->game, def, G_LIST_MODEL (view.sorted)));
  g_signal_connect_object (view.faces, "picked", G_CALLBACK (on_faces_picked_cb), self, 0);
  gtk_box_append (self->grid_sections, GTK_WIDGET (view.faces));

  /* The faces take cards from the browser as the rows do. */
  gtk_widget_set_size_request (GTK_WIDGET (view.faces), -1, 48);
  dw_deck_drop_attach (GTK_WIDGET (view.faces), NULL, self->history, def);

  g_array_append_val (self->sections, view);
}

/* A problem was picked: the rows it names are picked too. */
static void
on_problem_activated_cb (DwDeckView *self,
                         DwProblem  *problem)
{
  dw_deck_view_select_entries (self, dw_problem_get_entries (problem));
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

  if (!dw_deck_grouping_can_group_by (self->game, choice))
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

  g_type_ensure (DW_TYPE_PROBLEMS_BAR);
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
  gtk_widget_class_bind_template_child (widget_class, DwDeckView, problems_bar);
  gtk_widget_class_bind_template_child (widget_class, DwDeckView, order_button);
  gtk_widget_class_bind_template_callback (widget_class, on_problem_activated_cb);
  dw_deck_view_class_add_pick_actions (widget_class);

  gtk_widget_class_install_property_action (widget_class, "deck.group-by", "group-by");
  gtk_widget_class_install_property_action (widget_class, "deck.sort-by", "sort-by");
  gtk_widget_class_install_property_action (widget_class, "deck.view-mode", "view-mode");

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
  dw_problems_bar_set_problems (self->problems_bar, G_LIST_MODEL (self->problems));
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
  self->cost = dw_deck_grouping_cost_property (self->game);

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

  dw_problems_bar_popup (self->problems_bar);
}

/* The button whose popover lists the problems. */
GtkMenuButton *
dw_deck_view_get_problems_button (DwDeckView *self)
{
  g_return_val_if_fail (DW_IS_DECK_VIEW (self), NULL);
  return dw_problems_bar_get_button (self->problems_bar);
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

void
dw_deck_view_set_path (DwDeckView *self,
                       const char *path)
{
  g_return_if_fail (DW_IS_DECK_VIEW (self));

  dw_deck_details_set_path (DW_DECK_DETAILS (adw_bin_get_child (self->details_slot)), path);
}
