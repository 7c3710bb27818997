/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-builder.h — assembles a JxTrace from definitions and per-stream
 * enter/leave events. The OTF2 loader uses it; tests and benchmarks use it to
 * build traces in memory without writing files. Repairs the same defects the
 * loader reports (see jx-trace.h, JxDefect). Streams may be filled from
 * different threads concurrently (one thread per stream at a time). */
#pragma once

#include "jx-trace.h"

G_BEGIN_DECLS

typedef struct _JxTraceBuilder JxTraceBuilder;

JxTraceBuilder *jx_trace_builder_new          (const char *path,
                                               const char *name,
                                               guint64     timer_resolution);
void            jx_trace_builder_free         (JxTraceBuilder *self);

guint32         jx_trace_builder_add_string   (JxTraceBuilder *self, const char *s);
guint32         jx_trace_builder_add_region   (JxTraceBuilder *self,
                                               const char     *name,
                                               guint8          paradigm,   /* OTF2_Paradigm */
                                               guint8          role);      /* OTF2_RegionRole */
guint32         jx_trace_builder_add_system_node (JxTraceBuilder *self,
                                               const char     *name,
                                               const char     *class_name,
                                               guint32         parent);
guint32         jx_trace_builder_add_process  (JxTraceBuilder *self,
                                               const char     *name,
                                               guint32         system_node);
guint32         jx_trace_builder_add_stream   (JxTraceBuilder *self,
                                               guint32         process,
                                               const char     *name,
                                               JxStreamKind    kind);

/* Events of one stream, in file order. */
void            jx_trace_builder_enter        (JxTraceBuilder *self, guint32 stream, guint64 time, guint32 region);
void            jx_trace_builder_leave        (JxTraceBuilder *self, guint32 stream, guint64 time, guint32 region);
void            jx_trace_builder_count_event  (JxTraceBuilder *self, guint32 stream, guint64 time, JxEventKind kind);

/* Events naming a region id that has no definition (the loader's path for
 * OTF2 refs it could not map); raw is shown in the synthetic region's name.
 * enter()/leave() treat any region >= get_n_regions() the same way. */
void            jx_trace_builder_enter_undefined (JxTraceBuilder *self, guint32 stream, guint64 time, guint32 raw);
void            jx_trace_builder_leave_undefined (JxTraceBuilder *self, guint32 stream, guint64 time, guint32 raw);

/* Definitions (everything up to add_stream, set_* and add_marker*) must be
 * made from one thread before any event is added; event functions take a
 * stream and may run concurrently for different streams. */
void            jx_trace_builder_set_clock    (JxTraceBuilder *self,
                                               guint64         timer_resolution,
                                               guint64         global_offset,
                                               guint64         trace_length);
void            jx_trace_builder_set_creator  (JxTraceBuilder *self,
                                               const char     *creator);
void            jx_trace_builder_set_region_info (JxTraceBuilder *self,
                                               guint32         region,
                                               const char     *canonical_name,
                                               const char     *description,
                                               const char     *source_file,
                                               guint32         begin_line,
                                               guint32         end_line);
guint           jx_trace_builder_get_n_regions (JxTraceBuilder *self);
void            jx_trace_builder_set_stream_id (JxTraceBuilder *self,
                                               guint32         stream,
                                               guint64         otf2_id);
guint           jx_trace_builder_get_n_streams (JxTraceBuilder *self);

/* Hint: the stream will hold about n invocations (avoids regrowing). Never
 * fails: a block that cannot be allocated is skipped and the arrays grow as
 * events are added. Callers should still cap n by what the input can hold. */
void            jx_trace_builder_reserve      (JxTraceBuilder *self, guint32 stream, guint32 n_invocations);

/* Point-to-point messages; receiver / sender are stream indices (JX_NONE when
 * the peer location is undefined). Each call counts one MPI_SEND / MPI_RECV
 * event. Matching is FIFO per (sender, receiver, communicator, tag). */
void            jx_trace_builder_send         (JxTraceBuilder *self, guint32 stream, guint64 time,
                                               guint32 receiver, guint32 communicator,
                                               guint32 tag, guint64 size);
void            jx_trace_builder_recv         (JxTraceBuilder *self, guint32 stream, guint64 time,
                                               guint32 sender, guint32 communicator,
                                               guint32 tag, guint64 size);

/* Collective operations; each call counts one MPI_COLLECTIVE event. */
void            jx_trace_builder_collective_begin (JxTraceBuilder *self, guint32 stream, guint64 time);
void            jx_trace_builder_collective_end   (JxTraceBuilder *self, guint32 stream, guint64 time,
                                                   guint8 operation, guint32 communicator,
                                                   guint32 root, guint64 bytes_sent,
                                                   guint64 bytes_received);

/* Markers (single thread). */
guint32         jx_trace_builder_add_marker_def (JxTraceBuilder *self,
                                                 const char     *group,
                                                 const char     *category,
                                                 guint8          severity);
void            jx_trace_builder_add_marker   (JxTraceBuilder *self,
                                               guint64         time,
                                               guint64         duration,
                                               guint32         def,
                                               guint8          scope,
                                               guint64         scope_ref,
                                               const char     *text);

/* The stream's events could not be read: flags it missing and counts the
 * defect; events already added for it are kept. */
void            jx_trace_builder_mark_missing (JxTraceBuilder *self, guint32 stream, const char *reason);

/* The stream's event file ended early (a read failed after some events):
 * flags it truncated and counts the defect; the events read are kept and
 * regions still open are closed as for any stream. Use mark_missing when no
 * event could be read at all. */
void            jx_trace_builder_mark_truncated (JxTraceBuilder *self, guint32 stream, const char *reason);

/* Counts a defect and records an issue. stream is JX_NONE for trace-wide
 * defects (safe from any thread); otherwise the one-thread-per-stream rule
 * applies. */
void            jx_trace_builder_report       (JxTraceBuilder *self,
                                               JxDefect        defect,
                                               guint32         stream,
                                               guint64         time,
                                               const char     *format,
                                               ...) G_GNUC_PRINTF (5, 6);

/* The stream's events are complete (no more events for it may follow):
 * closes regions still open and trims its arrays to their exact size now,
 * while they are still in the cache. finish() does this for streams that
 * were not ended. */
void            jx_trace_builder_end_stream   (JxTraceBuilder *self, guint32 stream);

/* Partial loads (jx-trace-selection.h, jx-trace-builder-partial.c). */

/* The trace holds only part of its archive (copied; the counters are
 * filled in by finish ()). With a window, sends left without a receive
 * are taken as received after its end, and receives of messages sent
 * before its beginning (known from jx_trace_builder_skip_message ()) are
 * left out: both are counted in n_messages_cut, not as defects. */
void            jx_trace_builder_set_partial  (JxTraceBuilder *self, const JxTracePartial *partial);
/* The process's position in the definitions when processes were left out. */
void            jx_trace_builder_set_process_rank (JxTraceBuilder *self, guint32 process, guint32 rank);
/* A call open when the window began, entered at time (the window's
 * beginning) without counting an event; the stream's events must not
 * have begun. region as for enter (); _undefined as enter_undefined (). */
void            jx_trace_builder_enter_clipped (JxTraceBuilder *self, guint32 stream, guint64 time, guint32 region);
void            jx_trace_builder_enter_clipped_undefined (JxTraceBuilder *self, guint32 stream, guint64 time, guint32 raw);
/* A collective operation begun before the window: its part begins at time. */
void            jx_trace_builder_collective_clipped (JxTraceBuilder *self, guint32 stream, guint64 time);
/* The window ended at time (after the stream's last event) with calls
 * open: they end there, cut, without an unclosed-region defect. */
void            jx_trace_builder_clip_end     (JxTraceBuilder *self, guint32 stream, guint64 time);
/* A send (send = TRUE, peer = receiver) or receive (peer = sender) before
 * the window: not added, only counted per peer, communicator and tag. */
void            jx_trace_builder_skip_message (JxTraceBuilder *self, guint32 stream, gboolean send,
                                               guint32 peer, guint32 communicator, guint32 tag);
/* The stream has events outside the window, so it is not empty even when
 * none lies inside. */
void            jx_trace_builder_note_outside (JxTraceBuilder *self, guint32 stream);
/* Message events whose peer was not selected (counted as events). */
void            jx_trace_builder_add_unselected_messages (JxTraceBuilder *self, guint64 n);
/* A message event whose peer (an OTF2 location reference) was not
 * selected, counted as an event and kept as a JxExternalMessage. */
void            jx_trace_builder_external_message (JxTraceBuilder *self, guint32 stream, guint64 time,
                                                   gboolean send, guint64 peer, guint32 communicator,
                                                   guint32 tag, guint64 size);
/* Before any event: finish() keeps the sends and receives it leaves
 * unmatched among the builder's streams as external messages (unmatched
 * = 1) instead of counting and listing them, so that whoever matches the
 * external messages of all parts matches those with them. */
void            jx_trace_builder_keep_external (JxTraceBuilder *self);
/* The builder holds only messages (juxtrace-mpi matching the external
 * messages of its shares): finish() does not call its streams empty. */
void            jx_trace_builder_set_messages_only (JxTraceBuilder *self);

/* Closes open regions, shrinks arrays, matches messages, sorts; consumes the builder. */
JxTrace        *jx_trace_builder_finish       (JxTraceBuilder *self);

G_END_DECLS
