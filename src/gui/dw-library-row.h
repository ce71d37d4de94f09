/* dw-library-row.h — one deck or folder of the library, as a row
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-library.h"

G_BEGIN_DECLS

/* What a row shows of a deck, read once per version of its file. */
typedef struct
{
  gint64     mtime;        /* the file's, when read */
  char      *name;         /* the deck's own, else the file's */
  char      *error;        /* why it cannot be read, or NULL */
  DwGame    *game;         /* NULL when unreadable or of an unknown game */
  char      *game_id;
  char      *format_name;
  guint      errors;
  guint      warnings;
  guint64    cards;
  GPtrArray *factions;     /* char *, in the order the deck first names them */
  char      *tags;         /* "friends, aggro", or NULL */
  DwCard    *cover;        /* the card the deck chose when it holds it, else its first card, or NULL */
} DwLibrarySummary;

DwLibrarySummary *dw_library_summary_read (DwLibrary        *library,
                                           GFile            *file,
                                           gint64            mtime);
void              dw_library_summary_free (DwLibrarySummary *summary);
char             *dw_library_summary_verdict (const DwLibrarySummary *summary);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwLibrarySummary, dw_library_summary_free)

#define DW_TYPE_LIBRARY_ROW (dw_library_row_get_type ())
G_DECLARE_FINAL_TYPE (DwLibraryRow, dw_library_row, DW, LIBRARY_ROW, GtkWidget)

GtkWidget  *dw_library_row_new         (void);
void        dw_library_row_show_folder (DwLibraryRow           *self,
                                        GFileInfo              *info);
void        dw_library_row_show_deck   (DwLibraryRow           *self,
                                        GFileInfo              *info,
                                        const DwLibrarySummary *summary);
void        dw_library_row_set_place   (DwLibraryRow           *self,
                                        const char             *place);
const char *dw_library_row_get_place   (DwLibraryRow           *self);
GFile      *dw_library_row_get_file    (DwLibraryRow           *self);
gboolean    dw_library_row_is_folder   (DwLibraryRow           *self);
const char *dw_library_row_get_title   (DwLibraryRow           *self);
const char *dw_library_row_get_verdict (DwLibraryRow           *self);
const char *dw_library_row_get_spoken  (DwLibraryRow           *self);
void        dw_library_row_hold        (DwLibraryRow           *self,
                                        GFile                  *file,
                                        gboolean                folder,
                                        const char             *words);
void        dw_library_row_set_stale   (DwLibraryRow           *self);
void        dw_library_row_recycle     (DwLibraryRow           *self);
gboolean    dw_library_row_is_filled   (DwLibraryRow           *self);
int         dw_library_row_get_fixed_height (DwLibraryRow      *self);
char       *dw_library_row_folder_words (const char            *name);
char       *dw_library_row_deck_words  (const char             *name,
                                        const char             *game,
                                        const char             *verdict,
                                        guint64                 cards,
                                        const char             *error);
char       *dw_library_row_words_in    (const char             *words,
                                        const char             *place);

G_END_DECLS
