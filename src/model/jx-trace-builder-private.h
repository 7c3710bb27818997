/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-builder-private.h — what the builder's files share:
 *   jx-trace-builder.c           definitions, markers, issues and defects
 *   jx-trace-builder-events.c    per-event appends and their repairs
 *   jx-trace-builder-arrays.c    the per-stream invocation arrays (one block)
 *   jx-trace-builder-messages.c  messages and collectives: recording, matching
 *   jx-trace-builder-finish.c    finish(): the builder becomes a JxTrace
 * Nothing outside src/model should include this. */
#pragma once

#include "jx-trace-builder.h"
#include "jx-trace-private.h"

G_BEGIN_DECLS

/* A send or receive waiting to be matched (jx-trace-builder-messages.c). */
typedef struct
{
  guint64 time;
  guint64 size;
  guint32 sender;
  guint32 receiver;
  guint32 communicator;
  guint32 tag;
} PendingMessage;

struct _JxTraceBuilder
{
  JxTrace     *trace;
  GPtrArray   *streams;        /* JxStreamWriter */
  GMutex       lock;           /* guards the fields below */
  GHashTable  *undefined;      /* raw region id -> synthetic position + 1 */
  GArray      *undefined_raw;  /* guint32 raw ids, creation order */
  guint32      n_defined_regions;
  GArray      *issues;         /* trace-wide JxLoadIssue */
  guint64      defects[JX_N_DEFECTS];
  JxTracePartial *partial;     /* NULL unless set_partial () */
  gboolean     messages_only;  /* set_messages_only () */
  gboolean     keep_external;  /* keep_external (): unmatched messages become external */
};

/* jx-trace-builder.c */

const char *_jx_trace_builder_intern       (JxTraceBuilder *self,
                                            const char     *s);

/* Appends a region named name (also its canonical name) with empty
 * description and source file; the caller fills in the rest. */
JxRegion   *_jx_trace_builder_append_region (JxTraceBuilder *self,
                                             const char     *name);

/* Counts a defect on the stream, flags it repaired and lists the issue
 * (capped). Only the thread filling the stream may call it. */
void        _jx_stream_writer_issue        (JxStreamWriter *sb,
                                            JxDefect        defect,
                                            guint64         time,
                                            const char     *format,
                                            ...) G_GNUC_PRINTF (4, 5);

/* Lists an issue on the stream without counting a defect. */
void        _jx_stream_writer_note         (JxStreamWriter *sb,
                                            JxDefect        defect,
                                            guint64         time,
                                            const char     *format,
                                            ...) G_GNUC_PRINTF (4, 5);

static inline JxStreamWriter *
_jx_trace_builder_stream (JxTraceBuilder *self,
                          guint32         stream)
{
  g_assert (stream < self->streams->len);
  return g_ptr_array_index (self->streams, stream);
}

/* jx-trace-builder-events.c */

void        _jx_stream_writer_free         (gpointer        data);

/* Reports a timestamp before the stream's previous one; returns the
 * previous one. */
guint64     _jx_stream_writer_raise_time   (JxStreamWriter *sb,
                                            guint64         time);

/* Counts one event at time on the stream and returns its time, raised to
 * the previous event's when it goes backwards. Inline: every event of the
 * builder's public functions passes here. */
static inline guint64
_jx_stream_writer_check_time (JxStreamWriter *sb,
                              guint64         time)
{
  /* A stream that begins with calls cut to a window begins there. */
  if (G_UNLIKELY (sb->s.n_events == 0))
    sb->s.first_time = sb->s.n_clipped_start > 0 ? sb->s.first_time : time;
  else if (G_UNLIKELY (time < sb->s.last_time))
    time = _jx_stream_writer_raise_time (sb, time);
  sb->s.last_time = time;
  sb->s.n_events++;
  return time;
}

/* Closes the regions still open at the stream's last timestamp and trims
 * its arrays to their exact size. */
void        _jx_stream_writer_close_and_trim (JxTraceBuilder *self,
                                              JxStreamWriter *sb);

/* One event of the given kind on the stream: checks and counts it (time
 * may be raised, see above) and returns the stream's writer. */
static inline JxStreamWriter *
_jx_trace_builder_event (JxTraceBuilder *self,
                         guint32         stream,
                         guint64        *time,
                         JxEventKind     kind)
{
  JxStreamWriter *sb = _jx_trace_builder_stream (self, stream);

  *time = _jx_stream_writer_check_time (sb, *time);
  sb->s.event_counts[kind]++;
  return sb;
}

/* jx-trace-builder-partial.c */

/* A window's messages: receives of messages sent before it are dropped
 * (before the streams are reordered); counts go to partial. */
void        _jx_trace_builder_drop_cut_receives (JxTraceBuilder *self);
/* A send or receive left unmatched, kept as an external message of the
 * stream (keep_external). */
void        _jx_stream_writer_keep_unmatched (JxStreamWriter       *sb,
                                              const PendingMessage *pm,
                                              gboolean              send,
                                              guint64               peer);
/* The streams' external messages move to the trace, by stream. */
void        _jx_trace_builder_take_external (JxTraceBuilder *self);
/* The partial record moves to the trace with its counters. */
void        _jx_trace_builder_finish_partial    (JxTraceBuilder *self);
/* Whether unmatched sends are taken as received after the window. */
static inline gboolean
_jx_trace_builder_windowed (JxTraceBuilder *self)
{
  return self->partial != NULL && self->partial->has_window;
}

/* jx-trace-builder-arrays.c */

/* Doubles the capacity (at least 256). */
void        _jx_stream_writer_grow         (JxStreamWriter *sb);
/* Exactly the invocations held, in as little memory as possible. */
void        _jx_stream_writer_shrink       (JxStreamWriter *sb);

/* jx-trace-builder-messages.c */

/* The stream moved to index; new_index maps old stream indices to new ones
 * for the peers of its pending messages. */
void        _jx_stream_writer_renumber_messages (JxStreamWriter *sb,
                                                 guint32         index,
                                                 const guint32  *new_index);
/* Pairs sends with receives into the trace's messages, in send-time order,
 * and reports the leftovers; frees the pending records. */
void        _jx_trace_builder_match_messages (JxTraceBuilder *self);
/* The trace's collectives in begin-time order, with distinct infos; frees
 * the pending records. */
void        _jx_trace_builder_merge_collectives (JxTraceBuilder *self);

G_END_DECLS
