/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-trace.c — see jx-test-trace.h. */
#include "config.h"

#include "jx-test-trace.h"
#include "jx-trace-generator.h"

guint32
jx_test_nth_invocation (JxTrace    *trace,
                        guint32     stream,
                        const char *name,
                        guint       n)
{
  const JxStream *s = jx_trace_get_stream (trace, stream);
  guint32 region = jx_trace_find_region (trace, name);

  for (guint32 i = 0; i < s->n_invocations; i++)
    if (s->region[i] == region && n-- == 0)
      return i;
  g_error ("no invocation %u of %s on stream %u", n, name, stream);
  return JX_NONE;
}

char **
jx_test_generate_runs (const char    *dir,
                       const gint64  *delays,
                       guint          n,
                       guint          iterations,
                       const guint64 *resolutions)
{
  g_autoptr(GStrvBuilder) paths = g_strv_builder_new ();

  for (guint t = 0; t < n; t++)
    {
      g_autofree char *path = g_strdup_printf ("%s/run-%u", dir, t);
      g_autoptr(GError) error = NULL;
      JxGeneratorOptions options;

      jx_generator_options_init (&options);
      options.n_ranks = 3;
      options.n_threads = 2;
      options.n_iterations = iterations;
      options.markers = TRUE;
      options.start_delay_ns = delays[t];
      if (resolutions != NULL)
        options.timer_resolution = resolutions[t];
      if (jx_generate_trace (path, &options, &error) == 0)
        g_error ("cannot generate %s: %s", path, error->message);
      g_strv_builder_add (paths, path);
    }
  return g_strv_builder_end (paths);
}
