/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-builder-arrays.c — the memory behind a stream's invocations.
 *
 * Per stream the six invocation arrays share one block, sized from the
 * reservation (the loader passes OTF2's per-location event count, capped by
 * the size of the event file, so it is only a hint) or grown geometrically,
 * and shrunk to the exact size when the stream ends: 30 bytes per
 * invocation (= 15 per enter/leave event). A reservation that cannot be
 * allocated is dropped; growth takes over.
 */
#include "config.h"

/* mremap */
#define _GNU_SOURCE 1

#include <string.h>
#include <sys/mman.h>

#include "jx-trace-builder-private.h"

/* Blocks from this size on are mapped directly with transparent huge pages
 * advised: loading writes every byte once, and one fault per 2 MiB instead
 * of one per 4 KiB removes most of the kernel time a load spends (measured
 * for 270 MB: 0.03 s instead of 0.11 s). On a virtual machine whose balloon
 * hands free memory back to the host, fresh huge pages can be "cold" (the
 * host faults each one in, 4.5 ms instead of 0.2 ms); recently freed ones
 * are not. */
#define ARENA_MAP_MIN  ((gsize) 4 << 20)
#define HUGE_PAGE      ((gsize) 2 << 20)
#define SMALL_PAGE     ((gsize) 4096)
#define ROUND_UP(x, a) (((x) + (a) - 1) & ~((a) - 1))

/* Returns how many bytes from base may hold huge pages. */
static gsize
advise_huge_pages (guint8 *base,
                   gsize   size)
{
#ifdef MADV_HUGEPAGE
  if (madvise (base, size, MADV_HUGEPAGE) == 0)
    return size;
#endif
  return 0;
}

/* With try_only, returns FALSE instead of aborting when memory is short. */
static gboolean
arena_alloc (JxArena  *arena,
             gsize     bytes,
             gboolean  try_only)
{
  memset (arena, 0, sizeof *arena);
  if (bytes >= ARENA_MAP_MIN)
    {
      gsize size = ROUND_UP (bytes, SMALL_PAGE);
      gsize span = size + HUGE_PAGE;
      guint8 *raw = mmap (NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

      if (raw != MAP_FAILED)
        {
          guint8 *base = (guint8 *) ROUND_UP ((guintptr) raw, HUGE_PAGE);

          if (base > raw)
            munmap (raw, base - raw);
          if (raw + span > base + size)
            munmap (base + size, raw + span - (base + size));
          arena->base = base;
          arena->size = size;
          arena->mapped = TRUE;
          arena->huge = advise_huge_pages (base, size);
          return TRUE;
        }
    }
  arena->base = try_only ? g_try_malloc (bytes) : g_malloc (bytes);
  if (arena->base == NULL)
    return FALSE;
  arena->size = bytes;
  return TRUE;
}

static void
carve (JxStreamWriter *sb,
       guint8         *base,
       guint32         capacity)
{
  gsize c = capacity;

  /* NULL + 0 is undefined behaviour in C (UBSan with clang reports it). */
  if (base == NULL)
    {
      sb->s.start = sb->s.end = NULL;
      sb->s.region = sb->s.parent = sb->s.subtree_end = NULL;
      sb->s.depth = NULL;
      sb->capacity = 0;
      return;
    }

  sb->s.start = (guint64 *) (gpointer) base;
  sb->s.end = (guint64 *) (gpointer) (base + 8 * c);
  sb->s.region = (guint32 *) (gpointer) (base + 16 * c);
  sb->s.parent = (guint32 *) (gpointer) (base + 20 * c);
  sb->s.subtree_end = (guint32 *) (gpointer) (base + 24 * c);
  sb->s.depth = (guint16 *) (gpointer) (base + 28 * c);
  sb->capacity = capacity;
}

static inline void
move_array (gpointer      to,
            gconstpointer from,
            gsize         bytes)
{
  if (to != from)
    memmove (to, from, bytes);
}

/* The n invocations of from into the arrays of to; they may overlap. */
static void
move_arrays (JxStream       *to,
             const JxStream *from,
             gsize           n)
{
  move_array (to->start, from->start, n * sizeof (guint64));
  move_array (to->end, from->end, n * sizeof (guint64));
  move_array (to->region, from->region, n * sizeof (guint32));
  move_array (to->parent, from->parent, n * sizeof (guint32));
  move_array (to->subtree_end, from->subtree_end, n * sizeof (guint32));
  move_array (to->depth, from->depth, n * sizeof (guint16));
}

/* Moves the arrays into a new block of the given capacity (>= count). With
 * try_only, a block that cannot be allocated leaves the arrays as they were
 * and returns FALSE. */
static gboolean
resize_arrays (JxStreamWriter *sb,
               guint32         capacity,
               gboolean        try_only)
{
  JxArena old = sb->arena;
  JxStream was = sb->s;
  gsize n = sb->s.n_invocations;

  if (!arena_alloc (&sb->arena, (gsize) capacity * _JX_BYTES_PER_INVOCATION, try_only))
    {
      sb->arena = old;
      return FALSE;
    }
  carve (sb, sb->arena.base, capacity);
  if (n > 0)
    move_arrays (&sb->s, &was, n);
  _jx_arena_free (&old);
  return TRUE;
}

/* Exact size at the end: the arrays move down to close the gaps a too large
 * reservation left (a few milliseconds for 20 million events), then the
 * block shrinks. A huge page that the shrunken block only partly covers
 * would stay allocated whole, so that last piece is moved onto ordinary
 * pages first. */
void
_jx_stream_writer_shrink (JxStreamWriter *sb)
{
  guint32 n = sb->s.n_invocations;
  gsize used = (gsize) n * _JX_BYTES_PER_INVOCATION;
  guint8 *base = sb->arena.base;
  JxStream was = sb->s;

  if (n < sb->capacity && n > 0)
    {
      carve (sb, base, n);
      move_arrays (&sb->s, &was, n);
    }

  if (n == 0)
    {
      _jx_arena_free (&sb->arena);
      carve (sb, NULL, 0);
      return;
    }

  if (!sb->arena.mapped)
    {
      if (used < sb->arena.size)
        {
          sb->arena.base = g_realloc (base, used);
          sb->arena.size = used;
          carve (sb, sb->arena.base, n);
        }
      return;
    }

  {
    gsize keep = ROUND_UP (used, SMALL_PAGE);
    gsize huge_end = used & ~(HUGE_PAGE - 1);

    if (huge_end < used && huge_end + HUGE_PAGE <= sb->arena.huge)
      {
        gsize len = keep - huge_end;
        guint8 *tail = mmap (NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

        if (tail != MAP_FAILED)
          {
            memcpy (tail, base + huge_end, used - huge_end);
            /* Replaces the range in place, so no other thread can map
             * something into a gap meanwhile. */
            if (mremap (tail, len, len, MREMAP_MAYMOVE | MREMAP_FIXED, base + huge_end) == MAP_FAILED)
              munmap (tail, len);
          }
      }
    if (keep < sb->arena.size)
      {
        munmap (base + keep, sb->arena.size - keep);
        sb->arena.size = keep;
      }
  }
}

void
jx_trace_builder_reserve (JxTraceBuilder *self,
                          guint32         stream,
                          guint32         n_invocations)
{
  JxStreamWriter *sb;

  g_return_if_fail (self != NULL);
  g_return_if_fail (stream < self->streams->len);

  sb = g_ptr_array_index (self->streams, stream);
  if (n_invocations <= sb->capacity)
    return;

  /* Only a hint: when it cannot be had, the arrays grow as events come. */
  resize_arrays (sb, n_invocations, TRUE);
}

void
_jx_stream_writer_grow (JxStreamWriter *sb)
{
  guint32 capacity = sb->capacity < 256 ? 256 : sb->capacity * 2;

  if (capacity < sb->capacity)
    capacity = G_MAXUINT32 - 1;
  resize_arrays (sb, capacity, FALSE);
}
