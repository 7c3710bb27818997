/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-layout.c — rows of a master timeline, comparison time <-> trace
 * ticks, the search mask and the view's tick <-> x mapping. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-timeline-renderer-private.h"

/* Layout */

void
jx_timeline_layout_params_init (JxTimelineLayoutParams *params)
{
  g_return_if_fail (params != NULL);

  memset (params, 0, sizeof *params);
  params->row_height = 18;
  params->header_height = 18;
  params->call_stack_process = JX_NONE;
  params->diff_height = 7;
  params->counter_height = 28;
}

int
_jx_timeline_layout_row_px (const JxTimelineLayoutParams *params,
                            guint32                       process,
                            int                           px)
{
  if (params->readable == NULL || process == JX_NONE || !params->readable[process])
    return px;
  return MAX (px, params->readable_height > 0 ? params->readable_height : params->row_height);
}

JxTimelineRow *
_jx_timeline_layout_append (GArray            *rows,
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
  row.group = JX_NONE;
  row.process = process;
  row.stream = stream;
  row.depth = depth;
  row.collapsed = collapsed ? 1 : 0;
  row.first_in_process = first ? 1 : 0;
  row.y = *y;
  row.height = MAX (height, 1);
  *y += row.height;
  g_array_append_val (rows, row);
  return &g_array_index (rows, JxTimelineRow, rows->len - 1);
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
  if (params->groups != NULL)
    return _jx_timeline_layout_groups (trace, params, total_height);

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
          _jx_timeline_layout_append (rows, &y, JX_TIMELINE_ROW_PROCESS, p, JX_NONE, 0, collapsed, TRUE,
                      _jx_timeline_layout_row_px (params, p, params->header_height));
          first = FALSE;
          if (collapsed)
            continue;
        }

      for (guint32 k = 0; k < process->n_streams; k++)
        {
          guint32 sid = process->first_stream + k;
          const JxStream *s = jx_trace_get_stream (trace, sid);

          _jx_timeline_layout_append (rows, &y, JX_TIMELINE_ROW_STREAM, p, sid, 0, FALSE, first,
                      _jx_timeline_layout_row_px (params, p, params->row_height));
          first = FALSE;
          if (params->diff_streams != NULL && params->diff_streams[sid])
            _jx_timeline_layout_append (rows, &y, JX_TIMELINE_ROW_DIFF, p, sid, 0, FALSE, FALSE,
                                        params->diff_height);
          if (params->counter_streams != NULL && params->counter_streams[sid])
            _jx_timeline_layout_append (rows, &y, JX_TIMELINE_ROW_COUNTER, p, sid, 0, FALSE, FALSE,
                                        params->counter_height);
          if (call_stack)
            for (guint16 d = 0; d < s->max_depth; d++)
              _jx_timeline_layout_append (rows, &y, JX_TIMELINE_ROW_DEPTH, p, sid, d, FALSE, FALSE,
                          _jx_timeline_layout_row_px (params, p, params->row_height));
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
  view->counter_metric = JX_NONE;
  view->background.red = view->background.green = view->background.blue = 1.0f;
  view->background.alpha = 1.0f;
}

int
_jx_timeline_view_time_width (const JxTimelineView *view)
{
  return MAX (view->width - MAX (view->label_width, 0), 0);
}

static double
ticks_per_pixel (const JxTimelineView *view)
{
  int w = MAX (_jx_timeline_view_time_width (view), 1);

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

