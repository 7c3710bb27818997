/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-background.h — worker threads yield to the main loop.
 *
 * With more busy workers than cores, a waking main thread may wait for a
 * worker's time slice to end; at a lower priority the workers give way to
 * it, and the window stays responsive while a comparison or a summary runs
 * (tests/session/bench-compare.c measures the longest main-loop stall). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Nice value of the calling thread's background work. */
#define JX_BACKGROUND_NICE 10

/* Lowers the calling thread's priority to JX_BACKGROUND_NICE (Linux, where
 * nice is per thread; elsewhere nothing). Unprivileged threads cannot raise
 * it back, so call it only from threads that do background work for good:
 * the engine's own pool, or GTask workers (all of which are background). */
void jx_background_lower_thread (void);

G_END_DECLS
