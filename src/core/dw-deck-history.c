/* dw-deck-history.c — every edit of a deck, undoable and redoable
 *
 * The deck editor changes a deck only through here.  Each edit is kept
 * with enough to do it again and to take it back: an entry, where it was,
 * where it went, how many copies.  "modified" compares the position in
 * the history with the one at the last save, so undoing back to the saved
 * deck makes it unmodified again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-deck-history.h"

typedef enum
{
  EDIT_COUNT,    /* an entry's count changes by delta (it stays in the deck) */
  EDIT_INSERT,   /* an entry enters the deck at section/position */
  EDIT_REMOVE,   /* an entry leaves the deck from section/position */
  EDIT_MOVE,     /* an entry goes from one section/position to another */
  EDIT_DETAILS,  /* name, author, notes and format */
} EditKind;

typedef struct
{
  char *name;
  char *author;
  char *notes;
  char *format_id;
  char **tags;
  char *cover_id;
} Details;

typedef struct
{
  EditKind     kind;
  char        *label;
  DwDeckEntry *entry;
  int          delta;
  const char  *section;       /* interned */
  guint        position;
  const char  *to_section;    /* interned */
  guint        to_position;
  Details      before;
  Details      after;
  gboolean     joined;        /* undone and redone with the edit before it */
} Edit;

struct _DwDeckHistory
{
  GObject    parent_instance;

  DwDeck    *deck;
  GPtrArray *edits;     /* Edit, oldest first */
  guint      applied;   /* how many of @edits are in effect */
  guint      saved_at;  /* @applied when the deck was last saved */
  gboolean   saved_lost; /* the saved state was dropped from the redo list */
  guint      group_depth;  /* inside dw_deck_history_begin_group() */
  guint      group_start;  /* @applied when the outermost group began */
};

G_DEFINE_FINAL_TYPE (DwDeckHistory, dw_deck_history, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_MODIFIED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
details_clear (Details *details)
{
  g_clear_pointer (&details->name, g_free);
  g_clear_pointer (&details->author, g_free);
  g_clear_pointer (&details->notes, g_free);
  g_clear_pointer (&details->format_id, g_free);
  g_clear_pointer (&details->tags, g_strfreev);
  g_clear_pointer (&details->cover_id, g_free);
}

static void
edit_free (Edit *edit)
{
  g_free (edit->label);
  g_clear_object (&edit->entry);
  details_clear (&edit->before);
  details_clear (&edit->after);
  g_free (edit);
}

static void
read_details (DwDeck  *deck,
              Details *details)
{
  details->name = g_strdup (dw_deck_get_name (deck));
  details->author = g_strdup (dw_deck_get_author (deck));
  details->notes = g_strdup (dw_deck_get_notes (deck));
  details->format_id = g_strdup (dw_deck_get_format_id (deck));
  details->tags = g_strdupv ((char **) dw_deck_get_tags (deck));
  details->cover_id = g_strdup (dw_deck_get_cover_id (deck));
}

static void
write_details (DwDeck        *deck,
               const Details *details)
{
  dw_deck_set_name (deck, details->name);
  dw_deck_set_author (deck, details->author);
  dw_deck_set_notes (deck, details->notes);
  dw_deck_set_format_id (deck, details->format_id);
  /* Checked when the edit was made: they fit. */
  dw_deck_set_tags (deck, (const char * const *) details->tags, NULL);
  dw_deck_set_cover_id (deck, details->cover_id);
}

static void
apply (DwDeckHistory *self,
       Edit          *edit,
       gboolean       forward)
{
  switch (edit->kind)
    {
    case EDIT_COUNT:
      dw_deck_entry_set_count (edit->entry,
                               (guint) ((int) dw_deck_entry_get_count (edit->entry) +
                                        (forward ? edit->delta : -edit->delta)));
      break;
    case EDIT_INSERT:
    case EDIT_REMOVE:
      if ((edit->kind == EDIT_INSERT) == forward)
        dw_deck_insert_entry (self->deck, edit->section, edit->position, edit->entry);
      else
        dw_deck_remove_entry (self->deck, edit->entry);
      break;
    case EDIT_MOVE:
      dw_deck_remove_entry (self->deck, edit->entry);
      if (forward)
        dw_deck_insert_entry (self->deck, edit->to_section, edit->to_position, edit->entry);
      else
        dw_deck_insert_entry (self->deck, edit->section, edit->position, edit->entry);
      break;
    case EDIT_DETAILS:
      write_details (self->deck, forward ? &edit->after : &edit->before);
      break;
    default:
      g_assert_not_reached ();
    }
}

static gboolean
is_modified (DwDeckHistory *self)
{
  return self->saved_lost || self->applied != self->saved_at;
}

static void
notify_state (DwDeckHistory *self,
              gboolean       was_undo,
              gboolean       was_redo,
              gboolean       was_modified)
{
  if (was_undo != dw_deck_history_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (was_redo != dw_deck_history_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  if (was_modified != is_modified (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

/* Does @edit and puts it on the history, dropping what could be redone. */
static void
push (DwDeckHistory *self,
      Edit          *edit)
{
  gboolean was_undo = dw_deck_history_can_undo (self);
  gboolean was_redo = dw_deck_history_can_redo (self);
  gboolean was_modified = is_modified (self);

  if (self->saved_at > self->applied)
    self->saved_lost = TRUE;
  g_ptr_array_set_size (self->edits, self->applied);
  edit->joined = self->group_depth > 0 && self->applied > self->group_start;
  apply (self, edit, TRUE);
  g_ptr_array_add (self->edits, edit);
  self->applied++;

  notify_state (self, was_undo, was_redo, was_modified);
}

static Edit *
edit_new (EditKind     kind,
          DwDeckEntry *entry,
          char        *label)
{
  Edit *edit = g_new0 (Edit, 1);

  edit->kind = kind;
  edit->entry = entry ? g_object_ref (entry) : NULL;
  edit->label = label;
  return edit;
}

static void
dw_deck_history_finalize (GObject *object)
{
  DwDeckHistory *self = DW_DECK_HISTORY (object);

  g_clear_object (&self->deck);
  g_ptr_array_unref (self->edits);

  G_OBJECT_CLASS (dw_deck_history_parent_class)->finalize (object);
}

static void
dw_deck_history_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  DwDeckHistory *self = DW_DECK_HISTORY (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, dw_deck_history_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, dw_deck_history_can_redo (self));
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, is_modified (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_deck_history_class_init (DwDeckHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dw_deck_history_finalize;
  object_class->get_property = dw_deck_history_get_property;

  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dw_deck_history_init (DwDeckHistory *self)
{
  self->edits = g_ptr_array_new_with_free_func ((GDestroyNotify) edit_free);
}

DwDeckHistory *
dw_deck_history_new (DwDeck *deck)
{
  DwDeckHistory *self;

  g_return_val_if_fail (DW_IS_DECK (deck), NULL);

  self = g_object_new (DW_TYPE_DECK_HISTORY, NULL);
  self->deck = g_object_ref (deck);
  return self;
}

DwDeck *
dw_deck_history_get_deck (DwDeckHistory *self)
{
  g_return_val_if_fail (DW_IS_DECK_HISTORY (self), NULL);
  return self->deck;
}

static guint
deck_entries (DwDeck *deck)
{
  guint n = 0;

  for (guint i = 0; i < dw_deck_get_n_sections (deck); i++)
    n += g_list_model_get_n_items (dw_deck_get_section (deck, dw_deck_get_section_id (deck, i)));
  return n;
}

/* Adds @count copies of @card to a section: to its entry there if it has
 * one, else as a new entry at the end; no more than the deck's limits
 * leave room for (returning NULL when a new entry has none). */
DwDeckEntry *
dw_deck_history_add_card (DwDeckHistory *self,
                          const char    *section_id,
                          DwCard        *card,
                          guint          count)
{
  DwDeckEntry *existing;
  Edit *edit;

  g_return_val_if_fail (DW_IS_DECK_HISTORY (self), NULL);
  g_return_val_if_fail (DW_IS_CARD (card), NULL);
  g_return_val_if_fail (count > 0, NULL);

  /* The deck stays one its file can hold (dw-deck.h's limits): what
   * would pass them is not added, so a saved deck always opens again. */
  existing = dw_deck_find_card (self->deck, section_id, card);
  count = (guint) MIN ((guint64) count, DW_DECK_MAX_COPIES - MIN (dw_deck_count_copies (self->deck),
                                                                  DW_DECK_MAX_COPIES));
  if (existing != NULL)
    count = MIN (count, DW_DECK_MAX_COUNT - MIN (dw_deck_entry_get_count (existing), DW_DECK_MAX_COUNT));
  else
    count = MIN (count, DW_DECK_MAX_COUNT);
  if (count == 0 || (existing == NULL && deck_entries (self->deck) >= DW_DECK_MAX_ENTRIES))
    return existing;

  if (existing != NULL)
    {
      edit = edit_new (EDIT_COUNT, existing,
                       g_strdup_printf (_("Add %s"), dw_card_get_name (card)));
      edit->delta = (int) count;
      push (self, edit);
      return existing;
    }
  else
    {
      g_autoptr(DwDeckEntry) entry = dw_deck_entry_new (dw_card_get_id (card), dw_card_get_name (card), count);
      GListModel *section = dw_deck_ensure_section (self->deck, section_id);

      if (dw_card_get_revision (card) != 1)
        dw_deck_entry_set_revision (entry, dw_card_get_revision (card));
      dw_deck_entry_set_card (entry, card);

      edit = edit_new (EDIT_INSERT, entry, g_strdup_printf (_("Add %s"), dw_card_get_name (card)));
      edit->section = g_intern_string (section_id);
      edit->position = g_list_model_get_n_items (section);
      push (self, edit);
      return entry;
    }
}

/* Takes @count copies of an entry out; the entry leaves the deck with its
 * last copy. */
void
dw_deck_history_remove (DwDeckHistory *self,
                        DwDeckEntry   *entry,
                        guint          count)
{
  const char *section_id;
  guint position;
  Edit *edit;

  g_return_if_fail (DW_IS_DECK_HISTORY (self));
  g_return_if_fail (count > 0);

  if (!dw_deck_find_entry (self->deck, entry, &section_id, &position))
    return;

  if (count < dw_deck_entry_get_count (entry))
    {
      edit = edit_new (EDIT_COUNT, entry,
                       g_strdup_printf (_("Remove %s"), dw_deck_entry_get_display_name (entry)));
      edit->delta = -(int) count;
    }
  else
    {
      edit = edit_new (EDIT_REMOVE, entry,
                       g_strdup_printf (_("Remove %s"), dw_deck_entry_get_display_name (entry)));
      edit->section = section_id;
      edit->position = position;
    }
  push (self, edit);
}

/* Moves an entry to @position of a section (its own or another); the
 * player's way of reordering a region chapter or fixing a wrong section. */
void
dw_deck_history_move (DwDeckHistory *self,
                      DwDeckEntry   *entry,
                      const char    *section_id,
                      guint          position)
{
  const char *from;
  guint from_position;
  GListModel *target;
  guint n;
  Edit *edit;

  g_return_if_fail (DW_IS_DECK_HISTORY (self));

  if (!dw_deck_find_entry (self->deck, entry, &from, &from_position))
    return;

  target = dw_deck_ensure_section (self->deck, section_id);
  n = g_list_model_get_n_items (target);
  /* Within one section the entry's own place does not count. */
  if (from == g_intern_string (section_id))
    n--;
  position = MIN (position, n);
  if (from == g_intern_string (section_id) && position == from_position)
    return;

  edit = edit_new (EDIT_MOVE, entry,
                   g_strdup_printf (_("Move %s"), dw_deck_entry_get_display_name (entry)));
  edit->section = from;
  edit->position = from_position;
  edit->to_section = g_intern_string (section_id);
  edit->to_position = position;
  push (self, edit);
}

/* Moves every copy of @entry to the end of another section as one undo
 * step; where that section has an entry of the same card already, the
 * copies join it rather than stand beside it. */
void
dw_deck_history_move_copies (DwDeckHistory *self,
                             DwDeckEntry   *entry,
                             const char    *section_id)
{
  DwCard *card;
  DwDeckEntry *there;

  g_return_if_fail (DW_IS_DECK_HISTORY (self));
  g_return_if_fail (DW_IS_DECK_ENTRY (entry));

  if (g_strcmp0 (dw_deck_entry_get_section (entry), section_id) == 0)
    return;

  card = dw_deck_entry_get_card (entry);
  there = card ? dw_deck_find_card (self->deck, section_id, card) : NULL;
  if (there == NULL)
    {
      dw_deck_history_move (self, entry, section_id, G_MAXUINT);
      return;
    }

  dw_deck_history_begin_group (self);
  dw_deck_history_add_card (self, section_id, card, dw_deck_entry_get_count (entry));
  dw_deck_history_remove (self, entry, dw_deck_entry_get_count (entry));
  dw_deck_history_end_group (self);
}

/* The section of @game a card of @entry goes to from Considering: the one
 * its type belongs in, or the first for a card no database knows. */
static const char *
home_section (DwGame      *game,
              DwDeckEntry *entry)
{
  DwCard *card = dw_deck_entry_get_card (entry);
  const DwSectionDef *home = NULL;

  if (card != NULL)
    home = dw_game_section_for_type (game, dw_card_get_card_type (card), dw_card_is_token (card));
  if (home == NULL)
    home = dw_game_get_section (game, 0);
  return home->id;
}

/* Each of @entries, every copy, goes to Considering, or back from it to
 * the section its card belongs in: one undo step for them all. */
void
dw_deck_history_toggle_considering (DwDeckHistory *self,
                                    DwGame        *game,
                                    GPtrArray     *entries)
{
  g_return_if_fail (DW_IS_DECK_HISTORY (self));
  g_return_if_fail (DW_IS_GAME (game));

  dw_deck_history_begin_group (self);
  for (guint i = 0; i < entries->len; i++)
    {
      DwDeckEntry *entry = g_ptr_array_index (entries, i);
      gboolean considering = dw_section_is_considering (dw_deck_entry_get_section (entry));

      dw_deck_history_move_copies (self, entry, considering ? home_section (game, entry)
                                                            : DW_SECTION_CONSIDERING);
    }
  dw_deck_history_end_group (self);
}

static void
set_details (DwDeckHistory *self,
             Details       *after,
             char          *label)
{
  Edit *edit = edit_new (EDIT_DETAILS, NULL, label);

  read_details (self->deck, &edit->before);
  edit->after = *after;

  if (g_strcmp0 (edit->before.name, after->name) == 0 &&
      g_strcmp0 (edit->before.author, after->author) == 0 &&
      g_strcmp0 (edit->before.notes, after->notes) == 0 &&
      g_strcmp0 (edit->before.format_id, after->format_id) == 0 &&
      g_strv_equal ((const char * const *) edit->before.tags, (const char * const *) after->tags) &&
      g_strcmp0 (edit->before.cover_id, after->cover_id) == 0)
    {
      edit_free (edit);
      return;
    }
  push (self, edit);
}

void
dw_deck_history_set_details (DwDeckHistory *self,
                             const char    *name,
                             const char    *author,
                             const char    *notes)
{
  Details after = { 0 };

  g_return_if_fail (DW_IS_DECK_HISTORY (self));

  after.name = g_strdup (name);
  after.author = g_strdup (author);
  after.notes = g_strdup (notes);
  after.format_id = g_strdup (dw_deck_get_format_id (self->deck));
  after.tags = g_strdupv ((char **) dw_deck_get_tags (self->deck));
  after.cover_id = g_strdup (dw_deck_get_cover_id (self->deck));
  set_details (self, &after, g_strdup (_("Edit details")));
}

void
dw_deck_history_set_format (DwDeckHistory *self,
                            const char    *format_id)
{
  Details after = { 0 };

  g_return_if_fail (DW_IS_DECK_HISTORY (self));

  read_details (self->deck, &after);
  g_free (after.format_id);
  after.format_id = g_strdup (format_id);
  set_details (self, &after, g_strdup (_("Change format")));
}

/* Replaces the deck's tags as one undoable edit; blanks and repeats are
 * dropped.  FALSE, changing nothing, for tags a deck cannot hold (see
 * dw_deck_set_tags()). */
gboolean
dw_deck_history_set_tags (DwDeckHistory       *self,
                          const char * const  *tags,
                          GError             **error)
{
  g_autoptr(DwDeck) probe = NULL;
  Details after = { 0 };

  g_return_val_if_fail (DW_IS_DECK_HISTORY (self), FALSE);

  /* The deck's own rules say which tags it can hold, and in what form. */
  probe = dw_deck_new (dw_deck_get_game_id (self->deck));
  if (!dw_deck_set_tags (probe, tags, error))
    return FALSE;
  read_details (self->deck, &after);
  g_strfreev (after.tags);
  after.tags = g_strdupv ((char **) dw_deck_get_tags (probe));
  set_details (self, &after, g_strdup (_("Edit tags")));
  return TRUE;
}

/* Makes the card of @card_id (NULL: none) the deck's cover, as one
 * undoable edit. */
void
dw_deck_history_set_cover (DwDeckHistory *self,
                           const char    *card_id)
{
  Details after = { 0 };

  g_return_if_fail (DW_IS_DECK_HISTORY (self));
  g_return_if_fail (card_id == NULL || strlen (card_id) <= DW_DECK_MAX_COVER_ID);

  read_details (self->deck, &after);
  g_free (after.cover_id);
  after.cover_id = card_id != NULL && *card_id != '\0' ? g_strdup (card_id) : NULL;
  set_details (self, &after, g_strdup (_("Choose the cover")));
}

gboolean
dw_deck_history_can_undo (DwDeckHistory *self)
{
  g_return_val_if_fail (DW_IS_DECK_HISTORY (self), FALSE);
  return self->applied > 0;
}

gboolean
dw_deck_history_can_redo (DwDeckHistory *self)
{
  g_return_val_if_fail (DW_IS_DECK_HISTORY (self), FALSE);
  return self->applied < self->edits->len;
}

/* What undo would take back, for a tooltip or a toast ("Add Mosshollow"). */
const char *
dw_deck_history_get_undo_label (DwDeckHistory *self)
{
  g_return_val_if_fail (DW_IS_DECK_HISTORY (self), NULL);

  if (self->applied == 0)
    return NULL;
  return ((Edit *) g_ptr_array_index (self->edits, self->applied - 1))->label;
}

gboolean
dw_deck_history_undo (DwDeckHistory *self)
{
  gboolean was_modified;
  gboolean was_redo;

  g_return_val_if_fail (DW_IS_DECK_HISTORY (self), FALSE);

  if (self->applied == 0)
    return FALSE;

  was_modified = is_modified (self);
  /* Asked before: a group takes back several edits at once. */
  was_redo = dw_deck_history_can_redo (self);
  /* An edit made in a group takes the whole group back with it. */
  do
    {
      self->applied--;
      apply (self, g_ptr_array_index (self->edits, self->applied), FALSE);
    }
  while (self->applied > 0 && ((Edit *) g_ptr_array_index (self->edits, self->applied))->joined);
  notify_state (self, TRUE, was_redo, was_modified);
  return TRUE;
}

gboolean
dw_deck_history_redo (DwDeckHistory *self)
{
  gboolean was_modified;
  gboolean was_undo;

  g_return_val_if_fail (DW_IS_DECK_HISTORY (self), FALSE);

  if (self->applied >= self->edits->len)
    return FALSE;

  was_modified = is_modified (self);
  was_undo = dw_deck_history_can_undo (self);
  do
    {
      apply (self, g_ptr_array_index (self->edits, self->applied), TRUE);
      self->applied++;
    }
  while (self->applied < self->edits->len && ((Edit *) g_ptr_array_index (self->edits, self->applied))->joined);
  notify_state (self, was_undo, TRUE, was_modified);
  return TRUE;
}

/* Edits made until the matching dw_deck_history_end_group() are one
 * step for undo and redo: taking a copy of each of several cards at once
 * comes back with one Undo.  Groups nest; the outermost one counts. */
void
dw_deck_history_begin_group (DwDeckHistory *self)
{
  g_return_if_fail (DW_IS_DECK_HISTORY (self));

  if (self->group_depth++ == 0)
    self->group_start = self->applied;
}

void
dw_deck_history_end_group (DwDeckHistory *self)
{
  g_return_if_fail (DW_IS_DECK_HISTORY (self));
  g_return_if_fail (self->group_depth > 0);

  self->group_depth--;
}

/* TRUE when the deck differs from the one last saved (or loaded). */
gboolean
dw_deck_history_is_modified (DwDeckHistory *self)
{
  g_return_val_if_fail (DW_IS_DECK_HISTORY (self), FALSE);
  return is_modified (self);
}

/* Makes the deck count as unsaved however it is edited: a deck recovered
 * after a crash differs from its file until it is saved. */
void
dw_deck_history_mark_unsaved (DwDeckHistory *self)
{
  gboolean was_modified;

  g_return_if_fail (DW_IS_DECK_HISTORY (self));

  was_modified = is_modified (self);
  self->saved_lost = TRUE;
  if (!was_modified)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

void
dw_deck_history_mark_saved (DwDeckHistory *self)
{
  gboolean was_modified;

  g_return_if_fail (DW_IS_DECK_HISTORY (self));

  was_modified = is_modified (self);
  self->saved_at = self->applied;
  self->saved_lost = FALSE;
  if (was_modified)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}
