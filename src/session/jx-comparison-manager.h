/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-manager.h — which traces of a session are compared with
 * which: the reference, every loaded trace compared with it (each item's
 * JxTraceComparison, jx-trace-comparison.h), and the compared trace the
 * reference's diff bars and the comparison pane show it against. The
 * session owns one (jx_session_get_comparison_manager), tells it when
 * traces come, go or load (update), and shows "reference" and
 * "compared-trace" as its own properties.
 *
 * A comparison starts when the trace and the reference are both loaded,
 * starts again when the reference changes, and is dropped with the trace;
 * offsets never touch it (the alignment is structural).
 *
 * Properties (read-write, notified when they change):
 *   "reference"       (JxSessionTrace) the trace the others are compared
 *                     against; its "reference" property follows. NULL only
 *                     while the list is empty
 *   "compared-trace"  (JxSessionTrace) the one set, else the first loaded
 *                     trace that is not the reference; NULL when there is
 *                     none */
#pragma once

#include <gio/gio.h>

#include "jx-scoring.h"
#include "jx-stream-pairing.h"
#include "jx-session-trace.h"

G_BEGIN_DECLS

#define JX_TYPE_COMPARISON_MANAGER (jx_comparison_manager_get_type ())
G_DECLARE_FINAL_TYPE (JxComparisonManager, jx_comparison_manager, JX, COMPARISON_MANAGER, GObject)

/* For the traces in `items` (a GListModel of JxSessionTrace, held weakly). */
JxComparisonManager *jx_comparison_manager_new           (GListModel          *items);

JxSessionTrace      *jx_comparison_manager_get_reference (JxComparisonManager *self);
/* item is one of the list's, or NULL when the list is empty; restarts the
 * comparisons. */
void                 jx_comparison_manager_set_reference (JxComparisonManager *self,
                                                          JxSessionTrace      *item);
JxSessionTrace      *jx_comparison_manager_get_compared  (JxComparisonManager *self);
/* NULL returns to the automatic choice. */
void                 jx_comparison_manager_set_compared  (JxComparisonManager *self,
                                                          JxSessionTrace      *item);

/* Starts, restarts or drops each item's comparison so that every loaded
 * trace but the reference is compared with the loaded reference: after a
 * load and a removal. Runs already for the current reference stay. */
void                 jx_comparison_manager_update        (JxComparisonManager *self);
/* Compares item with the reference again (after a cancel); nothing when
 * either is not loaded. */
void                 jx_comparison_manager_compare       (JxComparisonManager *self,
                                                          JxSessionTrace      *item);
/* The match / mismatch / gap scores of every comparison (jx-scoring.h;
 * default 2 / −1 / −1). Setting other scores compares every trace again
 * with them; scores jx_scoring_validate refuses change nothing (FALSE with
 * its error). */
const JxScoring     *jx_comparison_manager_get_scoring   (JxComparisonManager *self);
gboolean             jx_comparison_manager_set_scoring   (JxComparisonManager *self,
                                                          const JxScoring     *scoring,
                                                          GError             **error);
/* How every comparison pairs the streams: by name unless by structure is
 * clearly better (auto, the default), by name, or by structure
 * (jx-stream-pairing.h). Another mode compares every trace again. */
JxPairingMode        jx_comparison_manager_get_pairing   (JxComparisonManager *self);
void                 jx_comparison_manager_set_pairing   (JxComparisonManager *self,
                                                          JxPairingMode        pairing);
/* Stops item's running comparison, keeping the pairs done so far. */
void                 jx_comparison_manager_cancel        (JxComparisonManager *self,
                                                          JxSessionTrace      *item);
/* item left the list: it is no longer the compared trace (the caller moves
 * the reference first when it was that). */
void                 jx_comparison_manager_forget        (JxComparisonManager *self,
                                                          JxSessionTrace      *item);

G_END_DECLS
