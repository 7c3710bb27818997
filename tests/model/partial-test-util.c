/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "jx-trace-generator.h"
#include "partial-test-util.h"

JxTrace *
test_load_part (const char             *path,
                const JxTraceSelection *selection,
                guint64                 budget,
                GError                **error)
{
  JxLoadOptions options = { 0 };

  options.selection = selection;
  options.memory_budget = budget;
  return jx_trace_load (path, &options, NULL, NULL, NULL, error);
}

JxTrace *
test_load_part_ok (const char             *path,
                   const JxTraceSelection *selection)
{
  g_autoptr(GError) error = NULL;
  JxTrace *trace = test_load_part (path, selection, JX_MEMORY_UNLIMITED, &error);

  g_assert_no_error (error);
  g_assert_nonnull (trace);
  return trace;
}

char *
test_generate_full (const char *dir,
                    guint       ranks,
                    guint       threads,
                    guint       gpu_streams,
                    guint64     events,
                    gint64      start_delay_ns)
{
  JxGeneratorOptions options;
  g_autoptr(GError) error = NULL;

  jx_generator_options_init (&options);
  options.seed = 11;
  options.n_ranks = ranks;
  options.n_threads = threads;
  options.n_gpu_streams = gpu_streams;
  options.markers = TRUE;
  options.start_delay_ns = start_delay_ns;
  options.n_iterations = jx_generator_iterations_for_events (&options, events);
  g_assert_cmpuint (jx_generate_trace (dir, &options, &error), >, 0);
  g_assert_no_error (error);
  return g_build_filename (dir, "traces.otf2", NULL);
}

/* MPI ranks only, starting late. */
char *
test_generate (const char *dir,
               guint       ranks,
               guint64     events,
               gint64      start_delay_ns)
{
  return test_generate_full (dir, ranks, 1, 0, events, start_delay_ns);
}

gint
test_compare_msg (gconstpointer a,
                  gconstpointer b)
{
  return memcmp (a, b, sizeof (Msg));
}

void
test_add_msg (GArray     *list,
              JxTrace    *trace,
              guint       index)
{
  const JxMessage *m = &jx_trace_get_messages (trace)[index];
  Msg x = { jx_trace_get_stream (trace, m->sender)->otf2_id,
            jx_trace_get_stream (trace, m->receiver)->otf2_id,
            m->send_time, m->recv_time, jx_trace_get_message_size (trace, index) };

  g_array_append_val (list, x);
}
