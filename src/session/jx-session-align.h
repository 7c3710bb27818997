/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-align.h — "Align All Traces Here": every other trace of the
 * session is shifted so that its invocation corresponding to the selected
 * one (by call-invocation profile, jx-call-profile.h) starts — or, with the
 * session's "align-ends" mode, ends — at the same comparison time. The
 * trace of the selected invocation keeps its offset, and the visible
 * window is kept, so the selected invocation stays where it was on screen.
 * All offsets change in one undoable step.
 *
 * The matching runs in a worker thread over the immutable traces; the
 * offsets are applied on the main thread when it is done, from the
 * reference's offset at that moment. The result is a JxAlignReport: per
 * trace which invocation was chosen, its profile error and the offset
 * applied, or why the trace stayed where it was. Aligning traces at
 * markers (jx_session_align_markers) gives the same kind of report.
 *
 * Both work on the session from above, through its public calls only. */
#pragma once

#include <gio/gio.h>

#include "jx-call-profile.h"
#include "jx-session.h"

G_BEGIN_DECLS

typedef enum
{
  JX_ALIGN_ENTRY_REFERENCE,   /* the trace aligned to: not moved */
  JX_ALIGN_ENTRY_ALIGNED,
  JX_ALIGN_ENTRY_NO_PROCESS,  /* no process (or stream) to match: not moved */
  JX_ALIGN_ENTRY_NO_FUNCTION, /* the trace does not define the function: not moved */
  JX_ALIGN_ENTRY_NOT_CALLED,  /* the matched stream never calls it: not moved */
  JX_ALIGN_ENTRY_NO_MARKER,   /* marker alignment: no marker selected in this trace */
  JX_ALIGN_ENTRY_NOT_LOADED,  /* still loading, failed, or removed meanwhile */
} JxAlignEntryStatus;

typedef struct
{
  JxSessionTrace     *item;
  JxAlignEntryStatus  status;
  char               *process;       /* matched process name, NULL when none */
  char               *stream;        /* matched stream name, NULL when none */
  guint32             stream_index;  /* JX_NONE when none */
  guint32             invocation;    /* chosen invocation (or marker index), JX_NONE when none */
  guint32             ordinal;       /* 1-based among the function's invocations on the stream */
  guint64             error;         /* profile error; 0 = exact */
  guint32             n_candidates;
  gint64              time_ns;       /* comparison time of the aligned edge after aligning */
  gint64              offset_before;
  gint64              offset_after;
} JxAlignEntry;

#define JX_TYPE_ALIGN_REPORT (jx_align_report_get_type ())
typedef struct _JxAlignReport JxAlignReport;

GType               jx_align_report_get_type      (void) G_GNUC_CONST;
JxAlignReport      *jx_align_report_ref           (JxAlignReport *self);
void                jx_align_report_unref         (JxAlignReport *self);
/* The function's name, or the marker's text. */
const char         *jx_align_report_get_what      (JxAlignReport *self);
gboolean            jx_align_report_is_marker     (JxAlignReport *self);
JxAlignEdge         jx_align_report_get_edge      (JxAlignReport *self);
guint               jx_align_report_get_n_entries (JxAlignReport *self);
/* Entries in session order; the reference is one of them. */
const JxAlignEntry *jx_align_report_get_entry     (JxAlignReport *self,
                                                   guint          index);
/* Traces moved, and traces left where they were (reference excluded). */
guint               jx_align_report_count_aligned (JxAlignReport *self);
guint               jx_align_report_count_left    (JxAlignReport *self);

/* Aligns the other loaded traces at `invocation` on `stream` of `item`
 * (loaded) by the session's align mode. Fails with G_IO_ERROR_CANCELLED,
 * or G_IO_ERROR_INVALID_ARGUMENT when the invocation does not exist. */
void                jx_session_align_at_async     (JxSession           *self,
                                                   JxSessionTrace      *item,
                                                   guint32              stream,
                                                   guint32              invocation,
                                                   GCancellable        *cancellable,
                                                   GAsyncReadyCallback  callback,
                                                   gpointer             user_data);
JxAlignReport      *jx_session_align_at_finish    (JxSession           *self,
                                                   GAsyncResult        *result,
                                                   GError             **error);

/* Each marker's trace (but the first's) moves so that the marker lies at
 * the first's comparison time (its end with "align-ends"); later markers
 * of an already used trace are skipped. One undoable step; the markers are
 * highlighted and brought into view. Returns the report (NULL with fewer
 * than two markers). */
JxAlignReport      *jx_session_align_markers      (JxSession           *self,
                                                   JxSessionMarker    **markers,
                                                   guint                n);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxAlignReport, jx_align_report_unref)

G_END_DECLS
