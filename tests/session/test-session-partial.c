/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of jx-session-partial.c: a part of a trace in the session (the
 * processes a JxTraceSelection takes), and the refusal of a trace larger
 * than the memory budget. */
#include "config.h"

#include <string.h>

#include "jx-session-file-apply.h"
#include "jx-session.h"
#include "jx-test-generate.h"
#include "jx-test-session.h"
#include "jx-test-util.h"
#include "jx-trace-loader.h"

typedef struct
{
  char *dir;
  char *a;
  char *b;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->dir = jx_test_generate_remove_pair (8, 3, &f->a, &f->b);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_unsetenv (JX_MEMORY_BUDGET_ENV);
  jx_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->a);
  g_free (f->b);
}

/* Every stream of the loaded trace belongs to a process named in `names`,
 * and every one of them has a stream. */
static void
assert_processes (JxTrace            *trace,
                  const char * const *names)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_cmpuint (jx_trace_get_n_streams (trace), >, 0);
  for (guint i = 0; i < jx_trace_get_n_streams (trace); i++)
    {
      const JxProcess *p = jx_trace_get_process (trace, jx_trace_get_stream (trace, i)->process);

      g_assert_true (g_strv_contains (names, p->name));
      g_hash_table_add (seen, (gpointer) p->name);
    }
  g_assert_cmpuint (g_hash_table_size (seen), ==, g_strv_length ((char **) names));
}

static void
test_every_and_pattern (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(JxTraceSelection) every = jx_trace_selection_new ();
  g_autoptr(JxTraceSelection) pattern = jx_trace_selection_new ();
  const char * const odd[] = { "MPI Rank 1", "MPI Rank 3", "MPI Rank 5", "MPI Rank 7", NULL };
  const char * const some[] = { "MPI Rank 2", "MPI Rank 3", NULL };
  JxSessionTrace *part, *whole, *named;
  const JxTracePartial *partial;

  jx_trace_selection_set_every (every, 2, 1);
  jx_trace_selection_add_pattern (pattern, "MPI Rank 2");
  jx_trace_selection_add_pattern (pattern, "MPI Rank 3");

  part = jx_session_add_path_with_selection (session, f->a, every);
  whole = jx_session_add_path_with_selection (session, f->b, NULL);
  g_assert_nonnull (jx_session_trace_get_selection (part));
  g_assert_null (jx_session_trace_get_selection (whole));
  /* Nothing is known to be partial before the load. */
  g_assert_null (jx_session_trace_get_partial (part));
  jx_test_wait_for_loads (session);
  g_assert_cmpint (jx_session_trace_get_state (part), ==, JX_SESSION_TRACE_LOADED);
  g_assert_cmpint (jx_session_trace_get_state (whole), ==, JX_SESSION_TRACE_LOADED);

  partial = jx_session_trace_get_partial (part);
  g_assert_nonnull (partial);
  g_assert_cmpuint (partial->n_processes, ==, 8);
  g_assert_cmpuint (partial->n_processes_selected, ==, 4);
  g_assert_false (partial->has_window);
  g_assert_nonnull (strstr (partial->description, "4 of 8"));
  assert_processes (jx_session_trace_get_trace (part), odd);
  g_assert_null (jx_session_trace_get_partial (whole));

  /* The same trace again, by name: a second item of its own. */
  named = jx_session_add_path_with_selection (session, f->a, pattern);
  jx_test_wait_for_loads (session);
  g_assert_cmpint (jx_session_trace_get_state (named), ==, JX_SESSION_TRACE_LOADED);
  partial = jx_session_trace_get_partial (named);
  g_assert_nonnull (partial);
  g_assert_cmpuint (partial->n_processes_selected, ==, 2);
  assert_processes (jx_session_trace_get_trace (named), some);
}

/* A time window: the item's duration lies within it. */
static void
test_window (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(JxTraceSelection) window = jx_trace_selection_new ();
  JxSessionTrace *whole, *part;
  const JxTracePartial *partial;

  jx_trace_selection_set_window (window, 0, G_GINT64_CONSTANT (1000000));
  whole = jx_session_add_path (session, f->a);
  part = jx_session_add_path_with_selection (session, f->a, window);
  jx_test_wait_for_loads (session);
  g_assert_cmpint (jx_session_trace_get_state (part), ==, JX_SESSION_TRACE_LOADED);
  partial = jx_session_trace_get_partial (part);
  g_assert_nonnull (partial);
  g_assert_true (partial->has_window);
  g_assert_cmpuint (partial->n_processes_selected, ==, partial->n_processes);
  /* The generated trace runs far longer than the window. */
  g_assert_cmpint (jx_session_trace_get_duration (whole), >, 2 * G_GINT64_CONSTANT (1000000));
  g_assert_cmpint (jx_session_trace_get_duration (part), <=, G_GINT64_CONSTANT (1000000));
  g_assert_cmpint (jx_session_trace_get_duration (part), >, 0);
}

/* A selection that takes everything is no selection: the item is whole. */
static void
test_empty_selection (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(JxTraceSelection) all = jx_trace_selection_new ();
  JxSessionTrace *item = jx_session_add_path_with_selection (session, f->a, all);

  g_assert_null (jx_session_trace_get_selection (item));
  jx_test_wait_for_loads (session);
  g_assert_cmpint (jx_session_trace_get_state (item), ==, JX_SESSION_TRACE_LOADED);
  g_assert_null (jx_session_trace_get_partial (item));
}

/* Over the budget, the whole trace is refused with TOO_LARGE; a selection
 * that matches nothing fails with SELECTION. */
static void
test_refused (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(JxTraceSelection) none = jx_trace_selection_new ();
  JxSessionTrace *item, *empty;

  g_setenv (JX_MEMORY_BUDGET_ENV, "1k", TRUE);
  item = jx_session_add_path (session, f->a);
  jx_test_wait_for_loads (session);
  g_assert_cmpint (jx_session_trace_get_state (item), ==, JX_SESSION_TRACE_FAILED);
  g_assert_error ((GError *) jx_session_trace_get_error (item), JX_TRACE_ERROR, JX_TRACE_ERROR_TOO_LARGE);
  g_assert_null (jx_session_trace_get_trace (item));

  g_setenv (JX_MEMORY_BUDGET_ENV, "unlimited", TRUE);
  jx_trace_selection_add_pattern (none, "no such process");
  empty = jx_session_add_path_with_selection (session, f->a, none);
  jx_test_wait_for_loads (session);
  g_assert_cmpint (jx_session_trace_get_state (empty), ==, JX_SESSION_TRACE_FAILED);
  g_assert_error ((GError *) jx_session_trace_get_error (empty), JX_TRACE_ERROR, JX_TRACE_ERROR_SELECTION);
}

/* A saved comparison keeps each trace's part: opened again under a budget
 * that the whole trace exceeds, the same part of the same trace loads
 * without being refused (so without asking), and is partial; a whole
 * trace beside it stays whole (and is refused). */
static void
test_saved_comparison (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(JxSession) opened = jx_session_new ();
  g_autoptr(JxTraceSelection) selection = jx_trace_selection_new ();
  g_autoptr(JxSessionFile) saved = NULL;
  g_autoptr(JxSessionFile) file = NULL;
  g_autoptr(GArray) missing = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *filename = g_build_filename (f->dir, "part.juxtrace", NULL);
  g_autofree char *text = NULL;
  const char * const odd[] = { "MPI Rank 1", "MPI Rank 3", "MPI Rank 5", "MPI Rank 7", NULL };
  JxSessionTrace *part, *whole;
  const JxTracePartial *partial;

  jx_trace_selection_add_pattern (selection, "MPI Rank *");
  jx_trace_selection_set_every (selection, 2, 1);
  jx_trace_selection_set_window (selection, 0, 2 * G_GINT64_CONSTANT (1000000));
  part = jx_session_add_path_with_selection (session, f->a, selection);
  whole = jx_session_add_path (session, f->b);
  jx_test_wait_for_loads (session);
  g_assert_cmpint (jx_session_trace_get_state (part), ==, JX_SESSION_TRACE_LOADED);
  g_assert_cmpint (jx_session_trace_get_state (whole), ==, JX_SESSION_TRACE_LOADED);

  saved = jx_session_file_capture (session);
  g_assert_true (jx_session_file_save (saved, filename, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (filename, &text, NULL, NULL));
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "SelectProcesses=MPI Rank *"));
  g_assert_nonnull (strstr (text, "SelectEvery=2;1;"));
  g_assert_nonnull (strstr (text, "SelectWindow=0;2000000;"));

  /* Under a budget the whole trace exceeds and the part fits: the part
   * opens without being refused (no dialog would show). */
  {
    g_autoptr(JxTraceOutline) outline = jx_trace_outline_read (f->a, &error);
    g_autofree guint8 *selected = NULL;
    g_autofree char *budget = NULL;
    guint64 whole_bytes, part_bytes;

    g_assert_no_error (error);
    selected = jx_trace_outline_select (outline, selection, &error);
    g_assert_no_error (error);
    whole_bytes = jx_trace_outline_estimate (outline, NULL, NULL);
    part_bytes = jx_trace_outline_estimate (outline, selected, selection);
    g_assert_cmpuint (part_bytes, <, whole_bytes);
    budget = g_strdup_printf ("%" G_GUINT64_FORMAT, part_bytes + (whole_bytes - part_bytes) / 2);
    g_setenv (JX_MEMORY_BUDGET_ENV, budget, TRUE);
  }
  file = jx_session_file_load (filename, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (file->warnings->len, ==, 0);
  /* The whole trace alone would be refused now. */
  g_ptr_array_remove_index (file->traces, 1);
  missing = jx_session_file_apply (file, opened);
  g_assert_cmpuint (missing->len, ==, 0);
  jx_test_wait_for_loads (opened);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (opened)), ==, 1);

  part = jx_test_item_at (opened, 0);
  g_assert_cmpint (jx_session_trace_get_state (part), ==, JX_SESSION_TRACE_LOADED);
  g_assert_nonnull (jx_session_trace_get_selection (part));
  g_assert_true (jx_trace_selection_equal (jx_session_trace_get_selection (part), selection));
  partial = jx_session_trace_get_partial (part);
  g_assert_nonnull (partial);
  g_assert_cmpuint (partial->n_processes, ==, 8);
  g_assert_cmpuint (partial->n_processes_selected, ==, 4);
  g_assert_true (partial->has_window);
  assert_processes (jx_session_trace_get_trace (part), odd);
  g_assert_cmpint (jx_session_trace_get_duration (part), <=, 2 * G_GINT64_CONSTANT (1000000));

  /* The same file with its whole trace: that one is refused, the part
   * is not. */
  g_clear_pointer (&file, jx_session_file_free);
  g_clear_pointer (&missing, g_array_unref);
  file = jx_session_file_load (filename, &error);
  g_assert_no_error (error);
  {
    JxSessionFileTrace *trace = g_ptr_array_index (file->traces, 1);

    /* b is as large as a: the whole of a in b's place. */
    g_free (trace->path);
    trace->path = g_strdup (f->a);
  }
  missing = jx_session_file_apply (file, opened);
  jx_test_wait_for_loads (opened);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (opened)), ==, 2);
  g_assert_cmpint (jx_session_trace_get_state (jx_test_item_at (opened, 0)), ==, JX_SESSION_TRACE_LOADED);
  whole = jx_test_item_at (opened, 1);
  g_assert_null (jx_session_trace_get_selection (whole));
  g_assert_cmpint (jx_session_trace_get_state (whole), ==, JX_SESSION_TRACE_FAILED);
  g_assert_error ((GError *) jx_session_trace_get_error (whole), JX_TRACE_ERROR, JX_TRACE_ERROR_TOO_LARGE);

  jx_session_clear (session);
  jx_session_clear (opened);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/session/partial/every-and-pattern", Fixture, NULL,
              fixture_set_up, test_every_and_pattern, fixture_tear_down);
  g_test_add ("/session/partial/window", Fixture, NULL,
              fixture_set_up, test_window, fixture_tear_down);
  g_test_add ("/session/partial/empty-selection", Fixture, NULL,
              fixture_set_up, test_empty_selection, fixture_tear_down);
  g_test_add ("/session/partial/saved-comparison", Fixture, NULL,
              fixture_set_up, test_saved_comparison, fixture_tear_down);
  g_test_add ("/session/partial/refused", Fixture, NULL,
              fixture_set_up, test_refused, fixture_tear_down);
  return g_test_run ();
}
