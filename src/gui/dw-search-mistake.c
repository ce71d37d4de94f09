/* dw-search-mistake.c — a search that cannot be read, shown on its entry
 *
 * The card browser (the card query language) and the Decks page (the
 * deck query language) show a wrong search the same way: the entry
 * marked as an error, a warning icon whose tooltip says why, the wrong
 * characters underlined where they are, the entry's accessible state
 * invalid with the reason as its description, and a status page that
 * says at which character, in words.  A right search clears all of it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-search-mistake.h"

static void
clear (GtkEntry *entry)
{
  gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
  gtk_entry_set_icon_from_icon_name (entry, GTK_ENTRY_ICON_SECONDARY, NULL);
  gtk_entry_set_attributes (entry, NULL);
  gtk_accessible_reset_state (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_STATE_INVALID);
  gtk_accessible_reset_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/**
 * dw_search_mistake_show:
 * @entry: the search entry, holding the text @error is about
 * @page: the status page that describes the mistake
 * @error: (nullable): why the text cannot be read, or %NULL when it can
 * @get_span: where in the text @error is, in the language's own terms
 *
 * Shows @error on @entry and @page, or clears what an earlier call
 * showed when @error is %NULL (@page is then left as it is: it is not on
 * show).
 */
void
dw_search_mistake_show (GtkEntry                *entry,
                        AdwStatusPage           *page,
                        const GError            *error,
                        DwSearchMistakeSpanFunc  get_span)
{
  const char *text;
  g_autoptr(PangoAttrList) attributes = NULL;
  g_autofree char *description = NULL;
  guint start, end;

  g_return_if_fail (GTK_IS_ENTRY (entry));
  g_return_if_fail (ADW_IS_STATUS_PAGE (page));

  if (error == NULL)
    {
      clear (entry);
      return;
    }

  text = gtk_editable_get_text (GTK_EDITABLE (entry));
  gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
  gtk_entry_set_icon_from_icon_name (entry, GTK_ENTRY_ICON_SECONDARY, "dialog-warning-symbolic");
  gtk_entry_set_icon_tooltip_text (entry, GTK_ENTRY_ICON_SECONDARY, error->message);

  /* The wrong characters underlined where they are, and where in words. */
  attributes = pango_attr_list_new ();
  if (get_span != NULL && get_span (error, &start, &end))
    {
      glong length = g_utf8_strlen (text, -1);
      const char *from = g_utf8_offset_to_pointer (text, MIN ((glong) start, length));
      const char *to = g_utf8_offset_to_pointer (text, MIN ((glong) MAX (end, start + 1), length));
      PangoAttribute *underline = pango_attr_underline_new (PANGO_UNDERLINE_ERROR);

      underline->start_index = (guint) (from - text);
      underline->end_index = (guint) (to - text);
      pango_attr_list_insert (attributes, underline);
      description = g_markup_printf_escaped (_("At character %u of “%s”: %s"), MIN ((guint) length, start) + 1,
                                             text, error->message);
    }
  else
    description = g_markup_escape_text (error->message, -1);
  adw_status_page_set_description (page, description);
  gtk_entry_set_attributes (entry, attributes);

  gtk_accessible_update_state (GTK_ACCESSIBLE (entry),
                               GTK_ACCESSIBLE_STATE_INVALID, GTK_ACCESSIBLE_INVALID_TRUE, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, error->message, -1);
}
