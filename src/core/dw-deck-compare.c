/* dw-deck-compare.c — a registered list against the deck presented at a deck check
 *
 * Cards are the same card when their names are (as the fingerprint has
 * it, whatever the case): per card, the copies one section lost and
 * another gained are moved; what is left over was added or removed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "dw-card.h"
#include "dw-deck-compare.h"
#include "dw-deck-code.h"
#include "dw-export.h"
#include "dw-import.h"

typedef struct
{
  const char *section;  /* the deck's own string */
  int         registered;
  int         presented;
} SectionCount;

typedef struct
{
  char   *name;
  GArray *sections;  /* SectionCount */
} CardCounts;

static void
card_counts_free (CardCounts *counts)
{
  g_free (counts->name);
  g_array_unref (counts->sections);
  g_free (counts);
}

static void
change_free (DwDeckChange *change)
{
  g_free (change->name);
  g_free (change->from_section);
  g_free (change->to_section);
  g_free (change);
}

static void
count_deck (GHashTable *cards,
            GPtrArray  *order,
            DwDeck     *deck,
            gboolean    registered)
{
  for (guint i = 0; i < dw_deck_get_n_sections (deck); i++)
    {
      const char *section = dw_deck_get_section_id (deck, i);
      GListModel *entries = dw_deck_get_section (deck, section);

      /* What a player weighs beside the deck is no change to it. */
      if (dw_section_is_considering (section))
        continue;

      for (guint j = 0; j < g_list_model_get_n_items (entries); j++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, j);
          g_autofree char *key = dw_card_name_key (dw_deck_entry_get_display_name (entry));
          CardCounts *counts = g_hash_table_lookup (cards, key);
          SectionCount *slot = NULL;

          if (counts == NULL)
            {
              counts = g_new0 (CardCounts, 1);
              counts->name = g_strdup (dw_deck_entry_get_display_name (entry));
              counts->sections = g_array_new (FALSE, TRUE, sizeof (SectionCount));
              g_hash_table_insert (cards, g_strdup (key), counts);
              g_ptr_array_add (order, counts);
            }
          for (guint k = 0; k < counts->sections->len && slot == NULL; k++)
            if (strcmp (g_array_index (counts->sections, SectionCount, k).section, section) == 0)
              slot = &g_array_index (counts->sections, SectionCount, k);
          if (slot == NULL)
            {
              SectionCount fresh = { section, 0, 0 };

              g_array_append_val (counts->sections, fresh);
              slot = &g_array_index (counts->sections, SectionCount, counts->sections->len - 1);
            }
          if (registered)
            slot->registered += (int) dw_deck_entry_get_count (entry);
          else
            slot->presented += (int) dw_deck_entry_get_count (entry);
        }
    }
}

static DwDeckChange *
add_change (GPtrArray        *changes,
            DwDeckChangeKind  kind,
            const char       *name,
            const char       *from,
            const char       *to,
            int               count)
{
  DwDeckChange *change = g_new0 (DwDeckChange, 1);

  change->kind = kind;
  change->name = g_strdup (name);
  change->from_section = g_strdup (from);
  change->to_section = g_strdup (to);
  change->count = (guint) count;
  g_ptr_array_add (changes, change);
  return change;
}

static void
compare_card (CardCounts *counts,
              GPtrArray  *changes)
{
  GArray *sections = counts->sections;
  g_autofree int *delta = g_new0 (int, sections->len);

  for (guint i = 0; i < sections->len; i++)
    {
      SectionCount *slot = &g_array_index (sections, SectionCount, i);

      delta[i] = slot->presented - slot->registered;
    }

  /* Copies one section lost and another gained were moved. */
  for (guint from = 0; from < sections->len; from++)
    for (guint to = 0; to < sections->len && delta[from] < 0; to++)
      if (delta[to] > 0)
        {
          int moved = MIN (-delta[from], delta[to]);

          add_change (changes, DW_DECK_CHANGE_MOVED, counts->name,
                      g_array_index (sections, SectionCount, from).section,
                      g_array_index (sections, SectionCount, to).section, moved);
          delta[from] += moved;
          delta[to] -= moved;
        }

  for (guint i = 0; i < sections->len; i++)
    {
      SectionCount *slot = &g_array_index (sections, SectionCount, i);
      DwDeckChange *change = NULL;

      if (delta[i] > 0)
        change = add_change (changes, DW_DECK_CHANGE_ADDED, counts->name, NULL, slot->section, delta[i]);
      else if (delta[i] < 0)
        change = add_change (changes, DW_DECK_CHANGE_REMOVED, counts->name, slot->section, NULL, -delta[i]);
      if (change != NULL)
        {
          change->before = (guint) slot->registered;
          change->after = (guint) slot->presented;
        }
    }
}

static int
compare_changes (gconstpointer a,
                 gconstpointer b)
{
  const DwDeckChange *ca = *(const DwDeckChange * const *) a;
  const DwDeckChange *cb = *(const DwDeckChange * const *) b;
  int by_name = g_utf8_collate (ca->name, cb->name);

  return by_name != 0 ? by_name : (int) ca->kind - (int) cb->kind;
}

/* What changed from the list a player registered to the deck they
 * presented, and both fingerprints. */
DwDeckComparison *
dw_deck_compare (DwDeck *registered,
                 DwDeck *presented,
                 DwGame *game)
{
  g_autoptr(GHashTable) cards = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                       (GDestroyNotify) card_counts_free);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  DwDeckComparison *self;

  g_return_val_if_fail (DW_IS_DECK (registered), NULL);
  g_return_val_if_fail (DW_IS_DECK (presented), NULL);

  self = g_new0 (DwDeckComparison, 1);
  self->changes = g_ptr_array_new_with_free_func ((GDestroyNotify) change_free);
  count_deck (cards, order, registered, TRUE);
  count_deck (cards, order, presented, FALSE);
  for (guint i = 0; i < order->len; i++)
    compare_card (g_ptr_array_index (order, i), self->changes);
  g_ptr_array_sort (self->changes, compare_changes);

  self->registered_fingerprint = dw_deck_fingerprint (registered, game);
  self->presented_fingerprint = dw_deck_fingerprint (presented, game);
  return self;
}

gboolean
dw_deck_comparison_matches (DwDeckComparison *self)
{
  return g_strcmp0 (self->registered_fingerprint, self->presented_fingerprint) == 0;
}

/* A judge's summary: the fingerprints, then one line per change. */
char *
dw_deck_comparison_to_text (DwDeckComparison *self,
                            DwGame           *game)
{
  GString *out = g_string_new (NULL);

  if (dw_deck_comparison_matches (self))
    g_string_append_printf (out, _("The fingerprints match: %s"), self->registered_fingerprint);
  else
    g_string_append_printf (out, _("The fingerprints differ: %s registered, %s presented"),
                            self->registered_fingerprint, self->presented_fingerprint);
  g_string_append_c (out, '\n');

  if (self->changes->len == 0)
    g_string_append_printf (out, "%s\n", _("The same cards in the same sections."));
  for (guint i = 0; i < self->changes->len; i++)
    {
      DwDeckChange *change = g_ptr_array_index (self->changes, i);
      const char *from = change->from_section ? dw_section_display_name (game, change->from_section) : NULL;
      const char *to = change->to_section ? dw_section_display_name (game, change->to_section) : NULL;

      switch (change->kind)
        {
        case DW_DECK_CHANGE_ADDED:
          g_string_append_printf (out, _("added: %u × %s (%s)"), change->count, change->name, to);
          break;
        case DW_DECK_CHANGE_REMOVED:
          g_string_append_printf (out, _("removed: %u × %s (%s)"), change->count, change->name, from);
          break;
        case DW_DECK_CHANGE_MOVED:
        default:
          g_string_append_printf (out, _("moved: %u × %s from %s to %s"), change->count, change->name,
                                  from, to);
          break;
        }
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* Two versions of one deck: a card whose count changed is one line,
 * from its count before to its count after. */
char *
dw_deck_comparison_to_version_lines (DwDeckComparison *self,
                                     DwGame           *game)
{
  GString *out = g_string_new (NULL);

  if (self->changes->len == 0)
    g_string_append_printf (out, "%s\n", _("The same cards in the same sections."));
  for (guint i = 0; i < self->changes->len; i++)
    {
      DwDeckChange *change = g_ptr_array_index (self->changes, i);
      const char *from = change->from_section ? dw_section_display_name (game, change->from_section) : NULL;
      const char *to = change->to_section ? dw_section_display_name (game, change->to_section) : NULL;

      if (change->kind == DW_DECK_CHANGE_MOVED)
        g_string_append_printf (out, _("%u × %s moved from %s to %s"), change->count, change->name, from, to);
      else if (change->before == 0)
        /* TRANSLATORS: a card new to a section: “+2 Thornwood Scout (Deck)” */
        g_string_append_printf (out, _("+%u %s (%s)"), change->count, change->name, to);
      else if (change->after == 0)
        /* TRANSLATORS: a card gone from a section, with U+2212 MINUS SIGN:
         * “−1 Old Oak (Deck)” */
        g_string_append_printf (out, _("−%u %s (%s)"), change->count, change->name, from);
      else
        /* TRANSLATORS: a card whose count changed: “Seedfall 3 → 2 (Deck)” */
        g_string_append_printf (out, _("%s %u → %u (%s)"), change->name, change->before, change->after,
                                to ? to : from);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

void
dw_deck_comparison_free (DwDeckComparison *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->changes);
  g_free (self->registered_fingerprint);
  g_free (self->presented_fingerprint);
  g_free (self);
}
