/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-sample-private.h — the row sink shared by the sampling files:
 *
 *   jx-timeline-sample.c          sinks, the exact walk into them, the public
 *                                 entry points
 *   jx-timeline-sample-pyramid.c  a row straight from a pyramid level (stream
 *                                 rows, call-stack levels and folded groups)
 */
#pragma once

#include "jx-timeline-summary-private.h"

G_BEGIN_DECLS

typedef struct _Sink Sink;

struct _Sink
{
  void   (*span) (Sink *sink, double x0, double x1, const Entry *entries, guint n, double inv_width);
  void   (*finish) (Sink *sink);
  guint    n_pixels;
  gint64   start;
  double   ticks_per_pixel;
  double   pixels_per_tick;    /* multiplying is much cheaper than dividing per segment */
  guint32 *out;
};

typedef struct
{
  Sink     sink;
  guint    n_regions;          /* dense index n_regions = idle */
  double  *occupancy;          /* n_regions + 1, zero outside `touched` */
  guint32 *touched;
  guint    n_touched;
  gint64   current;            /* pixel being summed, -1 before the first */
  guint64  best_key;           /* largest sum_key () of the current pixel so far */
  guint32 *marks;              /* NULL, or per pixel the busiest region where idle won */
  /* Runs mode (out is NULL): pixels [x0, x1) are reported as they are
   * finished instead of written, with the mark where idle won. */
  void   (*run_func) (gpointer data, guint x0, guint x1, guint32 region, guint32 mark);
  gpointer run_data;
} RowSink;

static inline double
sink_x (const Sink *sink,
        gint64      t)
{
  return (double) (t - sink->start) * sink->pixels_per_tick;
}

/* Sums of a pixel only grow, so the largest final sum is the largest value
 * any sum takes on the way: the winner is tracked while adding, as the
 * maximum of keys (the sum's bits as a float, then a rank that prefers
 * smaller region ids and gives idle, index idle, rank 0 so that it loses
 * ties). Key 0: nothing. */
static inline guint64
sum_key (double  sum,
         guint32 index,
         guint32 idle)
{
  float o = (float) sum;
  guint32 bits;

  memcpy (&bits, &o, sizeof bits);
  return ((guint64) bits << 32) | (idle - index);
}

static inline guint32
key_region (guint64 key,
            guint32 idle)
{
  return (key >> 32) == 0 || (guint32) key == 0 ? JX_NONE : idle - (guint32) key;
}

/* The pyramid level a row of ticks_per_pixel samples from. */
guint     _jx_pyramid_level        (const Pyramid *pyr,
                                    double         ticks_per_pixel);
/* The whole row of one pyramid, pixel by pixel, into a fresh row sink
 * (marks too when the sink has them); pixels outside the pyramid stay idle. */
void      _jx_row_sample_pyramid   (RowSink       *row,
                                    const Pyramid *pyr);
/* A fresh row sink (per-thread scratch) for [start, end) in n_pixels; marks
 * may be NULL. Finish it with sink.finish (). out NULL: runs mode, set
 * run_func before feeding it. */
RowSink  *_jx_row_sink_get         (guint          n_regions,
                                    gint64         start,
                                    gint64         end,
                                    guint          n_pixels,
                                    guint32       *out,
                                    guint32       *marks);

/* Would a row of s over [start, end) in n_pixels walk its invocations
 * rather than read its pyramid? */
gboolean  _jx_stream_uses_walk     (const JxStream *s,
                                    const Pyramid  *pyr,
                                    gint64          start,
                                    gint64          end,
                                    guint           n_pixels);
/* The exact walk of s into a row sink in runs mode, finished. */
void      _jx_row_walk             (RowSink        *row,
                                    const JxStream *s,
                                    gint64          start,
                                    gint64          end);

G_END_DECLS
