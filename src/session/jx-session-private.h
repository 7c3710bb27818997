/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-private.h — the session's parts shared by jx-session.c and
 * jx-session-time.c. */
#pragma once

#include "jx-offset-history.h"
#include "jx-session.h"
#include "jx-session-markers.h"

G_BEGIN_DECLS

struct _JxSession
{
  GObject          parent_instance;

  GPtrArray       *items;          /* JxSessionTrace*, display order, owned */
  JxOffsetHistory *history;
  JxSessionTrace  *reference;      /* one of items; NULL only when empty */

  JxTimeSpan       visible;
  /* The view shows everything and should follow when more traces load. */
  gboolean         view_follows_extent;

  JxTimeSpan       selected_time;
  JxSessionTrace  *selected_trace; /* owned */
  guint32          selected_stream;
  guint32          selected_invocation;
  /* Its aligned partner in the trace it is compared with (jx-session-comparison.c). */
  JxSessionTrace  *partner_trace;  /* owned */
  guint32          partner_stream;
  guint32          partner_invocation;

  /* The trace the reference's diff bars and the comparison pane compare
   * with; NULL = the first loaded trace that is not the reference. */
  JxSessionTrace  *compared;       /* one of items, or NULL */
  JxSessionTrace  *compared_seen;  /* what "compared-trace" last said (not owned) */

  char            *search;
  gboolean         shift_mode;
  gboolean         show_messages;
  gboolean         dark;
  gboolean         align_ends;

  /* The markers of all traces (jx-session-markers.c). */
  JxSessionMarkers *markers;

  /* Folding and SOS time for every trace (jx-session-fold.c). */
  JxFoldGrouping   fold_grouping;
  JxFoldOp         fold_op;
  char           **fold_custom;
  gboolean         show_sos;
  char            *sos_function;
};

enum {
  PROP_0,
  PROP_N_ITEMS,
  PROP_N_LOADING,
  PROP_REFERENCE,
  PROP_VISIBLE_TIME,
  PROP_SELECTED_TIME,
  PROP_SELECTED_TRACE,
  PROP_SELECTED_STREAM,
  PROP_SELECTED_INVOCATION,
  PROP_SEARCH,
  PROP_SHIFT_MODE,
  PROP_SHOW_MESSAGES,
  PROP_DARK,
  PROP_ALIGN_ENDS,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_COMPARED_TRACE,
  PROP_SELECTED_PARTNER_TRACE,
  PROP_SELECTED_PARTNER_STREAM,
  PROP_SELECTED_PARTNER_INVOCATION,
  N_PROPS
};

/* Notifies one of the properties above. */
void _jx_session_notify        (JxSession *self,
                                guint      prop);
/* Sets the visible window, clamped; the view follows the extent from then
 * on when it shows all of it. */
void _jx_session_set_view      (JxSession *self,
                                gint64     start,
                                gint64     end);
/* jx-session-markers.c: the session's marker list, following its traces. */
JxSessionMarkers *_jx_session_markers_new (JxSession *session);

/* After the traces or their extent changed: a view that showed everything
 * shows everything again, any other stays inside. */
void _jx_session_follow_extent (JxSession *self);

/* jx-session-fold.c: its properties (ids from N_PROPS on) and signal. */
void     _jx_session_fold_class_init   (GObjectClass *object_class);
void     _jx_session_fold_init         (JxSession    *self);
void     _jx_session_fold_finalize     (JxSession    *self);
gboolean _jx_session_fold_get_property (JxSession    *self,
                                        guint         prop_id,
                                        GValue       *value);
gboolean _jx_session_fold_set_property (JxSession    *self,
                                        guint         prop_id,
                                        const GValue *value);
/* A new item gets the session's fold and SOS inputs. */
void     _jx_session_fold_push         (JxSession      *self,
                                        JxSessionTrace *item);

G_END_DECLS
