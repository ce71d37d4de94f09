/* dw-import-json.c — decks of the Arcmage web API
 *
 * The JSON the Arcmage web site gives for a deck; its cards' GUIDs are
 * their ids in a database dw_import_cards() makes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-import-private.h"
#include "dw-json.h"

/* A deck of the Arcmage web API: { "name": …, "deckCards": [ { "quantity":
 * 3, "card": { "guid": …, "name": …, "type": { "name": … }, "subType": … } } ] }.
 * The card's GUID is its id in a database made by dw_import_cards (). */
DwRawDeck *
dw_import_parse_arcmage_json (const char  *text,
                              gsize        length,
                              const char  *display_name,
                              GError     **error)
{
  g_autoptr(DwJsonDocument) document = NULL;
  g_autoptr(DwRawDeck) raw = dw_raw_deck_new ();
  JsonObject *root;
  JsonNode *cards_node;
  JsonArray *cards;

  document = dw_json_document_new (text, length, display_name,
                                   DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED, error);
  if (document == NULL)
    return NULL;

  root = JSON_NODE_HOLDS_OBJECT (dw_json_document_get_root (document))
         ? json_node_get_object (dw_json_document_get_root (document)) : NULL;
  cards_node = root ? json_object_get_member (root, "deckCards") : NULL;
  if (cards_node == NULL || !JSON_NODE_HOLDS_ARRAY (cards_node))
    {
      dw_json_document_set_error (error, document, root,
                  _("this is not an Arcmage deck: it has no “deckCards” list"));
      return NULL;
    }

  /* The web API's decks are today's Arcmage: 45 cards with three cities. */
  raw->game_id = g_strdup ("arcmage");
  raw->format_id = g_strdup ("arcmage-2021");
  raw->by_type = TRUE;
  raw->name = g_strdup (dw_json_object_get_text (root, "name"));

  cards = json_node_get_array (cards_node);
  for (guint i = 0; i < json_array_get_length (cards); i++)
    {
      JsonNode *item_node = json_array_get_element (cards, i);
      JsonObject *item = JSON_NODE_HOLDS_OBJECT (item_node) ? json_node_get_object (item_node) : NULL;
      JsonNode *card_node = item ? json_object_get_member (item, "card") : NULL;
      JsonObject *card = (card_node && JSON_NODE_HOLDS_OBJECT (card_node))
                         ? json_node_get_object (card_node) : NULL;
      const char *name = dw_json_object_get_text (card, "name");
      const char *guid = dw_json_object_get_text (card, "guid");
      const char *sub_type = dw_json_object_get_text (card, "subType");
      DwRawEntry *entry;
      gint64 quantity;

      if (item == NULL)
        {
          dw_json_document_set_error (error, document, root, _("entry %u of “deckCards” is not an object"), i + 1);
          return NULL;
        }
      if (card == NULL || ((name == NULL || *name == '\0') && (guid == NULL || *guid == '\0')))
        {
          dw_json_document_set_error (error, document, item,
                      _("entry %u of “deckCards” has no “card” with a name or a guid"), i + 1);
          return NULL;
        }
      if (!dw_json_object_get_int (item, "quantity", &quantity) ||
          quantity < 1 || quantity > DW_IMPORT_MAX_COUNT)
        {
          dw_json_document_set_error (error, document, item,
                      _("the “quantity” of “%s” must be a whole number from 1 to %u"),
                      name ? name : guid, DW_IMPORT_MAX_COUNT);
          return NULL;
        }

      entry = dw_raw_deck_add (raw, NULL, guid, name, (guint) quantity,
                            dw_json_document_line_of (document, item));
      entry->type = g_strdup (dw_json_object_get_named (card, "type"));
      entry->token = sub_type != NULL && strstr (sub_type, "Token") != NULL;
    }

  return g_steal_pointer (&raw);
}
