/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-fold.h — folded rows and the SOS overlay for `juxtrace-cli render`:
 * what --fold, --fold-op and --sos ask for, and the lanes' folds and
 * imbalance analyses. */
#pragma once

#include "jx-comparison-render.h"

G_BEGIN_DECLS

typedef struct
{
  gboolean        fold;          /* some --fold given */
  JxFoldGrouping  grouping;
  guint           kinds;         /* bits 1 << JxStreamGroupKind drawn folded */
  JxFoldOp        op;
  gboolean        sos;
  GPtrArray      *folds;         /* JxTimelineFold, kept for the lanes */
  JxImbalanceSet *set;          /* --sos: one segmenting function for all lanes */
} JxCliFold;

void     jx_cli_fold_init    (JxCliFold         *fold);
void     jx_cli_fold_clear   (JxCliFold         *fold);
/* --fold values (threads, process, node, cluster, device; several as a list or
 * repeated, of which at most one of threads, process, node and cluster) and
 * --fold-op (max, min, diff, idle; NULL = max). FALSE with a message. */
gboolean jx_cli_fold_parse   (JxCliFold         *fold,
                              const char * const *names,
                              const char        *op,
                              gboolean           sos,
                              char             **message);
/* Builds the folds and imbalances of the lanes (with their summaries) and
 * sets them. With --sos every lane is segmented by the first trace's
 * dominant function (jx_imbalance_set_compute); a trace that lacks it is
 * segmented by its own and named on stderr, a trace that cannot be
 * segmented at all is named on stderr and drawn without the overlay; FALSE
 * with error naming the trace when none can be. */
gboolean jx_cli_fold_prepare (JxCliFold         *fold,
                              JxComparisonLane  *lanes,
                              guint              n_lanes,
                              GError           **error);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (JxCliFold, jx_cli_fold_clear)

G_END_DECLS
