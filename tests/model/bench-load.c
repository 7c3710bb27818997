/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-load — how much slower is a full JxTrace load than bare libotf2
 * reading, and how many resident bytes does the model keep per enter/leave
 * event?
 *
 *   bench-load            generates a 20-million-event trace (fixed seed)
 *                         into a temporary directory and removes it after
 *   bench-load TRACE      measures the given archive
 *
 * (a) bare: one OTF2_Reader, local event readers, callbacks that only count
 *     per kind (the least any loader must do);
 * (b) jx_trace_load() with 1 reader and with 2 readers (threads).
 * The variants run alternately (a, b1, b2, a, b2, b1, ...) 5 times
 * (JX_BENCH_RUNS=N changes that), so that load from other processes hits
 * all of them alike; the fastest run of each counts (the machine is
 * shared), medians are printed as well. CPU time (user + system, getrusage)
 * is printed too, since on a loaded machine it is the steadier measure for
 * the one-reader ratio, and its system part, which is mostly page faults:
 * on a virtual machine that hands freed memory back to the host, first
 * touches of fresh memory cost far more and vary from run to run.
 * Memory: resident set (VmRSS from /proc/self/statm) after malloc_trim()
 * before and after the load, divided by the number of enter + leave events;
 * jx_trace_get_memory_size() is printed as a cross-check. */
#include "config.h"

/* RUSAGE_THREAD */
#define _GNU_SOURCE 1

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <otf2/otf2.h>

#include "jx-otf2-events-private.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"
#include "model-test-util.h"

#define RUNS 5       /* JX_BENCH_RUNS overrides */
#define MAX_RUNS 50

typedef struct
{
  guint64 kinds[JX_N_EVENT_KINDS];
} BareCount;

static OTF2_CallbackCode
bare_count (void        *user_data,
            JxEventKind  kind)
{
  BareCount *c = user_data;

  c->kinds[kind]++;
  return OTF2_CALLBACK_SUCCESS;
}

#define X0(Name, KIND) \
  static OTF2_CallbackCode \
  bare_##Name (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t position, \
               void *user_data, OTF2_AttributeList *attributes) \
  { \
    return bare_count (user_data, KIND); \
  }
#define X(Name, KIND, ...) \
  static OTF2_CallbackCode \
  bare_##Name (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t position, \
               void *user_data, OTF2_AttributeList *attributes, __VA_ARGS__) \
  { \
    return bare_count (user_data, KIND); \
  }
_JX_OTF2_HANDLED_EVENTS
_JX_OTF2_COUNTED_EVENTS
#undef X0
#undef X

static OTF2_CallbackCode
bare_location (void                  *user_data,
               OTF2_LocationRef       self,
               OTF2_StringRef         name,
               OTF2_LocationType      type,
               uint64_t               n_events,
               OTF2_LocationGroupRef  group)
{
  GArray *locations = user_data;
  guint64 ref = self;

  g_array_append_val (locations, ref);
  return OTF2_CALLBACK_SUCCESS;
}

/* (a): the same libotf2 work as the loader (global and local definitions,
 * local event readers) with callbacks that only count. */
static guint64
bare_read (const char *anchor,
           BareCount  *count)
{
  OTF2_Reader *reader = OTF2_Reader_Open (anchor);
  OTF2_GlobalDefReader *gdr;
  OTF2_GlobalDefReaderCallbacks *dcbs;
  OTF2_EvtReaderCallbacks *ecbs;
  g_autoptr(GArray) locations = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autofree OTF2_EvtReader **evt = NULL;
  guint64 total = 0;
  uint64_t n;
  guint i, k;

  memset (count, 0, sizeof *count);
  if (reader == NULL)
    return 0;
  OTF2_Reader_SetSerialCollectiveCallbacks (reader);
  gdr = OTF2_Reader_GetGlobalDefReader (reader);
  dcbs = OTF2_GlobalDefReaderCallbacks_New ();
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback (dcbs, bare_location);
  OTF2_Reader_RegisterGlobalDefCallbacks (reader, gdr, dcbs, locations);
  OTF2_GlobalDefReaderCallbacks_Delete (dcbs);
  OTF2_Reader_ReadAllGlobalDefinitions (reader, gdr, &n);
  OTF2_Reader_CloseGlobalDefReader (reader, gdr);

  for (i = 0; i < locations->len; i++)
    OTF2_Reader_SelectLocation (reader, g_array_index (locations, guint64, i));
  evt = g_new0 (OTF2_EvtReader *, locations->len + 1);
  if (OTF2_Reader_OpenDefFiles (reader) == OTF2_SUCCESS)
    {
      for (i = 0; i < locations->len; i++)
        {
          OTF2_DefReader *dr = OTF2_Reader_GetDefReader (reader, g_array_index (locations, guint64, i));

          if (dr != NULL)
            {
              OTF2_Reader_ReadAllLocalDefinitions (reader, dr, &n);
              OTF2_Reader_CloseDefReader (reader, dr);
            }
        }
      OTF2_Reader_CloseDefFiles (reader);
    }
  OTF2_Reader_OpenEvtFiles (reader);
  for (i = 0; i < locations->len; i++)
    evt[i] = OTF2_Reader_GetEvtReader (reader, g_array_index (locations, guint64, i));

  ecbs = OTF2_EvtReaderCallbacks_New ();
#define X0(Name, KIND) OTF2_EvtReaderCallbacks_Set##Name##Callback (ecbs, bare_##Name);
#define X(Name, KIND, ...) OTF2_EvtReaderCallbacks_Set##Name##Callback (ecbs, bare_##Name);
  _JX_OTF2_HANDLED_EVENTS
  _JX_OTF2_COUNTED_EVENTS
#undef X0
#undef X
  for (i = 0; i < locations->len; i++)
    {
      if (evt[i] == NULL)
        continue;
      OTF2_EvtReader_SetCallbacks (evt[i], ecbs, count);
      OTF2_Reader_ReadAllLocalEvents (reader, evt[i], &n);
      OTF2_Reader_CloseEvtReader (reader, evt[i]);
    }
  OTF2_EvtReaderCallbacks_Delete (ecbs);
  OTF2_Reader_CloseEvtFiles (reader);
  OTF2_Reader_Close (reader);

  for (k = 0; k < JX_N_EVENT_KINDS; k++)
    total += count->kinds[k];
  return total;
}

static gsize
resident_bytes (void)
{
  g_autofree char *contents = NULL;
  unsigned long size = 0, resident = 0;

  malloc_trim (0);
  if (!g_file_get_contents ("/proc/self/statm", &contents, NULL, NULL) ||
      sscanf (contents, "%lu %lu", &size, &resident) != 2)
    return 0;
  return (gsize) resident * (gsize) sysconf (_SC_PAGESIZE);
}

static double
cpu_seconds_of (int who)
{
  struct rusage usage;

  getrusage (who, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 +
         usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

static double
system_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

static double
cpu_seconds (void)
{
  return cpu_seconds_of (RUSAGE_SELF);
}

typedef struct
{
  double  seconds;
  double  cpu;
  double  cpu_caller;   /* CPU of the calling thread (reader 1 + serial parts) */
  double  sys;          /* system part of cpu */
  gssize  rss_delta;
  gsize   model_bytes;
  guint64 events;
  guint64 enter_leave;
} LoadRun;

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return x < y ? -1 : x > y ? 1 : 0;
}

static double
median (double *values,
        guint   n)
{
  qsort (values, n, sizeof (double), compare_double);
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

static gboolean
full_load (const char *path,
           guint       n_readers,
           LoadRun    *run)
{
  JxLoadOptions options = { n_readers };
  g_autoptr(GError) error = NULL;
  JxTrace *trace;
  gsize before, after;
  gint64 t0;

  before = resident_bytes ();
  run->cpu = cpu_seconds ();
  run->sys = system_seconds ();
  run->cpu_caller = cpu_seconds_of (RUSAGE_THREAD);
  t0 = g_get_monotonic_time ();
  trace = jx_trace_load (path, &options, NULL, NULL, NULL, &error);
  run->seconds = (g_get_monotonic_time () - t0) / 1e6;
  run->cpu = cpu_seconds () - run->cpu;
  run->sys = system_seconds () - run->sys;
  run->cpu_caller = cpu_seconds_of (RUSAGE_THREAD) - run->cpu_caller;
  if (trace == NULL)
    {
      g_printerr ("bench-load: %s\n", error->message);
      return FALSE;
    }
  after = resident_bytes ();
  run->rss_delta = (gssize) after - (gssize) before;
  run->model_bytes = jx_trace_get_memory_size (trace);
  run->events = jx_trace_get_n_events (trace);
  run->enter_leave = jx_trace_get_event_count (trace, JX_EVENT_ENTER) +
                     jx_trace_get_event_count (trace, JX_EVENT_LEAVE);
  g_object_unref (trace);
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *tmp = NULL;
  g_autofree char *anchor = NULL;
  g_autoptr(GError) error = NULL;
  const char *path;
  BareCount count;
  double bare_best = G_MAXDOUBLE;
  double bare_cpu = G_MAXDOUBLE;
  double bare_sys = G_MAXDOUBLE;
  double sys_best[3] = { 0, G_MAXDOUBLE, G_MAXDOUBLE };
  double cpu_best[3] = { 0, G_MAXDOUBLE, G_MAXDOUBLE };
  double critical_best = G_MAXDOUBLE;
  guint64 bare_events = 0;
  LoadRun best[3];
  double walls[3][MAX_RUNS];   /* [0] bare, [1], [2] readers */
  double cpus[3][MAX_RUNS];
  double rss[3][MAX_RUNS];     /* bytes per enter/leave event */
  guint readers, r, k, runs = RUNS;

  if (argc > 2)
    {
      g_printerr ("usage: bench-load [TRACE]\n");
      return 2;
    }

  if (argc == 2)
    path = argv[1];
  else
    {
      JxGeneratorOptions options;
      guint64 n;
      gint64 t0;

      tmp = g_dir_make_tmp (NULL, &error);
      if (tmp == NULL)
        {
          g_printerr ("bench-load: %s\n", error->message);
          return 1;
        }
      jx_generator_options_init (&options);
      options.seed = 2024;
      options.n_ranks = 16;
      options.n_iterations = 11000;
      t0 = g_get_monotonic_time ();
      n = jx_generate_trace (tmp, &options, &error);
      if (n == 0)
        {
          g_printerr ("bench-load: %s\n", error->message);
          test_remove_tree (tmp);
          return 1;
        }
      printf ("generated %" G_GUINT64_FORMAT " events (16 ranks, 11000 iterations, seed 2024) in %.2f s\n",
              n, (g_get_monotonic_time () - t0) / 1e6);
      path = tmp;
    }

  if (g_getenv ("JX_BENCH_RUNS") != NULL)
    runs = CLAMP (atoi (g_getenv ("JX_BENCH_RUNS")), 1, MAX_RUNS);

  anchor = jx_trace_resolve_anchor (path, &error);
  if (anchor == NULL)
    {
      g_printerr ("bench-load: %s\n", error->message);
      return 1;
    }

  /* Warm the page cache so that every variant reads from memory. */
  bare_read (anchor, &count);

  for (readers = 1; readers <= 2; readers++)
    best[readers].seconds = G_MAXDOUBLE;

  for (r = 0; r < runs; r++)
    {
      gint64 t0 = g_get_monotonic_time ();
      double c0 = cpu_seconds ();
      double k0 = system_seconds ();
      double s;

      bare_events = bare_read (anchor, &count);
      s = (g_get_monotonic_time () - t0) / 1e6;
      bare_best = MIN (bare_best, s);
      bare_cpu = MIN (bare_cpu, cpu_seconds () - c0);
      bare_sys = MIN (bare_sys, system_seconds () - k0);
      walls[0][r] = s;
      cpus[0][r] = cpu_seconds () - c0;

      /* Alternating the order too: a load right after another one reuses
       * the memory that one freed, which is cheaper to fault in. */
      for (k = 0; k < 2; k++)
        {
          LoadRun run;

          readers = (r + k) % 2 == 0 ? 1 : 2;

          if (!full_load (path, readers, &run))
            {
              if (tmp != NULL)
                test_remove_tree (tmp);
              return 1;
            }
          if (run.events != bare_events)
            g_printerr ("bench-load: event counts differ: load %" G_GUINT64_FORMAT " bare %" G_GUINT64_FORMAT "\n",
                        run.events, bare_events);
          if (run.seconds < best[readers].seconds)
            best[readers] = run;
          cpu_best[readers] = MIN (cpu_best[readers], run.cpu);
          walls[readers][r] = run.seconds;
          rss[readers][r] = (double) run.rss_delta / MAX (run.enter_leave, 1);
          cpus[readers][r] = run.cpu;
          sys_best[readers] = MIN (sys_best[readers], run.sys);
          if (readers == 2)
            critical_best = MIN (critical_best, MAX (run.cpu_caller, run.cpu - run.cpu_caller));
        }
    }

  printf ("runs: %u of each variant, alternating; best run counts\n", runs);
  printf ("trace: %s\n", anchor);
  printf ("events: %" G_GUINT64_FORMAT " (enter+leave %" G_GUINT64_FORMAT ")\n",
          bare_events, best[1].enter_leave);
  printf ("(a) bare libotf2 read, 1 reader:  wall %7.3f s  %7.2f Mevents/s   cpu %7.3f s (sys %.3f)\n",
          bare_best, bare_events / bare_best / 1e6, bare_cpu, bare_sys);
  for (readers = 1; readers <= 2; readers++)
    printf ("(b) full load, %u reader%s:       wall %7.3f s  %7.2f Mevents/s   cpu %7.3f s (sys %.3f)   "
            "ratio b/a wall %.2f (target %s), cpu %.2f\n",
            readers, readers > 1 ? "s" : " ", best[readers].seconds,
            bare_events / best[readers].seconds / 1e6, cpu_best[readers], sys_best[readers],
            bare_best / best[readers].seconds, readers == 1 ? ">= 0.8" : ">= 1.0",
            bare_cpu / cpu_best[readers]);
  /* On a shared machine the two-reader wall time mostly measures the other
   * processes. The CPU time of the busier thread is what the wall time would
   * be with both cores free (a lower bound: it ignores waiting). */
  printf ("(b) 2 readers, CPU of the busier thread (wall on 2 free cores, lower bound): %7.3f s  "
          "ratio a(cpu)/that %.2f (target >= 1.0)\n",
          critical_best, bare_cpu / critical_best);
  {
    double mw[3], mc[3];

    for (readers = 0; readers <= 2; readers++)
      {
        mw[readers] = median (walls[readers], runs);
        mc[readers] = median (cpus[readers], runs);
      }
    printf ("medians: wall a %.3f s, b1 %.3f s, b2 %.3f s; cpu a %.3f s, b1 %.3f s, b2 %.3f s; "
            "ratio 1 reader wall %.2f cpu %.2f, 2 readers wall %.2f\n",
            mw[0], mw[1], mw[2], mc[0], mc[1], mc[2], mw[0] / mw[1], mc[0] / mc[1], mw[0] / mw[2]);
  }
  printf ("load average at the end: ");
  {
    g_autofree char *loadavg = NULL;

    if (g_file_get_contents ("/proc/loadavg", &loadavg, NULL, NULL))
      printf ("%s", loadavg);
    else
      printf ("unknown\n");
  }
  /* The median is the headline: the first two-reader load of a process
   * also leaves glibc's arena of the second thread holding its freed
   * temporaries (pending messages, about 16 MB here; reused by later loads,
   * malloc_trim () does not return an arena's top), and that run may be the
   * fastest one. */
  for (readers = 1; readers <= 2; readers++)
    printf ("memory, %u reader%s: RSS delta %.2f bytes per enter/leave event (median of runs; "
            "fastest run %.2f), jx_trace_get_memory_size %.2f (target <= 16)\n",
            readers, readers > 1 ? "s" : " ",
            median (rss[readers], runs),
            (double) best[readers].rss_delta / MAX (best[readers].enter_leave, 1),
            (double) best[readers].model_bytes / MAX (best[readers].enter_leave, 1));

  if (tmp != NULL)
    test_remove_tree (tmp);
  return 0;
}
