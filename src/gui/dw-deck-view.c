/* dw-deck-view.c — the deck being built
 *
 * Every section of the game, each grouped by card type with counts and
 * the format's target, rows with buttons to add or take a copy, drag and
 * drop in and between sections, and the problems of the current format
 * listed live.  The view never judges a deck itself: it asks
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

#include "dw-card-zoom.h"
#include "dw-deck-considering.h"
#include "dw-deck-view.h"
#include "dw-validate.h"

typedef struct
{
  const DwSectionDef *def;
  GtkListBox         *box;
  GtkLabel           *count;
  GtkSortListModel   *sorted;
} SectionView;

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

  GtkWidget      *layout;      /* the problems bar above the scroller */
  GtkScrolledWindow *scroller;
  AdwExpanderRow *details_row;
  AdwEntryRow    *name_row;
  AdwEntryRow    *author_row;
  AdwEntryRow    *notes_row;
  AdwComboRow    *format_row;
  GtkListBox     *problem_box;
  GtkToggleButton *problems_toggle;
  GtkImage       *problems_icon;
  GtkLabel       *problems_summary;
  GtkRevealer    *problems_revealer;
  GtkWidget      *problems_none;
  GtkWidget      *problems_waiting;
  GtkSizeGroup   *detail_group;   /* the cost column and its heading */
  GtkSizeGroup   *buttons_group;  /* the row buttons and the space above them */
  GtkWidget      *considering_menu;  /* a row's menu: to Considering or back */
  gboolean        updating;
  gboolean        waiting;     /* for cards still loading */
};

G_DEFINE_FINAL_TYPE (DwDeckView, dw_deck_view, GTK_TYPE_WIDGET)

enum {
  ENTRY_SELECTED,
  VALIDATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_WAITING_FOR_CARDS,
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

static int
compare_entries (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  DwGame *game = user_data;
  int ta = type_index (game, (DwDeckEntry *) a);
  int tb = type_index (game, (DwDeckEntry *) b);

  if (ta != tb)
    return ta < tb ? -1 : 1;
  return g_utf8_collate (dw_deck_entry_get_display_name ((DwDeckEntry *) a),
                         dw_deck_entry_get_display_name ((DwDeckEntry *) b));
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
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
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

/* A header above the first row of each card type: "Creature · 24",
 * with the name of the detail column above it. */
static void
update_header (GtkListBoxRow *row,
               GtkListBoxRow *before,
               gpointer       user_data)
{
  DwDeckView *self = user_data;
  DwDeckEntry *entry = g_object_get_data (G_OBJECT (row), "entry");
  DwDeckEntry *previous = before ? g_object_get_data (G_OBJECT (before), "entry") : NULL;
  DwCard *card = dw_deck_entry_get_card (entry);
  int type = type_index (self->game, entry);
  GListModel *entries;
  g_autofree char *text = NULL;
  GtkWidget *header, *title, *column, *spacer;
  guint total = 0;

  if (previous != NULL && type_index (self->game, previous) == type)
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }

  entries = dw_deck_get_section (self->deck, dw_deck_entry_get_section (entry));
  for (guint i = 0; entries && i < g_list_model_get_n_items (entries); i++)
    {
      g_autoptr(DwDeckEntry) other = g_list_model_get_item (entries, i);
      if (type_index (self->game, other) == type)
        total += dw_deck_entry_get_count (other);
    }

  text = g_strdup_printf ("%s · %u",
                          card ? dw_card_get_card_type (card)
                               : self->waiting ? _("Cards still loading") : _("Unknown cards"),
                          total);
  header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  title = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (title), 0.0);
  gtk_widget_set_hexpand (title, TRUE);
  gtk_widget_add_css_class (title, "heading");
  column = gtk_label_new (detail_heading (card));
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
  gtk_list_box_row_set_header (row, header);
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

      /* Headers hold totals: redraw them. */
      gtk_list_box_invalidate_headers (view->box);
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

/* The bar above the cards: its height never depends on the verdict, so
 * the cards stay where they are as the deck turns legal or illegal. */
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
  gtk_label_set_text (self->problems_summary, summary);
  gtk_image_set_from_icon_name (self->problems_icon, icon);
  for (guint i = 0; i < 4; i++)
    gtk_widget_remove_css_class (GTK_WIDGET (self->problems_icon),
                                 (const char *[]) { "success", "dim-label", "error", "warning" }[i]);
  gtk_widget_add_css_class (GTK_WIDGET (self->problems_icon), style);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->problems_toggle), GTK_ACCESSIBLE_PROPERTY_LABEL,
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

static void
show_details (DwDeckView *self)
{
  DwFormat *format = current_format (self);
  GListModel *formats = dw_game_get_formats (self->game);
  const char *name = dw_deck_get_name (self->deck);
  const char *author = dw_deck_get_author (self->deck);
  g_autofree char *note = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *note_text = NULL;

  self->updating = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), dw_deck_get_name (self->deck) ?: "");
  gtk_editable_set_text (GTK_EDITABLE (self->author_row), dw_deck_get_author (self->deck) ?: "");
  gtk_editable_set_text (GTK_EDITABLE (self->notes_row), dw_deck_get_notes (self->deck) ?: "");
  for (guint i = 0; i < g_list_model_get_n_items (formats); i++)
    {
      g_autoptr(DwFormat) candidate = g_list_model_get_item (formats, i);
      if (candidate == format)
        adw_combo_row_set_selected (self->format_row, i);
    }
  self->updating = FALSE;

  note_text = dw_format_is_project_choice (format)
    ? g_strdup_printf (_("%s These limits are Deckwright's own choice: the original game's numbers are lost."),
                       dw_format_get_description (format))
    : g_strdup (dw_format_get_description (format));
  note = g_markup_escape_text (note_text, -1);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->format_row), note);

  /* Folded, the details are one row: the deck's name over its format
   * and author. */
  title = g_markup_escape_text (name && *name ? name : _("Untitled deck"), -1);
  subtitle = author && *author
    ? g_markup_printf_escaped (_("%s · by %s"), dw_format_get_name (format), author)
    : g_markup_escape_text (dw_format_get_name (format), -1);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->details_row), title);
  adw_expander_row_set_subtitle (self->details_row, subtitle);
}

static void
on_deck_changed_cb (DwDeckView *self)
{
  show_details (self);
  revalidate (self);
}

/* A card database arrived, or the last did: entries find their cards,
 * sections sort them by their types, and the deck is checked again. */
static void
on_card_dbs_changed_cb (DwDeckView *self)
{
  revalidate (self);
  for (guint i = 0; i < self->sections->len; i++)
    {
      GtkSorter *sorter = gtk_sort_list_model_get_sorter (g_array_index (self->sections, SectionView, i).sorted);

      if (sorter != NULL)
        gtk_sorter_changed (sorter, GTK_SORTER_CHANGE_DIFFERENT);
    }
}

static void
on_details_apply_cb (DwDeckView *self)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_row));
  const char *author = gtk_editable_get_text (GTK_EDITABLE (self->author_row));
  const char *notes = gtk_editable_get_text (GTK_EDITABLE (self->notes_row));

  if (self->updating)
    return;
  /* An empty field means "not given", as in the file. */
  dw_deck_history_set_details (self->history, *name ? name : NULL, *author ? author : NULL,
                               *notes ? notes : NULL);
}

static void
on_format_selected_cb (DwDeckView *self)
{
  g_autoptr(DwFormat) format = NULL;
  guint selected = adw_combo_row_get_selected (self->format_row);

  if (self->updating || selected == GTK_INVALID_LIST_POSITION)
    return;
  format = g_list_model_get_item (dw_game_get_formats (self->game), selected);
  if (format != current_format (self))
    dw_deck_history_set_format (self->history, dw_format_get_id (format));
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
  guint position = view->def->ordered ? drop_position (view->box, y) : G_MAXUINT;

  if (G_VALUE_HOLDS (value, DW_TYPE_CARD))
    {
      DwCard *card = g_value_get_object (value);
      gboolean existed = dw_deck_find_card (self->deck, view->def->id, card) != NULL;
      DwDeckEntry *entry = dw_deck_history_add_card (self->history, view->def->id, card, 1);

      if (!existed && position != G_MAXUINT)
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

static void
add_section_view (DwDeckView         *self,
                  GtkBox             *column,
                  const DwSectionDef *def)
{
  SectionView view = { def, };
  GtkWidget *title_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *title = gtk_label_new (def->name);
  GtkWidget *placeholder = gtk_label_new (_("Drop cards here, or add them from the list"));
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  GType types[] = { DW_TYPE_CARD, DW_TYPE_DECK_ENTRY };
  GListModel *entries = dw_deck_ensure_section (self->deck, def->id);
  GtkSorter *sorter = NULL;

  gtk_label_set_xalign (GTK_LABEL (title), 0.0);
  gtk_widget_add_css_class (title, "heading");
  gtk_widget_set_hexpand (title, TRUE);
  view.count = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (view.count), "numeric");
  gtk_box_append (GTK_BOX (title_row), title);
  gtk_box_append (GTK_BOX (title_row), GTK_WIDGET (view.count));
  gtk_widget_set_margin_top (title_row, 18);
  gtk_widget_set_margin_bottom (title_row, 6);
  gtk_box_append (column, title_row);
  if (def->considering)
    dw_deck_considering_add_caption (column);

  /* Chapters keep the player's order; other sections group by type. */
  if (!def->ordered)
    sorter = GTK_SORTER (gtk_custom_sorter_new (compare_entries, self->game, NULL));
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
  gtk_box_append (column, GTK_WIDGET (view.box));

  g_array_append_val (self->sections, view);
  /* The array may move as it grows; the drop handler finds its view by
   * index through the box. */
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

  if (problem != NULL)
    dw_deck_view_select_entries (self, dw_problem_get_entries (problem));
}

static void
on_problems_toggled_cb (DwDeckView *self)
{
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->problems_toggle), GTK_ACCESSIBLE_STATE_EXPANDED,
                               gtk_toggle_button_get_active (self->problems_toggle), -1);
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

  gtk_widget_add_css_class (icon, error ? "error" : "warning");
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), dw_problem_get_code (problem));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  return row;
}

/* The problems, in a bar above the cards that keeps its height: a
 * summary with their count that folds the list away, and below it a
 * space of fixed height for the list, the all-clear or the wait. */
static GtkWidget *
build_problems_bar (DwDeckView *self)
{
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *summary = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *arrow = gtk_image_new_from_icon_name ("pan-down-symbolic");
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *none = gtk_label_new (_("The deck meets every rule of its format"));
  GtkWidget *waiting = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *pages = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *spinner = gtk_spinner_new ();
  GtkWidget *waiting_label = gtk_label_new (_("Loading cards; the deck is checked once they are in"));

  self->problems_icon = GTK_IMAGE (gtk_image_new ());
  self->problems_summary = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->problems_summary, 0.0);
  gtk_label_set_ellipsize (self->problems_summary, PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (GTK_WIDGET (self->problems_summary), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->problems_summary), "heading");
  gtk_box_append (GTK_BOX (summary), GTK_WIDGET (self->problems_icon));
  gtk_box_append (GTK_BOX (summary), GTK_WIDGET (self->problems_summary));
  gtk_box_append (GTK_BOX (summary), arrow);

  self->problems_toggle = GTK_TOGGLE_BUTTON (gtk_toggle_button_new ());
  gtk_button_set_child (GTK_BUTTON (self->problems_toggle), summary);
  gtk_widget_add_css_class (GTK_WIDGET (self->problems_toggle), "flat");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->problems_toggle), _("Show or Hide the Problems"));
  gtk_toggle_button_set_active (self->problems_toggle, TRUE);

  self->problem_box = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_widget_add_css_class (GTK_WIDGET (self->problem_box), "boxed-list");
  gtk_list_box_set_selection_mode (self->problem_box, GTK_SELECTION_NONE);
  gtk_list_box_bind_model (self->problem_box, G_LIST_MODEL (self->problems), create_problem_row, self, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->problem_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Problems"), -1);
  g_signal_connect (self->problem_box, "row-activated", G_CALLBACK (on_problem_activated_cb), self);
  gtk_widget_set_valign (GTK_WIDGET (self->problem_box), GTK_ALIGN_START);

  gtk_label_set_wrap (GTK_LABEL (none), TRUE);
  gtk_widget_add_css_class (none, "dim-label");
  gtk_spinner_set_spinning (GTK_SPINNER (spinner), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spinner), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Loading cards"), -1);
  gtk_label_set_wrap (GTK_LABEL (waiting_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (waiting_label), 0.0);
  gtk_widget_add_css_class (waiting_label, "dim-label");
  gtk_box_append (GTK_BOX (waiting), spinner);
  gtk_box_append (GTK_BOX (waiting), waiting_label);
  gtk_widget_set_valign (waiting, GTK_ALIGN_CENTER);

  self->problems_none = none;
  self->problems_waiting = waiting;
  gtk_box_append (GTK_BOX (pages), GTK_WIDGET (self->problem_box));
  gtk_box_append (GTK_BOX (pages), none);
  gtk_box_append (GTK_BOX (pages), waiting);

  /* A fixed height, whatever the count: more problems scroll. */
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), 120);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 120);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), pages);

  self->problems_revealer = GTK_REVEALER (gtk_revealer_new ());
  gtk_revealer_set_child (self->problems_revealer, scroller);
  gtk_revealer_set_transition_type (self->problems_revealer, GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
  g_object_bind_property (self->problems_toggle, "active", self->problems_revealer, "reveal-child",
                          G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->problems_toggle, "notify::active", G_CALLBACK (on_problems_toggled_cb),
                           self, G_CONNECT_SWAPPED);
  on_problems_toggled_cb (self);

  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->problems_toggle));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->problems_revealer));
  gtk_widget_add_css_class (bar, "problems-bar");
  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  gtk_widget_set_margin_top (bar, 6);
  gtk_widget_set_margin_bottom (bar, 6);
  return bar;
}

static GtkWidget *
build (DwDeckView *self)
{
  GtkBox *column = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *details = adw_preferences_group_new ();
  g_autoptr(GtkExpression) format_name = NULL;

  gtk_widget_set_margin_start (GTK_WIDGET (column), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (column), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (column), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (column), 24);

  /* The deck's own details, folded into one row: opened, they push only
   * the cards below, and only when asked. */
  self->details_row = ADW_EXPANDER_ROW (adw_expander_row_new ());
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (details), GTK_WIDGET (self->details_row));

  self->name_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->name_row), _("Deck name"));
  self->author_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->author_row), _("Author"));
  self->notes_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->notes_row), _("Notes"));
  for (guint i = 0; i < 3; i++)
    {
      AdwEntryRow *row = (AdwEntryRow *[]) { self->name_row, self->author_row, self->notes_row }[i];

      adw_entry_row_set_show_apply_button (row, TRUE);
      g_signal_connect_swapped (row, "apply", G_CALLBACK (on_details_apply_cb), self);
      g_signal_connect_swapped (row, "entry-activated", G_CALLBACK (on_details_apply_cb), self);
      adw_expander_row_add_row (self->details_row, GTK_WIDGET (row));
    }

  self->format_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->format_row), _("Format"));
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (self->format_row), 0);
  format_name = gtk_property_expression_new (DW_TYPE_FORMAT, NULL, "name");
  adw_combo_row_set_expression (self->format_row, format_name);
  adw_combo_row_set_model (self->format_row, dw_game_get_formats (self->game));
  g_signal_connect_swapped (self->format_row, "notify::selected", G_CALLBACK (on_format_selected_cb), self);
  adw_expander_row_add_row (self->details_row, GTK_WIDGET (self->format_row));
  gtk_box_append (column, details);

  for (guint i = 0; i < dw_game_get_n_sections (self->game); i++)
    add_section_view (self, column, dw_game_get_section (self->game, i));

  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 720);
  adw_clamp_set_child (ADW_CLAMP (clamp), GTK_WIDGET (column));
  return clamp;
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

static void
dw_deck_view_dispose (GObject *object)
{
  DwDeckView *self = DW_DECK_VIEW (object);

  if (self->library != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->library, self);
      g_signal_handlers_disconnect_by_data (dw_library_get_card_dbs (self->library), self);
    }
  if (self->layout != NULL)
    {
      gtk_widget_unparent (self->layout);
      self->layout = NULL;
      self->scroller = NULL;
    }
  g_clear_pointer (&self->considering_menu, gtk_widget_unparent);
  g_clear_object (&self->detail_group);
  g_clear_object (&self->buttons_group);
  if (self->sections != NULL)
    {
      for (guint i = 0; i < self->sections->len; i++)
        g_clear_object (&g_array_index (self->sections, SectionView, i).sorted);
      g_clear_pointer (&self->sections, g_array_unref);
    }
  g_clear_object (&self->problems);
  g_clear_pointer (&self->marked, g_hash_table_unref);
  g_clear_object (&self->history);
  g_clear_object (&self->deck);
  g_clear_object (&self->game);
  g_clear_object (&self->library);

  G_OBJECT_CLASS (dw_deck_view_parent_class)->dispose (object);
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
  object_class->get_property = dw_deck_view_get_property;

  /* TRUE while the deck names cards whose databases are still loading:
   * it is checked, and "validated" emitted, once they are in. */
  properties[PROP_WAITING_FOR_CARDS] =
    g_param_spec_boolean ("waiting-for-cards", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A row was picked: its card may be shown large. */
  signals[ENTRY_SELECTED] =
    g_signal_new ("entry-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, DW_TYPE_DECK_ENTRY);
  /* After every check: the number of errors and of warnings. */
  signals[VALIDATED] =
    g_signal_new ("validated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

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
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, GDK_CONTROL_MASK, "deck.toggle-considering", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "deckview");
}

static void
dw_deck_view_init (DwDeckView *self)
{
  self->problems = g_list_store_new (DW_TYPE_PROBLEM);
  self->marked = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  self->sections = g_array_sized_new (FALSE, TRUE, sizeof (SectionView), 8);
}

GtkWidget *
dw_deck_view_new (DwLibrary     *library,
                  DwDeckHistory *history)
{
  DwDeckView *self = g_object_new (DW_TYPE_DECK_VIEW, NULL);

  self->library = g_object_ref (library);
  self->history = g_object_ref (history);
  self->deck = g_object_ref (dw_deck_history_get_deck (history));
  self->game = g_object_ref (dw_library_lookup_game (library, dw_deck_get_game_id (self->deck)));

  /* Sections are views of the deck: made once, never moved, so the
   * array is sized for every section the game has. */
  g_assert (dw_game_get_n_sections (self->game) <= 8);

  /* Cards first: rows are made knowing what each entry is. */
  dw_library_resolve_deck (library, self->deck);

  self->detail_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->buttons_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->considering_menu = dw_deck_considering_menu_new (GTK_WIDGET (self));
  self->layout = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  {
    GtkWidget *bar_clamp = adw_clamp_new ();

    adw_clamp_set_maximum_size (ADW_CLAMP (bar_clamp), 720);
    adw_clamp_set_child (ADW_CLAMP (bar_clamp), build_problems_bar (self));
    gtk_box_append (GTK_BOX (self->layout), bar_clamp);
    gtk_box_append (GTK_BOX (self->layout), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  }
  self->scroller = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_scrolled_window_set_policy (self->scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (self->scroller, build (self));
  gtk_widget_set_vexpand (GTK_WIDGET (self->scroller), TRUE);
  gtk_box_append (GTK_BOX (self->layout), GTK_WIDGET (self->scroller));
  gtk_widget_set_parent (self->layout, GTK_WIDGET (self));

  g_signal_connect_object (self->deck, "changed", G_CALLBACK (on_deck_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (dw_library_get_card_dbs (library), "items-changed",
                           G_CALLBACK (on_card_dbs_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (library, "notify::loading-card-dbs",
                           G_CALLBACK (on_card_dbs_changed_cb), self, G_CONNECT_SWAPPED);
  show_details (self);
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

  if (first != NULL)
    gtk_widget_grab_focus (first);
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
