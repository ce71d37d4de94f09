/* bench-library.c — the Decks page with many decks: its first frame, its
 * memory, and pictures of it
 *
 *   bench-library [--decks N]            first frame and peak memory with
 *                                        N decks in one folder (10,000),
 *                                        beside the same page with none
 *   bench-library --shot FILE --decks N --width W --height H [--search TEXT]
 *                [--scroll PAGES]        a PNG of a window holding the page
 *                                        (searching TEXT, when given;
 *                                        scrolled down PAGES pages)
 *   bench-library --one N                the child: shows a folder of N
 *                                        decks, prints its times and peak,
 *                                        and the peak once the index is read
 *   bench-library --floor 1              the child: a bare AdwApplication-
 *                                        Window, prints its peak (GTK's floor)
 *   bench-library --keys N [--folders F] the child: N decks in F folders
 *                                        of the library (100 by default),
 *                                        types a search key by key and
 *                                        prints each keystroke's time
 *
 * Run under Xvfb.  Prints one line per measure with its goal (issue 22:
 * first frame under a second, memory under 100 MB for 10,000 decks, each
 * keystroke of a search answered in under 50 ms); a
 * miss is information, not a failure: it exits 0 whatever it measures.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "dw-library-page-private.h"
#include "dw-window.h"

static const char *source_root = DW_BENCH_SOURCE_ROOT;
static const char *build_root = DW_BENCH_BUILD_ROOT;

/* The processor time of this thread alone: the page's own work, without
 * the renderer's threads (under Xvfb, GTK draws with llvmpipe, Mesa's
 * software renderer, whose threads do what a graphics card does on a
 * player's machine). */
static double
thread_cpu (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec + now.tv_nsec / 1e9;
}

static long
peak_rss_kib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      (line = strstr (status, "VmHWM:")) == NULL)
    return -1;
  return strtol (line + strlen ("VmHWM:"), NULL, 10);
}

/* @n decks in @dir, the shipped example decks over and over, each a file
 * of its own, spread over @folders sub-folders when more than one; made
 * once, kept for the next run. */
static void
make_decks (const char *dir,
            guint       n,
            guint       folders)
{
  g_autofree char *decks_dir = g_build_filename (source_root, "data", "decks", NULL);
  g_autoptr(GPtrArray) sources = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) listing = g_dir_open (decks_dir, 0, NULL);
  const char *name;

  g_mkdir_with_parents (dir, 0700);
  while ((name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_suffix (name, ".xml"))
      {
        g_autofree char *path = g_build_filename (decks_dir, name, NULL);
        char *contents = NULL;

        if (g_file_get_contents (path, &contents, NULL, NULL))
          g_ptr_array_add (sources, contents);
      }
  g_assert (sources->len > 0);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *file_name = g_strdup_printf ("Deck %05u.xml", i + 1);
      g_autofree char *sub = folders > 1 ? g_strdup_printf ("Folder %03u", i % folders + 1) : g_strdup ("");
      g_autofree char *in = g_build_filename (dir, sub, NULL);
      g_autofree char *path = g_build_filename (in, file_name, NULL);

      if (folders > 1)
        g_mkdir_with_parents (in, 0700);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        g_file_set_contents (path, g_ptr_array_index (sources, i % sources->len), -1, NULL);
    }
}

typedef struct
{
  DwLibraryPage *page;
  guint          expected;
  double         start;
  double         listed;     /* every deck in the model */
  double         painted;    /* the frame after that */
  gboolean       done;
} Watch;

static gboolean
on_tick_cb (GtkWidget     *widget,
            GdkFrameClock *clock,
            gpointer       user_data)
{
  Watch *watch = user_data;
  guint n = g_list_model_get_n_items (dw_library_page_get_items (watch->page));

  if (watch->listed == 0 && n >= watch->expected)
    {
      watch->listed = g_get_monotonic_time () / 1e6;
      return G_SOURCE_CONTINUE;
    }
  if (watch->listed > 0)
    {
      watch->painted = g_get_monotonic_time () / 1e6;
      watch->done = TRUE;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

/* A window with the Decks page on show, at @dir, sized @width × @height;
 * waits until all @expected entries are listed and painted. */
static DwWindow *
show_page (DwLibrary  *library,
           const char *dir,
           guint       expected,
           int         width,
           int         height,
           Watch      *watch)
{
  DwWindow *window = dw_window_new_for_library (NULL, library);
  g_autoptr(GFile) root = g_file_new_for_path (dir);
  GtkWidget *stack;

  watch->page = dw_window_get_library_page (window);
  watch->expected = expected;
  watch->start = g_get_monotonic_time () / 1e6;
  dw_library_page_set_root (watch->page, root);
  stack = gtk_widget_get_ancestor (GTK_WIDGET (watch->page), ADW_TYPE_VIEW_STACK);
  adw_view_stack_set_visible_child_name (ADW_VIEW_STACK (stack), "decks");
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_widget_add_tick_callback (GTK_WIDGET (watch->page), on_tick_cb, watch, NULL);
  gtk_window_present (GTK_WINDOW (window));
  while (!watch->done)
    g_main_context_iteration (NULL, TRUE);
  return window;
}

static void next_frame (GtkWidget *widget);

/* Until the page's index of the decks has been read and applied, when
 * its sort needs one (every sort but the newest first does). */
static void
wait_for_index (Watch *watch)
{
  while (watch->page->decks != NULL && !watch->page->scanned)
    g_main_context_iteration (NULL, TRUE);
}

/* GTK's own floor, for comparison: an AdwApplication's bare
 * AdwApplicationWindow (a header bar and a label) at the same size under
 * the same display; prints its peak memory once it has painted. */
static gboolean
on_floor_tick_cb (GtkWidget     *widget,
                  GdkFrameClock *clock,
                  gpointer       user_data)
{
  guint *frames = user_data;

  if (++*frames < 3)
    return G_SOURCE_CONTINUE;
  gtk_window_close (GTK_WINDOW (widget));
  return G_SOURCE_REMOVE;
}

static void
on_floor_activate_cb (GApplication *app,
                      guint        *frames)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (app));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_box_append (GTK_BOX (box), gtk_label_new ("Deckwright"));
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_widget_add_tick_callback (window, on_floor_tick_cb, frames, NULL);
  gtk_window_present (GTK_WINDOW (window));
}

static int
floor_window (void)
{
  g_autoptr(AdwApplication) app = adw_application_new ("io.github.deckwright.BenchFloor", G_APPLICATION_NON_UNIQUE);
  guint frames = 0;
  int status;

  g_signal_connect (app, "activate", G_CALLBACK (on_floor_activate_cb), &frames);
  status = g_application_run (G_APPLICATION (app), 0, NULL);
  printf ("%ld\n", peak_rss_kib ());
  return status;
}

static int
one (guint n)
{
  g_autofree char *dir = g_build_filename (build_root, "bench-library", NULL);
  g_autofree char *folder = g_strdup_printf ("%s/%u", dir, n);
  g_autoptr(DwLibrary) library = dw_library_new ();
  Watch watch = { 0 };
  DwWindow *window;
  long first_rss;

  make_decks (folder, n, 1);
  if (!dw_library_load_defaults (library, NULL))
    return 1;
  window = show_page (library, folder, n, 1280, 800, &watch);
  first_rss = peak_rss_kib ();
  printf ("%f %f %ld %f ", watch.listed - watch.start, watch.painted - watch.start, first_rss,
          (double) clock () / CLOCKS_PER_SEC);
  /* The sort by name reads the library's index in the background after
   * the first frame: the peak once it has come and is shown. */
  wait_for_index (&watch);
  next_frame (GTK_WIDGET (window));
  printf ("%ld\n", peak_rss_kib ());
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}

static void
on_after_paint_cb (GdkFrameClock *clock,
                   gboolean      *drawn);

/* Waits for the window's next frame to be painted. */
static void
next_frame (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gboolean drawn = FALSE;
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint_cb), &drawn);

  gtk_widget_queue_draw (widget);
  while (!drawn)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, id);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* The search typed key by key, as a player types it: each keystroke's
 * time from the text changing to the frame that shows its answer.  The
 * library's index is read first (the first search waits for it), and is
 * not the keystrokes' cost. */
static int
keys (guint n,
      guint folders)
{
  static const char typed[] = "card:\"Thornwood Scout\" -tag:old game:arcmage green";
  g_autofree char *dir = g_build_filename (build_root, "bench-library", NULL);
  g_autofree char *folder = folders > 1 ? g_strdup_printf ("%s/%u-in-%u", dir, n, folders)
                                         : g_strdup_printf ("%s/%u", dir, n);
  g_autoptr(DwLibrary) library = dw_library_new ();
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) own_times = g_array_new (FALSE, FALSE, sizeof (double));
  Watch watch = { 0 };
  DwWindow *window;
  GtkEditable *entry;

  make_decks (folder, n, folders);
  if (!dw_library_load_defaults (library, NULL))
    return 1;
  /* The library's own folder lists its sub-folders, or its decks. */
  window = show_page (library, folder, folders > 1 ? folders : n, 1280, 800, &watch);
  entry = GTK_EDITABLE (dw_library_page_get_search_entry (watch.page));

  /* Every deck matches "is:legal OR is:illegal": once they are all
   * there, the index is read. */
  gtk_editable_set_text (entry, "is:legal OR is:illegal");
  while (g_list_model_get_n_items (dw_library_page_get_items (watch.page)) < n)
    g_main_context_iteration (NULL, TRUE);
  gtk_editable_set_text (entry, "");
  next_frame (GTK_WIDGET (window));

  /* The floor: a frame of the same window with nothing changed. */
  for (int i = 0; i < 5; i++)
    {
      double start = g_get_monotonic_time () / 1e6;
      double cpu_start = (double) clock () / CLOCKS_PER_SEC;

      next_frame (GTK_WIDGET (window));
      g_printerr ("%5.0f ms (processor %4.0f ms)  a frame, nothing typed\n",
                  (g_get_monotonic_time () / 1e6 - start) * 1000,
                  ((double) clock () / CLOCKS_PER_SEC - cpu_start) * 1000);
    }
  for (gsize i = 1; i < sizeof typed; i++)
    {
      g_autofree char *prefix = g_strndup (typed, i);
      double start = g_get_monotonic_time () / 1e6;
      double cpu_start = (double) clock () / CLOCKS_PER_SEC;
      double own_start = thread_cpu ();
      double took, cpu, own;

      /* One character typed at the end, as a key press inserts it
       * (gtk_editable_set_text() would empty the entry first: two
       * searches). */
      {
        int position = (int) i - 1;

        gtk_editable_insert_text (entry, typed + i - 1, 1, &position);
      }
      next_frame (GTK_WIDGET (window));
      took = g_get_monotonic_time () / 1e6 - start;
      cpu = (double) clock () / CLOCKS_PER_SEC - cpu_start;
      own = thread_cpu () - own_start;
      g_array_append_val (times, took);
      g_array_append_val (cpu_times, cpu);
      g_array_append_val (own_times, own);
      g_printerr ("%5.0f ms (processor %4.0f ms, of it the page's thread %4.0f ms)  %s\n",
                  took * 1000, cpu * 1000, own * 1000, prefix);
    }
  g_array_sort (times, compare_doubles);
  g_array_sort (cpu_times, compare_doubles);
  g_array_sort (own_times, compare_doubles);
  printf ("%f %f %f %f %f %f %u %ld\n", g_array_index (times, double, times->len / 2),
          g_array_index (times, double, times->len - 1),
          g_array_index (cpu_times, double, cpu_times->len / 2),
          g_array_index (cpu_times, double, cpu_times->len - 1),
          g_array_index (own_times, double, own_times->len / 2),
          g_array_index (own_times, double, own_times->len - 1), times->len, peak_rss_kib ());
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}

/* Draws @widget as it is on screen into a PNG. */
static gboolean
save_png (GtkWidget  *widget,
          const char *file)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  GdkPaintable *paintable = gtk_widget_paintable_new (widget);

  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  node = gtk_snapshot_free_to_node (snapshot);
  g_object_unref (paintable);
  if (node == NULL)
    return FALSE;
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                                              gtk_widget_get_height (widget)));
  return gdk_texture_save_to_png (texture, file);
}

static void
on_after_paint_cb (GdkFrameClock *clock,
                   gboolean      *drawn)
{
  *drawn = TRUE;
}

static int
shot (const char *file,
      guint       n,
      int         width,
      int         height,
      const char *search,
      double      pages)
{
  g_autofree char *dir = g_build_filename (build_root, "bench-library", NULL);
  g_autofree char *folder = g_strdup_printf ("%s/%u", dir, n);
  g_autoptr(DwLibrary) library = dw_library_new ();
  Watch watch = { 0 };
  DwWindow *window;
  gboolean saved;

  make_decks (folder, n, 1);
  if (!dw_library_load_defaults (library, NULL))
    return 1;
  window = show_page (library, folder, n, width, height, &watch);
  wait_for_index (&watch);
  if (search != NULL)
    {
      /* Until the search has an answer: a mistake, nothing, or decks. */
      gtk_editable_set_text (GTK_EDITABLE (dw_library_page_get_search_entry (watch.page)), search);
      while (g_strcmp0 (dw_library_page_get_shown (watch.page), "list") == 0 &&
             g_list_model_get_n_items (dw_library_page_get_items (watch.page)) == 0)
        g_main_context_iteration (NULL, TRUE);
    }
  if (pages > 0)
    {
      GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (dw_library_page_get_list_view (watch.page)));

      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) +
                                            pages * gtk_adjustment_get_page_size (adjustment));
    }
  /* A few frames for the rows to draw their covers. */
  for (int i = 0; i < 3; i++)
    {
      GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
      gboolean drawn = FALSE;
      gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint_cb), &drawn);

      gtk_widget_queue_draw (GTK_WIDGET (window));
      while (!drawn)
        g_main_context_iteration (NULL, TRUE);
      g_signal_handler_disconnect (clock, id);
    }
  saved = save_png (GTK_WIDGET (window), file);
  gtk_window_destroy (GTK_WINDOW (window));
  return saved ? 0 : 1;
}

/* Runs this program with --one @n; reads its times and peak memory. */
static gboolean
run_one (const char *self_path,
         guint       n,
         double     *listed,
         double     *painted,
         long       *rss,
         double     *cpu,
         long       *indexed_rss)
{
  g_autofree char *count = g_strdup_printf ("%u", n);
  const char *argv[] = { self_path, "--one", count, NULL };
  g_autofree char *out = NULL;
  int status;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status, NULL) ||
      !g_spawn_check_wait_status (status, NULL))
    return FALSE;
  return sscanf (out, "%lf %lf %ld %lf %ld", listed, painted, rss, cpu, indexed_rss) == 5;
}

/* Runs this program with --floor; reads its peak memory, or -1. */
static long
run_floor (const char *self_path)
{
  const char *argv[] = { self_path, "--floor", "1", NULL };
  g_autofree char *out = NULL;
  int status;
  long rss;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status, NULL) ||
      !g_spawn_check_wait_status (status, NULL) || sscanf (out, "%ld", &rss) != 1)
    return -1;
  return rss;
}

/* Runs this program with --keys @n, drawing with GTK's @renderer
 * ("gl", "cairo"); reads the keystrokes' median and slowest times. */
static gboolean
run_keys (const char *self_path,
          const char *renderer,
          guint       n,
          double     *median,
          double     *slowest,
          double     *cpu_median,
          double     *cpu_slowest,
          double     *own_median,
          double     *own_slowest)
{
  g_autofree char *count = g_strdup_printf ("%u", n);
  const char *argv[] = { self_path, "--keys", count, "--folders", "100", NULL };
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "GSK_RENDERER", renderer, TRUE);
  g_autofree char *out = NULL;
  int status;

  if (!g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status, NULL) ||
      !g_spawn_check_wait_status (status, NULL))
    return FALSE;
  return sscanf (out, "%lf %lf %lf %lf %lf %lf", median, slowest, cpu_median, cpu_slowest,
                 own_median, own_slowest) == 6;
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *data = g_build_filename (source_root, "data", NULL);
  g_autofree char *schemas = g_build_filename (build_root, "data", NULL);
  const char *file = NULL;
  const char *search = NULL;
  double scroll = 0;
  g_autofree char *cache = g_build_filename (build_root, "bench-library", "cache", NULL);
  guint n = 10000;
  guint folders = 100;
  int width = 1280, height = 800;
  double listed, painted, base_listed, base_painted, cpu, base_cpu, key_median, key_slowest;
  double key_cpu_median, key_cpu_slowest, key_own_median, key_own_slowest;
  long rss, base_rss, indexed_rss, base_indexed_rss, floor_rss;

  g_setenv ("DECKWRIGHT_DATA_DIR", data, FALSE);
  g_setenv ("GSETTINGS_SCHEMA_DIR", schemas, FALSE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  /* The deck library's index of the bench's own decks stays with them. */
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  for (int i = 1; i + 1 < argc; i += 2)
    {
      if (strcmp (argv[i], "--decks") == 0 || strcmp (argv[i], "--one") == 0 ||
          strcmp (argv[i], "--keys") == 0)
        n = (guint) strtoul (argv[i + 1], NULL, 10);
      else if (strcmp (argv[i], "--folders") == 0)
        folders = (guint) strtoul (argv[i + 1], NULL, 10);
      else if (strcmp (argv[i], "--shot") == 0)
        file = argv[i + 1];
      else if (strcmp (argv[i], "--width") == 0)
        width = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--height") == 0)
        height = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--search") == 0)
        search = argv[i + 1];
      else if (strcmp (argv[i], "--scroll") == 0)
        scroll = g_ascii_strtod (argv[i + 1], NULL);
    }

  gtk_init ();
  adw_init ();
  if (argc >= 3 && strcmp (argv[1], "--one") == 0)
    return one (n);
  if (argc >= 3 && strcmp (argv[1], "--keys") == 0)
    return keys (n, MAX (folders, 1));
  if (argc >= 3 && strcmp (argv[1], "--floor") == 0)
    return floor_window ();
  if (file != NULL)
    return shot (file, n, width, height, search, scroll);

  if (!run_one (argv[0], 0, &base_listed, &base_painted, &base_rss, &base_cpu, &base_indexed_rss) ||
      !run_one (argv[0], n, &listed, &painted, &rss, &cpu, &indexed_rss))
    {
      g_printerr ("bench-library: the page did not show (run under xvfb-run)\n");
      return 0;
    }
  printf ("Decks page, %u decks in one folder: first frame with every deck listed %.0f ms "
          "(listed %.0f ms); empty folder %.0f ms; goal < 1000 ms: %s\n",
          n, painted * 1000, listed * 1000, base_painted * 1000, painted < 1.0 ? "PASS" : "MISS");
  /* On a busy machine the wall clock waits for other programs; the
   * processor time is the page's own. */
  printf ("Decks page, %u decks: processor time to that frame %.0f ms, empty folder %.0f ms; "
          "the decks' share %.0f ms\n", n, cpu * 1000, base_cpu * 1000, (cpu - base_cpu) * 1000);
  printf ("Decks page, %u decks: peak memory %.1f MB, empty folder %.1f MB, the decks' share %.1f MB; "
          "goal < 100 MB: %s\n",
          n, rss / 1024.0, base_rss / 1024.0, (rss - base_rss) / 1024.0,
          (rss - base_rss) / 1024.0 < 100 ? "PASS" : "MISS");
  /* The whole process, once the index the sort by name needs has been
   * read, beside GTK's own floor: a bare AdwApplicationWindow. */
  floor_rss = run_floor (argv[0]);
  printf ("Decks page, %u decks, index read: peak memory %.1f MB, empty folder %.1f MB, the decks' share %.1f MB; "
          "GTK's floor (a bare AdwApplicationWindow, same display) %.1f MB, Deckwright's empty window above it %.1f MB; "
          "the whole process under 100 MB: %s\n",
          n, indexed_rss / 1024.0, base_indexed_rss / 1024.0, (indexed_rss - base_indexed_rss) / 1024.0,
          floor_rss / 1024.0, (base_indexed_rss - floor_rss) / 1024.0,
          indexed_rss / 1024.0 < 100 ? "PASS" : "MISS");
  /* Each keystroke from the text changing to the frame that shows its
   * answer; the processor time is the page's own, without the waits of
   * a busy machine.  Under Xvfb the GL renderer is Mesa's llvmpipe: the processor draws
   * the whole window for every change, which a graphics card does on a
   * player's machine.  The cairo renderer draws on the processor only
   * what changed: the same keystrokes with it are the page's cost with
   * the drawing of a machine that has a graphics card left out. */
  for (guint r = 0; r < 2; r++)
    {
      const char *renderer = r == 0 ? "gl" : "cairo";

      if (run_keys (argv[0], renderer, n, &key_median, &key_slowest, &key_cpu_median, &key_cpu_slowest,
                    &key_own_median, &key_own_slowest))
        printf ("Decks page, %u decks in 100 folders, GSK_RENDERER=%s: each keystroke of a search to its frame, "
                "median %.0f ms, slowest %.0f ms (processor time median %.0f ms, slowest %.0f ms; the page's "
                "own thread median %.0f ms, slowest %.0f ms); goal < 50 ms: %s\n",
                n, renderer, key_median * 1000, key_slowest * 1000, key_cpu_median * 1000, key_cpu_slowest * 1000,
                key_own_median * 1000, key_own_slowest * 1000, key_slowest < 0.05 ? "PASS" : "MISS");
    }
  return 0;
}
