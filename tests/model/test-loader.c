/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "jx-demangle.h"
#include "jx-profile.h"
#include "jx-test-util.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"
#include "model-test-util.h"
#include "otf2-count.h"

/* libotf2 3.0.2 leaks its archive object when OTF2_Reader_Open fails on a
 * corrupt anchor (the truncated-anchor case below); LeakSanitizer reads this
 * hook when the suite runs under ASan. */
const char *__lsan_default_suppressions (void);

const char *
__lsan_default_suppressions (void)
{
  return "leak:libopen-trace-format2.so\n";
}

static gint
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

/* Every directory below the shared traces, sorted. */
static GPtrArray *
list_traces (void)
{
  GPtrArray *list = g_ptr_array_new_with_free_func (g_free);
  const char *root = jx_test_get_shared_traces ();
  g_autoptr(GDir) dir = NULL;
  const char *entry;

  dir = g_dir_open (root, 0, NULL);
  while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (root, entry, NULL);
      g_autofree char *anchor = g_build_filename (path, "traces.otf2", NULL);

      if (g_file_test (anchor, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (list, g_steal_pointer (&path));
    }
  g_ptr_array_sort (list, compare_paths);
  if (list->len == 0)
    g_error ("No trace (a folder with traces.otf2) in %s", root);
  return list;
}

/* Location and event counts, per location and per kind, equal what libotf2's
 * own (global) event reader delivers. */
static void
test_loader_real_counts (void)
{
  g_autoptr(GPtrArray) traces = list_traces ();
  guint t;

  for (t = 0; t < traces->len; t++)
    {
      const char *path = g_ptr_array_index (traces, t);
      g_autofree char *anchor = g_build_filename (path, "traces.otf2", NULL);
      g_autofree char *error = NULL;
      CountResult count;
      guint readers;

      g_test_message ("%s", path);
      g_assert_true (count_archive (anchor, &count, &error));

      for (readers = 1; readers <= 2; readers++)
        {
          g_autoptr(JxTrace) trace = test_load (path, readers);
          guint i, k;

          g_assert_cmpuint (jx_trace_get_n_streams (trace), ==, count.n_locations);
          g_assert_cmpuint (jx_trace_get_n_processes (trace), ==, count.n_location_groups);
          g_assert_cmpuint (jx_trace_get_n_events (trace), ==, count.n_events);
          for (k = 0; k < JX_N_EVENT_KINDS; k++)
            g_assert_cmpuint (jx_trace_get_event_count (trace, k), ==, count.kinds[k]);

          for (i = 0; i < count.n_locations; i++)
            {
              const CountLocation *l = &count.locations[i];
              const JxStream *s = test_stream_by_ref (trace, l->ref);

              g_assert_nonnull (s);
              g_assert_cmpuint (s->n_events, ==, l->n_events);
              for (k = 0; k < JX_N_EVENT_KINDS; k++)
                g_assert_cmpuint (s->event_counts[k], ==, l->kinds[k]);
              g_assert_false (s->flags & (JX_STREAM_FLAG_MISSING | JX_STREAM_FLAG_TRUNCATED));
            }
          /* Intact archives: every local definition and event file reads. */
          g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_LOCAL_DEFINITIONS), ==, 0);
          g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_TRUNCATED_EVENTS), ==, 0);
          g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_MISSING_EVENTS), ==, 0);

          /* Streams of a process are contiguous and cover all streams. */
          {
            guint covered = 0;

            for (i = 0; i < jx_trace_get_n_processes (trace); i++)
              {
                const JxProcess *p = jx_trace_get_process (trace, i);

                g_assert_cmpuint (p->first_stream, ==, covered);
                covered += p->n_streams;
                for (k = p->first_stream; k < p->first_stream + p->n_streams; k++)
                  g_assert_cmpuint (jx_trace_get_stream (trace, k)->process, ==, i);
              }
            g_assert_cmpuint (covered, ==, jx_trace_get_n_streams (trace));
          }
        }
      count_result_clear (&count);
    }
}

/* Flat profile (count, inclusive, exclusive per region) equals sums made
 * from the raw enter/leave events. */
static void
test_loader_real_profile (void)
{
  g_autoptr(GPtrArray) traces = list_traces ();
  guint t;

  for (t = 0; t < traces->len; t++)
    {
      const char *path = g_ptr_array_index (traces, t);
      g_autofree char *anchor = g_build_filename (path, "traces.otf2", NULL);
      g_autofree char *error = NULL;
      g_autoptr(JxTrace) trace = test_load (path, 0);
      g_autofree JxRegionStats *stats = NULL;
      CountResult count;
      guint r;

      g_test_message ("%s", path);
      g_assert_true (count_archive (anchor, &count, &error));
      stats = jx_profile_compute_region_stats (trace, NULL, 0, 0, G_MAXUINT64);

      g_assert_cmpuint (jx_trace_get_n_regions (trace), >=, count.n_regions);
      for (r = 0; r < count.n_regions; r++)
        {
          g_autofree char *demangled = jx_demangle_symbol (count.region_names[r]);

          /* C++ symbols are shown demangled (see test-demangle). */
          g_assert_cmpstr (jx_trace_get_region (trace, r)->name, ==,
                           demangled != NULL ? demangled : count.region_names[r]);
          g_assert_cmpuint (stats[r].count, ==, count.profile[r].count);
          g_assert_cmpuint (stats[r].inclusive, ==, count.profile[r].inclusive);
          g_assert_cmpuint (stats[r].exclusive, ==, count.profile[r].exclusive);
        }
      count_result_clear (&count);
    }
}

static void
test_loader_pingpong (void)
{
  g_autofree char *path = NULL;
  g_autoptr(JxTrace) trace = NULL;
  guint32 send, recv;
  guint64 sends = 0, recvs = 0;
  guint64 bytes[2] = { 0, 0 };
  guint n_dir[2] = { 0, 0 };
  guint i, j;

  path = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  trace = test_load (path, 0);

  g_assert_cmpuint (jx_trace_get_n_processes (trace), ==, 2);
  g_assert_cmpuint (jx_trace_get_n_streams (trace), ==, 2);
  g_assert_cmpuint (jx_trace_get_n_events (trace), ==, 120);
  g_assert_cmpuint (jx_trace_get_event_count (trace, JX_EVENT_ENTER), ==, 42);
  g_assert_cmpuint (jx_trace_get_event_count (trace, JX_EVENT_LEAVE), ==, 42);
  g_assert_cmpuint (jx_trace_get_event_count (trace, JX_EVENT_MPI_SEND), ==, 16);
  g_assert_cmpuint (jx_trace_get_event_count (trace, JX_EVENT_MPI_RECV), ==, 16);
  g_assert_cmpuint (jx_trace_get_event_count (trace, JX_EVENT_PROGRAM), ==, 4);
  g_assert_cmpuint (jx_trace_get_n_defects (trace), ==, 0);

  send = jx_trace_find_region (trace, "MPI_Send");
  recv = jx_trace_find_region (trace, "MPI_Recv");
  g_assert_cmpuint (send, !=, JX_NONE);
  g_assert_cmpuint (recv, !=, JX_NONE);
  g_assert_cmpint (jx_trace_get_region (trace, send)->category, ==, JX_CATEGORY_MPI);

  for (i = 0; i < 2; i++)
    {
      const JxStream *s = jx_trace_get_stream (trace, i);
      g_autofree char *anchor = NULL;

      g_assert_cmpuint (s->n_events, ==, 60);
      g_assert_cmpuint (jx_trace_get_process (trace, i)->n_streams, ==, 1);
      for (j = 0; j < s->n_invocations; j++)
        {
          if (s->region[j] == send)
            sends++;
          if (s->region[j] == recv)
            recvs++;
          if (j > 0)
            g_assert_cmpuint (s->start[j - 1], <, s->start[j]);
        }
    }
  g_assert_cmpuint (sends, ==, 16);
  g_assert_cmpuint (recvs, ==, 16);

  /* Timestamps strictly increasing per location, seen through libotf2. */
  {
    g_autofree char *anchor = g_build_filename (path, "traces.otf2", NULL);
    g_autofree char *error = NULL;
    CountResult count;

    g_assert_true (count_archive (anchor, &count, &error));
    for (i = 0; i < count.n_locations; i++)
      g_assert_true (count.locations[i].increasing);
    g_assert_cmpuint (count.send_bytes, ==, 2 * 4177920);
    count_result_clear (&count);
  }

  g_assert_cmpuint (jx_trace_get_n_messages (trace), ==, 16);
  for (i = 0; i < jx_trace_get_n_messages (trace); i++)
    {
      const JxMessage *m = &jx_trace_get_messages (trace)[i];

      g_assert_cmpuint (m->receiver, !=, JX_NONE);
      g_assert_cmpuint (m->recv_time, !=, G_MAXUINT64);
      g_assert_cmpuint (m->sender, !=, m->receiver);
      g_assert_cmpuint (m->recv_time, >=, m->send_time);
      bytes[m->sender] += jx_trace_get_message_size (trace, i);
      n_dir[m->sender]++;
      if (i > 0)
        g_assert_cmpuint (jx_trace_get_messages (trace)[i - 1].send_time, <=, m->send_time);
    }
  g_assert_cmpuint (n_dir[0], ==, 8);
  g_assert_cmpuint (n_dir[1], ==, 8);
  g_assert_cmpuint (bytes[0], ==, 4177920);
  g_assert_cmpuint (bytes[1], ==, 4177920);
}

/* Errors */

static void
assert_load_error (const char *path,
                   gint        code,
                   const char *must_name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) trace = jx_trace_load (path, NULL, NULL, NULL, NULL, &error);

  g_assert_null (trace);
  g_assert_error (error, JX_TRACE_ERROR, code);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, must_name));
}

/* Generated traces with threads and accelerator streams: counts and the
 * flat profile again equal the independent libotf2 reading. */
static void
test_loader_generated_counts (void)
{
  JxGeneratorOptions options;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *anchor = NULL;
  g_autofree char *problem = NULL;
  g_autoptr(JxTrace) trace = NULL;
  g_autofree JxRegionStats *stats = NULL;
  CountResult count;
  guint i, k, n_accel = 0;

  dir = g_dir_make_tmp (NULL, &error);
  g_assert_no_error (error);
  jx_generator_options_init (&options);
  options.seed = 5;
  options.n_ranks = 3;
  options.n_threads = 2;
  options.n_gpu_streams = 2;
  options.n_iterations = 8;
  options.markers = TRUE;
  g_assert_cmpuint (jx_generate_trace (dir, &options, &error), >, 0);
  g_assert_no_error (error);

  anchor = g_build_filename (dir, "traces.otf2", NULL);
  g_assert_true (count_archive (anchor, &count, &problem));
  trace = test_load (dir, 2);

  g_assert_cmpuint (jx_trace_get_n_streams (trace), ==, count.n_locations);
  g_assert_cmpuint (jx_trace_get_n_events (trace), ==, count.n_events);
  for (k = 0; k < JX_N_EVENT_KINDS; k++)
    g_assert_cmpuint (jx_trace_get_event_count (trace, k), ==, count.kinds[k]);
  for (i = 0; i < count.n_locations; i++)
    {
      const JxStream *s = test_stream_by_ref (trace, count.locations[i].ref);

      g_assert_nonnull (s);
      g_assert_cmpuint (s->n_events, ==, count.locations[i].n_events);
      if (s->kind == JX_STREAM_ACCELERATOR)
        n_accel++;
    }
  g_assert_cmpuint (n_accel, ==, 3 * 2);

  stats = jx_profile_compute_region_stats (trace, NULL, 0, 0, G_MAXUINT64);
  for (i = 0; i < count.n_regions; i++)
    {
      g_assert_cmpuint (stats[i].count, ==, count.profile[i].count);
      g_assert_cmpuint (stats[i].inclusive, ==, count.profile[i].inclusive);
      g_assert_cmpuint (stats[i].exclusive, ==, count.profile[i].exclusive);
    }
  count_result_clear (&count);
  test_remove_tree (dir);
}

static void
test_loader_error_missing (void)
{
  assert_load_error ("/nonexistent/juxtrace/trace.otf2", JX_TRACE_ERROR_NOT_FOUND,
                     "/nonexistent/juxtrace/trace.otf2");
}

static void
test_loader_error_empty_dir (void)
{
  g_autofree char *dir = test_make_temp_dir ();

  assert_load_error (dir, JX_TRACE_ERROR_NOT_FOUND, dir);
  test_remove_tree (dir);
}

static void
test_loader_error_two_anchors (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *a = g_build_filename (dir, "a.otf2", NULL);
  g_autofree char *b = g_build_filename (dir, "b.otf2", NULL);

  g_assert_true (g_file_set_contents (a, "x", 1, NULL));
  g_assert_true (g_file_set_contents (b, "x", 1, NULL));
  assert_load_error (dir, JX_TRACE_ERROR_AMBIGUOUS, dir);
  test_remove_tree (dir);
}

static void
test_loader_error_garbage (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *anchor = g_build_filename (dir, "garbage.otf2", NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  char buf[4096];
  guint i;

  for (i = 0; i < sizeof buf; i++)
    buf[i] = (char) g_rand_int_range (rand, 0, 256);
  g_assert_true (g_file_set_contents (anchor, buf, sizeof buf, NULL));
  assert_load_error (dir, JX_TRACE_ERROR_UNSUPPORTED, anchor);

  g_assert_true (g_file_set_contents (anchor, "", 0, NULL));
  assert_load_error (anchor, JX_TRACE_ERROR_UNSUPPORTED, anchor);

  /* Right magic, garbage after it: libotf2 itself has to reject it. */
  memcpy (buf, "\003BOTF2", 6);
  g_assert_true (g_file_set_contents (anchor, buf, sizeof buf, NULL));
  assert_load_error (anchor, JX_TRACE_ERROR_CORRUPT, anchor);
  test_remove_tree (dir);
}

/* A real archive whose anchor is cut in half, and one whose global
 * definitions are missing or cut short. */
static void
test_loader_error_truncated (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *src = NULL;
  g_autofree char *anchor = NULL;
  g_autofree char *def = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  dir = test_make_temp_dir ();
  src = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  test_copy_tree (src, dir);
  anchor = g_build_filename (dir, "traces.otf2", NULL);
  def = g_build_filename (dir, "traces.def", NULL);

  g_assert_true (g_file_get_contents (def, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (def, contents, length / 3, NULL));
  assert_load_error (dir, JX_TRACE_ERROR_CORRUPT, "traces.def");

  g_remove (def);
  assert_load_error (dir, JX_TRACE_ERROR_CORRUPT, "traces.def");

  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (anchor, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (anchor, contents, length / 2, NULL));
  assert_load_error (dir, JX_TRACE_ERROR_CORRUPT, anchor);

  test_remove_tree (dir);
}

/* Anchor of any name, given as file or as its directory. */
static void
test_loader_anchor_name (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *src = NULL;
  g_autofree char *renamed = NULL;
  g_autofree char *old_anchor = NULL;
  g_autofree char *old_def = NULL;
  g_autofree char *old_dir = NULL;
  g_autoptr(JxTrace) a = NULL;
  g_autoptr(JxTrace) b = NULL;

  dir = test_make_temp_dir ();
  src = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  test_copy_tree (src, dir);
  old_anchor = g_build_filename (dir, "traces.otf2", NULL);
  old_def = g_build_filename (dir, "traces.def", NULL);
  old_dir = g_build_filename (dir, "traces", NULL);
  renamed = g_build_filename (dir, "APEX.otf2", NULL);
  g_assert_cmpint (g_rename (old_anchor, renamed), ==, 0);
  {
    g_autofree char *new_def = g_build_filename (dir, "APEX.def", NULL);
    g_autofree char *new_dir = g_build_filename (dir, "APEX", NULL);

    g_assert_cmpint (g_rename (old_def, new_def), ==, 0);
    g_assert_cmpint (g_rename (old_dir, new_dir), ==, 0);
  }

  a = test_load (dir, 0);
  b = test_load (renamed, 0);
  g_assert_cmpstr (jx_trace_get_path (a), ==, renamed);
  g_assert_cmpuint (jx_trace_get_n_events (a), ==, 120);
  g_assert_cmpuint (jx_trace_get_n_events (b), ==, 120);
  /* "APEX" is what every APEX trace is called: the folder names it. */
  {
    g_autofree char *folder = g_path_get_basename (dir);

    g_assert_cmpstr (jx_trace_get_name (b), ==, folder);
  }
  test_remove_tree (dir);
}

/* Cancellation, one and two readers, before and in the middle of a load. */

typedef struct
{
  GCancellable *cancellable;
  double        cancel_at;
  guint         calls;
  double        last;
} CancelData;

static void
cancel_progress (double   fraction,
                 gpointer user_data)
{
  CancelData *data = user_data;

  g_assert_cmpfloat (fraction, >=, data->last);
  data->last = fraction;
  data->calls++;
  if (fraction >= data->cancel_at)
    g_cancellable_cancel (data->cancellable);
}

static char *
generate (guint n_ranks,
          guint n_iterations,
          guint defects)
{
  JxGeneratorOptions options;
  g_autoptr(GError) error = NULL;
  char *dir = test_make_temp_dir ();
  guint64 n;

  jx_generator_options_init (&options);
  options.seed = 7;
  options.n_ranks = n_ranks;
  options.n_iterations = n_iterations;
  options.defects = defects;
  n = jx_generate_trace (dir, &options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n, >, 0);
  return dir;
}

static char *
generate_markers (guint n_ranks,
                  guint n_iterations)
{
  JxGeneratorOptions options;
  g_autoptr(GError) error = NULL;
  char *dir = test_make_temp_dir ();

  jx_generator_options_init (&options);
  options.seed = 3;
  options.n_ranks = n_ranks;
  options.n_iterations = n_iterations;
  options.markers = TRUE;
  g_assert_cmpuint (jx_generate_trace (dir, &options, &error), >, 0);
  g_assert_no_error (error);
  return dir;
}

static void
test_loader_cancel (void)
{
  g_autofree char *dir = generate (4, 200, 0);
  guint readers;

  for (readers = 1; readers <= 2; readers++)
    {
      JxLoadOptions options = { readers };
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(JxTrace) trace = NULL;
      CancelData data = { cancellable, 0.3, 0, 0.0 };

      trace = jx_trace_load (dir, &options, cancel_progress, &data, cancellable, &error);
      g_assert_null (trace);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_assert_cmpuint (data.calls, <=, 101);
      g_clear_error (&error);

      trace = jx_trace_load (dir, &options, NULL, NULL, cancellable, &error);
      g_assert_null (trace);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    }
  test_remove_tree (dir);
}

/* One and two readers produce the same model, markers and collectives
 * included. */
static void
test_loader_readers_agree (void)
{
  g_autofree char *dir = generate_markers (5, 30);
  g_autoptr(JxTrace) a = test_load (dir, 1);
  g_autoptr(JxTrace) b = test_load (dir, 2);
  guint i, k;

  g_assert_cmpuint (jx_trace_get_n_streams (a), ==, jx_trace_get_n_streams (b));
  g_assert_cmpuint (jx_trace_get_n_events (a), ==, jx_trace_get_n_events (b));
  g_assert_cmpuint (jx_trace_get_n_messages (a), ==, jx_trace_get_n_messages (b));
  g_assert_cmpuint (jx_trace_get_n_collectives (a), ==, jx_trace_get_n_collectives (b));
  g_assert_cmpuint (jx_trace_get_n_markers (a), ==, jx_trace_get_n_markers (b));
  g_assert_cmpuint (jx_trace_get_n_defects (a), ==, 0);
  g_assert_cmpuint (jx_trace_get_n_markers (a), >, 0);
  g_assert_cmpuint (jx_trace_get_n_marker_defs (a), >, 0);
  g_assert_cmpuint (jx_trace_get_n_collectives (a), >, 0);
  for (i = 1; i < jx_trace_get_n_markers (a); i++)
    g_assert_cmpuint (jx_trace_get_marker (a, i - 1)->time, <=, jx_trace_get_marker (a, i)->time);
  for (i = 0; i < jx_trace_get_n_markers (a); i++)
    g_assert_cmpuint (jx_trace_get_marker (a, i)->def, <, jx_trace_get_n_marker_defs (a));
  for (i = 1; i < jx_trace_get_n_collectives (a); i++)
    g_assert_cmpuint (jx_trace_get_collectives (a)[i - 1].begin_time, <=,
                      jx_trace_get_collectives (a)[i].begin_time);
  for (i = 0; i < jx_trace_get_n_messages (a); i++)
    g_assert_cmpuint (jx_trace_get_messages (a)[i].recv_time, !=, G_MAXUINT64);
  g_assert_cmpmem (jx_trace_get_collectives (a), jx_trace_get_n_collectives (a) * sizeof (JxCollective),
                   jx_trace_get_collectives (b), jx_trace_get_n_collectives (b) * sizeof (JxCollective));
  for (i = 0; i < jx_trace_get_n_streams (a); i++)
    {
      const JxStream *x = jx_trace_get_stream (a, i);
      const JxStream *y = jx_trace_get_stream (b, i);

      g_assert_cmpuint (x->n_invocations, ==, y->n_invocations);
      for (k = 0; k < x->n_invocations; k++)
        {
          g_assert_cmpuint (x->start[k], ==, y->start[k]);
          g_assert_cmpuint (x->end[k], ==, y->end[k]);
          g_assert_cmpuint (x->region[k], ==, y->region[k]);
          g_assert_cmpuint (x->subtree_end[k], ==, y->subtree_end[k]);
        }
    }
  g_assert_cmpmem (jx_trace_get_messages (a), jx_trace_get_n_messages (a) * sizeof (JxMessage),
                   jx_trace_get_messages (b), jx_trace_get_n_messages (b) * sizeof (JxMessage));
  test_remove_tree (dir);
}

/* Async: progress arrives on the caller's thread, in order, at most ~100
 * times, and the trace at the end. */

typedef struct
{
  GMainLoop *loop;
  JxTrace   *trace;
  GError    *error;
  GThread   *thread;
  guint      calls;
  double     last;
  gboolean   notified;
} AsyncData;

static void
async_progress (double   fraction,
                gpointer user_data)
{
  AsyncData *data = user_data;

  g_assert_true (g_thread_self () == data->thread);
  g_assert_null (data->trace);
  g_assert_cmpfloat (fraction, >=, data->last);
  g_assert_cmpfloat (fraction, <=, 1.0);
  data->last = fraction;
  data->calls++;
}

static void
async_notify (gpointer user_data)
{
  AsyncData *data = user_data;

  g_assert_true (g_thread_self () == data->thread);
  data->notified = TRUE;
}

static void
async_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  AsyncData *data = user_data;

  data->trace = jx_trace_load_finish (result, &data->error);
  g_main_loop_quit (data->loop);
}

static void
test_loader_async (void)
{
  g_autofree char *dir = generate (3, 60, 0);
  AsyncData data = { 0 };

  data.loop = g_main_loop_new (NULL, FALSE);
  data.thread = g_thread_self ();
  jx_trace_load_async (dir, NULL, async_progress, &data, async_notify, NULL, async_done, &data);
  g_main_loop_run (data.loop);

  g_assert_no_error (data.error);
  g_assert_nonnull (data.trace);
  g_assert_cmpuint (data.calls, >=, 1);
  g_assert_cmpuint (data.calls, <=, 102);
  g_assert_cmpuint (jx_trace_get_n_events (data.trace), >, 0);

  /* The task and its progress relay are released after the callback; the
   * notify comes back to this thread. */
  while (!data.notified)
    g_main_context_iteration (NULL, TRUE);

  g_object_unref (data.trace);
  g_main_loop_unref (data.loop);

  /* Errors travel through the same path. */
  data.loop = g_main_loop_new (NULL, FALSE);
  data.trace = NULL;
  jx_trace_load_async ("/nonexistent/x.otf2", NULL, NULL, NULL, NULL, NULL, async_done, &data);
  g_main_loop_run (data.loop);
  g_assert_null (data.trace);
  g_assert_error (data.error, JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND);
  g_clear_error (&data.error);
  g_main_loop_unref (data.loop);
  test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/loader/real/counts", test_loader_real_counts);
  g_test_add_func ("/model/loader/real/profile", test_loader_real_profile);
  g_test_add_func ("/model/loader/pingpong", test_loader_pingpong);
  g_test_add_func ("/model/loader/anchor-name", test_loader_anchor_name);
  g_test_add_func ("/model/loader/generated-counts", test_loader_generated_counts);
  g_test_add_func ("/model/loader/error/missing", test_loader_error_missing);
  g_test_add_func ("/model/loader/error/empty-dir", test_loader_error_empty_dir);
  g_test_add_func ("/model/loader/error/two-anchors", test_loader_error_two_anchors);
  g_test_add_func ("/model/loader/error/garbage", test_loader_error_garbage);
  g_test_add_func ("/model/loader/error/truncated", test_loader_error_truncated);
  g_test_add_func ("/model/loader/cancel", test_loader_cancel);
  g_test_add_func ("/model/loader/readers-agree", test_loader_readers_agree);
  g_test_add_func ("/model/loader/async", test_loader_async);

  return g_test_run ();
}
