/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-loader-window.c — reading one location for a partial load with
 * a time window [begin, end).
 *
 * libotf2 reads a location's events in file order, which OTF2 requires to
 * be timestamp order. So reading stops at the first event at or after the
 * window's end (the callback interrupts the reader): nothing after it is
 * read. Before the window's beginning there is no shortcut: which calls
 * are open at a point of the file is known only from the events before
 * it, so they are decoded, but only a stack of the open calls is kept
 * (no invocation, no message, no count): memory grows with the nesting
 * depth, not with the events before the window.
 *
 * At the edges, calls are cut to the window and flagged, not dropped and
 * not kept whole: the first event inside the window first enters the
 * calls open at that moment, at the window's beginning, without counting
 * an event (jx_trace_builder_enter_clipped ()); calls still open when an
 * event at or after the end stops the reading end at the window's end
 * (jx_trace_builder_clip_end ()). A call that spans the whole window is
 * cut at both edges. A leave exactly at the beginning, before any event
 * inside, still belongs to the time before: its call does not reach into
 * the window. Events of a file that ends inside the window are handled as
 * in a whole load (calls open at its end are unclosed-region defects).
 * Defects before or after the window are not looked for.
 */
#include "config.h"

#include "jx-trace-loader-private.h"

void
_jx_window_start_location (ReaderThread *t)
{
  t->before = TRUE;
  t->past_end = FALSE;
  t->outside = FALSE;
  t->pre_collective = FALSE;
  if (t->pre_stack == NULL)
    t->pre_stack = g_array_new (FALSE, FALSE, sizeof (PreFrame));
  g_array_set_size (t->pre_stack, 0);
}

/* The first event inside the window: the calls open now begin at the
 * window's beginning. */
static void
enter_window (ReaderThread *t)
{
  guint64 begin = t->ld->window_begin;
  guint i;

  t->before = FALSE;
  for (i = 0; i < t->pre_stack->len; i++)
    {
      const PreFrame *f = &g_array_index (t->pre_stack, PreFrame, i);

      if (f->region != JX_NONE)
        jx_trace_builder_enter_clipped (t->b, t->stream, begin, f->region);
      else
        jx_trace_builder_enter_clipped_undefined (t->b, t->stream, begin, f->raw);
    }
  g_array_set_size (t->pre_stack, 0);
  if (t->pre_collective)
    jx_trace_builder_collective_clipped (t->b, t->stream, begin);
  t->pre_collective = FALSE;
}

WindowPhase
_jx_window_phase (ReaderThread *t,
                  guint64       time,
                  gboolean      leave)
{
  Loader *ld = t->ld;

  t->latest_time = MAX (t->latest_time, time);
  if (time >= ld->window_end)
    {
      t->past_end = TRUE;
      t->outside = TRUE;
      return WINDOW_AFTER;
    }
  if (t->before)
    {
      if (time < ld->window_begin || (leave && time == ld->window_begin))
        {
          t->outside = TRUE;
          return WINDOW_BEFORE;
        }
      enter_window (t);
    }
  return WINDOW_IN;
}

void
_jx_window_pre_enter (ReaderThread *t,
                      guint32       region,
                      guint32       raw)
{
  PreFrame f = { region, raw };

  g_array_append_val (t->pre_stack, f);
}

static gboolean
same_frame (const PreFrame *f,
            guint32         region,
            guint32         raw)
{
  return f->region == region && (region != JX_NONE || f->raw == raw);
}

/* As the builder repairs a whole load (jx-trace-builder-events.c): a
 * leave of a region open further out closes the ones inside it, a leave
 * of a region not open closes the innermost, a leave with nothing open is
 * ignored; only without reports, since nothing of this is loaded. */
void
_jx_window_pre_leave (ReaderThread *t,
                      guint32       region,
                      guint32       raw)
{
  guint k;

  if (t->pre_stack->len == 0)
    return;
  for (k = t->pre_stack->len; k > 0; k--)
    if (same_frame (&g_array_index (t->pre_stack, PreFrame, k - 1), region, raw))
      {
        g_array_set_size (t->pre_stack, k - 1);
        return;
      }
  g_array_set_size (t->pre_stack, t->pre_stack->len - 1);
}

void
_jx_window_end_location (ReaderThread *t)
{
  if (t->past_end)
    {
      /* Calls open through the whole window, or at its end. */
      if (t->before)
        enter_window (t);
      jx_trace_builder_clip_end (t->b, t->stream, t->ld->window_end);
    }
  if (t->outside)
    jx_trace_builder_note_outside (t->b, t->stream);
}
