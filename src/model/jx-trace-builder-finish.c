/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-builder-finish.c — jx_trace_builder_finish(): the builder's
 * streams, regions, messages, collectives, markers and load report become
 * an immutable JxTrace. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "jx-trace-builder-private.h"

static gint
compare_markers (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  const JxMarker *x = a;
  const JxMarker *y = b;

  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return 0;
}

static gint
compare_stream_process (gconstpointer a,
                        gconstpointer b,
                        gpointer      user_data)
{
  const JxStreamWriter *x = *(JxStreamWriter * const *) a;
  const JxStreamWriter *y = *(JxStreamWriter * const *) b;

  if (x->s.process != y->s.process)
    return x->s.process < y->s.process ? -1 : 1;
  return 0;
}

/* Streams of a process must be contiguous; reorders them (stably) when the
 * definitions interleaved processes, and rewrites every stream reference. */
static void
order_streams (JxTraceBuilder *self)
{
  g_autofree guint32 *new_index = NULL;
  gboolean ordered = TRUE;
  guint i;

  for (i = 1; i < self->streams->len; i++)
    {
      JxStreamWriter *a = g_ptr_array_index (self->streams, i - 1);
      JxStreamWriter *b = g_ptr_array_index (self->streams, i);

      if (a->s.process > b->s.process)
        ordered = FALSE;
    }
  if (ordered)
    return;

  g_qsort_with_data (self->streams->pdata, self->streams->len, sizeof (gpointer),
                     compare_stream_process, NULL);

  new_index = g_new (guint32, self->streams->len);
  for (i = 0; i < self->streams->len; i++)
    {
      JxStreamWriter *sb = g_ptr_array_index (self->streams, i);

      new_index[sb->s.index] = i;
    }

  for (i = 0; i < self->streams->len; i++)
    {
      JxStreamWriter *sb = g_ptr_array_index (self->streams, i);
      guint j;

      sb->s.index = i;
      _jx_stream_writer_renumber_messages (sb, i, new_index);
      for (j = 0; sb->issues != NULL && j < sb->issues->len; j++)
        g_array_index (sb->issues, JxLoadIssue, j).stream = i;
    }
}

/* Synthetic regions are appended in order of their raw id so the result does
 * not depend on which loader thread met an id first. */
static void
add_synthetic_regions (JxTraceBuilder *self)
{
  g_autofree guint32 *sorted = NULL;
  g_autofree guint32 *remap = NULL;
  guint n = self->undefined_raw->len;
  guint32 base = self->n_defined_regions;
  gboolean identity = TRUE;
  guint i;

  if (n == 0)
    return;

  sorted = g_memdup2 (self->undefined_raw->data, n * sizeof (guint32));
  qsort (sorted, n, sizeof (guint32), _jx_compare_u32);

  remap = g_new (guint32, n);
  for (i = 0; i < n; i++)
    {
      guint32 raw = g_array_index (self->undefined_raw, guint32, i);
      guint32 *pos = bsearch (&raw, sorted, n, sizeof (guint32), _jx_compare_u32);

      remap[i] = base + (guint32) (pos - sorted);
      if (remap[i] != base + i)
        identity = FALSE;
    }

  for (i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("<undefined region %u>", sorted[i]);
      JxRegion *region = _jx_trace_builder_append_region (self, name);

      region->category = JX_CATEGORY_OTHER;
      region->flags = JX_REGION_FLAG_SYNTHETIC;
    }

  if (identity)
    return;

  for (i = 0; i < self->streams->len; i++)
    {
      JxStreamWriter *sb = g_ptr_array_index (self->streams, i);
      guint32 j;

      for (j = 0; j < sb->s.n_invocations; j++)
        if (sb->s.region[j] >= base)
          sb->s.region[j] = remap[sb->s.region[j] - base];
    }
}

/* Shown names first; recorded (e.g. mangled) names find their region too,
 * unless a shown name already claims the string. */
static void
index_region_names (JxTrace *trace)
{
  guint pass, i;

  for (pass = 0; pass < 2; pass++)
    for (i = 0; i < trace->regions->len; i++)
      {
        const JxRegion *r = &g_array_index (trace->regions, JxRegion, i);
        const char *name = pass == 0 ? r->name : r->canonical_name;

        if (!g_hash_table_contains (trace->region_by_name, name))
          g_hash_table_insert (trace->region_by_name, (gpointer) name, GUINT_TO_POINTER (i + 1));
      }
}

static void
finish_stream (JxTraceBuilder *self,
               JxStreamWriter *sb)
{
  if (!sb->ended)
    _jx_stream_writer_close_and_trim (self, sb);

  /* In a partial load's window a stream may hold no event but calls
   * that span the window, or nothing while it has events outside. */
  if (sb->s.n_events == 0 && sb->s.n_invocations == 0 && !sb->outside
      && !(sb->s.flags & JX_STREAM_FLAG_MISSING) && !self->messages_only)
    {
      sb->s.flags |= JX_STREAM_FLAG_EMPTY;
      _jx_stream_writer_issue (sb, JX_DEFECT_EMPTY_STREAM, 0,
                               _("Stream “%s” holds no events"), sb->label);
      sb->s.flags &= ~JX_STREAM_FLAG_REPAIRED;
    }
}

/* Moves issues (their details included) from one list to the trace's,
 * as long as it has room. */
static void
take_issues (JxTrace *trace,
             GArray  *issues)
{
  guint k;

  for (k = 0; issues != NULL && k < issues->len &&
              trace->issues->len < JX_LOAD_REPORT_MAX_ISSUES; k++)
    {
      JxLoadIssue *issue = &g_array_index (issues, JxLoadIssue, k);

      g_array_append_val (trace->issues, *issue);
      issue->detail = NULL;
    }
}

/* Trace-wide issues first, then per stream in stream order. */
static void
collect_load_report (JxTraceBuilder *self)
{
  JxTrace *trace = self->trace;
  guint i, d;

  for (d = 0; d < JX_N_DEFECTS; d++)
    trace->defect_counts[d] = self->defects[d];
  take_issues (trace, self->issues);

  for (i = 0; i < self->streams->len; i++)
    {
      JxStreamWriter *sb = g_ptr_array_index (self->streams, i);

      for (d = 0; d < JX_N_DEFECTS; d++)
        trace->defect_counts[d] += sb->defects[d];
      take_issues (trace, sb->issues);
    }
}

/* The streams and their arrays now belong to the trace, which sums up
 * their counts and time span. */
static void
move_streams (JxTraceBuilder *self)
{
  JxTrace *trace = self->trace;
  gboolean any_events = FALSE;
  guint32 next = 0;
  guint i, d;

  for (i = 0; i < self->streams->len; i++)
    {
      JxStreamWriter *sb = g_ptr_array_index (self->streams, i);
      JxProcess *process = &g_array_index (trace->processes, JxProcess, sb->s.process);

      for (d = 0; d < JX_N_EVENT_KINDS; d++)
        trace->event_counts[d] += sb->s.event_counts[d];
      trace->n_events += sb->s.n_events;
      trace->n_invocations += sb->s.n_invocations;

      if (sb->s.n_events > 0 || sb->s.n_invocations > 0)
        {
          if (!any_events || sb->s.first_time < trace->start_time)
            trace->start_time = sb->s.first_time;
          if (!any_events || sb->s.last_time > trace->end_time)
            trace->end_time = sb->s.last_time;
          any_events = TRUE;
        }

      if (process->n_streams == 0)
        process->first_stream = i;
      process->n_streams++;

      g_array_append_val (trace->streams, sb->s);
      g_array_append_val (trace->arenas, sb->arena);
      memset (&sb->s, 0, sizeof sb->s);
      memset (&sb->arena, 0, sizeof sb->arena);
    }

  /* Processes without streams point where their streams would be. */
  for (i = 0; i < trace->processes->len; i++)
    {
      JxProcess *process = &g_array_index (trace->processes, JxProcess, i);

      if (process->n_streams == 0)
        process->first_stream = next;
      next = process->first_stream + process->n_streams;
    }
}

static gsize
string_bytes (JxTrace *trace)
{
  gsize bytes = 0;
  guint i;

  for (i = 0; i < trace->strings->len; i++)
    bytes += strlen (g_ptr_array_index (trace->strings, i)) + 1;
  for (i = 0; i < trace->regions->len; i++)
    bytes += strlen (g_array_index (trace->regions, JxRegion, i).name) + 1;
  return bytes;
}

JxTrace *
jx_trace_builder_finish (JxTraceBuilder *self)
{
  JxTrace *trace;
  guint i;

  g_return_val_if_fail (self != NULL, NULL);

  trace = self->trace;

  /* Stream indices of the skipped messages hold only before reordering. */
  _jx_trace_builder_drop_cut_receives (self);
  order_streams (self);
  _jx_trace_builder_finish_metrics (self);
  add_synthetic_regions (self);
  index_region_names (trace);

  for (i = 0; i < self->streams->len; i++)
    finish_stream (self, g_ptr_array_index (self->streams, i));

  _jx_trace_builder_match_messages (self);
  _jx_trace_builder_take_external (self);
  _jx_trace_builder_merge_collectives (self);
  g_qsort_with_data (trace->markers->data, trace->markers->len, sizeof (JxMarker),
                     compare_markers, NULL);

  collect_load_report (self);
  move_streams (self);
  _jx_trace_builder_finish_partial (self);
  trace->chunk_bytes = string_bytes (trace);

  self->trace = NULL;
  jx_trace_builder_free (self);
  return trace;
}
