/* dw-deck-picture.h — a picture of a deck to post (PNG), drawn with no display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "dw-library.h"

G_BEGIN_DECLS

/* A phone's screen: the picture is this many pixels wide at scale 1. */
#define DW_DECK_PICTURE_WIDTH     1080
/* Twice that reads in print; past 4 the file only grows. */
#define DW_DECK_PICTURE_MAX_SCALE 4
/* cairo's own limit on an image's side, in pixels. */
#define DW_DECK_PICTURE_MAX_SIDE  32000

cairo_surface_t *dw_deck_picture_render    (DwLibrary   *library,
                                            DwDeck      *deck,
                                            DwFormat    *format,
                                            guint        scale,
                                            GError     **error);
gboolean         dw_deck_picture_save_png  (DwLibrary   *library,
                                            DwDeck      *deck,
                                            DwFormat    *format,
                                            guint        scale,
                                            const char  *path,
                                            GError     **error);

G_END_DECLS
