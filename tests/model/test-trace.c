/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <otf2/otf2.h>

#include "jx-trace-builder.h"
#include "jx-trace-name.h"
#include "jx-trace-private.h"

static void
test_trace_categories (void)
{
  const struct
  {
    const char *name;
    guint8      paradigm;
    guint8      role;
    JxCategory  expected;
  } cases[] = {
    { "MPI_Send", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_POINT2POINT, JX_CATEGORY_MPI },
    { "MPI_Barrier", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_BARRIER, JX_CATEGORY_MPI },
    { "!$omp parallel", OTF2_PARADIGM_OPENMP, OTF2_REGION_ROLE_PARALLEL, JX_CATEGORY_OPENMP },
    { "!$omp barrier", OTF2_PARADIGM_OPENMP, OTF2_REGION_ROLE_BARRIER, JX_CATEGORY_OPENMP },
    { "stencil_kernel", OTF2_PARADIGM_CUDA, OTF2_REGION_ROLE_FUNCTION, JX_CATEGORY_ACCELERATOR },
    { "hipMemcpy", OTF2_PARADIGM_HIP, OTF2_REGION_ROLE_DATA_TRANSFER, JX_CATEGORY_ACCELERATOR },
    { "clEnqueueNDRangeKernel", OTF2_PARADIGM_OPENCL, OTF2_REGION_ROLE_FUNCTION, JX_CATEGORY_ACCELERATOR },
    { "acc_compute", OTF2_PARADIGM_OPENACC, OTF2_REGION_ROLE_FUNCTION, JX_CATEGORY_ACCELERATOR },
    { "fwrite", OTF2_PARADIGM_UNKNOWN, OTF2_REGION_ROLE_FILE_IO, JX_CATEGORY_IO },
    { "open", OTF2_PARADIGM_MEASUREMENT_SYSTEM, OTF2_REGION_ROLE_FILE_IO_METADATA, JX_CATEGORY_IO },
    { "pthread_mutex_lock", OTF2_PARADIGM_PTHREAD, OTF2_REGION_ROLE_FUNCTION, JX_CATEGORY_SYNC },
    { "my_barrier", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_BARRIER, JX_CATEGORY_SYNC },
    { "main", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION, JX_CATEGORY_USER },
    { "solve", OTF2_PARADIGM_COMPILER, OTF2_REGION_ROLE_FUNCTION, JX_CATEGORY_USER },
    { "TRACE BUFFER FLUSH", OTF2_PARADIGM_MEASUREMENT_SYSTEM, OTF2_REGION_ROLE_ARTIFICIAL, JX_CATEGORY_OTHER },
    /* Old traces: paradigm unknown, the name decides. */
    { "MPI_Allreduce", OTF2_PARADIGM_UNKNOWN, OTF2_REGION_ROLE_UNKNOWN, JX_CATEGORY_MPI },
    { "omp_get_thread_num", OTF2_PARADIGM_UNKNOWN, OTF2_REGION_ROLE_UNKNOWN, JX_CATEGORY_OPENMP },
    { "cudaMemcpy", OTF2_PARADIGM_UNKNOWN, OTF2_REGION_ROLE_UNKNOWN, JX_CATEGORY_ACCELERATOR },
    { "cuLaunchKernel", OTF2_PARADIGM_UNKNOWN, OTF2_REGION_ROLE_UNKNOWN, JX_CATEGORY_ACCELERATOR },
    { "current_step", OTF2_PARADIGM_UNKNOWN, OTF2_REGION_ROLE_FUNCTION, JX_CATEGORY_USER },
    { "closure", OTF2_PARADIGM_UNKNOWN, OTF2_REGION_ROLE_UNKNOWN, JX_CATEGORY_OTHER },
    /* Score-P 9's role 40 stays raw and does not change the category. */
    { "MPI_Isend", OTF2_PARADIGM_MPI, 40, JX_CATEGORY_MPI },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].name);
      g_assert_cmpint (_jx_region_derive_category (cases[i].name, cases[i].paradigm, cases[i].role),
                       ==, cases[i].expected);
    }
}

static void
test_trace_names (void)
{
  guint i;

  for (i = 0; i < JX_N_DEFECTS; i++)
    {
      g_assert_cmpstr (jx_defect_to_string (i), !=, "unknown");
      g_assert_true (g_str_has_suffix (jx_defect_describe (i), "."));
    }
  for (i = 0; i < JX_N_EVENT_KINDS; i++)
    g_assert_nonnull (jx_event_kind_to_string (i));
  g_assert_cmpstr (jx_event_kind_to_string (JX_EVENT_MPI_SEND), ==, "mpi_send");
  for (i = 0; i < JX_N_CATEGORIES; i++)
    {
      g_assert_nonnull (jx_category_label (i));
      g_assert_nonnull (jx_category_to_string (i));
    }
  g_assert_cmpstr (jx_category_to_string (JX_CATEGORY_ACCELERATOR), ==, "accelerator");
}

/* Display names from paths, and names told apart. */
static void
test_trace_display_names (void)
{
  static const struct { const char *path; const char *name; } cases[] = {
    { "/data/run-a.otf2",                              "run-a" },
    { "/data/run-7/traces.otf2",                       "run-7" },
    { "/data/run-7",                                   "run-7" },
    { "/data/2019-01-10/OTF2_archive/APEX.otf2",       "2019-01-10" },
    { "/data/2019-01-10/OTF2_archive",                 "2019-01-10" },
    { "/data/trace/traces.otf2",                       "trace" },
    { "/OTF2_archive/APEX.otf2",                       "APEX" },
  };
  const char *names[] = { "run", "run", "other", "run" };
  const char *paths[] = { "/x/a/run/traces.otf2", "/x/b/run/traces.otf2", "/x/c/other.otf2",
                          "/y/c/run/traces.otf2" };
  const char *same[] = { "run", "run" };
  const char *same_paths[] = { "/x/a/run/traces.otf2", "/x/a/run" };
  const char *dates[] = { "APEX", "APEX" };
  const char *date_paths[] = { "/r/2019-01-10/APEX.otf2", "/r/2019-01-11/APEX.otf2" };
  g_auto(GStrv) unique = NULL;
  g_auto(GStrv) twice = NULL;
  g_auto(GStrv) by_date = NULL;
  g_autofree char *cwd = g_get_current_dir ();
  g_autofree char *cwd_name = g_path_get_basename (cwd);
  g_autofree char *relative = jx_trace_name_from_path ("traces.otf2");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = jx_trace_name_from_path (cases[i].path);

      g_assert_cmpstr (name, ==, cases[i].name);
    }
  /* A relative anchor is named after the folder it is in. */
  g_assert_cmpstr (relative, ==, cwd_name);

  unique = jx_trace_names_disambiguate (names, paths, 4);
  g_assert_cmpstr (unique[0], ==, "run (a)");
  g_assert_cmpstr (unique[1], ==, "run (b)");
  g_assert_cmpstr (unique[2], ==, "other");
  g_assert_cmpstr (unique[3], ==, "run (c)");
  g_assert_null (unique[4]);
  /* Nothing tells them apart: letters by position. */
  twice = jx_trace_names_disambiguate (same, same_paths, 2);
  g_assert_cmpstr (twice[0], ==, "run (A)");
  g_assert_cmpstr (twice[1], ==, "run (B)");
  by_date = jx_trace_names_disambiguate (dates, date_paths, 2);
  g_assert_cmpstr (by_date[0], ==, "APEX (2019-01-10)");
  g_assert_cmpstr (by_date[1], ==, "APEX (2019-01-11)");
}

/* The paradigm names and the event file of a stream. */
static void
test_trace_paradigm_and_files (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/x/run/traces.otf2", "run", 1000);
  g_autoptr(JxTrace) trace = NULL;
  g_autofree char *file = NULL;
  guint32 p, s;

  g_assert_cmpstr (jx_paradigm_to_string (OTF2_PARADIGM_CUDA), ==, "cuda");
  g_assert_cmpstr (jx_paradigm_to_string (OTF2_PARADIGM_COMPILER), ==, "compiler");
  g_assert_cmpstr (jx_paradigm_to_string (OTF2_PARADIGM_KOKKOS), ==, "kokkos");
  g_assert_cmpstr (jx_paradigm_to_string (200), ==, "unknown");

  p = jx_trace_builder_add_process (b, "Rank 0", JX_NONE);
  s = jx_trace_builder_add_stream (b, p, "Master thread", JX_STREAM_CPU_THREAD);
  jx_trace_builder_set_stream_id (b, s, 42);
  trace = jx_trace_builder_finish (b);
  file = jx_trace_get_event_file (trace, 0);
  g_assert_cmpstr (file, ==, "/x/run/traces/42.evt");
}

static void
test_trace_accessors (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/x/traces.otf2", "x", 1000);
  g_autoptr(JxTrace) trace = NULL;
  guint32 node, p0, p1, s0, s1, s2, r, d;
  const JxProcess *process;

  jx_trace_builder_set_clock (b, 1000000, 5, 9000);
  jx_trace_builder_set_creator (b, "test");
  g_assert_cmpuint (jx_trace_builder_add_string (b, "hello"), ==, 0);
  r = jx_trace_builder_add_region (b, "main", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION);
  jx_trace_builder_set_region_info (b, r, "main_canonical", "entry", "main.c", 3, 30);
  jx_trace_builder_add_region (b, "future", 77, 41);
  node = jx_trace_builder_add_system_node (b, "node0", "node", JX_NONE);
  p0 = jx_trace_builder_add_process (b, "rank 0", node);
  p1 = jx_trace_builder_add_process (b, "rank 1", node);
  /* Interleaved: the builder must make each process's streams contiguous. */
  s0 = jx_trace_builder_add_stream (b, p0, "a", JX_STREAM_CPU_THREAD);
  s1 = jx_trace_builder_add_stream (b, p1, "b", JX_STREAM_CPU_THREAD);
  s2 = jx_trace_builder_add_stream (b, p0, "c", JX_STREAM_ACCELERATOR);
  jx_trace_builder_enter (b, s0, 100, r);
  jx_trace_builder_send (b, s0, 110, s1, 0, 1, 64);
  jx_trace_builder_leave (b, s0, 200, r);
  jx_trace_builder_recv (b, s1, 150, s0, 0, 1, 64);
  jx_trace_builder_collective_begin (b, s2, 50);
  jx_trace_builder_collective_end (b, s2, 60, 3, 0, JX_NONE, 8, 8);
  d = jx_trace_builder_add_marker_def (b, "phase", "iteration", 1);
  jx_trace_builder_add_marker (b, 300, 10, d, 0, 0, "second");
  jx_trace_builder_add_marker (b, 120, 10, d, 0, 0, "first");
  trace = jx_trace_builder_finish (b);

  g_assert_cmpstr (jx_trace_get_path (trace), ==, "/x/traces.otf2");
  g_assert_cmpstr (jx_trace_get_creator (trace), ==, "test");
  g_assert_cmpuint (jx_trace_get_timer_resolution (trace), ==, 1000000);
  g_assert_cmpuint (jx_trace_get_global_offset (trace), ==, 5);
  g_assert_cmpuint (jx_trace_get_trace_length (trace), ==, 9000);
  g_assert_cmpfloat_with_epsilon (jx_trace_ticks_to_seconds (trace, 1500000), 1.5, 1e-12);
  g_assert_cmpint (jx_trace_seconds_to_ticks (trace, 0.25), ==, 250000);
  g_assert_cmpuint (jx_trace_get_start_time (trace), ==, 50);
  g_assert_cmpuint (jx_trace_get_end_time (trace), ==, 200);
  g_assert_cmpstr (jx_trace_get_string (trace, 0), ==, "hello");
  g_assert_cmpuint (jx_trace_find_region (trace, "main"), ==, r);
  g_assert_cmpuint (jx_trace_find_region (trace, "absent"), ==, JX_NONE);
  g_assert_cmpstr (jx_trace_get_region (trace, r)->canonical_name, ==, "main_canonical");
  g_assert_cmpstr (jx_trace_get_region (trace, r)->source_file, ==, "main.c");
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_UNKNOWN_ROLE), ==, 1);
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_UNKNOWN_PARADIGM), ==, 1);

  process = jx_trace_get_process (trace, p0);
  g_assert_cmpuint (process->first_stream, ==, 0);
  g_assert_cmpuint (process->n_streams, ==, 2);
  g_assert_cmpstr (jx_trace_get_stream (trace, 1)->name, ==, "c");
  g_assert_cmpuint (jx_trace_get_stream (trace, 2)->process, ==, p1);
  g_assert_cmpuint (jx_trace_get_process (trace, p1)->first_stream, ==, 2);

  /* Message endpoints follow the reordering. */
  g_assert_cmpuint (jx_trace_get_n_messages (trace), ==, 1);
  g_assert_cmpuint (jx_trace_get_messages (trace)[0].sender, ==, 0);
  g_assert_cmpuint (jx_trace_get_messages (trace)[0].receiver, ==, 2);
  g_assert_cmpuint (jx_trace_get_messages (trace)[0].recv_time, ==, 150);
  g_assert_cmpuint (jx_trace_get_n_collectives (trace), ==, 1);
  g_assert_cmpuint (jx_trace_get_collectives (trace)[0].stream, ==, 1);
  g_assert_cmpuint (jx_trace_get_collectives (trace)[0].begin_time, ==, 50);
  g_assert_cmpuint (jx_trace_get_n_markers (trace), ==, 2);
  g_assert_cmpstr (jx_trace_get_marker (trace, 0)->text, ==, "first");
  g_assert_cmpstr (jx_trace_get_marker_def (trace, 0)->group, ==, "phase");

  g_assert_cmpuint (jx_trace_get_n_events (trace), ==, 6);
  g_assert_cmpuint (jx_trace_get_event_count (trace, JX_EVENT_MPI_COLLECTIVE), ==, 2);
  g_assert_cmpuint (jx_trace_get_memory_size (trace), >, 0);
}

/* Size, tag and communicator beyond the narrow JxMessage fields come back
 * exact through the accessors, and matching uses the full values: the two
 * wide tags below differ only above 16 bits' range. */
static void
test_trace_wide_messages (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("w", "w", 1000);
  g_autoptr(JxTrace) trace = NULL;
  const JxMessage *m;
  guint32 p, s0, s1;

  p = jx_trace_builder_add_process (b, "rank 0", JX_NONE);
  s0 = jx_trace_builder_add_stream (b, p, "a", JX_STREAM_CPU_THREAD);
  s1 = jx_trace_builder_add_stream (b, p, "b", JX_STREAM_CPU_THREAD);
  jx_trace_builder_send (b, s0, 10, s1, 1, 7, 5);
  jx_trace_builder_send (b, s0, 20, s1, 0, 70000, G_GUINT64_CONSTANT (1) << 33);
  jx_trace_builder_send (b, s0, 30, s1, 0, 70001 + 65536, 6);
  jx_trace_builder_send (b, s0, 40, s1, 65535, 65535, G_MAXUINT32);
  jx_trace_builder_recv (b, s1, 50, s0, 1, 7, 5);
  jx_trace_builder_recv (b, s1, 60, s0, 0, 70001 + 65536, 6);
  jx_trace_builder_recv (b, s1, 70, s0, 0, 70000, G_GUINT64_CONSTANT (1) << 33);
  jx_trace_builder_recv (b, s1, 80, s0, 65535, 65535, G_MAXUINT32);
  trace = jx_trace_builder_finish (b);

  g_assert_cmpuint (sizeof (JxMessage), ==, 32);
  g_assert_cmpuint (jx_trace_get_n_messages (trace), ==, 4);
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_UNMATCHED_MESSAGE), ==, 0);
  m = jx_trace_get_messages (trace);

  g_assert_cmpuint (m[0].size, ==, 5);
  g_assert_cmpuint (m[0].tag, ==, 7);
  g_assert_cmpuint (m[0].communicator, ==, 1);
  g_assert_cmpuint (m[0].recv_time, ==, 50);
  g_assert_cmpuint (jx_trace_get_message_size (trace, 0), ==, 5);
  g_assert_cmpuint (jx_trace_get_message_tag (trace, 0), ==, 7);
  g_assert_cmpuint (jx_trace_get_message_communicator (trace, 0), ==, 1);

  g_assert_cmpuint (m[1].size, ==, JX_MESSAGE_WIDE32);
  g_assert_cmpuint (m[1].tag, ==, JX_MESSAGE_WIDE16);
  g_assert_cmpuint (m[1].communicator, ==, 0);
  g_assert_cmpuint (m[1].recv_time, ==, 70);
  g_assert_cmpuint (jx_trace_get_message_size (trace, 1), ==, G_GUINT64_CONSTANT (1) << 33);
  g_assert_cmpuint (jx_trace_get_message_tag (trace, 1), ==, 70000);
  g_assert_cmpuint (jx_trace_get_message_communicator (trace, 1), ==, 0);

  g_assert_cmpuint (m[2].size, ==, 6);
  g_assert_cmpuint (m[2].recv_time, ==, 60);
  g_assert_cmpuint (jx_trace_get_message_tag (trace, 2), ==, 70001 + 65536);

  /* Exactly the marker values are stored wide too. */
  g_assert_cmpuint (m[3].size, ==, JX_MESSAGE_WIDE32);
  g_assert_cmpuint (m[3].recv_time, ==, 80);
  g_assert_cmpuint (jx_trace_get_message_size (trace, 3), ==, G_MAXUINT32);
  g_assert_cmpuint (jx_trace_get_message_tag (trace, 3), ==, 65535);
  g_assert_cmpuint (jx_trace_get_message_communicator (trace, 3), ==, 65535);
}

/* A tag per message: matching pairs by (communicator, tag) in order even
 * when receives come in reverse order, and stays fast (the bucket is
 * sorted, not rescanned per tag). */
static void
test_trace_many_tags (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("t", "t", 1000);
  g_autoptr(JxTrace) trace = NULL;
  const guint n = 20000;
  const JxMessage *m;
  guint32 p, s0, s1;
  guint i;

  p = jx_trace_builder_add_process (b, "rank 0", JX_NONE);
  s0 = jx_trace_builder_add_stream (b, p, "a", JX_STREAM_CPU_THREAD);
  s1 = jx_trace_builder_add_stream (b, p, "b", JX_STREAM_CPU_THREAD);
  /* Tags i % (n / 2): every tag twice, FIFO decides between the two. One
   * send on another communicator has no receive, one receive no send. */
  for (i = 0; i < n; i++)
    jx_trace_builder_send (b, s0, i, s1, 0, i % (n / 2), i);
  jx_trace_builder_send (b, s0, n, s1, 1, 5, 0);
  for (i = 0; i < n; i++)
    {
      guint32 tag = (n / 2 - 1) - i % (n / 2);

      jx_trace_builder_recv (b, s1, n + i, s0, 0, tag, 0);
    }
  jx_trace_builder_recv (b, s1, 3 * n, s0, 2, 5, 0);
  trace = jx_trace_builder_finish (b);

  g_assert_cmpuint (jx_trace_get_n_messages (trace), ==, n + 1);
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_UNMATCHED_MESSAGE), ==, 2);
  m = jx_trace_get_messages (trace);
  for (i = 0; i < n; i++)
    {
      guint32 tag = i % (n / 2);
      /* The first send of a tag gets its first receive (i < n/2), the
       * second send the second one. */
      guint64 expected = n + (n / 2 - 1 - tag) + (i < n / 2 ? 0 : n / 2);

      g_assert_cmpuint (m[i].tag, ==, tag);
      if (m[i].recv_time != expected)
        g_error ("message %u: receive time %" G_GUINT64_FORMAT ", expected %" G_GUINT64_FORMAT,
                 i, m[i].recv_time, expected);
    }
  g_assert_cmpuint (m[n].recv_time, ==, G_MAXUINT64);
}

/* end_stream() closes and trims right away; a stream that leaves a region
 * without definition open is closed by finish(), which knows its name. */
static void
test_trace_end_stream (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("e", "e", 1000);
  g_autoptr(JxTrace) trace = NULL;
  const JxStream *s;
  guint32 p, s0, s1, r;
  gboolean named = FALSE;
  guint i;

  r = jx_trace_builder_add_region (b, "main", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION);
  p = jx_trace_builder_add_process (b, "rank 0", JX_NONE);
  s0 = jx_trace_builder_add_stream (b, p, "a", JX_STREAM_CPU_THREAD);
  s1 = jx_trace_builder_add_stream (b, p, "b", JX_STREAM_CPU_THREAD);
  jx_trace_builder_reserve (b, s0, 100);
  jx_trace_builder_enter (b, s0, 10, r);
  jx_trace_builder_enter (b, s0, 20, r);
  jx_trace_builder_leave (b, s0, 30, r);
  jx_trace_builder_count_event (b, s0, 40, JX_EVENT_METRIC);
  jx_trace_builder_end_stream (b, s0);
  jx_trace_builder_enter (b, s1, 10, r);
  jx_trace_builder_enter_undefined (b, s1, 20, 77);
  jx_trace_builder_count_event (b, s1, 50, JX_EVENT_METRIC);
  jx_trace_builder_end_stream (b, s1);
  trace = jx_trace_builder_finish (b);

  s = jx_trace_get_stream (trace, s0);
  g_assert_cmpuint (s->n_invocations, ==, 2);
  g_assert_cmpuint (s->end[0], ==, 40);
  g_assert_cmpuint (s->end[1], ==, 30);
  g_assert_cmpuint (s->subtree_end[0], ==, 2);
  s = jx_trace_get_stream (trace, s1);
  g_assert_cmpuint (s->n_invocations, ==, 2);
  g_assert_cmpuint (s->end[0], ==, 50);
  g_assert_cmpuint (s->end[1], ==, 50);
  g_assert_cmpstr (jx_trace_get_region (trace, s->region[1])->name, ==, "<undefined region 77>");
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_UNCLOSED_REGION), ==, 3);
  for (i = 0; i < jx_trace_get_n_load_issues (trace); i++)
    if (strstr (jx_trace_get_load_issue (trace, i)->detail, "<undefined region 77>") != NULL)
      named = TRUE;
  g_assert_true (named);
}

/* Collectives share their JxCollectiveInfo; many distinct ones make the
 * interning table grow. */
static void
test_trace_collective_infos (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("c", "c", 1000);
  g_autoptr(JxTrace) trace = NULL;
  const JxCollective *c;
  const JxCollectiveInfo *info;
  guint32 p, s[3];
  guint i, k;

  p = jx_trace_builder_add_process (b, "rank 0", JX_NONE);
  for (k = 0; k < 3; k++)
    s[k] = jx_trace_builder_add_stream (b, p, "t", JX_STREAM_CPU_THREAD);
  for (i = 0; i < 300; i++)
    for (k = 0; k < 3; k++)
      {
        jx_trace_builder_collective_begin (b, s[k], 10 * i + k);
        jx_trace_builder_collective_end (b, s[k], 10 * i + k + 5, i % 2 == 0 ? 3 : 5, 2,
                                         i % 2 == 0 ? JX_NONE : k,
                                         (G_GUINT64_CONSTANT (1) << 40) + i / 2, 8);
      }
  trace = jx_trace_builder_finish (b);

  g_assert_cmpuint (sizeof (JxCollective), ==, 24);
  g_assert_cmpuint (jx_trace_get_n_collectives (trace), ==, 900);
  /* 150 values shared by all streams (even i, root none) + 3 * 150 (odd i,
   * root k). */
  g_assert_cmpuint (jx_trace_get_n_collective_infos (trace), ==, 600);
  c = jx_trace_get_collectives (trace);
  for (i = 0; i < 300; i++)
    for (k = 0; k < 3; k++)
      {
        const JxCollective *x = &c[3 * i + k];

        g_assert_cmpuint (x->begin_time, ==, 10 * i + k);
        g_assert_cmpuint (x->end_time, ==, 10 * i + k + 5);
        g_assert_cmpuint (x->stream, ==, s[k]);
        info = jx_trace_get_collective_info (trace, x->info);
        g_assert_cmpuint (info->operation, ==, i % 2 == 0 ? 3 : 5);
        g_assert_cmpuint (info->communicator, ==, 2);
        g_assert_cmpuint (info->root, ==, i % 2 == 0 ? JX_NONE : k);
        g_assert_cmpuint (info->bytes_sent, ==, (G_GUINT64_CONSTANT (1) << 40) + i / 2);
        g_assert_cmpuint (info->bytes_received, ==, 8);
        if (i % 2 == 0)
          g_assert_cmpuint (x->info, ==, c[3 * i].info);
        else if (k > 0)
          g_assert_cmpuint (x->info, !=, c[3 * i].info);
      }
}

/* Fills a stream with n pairs outer{inner} and checks the arrays. */
static void
fill_pairs (JxTraceBuilder *b,
            guint32         stream,
            guint32         n,
            guint32         outer,
            guint32         inner)
{
  guint32 i;

  for (i = 0; i < n; i++)
    {
      jx_trace_builder_enter (b, stream, 4 * (guint64) i, outer);
      jx_trace_builder_enter (b, stream, 4 * (guint64) i + 1, inner);
      jx_trace_builder_leave (b, stream, 4 * (guint64) i + 2, inner);
      jx_trace_builder_leave (b, stream, 4 * (guint64) i + 3, outer);
    }
}

static void
check_pairs (const JxStream *s,
             guint32         n,
             guint32         outer,
             guint32         inner)
{
  guint32 i;

  g_assert_cmpuint (s->n_invocations, ==, 2 * n);
  for (i = 0; i < 2 * n; i++)
    {
      gboolean is_outer = i % 2 == 0;

      if (s->start[i] != 4 * (guint64) (i / 2) + (is_outer ? 0 : 1) ||
          s->end[i] != 4 * (guint64) (i / 2) + (is_outer ? 3 : 2) ||
          s->region[i] != (is_outer ? outer : inner) ||
          s->parent[i] != (is_outer ? JX_NONE : i - 1) ||
          s->subtree_end[i] != (is_outer ? i + 2 : i + 1) ||
          s->depth[i] != (is_outer ? 0 : 1))
        g_error ("invocation %u of stream %s is wrong", i, s->name);
    }
}

/* Invocation blocks: grown from nothing (malloc, then mapped), reserved
 * exactly, and reserved too large (compacted and shrunk at the end). */
static void
test_trace_arrays (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("a", "a", 1000);
  g_autoptr(JxTrace) trace = NULL;
  const guint32 n[4] = { 150000, 100000, 90000, 1000 };
  guint32 p, s[4], outer, inner;
  gsize expected = 0;
  guint k;

  outer = jx_trace_builder_add_region (b, "outer", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION);
  inner = jx_trace_builder_add_region (b, "inner", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION);
  p = jx_trace_builder_add_process (b, "rank 0", JX_NONE);
  for (k = 0; k < 4; k++)
    s[k] = jx_trace_builder_add_stream (b, p, k == 0 ? "grown" : k == 1 ? "exact" : k == 2 ? "large" : "small",
                                        JX_STREAM_CPU_THREAD);
  jx_trace_builder_reserve (b, s[1], 2 * n[1]);
  jx_trace_builder_reserve (b, s[2], 3 * n[2] + 12345);
  jx_trace_builder_reserve (b, s[3], 3 * n[3]);
  for (k = 0; k < 4; k++)
    fill_pairs (b, s[k], n[k], outer, inner);
  trace = jx_trace_builder_finish (b);

  for (k = 0; k < 4; k++)
    {
      check_pairs (jx_trace_get_stream (trace, s[k]), n[k], outer, inner);
      expected += 2 * (gsize) n[k] * 30;
    }
  g_assert_cmpuint (jx_trace_get_memory_size (trace), >=, expected);
  g_assert_cmpuint (jx_trace_get_memory_size (trace), <, expected + 65536);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/trace/categories", test_trace_categories);
  g_test_add_func ("/model/trace/names", test_trace_names);
  g_test_add_func ("/model/trace/display-names", test_trace_display_names);
  g_test_add_func ("/model/trace/paradigm-and-files", test_trace_paradigm_and_files);
  g_test_add_func ("/model/trace/accessors", test_trace_accessors);
  g_test_add_func ("/model/trace/wide-messages", test_trace_wide_messages);
  g_test_add_func ("/model/trace/many-tags", test_trace_many_tags);
  g_test_add_func ("/model/trace/collective-infos", test_trace_collective_infos);
  g_test_add_func ("/model/trace/arrays", test_trace_arrays);
  g_test_add_func ("/model/trace/end-stream", test_trace_end_stream);

  return g_test_run ();
}
