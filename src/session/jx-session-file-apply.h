/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-file-apply.h — a saved comparison (jx-session-file.h) taken
 * from a session and opened in one.
 *
 * Opening adds the file's traces in its order with their offsets (not an
 * undoable step: undo starts from the opened state) and colours, makes the
 * saved reference the reference and sets the session's modes at once; the
 * visible window and the selection need the traces' clocks, so they follow
 * when the last trace has loaded. A trace whose path does not exist is not
 * added: apply() returns the file's indexes of those, and
 * apply_located() adds one later from where the user found it, with its
 * saved offset, colour and reference role. */
#pragma once

#include "jx-session.h"
#include "jx-session-file.h"

G_BEGIN_DECLS

/* Everything a saved comparison keeps, from `session` now. */
JxSessionFile  *jx_session_file_capture        (JxSession     *session);

/* Replaces what `session` holds by the file's comparison. Returns the
 * indexes (guint) of the traces that were not found. */
GArray         *jx_session_file_apply          (JxSessionFile *self,
                                                JxSession     *session);
/* Adds missing trace `index` from `path` (and remembers the new path in
 * the file, for the next save). */
JxSessionTrace *jx_session_file_apply_located  (JxSessionFile *self,
                                                JxSession     *session,
                                                guint          index,
                                                const char    *path);

G_END_DECLS
