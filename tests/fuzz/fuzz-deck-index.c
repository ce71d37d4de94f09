/* fuzz-deck-index.c — the deck library's index file and its records
 *
 * The input is an index file as $XDG_CACHE_HOME/deckwright/ holds it
 * (dw-deck-library-index.c describes it), written into a private cache
 * folder and read by deck_library_index_load() under a fixed stamp, the
 * one the seeds in tests/fuzz/seeds/deck-index/ carry.  Every record it
 * accepts becomes an entry, as a scan makes one, and is used as a search
 * and the Decks page use it: its cards, their keys, the text and tag
 * keys.  Beyond not crashing: a file refused is refused whole (no record
 * of it), and one accepted is written again, half as entries and half
 * copied (as a scan of one root keeps another root's records), into an
 * index that reads back as the same decks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>

#include "dw-deck-library-scan-private.h"
#include "fuzz-common.h"

/* The stamp every seed carries in its header. */
#define FUZZ_STAMP "fuzz"
#define FUZZ_ROOT  "/decks"

static char *cache_dir;

static void
remove_cache_dir (void)
{
  g_autofree char *in = g_build_filename (cache_dir, "in.idx", NULL);
  g_autofree char *out = g_build_filename (cache_dir, "out.idx", NULL);

  g_unlink (in);
  g_unlink (out);
  g_rmdir (cache_dir);
}

static const char *
private_cache_dir (void)
{
  if (cache_dir == NULL)
    {
      g_autoptr(GError) error = NULL;

      /* In memory where there is a tmpfs: the index is written, synced
       * and renamed twice an input, which on a disk is most of the time. */
      if (g_file_test ("/dev/shm", G_FILE_TEST_IS_DIR))
        {
          cache_dir = g_build_filename ("/dev/shm", "deckwright-fuzz-index-XXXXXX", NULL);
          if (g_mkdtemp (cache_dir) == NULL)
            g_clear_pointer (&cache_dir, g_free);
        }
      if (cache_dir == NULL)
        cache_dir = g_dir_make_tmp ("deckwright-fuzz-index-XXXXXX", &error);
      if (cache_dir == NULL)
        {
          g_printerr ("fuzz: %s\n", error->message);
          abort ();
        }
      atexit (remove_cache_dir);
    }
  return cache_dir;
}

static void
append_strv (GString            *out,
             const char * const *values)
{
  for (guint i = 0; values != NULL && values[i] != NULL; i++)
    g_string_append_printf (out, "[%s]", values[i]);
  g_string_append_c (out, '\n');
}

/* Everything an entry tells, used as a search uses it. */
static char *
describe (DwDeckLibraryEntry *entry)
{
  GString *out = g_string_new (NULL);
  const GError *error = dw_deck_library_entry_get_error (entry);
  const DwDeckLibraryCard *cards;
  const char * const *keys;
  guint n_cards = 0;

  g_string_append_printf (out, "%s|%s|%s|%s\n", dw_deck_library_entry_get_path (entry),
                          dw_deck_library_entry_get_folder (entry),
                          dw_deck_library_entry_get_root (entry),
                          dw_deck_library_entry_get_name (entry));
  g_string_append_printf (out, "%s|%s|%s|%s|%s\n",
                          dw_deck_library_entry_get_notes (entry) ?: "",
                          dw_deck_library_entry_get_game_id (entry) ?: "",
                          dw_deck_library_entry_get_format_id (entry) ?: "",
                          dw_deck_library_entry_get_kind (entry) ?: "",
                          dw_deck_library_entry_get_cover_id (entry) ?: "");
  g_string_append_printf (out, "%d %u %u %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GINT64_FORMAT "\n",
                          (int) dw_deck_library_entry_get_verdict (entry),
                          dw_deck_library_entry_get_n_errors (entry),
                          dw_deck_library_entry_get_n_warnings (entry),
                          dw_deck_library_entry_get_n_cards (entry),
                          dw_deck_library_entry_get_size (entry),
                          dw_deck_library_entry_get_mtime (entry));
  g_string_append_printf (out, "error: %s\n", error != NULL ? error->message : "(none)");
  append_strv (out, dw_deck_library_entry_get_factions (entry));
  append_strv (out, dw_deck_library_entry_get_tags (entry));
  append_strv (out, dw_deck_library_entry_get_tag_keys (entry));
  g_string_append_printf (out, "%s\n", dw_deck_library_entry_get_text_key (entry));

  cards = dw_deck_library_entry_get_cards (entry, &n_cards);
  keys = dw_deck_library_entry_get_card_keys (entry);
  for (guint i = 0; i < n_cards; i++)
    {
      dw_fuzz_check (keys[i] != NULL, "every card has a name key", cards[i].name);
      dw_fuzz_check (dw_deck_library_entry_count_card (entry, cards[i].id, cards[i].name) >= cards[i].count,
                     "a card the deck lists is counted", cards[i].name);
      g_string_append_printf (out, "%u×%s/%s=%s\n", cards[i].count, cards[i].id ?: "",
                              cards[i].name, keys[i]);
    }
  dw_fuzz_check (keys[n_cards] == NULL, "the card keys end with the cards", NULL);
  return g_string_free (out, FALSE);
}

static DwDeckLibraryEntry *
entry_of (const DwDeckLibraryRecord *record)
{
  DwDeckLibraryEntry *entry = dw_deck_library_entry_from_record (record, FUZZ_ROOT);

  /* The pre-check a search by card makes, before the cards are parsed. */
  dw_deck_library_entry_may_hold_card_key (entry, "thornwood scout");
  dw_deck_library_entry_may_hold_card_key (entry, "\xc5\xbeluva");
  return entry;
}

/* The descriptions of every record, sorted: the same decks in any order. */
static GPtrArray *
describe_all (DeckLibraryIndex *index)
{
  GPtrArray *all = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < index->n_records; i++)
    {
      g_autoptr(DwDeckLibraryEntry) entry = entry_of (&index->records[i]);

      g_ptr_array_add (all, describe (entry));
    }
  g_ptr_array_sort (all, deck_library_compare_names);
  return all;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  const char *dir = private_cache_dir ();
  g_autofree char *in_path = g_build_filename (dir, "in.idx", NULL);
  g_autofree char *out_path = g_build_filename (dir, "out.idx", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DeckLibraryIndex) index = NULL;
  g_autoptr(DeckLibraryIndex) again = NULL;
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) after = NULL;
  const char * const roots[] = { FUZZ_ROOT, NULL };

  if (!g_file_set_contents_full (in_path, (const char *) data, (gssize) size, G_FILE_SET_CONTENTS_NONE,
                                 0600, &error))
    {
      g_printerr ("fuzz: %s\n", error->message);
      abort ();
    }
  index = deck_library_index_load (in_path, FUZZ_STAMP);
  if (!index->usable)
    {
      dw_fuzz_check (index->n_records == 0 && deck_library_index_lookup (index, "/decks/a.xml") == NULL,
                     "an index refused is refused whole", NULL);
      return 0;
    }
  /* In the order of the file, as a scan asks, then from the last. */
  for (guint i = 0; i < index->n_records; i++)
    {
      const DwDeckLibraryRecord *found = deck_library_index_lookup (index, index->records[i].path);

      dw_fuzz_check (found != NULL && g_str_equal (found->path, index->records[i].path),
                     "every record is found by its path", index->records[i].path);
    }
  for (guint i = index->n_records; i-- > 0;)
    {
      const DwDeckLibraryRecord *found = deck_library_index_lookup (index, index->records[i].path);

      dw_fuzz_check (found != NULL && found <= &index->records[i] &&
                     g_str_equal (found->path, index->records[i].path),
                     "a path's record is its first", index->records[i].path);
    }
  dw_fuzz_check (deck_library_index_lookup (index, "/no/such/deck.xml") == NULL ||
                 g_str_equal (deck_library_index_lookup (index, "/no/such/deck.xml")->path, "/no/such/deck.xml"),
                 "a path not in the index finds no record", NULL);
  before = describe_all (index);

  /* Written again as a scan of FUZZ_ROOT writes it: that root's decks
   * as entries, the others' records copied as they are. */
  for (guint i = 0; i < index->n_records; i++)
    if (deck_library_path_is_under (index->records[i].path, FUZZ_ROOT))
      g_ptr_array_add (entries, entry_of (&index->records[i]));
  g_unlink (out_path);
  deck_library_index_write (out_path, FUZZ_STAMP, entries, index, roots);
  again = deck_library_index_load (out_path, FUZZ_STAMP);
  dw_fuzz_check (again->usable, "an index written reads back", NULL);
  dw_fuzz_check (again->n_records == index->n_records, "an index written keeps every deck", NULL);

  after = describe_all (again);
  for (guint i = 0; i < before->len; i++)
    dw_fuzz_check (g_str_equal (g_ptr_array_index (before, i), g_ptr_array_index (after, i)),
                   "an index written reads back as the same decks", g_ptr_array_index (after, i));
  return 0;
}
