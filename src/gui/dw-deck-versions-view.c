/* dw-deck-versions-view.c — a library deck's versions, to restore or compare
 *
 * Part of a deck's details: for a deck inside a library root, every
 * version its saves kept (src/core/dw-deck-versions.c), newest first
 * under the deck as it is now, each with when it was replaced (relative,
 * the exact time in its tooltip) and its one-line difference; while the
 * view is on screen one timer a minute brings the relative times up to
 * date in the rows as they are (never listing them again), and it stops
 * when the view leaves the screen.  Restore
 * makes a version current after asking (the deck file becomes a version
 * itself) and asks the window to read the deck again (“win.reload”);
 * Compare opens any two of the rows side by side in the deck comparison
 * (DwDeckCompareWindow).  The list follows the deck's file: any save,
 * whoever made it, lists the versions again.  A deck outside every
 * library says so, and offers to save it into the library
 * (“win.save-to”).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "dw-deck-library.h"
#include "dw-deck-versions.h"
#include "dw-deck-versions-view-private.h"
#include "dw-import.h"

struct _DwDeckVersionsView
{
  GtkWidget       parent_instance;

  DwLibrary      *library;
  DwDeckHistory  *history;
  DwGame         *game;
  char           *path;
  GFileMonitor   *monitor;
  guint           relist_id;
  guint           times_id;     /* the minute's timer, while mapped */
  DwDeckVersionsClock clock;    /* what time it is (a test's own) */
  gpointer        clock_data;

  GListModel     *versions;     /* DwDeckVersion, newest first */
  GPtrArray      *rows;         /* AdwActionRow: the current deck, then each version */
  GPtrArray      *checks;       /* GtkCheckButton, as rows */
  GPtrArray      *restores;     /* GtkButton, one per version */
  GPtrArray      *chosen;       /* GtkCheckButton, in the order chosen (at most two) */
  AdwMessageDialog    *dialog;      /* weak */
  DwDeckCompareWindow *comparison;  /* weak */

  /* Template children */
  GtkWidget      *group;
  AdwExpanderRow *versions_row;
  GtkButton      *compare_button;
  GtkButton      *move_button;
};

G_DEFINE_FINAL_TYPE (DwDeckVersionsView, dw_deck_versions_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_PATH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The relative times are brought up to date this often. */
#define TIMES_INTERVAL_SECONDS 60

static GDateTime *
now_utc (DwDeckVersionsView *self)
{
  return self->clock != NULL ? self->clock (self->clock_data) : g_date_time_new_now_utc ();
}

/* “Just now”, “5 minutes ago”, “3 hours ago”, “2 days ago”, else the date. */
static char *
relative_time (DwDeckVersionsView *self,
               GDateTime          *time)
{
  g_autoptr(GDateTime) now = now_utc (self);
  g_autoptr(GDateTime) local = g_date_time_to_local (time);
  GTimeSpan age = g_date_time_difference (now, time);
  gint64 minutes = age / G_TIME_SPAN_MINUTE;
  gint64 hours = age / G_TIME_SPAN_HOUR;
  gint64 days = age / G_TIME_SPAN_DAY;

  if (minutes < 1)
    return g_strdup (_("Just now"));
  if (hours < 1)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d minute ago", "%d minutes ago", (gulong) minutes),
                            (int) minutes);
  if (days < 1)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d hour ago", "%d hours ago", (gulong) hours),
                            (int) hours);
  if (days < 7)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d day ago", "%d days ago", (gulong) days),
                            (int) days);
  return g_date_time_format (local, "%x");
}

static char *
exact_time (GDateTime *time)
{
  g_autoptr(GDateTime) local = g_date_time_to_local (time);

  return g_date_time_format (local, "%x %X");
}

static DwDeckVersion *
version_at (DwDeckVersionsView *self,
            guint               position)
{
  g_autoptr(DwDeckVersion) version = g_list_model_get_item (self->versions, position);

  return version;   /* the list keeps it */
}

static void
update_compare (DwDeckVersionsView *self)
{
  gtk_widget_set_sensitive (GTK_WIDGET (self->compare_button), self->chosen->len == 2);
}

static void
clear_rows (DwDeckVersionsView *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    adw_expander_row_remove (self->versions_row, g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
  g_ptr_array_set_size (self->checks, 0);
  g_ptr_array_set_size (self->restores, 0);
  g_ptr_array_set_size (self->chosen, 0);
  g_clear_object (&self->versions);
  update_compare (self);
}

static void
on_check_toggled_cb (GtkCheckButton     *check,
                     DwDeckVersionsView *self)
{
  if (gtk_check_button_get_active (check))
    {
      g_ptr_array_add (self->chosen, check);
      /* Two at a time: a third choice lets go of the first. */
      if (self->chosen->len > 2)
        gtk_check_button_set_active (g_ptr_array_index (self->chosen, 0), FALSE);
    }
  else
    g_ptr_array_remove (self->chosen, check);
  update_compare (self);
}

static void on_restore_clicked_cb (GtkButton          *button,
                                   DwDeckVersionsView *self);

/* A row's title, and the name its check button has for a screen reader. */
static void
set_row_title (AdwActionRow *row,
               GtkWidget    *check,
               const char   *title)
{
  g_autofree char *escaped_title = g_markup_escape_text (title, -1);
  /* Translators: the screen reader's name of the box that picks a
   * version for a comparison: “Compare 5 minutes ago”. */
  g_autofree char *check_name = g_strdup_printf (_("Compare %s"), title);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped_title);
  gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL, check_name, -1);
}

static AdwActionRow *
add_row (DwDeckVersionsView *self,
         const char         *title,
         const char         *subtitle,
         const char         *tooltip)
{
  AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());
  GtkWidget *check = gtk_check_button_new ();
  g_autofree char *escaped_subtitle = g_markup_escape_text (subtitle, -1);

  set_row_title (row, check, title);
  adw_action_row_set_subtitle (row, escaped_subtitle);
  adw_action_row_set_subtitle_lines (row, 0);
  gtk_widget_set_tooltip_text (GTK_WIDGET (row), tooltip);
  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (check, _("Choose for a comparison"));
  g_signal_connect (check, "toggled", G_CALLBACK (on_check_toggled_cb), self);
  adw_action_row_add_prefix (row, check);
  adw_action_row_set_activatable_widget (row, check);
  adw_expander_row_add_row (self->versions_row, GTK_WIDGET (row));
  g_ptr_array_add (self->rows, row);
  g_ptr_array_add (self->checks, check);
  return row;
}

static void
add_version_row (DwDeckVersionsView *self,
                 DwDeckVersion      *version)
{
  g_autofree char *when = relative_time (self, dw_deck_version_get_time (version));
  g_autofree char *exact = exact_time (dw_deck_version_get_time (version));
  /* Translators: a version's tooltip: its exact time. */
  g_autofree char *tooltip = g_strdup_printf (_("Kept on %s"), exact);
  /* Translators: the screen reader's name of a version's Restore button. */
  g_autofree char *restore_name = g_strdup_printf (_("Restore the version of %s"), exact);
  AdwActionRow *row = add_row (self, when, dw_deck_version_get_summary (version), tooltip);
  GtkWidget *restore = gtk_button_new_with_mnemonic (_("_Restore"));

  gtk_widget_set_valign (restore, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (restore, _("Make this version the deck again; what it is now is kept"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (restore), GTK_ACCESSIBLE_PROPERTY_LABEL, restore_name, -1);
  g_signal_connect (restore, "clicked", G_CALLBACK (on_restore_clicked_cb), self);
  adw_action_row_add_suffix (row, restore);
  g_ptr_array_add (self->restores, restore);
}

static void
say_outside (DwDeckVersionsView *self,
             const char         *message,
             gboolean            offer_move)
{
  /* The row's subtitle is markup; a reason may name a file with "&". */
  g_autofree char *escaped = g_markup_escape_text (message, -1);

  adw_expander_row_set_subtitle (self->versions_row, escaped);
  adw_expander_row_set_enable_expansion (self->versions_row, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->compare_button), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->move_button), offer_move);
}

/* Whether @versions are the versions listed, one for one. */
static gboolean
same_versions (DwDeckVersionsView *self,
               GListModel         *versions)
{
  guint n = g_list_model_get_n_items (versions);

  if (self->versions == NULL || g_list_model_get_n_items (self->versions) != n || n == 0)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwDeckVersion) listed = g_list_model_get_item (self->versions, i);
      g_autoptr(DwDeckVersion) found = g_list_model_get_item (versions, i);

      if (g_strcmp0 (dw_deck_version_get_id (listed), dw_deck_version_get_id (found)) != 0)
        return FALSE;
    }
  return TRUE;
}

/* Lists the versions again, as the store has them now.  When they are
 * the ones listed, the rows stay as they are, with the choices made in
 * them (a save's file events come after the save's own notice). */
static void
relist (DwDeckVersionsView *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) versions = NULL;
  g_autofree char *root = NULL;
  g_autofree char *count = NULL;
  guint n;

  g_clear_handle_id (&self->relist_id, g_source_remove);

  root = self->path ? dw_deck_versions_find_root (self->path) : NULL;
  versions = root ? dw_deck_versions_list (self->library, self->path, &error) : NULL;
  if (versions != NULL && same_versions (self, versions))
    return;

  clear_rows (self);
  if (root == NULL)
    {
      say_outside (self, _("Versions are kept for decks in your library"), TRUE);
      return;
    }
  if (versions == NULL)
    {
      say_outside (self, error->message, FALSE);
      return;
    }
  self->versions = g_steal_pointer (&versions);
  n = g_list_model_get_n_items (self->versions);
  if (n == 0)
    {
      say_outside (self, _("No earlier versions yet: each save keeps the one it replaces"), FALSE);
      return;
    }

  count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u earlier version", "%u earlier versions", n), n);
  adw_expander_row_set_subtitle (self->versions_row, count);
  adw_expander_row_set_enable_expansion (self->versions_row, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->compare_button), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->move_button), FALSE);

  add_row (self, _("Current deck"), _("As it is in the window"), NULL);
  for (guint i = 0; i < n; i++)
    add_version_row (self, version_at (self, i));
}

static gboolean
relist_idle_cb (gpointer user_data)
{
  DwDeckVersionsView *self = user_data;

  self->relist_id = 0;
  relist (self);
  return G_SOURCE_REMOVE;
}

/* Saves come in bursts of events: one listing after them. */
static void
relist_soon (DwDeckVersionsView *self)
{
  if (self->relist_id == 0)
    self->relist_id = g_idle_add (relist_idle_cb, self);
}

static void
on_file_changed_cb (GFileMonitor       *monitor,
                    GFile              *file,
                    GFile              *other_file,
                    GFileMonitorEvent   event,
                    DwDeckVersionsView *self)
{
  if (event == G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT || event == G_FILE_MONITOR_EVENT_CREATED ||
      event == G_FILE_MONITOR_EVENT_MOVED_IN || event == G_FILE_MONITOR_EVENT_RENAMED ||
      event == G_FILE_MONITOR_EVENT_DELETED)
    relist_soon (self);
}

static void
on_modified_cb (DwDeckVersionsView *self)
{
  /* Saved (or read again): the save kept a version. */
  if (!dw_deck_history_is_modified (self->history))
    relist_soon (self);
}

static void
show_error (DwDeckVersionsView *self,
            const char         *heading,
            const char         *message)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
restore (DwDeckVersionsView *self,
         DwDeckVersion      *version)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = g_strdup (dw_deck_version_get_id (version));

  if (!dw_deck_versions_restore (self->path, id, &error))
    {
      show_error (self, _("The version could not be restored"), error->message);
      return;
    }
  g_object_ref (self);
  relist (self);
  /* The deck in the window is the file again. */
  gtk_widget_activate_action (GTK_WIDGET (self), "win.reload", NULL);
  g_object_unref (self);
}

static void
on_restore_response_cb (AdwMessageDialog   *dialog,
                        const char         *response,
                        DwDeckVersionsView *self)
{
  DwDeckVersion *version = g_object_get_data (G_OBJECT (dialog), "version");

  if (g_str_equal (response, "restore"))
    restore (self, version);
}

static void
on_restore_clicked_cb (GtkButton          *button,
                       DwDeckVersionsView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  DwDeckVersion *version;
  guint position;
  g_autofree char *exact = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (!g_ptr_array_find (self->restores, button, &position))
    return;
  version = version_at (self, position);
  exact = exact_time (dw_deck_version_get_time (version));
  body = dw_deck_history_is_modified (self->history)
    ? g_strdup_printf (_("The deck becomes as it was before %s. What its file holds now is kept as a version, "
                         "but the changes you have not saved are dropped."), exact)
    : g_strdup_printf (_("The deck becomes as it was before %s. What it is now is kept as a version, "
                         "so nothing is lost."), exact);
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("Restore This Version?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "restore", _("_Restore"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "restore", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "restore");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "version", g_object_ref (version), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_restore_response_cb), self, 0);
  g_set_weak_pointer (&self->dialog, ADW_MESSAGE_DIALOG (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The deck a row shows: the one in the window, or a version's file. */
static DwDeck *
deck_of_row (DwDeckVersionsView *self,
             guint               row,
             char              **title,
             GError            **error)
{
  DwDeckVersion *version;
  g_autofree char *exact = NULL;

  if (row == 0)
    {
      *title = g_strdup (_("Current deck"));
      return g_object_ref (dw_deck_history_get_deck (self->history));
    }
  version = version_at (self, row - 1);
  exact = exact_time (dw_deck_version_get_time (version));
  /* Translators: one side of a comparison: the version replaced then. */
  *title = g_strdup_printf (_("Version of %s"), exact);
  return dw_import_deck_file (self->library, dw_deck_version_get_path (version), DW_IMPORT_AUTO,
                              self->game, NULL, error);
}

static void
on_compare_clicked_cb (DwDeckVersionsView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeck) newer = NULL;
  g_autoptr(DwDeck) older = NULL;
  g_autofree char *newer_title = NULL;
  g_autofree char *older_title = NULL;
  g_autofree char *heading = NULL;
  const char *name;
  guint first, second;
  DwDeckCompareWindow *window;

  if (self->chosen->len != 2 ||
      !g_ptr_array_find (self->checks, g_ptr_array_index (self->chosen, 0), &first) ||
      !g_ptr_array_find (self->checks, g_ptr_array_index (self->chosen, 1), &second))
    return;
  /* Rows go newest first: the older side is the one further down. */
  newer = deck_of_row (self, MIN (first, second), &newer_title, &error);
  if (newer != NULL)
    older = deck_of_row (self, MAX (first, second), &older_title, &error);
  if (older == NULL)
    {
      show_error (self, _("The version could not be read"), error->message);
      return;
    }
  name = dw_deck_get_name (dw_deck_history_get_deck (self->history));
  heading = g_strdup_printf (_("Versions of %s"), name && *name ? name : _("Untitled deck"));
  window = dw_deck_compare_window_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                       DW_DECK_COMPARE_VERSIONS, heading, self->game,
                                       older_title, older, newer_title, newer);
  g_set_weak_pointer (&self->comparison, window);
  gtk_window_present (GTK_WINDOW (window));
}

/* “Green Wall.xml” in the library's first folder, or “Green Wall (2).xml”… */
static char *
free_library_path (const char *folder,
                   const char *name)
{
  g_autofree char *stem = g_strdelimit (g_strdup (name && *name ? name : _("Untitled deck")), "/\\", '-');

  if (stem[0] == '.')
    stem[0] = '_';
  for (guint n = 1; n < 10000; n++)
    {
      g_autofree char *base = n == 1 ? g_strdup_printf ("%s.xml", stem) : g_strdup_printf ("%s (%u).xml", stem, n);
      char *path = g_build_filename (folder, base, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        return path;
      g_free (path);
    }
  return NULL;
}

static void
on_move_clicked_cb (DwDeckVersionsView *self)
{
  g_auto(GStrv) folders = dw_deck_library_configured_folders ();
  g_autoptr(DwDeckLibrary) decks = dw_deck_library_new (self->library, NULL);
  g_autofree char *path = NULL;

  /* Made as the Decks page makes it: the folder and its version store. */
  dw_deck_library_set_roots (decks, (const char * const *) folders, TRUE);
  path = free_library_path (folders[0], dw_deck_get_name (dw_deck_history_get_deck (self->history)));
  if (path == NULL || dw_deck_versions_find_root (path) == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("The library folder %s cannot be written; "
                                                    "choose another one in Preferences"), folders[0]);

      show_error (self, _("The deck could not be saved in your library"), message);
      return;
    }
  gtk_widget_activate_action (GTK_WIDGET (self), "win.save-to", "s", path);
}

static void
dw_deck_versions_view_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  DwDeckVersionsView *self = DW_DECK_VERSIONS_VIEW (object);

  switch (prop_id)
    {
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_deck_versions_view_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  DwDeckVersionsView *self = DW_DECK_VERSIONS_VIEW (object);

  switch (prop_id)
    {
    case PROP_PATH:
      dw_deck_versions_view_set_path (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stop_watching (DwDeckVersionsView *self)
{
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
}

/* The versions' relative times as of now, in the rows as they are. */
void
dw_deck_versions_view_refresh_times (DwDeckVersionsView *self)
{
  g_return_if_fail (DW_IS_DECK_VERSIONS_VIEW (self));

  if (self->versions == NULL)
    return;
  /* Row 0 is the current deck's; then one per version, in order. */
  for (guint i = 1; i < self->rows->len && i - 1 < g_list_model_get_n_items (self->versions); i++)
    {
      g_autofree char *when = relative_time (self, dw_deck_version_get_time (version_at (self, i - 1)));

      set_row_title (g_ptr_array_index (self->rows, i), g_ptr_array_index (self->checks, i), when);
    }
}

static gboolean
times_cb (gpointer user_data)
{
  dw_deck_versions_view_refresh_times (user_data);
  return G_SOURCE_CONTINUE;
}

static void
dw_deck_versions_view_map (GtkWidget *widget)
{
  DwDeckVersionsView *self = DW_DECK_VERSIONS_VIEW (widget);

  GTK_WIDGET_CLASS (dw_deck_versions_view_parent_class)->map (widget);
  /* Back on screen after a while: the times first, then each minute. */
  dw_deck_versions_view_refresh_times (self);
  if (self->times_id == 0)
    {
      self->times_id = g_timeout_add_seconds (TIMES_INTERVAL_SECONDS, times_cb, self);
      g_source_set_name_by_id (self->times_id, "[deckwright] versions' relative times");
    }
}

static void
dw_deck_versions_view_unmap (GtkWidget *widget)
{
  DwDeckVersionsView *self = DW_DECK_VERSIONS_VIEW (widget);

  g_clear_handle_id (&self->times_id, g_source_remove);
  GTK_WIDGET_CLASS (dw_deck_versions_view_parent_class)->unmap (widget);
}

void
dw_deck_versions_view_set_clock (DwDeckVersionsView  *self,
                                 DwDeckVersionsClock  clock,
                                 gpointer             data)
{
  g_return_if_fail (DW_IS_DECK_VERSIONS_VIEW (self));
  self->clock = clock;
  self->clock_data = data;
}

gboolean
dw_deck_versions_view_is_ticking (DwDeckVersionsView *self)
{
  g_return_val_if_fail (DW_IS_DECK_VERSIONS_VIEW (self), FALSE);
  return self->times_id != 0;
}

static void
dw_deck_versions_view_dispose (GObject *object)
{
  DwDeckVersionsView *self = DW_DECK_VERSIONS_VIEW (object);

  stop_watching (self);
  g_clear_handle_id (&self->relist_id, g_source_remove);
  g_clear_handle_id (&self->times_id, g_source_remove);
  g_clear_weak_pointer (&self->dialog);
  g_clear_weak_pointer (&self->comparison);
  gtk_widget_dispose_template (GTK_WIDGET (self), DW_TYPE_DECK_VERSIONS_VIEW);
  g_clear_object (&self->versions);
  g_clear_object (&self->history);
  g_clear_object (&self->game);
  g_clear_object (&self->library);

  G_OBJECT_CLASS (dw_deck_versions_view_parent_class)->dispose (object);
}

static void
dw_deck_versions_view_finalize (GObject *object)
{
  DwDeckVersionsView *self = DW_DECK_VERSIONS_VIEW (object);

  g_free (self->path);
  g_ptr_array_unref (self->rows);
  g_ptr_array_unref (self->checks);
  g_ptr_array_unref (self->restores);
  g_ptr_array_unref (self->chosen);

  G_OBJECT_CLASS (dw_deck_versions_view_parent_class)->finalize (object);
}

static void
dw_deck_versions_view_class_init (DwDeckVersionsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = dw_deck_versions_view_get_property;
  object_class->set_property = dw_deck_versions_view_set_property;
  object_class->dispose = dw_deck_versions_view_dispose;
  object_class->finalize = dw_deck_versions_view_finalize;
  widget_class->map = dw_deck_versions_view_map;
  widget_class->unmap = dw_deck_versions_view_unmap;

  properties[PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deckwright/Deckwright/dw-deck-versions-view.ui");
  gtk_widget_class_bind_template_child (widget_class, DwDeckVersionsView, group);
  gtk_widget_class_bind_template_child (widget_class, DwDeckVersionsView, versions_row);
  gtk_widget_class_bind_template_child (widget_class, DwDeckVersionsView, compare_button);
  gtk_widget_class_bind_template_child (widget_class, DwDeckVersionsView, move_button);
  gtk_widget_class_bind_template_callback (widget_class, on_compare_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_move_clicked_cb);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "deckversions");
}

static void
dw_deck_versions_view_init (DwDeckVersionsView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new ();
  self->checks = g_ptr_array_new ();
  self->restores = g_ptr_array_new ();
  self->chosen = g_ptr_array_new ();
}

GtkWidget *
dw_deck_versions_view_new (DwLibrary     *library,
                           DwDeckHistory *history)
{
  DwDeckVersionsView *self;
  DwDeck *deck;

  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);
  g_return_val_if_fail (DW_IS_DECK_HISTORY (history), NULL);

  self = g_object_new (DW_TYPE_DECK_VERSIONS_VIEW, NULL);
  self->library = g_object_ref (library);
  self->history = g_object_ref (history);
  deck = dw_deck_history_get_deck (history);
  self->game = g_object_ref (dw_library_lookup_game (library, dw_deck_get_game_id (deck)));
  g_signal_connect_object (history, "notify::modified", G_CALLBACK (on_modified_cb), self, G_CONNECT_SWAPPED);
  relist (self);
  return GTK_WIDGET (self);
}

/* Setting the same path again lists the versions again too. */
void
dw_deck_versions_view_set_path (DwDeckVersionsView *self,
                                const char         *path)
{
  gboolean changed;

  g_return_if_fail (DW_IS_DECK_VERSIONS_VIEW (self));

  changed = g_strcmp0 (self->path, path) != 0;
  if (changed)
    {
      g_free (self->path);
      self->path = g_strdup (path);
      stop_watching (self);
      if (path != NULL)
        {
          g_autoptr(GFile) file = g_file_new_for_path (path);

          self->monitor = g_file_monitor_file (file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
          if (self->monitor != NULL)
            g_signal_connect (self->monitor, "changed", G_CALLBACK (on_file_changed_cb), self);
        }
    }
  relist (self);
  if (changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PATH]);
}

const char *
dw_deck_versions_view_get_path (DwDeckVersionsView *self)
{
  g_return_val_if_fail (DW_IS_DECK_VERSIONS_VIEW (self), NULL);
  return self->path;
}

AdwExpanderRow *
dw_deck_versions_view_get_row (DwDeckVersionsView *self)
{
  return self->versions_row;
}

guint
dw_deck_versions_view_get_n_versions (DwDeckVersionsView *self)
{
  return self->versions ? g_list_model_get_n_items (self->versions) : 0;
}

AdwActionRow *
dw_deck_versions_view_get_version_row (DwDeckVersionsView *self,
                                       guint               position)
{
  g_return_val_if_fail (position + 1 < self->rows->len, NULL);
  return g_ptr_array_index (self->rows, position + 1);
}

/* -1: the current deck's; else a version's, 0 the newest. */
GtkCheckButton *
dw_deck_versions_view_get_check (DwDeckVersionsView *self,
                                 int                 position)
{
  g_return_val_if_fail (position + 1 < (int) self->checks->len, NULL);
  return g_ptr_array_index (self->checks, position + 1);
}

GtkButton *
dw_deck_versions_view_get_restore (DwDeckVersionsView *self,
                                   guint               position)
{
  g_return_val_if_fail (position < self->restores->len, NULL);
  return g_ptr_array_index (self->restores, position);
}

GtkButton *
dw_deck_versions_view_get_compare (DwDeckVersionsView *self)
{
  return self->compare_button;
}

GtkButton *
dw_deck_versions_view_get_move (DwDeckVersionsView *self)
{
  return self->move_button;
}

AdwMessageDialog *
dw_deck_versions_view_get_dialog (DwDeckVersionsView *self)
{
  return self->dialog;
}

DwDeckCompareWindow *
dw_deck_versions_view_get_comparison (DwDeckVersionsView *self)
{
  return self->comparison;
}
