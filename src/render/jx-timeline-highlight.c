/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-highlight.c — highlighted calls (view.highlight_offset, a
 * merged-tree node's calls): in the rows of the streams that have any (and
 * in a collapsed header of such streams), the time outside those calls is
 * veiled in the trace's tint and the calls are outlined, so they stand out
 * in exactly the streams they belong to. Rows of other streams are left as
 * they are. */
#include "config.h"

#include "jx-timeline-renderer-private.h"

/* How much of the tint covers the rest of a highlighted stream's row. */
#define VEIL_ALPHA 0.62

/* The x range of a call, at least 3 px wide (centred). */
static void
call_x_range (const JxTimelineView *view,
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

/* The stream's highlighted calls, n receives how many (0: none). */
static const guint32 *
stream_calls (const JxTimelineView *view,
              guint32               stream,
              guint32               n_streams,
              guint                *n)
{
  *n = 0;
  if (view->highlight_offset == NULL || stream >= n_streams)
    return NULL;
  *n = view->highlight_offset[stream + 1] - view->highlight_offset[stream];
  return view->highlight_invocations + view->highlight_offset[stream];
}

typedef struct
{
  double x0;
  double x1;
  gboolean outline;
} Span;

static int
compare_span (gconstpointer pa,
              gconstpointer pb)
{
  const Span *a = pa, *b = pb;

  return a->x0 < b->x0 ? -1 : (a->x0 > b->x0 ? 1 : 0);
}

/* Appends the x ranges of the stream's visible highlighted calls; on a
 * call-stack row only the calls of its level are outlined. */
static void
add_stream_spans (JxTimelineRenderer   *self,
                  const JxTimelineView *view,
                  const JxTimelineRow  *row,
                  guint32               stream,
                  GArray               *spans)
{
  guint32 n_streams = jx_trace_get_n_streams (self->trace);
  const guint32 *calls;
  const JxStream *s;
  guint n;

  calls = stream_calls (view, stream, n_streams, &n);
  if (n == 0)
    return;
  s = jx_trace_get_stream (self->trace, stream);
  for (guint k = 0; k < n; k++)
    {
      Span span;

      if (calls[k] >= s->n_invocations || (gint64) s->end[calls[k]] < view->start ||
          (gint64) s->start[calls[k]] > view->end)
        continue;
      call_x_range (view, s, calls[k], &span.x0, &span.x1);
      span.outline = row->kind != JX_TIMELINE_ROW_DEPTH || row->depth == s->depth[calls[k]];
      g_array_append_val (spans, span);
    }
}

/* The streams a row stands for: a STREAM or DEPTH row's own, a collapsed
 * header's members. */
static void
row_spans (JxTimelineRenderer   *self,
           const JxTimelineView *view,
           const JxTimelineRow  *row,
           GArray               *spans)
{
  const guint32 *members;
  guint n;

  switch (row->kind)
    {
    case JX_TIMELINE_ROW_STREAM:
    case JX_TIMELINE_ROW_DEPTH:
      add_stream_spans (self, view, row, row->stream, spans);
      break;
    case JX_TIMELINE_ROW_PROCESS:
    case JX_TIMELINE_ROW_GROUP:
      if (!row->collapsed)
        break;
      members = _jx_timeline_renderer_row_streams (self, row, &n);
      if (members != NULL)
        for (guint m = 0; m < n; m++)
          add_stream_spans (self, view, row, members[m], spans);
      else if (row->kind == JX_TIMELINE_ROW_PROCESS && row->process < jx_trace_get_n_processes (self->trace))
        {
          const JxProcess *p = jx_trace_get_process (self->trace, row->process);

          for (guint32 st = p->first_stream; st < p->first_stream + p->n_streams; st++)
            add_stream_spans (self, view, row, st, spans);
        }
      break;
    case JX_TIMELINE_ROW_DIFF:
    case JX_TIMELINE_ROW_COUNTER:
    default:
      break;
    }
}

void
_jx_timeline_renderer_draw_call_highlight (JxTimelineRenderer   *self,
                                           cairo_t              *cr,
                                           const JxTimelineView *view,
                                           guint                 first,
                                           guint                 last)
{
  double left = view->label_width, right = view->width;
  const JxRgba *tint = &view->background;
  g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (Span));

  cairo_save (cr);
  cairo_rectangle (cr, left, 0, right - left, view->height);
  cairo_clip (cr);
  for (guint r = first; r < last; r++)
    {
      const JxTimelineRow *row = &view->rows[r];
      double open_x1 = -G_MAXDOUBLE;
      int y, h;

      g_array_set_size (spans, 0);
      row_spans (self, view, row, spans);
      if (spans->len == 0)
        continue;
      g_array_sort (spans, compare_span);
      _jx_timeline_row_band (view, row, &y, &h);

      /* The veil: the row minus the calls (nested or overlapping x ranges
       * merged, so the even-odd rule never veils a call twice). */
      cairo_new_path (cr);
      cairo_rectangle (cr, left, y, right - left, h);
      for (guint k = 0; k < spans->len; k++)
        {
          const Span *span = &g_array_index (spans, Span, k);
          double x0 = MAX (span->x0, left), x1 = MIN (span->x1, right);

          if (x1 <= x0 || x1 <= open_x1)
            continue;
          x0 = MAX (x0, open_x1);
          cairo_rectangle (cr, x0, y, x1 - x0, h);
          open_x1 = x1;
        }
      cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
      cairo_set_source_rgba (cr, tint->red, tint->green, tint->blue, VEIL_ALPHA);
      cairo_fill (cr);

      /* The outlines: a contrast line under an orange one, so they show
       * on any function colour. */
      for (guint k = 0; k < spans->len; k++)
        {
          const Span *span = &g_array_index (spans, Span, k);
          double x0 = MAX (span->x0, left - 2.0), x1 = MIN (span->x1, right + 2.0);

          if (!span->outline || x1 <= x0)
            continue;
          cairo_rectangle (cr, x0 + 0.5, y + 0.5, x1 - x0 - 1.0, h - 1.0);
        }
      for (guint pass = 0; pass < 2; pass++)
        {
          double grey = view->dark ? 0.0 : 1.0;

          if (pass == 0)
            cairo_set_source_rgb (cr, grey, grey, grey);
          else if (view->dark)
            cairo_set_source_rgb (cr, 1.0, 0.64, 0.28);   /* orange 2 */
          else
            cairo_set_source_rgb (cr, 0.90, 0.38, 0.0);   /* orange 4 */
          cairo_set_line_width (cr, pass == 0 ? 3.0 : 1.5);
          if (pass == 0)
            cairo_stroke_preserve (cr);
          else
            cairo_stroke (cr);
        }
    }
  cairo_restore (cr);
}
