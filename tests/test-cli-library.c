/* test-cli-library.c — deckwright --library, --find, --history, --restore and
 *   --print-cards --only-new-vs VERSION, as a real process
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <poppler.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dw-deck-library.h"
#include "dw-test-util.h"

typedef struct
{
  DwTestCliFixture cli;
  char            *root;
} Fixture;

static char *
copy_deck (const char *dir,
           const char *name,
           const char *as)
{
  g_autofree char *source = dw_test_data_path ("decks", name, NULL);
  g_autofree char *contents = dw_test_read_file (source);

  return dw_test_write_file (dir, as, contents);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *sub = NULL;
  g_autofree char *store = NULL;

  dw_test_cli_set_up (&fixture->cli, data);
  fixture->root = g_build_filename (fixture->cli.tmpdir, "Decks", NULL);
  sub = g_build_filename (fixture->root, "Friends", NULL);
  store = g_build_filename (fixture->root, DW_DECK_LIBRARY_DIR, NULL);
  g_assert_cmpint (g_mkdir_with_parents (sub, 0755), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (store, 0755), ==, 0);
  g_free (copy_deck (fixture->root, "orc-green-wall.xml", "green.xml"));
  g_free (copy_deck (fixture->root, "orc-bone-tide.xml", "bone.xml"));
  g_free (copy_deck (sub, "arcmage-illegal-copy-limit.xml", "too-many.xml"));
  g_free (dw_test_write_file (sub, "torn.xml", "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n<name>"));
  g_free (dw_test_write_file (sub, "list.txt", "4 Thornwood Scout\n2 Seedfall\n"));
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_free (fixture->root);
  dw_test_cli_tear_down (&fixture->cli, data);
}

static int
run (Fixture            *fixture,
     const char * const *args,
     char              **out,
     char              **err)
{
  return dw_test_cli_run (&fixture->cli, args, out, err);
}

/* @deck made by --import --output three times, from three lists of
 * Thornwood Scout and Seedfall: a deck with two versions. */
static void
import_three_times (Fixture    *fixture,
                    const char *deck)
{
  const char *lists[] = { "4 Thornwood Scout\n2 Seedfall\n", "2 Thornwood Scout\n3 Seedfall\n",
                          "2 Thornwood Scout\n5 Seedfall\n" };

  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    {
      g_autofree char *name = g_strdup_printf ("list%u.txt", i);
      g_autofree char *list = dw_test_write_file (fixture->cli.tmpdir, name, lists[i]);
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (run (fixture, (const char *[]) { "--import", list, "--output", deck, NULL }, &out, &err), ==, 0);
    }
}

static JsonArray *
parse_array (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (json_parser_get_root (parser)));
  return json_array_ref (json_node_get_array (json_parser_get_root (parser)));
}

static JsonObject *
object_for (JsonArray  *array,
            const char *suffix)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *object = json_array_get_object_element (array, i);

      if (g_str_has_suffix (json_object_get_string_member (object, "path"), suffix))
        return object;
    }
  g_error ("no deck ending in %s", suffix);
}

static void
test_library_lists_every_deck (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *green = g_build_filename (fixture->root, "green.xml", NULL);
  g_autofree char *torn = g_build_filename (fixture->root, "Friends", "torn.xml", NULL);
  g_autofree char *expected = NULL;

  g_assert_cmpint (run (fixture, (const char *[]) { "--library", fixture->root, NULL }, &out, &err), ==, 0);
  expected = g_strdup_printf ("%s: legal, arcmage, arcmage-orc, 63 cards\n", green);
  g_assert_nonnull (strstr (out, expected));
  g_assert_nonnull (strstr (out, "too-many.xml: illegal (1 error), arcmage, arcmage-orc"));
  g_free (expected);
  expected = g_strdup_printf ("%s: unreadable: %s:2:", torn, torn);
  g_assert_nonnull (strstr (out, expected));
  g_assert_nonnull (strstr (out, "list.txt: "));
  /* Five decks, five lines; the rest went on past the torn one. */
  g_assert_cmpuint (dw_test_count_lines (out), ==, 5);
}

static void
test_library_json_has_the_fields (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonArray) array = NULL;
  JsonObject *green;
  JsonObject *torn;
  JsonObject *illegal;

  g_assert_cmpint (run (fixture, (const char *[]) { "--library", fixture->root, "--json", NULL }, &out, &err), ==, 0);
  array = parse_array (out);
  g_assert_cmpuint (json_array_get_length (array), ==, 5);

  green = object_for (array, "green.xml");
  g_assert_cmpstr (json_object_get_string_member (green, "name"), ==, "Green Wall");
  g_assert_cmpstr (json_object_get_string_member (green, "game"), ==, "arcmage");
  g_assert_cmpstr (json_object_get_string_member (green, "format"), ==, "arcmage-orc");
  g_assert_true (json_object_get_boolean_member (green, "legal"));
  g_assert_cmpint (json_object_get_int_member (green, "cards"), ==, 63);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (green, "tags")), ==, 0);

  illegal = object_for (array, "too-many.xml");
  g_assert_false (json_object_get_boolean_member (illegal, "legal"));

  torn = object_for (array, "torn.xml");
  g_assert_true (json_object_get_null_member (torn, "legal"));
  g_assert_nonnull (strstr (json_object_get_string_member (torn, "unreadable"), "torn.xml:2"));
}

static void
test_find_prints_the_matching_cards (Fixture       *fixture,
                                     gconstpointer  data)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *green = g_build_filename (fixture->root, "green.xml", NULL);
  g_autofree char *line = g_strdup_printf ("%s: 4 × Thornwood Scout\n", green);

  g_assert_cmpint (run (fixture, (const char *[]) { "--find", "card:\"Thornwood Scout\"", fixture->root, NULL },
                        &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, line));
  g_assert_nonnull (strstr (out, "too-many.xml: 5 × Thornwood Scout\n"));
  g_assert_nonnull (strstr (out, "list.txt: 4 × Thornwood Scout\n"));
  g_assert_null (strstr (out, "bone.xml"));
  /* The unreadable deck is said, not silently dropped. */
  g_assert_nonnull (strstr (err, "torn.xml"));

  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (fixture, (const char *[]) { "--find", "card:Seedfall OR card:\"Thornwood Scout\"",
                                                    fixture->root, NULL }, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "list.txt: 4 × Thornwood Scout; 2 × Seedfall\n"));

  /* No card: term, nothing more than the path. */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (fixture, (const char *[]) { "--find", "bone", fixture->root, NULL }, &out, &err), ==, 0);
  g_assert_true (g_str_has_suffix (out, "bone.xml\n"));
}

static void
test_find_json_lists_the_matched_cards (Fixture       *fixture,
                                        gconstpointer  data)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonArray) array = NULL;
  JsonArray *matched;

  g_assert_cmpint (run (fixture, (const char *[]) { "--find", "card:(name:\"thornwood scout\") is:legal",
                                                    fixture->root, "--json", NULL }, &out, &err), ==, 0);
  array = parse_array (out);
  matched = json_object_get_array_member (object_for (array, "green.xml"), "matched");
  g_assert_cmpuint (json_array_get_length (matched), ==, 1);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (matched, 0), "count"), ==, 4);
}

static void
test_find_exit_status (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (run (fixture, (const char *[]) { "--find", "tag:nobody", fixture->root, NULL }, &out, &err), ==, 1);
  g_assert_cmpstr (out, ==, "");

  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (fixture, (const char *[]) { "--find", "green colour:red", fixture->root, NULL },
                        &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "at character 7"));
  g_assert_nonnull (strstr (err, "colour"));
}

/* The index answers a warm --find only for files that agree with it: a
 * deck changed since (even to the same size, its time set back to a
 * second later) is read again, and a deck removed is gone. */
static void
test_find_sees_a_deck_changed_since_the_index (Fixture       *fixture,
                                               gconstpointer  data)
{
  g_autofree char *list = g_build_filename (fixture->root, "Friends", "list.txt", NULL);
  g_autofree char *index = g_build_filename (fixture->cli.xdg_home, "cache", "deckwright",
                                             "deck-library.index", NULL);
  const char *args[] = { "--find", "card:\"Thornwood Scout\"", fixture->root, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  struct timespec times[2];
  struct stat st;
  GError *error = NULL;

  g_assert_cmpint (run (fixture, args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "list.txt: 4 × Thornwood Scout\n"));
  g_assert_true (g_file_test (index, G_FILE_TEST_IS_REGULAR));

  /* The same size, one second later. */
  g_assert_cmpint (stat (list, &st), ==, 0);
  g_assert_true (g_file_set_contents (list, "3 Thornwood Scout\n2 Seedfall\n", -1, &error));
  g_assert_no_error (error);
  times[0] = st.st_atim;
  times[1] = st.st_mtim;
  times[1].tv_sec += 1;
  g_assert_cmpint (utimensat (AT_FDCWD, list, times, 0), ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (fixture, args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "list.txt: 3 × Thornwood Scout\n"));
  g_assert_null (strstr (out, "list.txt: 4 × Thornwood Scout\n"));

  g_assert_cmpint (g_unlink (list), ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (fixture, args, &out, &err), ==, 0);
  g_assert_null (strstr (out, "list.txt"));
  g_assert_nonnull (strstr (out, "green.xml: 4 × Thornwood Scout\n"));
}

static void
test_history_and_restore_through_every_save (Fixture       *fixture,
                                             gconstpointer  data)
{
  g_autofree char *deck = g_build_filename (fixture->root, "imported.xml", NULL);
  g_autofree char *list = NULL;
  g_autofree char *green = g_build_filename (fixture->root, "green.xml", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *first = NULL;
  g_autofree char *now = NULL;
  g_autoptr(JsonArray) array = NULL;
  const char *oldest;

  list = dw_test_write_file (fixture->cli.tmpdir, "one.txt", "4 Thornwood Scout\n2 Seedfall\n");
  g_assert_cmpint (run (fixture, (const char *[]) { "--import", list, "--output", deck, NULL }, &out, &err), ==, 0);
  first = dw_test_read_file (deck);
  g_free (list);
  list = dw_test_write_file (fixture->cli.tmpdir, "two.txt", "2 Thornwood Scout\n3 Seedfall\n");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (fixture, (const char *[]) { "--import", list, "--output", deck, NULL }, &out, &err), ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (fixture, (const char *[]) { "--export", "xml", green, "--output", deck, NULL }, &out, &err), ==, 0);

  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (fixture, (const char *[]) { "--history", deck, "--json", NULL }, &out, &err), ==, 0);
  array = parse_array (out);
  g_assert_cmpuint (json_array_get_length (array), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (array, 1), "summary"), ==,
                   "+1 Seedfall, \u22122 Thornwood Scout");
  {
    g_autoptr(GDateTime) time = g_date_time_new_from_iso8601 (
      json_object_get_string_member (json_array_get_object_element (array, 0), "time"), NULL);

    g_assert_nonnull (time);
  }
  oldest = json_object_get_string_member (json_array_get_object_element (array, 1), "version");

  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (fixture, (const char *[]) { "--restore", deck, oldest, NULL }, &out, &err), ==, 0);
  now = dw_test_read_file (deck);
  g_assert_cmpstr (now, ==, first);

  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (fixture, (const char *[]) { "--history", deck, NULL }, &out, &err), ==, 0);
  g_assert_cmpuint (dw_test_count_lines (out), ==, 3);

  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (fixture, (const char *[]) { "--restore", deck, "no-such-version", NULL }, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "no-such-version"));

  /* A damaged index of versions: --history lists the same versions,
   * says once (naming the index) that it was rebuilt, then no more. */
  {
    g_autofree char *index = g_build_filename (fixture->root, ".deckwright", "versions", "index", NULL);
    g_autofree char *before = NULL;

    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run (fixture, (const char *[]) { "--history", deck, NULL }, &before, &err), ==, 0);
    g_assert_true (g_file_set_contents (index, "garbage\tnot an index", -1, NULL));
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run (fixture, (const char *[]) { "--history", deck, NULL }, &out, &err), ==, 0);
    g_assert_cmpstr (out, ==, before);
    g_assert_true (g_str_has_prefix (err, "deckwright: "));
    g_assert_nonnull (strstr (err, index));
    g_assert_nonnull (strstr (err, "damaged"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run (fixture, (const char *[]) { "--history", deck, NULL }, &out, &err), ==, 0);
    g_assert_cmpstr (out, ==, before);
    g_assert_null (strstr (err, "damaged"));
  }
}

/* The versions `--history DECK --json` lists, newest first, as
 * "VERSION SUMMARY" lines; @err gets what it said on stderr. */
static GPtrArray *
history_of (Fixture    *fixture,
            const char *deck,
            char      **err)
{
  g_autofree char *out = NULL;
  g_autoptr(JsonArray) array = NULL;
  GPtrArray *versions = g_ptr_array_new_with_free_func (g_free);

  g_assert_cmpint (run (fixture, (const char *[]) { "--history", deck, "--json", NULL }, &out, err), ==, 0);
  array = parse_array (out);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *object = json_array_get_object_element (array, i);

      g_ptr_array_add (versions, g_strdup_printf ("%s %s", json_object_get_string_member (object, "version"),
                                                  json_object_get_string_member (object, "summary")));
    }
  return versions;
}

/* What the store holds as @version (its id, as --history prints it):
 * the file VERSION.EXT in the deck's folder of versions, found by name
 * so that the index, damaged or not, has no say. */
static char *
version_contents (Fixture    *fixture,
                  const char *version)
{
  g_autofree char *store = g_build_filename (fixture->root, ".deckwright", "versions", NULL);
  g_autoptr(GDir) folders = g_dir_open (store, 0, NULL);
  g_autofree char *prefix = g_strconcat (version, ".", NULL);
  char *found = NULL;
  const char *id;

  g_assert_nonnull (folders);
  while ((id = g_dir_read_name (folders)) != NULL)
    {
      g_autofree char *folder = g_build_filename (store, id, NULL);
      g_autoptr(GDir) files = g_dir_open (folder, 0, NULL);
      const char *name;

      while (files != NULL && (name = g_dir_read_name (files)) != NULL)
        if (g_str_has_prefix (name, prefix))
          {
            g_autofree char *path = g_build_filename (folder, name, NULL);

            g_assert_null (found);
            found = dw_test_read_file (path);
          }
    }
  g_assert_nonnull (found);
  return found;
}

/* --restore after the index of versions was damaged: the versions
 * --history lists once it is repaired are the ones it listed before;
 * restoring one of them (by its name after a --history, by its position
 * when the restore itself meets the damage) makes the deck that
 * version's contents, and --history then lists one more version, the
 * file the restore replaced, every earlier one still there.  The other
 * deck's versions are untouched. */
static void
test_restore_after_a_damaged_index (Fixture       *fixture,
                                    gconstpointer  data)
{
  g_autofree char *deck = g_build_filename (fixture->root, "imported.xml", NULL);
  g_autofree char *bone = g_build_filename (fixture->root, "bone.xml", NULL);
  g_autofree char *green = g_build_filename (fixture->root, "green.xml", NULL);
  g_autofree char *index = g_build_filename (fixture->root, ".deckwright", "versions", "index", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GPtrArray) bone_before = NULL;
  struct { const char *what; gboolean history_first; const char *position; } rounds[] = {
    { "cut short, --history first", TRUE, "2" },
    { "garbage, --restore meets it", FALSE, "2" },
  };

  import_three_times (fixture, deck);
  /* A second deck with a version, which the repair must give back too. */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (fixture, (const char *[]) { "--export", "xml", green, "--output", bone, NULL }, &out, &err), ==, 0);
  g_clear_pointer (&err, g_free);
  bone_before = history_of (fixture, bone, &err);
  g_assert_cmpuint (bone_before->len, ==, 1);

  for (guint r = 0; r < G_N_ELEMENTS (rounds); r++)
    {
      g_autoptr(GPtrArray) before = NULL;
      g_autoptr(GPtrArray) after = NULL;
      g_autoptr(GPtrArray) bone_after = NULL;
      g_autofree char *good = dw_test_read_file (index);
      g_autofree char *replaced = dw_test_read_file (deck);
      g_autofree char *chosen = NULL;
      g_autofree char *wanted = NULL;
      g_autofree char *now = NULL;
      g_autofree char *kept = NULL;
      guint position = (guint) g_ascii_strtoull (rounds[r].position, NULL, 10);

      g_test_message ("an index %s", rounds[r].what);
      g_clear_pointer (&err, g_free);
      before = history_of (fixture, deck, &err);
      g_assert_cmpuint (before->len, >=, position);
      {
        const char *line = g_ptr_array_index (before, position - 1);

        chosen = g_strndup (line, (gsize) (strchr (line, ' ') - line));
      }
      wanted = version_contents (fixture, chosen);
      g_assert_cmpstr (wanted, !=, replaced);

      if (r == 0)
        g_assert_true (g_file_set_contents (index, good, (gssize) strlen (good) - 20, NULL));
      else
        g_assert_true (g_file_set_contents (index, "\x01\xffgarbage\tnot\tan index\n", -1, NULL));

      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
      if (rounds[r].history_first)
        {
          g_autoptr(GPtrArray) listed = history_of (fixture, deck, &err);

          /* Repaired, said once, the same versions listed. */
          g_assert_nonnull (strstr (err, index));
          g_assert_nonnull (strstr (err, "damaged"));
          g_assert_cmpuint (listed->len, ==, before->len);
          for (guint i = 0; i < before->len; i++)
            g_assert_cmpstr (g_ptr_array_index (listed, i), ==, g_ptr_array_index (before, i));
          g_clear_pointer (&err, g_free);
          g_assert_cmpint (run (fixture, (const char *[]) { "--restore", deck, chosen, NULL }, &out, &err), ==, 0);
          g_assert_null (strstr (err, "damaged"));
        }
      else
        {
          g_assert_cmpint (run (fixture, (const char *[]) { "--restore", deck, rounds[r].position, NULL },
                                &out, &err), ==, 0);
          g_assert_nonnull (strstr (err, index));
          g_assert_nonnull (strstr (err, "damaged"));
        }
      g_assert_nonnull (strstr (out, "restored"));

      /* The deck is that version. */
      now = dw_test_read_file (deck);
      g_assert_cmpstr (now, ==, wanted);

      /* One version more, the file the restore replaced; none lost. */
      g_clear_pointer (&err, g_free);
      after = history_of (fixture, deck, &err);
      g_assert_null (strstr (err, "damaged"));
      g_assert_cmpuint (after->len, ==, before->len + 1);
      for (guint i = 0; i < before->len; i++)
        {
          const char *was = g_ptr_array_index (before, i);
          const char *id_end = strchr (was, ' ');
          const char *is = g_ptr_array_index (after, i + 1);

          /* The same version; its difference is from the one after it,
           * which for the old newest is now the new version. */
          g_assert_cmpint (strncmp (was, is, (gsize) (id_end - was + 1)), ==, 0);
          if (i > 0)
            g_assert_cmpstr (is, ==, was);
        }
      {
        const char *line = g_ptr_array_index (after, 0);
        g_autofree char *newest = g_strndup (line, (gsize) (strchr (line, ' ') - line));

        kept = version_contents (fixture, newest);
      }
      g_assert_cmpstr (kept, ==, replaced);

      /* The other deck's versions as they were. */
      g_clear_pointer (&err, g_free);
      bone_after = history_of (fixture, bone, &err);
      g_assert_cmpuint (bone_after->len, ==, bone_before->len);
      g_assert_cmpstr (g_ptr_array_index (bone_after, 0), ==, g_ptr_array_index (bone_before, 0));
    }
}

static void
test_history_outside_a_library_says_so (Fixture       *fixture,
                                        gconstpointer  data)
{
  g_autofree char *loose = copy_deck (fixture->cli.tmpdir, "orc-green-wall.xml", "loose.xml");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (run (fixture, (const char *[]) { "--history", loose, NULL }, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "loose.xml"));
  g_assert_nonnull (strstr (err, "library"));
}

/* poppler-glib 22 (Debian bookworm) declares no g_autoptr() cleanups. */
typedef PopplerDocument PdfDocument;
typedef PopplerPage PdfPage;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PdfDocument, g_object_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PdfPage, g_object_unref)

/* The swaps page of a PDF --only-new-vs printed: its page count is
 * one page of faces, the swaps and the credits. */
static char *
swaps_text (const char *pdf)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = g_filename_to_uri (pdf, NULL, &error);
  g_autoptr(PdfDocument) document = poppler_document_new_from_file (uri, NULL, &error);
  g_autoptr(PdfPage) page = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (poppler_document_get_n_pages (document), ==, 3);
  page = poppler_document_get_page (document, 1);
  return poppler_page_get_text (page);
}

/* --print-cards --only-new-vs takes one of the deck's own versions, by
 * the id --history prints or its position there, and prints only what
 * the deck has beyond that version; a version it does not have is
 * refused and nothing is written. */
static void
test_print_only_new_vs_a_version (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autofree char *deck = g_build_filename (fixture->root, "growing.xml", NULL);
  g_autofree char *pdf = g_build_filename (fixture->cli.tmpdir, "new.pdf", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *text = NULL;
  g_autoptr(JsonArray) array = NULL;
  const char *oldest, *newer;

  import_three_times (fixture, deck);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (fixture, (const char *[]) { "--history", deck, "--json", NULL }, &out, &err), ==, 0);
  array = parse_array (out);
  g_assert_cmpuint (json_array_get_length (array), ==, 2);
  newer = json_object_get_string_member (json_array_get_object_element (array, 0), "version");
  oldest = json_object_get_string_member (json_array_get_object_element (array, 1), "version");

  /* Against the oldest (4 Thornwood Scout, 2 Seedfall). */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (fixture, (const char *[]) { "--print-cards", deck, "--output", pdf, "--only-new-vs", oldest,
                                                    NULL }, &out, &err), ==, 0);
  text = swaps_text (pdf);
  /* Named by the version it was printed against (poppler may break the line). */
  g_assert_nonnull (strstr (text, oldest));
  g_assert_nonnull (strstr (text, "3 × Seedfall"));
  g_assert_nonnull (strstr (text, "2 × Thornwood Scout"));
  g_clear_pointer (&text, g_free);

  /* Against the newer (2 Thornwood Scout, 3 Seedfall), by its id and by its position. */
  for (guint i = 0; i < 2; i++)
    {
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
      g_assert_cmpint (g_remove (pdf), ==, 0);
      g_assert_cmpint (run (fixture, (const char *[]) { "--print-cards", deck, "--output", pdf, "--only-new-vs",
                                                        i == 0 ? newer : "1", NULL }, &out, &err), ==, 0);
      text = swaps_text (pdf);
      g_assert_nonnull (strstr (text, "2 × Seedfall"));
      g_assert_null (strstr (text, "Thornwood Scout"));
      g_clear_pointer (&text, g_free);
    }

  /* Neither a file nor a version: refused, nothing written. */
  g_assert_cmpint (g_remove (pdf), ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (fixture, (const char *[]) { "--print-cards", deck, "--output", pdf, "--only-new-vs",
                                                    "no-such-version", NULL }, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "no-such-version"));
  g_assert_nonnull (strstr (err, "--history"));
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
}

/* How often @needle is in @haystack. */
static guint
count_in (const char *haystack,
          const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

/* Every fault of a library at once: a deck that does not parse (the
 * fixture's torn.xml), one of an unknown game, links leading to each
 * other, a link to a folder above, a deck file that is a link loop, a
 * folder too deep, a library folder that is a file.  --library lists
 * every deck once, the unreadable with their reason; each marked folder
 * is said once on stderr; --find still finds; both exit 2. */
static void
test_library_faults_are_each_said_once (Fixture       *fixture,
                                        gconstpointer  data)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *a = g_build_filename (fixture->root, "a", NULL);
  g_autofree char *b = g_build_filename (fixture->root, "b", NULL);
  g_autofree char *up = g_build_filename (fixture->root, "Friends", "up", NULL);
  g_autofree char *self = g_build_filename (fixture->root, "self.xml", NULL);
  g_autofree char *file_root = dw_test_write_file (fixture->cli.tmpdir, "not-a-folder", "decks?\n");
  g_autofree char *line = NULL;
  g_autoptr(GString) deep = g_string_new (fixture->root);

  g_free (dw_test_write_file (fixture->root, "chess.xml",
                              "<deck xmlns=\"urn:deckwright:deck:1\" game=\"chess\"><name>x</name></deck>\n"));
  g_assert_cmpint (symlink ("b", a), ==, 0);
  g_assert_cmpint (symlink ("a", b), ==, 0);
  g_assert_cmpint (symlink ("..", up), ==, 0);
  g_assert_cmpint (symlink ("self.xml", self), ==, 0);
  for (guint depth = 1; depth <= 33; depth++)
    {
      g_string_append (deep, G_DIR_SEPARATOR_S "d");
      g_assert_cmpint (g_mkdir (deep->str, 0755), ==, 0);
    }
  g_free (dw_test_write_file (deep->str, "deep.txt", "4 Thornwood Scout\n"));

  g_assert_cmpint (run (fixture, (const char *[]) { "--library", fixture->root, file_root, NULL }, &out, &err),
                   ==, 2);
  /* The fixture's five, the unknown game and the link: each once. */
  g_assert_cmpuint (dw_test_count_lines (out), ==, 7);
  g_assert_cmpuint (count_in (out, "green.xml: legal"), ==, 1);
  g_assert_nonnull (strstr (out, "torn.xml: unreadable: "));
  g_assert_nonnull (strstr (out, "chess.xml: unreadable: "));
  g_assert_nonnull (strstr (out, "“chess”"));
  line = g_strdup_printf ("%s: unreadable: %s: symbolic links lead to each other in a loop", self, self);
  g_assert_nonnull (strstr (out, line));
  g_assert_null (strstr (out, "deep.txt"));

  g_clear_pointer (&line, g_free);
  line = g_strdup_printf ("deckwright: %s: symbolic links lead to each other in a loop", a);
  g_assert_cmpuint (count_in (err, line), ==, 1);
  g_clear_pointer (&line, g_free);
  line = g_strdup_printf ("deckwright: %s: symbolic links lead to each other in a loop", b);
  g_assert_cmpuint (count_in (err, line), ==, 1);
  g_clear_pointer (&line, g_free);
  line = g_strdup_printf ("deckwright: %s: a symbolic link leads back to a folder above it", up);
  g_assert_cmpuint (count_in (err, line), ==, 1);
  g_clear_pointer (&line, g_free);
  line = g_strdup_printf ("deckwright: %s: the folder is more than 32 folders below %s", deep->str, fixture->root);
  g_assert_cmpuint (count_in (err, line), ==, 1);
  g_clear_pointer (&line, g_free);
  line = g_strdup_printf ("deckwright: %s: is not a folder", file_root);
  g_assert_cmpuint (count_in (err, line), ==, 1);
  /* Nothing else is said. */
  g_assert_cmpuint (dw_test_count_lines (err), ==, 5);

  /* The JSON says why, per deck. */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (fixture, (const char *[]) { "--library", fixture->root, "--json", NULL }, &out, &err), ==, 2);
  {
    g_autoptr(JsonArray) decks = parse_array (out);
    JsonObject *chess = object_for (decks, "chess.xml");

    g_assert_cmpuint (json_array_get_length (decks), ==, 7);
    g_assert_true (json_object_get_null_member (chess, "legal"));
    g_assert_nonnull (strstr (json_object_get_string_member (chess, "unreadable"), "chess"));
  }

  /* --find finds in the rest, warns of each unreadable deck once. */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (fixture, (const char *[]) { "--find", "card:\"Thornwood Scout\"", fixture->root, NULL },
                        &out, &err), ==, 2);
  g_assert_nonnull (strstr (out, "green.xml: 4 × Thornwood Scout"));
  g_assert_cmpuint (count_in (err, "chess.xml: unreadable"), ==, 1);
  g_assert_cmpuint (count_in (err, "self.xml: unreadable"), ==, 1);
  g_assert_cmpuint (count_in (err, "torn.xml: unreadable"), ==, 1);
}

/* --history of a deck whose earlier version does not parse lists it, and
 * says it cannot be compared, naming the file and line. */
static void
test_history_of_a_version_that_does_not_parse (Fixture       *fixture,
                                               gconstpointer  data)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *torn = g_build_filename (fixture->root, "Friends", "torn.xml", NULL);
  g_autofree char *list = dw_test_write_file (fixture->cli.tmpdir, "list.txt", "4 Thornwood Scout\n");

  g_assert_cmpint (run (fixture, (const char *[]) { "--import", list, "--output", torn, NULL }, &out, &err), ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (fixture, (const char *[]) { "--history", torn, NULL }, &out, &err), ==, 0);
  g_assert_cmpuint (dw_test_count_lines (out), ==, 1);
  g_assert_nonnull (strstr (out, "cannot compare: "));
  /* the version file and the line */
  g_assert_nonnull (strstr (out, G_DIR_SEPARATOR_S DW_DECK_LIBRARY_DIR G_DIR_SEPARATOR_S));
  g_assert_nonnull (strstr (out, ".xml:2:"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("/cli/library/lists-every-deck", test_library_lists_every_deck);
  ADD ("/cli/library/faults-are-each-said-once", test_library_faults_are_each_said_once);
  ADD ("/cli/library/json-has-the-fields", test_library_json_has_the_fields);
  ADD ("/cli/find/prints-the-matching-cards", test_find_prints_the_matching_cards);
  ADD ("/cli/find/json-lists-the-matched-cards", test_find_json_lists_the_matched_cards);
  ADD ("/cli/find/exit-status", test_find_exit_status);
  ADD ("/cli/find/sees-a-deck-changed-since-the-index", test_find_sees_a_deck_changed_since_the_index);
  ADD ("/cli/history/and-restore-through-every-save", test_history_and_restore_through_every_save);
  ADD ("/cli/history/restore-after-a-damaged-index", test_restore_after_a_damaged_index);
  ADD ("/cli/history/outside-a-library-says-so", test_history_outside_a_library_says_so);
  ADD ("/cli/history/of-a-version-that-does-not-parse", test_history_of_a_version_that_does_not_parse);
  ADD ("/cli/print/only-new-vs-a-version", test_print_only_new_vs_a_version);

  return g_test_run ();
}
