/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison.h — compares two traces: pairs their streams, aligns every
 * pair hierarchically on worker threads and computes the chapter 4 metrics.
 *
 * The result (JxComparison) is plain data shared by the GUI and the CLI: it
 * copies every name it needs and holds no reference to the traces, so either
 * trace may be dropped once the comparison has finished. While running, the
 * comparison holds references to both traces. */
#pragma once

#include <gio/gio.h>

#include "jx-align-metrics.h"
#include "jx-hier-align.h"
#include "jx-pair-diff.h"
#include "jx-scoring.h"
#include "jx-stream-pairing.h"
#include "jx-trace.h"

G_BEGIN_DECLS

typedef struct
{
  JxHierAlignOptions hier;            /* sub-alignment options; hier.n_threads is derived from n_threads
                                         and hier.align.scoring from scoring */
  JxScoring          scoring;         /* match / mismatch / gap of every alignment (jx-scoring.h; default
                                         2 / −1 / −1); the result records it (jx_comparison_get_scoring) and
                                         the similarity uses it (jx_align_similarity_full). A scoring that
                                         jx_scoring_validate refuses makes the run fail with its error */
  const char        *process_name;    /* NULL = every process */
  double             window_fraction; /* dissimilarity window, default 0.1 */
  guint              max_points;      /* per metric series, default 2000 (0 = all for skew/difference) */
  gboolean           keep_alignment;  /* keep the pair lists in the result (default TRUE) */
  gboolean           diff_bars;       /* also build each pair's JxPairDiff (needs keep_alignment; default FALSE) */
  guint              n_threads;       /* 0 = one per core */
  const JxNamePair  *pair_overrides;  /* processes or streams to pair whatever their names
                                         (jx-stream-pairing.h); copied by the run */
  guint              n_pair_overrides;
  JxPairingMode      pairing;         /* by name, by structure, or auto (the default): the
                                         pairing is weighed by the streams' structure
                                         (jx-structure-pairing.h) in every mode */
} JxComparisonOptions;

/* Pairs whose flat sequences' lengths multiply to at most this many cells
 * also get the flat optimum (§3.5.3), so that the HA score's gap to it can
 * be reported: a few milliseconds each. jx_comparison_options_init sets
 * hier.flat_optimum_max_cells to it. */
#define JX_COMPARISON_FLAT_OPTIMUM_CELLS (G_GUINT64_CONSTANT (1) << 22)

void jx_comparison_options_init (JxComparisonOptions *options);

/* Why a stream pair has no alignment. Only pairs with something to compare
 * on both sides are aligned ("compared"); every other pair is kept in the
 * result (paired by name as any other) with its reason, and counts in no
 * aggregate: no similarity, no counts, no function times.
 *  - A stream whose events could not be read (JX_STREAM_FLAG_MISSING) has
 *    no structure to compare: aligning it would report every invocation of
 *    the other side as a difference.
 *  - A stream without invocations (read, but empty or holding only
 *    non-region events) paired with a busy one: aligning them would report
 *    similarity 0 (or, by the similarity formula, 1 with nothing equal)
 *    although nothing was compared. Two streams without invocations are
 *    not compared either: there is nothing to compare.
 * Streams that are truncated (JX_STREAM_FLAG_TRUNCATED) or were repaired
 * (JX_STREAM_FLAG_REPAIRED) are compared; flags_a / flags_b let callers
 * mark such results as partial. */
typedef enum
{
  JX_COMPARISON_SKIP_NONE,            /* aligned */
  JX_COMPARISON_SKIP_UNPAIRED,        /* no counterpart in the other trace */
  JX_COMPARISON_SKIP_MISSING_EVENTS,  /* events of one or both streams could not be read */
  JX_COMPARISON_SKIP_NO_INVOCATIONS,  /* one or both streams hold no invocations */
} JxComparisonSkip;

/* "aligned", "unpaired", "missing-events", "no-invocations": for
 * machine-readable output. */
const char *jx_comparison_skip_to_string (JxComparisonSkip skip);

typedef struct
{
  guint              index;           /* position in the comparison */
  guint32            stream_a;        /* JX_NONE: only in B (unpaired) */
  guint32            stream_b;        /* JX_NONE: only in A (unpaired) */
  char              *name_a;          /* "process / stream", NULL when absent */
  char              *name_b;
  guint32            process_distance;
  guint32            stream_distance;

  /* Only for paired streams: */
  JxHierAlignment   *alignment;       /* pairs and parents freed unless keep_alignment */
  double             similarity;      /* eq. 4.5 over the corrected HA score and the flat lengths */
  GArray            *dissimilarity;   /* JxMetricPoint */
  GArray            *runtime_skew;    /* JxMetricPoint */
  GArray            *time_difference; /* JxMetricPoint */
  GArray            *function_table;  /* JxFunctionTimeDiff */
  JxPairDiff        *diff;            /* diff bars and differences (options.diff_bars), else NULL */
  double             seconds_a;       /* time spanned by the stream's invocations */
  double             seconds_b;

  /* Why alignment is NULL (JX_COMPARISON_SKIP_NONE for aligned pairs) and,
   * for JX_COMPARISON_SKIP_MISSING_EVENTS, whose events could not be read.
   * Callers word the reason themselves, naming name_a / name_b. */
  JxComparisonSkip   skip;
  gboolean           missing_a;
  gboolean           missing_b;

  /* How the streams were paired (JxPairingMethod; paired streams only). */
  guint8             process_method;
  guint8             stream_method;
  /* JxStreamFlags of each side (0 when absent): TRUNCATED or REPAIRED make
   * a compared pair's result partial. */
  guint8             flags_a;
  guint8             flags_b;
  /* Invocations of each side (0 when absent); for
   * JX_COMPARISON_SKIP_NO_INVOCATIONS, which side has none. */
  guint32            invocations_a;
  guint32            invocations_b;

  /* Compared pairs only: what the similarity is made of (below_baseline:
   * the HA score lies under eq. 4.3's all-mismatch baseline and the
   * similarity reads 0 by clamping; see JxSimilarity), and the time each
   * stream spent in calls (top-level calls' durations summed: its
   * functions' self times add up to it). */
  JxSimilarity       similarity_parts;
  double             busy_a;
  double             busy_b;
  /* How the pairing was weighed (jx-stream-pairing.h, JxStreamPair): */
  double             structure_similarity; /* of the two streams' structure, -1 when a side is absent */
  gboolean           crossed;         /* paired by name although pairing by structure is clearly
                                         better: other_name is the partner by structure */
  char              *other_name;      /* crossed: the partner by structure; paired by structure:
                                         the partner by name ("process / stream"); else NULL */
  double             other_similarity; /* structure similarity with other_name's stream, -1 */
  /* Private: owners beyond the first (a comparison repaired from another
   * one shares the pairs it took over, jx-comparison-repair.h). */
  gint               shared;
} JxComparisonPair;

/* TRUE for a pair that was aligned: it has metrics and counts in
 * aggregates. Every other pair shows "n/a" with its skip reason. */
gboolean         jx_comparison_pair_is_compared (const JxComparisonPair *pair);
/* How the pair was made, as a whole (jx_pairing_method_combine). */
JxPairingMethod  jx_comparison_pair_get_method  (const JxComparisonPair *pair);
/* TRUE when a compared pair's streams lost events (truncated) or were
 * repaired while loading: its result may be partial. */
gboolean         jx_comparison_pair_is_partial  (const JxComparisonPair *pair);

typedef struct _JxComparison JxComparison;

#define JX_TYPE_COMPARISON (jx_comparison_get_type ())
GType                    jx_comparison_get_type          (void) G_GNUC_CONST;

JxComparison            *jx_comparison_ref               (JxComparison *self);
void                     jx_comparison_unref             (JxComparison *self);

const char              *jx_comparison_get_name_a        (JxComparison *self);   /* trace names */
const char              *jx_comparison_get_name_b        (JxComparison *self);
/* Every stream pair, paired ones first, then unpaired ones of A, then of B. */
guint                    jx_comparison_get_n_pairs       (JxComparison *self);
const JxComparisonPair  *jx_comparison_get_pair          (JxComparison *self, guint index);
/* Streams without counterpart (JX_COMPARISON_SKIP_UNPAIRED). */
guint                    jx_comparison_get_n_unpaired    (JxComparison *self);
/* Paired streams that were not aligned (JX_COMPARISON_SKIP_MISSING_EVENTS
 * or JX_COMPARISON_SKIP_NO_INVOCATIONS). */
guint                    jx_comparison_get_n_not_compared (JxComparison *self);
/* Pairs that were aligned (jx_comparison_pair_is_compared). */
guint                    jx_comparison_get_n_compared    (JxComparison *self);
/* Runtime of each trace, seconds from its first to its last event. */
double                   jx_comparison_get_runtime_a     (JxComparison *self);
double                   jx_comparison_get_runtime_b     (JxComparison *self);
/* Names of the shared symbols (region names) used by alignments and tables. */
const char              *jx_comparison_get_symbol_name   (JxComparison *self, guint32 symbol);
guint                    jx_comparison_get_n_symbols     (JxComparison *self);
const JxComparisonOptions *jx_comparison_get_options     (JxComparison *self);
/* The scores every alignment of the comparison used: results computed with
 * other scores are not comparable with these. */
const JxScoring         *jx_comparison_get_scoring       (JxComparison *self);
/* How the pairing went: mode, pairs made by structure, crossed pairs. */
const JxPairingSummary  *jx_comparison_get_pairing_summary (JxComparison *self);
/* Wall-clock seconds the computation took. */
double                   jx_comparison_get_elapsed       (JxComparison *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxComparison, jx_comparison_unref)

/* Maps every region of trace to its symbol in table. Free with g_free. */
guint32                 *jx_name_table_map_trace         (JxNameTable *table,
                                                          JxTrace     *trace);

/* Called on the caller's main context, coalesced. Events are enter + leave
 * events of the aligned invocations. */
typedef void (*JxComparisonProgress) (guint    pairs_done,
                                      guint    n_pairs,
                                      guint64  events_done,
                                      guint64  n_events,
                                      gpointer user_data);

/* Called on the caller's main context as soon as one stream pair is done;
 * pair stays valid as long as the comparison. */
typedef void (*JxComparisonPairDone) (JxComparison           *comparison,
                                      const JxComparisonPair *pair,
                                      gpointer                user_data);

/* The streams are paired (and their structure read for it) on a worker
 * thread, then the pairs are aligned in parallel on a GThreadPool;
 * cancellation is honoured between sub-alignments and ends with
 * G_IO_ERROR_CANCELLED. progress_data must stay valid until callback has
 * run. */
void          jx_comparison_run_async  (JxTrace                    *trace_a,
                                        JxTrace                    *trace_b,
                                        const JxComparisonOptions  *options,   /* NULL = defaults */
                                        GCancellable               *cancellable,
                                        JxComparisonProgress        progress,
                                        JxComparisonPairDone        pair_done,
                                        gpointer                    progress_data,
                                        GAsyncReadyCallback         callback,
                                        gpointer                    user_data);
JxComparison *jx_comparison_run_finish (GAsyncResult               *result,
                                        GError                    **error);

/* Synchronous, for the CLI and batch tools; blocks until every pair is done. */
JxComparison *jx_comparison_run        (JxTrace                    *trace_a,
                                        JxTrace                    *trace_b,
                                        const JxComparisonOptions  *options,
                                        GCancellable               *cancellable,
                                        GError                    **error);

G_END_DECLS
