/* dw-card-usage.c — which of the player's decks hold a card
 *
 * The card browser says, under the card it shows, in how many decks of
 * the player's library that card is ("In 3 of your decks"); the button
 * opens the list of those decks (name, copies), and one click on a deck
 * opens it as Open would (win.open-recent: here, or in a new window when
 * this one holds unsaved work).  A card's zoom lists them too.
 *
 * Every window asks one deck library (DwDeckLibrary) over the library's
 * folders: made when a card is first shown, read in a worker thread
 * (its index cached on disk makes that cheap), then following the disk
 * and the library-folders key.  A folder that does not exist is left
 * out, never made: the Decks page makes the default one when first
 * shown.  Each answer is one pass over the index
 * (dw_deck_library_find_users), no file read; the button follows the
 * library as it changes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-card-usage.h"
#include "dw-deck-usage.h"

/* A zoom names at most this many decks, then how many more. */
#define ZOOM_DECKS 5

static DwDeckLibrary *usage_library;
static gboolean       usage_ready;     /* read at least once */
static char         **usage_roots;     /* the folders it was given */
static GSettings     *usage_settings;
static DwLibrary     *usage_cards;     /* the cards it was made with */

struct _DwCardUsage
{
  GtkWidget      parent_instance;

  DwDeckLibrary *decks;     /* the library followed */
  DwCard        *card;
  char          *label;

  /* Template children */
  GtkMenuButton *button;
  GtkPopover    *popover;
  GtkListBox    *list;
};

G_DEFINE_FINAL_TYPE (DwCardUsage, dw_card_usage, GTK_TYPE_WIDGET)

/* --- the library every window asks ---------------------------------- */

static void
on_usage_scanned_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  DwDeckLibrary *decks = DW_DECK_LIBRARY (source);

  if (dw_deck_library_scan_finish (decks, result, NULL) && decks == usage_library)
    {
      usage_ready = TRUE;
      dw_deck_library_set_watching (decks, TRUE);
      /* The views read it now, whether or not the scan changed a model. */
      g_signal_emit_by_name (decks, "changed");
    }
  /* The reference the scan held, so the library outlived it. */
  g_object_unref (user_data);
}

/* The configured folders that exist, as folders. */
static char **
existing_roots (void)
{
  g_auto(GStrv) configured = dw_deck_library_configured_folders ();
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; configured[i] != NULL; i++)
    if (g_file_test (configured[i], G_FILE_TEST_IS_DIR))
      g_strv_builder_add (builder, configured[i]);
  return g_strv_builder_end (builder);
}

static void
on_library_folders_changed_cb (void)
{
  if (usage_cards != NULL)
    dw_card_usage_ensure_library (usage_cards);
}

DwDeckLibrary *
dw_card_usage_ensure_library (DwLibrary *cards)
{
  g_auto(GStrv) roots = NULL;

  g_return_val_if_fail (DW_IS_LIBRARY (cards), NULL);

  /* A test's own library stays. */
  if (usage_library != NULL && usage_roots == NULL)
    return usage_library;
  g_set_object (&usage_cards, cards);
  if (usage_settings == NULL)
    {
      usage_settings = g_settings_new (APPLICATION_ID);
      g_signal_connect (usage_settings, "changed::library-folders",
                        G_CALLBACK (on_library_folders_changed_cb), NULL);
    }
  roots = existing_roots ();
  if (usage_roots != NULL && g_strv_equal ((const char * const *) roots, (const char * const *) usage_roots))
    return usage_library;

  g_clear_pointer (&usage_roots, g_strfreev);
  if (usage_library != NULL)
    dw_deck_library_set_watching (usage_library, FALSE);
  g_clear_object (&usage_library);
  usage_ready = FALSE;
  usage_roots = g_steal_pointer (&roots);
  if (usage_roots[0] == NULL)
    return NULL;
  usage_library = dw_deck_library_new (cards, NULL);
  dw_deck_library_set_roots (usage_library, (const char * const *) usage_roots, FALSE);
  dw_deck_library_scan_async (usage_library, NULL, on_usage_scanned_cb, g_object_ref (usage_library));
  return usage_library;
}

DwDeckLibrary *
dw_card_usage_get_library (void)
{
  return usage_ready ? usage_library : NULL;
}

void
dw_card_usage_set_library (DwDeckLibrary *decks)
{
  g_return_if_fail (decks == NULL || DW_IS_DECK_LIBRARY (decks));

  g_clear_pointer (&usage_roots, g_strfreev);
  g_set_object (&usage_library, decks);
  usage_ready = decks != NULL;
  if (decks != NULL)
    g_signal_emit_by_name (decks, "changed");
}

static GPtrArray *
users_of (DwDeckLibrary *decks,
          DwCard        *card)
{
  const char *id = dw_card_get_id (card);

  return dw_deck_library_find_users (decks, id, id == NULL ? dw_card_get_name (card) : NULL);
}

char *
dw_card_usage_describe (DwCard *card)
{
  DwDeckLibrary *decks = dw_card_usage_get_library ();
  g_autoptr(GPtrArray) uses = NULL;
  GString *text;

  g_return_val_if_fail (card == NULL || DW_IS_CARD (card), NULL);

  if (decks == NULL || card == NULL)
    return NULL;
  uses = users_of (decks, card);
  if (uses->len == 0)
    return NULL;
  text = g_string_new (_("In your decks:"));
  for (guint i = 0; i < uses->len && i < ZOOM_DECKS; i++)
    {
      DwDeckUse *use = g_ptr_array_index (uses, i);

      /* TRANSLATORS: a deck holding the card, and its copies: "Green Wall ×4" */
      g_string_append_c (text, '\n');
      g_string_append_printf (text, _("%s ×%u"), dw_deck_library_entry_get_name (use->entry), use->copies);
    }
  if (uses->len > ZOOM_DECKS)
    {
      g_string_append_c (text, '\n');
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "and %u more", "and %u more",
                                                 uses->len - ZOOM_DECKS),
                              uses->len - ZOOM_DECKS);
    }
  return g_string_free (text, FALSE);
}

/* --- the button under the browser's card ----------------------------- */

static GtkWidget *
deck_row (DwDeckUse *use)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *name = gtk_label_new (dw_deck_library_entry_get_name (use->entry));
  g_autofree char *count_text = g_strdup_printf ("×%u", use->copies);
  GtkWidget *count = gtk_label_new (count_text);
  g_autofree char *described = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %u copy", "%s, %u copies",
                                                             use->copies),
                                                dw_deck_library_entry_get_name (use->entry), use->copies);
  g_autoptr(GFile) file = g_file_new_for_path (dw_deck_library_entry_get_path (use->entry));

  /* A long name ends in “…” (its whole is the row's tooltip and name). */
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (name), 16);
  gtk_label_set_max_width_chars (GTK_LABEL (name), 36);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_widget_add_css_class (count, "dim-label");
  gtk_widget_add_css_class (count, "numeric");
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), count);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  {
    g_autofree char *tooltip = g_strdup_printf ("%s\n%s", dw_deck_library_entry_get_name (use->entry),
                                                dw_deck_library_entry_get_path (use->entry));

    gtk_widget_set_tooltip_text (row, tooltip);
  }
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, described, -1);
  g_object_set_data_full (G_OBJECT (row), "uri", g_file_get_uri (file), g_free);
  return row;
}

static void
refresh (DwCardUsage *self)
{
  DwDeckLibrary *decks = dw_card_usage_get_library ();
  g_autoptr(GPtrArray) uses = NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  g_clear_pointer (&self->label, g_free);
  if (decks == NULL || self->card == NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      return;
    }
  uses = users_of (decks, self->card);
  if (uses->len == 0)
    self->label = g_strdup (_("In none of your decks"));
  else
    self->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "In %u of your decks", "In %u of your decks",
                                                uses->len), uses->len);
  for (guint i = 0; i < uses->len; i++)
    gtk_list_box_append (self->list, deck_row (g_ptr_array_index (uses, i)));
  gtk_menu_button_set_label (self->button, self->label);
  gtk_widget_set_sensitive (GTK_WIDGET (self->button), uses->len > 0);
  if (uses->len == 0)
    gtk_popover_popdown (self->popover);
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
}

/* Follows the library every window asks, whichever it is now. */
static void
follow (DwCardUsage   *self,
        DwDeckLibrary *decks)
{
  if (self->decks == decks)
    return;
  if (self->decks != NULL)
    g_signal_handlers_disconnect_by_data (self->decks, self);
  g_set_object (&self->decks, decks);
  if (decks != NULL)
    g_signal_connect_swapped (decks, "changed", G_CALLBACK (refresh), self);
}

static void
on_row_activated_cb (DwCardUsage   *self,
                     GtkListBoxRow *row)
{
  const char *uri = g_object_get_data (G_OBJECT (row), "uri");

  gtk_popover_popdown (self->popover);
  if (uri != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.open-recent", "s", uri);
}

static void
dw_card_usage_dispose (GObject *object)
{
  DwCardUsage *self = DW_CARD_USAGE (object);

  follow (self, NULL);
  g_clear_object (&self->card);
  g_clear_pointer (&self->label, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), DW_TYPE_CARD_USAGE);

  G_OBJECT_CLASS (dw_card_usage_parent_class)->dispose (object);
}

static void
dw_card_usage_class_init (DwCardUsageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_card_usage_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deckwright/Deckwright/dw-card-usage.ui");
  gtk_widget_class_bind_template_child (widget_class, DwCardUsage, button);
  gtk_widget_class_bind_template_child (widget_class, DwCardUsage, popover);
  gtk_widget_class_bind_template_child (widget_class, DwCardUsage, list);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
dw_card_usage_init (DwCardUsage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
dw_card_usage_new (void)
{
  return g_object_new (DW_TYPE_CARD_USAGE, NULL);
}

/* Says in how many decks @card is (NULL: none shown).  @cards makes the
 * library every window asks when there is none yet. */
void
dw_card_usage_set_card (DwCardUsage *self,
                        DwLibrary   *cards,
                        DwCard      *card)
{
  g_return_if_fail (DW_IS_CARD_USAGE (self));
  g_return_if_fail (cards == NULL || DW_IS_LIBRARY (cards));

  g_set_object (&self->card, card);
  if (card != NULL && cards != NULL)
    follow (self, dw_card_usage_ensure_library (cards));
  else
    follow (self, usage_library);
  refresh (self);
}

const char *
dw_card_usage_get_label (DwCardUsage *self)
{
  g_return_val_if_fail (DW_IS_CARD_USAGE (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self)) ? self->label : NULL;
}

GtkMenuButton *
dw_card_usage_get_button (DwCardUsage *self)
{
  g_return_val_if_fail (DW_IS_CARD_USAGE (self), NULL);
  return self->button;
}

GtkListBox *
dw_card_usage_get_list (DwCardUsage *self)
{
  g_return_val_if_fail (DW_IS_CARD_USAGE (self), NULL);
  return self->list;
}
