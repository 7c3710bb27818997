/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-picture-file.h — writing a drawing to a PNG, SVG or PDF file: the one
 * writer behind `juxtrace-cli render` (jx-cli-picture.h) and the window's
 * Export Image. Cairo only. */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  JX_PICTURE_PNG,
  JX_PICTURE_SVG,
  JX_PICTURE_PDF,
  JX_PICTURE_N_FORMATS
} JxPictureFormat;

/* "png", "svg", "pdf". */
const char *jx_picture_format_name        (JxPictureFormat  format);
gboolean    jx_picture_format_from_string (const char      *text,
                                           JxPictureFormat *out);
/* From the file name's extension (any case). */
gboolean    jx_picture_format_from_path   (const char      *path,
                                           JxPictureFormat *out);

typedef void (*JxPictureDrawFunc) (cairo_t  *cr,
                                   gpointer  data);

/* Draws a width × height px picture with draw() and writes it; FALSE with
 * an error naming the file when it cannot be written (nothing is left
 * behind then). */
gboolean    jx_picture_file_write         (const char       *path,
                                           JxPictureFormat   format,
                                           int               width,
                                           int               height,
                                           JxPictureDrawFunc draw,
                                           gpointer          data,
                                           GError          **error);

G_END_DECLS
