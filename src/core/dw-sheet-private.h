/* dw-sheet-private.h — what the sheet's files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-sheet.h"

G_BEGIN_DECLS

/* What the sheet lists, a block at a time, laid out in dw-sheet.c. */
typedef enum
{
  BLOCK_PROBLEM,
  BLOCK_SECTION,
  BLOCK_GROUP,
  BLOCK_NOTE,
  BLOCK_CARD,
  BLOCK_TOTAL,
  BLOCK_SIGNATURE,
} BlockKind;

typedef struct _Block Block;
struct _Block
{
  BlockKind  kind;
  char      *count;    /* cards: the number of copies; totals: the total */
  char      *mark;     /* cards of ordered sections: the position */
  char      *text;     /* Pango markup */
  gboolean   unknown;  /* a card no database knows */
  Block     *owner;    /* the heading a card or total comes under */
  Block     *continued; /* headings: the label of a column going on under them */
};

struct _DwSheet
{
  GObject     parent_instance;

  DwDeck     *deck;
  DwGame     *game;
  DwFormat   *format;
  GPtrArray  *problems;     /* DwProblem */
  char       *fingerprint;
  char       *code;         /* the deck code its QR code holds; NULL: none (an empty deck) */
  char       *event;
  char       *date;
  char       *location;
  char       *player;

  GPtrArray  *notices;      /* Block, at full width */
  GPtrArray  *cards;        /* Block, in two columns */
  Block      *signature;

  /* The layout for the page size last asked about. */
  double      laid_width;
  double      laid_height;
  GArray     *placed;       /* Placed */
  guint       n_pages;
};

Block *dw_sheet_block_new    (BlockKind   kind,
                              const char *count,
                              const char *mark,
                              char       *text);
void   dw_sheet_block_free   (Block      *block);
void   dw_sheet_build_blocks (DwSheet    *self,
                              gboolean    legal);
void   dw_sheet_drop_considering_problems (DwSheet *self);

G_END_DECLS
