/* dw-xml-node.h — checking the elements of a definition read with DwXmlReader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-xml.h"

G_BEGIN_DECLS

void      dw_xml_node_error          (DwXmlReader     *reader,
                                      GError         **error,
                                      GQuark           domain,
                                      int              code,
                                      const DwXmlNode *node,
                                      const char      *format,
                                      ...) G_GNUC_PRINTF (6, 7);
gboolean  dw_xml_node_is             (const DwXmlNode *node,
                                      const char      *ns,
                                      const char      *local_name);
gboolean  dw_xml_node_attr_required  (DwXmlReader     *reader,
                                      const DwXmlNode *node,
                                      const char      *name,
                                      const char     **value,
                                      GQuark           domain,
                                      int              code,
                                      GError         **error);
gboolean  dw_xml_node_attr_int       (DwXmlReader     *reader,
                                      const DwXmlNode *node,
                                      const char      *name,
                                      gint64           fallback,
                                      gint64          *value,
                                      GQuark           domain,
                                      int              code,
                                      GError         **error);
gboolean  dw_xml_node_attr_bool      (DwXmlReader     *reader,
                                      const DwXmlNode *node,
                                      const char      *name,
                                      gboolean        *value,
                                      GQuark           domain,
                                      int              code,
                                      GError         **error);

G_END_DECLS
