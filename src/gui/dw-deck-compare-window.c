/* dw-deck-compare-window.c — two decks side by side, with what changed
 *
 * The one view of a deck comparison (src/core/dw-deck-compare.c): the
 * Event Desk's deck check opens it with the registered list and the deck
 * presented, a deck's details with two of its versions; each says in
 * which words (DwDeckCompareWording), the window never asks which game
 * or which caller.  Above, the differences in words; below, each deck's
 * cards by section, the lines that changed marked so the marks read
 * without colour and aloud: at a deck check “−” on the list's side and
 * “+” on the deck's; between versions a card whose count changed is one
 * line on the newer side (“2 × Seedfall (3 → 2)”), “+” marks a card new
 * to a section and “−” one gone from it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dw-card.h"
#include "dw-deck-compare.h"
#include "dw-deck-compare-window.h"
#include "dw-deck-versions.h"
#include "dw-export.h"

struct _DwDeckCompareWindow
{
  AdwWindow       parent_instance;

  char           *text;
  gboolean        matches;

  /* Template children */
  AdwWindowTitle *window_title;
  GtkLabel       *verdict_label;
  GtkLabel       *changes_label;
  GtkLabel       *before_title;
  GtkLabel       *before_listing;
  GtkLabel       *after_title;
  GtkLabel       *after_listing;
};

G_DEFINE_FINAL_TYPE (DwDeckCompareWindow, dw_deck_compare_window, ADW_TYPE_WINDOW)

/* The change of the copies of @key in @section, on the side before
 * (what left the section) or after (what came in), or NULL. */
static DwDeckChange *
changed_in (gboolean          versions,
            DwDeckComparison *comparison,
            const char       *key,
            const char       *section,
            gboolean          before)
{
  for (guint i = 0; i < comparison->changes->len; i++)
    {
      DwDeckChange *change = g_ptr_array_index (comparison->changes, i);
      const char *where = before ? change->from_section : change->to_section;
      g_autofree char *change_key = NULL;

      /* Between versions a count that changed is found on either side
       * (entry_markup() marks it on the newer one only). */
      if (versions && change->kind != DW_DECK_CHANGE_MOVED && change->before > 0 && change->after > 0)
        where = change->from_section ? change->from_section : change->to_section;

      if (where == NULL || strcmp (where, section) != 0)
        continue;
      change_key = dw_card_name_key (change->name);
      if (g_strcmp0 (change_key, key) == 0)
        return change;
    }
  return NULL;
}

/* One line of a side's listing, as markup. */
static char *
entry_markup (DwDeckCompareWording wording,
              DwDeckChange        *change,
              gboolean             before,
              guint                count,
              const char          *name)
{
  if (change == NULL)
    return g_markup_printf_escaped ("%u × %s\n", count, name);
  if (wording == DW_DECK_COMPARE_DECK_CHECK || change->kind == DW_DECK_CHANGE_MOVED)
    return g_markup_printf_escaped ("<b>%s %u × %s</b>\n", before ? "−" : "+", count, name);
  /* Versions: a count that changed is one line, on the newer side. */
  if (change->before > 0 && change->after > 0)
    return before ? g_markup_printf_escaped ("%u × %s\n", count, name)
                  : g_markup_printf_escaped ("<b>%u × %s (%u → %u)</b>\n", count, name,
                                             change->before, change->after);
  return g_markup_printf_escaped ("<b>%s %u × %s</b>\n", before ? "−" : "+", count, name);
}

/* The deck's cards by section (what a deck check weighs: not the cards
 * considered), as markup. */
static char *
listing_markup (DwDeckCompareWording wording,
                DwDeck              *deck,
                DwGame              *game,
                DwDeckComparison    *comparison,
                gboolean             before)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < dw_deck_get_n_sections (deck); i++)
    {
      const char *section = dw_deck_get_section_id (deck, i);
      GListModel *entries = dw_deck_get_section (deck, section);
      guint n = g_list_model_get_n_items (entries);
      g_autofree char *heading = NULL;

      if (n == 0 || dw_section_is_considering (section))
        continue;
      heading = g_markup_printf_escaped ("<b>%s (%u)</b>\n", dw_section_display_name (game, section),
                                         dw_deck_count_section (deck, section));
      if (out->len > 0)
        g_string_append_c (out, '\n');
      g_string_append (out, heading);
      for (guint j = 0; j < n; j++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, j);
          const char *name = dw_deck_entry_get_display_name (entry);
          g_autofree char *key = dw_card_name_key (name);
          DwDeckChange *change = changed_in (wording == DW_DECK_COMPARE_VERSIONS, comparison, key, section,
                                             before);
          g_autofree char *line = entry_markup (wording, change, before, dw_deck_entry_get_count (entry), name);

          g_string_append (out, line);
        }
    }
  if (out->len > 0)
    g_string_truncate (out, out->len - 1);
  else
    g_string_append (out, _("No cards"));
  return g_string_free (out, FALSE);
}

static void
dw_deck_compare_window_finalize (GObject *object)
{
  DwDeckCompareWindow *self = DW_DECK_COMPARE_WINDOW (object);

  g_free (self->text);

  G_OBJECT_CLASS (dw_deck_compare_window_parent_class)->finalize (object);
}

static void
dw_deck_compare_window_class_init (DwDeckCompareWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = dw_deck_compare_window_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/deckwright/Deckwright/dw-deck-compare-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DwDeckCompareWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, DwDeckCompareWindow, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, DwDeckCompareWindow, changes_label);
  gtk_widget_class_bind_template_child (widget_class, DwDeckCompareWindow, before_title);
  gtk_widget_class_bind_template_child (widget_class, DwDeckCompareWindow, before_listing);
  gtk_widget_class_bind_template_child (widget_class, DwDeckCompareWindow, after_title);
  gtk_widget_class_bind_template_child (widget_class, DwDeckCompareWindow, after_listing);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
dw_deck_compare_window_init (DwDeckCompareWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

DwDeckCompareWindow *
dw_deck_compare_window_new (GtkWindow           *parent,
                            DwDeckCompareWording wording,
                            const char          *heading,
                            DwGame              *game,
                            const char          *before_title,
                            DwDeck              *before,
                            const char          *after_title,
                            DwDeck              *after)
{
  DwDeckCompareWindow *self;
  g_autoptr(DwDeckComparison) comparison = NULL;
  g_autofree char *before_markup = NULL;
  g_autofree char *after_markup = NULL;
  const char *newline;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (DW_IS_DECK (before) && DW_IS_DECK (after), NULL);
  g_return_val_if_fail (DW_IS_GAME (game), NULL);

  self = g_object_new (DW_TYPE_DECK_COMPARE_WINDOW, "transient-for", parent, NULL);
  comparison = dw_deck_compare (before, after, game);
  if (wording == DW_DECK_COMPARE_VERSIONS)
    {
      g_autofree char *summary = dw_deck_versions_describe (before, after, game);
      g_autofree char *lines = dw_deck_comparison_to_version_lines (comparison, game);

      /* TRANSLATORS: the first line of a comparison of two versions:
       * “Version of 12 March 14:02 → Current deck: +2 Thornwood Scout, −1 Seedfall” */
      self->text = g_strdup_printf (_("%s → %s: %s\n%s"), before_title, after_title, summary, lines);
      self->matches = comparison->changes->len == 0;
    }
  else
    {
      self->text = dw_deck_comparison_to_text (comparison, game);
      self->matches = dw_deck_comparison_matches (comparison);
    }

  gtk_window_set_title (GTK_WINDOW (self), heading);
  adw_window_title_set_title (self->window_title, heading);
  {
    /* Translators: the subtitle of a deck comparison: the two sides. */
    g_autofree char *sides = g_strdup_printf (_("%s and %s"), before_title, after_title);

    adw_window_title_set_subtitle (self->window_title, sides);
  }

  /* The text's first line is the verdict, the rest the changes. */
  newline = strchr (self->text, '\n');
  {
    g_autofree char *verdict = g_strndup (self->text, newline ? (gsize) (newline - self->text) : strlen (self->text));
    g_autofree char *changes = g_strdup (newline ? newline + 1 : "");

    g_strchomp (changes);
    gtk_label_set_text (self->verdict_label, verdict);
    gtk_label_set_text (self->changes_label, changes);
  }

  before_markup = listing_markup (wording, before, game, comparison, TRUE);
  after_markup = listing_markup (wording, after, game, comparison, FALSE);
  gtk_label_set_text (self->before_title, before_title);
  gtk_label_set_text (self->after_title, after_title);
  gtk_label_set_markup (self->before_listing, before_markup);
  gtk_label_set_markup (self->after_listing, after_markup);
  return self;
}

const char *
dw_deck_compare_window_get_text (DwDeckCompareWindow *self)
{
  g_return_val_if_fail (DW_IS_DECK_COMPARE_WINDOW (self), NULL);
  return self->text;
}

gboolean
dw_deck_compare_window_get_matches (DwDeckCompareWindow *self)
{
  g_return_val_if_fail (DW_IS_DECK_COMPARE_WINDOW (self), FALSE);
  return self->matches;
}

const char *
dw_deck_compare_window_get_title (DwDeckCompareWindow *self,
                                  guint                side)
{
  g_return_val_if_fail (DW_IS_DECK_COMPARE_WINDOW (self), NULL);
  return gtk_label_get_text (side == 0 ? self->before_title : self->after_title);
}

const char *
dw_deck_compare_window_get_listing (DwDeckCompareWindow *self,
                                    guint                side)
{
  g_return_val_if_fail (DW_IS_DECK_COMPARE_WINDOW (self), NULL);
  return gtk_label_get_text (side == 0 ? self->before_listing : self->after_listing);
}
