/* jx-background.h — worker threads yield to the main loop.
 *
 * On two busy cores the kernel gives a waking main thread its turn only
 * after a running worker's slice ends (tens of ms under EEVDF); at a lower
 * priority the workers lose that race and the window stays responsive while
 * a comparison or a summary runs. */
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
