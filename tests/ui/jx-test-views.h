/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-views.h — what the view tests (test-views*.c) share: a small
 * two-trace comparison and where its rows are on screen. */
#pragma once

#include "jx-master-timeline.h"
#include "jx-session.h"
#include "jx-trace-timeline-private.h"

G_BEGIN_DECLS

#define JX_TEST_MS G_GINT64_CONSTANT (1000000)

/* Two ranks, one stream each, clock in ns:
 *   main [0, 10 ms) { compute [1, 4) ; MPI_Send [4, 5) ; compute [5, 9) }
 * `shift` moves everything but "main"'s start, so traces differ. */
JxTrace         *jx_test_views_make_trace   (const char *name,
                                             guint64     shift);
/* Traces A and B (unshifted) in a new session showing [0, 10 ms). */
JxSession       *jx_test_views_make_session (void);
/* The lane of the item at `position` in a master timeline. */
JxTraceTimeline *jx_test_views_lane_of      (GtkWidget  *master,
                                             JxSession  *session,
                                             guint       position);
/* The y of a stream's row centre in a timeline. */
int              jx_test_views_row_center   (JxTraceTimeline *timeline,
                                             guint32          stream);

G_END_DECLS
