/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-series.h — the metric timelines of chapter 4 for one stream
 * pair over a window of the reference's time, one bucket per pixel: the
 * charts of the comparison pane and of `juxtrace-cli render --chart` read
 * these, at whatever zoom.
 *
 *   runtime skew     (start_B − origin_B) − (start_A − origin_A) of every
 *                    aligned (equal or different) pair, seconds; positive
 *                    means B is behind (§4.3, Fig. 4.3);
 *   dissimilarity    share of different and gap pairs in a window of
 *                    window_fraction × the alignment's length around the
 *                    bucket's pairs, 0 … 1 (§4.2, Fig. 4.1);
 *   time difference  duration_B − duration_A of every equal pair, seconds;
 *                    positive means B ran slower (seed paper §V, Fig. 11,
 *                    which plots A − B; every difference here is B − A).
 *
 * A bucket keeps the smallest and largest value of the pairs whose A
 * invocation starts in it (the chart draws the band between them, so no
 * outlier is lost), and how many there were. */
#pragma once

#include <gio/gio.h>

#include "jx-align-metrics.h"
#include "jx-comparison.h"

G_BEGIN_DECLS

typedef enum
{
  JX_SERIES_RUNTIME_SKEW,
  JX_SERIES_DISSIMILARITY,
  JX_SERIES_TIME_DIFFERENCE,
  JX_N_SERIES
} JxSeriesKind;

/* "skew", "dissimilarity", "time-difference". */
const char *jx_series_kind_to_string   (JxSeriesKind  kind);
gboolean    jx_series_kind_from_string (const char   *name,
                                        JxSeriesKind *kind);

typedef struct
{
  double  min;
  double  max;
  guint32 n;       /* values in the bucket; 0 = none (min, max undefined) */
} JxSeriesBucket;

/* n_buckets buckets over [start, end) ticks of side A, for a pair with an
 * alignment and a JxPairDiff. window_fraction <= 0 means 0.1. NULL (with
 * G_IO_ERROR_CANCELLED) when cancelled. Free with g_free. */
JxSeriesBucket *jx_comparison_series_compute (const JxComparisonPair *pair,
                                              const JxMetricSide     *a,
                                              const JxMetricSide     *b,
                                              JxSeriesKind            kind,
                                              gint64                  start,
                                              gint64                  end,
                                              guint                   n_buckets,
                                              double                  window_fraction,
                                              GCancellable           *cancellable,
                                              GError                **error);

/* The largest |value| over buckets, 0 when none has a value. */
double          jx_series_buckets_extent     (const JxSeriesBucket   *buckets,
                                              guint                   n_buckets);

G_END_DECLS
