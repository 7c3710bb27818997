/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-trace-private.h — what the session and its parts do to items.
 *
 * Only jx-session-trace.c writes the fields of a JxSessionTrace (its struct
 * is private to that file); everything else goes through the functions
 * below and the public ones of jx-session-trace.h. The invariants it keeps:
 *
 *   - "state" goes LOADING → LOADED or LOADING → FAILED, once;
 *     "error" is set exactly when FAILED.
 *   - An item is attached from _jx_session_trace_new() until
 *     _jx_session_trace_detach() (it left its session), never again. A
 *     detached item starts nothing (a load that ends later is dropped, no
 *     summary, fold, imbalance or comparison starts) and holds no trace and
 *     no result: "trace", "summary", "groups", "fold", "imbalance" and
 *     "comparison" are NULL from then on.
 *   - "trace" is set only while LOADED and attached; "summary" only with
 *     "trace"; "duration" is 0 unless LOADED; the clock (start ticks,
 *     resolution) is valid from LOADED on.
 *   - "offset" changes only through _jx_session_trace_set_offset() (the
 *     session's offset history), "reference" only through
 *     _jx_session_trace_set_reference() (the comparison manager, which
 *     keeps it TRUE for at most one item of a session), "name" only through
 *     the load and _jx_session_trace_update_names() (unique in its session).
 *   - The parts it owns (jx_session_trace_get_folding(),
 *     jx_session_trace_get_trace_comparison()) live as long as the item;
 *     their notifications are the item's own ("groups", …,
 *     "comparison-pairs", …). Their runs hold the part, never the item. */
#pragma once

#include "jx-session-trace.h"

G_BEGIN_DECLS

JxSessionTrace *_jx_session_trace_new           (const char     *path,
                                                 guint           color_slot);
/* Starts loading `path` in a thread: the part `selection` takes (copied;
 * NULL or one that takes everything: the whole trace). */
void            _jx_session_trace_load          (JxSessionTrace         *self,
                                                 const JxTraceSelection *selection);
/* Takes an already loaded trace. */
void            _jx_session_trace_set_loaded    (JxSessionTrace *self,
                                                 JxTrace        *trace);
void            _jx_session_trace_cancel_load   (JxSessionTrace *self);
/* The item left its session: cancels its load and computations and lets
 * go of its trace and results. */
void            _jx_session_trace_detach        (JxSessionTrace *self);
void            _jx_session_trace_set_offset    (JxSessionTrace *self,
                                                 gint64          offset);
void            _jx_session_trace_set_reference (JxSessionTrace *self,
                                                 gboolean        reference);
/* After items came, went or were renamed: gives every item of the session
 * (JxSessionTrace*, in order) a name no other one has
 * (jx_trace_names_disambiguate: "run (a)", "run (b)"). */
void            _jx_session_trace_update_names  (GPtrArray      *items);

G_END_DECLS
