/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-bar-model.h — the diff bars of a session: for each trace and each
 * of its streams, the bar to draw under it, computed once below the views
 * and read by every view (timelines, tooltips, details, the pair view) and
 * by the session's own selection and difference walking.
 *
 * A trace that is not the reference shows its own side of its comparison
 * with the reference; the reference shows its side of the comparison with
 * the compared trace (jx-comparison-manager.h). The bars themselves are
 * the JxDiffBarSet of jx-diff-bar-set.h, filled pair by pair as each
 * trace's comparison publishes them (jx-trace-comparison.h), so a view
 * draws from get_bars() and never converts a pair itself.
 *
 * Change notification is per stream: a finished stream pair emits
 * "bar-changed" for exactly the rows it fills (its stream in the compared
 * trace and, when that trace is the compared one, its stream in the
 * reference), and a view redraws only when the item is its own. When rows
 * may come or go (a comparison starts again or is dropped, the reference
 * or the compared trace changes) "rows-changed" names the trace, and its
 * views lay out again.
 *
 * Signals:
 *   "bar-changed"  (JxSessionTrace *item, guint stream)
 *   "rows-changed" (JxSessionTrace *item)
 *
 * The session owns one (jx_session_get_diff_bars). Timing-aware bars
 * (issue 15) add their mode and noise band here as properties, handed to
 * the sets the model gives out. */
#pragma once

#include <gio/gio.h>

#include "jx-comparison-manager.h"

G_BEGIN_DECLS

#define JX_TYPE_DIFF_BAR_MODEL (jx_diff_bar_model_get_type ())
G_DECLARE_FINAL_TYPE (JxDiffBarModel, jx_diff_bar_model, JX, DIFF_BAR_MODEL, GObject)

/* The bars of the traces in `items` (a GListModel of JxSessionTrace, held
 * weakly), paired by `manager`. */
JxDiffBarModel     *jx_diff_bar_model_new            (JxComparisonManager     *manager,
                                                      GListModel              *items);

/* What item's DIFF rows show (borrowed, valid until the next
 * "rows-changed" of item); NULL when it has no bars. */
const JxDiffBarSet *jx_diff_bar_model_get_bars       (JxDiffBarModel          *self,
                                                      JxSessionTrace          *item);
/* TRUE when `stream` of `item` has a DIFF row: its comparison pairs it
 * with a stream of the other trace (known as soon as the comparison
 * starts; the bar fills when the pair is done). */
gboolean            jx_diff_bar_model_has_row        (JxDiffBarModel          *self,
                                                      JxSessionTrace          *item,
                                                      guint32                  stream);
/* What the bar under `stream` of `item` shows: the stream pair (done),
 * whether item is its side B, and the trace on the other side. FALSE when
 * the stream has no partner or its pair is not done. */
gboolean            jx_diff_bar_model_get_bar        (JxDiffBarModel          *self,
                                                      JxSessionTrace          *item,
                                                      guint32                  stream,
                                                      const JxComparisonPair **pair,
                                                      gboolean                *side_b,
                                                      JxSessionTrace         **other);

/* A place on a bar: the call `invocation` of `item`'s `stream`. */
typedef struct
{
  JxSessionTrace *item;
  guint32         stream;
  guint32         invocation;
} JxDiffBarCall;

/* The next (previous) difference after (before) `from` in alignment order,
 * on through the following (preceding) stream pairs that are done, from
 * the start (end) of the comparison of `holder` (the trace compared with
 * the reference) when `from` is NULL or lies on no bar. The call is on the
 * side that has it, `from`'s side first. FALSE when there is none further. */
gboolean            jx_diff_bar_model_next_difference (JxDiffBarModel         *self,
                                                       JxSessionTrace         *holder,
                                                       const JxDiffBarCall    *from,
                                                       gboolean                forward,
                                                       JxDiffBarCall          *found);
/* The call a click on `stream`'s bar of `item` means: `invocation` itself,
 * or for a tick of extra calls (`extra`, a jx_pair_diff_get_extra index)
 * the first of them in the other trace. FALSE when there is none. */
gboolean            jx_diff_bar_model_call_at        (JxDiffBarModel          *self,
                                                      JxSessionTrace          *item,
                                                      guint32                  stream,
                                                      guint32                  invocation,
                                                      guint32                  extra,
                                                      JxDiffBarCall           *call);

G_END_DECLS
