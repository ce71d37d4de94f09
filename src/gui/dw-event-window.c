/* dw-event-window.c — the organiser's desk: every decklist of an event
 *
 * A view over DwEvent (src/core/dw-event.c), which reads and judges the
 * files: the window only lists the rows (filtered, then sorted by the
 * column the organiser clicks), shows the selected deck's problems and
 * cards, compares a registered list with the deck presented at a deck
 * check, and writes the report and the sheets through dw-event-report.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dw-application.h"
#include "dw-column-fit.h"
#include "dw-column-give-way.h"
#include "dw-deck-compare.h"
#include "dw-deck-compare-window.h"
#include "dw-event-report.h"
#include "dw-event-window.h"
#include "dw-export.h"
#include "dw-import.h"
#include "dw-menu-button.h"

struct _DwEventWindow
{
  AdwApplicationWindow  parent_instance;

  DwLibrary            *library;
  DwEvent              *event;
  GPtrArray            *format_ids;     /* char *; NULL first: each deck's own */
  GtkStringFilter      *text_filter;
  GtkCustomFilter      *verdict_filter;
  GtkSortListModel     *sorted;
  GtkSingleSelection   *selection;
  DwEventEntry         *selected;       /* kept across a re-check */
  char                 *last_message;

  AdwToastOverlay      *toasts;
  AdwWindowTitle       *title;
  GtkDropDown          *format_dropdown;
  GtkStack             *stack;
  GtkPaned             *paned;
  GtkWidget            *details_pane;   /* shown while a decklist is picked */
  GtkMenuButton        *menu_button;
  GtkSearchEntry       *search_entry;
  GtkDropDown          *verdict_dropdown;
  GtkColumnView        *column_view;
  GtkLabel             *detail_title;
  GtkLabel             *detail_subtitle;
  GtkLabel             *detail_verdict;
  GtkLabel             *detail_problems;
  GtkLabel             *detail_list;
};

G_DEFINE_FINAL_TYPE (DwEventWindow, dw_event_window, ADW_TYPE_APPLICATION_WINDOW)

static void on_format_selected_cb (GtkDropDown   *dropdown,
                                   GParamSpec    *pspec,
                                   DwEventWindow *self);

/* The columns: what each shows, from which property of DwEventEntry.
 * At narrow widths those that may give way hide, last first (File,
 * Fingerprint, Warnings, Errors, Format, Game, Deck: see
 * dw-column-give-way.c), so the rest read whole; the player's name and
 * the verdict, what an organiser reads at a deck check, never hide, and
 * the selected deck's details show everything the others held. */
static const struct {
  const char *title;
  const char *property;
  gboolean    numeric;
  gboolean    expand;
  gboolean    gives_way;
} columns[] = {
  { N_("Player"), "player", FALSE, TRUE, FALSE },
  { N_("Deck"), "deck-name", FALSE, TRUE, TRUE },
  { N_("Game"), "game-name", FALSE, FALSE, TRUE },
  { N_("Format"), "format-name", FALSE, FALSE, TRUE },
  { N_("Verdict"), "verdict-text", FALSE, FALSE, FALSE },
  { N_("Errors"), "n-errors", TRUE, FALSE, TRUE },
  { N_("Warnings"), "n-warnings", TRUE, FALSE, TRUE },
  { N_("Fingerprint"), "fingerprint", FALSE, FALSE, TRUE },
  { N_("File"), "file-name", FALSE, FALSE, TRUE },
};

static void
say (DwEventWindow *self,
     const char    *message)
{
  g_autofree char *escaped = g_markup_escape_text (message, -1);

  g_free (self->last_message);
  self->last_message = g_strdup (message);
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (escaped));
}

static const char *
verdict_label (DwEventVerdict verdict)
{
  switch (verdict)
    {
    case DW_EVENT_VERDICT_LEGAL:
      return _("Legal");
    case DW_EVENT_VERDICT_ILLEGAL:
      return _("Illegal");
    case DW_EVENT_VERDICT_UNREADABLE:
    default:
      return _("Unreadable");
    }
}

/* What the search box matches: player, deck and file name together. */
static char *
search_text (DwEventEntry *entry)
{
  return g_strjoin (" ", dw_event_entry_get_player (entry), dw_event_entry_get_deck_name (entry),
                    dw_event_entry_get_file_name (entry), NULL);
}

static gboolean
verdict_matches (gpointer item,
                 gpointer user_data)
{
  DwEventWindow *self = user_data;
  guint wanted = gtk_drop_down_get_selected (self->verdict_dropdown);

  return wanted == 0 || wanted == GTK_INVALID_LIST_POSITION ||
         dw_event_entry_get_verdict (item) == (DwEventVerdict) (wanted - 1);
}

static void
update_title (DwEventWindow *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->event));
  g_autofree char *subtitle = NULL;

  if (n > 0)
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%u decklist: %u legal, %u illegal, %u unreadable",
                                             "%u decklists: %u legal, %u illegal, %u unreadable", n),
                                n, dw_event_count_verdict (self->event, DW_EVENT_VERDICT_LEGAL),
                                dw_event_count_verdict (self->event, DW_EVENT_VERDICT_ILLEGAL),
                                dw_event_count_verdict (self->event, DW_EVENT_VERDICT_UNREADABLE));
  adw_window_title_set_subtitle (self->title, subtitle ? subtitle : "");
  /* A phone's width shortens the counts; the tooltip has them whole. */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->title), subtitle);
  gtk_stack_set_visible_child_name (self->stack, n > 0 ? "list" : "empty");
}

/* The list as a judge reads it: each section under its name and size. */
static char *
deck_listing (DwDeck *deck,
              DwGame *game)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < dw_deck_get_n_sections (deck); i++)
    {
      const char *section = dw_deck_get_section_id (deck, i);
      GListModel *entries = dw_deck_get_section (deck, section);
      guint n = g_list_model_get_n_items (entries);

      if (n == 0 || dw_section_is_considering (section))
        continue;
      g_string_append_printf (out, "%s%s (%u)\n", out->len ? "\n" : "", dw_section_display_name (game, section),
                              dw_deck_count_section (deck, section));
      for (guint j = 0; j < n; j++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, j);

          g_string_append_printf (out, "%2u × %s%s\n", dw_deck_entry_get_count (entry),
                                  dw_deck_entry_get_display_name (entry),
                                  dw_deck_entry_get_card (entry) ? "" : _(" (unknown card)"));
        }
    }
  return g_string_free (out, FALSE);
}

static void
show_details (DwEventWindow *self,
              DwEventEntry  *entry)
{
  g_autoptr(GString) problems = g_string_new (NULL);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *list = NULL;
  GPtrArray *found;
  GPtrArray *warnings;
  DwDeck *deck;

  /* Nothing to show: the list takes the whole width, so its columns
   * read whole. */
  gtk_widget_set_visible (self->details_pane, entry != NULL);
  if (entry == NULL)
    {
      gtk_label_set_text (self->detail_title, _("Select a decklist to see its problems and its cards."));
      gtk_label_set_text (self->detail_subtitle, "");
      gtk_label_set_text (self->detail_verdict, "");
      gtk_label_set_text (self->detail_problems, "");
      gtk_label_set_text (self->detail_list, "");
      return;
    }

  deck = dw_event_entry_get_deck (entry);
  title = *dw_event_entry_get_deck_name (entry)
          ? g_strdup_printf (_("%s — %s"), dw_event_entry_get_deck_name (entry), dw_event_entry_get_player (entry))
          : g_strdup (dw_event_entry_get_player (entry));
  subtitle = g_strjoin (" · ", dw_event_entry_get_file_name (entry), dw_event_entry_get_game_name (entry),
                        dw_event_entry_get_format_name (entry), dw_event_entry_get_fingerprint (entry), NULL);
  gtk_label_set_text (self->detail_title, title);
  gtk_label_set_text (self->detail_subtitle, subtitle);
  gtk_label_set_text (self->detail_verdict, verdict_label (dw_event_entry_get_verdict (entry)));
  gtk_widget_remove_css_class (GTK_WIDGET (self->detail_verdict), "success");
  gtk_widget_remove_css_class (GTK_WIDGET (self->detail_verdict), "error");
  gtk_widget_add_css_class (GTK_WIDGET (self->detail_verdict),
                            dw_event_entry_get_legal (entry) ? "success" : "error");

  if (dw_event_entry_get_error (entry) != NULL)
    g_string_append_printf (problems, "%s\n", dw_event_entry_get_error (entry));
  found = dw_event_entry_get_problems (entry);
  for (guint i = 0; found != NULL && i < found->len; i++)
    {
      DwProblem *problem = g_ptr_array_index (found, i);

      g_string_append_printf (problems, "%s [%s] %s\n",
                              dw_problem_get_severity (problem) == DW_SEVERITY_ERROR ? "✖" : "⚠",
                              dw_problem_get_code (problem), dw_problem_get_message (problem));
    }
  warnings = dw_event_entry_get_warnings (entry);
  for (guint i = 0; warnings != NULL && i < warnings->len; i++)
    g_string_append_printf (problems, "%s\n", (const char *) g_ptr_array_index (warnings, i));
  if (problems->len > 0)
    g_string_truncate (problems, problems->len - 1);
  gtk_label_set_text (self->detail_problems, problems->str);

  list = deck ? deck_listing (deck, dw_event_entry_get_game (entry)) : NULL;
  gtk_label_set_text (self->detail_list, list ? list : "");
}

static DwEventEntry *
selected_entry (DwEventWindow *self)
{
  return gtk_single_selection_get_selected_item (self->selection);
}

/* After a re-check the rows are the same objects in a new order: select
 * the same deck again. */
static void
reselect (DwEventWindow *self)
{
  GListModel *shown = G_LIST_MODEL (self->sorted);

  for (guint i = 0; self->selected != NULL && i < g_list_model_get_n_items (shown); i++)
    {
      g_autoptr(DwEventEntry) entry = g_list_model_get_item (shown, i);

      if (entry == self->selected)
        {
          gtk_single_selection_set_selected (self->selection, i);
          return;
        }
    }
}

static void
open_folder_or_files (DwEventWindow *self,
                      GFile        **files,
                      guint          n_files)
{
  guint brought_before = dw_event_count_brought_cards (self->event);
  guint brought;

  for (guint i = 0; i < n_files; i++)
    {
      g_autofree char *path = g_file_get_path (files[i]);
      g_autoptr(GError) error = NULL;

      if (path == NULL)
        continue;
      if (!g_file_test (path, G_FILE_TEST_IS_DIR))
        dw_event_add_file (self->event, path);
      else if (dw_event_add_folder (self->event, path, &error) == 0 && error != NULL)
        say (self, error->message);
    }

  brought = dw_event_count_brought_cards (self->event);
  if (brought > brought_before)
    {
      g_autofree char *message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                               "The decks bring %u card no database has",
                                                               "The decks bring %u cards no database has",
                                                               brought),
                                                  brought);
      g_autofree char *escaped = g_markup_escape_text (message, -1);
      AdwToast *toast = adw_toast_new (escaped);

      g_free (self->last_message);
      self->last_message = g_steal_pointer (&message);
      adw_toast_set_button_label (toast, _("_Keep Cards"));
      adw_toast_set_action_name (toast, "event.keep-cards");
      adw_toast_set_timeout (toast, 0);
      adw_toast_overlay_add_toast (self->toasts, toast);
    }
}

/* The chosen format's name on the button reads whole where the header
 * has room and shortens on a phone (the tooltip has it whole); the list
 * that opens shows the names in full. */
static void
on_short_label_setup_cb (GtkSignalListItemFactory *factory,
                         GtkListItem              *item,
                         gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (GPOINTER_TO_INT (user_data))
    gtk_label_set_width_chars (GTK_LABEL (label), 8);
  gtk_list_item_set_child (item, label);
}

static void
on_short_label_bind_cb (GtkSignalListItemFactory *factory,
                        GtkListItem              *item,
                        gpointer                  user_data)
{
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), gtk_string_object_get_string (string));
}

static GtkListItemFactory *
label_factory (gboolean shortens)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (on_short_label_setup_cb), GINT_TO_POINTER (shortens));
  g_signal_connect (factory, "bind", G_CALLBACK (on_short_label_bind_cb), NULL);
  return factory;
}

/* The button may shorten the chosen format's name: the tooltip has it
 * whole. */
static void
update_format_tooltip (DwEventWindow *self)
{
  GtkStringObject *chosen = gtk_drop_down_get_selected_item (self->format_dropdown);
  g_autofree char *tooltip = NULL;

  if (chosen != NULL)
    tooltip = g_strdup_printf (_("The Format Every Deck Is Checked Against: %s"),
                               gtk_string_object_get_string (chosen));
  dw_menu_button_set_tooltip (GTK_WIDGET (self->format_dropdown), tooltip);
}

static void
fill_formats (DwEventWindow *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GListModel *games = dw_library_get_games (self->library);

  g_ptr_array_set_size (self->format_ids, 0);
  gtk_string_list_append (names, _("Each Deck's Own Format"));
  g_ptr_array_add (self->format_ids, NULL);
  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr(DwGame) game = g_list_model_get_item (games, i);
      GListModel *formats = dw_game_get_formats (game);

      for (guint j = 0; j < g_list_model_get_n_items (formats); j++)
        {
          g_autoptr(DwFormat) format = g_list_model_get_item (formats, j);
          g_autofree char *name = g_strdup_printf (_("%s: %s"), dw_game_get_name (game),
                                                   dw_format_get_name (format));

          gtk_string_list_append (names, name);
          g_ptr_array_add (self->format_ids, g_strdup (dw_format_get_id (format)));
        }
    }
  gtk_drop_down_set_model (self->format_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->format_dropdown, 0);
  update_format_tooltip (self);
}

/* A format dropped into the user's folder joins the menu; the one
 * chosen stays chosen. */
static void
on_formats_changed_cb (GListModel    *model,
                       guint          position,
                       guint          removed,
                       guint          added,
                       DwEventWindow *self)
{
  g_autofree char *chosen = g_strdup (dw_event_get_format_id (self->event));
  guint index = 0;

  g_signal_handlers_block_by_func (self->format_dropdown, on_format_selected_cb, self);
  fill_formats (self);
  for (guint i = 1; chosen != NULL && i < self->format_ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->format_ids, i), chosen) == 0)
      index = i;
  gtk_drop_down_set_selected (self->format_dropdown, index);
  update_format_tooltip (self);
  g_signal_handlers_unblock_by_func (self->format_dropdown, on_format_selected_cb, self);
  if (index == 0)
    dw_event_set_format_id (self->event, NULL);
}

/* Every value reads whole: a column too wide for the list gives way
 * instead.  Only the player's name, which never does, may shorten, and
 * only past sixteen letters; its tooltip has it whole.  A column the
 * organiser has sized by hand shortens its values there
 * (dw-column-fit.c). */
static void
fit_cell (GtkLabel *label,
          gboolean  by_hand)
{
  const char *property = g_object_get_data (G_OBJECT (label), "dw-event-property");
  gboolean player = g_str_equal (property, "player");

  dw_column_fit_label (label, player || by_hand);
  /* Sixteen letters is the player's name's least at the list's own
   * widths; a width set by hand is the least there. */
  gtk_label_set_width_chars (label, player && !by_hand ? 16 : -1);
}

/* The factory's column, set once the column is made (it owns the
 * factory). */
#define FACTORY_COLUMN "dw-event-column"

static void
on_cell_setup_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  gpointer                  user_data)
{
  GtkColumnViewColumn *column = g_object_get_data (G_OBJECT (factory), FACTORY_COLUMN);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  g_object_set_data (G_OBJECT (label), "dw-event-property", user_data);
  dw_column_fit_follow (column, GTK_LABEL (label), fit_cell);
  gtk_list_item_set_child (item, label);
}

static void
on_cell_bind_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 gpointer                  user_data)
{
  const char *property = user_data;
  DwEventEntry *entry = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  g_auto(GValue) value = G_VALUE_INIT;
  g_autofree char *text = NULL;

  g_object_get_property (G_OBJECT (entry), property, &value);
  if (G_VALUE_HOLDS_UINT (&value))
    text = g_strdup_printf ("%u", g_value_get_uint (&value));
  else
    text = g_value_dup_string (&value);

  gtk_widget_remove_css_class (label, "success");
  gtk_widget_remove_css_class (label, "error");
  gtk_widget_remove_css_class (label, "warning");
  if (g_str_equal (property, "verdict-text"))
    {
      DwEventVerdict verdict = dw_event_entry_get_verdict (entry);

      g_free (text);
      text = g_strdup (verdict_label (verdict));
      gtk_widget_add_css_class (label, verdict == DW_EVENT_VERDICT_LEGAL ? "success"
                                       : verdict == DW_EVENT_VERDICT_ILLEGAL ? "error" : "warning");
    }
  else if (g_str_equal (property, "fingerprint"))
    gtk_widget_add_css_class (label, "monospace");
  gtk_label_set_text (GTK_LABEL (label), text ? text : "");
  dw_column_fit_refit (g_object_get_data (G_OBJECT (factory), FACTORY_COLUMN), GTK_LABEL (label));
}

static gboolean
may_give_way (GtkColumnViewColumn *column)
{
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (column), "gives-way"));
}

static void
add_columns (DwEventWindow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkExpression *expression = gtk_property_expression_new (DW_TYPE_EVENT_ENTRY, NULL, columns[i].property);
      g_autoptr(GtkColumnViewColumn) column = NULL;
      GtkSorter *sorter;

      g_signal_connect (factory, "setup", G_CALLBACK (on_cell_setup_cb), (gpointer) columns[i].property);
      g_signal_connect (factory, "bind", G_CALLBACK (on_cell_bind_cb), (gpointer) columns[i].property);
      if (columns[i].numeric)
        sorter = GTK_SORTER (gtk_numeric_sorter_new (expression));
      else
        sorter = GTK_SORTER (gtk_string_sorter_new (expression));

      column = gtk_column_view_column_new (_(columns[i].title), factory);
      g_object_set_data (G_OBJECT (factory), FACTORY_COLUMN, column);
      dw_column_fit_hold_header (column);
      gtk_column_view_column_set_sorter (column, sorter);
      gtk_column_view_column_set_expand (column, columns[i].expand);
      gtk_column_view_column_set_resizable (column, TRUE);
      g_object_set_data (G_OBJECT (column), "gives-way", GINT_TO_POINTER (columns[i].gives_way));
      gtk_column_view_append_column (self->column_view, column);
      g_object_unref (sorter);
    }
  dw_column_give_way_attach (self->column_view, may_give_way);
}

static GtkColumnViewColumn *
column_for (DwEventWindow *self,
            const char    *property)
{
  GListModel *view_columns = gtk_column_view_get_columns (self->column_view);

  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    if (g_str_equal (columns[i].property, property))
      {
        g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (view_columns, i);

        return column;
      }
  return NULL;
}

static void
on_event_items_changed_cb (GListModel    *model,
                           guint          position,
                           guint          removed,
                           guint          added,
                           DwEventWindow *self)
{
  update_title (self);
  reselect (self);
  show_details (self, selected_entry (self));
}

static void
on_selection_changed_cb (GtkSelectionModel *model,
                         guint              position,
                         guint              n_items,
                         DwEventWindow     *self)
{
  DwEventEntry *entry = selected_entry (self);

  /* A re-check drops the selection for a moment; keep what was chosen. */
  if (entry != NULL)
    g_set_object (&self->selected, entry);
  show_details (self, entry);
}

static void
on_search_changed_cb (GtkSearchEntry *entry,
                      DwEventWindow  *self)
{
  gtk_string_filter_set_search (self->text_filter, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
on_verdict_selected_cb (GtkDropDown   *dropdown,
                        GParamSpec    *pspec,
                        DwEventWindow *self)
{
  gtk_filter_changed (GTK_FILTER (self->verdict_filter), GTK_FILTER_CHANGE_DIFFERENT);
}

static void
on_format_selected_cb (GtkDropDown   *dropdown,
                       GParamSpec    *pspec,
                       DwEventWindow *self)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (selected < self->format_ids->len)
    dw_event_set_format_id (self->event, g_ptr_array_index (self->format_ids, selected));
  update_format_tooltip (self);
}

/* Narrow, the problems go under the list rather than beside it. */
static void
on_width_changed_cb (GtkWindow     *window,
                     GParamSpec    *pspec,
                     DwEventWindow *self)
{
  int width = 0, height = 0;
  GtkOrientation orientation;

  gtk_window_get_default_size (window, &width, &height);
  orientation = width > 0 && width < 720 ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL;
  if (orientation == gtk_orientable_get_orientation (GTK_ORIENTABLE (self->paned)))
    return;
  /* Side by side, the list takes what the window gains; one above the
   * other, the details do, and the list keeps the height it is given.
   * Set before the orientation: GtkPaned otherwise takes the old width
   * away from the list's new height, and leaves it two rows. */
  gtk_paned_set_resize_start_child (self->paned, orientation == GTK_ORIENTATION_HORIZONTAL);
  gtk_paned_set_resize_end_child (self->paned, orientation == GTK_ORIENTATION_VERTICAL);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->paned), orientation);
  gtk_paned_set_position (self->paned, orientation == GTK_ORIENTATION_VERTICAL ? MAX (height, 320) / 2
                                                                               : width * 62 / 100);
}

static gboolean
on_drop_cb (GtkDropTarget *target,
            const GValue  *value,
            double         x,
            double         y,
            DwEventWindow *self)
{
  GSList *files = g_value_get_boxed (value);
  g_autoptr(GPtrArray) array = g_ptr_array_new ();

  for (GSList *l = files; l != NULL; l = l->next)
    g_ptr_array_add (array, l->data);
  open_folder_or_files (self, (GFile **) array->pdata, array->len);
  return array->len > 0;
}

static void
on_choose_files_response_cb (GtkNativeDialog *dialog,
                             int              response,
                             DwEventWindow   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GPtrArray) array = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        g_ptr_array_add (array, g_list_model_get_item (files, i));
      open_folder_or_files (self, (GFile **) array->pdata, array->len);
    }
  g_object_unref (dialog);
}

static void
choose (DwEventWindow        *self,
        const char           *title,
        GtkFileChooserAction  action,
        gboolean              many)
{
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action,
                                                              _("_Open"), _("_Cancel"));

  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (dialog), many);
  g_signal_connect (dialog, "response", G_CALLBACK (on_choose_files_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
open_folder_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  choose (DW_EVENT_WINDOW (widget), _("Open a Folder of Decklists"), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, FALSE);
}

static void
add_files_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  choose (DW_EVENT_WINDOW (widget), _("Add Decklists"), GTK_FILE_CHOOSER_ACTION_OPEN, TRUE);
}

static void
recheck_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  DwEventWindow *self = DW_EVENT_WINDOW (widget);

  dw_event_recheck (self->event);
  say (self, _("Every decklist checked again"));
}

static void
keep_cards_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  DwEventWindow *self = DW_EVENT_WINDOW (widget);
  g_autofree char *folder = g_build_filename (dw_library_get_user_dir (), "cards", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  guint kept = dw_event_keep_brought_cards (self->event, folder, &error);

  if (error != NULL)
    {
      say (self, error->message);
      return;
    }
  message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card kept in your card databases",
                                          "%u cards kept in your card databases", kept), kept);
  say (self, message);
}

static void
on_compare_response_cb (GtkNativeDialog *dialog,
                        int              response,
                        DwEventWindow   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GError) error = NULL;
      g_autofree char *text = dw_event_window_compare_file (self, file, &error);

      if (text == NULL)
        say (self, error->message);
    }
  g_object_unref (dialog);
}

static void
on_compare_clipboard_cb (GObject      *source,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  g_autoptr(DwEventWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  g_autofree char *compared = NULL;

  if (text == NULL || *g_strstrip (text) == '\0')
    {
      say (self, _("The clipboard holds no deck code"));
      return;
    }
  compared = dw_event_window_compare_text (self, text, &error);
  if (compared == NULL)
    say (self, error->message);
}

static void
compare_code_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  DwEventWindow *self = DW_EVENT_WINDOW (widget);

  if (selected_entry (self) == NULL || dw_event_entry_get_deck (selected_entry (self)) == NULL)
    {
      say (self, _("Select the registered decklist first"));
      return;
    }
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, on_compare_clipboard_cb,
                                 g_object_ref (self));
}

static void
compare_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  DwEventWindow *self = DW_EVENT_WINDOW (widget);
  GtkFileChooserNative *dialog;

  if (selected_entry (self) == NULL || dw_event_entry_get_deck (selected_entry (self)) == NULL)
    {
      say (self, _("Select the registered decklist first"));
      return;
    }
  dialog = gtk_file_chooser_native_new (_("The Deck Presented"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Compare"), _("_Cancel"));
  g_signal_connect (dialog, "response", G_CALLBACK (on_compare_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
on_export_response_cb (GtkNativeDialog *dialog,
                       int              response,
                       DwEventWindow   *self)
{
  const char *kind = g_object_get_data (G_OBJECT (dialog), "kind");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GError) error = NULL;

      if (!dw_event_window_export (self, kind, file, &error))
        say (self, error->message);
    }
  g_object_unref (dialog);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  DwEventWindow *self = DW_EVENT_WINDOW (widget);
  const char *kind = g_variant_get_string (parameter, NULL);
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Save the Event's Report"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog),
                                     g_str_equal (kind, "csv") ? _("Event report.csv")
                                     : g_str_equal (kind, "pdf") ? _("Event report.pdf")
                                                                 : _("Registration sheets.pdf"));
  g_object_set_data_full (G_OBJECT (dialog), "kind", g_strdup (kind), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (on_export_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
dw_event_window_dispose (GObject *object)
{
  DwEventWindow *self = DW_EVENT_WINDOW (object);

  if (self->event != NULL)
    g_signal_handlers_disconnect_by_data (self->event, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), DW_TYPE_EVENT_WINDOW);
  g_clear_object (&self->sorted);
  g_clear_object (&self->selection);
  g_clear_object (&self->text_filter);
  g_clear_object (&self->verdict_filter);
  g_clear_object (&self->selected);
  g_clear_object (&self->event);
  g_clear_object (&self->library);

  G_OBJECT_CLASS (dw_event_window_parent_class)->dispose (object);
}

static void
dw_event_window_finalize (GObject *object)
{
  DwEventWindow *self = DW_EVENT_WINDOW (object);

  g_ptr_array_unref (self->format_ids);
  g_free (self->last_message);

  G_OBJECT_CLASS (dw_event_window_parent_class)->finalize (object);
}

static void
dw_event_window_class_init (DwEventWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_event_window_dispose;
  object_class->finalize = dw_event_window_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deckwright/Deckwright/dw-event-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DwEventWindow, toasts);
  gtk_widget_class_bind_template_child (widget_class, DwEventWindow, title);
  gtk_widget_class_bind_template_child (widget_class, DwEventWindow, format_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DwEventWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, DwEventWindow, paned);
  gtk_widget_class_bind_template_child (widget_class, DwEventWindow, details_pane);
  gtk_widget_class_bind_template_child (widget_class, DwEventWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, DwEventWindow, search_entry);
  gtk_widget_class_bind_template_child (widget_class, DwEventWindow, verdict_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DwEventWindow, column_view);
  gtk_widget_class_bind_template_child (widget_class, DwEventWindow, detail_title);
  gtk_widget_class_bind_template_child (widget_class, DwEventWindow, detail_subtitle);
  gtk_widget_class_bind_template_child (widget_class, DwEventWindow, detail_verdict);
  gtk_widget_class_bind_template_child (widget_class, DwEventWindow, detail_problems);
  gtk_widget_class_bind_template_child (widget_class, DwEventWindow, detail_list);

  gtk_widget_class_install_action (widget_class, "event.open-folder", NULL, open_folder_action);
  gtk_widget_class_install_action (widget_class, "event.add-files", NULL, add_files_action);
  gtk_widget_class_install_action (widget_class, "event.recheck", NULL, recheck_action);
  gtk_widget_class_install_action (widget_class, "event.keep-cards", NULL, keep_cards_action);
  gtk_widget_class_install_action (widget_class, "event.compare", NULL, compare_action);
  gtk_widget_class_install_action (widget_class, "event.compare-code", NULL, compare_code_action);
  gtk_widget_class_install_action (widget_class, "event.export", "s", export_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "event.open-folder", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "event.recheck", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
dw_event_window_init (DwEventWindow *self)
{
  GtkDropTarget *drop;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->format_ids = g_ptr_array_new_with_free_func (g_free);

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  g_signal_connect (self, "notify::default-width", G_CALLBACK (on_width_changed_cb), self);
  g_signal_connect (self->verdict_dropdown, "notify::selected", G_CALLBACK (on_verdict_selected_cb), self);
  g_signal_connect (self->search_entry, "search-changed", G_CALLBACK (on_search_changed_cb), self);
  add_columns (self);
  dw_menu_button_quiet_while_open (self->menu_button);
  dw_drop_down_quiet_while_open (self->format_dropdown);
  dw_drop_down_quiet_while_open (self->verdict_dropdown);
  dw_drop_down_name_button (self->format_dropdown, _("The Format Every Deck Is Checked Against"));
  dw_drop_down_name_button (self->verdict_dropdown, _("Show Decks by Verdict"));

  {
    g_autoptr(GtkListItemFactory) button = label_factory (TRUE);
    g_autoptr(GtkListItemFactory) list = label_factory (FALSE);

    gtk_drop_down_set_factory (self->format_dropdown, button);
    gtk_drop_down_set_list_factory (self->format_dropdown, list);
  }
}

DwEventWindow *
dw_event_window_new (GtkApplication *application,
                     DwLibrary      *library)
{
  DwEventWindow *self;
  GtkExpression *search;
  GtkEveryFilter *filter;
  GtkFilterListModel *filtered;

  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);

  self = g_object_new (DW_TYPE_EVENT_WINDOW, "application", application, NULL);
  self->library = g_object_ref (library);
  self->event = dw_event_new (library);

  /* Event → filter (search, verdict) → sort (the clicked column) →
   * selection → column view. */
  search = gtk_cclosure_expression_new (G_TYPE_STRING, NULL, 0, NULL, G_CALLBACK (search_text), NULL, NULL);
  self->text_filter = gtk_string_filter_new (search);
  gtk_string_filter_set_match_mode (self->text_filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING);
  gtk_string_filter_set_ignore_case (self->text_filter, TRUE);
  self->verdict_filter = gtk_custom_filter_new (verdict_matches, self, NULL);
  filter = gtk_every_filter_new ();
  gtk_multi_filter_append (GTK_MULTI_FILTER (filter), g_object_ref (GTK_FILTER (self->text_filter)));
  gtk_multi_filter_append (GTK_MULTI_FILTER (filter), g_object_ref (GTK_FILTER (self->verdict_filter)));
  filtered = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (self->event)), GTK_FILTER (filter));
  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (filtered),
                                          g_object_ref (gtk_column_view_get_sorter (self->column_view)));
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->sorted)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));

  g_signal_connect (self->selection, "selection-changed", G_CALLBACK (on_selection_changed_cb), self);
  g_signal_connect_after (self->event, "items-changed", G_CALLBACK (on_event_items_changed_cb), self);
  fill_formats (self);
  g_signal_connect (self->format_dropdown, "notify::selected", G_CALLBACK (on_format_selected_cb), self);
  {
    GListModel *games = dw_library_get_games (library);

    for (guint i = 0; i < g_list_model_get_n_items (games); i++)
      {
        g_autoptr(DwGame) game = g_list_model_get_item (games, i);

        g_signal_connect_object (dw_game_get_formats (game), "items-changed",
                                 G_CALLBACK (on_formats_changed_cb), self, 0);
      }
  }
  update_title (self);
  return self;
}

DwEvent *
dw_event_window_get_event (DwEventWindow *self)
{
  g_return_val_if_fail (DW_IS_EVENT_WINDOW (self), NULL);
  return self->event;
}

/* The rows as the column view shows them: filtered, then sorted. */
GListModel *
dw_event_window_get_shown (DwEventWindow *self)
{
  g_return_val_if_fail (DW_IS_EVENT_WINDOW (self), NULL);
  return G_LIST_MODEL (self->sorted);
}

/* Adds files and the deck files of folders, as dropping them does. */
void
dw_event_window_add_files (DwEventWindow  *self,
                           GFile         **files,
                           guint           n_files)
{
  g_return_if_fail (DW_IS_EVENT_WINDOW (self));
  open_folder_or_files (self, files, n_files);
}

/* Shows the rows whose player, deck or file holds @text and whose
 * verdict is @verdict (-1: any), as the search box and menu do. */
void
dw_event_window_filter (DwEventWindow *self,
                        const char    *text,
                        int            verdict)
{
  g_return_if_fail (DW_IS_EVENT_WINDOW (self));

  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text ? text : "");
  gtk_string_filter_set_search (self->text_filter, text);
  gtk_drop_down_set_selected (self->verdict_dropdown, verdict < 0 ? 0 : (guint) verdict + 1);
}

void
dw_event_window_sort_by (DwEventWindow *self,
                         const char    *property,
                         GtkSortType    order)
{
  g_return_if_fail (DW_IS_EVENT_WINDOW (self));
  gtk_column_view_sort_by_column (self->column_view, column_for (self, property), order);
}

gboolean
dw_event_window_select (DwEventWindow *self,
                        guint          position)
{
  g_return_val_if_fail (DW_IS_EVENT_WINDOW (self), FALSE);

  if (position >= g_list_model_get_n_items (G_LIST_MODEL (self->sorted)))
    return FALSE;
  gtk_single_selection_set_selected (self->selection, position);
  return TRUE;
}

/* The text the details pane shows for the selected row. */
char *
dw_event_window_get_details (DwEventWindow *self)
{
  g_return_val_if_fail (DW_IS_EVENT_WINDOW (self), NULL);

  return g_strjoin ("\n", gtk_label_get_text (self->detail_title), gtk_label_get_text (self->detail_subtitle),
                    gtk_label_get_text (self->detail_verdict), gtk_label_get_text (self->detail_problems),
                    gtk_label_get_text (self->detail_list), NULL);
}

static char *show_comparison (DwEventWindow *self,
                              DwEventEntry  *entry,
                              DwDeck        *deck);

/* A deck check: the selected row is the registered list, @presented the
 * deck at the table: any kind dw_import reads, or a photo, scan or PDF of
 * a registration sheet whose QR code holds the deck code.  Shows the
 * comparison and returns its text. */
char *
dw_event_window_compare_file (DwEventWindow  *self,
                              GFile          *presented,
                              GError        **error)
{
  DwEventEntry *entry;
  g_autofree char *path = NULL;
  g_autoptr(DwDeck) deck = NULL;

  g_return_val_if_fail (DW_IS_EVENT_WINDOW (self), NULL);

  entry = selected_entry (self);
  if (entry == NULL || dw_event_entry_get_deck (entry) == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("Select the registered decklist first"));
      return NULL;
    }
  path = g_file_get_path (presented);
  deck = dw_deck_presented_load (self->library, path, dw_event_entry_get_game (entry), error);
  if (deck == NULL)
    return NULL;
  return show_comparison (self, entry, deck);
}

/* A deck check against a deck code (or any decklist) pasted as @text. */
char *
dw_event_window_compare_text (DwEventWindow  *self,
                              const char     *text,
                              GError        **error)
{
  DwEventEntry *entry;
  g_autoptr(DwDeck) deck = NULL;

  g_return_val_if_fail (DW_IS_EVENT_WINDOW (self), NULL);
  g_return_val_if_fail (text != NULL, NULL);

  entry = selected_entry (self);
  if (entry == NULL || dw_event_entry_get_deck (entry) == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("Select the registered decklist first"));
      return NULL;
    }
  deck = dw_import_deck_data (self->library, text, strlen (text), _("the clipboard"), DW_IMPORT_AUTO,
                              dw_event_entry_get_game (entry), NULL, error);
  if (deck == NULL)
    return NULL;
  return show_comparison (self, entry, deck);
}

static char *
show_comparison (DwEventWindow *self,
                 DwEventEntry  *entry,
                 DwDeck        *deck)
{
  g_autofree char *heading = g_strdup_printf (_("Deck Check: %s"), dw_event_entry_get_player (entry));
  DwDeckCompareWindow *window;

  window = dw_deck_compare_window_new (GTK_WINDOW (self), DW_DECK_COMPARE_DECK_CHECK, heading,
                                       dw_event_entry_get_game (entry),
                                       _("Registered list"), dw_event_entry_get_deck (entry),
                                       _("Deck presented"), deck);
  gtk_window_present (GTK_WINDOW (window));
  g_free (self->last_message);
  self->last_message = g_strdup (dw_deck_compare_window_get_matches (window) ? _("The fingerprints match")
                                                                            : _("The fingerprints differ"));
  return g_strdup (dw_deck_compare_window_get_text (window));
}

/* Writes the report ("csv", "pdf") or every registration sheet
 * ("sheets") to @file. */
gboolean
dw_event_window_export (DwEventWindow  *self,
                        const char     *kind,
                        GFile          *file,
                        GError        **error)
{
  g_autofree char *path = g_file_get_path (file);
  gboolean saved;

  g_return_val_if_fail (DW_IS_EVENT_WINDOW (self), FALSE);

  if (g_str_equal (kind, "sheets"))
    saved = dw_event_save_sheets_pdf (self->event, path, dw_paper_get_default (), error);
  else
    saved = dw_event_report_save (self->event, g_str_equal (kind, "pdf") ? DW_EVENT_REPORT_PDF
                                                                          : DW_EVENT_REPORT_CSV,
                                  path, dw_paper_get_default (), error);
  if (saved)
    say (self, g_str_equal (kind, "sheets") ? _("Registration sheets saved") : _("Report saved"));
  return saved;
}

const char *
dw_event_window_get_last_message (DwEventWindow *self)
{
  g_return_val_if_fail (DW_IS_EVENT_WINDOW (self), NULL);
  return self->last_message;
}
