/* dw-span-error.h — error domains whose errors carry the span of the text they are about
 *
 * The card browser's search language (DwQueryError) and the deck
 * library's (DwDeckQueryError) both say where in the typed text a
 * mistake is, so the entry can underline it.  The span travels inside
 * the GError (an extended error domain), through g_propagate_error() and
 * g_error_copy(), with no side channel.
 *
 * DW_DEFINE_SPAN_ERROR (ErrorType, error_type) in the domain's .c file
 * defines the domain (error_type_quark()), error_type_set_span() (static:
 * marks an error of the domain with characters @start to @end) and
 * error_type_get_span() (public: where the error is, FALSE when it says
 * nowhere or is of another domain), and error_type_propagate_valist()
 * (static: a new error of the domain with its message and span, given to
 * @error unless it is NULL), the one way both languages fail.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  gboolean  has_span;
  guint     start;
  guint     end;    /* exclusive; characters, not bytes */
} DwSpanErrorPrivate;

#define DW_DEFINE_SPAN_ERROR(ErrorType, error_type)                                   \
  typedef DwSpanErrorPrivate ErrorType##Private;                                       \
                                                                                       \
  static void                                                                          \
  error_type##_private_init (ErrorType##Private *priv)                                 \
  {                                                                                    \
    priv->has_span = FALSE;                                                            \
    priv->start = 0;                                                                   \
    priv->end = 0;                                                                     \
  }                                                                                    \
                                                                                       \
  static void                                                                          \
  error_type##_private_copy (const ErrorType##Private *src,                            \
                             ErrorType##Private       *dest)                           \
  {                                                                                    \
    *dest = *src;                                                                      \
  }                                                                                    \
                                                                                       \
  static void                                                                          \
  error_type##_private_clear (ErrorType##Private *priv)                                \
  {                                                                                    \
  }                                                                                    \
                                                                                       \
  G_DEFINE_EXTENDED_ERROR (ErrorType, error_type)                                      \
                                                                                       \
  static inline void                                                                   \
  error_type##_set_span (GError *error,                                                \
                         guint   start,                                                \
                         guint   end)                                                  \
  {                                                                                    \
    ErrorType##Private *priv = error_type##_get_private (error);                       \
                                                                                       \
    priv->has_span = TRUE;                                                             \
    priv->start = start;                                                               \
    priv->end = end;                                                                   \
  }                                                                                    \
                                                                                       \
  gboolean                                                                             \
  error_type##_get_span (const GError *error,                                          \
                         guint        *start,                                          \
                         guint        *end)                                            \
  {                                                                                    \
    const ErrorType##Private *priv;                                                    \
                                                                                       \
    if (error == NULL || error->domain != error_type##_quark ())                       \
      return FALSE;                                                                    \
    priv = error_type##_get_private (error);                                           \
    if (!priv->has_span)                                                               \
      return FALSE;                                                                    \
    if (start != NULL)                                                                 \
      *start = priv->start;                                                            \
    if (end != NULL)                                                                   \
      *end = priv->end;                                                                \
    return TRUE;                                                                       \
  }                                                                                    \
                                                                                       \
  G_GNUC_PRINTF (5, 0) static void                                                     \
  error_type##_propagate_valist (GError     **error,                                   \
                                 gint         code,                                    \
                                 guint        start,                                   \
                                 guint        end,                                     \
                                 const char  *format,                                  \
                                 va_list      args)                                    \
  {                                                                                    \
    GError *local_error;                                                               \
                                                                                       \
    if (error == NULL)                                                                 \
      return;                                                                          \
    local_error = g_error_new_valist (error_type##_quark (), code, format, args);      \
    error_type##_set_span (local_error, start, end);                                   \
    g_propagate_error (error, local_error);                                            \
  }

G_END_DECLS
