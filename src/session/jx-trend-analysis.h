/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-analysis.h — the scaling study of a session's traces, for the
 * window's Trends page (docs/trend.md; `juxtrace-cli trend` computes the
 * same study from the same objects, src/analysis/jx-trend-study.h).
 *
 * Every loaded trace of the session is one run. Each is reduced once, off
 * the main thread, to its per-function aggregates (jx_trend_run_new); the
 * runs are kept per item, so a new parameter value or target only fits the
 * models again. Parameter values come from the trace (the number of
 * processes, "p"), from its folder name ("n=100", "x1000"), or from the
 * user (jx_trend_analysis_set_value), which overrides both; each study gets
 * copies of the runs with the user's values (jx_trend_run_copy), so a
 * study computing in a thread never sees a change.
 *
 * It computes only while "active" (the page is shown) and while three or
 * more traces are loaded; any change of its inputs (a trace loaded or
 * removed, a value, the parameter, the target, call paths) starts again and
 * cancels the computation in progress. Failed traces are passed as failed
 * runs, so the study's notes say they were left out.
 *
 * Properties (read-only unless said):
 *   "session"     (JxSession, construct-only)
 *   "active"      (boolean, read-write) compute only while TRUE
 *   "parameter"   (string, read-write) the parameter to model; NULL: the
 *                 study chooses (jx-trend-study.h)
 *   "target"      (double, read-write) predictions at x = target; NAN (read)
 *                 or 0 or less (set): none
 *   "paths"       (boolean, read-write) also rank call paths
 *   "state"       (JxTrendAnalysisState)
 *   "fraction"    (double) progress of the computation, 0 … 1
 *   "study"       (JxTrendStudy) the last study computed; NULL when none
 *   "error"       (string) why the last study failed (translated); NULL
 *   "n-traces"    (uint) the loaded traces
 * Signal "values-changed": a trace's parameter values may read
 * differently (a trace loaded or went, a value was set). */
#pragma once

#include "jx-session.h"
#include "jx-trend-study.h"

G_BEGIN_DECLS

typedef enum
{
  JX_TREND_ANALYSIS_INACTIVE,        /* not active */
  JX_TREND_ANALYSIS_TOO_FEW_TRACES,  /* fewer than JX_TREND_ANALYSIS_MIN_TRACES loaded */
  JX_TREND_ANALYSIS_RUNNING,
  JX_TREND_ANALYSIS_DONE,            /* "study" is the current one */
  JX_TREND_ANALYSIS_FAILED,          /* "error" says why */
  JX_TREND_ANALYSIS_CANCELLED,       /* stopped by jx_trend_analysis_cancel; the next change starts again */
} JxTrendAnalysisState;

#define JX_TREND_ANALYSIS_MIN_TRACES 3

#define JX_TYPE_TREND_ANALYSIS_STATE (jx_trend_analysis_state_get_type ())
GType jx_trend_analysis_state_get_type (void) G_GNUC_CONST;

#define JX_TYPE_TREND_ANALYSIS (jx_trend_analysis_get_type ())
G_DECLARE_FINAL_TYPE (JxTrendAnalysis, jx_trend_analysis, JX, TREND_ANALYSIS, GObject)

JxTrendAnalysis     *jx_trend_analysis_new           (JxSession        *session);
JxSession           *jx_trend_analysis_get_session   (JxTrendAnalysis  *self);

gboolean             jx_trend_analysis_get_active    (JxTrendAnalysis  *self);
void                 jx_trend_analysis_set_active    (JxTrendAnalysis  *self,
                                                      gboolean          active);
const char          *jx_trend_analysis_get_parameter (JxTrendAnalysis  *self);
void                 jx_trend_analysis_set_parameter (JxTrendAnalysis  *self,
                                                      const char       *parameter);
double               jx_trend_analysis_get_target    (JxTrendAnalysis  *self);
void                 jx_trend_analysis_set_target    (JxTrendAnalysis  *self,
                                                      double            target);
gboolean             jx_trend_analysis_get_paths     (JxTrendAnalysis  *self);
void                 jx_trend_analysis_set_paths     (JxTrendAnalysis  *self,
                                                      gboolean          paths);

JxTrendAnalysisState jx_trend_analysis_get_state     (JxTrendAnalysis  *self);
double               jx_trend_analysis_get_fraction  (JxTrendAnalysis  *self);
JxTrendStudy        *jx_trend_analysis_get_study     (JxTrendAnalysis  *self);
const char          *jx_trend_analysis_get_error     (JxTrendAnalysis  *self);
guint                jx_trend_analysis_get_n_traces  (JxTrendAnalysis  *self);

/* Stops the computation in progress (the user's Stop); "study" keeps the
 * last one. Any change of the inputs, or becoming active again, starts
 * again. */
void                 jx_trend_analysis_cancel        (JxTrendAnalysis  *self);

/* The item of run `index` of the current study (its runs are the loaded
 * and the failed traces in the session's order); NULL when out of range
 * or the item has left the session. */
JxSessionTrace      *jx_trend_analysis_get_item      (JxTrendAnalysis  *self,
                                                      guint             index);

/* A trace's value of parameter `name` as the next study will read it: the
 * user's, else its folder name's, else for "p" the trace's number of
 * processes; NAN when it has none. source may be NULL. */
double               jx_trend_analysis_get_value     (JxTrendAnalysis  *self,
                                                      JxSessionTrace   *item,
                                                      const char       *name,
                                                      JxTrendSource    *source);
/* Sets the user's value (positive); NAN removes it. */
void                 jx_trend_analysis_set_value     (JxTrendAnalysis  *self,
                                                      JxSessionTrace   *item,
                                                      const char       *name,
                                                      double            value);
/* The parameter the next study is likely to model, for showing values
 * before it is computed: "parameter" when set, else the current study's,
 * else the one user-given name, else "p". */
const char          *jx_trend_analysis_get_shown_parameter (JxTrendAnalysis *self);

/* Highlights the calls of a series in every timeline: a function, a call
 * path's last function (jx_session_focus_function), "(MPI)" all MPI
 * functions (the search "MPI_"); other groups clear the highlight. */
void                 jx_trend_analysis_highlight     (JxTrendAnalysis     *self,
                                                      const JxTrendSeries *series);

G_END_DECLS
