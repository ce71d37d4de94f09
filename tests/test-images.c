/* test-images.c — card images found and fetched
 *
 * Every download goes to a SoupServer this process runs on 127.0.0.1:
 * fixture images made here, a 404, a slow answer, a truncated image, a
 * huge body (with and without a length), a page that is not an image and
 * garbage that claims to be one.  Nothing here touches the network.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gstdio.h>
#include <libsoup/soup.h>
#include <string.h>
#include <unistd.h>

#include "dw-images.h"
#include "dw-import-cards.h"
#include "dw-test-util.h"

static SoupServer *server;
static char *base_url;
static char *cache_home;
static GBytes *wide_png;       /* 1000 × 1400 */
static GBytes *small_png;      /* 40 × 56 */
static GHashTable *hits;       /* path → number of requests */
static guint running;          /* card requests the server is answering */
static guint most_running;
static GCancellable *cancel_on_slow;  /* cancelled when /slow.png is asked for */
static GBytes *bomb_png;       /* 30000 × 30000, 1 bit a pixel, about 110 KB */
static guint trickled;         /* bytes /trickle.png has sent */

static DwGame *
lookup_game_cb (const char *game_id,
                gpointer    user_data)
{
  return dw_library_lookup_game (user_data, game_id);
}

static GBytes *
make_png (int width,
          int height,
          guint32 colour)
{
  g_autoptr(GdkPixbuf) pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, width, height);
  g_autoptr(GError) error = NULL;
  char *data = NULL;
  gsize length = 0;

  guchar *pixels = gdk_pixbuf_get_pixels (pixbuf);
  GRand *rand = g_rand_new_with_seed (colour);

  /* Noise, so that the file is large and half of it is half an image. */
  gdk_pixbuf_fill (pixbuf, colour);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width * 3; x += 7)
      pixels[y * gdk_pixbuf_get_rowstride (pixbuf) + x] = (guchar) g_rand_int_range (rand, 0, 256);
  g_rand_free (rand);
  gdk_pixbuf_save_to_buffer (pixbuf, &data, &length, "png", &error, NULL);
  g_assert_no_error (error);
  return g_bytes_new_take (data, length);
}

static guint32
crc32_of (const guint8 *data,
          gsize         length,
          guint32       crc)
{
  crc = ~crc;
  for (gsize i = 0; i < length; i++)
    {
      crc ^= data[i];
      for (int k = 0; k < 8; k++)
        crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1)));
    }
  return ~crc;
}

static void
append_chunk (GByteArray   *png,
              const char   *type,
              const guint8 *data,
              gsize         length)
{
  guint32 be_length = GUINT32_TO_BE ((guint32) length);
  guint32 crc = crc32_of ((const guint8 *) type, 4, 0);

  crc = GUINT32_TO_BE (crc32_of (data, length, crc));
  g_byte_array_append (png, (const guint8 *) &be_length, 4);
  g_byte_array_append (png, (const guint8 *) type, 4);
  g_byte_array_append (png, data, (guint) length);
  g_byte_array_append (png, (const guint8 *) &crc, 4);
}

/* A whole, valid PNG of @side × @side black pixels, one bit each: a few
 * hundred KB that decode to gigabytes. */
static GBytes *
make_bomb_png (guint32 side)
{
  static const guint8 signature[] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  g_autoptr(GZlibCompressor) compressor = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB, 1);
  g_autoptr(GByteArray) idat = g_byte_array_new ();
  g_autofree guint8 *row = g_malloc0 (1 + (side + 7) / 8);
  GByteArray *png = g_byte_array_new ();
  guint8 header[13] = { 0 };
  guint8 out[64 * 1024];
  guint32 be_side = GUINT32_TO_BE (side);

  memcpy (header, &be_side, 4);
  memcpy (header + 4, &be_side, 4);
  header[8] = 1;   /* bit depth */
  header[9] = 0;   /* greyscale */
  g_byte_array_append (png, signature, sizeof signature);
  append_chunk (png, "IHDR", header, sizeof header);

  for (guint32 y = 0; y <= side; y++)
    {
      const guint8 *in = row;
      gsize left = y < side ? 1 + (side + 7) / 8 : 0;
      GConverterFlags flags = y < side ? G_CONVERTER_NO_FLAGS : G_CONVERTER_INPUT_AT_END;
      GConverterResult result;

      do
        {
          gsize read = 0, written = 0;
          g_autoptr(GError) error = NULL;

          result = g_converter_convert (G_CONVERTER (compressor), in, left, out, sizeof out, flags,
                                        &read, &written, &error);
          g_assert_no_error (error);
          in += read;
          left -= read;
          g_byte_array_append (idat, out, (guint) written);
        }
      while (left > 0 || (flags == G_CONVERTER_INPUT_AT_END && result != G_CONVERTER_FINISHED));
    }
  append_chunk (png, "IDAT", idat->data, idat->len);
  append_chunk (png, "IEND", NULL, 0);
  return g_byte_array_free_to_bytes (png);
}

typedef struct
{
  SoupServerMessage *message;
  gboolean           finished;
} Trickle;

static void
on_trickle_finished_cb (SoupServerMessage *message,
                        Trickle           *trickle)
{
  trickle->finished = TRUE;
}

/* One more byte of an image that never ends, until the client hangs up. */
static gboolean
trickle_cb (gpointer data)
{
  Trickle *trickle = data;
  static const char byte = 0;

  if (trickle->finished)
    {
      g_signal_handlers_disconnect_by_data (trickle->message, trickle);
      g_object_unref (trickle->message);
      g_free (trickle);
      return G_SOURCE_REMOVE;
    }
  soup_message_body_append (soup_server_message_get_response_body (trickle->message), SOUP_MEMORY_COPY,
                            &byte, 1);
  trickled++;
  soup_server_message_unpause (trickle->message);
  return G_SOURCE_CONTINUE;
}

static gboolean
cancel_cb (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

static gboolean
unpause_cb (gpointer data)
{
  soup_server_message_unpause (data);
  g_object_unref (data);
  return G_SOURCE_REMOVE;
}

/* A card's answer is out: the client may now take it and ask again.
 * (The server's request-finished comes later, after the client may
 * already have started its next download.) */
static void
on_wrote_body_cb (SoupServerMessage *message,
                  gpointer           user_data)
{
  running--;
}

static void
serve_cb (SoupServer        *server_,
          SoupServerMessage *message,
          const char        *path,
          GHashTable        *query,
          gpointer           user_data)
{
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (message);
  gsize length;
  const char *data;

  g_hash_table_insert (hits, g_strdup (path), GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (hits, path)) + 1));

  if (g_str_has_prefix (path, "/card/"))
    {
      running++;
      most_running = MAX (most_running, running);
      g_signal_connect (message, "wrote-body", G_CALLBACK (on_wrote_body_cb), NULL);
      /* A little slow, so that downloads overlap. */
      data = g_bytes_get_data (small_png, &length);
      soup_server_message_set_status (message, SOUP_STATUS_OK, NULL);
      soup_server_message_set_response (message, "image/png", SOUP_MEMORY_COPY, data, length);
      soup_server_message_pause (message);
      g_timeout_add (80, unpause_cb, g_object_ref (message));
    }
  else if (g_str_equal (path, "/wide.png"))
    {
      data = g_bytes_get_data (wide_png, &length);
      soup_server_message_set_status (message, SOUP_STATUS_OK, NULL);
      soup_server_message_set_response (message, "image/png", SOUP_MEMORY_COPY, data, length);
    }
  else if (g_str_equal (path, "/slow.png"))
    {
      data = g_bytes_get_data (small_png, &length);
      soup_server_message_set_status (message, SOUP_STATUS_OK, NULL);
      soup_server_message_set_response (message, "image/png", SOUP_MEMORY_COPY, data, length);
      soup_server_message_pause (message);
      g_timeout_add (3000, unpause_cb, g_object_ref (message));
      if (cancel_on_slow != NULL)
        g_idle_add (cancel_cb, cancel_on_slow);
    }
  else if (g_str_equal (path, "/truncated.png"))
    {
      data = g_bytes_get_data (wide_png, &length);
      soup_server_message_set_status (message, SOUP_STATUS_OK, NULL);
      soup_server_message_set_response (message, "image/png", SOUP_MEMORY_COPY, data, length / 2);
    }
  else if (g_str_equal (path, "/huge.png") || g_str_equal (path, "/huge-chunked.png"))
    {
      SoupMessageBody *body = soup_server_message_get_response_body (message);
      g_autofree char *block = g_malloc0 (64 * 1024);

      soup_server_message_set_status (message, SOUP_STATUS_OK, NULL);
      soup_message_headers_set_content_type (headers, "image/png", NULL);
      if (g_str_equal (path, "/huge-chunked.png"))
        soup_message_headers_set_encoding (headers, SOUP_ENCODING_CHUNKED);
      for (int i = 0; i < 32; i++)
        soup_message_body_append (body, SOUP_MEMORY_COPY, block, 64 * 1024);
      soup_message_body_complete (body);
    }
  else if (g_str_equal (path, "/bomb.png"))
    {
      data = g_bytes_get_data (bomb_png, &length);
      soup_server_message_set_status (message, SOUP_STATUS_OK, NULL);
      soup_server_message_set_response (message, "image/png", SOUP_MEMORY_COPY, data, length);
    }
  else if (g_str_equal (path, "/trickle.png"))
    {
      Trickle *trickle = g_new0 (Trickle, 1);

      trickle->message = g_object_ref (message);
      g_signal_connect (message, "finished", G_CALLBACK (on_trickle_finished_cb), trickle);
      soup_server_message_set_status (message, SOUP_STATUS_OK, NULL);
      soup_message_headers_set_content_type (headers, "image/png", NULL);
      soup_message_headers_set_encoding (headers, SOUP_ENCODING_CHUNKED);
      soup_server_message_pause (message);
      g_timeout_add (20, trickle_cb, trickle);
    }
  else if (g_str_equal (path, "/page.html"))
    {
      static const char page[] = "<html><body>not an image</body></html>";

      soup_server_message_set_status (message, SOUP_STATUS_OK, NULL);
      soup_server_message_set_response (message, "text/html", SOUP_MEMORY_STATIC, page, sizeof page - 1);
    }
  else if (g_str_equal (path, "/garbage.png"))
    {
      static const char garbage[] = "this is not a PNG at all, whatever the header says";

      soup_server_message_set_status (message, SOUP_STATUS_OK, NULL);
      soup_server_message_set_response (message, "image/png", SOUP_MEMORY_STATIC, garbage, sizeof garbage - 1);
    }
  else
    soup_server_message_set_status (message, SOUP_STATUS_NOT_FOUND, NULL);
}

static char *
url (const char *path)
{
  return g_strconcat (base_url, path, NULL);
}

static guint
hits_of (const char *path)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (hits, path));
}

typedef struct
{
  DwImageFetchReport *report;
  GError             *error;
  gboolean            done;
  guint               last_done;
  guint               n_progress;
} Result;

static void
on_progress_cb (guint    done,
                guint    total,
                gpointer data)
{
  Result *result = data;

  g_assert_cmpuint (done, >, result->last_done);
  g_assert_cmpuint (done, <=, total);
  result->last_done = done;
  result->n_progress++;
}

static void
on_fetched_cb (GObject      *source,
               GAsyncResult *async_result,
               gpointer      data)
{
  Result *result = data;

  result->report = dw_images_fetch_finish (async_result, &result->error);
  result->done = TRUE;
}

static Result
fetch (GPtrArray                 *urls,
       const DwImageFetchOptions *options,
       GCancellable              *cancellable)
{
  Result result = { NULL, NULL, FALSE, 0, 0 };

  dw_images_fetch_async (urls, options, cancellable, on_progress_cb, &result, on_fetched_cb, &result);
  while (!result.done)
    g_main_context_iteration (NULL, TRUE);
  return result;
}

static GPtrArray *
urls_of (const char *first,
         ...)
{
  GPtrArray *urls = g_ptr_array_new_with_free_func (g_free);
  va_list args;

  va_start (args, first);
  for (const char *path = first; path != NULL; path = va_arg (args, const char *))
    g_ptr_array_add (urls, strstr (path, "://") ? g_strdup (path) : url (path));
  va_end (args);
  return urls;
}

static void
clear_cache (void)
{
  g_autofree char *dir = dw_images_get_cache_dir ();

  dw_test_remove_tree (dir);
  g_hash_table_remove_all (hits);
}

/* The failure of @path in @report, or NULL. */
static const char *
failure_of (DwImageFetchReport *report,
            const char         *path)
{
  g_autofree char *prefix = g_strconcat (strstr (path, "://") ? path : base_url, strstr (path, "://") ? "" : path,
                                         ": ", NULL);

  for (guint i = 0; i < report->failures->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (report->failures, i), prefix))
      return (const char *) g_ptr_array_index (report->failures, i) + strlen (prefix);
  return NULL;
}

static void
assert_not_cached (const char *path)
{
  g_autofree char *address = url (path);
  g_autofree char *cached = dw_images_cache_path (address);

  g_assert_false (g_file_test (cached, G_FILE_TEST_EXISTS));
}

/* A good image is fetched, scaled down once, kept as PNG, and found for
 * a card that names it; the second fetch asks the server nothing. */
static void
test_fetch_scales_and_caches (void)
{
  g_autoptr(GPtrArray) urls = urls_of ("/wide.png", NULL);
  g_autofree char *address = url ("/wide.png");
  g_autofree char *cached = dw_images_cache_path (address);
  g_autofree char *cache_dir = dw_images_get_cache_dir ();
  g_autoptr(GdkPixbuf) kept = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCard) card = dw_card_new ("c-1", "Card", "Creature");
  g_autofree char *found = NULL;
  Result first, second;

  clear_cache ();
  first = fetch (urls, NULL, NULL);
  g_assert_no_error (first.error);
  g_assert_cmpuint (first.report->total, ==, 1);
  g_assert_cmpuint (first.report->fetched, ==, 1);
  g_assert_cmpuint (first.report->failures->len, ==, 0);
  g_assert_cmpuint (first.n_progress, ==, 1);
  g_assert_true (g_str_has_prefix (cached, cache_dir));

  kept = gdk_pixbuf_new_from_file (cached, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_pixbuf_get_width (kept), ==, DW_IMAGE_FETCH_MAX_WIDTH);
  g_assert_cmpint (gdk_pixbuf_get_height (kept), ==, 1050);

  dw_card_set_value (card, "image", address);
  found = dw_images_card_image_path (card);
  g_assert_cmpstr (found, ==, cached);

  second = fetch (urls, NULL, NULL);
  g_assert_no_error (second.error);
  g_assert_cmpuint (second.report->cached, ==, 1);
  g_assert_cmpuint (second.report->fetched, ==, 0);
  g_assert_cmpuint (hits_of ("/wide.png"), ==, 1);

  dw_image_fetch_report_free (first.report);
  dw_image_fetch_report_free (second.report);
}

/* Each bad answer is reported with its reason and leaves nothing in the
 * cache; the good one among them is still fetched. */
static void
test_bad_answers_are_reported_and_skipped (void)
{
  g_autoptr(GPtrArray) urls = urls_of ("/missing.png", "/truncated.png", "/huge.png", "/huge-chunked.png",
                                       "/page.html", "/garbage.png", "/card/ok.png",
                                       "ftp://127.0.0.1/x.png", "file:///etc/passwd", NULL);
  DwImageFetchOptions options = { .max_bytes = 512 * 1024 };
  const char *bad[] = { "/missing.png", "/truncated.png", "/huge.png", "/huge-chunked.png",
                        "/page.html", "/garbage.png" };
  Result result;

  clear_cache ();
  result = fetch (urls, &options, NULL);
  g_assert_no_error (result.error);
  for (guint i = 0; i < result.report->failures->len; i++)
    g_test_message ("%s", (char *) g_ptr_array_index (result.report->failures, i));

  g_assert_cmpuint (result.report->total, ==, 9);
  g_assert_cmpuint (result.report->fetched, ==, 1);
  g_assert_cmpuint (result.report->failures->len, ==, 8);
  g_assert_cmpuint (result.last_done, ==, 9);

  g_assert_cmpstr (failure_of (result.report, "/missing.png"), ==, "the server answered 404 Not Found");
  g_assert_true (g_str_has_prefix (failure_of (result.report, "/truncated.png"), "not a"));
  /* g_format_size() puts a no-break space before the unit. */
  g_assert_cmpstr (failure_of (result.report, "/huge.png"), ==, "larger than 524.3\u00a0kB");
  g_assert_cmpstr (failure_of (result.report, "/huge-chunked.png"), ==, "larger than 524.3\u00a0kB");
  g_assert_cmpstr (failure_of (result.report, "/page.html"), ==, "not an image but “text/html”");
  g_assert_true (g_str_has_prefix (failure_of (result.report, "/garbage.png"), "not a readable image"));
  g_assert_cmpstr (failure_of (result.report, "ftp://127.0.0.1/x.png"), ==,
                   "only http and https addresses are fetched");
  g_assert_cmpstr (failure_of (result.report, "file:///etc/passwd"), ==,
                   "only http and https addresses are fetched");

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    assert_not_cached (bad[i]);
  dw_image_fetch_report_free (result.report);
}

/* Never more than the limit at once, and more than one. */
static void
test_a_few_at_a_time (void)
{
  g_autoptr(GPtrArray) urls = g_ptr_array_new_with_free_func (g_free);
  DwImageFetchOptions options = { .max_parallel = 3 };
  Result result;

  clear_cache ();
  for (guint i = 0; i < 12; i++)
    g_ptr_array_add (urls, g_strdup_printf ("%s/card/%u.png", base_url, i));
  most_running = 0;

  result = fetch (urls, &options, NULL);
  g_assert_no_error (result.error);
  g_assert_cmpuint (result.report->fetched, ==, 12);
  g_assert_cmpuint (result.n_progress, ==, 12);
  g_assert_cmpuint (most_running, <=, 3);
  g_assert_cmpuint (most_running, >=, 2);
  dw_image_fetch_report_free (result.report);
}

/* Cancelled while the slow one is on its way: the fetch says so, the
 * slow image is not kept, and the next fetch resumes, skipping what the
 * first one had already kept. */
static void
test_cancel_then_resume (void)
{
  g_autoptr(GPtrArray) urls = urls_of ("/card/a.png", "/slow.png", NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  DwImageFetchOptions options = { .max_parallel = 1 };
  Result cancelled, resumed;

  clear_cache ();
  /* The first image takes 80 ms, the slow one 3 s: cancelled as soon as
   * the server has the slow one's request. */
  cancel_on_slow = cancellable;
  cancelled = fetch (urls, &options, cancellable);
  cancel_on_slow = NULL;
  g_assert_error (cancelled.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (cancelled.report);
  assert_not_cached ("/slow.png");
  g_assert_cmpuint (hits_of ("/card/a.png"), ==, 1);
  g_assert_cmpuint (hits_of ("/slow.png"), ==, 1);

  resumed = fetch (urls, &options, NULL);
  g_assert_no_error (resumed.error);
  g_assert_cmpuint (resumed.report->cached, ==, 1);
  g_assert_cmpuint (resumed.report->fetched, ==, 1);
  g_assert_cmpuint (hits_of ("/card/a.png"), ==, 1);
  g_clear_error (&cancelled.error);
  dw_image_fetch_report_free (resumed.report);
}

/* B9: a PNG of 30000 × 30000 pixels in a few hundred KB would take 2.7 GB
 * to decode; its size is read from the header and it is refused before
 * a row is decoded, fetched or beside a card database. */
static void
test_b9_huge_dimensions_refused_before_decoding (void)
{
  g_autoptr(GPtrArray) urls = urls_of ("/bomb.png", "/card/beside-the-bomb.png", NULL);
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *local = g_build_filename (dir, "bomb.png", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkPixbuf) pixbuf = NULL;
  const char *reason;
  Result result;

  g_assert_cmpuint (g_bytes_get_size (bomb_png), <, 512 * 1024);
  clear_cache ();
  result = fetch (urls, NULL, NULL);
  g_assert_no_error (result.error);
  g_assert_cmpuint (result.report->fetched, ==, 1);
  reason = failure_of (result.report, "/bomb.png");
  g_assert_cmpstr (reason, ==, "30000×30000 pixels, larger than the 8192 pixels a side and 40 megapixels "
                               "an image may have");
  assert_not_cached ("/bomb.png");
  dw_image_fetch_report_free (result.report);

  g_file_set_contents (local, g_bytes_get_data (bomb_png, NULL), (gssize) g_bytes_get_size (bomb_png), &error);
  g_assert_no_error (error);
  pixbuf = dw_images_load_file (local, &error);
  g_assert_null (pixbuf);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_true (g_str_has_prefix (error->message, local));
  g_assert_nonnull (strstr (error->message, "30000×30000 pixels"));
  dw_test_remove_tree (dir);
}

/* B10: a server that sends a byte every 20 ms never stops on its own; the
 * download's deadline (here 300 ms, two minutes by default) ends it as a
 * failure of that image alone, and the slot goes to the next one. */
static void
test_b10_trickling_server_meets_a_deadline (void)
{
  g_autoptr(GPtrArray) urls = urls_of ("/trickle.png", "/card/after-the-trickle.png", NULL);
  DwImageFetchOptions options = { .max_parallel = 1, .deadline_ms = 300 };
  Result result;

  clear_cache ();
  trickled = 0;
  result = fetch (urls, &options, NULL);
  g_assert_no_error (result.error);
  g_assert_cmpuint (trickled, >, 0);
  g_assert_cmpstr (failure_of (result.report, "/trickle.png"), ==, "not downloaded within 1 second");
  g_assert_cmpuint (result.report->fetched, ==, 1);
  assert_not_cached ("/trickle.png");
  dw_image_fetch_report_free (result.report);
}

/* B10: a symbolic link in the cache is not an image we fetched: it is
 * fetched again and the link replaced by the image, never written
 * through to whatever it points at. */
static void
test_b10_cache_link_replaced_not_written_through (void)
{
  g_autoptr(GPtrArray) urls = urls_of ("/card/linked.png", NULL);
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *victim = dw_test_write_file (dir, "victim.txt", "somebody else's file\n");
  g_autofree char *address = url ("/card/linked.png");
  g_autofree char *cached = dw_images_cache_path (address);
  g_autofree char *cache_dir = dw_images_get_cache_dir ();
  g_autofree char *kept = NULL;
  g_autoptr(GdkPixbuf) image = NULL;
  g_autoptr(GError) error = NULL;
  Result result;

  clear_cache ();
  g_assert_cmpint (g_mkdir_with_parents (cache_dir, 0700), ==, 0);
  g_assert_cmpint (symlink (victim, cached), ==, 0);

  result = fetch (urls, NULL, NULL);
  g_assert_no_error (result.error);
  g_assert_cmpuint (result.report->fetched, ==, 1);
  g_assert_cmpuint (result.report->cached, ==, 0);
  g_assert_false (g_file_test (cached, G_FILE_TEST_IS_SYMLINK));
  image = gdk_pixbuf_new_from_file (cached, &error);
  g_assert_no_error (error);
  kept = dw_test_read_file (victim);
  g_assert_cmpstr (kept, ==, "somebody else's file\n");
  dw_image_fetch_report_free (result.report);
  dw_test_remove_tree (dir);
}

/* A database names images relative to itself, by absolute path, or by
 * URL; its URLs are what a fetch asks for. */
static void
test_card_image_paths (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *art_dir = g_build_filename (dir, "art", NULL);
  g_autofree char *art = NULL;
  g_autofree char *db_path = NULL;
  g_autofree char *remote = url ("/card/remote.png");
  g_autofree char *xml = NULL;
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autoptr(DwCardDb) db = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) urls = NULL;
  g_autoptr(DwCard) relative = NULL;
  g_autoptr(DwCard) missing = NULL;
  g_autoptr(DwCard) online = NULL;
  g_autofree char *found = NULL;
  g_autofree char *resolved = NULL;

  g_assert_cmpint (g_mkdir (art_dir, 0700), ==, 0);
  art = dw_test_write_file (art_dir, "alpha.png", "");
  g_file_set_contents (art, g_bytes_get_data (small_png, NULL), (gssize) g_bytes_get_size (small_png), &error);
  g_assert_no_error (error);
  xml = g_strdup_printf ("<?xml version=\"1.0\"?>\n"
                         "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                         "  <card id=\"a-1\"><name>Alpha</name><type>Creature</type><image>art/alpha.png</image></card>\n"
                         "  <card id=\"a-2\"><name>Beta</name><type>Creature</type><image>art/none.png</image></card>\n"
                         "  <card id=\"a-3\"><name>Gamma</name><type>Creature</type><image>%s</image></card>\n"
                         "  <card id=\"a-4\"><name>Delta</name><type>Creature</type><image>%s</image></card>\n"
                         "</carddb>\n", remote, remote);
  db_path = dw_test_write_file (dir, "cards.xml", xml);
  db = dw_card_db_load (db_path, lookup_game_cb, library, &error);
  g_assert_no_error (error);

  relative = g_list_model_get_item (G_LIST_MODEL (db), 0);
  missing = g_list_model_get_item (G_LIST_MODEL (db), 1);
  online = g_list_model_get_item (G_LIST_MODEL (db), 2);
  found = dw_images_card_image_path (relative);
  resolved = g_canonicalize_filename (art, NULL);
  g_assert_cmpstr (found, ==, resolved);
  g_assert_null (dw_images_card_image_path (missing));

  clear_cache ();
  g_assert_null (dw_images_card_image_path (online));
  urls = dw_images_urls_of_db (db);
  g_assert_cmpuint (urls->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (urls, 0), ==, remote);
  {
    Result result = fetch (urls, NULL, NULL);
    g_autofree char *now = NULL;

    g_assert_no_error (result.error);
    now = dw_images_card_image_path (online);
    g_assert_nonnull (now);
    dw_image_fetch_report_free (result.report);
  }
  dw_test_remove_tree (dir);
}

/* --import-cards keeps the web's image references: the whole card (png)
 * as the image to fetch, the artwork as api:artwork. */
static void
test_import_keeps_image_references (void)
{
  static const char json[] =
    "{\"items\": [{\"guid\": \"6e32f1b9\", \"name\": \"Abduction\","
    " \"type\": {\"name\": \"Event\"}, \"faction\": {\"name\": \"Dark Legion\"}, \"cost\": \"3\","
    " \"png\": \"/api/Cards/6e32f1b9?format=Png&modified=1\","
    " \"artwork\": \"/api/Cards/6e32f1b9?format=Art&modified=1\"},"
    " {\"guid\": \"7a00\", \"name\": \"Plain\", \"type\": {\"name\": \"Event\"},"
    " \"faction\": {\"name\": \"Gaian\"}, \"cost\": \"1\", \"png\": \"\"}]}";
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autoptr(DwCardImport) import = dw_card_import_new (dw_library_lookup_game (library, "arcmage"));
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = NULL;
  g_autoptr(GPtrArray) urls = NULL;
  g_autoptr(DwCard) abduction = NULL;
  g_autoptr(DwCard) plain = NULL;
  g_autofree char *text = NULL;

  g_assert_true (dw_card_import_add_data (import, json, strlen (json), "cards.json", &error));
  g_assert_no_error (error);
  text = dw_card_import_to_string (import);
  db = dw_card_import_finish (import, &error);
  g_assert_no_error (error);

  abduction = g_list_model_get_item (G_LIST_MODEL (db), 0);
  plain = g_list_model_get_item (G_LIST_MODEL (db), 1);
  g_assert_cmpstr (dw_card_get_value (abduction, "image"), ==,
                   "https://arcmage.org/api/Cards/6e32f1b9?format=Png&modified=1");
  g_assert_null (dw_card_get_value (plain, "image"));
  g_assert_nonnull (strstr (text, "<api:artwork>https://arcmage.org/api/Cards/6e32f1b9?format=Art&amp;modified=1</api:artwork>"));

  urls = dw_images_urls_of_db (db);
  g_assert_cmpuint (urls->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (urls, 0), ==, dw_card_get_value (abduction, "image"));
}

typedef struct
{
  gboolean  done;
  char     *out;
  char     *err;
  int       status;
} Run;

static void
on_communicated_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      data)
{
  Run *run = data;
  g_autoptr(GError) error = NULL;

  g_subprocess_communicate_utf8_finish (G_SUBPROCESS (source), result, &run->out, &run->err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (G_SUBPROCESS (source)));
  run->status = g_subprocess_get_exit_status (G_SUBPROCESS (source));
  run->done = TRUE;
}

/* Runs deckwright with @args while this process goes on serving. */
static Run
run_deckwright (const char * const *args)
{
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  Run run = { FALSE, NULL, NULL, -1 };

  g_ptr_array_add (argv, (gpointer) g_getenv ("DECKWRIGHT"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_unsetenv (launcher, "LANGUAGE");
  g_subprocess_launcher_unsetenv (launcher, "DISPLAY");
  g_subprocess_launcher_setenv (launcher, "XDG_CACHE_HOME", cache_home, TRUE);

  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8_async (process, NULL, NULL, on_communicated_cb, &run);
  while (!run.done)
    g_main_context_iteration (NULL, TRUE);
  return run;
}

/* --fetch-images names each image it could not fetch, exits 1 for them
 * and 2 for a database it cannot read, and resumes. */
static void
test_command_line (void)
{
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *good = url ("/card/cli.png");
  g_autofree char *gone = url ("/gone.png");
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\"?>\n"
    "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
    "  <card id=\"a-1\"><name>Alpha</name><type>Creature</type><image>%s</image></card>\n"
    "  <card id=\"a-2\"><name>Beta</name><type>Creature</type><image>%s</image></card>\n"
    "</carddb>\n", good, gone);
  g_autofree char *db = dw_test_write_file (dir, "cards.xml", xml);
  g_autofree char *broken = dw_test_write_file (dir, "broken.xml", "<carddb");
  g_autofree char *cache_dir = dw_images_get_cache_dir ();
  g_autofree char *summary = g_strdup_printf ("1 fetched, 0 already there, 1 failed, in %s\n", cache_dir);
  g_autofree char *again = g_strdup_printf ("0 fetched, 1 already there, 1 failed, in %s\n", cache_dir);
  Run first, second, unreadable;

  clear_cache ();
  first = run_deckwright ((const char *[]) { "--fetch-images", db, NULL });
  g_assert_cmpint (first.status, ==, 1);
  g_assert_cmpstr (first.out, ==, summary);
  g_assert_nonnull (strstr (first.err, "gone.png: the server answered 404 Not Found"));
  g_assert_nonnull (strstr (first.err, "2 of 2 images"));

  second = run_deckwright ((const char *[]) { "--fetch-images", db, NULL });
  g_assert_cmpstr (second.out, ==, again);
  g_assert_cmpuint (hits_of ("/card/cli.png"), ==, 1);

  unreadable = run_deckwright ((const char *[]) { "--fetch-images", broken, NULL });
  g_assert_cmpint (unreadable.status, ==, 2);
  g_assert_nonnull (strstr (unreadable.err, "broken.xml"));

  g_free (first.out); g_free (first.err);
  g_free (second.out); g_free (second.err);
  g_free (unreadable.out); g_free (unreadable.err);
  dw_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSList) uris = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  /* The cache of this run only; GLib reads the variable once. */
  cache_home = dw_test_make_tmpdir ();
  g_setenv ("XDG_CACHE_HOME", cache_home, TRUE);

  wide_png = make_png (1000, 1400, 0x336699ff);
  small_png = make_png (40, 56, 0xcc3333ff);
  bomb_png = make_bomb_png (30000);
  hits = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  server = soup_server_new (NULL, NULL);
  soup_server_add_handler (server, NULL, serve_cb, NULL, NULL);
  soup_server_listen_local (server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error);
  g_assert_no_error (error);
  uris = soup_server_get_uris (server);
  g_assert_nonnull (uris);
  base_url = g_uri_to_string_partial (uris->data, G_URI_HIDE_PASSWORD);
  if (g_str_has_suffix (base_url, "/"))
    base_url[strlen (base_url) - 1] = '\0';
  g_slist_free_full (g_steal_pointer (&uris), (GDestroyNotify) g_uri_unref);

  g_test_add_func ("/images/fetch-scales-and-caches", test_fetch_scales_and_caches);
  g_test_add_func ("/images/bad-answers-are-reported-and-skipped", test_bad_answers_are_reported_and_skipped);
  g_test_add_func ("/images/a-few-at-a-time", test_a_few_at_a_time);
  g_test_add_func ("/images/cancel-then-resume", test_cancel_then_resume);
  g_test_add_func ("/images/card-image-paths", test_card_image_paths);
  g_test_add_func ("/images/import-keeps-image-references", test_import_keeps_image_references);
  g_test_add_func ("/images/command-line", test_command_line);
  g_test_add_func ("/images/b9-huge-dimensions-refused-before-decoding",
                   test_b9_huge_dimensions_refused_before_decoding);
  g_test_add_func ("/images/b10-trickling-server-meets-a-deadline", test_b10_trickling_server_meets_a_deadline);
  g_test_add_func ("/images/b10-cache-link-replaced-not-written-through",
                   test_b10_cache_link_replaced_not_written_through);

  status = g_test_run ();
  soup_server_disconnect (server);
  g_object_unref (server);
  /* What the server closed lets go of its sockets in the main loop. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_free (base_url);
  g_bytes_unref (wide_png);
  g_bytes_unref (small_png);
  g_bytes_unref (bomb_png);
  g_hash_table_unref (hits);
  dw_test_remove_tree (cache_home);
  g_free (cache_home);
  return status;
}
