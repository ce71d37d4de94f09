/* dw-deck-entry.c — one line of a deck: a card, its count, its section
 *
 * What the player wrote is kept as written (the id, the name, the
 * revision, attributes Deckwright does not know); the card is found
 * later, when a database that has it is read, and stays NULL for a card
 * no database knows.  The deck (dw-deck.c) reads and writes the fields
 * itself through dw-deck-private.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-deck-private.h"

G_DEFINE_FINAL_TYPE (DwDeckEntry, dw_deck_entry, G_TYPE_OBJECT)

enum {
  ENTRY_PROP_0,
  ENTRY_PROP_NAME,
  ENTRY_PROP_COUNT,
  ENTRY_PROP_CARD,
  N_ENTRY_PROPS
};

static GParamSpec *entry_properties[N_ENTRY_PROPS];

static void
dw_deck_entry_finalize (GObject *object)
{
  DwDeckEntry *self = DW_DECK_ENTRY (object);

  g_free (self->id);
  g_free (self->name);
  g_clear_object (&self->card);
  g_strfreev (self->extra_attrs);

  G_OBJECT_CLASS (dw_deck_entry_parent_class)->finalize (object);
}

static void
dw_deck_entry_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  DwDeckEntry *self = DW_DECK_ENTRY (object);

  switch (prop_id)
    {
    case ENTRY_PROP_NAME:
      g_value_set_string (value, dw_deck_entry_get_display_name (self));
      break;
    case ENTRY_PROP_COUNT:
      g_value_set_uint (value, self->count);
      break;
    case ENTRY_PROP_CARD:
      g_value_set_object (value, self->card);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_deck_entry_class_init (DwDeckEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dw_deck_entry_finalize;
  object_class->get_property = dw_deck_entry_get_property;

  entry_properties[ENTRY_PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  entry_properties[ENTRY_PROP_COUNT] =
    g_param_spec_uint ("count", NULL, NULL, 0, G_MAXUINT, 1,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  entry_properties[ENTRY_PROP_CARD] =
    g_param_spec_object ("card", NULL, NULL, DW_TYPE_CARD,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_ENTRY_PROPS, entry_properties);
}

static void
dw_deck_entry_init (DwDeckEntry *self)
{
  self->count = 1;
}

DwDeckEntry *
dw_deck_entry_new (const char *id,
                   const char *name,
                   guint       count)
{
  DwDeckEntry *self = g_object_new (DW_TYPE_DECK_ENTRY, NULL);

  self->id = (id && *id) ? g_strdup (id) : NULL;
  self->name = g_strdup (name ? name : "");
  self->count = MAX (count, 1);
  return self;
}

const char *
dw_deck_entry_get_id (DwDeckEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_ENTRY (self), NULL);
  return self->id;
}

/* The name as the deck file wrote it. */
const char *
dw_deck_entry_get_name (DwDeckEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_ENTRY (self), NULL);
  return self->name;
}

/* The card's name when it is known, else the name as written, else the id. */
const char *
dw_deck_entry_get_display_name (DwDeckEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_ENTRY (self), NULL);

  if (self->card != NULL)
    return dw_card_get_name (self->card);
  if (self->name != NULL && *self->name)
    return self->name;
  return self->id ? self->id : "";
}

guint
dw_deck_entry_get_revision (DwDeckEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_ENTRY (self), 0);
  return self->revision;
}

void
dw_deck_entry_set_revision (DwDeckEntry *self,
                            guint        revision)
{
  g_return_if_fail (DW_IS_DECK_ENTRY (self));
  self->revision = revision;
}

guint
dw_deck_entry_get_count (DwDeckEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_ENTRY (self), 0);
  return self->count;
}

void
dw_deck_entry_set_count (DwDeckEntry *self,
                         guint        count)
{
  g_return_if_fail (DW_IS_DECK_ENTRY (self));
  g_return_if_fail (count > 0);

  if (self->count == count)
    return;
  self->count = count;
  g_object_notify_by_pspec (G_OBJECT (self), entry_properties[ENTRY_PROP_COUNT]);
}

/* The card the entry stands for, or NULL when no database has it. */
DwCard *
dw_deck_entry_get_card (DwDeckEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_ENTRY (self), NULL);
  return self->card;
}

void
dw_deck_entry_set_card (DwDeckEntry *self,
                        DwCard      *card)
{
  g_return_if_fail (DW_IS_DECK_ENTRY (self));

  if (g_set_object (&self->card, card))
    {
      g_object_notify_by_pspec (G_OBJECT (self), entry_properties[ENTRY_PROP_CARD]);
      g_object_notify_by_pspec (G_OBJECT (self), entry_properties[ENTRY_PROP_NAME]);
    }
}

const char *
dw_deck_entry_get_section (DwDeckEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_ENTRY (self), NULL);
  return self->section;
}

/* The line of the deck file the entry came from, or 0. */
guint
dw_deck_entry_get_line (DwDeckEntry *self)
{
  g_return_val_if_fail (DW_IS_DECK_ENTRY (self), 0);
  return self->line;
}

/* Importers of other formats (text, CSV, Cockatrice) record the line an
 * entry came from, so that an unknown card is reported where it was written. */
void
dw_deck_entry_set_line (DwDeckEntry *self,
                        guint        line)
{
  g_return_if_fail (DW_IS_DECK_ENTRY (self));
  self->line = line;
}
