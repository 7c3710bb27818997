/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-bench.h — what the benchmark programs share: clocks and medians. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Wall time, ms. */
double jx_bench_now_ms  (void);
/* CPU time of this thread, ms: on a machine shared with other jobs, wall
 * time also counts the time spent waiting for a core. */
double jx_bench_cpu_ms  (void);
/* CPU time of the whole process, every thread, ms: for work on pool
 * threads (the engine's), where one thread's time misses the workers. */
double jx_bench_process_cpu_ms (void);
/* Median of n values (sorts them in place). */
double jx_bench_median  (double *values,
                         guint   n);

/* Windows as fractions [f0, f1] of a trace: windows[0] the whole trace,
 * windows[1 .. n_zooms] random zooms 1.5x .. 1e6x (log-uniform) anywhere in
 * it, from a fixed seed, so that runs and sizes see the same windows. */
void   jx_bench_zoom_windows (double  (*windows)[2],
                              guint     n_zooms,
                              guint32   seed);

G_END_DECLS
