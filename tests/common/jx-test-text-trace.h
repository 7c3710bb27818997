/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-text-trace.h — small traces written as text, built in memory
 * (tests/analysis: the comparison and its headline). */
#pragma once

#include "jx-trace.h"

G_BEGIN_DECLS

/* One process with one stream ("Master thread") per tree; each tree is
 * text: one-character function names, children in brackets ("m[a b[c]]").
 * Every enter and leave of process p takes steps[p] ticks (1 µs each), or
 * `step` for every process when steps is NULL, so durations differ between
 * traces built with different steps. processes NULL: "Rank 0", "Rank 1"… */
JxTrace *jx_test_text_trace (const char         *name,
                             const char * const *processes,
                             const char * const *trees,
                             const guint64      *steps,
                             guint64             step);

G_END_DECLS
