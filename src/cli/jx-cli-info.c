/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "jx-cli.h"
#include "jx-cli-common.h"
#include "jx-cli-metrics.h"
#include "jx-trace.h"

/* Machine-readable names of the stream flags, for JSON and text alike. */
static const struct
{
  guint       flag;
  const char *name;
} stream_flag_names[] = {
  { JX_STREAM_FLAG_MISSING,   "missing" },
  { JX_STREAM_FLAG_TRUNCATED, "truncated" },
  { JX_STREAM_FLAG_EMPTY,     "empty" },
  { JX_STREAM_FLAG_REPAIRED,  "repaired" },
  { JX_STREAM_FLAG_CLIPPED,   "clipped" },
};

static void
add_stream_flags (JsonBuilder    *builder,
                  const JxStream *stream)
{
  guint i;

  json_builder_begin_array (builder);
  for (i = 0; i < G_N_ELEMENTS (stream_flag_names); i++)
    if (stream->flags & stream_flag_names[i].flag)
      json_builder_add_string_value (builder, stream_flag_names[i].name);
  json_builder_end_array (builder);
}

static char *
stream_flags_text (const JxStream *stream)
{
  g_autoptr(GPtrArray) words = g_ptr_array_new ();
  guint i;

  for (i = 0; i < G_N_ELEMENTS (stream_flag_names); i++)
    if (stream->flags & stream_flag_names[i].flag)
      g_ptr_array_add (words, (gpointer) stream_flag_names[i].name);
  if (words->len == 0)
    return g_strdup ("-");
  g_ptr_array_add (words, NULL);

  return g_strjoinv (",", (char **) words->pdata);
}

static guint
count_markers_of_def (JxTrace *trace,
                      guint    def)
{
  guint n = jx_trace_get_n_markers (trace);
  guint count = 0;
  guint i;

  for (i = 0; i < n; i++)
    if (jx_trace_get_marker (trace, i)->def == def)
      count++;

  return count;
}

static guint64
sum_message_bytes (JxTrace *trace)
{
  guint n = jx_trace_get_n_messages (trace);
  guint64 bytes = 0;
  guint i;

  for (i = 0; i < n; i++)
    bytes += jx_trace_get_message_size (trace, i);

  return bytes;
}

static JsonNode *
build_json (JxTrace *trace)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  guint64 start = jx_trace_get_start_time (trace);
  guint64 end = jx_trace_get_end_time (trace);
  guint64 span = end >= start ? end - start : 0;
  guint i;
  guint k;

  json_builder_begin_object (builder);

  jx_cli_json_add_string (builder, "path", jx_cli_nonnull (jx_trace_get_path (trace)));
  jx_cli_json_add_string (builder, "name", jx_cli_nonnull (jx_trace_get_name (trace)));
  jx_cli_json_add_string (builder, "creator", jx_cli_nonnull (jx_trace_get_creator (trace)));

  json_builder_set_member_name (builder, "clock");
  json_builder_begin_object (builder);
  jx_cli_json_add_int (builder, "timer_resolution", (gint64) jx_trace_get_timer_resolution (trace));
  jx_cli_json_add_int (builder, "global_offset", (gint64) jx_trace_get_global_offset (trace));
  jx_cli_json_add_int (builder, "trace_length", (gint64) jx_trace_get_trace_length (trace));
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "time_span");
  json_builder_begin_object (builder);
  jx_cli_json_add_int (builder, "start_ticks", (gint64) start);
  jx_cli_json_add_int (builder, "end_ticks", (gint64) end);
  jx_cli_json_add_int (builder, "duration_ticks", (gint64) span);
  jx_cli_json_add_double (builder, "duration_seconds", jx_trace_ticks_to_seconds (trace, (gint64) span));
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "processes");
  json_builder_begin_array (builder);
  for (i = 0; i < jx_trace_get_n_processes (trace); i++)
    {
      const JxProcess *process = jx_trace_get_process (trace, i);

      json_builder_begin_object (builder);
      jx_cli_json_add_int (builder, "index", i);
      jx_cli_json_add_string (builder, "name", jx_cli_nonnull (process->name));
      jx_cli_json_add_int (builder, "rank", process->rank);
      jx_cli_json_add_int (builder, "first_stream", process->first_stream);
      jx_cli_json_add_int (builder, "n_streams", process->n_streams);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "streams");
  json_builder_begin_array (builder);
  for (i = 0; i < jx_trace_get_n_streams (trace); i++)
    {
      const JxStream *stream = jx_trace_get_stream (trace, i);

      json_builder_begin_object (builder);
      jx_cli_json_add_int (builder, "index", stream->index);
      jx_cli_json_add_string (builder, "name", jx_cli_nonnull (stream->name));
      jx_cli_json_add_int (builder, "otf2_id", (gint64) stream->otf2_id);
      jx_cli_json_add_int (builder, "process", stream->process);
      jx_cli_json_add_string (builder, "kind", jx_stream_kind_to_string (stream->kind));
      jx_cli_json_add_int (builder, "events", (gint64) stream->n_events);
      jx_cli_json_add_int (builder, "invocations", stream->n_invocations);
      jx_cli_json_add_int (builder, "max_depth", stream->max_depth);
      jx_cli_json_add_int (builder, "first_time", (gint64) stream->first_time);
      jx_cli_json_add_int (builder, "last_time", (gint64) stream->last_time);
      json_builder_set_member_name (builder, "event_counts");
      json_builder_begin_object (builder);
      for (k = 0; k < JX_N_EVENT_KINDS; k++)
        {
          json_builder_set_member_name (builder, jx_event_kind_to_string (k));
          json_builder_add_int_value (builder, (gint64) stream->event_counts[k]);
        }
      json_builder_end_object (builder);
      json_builder_set_member_name (builder, "flags");
      add_stream_flags (builder, stream);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  jx_cli_json_add_int (builder, "regions", jx_trace_get_n_regions (trace));

  json_builder_set_member_name (builder, "events");
  json_builder_begin_object (builder);
  jx_cli_json_add_int (builder, "total", (gint64) jx_trace_get_n_events (trace));
  json_builder_set_member_name (builder, "per_kind");
  json_builder_begin_object (builder);
  for (k = 0; k < JX_N_EVENT_KINDS; k++)
    {
      json_builder_set_member_name (builder, jx_event_kind_to_string (k));
      json_builder_add_int_value (builder, (gint64) jx_trace_get_event_count (trace, k));
    }
  json_builder_end_object (builder);
  json_builder_end_object (builder);

  jx_cli_json_add_int (builder, "invocations", (gint64) jx_trace_get_n_invocations (trace));
  jx_cli_json_add_int (builder, "messages", jx_trace_get_n_messages (trace));
  jx_cli_json_add_int (builder, "message_bytes", (gint64) sum_message_bytes (trace));
  jx_cli_json_add_int (builder, "collectives", jx_trace_get_n_collectives (trace));

  json_builder_set_member_name (builder, "markers");
  json_builder_begin_object (builder);
  jx_cli_json_add_int (builder, "total", jx_trace_get_n_markers (trace));
  json_builder_set_member_name (builder, "definitions");
  json_builder_begin_array (builder);
  for (i = 0; i < jx_trace_get_n_marker_defs (trace); i++)
    {
      const JxMarkerDef *def = jx_trace_get_marker_def (trace, i);

      json_builder_begin_object (builder);
      jx_cli_json_add_string (builder, "group", jx_cli_nonnull (def->group));
      jx_cli_json_add_string (builder, "category", jx_cli_nonnull (def->category));
      jx_cli_json_add_int (builder, "severity", def->severity);
      jx_cli_json_add_int (builder, "count", count_markers_of_def (trace, i));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  jx_cli_metrics_add_json (builder, trace);

  jx_cli_json_add_load_report (builder, trace);

  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

static void
append_stream_row (GString    *out,
                   const char *index,
                   const char *name,
                   const char *kind,
                   const char *events,
                   const char *invocations,
                   const char *flags)
{
  g_string_append (out, "  ");
  jx_cli_append_padded (out, index, 5, TRUE);
  g_string_append (out, "  ");
  jx_cli_append_padded (out, name, 28, FALSE);
  g_string_append_c (out, ' ');
  jx_cli_append_padded (out, kind, 12, FALSE);
  g_string_append_c (out, ' ');
  jx_cli_append_padded (out, events, 12, TRUE);
  g_string_append_c (out, ' ');
  jx_cli_append_padded (out, invocations, 12, TRUE);
  g_string_append (out, "  ");
  g_string_append (out, flags);
  g_string_append_c (out, '\n');
}

static void
print_text (JxTrace *trace)
{
  g_autoptr(GString) out = g_string_new (NULL);
  guint64 start = jx_trace_get_start_time (trace);
  guint64 end = jx_trace_get_end_time (trace);
  guint64 span = end >= start ? end - start : 0;
  g_autofree char *span_text = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) span), 3);
  guint n_defs = jx_trace_get_n_marker_defs (trace);
  guint i;
  guint k;

  g_string_append_printf (out, "%-18s %s\n", _("Trace:"), jx_trace_get_path (trace));
  g_string_append_printf (out, "%-18s %s\n", _("Creator:"), jx_trace_get_creator (trace));
  g_string_append_printf (out, "%-18s %" G_GUINT64_FORMAT " %s\n", _("Timer resolution:"),
                          jx_trace_get_timer_resolution (trace), _("ticks per second"));
  g_string_append_printf (out, "%-18s %" G_GUINT64_FORMAT " – %" G_GUINT64_FORMAT " %s (%" G_GUINT64_FORMAT " %s, %s)\n",
                          _("Time span:"), start, end, _("ticks"), span, _("ticks"), span_text);
  if (jx_trace_get_partial (trace) != NULL)
    g_string_append_printf (out, "%-18s %s\n", _("Loaded in part:"), jx_trace_get_partial (trace)->description);

  g_string_append_printf (out, "\n%-18s %u\n", _("Processes:"), jx_trace_get_n_processes (trace));
  for (i = 0; i < jx_trace_get_n_processes (trace); i++)
    {
      const JxProcess *process = jx_trace_get_process (trace, i);

      g_string_append (out, "  ");
      jx_cli_append_padded (out, process->name, 28, FALSE);
      g_string_append_c (out, ' ');
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u stream", "%u streams", process->n_streams),
                              process->n_streams);
      g_string_append_c (out, '\n');
    }

  g_string_append_printf (out, "\n%-18s %u\n", _("Streams:"), jx_trace_get_n_streams (trace));
  append_stream_row (out, "#", _("Name"), _("Kind"), _("Events"), _("Invocations"), _("Flags"));
  for (i = 0; i < jx_trace_get_n_streams (trace); i++)
    {
      const JxStream *stream = jx_trace_get_stream (trace, i);
      g_autofree char *flags = stream_flags_text (stream);
      g_autofree char *label = NULL;
      g_autofree char *index = NULL;
      g_autofree char *events = NULL;
      g_autofree char *invocations = NULL;

      if (stream->process < jx_trace_get_n_processes (trace))
        label = g_strdup_printf ("%s / %s", jx_trace_get_process (trace, stream->process)->name, stream->name);
      else
        label = g_strdup (stream->name);

      index = g_strdup_printf ("%u", i);
      events = g_strdup_printf ("%" G_GUINT64_FORMAT, stream->n_events);
      invocations = g_strdup_printf ("%u", stream->n_invocations);
      append_stream_row (out, index, label, jx_stream_kind_to_string (stream->kind),
                         events, invocations, flags);
    }

  g_string_append_printf (out, "\n%-18s %u\n", _("Regions:"), jx_trace_get_n_regions (trace));
  g_string_append_printf (out, "%-18s %" G_GUINT64_FORMAT "\n", _("Invocations:"), jx_trace_get_n_invocations (trace));
  g_string_append_printf (out, "%-18s %" G_GUINT64_FORMAT "\n", _("Events:"), jx_trace_get_n_events (trace));
  for (k = 0; k < JX_N_EVENT_KINDS; k++)
    {
      guint64 count = jx_trace_get_event_count (trace, k);

      if (count > 0)
        g_string_append_printf (out, "  %-16s %" G_GUINT64_FORMAT "\n", jx_event_kind_to_string (k), count);
    }
  g_string_append_printf (out, "%-18s %u (%" G_GUINT64_FORMAT " %s)\n", _("Messages:"),
                          jx_trace_get_n_messages (trace), sum_message_bytes (trace), _("bytes"));
  g_string_append_printf (out, "%-18s %u\n", _("Collectives:"), jx_trace_get_n_collectives (trace));

  g_string_append_printf (out, "%-18s %u\n", _("Markers:"), jx_trace_get_n_markers (trace));
  for (i = 0; i < n_defs; i++)
    {
      const JxMarkerDef *def = jx_trace_get_marker_def (trace, i);

      g_string_append_printf (out, "  %s / %s: %u\n", def->group, def->category,
                              count_markers_of_def (trace, i));
    }

  jx_cli_metrics_add_text (out, trace);

  g_string_append_printf (out, "\n%s\n", _("Load report:"));
  if (jx_trace_get_n_defects (trace) == 0)
    {
      g_string_append_printf (out, "  %s\n", _("No defects found."));
    }
  else
    {
      guint n_issues = jx_trace_get_n_load_issues (trace);

      for (k = 0; k < JX_N_DEFECTS; k++)
        {
          guint64 count = jx_trace_get_defect_count (trace, k);

          if (count > 0)
            g_string_append_printf (out, "  %-22s %8" G_GUINT64_FORMAT "  %s\n",
                                    jx_defect_to_string (k), count, jx_defect_describe (k));
        }
      if (n_issues > 0)
        g_string_append_printf (out, "%s\n", _("Issues:"));
      for (i = 0; i < n_issues; i++)
        {
          const JxLoadIssue *issue = jx_trace_get_load_issue (trace, i);

          g_string_append_printf (out, "  [%s] %s\n", jx_defect_to_string (issue->defect),
                                  issue->detail != NULL ? issue->detail : "");
        }
      if ((guint64) n_issues < jx_trace_get_n_defects (trace))
        g_string_append_printf (out, "  %s\n", _("(further issues are counted above but not listed)"));
    }

  fputs (out->str, stdout);
}

int
jx_cli_info (int    argc,
             char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  int status;
  g_autoptr(JxTrace) trace = NULL;
  g_auto(JxCliTraces) traces = { 0 };
  gboolean json = FALSE, csv = FALSE, metrics = FALSE;
  const GOptionEntry entries[] = {
    { "json", 'j', 0, G_OPTION_ARG_NONE, &json, N_("Print JSON instead of text"), NULL },
    { "metrics", 0, 0, G_OPTION_ARG_NONE, &metrics,
      N_("Print only the metrics (counters): name, unit, mode, samples"), NULL },
    { "csv", 0, 0, G_OPTION_ARG_NONE, &csv, N_("With --metrics: print CSV"), NULL },
    { NULL }
  };

  jx_cli_traces_init (&traces, "info");
  /* The load report is what info is for: print it even when the trace
   * fails (nothing readable, --strict), then exit 1. */
  traces.keep_going = TRUE;

  context = jx_cli_option_context_new (_("TRACE"),
                                       _("Print the processes, streams, regions, events per kind, time span,\n"
                                         "markers and load report (repaired defects) of an OTF2 trace.\n"
                                         "TRACE is an anchor file (*.otf2) or a directory holding one."),
                                       entries);
  jx_cli_add_trace_options (context, &traces);

  if (!jx_cli_parse_options (context, &argc, &argv))
    return JX_CLI_EXIT_USAGE;
  if (csv && (json || !metrics))
    return jx_cli_usage_error ("info", "%s", _("--csv needs --metrics and excludes --json"));
  traces.json = json;

  status = jx_cli_open_one_trace (&traces, argc, argv, &trace);
  if (status != JX_CLI_EXIT_OK)
    return status;

  if (metrics)
    {
      g_autoptr(GString) out = g_string_new (NULL);

      if (json)
        {
          g_autoptr(JsonBuilder) builder = json_builder_new ();
          g_autoptr(JsonNode) root = NULL;

          json_builder_begin_object (builder);
          jx_cli_json_add_string (builder, "path", jx_cli_nonnull (jx_trace_get_path (trace)));
          jx_cli_metrics_add_json (builder, trace);
          json_builder_end_object (builder);
          root = json_builder_get_root (builder);
          jx_cli_print_json (root);
        }
      else
        {
          if (csv)
            jx_cli_metrics_add_csv (out, trace);
          else
            jx_cli_metrics_add_text (out, trace);
          fputs (out->str, stdout);
        }
    }
  else if (json)
    {
      g_autoptr(JsonNode) root = build_json (trace);

      jx_cli_print_json (root);
    }
  else
    {
      print_text (trace);
    }

  return traces.status;
}
