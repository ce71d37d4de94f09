/* dw-images.h — card images: where they are, and fetching them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>

#include "dw-card.h"
#include "dw-card-db.h"

G_BEGIN_DECLS

/* What a fetch does: how many downloads at once, the largest image it
 * accepts, the width it scales wider images down to, and how long one
 * download may take from its request to its last byte (a server that
 * trickles a byte a second holds a slot no longer).  0: the default. */
typedef struct
{
  guint  max_parallel;
  gsize  max_bytes;
  int    max_width;
  guint  deadline_ms;
} DwImageFetchOptions;

#define DW_IMAGE_FETCH_MAX_PARALLEL 4
#define DW_IMAGE_FETCH_MAX_BYTES    (8 * 1024 * 1024)
#define DW_IMAGE_FETCH_MAX_WIDTH    750
#define DW_IMAGE_FETCH_DEADLINE_MS  (120 * 1000)

/* The largest image decoded, fetched or beside a card database: its
 * size is read from its header first, and a larger one is refused
 * before a byte of it is decoded (a 109 KB PNG can say 30000×30000,
 * 3.6 GB decoded). */
#define DW_IMAGE_MAX_SIDE   8192
#define DW_IMAGE_MAX_PIXELS (40 * 1000 * 1000)

typedef struct
{
  guint      total;     /* distinct images asked for */
  guint      fetched;   /* downloaded now */
  guint      cached;    /* there already */
  GPtrArray *failures;  /* char *: "URL: reason", in the order they failed */
} DwImageFetchReport;

typedef void (*DwImageProgressFunc) (guint    done,
                                     guint    total,
                                     gpointer user_data);

char               *dw_images_get_cache_dir   (void);
gboolean            dw_images_is_url          (const char          *image);
char               *dw_images_cache_path      (const char          *url);
char               *dw_images_card_image_path (DwCard              *card);
GPtrArray          *dw_images_urls_of_db      (DwCardDb            *db);
gboolean            dw_images_check_size      (int                  width,
                                               int                  height,
                                               GError             **error);
GdkPixbuf          *dw_images_load_file       (const char          *path,
                                               GError             **error);

void                dw_images_fetch_async     (GPtrArray           *urls,
                                               const DwImageFetchOptions *options,
                                               GCancellable        *cancellable,
                                               DwImageProgressFunc  progress,
                                               gpointer             progress_data,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
DwImageFetchReport *dw_images_fetch_finish    (GAsyncResult        *result,
                                               GError             **error);
void                dw_image_fetch_report_free (DwImageFetchReport *report);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwImageFetchReport, dw_image_fetch_report_free)

G_END_DECLS
