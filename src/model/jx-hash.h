/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-hash.h — the one 32-bit mixing function of the structural hashes
 * (merged call trees, phases): a multiply-xorshift finalizer, so that
 * symbols and sequences that differ a little land far apart. Hashes only
 * group candidates; every match is verified, so collisions cost time,
 * never correctness. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

static inline guint32
jx_hash_mix32 (guint32 x)
{
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

G_END_DECLS
