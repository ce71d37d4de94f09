/* dw-validate-private.h — what only the tests ask of validation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The passes over deck entries this thread's checks have taken so far. */
guint64 dw_validate_get_steps (void);

G_END_DECLS
