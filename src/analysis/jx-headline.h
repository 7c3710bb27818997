/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-headline.h — what a comparison says first: the runtimes A → B, the
 * structural verdict, and the functions that contributed most to the change
 * of time, each with its share (docs/headline.md).
 *
 * Contribution of a function f, summed over the compared stream pairs:
 *   ΔT_f = self time of f in B − self time of f in A
 *        = (change of f's equal calls: Δ− − Δ+)
 *        + (self time of f's calls only in B − of its calls only in A)
 * where "only in" means without an equal partner (a gap, or a mismatched
 * pair). Self times of all functions of a stream add up to the time the
 * stream spent in calls, so Σ_f ΔT_f is the change of that time summed over
 * the compared stream pairs, and the shares ΔT_f / Σ ΔT add up to 1. The
 * runtime is a trace's wall-clock span; with streams running side by side
 * their summed time changes by more (or, rarely, in the other direction):
 * jx_headline_directions_disagree says when.
 *
 * Computed once from a JxComparison (the summed function table,
 * jx-function-table.h) and read by the CLI, the window and the tests.
 * Plain data: it copies the names it needs. */
#pragma once

#include "jx-comparison.h"

G_BEGIN_DECLS

typedef struct
{
  guint32  symbol;
  char    *name;
  double   self_a;         /* seconds of self time, all calls, summed over the pairs */
  double   self_b;
  double   change;         /* ΔT_f = self_b − self_a */
  double   relative;       /* change / self_a; +inf when only B spent time in it, NAN when neither */
  double   share;          /* change / Σ change; NAN when Σ change is within 0.1 % of busy_a */
  double   equal_change;   /* the part of change from equal calls */
  double   only_change;    /* the part from calls only in A or only in B */
  guint64  calls_a;        /* every call */
  guint64  calls_b;
  guint64  only_a;         /* calls without an equal partner */
  guint64  only_b;
} JxHeadlineContributor;

typedef struct
{
  double   runtime_a;          /* trace runtimes, seconds (first to last event) */
  double   runtime_b;
  guint    n_compared;         /* stream pairs summed */
  guint    n_pending;          /* compared pairs still being aligned (pairs_done) */
  guint    n_not_compared;     /* paired, nothing to compare */
  guint    n_unpaired;         /* streams without a counterpart */
  guint    n_differing;        /* compared pairs with any call not equal */
  guint    n_below_baseline;   /* compared pairs whose similarity is clamped to 0 */
  guint64  n_equal;            /* aligned calls summed over the pairs, by state */
  guint64  n_different;
  guint64  n_only_a;
  guint64  n_only_b;
  double   busy_a;             /* time in calls summed over the pairs, seconds */
  double   busy_b;
  double   total_change;       /* Σ_f ΔT_f (= busy_b − busy_a up to rounding) */
  GArray  *contributors;       /* JxHeadlineContributor, every function, largest |change| first */
} JxHeadline;

/* pairs_done, when not NULL, limits the sums to the pairs whose flag is set
 * (results still arriving); the others count in n_pending. */
JxHeadline *jx_headline_new                 (JxComparison    *cmp,
                                             const gboolean  *pairs_done);
void        jx_headline_free                (JxHeadline      *self);

guint       jx_headline_get_n_contributors  (const JxHeadline *self);
const JxHeadlineContributor *
            jx_headline_get_contributor     (const JxHeadline *self,
                                             guint             index);
/* The contributor of the function with this name, NULL when no compared
 * stream calls it. */
const JxHeadlineContributor *
            jx_headline_find                (const JxHeadline *self,
                                             const char       *name);
/* What the contributors after the first top add up to: their number,
 * change and share (NAN when Σ change is 0). */
void        jx_headline_get_rest            (const JxHeadline *self,
                                             guint             top,
                                             guint            *n,
                                             double           *change,
                                             double           *share);
/* TRUE when the runtime and the summed time in calls changed in opposite
 * directions, each by more than 0.1 % (streams overlapping differently). */
gboolean    jx_headline_directions_disagree (const JxHeadline *self);
/* TRUE when no compared pair has a call that is not equal. */
gboolean    jx_headline_structure_identical (const JxHeadline *self);

/* Lines of the text headline (translated, no trailing newline), the same
 * in the CLI and the window:
 *   runtime    "Runtime: A 14.2 s → B 18.8 s (×1.33, +4.61 s: B slower)"
 *   structure  "Structure: identical in all 4 compared stream pairs (3759 equal calls)"
 *   totals     "Time in calls, summed over the 4 compared stream pairs: …"
 *   contributor "jacobi_kernel  +4.16 s (+810 %) — 22.5 % of the change"
 *              with a second clause when calls only in one run contribute. */
char       *jx_headline_format_runtime      (const JxHeadline *self);
char       *jx_headline_format_structure    (const JxHeadline *self);
char       *jx_headline_format_totals       (const JxHeadline *self);
char       *jx_headline_format_contributor  (const JxHeadlineContributor *c,
                                             guint                        name_width);
/* Parts of a contributor's line, for a window that lays them out: its
 * change "+4.16 s (+808 %)" ("(new)" when A took no time), its share "41.2 %
 * of the change" ("" when the total is 0), and how calls only in one run
 * contributed ("calls 2400 → 400 (6× fewer): −28 ms from the 2000 calls
 * only in A, …"; NULL when none did). */
char       *jx_headline_format_change       (const JxHeadlineContributor *c);
char       *jx_headline_format_share        (const JxHeadlineContributor *c);
/* The share alone, "41.2 %" (empty without one), for a column whose
 * tooltip says what it is. */
char       *jx_headline_format_share_value  (const JxHeadlineContributor *c);
char       *jx_headline_format_detail       (const JxHeadlineContributor *c);
/* "32 streams without a counterpart, not compared"; NULL when every
 * stream has one. */
char       *jx_headline_format_unpaired     (const JxHeadline *self);
/* One line for a trace's header: "14.2 s → 18.8 s (×1.33, slower) ·
 * identical structure · jacobi_kernel +4.16 s (+808 %), 41.2 % of the
 * change" (the structure "so far" while pairs are still compared; the
 * streams without a counterpart in brackets after it). */
char       *jx_headline_format_brief        (const JxHeadline *self);
/* The whole headline: the lines above, the first top contributors (0 =
 * all; indented), the rest as "other functions", and the notes that apply
 * (directions disagree, streams not counted, pairs still running). */
char       *jx_headline_format              (const JxHeadline *self,
                                             guint             top);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxHeadline, jx_headline_free)

G_END_DECLS
