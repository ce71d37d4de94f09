/* dw-rng.h — the table's seeded random numbers, the same on every platform
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Plain data, so a table state that holds one copies it with memcpy. */
typedef struct
{
  guint64 s[4];
} DwRng;

void     dw_rng_init        (DwRng         *rng,
                             guint64        seed);
void     dw_rng_init_state  (DwRng         *rng,
                             const guint64  state[4]);
guint64  dw_rng_fresh_seed  (void);
guint64  dw_rng_next        (DwRng         *rng);
guint64  dw_rng_below       (DwRng         *rng,
                             guint64        bound);
void     dw_rng_shuffle     (DwRng         *rng,
                             guint         *items,
                             gsize          n_items);

G_END_DECLS
