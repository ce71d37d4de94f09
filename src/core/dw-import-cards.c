/* dw-import-cards.c — Arcmage's web API card JSON into a card database
 *
 * Reads what https://arcmage.org's web API returned in 2019: a card list
 * ({"items": [card, …]}), a deck ({"deckCards": [{"card": card}, …]},
 * whose cards come whole) or a bare list of cards.  Cards are keyed by
 * their GUID, as the web database keys them, so decks imported from the
 * same API find them by id.
 *
 * How the API's fields become the game's properties:
 *
 *   type.name → <type>          faction.name → <faction>
 *   subType   → <subtype>       (and token="true" when it holds "Token")
 *   cost      → <cost>          ("3", "X", "S"; an empty cost is none)
 *   loyalty   → <loyalty>       attack → <attack>
 *   defense   → <defence>, or <hp> for a City: its defence is its HP
 *   ruleText  → <text>          flavorText → <flavor>    artist → <artist>
 *   serie     → <set>           status → <api:status>    id → <api:id>
 *   png       → <image>         artwork → <api:artwork>  (addresses on arcmage.org)
 *
 * A value the game's property refuses (an attack of "X", say) is kept as
 * <api:attack> and reported as a warning, since one odd card should not
 * stop a whole import; a property a card's type cannot do without (a
 * City's HP) is an error naming the file and line.
 *
 * The database is written as XML and read back by dw_card_db_load_data(),
 * so what this returns is exactly what loading the saved file gives.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-import.h"
#include "dw-card-db.h"
#include "dw-import-cards.h"
#include "dw-json.h"
#include "dw-xml.h"

struct _DwCardImport
{
  DwGame      *game;
  GString     *cards;     /* the <card> elements so far */
  GPtrArray   *set_ids;   /* in order of first use */
  GHashTable  *set_names; /* set id → name */
  GHashTable  *ids;       /* card id → Taken */
  GPtrArray   *sources;   /* file names, for <source> */
  GPtrArray   *warnings;  /* char * */
  guint        n_cards;
};

typedef struct
{
  const char *property;
  char       *value;
} Value;

/* The card that took an id first, for the warning about another card
 * reusing it. */
typedef struct
{
  char  *name;
  char  *where;  /* "file:line" */
} Taken;

static void
taken_free (Taken *taken)
{
  g_free (taken->name);
  g_free (taken->where);
  g_free (taken);
}

static void
value_clear (Value *value)
{
  g_free (value->value);
}

/* A value as the database keeps it, without spaces around.  What XML
 * cannot hold (control characters, "\u0000") dw_json_document_new ()
 * has refused already, naming its line. */
static char *
trimmed (const char *text)
{
  return g_strstrip (g_strdup (text));
}

/* "Enchanted Realm" → "enchanted-realm": a set id that is an XML token. */
static char *
set_id_for (const char *name)
{
  GString *id = g_string_new (NULL);
  gboolean dash = FALSE;

  for (const char *p = name; *p; p++)
    {
      if (g_ascii_isalnum (*p))
        {
          if (dash && id->len > 0)
            g_string_append_c (id, '-');
          g_string_append_c (id, g_ascii_tolower (*p));
          dash = FALSE;
        }
      else
        dash = TRUE;
    }
  if (id->len == 0)
    g_string_append (id, "set");
  return g_string_free (id, FALSE);
}

static void
write_value (GString    *out,
             const char *element,
             const char *value)
{
  g_autofree char *kept = trimmed (value);

  g_string_append_printf (out, "    <%s>", element);
  dw_xml_escape_text (out, kept);
  g_string_append_printf (out, "</%s>\n", element);
}

/* The API names its images by path on its own site. */
#define ARCMAGE_SITE "https://arcmage.org"

/* @reference (an image of the API) as an address to fetch, or NULL. */
static char *
api_url (const char *reference)
{
  if (reference == NULL || *reference == '\0')
    return NULL;
  if (g_str_has_prefix (reference, "https://") || g_str_has_prefix (reference, "http://"))
    return g_strdup (reference);
  if (reference[0] == '/' && reference[1] != '/')
    return g_strconcat (ARCMAGE_SITE, reference, NULL);
  return NULL;
}

static void
add_value (GArray     *values,
           const char *property,
           char       *value)  /* owned */
{
  Value added = { property, NULL };

  if (value == NULL)
    return;
  added.value = trimmed (value);
  g_free (value);
  if (*added.value == '\0')
    {
      g_free (added.value);
      return;
    }
  g_array_append_val (values, added);
}

/* Writes @card's element into @out, adding to @warnings what it keeps
 * outside the game's properties. */
static gboolean
write_card (DwCardImport    *self,
            DwJsonDocument  *document,
            JsonObject      *card,
            const char      *id,
            const char      *line_name,
            GString         *out,
            GPtrArray       *warnings,
            GError         **error)
{
  g_autoptr(GArray) values = g_array_new (FALSE, TRUE, sizeof (Value));
  const char *type = dw_json_object_get_named (card, "type");
  const char *sub_type = dw_json_object_get_text (card, "subType");
  const char *serie = dw_json_object_get_named (card, "serie");
  const char *status = dw_json_object_get_named (card, "status");
  g_autofree char *artwork = NULL;
  gboolean city;
  gint64 api_id = 0;
  gboolean has_api_id = dw_json_object_get_int (card, "id", &api_id);

  g_array_set_clear_func (values, (GDestroyNotify) value_clear);

  if (type == NULL || *type == '\0')
    return dw_json_document_set_error (error, document, card, _("“%s” has no “type”"), line_name);
  if (dw_game_lookup_card_type (self->game, type) == NULL)
    {
      g_autoptr(GString) allowed = g_string_new (NULL);

      for (guint i = 0; i < dw_game_get_n_types (self->game); i++)
        g_string_append_printf (allowed, "%s%s", i ? ", " : "",
                                dw_game_get_card_type_def (self->game, i)->id);
      return dw_json_document_set_error (error, document, card,
                         _("“%s” is of type “%s”, which %s does not have; it has %s"),
                         line_name, type, dw_game_get_name (self->game), allowed->str);
    }
  city = strcmp (type, "City") == 0;

  add_value (values, "faction", g_strdup (dw_json_object_get_named (card, "faction")));
  /* The API repeats the type as the sub-type of events, magic and cities. */
  if (sub_type != NULL && g_ascii_strcasecmp (sub_type, type) != 0)
    add_value (values, "subtype", g_strdup (sub_type));
  add_value (values, "cost", dw_json_object_dup_value (card, "cost"));
  add_value (values, "loyalty", dw_json_object_dup_value (card, "loyalty"));
  add_value (values, "attack", dw_json_object_dup_value (card, "attack"));
  add_value (values, city ? "hp" : "defence", dw_json_object_dup_value (card, "defense"));
  add_value (values, "text", dw_json_object_dup_value (card, "ruleText"));
  add_value (values, "flavor", dw_json_object_dup_value (card, "flavorText"));
  add_value (values, "artist", dw_json_object_dup_value (card, "artist"));
  /* The whole card as the web draws it is the card's image. */
  add_value (values, "image", api_url (dw_json_object_get_text (card, "png")));

  g_string_append (out, "  <card id=\"");
  dw_xml_escape_attribute (out, id);
  g_string_append_c (out, '"');
  if (serie != NULL && *serie != '\0' && strcmp (serie, "None") != 0)
    {
      g_autofree char *set_id = set_id_for (serie);

      if (!g_hash_table_contains (self->set_names, set_id))
        {
          g_ptr_array_add (self->set_ids, g_strdup (set_id));
          g_hash_table_insert (self->set_names, g_strdup (set_id), trimmed (serie));
        }
      g_string_append (out, " set=\"");
      dw_xml_escape_attribute (out, set_id);
      g_string_append_c (out, '"');
    }
  if (sub_type != NULL && strstr (sub_type, "Token") != NULL)
    g_string_append (out, " token=\"true\"");
  g_string_append (out, ">\n");
  write_value (out, "name", line_name);
  write_value (out, "type", type);

  for (guint i = 0; i < values->len; i++)
    {
      const Value *value = &g_array_index (values, Value, i);
      const DwPropertyDef *def = dw_game_lookup_property (self->game, value->property);
      g_autofree char *reason = NULL;

      if (def != NULL && dw_property_def_check (def, value->value, &reason))
        {
          write_value (out, value->property, value->value);
          continue;
        }

      if (def != NULL && dw_strv_contains_nullable ((const char * const *) def->required_for, type))
        return dw_json_document_set_error (error, document, card, _("“%s”: %s"), line_name, reason);

      {
        g_autofree char *element = g_strconcat ("api:", value->property, NULL);

        write_value (out, element, value->value);
        g_ptr_array_add (warnings,
                         g_strdup_printf (_("%s:%u: “%s”: %s; the value is kept as <%s>"),
                                          dw_json_document_get_name (document),
                                          dw_json_document_line_of (document, card),
                                          line_name,
                                          reason ? reason : _("the game has no such property"),
                                          element));
      }
    }

  for (guint i = 0; i < dw_game_get_n_properties (self->game); i++)
    {
      const DwPropertyDef *def = dw_game_get_property (self->game, i);
      gboolean given = FALSE;

      if (!dw_strv_contains_nullable ((const char * const *) def->required_for, type))
        continue;
      for (guint j = 0; j < values->len; j++)
        if (strcmp (g_array_index (values, Value, j).property, def->id) == 0)
          given = TRUE;
      if (!given)
        return dw_json_document_set_error (error, document, card,
                           city && strcmp (def->id, "hp") == 0
                           ? _("“%s” is a City but has no “defense”, which is a City's HP")
                           : _("“%s” is a %s and needs a %s, which the file does not give"),
                           line_name, type, def->name);
    }

  if (status != NULL && *status != '\0')
    write_value (out, "api:status", status);
  artwork = api_url (dw_json_object_get_text (card, "artwork"));
  if (artwork != NULL)
    write_value (out, "api:artwork", artwork);
  if (has_api_id)
    g_string_append_printf (out, "    <api:id>%" G_GINT64_FORMAT "</api:id>\n", api_id);
  g_string_append (out, "  </card>\n");
  return TRUE;
}

static gboolean
add_card (DwCardImport    *self,
          DwJsonDocument  *document,
          JsonObject      *card,
          GError         **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *id = NULL;
  g_autofree char *name = NULL;
  const char *guid = dw_json_object_get_text (card, "guid");
  guint line = dw_json_document_line_of (document, card);
  gint64 api_id = 0;
  Taken *taken;

  name = trimmed (dw_json_object_get_text (card, "name") ?: "");
  if (*name == '\0')
    return dw_json_document_set_error (error, document, card, _("a card needs a “name”"));

  if (guid != NULL && *guid != '\0')
    id = g_strdup (guid);
  else if (dw_json_object_get_int (card, "id", &api_id))
    id = g_strdup_printf ("arcmage-%" G_GINT64_FORMAT, api_id);
  else
    return dw_json_document_set_error (error, document, card, _("“%s” has neither a “guid” nor an “id”"), name);

  taken = g_hash_table_lookup (self->ids, id);
  if (taken == NULL)
    {
      if (!write_card (self, document, card, id, name, out, warnings, error))
        return FALSE;

      taken = g_new0 (Taken, 1);
      taken->name = g_strdup (name);
      taken->where = g_strdup_printf ("%s:%u", dw_json_document_get_name (document), line);
      g_hash_table_insert (self->ids, g_steal_pointer (&id), taken);
      g_string_append_len (self->cards, out->str, (gssize) out->len);
      g_ptr_array_extend_and_steal (self->warnings, g_steal_pointer (&warnings));
      self->n_cards++;
      return TRUE;
    }

  /* Decks repeat the cards of the card list, and of each other, often
   * with fewer of their fields: the same name under the same id is the
   * same card again.  Another card under a taken id is left out too, but
   * not without a word. */
  if (strcmp (taken->name, name) == 0)
    return TRUE;

  g_ptr_array_add (self->warnings,
                   g_strdup_printf (_("%s:%u: “%s” has the id %s, which “%s” (%s) has already; "
                                      "it is another card and is left out: the first one is kept"),
                                    dw_json_document_get_name (document), line, name, id,
                                    taken->name, taken->where));
  return TRUE;
}

static gboolean
add_cards (DwCardImport    *self,
           DwJsonDocument  *document,
           JsonArray       *array,
           const char      *wrapper,  /* "card" when each element wraps a card */
           GError         **error)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;

      if (object != NULL && wrapper != NULL)
        {
          JsonNode *inner = json_object_get_member (object, wrapper);

          if (inner == NULL || !JSON_NODE_HOLDS_OBJECT (inner))
            return dw_json_document_set_error (error, document, object,
                               _("entry %u has no “%s” object"), i + 1, wrapper);
          object = json_node_get_object (inner);
        }
      if (object == NULL)
        {
          g_set_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED,
                       _("%s: entry %u of the card list is not an object"),
                       dw_json_document_get_name (document), i + 1);
          return FALSE;
        }
      if (!add_card (self, document, object, error))
        return FALSE;
    }
  return TRUE;
}

DwCardImport *
dw_card_import_new (DwGame *game)
{
  DwCardImport *self = g_new0 (DwCardImport, 1);

  g_return_val_if_fail (DW_IS_GAME (game), NULL);

  self->game = g_object_ref (game);
  self->cards = g_string_new (NULL);
  self->set_ids = g_ptr_array_new_with_free_func (g_free);
  self->set_names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) taken_free);
  self->sources = g_ptr_array_new_with_free_func (g_free);
  self->warnings = g_ptr_array_new_with_free_func (g_free);
  return self;
}

void
dw_card_import_free (DwCardImport *self)
{
  if (self == NULL)
    return;

  g_object_unref (self->game);
  g_string_free (self->cards, TRUE);
  g_ptr_array_unref (self->set_ids);
  g_hash_table_unref (self->set_names);
  g_hash_table_unref (self->ids);
  g_ptr_array_unref (self->sources);
  g_ptr_array_unref (self->warnings);
  g_free (self);
}

/* Adds the cards of one JSON document.  A card whose id an earlier one
 * took is skipped: the first file given wins; when the later card has
 * another name, it is another card, and a warning says so. */
gboolean
dw_card_import_add_data (DwCardImport  *self,
                         const char    *data,
                         gsize          length,
                         const char    *display_name,
                         GError       **error)
{
  g_autoptr(DwJsonDocument) document = NULL;
  g_autofree char *text = NULL;
  JsonNode *root;
  JsonObject *object = NULL;
  JsonNode *list;

  g_return_val_if_fail (self != NULL, FALSE);

  text = dw_import_decode_text (data, length, display_name, error);
  if (text == NULL)
    return FALSE;
  document = dw_json_document_new (text, strlen (text), display_name,
                                   DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED, error);
  if (document == NULL)
    return FALSE;

  g_ptr_array_add (self->sources, g_path_get_basename (display_name));
  root = dw_json_document_get_root (document);
  if (JSON_NODE_HOLDS_ARRAY (root))
    return add_cards (self, document, json_node_get_array (root), NULL, error);

  if (JSON_NODE_HOLDS_OBJECT (root))
    object = json_node_get_object (root);
  if (object != NULL && (list = json_object_get_member (object, "items")) != NULL &&
      JSON_NODE_HOLDS_ARRAY (list))
    return add_cards (self, document, json_node_get_array (list), NULL, error);
  if (object != NULL && (list = json_object_get_member (object, "deckCards")) != NULL &&
      JSON_NODE_HOLDS_ARRAY (list))
    return add_cards (self, document, json_node_get_array (list), "card", error);

  g_set_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED,
               _("%s:1:1: no cards here: Arcmage card JSON is a list of cards, an object with "
                 "“items” or a deck with “deckCards”"), display_name);
  return FALSE;
}

gboolean
dw_card_import_add_file (DwCardImport  *self,
                         const char    *path,
                         GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  /* Cards from JSON become a card database: bounded as one is read. */
  if (!dw_file_read_bounded (path, DW_CARD_DB_MAX_FILE_SIZE, &data, &length, &local_error))
    {
      g_set_error_literal (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_IO, local_error->message);
      return FALSE;
    }
  return dw_card_import_add_data (self, data, length, path, error);
}

guint
dw_card_import_get_n_cards (DwCardImport *self)
{
  return self->n_cards;
}

/* "file:line: …" messages about values kept outside the game's
 * properties (of char *). */
GPtrArray *
dw_card_import_get_warnings (DwCardImport *self)
{
  return self->warnings;
}

/* The card database, as the XML that dw_card_db_load_data() reads. */
char *
dw_card_import_to_string (DwCardImport *self)
{
  g_autofree char *sources = NULL;
  GString *out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");

  g_ptr_array_add (self->sources, NULL);
  sources = g_strjoinv (", ", (char **) self->sources->pdata);
  g_ptr_array_remove_index (self->sources, self->sources->len - 1);

  g_string_append (out, "<carddb xmlns=\"" DW_CARD_DB_NS "\" xmlns:api=\"" DW_ARCMAGE_API_NS
                        "\" game=\"");
  dw_xml_escape_attribute (out, dw_game_get_id (self->game));
  g_string_append (out, "\">\n  <info>\n");
  dw_xml_write_element (out, 4, "name", _("Arcmage cards from the Arcmage web API"));
  dw_xml_write_element (out, 4, "license", "CC-BY-SA-4.0");
  dw_xml_write_element (out, 4, "source", sources);
  g_string_append (out, "  </info>\n");

  for (guint i = 0; i < self->set_ids->len; i++)
    {
      const char *id = g_ptr_array_index (self->set_ids, i);

      g_string_append (out, "  <set id=\"");
      dw_xml_escape_attribute (out, id);
      g_string_append (out, "\" name=\"");
      dw_xml_escape_attribute (out, g_hash_table_lookup (self->set_names, id));
      g_string_append (out, "\"/>\n");
    }

  g_string_append_len (out, self->cards->str, (gssize) self->cards->len);
  g_string_append (out, "</carddb>\n");
  return g_string_free (out, FALSE);
}

static DwGame *
lookup_game_cb (const char *game_id,
                gpointer    user_data)
{
  DwGame *game = user_data;

  return strcmp (game_id, dw_game_get_id (game)) == 0 ? game : NULL;
}

/* The database, checked card by card by the same loader that will read
 * the saved file. */
DwCardDb *
dw_card_import_finish (DwCardImport  *self,
                       GError       **error)
{
  g_autofree char *xml = dw_card_import_to_string (self);

  return dw_card_db_load_data (xml, strlen (xml), _("the imported cards"),
                               lookup_game_cb, self->game, error);
}
