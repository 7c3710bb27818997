/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-name-match.h — the one process (and stream) of another trace that
 * corresponds to a given one, for aligning traces at a point (Weber et al.
 * 2017, §3.4): the same name, else the smallest Levenshtein distance
 * (jx_levenshtein of jx-stream-pairing.h); ties go to the candidate at the
 * same index (rank), then to the first. Unlike jx_stream_pairing_compute,
 * which pairs whole traces one to one, this asks for one partner and never
 * takes a name away from another query. */
#pragma once

#include "jx-trace.h"

G_BEGIN_DECLS

/* Index into names (length n) of the partner of `name`, which sits at
 * `index` in its own list; JX_NONE when n is 0. distance (may be NULL)
 * receives the Levenshtein distance, 0 for an exact match. */
guint32  jx_name_match        (const char         *name,
                               guint               index,
                               const char * const *names,
                               guint               n,
                               guint              *distance);

typedef struct
{
  guint32 process;            /* in the other trace, JX_NONE when it has none */
  guint32 stream;             /* in the other trace, JX_NONE when it has none */
  guint   process_distance;   /* Levenshtein distance of the process names */
  guint   stream_distance;    /* ... of the stream names */
} JxStreamMatch;

/* The process of `other` matching the process of `stream` in `trace` (by
 * name, rank index on ties), then its stream matching by name (index
 * within the process on ties). FALSE when `other` has no process or that
 * process no stream. */
gboolean jx_stream_match      (JxTrace            *trace,
                               guint32             stream,
                               JxTrace            *other,
                               JxStreamMatch      *match);

G_END_DECLS
