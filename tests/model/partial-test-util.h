/* SPDX-License-Identifier: GPL-3.0-or-later */
/* partial-test-util.h — what the partial-load tests share: loading with a
 * selection, generated traces, messages compared by their locations. */
#pragma once

#include <glib.h>

#include "jx-trace-loader.h"

/* Loads with the selection and budget; the second fails the test when it
 * does not load (no budget). */
JxTrace *test_load_part    (const char             *path,
                            const JxTraceSelection *selection,
                            guint64                 budget,
                            GError                **error);
JxTrace *test_load_part_ok (const char             *path,
                            const JxTraceSelection *selection);

/* A generated archive in dir (seed 11, markers), about `events` events;
 * returns its anchor. test_generate: MPI ranks only. */
char    *test_generate_full (const char *dir,
                             guint       ranks,
                             guint       threads,
                             guint       gpu_streams,
                             guint64     events,
                             gint64      start_delay_ns);
char    *test_generate      (const char *dir,
                             guint       ranks,
                             guint64     events,
                             gint64      start_delay_ns);

/* A message by its ends' OTF2 references, times and size. */
typedef struct
{
  guint64 sender;
  guint64 receiver;
  guint64 send;
  guint64 recv;
  guint64 size;
} Msg;

gint     test_compare_msg   (gconstpointer a,
                             gconstpointer b);
/* Appends message index of trace to list (GArray of Msg). */
void     test_add_msg       (GArray     *list,
                             JxTrace    *trace,
                             guint       index);
