/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-call-profile.c — the reference profile, the invocation index and the
 * walk of jx-call-profile.h. */
#include "config.h"

#include <string.h>

#include "jx-call-profile.h"
#include "jx-stream-pairing.h"
#include "jx-trace-query.h"

struct _JxCallProfile
{
  JxTrace  *trace;
  guint32   stream;
  guint32   invocation;
  guint     n;
  guint     target;        /* index of the invocation's own function */
  guint32  *regions;       /* n, root first */
  guint64  *counts;        /* n */
};

struct _JxCallIndex
{
  guint      n;
  guint32   *regions;      /* n, may hold JX_NONE */
  guint32  **lists;        /* n sorted invocation lists */
  guint32   *lengths;      /* n */
  gsize      memory;
};

/* Slot of each region value below `size` in a lookup table, 0 = none. */
static guint8 *
slot_table (const guint32 *regions,
            guint          n,
            guint32       *size)
{
  guint32 max = 0;
  guint8 *table;

  g_assert (n < G_MAXUINT8);
  for (guint i = 0; i < n; i++)
    if (regions[i] != JX_NONE)
      max = MAX (max, regions[i]);
  *size = max + 1;
  table = g_new0 (guint8, *size);
  /* The first slot of a region wins; a profile lists each region once. */
  for (guint i = n; i-- > 0;)
    if (regions[i] != JX_NONE)
      table[regions[i]] = (guint8) (i + 1);
  return table;
}

/* Profile ------------------------------------------------------------------- */

JxCallProfile *
jx_call_profile_new (JxTrace *trace,
                     guint32  stream,
                     guint32  invocation)
{
  g_autoptr(GArray) path = NULL;
  g_autofree guint8 *table = NULL;
  const JxStream *s;
  JxCallProfile *self;
  guint32 size;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  if (stream >= jx_trace_get_n_streams (trace))
    return NULL;
  s = jx_trace_get_stream (trace, stream);
  if (invocation >= s->n_invocations)
    return NULL;

  self = g_new0 (JxCallProfile, 1);
  self->trace = g_object_ref (trace);
  self->stream = stream;
  self->invocation = invocation;

  path = jx_stream_get_call_path (s, invocation);
  self->regions = g_new (guint32, MIN (path->len, G_MAXUINT8 - 1));
  for (guint i = 0; i < path->len; i++)
    {
      guint32 r = s->region[g_array_index (path, guint32, i)];
      gboolean seen = FALSE;

      for (guint k = 0; k < self->n && !seen; k++)
        seen = self->regions[k] == r;
      /* Deep recursion repeats functions; more than 254 distinct ones on
       * one path add nothing to the match, but the last slot is kept for
       * the invocation's own function, which must be in the profile. */
      if (!seen && (self->n < G_MAXUINT8 - 2 || (self->n < G_MAXUINT8 - 1 && r == s->region[invocation])))
        self->regions[self->n++] = r;
    }
  for (self->target = 0; self->regions[self->target] != s->region[invocation]; self->target++)
    ;

  /* Counts up to and including the invocation: pre-order is enter order. */
  self->counts = g_new0 (guint64, self->n);
  table = slot_table (self->regions, self->n, &size);
  for (guint32 i = 0; i <= invocation; i++)
    {
      guint32 r = s->region[i];

      if (r < size && table[r] != 0)
        self->counts[table[r] - 1]++;
    }
  return self;
}

void
jx_call_profile_free (JxCallProfile *self)
{
  if (self == NULL)
    return;
  g_clear_object (&self->trace);
  g_free (self->regions);
  g_free (self->counts);
  g_free (self);
}

JxTrace *
jx_call_profile_get_trace (JxCallProfile *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->trace;
}

guint32
jx_call_profile_get_stream (JxCallProfile *self)
{
  g_return_val_if_fail (self != NULL, JX_NONE);
  return self->stream;
}

guint32
jx_call_profile_get_invocation (JxCallProfile *self)
{
  g_return_val_if_fail (self != NULL, JX_NONE);
  return self->invocation;
}

guint
jx_call_profile_get_n_functions (JxCallProfile *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n;
}

guint32
jx_call_profile_get_function (JxCallProfile *self,
                              guint          index)
{
  g_return_val_if_fail (self != NULL && index < self->n, JX_NONE);
  return self->regions[index];
}

guint64
jx_call_profile_get_count (JxCallProfile *self,
                           guint          index)
{
  g_return_val_if_fail (self != NULL && index < self->n, 0);
  return self->counts[index];
}

/* Index --------------------------------------------------------------------- */

JxCallIndex *
jx_call_index_new (const JxStream *stream,
                   const guint32  *regions,
                   guint           n_regions)
{
  g_autofree guint8 *table = NULL;
  g_autofree guint32 *capacity = NULL;
  JxCallIndex *self;
  guint32 size;

  g_return_val_if_fail (stream != NULL, NULL);
  g_return_val_if_fail (regions != NULL || n_regions == 0, NULL);
  g_return_val_if_fail (n_regions < G_MAXUINT8, NULL);

  self = g_new0 (JxCallIndex, 1);
  self->n = n_regions;
  self->regions = g_memdup2 (regions, MAX (n_regions, 1) * sizeof (guint32));
  self->lists = g_new0 (guint32 *, MAX (n_regions, 1));
  self->lengths = g_new0 (guint32, MAX (n_regions, 1));
  capacity = g_new0 (guint32, MAX (n_regions, 1));
  table = slot_table (regions, n_regions, &size);

  /* One pass over the stream; the lists grow by doubling and are trimmed. */
  for (guint32 i = 0; i < stream->n_invocations; i++)
    {
      guint32 r = stream->region[i];
      guint slot;

      if (G_LIKELY (r >= size || table[r] == 0))
        continue;
      slot = table[r] - 1;
      if (self->lengths[slot] == capacity[slot])
        {
          capacity[slot] = MAX (64, capacity[slot] * 2);
          self->lists[slot] = g_renew (guint32, self->lists[slot], capacity[slot]);
        }
      self->lists[slot][self->lengths[slot]++] = i;
    }

  self->memory = sizeof *self + n_regions * (sizeof (guint32) * 2 + sizeof (guint32 *));
  for (guint k = 0; k < n_regions; k++)
    {
      if (self->lengths[k] < capacity[k])
        self->lists[k] = g_renew (guint32, self->lists[k], MAX (self->lengths[k], 1));
      self->memory += (gsize) self->lengths[k] * sizeof (guint32);
    }
  return self;
}

void
jx_call_index_free (JxCallIndex *self)
{
  if (self == NULL)
    return;
  for (guint k = 0; k < self->n; k++)
    g_free (self->lists[k]);
  g_free (self->lists);
  g_free (self->lengths);
  g_free (self->regions);
  g_free (self);
}

const guint32 *
jx_call_index_get_invocations (JxCallIndex *self,
                               guint        i,
                               guint32     *n)
{
  g_return_val_if_fail (self != NULL && i < self->n, NULL);

  if (n != NULL)
    *n = self->lengths[i];
  return self->lists[i];
}

gsize
jx_call_index_get_memory (JxCallIndex *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->memory;
}

void
jx_call_index_search (JxCallIndex   *self,
                      guint          target,
                      const guint64 *reference_counts,
                      JxCallSearch  *result)
{
  g_autofree guint32 *next = NULL;
  const guint32 *candidates;
  guint64 previous = G_MAXUINT64;

  g_return_if_fail (self != NULL && target < self->n);
  g_return_if_fail (reference_counts != NULL && result != NULL);

  *result = (JxCallSearch) { JX_NONE, 0, G_MAXUINT64, 0 };
  next = g_new0 (guint32, self->n);
  candidates = self->lists[target];

  for (guint32 k = 0; k < self->lengths[target]; k++)
    {
      guint32 at = candidates[k];
      guint64 error = 0;

      for (guint f = 0; f < self->n; f++)
        {
          guint64 count;

          if (f == target)
            count = (guint64) k + 1;
          else
            {
              /* Entered up to and including `at`: the lists are in enter order. */
              while (next[f] < self->lengths[f] && self->lists[f][next[f]] <= at)
                next[f]++;
              count = next[f];
            }
          error += count > reference_counts[f] ? count - reference_counts[f] : reference_counts[f] - count;
        }
      result->n_candidates++;

      if (error < result->error)
        {
          result->invocation = at;
          result->ordinal = k + 1;
          result->error = error;
        }
      /* An exact match ends the walk; so does an error that rises (Fig. 4:
       * the second c of trace C is worse than the first). */
      if (error == 0 || error > previous)
        break;
      previous = error;
    }
  if (result->invocation == JX_NONE)
    result->error = 0;
}

/* Matching ------------------------------------------------------------------ */

/* The region of `other` with the name of `region` in `trace`. */
static guint32
same_function (JxTrace *trace,
               guint32  region,
               JxTrace *other)
{
  const JxRegion *r = jx_trace_get_region (trace, region);
  guint32 found = jx_trace_find_region (other, r->name);

  if (found == JX_NONE && r->canonical_name != NULL && r->canonical_name[0] != '\0')
    found = jx_trace_find_region (other, r->canonical_name);
  return found;
}

guint64
jx_call_profile_edge_ticks (const JxStream *stream,
                            guint32         invocation,
                            JxAlignEdge     edge)
{
  g_return_val_if_fail (stream != NULL && invocation < stream->n_invocations, 0);

  return edge == JX_ALIGN_EDGE_END ? stream->end[invocation] : stream->start[invocation];
}

/* The walk in result->match.stream of other. */
static void
search_in (JxCallProfile *self,
           JxTrace       *other,
           JxAlignEdge    edge,
           JxCallMatch   *result)
{
  g_autofree guint32 *regions = NULL;
  g_autoptr(JxCallIndex) index = NULL;
  const JxStream *s;

  regions = g_new (guint32, self->n);
  for (guint i = 0; i < self->n; i++)
    regions[i] = same_function (self->trace, self->regions[i], other);
  result->region = regions[self->target];
  if (result->region == JX_NONE)
    {
      result->status = JX_CALL_MATCH_NO_FUNCTION;
      return;
    }

  s = jx_trace_get_stream (other, result->match.stream);
  index = jx_call_index_new (s, regions, self->n);
  jx_call_index_search (index, self->target, self->counts, &result->search);
  if (result->search.invocation == JX_NONE)
    {
      result->status = JX_CALL_MATCH_NOT_CALLED;
      return;
    }
  result->status = JX_CALL_MATCH_FOUND;
  result->ticks = jx_call_profile_edge_ticks (s, result->search.invocation, edge);
}

void
jx_call_profile_match (JxCallProfile *self,
                       JxTrace       *other,
                       JxAlignEdge    edge,
                       JxCallMatch   *result)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (JX_IS_TRACE (other));
  g_return_if_fail (result != NULL);

  memset (result, 0, sizeof *result);
  result->region = JX_NONE;
  result->search.invocation = JX_NONE;

  if (!jx_stream_match (self->trace, self->stream, other, &result->match))
    {
      result->status = JX_CALL_MATCH_NO_PROCESS;
      return;
    }
  search_in (self, other, edge, result);
}

void
jx_call_profile_match_stream (JxCallProfile *self,
                              JxTrace       *other,
                              guint32        other_stream,
                              JxAlignEdge    edge,
                              JxCallMatch   *result)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (JX_IS_TRACE (other));
  g_return_if_fail (other_stream < jx_trace_get_n_streams (other));
  g_return_if_fail (result != NULL);

  memset (result, 0, sizeof *result);
  result->region = JX_NONE;
  result->search.invocation = JX_NONE;
  {
    const JxStream *mine = jx_trace_get_stream (self->trace, self->stream);
    const JxStream *theirs = jx_trace_get_stream (other, other_stream);

    result->match.stream = other_stream;
    result->match.process = theirs->process;
    result->match.process_distance = jx_levenshtein (jx_trace_get_process (self->trace, mine->process)->name,
                                                     jx_trace_get_process (other, theirs->process)->name);
    result->match.stream_distance = jx_levenshtein (mine->name, theirs->name);
  }
  search_in (self, other, edge, result);
}

gint64
jx_call_profile_offset_for (JxTrace *trace,
                            gint64   offset_ns,
                            guint64  ticks,
                            JxTrace *other,
                            guint64  other_ticks)
{
  g_return_val_if_fail (JX_IS_TRACE (trace) && JX_IS_TRACE (other), 0);

  /* The offset that puts other_ticks where ticks of `trace` is, in
   * comparison time. */
  return jx_time_ticks_to_comparison (jx_trace_get_time_origin (trace, offset_ns), (gint64) ticks) -
         jx_time_ticks_to_comparison (jx_trace_get_time_origin (other, 0), (gint64) other_ticks);
}

/* On one stream: pre-order is start order, so a binary search finds the
 * first start at or after `from`, then the scan the first of `region`. */
static guint32
next_on_stream (const JxStream *s,
                guint32         region,
                guint64         from)
{
  guint32 lo = 0, hi = s->n_invocations;

  while (lo < hi)
    {
      guint32 mid = lo + (hi - lo) / 2;

      if (s->start[mid] < from)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (guint32 i = lo; i < s->n_invocations; i++)
    if (s->region[i] == region)
      return i;
  return JX_NONE;
}

gboolean
jx_call_profile_next_invocation (JxTrace *trace,
                                 guint32  region,
                                 guint32  stream,
                                 guint64  from,
                                 guint32 *out_stream,
                                 guint32 *out_invocation)
{
  guint32 best_stream = JX_NONE, best = JX_NONE;
  guint32 first = stream != JX_NONE ? stream : 0;
  guint32 last = stream != JX_NONE ? stream + 1 : jx_trace_get_n_streams (trace);

  g_return_val_if_fail (JX_IS_TRACE (trace), FALSE);
  g_return_val_if_fail (stream == JX_NONE || stream < jx_trace_get_n_streams (trace), FALSE);

  for (guint32 st = first; st < last; st++)
    {
      const JxStream *s = jx_trace_get_stream (trace, st);
      guint32 i = next_on_stream (s, region, from);

      if (i != JX_NONE &&
          (best == JX_NONE || s->start[i] < jx_trace_get_stream (trace, best_stream)->start[best]))
        {
          best_stream = st;
          best = i;
        }
    }
  if (out_stream != NULL)
    *out_stream = best_stream;
  if (out_invocation != NULL)
    *out_invocation = best;
  return best != JX_NONE;
}

guint32
jx_call_profile_find_function (JxTrace    *trace,
                               const char *name)
{
  guint32 found;
  guint32 n_matches = 0;
  gsize len;

  g_return_val_if_fail (JX_IS_TRACE (trace), JX_NONE);

  if (name == NULL || name[0] == '\0')
    return JX_NONE;
  found = jx_trace_find_region (trace, name);
  if (found != JX_NONE)
    return found;

  len = strlen (name);
  for (guint32 r = 0; r < jx_trace_get_n_regions (trace); r++)
    {
      const char *region = jx_trace_get_region (trace, r)->name;

      if (region != NULL && strncmp (region, name, len) == 0 && region[len] == '(')
        {
          found = r;
          n_matches++;
        }
    }
  return n_matches == 1 ? found : JX_NONE;
}
