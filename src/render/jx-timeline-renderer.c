/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-renderer.c — the timeline renderer object: per-pixel sampling
 * of rows (from the summary pyramids, or an exact walk while they are not
 * ready), the image of the last frame's rows (blitted as it is for the same
 * window, translated during an offset drag), and the draw entry point that
 * blits rows and calls the overlays (jx-timeline-overlays.c). */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-palette.h"
#include "jx-timeline-renderer-private.h"

/* An exact walk is allowed this many invocations per pixel before a row is
 * marked pending. */
#define WALK_BUDGET_PER_PIXEL 32

G_DEFINE_FINAL_TYPE (JxTimelineRenderer, jx_timeline_renderer, G_TYPE_OBJECT)

static const cairo_user_data_key_t line_owner_key;

/* Renderer object */

static void
jx_timeline_renderer_finalize (GObject *object)
{
  JxTimelineRenderer *self = JX_TIMELINE_RENDERER (object);

  g_clear_pointer (&self->summary, jx_timeline_summary_unref);
  g_clear_pointer (&self->fallback, jx_timeline_summary_unref);
  g_clear_pointer (&self->fold, jx_timeline_fold_unref);
  g_clear_pointer (&self->imbalance, jx_imbalance_unref);
  g_clear_pointer (&self->colors[0], g_free);
  g_clear_pointer (&self->colors[1], g_free);
  g_clear_pointer (&self->labels, g_hash_table_unref);
  g_clear_object (&self->pango);
  g_clear_pointer (&self->cache_image, cairo_surface_destroy);
  g_clear_pointer (&self->cache_marks, cairo_surface_destroy);
  g_clear_pointer (&self->cache_mark_rows, g_free);
  g_clear_pointer (&self->regions, g_free);
  g_clear_pointer (&self->marks, g_free);
  g_clear_pointer (&self->stream_row, g_free);
  g_clear_pointer (&self->diff_pixels, g_free);
  g_clear_object (&self->trace);

  G_OBJECT_CLASS (jx_timeline_renderer_parent_class)->finalize (object);
}

static void
jx_timeline_renderer_class_init (JxTimelineRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = jx_timeline_renderer_finalize;
}

static void
jx_timeline_renderer_init (JxTimelineRenderer *self)
{
  self->labels = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_object_unref);
}

JxTimelineRenderer *
jx_timeline_renderer_new (JxTrace *trace)
{
  JxTimelineRenderer *self;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  self = g_object_new (JX_TYPE_TIMELINE_RENDERER, NULL);
  self->trace = g_object_ref (trace);
  self->stream_row = g_new (guint32, MAX (jx_trace_get_n_streams (trace), 1));
  return self;
}

JxTrace *
jx_timeline_renderer_get_trace (JxTimelineRenderer *self)
{
  g_return_val_if_fail (JX_IS_TIMELINE_RENDERER (self), NULL);

  return self->trace;
}

void
jx_timeline_renderer_set_summary (JxTimelineRenderer *self,
                                  JxTimelineSummary  *summary)
{
  g_return_if_fail (JX_IS_TIMELINE_RENDERER (self));
  g_return_if_fail (summary == NULL || jx_timeline_summary_get_trace (summary) == self->trace);

  if (summary == self->summary)
    return;
  if (summary != NULL)
    jx_timeline_summary_ref (summary);
  g_clear_pointer (&self->summary, jx_timeline_summary_unref);
  self->summary = summary;
  g_clear_pointer (&self->cache_image, cairo_surface_destroy);
  g_clear_pointer (&self->cache_marks, cairo_surface_destroy);
}

JxTimelineSummary *
jx_timeline_renderer_get_summary (JxTimelineRenderer *self)
{
  g_return_val_if_fail (JX_IS_TIMELINE_RENDERER (self), NULL);

  return self->summary;
}

void
jx_timeline_renderer_set_fold (JxTimelineRenderer *self,
                               JxTimelineFold     *fold)
{
  g_return_if_fail (JX_IS_TIMELINE_RENDERER (self));
  g_return_if_fail (fold == NULL || jx_stream_groups_get_trace (jx_timeline_fold_get_groups (fold)) == self->trace);

  if (fold == self->fold)
    return;
  if (fold != NULL)
    jx_timeline_fold_ref (fold);
  g_clear_pointer (&self->fold, jx_timeline_fold_unref);
  self->fold = fold;
  g_clear_pointer (&self->cache_image, cairo_surface_destroy);
  g_clear_pointer (&self->cache_marks, cairo_surface_destroy);
}

JxTimelineFold *
jx_timeline_renderer_get_fold (JxTimelineRenderer *self)
{
  g_return_val_if_fail (JX_IS_TIMELINE_RENDERER (self), NULL);
  return self->fold;
}

void
jx_timeline_renderer_set_imbalance (JxTimelineRenderer *self,
                                    JxImbalance        *imbalance)
{
  g_return_if_fail (JX_IS_TIMELINE_RENDERER (self));
  g_return_if_fail (imbalance == NULL || jx_imbalance_get_trace (imbalance) == self->trace);

  if (imbalance == self->imbalance)
    return;
  if (imbalance != NULL)
    jx_imbalance_ref (imbalance);
  g_clear_pointer (&self->imbalance, jx_imbalance_unref);
  self->imbalance = imbalance;
}

JxImbalance *
jx_timeline_renderer_get_imbalance (JxTimelineRenderer *self)
{
  g_return_val_if_fail (JX_IS_TIMELINE_RENDERER (self), NULL);
  return self->imbalance;
}

/* The fold group a header row shows, JX_NONE for an aggregate of the old
 * kind (layouts without groups). */
static guint32
row_fold_group (JxTimelineRenderer  *self,
                const JxTimelineRow *row)
{
  if (self->fold == NULL || row->group == JX_NONE ||
      (row->kind != JX_TIMELINE_ROW_PROCESS && row->kind != JX_TIMELINE_ROW_GROUP) ||
      row->group >= jx_stream_groups_get_n_groups (jx_timeline_fold_get_groups (self->fold)))
    return JX_NONE;
  return row->group;
}

const guint32 *
_jx_timeline_renderer_row_streams (JxTimelineRenderer  *self,
                                   const JxTimelineRow *row,
                                   guint               *n)
{
  guint32 group = row_fold_group (self, row);

  if (group != JX_NONE)
    {
      const JxStreamGroup *g = jx_stream_groups_get_group (jx_timeline_fold_get_groups (self->fold), group);

      *n = g->n_members;
      return g->members;
    }
  if (row->kind == JX_TIMELINE_ROW_STREAM && row->stream < jx_trace_get_n_streams (self->trace))
    {
      *n = 1;
      return &row->stream;
    }
  *n = 0;
  return NULL;
}

static JxTimelineSummary *
effective_summary (JxTimelineRenderer *self)
{
  if (self->summary != NULL)
    return self->summary;
  if (self->fallback == NULL)
    self->fallback = jx_timeline_summary_new_unbuilt (self->trace);
  return self->fallback;
}

static const guint32 *
color_table (JxTimelineRenderer *self,
             gboolean            dark)
{
  guint i = dark ? 1 : 0;

  if (self->colors[i] == NULL)
    self->colors[i] = jx_palette_region_table_new (self->trace, dark);
  return self->colors[i];
}

static guint32 *
row_buffer (JxTimelineRenderer *self,
            guint               n)
{
  if (n > self->regions_len)
    {
      g_free (self->regions);
      g_free (self->marks);
      self->regions = g_new (guint32, n);
      self->marks = g_new (guint32, n);
      self->regions_len = n;
    }
  return self->regions;
}

static guint64
visible_invocations (const JxStream *s,
                     gint64          start,
                     gint64          end)
{
  guint32 bounds[2];
  gint64 times[2] = { start, end };

  for (guint k = 0; k < 2; k++)
    {
      guint32 lo = 0, hi = s->n_invocations;

      while (lo < hi)
        {
          guint32 mid = lo + (hi - lo) / 2;

          if ((gint64) s->start[mid] < times[k])
            lo = mid + 1;
          else
            hi = mid;
        }
      bounds[k] = lo;
    }
  return bounds[1] - bounds[0];
}

/* Without pyramids (summary still being built, call-stack levels not yet
 * ensured) rows are walked exactly; past a budget they are marked pending
 * instead, so that a big trace stays responsive until its summary arrives. */
static gboolean
row_pending (JxTimelineRenderer  *self,
             const JxTimelineRow *row,
             gint64               start,
             gint64               end,
             guint                n_pixels)
{
  guint64 budget = (guint64) WALK_BUDGET_PER_PIXEL * MAX (n_pixels, 16u);
  guint64 visible = 0;
  guint32 group = row_fold_group (self, row);

  if (group != JX_NONE)
    return !jx_timeline_fold_is_cheap (self->fold, group, start, end, n_pixels);

  switch (row->kind)
    {
    case JX_TIMELINE_ROW_STREAM:
      if (self->summary != NULL)
        return FALSE;
      visible = visible_invocations (jx_trace_get_stream (self->trace, row->stream), start, end);
      break;

    case JX_TIMELINE_ROW_PROCESS:
      {
        const JxProcess *p = jx_trace_get_process (self->trace, row->process);

        if (self->summary != NULL)
          return FALSE;
        for (guint32 k = 0; k < p->n_streams; k++)
          visible += visible_invocations (jx_trace_get_stream (self->trace, p->first_stream + k),
                                          start, end);
      }
      break;

    case JX_TIMELINE_ROW_DEPTH:
      if (self->summary != NULL && jx_timeline_summary_has_call_stack (self->summary, row->stream))
        return FALSE;
      visible = visible_invocations (jx_trace_get_stream (self->trace, row->stream), start, end);
      break;

    case JX_TIMELINE_ROW_GROUP:
    case JX_TIMELINE_ROW_DIFF:
    case JX_TIMELINE_ROW_COUNTER:
    default:
      return FALSE;
    }
  return visible > budget;
}

void
_jx_timeline_renderer_sample_row (JxTimelineRenderer  *self,
                                  const JxTimelineRow *row,
                                  gint64               start,
                                  gint64               end,
                                  guint                n_pixels,
                                  guint32             *out)
{
  _jx_timeline_renderer_sample_row_marked (self, row, start, end, n_pixels, out, NULL);
}

void
_jx_timeline_renderer_sample_row_marked (JxTimelineRenderer  *self,
                                         const JxTimelineRow *row,
                                         gint64               start,
                                         gint64               end,
                                         guint                n_pixels,
                                         guint32             *out,
                                         guint32             *marks)
{
  JxTimelineSummary *summary = effective_summary (self);

  if (marks != NULL)
    for (guint p = 0; p < n_pixels; p++)
      marks[p] = JX_NONE;
  if (row_pending (self, row, start, end, n_pixels))
    {
      for (guint p = 0; p < n_pixels; p++)
        out[p] = JX_TIMELINE_PENDING_REGION;
      return;
    }
  if (row_fold_group (self, row) != JX_NONE)
    {
      jx_timeline_fold_sample (self->fold, row->group, start, end, n_pixels, out, marks);
      return;
    }

  switch (row->kind)
    {
    case JX_TIMELINE_ROW_STREAM:
      jx_timeline_summary_sample_marked (summary, &row->stream, 1, start, end, n_pixels, out, marks);
      break;

    case JX_TIMELINE_ROW_PROCESS:
      {
        const JxProcess *p = jx_trace_get_process (self->trace, row->process);
        guint32 streams[64];
        guint32 *list = streams;

        if (p->n_streams > G_N_ELEMENTS (streams))
          list = g_new (guint32, p->n_streams);
        for (guint32 k = 0; k < p->n_streams; k++)
          list[k] = p->first_stream + k;
        jx_timeline_summary_sample (summary, list, p->n_streams, start, end, n_pixels, out);
        if (list != streams)
          g_free (list);
      }
      break;

    case JX_TIMELINE_ROW_DEPTH:
      jx_timeline_summary_sample_depth_marked (summary, row->stream, row->depth, start, end, n_pixels, out, marks);
      break;

    case JX_TIMELINE_ROW_GROUP:
    case JX_TIMELINE_ROW_DIFF:
    case JX_TIMELINE_ROW_COUNTER:
    default:
      for (guint p = 0; p < n_pixels; p++)
        out[p] = JX_NONE;
      break;
    }
}

void
_jx_timeline_row_band (const JxTimelineView *view,
                       const JxTimelineRow  *row,
                       int                  *y,
                       int                  *h)
{
  *y = row->y - view->scroll_y;
  *h = row->height;
  if (*h >= 6)
    *h -= 1;
  if ((row->kind == JX_TIMELINE_ROW_PROCESS || row->kind == JX_TIMELINE_ROW_GROUP) && !row->collapsed && *h >= 8)
    {
      *y += *h / 4;
      *h /= 2;
    }
}

/* The window comes first: an offset drag compares the rest. */
typedef struct
{
  gint64   start;
  gint64   end;
  gpointer summary;
  guint32  rows_hash;
  guint32  mask_hash;
  guint32  idle_pixel;
  guint32  background_hash;
  guint32  first;
  guint32  last;
  gint32   width;
  gint32   scroll_y;
  gint32   dark;
  gpointer fold;
  guint32  diff_hash;
} CacheKey;

G_STATIC_ASSERT (sizeof (CacheKey) <= 96);
#define CACHE_KEY_REST G_STRUCT_OFFSET (CacheKey, summary)

static guint32
hash_bytes (const void *data,
            gsize       size)
{
  const guchar *p = data;
  guint32 h = 2166136261u;

  for (gsize i = 0; i < size; i++)
    {
      h ^= p[i];
      h *= 16777619u;
    }
  return h;
}

/* Content hashes, not pointers: callers may rebuild rows or masks in place. */
static void
cache_key_fill (JxTimelineRenderer   *self,
                const JxTimelineView *view,
                guint                 first,
                guint                 last,
                guint32               idle_pixel,
                guint8               *out)
{
  CacheKey key;

  memset (&key, 0, sizeof key);
  key.start = view->start;
  key.end = view->end;
  key.summary = effective_summary (self);
  key.rows_hash = hash_bytes (view->rows + first, (last - first) * sizeof (JxTimelineRow));
  key.mask_hash = view->search_mask != NULL
                  ? hash_bytes (view->search_mask, jx_trace_get_n_regions (self->trace)) | 1u
                  : 0;
  key.idle_pixel = idle_pixel;
  key.background_hash = hash_bytes (&view->background, sizeof view->background);
  key.first = first;
  key.last = last;
  key.width = view->width - view->label_width;
  key.scroll_y = view->scroll_y;
  key.dark = view->dark ? 1 : 0;
  key.fold = self->fold;
  key.diff_hash = _jx_timeline_diff_hash (view, first, last);
  memset (out, 0, 96);
  memcpy (out, &key, sizeof key);
}

static guint32
blend_pixel (guint32        pixel,
             const JxRgba  *over,
             double         amount)
{
  double r = ((pixel >> 16) & 0xff) / 255.0;
  double g = ((pixel >> 8) & 0xff) / 255.0;
  double b = (pixel & 0xff) / 255.0;
  JxRgba out;

  out.red = r + (over->red - r) * amount;
  out.green = g + (over->green - g) * amount;
  out.blue = b + (over->blue - b) * amount;
  out.alpha = 1.0f;
  return jx_palette_rgba_to_pixel (&out);
}

void
_jx_timeline_fill_line (cairo_t         *cr,
                        cairo_surface_t *line,
                        int              x,
                        int              y,
                        int              width,
                        int              height)
{
  cairo_pattern_t *pattern = cairo_pattern_create_for_surface (line);
  cairo_matrix_t matrix;

  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_REPEAT);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
  cairo_matrix_init_translate (&matrix, -x, -y);
  cairo_pattern_set_matrix (pattern, &matrix);
  cairo_set_source (cr, pattern);
  cairo_rectangle (cr, x, y, width, height);
  cairo_fill (cr);
  cairo_pattern_destroy (pattern);
}

/* Fills [x0, x1) x [y, y + height) with a one-line surface whose first
 * pixel is at anchor_x, repeated sideways and downwards. */
static void
paint_line (cairo_t         *cr,
            cairo_surface_t *line,
            int              anchor_x,
            int              x0,
            int              x1,
            int              y,
            int              height)
{
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;

  if (x1 <= x0 || height <= 0)
    return;
  pattern = cairo_pattern_create_for_surface (line);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_REPEAT);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
  cairo_matrix_init_translate (&matrix, -anchor_x, -y);
  cairo_pattern_set_matrix (pattern, &matrix);
  cairo_set_source (cr, pattern);
  cairo_rectangle (cr, x0, y, x1 - x0, height);
  cairo_fill (cr);
  cairo_pattern_destroy (pattern);
}

/* A row line of `width` px sampled `shift` px left of where it goes now,
 * drawn there and clipped to [x, x + width). */
static void
fill_line_shifted (cairo_t         *cr,
                   cairo_surface_t *line,
                   int              x,
                   int              y,
                   int              width,
                   int              height,
                   int              shift)
{
  if (shift == 0)
    _jx_timeline_fill_line (cr, line, x, y, width, height);
  else
    paint_line (cr, line, x + shift, MAX (x, x + shift), MIN (x + width, x + width + shift), y, height);
}

/* Line r of an image as a surface of its own that keeps the image alive
 * (a recording target, GTK's cairo nodes, replays it later). */
static cairo_surface_t *
image_line (cairo_surface_t *image,
            guint            r,
            int              width)
{
  int stride = cairo_image_surface_get_stride (image);
  cairo_surface_t *line = cairo_image_surface_create_for_data (cairo_image_surface_get_data (image) + (gsize) r * stride,
                                                               CAIRO_FORMAT_ARGB32, width, 1, stride);

  cairo_surface_set_user_data (line, &line_owner_key, cairo_surface_reference (image),
                               (cairo_destroy_func_t) cairo_surface_destroy);
  return line;
}

/* The marks of row `index` (of the visible rows) into the marks image,
 * created on the first mark of a frame. */
static void
draw_marks_line (JxTimelineRenderer  *self,
                 cairo_surface_t    **marks_image,
                 int                  tw,
                 guint                n_visible,
                 guint                index,
                 const guint32       *colors,
                 guint                n_regions)
{
  guint32 *line = NULL;

  for (int x = 0; x < tw; x++)
    {
      guint32 mark = self->marks[x];

      if (mark >= n_regions)
        continue;
      if (line == NULL)
        {
          if (*marks_image == NULL)
            {
              /* Cairo clears new image surfaces: no mark is transparent. */
              *marks_image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, tw, (int) n_visible);
              cairo_surface_flush (*marks_image);
            }
          line = (guint32 *) (gpointer) (cairo_image_surface_get_data (*marks_image) +
                                         (gsize) index * cairo_image_surface_get_stride (*marks_image));
          self->cache_mark_rows[index] = TRUE;
        }
      line[x] = colors[mark];
    }
}

/* Marks sit at the bottom of their row band: a third of it, at least 2 px
 * (all of very low rows), so that they read as "something small ran here". */
static void
blit_marks (JxTimelineRenderer   *self,
            cairo_t              *cr,
            const JxTimelineView *view,
            cairo_surface_t      *marks_image,
            guint                 first,
            guint                 last,
            int                   tw,
            int                   shift)
{
  for (guint r = first; r < last; r++)
    {
      cairo_surface_t *line;
      int y, h, mh;

      if (!self->cache_mark_rows[r - first])
        continue;
      _jx_timeline_row_band (view, &view->rows[r], &y, &h);
      mh = h <= 4 ? h : MAX (2, h / 3);
      line = image_line (marks_image, r - first, tw);
      fill_line_shifted (cr, line, view->label_width, y + h - mh, tw, mh, shift);
      cairo_surface_destroy (line);
    }
}

/* During an offset drag: TRUE when the view differs from the cached frame
 * only by sliding sideways (the same width in ticks, within a quarter pixel
 * over the whole width); *shift receives by how many px the cached rows
 * move (right for a window that starts at earlier ticks). */
static gboolean
slid_sideways (JxTimelineRenderer   *self,
               const JxTimelineView *view,
               const guint8         *key,
               int                   tw,
               int                  *shift)
{
  CacheKey cached;
  gint64 old_width, new_width;

  if (!view->offset_drag || self->cache_image == NULL ||
      memcmp (key + CACHE_KEY_REST, self->cache_key + CACHE_KEY_REST, sizeof self->cache_key - CACHE_KEY_REST) != 0)
    return FALSE;
  memcpy (&cached, self->cache_key, sizeof cached);
  old_width = cached.end - cached.start;
  new_width = view->end - view->start;
  if (old_width <= 0 || ABS (new_width - old_width) * 4.0 * tw > (double) old_width)
    return FALSE;
  *shift = (int) CLAMP (llround ((double) (cached.start - view->start) * tw / (double) old_width), -tw, tw);
  return TRUE;
}

/* The columns a translated frame uncovers, in the look of rows that are not
 * sampled yet (stripes anchored at the time area's left edge, as there). */
static void
paint_uncovered (cairo_t              *cr,
                 const JxTimelineView *view,
                 guint                 first,
                 guint                 last,
                 int                   tw,
                 int                   shift,
                 guint32               pending_pixel,
                 guint32               idle_pixel)
{
  cairo_surface_t *stripes = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 8, 1);
  guint32 *pixels = (guint32 *) (gpointer) cairo_image_surface_get_data (stripes);
  int x0 = shift > 0 ? view->label_width : view->label_width + tw + shift;
  int x1 = shift > 0 ? view->label_width + shift : view->label_width + tw;

  cairo_surface_flush (stripes);
  for (int x = 0; x < 8; x++)
    pixels[x] = x < 4 ? pending_pixel : idle_pixel;
  cairo_surface_mark_dirty (stripes);
  for (guint r = first; r < last; r++)
    {
      int y, h;

      _jx_timeline_row_band (view, &view->rows[r], &y, &h);
      paint_line (cr, stripes, view->label_width, x0, x1, y, h);
    }
  cairo_surface_destroy (stripes);
}

guint
jx_timeline_renderer_get_n_samplings (JxTimelineRenderer *self)
{
  g_return_val_if_fail (JX_IS_TIMELINE_RENDERER (self), 0);
  return self->n_samplings;
}

void
jx_timeline_renderer_draw (JxTimelineRenderer   *self,
                           cairo_t              *cr,
                           const JxTimelineView *view)
{
  int tw;
  guint first = 0, last, n_visible;
  const guint32 *colors;
  guint32 *dim = NULL;
  guint32 *regions;
  cairo_surface_t *image = NULL;
  cairo_surface_t *marks_image = NULL;
  guchar *data = NULL;
  int stride = 0;
  guint n_regions;
  guint32 idle_pixel = 0;
  guint32 pending_pixel;
  gboolean opaque = view->background.alpha >= 1.0f;
  int shift = 0;

  g_return_if_fail (JX_IS_TIMELINE_RENDERER (self));
  g_return_if_fail (cr != NULL);
  g_return_if_fail (view != NULL);
  g_return_if_fail (view->rows != NULL || view->n_rows == 0);

  if (view->width <= 0 || view->height <= 0)
    return;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, view->width, view->height);
  cairo_clip (cr);

  /* Rows intersecting [scroll_y, scroll_y + height). */
  first = 0;
  while (first < view->n_rows &&
         view->rows[first].y + view->rows[first].height <= view->scroll_y)
    first++;
  last = first;
  while (last < view->n_rows && view->rows[last].y < view->scroll_y + view->height)
    last++;
  n_visible = last - first;

  tw = _jx_timeline_view_time_width (view);
  n_regions = jx_trace_get_n_regions (self->trace);
  colors = color_table (self, view->dark);
  if (view->search_mask != NULL)
    {
      dim = g_new (guint32, MAX (n_regions, 1));
      for (guint r = 0; r < n_regions; r++)
        dim[r] = view->search_mask[r] ? colors[r]
                                      : blend_pixel (colors[r], &view->background, 0.8);
      colors = dim;
    }

  {
    JxRgba grey = view->dark ? (JxRgba) { 1.0f, 1.0f, 1.0f, 1.0f } : (JxRgba) { 0.0f, 0.0f, 0.0f, 1.0f };

    pending_pixel = blend_pixel (jx_palette_rgba_to_pixel (&view->background), &grey, 0.12);
  }

  /* On an opaque background idle pixels take its colour, so that rows can be
   * copied instead of blended, and the background is only painted around
   * them (every pixel written once). */
  jx_palette_cairo_set_source (cr, &view->background);
  if (opaque && tw > 0 && n_visible > 0 && view->end > view->start)
    {
      idle_pixel = jx_palette_rgba_to_pixel (&view->background);
      cairo_rectangle (cr, 0, 0, view->width, view->height);
      for (guint r = first; r < last; r++)
        {
          int y, h;

          _jx_timeline_row_band (view, &view->rows[r], &y, &h);
          cairo_rectangle (cr, view->label_width, y, tw, h);
        }
      cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
      cairo_fill (cr);
      cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
    }
  else
    {
      cairo_paint (cr);
    }

  if (tw > 0 && n_visible > 0 && view->end > view->start)
    {
      guint8 key[96];

      cache_key_fill (self, view, first, last, idle_pixel, key);
      if (self->cache_image != NULL && memcmp (key, self->cache_key, sizeof key) == 0)
        {
          image = cairo_surface_reference (self->cache_image);
          if (self->cache_marks != NULL)
            marks_image = cairo_surface_reference (self->cache_marks);
        }
      else if (slid_sideways (self, view, key, tw, &shift))
        {
          /* The cache keeps the frame sampled before the drag: each frame of
           * the drag translates that one, so nothing accumulates. */
          image = cairo_surface_reference (self->cache_image);
          if (self->cache_marks != NULL)
            marks_image = cairo_surface_reference (self->cache_marks);
        }
      else
        {
          gboolean pending = FALSE;

          self->n_samplings++;
          regions = row_buffer (self, (guint) tw);
          image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, tw, (int) n_visible);
          data = cairo_image_surface_get_data (image);
          stride = cairo_image_surface_get_stride (image);
          cairo_surface_flush (image);
          g_clear_pointer (&self->cache_mark_rows, g_free);
          self->cache_mark_rows = g_new0 (guint8, n_visible);

          for (guint r = first; r < last; r++)
            {
              guint32 *line = (guint32 *) (gpointer) (data + (gsize) (r - first) * stride);

              if (view->rows[r].kind == JX_TIMELINE_ROW_DIFF)
                {
                  _jx_timeline_diff_fill_line (self, view, &view->rows[r], (guint) tw, idle_pixel,
                                               pending_pixel, line);
                  continue;
                }
              if (view->rows[r].kind == JX_TIMELINE_ROW_COUNTER)
                {
                  /* Drawn as a line over the row (jx-timeline-counter.c). */
                  for (int x = 0; x < tw; x++)
                    line[x] = idle_pixel;
                  continue;
                }
              _jx_timeline_renderer_sample_row_marked (self, &view->rows[r], view->start, view->end, (guint) tw,
                                                       regions, self->marks);
              draw_marks_line (self, &marks_image, tw, n_visible, r - first, colors, n_regions);
              for (int x = 0; x < tw; x++)
                {
                  guint32 region = regions[x];

                  if (region < n_regions)
                    line[x] = colors[region];
                  else if (region == JX_TIMELINE_PENDING_REGION)
                    {
                      line[x] = (x / 4) % 2 == 0 ? pending_pixel : idle_pixel;
                      pending = TRUE;
                    }
                  else
                    line[x] = idle_pixel;
                }
            }
          cairo_surface_mark_dirty (image);
          if (marks_image != NULL)
            cairo_surface_mark_dirty (marks_image);
          /* Pending rows fill in once pyramids arrive: nothing to re-use. */
          g_clear_pointer (&self->cache_image, cairo_surface_destroy);
          g_clear_pointer (&self->cache_marks, cairo_surface_destroy);
          if (!pending)
            {
              self->cache_image = cairo_surface_reference (image);
              if (marks_image != NULL)
                self->cache_marks = cairo_surface_reference (marks_image);
              memcpy (self->cache_key, key, sizeof key);
            }
        }
      if (opaque)
        cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);

      /* Each row is one line of the image, repeated downwards: pixman copies
       * lines (its tiled-repeat fast path) instead of scaling pixels. The
       * line surfaces share the image's memory and keep it alive, since a
       * recording target (GTK cairo nodes) replays them later. */
      for (guint r = first; r < last; r++)
        {
          cairo_surface_t *line = image_line (image, r - first, tw);
          int y, h;

          _jx_timeline_row_band (view, &view->rows[r], &y, &h);
          fill_line_shifted (cr, line, view->label_width, y, tw, h, shift);
          cairo_surface_destroy (line);
        }
      if (shift != 0)
        paint_uncovered (cr, view, first, last, tw, shift, pending_pixel, idle_pixel);
      cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
      if (marks_image != NULL)
        blit_marks (self, cr, view, marks_image, first, last, tw, shift);
      cairo_surface_destroy (image);
      g_clear_pointer (&marks_image, cairo_surface_destroy);
    }

  /* Thin separators between processes. */
  if (tw > 0)
    {
      jx_palette_cairo_set_text (cr, view->dark, 0.18);
      cairo_set_line_width (cr, 1.0);
      for (guint r = first; r < last; r++)
        if (view->rows[r].first_in_process && r > 0)
          {
            double y = view->rows[r].y - view->scroll_y + 0.5;

            cairo_move_to (cr, 0, y);
            cairo_line_to (cr, view->width, y);
          }
      cairo_stroke (cr);
    }

  if (view->show_sos && self->imbalance != NULL && tw > 0)
    _jx_timeline_renderer_draw_sos (self, cr, view, first, last);
  if (view->highlight_offset != NULL && tw > 0)
    _jx_timeline_renderer_draw_call_highlight (self, cr, view, first, last);
  if (view->selected_invocation != JX_NONE)
    _jx_timeline_renderer_draw_selection (self, cr, view, first, last);
  if (view->show_messages && tw > 0)
    _jx_timeline_renderer_draw_messages (self, cr, view);
  if (view->show_markers && tw > 0)
    _jx_timeline_renderer_draw_markers (self, cr, view);
  if (view->label_width > 0)
    _jx_timeline_renderer_draw_labels (self, cr, view, first, last);
  if (view->counter_metric != JX_NONE && tw > 0)
    _jx_timeline_renderer_draw_counters (self, cr, view, first, last);

  cairo_restore (cr);
  g_free (dim);
}

