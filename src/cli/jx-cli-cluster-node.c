/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-cluster-node.c — `juxtrace-cli cluster --merged-tree --node
 * PATH`: the calls one node of the merged call tree stands for, one per
 * contributing stream (what a click on the window's icicle highlights;
 * jx-merged-tree-calls.h), as text, JSON or CSV. */
#include "config.h"

#include <stdio.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "jx-cli.h"
#include "jx-cli-cluster-private.h"
#include "jx-merged-tree-calls.h"
#include "jx-time.h"

/* "trace / process / stream" of a stream of the tree. */
static char *
stream_label (JxMergedTree *tree,
              char        **labels,
              guint32       stream)
{
  JxStreamRef ref = jx_merged_tree_get_stream (tree, stream);

  return g_strdup_printf ("%s / %s", labels[ref.trace], jx_merged_tree_get_stream_name (tree, stream));
}

int
jx_cli_cluster_node_print (JxMergedTree *tree,
                           const char   *subcommand,
                           const char   *node_path,
                           JxTrace     **traces,
                           char        **labels,
                           char * const *paths,
                           guint         n_traces,
                           const char   *what,
                           gboolean      json,
                           gboolean      csv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) calls = NULL;
  g_autofree char *path = NULL;
  const JxMergedNodes *nodes = jx_merged_tree_get_nodes (tree);
  guint n_streams = jx_merged_tree_get_n_streams (tree);
  guint32 node;

  node = jx_merged_tree_find_node (tree, node_path, &error);
  if (node == JX_NONE)
    return jx_cli_usage_error (subcommand, "%s", error->message);
  calls = jx_merged_tree_get_node_calls (tree, traces, n_traces, node);
  path = jx_merged_tree_dup_node_path (tree, node);

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "traces");
      json_builder_begin_array (b);
      for (guint i = 0; i < n_traces; i++)
        {
          json_builder_begin_object (b);
          jx_cli_json_add_string (b, "path", paths[i]);
          jx_cli_json_add_string (b, "name", labels[i]);
          jx_cli_json_add_load_report (b, traces[i]);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      jx_cli_json_add_string (b, "merged", what);
      jx_cli_json_add_string (b, "node", path);
      jx_cli_json_add_string (b, "state", jx_merged_state_to_string (nodes->state[node]));
      jx_cli_json_add_int (b, "depth", nodes->depth[node] + 1);
      jx_cli_json_add_int (b, "streams", nodes->n_members[node]);
      jx_cli_json_add_int (b, "total_streams", n_streams);
      json_builder_set_member_name (b, "calls");
      json_builder_begin_array (b);
      for (guint k = 0; k < calls->len; k++)
        {
          const JxMergedCall *call = &g_array_index (calls, JxMergedCall, k);
          g_autofree char *name = stream_label (tree, labels, call->stream);

          json_builder_begin_object (b);
          jx_cli_json_add_int (b, "stream", call->stream);
          jx_cli_json_add_string (b, "name", name);
          jx_cli_json_add_int (b, "invocation", call->invocation);
          jx_cli_json_add_int (b, "start_ns", call->start_ns);
          jx_cli_json_add_int (b, "end_ns", call->end_ns);
          jx_cli_json_add_double (b, "seconds", (double) (call->end_ns - call->start_ns) / JX_NS_PER_SECOND);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "no_call");
      json_builder_begin_array (b);
      for (guint32 s = 0, k = 0; s < n_streams; s++)
        {
          if (k < calls->len && g_array_index (calls, JxMergedCall, k).stream == s)
            {
              k++;
              continue;
            }
          json_builder_add_int_value (b, s);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      jx_cli_print_json (root);
      return JX_CLI_EXIT_OK;
    }

  if (csv)
    {
      g_autoptr(GString) out = g_string_new ("node,stream,invocation,start_ns,end_ns,seconds\n");

      for (guint k = 0; k < calls->len; k++)
        {
          const JxMergedCall *call = &g_array_index (calls, JxMergedCall, k);
          g_autofree char *name = stream_label (tree, labels, call->stream);

          jx_cli_csv_append_field (out, path);
          g_string_append_c (out, ',');
          jx_cli_csv_append_field (out, name);
          g_string_append_printf (out, ",%u,%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT, call->invocation, call->start_ns,
                                  call->end_ns);
          jx_cli_csv_append_number (out, (double) (call->end_ns - call->start_ns) / JX_NS_PER_SECOND);
          g_string_append_c (out, '\n');
        }
      fputs (out->str, stdout);
      return JX_CLI_EXIT_OK;
    }

  {
    g_autoptr(GString) out = g_string_new (NULL);

    for (guint i = 0; i < n_traces; i++)
      g_string_append_printf (out, "%s (%s)\n", labels[i], paths[i]);
    g_string_append_printf (out, _("Merged call tree of %s\n"), what);
    /* TRANSLATORS: "Calls of node “main / loop#3 / c” (gap): 15 of 16 streams call there" */
    g_string_append_printf (out, _("Calls of node “%s” (%s): %u of %u streams call there\n\n"), path,
                            jx_cli_cluster_state_word (nodes->state[node]), nodes->n_members[node], n_streams);
    g_string_append (out, "  ");
    jx_cli_append_padded (out, _("Start"), 14, TRUE);
    jx_cli_append_padded (out, _("End"), 14, TRUE);
    jx_cli_append_padded (out, _("Duration"), 12, TRUE);
    g_string_append_printf (out, "   %s\n", _("Stream"));
    for (guint k = 0; k < calls->len; k++)
      {
        const JxMergedCall *call = &g_array_index (calls, JxMergedCall, k);
        g_autofree char *name = stream_label (tree, labels, call->stream);
        g_autofree char *start = jx_time_format (call->start_ns, 6);
        g_autofree char *end = jx_time_format (call->end_ns, 6);
        g_autofree char *duration = jx_time_format (call->end_ns - call->start_ns, 3);

        g_string_append (out, "  ");
        jx_cli_append_padded (out, start, 14, TRUE);
        jx_cli_append_padded (out, end, 14, TRUE);
        jx_cli_append_padded (out, duration, 12, TRUE);
        g_string_append_printf (out, "   %s\n", name);
      }
    for (guint32 s = 0, k = 0; s < n_streams; s++)
      {
        g_autofree char *name = NULL;

        if (k < calls->len && g_array_index (calls, JxMergedCall, k).stream == s)
          {
            k++;
            continue;
          }
        name = stream_label (tree, labels, s);
        g_string_append_printf (out, _("  no call: %s\n"), name);
      }
    fputs (out->str, stdout);
  }
  return JX_CLI_EXIT_OK;
}
