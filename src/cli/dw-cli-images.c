/* dw-cli-images.c — deckwright --fetch-images DB…
 *
 * Downloads the images the databases name by URL into the cache (see
 * src/core/dw-images.c), a few at a time, with a line of progress on
 * standard error.  Ctrl+C stops it; the next run resumes.  Exits 0 when
 * every image is there, 1 when some could not be fetched (each named
 * with its reason), 2 when a database cannot be read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n-lib.h>
#include <signal.h>

#include "dw-cli-private.h"
#include "dw-images.h"

static gboolean fetch_images_selected;

typedef struct
{
  GMainLoop          *loop;
  DwImageFetchReport *report;
  GError             *error;
} Fetching;

static DwGame *
lookup_game_cb (const char *game_id,
                gpointer    user_data)
{
  return dw_library_lookup_game (user_data, game_id);
}

static void
on_progress_cb (guint    done,
                guint    total,
                gpointer user_data)
{
  g_printerr (_("deckwright: %u of %u images\n"), done, total);
}

static void
on_fetched_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  Fetching *fetching = user_data;

  fetching->report = dw_images_fetch_finish (result, &fetching->error);
  g_main_loop_quit (fetching->loop);
}

static gboolean
on_interrupt_cb (gpointer cancellable)
{
  g_cancellable_cancel (cancellable);
  return G_SOURCE_CONTINUE;
}

static int
run_fetch_images (DwCliContext *context)
{
  g_autoptr(GPtrArray) urls = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Fetching fetching = { loop, NULL, NULL };
  g_autofree char *cache = dw_images_get_cache_dir ();
  guint interrupt;
  int status = DW_CLI_EXIT_OK;

  if (context->files == NULL || context->files[0] == NULL)
    {
      g_printerr ("deckwright: %s\n", _("--fetch-images takes one or more card databases"));
      return DW_CLI_EXIT_UNREADABLE;
    }

  for (guint i = 0; context->files[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DwCardDb) db = dw_card_db_load (context->files[i], lookup_game_cb, context->library, &error);

      if (db == NULL)
        {
          g_printerr ("deckwright: %s\n", error->message);
          return DW_CLI_EXIT_UNREADABLE;
        }
      g_ptr_array_extend_and_steal (urls, dw_images_urls_of_db (db));
    }

  interrupt = g_unix_signal_add (SIGINT, on_interrupt_cb, cancellable);
  dw_images_fetch_async (urls, NULL, cancellable, on_progress_cb, NULL, on_fetched_cb, &fetching);
  g_main_loop_run (loop);
  g_source_remove (interrupt);

  if (fetching.report == NULL)
    {
      g_printerr ("deckwright: %s\n", fetching.error->message);
      g_error_free (fetching.error);
      return DW_CLI_EXIT_FAILED;
    }

  for (guint i = 0; i < fetching.report->failures->len; i++)
    g_printerr ("deckwright: %s\n", (const char *) g_ptr_array_index (fetching.report->failures, i));
  /* TRANSLATORS: images fetched now, already there, that failed; then the folder */
  g_print (_("%u fetched, %u already there, %u failed, in %s\n"), fetching.report->fetched,
           fetching.report->cached, fetching.report->failures->len, cache);
  if (fetching.report->failures->len > 0)
    status = DW_CLI_EXIT_FAILED;
  dw_image_fetch_report_free (fetching.report);
  return status;
}

static const GOptionEntry fetch_images_entries[] = {
  { "fetch-images", 0, 0, G_OPTION_ARG_NONE, &fetch_images_selected,
    N_("Download the card images the card databases (DB…) given name by URL into the cache"), NULL },
  { NULL }
};

const DwCliCommand dw_cli_fetch_images_command = {
  "fetch-images", DW_CLI_AREA_IMAGES, &fetch_images_selected, fetch_images_entries, run_fetch_images, TRUE,
};
