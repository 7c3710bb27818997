/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-mpi-reduce.c — what the ranks send rank 0 besides their results: the
 * load reports of their shares, merged into the one of the whole trace,
 * and the statistics of JUXTRACE_MPI_STATS. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include <json-glib/json-glib.h>

#include "jx-cli-common.h"
#include "jx-mpi.h"
#include "jx-mpi-reduce.h"

char *
jx_mpi_report_to_string (JxTrace *trace)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonGenerator) generator = json_generator_new ();

  json_builder_begin_object (builder);
  jx_cli_json_add_load_report (builder, trace);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, json_object_get_member (json_node_get_object (root), "load_report"));
  return json_generator_to_data (generator, NULL);
}

/* Members holding numbers are summed, arrays joined; the rest is set by
 * the caller. */
static void
merge_into (JsonObject *into,
            JsonObject *from)
{
  g_autoptr(GList) members = json_object_get_members (into);

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      JsonNode *a = json_object_get_member (into, name);
      JsonNode *b = json_object_get_member (from, name);

      if (b == NULL || JSON_NODE_TYPE (a) != JSON_NODE_TYPE (b))
        continue;
      if (JSON_NODE_HOLDS_VALUE (a) && json_node_get_value_type (a) == G_TYPE_INT64)
        json_node_set_int (a, json_node_get_int (a) + json_node_get_int (b));
      else if (JSON_NODE_HOLDS_OBJECT (a))
        merge_into (json_node_get_object (a), json_node_get_object (b));
      else if (JSON_NODE_HOLDS_ARRAY (a))
        {
          JsonArray *array = json_node_get_array (a);
          JsonArray *more = json_node_get_array (b);

          for (guint i = 0; i < json_array_get_length (more); i++)
            json_array_add_element (array, json_node_copy (json_array_get_element (more, i)));
        }
    }
}

JsonNode *
jx_mpi_report_merge (GPtrArray *texts)
{
  JsonNode *merged = NULL;
  JsonObject *obj, *streams, *defects;
  guint64 counts[JX_N_DEFECTS];
  g_autofree char *summary = NULL;

  for (guint i = 0; i < texts->len; i++)
    {
      g_autoptr(JsonNode) node = json_from_string (g_ptr_array_index (texts, i), NULL);

      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        continue;
      if (merged == NULL)
        merged = g_steal_pointer (&node);
      else
        merge_into (json_node_get_object (merged), json_node_get_object (node));
    }
  if (merged == NULL)
    return NULL;

  /* What the shares are of: the whole trace, no selection. */
  obj = json_node_get_object (merged);
  streams = json_object_get_object_member (obj, "streams");
  defects = json_object_get_object_member (obj, "defects");
  json_object_set_boolean_member (obj, "partial",
                                  streams != NULL
                                  && json_object_get_int_member_with_default (streams, "missing", 0)
                                     + json_object_get_int_member_with_default (streams, "truncated", 0) > 0);
  for (guint k = 0; k < JX_N_DEFECTS; k++)
    counts[k] = defects != NULL
                ? (guint64) json_object_get_int_member_with_default (defects, jx_defect_to_string (k), 0)
                : 0;
  summary = jx_cli_load_summary_from_counts (counts);
  if (summary != NULL)
    json_object_set_string_member (obj, "summary", summary);
  else
    json_object_set_null_member (obj, "summary");
  json_object_set_null_member (obj, "selection");
  return merged;
}

void
jx_mpi_report_caveat (JsonNode   *report,
                      const char *label)
{
  JsonObject *obj;
  const char *summary;
  g_autofree char *files = NULL;

  if (report == NULL || !JSON_NODE_HOLDS_OBJECT (report))
    return;
  obj = json_node_get_object (report);
  summary = json_object_get_string_member_with_default (obj, "summary", NULL);
  files = jx_cli_report_event_files (report, NULL);
  jx_cli_print_caveat (label, NULL, summary,
                       json_object_get_boolean_member_with_default (obj, "partial", FALSE), files);
}

gboolean
jx_mpi_apply_load_checks (JxCliTraces        *traces,
                          GPtrArray          *reports,
                          char * const       *paths,
                          const char * const *labels)
{
  g_assert (jx_mpi.rank == 0);

  for (guint i = 0; i < reports->len; i++)
    {
      JxCliLoadCheck *check = jx_cli_load_check_new_from_report (g_ptr_array_index (reports, i), paths[i]);
      gboolean ok = jx_cli_load_check_apply (traces, check, paths[i], labels != NULL ? labels[i] : paths[i]);

      jx_cli_load_check_free (check);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

double
jx_mpi_peak_memory_mib (void)
{
  struct rusage usage;

  if (getrusage (RUSAGE_SELF, &usage) != 0)
    return 0.0;
  return (double) usage.ru_maxrss / 1024.0;   /* kilobytes on Linux */
}

double
jx_mpi_cpu_seconds (void)
{
  struct rusage usage;

  if (getrusage (RUSAGE_SELF, &usage) != 0)
    return 0.0;
  return (double) usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6
         + (double) usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

void
jx_mpi_stats_print (const char *command,
                    GPtrArray  *stats)
{
  if (g_getenv ("JUXTRACE_MPI_STATS") == NULL || stats == NULL)
    return;
  for (guint r = 0; r < stats->len; r++)
    {
      JxMpiStats copy = { 0 };
      const JxMpiStats *s = &copy;
      gsize size = 0;
      gconstpointer data = g_bytes_get_data (g_ptr_array_index (stats, r), &size);

      memcpy (&copy, data, MIN (size, sizeof copy));

      fprintf (stderr,
               "juxtrace-mpi %s: stats: rank %u: plan %.3f s, load %.3f s, compute %.3f s, "
               "reduce %.3f s, total %.3f s, peak memory %.1f MiB, work %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT
               ", cpu %.3f s\n",
               command, r, s->plan, s->load, s->compute, s->reduce, s->total, s->peak_mib,
               s->work, s->total_work, s->cpu);
    }
}

gboolean
jx_mpi_stats_finish (const char *command,
                     JxMpiStats *stats,
                     double      reduce_start,
                     double      start)
{
  g_autoptr(GByteArray) mine = g_byte_array_new ();
  g_autoptr(GPtrArray) all = NULL;

  stats->reduce = jx_mpi_now () - reduce_start;
  stats->total = jx_mpi_now () - start;
  stats->peak_mib = jx_mpi_peak_memory_mib ();
  jx_pack_bytes (mine, stats, sizeof *stats);
  all = jx_mpi_gather (mine);
  if (jx_mpi.rank != 0)
    return FALSE;
  jx_mpi_stats_print (command, all);
  return TRUE;
}
