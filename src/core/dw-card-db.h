/* dw-card-db.h — a card database file, as a list model of its cards
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-card.h"
#include "dw-game.h"

G_BEGIN_DECLS

#define DW_CARD_DB_NS "urn:deckwright:carddb:1"

/* A card database is read in one stream with memory in proportion to its
 * cards; 256 MiB is some five times the 100,000 cards the benchmark reads
 * (README, "Limits"). */
#define DW_CARD_DB_MAX_FILE_SIZE (G_GUINT64_CONSTANT (256) * 1024 * 1024)

#define DW_CARD_DB_ERROR (dw_card_db_error_quark ())

typedef enum
{
  DW_CARD_DB_ERROR_INVALID,
  DW_CARD_DB_ERROR_UNKNOWN_GAME,
  DW_CARD_DB_ERROR_DUPLICATE_ID,
  DW_CARD_DB_ERROR_MISSING,
  DW_CARD_DB_ERROR_BAD_VALUE,
} DwCardDbError;

typedef struct
{
  const char *id;        /* interned */
  char       *name;
  char       *released;
} DwCardSet;

#define DW_TYPE_CARD_DB (dw_card_db_get_type ())
G_DECLARE_FINAL_TYPE (DwCardDb, dw_card_db, DW, CARD_DB, GObject)

GQuark           dw_card_db_error_quark  (void);

DwCardDb        *dw_card_db_new          (DwGame        *game);
DwCardDb        *dw_card_db_load         (const char    *path,
                                          DwGameLookupFunc lookup,
                                          gpointer       user_data,
                                          GError       **error);
DwCardDb        *dw_card_db_load_data    (const char    *data,
                                          gsize          length,
                                          const char    *display_name,
                                          DwGameLookupFunc lookup,
                                          gpointer       user_data,
                                          GError       **error);
gboolean         dw_card_db_save         (DwCardDb      *self,
                                          const char    *path,
                                          GError       **error);
char            *dw_card_db_to_string    (DwCardDb      *self);

const char      *dw_card_db_get_path     (DwCardDb      *self);
DwGame          *dw_card_db_get_game     (DwCardDb      *self);
const char      *dw_card_db_get_title    (DwCardDb      *self);
const char      *dw_card_db_get_license  (DwCardDb      *self);
const char      *dw_card_db_get_source   (DwCardDb      *self);
guint            dw_card_db_get_n_sets   (DwCardDb      *self);
GPtrArray       *dw_card_db_get_skipped  (DwCardDb      *self);
const DwCardSet *dw_card_db_get_set      (DwCardDb      *self,
                                          guint          index);
DwCard          *dw_card_db_lookup_id    (DwCardDb      *self,
                                          const char    *id);
DwCard          *dw_card_db_lookup_name  (DwCardDb      *self,
                                          const char    *name);
gboolean         dw_card_db_add_card     (DwCardDb      *self,
                                          DwCard        *card,
                                          GError       **error);

DwCard * const  *dw_card_db_peek_cards   (DwCardDb      *self,
                                          guint         *n_cards);
void             dw_card_db_make_sort_keys (DwCardDb    *self);

G_END_DECLS
