/* dw-deck-history.h — every edit of a deck, undoable and redoable
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-deck.h"
#include "dw-game.h"

G_BEGIN_DECLS

#define DW_TYPE_DECK_HISTORY (dw_deck_history_get_type ())
G_DECLARE_FINAL_TYPE (DwDeckHistory, dw_deck_history, DW, DECK_HISTORY, GObject)

DwDeckHistory *dw_deck_history_new          (DwDeck        *deck);
DwDeck        *dw_deck_history_get_deck     (DwDeckHistory *self);

DwDeckEntry   *dw_deck_history_add_card     (DwDeckHistory *self,
                                             const char    *section_id,
                                             DwCard        *card,
                                             guint          count);
void           dw_deck_history_remove       (DwDeckHistory *self,
                                             DwDeckEntry   *entry,
                                             guint          count);
void           dw_deck_history_move         (DwDeckHistory *self,
                                             DwDeckEntry   *entry,
                                             const char    *section_id,
                                             guint          position);
void           dw_deck_history_move_copies  (DwDeckHistory *self,
                                             DwDeckEntry   *entry,
                                             const char    *section_id);
void           dw_deck_history_toggle_considering (DwDeckHistory *self,
                                             DwGame        *game,
                                             GPtrArray     *entries);
void           dw_deck_history_set_details  (DwDeckHistory *self,
                                             const char    *name,
                                             const char    *author,
                                             const char    *notes);
void           dw_deck_history_set_format   (DwDeckHistory *self,
                                             const char    *format_id);
gboolean       dw_deck_history_set_tags     (DwDeckHistory *self,
                                             const char * const *tags,
                                             GError       **error);
void           dw_deck_history_set_cover    (DwDeckHistory *self,
                                             const char    *card_id);

void           dw_deck_history_begin_group  (DwDeckHistory *self);
void           dw_deck_history_end_group    (DwDeckHistory *self);

gboolean       dw_deck_history_can_undo     (DwDeckHistory *self);
gboolean       dw_deck_history_can_redo     (DwDeckHistory *self);
gboolean       dw_deck_history_undo         (DwDeckHistory *self);
gboolean       dw_deck_history_redo         (DwDeckHistory *self);
const char    *dw_deck_history_get_undo_label (DwDeckHistory *self);

gboolean       dw_deck_history_is_modified  (DwDeckHistory *self);
void           dw_deck_history_mark_saved   (DwDeckHistory *self);
void           dw_deck_history_mark_unsaved (DwDeckHistory *self);

G_END_DECLS
