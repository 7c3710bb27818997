/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-comparison.h — what the session and its items share about the
 * comparisons with the reference (jx-session-comparison.c). */
#pragma once

#include "jx-session.h"

G_BEGIN_DECLS

/* Drops the item's comparison (cancelling a run) and sets the state. */
void _jx_session_trace_clear_comparison (JxSessionTrace           *item,
                                         JxSessionComparisonState  state);

/* Starts, restarts or drops each item's comparison so that every loaded
 * trace but the reference is compared with the loaded reference: after a
 * load, a change of reference and a removal. Runs that are already for the
 * current reference stay (offsets never start one). */
void _jx_session_update_comparisons     (JxSession                *self);

/* Recomputes the selected invocation's aligned partner (after the
 * selection changed or a stream pair arrived). */
void _jx_session_update_partner         (JxSession                *self);

G_END_DECLS
