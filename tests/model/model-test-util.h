/* SPDX-License-Identifier: GPL-3.0-or-later */
/* model-test-util.h — what several model tests need: scratch folders and
 * archive copies, the flush callbacks libotf2's writer needs for the
 * archives the tests write themselves, and loading a trace that must load. */
#pragma once

#include <glib.h>
#include <otf2/otf2.h>

#include "jx-trace-loader.h"

/* A new empty folder in the temporary directory; free with g_free. */
char *test_make_temp_dir (void);
/* Removes path and, for a folder, everything below it. */
void  test_remove_tree   (const char *path);
/* Copies the file or folder from to to, creating folders as needed. */
void  test_copy_tree     (const char *from,
                          const char *to);

/* Always flush, no clock correction. */
extern const OTF2_FlushCallbacks test_flush_callbacks;

/* Loads path with n_readers reader threads (0: the default), failing the
 * test when it does not load. */
JxTrace        *test_load          (const char *path,
                                    guint       n_readers);
/* The stream of OTF2 location ref, or NULL. */
const JxStream *test_stream_by_ref (JxTrace    *trace,
                                    guint64     ref);
