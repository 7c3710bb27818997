/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-walk.c — exact walks over a stream's invocation arrays: the
 * innermost running region as segments in time order (pre-order with
 * subtree_end telling whether the next invocation nests in the current one),
 * and the invocations of one nesting level. */
#include "config.h"

#include "jx-timeline-summary-private.h"

void
_jx_walk_innermost (const JxStream *s,
                    gint64          t0,
                    gint64          t1,
                    SegmentFunc     func,
                    gpointer        data)
{
  _jx_walk_innermost_inline (s, t0, t1, func, data);
}

/* Depth-d segments: invocations at nesting level d, whole subtrees skipped. */
void
_jx_walk_depth (const JxStream *s,
                guint           depth,
                gint64          t0,
                gint64          t1,
                SegmentFunc     func,
                gpointer        data)
{
  guint32 j = _jx_first_starting_at_or_after (s, t0);
  guint32 c = _jx_innermost_before (s, j, t0);
  guint32 n = s->n_invocations;
  guint32 i;

  while (c != JX_NONE && s->depth[c] > depth)
    c = s->parent[c];
  i = j;
  if (c != JX_NONE && s->depth[c] == depth)
    {
      func (data, t0, MIN ((gint64) s->end[c], t1), s->region[c]);
      i = MAX (j, s->subtree_end[c]);
    }
  while (i < n && (gint64) s->start[i] < t1)
    {
      if (s->depth[i] == depth)
        {
          func (data, (gint64) s->start[i], MIN ((gint64) s->end[i], t1), s->region[i]);
          i = s->subtree_end[i];
        }
      else
        {
          i++;
        }
    }
}

gint64
_jx_stream_end_time (const JxStream *s)
{
  gint64 end = 0;

  /* Roots are disjoint and in order, but take the maximum to be robust. */
  for (guint32 i = 0; i < s->n_invocations; i = s->subtree_end[i])
    end = MAX (end, (gint64) s->end[i]);
  return end;
}
