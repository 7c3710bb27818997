/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "jx-name-match.h"
#include "jx-stream-pairing.h"

guint32
jx_name_match (const char         *name,
               guint               index,
               const char * const *names,
               guint               n,
               guint              *distance)
{
  guint32 best = JX_NONE;
  guint best_distance = G_MAXUINT;

  g_return_val_if_fail (names != NULL || n == 0, JX_NONE);

  for (guint i = 0; i < n; i++)
    {
      /* Distance 0 is the same name; several equal names tie as well. */
      guint d = g_strcmp0 (name, names[i]) == 0 ? 0 : jx_levenshtein (name, names[i]);

      /* A tie goes to the same index; otherwise the first one stays. */
      if (d < best_distance || (d == best_distance && i == index))
        {
          best = i;
          best_distance = d;
        }
      if (best_distance == 0 && best == index)
        break;
    }

  if (distance != NULL)
    *distance = best == JX_NONE ? 0 : best_distance;
  return best;
}

gboolean
jx_stream_match (JxTrace       *trace,
                 guint32        stream,
                 JxTrace       *other,
                 JxStreamMatch *match)
{
  const JxStream *s;
  const JxProcess *p;
  const JxProcess *q;
  guint n_processes;
  g_autofree const char **names = NULL;

  g_return_val_if_fail (JX_IS_TRACE (trace) && JX_IS_TRACE (other), FALSE);
  g_return_val_if_fail (stream < jx_trace_get_n_streams (trace), FALSE);
  g_return_val_if_fail (match != NULL, FALSE);

  *match = (JxStreamMatch) { JX_NONE, JX_NONE, 0, 0 };
  s = jx_trace_get_stream (trace, stream);
  p = jx_trace_get_process (trace, s->process);

  n_processes = jx_trace_get_n_processes (other);
  names = g_new0 (const char *, MAX (n_processes, 1));
  for (guint i = 0; i < n_processes; i++)
    names[i] = jx_trace_get_process (other, i)->name;
  /* Processes are defined in rank order: the index is the rank. */
  match->process = jx_name_match (p->name, s->process, names, n_processes, &match->process_distance);
  if (match->process == JX_NONE)
    return FALSE;

  q = jx_trace_get_process (other, match->process);
  g_clear_pointer (&names, g_free);
  names = g_new0 (const char *, MAX (q->n_streams, 1));
  for (guint i = 0; i < q->n_streams; i++)
    names[i] = jx_trace_get_stream (other, q->first_stream + i)->name;
  match->stream = jx_name_match (s->name, stream - p->first_stream, names, q->n_streams, &match->stream_distance);
  if (match->stream == JX_NONE)
    return FALSE;
  match->stream += q->first_stream;
  return TRUE;
}
