/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-render-trend.h — `juxtrace-cli render --trend FUNCTION RUN… -o
 * FILE`: one function's measure across a scaling study, with its model
 * (src/render/jx-trend-plot.h). The options are a group of their own
 * (`render --help-trend`); jx-cli-render.c writes the picture. */
#pragma once

#include "jx-cli-common.h"
#include "jx-trend-plot.h"

G_BEGIN_DECLS

typedef struct
{
  char     *function;      /* --trend: a function, a call path "main->f" or "(MPI)" */
  char     *measure;       /* --trend-measure (default count) */
  double    at;            /* --trend-at, NAN = none */
  char     *log;           /* --log x|y|xy|none */
  char    **param_specs;   /* --param */
  char     *params_file;   /* --params */
  char     *by;            /* --by */
} JxCliRenderTrend;

void          jx_cli_render_trend_init         (JxCliRenderTrend *args);
void          jx_cli_render_trend_clear        (JxCliRenderTrend *args);
/* The option group; the strings land in args. */
GOptionGroup *jx_cli_render_trend_option_group (JxCliRenderTrend *args);

/* Builds the study of the runs and the plot of the function (width and
 * height 0 = 800 × 500). Returns the exit code; *study is set when the plot
 * can be drawn (the code may still be 1: a run was left out). */
int           jx_cli_render_trend_prepare      (JxCliRenderTrend  *args,
                                                JxCliTraces       *traces,
                                                guint              n_runs,
                                                char             **runs,
                                                int                width,
                                                int                height,
                                                gboolean           dark,
                                                JxTrendStudy     **study,
                                                JxTrendPlotView   *view);
/* The lines `render` prints after writing. */
void          jx_cli_render_trend_report       (const JxTrendPlotView *view,
                                                const char            *output,
                                                const char            *format);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (JxCliRenderTrend, jx_cli_render_trend_clear)

G_END_DECLS
