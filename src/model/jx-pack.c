/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-pack.c — plain values in a byte array and back (jx-pack.h). */
#include "config.h"

#include <string.h>

#include "jx-pack.h"

void
jx_pack_bytes (GByteArray *out,
               const void *data,
               gsize       size)
{
  if (size > 0)
    g_byte_array_append (out, data, (guint) size);
}

void
jx_pack_u64 (GByteArray *out,
             guint64     value)
{
  jx_pack_bytes (out, &value, sizeof value);
}

void
jx_pack_string (GByteArray *out,
                const char *text)
{
  if (text == NULL)
    {
      jx_pack_u64 (out, G_MAXUINT64);
      return;
    }
  jx_pack_u64 (out, strlen (text));
  jx_pack_bytes (out, text, strlen (text));
}

void
jx_unpack_init (JxUnpack *in,
                GBytes   *bytes)
{
  gsize size = 0;

  in->p = g_bytes_get_data (bytes, &size);
  in->end = in->p + size;
  in->bad = FALSE;
}

gboolean
jx_unpack_bytes (JxUnpack *in,
                 void     *data,
                 gsize     size)
{
  if (size == 0)
    return !in->bad;
  if (in->bad || (gsize) (in->end - in->p) < size)
    {
      in->bad = TRUE;
      memset (data, 0, size);
      return FALSE;
    }
  memcpy (data, in->p, size);
  in->p += size;
  return TRUE;
}

guint64
jx_unpack_u64 (JxUnpack *in)
{
  guint64 value = 0;

  jx_unpack_bytes (in, &value, sizeof value);
  return value;
}

char *
jx_unpack_string (JxUnpack *in)
{
  guint64 size = jx_unpack_u64 (in);
  char *text;

  if (size == G_MAXUINT64 || in->bad)
    return NULL;
  if ((guint64) (in->end - in->p) < size)
    {
      in->bad = TRUE;
      return NULL;
    }
  text = g_strndup ((const char *) in->p, (gsize) size);
  in->p += size;
  return text;
}
