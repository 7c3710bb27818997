/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-picture.c — see jx-cli-picture.h. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli-picture.h"
#include "jx-picture-file.h"

/* The formats are the render library's (jx-picture-file.h), in the same order. */
G_STATIC_ASSERT ((int) JX_CLI_FORMAT_PNG == (int) JX_PICTURE_PNG);
G_STATIC_ASSERT ((int) JX_CLI_FORMAT_SVG == (int) JX_PICTURE_SVG);
G_STATIC_ASSERT ((int) JX_CLI_FORMAT_PDF == (int) JX_PICTURE_PDF);

const char *
jx_cli_format_name (JxCliFormat format)
{
  return jx_picture_format_name ((JxPictureFormat) format);
}

gboolean
jx_cli_format_from_string (const char  *text,
                           JxCliFormat *out)
{
  JxPictureFormat format;

  if (!jx_picture_format_from_string (text, &format))
    return FALSE;
  *out = (JxCliFormat) format;
  return TRUE;
}

gboolean
jx_cli_format_from_path (const char  *path,
                         JxCliFormat *out)
{
  JxPictureFormat format;

  if (!jx_picture_format_from_path (path, &format))
    return FALSE;
  *out = (JxCliFormat) format;
  return TRUE;
}

char *
jx_cli_picture_format (const char  *output,
                       const char  *format_name,
                       JxCliFormat *format)
{
  if (output == NULL)
    return g_strdup (_("expected an output file, -o FILE"));
  if (format_name != NULL)
    {
      if (!jx_cli_format_from_string (format_name, format))
        return g_strdup_printf (_("unknown format “%s” (use png, svg or pdf)"), format_name);
      return NULL;
    }
  if (!jx_cli_format_from_path (output, format))
    return g_strdup_printf (_("cannot tell the format from “%s”; name it .png, .svg or .pdf, or use --format"), output);
  return NULL;
}

gboolean
jx_cli_parse_size (const char *text,
                   int        *width,
                   int        *height)
{
  g_autofree char *copy = g_strdup (text);
  char *sep = strstr (copy, "×");
  char *end;
  gint64 w, h = 0;

  if (sep != NULL)
    {
      *sep = '\0';
      sep += strlen ("×");
    }
  else if ((sep = strpbrk (copy, "xX")) != NULL)
    *sep++ = '\0';

  w = g_ascii_strtoll (copy, &end, 10);
  if (end == copy || *end != '\0' || w < JX_CLI_PICTURE_MIN_SIDE || w > JX_CLI_PICTURE_MAX_SIDE)
    return FALSE;
  if (sep != NULL)
    {
      h = g_ascii_strtoll (sep, &end, 10);
      if (end == sep || *end != '\0' || h < JX_CLI_PICTURE_MIN_SIDE || h > JX_CLI_PICTURE_MAX_SIDE)
        return FALSE;
    }
  *width = (int) w;
  *height = (int) h;
  return TRUE;
}

gboolean
jx_cli_write_picture (const char     *path,
                      JxCliFormat     format,
                      int             width,
                      int             height,
                      JxCliDrawFunc   draw,
                      gpointer        data,
                      GError        **error)
{
  return jx_picture_file_write (path, (JxPictureFormat) format, width, height, draw, data, error);
}
