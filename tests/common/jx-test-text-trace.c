/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-text-trace.c — see jx-test-text-trace.h. */
#include "config.h"

#include "jx-test-text-trace.h"
#include "jx-trace-builder.h"

JxTrace *
jx_test_text_trace (const char         *name,
                    const char * const *processes,
                    const char * const *trees,
                    const guint64      *steps,
                    guint64             step)
{
  JxTraceBuilder *builder = jx_trace_builder_new ("/nonexistent/traces.otf2", name, 1000000);
  guint32 node = jx_trace_builder_add_system_node (builder, "machine", "machine", JX_NONE);
  guint32 regions[128];

  for (guint i = 0; i < G_N_ELEMENTS (regions); i++)
    regions[i] = JX_NONE;
  for (guint i = 0; trees[i] != NULL; i++)
    {
      g_autofree char *pname = processes != NULL ? g_strdup (processes[i]) : g_strdup_printf ("Rank %u", i);
      guint32 proc = jx_trace_builder_add_process (builder, pname, node);
      guint32 stream = jx_trace_builder_add_stream (builder, proc, "Master thread", JX_STREAM_CPU_THREAD);
      guint64 dt = steps != NULL ? steps[i] : step;
      guint32 open[64];
      guint depth = 0;
      guint32 last = JX_NONE;
      guint64 t = 10;

      for (const char *c = trees[i]; *c != '\0'; c++)
        {
          if (*c == ' ')
            continue;
          if (*c == '[')
            {
              g_assert (depth < G_N_ELEMENTS (open));
              open[depth++] = last;
              last = JX_NONE;
              continue;
            }
          if (last != JX_NONE)
            {
              jx_trace_builder_leave (builder, stream, t, last);
              t += dt;
              last = JX_NONE;
            }
          if (*c == ']')
            {
              g_assert (depth > 0);
              jx_trace_builder_leave (builder, stream, t, open[--depth]);
              t += dt;
              continue;
            }
          if (regions[(guchar) *c & 0x7f] == JX_NONE)
            {
              char fname[2] = { *c, '\0' };

              regions[(guchar) *c & 0x7f] = jx_trace_builder_add_region (builder, fname, 0, 0);
            }
          last = regions[(guchar) *c & 0x7f];
          jx_trace_builder_enter (builder, stream, t, last);
          t += dt;
        }
      if (last != JX_NONE)
        jx_trace_builder_leave (builder, stream, t, last);
      g_assert (depth == 0);
    }
  return jx_trace_builder_finish (builder);
}
