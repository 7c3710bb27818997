/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-loader.h — reading an OTF2 archive into a JxTrace through libotf2. */
#pragma once

#include "jx-trace.h"
#include "jx-trace-selection.h"

G_BEGIN_DECLS

typedef struct
{
  guint                   n_threads;     /* reader threads; 0 = one per core (capped at 2 and at
                                            the number of locations) */
  const JxTraceSelection *selection;     /* NULL: the whole trace */
  guint64                 memory_budget; /* bytes the load may take: 0 = the default
                                            (jx_memory_budget_get_default ()),
                                            JX_MEMORY_UNLIMITED = no check */
  const char             *budget_source; /* names memory_budget in messages, e.g.
                                            "--memory-budget"; NULL = the default's */
  gboolean                keep_external_messages; /* a partial load keeps its message events
                                            with left-out peers (jx_trace_get_external_messages) */
} JxLoadOptions;

/* Resolves a user path (anchor file of any name, or a directory holding exactly
 * one anchor file) to the anchor file. */
char    *jx_trace_resolve_anchor   (const char  *path,
                                    GError     **error);

/* Called from the loading thread(s), at most ~100 times per load. */
typedef void (*JxLoadProgress) (double fraction, gpointer user_data);

/* Synchronous load; may be called from any thread. Before reading any
 * event it estimates the memory the load will take and fails with
 * JX_TRACE_ERROR_TOO_LARGE when that exceeds the budget; it also stops
 * with that error when the load outgrows the budget on the way (an
 * estimate is an estimate). A selection that takes nothing fails with
 * JX_TRACE_ERROR_SELECTION. */
JxTrace *jx_trace_load             (const char           *path,
                                    const JxLoadOptions  *options,   /* NULL = defaults */
                                    JxLoadProgress        progress,
                                    gpointer              progress_data,
                                    GCancellable         *cancellable,
                                    GError              **error);

/* Asynchronous load in a GTask thread. The options are copied (the
 * selection too). The progress callback, when given, is invoked on the
 * main context of the caller (thread-default context at the time of the
 * call), coalesced. */
void     jx_trace_load_async       (const char           *path,
                                    const JxLoadOptions  *options,
                                    JxLoadProgress        progress,
                                    gpointer              progress_data,
                                    GDestroyNotify        progress_notify,
                                    GCancellable         *cancellable,
                                    GAsyncReadyCallback   callback,
                                    gpointer              user_data);
JxTrace *jx_trace_load_finish      (GAsyncResult         *result,
                                    GError              **error);

G_END_DECLS
