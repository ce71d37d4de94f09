/* dw-deck.h — a deck: named sections of card entries
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-card.h"

G_BEGIN_DECLS

#define DW_DECK_NS "urn:deckwright:deck:1"

#define DW_DECK_ERROR (dw_deck_error_quark ())

/* What one deck may hold (README, "Limits").  A deck file or an import
 * asking more is refused where it passes the limit, so that everything
 * after it (validation, statistics, the table, a printed sheet) does a
 * bounded amount of work.  The figures are far above any game's deck (60
 * cards, 4 copies) and leave room for a collection kept as a deck:
 * - a count of three digits, as a deck code writes it;
 * - 10,000 entries: twice the cards of the largest printed card game's
 *   whole card pool, one entry each;
 * - 100,000 copies: ten of each of those entries, small enough that a
 *   table or a sample hand dealing one element per copy stays a few MB. */
#define DW_DECK_MAX_COUNT   999
#define DW_DECK_MAX_ENTRIES 10000
#define DW_DECK_MAX_COPIES  100000
/* Tags (<tag>, labels in the deck library): far more than anyone sorts
 * by, few enough that filtering a library by tag stays cheap. */
#define DW_DECK_MAX_TAGS    256
/* A cover card's id (<cover card="…"/>): card ids are short; a longer
 * one is a damaged file. */
#define DW_DECK_MAX_COVER_ID 1024


/* Entries and copies read so far, to hold a deck being read to the
 * limits above; the copies are added in 64 bits, so no count wraps. */
typedef struct
{
  guint   n_entries;
  guint64 n_copies;
} DwDeckTally;

typedef enum
{
  DW_DECK_ERROR_INVALID,
  DW_DECK_ERROR_MISSING,
  DW_DECK_ERROR_BAD_VALUE,
} DwDeckError;

#define DW_TYPE_DECK_ENTRY (dw_deck_entry_get_type ())
G_DECLARE_FINAL_TYPE (DwDeckEntry, dw_deck_entry, DW, DECK_ENTRY, GObject)

#define DW_TYPE_DECK (dw_deck_get_type ())
G_DECLARE_FINAL_TYPE (DwDeck, dw_deck, DW, DECK, GObject)

DwDeckEntry  *dw_deck_entry_new            (const char   *id,
                                            const char   *name,
                                            guint         count);
const char   *dw_deck_entry_get_id         (DwDeckEntry  *self);
const char   *dw_deck_entry_get_name       (DwDeckEntry  *self);
guint         dw_deck_entry_get_revision   (DwDeckEntry  *self);
void          dw_deck_entry_set_revision   (DwDeckEntry  *self,
                                            guint         revision);
guint         dw_deck_entry_get_count      (DwDeckEntry  *self);
void          dw_deck_entry_set_count      (DwDeckEntry  *self,
                                            guint         count);
DwCard       *dw_deck_entry_get_card       (DwDeckEntry  *self);
void          dw_deck_entry_set_card       (DwDeckEntry  *self,
                                            DwCard       *card);
const char   *dw_deck_entry_get_section    (DwDeckEntry  *self);
guint         dw_deck_entry_get_line       (DwDeckEntry  *self);
void          dw_deck_entry_set_line       (DwDeckEntry  *self,
                                            guint         line);
const char   *dw_deck_entry_get_display_name (DwDeckEntry *self);

GQuark        dw_deck_error_quark          (void);

DwDeck       *dw_deck_new                  (const char   *game_id);
DwDeck       *dw_deck_load                 (const char   *path,
                                            GError      **error);
DwDeck       *dw_deck_load_data            (const char   *data,
                                            gsize         length,
                                            const char   *display_name,
                                            GError      **error);
gboolean      dw_deck_save                 (DwDeck       *self,
                                            const char   *path,
                                            GError      **error);
char         *dw_deck_to_string            (DwDeck       *self);
gboolean      dw_deck_save_copy            (DwDeck       *self,
                                            const char   *path,
                                            GError      **error);

const char   *dw_deck_get_path             (DwDeck       *self);
const char   *dw_deck_get_game_id          (DwDeck       *self);
const char   *dw_deck_get_format_id        (DwDeck       *self);
void          dw_deck_set_format_id        (DwDeck       *self,
                                            const char   *format_id);
const char   *dw_deck_get_name             (DwDeck       *self);
void          dw_deck_set_name             (DwDeck       *self,
                                            const char   *name);
const char   *dw_deck_get_author           (DwDeck       *self);
void          dw_deck_set_author           (DwDeck       *self,
                                            const char   *author);
const char   *dw_deck_get_notes            (DwDeck       *self);
void          dw_deck_set_notes            (DwDeck       *self,
                                            const char   *notes);
const char * const *dw_deck_get_tags       (DwDeck       *self);
gboolean      dw_deck_set_tags             (DwDeck       *self,
                                            const char * const *tags,
                                            GError      **error);
const char   *dw_deck_get_cover_id         (DwDeck       *self);
void          dw_deck_set_cover_id         (DwDeck       *self,
                                            const char   *card_id);

guint         dw_deck_get_n_sections       (DwDeck       *self);
const char   *dw_deck_get_section_id       (DwDeck       *self,
                                            guint         index);
GListModel   *dw_deck_get_section          (DwDeck       *self,
                                            const char   *section_id);
GListModel   *dw_deck_ensure_section       (DwDeck       *self,
                                            const char   *section_id);
guint         dw_deck_count_section        (DwDeck       *self,
                                            const char   *section_id);
guint64       dw_deck_count_copies         (DwDeck       *self);
char         *dw_deck_tally_add            (DwDeckTally  *tally,
                                            guint64       count);

void          dw_deck_add_entry            (DwDeck       *self,
                                            const char   *section_id,
                                            DwDeckEntry  *entry);
DwDeckEntry  *dw_deck_add_card             (DwDeck       *self,
                                            const char   *section_id,
                                            DwCard       *card,
                                            guint         count);
gboolean      dw_deck_remove_entry         (DwDeck       *self,
                                            DwDeckEntry  *entry);
void          dw_deck_insert_entry         (DwDeck       *self,
                                            const char   *section_id,
                                            guint         position,
                                            DwDeckEntry  *entry);
gboolean      dw_deck_find_entry           (DwDeck       *self,
                                            DwDeckEntry  *entry,
                                            const char  **section_id,
                                            guint        *position);
DwDeckEntry  *dw_deck_find_card            (DwDeck       *self,
                                            const char   *section_id,
                                            DwCard       *card);
void          dw_deck_foreach_entry        (DwDeck       *self,
                                            GFunc         func,
                                            gpointer      user_data);

G_END_DECLS
