/* test-mime.c — the desktop knows Deckwright's files
 *
 * data/io.github.deckwright.Deckwright.mime.xml is compiled with
 * update-mime-database into a private data folder, as `meson install`
 * does into the system's, and GIO is asked what it makes of a deck and a
 * table.  The declared namespaces are the ones the savers write, and the
 * desktop file offers to open every declared type.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "dw-test-util.h"

#define DECK_TYPE "application/x-deckwright-deck"
#define TABLE_TYPE "application/x-deckwright-table"

static char *data_home;

typedef struct
{
  char *type;
  char *glob;
  char *ns;
  char *local_name;
  char *parent;
} MimeType;

static void
mime_type_free (gpointer data)
{
  MimeType *type = data;

  g_free (type->type);
  g_free (type->glob);
  g_free (type->ns);
  g_free (type->local_name);
  g_free (type->parent);
  g_free (type);
}

static void
on_start_element_cb (GMarkupParseContext  *context,
                     const char           *element,
                     const char          **names,
                     const char          **values,
                     gpointer              user_data,
                     GError              **error)
{
  GPtrArray *types = user_data;
  MimeType *current = types->len > 0 ? g_ptr_array_index (types, types->len - 1) : NULL;

  for (guint i = 0; names[i] != NULL; i++)
    {
      if (g_str_equal (element, "mime-type") && g_str_equal (names[i], "type"))
        {
          MimeType *type = g_new0 (MimeType, 1);

          type->type = g_strdup (values[i]);
          g_ptr_array_add (types, type);
        }
      else if (current == NULL)
        continue;
      else if (g_str_equal (element, "glob") && g_str_equal (names[i], "pattern"))
        current->glob = g_strdup (values[i]);
      else if (g_str_equal (element, "root-XML") && g_str_equal (names[i], "namespaceURI"))
        current->ns = g_strdup (values[i]);
      else if (g_str_equal (element, "root-XML") && g_str_equal (names[i], "localName"))
        current->local_name = g_strdup (values[i]);
      else if (g_str_equal (element, "sub-class-of") && g_str_equal (names[i], "type"))
        current->parent = g_strdup (values[i]);
    }
}

static char *
mime_source (void)
{
  return g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", "data",
                           "io.github.deckwright.Deckwright.mime.xml", NULL);
}

static GPtrArray *
declared_types (void)
{
  static const GMarkupParser parser = { on_start_element_cb, NULL, NULL, NULL, NULL };
  g_autofree char *path = mime_source ();
  g_autofree char *text = dw_test_read_file (path);
  GPtrArray *types = g_ptr_array_new_with_free_func (mime_type_free);
  g_autoptr(GMarkupParseContext) context = g_markup_parse_context_new (&parser, 0, types, NULL);
  g_autoptr(GError) error = NULL;

  g_markup_parse_context_parse (context, text, -1, &error);
  g_assert_no_error (error);
  g_markup_parse_context_end_parse (context, &error);
  g_assert_no_error (error);
  return types;
}

static const MimeType *
find_type (GPtrArray  *types,
           const char *name)
{
  for (guint i = 0; i < types->len; i++)
    {
      const MimeType *type = g_ptr_array_index (types, i);

      if (g_str_equal (type->type, name))
        return type;
    }
  g_error ("%s is not declared", name);
}

/* The root element a saver writes, as {namespace}name. */
static char *
root_of (const char *text)
{
  const char *start = strchr (strstr (text, "?>") + 2, '<') + 1;
  const char *xmlns = strstr (start, "xmlns=\"") + strlen ("xmlns=\"");

  return g_strdup_printf ("{%.*s}%.*s", (int) (strchr (xmlns, '"') - xmlns), xmlns,
                          (int) strcspn (start, " >"), start);
}

static void
test_namespaces_are_the_ones_saved (void)
{
  g_autoptr(GPtrArray) types = declared_types ();
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autofree char *deck_path = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autoptr(DwDeck) deck = dw_deck_load (deck_path, NULL);
  g_autoptr(DwTable) table = NULL;
  g_autofree char *deck_text = NULL;
  g_autofree char *table_text = NULL;
  g_autofree char *deck_root = NULL;
  g_autofree char *table_root = NULL;
  g_autofree char *deck_declared = NULL;
  g_autofree char *table_declared = NULL;
  const MimeType *deck_type = find_type (types, DECK_TYPE);
  const MimeType *table_type = find_type (types, TABLE_TYPE);

  g_assert_nonnull (deck);
  dw_library_resolve_deck (library, deck);
  table = dw_table_new (library, deck, NULL, 1, NULL);
  g_assert_nonnull (table);

  deck_text = dw_deck_to_string (deck);
  table_text = dw_table_to_string (table);
  deck_root = root_of (deck_text);
  table_root = root_of (table_text);
  deck_declared = g_strdup_printf ("{%s}%s", deck_type->ns, deck_type->local_name);
  table_declared = g_strdup_printf ("{%s}%s", table_type->ns, table_type->local_name);

  g_assert_cmpstr (deck_root, ==, "{" DW_DECK_NS "}deck");
  g_assert_cmpstr (deck_declared, ==, deck_root);
  g_assert_cmpstr (table_root, ==, "{" DW_TABLE_NS "}table");
  g_assert_cmpstr (table_declared, ==, table_root);
  g_assert_cmpstr (deck_type->parent, ==, "application/xml");
  g_assert_cmpstr (table_type->parent, ==, "application/xml");
}

/* GIO, reading the compiled database, names decks and tables by their
 * double extension and leaves other XML alone. */
static void
test_gio_knows_decks_and_tables (void)
{
  g_autofree char *deck_path = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autofree char *deck_text = dw_test_read_file (deck_path);
  g_autofree char *deck = NULL;
  g_autofree char *table = NULL;
  g_autofree char *plain = NULL;
  g_autofree char *description = NULL;

  deck = g_content_type_guess ("Green Wall.deck.xml", (const guchar *) deck_text,
                               strlen (deck_text), NULL);
  table = g_content_type_guess ("Saturday.table.xml", NULL, 0, NULL);
  plain = g_content_type_guess ("notes.xml", NULL, 0, NULL);

  g_assert_cmpstr (deck, ==, DECK_TYPE);
  g_assert_cmpstr (table, ==, TABLE_TYPE);
  g_assert_cmpstr (plain, ==, "application/xml");
  g_assert_true (g_content_type_is_a (deck, "application/xml"));
  description = g_content_type_get_description (deck);
  g_assert_cmpstr (description, ==, "Deckwright deck");
}

/* The file manager opens every declared type in Deckwright, and the
 * application saves a new deck under the extension that names it. */
static void
test_desktop_file_opens_every_type (void)
{
  g_autoptr(GPtrArray) types = declared_types ();
  g_autofree char *desktop = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "data",
                                               "io.github.deckwright.Deckwright.desktop", NULL);
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) declared = NULL;

  g_key_file_load_from_file (keys, desktop, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  declared = g_key_file_get_string_list (keys, G_KEY_FILE_DESKTOP_GROUP,
                                         G_KEY_FILE_DESKTOP_KEY_MIME_TYPE, NULL, &error);
  g_assert_no_error (error);

  g_assert_cmpuint (types->len, ==, g_strv_length (declared));
  for (guint i = 0; i < types->len; i++)
    {
      const MimeType *type = g_ptr_array_index (types, i);

      g_assert_true (g_strv_contains ((const char * const *) declared, type->type));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *packages = NULL;
  g_autofree char *source = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *mime_dir = NULL;
  const char *compile_argv[3] = { "update-mime-database", NULL, NULL };
  g_autoptr(GError) error = NULL;
  int wait_status = 0;
  int status;

  g_test_init (&argc, &argv, NULL);

  /* Before GIO first reads the MIME database, which it then keeps. */
  data_home = dw_test_make_tmpdir ();
  mime_dir = g_build_filename (data_home, "mime", NULL);
  packages = g_build_filename (mime_dir, "packages", NULL);
  g_assert_cmpint (g_mkdir_with_parents (packages, 0700), ==, 0);
  source = mime_source ();
  contents = dw_test_read_file (source);
  g_free (dw_test_write_file (packages, "io.github.deckwright.Deckwright.xml", contents));
  compile_argv[1] = mime_dir;
  g_spawn_sync (NULL, (char **) compile_argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                NULL, NULL, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (wait_status, NULL));
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  g_test_add_func ("/mime/namespaces-are-the-ones-saved", test_namespaces_are_the_ones_saved);
  g_test_add_func ("/mime/gio-knows-decks-and-tables", test_gio_knows_decks_and_tables);
  g_test_add_func ("/mime/desktop-file-opens-every-type", test_desktop_file_opens_every_type);

  status = g_test_run ();
  dw_test_remove_tree (data_home);
  g_free (data_home);
  return status;
}
