/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-selection.h — loading part of a trace, and knowing before
 * loading what it will cost.
 *
 *  - JxTraceSelection says which part: processes by name pattern, by
 *    position or every k-th, locations by OTF2 reference, and a time
 *    window. jx_trace_load () takes it in JxLoadOptions and reads only the
 *    selected locations' files (libotf2's OTF2_Reader_SelectLocation and
 *    per-location event readers), and of each only up to the window's end
 *    (events are in timestamp order, so reading stops at the first event
 *    at or after it). The trace says what it holds: jx_trace_get_partial ().
 *  - JxTraceOutline is a trace read from its anchor and global definitions
 *    alone: its processes and locations, the sizes of their event files,
 *    and the memory a load of all or part of it will take. A dialog that
 *    offers a selection before loading, or a batch tool that splits the
 *    locations between workers, starts here.
 *  - The memory budget: what a load may take, by default the machine's
 *    available memory (MemAvailable in /proc/meminfo) or the environment
 *    variable JUXTRACE_MEMORY_BUDGET ("2G", "512M", "unlimited").
 *    jx_trace_load () refuses (JX_TRACE_ERROR_TOO_LARGE) when the estimate
 *    exceeds it, and stops when the load itself outgrows it.
 *
 * See docs/partial-loading.md for the rules at the window's edges. */
#pragma once

#include "jx-trace.h"

G_BEGIN_DECLS

/* Selection */

typedef struct _JxTraceSelection JxTraceSelection;

/* The end of a window that runs to the end of the trace. */
#define JX_WINDOW_OPEN_END G_MAXINT64

JxTraceSelection *jx_trace_selection_new           (void);
JxTraceSelection *jx_trace_selection_copy          (const JxTraceSelection *self);
void              jx_trace_selection_free          (JxTraceSelection       *self);

/* Processes whose name matches the glob pattern (GPatternSpec: * and ?),
 * with all their locations; a pattern with " / " in it is matched against
 * "process / location" instead and takes only the locations it matches
 * ("* / Master thread"). Several patterns take what any of them matches. */
void              jx_trace_selection_add_pattern   (JxTraceSelection       *self,
                                                    const char             *pattern);
/* The process at this position in definition order (JxProcess.rank). */
void              jx_trace_selection_add_process   (JxTraceSelection       *self,
                                                    guint                   process);
/* The location with this OTF2 reference (JxStream.otf2_id). */
void              jx_trace_selection_add_location  (JxTraceSelection       *self,
                                                    guint64                 location);
/* Of the processes the rules above take (all when there are none), every
 * k-th in definition order, starting with the first-th (first < k). */
void              jx_trace_selection_set_every     (JxTraceSelection       *self,
                                                    guint                   k,
                                                    guint                   first);
/* Only the events in [begin_ns, end_ns), counted from the trace's global
 * offset; end_ns may be JX_WINDOW_OPEN_END. Calls open at the edges are
 * cut to them (JxStream.n_clipped_start / n_clipped_end). */
void              jx_trace_selection_set_window    (JxTraceSelection       *self,
                                                    gint64                  begin_ns,
                                                    gint64                  end_ns);
gboolean          jx_trace_selection_get_window    (const JxTraceSelection *self,
                                                    gint64                 *begin_ns,
                                                    gint64                 *end_ns);
/* The rules as they were set, to write them down (a saved comparison)
 * and set them again. */
guint             jx_trace_selection_get_n_patterns (const JxTraceSelection *self);
const char       *jx_trace_selection_get_pattern   (const JxTraceSelection *self,
                                                    guint                   index);
const guint      *jx_trace_selection_get_processes (const JxTraceSelection *self,
                                                    guint                  *n);
const guint64    *jx_trace_selection_get_locations (const JxTraceSelection *self,
                                                    guint                  *n);
/* k (0: no every-k-th rule) and first. */
guint             jx_trace_selection_get_every     (const JxTraceSelection *self,
                                                    guint                  *first);
/* TRUE when both take the same part. */
gboolean          jx_trace_selection_equal         (const JxTraceSelection *a,
                                                    const JxTraceSelection *b);
/* TRUE when nothing is set: the whole trace. */
gboolean          jx_trace_selection_is_all        (const JxTraceSelection *self);
/* The rules in a few words, "processes “MPI Rank 1*”, every 8th, window
 * 1 s – 2 s"; "" for the whole trace. */
char             *jx_trace_selection_describe      (const JxTraceSelection *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxTraceSelection, jx_trace_selection_free)

/* Outline */

typedef struct
{
  const char *name;
  guint32     first_location;  /* locations of a process are contiguous */
  guint32     n_locations;
} JxOutlineProcess;

typedef struct
{
  const char *name;
  guint64     ref;             /* OTF2 location reference */
  guint32     process;
  guint8      kind;            /* JxStreamKind */
  guint64     n_events;        /* as the definitions claim (may be 0) */
  guint64     file_bytes;      /* of its .evt file; 0 when there is none */
} JxOutlineLocation;

typedef struct _JxTraceOutline JxTraceOutline;

/* Progress of reading the global definitions: the locations defined so far
 * of the n_total the anchor announces. Called in the reading thread each
 * time the count grew (the last call has the final count). */
typedef void (*JxOutlineProgress) (guint    n_read,
                                   guint    n_total,
                                   gpointer user_data);

/* Reads the anchor and the global definitions of path (anchor file or a
 * directory holding one), and the sizes of the event files; no events. */
JxTraceOutline          *jx_trace_outline_read           (const char        *path,
                                                          GError           **error);
/* The same, telling progress (may be NULL). */
JxTraceOutline          *jx_trace_outline_read_full      (const char        *path,
                                                          JxOutlineProgress  progress,
                                                          gpointer           progress_data,
                                                          GError           **error);
void                     jx_trace_outline_free           (JxTraceOutline    *self);
const char              *jx_trace_outline_get_path       (JxTraceOutline    *self);   /* the anchor */
guint                    jx_trace_outline_get_n_processes (JxTraceOutline   *self);
const JxOutlineProcess  *jx_trace_outline_get_process    (JxTraceOutline    *self,
                                                          guint              index);
/* In the order the loaded trace's streams will have: by process. */
guint                    jx_trace_outline_get_n_locations (JxTraceOutline   *self);
const JxOutlineLocation *jx_trace_outline_get_location   (JxTraceOutline    *self,
                                                          guint              index);
guint64                  jx_trace_outline_get_timer_resolution (JxTraceOutline *self);
guint64                  jx_trace_outline_get_global_offset    (JxTraceOutline *self);
guint64                  jx_trace_outline_get_trace_length     (JxTraceOutline *self);  /* ticks, 0 = unknown */
/* Bytes of all event files. */
guint64                  jx_trace_outline_get_event_bytes (JxTraceOutline   *self);

/* Which locations the selection takes (NULL: all): a new array of
 * get_n_locations () flags, or NULL with an error naming the trace
 * (JX_TRACE_ERROR_SELECTION) when a pattern matches no process, a
 * position or reference does not exist, nothing is left, or the window is
 * reversed or lies after the trace's end. Free with g_free. */
guint8                  *jx_trace_outline_select         (JxTraceOutline         *self,
                                                          const JxTraceSelection *selection,
                                                          GError                **error);
/* Memory a load of the selected locations (NULL: all) will take at its
 * peak, bytes: their event files' sizes times the measured ratio of model
 * bytes to file bytes, scaled by the window's share of the trace's length
 * when the clock properties give one, plus the definitions. */
guint64                  jx_trace_outline_estimate       (JxTraceOutline         *self,
                                                          const guint8           *selected,
                                                          const JxTraceSelection *selection);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxTraceOutline, jx_trace_outline_free)

/* Memory budget */

#define JX_MEMORY_BUDGET_ENV "JUXTRACE_MEMORY_BUDGET"
/* No limit. */
#define JX_MEMORY_UNLIMITED G_MAXUINT64

/* "2G", "1.5 GiB", "512M", "800k", "1000000" (bytes), with binary
 * multiples (K, M, G, T; an optional "B" or "iB"); "unlimited" or "none"
 * give JX_MEMORY_UNLIMITED. FALSE for anything else or 0. */
gboolean  jx_memory_size_parse        (const char   *text,
                                       guint64      *bytes);
/* "1.5 GiB"; "unlimited". Free with g_free. */
char     *jx_memory_size_format       (guint64       bytes);
/* JUXTRACE_MEMORY_BUDGET when set (an error when it is no size), else the
 * available memory (MemAvailable), else JX_MEMORY_UNLIMITED. source (may
 * be NULL) gets what it came from, for messages. */
guint64   jx_memory_budget_get_default (char       **source,
                                        GError     **error);

G_END_DECLS
