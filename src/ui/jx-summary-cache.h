/* jx-summary-cache.h — one timeline summary per trace, shared by all views.
 *
 * The first view that asks starts the off-thread build; every view that asked
 * before it finished gets its callback once it is ready (if still alive).
 *
 * A summary holds a strong reference to its trace, so the cache cannot simply
 * keep it for the trace's lifetime (that would be a cycle: the trace would
 * never be freed). Instead it keeps the summary while at least one view uses
 * the trace: a view that passes itself as `user` to lookup() counts until it
 * calls release() or is finalized. When the last user leaves, the summary is
 * dropped (and a running build cancelled) from an idle callback, so a view
 * that rebuilds its children in one go keeps the summary it already had. */
#pragma once

#include <glib-object.h>

#include "jx-timeline-summary.h"

G_BEGIN_DECLS

typedef void (*JxSummaryReadyFunc) (GObject *user);

/* The trace's summary when built (borrowed), else NULL after starting the
 * build. A non-NULL `user` is registered (weakly, once per trace) as using the
 * summary; its `ready` (may be NULL) runs when a build it waited for ends with
 * a summary. */
JxTimelineSummary *jx_summary_cache_lookup  (JxTrace            *trace,
                                             GObject            *user,
                                             JxSummaryReadyFunc  ready);

/* `user` no longer shows `trace`. Does nothing if it was not registered. */
void               jx_summary_cache_release (JxTrace            *trace,
                                             GObject            *user);

G_END_DECLS
