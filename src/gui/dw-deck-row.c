/* dw-deck-row.c — one card of a deck's section, as a row
 *
 * The row shows a DwDeckEntry (its "entry", given once): the count, the
 * name, the detail column (the card's position, else its cost, else its
 * rarity) and a button to take a copy out and one to add one; it follows
 * the entry's count and card by itself (a card whose database was still
 * loading arrives later, and with it the name, the detail and the add
 * button).  What the row cannot know it is told: "waiting" while the
 * card databases load, and "message", the problem that names its card
 * (the mark, the row's "problem" style and its accessible label follow).
 *
 * It changes no deck: its buttons emit "add-copy" and "remove-copy", and
 * "pick" asks its list to pick it (dw_deck_row_pick()); the deck view
 * does what they mean.  Dragged, it carries its entry.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-deck-row.h"

struct _DwDeckRow
{
  GtkListBoxRow  parent_instance;

  DwDeckEntry   *entry;
  char          *message;
  gboolean       waiting;

  /* Template children */
  GtkLabel      *count;
  GtkLabel      *name;
  GtkWidget     *mark;
  GtkLabel      *detail;
  GtkWidget     *buttons;
  GtkWidget     *add;
  GtkWidget     *remove;
};

G_DEFINE_FINAL_TYPE (DwDeckRow, dw_deck_row, GTK_TYPE_LIST_BOX_ROW)

enum {
  PROP_0,
  PROP_ENTRY,
  PROP_WAITING,
  PROP_MESSAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  ADD_COPY,
  REMOVE_COPY,
  PICK,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
update (DwDeckRow *self)
{
  DwDeckEntry *entry = self->entry;
  DwCard *card = dw_deck_entry_get_card (entry);
  const char *display_name = dw_deck_entry_get_display_name (entry);
  const char *position = card ? dw_card_get_value (card, "position") : NULL;
  g_autofree char *text = g_strdup_printf ("%u×", dw_deck_entry_get_count (entry));
  g_autofree char *add_label = g_strdup_printf (_("Add a copy of %s"), display_name);
  g_autofree char *remove_label = g_strdup_printf (_("Take out a copy of %s"), display_name);
  g_autofree char *label = NULL;

  gtk_label_set_text (self->count, text);
  gtk_label_set_text (self->name, display_name);
  if (card == NULL)
    gtk_label_set_text (self->detail, self->waiting ? _("loading…") : _("unknown card"));
  else if (position != NULL)
    gtk_label_set_text (self->detail, position);
  else if (dw_card_get_value (card, "cost"))
    gtk_label_set_text (self->detail, dw_card_get_value (card, "cost"));
  else if (dw_card_get_value (card, "rarity"))
    gtk_label_set_text (self->detail, dw_card_get_value (card, "rarity"));
  else
    gtk_label_set_text (self->detail, "");
  gtk_widget_set_sensitive (self->add, card != NULL);
  gtk_widget_set_tooltip_text (self->add, add_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->add), GTK_ACCESSIBLE_PROPERTY_LABEL, add_label, -1);
  gtk_widget_set_tooltip_text (self->remove, remove_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->remove), GTK_ACCESSIBLE_PROPERTY_LABEL, remove_label, -1);

  gtk_widget_set_visible (self->mark, self->message != NULL);
  gtk_widget_set_tooltip_text (self->mark, self->message);
  if (self->message)
    gtk_widget_add_css_class (GTK_WIDGET (self), "problem");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "problem");

  label = self->message
    ? g_strdup_printf (_("%u × %s: %s"), dw_deck_entry_get_count (entry), display_name, self->message)
    : g_strdup_printf (_("%u × %s"), dw_deck_entry_get_count (entry), display_name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static void
on_add_clicked_cb (DwDeckRow *self)
{
  if (dw_deck_entry_get_card (self->entry) != NULL)
    g_signal_emit (self, signals[ADD_COPY], 0);
}

static void
on_remove_clicked_cb (DwDeckRow *self)
{
  g_signal_emit (self, signals[REMOVE_COPY], 0);
}

static GdkContentProvider *
on_drag_prepare_cb (GtkDragSource *source,
                    double         x,
                    double         y,
                    DwDeckRow     *self)
{
  return gdk_content_provider_new_typed (DW_TYPE_DECK_ENTRY, self->entry);
}

static void
dw_deck_row_constructed (GObject *object)
{
  DwDeckRow *self = DW_DECK_ROW (object);

  G_OBJECT_CLASS (dw_deck_row_parent_class)->constructed (object);

  g_return_if_fail (DW_IS_DECK_ENTRY (self->entry));
  g_signal_connect_object (self->entry, "notify::count", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->entry, "notify::card", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  update (self);
}

static void
dw_deck_row_finalize (GObject *object)
{
  DwDeckRow *self = DW_DECK_ROW (object);

  g_clear_object (&self->entry);
  g_free (self->message);

  G_OBJECT_CLASS (dw_deck_row_parent_class)->finalize (object);
}

static void
dw_deck_row_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  DwDeckRow *self = DW_DECK_ROW (object);

  switch (prop_id)
    {
    case PROP_ENTRY:
      g_value_set_object (value, self->entry);
      break;
    case PROP_WAITING:
      g_value_set_boolean (value, self->waiting);
      break;
    case PROP_MESSAGE:
      g_value_set_string (value, self->message);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_deck_row_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  DwDeckRow *self = DW_DECK_ROW (object);

  switch (prop_id)
    {
    case PROP_ENTRY:
      self->entry = g_value_dup_object (value);
      break;
    case PROP_WAITING:
      dw_deck_row_set_waiting (self, g_value_get_boolean (value));
      break;
    case PROP_MESSAGE:
      dw_deck_row_set_message (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_deck_row_class_init (DwDeckRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = dw_deck_row_constructed;
  object_class->finalize = dw_deck_row_finalize;
  object_class->get_property = dw_deck_row_get_property;
  object_class->set_property = dw_deck_row_set_property;

  properties[PROP_ENTRY] =
    g_param_spec_object ("entry", NULL, NULL, DW_TYPE_DECK_ENTRY,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_WAITING] =
    g_param_spec_boolean ("waiting", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The player asked for one more copy of the row's card. */
  signals[ADD_COPY] = g_signal_new ("add-copy", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The player asked for one copy fewer. */
  signals[REMOVE_COPY] = g_signal_new ("remove-copy", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The row is to be picked alone, unless it is picked already (a menu
   * opens on it). */
  signals[PICK] = g_signal_new ("pick", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deckwright/Deckwright/dw-deck-row.ui");
  gtk_widget_class_bind_template_child (widget_class, DwDeckRow, count);
  gtk_widget_class_bind_template_child (widget_class, DwDeckRow, name);
  gtk_widget_class_bind_template_child (widget_class, DwDeckRow, mark);
  gtk_widget_class_bind_template_child (widget_class, DwDeckRow, detail);
  gtk_widget_class_bind_template_child (widget_class, DwDeckRow, buttons);
  gtk_widget_class_bind_template_child (widget_class, DwDeckRow, add);
  gtk_widget_class_bind_template_child (widget_class, DwDeckRow, remove);
  gtk_widget_class_bind_template_callback (widget_class, on_add_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_remove_clicked_cb);
}

static void
dw_deck_row_init (DwDeckRow *self)
{
  GtkDragSource *drag = gtk_drag_source_new ();

  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_drag_source_set_actions (drag, GDK_ACTION_MOVE);
  g_signal_connect (drag, "prepare", G_CALLBACK (on_drag_prepare_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
}

GtkWidget *
dw_deck_row_new (DwDeckEntry *entry)
{
  g_return_val_if_fail (DW_IS_DECK_ENTRY (entry), NULL);

  return g_object_new (DW_TYPE_DECK_ROW, "entry", entry, NULL);
}

DwDeckEntry *
dw_deck_row_get_entry (DwDeckRow *self)
{
  g_return_val_if_fail (DW_IS_DECK_ROW (self), NULL);
  return self->entry;
}

gboolean
dw_deck_row_get_waiting (DwDeckRow *self)
{
  g_return_val_if_fail (DW_IS_DECK_ROW (self), FALSE);
  return self->waiting;
}

/* While @waiting for the card databases, a card not found yet is
 * "loading…", not "unknown card". */
void
dw_deck_row_set_waiting (DwDeckRow *self,
                         gboolean   waiting)
{
  g_return_if_fail (DW_IS_DECK_ROW (self));

  waiting = !!waiting;
  if (self->waiting == waiting)
    return;
  self->waiting = waiting;
  if (self->entry != NULL)
    update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WAITING]);
}

const char *
dw_deck_row_get_message (DwDeckRow *self)
{
  g_return_val_if_fail (DW_IS_DECK_ROW (self), NULL);
  return self->message;
}

/* The problem that names the row's card, or NULL. */
void
dw_deck_row_set_message (DwDeckRow  *self,
                         const char *message)
{
  g_return_if_fail (DW_IS_DECK_ROW (self));

  if (g_strcmp0 (self->message, message) == 0)
    return;
  g_free (self->message);
  self->message = g_strdup (message);
  if (self->entry != NULL)
    update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MESSAGE]);
}

/* The detail column and the buttons line up with every row's and with
 * the group headings' (@detail, @buttons). */
void
dw_deck_row_add_to_size_groups (DwDeckRow    *self,
                                GtkSizeGroup *detail,
                                GtkSizeGroup *buttons)
{
  g_return_if_fail (DW_IS_DECK_ROW (self));

  gtk_size_group_add_widget (detail, GTK_WIDGET (self->detail));
  gtk_size_group_add_widget (buttons, self->buttons);
}

/* Asks the row's list to pick it alone unless it is picked already. */
void
dw_deck_row_pick (DwDeckRow *self)
{
  g_return_if_fail (DW_IS_DECK_ROW (self));

  if (!gtk_list_box_row_is_selected (GTK_LIST_BOX_ROW (self)))
    g_signal_emit (self, signals[PICK], 0);
}

/* What the detail column of rows of @card is headed, as the row picks
 * it: "Position", "Cost", "Rarity", or NULL. */
const char *
dw_deck_row_detail_heading (DwCard *card)
{
  if (card == NULL)
    return NULL;
  if (dw_card_get_value (card, "position") != NULL)
    return _("Position");
  if (dw_card_get_value (card, "cost") != NULL)
    return _("Cost");
  if (dw_card_get_value (card, "rarity") != NULL)
    return _("Rarity");
  return NULL;
}

/* A heading of the deck's lists (a section's name, a group's), as a
 * screen reader's heading keys find it. */
GtkWidget *
dw_deck_heading_new (const char *text,
                     int         level)
{
  GtkWidget *label = g_object_new (GTK_TYPE_LABEL, "accessible-role", GTK_ACCESSIBLE_ROLE_HEADING,
                                   "label", text, "xalign", 0.0f, NULL);

  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LEVEL, level, -1);
  gtk_widget_add_css_class (label, "heading");
  return label;
}

/* A group's heading above its first row: "Creature · 24" and the name of
 * the detail column, which lines up with the rows' (@detail, @buttons). */
GtkWidget *
dw_deck_group_heading_new (GtkSizeGroup *detail,
                           GtkSizeGroup *buttons)
{
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *title = dw_deck_heading_new ("", 3);
  GtkWidget *column = gtk_label_new (NULL);
  GtkWidget *spacer = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (title, TRUE);
  gtk_label_set_xalign (GTK_LABEL (column), 1.0);
  gtk_widget_add_css_class (column, "caption-heading");
  gtk_size_group_add_widget (detail, column);
  gtk_size_group_add_widget (buttons, spacer);
  gtk_box_append (GTK_BOX (header), title);
  gtk_box_append (GTK_BOX (header), column);
  gtk_box_append (GTK_BOX (header), spacer);
  gtk_widget_add_css_class (header, "type-header");
  gtk_widget_set_margin_start (header, 12);
  gtk_widget_set_margin_end (header, 6);
  gtk_widget_set_margin_top (header, 6);
  gtk_widget_set_margin_bottom (header, 3);
  return header;
}

/* What a group's heading says: @text, and @column over the detail
 * column (NULL: none, and then it is hidden, not read as a label with no
 * name). */
void
dw_deck_group_heading_set (GtkWidget  *heading,
                           const char *text,
                           const char *column)
{
  GtkWidget *title = gtk_widget_get_first_child (heading);
  GtkWidget *detail = gtk_widget_get_next_sibling (title);

  gtk_label_set_text (GTK_LABEL (title), text);
  gtk_label_set_text (GTK_LABEL (detail), column);
  gtk_widget_set_visible (detail, column != NULL);
}
