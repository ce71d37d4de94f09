/* dw-problems-bar.c — the deck's verdict in one line, its problems in a popover
 *
 * The bar above the deck's cards: one line whatever the verdict ("No
 * problems", "3 problems", or that the cards still load), with an icon
 * in the verdict's colour; the problems themselves (a GListModel of
 * DwProblem, given by the deck view) open in a popover over the cards,
 * so the cards stay where they are as the deck turns legal or illegal.
 * Picking a problem emits "problem-activated"; the view picks the cards
 * it names.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "dw-menu-button.h"
#include "dw-problem.h"
#include "dw-problems-bar.h"

struct _DwProblemsBar
{
  GtkWidget      parent_instance;

  GListModel    *problems;
  gboolean       popup_when_mapped;

  /* Template children */
  GtkMenuButton *problems_button;
  GtkPopover    *problems_popover;
  GtkImage      *problems_icon;
  GtkLabel      *problems_summary;
  GtkListBox    *problem_box;
  GtkWidget     *problems_none;
  GtkWidget     *problems_waiting;
};

G_DEFINE_FINAL_TYPE (DwProblemsBar, dw_problems_bar, GTK_TYPE_WIDGET)

enum {
  PROBLEM_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
on_problem_row_activated_cb (DwProblemsBar *self,
                             GtkListBoxRow *row)
{
  g_autoptr(DwProblem) problem = NULL;

  if (self->problems != NULL)
    problem = g_list_model_get_item (self->problems, (guint) gtk_list_box_row_get_index (row));
  gtk_popover_popdown (self->problems_popover);
  if (problem != NULL)
    g_signal_emit (self, signals[PROBLEM_ACTIVATED], 0, problem);
}

static GtkWidget *
create_problem_row (gpointer item,
                    gpointer user_data)
{
  DwProblem *problem = item;
  gboolean error = dw_problem_get_severity (problem) == DW_SEVERITY_ERROR;
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon = gtk_image_new_from_icon_name (error ? "dialog-error-symbolic" : "dialog-information-symbolic");
  g_autofree char *escaped = g_markup_escape_text (dw_problem_get_message (problem), -1);
  /* A game of the player's own names its codes. */
  g_autofree char *code = g_markup_escape_text (dw_problem_get_code (problem), -1);

  gtk_widget_add_css_class (icon, error ? "error" : "warning");
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), code);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  return row;
}

static void
dw_problems_bar_map (GtkWidget *widget)
{
  DwProblemsBar *self = DW_PROBLEMS_BAR (widget);

  GTK_WIDGET_CLASS (dw_problems_bar_parent_class)->map (widget);
  if (self->popup_when_mapped)
    {
      self->popup_when_mapped = FALSE;
      gtk_menu_button_popup (self->problems_button);
    }
}

/* A popover left open on a window that goes would outlive its surface. */
static void
dw_problems_bar_unmap (GtkWidget *widget)
{
  gtk_popover_popdown (DW_PROBLEMS_BAR (widget)->problems_popover);
  GTK_WIDGET_CLASS (dw_problems_bar_parent_class)->unmap (widget);
}

static void
dw_problems_bar_dispose (GObject *object)
{
  DwProblemsBar *self = DW_PROBLEMS_BAR (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), DW_TYPE_PROBLEMS_BAR);
  g_clear_object (&self->problems);

  G_OBJECT_CLASS (dw_problems_bar_parent_class)->dispose (object);
}

static void
dw_problems_bar_class_init (DwProblemsBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_problems_bar_dispose;
  widget_class->map = dw_problems_bar_map;
  widget_class->unmap = dw_problems_bar_unmap;

  /* The player picked a problem (a DwProblem) in the popover. */
  signals[PROBLEM_ACTIVATED] = g_signal_new ("problem-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                             0, NULL, NULL, NULL, G_TYPE_NONE, 1, DW_TYPE_PROBLEM);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deckwright/Deckwright/dw-problems-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, DwProblemsBar, problems_button);
  gtk_widget_class_bind_template_child (widget_class, DwProblemsBar, problems_popover);
  gtk_widget_class_bind_template_child (widget_class, DwProblemsBar, problems_icon);
  gtk_widget_class_bind_template_child (widget_class, DwProblemsBar, problems_summary);
  gtk_widget_class_bind_template_child (widget_class, DwProblemsBar, problem_box);
  gtk_widget_class_bind_template_child (widget_class, DwProblemsBar, problems_none);
  gtk_widget_class_bind_template_child (widget_class, DwProblemsBar, problems_waiting);
  gtk_widget_class_bind_template_callback (widget_class, on_problem_row_activated_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
dw_problems_bar_init (DwProblemsBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  dw_menu_button_quiet_while_open (self->problems_button);
}

/* The problems the popover lists (DwProblem). */
void
dw_problems_bar_set_problems (DwProblemsBar *self,
                              GListModel    *problems)
{
  g_return_if_fail (DW_IS_PROBLEMS_BAR (self));
  g_return_if_fail (G_IS_LIST_MODEL (problems));

  g_set_object (&self->problems, problems);
  gtk_list_box_bind_model (self->problem_box, problems, create_problem_row, NULL, NULL);
}

/* The verdict: still @waiting for the cards, or so many @errors and
 * @warnings.  With none, an open popover closes. */
void
dw_problems_bar_show_verdict (DwProblemsBar *self,
                              gboolean       waiting,
                              guint          errors,
                              guint          warnings)
{
  g_autofree char *summary = NULL;
  const char *icon = "emblem-ok-symbolic";
  const char *style = "success";

  g_return_if_fail (DW_IS_PROBLEMS_BAR (self));

  if (waiting)
    {
      summary = g_strdup (_("Loading cards; the deck is checked once they are in"));
      icon = "content-loading-symbolic";
      style = "dim-label";
    }
  else if (errors + warnings == 0)
    {
      summary = g_strdup (_("No problems"));
    }
  else
    {
      summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u problem", "%u problems", errors + warnings),
                                 errors + warnings);
      icon = errors > 0 ? "dialog-error-symbolic" : "dialog-warning-symbolic";
      style = errors > 0 ? "error" : "warning";
    }

  gtk_widget_set_visible (self->problems_waiting, waiting);
  gtk_widget_set_visible (self->problems_none, !waiting && errors + warnings == 0);
  gtk_widget_set_visible (GTK_WIDGET (self->problem_box), !waiting && errors + warnings > 0);
  if (errors + warnings == 0)
    gtk_popover_popdown (self->problems_popover);
  gtk_label_set_text (self->problems_summary, summary);
  gtk_image_set_from_icon_name (self->problems_icon, icon);
  for (guint i = 0; i < 4; i++)
    gtk_widget_remove_css_class (GTK_WIDGET (self->problems_icon),
                                 (const char *[]) { "success", "dim-label", "error", "warning" }[i]);
  gtk_widget_add_css_class (GTK_WIDGET (self->problems_icon), style);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->problems_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  summary, -1);
}

/* Opens the problems now, or as soon as the bar is shown (a popover
 * needs its button on screen). */
void
dw_problems_bar_popup (DwProblemsBar *self)
{
  g_return_if_fail (DW_IS_PROBLEMS_BAR (self));

  if (gtk_widget_get_mapped (GTK_WIDGET (self->problems_button)))
    gtk_menu_button_popup (self->problems_button);
  else
    self->popup_when_mapped = TRUE;
}

/* The button whose popover lists the problems. */
GtkMenuButton *
dw_problems_bar_get_button (DwProblemsBar *self)
{
  g_return_val_if_fail (DW_IS_PROBLEMS_BAR (self), NULL);
  return self->problems_button;
}

void
dw_problems_bar_popdown (DwProblemsBar *self)
{
  g_return_if_fail (DW_IS_PROBLEMS_BAR (self));

  gtk_popover_popdown (self->problems_popover);
}
