/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the function summary: exclusive time per function in a range. */
#include "config.h"

#include <string.h>

#include "jx-function-summary.h"
#include "jx-trace-builder.h"

#define PARADIGM_USER 1
#define PARADIGM_MPI 4
#define ROLE_FUNCTION 1

/* One stream, ns ticks starting at 1000: main [1000, 11000) with
 * compute [3000, 7000) and MPI_Send [7000, 8000) inside. A second stream
 * runs compute [1000, 3000). Exclusive: main 5000, compute 6000, MPI 1000. */
static JxTrace *
small_trace (const char *compute_name)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/small/traces.otf2", "small", 1000000000);
  guint32 main_r, compute, send, node, s0, s1;

  main_r = jx_trace_builder_add_region (b, "main", PARADIGM_USER, ROLE_FUNCTION);
  compute = jx_trace_builder_add_region (b, compute_name, PARADIGM_USER, ROLE_FUNCTION);
  send = jx_trace_builder_add_region (b, "MPI_Send", PARADIGM_MPI, ROLE_FUNCTION);
  node = jx_trace_builder_add_system_node (b, "node", "node", JX_NONE);
  s0 = jx_trace_builder_add_stream (b, jx_trace_builder_add_process (b, "Rank 0", node),
                                    "Master thread", JX_STREAM_CPU_THREAD);
  s1 = jx_trace_builder_add_stream (b, jx_trace_builder_add_process (b, "Rank 1", node),
                                    "Master thread", JX_STREAM_CPU_THREAD);
  jx_trace_builder_enter (b, s0, 1000, main_r);
  jx_trace_builder_enter (b, s0, 3000, compute);
  jx_trace_builder_leave (b, s0, 7000, compute);
  jx_trace_builder_enter (b, s0, 7000, send);
  jx_trace_builder_leave (b, s0, 8000, send);
  jx_trace_builder_leave (b, s0, 11000, main_r);
  jx_trace_builder_enter (b, s1, 1000, compute);
  jx_trace_builder_leave (b, s1, 3000, compute);
  return jx_trace_builder_finish (b);
}

static void
test_function_summary_compute (void)
{
  g_autoptr(JxTrace) trace = small_trace ("compute");
  g_autoptr(GArray) bars = NULL;
  g_autoptr(GArray) top = NULL;
  g_autoptr(GArray) window = NULL;
  const JxFunctionSummaryBar *bar;
  double total;

  bars = jx_function_summary_compute (trace, 0, G_MAXUINT64, 0, &total);
  g_assert_cmpuint (bars->len, ==, 3);
  g_assert_cmpfloat_with_epsilon (total, 12000e-9, 1e-15);
  bar = &g_array_index (bars, JxFunctionSummaryBar, 0);
  g_assert_cmpstr (jx_trace_get_region (trace, bar->region)->name, ==, "compute");
  g_assert_cmpfloat_with_epsilon (bar->exclusive_s, 6000e-9, 1e-15);
  g_assert_cmpint (bar->exclusive_ns, ==, 6000);
  g_assert_cmpfloat_with_epsilon (bar->fraction, 0.5, 1e-9);
  g_assert_cmpuint (bar->count, ==, 2);
  bar = &g_array_index (bars, JxFunctionSummaryBar, 1);
  g_assert_cmpstr (jx_trace_get_region (trace, bar->region)->name, ==, "main");
  bar = &g_array_index (bars, JxFunctionSummaryBar, 2);
  g_assert_cmpstr (jx_trace_get_region (trace, bar->region)->name, ==, "MPI_Send");

  top = jx_function_summary_compute (trace, 0, G_MAXUINT64, 2, NULL);
  g_assert_cmpuint (top->len, ==, 2);

  /* Range [6000, 9000): compute 1000, MPI 1000, main 1000 — ties by region id. */
  window = jx_function_summary_compute (trace, 6000, 9000, 0, &total);
  g_assert_cmpfloat_with_epsilon (total, 3000e-9, 1e-15);
  g_assert_cmpuint (window->len, ==, 3);
}

typedef struct
{
  GArray *bars;
  double  total_s;
  GError *error;
  gboolean done;
} AsyncResult;

static void
compute_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  AsyncResult *out = user_data;

  out->bars = jx_function_summary_compute_finish (result, &out->total_s, &out->error);
  out->done = TRUE;
}

/* The worker thread gives exactly what the synchronous call gives. */
static void
test_function_summary_async (void)
{
  g_autoptr(JxTrace) trace = small_trace ("compute");
  g_autoptr(GArray) want = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  AsyncResult got = { 0 };
  double want_total = 0.0;

  want = jx_function_summary_compute (trace, 2000, 9000, 2, &want_total);
  jx_function_summary_compute_async (trace, 2000, 9000, 2, NULL, compute_done, &got);
  while (!got.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (got.error);
  g_assert_nonnull (got.bars);
  g_assert_cmpfloat (got.total_s, ==, want_total);
  g_assert_cmpfloat_with_epsilon (got.total_s, 8000e-9, 1e-15);
  g_assert_cmpuint (got.bars->len, ==, 2);
  g_assert_cmpuint (got.bars->len, ==, want->len);
  for (guint i = 0; i < want->len; i++)
    {
      const JxFunctionSummaryBar *a = &g_array_index (got.bars, JxFunctionSummaryBar, i);
      const JxFunctionSummaryBar *b = &g_array_index (want, JxFunctionSummaryBar, i);

      g_assert_cmpuint (a->region, ==, b->region);
      g_assert_cmpfloat (a->exclusive_s, ==, b->exclusive_s);
      g_assert_cmpint (a->exclusive_ns, ==, b->exclusive_ns);
      g_assert_cmpuint (a->count, ==, b->count);
      g_assert_cmpfloat (a->fraction, ==, b->fraction);
    }
  g_array_unref (got.bars);

  /* Cancelled before it runs: an error and no bars. */
  memset (&got, 0, sizeof got);
  g_cancellable_cancel (cancellable);
  jx_function_summary_compute_async (trace, 0, G_MAXUINT64, 0, cancellable, compute_done, &got);
  while (!got.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (got.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (got.bars);
  g_assert_cmpfloat (got.total_s, ==, 0.0);
  g_clear_error (&got.error);
}

static void
test_function_summary_order_like (void)
{
  g_autoptr(JxTrace) a = small_trace ("compute");
  g_autoptr(JxTrace) b = small_trace ("compute_v2");
  g_autoptr(GArray) bars_a = jx_function_summary_compute (a, 0, G_MAXUINT64, 0, NULL);
  g_autoptr(GArray) bars_b = jx_function_summary_compute (b, 0, G_MAXUINT64, 0, NULL);

  /* Reference order main-first: put main first in a, then order b like it. */
  {
    JxFunctionSummaryBar tmp = g_array_index (bars_a, JxFunctionSummaryBar, 0);

    g_array_index (bars_a, JxFunctionSummaryBar, 0) = g_array_index (bars_a, JxFunctionSummaryBar, 1);
    g_array_index (bars_a, JxFunctionSummaryBar, 1) = tmp;
  }
  jx_function_summary_order_like (bars_b, b, bars_a, a);
  g_assert_cmpuint (bars_b->len, ==, 3);
  g_assert_cmpstr (jx_trace_get_region (b, g_array_index (bars_b, JxFunctionSummaryBar, 0).region)->name, ==, "main");
  g_assert_cmpstr (jx_trace_get_region (b, g_array_index (bars_b, JxFunctionSummaryBar, 1).region)->name, ==, "MPI_Send");
  /* Not in the reference: last. */
  g_assert_cmpstr (jx_trace_get_region (b, g_array_index (bars_b, JxFunctionSummaryBar, 2).region)->name, ==, "compute_v2");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/function-summary/compute", test_function_summary_compute);
  g_test_add_func ("/analysis/function-summary/async", test_function_summary_async);
  g_test_add_func ("/analysis/function-summary/order-like", test_function_summary_order_like);

  return g_test_run ();
}
