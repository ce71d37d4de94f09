/* fuzz-deck-query.c — the deck library's search language
 *
 * The input is one query.  Beyond not crashing or hanging: a refused
 * query says why and where, inside the text; an accepted one writes back
 * to a normal form that parses again, is stable, and matches the same
 * decks of a small library (the shipped decks) as the query itself; and
 * asked of the whole library at once (dw_deck_query_match_library(),
 * through its card index) it answers as asked deck by deck.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-deck-query.h"
#include "fuzz-common.h"

static DwDeckLibrary *
decks (void)
{
  static DwDeckLibrary *library;

  if (library == NULL)
    {
      g_autofree char *root = g_build_filename (DW_FUZZ_SOURCE_ROOT, "data", "decks", NULL);
      g_autofree char *cache = g_dir_make_tmp ("deckwright-fuzz-XXXXXX", NULL);
      const char *roots[] = { root, NULL };

      library = dw_deck_library_new (dw_fuzz_library (), cache);
      dw_deck_library_set_roots (library, roots, FALSE);
      dw_deck_library_scan (library, NULL, NULL);
    }
  return library;
}

static GArray *
matches (DwDeckQuery *query)
{
  GListModel *model = G_LIST_MODEL (decks ());
  guint n = g_list_model_get_n_items (model);
  GArray *result = g_array_sized_new (FALSE, FALSE, sizeof (gboolean), n);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwDeckLibraryEntry) entry = g_list_model_get_item (model, i);
      gboolean match = dw_deck_query_matches (query, entry);
      g_autoptr(GPtrArray) cards = dw_deck_query_matching_cards (query, entry);

      dw_fuzz_check (cards != NULL, "the matching cards are a list", NULL);
      g_array_append_val (result, match);
    }
  return result;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeckQuery) query = NULL;
  g_autoptr(DwDeckQuery) normal = NULL;
  g_autofree char *normal_text = NULL;
  g_autofree char *normal_again = NULL;
  g_autoptr(GArray) before = NULL;
  g_autoptr(GArray) after = NULL;
  guint start, end;

  query = dw_deck_query_parse (dw_fuzz_library (), text, &error);
  if (query == NULL)
    {
      dw_fuzz_check (error != NULL && error->message != NULL && *error->message != '\0',
                     "a refused query says why", text);
      if (dw_deck_query_error_get_span (error, &start, &end))
        dw_fuzz_check (start <= end && end <= (guint) g_utf8_strlen (text, -1),
                       "the error span lies in the text", text);
      return 0;
    }

  normal_text = dw_deck_query_to_string (query);
  normal = dw_deck_query_parse (dw_fuzz_library (), normal_text, &error);
  dw_fuzz_check (normal != NULL, "the normal form parses", normal_text);
  normal_again = dw_deck_query_to_string (normal);
  dw_fuzz_check (g_str_equal (normal_text, normal_again), "the normal form is stable", normal_again);

  before = matches (query);
  after = matches (normal);
  {
    guint n_matched = 0;
    g_autofree guint8 *matched = dw_deck_query_match_library (query, decks (), &n_matched);
    gboolean same = n_matched == before->len;

    for (guint i = 0; same && i < n_matched; i++)
      same = (matched[i] != 0) == g_array_index (before, gboolean, i);
    dw_fuzz_check (same, "the whole library at once answers as deck by deck", text);
  }
  dw_fuzz_check (before->len == after->len &&
                 memcmp (before->data, after->data, before->len * sizeof (gboolean)) == 0,
                 "the normal form matches the same decks", normal_text);
  return 0;
}
