/* dw-deck-private.h — what the deck's own files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-deck.h"

G_BEGIN_DECLS

/* The deck reads and writes its entries' fields itself. */
struct _DwDeckEntry
{
  GObject      parent_instance;

  char        *id;
  char        *name;
  guint        revision;   /* 0: any revision */
  guint        count;
  guint        line;
  const char  *section;    /* interned */
  DwCard      *card;       /* NULL while unresolved or unknown */
  char       **extra_attrs;
};

void dw_deck_set_path (DwDeck     *self,
                       const char *path);

G_END_DECLS
