/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-partial — partial loads (jx-trace-selection.h; windows are in
 * test-partial-window.c): a subset of locations equals the whole load's streams of those locations; only
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
#include "partial-test-util.h"

/* Location subsets */

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
  g_autoptr(JxTrace) part = test_load_part_ok (path, selection);
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
        test_add_msg (expected, whole, i);
      else if (m->receiver != JX_NONE)
        unselected += (s ? 1 : 0) + (r && m->recv_time != G_MAXUINT64 ? 1 : 0);
    }
  for (i = 0; i < jx_trace_get_n_messages (part); i++)
    test_add_msg (got, part, i);
  g_array_sort (expected, test_compare_msg);
  g_array_sort (got, test_compare_msg);
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
  g_autofree char *anchor = test_generate_full (dir, 6, 2, 2, 40000, 0);
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

/* External messages: with keep_external_messages a part keeps each send
 * and receive whose peer it left out as a record, exactly the whole load's
 * message (sender, receiver, time, size), and only those: its streams and
 * messages are the same as without. */
static void
test_external_messages (void)
{
  g_autofree char *path = jx_test_get_shared_trace ("TraceR__stencil4d-64");
  g_autoptr(JxTraceSelection) selection = jx_trace_selection_new ();
  g_autoptr(JxTrace) whole = test_load (path, 0);
  g_autoptr(JxTrace) plain = NULL;
  g_autoptr(JxTrace) part = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) sends = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) recvs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  JxLoadOptions options = { 0 };
  const JxExternalMessage *external;
  gsize n = 0;

  jx_trace_selection_add_pattern (selection, "MPI Rank 1*");
  plain = test_load_part_ok (path, selection);
  options.selection = selection;
  options.memory_budget = JX_MEMORY_UNLIMITED;
  options.keep_external_messages = TRUE;
  part = jx_trace_load (path, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  /* The whole load's messages by (sender, receiver, time, size). */
  for (guint i = 0; i < jx_trace_get_n_messages (whole); i++)
    {
      const JxMessage *m = &jx_trace_get_messages (whole)[i];
      guint64 from = jx_trace_get_stream (whole, m->sender)->otf2_id;
      guint64 to = m->receiver != JX_NONE ? jx_trace_get_stream (whole, m->receiver)->otf2_id : G_MAXUINT64;
      guint64 size = jx_trace_get_message_size (whole, i);

      g_hash_table_add (sends, g_strdup_printf ("%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
                                                " %" G_GUINT64_FORMAT, from, to, m->send_time, size));
      if (m->recv_time != G_MAXUINT64)
        g_hash_table_add (recvs, g_strdup_printf ("%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT,
                                                  from, to, m->recv_time));
    }

  external = jx_trace_get_external_messages (part, &n);
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (n, ==, jx_trace_get_partial (part)->n_messages_unselected);
  for (gsize i = 0; i < n; i++)
    {
      const JxExternalMessage *e = &external[i];
      guint64 self = jx_trace_get_stream (part, e->stream)->otf2_id;
      g_autofree char *key = NULL;

      g_assert_cmpuint (e->unmatched, ==, 0);
      g_assert_null (test_stream_by_ref (part, e->peer));
      g_assert_true (i == 0 || external[i - 1].stream < e->stream || external[i - 1].time <= e->time);
      if (e->send)
        key = g_strdup_printf ("%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT,
                               self, e->peer, e->time, e->size);
      else
        key = g_strdup_printf ("%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT,
                               e->peer, self, e->time);
      g_assert_true (g_hash_table_contains (e->send ? sends : recvs, key));
    }

  /* Nothing else changes. */
  g_assert_cmpuint (jx_trace_get_n_streams (part), ==, jx_trace_get_n_streams (plain));
  g_assert_cmpuint (jx_trace_get_n_messages (part), ==, jx_trace_get_n_messages (plain));
  g_assert_cmpuint (jx_trace_get_n_events (part), ==, jx_trace_get_n_events (plain));
  g_assert_cmpuint (jx_trace_get_n_defects (part), ==, jx_trace_get_n_defects (plain));
  jx_trace_get_external_messages (plain, &n);
  g_assert_cmpuint (n, ==, 0);
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
  part = test_load_part_ok (copy, selection);
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
  g_autoptr(JxTrace) trace = test_load_part (path, selection, JX_MEMORY_UNLIMITED, &error);

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
record_progress (guint    n_read,
                 guint    n_total,
                 gpointer user_data)
{
  guint pair[2] = { n_read, n_total };

  g_array_append_vals (user_data, pair, 2);
}

/* Reading the definitions tells the locations defined so far of those the
 * anchor announces, growing, in steps on a trace of many ranks, the last
 * one complete; the outline is the one read without telling. */
static void
test_outline_progress (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *anchor = test_generate (dir, 1500, 30000, 0);
  g_autoptr(GArray) calls = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTraceOutline) plain = jx_trace_outline_read (anchor, &error);
  g_autoptr(JxTraceOutline) told = jx_trace_outline_read_full (anchor, record_progress, calls, &error);
  guint n_calls = calls->len / 2;

  g_assert_no_error (error);
  g_assert_cmpuint (jx_trace_outline_get_n_locations (told), ==, 1500);
  g_assert_cmpuint (jx_trace_outline_get_n_locations (told), ==, jx_trace_outline_get_n_locations (plain));
  g_assert_cmpuint (jx_trace_outline_get_n_processes (told), ==, jx_trace_outline_get_n_processes (plain));
  g_assert_cmpuint (jx_trace_outline_get_event_bytes (told), ==, jx_trace_outline_get_event_bytes (plain));
  g_assert_cmpuint (n_calls, >=, 2);
  for (guint i = 0; i < n_calls; i++)
    {
      g_assert_cmpuint (g_array_index (calls, guint, 2 * i + 1), ==, 1500);
      if (i > 0)
        g_assert_cmpuint (g_array_index (calls, guint, 2 * i), >, g_array_index (calls, guint, 2 * i - 2));
    }
  g_assert_cmpuint (g_array_index (calls, guint, 0), <, 1500);
  g_assert_cmpuint (g_array_index (calls, guint, 2 * n_calls - 2), ==, 1500);
  jx_test_remove_tree (dir);
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
  g_autofree char *anchor = test_generate (dir, 16, 1200000, 0);
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
  g_autofree char *anchor = test_generate (dir, 8, 2000000, 200 * JX_NS_PER_SECOND);
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTraceOutline) outline = jx_trace_outline_read (anchor, &error);
  g_autoptr(JxTraceSelection) late = jx_trace_selection_new ();
  g_autofree guint8 *all = jx_trace_outline_select (outline, NULL, NULL);
  g_autoptr(JxTrace) trace = NULL;
  guint64 estimate, size;

  jx_trace_selection_set_window (late, 190 * JX_NS_PER_SECOND, JX_WINDOW_OPEN_END);
  estimate = jx_trace_outline_estimate (outline, all, late);
  trace = test_load_part (anchor, late, JX_MEMORY_UNLIMITED, &error);
  g_assert_no_error (error);
  size = jx_trace_get_memory_size (trace);
  g_clear_object (&trace);
  /* The premise: the estimate misjudges this window. */
  g_assert_cmpuint (estimate, <, size);

  trace = test_load_part (anchor, late, (estimate + size) / 2, &error);
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
  part = test_load_part_ok (path, selection);
  g_assert_cmpstr (jx_trace_get_partial (part)->description, ==,
                   "6 of 64 processes (“MPI Rank 1*”, one process in 2), window 500 ms – 1 s");

  /* Rules that take everything load the whole trace. */
  jx_trace_selection_add_pattern (all, "*");
  whole = test_load_part_ok (path, all);
  g_assert_null (jx_trace_get_partial (whole));
  g_assert_cmpuint (jx_trace_get_n_processes (whole), ==, 64);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/partial/subset/pattern", test_subset_pattern);
  g_test_add_func ("/model/partial/subset/every", test_subset_every);
  g_test_add_func ("/model/partial/subset/ids", test_subset_ids);
  g_test_add_func ("/model/partial/subset/generated", test_subset_generated);
  g_test_add_func ("/model/partial/external-messages", test_external_messages);
  g_test_add_func ("/model/partial/files-opened", test_files_opened);
  g_test_add_func ("/model/partial/errors", test_errors);
  g_test_add_func ("/model/partial/outline", test_outline);
  g_test_add_func ("/model/partial/outline-progress", test_outline_progress);
  g_test_add_func ("/model/partial/description", test_description);
  g_test_add_func ("/model/partial/async", test_async);
  g_test_add_func ("/model/partial/memory/size-parse", test_memory_size_parse);
  g_test_add_func ("/model/partial/memory/refusal", test_memory_refusal);
  g_test_add_func ("/model/partial/memory/guard", test_memory_guard);
  return g_test_run ();
}
