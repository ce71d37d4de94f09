/* test-card-face.c — a card's image on its face
 *
 * Runs under xvfb-run with the widget tests' environment.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "dw-card-face.h"
#include "dw-test-util.h"

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
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (dw_card_face_is_loading_art (face) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
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

int
main (int    argc,
      char **argv)
{
  int ret;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  library = dw_test_library ();

  g_test_add_func ("/card-face/image-beside-the-database", test_image_beside_the_database);

  ret = g_test_run ();
  g_clear_object (&library);
  return ret;
}
