/* dw-deck.c — reading, editing and writing decks
 *
 * A deck is what the player wrote, not what the rules allow: an illegal
 * deck, or one naming cards no database has, loads and saves like any
 * other, and nothing in the file is ever dropped.  An entry of a deck (a
 * card, its count and its section) is dw-deck-entry.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <string.h>

#include "dw-deck-private.h"

typedef struct
{
  const char  *id;         /* interned */
  GListStore  *entries;    /* DwDeckEntry */
  char       **extra_attrs;
  GPtrArray   *unknown;    /* DwXmlNode, kept and written back */
  gboolean     written;    /* in the file, or given cards: saved even when empty */
} Section;

struct _DwDeck
{
  GObject      parent_instance;

  char        *path;
  char        *game_id;
  char        *format_id;
  char        *name;
  char        *author;
  char        *notes;
  GPtrArray   *tags;        /* char *, trimmed, none empty, none twice */
  char        *cover_id;    /* <cover card="…"/>: the card chosen to show the deck */
  char       **extra_attrs; /* on <deck>, other than xmlns, game and format */
  GPtrArray   *prolog;      /* comments before and after <deck> */
  GPtrArray   *epilog;
  GPtrArray   *sections;    /* Section */
  GPtrArray   *unknown;     /* DwXmlNode */
};

G_DEFINE_FINAL_TYPE (DwDeck, dw_deck, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_QUARK (dw-deck-error-quark, dw_deck_error)

static void
section_free (Section *section)
{
  g_object_unref (section->entries);
  g_strfreev (section->extra_attrs);
  g_ptr_array_unref (section->unknown);
  g_free (section);
}

static Section *
find_section (DwDeck     *self,
              const char *id)
{
  const char *interned = g_intern_string (id);

  for (guint i = 0; i < self->sections->len; i++)
    {
      Section *section = g_ptr_array_index (self->sections, i);
      if (section->id == interned)
        return section;
    }
  return NULL;
}

static void
emit_changed (DwDeck *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
on_entries_items_changed_cb (GListModel *model,
                             guint       position,
                             guint       removed,
                             guint       added,
                             DwDeck     *self)
{
  emit_changed (self);
}

static void
on_entry_count_changed_cb (DwDeck *self)
{
  emit_changed (self);
}

/* Every entry goes into a section through here, so the deck hears when
 * its count changes. */
static void
append_entry (DwDeck      *self,
              Section     *section,
              DwDeckEntry *entry)
{
  dw_deck_insert_entry (self, section->id, G_MAXUINT, entry);
}

static Section *
add_section (DwDeck     *self,
             const char *id)
{
  Section *section = g_new0 (Section, 1);

  section->id = g_intern_string (id);
  section->entries = g_list_store_new (DW_TYPE_DECK_ENTRY);
  section->extra_attrs = g_new0 (char *, 1);
  section->unknown = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_xml_node_free);
  g_signal_connect_object (section->entries, "items-changed",
                           G_CALLBACK (on_entries_items_changed_cb), self, 0);
  g_ptr_array_add (self->sections, section);
  return section;
}

static void
dw_deck_finalize (GObject *object)
{
  DwDeck *self = DW_DECK (object);

  g_free (self->path);
  g_free (self->game_id);
  g_free (self->format_id);
  g_free (self->name);
  g_free (self->author);
  g_free (self->notes);
  g_ptr_array_unref (self->tags);
  g_free (self->cover_id);
  g_strfreev (self->extra_attrs);
  g_ptr_array_unref (self->sections);
  g_ptr_array_unref (self->unknown);
  g_ptr_array_unref (self->prolog);
  g_ptr_array_unref (self->epilog);

  G_OBJECT_CLASS (dw_deck_parent_class)->finalize (object);
}

static void
dw_deck_class_init (DwDeckClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dw_deck_finalize;

  /* Emitted after any change to the deck's cards or details. */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
dw_deck_init (DwDeck *self)
{
  self->extra_attrs = g_new0 (char *, 1);
  self->tags = g_ptr_array_new_null_terminated (0, g_free, TRUE);
  self->sections = g_ptr_array_new_with_free_func ((GDestroyNotify) section_free);
  self->unknown = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_xml_node_free);
  self->prolog = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_xml_node_free);
  self->epilog = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_xml_node_free);
}

DwDeck *
dw_deck_new (const char *game_id)
{
  DwDeck *self = g_object_new (DW_TYPE_DECK, NULL);

  self->game_id = g_strdup (game_id);
  return self;
}

static gboolean
is_our (DwXmlReader *reader,
        const char  *local_name)
{
  return dw_xml_reader_in_ns (reader, DW_DECK_NS) &&
         strcmp (dw_xml_reader_get_local_name (reader), local_name) == 0;
}

static char **
attributes_except (DwXmlReader        *reader,
                   const char * const *known)
{
  g_auto(GStrv) all = dw_xml_reader_get_attributes (reader);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; all[i] && all[i + 1]; i += 2)
    if (!g_strv_contains (known, all[i]))
      {
        g_strv_builder_add (builder, all[i]);
        g_strv_builder_add (builder, all[i + 1]);
      }
  return g_strv_builder_end (builder);
}

static DwDeckEntry *
parse_entry (DwXmlReader  *reader,
             DwDeckTally  *tally,
             GError      **error)
{
  static const char * const known[] = { "id", "revision", "count", NULL };
  g_autofree char *id = dw_xml_reader_get_attribute (reader, "id");
  g_autofree char *revision_text = dw_xml_reader_get_attribute (reader, "revision");
  g_autofree char *count_text = dw_xml_reader_get_attribute (reader, "count");
  g_autofree char *name = NULL;
  char **extra = attributes_except (reader, known);
  guint line = dw_xml_reader_get_line (reader);
  guint64 revision = 0;
  guint64 count = 1;
  g_autofree char *beyond = NULL;
  DwDeckEntry *entry;

  if (count_text != NULL &&
      !g_ascii_string_to_unsigned (count_text, 10, 1, DW_DECK_MAX_COUNT, &count, NULL))
    {
      dw_xml_reader_set_error (reader, error, DW_DECK_ERROR, DW_DECK_ERROR_BAD_VALUE,
                               _("the count must be a whole number from 1 to %u, not “%s”"),
                               DW_DECK_MAX_COUNT, count_text);
      g_strfreev (extra);
      return NULL;
    }
  beyond = dw_deck_tally_add (tally, count);
  if (beyond != NULL)
    {
      dw_xml_reader_set_error (reader, error, DW_DECK_ERROR, DW_DECK_ERROR_BAD_VALUE, "%s", beyond);
      g_strfreev (extra);
      return NULL;
    }
  if (revision_text != NULL &&
      !g_ascii_string_to_unsigned (revision_text, 10, 1, G_MAXUINT32, &revision, NULL))
    {
      dw_xml_reader_set_error (reader, error, DW_DECK_ERROR, DW_DECK_ERROR_BAD_VALUE,
                               _("the revision must be a whole number from 1, not “%s”"), revision_text);
      g_strfreev (extra);
      return NULL;
    }

  name = dw_xml_reader_read_text (reader, error);
  if (name == NULL)
    {
      g_strfreev (extra);
      return NULL;
    }
  g_strstrip (name);
  g_clear_pointer (&beyond, g_free);
  beyond = dw_card_check_name_length (name, _("The card’s name"));
  if (beyond != NULL)
    {
      dw_xml_reader_set_error_at (reader, error, line, "card", DW_DECK_ERROR, DW_DECK_ERROR_BAD_VALUE,
                                  "%s", beyond);
      g_strfreev (extra);
      return NULL;
    }

  if ((id == NULL || *id == '\0') && *name == '\0')
    {
      dw_xml_reader_set_error_at (reader, error, line, "card", DW_DECK_ERROR, DW_DECK_ERROR_MISSING,
                                  _("a <card> needs an id or a name"));
      g_strfreev (extra);
      return NULL;
    }

  entry = dw_deck_entry_new (id, name, (guint) count);
  entry->revision = (guint) revision;
  entry->line = line;
  g_strfreev (entry->extra_attrs);
  entry->extra_attrs = extra;
  return entry;
}

static gboolean
parse_section (DwDeck       *self,
               DwXmlReader  *reader,
               DwDeckTally  *tally,
               GError      **error)
{
  static const char * const known[] = { "id", NULL };
  g_autofree char *id = dw_xml_reader_get_attribute (reader, "id");
  int depth = dw_xml_reader_get_depth (reader);
  GError *local_error = NULL;
  Section *section;

  if (id == NULL || *id == '\0')
    {
      dw_xml_reader_set_error (reader, error, DW_DECK_ERROR, DW_DECK_ERROR_MISSING,
                               _("a <section> needs an “id”"));
      return FALSE;
    }
  if (find_section (self, id) != NULL)
    {
      dw_xml_reader_set_error (reader, error, DW_DECK_ERROR, DW_DECK_ERROR_INVALID,
                               _("the section “%s” appears twice; put its cards in one section"), id);
      return FALSE;
    }

  section = add_section (self, id);
  section->written = TRUE;
  g_strfreev (section->extra_attrs);
  section->extra_attrs = attributes_except (reader, known);

  if (dw_xml_reader_is_empty (reader))
    return TRUE;

  while (dw_xml_reader_next_child (reader, depth + 1, &local_error))
    {
      if (is_our (reader, "card"))
        {
          g_autoptr(DwDeckEntry) entry = parse_entry (reader, tally, &local_error);

          if (entry == NULL)
            break;
          append_entry (self, section, entry);
        }
      else
        {
          DwXmlNode *node = dw_xml_reader_read_node (reader, &local_error);

          if (node == NULL)
            break;
          g_ptr_array_add (section->unknown, node);
        }
    }

  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  return TRUE;
}

static const char * const roots[] = { "deck", NULL };

/* Adds @tag, trimmed, to @tags unless it is blank or there already (in
 * any case); a message when it passes a limit. */
static char *
add_tag (GPtrArray  *tags,
         const char *tag)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (tag));
  g_autofree char *key = NULL;
  char *too_long;

  if (*trimmed == '\0')
    return NULL;
  too_long = dw_card_check_name_length (trimmed, _("A tag"));
  if (too_long != NULL)
    return too_long;

  key = g_utf8_casefold (trimmed, -1);
  for (guint i = 0; i < tags->len; i++)
    {
      g_autofree char *other = g_utf8_casefold (g_ptr_array_index (tags, i), -1);

      if (strcmp (key, other) == 0)
        return NULL;
    }
  if (tags->len >= DW_DECK_MAX_TAGS)
    return g_strdup_printf (_("A deck holds at most %u tags"), (guint) DW_DECK_MAX_TAGS);
  g_ptr_array_add (tags, g_steal_pointer (&trimmed));
  return NULL;
}

static DwDeck *
load (DwXmlReader  *reader,
      GError      **error)
{
  static const char * const known[] = { "xmlns", "game", "format", NULL };
  g_autoptr(DwDeck) self = NULL;
  g_autofree char *game_id = NULL;
  GError *local_error = NULL;
  DwDeckTally tally = { 0 };

  if (!dw_xml_reader_read_root (reader, DW_DECK_NS, roots, error))
    return NULL;

  game_id = dw_xml_reader_get_attribute (reader, "game");
  if (game_id == NULL || *game_id == '\0')
    {
      dw_xml_reader_set_error (reader, error, DW_DECK_ERROR, DW_DECK_ERROR_MISSING,
                               _("<deck> needs a “game” attribute naming its game"));
      return NULL;
    }

  self = dw_deck_new (game_id);
  self->format_id = dw_xml_reader_get_attribute (reader, "format");
  dw_xml_nodes_extend (self->prolog, dw_xml_reader_get_prolog (reader));
  g_strfreev (self->extra_attrs);
  self->extra_attrs = attributes_except (reader, known);

  if (!dw_xml_reader_is_empty (reader))
    while (dw_xml_reader_next_child (reader, 1, &local_error))
      {
        char **text_target = NULL;

        if (is_our (reader, "name"))
          text_target = &self->name;
        else if (is_our (reader, "author"))
          text_target = &self->author;
        else if (is_our (reader, "notes"))
          text_target = &self->notes;

        if (text_target != NULL)
          {
            guint line = dw_xml_reader_get_line (reader);
            g_autofree char *too_long = NULL;

            g_free (*text_target);
            *text_target = dw_xml_reader_read_text (reader, &local_error);
            if (*text_target == NULL)
              break;
            if (text_target == &self->name)
              too_long = dw_card_check_name_length (self->name, _("The deck’s name"));
            if (too_long != NULL)
              {
                dw_xml_reader_set_error_at (reader, &local_error, line, "name",
                                            DW_DECK_ERROR, DW_DECK_ERROR_BAD_VALUE, "%s", too_long);
                break;
              }
          }
        else if (is_our (reader, "tag"))
          {
            guint line = dw_xml_reader_get_line (reader);
            g_autofree char *tag = dw_xml_reader_read_text (reader, &local_error);
            g_autofree char *wrong = NULL;

            if (tag == NULL)
              break;
            wrong = add_tag (self->tags, tag);
            if (wrong != NULL)
              {
                dw_xml_reader_set_error_at (reader, &local_error, line, "tag",
                                            DW_DECK_ERROR, DW_DECK_ERROR_BAD_VALUE, "%s", wrong);
                break;
              }
          }
        else if (is_our (reader, "cover"))
          {
            guint line = dw_xml_reader_get_line (reader);
            g_autofree char *card = dw_xml_reader_get_attribute (reader, "card");
            g_autofree char *content = NULL;

            if (card == NULL || *card == '\0')
              {
                dw_xml_reader_set_error (reader, &local_error, DW_DECK_ERROR, DW_DECK_ERROR_MISSING,
                                         _("<cover> needs a “card” attribute: the id of the card to show"));
                break;
              }
            if (strlen (card) > DW_DECK_MAX_COVER_ID)
              {
                dw_xml_reader_set_error_at (reader, &local_error, line, "cover",
                                            DW_DECK_ERROR, DW_DECK_ERROR_BAD_VALUE,
                                            _("A cover card's id is at most %u bytes"), (guint) DW_DECK_MAX_COVER_ID);
                break;
              }
            /* Whatever <cover> holds is read past; the card is all it says. */
            content = dw_xml_reader_read_text (reader, &local_error);
            if (content == NULL)
              break;
            g_free (self->cover_id);
            self->cover_id = g_steal_pointer (&card);
          }
        else if (is_our (reader, "section"))
          {
            if (!parse_section (self, reader, &tally, &local_error))
              break;
          }
        else
          {
            DwXmlNode *node = dw_xml_reader_read_node (reader, &local_error);

            if (node == NULL)
              break;
            g_ptr_array_add (self->unknown, node);
          }
      }

  if (local_error == NULL)
    dw_xml_reader_read_epilog (reader, self->epilog, &local_error);

  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }

  return g_steal_pointer (&self);
}

DwDeck *
dw_deck_load (const char  *path,
              GError     **error)
{
  g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_file (path, error);
  DwDeck *self;

  if (reader == NULL)
    return NULL;

  self = load (reader, error);
  if (self != NULL)
    self->path = g_strdup (path);
  return self;
}

DwDeck *
dw_deck_load_data (const char  *data,
                   gsize        length,
                   const char  *display_name,
                   GError     **error)
{
  g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_data (data, length, display_name);

  return load (reader, error);
}

static void
write_attributes (GString *out,
                  char   **attrs)
{
  for (guint i = 0; attrs && attrs[i] && attrs[i + 1]; i += 2)
    {
      g_string_append_printf (out, " %s=\"", attrs[i]);
      dw_xml_escape_attribute (out, attrs[i + 1]);
      g_string_append_c (out, '"');
    }
}

static void
write_nodes (GString   *out,
             int        indent,
             GPtrArray *nodes)
{
  for (guint i = 0; i < nodes->len; i++)
    {
      g_string_append_printf (out, "%*s", indent, "");
      dw_xml_write_node (out, g_ptr_array_index (nodes, i));
      g_string_append_c (out, '\n');
    }
}

char *
dw_deck_to_string (DwDeck *self)
{
  GString *out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");

  g_return_val_if_fail (DW_IS_DECK (self), NULL);

  dw_xml_write_comments (out, self->prolog);
  g_string_append (out, "<deck xmlns=\"" DW_DECK_NS "\" game=\"");
  dw_xml_escape_attribute (out, self->game_id);
  g_string_append_c (out, '"');
  if (self->format_id != NULL)
    {
      g_string_append (out, " format=\"");
      dw_xml_escape_attribute (out, self->format_id);
      g_string_append_c (out, '"');
    }
  write_attributes (out, self->extra_attrs);
  g_string_append (out, ">\n");

  if (self->name != NULL)
    dw_xml_write_element (out, 2, "name", self->name);
  if (self->author != NULL)
    dw_xml_write_element (out, 2, "author", self->author);
  if (self->notes != NULL)
    dw_xml_write_element (out, 2, "notes", self->notes);
  for (guint i = 0; i < self->tags->len; i++)
    dw_xml_write_element (out, 2, "tag", g_ptr_array_index (self->tags, i));
  if (self->cover_id != NULL)
    {
      g_string_append (out, "  <cover card=\"");
      dw_xml_escape_attribute (out, self->cover_id);
      g_string_append (out, "\"/>\n");
    }

  for (guint i = 0; i < self->sections->len; i++)
    {
      Section *section = g_ptr_array_index (self->sections, i);
      guint n = g_list_model_get_n_items (G_LIST_MODEL (section->entries));

      /* A section the editor made for its views but the player never
       * used is not part of the deck. */
      if (n == 0 && !section->written && section->unknown->len == 0)
        continue;

      g_string_append (out, "  <section id=\"");
      dw_xml_escape_attribute (out, section->id);
      g_string_append_c (out, '"');
      write_attributes (out, section->extra_attrs);

      if (n == 0 && section->unknown->len == 0)
        {
          g_string_append (out, "/>\n");
          continue;
        }
      g_string_append (out, ">\n");

      for (guint j = 0; j < n; j++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (G_LIST_MODEL (section->entries), j);

          g_string_append (out, "    <card");
          if (entry->id != NULL)
            {
              g_string_append (out, " id=\"");
              dw_xml_escape_attribute (out, entry->id);
              g_string_append_c (out, '"');
            }
          if (entry->revision != 0)
            g_string_append_printf (out, " revision=\"%u\"", entry->revision);
          g_string_append_printf (out, " count=\"%u\"", entry->count);
          write_attributes (out, entry->extra_attrs);
          g_string_append_c (out, '>');
          dw_xml_escape_text (out, entry->name);
          g_string_append (out, "</card>\n");
        }
      write_nodes (out, 4, section->unknown);
      g_string_append (out, "  </section>\n");
    }

  write_nodes (out, 2, self->unknown);
  g_string_append (out, "</deck>\n");
  dw_xml_write_comments (out, self->epilog);
  return g_string_free (out, FALSE);
}

/* Makes @path the deck's file (after a save to it): dw-deck-save.c. */
void
dw_deck_set_path (DwDeck     *self,
                  const char *path)
{
  g_return_if_fail (DW_IS_DECK (self));

  if (g_strcmp0 (self->path, path) != 0)
    {
      g_free (self->path);
      self->path = g_strdup (path);
    }
}

const char *
dw_deck_get_path (DwDeck *self)
{
  g_return_val_if_fail (DW_IS_DECK (self), NULL);
  return self->path;
}

const char *
dw_deck_get_game_id (DwDeck *self)
{
  g_return_val_if_fail (DW_IS_DECK (self), NULL);
  return self->game_id;
}

/* The format the deck was built for, or NULL for the game's default. */
const char *
dw_deck_get_format_id (DwDeck *self)
{
  g_return_val_if_fail (DW_IS_DECK (self), NULL);
  return self->format_id;
}

static void
set_string (DwDeck      *self,
            char       **field,
            const char  *value)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  emit_changed (self);
}

void
dw_deck_set_format_id (DwDeck     *self,
                       const char *format_id)
{
  g_return_if_fail (DW_IS_DECK (self));
  set_string (self, &self->format_id, format_id);
}

const char *
dw_deck_get_name (DwDeck *self)
{
  g_return_val_if_fail (DW_IS_DECK (self), NULL);
  return self->name;
}

void
dw_deck_set_name (DwDeck     *self,
                  const char *name)
{
  g_return_if_fail (DW_IS_DECK (self));
  set_string (self, &self->name, name);
}

const char *
dw_deck_get_author (DwDeck *self)
{
  g_return_val_if_fail (DW_IS_DECK (self), NULL);
  return self->author;
}

void
dw_deck_set_author (DwDeck     *self,
                    const char *author)
{
  g_return_if_fail (DW_IS_DECK (self));
  set_string (self, &self->author, author);
}

const char *
dw_deck_get_notes (DwDeck *self)
{
  g_return_val_if_fail (DW_IS_DECK (self), NULL);
  return self->notes;
}

void
dw_deck_set_notes (DwDeck     *self,
                   const char *notes)
{
  g_return_if_fail (DW_IS_DECK (self));
  set_string (self, &self->notes, notes);
}

/**
 * dw_deck_get_tags:
 *
 * The deck's tags (its <tag> elements), in the file's order: trimmed,
 * none blank, none twice in any case.
 *
 * Returns: (transfer none): a NULL-terminated array
 */
const char * const *
dw_deck_get_tags (DwDeck *self)
{
  static const char * const none[] = { NULL };

  g_return_val_if_fail (DW_IS_DECK (self), NULL);
  /* An empty array may have no storage yet. */
  if (self->tags->pdata == NULL)
    return none;
  return (const char * const *) self->tags->pdata;
}

/**
 * dw_deck_set_tags:
 * @tags: (nullable): NULL-terminated; blanks and repeats are dropped
 *
 * Replaces the deck's tags.  FALSE, changing nothing, when a tag is
 * longer than a name may be or there are more than DW_DECK_MAX_TAGS.
 */
gboolean
dw_deck_set_tags (DwDeck              *self,
                  const char * const  *tags,
                  GError             **error)
{
  g_autoptr(GPtrArray) new_tags = g_ptr_array_new_null_terminated (0, g_free, TRUE);
  gboolean same;

  g_return_val_if_fail (DW_IS_DECK (self), FALSE);

  for (guint i = 0; tags != NULL && tags[i] != NULL; i++)
    {
      g_autofree char *wrong = add_tag (new_tags, tags[i]);

      if (wrong != NULL)
        {
          g_set_error_literal (error, DW_DECK_ERROR, DW_DECK_ERROR_BAD_VALUE, wrong);
          return FALSE;
        }
    }

  same = new_tags->len == self->tags->len;
  for (guint i = 0; same && i < new_tags->len; i++)
    same = strcmp (g_ptr_array_index (new_tags, i), g_ptr_array_index (self->tags, i)) == 0;
  if (same)
    return TRUE;

  g_ptr_array_unref (self->tags);
  self->tags = g_steal_pointer (&new_tags);
  emit_changed (self);
  return TRUE;
}

/**
 * dw_deck_get_cover_id:
 *
 * The id of the card the deck chose to show it (its <cover card="…"/>),
 * or NULL.  It need not be in the deck, nor known: a library shows the
 * deck's first counted card then (dw-deck-library.h).
 */
const char *
dw_deck_get_cover_id (DwDeck *self)
{
  g_return_val_if_fail (DW_IS_DECK (self), NULL);
  return self->cover_id;
}

/* @card_id: NULL or empty for none; at most DW_DECK_MAX_COVER_ID bytes
 * (a longer one is refused, changing nothing). */
void
dw_deck_set_cover_id (DwDeck     *self,
                      const char *card_id)
{
  g_return_if_fail (DW_IS_DECK (self));
  g_return_if_fail (card_id == NULL || strlen (card_id) <= DW_DECK_MAX_COVER_ID);

  if (card_id != NULL && *card_id == '\0')
    card_id = NULL;
  set_string (self, &self->cover_id, card_id);
}

guint
dw_deck_get_n_sections (DwDeck *self)
{
  g_return_val_if_fail (DW_IS_DECK (self), 0);
  return self->sections->len;
}

const char *
dw_deck_get_section_id (DwDeck *self,
                        guint   index)
{
  g_return_val_if_fail (DW_IS_DECK (self), NULL);
  g_return_val_if_fail (index < self->sections->len, NULL);
  return ((Section *) g_ptr_array_index (self->sections, index))->id;
}

/* The entries of a section (a list model of DwDeckEntry), or NULL. */
GListModel *
dw_deck_get_section (DwDeck     *self,
                     const char *section_id)
{
  Section *section;

  g_return_val_if_fail (DW_IS_DECK (self), NULL);

  section = find_section (self, section_id);
  return section ? G_LIST_MODEL (section->entries) : NULL;
}

GListModel *
dw_deck_ensure_section (DwDeck     *self,
                        const char *section_id)
{
  Section *section;

  g_return_val_if_fail (DW_IS_DECK (self), NULL);

  section = find_section (self, section_id);
  if (section == NULL)
    section = add_section (self, section_id);
  return G_LIST_MODEL (section->entries);
}

/* The number of cards in a section, tokens included; added in 64 bits
 * and shown no higher than G_MAXUINT, which no format allows anyway. */
guint
dw_deck_count_section (DwDeck     *self,
                       const char *section_id)
{
  GListModel *entries = dw_deck_get_section (self, section_id);
  guint n = entries ? g_list_model_get_n_items (entries) : 0;
  guint64 total = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i);
      total += entry->count;
    }
  return (guint) MIN (total, G_MAXUINT);
}

/* Every copy of every section, considering included: what a deck file
 * holds, against DW_DECK_MAX_COPIES. */
guint64
dw_deck_count_copies (DwDeck *self)
{
  guint64 total = 0;

  g_return_val_if_fail (DW_IS_DECK (self), 0);

  for (guint s = 0; s < self->sections->len; s++)
    {
      Section *section = g_ptr_array_index (self->sections, s);
      guint n = g_list_model_get_n_items (G_LIST_MODEL (section->entries));

      for (guint i = 0; i < n; i++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (G_LIST_MODEL (section->entries), i);
          total += entry->count;
        }
    }
  return total;
}

/* Counts one more entry of @count copies; NULL while the deck is within
 * DW_DECK_MAX_COUNT, _ENTRIES and _COPIES, else what passed which. */
char *
dw_deck_tally_add (DwDeckTally *tally,
                   guint64      count)
{
  if (count > DW_DECK_MAX_COUNT)
    return g_strdup_printf (_("%" PRIu64 " copies of one card is more than a deck holds; "
                              "a count goes up to %u"), count, DW_DECK_MAX_COUNT);
  tally->n_entries++;
  tally->n_copies += count;
  if (tally->n_entries > DW_DECK_MAX_ENTRIES)
    return g_strdup_printf (_("the deck has more than %u entries, more than Deckwright reads in one "
                              "deck; split it into several decks"), DW_DECK_MAX_ENTRIES);
  if (tally->n_copies > DW_DECK_MAX_COPIES)
    return g_strdup_printf (_("the deck has more than %u cards, more than Deckwright reads in one "
                              "deck; split it into several decks"), DW_DECK_MAX_COPIES);
  return NULL;
}


void
dw_deck_add_entry (DwDeck      *self,
                   const char  *section_id,
                   DwDeckEntry *entry)
{
  g_return_if_fail (DW_IS_DECK (self));
  g_return_if_fail (DW_IS_DECK_ENTRY (entry));

  dw_deck_ensure_section (self, section_id);
  append_entry (self, find_section (self, section_id), entry);
}

/* Adds @count copies of @card to a section, to its existing entry if the
 * section has one for the same card. */
DwDeckEntry *
dw_deck_add_card (DwDeck     *self,
                  const char *section_id,
                  DwCard     *card,
                  guint       count)
{
  g_autoptr(DwDeckEntry) entry = NULL;
  DwDeckEntry *existing;

  g_return_val_if_fail (DW_IS_DECK (self), NULL);
  g_return_val_if_fail (DW_IS_CARD (card), NULL);

  dw_deck_ensure_section (self, section_id);
  existing = dw_deck_find_card (self, section_id, card);
  if (existing != NULL)
    {
      dw_deck_entry_set_count (existing, existing->count + count);
      return existing;
    }

  entry = dw_deck_entry_new (dw_card_get_id (card), dw_card_get_name (card), count);
  if (dw_card_get_revision (card) != 1)
    entry->revision = dw_card_get_revision (card);
  dw_deck_entry_set_card (entry, card);
  dw_deck_add_entry (self, section_id, entry);
  return entry;
}

gboolean
dw_deck_remove_entry (DwDeck      *self,
                      DwDeckEntry *entry)
{
  g_return_val_if_fail (DW_IS_DECK (self), FALSE);

  for (guint i = 0; i < self->sections->len; i++)
    {
      Section *section = g_ptr_array_index (self->sections, i);
      guint position;

      if (g_list_store_find (section->entries, entry, &position))
        {
          g_signal_handlers_disconnect_by_data (entry, self);
          g_list_store_remove (section->entries, position);
          return TRUE;
        }
    }
  return FALSE;
}

/* Puts @entry at @position of a section (clamped to its end). */
void
dw_deck_insert_entry (DwDeck      *self,
                      const char  *section_id,
                      guint        position,
                      DwDeckEntry *entry)
{
  Section *section;
  guint n;

  g_return_if_fail (DW_IS_DECK (self));
  g_return_if_fail (DW_IS_DECK_ENTRY (entry));

  dw_deck_ensure_section (self, section_id);
  section = find_section (self, section_id);
  section->written = TRUE;
  n = g_list_model_get_n_items (G_LIST_MODEL (section->entries));
  entry->section = section->id;
  g_signal_connect_object (entry, "notify::count",
                           G_CALLBACK (on_entry_count_changed_cb), self, G_CONNECT_SWAPPED);
  g_list_store_insert (section->entries, MIN (position, n), entry);
}

/* Where @entry is in the deck, if it is. */
gboolean
dw_deck_find_entry (DwDeck       *self,
                    DwDeckEntry  *entry,
                    const char  **section_id,
                    guint        *position)
{
  g_return_val_if_fail (DW_IS_DECK (self), FALSE);

  for (guint i = 0; i < self->sections->len; i++)
    {
      Section *section = g_ptr_array_index (self->sections, i);
      guint found;

      if (g_list_store_find (section->entries, entry, &found))
        {
          if (section_id)
            *section_id = section->id;
          if (position)
            *position = found;
          return TRUE;
        }
    }
  return FALSE;
}

/* The entry of @card in a section, or NULL. */
DwDeckEntry *
dw_deck_find_card (DwDeck     *self,
                   const char *section_id,
                   DwCard     *card)
{
  GListModel *entries = dw_deck_get_section (self, section_id);
  guint n = entries ? g_list_model_get_n_items (entries) : 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i);

      if (entry->card == card)
        return entry;
    }
  return NULL;
}

/* Calls @func for every entry of every section, in file order. */
void
dw_deck_foreach_entry (DwDeck   *self,
                       GFunc     func,
                       gpointer  user_data)
{
  g_return_if_fail (DW_IS_DECK (self));

  for (guint i = 0; i < self->sections->len; i++)
    {
      Section *section = g_ptr_array_index (self->sections, i);
      guint n = g_list_model_get_n_items (G_LIST_MODEL (section->entries));

      for (guint j = 0; j < n; j++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (G_LIST_MODEL (section->entries), j);
          func (entry, user_data);
        }
    }
}
