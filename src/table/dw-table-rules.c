/* dw-table-rules.c — which rules play which game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-arcmage-rules.h"
#include "dw-coraabia-rules.h"
#include "dw-generic-rules.h"
#include "dw-table-rules.h"

static const DwTableRules * const builtin[] = {
  &dw_arcmage_orc_rules,
  &dw_coraabia_rules,
};

static GPtrArray *registered;
static GMutex registered_lock;

static const DwTableRules *
find (const char *id,
      const char *game_id)
{
  const DwTableRules *found = NULL;

  g_mutex_lock (&registered_lock);
  /* The latest registration wins, so a test or a house rule can stand in
   * for the shipped rules of a game. */
  for (guint i = registered ? registered->len : 0; i > 0 && found == NULL; i--)
    {
      const DwTableRules *rules = g_ptr_array_index (registered, i - 1);

      if ((id && strcmp (rules->id, id) == 0) || (game_id && strcmp (rules->game_id, game_id) == 0))
        found = rules;
    }
  g_mutex_unlock (&registered_lock);

  for (guint i = 0; i < G_N_ELEMENTS (builtin) && found == NULL; i++)
    if ((id && strcmp (builtin[i]->id, id) == 0) || (game_id && strcmp (builtin[i]->game_id, game_id) == 0))
      found = builtin[i];

  return found;
}

/* The rules called @id ("arcmage-orc"), or NULL. */
const DwTableRules *
dw_table_rules_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);
  return find (id, NULL);
}

/* The rules a table of @game_id plays by, or NULL when the game has none yet. */
const DwTableRules *
dw_table_rules_for_game (const char *game_id)
{
  g_return_val_if_fail (game_id != NULL, NULL);
  return find (NULL, game_id);
}

/* The rules a table of @game_id plays by: the rules called @rules_id
 * when given, else the game's own; the generic table's for a game of
 * @library that has none in C.  NULL when none fits the game. */
const DwTableRules *
dw_table_rules_find (DwLibrary  *library,
                     const char *rules_id,
                     const char *game_id)
{
  DwGame *game;
  const DwTableRules *rules;

  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);

  game = dw_library_lookup_game (library, game_id);
  if (rules_id != NULL && strcmp (rules_id, DW_GENERIC_RULES_ID) == 0)
    rules = game ? dw_generic_rules_for_game (game) : NULL;
  else if (rules_id != NULL)
    rules = dw_table_rules_lookup (rules_id);
  else
    {
      rules = dw_table_rules_for_game (game_id);
      if (rules == NULL && game != NULL)
        rules = dw_generic_rules_for_game (game);
    }
  return rules != NULL && strcmp (rules->game_id, game_id) == 0 ? rules : NULL;
}

/* Makes @rules known; they must live as long as the program. */
void
dw_table_rules_register (const DwTableRules *rules)
{
  g_return_if_fail (rules != NULL && rules->id != NULL && rules->game_id != NULL);

  g_mutex_lock (&registered_lock);
  if (registered == NULL)
    registered = g_ptr_array_new ();
  g_ptr_array_add (registered, (gpointer) rules);
  g_mutex_unlock (&registered_lock);
}
