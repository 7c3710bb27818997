/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <otf2/otf2.h>

#include "jx-test-util.h"
#include "jx-trace-builder.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"
#include "jx-trace-query.h"
#include "model-test-util.h"
#include "otf2-count.h"

/* One test per defect class of the load report, each on a trace that shows
 * it: real (TraceR stencil4d), written by the generator with a defect
 * injected, or written here through libotf2's writer. */

static JxTrace *
load (const char *path)
{
  g_autoptr(GError) error = NULL;
  JxTrace *trace = jx_trace_load (path, NULL, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (trace);
  return trace;
}

static gboolean
has_issue (JxTrace    *trace,
           JxDefect    defect,
           const char *needle)
{
  guint i;

  for (i = 0; i < jx_trace_get_n_load_issues (trace); i++)
    {
      const JxLoadIssue *issue = jx_trace_get_load_issue (trace, i);

      if (issue->defect == defect && (needle == NULL || strstr (issue->detail, needle) != NULL))
        return TRUE;
    }
  return FALSE;
}

static void
check_streams_sane (JxTrace *trace)
{
  guint i;
  guint32 k;

  for (i = 0; i < jx_trace_get_n_streams (trace); i++)
    {
      const JxStream *s = jx_trace_get_stream (trace, i);

      for (k = 0; k < s->n_invocations; k++)
        {
          g_assert_cmpuint (s->start[k], <=, s->end[k]);
          g_assert_cmpuint (s->region[k], <, jx_trace_get_n_regions (trace));
          if (k > 0)
            g_assert_cmpuint (s->start[k - 1], <=, s->start[k]);
          if (s->parent[k] != JX_NONE)
            g_assert_cmpuint (s->end[k], <=, s->end[s->parent[k]]);
        }
    }
}

/* Real trace: TraceR stencil4d enters "TRACER_WallTime_InLoop" twice without
 * leaving it, then leaves "TRACER_Loop" while they are open. */
static void
test_defects_tracer (void)
{
  const char *names[] = { "TraceR__stencil4d-32", "TraceR__stencil4d-64" };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = jx_test_get_shared_trace (names[i]);
      g_autoptr(JxTrace) trace = load (path);
      const JxStream *s = jx_trace_get_stream (trace, 0);
      guint32 loop = jx_trace_find_region (trace, "TRACER_Loop");
      guint32 k;

      g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_MISMATCHED_LEAVE), ==, 1);
      g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_UNCLOSED_REGION), ==, 3);
      g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_UNMATCHED_LEAVE), ==, 1);
      g_assert_true (has_issue (trace, JX_DEFECT_MISMATCHED_LEAVE, "TRACER_Loop"));
      g_assert_true (has_issue (trace, JX_DEFECT_UNCLOSED_REGION, "TRACER_WallTime_InLoop"));
      g_assert_true (s->flags & JX_STREAM_FLAG_REPAIRED);
      check_streams_sane (trace);

      /* The inner regions end exactly where TRACER_Loop ends. */
      g_assert_cmpuint (loop, !=, JX_NONE);
      for (k = 0; k < s->n_invocations; k++)
        if (s->region[k] == loop)
          {
            guint32 c;

            for (c = k + 1; c < s->subtree_end[k]; c++)
              if (s->depth[c] == s->depth[k] + 1 && c + 1 == s->subtree_end[k])
                g_assert_cmpuint (s->end[c], <=, s->end[k]);
            g_assert_cmpuint (s->subtree_end[k], >, k + 1);
          }
    }
}

/* Generated traces with one injected defect each. */

static char *
generate (guint defects)
{
  JxGeneratorOptions options;
  g_autoptr(GError) error = NULL;
  char *dir = test_make_temp_dir ();
  guint64 n;

  jx_generator_options_init (&options);
  options.seed = 11;
  options.n_ranks = 3;
  options.n_iterations = 6;
  options.defects = defects;
  n = jx_generate_trace (dir, &options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n, >, 0);
  return dir;
}

/* Event counts still match an independent libotf2 reading. */
static void
check_counts (JxTrace    *trace,
              const char *dir)
{
  g_autofree char *anchor = g_build_filename (dir, "traces.otf2", NULL);
  g_autofree char *error = NULL;
  CountResult count;
  guint k;

  g_assert_true (count_archive (anchor, &count, &error));
  g_assert_cmpuint (jx_trace_get_n_events (trace), ==, count.n_events);
  for (k = 0; k < JX_N_EVENT_KINDS; k++)
    g_assert_cmpuint (jx_trace_get_event_count (trace, k), ==, count.kinds[k]);
  count_result_clear (&count);
}

static void
run_generated (guint     inject,
               JxDefect  expected,
               gboolean  compare_counts)
{
  g_autofree char *dir = generate (inject);
  g_autoptr(JxTrace) trace = load (dir);

  g_test_message ("%s: %" G_GUINT64_FORMAT, jx_defect_to_string (expected),
                  jx_trace_get_defect_count (trace, expected));
  g_assert_cmpuint (jx_trace_get_defect_count (trace, expected), >=, 1);
  g_assert_true (has_issue (trace, expected, NULL));
  check_streams_sane (trace);
  if (compare_counts)
    check_counts (trace, dir);
  test_remove_tree (dir);
}

static void
test_defects_none (void)
{
  g_autofree char *dir = generate (JX_DEFECT_INJECT_NONE);
  g_autoptr(JxTrace) trace = load (dir);

  g_assert_cmpuint (jx_trace_get_n_defects (trace), ==, 0);
  g_assert_cmpuint (jx_trace_get_n_load_issues (trace), ==, 0);
  g_assert_cmpuint (jx_trace_get_n_messages (trace), >, 0);
  check_counts (trace, dir);
  test_remove_tree (dir);
}

static void
test_defects_unclosed (void)
{
  run_generated (JX_DEFECT_INJECT_UNCLOSED, JX_DEFECT_UNCLOSED_REGION, TRUE);
}

static void
test_defects_mismatched (void)
{
  run_generated (JX_DEFECT_INJECT_MISMATCHED, JX_DEFECT_MISMATCHED_LEAVE, TRUE);
}

static void
test_defects_unmatched_leave (void)
{
  run_generated (JX_DEFECT_INJECT_UNMATCHED_LEAVE, JX_DEFECT_UNMATCHED_LEAVE, TRUE);
}

static void
test_defects_backwards (void)
{
  run_generated (JX_DEFECT_INJECT_BACKWARDS, JX_DEFECT_BACKWARDS_TIME, TRUE);
}

static void
test_defects_unknown_role (void)
{
  g_autofree char *dir = generate (JX_DEFECT_INJECT_UNKNOWN_ROLE);
  g_autoptr(JxTrace) trace = load (dir);
  gboolean found = FALSE;
  guint r;

  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_UNKNOWN_ROLE), >=, 1);
  for (r = 0; r < jx_trace_get_n_regions (trace); r++)
    {
      const JxRegion *region = jx_trace_get_region (trace, r);

      if (region->role == 40)
        {
          g_assert_true (region->flags & JX_REGION_FLAG_UNKNOWN_ROLE);
          found = TRUE;
        }
    }
  g_assert_true (found);
  test_remove_tree (dir);
}

static void
test_defects_undefined_region (void)
{
  g_autofree char *dir = generate (JX_DEFECT_INJECT_UNDEFINED_REGION);
  g_autoptr(JxTrace) trace = load (dir);
  gboolean found = FALSE;
  guint r;

  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_UNDEFINED_REGION), >=, 1);
  for (r = 0; r < jx_trace_get_n_regions (trace); r++)
    if (jx_trace_get_region (trace, r)->flags & JX_REGION_FLAG_SYNTHETIC)
      {
        g_assert_true (g_str_has_prefix (jx_trace_get_region (trace, r)->name, "<undefined region "));
        found = TRUE;
      }
  g_assert_true (found);
  check_streams_sane (trace);
  check_counts (trace, dir);
  test_remove_tree (dir);
}

static void
test_defects_empty_stream (void)
{
  g_autofree char *dir = generate (JX_DEFECT_INJECT_EMPTY_STREAM);
  g_autoptr(JxTrace) trace = load (dir);
  guint i, n_empty = 0;

  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_EMPTY_STREAM), ==, 1);
  for (i = 0; i < jx_trace_get_n_streams (trace); i++)
    if (jx_trace_get_stream (trace, i)->flags & JX_STREAM_FLAG_EMPTY)
      n_empty++;
  g_assert_cmpuint (n_empty, ==, 1);
  test_remove_tree (dir);
}

static void
test_defects_missing_evt (void)
{
  g_autofree char *dir = generate (JX_DEFECT_INJECT_MISSING_EVT);
  g_autoptr(JxTrace) trace = load (dir);
  guint i, n_missing = 0, n_loaded = 0;

  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_MISSING_EVENTS), ==, 1);
  for (i = 0; i < jx_trace_get_n_streams (trace); i++)
    {
      const JxStream *s = jx_trace_get_stream (trace, i);

      if (s->flags & JX_STREAM_FLAG_MISSING)
        {
          n_missing++;
          g_assert_false (s->flags & JX_STREAM_FLAG_EMPTY);
        }
      else if (s->n_events > 0)
        n_loaded++;
    }
  g_assert_cmpuint (n_missing, ==, 1);
  g_assert_cmpuint (n_loaded, >=, 1);
  test_remove_tree (dir);
}

/* Copies pipit ping-pong into a temporary directory, leaving out the file
 * skip (may be NULL). */
static char *
copy_ping_pong (const char *skip)
{
  g_autofree char *root = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  const char *files[] = { "traces.otf2", "traces.def", "traces/0.def", "traces/0.evt",
                          "traces/1.def", "traces/1.evt" };
  g_autofree char *sub = NULL;
  char *dir;
  guint i;

  dir = test_make_temp_dir ();
  sub = g_build_filename (dir, "traces", NULL);
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  for (i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *from = g_build_filename (root, files[i], NULL);
      g_autofree char *to = g_build_filename (dir, files[i], NULL);
      g_autofree char *contents = NULL;
      gsize length;

      if (g_strcmp0 (files[i], skip) == 0)
        continue;
      g_assert_true (g_file_get_contents (from, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (to, contents, length, NULL));
    }
  return dir;
}

/* Unmatched messages whose counterpart is on the lost stream named by
 * lost_label are counted but not listed; one summary issue gives their
 * number, and listed + summarised = counted. */
static void
check_unmatched_summary (JxTrace    *trace,
                         const char *lost_label)
{
  g_autofree char *to_lost = g_strdup_printf ("to stream “%s", lost_label);
  g_autofree char *from_lost = g_strdup_printf ("from stream “%s", lost_label);
  guint64 listed = 0, summarised = 0;
  guint n_summaries = 0;
  guint i;

  for (i = 0; i < jx_trace_get_n_load_issues (trace); i++)
    {
      const JxLoadIssue *issue = jx_trace_get_load_issue (trace, i);

      if (issue->defect != JX_DEFECT_UNMATCHED_MESSAGE)
        continue;
      if (strstr (issue->detail, "counted but not listed") != NULL)
        {
          g_assert_nonnull (strstr (issue->detail, lost_label));
          summarised += g_ascii_strtoull (issue->detail, NULL, 10);
          n_summaries++;
          continue;
        }
      g_assert_null (strstr (issue->detail, to_lost));
      g_assert_null (strstr (issue->detail, from_lost));
      listed++;
    }
  g_assert_cmpuint (n_summaries, ==, 1);
  g_assert_cmpuint (summarised, >, 0);
  g_assert_cmpuint (listed + summarised, ==,
                    jx_trace_get_defect_count (trace, JX_DEFECT_UNMATCHED_MESSAGE));
}

/* Same with a real archive: pipit ping-pong with rank 1's events deleted. */
static void
test_defects_missing_evt_real (void)
{
  g_autofree char *dir = copy_ping_pong ("traces/1.evt");
  g_autoptr(JxTrace) trace = NULL;

  trace = load (dir);
  g_assert_cmpuint (jx_trace_get_n_streams (trace), ==, 2);
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_MISSING_EVENTS), ==, 1);
  g_assert_false (jx_trace_get_stream (trace, 0)->flags & JX_STREAM_FLAG_MISSING);
  g_assert_true (jx_trace_get_stream (trace, 1)->flags & JX_STREAM_FLAG_MISSING);
  g_assert_cmpuint (jx_trace_get_stream (trace, 0)->n_events, ==, 60);
  g_assert_cmpuint (jx_trace_get_stream (trace, 1)->n_events, ==, 0);
  g_assert_true (has_issue (trace, JX_DEFECT_MISSING_EVENTS, "MPI Rank 1"));
  /* Rank 0's 8 sends have no receives and its 8 receives no sends: all
   * counted, summarised in one issue. */
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_UNMATCHED_MESSAGE), ==, 16);
  check_unmatched_summary (trace, "MPI Rank 1");
  test_remove_tree (dir);
}

/* pipit ping-pong with rank 0's event file cut after 500 of its 884 bytes:
 * the events before the cut stay, the stream is truncated, not missing. */
static void
test_defects_truncated_evt_real (void)
{
  g_autofree char *dir = copy_ping_pong (NULL);
  g_autofree char *evt = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(JxTrace) trace = NULL;
  const JxStream *s0, *s1;
  gsize length;

  evt = g_build_filename (dir, "traces", "0.evt", NULL);
  g_assert_true (g_file_get_contents (evt, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 500);
  g_assert_true (g_file_set_contents (evt, contents, 500, NULL));

  trace = load (dir);
  s0 = jx_trace_get_stream (trace, 0);
  s1 = jx_trace_get_stream (trace, 1);
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_TRUNCATED_EVENTS), ==, 1);
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_MISSING_EVENTS), ==, 0);
  g_assert_true (s0->flags & JX_STREAM_FLAG_TRUNCATED);
  g_assert_true (s0->flags & JX_STREAM_FLAG_REPAIRED);
  g_assert_false (s0->flags & JX_STREAM_FLAG_MISSING);
  g_assert_false (s0->flags & JX_STREAM_FLAG_EMPTY);
  g_assert_false (s1->flags & (JX_STREAM_FLAG_TRUNCATED | JX_STREAM_FLAG_MISSING));
  g_assert_cmpuint (s0->n_events, >, 0);
  g_assert_cmpuint (s0->n_events, <, 60);
  g_assert_cmpuint (s1->n_events, ==, 60);
  g_assert_true (has_issue (trace, JX_DEFECT_TRUNCATED_EVENTS, "MPI Rank 0"));
  /* Regions open at the cut are closed, so the tree stays well formed. */
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_UNCLOSED_REGION), >=, 1);
  check_streams_sane (trace);
  /* Rank 1's messages to and from the lost part of rank 0 are unmatched. */
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_UNMATCHED_MESSAGE), >=, 4);
  check_unmatched_summary (trace, "MPI Rank 0");
  test_remove_tree (dir);
}

/* pipit ping-pong with garbage instead of rank 0's local definitions: the
 * report names the location and the file, not only the unmatched messages
 * that follow from it. */
static void
test_defects_local_definitions (void)
{
  g_autofree char *dir = copy_ping_pong (NULL);
  g_autofree char *def = NULL;
  g_autoptr(JxTrace) trace = NULL;
  const char *garbage = "this is not an OTF2 definition file, just some text\n";
  guint i;
  gboolean named = FALSE;

  def = g_build_filename (dir, "traces", "0.def", NULL);
  g_assert_true (g_file_set_contents (def, garbage, -1, NULL));

  trace = load (dir);
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_LOCAL_DEFINITIONS), ==, 1);
  g_assert_cmpstr (jx_defect_to_string (JX_DEFECT_LOCAL_DEFINITIONS), ==, "local-definitions");
  for (i = 0; i < jx_trace_get_n_load_issues (trace); i++)
    {
      const JxLoadIssue *issue = jx_trace_get_load_issue (trace, i);

      if (issue->defect == JX_DEFECT_LOCAL_DEFINITIONS)
        {
          g_assert_cmpuint (issue->stream, ==, 0);
          g_assert_nonnull (strstr (issue->detail, def));
          g_assert_nonnull (strstr (issue->detail, "location 0"));
          named = TRUE;
        }
    }
  g_assert_true (named);
  g_assert_true (jx_trace_get_stream (trace, 0)->flags & JX_STREAM_FLAG_REPAIRED);
  /* The events themselves are still all there. */
  g_assert_cmpuint (jx_trace_get_stream (trace, 0)->n_events, ==, 60);
  g_assert_cmpuint (jx_trace_get_stream (trace, 1)->n_events, ==, 60);

  /* Without the file while rank 1 has its own: reported the same way. */
  g_assert_cmpint (g_remove (def), ==, 0);
  g_clear_pointer (&trace, g_object_unref);
  trace = load (dir);
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_LOCAL_DEFINITIONS), ==, 1);
  g_assert_true (has_issue (trace, JX_DEFECT_LOCAL_DEFINITIONS, "missing"));

  /* The intact archive has no such defect. */
  test_remove_tree (dir);
  g_free (dir);
  dir = copy_ping_pong (NULL);
  g_clear_pointer (&trace, g_object_unref);
  trace = load (dir);
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_LOCAL_DEFINITIONS), ==, 0);
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_UNMATCHED_MESSAGE), ==, 0);
  test_remove_tree (dir);
}

/* A tiny archive written here: a region with an unknown paradigm, a send to
 * a rank that maps to no location, a send nobody receives and a receive
 * nobody sent. */

static void
write_tiny_archive (const char *dir)
{
  OTF2_Archive *archive;
  OTF2_GlobalDefWriter *defs;
  OTF2_EvtWriter *w;
  uint64_t comm_locations[2] = { 0, 1 };
  uint64_t comm_members[2] = { 0, 1 };
  guint loc;

  archive = OTF2_Archive_Open (dir, "traces", OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                               OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  g_assert_nonnull (archive);
  OTF2_Archive_SetFlushCallbacks (archive, &test_flush_callbacks, NULL);
  OTF2_Archive_SetSerialCollectiveCallbacks (archive);
  OTF2_Archive_OpenEvtFiles (archive);

  for (loc = 0; loc < 2; loc++)
    {
      w = OTF2_Archive_GetEvtWriter (archive, loc);
      OTF2_EvtWriter_Enter (w, NULL, 10, 0);
      OTF2_EvtWriter_Enter (w, NULL, 20, 1);
      if (loc == 0)
        {
          /* to rank 5 of a 2-rank communicator, and to rank 1 (never received) */
          OTF2_EvtWriter_MpiSend (w, NULL, 30, 5, 0, 7, 100);
          OTF2_EvtWriter_MpiSend (w, NULL, 31, 1, 0, 8, 200);
        }
      else
        {
          /* from rank 0 with a tag that was never sent */
          OTF2_EvtWriter_MpiRecv (w, NULL, 40, 0, 0, 9, 300);
        }
      OTF2_EvtWriter_Leave (w, NULL, 50, 1);
      OTF2_EvtWriter_Leave (w, NULL, 60, 0);
      OTF2_Archive_CloseEvtWriter (archive, w);
    }
  OTF2_Archive_CloseEvtFiles (archive);

  defs = OTF2_Archive_GetGlobalDefWriter (archive);
  OTF2_GlobalDefWriter_WriteClockProperties (defs, 1000, 0, 100, OTF2_UNDEFINED_TIMESTAMP);
  OTF2_GlobalDefWriter_WriteString (defs, 0, "");
  OTF2_GlobalDefWriter_WriteString (defs, 1, "main");
  OTF2_GlobalDefWriter_WriteString (defs, 2, "future_call");
  OTF2_GlobalDefWriter_WriteString (defs, 3, "node");
  OTF2_GlobalDefWriter_WriteString (defs, 4, "rank 0");
  OTF2_GlobalDefWriter_WriteString (defs, 5, "rank 1");
  OTF2_GlobalDefWriter_WriteString (defs, 6, "thread");
  OTF2_GlobalDefWriter_WriteString (defs, 7, "MPI_COMM_WORLD");
  OTF2_GlobalDefWriter_WriteRegion (defs, 0, 1, 1, 0, OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_USER,
                                    OTF2_REGION_FLAG_NONE, 0, 0, 0);
  OTF2_GlobalDefWriter_WriteRegion (defs, 1, 2, 2, 0, OTF2_REGION_ROLE_FUNCTION, 99,
                                    OTF2_REGION_FLAG_NONE, 0, 0, 0);
  OTF2_GlobalDefWriter_WriteSystemTreeNode (defs, 0, 3, 3, OTF2_UNDEFINED_SYSTEM_TREE_NODE);
  OTF2_GlobalDefWriter_WriteLocationGroup (defs, 0, 4, OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                           OTF2_UNDEFINED_LOCATION_GROUP);
  OTF2_GlobalDefWriter_WriteLocationGroup (defs, 1, 5, OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                           OTF2_UNDEFINED_LOCATION_GROUP);
  OTF2_GlobalDefWriter_WriteLocation (defs, 0, 6, OTF2_LOCATION_TYPE_CPU_THREAD, 6, 0);
  OTF2_GlobalDefWriter_WriteLocation (defs, 1, 6, OTF2_LOCATION_TYPE_CPU_THREAD, 5, 1);
  OTF2_GlobalDefWriter_WriteGroup (defs, 0, 0, OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                   OTF2_GROUP_FLAG_NONE, 2, comm_locations);
  OTF2_GlobalDefWriter_WriteGroup (defs, 1, 0, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                   OTF2_GROUP_FLAG_NONE, 2, comm_members);
  OTF2_GlobalDefWriter_WriteComm (defs, 0, 7, 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE);
  OTF2_Archive_CloseGlobalDefWriter (archive, defs);
  OTF2_Archive_Close (archive);
}

static void
test_defects_tiny_archive (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(JxTrace) trace = NULL;
  const JxRegion *future;
  guint i;
  gboolean unknown_receiver = FALSE;

  write_tiny_archive (dir);
  trace = load (dir);

  g_assert_cmpuint (jx_trace_get_n_events (trace), ==, 11);
  future = jx_trace_get_region (trace, jx_trace_find_region (trace, "future_call"));
  g_assert_cmpuint (future->paradigm, ==, 99);
  g_assert_true (future->flags & JX_REGION_FLAG_UNKNOWN_PARADIGM);
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_UNKNOWN_PARADIGM), ==, 1);
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_UNDEFINED_LOCATION), ==, 1);
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_UNMATCHED_MESSAGE), ==, 2);
  g_assert_true (has_issue (trace, JX_DEFECT_UNKNOWN_PARADIGM, "future_call"));

  g_assert_cmpuint (jx_trace_get_n_messages (trace), ==, 2);
  for (i = 0; i < jx_trace_get_n_messages (trace); i++)
    {
      const JxMessage *m = &jx_trace_get_messages (trace)[i];

      g_assert_cmpuint (m->recv_time, ==, G_MAXUINT64);
      if (m->receiver == JX_NONE)
        unknown_receiver = TRUE;
    }
  g_assert_true (unknown_receiver);
  test_remove_tree (dir);
}

/* traces.def claims `claimed` events for each of two locations that hold 4
 * and 2. The claim is a hint for memory reservation only; 4e9 used to
 * reserve 60 GB up front and abort when that failed. */
static void
write_lying_archive (const char *dir,
                     guint64     claimed)
{
  OTF2_Archive *archive;
  OTF2_GlobalDefWriter *defs;
  OTF2_EvtWriter *w;
  guint loc;

  archive = OTF2_Archive_Open (dir, "traces", OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                               OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  g_assert_nonnull (archive);
  OTF2_Archive_SetFlushCallbacks (archive, &test_flush_callbacks, NULL);
  OTF2_Archive_SetSerialCollectiveCallbacks (archive);
  OTF2_Archive_OpenEvtFiles (archive);
  for (loc = 0; loc < 2; loc++)
    {
      w = OTF2_Archive_GetEvtWriter (archive, loc);
      OTF2_EvtWriter_Enter (w, NULL, 10, 0);
      if (loc == 0)
        {
          OTF2_EvtWriter_Enter (w, NULL, 12, 0);
          OTF2_EvtWriter_Leave (w, NULL, 14, 0);
        }
      OTF2_EvtWriter_Leave (w, NULL, 20, 0);
      OTF2_Archive_CloseEvtWriter (archive, w);
    }
  OTF2_Archive_CloseEvtFiles (archive);

  defs = OTF2_Archive_GetGlobalDefWriter (archive);
  OTF2_GlobalDefWriter_WriteClockProperties (defs, 1000, 0, 100, OTF2_UNDEFINED_TIMESTAMP);
  OTF2_GlobalDefWriter_WriteString (defs, 0, "");
  OTF2_GlobalDefWriter_WriteString (defs, 1, "main");
  OTF2_GlobalDefWriter_WriteString (defs, 2, "node");
  OTF2_GlobalDefWriter_WriteString (defs, 3, "rank 0");
  OTF2_GlobalDefWriter_WriteString (defs, 4, "thread");
  OTF2_GlobalDefWriter_WriteRegion (defs, 0, 1, 1, 0, OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_USER,
                                    OTF2_REGION_FLAG_NONE, 0, 0, 0);
  OTF2_GlobalDefWriter_WriteSystemTreeNode (defs, 0, 2, 2, OTF2_UNDEFINED_SYSTEM_TREE_NODE);
  OTF2_GlobalDefWriter_WriteLocationGroup (defs, 0, 3, OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                           OTF2_UNDEFINED_LOCATION_GROUP);
  OTF2_GlobalDefWriter_WriteLocation (defs, 0, 4, OTF2_LOCATION_TYPE_CPU_THREAD, claimed, 0);
  OTF2_GlobalDefWriter_WriteLocation (defs, 1, 4, OTF2_LOCATION_TYPE_CPU_THREAD, claimed, 0);
  OTF2_Archive_CloseGlobalDefWriter (archive, defs);
  OTF2_Archive_Close (archive);
}

static void
test_defects_lying_event_count (void)
{
  const guint64 claims[] = { G_GUINT64_CONSTANT (4000000000), G_MAXUINT32 - 1, G_MAXUINT64, 1 };
  guint c;

  for (c = 0; c < G_N_ELEMENTS (claims); c++)
    {
      g_autofree char *dir = test_make_temp_dir ();
      g_autoptr(JxTrace) trace = NULL;
      const JxStream *s;

      g_test_message ("claimed %" G_GUINT64_FORMAT " events", claims[c]);
      write_lying_archive (dir, claims[c]);
      trace = load (dir);

      g_assert_cmpuint (jx_trace_get_n_streams (trace), ==, 2);
      g_assert_cmpuint (jx_trace_get_n_events (trace), ==, 6);
      g_assert_cmpuint (jx_trace_get_n_invocations (trace), ==, 3);
      g_assert_cmpuint (jx_trace_get_n_defects (trace), ==, 0);
      s = jx_trace_get_stream (trace, 0);
      g_assert_cmpuint (s->n_events, ==, 4);
      g_assert_cmpuint (s->n_invocations, ==, 2);
      g_assert_cmpuint (s->end[0], ==, 20);
      g_assert_cmpuint (s->end[1], ==, 14);
      g_assert_cmpuint (s->parent[1], ==, 0);
      s = jx_trace_get_stream (trace, 1);
      g_assert_cmpuint (s->n_events, ==, 2);
      g_assert_cmpuint (s->n_invocations, ==, 1);
      check_streams_sane (trace);
      test_remove_tree (dir);
    }
}

/* Builder level: the repairs themselves, with exact numbers. */
static void
test_defects_builder (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("b", "b", 1000);
  g_autoptr(JxTrace) trace = NULL;
  const JxStream *s;
  guint32 f, g, h, stream;

  f = jx_trace_builder_add_region (b, "f", 1, 1);
  g = jx_trace_builder_add_region (b, "g", 1, 1);
  h = jx_trace_builder_add_region (b, "h", 1, 1);
  stream = jx_trace_builder_add_stream (b, jx_trace_builder_add_process (b, "p", JX_NONE), "t",
                                        JX_STREAM_CPU_THREAD);

  jx_trace_builder_leave (b, stream, 5, f);       /* unmatched: ignored */
  jx_trace_builder_enter (b, stream, 10, f);      /* 0: f [10, 50) */
  jx_trace_builder_enter (b, stream, 20, g);      /* 1: g [20, 35) */
  jx_trace_builder_enter (b, stream, 15, h);      /* 2: h, time clamped to 20 */
  jx_trace_builder_leave (b, stream, 30, h);
  jx_trace_builder_leave (b, stream, 35, h);      /* h not open: closes g, the innermost */
  jx_trace_builder_leave (b, stream, 50, f);      /* f is innermost again */
  jx_trace_builder_enter (b, stream, 52, f);      /* 3: f [52, 56) */
  jx_trace_builder_enter (b, stream, 54, g);      /* 4: g [54, 56) closed by f's leave */
  jx_trace_builder_leave (b, stream, 56, f);      /* mismatched: closes g and f */
  jx_trace_builder_enter (b, stream, 60, 77);     /* 5: undefined region */
  jx_trace_builder_leave (b, stream, 70, 77);
  jx_trace_builder_enter (b, stream, 80, g);      /* 6: unclosed: ends at 90 */
  jx_trace_builder_count_event (b, stream, 90, JX_EVENT_OTHER);
  trace = jx_trace_builder_finish (b);
  s = jx_trace_get_stream (trace, 0);

  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_UNMATCHED_LEAVE), ==, 1);
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_BACKWARDS_TIME), ==, 1);
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_MISMATCHED_LEAVE), ==, 2);
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_UNCLOSED_REGION), ==, 2);
  g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_UNDEFINED_REGION), ==, 2);
  g_assert_cmpuint (s->n_invocations, ==, 7);
  g_assert_cmpuint (s->start[2], ==, 20);
  g_assert_cmpuint (s->end[2], ==, 30);
  g_assert_cmpuint (s->end[1], ==, 35);
  g_assert_cmpuint (s->end[0], ==, 50);
  g_assert_cmpuint (s->subtree_end[0], ==, 3);
  g_assert_cmpuint (s->subtree_end[1], ==, 3);
  /* The later f is a sibling of the first, not nested in the stale g. */
  g_assert_cmpuint (s->parent[3], ==, JX_NONE);
  g_assert_cmpuint (s->end[4], ==, 56);
  g_assert_cmpuint (s->end[3], ==, 56);
  g_assert_cmpuint (s->parent[4], ==, 3);
  g_assert_cmpstr (jx_trace_get_region (trace, s->region[5])->name, ==, "<undefined region 77>");
  g_assert_cmpuint (s->end[5], ==, 70);
  g_assert_cmpuint (s->end[6], ==, 90);
  g_assert_cmpuint (s->n_events, ==, 14);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/defects/builder", test_defects_builder);
  g_test_add_func ("/model/defects/none", test_defects_none);
  g_test_add_func ("/model/defects/tracer-unclosed-mismatched", test_defects_tracer);
  g_test_add_func ("/model/defects/unclosed", test_defects_unclosed);
  g_test_add_func ("/model/defects/mismatched", test_defects_mismatched);
  g_test_add_func ("/model/defects/unmatched-leave", test_defects_unmatched_leave);
  g_test_add_func ("/model/defects/backwards", test_defects_backwards);
  g_test_add_func ("/model/defects/unknown-role", test_defects_unknown_role);
  g_test_add_func ("/model/defects/undefined-region", test_defects_undefined_region);
  g_test_add_func ("/model/defects/empty-stream", test_defects_empty_stream);
  g_test_add_func ("/model/defects/missing-evt", test_defects_missing_evt);
  g_test_add_func ("/model/defects/missing-evt-real", test_defects_missing_evt_real);
  g_test_add_func ("/model/defects/truncated-evt-real", test_defects_truncated_evt_real);
  g_test_add_func ("/model/defects/local-definitions", test_defects_local_definitions);
  g_test_add_func ("/model/defects/lying-event-count", test_defects_lying_event_count);
  g_test_add_func ("/model/defects/unknown-paradigm-location-message", test_defects_tiny_archive);

  return g_test_run ();
}
