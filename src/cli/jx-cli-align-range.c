/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-align-range.c — `juxtrace-cli align --range START:END`: where a
 * time range of the reference stream fits best in each other trace's
 * partner stream (jx-phase-find.h, semi-global alignment), and the offset
 * that aligns it, as text, JSON or CSV. */
#include "config.h"

#include <inttypes.h>

#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "jx-call-profile.h"
#include "jx-cli.h"
#include "jx-cli-align.h"
#include "jx-cli-common.h"
#include "jx-cli-scores.h"
#include "jx-phase-find.h"
#include "jx-structure-pairing.h"
#include "jx-trace-selection.h"

/* Function runs named in a summary of calls before "…". */
#define SUMMARY_RUNS 4

typedef enum
{
  ROW_REFERENCE,
  ROW_FOUND,
  ROW_NO_STREAM,              /* no partner stream */
  ROW_NO_LEVEL,               /* the partner has no call with the range's call path */
  ROW_NOT_PLACED,             /* placed against gaps only: nothing fits */
} RowStatus;

typedef struct
{
  RowStatus    status;
  guint32      stream;
  JxPhaseMatch match;
  gboolean     by_structure;
  gint64       start_ns;      /* of the calls, from the trace's start */
  gint64       end_ns;
  gint64       offset_ns;
  GArray      *level;         /* the level's calls in this trace's stream */
} Row;

static const char *
status_name (RowStatus status)
{
  static const char *names[] = { "reference", "found", "no-stream", "no-level", "not-placed" };

  return names[status];
}

static gint64
relative_ns (JxTrace *trace,
             guint64  ticks)
{
  return jx_call_profile_offset_for (trace, 0, ticks, trace, jx_trace_get_start_time (trace));
}

static void
stream_name (JxTrace    *trace,
             guint32     stream,
             const char **process,
             const char **name)
{
  const JxStream *s = jx_trace_get_stream (trace, stream);

  *process = jx_cli_nonnull (jx_trace_get_process (trace, s->process)->name);
  *name = jx_cli_nonnull (s->name);
}

/* The calls of a level from index first on (count of them) as runs of
 * functions: "iteration ×5", "compute, exchange ×2, …". */
static char *
calls_summary (JxTrace *trace,
               guint32  stream,
               GArray  *level,
               guint32  first,
               guint32  count)
{
  const JxStream *s = jx_trace_get_stream (trace, stream);
  GString *out = g_string_new (NULL);
  guint runs = 0;
  guint32 k = first;

  while (k < first + count)
    {
      guint32 region = s->region[g_array_index (level, guint32, k)];
      guint n = 0;

      while (k < first + count && s->region[g_array_index (level, guint32, k)] == region)
        {
          n++;
          k++;
        }
      if (runs == SUMMARY_RUNS)
        {
          g_string_append (out, ", …");
          break;
        }
      g_string_append_printf (out, "%s%s", runs > 0 ? ", " : "", jx_trace_get_region (trace, region)->name);
      if (n > 1)
        g_string_append_printf (out, " ×%u", n);
      runs++;
    }
  return g_string_free (out, FALSE);
}

typedef struct
{
  guint64 start;
  guint64 end;
} Window;

static gboolean
overlaps (const JxStream *st,
          gpointer        data)
{
  const Window *w = data;

  for (guint32 v = 0; v < st->n_invocations; v = st->subtree_end[v])
    if (st->end[v] > w->start && st->start[v] < w->end)
      return TRUE;
  return FALSE;
}

static void
set_times (Row     *row,
           JxTrace *trace,
           guint32  first,
           guint32  last)
{
  const JxStream *s = jx_trace_get_stream (trace, row->stream);

  row->start_ns = relative_ns (trace, s->start[first]);
  row->end_ns = relative_ns (trace, s->end[last]);
}

/* The level's name: "main" or "the top level". */
static char *
level_name (JxTrace *trace,
            guint32  stream,
            guint32  parent)
{
  if (parent == JX_NONE)
    return g_strdup (_("the top level"));
  return jx_phase_call_path (trace, stream, parent);
}

/* --- Output ------------------------------------------------------------------ */

static void
append_calls (GString    *out,
              JxTrace    *trace,
              const Row  *row,
              gboolean    reference)
{
  const JxPhaseMatch *m = &row->match;
  guint32 first = reference ? m->first_a : m->first_b, last = reference ? m->last_a : m->last_b;
  guint32 index = reference ? m->level_index_a : m->level_index_b;
  guint32 n = reference ? m->n_calls_a : m->n_calls_b;
  guint32 length = reference ? m->level_length_a : m->level_length_b;
  g_autofree char *summary = calls_summary (trace, row->stream, row->level, index, n);
  g_autofree char *from = jx_time_format (row->start_ns, 6);
  g_autofree char *to = jx_time_format (row->end_ns, 6);

  (void) first;
  (void) last;
  g_string_append_printf (out, _("%u–%u of the level’s %u calls (%s), %s – %s"), index + 1, index + n, length, summary,
                          from, to);
}

static void
print_text (JxTrace            **traces,
            const char * const  *paths,
            guint                n,
            const Row           *rows,
            gint64               start_ns,
            gint64               end_ns,
            const JxScoring     *scoring)
{
  g_autoptr(GString) out = g_string_new (NULL);
  const JxPhaseMatch *ref = &rows[0].match;
  g_autofree char *level = level_name (traces[0], rows[0].stream, ref->parent_a);

  {
    g_autofree char *from = jx_time_format (start_ns, 6);
    g_autofree char *to = jx_time_format (end_ns, 6);

    g_string_append_printf (out, _("Range %s – %s of the reference: its calls under %s, placed where they fit best in each "
                                   "other trace’s partner stream\n"), from, to, level);
  }
  g_string_append (out, _("(semi-global alignment of the calls under the same call path; a call equals another when both\n"
                          "call the same functions directly; places that fit as well go to where the runs’ whole\n"
                          "alignment expects them)\n"));
  jx_cli_scores_append_text (out, scoring);
  for (guint t = 0; t < n; t++)
    {
      const Row *row = &rows[t];
      const JxPhaseMatch *m = &row->match;
      const char *process, *name;

      g_string_append_printf (out, "\n%s %s (%s)\n", t == 0 ? _("Reference") : _("Trace"),
                              jx_cli_nonnull (jx_trace_get_name (traces[t])), paths[t]);
      if (row->status == ROW_NO_STREAM)
        {
          g_string_append_printf (out, "  %s\n", _("no partner stream: left where it is"));
          continue;
        }
      stream_name (traces[t], row->stream, &process, &name);
      g_string_append_printf (out, "  %-12s %s / %s%s\n", _("Stream:"), process, name,
                              row->by_structure ? _(" (paired by structure)") : "");
      if (t == 0)
        {
          g_string_append_printf (out, "  %-12s ", _("Calls:"));
          append_calls (out, traces[t], row, TRUE);
          g_string_append_c (out, '\n');
          continue;
        }
      if (row->status == ROW_NO_LEVEL)
        {
          g_string_append_printf (out, _("  no call under %s in this stream: left where it is\n"), level);
          continue;
        }
      if (row->status == ROW_NOT_PLACED)
        {
          g_string_append_printf (out, "  %s\n", _("nothing fits: every call of the range would be a gap; left where it is"));
          continue;
        }
      g_string_append_printf (out, "  %-12s ", _("Fits at:"));
      append_calls (out, traces[t], row, FALSE);
      if (m->whole_b)
        g_string_append (out, _(" — all its calls there: the range holds more"));
      g_string_append_c (out, '\n');
      g_string_append_printf (out, _("  %-12s %" PRId64 " of %" PRId64 ": %u equal, %u different, %u only in "
                                     "the range, %u only here"),
                              _("Score:"), m->score, m->max_score, m->n_equal, m->n_different, m->n_only_a, m->n_only_b);
      if (m->n_best > 1)
        g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                                  "; %" PRIu64 " other place fits as well (this one is where the "
                                                  "runs’ whole alignment puts the range)",
                                                  "; %" PRIu64 " other places fit as well (this one is where the "
                                                  "runs’ whole alignment puts the range)", m->n_best - 1),
                                m->n_best - 1);
      g_string_append_c (out, '\n');
      {
        g_autofree char *offset = jx_time_format (row->offset_ns, 9);
        const JxStream *sr = jx_trace_get_stream (traces[0], rows[0].stream);
        const char *what = jx_trace_get_region (traces[0], sr->region[m->anchor_a])->name;

        g_string_append_printf (out, _("  %-12s %s (%" PRId64 " ns): shifted so, its %s “%s” starts with the "
                                       "reference’s\n"),
                                _("Offset:"), offset, row->offset_ns,
                                m->anchor_equal ? _("first equal call") : _("first aligned call"), what);
      }
    }
  fputs (out->str, stdout);
}

static void
print_json (JxTrace            **traces,
            const char * const  *paths,
            guint                n,
            const Row           *rows,
            gint64               start_ns,
            gint64               end_ns,
            const JxScoring     *scoring)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *level = level_name (traces[0], rows[0].stream, rows[0].match.parent_a);

  json_builder_begin_object (b);
  jx_cli_json_add_string (b, "mode", "range");
  jx_cli_json_add_int (b, "range_start_ns", start_ns);
  jx_cli_json_add_int (b, "range_end_ns", end_ns);
  jx_cli_json_add_string (b, "level", rows[0].match.parent_a == JX_NONE ? "" : level);
  jx_cli_scores_add_json (b, scoring);
  json_builder_set_member_name (b, "traces");
  json_builder_begin_array (b);
  for (guint t = 0; t < n; t++)
    {
      const Row *row = &rows[t];
      const JxPhaseMatch *m = &row->match;

      json_builder_begin_object (b);
      jx_cli_json_add_string (b, "path", paths[t]);
      jx_cli_json_add_string (b, "name", jx_cli_nonnull (jx_trace_get_name (traces[t])));
      jx_cli_json_add_string (b, "status", status_name (row->status));
      if (row->stream != JX_NONE)
        {
          const char *process, *name;

          stream_name (traces[t], row->stream, &process, &name);
          jx_cli_json_add_string (b, "process", process);
          jx_cli_json_add_string (b, "stream", name);
          if (t > 0)
            jx_cli_json_add_string (b, "pairing", row->by_structure ? "structure" : "name");
        }
      if (row->status == ROW_REFERENCE || row->status == ROW_FOUND)
        {
          gboolean r = t == 0;

          jx_cli_json_add_int (b, "level_calls", r ? m->level_length_a : m->level_length_b);
          jx_cli_json_add_int (b, "first_call", (r ? m->level_index_a : m->level_index_b) + 1);
          jx_cli_json_add_int (b, "calls", r ? m->n_calls_a : m->n_calls_b);
          jx_cli_json_add_int (b, "first_invocation", r ? m->first_a : m->first_b);
          jx_cli_json_add_int (b, "last_invocation", r ? m->last_a : m->last_b);
          jx_cli_json_add_int (b, "start_ns", row->start_ns);
          jx_cli_json_add_int (b, "end_ns", row->end_ns);
          if (!r)
            {
              jx_cli_json_add_int (b, "score", m->score);
              jx_cli_json_add_int (b, "max_score", m->max_score);
              jx_cli_json_add_int (b, "equal", m->n_equal);
              jx_cli_json_add_int (b, "different", m->n_different);
              jx_cli_json_add_int (b, "only_range", m->n_only_a);
              jx_cli_json_add_int (b, "only_here", m->n_only_b);
              jx_cli_json_add_int (b, "places", (gint64) m->n_best);
              jx_cli_json_add_boolean (b, "whole_level", m->whole_b);
              jx_cli_json_add_boolean (b, "anchor_equal", m->anchor_equal);
            }
        }
      jx_cli_json_add_int (b, "offset_ns", row->offset_ns);
      jx_cli_json_add_load_report (b, traces[t]);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  jx_cli_print_json (root);
}

static void
print_csv (JxTrace            **traces,
           const char * const  *paths,
           guint                n,
           const Row           *rows,
           const JxScoring     *scoring)
{
  g_autoptr(GString) out = g_string_new ("path,name,status,process,stream,level,first_call,calls,level_calls,start_ns,end_ns,"
                                         "score,max_score,equal,different,only_range,only_here,places,offset_ns,pairing"
                                         JX_CLI_SCORES_CSV_HEADER "\n");
  g_autofree char *level = level_name (traces[0], rows[0].stream, rows[0].match.parent_a);

  for (guint t = 0; t < n; t++)
    {
      const Row *row = &rows[t];
      const JxPhaseMatch *m = &row->match;
      const char *process = "", *name = "";
      gboolean placed = row->status == ROW_REFERENCE || row->status == ROW_FOUND;

      if (row->stream != JX_NONE)
        stream_name (traces[t], row->stream, &process, &name);
      jx_cli_csv_append_field (out, paths[t]);
      g_string_append_c (out, ',');
      jx_cli_csv_append_field (out, jx_cli_nonnull (jx_trace_get_name (traces[t])));
      g_string_append_printf (out, ",%s,", status_name (row->status));
      jx_cli_csv_append_field (out, process);
      g_string_append_c (out, ',');
      jx_cli_csv_append_field (out, name);
      g_string_append_c (out, ',');
      jx_cli_csv_append_field (out, m->parent_a == JX_NONE && t == 0 ? "" : level);
      if (placed)
        g_string_append_printf (out, ",%u,%u,%u,%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT,
                                (t == 0 ? m->level_index_a : m->level_index_b) + 1, t == 0 ? m->n_calls_a : m->n_calls_b,
                                t == 0 ? m->level_length_a : m->level_length_b, row->start_ns, row->end_ns);
      else
        g_string_append (out, ",,,,,");
      if (placed && t > 0)
        g_string_append_printf (out, ",%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT ",%u,%u,%u,%u,%" G_GUINT64_FORMAT,
                                m->score, m->max_score, m->n_equal, m->n_different, m->n_only_a, m->n_only_b, m->n_best);
      else
        g_string_append (out, ",,,,,,,");
      g_string_append_printf (out, ",%" G_GINT64_FORMAT ",%s", row->offset_ns,
                              t == 0 || row->stream == JX_NONE ? "" : row->by_structure ? "structure" : "name");
      jx_cli_scores_csv_field (out, scoring);
      g_string_append_c (out, '\n');
    }
  fputs (out->str, stdout);
}

/* --- Run --------------------------------------------------------------------- */

static void
clear_rows (Row   *rows,
            guint  n)
{
  for (guint t = 0; t < n; t++)
    g_clear_pointer (&rows[t].level, g_array_unref);
}

int
jx_cli_align_range (const char          *subcommand,
                    const char          *range,
                    const char          *process,
                    const char          *stream,
                    JxPairingMode        pairing,
                    const JxScoring     *scoring,
                    JxTrace            **traces,
                    const char * const  *paths,
                    guint                n,
                    gboolean             json,
                    gboolean             csv)
{
  g_autoptr(GError) error = NULL;
  g_autofree Row *rows = g_new0 (Row, n);
  JxTimeOrigin origin = jx_trace_get_time_origin (traces[0], 0);
  gint64 start_ns, end_ns;
  guint64 start, end;

  if (!jx_cli_parse_time_range (range, &start_ns, &end_ns) || end_ns == JX_WINDOW_OPEN_END || end_ns <= start_ns)
    return jx_cli_usage_error (subcommand, _("bad range “%s”: expected START:END after the reference’s start, END after "
                                             "START (e.g. 10ms:25ms; a number alone is in ms)"),
                               range);
  start = (guint64) MAX (jx_time_comparison_to_ticks (origin, start_ns), 0);
  end = (guint64) MAX (jx_time_comparison_to_ticks (origin, end_ns), 0);

  {
    Window window = { start, end };

    rows[0].stream = jx_cli_align_find_stream (traces[0], paths[0], process, stream, overlaps, &window,
                                               _("no call of the chosen streams of the reference overlaps the range"),
                                               &error);
  }
  if (rows[0].stream == JX_NONE)
    return jx_cli_input_error (subcommand, NULL, error);
  rows[0].status = ROW_REFERENCE;
  if (!jx_phase_locate (traces[0], rows[0].stream, start, end, &rows[0].match))
    {
      g_autoptr(GError) none = g_error_new (JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                                            _("%s: no call of the reference stream overlaps the range"), paths[0]);
      return jx_cli_input_error (subcommand, NULL, none);
    }
  rows[0].level = jx_phase_level_calls (traces[0], rows[0].stream, traces[0], rows[0].stream, rows[0].match.parent_a);
  set_times (&rows[0], traces[0], rows[0].match.first_a, rows[0].match.last_a);

  for (guint t = 1; t < n; t++)
    {
      Row *row = &rows[t];
      JxStreamPair pair;
      gboolean weighed = jx_structure_pairing_partner (traces[0], rows[0].stream, traces[t], pairing, &pair);
      const JxStream *sr, *so;

      row->stream = JX_NONE;
      if (!weighed || pair.stream_b == JX_NONE)
        {
          row->status = ROW_NO_STREAM;
          continue;
        }
      row->stream = pair.stream_b;
      row->by_structure = jx_pairing_method_combine (pair.process_method, pair.stream_method) == JX_PAIRED_BY_STRUCTURE;
      if (!jx_phase_find (traces[0], rows[0].stream, start, end, traces[t], row->stream, scoring, &row->match, NULL,
                          &error))
        {
          clear_rows (rows, n);
          return jx_cli_input_error (subcommand, paths[t], error);
        }
      if (row->match.status == JX_PHASE_NO_LEVEL)
        {
          row->status = ROW_NO_LEVEL;
          continue;
        }
      if (row->match.first_b == JX_NONE || row->match.anchor_a == JX_NONE)
        {
          row->status = ROW_NOT_PLACED;
          continue;
        }
      row->status = ROW_FOUND;
      row->level = jx_phase_level_calls (traces[t], row->stream, traces[0], rows[0].stream, rows[0].match.parent_a);
      set_times (row, traces[t], row->match.first_b, row->match.last_b);
      sr = jx_trace_get_stream (traces[0], rows[0].stream);
      so = jx_trace_get_stream (traces[t], row->stream);
      row->offset_ns = jx_call_profile_offset_for (traces[0], 0, sr->start[row->match.anchor_a], traces[t],
                                                   so->start[row->match.anchor_b]);
    }

  if (json)
    print_json (traces, paths, n, rows, start_ns, end_ns, scoring);
  else if (csv)
    print_csv (traces, paths, n, rows, scoring);
  else
    print_text (traces, paths, n, rows, start_ns, end_ns, scoring);
  clear_rows (rows, n);
  return JX_CLI_EXIT_OK;
}
