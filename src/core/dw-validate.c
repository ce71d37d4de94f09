/* dw-validate.c — checking a deck against a format's rules
 *
 * Every rule of a format is data (see dw-format.h); this file knows how to
 * check each kind of rule and how to say, in a player's words, what is
 * wrong and what to do about it.  Cards whose entries are resolved against
 * a card database are checked by their properties; entries no database
 * knows are reported and otherwise counted as the cards they claim to be.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-validate.h"
#include "dw-validate-private.h"

/* Every pass over a deck's entries takes a step, so that a test can hold
 * the work of a check to the size of the deck (issue 20, B4) without
 * timing it.  One count per thread: decks are checked in workers too. */
static _Thread_local guint64 steps;
#define STEP() (steps++)

typedef struct
{
  DwGame    *game;
  DwFormat  *format;
  DwDeck    *deck;
  GPtrArray *problems;
} Check;

static DwProblem *
add_problem (Check       *check,
             const char  *code,
             DwSeverity   severity,
             char        *message)  /* owned */
{
  DwProblem *problem = dw_problem_new (code, severity, message);

  g_ptr_array_add (check->problems, problem);
  g_free (message);
  return problem;
}

/* "the main deck", "the regions": how a section is named in a sentence. */
static char *
section_phrase (Check      *check,
                const char *section_id)
{
  const DwSectionDef *def = dw_game_lookup_section (check->game, section_id);
  g_autofree char *lower = g_utf8_strdown (def ? def->name : section_id, -1);

  return g_strdup_printf (_("the %s"), lower);
}

static char *
property_phrase (Check      *check,
                 const char *property)
{
  const DwPropertyDef *def = dw_game_lookup_property (check->game, property);

  return g_utf8_strdown (def ? def->name : property, -1);
}

static const char *
type_name (Check      *check,
           const char *type)
{
  const DwCardTypeDef *def = dw_game_lookup_card_type (check->game, type);

  return def ? def->name : type;
}

static gboolean
entry_counts (DwDeckEntry *entry)
{
  DwCard *card = dw_deck_entry_get_card (entry);

  return card == NULL || !dw_card_is_token (card);
}

static gboolean
is_token_section (Check      *check,
                  const char *section_id)
{
  const DwSectionDef *def = dw_game_lookup_section (check->game, section_id);

  return def != NULL && def->tokens;
}

/* The counted entries of one section, or of every section the format
 * counts when @section_id is NULL. */
static GPtrArray *
counted_entries (Check      *check,
                 const char *section_id)
{
  GPtrArray *entries = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < dw_deck_get_n_sections (check->deck); i++)
    {
      const char *id = dw_deck_get_section_id (check->deck, i);
      GListModel *model;
      guint n;

      if (dw_section_is_considering (id))
        continue;
      if (section_id != NULL ? strcmp (id, section_id) != 0
                             : (dw_format_lookup_section (check->format, id) == NULL ||
                                is_token_section (check, id)))
        continue;

      model = dw_deck_get_section (check->deck, id);
      n = g_list_model_get_n_items (model);
      for (guint j = 0; j < n; j++, STEP ())
        {
          DwDeckEntry *entry = g_list_model_get_item (model, j);

          if (entry_counts (entry))
            g_ptr_array_add (entries, entry);
          else
            g_object_unref (entry);
        }
    }

  return entries;
}

/* Counts of copies add in 64 bits, so no deck a program builds can wrap
 * them into a legal size (issue 20, B6); a message shows at most
 * G_MAXUINT, already far past any rule. */
static guint64
total_count (GPtrArray *entries)
{
  guint64 total = 0;

  for (guint i = 0; i < entries->len; i++, STEP ())
    total += dw_deck_entry_get_count (g_ptr_array_index (entries, i));
  return total;
}

static guint
shown (guint64 count)
{
  return (guint) MIN (count, G_MAXUINT);
}

static void
add_entries (DwProblem *problem,
             GPtrArray *entries)
{
  for (guint i = 0; i < entries->len; i++, STEP ())
    dw_problem_add_entry (problem, g_ptr_array_index (entries, i));
}

static char *
describe_entry (DwDeckEntry *entry)
{
  const char *id = dw_deck_entry_get_id (entry);

  if (id != NULL)
    return g_strdup_printf ("“%s” (%s)", dw_deck_entry_get_display_name (entry), id);
  return g_strdup_printf ("“%s”", dw_deck_entry_get_display_name (entry));
}

static void
check_unknown_cards (Check *check)
{
  for (guint i = 0; i < dw_deck_get_n_sections (check->deck); i++)
    {
      const char *section_id = dw_deck_get_section_id (check->deck, i);
      GListModel *model = dw_deck_get_section (check->deck, section_id);
      /* A card being considered is not in the deck: a name the databases
       * do not know there is worth a word, never an illegal deck. */
      gboolean considering = dw_section_is_considering (section_id);
      guint n = g_list_model_get_n_items (model);

      for (guint j = 0; j < n; j++, STEP ())
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (model, j);
          g_autofree char *what = NULL;
          DwProblem *problem;

          if (dw_deck_entry_get_card (entry) != NULL)
            continue;

          what = describe_entry (entry);
          if (considering)
            {
              problem = add_problem (check, "unknown-card", DW_SEVERITY_WARNING,
                                     g_strdup_printf (_("%s, which you are considering, is in no %s "
                                                        "card database; check its name or add the "
                                                        "database that has it"),
                                                      what, dw_game_get_name (check->game)));
              dw_problem_add_entry (problem, entry);
              continue;
            }
          problem = add_problem (check, "unknown-card", DW_SEVERITY_ERROR,
                                 g_strdup_printf (_("%s is in no %s card database; check its name "
                                                    "or add the database that has it"),
                                                  what, dw_game_get_name (check->game)));
          dw_problem_add_entry (problem, entry);
        }
    }
}

static char **
accepted_types (Check      *check,
                const char *section_id)
{
  const DwFormatSection *fsec = dw_format_lookup_section (check->format, section_id);
  const DwSectionDef *gsec = dw_game_lookup_section (check->game, section_id);

  if (fsec != NULL && fsec->accepts != NULL)
    return fsec->accepts;
  return gsec ? gsec->accepts : NULL;
}

/* The section of this format a card belongs in, or NULL if none. */
static const char *
home_section (Check  *check,
              DwCard *card)
{
  for (guint i = 0; i < dw_format_get_n_sections (check->format); i++)
    {
      const DwFormatSection *fsec = dw_format_get_section (check->format, i);
      char **accepts = accepted_types (check, fsec->id);
      gboolean tokens = is_token_section (check, fsec->id);

      if (dw_card_is_token (card) ? tokens
                                  : (!tokens && (accepts == NULL ||
                                                 g_strv_contains ((const char * const *) accepts,
                                                                  dw_card_get_card_type (card)))))
        return fsec->id;
    }
  return NULL;
}

static char *
move_advice (Check  *check,
             DwCard *card)
{
  const char *home = home_section (check, card);
  g_autofree char *phrase = NULL;

  if (home == NULL && dw_card_is_token (card))
    return g_strdup_printf (_("%s has no section for tokens; take it out"),
                            dw_format_get_name (check->format));
  if (home == NULL)
    return g_strdup_printf (_("%s allows no %s cards; take it out"),
                            dw_format_get_name (check->format),
                            type_name (check, dw_card_get_card_type (card)));

  phrase = section_phrase (check, home);
  return g_strdup_printf (_("move it to %s"), phrase);
}

static void
check_sections_accept (Check *check)
{
  for (guint i = 0; i < dw_deck_get_n_sections (check->deck); i++)
    {
      const char *section_id = dw_deck_get_section_id (check->deck, i);
      const DwFormatSection *fsec = dw_format_lookup_section (check->format, section_id);
      GListModel *model = dw_deck_get_section (check->deck, section_id);
      g_autofree char *phrase = section_phrase (check, section_id);
      char **accepts = accepted_types (check, section_id);
      gboolean tokens = is_token_section (check, section_id);
      guint n = g_list_model_get_n_items (model);

      if (dw_section_is_considering (section_id))
        continue;

      for (guint j = 0; j < n; j++, STEP ())
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (model, j);
          DwCard *card = dw_deck_entry_get_card (entry);
          g_autofree char *advice = NULL;
          char *message = NULL;

          if (fsec == NULL)
            {
              advice = card ? move_advice (check, card) : g_strdup (_("take it out"));
              message = g_strdup_printf (_("“%s” is in %s, which %s does not use; %s"),
                                         dw_deck_entry_get_display_name (entry), phrase,
                                         dw_format_get_name (check->format), advice);
            }
          else if (card == NULL)
            continue;
          else if (tokens && !dw_card_is_token (card))
            {
              advice = move_advice (check, card);
              message = g_strdup_printf (_("“%s” is not a token, and %s holds tokens only; %s"),
                                         dw_card_get_name (card), phrase, advice);
            }
          else if (!tokens && !dw_card_is_token (card) && accepts != NULL &&
                   !g_strv_contains ((const char * const *) accepts, dw_card_get_card_type (card)))
            {
              advice = move_advice (check, card);
              message = g_strdup_printf (_("“%s” is a %s card, which does not belong in %s; %s"),
                                         dw_card_get_name (card),
                                         type_name (check, dw_card_get_card_type (card)),
                                         phrase, advice);
            }

          if (message != NULL)
            dw_problem_add_entry (add_problem (check, "wrong-section", DW_SEVERITY_ERROR, message),
                                  entry);
        }
    }
}

static char *
size_message (guint64     count,
              const char *what,
              gint64      min,
              gint64      max)
{
  g_autofree char *have = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card in %s", "%u cards in %s",
                                                        shown (count)),
                                           shown (count), what);

  if (min >= 0 && min == max)
    return g_strdup_printf (_("%s; it needs exactly %d"), have, (int) min);
  if (min >= 0 && max >= 0)
    return g_strdup_printf (_("%s; it holds %d to %d"), have, (int) min, (int) max);
  if (min >= 0)
    return g_strdup_printf (_("%s; it needs at least %d"), have, (int) min);
  return g_strdup_printf (_("%s; it holds at most %d"), have, (int) max);
}

static gboolean
outside (guint64 count,
         gint64  min,
         gint64  max)
{
  return (min >= 0 && count < (guint64) min) || (max >= 0 && count > (guint64) max);
}

static void
check_section_sizes (Check *check)
{
  for (guint i = 0; i < dw_format_get_n_sections (check->format); i++)
    {
      const DwFormatSection *fsec = dw_format_get_section (check->format, i);
      g_autoptr(GPtrArray) entries = NULL;
      g_autofree char *phrase = NULL;
      guint64 count;

      if (fsec->min < 0 && fsec->max < 0)
        continue;

      entries = counted_entries (check, fsec->id);
      count = total_count (entries);
      if (!outside (count, fsec->min, fsec->max))
        continue;

      phrase = section_phrase (check, fsec->id);
      add_entries (add_problem (check, "section-size", DW_SEVERITY_ERROR,
                                size_message (count, phrase, fsec->min, fsec->max)),
                   entries);
    }
}

/* The keys live as long as the check: the card's or the entry's own id,
 * and a name key made for an entry no database knows kept in @owned (not
 * interned: a deck's names would stay in GLib's quark table for good). */
static const char *
copy_key_id (DwDeckEntry *entry)
{
  DwCard *card = dw_deck_entry_get_card (entry);

  return card ? dw_card_get_id (card) : dw_deck_entry_get_id (entry);
}

static const char *
copy_key_name (DwDeckEntry *entry,
               GPtrArray   *owned)
{
  DwCard *card = dw_deck_entry_get_card (entry);
  char *key;

  if (card != NULL)
    return dw_card_get_name_key (card);
  if (*dw_deck_entry_get_name (entry) == '\0')
    return NULL;
  key = dw_card_name_key (dw_deck_entry_get_name (entry));
  g_ptr_array_add (owned, key);
  return key;
}

static guint
find_root (guint *parent,
           guint  i)
{
  while (parent[i] != i)
    {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
  return i;
}

static void
unite (guint      *parent,
       GHashTable *first,
       const char *key,
       guint       i)
{
  gpointer seen;

  if (key == NULL)
    return;
  if (g_hash_table_lookup_extended (first, key, NULL, &seen))
    parent[find_root (parent, i)] = find_root (parent, GPOINTER_TO_UINT (seen));
  else
    g_hash_table_insert (first, (gpointer) key, GUINT_TO_POINTER (i));
}

static void
check_copies (Check        *check,
              const DwRule *rule)
{
  g_autoptr(GPtrArray) entries = counted_entries (check, rule->section);
  g_autoptr(GPtrArray) owned = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  guint n = entries->len;
  g_autofree guint *parent = g_new (guint, n + 1);
  g_autofree guint *first = g_new (guint, n + 1);
  g_autofree guint *last = g_new (guint, n + 1);
  g_autofree guint *next = g_new (guint, n + 1);

  /* Two cards are copies when they share the id or the name, so copies
   * fall into groups joined through either key. */
  for (guint i = 0; i < n; i++, STEP ())
    {
      DwDeckEntry *entry = g_ptr_array_index (entries, i);

      parent[i] = i;
      if (rule->match != DW_COPY_MATCH_NAME)
        unite (parent, by_id, copy_key_id (entry), i);
      if (rule->match != DW_COPY_MATCH_ID)
        unite (parent, by_name, copy_key_name (entry, owned), i);
    }

  /* Each group as a list of its entries in deck order, made in one pass:
   * walking every entry for every group was quadratic (issue 20, B4). */
  for (guint i = 0; i < n; i++, STEP ())
    first[i] = next[i] = G_MAXUINT;
  for (guint i = 0; i < n; i++, STEP ())
    {
      guint root = find_root (parent, i);

      if (first[root] == G_MAXUINT)
        first[root] = i;
      else
        next[last[root]] = i;
      last[root] = i;
    }

  for (guint root = 0; root < n; root++, STEP ())
    {
      g_autoptr(GPtrArray) group = NULL;
      g_autoptr(GString) parts = NULL;
      gint64 limit = rule->max;
      gboolean own_limit = FALSE;
      guint64 count = 0;
      DwProblem *problem;

      if (first[root] == G_MAXUINT)
        continue;

      group = g_ptr_array_new ();
      for (guint i = first[root]; i != G_MAXUINT; i = next[i], STEP ())
          {
            DwDeckEntry *entry = g_ptr_array_index (entries, i);
            DwCard *card = dw_deck_entry_get_card (entry);
            gint64 own;

            g_ptr_array_add (group, entry);
            count += dw_deck_entry_get_count (entry);
            /* A card's own limit replaces the format's; if the copies
             * disagree, the strictest counts. */
            if (rule->override && card && dw_card_get_int (card, rule->override, &own) &&
                (!own_limit || own < limit))
              {
                limit = own;
                own_limit = TRUE;
              }
          }

      if (limit >= 0 && count <= (guint64) limit)
        continue;

      parts = g_string_new (NULL);
      if (group->len > 1)
        for (guint i = 0; i < group->len; i++)
          {
            DwDeckEntry *entry = g_ptr_array_index (group, i);
            g_autofree char *what = describe_entry (entry);

            g_string_append_printf (parts, "%s%u × %s", i ? ", " : " (", dw_deck_entry_get_count (entry), what);
            if (dw_deck_entry_get_revision (entry) != 0)
              g_string_append_printf (parts, _(" revision %u"), dw_deck_entry_get_revision (entry));
            if (i + 1 == group->len)
              g_string_append (parts, _(", which share an id or a name)"));
          }

      problem = add_problem (check, rule->code, rule->severity,
                             g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                           "%u copies of “%s”%s; at most %d is allowed",
                                                           "%u copies of “%s”%s; at most %d are allowed",
                                                           (gulong) limit),
                                              shown (count),
                                              dw_deck_entry_get_display_name (g_ptr_array_index (group, 0)),
                                              parts->str, (int) limit));
      add_entries (problem, group);
    }
}

/* The resolved, counted entries of a section with their value of a
 * property (NULL when the card has none). */
static GPtrArray *
resolved_entries (Check      *check,
                  const char *section_id)
{
  GPtrArray *entries = counted_entries (check, section_id);
  guint kept = 0;

  /* In one pass: removing each unknown entry in place moved the rest. */
  for (guint i = 0; i < entries->len; i++, STEP ())
    {
      DwDeckEntry *entry = g_ptr_array_index (entries, i);

      if (dw_deck_entry_get_card (entry) == NULL)
        g_object_unref (entry);
      else
        entries->pdata[kept++] = entry;
    }
  entries->len = kept;
  return entries;
}

static const char *
entry_value (DwDeckEntry *entry,
             const char  *property)
{
  return dw_card_get_value (dw_deck_entry_get_card (entry), property);
}

static char *
join_values (GPtrArray *values)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < values->len; i++)
    g_string_append_printf (out, "%s%s", i ? ", " : "", (const char *) g_ptr_array_index (values, i));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static GPtrArray *
distinct_values (GPtrArray  *entries,
                 const char *property,
                 const char *ignore)
{
  GPtrArray *values = g_ptr_array_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < entries->len; i++, STEP ())
    {
      const char *value = entry_value (g_ptr_array_index (entries, i), property);

      if (value == NULL)
        value = C_("property value", "none");
      if (g_strcmp0 (value, ignore) == 0)
        continue;
      if (g_hash_table_add (seen, (gpointer) value))
        g_ptr_array_add (values, (gpointer) value);
    }
  return values;
}

static void
check_same_value (Check        *check,
                  const DwRule *rule)
{
  g_autoptr(GPtrArray) entries = resolved_entries (check, rule->section);
  g_autoptr(GPtrArray) values = distinct_values (entries, rule->property, rule->ignore);
  g_autofree char *phrase = NULL;
  g_autofree char *property = NULL;
  g_autofree char *list = NULL;

  if (values->len <= 1)
    return;

  phrase = section_phrase (check, rule->section);
  property = property_phrase (check, rule->property);
  list = join_values (values);
  add_entries (add_problem (check, rule->code, rule->severity,
                            g_strdup_printf (_("The cards in %s are of %u different %ss (%s); "
                                               "all of them must share one %s"),
                                             phrase, values->len, property, list, property)),
               entries);
}

static void
check_ordered (Check        *check,
               const DwRule *rule)
{
  const DwPropertyDef *def = dw_game_lookup_property (check->game, rule->property);
  g_autoptr(GPtrArray) entries = resolved_entries (check, rule->section);
  g_autofree char *phrase = section_phrase (check, rule->section);
  g_autofree char *property = property_phrase (check, rule->property);
  g_autofree char *order = g_strjoinv (", ", def->values);
  DwDeckEntry *previous = NULL;
  int previous_index = -1;

  /* The section lists cards from the top down; each copy takes a place. */
  for (guint i = 0; i < entries->len; i++, STEP ())
    {
      DwDeckEntry *entry = g_ptr_array_index (entries, i);
      const char *value = entry_value (entry, rule->property);
      int index = dw_property_def_value_index (def, value);

      if (index < 0)
        continue;

      /* A third copy would only say what the second said. */
      for (guint copy = 0; copy < MIN (dw_deck_entry_get_count (entry), 2); copy++)
        {
          DwProblem *problem = NULL;

          if (previous != NULL && index == previous_index)
            problem = add_problem (check, rule->code, rule->severity,
                                   previous == entry
                                   ? g_strdup_printf (_("“%s” fills %s %s twice in %s; each %s may be used once"),
                                                      dw_deck_entry_get_display_name (entry), property, value,
                                                      phrase, property)
                                   : g_strdup_printf (_("“%s” and “%s” both hold %s %s in %s; each %s may be used once"),
                                                      dw_deck_entry_get_display_name (previous),
                                                      dw_deck_entry_get_display_name (entry),
                                                      property, value, phrase, property));
          else if (previous != NULL && index < previous_index)
            problem = add_problem (check, rule->code, rule->severity,
                                   g_strdup_printf (_("“%s” (%s %s) lies above “%s” (%s %s); "
                                                      "from the top, %s go in the order %s"),
                                                    dw_deck_entry_get_display_name (previous), property,
                                                    entry_value (previous, rule->property),
                                                    dw_deck_entry_get_display_name (entry), property, value,
                                                    phrase, order));
          if (problem != NULL)
            {
              dw_problem_add_entry (problem, previous);
              dw_problem_add_entry (problem, entry);
            }

          previous = entry;
          previous_index = index;
        }
    }
}

static guint64
count_type (GPtrArray  *entries,
            const char *type,
            GPtrArray  *matching)
{
  guint64 count = 0;

  for (guint i = 0; i < entries->len; i++, STEP ())
    {
      DwDeckEntry *entry = g_ptr_array_index (entries, i);
      DwCard *card = dw_deck_entry_get_card (entry);

      if (card != NULL && strcmp (dw_card_get_card_type (card), type) == 0)
        {
          count += dw_deck_entry_get_count (entry);
          if (matching)
            g_ptr_array_add (matching, entry);
        }
    }
  return count;
}

static void
check_share (Check        *check,
             const DwRule *rule)
{
  g_autoptr(GPtrArray) entries = counted_entries (check, rule->section);
  guint64 total = total_count (entries);
  guint64 count = count_type (entries, rule->type, NULL);
  g_autofree char *phrase = NULL;
  double percent;

  if (total == 0)
    return;

  percent = 100.0 * (double) count / (double) total;
  phrase = section_phrase (check, rule->section);

  if (rule->min >= 0 && percent < rule->min)
    add_problem (check, rule->code, rule->severity,
                 g_strdup_printf (_("%u of the %u cards in %s are %s cards (%.0f%%); "
                                    "the rules advise at least %d%%"),
                                  shown (count), shown (total), phrase, type_name (check, rule->type), percent,
                                  (int) rule->min));
  else if (rule->max >= 0 && percent > rule->max)
    add_problem (check, rule->code, rule->severity,
                 g_strdup_printf (_("%u of the %u cards in %s are %s cards (%.0f%%); "
                                    "the rules advise at most %d%%"),
                                  shown (count), shown (total), phrase, type_name (check, rule->type), percent,
                                  (int) rule->max));
}

static void
check_distinct_values (Check        *check,
                       const DwRule *rule)
{
  g_autoptr(GPtrArray) entries = resolved_entries (check, rule->section);
  g_autoptr(GPtrArray) values = distinct_values (entries, rule->property, rule->ignore);
  g_autofree char *phrase = NULL;
  g_autofree char *property = NULL;
  g_autofree char *list = NULL;

  if ((gint64) values->len <= rule->max)
    return;

  phrase = section_phrase (check, rule->section);
  property = property_phrase (check, rule->property);
  list = join_values (values);
  add_problem (check, rule->code, rule->severity,
               g_strdup_printf (_("The cards in %s are of %u %ss (%s); the rules advise at most %d"),
                                phrase, values->len, property, list, (int) rule->max));
}

static void
check_type_count (Check        *check,
                  const DwRule *rule)
{
  g_autoptr(GPtrArray) entries = counted_entries (check, rule->section);
  g_autoptr(GPtrArray) matching = g_ptr_array_new ();
  guint64 count = count_type (entries, rule->type, matching);
  g_autofree char *phrase = section_phrase (check, rule->section);

  if (outside (count, rule->min, rule->max))
    {
      g_autofree char *what = g_strdup_printf (_("%s cards"), type_name (check, rule->type));
      g_autofree char *have = g_strdup_printf (_("%u %s in %s"), shown (count), what, phrase);
      char *message;

      if (rule->min >= 0 && rule->min == rule->max)
        message = g_strdup_printf (_("%s; it needs exactly %d"), have, (int) rule->min);
      else if (rule->min >= 0 && count < (guint64) rule->min)
        message = g_strdup_printf (_("%s; it needs at least %d"), have, (int) rule->min);
      else
        message = g_strdup_printf (_("%s; it holds at most %d"), have, (int) rule->max);

      add_entries (add_problem (check, rule->code, rule->severity, message), matching);
    }

  if (rule->distinct)
    {
      /* The entries of each name as a list from the first, made in one
       * pass (the copies added in 64 bits). */
      g_autoptr(GHashTable) heads = g_hash_table_new (g_str_hash, g_str_equal);
      guint m = matching->len;
      g_autofree guint *next = g_new (guint, m + 1);
      g_autofree guint *last = g_new (guint, m + 1);
      g_autofree guint64 *copies = g_new0 (guint64, m + 1);
      g_autofree gboolean *is_head = g_new0 (gboolean, m + 1);

      for (guint i = 0; i < m; i++, STEP ())
        {
          DwDeckEntry *entry = g_ptr_array_index (matching, i);
          const char *key = dw_card_get_name_key (dw_deck_entry_get_card (entry));
          gpointer found;
          guint head = i;

          next[i] = G_MAXUINT;
          if (g_hash_table_lookup_extended (heads, key, NULL, &found))
            {
              head = GPOINTER_TO_UINT (found);
              next[last[head]] = i;
            }
          else
            {
              g_hash_table_insert (heads, (gpointer) key, GUINT_TO_POINTER (i));
              is_head[i] = TRUE;
            }
          last[head] = i;
          copies[head] += dw_deck_entry_get_count (entry);
        }

      for (guint i = 0; i < m; i++, STEP ())
        {
          DwDeckEntry *entry = g_ptr_array_index (matching, i);
          DwProblem *problem;

          if (!is_head[i] || copies[i] <= 1)
            continue;

          problem = add_problem (check, rule->code, rule->severity,
                                 g_strdup_printf (_("“%s” is there %u times; the %s cards in %s must all be different"),
                                                  dw_deck_entry_get_display_name (entry), shown (copies[i]),
                                                  type_name (check, rule->type), phrase));
          for (guint j = i; j != G_MAXUINT; j = next[j], STEP ())
            dw_problem_add_entry (problem, g_ptr_array_index (matching, j));
        }
    }
}

static void
check_budget (Check        *check,
              const DwRule *rule)
{
  g_autoptr(GPtrArray) contributing = g_ptr_array_new_with_free_func (g_object_unref);
  gint64 total = 0;

  for (guint p = 0; p < rule->parts->len; p++)
    {
      const DwBudgetPart *part = g_ptr_array_index (rule->parts, p);
      g_autoptr(GPtrArray) entries = resolved_entries (check, part->section);

      for (guint i = 0; i < entries->len; i++, STEP ())
        {
          DwDeckEntry *entry = g_ptr_array_index (entries, i);
          const char *value = entry_value (entry, part->property);
          gint64 amount = 0;

          if (value == NULL)
            continue;
          if (part->amounts != NULL)
            amount = GPOINTER_TO_INT (g_hash_table_lookup (part->amounts, value));
          else if (!g_ascii_string_to_signed (value, 10, G_MININT32, G_MAXINT32, &amount, NULL))
            continue;

          total += amount * dw_deck_entry_get_count (entry);
          if (amount != 0)
            g_ptr_array_add (contributing, g_object_ref (entry));
        }
    }

  if (total <= rule->max)
    return;

  add_entries (add_problem (check, rule->code, rule->severity,
                            g_strdup_printf (_("The cards cost %d %s, over the budget of %d; "
                                                 "take out cards worth %d"),
                                             (int) total, rule->code, (int) rule->max,
                                             (int) (total - rule->max))),
               contributing);
}

static gboolean
listed_matches (const DwListedCard *listed,
                DwDeckEntry        *entry)
{
  DwCard *card = dw_deck_entry_get_card (entry);
  g_autofree char *key = NULL;

  if (listed->id != NULL &&
      (g_strcmp0 (listed->id, dw_deck_entry_get_id (entry)) == 0 ||
       (card != NULL && strcmp (listed->id, dw_card_get_id (card)) == 0)))
    return TRUE;
  if (listed->name_key == NULL)
    return FALSE;
  if (card != NULL)
    return strcmp (listed->name_key, dw_card_get_name_key (card)) == 0;
  key = dw_card_name_key (dw_deck_entry_get_name (entry));
  return strcmp (listed->name_key, key) == 0;
}

/* A ban list (limit 0) or a restricted list: the counted copies of each
 * listed card, found by its id or its name, against the card's limit. */
static void
check_listed (Check        *check,
              const DwRule *rule)
{
  g_autoptr(GPtrArray) entries = counted_entries (check, rule->section);

  for (guint i = 0; i < rule->cards->len; i++)
    {
      const DwListedCard *listed = g_ptr_array_index (rule->cards, i);
      g_autoptr(GPtrArray) group = g_ptr_array_new ();
      const char *name;
      guint64 count = 0;
      char *message;

      for (guint j = 0; j < entries->len; j++, STEP ())
        if (listed_matches (listed, g_ptr_array_index (entries, j)))
          {
            g_ptr_array_add (group, g_ptr_array_index (entries, j));
            count += dw_deck_entry_get_count (g_ptr_array_index (entries, j));
          }
      if (listed->limit >= 0 && count <= (guint64) listed->limit)
        continue;

      name = dw_deck_entry_get_display_name (g_ptr_array_index (group, 0));
      if (listed->limit == 0)
        message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "“%s” is banned in %s; take out its copy",
                                                "“%s” is banned in %s; take out all %u copies",
                                                shown (count)),
                                   name, dw_format_get_name (check->format), shown (count));
      else
        message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "%u copies of “%s”; %s restricts it to %d copy",
                                                "%u copies of “%s”; %s restricts it to %d copies",
                                                (gulong) listed->limit),
                                   shown (count), name, dw_format_get_name (check->format), (int) listed->limit);
      add_entries (add_problem (check, rule->code, rule->severity, message), group);
    }
}

static int
compare_severity (gconstpointer a,
                  gconstpointer b)
{
  DwProblem *pa = *(DwProblem **) a;
  DwProblem *pb = *(DwProblem **) b;

  return (int) dw_problem_get_severity (pa) - (int) dw_problem_get_severity (pb);
}

/* Checks @deck, whose entries are already resolved against the card
 * databases, against every rule of @format.  Returns the problems found,
 * errors first, each saying what is wrong and what to do. */
GPtrArray *
dw_validate_deck (DwGame   *game,
                  DwFormat *format,
                  DwDeck   *deck)
{
  Check check = { game, format, deck, NULL };

  g_return_val_if_fail (DW_IS_GAME (game), NULL);
  g_return_val_if_fail (DW_IS_FORMAT (format), NULL);
  g_return_val_if_fail (DW_IS_DECK (deck), NULL);

  check.problems = g_ptr_array_new_with_free_func (g_object_unref);

  if (g_strcmp0 (dw_deck_get_game_id (deck), dw_format_get_game_id (format)) != 0)
    {
      add_problem (&check, "game-mismatch", DW_SEVERITY_ERROR,
                   g_strdup_printf (_("The deck is for the game “%s”, but %s is a format of %s; "
                                      "choose a format of the deck's game"),
                                    dw_deck_get_game_id (deck), dw_format_get_name (format),
                                    dw_game_get_name (game)));
      return check.problems;
    }

  check_unknown_cards (&check);
  check_sections_accept (&check);
  check_section_sizes (&check);

  for (guint i = 0; i < dw_format_get_n_rules (format); i++)
    {
      const DwRule *rule = dw_format_get_rule (format, i);

      switch (rule->kind)
        {
        case DW_RULE_COPIES: check_copies (&check, rule); break;
        case DW_RULE_SAME_VALUE: check_same_value (&check, rule); break;
        case DW_RULE_ORDERED: check_ordered (&check, rule); break;
        case DW_RULE_SHARE: check_share (&check, rule); break;
        case DW_RULE_DISTINCT_VALUES: check_distinct_values (&check, rule); break;
        case DW_RULE_TYPE_COUNT: check_type_count (&check, rule); break;
        case DW_RULE_BUDGET: check_budget (&check, rule); break;
        case DW_RULE_BANNED:
        case DW_RULE_RESTRICTED: check_listed (&check, rule); break;
        default: g_assert_not_reached ();
        }
    }

  g_ptr_array_sort (check.problems, compare_severity);
  return check.problems;
}

/* TRUE when none of @problems is an error: warnings are advice only. */
gboolean
dw_problems_legal (GPtrArray *problems)
{
  for (guint i = 0; i < problems->len; i++)
    if (dw_problem_get_severity (g_ptr_array_index (problems, i)) == DW_SEVERITY_ERROR)
      return FALSE;
  return TRUE;
}

guint64
dw_validate_get_steps (void)
{
  return steps;
}
