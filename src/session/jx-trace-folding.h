/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-folding.h — what one trace of a session computes for folding
 * and SOS time, by the result pattern of jx-session.h: its stream groups at
 * once (cheap), the fold's pyramids and the imbalance analysis in threads,
 * each a JxSessionJob restarted when its inputs change.
 *
 * Each item owns one (jx_session_trace_get_folding) and shows its
 * properties as its own; the inputs come from the item (its loaded trace
 * and summary) and from the session's fold settings (jx-fold-settings.h).
 *
 * Properties (read-only, notified):
 *   "groups"           the JxStreamGroups of the grouping, made at once
 *                      when the trace or the grouping arrives
 *   "fold"             the JxTimelineFold of those groups and the fold
 *                      operation, built off-thread once the summary is
 *                      there; NULL until then
 *   "imbalance"        the JxImbalance (SOS time) of the SOS function, or
 *                      of the trace's dominant function; NULL before or
 *                      when the trace has none: "imbalance-error" says why
 *   "imbalance-error"  (string)
 * The imbalance's note (jx_trace_folding_get_imbalance_note) says when the
 * trace is not segmented by the common function; it changes with
 * "imbalance". */
#pragma once

#include <gio/gio.h>

#include "jx-imbalance.h"
#include "jx-session-types.h"
#include "jx-timeline-fold.h"
#include "jx-timeline-summary.h"

G_BEGIN_DECLS

#define JX_TYPE_TRACE_FOLDING (jx_trace_folding_get_type ())
G_DECLARE_FINAL_TYPE (JxTraceFolding, jx_trace_folding, JX, TRACE_FOLDING, GObject)

JxTraceFolding *jx_trace_folding_new            (void);

/* The loaded trace: groups at once, the imbalance in a thread. */
void            jx_trace_folding_set_trace      (JxTraceFolding     *self,
                                                 JxTrace            *trace);
/* Its summary arrived: the fold's pyramids in a thread. */
void            jx_trace_folding_set_summary    (JxTraceFolding     *self,
                                                 JxTimelineSummary  *summary);
/* What the session asks for; recomputes only what changed. */
void            jx_trace_folding_set_inputs     (JxTraceFolding     *self,
                                                 JxFoldGrouping      grouping,
                                                 const char * const *custom,
                                                 JxFoldOp            op);
/* Each stream's structural cluster (n entries, the cluster's index or
 * JX_NONE; NULL: none known), for the clusters grouping; copied. */
void            jx_trace_folding_set_clusters   (JxTraceFolding     *self,
                                                 const guint32      *cluster_of,
                                                 guint               n);
void            jx_trace_folding_set_sos_function (JxTraceFolding   *self,
                                                   const char       *function);

/* Without a function named (set_sos_function NULL), which function
 * segments the trace: its own dominant one (the reference, and every trace
 * while there is no reference), none yet (a compared trace while the
 * reference's function is not known), or the reference's `common`
 * (jx_imbalance_compute_common: the trace's own, with a note, when it does
 * not call `common` often enough; common NULL: the reference has none). */
typedef enum
{
  JX_SOS_COMMON_OWN,
  JX_SOS_COMMON_WAIT,
  JX_SOS_COMMON_FUNCTION,
} JxSosCommon;

void            jx_trace_folding_set_sos_common (JxTraceFolding     *self,
                                                 JxSosCommon         mode,
                                                 const char         *common);
/* Cancels the jobs and drops trace, summary and results for good (the item
 * left its session); later inputs compute nothing. */
void            jx_trace_folding_clear          (JxTraceFolding     *self);

JxStreamGroups *jx_trace_folding_get_groups     (JxTraceFolding     *self);
JxTimelineFold *jx_trace_folding_get_fold       (JxTraceFolding     *self);
JxImbalance    *jx_trace_folding_get_imbalance  (JxTraceFolding     *self);
const char     *jx_trace_folding_get_imbalance_error (JxTraceFolding *self);
/* Why the trace is not segmented by the common function (translated),
 * NULL when it is (or a function was named, or it is the reference). */
const char     *jx_trace_folding_get_imbalance_note (JxTraceFolding *self);

G_END_DECLS
