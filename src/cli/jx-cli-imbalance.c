/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-imbalance.c — `juxtrace-cli imbalance`: the runtime imbalance of
 * each trace by SOS time (src/analysis/jx-imbalance.h): the dominant
 * function and the next candidates, per process the SOS-time statistics,
 * and the segments furthest above the median of their index. */
#include "config.h"

#include <stdio.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "jx-cli.h"
#include "jx-cli-common.h"
#include "jx-cli-imbalance-private.h"
#include "jx-imbalance.h"
#include "jx-time.h"

#define DEFAULT_TOP 10

static char *
ns_text (JxTrace *trace,
         gint64   ticks)
{
  return jx_time_format (jx_trace_ticks_to_ns (trace, ticks), 3);
}

static char *
seconds (JxTrace *trace,
         gint64   ticks)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  /* Locale independent, for CSV and JSON. */
  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.9f", jx_trace_ticks_to_seconds (trace, ticks)));
}

static const char *
segment_where (JxImbalance     *imbalance,
               const JxSegment *seg,
               char           **buffer)
{
  guint32 process;
  guint n_streams;
  const char *stream = jx_imbalance_get_stream_name (imbalance, seg->stream, &process, &n_streams);
  const char *name = jx_imbalance_get_process_name (imbalance, process);

  *buffer = n_streams > 1 ? g_strdup_printf ("%s / %s", name, stream) : g_strdup (name);
  return *buffer;
}

/* The stream of a segment and the name of its process. */
static const char *
segment_stream (JxImbalance     *imbalance,
                const JxSegment *seg,
                const char     **process)
{
  guint32 p;
  guint n_streams;
  const char *stream = jx_imbalance_get_stream_name (imbalance, seg->stream, &p, &n_streams);

  *process = jx_imbalance_get_process_name (imbalance, p);
  return stream;
}

/* A table's header: the first column left-aligned, the others right. */
static void
append_header (GString           *out,
               const char * const *labels,
               const guint        *widths,
               guint               n)
{
  g_string_append (out, "  ");
  for (guint i = 0; i < n; i++)
    jx_cli_append_padded (out, labels[i], widths[i], i > 0);
  g_string_append_c (out, '\n');
}

static void
print_text (JxImbalance *imbalance,
            guint        top,
            const char  *note)
{
  JxTrace *trace = jx_imbalance_get_trace (imbalance);
  g_autoptr(GString) out = g_string_new (NULL);
  const JxRegion *function = jx_trace_get_region (trace, jx_imbalance_get_function (imbalance));
  guint n_processes = MIN (top, jx_imbalance_get_n_processes (imbalance));
  guint n_segments = MIN (top, jx_imbalance_get_n_segments (imbalance));
  guint n_streams = jx_imbalance_get_n_segmented_streams (imbalance);
  guint64 lo = 0, hi = 0;
  g_autofree char *lo_text = NULL;
  g_autofree char *hi_text = NULL;

  jx_imbalance_get_sos_range (imbalance, &lo, &hi);
  lo_text = ns_text (trace, (gint64) lo);
  hi_text = ns_text (trace, (gint64) hi);
  g_string_append_printf (out, _("Imbalance of %s\n\n"), jx_trace_get_path (trace));
  g_string_append_printf (out, _("Segments:  %u invocations of %s (SOS time %s to %s)\n"),
                          jx_imbalance_get_n_segments (imbalance), function->name, lo_text, hi_text);
  if (note != NULL)
    g_string_append_printf (out, _("Note: %s.\n"), note);
  g_string_append_c (out, '\n');

  g_string_append (out, _("Candidates (called at least twice as often as there are processes and more than once on a stream, most inclusive time first; "
                          "pick one with --function):\n"));
  for (guint i = 0; i < jx_imbalance_get_n_candidates (imbalance); i++)
    {
      const JxImbalanceCandidate *c = jx_imbalance_get_candidate (imbalance, i);
      g_autofree char *inclusive = ns_text (trace, (gint64) c->inclusive);
      g_autofree char *calls = g_strdup_printf ("%" G_GUINT64_FORMAT, c->count);

      g_string_append (out, c->region == jx_imbalance_get_function (imbalance) ? "  * " : "    ");
      jx_cli_append_padded (out, jx_trace_get_region (trace, c->region)->name, 44, FALSE);
      jx_cli_append_padded (out, calls, 10, TRUE);
      jx_cli_append_padded (out, inclusive, 12, TRUE);
      g_string_append_c (out, '\n');
    }

  if (n_processes == 1 && jx_imbalance_get_n_processes (imbalance) == 1)
    {
      const JxProcessImbalance *p = jx_imbalance_get_process (imbalance, 0);

      /* One process has nothing to be imbalanced against: what its
       * segments compare is its own streams (threads), listed below. */
      g_string_append_printf (out, _("\nProcesses: only %s has segments, so there is no other process for it to be imbalanced against; "
                                "the segments below compare its streams (threads) with each other.\n"),
                              jx_imbalance_get_process_name (imbalance, p->process));
      n_processes = 0;
    }
  else
    g_string_append (out, _("\nProcesses by SOS time above the median of their segments’ index:\n"));
  if (n_processes > 0)
  {
    const char *labels[] = { _("Process"), _("Segments"), _("Inclusive"), _("Sync"), _("SOS"), _("SOS min"),
                             _("median"), _("max"), _("Excess") };
    const guint widths[] = { 24, 9, 12, 12, 12, 12, 12, 12, 12 };

    append_header (out, labels, widths, G_N_ELEMENTS (labels));
  }
  for (guint i = 0; i < n_processes; i++)
    {
      const JxProcessImbalance *p = jx_imbalance_get_process (imbalance, i);
      g_autofree char *segments = g_strdup_printf ("%u", p->n_segments);
      gint64 values[7] = { (gint64) p->inclusive, (gint64) p->sync, (gint64) p->sos, (gint64) p->sos_min,
                           (gint64) p->sos_median, (gint64) p->sos_max, p->excess };

      g_string_append (out, "  ");
      jx_cli_append_padded (out, jx_imbalance_get_process_name (imbalance, p->process), 24, FALSE);
      jx_cli_append_padded (out, segments, 9, TRUE);
      for (guint k = 0; k < G_N_ELEMENTS (values); k++)
        {
          g_autofree char *text = ns_text (trace, values[k]);

          jx_cli_append_padded (out, text, 12, TRUE);
        }
      g_string_append_c (out, '\n');
    }

  if (n_streams < 2)
    {
      g_string_append (out, _("\nSegments: only one stream has segments, so there is nothing for them to be imbalanced against.\n"));
      n_segments = 0;
    }
  else
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                              "\nSegments furthest above the median SOS time of their index on the %u streams:\n",
                                              "\nSegments furthest above the median SOS time of their index on the %u streams:\n",
                                              n_streams),
                            n_streams);
  if (n_segments > 0)
  {
    const char *labels[] = { _("Stream"), _("Index"), _("Start"), _("Inclusive"), _("Sync"), _("SOS"), _("Above") };
    const guint widths[] = { 32, 7, 14, 12, 12, 12, 12 };

    append_header (out, labels, widths, G_N_ELEMENTS (labels));
  }
  for (guint i = 0; i < n_segments; i++)
    {
      const JxSegment *seg = jx_imbalance_get_ranked_segment (imbalance, i);
      g_autofree char *where = NULL;
      g_autofree char *index = g_strdup_printf ("%u", seg->index);
      g_autofree char *start = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) (seg->start -
                                                                                     jx_imbalance_get_start_time (imbalance))), 6);
      gint64 values[4] = { (gint64) (seg->end - seg->start), (gint64) seg->sync, (gint64) seg->sos, seg->distance };

      g_string_append (out, "  ");
      jx_cli_append_padded (out, segment_where (imbalance, seg, &where), 32, FALSE);
      jx_cli_append_padded (out, index, 7, TRUE);
      jx_cli_append_padded (out, start, 14, TRUE);
      for (guint k = 0; k < G_N_ELEMENTS (values); k++)
        {
          g_autofree char *text = ns_text (trace, values[k]);

          jx_cli_append_padded (out, text, 12, TRUE);
        }
      g_string_append_c (out, '\n');
    }
  fputs (out->str, stdout);
}

static void
json_trace (JsonBuilder *builder,
            JxImbalance *imbalance,
            JsonNode    *report,
            guint        top,
            gboolean     common,
            const char  *note)
{
  JxTrace *trace = jx_imbalance_get_trace (imbalance);
  guint64 lo = 0, hi = 0;

  jx_imbalance_get_sos_range (imbalance, &lo, &hi);
  json_builder_begin_object (builder);
  jx_cli_json_add_string (builder, "path", jx_cli_nonnull (jx_trace_get_path (trace)));
  jx_cli_json_add_string (builder, "name", jx_cli_nonnull (jx_trace_get_name (trace)));
  jx_cli_json_add_int (builder, "timer_resolution", (gint64) jx_trace_get_timer_resolution (trace));
  jx_cli_json_add_string (builder, "function",
                          jx_trace_get_region (trace, jx_imbalance_get_function (imbalance))->name);
  /* common: segmented by the function of every trace ("function" at the top). */
  jx_cli_json_add_boolean (builder, "common", common);
  json_builder_set_member_name (builder, "note");
  if (note != NULL)
    json_builder_add_string_value (builder, note);
  else
    json_builder_add_null_value (builder);
  jx_cli_json_add_int (builder, "n_segments", jx_imbalance_get_n_segments (imbalance));
  /* What is ranked against what: "processes", "streams" (one process: its
   * threads against each other), or null (one stream: nothing to be
   * imbalanced against). */
  json_builder_set_member_name (builder, "imbalance_between");
  if (jx_imbalance_get_ranked_kind (imbalance) != NULL)
    json_builder_add_string_value (builder, jx_imbalance_get_ranked_kind (imbalance));
  else
    json_builder_add_null_value (builder);
  jx_cli_json_add_int (builder, "n_processes", jx_imbalance_get_n_processes (imbalance));
  jx_cli_json_add_int (builder, "n_streams", jx_imbalance_get_n_segmented_streams (imbalance));
  jx_cli_json_add_double (builder, "sos_min_seconds", jx_trace_ticks_to_seconds (trace, (gint64) lo));
  jx_cli_json_add_double (builder, "sos_max_seconds", jx_trace_ticks_to_seconds (trace, (gint64) hi));
  jx_cli_json_add_load_report_node (builder, report, trace);

  json_builder_set_member_name (builder, "candidates");
  json_builder_begin_array (builder);
  for (guint i = 0; i < jx_imbalance_get_n_candidates (imbalance); i++)
    {
      const JxImbalanceCandidate *c = jx_imbalance_get_candidate (imbalance, i);

      json_builder_begin_object (builder);
      jx_cli_json_add_string (builder, "function", jx_trace_get_region (trace, c->region)->name);
      jx_cli_json_add_int (builder, "count", (gint64) c->count);
      jx_cli_json_add_double (builder, "inclusive_seconds", jx_trace_ticks_to_seconds (trace, (gint64) c->inclusive));
      jx_cli_json_add_int (builder, "inclusive_ticks", (gint64) c->inclusive);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "processes");
  json_builder_begin_array (builder);
  for (guint i = 0; i < MIN (top, jx_imbalance_get_n_processes (imbalance)); i++)
    {
      const JxProcessImbalance *p = jx_imbalance_get_process (imbalance, i);

      json_builder_begin_object (builder);
      jx_cli_json_add_int (builder, "rank", i + 1);
      jx_cli_json_add_string (builder, "process", jx_imbalance_get_process_name (imbalance, p->process));
      jx_cli_json_add_int (builder, "segments", p->n_segments);
      jx_cli_json_add_double (builder, "inclusive_seconds", jx_trace_ticks_to_seconds (trace, (gint64) p->inclusive));
      jx_cli_json_add_double (builder, "sync_seconds", jx_trace_ticks_to_seconds (trace, (gint64) p->sync));
      jx_cli_json_add_double (builder, "sos_seconds", jx_trace_ticks_to_seconds (trace, (gint64) p->sos));
      jx_cli_json_add_double (builder, "sos_min_seconds", jx_trace_ticks_to_seconds (trace, (gint64) p->sos_min));
      jx_cli_json_add_double (builder, "sos_median_seconds", jx_trace_ticks_to_seconds (trace, (gint64) p->sos_median));
      jx_cli_json_add_double (builder, "sos_max_seconds", jx_trace_ticks_to_seconds (trace, (gint64) p->sos_max));
      jx_cli_json_add_double (builder, "excess_seconds", jx_trace_ticks_to_seconds (trace, p->excess));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "segments");
  json_builder_begin_array (builder);
  for (guint i = 0; i < MIN (top, jx_imbalance_get_n_segments (imbalance)); i++)
    {
      const JxSegment *seg = jx_imbalance_get_ranked_segment (imbalance, i);
      const char *process, *stream = segment_stream (imbalance, seg, &process);

      json_builder_begin_object (builder);
      jx_cli_json_add_int (builder, "rank", i + 1);
      jx_cli_json_add_string (builder, "process", process);
      jx_cli_json_add_string (builder, "stream", stream);
      jx_cli_json_add_int (builder, "index", seg->index);
      jx_cli_json_add_double (builder, "start_seconds",
                              jx_trace_ticks_to_seconds (trace, (gint64) (seg->start - jx_imbalance_get_start_time (imbalance))));
      jx_cli_json_add_double (builder, "inclusive_seconds", jx_trace_ticks_to_seconds (trace, (gint64) (seg->end - seg->start)));
      jx_cli_json_add_double (builder, "sync_seconds", jx_trace_ticks_to_seconds (trace, (gint64) seg->sync));
      jx_cli_json_add_double (builder, "sos_seconds", jx_trace_ticks_to_seconds (trace, (gint64) seg->sos));
      jx_cli_json_add_double (builder, "above_median_seconds", jx_trace_ticks_to_seconds (trace, seg->distance));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

/* One table for all traces: a row per candidate, process and segment, told
 * apart by `kind`; empty fields where a column does not apply. */
static void
csv_rows (GString     *out,
          JxImbalance *imbalance,
          guint        top,
          gboolean     common_function)
{
  const char *common = common_function ? "true" : "false";

  JxTrace *trace = jx_imbalance_get_trace (imbalance);
  const char *path = jx_cli_nonnull (jx_trace_get_path (trace));
  const char *function = jx_trace_get_region (trace, jx_imbalance_get_function (imbalance))->name;

  for (guint i = 0; i < jx_imbalance_get_n_candidates (imbalance); i++)
    {
      const JxImbalanceCandidate *c = jx_imbalance_get_candidate (imbalance, i);
      g_autofree char *inclusive = seconds (trace, (gint64) c->inclusive);

      jx_cli_csv_append_field (out, path);
      g_string_append_printf (out, ",candidate,%u,", i + 1);
      jx_cli_csv_append_field (out, jx_trace_get_region (trace, c->region)->name);
      g_string_append_printf (out, ",,,,%" G_GUINT64_FORMAT ",%s,,,,,,,,,%s\r\n", c->count, inclusive, common);
    }
  for (guint i = 0; i < MIN (top, jx_imbalance_get_n_processes (imbalance)); i++)
    {
      const JxProcessImbalance *p = jx_imbalance_get_process (imbalance, i);
      g_autofree char *inclusive = seconds (trace, (gint64) p->inclusive);
      g_autofree char *sync = seconds (trace, (gint64) p->sync);
      g_autofree char *sos = seconds (trace, (gint64) p->sos);
      g_autofree char *lo = seconds (trace, (gint64) p->sos_min);
      g_autofree char *med = seconds (trace, (gint64) p->sos_median);
      g_autofree char *hi = seconds (trace, (gint64) p->sos_max);
      g_autofree char *excess = seconds (trace, p->excess);

      jx_cli_csv_append_field (out, path);
      g_string_append_printf (out, ",process,%u,", i + 1);
      jx_cli_csv_append_field (out, function);
      g_string_append_c (out, ',');
      jx_cli_csv_append_field (out, jx_imbalance_get_process_name (imbalance, p->process));
      g_string_append_printf (out, ",,,%u,%s,%s,%s,%s,%s,%s,%s,,,%s\r\n", p->n_segments, inclusive, sync, sos, lo, med,
                              hi, excess, common);
    }
  for (guint i = 0; i < MIN (top, jx_imbalance_get_n_segments (imbalance)); i++)
    {
      const JxSegment *seg = jx_imbalance_get_ranked_segment (imbalance, i);
      const char *process, *stream = segment_stream (imbalance, seg, &process);
      g_autofree char *start = seconds (trace, (gint64) (seg->start - jx_imbalance_get_start_time (imbalance)));
      g_autofree char *inclusive = seconds (trace, (gint64) (seg->end - seg->start));
      g_autofree char *sync = seconds (trace, (gint64) seg->sync);
      g_autofree char *sos = seconds (trace, (gint64) seg->sos);
      g_autofree char *above = seconds (trace, seg->distance);

      jx_cli_csv_append_field (out, path);
      g_string_append_printf (out, ",segment,%u,", i + 1);
      jx_cli_csv_append_field (out, function);
      g_string_append_c (out, ',');
      jx_cli_csv_append_field (out, process);
      g_string_append_c (out, ',');
      jx_cli_csv_append_field (out, stream);
      g_string_append_printf (out, ",%u,1,%s,%s,%s,,,,,%s,%s,%s\r\n", seg->index, inclusive, sync, sos, above, start, common);
    }
}

void
jx_cli_imbalance_result_clear (JxCliImbalanceResult *result)
{
  g_clear_pointer (&result->set, jx_imbalance_set_free);
  g_clear_pointer (&result->reports, g_ptr_array_unref);
}

/* juxtrace-cli: the whole traces in this process. */
static int
compute_local (const JxCliImbalanceRequest *request,
               JxCliImbalanceResult        *result,
               gpointer                     data)
{
  g_autoptr(GPtrArray) loaded = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;

  (void) data;
  for (guint i = 0; i < request->n_traces; i++)
    {
      JxTrace *trace = NULL;
      int status = jx_cli_open_trace (request->traces, request->paths[i], request->paths[i], &trace);

      if (status != JX_CLI_EXIT_OK)
        return status;
      g_ptr_array_add (loaded, trace);
    }
  /* One segmenting function for all traces: --function, else the first
   * trace's dominant one (jx_imbalance_set_compute). */
  result->set = jx_imbalance_set_compute ((JxTrace * const *) loaded->pdata, loaded->len, request->function, NULL,
                                          &error);
  if (result->set == NULL)
    return jx_cli_input_error (request->command, request->paths[0], error);
  return JX_CLI_EXIT_OK;
}

int
jx_cli_imbalance (int    argc,
                  char **argv)
{
  return jx_cli_imbalance_with (argc, argv, compute_local, NULL);
}

int
jx_cli_imbalance_with (int                    argc,
                       char                 **argv,
                       JxCliImbalanceCompute  compute,
                       gpointer               compute_data)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) jx_imbalance_unref);
  g_auto(JxCliImbalanceResult) result = { 0 };
  JxCliImbalanceRequest request;
  JxImbalanceSet *set;
  g_autofree char *function = NULL;
  int status;
  g_auto(JxCliTraces) traces = { 0 };
  gboolean json = FALSE, csv = FALSE;
  gint top = DEFAULT_TOP;
  const GOptionEntry entries[] = {
    { "function", 'F', 0, G_OPTION_ARG_STRING, &function, N_("Segment every trace by this function instead of the first trace’s dominant one"), N_("NAME") },
    { "top", 'n', 0, G_OPTION_ARG_INT, &top, N_("List this many processes and segments (default 10)"), N_("N") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Write JSON"), NULL },
    { "csv", 0, 0, G_OPTION_ARG_NONE, &csv, N_("Write CSV (RFC 4180), one row per candidate, process and segment"), NULL },
    { NULL }
  };

  context = jx_cli_option_context_new (_("TRACE…"),
                                       _("Find the processes and iterations that run longer than the others. The\n"
                                         "dominant function (most inclusive time among those called at least twice as\n"
                                         "often as there are processes) cuts each stream into segments; a segment’s SOS time is its\n"
                                         "time minus the synchronization inside (MPI waits, receives, barriers and\n"
                                         "collectives, OpenMP barriers, locks and taskwaits, accelerator\n"
                                         "synchronization). Processes and segments are ranked by how far their SOS\n"
                                         "time lies above the median of the same segment index.\n"
                                         "Several traces are segmented by one function, the first trace’s dominant\n"
                                         "one, so that their SOS times compare; a trace that does not call it often\n"
                                         "enough is segmented by its own dominant function and says so."),
                                       entries);
  jx_cli_traces_init (&traces, "imbalance");
  jx_cli_add_trace_options (context, &traces);
  if (!jx_cli_parse_options (context, &argc, &argv))
    return JX_CLI_EXIT_USAGE;
  traces.json = json;
  if (argc < 2)
    return jx_cli_usage_error (argv[0], "%s", _("expected at least one trace"));
  if (json && csv)
    return jx_cli_usage_error (argv[0], "%s", _("--json and --csv exclude each other"));
  if (top < 1)
    return jx_cli_usage_error (argv[0], _("bad --top %d: give 1 or more"), top);

  request.command = argv[0];
  request.traces = &traces;
  request.paths = argv + 1;
  request.n_traces = (guint) argc - 1;
  request.function = function;
  status = compute (&request, &result, compute_data);
  if (status != JX_CLI_EXIT_OK || result.quiet)
    return status;
  set = result.set;
  for (guint i = 0; i < request.n_traces; i++)
    {
      JxImbalance *imbalance = jx_imbalance_set_get (set, i);

      if (imbalance == NULL)
        {
          g_autoptr(GError) none = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                                                        jx_imbalance_set_get_note (set, i));

          return jx_cli_input_error (argv[0], argv[i + 1], none);
        }
      g_ptr_array_add (results, jx_imbalance_ref (imbalance));
    }

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (builder);
      /* The function every trace is segmented by (null: the first trace
       * has none); a trace segmented otherwise says so in its note. */
      json_builder_set_member_name (builder, "function");
      if (jx_imbalance_set_get_function (set) != NULL)
        json_builder_add_string_value (builder, jx_imbalance_set_get_function (set));
      else
        json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "traces");
      json_builder_begin_array (builder);
      for (guint i = 0; i < results->len; i++)
        json_trace (builder, g_ptr_array_index (results, i),
                    result.reports != NULL ? g_ptr_array_index (result.reports, i) : NULL, (guint) top, jx_imbalance_set_is_common (set, i),
                    jx_imbalance_set_get_note (set, i));
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      jx_cli_print_json (root);
    }
  else if (csv)
    {
      g_autoptr(GString) out = g_string_new (NULL);

      /* Column names are a stable interface for scripts: not translated. */
      g_string_append (out, "trace,kind,rank,function,process,stream,index,count,inclusive_seconds,sync_seconds,"
                            "sos_seconds,sos_min_seconds,sos_median_seconds,sos_max_seconds,excess_seconds,"
                            "above_median_seconds,start_seconds,common_function\r\n");
      for (guint i = 0; i < results->len; i++)
        csv_rows (out, g_ptr_array_index (results, i), (guint) top, jx_imbalance_set_is_common (set, i));
      fputs (out->str, stdout);
    }
  else
    for (guint i = 0; i < results->len; i++)
      {
        if (i > 0)
          fputs ("\n", stdout);
        print_text (g_ptr_array_index (results, i), (guint) top, jx_imbalance_set_get_note (set, i));
      }
  return JX_CLI_EXIT_OK;
}
