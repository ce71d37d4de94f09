/* dw-save.h — writing a file whole or not at all
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  DW_SAVE_FOLLOW_LINKS = 0,        /* a symbolic link stays; its target gets the contents */
  DW_SAVE_REPLACE_LINKS = 1 << 0,  /* a symbolic link is replaced by the file (caches) */
  DW_SAVE_SYNC_NEW      = 1 << 1,  /* a new file too is on the disk before it is named (a version
                                    * kept before its deck is replaced: a crash loses neither) */
} DwSaveFlags;

/* A temporary file of ours that no save holds and that is older than
 * this is what an interrupted save left behind. */
#define DW_SAVE_STALE_SECONDS 60

/* The temporary file of a save of "deck.xml" is ".deck.xml" DW_SAVE_TEMP_INFIX
 * and six random characters, beside it. */
#define DW_SAVE_TEMP_INFIX ".dw-save-"

gboolean dw_save_file (const char   *path,
                       const char   *contents,
                       gssize        length,
                       DwSaveFlags   flags,
                       GError      **error);

G_END_DECLS
