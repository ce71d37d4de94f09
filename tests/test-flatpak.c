/* test-flatpak.c — the flatpak manifest builds this project
 *
 * flatpak/io.github.deckwright.Deckwright.json against the project: its
 * id is the application id, its command the program meson builds, its
 * last module this meson project from this very folder with options it
 * has, every library meson looks for is in the runtime or a module, the
 * runtime is GNOME 50 or newer, and the sandbox asks for no more than
 * the app uses.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "dw-test-util.h"

/* What org.gnome.Platform provides, by pkg-config name, of what a
 * Deckwright is likely to need.  A dependency outside this list needs a
 * module of its own in the manifest. */
static const char * const runtime_provides[] = {
  "glib-2.0", "gio-2.0", "gobject-2.0", "libxml-2.0", "json-glib-1.0", "cairo",
  "pangocairo", "gtk4", "libadwaita-1", "libsoup-3.0", "gdk-pixbuf-2.0", NULL
};

/* The oldest runtime still supported when this was written: GNOME 48's
 * went end-of-life on 24 March 2026. */
#define OLDEST_SUPPORTED_RUNTIME 50

static char *
source_path (const char *first,
             ...)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  va_list args;

  g_ptr_array_add (parts, (gpointer) g_getenv ("G_TEST_SRCDIR"));
  g_ptr_array_add (parts, "..");
  va_start (args, first);
  for (const char *part = first; part != NULL; part = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) part);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **) parts->pdata);
}

static JsonObject *
manifest (JsonParser **parser)
{
  g_autofree char *path = source_path ("flatpak", "io.github.deckwright.Deckwright.json", NULL);
  g_autoptr(GError) error = NULL;

  *parser = json_parser_new ();
  json_parser_load_from_file (*parser, path, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (*parser)));
  return json_node_get_object (json_parser_get_root (*parser));
}

static JsonObject *
project_module (JsonObject *root)
{
  JsonArray *modules = json_object_get_array_member (root, "modules");

  g_assert_nonnull (modules);
  g_assert_cmpuint (json_array_get_length (modules), >, 0);
  /* flatpak-builder builds the modules in order: the app comes last. */
  return json_array_get_object_element (modules, json_array_get_length (modules) - 1);
}

/* The strings that @pattern's first group matches in @text. */
static GPtrArray *
matches (const char *text,
         const char *pattern)
{
  g_autoptr(GRegex) regex = g_regex_new (pattern, G_REGEX_MULTILINE, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);

  g_assert_nonnull (regex);
  g_regex_match (regex, text, 0, &match);
  while (g_match_info_matches (match))
    {
      g_ptr_array_add (found, g_match_info_fetch (match, 1));
      g_match_info_next (match, NULL);
    }
  return found;
}

/* Whether a module before the app's is named @name and built from a
 * pinned source (an archive with its checksum, or a git commit). */
static gboolean
built_by_module (JsonObject *root,
                 const char *name)
{
  JsonArray *modules = json_object_get_array_member (root, "modules");

  for (guint i = 0; i + 1 < json_array_get_length (modules); i++)
    {
      JsonObject *module = json_array_get_object_element (modules, i);
      JsonArray *sources = json_object_get_array_member (module, "sources");

      if (g_strcmp0 (json_object_get_string_member (module, "name"), name) != 0)
        continue;
      g_assert_nonnull (sources);
      for (guint j = 0; j < json_array_get_length (sources); j++)
        {
          JsonObject *source = json_array_get_object_element (sources, j);
          const char *type = json_object_get_string_member (source, "type");

          if (g_strcmp0 (type, "git") == 0)
            g_assert_cmpuint (strlen (json_object_get_string_member_with_default (source, "commit", "")), ==, 40);
          else if (g_strcmp0 (type, "archive") == 0)
            g_assert_cmpuint (strlen (json_object_get_string_member_with_default (source, "sha256", "")), ==, 64);
        }
      return TRUE;
    }
  return FALSE;
}

static void
test_id_and_command (void)
{
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *root = manifest (&parser);
  g_autofree char *program = g_path_get_basename (g_getenv ("DECKWRIGHT"));
  g_autofree char *desktop_path = source_path ("data", "io.github.deckwright.Deckwright.desktop.in", NULL);
  g_autoptr(GKeyFile) desktop = g_key_file_new ();
  g_autofree char *icon = NULL;
  g_autofree char *exec = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (json_object_get_string_member (root, "id"), ==, APPLICATION_ID);
  g_assert_cmpstr (json_object_get_string_member (root, "command"), ==, program);

  /* The desktop file launches the same program and shows the icon the
   * id names, as flatpak exports it. */
  g_key_file_load_from_file (desktop, desktop_path, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  icon = g_key_file_get_string (desktop, G_KEY_FILE_DESKTOP_GROUP, G_KEY_FILE_DESKTOP_KEY_ICON, NULL);
  exec = g_key_file_get_string (desktop, G_KEY_FILE_DESKTOP_GROUP, G_KEY_FILE_DESKTOP_KEY_EXEC, NULL);
  g_assert_cmpstr (icon, ==, APPLICATION_ID);
  g_assert_true (g_str_has_prefix (exec, program));
  g_assert_true (exec[strlen (program)] == ' ' || exec[strlen (program)] == '\0');
}

static void
test_runtime_is_supported (void)
{
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *root = manifest (&parser);
  const char *version = json_object_get_string_member (root, "runtime-version");
  guint64 number = 0;

  g_assert_cmpstr (json_object_get_string_member (root, "runtime"), ==, "org.gnome.Platform");
  g_assert_cmpstr (json_object_get_string_member (root, "sdk"), ==, "org.gnome.Sdk");
  g_assert_true (g_ascii_string_to_unsigned (version, 10, 1, 1000, &number, NULL));
  g_assert_cmpuint (number, >=, OLDEST_SUPPORTED_RUNTIME);
}

static void
test_module_is_this_project (void)
{
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *root_object = manifest (&parser);
  JsonObject *module = project_module (root_object);
  g_autofree char *meson_build_path = source_path ("meson.build", NULL);
  g_autofree char *options_path = source_path ("meson_options.txt", NULL);
  g_autofree char *meson_build = dw_test_read_file (meson_build_path);
  g_autofree char *options = dw_test_read_file (options_path);
  g_autoptr(GPtrArray) project = matches (meson_build, "^project\\('([^']+)'");
  g_autoptr(GPtrArray) option_names = matches (options, "^option\\('([^']+)'");
  g_autoptr(GPtrArray) dependencies = matches (meson_build, "dependency\\('([^']+)'");
  JsonArray *sources = json_object_get_array_member (module, "sources");
  JsonArray *config = json_object_get_array_member (module, "config-opts");
  JsonObject *source;
  g_autofree char *manifest_dir = source_path ("flatpak", NULL);
  g_autofree char *from = NULL;
  g_autofree char *root = NULL;
  g_autofree char *project_root = source_path (NULL, NULL);

  g_assert_cmpuint (project->len, ==, 1);
  g_assert_cmpstr (json_object_get_string_member (module, "name"), ==, g_ptr_array_index (project, 0));
  g_assert_cmpstr (json_object_get_string_member (module, "buildsystem"), ==, "meson");

  /* Built from this folder. */
  g_assert_cmpuint (json_array_get_length (sources), ==, 1);
  source = json_array_get_object_element (sources, 0);
  g_assert_cmpstr (json_object_get_string_member (source, "type"), ==, "dir");
  from = g_build_filename (manifest_dir, json_object_get_string_member (source, "path"), NULL);
  root = g_canonicalize_filename (from, NULL);
  g_free (g_steal_pointer (&from));
  from = g_canonicalize_filename (project_root, NULL);
  g_assert_cmpstr (root, ==, from);

  /* Every -D option is one the project has. */
  for (guint i = 0; config != NULL && i < json_array_get_length (config); i++)
    {
      const char *option = json_array_get_string_element (config, i);
      g_autofree char *name = NULL;

      if (!g_str_has_prefix (option, "-D"))
        continue;
      name = g_strndup (option + 2, strcspn (option + 2, "="));
      if (!g_ptr_array_find_with_equal_func (option_names, name, g_str_equal, NULL))
        g_error ("%s is not an option of the project", option);
    }

  /* Every library meson looks for is in the runtime, or built by a
   * module of the manifest named as its pkg-config file, before the app. */
  g_assert_cmpuint (dependencies->len, >, 0);
  for (guint i = 0; i < dependencies->len; i++)
    if (!g_strv_contains (runtime_provides, g_ptr_array_index (dependencies, i)) &&
        !built_by_module (root_object, g_ptr_array_index (dependencies, i)))
      g_error ("%s is neither in the GNOME runtime nor a module of the manifest",
               (char *) g_ptr_array_index (dependencies, i));
}

/* Files go through the portals, so no folder is shared; the network only
 * for Get Card Images (src/core/dw-images.c, with libsoup); X11 only when
 * there is no Wayland. */
static void
test_permissions_are_minimal (void)
{
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *root = manifest (&parser);
  JsonArray *args = json_object_get_array_member (root, "finish-args");
  static const char * const allowed[] = {
    "--share=ipc", "--share=network", "--socket=fallback-x11", "--socket=wayland", "--device=dri", NULL
  };

  g_assert_nonnull (args);
  for (guint i = 0; i < json_array_get_length (args); i++)
    {
      const char *arg = json_array_get_string_element (args, i);

      if (!g_strv_contains (allowed, arg))
        g_error ("the manifest asks for %s, which Deckwright does not use", arg);
    }
  g_assert_cmpuint (json_array_get_length (args), ==, g_strv_length ((char **) allowed));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/flatpak/id-and-command", test_id_and_command);
  g_test_add_func ("/flatpak/runtime-is-supported", test_runtime_is_supported);
  g_test_add_func ("/flatpak/module-is-this-project", test_module_is_this_project);
  g_test_add_func ("/flatpak/permissions-are-minimal", test_permissions_are_minimal);

  return g_test_run ();
}
