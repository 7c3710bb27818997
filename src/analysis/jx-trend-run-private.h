/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-run-private.h — the aggregates of a JxTrendRun, read by the
 * study (jx-trend-study.c). Nothing outside src/analysis includes this. */
#pragma once

#include "jx-trend-run.h"

G_BEGIN_DECLS

/* The stored quantities of one function, path or group; means are derived
 * (total / processes). Times in seconds. */
typedef struct
{
  double count;
  double count_max;
  double incl;
  double incl_max;
  double excl;
  double excl_max;
} JxTrendAgg;

typedef enum
{
  JX_TREND_GROUP_PROGRAM,
  JX_TREND_GROUP_MPI,
  JX_TREND_GROUP_MESSAGES,
  JX_TREND_N_GROUPS
} JxTrendGroup;

typedef struct
{
  char          *name;
  double         value;
  JxTrendSource  source;
} JxTrendParam;

struct _JxTrendRun
{
  gatomicrefcount ref;
  char         *path;
  char         *name;
  char         *folder;
  GError       *error;

  guint         n_processes;
  guint         n_streams;
  guint64       n_invocations;

  GStringChunk *strings;
  guint         n_functions;
  const char  **function_name;
  guint8       *function_category;   /* JxCategory */
  JxTrendAgg   *function_agg;

  guint         n_paths;
  guint32      *path_parent;         /* a path of this run, JX_NONE for a root */
  guint32      *path_function;       /* a function of this run */
  JxTrendAgg   *path_agg;

  JxTrendAgg    groups[JX_TREND_N_GROUPS];

  char         *sos_function;        /* NULL without */
  char         *sos_error;
  double        sos_total;
  double        sos_max;

  GArray       *params;              /* JxTrendParam */
};

/* The value of a measure from stored quantities (NAN for the SOS
 * measures, which only the run's SOS fields give). */
double _jx_trend_agg_value (const JxTrendAgg *agg,
                            JxTrendMeasure    measure,
                            guint             n_processes);

G_END_DECLS
