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
 * JX_NONE on the other side.
 *
 * Pairing by structure (JxPairingMode, docs/pairing.md): the caller gives a
 * similarity of two streams (and of two processes) in [0, 1], e.g. the
 * structural similarity of their signatures (jx-stream-signature.h). Then
 * the streams of each pair of processes not fixed by an override are also
 * assigned to each other by an optimal assignment of that similarity
 * (jx-assignment.h; ties go to the partners the names give), and so are the
 * processes whose names did not pair them (steps 3-4: process IDs,
 * renumbered ranks) with the processes of B left for them. Per group (the
 * processes, or the streams of one pair of processes) the two pairings are
 * weighed: the structural one is "clearly better" when, averaged over the
 * streams (processes) whose partner it changes, it raises the similarity
 * by at least JX_PAIRING_MARGIN. Mode name keeps the names' pairing and
 * marks clearly better crossings (JxStreamPair.crossed, the caveat); mode
 * structure takes the structural pairing wherever it differs; mode auto
 * takes it only where it is clearly better, else keeps the names' and
 * marks the crossings as name does. Streams of different kinds (a CPU
 * thread and an accelerator stream) are never paired by structure. */
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
  JX_PAIRED_BY_STRUCTURE,     /* the structural assignment chose it over the names' partner */
} JxPairingMethod;

/* "name", "distance", "position", "user", "structure": for
 * machine-readable output. */
const char      *jx_pairing_method_to_string (JxPairingMethod method);

/* The method of a stream pair as a whole: the weaker of how its processes
 * and how its streams were paired (structure over user over position over
 * distance over name). */
JxPairingMethod  jx_pairing_method_combine   (JxPairingMethod process_method,
                                              JxPairingMethod stream_method);

typedef enum
{
  JX_PAIRING_AUTO,            /* by name unless by structure is clearly better */
  JX_PAIRING_NAME,            /* by name; clearly better crossings are marked */
  JX_PAIRING_STRUCTURE,       /* by structure wherever it differs from the names */
} JxPairingMode;

/* "auto", "name", "structure". */
const char      *jx_pairing_mode_to_string   (JxPairingMode mode);
gboolean         jx_pairing_mode_from_string (const char    *text,
                                              JxPairingMode *mode);

/* How much higher the structural pairing's similarity must be, on average
 * over the streams (or processes) whose partner it changes, to count as
 * clearly better: a quarter of the scale. Crossed roles score near 0 by
 * name and near 1 by structure; threads doing the same work differ by
 * a few hundredths either way. */
#define JX_PAIRING_MARGIN 0.25

/* Groups with more members than this on a side keep the names' pairing
 * unweighed (JxPairingSummary.n_too_large): the similarity matrix of one
 * group grows with the square of its size. */
#define JX_PAIRING_MAX_GROUP 1024

/* Similarity in [0, 1] of stream a of A and stream b of B, or (processes
 * TRUE) of process a of A and process b of B. Called from the thread that
 * computes the pairing. */
typedef double (*JxPairSimilarity) (gboolean processes,
                                    guint32  a,
                                    guint32  b,
                                    gpointer user_data);

typedef struct
{
  guint32 stream_a;           /* index into A's streams, JX_NONE when unpaired */
  guint32 stream_b;           /* index into B's streams, JX_NONE when unpaired */
  guint32 process_distance;   /* Levenshtein distance of the process names */
  guint32 stream_distance;    /* ... of the stream names */
  guint8  process_method;     /* JxPairingMethod of the processes (paired streams only) */
  guint8  stream_method;      /* JxPairingMethod of the streams (paired streams only) */
  /* With a similarity only (else JX_NONE, FALSE, -1): */
  guint8  crossed;            /* the names' pairing was kept although the structural one is clearly
                                 better and pairs stream_a with structure_b instead */
  guint32 name_b;             /* a pair made by structure: the partner the names gave stream_a */
  guint32 structure_b;        /* crossed: the partner by structure (JX_NONE: none) */
  float   similarity;         /* of stream_a and stream_b (both present), else -1 */
  float   other_similarity;   /* of stream_a with name_b or structure_b, -1 when absent */
} JxStreamPair;

/* An override: a process of A and one of B by their names, or a stream of
 * each by "process / stream" (its process pair follows; when the names
 * pair those processes anyway, their pair keeps the names' method, so
 * that only the streams named count as paired by the user). */
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

typedef struct
{
  const char        *process_name;    /* as for jx_stream_pairing_compute () */
  const JxNamePair  *overrides;       /* step 1, win in every mode */
  guint              n_overrides;
  JxPairingMode      mode;            /* default JX_PAIRING_AUTO */
  JxPairSimilarity   similarity;      /* NULL: by name only, nothing marked */
  gpointer           similarity_data;
} JxStreamPairingOptions;

void     jx_stream_pairing_options_init (JxStreamPairingOptions *options);

/* What the pairing did, for a line of output. */
typedef struct
{
  JxPairingMode mode;
  guint         n_by_structure;       /* stream pairs with a process or stream method STRUCTURE */
  guint         n_crossed;            /* entries marked crossed */
  guint         n_groups;             /* groups where both pairings were weighed */
  guint         n_greedy;             /* of which assigned greedily (jx-assignment.h) */
  guint         n_too_large;          /* groups left to the names (JX_PAIRING_MAX_GROUP) */
} JxPairingSummary;

/* The pairing in a mode; summary may be NULL. Errors as
 * jx_stream_pairing_compute_full (). */
GArray  *jx_stream_pairing_compute_with (JxTrace                      *a,
                                         JxTrace                      *b,
                                         const JxStreamPairingOptions *options,
                                         JxPairingSummary             *summary,
                                         GError                      **error);

G_END_DECLS
