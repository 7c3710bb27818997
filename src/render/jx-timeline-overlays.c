/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-overlays.c — what the timeline renderer draws over the rows:
 * the label column (names, expanders), the selected invocation's outline,
 * message lines between streams and marker flags. */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "jx-marker-flags.h"
#include "jx-palette.h"
#include "jx-timeline-renderer-private.h"

/* Messages and markers are only drawn when few enough are in view to read. */
#define MAX_MESSAGES 1500
#define MAX_MARKERS 400

/* The label of a group row: its name, and for a folded group the number
 * of streams folded into it. */
static char *
group_label (JxTimelineRenderer  *self,
             const JxTimelineRow *row)
{
  JxStreamGroups *groups;
  const JxStreamGroup *g;

  if (self->fold == NULL || row->group == JX_NONE)
    return g_strdup (row->kind == JX_TIMELINE_ROW_PROCESS ? jx_trace_get_process (self->trace, row->process)->name : "");
  groups = jx_timeline_fold_get_groups (self->fold);
  if (row->group >= jx_stream_groups_get_n_groups (groups))
    return g_strdup ("");
  g = jx_stream_groups_get_group (groups, row->group);
  if (g->kind == JX_STREAM_GROUP_DEVICE && g->process != JX_NONE && row->level == 0)
    return g_strdup_printf ("%s · %s", jx_trace_get_process (self->trace, g->process)->name, g->name);
  if (!row->collapsed || g->kind == JX_STREAM_GROUP_PROCESS)
    return g_strdup (g->name);
  /* TRANSLATORS: a folded row: the group's name and how many streams it folds */
  return g_strdup_printf (_("%s (%u)"), g->name, g->n_members);
}

static PangoLayout *
row_label (JxTimelineRenderer  *self,
           const JxTimelineRow *row,
           int                  width)
{
  gint64 key = ((gint64) row->kind << 56) | ((gint64) row->collapsed << 55) | ((gint64) row->qualified << 54) |
               ((gint64) row->level << 40) | ((gint64) row->depth << 32) |
               (row->kind == JX_TIMELINE_ROW_GROUP ? row->group
                : row->kind == JX_TIMELINE_ROW_PROCESS ? row->process : row->stream);
  PangoLayout *layout = g_hash_table_lookup (self->labels, &key);

  if (layout == NULL)
    {
      g_autofree char *text = NULL;
      const JxProcess *p = jx_trace_get_process (self->trace, row->process);
      PangoFontDescription *font;

      switch (row->kind)
        {
        case JX_TIMELINE_ROW_PROCESS:
        case JX_TIMELINE_ROW_GROUP:
          text = group_label (self, row);
          break;
        case JX_TIMELINE_ROW_STREAM:
          if (row->qualified)
            text = g_strdup_printf ("%s / %s", p->name, jx_trace_get_stream (self->trace, row->stream)->name);
          else if (p->n_streams > 1)
            text = g_strdup (jx_trace_get_stream (self->trace, row->stream)->name);
          else
            text = g_strdup (p->name);
          break;
        case JX_TIMELINE_ROW_DEPTH:
          text = g_strdup_printf (_("Level %u"), (guint) row->depth);
          break;
        case JX_TIMELINE_ROW_DIFF:
        case JX_TIMELINE_ROW_COUNTER:
        default:
          text = g_strdup ("");
          break;
        }

      layout = pango_layout_new (self->pango);
      font = pango_font_description_from_string ("Sans 8");
      pango_layout_set_font_description (layout, font);
      pango_font_description_free (font);
      pango_layout_set_text (layout, text, -1);
      /* Group names lead with what tells them apart ("MIC 0", "MPI Rank 3"). */
      pango_layout_set_ellipsize (layout, row->kind == JX_TIMELINE_ROW_GROUP ? PANGO_ELLIPSIZE_END
                                                                             : PANGO_ELLIPSIZE_MIDDLE);
      pango_layout_set_single_paragraph_mode (layout, TRUE);
      g_hash_table_insert (self->labels, g_memdup2 (&key, sizeof key), layout);
    }
  if (pango_layout_get_width (layout) != width * PANGO_SCALE)
    pango_layout_set_width (layout, MAX (width, 1) * PANGO_SCALE);
  return layout;
}

/* Rows of a layout with groups indent by their level. */
static gboolean
row_has_level (const JxTimelineRow *row)
{
  return row->group != JX_NONE || row->level > 0 || row->qualified || row->kind == JX_TIMELINE_ROW_GROUP;
}

int
_jx_timeline_expander_x (const JxTimelineRow *row)
{
  return JX_TIMELINE_LABEL_PADDING + (row_has_level (row) ? row->level * JX_TIMELINE_LEVEL_INDENT : 0);
}

static int
label_indent (JxTimelineRenderer  *self,
              const JxTimelineRow *row)
{
  if (row_has_level (row))
    {
      int x = _jx_timeline_expander_x (row);

      switch (row->kind)
        {
        case JX_TIMELINE_ROW_PROCESS:
        case JX_TIMELINE_ROW_GROUP:
          return x + JX_TIMELINE_EXPANDER_WIDTH;
        case JX_TIMELINE_ROW_DEPTH:
          return x + 8 + 2 * JX_TIMELINE_LABEL_PADDING;
        case JX_TIMELINE_ROW_STREAM:
        case JX_TIMELINE_ROW_DIFF:
        case JX_TIMELINE_ROW_COUNTER:
        default:
          return x + (row->level > 0 ? 8 : 0);
        }
    }
  switch (row->kind)
    {
    case JX_TIMELINE_ROW_PROCESS:
      return JX_TIMELINE_EXPANDER_WIDTH + JX_TIMELINE_LABEL_PADDING;
    case JX_TIMELINE_ROW_STREAM:
      return jx_trace_get_process (self->trace, row->process)->n_streams > 1
             ? JX_TIMELINE_EXPANDER_WIDTH + 2 * JX_TIMELINE_LABEL_PADDING + 4 : JX_TIMELINE_LABEL_PADDING;
    case JX_TIMELINE_ROW_DEPTH:
      return JX_TIMELINE_EXPANDER_WIDTH + 4 * JX_TIMELINE_LABEL_PADDING + 8;
    case JX_TIMELINE_ROW_GROUP:
    case JX_TIMELINE_ROW_DIFF:
    case JX_TIMELINE_ROW_COUNTER:
    default:
      return JX_TIMELINE_LABEL_PADDING;
    }
}

/* A note right-aligned in the label column of a header row; returns its
 * width (0 when none). */
static int
draw_note (JxTimelineRenderer   *self,
           cairo_t              *cr,
           const JxTimelineView *view,
           const JxTimelineRow  *row,
           int                   y)
{
  const char *note;
  g_autoptr(PangoLayout) layout = NULL;
  PangoFontDescription *font;
  int w, h;

  if (view->group_notes == NULL || row->group == JX_NONE || self->fold == NULL ||
      row->group >= jx_stream_groups_get_n_groups (jx_timeline_fold_get_groups (self->fold)))
    return 0;
  note = view->group_notes[row->group];
  if (note == NULL || *note == '\0')
    return 0;
  layout = pango_layout_new (self->pango);
  font = pango_font_description_from_string ("Sans 7");
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, note, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  if (w > view->label_width / 2)
    return 0;
  jx_palette_cairo_set_text (cr, view->dark, 0.6);
  cairo_move_to (cr, view->label_width - JX_TIMELINE_LABEL_PADDING - w, y + (row->height - h) / 2);
  pango_cairo_show_layout (cr, layout);
  return w + JX_TIMELINE_LABEL_PADDING;
}

/* TRUE when a label of a compressed row r, reaching down to `bottom`
 * (drawing coordinates), would cover a row below it whose own label fits
 * (a process the user expanded among squeezed ones keeps its labels). */
static gboolean
covers_readable (const JxTimelineView *view,
                 guint                 r,
                 int                   bottom,
                 int                   lh)
{
  for (guint k = r + 1; k < view->n_rows && view->rows[k].y - view->scroll_y < bottom; k++)
    if (view->rows[k].kind != JX_TIMELINE_ROW_DIFF && lh <= view->rows[k].height + 2)
      return TRUE;
  return FALSE;
}

/* TRUE when the label of a squeezed row says which process it belongs to:
 * process and group headers, the stream of a one-stream process and
 * streams labelled "process / stream". A bare "Thread 1" over rows of
 * several processes would name none of them; those name themselves on hover. */
static gboolean
names_process (JxTimelineRenderer  *self,
               const JxTimelineRow *row)
{
  if (row->kind == JX_TIMELINE_ROW_DEPTH || row->kind == JX_TIMELINE_ROW_COUNTER)
    return FALSE;
  if (row->kind != JX_TIMELINE_ROW_STREAM || row->qualified)
    return TRUE;
  return jx_trace_get_process (self->trace, row->process)->n_streams <= 1;
}

/* TRUE when the row stands for a marked stream (view->stream_marks). */
static gboolean
row_marked (JxTimelineRenderer   *self,
            const JxTimelineView *view,
            const JxTimelineRow  *row)
{
  const JxProcess *p;

  if (view->stream_marks == NULL)
    return FALSE;
  if ((row->kind == JX_TIMELINE_ROW_STREAM || row->kind == JX_TIMELINE_ROW_DIFF) && row->stream != JX_NONE)
    return view->stream_marks[row->stream] != 0;
  if (row->kind != JX_TIMELINE_ROW_PROCESS || !row->collapsed || row->process == JX_NONE)
    return FALSE;
  p = jx_trace_get_process (self->trace, row->process);
  for (guint s = 0; s < p->n_streams; s++)
    if (view->stream_marks[p->first_stream + s])
      return TRUE;
  return FALSE;
}

static void
draw_row_mark (cairo_t              *cr,
               const JxTimelineView *view,
               const JxTimelineRow  *row,
               int                   y)
{
  /* The selection blue of GNOME, strong in the bar, faint under the text. */
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, view->dark ? 0.40 : 0.25);
  cairo_rectangle (cr, 0, y, view->label_width, row->height);
  cairo_fill (cr);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 1.0);
  cairo_rectangle (cr, 0, y, 4, row->height);
  cairo_fill (cr);
}

void
_jx_timeline_renderer_draw_labels (JxTimelineRenderer   *self,
                                   cairo_t              *cr,
                                   const JxTimelineView *view,
                                   guint                 first,
                                   guint                 last)
{
  int next_free;

  if (self->pango == NULL)
    self->pango = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  pango_cairo_update_context (cr, self->pango);

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, view->label_width, view->height);
  cairo_clip (cr);

  /* Label column: the trace tint, a little darker/lighter than the rows. */
  jx_palette_cairo_set_text (cr, view->dark, 0.05);
  cairo_paint (cr);

  next_free = G_MININT;
  for (guint r = first; r < last; r++)
    {
      const JxTimelineRow *row = &view->rows[r];
      int indent = label_indent (self, row);
      int y = row->y - view->scroll_y;
      int note = 0;
      PangoLayout *layout;
      int lw, lh;
      gboolean fits;

      if (row_marked (self, view, row))
        draw_row_mark (cr, view, row, y);
      /* Rows compressed below the text height (many streams in a short
       * lane) are labelled where a label fits without covering the one
       * above; the others name themselves on hover. */
      if (row->kind == JX_TIMELINE_ROW_DIFF || y + row->height <= 0 || y < next_free)
        continue;
      if (row->height >= 7 && (row->kind == JX_TIMELINE_ROW_PROCESS || row->kind == JX_TIMELINE_ROW_GROUP))
        note = draw_note (self, cr, view, row, y);
      layout = row_label (self, row, view->label_width - indent - JX_TIMELINE_LABEL_PADDING - note);
      pango_layout_get_pixel_size (layout, &lw, &lh);
      fits = lh <= row->height + 2;
      if (!fits && (y + lh > view->height || covers_readable (view, r, y + lh, lh) || !names_process (self, row)))
        continue;
      next_free = fits ? y + row->height : y + lh + 1;
      if (!fits)
        {
          jx_palette_cairo_set_text (cr, view->dark, 0.75);
          cairo_move_to (cr, indent, y);
          pango_cairo_show_layout (cr, layout);
          continue;
        }

      jx_palette_cairo_set_text (cr, view->dark, row->kind == JX_TIMELINE_ROW_DEPTH ? 0.7 : 0.9);
      if (row->kind == JX_TIMELINE_ROW_PROCESS || row->kind == JX_TIMELINE_ROW_GROUP)
        {
          double cx = _jx_timeline_expander_x (row) + JX_TIMELINE_EXPANDER_WIDTH / 2.0;
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

void
_jx_timeline_renderer_draw_selection (JxTimelineRenderer   *self,
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
  cairo_rectangle (cr, view->label_width, 0, _jx_timeline_view_time_width (view), view->height);
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
        case JX_TIMELINE_ROW_GROUP:
          {
            guint n;
            const guint32 *members = _jx_timeline_renderer_row_streams (self, row, &n);

            if (members == NULL && row->kind == JX_TIMELINE_ROW_PROCESS)
              hit = row->collapsed &&
                    view->selected_stream >= jx_trace_get_process (self->trace, row->process)->first_stream &&
                    view->selected_stream < jx_trace_get_process (self->trace, row->process)->first_stream +
                                            jx_trace_get_process (self->trace, row->process)->n_streams;
            else
              {
                hit = FALSE;
                for (guint m = 0; row->collapsed && m < n; m++)
                  hit |= members[m] == view->selected_stream;
              }
          }
          break;
        case JX_TIMELINE_ROW_DIFF:
        case JX_TIMELINE_ROW_COUNTER:
        default:
          hit = FALSE;
          break;
        }
      if (!hit)
        continue;
      /* Two strokes, a wide one in the background's contrast colour under a
       * narrow one in the text's, so the outline shows on any function colour. */
      cairo_rectangle (cr, x0, y + 1, x1 - x0, row->height - 2);
      for (guint pass = 0; pass < 2; pass++)
        {
          double grey = (!!view->dark == (pass == 1)) ? 1.0 : 0.0;

          cairo_set_source_rgb (cr, grey, grey, grey);
          cairo_set_line_width (cr, pass == 0 ? 4.0 : 2.0);
          if (pass == 0)
            cairo_stroke_preserve (cr);
          else
            cairo_stroke (cr);
        }
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

void
_jx_timeline_renderer_draw_messages (JxTimelineRenderer   *self,
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
  cairo_rectangle (cr, view->label_width, 0, _jx_timeline_view_time_width (view), view->height);
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

/* The view's markers (or the trace's own) as flags in view pixels; index
 * (may be NULL) receives each flag's marker index. */
static guint
marker_flags (JxTimelineRenderer   *self,
              const JxTimelineView *view,
              JxMarkerFlag         *out,
              guint                *index,
              guint                 max)
{
  guint n = view->markers != NULL ? view->n_markers : jx_trace_get_n_markers (self->trace);
  guint count = 0;

  /* Sorted by start; a long marker may begin before the window. */
  for (guint i = 0; i < n && count < max; i++)
    {
      JxTimelineMarker m;

      if (view->markers != NULL)
        m = view->markers[i];
      else
        {
          const JxMarker *t = jx_trace_get_marker (self->trace, i);

          m = (JxTimelineMarker) { (gint64) t->time, (gint64) (t->time + t->duration),
                                   jx_trace_get_marker_def (self->trace, t->def)->severity, 0 };
        }
      if (m.start > view->end)
        break;
      if (m.end < view->start)
        continue;
      if (index != NULL)
        index[count] = i;
      out[count++] = (JxMarkerFlag) { jx_timeline_view_tick_to_x (view, m.start),
                                      jx_timeline_view_tick_to_x (view, m.end), m.severity, m.state };
    }
  return count;
}

void
_jx_timeline_renderer_draw_markers (JxTimelineRenderer   *self,
                                    cairo_t              *cr,
                                    const JxTimelineView *view)
{
  JxMarkerFlag flags[MAX_MARKERS];
  guint n = marker_flags (self, view, flags, NULL, MAX_MARKERS);

  jx_marker_flags_draw (cr, flags, n, view->label_width, view->width, view->height, view->dark, TRUE);
}

int
_jx_timeline_renderer_marker_at (JxTimelineRenderer   *self,
                                 const JxTimelineView *view,
                                 double                x,
                                 double                y)
{
  JxMarkerFlag flags[MAX_MARKERS];
  guint index[MAX_MARKERS];
  guint n;
  int hit;

  /* Flags hang in the top rows, pennants in the first few pixels. */
  if (!view->show_markers || x < view->label_width || x >= view->width || y > JX_MARKER_FLAG_HEIGHT * 2)
    return -1;
  n = marker_flags (self, view, flags, index, MAX_MARKERS);
  hit = jx_marker_flags_hit (flags, n, x, y);
  return hit >= 0 ? (int) index[hit] : -1;
}
