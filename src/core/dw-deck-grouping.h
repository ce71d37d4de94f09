/* dw-deck-grouping.h — a deck's entries grouped as the game defines
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-deck.h"
#include "dw-game.h"

G_BEGIN_DECLS

/* The grouping every reader of a deck knows: by card type. */
#define DW_GROUP_BY_TYPE "type"
/* By the game's cost property (its DW_PROPERTY_COST). */
#define DW_GROUP_BY_COST "cost"

/* Where an entry belongs: groups come in @order, and within one order
 * (costs that are not numbers) by @value. */
typedef struct
{
  int         order;
  const char *value;   /* the card's type or value, or NULL: owned by the card */
} DwGroupKey;

/* One group of a section: its entries in the order they were given. */
typedef struct
{
  DwGroupKey  key;
  char       *title;     /* "Creature", "Gaian", "Cost 3", "No faction", "Unknown cards" */
  guint64     total;     /* copies, in 64 bits: no count wraps */
  GPtrArray  *entries;   /* DwDeckEntry */
} DwDeckGroup;

const DwPropertyDef *dw_deck_grouping_cost_property (DwGame       *game);
gboolean     dw_deck_grouping_can_group_by (DwGame             *game,
                                            const char         *group_by);
int          dw_deck_grouping_cost_order   (const char         *value);
DwGroupKey   dw_deck_group_key             (DwGame             *game,
                                            const char         *group_by,
                                            DwDeckEntry        *entry);
gboolean     dw_group_key_equal            (DwGroupKey          a,
                                            DwGroupKey          b);
int          dw_group_key_compare          (DwGroupKey          a,
                                            DwGroupKey          b);
char        *dw_deck_group_title           (DwGame             *game,
                                            const char         *group_by,
                                            DwDeckEntry        *entry,
                                            gboolean            waiting);
guint64      dw_deck_group_total           (DwGame             *game,
                                            const char         *group_by,
                                            GListModel         *entries,
                                            DwDeckEntry        *entry);
GPtrArray   *dw_deck_group_entries         (DwGame             *game,
                                            const char         *group_by,
                                            GListModel         *entries);
void         dw_deck_group_free            (DwDeckGroup        *group);

int          dw_deck_grouping_compare      (DwGame             *game,
                                            const char         *group_by,
                                            const char         *sort_by,
                                            DwDeckEntry        *a,
                                            DwDeckEntry        *b);
GPtrArray   *dw_deck_grouping_sort         (DwGame             *game,
                                            const char         *group_by,
                                            const char         *sort_by,
                                            GListModel         *entries,
                                            gboolean            ordered);

/* What a line of the decklist text is. */
typedef enum
{
  DW_DECKLIST_SECTION,   /* "Main deck · 60" */
  DW_DECKLIST_GROUP,     /* "Creature · 38" */
  DW_DECKLIST_CARD,      /* "3 Bramble Weaver" */
  DW_DECKLIST_BLANK,     /* between sections */
} DwDecklistLine;

typedef void (*DwDecklistFunc) (DwDecklistLine  kind,
                                const char     *text,
                                gpointer        user_data);

void         dw_deck_grouping_write_decklist (DwDeck           *deck,
                                              DwGame           *game,
                                              const char       *group_by,
                                              const char       *sort_by,
                                              gboolean          waiting,
                                              DwDecklistFunc    func,
                                              gpointer          user_data);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwDeckGroup, dw_deck_group_free)

G_END_DECLS
