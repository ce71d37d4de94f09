/* fuzz-game.c — game definitions and formats files (urn:deckwright:game:1)
 *
 * The input is read as a game definition and as a formats file adding
 * to a fresh copy of the shipped game it names.  A definition that loads
 * must then check a small shipped card database against itself, since
 * every card property is checked by what the definition declares.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "fuzz-common.h"

static char *arcmage_game;
static gsize arcmage_game_length;
static char *coraabia_game;
static gsize coraabia_game_length;
static char *arcmage_cards;
static gsize arcmage_cards_length;

static DwGame *
fresh_shipped_game_cb (const char *game_id,
                       gpointer    user_data)
{
  DwGame **slot = user_data;
  const char *data = NULL;
  gsize length = 0;

  if (g_strcmp0 (game_id, "arcmage") == 0)
    data = arcmage_game, length = arcmage_game_length;
  else if (g_strcmp0 (game_id, "coraabia") == 0)
    data = coraabia_game, length = coraabia_game_length;
  else
    return NULL;

  if (*slot == NULL)
    *slot = dw_game_new_from_data (data, length, "shipped.xml", NULL);
  return *slot;
}

static gboolean
format_taken_cb (const char *format_id,
                 gpointer    user_data)
{
  return dw_library_lookup_format (dw_fuzz_library (), format_id, NULL) != NULL;
}

static DwGame *
this_game_cb (const char *game_id,
              gpointer    user_data)
{
  return g_strcmp0 (game_id, dw_game_get_id (user_data)) == 0 ? user_data : NULL;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwGame) game = NULL;
  g_autoptr(DwGame) shipped = NULL;

  if (arcmage_game == NULL)
    {
      arcmage_game = dw_fuzz_read_source_file ("data/games/arcmage.xml", &arcmage_game_length);
      coraabia_game = dw_fuzz_read_source_file ("data/games/coraabia.xml", &coraabia_game_length);
      arcmage_cards = dw_fuzz_read_source_file ("tests/data/rules/arcmage-cards.xml", &arcmage_cards_length);
    }

  game = dw_game_new_from_data ((const char *) data, size, "fuzz.xml", &error);
  if (game == NULL)
    dw_fuzz_check (error != NULL && error->message != NULL, "a failed load sets an error", NULL);
  else
    {
      /* The cards say game="arcmage"; they are given to whatever game
       * the input defines. */
      g_autoptr(DwCardDb) db = NULL;
      g_autoptr(GString) cards = g_string_new_len (arcmage_cards, arcmage_cards_length);
      g_autofree char *id = g_markup_escape_text (dw_game_get_id (game), -1);
      g_autofree char *attribute = g_strdup_printf ("game=\"%s\"", id);

      g_string_replace (cards, "game=\"arcmage\"", attribute, 1);
      db = dw_card_db_load_data (cards->str, cards->len, "cards.xml", this_game_cb, game, NULL);
    }
  g_clear_error (&error);

  if (!dw_game_load_formats_data ((const char *) data, size, "fuzz-formats.xml",
                                  fresh_shipped_game_cb, format_taken_cb, &shipped, &error))
    dw_fuzz_check (error != NULL && error->message != NULL, "a failed load sets an error", NULL);

  return 0;
}
