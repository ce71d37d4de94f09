/* dw-save-question.h — asking whether to save before unsaved work goes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

GtkWidget *dw_save_question_new     (GtkWindow  *parent,
                                     const char *heading,
                                     const char *body,
                                     const char *discard_label);
void       dw_save_question_destroy (GtkWidget  *dialog);

G_END_DECLS
