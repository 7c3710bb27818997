/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-bench.c */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <time.h>

#include "jx-bench.h"

double
jx_bench_now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

double
jx_bench_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

double
jx_bench_process_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : (x > y ? 1 : 0);
}

double
jx_bench_median (double *values,
                 guint   n)
{
  if (n == 0)
    return 0.0;
  qsort (values, n, sizeof (double), compare_double);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

void
jx_bench_zoom_windows (double  (*windows)[2],
                       guint     n_zooms,
                       guint32   seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);

  windows[0][0] = 0.0;
  windows[0][1] = 1.0;
  for (guint z = 1; z <= n_zooms; z++)
    {
      double zoom = exp (g_rand_double_range (rand, log (1.5), log (1e6)));
      double w = 1.0 / zoom;
      double f0 = g_rand_double_range (rand, 0.0, 1.0 - w);

      windows[z][0] = f0;
      windows[z][1] = f0 + w;
    }
}
