/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-loader.c — fuzz target for the OTF2 loader.
 *
 * One input is a whole small archive in the "jxfz" container
 * (jx-fuzz-archive.h): the anchor, traces.def, traces.marker and the
 * per-location traces/N.def and traces/N.evt files. Each execution unpacks
 * it into a fresh directory (under $JX_FUZZ_TMPDIR, else /dev/shm), loads it
 * with jx_trace_load () (one reader thread, so one core), checks the
 * invariants jx-trace.h promises, walks what `juxtrace-cli info` and
 * `profile` would walk, runs those two commands on it (unless
 * JX_FUZZ_LOADER_CLI=0), and removes the directory.
 *
 * With libFuzzer, a custom mutator mutates one file of the archive at a time
 * (and, now and then, the container bytes themselves), so that the framing
 * survives most mutations; JX_FUZZ_PLAIN_MUTATOR=1 turns it off for
 * comparison. */
#include "config.h"

#include <math.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jx-fuzz-archive.h"
#include "jx-fuzz-common.h"
#include "jx-profile.h"
#include "jx-trace-loader.h"
#include "jx-trace-metrics.h"
#include "jx-trace-query.h"

#define CHECK(cond) \
  G_STMT_START { \
    if (G_UNLIKELY (!(cond))) \
      { \
        fprintf (stderr, "fuzz-loader: invariant broken at %s:%d: %s\n", __FILE__, __LINE__, #cond); \
        abort (); \
      } \
  } G_STMT_END

static gboolean run_cli = TRUE;

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  const char *cli = g_getenv ("JX_FUZZ_LOADER_CLI");

  jx_fuzz_setup ();
  run_cli = cli == NULL || g_strcmp0 (cli, "0") != 0;
  return 0;
}

static void
check_stream (JxTrace        *trace,
              const JxStream *s,
              guint           index)
{
  guint n_regions = jx_trace_get_n_regions (trace);
  guint32 i, c, n_roots, mid;
  guint64 total_exclusive = 0, t;

  CHECK (s->index == index);
  CHECK (s->process < jx_trace_get_n_processes (trace));
  CHECK (s->n_invocations == 0 || (s->start != NULL && s->end != NULL && s->region != NULL &&
                                   s->parent != NULL && s->subtree_end != NULL && s->depth != NULL));
  CHECK (s->event_counts[0] + s->event_counts[1] <= s->n_events);
  CHECK (s->n_invocations <= s->event_counts[0]);
  if (s->n_events > 0)
    CHECK (s->first_time <= s->last_time);

  for (i = 0; i < s->n_invocations; i++)
    {
      CHECK (s->region[i] < n_regions);
      CHECK (s->start[i] <= s->end[i]);
      CHECK (s->start[i] >= s->first_time && s->end[i] <= s->last_time);
      CHECK (i == 0 || s->start[i - 1] <= s->start[i]);
      CHECK (s->subtree_end[i] > i && s->subtree_end[i] <= s->n_invocations);
      if (s->parent[i] == JX_NONE)
        CHECK (s->depth[i] == 0);
      else
        {
          guint32 p = s->parent[i];

          CHECK (p < i);
          CHECK (s->subtree_end[i] <= s->subtree_end[p]);
          CHECK (s->depth[i] == MIN (s->depth[p] + 1u, G_MAXUINT16));
          CHECK (s->start[i] >= s->start[p] && s->end[i] <= s->end[p]);
        }
      if (s->subtree_end[i] < s->n_invocations)
        CHECK (s->start[s->subtree_end[i]] >= s->end[i]);
      CHECK (s->depth[i] < MAX (s->max_depth, 1));
    }

  /* What the timeline and the profile do with a stream. */
  n_roots = jx_stream_get_children (s, JX_NONE, NULL, 0);
  for (c = jx_stream_first_child (s, JX_NONE); c != JX_NONE; c = jx_stream_next_sibling (s, c))
    {
      CHECK (s->parent[c] == JX_NONE);
      n_roots--;
    }
  CHECK (n_roots == 0);
  for (i = 0; i < s->n_invocations; i++)
    total_exclusive += jx_stream_exclusive_time (s, i);
  (void) total_exclusive;

  if (s->n_invocations > 0)
    {
      g_autoptr(GArray) path = jx_stream_get_call_path (s, s->n_invocations - 1);
      guint32 children[8];

      CHECK (path->len == (guint) s->depth[s->n_invocations - 1] + 1u);
      jx_stream_get_children (s, 0, children, G_N_ELEMENTS (children));
      mid = s->n_invocations / 2;
      for (t = s->start[0]; ; t = s->end[mid])
        {
          guint32 inner = jx_stream_innermost_at (s, t);
          guint32 lower = jx_stream_lower_bound (s, t);

          CHECK (inner == JX_NONE || (s->start[inner] <= t && t < s->end[inner]));
          CHECK (lower <= s->n_invocations);
          if (t == s->end[mid])
            break;
        }
    }
}

static void
exercise (JxTrace *trace)
{
  guint n_streams = jx_trace_get_n_streams (trace);
  guint n_processes = jx_trace_get_n_processes (trace);
  guint64 start = jx_trace_get_start_time (trace);
  guint64 end = jx_trace_get_end_time (trace);
  guint i, d;

  CHECK (jx_trace_get_timer_resolution (trace) > 0);
  CHECK (jx_trace_get_path (trace) != NULL && jx_trace_get_name (trace) != NULL);
  (void) jx_trace_ticks_to_seconds (trace, (gint64) (end - start));
  (void) jx_trace_get_memory_size (trace);

  for (i = 0; i < jx_trace_get_n_strings (trace); i++)
    CHECK (jx_trace_get_string (trace, i) != NULL);
  for (i = 0; i < jx_trace_get_n_regions (trace); i++)
    {
      const JxRegion *r = jx_trace_get_region (trace, i);

      CHECK (r->name != NULL && r->canonical_name != NULL);
      CHECK (r->category < JX_N_CATEGORIES);
      CHECK (jx_trace_find_region (trace, r->name) != JX_NONE);
      (void) jx_category_to_string (r->category);
    }
  for (i = 0; i < jx_trace_get_n_system_nodes (trace); i++)
    {
      const JxSystemNode *node = jx_trace_get_system_node (trace, i);

      CHECK (node->parent == JX_NONE || node->parent < jx_trace_get_n_system_nodes (trace));
    }
  for (i = 0; i < n_processes; i++)
    {
      const JxProcess *p = jx_trace_get_process (trace, i);

      CHECK (p->first_stream <= n_streams && p->n_streams <= n_streams - p->first_stream);
      CHECK (p->system_node == JX_NONE || p->system_node < jx_trace_get_n_system_nodes (trace));
    }
  for (i = 0; i < n_streams; i++)
    check_stream (trace, jx_trace_get_stream (trace, i), i);

  for (i = 0; i < jx_trace_get_n_messages (trace); i++)
    {
      const JxMessage *m = &jx_trace_get_messages (trace)[i];

      CHECK (m->sender < n_streams);
      CHECK (m->receiver == JX_NONE || m->receiver < n_streams);
      CHECK (i == 0 || jx_trace_get_messages (trace)[i - 1].send_time <= m->send_time);
      (void) jx_trace_get_message_size (trace, i);
      (void) jx_trace_get_message_tag (trace, i);
      (void) jx_trace_get_message_communicator (trace, i);
    }
  for (i = 0; i < jx_trace_get_n_collectives (trace); i++)
    {
      const JxCollective *c = &jx_trace_get_collectives (trace)[i];

      CHECK (c->stream < n_streams);
      CHECK (c->info < jx_trace_get_n_collective_infos (trace));
      CHECK (c->begin_time <= c->end_time);
      (void) jx_trace_get_collective_info (trace, c->info);
    }
  for (i = 0; i < jx_trace_get_n_markers (trace); i++)
    {
      const JxMarker *m = jx_trace_get_marker (trace, i);

      CHECK (m->def < jx_trace_get_n_marker_defs (trace));
      CHECK (m->text != NULL);
      (void) jx_trace_get_marker_def (trace, m->def);
    }
  /* Metrics: names, samples in time order, one displayed value per sample
   * (the last NaN), counts that add up. */
  for (i = 0; i < jx_trace_get_n_metrics (trace); i++)
    {
      const JxMetricDef *def = jx_trace_get_metric (trace, i);
      guint64 samples = 0;

      CHECK (def->name != NULL && def->unit != NULL && def->description != NULL);
      CHECK (jx_trace_find_metric (trace, def->name) != JX_NONE);
      CHECK (def->value_type <= JX_METRIC_VALUE_DOUBLE);
      for (guint s = 0; s < n_streams; s++)
        {
          JxMetricSeries series;

          if (!jx_trace_get_metric_series (trace, s, i, &series))
            continue;
          samples += series.n;
          CHECK (isnan (series.display[series.n - 1]));
          for (guint32 k = 1; k < series.n; k++)
            CHECK (series.time[k - 1] <= series.time[k]);
          if (series.n >= 2 && series.time[0] < series.time[series.n - 1])
            CHECK (jx_metric_series_step_at (&series, series.time[0]) != JX_NONE);
        }
      CHECK (samples == def->n_samples);
    }
  for (d = 0; d < JX_N_METRIC_CAVEATS; d++)
    (void) jx_trace_get_metric_caveat (trace, d);
  for (d = 0; d < JX_N_DEFECTS; d++)
    (void) jx_trace_get_defect_count (trace, d);
  CHECK (jx_trace_get_n_load_issues (trace) <= JX_LOAD_REPORT_MAX_ISSUES);
  for (i = 0; i < jx_trace_get_n_load_issues (trace); i++)
    {
      const JxLoadIssue *issue = jx_trace_get_load_issue (trace, i);

      CHECK (issue->defect < JX_N_DEFECTS && issue->detail != NULL);
      CHECK (issue->stream == JX_NONE || issue->stream < n_streams);
      (void) jx_defect_to_string (issue->defect);
    }

  /* The flat profile, whole trace and a window, and per process. */
  g_free (jx_profile_compute_region_stats (trace, NULL, 0, 0, G_MAXUINT64));
  g_free (jx_profile_compute_region_stats (trace, NULL, 0, start + (end - start) / 3,
                                         start + 2 * ((end - start) / 3)));
  for (i = 0; i < n_processes; i++)
    {
      const JxProcess *p = jx_trace_get_process (trace, i);
      g_autofree guint32 *streams = g_new (guint32, MAX (p->n_streams, 1));
      guint k;

      for (k = 0; k < p->n_streams; k++)
        streams[k] = p->first_stream + k;
      g_free (jx_profile_compute_region_stats (trace, streams, p->n_streams, 0, G_MAXUINT64));
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autoptr(JxTrace) trace = NULL;
  JxLoadOptions options = { 1 };

  jx_fuzz_setup ();

  dir = jx_fuzz_make_temp_dir ("jx-fuzz-loader", &error);
  if (dir == NULL)
    {
      fprintf (stderr, "fuzz-loader: %s\n", error->message);
      abort ();
    }

  jx_fuzz_archive_unpack (data, size, dir);

  trace = jx_trace_load (dir, &options, NULL, NULL, NULL, &error);
  if (trace != NULL)
    exercise (trace);
  else
    CHECK (error != NULL && error->message != NULL);

  if (run_cli && trace != NULL)
    {
      char *info[] = { (char *) "juxtrace-cli", (char *) "info", (char *) "--json", dir, NULL };
      char *profile[] = { (char *) "juxtrace-cli", (char *) "profile", dir, NULL };
      char *csv[] = { (char *) "juxtrace-cli", (char *) "profile", (char *) "--per", (char *) "process",
                      (char *) "--csv", dir, NULL };

      jx_fuzz_run_cli_quiet (G_N_ELEMENTS (info) - 1, info);
      jx_fuzz_run_cli_quiet (G_N_ELEMENTS (profile) - 1, profile);
      jx_fuzz_run_cli_quiet (G_N_ELEMENTS (csv) - 1, csv);
    }

  jx_fuzz_remove_tree (dir);
  return 0;
}

#ifdef JX_FUZZ_LIBFUZZER
size_t LLVMFuzzerMutate (uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator (uint8_t *data, size_t size, size_t max_size, unsigned int seed);

/* Mutates the data of one entry with libFuzzer's own mutators and packs the
 * archive again; one time in eight the raw container instead (which can
 * drop, rename or split entries). */
size_t
LLVMFuzzerCustomMutator (uint8_t      *data,
                         size_t        size,
                         size_t        max_size,
                         unsigned int  seed)
{
  static int plain = -1;
  JxFuzzEntry entries[JX_FUZZ_MAX_ENTRIES];
  g_autoptr(GByteArray) out = NULL;
  g_autofree guint8 *buffer = NULL;
  GRand *rand;
  guint n, pick, i;
  gsize room, new_len, fixed;

  if (plain < 0)
    plain = g_strcmp0 (g_getenv ("JX_FUZZ_PLAIN_MUTATOR"), "1") == 0;
  n = jx_fuzz_archive_parse (data, size, entries, JX_FUZZ_MAX_ENTRIES);
  if (plain || n == 0 || seed % 8 == 0)
    return LLVMFuzzerMutate (data, size, max_size);

  rand = g_rand_new_with_seed (seed);
  pick = g_rand_int_range (rand, 0, (gint32) n);
  g_rand_free (rand);

  /* Everything but the picked entry's data stays as it is. */
  fixed = JX_FUZZ_MAGIC_LEN;
  for (i = 0; i < n; i++)
    fixed += 1 + entries[i].name_len + 4 + (i == pick ? 0 : entries[i].data_len);
  if (fixed >= max_size)
    return LLVMFuzzerMutate (data, size, max_size);
  room = max_size - fixed;

  buffer = g_malloc (MAX (room, entries[pick].data_len) + 1);
  memcpy (buffer, entries[pick].data, entries[pick].data_len);
  new_len = LLVMFuzzerMutate (buffer, entries[pick].data_len, room);

  out = g_byte_array_sized_new (max_size);
  for (i = 0; i < n; i++)
    jx_fuzz_archive_append (out, (const char *) entries[i].name, entries[i].name_len,
                            i == pick ? buffer : entries[i].data,
                            i == pick ? new_len : entries[i].data_len);
  if (out->len > max_size)
    return LLVMFuzzerMutate (data, size, max_size);
  memcpy (data, out->data, out->len);
  return out->len;
}
#endif
