/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-bars.c */
#include "config.h"

#include <string.h>

#include "jx-diff-bars.h"

void
jx_diff_bars_clear (JxDiffBars *self)
{
  g_clear_pointer (&self->streams, g_free);
  g_clear_pointer (&self->bars, g_free);
  self->n_streams = 0;
}

gboolean
jx_diff_bars_sync (JxDiffBars     *self,
                   JxSession      *session,
                   JxSessionTrace *item,
                   JxTrace        *trace)
{
  g_autofree guint8 *before = NULL;
  guint n = trace != NULL ? jx_trace_get_n_streams (trace) : 0;
  guint n_before = self->n_streams;
  gboolean changed;

  before = g_steal_pointer (&self->streams);
  g_clear_pointer (&self->bars, g_free);
  self->n_streams = n;
  if (n > 0)
    {
      self->streams = g_new0 (guint8, n);
      self->bars = g_new0 (JxTimelineDiffBar, n);
      for (guint32 s = 0; s < n; s++)
        {
          const JxComparisonPair *pair;
          gboolean side_b;

          self->streams[s] = jx_session_has_diff_bar (session, item, s);
          if (self->streams[s] && jx_session_get_diff_bar (session, item, s, &pair, &side_b, NULL))
            {
              self->bars[s].diff = pair->diff;
              self->bars[s].side_b = side_b;
            }
        }
    }

  changed = n != n_before || (n > 0 && memcmp (before, self->streams, n) != 0);
  /* No row at all: the layout needs no flags. */
  if (n > 0 && memchr (self->streams, 1, n) == NULL)
    {
      g_clear_pointer (&self->streams, g_free);
      g_clear_pointer (&self->bars, g_free);
      self->n_streams = 0;
      changed = before != NULL;
    }
  return changed;
}

void
jx_diff_bars_select (JxSession               *session,
                     JxSessionTrace          *item,
                     const JxTimelineDiffHit *hit)
{
  const JxComparisonPair *pair;
  JxSessionTrace *other;
  gboolean side_b;

  if (hit->extra == JX_NONE)
    {
      if (hit->invocation != JX_NONE)
        jx_session_select_invocation (session, item, hit->stream, hit->invocation);
      return;
    }
  if (jx_session_get_diff_bar (session, item, hit->stream, &pair, &side_b, &other))
    {
      const JxDiffExtra *run = jx_pair_diff_get_extra (pair->diff, side_b, hit->extra);
      const JxAlignPair *first = &pair->alignment->pairs[run->first_pair];

      jx_session_select_invocation (session, other, side_b ? pair->stream_a : pair->stream_b,
                                    side_b ? first->a : first->b);
    }
}
