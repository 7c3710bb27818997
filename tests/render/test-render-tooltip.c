/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-render-tooltip.c — what a timeline says under the pointer, without a
 * display: one hit test finds everything drawn at a point
 * (jx_timeline_renderer_hit), and the tooltip words for each kind of thing
 * (jx-timeline-tooltip.h) name it with comparison times and durations. */
#include "config.h"

#include <locale.h>
#include <string.h>

#include "jx-timeline-renderer.h"
#include "jx-timeline-tooltip.h"
#include "jx-trace-builder.h"

#define PARADIGM_USER 1
#define PARADIGM_MPI 4
#define ROLE_FUNCTION 1
#define ROW 18

/* Clock in µs. Rank 0: main [0, 10 ms) > compute [2, 6 ms) > MPI_Send [6, 7 ms).
 * Rank 1, two threads: main [0, 10 ms) > compute [1, 3 ms) | compute [5, 9 ms). */
static JxTrace *
make_trace (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/tooltip/traces.otf2", "tooltip", 1000000);
  guint32 main_r, compute, send, node, p0, p1, s0, s1, s2;

  main_r = jx_trace_builder_add_region (b, "main", PARADIGM_USER, ROLE_FUNCTION);
  compute = jx_trace_builder_add_region (b, "compute<&>", PARADIGM_USER, ROLE_FUNCTION);
  send = jx_trace_builder_add_region (b, "MPI_Send", PARADIGM_MPI, ROLE_FUNCTION);
  node = jx_trace_builder_add_system_node (b, "node", "node", JX_NONE);
  p0 = jx_trace_builder_add_process (b, "Rank 0", node);
  p1 = jx_trace_builder_add_process (b, "Rank 1", node);
  s0 = jx_trace_builder_add_stream (b, p0, "Master thread", JX_STREAM_CPU_THREAD);
  s1 = jx_trace_builder_add_stream (b, p1, "Master thread", JX_STREAM_CPU_THREAD);
  s2 = jx_trace_builder_add_stream (b, p1, "Thread 1", JX_STREAM_CPU_THREAD);

  jx_trace_builder_enter (b, s0, 0, main_r);
  jx_trace_builder_enter (b, s0, 2000, compute);
  jx_trace_builder_leave (b, s0, 6000, compute);
  jx_trace_builder_enter (b, s0, 6000, send);
  jx_trace_builder_leave (b, s0, 7000, send);
  jx_trace_builder_leave (b, s0, 10000, main_r);
  jx_trace_builder_enter (b, s1, 0, main_r);
  jx_trace_builder_enter (b, s1, 1000, compute);
  jx_trace_builder_leave (b, s1, 3000, compute);
  jx_trace_builder_leave (b, s1, 10000, main_r);
  jx_trace_builder_enter (b, s2, 5000, compute);
  jx_trace_builder_leave (b, s2, 9000, compute);
  return jx_trace_builder_finish (b);
}

static gboolean
has (const char *text,
     const char *part)
{
  if (strstr (text, part) != NULL)
    return TRUE;
  g_test_message ("“%s” not in “%s”", part, text);
  return FALSE;
}

/* One pass finds the row, expanders, flags and invocations, each where a
 * click or a tooltip looks for it. */
static void
test_hit (void)
{
  g_autoptr(JxTrace) trace = make_trace ();
  g_autoptr(JxTimelineRenderer) renderer = jx_timeline_renderer_new (trace);
  g_autoptr(GArray) rows = NULL;
  JxTimelineLayoutParams params;
  JxTimelineView view;
  JxTimelineMarker marker = { 6500, 6500, 2, 0 };
  JxTimelineHit hit;
  int height = 0;

  jx_timeline_layout_params_init (&params);
  params.row_height = ROW;
  params.header_height = ROW;
  rows = jx_timeline_layout_new (trace, &params, &height);
  jx_timeline_view_init (&view);
  view.start = 0;
  view.end = 10000;
  view.label_width = 100;
  view.width = 200;               /* 100 ticks per px */
  view.height = height;
  view.rows = (const JxTimelineRow *) (gpointer) rows->data;
  view.n_rows = rows->len;
  view.markers = &marker;
  view.n_markers = 1;

  /* Row 0 is Rank 0's stream: compute at 40 px into the time area. */
  jx_timeline_renderer_hit (renderer, &view, 100 + 40, ROW / 2 + 5, &hit);
  g_assert_false (hit.in_labels);
  g_assert_cmpint (hit.row, ==, 0);
  g_assert_true (hit.has_invocation);
  g_assert_cmpuint (hit.stream, ==, 0);
  g_assert_cmpuint (hit.invocation, ==, 1);
  g_assert_cmpint (hit.marker, ==, -1);
  g_assert_false (hit.has_diff);
  g_assert_false (hit.has_segment);

  /* The flag of the marker at 6.5 ms, in the top pixels. */
  jx_timeline_renderer_hit (renderer, &view, 100 + 65, 3, &hit);
  g_assert_cmpint (hit.marker, ==, 0);
  g_assert_true (hit.has_invocation);
  view.show_markers = FALSE;
  jx_timeline_renderer_hit (renderer, &view, 100 + 65, 3, &hit);
  g_assert_cmpint (hit.marker, ==, -1);

  /* Rank 1 has a header row with an expander in the label column. */
  g_assert_cmpint (view.rows[1].kind, ==, JX_TIMELINE_ROW_PROCESS);
  jx_timeline_renderer_hit (renderer, &view, 8, view.rows[1].y + ROW / 2, &hit);
  g_assert_true (hit.in_labels);
  g_assert_cmpint (hit.row, ==, 1);
  g_assert_cmpuint (hit.expander_process, ==, 1);
  g_assert_cmpuint (hit.expander_group, ==, JX_NONE);
  g_assert_false (hit.has_invocation);
  /* Elsewhere in the label: the row, no expander. */
  jx_timeline_renderer_hit (renderer, &view, 80, view.rows[1].y + ROW / 2, &hit);
  g_assert_cmpint (hit.row, ==, 1);
  g_assert_cmpuint (hit.expander_process, ==, JX_NONE);
  /* Below the rows: nothing. */
  jx_timeline_renderer_hit (renderer, &view, 150, height + 5, &hit);
  g_assert_cmpint (hit.row, ==, -1);
  g_assert_false (hit.has_invocation);
}

static void
test_invocation_and_labels (void)
{
  g_autoptr(JxTrace) trace = make_trace ();
  JxTimeOrigin origin = jx_trace_get_time_origin (trace, 250000);   /* shifted by 250 µs */
  g_autofree char *inv = jx_timeline_tooltip_invocation (trace, origin, 0, 1);
  g_autofree char *label = NULL;
  g_autofree char *label_stack = NULL;
  g_autofree char *diff = jx_timeline_tooltip_diff_label ("run <b>");
  JxTimelineRow row = { .kind = JX_TIMELINE_ROW_STREAM, .process = 1, .stream = 2 };

  /* compute starts 2 ms after the trace, which starts at 250 µs. */
  g_assert_true (has (inv, "<b>compute&lt;&amp;&gt;</b>"));
  g_assert_true (has (inv, "Rank 0 · Master thread"));
  g_assert_true (has (inv, "Start: 2.25 ms"));
  g_assert_true (has (inv, "Duration (inclusive): 4 ms"));
  g_assert_true (has (inv, "Exclusive: 4 ms"));

  label = jx_timeline_tooltip_label (trace, &row, FALSE);
  g_assert_true (has (label, "<b>Rank 1</b>\nThread 1"));
  g_assert_true (has (label, "Double-click to show the call stack"));
  label_stack = jx_timeline_tooltip_label (trace, &row, TRUE);
  g_assert_true (has (label_stack, "Double-click to hide the call stack"));

  g_assert_true (has (diff, "Differences to “run &lt;b&gt;”"));
  g_assert_true (has (diff, "ticks: calls only in the other trace"));
}

/* A folded group: its streams and operation, its note and the function mix
 * of a selected range (or that it is being computed, or how to get one). */
static void
test_group (void)
{
  g_autoptr(JxTrace) trace = make_trace ();
  g_autoptr(JxStreamGroups) groups = jx_stream_groups_new (trace, JX_FOLD_GROUPING_PROCESSES, NULL);
  g_autoptr(JxGroupSummary) mix = NULL;
  g_autofree char *plain = NULL;
  g_autofree char *computing = NULL;
  g_autofree char *mixed = NULL;
  const JxStreamGroup *g = NULL;
  guint32 index = JX_NONE;

  for (guint i = 0; i < jx_stream_groups_get_n_groups (groups); i++)
    if (jx_stream_groups_get_group (groups, i)->n_members == 2)
      {
        index = i;
        g = jx_stream_groups_get_group (groups, i);
      }
  g_assert_nonnull (g);

  plain = jx_timeline_tooltip_group (trace, g, index, NULL, JX_FOLD_MAX, 0, "busy 75 %", FALSE, NULL);
  g_assert_true (has (plain, "<b>Rank 1</b>"));
  g_assert_true (has (plain, "2 streams folded by"));
  g_assert_true (has (plain, "busy 75 % of the visible range"));
  g_assert_true (has (plain, "Select a time range for the group’s function mix"));

  computing = jx_timeline_tooltip_group (trace, g, index, NULL, JX_FOLD_MAX, 0, NULL, TRUE, NULL);
  g_assert_true (has (computing, "Selected range: <small>computing…</small>"));

  /* [0, 10 ms): compute ran 2 + 4 ms of the threads' exclusive time. */
  mix = jx_group_summary_compute (trace, g->members, g->n_members, 0, 10000, 3);
  mixed = jx_timeline_tooltip_group (trace, g, index, NULL, JX_FOLD_MAX, 0, "", TRUE, mix);
  g_assert_false (strstr (mixed, "of the visible range") != NULL);
  g_assert_true (has (mixed, "Selected range:"));
  g_assert_true (has (mixed, "compute&lt;&amp;&gt;"));
  g_assert_true (has (mixed, "main"));
}

/* A segment of the SOS overlay names its function, place and times. */
static void
test_segment (void)
{
  g_autoptr(JxTrace) trace = make_trace ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JxImbalance) imbalance = jx_imbalance_compute (trace, "compute<&>", NULL, &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (jx_imbalance_get_n_segments (imbalance), >, 0);
  text = jx_timeline_tooltip_segment (trace, imbalance, 0);
  g_assert_true (has (text, "<b>compute&lt;&amp;&gt;</b> #"));
  g_assert_true (has (text, "Inclusive:"));
  g_assert_true (has (text, "Synchronization:"));
  g_assert_true (has (text, "SOS time:"));
  g_assert_true (has (text, "median"));
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/tooltip/hit", test_hit);
  g_test_add_func ("/render/tooltip/invocation-and-labels", test_invocation_and_labels);
  g_test_add_func ("/render/tooltip/group", test_group);
  g_test_add_func ("/render/tooltip/segment", test_segment);
  return g_test_run ();
}
