/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-name-runs.c — stream names as runs: the CLI's lists ("MPI Rank
 * 1–31 / Master thread") and the tooltips' compact line ("MPI Rank 0–31,
 * 33–63 / Master thread"), with other traces and stream names, names
 * without numbers, and the limit on runs. */
#include "config.h"

#include "jx-name-runs.h"

static void
test_runs (void)
{
  const char *processes[] = { "MPI Rank 0", "MPI Rank 1", "MPI Rank 2", "MPI Rank 4", "host", "MPI Rank 5" };
  const char *streams[] = { "Master thread", "Master thread", "Master thread", "Master thread", "Master thread",
                            "Master thread" };
  g_autoptr(GPtrArray) runs = jx_name_runs (NULL, processes, streams, G_N_ELEMENTS (processes));

  g_assert_cmpuint (runs->len, ==, 4);
  g_assert_cmpstr (g_ptr_array_index (runs, 0), ==, "MPI Rank 0–2 / Master thread");
  g_assert_cmpstr (g_ptr_array_index (runs, 1), ==, "MPI Rank 4 / Master thread");
  g_assert_cmpstr (g_ptr_array_index (runs, 2), ==, "host / Master thread");
  g_assert_cmpstr (g_ptr_array_index (runs, 3), ==, "MPI Rank 5 / Master thread");
}

static void
test_compact (void)
{
  g_autofree const char **processes = g_new (const char *, 64);
  g_autofree const char **streams = g_new (const char *, 64);
  g_autofree const char **traces = g_new (const char *, 64);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *line = NULL;
  guint n = 0, more = 99;

  /* Ranks 0–63 but 32: two runs sharing "MPI Rank". */
  for (guint r = 0; r < 64; r++)
    {
      if (r == 32)
        continue;
      g_ptr_array_add (names, g_strdup_printf ("MPI Rank %u", r));
      processes[n] = g_ptr_array_index (names, names->len - 1);
      streams[n] = "Master thread";
      traces[n] = r < 40 ? "run-a" : "run-b";
      n++;
    }
  line = jx_name_runs_compact (NULL, processes, streams, n, 0, &more);
  g_assert_cmpstr (line, ==, "MPI Rank 0–31, 33–63 / Master thread");
  g_assert_cmpuint (more, ==, 0);
  g_clear_pointer (&line, g_free);

  /* At most one run: the rest counted. */
  line = jx_name_runs_compact (NULL, processes, streams, n, 1, &more);
  g_assert_cmpstr (line, ==, "MPI Rank 0–31 / Master thread");
  g_assert_cmpuint (more, ==, 31);
  g_clear_pointer (&line, g_free);

  /* Two traces: one part each. */
  line = jx_name_runs_compact (traces, processes, streams, n, 0, NULL);
  g_assert_cmpstr (line, ==, "run-a · MPI Rank 0–31, 33–39 / Master thread; run-b · MPI Rank 40–63 / Master thread");
  g_clear_pointer (&line, g_free);

  /* Single names, names without a number, no stream names. */
  {
    const char *few[] = { "rank 3", "host", "rank 5", "rank 6" };

    line = jx_name_runs_compact (NULL, few, NULL, G_N_ELEMENTS (few), 0, NULL);
    g_assert_cmpstr (line, ==, "rank 3, host, rank 5–6");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/analysis/name-runs/runs", test_runs);
  g_test_add_func ("/analysis/name-runs/compact", test_compact);
  return g_test_run ();
}
