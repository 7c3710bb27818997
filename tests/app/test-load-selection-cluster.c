/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-load-selection-cluster.c — the "Trace Too Large" dialog reads the
 * trace's definitions in a thread (it shows at once and spins until they
 * are there; a trace whose definitions cannot be read is named), and
 * offers the processes by cluster: the clusters of a sample that fits
 * cover every process once, each with its size; loading one
 * representative of each loads exactly those processes, partial; whole
 * clusters load their members. Under a display (xvfb-run). */
#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "jx-load-selection-dialog.h"
#include "jx-test-generate.h"
#include "jx-test-session.h"
#include "jx-test-app.h"
#include "jx-test-util.h"
#include "jx-test-widget.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"
#include "jx-window-private.h"

static gboolean have_display;

#define SKIP_WITHOUT_DISPLAY() G_STMT_START { \
  if (!have_display) { g_test_skip ("no display"); return; } \
} G_STMT_END

/* Below what the generated trace of 16 processes needs (about 21 MiB): the
 * whole is refused, a sample of half of it and a part of it fit. */
#define BUDGET "18M"

/* Three behaviours in blocks of ranks (classes 1 and 2 call their own
 * function every iteration): the clusters to find. */
#define N_CLASSES 3

static char *
generate_classes (char **path)
{
  g_autoptr(GError) error = NULL;
  JxGeneratorOptions options;
  char *dir = jx_test_make_tmp_dir ();

  jx_generator_options_init (&options);
  options.seed = 7;
  options.n_ranks = 16;
  options.n_threads = 1;
  options.n_iterations = 400;
  options.n_classes = N_CLASSES;
  *path = g_build_filename (dir, "classes", NULL);
  g_assert_cmpuint (jx_generate_trace (*path, &options, &error), >, 0);
  g_assert_no_error (error);
  return dir;
}

static JxLoadSelectionDialog *
find_dialog (void)
{
  return (JxLoadSelectionDialog *) jx_test_find_toplevel (JX_TYPE_LOAD_SELECTION_DIALOG);
}

static gboolean
has_dialog (gpointer data)
{
  return find_dialog () != NULL;
}

static gboolean
is_ready (gpointer dialog)
{
  return jx_load_selection_dialog_get_ready (dialog);
}

static gboolean
has_clusters (gpointer dialog)
{
  return jx_load_selection_dialog_get_n_clusters (dialog) > 0;
}

static JxWindow *
open_over_budget (const char *path,
                  const char *budget)
{
  JxWindow *window = jx_window_new (NULL);
  const char *paths[2] = { path, NULL };

  gtk_window_present (GTK_WINDOW (window));
  g_setenv (JX_MEMORY_BUDGET_ENV, budget, TRUE);
  jx_window_open_paths (window, paths, FALSE);
  jx_test_wait_for_loads (jx_window_get_session (window));
  g_assert_true (jx_test_wait_until (has_dialog, NULL, 30));
  return window;
}

static void
close_all (JxWindow *window,
           char     *dir)
{
  gtk_window_destroy (GTK_WINDOW (window));
  jx_test_spin (50);
  g_unsetenv (JX_MEMORY_BUDGET_ENV);
  jx_test_remove_tree (dir);
}

/* The loaded trace's processes, by position, ascending. */
static GArray *
loaded_positions (JxTrace *trace)
{
  GArray *positions = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint s = 0; s < jx_trace_get_n_streams (trace); s++)
    {
      guint32 rank = jx_trace_get_process (trace, jx_trace_get_stream (trace, s)->process)->rank;

      if (positions->len == 0 || g_array_index (positions, guint32, positions->len - 1) != rank)
        g_array_append_val (positions, rank);
    }
  return positions;
}

static int
compare_guint32 (gconstpointer a,
                 gconstpointer b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;

  return x < y ? -1 : x > y;
}

/* Clusters the sample, then loads what `whole` takes of every cluster but
 * the processes without calls; returns the positions it expects. */
static GArray *
choose_clusters (JxLoadSelectionDialog *dialog,
                 gboolean               whole)
{
  JxClusterSample *clusters;
  g_autofree guint8 *seen = g_new0 (guint8, 16);
  GArray *expected = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint total = 0;

  g_assert_true (jx_test_wait_until (is_ready, dialog, 30));
  /* Pattern and every k-th give way to the clusters. */
  jx_load_selection_dialog_set_pattern (dialog, "MPI Rank 1*");
  jx_load_selection_dialog_set_by_cluster (dialog, TRUE);
  g_assert_true (jx_test_wait_until (has_clusters, dialog, 60));
  clusters = jx_load_selection_dialog_get_clusters (dialog);
  g_assert_nonnull (clusters);
  g_test_message ("%u clusters", jx_cluster_sample_get_n_clusters (clusters));

  /* Every process in exactly one cluster, its representative a member. */
  for (guint c = 0; c < jx_cluster_sample_get_n_clusters (clusters); c++)
    {
      const JxSampleCluster *cluster = jx_cluster_sample_get_cluster (clusters, c);
      gboolean has_representative = FALSE;

      g_test_message ("cluster %u: %u processes, representative %u%s", c, cluster->size,
                      cluster->representative, cluster->empty ? " (no calls)" : "");
      g_assert_cmpuint (cluster->size, >, 0);
      for (guint32 m = 0; m < cluster->size; m++)
        {
          g_assert_cmpuint (cluster->members[m], <, 16);
          g_assert_false (seen[cluster->members[m]]);
          seen[cluster->members[m]] = 1;
          has_representative |= cluster->members[m] == cluster->representative;
        }
      g_assert_true (has_representative);
      total += cluster->size;
      if (cluster->empty)
        continue;
      if (whole)
        g_array_append_vals (expected, cluster->members, cluster->size);
      else
        g_array_append_val (expected, cluster->representative);
    }
  g_assert_cmpuint (total, ==, 16);
  /* The sample ran the stencil: some process called something. */
  g_assert_cmpuint (expected->len, >, 0);
  g_array_sort (expected, compare_guint32);

  jx_load_selection_dialog_set_whole_clusters (dialog, whole);
  g_test_message ("%s", jx_load_selection_dialog_get_status (dialog));
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "load"));
  g_assert_nonnull (strstr (jx_load_selection_dialog_get_status (dialog), "about"));
  return expected;
}

static void
assert_loaded (JxSession *session,
               GArray    *expected)
{
  JxSessionTrace *item;
  const JxTracePartial *partial;
  g_autoptr(GArray) loaded = NULL;

  jx_test_wait_for_loads (session);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 1);
  item = jx_test_item_at (session, 0);
  g_assert_cmpint (jx_session_trace_get_state (item), ==, JX_SESSION_TRACE_LOADED);
  partial = jx_session_trace_get_partial (item);
  g_assert_nonnull (partial);
  g_assert_cmpuint (partial->n_processes, ==, 16);
  g_assert_cmpuint (partial->n_processes_selected, ==, expected->len);
  loaded = loaded_positions (jx_session_trace_get_trace (item));
  g_assert_cmpuint (loaded->len, ==, expected->len);
  for (guint i = 0; i < loaded->len; i++)
    g_assert_cmpuint (g_array_index (loaded, guint32, i), ==, g_array_index (expected, guint32, i));
}

static void
test_representatives (void)
{
  g_autofree char *path = NULL;
  char *dir;
  JxWindow *window;
  JxLoadSelectionDialog *dialog;
  g_autoptr(GArray) expected = NULL;

  SKIP_WITHOUT_DISPLAY ();
  dir = generate_classes (&path);
  window = open_over_budget (path, BUDGET);
  dialog = find_dialog ();
  expected = choose_clusters (dialog, FALSE);
  /* One representative of each behaviour. */
  g_assert_cmpuint (expected->len, ==, N_CLASSES);
  /* No choice, nothing to load. */
  for (guint c = 0; c < jx_load_selection_dialog_get_n_clusters (dialog); c++)
    jx_load_selection_dialog_set_cluster_chosen (dialog, c, FALSE);
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "load"));
  for (guint c = 0; c < jx_load_selection_dialog_get_n_clusters (dialog); c++)
    jx_load_selection_dialog_set_cluster_chosen (dialog, c,
                                                 !jx_cluster_sample_get_cluster (jx_load_selection_dialog_get_clusters (dialog), c)->empty);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "load");
  gtk_window_destroy (GTK_WINDOW (dialog));
  assert_loaded (jx_window_get_session (window), expected);
  close_all (window, dir);
  g_free (dir);
}

static void
test_whole_clusters (void)
{
  g_autofree char *path = NULL;
  char *dir;
  JxWindow *window;
  JxLoadSelectionDialog *dialog;
  g_autoptr(GArray) expected = NULL;

  SKIP_WITHOUT_DISPLAY ();
  dir = generate_classes (&path);
  window = open_over_budget (path, BUDGET);
  dialog = find_dialog ();
  /* Leave the first cluster out; the others whole, in a window that fits. */
  jx_load_selection_dialog_set_window (dialog, "", "1 ms");
  expected = choose_clusters (dialog, TRUE);
  jx_load_selection_dialog_set_cluster_chosen (dialog, 0, FALSE);
  {
    const JxSampleCluster *first = jx_cluster_sample_get_cluster (jx_load_selection_dialog_get_clusters (dialog), 0);
    g_autoptr(GArray) rest = g_array_new (FALSE, FALSE, sizeof (guint32));

    for (guint i = 0; i < expected->len; i++)
      {
        guint32 p = g_array_index (expected, guint32, i);
        gboolean in_first = FALSE;

        for (guint32 m = 0; m < first->size; m++)
          in_first |= first->members[m] == p;
        if (!in_first)
          g_array_append_val (rest, p);
      }
    g_array_set_size (expected, 0);
    g_array_append_vals (expected, rest->data, rest->len);
  }
  g_assert_cmpuint (expected->len, >, 0);
  g_test_message ("%s", jx_load_selection_dialog_get_status (dialog));
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "load"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "load");
  gtk_window_destroy (GTK_WINDOW (dialog));
  assert_loaded (jx_window_get_session (window), expected);
  close_all (window, dir);
  g_free (dir);
}

/* The dialog shows before the definitions are read, and names a trace
 * whose definitions cannot be read. */
static void
test_unreadable (void)
{
  g_autofree char *a = NULL, *b = NULL;
  g_autofree char *display = NULL;
  char *dir;
  JxWindow *window;
  JxSession *session;
  JxLoadSelectionDialog *dialog;
  GtkWidget *again;
  const char *body;

  SKIP_WITHOUT_DISPLAY ();
  dir = jx_test_generate_remove_pair (4, 20, &a, &b);
  window = open_over_budget (a, "1k");
  session = jx_window_get_session (window);
  dialog = find_dialog ();
  g_assert_true (jx_test_wait_until (is_ready, dialog, 30));
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* The trace goes; a new dialog for it is not ready at first, and
   * loads nothing while it reads. */
  jx_test_remove_tree (dir);
  again = jx_load_selection_dialog_new (GTK_WINDOW (window), session, jx_test_item_at (session, 0));
  gtk_window_present (GTK_WINDOW (again));
  g_assert_false (jx_load_selection_dialog_get_ready (JX_LOAD_SELECTION_DIALOG (again)));
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (again), "load"));
  g_assert_true (jx_test_wait_until (is_ready, again, 30));
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (again));
  g_test_message ("%s", body);
  display = g_filename_display_name (jx_session_trace_get_path (jx_test_item_at (session, 0)));
  g_assert_nonnull (strstr (body, display));
  g_assert_nonnull (strstr (body, "could not be read"));
  gtk_window_destroy (GTK_WINDOW (again));

  gtk_window_destroy (GTK_WINDOW (window));
  jx_test_spin (50);
  g_unsetenv (JX_MEMORY_BUDGET_ENV);
  g_free (dir);
}

int
main (int   argc,
      char *argv[])
{
  have_display = jx_test_widget_init (&argc, &argv);
  adw_init ();

  g_test_add_func ("/app/load-selection-cluster/representatives", test_representatives);
  g_test_add_func ("/app/load-selection-cluster/whole-clusters", test_whole_clusters);
  g_test_add_func ("/app/load-selection-cluster/unreadable", test_unreadable);
  return g_test_run ();
}
