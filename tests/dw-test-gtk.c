/* dw-test-gtk.c — what the widget tests share: waiting for GTK, finding
 * widgets in a tree, finding labels that do not read whole, screenshots
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "dw-test-gtk.h"

/* Starts GTK and libadwaita for a widget test, with the style sheet the
 * application loads (AdwApplication reads style.css under its resource
 * base path, at the application's priority): widgets measured here are
 * the sizes a player sees, paddings and minimum sizes included. */
void
dw_test_gtk_init (int    *argc,
                  char ***argv)
{
  g_autoptr(GtkCssProvider) style = NULL;

  gtk_test_init (argc, argv, NULL);
  adw_init ();
  style = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (style, "/io/github/deckwright/Deckwright/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (style),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

/* Runs what is pending: idles, signals, a redraw already asked for. */
void
dw_test_settle (void)
{
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

typedef struct
{
  GdkFrameClock *clock;
  GdkSurface    *surface;
  gulong         handler;
  guint          painted;
  guint          steady;
  int            width;
  int            height;
} Painting;

static void
on_after_paint_cb (GdkFrameClock *clock,
                   Painting      *painting)
{
  int width = gdk_surface_get_width (painting->surface);
  int height = gdk_surface_get_height (painting->surface);

  painting->painted++;
  if (width == painting->width && height == painting->height)
    painting->steady++;
  else
    painting->steady = 0;
  painting->width = width;
  painting->height = height;
}

static gboolean
all_steady (GArray *paintings)
{
  for (guint i = 0; i < paintings->len; i++)
    {
      Painting *painting = &g_array_index (paintings, Painting, i);

      if (painting->painted < 3 || painting->steady < 2)
        {
          gdk_frame_clock_request_phase (painting->clock, GDK_FRAME_CLOCK_PHASE_LAYOUT);
          return FALSE;
        }
    }
  return TRUE;
}

/* Every mapped window paints until it has painted three frames and its
 * size held still over the last two, however long those frames take. */
static void
paint_until_steady (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  g_autoptr(GArray) paintings = g_array_new (FALSE, TRUE, sizeof (Painting));

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);
      GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
      Painting painting = { 0 };

      if (surface == NULL || !gtk_widget_get_mapped (window))
        continue;
      painting.surface = g_object_ref (surface);
      painting.clock = g_object_ref (gdk_surface_get_frame_clock (surface));
      painting.width = -1;
      g_array_append_val (paintings, painting);
    }
  /* Connected once the array no longer moves. */
  for (guint i = 0; i < paintings->len; i++)
    {
      Painting *painting = &g_array_index (paintings, Painting, i);

      painting->handler = g_signal_connect (painting->clock, "after-paint",
                                            G_CALLBACK (on_after_paint_cb), painting);
    }
  DW_TEST_WAIT_UNTIL (all_steady (paintings));
  for (guint i = 0; i < paintings->len; i++)
    {
      Painting *painting = &g_array_index (paintings, Painting, i);

      g_signal_handler_disconnect (painting->clock, painting->handler);
      g_object_unref (painting->clock);
      g_object_unref (painting->surface);
    }
}

/* A digest of where every mapped widget of @root lies. */
static guint64
hash_layout (GtkWidget *widget,
             GtkWidget *root,
             guint64    hash)
{
  graphene_rect_t bounds;

  if (!gtk_widget_get_mapped (widget))
    return hash * 31 + 7;
  if (gtk_widget_compute_bounds (widget, root, &bounds))
    {
      float values[4] = { bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height };

      for (guint i = 0; i < G_N_ELEMENTS (values); i++)
        hash = hash * 1099511628211u + (guint64) (gint64) (values[i] * 16);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    hash = hash_layout (child, root, hash);
  return hash;
}

static guint64
hash_all_layouts (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint64 hash = 14695981039346656037u;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      hash = hash_layout (window, window, hash);
    }
  return hash;
}

/* Gives GTK the frames it needs to measure and allocate the windows that
 * were shown or resized, however long they take on a busy machine: the
 * windows paint until their size holds still, what was queued between
 * frames runs (an idle that folds a pane, a configure event), and again,
 * until a round leaves every widget where the last one left it.  A
 * blinking cursor or a spinner moves no widget, so it cannot keep this
 * going. */
void
dw_test_relayout (void)
{
  guint64 before;
  guint64 after;

  dw_test_settle ();
  after = hash_all_layouts ();
  do
    {
      before = after;
      paint_until_steady ();
      dw_test_settle ();
      after = hash_all_layouts ();
    }
  while (after != before);
}

/* Shows @window as a player would see it open: presented, mapped, and
 * laid out and painted at its first size, so that what the test does
 * next (a new size, above all) starts from a window at rest.
 *
 * A window resized before it had settled at its first size could wait
 * for ever on Xvfb: GDK 4.8 (X11) freezes a toplevel's frame clock when
 * it asks the X server for a new size, until the ConfigureNotify that
 * answers.  Asked before the window had painted at its first size, the
 * clock stayed frozen: under gdb the X window had the new size, GDK
 * still the old one, no X event was left unread, and no frame followed.
 * test-card-browser hung so in most runs whenever a window opened at the
 * width a test before had left in GSettings (360 px) and the test asked
 * for 1280 at once; painted first, it never did. */
void
dw_test_present (GtkWindow *window)
{
  gtk_window_present (window);
  DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));
  dw_test_relayout ();
}

/* Every widget of @type in the tree under @root, @root included. */
void
dw_test_collect_widgets (GtkWidget *root,
                         GType      type,
                         GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    g_ptr_array_add (found, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    dw_test_collect_widgets (child, type, found);
}

/* Whether a label under @root reads exactly @text. */
gboolean
dw_test_has_label (GtkWidget  *root,
                   const char *text)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  dw_test_collect_widgets (root, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_text (g_ptr_array_index (labels, i)), text) == 0)
      return TRUE;
  return FALSE;
}

/* Where @widget's top lies in @ancestor. */
double
dw_test_top_of (GtkWidget *widget,
                GtkWidget *ancestor)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, ancestor, &bounds));
  return bounds.origin.y;
}

/* The nearest ancestor of @widget, under @root, whose tooltip holds
 * @text whole, or NULL. */
static GtkWidget *
tooltip_holding (GtkWidget  *widget,
                 GtkWidget  *root,
                 const char *text)
{
  for (GtkWidget *w = widget; w != NULL; w = gtk_widget_get_parent (w))
    {
      const char *tooltip = gtk_widget_get_tooltip_text (w);

      if (tooltip != NULL && strstr (tooltip, text) != NULL)
        return w;
      if (w == root)
        break;
    }
  return NULL;
}

/* What cuts @label's @bounds in @window: the window's own edge, or an
 * ancestor that clips what overflows it (a scrolled list, a leaflet, a
 * header bar).  Lists scroll up and down by design: under one, a label
 * scrolled out of sight is not cut, and only its sides are checked. */
static GtkWidget *
clipping_ancestor (GtkWidget             *label,
                   GtkWidget             *window,
                   const graphene_rect_t *bounds)
{
  const float slack = 0.5f;
  gboolean scrolled = FALSE;

  for (GtkWidget *w = gtk_widget_get_parent (label); w != NULL; w = gtk_widget_get_parent (w))
    {
      graphene_rect_t area;
      gboolean scrolls = GTK_IS_VIEWPORT (w) || GTK_IS_LIST_VIEW (w) || GTK_IS_COLUMN_VIEW (w) ||
                         GTK_IS_GRID_VIEW (w) || GTK_IS_TEXT_VIEW (w);
      float top, bottom;

      if (w != window && gtk_widget_get_overflow (w) != GTK_OVERFLOW_HIDDEN && !scrolls)
        continue;
      if (!gtk_widget_compute_bounds (w, window, &area))
        continue;
      top = area.origin.y - slack;
      bottom = area.origin.y + area.size.height + slack;
      if (scrolls && (bounds->origin.y + bounds->size.height <= top + 2 * slack || bounds->origin.y >= bottom - 2 * slack))
        return NULL;
      if (bounds->origin.x < area.origin.x - slack ||
          bounds->origin.x + bounds->size.width > area.origin.x + area.size.width + slack)
        return w;
      if (!scrolls && !scrolled && (bounds->origin.y < top || bounds->origin.y + bounds->size.height > bottom))
        return w;
      scrolled |= scrolls;
      if (w == window)
        break;
    }
  return NULL;
}

static void
find_cut_labels (GtkWidget *widget,
                 GtkWidget *window,
                 GPtrArray *found)
{
  if (!gtk_widget_get_mapped (widget) || gtk_widget_get_opacity (widget) == 0)
    return;

  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    {
      GtkLabel *label = GTK_LABEL (widget);
      const char *text = gtk_label_get_text (label);
      graphene_rect_t bounds;
      GtkWidget *clip;
      int minimum, natural;

      gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
      if (gtk_label_get_ellipsize (label) != PANGO_ELLIPSIZE_NONE &&
          pango_layout_is_ellipsized (gtk_label_get_layout (label)))
        {
          /* Ellipsized by design: the whole text must be one hover
           * away.  A screen reader is given a label's whole text, not
           * what is drawn of it. */
          if (tooltip_holding (widget, window, text) == NULL)
            g_ptr_array_add (found, g_strdup_printf ("“%s” is ellipsized (%d of %d px) and no tooltip holds it",
                                                     text, gtk_widget_get_width (widget), natural));
        }
      else if (gtk_widget_compute_bounds (widget, window, &bounds) &&
               (clip = clipping_ancestor (widget, window, &bounds)) != NULL)
        {
          g_ptr_array_add (found, g_strdup_printf ("“%s” is cut by a %s (%.0f,%.0f %.0f×%.0f)",
                                                   text, G_OBJECT_TYPE_NAME (clip),
                                                   bounds.origin.x, bounds.origin.y,
                                                   bounds.size.width, bounds.size.height));
        }
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    find_cut_labels (child, window, found);
}

/* Every mapped label under @root that does not show its whole text: one
 * ellipsized without the text in a tooltip (its own or an ancestor's),
 * or one drawn past the edge of the window or of an ancestor that clips
 * (across only, for a list that scrolls up and down).  Each is described in the array returned, which
 * is empty when every label reads whole. */
GPtrArray *
dw_test_find_cut_labels (GtkWidget *root)
{
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (root));

  find_cut_labels (root, window, found);
  return found;
}

/* Fails, listing them, when any label under @root is cut (see
 * dw_test_find_cut_labels()). */
void
dw_test_assert_labels_whole (GtkWidget *root)
{
  g_autoptr(GPtrArray) cut = dw_test_find_cut_labels (root);

  for (guint i = 0; i < cut->len; i++)
    g_test_message ("%s", (const char *) g_ptr_array_index (cut, i));
  g_assert_cmpuint (cut->len, ==, 0);
}

/* Saves what @widget's window shows as NAME.png in the folder
 * $DW_TEST_SCREENSHOTS, when it is set: the screenshots a change is
 * looked at with, taken by the tests that lay the screens out. */
void
dw_test_save_screenshot (GtkWidget  *widget,
                         const char *name)
{
  const char *dir = g_getenv ("DW_TEST_SCREENSHOTS");
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (widget));
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;
  int width = gtk_widget_get_width (window);
  int height = gtk_widget_get_height (window);

  if (dir == NULL || width <= 0 || height <= 0)
    return;
  paintable = gtk_widget_paintable_new (window);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  file = g_strconcat (name, ".png", NULL);
  path = g_build_filename (dir, file, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

/* Opens the popover of every mapped menu button and drop-down under
 * @root that has a tooltip, as a click does, and checks that the
 * tooltip is gone while the popover shows (it would cover it) and back
 * once it closes.  Returns how many were tried. */
guint
dw_test_check_tooltips_make_way (GtkWidget *root)
{
  g_autoptr(GPtrArray) owners = g_ptr_array_new ();
  guint n_tried = 0;

  dw_test_collect_widgets (root, GTK_TYPE_MENU_BUTTON, owners);
  dw_test_collect_widgets (root, GTK_TYPE_DROP_DOWN, owners);
  for (guint i = 0; i < owners->len; i++)
    {
      GtkWidget *owner = g_ptr_array_index (owners, i);
      g_autofree char *tooltip = g_strdup (gtk_widget_get_tooltip_text (owner));
      g_autoptr(GPtrArray) popovers = g_ptr_array_new ();
      GtkWidget *popover;

      if (tooltip == NULL || !gtk_widget_get_mapped (owner) || !gtk_widget_is_sensitive (owner))
        continue;
      if (GTK_IS_MENU_BUTTON (owner))
        {
          gtk_menu_button_popup (GTK_MENU_BUTTON (owner));
          g_ptr_array_add (popovers, gtk_menu_button_get_popover (GTK_MENU_BUTTON (owner)));
        }
      else
        {
          g_autoptr(GPtrArray) toggles = g_ptr_array_new ();

          /* As a click on the drop-down's button does. */
          dw_test_collect_widgets (owner, GTK_TYPE_TOGGLE_BUTTON, toggles);
          g_assert_cmpuint (toggles->len, >, 0);
          gtk_widget_activate (g_ptr_array_index (toggles, 0));
          dw_test_collect_widgets (owner, GTK_TYPE_POPOVER, popovers);
        }
      g_assert_cmpuint (popovers->len, >, 0);
      popover = g_ptr_array_index (popovers, 0);
      DW_TEST_WAIT_UNTIL (gtk_widget_get_mapped (popover));
      g_test_message ("%s: %s while open", tooltip, gtk_widget_get_tooltip_text (owner));
      g_assert_null (gtk_widget_get_tooltip_text (owner));
      gtk_popover_popdown (GTK_POPOVER (popover));
      DW_TEST_WAIT_UNTIL (!gtk_widget_get_visible (popover));
      g_assert_cmpstr (gtk_widget_get_tooltip_text (owner), ==, tooltip);
      n_tried++;
    }
  return n_tried;
}

/* Presses @keyval with @modifiers as GTK hands a key press on: to the
 * shortcuts of the widget with the focus, then of each widget above it
 * up to the window (class key bindings are shortcuts too: Tab's
 * move-focus, a button's activate on Return, a zone's arrows), and
 * Escape in a popover to the popover, which closes.  Xvfb has no window
 * manager to give a window the X focus, so a real key event may never
 * reach it; this follows the same path inside GTK.
 * Returns whether some shortcut took it. */
gboolean
dw_test_press_key (GtkWindow       *window,
                   guint            keyval,
                   GdkModifierType  modifiers)
{
  GtkWidget *focus = gtk_window_get_focus (window);
  GtkWidget *popover = focus ? gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER) : NULL;

  if (popover != NULL && keyval == GDK_KEY_Escape && modifiers == 0)
    {
      gtk_popover_popdown (GTK_POPOVER (popover));
      return TRUE;
    }
  for (GtkWidget *w = focus ? focus : GTK_WIDGET (window); w != NULL; w = gtk_widget_get_parent (w))
    {
      g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (w);

      for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
        {
          g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

          /* A window's managed shortcuts are its children's, run on
           * them: they come up on the way from the focus already. */
          if (!GTK_IS_SHORTCUT_CONTROLLER (controller) ||
              gtk_shortcut_controller_get_scope (GTK_SHORTCUT_CONTROLLER (controller)) != GTK_SHORTCUT_SCOPE_LOCAL)
            continue;
          for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
            {
              g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
              GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
              GtkShortcutTrigger *tries[2] = { trigger, NULL };

              if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
                {
                  tries[0] = gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger));
                  tries[1] = gtk_alternative_trigger_get_second (GTK_ALTERNATIVE_TRIGGER (trigger));
                }
              for (guint k = 0; k < 2; k++)
                if (tries[k] != NULL && GTK_IS_KEYVAL_TRIGGER (tries[k]) &&
                    gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (tries[k])) == keyval &&
                    gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (tries[k])) == modifiers &&
                    gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, w,
                                                  gtk_shortcut_get_arguments (shortcut)))
                  return TRUE;
            }
        }
    }
  return FALSE;
}

/* The header of @column, sized by hand, gives its title its whole width,
 * and the next shown header starts after it (GTK draws a title given
 * less over its neighbour); the column is wider than its title. */
void
dw_test_assert_header_whole (GtkColumnView       *view,
                             GtkColumnViewColumn *column)
{
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (view)));
  const char *name = gtk_column_view_column_get_title (column);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GtkWidget *title = NULL;
  GtkWidget *next;
  graphene_rect_t title_bounds, next_bounds;
  int whole;

  /* The header row is the view's first child. */
  dw_test_collect_widgets (gtk_widget_get_first_child (GTK_WIDGET (view)), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len && title == NULL; i++)
    if (g_str_equal (gtk_label_get_text (g_ptr_array_index (labels, i)), name))
      title = g_ptr_array_index (labels, i);
  if (title == NULL)
    g_error ("no header “%s”", name);

  gtk_widget_measure (title, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &whole, NULL, NULL);
  g_test_message ("%s: %d px, its title %d of %d px", name,
                  gtk_column_view_column_get_fixed_width (column), gtk_widget_get_width (title), whole);
  g_assert_cmpint (gtk_widget_get_width (title), >=, whole);
  g_assert_cmpint (gtk_column_view_column_get_fixed_width (column), >, whole);
  g_assert_true (gtk_widget_compute_bounds (title, window, &title_bounds));
  for (next = gtk_widget_get_next_sibling (gtk_widget_get_parent (gtk_widget_get_parent (title)));
       next && !gtk_widget_get_visible (next);
       next = gtk_widget_get_next_sibling (next))
    ;
  if (next != NULL && gtk_widget_get_mapped (next))
    {
      g_assert_true (gtk_widget_compute_bounds (next, window, &next_bounds));
      g_assert_cmpfloat (title_bounds.origin.x + title_bounds.size.width, <=, next_bounds.origin.x);
    }
}

/* @label, a cell of a column sized by hand, may shorten with an
 * ellipsis and reads whole in its tooltip and to a screen reader (its
 * accessible description); returns whether it is shortened. */
gboolean
dw_test_assert_cell_shortened_whole (GtkLabel *label)
{
  const char *text = gtk_label_get_text (label);
  g_autofree char *wrong = NULL;

  g_assert_cmpint (gtk_label_get_ellipsize (label), ==, PANGO_ELLIPSIZE_END);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (label)), ==, text);
  wrong = gtk_test_accessible_check_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text);
  g_assert_null (wrong);
  if (!pango_layout_is_ellipsized (gtk_label_get_layout (label)))
    return FALSE;
  g_test_message ("“%s” shortened to %d px", text, gtk_widget_get_width (GTK_WIDGET (label)));
  return TRUE;
}

/* @window, at 1280×800, shown at a phone's 360×800 (saved as
 * @screenshot) reads whole, and is back at 1280×800 after. */
void
dw_test_assert_whole_on_phone (GtkWidget  *window,
                               const char *screenshot)
{
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 800);
  dw_test_relayout ();
  dw_test_save_screenshot (window, screenshot);
  dw_test_assert_labels_whole (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  dw_test_relayout ();
}
