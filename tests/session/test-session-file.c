/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session-file.c — the saved comparison (`.juxtrace`, jx-session-file.h)
 * without a display: the format's round trip, relative paths, unknown and
 * newer fields, corrupt files, and opening a saved comparison in a session
 * (offsets, reference, colours, modes, window, selection) with one trace
 * missing and located afterwards. */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "jx-session-file-apply.h"
#include "jx-test-session.h"
#include "jx-test-util.h"
#include "jx-trace-generator.h"

#define MS G_GINT64_CONSTANT (1000000)

static void
test_relative_path (void)
{
  static const struct { const char *base, *path, *expected; } cases[] = {
    { "/home/a/study", "/home/a/study/run1/traces.otf2", "run1/traces.otf2" },
    { "/home/a/study", "/home/a/other/run1", "../other/run1" },
    { "/home/a/study/x", "/home/a/run", "../../run" },
    { "/home/a", "/home/a", "." },
    { "/home/a", "/srv/traces/run", "/srv/traces/run" },
    { "relative", "/home/a/run", "/home/a/run" },
    { "/home/a", "run", "run" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *got = jx_session_file_relative_path (cases[i].base, cases[i].path);

      g_assert_cmpstr (got, ==, cases[i].expected);
    }
}

static void
test_round_trip (void)
{
  g_autofree char *dir = jx_test_make_tmp_dir ();
  g_autofree char *filename = g_build_filename (dir, "study", "pair.juxtrace", NULL);
  g_autofree char *trace_a = g_build_filename (dir, "study", "runs", "a", NULL);
  g_autofree char *trace_b = g_build_filename (dir, "elsewhere", "b", "traces.otf2", NULL);
  g_autoptr(JxSessionFile) file = jx_session_file_new ();
  g_autoptr(JxSessionFile) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *study = g_build_filename (dir, "study", NULL);
  static const char *custom[] = { "Rank 0 / Master thread", "Rank 1 / Master thread", NULL };
  g_autoptr(GDir) listing = NULL;
  const char *name;
  guint n_files = 0;

  g_assert_cmpint (g_mkdir_with_parents (study, 0700), ==, 0);
  {
    JxSessionFileTrace *first = jx_session_file_add_trace (file, trace_a, 0, 0);
    static const guint32 folded[] = { 0, 3 };

    first->folded_groups = g_array_new (FALSE, FALSE, sizeof (guint32));
    g_array_append_vals (first->folded_groups, folded, G_N_ELEMENTS (folded));
  }
  /* An empty list (nothing folded) is kept apart from none (not known). */
  {
    JxSessionFileTrace *second = jx_session_file_add_trace (file, trace_b, -1234567, 0xff3366cc);
    static const char *const pairs[] = { "rank 0 / main; thread", "rank 1 / main", "rank 1 / main", "rank 0 / main; thread", NULL };

    second->folded_groups = g_array_new (FALSE, FALSE, sizeof (guint32));
    /* A name with the list separator in it survives. */
    second->paired_by_hand = g_strdupv ((char **) pairs);
  }
  file->reference = 1;
  file->has_visible = TRUE;
  file->visible = (JxTimeSpan) { 5 * MS, 17 * MS };
  file->has_selected = TRUE;
  file->selected = (JxTimeSpan) { 6 * MS, 7 * MS };
  file->selected_trace = 0;
  file->selected_stream = 3;
  file->selected_invocation = 42;
  file->fold_grouping = JX_FOLD_GROUPING_CUSTOM;
  file->fold_operation = JX_FOLD_DIFF;
  file->fold_custom = g_strdupv ((char **) custom);
  file->show_sos = TRUE;
  file->sos_function = g_strdup ("jacobi_kernel");
  file->diff_mode = JX_DIFF_BAR_TIME;
  file->noise_band = 0.25;
  file->differences_by_impact = TRUE;
  file->align_ends = TRUE;
  file->search = g_strdup ("MPI_");
  file->counter_metric = g_strdup ("PAPI_L2_TCM");

  g_assert_true (jx_session_file_save (file, filename, &error));
  g_assert_no_error (error);

  /* Written atomically: no temporary file is left beside it. */
  listing = g_dir_open (study, 0, NULL);
  while ((name = g_dir_read_name (listing)) != NULL)
    n_files++;
  g_assert_cmpuint (n_files, ==, 1);

  /* Paths relative to the file, and absolute as well. */
  g_assert_true (g_file_get_contents (filename, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "Version=2"));
  g_assert_nonnull (strstr (text, "Path=runs/a\n"));
  g_assert_nonnull (strstr (text, "Path=../elsewhere/b/traces.otf2\n"));
  g_assert_nonnull (strstr (text, "Color=#3366cc"));

  back = jx_session_file_load (filename, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  g_assert_cmpuint (back->warnings->len, ==, 0);
  g_assert_cmpuint (back->version, ==, JX_SESSION_FILE_VERSION);
  g_assert_cmpuint (back->traces->len, ==, 2);
  g_assert_cmpstr (((JxSessionFileTrace *) back->traces->pdata[0])->path, ==, trace_a);
  g_assert_cmpstr (((JxSessionFileTrace *) back->traces->pdata[0])->stored_path, ==, "runs/a");
  g_assert_cmpstr (((JxSessionFileTrace *) back->traces->pdata[1])->path, ==, trace_b);
  g_assert_cmpint (((JxSessionFileTrace *) back->traces->pdata[0])->offset_ns, ==, 0);
  g_assert_cmpint (((JxSessionFileTrace *) back->traces->pdata[1])->offset_ns, ==, -1234567);
  g_assert_cmpuint (((JxSessionFileTrace *) back->traces->pdata[0])->picked_color, ==, 0);
  g_assert_cmpuint (((JxSessionFileTrace *) back->traces->pdata[1])->picked_color, ==, 0xff3366cc);
  g_assert_null (((JxSessionFileTrace *) back->traces->pdata[0])->paired_by_hand);
  {
    char **pairs = ((JxSessionFileTrace *) back->traces->pdata[1])->paired_by_hand;

    g_assert_nonnull (pairs);
    g_assert_cmpuint (g_strv_length (pairs), ==, 4);
    g_assert_cmpstr (pairs[0], ==, "rank 0 / main; thread");
    g_assert_cmpstr (pairs[3], ==, "rank 0 / main; thread");
  }
  {
    GArray *folded = ((JxSessionFileTrace *) back->traces->pdata[0])->folded_groups;

    g_assert_nonnull (folded);
    g_assert_cmpuint (folded->len, ==, 2);
    g_assert_cmpuint (g_array_index (folded, guint32, 0), ==, 0);
    g_assert_cmpuint (g_array_index (folded, guint32, 1), ==, 3);
    g_assert_nonnull (((JxSessionFileTrace *) back->traces->pdata[1])->folded_groups);
    g_assert_cmpuint (((JxSessionFileTrace *) back->traces->pdata[1])->folded_groups->len, ==, 0);
  }
  g_assert_cmpint (back->reference, ==, 1);
  g_assert_true (back->has_visible);
  g_assert_cmpint (back->visible.begin_ns, ==, 5 * MS);
  g_assert_cmpint (back->visible.end_ns, ==, 17 * MS);
  g_assert_true (back->has_selected);
  g_assert_cmpint (back->selected.begin_ns, ==, 6 * MS);
  g_assert_cmpint (back->selected.end_ns, ==, 7 * MS);
  g_assert_cmpint (back->selected_trace, ==, 0);
  g_assert_cmpuint (back->selected_stream, ==, 3);
  g_assert_cmpuint (back->selected_invocation, ==, 42);
  g_assert_cmpint (back->fold_grouping, ==, JX_FOLD_GROUPING_CUSTOM);
  g_assert_cmpint (back->fold_operation, ==, JX_FOLD_DIFF);
  g_assert_cmpstrv (back->fold_custom, custom);
  g_assert_true (back->show_sos);
  g_assert_cmpstr (back->sos_function, ==, "jacobi_kernel");
  g_assert_cmpint (back->diff_mode, ==, JX_DIFF_BAR_TIME);
  g_assert_cmpfloat (back->noise_band, ==, 0.25);
  g_assert_true (back->differences_by_impact);
  g_assert_true (back->align_ends);
  g_assert_cmpstr (back->search, ==, "MPI_");
  g_assert_cmpstr (back->counter_metric, ==, "PAPI_L2_TCM");

  /* The file moved with its traces: the relative paths still find them. */
  {
    g_autofree char *moved = g_build_filename (dir, "moved", NULL);
    g_autofree char *moved_file = g_build_filename (moved, "pair.juxtrace", NULL);
    g_autofree char *moved_a = g_build_filename (moved, "runs", "a", NULL);
    g_autofree char *moved_text = NULL;
    g_autoptr(JxSessionFile) again = NULL;

    g_assert_true (g_file_get_contents (filename, &moved_text, NULL, NULL));
    g_assert_cmpint (g_mkdir_with_parents (moved_a, 0700), ==, 0);
    g_assert_true (g_file_set_contents (moved_file, moved_text, -1, NULL));
    again = jx_session_file_load (moved_file, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (((JxSessionFileTrace *) again->traces->pdata[0])->path, ==, moved_a);
  }

  jx_test_remove_tree (dir);
}

static void
test_newer_fields (void)
{
  static const char newer[] =
    "[Juxtrace Comparison]\n"
    "Version=3\n"
    "Reference=0\n"
    "DiffMode=structure\n"
    "FoldOperation=median\n"
    "Wormholes=true\n"
    "\n"
    "[Trace 0]\n"
    "Path=/nonexistent/run\n"
    "Offset=250\n"
    "Opacity=0.5\n"
    "\n"
    "[Counters]\n"
    "Shown=PAPI_TOT_CYC\n"
    "\n"
    "[Trace 5]\n"
    "Path=/after/a/gap\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(JxSessionFile) file = NULL;
  g_autofree char *saved = NULL;
  g_autoptr(GArray) missing = NULL;

  file = jx_session_file_load_data (newer, strlen (newer), "/tmp/x.juxtrace", &error);
  g_assert_no_error (error);
  g_assert_nonnull (file);
  g_assert_cmpuint (file->version, ==, 3);
  /* The newer version, the unknown operation, two unknown keys, the
   * unknown section and the trace after a gap are all reported. */
  g_assert_cmpuint (file->warnings->len, ==, 6);
  g_assert_cmpuint (file->traces->len, ==, 1);
  g_assert_cmpint (file->diff_mode, ==, JX_DIFF_BAR_STRUCTURE);
  g_assert_cmpint (file->fold_operation, ==, JX_FOLD_MAX);
  g_assert_cmpint (((JxSessionFileTrace *) file->traces->pdata[0])->offset_ns, ==, 250);
  missing = jx_session_file_find_missing (file);
  g_assert_cmpuint (missing->len, ==, 1);

  /* Saving keeps what this version does not know, and writes its own version. */
  saved = jx_session_file_to_data (file, "/tmp/x.juxtrace", NULL);
  g_assert_nonnull (strstr (saved, "Wormholes=true"));
  g_assert_nonnull (strstr (saved, "Opacity=0.5"));
  g_assert_nonnull (strstr (saved, "[Counters]"));
  g_assert_nonnull (strstr (saved, "Shown=PAPI_TOT_CYC"));
  g_assert_nonnull (strstr (saved, "Version=2"));
  g_assert_null (strstr (saved, "Version=3"));
}

static void
expect_error (const char *text,
              gssize      length,
              int         code,
              const char *fragment)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JxSessionFile) file = NULL;

  file = jx_session_file_load_data (text, length < 0 ? strlen (text) : (gsize) length,
                                    "/data/broken.juxtrace", &error);
  g_assert_null (file);
  g_assert_error (error, JX_SESSION_FILE_ERROR, code);
  /* The message names the file and what is wrong. */
  g_assert_nonnull (strstr (error->message, "broken.juxtrace"));
  g_assert_nonnull (strstr (error->message, fragment));
}

static void
test_corrupt (void)
{
  static const char binary[] = { 'P', 'K', 3, 4, (char) 0xff, (char) 0xfe, 0, 1 };
  g_autoptr(GError) error = NULL;
  g_autoptr(JxSessionFile) file = NULL;

  expect_error ("this is not a key file\n", -1, JX_SESSION_FILE_ERROR_CORRUPT, "not a Juxtrace comparison");
  expect_error (binary, sizeof binary, JX_SESSION_FILE_ERROR_CORRUPT, "not a Juxtrace comparison");
  expect_error ("[Something Else]\nVersion=1\n", -1, JX_SESSION_FILE_ERROR_CORRUPT, "Juxtrace Comparison");
  expect_error ("[Juxtrace Comparison]\nVersion=one\n", -1, JX_SESSION_FILE_ERROR_CORRUPT, "Version");
  expect_error ("[Juxtrace Comparison]\nVersion=1\n[Trace 0]\nOffset=3\n", -1, JX_SESSION_FILE_ERROR_INVALID, "Path");
  expect_error ("[Juxtrace Comparison]\nVersion=1\n[Trace 0]\nPath=/x\nOffset=soon\n", -1,
                JX_SESSION_FILE_ERROR_INVALID, "Offset");

  /* Values that do not make sense are reported and left at their defaults. */
  {
    static const char odd[] = "[Juxtrace Comparison]\nVersion=1\nReference=7\nVisibleTime=9;3;\n"
                              "NoiseBand=7\nSelectedCall=x\n[Trace 0]\nPath=/x\nColor=red\n";

    file = jx_session_file_load_data (odd, strlen (odd), "/data/odd.juxtrace", &error);
    g_assert_no_error (error);
    g_assert_cmpuint (file->warnings->len, ==, 5);
    g_assert_cmpint (file->reference, ==, -1);
    g_assert_false (file->has_visible);
    g_assert_cmpfloat (file->noise_band, ==, 0.10);
    g_assert_cmpint (file->selected_trace, ==, -1);
    g_clear_pointer (&file, jx_session_file_free);
  }
  {
    /* An odd list of hand pairings lost a name: reported, paired
     * automatically, the rest opens. */
    static const char odd[] = "[Juxtrace Comparison]\nVersion=2\n[Trace 0]\nPath=/x\n"
                              "[Trace 1]\nPath=/y\nPairedByHand=a / 1;b / 2;c / 3;\n";

    file = jx_session_file_load_data (odd, strlen (odd), "/data/odd.juxtrace", &error);
    g_assert_no_error (error);
    g_assert_cmpuint (file->warnings->len, ==, 1);
    g_assert_cmpuint (file->traces->len, ==, 2);
    g_assert_null (((JxSessionFileTrace *) file->traces->pdata[1])->paired_by_hand);
    g_clear_pointer (&file, jx_session_file_free);
  }

  file = jx_session_file_load ("/nonexistent/folder/gone.juxtrace", &error);
  g_assert_null (file);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_nonnull (strstr (error->message, "gone.juxtrace"));
}

static char *
generate (const char *parent,
          const char *name,
          guint       seed)
{
  g_autofree char *dir = g_build_filename (parent, name, NULL);
  g_autoptr(GError) error = NULL;
  JxGeneratorOptions options;

  jx_generator_options_init (&options);
  options.n_ranks = 2;
  options.n_threads = 1;
  options.n_iterations = 4;
  options.seed = seed;
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_cmpuint (jx_generate_trace (dir, &options, &error), >, 0);
  g_assert_no_error (error);
  return g_steal_pointer (&dir);
}

/* The part of a trace and the readable rows survive a save and a read;
 * a file without them (an older one) reads as whole traces, and a part
 * that makes no sense is a warning and the whole trace. */
static void
test_selection_round_trip (void)
{
  g_autoptr(JxSessionFile) file = jx_session_file_new ();
  g_autoptr(JxSessionFile) back = NULL;
  g_autoptr(JxSessionFile) bad = NULL;
  g_autoptr(JxTraceSelection) selection = jx_trace_selection_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  JxSessionFileTrace *part, *whole;
  guint32 expanded[] = { 0, 5 };
  gsize length = 0;
  const char *bad_text =
    "[Juxtrace Comparison]\nVersion=1\n"
    "[Trace 0]\nPath=/a\nSelectEvery=1;4;\nReadableRows=maybe\n"
    "[Trace 1]\nPath=/b\nSelectWindow=5;3;\n"
    "[Trace 2]\nPath=/c\nSelectPositions=3;x;\nExpandedProcesses=-1;\n";

  jx_trace_selection_add_pattern (selection, "MPI Rank 1*");
  jx_trace_selection_add_pattern (selection, "* / Master thread");
  jx_trace_selection_add_process (selection, 3);
  jx_trace_selection_add_location (selection, G_GUINT64_CONSTANT (18446744073709551000));
  jx_trace_selection_set_every (selection, 8, 2);
  jx_trace_selection_set_window (selection, 1500 * MS, JX_WINDOW_OPEN_END);
  part = jx_session_file_add_trace (file, "/runs/a", 0, 0);
  part->selection = jx_trace_selection_copy (selection);
  part->has_rows = TRUE;
  part->full_rows = TRUE;
  part->readable_processes = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_array_append_vals (part->readable_processes, expanded, G_N_ELEMENTS (expanded));
  jx_session_file_add_trace (file, "/runs/b", 0, 0);

  data = jx_session_file_to_data (file, "/runs/pair.juxtrace", &length);
  g_test_message ("%s", data);
  g_assert_nonnull (strstr (data, "SelectWindow=1500000000;end;"));
  back = jx_session_file_load_data (data, length, "/runs/pair.juxtrace", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->warnings->len, ==, 0);
  part = g_ptr_array_index (back->traces, 0);
  whole = g_ptr_array_index (back->traces, 1);
  g_assert_nonnull (part->selection);
  g_assert_true (jx_trace_selection_equal (part->selection, selection));
  g_assert_true (part->has_rows);
  g_assert_true (part->full_rows);
  g_assert_cmpuint (part->readable_processes->len, ==, 2);
  g_assert_cmpuint (g_array_index (part->readable_processes, guint32, 1), ==, 5);
  g_assert_null (whole->selection);
  g_assert_false (whole->has_rows);
  g_assert_null (whole->readable_processes);

  bad = jx_session_file_load_data (bad_text, strlen (bad_text), "/runs/bad.juxtrace", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < bad->warnings->len; i++)
    g_test_message ("%s", (const char *) g_ptr_array_index (bad->warnings, i));
  g_assert_cmpuint (bad->warnings->len, ==, 5);
  for (guint i = 0; i < bad->traces->len; i++)
    {
      JxSessionFileTrace *trace = g_ptr_array_index (bad->traces, i);

      g_assert_null (trace->selection);
      g_assert_false (trace->full_rows);
      g_assert_null (trace->readable_processes);
    }
}

/* Saves a session with two traces, then opens it in a new session. */
static void
test_apply (void)
{
  g_autofree char *dir = jx_test_make_tmp_dir ();
  g_autofree char *run_a = generate (dir, "run-a", 1);
  g_autofree char *run_b = generate (dir, "run-b", 2);
  g_autofree char *filename = g_build_filename (dir, "pair.juxtrace", NULL);
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(JxSession) opened = jx_session_new ();
  g_autoptr(JxSessionFile) saved = NULL;
  g_autoptr(JxSessionFile) file = NULL;
  g_autoptr(GArray) missing = NULL;
  g_autoptr(GError) error = NULL;
  JxSessionTrace *a, *b, *item;
  JxTimeSpan view, sel;
  guint32 stream, inv;

  a = jx_session_add_path (session, run_a);
  b = jx_session_add_path (session, run_b);
  jx_test_wait_for_loads (session);
  jx_session_set_offset (session, b, 3 * MS);
  jx_session_set_reference (session, b);
  jx_session_trace_set_picked_color (a, 0xff112233);
  jx_session_set_fold_operation (session, JX_FOLD_IDLE);
  jx_session_set_diff_mode (session, JX_DIFF_BAR_STRUCTURE);
  jx_session_set_noise_band (session, 0.2);
  view = *jx_session_get_visible_time (session);
  view.begin_ns += jx_time_span_get_duration (&view) / 4;
  view.end_ns -= jx_time_span_get_duration (&view) / 4;
  jx_session_set_visible_time (session, &view);
  view = *jx_session_get_visible_time (session);
  sel = (JxTimeSpan) { view.begin_ns + 1000, view.begin_ns + 5000 };
  jx_session_select_time (session, &sel);
  jx_session_select_invocation (session, a, 0, 1);
  jx_counter_model_set_metric (jx_session_get_counter_model (session), "JX_CYCLES");

  saved = jx_session_file_capture (session);
  g_assert_true (jx_session_file_save (saved, filename, &error));
  g_assert_no_error (error);

  file = jx_session_file_load (filename, &error);
  g_assert_no_error (error);
  missing = jx_session_file_apply (file, opened);
  g_assert_cmpuint (missing->len, ==, 0);
  jx_test_wait_for_loads (opened);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (opened)), ==, 2);
  g_assert_cmpstr (jx_session_trace_get_path (jx_test_item_at (opened, 0)), ==, run_a);
  g_assert_cmpstr (jx_session_trace_get_path (jx_test_item_at (opened, 1)), ==, run_b);
  g_assert_cmpint (jx_test_offset_of (opened, 0), ==, 0);
  g_assert_cmpint (jx_test_offset_of (opened, 1), ==, 3 * MS);
  /* Opening is not a step to undo. */
  g_assert_false (jx_session_can_undo (opened));
  g_assert_true (jx_session_get_reference (opened) == jx_test_item_at (opened, 1));
  g_assert_cmpuint (jx_session_trace_get_picked_color (jx_test_item_at (opened, 0)), ==, 0xff112233);
  g_assert_cmpuint (jx_session_trace_get_picked_color (jx_test_item_at (opened, 1)), ==, 0);
  g_assert_cmpint (jx_session_get_fold_operation (opened), ==, JX_FOLD_IDLE);
  g_assert_cmpint (jx_session_get_diff_mode (opened), ==, JX_DIFF_BAR_STRUCTURE);
  g_assert_cmpfloat (jx_session_get_noise_band (opened), ==, 0.2);
  g_assert_cmpstr (jx_counter_model_get_metric (jx_session_get_counter_model (opened)), ==, "JX_CYCLES");
  g_assert_cmpint (jx_test_view_start (opened), ==, view.begin_ns);
  g_assert_cmpint (jx_test_view_end (opened), ==, view.end_ns);
  g_assert_cmpint (jx_session_get_selected_time (opened)->begin_ns, ==, sel.begin_ns);
  g_assert_cmpint (jx_session_get_selected_time (opened)->end_ns, ==, sel.end_ns);
  g_assert_true (jx_session_get_selected_invocation (opened, &item, &stream, &inv));
  g_assert_true (item == jx_test_item_at (opened, 0));
  g_assert_cmpuint (stream, ==, 0);
  g_assert_cmpuint (inv, ==, 1);

  jx_session_clear (session);
  jx_session_clear (opened);
  jx_test_remove_tree (dir);
}

/* A trace moved away: the others open, and the moved one is added where it
 * was found, with its saved offset and role. */
static void
test_missing (void)
{
  g_autofree char *dir = jx_test_make_tmp_dir ();
  g_autofree char *run_a = generate (dir, "run-a", 1);
  g_autofree char *run_b = generate (dir, "run-b", 2);
  g_autofree char *moved_b = g_build_filename (dir, "moved-b", NULL);
  g_autofree char *filename = g_build_filename (dir, "pair.juxtrace", NULL);
  g_autoptr(JxSessionFile) file = jx_session_file_new ();
  g_autoptr(JxSessionFile) back = NULL;
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(GArray) missing = NULL;
  g_autoptr(GError) error = NULL;
  JxSessionTrace *item;

  jx_session_file_add_trace (file, run_a, 0, 0);
  jx_session_file_add_trace (file, run_b, 2 * MS, 0xff00ff00);
  file->reference = 1;
  g_assert_true (jx_session_file_save (file, filename, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_rename (run_b, moved_b), ==, 0);

  back = jx_session_file_load (filename, &error);
  g_assert_no_error (error);
  /* Not saved: the window's default choice stays. */
  g_assert_null (back->counter_metric);
  missing = jx_session_file_apply (back, session);
  g_assert_cmpuint (missing->len, ==, 1);
  g_assert_cmpuint (g_array_index (missing, guint, 0), ==, 1);
  jx_test_wait_for_loads (session);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 1);
  g_assert_cmpint (jx_session_trace_get_state (jx_test_item_at (session, 0)), ==, JX_SESSION_TRACE_LOADED);

  item = jx_session_file_apply_located (back, session, 1, moved_b);
  g_assert_nonnull (item);
  jx_test_wait_for_loads (session);
  g_assert_cmpint (jx_session_trace_get_state (item), ==, JX_SESSION_TRACE_LOADED);
  g_assert_cmpint (jx_session_trace_get_offset (item), ==, 2 * MS);
  g_assert_cmpuint (jx_session_trace_get_picked_color (item), ==, 0xff00ff00);
  g_assert_true (jx_session_get_reference (session) == item);
  /* The next save has the new place. */
  g_assert_cmpstr (((JxSessionFileTrace *) back->traces->pdata[1])->path, ==, moved_b);

  jx_session_clear (session);
  jx_test_remove_tree (dir);
}

/* The name the save and export dialogs propose. */
static void
test_suggest_name (void)
{
  const char *two[] = { "casita__1_xeonphi_jacobi_01", "casita__1_xeonphi_jacobi_09" };
  const char *odd[] = { "run: 1/2", "..", "", "four" };
  g_autofree char *long_name = g_strnfill (100, 'x');
  const char *one_long[] = { long_name };
  struct { const char * const *names; guint n; const char *suffix; const char *expected; } cases[] = {
    { NULL, 0, ".juxtrace", "comparison.juxtrace" },
    { two, 1, ".png", "casita__1_xeonphi_jacobi_01.png" },
    { two, 2, ".juxtrace", "casita__1_xeonphi_jacobi_01-vs-casita__1_xeonphi_jacobi_09.juxtrace" },
    { odd, 4, ".svg", "run_ 1_2-vs-trace-and-2-more.svg" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = jx_session_file_suggest_name (cases[i].names, cases[i].n, cases[i].suffix);

      g_assert_cmpstr (name, ==, cases[i].expected);
    }
  {
    g_autofree char *name = jx_session_file_suggest_name (one_long, 1, ".pdf");

    g_assert_cmpuint (strlen (name), ==, 60 + strlen (".pdf"));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/session/file/relative-path", test_relative_path);
  g_test_add_func ("/session/file/round-trip", test_round_trip);
  g_test_add_func ("/session/file/newer-fields", test_newer_fields);
  g_test_add_func ("/session/file/corrupt", test_corrupt);
  g_test_add_func ("/session/file/selection-round-trip", test_selection_round_trip);
  g_test_add_func ("/session/file/apply", test_apply);
  g_test_add_func ("/session/file/missing", test_missing);
  g_test_add_func ("/session/file/suggest-name", test_suggest_name);

  return g_test_run ();
}
