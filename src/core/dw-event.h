/* dw-event.h — an organiser's desk: every decklist of an event, checked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-library.h"

G_BEGIN_DECLS

typedef enum
{
  DW_EVENT_VERDICT_LEGAL,
  DW_EVENT_VERDICT_ILLEGAL,
  DW_EVENT_VERDICT_UNREADABLE,  /* the file is no deck Deckwright can read */
} DwEventVerdict;

#define DW_TYPE_EVENT_ENTRY (dw_event_entry_get_type ())
G_DECLARE_FINAL_TYPE (DwEventEntry, dw_event_entry, DW, EVENT_ENTRY, GObject)

#define DW_TYPE_EVENT (dw_event_get_type ())
G_DECLARE_FINAL_TYPE (DwEvent, dw_event, DW, EVENT, GObject)

const char     *dw_event_verdict_to_string       (DwEventVerdict  verdict);
gboolean        dw_event_is_deck_file            (const char     *name);

const char     *dw_event_entry_get_path          (DwEventEntry   *self);
const char     *dw_event_entry_get_file_name     (DwEventEntry   *self);
const char     *dw_event_entry_get_player        (DwEventEntry   *self);
const char     *dw_event_entry_get_deck_name     (DwEventEntry   *self);
const char     *dw_event_entry_get_game_name     (DwEventEntry   *self);
const char     *dw_event_entry_get_format_name   (DwEventEntry   *self);
const char     *dw_event_entry_get_format_id     (DwEventEntry   *self);
DwDeck         *dw_event_entry_get_deck          (DwEventEntry   *self);
DwGame         *dw_event_entry_get_game          (DwEventEntry   *self);
DwFormat       *dw_event_entry_get_format        (DwEventEntry   *self);
DwEventVerdict  dw_event_entry_get_verdict       (DwEventEntry   *self);
gboolean        dw_event_entry_get_legal         (DwEventEntry   *self);
guint           dw_event_entry_get_n_errors      (DwEventEntry   *self);
guint           dw_event_entry_get_n_warnings    (DwEventEntry   *self);
GPtrArray      *dw_event_entry_get_problems      (DwEventEntry   *self);
GPtrArray      *dw_event_entry_get_warnings      (DwEventEntry   *self);
const char     *dw_event_entry_get_error         (DwEventEntry   *self);
const char     *dw_event_entry_get_fingerprint   (DwEventEntry   *self);
GStrv           dw_event_entry_dup_codes         (DwEventEntry   *self);
guint           dw_event_entry_count_unknown     (DwEventEntry   *self);
guint           dw_event_entry_get_n_brought_cards (DwEventEntry *self);

DwEvent        *dw_event_new                     (DwLibrary      *library);
DwLibrary      *dw_event_get_library             (DwEvent        *self);
const char     *dw_event_get_format_id           (DwEvent        *self);
void            dw_event_set_format_id           (DwEvent        *self,
                                                  const char     *format_id);
DwEventEntry   *dw_event_add_file                (DwEvent        *self,
                                                  const char     *path);
guint           dw_event_add_folder              (DwEvent        *self,
                                                  const char     *path,
                                                  GError        **error);
void            dw_event_remove_all              (DwEvent        *self);
void            dw_event_recheck                 (DwEvent        *self);
guint           dw_event_count_brought_cards     (DwEvent        *self);
guint           dw_event_keep_brought_cards      (DwEvent        *self,
                                                  const char     *folder,
                                                  GError        **error);
guint           dw_event_count_verdict           (DwEvent        *self,
                                                  DwEventVerdict  verdict);

G_END_DECLS
