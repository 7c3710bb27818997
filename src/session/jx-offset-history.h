/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-offset-history.h — the offsets of a session's traces and their undo
 * and redo history, which also holds the streams paired by hand
 * (jx_offset_history_set_pairs): one history for the session's Ctrl+Z. The session owns one (jx_session_get_offset_history)
 * and shows its "can-undo" and "can-redo" as its own properties; every
 * offset change goes through it.
 *
 * A step is any number of offset changes made as one command (a typed
 * offset, aligning all traces at once, a whole drag): undo and redo apply
 * all of it. During a drag call begin_drag once, set_offset as often as
 * the pointer moves, end_drag once: one step. The history does not
 * reference the items: the session calls forget() when one leaves, which
 * drops its changes from every step (and a step left empty) and its drag.
 *
 * Each step has a kind (JxUndoKind: the command that made it), which
 * names it in the window's Undo and Redo items: "Undo Pairing", not
 * "Undo Time Shift", when Ctrl+Z would restore a pairing.
 *
 * Properties (read-only, notified): "can-undo", "can-redo" (boolean);
 * "undo-label", "redo-label" (translated string with a mnemonic, as a
 * menu item shows it: "_Undo Time Shift", …, or "_Undo" / "_Redo" when
 * there is nothing; notified when the kind
 * of the step that would be undone or redone changes). */
#pragma once

#include <glib-object.h>

#include "jx-session-trace.h"

G_BEGIN_DECLS

/* What made a step. */
typedef enum
{
  JX_UNDO_NONE,               /* no step */
  JX_UNDO_TIME_SHIFT,         /* one trace's offset: typed, reset, a key, a drag */
  JX_UNDO_ALIGNMENT,          /* several traces at once (set_offsets): at a call, a marker, a phase */
  JX_UNDO_PAIRING,            /* streams paired by hand (set_pairs) */
  JX_UNDO_AUTOMATIC_PAIRING,  /* the pairs by hand dropped: paired automatically again */
} JxUndoKind;

/* "_Undo Time Shift", "_Redo Pairing", …: translated, with the menu
 * item's mnemonic underscore, static. */
const char      *jx_undo_kind_get_undo_label   (JxUndoKind        kind);
const char      *jx_undo_kind_get_redo_label   (JxUndoKind        kind);

#define JX_TYPE_OFFSET_HISTORY (jx_offset_history_get_type ())
G_DECLARE_FINAL_TYPE (JxOffsetHistory, jx_offset_history, JX, OFFSET_HISTORY, GObject)

JxOffsetHistory *jx_offset_history_new         (void);

/* One step (JX_UNDO_TIME_SHIFT), unless item is being dragged (then the
 * drag's). */
void             jx_offset_history_set_offset  (JxOffsetHistory  *self,
                                                JxSessionTrace   *item,
                                                gint64            offset_ns);
/* Several traces in one step (JX_UNDO_ALIGNMENT); a drag running on one of them ends first,
 * as its own step. */
void             jx_offset_history_set_offsets (JxOffsetHistory  *self,
                                                JxSessionTrace  **items,
                                                const gint64     *offsets_ns,
                                                guint             n_items);
void             jx_offset_history_begin_drag  (JxOffsetHistory  *self,
                                                JxSessionTrace   *item);
void             jx_offset_history_end_drag    (JxOffsetHistory  *self,
                                                JxSessionTrace   *item);
gboolean         jx_offset_history_is_dragging (JxOffsetHistory  *self,
                                                JxSessionTrace   *item);

/* The streams item pairs by hand with the reference's (a flat list of
 * "process / stream" names, A, B, A, B, …; NULL or empty for none) as
 * one step: its comparison is paired again (jx_trace_comparison_repair),
 * and undo and redo pair it again the way it was. Nothing when they are
 * the ones it has. */
void             jx_offset_history_set_pairs   (JxOffsetHistory   *self,
                                                JxSessionTrace    *item,
                                                const char *const *pairs);
/* The same for several items as one step: pairs[i] (NULL for none) is
 * items[i]'s; items whose pairs stay as they are are left out of it, and
 * no step at all is made when none changes. A step that leaves none of
 * them paired by hand is JX_UNDO_AUTOMATIC_PAIRING, else JX_UNDO_PAIRING. */
void             jx_offset_history_set_pairs_of (JxOffsetHistory          *self,
                                                 JxSessionTrace          **items,
                                                 const char *const *const *pairs,
                                                 guint                     n_items);

gboolean         jx_offset_history_can_undo    (JxOffsetHistory  *self);
gboolean         jx_offset_history_can_redo    (JxOffsetHistory  *self);
/* The kind of the step undo / redo would apply; JX_UNDO_NONE for none. */
JxUndoKind       jx_offset_history_get_undo_kind (JxOffsetHistory *self);
JxUndoKind       jx_offset_history_get_redo_kind (JxOffsetHistory *self);
const char      *jx_offset_history_get_undo_label (JxOffsetHistory *self);
const char      *jx_offset_history_get_redo_label (JxOffsetHistory *self);
void             jx_offset_history_undo        (JxOffsetHistory  *self);
void             jx_offset_history_redo        (JxOffsetHistory  *self);

void             jx_offset_history_forget      (JxOffsetHistory  *self,
                                                JxSessionTrace   *item);
/* Drops every change of the streams paired by hand from the undo and redo
 * history (and a step left empty): they were named against a reference
 * that is no longer the reference, so undoing them would pair streams of a
 * comparison that is gone. The session calls it when the reference
 * changes. */
void             jx_offset_history_forget_pairs (JxOffsetHistory *self);

G_END_DECLS
