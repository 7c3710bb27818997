/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "jx-profile.h"
#include "jx-trace-builder.h"
#include "jx-trace-query.h"

#define N_REGIONS 7

/* A random trace built through the builder. With defects = TRUE the event
 * sequence also contains mismatched and unmatched leaves, unclosed regions
 * and backwards timestamps, so the queries are checked on repaired data. */
static JxTrace *
random_trace (GRand    *rand,
              guint     n_streams,
              guint     n_events,
              gboolean  defects)
{
  JxTraceBuilder *b = jx_trace_builder_new ("random", "random", 1000000000);
  guint32 process;
  guint s, r;

  for (r = 0; r < N_REGIONS; r++)
    {
      g_autofree char *name = g_strdup_printf ("f%u", r);

      jx_trace_builder_add_region (b, name, 1, 1);
    }
  process = jx_trace_builder_add_process (b, "rank 0", JX_NONE);

  for (s = 0; s < n_streams; s++)
    jx_trace_builder_add_stream (b, process, "thread", JX_STREAM_CPU_THREAD);

  for (s = 0; s < n_streams; s++)
    {
      g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint32));
      guint64 t = g_rand_int_range (rand, 0, 100);
      guint e;

      for (e = 0; e < n_events; e++)
        {
          guint choice = g_rand_int_range (rand, 0, 100);
          guint64 time;

          /* Small steps and frequent zero steps: many equal timestamps. */
          t += g_rand_int_range (rand, 0, 4) == 0 ? 0 : g_rand_int_range (rand, 1, 50);
          time = t;
          if (defects && g_rand_int_range (rand, 0, 40) == 0)
            time = t > 30 ? t - 30 : 0;

          if (stack->len == 0 || (choice < 50 && stack->len < 12))
            {
              guint32 region = g_rand_int_range (rand, 0, N_REGIONS);

              g_array_append_val (stack, region);
              jx_trace_builder_enter (b, s, time, region);
            }
          else if (defects && choice < 54)
            {
              /* Leave of some open region further out, or of a random one. */
              guint32 region = g_rand_int_range (rand, 0, N_REGIONS);

              jx_trace_builder_leave (b, s, time, region);
              while (stack->len > 0)
                {
                  guint i;
                  gboolean open = FALSE;

                  for (i = 0; i < stack->len; i++)
                    if (g_array_index (stack, guint32, i) == region)
                      open = TRUE;
                  /* Not open at all: the builder closes the innermost. */
                  if (!open)
                    {
                      g_array_set_size (stack, stack->len - 1);
                      break;
                    }
                  if (g_array_index (stack, guint32, stack->len - 1) == region)
                    {
                      g_array_set_size (stack, stack->len - 1);
                      break;
                    }
                  g_array_set_size (stack, stack->len - 1);
                }
            }
          else
            {
              guint32 region = g_array_index (stack, guint32, stack->len - 1);

              g_array_set_size (stack, stack->len - 1);
              jx_trace_builder_leave (b, s, time, region);
            }
        }

      /* Without defects, close everything properly. */
      while (!defects && stack->len > 0)
        {
          guint32 region = g_array_index (stack, guint32, stack->len - 1);

          t += g_rand_int_range (rand, 0, 10);
          g_array_set_size (stack, stack->len - 1);
          jx_trace_builder_leave (b, s, t, region);
        }
    }

  return jx_trace_builder_finish (b);
}

static void
check_structure (const JxStream *s)
{
  guint32 i;

  for (i = 0; i < s->n_invocations; i++)
    {
      guint32 p = s->parent[i];

      g_assert_cmpuint (s->start[i], <=, s->end[i]);
      g_assert_cmpuint (s->subtree_end[i], >, i);
      g_assert_cmpuint (s->subtree_end[i], <=, s->n_invocations);
      if (i > 0)
        g_assert_cmpuint (s->start[i - 1], <=, s->start[i]);
      if (p == JX_NONE)
        g_assert_cmpuint (s->depth[i], ==, 0);
      else
        {
          g_assert_cmpuint (p, <, i);
          g_assert_cmpuint (s->depth[i], ==, s->depth[p] + 1);
          g_assert_cmpuint (s->subtree_end[i], <=, s->subtree_end[p]);
          g_assert_cmpuint (s->start[p], <=, s->start[i]);
          g_assert_cmpuint (s->end[i], <=, s->end[p]);
        }
      g_assert_cmpuint (s->depth[i], <, s->max_depth);
    }
}

static guint32
brute_innermost (const JxStream *s,
                 guint64         t)
{
  guint32 best = JX_NONE;
  guint32 i;

  for (i = 0; i < s->n_invocations; i++)
    if (s->start[i] <= t && t < s->end[i] &&
        (best == JX_NONE || s->depth[i] > s->depth[best]))
      best = i;
  return best;
}

static guint32
brute_lower_bound (const JxStream *s,
                   guint64         t)
{
  guint32 i;

  for (i = 0; i < s->n_invocations; i++)
    if (s->end[i] > t || s->start[i] >= t)
      return i;
  return s->n_invocations;
}

static gboolean
intersects (const JxStream *s,
            guint32         i,
            guint64         t0,
            guint64         t1)
{
  if (s->start[i] == s->end[i])
    return s->start[i] >= t0 && s->start[i] < t1;
  return s->start[i] < t1 && s->end[i] > t0;
}

static guint64
clip (const JxStream *s,
      guint32         i,
      guint64         t0,
      guint64         t1)
{
  guint64 a = MAX (s->start[i], t0);
  guint64 b = MIN (s->end[i], t1);

  return a < b ? b - a : 0;
}

static void
check_stream_queries (GRand          *rand,
                      const JxStream *s)
{
  guint32 j;
  guint k;

  check_structure (s);

  if (s->n_invocations == 0)
    return;

  for (k = 0; k < 300; k++)
    {
      guint64 t = g_rand_int_range (rand, 0, (gint32) MIN (s->end[0] + s->last_time + 20, G_MAXINT32));

      if (k % 3 == 0)
        t = s->start[g_rand_int_range (rand, 0, s->n_invocations)];
      else if (k % 3 == 1)
        t = s->end[g_rand_int_range (rand, 0, s->n_invocations)];

      g_assert_cmpuint (jx_stream_innermost_at (s, t), ==, brute_innermost (s, t));
      g_assert_cmpuint (jx_stream_lower_bound (s, t), ==, brute_lower_bound (s, t));
    }

  for (k = 0; k < 200; k++)
    {
      guint32 inv = k == 0 ? JX_NONE : (guint32) g_rand_int_range (rand, 0, s->n_invocations);
      g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (guint32));
      g_autofree guint32 *children = NULL;
      guint n;
      guint32 c;
      guint m;

      for (j = 0; j < s->n_invocations; j++)
        if (s->parent[j] == inv)
          g_array_append_val (expected, j);

      n = jx_stream_get_children (s, inv, NULL, 0);
      g_assert_cmpuint (n, ==, expected->len);
      children = g_new0 (guint32, n + 1);
      g_assert_cmpuint (jx_stream_get_children (s, inv, children, n), ==, n);
      for (m = 0; m < n; m++)
        g_assert_cmpuint (children[m], ==, g_array_index (expected, guint32, m));

      m = 0;
      for (c = jx_stream_first_child (s, inv); c != JX_NONE; c = jx_stream_next_sibling (s, c))
        {
          g_assert_cmpuint (m, <, expected->len);
          g_assert_cmpuint (c, ==, g_array_index (expected, guint32, m));
          m++;
        }
      g_assert_cmpuint (m, ==, expected->len);

      if (inv != JX_NONE)
        {
          g_autoptr(GArray) path = jx_stream_get_call_path (s, inv);
          guint64 excl = s->end[inv] - s->start[inv];
          guint32 a = inv;
          gint p;

          g_assert_cmpuint (path->len, ==, s->depth[inv] + 1u);
          for (p = (gint) path->len - 1; p >= 0; p--)
            {
              g_assert_cmpuint (g_array_index (path, guint32, p), ==, a);
              a = s->parent[a];
            }
          g_assert_cmpuint (a, ==, JX_NONE);

          for (m = 0; m < expected->len; m++)
            {
              guint32 ch = g_array_index (expected, guint32, m);

              excl -= s->end[ch] - s->start[ch];
            }
          g_assert_cmpuint (jx_stream_exclusive_time (s, inv), ==, excl);
        }
    }
}

static void
check_stats (JxTrace       *trace,
             const guint32 *streams,
             guint          n_streams,
             guint64        t0,
             guint64        t1)
{
  g_autofree JxRegionStats *stats = jx_profile_compute_region_stats (trace, streams, n_streams, t0, t1);
  guint n_regions = jx_trace_get_n_regions (trace);
  g_autofree JxRegionStats *expected = g_new0 (JxRegionStats, n_regions);
  guint si, r;

  for (si = 0; si < (streams != NULL ? n_streams : jx_trace_get_n_streams (trace)); si++)
    {
      const JxStream *s = jx_trace_get_stream (trace, streams != NULL ? streams[si] : si);
      guint32 i, j;

      if (t1 <= t0)
        break;
      for (i = 0; i < s->n_invocations; i++)
        {
          guint64 own;

          if (!intersects (s, i, t0, t1))
            continue;
          own = clip (s, i, t0, t1);
          expected[s->region[i]].count++;
          expected[s->region[i]].inclusive += own;
          for (j = i + 1; j < s->n_invocations; j++)
            if (s->parent[j] == i)
              own -= clip (s, j, t0, t1);
          expected[s->region[i]].exclusive += own;
        }
    }

  for (r = 0; r < n_regions; r++)
    {
      g_assert_cmpuint (stats[r].count, ==, expected[r].count);
      g_assert_cmpuint (stats[r].inclusive, ==, expected[r].inclusive);
      g_assert_cmpuint (stats[r].exclusive, ==, expected[r].exclusive);
    }
}

static void
run_random (gboolean defects)
{
  guint seed;

  for (seed = 1; seed <= 40; seed++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (seed * 7919 + (defects ? 1 : 0));
      guint n_streams = g_rand_int_range (rand, 1, 5);
      guint n_events = seed % 5 == 0 ? 0 : g_rand_int_range (rand, 1, 600);
      g_autoptr(JxTrace) trace = random_trace (rand, n_streams, n_events, defects);
      guint64 begin = jx_trace_get_start_time (trace);
      guint64 end = jx_trace_get_end_time (trace);
      guint32 subset[2] = { 0, n_streams - 1 };
      guint i, k;

      g_assert_cmpuint (jx_trace_get_n_streams (trace), ==, n_streams);
      if (!defects)
        g_assert_cmpuint (jx_trace_get_n_defects (trace), ==,
                          jx_trace_get_defect_count (trace, JX_DEFECT_EMPTY_STREAM));

      for (i = 0; i < n_streams; i++)
        check_stream_queries (rand, jx_trace_get_stream (trace, i));

      check_stats (trace, NULL, 0, 0, G_MAXUINT64);
      check_stats (trace, subset, 2, 0, G_MAXUINT64);
      for (k = 0; k < 25; k++)
        {
          guint64 span = end - begin + 10;
          guint64 t0 = begin + g_rand_int_range (rand, 0, (gint32) MIN (span, G_MAXINT32));
          guint64 t1;

          t0 = t0 >= 5 ? t0 - 5 : 0;
          t1 = t0 + g_rand_int_range (rand, 0, (gint32) MIN (span, G_MAXINT32));

          if (k % 4 == 0 && jx_trace_get_stream (trace, 0)->n_invocations > 0)
            {
              /* Borders exactly on invocation boundaries. */
              const JxStream *s = jx_trace_get_stream (trace, 0);

              t0 = s->start[g_rand_int_range (rand, 0, s->n_invocations)];
              t1 = s->end[g_rand_int_range (rand, 0, s->n_invocations)];
            }
          check_stats (trace, k % 2 ? subset : NULL, 2, t0, t1);
        }
    }
}

static void
test_query_random (void)
{
  run_random (FALSE);
}

static void
test_query_random_defects (void)
{
  run_random (TRUE);
}

static void
test_query_empty (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("empty", "empty", 1000);
  g_autoptr(JxTrace) trace = NULL;
  g_autofree JxRegionStats *stats = NULL;
  const JxStream *s;

  jx_trace_builder_add_region (b, "main", 1, 1);
  jx_trace_builder_add_stream (b, jx_trace_builder_add_process (b, "p", JX_NONE), "t",
                               JX_STREAM_CPU_THREAD);
  trace = jx_trace_builder_finish (b);
  s = jx_trace_get_stream (trace, 0);

  g_assert_cmpuint (jx_stream_innermost_at (s, 5), ==, JX_NONE);
  g_assert_cmpuint (jx_stream_lower_bound (s, 5), ==, 0);
  g_assert_cmpuint (jx_stream_first_child (s, JX_NONE), ==, JX_NONE);
  g_assert_cmpuint (jx_stream_get_children (s, JX_NONE, NULL, 0), ==, 0);
  stats = jx_profile_compute_region_stats (trace, NULL, 0, 0, G_MAXUINT64);
  g_assert_cmpuint (stats[0].count, ==, 0);
  g_assert_true (s->flags & JX_STREAM_FLAG_EMPTY);
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_EMPTY_STREAM), ==, 1);
}

/* A hand-made case with known numbers, including clipping at both borders. */
static void
test_query_known (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("known", "known", 1000);
  g_autoptr(JxTrace) trace = NULL;
  g_autofree JxRegionStats *all = NULL;
  g_autofree JxRegionStats *part = NULL;
  g_autoptr(GArray) path = NULL;
  const JxStream *s;
  guint32 main_r, a, c;

  main_r = jx_trace_builder_add_region (b, "main", 1, 1);
  a = jx_trace_builder_add_region (b, "a", 1, 1);
  c = jx_trace_builder_add_region (b, "c", 1, 1);
  jx_trace_builder_add_stream (b, jx_trace_builder_add_process (b, "p", JX_NONE), "t",
                               JX_STREAM_CPU_THREAD);

  /* main [0,100): a [10,40) with c [20,30), a [50,90) */
  jx_trace_builder_enter (b, 0, 0, main_r);
  jx_trace_builder_enter (b, 0, 10, a);
  jx_trace_builder_enter (b, 0, 20, c);
  jx_trace_builder_leave (b, 0, 30, c);
  jx_trace_builder_leave (b, 0, 40, a);
  jx_trace_builder_enter (b, 0, 50, a);
  jx_trace_builder_leave (b, 0, 90, a);
  jx_trace_builder_leave (b, 0, 100, main_r);
  trace = jx_trace_builder_finish (b);
  s = jx_trace_get_stream (trace, 0);

  g_assert_cmpuint (s->n_invocations, ==, 4);
  g_assert_cmpuint (jx_stream_innermost_at (s, 25), ==, 2);
  g_assert_cmpuint (jx_stream_innermost_at (s, 30), ==, 1);
  g_assert_cmpuint (jx_stream_innermost_at (s, 45), ==, 0);
  g_assert_cmpuint (jx_stream_innermost_at (s, 100), ==, JX_NONE);
  g_assert_cmpuint (jx_stream_lower_bound (s, 45), ==, 0);
  g_assert_cmpuint (jx_stream_exclusive_time (s, 0), ==, 30);
  g_assert_cmpuint (jx_stream_exclusive_time (s, 1), ==, 20);
  g_assert_cmpuint (jx_stream_next_sibling (s, 1), ==, 3);
  path = jx_stream_get_call_path (s, 2);
  g_assert_cmpuint (path->len, ==, 3);
  g_assert_cmpuint (g_array_index (path, guint32, 0), ==, 0);
  g_assert_cmpuint (g_array_index (path, guint32, 2), ==, 2);

  all = jx_profile_compute_region_stats (trace, NULL, 0, 0, G_MAXUINT64);
  g_assert_cmpuint (all[main_r].inclusive, ==, 100);
  g_assert_cmpuint (all[main_r].exclusive, ==, 30);
  g_assert_cmpuint (all[a].count, ==, 2);
  g_assert_cmpuint (all[a].inclusive, ==, 70);
  g_assert_cmpuint (all[a].exclusive, ==, 60);

  /* [25, 60): main 35 incl, a: [25,40)+[50,60) = 25 incl, c: 5 */
  part = jx_profile_compute_region_stats (trace, NULL, 0, 25, 60);
  g_assert_cmpuint (part[main_r].inclusive, ==, 35);
  g_assert_cmpuint (part[main_r].exclusive, ==, 10);
  g_assert_cmpuint (part[a].count, ==, 2);
  g_assert_cmpuint (part[a].inclusive, ==, 25);
  g_assert_cmpuint (part[a].exclusive, ==, 20);
  g_assert_cmpuint (part[c].count, ==, 1);
  g_assert_cmpuint (part[c].inclusive, ==, 5);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/query/known", test_query_known);
  g_test_add_func ("/model/query/empty", test_query_empty);
  g_test_add_func ("/model/query/random", test_query_random);
  g_test_add_func ("/model/query/random-defects", test_query_random_defects);

  return g_test_run ();
}
