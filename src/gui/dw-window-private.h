/* dw-window-private.h — what the window's files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-library-page.h"
#include "dw-window.h"

G_BEGIN_DECLS

struct _DwWindow
{
  AdwApplicationWindow  parent_instance;

  DwLibrary            *library;
  GSettings            *settings;
  DwDeck               *deck;
  DwDeckHistory        *history;
  GFile                *file;
  gboolean              close_confirmed;
  gboolean              load_errors_waiting;  /* until the cards are in */
  GPtrArray            *waiting_files;        /* GFile that need the cards */

  /* Template children */
  AdwToastOverlay      *toasts;
  AdwViewSwitcherTitle *window_title;
  AdwViewStack         *view_stack;
  GtkWidget            *deck_heading;
  GtkLabel             *deck_heading_title;
  GtkLabel             *deck_heading_subtitle;
  AdwBin               *library_slot;
  AdwLeaflet           *leaflet;
  AdwBin               *browser_slot;
  AdwBin               *deck_slot;
  GtkStack             *deck_stack;
  AdwBin               *stats_slot;
  GtkButton            *badge;
  GtkMenuButton        *menu_button;
  GtkImage             *badge_icon;
  GtkImage             *badge_icon_only;
  GtkLabel             *badge_label;
  char                 *badge_text;
  GtkToggleButton      *cards_toggle;
  GtkToggleButton      *deck_toggle;
  GMenu                *recent_submenu;

  GFileMonitor         *file_monitor;   /* the deck's file, for others' changes */
  gint64                file_mtime;     /* as last read or written here */
  goffset               file_size;
  AdwToast             *reload_toast;

  char                 *autosave_id;
  guint                 autosave_source;
  gboolean              autosave_dirty;

  DwCardBrowser        *browser;
  DwDeckView           *deck_view;
  DwLibraryPage        *library_page;
  GtkWindow            *shortcuts;   /* made when first shown */
};

/* The window's files call each other one way, top to bottom (build-aux/
 * check-circles.py holds them to it). */

/* dw-window-actions.c */
void dw_window_class_add_actions  (GtkWidgetClass *widget_class);
void dw_window_update_recent      (DwWindow       *self);
void dw_window_add_drop_target    (DwWindow       *self);
void dw_window_open_waiting_files (DwWindow       *self);

/* dw-window-export.c */
void dw_window_class_add_export_actions (GtkWidgetClass *widget_class);

/* dw-window-images.c */
void dw_window_class_add_image_actions (GtkWidgetClass *widget_class);
void dw_window_watch_download_setting  (DwWindow       *self);
void dw_window_fetch_images            (DwWindow       *self);

/* dw-window-document.c */
void dw_window_update_actions     (DwWindow       *self);
void dw_window_show_imported      (DwWindow       *self,
                                   DwDeck         *deck,
                                   GPtrArray      *warnings);
void dw_window_set_deck           (DwWindow       *self,
                                   DwDeck         *deck,
                                   GFile          *file);
void dw_window_watch_title        (DwWindow       *self);

/* dw-window-autosave.c */
void dw_window_autosave_watch     (DwWindow       *self);
void dw_window_autosave_stop      (DwWindow       *self);

/* dw-window-watch.c */
void dw_window_watch_file         (DwWindow       *self);
void dw_window_watch_note_saved   (DwWindow       *self);
void dw_window_watch_stop         (DwWindow       *self);
AdwToast *dw_window_get_reload_toast (DwWindow    *self);

G_END_DECLS
