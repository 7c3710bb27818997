/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-run.h — one run of a scaling study, reduced to per-function and
 * per-call-path aggregates so that the trace itself can be dropped once it
 * has been read (a study of 32 runs holds 32 small tables, not 32 traces).
 *
 * Measures, per function (by region name), per call path (the chain of
 * function names from a root, "main->iteration->MPI_Isend") and per group:
 *   count        invocations on all streams of the run
 *   count_mean   count / number of processes
 *   count_max    invocations of the process that calls it most
 *   incl, incl_mean, incl_max   inclusive time, seconds (a function's
 *                time counts once when it recurses: outermost invocations)
 *   excl, excl_mean, excl_max   exclusive time (inclusive minus the
 *                inclusive time of the direct callees), seconds
 *   sos, sos_mean, sos_max      SOS time of the dominant function
 *                (jx-imbalance.h, dissertation §6.2): summed over its
 *                segments, per process; only for that function
 * A process's value sums its streams (threads, accelerator streams).
 * Groups: "(program)" (every function: its times are the summed run time,
 * the reference for shares), "(MPI)" (regions of category MPI; its incl is
 * its excl, so that nested MPI calls count once) and "(messages)" (point-
 * to-point messages sent: count measures only).
 *
 * Parameters: each run carries named values (the number of processes "p"
 * from the trace, tokens of its folder name, values the user gives); the
 * study picks the one it models (jx-trend-study.h). Folder-name rules:
 * jx_trend_parse_folder_name () and docs/trend.md.
 *
 * A JxTrendRun is reference counted. Its aggregates never change after
 * creation; its parameters are set before the study computes and not
 * while one does. */
#pragma once

#include <gio/gio.h>

#include "jx-trace.h"

G_BEGIN_DECLS

typedef enum
{
  JX_TREND_MEASURE_COUNT,
  JX_TREND_MEASURE_COUNT_MEAN,
  JX_TREND_MEASURE_COUNT_MAX,
  JX_TREND_MEASURE_INCL,
  JX_TREND_MEASURE_INCL_MEAN,
  JX_TREND_MEASURE_INCL_MAX,
  JX_TREND_MEASURE_EXCL,
  JX_TREND_MEASURE_EXCL_MEAN,
  JX_TREND_MEASURE_EXCL_MAX,
  JX_TREND_MEASURE_SOS,
  JX_TREND_MEASURE_SOS_MEAN,
  JX_TREND_MEASURE_SOS_MAX,
  JX_TREND_N_MEASURES
} JxTrendMeasure;

#define JX_TREND_ALL_MEASURES ((1u << JX_TREND_N_MEASURES) - 1)

/* "count", "count_mean", …, "sos_max": stable names for options, JSON,
 * CSV and the Extra-P metric. */
const char *jx_trend_measure_to_string   (JxTrendMeasure  measure);
gboolean    jx_trend_measure_from_string (const char     *name,
                                          JxTrendMeasure *measure);
/* "Calls (total)", "Exclusive time (max per process)": translated. */
const char *jx_trend_measure_label       (JxTrendMeasure  measure);
gboolean    jx_trend_measure_is_time     (JxTrendMeasure  measure);
/* The same kind of time of the whole program, the reference for shares:
 * incl, excl and sos share "excl" of the same aggregation (total, mean,
 * max). Count measures have none (returns FALSE). */
gboolean    jx_trend_measure_runtime     (JxTrendMeasure  measure,
                                          JxTrendMeasure *runtime);

/* Where a run's parameter value came from; a later source overrides an
 * earlier one. */
typedef enum
{
  JX_TREND_SOURCE_TRACE,      /* "p": the number of processes */
  JX_TREND_SOURCE_FOLDER,     /* a token of the folder name */
  JX_TREND_SOURCE_USER,       /* --param, a CSV file, the window */
} JxTrendSource;

const char *jx_trend_source_to_string    (JxTrendSource   source);   /* "trace", "folder", "user" */

/* The parameter every run has: its number of processes. */
#define JX_TREND_PARAM_PROCESSES "p"

typedef struct _JxTrendRun JxTrendRun;

#define JX_TYPE_TREND_RUN (jx_trend_run_get_type ())
GType        jx_trend_run_get_type        (void) G_GNUC_CONST;

/* Reads the aggregates of a loaded trace (one pass over its invocations,
 * plus the SOS analysis of jx-imbalance.h with `sos_function`, NULL = the
 * dominant function); the run keeps no reference to the trace. Sets "p"
 * and the folder-name parameters of `path` (the path the user gave; NULL
 * = the trace's anchor file). NULL only when cancelled. */
JxTrendRun  *jx_trend_run_new             (JxTrace       *trace,
                                           const char    *path,
                                           const char    *sos_function,
                                           GCancellable  *cancellable,
                                           GError       **error);
/* A run that could not be loaded: it keeps the path and the error so the
 * study can say so, and contributes nothing. */
JxTrendRun  *jx_trend_run_new_failed      (const char    *path,
                                           const GError  *error);

/* A new run with the same aggregates and parameters: the window keeps
 * each trace's run and gives every study copies with the values the user
 * set, so that a study computing in a thread never sees a change. */
JxTrendRun  *jx_trend_run_copy            (JxTrendRun    *self);
JxTrendRun  *jx_trend_run_ref             (JxTrendRun    *self);
void         jx_trend_run_unref           (JxTrendRun    *self);

/* The path as given, the trace's short name, and the folder name the
 * parameter tokens were read from. */
const char  *jx_trend_run_get_path        (JxTrendRun    *self);
const char  *jx_trend_run_get_name        (JxTrendRun    *self);
const char  *jx_trend_run_get_folder      (JxTrendRun    *self);
/* The load error of a failed run, else NULL. */
const GError *jx_trend_run_get_error      (JxTrendRun    *self);
guint        jx_trend_run_get_n_processes (JxTrendRun    *self);
guint        jx_trend_run_get_n_streams   (JxTrendRun    *self);
guint64      jx_trend_run_get_n_invocations (JxTrendRun  *self);
guint        jx_trend_run_get_n_functions (JxTrendRun    *self);
guint        jx_trend_run_get_n_paths     (JxTrendRun    *self);
/* Bytes the aggregates hold (for benchmarks). */
gsize        jx_trend_run_get_memory_size (JxTrendRun    *self);
/* The function the SOS measures are about, NULL when the run has none
 * (then jx_trend_run_get_sos_error says why). */
const char  *jx_trend_run_get_sos_function (JxTrendRun   *self);
const char  *jx_trend_run_get_sos_error   (JxTrendRun    *self);

/* Parameters, in the order they were first set. */
void         jx_trend_run_set_param       (JxTrendRun    *self,
                                           const char    *name,
                                           double         value,
                                           JxTrendSource  source);
gboolean     jx_trend_run_get_param       (JxTrendRun    *self,
                                           const char    *name,
                                           double        *value,
                                           JxTrendSource *source);
guint        jx_trend_run_get_n_params    (JxTrendRun    *self);
const char  *jx_trend_run_get_param_name  (JxTrendRun    *self,
                                           guint          index);

/* A measure of a function, path or group of this run; NAN when the run
 * has no such value (a failed run, SOS of another function, time of
 * "(messages)"); 0 when the function exists in the study but this run
 * never called it — see jx-trend-study.c. */
double       jx_trend_run_get_function_value (JxTrendRun   *self,
                                              const char   *function,
                                              JxTrendMeasure measure);

/* Folder-name parameters: the name is cut into tokens at '_', '-', ',',
 * '+', spaces and at '.' unless it stands between two digits; a token
 * NAME=VALUE gives NAME (a letter, then letters or digits) = VALUE (a
 * decimal number); a token made only of LETTERS DIGITS pairs (Extra-P's
 * "x1000", "p64", "x1000y1z1") gives one parameter per pair, except a last
 * token "r<N>" (Extra-P's repetition number). Anything else is no
 * parameter ("stencil4d", "32", "run"). Returns the pairs found, in order,
 * as names (GStrv, may be empty) and values (same length). */
GStrv        jx_trend_parse_folder_name   (const char    *folder,
                                           GArray       **values);

/* The folder a user's path names: the path itself when it is a directory,
 * else the directory that holds the file. Free with g_free. */
char        *jx_trend_folder_of_path      (const char    *path);

/* A parameter file: CSV (RFC 4180), '#' comment lines and blank lines
 * skipped; the first line names the columns, "run" then one parameter per
 * column ("run,p,n"); then one row per run, the run named by its path as
 * given, or its folder name, or its trace name; values are decimal
 * numbers. Every run needs exactly one row. Sets the values (source USER)
 * only when the whole file is good; errors name the file and the line. */
gboolean     jx_trend_params_read_csv     (const char         *file,
                                           JxTrendRun * const *runs,
                                           guint               n_runs,
                                           GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxTrendRun, jx_trend_run_unref)

G_END_DECLS
