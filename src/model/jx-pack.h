/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-pack.h — packing plain values into a byte array and reading them back:
 * what juxtrace-mpi's ranks send each other (src/mpi/), and the signatures
 * of streams built elsewhere (jx-stream-signature.h). The ranks run one
 * binary on machines of one architecture, so values travel in their memory
 * form. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void      jx_pack_bytes      (GByteArray   *out,
                              const void   *data,
                              gsize         size);
void      jx_pack_u64        (GByteArray   *out,
                              guint64       value);
void      jx_pack_string     (GByteArray   *out,
                              const char   *text);     /* NULL allowed */

typedef struct
{
  const guint8 *p;
  const guint8 *end;
  gboolean      bad;       /* read past the end: the data is corrupt */
} JxUnpack;

void      jx_unpack_init     (JxUnpack     *in,
                              GBytes       *bytes);
gboolean  jx_unpack_bytes    (JxUnpack     *in,
                              void         *data,
                              gsize         size);
guint64   jx_unpack_u64      (JxUnpack     *in);
char     *jx_unpack_string   (JxUnpack     *in);       /* NULL when packed so */

G_END_DECLS
