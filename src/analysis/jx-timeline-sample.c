/* jx-timeline-sample.c — the dominant region per pixel: from the exact walk
 * when few invocations are in view, else from the pyramid level whose
 * buckets are at most half a pixel wide. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-timeline-summary-private.h"

/* Sampling. Segments (exact walk) and buckets (pyramid) arrive in time order
 * as spans [x0, x1) in pixel units with a few (region, share) entries, where
 * share is the fraction of the span the region occupies. Two sinks:
 *   - a row sink for one stream: one dense occupancy array for the current
 *     pixel, finished as soon as the spans move past it (O(1) per entry, exact);
 *   - a slot sink for aggregates of several streams, whose spans interleave:
 *     a few (region, occupancy) slots per pixel.
 * A single stream's pyramid skips the spans: row_sample_pyramid fills the
 * row sink's pixels directly, with the same result.
 *
 * Marks: where idle time wins a pixel of one row although something ran in
 * it, the row sink can also report the region that ran most there (the
 * pixel's "mark"); it costs nothing on pixels a region wins. Aggregates never
 * need marks: idle only wins where nothing ran. */

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
} RowSink;

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
  for (guint p = 0; p < n_pixels; p++)
    out[p] = JX_NONE;
}

static inline double
sink_x (const Sink *sink,
        gint64      t)
{
  return (double) (t - sink->start) * sink->pixels_per_tick;
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
      row->sink.out[row->current] = winner;
      if (G_UNLIKELY (row->marks != NULL) && winner == JX_NONE)
        row->marks[row->current] = row_busiest (row);
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

static RowSink *
row_sink_get (guint    n_regions,
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

/* Coarsest level with at least BUCKETS_PER_PIXEL buckets per pixel (level 0
 * when even that one is coarser). */
static guint
pyramid_level (const Pyramid *pyr,
               double         ticks_per_pixel)
{
  double target = ticks_per_pixel / BUCKETS_PER_PIXEL;
  guint k = 0;

  while (k + 1 < pyr->n_levels && (double) (pyr->base << (k + 1)) <= target)
    k++;
  return k;
}

/* Pyramid buckets into any sink, as spans in time order (aggregates). */
static void
sink_add_pyramid (Sink          *sink,
                  const Pyramid *pyr,
                  gint64         start,
                  gint64         end)
{
  guint k = pyramid_level (pyr, sink->ticks_per_pixel);
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

/* One pixel [pl, pl + 1) from the nb buckets starting at b: the sums of
 * their entries weighted by overlap (buckets past the pixel weigh zero), and
 * the largest, tracked while adding (see sum_key), with no data-dependent
 * branch. The dense sums are then cleared through the same entries. Always
 * inlined so that a constant nb unrolls. */
static G_ALWAYS_INLINE inline guint32
pyramid_pixel (double      *sums,
               guint32      idle,
               const Entry *level,
               guint64      b,
               guint        nb,
               double       ox,
               double       bw_px,
               double       inv_bw,
               double       pl,
               double       outside)
{
  double pr = pl + 1.0;
  const Entry *first = &level[b * BUCKET_K];
  double x0 = ox + (double) (gint64) b * bw_px;
  guint64 best = sum_key (outside, idle, idle);

  sums[idle] = outside;

  for (guint i = 0; i < nb; i++)
    {
      const Entry *e = &first[i * BUCKET_K];
      double xs = x0 + (double) (int) i * bw_px;
      double w = MAX (MIN (xs + bw_px, pr) - MAX (xs, pl), 0.0) * inv_bw;

      for (guint m = 0; m < BUCKET_K; m++)
        {
          guint32 r = e[m].region < idle ? e[m].region : idle;
          double sum = sums[r] + (double) e[m].occupancy * w;
          guint64 key;

          sums[r] = sum;
          key = sum_key (sum, r, idle);
          best = key > best ? key : best;
        }
    }
  for (guint i = 0; i < nb * BUCKET_K; i++)
    {
      guint32 r = first[i].region;

      sums[r < idle ? r : idle] = 0.0;
    }
  sums[idle] = 0.0;
  return key_region (best, idle);
}

/* pyramid_pixel () over the buckets of pixel [pl, pl + 1), b the first,
 * `most` the most one pixel can overlap. */
static G_ALWAYS_INLINE inline guint32
pyramid_pixel_any (double      *sums,
                   guint32      idle,
                   const Entry *level,
                   guint64      n,
                   guint64      b,
                   guint        most,
                   double       ox,
                   double       bw_px,
                   double       inv_bw,
                   double       pl,
                   double       outside)
{
  guint64 b_end = b;

  if (b + most <= n)
    {
      /* Constant bucket counts, so that the loops unroll. */
      switch (most)
        {
        case 2:
          return pyramid_pixel (sums, idle, level, b, 2, ox, bw_px, inv_bw, pl, outside);
        case 3:
          return pyramid_pixel (sums, idle, level, b, 3, ox, bw_px, inv_bw, pl, outside);
        case 4:
          return pyramid_pixel (sums, idle, level, b, 4, ox, bw_px, inv_bw, pl, outside);
        case 5:
          return pyramid_pixel (sums, idle, level, b, 5, ox, bw_px, inv_bw, pl, outside);
        default:
          break;
        }
    }
  while (b_end < n && ox + (double) b_end * bw_px < pl + 1.0)
    b_end++;
  return pyramid_pixel (sums, idle, level, b, (guint) (b_end - b), ox, bw_px, inv_bw, pl, outside);
}

/* The mark of pixel [pl, pl + 1) whose buckets start at b: the busy region
 * of the bucket that ran most inside the pixel, JX_NONE when none ran. */
static guint32
pyramid_mark (const Busy *busy,
              guint64     n,
              guint64     b,
              double      ox,
              double      bw_px,
              double      pl)
{
  double pr = pl + 1.0;
  guint32 region = JX_NONE;
  double best = 0.0;

  for (guint64 i = b; i < n; i++)
    {
      double xs = ox + (double) (gint64) i * bw_px;
      double w = MIN (xs + bw_px, pr) - MAX (xs, pl);

      if (xs >= pr)
        break;
      if (w > 0.0 && (double) busy[i].time * w > best)
        {
          best = (double) busy[i].time * w;
          region = busy[i].region;
        }
    }
  return region;
}

/* A bucket whose top region strictly leads the runner-up. */
static inline gboolean
bucket_led_by (const Entry *e,
               guint32      region)
{
  return e[0].region == region && e[0].occupancy > e[1].occupancy;
}

/* The whole row of one stream from its pyramid, pixel by pixel (the per-frame
 * cost at middle and coarse zoom): same level and same apportioning of edge
 * buckets as sink_add_pyramid. The row sink must be fresh; pixels outside
 * the pyramid stay idle.
 *
 * Shortcut, with the same result as pyramid_pixel: when every bucket a pixel
 * overlaps is led by the same region, that region gets more of the pixel
 * than any other (it has more of every bucket), so it wins without summing.
 * Runs of such buckets are found once, in the same left-to-right pass, so a
 * pixel inside a run costs a few operations. At coarse zoom one function
 * usually dominates a stretch of pixels. */
static void
row_sample_pyramid (RowSink       *row,
                    const Pyramid *pyr)
{
  Sink *sink = &row->sink;
  double *sums = row->occupancy;
  const guint32 idle = row->n_regions;
  guint k = pyramid_level (pyr, sink->ticks_per_pixel);
  guint64 n = pyr->n_buckets[k];
  const Entry *level = pyr->levels[k];
  const Busy *busy = pyr->busy[k];
  double inv_bw = 1.0 / (double) (pyr->base << k);
  double bw_px = (double) (pyr->base << k) * sink->pixels_per_tick;
  double px_bw = 1.0 / bw_px;
  double ox = sink_x (sink, pyr->origin);
  double ex = ox + (double) n * bw_px;
  /* Most buckets one pixel can overlap. */
  guint most = (guint) MIN (floor (px_bw), 64.0) + 2;
  guint p_first, p_last;
  /* Buckets [run_first, run_end) are all led by run_region. */
  guint64 run_first = 1, run_end = 0, scan_limit;
  guint32 run_region = JX_NONE;

  g_assert (row->n_touched == 0);

  if (n == 0 || !(ex > 0.0) || !(ox < (double) sink->n_pixels))
    return;
  p_first = ox > 0.0 ? (guint) ox : 0;
  p_last = ex < (double) sink->n_pixels ? (guint) ceil (ex) - 1 : sink->n_pixels - 1;
  p_last = MIN (p_last, sink->n_pixels - 1);
  /* Runs are not followed past the row. */
  scan_limit = MIN ((guint64) (gint64) MAX (((double) p_last + 1.0 - ox) * px_bw, 0.0) + 2, n);

  for (guint p = p_first; p <= p_last; p++)
    {
      double pl = (double) p, pr = pl + 1.0;
      double outside = 0.0;
      double fb = (pl - ox) * px_bw;
      /* Signed conversion: one instruction, fb is far below 2^63. */
      guint64 b = fb > 0.0 ? (guint64) (gint64) fb : 0;

      /* First bucket ending after pl (rounding of fb can be one off either
       * way). */
      b = MIN (b, n - 1);
      if (b > 0 && ox + (double) b * bw_px > pl)
        b--;
      if (b + 1 < n && ox + (double) (b + 1) * bw_px <= pl)
        b++;
      if (pl < ox)
        outside += MIN (pr, ox) - pl;
      if (pr > ex)
        outside += pr - MAX (pl, ex);

      if (outside == 0.0)
        {
          double fl = (pr - ox) * px_bw;
          /* Last bucket starting before pr. */
          guint64 last = MIN (fl > 0.0 ? (guint64) (gint64) fl : 0, n - 1);

          if (last > b && ox + (double) last * bw_px >= pr)
            last--;
          if (last + 1 < n && ox + (double) (last + 1) * bw_px < pr)
            last++;
          if (b < run_first || b >= run_end)
            {
              run_first = run_end = b;
              run_region = level[b * BUCKET_K].region;
              while (run_end < scan_limit && bucket_led_by (&level[run_end * BUCKET_K], run_region))
                run_end++;
            }
          if (last < run_end)
            {
              /* Regions past the table count as idle (see row_index). */
              sink->out[p] = run_region < idle ? run_region : JX_NONE;
              if (G_UNLIKELY (row->marks != NULL) && sink->out[p] == JX_NONE)
                row->marks[p] = pyramid_mark (busy, n, b, ox, bw_px, pl);
              continue;
            }
        }

      sink->out[p] = pyramid_pixel_any (sums, idle, level, n, b, most, ox, bw_px, inv_bw, pl, outside);
      if (G_UNLIKELY (row->marks != NULL) && sink->out[p] == JX_NONE)
        row->marks[p] = pyramid_mark (busy, n, b, ox, bw_px, pl);
    }
}

static gboolean
use_exact_walk (const JxStream *s,
                const Pyramid  *pyr,
                gint64          start,
                gint64          end,
                guint           n_pixels)
{
  guint64 visible;

  if (pyr == NULL || pyr->n_levels == 0)
    return TRUE;
  visible = _jx_first_starting_at_or_after (s, end) - _jx_first_starting_at_or_after (s, start);
  if (visible <= (guint64) DIRECT_PER_PIXEL * n_pixels)
    return TRUE;
  /* Level 0 coarser than a pixel: the walk is still affordable. */
  if ((double) pyr->base > (double) (end - start) / n_pixels &&
      visible <= (guint64) DIRECT_PER_PIXEL_COARSE * n_pixels)
    return TRUE;
  return FALSE;
}

static void
sink_add_stream (Sink           *sink,
                 const JxStream *s,
                 const Pyramid  *pyr,
                 gint64          start,
                 gint64          end)
{
  if (use_exact_walk (s, pyr, start, end, sink->n_pixels))
    {
      if (sink->span == row_span)
        _jx_walk_innermost_inline (s, start, end, row_segment_cb, sink);
      else
        _jx_walk_innermost (s, start, end, sink_segment_cb, sink);
    }
  else if (sink->span == row_span)
    row_sample_pyramid ((RowSink *) sink, pyr);
  else
    sink_add_pyramid (sink, pyr, start, end);
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
  guint n_valid = 0;

  g_return_if_fail (self != NULL);
  g_return_if_fail (streams != NULL || n_streams == 0);
  g_return_if_fail (out_regions != NULL || n_pixels == 0);

  if (n_pixels == 0)
    return;
  if (end <= start)
    end = start + 1;

  for (guint i = 0; i < n_streams; i++)
    if (streams[i] < self->n_streams)
      n_valid++;

  if (n_valid <= 1)
    sink = &row_sink_get (jx_trace_get_n_regions (self->trace), start, end, n_pixels, out_regions,
                          out_marks)->sink;
  else
    {
      sink = &slot_sink_get (ACC_SLOTS, start, end, n_pixels, out_regions)->sink;
      if (out_marks != NULL)
        for (guint p = 0; p < n_pixels; p++)
          out_marks[p] = JX_NONE;
    }

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
  guint n_all, n_valid = 0;

  g_return_if_fail (JX_IS_TRACE (trace));
  g_return_if_fail (streams != NULL || n_streams == 0);
  g_return_if_fail (out_regions != NULL || n_pixels == 0);

  if (n_pixels == 0)
    return;
  if (end <= start)
    end = start + 1;

  n_all = jx_trace_get_n_streams (trace);
  for (guint i = 0; i < n_streams; i++)
    if (streams[i] < n_all)
      n_valid++;

  if (n_valid <= 1)
    sink = &row_sink_get (jx_trace_get_n_regions (trace), start, end, n_pixels, out_regions, out_marks)->sink;
  else
    {
      sink = &slot_sink_get (ACC_SLOTS_EXACT, start, end, n_pixels, out_regions)->sink;
      if (out_marks != NULL)
        for (guint p = 0; p < n_pixels; p++)
          out_marks[p] = JX_NONE;
    }

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

  sink = &row_sink_get (jx_trace_get_n_regions (self->trace), start, end, n_pixels, out_regions, out_marks)->sink;
  if (pyr != NULL && !use_exact_walk (s, pyr, start, end, n_pixels))
    {
      row_sample_pyramid ((RowSink *) sink, pyr);
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
