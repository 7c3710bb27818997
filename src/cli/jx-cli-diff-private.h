/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-diff-private.h — `juxtrace-cli diff`: what jx-cli-diff.c (options,
 * loading, --explain) hands to jx-cli-diff-output.c (text, JSON, CSV). */
#pragma once

#include <json-glib/json-glib.h>

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
