/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-generator.c — how fast the trace generator writes, against the
 * bare libotf2 writer measured in the same run (the machine is shared, so
 * only the ratio is comparable between runs).
 *
 *   bench-generator [N_EVENTS]     default 20 000 000 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <otf2/otf2.h>

#include "jx-gen-test-util.h"
#include "jx-trace-generator.h"

static guint64
directory_bytes (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;
  guint64 total = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      GStatBuf st;

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        total += directory_bytes (child);
      else if (g_stat (child, &st) == 0)
        total += st.st_size;
    }
  if (dir != NULL)
    g_dir_close (dir);
  return total;
}

/* The floor: Enter/Leave pairs with increasing timestamps, round-robin over
 * the same number of locations, nothing else. */
static double
bare_writer (const char *directory,
             guint       n_locations,
             guint64     n_events)
{
  OTF2_Archive *archive;
  OTF2_EvtWriter **writers = g_new0 (OTF2_EvtWriter *, n_locations);
  guint64 written = 0, time = 1000;
  gint64 start = g_get_monotonic_time ();
  guint i;

  archive = jx_gen_test_open_archive (directory, 4 * 1024 * 1024);
  OTF2_Archive_OpenEvtFiles (archive);
  for (i = 0; i < n_locations; i++)
    writers[i] = OTF2_Archive_GetEvtWriter (archive, i);
  while (written < n_events)
    {
      /* Blocks of 100 events per location, as a simulation phase would. */
      for (i = 0; i < n_locations && written < n_events; i++)
        {
          guint k;

          for (k = 0; k < 50; k++)
            {
              OTF2_EvtWriter_Enter (writers[i], NULL, time += 7, k % 20);
              OTF2_EvtWriter_Leave (writers[i], NULL, time += 5, k % 20);
            }
          written += 100;
        }
    }
  for (i = 0; i < n_locations; i++)
    OTF2_Archive_CloseEvtWriter (archive, writers[i]);
  OTF2_Archive_CloseEvtFiles (archive);
  OTF2_Archive_Close (archive);
  g_free (writers);
  return (double) written / ((double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = jx_gen_test_make_tmp_dir ();
  g_autofree char *bare_dir = NULL;
  g_autofree char *gen_dir = NULL;
  guint64 target = argc > 1 ? g_ascii_strtoull (argv[1], NULL, 10) : 20000000;
  JxGeneratorOptions options;
  JxGeneratorStats stats;
  guint64 n;
  gint64 start;
  double gen_rate, count_rate, bare_rate, seconds;

  bare_dir = g_build_filename (tmp, "bare", NULL);
  gen_dir = g_build_filename (tmp, "generated", NULL);

  jx_generator_options_init (&options);
  options.n_ranks = 16;
  options.n_threads = 2;
  options.n_gpu_streams = 1;
  options.markers = TRUE;
  options.n_iterations = jx_generator_iterations_for_events (&options, target);

  start = g_get_monotonic_time ();
  n = jx_generate_trace_full (gen_dir, &options, &stats, &error);
  seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  g_assert_no_error (error);
  gen_rate = (double) n / seconds;
  printf ("generator:  %" G_GUINT64_FORMAT " events, %u locations, %.2f s, %.2f M events/s, "
          "%.1f bytes/event on disk\n",
          n, stats.n_locations, seconds, gen_rate / 1e6, (double) directory_bytes (gen_dir) / (double) n);
  jx_gen_test_remove_tree (gen_dir);

  start = g_get_monotonic_time ();
  n = jx_generator_count_events (&options, NULL);
  count_rate = (double) n / ((double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC);
  printf ("simulation only (no writing): %.1f M events/s\n", count_rate / 1e6);

  bare_rate = bare_writer (bare_dir, stats.n_locations, n);
  printf ("bare libotf2 writer (Enter/Leave only): %.2f M events/s\n", bare_rate / 1e6);
  jx_gen_test_remove_tree (bare_dir);

  printf ("ratio generator / bare writer: %.2f\n", gen_rate / bare_rate);
  jx_gen_test_remove_tree (tmp);
  return 0;
}
