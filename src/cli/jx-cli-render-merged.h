/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-render-merged.h — `juxtrace-cli render --merged-tree`: the merged
 * call tree of a cluster's streams (or of streams named by pattern) as an
 * icicle in a file (src/render/jx-merged-icicle.h). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* TRUE when the render command line asks for --merged-tree (before any "--"). */
gboolean jx_cli_render_merged_requested (int    argc,
                                         char **argv);
/* The whole command, with its own options; returns the exit status. */
int      jx_cli_render_merged           (int    argc,
                                         char **argv);

G_END_DECLS
