/* test-xml.c — the hardened reader and the faithful writer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dw-test-util.h"
#include "dw-xml.h"

/* Reads @data node by node to its end or its first error; returns the
 * error and counts the nodes read before it. */
static GError *
read_all (const char *data,
          gsize       length,
          guint      *n_nodes)
{
  g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_data (data, length, "t.xml");
  GError *error = NULL;
  gboolean at_end = FALSE;
  guint n = 0;

  while (dw_xml_reader_read (reader, &at_end, &error) && !at_end)
    n++;

  if (n_nodes != NULL)
    *n_nodes = n;
  return error;
}

/* Reads the root element of @data (which must be <@local in @ns>) whole. */
static DwXmlNode *
read_root_node (const char  *data,
                const char  *ns,
                const char  *local,
                GError     **error)
{
  g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_data (data, strlen (data), "t.xml");
  const char *roots[] = { local, NULL };

  if (!dw_xml_reader_read_root (reader, ns, roots, error))
    return NULL;
  return dw_xml_reader_read_node (reader, error);
}

static char *
write_node (const DwXmlNode *node)
{
  GString *out = g_string_new (NULL);

  dw_xml_write_node (out, node);
  return g_string_free (out, FALSE);
}

static guint
count_dir_entries (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static void
test_doctype_is_refused (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = dw_test_write_file (dir, "doctype.xml",
                                              "<!DOCTYPE r [<!ENTITY e \"expanded\">]><r>&e;</r>");
  g_autofree char *prefix = g_strconcat (path, ":1:1: ", NULL);
  g_autoptr(DwXmlReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  gboolean at_end = FALSE;

  reader = dw_xml_reader_new_for_file (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (reader);

  g_assert_false (dw_xml_reader_read (reader, &at_end, &error));
  g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_FORBIDDEN);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_nonnull (strstr (error->message, "DOCTYPE"));
  g_assert_null (strstr (error->message, "expanded"));
  g_assert_false (at_end);

  dw_test_remove_tree (dir);
}

/* The byte scan of the prolog sees nothing in UTF-16; a document type
 * declaration there is stopped where libxml2 reports it, before any
 * declaration inside it is read, so nothing is fetched or expanded. */
static void
test_doctype_in_utf16_is_refused (void)
{
  const char *text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n"
                     "<!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\"><!ENTITY e \"expanded\">]>\n"
                     "<r>&x;&e;</r>";
  g_autoptr(GString) doc = g_string_new_len ("\xff\xfe", 2);
  g_autoptr(GError) error = NULL;
  guint n_nodes = 0;

  /* UTF-16LE: the ASCII text with a zero byte after each character. */
  for (const char *p = text; *p; p++)
    {
      g_string_append_c (doc, *p);
      g_string_append_c (doc, '\0');
    }

  error = read_all (doc->str, doc->len, &n_nodes);
  g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_FORBIDDEN);
  g_assert_true (g_str_has_prefix (error->message, "t.xml:2:"));
  g_assert_nonnull (strstr (error->message, "DOCTYPE"));
  g_assert_null (strstr (error->message, "expanded"));
  g_assert_null (strstr (error->message, "root:"));
  g_assert_cmpuint (n_nodes, ==, 0);
}

/* The error points at the <!DOCTYPE itself, however far libxml2 would
 * have read ahead, and after comments and a byte-order mark. */
static void
test_doctype_is_refused_where_it_stands (void)
{
  g_autoptr(GString) doc = g_string_new ("\xef\xbb\xbf<?xml version=\"1.0\"?>\n<!-- licence -->\n  <!DOCTYPE r [\n<!ENTITY e \"x\">\n]>\n<r>");
  g_autoptr(DwXmlReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  gboolean at_end = FALSE;

  for (guint i = 0; i < 5000; i++)
    g_string_append (doc, "<item>&e;</item>\n");
  g_string_append (doc, "</r>\n");

  reader = dw_xml_reader_new_for_data (doc->str, doc->len, "t.xml");
  g_assert_false (dw_xml_reader_read (reader, &at_end, &error));
  g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_FORBIDDEN);
  g_assert_true (g_str_has_prefix (error->message, "t.xml:3:3: "));
}

static void
test_external_entity_is_never_read (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *secret = dw_test_write_file (dir, "secret.txt", "TOP-SECRET-7c1e\n");
  g_autofree char *uri = g_filename_to_uri (secret, NULL, NULL);
  g_autofree char *passwd = NULL;
  g_autofree char *passwd_line = NULL;
  /* Each hostile document is written around the entity's address. */
  const struct { const char *before; const char *after; } templates[] = {
    /* in element content */
    { "<!DOCTYPE r [<!ENTITY x SYSTEM \"", "\">]><r>&x;</r>" },
    /* in an attribute value */
    { "<!DOCTYPE r [<!ENTITY x SYSTEM \"", "\">]><r a=\"&x;\"/>" },
    /* as a parameter entity inside the internal subset */
    { "<!DOCTYPE r [<!ENTITY % p SYSTEM \"", "\"> %p;]><r/>" },
    /* as the external subset itself */
    { "<!DOCTYPE r SYSTEM \"", "\"><r/>" },
  };

  g_file_get_contents ("/etc/passwd", &passwd, NULL, NULL);
  if (passwd != NULL && strchr (passwd, '\n') != NULL)
    passwd_line = g_strndup (passwd, strchr (passwd, '\n') - passwd);

  for (guint t = 0; t < G_N_ELEMENTS (templates); t++)
    for (guint target = 0; target < 2; target++)
      {
        const char *where = target == 0 ? uri : "file:///etc/passwd";
        g_autofree char *doc = g_strconcat (templates[t].before, where, templates[t].after, NULL);
        g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_data (doc, strlen (doc), "t.xml");
        g_autoptr(GString) seen = g_string_new (NULL);
        g_autoptr(GError) error = NULL;
        gboolean at_end = FALSE;

        while (dw_xml_reader_read (reader, &at_end, &error) && !at_end)
          {
            g_auto(GStrv) attrs = NULL;

            if (!dw_xml_reader_is_element (reader))
              continue;
            attrs = dw_xml_reader_get_attributes (reader);
            for (guint i = 0; attrs[i]; i++)
              g_string_append (seen, attrs[i]);
          }

        g_test_message ("%s → %s", doc, error ? error->message : "(no error)");
        g_assert_nonnull (error);
        g_assert_true (error->domain == DW_XML_ERROR);
        g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_FORBIDDEN);
        g_assert_true (g_str_has_prefix (error->message, "t.xml:1:"));
        g_string_append (seen, error->message);

        g_assert_null (strstr (seen->str, "TOP-SECRET"));
        if (passwd_line != NULL && *passwd_line != '\0')
          g_assert_null (strstr (seen->str, passwd_line));
      }

  dw_test_remove_tree (dir);
}

static void
test_xinclude_is_not_processed (void)
{
  const char *doc =
    "<r xmlns:xi=\"http://www.w3.org/2001/XInclude\">"
    "<xi:include href=\"/etc/passwd\" parse=\"text\"/>"
    "</r>";
  g_autoptr(GError) error = NULL;
  g_autoptr(DwXmlNode) node = read_root_node (doc, NULL, "r", &error);
  g_autofree char *written = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (node);
  written = write_node (node);
  /* Kept as an element we do not understand, not replaced by the file. */
  g_assert_cmpstr (written, ==, doc);
}

static void
parse_entity_bomb (void)
{
  const char *bomb =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE lolz [\n"
    " <!ENTITY lol \"lol\">\n"
    " <!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
    " <!ENTITY lol2 \"&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;\">\n"
    " <!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">\n"
    " <!ENTITY lol4 \"&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;\">\n"
    " <!ENTITY lol5 \"&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;\">\n"
    " <!ENTITY lol6 \"&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;\">\n"
    " <!ENTITY lol7 \"&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;\">\n"
    " <!ENTITY lol8 \"&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;\">\n"
    " <!ENTITY lol9 \"&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;\">\n"
    "]>\n"
    "<lolz>&lol9;</lolz>\n";
  guint n = 0;
  g_autoptr(GError) error = read_all (bomb, strlen (bomb), &n);

  g_assert_nonnull (error);
  g_assert_true (error->domain == DW_XML_ERROR);
  g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_FORBIDDEN);
  g_assert_true (g_str_has_prefix (error->message, "t.xml:2:1: "));
  /* Refused before the root element was ever handed out. */
  g_assert_cmpuint (n, ==, 0);
}

static void
test_entity_bomb_is_refused_quickly (void)
{
  if (g_test_subprocess ())
    {
      parse_entity_bomb ();
      return;
    }

  /* A hang would be caught by the time limit, a crash by the trap. */
  g_test_trap_subprocess (NULL, 30 * G_USEC_PER_SEC, 0);
  g_test_trap_assert_passed ();
}

static void
parse_deep_nesting (void)
{
  g_autoptr(GString) doc = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwXmlNode) node = NULL;

  for (guint i = 0; i < 100000; i++)
    g_string_append (doc, "<a>");
  for (guint i = 0; i < 100000; i++)
    g_string_append (doc, "</a>");

  /* Node by node… */
  error = read_all (doc->str, doc->len, NULL);
  g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED);
  g_assert_true (g_str_has_prefix (error->message, "t.xml:1:"));
  g_clear_error (&error);

  /* …and through the recursive copy of a whole element. */
  node = read_root_node (doc->str, NULL, "a", &error);
  g_assert_null (node);
  g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED);
}

static void
test_deep_nesting_is_an_error_not_a_crash (void)
{
  if (g_test_subprocess ())
    {
      parse_deep_nesting ();
      return;
    }

  g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, 0);
  g_test_trap_assert_passed ();
}

static void
test_invalid_utf8_names_line_and_column (void)
{
  /* The bad byte is the 8th character of line 2… */
  const char doc1[] = "<r>\n  <a>ok\xff</a>\n</r>\n";
  /* …and here the 12th, after a two-byte é. */
  const char doc2[] = "<r>\n  <a>h\xc3\xa9llo \xc3\x28</a>\n</r>\n";
  g_autoptr(GError) error1 = read_all (doc1, sizeof doc1 - 1, NULL);
  g_autoptr(GError) error2 = read_all (doc2, sizeof doc2 - 1, NULL);

  g_assert_error (error1, DW_XML_ERROR, DW_XML_ERROR_MALFORMED);
  g_assert_true (g_str_has_prefix (error1->message, "t.xml:2:8: "));

  g_assert_error (error2, DW_XML_ERROR, DW_XML_ERROR_MALFORMED);
  g_assert_true (g_str_has_prefix (error2->message, "t.xml:2:12: "));
}

static void
test_truncated_document_is_an_error (void)
{
  const char *docs[] = {
    "<r>\n  <a>text</a>\n  <b",
    "<r>\n  <a>text</a>\n  <b>more",
    "<r>\n  <a>text</a>\n",
    "<r>\n  <a x=\"unfinished",
  };

  for (guint i = 0; i < G_N_ELEMENTS (docs); i++)
    {
      guint n = 0;
      g_autoptr(GError) error = read_all (docs[i], strlen (docs[i]), &n);

      g_test_message ("%s → %s", docs[i], error ? error->message : "(no error)");
      g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED);
      g_assert_true (g_str_has_prefix (error->message, "t.xml:"));
      /* What was read before the cut is read; then the error says why. */
      g_assert_cmpuint (n, >=, 1);
      g_assert_nonnull (strstr (error->message, "cut off"));
    }

  /* Reading a whole element that is cut off fails too. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(DwXmlNode) node = read_root_node ("<r>\n  <a>text</a>\n  <b>more", NULL, "r", &error);

    g_assert_null (node);
    g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED);
  }
}

/* A document of nothing but space or comments has no root element, and
 * says so rather than what libxml2 says ("Extra content at the end"). */
static void
test_document_without_root_says_so (void)
{
  const char *docs[] = { "   \n  ", "\n\n", "<?xml version=\"1.0\"?>\n<!-- only this -->\n" };

  for (guint i = 0; i < G_N_ELEMENTS (docs); i++)
    {
      g_autoptr(GError) error = read_all (docs[i], strlen (docs[i]), NULL);

      g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED);
      g_assert_cmpstr (error->message, ==, "t.xml:1:1: the document has no root element");
    }
}

static void
test_empty_file_is_an_error_at_1_1 (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = dw_test_write_file (dir, "empty.xml", "");
  g_autofree char *expected = g_strconcat (path, ":1:1: the file is empty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_file (path, &error);

  g_assert_null (reader);
  g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED);
  g_assert_cmpstr (error->message, ==, expected);

  dw_test_remove_tree (dir);
}

static void
test_missing_file_is_an_io_error_naming_the_path (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "no-such-file.xml", NULL);
  g_autofree char *prefix = g_strconcat (path, ": ", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_file (path, &error);

  g_assert_null (reader);
  g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, prefix));

  dw_test_remove_tree (dir);
}

static void
test_read_root_checks_namespace_and_name (void)
{
  const char *wrong_ns = "<?xml version=\"1.0\"?>\n<!-- c -->\n  <root xmlns=\"urn:other\"/>\n";
  const char *wrong_name = "<?xml version=\"1.0\"?>\n\t<other xmlns=\"urn:mine\"/>\n";
  const char *right = "<?xml version=\"1.0\"?>\n<m:root xmlns:m=\"urn:mine\" a=\"1\"/>\n";
  const char *no_root = "<?xml version=\"1.0\"?>\n";
  const char *roots[] = { "root", NULL };
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_data (wrong_ns, strlen (wrong_ns), "t.xml");

    g_assert_false (dw_xml_reader_read_root (reader, "urn:mine", roots, &error));
    g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_INVALID);
    g_assert_cmpstr (error->message, ==,
                     "t.xml:3:3: the root element is in the namespace “urn:other”; expected “urn:mine”");
    g_clear_error (&error);
  }
  {
    g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_data (wrong_name, strlen (wrong_name), "t.xml");

    g_assert_false (dw_xml_reader_read_root (reader, "urn:mine", roots, &error));
    g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_INVALID);
    g_assert_cmpstr (error->message, ==, "t.xml:2:2: the root element is <other>; expected <root>");
    g_clear_error (&error);
  }
  {
    g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_data (right, strlen (right), "t.xml");
    g_autofree char *a = NULL;

    g_assert_true (dw_xml_reader_read_root (reader, "urn:mine", roots, &error));
    g_assert_no_error (error);
    g_assert_cmpstr (dw_xml_reader_get_local_name (reader), ==, "root");
    g_assert_cmpuint (dw_xml_reader_get_line (reader), ==, 2);
    a = dw_xml_reader_get_attribute (reader, "a");
    g_assert_cmpstr (a, ==, "1");
  }
  {
    g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_data (no_root, strlen (no_root), "t.xml");

    g_assert_false (dw_xml_reader_read_root (reader, "urn:mine", roots, &error));
    g_assert_nonnull (error);
    g_assert_true (error->domain == DW_XML_ERROR);
    g_assert_true (g_str_has_prefix (error->message, "t.xml:"));
  }
}

static void
test_column_of_finds_the_start_tag (void)
{
  const char *doc =
    "<r>\n"
    "  <ab/><a/>\n"
    "  <a>\xc3\xa9\xc3\xa9</a><b/>\n"
    "\t<x:c xmlns:x=\"urn:x\"/>\n"
    "</r>";
  g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_data (doc, strlen (doc), "t.xml");
  g_autoptr(GError) error = NULL;
  const char *roots[] = { "r", NULL };

  g_assert_true (dw_xml_reader_read_root (reader, NULL, roots, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (dw_xml_reader_column_of (reader, 1, "r"), ==, 1);
  /* <ab is not <a. */
  g_assert_cmpuint (dw_xml_reader_column_of (reader, 2, "ab"), ==, 3);
  g_assert_cmpuint (dw_xml_reader_column_of (reader, 2, "a"), ==, 8);
  /* Columns count characters: the two é take four bytes but two columns. */
  g_assert_cmpuint (dw_xml_reader_column_of (reader, 3, "a"), ==, 3);
  g_assert_cmpuint (dw_xml_reader_column_of (reader, 3, "b"), ==, 12);
  g_assert_cmpuint (dw_xml_reader_column_of (reader, 4, "x:c"), ==, 2);
  /* Going back to an earlier line after a later one still works. */
  g_assert_cmpuint (dw_xml_reader_column_of (reader, 2, "a"), ==, 8);
  /* Not on the line, or past the end: column 1. */
  g_assert_cmpuint (dw_xml_reader_column_of (reader, 2, "b"), ==, 1);
  g_assert_cmpuint (dw_xml_reader_column_of (reader, 99, "a"), ==, 1);
}

static void
test_set_error_names_the_start_tag (void)
{
  const char *doc = "<r>\n  <x>\xc3\xa9</x> <y/>\n</r>\n";
  g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_data (doc, strlen (doc), "t.xml");
  g_autoptr(GError) error = NULL;
  const char *roots[] = { "r", NULL };

  g_assert_true (dw_xml_reader_read_root (reader, NULL, roots, NULL));
  g_assert_true (dw_xml_reader_next_element (reader, 1, NULL));
  g_assert_cmpstr (dw_xml_reader_get_local_name (reader), ==, "x");
  g_assert_true (dw_xml_reader_next_element (reader, 1, NULL));
  g_assert_cmpstr (dw_xml_reader_get_local_name (reader), ==, "y");

  dw_xml_reader_set_error (reader, &error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "bad %s", "y");
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
  g_assert_cmpstr (error->message, ==, "t.xml:2:12: bad y");
  g_clear_error (&error);

  dw_xml_reader_set_error_at (reader, &error, 2, "x", G_FILE_ERROR, G_FILE_ERROR_INVAL, "at x");
  g_assert_cmpstr (error->message, ==, "t.xml:2:3: at x");

  g_assert_false (dw_xml_reader_next_element (reader, 1, NULL));
}

static void
test_escape_text_and_attributes (void)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) attr = g_string_new (NULL);
  g_autoptr(GString) element = g_string_new (NULL);

  dw_xml_escape_text (text, "a & b < c > d \"q\" 'p'\n\té");
  g_assert_cmpstr (text->str, ==, "a &amp; b &lt; c &gt; d \"q\" 'p'\n\té");

  dw_xml_escape_attribute (attr, "a & b < c > d \"q\"\n\t\r");
  g_assert_cmpstr (attr->str, ==, "a &amp; b &lt; c > d &quot;q&quot;&#10;&#9;&#13;");

  dw_xml_write_element (element, 4, "name", "Fish & <Chips>");
  g_assert_cmpstr (element->str, ==, "    <name>Fish &amp; &lt;Chips&gt;</name>\n");
}

/* Regression: an imported decklist with a stray control character saved
 * into a file that did not load again (found by fuzz-import-text). */
static void
test_control_characters_are_written_as_loadable_xml (void)
{
  const char *hostile = "a\x01" "b\x18" "c\x0c" "d\xef\xbf\xbf" "e\xff" "f\tg\nh\ri";
  g_autoptr(GString) doc = g_string_new ("<r a=\"");
  g_autoptr(GError) error = NULL;
  g_autoptr(DwXmlNode) node = NULL;
  g_autofree char *text = NULL;

  dw_xml_escape_attribute (doc, hostile);
  g_string_append (doc, "\">");
  dw_xml_escape_text (doc, hostile);
  g_string_append (doc, "</r>");

  node = read_root_node (doc->str, NULL, "r", &error);
  g_assert_no_error (error);
  g_assert_nonnull (node);

  /* Each forbidden character is one U+FFFD; tab, newline and CR stay. */
  g_assert_cmpstr (dw_xml_node_get_attribute (node, "a"), ==,
                   "a\xef\xbf\xbd" "b\xef\xbf\xbd" "c\xef\xbf\xbd" "d\xef\xbf\xbd"
                   "e\xef\xbf\xbd" "f\tg\nh\ri");
  text = dw_xml_node_get_text (node);
  g_assert_cmpstr (text, ==,
                   "a\xef\xbf\xbd" "b\xef\xbf\xbd" "c\xef\xbf\xbd" "d\xef\xbf\xbd"
                   "e\xef\xbf\xbd" "f\tg\nh\ri");
}

static void
test_write_node_round_trips (void)
{
  /* Written exactly as dw_xml_write_node() writes, so the text itself
   * must come back unchanged. */
  const char *doc =
    "<x:thing xmlns:x=\"urn:example:x\" xmlns:y=\"urn:example:y\""
    " y:flag=\"a &amp; &lt;b> &quot;c&quot;\" plain=\"two&#10;lines\">"
    "<!-- a comment with <tags> & such -->"
    "<x:child y:n=\"2\">text &amp; more &lt;tags&gt; \"quoted\"</x:child>"
    "<y:empty/>"
    "<plain>é</plain>"
    "tail"
    "</x:thing>";
  g_autoptr(GError) error = NULL;
  g_autoptr(DwXmlNode) node = read_root_node (doc, "urn:example:x", "thing", &error);
  g_autoptr(DwXmlNode) again = NULL;
  g_autofree char *written = NULL;
  g_autofree char *text = NULL;
  const DwXmlNode *child;

  g_assert_no_error (error);
  g_assert_nonnull (node);

  g_assert_cmpint (node->kind, ==, DW_XML_NODE_ELEMENT);
  g_assert_cmpstr (node->name, ==, "x:thing");
  g_assert_cmpstr (dw_xml_node_local_name (node), ==, "thing");
  g_assert_true (node->ns == g_intern_string ("urn:example:x"));
  g_assert_cmpstr (dw_xml_node_get_attribute (node, "y:flag"), ==, "a & <b> \"c\"");
  g_assert_cmpstr (dw_xml_node_get_attribute (node, "plain"), ==, "two\nlines");
  g_assert_cmpstr (dw_xml_node_get_attribute (node, "xmlns:y"), ==, "urn:example:y");
  g_assert_null (dw_xml_node_get_attribute (node, "missing"));
  g_assert_cmpuint (node->line, ==, 1);
  g_assert_false (dw_xml_node_is_simple (node));

  g_assert_cmpuint (node->children->len, ==, 5);
  child = g_ptr_array_index (node->children, 0);
  g_assert_cmpint (child->kind, ==, DW_XML_NODE_COMMENT);
  g_assert_cmpstr (child->text, ==, " a comment with <tags> & such ");
  child = g_ptr_array_index (node->children, 1);
  g_assert_cmpint (child->kind, ==, DW_XML_NODE_ELEMENT);
  g_assert_true (child->ns == g_intern_string ("urn:example:x"));
  g_assert_cmpstr (dw_xml_node_get_attribute (child, "y:n"), ==, "2");
  child = g_ptr_array_index (node->children, 2);
  g_assert_true (child->ns == g_intern_string ("urn:example:y"));
  g_assert_cmpuint (child->children->len, ==, 0);
  child = g_ptr_array_index (node->children, 3);
  g_assert_null (child->ns);
  g_assert_true (dw_xml_node_is_simple (child));
  child = g_ptr_array_index (node->children, 4);
  g_assert_cmpint (child->kind, ==, DW_XML_NODE_TEXT);
  g_assert_cmpstr (child->text, ==, "tail");

  text = dw_xml_node_get_text (node);
  g_assert_cmpstr (text, ==, "text & more <tags> \"quoted\"étail");

  written = write_node (node);
  g_assert_cmpstr (written, ==, doc);

  again = read_root_node (written, "urn:example:x", "thing", &error);
  g_assert_no_error (error);
  g_assert_true (dw_xml_node_equal (node, again));
}

static void
test_node_equal_compares_everything (void)
{
  const char *doc = "<r a=\"1\"><!--c--><s b=\"2\">t</s>u</r>";
  g_autoptr(DwXmlNode) node = read_root_node (doc, NULL, "r", NULL);
  g_autoptr(DwXmlNode) copy = NULL;
  DwXmlNode *child;

  g_assert_nonnull (node);
  copy = dw_xml_node_copy (node);
  g_assert_true (dw_xml_node_equal (node, copy));
  g_assert_true (dw_xml_node_equal (copy, node));

  /* An attribute value. */
  g_free (copy->attrs[1]);
  copy->attrs[1] = g_strdup ("2");
  g_assert_false (dw_xml_node_equal (node, copy));
  g_clear_pointer (&copy, dw_xml_node_free);

  /* A comment's text. */
  copy = dw_xml_node_copy (node);
  child = g_ptr_array_index (copy->children, 0);
  g_free (child->text);
  child->text = g_strdup ("d");
  g_assert_false (dw_xml_node_equal (node, copy));
  g_clear_pointer (&copy, dw_xml_node_free);

  /* Text deep inside. */
  copy = dw_xml_node_copy (node);
  child = g_ptr_array_index (copy->children, 1);
  child = g_ptr_array_index (child->children, 0);
  g_free (child->text);
  child->text = g_strdup ("T");
  g_assert_false (dw_xml_node_equal (node, copy));
  g_clear_pointer (&copy, dw_xml_node_free);

  /* One child fewer. */
  copy = dw_xml_node_copy (node);
  g_ptr_array_remove_index (copy->children, 2);
  g_assert_false (dw_xml_node_equal (node, copy));
  g_clear_pointer (&copy, dw_xml_node_free);

  /* The same name in another namespace. */
  copy = dw_xml_node_copy (node);
  copy->ns = g_intern_string ("urn:elsewhere");
  g_assert_false (dw_xml_node_equal (node, copy));
  g_clear_pointer (&copy, dw_xml_node_free);

  /* A comment is not a text node with the same text. */
  {
    g_autoptr(DwXmlNode) a = read_root_node ("<r><!--x--></r>", NULL, "r", NULL);
    g_autoptr(DwXmlNode) b = read_root_node ("<r>x</r>", NULL, "r", NULL);

    g_assert_false (dw_xml_node_equal (a, b));
  }
}

static void
test_save_replaces_contents (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = dw_test_write_file (dir, "file.xml", "<old/>\n");
  g_autoptr(GString) contents = g_string_new ("<new>é</new>\n");
  g_autoptr(GError) error = NULL;
  g_autofree char *read_back = NULL;

  g_assert_true (dw_xml_save (path, contents->str, (gssize) contents->len, &error));
  g_assert_no_error (error);
  read_back = dw_test_read_file (path);
  g_assert_cmpstr (read_back, ==, "<new>é</new>\n");
  /* No temporary file is left beside it. */
  g_assert_cmpuint (count_dir_entries (dir), ==, 1);

  dw_test_remove_tree (dir);
}

static void
test_save_into_read_only_folder_keeps_old_file (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *read_back = NULL;
  g_autoptr(GString) contents = g_string_new ("<new/>\n");
  g_autoptr(GError) error = NULL;

  if (geteuid () == 0)
    {
      g_test_skip ("root ignores folder permissions");
      return;
    }

  dir = dw_test_make_tmpdir ();
  path = dw_test_write_file (dir, "file.xml", "<old/>\n");
  g_assert_cmpint (g_chmod (dir, 0500), ==, 0);

  g_assert_false (dw_xml_save (path, contents->str, (gssize) contents->len, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ACCES);

  g_assert_cmpint (g_chmod (dir, 0700), ==, 0);
  read_back = dw_test_read_file (path);
  g_assert_cmpstr (read_back, ==, "<old/>\n");
  g_assert_cmpuint (count_dir_entries (dir), ==, 1);

  dw_test_remove_tree (dir);
}

static void
test_save_under_a_file_fails_and_changes_nothing (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *blocker = dw_test_write_file (dir, "not-a-folder", "plain file\n");
  g_autofree char *other = dw_test_write_file (dir, "other.xml", "<old/>\n");
  g_autofree char *path = g_build_filename (blocker, "file.xml", NULL);
  g_autoptr(GString) contents = g_string_new ("<new/>\n");
  g_autoptr(GError) error = NULL;
  g_autofree char *blocker_back = NULL;
  g_autofree char *other_back = NULL;

  g_assert_false (dw_xml_save (path, contents->str, (gssize) contents->len, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR);

  blocker_back = dw_test_read_file (blocker);
  other_back = dw_test_read_file (other);
  g_assert_cmpstr (blocker_back, ==, "plain file\n");
  g_assert_cmpstr (other_back, ==, "<old/>\n");
  g_assert_cmpuint (count_dir_entries (dir), ==, 2);

  dw_test_remove_tree (dir);
}

static void
test_save_over_a_folder_fails_and_leaves_it (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *target = g_build_filename (dir, "deck.xml", NULL);
  g_autofree char *inside = NULL;
  g_autofree char *inside_back = NULL;
  g_autoptr(GString) contents = g_string_new ("<new/>\n");
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (target, 0700), ==, 0);
  inside = dw_test_write_file (target, "keep.txt", "kept\n");

  g_assert_false (dw_xml_save (target, contents->str, (gssize) contents->len, &error));
  g_assert_nonnull (error);
  g_assert_true (error->domain == G_FILE_ERROR);

  g_assert_true (g_file_test (target, G_FILE_TEST_IS_DIR));
  inside_back = dw_test_read_file (inside);
  g_assert_cmpstr (inside_back, ==, "kept\n");
  /* The temporary file was cleaned up. */
  g_assert_cmpuint (count_dir_entries (dir), ==, 1);

  dw_test_remove_tree (dir);
}

static void
test_save_failing_mid_write_keeps_old_file (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *read_back = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr(GString) contents = g_string_new (NULL);
      g_autoptr(GError) error = NULL;
      struct rlimit limit = { 1024, 1024 };

      dir = g_strdup (g_getenv ("DW_TEST_SAVE_DIR"));
      path = g_build_filename (dir, "file.xml", NULL);
      for (guint i = 0; i < 1000; i++)
        g_string_append (contents, "<card>new</card>\n");

      /* Writes past 1 KiB now fail with EFBIG, whoever we are. */
      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);

      g_assert_false (dw_xml_save (path, contents->str, (gssize) contents->len, &error));
      g_assert_nonnull (error);
      g_assert_true (error->domain == G_FILE_ERROR);
      return;
    }

  dir = dw_test_make_tmpdir ();
  path = dw_test_write_file (dir, "file.xml", "<old/>\n");
  g_setenv ("DW_TEST_SAVE_DIR", dir, TRUE);

  g_test_trap_subprocess (NULL, 30 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();

  read_back = dw_test_read_file (path);
  g_assert_cmpstr (read_back, ==, "<old/>\n");
  g_assert_cmpuint (count_dir_entries (dir), ==, 1);

  dw_test_remove_tree (dir);
}

/* Reads @path as a deck would be read, to the end. */
static GError *
read_to_end (const char *path)
{
  g_autoptr(DwXmlReader) reader = NULL;
  GError *error = NULL;

  reader = dw_xml_reader_new_for_file (path, &error);
  if (reader == NULL)
    return error;
  for (gboolean at_end = FALSE; !at_end;)
    if (!dw_xml_reader_read (reader, &at_end, &error))
      break;
  return error;
}

/* Issue 20, B5: a file is read up to DW_XML_MAX_FILE_SIZE, a device with
 * no end (/dev/zero) included, and what is larger is refused with its
 * name; below the limit a file reads as before. */
static void
test_b5_file_size_is_bounded (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *big = g_build_filename (dir, "big.xml", NULL);
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) xml = g_string_new ("<d xmlns=\"urn:x\">");
  gsize length = 0;

  /* 16 MiB of a kept comment and more: well-formed, only too large. */
  while (xml->len <= DW_XML_MAX_FILE_SIZE)
    g_string_append (xml, "<!-- a comment kept for writing back, again and again and again -->\n");
  g_string_append (xml, "</d>\n");
  g_assert_true (g_file_set_contents (big, xml->str, (gssize) xml->len, NULL));

  error = read_to_end (big);
  g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_TOO_LARGE);
  g_assert_true (g_str_has_prefix (error->message, big));
  g_assert_nonnull (strstr (error->message, "larger than 16 MiB"));
  g_clear_error (&error);

  error = read_to_end ("/dev/zero");
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_clear_error (&error);

  g_assert_false (dw_file_read_bounded ("/dev/zero", DW_XML_MAX_FILE_SIZE, &data, &length, &error));
  g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_TOO_LARGE);
  g_assert_true (g_str_has_prefix (error->message, "/dev/zero: the file is larger than 16 MiB"));
  g_clear_error (&error);

  g_assert_true (dw_file_read_bounded (big, xml->len, &data, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, ==, xml->len);
  g_assert_cmpmem (data, length, xml->str, xml->len);

  dw_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/xml/doctype-is-refused", test_doctype_is_refused);
  g_test_add_func ("/xml/b5-file-size-is-bounded", test_b5_file_size_is_bounded);
  g_test_add_func ("/xml/doctype-is-refused-where-it-stands", test_doctype_is_refused_where_it_stands);
  g_test_add_func ("/xml/doctype-in-utf16-is-refused", test_doctype_in_utf16_is_refused);
  g_test_add_func ("/xml/external-entity-is-never-read", test_external_entity_is_never_read);
  g_test_add_func ("/xml/xinclude-is-not-processed", test_xinclude_is_not_processed);
  g_test_add_func ("/xml/entity-bomb-is-refused-quickly", test_entity_bomb_is_refused_quickly);
  g_test_add_func ("/xml/deep-nesting-is-an-error-not-a-crash", test_deep_nesting_is_an_error_not_a_crash);
  g_test_add_func ("/xml/invalid-utf8-names-line-and-column", test_invalid_utf8_names_line_and_column);
  g_test_add_func ("/xml/truncated-document-is-an-error", test_truncated_document_is_an_error);
  g_test_add_func ("/xml/empty-file-is-an-error-at-1-1", test_empty_file_is_an_error_at_1_1);
  g_test_add_func ("/xml/document-without-root-says-so", test_document_without_root_says_so);
  g_test_add_func ("/xml/missing-file-is-an-io-error-naming-the-path", test_missing_file_is_an_io_error_naming_the_path);
  g_test_add_func ("/xml/read-root-checks-namespace-and-name", test_read_root_checks_namespace_and_name);
  g_test_add_func ("/xml/column-of-finds-the-start-tag", test_column_of_finds_the_start_tag);
  g_test_add_func ("/xml/set-error-names-the-start-tag", test_set_error_names_the_start_tag);
  g_test_add_func ("/xml/escape-text-and-attributes", test_escape_text_and_attributes);
  g_test_add_func ("/xml/control-characters-are-written-as-loadable-xml",
                   test_control_characters_are_written_as_loadable_xml);
  g_test_add_func ("/xml/write-node-round-trips", test_write_node_round_trips);
  g_test_add_func ("/xml/node-equal-compares-everything", test_node_equal_compares_everything);
  g_test_add_func ("/xml/save-replaces-contents", test_save_replaces_contents);
  g_test_add_func ("/xml/save-into-read-only-folder-keeps-old-file", test_save_into_read_only_folder_keeps_old_file);
  g_test_add_func ("/xml/save-under-a-file-fails-and-changes-nothing", test_save_under_a_file_fails_and_changes_nothing);
  g_test_add_func ("/xml/save-over-a-folder-fails-and-leaves-it", test_save_over_a_folder_fails_and_leaves_it);
  g_test_add_func ("/xml/save-failing-mid-write-keeps-old-file", test_save_failing_mid_write_keeps_old_file);

  return g_test_run ();
}
