/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-picture-file.c — see jx-picture-file.h. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "jx-picture-file.h"

static const char *format_names[JX_PICTURE_N_FORMATS] = { "png", "svg", "pdf" };

const char *
jx_picture_format_name (JxPictureFormat format)
{
  return format < JX_PICTURE_N_FORMATS ? format_names[format] : "";
}

gboolean
jx_picture_format_from_string (const char      *text,
                               JxPictureFormat *out)
{
  for (guint f = 0; f < JX_PICTURE_N_FORMATS; f++)
    if (g_ascii_strcasecmp (text, format_names[f]) == 0)
      {
        *out = (JxPictureFormat) f;
        return TRUE;
      }
  return FALSE;
}

gboolean
jx_picture_format_from_path (const char      *path,
                             JxPictureFormat *out)
{
  const char *dot = strrchr (path, '.');

  return dot != NULL && strchr (dot, G_DIR_SEPARATOR) == NULL && jx_picture_format_from_string (dot + 1, out);
}

static cairo_status_t
write_to_file (void                *closure,
               const unsigned char *data,
               unsigned int         length)
{
  return fwrite (data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

gboolean
jx_picture_file_write (const char       *path,
                       JxPictureFormat   format,
                       int               width,
                       int               height,
                       JxPictureDrawFunc draw,
                       gpointer          data,
                       GError          **error)
{
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  FILE *file;
  int saved_errno;

  file = g_fopen (path, "wb");
  if (file == NULL)
    {
      saved_errno = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("cannot write “%s”: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }

  switch (format)
    {
    case JX_PICTURE_SVG:
      surface = cairo_svg_surface_create_for_stream (write_to_file, file, width, height);
      /* Pixels, not points: viewers then show it at the size asked for. */
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
      break;
    case JX_PICTURE_PDF:
      surface = cairo_pdf_surface_create_for_stream (write_to_file, file, width, height);
      break;
    case JX_PICTURE_PNG:
    case JX_PICTURE_N_FORMATS:
    default:
      surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
      break;
    }

  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM, _("cannot draw a picture of %d × %d px: %s"),
                   width, height, cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      fclose (file);
      g_unlink (path);
      return FALSE;
    }
  cr = cairo_create (surface);
  draw (cr, data);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (status == CAIRO_STATUS_SUCCESS && format == JX_PICTURE_PNG)
    status = cairo_surface_write_to_png_stream (surface, write_to_file, file);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  saved_errno = 0;
  if (fclose (file) != 0)
    saved_errno = errno;
  if (status != CAIRO_STATUS_SUCCESS || saved_errno != 0)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_IO, _("cannot write “%s”: %s"), path,
                   saved_errno != 0 ? g_strerror (saved_errno) : cairo_status_to_string (status));
      g_unlink (path);
      return FALSE;
    }
  return TRUE;
}
