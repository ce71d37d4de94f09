/* dw-card.h — one card of a card database
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-xml.h"

G_BEGIN_DECLS

/* One child element of a <card> other than name and type, in file order.
 * A simple one (no attributes, text only) keeps its text; anything else
 * keeps its whole element so that saving writes it back unchanged. */
typedef struct
{
  const char *name;   /* qualified element name, interned */
  char       *value;  /* the text (of the whole element when @node is set) */
  DwXmlNode  *node;   /* NULL for simple elements */
} DwCardField;

/* Where the cards of a database keep their texts: one run of memory, in
 * the order the cards were read, so that a search walking the cards walks
 * it from start to end whatever the heap looked like before. */
typedef struct _DwCardArena DwCardArena;

DwCardArena *dw_card_arena_new   (void);
DwCardArena *dw_card_arena_ref   (DwCardArena *arena);
void         dw_card_arena_unref (DwCardArena *arena);

/* Everything a card is made of at once, for a reader making many cards:
 * dw_card_new_from_init() copies the strings and takes the nodes of the
 * fields and @extra_attrs. */
typedef struct
{
  const char         *id;
  const char         *name;
  const char         *card_type;    /* interned */
  const char         *set_id;       /* interned, or NULL */
  const char         *game_id;      /* interned, or NULL */
  guint               revision;
  guint               line;
  gboolean            token;
  char              **extra_attrs;  /* NULL when there are none */
  const DwCardField  *fields;
  guint               n_fields;
  DwCardArena        *arena;        /* where the texts go, or NULL */
} DwCardInit;

/* The characters of a card's name or a deck's name (README, "Limits"):
 * the longest card name of either game is under 40, and a registration
 * sheet prints a name on a line or two; past it, a file is refused. */
#define DW_MAX_NAME_LENGTH 200

#define DW_TYPE_CARD (dw_card_get_type ())
G_DECLARE_FINAL_TYPE (DwCard, dw_card, DW, CARD, GObject)

DwCard            *dw_card_new                (const char  *id,
                                               const char  *name,
                                               const char  *card_type);
DwCard            *dw_card_new_from_init      (const DwCardInit *init);
void               dw_card_set_name_and_type  (DwCard      *self,
                                               const char  *name,
                                               const char  *card_type);
const char        *dw_card_get_id             (DwCard      *self);
const char        *dw_card_get_name           (DwCard      *self);
const char        *dw_card_get_name_key       (DwCard      *self);
const char        *dw_card_get_card_type      (DwCard      *self);
const char        *dw_card_get_set_id         (DwCard      *self);
void               dw_card_set_set_id         (DwCard      *self,
                                               const char  *set_id);
guint              dw_card_get_revision       (DwCard      *self);
void               dw_card_set_revision       (DwCard      *self,
                                               guint        revision);
gboolean           dw_card_is_token           (DwCard      *self);
void               dw_card_set_token          (DwCard      *self,
                                               gboolean     token);
const char        *dw_card_get_game_id        (DwCard      *self);
const char        *dw_card_get_base_dir       (DwCard      *self);
void               dw_card_set_base_dir       (DwCard      *self,
                                               const char  *base_dir);
void               dw_card_set_game_id        (DwCard      *self,
                                               const char  *game_id);

const char        *dw_card_get_value          (DwCard      *self,
                                               const char  *property);
gboolean           dw_card_get_int            (DwCard      *self,
                                               const char  *property,
                                               gint64      *value);
void               dw_card_set_value          (DwCard      *self,
                                               const char  *property,
                                               const char  *value);
void               dw_card_add_node           (DwCard      *self,
                                               DwXmlNode   *node);
guint              dw_card_get_n_fields       (DwCard      *self);
const DwCardField *dw_card_get_field          (DwCard      *self,
                                               guint        index);
const DwCardField *dw_card_get_fields         (DwCard      *self,
                                               guint       *n_fields);
char             **dw_card_get_extra_attributes (DwCard    *self);
void               dw_card_take_extra_attributes (DwCard   *self,
                                                  char    **attrs);
guint              dw_card_get_line           (DwCard      *self);
void               dw_card_set_line           (DwCard      *self,
                                               guint        line);

char              *dw_card_name_key           (const char  *name);
char              *dw_card_check_name_length  (const char  *name,
                                               const char  *what);
char              *dw_card_fold_text          (const char  *text);
const char        *dw_card_get_sort_key       (DwCard      *self);

G_END_DECLS
