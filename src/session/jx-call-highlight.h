/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-call-highlight.h — a set of calls highlighted in their streams' rows:
 * the calls of the merged-call-tree node clicked in the Processes view
 * (jx_session_highlight_merged_node), one per contributing stream. The
 * session owns one (jx_session_get_call_highlight); the timelines draw the
 * calls emphasised and the rest of those streams' rows dimmed, and
 * next/previous difference (F7) walks them in their order.
 *
 * A new search, Escape in a timeline, a new merged tree or closing the
 * comparison clears it (jx-session.c); a trace leaving the session takes
 * its calls with it.
 *
 * Properties (read-only): "n-calls" (uint), "label" (string: what the
 * calls are, e.g. the node's path; NULL when none).
 * Signal "item-changed" (JxSessionTrace *item): the calls in item's
 * streams changed (emitted per trace whose calls came or went, so a view
 * redraws only its own trace). */
#pragma once

#include <glib-object.h>

#include "jx-session-trace.h"

G_BEGIN_DECLS

typedef struct
{
  JxSessionTrace *item;
  guint32         stream;
  guint32         invocation;
} JxHighlightedCall;

#define JX_TYPE_CALL_HIGHLIGHT (jx_call_highlight_get_type ())
G_DECLARE_FINAL_TYPE (JxCallHighlight, jx_call_highlight, JX, CALL_HIGHLIGHT, GObject)

JxCallHighlight *jx_call_highlight_new          (void);

/* Highlights `calls` (copied; each item loaded, each call at most once),
 * in that order for the walk; n 0 clears. */
void             jx_call_highlight_set          (JxCallHighlight         *self,
                                                 const char              *label,
                                                 const JxHighlightedCall *calls,
                                                 guint                    n);
void             jx_call_highlight_clear        (JxCallHighlight         *self);
const char      *jx_call_highlight_get_label    (JxCallHighlight         *self);
guint            jx_call_highlight_get_n_calls  (JxCallHighlight         *self);
/* The calls in walk order (borrowed until the next change). */
const JxHighlightedCall *jx_call_highlight_get_calls (JxCallHighlight    *self,
                                                      guint              *n);
/* Position of the call in the walk order, G_MAXUINT when not highlighted. */
guint            jx_call_highlight_find         (JxCallHighlight         *self,
                                                 JxSessionTrace          *item,
                                                 guint32                  stream,
                                                 guint32                  invocation);
/* The calls in item's streams for drawing: stream s has the sorted
 * invocations invocations[offset[s] .. offset[s + 1]); offset has n_streams
 * + 1 entries. FALSE (and NULLs) when none of the calls is in item.
 * Borrowed until the next change. */
gboolean         jx_call_highlight_get_index    (JxCallHighlight         *self,
                                                 JxSessionTrace          *item,
                                                 const guint32          **offset,
                                                 const guint32          **invocations);
/* The call after (forward) or before the one given, wrapping around; the
 * first (last) when the one given is not highlighted. G_MAXUINT when
 * there are none. */
guint            jx_call_highlight_step         (JxCallHighlight         *self,
                                                 JxSessionTrace          *item,
                                                 guint32                  stream,
                                                 guint32                  invocation,
                                                 gboolean                 forward);
/* item left the session: its calls go. */
void             jx_call_highlight_forget       (JxCallHighlight         *self,
                                                 JxSessionTrace          *item);

G_END_DECLS
