/* dw-sheet-blocks.c — what a registration sheet lists, as blocks
 *
 * The sheet's content before it is laid out: the problems at full width,
 * then each section under its name (the main deck first, grouped by type
 * through dw-deck-grouping.c; an ordered section in its order with the
 * positions; tokens apart), a card a block, each section ending with its
 * total, and the signature.  What a player only considers is no part of
 * a sheet.  dw-sheet.c lays the blocks out on pages and draws them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dw-deck-grouping.h"
#include "dw-export.h"
#include "dw-sheet-private.h"
#include "dw-validate.h"

Block *
dw_sheet_block_new (BlockKind   kind,
                    const char *count,
                    const char *mark,
                    char       *text)  /* owned markup */
{
  Block *block = g_new0 (Block, 1);

  block->kind = kind;
  block->count = g_strdup (count);
  block->mark = g_strdup (mark);
  block->text = text;
  return block;
}

void
dw_sheet_block_free (Block *block)
{
  if (block->continued != NULL)
    dw_sheet_block_free (block->continued);
  g_free (block->count);
  g_free (block->mark);
  g_free (block->text);
  g_free (block);
}

static char *
escape_card_name (DwDeckEntry *entry)
{
  return g_markup_escape_text (dw_deck_entry_get_display_name (entry), -1);
}

static void
add_card_block (DwSheet     *self,
                DwDeckEntry *entry,
                const char  *mark)
{
  g_autofree char *count = g_strdup_printf ("%u", dw_deck_entry_get_count (entry));
  DwCard *card = dw_deck_entry_get_card (entry);
  char *markup;
  Block *block;

  if (card == NULL)
    markup = g_markup_printf_escaped (_("%s (unknown card)"), dw_deck_entry_get_display_name (entry));
  else
    markup = escape_card_name (entry);
  block = dw_sheet_block_new (BLOCK_CARD, count, mark, markup);
  block->unknown = card == NULL;
  g_ptr_array_add (self->cards, block);
}

static void
add_total (DwSheet    *self,
           guint       total,
           const char *label)
{
  g_autofree char *count = g_strdup_printf ("%u", total);

  g_ptr_array_add (self->cards, dw_sheet_block_new (BLOCK_TOTAL, count, NULL, g_markup_escape_text (label, -1)));
}

/* The main deck, grouped by card type in the game's order of types
 * (dw-deck-grouping.c); cards no database knows come last, and a deck
 * of a game the library lacks is all unknown cards. */
static void
add_grouped (DwSheet    *self,
             GListModel *entries)
{
  g_autoptr(GPtrArray) groups = dw_deck_group_entries (self->game, DW_GROUP_BY_TYPE, entries);
  for (guint g = 0; g < groups->len; g++)
    {
      DwDeckGroup *group = g_ptr_array_index (groups, g);
      g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, group->total);

      g_ptr_array_add (self->cards, dw_sheet_block_new (BLOCK_GROUP, count, NULL,
                                               g_markup_escape_text (group->title, -1)));
      for (guint i = 0; i < group->entries->len; i++)
        add_card_block (self, g_ptr_array_index (group->entries, i), NULL);
    }
}

static void
add_section (DwSheet    *self,
             const char *section_id)
{
  GListModel *entries = dw_deck_get_section (self->deck, section_id);
  const DwSectionDef *def = self->game ? dw_game_lookup_section (self->game, section_id) : NULL;
  DwSectionRole role = dw_section_role (self->game, section_id);
  guint n = g_list_model_get_n_items (entries);
  guint total = dw_deck_count_section (self->deck, section_id);
  const char *name = dw_section_display_name (self->game, section_id);
  g_autofree char *total_label = NULL;

  /* An organiser's sheet lists the deck, not what the player weighs. */
  if ((n == 0 && role != DW_SECTION_ROLE_MAIN) || role == DW_SECTION_ROLE_CONSIDERING)
    return;

  g_ptr_array_add (self->cards, dw_sheet_block_new (BLOCK_SECTION, NULL, NULL, g_markup_escape_text (name, -1)));

  if (role == DW_SECTION_ROLE_MAIN)
    add_grouped (self, entries);
  else
    {
      gboolean ordered = def != NULL && def->ordered;

      if (ordered)
        g_ptr_array_add (self->cards,
                         dw_sheet_block_new (BLOCK_NOTE, NULL, NULL,
                                    g_markup_escape_text (_("In the order they are stacked, top "
                                                            "first, with their positions"), -1)));
      else if (role == DW_SECTION_ROLE_TOKENS)
        g_ptr_array_add (self->cards,
                         dw_sheet_block_new (BLOCK_NOTE, NULL, NULL,
                                    g_markup_escape_text (_("Set aside; not counted in the deck"), -1)));

      for (guint i = 0; i < n; i++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i);
          DwCard *card = dw_deck_entry_get_card (entry);
          const char *position = card ? dw_card_get_value (card, "position") : NULL;

          add_card_block (self, entry, ordered ? (position ? position : "–") : NULL);
        }
    }

  if (role == DW_SECTION_ROLE_TOKENS)
    total_label = g_strdup_printf (_("%s in total (not counted)"), name);
  else
    total_label = g_strdup_printf (_("%s in total"), name);
  add_total (self, total, total_label);
}

/* Ties each card and total to the heading it comes under, and gives
 * each heading the label a column going on under it starts with. */
static void
link_headings (GPtrArray *blocks)
{
  Block *section = NULL;
  Block *group = NULL;

  for (guint i = 0; i < blocks->len; i++)
    {
      Block *block = g_ptr_array_index (blocks, i);

      switch (block->kind)
        {
        case BLOCK_SECTION:
          section = block;
          group = NULL;
          block->continued = dw_sheet_block_new (BLOCK_GROUP, NULL, NULL,
                                        g_strdup_printf (_("%s (continued)"), block->text));
          break;
        case BLOCK_GROUP:
          group = block;
          block->continued = dw_sheet_block_new (BLOCK_GROUP, NULL, NULL,
                                        g_strdup_printf (_("%s · %s (continued)"),
                                                         section ? section->text : "", block->text));
          break;
        case BLOCK_CARD:
          block->owner = group ? group : section;
          break;
        case BLOCK_NOTE:
        case BLOCK_TOTAL:
          block->owner = section;
          break;
        case BLOCK_PROBLEM:
        case BLOCK_SIGNATURE:
        default:
          break;
        }
    }
}

/* Whether every card @problem names is one the player is considering:
 * a word for the player, not for the organiser who reads the sheet. */
static gboolean
about_considering (DwProblem *problem)
{
  GPtrArray *entries = dw_problem_get_entries (problem);

  if (entries == NULL || entries->len == 0)
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    if (!dw_section_is_considering (dw_deck_entry_get_section (g_ptr_array_index (entries, i))))
      return FALSE;
  return TRUE;
}

/* The sheet keeps only the problems of the deck itself. */
void
dw_sheet_drop_considering_problems (DwSheet *self)
{
  for (guint i = self->problems->len; i > 0; i--)
    if (about_considering (g_ptr_array_index (self->problems, i - 1)))
      g_ptr_array_remove_index (self->problems, i - 1);
}

/* The blocks of the sheet; the problems are headed "Advice" when the
 * deck is @legal, else "Problems". */
void
dw_sheet_build_blocks (DwSheet  *self,
                       gboolean  legal)
{
  guint n_sections = dw_deck_get_n_sections (self->deck);

  /* The main deck first, whatever the file's order. */
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < n_sections; i++)
      {
        const char *id = dw_deck_get_section_id (self->deck, i);
        gboolean main_section = dw_section_role (self->game, id) == DW_SECTION_ROLE_MAIN;

        if ((pass == 0) == main_section)
          add_section (self, id);
      }
  link_headings (self->cards);

  if (self->problems->len > 0)
    g_ptr_array_add (self->notices,
                     dw_sheet_block_new (BLOCK_SECTION, NULL, NULL,
                                g_markup_escape_text (legal ? _("Advice") : _("Problems"), -1)));
  for (guint i = 0; i < self->problems->len; i++)
    {
      DwProblem *problem = g_ptr_array_index (self->problems, i);
      gboolean error = dw_problem_get_severity (problem) == DW_SEVERITY_ERROR;
      char *markup = g_markup_printf_escaped ("<b>%s</b> <tt>[%s]</tt> %s",
                                             error ? _("Error") : _("Warning"),
                                             dw_problem_get_code (problem),
                                             dw_problem_get_message (problem));

      g_ptr_array_add (self->notices, dw_sheet_block_new (BLOCK_PROBLEM, NULL, NULL, markup));
    }

  self->signature = dw_sheet_block_new (BLOCK_SIGNATURE, NULL, NULL, g_strdup (""));
}
