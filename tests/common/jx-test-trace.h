/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-trace.h — what the tests of automatic alignment share: the n-th
 * invocation of a function on a stream, and generated runs of one program
 * whose iterations start later and later (the generator's start delay). */
#pragma once

#include "jx-trace.h"

G_BEGIN_DECLS

/* The n-th (0-based) invocation of `name` on the stream; fails the test
 * when there is none. */
guint32  jx_test_nth_invocation (JxTrace      *trace,
                                 guint32       stream,
                                 const char   *name,
                                 guint         n);

/* Writes "DIR/run-0" … one run per delay (3 ranks, 2 threads, `iterations`
 * iterations, markers; a clock of `resolutions[i]` ticks per second when
 * resolutions is not NULL) and returns the paths (NULL-terminated). */
char   **jx_test_generate_runs  (const char   *dir,
                                 const gint64 *delays,
                                 guint         n,
                                 guint         iterations,
                                 const guint64 *resolutions);

G_END_DECLS
