/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the legend's entries: categories present, then functions by
 * exclusive time summed over traces of different clock resolutions. */
#include "config.h"

#include "jx-legend-entries.h"
#include "jx-trace-builder.h"

#define PARADIGM_USER 1
#define PARADIGM_OPENMP 3
#define PARADIGM_MPI 4
#define ROLE_FUNCTION 1

static void
test_legend_entries (void)
{
  JxTraceBuilder *b1 = jx_trace_builder_new ("/a/traces.otf2", "a", 1000000000);
  JxTraceBuilder *b2 = jx_trace_builder_new ("/b/traces.otf2", "b", 1000000);
  g_autoptr(JxTrace) a = NULL;
  g_autoptr(JxTrace) b = NULL;
  g_autoptr(GArray) legend = NULL;
  JxTrace *traces[2];
  const JxLegendEntry *e;

  /* Trace a (ns ticks): main 1000 ns exclusive, MPI_Send 400 ns, omp 100 ns. */
  {
    guint32 main_r = jx_trace_builder_add_region (b1, "main", PARADIGM_USER, ROLE_FUNCTION);
    guint32 send = jx_trace_builder_add_region (b1, "MPI_Send", PARADIGM_MPI, ROLE_FUNCTION);
    guint32 omp = jx_trace_builder_add_region (b1, "!$omp parallel", PARADIGM_OPENMP, ROLE_FUNCTION);
    guint32 node = jx_trace_builder_add_system_node (b1, "n", "node", JX_NONE);
    guint32 s = jx_trace_builder_add_stream (b1, jx_trace_builder_add_process (b1, "R0", node), "T", JX_STREAM_CPU_THREAD);

    jx_trace_builder_enter (b1, s, 0, main_r);
    jx_trace_builder_enter (b1, s, 500, send);
    jx_trace_builder_leave (b1, s, 900, send);
    jx_trace_builder_enter (b1, s, 900, omp);
    jx_trace_builder_leave (b1, s, 1000, omp);
    jx_trace_builder_leave (b1, s, 1500, main_r);
  }
  /* Trace b (µs ticks): solve 2 µs = 2000 ns, main 1 µs. */
  {
    guint32 main_r = jx_trace_builder_add_region (b2, "main", PARADIGM_USER, ROLE_FUNCTION);
    guint32 solve = jx_trace_builder_add_region (b2, "solve", PARADIGM_USER, ROLE_FUNCTION);
    guint32 node = jx_trace_builder_add_system_node (b2, "n", "node", JX_NONE);
    guint32 s = jx_trace_builder_add_stream (b2, jx_trace_builder_add_process (b2, "R0", node), "T", JX_STREAM_CPU_THREAD);

    jx_trace_builder_enter (b2, s, 0, main_r);
    jx_trace_builder_enter (b2, s, 1, solve);
    jx_trace_builder_leave (b2, s, 3, solve);
    jx_trace_builder_leave (b2, s, 3, main_r);
  }
  a = jx_trace_builder_finish (b1);
  b = jx_trace_builder_finish (b2);
  traces[0] = a;
  traces[1] = b;

  legend = jx_legend_entries_compute (traces, 2, 0);
  /* Categories first (MPI, OpenMP), then functions by summed exclusive time. */
  g_assert_cmpuint (legend->len, ==, 4);
  e = &g_array_index (legend, JxLegendEntry, 0);
  g_assert_true (e->is_category);
  g_assert_cmpint (e->category, ==, JX_CATEGORY_MPI);
  g_assert_cmpuint (e->exclusive_ns, ==, 400);
  e = &g_array_index (legend, JxLegendEntry, 1);
  g_assert_cmpint (e->category, ==, JX_CATEGORY_OPENMP);
  e = &g_array_index (legend, JxLegendEntry, 2);
  g_assert_cmpstr (e->name, ==, "main");
  g_assert_cmpuint (e->exclusive_ns, ==, 2000);
  e = &g_array_index (legend, JxLegendEntry, 3);
  g_assert_cmpstr (e->name, ==, "solve");
  g_assert_cmpuint (e->exclusive_ns, ==, 2000);
  g_assert_false (e->is_category);
  g_assert_cmpint (e->category, ==, JX_CATEGORY_USER);
  g_clear_pointer (&legend, g_array_unref);

  legend = jx_legend_entries_compute (traces, 2, 1);
  g_assert_cmpuint (legend->len, ==, 3);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/legend-entries/compute", test_legend_entries);

  return g_test_run ();
}
