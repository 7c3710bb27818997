/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-session-make.h — what the session tests (test-session*.c) share:
 * small synthetic traces added to a session, counters of the session's
 * signals, and dropping a session down to its last item. */
#pragma once

#include "jx-session.h"

G_BEGIN_DECLS

/* A trace with one process, one stream and `n` back-to-back invocations of
 * "work", starting at `start` ticks and lasting `length` ticks in total. */
JxTrace        *jx_test_session_make_trace       (const char *name,
                                                  guint64     resolution,
                                                  guint64     start,
                                                  guint64     length,
                                                  guint       n);
/* Adds a fresh synthetic trace and lets the session own it alone. */
JxSessionTrace *jx_test_session_add_trace        (JxSession  *session,
                                                  const char *name,
                                                  guint64     resolution,
                                                  guint64     start,
                                                  guint64     length,
                                                  guint       n);
/* Runs the main loop until the weak pointer *pointer is NULL (FALSE after
 * 30 s). */
gboolean        jx_test_session_wait_freed       (gpointer   *pointer);
/* Drops the last reference to the session and checks that it and every
 * item it held are freed once their loads and builds have wound down. */
void            jx_test_session_finish           (JxSession  *session);

/* How often the session said what changed. */
typedef struct
{
  guint offset_changed;
  guint view_changed;
  guint selection_changed;
  guint search_changed;
  guint can_undo_notify;
  guint can_redo_notify;
  JxSessionTrace *last_item;
} JxTestCounters;

/* A "notify" handler that counts into *counter. */
void            jx_test_session_count_notify     (GObject        *object,
                                                  GParamSpec     *pspec,
                                                  guint          *counter);
/* Zeroes c and counts into it from now on. */
void            jx_test_session_connect_counters (JxSession      *session,
                                                  JxTestCounters *c);

G_END_DECLS
