/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-picture.h — what the drawing commands share: the file formats
 * (PNG, SVG, PDF), the --size argument, and writing a picture drawn by a
 * callback to a file (`juxtrace-cli render`, `render --flame`). */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "jx-comparison-render.h"

G_BEGIN_DECLS

#define JX_CLI_PICTURE_MIN_SIDE 16
#define JX_CLI_PICTURE_MAX_SIDE JX_COMPARISON_RENDER_MAX_SIDE

typedef enum
{
  JX_CLI_FORMAT_PNG,
  JX_CLI_FORMAT_SVG,
  JX_CLI_FORMAT_PDF,
  JX_CLI_N_FORMATS
} JxCliFormat;

/* "png", "svg", "pdf". */
const char *jx_cli_format_name        (JxCliFormat   format);
gboolean    jx_cli_format_from_string (const char   *text,
                                       JxCliFormat  *out);
/* From the file name's extension. */
gboolean    jx_cli_format_from_path   (const char   *path,
                                       JxCliFormat  *out);

/* The format of -o output: format_name (--format) when given, else from
 * the output's extension. NULL when fine, else the usage error's message
 * (free with g_free). */
char       *jx_cli_picture_format     (const char   *output,
                                       const char   *format_name,
                                       JxCliFormat  *format);

/* "W", "WxH" or "W×H", each side in [JX_CLI_PICTURE_MIN_SIDE,
 * JX_CLI_PICTURE_MAX_SIDE]; height 0 when only the width is given. */
gboolean    jx_cli_parse_size         (const char   *text,
                                       int          *width,
                                       int          *height);

typedef void (*JxCliDrawFunc) (cairo_t  *cr,
                               gpointer  data);

/* Draws and writes; FALSE with an error naming the file when it cannot be
 * written (a partly written file is removed). */
gboolean    jx_cli_write_picture      (const char   *path,
                                       JxCliFormat   format,
                                       int           width,
                                       int           height,
                                       JxCliDrawFunc draw,
                                       gpointer      data,
                                       GError      **error);

G_END_DECLS
