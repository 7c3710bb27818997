/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-paradis-pair.c — see jx-test-paradis-pair.h. */
#include "config.h"

#include "jx-test-paradis.h"
#include "jx-test-paradis-pair.h"
#include "jx-trace-builder.h"

void
jx_test_paradis_add_stream (JxTraceBuilder       *builder,
                            guint32               stream,
                            const guint32        *regions,
                            const JxTestCallTree *tree,
                            double                slow)
{
  g_autofree guint32 *open = g_new (guint32, tree->n > 0 ? 64 : 1);
  guint sp = 0;
  guint64 now = 1000;

  jx_trace_builder_reserve (builder, stream, tree->n);
  for (guint32 i = 0; i < tree->n; i++)
    {
      while (sp > 0 && tree->depth[open[sp - 1]] >= tree->depth[i])
        {
          now += 20;
          jx_trace_builder_leave (builder, stream, now, regions[tree->label[open[--sp]]]);
        }
      now += 10;
      jx_trace_builder_enter (builder, stream, now, regions[tree->label[i]]);
      if (tree->subtree_end[i] == i + 1)
        {
          now += (guint64) ((100 + tree->label[i] % 800) * slow);
          jx_trace_builder_leave (builder, stream, now, regions[tree->label[i]]);
        }
      else
        open[sp++] = i;
    }
  while (sp > 0)
    {
      now += 20;
      jx_trace_builder_leave (builder, stream, now, regions[tree->label[open[--sp]]]);
    }
  jx_trace_builder_end_stream (builder, stream);
}

void
jx_test_paradis_build_pair (guint64   n_events,
                            guint     n_ranks,
                            JxTrace **a,
                            JxTrace **b)
{
  JxTraceBuilder *builders[2];
  guint32 regions[2][JX_TEST_PARADIS_N_FUNCTIONS];
  g_autofree guint32 *streams_a = g_new (guint32, MAX (n_ranks, 1));
  g_autofree guint32 *streams_b = g_new (guint32, MAX (n_ranks, 1));
  guint32 *streams[2] = { streams_a, streams_b };

  for (guint t = 0; t < 2; t++)
    {
      builders[t] = jx_trace_builder_new (t == 0 ? "/bench/a/traces.otf2" : "/bench/b/traces.otf2",
                                          t == 0 ? "paradis-a" : "paradis-b", 1000000000);
      for (guint f = 0; f < JX_TEST_PARADIS_N_FUNCTIONS; f++)
        {
          g_autofree char *name = g_strdup_printf (f == 0 ? "main" : "function_%u", f);

          regions[t][f] = jx_trace_builder_add_region (builders[t], name, 1, 1);
        }
      for (guint r = 0; r < n_ranks; r++)
        {
          g_autofree char *name = g_strdup_printf ("MPI Rank %u", r);

          streams[t][r] = jx_trace_builder_add_stream (builders[t], jx_trace_builder_add_process (builders[t], name, JX_NONE),
                                                       "Master thread", JX_STREAM_CPU_THREAD);
        }
    }
  for (guint r = 0; r < n_ranks; r++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (2016 + r);
      JxTestCallTree ta, tb;

      jx_test_paradis_generate_a (&ta, rand, (guint32) (n_events / 2 / n_ranks));
      jx_test_paradis_generate_b (&tb, &ta, rand);
      jx_test_paradis_add_stream (builders[0], streams[0][r], regions[0], &ta, 1.0);
      jx_test_paradis_add_stream (builders[1], streams[1][r], regions[1], &tb, 1.03);
      jx_test_call_tree_clear (&ta);
      jx_test_call_tree_clear (&tb);
    }
  *a = jx_trace_builder_finish (builders[0]);
  *b = jx_trace_builder_finish (builders[1]);
}

JxTrace *
jx_test_paradis_build_ranks (guint   n_ranks,
                             guint32 calls_per_rank,
                             guint   vary_every)
{
  JxTraceBuilder *builder = jx_trace_builder_new ("/bench/ranks/traces.otf2", "paradis-ranks", 1000000000);
  guint32 regions[JX_TEST_PARADIS_N_FUNCTIONS];

  for (guint f = 0; f < JX_TEST_PARADIS_N_FUNCTIONS; f++)
    {
      g_autofree char *name = g_strdup_printf (f == 0 ? "main" : "function_%u", f);

      regions[f] = jx_trace_builder_add_region (builder, name, 1, 1);
    }
  for (guint r = 0; r < n_ranks; r++)
    {
      g_autofree char *name = g_strdup_printf ("MPI Rank %u", r);
      g_autoptr(GRand) rand = g_rand_new_with_seed (4096 + r);
      guint32 stream = jx_trace_builder_add_stream (builder, jx_trace_builder_add_process (builder, name, JX_NONE),
                                                    "Master thread", JX_STREAM_CPU_THREAD);
      JxTestCallTree ta;

      jx_test_paradis_generate_a (&ta, rand, calls_per_rank);
      if (vary_every > 0 && r % vary_every == vary_every - 1)
        {
          JxTestCallTree tb;

          jx_test_paradis_generate_b (&tb, &ta, rand);
          jx_test_paradis_add_stream (builder, stream, regions, &tb, 1.0 + (r % 7) / 100.0);
          jx_test_call_tree_clear (&tb);
        }
      else
        jx_test_paradis_add_stream (builder, stream, regions, &ta, 1.0 + (r % 7) / 100.0);
      jx_test_call_tree_clear (&ta);
    }
  return jx_trace_builder_finish (builder);
}
