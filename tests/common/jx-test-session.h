/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-session.h — short ways for tests to reach into a JxSession. */
#pragma once

#include "jx-session.h"

G_BEGIN_DECLS

/* The trace at `position` (borrowed); fails the test when there is none. */
JxSessionTrace *jx_test_item_at        (JxSession *session,
                                        guint      position);
gint64          jx_test_offset_of      (JxSession *session,
                                        guint      position);
gint64          jx_test_view_start     (JxSession *session);
gint64          jx_test_view_end       (JxSession *session);
void            jx_test_set_view       (JxSession *session,
                                        gint64     start,
                                        gint64     end);
/* Runs the main loop until no trace is loading (fails after 60 s). */
void            jx_test_wait_for_loads (JxSession *session);

G_END_DECLS
