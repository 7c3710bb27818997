/* jx-stream-pairing.h — which stream of trace A is compared with which stream
 * of trace B. Processes are paired by name (exact, else the smallest
 * Levenshtein distance, ties by rank order), then the streams inside each
 * process pair the same way. Nothing is dropped: every stream appears in the
 * result, unpaired ones with JX_NONE on the other side. */
#pragma once

#include "jx-trace.h"

G_BEGIN_DECLS

typedef struct
{
  guint32 stream_a;           /* index into A's streams, JX_NONE when unpaired */
  guint32 stream_b;           /* index into B's streams, JX_NONE when unpaired */
  guint32 process_distance;   /* Levenshtein distance of the process names */
  guint32 stream_distance;    /* ... of the stream names */
} JxStreamPair;

/* Edit distance with unit costs, over bytes. */
guint    jx_levenshtein (const char *s,
                         const char *t);

/* Greedy pairing of two name lists: exact matches first, then each remaining
 * name of A in order takes the remaining name of B with the smallest distance,
 * the first one in order on ties. Fills pair_of_a (length n_a) with indices
 * into names_b or JX_NONE, and distance_of_a (may be NULL). */
void     jx_pair_names  (const char *const *names_a,
                         guint              n_a,
                         const char *const *names_b,
                         guint              n_b,
                         guint32           *pair_of_a,
                         guint32           *distance_of_a);

/* Paired streams first (in A's order), then A's unpaired streams, then B's.
 * process_name, when not NULL, keeps only process pairs where either
 * process has exactly that name; an empty result then means no match. */
GArray  *jx_stream_pairing_compute (JxTrace    *a,
                                    JxTrace    *b,
                                    const char *process_name);

G_END_DECLS
