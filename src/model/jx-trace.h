/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace.h — the immutable in-memory model of one OTF2 trace.
 *
 * A JxTrace is built once by the loader (jx-trace-loader.h) and never changes
 * afterwards, so any number of threads may read it without locking.
 *
 * Hot data is plain C: every stream keeps its invocations (matched enter/leave
 * pairs) as struct-of-arrays in pre-order (= enter order = start-time order).
 * Tree navigation uses indices, never pointers:
 *   - parent[i]       index of the enclosing invocation, JX_NONE for a root;
 *   - subtree_end[i]  pre-order index one past the last descendant of i, so the
 *                     children of i are i+1, subtree_end[i+1], ... < subtree_end[i];
 *   - depth[i]        nesting level, 0 for roots.
 */
#pragma once

#include <glib-object.h>
#include <gio/gio.h>

#include "jx-time.h"

G_BEGIN_DECLS

#define JX_NONE G_MAXUINT32

#define JX_TRACE_ERROR (jx_trace_error_quark ())

typedef enum
{
  JX_TRACE_ERROR_NOT_FOUND,      /* path does not exist / holds no anchor file */
  JX_TRACE_ERROR_AMBIGUOUS,      /* directory holds several anchor files */
  JX_TRACE_ERROR_CORRUPT,        /* anchor or definitions unreadable */
  JX_TRACE_ERROR_UNSUPPORTED,    /* e.g. a file that is not OTF2 at all */
  JX_TRACE_ERROR_WRITE,          /* the generator could not write */
  JX_TRACE_ERROR_TOO_LARGE,      /* it would take more memory than the budget allows
                                    (jx-trace-selection.h): load a part of it */
  JX_TRACE_ERROR_SELECTION,      /* a partial load's selection takes nothing, or its
                                    window lies outside the trace */
} JxTraceError;

GQuark jx_trace_error_quark (void);

/* Derived region category; drives colours and analyses. */
typedef enum
{
  JX_CATEGORY_USER,
  JX_CATEGORY_MPI,
  JX_CATEGORY_OPENMP,
  JX_CATEGORY_ACCELERATOR,   /* CUDA, HIP, OpenCL, OpenACC kernels and API */
  JX_CATEGORY_IO,
  JX_CATEGORY_SYNC,          /* synchronization outside MPI/OpenMP (locks, pthread, barriers) */
  JX_CATEGORY_OTHER,
  JX_N_CATEGORIES
} JxCategory;

const char *jx_category_to_string (JxCategory category);   /* "mpi", "openmp", ... */
const char *jx_category_label     (JxCategory category);   /* translatable label */

/* "user", "compiler", "openmp", "mpi", "cuda", ... for an OTF2_Paradigm
 * value (JxRegion.paradigm); "unknown" for OTF2_PARADIGM_UNKNOWN and for
 * raw values libotf2 3.0.2 does not define. */
const char *jx_paradigm_to_string (guint8 paradigm);

typedef enum
{
  JX_STREAM_CPU_THREAD,
  JX_STREAM_ACCELERATOR,     /* GPU / accelerator stream */
  JX_STREAM_METRIC,
  JX_STREAM_OTHER,
} JxStreamKind;

/* "cpu-thread", "accelerator", "metric", "other". */
const char *jx_stream_kind_to_string (JxStreamKind kind);

/* Counted event kinds, per stream. */
typedef enum
{
  JX_EVENT_ENTER,
  JX_EVENT_LEAVE,
  JX_EVENT_MPI_SEND,         /* MpiSend + MpiIsend */
  JX_EVENT_MPI_RECV,         /* MpiRecv + MpiIrecv */
  JX_EVENT_MPI_REQUEST,      /* IsendComplete, IrecvRequest, RequestTest, RequestCancelled */
  JX_EVENT_MPI_COLLECTIVE,   /* MpiCollectiveBegin + MpiCollectiveEnd */
  JX_EVENT_OMP,              /* OmpFork/Join/AcquireLock/ReleaseLock/TaskCreate/... */
  JX_EVENT_THREAD,           /* ThreadFork/Join/Team/Create/Wait/Begin/End ... */
  JX_EVENT_RMA,              /* all Rma* events */
  JX_EVENT_METRIC,
  JX_EVENT_PROGRAM,          /* ProgramBegin + ProgramEnd */
  JX_EVENT_MEASUREMENT,      /* MeasurementOnOff, BufferFlush */
  JX_EVENT_OTHER,            /* Parameter*, CallingContext*, IoOperation*, Unknown ... */
  JX_N_EVENT_KINDS
} JxEventKind;

const char *jx_event_kind_to_string (JxEventKind kind);      /* "enter", "mpi_send", ... */

typedef struct
{
  const char *name;
  const char *canonical_name;
  const char *description;
  const char *source_file;     /* may be "" */
  guint32     begin_line;
  guint32     end_line;
  guint8      paradigm;        /* OTF2_Paradigm value, or the raw value when unknown */
  guint8      role;            /* OTF2_RegionRole value, or the raw value when unknown */
  guint8      category;        /* JxCategory */
  guint8      flags;           /* JxRegionFlags */
} JxRegion;

typedef enum
{
  JX_REGION_FLAG_SYNTHETIC        = 1 << 0,  /* stands for an undefined region id */
  JX_REGION_FLAG_UNKNOWN_ROLE     = 1 << 1,  /* role kept raw, unknown to libotf2 3.0.2 */
  JX_REGION_FLAG_UNKNOWN_PARADIGM = 1 << 2,  /* paradigm kept raw, unknown to libotf2 3.0.2 */
} JxRegionFlags;

typedef struct
{
  const char *name;
  const char *class_name;      /* "machine", "node", ... */
  guint32     parent;          /* index into system nodes, JX_NONE at the root */
} JxSystemNode;

typedef struct
{
  const char *name;            /* e.g. "MPI Rank 3" */
  guint32     system_node;     /* index into system nodes, JX_NONE if none */
  guint32     rank;            /* position among processes in definition order */
  guint32     first_stream;    /* streams of a process are contiguous */
  guint32     n_streams;
} JxProcess;

typedef enum
{
  JX_STREAM_FLAG_MISSING = 1 << 0,   /* its .evt file was absent/unreadable: no events read */
  JX_STREAM_FLAG_EMPTY   = 1 << 1,   /* no events at all */
  JX_STREAM_FLAG_REPAIRED = 1 << 2,  /* at least one defect was repaired */
  JX_STREAM_FLAG_TRUNCATED = 1 << 3, /* its .evt file ended early; the events read are kept */
  JX_STREAM_FLAG_CLIPPED = 1 << 4,   /* a partial load's window cut calls open at its edges
                                        (n_clipped_start / n_clipped_end) */
} JxStreamFlags;

typedef struct
{
  const char   *name;          /* e.g. "Master thread", "CUDA[0:7]" */
  guint64       otf2_id;       /* OTF2 location reference */
  guint32       process;       /* index into processes */
  guint32       index;         /* own index into streams */
  guint8        kind;          /* JxStreamKind */
  guint8        flags;         /* JxStreamFlags */
  guint16       max_depth;     /* deepest nesting level + 1 (0 when empty) */
  /* A partial load with a time window (jx_trace_get_partial ()) keeps the
   * calls that straddle its edges, cut to it: invocations 0 ..
   * n_clipped_start - 1 (a chain, each the parent of the next) were open
   * when the window began and start at its beginning; the n_clipped_end
   * outermost of the invocations still open when it ended (the ancestors
   * of the last invocation) end at its end. jx_stream_is_clipped () tells
   * them apart. Both 0 without a window. */
  guint16       n_clipped_start;
  guint16       n_clipped_end;

  guint64       n_events;                      /* every event read for the stream */
  guint64       event_counts[JX_N_EVENT_KINDS];
  guint64       first_time;    /* first timestamp seen, ticks (0 if empty) */
  guint64       last_time;     /* last timestamp seen, ticks (0 if empty) */

  /* Invocations, pre-order. */
  guint32       n_invocations;
  guint64      *start;         /* ticks */
  guint64      *end;           /* ticks */
  guint32      *region;        /* index into regions */
  guint32      *parent;
  guint32      *subtree_end;
  guint16      *depth;
} JxStream;

/* Whether invocation i of the stream was cut to a partial load's window
 * (see n_clipped_start and n_clipped_end above). */
gboolean    jx_stream_is_clipped    (const JxStream *stream,
                                     guint32         invocation);

/* Point-to-point message, matched send→receive. 32 bytes: size, tag and
 * communicator are stored narrow; a value that does not fit (size >=
 * G_MAXUINT32, tag or communicator >= G_MAXUINT16) reads as
 * JX_MESSAGE_WIDE32 / JX_MESSAGE_WIDE16 here and in full through
 * jx_trace_get_message_size () / _tag () / _communicator (), which always
 * give the exact value (the index is the message's position in
 * jx_trace_get_messages ()). */
#define JX_MESSAGE_WIDE32 G_MAXUINT32
#define JX_MESSAGE_WIDE16 G_MAXUINT16

typedef struct
{
  guint64 send_time;
  guint64 recv_time;           /* G_MAXUINT64 when no receive was found */
  guint32 sender;              /* stream index */
  guint32 receiver;            /* stream index, JX_NONE when unknown */
  guint32 size;                /* bytes, or JX_MESSAGE_WIDE32 */
  guint16 tag;                 /* or JX_MESSAGE_WIDE16 */
  guint16 communicator;        /* OTF2 communicator ref, or JX_MESSAGE_WIDE16 */
} JxMessage;

/* What a collective operation did, shared by all records that did the same
 * (typically the same call on every rank and in every iteration). */
typedef struct
{
  guint64 bytes_sent;
  guint64 bytes_received;
  guint32 communicator;        /* OTF2 communicator ref */
  guint32 root;                /* OTF2 root rank, JX_NONE for none */
  guint8  operation;           /* OTF2_CollectiveOp */
} JxCollectiveInfo;

/* One stream's part in a collective operation, 24 bytes. */
typedef struct
{
  guint64 begin_time;
  guint64 end_time;
  guint32 stream;
  guint32 info;                /* index for jx_trace_get_collective_info () */
} JxCollective;

typedef struct
{
  const char *group;
  const char *category;
  guint8      severity;        /* OTF2_MarkerSeverity */
} JxMarkerDef;

typedef struct
{
  guint64     time;            /* ticks, same clock as events */
  guint64     duration;        /* ticks */
  guint32     def;             /* index into marker defs */
  guint8      scope;           /* OTF2_MarkerScope */
  guint64     scope_ref;
  const char *text;
} JxMarker;

/* Defects found and repaired while loading. */
typedef enum
{
  JX_DEFECT_UNCLOSED_REGION,      /* enter without leave; closed at the stream's last timestamp
                                     or with the enclosing region a mismatched leave closes */
  JX_DEFECT_MISMATCHED_LEAVE,     /* leave of a region that is not the innermost open one;
                                     when it is not open at all, the innermost one is closed */
  JX_DEFECT_UNMATCHED_LEAVE,      /* leave with nothing open */
  JX_DEFECT_BACKWARDS_TIME,       /* timestamp smaller than its predecessor on the stream */
  JX_DEFECT_UNKNOWN_ROLE,         /* region role unknown to libotf2 3.0.2 */
  JX_DEFECT_UNKNOWN_PARADIGM,     /* region paradigm unknown to libotf2 3.0.2 */
  JX_DEFECT_UNDEFINED_REGION,     /* event names a region that has no definition */
  JX_DEFECT_UNDEFINED_LOCATION,   /* event/message names a location that has no definition */
  JX_DEFECT_EMPTY_STREAM,
  JX_DEFECT_MISSING_EVENTS,       /* a stream's .evt file is missing or unreadable (no events) */
  JX_DEFECT_UNMATCHED_MESSAGE,    /* send without receive or receive without send */
  JX_DEFECT_LOCAL_DEFINITIONS,    /* a location's local definition file is unreadable */
  JX_DEFECT_TRUNCATED_EVENTS,     /* a stream's .evt file ended early; the events read are kept */
  JX_N_DEFECTS
} JxDefect;

const char *jx_defect_to_string (JxDefect defect);     /* "unclosed-region", ... */
const char *jx_defect_describe  (JxDefect defect);     /* translatable sentence */

typedef struct
{
  JxDefect    defect;
  guint32     stream;          /* JX_NONE when not stream specific */
  guint64     time;            /* ticks, 0 when not applicable */
  char       *detail;          /* human readable, names region/stream */
} JxLoadIssue;

/* Trace wide limits of the load report list; counts are always exact. */
#define JX_LOAD_REPORT_MAX_ISSUES 200

/* What a partial load took (jx-trace-selection.h): the trace holds only
 * these processes and locations, and only the events of the window. Times
 * of the window are counted from the clock properties' global offset,
 * which OTF2 defines to lie at or before the first event (Score-P writes
 * the first event's time). */
typedef struct
{
  const char *description;          /* "4 of 32 processes (“MPI Rank 1*”), window 1 s – 2 s" */
  guint       n_processes;          /* in the definitions */
  guint       n_processes_selected; /* with at least one selected location */
  guint       n_locations;
  guint       n_locations_selected;
  gboolean    has_window;
  gint64      window_begin_ns;      /* from the global offset */
  gint64      window_end_ns;        /* G_MAXINT64 when the window runs to the end */
  guint64     window_begin;         /* ticks on the events' clock */
  guint64     window_end;           /* ticks, exclusive; G_MAXUINT64 when open */
  guint64     n_clipped;            /* invocations cut to the window's edges */
  guint64     n_messages_unselected; /* send and receive events whose peer was not selected:
                                        counted as events, not kept as messages */
  guint64     n_messages_cut;       /* messages whose other end lies outside the window:
                                        not matched, and not counted as defects */
} JxTracePartial;

/* A send or receive event of a partial load whose other end is on a
 * location the load left out, kept only when asked
 * (JxLoadOptions.keep_external_messages), or one left unmatched among the
 * loaded streams, which such a load keeps instead of reporting it:
 * juxtrace-mpi matches these across the ranks' shares as a whole load
 * matches its messages. */
typedef struct
{
  guint64 time;          /* as the stream holds it (raised when it went backwards) */
  guint64 size;
  guint64 peer;          /* OTF2 location reference of the other end */
  guint32 stream;        /* this trace's stream */
  guint32 communicator;
  guint32 tag;
  guint16 send;          /* 1: a send to peer, 0: a receive from peer */
  guint16 unmatched;     /* 1: peer is loaded, the message was not matched
                            (a send is among the trace's messages then) */
} JxExternalMessage;

#define JX_TYPE_TRACE (jx_trace_get_type ())
G_DECLARE_FINAL_TYPE (JxTrace, jx_trace, JX, TRACE, GObject)

/* Identity */
const char          *jx_trace_get_path             (JxTrace *self);   /* anchor file */
const char          *jx_trace_get_name             (JxTrace *self);   /* short display name */
const char          *jx_trace_get_creator          (JxTrace *self);
/* The event file an OTF2 archive keeps a stream's events in,
 * "<anchor without .otf2>/<location id>.evt" beside the anchor. Free with
 * g_free. */
char                *jx_trace_get_event_file       (JxTrace *self, guint stream);

/* Clock */
guint64              jx_trace_get_timer_resolution (JxTrace *self);   /* ticks per second */
guint64              jx_trace_get_global_offset    (JxTrace *self);
guint64              jx_trace_get_trace_length     (JxTrace *self);   /* as the clock properties say */
guint64              jx_trace_get_start_time       (JxTrace *self);   /* earliest event, ticks; a partial
                                                                            load's window's beginning */
guint64              jx_trace_get_end_time         (JxTrace *self);   /* latest event, ticks */
/* A tick count (duration or difference) in ns or seconds at the trace's
 * resolution, through jx-time.h. */
gint64               jx_trace_ticks_to_ns          (JxTrace *self, gint64 ticks);
double               jx_trace_ticks_to_seconds     (JxTrace *self, gint64 ticks);
gint64               jx_trace_seconds_to_ticks     (JxTrace *self, double seconds);
/* The trace's place in comparison time when it is shifted by offset_ns:
 * for jx_time_comparison_to_ticks() and back. */
JxTimeOrigin         jx_trace_get_time_origin      (JxTrace *self, gint64 offset_ns);

/* Definitions */
guint                jx_trace_get_n_strings        (JxTrace *self);
const char          *jx_trace_get_string           (JxTrace *self, guint index);
guint                jx_trace_get_n_regions        (JxTrace *self);
const JxRegion      *jx_trace_get_region           (JxTrace *self, guint index);
/* By name, else by canonical name (e.g. the mangled C++ symbol); JX_NONE if absent. */
guint32              jx_trace_find_region          (JxTrace *self, const char *name);
guint                jx_trace_get_n_system_nodes   (JxTrace *self);
const JxSystemNode  *jx_trace_get_system_node      (JxTrace *self, guint index);
guint                jx_trace_get_n_processes      (JxTrace *self);
const JxProcess     *jx_trace_get_process          (JxTrace *self, guint index);
guint                jx_trace_get_n_streams        (JxTrace *self);
const JxStream      *jx_trace_get_stream           (JxTrace *self, guint index);

/* Events */
guint64              jx_trace_get_n_events         (JxTrace *self);   /* all streams */
guint64              jx_trace_get_event_count      (JxTrace *self, JxEventKind kind);
guint64              jx_trace_get_n_invocations    (JxTrace *self);
guint                jx_trace_get_n_messages       (JxTrace *self);
const JxMessage     *jx_trace_get_messages         (JxTrace *self);   /* sorted by send_time */
guint                jx_trace_get_n_collectives    (JxTrace *self);
const JxCollective  *jx_trace_get_collectives      (JxTrace *self);   /* sorted by begin_time */
guint64              jx_trace_get_message_size     (JxTrace *self, guint index);   /* exact, bytes */
guint32              jx_trace_get_message_tag      (JxTrace *self, guint index);   /* exact */
guint32              jx_trace_get_message_communicator (JxTrace *self, guint index); /* exact */
guint                jx_trace_get_n_collective_infos (JxTrace *self);
const JxCollectiveInfo *jx_trace_get_collective_info (JxTrace *self, guint index);

/* Markers */
guint                jx_trace_get_n_marker_defs    (JxTrace *self);
const JxMarkerDef   *jx_trace_get_marker_def       (JxTrace *self, guint index);
guint                jx_trace_get_n_markers        (JxTrace *self);
const JxMarker      *jx_trace_get_marker           (JxTrace *self, guint index); /* sorted by time */

/* Load report */
guint64              jx_trace_get_defect_count     (JxTrace *self, JxDefect defect);
guint64              jx_trace_get_n_defects        (JxTrace *self);   /* sum over all kinds */
guint                jx_trace_get_n_load_issues    (JxTrace *self);   /* <= JX_LOAD_REPORT_MAX_ISSUES */
const JxLoadIssue   *jx_trace_get_load_issue       (JxTrace *self, guint index);

/* NULL when the whole trace was loaded; else what the partial load took.
 * Every result computed from the trace covers only this part. */
const JxTracePartial *jx_trace_get_partial         (JxTrace *self);
/* The message events whose peer the partial load left out, by stream then
 * time (empty unless JxLoadOptions.keep_external_messages). */
const JxExternalMessage *jx_trace_get_external_messages (JxTrace *self,
                                                         gsize   *n);

/* Memory held by the hot arrays and definitions, bytes (for benchmarks). */
gsize                jx_trace_get_memory_size      (JxTrace *self);

G_END_DECLS
