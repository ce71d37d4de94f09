/* dw-format.h — a format: the deck-construction rules of one way to play a game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-game.h"
#include "dw-problem.h"
#include "dw-xml.h"

G_BEGIN_DECLS

typedef enum
{
  DW_RULE_COPIES,          /* at most N copies of a card */
  DW_RULE_SAME_VALUE,      /* every card of a section shares a property value */
  DW_RULE_ORDERED,         /* a section follows a property's printed order */
  DW_RULE_SHARE,           /* a card type makes up a share of a section */
  DW_RULE_DISTINCT_VALUES, /* at most N different values of a property */
  DW_RULE_TYPE_COUNT,      /* N cards of a type in a section, maybe all different */
  DW_RULE_BUDGET,          /* the cards' costs add up to at most N */
  DW_RULE_BANNED,          /* listed cards may not be in the deck */
  DW_RULE_RESTRICTED,      /* listed cards at most N copies each (1 unless said) */
} DwRuleKind;

typedef enum
{
  DW_COPY_MATCH_ID,
  DW_COPY_MATCH_NAME,
  DW_COPY_MATCH_ID_OR_NAME,
} DwCopyMatch;

typedef struct
{
  char        *section;
  char        *property;
  GHashTable  *amounts;    /* property value → amount; NULL: the value is the amount */
} DwBudgetPart;

/* A card a ban or restricted list names by id, by name, or both; a name
 * stands for every card of that name, reprints and revisions too. */
typedef struct
{
  char        *id;         /* NULL: by name only */
  char        *name;       /* NULL: by id only */
  char        *name_key;   /* dw_card_name_key (name), or NULL */
  gint64       limit;      /* copies allowed: 0 for a banned card */
} DwListedCard;

typedef struct
{
  DwRuleKind   kind;
  char        *code;
  DwSeverity   severity;
  char        *section;    /* NULL: every counted section */
  char        *property;
  char        *type;
  char        *ignore;
  char        *override;
  DwCopyMatch  match;
  gboolean     distinct;
  gint64       min;        /* -1 when not set */
  gint64       max;        /* -1 when not set */
  GPtrArray   *parts;      /* of DwBudgetPart */
  GPtrArray   *cards;      /* of DwListedCard: banned and restricted */
} DwRule;

typedef struct
{
  const char  *id;         /* interned section id */
  gint64       min;        /* -1 when not set */
  gint64       max;        /* -1 when not set */
  char       **accepts;    /* NULL: as the game's section says */
} DwFormatSection;

#define DW_TYPE_FORMAT (dw_format_get_type ())
G_DECLARE_FINAL_TYPE (DwFormat, dw_format, DW, FORMAT, GObject)

DwFormat              *dw_format_parse              (DwGame          *game,
                                                     DwXmlReader     *reader,
                                                     const DwXmlNode *node,
                                                     GError         **error);

const char            *dw_format_get_id             (DwFormat        *self);
const char            *dw_format_get_name           (DwFormat        *self);
const char            *dw_format_get_description    (DwFormat        *self);
const char            *dw_format_get_game_id        (DwFormat        *self);
gboolean               dw_format_is_default         (DwFormat        *self);
gboolean               dw_format_is_project_choice  (DwFormat        *self);

guint                  dw_format_get_n_sections     (DwFormat        *self);
const DwFormatSection *dw_format_get_section        (DwFormat        *self,
                                                     guint            index);
const DwFormatSection *dw_format_lookup_section     (DwFormat        *self,
                                                     const char      *id);
guint                  dw_format_get_n_rules        (DwFormat        *self);
const DwRule          *dw_format_get_rule           (DwFormat        *self,
                                                     guint            index);

G_END_DECLS
