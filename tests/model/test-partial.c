/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-partial — partial loads (jx-trace-selection.h): a window's events
 * equal a whole load's events in that window, cut at its edges; a subset
 * of locations equals the whole load's streams of those locations; only
 * the selected locations' files are opened; bad selections are errors
 * naming the trace; the memory budget refuses, and a selection then
 * loads. */
#include "config.h"

#include <string.h>
#include <unistd.h>
#include <sys/inotify.h>
#include <glib/gstdio.h>

#include "jx-test-util.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"
#include "model-test-util.h"
#include "otf2-count.h"

static JxTrace *
load_part (const char             *path,
           const JxTraceSelection *selection,
           guint64                 budget,
           GError                **error)
{
  JxLoadOptions options = { 0 };

  options.selection = selection;
  options.memory_budget = budget;
  return jx_trace_load (path, &options, NULL, NULL, NULL, error);
}

static JxTrace *
load_part_ok (const char             *path,
              const JxTraceSelection *selection)
{
  g_autoptr(GError) error = NULL;
  JxTrace *trace = load_part (path, selection, JX_MEMORY_UNLIMITED, &error);

  g_assert_no_error (error);
  g_assert_nonnull (trace);
  return trace;
}

static char *
generate_full (const char *dir,
               guint       ranks,
               guint       threads,
               guint       gpu_streams,
               guint64     events,
               gint64      start_delay_ns)
{
  JxGeneratorOptions options;
  g_autoptr(GError) error = NULL;

  jx_generator_options_init (&options);
  options.seed = 11;
  options.n_ranks = ranks;
  options.n_threads = threads;
  options.n_gpu_streams = gpu_streams;
  options.markers = TRUE;
  options.start_delay_ns = start_delay_ns;
  options.n_iterations = jx_generator_iterations_for_events (&options, events);
  g_assert_cmpuint (jx_generate_trace (dir, &options, &error), >, 0);
  g_assert_no_error (error);
  return g_build_filename (dir, "traces.otf2", NULL);
}

/* MPI ranks only, starting late. */
static char *
generate (const char *dir,
          guint       ranks,
          guint64     events,
          gint64      start_delay_ns)
{
  return generate_full (dir, ranks, 1, 0, events, start_delay_ns);
}

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

typedef struct
{
  guint64 sender;
  guint64 receiver;
  guint64 send;
  guint64 recv;
  guint64 size;
} Msg;

static gint
compare_msg (gconstpointer a,
             gconstpointer b)
{
  return memcmp (a, b, sizeof (Msg));
}

static void
add_msg (GArray     *list,
         JxTrace    *trace,
         guint       index)
{
  const JxMessage *m = &jx_trace_get_messages (trace)[index];
  Msg x = { jx_trace_get_stream (trace, m->sender)->otf2_id,
            jx_trace_get_stream (trace, m->receiver)->otf2_id,
            m->send_time, m->recv_time, jx_trace_get_message_size (trace, index) };

  g_array_append_val (list, x);
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
        add_msg (expected, whole, i);
      else if ((send_in && m->recv_time >= e) || (m->send_time < b && m->recv_time >= b && m->recv_time < e))
        cut++;
    }
  for (i = 0; i < jx_trace_get_n_messages (part); i++)
    if (jx_trace_get_messages (part)[i].recv_time != G_MAXUINT64)
      add_msg (got, part, i);
  g_array_sort (expected, compare_msg);
  g_array_sort (got, compare_msg);
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
  part = load_part_ok (path, selection);
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
  g_autofree char *anchor = generate_full (dir, 4, 2, 1, 60000, 0);
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
  part = load_part_ok (path, selection);
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

/* Location subsets */

static gint
compare_full_msg (gconstpointer a,
                  gconstpointer b)
{
  return memcmp (a, b, sizeof (Msg));
}

/* Every selected stream is the whole load's stream of that location, byte
 * for byte; messages between selected streams are the whole load's, and
 * those with one end left out are counted. */
static void
check_subset (const char             *path,
              const JxTraceSelection *selection,
              const guint64          *expected_refs,
              guint                   n_expected)
{
  g_autoptr(JxTrace) whole = test_load (path, 0);
  g_autoptr(JxTrace) part = load_part_ok (path, selection);
  g_autoptr(GHashTable) taken = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (Msg));
  g_autoptr(GArray) got = g_array_new (FALSE, FALSE, sizeof (Msg));
  const JxTracePartial *partial = jx_trace_get_partial (part);
  guint64 unselected = 0;
  guint i, k;

  g_assert_nonnull (partial);
  g_assert_false (partial->has_window);
  g_test_message ("%s: %s", path, partial->description);
  g_assert_cmpuint (jx_trace_get_n_streams (part), ==, n_expected);
  g_assert_cmpuint (partial->n_locations_selected, ==, n_expected);
  g_assert_cmpuint (partial->n_locations, ==, jx_trace_get_n_streams (whole));
  g_assert_cmpuint (partial->n_processes, ==, jx_trace_get_n_processes (whole));
  g_assert_cmpuint (partial->n_processes_selected, ==, jx_trace_get_n_processes (part));

  for (i = 0; i < jx_trace_get_n_streams (part); i++)
    {
      const JxStream *p = jx_trace_get_stream (part, i);
      const JxStream *w = test_stream_by_ref (whole, p->otf2_id);
      const JxProcess *pp = jx_trace_get_process (part, p->process);
      const JxProcess *wp = jx_trace_get_process (whole, w->process);

      g_assert_cmpuint (p->otf2_id, ==, expected_refs[i]);
      g_hash_table_add (taken, (gpointer) &p->otf2_id);
      g_assert_cmpstr (p->name, ==, w->name);
      g_assert_cmpstr (pp->name, ==, wp->name);
      g_assert_cmpuint (pp->rank, ==, wp->rank);
      g_assert_cmpuint (p->kind, ==, w->kind);
      g_assert_cmpuint (p->n_events, ==, w->n_events);
      g_assert_cmpmem (p->event_counts, sizeof p->event_counts, w->event_counts, sizeof w->event_counts);
      g_assert_cmpuint (p->first_time, ==, w->first_time);
      g_assert_cmpuint (p->last_time, ==, w->last_time);
      g_assert_cmpuint (p->max_depth, ==, w->max_depth);
      g_assert_cmpuint (p->n_invocations, ==, w->n_invocations);
      g_assert_cmpmem (p->start, p->n_invocations * sizeof (guint64), w->start, w->n_invocations * sizeof (guint64));
      g_assert_cmpmem (p->end, p->n_invocations * sizeof (guint64), w->end, w->n_invocations * sizeof (guint64));
      g_assert_cmpmem (p->parent, p->n_invocations * sizeof (guint32), w->parent, w->n_invocations * sizeof (guint32));
      g_assert_cmpmem (p->subtree_end, p->n_invocations * sizeof (guint32),
                       w->subtree_end, w->n_invocations * sizeof (guint32));
      g_assert_cmpmem (p->depth, p->n_invocations * sizeof (guint16), w->depth, w->n_invocations * sizeof (guint16));
      for (k = 0; k < p->n_invocations; k++)
        g_assert_cmpstr (jx_trace_get_region (part, p->region[k])->name, ==,
                         jx_trace_get_region (whole, w->region[k])->name);
    }

  for (i = 0; i < jx_trace_get_n_messages (whole); i++)
    {
      const JxMessage *m = &jx_trace_get_messages (whole)[i];
      gboolean s = g_hash_table_contains (taken, &jx_trace_get_stream (whole, m->sender)->otf2_id);
      gboolean r = m->receiver != JX_NONE
                   && g_hash_table_contains (taken, &jx_trace_get_stream (whole, m->receiver)->otf2_id);

      if (s && r)
        add_msg (expected, whole, i);
      else if (m->receiver != JX_NONE)
        unselected += (s ? 1 : 0) + (r && m->recv_time != G_MAXUINT64 ? 1 : 0);
    }
  for (i = 0; i < jx_trace_get_n_messages (part); i++)
    add_msg (got, part, i);
  g_array_sort (expected, compare_full_msg);
  g_array_sort (got, compare_full_msg);
  g_assert_cmpuint (got->len, ==, expected->len);
  g_assert_cmpmem (got->data, got->len * sizeof (Msg), expected->data, expected->len * sizeof (Msg));
  g_assert_cmpuint (partial->n_messages_unselected, ==, unselected);
}

static void
test_subset_pattern (void)
{
  g_autofree char *path = jx_test_get_shared_trace ("TraceR__stencil4d-64");
  g_autoptr(JxTraceSelection) selection = jx_trace_selection_new ();
  const guint64 refs[] = { 1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19 };

  jx_trace_selection_add_pattern (selection, "MPI Rank 1*");
  check_subset (path, selection, refs, G_N_ELEMENTS (refs));
}

static void
test_subset_every (void)
{
  g_autofree char *path = jx_test_get_shared_trace ("TraceR__stencil4d-64");
  g_autoptr(JxTraceSelection) selection = jx_trace_selection_new ();
  g_autoptr(JxTraceSelection) both = jx_trace_selection_new ();
  g_autoptr(JxTraceSelection) shifted = jx_trace_selection_new ();
  const guint64 every8[] = { 0, 8, 16, 24, 32, 40, 48, 56 };
  /* "MPI Rank 2*": 2, 20..29 in definition order; one in 4 of them. */
  const guint64 pattern4[] = { 2, 23, 27 };
  const guint64 from3[] = { 3, 11, 19, 27, 35, 43, 51, 59 };

  jx_trace_selection_set_every (selection, 8, 0);
  check_subset (path, selection, every8, G_N_ELEMENTS (every8));
  jx_trace_selection_add_pattern (both, "MPI Rank 2*");
  jx_trace_selection_set_every (both, 4, 0);
  check_subset (path, both, pattern4, G_N_ELEMENTS (pattern4));
  jx_trace_selection_set_every (shifted, 8, 3);
  check_subset (path, shifted, from3, G_N_ELEMENTS (from3));
}

static void
test_subset_ids (void)
{
  g_autofree char *path = jx_test_get_shared_trace ("TraceR__stencil4d-64");
  g_autofree char *jacobi = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autoptr(JxTraceSelection) processes = jx_trace_selection_new ();
  g_autoptr(JxTraceSelection) locations = jx_trace_selection_new ();
  g_autoptr(JxTraceSelection) threads = jx_trace_selection_new ();
  const guint64 by_process[] = { 3, 17, 40 };
  const guint64 by_location[] = { 5, 63 };
  g_autoptr(JxTrace) whole = test_load (jacobi, 0);
  guint64 cpu[4];
  guint n_cpu = 0;

  jx_trace_selection_add_process (processes, 17);
  jx_trace_selection_add_process (processes, 3);
  jx_trace_selection_add_process (processes, 40);
  check_subset (path, processes, by_process, G_N_ELEMENTS (by_process));
  jx_trace_selection_add_location (locations, 63);
  jx_trace_selection_add_location (locations, 5);
  check_subset (path, locations, by_location, G_N_ELEMENTS (by_location));

  /* "process / location": only the CPU threads of the Xeon Phi run. */
  for (guint i = 0; i < jx_trace_get_n_streams (whole); i++)
    if (g_str_has_prefix (jx_trace_get_stream (whole, i)->name, "Master")
        || g_str_has_prefix (jx_trace_get_stream (whole, i)->name, "OMP"))
      cpu[n_cpu++] = jx_trace_get_stream (whole, i)->otf2_id;
  g_assert_cmpuint (n_cpu, ==, 2);
  jx_trace_selection_add_pattern (threads, "* / Master thread");
  jx_trace_selection_add_pattern (threads, "MPI Rank 0 / OMP*");
  check_subset (jacobi, threads, cpu, n_cpu);
}

/* Threads and accelerator streams of generated ranks, with messages and
 * collectives between the selected and the others. */
static void
test_subset_generated (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *anchor = generate_full (dir, 6, 2, 2, 40000, 0);
  g_autoptr(JxTrace) whole = test_load (anchor, 0);
  g_autoptr(JxTraceSelection) masters = jx_trace_selection_new ();
  g_autoptr(JxTraceSelection) ranks = jx_trace_selection_new ();
  g_autoptr(GArray) master_refs = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) rank_refs = g_array_new (FALSE, FALSE, sizeof (guint64));

  for (guint i = 0; i < jx_trace_get_n_streams (whole); i++)
    {
      const JxStream *s = jx_trace_get_stream (whole, i);
      const char *process = jx_trace_get_process (whole, s->process)->name;

      if (g_str_equal (s->name, "Master thread"))
        g_array_append_val (master_refs, s->otf2_id);
      if (g_str_equal (process, "MPI Rank 1") || g_str_equal (process, "MPI Rank 4"))
        g_array_append_val (rank_refs, s->otf2_id);
    }
  jx_trace_selection_add_pattern (masters, "* / Master thread");
  check_subset (anchor, masters, (guint64 *) master_refs->data, master_refs->len);
  jx_trace_selection_add_process (ranks, 4);
  jx_trace_selection_add_process (ranks, 1);
  check_subset (anchor, ranks, (guint64 *) rank_refs->data, rank_refs->len);
  test_remove_tree (dir);
}

/* Files: only the selected locations' files are opened (inotify on a copy
 * of the archive, so that other tests reading the original do not
 * count). */

static GPtrArray *
opened_files (int fd)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  char buffer[64 * 1024] __attribute__ ((aligned (__alignof__ (struct inotify_event))));
  ssize_t n;

  while ((n = read (fd, buffer, sizeof buffer)) > 0)
    for (char *p = buffer; p < buffer + n; )
      {
        const struct inotify_event *event = (const struct inotify_event *) p;

        if ((event->mask & IN_OPEN) && event->len > 0)
          g_ptr_array_add (names, g_strdup (event->name));
        p += sizeof (struct inotify_event) + event->len;
      }
  return names;
}

static gboolean
names_contain (GPtrArray  *names,
               const char *name)
{
  for (guint i = 0; i < names->len; i++)
    if (g_str_equal (g_ptr_array_index (names, i), name))
      return TRUE;
  return FALSE;
}

static void
test_files_opened (void)
{
  g_autofree char *source = jx_test_get_shared_trace ("TraceR__stencil4d-32");
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *copy = g_build_filename (dir, "stencil", NULL);
  g_autofree char *archive = g_build_filename (copy, "traces", NULL);
  g_autoptr(JxTraceSelection) selection = jx_trace_selection_new ();
  g_autoptr(JxTraceOutline) outline = NULL;
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(JxTrace) part = NULL;
  g_autoptr(GError) error = NULL;
  int fd;

  test_copy_tree (source, copy);
  fd = inotify_init1 (IN_NONBLOCK | IN_CLOEXEC);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (inotify_add_watch (fd, archive, IN_OPEN), >=, 0);

  /* The outline reads the definitions only: no location file. */
  outline = jx_trace_outline_read (copy, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (jx_trace_outline_get_n_locations (outline), ==, 32);
  names = opened_files (fd);
  g_assert_cmpuint (names->len, ==, 0);
  g_clear_pointer (&names, g_ptr_array_unref);

  jx_trace_selection_add_pattern (selection, "MPI Rank 7");
  jx_trace_selection_add_pattern (selection, "MPI Rank 21");
  part = load_part_ok (copy, selection);
  g_assert_cmpuint (jx_trace_get_n_streams (part), ==, 2);
  names = opened_files (fd);
  for (guint i = 0; i < names->len; i++)
    g_test_message ("opened %s", (const char *) g_ptr_array_index (names, i));
  g_assert_true (names_contain (names, "7.evt"));
  g_assert_true (names_contain (names, "21.evt"));
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);

      g_assert_true (g_str_equal (name, "7.evt") || g_str_equal (name, "21.evt") ||
                     g_str_equal (name, "7.def") || g_str_equal (name, "21.def"));
    }
  close (fd);
  test_remove_tree (dir);
}

/* Errors name the trace and what is wrong. */

static void
assert_selection_error (const char             *path,
                        const JxTraceSelection *selection,
                        const char             *must_say)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) trace = load_part (path, selection, JX_MEMORY_UNLIMITED, &error);

  g_assert_null (trace);
  g_assert_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_SELECTION);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "traces.otf2"));
  g_assert_nonnull (strstr (error->message, must_say));
}

static void
test_errors (void)
{
  g_autofree char *path = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *stencil = jx_test_get_shared_trace ("TraceR__stencil4d-32");
  g_autoptr(JxTraceSelection) none = jx_trace_selection_new ();
  g_autoptr(JxTraceSelection) none_loc = jx_trace_selection_new ();
  g_autoptr(JxTraceSelection) process = jx_trace_selection_new ();
  g_autoptr(JxTraceSelection) location = jx_trace_selection_new ();
  g_autoptr(JxTraceSelection) reversed = jx_trace_selection_new ();
  g_autoptr(JxTraceSelection) empty = jx_trace_selection_new ();
  g_autoptr(JxTraceSelection) after = jx_trace_selection_new ();
  g_autoptr(JxTraceSelection) disjoint = jx_trace_selection_new ();

  jx_trace_selection_add_pattern (none, "Rank*");
  assert_selection_error (path, none, "the pattern “Rank*” matches none of its 1 process (“MPI Rank 0”)");
  jx_trace_selection_add_pattern (none_loc, "* / GPU*");
  assert_selection_error (path, none_loc, "matches none of its 4 locations, named “process / location” such as “MPI Rank 0 / Master thread”");
  jx_trace_selection_add_process (process, 32);
  assert_selection_error (stencil, process, "has no process 32: its 32 processes are numbered 0 to 31");
  jx_trace_selection_add_location (location, 4000);
  assert_selection_error (stencil, location, "defines no location 4000");
  jx_trace_selection_set_window (reversed, 2 * JX_NS_PER_SECOND, JX_NS_PER_SECOND);
  assert_selection_error (path, reversed, "the window 2 s – 1 s holds no time");
  jx_trace_selection_set_window (empty, JX_NS_PER_SECOND, JX_NS_PER_SECOND);
  assert_selection_error (path, empty, "holds no time");
  jx_trace_selection_set_window (after, 30 * JX_NS_PER_SECOND, 40 * JX_NS_PER_SECOND);
  assert_selection_error (path, after, "the window begins at 30 s, after the trace ends (it lasts 14.1707 s");
  jx_trace_selection_add_pattern (disjoint, "MPI Rank 1");
  jx_trace_selection_add_location (disjoint, 2);
  assert_selection_error (stencil, disjoint, "takes none of its 32 locations");
}

/* Outline and estimate */

static void
test_outline (void)
{
  g_autofree char *path = jx_test_get_shared_trace ("TraceR__stencil4d-64");
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTraceOutline) outline = jx_trace_outline_read (path, &error);
  g_autoptr(JxTrace) whole = test_load (path, 0);
  g_autoptr(JxTraceSelection) eighth = jx_trace_selection_new ();
  g_autoptr(JxTraceSelection) window = jx_trace_selection_new ();
  g_autofree guint8 *selected = NULL;
  g_autofree guint8 *all = NULL;
  guint64 bytes = 0, sum = 0, est_all, est_eighth, est_window;
  guint i, n = 0;

  g_assert_no_error (error);
  g_assert_cmpuint (jx_trace_outline_get_n_processes (outline), ==, jx_trace_get_n_processes (whole));
  g_assert_cmpuint (jx_trace_outline_get_n_locations (outline), ==, jx_trace_get_n_streams (whole));
  g_assert_cmpuint (jx_trace_outline_get_trace_length (outline), ==, jx_trace_get_trace_length (whole));
  for (i = 0; i < jx_trace_outline_get_n_processes (outline); i++)
    g_assert_cmpstr (jx_trace_outline_get_process (outline, i)->name, ==, jx_trace_get_process (whole, i)->name);
  for (i = 0; i < jx_trace_outline_get_n_locations (outline); i++)
    {
      const JxOutlineLocation *l = jx_trace_outline_get_location (outline, i);
      g_autofree char *file = jx_trace_get_event_file (whole, i);
      GStatBuf st;

      g_assert_cmpuint (l->ref, ==, jx_trace_get_stream (whole, i)->otf2_id);
      g_assert_cmpstr (l->name, ==, jx_trace_get_stream (whole, i)->name);
      g_assert_cmpint (g_stat (file, &st), ==, 0);
      g_assert_cmpuint (l->file_bytes, ==, (guint64) st.st_size);
      bytes += l->file_bytes;
    }
  g_assert_cmpuint (jx_trace_outline_get_event_bytes (outline), ==, bytes);

  jx_trace_selection_set_every (eighth, 8, 0);
  selected = jx_trace_outline_select (outline, eighth, &error);
  g_assert_no_error (error);
  for (i = 0; i < jx_trace_outline_get_n_locations (outline); i++)
    if (selected[i])
      {
        sum += jx_trace_outline_get_location (outline, i)->file_bytes;
        n++;
      }
  g_assert_cmpuint (n, ==, 8);
  all = jx_trace_outline_select (outline, NULL, &error);
  est_all = jx_trace_outline_estimate (outline, all, NULL);
  est_eighth = jx_trace_outline_estimate (outline, selected, eighth);
  g_assert_cmpuint (est_eighth, <, est_all);
  /* The event part scales with the files selected. */
  g_assert_cmpuint (est_all - est_eighth, >=, (guint64) ((bytes - sum) * 1.0));
  jx_trace_selection_set_window (window, 0, jx_trace_ticks_to_ns (whole, (gint64) jx_trace_get_trace_length (whole)) / 4);
  est_window = jx_trace_outline_estimate (outline, all, window);
  g_assert_cmpuint (est_window, <, est_all);
  /* The estimate covers what a whole load keeps. */
  g_assert_cmpuint (est_all, >=, jx_trace_get_memory_size (whole));
}

static void
test_memory_size_parse (void)
{
  static const struct { const char *text; guint64 bytes; } good[] = {
    { "2G", 2ull << 30 }, { "512M", 512ull << 20 }, { "1.5 GiB", 3ull << 29 }, { "800k", 800ull << 10 },
    { "1000000", 1000000 }, { "64MB", 64ull << 20 }, { "1t", 1ull << 40 }, { "unlimited", JX_MEMORY_UNLIMITED },
    { " none ", JX_MEMORY_UNLIMITED }, { "100B", 100 },
  };
  static const char * const bad[] = { "", "G", "-1G", "0", "2X", "2 GG", "1e400", "two", "0.1" };
  guint64 bytes;

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_assert_true (jx_memory_size_parse (good[i].text, &bytes));
      g_assert_cmpuint (bytes, ==, good[i].bytes);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    g_assert_false (jx_memory_size_parse (bad[i], &bytes));
}

/* The budget: a trace estimated above it is refused with a message naming
 * it, the estimate and the budget; one process in eight then loads. */
static void
test_memory_refusal (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *anchor = generate (dir, 16, 1200000, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTraceOutline) outline = jx_trace_outline_read (anchor, &error);
  g_autoptr(JxTraceSelection) eighth = jx_trace_selection_new ();
  g_autofree guint8 *all = jx_trace_outline_select (outline, NULL, NULL);
  g_autofree guint8 *selected = NULL;
  g_autofree char *estimate_text = NULL;
  g_autofree char *budget_text = NULL;
  g_autoptr(JxTrace) refused = NULL;
  g_autoptr(JxTrace) part = NULL;
  guint64 est_all, est_eighth, budget;
  JxLoadOptions options = { 0 };

  jx_trace_selection_set_every (eighth, 8, 0);
  selected = jx_trace_outline_select (outline, eighth, NULL);
  est_all = jx_trace_outline_estimate (outline, all, NULL);
  est_eighth = jx_trace_outline_estimate (outline, selected, eighth);
  budget = (est_all + est_eighth) / 2;
  estimate_text = jx_memory_size_format (est_all);
  budget_text = jx_memory_size_format (budget);

  options.memory_budget = budget;
  options.budget_source = "the test's budget";
  refused = jx_trace_load (anchor, &options, NULL, NULL, NULL, &error);
  g_assert_null (refused);
  g_assert_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_TOO_LARGE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, anchor));
  g_assert_nonnull (strstr (error->message, estimate_text));
  g_assert_nonnull (strstr (error->message, budget_text));
  g_assert_nonnull (strstr (error->message, "the test's budget"));
  g_assert_nonnull (strstr (error->message, "16 of its 16 locations"));
  g_assert_nonnull (strstr (error->message, "a subset of its processes or a time window"));
  g_clear_error (&error);

  options.selection = eighth;
  part = jx_trace_load (anchor, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (jx_trace_get_n_processes (part), ==, 2);
  g_assert_cmpuint (jx_trace_get_memory_size (part), <=, budget);

  /* The environment sets the default budget. */
  g_setenv (JX_MEMORY_BUDGET_ENV, "1M", TRUE);
  g_clear_object (&part);
  part = jx_trace_load (anchor, NULL, NULL, NULL, NULL, &error);
  g_assert_null (part);
  g_assert_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_TOO_LARGE);
  g_clear_pointer (&budget_text, g_free);
  budget_text = jx_memory_size_format (1u << 20);
  g_assert_nonnull (strstr (error->message, JX_MEMORY_BUDGET_ENV));
  g_assert_nonnull (strstr (error->message, budget_text));
  g_clear_error (&error);
  g_setenv (JX_MEMORY_BUDGET_ENV, "lots", TRUE);
  part = jx_trace_load (anchor, NULL, NULL, NULL, NULL, &error);
  g_assert_null (part);
  g_assert_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, JX_MEMORY_BUDGET_ENV "=“lots” is no memory size"));
  g_clear_error (&error);
  g_setenv (JX_MEMORY_BUDGET_ENV, "unlimited", TRUE);
  part = jx_trace_load (anchor, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_unsetenv (JX_MEMORY_BUDGET_ENV);
  test_remove_tree (dir);
}

/* An estimate can be wrong: a window's share of a trace whose events all
 * come late (a long start-up) is small, its events are not. The load
 * stops once it outgrows the budget instead of running out of memory. */
static void
test_memory_guard (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *anchor = generate (dir, 8, 2000000, 200 * JX_NS_PER_SECOND);
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTraceOutline) outline = jx_trace_outline_read (anchor, &error);
  g_autoptr(JxTraceSelection) late = jx_trace_selection_new ();
  g_autofree guint8 *all = jx_trace_outline_select (outline, NULL, NULL);
  g_autoptr(JxTrace) trace = NULL;
  guint64 estimate, size;

  jx_trace_selection_set_window (late, 190 * JX_NS_PER_SECOND, JX_WINDOW_OPEN_END);
  estimate = jx_trace_outline_estimate (outline, all, late);
  trace = load_part (anchor, late, JX_MEMORY_UNLIMITED, &error);
  g_assert_no_error (error);
  size = jx_trace_get_memory_size (trace);
  g_clear_object (&trace);
  /* The premise: the estimate misjudges this window. */
  g_assert_cmpuint (estimate, <, size);

  trace = load_part (anchor, late, (estimate + size) / 2, &error);
  g_assert_null (trace);
  g_assert_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_TOO_LARGE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "was stopped when it had taken"));
  g_assert_nonnull (strstr (error->message, anchor));
  test_remove_tree (dir);
}

static void
on_loaded (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  JxTrace **trace = user_data;
  g_autoptr(GError) error = NULL;

  *trace = jx_trace_load_finish (result, &error);
  g_assert_no_error (error);
}

static gboolean
is_set (gpointer data)
{
  return *(JxTrace **) data != NULL;
}

/* The window's load path takes a selection the caller frees at once. */
static void
test_async (void)
{
  g_autofree char *path = jx_test_get_shared_trace ("TraceR__stencil4d-32");
  JxTraceSelection *selection = jx_trace_selection_new ();
  JxLoadOptions options = { 0 };
  g_autoptr(JxTrace) trace = NULL;
  g_autofree char *source = g_strdup ("a budget freed at once");

  jx_trace_selection_add_pattern (selection, "MPI Rank 2*");
  options.selection = selection;
  options.memory_budget = 1u << 30;
  options.budget_source = source;
  jx_trace_load_async (path, &options, NULL, NULL, NULL, NULL, on_loaded, &trace);
  jx_trace_selection_free (selection);
  g_clear_pointer (&source, g_free);
  g_assert_true (jx_test_wait_until (is_set, &trace, 60));
  g_assert_cmpuint (jx_trace_get_n_processes (trace), ==, 11);
  g_assert_cmpuint (jx_trace_get_partial (trace)->n_processes_selected, ==, 11);
}

/* The description says what was taken. */
static void
test_description (void)
{
  g_autofree char *path = jx_test_get_shared_trace ("TraceR__stencil4d-64");
  g_autoptr(JxTraceSelection) selection = jx_trace_selection_new ();
  g_autoptr(JxTraceSelection) all = jx_trace_selection_new ();
  g_autoptr(JxTrace) part = NULL;
  g_autoptr(JxTrace) whole = NULL;
  g_autofree char *rules = NULL;

  jx_trace_selection_add_pattern (selection, "MPI Rank 1*");
  jx_trace_selection_set_every (selection, 2, 0);
  jx_trace_selection_set_window (selection, 500 * 1000 * 1000, JX_NS_PER_SECOND);
  rules = jx_trace_selection_describe (selection);
  g_assert_cmpstr (rules, ==, "“MPI Rank 1*”, one process in 2, window 500 ms – 1 s");
  part = load_part_ok (path, selection);
  g_assert_cmpstr (jx_trace_get_partial (part)->description, ==,
                   "6 of 64 processes (“MPI Rank 1*”, one process in 2), window 500 ms – 1 s");

  /* Rules that take everything load the whole trace. */
  jx_trace_selection_add_pattern (all, "*");
  whole = load_part_ok (path, all);
  g_assert_null (jx_trace_get_partial (whole));
  g_assert_cmpuint (jx_trace_get_n_processes (whole), ==, 64);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/partial/window/real", test_window_real);
  g_test_add_func ("/model/partial/window/generated", test_window_generated);
  g_test_add_func ("/model/partial/window/open", test_window_open);
  g_test_add_func ("/model/partial/subset/pattern", test_subset_pattern);
  g_test_add_func ("/model/partial/subset/every", test_subset_every);
  g_test_add_func ("/model/partial/subset/ids", test_subset_ids);
  g_test_add_func ("/model/partial/subset/generated", test_subset_generated);
  g_test_add_func ("/model/partial/files-opened", test_files_opened);
  g_test_add_func ("/model/partial/errors", test_errors);
  g_test_add_func ("/model/partial/outline", test_outline);
  g_test_add_func ("/model/partial/description", test_description);
  g_test_add_func ("/model/partial/async", test_async);
  g_test_add_func ("/model/partial/memory/size-parse", test_memory_size_parse);
  g_test_add_func ("/model/partial/memory/refusal", test_memory_refusal);
  g_test_add_func ("/model/partial/memory/guard", test_memory_guard);
  return g_test_run ();
}
