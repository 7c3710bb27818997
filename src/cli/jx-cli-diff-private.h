/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-diff-private.h — `juxtrace-cli diff`: what jx-cli-diff.c (options,
 * loading, --explain) hands to jx-cli-diff-output.c (text, JSON, CSV). */
#pragma once

#include <json-glib/json-glib.h>

#include "jx-comparison.h"
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
  guint         top;        /* rows of the function time difference table */
  gboolean      flat_optimum;
  gboolean      series;
} JxCliDiff;

void      jx_cli_diff_print_text (const JxCliDiff *diff);
JsonNode *jx_cli_diff_build_json (const JxCliDiff *diff);
void      jx_cli_diff_print_csv  (const JxCliDiff *diff);
void      jx_cli_diff_print_functions_csv (const JxCliDiff *diff);

G_END_DECLS
