/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-metrics.c — the metrics of a trace for `info`. */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include <glib/gi18n-lib.h>

#include "jx-cli-common.h"
#include "jx-cli-metrics.h"
#include "jx-timeline-counter.h"
#include "jx-trace-metrics.h"

void
jx_cli_metrics_add_json (JsonBuilder *builder,
                         JxTrace     *trace)
{
  json_builder_set_member_name (builder, "metrics");
  json_builder_begin_array (builder);
  for (guint m = 0; m < jx_trace_get_n_metrics (trace); m++)
    {
      const JxMetricDef *def = jx_trace_get_metric (trace, m);
      g_autofree char *mode = jx_metric_mode_to_string (def->mode);
      g_autofree char *display_unit = jx_metric_def_display_unit (def);

      json_builder_begin_object (builder);
      jx_cli_json_add_string (builder, "name", def->name);
      jx_cli_json_add_string (builder, "description", def->description);
      jx_cli_json_add_string (builder, "unit", def->unit);
      jx_cli_json_add_string (builder, "display_unit", display_unit);
      jx_cli_json_add_string (builder, "mode", mode);
      jx_cli_json_add_string (builder, "value_type", jx_metric_value_type_to_string (def->value_type));
      jx_cli_json_add_int (builder, "base", def->base == 0 ? 2 : 10);
      jx_cli_json_add_int (builder, "exponent", def->exponent);
      jx_cli_json_add_int (builder, "samples", (gint64) def->n_samples);
      jx_cli_json_add_int (builder, "streams", def->n_streams);
      json_builder_set_member_name (builder, "display_min");
      if (isnan (def->display_min))
        json_builder_add_null_value (builder);
      else
        json_builder_add_double_value (builder, def->display_min);
      json_builder_set_member_name (builder, "display_max");
      if (isnan (def->display_max))
        json_builder_add_null_value (builder);
      else
        json_builder_add_double_value (builder, def->display_max);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "metric_caveats");
  json_builder_begin_object (builder);
  for (guint c = 0; c < JX_N_METRIC_CAVEATS; c++)
    jx_cli_json_add_int (builder, jx_metric_caveat_to_string (c), (gint64) jx_trace_get_metric_caveat (trace, c));
  json_builder_end_object (builder);
}

/* A "display_min" or "display_max" of the document: NaN when null. */
static double
get_bound (JsonObject *metric,
           const char *name)
{
  JsonNode *node = json_object_get_member (metric, name);

  return node == NULL || JSON_NODE_HOLDS_NULL (node) ? NAN : json_node_get_double (node);
}

void
jx_cli_metrics_add_text (GString    *out,
                         JsonObject *info)
{
  JsonArray *metrics = json_object_get_array_member (info, "metrics");
  JsonObject *caveats = json_object_get_object_member (info, "metric_caveats");
  guint n = json_array_get_length (metrics);

  g_string_append_printf (out, "%-18s %u\n", _("Metrics:"), n);
  if (n > 0)
    {
      g_string_append (out, "  ");
      jx_cli_append_padded (out, _("Name"), 20, FALSE);
      g_string_append_c (out, ' ');
      jx_cli_append_padded (out, _("Unit"), 8, FALSE);
      g_string_append_c (out, ' ');
      jx_cli_append_padded (out, _("Mode"), 18, FALSE);
      g_string_append_c (out, ' ');
      jx_cli_append_padded (out, _("Type"), 7, FALSE);
      g_string_append_c (out, ' ');
      jx_cli_append_padded (out, _("Samples"), 10, TRUE);
      g_string_append_c (out, ' ');
      jx_cli_append_padded (out, _("Streams"), 8, TRUE);
      g_string_append (out, "  ");
      g_string_append (out, _("Shown range"));
      g_string_append_c (out, '\n');
    }
  for (guint m = 0; m < n; m++)
    {
      JsonObject *def = json_array_get_object_element (metrics, m);
      const char *unit = json_object_get_string_member (def, "unit");
      const char *display_unit = json_object_get_string_member (def, "display_unit");
      g_autofree char *lo = jx_metric_format_value (get_bound (def, "display_min"), display_unit);
      g_autofree char *hi = jx_metric_format_value (get_bound (def, "display_max"), display_unit);
      g_autofree char *samples = g_strdup_printf ("%" G_GINT64_FORMAT, json_object_get_int_member (def, "samples"));
      g_autofree char *streams = g_strdup_printf ("%" G_GINT64_FORMAT, json_object_get_int_member (def, "streams"));

      g_string_append (out, "  ");
      jx_cli_append_padded (out, json_object_get_string_member (def, "name"), 20, FALSE);
      g_string_append_c (out, ' ');
      jx_cli_append_padded (out, unit[0] != '\0' ? unit : "-", 8, FALSE);
      g_string_append_c (out, ' ');
      jx_cli_append_padded (out, json_object_get_string_member (def, "mode"), 18, FALSE);
      g_string_append_c (out, ' ');
      jx_cli_append_padded (out, json_object_get_string_member (def, "value_type"), 7, FALSE);
      g_string_append_c (out, ' ');
      jx_cli_append_padded (out, samples, 10, TRUE);
      g_string_append_c (out, ' ');
      jx_cli_append_padded (out, streams, 8, TRUE);
      g_string_append_printf (out, "  %s – %s\n", lo, hi);
    }
  for (guint c = 0; c < JX_N_METRIC_CAVEATS; c++)
    {
      gint64 count = json_object_get_int_member_with_default (caveats, jx_metric_caveat_to_string (c), 0);

      if (count > 0)
        g_string_append_printf (out, "  %-22s %8" G_GINT64_FORMAT "  %s\n",
                                jx_metric_caveat_to_string (c), count, jx_metric_caveat_describe (c));
    }
}

void
jx_cli_metrics_add_csv (GString    *out,
                        JsonObject *info)
{
  JsonArray *metrics = json_object_get_array_member (info, "metrics");

  g_string_append (out, "name,unit,display_unit,mode,value_type,samples,streams,display_min,display_max,description\r\n");
  for (guint m = 0; m < json_array_get_length (metrics); m++)
    {
      JsonObject *def = json_array_get_object_element (metrics, m);

      jx_cli_csv_append_field (out, json_object_get_string_member (def, "name"));
      g_string_append_c (out, ',');
      jx_cli_csv_append_field (out, json_object_get_string_member (def, "unit"));
      g_string_append_c (out, ',');
      jx_cli_csv_append_field (out, json_object_get_string_member (def, "display_unit"));
      g_string_append_printf (out, ",%s,%s,%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT,
                              json_object_get_string_member (def, "mode"),
                              json_object_get_string_member (def, "value_type"),
                              json_object_get_int_member (def, "samples"),
                              json_object_get_int_member (def, "streams"));
      jx_cli_csv_append_number (out, get_bound (def, "display_min"));
      jx_cli_csv_append_number (out, get_bound (def, "display_max"));
      g_string_append_c (out, ',');
      jx_cli_csv_append_field (out, json_object_get_string_member (def, "description"));
      g_string_append (out, "\r\n");
    }
}

gboolean
jx_cli_metrics_scale (const JxComparisonLane *lanes,
                      guint                   n_lanes,
                      const char             *name,
                      double                 *min,
                      double                 *max)
{
  g_autofree JxTrace **traces = g_new0 (JxTrace *, MAX (n_lanes, 1));

  for (guint l = 0; l < n_lanes; l++)
    traces[l] = lanes[l].trace;
  return jx_metric_common_scale (traces, n_lanes, name, min, max);
}

void
jx_cli_metrics_print_counter (const JxComparisonLane         *lanes,
                              guint                           n_lanes,
                              const char                     *name,
                              const JxComparisonRenderResult *result)
{
  g_autofree char *unit = NULL;
  g_autofree char *lo = NULL;
  g_autofree char *hi = NULL;
  g_autofree char *line = NULL;
  guint with = 0;

  for (guint l = 0; l < n_lanes; l++)
    {
      guint32 m = jx_trace_find_metric (lanes[l].trace, name);

      if (m == JX_NONE)
        continue;
      with++;
      if (unit == NULL)
        unit = jx_metric_def_display_unit (jx_trace_get_metric (lanes[l].trace, m));
    }
  lo = jx_metric_format_value (result->counter_min, unit);
  hi = jx_metric_format_value (result->counter_max, unit);
  line = g_strdup_printf (_("Counter: %s, %u rows, one scale from %s to %s; recorded in %u of %u traces\n"),
                          name, result->n_counter_rows, lo, hi, with, n_lanes);
  fflush (stdout);
  fputs (line, stdout);
}
