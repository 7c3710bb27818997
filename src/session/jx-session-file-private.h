/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-file-private.h — the parts of the `.juxtrace` format kept in
 * files of their own, called by jx-session-file.c. Nothing outside
 * src/session/jx-session-file*.c should include this. */
#pragma once

#include "jx-session-file.h"

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

void              _jx_session_file_write_rows      (GKeyFile               *keyfile,
                                                    const char             *group,
                                                    const JxSessionFileTrace *trace);
void              _jx_session_file_read_rows       (GKeyFile               *keyfile,
                                                    const char             *group,
                                                    JxSessionFileTrace     *trace,
                                                    GPtrArray              *warnings);

G_END_DECLS
