/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-trend-private.h — what the files of `juxtrace-cli trend` share:
 * the options (jx-cli-trend.c) and the printers (jx-cli-trend-output.c). */
#pragma once

#include "jx-cli-common.h"
#include "jx-trend-study.h"

G_BEGIN_DECLS

#define JX_CLI_TREND_DEFAULT_TOP 20

typedef struct
{
  JxTrendStudy     *study;
  JxCliLoadCheck  **checks;     /* per run, NULL for runs that could not be read */
  guint             measures;   /* bit mask of JxTrendMeasure, as the study has them */
  guint             kinds;      /* bit mask of JxTrendKeyKind ranked */
  gint              category;   /* JxCategory to keep, -1 = all */
  guint             top;        /* rows per measure, 0 = all */
} JxCliTrendOutput;

typedef struct _JxCliTrendInput JxCliTrendInput;

/* How the runs of a study are read: fills runs (a new array of one
 * JxTrendRun per path, in order; a run that could not be read has its
 * error) and checks (per run, NULL for runs not read). Returns
 * JX_CLI_EXIT_OK; an exit code after printing why; or
 * JX_CLI_TREND_ELSEWHERE: this process took part and is done, another
 * prints the study (juxtrace-mpi's ranks other than 0). */
typedef int (*JxCliTrendRead) (JxCliTraces            *traces,
                               char                  **paths,
                               guint                   n_runs,
                               const JxCliTrendInput  *input,
                               GPtrArray             **runs,
                               JxCliLoadCheck        **checks,
                               gpointer                data);

#define JX_CLI_TREND_ELSEWHERE (-1)

/* What a study is built from (`trend` and `render --trend`). */
struct _JxCliTrendInput
{
  char       **param_specs;   /* --param NAME=V1,V2,… */
  const char  *params_file;   /* --params FILE.csv */
  const char  *by;
  guint        measures;      /* 0 = the study's default */
  gboolean     paths;
  double       at;            /* NAN = none */
  const char  *sos_function;
  gint         jobs;
  JxCliTrendRead reader;      /* NULL: every run in this process, --jobs at once */
  gpointer     reader_data;
};

/* Parses the parameter values (usage errors before anything is read),
 * reads the runs in parallel, prints their load reports in order (a run
 * that cannot be read or fails --strict is left out: *status becomes 1),
 * applies the values and computes the study. Returns the exit code of a
 * failure, JX_CLI_TREND_ELSEWHERE from input->reader, or JX_CLI_EXIT_OK with
 * *study set. *checks (per run, NULL for
 * runs left out) is set once the runs were read; free it with
 * jx_cli_trend_checks_free () in every case. */
int      jx_cli_trend_build          (JxCliTraces              *traces,
                                      guint                     n_runs,
                                      char                    **paths,
                                      const JxCliTrendInput    *input,
                                      JxTrendStudy            **study,
                                      JxCliLoadCheck         ***checks,
                                      int                      *status);
void     jx_cli_trend_checks_free    (JxCliLoadCheck          **checks,
                                      guint                     n_runs);

/* `juxtrace-cli trend` with the runs read by reader (NULL: in this
 * process); juxtrace-mpi trend passes its own. */
int      jx_cli_trend_with           (int                       argc,
                                      char                    **argv,
                                      JxCliTrendRead            reader,
                                      gpointer                  reader_data);

/* --measure LIST (repeatable, comma separated, "all"). */
gboolean jx_cli_trend_parse_measures (char                    **specs,
                                      guint                    *mask,
                                      char                    **problem);

void jx_cli_trend_print_text (const JxCliTrendOutput *out);
void jx_cli_trend_print_json (const JxCliTrendOutput *out);
void jx_cli_trend_print_csv  (const JxCliTrendOutput *out);

G_END_DECLS
