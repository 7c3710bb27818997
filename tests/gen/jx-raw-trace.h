/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-raw-trace.h — an archive as libotf2's reader sees it, read directly
 * (not through our loader), so that the generator and the loader are
 * tested independently of each other. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  char    *name;
  guint8   role;
  guint8   paradigm;
} JxRawRegion;

typedef struct
{
  guint32  region;
  guint64  time;             /* ticks, with the clock offsets applied */
} JxRawEnter;

typedef struct
{
  guint64  id;
  char    *name;
  guint32  group;
  guint8   type;
  gboolean missing;          /* no .evt file */
  guint64  n_events_defined;
  guint64  n_events;
  guint64  last_time;
  guint    n_backwards;      /* events earlier than their predecessor */
  guint    n_equal;          /* events at the same time as their predecessor */
  guint    n_mismatched;     /* leaves naming another region than the open one */
  guint    n_unmatched;      /* leaves with nothing open */
  guint    n_undefined;      /* enter/leave of undefined regions */
  guint    n_coll_open;      /* collective begin without end */
  GArray  *stack_region;     /* guint32 */
  GArray  *stack_time;       /* guint64 */
  GArray  *enters;           /* JxRawEnter, in order */
} JxRawLoc;

typedef struct
{
  guint32  sender;
  guint32  receiver;
  guint32  tag;
  guint64  size;
  guint64  time;
} JxRawMessage;

typedef struct
{
  guint64     timer_resolution;
  guint64     global_offset;  /* the trace's start, ticks */
  GHashTable *strings;        /* ref → name */
  GArray     *regions;        /* JxRawRegion by ref */
  GArray     *locs;           /* JxRawLoc */
  GHashTable *loc_index;      /* id → index + 1 */
  GPtrArray  *node_names;
  guint       n_groups;

  guint64     n_enter, n_leave, n_send, n_isend, n_isend_complete, n_irecv_request;
  guint64     n_recv, n_irecv, n_coll_begin, n_coll_end, n_other;
  GHashTable *region_enters;  /* region ref → count */
  GHashTable *region_time;    /* (loc index << 32 | region) → inclusive ticks */
  GArray     *sends;          /* JxRawMessage */
  GArray     *recvs;          /* JxRawMessage */

  guint       n_marker_defs;
  guint       n_markers;
  GPtrArray  *marker_texts;
  guint       n_marker_imbalance;
} JxRawTrace;

/* Reads "<directory>/traces.otf2"; asserts that libotf2 reads it all. */
JxRawTrace *jx_raw_trace_read               (const char *directory);
void        jx_raw_trace_free               (JxRawTrace *t);

/* The location with OTF2 reference @id; asserts that it exists. */
JxRawLoc   *jx_raw_trace_get_loc            (JxRawTrace *t,
                                             guint64     id);
/* The reference of the region called @name, or -1. */
int         jx_raw_trace_region_by_name     (JxRawTrace *t,
                                             const char *name);
/* How often the region called @name is entered (0 if undefined). */
guint       jx_raw_trace_region_enters      (JxRawTrace *t,
                                             const char *name);
/* Inclusive time of the region called @name summed over locations; @type 0
 * = any location type, @group G_MAXUINT32 = any location group. */
double      jx_raw_trace_region_time        (JxRawTrace *t,
                                             const char *name,
                                             guint8      type,
                                             guint32     group);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxRawTrace, jx_raw_trace_free)

G_END_DECLS
