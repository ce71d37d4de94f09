/* dw-problem.h — one reason a deck breaks (or strains) its format's rules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum
{
  DW_SEVERITY_ERROR,
  DW_SEVERITY_WARNING,
} DwSeverity;

#define DW_TYPE_PROBLEM (dw_problem_get_type ())
G_DECLARE_FINAL_TYPE (DwProblem, dw_problem, DW, PROBLEM, GObject)

DwProblem  *dw_problem_new           (const char *code,
                                      DwSeverity  severity,
                                      const char *message);
const char *dw_problem_get_code      (DwProblem  *self);
DwSeverity  dw_problem_get_severity  (DwProblem  *self);
const char *dw_problem_get_message   (DwProblem  *self);
GPtrArray  *dw_problem_get_entries   (DwProblem  *self);
void        dw_problem_add_entry     (DwProblem  *self,
                                      gpointer    entry);
const char *dw_severity_to_string    (DwSeverity  severity);

G_END_DECLS
