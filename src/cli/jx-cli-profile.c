/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "jx-cli.h"
#include "jx-cli-common.h"
#include "jx-cli-profile-private.h"
#include "jx-profile.h"
#include "jx-trace.h"

typedef struct
{
  JxTrace *trace;
} SortContext;

static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  const JxCliProfileRow *ra = a;
  const JxCliProfileRow *rb = b;
  SortContext *ctx = user_data;

  /* Per process first (in rank order), then the most expensive regions, then
   * by name so equal times still give a stable, reproducible order. */
  if (ra->process != rb->process)
    return ra->process < rb->process ? -1 : 1;
  if (ra->exclusive != rb->exclusive)
    return ra->exclusive > rb->exclusive ? -1 : 1;
  if (ra->inclusive != rb->inclusive)
    return ra->inclusive > rb->inclusive ? -1 : 1;

  return g_strcmp0 (jx_trace_get_region (ctx->trace, ra->region)->name,
                    jx_trace_get_region (ctx->trace, rb->region)->name);
}

static void
append_rows (GArray        *rows,
             JxTrace       *trace,
             guint32        process,
             const guint32 *streams,
             guint          n_streams)
{
  g_autofree JxRegionStats *stats = NULL;
  guint n_regions = jx_trace_get_n_regions (trace);
  guint r;

  stats = jx_profile_compute_region_stats (trace, streams, n_streams, 0, G_MAXUINT64);
  if (stats == NULL)
    return;

  for (r = 0; r < n_regions; r++)
    {
      JxCliProfileRow row;

      if (stats[r].count == 0)
        continue;

      row.process = process;
      row.region = r;
      row.count = stats[r].count;
      row.inclusive = stats[r].inclusive;
      row.exclusive = stats[r].exclusive;
      g_array_append_val (rows, row);
    }
}

void
jx_cli_profile_sort_rows (JxTrace *trace,
                          GArray  *rows)
{
  SortContext ctx = { trace };

  g_array_sort_with_data (rows, compare_rows, &ctx);
}

GArray *
jx_cli_profile_compute_rows (JxTrace  *trace,
                             gboolean  per_process)
{
  GArray *rows = g_array_new (FALSE, FALSE, sizeof (JxCliProfileRow));
  guint p;

  if (!per_process)
    {
      append_rows (rows, trace, JX_NONE, NULL, 0);
    }
  else
    {
      for (p = 0; p < jx_trace_get_n_processes (trace); p++)
        {
          const JxProcess *process = jx_trace_get_process (trace, p);
          g_autofree guint32 *streams = g_new (guint32, MAX (process->n_streams, 1));
          guint s;

          if (process->n_streams == 0)
            continue;
          for (s = 0; s < process->n_streams; s++)
            streams[s] = process->first_stream + s;
          append_rows (rows, trace, p, streams, process->n_streams);
        }
    }

  jx_cli_profile_sort_rows (trace, rows);
  return rows;
}

static const char *
process_name (const JxCliProfileResult *r,
              guint32                   process)
{
  if (r->process_names != NULL)
    return process < r->process_names->len ? g_ptr_array_index (r->process_names, process) : "";
  if (process == JX_NONE || process >= jx_trace_get_n_processes (r->trace))
    return "";
  return jx_trace_get_process (r->trace, process)->name;
}

static char *
format_double (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  /* Locale independent, so CSV and JSON consumers always see a '.' */
  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.9f", value));
}

static void
print_json (const JxCliProfileResult *r,
            gboolean                  per_process)
{
  JxTrace *trace = r->trace;
  GArray *rows = r->rows;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  guint i;

  json_builder_begin_object (builder);
  jx_cli_json_add_string (builder, "path", jx_cli_nonnull (jx_trace_get_path (trace)));
  jx_cli_json_add_string (builder, "per", per_process ? "process" : "region");
  jx_cli_json_add_int (builder, "timer_resolution", (gint64) jx_trace_get_timer_resolution (trace));
  jx_cli_json_add_load_report_node (builder, r->report, trace);

  json_builder_set_member_name (builder, "rows");
  json_builder_begin_array (builder);
  for (i = 0; i < rows->len; i++)
    {
      const JxCliProfileRow *row = &g_array_index (rows, JxCliProfileRow, i);
      const JxRegion *region = jx_trace_get_region (trace, row->region);

      json_builder_begin_object (builder);
      if (per_process)
        {
          jx_cli_json_add_string (builder, "process", jx_cli_nonnull (process_name (r, row->process)));
          jx_cli_json_add_int (builder, "process_index", row->process);
        }
      jx_cli_json_add_string (builder, "region", jx_cli_nonnull (region->name));
      jx_cli_json_add_int (builder, "region_index", row->region);
      jx_cli_json_add_string (builder, "paradigm", jx_paradigm_to_string (region->paradigm));
      jx_cli_json_add_string (builder, "category", jx_category_to_string (region->category));
      jx_cli_json_add_int (builder, "count", (gint64) row->count);
      jx_cli_json_add_double (builder, "inclusive_seconds", jx_trace_ticks_to_seconds (trace, (gint64) row->inclusive));
      jx_cli_json_add_double (builder, "exclusive_seconds", jx_trace_ticks_to_seconds (trace, (gint64) row->exclusive));
      jx_cli_json_add_int (builder, "inclusive_ticks", (gint64) row->inclusive);
      jx_cli_json_add_int (builder, "exclusive_ticks", (gint64) row->exclusive);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  jx_cli_print_json (root);
}

static void
print_csv (const JxCliProfileResult *r,
           gboolean                  per_process)
{
  JxTrace *trace = r->trace;
  GArray *rows = r->rows;
  g_autoptr(GString) out = g_string_new (NULL);
  guint i;

  /* Column names are a stable interface for scripts: not translated, and new
   * ones go at the end. Two regions may share a name (a CUDA kernel's host
   * stub and the kernel itself): region_index tells them apart. */
  if (per_process)
    g_string_append (out, "process,");
  g_string_append (out, "region,category,count,inclusive_seconds,exclusive_seconds,inclusive_ticks,exclusive_ticks,"
                        "region_index,paradigm\r\n");

  for (i = 0; i < rows->len; i++)
    {
      const JxCliProfileRow *row = &g_array_index (rows, JxCliProfileRow, i);
      const JxRegion *region = jx_trace_get_region (trace, row->region);
      g_autofree char *inclusive = format_double (jx_trace_ticks_to_seconds (trace, (gint64) row->inclusive));
      g_autofree char *exclusive = format_double (jx_trace_ticks_to_seconds (trace, (gint64) row->exclusive));

      if (per_process)
        {
          jx_cli_csv_append_field (out, process_name (r, row->process));
          g_string_append_c (out, ',');
        }
      jx_cli_csv_append_field (out, region->name);
      g_string_append_c (out, ',');
      jx_cli_csv_append_field (out, jx_category_to_string (region->category));
      g_string_append_printf (out, ",%" G_GUINT64_FORMAT ",%s,%s,%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT ",%u,%s\r\n",
                              row->count, inclusive, exclusive, row->inclusive, row->exclusive,
                              row->region, jx_paradigm_to_string (region->paradigm));
    }

  fputs (out->str, stdout);
}

static void
append_row (GString    *out,
            guint       name_width,
            const char *region,
            const char *category,
            const char *calls,
            const char *inclusive,
            const char *exclusive)
{
  g_string_append (out, "  ");
  jx_cli_append_padded (out, region, name_width, FALSE);
  g_string_append_c (out, ' ');
  jx_cli_append_padded (out, category, 12, FALSE);
  g_string_append_c (out, ' ');
  jx_cli_append_padded (out, calls, 10, TRUE);
  g_string_append_c (out, ' ');
  jx_cli_append_padded (out, inclusive, 14, TRUE);
  g_string_append_c (out, ' ');
  jx_cli_append_padded (out, exclusive, 14, TRUE);
  g_string_append_c (out, '\n');
}

/* The name a text row shows: the region's name, and where another row of
 * the same block has that name too, its paradigm, or its index when that
 * is the same as well ("copy_kernel(…) [cuda]", "main #12"). */
static char *
row_label (JxTrace  *trace,
           GArray   *rows,
           guint     index)
{
  const JxCliProfileRow *row = &g_array_index (rows, JxCliProfileRow, index);
  const JxRegion *region = jx_trace_get_region (trace, row->region);
  gboolean same_name = FALSE, same_paradigm = FALSE;

  for (guint i = 0; i < rows->len; i++)
    {
      const JxCliProfileRow *other = &g_array_index (rows, JxCliProfileRow, i);
      const JxRegion *r = jx_trace_get_region (trace, other->region);

      if (i == index || other->process != row->process || g_strcmp0 (r->name, region->name) != 0)
        continue;
      same_name = TRUE;
      same_paradigm |= r->paradigm == region->paradigm;
    }
  if (!same_name)
    return g_strdup (region->name);
  if (!same_paradigm)
    return g_strdup_printf ("%s [%s]", region->name, jx_paradigm_to_string (region->paradigm));
  return g_strdup_printf ("%s #%u", region->name, row->region);
}

static void
print_text (const JxCliProfileResult *r,
            gboolean                  per_process)
{
  JxTrace *trace = r->trace;
  GArray *rows = r->rows;
  g_autoptr(GString) out = g_string_new (NULL);
  guint32 current = JX_NONE - 1;
  guint name_width = 40;
  guint i;

  g_string_append_printf (out, "%s %s\n", _("Flat profile of"), jx_trace_get_path (trace));

  /* Demangled C++ names are long: widen the column to the longest one, up to
   * a width that still fits a terminal; longer names push their row only. */
  for (i = 0; i < rows->len; i++)
    {
      const JxCliProfileRow *row = &g_array_index (rows, JxCliProfileRow, i);

      name_width = MAX (name_width, (guint) g_utf8_strlen (jx_trace_get_region (trace, row->region)->name, -1));
    }
  name_width = MIN (name_width, 64);

  for (i = 0; i < rows->len; i++)
    {
      const JxCliProfileRow *row = &g_array_index (rows, JxCliProfileRow, i);
      const JxRegion *region = jx_trace_get_region (trace, row->region);
      g_autofree char *inclusive = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) row->inclusive), 3);
      g_autofree char *exclusive = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) row->exclusive), 3);
      g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, row->count);
      g_autofree char *label = row_label (trace, rows, i);

      if (row->process != current)
        {
          current = row->process;
          g_string_append_c (out, '\n');
          if (per_process)
            g_string_append_printf (out, "%s\n", process_name (r, row->process));
          append_row (out, name_width, _("Region"), _("Category"), _("Calls"), _("Inclusive"), _("Exclusive"));
        }

      append_row (out, name_width, label, jx_category_to_string (region->category), count, inclusive, exclusive);
    }

  if (rows->len == 0)
    g_string_append_printf (out, "\n  %s\n", _("No invocations."));

  fputs (out->str, stdout);
}

static int
compute_local (const JxCliProfileRequest *request,
               JxCliProfileResult        *result,
               gpointer                   data)
{
  int status;

  status = jx_cli_open_trace (request->traces, request->path, request->path, &result->trace);
  if (status != JX_CLI_EXIT_OK)
    return status;
  result->rows = jx_cli_profile_compute_rows (result->trace, request->per_process);
  return JX_CLI_EXIT_OK;
}

void
jx_cli_profile_result_clear (JxCliProfileResult *result)
{
  g_clear_object (&result->trace);
  g_clear_pointer (&result->rows, g_array_unref);
  g_clear_pointer (&result->process_names, g_ptr_array_unref);
  g_clear_pointer (&result->report, json_node_unref);
}

int
jx_cli_profile (int    argc,
                char **argv)
{
  return jx_cli_profile_with (argc, argv, compute_local, NULL);
}

int
jx_cli_profile_with (int                  argc,
                     char               **argv,
                     JxCliProfileCompute  compute,
                     gpointer             compute_data)
{
  g_autoptr(GOptionContext) context = NULL;
  int status;
  g_auto(JxCliProfileResult) result = { 0 };
  JxCliProfileRequest request = { 0 };
  g_auto(JxCliTraces) traces = { 0 };
  g_autofree char *per = NULL;
  gboolean json = FALSE;
  gboolean csv = FALSE;
  gboolean per_process;
  const GOptionEntry entries[] = {
    { "per", 'p', 0, G_OPTION_ARG_STRING, &per,
      N_("One row per region summed over all streams (region, the default) or per process and region (process)"),
      "process|region" },
    { "json", 'j', 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { "csv", 'c', 0, G_OPTION_ARG_NONE, &csv, N_("Print CSV (RFC 4180)"), NULL },
    { NULL }
  };

  context = jx_cli_option_context_new (_("TRACE"),
                                       _("Print a flat profile of an OTF2 trace: invocation count, inclusive\n"
                                         "and exclusive time (seconds) per region, summed over all streams\n"
                                         "or per process. TRACE is an anchor file (*.otf2) or a directory holding one.\n"
                                         "CSV rows carry the region's index and paradigm: two regions may share a\n"
                                         "name (a CUDA kernel's host stub and the kernel itself)."),
                                       entries);
  jx_cli_traces_init (&traces, "profile");
  jx_cli_add_trace_options (context, &traces);

  if (!jx_cli_parse_options (context, &argc, &argv))
    return JX_CLI_EXIT_USAGE;
  if (argc != 2)
    return jx_cli_usage_error (argv[0], "%s", _("expected exactly one TRACE"));
  if (json && csv)
    return jx_cli_usage_error (argv[0], "%s", _("--json and --csv cannot be combined"));
  if (per == NULL || strcmp (per, "region") == 0)
    per_process = FALSE;
  else if (strcmp (per, "process") == 0)
    per_process = TRUE;
  else
    return jx_cli_usage_error (argv[0], _("--per must be “process” or “region”, not “%s”"), per);

  traces.json = json;
  request.command = argv[0];
  request.traces = &traces;
  request.path = argv[1];
  request.per_process = per_process;
  status = compute (&request, &result, compute_data);
  if (status != JX_CLI_EXIT_OK || result.quiet)
    return status;

  if (json)
    print_json (&result, per_process);
  else if (csv)
    print_csv (&result, per_process);
  else
    print_text (&result, per_process);

  return JX_CLI_EXIT_OK;
}
