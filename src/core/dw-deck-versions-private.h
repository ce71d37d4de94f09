/* dw-deck-versions-private.h — the version store's index, for backups; its writer, for tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-deck-versions.h"
#include "dw-save.h"

G_BEGIN_DECLS

/* One line of a store's index: a deck's identity, the hash of its file's
 * contents since its last save, and its path from the root. */
typedef struct
{
  char *id;
  char *hash;
  char *path;
} DwDeckVersionsLine;

void        dw_deck_versions_line_free   (DwDeckVersionsLine *line);
/* The lines of @root's index (empty when it has none). */
GPtrArray  *dw_deck_versions_read_lines  (const char         *root,
                                          GError            **error);
/* The index's text for @lines, as the store writes it. */
char       *dw_deck_versions_lines_to_text (GPtrArray        *lines);
/* Parses an index's text; NULL when it is damaged. */
GPtrArray  *dw_deck_versions_lines_from_text (const char     *text,
                                              GError        **error);
/* Adds @lines (their ids new to the store) to @root's index, under its
 * lock. */
gboolean    dw_deck_versions_add_lines   (const char         *root,
                                          GPtrArray          *lines,
                                          GError            **error);
char       *dw_deck_versions_new_id      (void);
/* Whether @id is one the store could have made: not empty, only ASCII
 * letters, digits, '-' and '_', and not “index” (the names of the
 * store's own files beside the folders of versions). */
gboolean    dw_deck_versions_id_is_valid (const char         *id);

/* For tests: what a save through the store writes with, in order: the
 * version kept, the deck, the index (dw_save_file() when NULL), so that a
 * test can make any one of them fail as a full disk does. */
typedef gboolean (*DwDeckVersionsWriteFunc) (const char   *path,
                                             const char   *contents,
                                             gssize        length,
                                             DwSaveFlags   flags,
                                             GError      **error);

extern DwDeckVersionsWriteFunc dw_deck_versions_testing_write;

G_END_DECLS
