/* dw-game-formats.c — the formats of a game
 *
 * The formats its definition states and those files of extra formats add,
 * in order, and the one a deck without a format of its own is held to.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-format.h"
#include "dw-game-private.h"

/* The list, made when a format first comes or is asked for. */
static GListStore *
formats_of (DwGame *self)
{
  if (self->formats == NULL)
    self->formats = g_list_store_new (DW_TYPE_FORMAT);
  return self->formats;
}

GListModel *
dw_game_get_formats (DwGame *self)
{
  g_return_val_if_fail (DW_IS_GAME (self), NULL);
  return G_LIST_MODEL (formats_of (self));
}

DwFormat *
dw_game_lookup_format (DwGame     *self,
                       const char *id)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (formats_of (self)));

  for (guint i = 0; id && i < n; i++)
    {
      g_autoptr(DwFormat) format = g_list_model_get_item (G_LIST_MODEL (formats_of (self)), i);
      if (strcmp (dw_format_get_id (format), id) == 0)
        return format;
    }
  return NULL;
}

DwFormat *
dw_game_get_default_format (DwGame *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (formats_of (self)));
  g_autoptr(DwFormat) first = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwFormat) format = g_list_model_get_item (G_LIST_MODEL (formats_of (self)), i);
      if (dw_format_is_default (format))
        return format;
    }

  first = n > 0 ? g_list_model_get_item (G_LIST_MODEL (formats_of (self)), 0) : NULL;
  return first;
}

void
dw_game_add_format (DwGame   *self,
                    DwFormat *format)
{
  g_list_store_append (formats_of (self), format);
}
