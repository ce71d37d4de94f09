/* dw-images.c — card images: where they are, and fetching them
 *
 * A card database names a card's image in <image>: a path relative to
 * the database file, an absolute path, or an http(s) URL.  Downloaded
 * images live in $XDG_CACHE_HOME/deckwright/images/, one file per URL
 * (named by the URL's SHA-256), so a card finds its image without a
 * network and a fetch that stopped resumes by skipping what is there.
 *
 * A fetch downloads a few images at a time with libsoup, refuses
 * anything but http(s), a status other than 200, a type other than
 * image/…, more than a size limit (by Content-Length and while reading)
 * and a download that takes longer than a deadline; then, in a worker
 * thread, reads the image's size from its header (refusing one larger
 * than DW_IMAGE_MAX_SIDE or DW_IMAGE_MAX_PIXELS before decoding it),
 * decodes it, scales a wide one down once and writes it as PNG, so a
 * broken or half-read image is reported and never lands in the cache.
 * A cache entry is replaced, never written through: a symbolic link
 * there is not ours to follow.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gi18n-lib.h>
#include <libsoup/soup.h>

#include "dw-images.h"
#include "dw-save.h"

#define READ_CHUNK (64 * 1024)

char *
dw_images_get_cache_dir (void)
{
  return g_build_filename (g_get_user_cache_dir (), "deckwright", "images", NULL);
}

/* Whether @image is an address (of any scheme) rather than a path. */
static gboolean
has_scheme (const char *image)
{
  g_autofree char *scheme = g_uri_parse_scheme (image);

  return scheme != NULL;
}

gboolean
dw_images_is_url (const char *image)
{
  g_autofree char *scheme = image ? g_uri_parse_scheme (image) : NULL;

  return scheme != NULL && (g_ascii_strcasecmp (scheme, "https") == 0 ||
                            g_ascii_strcasecmp (scheme, "http") == 0);
}

/* Where the image of @url is kept once fetched. */
char *
dw_images_cache_path (const char *url)
{
  g_autofree char *dir = dw_images_get_cache_dir ();
  g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, url, -1);
  g_autofree char *name = g_strconcat (hash, ".png", NULL);

  return g_build_filename (dir, name, NULL);
}

/* The local file that shows @card's image, or NULL when it has none (or
 * it is not fetched yet, or not there). */
char *
dw_images_card_image_path (DwCard *card)
{
  const char *image = dw_card_get_value (card, "image");
  g_autofree char *path = NULL;

  if (image == NULL || *image == '\0')
    return NULL;
  if (dw_images_is_url (image))
    path = dw_images_cache_path (image);
  else if (g_path_is_absolute (image))
    path = g_strdup (image);
  else if (dw_card_get_base_dir (card) != NULL && !has_scheme (image))
    path = g_build_filename (dw_card_get_base_dir (card), image, NULL);

  if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return NULL;
  return g_steal_pointer (&path);
}

/* The distinct image URLs of @db's cards, in card order. */
GPtrArray *
dw_images_urls_of_db (DwCardDb *db)
{
  GListModel *cards = G_LIST_MODEL (db);
  GPtrArray *urls = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < g_list_model_get_n_items (cards); i++)
    {
      g_autoptr(DwCard) card = g_list_model_get_item (cards, i);
      const char *image = dw_card_get_value (card, "image");

      if (image != NULL && has_scheme (image) && g_hash_table_add (seen, (gpointer) image))
        g_ptr_array_add (urls, g_strdup (image));
    }
  return urls;
}

/* FALSE, saying why, when an image of @width×@height pixels is larger
 * than Deckwright decodes. */
gboolean
dw_images_check_size (int      width,
                      int      height,
                      GError **error)
{
  if (width > DW_IMAGE_MAX_SIDE || height > DW_IMAGE_MAX_SIDE ||
      (guint64) MAX (width, 0) * (guint64) MAX (height, 0) > DW_IMAGE_MAX_PIXELS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* TRANSLATORS: the image's width and height, then the limits */
                   _("%d×%d pixels, larger than the %d pixels a side and %d megapixels an image may have"),
                   width, height, DW_IMAGE_MAX_SIDE, DW_IMAGE_MAX_PIXELS / 1000000);
      return FALSE;
    }
  return TRUE;
}

/* The image at @path, decoded only when its header says it is no larger
 * than dw_images_check_size() allows. */
GdkPixbuf *
dw_images_load_file (const char  *path,
                     GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  int width, height;

  if (gdk_pixbuf_get_file_info (path, &width, &height) == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s: not an image Deckwright reads"), path);
      return NULL;
    }
  if (!dw_images_check_size (width, height, &local_error))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: %s", path, local_error->message);
      return NULL;
    }
  return gdk_pixbuf_new_from_file (path, error);
}

void
dw_image_fetch_report_free (DwImageFetchReport *report)
{
  g_ptr_array_unref (report->failures);
  g_free (report);
}

typedef struct
{
  SoupSession         *session;
  DwImageFetchOptions  options;
  GPtrArray           *queue;     /* char *: URLs to download */
  guint                next;      /* in queue */
  guint                running;
  guint                done;
  DwImageFetchReport  *report;
  DwImageProgressFunc  progress;
  gpointer             progress_data;
  gboolean             returned;
} Fetch;

static void
fetch_free (Fetch *fetch)
{
  g_clear_object (&fetch->session);
  g_ptr_array_unref (fetch->queue);
  g_clear_pointer (&fetch->report, dw_image_fetch_report_free);
  g_free (fetch);
}

/* One download. */
typedef struct
{
  GTask        *fetch;         /* the whole fetch's task */
  char         *url;
  SoupMessage  *message;
  GInputStream *stream;
  GByteArray   *bytes;
  GCancellable *cancellable;   /* this download's: the fetch's, or its deadline */
  gulong        cancelled_id;  /* on the fetch's cancellable */
  GSource      *deadline;
  gboolean      timed_out;
} Job;

static void
stop_deadline (Job *job)
{
  if (job->deadline != NULL)
    {
      g_source_destroy (job->deadline);
      g_clear_pointer (&job->deadline, g_source_unref);
    }
}

static void
job_free (Job *job)
{
  stop_deadline (job);
  g_cancellable_disconnect (g_task_get_cancellable (job->fetch), job->cancelled_id);
  g_clear_object (&job->cancellable);
  g_object_unref (job->fetch);
  g_free (job->url);
  g_clear_object (&job->message);
  g_clear_object (&job->stream);
  g_clear_pointer (&job->bytes, g_byte_array_unref);
  g_free (job);
}

static void start_next (GTask *task);

static void
notify_progress (Fetch *fetch)
{
  if (fetch->progress != NULL)
    fetch->progress (fetch->done, fetch->report->total, fetch->progress_data);
}

static void
finish_if_done (GTask *task)
{
  Fetch *fetch = g_task_get_task_data (task);
  GCancellable *cancellable = g_task_get_cancellable (task);

  if (fetch->returned || fetch->running > 0)
    return;
  if (g_cancellable_is_cancelled (cancellable))
    {
      fetch->returned = TRUE;
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The download was cancelled"));
      return;
    }
  if (fetch->done == fetch->report->total)
    {
      fetch->returned = TRUE;
      g_task_return_pointer (task, g_steal_pointer (&fetch->report),
                             (GDestroyNotify) dw_image_fetch_report_free);
    }
}

/* @job is over: fetched when @reason is NULL, else failed for @reason. */
static void
job_done (Job        *job,
          const char *reason)
{
  GTask *task = g_object_ref (job->fetch);
  Fetch *fetch = g_task_get_task_data (task);
  g_autofree char *late = NULL;

  if (job->timed_out)
    {
      guint seconds = (fetch->options.deadline_ms + 999) / 1000;

      late = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "not downloaded within %u second",
                                           "not downloaded within %u seconds", seconds), seconds);
      reason = late;
    }

  if (!g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    {
      if (reason == NULL)
        fetch->report->fetched++;
      else
        g_ptr_array_add (fetch->report->failures, g_strdup_printf ("%s: %s", job->url, reason));
      fetch->done++;
      notify_progress (fetch);
    }
  fetch->running--;
  job_free (job);
  start_next (task);
  finish_if_done (task);
  g_object_unref (task);
}

/* How far down the loader has filled the image: a truncated file
 * decodes without an error from some loaders, but never to the bottom. */
static void
on_area_updated_cb (GdkPixbufLoader *loader,
                    int              x,
                    int              y,
                    int              width,
                    int              height,
                    int             *bottom)
{
  *bottom = MAX (*bottom, y + height);
}

/* The header is read: an image too large is never decoded (a size of
 * 0×0 tells the loader to stop, as gdk_pixbuf_get_file_info() does). */
static void
on_size_prepared_cb (GdkPixbufLoader  *loader,
                     int               width,
                     int               height,
                     GError          **too_large)
{
  if (!dw_images_check_size (width, height, too_large))
    gdk_pixbuf_loader_set_size (loader, 0, 0);
}

/* In a worker thread: decode, scale once, write the PNG. */
static void
decode_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  Job *job = data;
  Fetch *fetch = g_task_get_task_data (job->fetch);
  g_autoptr(GdkPixbufLoader) loader = gdk_pixbuf_loader_new ();
  g_autoptr(GdkPixbuf) scaled = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = dw_images_cache_path (job->url);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *png = NULL;
  g_autoptr(GError) too_large = NULL;
  GdkPixbuf *pixbuf;
  gsize png_length;
  int width, height;
  int bottom = 0;
  gboolean read;

  g_signal_connect (loader, "area-updated", G_CALLBACK (on_area_updated_cb), &bottom);
  g_signal_connect (loader, "size-prepared", G_CALLBACK (on_size_prepared_cb), &too_large);
  read = gdk_pixbuf_loader_write (loader, job->bytes->data, job->bytes->len, &error) &&
         gdk_pixbuf_loader_close (loader, &error);
  if (too_large != NULL)
    {
      g_task_return_error (task, g_steal_pointer (&too_large));
      return;
    }
  if (!read)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("not a readable image (%s)"), error->message);
      return;
    }
  pixbuf = gdk_pixbuf_loader_get_pixbuf (loader);
  if (pixbuf == NULL || bottom < gdk_pixbuf_get_height (pixbuf))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("not a whole image"));
      return;
    }

  width = gdk_pixbuf_get_width (pixbuf);
  height = gdk_pixbuf_get_height (pixbuf);
  if (width > fetch->options.max_width)
    scaled = gdk_pixbuf_scale_simple (pixbuf, fetch->options.max_width,
                                      MAX (1, (int) ((double) height * fetch->options.max_width / width)),
                                      GDK_INTERP_BILINEAR);
  else
    scaled = g_object_ref (pixbuf);

  if (g_mkdir_with_parents (dir, 0700) != 0 ||
      !gdk_pixbuf_save_to_buffer (scaled, &png, &png_length, "png", &error, NULL) ||
      !dw_save_file (path, png, (gssize) png_length, DW_SAVE_REPLACE_LINKS, &error))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, _("cannot be kept: %s"),
                               error ? error->message : g_strerror (errno));
      return;
    }
  g_task_return_boolean (task, TRUE);
}

static void
on_decoded_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  Job *job = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    job_done (job, error->message);
  else
    job_done (job, NULL);
}

static void
on_read_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Job *job = user_data;
  Fetch *fetch = g_task_get_task_data (job->fetch);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) chunk = g_input_stream_read_bytes_finish (G_INPUT_STREAM (source), result, &error);
  g_autoptr(GTask) decode = NULL;

  if (chunk == NULL)
    {
      job_done (job, error->message);
      return;
    }

  if (g_bytes_get_size (chunk) > 0)
    {
      if (job->bytes->len + g_bytes_get_size (chunk) > fetch->options.max_bytes)
        {
          g_autofree char *limit = g_format_size (fetch->options.max_bytes);
          g_autofree char *reason = g_strdup_printf (_("larger than %s"), limit);

          job_done (job, reason);
          return;
        }
      g_byte_array_append (job->bytes, g_bytes_get_data (chunk, NULL), (guint) g_bytes_get_size (chunk));
      g_input_stream_read_bytes_async (job->stream, READ_CHUNK, G_PRIORITY_DEFAULT,
                                       job->cancellable, on_read_cb, job);
      return;
    }

  /* The whole body: decode it off the main thread. */
  stop_deadline (job);
  decode = g_task_new (NULL, g_task_get_cancellable (job->fetch), on_decoded_cb, job);
  g_task_set_task_data (decode, job, NULL);
  g_task_run_in_thread (decode, decode_thread);
}

static void
on_sent_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Job *job = user_data;
  Fetch *fetch = g_task_get_task_data (job->fetch);
  g_autoptr(GError) error = NULL;
  SoupMessageHeaders *headers;
  const char *type;
  goffset length;
  guint status;

  job->stream = soup_session_send_finish (SOUP_SESSION (source), result, &error);
  if (job->stream == NULL)
    {
      job_done (job, error->message);
      return;
    }

  status = soup_message_get_status (job->message);
  if (status != SOUP_STATUS_OK)
    {
      g_autofree char *reason = g_strdup_printf (_("the server answered %u %s"), status,
                                                 soup_message_get_reason_phrase (job->message));

      job_done (job, reason);
      return;
    }

  headers = soup_message_get_response_headers (job->message);
  type = soup_message_headers_get_content_type (headers, NULL);
  if (type == NULL || !g_str_has_prefix (type, "image/"))
    {
      g_autofree char *reason = g_strdup_printf (_("not an image but “%s”"), type ? type : _("no type"));

      job_done (job, reason);
      return;
    }

  length = soup_message_headers_get_content_length (headers);
  if (soup_message_headers_get_encoding (headers) == SOUP_ENCODING_CONTENT_LENGTH &&
      length > (goffset) fetch->options.max_bytes)
    {
      g_autofree char *limit = g_format_size (fetch->options.max_bytes);
      g_autofree char *reason = g_strdup_printf (_("larger than %s"), limit);

      job_done (job, reason);
      return;
    }

  job->bytes = g_byte_array_new ();
  g_input_stream_read_bytes_async (job->stream, READ_CHUNK, G_PRIORITY_DEFAULT,
                                   job->cancellable, on_read_cb, job);
}

static void
on_fetch_cancelled_cb (GCancellable *fetch_cancellable,
                       GCancellable *job_cancellable)
{
  g_cancellable_cancel (job_cancellable);
}

static gboolean
on_deadline_cb (gpointer data)
{
  Job *job = data;

  job->timed_out = TRUE;
  g_cancellable_cancel (job->cancellable);
  return G_SOURCE_REMOVE;
}

static void
start_next (GTask *task)
{
  Fetch *fetch = g_task_get_task_data (task);
  GCancellable *cancellable = g_task_get_cancellable (task);

  while (fetch->running < fetch->options.max_parallel && fetch->next < fetch->queue->len &&
         !g_cancellable_is_cancelled (cancellable))
    {
      Job *job = g_new0 (Job, 1);

      job->fetch = g_object_ref (task);
      job->url = g_strdup (g_ptr_array_index (fetch->queue, fetch->next++));
      fetch->running++;

      job->cancellable = g_cancellable_new ();
      if (cancellable != NULL)
        job->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (on_fetch_cancelled_cb),
                                                   job->cancellable, NULL);

      job->message = soup_message_new ("GET", job->url);
      if (job->message == NULL)
        {
          job_done (job, _("not a valid address"));
          continue;
        }
      job->deadline = g_timeout_source_new (fetch->options.deadline_ms);
      g_source_set_callback (job->deadline, on_deadline_cb, job, NULL);
      g_source_attach (job->deadline, g_main_context_get_thread_default ());
      soup_session_send_async (fetch->session, job->message, G_PRIORITY_DEFAULT, job->cancellable,
                               on_sent_cb, job);
    }
}

static gboolean
finish_in_idle_cb (gpointer data)
{
  finish_if_done (data);
  return G_SOURCE_REMOVE;
}

/* Downloads the images of @urls that are not cached yet, at most
 * options->max_parallel at a time (NULL options: the defaults), calling
 * @progress on the caller's main context after each.  Only http and
 * https URLs are fetched; any other is a failure in the report.
 * Cancelling stops the downloads under way and starts no more; what was
 * fetched stays, and the next fetch starts from there. */
void
dw_images_fetch_async (GPtrArray                 *urls,
                       const DwImageFetchOptions *options,
                       GCancellable              *cancellable,
                       DwImageProgressFunc        progress,
                       gpointer                   progress_data,
                       GAsyncReadyCallback        callback,
                       gpointer                   user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  Fetch *fetch = g_new0 (Fetch, 1);
  g_autofree char *user_agent = g_strdup_printf ("Deckwright/%s", PACKAGE_VERSION);

  g_task_set_source_tag (task, dw_images_fetch_async);
  fetch->options = options ? *options : (DwImageFetchOptions) { 0 };
  if (fetch->options.max_parallel == 0)
    fetch->options.max_parallel = DW_IMAGE_FETCH_MAX_PARALLEL;
  if (fetch->options.max_bytes == 0)
    fetch->options.max_bytes = DW_IMAGE_FETCH_MAX_BYTES;
  if (fetch->options.max_width <= 0)
    fetch->options.max_width = DW_IMAGE_FETCH_MAX_WIDTH;
  if (fetch->options.deadline_ms == 0)
    fetch->options.deadline_ms = DW_IMAGE_FETCH_DEADLINE_MS;
  fetch->session = soup_session_new_with_options ("max-conns-per-host", (int) fetch->options.max_parallel,
                                                  "user-agent", user_agent,
                                                  "timeout", 60,
                                                  NULL);
  fetch->queue = g_ptr_array_new_with_free_func (g_free);
  fetch->report = g_new0 (DwImageFetchReport, 1);
  fetch->report->failures = g_ptr_array_new_with_free_func (g_free);
  fetch->progress = progress;
  fetch->progress_data = progress_data;
  g_task_set_task_data (task, fetch, (GDestroyNotify) fetch_free);

  for (guint i = 0; i < urls->len; i++)
    {
      const char *url = g_ptr_array_index (urls, i);
      g_autofree char *cached = NULL;

      if (!g_hash_table_add (seen, (gpointer) url))
        continue;
      fetch->report->total++;
      if (!dw_images_is_url (url))
        {
          g_ptr_array_add (fetch->report->failures,
                           g_strdup_printf (_("%s: only http and https addresses are fetched"), url));
          fetch->done++;
          continue;
        }
      cached = dw_images_cache_path (url);
      /* A link there is not an image we fetched: fetch it again over it. */
      if (g_file_test (cached, G_FILE_TEST_IS_REGULAR) && !g_file_test (cached, G_FILE_TEST_IS_SYMLINK))
        {
          fetch->report->cached++;
          fetch->done++;
          continue;
        }
      g_ptr_array_add (fetch->queue, g_strdup (url));
    }

  start_next (task);
  /* Nothing to download still answers from the main loop, as a GTask
   * should. */
  g_idle_add_full (G_PRIORITY_DEFAULT, finish_in_idle_cb, g_object_ref (task), g_object_unref);
}

DwImageFetchReport *
dw_images_fetch_finish (GAsyncResult  *result,
                        GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == dw_images_fetch_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
