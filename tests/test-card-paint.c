/* test-card-paint.c — a card drawn large, held against what it must show
 *
 * Draws faces into image surfaces and reads their pixels: the name stays
 * clear of the cost disc (once, a stroke joined the two across the name),
 * and no shipped card has its name or stats cut at the size the window
 * shows a face.  Runs under xvfb-run, as the faces take their fonts from
 * a widget.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "dw-card-paint.h"
#include "dw-test-gtk.h"
#include "dw-test-util.h"

static DwLibrary *library;

static const double parchment[] = { 0.97, 0.95, 0.90 };

/* Red, green and blue (0 to 1) of the pixel at @x, @y of an opaque
 * ARGB32 surface. */
static void
pixel_at (cairo_surface_t *surface,
          int              x,
          int              y,
          double          *rgb)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  guint32 pixel = *(const guint32 *) (data + y * cairo_image_surface_get_stride (surface) + x * 4);

  rgb[0] = ((pixel >> 16) & 0xff) / 255.0;
  rgb[1] = ((pixel >> 8) & 0xff) / 255.0;
  rgb[2] = (pixel & 0xff) / 255.0;
}

static gboolean
is_parchment (const double *rgb)
{
  for (guint i = 0; i < 3; i++)
    if (ABS (rgb[i] - parchment[i]) > 0.02)
      return FALSE;
  return TRUE;
}

static cairo_surface_t *
draw_large (GtkWidget       *widget,
            DwCard          *card,
            int              width,
            int              height,
            DwCardPaintCut  *cut)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  DwCardPaintCut parts;

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  parts = dw_card_paint_large (gtk_widget_get_pango_context (widget), cr, dw_library_lookup_game (library, "arcmage"), card, NULL,
                               width, height);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (cut != NULL)
    *cut = parts;
  return surface;
}

/* The name's pixels end where the disc begins: between them only
 * parchment, so no stroke runs from the name to the disc; the name and
 * the disc are both there. */
static void
test_title_clear_of_cost_disc (void)
{
  g_autoptr(GtkWidget) widget = g_object_ref_sink (gtk_label_new (NULL));
  DwCard *card = dw_library_lookup_card (library, "arcmage", "arc-0001", 0, NULL);
  const int W = (int) DW_CARD_PAINT_LARGE_WIDTH;
  const int H = (int) DW_CARD_PAINT_LARGE_HEIGHT;
  cairo_surface_t *surface;
  guint ink = 0;
  double rgb[3];

  g_assert_nonnull (card);
  g_assert_nonnull (dw_card_get_value (card, "cost"));
  surface = draw_large (widget, card, W, H, NULL);

  /* Between the end of the name's box and the disc's left edge (its
   * centre 30 units in from the right, radius 17, its white ring about
   * 2 wide), across the height of the name. */
  for (int y = 12; y < 50; y++)
    for (int x = (int) DW_CARD_PAINT_LARGE_NAME_RIGHT + 1; x < W - 30 - 17 - 2; x++)
      {
        pixel_at (surface, x, y, rgb);
        if (!is_parchment (rgb))
          g_error ("(%d, %d) is %.2f %.2f %.2f, not parchment", x, y, rgb[0], rgb[1], rgb[2]);
      }

  /* The name is drawn (dark pixels in its box) and the disc too (its
   * colour just inside its lower edge). */
  for (int y = 14; y < 50; y++)
    for (int x = 16; x < (int) DW_CARD_PAINT_LARGE_NAME_RIGHT; x++)
      {
        pixel_at (surface, x, y, rgb);
        ink += rgb[0] + rgb[1] + rgb[2] < 1.0;
      }
  g_assert_cmpuint (ink, >, 50);
  pixel_at (surface, W - 30, 30 + 12, rgb);
  g_assert_false (is_parchment (rgb));
  g_assert_cmpfloat (rgb[0] + rgb[1] + rgb[2], <, 2.5);

  cairo_surface_destroy (surface);
  (void) H;
}

/* At the smallest size the window gives a face (three quarters of its
 * own), no shipped card has its name or its stats cut. */
static void
test_no_name_or_stat_cut (void)
{
  g_autoptr(GtkWidget) widget = g_object_ref_sink (gtk_label_new (NULL));
  GListModel *dbs = dw_library_get_card_dbs (library);
  const int W = (int) (DW_CARD_PAINT_LARGE_WIDTH * 3 / 4);
  const int H = (int) (DW_CARD_PAINT_LARGE_HEIGHT * 3 / 4);
  guint cards = 0, texts_cut = 0;

  for (guint d = 0; d < g_list_model_get_n_items (dbs); d++)
    {
      g_autoptr(DwCardDb) db = g_list_model_get_item (dbs, d);

      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (db)); i++)
        {
          g_autoptr(DwCard) card = g_list_model_get_item (G_LIST_MODEL (db), i);
          cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
          cairo_t *cr = cairo_create (surface);
          DwCardPaintCut cut = dw_card_paint_large (gtk_widget_get_pango_context (widget), cr, dw_card_db_get_game (db), card, NULL, W, H);

          cairo_destroy (cr);
          cairo_surface_destroy (surface);
          if (cut & DW_CARD_PAINT_CUT_NAME)
            g_error ("the name of %s (“%s”) is cut", dw_card_get_id (card), dw_card_get_name (card));
          if (cut & DW_CARD_PAINT_CUT_STATS)
            g_error ("the stats of %s (“%s”) are cut", dw_card_get_id (card), dw_card_get_name (card));
          texts_cut += (cut & DW_CARD_PAINT_CUT_TEXT) != 0;
          cards++;
        }
    }
  g_test_message ("%u cards drawn, %u with rules text or flavour cut at the smallest size", cards, texts_cut);
  g_assert_cmpuint (cards, >, 100);
}

/* A card as it lies on the table, in the deck's faces and the deck
 * picture: no shipped card's name is cut or broken inside a word
 * ("Grandmoth" over "er Ashroot", "Blackpowde" by its cost disc); it is
 * set smaller first. */
static void
test_small_names_whole (void)
{
  g_autoptr(GtkWidget) widget = g_object_ref_sink (gtk_label_new (NULL));
  GListModel *dbs = dw_library_get_card_dbs (library);
  guint cards = 0;
  /* The window's text, and the deck picture's, which has no display. */
  cairo_surface_t *plain_surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *plain_cr = cairo_create (plain_surface);
  g_autoptr(GObject) plain_object = G_OBJECT (pango_cairo_create_context (plain_cr));
  PangoContext *plain = PANGO_CONTEXT (plain_object);
  PangoContext *contexts[2];

  pango_cairo_context_set_resolution (plain, 96);
  contexts[0] = gtk_widget_get_pango_context (widget);
  contexts[1] = plain;
  for (guint c = 0; c < G_N_ELEMENTS (contexts); c++)
  for (guint d = 0; d < g_list_model_get_n_items (dbs); d++)
    {
      g_autoptr(DwCardDb) db = g_list_model_get_item (dbs, d);

      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (db)); i++)
        {
          g_autoptr(DwCard) card = g_list_model_get_item (G_LIST_MODEL (db), i);
          cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 120, 168);
          cairo_t *cr = cairo_create (surface);
          DwCardPaintCut cut = dw_card_paint_small (contexts[c], cr, dw_card_db_get_game (db), card, 150, 210);

          cairo_destroy (cr);
          cairo_surface_destroy (surface);
          if (cut & DW_CARD_PAINT_CUT_NAME)
            g_error ("the small name of %s (“%s”) is cut", dw_card_get_id (card), dw_card_get_name (card));
          cards++;
        }
    }
  g_assert_cmpuint (cards, >, 200);
  cairo_destroy (plain_cr);
  cairo_surface_destroy (plain_surface);
}


/* Brawl, of a game defined only as data: its faces show every property
 * the game declares, whatever its kind ("Core", an enum, was missing),
 * each under its whole name ("Hits", once cut to "Hit") unless the
 * definition gives a short label; Arcmage's and Coraabia's stay as
 * their definitions label them. */
static const char brawl_game[] =
  "<game xmlns='urn:deckwright:game:1' id='brawlers' name='Brawlers'>"
  " <types><type id='Fighter' name='Fighter'/></types>"
  " <properties>"
  "  <property id='hits' name='Hits' kind='int' min='0'/>"
  "  <property id='core' name='Core' kind='enum'><value>Ember</value><value>Iron</value></property>"
  "  <property id='reach' name='Reach' short='RCH' kind='int'/>"
  "  <property id='motto' name='Motto' kind='text'/>"
  "  <property id='text' name='Text' kind='text'/>"
  " </properties>"
  " <sections><section id='fighters' name='Fighters' accepts='Fighter'/></sections>"
  "</game>";

static const char brawl_cards[] =
  "<carddb xmlns='urn:deckwright:carddb:1' game='brawlers'>"
  " <card id='b1'><name>Brawl</name><type>Fighter</type><hits>9</hits><core>Ember</core>"
  "  <reach>2</reach><motto>Last</motto><text>Hits twice.</text></card>"
  "</carddb>";

static DwGame *
lookup_brawl_game (const char *game_id,
                   gpointer    user_data)
{
  return g_strcmp0 (game_id, "brawlers") == 0 ? user_data : NULL;
}

static void
test_every_property_whole (void)
{
  g_autoptr(GtkWidget) widget = g_object_ref_sink (gtk_label_new (NULL));
  g_autoptr(GError) error = NULL;
  g_autoptr(DwGame) game = dw_game_new_from_data (brawl_game, sizeof brawl_game - 1, "brawlers.xml", &error);
  g_autoptr(DwCardDb) db = NULL;
  g_autofree char *small = NULL;
  g_autofree char *large = NULL;
  g_autofree char *arcmage = NULL;
  g_autofree char *coraabia = NULL;
  DwCard *card;
  DwCard *bandit;
  cairo_surface_t *surface;
  cairo_t *cr;

  g_assert_no_error (error);
  db = dw_card_db_load_data (brawl_cards, sizeof brawl_cards - 1, "brawlers-cards.xml", lookup_brawl_game, game,
                             &error);
  g_assert_no_error (error);
  card = dw_card_db_lookup_id (db, "b1");
  g_assert_nonnull (card);

  small = dw_card_paint_short_stats_line (game, card);
  g_assert_cmpstr (small, ==, "Hits\u00a09  Core\u00a0Ember  RCH\u00a02  Motto\u00a0Last");
  large = dw_card_paint_stats_line (game, card);
  g_assert_cmpstr (large, ==, "Hits 9  ·  Core Ember  ·  Reach 2  ·  Motto Last");

  /* And all of it fits the face as the table shows it. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 120, 168);
  cr = cairo_create (surface);
  g_assert_cmpint (dw_card_paint_small (gtk_widget_get_pango_context (widget), cr, game, card, 120, 168)
                   & DW_CARD_PAINT_CUT_STATS, ==, 0);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  /* The shipped games keep their labels: ATK/DEF, and Coraabia's short
   * ones (its whole names would not fit a tile). */
  card = dw_library_lookup_card (library, "arcmage", "arc-0001", 0, NULL);
  g_assert_nonnull (card);
  arcmage = dw_card_paint_short_stats_line (dw_library_lookup_game (library, "arcmage"), card);
  g_assert_cmpstr (arcmage, ==, "ATK\u00a02  DEF\u00a01");
  bandit = NULL;
  for (guint d = 0; d < g_list_model_get_n_items (dw_library_get_card_dbs (library)) && bandit == NULL; d++)
    {
      g_autoptr(DwCardDb) each = g_list_model_get_item (dw_library_get_card_dbs (library), d);

      if (g_strcmp0 (dw_game_get_id (dw_card_db_get_game (each)), "coraabia") == 0)
        bandit = dw_card_db_lookup_name (each, "Mogra Tusk Brawler");
    }
  g_assert_nonnull (bandit);
  coraabia = dw_card_paint_short_stats_line (dw_library_lookup_game (library, "coraabia"), bandit);
  g_assert_cmpstr (coraabia, ==, "Dan\u00a08  Int\u00a01  Vit\u00a080%  Kar\u00a0-5");
}

int
main (int    argc,
      char **argv)
{
  int ret;

  dw_test_gtk_init (&argc, &argv);
  library = dw_test_library ();

  g_test_add_func ("/card-paint/title-clear-of-cost-disc", test_title_clear_of_cost_disc);
  g_test_add_func ("/card-paint/no-name-or-stat-cut", test_no_name_or_stat_cut);
  g_test_add_func ("/card-paint/small-names-whole", test_small_names_whole);
  g_test_add_func ("/card-paint/every-property-whole", test_every_property_whole);

  ret = g_test_run ();
  g_clear_object (&library);
  return ret;
}
