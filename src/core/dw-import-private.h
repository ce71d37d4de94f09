/* dw-import-private.h — what the import readers and the builder share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-import.h"

G_BEGIN_DECLS

/* A count is read up to the deck's own limit (dw-deck.h). */
#define DW_IMPORT_MAX_COUNT DW_DECK_MAX_COUNT

typedef struct
{
  char     *section;  /* as the file names it; NULL: the main deck, unnamed */
  char     *id;
  char     *name;
  char     *type;     /* the card type the file claims (Arcmage JSON) */
  gboolean  token;    /* the file says it is a token (Arcmage JSON) */
  guint     count;
  guint     line;
} DwRawEntry;

typedef struct
{
  char       *name;
  char       *author;
  char       *notes;
  char       *game_id;       /* said by the file itself, or NULL */
  char       *format_id;     /* the format the file's decks are built for, or NULL */
  gboolean    by_type;       /* unnamed entries go where their card type belongs */
  gboolean    tokens_apart;  /* tokens listed in the unnamed main deck go to the tokens */
  GPtrArray  *entries;       /* DwRawEntry */
} DwRawDeck;

extern const char * const dw_import_main_aliases[];
extern const char * const dw_import_side_aliases[];
extern const char * const dw_import_token_aliases[];

void        dw_raw_entry_free                (DwRawEntry   *entry);
DwRawDeck  *dw_raw_deck_new                  (void);
void        dw_raw_deck_free                 (DwRawDeck    *raw);
DwRawEntry *dw_raw_deck_add                  (DwRawDeck    *raw,
                                              const char   *section,
                                              const char   *id,
                                              const char   *name,
                                              guint         count,
                                              guint         line);

char       *dw_import_label_key              (const char   *label);
GHashTable *dw_import_section_labels         (DwLibrary    *library);
gboolean    dw_import_is_known_label         (GHashTable   *labels,
                                              const char   *label);
gboolean    dw_import_is_token_label         (GHashTable   *labels,
                                              const char   *label);

gboolean    dw_import_set_error_at           (GError      **error,
                                              const char   *display_name,
                                              guint         line,
                                              guint         column,
                                              const char   *format,
                                              ...) G_GNUC_PRINTF (5, 6);
gboolean    dw_import_parse_count            (const char   *text,
                                              const char   *display_name,
                                              guint         line,
                                              guint         column,
                                              guint        *count,
                                              GError      **error);

/* The readers, one a format. */
DwRawDeck  *dw_import_parse_text             (DwLibrary    *library,
                                              const char   *text,
                                              const char   *display_name,
                                              GError      **error);
DwRawDeck  *dw_import_parse_csv              (const char   *text,
                                              const char   *display_name,
                                              GError      **error);
DwRawDeck  *dw_import_parse_cod              (const char   *data,
                                              gsize         length,
                                              const char   *display_name,
                                              GError      **error);
DwRawDeck  *dw_import_parse_arcmage_json     (const char   *text,
                                              gsize         length,
                                              const char   *display_name,
                                              GError      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwRawDeck, dw_raw_deck_free)

G_END_DECLS
