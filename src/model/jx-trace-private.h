/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-private.h — instance layout of JxTrace, shared by the builder and
 * the accessors. Nothing outside src/model should include this. */
#pragma once

#include "jx-trace.h"
#include "jx-trace-builder.h"
#include "jx-trace-metrics.h"

G_BEGIN_DECLS

/* One block per stream holding its six invocation arrays back to back
 * (start, end, region, parent, subtree_end, depth). Large blocks are mapped
 * directly (2 MiB aligned, transparent huge pages advised), small ones come
 * from malloc. */
typedef struct
{
  guint8   *base;
  gsize     size;
  gboolean  mapped;
  gsize     huge;              /* bytes from base that may hold huge pages */
} JxArena;

void _jx_arena_free (JxArena *arena);

/* The six arrays take this much per invocation; they are carved from the
 * block in this order, so every array starts aligned because each element
 * size divides the ones before it. */
#define _JX_BYTES_PER_INVOCATION (2 * sizeof (guint64) + 3 * sizeof (guint32) + sizeof (guint16))

/* Exact size, tag and communicator of a message whose JxMessage fields
 * could not hold them. */
typedef struct
{
  guint32 index;
  guint32 tag;
  guint64 size;
  guint32 communicator;
} JxMessageWide;

struct _JxTrace
{
  GObject       parent_instance;

  char         *path;
  char         *name;
  char         *creator;

  guint64       timer_resolution;
  guint64       global_offset;
  guint64       trace_length;
  guint64       start_time;
  guint64       end_time;

  /* Every const char * in the model points into this chunk. */
  GStringChunk *chunk;
  gsize         chunk_bytes;
  GPtrArray    *strings;          /* const char *, not owned */

  GArray       *regions;          /* JxRegion */
  GHashTable   *region_by_name;   /* const char * -> first index + 1 */
  GArray       *system_nodes;     /* JxSystemNode */
  GArray       *processes;        /* JxProcess */
  GArray       *streams;          /* JxStream */
  GArray       *arenas;           /* JxArena per stream: owns its invocation arrays */

  guint64       n_events;
  guint64       event_counts[JX_N_EVENT_KINDS];
  guint64       n_invocations;

  /* Plain exact-sized arrays: GArray would round the size up to a power
   * of two, and the rounded part can stay resident. */
  JxMessage    *messages;         /* by send_time */
  guint         n_messages;
  GArray       *message_wide;     /* JxMessageWide, by index: messages whose narrow fields overflow */
  JxCollective *collectives;       /* by begin_time */
  guint         n_collectives;
  GArray       *collective_infos; /* JxCollectiveInfo, distinct */
  GArray       *marker_defs;      /* JxMarkerDef */
  GArray       *markers;          /* JxMarker, by time */

  guint64       defect_counts[JX_N_DEFECTS];
  GArray       *issues;           /* JxLoadIssue, owns detail */

  JxTracePartial *partial;        /* NULL for a whole trace; description in chunk */
  GArray       *external;         /* JxExternalMessage; NULL unless kept */

  /* Metrics (jx-trace-metrics.c). */
  GArray       *metric_defs;      /* JxMetricDef */
  JxMetricSeries *metric_series;  /* n_streams * n_metrics, stream major; NULL without
                                     samples; owns the arrays it points to */
  guint64       metric_caveats[JX_N_METRIC_CAVEATS];
};

JxTrace *_jx_trace_new (void);

/* jx-trace-metrics.c: frees a JxStreamWriter's metrics; moves the writers'
 * samples into the trace (after the streams are in their final order);
 * frees the trace's. */
void _jx_stream_metrics_free      (gpointer        metrics);
void _jx_trace_builder_finish_metrics (JxTraceBuilder *self);
void _jx_trace_metrics_clear      (JxTrace        *trace);
gsize _jx_trace_metrics_memory    (JxTrace        *trace);

/* Clear function of JxLoadIssue arrays. */
void _jx_load_issue_clear (gpointer data);

/* Orders guint32 values (qsort, bsearch, g_array_sort). */
gint _jx_compare_u32 (gconstpointer a,
                      gconstpointer b);

/* Category from the OTF2 paradigm and role, with name prefixes as a fallback
 * for traces whose writers left the paradigm unknown. */
JxCategory _jx_region_derive_category (const char *name,
                                       guint8      paradigm,
                                       guint8      role);

/* Last paradigm / role value that libotf2 3.0.2 defines. */
#define _JX_OTF2_MAX_PARADIGM 24
#define _JX_OTF2_MAX_ROLE     38

/* Builder internals shared with the loader, so that its per-event callbacks
 * can append to a stream without a function call in the common case. */

typedef struct
{
  JxStream  s;                 /* the public record being filled */
  char     *label;             /* "process / stream", for issue details */
  guint32   n_defined_regions; /* region ids below this are defined */
  guint32   capacity;
  JxArena   arena;             /* holds the invocation arrays */
  guint32   stack_len;
  guint32   stack_capacity;
  guint32  *stack;             /* open invocations, innermost last */
  guint64   defects[JX_N_DEFECTS];
  GArray   *issues;            /* JxLoadIssue, capped */
  GArray   *sends;             /* pending messages (jx-trace-builder-messages.c) */
  GArray   *recvs;
  GArray   *collectives;       /* pending collective records */
  guint64   collective_begin;
  gboolean  collective_open;
  gboolean  ended;             /* closed and trimmed by end_stream() */
  GHashTable *skipped;         /* partial loads: SkippedKey -> count of messages
                                  before the window (jx-trace-builder-partial.c) */
  gboolean  outside;           /* has events outside the window */
  gpointer  metrics;           /* samples, NULL without (jx-trace-metrics.c) */
  GArray   *external;          /* JxExternalMessage with peers outside a partial load */
} JxStreamWriter;

/* Only valid once all definitions have been added. */
JxStreamWriter *_jx_trace_builder_get_writer (JxTraceBuilder *self,
                                              guint32         stream);

/* Fast paths: the plain case inline, anything unusual (first event, time
 * going backwards, undefined region, full arrays, mismatched leave) through
 * the public functions, which repair and report. */
static inline void
_jx_stream_writer_enter (JxTraceBuilder *b,
                         JxStreamWriter *w,
                         guint64         time,
                         guint32         region)
{
  guint32 i, depth;

  if (G_UNLIKELY (time < w->s.last_time || w->s.n_events == 0 ||
                  region >= w->n_defined_regions ||
                  w->s.n_invocations == w->capacity ||
                  w->stack_len == w->stack_capacity ||
                  w->stack_len >= G_MAXUINT16))
    {
      jx_trace_builder_enter (b, w->s.index, time, region);
      return;
    }

  w->s.last_time = time;
  w->s.n_events++;
  w->s.event_counts[JX_EVENT_ENTER]++;

  /* end and subtree_end are written when the invocation closes. */
  i = w->s.n_invocations++;
  depth = w->stack_len;
  w->s.start[i] = time;
  w->s.region[i] = region;
  w->s.parent[i] = depth > 0 ? w->stack[depth - 1] : JX_NONE;
  w->s.depth[i] = (guint16) depth;
  w->stack[depth] = i;
  w->stack_len = depth + 1;
  if (depth + 1 > w->s.max_depth)
    w->s.max_depth = (guint16) (depth + 1);
}

static inline void
_jx_stream_writer_leave (JxTraceBuilder *b,
                         JxStreamWriter *w,
                         guint64         time,
                         guint32         region)
{
  guint32 top;

  if (G_UNLIKELY (time < w->s.last_time || w->stack_len == 0 ||
                  w->s.region[w->stack[w->stack_len - 1]] != region))
    {
      jx_trace_builder_leave (b, w->s.index, time, region);
      return;
    }

  w->s.last_time = time;
  w->s.n_events++;
  w->s.event_counts[JX_EVENT_LEAVE]++;

  top = w->stack[--w->stack_len];
  w->s.end[top] = time;
  w->s.subtree_end[top] = w->s.n_invocations;
}

static inline void
_jx_stream_writer_count (JxTraceBuilder *b,
                         JxStreamWriter *w,
                         guint64         time,
                         JxEventKind     kind)
{
  if (G_UNLIKELY (time < w->s.last_time || w->s.n_events == 0))
    {
      jx_trace_builder_count_event (b, w->s.index, time, kind);
      return;
    }
  w->s.last_time = time;
  w->s.n_events++;
  w->s.event_counts[kind]++;
}

G_END_DECLS
