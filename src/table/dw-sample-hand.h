/* dw-sample-hand.h — an opening hand as a table started from a seed deals it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-table.h"

G_BEGIN_DECLS

typedef struct _DwSampleHand DwSampleHand;

DwSampleHand *dw_sample_hand_new           (DwLibrary     *library,
                                            DwDeck        *deck,
                                            guint64        seed,
                                            GError       **error);
void          dw_sample_hand_free          (DwSampleHand  *self);
guint64       dw_sample_hand_get_seed      (DwSampleHand  *self);
guint         dw_sample_hand_get_n_cards   (DwSampleHand  *self);
DwCard       *dw_sample_hand_get_card      (DwSampleHand  *self,
                                            guint          position);
gboolean      dw_sample_hand_can_mulligan  (DwSampleHand  *self);
gboolean      dw_sample_hand_mulligan      (DwSampleHand  *self,
                                            const guint   *keep,
                                            guint          n_keep,
                                            GError       **error);
char         *dw_sample_hand_to_string     (DwSampleHand  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwSampleHand, dw_sample_hand_free)

G_END_DECLS
