/* dw-game-private.h — helpers shared by the game-definition parsers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-game.h"

G_BEGIN_DECLS

void      dw_game_node_error        (DwXmlReader     *reader,
                                     GError         **error,
                                     const DwXmlNode *node,
                                     const char      *format,
                                     ...) G_GNUC_PRINTF (4, 5);
gboolean  dw_game_node_attr_required (DwXmlReader     *reader,
                                      const DwXmlNode *node,
                                      const char      *name,
                                      const char     **value,
                                      GError         **error);
gboolean  dw_game_node_attr_int     (DwXmlReader     *reader,
                                     const DwXmlNode *node,
                                     const char      *name,
                                     gint64           fallback,
                                     gint64          *value,
                                     GError         **error);
gboolean  dw_game_node_attr_bool    (DwXmlReader     *reader,
                                     const DwXmlNode *node,
                                     const char      *name,
                                     gboolean        *value,
                                     GError         **error);
gboolean  dw_game_node_is           (const DwXmlNode *node,
                                     const char      *local_name);

G_END_DECLS
