/* dw-game-private.h — what the files of a game definition share
 *
 * dw-game.c holds the DwGame and the helpers below; dw-game-read.c and
 * dw-game-table-read.c read a definition into it, dw-game-formats.c keeps
 * its formats, and dw-format.c reads a format with the same helpers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-game.h"
#include "dw-xml-node.h"

G_BEGIN_DECLS

struct _DwGame
{
  GObject      parent_instance;

  char        *id;
  char        *name;
  GArray      *types;       /* DwCardTypeDef */
  GArray      *properties;  /* DwPropertyDef */
  GArray      *sections;    /* DwSectionDef */
  GArray      *zones;       /* DwZoneDef */
  GListStore  *formats;     /* DwFormat, made by dw-game-formats.c when first needed */
  DwTableDef   table;
  DwDeal       deal;
  gboolean     has_deal;    /* from <deal>, or from <table>'s draws */
  const char  *curve;       /* interned property of the statistics' curve, or NULL */
  GPtrArray   *numbers;     /* interned int properties the statistics weigh, NULL-ended */
  double       card_width;  /* millimetres, from <card-size> */
  double       card_height;
};

/* A definition's elements, checked in the game's namespace and error
 * domain (dw-xml-node.c). */
#define dw_game_node_error(reader, error, node, ...) \
  dw_xml_node_error ((reader), (error), DW_GAME_ERROR, DW_GAME_ERROR_INVALID, (node), __VA_ARGS__)
#define dw_game_node_is(node, local_name) \
  dw_xml_node_is ((node), DW_GAME_NS, (local_name))
#define dw_game_node_attr_required(reader, node, name, value, error) \
  dw_xml_node_attr_required ((reader), (node), (name), (value), DW_GAME_ERROR, DW_GAME_ERROR_INVALID, (error))
#define dw_game_node_attr_int(reader, node, name, fallback, value, error) \
  dw_xml_node_attr_int ((reader), (node), (name), (fallback), (value), DW_GAME_ERROR, DW_GAME_ERROR_INVALID, (error))
#define dw_game_node_attr_bool(reader, node, name, value, error) \
  dw_xml_node_attr_bool ((reader), (node), (name), (value), DW_GAME_ERROR, DW_GAME_ERROR_INVALID, (error))

/* dw-game.c: helpers of the readers */
gboolean  dw_game_is_blank           (const char      *text);
gboolean  dw_game_node_name          (DwXmlReader     *reader,
                                      const DwXmlNode *node,
                                      const char      *id,
                                      const char     **name,
                                      GError         **error);
gboolean  dw_game_name_taken         (GArray          *defs,
                                      const char      *name);
gboolean  dw_game_refuse_unknown     (DwXmlReader     *reader,
                                      const DwXmlNode *node,
                                      const char      *allowed,
                                      const char      *parent,
                                      GError         **error);
char    **dw_game_split_list         (const char      *text);
gboolean  dw_game_check_types        (DwGame          *self,
                                      DwXmlReader     *reader,
                                      const DwXmlNode *node,
                                      char           **types,
                                      GError         **error);
void      dw_property_def_clear      (DwPropertyDef   *def);
void      dw_section_def_clear       (DwSectionDef    *def);
void      dw_counter_def_clear       (DwCounterDef    *def);

/* dw-game-table-read.c */
gboolean  dw_game_parse_zones        (DwGame          *self,
                                      DwXmlReader     *reader,
                                      const DwXmlNode *node,
                                      GError         **error);
gboolean  dw_game_parse_table        (DwGame          *self,
                                      DwXmlReader     *reader,
                                      const DwXmlNode *node,
                                      GError         **error);
gboolean  dw_game_parse_deal         (DwGame          *self,
                                      DwXmlReader     *reader,
                                      const DwXmlNode *node,
                                      GError         **error);
gboolean  dw_game_parse_statistics   (DwGame          *self,
                                      DwXmlReader     *reader,
                                      const DwXmlNode *node,
                                      GError         **error);
void      dw_game_deal_from_table    (DwGame          *self);

G_END_DECLS
