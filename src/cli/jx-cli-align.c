/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-align.c — `juxtrace-cli align`: the offsets that align traces with
 * the first at a function (call-invocation profile) or a marker, as text,
 * JSON or CSV. */
#include "config.h"

#include <inttypes.h>

#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "jx-cli.h"
#include "jx-cli-align.h"
#include "jx-cli-common.h"
#include "jx-cli-pairing.h"
#include "jx-cli-scores.h"
#include "jx-structure-pairing.h"

/* "NAME#N": the name and N (>= 1); without a "#digits" suffix N is 1. */
static gboolean
split_ordinal (const char  *option,
               const char  *text,
               char       **name,
               guint       *ordinal,
               GError     **error)
{
  const char *hash = strrchr (text, '#');
  guint64 n;

  if (hash == NULL || hash[1] == '\0' || strspn (hash + 1, "0123456789") != strlen (hash + 1))
    {
      *name = g_strdup (text);
      *ordinal = 1;
      return TRUE;
    }
  n = g_ascii_strtoull (hash + 1, NULL, 10);
  if (n == 0 || n > G_MAXUINT32 || hash == text)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("bad %s “%s”: expected NAME or NAME#N with N counting from 1"), option, text);
      return FALSE;
    }
  *name = g_strndup (text, (gsize) (hash - text));
  *ordinal = (guint) n;
  return TRUE;
}

static gint64
relative_ns (JxTrace *trace,
             guint64  ticks)
{
  return jx_call_profile_offset_for (trace, 0, ticks, trace, jx_trace_get_start_time (trace));
}

guint32
jx_cli_align_find_stream (JxTrace           *trace,
                          const char        *path,
                          const char        *process,
                          const char        *stream,
                          JxCliStreamTest    test,
                          gpointer           data,
                          const char        *none,
                          GError           **error)
{
  gboolean process_found = process == NULL;
  gboolean stream_found = stream == NULL;

  for (guint32 p = 0; p < jx_trace_get_n_processes (trace); p++)
    {
      const JxProcess *proc = jx_trace_get_process (trace, p);

      if (process != NULL && g_strcmp0 (proc->name, process) != 0)
        continue;
      process_found = TRUE;
      for (guint32 s = proc->first_stream; s < proc->first_stream + proc->n_streams; s++)
        {
          const JxStream *st = jx_trace_get_stream (trace, s);

          if (stream != NULL && g_strcmp0 (st->name, stream) != 0)
            continue;
          stream_found = TRUE;
          if (test (st, data))
            return s;
        }
    }

  if (!process_found)
    g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                 _("%s: the reference has no process named “%s”"), path, process);
  else if (!stream_found)
    g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                 _("%s: the reference has no stream named “%s”%s"), path, stream,
                 process != NULL ? _(" in that process") : "");
  else
    g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND, "%s: %s", path, none);
  return JX_NONE;
}

static gboolean
calls_region (const JxStream *st,
              gpointer        data)
{
  guint32 region = GPOINTER_TO_UINT (data);

  for (guint32 i = 0; i < st->n_invocations; i++)
    if (st->region[i] == region)
      return TRUE;
  return FALSE;
}

/* The reference stream for --at: the first stream (of --process, named
 * --stream when given) that calls `region`; JX_NONE with error otherwise. */
static guint32
reference_stream (JxTrace    *trace,
                  const char *path,
                  const char *process,
                  const char *stream,
                  guint32     region,
                  const char *function,
                  GError    **error)
{
  g_autofree char *none = g_strdup_printf (_("“%s” is never called on the chosen streams of the reference"), function);

  return jx_cli_align_find_stream (trace, path, process, stream, calls_region, GUINT_TO_POINTER (region), none, error);
}

static gboolean
compute_at (const JxCliAlignSpec *spec,
            JxTrace             **traces,
            const char * const   *paths,
            guint                 n,
            JxCliAlignRow        *rows,
            guint32              *function,
            GError              **error)
{
  g_autofree char *name = NULL;
  g_autoptr(JxCallProfile) profile = NULL;
  const JxStream *s;
  guint ordinal, seen = 0;
  guint32 region, stream, inv = JX_NONE;

  if (!split_ordinal ("--at", spec->at, &name, &ordinal, error))
    return FALSE;
  region = jx_call_profile_find_function (traces[0], name);
  if (region == JX_NONE)
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                   _("%s: the reference has no function named “%s”"), paths[0], name);
      return FALSE;
    }
  stream = reference_stream (traces[0], paths[0], spec->process, spec->stream, region, name, error);
  if (stream == JX_NONE)
    return FALSE;

  s = jx_trace_get_stream (traces[0], stream);
  for (guint32 i = 0; i < s->n_invocations && inv == JX_NONE; i++)
    if (s->region[i] == region && ++seen == ordinal)
      inv = i;
  if (inv == JX_NONE)
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s: “%s” is called only %u time on %s / %s; there is no invocation #%u",
                                "%s: “%s” is called only %u times on %s / %s; there is no invocation #%u", seen),
                   paths[0], name, seen, jx_trace_get_process (traces[0], s->process)->name, s->name, ordinal);
      return FALSE;
    }

  if (function != NULL)
    *function = region;
  profile = jx_call_profile_new (traces[0], stream, inv);
  rows[0] = (JxCliAlignRow) { JX_CLI_ALIGN_REFERENCE, s->process, stream, inv, ordinal, 0, 0,
                              jx_call_profile_edge_ticks (s, inv, spec->edge), 0, 0 };
  rows[0].time_ns = relative_ns (traces[0], rows[0].ticks);

  for (guint t = 1; t < n; t++)
    {
      JxCallMatch match;
      JxCliAlignRow *row = &rows[t];
      JxStreamPair pair;
      gboolean weighed = jx_structure_pairing_partner (traces[0], stream, traces[t], spec->pairing, &pair);
      gboolean by_structure = weighed && pair.stream_b != JX_NONE &&
                              jx_pairing_method_combine (pair.process_method, pair.stream_method) == JX_PAIRED_BY_STRUCTURE;

      /* By name as alignment at a point always did, unless the pairing by
       * structure chose another partner. */
      if (by_structure)
        jx_call_profile_match_stream (profile, traces[t], pair.stream_b, spec->edge, &match);
      else
        jx_call_profile_match (profile, traces[t], spec->edge, &match);
      *row = (JxCliAlignRow) { JX_CLI_ALIGN_ALIGNED, match.match.process, match.match.stream, JX_NONE, 0, 0, 0, 0, 0, 0,
                               by_structure, weighed && pair.crossed, weighed && pair.crossed ? pair.structure_b : JX_NONE };
      switch (match.status)
        {
        case JX_CALL_MATCH_NO_PROCESS:
          row->status = JX_CLI_ALIGN_NO_PROCESS;
          continue;
        case JX_CALL_MATCH_NO_FUNCTION:
          row->status = JX_CLI_ALIGN_NO_FUNCTION;
          continue;
        case JX_CALL_MATCH_NOT_CALLED:
          row->status = JX_CLI_ALIGN_NOT_CALLED;
          continue;
        case JX_CALL_MATCH_FOUND:
        default:
          break;
        }
      row->index = match.search.invocation;
      row->ordinal = match.search.ordinal;
      row->error = match.search.error;
      row->n_candidates = match.search.n_candidates;
      row->ticks = match.ticks;
      row->time_ns = relative_ns (traces[t], match.ticks);
      row->offset_ns = jx_call_profile_offset_for (traces[0], 0, rows[0].ticks, traces[t], match.ticks);
    }
  return TRUE;
}

/* The ordinal-th marker (time order) whose text is `text`, JX_NONE if none. */
static guint32
find_marker (JxTrace    *trace,
             const char *text,
             guint       ordinal)
{
  for (guint i = 0; i < jx_trace_get_n_markers (trace); i++)
    if (g_strcmp0 (jx_trace_get_marker (trace, i)->text, text) == 0 && --ordinal == 0)
      return i;
  return JX_NONE;
}

static guint64
marker_ticks (JxTrace     *trace,
              guint32      index,
              JxAlignEdge  edge)
{
  const JxMarker *m = jx_trace_get_marker (trace, index);

  return edge == JX_ALIGN_EDGE_END ? m->time + m->duration : m->time;
}

static gboolean
compute_marker (const JxCliAlignSpec *spec,
                JxTrace             **traces,
                const char * const   *paths,
                guint                 n,
                JxCliAlignRow        *rows,
                GError              **error)
{
  g_autofree char *text = NULL;
  guint ordinal;
  guint32 index;

  if (!split_ordinal ("--marker", spec->marker, &text, &ordinal, error))
    return FALSE;
  index = find_marker (traces[0], text, ordinal);
  if (index == JX_NONE)
    {
      if (ordinal == 1)
        g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                     _("%s: the reference has no marker “%s”"), paths[0], text);
      else
        g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                     _("%s: the reference has fewer than %u markers “%s”"), paths[0], ordinal, text);
      return FALSE;
    }

  for (guint t = 0; t < n; t++)
    {
      JxCliAlignRow *row = &rows[t];
      guint32 at = t == 0 ? index : find_marker (traces[t], text, ordinal);

      *row = (JxCliAlignRow) { t == 0 ? JX_CLI_ALIGN_REFERENCE : JX_CLI_ALIGN_ALIGNED,
                               JX_NONE, JX_NONE, at, ordinal, 0, 0, 0, 0, 0 };
      if (at == JX_NONE)
        {
          row->status = JX_CLI_ALIGN_NO_MARKER;
          continue;
        }
      row->ticks = marker_ticks (traces[t], at, spec->edge);
      row->time_ns = relative_ns (traces[t], row->ticks);
      if (t > 0)
        row->offset_ns = jx_call_profile_offset_for (traces[0], 0, rows[0].ticks, traces[t], row->ticks);
    }
  return TRUE;
}

gboolean
jx_cli_align_compute (const JxCliAlignSpec *spec,
                      JxTrace             **traces,
                      const char * const   *paths,
                      guint                 n_traces,
                      JxCliAlignRow        *rows,
                      guint32              *function,
                      GError              **error)
{
  g_return_val_if_fail (spec != NULL && (spec->at != NULL) != (spec->marker != NULL), FALSE);
  g_return_val_if_fail (traces != NULL && paths != NULL && rows != NULL && n_traces > 0, FALSE);

  if (function != NULL)
    *function = JX_NONE;
  if (spec->at != NULL)
    return compute_at (spec, traces, paths, n_traces, rows, function, error);
  return compute_marker (spec, traces, paths, n_traces, rows, error);
}

/* Output -------------------------------------------------------------------- */

static const char *
status_name (JxCliAlignStatus status)
{
  static const char *names[] = { "reference", "aligned", "no-process", "no-function", "not-called", "no-marker" };

  return names[status];
}

static char *
status_text (JxCliAlignStatus status)
{
  switch (status)
    {
    case JX_CLI_ALIGN_NO_PROCESS:
      return g_strdup (_("no such process: left where it is"));
    case JX_CLI_ALIGN_NO_FUNCTION:
      return g_strdup (_("no such function: left where it is"));
    case JX_CLI_ALIGN_NOT_CALLED:
      return g_strdup (_("the function is never called on that stream: left where it is"));
    case JX_CLI_ALIGN_NO_MARKER:
      return g_strdup (_("no such marker: left where it is"));
    case JX_CLI_ALIGN_REFERENCE:
    case JX_CLI_ALIGN_ALIGNED:
    default:
      return g_strdup ("");
    }
}

static const char *
process_name (JxTrace             *trace,
              const JxCliAlignRow *row)
{
  return row->process != JX_NONE ? jx_trace_get_process (trace, row->process)->name : "";
}

static const char *
stream_name (JxTrace             *trace,
             const JxCliAlignRow *row)
{
  return row->stream != JX_NONE ? jx_trace_get_stream (trace, row->stream)->name : "";
}

/* "process / stream" of the partner by structure, or "no stream". */
static char *
crossed_name (JxTrace             *trace,
              const JxCliAlignRow *row)
{
  const JxStream *s;

  if (row->crossed_stream == JX_NONE)
    return g_strdup (_("no stream"));
  s = jx_trace_get_stream (trace, row->crossed_stream);
  return g_strdup_printf ("%s / %s", jx_trace_get_process (trace, s->process)->name, s->name);
}

static gboolean
has_place (const JxCliAlignRow *row)
{
  return row->status == JX_CLI_ALIGN_REFERENCE || row->status == JX_CLI_ALIGN_ALIGNED;
}

static void
print_text (const JxCliAlignSpec *spec,
            JxTrace             **traces,
            const char * const   *paths,
            guint                 n,
            const JxCliAlignRow  *rows,
            const char           *what)
{
  g_autoptr(GString) out = g_string_new (NULL);

  g_string_append_printf (out, spec->at != NULL ? _("Aligned at the %s of “%s”, invocation %u on the reference stream\n")
                                                : _("Aligned at the %s of marker “%s”, number %u with that text\n"),
                          spec->edge == JX_ALIGN_EDGE_END ? _("end") : _("start"), what, rows[0].ordinal);
  for (guint t = 0; t < n; t++)
    {
      const JxCliAlignRow *row = &rows[t];
      g_autofree char *status = status_text (row->status);

      g_string_append_printf (out, "\n%s %s (%s)\n", t == 0 ? _("Reference") : _("Trace"),
                              jx_cli_nonnull (jx_trace_get_name (traces[t])), paths[t]);
      if (row->process != JX_NONE)
        g_string_append_printf (out, "  %-12s %s / %s%s\n", _("Stream:"), process_name (traces[t], row),
                                stream_name (traces[t], row), row->by_structure ? _(" (paired by structure)") : "");
      if (row->crossed)
        {
          g_autofree char *better = crossed_name (traces[t], row);

          g_string_append_printf (out, _("  Caveat:      paired by name, but %s calls far more alike functions; "
                                         "--pairing structure (or auto) aligns there\n"), better);
        }
      if (!has_place (row))
        {
          g_string_append_printf (out, "  %s\n", status);
          continue;
        }
      {
        g_autofree char *time = jx_time_format (row->time_ns, 9);
        g_autofree char *offset = jx_time_format (row->offset_ns, 9);

        if (spec->at != NULL)
          g_string_append_printf (out, _("  %-12s #%u of the function on the stream (index %u), at %s (%" PRIu64 " ticks)\n"),
                                  _("Invocation:"), row->ordinal, row->index, time, row->ticks);
        else
          g_string_append_printf (out, _("  %-12s #%u with the text (index %u), at %s (%" PRIu64 " ticks)\n"),
                                  _("Marker:"), row->ordinal, row->index, time, row->ticks);
        if (spec->at != NULL && t > 0)
          {
            g_autofree char *looked = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u candidate looked at",
                                                                    "%u candidates looked at", row->n_candidates),
                                                       row->n_candidates);

            if (row->error == 0)
              g_string_append_printf (out, _("  %-12s 0, an exact match (%s)\n"), _("Error:"), looked);
            else
              g_string_append_printf (out, _("  %-12s %" PRIu64 ", the lowest found (%s)\n"),
                                      _("Error:"), row->error, looked);
          }
        g_string_append_printf (out, "  %-12s %s (%" G_GINT64_FORMAT " ns)\n", _("Offset:"), offset, row->offset_ns);
      }
    }
  fputs (out->str, stdout);
}

static void
print_json (const JxCliAlignSpec *spec,
            JxTrace             **traces,
            const char * const   *paths,
            guint                 n,
            const JxCliAlignRow  *rows,
            const char           *what)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (b);
  jx_cli_json_add_string (b, "mode", spec->at != NULL ? "function" : "marker");
  jx_cli_json_add_string (b, spec->at != NULL ? "function" : "marker", what);
  jx_cli_json_add_int (b, "ordinal", rows[0].ordinal);
  jx_cli_json_add_string (b, "edge", spec->edge == JX_ALIGN_EDGE_END ? "end" : "start");
  json_builder_set_member_name (b, "traces");
  json_builder_begin_array (b);
  for (guint t = 0; t < n; t++)
    {
      const JxCliAlignRow *row = &rows[t];

      json_builder_begin_object (b);
      jx_cli_json_add_string (b, "path", paths[t]);
      jx_cli_json_add_string (b, "name", jx_cli_nonnull (jx_trace_get_name (traces[t])));
      jx_cli_json_add_string (b, "status", status_name (row->status));
      if (row->process != JX_NONE)
        {
          jx_cli_json_add_string (b, "process", process_name (traces[t], row));
          jx_cli_json_add_string (b, "stream", stream_name (traces[t], row));
          if (t > 0 && spec->at != NULL)
            jx_cli_json_add_string (b, "pairing", row->by_structure ? "structure" : "name");
        }
      if (row->crossed)
        {
          g_autofree char *better = crossed_name (traces[t], row);
          jx_cli_json_add_string (b, "by_structure_partner", better);
        }
      if (has_place (row))
        {
          jx_cli_json_add_int (b, spec->at != NULL ? "invocation" : "marker_index", row->index);
          jx_cli_json_add_int (b, "ordinal", row->ordinal);
          jx_cli_json_add_int (b, "time_ticks", (gint64) row->ticks);
          jx_cli_json_add_int (b, "time_ns", row->time_ns);
          if (spec->at != NULL && t > 0)
            {
              jx_cli_json_add_int (b, "profile_error", (gint64) row->error);
              jx_cli_json_add_boolean (b, "exact", row->error == 0);
              jx_cli_json_add_int (b, "candidates", row->n_candidates);
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
print_csv (const JxCliAlignSpec *spec,
           JxTrace             **traces,
           const char * const   *paths,
           guint                 n,
           const JxCliAlignRow  *rows)
{
  g_autoptr(GString) out = g_string_new ("path,name,status,process,stream,index,ordinal,time_ticks,time_ns,profile_error,offset_ns,"
                                         "pairing,by_structure_partner\n");

  for (guint t = 0; t < n; t++)
    {
      const JxCliAlignRow *row = &rows[t];
      gboolean placed = has_place (row);

      jx_cli_csv_append_field (out, paths[t]);
      g_string_append_c (out, ',');
      jx_cli_csv_append_field (out, jx_cli_nonnull (jx_trace_get_name (traces[t])));
      g_string_append_printf (out, ",%s,", status_name (row->status));
      jx_cli_csv_append_field (out, process_name (traces[t], row));
      g_string_append_c (out, ',');
      jx_cli_csv_append_field (out, stream_name (traces[t], row));
      if (placed)
        g_string_append_printf (out, ",%u,%u,%" G_GUINT64_FORMAT ",%" G_GINT64_FORMAT ",", row->index,
                                row->ordinal, row->ticks, row->time_ns);
      else
        g_string_append (out, ",,,,,");
      if (placed && spec->at != NULL && t > 0)
        g_string_append_printf (out, "%" G_GUINT64_FORMAT, row->error);
      g_string_append_printf (out, ",%" G_GINT64_FORMAT ",%s,", row->offset_ns,
                              t == 0 || spec->at == NULL || row->process == JX_NONE ? ""
                              : row->by_structure ? "structure" : "name");
      if (row->crossed)
        {
          g_autofree char *better = crossed_name (traces[t], row);
          jx_cli_csv_append_field (out, better);
        }
      g_string_append_c (out, '\n');
    }
  fputs (out->str, stdout);
}

int
jx_cli_align (int    argc,
              char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) traces = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree JxCliAlignRow *rows = NULL;
  g_autofree char *at = NULL;
  g_autofree char *marker = NULL;
  g_autofree char *process = NULL;
  g_autofree char *stream = NULL;
  g_autofree char *what = NULL;
  g_autofree char *pairing = NULL;
  g_autofree char *range = NULL;
  gboolean end = FALSE, json = FALSE, csv = FALSE;
  JxCliScores scores;
  JxScoring scoring;
  JxCliAlignSpec spec;
  g_auto(JxCliTraces) opened = { 0 };
  guint32 function;
  guint n;
  const GOptionEntry entries[] = {
    { "at", 0, 0, G_OPTION_ARG_STRING, &at, N_("Align at the N-th invocation (default 1) of FUNCTION on the reference stream"), N_("FUNCTION[#N]") },
    { "marker", 0, 0, G_OPTION_ARG_STRING, &marker, N_("Align at the N-th marker (default 1) with this text in each trace"), N_("TEXT[#N]") },
    { "range", 0, 0, G_OPTION_ARG_STRING, &range, N_("Find where the reference stream’s calls from START to END (after the reference’s start; ms without a unit) fit best in each other trace, and align there"), N_("START:END") },
    { "process", 'p', 0, G_OPTION_ARG_STRING, &process, N_("With --at or --range: the reference process (default: the first that calls FUNCTION, or has calls in the range)"), N_("NAME") },
    { "stream", 0, 0, G_OPTION_ARG_STRING, &stream, N_("With --at or --range: the reference stream (thread or accelerator stream) by name"), N_("NAME") },
    { "end", 0, 0, G_OPTION_ARG_NONE, &end, N_("Align the ends instead of the starts"), NULL },
    { "pairing", 0, 0, G_OPTION_ARG_STRING, &pairing, JX_CLI_PAIRING_HELP, N_("name|structure|auto") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("JSON output"), NULL },
    { "csv", 0, 0, G_OPTION_ARG_NONE, &csv, N_("CSV output (RFC 4180)"), NULL },
    { NULL }
  };

  context = jx_cli_option_context_new (_("REF OTHER…"),
                                       _("Align traces with the first one (REF), as the window's \"Align All Traces\n"
                                         "Here\" does: at a function by call-invocation profile (--at) or at a\n"
                                         "marker (--marker). Each other trace's process and stream are found by\n"
                                         "name (else the closest name; --pairing structure: by what the stream\n"
                                         "calls, auto (default) where that is clearly better), then the invocation of FUNCTION whose\n"
                                         "counts of the functions on its call stack match the reference's best.\n"
                                         "Prints per trace the stream, the chosen invocation or marker, the\n"
                                         "profile error and the offset that puts it at the reference's time.\n"
                                         "--range START:END finds a phase instead: the reference stream's calls\n"
                                         "in that time range are placed where they fit best among the calls under\n"
                                         "the same call path in each other trace's partner stream (semi-global\n"
                                         "alignment: a run with more iterations or an extra warm-up still has its\n"
                                         "iterations 10-14 found at its own iterations 10-14), with the score,\n"
                                         "the places that fit as well and the offset that aligns the first equal\n"
                                         "calls."),
                                       entries);
  jx_cli_traces_init (&opened, "align");
  jx_cli_add_trace_options (context, &opened);
  jx_cli_scores_add_options (context, &scores);
  if (!jx_cli_parse_options (context, &argc, &argv))
    return JX_CLI_EXIT_USAGE;
  if (argc < 3)
    return jx_cli_usage_error (argv[0], "%s", _("expected a reference trace and at least one other trace"));
  if ((at != NULL) + (marker != NULL) + (range != NULL) != 1)
    return jx_cli_usage_error (argv[0], "%s", _("give one of --at FUNCTION, --marker TEXT or --range START:END"));
  if (marker != NULL && (process != NULL || stream != NULL))
    return jx_cli_usage_error (argv[0], "%s", _("--process and --stream go with --at or --range"));
  if (range != NULL && end)
    return jx_cli_usage_error (argv[0], "%s", _("--end aligns the ends of a function’s or marker’s invocations; --range "
                                                 "aligns its first equal calls"));
  if (range == NULL && jx_cli_scores_given (&scores))
    return jx_cli_usage_error (argv[0], "%s", _("--match, --mismatch and --gap set the scores of --range’s alignment; "
                                                 "--at and --marker do not align sequences"));
  if (!jx_cli_scores_get (&scores, &scoring, &error))
    return jx_cli_usage_error (argv[0], "%s", error->message);
  if (json && csv)
    return jx_cli_usage_error (argv[0], "%s", _("--json and --csv exclude each other"));
  if (!jx_cli_pairing_parse (pairing, &spec.pairing))
    return jx_cli_pairing_usage_error (argv[0], pairing);
  if (pairing != NULL && marker != NULL)
    return jx_cli_usage_error (argv[0], "%s", _("--pairing finds the stream for --at; markers are not paired"));

  n = (guint) argc - 1;
  opened.json = json;
  for (guint i = 0; i < n; i++)
    {
      JxTrace *trace = NULL;
      int status = jx_cli_open_trace (&opened, argv[i + 1], argv[i + 1], &trace);

      if (status != JX_CLI_EXIT_OK)
        return status;
      g_ptr_array_add (traces, trace);
    }

  if (range != NULL)
    {
      JxPairingMode mode = JX_PAIRING_AUTO;

      jx_cli_pairing_parse (pairing, &mode);
      return jx_cli_align_range (argv[0], range, process, stream, mode, &scoring, (JxTrace **) traces->pdata,
                                 (const char * const *) argv + 1, n, json, csv);
    }
  spec = (JxCliAlignSpec) { at, marker, process, stream, end ? JX_ALIGN_EDGE_END : JX_ALIGN_EDGE_START,
                            JX_PAIRING_AUTO };
  jx_cli_pairing_parse (pairing, &spec.pairing);
  rows = g_new0 (JxCliAlignRow, n);
  if (!jx_cli_align_compute (&spec, (JxTrace **) traces->pdata, (const char * const *) argv + 1, n, rows,
                             &function, &error))
    {
      if (g_error_matches (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE))
        return jx_cli_usage_error (argv[0], "%s", error->message);
      return jx_cli_input_error (argv[0], NULL, error);
    }

  if (function != JX_NONE)
    what = g_strdup (jx_trace_get_region (g_ptr_array_index (traces, 0), function)->name);
  else
    {
      guint ordinal;

      split_ordinal ("--marker", marker, &what, &ordinal, NULL);
    }

  if (json)
    print_json (&spec, (JxTrace **) traces->pdata, (const char * const *) argv + 1, n, rows, what);
  else if (csv)
    print_csv (&spec, (JxTrace **) traces->pdata, (const char * const *) argv + 1, n, rows);
  else
    print_text (&spec, (JxTrace **) traces->pdata, (const char * const *) argv + 1, n, rows, what);
  return JX_CLI_EXIT_OK;
}
