/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-builder-events.c — appends enter/leave (and counted) events to a
 * stream's invocation arrays and repairs what would break them. The loader
 * reaches the plain cases through the inline writer functions in
 * jx-trace-private.h; everything else comes here.
 *
 * Repair strategies (each repair is counted in the load report):
 *
 *  - Backwards timestamp: an event whose time is smaller than the previous
 *    event's on the same stream gets the previous time, so every stream stays
 *    monotonic and invocations never have negative durations.
 *  - Leave whose region is not the innermost open one ("mismatched"): if the
 *    region is open further out, the regions inside it were never left, so
 *    they are closed at the leave's time together with the named region
 *    (each of them also counts as an unclosed region); nesting stays
 *    intact. If the region is not open at all, the leave closes the
 *    innermost open region: the usual cause is a wrong region id on the
 *    right leave, and keeping that region open would nest all its later
 *    siblings inside it.
 *  - Leave with nothing open ("unmatched"): ignored.
 *  - Regions still open when the stream ends ("unclosed"): closed at the
 *    stream's last timestamp, one defect per region.
 *    TraceR stencil4d shows both: "TRACER_WallTime_InLoop" is entered twice
 *    and never left, then "TRACER_Loop" is left while they are open.
 *  - Region id without a definition: mapped to a synthetic region named
 *    "<undefined region N>" (one per distinct id), counted per event.
 *  - Empty stream: kept (its process still shows it) and flagged (in
 *    finish()).
 *  - Missing event file (no events readable): stream flagged missing,
 *    counted once (jx_trace_builder_mark_missing()).
 *  - Event file that ends early: the events read are kept, the stream is
 *    flagged truncated, regions still open are closed as above.
 *  - Unreadable local definitions: counted per location by the loader.
 *  - Messages: see jx-trace-builder-messages.c.
 *
 * A partial load's window is no defect: calls open at its beginning are
 * entered there without an event (enter_clipped), calls open at its end
 * are closed there (clip_end); both are flagged on the stream
 * (JxStream.n_clipped_start / n_clipped_end).
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-trace-builder-private.h"

void
_jx_stream_writer_free (gpointer data)
{
  JxStreamWriter *sb = data;

  _jx_arena_free (&sb->arena);
  g_free (sb->stack);
  g_free (sb->label);
  g_clear_pointer (&sb->issues, g_array_unref);
  g_clear_pointer (&sb->sends, g_array_unref);
  g_clear_pointer (&sb->recvs, g_array_unref);
  g_clear_pointer (&sb->collectives, g_array_unref);
  g_clear_pointer (&sb->skipped, g_hash_table_unref);
  g_clear_pointer (&sb->metrics, _jx_stream_metrics_free);
  g_clear_pointer (&sb->external, g_array_unref);
  g_free (sb);
}

/* Events */

guint64
_jx_stream_writer_raise_time (JxStreamWriter *sb,
                              guint64         time)
{
  _jx_stream_writer_issue (sb, JX_DEFECT_BACKWARDS_TIME, time,
                           _("Timestamp %llu on stream “%s” is before the previous one (%llu); raised to it"),
                           (unsigned long long) time, sb->label, (unsigned long long) sb->s.last_time);
  return sb->s.last_time;
}

static const char *
region_name (JxTraceBuilder *self,
             guint32         region)
{
  if (region < self->n_defined_regions)
    return g_array_index (self->trace->regions, JxRegion, region).name;
  return "<undefined region>";
}

static guint32
map_undefined_region (JxTraceBuilder *self,
                      JxStreamWriter *sb,
                      guint64         time,
                      guint32         raw)
{
  gpointer value;
  guint32 index;

  g_mutex_lock (&self->lock);
  value = g_hash_table_lookup (self->undefined, GUINT_TO_POINTER (raw));
  if (value == NULL)
    {
      g_array_append_val (self->undefined_raw, raw);
      value = GUINT_TO_POINTER (self->undefined_raw->len);
      g_hash_table_insert (self->undefined, GUINT_TO_POINTER (raw), value);
    }
  index = self->n_defined_regions + GPOINTER_TO_UINT (value) - 1;
  g_mutex_unlock (&self->lock);

  _jx_stream_writer_issue (sb, JX_DEFECT_UNDEFINED_REGION, time,
                           _("Event on stream “%s” names undefined region %u"), sb->label, raw);
  return index;
}

/* region, or the synthetic region standing for it when it has no
 * definition. */
static inline guint32
defined_region (JxTraceBuilder *self,
                JxStreamWriter *sb,
                guint64         time,
                guint32         region)
{
  if (G_UNLIKELY (region >= self->n_defined_regions))
    return map_undefined_region (self, sb, time, region);
  return region;
}

static inline void
enter_mapped (JxStreamWriter *sb,
              guint64         time,
              guint32         region)
{
  guint32 i;

  if (G_UNLIKELY (sb->s.n_invocations == sb->capacity))
    _jx_stream_writer_grow (sb);
  if (G_UNLIKELY (sb->stack_len == sb->stack_capacity))
    {
      sb->stack_capacity = sb->stack_capacity < 32 ? 32 : sb->stack_capacity * 2;
      sb->stack = g_renew (guint32, sb->stack, sb->stack_capacity);
    }

  i = sb->s.n_invocations++;
  sb->s.start[i] = time;
  sb->s.end[i] = time;
  sb->s.region[i] = region;
  sb->s.parent[i] = sb->stack_len > 0 ? sb->stack[sb->stack_len - 1] : JX_NONE;
  sb->s.subtree_end[i] = i + 1;
  sb->s.depth[i] = (guint16) MIN (sb->stack_len, G_MAXUINT16);
  sb->stack[sb->stack_len++] = i;
  if (sb->stack_len > sb->s.max_depth)
    sb->s.max_depth = (guint16) MIN (sb->stack_len, G_MAXUINT16);
}

void
jx_trace_builder_enter (JxTraceBuilder *self,
                        guint32         stream,
                        guint64         time,
                        guint32         region)
{
  JxStreamWriter *sb = _jx_trace_builder_event (self, stream, &time, JX_EVENT_ENTER);

  enter_mapped (sb, time, defined_region (self, sb, time, region));
}

void
jx_trace_builder_enter_undefined (JxTraceBuilder *self,
                                  guint32         stream,
                                  guint64         time,
                                  guint32         raw)
{
  JxStreamWriter *sb = _jx_trace_builder_event (self, stream, &time, JX_EVENT_ENTER);

  enter_mapped (sb, time, map_undefined_region (self, sb, time, raw));
}

static inline void
close_top (JxStreamWriter *sb,
           guint64         time)
{
  guint32 top = sb->stack[--sb->stack_len];

  sb->s.end[top] = time;
  sb->s.subtree_end[top] = sb->s.n_invocations;
}

static void
leave_mapped (JxTraceBuilder *self,
              JxStreamWriter *sb,
              guint64         time,
              guint32         region)
{
  guint32 top;
  guint32 k;

  if (G_UNLIKELY (sb->stack_len == 0))
    {
      _jx_stream_writer_issue (sb, JX_DEFECT_UNMATCHED_LEAVE, time,
                               _("Leave of “%s” on stream “%s” with no region open; ignored"),
                               region_name (self, region), sb->label);
      return;
    }

  top = sb->stack[sb->stack_len - 1];
  if (G_LIKELY (sb->s.region[top] == region))
    {
      close_top (sb, time);
      return;
    }

  for (k = sb->stack_len - 1; k > 0; k--)
    if (sb->s.region[sb->stack[k - 1]] == region)
      break;

  if (k == 0)
    {
      _jx_stream_writer_issue (sb, JX_DEFECT_MISMATCHED_LEAVE, time,
                               _("Leave of “%s” on stream “%s” while “%s” is innermost and the former is not open; closed “%s”"),
                               region_name (self, region), sb->label,
                               region_name (self, sb->s.region[top]),
                               region_name (self, sb->s.region[top]));
      close_top (sb, time);
      return;
    }

  _jx_stream_writer_issue (sb, JX_DEFECT_MISMATCHED_LEAVE, time,
                           _("Leave of “%s” on stream “%s” while “%s” is innermost; %u inner region(s) closed with it"),
                           region_name (self, region), sb->label,
                           region_name (self, sb->s.region[top]), sb->stack_len - k);
  while (sb->stack_len > k)
    {
      _jx_stream_writer_issue (sb, JX_DEFECT_UNCLOSED_REGION, time,
                               _("Region “%s” on stream “%s” was never left; closed with its enclosing “%s”"),
                               region_name (self, sb->s.region[sb->stack[sb->stack_len - 1]]), sb->label,
                               region_name (self, region));
      close_top (sb, time);
    }
  close_top (sb, time);
}

void
jx_trace_builder_leave (JxTraceBuilder *self,
                        guint32         stream,
                        guint64         time,
                        guint32         region)
{
  JxStreamWriter *sb = _jx_trace_builder_event (self, stream, &time, JX_EVENT_LEAVE);

  leave_mapped (self, sb, time, defined_region (self, sb, time, region));
}

void
jx_trace_builder_leave_undefined (JxTraceBuilder *self,
                                  guint32         stream,
                                  guint64         time,
                                  guint32         raw)
{
  JxStreamWriter *sb = _jx_trace_builder_event (self, stream, &time, JX_EVENT_LEAVE);

  leave_mapped (self, sb, time, map_undefined_region (self, sb, time, raw));
}

/* Partial loads */

static void
enter_clipped (JxStreamWriter *sb,
               guint64         time,
               guint32         region)
{
  /* Only before the stream's first event: the chain 0 .. n-1. */
  g_assert (sb->s.n_events == 0 && sb->s.n_invocations == sb->s.n_clipped_start);
  /* A trace nested deeper than the depth field holds: the deeper calls
   * open at the window's start are left out (their leaves are repaired
   * like any unmatched leave). */
  if (sb->s.n_clipped_start >= G_MAXUINT16)
    return;

  sb->s.first_time = time;
  sb->s.last_time = time;
  sb->s.flags |= JX_STREAM_FLAG_CLIPPED;
  sb->s.n_clipped_start++;
  enter_mapped (sb, time, region);
}

void
jx_trace_builder_enter_clipped (JxTraceBuilder *self,
                                guint32         stream,
                                guint64         time,
                                guint32         region)
{
  JxStreamWriter *sb;

  g_return_if_fail (self != NULL && stream < self->streams->len);

  sb = _jx_trace_builder_stream (self, stream);
  enter_clipped (sb, time, defined_region (self, sb, time, region));
}

void
jx_trace_builder_enter_clipped_undefined (JxTraceBuilder *self,
                                          guint32         stream,
                                          guint64         time,
                                          guint32         raw)
{
  JxStreamWriter *sb;

  g_return_if_fail (self != NULL && stream < self->streams->len);

  sb = _jx_trace_builder_stream (self, stream);
  enter_clipped (sb, time, map_undefined_region (self, sb, time, raw));
}

void
jx_trace_builder_clip_end (JxTraceBuilder *self,
                           guint32         stream,
                           guint64         time)
{
  JxStreamWriter *sb;

  g_return_if_fail (self != NULL && stream < self->streams->len);

  sb = _jx_trace_builder_stream (self, stream);
  g_return_if_fail (!sb->ended);
  if (sb->stack_len == 0)
    return;
  if (time < sb->s.last_time)
    time = sb->s.last_time;
  sb->s.last_time = time;
  sb->s.flags |= JX_STREAM_FLAG_CLIPPED;
  sb->s.n_clipped_end = (guint16) MIN (sb->stack_len, G_MAXUINT16);
  while (sb->stack_len > 0)
    close_top (sb, time);
}

void
jx_trace_builder_count_event (JxTraceBuilder *self,
                              guint32         stream,
                              guint64         time,
                              JxEventKind     kind)
{
  g_assert (kind < JX_N_EVENT_KINDS);

  _jx_trace_builder_event (self, stream, &time, kind);
}

/* End of a stream */

void
_jx_stream_writer_close_and_trim (JxTraceBuilder *self,
                                  JxStreamWriter *sb)
{
  while (sb->stack_len > 0)
    {
      guint32 top = sb->stack[sb->stack_len - 1];

      _jx_stream_writer_issue (sb, JX_DEFECT_UNCLOSED_REGION, sb->s.last_time,
                               _("Region “%s” on stream “%s” was never left; closed at the stream's last timestamp"),
                               g_array_index (self->trace->regions, JxRegion, sb->s.region[top]).name,
                               sb->label);
      close_top (sb, sb->s.last_time);
    }
  g_clear_pointer (&sb->stack, g_free);
  sb->stack_capacity = 0;

  /* Exact size: this is what keeps resident memory at 15 bytes per event. */
  _jx_stream_writer_shrink (sb);
  sb->ended = TRUE;
}

void
jx_trace_builder_end_stream (JxTraceBuilder *self,
                             guint32         stream)
{
  JxStreamWriter *sb;
  guint32 k;

  g_return_if_fail (self != NULL);
  g_return_if_fail (stream < self->streams->len);

  sb = g_ptr_array_index (self->streams, stream);
  /* Names of synthetic regions exist only in finish(); a stream that leaves
   * one open is closed there. */
  for (k = 0; k < sb->stack_len; k++)
    if (sb->s.region[sb->stack[k]] >= self->n_defined_regions)
      return;
  _jx_stream_writer_close_and_trim (self, sb);
}
