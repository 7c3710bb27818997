/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-file-selection.h — the keys of a `.juxtrace` [Trace N] group
 * kept apart from the rest of the format (jx-session-file.c calls these;
 * nothing else should): how much of the trace was loaded and its lane's
 * readable rows. Plain values, so that this file knows nothing of
 * JxSessionFile. */
#pragma once

#include <glib.h>

#include "jx-trace-selection.h"

G_BEGIN_DECLS

/* The partial load of a trace (jx-session-file-selection.c): the keys
 * Select* of a [Trace N] group. */
extern const char * const _jx_session_file_selection_keys[];

void              _jx_session_file_write_selection (GKeyFile               *keyfile,
                                                    const char             *group,
                                                    const JxTraceSelection *selection);
/* NULL when the group has no Select* key, or when they make no sense (a
 * warning then says the whole trace is loaded). */
JxTraceSelection *_jx_session_file_read_selection  (GKeyFile               *keyfile,
                                                    const char             *group,
                                                    GPtrArray              *warnings);

/* The readable rows of a trace's lane (jx-session-file-selection.c): the
 * keys ReadableRows and ExpandedProcesses of a [Trace N] group. */
extern const char * const _jx_session_file_rows_keys[];

/* readable_processes: guint32 positions, may be NULL. */
void              _jx_session_file_write_rows      (GKeyFile               *keyfile,
                                                    const char             *group,
                                                    gboolean                full_rows,
                                                    GArray                 *readable_processes);
/* FALSE when the group has neither key (nothing set); *readable_processes
 * gets a new array or NULL. */
gboolean          _jx_session_file_read_rows       (GKeyFile               *keyfile,
                                                    const char             *group,
                                                    gboolean               *full_rows,
                                                    GArray                **readable_processes,
                                                    GPtrArray              *warnings);

G_END_DECLS
