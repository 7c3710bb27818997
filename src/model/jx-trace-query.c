/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "jx-trace-query.h"

/* Invocations are in pre-order with non-decreasing start times (the builder
 * clamps backwards timestamps), and an invocation that is not an ancestor of
 * a later one ended before that one started. The queries below rely on it. */

/* Number of invocations with start <= t. */
static guint32
upper_bound_start (const JxStream *s,
                   guint64         t)
{
  guint32 lo = 0;
  guint32 hi = s->n_invocations;

  while (lo < hi)
    {
      guint32 mid = lo + (hi - lo) / 2;

      if (s->start[mid] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Number of invocations with start < t (times are integers). */
static guint32
lower_bound_start (const JxStream *s,
                   guint64         t)
{
  return t > 0 ? upper_bound_start (s, t - 1) : 0;
}

guint32
jx_stream_innermost_at (const JxStream *stream,
                        guint64         t)
{
  guint32 i;

  g_return_val_if_fail (stream != NULL, JX_NONE);

  i = upper_bound_start (stream, t);
  if (i == 0)
    return JX_NONE;

  /* Only ancestors of the last invocation started by t can contain t, and
   * their end times grow towards the root: the first one found is innermost. */
  for (i = i - 1; i != JX_NONE; i = stream->parent[i])
    if (stream->end[i] > t)
      return i;
  return JX_NONE;
}

guint32
jx_stream_lower_bound (const JxStream *stream,
                       guint64         t)
{
  guint32 k;
  guint32 i;
  guint32 result;

  g_return_val_if_fail (stream != NULL, JX_NONE);

  k = lower_bound_start (stream, t);
  result = k;
  if (k == 0)
    return 0;

  /* Earlier invocations reaching past t are ancestors of k - 1; take the
   * outermost of them. */
  for (i = k - 1; i != JX_NONE; i = stream->parent[i])
    if (stream->end[i] > t)
      result = i;
  return result;
}

guint
jx_stream_get_children (const JxStream *stream,
                        guint32         i,
                        guint32        *out,
                        guint           n_out)
{
  guint32 c, limit;
  guint n = 0;

  g_return_val_if_fail (stream != NULL, 0);
  g_return_val_if_fail (i == JX_NONE || i < stream->n_invocations, 0);

  c = i == JX_NONE ? 0 : i + 1;
  limit = i == JX_NONE ? stream->n_invocations : stream->subtree_end[i];
  for (; c < limit; c = stream->subtree_end[c])
    {
      if (out != NULL && n < n_out)
        out[n] = c;
      n++;
    }
  return n;
}

guint32
jx_stream_first_child (const JxStream *stream,
                       guint32         i)
{
  g_return_val_if_fail (stream != NULL, JX_NONE);

  if (i == JX_NONE)
    return stream->n_invocations > 0 ? 0 : JX_NONE;
  g_return_val_if_fail (i < stream->n_invocations, JX_NONE);
  return i + 1 < stream->subtree_end[i] ? i + 1 : JX_NONE;
}

guint32
jx_stream_next_sibling (const JxStream *stream,
                        guint32         i)
{
  guint32 next, limit, p;

  g_return_val_if_fail (stream != NULL, JX_NONE);
  g_return_val_if_fail (i < stream->n_invocations, JX_NONE);

  next = stream->subtree_end[i];
  p = stream->parent[i];
  limit = p == JX_NONE ? stream->n_invocations : stream->subtree_end[p];
  return next < limit ? next : JX_NONE;
}

GArray *
jx_stream_get_call_path (const JxStream *stream,
                         guint32         i)
{
  GArray *path;
  guint32 j;
  guint n, k;

  g_return_val_if_fail (stream != NULL, NULL);
  g_return_val_if_fail (i < stream->n_invocations, NULL);

  n = stream->depth[i] + 1u;
  path = g_array_sized_new (FALSE, FALSE, sizeof (guint32), n);
  for (j = i; j != JX_NONE; j = stream->parent[j])
    g_array_append_val (path, j);

  /* Reverse: root first. */
  n = path->len;
  for (k = 0; k < n / 2; k++)
    {
      guint32 tmp = g_array_index (path, guint32, k);

      g_array_index (path, guint32, k) = g_array_index (path, guint32, n - 1 - k);
      g_array_index (path, guint32, n - 1 - k) = tmp;
    }
  return path;
}

guint64
jx_stream_exclusive_time (const JxStream *stream,
                          guint32         i)
{
  guint64 excl;
  guint32 c;

  g_return_val_if_fail (stream != NULL, 0);
  g_return_val_if_fail (i < stream->n_invocations, 0);

  excl = stream->end[i] - stream->start[i];
  for (c = i + 1; c < stream->subtree_end[i]; c = stream->subtree_end[c])
    excl -= stream->end[c] - stream->start[c];
  return excl;
}
