/* test-event-window.c — the organiser's desk shows the event and acts on it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "dw-deck-compare-window.h"
#include "dw-event-window.h"
#include "dw-deck-code.h"
#include "dw-export.h"
#include "dw-qr.h"
#include "dw-sheet.h"
#include "dw-test-gtk.h"
#include "dw-test-util.h"

static DwLibrary *library;

typedef struct
{
  char          *dir;
  DwEventWindow *window;
} Fixture;

/* Four players' lists in four formats, and a broken file, dropped on the
 * window as one folder. */
static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GFile) folder = NULL;

  fixture->dir = dw_test_make_tmpdir ();
  dw_test_write_export (library, fixture->dir, "orc-green-wall.xml", DW_EXPORT_XML, "ada.xml");
  dw_test_write_export (library, fixture->dir, "a21-gilded-legion.xml", DW_EXPORT_COD, "grace <&> hopper.cod");
  dw_test_write_export (library, fixture->dir, "cor-bone-choir.xml", DW_EXPORT_TEXT, "edsger.txt");
  dw_test_write_export (library, fixture->dir, "arcmage-illegal-copy-limit.xml", DW_EXPORT_CSV, "barbara.csv");
  g_free (dw_test_write_file (fixture->dir, "broken.cod", "<cockatrice_deck>"));

  fixture->window = dw_event_window_new (NULL, library);
  dw_test_present (GTK_WINDOW (fixture->window));
  folder = g_file_new_for_path (fixture->dir);
  dw_event_window_add_files (fixture->window, &folder, 1);
  dw_test_settle ();
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  dw_test_settle ();
  dw_test_remove_tree (fixture->dir);
  g_free (fixture->dir);
}

static DwEventEntry *
shown_at (Fixture *fixture,
          guint    position)
{
  g_autoptr(DwEventEntry) entry = g_list_model_get_item (dw_event_window_get_shown (fixture->window), position);

  g_assert_nonnull (entry);
  return entry;
}

static guint
n_shown (Fixture *fixture)
{
  return g_list_model_get_n_items (dw_event_window_get_shown (fixture->window));
}

/* Every file is a row; the title counts the verdicts. */
static void
test_rows_and_title (Fixture       *fixture,
                     gconstpointer  data)
{
  g_assert_cmpuint (n_shown (fixture), ==, 5);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (fixture->window)), ==, "Event");
  g_assert_cmpuint (dw_event_count_verdict (dw_event_window_get_event (fixture->window),
                                            DW_EVENT_VERDICT_LEGAL), ==, 3);
}

/* The search box and the verdict menu narrow the rows. */
static void
test_filter (Fixture       *fixture,
             gconstpointer  data)
{
  dw_event_window_filter (fixture->window, "HOPPER", -1);
  g_assert_cmpuint (n_shown (fixture), ==, 1);
  g_assert_cmpstr (dw_event_entry_get_deck_name (shown_at (fixture, 0)), ==, "Gilded Legion");

  dw_event_window_filter (fixture->window, "bone", -1);
  g_assert_cmpuint (n_shown (fixture), ==, 1);
  g_assert_cmpstr (dw_event_entry_get_file_name (shown_at (fixture, 0)), ==, "edsger.txt");

  dw_event_window_filter (fixture->window, NULL, DW_EVENT_VERDICT_ILLEGAL);
  g_assert_cmpuint (n_shown (fixture), ==, 1);
  g_assert_cmpstr (dw_event_entry_get_file_name (shown_at (fixture, 0)), ==, "barbara.csv");

  dw_event_window_filter (fixture->window, NULL, DW_EVENT_VERDICT_UNREADABLE);
  g_assert_cmpuint (n_shown (fixture), ==, 1);
  dw_event_window_filter (fixture->window, NULL, -1);
  g_assert_cmpuint (n_shown (fixture), ==, 5);
}

/* Clicking a column sorts by it, either way. */
static void
test_sort (Fixture       *fixture,
           gconstpointer  data)
{
  dw_event_window_sort_by (fixture->window, "n-errors", GTK_SORT_DESCENDING);
  g_assert_cmpstr (dw_event_entry_get_file_name (shown_at (fixture, 0)), ==, "barbara.csv");
  dw_event_window_sort_by (fixture->window, "player", GTK_SORT_ASCENDING);
  g_assert_cmpstr (dw_event_entry_get_player (shown_at (fixture, 0)), ==, "barbara");
  dw_event_window_sort_by (fixture->window, "player", GTK_SORT_DESCENDING);
  g_assert_cmpstr (dw_event_entry_get_player (shown_at (fixture, 0)), ==, "grace <&> hopper");
}

/* Selecting a row shows its problems and its list; a re-check under
 * another format keeps the row selected and shows the new verdict. */
static void
test_select_shows_problems_and_list (Fixture       *fixture,
                                     gconstpointer  data)
{
  g_autofree char *details = NULL;
  g_autofree char *after = NULL;

  dw_event_window_sort_by (fixture->window, "player", GTK_SORT_ASCENDING);
  g_assert_true (dw_event_window_select (fixture->window, 0));
  details = dw_event_window_get_details (fixture->window);
  g_assert_nonnull (strstr (details, "Illegal"));
  g_assert_nonnull (strstr (details, "[copy-limit]"));
  g_assert_nonnull (strstr (details, "Main deck (60)\n"));
  g_assert_nonnull (strstr (details, " × Thornwood Scout\n"));

  dw_event_window_filter (fixture->window, "ada.xml", -1);
  g_assert_true (dw_event_window_select (fixture->window, 0));   /* Green Wall, legal */
  dw_event_set_format_id (dw_event_window_get_event (fixture->window), "arcmage-2021");
  dw_test_settle ();
  after = dw_event_window_get_details (fixture->window);
  g_test_message ("%s", after);
  g_assert_nonnull (strstr (after, "Green Wall — Deckwright"));
  g_assert_nonnull (strstr (after, "Arcmage (2021 leaflet)"));
  g_assert_nonnull (strstr (after, "[section-size]"));
}

/* A format the organiser drops in joins the menu and can be chosen. */
static void
test_new_format_joins_the_menu (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autoptr(DwLibrary) own = dw_test_library ();
  g_autofree char *path = dw_test_write_file (fixture->dir, "formats.xml",
                                              "<formats xmlns=\"urn:deckwright:game:1\" game=\"arcmage\">"
                                              "<format id=\"late-house\" name=\"Late &amp; House\">"
                                              "<section ref=\"main\"/></format></formats>");
  DwEventWindow *window = dw_event_window_new (NULL, own);
  g_autoptr(GError) error = NULL;
  GtkDropDown *dropdown = NULL;
  GListModel *names;
  guint before;

  for (GtkWidget *w = GTK_WIDGET (window); w != NULL && dropdown == NULL;)
    {
      /* The format menu is the header's drop-down, its tooltip naming it. */
      GtkWidget *next = gtk_widget_get_first_child (w);

      while (w != NULL && next == NULL)
        {
          next = gtk_widget_get_next_sibling (w);
          if (next == NULL)
            w = gtk_widget_get_parent (w);
          if (w == GTK_WIDGET (window))
            break;
        }
      w = next;
      if (GTK_IS_DROP_DOWN (w) && gtk_widget_get_tooltip_text (w) != NULL &&
          g_str_has_prefix (gtk_widget_get_tooltip_text (w), "The Format Every Deck Is Checked Against"))
        dropdown = GTK_DROP_DOWN (w);
    }
  g_assert_nonnull (dropdown);
  names = gtk_drop_down_get_model (dropdown);
  before = g_list_model_get_n_items (names);

  g_assert_true (dw_library_add_formats_file (own, path, &error));
  g_assert_no_error (error);
  names = gtk_drop_down_get_model (dropdown);
  g_assert_cmpuint (g_list_model_get_n_items (names), ==, before + 1);
  for (guint i = 0; i < g_list_model_get_n_items (names); i++)
    {
      g_autoptr(GtkStringObject) name = g_list_model_get_item (names, i);

      if (g_str_equal (gtk_string_object_get_string (name), "Arcmage: Late & House"))
        gtk_drop_down_set_selected (dropdown, i);
    }
  g_assert_cmpstr (dw_event_get_format_id (dw_event_window_get_event (window)), ==, "late-house");
  gtk_window_destroy (GTK_WINDOW (window));
  dw_test_settle ();
}

/* A deck check against a presented deck with one card swapped. */
static void
test_compare (Fixture       *fixture,
              gconstpointer  data)
{
  g_autofree char *presented_path = dw_test_write_file (fixture->dir, "at-the-table.txt",
                                                        "# Green Wall\n\n"
                                                        "3x Thornwood Scout\n3x Greycloak Pathfinder\n6x Hedge Sprite\n"
                                                        "3x Briarback Boar\n3x Bramble Weaver\n5x Fernstep Archer\n"
                                                        "3x Mossbeard Druid\n3x Silverbark Dryad\n3x Willowsong Shaman\n"
                                                        "3x Oakheart Warden\n1x Grandmother Ashroot\n2x Mountain Hermit\n"
                                                        "4x Verdant Surge\n2x Seedfall\n3x Entwining Roots\n"
                                                        "3x Everbloom Circle\n2x Call of the Deepwood\n3x Barkskin Mantle\n"
                                                        "2x Hornwood Bow\n3x Roadside Shrine\n\n## Regions\n"
                                                        "SB: 1x Sunlit Thicket\nSB: 1x The Whispering Fen\nSB: 1x Mosshollow\n");
  g_autoptr(GFile) presented = g_file_new_for_path (presented_path);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *nothing = NULL;

  /* Nothing selected: nothing to compare with. */
  nothing = dw_event_window_compare_file (fixture->window, presented, &error);
  g_assert_null (nothing);
  g_assert_nonnull (error);
  g_clear_error (&error);

  dw_event_window_filter (fixture->window, "ada", -1);
  g_assert_true (dw_event_window_select (fixture->window, 0));
  text = dw_event_window_compare_file (fixture->window, presented, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "The fingerprints differ"));
  g_assert_nonnull (strstr (text, "added: 1 × Fernstep Archer (Main deck)"));
  g_assert_nonnull (strstr (text, "removed: 1 × Thornwood Scout (Main deck)"));
  g_assert_cmpstr (dw_event_window_get_last_message (fixture->window), ==, "The fingerprints differ");

  /* Side by side, in the comparison window every comparison uses: the
   * lines that changed marked on their side. */
  {
    GListModel *toplevels = gtk_window_get_toplevels ();
    DwDeckCompareWindow *shown = NULL;

    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

        if (DW_IS_DECK_COMPARE_WINDOW (toplevel))
          shown = DW_DECK_COMPARE_WINDOW (toplevel);
      }
    g_assert_nonnull (shown);
    g_assert_cmpstr (dw_deck_compare_window_get_title (shown, 0), ==, "Registered list");
    g_assert_cmpstr (dw_deck_compare_window_get_title (shown, 1), ==, "Deck presented");
    g_assert_nonnull (strstr (dw_deck_compare_window_get_listing (shown, 0), "− 4 × Thornwood Scout"));
    g_assert_nonnull (strstr (dw_deck_compare_window_get_listing (shown, 1), "+ 5 × Fernstep Archer"));
    g_assert_nonnull (strstr (dw_deck_compare_window_get_listing (shown, 1), "\n3 × Thornwood Scout"));
    gtk_window_destroy (GTK_WINDOW (shown));
  }
  dw_test_settle ();
}

/* Page one of @deck_name's registration sheet as a PNG at 144 dpi, as a
 * judge's scanner would give it. */
static char *
sheet_png (const char *dir,
           const char *deck_name,
           const char *file_name)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, deck_name);
  DwFormat *format = dw_library_format_for_deck (library, deck, NULL, NULL);
  g_autoptr(DwSheet) sheet = dw_sheet_new (library, deck, format);
  char *path = g_build_filename (dir, file_name, NULL);
  double width, height;
  cairo_surface_t *surface;
  cairo_t *cr;

  dw_paper_get_size (DW_PAPER_A4, &width, &height);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) (width * 2), (int) (height * 2));
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, 2, 2);
  dw_sheet_get_n_pages (sheet, width, height);
  dw_sheet_draw_page (sheet, cr, 0, width, height);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  return path;
}

/* A deck check in one scan: the deck presented is a PNG of a registration
 * sheet, read by its QR code; the same deck matches, another differs, and
 * a picture with no code or with a code that is no deck code says so. */
static void
test_compare_sheet_picture (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *same = sheet_png (fixture->dir, "orc-green-wall.xml", "same.png");
  g_autofree char *other = sheet_png (fixture->dir, "orc-bone-tide.xml", "other.png");
  g_autofree char *blank = g_build_filename (fixture->dir, "blank.png", NULL);
  g_autofree char *web = g_build_filename (fixture->dir, "web.png", NULL);
  g_autofree char *fake = dw_test_write_file (fixture->dir, "fake.png", "4x Thornwood Scout\n");
  struct { const char *path; const char *says; } refused[] = {
    { blank, "no QR code" }, { web, "holds no deck code" }, { fake, "not a picture" },
  };
  g_autofree char *text = NULL;
  g_autofree char *other_text = NULL;
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 400, 400);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  g_assert_cmpint (cairo_surface_write_to_png (surface, blank), ==, CAIRO_STATUS_SUCCESS);
  g_assert_true (dw_qr_draw (cr, "https://arcmage.org/", 50, 50, 300, NULL));
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (surface, web), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);

  dw_event_window_filter (fixture->window, "ada", -1);
  g_assert_true (dw_event_window_select (fixture->window, 0));
  {
    g_autoptr(GFile) file = g_file_new_for_path (same);

    text = dw_event_window_compare_file (fixture->window, file, &error);
    g_assert_no_error (error);
    g_assert_nonnull (strstr (text, "The fingerprints match"));
    g_assert_cmpstr (dw_event_window_get_last_message (fixture->window), ==, "The fingerprints match");
  }
  {
    g_autoptr(GFile) file = g_file_new_for_path (other);

    other_text = dw_event_window_compare_file (fixture->window, file, &error);
    g_assert_no_error (error);
    g_assert_nonnull (strstr (other_text, "The fingerprints differ"));
    g_assert_nonnull (strstr (other_text, "removed: 4 × Thornwood Scout (Main deck)"));
  }
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (refused[i].path);
      g_autofree char *none = dw_event_window_compare_file (fixture->window, file, &error);

      g_assert_null (none);
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, refused[i].says));
      g_clear_error (&error);
    }
  dw_test_settle ();
}

/* The deck presented as a pasted deck code. */
static void
test_compare_pasted_code (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autofree char *code = dw_deck_code_encode (deck, dw_library_lookup_game (library, "arcmage"), FALSE, NULL);
  g_autofree char *text = NULL;
  g_autofree char *bad = g_strdup (code);
  g_autofree char *none = NULL;
  g_autoptr(GError) error = NULL;

  dw_event_window_filter (fixture->window, "ada", -1);
  g_assert_true (dw_event_window_select (fixture->window, 0));
  text = dw_event_window_compare_text (fixture->window, code, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "The fingerprints match"));

  bad[20] = bad[20] == 'x' ? 'y' : 'x';
  none = dw_event_window_compare_text (fixture->window, bad, &error);
  g_assert_null (none);
  g_assert_nonnull (strstr (error->message, "mistyped"));
  dw_test_settle ();
}

/* The report as CSV and PDF, and all sheets in one PDF. */
static void
test_export (Fixture       *fixture,
             gconstpointer  data)
{
  const char *kinds[] = { "csv", "pdf", "sheets" };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autofree char *name = g_strdup_printf ("out-%s", kinds[i]);
      g_autofree char *path = g_build_filename (fixture->dir, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autofree char *written = NULL;

      g_assert_true (dw_event_window_export (fixture->window, kinds[i], file, &error));
      g_assert_no_error (error);
      written = dw_test_read_file (path);
      if (i == 0)
        g_assert_true (g_str_has_prefix (written, "file,player,deck,game,format,legal,"));
      else
        g_assert_true (g_str_has_prefix (written, "%PDF-"));
    }
  g_assert_cmpstr (dw_event_window_get_last_message (fixture->window), ==, "Registration sheets saved");
}

/* The desk's list of decklists. */
static GtkColumnView *
list_of (Fixture *fixture)
{
  g_autoptr(GPtrArray) views = g_ptr_array_new ();

  dw_test_collect_widgets (GTK_WIDGET (fixture->window), GTK_TYPE_COLUMN_VIEW, views);
  g_assert_cmpuint (views->len, ==, 1);
  return g_ptr_array_index (views, 0);
}

/* The titles of the list's columns shown, in their order, joined by
 * commas. */
static char *
columns_shown (Fixture *fixture)
{
  GListModel *columns = gtk_column_view_get_columns (list_of (fixture));
  g_autoptr(GString) shown = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (gtk_column_view_column_get_visible (column))
        g_string_append_printf (shown, "%s%s", shown->len ? "," : "", gtk_column_view_column_get_title (column));
    }
  return g_strdup (shown->str);
}

/* The player's name and the verdict are in @shown, and the columns that
 * gave way did so in their order: File first, then Fingerprint,
 * Warnings, Errors, Format, Game and Deck last. */
static void
assert_gave_way_in_order (const char *shown)
{
  static const char * const giving[] = { "Deck", "Game", "Format", "Errors", "Warnings", "Fingerprint", "File" };
  g_auto(GStrv) titles = g_strsplit (shown, ",", -1);
  gboolean gone = FALSE;

  g_assert_true (g_strv_contains ((const char * const *) titles, "Player"));
  g_assert_true (g_strv_contains ((const char * const *) titles, "Verdict"));
  for (guint i = 0; i < G_N_ELEMENTS (giving); i++)
    {
      gboolean here = g_strv_contains ((const char * const *) titles, giving[i]);

      if (gone && here)
        g_error ("%s is shown though a column that gives way before it did (%s)", giving[i], shown);
      gone |= !here;
    }
}

/* No label in the list is ellipsized (not even with its text in a
 * tooltip) or cut by the list's edge. */
static void
assert_list_whole (Fixture *fixture)
{
  GtkWidget *view = GTK_WIDGET (list_of (fixture));
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  guint n_ellipsized = 0;

  dw_test_collect_widgets (view, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = g_ptr_array_index (labels, i);

      if (gtk_widget_get_mapped (GTK_WIDGET (label)) && pango_layout_is_ellipsized (gtk_label_get_layout (label)))
        {
          g_test_message ("“%s” is ellipsized in the list", gtk_label_get_text (label));
          n_ellipsized++;
        }
    }
  g_assert_cmpuint (n_ellipsized, ==, 0);
  dw_test_assert_labels_whole (view);
}

/* The desk at its default size, then at 1280×800, before and after a
 * decklist is picked, then at 360×800 and back: every label reads whole
 * (no "Deckwri…" in the list, no "Each Deck's O…" on the format menu),
 * or, where ellipsizing is the design (the header), its whole text is in
 * a tooltip.  In the list nothing is shortened: its least needed
 * columns give way, never the player's name nor the verdict, and come
 * back with the room (issue 21). */
static void
test_reads_whole (Fixture       *fixture,
                  gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (fixture->window);
  const char *all = "Player,Deck,Game,Format,Verdict,Errors,Warnings,Fingerprint,File";
  g_autofree char *shown = NULL;
  g_autofree char *wide = NULL;
  GtkPaned *paned;
  int width, height;

  dw_test_relayout ();
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_test_message ("default size %d×%d", width, height);
  dw_test_save_screenshot (window, "event-default");
  dw_test_assert_labels_whole (window);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  dw_test_relayout ();
  dw_test_save_screenshot (window, "event-1280");
  dw_test_assert_labels_whole (window);
  shown = columns_shown (fixture);
  g_assert_cmpstr (shown, ==, all);
  g_clear_pointer (&shown, g_free);

  g_assert_true (dw_event_window_select (fixture->window, 1));
  dw_test_relayout ();
  dw_test_save_screenshot (window, "event-1280-selected");
  dw_test_assert_labels_whole (window);
  /* Beside the details, the last columns (which the details show) gave
   * way rather than every name shorten. */
  wide = columns_shown (fixture);
  g_test_message ("at 1280, selected: %s", wide);
  g_assert_true (g_str_has_prefix (wide, "Player,Deck,Game,Format,Verdict"));
  assert_gave_way_in_order (wide);
  assert_list_whole (fixture);

  /* A phone's width, with GNOME's window buttons (close only). */
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", ":close", NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 800);
  dw_test_relayout ();
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 800);
  dw_test_relayout ();
  dw_test_save_screenshot (window, "event-360-selected");
  g_test_message ("at 360: %d px wide", gtk_widget_get_width (window));
  g_assert_cmpint (gtk_widget_get_width (window), <=, 360);
  /* The list above the details keeps a good share of the height, not
   * the two rows GtkPaned left it when it turned (it took the old width
   * away from the new height). */
  paned = GTK_PANED (gtk_widget_get_ancestor (GTK_WIDGET (list_of (fixture)), GTK_TYPE_PANED));
  g_test_message ("at 360: the list %d px of %d", gtk_paned_get_position (paned),
                  gtk_widget_get_height (GTK_WIDGET (paned)));
  g_assert_cmpint (gtk_paned_get_position (paned), >=, gtk_widget_get_height (GTK_WIDGET (paned)) / 3);
  /* The least needed columns gave way: the player's name and the
   * verdict, what an organiser reads at a deck check, stay, and every
   * name in the list reads whole (the details below have the rest). */
  shown = columns_shown (fixture);
  g_test_message ("at 360: %s", shown);
  g_assert_cmpstr (shown, !=, all);
  assert_gave_way_in_order (shown);
  assert_list_whole (fixture);
  dw_test_assert_labels_whole (window);

  /* With the room back, so is every column: at least those 1280 px held
   * beside the details (the pane, laid out anew, may leave the list a
   * little more), then, the details closed, all of them. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  dw_test_relayout ();
  g_clear_pointer (&shown, g_free);
  shown = columns_shown (fixture);
  g_test_message ("back at 1280, selected: %s", shown);
  g_assert_true (g_str_has_prefix (shown, wide));
  assert_gave_way_in_order (shown);
  assert_list_whole (fixture);
  dw_test_assert_labels_whole (window);
  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (gtk_column_view_get_model (list_of (fixture))),
                                     GTK_INVALID_LIST_POSITION);
  dw_test_relayout ();
  g_clear_pointer (&shown, g_free);
  shown = columns_shown (fixture);
  g_assert_cmpstr (shown, ==, all);
  assert_list_whole (fixture);
  dw_test_assert_labels_whole (window);
}

/* The column of @fixture's list titled @title. */
static GtkColumnViewColumn *
column_titled (Fixture    *fixture,
               const char *title)
{
  GListModel *columns = gtk_column_view_get_columns (list_of (fixture));

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (g_str_equal (gtk_column_view_column_get_title (column), title))
        return column;
    }
  g_error ("no column “%s”", title);
}

/* The mapped label of the list that reads @text: the cell of one row in
 * one column, the values being told apart by the fixture. */
static GtkLabel *
cell_reading (Fixture    *fixture,
              const char *text)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GtkLabel *found = NULL;

  dw_test_collect_widgets (GTK_WIDGET (list_of (fixture)), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = g_ptr_array_index (labels, i);

      if (gtk_widget_get_mapped (GTK_WIDGET (label)) && g_str_equal (gtk_label_get_text (label), text))
        {
          g_assert_null (found);
          found = label;
        }
    }
  g_assert_nonnull (found);
  return found;
}

/* Each value of @property in the list (each row's cell in that column)
 * may shorten with an ellipsis, and reads whole in its tooltip and to a
 * screen reader; @shortened says whether any was shortened. */
static void
assert_cells_shortened_whole (Fixture    *fixture,
                              const char *property,
                              gboolean   *shortened)
{
  GListModel *shown = dw_event_window_get_shown (fixture->window);
  g_autoptr(GHashTable) values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  guint n_cells = 0;

  for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
    {
      g_autoptr(DwEventEntry) entry = g_list_model_get_item (shown, i);
      char *text = NULL;

      g_object_get (entry, property, &text, NULL);
      if (text != NULL && *text != '\0')
        g_hash_table_add (values, text);
      else
        g_free (text);
    }
  dw_test_collect_widgets (GTK_WIDGET (list_of (fixture)), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = g_ptr_array_index (labels, i);
      const char *text = gtk_label_get_text (label);

      if (!gtk_widget_get_mapped (GTK_WIDGET (label)) || !g_hash_table_contains (values, text))
        continue;
      n_cells++;
      if (dw_test_assert_cell_shortened_whole (label))
        *shortened = TRUE;
    }
  g_assert_cmpuint (n_cells, >=, g_hash_table_size (values));
}

/* A column the organiser narrows by hand (its handle dragged: the
 * column's fixed width) shortens its values with an ellipsis, each whole
 * in its tooltip and to a screen reader, never cut mid-letter; it cannot
 * be narrowed past its header, whose title reads whole.  Widened again,
 * or back to its own width (a double click on the handle), nothing is
 * shortened. */
static void
test_columns_resized_by_hand (Fixture       *fixture,
                              gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (fixture->window);
  GtkColumnViewColumn *format = column_titled (fixture, "Format");
  GtkColumnViewColumn *file = column_titled (fixture, "File");
  GtkColumnViewColumn *errors = column_titled (fixture, "Errors");
  gboolean shortened = FALSE;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  dw_test_relayout ();

  /* As far as a drag goes: to nothing. */
  gtk_column_view_column_set_fixed_width (format, 0);
  gtk_column_view_column_set_fixed_width (file, 1);
  gtk_column_view_column_set_fixed_width (errors, 0);
  dw_test_relayout ();
  dw_test_save_screenshot (window, "event-1280-columns-narrowed");
  /* Each title whole, not drawn over the next. */
  dw_test_assert_header_whole (list_of (fixture), format);
  dw_test_assert_header_whole (list_of (fixture), file);
  dw_test_assert_header_whole (list_of (fixture), errors);
  assert_cells_shortened_whole (fixture, "format-name", &shortened);
  assert_cells_shortened_whole (fixture, "file-name", &shortened);
  g_assert_true (shortened);
  /* Nothing cut without its whole text a hover away, headers included. */
  dw_test_assert_labels_whole (window);

  /* On a phone, narrowed: the same. */
  dw_test_assert_whole_on_phone (window, "event-360-columns-narrowed");

  /* Widened by hand: every value whole, no ellipsis. */
  gtk_column_view_column_set_fixed_width (format, 220);
  gtk_column_view_column_set_fixed_width (file, 180);
  dw_test_relayout ();
  dw_test_save_screenshot (window, "event-1280-columns-widened");
  shortened = FALSE;
  assert_cells_shortened_whole (fixture, "format-name", &shortened);
  assert_cells_shortened_whole (fixture, "file-name", &shortened);
  g_assert_false (shortened);
  dw_test_assert_labels_whole (window);

  /* Back to their own widths: whole again, no tooltip repeating them. */
  gtk_column_view_column_set_fixed_width (format, -1);
  gtk_column_view_column_set_fixed_width (file, -1);
  gtk_column_view_column_set_fixed_width (errors, -1);
  dw_test_relayout ();
  g_assert_cmpint (gtk_label_get_ellipsize (cell_reading (fixture, "Coraabia open")), ==, PANGO_ELLIPSIZE_NONE);
  g_assert_null (gtk_widget_get_tooltip_text (GTK_WIDGET (cell_reading (fixture, "Coraabia open"))));
  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (cell_reading (fixture, "Coraabia open")),
                                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  assert_list_whole (fixture);
}

/* Every control of the desk that shows no words of its own (an icon, a
 * drop-down) is named for a screen reader, not left as "GtkImage",
 * "GtkMenuButton" or "GtkDropDown". */
static void
test_controls_have_names (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(GPtrArray) controls = g_ptr_array_new ();
  guint n_named = 0;

  dw_test_collect_widgets (GTK_WIDGET (fixture->window), GTK_TYPE_BUTTON, controls);
  dw_test_collect_widgets (GTK_WIDGET (fixture->window), GTK_TYPE_MENU_BUTTON, controls);
  dw_test_collect_widgets (GTK_WIDGET (fixture->window), GTK_TYPE_DROP_DOWN, controls);
  for (guint i = 0; i < controls->len; i++)
    {
      GtkWidget *control = g_ptr_array_index (controls, i);
      GtkWidget *parent = gtk_widget_get_parent (control);

      /* A button inside a menu button is named by it; a drop-down's
       * button must be named on its own (GTK 4.8 reads it as
       * "GtkToggleButton"). */
      if (GTK_IS_MENU_BUTTON (parent) ||
          (GTK_IS_BUTTON (control) && gtk_button_get_label (GTK_BUTTON (control)) != NULL) ||
          !gtk_widget_get_mapped (control))
        continue;
      g_test_message ("%s (%s)", G_OBJECT_TYPE_NAME (control), gtk_widget_get_tooltip_text (control));
      g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (control), GTK_ACCESSIBLE_PROPERTY_LABEL));
      n_named++;
    }
  /* Open Folder, the menu, the format and the verdict, and their buttons. */
  g_assert_cmpuint (n_named, >=, 6);
}

/* No tooltip covers the list its drop-down or menu button opened: each
 * gives its tooltip up while its popover shows, and has it back after. */
static void
test_tooltips_make_way (Fixture       *fixture,
                        gconstpointer  data)
{
  dw_test_relayout ();
  /* The menu, the format and the verdict. */
  g_assert_cmpuint (dw_test_check_tooltips_make_way (GTK_WIDGET (fixture->window)), >=, 3);
}

static void
add_test (const char *path,
          void      (*func) (Fixture *, gconstpointer))
{
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down);
}

int
main (int    argc,
      char **argv)
{
  int status;

  /* The accessible names are read from GTK's test context. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  dw_test_gtk_init (&argc, &argv);
  library = dw_test_library ();

  add_test ("/event-window/rows-and-title", test_rows_and_title);
  add_test ("/event-window/reads-whole", test_reads_whole);
  add_test ("/event-window/columns-resized-by-hand", test_columns_resized_by_hand);
  add_test ("/event-window/controls-have-names", test_controls_have_names);
  add_test ("/event-window/tooltips-make-way", test_tooltips_make_way);
  add_test ("/event-window/filter-by-text-and-verdict", test_filter);
  add_test ("/event-window/sort-by-column", test_sort);
  add_test ("/event-window/select-shows-problems-and-list", test_select_shows_problems_and_list);
  add_test ("/event-window/compare-with-presented-deck", test_compare);
  add_test ("/event-window/compare-with-sheet-picture", test_compare_sheet_picture);
  add_test ("/event-window/compare-with-pasted-code", test_compare_pasted_code);
  add_test ("/event-window/new-format-joins-the-menu", test_new_format_joins_the_menu);
  add_test ("/event-window/export-report-and-sheets", test_export);

  status = g_test_run ();
  g_object_unref (library);
  return status;
}
