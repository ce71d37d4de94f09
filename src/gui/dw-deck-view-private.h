/* dw-deck-view-private.h — what the deck view's files share
 *
 * dw-deck-view.c shows the deck, section by section, as rows, text or
 * faces; dw-deck-view-picks.c is the rows the player picks and what the
 * keys and the row menu do to them.  The view calls the picks, never the
 * other way round.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dw-deck-faces.h"
#include "dw-deck-view.h"
#include "dw-problems-bar.h"

G_BEGIN_DECLS

typedef struct
{
  const DwSectionDef *def;
  GtkListBox         *box;
  GtkLabel           *count;
  GtkLabel           *grid_count;
  DwDeckFaces        *faces;
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
  DwProblemsBar  *problems_bar;
  GtkMenuButton  *order_button;

  GtkSizeGroup   *detail_group;   /* the cost column and its heading */
  GtkSizeGroup   *buttons_group;  /* the row buttons and the space above them */
  GtkWidget      *considering_menu;  /* a row's menu: to Considering or back */
  gboolean        syncing;     /* selections being copied between views */
  guint           grids_source;  /* the grids made again once the models agree */
  guint           resort_source;
  guint           headers_source;  /* the new headers put before their rows */
  gboolean        grids_refilter;
  gboolean        waiting;     /* for cards still loading */
};

/* dw-deck-view-picks.c */
void dw_deck_view_class_add_pick_actions (GtkWidgetClass *widget_class);

G_END_DECLS
