/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-phase-find.c — see jx-phase-find.h. */
#include "config.h"

#include <string.h>

#include "jx-comparison.h"
#include "jx-hash.h"
#include "jx-phase-find.h"
#include "jx-scoring.h"
#include "jx-semiglobal.h"

const char *
jx_phase_status_to_string (JxPhaseStatus status)
{
  switch (status)
    {
    case JX_PHASE_FOUND:
      return "found";
    case JX_PHASE_NO_CALLS:
      return "no-calls";
    case JX_PHASE_NO_LEVEL:
      return "no-level";
    default:
      return "unknown";
    }
}

char *
jx_phase_call_path (JxTrace *trace,
                    guint32  stream,
                    guint32  invocation)
{
  const JxStream *st;
  g_autoptr(GPtrArray) names = NULL;
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (stream < jx_trace_get_n_streams (trace), NULL);

  st = jx_trace_get_stream (trace, stream);
  names = g_ptr_array_new ();
  for (guint32 v = invocation; v != JX_NONE; v = st->parent[v])
    g_ptr_array_add (names, (gpointer) jx_trace_get_region (trace, st->region[v])->name);
  for (guint i = names->len; i > 0; i--)
    g_string_append_printf (out, "%s%s", i < names->len ? " / " : "", (const char *) g_ptr_array_index (names, i - 1));
  return g_string_free (out, FALSE);
}

/* A call as a character: its function and the functions it calls
 * directly, in order. */
static guint32
call_char (const JxStream *st,
           const guint32  *map,
           guint32         v)
{
  guint32 h = jx_hash_mix32 (map[st->region[v]] + 0x9e3779b9u);

  for (guint32 c = v + 1; c < st->subtree_end[v]; c = st->subtree_end[c])
    h = (h ^ jx_hash_mix32 (map[st->region[c]])) * 0x01000193u;
  return jx_hash_mix32 (h);
}

/* TRUE when v's call path (symbols from the top) is path[0 .. depth]. */
static gboolean
has_path (const JxStream *st,
          const guint32  *map,
          guint32         v,
          const guint32  *path,
          guint           depth)
{
  for (guint d = depth + 1; d > 0; d--)
    {
      if (v == JX_NONE || map[st->region[v]] != path[d - 1])
        return FALSE;
      v = st->parent[v];
    }
  return v == JX_NONE;
}

/* The calls of the level: the children of every call whose path is
 * path[0 .. depth] (the roots for depth -1), in time order. */
static GArray *
level_calls (const JxStream *st,
             const guint32  *map,
             const guint32  *path,
             gint            depth)
{
  GArray *calls = g_array_new (FALSE, FALSE, sizeof (guint32));

  if (depth < 0)
    {
      for (guint32 v = 0; v < st->n_invocations; v = st->subtree_end[v])
        g_array_append_val (calls, v);
      return calls;
    }
  for (guint32 v = 0; v < st->n_invocations; v++)
    {
      if (st->depth[v] != (guint) depth || map[st->region[v]] != path[depth] ||
          !has_path (st, map, v, path, (guint) depth))
        continue;
      for (guint32 c = v + 1; c < st->subtree_end[v]; c = st->subtree_end[c])
        g_array_append_val (calls, c);
      /* Its subtree holds no other call at this depth. */
      v = st->subtree_end[v] - 1;
    }
  return calls;
}

/* Where the whole levels' global alignment puts the range's first call in
 * B: the tie-breaker among equally good places (see the header). */
static gboolean
expected_place (const guint32    *a,
                gsize             n,
                const guint32    *b,
                gsize             m,
                guint32           first,
                const JxScoring  *scoring,
                gsize            *prefer,
                GCancellable     *cancellable,
                GError          **error)
{
  JxAlignOptions options;
  g_autoptr(GArray) pairs = NULL;
  gboolean seen = FALSE;

  jx_align_options_init (&options);
  options.scoring = *scoring;
  pairs = jx_align_sequences (a, n, b, m, &options, NULL, NULL, cancellable, error);
  if (pairs == NULL)
    return FALSE;
  *prefer = m;
  for (guint k = 0; k < pairs->len; k++)
    {
      const JxAlignPair *p = &g_array_index (pairs, JxAlignPair, k);

      seen |= p->a != JX_ALIGN_NONE && p->a >= first;
      if (seen && p->b != JX_ALIGN_NONE)
        {
          *prefer = p->b;
          break;
        }
    }
  return TRUE;
}

static guint32
index_of (GArray  *calls,
          guint32  v)
{
  guint lo = 0, hi = calls->len;

  /* Level calls are in pre-order, i.e. ascending. */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (calls, guint32, mid) < v)
        lo = mid + 1;
      else
        hi = mid;
    }
  g_assert (lo < calls->len && g_array_index (calls, guint32, lo) == v);
  return lo;
}

/* The deepest call holding [start, end) (JX_NONE: none) and the first
 * and last of its calls overlapping it (JX_NONE: none). */
static void
locate (const JxStream *sa,
        guint64         start,
        guint64         end,
        guint32        *parent_out,
        guint32        *first_out,
        guint32        *last_out)
{
  guint32 parent = JX_NONE, first = JX_NONE, last = JX_NONE;

  {
    guint32 v = 0, limit = sa->n_invocations;

    while (v < limit)
      {
        if (sa->start[v] <= start && sa->end[v] >= end && end > start)
          {
            parent = v;
            limit = sa->subtree_end[v];
            v++;
            continue;
          }
        v = sa->subtree_end[v];
      }
  }
  for (guint32 c = parent == JX_NONE ? 0 : parent + 1;
       c < (parent == JX_NONE ? sa->n_invocations : sa->subtree_end[parent]); c = sa->subtree_end[c])
    if (sa->end[c] > start && sa->start[c] < end)
      {
        if (first == JX_NONE)
          first = c;
        last = c;
      }
  *parent_out = parent;
  *first_out = first;
  *last_out = last;
}

static void
path_of (const JxStream *st,
         const guint32  *map,
         guint32         parent,
         guint32       **path,
         gint           *depth)
{
  *depth = -1;
  *path = NULL;
  if (parent == JX_NONE)
    return;
  *depth = st->depth[parent];
  *path = g_new (guint32, *depth + 1);
  for (guint32 v = parent; v != JX_NONE; v = st->parent[v])
    (*path)[st->depth[v]] = map[st->region[v]];
}

GArray *
jx_phase_level_calls (JxTrace *trace,
                      guint32  stream,
                      JxTrace *of_trace,
                      guint32  of_stream,
                      guint32  parent)
{
  g_autoptr(JxNameTable) names = NULL;
  g_autofree guint32 *map = NULL;
  g_autofree guint32 *map_of = NULL;
  g_autofree guint32 *path = NULL;
  gint depth;

  g_return_val_if_fail (JX_IS_TRACE (trace) && JX_IS_TRACE (of_trace), NULL);
  g_return_val_if_fail (stream < jx_trace_get_n_streams (trace), NULL);
  g_return_val_if_fail (of_stream < jx_trace_get_n_streams (of_trace), NULL);

  names = jx_name_table_new ();
  map_of = jx_name_table_map_trace (names, of_trace);
  map = jx_name_table_map_trace (names, trace);
  path_of (jx_trace_get_stream (of_trace, of_stream), map_of, parent, &path, &depth);
  return level_calls (jx_trace_get_stream (trace, stream), map, path, depth);
}

gboolean
jx_phase_locate (JxTrace      *trace,
                 guint32       stream,
                 guint64       start,
                 guint64       end,
                 JxPhaseMatch *out)
{
  g_autoptr(GArray) level = NULL;
  const JxStream *st;

  g_return_val_if_fail (JX_IS_TRACE (trace), FALSE);
  g_return_val_if_fail (stream < jx_trace_get_n_streams (trace), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  out->first_b = out->last_b = out->anchor_a = out->anchor_b = JX_NONE;
  st = jx_trace_get_stream (trace, stream);
  locate (st, start, end, &out->parent_a, &out->first_a, &out->last_a);
  if (out->first_a == JX_NONE)
    {
      out->status = JX_PHASE_NO_CALLS;
      return FALSE;
    }
  level = jx_phase_level_calls (trace, stream, trace, stream, out->parent_a);
  out->status = JX_PHASE_FOUND;
  out->level_length_a = level->len;
  out->level_index_a = index_of (level, out->first_a);
  out->n_calls_a = index_of (level, out->last_a) - out->level_index_a + 1;
  return TRUE;
}

gboolean
jx_phase_find (JxTrace          *trace_a,
               guint32           stream_a,
               guint64           start,
               guint64           end,
               JxTrace          *trace_b,
               guint32           stream_b,
               const JxScoring  *scoring,
               JxPhaseMatch     *out,
               GCancellable     *cancellable,
               GError          **error)
{
  g_autoptr(JxNameTable) names = NULL;
  g_autofree guint32 *map_a = NULL;
  g_autofree guint32 *map_b = NULL;
  g_autofree guint32 *path = NULL;
  g_autofree guint32 *level_chars = NULL;
  const guint32 *chars_a;
  g_autofree guint32 *chars_b = NULL;
  gsize prefer;
  g_autoptr(GArray) level_a = NULL;
  g_autoptr(GArray) level_b = NULL;
  g_autoptr(GArray) pairs = NULL;
  const JxStream *sa, *sb;
  JxScoring defaults;
  JxSemiglobal sg;
  guint32 parent = JX_NONE, first = JX_NONE, last = JX_NONE, q0, qn, t0, tn;
  gint depth = -1;
  gint64 score = 0;

  g_return_val_if_fail (JX_IS_TRACE (trace_a) && JX_IS_TRACE (trace_b), FALSE);
  g_return_val_if_fail (stream_a < jx_trace_get_n_streams (trace_a), FALSE);
  g_return_val_if_fail (stream_b < jx_trace_get_n_streams (trace_b), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (scoring == NULL)
    {
      jx_scoring_init_default (&defaults);
      scoring = &defaults;
    }
  memset (out, 0, sizeof *out);
  out->parent_a = out->first_a = out->last_a = JX_NONE;
  out->first_b = out->last_b = out->anchor_a = out->anchor_b = JX_NONE;
  sa = jx_trace_get_stream (trace_a, stream_a);
  sb = jx_trace_get_stream (trace_b, stream_b);

  locate (sa, start, end, &parent, &first, &last);
  out->parent_a = parent;
  if (first == JX_NONE)
    {
      out->status = JX_PHASE_NO_CALLS;
      return TRUE;
    }

  names = jx_name_table_new ();
  map_a = jx_name_table_map_trace (names, trace_a);
  map_b = jx_name_table_map_trace (names, trace_b);
  path_of (sa, map_a, parent, &path, &depth);
  level_a = level_calls (sa, map_a, path, depth);
  level_b = level_calls (sb, map_b, path, depth);
  out->first_a = first;
  out->last_a = last;
  out->level_length_a = level_a->len;
  out->level_index_a = index_of (level_a, first);
  out->n_calls_a = index_of (level_a, last) - out->level_index_a + 1;
  out->level_length_b = level_b->len;
  if (level_b->len == 0)
    {
      out->status = JX_PHASE_NO_LEVEL;
      return TRUE;
    }

  level_chars = g_new (guint32, level_a->len);
  for (guint32 k = 0; k < level_a->len; k++)
    level_chars[k] = call_char (sa, map_a, g_array_index (level_a, guint32, k));
  chars_a = level_chars + out->level_index_a;
  chars_b = g_new (guint32, level_b->len);
  for (guint32 k = 0; k < level_b->len; k++)
    chars_b[k] = call_char (sb, map_b, g_array_index (level_b, guint32, k));

  if (!expected_place (level_chars, level_a->len, chars_b, level_b->len, out->level_index_a, scoring, &prefer,
                       cancellable, error) ||
      !jx_align_semiglobal (chars_a, out->n_calls_a, chars_b, level_b->len, scoring, prefer, &sg, cancellable, error))
    return FALSE;

  out->status = JX_PHASE_FOUND;
  out->score = sg.score;
  out->max_score = (gint64) scoring->match * out->n_calls_a;
  out->n_best = sg.n_best;
  out->whole_b = sg.a_is_longer;
  if (sg.a_is_longer)
    {
      /* B's whole level inside the range. */
      q0 = 0;
      qn = level_b->len;
      t0 = (guint32) sg.start;
      tn = (guint32) (sg.end - sg.start);
    }
  else
    {
      q0 = 0;
      qn = out->n_calls_a;
      t0 = (guint32) sg.start;
      tn = (guint32) (sg.end - sg.start);
    }

  /* The placement as a global alignment, for the counts and the anchor. */
  {
    JxAlignOptions options;
    const guint32 *x = sg.a_is_longer ? chars_a + t0 : chars_a + q0;
    gsize nx = sg.a_is_longer ? tn : qn;
    const guint32 *y = sg.a_is_longer ? chars_b + q0 : chars_b + t0;
    gsize ny = sg.a_is_longer ? qn : tn;

    jx_align_options_init (&options);
    options.scoring = *scoring;
    pairs = jx_align_sequences (x, nx, y, ny, &options, NULL, &score, cancellable, error);
    if (pairs == NULL)
      return FALSE;
    g_assert (score == sg.score);
    for (guint k = 0; k < pairs->len; k++)
      {
        const JxAlignPair *p = &g_array_index (pairs, JxAlignPair, k);
        guint32 ia = sg.a_is_longer ? t0 : q0, ib = sg.a_is_longer ? q0 : t0;

        switch ((JxPairState) p->state)
          {
          case JX_PAIR_EQUAL:
            out->n_equal++;
            if (out->anchor_a == JX_NONE || out->anchor_equal == FALSE)
              {
                out->anchor_a = g_array_index (level_a, guint32, out->level_index_a + ia + p->a);
                out->anchor_b = g_array_index (level_b, guint32, ib + p->b);
                out->anchor_equal = TRUE;
              }
            break;
          case JX_PAIR_DIFFERENT:
            out->n_different++;
            if (out->anchor_a == JX_NONE)
              {
                out->anchor_a = g_array_index (level_a, guint32, out->level_index_a + ia + p->a);
                out->anchor_b = g_array_index (level_b, guint32, ib + p->b);
              }
            break;
          case JX_PAIR_ONLY_A:
            out->n_only_a++;
            break;
          case JX_PAIR_ONLY_B:
            out->n_only_b++;
            break;
          default:
            break;
          }
      }
  }

  if (sg.a_is_longer)
    {
      out->first_b = g_array_index (level_b, guint32, 0);
      out->last_b = g_array_index (level_b, guint32, level_b->len - 1);
      out->level_index_b = 0;
      out->n_calls_b = level_b->len;
      /* The part of the range that B's level fits. */
      if (tn > 0)
        {
          out->first_a = g_array_index (level_a, guint32, out->level_index_a + t0);
          out->last_a = g_array_index (level_a, guint32, out->level_index_a + t0 + tn - 1);
          out->level_index_a += t0;
          out->n_calls_a = tn;
        }
    }
  else if (tn > 0)
    {
      out->first_b = g_array_index (level_b, guint32, t0);
      out->last_b = g_array_index (level_b, guint32, t0 + tn - 1);
      out->level_index_b = t0;
      out->n_calls_b = tn;
    }
  else
    out->level_index_b = t0;
  return TRUE;
}
