/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-partial-window — a partial load's time window (jx-trace-selection.h,
 * jx-trace-loader-window.c): its events equal a whole load's events in
 * it, calls cut at its edges, with libotf2's own count of its events;
 * messages in flight at its edges are counted and the others pair as in
 * the whole load; collectives likewise. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "jx-test-util.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"
#include "model-test-util.h"
#include "otf2-count.h"
#include "partial-test-util.h"

/* Windows */

static void
add_time (GHashTable *times,
          guint64     t)
{
  g_hash_table_add (times, g_memdup2 (&t, sizeof t));
}

/* Every time the whole load knows an event at. */
static GHashTable *
known_times (JxTrace *trace)
{
  GHashTable *times = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  guint i, k;

  for (i = 0; i < jx_trace_get_n_streams (trace); i++)
    {
      const JxStream *s = jx_trace_get_stream (trace, i);

      for (k = 0; k < s->n_invocations; k++)
        {
          add_time (times, s->start[k]);
          add_time (times, s->end[k]);
        }
    }
  for (i = 0; i < jx_trace_get_n_messages (trace); i++)
    {
      add_time (times, jx_trace_get_messages (trace)[i].send_time);
      add_time (times, jx_trace_get_messages (trace)[i].recv_time);
    }
  for (i = 0; i < jx_trace_get_n_collectives (trace); i++)
    {
      add_time (times, jx_trace_get_collectives (trace)[i].begin_time);
      add_time (times, jx_trace_get_collectives (trace)[i].end_time);
    }
  return times;
}

static guint64
window_ticks (JxTrace *trace,
              gint64   ns)
{
  return jx_trace_get_global_offset (trace)
         + (guint64) jx_time_ns_to_ticks (ns, jx_trace_get_timer_resolution (trace));
}

/* Moves ns forward until its tick holds no event, so that the oracle
 * below needs no rule for events exactly at an edge. */
static gint64
free_edge (JxTrace    *trace,
           GHashTable *times,
           gint64      ns)
{
  for (;;)
    {
      guint64 t = window_ticks (trace, ns);

      if (!g_hash_table_contains (times, &t))
        return ns;
      ns++;
    }
}

/* The whole load's invocations that lie in [b, e) or reach into it, cut
 * to it, are the window's, in the same order and nesting. */
static void
check_stream_window (JxTrace        *whole,
                     const JxStream *w,
                     JxTrace        *part,
                     const JxStream *p,
                     guint64         b,
                     guint64         e)
{
  g_autofree guint32 *map = g_new (guint32, MAX (w->n_invocations, 1));
  guint32 i, k = 0;

  for (i = 0; i < w->n_invocations; i++)
    {
      gboolean cut = w->start[i] < b || w->end[i] > e;

      map[i] = JX_NONE;
      if (w->start[i] >= e || w->end[i] <= b)
        continue;
      g_assert_cmpuint (k, <, p->n_invocations);
      g_assert_cmpuint (p->start[k], ==, MAX (w->start[i], b));
      g_assert_cmpuint (p->end[k], ==, MIN (w->end[i], e));
      g_assert_cmpuint (p->depth[k], ==, w->depth[i]);
      g_assert_cmpstr (jx_trace_get_region (part, p->region[k])->name, ==,
                       jx_trace_get_region (whole, w->region[i])->name);
      g_assert_cmpuint (p->parent[k], ==, w->parent[i] == JX_NONE ? JX_NONE : map[w->parent[i]]);
      g_assert_cmpint (jx_stream_is_clipped (p, k), ==, cut);
      map[i] = k++;
    }
  g_assert_cmpuint (k, ==, p->n_invocations);
  g_assert_cmpint ((p->flags & JX_STREAM_FLAG_CLIPPED) != 0, ==, p->n_clipped_start + p->n_clipped_end > 0);
}

/* Messages with both ends in the window pair as in the whole load; the
 * ones crossing an edge are counted as cut. */
static void
check_messages_window (JxTrace *whole,
                       JxTrace *part,
                       guint64  b,
                       guint64  e)
{
  g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (Msg));
  g_autoptr(GArray) got = g_array_new (FALSE, FALSE, sizeof (Msg));
  guint64 cut = 0;
  guint i;

  for (i = 0; i < jx_trace_get_n_messages (whole); i++)
    {
      const JxMessage *m = &jx_trace_get_messages (whole)[i];
      gboolean send_in = m->send_time >= b && m->send_time < e;

      if (m->receiver == JX_NONE)
        continue;
      if (m->recv_time == G_MAXUINT64)
        cut += send_in;
      else if (send_in && m->recv_time >= b && m->recv_time < e)
        test_add_msg (expected, whole, i);
      else if ((send_in && m->recv_time >= e) || (m->send_time < b && m->recv_time >= b && m->recv_time < e))
        cut++;
    }
  for (i = 0; i < jx_trace_get_n_messages (part); i++)
    if (jx_trace_get_messages (part)[i].recv_time != G_MAXUINT64)
      test_add_msg (got, part, i);
  g_array_sort (expected, test_compare_msg);
  g_array_sort (got, test_compare_msg);
  g_assert_cmpuint (got->len, ==, expected->len);
  g_assert_cmpmem (got->data, got->len * sizeof (Msg), expected->data, expected->len * sizeof (Msg));
  g_assert_cmpuint (jx_trace_get_partial (part)->n_messages_cut, ==, cut);
  g_assert_cmpuint (jx_trace_get_defect_count (part, JX_DEFECT_UNMATCHED_MESSAGE), ==, 0);
}

typedef struct
{
  guint64 stream;
  guint64 begin;
  guint64 end;
} Coll;

static gint
compare_coll (gconstpointer a,
              gconstpointer b)
{
  return memcmp (a, b, sizeof (Coll));
}

/* A collective's part is the window's when it ends inside; it begins no
 * earlier than the window. */
static void
check_collectives_window (JxTrace *whole,
                          JxTrace *part,
                          guint64  b,
                          guint64  e)
{
  g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (Coll));
  g_autoptr(GArray) got = g_array_new (FALSE, FALSE, sizeof (Coll));
  guint i;

  for (i = 0; i < jx_trace_get_n_collectives (whole); i++)
    {
      const JxCollective *c = &jx_trace_get_collectives (whole)[i];
      Coll x = { jx_trace_get_stream (whole, c->stream)->otf2_id, MAX (c->begin_time, b), c->end_time };

      if (c->end_time >= b && c->end_time < e)
        g_array_append_val (expected, x);
    }
  for (i = 0; i < jx_trace_get_n_collectives (part); i++)
    {
      const JxCollective *c = &jx_trace_get_collectives (part)[i];
      Coll x = { jx_trace_get_stream (part, c->stream)->otf2_id, c->begin_time, c->end_time };

      g_array_append_val (got, x);
    }
  g_array_sort (expected, compare_coll);
  g_array_sort (got, compare_coll);
  g_assert_cmpuint (got->len, ==, expected->len);
  g_assert_cmpmem (got->data, got->len * sizeof (Coll), expected->data, expected->len * sizeof (Coll));
}

/* Loads [begin_ns, end_ns) (moved off event times) and compares it with
 * the whole load and with libotf2's own reading; returns the messages
 * cut. */
static guint64
check_window_ns (const char *path,
                 JxTrace    *whole,
                 GHashTable *times,
                 gint64      begin_ns,
                 gint64      end_ns)
{
  g_autoptr(JxTraceSelection) selection = jx_trace_selection_new ();
  g_autoptr(JxTrace) part = NULL;
  g_autofree char *problem = NULL;
  guint64 b, e, cut;
  CountResult count;
  guint64 clipped = 0;
  guint i, k;

  begin_ns = free_edge (whole, times, begin_ns);
  end_ns = free_edge (whole, times, MAX (end_ns, begin_ns + 1));
  b = window_ticks (whole, begin_ns);
  e = window_ticks (whole, end_ns);

  g_test_message ("%s: window %" G_GINT64_FORMAT " – %" G_GINT64_FORMAT " ns", path, begin_ns, end_ns);
  jx_trace_selection_set_window (selection, begin_ns, end_ns);
  part = test_load_part_ok (path, selection);
  g_assert_true (count_archive_window (jx_trace_get_path (whole), b, e, &count, &problem));

  g_assert_nonnull (jx_trace_get_partial (part));
  g_assert_true (jx_trace_get_partial (part)->has_window);
  g_assert_cmpuint (jx_trace_get_partial (part)->window_begin, ==, b);
  g_assert_cmpuint (jx_trace_get_partial (part)->window_end, ==, e);
  g_assert_cmpuint (jx_trace_get_n_streams (part), ==, jx_trace_get_n_streams (whole));
  for (i = 0; i < jx_trace_get_n_streams (whole); i++)
    {
      const JxStream *w = jx_trace_get_stream (whole, i);
      const JxStream *p = jx_trace_get_stream (part, i);
      const CountLocation *c = NULL;

      g_assert_cmpuint (p->otf2_id, ==, w->otf2_id);
      check_stream_window (whole, w, part, p, b, e);
      for (k = 0; k < count.n_locations; k++)
        if (count.locations[k].ref == p->otf2_id)
          c = &count.locations[k];
      g_assert_nonnull (c);
      g_assert_cmpuint (p->n_events, ==, c->n_events);
      for (k = 0; k < JX_N_EVENT_KINDS; k++)
        g_assert_cmpuint (p->event_counts[k], ==, c->kinds[k]);
      for (k = 0; k < p->n_invocations; k++)
        clipped += jx_stream_is_clipped (p, k);
    }
  g_assert_cmpuint (jx_trace_get_partial (part)->n_clipped, ==, clipped);
  g_test_message ("  %" G_GUINT64_FORMAT " events, %" G_GUINT64_FORMAT " invocations (%" G_GUINT64_FORMAT
                  " cut), %u messages (%" G_GUINT64_FORMAT " cut), %u collectives",
                  jx_trace_get_n_events (part), jx_trace_get_n_invocations (part), clipped,
                  jx_trace_get_n_messages (part), jx_trace_get_partial (part)->n_messages_cut,
                  jx_trace_get_n_collectives (part));
  check_messages_window (whole, part, b, e);
  check_collectives_window (whole, part, b, e);
  count_result_clear (&count);
  cut = jx_trace_get_partial (part)->n_messages_cut;
  return cut;
}

/* [f0, f1] of the trace's length (fractions; f1 may pass its end). */
static void
check_window (const char *path,
              JxTrace    *whole,
              GHashTable *times,
              double      f0,
              double      f1)
{
  gint64 length = jx_trace_ticks_to_ns (whole, (gint64) jx_trace_get_trace_length (whole));

  check_window_ns (path, whole, times, (gint64) (f0 * length), (gint64) (f1 * length));
}

static gint64
message_middle (JxTrace *trace,
                guint    index)
{
  const JxMessage *m = &jx_trace_get_messages (trace)[index];

  return jx_trace_ticks_to_ns (trace, (gint64) ((m->send_time + m->recv_time) / 2 - jx_trace_get_global_offset (trace)));
}

/* Windows whose edges fall while messages are in flight: their receives
 * (at the beginning) and sends (at the end) are cut, and every other
 * message still pairs as in the whole load (first-in first-out). */
static void
check_windows_in_flight (const char *path,
                         JxTrace    *whole,
                         GHashTable *times)
{
  g_autoptr(GArray) slow = g_array_new (FALSE, FALSE, sizeof (guint));
  guint64 cut = 0;
  guint i;

  for (i = 0; i < jx_trace_get_n_messages (whole); i++)
    {
      const JxMessage *m = &jx_trace_get_messages (whole)[i];

      if (m->recv_time != G_MAXUINT64 && m->recv_time > m->send_time + 8)
        g_array_append_val (slow, i);
    }
  g_assert_cmpuint (slow->len, >=, 4);
  for (i = 0; i + 1 < 4; i++)
    {
      guint a = g_array_index (slow, guint, slow->len * i / 4);
      guint z = g_array_index (slow, guint, slow->len * (i + 1) / 4);

      cut += check_window_ns (path, whole, times, message_middle (whole, a), message_middle (whole, z));
    }
  g_assert_cmpuint (cut, >=, 3);
}

static const char * const real_traces[] = {
  "casita__1_xeonphi_jacobi_01", "casita__1_xeonphi_jacobi_09", "TraceR__stencil4d-32",
  "casita__4_mpi_ls_barr", "casita__2_cuda_simple", "pipit__ping-pong-otf2",
};

static const double windows[][2] = {
  { 0.0, 2.0 }, { 0.1, 0.4 }, { 0.45, 0.55 }, { 0.9, 0.97 }, { 0.7, 1.3 }, { 0.0, 0.05 },
};

static void
test_window_real (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (real_traces); t++)
    {
      g_autofree char *path = jx_test_get_shared_trace (real_traces[t]);
      g_autoptr(JxTrace) whole = test_load (path, 0);
      g_autoptr(GHashTable) times = known_times (whole);

      for (guint w = 0; w < G_N_ELEMENTS (windows); w++)
        check_window (path, whole, times, windows[w][0], windows[w][1]);
      if (jx_trace_get_n_messages (whole) >= 8)
        check_windows_in_flight (path, whole, times);
    }
}

/* Threads, accelerator streams, point-to-point messages (blocking and
 * not) and collectives in every iteration: many cut at each edge. */
static void
test_window_generated (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *anchor = test_generate_full (dir, 4, 2, 1, 60000, 0);
  g_autoptr(JxTrace) whole = test_load (anchor, 0);
  g_autoptr(GHashTable) times = known_times (whole);

  g_assert_cmpuint (jx_trace_get_n_messages (whole), >, 100);
  for (guint w = 0; w < G_N_ELEMENTS (windows); w++)
    check_window (anchor, whole, times, windows[w][0], windows[w][1]);
  check_window (anchor, whole, times, 0.31, 0.3101);
  check_windows_in_flight (anchor, whole, times);
  test_remove_tree (dir);
}

/* An open end reads to the end of every file; from the global offset on,
 * that is the whole trace, nothing cut. */
static void
test_window_open (void)
{
  g_autofree char *path = jx_test_get_shared_trace ("TraceR__stencil4d-32");
  g_autoptr(JxTraceSelection) selection = jx_trace_selection_new ();
  g_autoptr(JxTrace) whole = test_load (path, 0);
  g_autoptr(JxTrace) part = NULL;

  jx_trace_selection_set_window (selection, 0, JX_WINDOW_OPEN_END);
  part = test_load_part_ok (path, selection);
  g_assert_cmpuint (jx_trace_get_partial (part)->n_clipped, ==, 0);
  g_assert_cmpuint (jx_trace_get_partial (part)->window_end, ==, G_MAXUINT64);
  g_assert_cmpuint (jx_trace_get_n_events (part), ==, jx_trace_get_n_events (whole));
  g_assert_cmpuint (jx_trace_get_n_messages (part), ==, jx_trace_get_n_messages (whole));
  g_assert_cmpuint (jx_trace_get_n_defects (part), ==, jx_trace_get_n_defects (whole));
  for (guint i = 0; i < jx_trace_get_n_streams (whole); i++)
    {
      const JxStream *w = jx_trace_get_stream (whole, i);
      const JxStream *p = jx_trace_get_stream (part, i);

      g_assert_cmpuint (p->n_invocations, ==, w->n_invocations);
      g_assert_cmpmem (p->start, p->n_invocations * sizeof (guint64), w->start, w->n_invocations * sizeof (guint64));
      g_assert_cmpmem (p->end, p->n_invocations * sizeof (guint64), w->end, w->n_invocations * sizeof (guint64));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/partial/window/real", test_window_real);
  g_test_add_func ("/model/partial/window/generated", test_window_generated);
  g_test_add_func ("/model/partial/window/open", test_window_open);
  return g_test_run ();
}
