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

void jx_cli_trend_print_text (const JxCliTrendOutput *out);
void jx_cli_trend_print_json (const JxCliTrendOutput *out);
void jx_cli_trend_print_csv  (const JxCliTrendOutput *out);

G_END_DECLS
