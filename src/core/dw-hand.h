/* dw-hand.h — sample opening hands: a seeded shuffle of a deck section
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-deck.h"

G_BEGIN_DECLS

typedef struct _DwHandSampler DwHandSampler;

DwHandSampler *dw_hand_sampler_new      (DwDeck         *deck,
                                         const char     *section_id);
void           dw_hand_sampler_free     (DwHandSampler  *self);
guint          dw_hand_sampler_get_size (DwHandSampler  *self);
guint          dw_hand_sampler_draw     (DwHandSampler  *self,
                                         guint64         seed,
                                         guint           n_cards,
                                         DwDeckEntry   **hand);
guint          dw_hand_sampler_draw_copies (DwHandSampler *self,
                                            guint64        seed,
                                            guint          n_cards,
                                            guint         *copies);
DwDeckEntry   *dw_hand_sampler_get_copy (DwHandSampler  *self,
                                         guint           index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwHandSampler, dw_hand_sampler_free)

G_END_DECLS
