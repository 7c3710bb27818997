/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-gen.c */
#include "config.h"

#include <gio/gio.h>

#include "jx-test-gen.h"
#include "jx-trace-loader.h"

JxTrace *
jx_test_generate_load (const JxGeneratorOptions *options,
                       JxGeneratorStats         *stats,
                       char                    **dir)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *anchor = NULL;
  JxTrace *trace;

  *dir = g_dir_make_tmp ("jx-test-XXXXXX", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (jx_generate_trace_full (*dir, options, stats, &error), >, 0);
  g_assert_no_error (error);
  anchor = g_build_filename (*dir, "traces.otf2", NULL);
  trace = jx_trace_load (anchor, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}
