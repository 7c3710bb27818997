/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-fold.c — see jx-cli-fold.h. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli-fold.h"

void
jx_cli_fold_init (JxCliFold *fold)
{
  memset (fold, 0, sizeof *fold);
  fold->grouping = JX_FOLD_GROUPING_THREADS;
  fold->op = JX_FOLD_MAX;
  fold->folds = g_ptr_array_new_with_free_func ((GDestroyNotify) jx_timeline_fold_unref);
  fold->imbalances = g_ptr_array_new_with_free_func ((GDestroyNotify) jx_imbalance_unref);
}

void
jx_cli_fold_clear (JxCliFold *fold)
{
  g_clear_pointer (&fold->folds, g_ptr_array_unref);
  g_clear_pointer (&fold->imbalances, g_ptr_array_unref);
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
          else
            {
              *message = g_strdup_printf (_("unknown --fold “%s” (use threads, process, node or device)"), name);
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
                 : grouping == JX_FOLD_GROUPING_NODES ? "node" : "threads";
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

gboolean
jx_cli_fold_prepare (JxCliFold         *fold,
                     JxComparisonLane  *lanes,
                     guint              n_lanes,
                     GError           **error)
{
  g_autoptr(GError) unsegmented = NULL;
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);

  for (guint l = 0; l < n_lanes; l++)
    {
      if (fold->fold && lanes[l].summary != NULL)
        {
          g_autoptr(JxStreamGroups) groups = jx_stream_groups_new (lanes[l].trace, fold->grouping, NULL);
          JxTimelineFold *built = jx_timeline_fold_build (lanes[l].summary, groups, fold->op, NULL, error);

          if (built == NULL)
            return FALSE;
          g_ptr_array_add (fold->folds, built);
          lanes[l].fold = built;
        }
      if (fold->sos)
        {
          g_autoptr(GError) local_error = NULL;
          JxImbalance *imbalance = jx_imbalance_compute (lanes[l].trace, NULL, NULL, &local_error);

          if (imbalance == NULL && !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
            {
              g_propagate_error (error, g_steal_pointer (&local_error));
              return FALSE;
            }
          if (imbalance == NULL)
            {
              /* As in the window: a trace that cannot be segmented is
               * drawn without the overlay, the others keep theirs. */
              g_ptr_array_add (warnings, g_strdup (local_error->message));
              g_clear_error (&unsegmented);
              unsegmented = g_steal_pointer (&local_error);
              continue;
            }
          g_ptr_array_add (fold->imbalances, imbalance);
          lanes[l].imbalance = imbalance;
        }
    }
  if (fold->sos && fold->imbalances->len == 0 && unsegmented != NULL)
    {
      /* No trace has an overlay: --sos asked for nothing that can be drawn. */
      g_propagate_error (error, g_steal_pointer (&unsegmented));
      return FALSE;
    }
  for (guint i = 0; i < warnings->len; i++)
    g_printerr (_("juxtrace-cli render: %s; it is drawn without the SOS overlay\n"),
                (const char *) g_ptr_array_index (warnings, i));
  return TRUE;
}
