/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-fold.c — see jx-cli-fold.h. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli-fold.h"
#include "jx-cluster.h"

void
jx_cli_fold_init (JxCliFold *fold)
{
  memset (fold, 0, sizeof *fold);
  fold->grouping = JX_FOLD_GROUPING_THREADS;
  fold->op = JX_FOLD_MAX;
  fold->folds = g_ptr_array_new_with_free_func ((GDestroyNotify) jx_timeline_fold_unref);
}

void
jx_cli_fold_clear (JxCliFold *fold)
{
  g_clear_pointer (&fold->folds, g_ptr_array_unref);
  g_clear_pointer (&fold->set, jx_imbalance_set_free);
}

gboolean
jx_cli_fold_parse (JxCliFold          *fold,
                   const char * const *names,
                   const char         *op,
                   gboolean            sos,
                   char              **message)
{
  const char *host = NULL;

  fold->sos = sos;
  if (op != NULL && !jx_fold_op_from_string (op, &fold->op))
    {
      *message = g_strdup_printf (_("unknown --fold-op “%s” (use max, min, diff or idle)"), op);
      return FALSE;
    }
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (names[i], ",", -1);

      for (guint k = 0; parts[k] != NULL; k++)
        {
          const char *name = g_strstrip (parts[k]);
          JxFoldGrouping grouping = JX_FOLD_GROUPING_THREADS;
          guint kind;

          if (g_str_equal (name, "device"))
            {
              fold->kinds |= 1u << JX_STREAM_GROUP_DEVICE;
              fold->fold = TRUE;
              continue;
            }
          if (g_str_equal (name, "threads"))
            kind = JX_STREAM_GROUP_PROCESS;
          else if (g_str_equal (name, "process"))
            {
              grouping = JX_FOLD_GROUPING_PROCESSES;
              kind = JX_STREAM_GROUP_ALL;
            }
          else if (g_str_equal (name, "node"))
            {
              grouping = JX_FOLD_GROUPING_NODES;
              kind = JX_STREAM_GROUP_NODE;
            }
          else if (g_str_equal (name, "cluster"))
            {
              grouping = JX_FOLD_GROUPING_CLUSTERS;
              kind = JX_STREAM_GROUP_CLUSTER;
            }
          else
            {
              *message = g_strdup_printf (_("unknown --fold “%s” (use threads, process, node, cluster or device)"),
                                          name);
              return FALSE;
            }
          if (host != NULL && !g_str_equal (host, name))
            {
              *message = g_strdup_printf (_("--fold %s and --fold %s exclude each other (device goes with either)"),
                                          host, name);
              return FALSE;
            }
          /* The grouping, not the whole argument ("threads,device"). */
          host = grouping == JX_FOLD_GROUPING_PROCESSES ? "process"
                 : grouping == JX_FOLD_GROUPING_NODES ? "node"
                 : grouping == JX_FOLD_GROUPING_CLUSTERS ? "cluster" : "threads";
          fold->grouping = grouping;
          fold->kinds |= 1u << kind;
          fold->fold = TRUE;
        }
    }
  if (op != NULL && !fold->fold)
    {
      *message = g_strdup (_("--fold-op needs --fold"));
      return FALSE;
    }
  return TRUE;
}

/* Each stream's cluster. */
static guint32 *
cluster_of_lane (JxClustering *clustering,
                 guint         lane,
                 JxTrace      *trace)
{
  JxSignatureSet *set = jx_clustering_get_signatures (clustering);
  guint n = jx_trace_get_n_streams (trace);
  guint32 *out = g_new (guint32, MAX (n, 1));

  for (guint32 s = 0; s < n; s++)
    out[s] = jx_clustering_get_cluster_of (clustering, jx_signature_set_index (set, lane, s));
  return out;
}

gboolean
jx_cli_fold_prepare (JxCliFold         *fold,
                     JxComparisonLane  *lanes,
                     guint              n_lanes,
                     GError           **error)
{
  g_autoptr(JxClustering) clustering = NULL;

  /* --fold cluster: the structural clusters of all lanes together, as the
   * window's Processes tab and `cluster` make them. */
  if (fold->fold && fold->grouping == JX_FOLD_GROUPING_CLUSTERS && n_lanes > 0)
    {
      g_autofree JxTrace **traces = g_new (JxTrace *, n_lanes);

      for (guint l = 0; l < n_lanes; l++)
        traces[l] = lanes[l].trace;
      clustering = jx_clustering_new_for_traces (traces, n_lanes, NULL, NULL, error);
      if (clustering == NULL)
        return FALSE;
    }
  for (guint l = 0; l < n_lanes; l++)
    if (fold->fold && lanes[l].summary != NULL)
      {
        g_autofree guint32 *cluster_of = clustering != NULL ? cluster_of_lane (clustering, l, lanes[l].trace) : NULL;
        g_autoptr(JxStreamGroups) groups = jx_stream_groups_new_full (lanes[l].trace, fold->grouping, NULL, cluster_of);
        JxTimelineFold *built = jx_timeline_fold_build (lanes[l].summary, groups, fold->op, NULL, error);

        if (built == NULL)
          return FALSE;
        g_ptr_array_add (fold->folds, built);
        lanes[l].fold = built;
      }

  if (fold->sos && n_lanes > 0)
    {
      g_autofree JxTrace **traces = g_new (JxTrace *, n_lanes);

      /* One segmenting function for every lane, the first trace's dominant
       * one, so that one colour on the shared scale is one unit of work. */
      for (guint l = 0; l < n_lanes; l++)
        traces[l] = lanes[l].trace;
      fold->set = jx_imbalance_set_compute (traces, n_lanes, NULL, NULL, error);
      if (fold->set == NULL)
        return FALSE;
      for (guint l = 0; l < n_lanes; l++)
        {
          JxImbalance *imbalance = jx_imbalance_set_get (fold->set, l);
          const char *note = jx_imbalance_set_get_note (fold->set, l);

          lanes[l].imbalance = imbalance;
          /* As in the window: a trace that cannot be segmented is drawn
           * without the overlay, the others keep theirs. */
          if (imbalance == NULL)
            g_printerr (_("juxtrace-cli render: %s; it is drawn without the SOS overlay\n"), note);
          else if (note != NULL)
            g_printerr (_("juxtrace-cli render: %s\n"), note);
        }
    }
  return TRUE;
}
