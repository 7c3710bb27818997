/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-offset-history.h — the undo and redo stacks of trace offsets.
 *
 * A step is any number of offset changes made as one command (a drag, a typed
 * offset, aligning all traces at once). The history does not reference the
 * items: the session calls forget() when one leaves, which drops its changes
 * from every step (and a step left empty). */
#pragma once

#include "jx-session-trace.h"

G_BEGIN_DECLS

typedef struct
{
  JxSessionTrace *item;
  gint64          before;
  gint64          after;
} JxOffsetChange;

typedef struct _JxOffsetHistory JxOffsetHistory;

JxOffsetHistory *jx_offset_history_new      (void);
void             jx_offset_history_free     (JxOffsetHistory      *self);

/* Records one step (changes with before == after are left out; nothing at
 * all is recorded when none is left) and forgets what could be redone. */
void             jx_offset_history_push     (JxOffsetHistory      *self,
                                             const JxOffsetChange *changes,
                                             guint                 n_changes);
gboolean         jx_offset_history_can_undo (JxOffsetHistory      *self);
gboolean         jx_offset_history_can_redo (JxOffsetHistory      *self);

/* Moves the newest step to the other stack and returns its changes (an array
 * of JxOffsetChange, valid until the history changes next), NULL when there
 * is none. The caller applies `before` (undo) or `after` (redo). */
GArray          *jx_offset_history_undo     (JxOffsetHistory      *self);
GArray          *jx_offset_history_redo     (JxOffsetHistory      *self);

void             jx_offset_history_forget   (JxOffsetHistory      *self,
                                             JxSessionTrace       *item);

G_END_DECLS
