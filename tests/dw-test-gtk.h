/* dw-test-gtk.h — what the widget tests share: waiting for GTK, and
 * finding widgets in a tree
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-test-util.h"

G_BEGIN_DECLS

void      dw_test_gtk_init        (int        *argc,
                                   char     ***argv);
void      dw_test_settle          (void);
void      dw_test_relayout        (void);
void      dw_test_present         (GtkWindow  *window);
void      dw_test_collect_widgets (GtkWidget  *root,
                                   GType       type,
                                   GPtrArray  *found);
gboolean  dw_test_has_label       (GtkWidget  *root,
                                   const char *text);
double    dw_test_top_of          (GtkWidget  *widget,
                                   GtkWidget  *ancestor);
GPtrArray *dw_test_find_cut_labels    (GtkWidget  *root);
void       dw_test_assert_labels_whole (GtkWidget  *root);
void       dw_test_save_screenshot     (GtkWidget  *widget,
                                        const char *name);
guint      dw_test_check_tooltips_make_way (GtkWidget *root);
void       dw_test_assert_header_whole (GtkColumnView       *view,
                                        GtkColumnViewColumn *column);
gboolean   dw_test_assert_cell_shortened_whole (GtkLabel *label);
void       dw_test_assert_whole_on_phone (GtkWidget  *window,
                                          const char *screenshot);
gboolean   dw_test_press_key           (GtkWindow       *window,
                                        guint            keyval,
                                        GdkModifierType  modifiers);

G_END_DECLS
