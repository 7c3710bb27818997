#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "jx-palette.h"
#include "jx-timeline-renderer.h"

/* Messages and markers are only drawn when few enough are in view to read. */
#define MAX_MESSAGES 1500
#define MAX_MARKERS 400
#define EXPANDER_WIDTH 14
/* Pixel value of rows not sampled yet (see row_pending). */
#define PENDING_REGION (JX_NONE - 1)
#define WALK_BUDGET_PER_PIXEL 32
#define LABEL_PADDING 4

struct _JxTimelineRenderer
{
  GObject            parent_instance;

  JxTrace           *trace;
  JxTimelineSummary *summary;
  JxTimelineSummary *fallback;     /* exact-only summary until one is set */
  guint32           *colors[2];    /* region -> pixel, light and dark */

  PangoContext      *pango;
  GHashTable        *labels;       /* row key -> PangoLayout */

  /* The sampled rows of the last frame: redraws for hover, selection or
   * tooltips with the same window, rows and colours skip the sampling. */
  cairo_surface_t   *cache_image;
  guint8             cache_key[64];

  guint32           *regions;      /* scratch, one row */
  guint              regions_len;
  guint32           *stream_row;   /* scratch: stream -> row index or G_MAXUINT32 */
};

G_DEFINE_FINAL_TYPE (JxTimelineRenderer, jx_timeline_renderer, G_TYPE_OBJECT)

static const cairo_user_data_key_t line_owner_key;

/* Layout */

void
jx_timeline_layout_params_init (JxTimelineLayoutParams *params)
{
  g_return_if_fail (params != NULL);

  memset (params, 0, sizeof *params);
  params->row_height = 18;
  params->header_height = 18;
  params->call_stack_process = JX_NONE;
}

static void
append_row (GArray            *rows,
            int               *y,
            JxTimelineRowKind  kind,
            guint32            process,
            guint32            stream,
            guint16            depth,
            gboolean           collapsed,
            gboolean           first,
            int                height)
{
  JxTimelineRow row = { 0 };

  row.kind = kind;
  row.process = process;
  row.stream = stream;
  row.depth = depth;
  row.collapsed = collapsed ? 1 : 0;
  row.first_in_process = first ? 1 : 0;
  row.y = *y;
  row.height = MAX (height, 1);
  *y += row.height;
  g_array_append_val (rows, row);
}

GArray *
jx_timeline_layout_new (JxTrace                      *trace,
                        const JxTimelineLayoutParams *params,
                        int                          *total_height)
{
  JxTimelineLayoutParams defaults;
  GArray *rows;
  guint n_processes;
  int y = 0;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  if (params == NULL)
    {
      jx_timeline_layout_params_init (&defaults);
      params = &defaults;
    }

  rows = g_array_new (FALSE, TRUE, sizeof (JxTimelineRow));
  n_processes = jx_trace_get_n_processes (trace);
  for (guint32 p = 0; p < n_processes; p++)
    {
      const JxProcess *process = jx_trace_get_process (trace, p);
      gboolean collapsed = params->collapsed != NULL && params->collapsed[p];
      gboolean call_stack = params->call_stack_process == p;
      gboolean first = TRUE;

      if (process->n_streams == 0)
        continue;

      if (process->n_streams > 1)
        {
          append_row (rows, &y, JX_TIMELINE_ROW_PROCESS, p, JX_NONE, 0, collapsed, TRUE,
                      params->header_height);
          first = FALSE;
          if (collapsed)
            continue;
        }

      for (guint32 k = 0; k < process->n_streams; k++)
        {
          guint32 sid = process->first_stream + k;
          const JxStream *s = jx_trace_get_stream (trace, sid);

          append_row (rows, &y, JX_TIMELINE_ROW_STREAM, p, sid, 0, FALSE, first,
                      params->row_height);
          first = FALSE;
          if (call_stack)
            for (guint16 d = 0; d < s->max_depth; d++)
              append_row (rows, &y, JX_TIMELINE_ROW_DEPTH, p, sid, d, FALSE, FALSE,
                          params->row_height);
        }
    }

  if (total_height != NULL)
    *total_height = y;
  return rows;
}

int
jx_timeline_layout_row_at (const JxTimelineRow *rows,
                           guint                n_rows,
                           int                  y)
{
  guint lo = 0, hi = n_rows;

  g_return_val_if_fail (rows != NULL || n_rows == 0, -1);

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (rows[mid].y + rows[mid].height <= y)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo < n_rows && rows[lo].y <= y && y < rows[lo].y + rows[lo].height)
    return (int) lo;
  return -1;
}

/* Time conversions */

gint64
jx_timeline_comparison_to_ticks (JxTrace *trace,
                                 gint64   offset_ns,
                                 gint64   comparison_ns)
{
  gint64 start;

  g_return_val_if_fail (JX_IS_TRACE (trace), 0);

  start = (gint64) jx_trace_get_start_time (trace);
  return start + jx_time_ns_to_ticks (comparison_ns - offset_ns, jx_trace_get_timer_resolution (trace));
}

gint64
jx_timeline_ticks_to_comparison (JxTrace *trace,
                                 gint64   offset_ns,
                                 gint64   ticks)
{
  gint64 rel;

  g_return_val_if_fail (JX_IS_TRACE (trace), 0);

  rel = ticks - (gint64) jx_trace_get_start_time (trace);
  return jx_trace_ticks_to_ns (trace, rel) + offset_ns;
}

guint8 *
jx_timeline_search_mask_new (JxTrace    *trace,
                             const char *text,
                             guint      *n_matches)
{
  g_autofree char *needle = NULL;
  guint n, matches = 0;
  guint8 *mask;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  if (n_matches != NULL)
    *n_matches = 0;
  if (text == NULL || *text == '\0')
    return NULL;

  needle = g_utf8_casefold (text, -1);
  n = jx_trace_get_n_regions (trace);
  mask = g_new0 (guint8, MAX (n, 1));
  for (guint r = 0; r < n; r++)
    {
      const JxRegion *region = jx_trace_get_region (trace, r);
      g_autofree char *name = g_utf8_casefold (region->name != NULL ? region->name : "", -1);

      if (strstr (name, needle) != NULL)
        {
          mask[r] = 1;
          matches++;
        }
    }
  if (n_matches != NULL)
    *n_matches = matches;
  return mask;
}

/* View */

void
jx_timeline_view_init (JxTimelineView *view)
{
  g_return_if_fail (view != NULL);

  memset (view, 0, sizeof *view);
  view->end = 1;
  view->selected_stream = JX_NONE;
  view->selected_invocation = JX_NONE;
  view->show_messages = TRUE;
  view->show_markers = TRUE;
  view->background.red = view->background.green = view->background.blue = 1.0f;
  view->background.alpha = 1.0f;
}

static int
time_width (const JxTimelineView *view)
{
  return MAX (view->width - MAX (view->label_width, 0), 0);
}

static double
ticks_per_pixel (const JxTimelineView *view)
{
  int w = MAX (time_width (view), 1);

  return (double) MAX (view->end - view->start, 1) / (double) w;
}

double
jx_timeline_view_tick_to_x (const JxTimelineView *view,
                            gint64                ticks)
{
  g_return_val_if_fail (view != NULL, 0.0);

  return view->label_width + (double) (ticks - view->start) / ticks_per_pixel (view);
}

gint64
jx_timeline_view_x_to_tick (const JxTimelineView *view,
                            double                x)
{
  g_return_val_if_fail (view != NULL, 0);

  return view->start + (gint64) floor ((x - view->label_width) * ticks_per_pixel (view));
}

/* Renderer object */

static void
jx_timeline_renderer_finalize (GObject *object)
{
  JxTimelineRenderer *self = JX_TIMELINE_RENDERER (object);

  g_clear_pointer (&self->summary, jx_timeline_summary_unref);
  g_clear_pointer (&self->fallback, jx_timeline_summary_unref);
  g_clear_pointer (&self->colors[0], g_free);
  g_clear_pointer (&self->colors[1], g_free);
  g_clear_pointer (&self->labels, g_hash_table_unref);
  g_clear_object (&self->pango);
  g_clear_pointer (&self->cache_image, cairo_surface_destroy);
  g_clear_pointer (&self->regions, g_free);
  g_clear_pointer (&self->stream_row, g_free);
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
}

JxTimelineSummary *
jx_timeline_renderer_get_summary (JxTimelineRenderer *self)
{
  g_return_val_if_fail (JX_IS_TIMELINE_RENDERER (self), NULL);

  return self->summary;
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
      self->regions = g_new (guint32, n);
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

    default:
      return FALSE;
    }
  return visible > budget;
}

static void
sample_row (JxTimelineRenderer  *self,
            const JxTimelineRow *row,
            gint64               start,
            gint64               end,
            guint                n_pixels,
            guint32             *out)
{
  JxTimelineSummary *summary = effective_summary (self);

  if (row_pending (self, row, start, end, n_pixels))
    {
      for (guint p = 0; p < n_pixels; p++)
        out[p] = PENDING_REGION;
      return;
    }

  switch (row->kind)
    {
    case JX_TIMELINE_ROW_STREAM:
      jx_timeline_summary_sample (summary, &row->stream, 1, start, end, n_pixels, out);
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
      jx_timeline_summary_sample_depth (summary, row->stream, row->depth, start, end, n_pixels, out);
      break;

    default:
      for (guint p = 0; p < n_pixels; p++)
        out[p] = JX_NONE;
      break;
    }
}

/* Where a row's colours go: the row minus a one-pixel gap that keeps rows
 * apart; expanded process headers use the middle half only. */
static void
row_band (const JxTimelineView *view,
          const JxTimelineRow  *row,
          int                  *y,
          int                  *h)
{
  *y = row->y - view->scroll_y;
  *h = row->height;
  if (*h >= 6)
    *h -= 1;
  if (row->kind == JX_TIMELINE_ROW_PROCESS && !row->collapsed && *h >= 8)
    {
      *y += *h / 4;
      *h /= 2;
    }
}

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
} CacheKey;

G_STATIC_ASSERT (sizeof (CacheKey) <= 64);

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
  memset (out, 0, 64);
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

static PangoLayout *
row_label (JxTimelineRenderer  *self,
           const JxTimelineRow *row,
           int                  width)
{
  gint64 key = ((gint64) row->kind << 48) | ((gint64) row->depth << 32) |
               (row->kind == JX_TIMELINE_ROW_PROCESS ? row->process : row->stream);
  PangoLayout *layout = g_hash_table_lookup (self->labels, &key);

  if (layout == NULL)
    {
      g_autofree char *text = NULL;
      const JxProcess *p = jx_trace_get_process (self->trace, row->process);
      PangoFontDescription *font;

      switch (row->kind)
        {
        case JX_TIMELINE_ROW_PROCESS:
          text = g_strdup (p->name);
          break;
        case JX_TIMELINE_ROW_STREAM:
          if (p->n_streams > 1)
            text = g_strdup (jx_trace_get_stream (self->trace, row->stream)->name);
          else
            text = g_strdup (p->name);
          break;
        case JX_TIMELINE_ROW_DEPTH:
          text = g_strdup_printf (_("Level %u"), (guint) row->depth);
          break;
        default:
          text = g_strdup ("");
          break;
        }

      layout = pango_layout_new (self->pango);
      font = pango_font_description_from_string ("Sans 8");
      pango_layout_set_font_description (layout, font);
      pango_font_description_free (font);
      pango_layout_set_text (layout, text, -1);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_MIDDLE);
      pango_layout_set_single_paragraph_mode (layout, TRUE);
      g_hash_table_insert (self->labels, g_memdup2 (&key, sizeof key), layout);
    }
  if (pango_layout_get_width (layout) != width * PANGO_SCALE)
    pango_layout_set_width (layout, MAX (width, 1) * PANGO_SCALE);
  return layout;
}

static int
label_indent (JxTimelineRenderer  *self,
              const JxTimelineRow *row)
{
  switch (row->kind)
    {
    case JX_TIMELINE_ROW_PROCESS:
      return EXPANDER_WIDTH + LABEL_PADDING;
    case JX_TIMELINE_ROW_STREAM:
      return jx_trace_get_process (self->trace, row->process)->n_streams > 1
             ? EXPANDER_WIDTH + 2 * LABEL_PADDING + 4 : LABEL_PADDING;
    case JX_TIMELINE_ROW_DEPTH:
      return EXPANDER_WIDTH + 4 * LABEL_PADDING + 8;
    default:
      return LABEL_PADDING;
    }
}

static void
draw_labels (JxTimelineRenderer   *self,
             cairo_t              *cr,
             const JxTimelineView *view,
             guint                 first,
             guint                 last)
{
  if (self->pango == NULL)
    self->pango = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  pango_cairo_update_context (cr, self->pango);

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, view->label_width, view->height);
  cairo_clip (cr);

  /* Label column: the trace tint, a little darker/lighter than the rows. */
  jx_palette_cairo_set_text (cr, view->dark, 0.05);
  cairo_paint (cr);

  for (guint r = first; r < last; r++)
    {
      const JxTimelineRow *row = &view->rows[r];
      int indent = label_indent (self, row);
      int y = row->y - view->scroll_y;
      PangoLayout *layout;
      int lw, lh;

      if (row->height < 7)
        continue;
      layout = row_label (self, row, view->label_width - indent - LABEL_PADDING);
      pango_layout_get_pixel_size (layout, &lw, &lh);
      if (lh > row->height + 2)
        continue;

      jx_palette_cairo_set_text (cr, view->dark, row->kind == JX_TIMELINE_ROW_DEPTH ? 0.7 : 0.9);
      if (row->kind == JX_TIMELINE_ROW_PROCESS)
        {
          double cx = LABEL_PADDING + EXPANDER_WIDTH / 2.0;
          double cy = y + row->height / 2.0;

          if (row->collapsed)
            {
              cairo_move_to (cr, cx - 2.5, cy - 4.5);
              cairo_line_to (cr, cx + 3.0, cy);
              cairo_line_to (cr, cx - 2.5, cy + 4.5);
            }
          else
            {
              cairo_move_to (cr, cx - 4.5, cy - 2.5);
              cairo_line_to (cr, cx + 4.5, cy - 2.5);
              cairo_line_to (cr, cx, cy + 3.0);
            }
          cairo_close_path (cr);
          cairo_fill (cr);
        }
      cairo_move_to (cr, indent, y + (row->height - lh) / 2);
      pango_cairo_show_layout (cr, layout);
    }

  cairo_restore (cr);
}

static void
invocation_x_range (const JxTimelineView *view,
                    const JxStream       *s,
                    guint32               inv,
                    double               *x0,
                    double               *x1)
{
  *x0 = jx_timeline_view_tick_to_x (view, (gint64) s->start[inv]);
  *x1 = jx_timeline_view_tick_to_x (view, (gint64) s->end[inv]);
  if (*x1 - *x0 < 3.0)
    {
      double c = (*x0 + *x1) / 2.0;

      *x0 = c - 1.5;
      *x1 = c + 1.5;
    }
}

static void
draw_selection (JxTimelineRenderer   *self,
                cairo_t              *cr,
                const JxTimelineView *view,
                guint                 first,
                guint                 last)
{
  const JxStream *s;
  guint32 inv = view->selected_invocation;
  double x0, x1;

  if (view->selected_stream >= jx_trace_get_n_streams (self->trace))
    return;
  s = jx_trace_get_stream (self->trace, view->selected_stream);
  if (inv >= s->n_invocations)
    return;
  if ((gint64) s->end[inv] < view->start || (gint64) s->start[inv] > view->end)
    return;

  invocation_x_range (view, s, inv, &x0, &x1);
  /* A selection narrower than a pixel would vanish under its own outline:
   * widen it around its centre so it stays findable when zoomed out. */
  if (x1 - x0 < 4.0)
    {
      double mid = (x0 + x1) / 2.0;

      x0 = mid - 2.0;
      x1 = mid + 2.0;
    }
  x0 = MAX (x0, view->label_width - 2.0);
  x1 = MIN (x1, view->width + 2.0);

  cairo_save (cr);
  cairo_rectangle (cr, view->label_width, 0, time_width (view), view->height);
  cairo_clip (cr);
  cairo_set_line_width (cr, 2.0);
  for (guint r = first; r < last; r++)
    {
      const JxTimelineRow *row = &view->rows[r];
      gboolean hit;
      int y = row->y - view->scroll_y;

      switch (row->kind)
        {
        case JX_TIMELINE_ROW_STREAM:
          hit = row->stream == view->selected_stream;
          break;
        case JX_TIMELINE_ROW_DEPTH:
          hit = row->stream == view->selected_stream && row->depth == s->depth[inv];
          break;
        case JX_TIMELINE_ROW_PROCESS:
          hit = row->collapsed &&
                view->selected_stream >= jx_trace_get_process (self->trace, row->process)->first_stream &&
                view->selected_stream < jx_trace_get_process (self->trace, row->process)->first_stream +
                                        jx_trace_get_process (self->trace, row->process)->n_streams;
          break;
        default:
          hit = FALSE;
          break;
        }
      if (!hit)
        continue;
      /* Two strokes, so the outline shows on any function colour. */
      cairo_rectangle (cr, x0, y + 1, x1 - x0, row->height - 2);
      if (view->dark)
        cairo_set_source_rgb (cr, 0, 0, 0);
      else
        cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_set_line_width (cr, 4.0);
      cairo_stroke_preserve (cr);
      if (view->dark)
        cairo_set_source_rgb (cr, 1, 1, 1);
      else
        cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_set_line_width (cr, 2.0);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static guint
first_message_at (const JxMessage *messages,
                  guint            n,
                  gint64           t)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if ((gint64) messages[mid].send_time < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static void
draw_messages (JxTimelineRenderer   *self,
               cairo_t              *cr,
               const JxTimelineView *view)
{
  guint n = jx_trace_get_n_messages (self->trace);
  const JxMessage *messages = jx_trace_get_messages (self->trace);
  guint n_streams = jx_trace_get_n_streams (self->trace);
  gint64 span = view->end - view->start;
  guint i0, i1;

  if (n == 0 || messages == NULL)
    return;
  /* Messages sent up to one window width earlier may still reach into view. */
  i0 = first_message_at (messages, n, view->start - span);
  i1 = first_message_at (messages, n, view->end);
  if (i1 <= i0 || i1 - i0 > MAX_MESSAGES)
    return;

  for (guint s = 0; s < n_streams; s++)
    self->stream_row[s] = G_MAXUINT32;
  for (guint r = 0; r < view->n_rows; r++)
    {
      const JxTimelineRow *row = &view->rows[r];

      if (row->kind == JX_TIMELINE_ROW_STREAM && row->stream < n_streams)
        self->stream_row[row->stream] = r;
      else if (row->kind == JX_TIMELINE_ROW_PROCESS && row->collapsed)
        {
          const JxProcess *p = jx_trace_get_process (self->trace, row->process);

          for (guint32 k = 0; k < p->n_streams; k++)
            if (p->first_stream + k < n_streams)
              self->stream_row[p->first_stream + k] = r;
        }
    }

  cairo_save (cr);
  cairo_rectangle (cr, view->label_width, 0, time_width (view), view->height);
  cairo_clip (cr);
  cairo_set_line_width (cr, 1.0);
  if (view->dark)
    cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
  else
    cairo_set_source_rgba (cr, 0, 0, 0, 0.75);

  for (guint i = i0; i < i1; i++)
    {
      const JxMessage *m = &messages[i];
      guint32 rs, rr;
      double xs, xr, ys, yr, dx, dy, len;

      if (m->receiver == JX_NONE || m->recv_time == G_MAXUINT64 ||
          m->sender >= n_streams || m->receiver >= n_streams)
        continue;
      if ((gint64) m->recv_time < view->start)
        continue;
      rs = self->stream_row[m->sender];
      rr = self->stream_row[m->receiver];
      if (rs == G_MAXUINT32 || rr == G_MAXUINT32 || rs == rr)
        continue;
      xs = jx_timeline_view_tick_to_x (view, (gint64) m->send_time);
      xr = jx_timeline_view_tick_to_x (view, (gint64) m->recv_time);
      ys = view->rows[rs].y - view->scroll_y + view->rows[rs].height / 2.0;
      yr = view->rows[rr].y - view->scroll_y + view->rows[rr].height / 2.0;
      cairo_move_to (cr, xs, ys);
      cairo_line_to (cr, xr, yr);
      cairo_stroke (cr);

      /* Arrow head at the receiver. */
      dx = xr - xs;
      dy = yr - ys;
      len = sqrt (dx * dx + dy * dy);
      if (len > 8.0)
        {
          double ux = dx / len, uy = dy / len;

          cairo_move_to (cr, xr, yr);
          cairo_line_to (cr, xr - 6 * ux - 3 * uy, yr - 6 * uy + 3 * ux);
          cairo_line_to (cr, xr - 6 * ux + 3 * uy, yr - 6 * uy - 3 * ux);
          cairo_close_path (cr);
          cairo_fill (cr);
        }
    }
  cairo_restore (cr);
}

static void
draw_markers (JxTimelineRenderer   *self,
              cairo_t              *cr,
              const JxTimelineView *view)
{
  guint n = jx_trace_get_n_markers (self->trace);
  guint lo = 0, hi = n, count = 0;

  if (n == 0)
    return;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if ((gint64) jx_trace_get_marker (self->trace, mid)->time < view->start)
        lo = mid + 1;
      else
        hi = mid;
    }

  cairo_save (cr);
  cairo_rectangle (cr, view->label_width, 0, time_width (view), view->height);
  cairo_clip (cr);
  cairo_set_line_width (cr, 1.0);
  for (guint i = lo; i < n && count < MAX_MARKERS; i++, count++)
    {
      const JxMarker *m = jx_trace_get_marker (self->trace, i);
      double x;
      static const double dash[] = { 3.0, 3.0 };

      if ((gint64) m->time > view->end)
        break;
      x = floor (jx_timeline_view_tick_to_x (view, (gint64) m->time)) + 0.5;
      cairo_set_source_rgba (cr, 0.95, 0.65, 0.05, 0.9);
      cairo_move_to (cr, x - 4, 0);
      cairo_line_to (cr, x + 4, 0);
      cairo_line_to (cr, x, 6);
      cairo_close_path (cr);
      cairo_fill (cr);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_move_to (cr, x, 6);
      cairo_line_to (cr, x, view->height);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  cairo_restore (cr);
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
  guchar *data = NULL;
  int stride = 0;
  guint n_regions;
  guint32 idle_pixel = 0;
  guint32 pending_pixel;
  gboolean opaque = view->background.alpha >= 1.0f;

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

  tw = time_width (view);
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

          row_band (view, &view->rows[r], &y, &h);
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
      guint8 key[64];

      cache_key_fill (self, view, first, last, idle_pixel, key);
      if (self->cache_image != NULL && memcmp (key, self->cache_key, sizeof key) == 0)
        {
          image = cairo_surface_reference (self->cache_image);
        }
      else
        {
          gboolean pending = FALSE;

          regions = row_buffer (self, (guint) tw);
          image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, tw, (int) n_visible);
          data = cairo_image_surface_get_data (image);
          stride = cairo_image_surface_get_stride (image);
          cairo_surface_flush (image);

          for (guint r = first; r < last; r++)
            {
              guint32 *line = (guint32 *) (gpointer) (data + (gsize) (r - first) * stride);

              sample_row (self, &view->rows[r], view->start, view->end, (guint) tw, regions);
              for (int x = 0; x < tw; x++)
                {
                  guint32 region = regions[x];

                  if (region < n_regions)
                    line[x] = colors[region];
                  else if (region == PENDING_REGION)
                    {
                      line[x] = (x / 4) % 2 == 0 ? pending_pixel : idle_pixel;
                      pending = TRUE;
                    }
                  else
                    line[x] = idle_pixel;
                }
            }
          cairo_surface_mark_dirty (image);
          /* Pending rows fill in once pyramids arrive: nothing to re-use. */
          g_clear_pointer (&self->cache_image, cairo_surface_destroy);
          if (!pending)
            {
              self->cache_image = cairo_surface_reference (image);
              memcpy (self->cache_key, key, sizeof key);
            }
        }
      if (opaque)
        cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);

      /* Each row is one line of the image, repeated downwards: pixman copies
       * lines (its tiled-repeat fast path) instead of scaling pixels. The
       * line surfaces share the image's memory and keep it alive, since a
       * recording target (GTK cairo nodes) replays them later. */
      data = cairo_image_surface_get_data (image);
      stride = cairo_image_surface_get_stride (image);
      for (guint r = first; r < last; r++)
        {
          const JxTimelineRow *row = &view->rows[r];
          int y, h;
          cairo_surface_t *line;
          cairo_pattern_t *pattern;
          cairo_matrix_t matrix;

          row_band (view, row, &y, &h);
          line = cairo_image_surface_create_for_data (data + (gsize) (r - first) * stride,
                                                      CAIRO_FORMAT_ARGB32, tw, 1, stride);
          cairo_surface_set_user_data (line, &line_owner_key, cairo_surface_reference (image),
                                       (cairo_destroy_func_t) cairo_surface_destroy);
          pattern = cairo_pattern_create_for_surface (line);
          cairo_pattern_set_extend (pattern, CAIRO_EXTEND_REPEAT);
          cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
          cairo_matrix_init_translate (&matrix, -view->label_width, -y);
          cairo_pattern_set_matrix (pattern, &matrix);
          cairo_set_source (cr, pattern);
          cairo_rectangle (cr, view->label_width, y, tw, h);
          cairo_fill (cr);
          cairo_pattern_destroy (pattern);
          cairo_surface_destroy (line);
        }
      cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
      cairo_surface_destroy (image);
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

  if (view->selected_invocation != JX_NONE)
    draw_selection (self, cr, view, first, last);
  if (view->show_messages && tw > 0)
    draw_messages (self, cr, view);
  if (view->show_markers && tw > 0)
    draw_markers (self, cr, view);
  if (view->label_width > 0)
    draw_labels (self, cr, view, first, last);

  cairo_restore (cr);
  g_free (dim);
}

/* Hit testing */

static const JxTimelineRow *
row_at (const JxTimelineView *view,
        double                y)
{
  int r = jx_timeline_layout_row_at (view->rows, view->n_rows, (int) floor (y) + view->scroll_y);

  return r >= 0 ? &view->rows[r] : NULL;
}

guint32
jx_timeline_renderer_region_at (JxTimelineRenderer   *self,
                                const JxTimelineView *view,
                                double                x,
                                double                y)
{
  const JxTimelineRow *row;
  gint64 t0, t1;
  guint32 region = JX_NONE;

  g_return_val_if_fail (JX_IS_TIMELINE_RENDERER (self), JX_NONE);
  g_return_val_if_fail (view != NULL, JX_NONE);

  if (x < view->label_width || x >= view->width)
    return JX_NONE;
  row = row_at (view, y);
  if (row == NULL)
    return JX_NONE;
  x = floor (x);
  t0 = jx_timeline_view_x_to_tick (view, x);
  t1 = jx_timeline_view_x_to_tick (view, x + 1.0);
  sample_row (self, row, t0, MAX (t1, t0 + 1), 1, &region);
  return region == PENDING_REGION ? JX_NONE : region;
}

/* Innermost invocation with start <= t < end. */
static guint32
innermost_at (const JxStream *s,
              gint64          t)
{
  guint32 lo = 0, hi = s->n_invocations, c;

  while (lo < hi)
    {
      guint32 mid = lo + (hi - lo) / 2;

      if ((gint64) s->start[mid] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo == 0)
    return JX_NONE;
  c = lo - 1;
  while (c != JX_NONE && (gint64) s->end[c] <= t)
    c = s->parent[c];
  return c;
}

gboolean
jx_timeline_renderer_invocation_at (JxTimelineRenderer   *self,
                                    const JxTimelineView *view,
                                    double                x,
                                    double                y,
                                    guint32              *stream,
                                    guint32              *invocation)
{
  static const double probes[] = { 0.0, -1.0, 1.0, -2.0, 2.0 };
  const JxTimelineRow *row;
  const JxStream *s;

  g_return_val_if_fail (JX_IS_TIMELINE_RENDERER (self), FALSE);
  g_return_val_if_fail (view != NULL, FALSE);

  if (x < view->label_width || x >= view->width)
    return FALSE;
  row = row_at (view, y);
  if (row == NULL || row->kind == JX_TIMELINE_ROW_PROCESS ||
      row->stream >= jx_trace_get_n_streams (self->trace))
    return FALSE;
  s = jx_trace_get_stream (self->trace, row->stream);

  for (guint i = 0; i < G_N_ELEMENTS (probes); i++)
    {
      gint64 t = jx_timeline_view_x_to_tick (view, x + probes[i]);
      guint32 c = innermost_at (s, t);

      if (row->kind == JX_TIMELINE_ROW_DEPTH)
        {
          while (c != JX_NONE && s->depth[c] > row->depth)
            c = s->parent[c];
          if (c != JX_NONE && s->depth[c] != row->depth)
            c = JX_NONE;
        }
      if (c != JX_NONE)
        {
          if (stream != NULL)
            *stream = row->stream;
          if (invocation != NULL)
            *invocation = c;
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
jx_timeline_renderer_expander_at (JxTimelineRenderer   *self,
                                  const JxTimelineView *view,
                                  double                x,
                                  double                y,
                                  guint32              *process)
{
  const JxTimelineRow *row;

  g_return_val_if_fail (JX_IS_TIMELINE_RENDERER (self), FALSE);
  g_return_val_if_fail (view != NULL, FALSE);

  if (x < 0 || x >= MIN (view->label_width, EXPANDER_WIDTH + 2 * LABEL_PADDING))
    return FALSE;
  row = row_at (view, y);
  if (row == NULL || row->kind != JX_TIMELINE_ROW_PROCESS)
    return FALSE;
  if (process != NULL)
    *process = row->process;
  return TRUE;
}
