/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-diff-private.h — `juxtrace-cli diff`: what jx-cli-diff.c (options,
 * loading, --explain) hands to jx-cli-diff-output.c (text, JSON, CSV). */
#pragma once

#include <json-glib/json-glib.h>

#include "jx-cli-common.h"
#include "jx-comparison.h"
#include "jx-headline.h"
#include "jx-trace.h"

G_BEGIN_DECLS

typedef struct
{
  JxComparison *cmp;
  JxTrace      *trace_a;
  JxTrace      *trace_b;
  const char   *path_a;     /* as given */
  const char   *path_b;
  char         *label_a;    /* names told apart (jx_trace_names_disambiguate) */
  char         *label_b;
  guint         top;        /* rows of the function time difference table (0 = all) */
  gboolean      flat_optimum;
  gboolean      series;
  /* The "load_report" of each trace in the JSON; NULL: the trace's own
   * (jx_cli_json_add_load_report). juxtrace-mpi gives the report merged
   * from its ranks' shares. */
  JsonNode     *report_a;
  JsonNode     *report_b;

  /* The headline (jx-headline.h) and --top, --fail-above, --function
   * (jx-cli-diff-headline.c). */
  JxHeadline   *headline;
  guint         headline_top;   /* contributors shown (0 = all) */
  gboolean      gate;           /* --fail-above given */
  double        gate_percent;
  const char   *gate_function;  /* --function; NULL: the runtime */
  gboolean      gate_failed;    /* set by jx_cli_diff_gate_check */
  double        gate_growth;    /* percent; +inf for a function new in B */
  char         *gate_text;      /* the verdict, one sentence */
} JxCliDiff;

/* The computation behind `diff`, between the options and the output:
 * juxtrace-cli loads both traces and compares them here; juxtrace-mpi
 * spreads the work over its ranks (src/mpi/). */
typedef struct
{
  const char                *command;   /* "diff", for messages */
  JxCliTraces               *traces;    /* the trace options */
  const char                *path_a;    /* as given */
  const char                *path_b;
  const JxComparisonOptions *options;
  gboolean                   json;
  gboolean                   csv;
  gboolean                   explain;   /* needs the alignments and both traces */
  gboolean                   series;
  gboolean                   tree;      /* --tree and its kin: needs both traces */
} JxCliDiffRequest;

typedef struct
{
  gboolean      quiet;      /* print nothing, return the status (MPI ranks other than 0) */
  JxTrace      *trace_a;    /* may be NULL when neither --explain nor --tree is wanted */
  JxTrace      *trace_b;
  JxComparison *cmp;
  JsonNode     *report_a;   /* NULL: the trace's own load report */
  JsonNode     *report_b;
  char         *name_a;     /* jx_trace_get_name () */
  char         *name_b;
  char         *anchor_a;   /* jx_trace_get_path () */
  char         *anchor_b;
} JxCliDiffResult;

void jx_cli_diff_result_clear (JxCliDiffResult *result);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (JxCliDiffResult, jx_cli_diff_result_clear)

/* Fills result or prints the error and returns the exit code. */
typedef int (*JxCliDiffCompute) (const JxCliDiffRequest *request,
                                 JxCliDiffResult        *result,
                                 gpointer                data);

/* `diff` with its options and output, computed by compute. */
int       jx_cli_diff_with       (int               argc,
                                  char            **argv,
                                  JxCliDiffCompute  compute,
                                  gpointer          compute_data);

void      jx_cli_diff_print_text (const JxCliDiff *diff);
JsonNode *jx_cli_diff_build_json (const JxCliDiff *diff);
void      jx_cli_diff_print_csv  (const JxCliDiff *diff);
void      jx_cli_diff_print_functions_csv (const JxCliDiff *diff);

/* jx-cli-diff-headline.c */
void      jx_cli_diff_append_headline_text (GString        *out,
                                            const JxCliDiff *diff);
void      jx_cli_diff_add_headline_json    (JsonBuilder     *builder,
                                            const JxCliDiff *diff);
void      jx_cli_diff_print_headline_csv   (const JxCliDiff *diff);
/* Decides --fail-above: sets gate_failed, gate_growth and gate_text.
 * FALSE with error when --function names no function of the compared
 * streams. */
gboolean  jx_cli_diff_gate_check           (JxCliDiff       *diff,
                                            GError         **error);
/* JSON number or null for NAN and infinities (JSON has neither). */
void      jx_cli_diff_json_add_number      (JsonBuilder     *builder,
                                            const char      *name,
                                            double           value);

G_END_DECLS
