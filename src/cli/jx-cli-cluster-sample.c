/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-cluster-sample.c — `juxtrace-cli cluster --sample TRACE`: the
 * clusters of a trace's processes from a sample that fits in memory, as
 * the window's Trace Too Large dialog offers them (jx-cluster-sample.h),
 * with the --processes options that load one representative of each. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-cli.h"
#include "jx-cli-cluster-private.h"
#include "jx-cli-common.h"
#include "jx-cluster-sample.h"

static const char *
process_name (JxTraceOutline *outline,
              guint32         position)
{
  return jx_trace_outline_get_process (outline, position)->name;
}

static void
print_text (const char      *path,
            JxTraceOutline  *outline,
            JxClusterSample *sample,
            guint            members)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GString) load = g_string_new (NULL);
  g_autofree char *window = jx_cluster_sample_describe (sample);
  guint n = jx_cluster_sample_get_n_clusters (sample);

  g_autofree char *calls = g_strdup_printf ("%" G_GUINT64_FORMAT, jx_cluster_sample_get_n_invocations (sample));

  g_string_append_printf (out, _("Trace:     %s\n"), path);
  /* Translators: "the first thread of each of 32 processes in the first 63 ms of 488 ms (1200 calls)". */
  g_string_append_printf (out, _("Sample:    the first thread of each of %u processes in %s (%s calls)\n"),
                          jx_trace_outline_get_n_processes (outline), window, calls);
  g_string_append_printf (out, _("Clusters:  %u\n\n"), n);
  for (guint c = 0; c < n; c++)
    {
      const JxSampleCluster *cluster = jx_cluster_sample_get_cluster (sample, c);
      g_autofree const char **names = g_new0 (const char *, cluster->size);
      g_autoptr(GPtrArray) runs = NULL;
      guint shown;

      for (guint32 m = 0; m < cluster->size; m++)
        names[m] = process_name (outline, cluster->members[m]);
      runs = jx_cli_name_runs (NULL, names, NULL, cluster->size);
      if (cluster->empty)
        g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%3u. %u process without calls in the sample\n",
                                                  "%3u. %u processes without calls in the sample\n", cluster->size),
                                c + 1, cluster->size);
      else
        {
          g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%3u. %u process, representative %s\n",
                                                    "%3u. %u processes, representative %s\n", cluster->size),
                                  c + 1, cluster->size, process_name (outline, cluster->representative));
          g_string_append_printf (load, " --processes '%s'", process_name (outline, cluster->representative));
        }
      shown = members == 0 ? runs->len : MIN (members, runs->len);
      g_string_append (out, "     ");
      for (guint r = 0; r < shown; r++)
        g_string_append_printf (out, "%s%s", r > 0 ? ", " : "", (const char *) g_ptr_array_index (runs, r));
      if (shown < runs->len)
        g_string_append_printf (out, _(", … (%u more)"), runs->len - shown);
      g_string_append_c (out, '\n');
    }
  if (load->len > 0)
    g_string_append_printf (out, _("\nOne representative of each cluster:%s\n"), load->str);
  g_print ("%s", out->str);
}

static void
print_json (const char      *path,
            JxTraceOutline  *outline,
            JxClusterSample *sample)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  gint64 end = jx_cluster_sample_get_window_end (sample);

  json_builder_begin_object (b);
  jx_cli_json_add_string (b, "path", path);
  jx_cli_json_add_int (b, "processes", jx_trace_outline_get_n_processes (outline));
  json_builder_set_member_name (b, "sample_window_end_ns");
  if (end == JX_WINDOW_OPEN_END)
    json_builder_add_null_value (b);
  else
    json_builder_add_int_value (b, end);
  jx_cli_json_add_int (b, "sample_calls", (gint64) jx_cluster_sample_get_n_invocations (sample));
  json_builder_set_member_name (b, "clusters");
  json_builder_begin_array (b);
  for (guint c = 0; c < jx_cluster_sample_get_n_clusters (sample); c++)
    {
      const JxSampleCluster *cluster = jx_cluster_sample_get_cluster (sample, c);

      json_builder_begin_object (b);
      jx_cli_json_add_int (b, "cluster", c + 1);
      jx_cli_json_add_int (b, "size", cluster->size);
      jx_cli_json_add_boolean (b, "no_calls", cluster->empty);
      jx_cli_json_add_string (b, "representative", process_name (outline, cluster->representative));
      jx_cli_json_add_int (b, "representative_position", cluster->representative);
      json_builder_set_member_name (b, "members");
      json_builder_begin_array (b);
      for (guint32 m = 0; m < cluster->size; m++)
        json_builder_add_string_value (b, process_name (outline, cluster->members[m]));
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  jx_cli_print_json (root);
}

/* One row per process. */
static void
print_csv (JxTraceOutline  *outline,
           JxClusterSample *sample)
{
  g_autoptr(GString) out = g_string_new ("cluster,size,no_calls,representative,position,process,is_representative\n");

  for (guint c = 0; c < jx_cluster_sample_get_n_clusters (sample); c++)
    {
      const JxSampleCluster *cluster = jx_cluster_sample_get_cluster (sample, c);

      for (guint32 m = 0; m < cluster->size; m++)
        {
          g_string_append_printf (out, "%u,%u,%s,", c + 1, cluster->size, cluster->empty ? "true" : "false");
          jx_cli_csv_append_field (out, process_name (outline, cluster->representative));
          g_string_append_printf (out, ",%u,", cluster->members[m]);
          jx_cli_csv_append_field (out, process_name (outline, cluster->members[m]));
          g_string_append_printf (out, ",%s\n", cluster->members[m] == cluster->representative ? "true" : "false");
        }
    }
  g_print ("%s", out->str);
}

int
jx_cli_cluster_sample_run (const char *subcommand,
                           const char *path,
                           const char *budget_text,
                           guint       members,
                           gboolean    json,
                           gboolean    csv)
{
  g_autoptr(JxTraceOutline) outline = NULL;
  g_autoptr(JxClusterSample) sample = NULL;
  g_autoptr(GError) error = NULL;
  guint64 budget;

  if (budget_text != NULL)
    {
      if (!jx_memory_size_parse (budget_text, &budget))
        return jx_cli_usage_error (subcommand, _("bad --memory-budget “%s”: give a size such as 2G, 512M, 1.5GiB or unlimited"),
                                   budget_text);
    }
  else
    {
      budget = jx_memory_budget_get_default (NULL, &error);
      if (error != NULL)
        return jx_cli_usage_error (subcommand, "%s", error->message);
    }

  outline = jx_trace_outline_read (path, &error);
  if (outline == NULL)
    return jx_cli_input_error (subcommand, path, error);
  sample = jx_cluster_sample_new (outline, budget, NULL, &error);
  if (sample == NULL)
    return jx_cli_input_error (subcommand, path, error);

  if (json)
    print_json (path, outline, sample);
  else if (csv)
    print_csv (outline, sample);
  else
    print_text (path, outline, sample, members);
  return JX_CLI_EXIT_OK;
}
