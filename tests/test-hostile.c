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
#include <fcntl.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utime.h>

#include "dw-event-report.h"
#include "dw-export.h"
#include "dw-import.h"
#include "dw-import-cards.h"
#include "dw-json.h"
#include "dw-print.h"
#include "dw-save.h"
#include "dw-sheet.h"
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

/* Hostile decklists and card JSON, through every importer. */

/* Imports @length bytes of @data named @name as a deck (deck_kind) or,
 * for DW_IMPORT_AUTO with cards set, as card JSON; returns the error, or
 * NULL when it imported. */
static GError *
import (const char   *data,
        gsize         length,
        const char   *name,
        DwImportKind  kind,
        gboolean      cards)
{
  GError *error = NULL;

  if (cards)
    {
      g_autoptr(DwCardImport) import = dw_card_import_new (dw_library_lookup_game (library, "arcmage"));
      g_autoptr(DwCardDb) db = NULL;

      if (dw_card_import_add_data (import, data, length, name, &error))
        {
          db = dw_card_import_finish (import, &error);
          g_assert_true ((db == NULL) == (error != NULL));
        }
    }
  else
    {
      g_autoptr(DwDeck) deck = dw_import_deck_data (library, data, length, name, kind, NULL,
                                                    NULL, &error);

      g_assert_true ((deck == NULL) == (error != NULL));
    }
  return error;
}

static void
assert_message (const GError *error,
                const char   *prefix,
                const char   *fragment)
{
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  if (!g_str_has_prefix (error->message, prefix) || strstr (error->message, fragment) == NULL)
    g_error ("expected “%s…%s…”, got “%s”", prefix, fragment, error->message);
}

/* JSON nested @depth deep: arrays, or objects of one member. */
static char *
nested_json (guint    depth,
             gboolean objects)
{
  GString *json = g_string_new (NULL);

  for (guint i = 0; i < depth; i++)
    g_string_append (json, objects ? "{\"a\":" : "[");
  g_string_append (json, "1");
  for (guint i = 0; i < depth; i++)
    g_string_append_c (json, objects ? '}' : ']');
  return g_string_free (json, FALSE);
}

/* B1: 75,000 levels of JSON overflowed json-glib's recursive parser's
 * stack.  The depth is bounded before json-glib sees the text, in the
 * deck importer and the card importer alike, and the error says where. */
static void
b1_json_nested_body (void)
{
  for (guint objects = 0; objects < 2; objects++)
    {
      g_autofree char *deep = nested_json (75000, objects);
      g_autofree char *at_limit = nested_json (DW_JSON_MAX_DEPTH, objects);
      /* The level past the limit opens at this column. */
      g_autofree char *prefix = g_strdup_printf ("t.json:1:%u: ", DW_JSON_MAX_DEPTH * (objects ? 5 : 1) + 1);
      g_autofree char *fragment = g_strdup_printf ("JSON nested deeper than %u", DW_JSON_MAX_DEPTH);

      for (guint cards = 0; cards < 2; cards++)
        {
          g_autoptr(GError) error = import (deep, strlen (deep), "t.json", DW_IMPORT_AUTO, cards);
          g_autoptr(GError) limit_error = import (at_limit, strlen (at_limit), "t.json", DW_IMPORT_AUTO, cards);

          g_assert_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED);
          assert_message (error, prefix, fragment);
          /* As deep as allowed: read, and refused for what it holds. */
          g_assert_error (limit_error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED);
          g_assert_null (strstr (limit_error->message, "nested"));
        }
    }

  /* json-glib also reads C comments and 'strings': a double quote in one
   * of them hid the nesting after it from a check that knew only JSON. */
  {
    g_autofree char *deep = nested_json (75000, FALSE);
    g_autofree char *after_comment = g_strconcat ("/* \" */ ", deep, NULL);
    g_autofree char *after_string = g_strconcat ("['\"', ", deep, "]", NULL);
    const char *files[] = { after_comment, after_string };

    for (guint i = 0; i < G_N_ELEMENTS (files); i++)
      for (guint cards = 0; cards < 2; cards++)
        {
          g_autoptr(GError) error = import (files[i], strlen (files[i]), "t.json", DW_IMPORT_AUTO, cards);

          g_assert_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED);
          assert_message (error, "t.json:1:", "JSON nested deeper than");
        }
  }
}

static void
test_b1_json_nested_75000_deep_is_refused (void)
{
  run_bounded (b1_json_nested_body, 30);
}

/* Every command that reads JSON refuses it with the same error, and a
 * folder's report still judges every other deck in it. */
static void
test_b1_json_nested_75000_deep_every_command (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *event = g_build_filename (dir, "event", NULL);
  g_autofree char *deep = nested_json (75000, FALSE);
  g_autofree char *deep_path = NULL;
  g_autofree char *deck = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autofree char *deck_text = dw_test_read_file (deck);
  g_autofree char *cards_out = g_build_filename (dir, "cards.xml", NULL);
  g_autofree char *deck_out = g_build_filename (dir, "deck.xml", NULL);
  g_autofree char *report = g_build_filename (dir, "report.csv", NULL);
  g_autofree char *report_text = NULL;
  g_autofree char *expected = NULL;
  const char *import_args[] = { "--import", NULL, "--output", deck_out, NULL };
  const char *cards_args[] = { "--import-cards", NULL, "--output", cards_out, NULL };
  const char *validate_args[] = { "--validate", NULL, NULL };
  const char *report_args[] = { "--report", "csv", event, "--output", report, NULL };
  const char * const *refusing[] = { import_args, cards_args, validate_args };

  g_assert_cmpint (g_mkdir (event, 0755), ==, 0);
  deep_path = dw_test_write_file (event, "a-deep.json", deep);
  g_free (dw_test_write_file (event, "b-green-wall.xml", deck_text));
  import_args[1] = cards_args[1] = validate_args[1] = deep_path;
  expected = g_strdup_printf ("%s:1:%u: JSON nested deeper than %u", deep_path,
                              DW_JSON_MAX_DEPTH + 1, DW_JSON_MAX_DEPTH);

  for (guint i = 0; i < G_N_ELEMENTS (refusing); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (dw_test_run_deckwright (dir, refusing[i], &out, &err), ==, 2);
      g_test_message ("%s: %s", refusing[i][0], err);
      g_assert_nonnull (strstr (err, expected));
    }
  g_assert_false (g_file_test (deck_out, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (cards_out, G_FILE_TEST_EXISTS));

  {
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    /* 2: a file could not be read; the report is written all the same. */
    g_assert_cmpint (dw_test_run_deckwright (dir, report_args, &out, &err), ==, 2);
  }
  report_text = dw_test_read_file (report);
  g_test_message ("%s", report_text);
  g_assert_nonnull (strstr (report_text, "/a-deep.json,a-deep,,,,unreadable,"));
  g_assert_nonnull (strstr (report_text, "/b-green-wall.xml,Deckwright,Green Wall,Arcmage,arcmage-orc,legal,"));

  dw_test_remove_tree (dir);
}

/* B2: what XML 1.0 cannot hold (control characters but tab and line
 * ends, U+FFFE, U+FFFF, and in JSON "\u0000" and lone surrogates) used
 * to be saved as U+FFFD, so that "x\x03" and "x\x04" became one section
 * name twice and the saved deck did not open.  Every importer refuses it,
 * naming the line and column. */

typedef struct
{
  const char   *format;   /* the test's name for it */
  const char   *file;     /* the name it is read under */
  DwImportKind  kind;
  gboolean      cards;    /* card JSON rather than a deck */
  const char   *before;   /* the file up to the character, which lands on line 2 */
  const char   *after;
} Carrier;

#define DECK_JSON_HEAD "{\"name\": \"Deck\", \"deckCards\": [\n{\"quantity\": 1, \"card\": {\"name\": \"Thornwood "
#define CARDS_JSON_HEAD "[{\"guid\": \"g-1\", \"type\": {\"name\": \"Creature\"},\n\"name\": \"Thornwood "

static Carrier carriers[] = {
  { "text", "t.txt", DW_IMPORT_TEXT, FALSE, "# Deck\n4 Thornwood ", "Scout\n" },
  { "text-heading", "t.txt", DW_IMPORT_TEXT, FALSE, "4 Thornwood Scout\n## x", "\n1 Mosshollow\n" },
  { "csv", "t.csv", DW_IMPORT_CSV, FALSE, "count;name;section\n1;Sunlit Thicket;x", "\n" },
  { "csv-quoted", "t.csv", DW_IMPORT_CSV, FALSE, "count,name\n4,\"Thornwood ", "Scout\"\n" },
  { "cod", "t.cod", DW_IMPORT_COD, FALSE,
    "<cockatrice_deck version=\"1\">\n<zone name=\"main\"><card number=\"4\" name=\"Thornwood ",
    "Scout\"/></zone></cockatrice_deck>\n" },
  { "arcmage-json", "t.json", DW_IMPORT_ARCMAGE_JSON, FALSE, DECK_JSON_HEAD, "Scout\"}}]}\n" },
  { "card-json", "t.json", DW_IMPORT_AUTO, TRUE, CARDS_JSON_HEAD, "Scout\"}]\n" },
};

static const struct
{
  const char *bytes;
  gsize       length;
  const char *named;  /* how the error names it */
} raw_characters[] = {
  { "\x03", 1, "U+0003" },
  { "\x01", 1, "U+0001" },
  { "\x1f", 1, "U+001F" },
  { "\x0b", 1, "U+000B" },
  { "\0", 1, "U+0000" },
  { "\xef\xbf\xbe", 3, "U+FFFE" },
  { "\xef\xbf\xbf", 3, "U+FFFF" },
};

/* JSON's escapes for what XML cannot hold, named as written; a pair of
 * surrogates is a character and is welcome.  json-glib also reads escapes
 * JSON does not have ("\7" and "\377" as bytes: a control character, a
 * byte that is not UTF-8, found by fuzz-import-json): they are refused as
 * such. */
static const struct
{
  const char *escape;
  const char *named;
} json_escapes[] = {
  { "\\u0003", "the string holds “\\u0003”, a control character" },
  { "\\u0000", "the string holds “\\u0000”, a null character" },
  { "\\u001F", "the string holds “\\u001F”, a control character" },
  { "\\ud800", "the string holds “\\ud800”, half of a surrogate pair" },
  { "\\udfff", "the string holds “\\udfff”, half of a surrogate pair" },
  { "\\ud800\\u0041", "the string holds “\\ud800”, half of a surrogate pair" },
  { "\\uFFFE", "the string holds “\\uFFFE”, not a character" },
  { "\\uffff", "the string holds “\\uffff”, not a character" },
  { "\\b", "the string holds “\\b”, a control character" },
  { "\\f", "the string holds “\\f”, a control character" },
  { "\\7", "“\\7” is no escape of JSON" },
  { "\\377", "“\\3” is no escape of JSON" },
  { "\\0", "“\\0” is no escape of JSON" },
  { "\\x41", "“\\x” is no escape of JSON" },
  { "\\\xc3\xa9", "“\\\xc3\xa9” is no escape of JSON" },
};

static char *
carried (const Carrier *carrier,
         const char    *payload,
         gsize          payload_length,
         gsize         *length)
{
  GString *file = g_string_new (carrier->before);

  g_string_append_len (file, payload, (gssize) payload_length);
  g_string_append (file, carrier->after);
  *length = file->len;
  return g_string_free (file, FALSE);
}

static guint
payload_column_of (const Carrier *carrier)
{
  return (guint) g_utf8_strlen (strrchr (carrier->before, '\n') + 1, -1) + 1;
}

static void
b2_control_characters_body (const Carrier *carrier)
{
  g_autofree char *prefix = g_strdup_printf ("%s:2:", carrier->file);
  g_autofree char *exact = g_strdup_printf ("%s:2:%u: ", carrier->file, payload_column_of (carrier));
  gboolean json = carrier->kind == DW_IMPORT_ARCMAGE_JSON || carrier->cards;

  /* Without the character, the file imports. */
  {
    gsize length;
    g_autofree char *file = carried (carrier, "", 0, &length);
    g_autoptr(GError) error = import (file, length, carrier->file, carrier->kind, carrier->cards);

    g_assert_no_error (error);
  }

  for (guint i = 0; i < G_N_ELEMENTS (raw_characters); i++)
    {
      gsize length;
      g_autofree char *file = carried (carrier, raw_characters[i].bytes, raw_characters[i].length, &length);
      g_autoptr(GError) error = import (file, length, carrier->file, carrier->kind, carrier->cards);

      g_assert_nonnull (error);
      if (carrier->kind == DW_IMPORT_COD)
        {
          /* libxml2 refuses it, where it is or just after. */
          g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED);
          assert_message (error, prefix, "");
        }
      else
        {
          g_assert_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED);
          assert_message (error, exact, raw_characters[i].named);
        }
    }

  if (!json)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (json_escapes); i++)
    {
      gsize length;
      g_autofree char *file = carried (carrier, json_escapes[i].escape, strlen (json_escapes[i].escape), &length);
      g_autoptr(GError) error = import (file, length, carrier->file, carrier->kind, carrier->cards);

      g_assert_error (error, DW_IMPORT_ERROR, DW_IMPORT_ERROR_MALFORMED);
      assert_message (error, exact, json_escapes[i].named);
    }
  {
    gsize length;
    g_autofree char *file = carried (carrier, "\\ud83c\\udf3f", strlen ("\\ud83c\\udf3f"), &length);
    g_autoptr(GError) error = import (file, length, carrier->file, carrier->kind, carrier->cards);

    g_assert_no_error (error);
  }
}

static const Carrier *current_carrier;

static void
b2_control_characters_child (void)
{
  b2_control_characters_body (current_carrier);
}

static void
test_b2_control_characters_are_refused (gconstpointer data)
{
  current_carrier = data;
  run_bounded (b2_control_characters_child, 20);
}

/* The case of the issue, end to end: nothing is written, the reason is
 * said. */
static void
test_b2_cli_import_refuses_a_control_character (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *csv = dw_test_write_file (dir, "b2.csv",
                                             "count;name;section\n"
                                             "1;Sunlit Thicket;x\x03\n"
                                             "1;Thornwood Scout;x\x04\n");
  g_autofree char *output = g_build_filename (dir, "deck.xml", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *expected = g_strdup_printf ("deckwright: %s:2:19: the file holds U+0003, a control "
                                               "character, which no Deckwright file can keep; "
                                               "remove it\n", csv);

  g_assert_cmpint (dw_test_run_deckwright (dir, (const char *[]) { "--import", csv, "--output", output, NULL },
                                           &out, &err), ==, 2);
  g_assert_cmpstr (err, ==, expected);
  g_assert_false (g_file_test (output, G_FILE_TEST_EXISTS));
  dw_test_remove_tree (dir);
}

/* What every importer does take in opens again, saved, as the same deck:
 * the importer checks it itself (and refuses what would not), and this
 * holds it to that with odd but acceptable files of every kind. */
static const struct
{
  const char   *file;
  DwImportKind  kind;
  const char   *text;
} odd_decks[] = {
  { "t.txt", DW_IMPORT_TEXT, "#  Spaced   by  Ada  \n4x  Thornwood Scout \t\n## x\n1 Mosshollow\n## X\n1 Sunlit Thicket\n" },
  { "t.txt", DW_IMPORT_TEXT, "4 A & B < C > \"D\"\n1 caf\xc3\xa9\r\n2 \xc2\x85next\xe2\x80\xa8line\n" },
  { "t.csv", DW_IMPORT_CSV, "count,name,section\n1,\" Thornwood Scout \",\" x \"\n1,\"a\r\nb\",x\n1,\"tab\there\",\"\tx\"\n" },
  { "t.csv", DW_IMPORT_CSV, "count;name;id;section\n1;\"=1+1\";\"  id  \";\"&amp;\"\n" },
  { "t.cod", DW_IMPORT_COD, "<cockatrice_deck version=\"1\"><deckname>  Name  </deckname>"
                            "<comments>a&#13;&#10;b</comments><zone name=\" side \">"
                            "<card number=\"1\" name=\" Mosshollow \"/></zone>"
                            "<zone name=\"x&#9;y\"><card number=\"1\" name=\"a&#9;b\"/></zone></cockatrice_deck>\n" },
  { "t.json", DW_IMPORT_ARCMAGE_JSON, "{\"name\": \" Deck\\r\\n \", \"deckCards\": ["
                                      "{\"quantity\": 2, \"card\": {\"name\": \" Thornwood Scout \", \"guid\": \" g \"}},"
                                      "{\"quantity\": 1, \"card\": {\"name\": \"\\ud83c\\udf3f\\t\", \"guid\": \"\\n\"}}]}\n" },
};

static void
test_b2_every_import_opens_again_as_the_same_deck (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (odd_decks); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DwDeck) deck = dw_import_deck_data (library, odd_decks[i].text, strlen (odd_decks[i].text),
                                                    odd_decks[i].file, odd_decks[i].kind,
                                                    dw_library_lookup_game (library, "arcmage"),
                                                    NULL, &error);
      g_autoptr(DwDeck) again = NULL;
      g_autofree char *saved = NULL;
      g_autofree char *saved_again = NULL;

      g_assert_no_error (error);
      saved = dw_deck_to_string (deck);
      g_test_message ("%s", saved);
      again = dw_deck_load_data (saved, strlen (saved), "saved.xml", &error);
      g_assert_no_error (error);
      saved_again = dw_deck_to_string (again);
      g_assert_cmpstr (saved_again, ==, saved);
    }
}

/* Saves that fail leave the old file whole and say why.  tests/test-xml.c
 * checks dw_xml_save() itself; these go through the savers. */

typedef enum
{
  SAVE_CARD_DB,
  SAVE_DECK,
  SAVE_EXPORT_TEXT,
  SAVE_SHEET_PDF,
  SAVE_TABLE,
  SAVE_REPORT_CSV,
  SAVE_PRINT_PDF,
  N_SAVERS
} Saver;

static const char * const saver_names[N_SAVERS] = {
  "card database", "deck", "deck text export", "registration sheet", "table", "event report",
  "printed cards",
};

/* What @saver writes, made before the save: a child that gives up
 * root's rights may no longer read the shipped files (a clone in /root). */
static GObject *
saved_object (Saver saver)
{
  g_autofree char *shipped_deck = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autoptr(DwDeck) deck = NULL;

  if (saver == SAVE_CARD_DB)
    {
      g_autofree char *shipped = dw_test_data_path ("cards", "arcmage-core.xml", NULL);
      DwCardDb *db = dw_card_db_load (shipped, lookup_game_cb, NULL, NULL);

      g_assert_nonnull (db);
      return G_OBJECT (db);
    }

  if (saver == SAVE_REPORT_CSV)
    {
      DwEvent *event = dw_event_new (library);

      dw_event_add_file (event, shipped_deck);
      return G_OBJECT (event);
    }

  deck = dw_deck_load (shipped_deck, NULL);
  g_assert_nonnull (deck);
  dw_library_resolve_deck (library, deck);

  switch (saver)
    {
    case SAVE_DECK:
    case SAVE_EXPORT_TEXT:
    case SAVE_PRINT_PDF:
      return G_OBJECT (g_steal_pointer (&deck));

    case SAVE_SHEET_PDF:
      {
        DwFormat *format = dw_library_format_for_deck (library, deck, NULL, NULL);

        g_assert_nonnull (format);
        return G_OBJECT (dw_sheet_new (library, deck, format));
      }

    case SAVE_TABLE:
      {
        DwTable *table = dw_table_new (library, deck, NULL, 7, NULL);

        g_assert_nonnull (table);
        return G_OBJECT (table);
      }

    case SAVE_CARD_DB:
    case SAVE_REPORT_CSV:
    case N_SAVERS:
    default:
      g_assert_not_reached ();
    }
}

static gboolean
save_object (Saver        saver,
             GObject     *object,
             const char  *path,
             GError     **error)
{
  switch (saver)
    {
    case SAVE_CARD_DB:
      return dw_card_db_save (DW_CARD_DB (object), path, error);
    case SAVE_DECK:
      return dw_deck_save (DW_DECK (object), path, error);
    case SAVE_EXPORT_TEXT:
      return dw_export_save (DW_DECK (object),
                             dw_library_lookup_game (library, dw_deck_get_game_id (DW_DECK (object))),
                             DW_EXPORT_TEXT, path, error);
    case SAVE_SHEET_PDF:
      return dw_sheet_save_pdf (DW_SHEET (object), path, DW_PAPER_A4, error);
    case SAVE_TABLE:
      return dw_table_save (DW_TABLE (object), path, error);
    case SAVE_REPORT_CSV:
      return dw_event_report_save (DW_EVENT (object), DW_EVENT_REPORT_CSV, path, DW_PAPER_A4, error);
    case SAVE_PRINT_PDF:
      {
        g_autoptr(DwPrintJob) job = NULL;
        DwPrintOptions options;

        dw_print_options_init (&options);
        job = dw_print_job_new (library, DW_DECK (object), NULL, &options, error);
        return job != NULL && dw_print_job_save_pdf (job, path, NULL, NULL, NULL, error);
      }
    case N_SAVERS:
    default:
      g_assert_not_reached ();
    }
}

static gboolean
save (Saver        saver,
      const char  *path,
      GError     **error)
{
  g_autoptr(GObject) object = saved_object (saver);

  return save_object (saver, object, path, error);
}

/* How each saver's file begins, to tell a new file from the old one. */
static const char *
saved_prefix (Saver saver)
{
  switch (saver)
    {
    case SAVE_SHEET_PDF:
    case SAVE_PRINT_PDF:
      return "%PDF-";
    case SAVE_EXPORT_TEXT:
      return "";
    case SAVE_REPORT_CSV:
      return "file,player,";
    case SAVE_CARD_DB:
    case SAVE_DECK:
    case SAVE_TABLE:
    case N_SAVERS:
    default:
      return "<?xml";
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
test_save_into_read_only_folder_keeps_old_file (gconstpointer data)
{
  Saver saver = GPOINTER_TO_INT (data);
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *kept = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GObject) object = saved_object (saver);

      dir = g_strdup (g_getenv ("DW_TEST_SAVE_DIR"));
      path = g_build_filename (dir, "saved.xml", NULL);
      if (geteuid () == 0)
        {
          g_assert_cmpint (setgid (65534), ==, 0);
          g_assert_cmpint (setuid (65534), ==, 0);
        }

      g_assert_false (save_object (saver, object, path, &error));
      g_test_message ("%s", error->message);
      g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ACCES);
      assert_says_why (error, path, EACCES);
      /* Passed.  Ended here, before the exit handlers: as "nobody", a
       * sanitizer's leak check at exit can read neither its suppressions
       * (a clone in /root) nor this process's maps, and would fail a
       * child that checks no memory of its own. */
      if (geteuid () != 0 && getuid () == 65534)
        _exit (0);
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

/* A full disk, as a file-size limit: writes past 64 bytes (less than any
 * saver writes) fail with EFBIG (SIGXFSZ ignored), whoever runs the test. */
static void
test_save_onto_full_disk_keeps_old_file (gconstpointer data)
{
  Saver saver = GPOINTER_TO_INT (data);
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *kept = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      struct rlimit limit = { 64, 64 };

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


/* A fresh folder holding the old file, saved.xml, and its path. */
static char *
folder_with_old_file (char **dir)
{
  *dir = dw_test_make_tmpdir ();
  return dw_test_write_file (*dir, "saved.xml", old_contents);
}

static void
assert_saved_by (Saver       saver,
                 const char *path)
{
  g_autofree char *contents = dw_test_read_file (path);

  g_assert_cmpstr (contents, !=, old_contents);
  g_assert_cmpuint (strlen (contents), >, 0);
  g_assert_true (g_str_has_prefix (contents, saved_prefix (saver)));
}

static void
assert_link_to (const char *link,
                const char *target)
{
  g_autofree char *read_back = g_file_read_link (link, NULL);

  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  g_assert_cmpstr (read_back, ==, target);
}

/* A symbolic link stays a link, and its target (relative to the link's
 * folder, through a chain of links, in another folder) gets the new
 * contents, replaced atomically: no temporary file is left anywhere. */
static void
test_save_through_link_replaces_its_target (gconstpointer data)
{
  Saver saver = GPOINTER_TO_INT (data);
  g_autofree char *dir = NULL;
  g_autofree char *target = folder_with_old_file (&dir);
  g_autofree char *elsewhere = dw_test_make_tmpdir ();
  g_autofree char *link = g_build_filename (elsewhere, "link.xml", NULL);
  g_autofree char *chain = g_build_filename (elsewhere, "chain.xml", NULL);
  g_autoptr(GError) error = NULL;

  g_test_message ("saving a %s", saver_names[saver]);
  g_assert_cmpint (symlink (target, link), ==, 0);
  g_assert_cmpint (symlink ("link.xml", chain), ==, 0);

  g_assert_true (save (saver, chain, &error));
  g_assert_no_error (error);

  assert_link_to (chain, "link.xml");
  assert_link_to (link, target);
  assert_saved_by (saver, target);
  g_assert_cmpuint (count_entries (dir), ==, 1);
  g_assert_cmpuint (count_entries (elsewhere), ==, 2);

  dw_test_remove_tree (elsewhere);
  dw_test_remove_tree (dir);
}

/* A link to a file not made yet makes the file the link names. */
static void
test_save_through_dangling_link_makes_its_target (gconstpointer data)
{
  Saver saver = GPOINTER_TO_INT (data);
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *link = g_build_filename (dir, "link.xml", NULL);
  g_autofree char *target = g_build_filename (dir, "new.xml", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (symlink ("new.xml", link), ==, 0);
  g_assert_true (save (saver, link, &error));
  g_assert_no_error (error);

  assert_link_to (link, "new.xml");
  assert_saved_by (saver, target);
  g_assert_cmpuint (count_entries (dir), ==, 2);
  dw_test_remove_tree (dir);
}

/* Links that go round in a circle are an error, and stay links. */
static void
test_save_through_link_loop_fails (gconstpointer data)
{
  Saver saver = GPOINTER_TO_INT (data);
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *a = g_build_filename (dir, "a.xml", NULL);
  g_autofree char *b = g_build_filename (dir, "b.xml", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (symlink ("b.xml", a), ==, 0);
  g_assert_cmpint (symlink ("a.xml", b), ==, 0);

  g_assert_false (save (saver, a, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_LOOP);
  assert_says_why (error, a, ELOOP);

  assert_link_to (a, "b.xml");
  assert_link_to (b, "a.xml");
  g_assert_cmpuint (count_entries (dir), ==, 2);
  dw_test_remove_tree (dir);
}

/* Saving over @victim (directly, then through a link to it) is refused
 * with a message naming the path and what is there, and changes
 * nothing in @dir. */
static void
assert_save_refused (Saver       saver,
                     const char *dir,
                     const char *victim,
                     GFileError  code,
                     const char *what)
{
  g_autofree char *link = g_build_filename (dir, "link", NULL);
  g_autofree char *direct = g_strdup_printf ("%s: cannot be saved: it is %s, not a file", victim, what);
  g_autofree char *through = g_strdup_printf ("%s: cannot be saved: it is a link to %s, which is %s, not a file",
                                              link, victim, what);
  g_autoptr(GError) error = NULL;
  GStatBuf before, after;
  guint n_entries;

  g_assert_cmpint (symlink (victim, link), ==, 0);
  g_assert_cmpint (g_lstat (victim, &before), ==, 0);
  n_entries = count_entries (dir);

  g_assert_false (save (saver, victim, &error));
  g_assert_error (error, G_FILE_ERROR, (int) code);
  g_assert_cmpstr (error->message, ==, direct);
  g_clear_error (&error);

  g_assert_false (save (saver, link, &error));
  g_assert_error (error, G_FILE_ERROR, (int) code);
  g_assert_cmpstr (error->message, ==, through);

  /* The same node, and no temporary file beside it. */
  g_assert_cmpint (g_lstat (victim, &after), ==, 0);
  g_assert_cmpuint (after.st_ino, ==, before.st_ino);
  g_assert_cmpuint (after.st_mode, ==, before.st_mode);
  assert_link_to (link, victim);
  g_assert_cmpuint (count_entries (dir), ==, n_entries);
}

static void
test_save_over_folder_is_refused (gconstpointer data)
{
  Saver saver = GPOINTER_TO_INT (data);
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *folder = g_build_filename (dir, "deck.xml", NULL);
  g_autofree char *inside = NULL;
  g_autofree char *kept = NULL;

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  inside = dw_test_write_file (folder, "keep.txt", "kept\n");

  assert_save_refused (saver, dir, folder, G_FILE_ERROR_ISDIR, "a folder");
  kept = dw_test_read_file (inside);
  g_assert_cmpstr (kept, ==, "kept\n");
  g_assert_cmpuint (count_entries (folder), ==, 1);
  dw_test_remove_tree (dir);
}

/* A named pipe is refused before it is opened, so nothing waits for a
 * reader either. */
static void
test_save_over_fifo_is_refused (gconstpointer data)
{
  Saver saver = GPOINTER_TO_INT (data);
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *fifo = g_build_filename (dir, "pipe", NULL);

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  assert_save_refused (saver, dir, fifo, G_FILE_ERROR_INVAL, "a named pipe");
  dw_test_remove_tree (dir);
}

static void
test_save_over_socket_is_refused (gconstpointer data)
{
  Saver saver = GPOINTER_TO_INT (data);
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "socket", NULL);
  struct sockaddr_un address = { .sun_family = AF_UNIX };
  int fd = socket (AF_UNIX, SOCK_STREAM, 0);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpuint (strlen (path), <, sizeof address.sun_path);
  strcpy (address.sun_path, path);
  g_assert_cmpint (bind (fd, (struct sockaddr *) &address, sizeof address), ==, 0);

  assert_save_refused (saver, dir, path, G_FILE_ERROR_INVAL, "a socket");
  close (fd);
  dw_test_remove_tree (dir);
}

/* A device node of the test's own (a copy of /dev/full, made as root),
 * or /dev/full itself for a user, who could not replace it anyway: a
 * broken save must never swap a real /dev node for a file. */
static char *
make_device (const char *dir)
{
  char *path;

  if (geteuid () != 0)
    return g_strdup ("/dev/full");
  path = g_build_filename (dir, "full", NULL);
  if (mknod (path, S_IFCHR | 0666, makedev (1, 7)) != 0)
    g_clear_pointer (&path, g_free);
  return path;
}

static void
test_save_over_device_is_refused (gconstpointer data)
{
  Saver saver = GPOINTER_TO_INT (data);
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *device = make_device (dir);

  if (device == NULL)
    {
      g_test_skip ("no device node can be made here");
      dw_test_remove_tree (dir);
      return;
    }
  assert_save_refused (saver, dir, device, G_FILE_ERROR_INVAL, "a device");
  dw_test_remove_tree (dir);
}

/* A file only its owner may read stays so once saved over, directly or
 * through a link. */
static void
test_save_keeps_permissions (gconstpointer data)
{
  Saver saver = GPOINTER_TO_INT (data);
  g_autofree char *dir = NULL;
  g_autofree char *target = folder_with_old_file (&dir);
  g_autofree char *link = g_build_filename (dir, "link.xml", NULL);
  g_autoptr(GError) error = NULL;
  GStatBuf st;

  g_assert_cmpint (g_chmod (target, 0600), ==, 0);
  g_assert_cmpint (symlink ("saved.xml", link), ==, 0);

  g_assert_true (save (saver, target, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (target, &st), ==, 0);
  g_assert_cmpuint (st.st_mode & 0777, ==, 0600);

  g_assert_cmpint (g_chmod (target, 0640), ==, 0);
  g_assert_true (save (saver, link, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (target, &st), ==, 0);
  g_assert_cmpuint (st.st_mode & 0777, ==, 0640);
  assert_saved_by (saver, target);
  dw_test_remove_tree (dir);
}

/* A file its owner may not write (mode 444) is refused as a text editor
 * refuses it, directly or through a link, even for root: the user can
 * chmod it.  The file is left as it was. */
static void
test_save_read_only_file_is_refused (gconstpointer data)
{
  Saver saver = GPOINTER_TO_INT (data);
  g_autofree char *dir = NULL;
  g_autofree char *target = folder_with_old_file (&dir);
  g_autofree char *link = g_build_filename (dir, "link.xml", NULL);
  g_autofree char *direct = g_strdup_printf ("%s: cannot be saved: the file is read-only; make it writable "
                                             "(chmod u+w) or save under another name", target);
  g_autofree char *through = g_strdup_printf ("%s: cannot be saved: it is a link to %s, which is read-only; "
                                              "make it writable (chmod u+w) or save under another name",
                                              link, target);
  g_autofree char *kept = NULL;
  g_autoptr(GError) error = NULL;
  GStatBuf st;

  g_assert_cmpint (g_chmod (target, 0444), ==, 0);
  g_assert_cmpint (symlink (target, link), ==, 0);

  g_assert_false (save (saver, target, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ACCES);
  g_assert_cmpstr (error->message, ==, direct);
  g_clear_error (&error);
  g_assert_false (save (saver, link, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ACCES);
  g_assert_cmpstr (error->message, ==, through);

  kept = dw_test_read_file (target);
  g_assert_cmpstr (kept, ==, old_contents);
  g_assert_cmpint (g_stat (target, &st), ==, 0);
  g_assert_cmpuint (st.st_mode & 0777, ==, 0444);
  g_assert_cmpuint (count_entries (dir), ==, 2);
  g_clear_error (&error);

  /* Made writable again, it saves. */
  g_assert_cmpint (g_chmod (target, 0644), ==, 0);
  g_assert_true (save (saver, link, &error));
  g_assert_no_error (error);
  assert_saved_by (saver, target);
  dw_test_remove_tree (dir);
}

/* A temporary file named as a save of @base names it, made @age seconds
 * ago; the file's path. */
static char *
leave_temp (const char *dir,
            const char *name,
            gint64      age)
{
  g_autofree char *path = dw_test_write_file (dir, name, "half a save");
  struct utimbuf when;

  when.actime = when.modtime = (time_t) (g_get_real_time () / G_USEC_PER_SEC - age);
  g_assert_cmpint (g_utime (path, &when), ==, 0);
  return g_steal_pointer (&path);
}

/* A save killed halfway leaves its temporary file; the next save of the
 * same file removes it, and only it: not one a save under way holds
 * (locked), not a recent one, not another file's, not a name that only
 * looks like ours. */
static void
test_save_removes_stale_temporary_files (gconstpointer data)
{
  Saver saver = GPOINTER_TO_INT (data);
  g_autofree char *dir = NULL;
  g_autofree char *target = folder_with_old_file (&dir);
  g_autofree char *stale = leave_temp (dir, ".saved.xml" DW_SAVE_TEMP_INFIX "Ab12Cd", 3600);
  g_autofree char *held = leave_temp (dir, ".saved.xml" DW_SAVE_TEMP_INFIX "Ef34Gh", 3600);
  g_autofree char *recent = leave_temp (dir, ".saved.xml" DW_SAVE_TEMP_INFIX "Ij56Kl", 0);
  g_autofree char *other = leave_temp (dir, ".other.xml" DW_SAVE_TEMP_INFIX "Mn78Op", 3600);
  g_autofree char *longer = leave_temp (dir, ".saved.xml" DW_SAVE_TEMP_INFIX "Qr90Stu", 3600);
  g_autofree char *users = leave_temp (dir, "saved.xml.backup", 3600);
  g_autoptr(GError) error = NULL;
  int fd;

  fd = g_open (held, O_RDONLY, 0);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (flock (fd, LOCK_EX), ==, 0);

  g_assert_true (save (saver, target, &error));
  g_assert_no_error (error);
  assert_saved_by (saver, target);

  g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (held, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (recent, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (other, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (longer, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (users, G_FILE_TEST_EXISTS));
  /* The old file, the five left and nothing of this save's own. */
  g_assert_cmpuint (count_entries (dir), ==, 6);

  /* Its save gone, the held one is stale too. */
  close (fd);
  g_assert_true (save (saver, target, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (held, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_entries (dir), ==, 5);
  dw_test_remove_tree (dir);
}

/* The command line says why and exits 2 when the output cannot be
 * written, and writes through a link. */
typedef struct
{
  int   status;
  char *err;
} CliRun;

static CliRun
run_deckwright (const char * const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) envp = g_get_environ ();
  g_autoptr(GError) error = NULL;
  CliRun run = { 0, NULL };
  int wait_status;

  g_assert_nonnull (g_getenv ("DECKWRIGHT"));
  g_ptr_array_add (argv, (gpointer) g_getenv ("DECKWRIGHT"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  envp = g_environ_setenv (envp, "LC_ALL", "C.UTF-8", TRUE);
  envp = g_environ_unsetenv (envp, "LANGUAGE");
  envp = g_environ_unsetenv (envp, "DISPLAY");

  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_STDOUT_TO_DEV_NULL,
                               NULL, NULL, NULL, &run.err, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run.status = WEXITSTATUS (wait_status);
  return run;
}

static void
test_cli_output_over_device_exits_2 (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *device = make_device (dir);
  g_autofree char *deck = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autofree char *expected = NULL;
  GStatBuf st;
  CliRun run;

  if (device == NULL)
    {
      g_test_skip ("no device node can be made here");
      dw_test_remove_tree (dir);
      return;
    }

  run = run_deckwright ((const char *[]) { "--export", "pdf", deck, "--output", device, NULL });
  expected = g_strdup_printf ("deckwright: %s: cannot be saved: it is a device, not a file\n", device);
  g_assert_cmpstr (run.err, ==, expected);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpint (g_lstat (device, &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));
  g_free (run.err);
  dw_test_remove_tree (dir);
}

static void
test_cli_output_over_fifo_and_folder_exits_2 (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *fifo = g_build_filename (dir, "pipe", NULL);
  g_autofree char *deck = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  CliRun run;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  run = run_deckwright ((const char *[]) { "--export", "csv", deck, "--output", fifo, NULL });
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "it is a named pipe, not a file"));
  g_free (run.err);

  run = run_deckwright ((const char *[]) { "--import", deck, "--output", dir, NULL });
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "it is a folder, not a file"));
  g_free (run.err);

  g_assert_true (g_file_test (dir, G_FILE_TEST_IS_DIR));
  g_assert_cmpuint (count_entries (dir), ==, 1);
  dw_test_remove_tree (dir);
}

static void
test_cli_output_through_link_writes_its_target (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *target = folder_with_old_file (&dir);
  g_autofree char *link = g_build_filename (dir, "link.txt", NULL);
  g_autofree char *deck = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  CliRun run;

  g_assert_cmpint (symlink ("saved.xml", link), ==, 0);
  run = run_deckwright ((const char *[]) { "--export", "text", deck, "--output", link, NULL });
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  assert_link_to (link, "saved.xml");
  assert_saved_by (SAVE_EXPORT_TEXT, target);
  g_free (run.err);
  dw_test_remove_tree (dir);
}

static const struct
{
  const char    *name;
  GTestDataFunc  func;
} save_cases[] = {
  { "into-read-only-folder-keeps-old-file", test_save_into_read_only_folder_keeps_old_file },
  { "onto-full-disk-keeps-old-file", test_save_onto_full_disk_keeps_old_file },
  { "through-link-replaces-its-target", test_save_through_link_replaces_its_target },
  { "through-dangling-link-makes-its-target", test_save_through_dangling_link_makes_its_target },
  { "through-link-loop-fails", test_save_through_link_loop_fails },
  { "over-folder-is-refused", test_save_over_folder_is_refused },
  { "over-fifo-is-refused", test_save_over_fifo_is_refused },
  { "over-socket-is-refused", test_save_over_socket_is_refused },
  { "over-device-is-refused", test_save_over_device_is_refused },
  { "keeps-permissions", test_save_keeps_permissions },
  { "read-only-file-is-refused", test_save_read_only_file_is_refused },
  { "removes-stale-temporary-files", test_save_removes_stale_temporary_files },
};

static const char * const saver_slugs[N_SAVERS] = {
  "card-db", "deck", "export-text", "sheet-pdf", "table", "report-csv", "print-pdf",
};

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
  g_test_add_func ("/hostile/b1-json-nested-75000-deep-is-refused",
                   test_b1_json_nested_75000_deep_is_refused);
  g_test_add_func ("/hostile/b1-json-nested-75000-deep-every-command",
                   test_b1_json_nested_75000_deep_every_command);
  for (guint i = 0; i < G_N_ELEMENTS (carriers); i++)
    {
      g_autofree char *name = g_strdup_printf ("/hostile/b2-control-characters-are-refused/%s",
                                               carriers[i].format);

      g_test_add_data_func (name, &carriers[i], test_b2_control_characters_are_refused);
    }
  g_test_add_func ("/hostile/b2-cli-import-refuses-a-control-character",
                   test_b2_cli_import_refuses_a_control_character);
  g_test_add_func ("/hostile/b2-every-import-opens-again-as-the-same-deck",
                   test_b2_every_import_opens_again_as_the_same_deck);

  for (guint i = 0; i < G_N_ELEMENTS (save_cases); i++)
    for (Saver saver = 0; saver < N_SAVERS; saver++)
      {
        g_autofree char *name = g_strdup_printf ("/hostile/save/%s/%s", saver_slugs[saver],
                                                 save_cases[i].name);
        g_test_add_data_func (name, GINT_TO_POINTER (saver), save_cases[i].func);
      }
  g_test_add_func ("/hostile/save/cli/output-over-device-exits-2", test_cli_output_over_device_exits_2);
  g_test_add_func ("/hostile/save/cli/output-over-fifo-and-folder-exits-2",
                   test_cli_output_over_fifo_and_folder_exits_2);
  g_test_add_func ("/hostile/save/cli/output-through-link-writes-its-target",
                   test_cli_output_through_link_writes_its_target);

  status = g_test_run ();
  g_object_unref (library);
  return status;
}
