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
 *   "bar-changed"  (JxSessionTrace *item, guint stream): stream JX_NONE
 *                  when every bar of item shows something else now (the
 *                  mode or the band changed)
 *   "rows-changed" (JxSessionTrace *item)
 *
 * Properties (the session shows them as its own):
 *   "diff-mode"              (JxDiffBarMode) what every bar shows:
 *                            structure, time or both (default both)
 *   "noise-band"             (double) ratios B/A within ±band are neutral
 *                            (default 0.10; 0 … 0.9)
 *   "differences-by-impact"  (boolean) next/previous difference walks the
 *                            differences largest time change first instead
 *                            of in time order
 * handed to every bar set the model gives out.
 *
 * The session owns one (jx_session_get_diff_bars). */
#pragma once

#include <gio/gio.h>

#include "jx-comparison-manager.h"
#include "jx-diff-walk.h"

G_BEGIN_DECLS

#define JX_TYPE_DIFF_BAR_MODEL (jx_diff_bar_model_get_type ())
G_DECLARE_FINAL_TYPE (JxDiffBarModel, jx_diff_bar_model, JX, DIFF_BAR_MODEL, GObject)

/* The bars of the traces in `items` (a GListModel of JxSessionTrace, held
 * weakly), paired by `manager`. */
JxDiffBarModel     *jx_diff_bar_model_new            (JxComparisonManager     *manager,
                                                      GListModel              *items);

JxDiffBarMode       jx_diff_bar_model_get_mode       (JxDiffBarModel          *self);
void                jx_diff_bar_model_set_mode       (JxDiffBarModel          *self,
                                                      JxDiffBarMode            mode);
double              jx_diff_bar_model_get_band       (JxDiffBarModel          *self);
void                jx_diff_bar_model_set_band       (JxDiffBarModel          *self,
                                                      double                   band);
gboolean            jx_diff_bar_model_get_by_impact  (JxDiffBarModel          *self);
void                jx_diff_bar_model_set_by_impact  (JxDiffBarModel          *self,
                                                      gboolean                 by_impact);

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

/* The next (previous) difference after (before) `from`, in the comparison
 * of `holder` (the trace compared with the reference), over the stream
 * pairs that are done. A difference is a structural one (a hunk of
 * jx-pair-diff.h) or, unless the mode is structure, an equal pair whose
 * self-time ratio lies outside the noise band. In time order (alignment
 * order, on through the following stream pairs; from the start or the end
 * when `from` is NULL or lies on no bar), or with "differences-by-impact"
 * largest time change first (jx_pair_diff_pair_impact; from the largest
 * when `from` is none of them), at most JX_DIFF_WALK_MAX_PER_PAIR per
 * stream pair (jx-diff-walk.h). The call is on the side that has it,
 * `from`'s side first. FALSE when there is none further. */
gboolean            jx_diff_bar_model_next_difference (JxDiffBarModel         *self,
                                                       JxSessionTrace         *holder,
                                                       const JxDiffBarCall    *from,
                                                       gboolean                forward,
                                                       JxDiffBarCall          *found);
/* The next (previous) call of `function` after (before) `from` in the
 * comparison of `holder`: every aligned pair where either side calls it,
 * in time order or (by impact) largest time change first, wrapping around
 * at the ends. *index and *count (may be NULL) say where the call is
 * among them (from 0). FALSE when no done stream pair calls it. */
gboolean            jx_diff_bar_model_next_call_of   (JxDiffBarModel          *self,
                                                      JxSessionTrace          *holder,
                                                      const char              *function,
                                                      const JxDiffBarCall     *from,
                                                      gboolean                 forward,
                                                      JxDiffBarCall           *found,
                                                      guint                   *index,
                                                      guint                   *count);
/* The same over given calls (`entries`, JxDiffWalkEntry of jx-diff-walk.h:
 * stream pair and alignment pair of holder's comparison) in their order:
 * a call path's calls, say. With `function`, the side whose call is of
 * that function. */
gboolean            jx_diff_bar_model_next_in        (JxDiffBarModel          *self,
                                                      JxSessionTrace          *holder,
                                                      const GArray            *entries,
                                                      const char              *function,
                                                      const JxDiffBarCall     *from,
                                                      gboolean                 forward,
                                                      JxDiffBarCall           *found,
                                                      guint                   *index);
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
