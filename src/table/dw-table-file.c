/* dw-table-file.c — saving a table and reading it back
 *
 * A table file (urn:deckwright:table:1, data/schema/table.rng) holds what
 * a table is made of and nothing it can recompute: the decks as they were
 * dealt (embedded, so a shared file is whole), the seed, the rules, and
 * the log of accepted actions in the action language.  Reading one
 * replays the log, so the table comes back exactly where it was, and a
 * file whose log the rules refuse is reported at the refused line.
 *
 * <table xmlns="urn:deckwright:table:1" game="arcmage" rules="arcmage-orc" seed="42">
 *   <player><deck xmlns="urn:deckwright:deck:1" …>…</deck></player>
 *   <opponent><deck …>…</deck></opponent>          (optional)
 *   <log>
 *     <action>draw</action>
 *     <action manual="true">manual mark #3</action>
 *   </log>
 * </table>
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-table-private.h"

typedef struct
{
  char  *text;
  guint  line;
} LoggedAction;

static void
logged_action_free (LoggedAction *action)
{
  g_free (action->text);
  g_free (action);
}

static void
append_deck (GString    *out,
             const char *element,
             DwDeck     *deck)
{
  g_autofree char *text = dw_deck_to_string (deck);
  const char *body = text;

  /* The deck's own XML declaration has no place inside the table. */
  if (g_str_has_prefix (body, "<?xml"))
    {
      body = strchr (body, '\n');
      body = body ? body + 1 : "";
    }
  g_string_append_printf (out, "  <%s>\n", element);
  g_string_append (out, body);
  g_string_append_printf (out, "  </%s>\n", element);
}

/* The table as a urn:deckwright:table:1 document. */
char *
dw_table_to_string (DwTable *self)
{
  GString *out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  DwTableFileExtras *extras;
  const DwTableRules *rules;

  g_return_val_if_fail (DW_IS_TABLE (self), NULL);

  rules = dw_table_get_rules (self);
  extras = dw_table_get_file_extras (self);
  dw_xml_write_comments (out, extras->prolog);
  g_string_append (out, "<table xmlns=\"" DW_TABLE_NS "\" game=\"");
  dw_xml_escape_attribute (out, rules->game_id);
  g_string_append (out, "\" rules=\"");
  dw_xml_escape_attribute (out, rules->id);
  g_string_append_printf (out, "\" seed=\"%" G_GUINT64_FORMAT "\">\n", dw_table_get_seed (self));

  append_deck (out, "player", dw_table_get_deck (self));
  if (dw_table_get_opponent (self) != NULL)
    append_deck (out, "opponent", dw_table_get_opponent (self));

  if (dw_table_get_n_log (self) == 0)
    g_string_append (out, "  <log/>\n");
  else
    {
      g_string_append (out, "  <log>\n");
      for (guint i = 0; i < dw_table_get_n_log (self); i++)
        {
          const DwTableLogEntry *entry = dw_table_get_log_entry (self, i);

          g_string_append (out, entry->manual ? "    <action manual=\"true\">" : "    <action>");
          dw_xml_escape_text (out, entry->text);
          g_string_append (out, "</action>\n");
        }
      g_string_append (out, "  </log>\n");
    }

  for (guint i = 0; i < extras->unknown->len; i++)
    {
      g_string_append (out, "  ");
      dw_xml_write_node (out, g_ptr_array_index (extras->unknown, i));
      g_string_append_c (out, '\n');
    }

  g_string_append (out, "</table>\n");
  dw_xml_write_comments (out, extras->epilog);
  return g_string_free (out, FALSE);
}

/* Saves atomically: a failure leaves the old file whole. */
gboolean
dw_table_save (DwTable     *self,
               const char  *path,
               GError     **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (DW_IS_TABLE (self), FALSE);

  text = dw_table_to_string (self);
  return dw_xml_save (path, text, -1, error);
}

/* An element read as a node may rely on a namespace declared on the
 * table; declare it on the element itself, so that it reads alone. */
static void
declare_namespace (DwXmlNode *node)
{
  const char *colon = strchr (node->name, ':');
  g_autofree char *attribute = NULL;
  guint n;

  attribute = colon ? g_strdup_printf ("xmlns:%.*s", (int) (colon - node->name), node->name)
                    : g_strdup ("xmlns");
  if (dw_xml_node_get_attribute (node, attribute) != NULL)
    return;

  /* First, where a reader reports namespace declarations, so that saving
   * the file read back writes it the same. */
  n = g_strv_length (node->attrs);
  node->attrs = g_renew (char *, node->attrs, n + 3);
  memmove (node->attrs + 2, node->attrs, (n + 1) * sizeof (char *));
  node->attrs[0] = g_steal_pointer (&attribute);
  node->attrs[1] = g_strdup (node->ns);
}

static gboolean
is_ours (DwXmlReader *reader,
         const char  *local_name)
{
  return dw_xml_reader_in_ns (reader, DW_TABLE_NS) &&
         strcmp (dw_xml_reader_get_local_name (reader), local_name) == 0;
}

/* Reads <player> or <opponent>: one deck inside. */
static DwDeck *
read_side (DwXmlReader  *reader,
           const char   *role,
           GError      **error)
{
  g_autoptr(DwDeck) deck = NULL;
  guint side_line = dw_xml_reader_get_line (reader);
  const char *element = dw_xml_reader_get_local_name (reader);
  g_autofree char *qname = g_strdup (element);
  GError *local_error = NULL;

  if (!dw_xml_reader_is_empty (reader))
    while (dw_xml_reader_next_element (reader, 2, &local_error))
      {
        g_autoptr(DwXmlNode) node = NULL;
        g_autoptr(GString) text = NULL;
        g_autofree char *name = NULL;
        guint line = dw_xml_reader_get_line (reader);

        if (!dw_xml_reader_in_ns (reader, DW_DECK_NS) ||
            strcmp (dw_xml_reader_get_local_name (reader), "deck") != 0 || deck != NULL)
          {
            dw_xml_reader_set_error (reader, error, DW_TABLE_ERROR, DW_TABLE_ERROR_INVALID,
                                     _("<%s> holds one <deck> in %s and nothing else"),
                                     qname, DW_DECK_NS);
            return NULL;
          }

        node = dw_xml_reader_read_node (reader, &local_error);
        if (node == NULL)
          break;
        declare_namespace (node);
        text = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        dw_xml_write_node (text, node);
        name = g_strdup_printf (_("%s (the %s's deck, which starts at line %u)"),
                                dw_xml_reader_get_name (reader), role, line);
        deck = dw_deck_load_data (text->str, text->len, name, &local_error);
        if (deck == NULL)
          break;
      }

  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }
  if (deck == NULL)
    {
      dw_xml_reader_set_error_at (reader, error, side_line, qname, DW_TABLE_ERROR,
                                  DW_TABLE_ERROR_INVALID, _("<%s> holds no <deck>"), qname);
      return NULL;
    }
  return g_steal_pointer (&deck);
}

static gboolean
read_log (DwXmlReader  *reader,
          GPtrArray    *actions,
          GError      **error)
{
  GError *local_error = NULL;

  if (dw_xml_reader_is_empty (reader))
    return TRUE;

  while (dw_xml_reader_next_element (reader, 2, &local_error))
    {
      LoggedAction *action;
      guint line = dw_xml_reader_get_line (reader);
      char *text;

      if (!is_ours (reader, "action"))
        {
          dw_xml_reader_set_error (reader, error, DW_TABLE_ERROR, DW_TABLE_ERROR_INVALID,
                                   _("<log> holds <action> elements only"));
          return FALSE;
        }
      text = dw_xml_reader_read_text (reader, &local_error);
      if (text == NULL)
        break;
      action = g_new0 (LoggedAction, 1);
      action->text = text;
      action->line = line;
      g_ptr_array_add (actions, action);
    }

  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  return TRUE;
}

static DwTable *
load (DwLibrary    *library,
      DwXmlReader  *reader,
      GError      **error)
{
  static const char * const roots[] = { "table", NULL };
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func ((GDestroyNotify) logged_action_free);
  g_autoptr(GPtrArray) unknown = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_xml_node_free);
  g_autoptr(GPtrArray) epilog = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_xml_node_free);
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(DwDeck) opponent = NULL;
  g_autoptr(DwTable) table = NULL;
  g_autofree char *game_id = NULL;
  g_autofree char *rules_id = NULL;
  g_autofree char *seed_text = NULL;
  const DwTableRules *rules;
  DwTableFileExtras *extras;
  GError *local_error = NULL;
  guint root_line;
  guint64 seed;

  if (!dw_xml_reader_read_root (reader, DW_TABLE_NS, roots, error))
    return NULL;

  root_line = dw_xml_reader_get_line (reader);
  game_id = dw_xml_reader_get_attribute (reader, "game");
  rules_id = dw_xml_reader_get_attribute (reader, "rules");
  seed_text = dw_xml_reader_get_attribute (reader, "seed");

  if (game_id == NULL || *game_id == '\0')
    {
      dw_xml_reader_set_error (reader, error, DW_TABLE_ERROR, DW_TABLE_ERROR_INVALID,
                               _("<table> needs a “game” attribute naming its game"));
      return NULL;
    }
  if (seed_text == NULL ||
      !g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &seed, NULL))
    {
      dw_xml_reader_set_error (reader, error, DW_TABLE_ERROR, DW_TABLE_ERROR_INVALID,
                               _("<table> needs a “seed” attribute, a whole number from 0"));
      return NULL;
    }
  rules = dw_table_rules_find (library, rules_id, game_id);
  if (rules == NULL)
    {
      dw_xml_reader_set_error (reader, error, DW_TABLE_ERROR, DW_TABLE_ERROR_INVALID,
                               _("there are no table rules “%s” for the game “%s”"),
                               rules_id ? rules_id : game_id, game_id);
      return NULL;
    }

  if (!dw_xml_reader_is_empty (reader))
    while (dw_xml_reader_next_child (reader, 1, &local_error))
      {
        if (is_ours (reader, "player") || is_ours (reader, "opponent"))
          {
            gboolean player = is_ours (reader, "player");
            DwDeck **target = player ? &deck : &opponent;

            if (*target != NULL)
              {
                dw_xml_reader_set_error (reader, error, DW_TABLE_ERROR, DW_TABLE_ERROR_INVALID,
                                         _("a table has one <%s>"), player ? "player" : "opponent");
                return NULL;
              }
            *target = read_side (reader, player ? _("player") : _("opponent"), &local_error);
            if (*target == NULL)
              break;
          }
        else if (is_ours (reader, "log"))
          {
            if (!read_log (reader, actions, &local_error))
              break;
          }
        else if (dw_xml_reader_in_ns (reader, DW_TABLE_NS))
          {
            dw_xml_reader_set_error (reader, error, DW_TABLE_ERROR, DW_TABLE_ERROR_INVALID,
                                     _("<%s> has no place in a table"),
                                     dw_xml_reader_get_local_name (reader));
            return NULL;
          }
        else
          {
            /* Someone else's element or a comment: kept, written back,
             * declaring its namespace on itself since <table> will not. */
            DwXmlNode *node = dw_xml_reader_read_node (reader, &local_error);

            if (node == NULL)
              break;
            if (node->kind == DW_XML_NODE_ELEMENT && node->ns != NULL)
              declare_namespace (node);
            g_ptr_array_add (unknown, node);
          }
      }

  if (local_error == NULL)
    dw_xml_reader_read_epilog (reader, epilog, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }
  if (deck == NULL)
    {
      dw_xml_reader_set_error_at (reader, error, root_line, "table", DW_TABLE_ERROR,
                                  DW_TABLE_ERROR_INVALID, _("<table> holds no <player> deck"));
      return NULL;
    }

  dw_library_resolve_deck (library, deck);
  if (opponent != NULL)
    dw_library_resolve_deck (library, opponent);
  table = dw_table_new_with_rules (library, rules, deck, opponent, seed, &local_error);
  if (table == NULL)
    {
      g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_INVALID, "%s: %s",
                   dw_xml_reader_get_name (reader), local_error->message);
      g_error_free (local_error);
      return NULL;
    }

  /* Replaying the log is what puts the table back where it was. */
  for (guint i = 0; i < actions->len; i++)
    {
      LoggedAction *logged = g_ptr_array_index (actions, i);
      g_autoptr(GError) action_error = NULL;
      g_autoptr(DwAction) action = dw_table_parse (table, logged->text, &action_error);

      if (action == NULL && action_error == NULL)
        continue;
      if (action == NULL || !dw_table_perform (table, action, NULL, &action_error))
        {
          g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_INVALID,
                       _("%s:%u: the logged action “%s” does not replay: %s"),
                       dw_xml_reader_get_name (reader), logged->line, logged->text,
                       action_error->message);
          return NULL;
        }
    }

  extras = dw_table_get_file_extras (table);
  dw_xml_nodes_extend (extras->prolog, dw_xml_reader_get_prolog (reader));
  dw_xml_nodes_extend (extras->unknown, unknown);
  dw_xml_nodes_extend (extras->epilog, epilog);
  return g_steal_pointer (&table);
}

/* Reads a saved table and replays its log. */
DwTable *
dw_table_load (DwLibrary   *library,
               const char  *path,
               GError     **error)
{
  g_autoptr(DwXmlReader) reader = NULL;

  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);

  reader = dw_xml_reader_new_for_file (path, error);
  if (reader == NULL)
    return NULL;
  return load (library, reader, error);
}

DwTable *
dw_table_load_data (DwLibrary   *library,
                    const char  *data,
                    gsize        length,
                    const char  *display_name,
                    GError     **error)
{
  g_autoptr(DwXmlReader) reader = NULL;

  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);

  reader = dw_xml_reader_new_for_data (data, length, display_name);
  return load (library, reader, error);
}

/* TRUE when @path is a table file rather than, say, a deck: its root
 * element is in urn:deckwright:table:1. */
gboolean
dw_table_file_is_table (const char *path)
{
  g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_file (path, NULL);
  gboolean at_end = FALSE;

  if (reader == NULL)
    return FALSE;
  while (dw_xml_reader_read (reader, &at_end, NULL) && !at_end)
    if (dw_xml_reader_is_element (reader))
      return dw_xml_reader_in_ns (reader, DW_TABLE_NS);
  return FALSE;
}
