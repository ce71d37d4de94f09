/* test-card-face.c — a card's image on its face
 *
 * Runs under xvfb-run with the widget tests' environment.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include <libsoup/soup.h>

#include "dw-card-browser.h"
#include "dw-card-face.h"
#include "dw-card-paint.h"
#include "dw-card-tile.h"
#include "dw-card-usage.h"
#include "dw-card-zoom.h"
#include "dw-deck-library.h"
#include "dw-images.h"
#include "dw-test-gtk.h"
#include "dw-test-util.h"
#include "dw-window.h"

static DwLibrary *library;

static DwGame *
lookup_game_cb (const char *game_id,
                gpointer    user_data)
{
  return dw_library_lookup_game (user_data, game_id);
}

static void
write_png (const char *path,
           int         width,
           int         height)
{
  g_autoptr(GdkPixbuf) pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, width, height);
  g_autoptr(GError) error = NULL;

  gdk_pixbuf_fill (pixbuf, 0x2266aaff);
  gdk_pixbuf_save (pixbuf, path, "png", &error, NULL);
  g_assert_no_error (error);
}

/* Waits until the face has read the card's image, or given up on it. */
static gboolean
wait_for_art (DwCardFace *face)
{

  DW_TEST_WAIT_UNTIL (!dw_card_face_is_loading_art (face));
  g_assert_false (dw_card_face_is_loading_art (face));
  return dw_card_face_has_art (face);
}

/* An image named relative to its database is read (off the main
 * thread) and drawn; a card without one, or with a broken one, keeps
 * the faction's colour; a newer card wins over an image still loading. */
static void
test_image_beside_the_database (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *art_dir = g_build_filename (dir, "art", NULL);
  g_autofree char *good = NULL;
  g_autofree char *db_path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = NULL;
  g_autoptr(DwCard) pictured = NULL;
  g_autoptr(DwCard) broken = NULL;
  g_autoptr(DwCard) bare = NULL;
  DwGame *arcmage = dw_library_lookup_game (library, "arcmage");
  GtkWidget *window = gtk_window_new ();
  DwCardFace *face = DW_CARD_FACE (dw_card_face_new ());

  g_assert_cmpint (g_mkdir_with_parents (art_dir, 0700), ==, 0);
  good = g_build_filename (art_dir, "alpha.png", NULL);
  write_png (good, 600, 400);
  g_free (dw_test_write_file (art_dir, "broken.png", "not a picture"));
  db_path = dw_test_write_file (dir, "cards.xml",
    "<?xml version=\"1.0\"?>\n"
    "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
    "  <card id=\"a-1\"><name>Alpha &amp; Co</name><type>Creature</type><image>art/alpha.png</image></card>\n"
    "  <card id=\"a-2\"><name>Beta</name><type>Creature</type><image>art/broken.png</image></card>\n"
    "  <card id=\"a-3\"><name>Gamma</name><type>Creature</type></card>\n"
    "</carddb>\n");
  db = dw_card_db_load (db_path, lookup_game_cb, library, &error);
  g_assert_no_error (error);
  pictured = g_list_model_get_item (G_LIST_MODEL (db), 0);
  broken = g_list_model_get_item (G_LIST_MODEL (db), 1);
  bare = g_list_model_get_item (G_LIST_MODEL (db), 2);

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (face));
  gtk_window_present (GTK_WINDOW (window));

  dw_card_face_set_card (face, arcmage, pictured);
  g_assert_true (dw_card_face_is_loading_art (face));
  g_assert_true (wait_for_art (face));

  dw_card_face_set_card (face, arcmage, bare);
  g_assert_false (dw_card_face_has_art (face));

  dw_card_face_set_card (face, arcmage, broken);
  g_assert_false (wait_for_art (face));

  /* Picked and left at once: the art of the first never shows on the
   * second. */
  dw_card_face_set_card (face, arcmage, pictured);
  dw_card_face_set_card (face, arcmage, bare);
  g_assert_false (wait_for_art (face));

  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_remove_tree (dir);
}

static GBytes *served_png;
static guint n_served;

static void
serve_cb (SoupServer        *server,
          SoupServerMessage *message,
          const char        *path,
          GHashTable        *query,
          gpointer           user_data)
{
  if (g_str_equal (path, "/art/one.png") || g_str_equal (path, "/art/two.png"))
    {
      gsize length;
      const char *data = g_bytes_get_data (served_png, &length);

      n_served++;
      soup_server_message_set_status (message, SOUP_STATUS_OK, NULL);
      soup_server_message_set_response (message, "image/png", SOUP_MEMORY_COPY, data, length);
    }
  else
    soup_server_message_set_status (message, SOUP_STATUS_NOT_FOUND, NULL);
}

static AdwMessageDialog *
find_dialog (const char *heading)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) &&
        g_strcmp0 (adw_message_dialog_get_heading (l->data), heading) == 0)
      return l->data;
  return NULL;
}

/* Get Card Images fetches the game's images from (here, a local) web
 * server with a progress bar, says how it went, and the face then shows
 * the image; the preferences can forbid it. */
static void
test_get_card_images (void)
{
  g_autoptr(SoupServer) server = soup_server_new (NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr(DwLibrary) own = dw_test_library ();
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *xml = NULL;
  g_autofree char *db_path = NULL;
  g_autofree char *base = NULL;
  g_autofree char *one = NULL;
  g_autofree char *cached = NULL;
  GSList *uris;
  DwCardDb *db;
  DwWindow *window;
  AdwMessageDialog *dialog = NULL;
  g_autoptr(DwCard) card = NULL;
  DwCardFace *face = DW_CARD_FACE (dw_card_face_new ());
  GtkWidget *holder = gtk_window_new ();

  {
    g_autoptr(GdkPixbuf) pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, 300, 200);
    char *data = NULL;
    gsize length = 0;

    gdk_pixbuf_fill (pixbuf, 0xaa3322ff);
    g_assert_true (gdk_pixbuf_save_to_buffer (pixbuf, &data, &length, "png", &error, NULL));
    served_png = g_bytes_new_take (data, length);
  }
  soup_server_add_handler (server, NULL, serve_cb, NULL, NULL);
  soup_server_listen_local (server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error);
  g_assert_no_error (error);
  uris = soup_server_get_uris (server);
  base = g_uri_to_string_partial (uris->data, G_URI_HIDE_PASSWORD);
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);
  if (g_str_has_suffix (base, "/"))
    base[strlen (base) - 1] = '\0';
  one = g_strconcat (base, "/art/one.png", NULL);

  xml = g_strdup_printf ("<?xml version=\"1.0\"?>\n"
                         "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                         "  <card id=\"w-1\"><name>One</name><type>Creature</type><image>%s</image></card>\n"
                         "  <card id=\"w-2\"><name>Two</name><type>Creature</type><image>%s/art/two.png</image></card>\n"
                         "  <card id=\"w-3\"><name>Three</name><type>Creature</type><image>%s/art/none.png</image></card>\n"
                         "</carddb>\n", one, base, base);
  db_path = dw_test_write_file (dir, "web.xml", xml);
  db = dw_library_add_card_db_file (own, db_path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (db);

  /* The shipped databases name no image by address. */
  {
    DwWindow *plain = dw_window_new_for_library (NULL, library);
    AdwMessageDialog *said = NULL;

    gtk_window_present (GTK_WINDOW (plain));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (plain), "win.fetch-images", NULL));
    DW_TEST_WAIT_UNTIL ((said = find_dialog ("Card Images")) != NULL);
    g_assert_nonnull (said);
    g_assert_cmpstr (adw_message_dialog_get_body (said), ==,
                     "The card databases of this game name no images by web address.");
    gtk_window_destroy (GTK_WINDOW (said));
    gtk_window_destroy (GTK_WINDOW (plain));
  }

  /* Forbidden in the preferences: no way to start it. */
  g_settings_set_boolean (settings, "download-images", FALSE);
  window = dw_window_new_for_library (NULL, own);
  gtk_window_present (GTK_WINDOW (window));
  /* A disabled action is found but does nothing. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.fetch-images", NULL);
  dw_test_settle ();
  g_assert_null (find_dialog ("Getting Card Images…"));
  g_assert_cmpuint (n_served, ==, 0);

  g_settings_set_boolean (settings, "download-images", TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.fetch-images", NULL));
  g_assert_nonnull (find_dialog ("Getting Card Images…"));
  DW_TEST_WAIT_UNTIL ((dialog = find_dialog ("Card Images")) != NULL);
  g_assert_nonnull (dialog);
  g_assert_cmpuint (n_served, ==, 2);
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog),
                                   "2 images fetched, 0 already there; 1 could not be fetched, the first: "));
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "close"));
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "stop"));

  cached = dw_images_cache_path (one);
  g_assert_true (g_file_test (cached, G_FILE_TEST_IS_REGULAR));
  card = g_object_ref (dw_library_lookup_card (own, "arcmage", "w-1", 0, NULL));
  gtk_window_set_child (GTK_WINDOW (holder), GTK_WIDGET (face));
  gtk_window_present (GTK_WINDOW (holder));
  dw_card_face_set_card (face, dw_library_lookup_game (own, "arcmage"), card);
  g_assert_true (wait_for_art (face));

  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (holder));
  soup_server_disconnect (server);
  g_clear_pointer (&served_png, g_bytes_unref);
  dw_test_remove_tree (dir);
}

/* The face in the browser takes the room it has, in the card's own
 * proportions: larger in a larger window, and at the default size
 * clearly larger than the 185 px it had in a fixed column; a player with
 * a deck library sees "In 2 of your decks" too, and it takes no height
 * from the card (under it, it made the face 212 px wide at 1280×800 with
 * no style sheet; beside it, 241).  With the app's style sheet and the
 * deck's heading over the Builder page the face is 207 px wide there:
 * at least 200, as tall as its pane (/browser/face-uses-its-space). */
static void
test_face_grows_with_the_window (void)
{
  /* No larger than the test screen, 1280×800, which GTK holds a window to. */
  static const int sizes[][2] = { { 960, 600 }, { 1100, 700 }, { 1280, 800 } };
  g_autofree char *tmp = dw_test_make_tmpdir ();
  g_autofree char *cache = g_build_filename (tmp, "cache", NULL);
  g_autoptr(DwDeckLibrary) decks = dw_deck_library_new (library, cache);
  g_autoptr(GError) error = NULL;
  DwWindow *window;
  DwCardBrowser *browser;
  DwCardFace *face;
  DwCardUsage *usage;
  int last_width = 0, last_height = 0;

  g_free (dw_test_write_file (tmp, "wall.xml",
                              "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                              "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\"><name>Wall</name>"
                              "<section id=\"main\"><card id=\"arc-0001\" count=\"4\">Thornwood Scout</card></section></deck>"));
  dw_deck_library_set_roots (decks, (const char * const[]) { tmp, NULL }, TRUE);
  g_assert_true (dw_deck_library_scan (decks, NULL, &error));
  g_assert_no_error (error);
  dw_card_usage_set_library (decks);

  window = dw_window_new_for_library (NULL, library);
  browser = dw_window_get_browser (window);
  face = dw_card_browser_get_face (browser);
  usage = dw_card_browser_get_usage (browser);
  dw_test_present (GTK_WINDOW (window));
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      int width, height;

      gtk_window_set_default_size (GTK_WINDOW (window), sizes[i][0], sizes[i][1]);
      dw_test_relayout ();
      width = gtk_widget_get_width (GTK_WIDGET (face));
      height = gtk_widget_get_height (GTK_WIDGET (face));
      g_test_message ("window %d×%d: face %d×%d", sizes[i][0], sizes[i][1], width, height);
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (face)));
      g_assert_nonnull (dw_card_face_get_card (face));
      g_assert_cmpfloat (ABS (width * DW_CARD_PAINT_LARGE_HEIGHT - height * DW_CARD_PAINT_LARGE_WIDTH),
                         <=, DW_CARD_PAINT_LARGE_HEIGHT);
      g_assert_cmpint (width, >, last_width);
      g_assert_cmpint (height, >, last_height);
      if (sizes[i][0] == 1280)
        g_assert_cmpint (width, >=, 200);
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (usage)));
      g_assert_nonnull (dw_card_usage_get_label (usage));
      last_width = width;
      last_height = height;
    }
  gtk_window_destroy (GTK_WINDOW (window));
  dw_card_usage_set_library (NULL);
  dw_test_remove_tree (tmp);
}

static DwCard *
current_card_cb (GtkWidget *widget,
                 gpointer   user_data)
{
  return *(DwCard **) user_data;
}

/* The card of the zoom popover showing on @widget, or NULL. */
static DwCard *
zoomed_on (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child) && gtk_widget_get_visible (child))
      /* The face, above the decks that hold the card. */
      return dw_card_face_get_card (DW_CARD_FACE (gtk_widget_get_first_child (gtk_popover_get_child (GTK_POPOVER (child)))));
  return NULL;
}

static void
emit_motion (GtkWidget  *widget,
             const char *signal)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_MOTION (controller))
        {
          if (g_str_equal (signal, "enter"))
            g_signal_emit_by_name (controller, "enter", 2.0, 2.0);
          else
            g_signal_emit_by_name (controller, "leave");
        }
    }
}

/* A zoom shows the card its widget names after the pointer rests on
 * it, follows the widget when it names another card (a list's row
 * reused as the list scrolls), goes when it names none, and is gone
 * with its widget. */
static void
test_zoom_follows_its_widget (void)
{
  DwGame *arcmage = dw_library_lookup_game (library, "arcmage");
  DwCard *scout = dw_library_lookup_card (library, "arcmage", "arc-0001", 0, NULL);
  DwCard *druid = dw_library_lookup_card (library, "arcmage", "arc-0002", 0, NULL);
  DwCard *current = scout;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *label = gtk_label_new ("a card");

  gtk_window_set_child (GTK_WINDOW (window), label);
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 300);
  dw_card_zoom_attach (label, arcmage, current_card_cb, &current);
  gtk_window_present (GTK_WINDOW (window));
  dw_test_relayout ();

  emit_motion (label, "enter");
  g_assert_null (zoomed_on (label));  /* not at once: the pointer may be passing */
  DW_TEST_WAIT_UNTIL (zoomed_on (label) == scout);

  current = druid;
  dw_card_zoom_update (label);
  g_assert_true (zoomed_on (label) == druid);
  current = NULL;
  dw_card_zoom_update (label);
  g_assert_null (zoomed_on (label));

  /* Passing over without resting shows nothing. */
  current = scout;
  emit_motion (label, "enter");
  emit_motion (label, "leave");
  dw_test_outlast (2 * DW_CARD_ZOOM_HOVER_DELAY_MS);
  g_assert_null (zoomed_on (label));

  emit_motion (label, "enter");
  DW_TEST_WAIT_UNTIL (zoomed_on (label) == scout);
  /* The label goes with its popover shown: no child is left behind (a
   * warning, fatal here). */
  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_relayout ();
}


/* A tile's badge ("1/1" on a creature, a region's HP) covers none of
 * the card's text: once it sat on the stats band's corner over "DEF 1".
 * Held at every size a zone gives a tile, upright and marked. */
static void
test_badge_clear_of_text (void)
{
  DwGame *game = dw_library_lookup_game (library, "arcmage");
  /* A creature ("ATK 2  DEF 1") and a region, whose HP is its stats. */
  const char *ids[] = { "arc-0001", "arc-r001" };
  /* A creature's ATK/DEF and the active region's HP, as the rules say them. */
  const char *badges[] = { "1/1", "5/6", "12/12 HP" };
  /* Every width the table gives a face-up card that shows text, the
   * window folded (0.68 of it) or not.  A turned card carrying a badge
   * (a creature at the front) is 65 px wide or more; below that its
   * turned art is narrower than "1/1" at 5 points. */
  const int widths[] = { 49, 54, 57, 60, 65, 68, 72, 80, 84, 96, 100, 116 };
  const int marked_widths[] = { 65, 72, 80, 84, 96, 100 };
  const DwCardPaintArea texts[] = { DW_CARD_PAINT_AREA_NAME, DW_CARD_PAINT_AREA_TYPE, DW_CARD_PAINT_AREA_STATS };
  guint checked = 0;

  for (guint c = 0; c < G_N_ELEMENTS (ids); c++)
    for (guint marked = 0; marked < 2; marked++)
      for (guint w = 0; w < (marked ? G_N_ELEMENTS (marked_widths) : G_N_ELEMENTS (widths)); w++)
        for (guint b = 0; b < G_N_ELEMENTS (badges); b++)
          {
            DwCard *card = dw_library_lookup_card (library, "arcmage", ids[c], 0, NULL);
            int width = marked ? marked_widths[w] : widths[w];
            GtkWidget *tile;
            graphene_rect_t badge, area;
            double across, down;

            /* The region's HP is shown on the active region, never turned. */
            if (marked && g_str_has_suffix (badges[b], "HP"))
              continue;
            tile = g_object_ref_sink (dw_card_tile_new (game, card, 1, width));

            dw_card_tile_set_marked (DW_CARD_TILE (tile), marked);
            g_assert_false (dw_card_tile_get_badge_rect (DW_CARD_TILE (tile), &badge));
            dw_card_tile_set_badge (DW_CARD_TILE (tile), badges[b], FALSE);
            g_assert_true (dw_card_tile_get_badge_rect (DW_CARD_TILE (tile), &badge));
            for (guint t = 0; t < G_N_ELEMENTS (texts); t++)
              {
                dw_card_tile_get_area (DW_CARD_TILE (tile), texts[t], &area);
                if (graphene_rect_intersection (&badge, &area, NULL))
                  g_error ("the badge “%s” of %s, %d px wide%s, at %.1f,%.1f %.1f×%.1f covers the text at "
                           "%.1f,%.1f %.1f×%.1f", badges[b], ids[c], width, marked ? ", marked" : "",
                           badge.origin.x, badge.origin.y, badge.size.width, badge.size.height,
                           area.origin.x, area.origin.y, area.size.width, area.size.height);
              }
            /* And it lies on the card, inside the picture. */
            across = marked ? dw_card_tile_height_for_width (width) : width;
            down = marked ? width : dw_card_tile_height_for_width (width);
            g_assert_cmpfloat (badge.origin.x, >=, 0);
            g_assert_cmpfloat (badge.origin.y, >=, 0);
            g_assert_cmpfloat (badge.origin.x + badge.size.width, <=, across);
            g_assert_cmpfloat (badge.origin.y + badge.size.height, <=, down);
            checked++;
            g_object_unref (tile);
          }
  g_assert_cmpuint (checked, ==, 2 * (G_N_ELEMENTS (widths) * 3 + G_N_ELEMENTS (marked_widths) * 2));
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *cache = dw_test_make_tmpdir ();
  int ret;

  /* This run's own cache; GLib reads the variable once. */
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  dw_test_gtk_init (&argc, &argv);
  library = dw_test_library ();

  g_test_add_func ("/card-face/image-beside-the-database", test_image_beside_the_database);
  g_test_add_func ("/card-face/get-card-images", test_get_card_images);
  g_test_add_func ("/card-face/grows-with-the-window", test_face_grows_with_the_window);
  g_test_add_func ("/card-face/zoom-follows-its-widget", test_zoom_follows_its_widget);
  g_test_add_func ("/card-face/badge-clear-of-text", test_badge_clear_of_text);

  ret = g_test_run ();
  g_clear_object (&library);
  dw_test_remove_tree (cache);
  return ret;
}
