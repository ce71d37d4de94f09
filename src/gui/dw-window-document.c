/* dw-window-document.c — the deck a window holds: shown, opened, saved
 *
 * What the window's other files need of it: showing a deck (the browser,
 * the deck view, the stats, the badge and the title made for it), a new
 * deck, opening and saving a file, an error dialog, whether the window
 * holds anything of value, and a new window beside this one.  It calls
 * only files below it (the autosave and the file watch, which call
 * nothing of the window's), never dw-window.c or the action files, so
 * that the window's files depend on each other one way:
 *
 *   dw-window.c -> dw-window-actions.c, dw-window-export.c
 *               -> dw-window-document.c
 *               -> dw-window-autosave.c, dw-window-watch.c
 *
 * (dw-window.c also calls the lower files itself, and dw-window-images.c
 * calls none of them.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-menu-button.h"
#include "dw-deck-stats.h"
#include "dw-import.h"
#include "dw-preferences-window.h"
#include "dw-window-private.h"

/* The AdwWindowTitle under @widget (the one the view switcher's title
 * shows when the header is narrow), or NULL. */
static GtkWidget *
find_window_title (GtkWidget *widget)
{
  if (ADW_IS_WINDOW_TITLE (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_window_title (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
title_widget (DwWindow *self)
{
  GtkWidget *title = find_window_title (GTK_WIDGET (self->window_title));

  return title != NULL ? title : GTK_WIDGET (self->window_title);
}

static void
update_title (DwWindow *self)
{
  const char *name = self->deck ? dw_deck_get_name (self->deck) : NULL;
  g_autofree char *basename = self->file ? g_file_get_basename (self->file) : NULL;
  gboolean modified = self->history && dw_deck_history_is_modified (self->history);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *tooltip = NULL;
  DwGame *game = self->deck ? dw_library_lookup_game (self->library, dw_deck_get_game_id (self->deck)) : NULL;
  DwFormat *format = self->deck_view ? dw_deck_view_get_format (self->deck_view) : NULL;
  gboolean once;

  if (name == NULL || *name == '\0')
    name = basename ? basename : _("New Deck");

  /* The unsaved mark goes first, where GNOME apps put it. */
  title = modified ? g_strdup_printf ("• %s", name) : g_strdup (name);
  if (game != NULL && format != NULL)
    subtitle = g_strdup_printf ("%s · %s", dw_game_get_name (game), dw_format_get_name (format));

  /* Narrow, the header shows the name where the view switcher was; on
   * the Builder page its heading shows it as well, whole: there the name
   * is said once, in the heading, and the header's title is left empty.
   * The header keeps the tooltip and the accessible name, the window its
   * title. */
  once = adw_view_switcher_title_get_title_visible (self->window_title) &&
         g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "builder") == 0;
  adw_view_switcher_title_set_title (self->window_title, once ? "" : title);
  adw_view_switcher_title_set_subtitle (self->window_title, once || subtitle == NULL ? "" : subtitle);
  /* A narrow header shortens the title: the tooltip has it whole.  It
   * goes on the title itself, not on the switcher (whose buttons would
   * then show the deck's name). */
  tooltip = subtitle ? g_strdup_printf ("%s\n%s", title, subtitle) : g_strdup (title);
  gtk_widget_set_tooltip_text (title_widget (self), tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (title_widget (self)), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  gtk_window_set_title (GTK_WINDOW (self), title);

  /* The Builder page's heading: the name, then the game, the format and
   * the folder the deck is kept in. */
  gtk_label_set_text (self->deck_heading_title, title);
  {
    g_autoptr(GFile) parent = self->file ? g_file_get_parent (self->file) : NULL;
    g_autofree char *folder = parent ? g_file_get_basename (parent) : NULL;
    g_autofree char *where = NULL;

    if (folder != NULL)
      /* TRANSLATORS: the folder a deck is kept in, after its game and
       * format: “Arcmage · Standard · in Friends” */
      where = g_strdup_printf (_("in %s"), folder);
    if (subtitle != NULL && where != NULL)
      {
        g_autofree char *both = g_strdup_printf ("%s · %s", subtitle, where);

        gtk_label_set_text (self->deck_heading_subtitle, both);
      }
    else
      gtk_label_set_text (self->deck_heading_subtitle, subtitle ? subtitle : where ? where : "");
    gtk_widget_set_visible (GTK_WIDGET (self->deck_heading_subtitle), subtitle != NULL || where != NULL);
  }
}

/* The header's title follows the window's width and the page shown. */
void
dw_window_watch_title (DwWindow *self)
{
  g_signal_connect_swapped (self->window_title, "notify::title-visible", G_CALLBACK (update_title), self);
  g_signal_connect_swapped (self->view_stack, "notify::visible-child-name", G_CALLBACK (update_title), self);
}

/* The badge says @label beside @icon, or only shows @icon where the
 * header has no room (a phone: its squeezer picks); the tooltip and the
 * screen reader get the whole sentence, @spoken.  @style is "success",
 * "error" or NULL. */
static void
set_badge (DwWindow   *self,
           const char *icon,
           const char *label,
           const char *spoken,
           const char *tooltip,
           const char *style)
{
  gtk_label_set_text (self->badge_label, label);
  gtk_image_set_from_icon_name (self->badge_icon, icon);
  gtk_image_set_from_icon_name (self->badge_icon_only, icon);
  g_free (self->badge_text);
  self->badge_text = g_strdup (spoken);
  gtk_widget_remove_css_class (GTK_WIDGET (self->badge), "success");
  gtk_widget_remove_css_class (GTK_WIDGET (self->badge), "error");
  if (style != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->badge), style);
  dw_menu_button_set_tooltip (GTK_WIDGET (self->badge), tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->badge), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
  update_title (self);
}

static void
on_validated_cb (DwDeckView *view,
                 guint       errors,
                 guint       warnings,
                 DwWindow   *self)
{
  g_autofree char *label = NULL;
  g_autofree char *tooltip = NULL;
  g_autofree char *spoken = NULL;

  /* Not checked while the deck waits for its cards. */
  if (dw_deck_view_is_waiting_for_cards (view))
    {
      set_badge (self, "content-loading-symbolic", _("Loading"), _("Loading cards"),
                 _("The deck is checked once its cards are loaded"), NULL);
      return;
    }

  /* An icon and a number (or a word, which gives way to the icon alone
   * on a phone). */
  if (errors > 0)
    label = g_strdup_printf ("%u", errors + warnings);
  else if (warnings > 0)
    label = g_strdup_printf ("%u", warnings);
  else
    label = g_strdup (_("Legal"));

  if (errors > 0)
    spoken = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Illegal: %u problem", "Illegal: %u problems",
                                           errors + warnings), errors + warnings);
  else if (warnings > 0)
    spoken = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Legal, with %u warning", "Legal, with %u warnings",
                                           warnings), warnings);
  else
    spoken = g_strdup (_("Legal"));

  tooltip = g_strdup_printf (_("%s under %s; show the problems"), spoken,
                             dw_format_get_name (dw_deck_view_get_format (view)));
  set_badge (self,
             errors ? "dialog-error-symbolic" : warnings ? "dialog-information-symbolic" : "object-select-symbolic",
             label, spoken, tooltip, errors ? "error" : "success");
}

/* The view checked the deck when it was made, before we listened, and
 * checks it again whenever it stops waiting for cards. */
static void
update_badge (DwWindow *self)
{
  GListModel *problems = dw_deck_view_get_problems (self->deck_view);
  guint errors = 0, warnings = 0;

  for (guint i = 0; i < g_list_model_get_n_items (problems); i++)
    {
      g_autoptr(DwProblem) problem = g_list_model_get_item (problems, i);
      if (dw_problem_get_severity (problem) == DW_SEVERITY_ERROR)
        errors++;
      else
        warnings++;
    }
  on_validated_cb (self->deck_view, errors, warnings, self);
}

static void
on_card_activated_cb (DwCardBrowser *browser,
                      DwCard        *card,
                      DwWindow      *self)
{
  dw_deck_view_add_card (self->deck_view, card);
}

static void
on_card_considered_cb (DwCardBrowser *browser,
                       DwCard        *card,
                       DwWindow      *self)
{
  dw_deck_view_consider_card (self->deck_view, card);
}

static void
on_entry_selected_cb (DwDeckView  *view,
                      DwDeckEntry *entry,
                      DwWindow    *self)
{
  DwCard *card = dw_deck_entry_get_card (entry);

  if (card != NULL)
    dw_card_browser_show_card (self->browser, card);
}

/* What the deck and the library allow now: undo, redo, a table. */
void
dw_window_update_actions (DwWindow *self)
{
  gboolean can_undo = self->history && dw_deck_history_can_undo (self->history);

  /* A table deals cards: not before they are in. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.playtest",
                                 self->library && !dw_library_is_loading_card_dbs (self->library));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", can_undo);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 self->history && dw_deck_history_can_redo (self->history));
}

static void
on_history_changed_cb (DwWindow *self)
{
  update_title (self);
  dw_window_update_actions (self);
}

/* Shows @deck, read from @file (NULL for a new one), in this window. */
void
dw_window_set_deck (DwWindow *self,
                    DwDeck   *deck,
                    GFile    *file)
{
  DwGame *game = dw_library_lookup_game (self->library, dw_deck_get_game_id (deck));
  gboolean same_game = self->browser != NULL && dw_card_browser_get_game (self->browser) == game;

  g_return_if_fail (game != NULL);

  if (self->history != NULL)
    g_signal_handlers_disconnect_by_data (self->history, self);
  g_set_object (&self->deck, deck);
  g_set_object (&self->file, file);
  g_clear_object (&self->history);
  self->history = dw_deck_history_new (deck);
  g_signal_connect_swapped (self->history, "notify::modified", G_CALLBACK (on_history_changed_cb), self);
  g_signal_connect_swapped (self->history, "notify::can-undo", G_CALLBACK (on_history_changed_cb), self);
  g_signal_connect_swapped (self->history, "notify::can-redo", G_CALLBACK (on_history_changed_cb), self);

  /* The browser keeps its search when the game stays the same. */
  if (!same_game)
    {
      self->browser = DW_CARD_BROWSER (dw_card_browser_new (self->library, game));
      g_signal_connect (self->browser, "card-activated", G_CALLBACK (on_card_activated_cb), self);
      g_signal_connect (self->browser, "card-considered", G_CALLBACK (on_card_considered_cb), self);
      adw_bin_set_child (self->browser_slot, GTK_WIDGET (self->browser));
      /* One page at a time: the card face gives the list its room. */
      g_object_bind_property (self->leaflet, "folded", self->browser, "face-folded", G_BINDING_SYNC_CREATE);
    }
  dw_card_list_set_deck (dw_card_browser_get_list (self->browser), deck);

  self->deck_view = DW_DECK_VIEW (dw_deck_view_new (self->library, self->history));
  g_signal_connect (self->deck_view, "validated", G_CALLBACK (on_validated_cb), self);
  g_signal_connect (self->deck_view, "entry-selected", G_CALLBACK (on_entry_selected_cb), self);
  g_signal_connect_swapped (self->deck_view, "notify::waiting-for-cards", G_CALLBACK (update_badge), self);
  adw_bin_set_child (self->deck_slot, GTK_WIDGET (self->deck_view));
  /* The badge opens the list of problems: its tooltip makes way too. */
  dw_menu_button_quiet_while_others_open (GTK_WIDGET (self->badge),
                                          dw_deck_view_get_problems_button (self->deck_view));
  {
    g_autofree char *path = file ? g_file_get_path (file) : NULL;

    dw_deck_view_set_path (self->deck_view, path);
  }
  adw_bin_set_child (self->stats_slot, dw_deck_stats_new (self->library, self->history));
  update_badge (self);

  dw_window_autosave_watch (self);
  dw_window_watch_file (self);
  update_title (self);
  dw_window_update_actions (self);
}

/* Shows a deck recovered after a crash: it is unsaved work, so it is
 * marked modified and will be autosaved again. */
void
dw_window_set_recovered (DwWindow *self,
                         DwDeck   *deck,
                         GFile    *file)
{
  g_return_if_fail (DW_IS_WINDOW (self));

  dw_window_set_deck (self, deck, file);
  dw_deck_history_mark_unsaved (self->history);
  self->autosave_dirty = TRUE;
  update_title (self);
}

/* Shows @deck, imported from another program's file or the clipboard,
 * as a new unsaved deck, and says what of it was not understood. */
void
dw_window_show_imported (DwWindow  *self,
                         DwDeck    *deck,
                         GPtrArray *warnings)
{
  dw_window_set_deck (self, deck, NULL);
  for (guint i = 0; i < warnings->len; i++)
    g_printerr ("deckwright: %s\n", (char *) g_ptr_array_index (warnings, i));
  if (warnings->len > 0)
    {
      g_autofree char *message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                               "Imported; %u line was not understood: %s",
                                                               "Imported; %u lines were not understood, the first: %s",
                                                               warnings->len),
                                                  warnings->len, (char *) g_ptr_array_index (warnings, 0));
      g_autofree char *escaped = g_markup_escape_text (message, -1);

      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (escaped));
    }
  else
    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Imported; save it to keep it as a Deckwright deck")));
}

void
dw_window_show_error (DwWindow   *self,
                      const char *heading,
                      const char *message)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Here, not in dw-window.c, because New, Open and Paste open a window
 * beside this one: it names the type only, as every file of the window
 * does. */
DwWindow *
dw_window_new_for_library (GtkApplication *application,
                           DwLibrary      *library)
{
  return g_object_new (DW_TYPE_WINDOW,
                       "application", application,
                       "library", library,
                       NULL);
}

/* Starts an empty deck of @game in its default format. */
void
dw_window_new_deck (DwWindow   *self,
                    const char *game_id)
{
  g_autoptr(DwDeck) deck = NULL;
  DwFormat *format;
  DwGame *game;

  g_return_if_fail (DW_IS_WINDOW (self));

  game = dw_library_lookup_game (self->library, game_id);
  g_return_if_fail (game != NULL);

  deck = dw_deck_new (game_id);
  format = dw_preferences_default_format (self->settings, game);
  if (format != NULL)
    dw_deck_set_format_id (deck, dw_format_get_id (format));
  dw_window_set_deck (self, deck, NULL);
}

/* Opens a deck file in this window.  An illegal deck, or one naming cards
 * no database has, opens like any other; only an unreadable file fails. */
gboolean
dw_window_open_file (DwWindow  *self,
                     GFile     *file,
                     GError   **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(DwDeck) deck = NULL;

  g_return_val_if_fail (DW_IS_WINDOW (self), FALSE);

  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("Only local files can be opened"));
      return FALSE;
    }

  /* Our own decks open as they are; anything else (deck text, CSV,
   * Cockatrice, the Arcmage web's JSON) is imported into a new deck that
   * saving will write as our XML, never over the file it came from. */
  if (g_str_has_suffix (path, ".xml"))
    deck = dw_deck_load (path, error);
  else
    {
      g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);

      deck = dw_import_deck_file (self->library, path, DW_IMPORT_AUTO, NULL, warnings, error);
      if (deck == NULL)
        return FALSE;
      dw_window_show_imported (self, deck, warnings);
      return TRUE;
    }
  if (deck == NULL)
    return FALSE;

  if (dw_library_lookup_game (self->library, dw_deck_get_game_id (deck)) == NULL)
    {
      g_set_error (error, DW_LIBRARY_ERROR, DW_LIBRARY_ERROR_UNKNOWN_GAME,
                   _("%s is a deck for the game “%s”, which Deckwright does not know"),
                   path, dw_deck_get_game_id (deck));
      return FALSE;
    }

  dw_window_set_deck (self, deck, file);
  {
    g_autofree char *uri = g_file_get_uri (file);

    gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
    g_settings_set_string (self->settings, "last-deck", uri);
  }
  return TRUE;
}

/* Saves the deck to @file (atomically), legal or not. */
gboolean
dw_window_save_to (DwWindow  *self,
                   GFile     *file,
                   GError   **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *uri = g_file_get_uri (file);

  g_return_val_if_fail (DW_IS_WINDOW (self), FALSE);

  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("Decks can be saved to local files only"));
      return FALSE;
    }
  if (!dw_deck_save (self->deck, path, error))
    return FALSE;

  g_set_object (&self->file, file);
  dw_window_watch_file (self);
  /* The details list the version this save kept. */
  dw_deck_view_set_path (self->deck_view, path);
  dw_deck_history_mark_saved (self->history);
  dw_window_autosave_clear (self);
  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
  g_settings_set_string (self->settings, "last-deck", uri);
  update_title (self);
  return TRUE;
}

/* TRUE for a new deck the player has not touched: opening a file may
 * take its place instead of opening another window. */
gboolean
dw_window_is_pristine (DwWindow *self)
{
  g_return_val_if_fail (DW_IS_WINDOW (self), FALSE);
  return self->file == NULL && !dw_deck_history_can_undo (self->history) &&
         !dw_deck_history_is_modified (self->history);
}
