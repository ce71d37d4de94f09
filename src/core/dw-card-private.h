/* dw-card-private.h — a card's insides, for the search's inner loop
 *
 * dw-query.c matches every card of a database on every keystroke; these
 * inline accessors spare it a function call and a type check per field.
 * Nothing else should include this.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-card.h"

G_BEGIN_DECLS

/* What a card says, in one block: the name key, the name and the id,
 * then the fields and the texts they point to.  A search reads a card's
 * fields one after another, so they sit together rather than each in an
 * allocation of its own; the cards of a database take their blocks from
 * one DwCardArena, in the order they were read. */
typedef struct
{
  char         *name_key;
  char         *name;
  char         *id;
  DwCardField  *fields;
  guint         n_fields;
} DwCardValues;

struct _DwCard
{
  GObject      parent_instance;

  DwCardValues      *values;
  DwCardArena *arena;      /* holds @values when set */
  const char  *card_type;  /* interned */
  const char  *set_id;     /* interned */
  const char  *game_id;    /* interned */
  const char  *base_dir;   /* interned: the database's folder, or NULL */
  guint        revision;
  guint        line;
  gboolean     token;
  char       **extra_attrs;
  char        *sort_key;   /* see dw_card_get_sort_key() */
};

static inline const char *
dw_card_peek_name_key (DwCard *card)
{
  return card->values->name_key;
}

static inline const char *
dw_card_peek_id (DwCard *card)
{
  return card->values->id;
}

static inline const char *
dw_card_peek_card_type (DwCard *card)
{
  return card->card_type;
}

static inline const char *
dw_card_peek_set_id (DwCard *card)
{
  return card->set_id;
}

static inline const DwCardField *
dw_card_peek_fields (DwCard *card,
                     guint  *n_fields)
{
  *n_fields = card->values->n_fields;
  return card->values->fields;
}

G_END_DECLS
