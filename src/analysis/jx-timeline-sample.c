/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-sample.c — the dominant region per pixel: from the exact walk
 * when few invocations are in view, else from the pyramid level whose
 * buckets are at most half a pixel wide. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-timeline-sample-private.h"

/* Sampling. Segments (exact walk) and buckets (pyramid) arrive in time order
 * as spans [x0, x1) in pixel units with a few (region, share) entries, where
 * share is the fraction of the span the region occupies. Two sinks:
 *   - a row sink for one stream: one dense occupancy array for the current
 *     pixel, finished as soon as the spans move past it (O(1) per entry, exact);
 *   - a slot sink for aggregates of several streams, whose spans interleave:
 *     a few (region, occupancy) slots per pixel.
 * A single stream's pyramid skips the spans: _jx_row_sample_pyramid fills the
 * row sink's pixels directly, with the same result.
 *
 * Marks: where idle time wins a pixel of one row although something ran in
 * it, the row sink can also report the region that ran most there (the
 * pixel's "mark"); it costs nothing on pixels a region wins. Aggregates never
 * need marks: idle only wins where nothing ran. */

typedef struct
{
  Sink     sink;
  guint    n_slots;            /* per pixel */
  guint32 *region;             /* n_pixels * n_slots */
  double  *occupancy;
  guint16 *used;               /* n_pixels */
} SlotSink;

/* Scratch per thread: sampling runs every frame, so avoid big allocations. */
typedef struct
{
  RowSink  row;
  gsize    row_capacity;
  SlotSink slots;
  gsize    slot_capacity;
  guint    pixel_capacity;
} Scratch;

static void
scratch_free (gpointer data)
{
  Scratch *scratch = data;

  g_free (scratch->row.occupancy);
  g_free (scratch->row.touched);
  g_free (scratch->slots.region);
  g_free (scratch->slots.occupancy);
  g_free (scratch->slots.used);
  g_free (scratch);
}

static GPrivate scratch_key = G_PRIVATE_INIT (scratch_free);

static Scratch *
scratch_get (void)
{
  Scratch *scratch = g_private_get (&scratch_key);

  if (scratch == NULL)
    {
      scratch = g_new0 (Scratch, 1);
      g_private_set (&scratch_key, scratch);
    }
  return scratch;
}

static void
sink_init (Sink    *sink,
           gint64   start,
           gint64   end,
           guint    n_pixels,
           guint32 *out)
{
  sink->n_pixels = n_pixels;
  sink->start = start;
  sink->ticks_per_pixel = (double) (end - start) / (double) n_pixels;
  sink->pixels_per_tick = (double) n_pixels / (double) (end - start);
  sink->out = out;
  for (guint p = 0; out != NULL && p < n_pixels; p++)
    out[p] = JX_NONE;
}

/* Clips the span [x0, x1) to the row; p0 and p1 are the pixels of its
 * ends (p1 inside the row). FALSE when nothing of it is left. */
static inline gboolean
span_clip (const Sink *sink,
           double     *x0,
           double     *x1,
           gint64     *p0,
           gint64     *p1)
{
  if (*x0 < 0.0)
    *x0 = 0.0;
  if (*x1 > (double) sink->n_pixels)
    *x1 = (double) sink->n_pixels;
  if (!(*x1 > *x0))
    return FALSE;
  *p0 = (gint64) *x0;
  *p1 = MIN ((gint64) *x1, (gint64) sink->n_pixels - 1);
  return TRUE;
}

/* Row sink */

static inline guint32
row_index (const RowSink *row,
           guint32        region)
{
  return region < row->n_regions ? region : row->n_regions;
}

static inline void
row_add (RowSink *row,
         guint32  index,
         double   occupancy)
{
  double sum;
  guint64 key;

  /* A region enters `touched` once per pixel, when its sum leaves zero, so
   * `touched` never holds more than n_regions + 1 entries. */
  if (!(occupancy > 0.0))
    return;
  /* Branch-free: which regions are new in a pixel is unpredictable. */
  row->touched[row->n_touched] = index;
  row->n_touched += row->occupancy[index] == 0.0;
  sum = row->occupancy[index] + occupancy;
  row->occupancy[index] = sum;
  key = sum_key (sum, index, row->n_regions);
  row->best_key = key > row->best_key ? key : row->best_key;
}

/* The region with the most occupancy of the current pixel other than idle,
 * JX_NONE when nothing ran. */
static guint32
row_busiest (const RowSink *row)
{
  guint32 best = JX_NONE;
  double best_o = 0.0;

  for (guint i = 0; i < row->n_touched; i++)
    {
      guint32 index = row->touched[i];
      double o = row->occupancy[index];

      if (index < row->n_regions && (o > best_o || (o == best_o && o > 0.0 && index < best)))
        {
          best = index;
          best_o = o;
        }
    }
  return best;
}

static void
row_finish_pixel (RowSink *row)
{
  /* Ties go to the smaller region id; idle loses ties (see sum_key). */
  guint32 winner = key_region (row->best_key, row->n_regions);

  if (row->current >= 0 && row->current < row->sink.n_pixels)
    {
      if (G_UNLIKELY (row->run_func != NULL))
        row->run_func (row->run_data, (guint) row->current, (guint) row->current + 1, winner,
                       winner == JX_NONE ? row_busiest (row) : JX_NONE);
      else
        {
          row->sink.out[row->current] = winner;
          if (G_UNLIKELY (row->marks != NULL) && winner == JX_NONE)
            row->marks[row->current] = row_busiest (row);
        }
    }
  for (guint i = 0; i < row->n_touched; i++)
    row->occupancy[row->touched[i]] = 0.0;
  row->n_touched = 0;
  row->best_key = 0;
}

static inline void
row_span (Sink        *sink,
          double       x0,
          double       x1,
          const Entry *entries,
          guint        n,
          double       inv_width)
{
  RowSink *row = (RowSink *) sink;
  gint64 p0, p1;

  if (!span_clip (sink, &x0, &x1, &p0, &p1))
    return;

  if (p0 != row->current)
    {
      row_finish_pixel (row);
      row->current = p0;
    }
  if (p0 == p1)
    {
      double scale = (x1 - x0) * inv_width;

      for (guint k = 0; k < n; k++)
        row_add (row, row_index (row, entries[k].region), entries[k].occupancy * scale);
      return;
    }

  /* First, partial pixel. */
  for (guint k = 0; k < n; k++)
    row_add (row, row_index (row, entries[k].region),
             entries[k].occupancy * ((double) (p0 + 1) - x0) * inv_width);
  row_finish_pixel (row);
  /* Whole pixels inside the span: the span's proportions decide, so its top
   * entry (entries are sorted by occupancy) wins. */
  if (G_UNLIKELY (row->run_func != NULL))
    {
      if (p1 > p0 + 1)
        row->run_func (row->run_data, (guint) p0 + 1, (guint) p1, entries[0].region, JX_NONE);
    }
  else
    for (gint64 p = p0 + 1; p < p1; p++)
      sink->out[p] = entries[0].region;
  /* Last, partial pixel starts the next sum. */
  row->current = p1;
  if (x1 > (double) p1)
    for (guint k = 0; k < n; k++)
      row_add (row, row_index (row, entries[k].region),
               entries[k].occupancy * (x1 - (double) p1) * inv_width);
}

/* One region over [t0, t1): the exact walk's hot path, always inlined into
 * it. */
static G_ALWAYS_INLINE inline void
row_segment (RowSink *row,
             gint64   t0,
             gint64   t1,
             guint32  region)
{
  Sink *sink = &row->sink;
  double x0 = sink_x (sink, t0);
  double x1 = sink_x (sink, t1);
  guint32 index = row_index (row, region);
  gint64 p0, p1;

  if (x0 < 0.0)
    x0 = 0.0;
  if (x1 > (double) sink->n_pixels)
    x1 = (double) sink->n_pixels;
  if (!(x1 > x0))
    return;
  p0 = (gint64) x0;
  p1 = (gint64) x1;
  if (p1 >= sink->n_pixels)
    p1 = sink->n_pixels - 1;

  if (p0 != row->current)
    {
      row_finish_pixel (row);
      row->current = p0;
    }
  if (p0 == p1)
    {
      row_add (row, index, x1 - x0);
      return;
    }
  row_add (row, index, (double) (p0 + 1) - x0);
  row_finish_pixel (row);
  if (G_UNLIKELY (row->run_func != NULL))
    {
      if (p1 > p0 + 1)
        row->run_func (row->run_data, (guint) p0 + 1, (guint) p1, index < row->n_regions ? region : JX_NONE,
                       JX_NONE);
    }
  else
    for (gint64 p = p0 + 1; p < p1; p++)
      sink->out[p] = region;
  row->current = p1;
  if (x1 > (double) p1)
    row_add (row, index, x1 - (double) p1);
}

/* Always inlined too: the walk gets it as a constant function pointer. */
static G_ALWAYS_INLINE inline void
row_segment_cb (gpointer data,
                gint64   t0,
                gint64   t1,
                guint32  region)
{
  row_segment (data, t0, t1, region);
}

static void
row_finish (Sink *sink)
{
  row_finish_pixel ((RowSink *) sink);
}

RowSink *
_jx_row_sink_get (guint    n_regions,
                  gint64   start,
                  gint64   end,
                  guint    n_pixels,
                  guint32 *out,
                  guint32 *marks)
{
  Scratch *scratch = scratch_get ();
  RowSink *row = &scratch->row;

  if ((gsize) n_regions + 1 > scratch->row_capacity)
    {
      g_free (row->occupancy);
      g_free (row->touched);
      scratch->row_capacity = (gsize) n_regions + 1;
      row->occupancy = g_new0 (double, scratch->row_capacity);
      /* One spare slot for the unconditional write in row_add. */
      row->touched = g_new (guint32, scratch->row_capacity + 1);
    }
  row->n_regions = n_regions;
  row->n_touched = 0;
  row->current = -1;
  row->best_key = 0;
  row->sink.span = row_span;
  row->sink.finish = row_finish;
  sink_init (&row->sink, start, end, n_pixels, out);
  row->marks = marks;
  row->run_func = NULL;
  row->run_data = NULL;
  if (marks != NULL)
    for (guint p = 0; p < n_pixels; p++)
      marks[p] = JX_NONE;
  return row;
}

/* Slot sink */

static inline void
slot_add (SlotSink *slots,
          guint     pixel,
          guint32   region,
          double    occupancy)
{
  guint32 *r = &slots->region[(gsize) pixel * slots->n_slots];
  double *o = &slots->occupancy[(gsize) pixel * slots->n_slots];
  guint used = slots->used[pixel];
  guint smallest = 0;

  for (guint i = 0; i < used; i++)
    if (r[i] == region)
      {
        o[i] += occupancy;
        return;
      }
  if (used < slots->n_slots)
    {
      r[used] = region;
      o[used] = occupancy;
      slots->used[pixel] = used + 1;
      return;
    }
  /* Space-saving: the newcomer takes over the smallest slot and inherits its
   * occupancy, which bounds the error by that slot's occupancy. */
  for (guint i = 1; i < used; i++)
    if (o[i] < o[smallest])
      smallest = i;
  r[smallest] = region;
  o[smallest] += occupancy;
}

static void
slot_span (Sink        *sink,
           double       x0,
           double       x1,
           const Entry *entries,
           guint        n,
           double       inv_width)
{
  SlotSink *slots = (SlotSink *) sink;
  gint64 p0, p1;

  if (!span_clip (sink, &x0, &x1, &p0, &p1))
    return;
  for (guint k = 0; k < n; k++)
    {
      double share = entries[k].occupancy * inv_width;

      if (p0 == p1)
        {
          slot_add (slots, (guint) p0, entries[k].region, (x1 - x0) * share);
          continue;
        }
      slot_add (slots, (guint) p0, entries[k].region, ((double) (p0 + 1) - x0) * share);
      for (gint64 p = p0 + 1; p < p1; p++)
        slot_add (slots, (guint) p, entries[k].region, share);
      if (x1 > (double) p1)
        slot_add (slots, (guint) p1, entries[k].region, (x1 - (double) p1) * share);
    }
}

static void
slot_finish (Sink *sink)
{
  SlotSink *slots = (SlotSink *) sink;

  for (guint p = 0; p < sink->n_pixels; p++)
    {
      const guint32 *r = &slots->region[(gsize) p * slots->n_slots];
      const double *o = &slots->occupancy[(gsize) p * slots->n_slots];
      guint32 best = JX_NONE;
      double best_o = 0.0;

      /* Aggregates show activity: idle time of some streams must not hide
       * what the others run, so idle only wins where nothing runs. */
      for (guint i = 0; i < slots->used[p]; i++)
        if (r[i] != JX_NONE &&
            (o[i] > best_o || (o[i] == best_o && o[i] > 0.0 && r[i] < best)))
          {
            best = r[i];
            best_o = o[i];
          }
      sink->out[p] = best;
    }
}

static SlotSink *
slot_sink_get (guint    n_slots,
               gint64   start,
               gint64   end,
               guint    n_pixels,
               guint32 *out)
{
  Scratch *scratch = scratch_get ();
  SlotSink *slots = &scratch->slots;
  gsize need = (gsize) n_pixels * n_slots;

  if (need > scratch->slot_capacity)
    {
      g_free (slots->region);
      g_free (slots->occupancy);
      scratch->slot_capacity = need;
      slots->region = g_new (guint32, need);
      slots->occupancy = g_new (double, need);
    }
  if (n_pixels > scratch->pixel_capacity)
    {
      g_free (slots->used);
      scratch->pixel_capacity = n_pixels;
      slots->used = g_new (guint16, n_pixels);
    }
  memset (slots->used, 0, n_pixels * sizeof (guint16));
  slots->n_slots = n_slots;
  slots->sink.span = slot_span;
  slots->sink.finish = slot_finish;
  sink_init (&slots->sink, start, end, n_pixels, out);
  return slots;
}

/* Feeding the sinks */

static void
sink_segment_cb (gpointer data,
                 gint64   t0,
                 gint64   t1,
                 guint32  region)
{
  Sink *sink = data;
  Entry entry = { region, 1.0f };

  if (t1 > t0)
    sink->span (sink, sink_x (sink, t0), sink_x (sink, t1), &entry, 1, 1.0);
}

/* Gaps between the invocations of one depth are idle time. */
typedef struct
{
  Sink   *sink;
  gint64  last;
} GapFiller;

static void
gap_filler_segment_cb (gpointer data,
                       gint64   t0,
                       gint64   t1,
                       guint32  region)
{
  GapFiller *filler = data;

  if (t0 > filler->last)
    sink_segment_cb (filler->sink, filler->last, t0, JX_NONE);
  sink_segment_cb (filler->sink, MAX (t0, filler->last), t1, region);
  filler->last = MAX (filler->last, t1);
}

/* Pyramid buckets into any sink, as spans in time order (aggregates). */
static void
sink_add_pyramid (Sink          *sink,
                  const Pyramid *pyr,
                  gint64         start,
                  gint64         end)
{
  guint k = _jx_pyramid_level (pyr, sink->ticks_per_pixel);
  guint64 bw = pyr->base << k;
  guint64 n = pyr->n_buckets[k];
  const Entry *level = pyr->levels[k];
  gint64 pyr_end = pyr->origin + (gint64) (n * bw);
  double bw_px, origin_x, inv_bw;

  if (start < pyr->origin)
    sink_segment_cb (sink, start, MIN (end, pyr->origin), JX_NONE);
  if (end > pyr->origin && start < pyr_end)
    {
      guint64 b0 = start > pyr->origin ? (guint64) (start - pyr->origin) / bw : 0;
      guint64 b1 = MIN (n, ((guint64) (end - pyr->origin) + bw - 1) / bw);

      bw_px = (double) bw / sink->ticks_per_pixel;
      inv_bw = 1.0 / (double) bw;
      origin_x = sink_x (sink, pyr->origin);
      for (guint64 b = b0; b < b1; b++)
        {
          const Entry *e = &level[b * BUCKET_K];
          double x0 = origin_x + (double) b * bw_px;
          guint m = 0;

          while (m < BUCKET_K && e[m].occupancy > 0.0f)
            m++;
          if (m > 0)
            sink->span (sink, x0, x0 + bw_px, e, m, inv_bw);
        }
    }
  if (end > pyr_end)
    sink_segment_cb (sink, MAX (start, pyr_end), end, JX_NONE);
}

gboolean
_jx_stream_uses_walk (const JxStream *s,
                      const Pyramid  *pyr,
                      gint64          start,
                      gint64          end,
                      guint           n_pixels)
{
  guint64 visible;
  guint32 first;

  if (pyr == NULL || pyr->n_levels == 0)
    return TRUE;
  first = _jx_first_starting_at_or_after (s, start);
  visible = _jx_first_starting_at_or_after_from (s, first, end) - first;
  if (visible <= (guint64) DIRECT_PER_PIXEL * n_pixels)
    return TRUE;
  /* Level 0 coarser than a pixel: the walk is still affordable. */
  if ((double) pyr->base > (double) (end - start) / n_pixels &&
      visible <= (guint64) DIRECT_PER_PIXEL_COARSE * n_pixels)
    return TRUE;
  return FALSE;
}

void
_jx_row_walk (RowSink        *row,
              const JxStream *s,
              gint64          start,
              gint64          end)
{
  _jx_walk_innermost_inline (s, start, end, row_segment_cb, &row->sink);
  row->sink.finish (&row->sink);
}

static void
sink_add_stream (Sink           *sink,
                 const JxStream *s,
                 const Pyramid  *pyr,
                 gint64          start,
                 gint64          end)
{
  if (_jx_stream_uses_walk (s, pyr, start, end, sink->n_pixels))
    {
      if (sink->span == row_span)
        _jx_walk_innermost_inline (s, start, end, row_segment_cb, sink);
      else
        _jx_walk_innermost (s, start, end, sink_segment_cb, sink);
    }
  else if (sink->span == row_span)
    _jx_row_sample_pyramid ((RowSink *) sink, pyr);
  else
    sink_add_pyramid (sink, pyr, start, end);
}

/* The sink for a sample of these streams (n_all valid ones exist): a row
 * sink for one (with marks), else a slot sink of n_slots (no marks). */
static Sink *
sink_for (guint          n_regions,
          guint          n_all,
          const guint32 *streams,
          guint          n_streams,
          guint          n_slots,
          gint64         start,
          gint64         end,
          guint          n_pixels,
          guint32       *out,
          guint32       *marks,
          guint         *n_valid)
{
  *n_valid = 0;
  for (guint i = 0; i < n_streams; i++)
    if (streams[i] < n_all)
      (*n_valid)++;
  if (*n_valid <= 1)
    return &_jx_row_sink_get (n_regions, start, end, n_pixels, out, marks)->sink;
  if (marks != NULL)
    for (guint p = 0; p < n_pixels; p++)
      marks[p] = JX_NONE;
  return &slot_sink_get (n_slots, start, end, n_pixels, out)->sink;
}

void
jx_timeline_summary_sample (JxTimelineSummary  *self,
                            const guint32      *streams,
                            guint               n_streams,
                            gint64              start,
                            gint64              end,
                            guint               n_pixels,
                            guint32            *out_regions)
{
  jx_timeline_summary_sample_marked (self, streams, n_streams, start, end, n_pixels, out_regions, NULL);
}

void
jx_timeline_summary_sample_marked (JxTimelineSummary  *self,
                                   const guint32      *streams,
                                   guint               n_streams,
                                   gint64              start,
                                   gint64              end,
                                   guint               n_pixels,
                                   guint32            *out_regions,
                                   guint32            *out_marks)
{
  Sink *sink;
  guint n_valid;

  g_return_if_fail (self != NULL);
  g_return_if_fail (streams != NULL || n_streams == 0);
  g_return_if_fail (out_regions != NULL || n_pixels == 0);

  if (n_pixels == 0)
    return;
  if (end <= start)
    end = start + 1;

  sink = sink_for (jx_trace_get_n_regions (self->trace), self->n_streams, streams, n_streams, ACC_SLOTS,
                   start, end, n_pixels, out_regions, out_marks, &n_valid);
  for (guint i = 0; i < n_streams; i++)
    if (streams[i] < self->n_streams)
      sink_add_stream (sink, jx_trace_get_stream (self->trace, streams[i]),
                       &self->pyramids[streams[i]], start, end);
  if (n_valid == 0)
    sink_segment_cb (sink, start, end, JX_NONE);
  sink->finish (sink);
}

void
jx_timeline_summary_sample_exact (JxTrace       *trace,
                                  const guint32 *streams,
                                  guint          n_streams,
                                  gint64         start,
                                  gint64         end,
                                  guint          n_pixels,
                                  guint32       *out_regions)
{
  jx_timeline_summary_sample_exact_marked (trace, streams, n_streams, start, end, n_pixels, out_regions, NULL);
}

void
jx_timeline_summary_sample_exact_marked (JxTrace       *trace,
                                         const guint32 *streams,
                                         guint          n_streams,
                                         gint64         start,
                                         gint64         end,
                                         guint          n_pixels,
                                         guint32       *out_regions,
                                         guint32       *out_marks)
{
  Sink *sink;
  guint n_all, n_valid;

  g_return_if_fail (JX_IS_TRACE (trace));
  g_return_if_fail (streams != NULL || n_streams == 0);
  g_return_if_fail (out_regions != NULL || n_pixels == 0);

  if (n_pixels == 0)
    return;
  if (end <= start)
    end = start + 1;

  n_all = jx_trace_get_n_streams (trace);
  sink = sink_for (jx_trace_get_n_regions (trace), n_all, streams, n_streams, ACC_SLOTS_EXACT,
                   start, end, n_pixels, out_regions, out_marks, &n_valid);

  for (guint i = 0; i < n_streams; i++)
    if (streams[i] < n_all)
      _jx_walk_innermost (jx_trace_get_stream (trace, streams[i]), start, end, sink_segment_cb, sink);
  if (n_valid == 0)
    sink_segment_cb (sink, start, end, JX_NONE);
  sink->finish (sink);
}

void
jx_timeline_summary_sample_depth (JxTimelineSummary  *self,
                                  guint32             stream,
                                  guint               depth,
                                  gint64              start,
                                  gint64              end,
                                  guint               n_pixels,
                                  guint32            *out_regions)
{
  jx_timeline_summary_sample_depth_marked (self, stream, depth, start, end, n_pixels, out_regions, NULL);
}

void
jx_timeline_summary_sample_depth_marked (JxTimelineSummary  *self,
                                         guint32             stream,
                                         guint               depth,
                                         gint64              start,
                                         gint64              end,
                                         guint               n_pixels,
                                         guint32            *out_regions,
                                         guint32            *out_marks)
{
  const JxStream *s;
  const Pyramid *pyr = NULL;
  CallStack *cs;
  Sink *sink;

  g_return_if_fail (self != NULL);
  g_return_if_fail (out_regions != NULL || n_pixels == 0);

  if (n_pixels == 0)
    return;
  if (stream >= self->n_streams)
    {
      for (guint p = 0; p < n_pixels; p++)
        {
          out_regions[p] = JX_NONE;
          if (out_marks != NULL)
            out_marks[p] = JX_NONE;
        }
      return;
    }
  if (end <= start)
    end = start + 1;

  s = jx_trace_get_stream (self->trace, stream);
  g_mutex_lock (&self->mutex);
  cs = self->call_stacks[stream];
  g_mutex_unlock (&self->mutex);
  if (cs != NULL && depth < cs->n_depths)
    pyr = &cs->depths[depth];

  sink = &_jx_row_sink_get (jx_trace_get_n_regions (self->trace), start, end, n_pixels, out_regions, out_marks)->sink;
  if (pyr != NULL && !_jx_stream_uses_walk (s, pyr, start, end, n_pixels))
    {
      _jx_row_sample_pyramid ((RowSink *) sink, pyr);
    }
  else
    {
      GapFiller filler = { sink, start };

      _jx_walk_depth (s, depth, start, end, gap_filler_segment_cb, &filler);
      if (end > filler.last)
        sink_segment_cb (sink, filler.last, end, JX_NONE);
    }
  sink->finish (sink);
}
