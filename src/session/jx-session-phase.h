/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-phase.h — "Find in Other Traces": where a selected time range
 * of one stream fits best in the same stream (by "process / stream" name)
 * of every other loaded trace (jx-phase-find.h, semi-global alignment with
 * the session's scores), and the offsets that line the fits up with the
 * range — one undoable step, as "Align All Traces Here"
 * (jx-session-align.h). The search runs in a GTask thread. */
#pragma once

#include "jx-phase-find.h"
#include "jx-session.h"

G_BEGIN_DECLS

typedef struct
{
  JxSessionTrace *item;           /* the other trace */
  guint32         stream;         /* its partner stream, JX_NONE when it has none */
  JxPhaseMatch    match;          /* status FOUND: where the range fits */
  guint64         anchor_a_ticks; /* start of match.anchor_a (the range's trace) */
  guint64         anchor_b_ticks; /* start of match.anchor_b (this trace); both 0 without an anchor */
} JxSessionPhaseHit;

/* Searches [range) (comparison ns) of stream of item in every other loaded
 * trace. The result is a GPtrArray of JxSessionPhaseHit, one per other
 * loaded trace in session order. */
void       jx_session_find_phase_async  (JxSession          *self,
                                         JxSessionTrace     *item,
                                         guint32             stream,
                                         const JxTimeSpan   *range,
                                         GCancellable       *cancellable,
                                         GAsyncReadyCallback callback,
                                         gpointer            user_data);
GPtrArray *jx_session_find_phase_finish (JxSession          *self,
                                         GAsyncResult       *result,
                                         GError            **error);

/* TRUE when the hit can be aligned: found, with an anchor. */
gboolean   jx_session_phase_hit_can_align (const JxSessionPhaseHit *hit);

/* Shifts the traces of the alignable hits so that each fit's anchor call
 * starts with the range's (the range's trace stays): one undo step. The
 * number of traces shifted. */
guint      jx_session_align_phases      (JxSession          *self,
                                         JxSessionTrace     *item,
                                         GPtrArray          *hits);

G_END_DECLS
