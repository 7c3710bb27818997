/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-stream-pairing.h — which stream of trace A is compared with which stream
 * of trace B. Processes are paired first, then the streams inside each pair
 * of processes, both by one rule, in this order:
 *   1. overrides the caller gives (juxtrace-cli diff --pair A_NAME=B_NAME);
 *   2. identical names;
 *   3. names that differ only in their numbers where a number has
 *      JX_PAIRING_ID_DIGITS digits or more, i.e. is an identifier such as
 *      an operating-system process ID ("process 130384" and "process 24716",
 *      as APEX names processes): in order of definition, i.e. rank order for
 *      processes (paired by position); their edit distance is noise;
 *   4. each remaining name of A, in order, takes the remaining name of B at
 *      the smallest edit distance (paired by distance); when several are
 *      equally close ("OMP thread 1" against "OMP thread 3" and "OMP thread
 *      4") the distance decides nothing, and the first of them in order is
 *      taken (paired by position).
 * Nothing is dropped: every stream appears in the result, unpaired ones with
 * JX_NONE on the other side. */
#pragma once

#include "jx-trace.h"

G_BEGIN_DECLS

/* Digits a number needs to count as an identifier in step 3. */
#define JX_PAIRING_ID_DIGITS 4

/* How two names were paired (steps 1-4 above). */
typedef enum
{
  JX_PAIRED_BY_NAME,          /* identical names */
  JX_PAIRED_BY_DISTANCE,      /* the one closest name */
  JX_PAIRED_BY_POSITION,      /* names differing only in numbers, or a tie of distances: in order */
  JX_PAIRED_BY_USER,          /* an override */
} JxPairingMethod;

/* "name", "distance", "position", "user": for machine-readable output. */
const char      *jx_pairing_method_to_string (JxPairingMethod method);

/* The method of a stream pair as a whole: the weaker of how its processes
 * and how its streams were paired (user over position over distance over
 * name). */
JxPairingMethod  jx_pairing_method_combine   (JxPairingMethod process_method,
                                              JxPairingMethod stream_method);

typedef struct
{
  guint32 stream_a;           /* index into A's streams, JX_NONE when unpaired */
  guint32 stream_b;           /* index into B's streams, JX_NONE when unpaired */
  guint32 process_distance;   /* Levenshtein distance of the process names */
  guint32 stream_distance;    /* ... of the stream names */
  guint8  process_method;     /* JxPairingMethod of the processes (paired streams only) */
  guint8  stream_method;      /* JxPairingMethod of the streams (paired streams only) */
} JxStreamPair;

/* An override: a process of A and one of B by their names, or a stream of
 * each by "process / stream" (its process pair follows). */
typedef struct
{
  const char *name_a;
  const char *name_b;
} JxNamePair;

/* Edit distance with unit costs, over bytes. */
guint    jx_levenshtein (const char *s,
                         const char *t);

/* Pairs two name lists by steps 2-4 above. Fills pair_of_a (length n_a)
 * with indices into names_b or JX_NONE, and distance_of_a (may be NULL). */
void     jx_pair_names  (const char *const *names_a,
                         guint              n_a,
                         const char *const *names_b,
                         guint              n_b,
                         guint32           *pair_of_a,
                         guint32           *distance_of_a);

/* The same with step 1: forced_of_a (NULL, or per name of A an index into
 * names_b or JX_NONE) pairs first; method_of_a (may be NULL) gets each
 * pair's JxPairingMethod. */
void     jx_pair_names_full (const char *const *names_a,
                             guint              n_a,
                             const char *const *names_b,
                             guint              n_b,
                             const guint32     *forced_of_a,
                             guint32           *pair_of_a,
                             guint32           *distance_of_a,
                             guint8            *method_of_a);

/* Paired streams first (in A's order), then A's unpaired streams, then B's.
 * process_name, when not NULL, keeps only process pairs where either
 * process has exactly that name; an empty result then means no match. */
GArray  *jx_stream_pairing_compute (JxTrace    *a,
                                    JxTrace    *b,
                                    const char *process_name);

/* The same with overrides. NULL with error set (G_IO_ERROR_NOT_FOUND) when
 * an override names no process and no stream of its trace, or
 * (G_IO_ERROR_INVALID_ARGUMENT) when overrides contradict each other. */
GArray  *jx_stream_pairing_compute_full (JxTrace           *a,
                                         JxTrace           *b,
                                         const char        *process_name,
                                         const JxNamePair  *overrides,
                                         guint              n_overrides,
                                         GError           **error);

G_END_DECLS
