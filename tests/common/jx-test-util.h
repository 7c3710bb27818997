/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-util.h — what many tests need: the real Score-P traces, and
 * waiting on the main loop for what runs in threads. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The folder of the real test traces: $JX_SHARED_TRACES (meson test sets it),
 * else the folder configured with `meson setup -Dshared_traces=DIR` (default
 * ../shared/traces beside the source tree). When it does not exist the test
 * fails, saying where the traces are expected and how to point elsewhere:
 * tests never pass quietly without them. */
const char *jx_test_get_shared_traces (void);

/* A trace (folder or anchor file) inside that folder; fails the test the
 * same way when it is missing. Free with g_free. */
char       *jx_test_get_shared_trace  (const char *name);

/* A new empty directory under the temporary directory; free with g_free. */
char       *jx_test_make_tmp_dir      (void);
/* Removes a file or a folder with everything in it (temporary folders of
 * tests). */
void        jx_test_remove_tree       (const char     *path);

/* Runs the juxtrace-cli of $JX_CLI with args (NULL-terminated) and returns
 * its exit status; out and err (may be NULL) receive its output. Fails the
 * test on a sanitizer report. */
int         jx_test_run_cli           (const char * const *args,
                                       char              **out,
                                       char              **err);

/* A "notify" handler that counts into *n (connect it with &n as data). */
void        jx_test_count_notify      (gpointer        object,
                                       gpointer        pspec,
                                       guint          *n);

/* Runs the main loop for `ms` milliseconds. */
void        jx_test_spin              (guint           ms);

typedef gboolean (*JxTestCondition) (gpointer data);

/* Runs the main loop until condition (data) holds, for at most `seconds`;
 * TRUE when it holds. */
gboolean    jx_test_wait_until        (JxTestCondition condition,
                                       gpointer        data,
                                       guint           seconds);
/* The same until *pointer is NULL (a weak pointer cleared: its object was
 * finalized). */
gboolean    jx_test_wait_until_null   (gpointer       *pointer,
                                       guint           seconds);

G_END_DECLS
