/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-trace-private.h — what the session does to its items. */
#pragma once

#include "jx-session-job.h"
#include "jx-session-trace.h"

G_BEGIN_DECLS

struct _JxSessionTrace
{
  GObject              parent_instance;

  char                *path;
  char                *base_name;     /* its own name: from the path, then the trace's */
  char                *name;          /* base_name, told apart from the session's others */
  JxSessionTraceState  state;
  double               fraction;
  GError              *error;
  JxTrace             *trace;
  GCancellable        *load_cancellable;
  /* Cleared when the item leaves its session: a load that ends afterwards
   * is dropped, and no new computation starts. */
  gboolean             attached;

  gint64               offset;
  /* Offset when the running drag began; valid while dragging. */
  gint64               drag_origin;
  gboolean             dragging;

  guint                color_slot;
  guint32              picked_color;
  gboolean             reference;

  JxTimelineSummary   *summary;
  JxSessionJob         summary_job;

  /* Folding and SOS time (jx-session-trace-results.c): the session's
   * inputs, and what is computed from them. */
  JxFoldGrouping       grouping;
  JxFoldOp             fold_op;
  char               **fold_custom;
  char                *sos_function;
  JxStreamGroups      *groups;
  JxTimelineFold      *fold;
  JxSessionJob         fold_job;
  JxImbalance         *imbalance;
  char                *imbalance_error;
  JxSessionJob         imbalance_job;

  /* Comparison with the reference (jx-session-comparison.c). */
  JxSessionJob         comparison_job;
  JxTrace             *compared_with;       /* the reference trace of the run / result */
  JxComparison        *comparison;
  const JxComparisonPair **pairs_by_stream; /* this trace's streams -> published pair */
  const JxComparisonPair **pairs_by_reference_stream;
  guint8              *partnered;           /* this trace's streams with a partner */
  guint8              *partnered_reference; /* the reference's streams with a partner */
  guint                n_streams;
  guint                n_reference_streams;
  guint                comparison_pairs;
  JxSessionComparisonState comparison_state;
  double               comparison_fraction;
  double               comparison_estimate;
  GError              *comparison_error;

  /* Clock of the loaded trace. */
  guint64              start_ticks;
  guint64              resolution;
  gint64               duration_ns;
};

JxSessionTrace *_jx_session_trace_new           (const char     *path,
                                                 guint           color_slot);
/* Starts loading `path` in a thread. */
void            _jx_session_trace_load          (JxSessionTrace *self);
/* Takes an already loaded trace. */
void            _jx_session_trace_set_loaded    (JxSessionTrace *self,
                                                 JxTrace        *trace);
void            _jx_session_trace_cancel_load   (JxSessionTrace *self);
/* The item left its session: cancels its load and computations. */
void            _jx_session_trace_detach        (JxSessionTrace *self);
void            _jx_session_trace_set_offset    (JxSessionTrace *self,
                                                 gint64          offset);
void            _jx_session_trace_set_reference (JxSessionTrace *self,
                                                 gboolean        reference);
/* After items came, went or were renamed: gives every item of the session
 * (JxSessionTrace*, in order) a name no other one has
 * (jx_trace_names_disambiguate: "run (a)", "run (b)"). */
void            _jx_session_trace_update_names  (GPtrArray      *items);
/* Notifies one of the item's comparison properties (see the enum in
 * jx-session-trace.c, exposed for jx-session-comparison.c). */
void            _jx_session_trace_notify_comparison (JxSessionTrace *self,
                                                     const char     *property);

/* jx-session-trace-results.c. Notifies a property of the item. */
void            _jx_session_trace_notify        (JxSessionTrace *self,
                                                 const char     *property);
/* What the session asks of folds and SOS time; recomputes what changed. */
void            _jx_session_trace_set_fold_inputs (JxSessionTrace     *self,
                                                   JxFoldGrouping      grouping,
                                                   const char * const *custom,
                                                   JxFoldOp            op);
void            _jx_session_trace_set_sos_function (JxSessionTrace    *self,
                                                    const char        *function);
/* The trace loaded: groups at once, the imbalance in a thread. */
void            _jx_session_trace_results_loaded  (JxSessionTrace    *self);
/* The summary arrived: the folds' pyramids in a thread. */
void            _jx_session_trace_results_summary (JxSessionTrace    *self);
/* Cancels the jobs and drops the results (the item left its session). */
void            _jx_session_trace_results_clear   (JxSessionTrace    *self,
                                                   gboolean           notify);

G_END_DECLS
