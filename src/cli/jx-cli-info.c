/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-info.c — `info`: the options and the JSON document of a trace,
 * from which every output is printed (jx-cli-info-text.c). */
#include "config.h"

#include <stdio.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "jx-cli.h"
#include "jx-cli-common.h"
#include "jx-cli-info-private.h"
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

guint
jx_cli_info_get_stream_flags (JsonObject *stream)
{
  JsonArray *names = json_object_get_array_member (stream, "flags");
  guint flags = 0;

  for (guint i = 0; names != NULL && i < json_array_get_length (names); i++)
    for (guint f = 0; f < G_N_ELEMENTS (stream_flag_names); f++)
      if (g_strcmp0 (json_array_get_string_element (names, i), stream_flag_names[f].name) == 0)
        flags |= stream_flag_names[f].flag;
  return flags;
}

guint
jx_cli_info_stream_flag (const char *name)
{
  for (guint f = 0; f < G_N_ELEMENTS (stream_flag_names); f++)
    if (g_strcmp0 (name, stream_flag_names[f].name) == 0)
      return stream_flag_names[f].flag;
  return 0;
}

void
jx_cli_info_set_stream_flags (JsonObject *stream,
                              guint       flags)
{
  JsonArray *names = json_array_new ();

  for (guint f = 0; f < G_N_ELEMENTS (stream_flag_names); f++)
    if (flags & stream_flag_names[f].flag)
      json_array_add_string_element (names, stream_flag_names[f].name);
  json_object_set_array_member (stream, "flags", names);
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

void
jx_cli_info_add_process (JsonBuilder     *builder,
                         guint            index,
                         const JxProcess *process)
{
  json_builder_begin_object (builder);
  jx_cli_json_add_int (builder, "index", index);
  jx_cli_json_add_string (builder, "name", jx_cli_nonnull (process->name));
  jx_cli_json_add_int (builder, "rank", process->rank);
  jx_cli_json_add_int (builder, "first_stream", process->first_stream);
  jx_cli_json_add_int (builder, "n_streams", process->n_streams);
  json_builder_end_object (builder);
}

void
jx_cli_info_add_stream (JsonBuilder    *builder,
                        const JxStream *stream)
{
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
  for (guint k = 0; k < JX_N_EVENT_KINDS; k++)
    {
      json_builder_set_member_name (builder, jx_event_kind_to_string (k));
      json_builder_add_int_value (builder, (gint64) stream->event_counts[k]);
    }
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "flags");
  add_stream_flags (builder, stream);
  json_builder_end_object (builder);
}

JsonNode *
jx_cli_info_build_json (JxTrace *trace)
{
  return jx_cli_info_build_json_full (trace, TRUE);
}

JsonNode *
jx_cli_info_build_json_full (JxTrace  *trace,
                             gboolean  lists)
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

  if (lists)
    {
      json_builder_set_member_name (builder, "processes");
      json_builder_begin_array (builder);
      for (i = 0; i < jx_trace_get_n_processes (trace); i++)
        jx_cli_info_add_process (builder, i, jx_trace_get_process (trace, i));
      json_builder_end_array (builder);

      json_builder_set_member_name (builder, "streams");
      json_builder_begin_array (builder);
      for (i = 0; i < jx_trace_get_n_streams (trace); i++)
        jx_cli_info_add_stream (builder, jx_trace_get_stream (trace, i));
      json_builder_end_array (builder);
    }

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

void
jx_cli_info_result_clear (JxCliInfoResult *result)
{
  g_clear_pointer (&result->info, json_node_unref);
  g_clear_object (&result->clock);
}

/* juxtrace-cli: the whole trace. The load report is what info is for:
 * it is printed even when the trace fails (nothing readable, --strict),
 * then the exit status is 1. */
static int
compute_whole (const JxCliInfoRequest *request,
               JxCliInfoResult        *result,
               gpointer                data)
{
  int status = jx_cli_open_trace (request->traces, request->path, request->path, &result->clock);

  (void) data;
  if (status != JX_CLI_EXIT_OK)
    return status;
  result->info = jx_cli_info_build_json (result->clock);
  result->status = request->traces->status;
  return JX_CLI_EXIT_OK;
}

int
jx_cli_info_with (int               argc,
                  char            **argv,
                  JxCliInfoCompute  compute,
                  gpointer          compute_data)
{
  g_autoptr(GOptionContext) context = NULL;
  int status;
  g_auto(JxCliInfoResult) result = { 0 };
  JxCliInfoRequest request = { 0 };
  g_auto(JxCliTraces) traces = { 0 };
  JsonObject *info;
  gboolean json = FALSE, csv = FALSE, metrics = FALSE;
  const GOptionEntry entries[] = {
    { "json", 'j', 0, G_OPTION_ARG_NONE, &json, N_("Print JSON instead of text"), NULL },
    { "metrics", 0, 0, G_OPTION_ARG_NONE, &metrics,
      N_("Print only the metrics (counters): name, unit, mode, samples"), NULL },
    { "csv", 0, 0, G_OPTION_ARG_NONE, &csv, N_("With --metrics: print CSV"), NULL },
    { NULL }
  };

  jx_cli_traces_init (&traces, "info");
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
  if (argc != 2)
    return jx_cli_usage_error (argv[0], "%s", _("expected exactly one TRACE"));
  traces.json = json;

  request.command = argv[0];
  request.traces = &traces;
  request.path = argv[1];
  status = compute (&request, &result, compute_data);
  if (status != JX_CLI_EXIT_OK || result.quiet)
    return status;
  info = json_node_get_object (result.info);

  if (metrics && json)
    {
      g_autoptr(JsonNode) root = json_node_new (JSON_NODE_OBJECT);
      JsonObject *only = json_object_new ();

      json_object_set_member (only, "path", json_node_copy (json_object_get_member (info, "path")));
      json_object_set_member (only, "metrics", json_node_copy (json_object_get_member (info, "metrics")));
      json_object_set_member (only, "metric_caveats", json_node_copy (json_object_get_member (info, "metric_caveats")));
      json_node_take_object (root, only);
      jx_cli_print_json (root);
    }
  else if (metrics)
    {
      g_autoptr(GString) out = g_string_new (NULL);

      if (csv)
        jx_cli_metrics_add_csv (out, info);
      else
        jx_cli_metrics_add_text (out, info);
      fputs (out->str, stdout);
    }
  else if (json)
    jx_cli_print_json (result.info);
  else
    jx_cli_info_print_text (info, result.clock);

  return result.status;
}

int
jx_cli_info (int    argc,
             char **argv)
{
  return jx_cli_info_with (argc, argv, compute_whole, NULL);
}
