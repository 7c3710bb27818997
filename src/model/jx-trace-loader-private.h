/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-loader-private.h — what the loader's files share:
 *   jx-trace-loader.c              load(): error handling, reader scheduling
 *   jx-trace-loader-anchor.c       anchor resolution and checks, names
 *   jx-trace-loader-definitions.c  global definitions and markers
 *   jx-trace-loader-events.c       local definitions and events, per reader
 *   jx-trace-loader-extent.c       how many events an event file holds
 *   jx-trace-loader-outline.c      the outline (definitions only), selections,
 *                                  the memory estimate
 *   jx-trace-loader-window.c       a partial load's time window, per reader
 *   jx-trace-loader-async.c        load_async()
 * Nothing outside src/model should include this. */
#pragma once

#include <otf2/otf2.h>

#include "jx-trace-builder.h"
#include "jx-trace-loader.h"
#include "jx-trace-private.h"

G_BEGIN_DECLS

/* OTF2 refs below this are mapped through dense arrays, above through hashes. */
#define _JX_DENSE_LIMIT (1u << 22)

/* The stream index of a location that is defined but not selected by a
 * partial load: messages with it are counted, not kept. */
#define _JX_UNSELECTED (G_MAXUINT32 - 1)

typedef struct
{
  guint32 ref;
  guint32 name;
  guint32 class_name;
  guint32 parent;
} RawSystemNode;

typedef struct
{
  guint32 ref;
  guint32 name;
  guint8  type;
  guint32 parent;
  guint32 process;
  gboolean synthetic;           /* stands for an undefined group locations name */
  guint64 named_by;             /* synthetic: the first location naming it */
  gboolean selected;            /* has a selected location */
} RawLocationGroup;

typedef struct
{
  guint64 ref;
  guint32 name;
  guint8  type;
  guint64 n_events;
  guint32 group;
  guint32 order;
  guint32 stream;
  guint64 file_bytes;           /* of its .evt file, 0 when absent */
  gboolean selected;
} RawLocation;

typedef struct
{
  guint32 ref;
  guint32 name;
  guint32 canonical_name;
  guint32 description;
  guint32 source_file;
  guint32 begin_line;
  guint32 end_line;
  guint8  role;
  guint8  paradigm;
} RawRegion;

typedef struct
{
  guint8   type;
  guint8   paradigm;
  guint32  flags;
  guint32  n_members;
  guint64 *members;
} RawGroup;

typedef struct
{
  gboolean  self_comm;
  guint32   n;
  guint32  *streams;            /* rank -> stream index (JX_NONE when unknown) */
  guint64  *refs;               /* rank -> location reference (G_MAXUINT64 when unknown) */
} CommRanks;

typedef struct
{
  char               *anchor;
  JxTraceBuilder     *builder;
  GCancellable       *cancellable;

  guint64             timer_resolution;
  guint64             evt_chunk_size; /* the anchor's, for the memory estimate */
  guint64             def_chunk_size;
  guint64             global_offset;
  guint64             trace_length;

  GHashTable         *strings;        /* ref -> char * (owned) */
  GArray             *regions;        /* RawRegion */
  GArray             *system_nodes;   /* RawSystemNode */
  GArray             *groups;         /* RawLocationGroup */
  GArray             *locations;      /* RawLocation */
  GHashTable         *comm_groups;    /* ref -> RawGroup * */
  GHashTable         *comms;          /* comm ref -> group ref */
  GHashTable         *comm_ranks;     /* comm ref -> CommRanks * */
  GHashTable         *location_streams; /* location ref -> stream + 1 (_JX_UNSELECTED + 1
                                           for a location a partial load leaves out) */
  GHashTable         *group_order;    /* group ref -> position in groups + 1 */
  GHashTable         *marker_defs;    /* marker ref -> def + 1 */
  /* Metrics (jx-trace-loader-metrics.c) */
  GArray             *metric_members; /* RawMetricMember, definition order */
  GHashTable         *metric_classes; /* class ref -> GArray of member refs (guint32) */
  GHashTable         *metric_instances; /* instance ref -> class ref */
  GHashTable         *metric_refs;    /* class or instance ref -> MetricRefInfo *, once built */

  guint32            *region_map;     /* dense OTF2 region ref -> builder region */
  guint32             n_region_map;
  GHashTable         *region_sparse;  /* ref -> region + 1, refs >= _JX_DENSE_LIMIT */

  /* Progress, shared between reader threads. */
  GMutex              progress_lock;
  JxLoadProgress      progress;
  gpointer            progress_data;
  guint64             progress_total;
  gboolean            progress_per_location; /* no event counts in the definitions */
  guint64             progress_done;
  int                 progress_percent;
  gint                stop;           /* atomic: cancelled or over budget */
  JxOutlineProgress   def_progress;   /* reading the global definitions; NULL: none */
  gpointer            def_progress_data;

  /* A partial load's window, in ticks; whole when !windowed. */
  gboolean            windowed;
  guint64             window_begin;
  guint64             window_end;     /* exclusive, G_MAXUINT64 = open */
  double              window_share;   /* of the trace's length, for reservations */
  guint64             n_unselected;   /* message events with unselected peers */
  gboolean            keep_external;  /* ... kept (JxLoadOptions.keep_external_messages) */
  guint64             latest_time;    /* latest event time decoded */

  /* Memory guard, under progress_lock. */
  guint64             budget;         /* JX_MEMORY_UNLIMITED: none */
  guint64             estimate;
  char               *budget_source;
  guint64             committed;      /* model bytes of the streams read */
  guint64             in_progress[2]; /* of each reader's current stream */
  gboolean            over_budget;
} Loader;

typedef struct
{
  guint32 ref;
  guint32 name;
  guint32 description;
  guint32 unit;
  guint8  mode;
  guint8  value_type;           /* OTF2_Type */
  guint8  base;
  gint64  exponent;
} RawMetricMember;

/* The builder's metric of each value of a Metric event naming a class or
 * instance; JX_NONE for members without a definition. */
typedef struct
{
  guint   n;
  guint32 metrics[];
} MetricRefInfo;

/* A call open before a partial load's window: its region, or JX_NONE
 * with the raw OTF2 ref when undefined. */
typedef struct
{
  guint32 region;
  guint32 raw;
} PreFrame;

typedef struct
{
  Loader          *ld;
  JxTraceBuilder  *b;
  guint            slot;          /* its in_progress[] entry */
  guint32          stream;
  JxStreamWriter  *w;             /* writer of the current stream */
  const guint32   *region_map;
  guint32          n_region_map;
  GArray          *locations;     /* guint indices into ld->locations */
  OTF2_Reader     *reader;
  gboolean         own_reader;
  guint64          evt_chunk_size; /* of the reader's archive */
  char            *error;         /* set when the reader could not be opened */
  CommRanks       *last_comm;     /* of the previous message: usually the same */
  guint32          last_comm_ref;

  /* The current location in a windowed load (jx-trace-loader-window.c). */
  gboolean         windowed;
  gboolean         outside;       /* decoded an event outside the window */
  gboolean         before;        /* no event of the window yet */
  gboolean         past_end;      /* met an event at or after the window's end */
  gboolean         seen;          /* decoded an event */
  GArray          *pre_stack;     /* PreFrame: calls open before the window */
  gboolean         pre_collective; /* a collective begun before the window */
  guint64          latest_time;
  guint64          n_unselected;  /* message events with unselected peers */
} ReaderThread;

/* jx-trace-loader.c */

Loader      *_jx_loader_new               (const char      *anchor);
void         _jx_loader_free              (Loader          *ld);
/* Resolves path to its anchor, checks it, opens a reader and reads the
 * global definitions into a new loader, prepared (_jx_loader_prepare ()).
 * The reader stays open for the caller. */
Loader      *_jx_loader_open              (const char      *path,
                                           OTF2_Reader    **reader,
                                           GError         **error);
/* The same, telling the definitions' progress (may be NULL). */
Loader      *_jx_loader_open_full         (const char        *path,
                                           JxOutlineProgress  progress,
                                           gpointer           progress_data,
                                           OTF2_Reader      **reader,
                                           GError           **error);

/* libotf2's last error message on this thread is kept for the GError or
 * the load report; forget it before a call whose failure is reported. */
void         _jx_loader_forget_otf2_error (void);
/* The last message, or the description of code when there is none. */
const char  *_jx_loader_otf2_problem      (OTF2_ErrorCode   code);
OTF2_Reader *_jx_loader_open_reader       (const char      *anchor,
                                           char           **problem);
const char  *_jx_loader_lookup_string     (Loader          *ld,
                                           guint32          ref);

/* jx-trace-loader-anchor.c */

/* FALSE with an error when anchor is no OTF2 anchor file, or one that
 * claims more than it can hold. */
gboolean     _jx_loader_check_anchor      (const char      *anchor,
                                           GError         **error);
/* The directory holding the per-location files. */
char        *_jx_loader_archive_directory (const char      *anchor);
/* A per-location file in it: "<ref><suffix>". */
char        *_jx_loader_location_file     (const char      *archive_dir,
                                           guint64          ref,
                                           const char      *suffix);

/* jx-trace-loader-extent.c */

typedef struct
{
  guint64  n_events;     /* events inside the file, by the last chunk's header
                            and a count of that chunk's records */
  guint64  limit;        /* read no more: n_events when the file is cut short,
                            else all its bytes can hold */
  gboolean complete;     /* it ends with OTF2's end-of-file record */
  guint64  cut_at;       /* where it ends early, G_MAXUINT64 if not */
  guint64  invalid_at;   /* where an invalid record starts, G_MAXUINT64 if none */
} EvtExtent;

/* FALSE when the file cannot be opened (libotf2 then reports it). */
gboolean     _jx_loader_evt_extent        (const char      *path,
                                           guint64          chunk_size,
                                           EvtExtent       *extent);
/* Why the file is not complete, for the load report; NULL if it is. */
char        *_jx_loader_evt_extent_problem (const EvtExtent *extent);

/* jx-trace-loader-definitions.c */

gboolean     _jx_loader_read_global_definitions (Loader       *ld,
                                                 OTF2_Reader  *reader,
                                                 GError      **error);
void         _jx_loader_read_markers      (Loader          *ld,
                                           OTF2_Reader     *reader);
/* Before any selection: a process for the locations whose group is
 * undefined, locations in stream order (by process), event file sizes. */
void         _jx_loader_prepare           (Loader          *ld);
/* Hands the selected definitions to the builder and maps OTF2 refs to
 * its indices. */
void         _jx_loader_build_definitions (Loader          *ld);

/* jx-trace-loader-outline.c */

JxTraceOutline *_jx_loader_make_outline   (Loader                 *ld);
/* What the trace will say it holds; NULL for a whole load. */
JxTracePartial *_jx_loader_make_partial   (Loader                 *ld,
                                           JxTraceOutline         *outline,
                                           const JxTraceSelection *selection,
                                           const guint8           *selected);

/* jx-trace-loader-window.c */

typedef enum
{
  WINDOW_BEFORE,                /* keep track of calls, add nothing */
  WINDOW_IN,
  WINDOW_AFTER,                 /* stop reading the location */
} WindowPhase;

/* Where an event at time lies; the first event in the window adds the
 * calls open before it, cut to its beginning. */
WindowPhase  _jx_window_phase             (ReaderThread    *t,
                                           guint64          time,
                                           gboolean         leave);
void         _jx_window_pre_enter         (ReaderThread    *t,
                                           guint32          region,
                                           guint32          raw);
void         _jx_window_pre_leave         (ReaderThread    *t,
                                           guint32          region,
                                           guint32          raw);
/* Before a location's events, and after them (stream still open). */
void         _jx_window_start_location    (ReaderThread    *t);
void         _jx_window_end_location      (ReaderThread    *t);

/* jx-trace-loader-metrics.c */

void         _jx_loader_metrics_init      (Loader          *ld);
void         _jx_loader_metrics_clear     (Loader          *ld);
void         _jx_loader_set_metric_callbacks (OTF2_GlobalDefReaderCallbacks *cbs);
/* Adds the metric members to the builder and resolves classes and
 * instances; after _jx_loader_build_definitions (). */
void         _jx_loader_build_metrics     (Loader          *ld);
OTF2_CallbackCode _jx_loader_on_metric    (OTF2_LocationRef        location,
                                           OTF2_TimeStamp          time,
                                           uint64_t                position,
                                           void                   *user_data,
                                           OTF2_AttributeList     *attributes,
                                           OTF2_MetricRef          metric,
                                           uint8_t                 n_metrics,
                                           const OTF2_Type        *type_ids,
                                           const OTF2_MetricValue *values);

/* jx-trace-loader-events.c */

/* Reads the local definitions and events of the thread's locations. */
gpointer     _jx_reader_thread_run        (gpointer         data);
gboolean     _jx_loader_should_stop       (Loader          *ld);

G_END_DECLS
