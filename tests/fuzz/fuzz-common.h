/* fuzz-common.h — what every libFuzzer target shares
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-library.h"

G_BEGIN_DECLS

/* libFuzzer's entry points, declared here since it ships no header. */
int         LLVMFuzzerInitialize     (int            *argc,
                                      char         ***argv);
int         LLVMFuzzerTestOneInput   (const guint8   *data,
                                      size_t          size);

void        dw_fuzz_init             (void);
DwLibrary  *dw_fuzz_library          (void);
char       *dw_fuzz_read_source_file (const char     *relative_path,
                                      gsize          *length);
DwGame     *dw_fuzz_lookup_game_cb   (const char     *game_id,
                                      gpointer        user_data);
void        dw_fuzz_check            (gboolean        condition,
                                      const char     *what,
                                      const char     *detail);

G_END_DECLS
