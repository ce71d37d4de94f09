/* test-hostile.c — hostile files through the card database, deck and game
 * loaders, and saves that fail
 *
 * tests/test-xml.c holds the reader's own promises; here each loader is
 * fed the file end to end.  Every test runs in a child process with a
 * time limit and (except under AddressSanitizer, which reserves terabytes
 * of address space) a 1 GiB address-space limit, so a hang or a runaway
 * allocation fails the test instead of the machine.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "dw-test-util.h"

#if defined(__SANITIZE_ADDRESS__)
# define UNDER_ASAN 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define UNDER_ASAN 1
# endif
#endif

static DwLibrary *library;

typedef enum
{
  LOADER_CARD_DB,
  LOADER_DECK,
  LOADER_GAME,
  N_LOADERS
} Loader;

/* A valid document of each kind, cut where a hostile payload goes: the
 * payload lands on line 4, after the text of "before"'s last line. */
static const struct
{
  const char *name;
  const char *before;
  const char *after;
} documents[N_LOADERS] = {
  { "card-db",
    "<?xml version=\"1.0\"?>\n"
    "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
    "  <card id=\"a-1\">\n"
    "    <name>Alpha</name><type>Creature</type><art>",
    "</art>\n"
    "  </card>\n"
    "</carddb>\n" },
  { "deck",
    "<?xml version=\"1.0\"?>\n"
    "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n"
    "  <section id=\"main\">\n"
    "    <card id=\"arc-0001\" count=\"4\">Thornwood Scout</card><art>",
    "</art>\n"
    "  </section>\n"
    "</deck>\n" },
  { "game",
    "<?xml version=\"1.0\"?>\n"
    "<game xmlns=\"urn:deckwright:game:1\" id=\"g\">\n"
    "  <types>\n"
    "    <type id=\"Unit\"/><art>",
    "</art>\n"
    "  </types>\n"
    "</game>\n" },
};

static DwGame *
lookup_game_cb (const char *game_id,
                gpointer    user_data)
{
  return dw_library_lookup_game (library, game_id);
}

/* Loads @data as @loader reads it; returns the error, or NULL. */
static GError *
load (Loader      loader,
      const char *data,
      gsize       length)
{
  GError *error = NULL;

  switch (loader)
    {
    case LOADER_CARD_DB:
      {
        g_autoptr(DwCardDb) db = dw_card_db_load_data (data, length, "t.xml", lookup_game_cb, NULL, &error);

        g_assert_true ((db == NULL) == (error != NULL));
      }
      break;
    case LOADER_DECK:
      {
        g_autoptr(DwDeck) deck = dw_deck_load_data (data, length, "t.xml", &error);

        g_assert_true ((deck == NULL) == (error != NULL));
      }
      break;
    case LOADER_GAME:
    default:
      {
        g_autoptr(DwGame) game = dw_game_new_from_data (data, length, "t.xml", &error);

        g_assert_true ((game == NULL) == (error != NULL));
      }
      break;
    }
  return error;
}

static char *
document (Loader      loader,
          const char *payload)
{
  return g_strconcat (documents[loader].before, payload, documents[loader].after, NULL);
}

/* The column on line 4 where the payload starts. */
static guint
payload_column (Loader loader)
{
  const char *before = documents[loader].before;

  return (guint) strlen (strrchr (before, '\n') + 1) + 1;
}

static void
assert_error_at (const GError *error,
                 GQuark        domain,
                 int           code,
                 guint         line,
                 guint         column,
                 const char   *fragment)
{
  g_autofree char *prefix = g_strdup_printf ("t.xml:%u:%u: ", line, column);

  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (error->domain == domain);
  g_assert_cmpint (error->code, ==, code);
  if (!g_str_has_prefix (error->message, prefix) || strstr (error->message, fragment) == NULL)
    g_error ("expected “%s…%s…”, got “%s”", prefix, fragment, error->message);
}

/* Runs @body in a child with bounded time and memory. */
static void
run_bounded (void  (*body) (void),
             guint   seconds)
{
  if (g_test_subprocess ())
    {
#ifndef UNDER_ASAN
      struct rlimit limit = { (rlim_t) 1 << 30, (rlim_t) 1 << 30 };

      g_assert_cmpint (setrlimit (RLIMIT_AS, &limit), ==, 0);
#endif
      body ();
      return;
    }

  g_test_trap_subprocess (NULL, (guint64) seconds * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* External entities: refused at the DOCTYPE, the file never read. */

static void
external_entity_body (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *secret = dw_test_write_file (dir, "secret.txt", "TOP-SECRET-3b9f\n");
  g_autofree char *uri = g_filename_to_uri (secret, NULL, NULL);

  for (Loader loader = 0; loader < N_LOADERS; loader++)
    {
      g_autofree char *body = document (loader, "&secret;");
      g_autofree char *doc = g_strdup_printf ("<?xml version=\"1.0\"?>\n"
                                              "<!DOCTYPE x [<!ENTITY secret SYSTEM \"%s\">]>\n%s",
                                              uri, strchr (body, '\n') + 1);
      g_autoptr(GError) error = load (loader, doc, strlen (doc));

      assert_error_at (error, DW_XML_ERROR, DW_XML_ERROR_FORBIDDEN, 2, 1,
                       "document type declarations are not allowed");
      g_assert_null (strstr (error->message, "TOP-SECRET"));
    }

  dw_test_remove_tree (dir);
}

static void
test_external_entity_is_never_read (void)
{
  run_bounded (external_entity_body, 20);
}

/* The billion laughs: refused before a single entity is expanded. */

static void
entity_bomb_body (void)
{
  g_autoptr(GString) dtd = g_string_new ("<!DOCTYPE x [<!ENTITY l0 \"lol\">");

  for (guint i = 1; i < 10; i++)
    {
      g_string_append_printf (dtd, "<!ENTITY l%u \"", i);
      for (guint j = 0; j < 10; j++)
        g_string_append_printf (dtd, "&l%u;", i - 1);
      g_string_append (dtd, "\">");
    }
  g_string_append (dtd, "]>\n");

  for (Loader loader = 0; loader < N_LOADERS; loader++)
    {
      g_autofree char *body = document (loader, "&l9;");
      g_autofree char *doc = g_strconcat ("<?xml version=\"1.0\"?>\n", dtd->str,
                                          strchr (body, '\n') + 1, NULL);
      g_autoptr(GError) error = load (loader, doc, strlen (doc));

      assert_error_at (error, DW_XML_ERROR, DW_XML_ERROR_FORBIDDEN, 2, 1,
                       "document type declarations are not allowed");
    }
}

static void
test_entity_bomb_is_refused_quickly (void)
{
  run_bounded (entity_bomb_body, 10);
}

/* 100,000 elements deep inside an element the loaders keep whole: the
 * reader stops at libxml2's depth limit, where the recursive copy would
 * otherwise have overflowed the stack. */

static void
deep_nesting_body (void)
{
  for (Loader loader = 0; loader < N_LOADERS; loader++)
    {
      g_autoptr(GString) payload = g_string_new (NULL);
      g_autofree char *doc = NULL;
      g_autoptr(GError) error = NULL;

      for (guint i = 0; i < 100000; i++)
        g_string_append (payload, "<x>");
      for (guint i = 0; i < 100000; i++)
        g_string_append (payload, "</x>");
      doc = document (loader, payload->str);

      error = load (loader, doc, strlen (doc));
      /* 256 open elements are allowed beside the root; with the root, its
       * child and <art> open, the 255th <x> is one too many, and the
       * column is just past its name. */
      assert_error_at (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED, 4,
                       payload_column (loader) + 254 * strlen ("<x>") + strlen ("<x"),
                       "nested more than 256 deep");
    }
}

static void
test_deep_nesting_is_an_error_not_a_crash (void)
{
  run_bounded (deep_nesting_body, 30);
}

/* Invalid UTF-8 names the line and the column of the bad byte. */

static void
invalid_utf8_body (void)
{
  for (Loader loader = 0; loader < N_LOADERS; loader++)
    {
      g_autofree char *doc = document (loader, "caf\xc3\xa9 ok \xff here");
      g_autoptr(GError) error = load (loader, doc, strlen (doc));

      assert_error_at (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED, 4,
                       payload_column (loader) + g_utf8_strlen ("café ok ", -1), "UTF-8");
    }
}

static void
test_invalid_utf8_names_line_and_column (void)
{
  run_bounded (invalid_utf8_body, 10);
}

/* A file cut off in the middle: the error is where it stops and says so. */

static void
truncated_body (void)
{
  for (Loader loader = 0; loader < N_LOADERS; loader++)
    {
      g_autofree char *doc = document (loader, "art");
      /* Cut in the middle of the line after the payload: "  </c…" */
      gsize cut = strlen (documents[loader].before) + strlen ("art</art>\n  </");
      g_autoptr(GError) error = load (loader, doc, cut);

      assert_error_at (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED, 5, 5,
                       "the file ends in the middle of the document");
    }
}

static void
test_truncated_file_says_where_it_stops (void)
{
  run_bounded (truncated_body, 10);
}

/* 200 MB: a card whose text is one 200 MB text node, written to disk and
 * loaded from there (a chunk at a time, never whole): the reader refuses
 * a text over 10 MB, so memory stays bounded and the error names the
 * place. */

static void
huge_file_body (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "huge.xml", NULL);
  g_autofree char *block = g_strnfill (1024 * 1024, 'A');
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = NULL;
  FILE *file = fopen (path, "w");
  const char *before = documents[LOADER_CARD_DB].before;
  const char *after = documents[LOADER_CARD_DB].after;
  struct stat info;

  g_assert_nonnull (file);
  g_assert_cmpint (fputs (before, file), >=, 0);
  for (guint i = 0; i < 200; i++)
    g_assert_cmpuint (fwrite (block, 1, 1024 * 1024, file), ==, 1024 * 1024);
  g_assert_cmpint (fputs (after, file), >=, 0);
  g_assert_cmpint (fclose (file), ==, 0);
  g_assert_cmpint (g_stat (path, &info), ==, 0);
  g_assert_cmpint (info.st_size, >, 200 * 1024 * 1024);

  db = dw_card_db_load (path, lookup_game_cb, NULL, &error);
  g_assert_null (db);
  g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED);
  g_test_message ("%s", error->message);
  {
    g_autofree char *prefix = g_strconcat (path, ":4:", NULL);

    g_assert_true (g_str_has_prefix (error->message, prefix));
    g_assert_nonnull (strstr (error->message, "huge text node"));
  }

  dw_test_remove_tree (dir);
}

static void
test_huge_file_fails_cleanly_in_bounded_memory (void)
{
  run_bounded (huge_file_body, 30);
}

/* Saves that fail leave the old file whole and say why.  tests/test-xml.c
 * checks dw_xml_save() itself; these go through the savers. */

typedef enum
{
  SAVE_CARD_DB,
  SAVE_DECK,
} Saver;

static gboolean
save (Saver        saver,
      const char  *path,
      GError     **error)
{
  if (saver == SAVE_CARD_DB)
    {
      g_autofree char *shipped = dw_test_data_path ("cards", "arcmage-core.xml", NULL);
      g_autoptr(DwCardDb) db = dw_card_db_load (shipped, lookup_game_cb, NULL, NULL);

      g_assert_nonnull (db);
      return dw_card_db_save (db, path, error);
    }
  else
    {
      g_autofree char *shipped = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
      g_autoptr(DwDeck) deck = dw_deck_load (shipped, NULL);

      g_assert_nonnull (deck);
      return dw_deck_save (deck, path, error);
    }
}

static const char *old_contents = "<old>the previous file, whole</old>\n";

static guint
count_entries (const char *dir)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (handle != NULL && g_dir_read_name (handle) != NULL)
    n++;
  return n;
}

/* The message names the file the user saved to, and the reason. */
static void
assert_says_why (const GError *error,
                 const char   *path,
                 int           errsv)
{
  g_autofree char *prefix = g_strconcat (path, ": cannot be saved: ", NULL);

  if (!g_str_has_prefix (error->message, prefix) || !g_str_has_suffix (error->message, g_strerror (errsv)))
    g_error ("expected “%s… %s”, got “%s”", prefix, g_strerror (errsv), error->message);
}

/* A folder the user may not write to.  Root writes anywhere, so as root
 * the save runs as “nobody” (the folder stays root's and 0755). */
static void
save_into_read_only_folder (Saver saver)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *kept = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;

      dir = g_strdup (g_getenv ("DW_TEST_SAVE_DIR"));
      path = g_build_filename (dir, "saved.xml", NULL);
      if (geteuid () == 0)
        {
          g_assert_cmpint (setgid (65534), ==, 0);
          g_assert_cmpint (setuid (65534), ==, 0);
        }

      g_assert_false (save (saver, path, &error));
      g_test_message ("%s", error->message);
      g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ACCES);
      assert_says_why (error, path, EACCES);
      return;
    }

  dir = dw_test_make_tmpdir ();
  path = dw_test_write_file (dir, "saved.xml", old_contents);
  g_assert_cmpint (g_chmod (path, 0644), ==, 0);
  g_assert_cmpint (g_chmod (dir, geteuid () == 0 ? 0755 : 0555), ==, 0);
  g_setenv ("DW_TEST_SAVE_DIR", dir, TRUE);

  g_test_trap_subprocess (NULL, 30 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();

  g_assert_cmpint (g_chmod (dir, 0700), ==, 0);
  kept = dw_test_read_file (path);
  g_assert_cmpstr (kept, ==, old_contents);
  g_assert_cmpuint (count_entries (dir), ==, 1);
  dw_test_remove_tree (dir);
}

static void
test_card_db_save_into_read_only_folder_keeps_old_file (void)
{
  save_into_read_only_folder (SAVE_CARD_DB);
}

static void
test_deck_save_into_read_only_folder_keeps_old_file (void)
{
  save_into_read_only_folder (SAVE_DECK);
}

/* A full disk, as a file-size limit: writes past 512 bytes fail with EFBIG
 * (SIGXFSZ ignored), whoever runs the test. */
static void
save_onto_full_disk (Saver saver)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *kept = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      struct rlimit limit = { 512, 512 };

      dir = g_strdup (g_getenv ("DW_TEST_SAVE_DIR"));
      path = g_build_filename (dir, "saved.xml", NULL);
      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);

      g_assert_false (save (saver, path, &error));
      g_test_message ("%s", error->message);
      g_assert_true (error->domain == G_FILE_ERROR);
      assert_says_why (error, path, EFBIG);
      return;
    }

  dir = dw_test_make_tmpdir ();
  path = dw_test_write_file (dir, "saved.xml", old_contents);
  g_setenv ("DW_TEST_SAVE_DIR", dir, TRUE);

  g_test_trap_subprocess (NULL, 30 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();

  kept = dw_test_read_file (path);
  g_assert_cmpstr (kept, ==, old_contents);
  /* The half-written temporary file is gone too. */
  g_assert_cmpuint (count_entries (dir), ==, 1);
  dw_test_remove_tree (dir);
}

static void
test_card_db_save_onto_full_disk_keeps_old_file (void)
{
  save_onto_full_disk (SAVE_CARD_DB);
}

static void
test_deck_save_onto_full_disk_keeps_old_file (void)
{
  save_onto_full_disk (SAVE_DECK);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  library = dw_test_library ();

  g_test_add_func ("/hostile/external-entity-is-never-read", test_external_entity_is_never_read);
  g_test_add_func ("/hostile/entity-bomb-is-refused-quickly", test_entity_bomb_is_refused_quickly);
  g_test_add_func ("/hostile/deep-nesting-is-an-error-not-a-crash", test_deep_nesting_is_an_error_not_a_crash);
  g_test_add_func ("/hostile/invalid-utf8-names-line-and-column", test_invalid_utf8_names_line_and_column);
  g_test_add_func ("/hostile/truncated-file-says-where-it-stops", test_truncated_file_says_where_it_stops);
  g_test_add_func ("/hostile/200-mb-file-fails-cleanly-in-bounded-memory",
                   test_huge_file_fails_cleanly_in_bounded_memory);
  g_test_add_func ("/hostile/save/card-db-into-read-only-folder-keeps-old-file",
                   test_card_db_save_into_read_only_folder_keeps_old_file);
  g_test_add_func ("/hostile/save/deck-into-read-only-folder-keeps-old-file",
                   test_deck_save_into_read_only_folder_keeps_old_file);
  g_test_add_func ("/hostile/save/card-db-onto-full-disk-keeps-old-file",
                   test_card_db_save_onto_full_disk_keeps_old_file);
  g_test_add_func ("/hostile/save/deck-onto-full-disk-keeps-old-file",
                   test_deck_save_onto_full_disk_keeps_old_file);

  status = g_test_run ();
  g_object_unref (library);
  return status;
}
