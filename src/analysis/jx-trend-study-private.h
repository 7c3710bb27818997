/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-study-private.h — the study's state, shared by its files
 * (jx-trend-study.c, jx-trend-study-query.c, jx-trend-extrap.c). Nothing
 * outside src/analysis includes this. */
#pragma once

#include "jx-trend-study.h"

G_BEGIN_DECLS

#define JX_TREND_N_SOURCES_MAX 3

struct _JxTrendStudy
{
  gatomicrefcount ref;
  GPtrArray      *runs;          /* JxTrendRun, in the order given */
  guint           n_loaded;
  gboolean        computed;
  JxTrendOptions  options;       /* parameter copied into strings */
  guint           computed_measures; /* options.measures and what shares need */

  char           *parameter;
  JxTrendSource   parameter_source;
  double         *run_x;         /* per run, NAN for failed runs */
  guint          *run_xi;        /* per run: index into x, G_MAXUINT for failed runs */
  double         *x;             /* distinct, ascending */
  guint           n_x;
  JxTrendStatus   status;

  GPtrArray      *notes;         /* char * */
  guint           n_common;
  guint           min_functions;
  char           *sos_function;

  GArray         *series;        /* JxTrendSeries */
  GPtrArray      *blocks;        /* memory the series point into */
  GStringChunk   *strings;       /* path names, the parameter */
};

/* "(program)", "(MPI)", "(messages)", by JxTrendGroup. */
extern const char *const _jx_trend_group_names[];

/* Sets every series' rank within its measure and kind (jx-trend-study-query.c). */
void _jx_trend_study_rank (JxTrendStudy *self);

G_END_DECLS
