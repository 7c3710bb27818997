/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-study.h — a scaling study: N runs of one program at different
 * values of a parameter (process count, input size, …), each function's
 * and call path's measures across them (jx-trend-run.h), a model per
 * measure (jx-trend-model.h) and the ranking of seed 004 (Su & Yelick,
 * ti-trend-prof §4, Table 1): least scalable first.
 *
 * The parameter modelled (x): the one named in the options; else the one
 * user-given parameter when there is exactly one; else the one parameter
 * (of any source) present in every run whose values differ; else "p", the
 * number of processes. Runs with the same x are repetitions: each x gives
 * one observation, the median of its runs, with their minimum and maximum
 * as the spread. Values must be positive (the models take powers and
 * logarithms).
 *
 * A function (or path) missing from a run that loaded counts 0 there: it
 * was never called. Runs that failed to load are listed and left out.
 *
 * The study is immutable once computed and reference counted: the window
 * (a Trends page) and `juxtrace-cli trend` read the same series. */
#pragma once

#include <gio/gio.h>

#include "jx-trend-model.h"
#include "jx-trend-run.h"

G_BEGIN_DECLS

#define JX_TREND_ERROR (jx_trend_error_quark ())
GQuark jx_trend_error_quark (void);

typedef enum
{
  JX_TREND_ERROR_NO_RUNS,           /* no run loaded */
  JX_TREND_ERROR_NO_PARAMETER,      /* the named parameter is missing from some runs */
  JX_TREND_ERROR_AMBIGUOUS,         /* several parameters vary: name one */
  JX_TREND_ERROR_BAD_VALUE,         /* a value that is not positive */
  JX_TREND_ERROR_NOTHING_IN_COMMON, /* the runs share no function */
} JxTrendError;

typedef enum
{
  JX_TREND_STATUS_OK,
  JX_TREND_STATUS_LOW_CONFIDENCE,   /* 3 or 4 distinct values */
  JX_TREND_STATUS_TOO_FEW_POINTS,   /* fewer than 3: observations, no models */
} JxTrendStatus;

typedef enum
{
  JX_TREND_KEY_FUNCTION,
  JX_TREND_KEY_PATH,
  JX_TREND_KEY_GROUP,               /* "(program)", "(MPI)", "(messages)" */
} JxTrendKeyKind;

typedef struct
{
  const char *parameter;   /* NULL: choose as above */
  guint       measures;    /* bit (1 << JxTrendMeasure); 0 = count and excl */
  gboolean    paths;       /* also every call path */
  double      at;          /* the target x for predictions and shares; NAN = none */
} JxTrendOptions;

void jx_trend_options_init (JxTrendOptions *options);

/* One measure of one function, path or group across the study. */
typedef struct
{
  JxTrendKeyKind  kind;
  const char     *name;        /* function name, path "main->iteration->f", or "(MPI)" */
  const char     *function;    /* the function (a path's last one; the group's label) */
  guint           depth;       /* of a path, 0 for a root; 0 otherwise */
  guint8          category;    /* JxCategory of the function; MPI for "(MPI)" and "(messages)" */
  JxTrendMeasure  measure;
  const double   *values;      /* per run (jx_trend_study_get_run order); NAN: none */
  const double   *median;      /* per distinct x; NAN where no run has a value */
  const double   *min;
  const double   *max;
  const guint    *n_values;    /* runs with a value per distinct x */
  JxTrendModel    model;       /* kind NONE with too few points */
  double          prediction;  /* the model at options.at, NAN without; for
                                  "(program)": the functions' exclusive-time
                                  predictions added up */
  double          model_prediction; /* the series' own model at options.at */
  double          share;       /* prediction / the runtime's prediction at
                                  options.at (time measures), NAN otherwise */
  guint           rank;        /* 1-based within its measure, 0 for "(program)" */
} JxTrendSeries;

typedef struct _JxTrendStudy JxTrendStudy;

#define JX_TYPE_TREND_STUDY (jx_trend_study_get_type ())
GType          jx_trend_study_get_type      (void) G_GNUC_CONST;

/* The runs in order (failed ones included); the study takes a reference. */
JxTrendStudy  *jx_trend_study_new           (JxTrendRun * const   *runs,
                                             guint                 n_runs);
JxTrendStudy  *jx_trend_study_ref           (JxTrendStudy         *self);
void           jx_trend_study_unref         (JxTrendStudy         *self);

/* Chooses x, builds the series and fits the models. FALSE with a
 * JX_TREND_ERROR (its message names the runs and the parameter) or
 * G_IO_ERROR_CANCELLED. Call once. */
gboolean       jx_trend_study_compute       (JxTrendStudy         *self,
                                             const JxTrendOptions *options,
                                             GCancellable         *cancellable,
                                             GError              **error);

/* The same in a GTask thread. */
void           jx_trend_study_compute_async (JxTrendStudy         *self,
                                             const JxTrendOptions *options,
                                             GCancellable         *cancellable,
                                             GAsyncReadyCallback   callback,
                                             gpointer              user_data);
gboolean       jx_trend_study_compute_finish (JxTrendStudy        *self,
                                             GAsyncResult         *result,
                                             GError              **error);

guint          jx_trend_study_get_n_runs    (JxTrendStudy         *self);
JxTrendRun    *jx_trend_study_get_run       (JxTrendStudy         *self,
                                             guint                 index);
/* Runs that loaded (the others have an error). */
guint          jx_trend_study_get_n_loaded  (JxTrendStudy         *self);

/* After compute: the parameter modelled, where its values came from (the
 * source of most runs), and each run's x (NAN for failed runs). */
const char    *jx_trend_study_get_parameter (JxTrendStudy         *self);
JxTrendSource  jx_trend_study_get_parameter_source (JxTrendStudy  *self);
double         jx_trend_study_get_run_x     (JxTrendStudy         *self,
                                             guint                 run);
/* The distinct values, ascending. */
guint          jx_trend_study_get_n_x       (JxTrendStudy         *self);
const double  *jx_trend_study_get_x         (JxTrendStudy         *self);
JxTrendStatus  jx_trend_study_get_status    (JxTrendStudy         *self);
const JxTrendOptions *jx_trend_study_get_options (JxTrendStudy    *self);

/* What an analyst should know: repetitions, runs left out, functions
 * missing from runs, different dominant functions, a parameter that
 * differs from the trace. Translated sentences. */
guint          jx_trend_study_get_n_notes   (JxTrendStudy         *self);
const char    *jx_trend_study_get_note      (JxTrendStudy         *self,
                                             guint                 index);

/* Functions present in every run that loaded, and in the run with the
 * fewest. */
guint          jx_trend_study_get_n_common_functions (JxTrendStudy *self);
guint          jx_trend_study_get_min_functions (JxTrendStudy     *self);
/* The function the SOS measures are about (the most common dominant
 * function of the runs), NULL without. */
const char    *jx_trend_study_get_sos_function (JxTrendStudy      *self);

/* All series: functions, then paths, then groups, in each by name; within
 * a key, by measure. */
guint          jx_trend_study_get_n_series  (JxTrendStudy         *self);
const JxTrendSeries *jx_trend_study_get_series (JxTrendStudy      *self,
                                             guint                 index);
/* The series of one measure, ranked (rank 1 first); "(program)" is not
 * among them. kinds is a bit mask of (1 << JxTrendKeyKind). Returns a
 * new array of series indices (g_array_unref). */
GArray        *jx_trend_study_get_ranking   (JxTrendStudy         *self,
                                             JxTrendMeasure        measure,
                                             guint                 kinds);
/* A series by kind, name ("f", "main->f" or "(MPI)") and measure, or -1. */
gint           jx_trend_study_find_series   (JxTrendStudy         *self,
                                             JxTrendKeyKind        kind,
                                             const char           *name,
                                             JxTrendMeasure        measure);
/* The runtime of the program in the measure's aggregation (the reference
 * of shares): the "(program)" series of excl, excl_mean or excl_max. */
const JxTrendSeries *jx_trend_study_get_runtime (JxTrendStudy     *self,
                                             JxTrendMeasure        measure);

/* The unit a measure's values are in. */
JxTrendUnit    jx_trend_measure_unit        (JxTrendMeasure        measure);

/* Writes Extra-P's JSON Lines input: one line per series (of the kinds in
 * the mask) and distinct x, {"params": {"p": 4}, "callpath": "main->f",
 * "metric": "excl", "value": [v1, v2, …]} with one value per repetition.
 * Functions are callpaths of one element. */
gboolean       jx_trend_study_write_extrap  (JxTrendStudy         *self,
                                             guint                 kinds,
                                             GOutputStream        *out,
                                             GCancellable         *cancellable,
                                             GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxTrendStudy, jx_trend_study_unref)

G_END_DECLS
