/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-render-flame.h — `juxtrace-cli render --flame`: the differential
 * flame graph of two traces into a file (src/render/jx-flame-graph.h). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* TRUE when the render command line asks for --flame (before any "--"). */
gboolean jx_cli_render_flame_requested (int    argc,
                                        char **argv);
/* The whole command, with its own options; returns the exit status. */
int      jx_cli_render_flame           (int    argc,
                                        char **argv);

G_END_DECLS
