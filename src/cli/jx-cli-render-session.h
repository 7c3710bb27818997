/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-render-session.h — `juxtrace-cli render SESSION.juxtrace`: a saved
 * comparison (jx-session-file.h) drawn as the window shows it. The file's
 * traces become render's TRACE arguments (the reference first, since render
 * compares with the first trace) and its offsets, visible window, SOS
 * overlay and diff-bar mode and band become the options a user did not give
 * (a given --offset, --window, … wins); the picked colours colour the lanes.
 * Each trace is loaded as the part of it the window loaded (its saved
 * selection, read by jx-session-file-selection.c, handed to
 * jx_cli_open_trace_part), unless --processes, --every or --load-window
 * select a part of every trace. */
#pragma once

#include <glib.h>

#include "jx-comparison-render.h"
#include "jx-trace-selection.h"

G_BEGIN_DECLS

typedef struct
{
  GPtrArray  *strings;   /* owns every argument string of argv */
  char      **argv;      /* what render parses (GOption reorders it) */
  int         argc;
  guint32    *colors;    /* picked colour per TRACE argument, 0 for none */
  guint       n_colors;
  char     ***pairs;     /* per TRACE argument, its streams paired by hand
                            (flat A, B, … names) or NULL; n_colors long */
  JxTraceSelection **parts; /* per TRACE argument, the part of it to load,
                               NULL for all; n_colors long */
} JxCliRenderSession;

/* The saved comparison among render's arguments, if any (its index). */
int      jx_cli_render_session_find    (int                 argc,
                                        char              **argv);
/* Reads the file at argv[index] and fills session with the arguments that
 * replace it. FALSE with an error naming the file (unreadable, corrupt, or
 * a trace not where it says). */
gboolean jx_cli_render_session_expand  (JxCliRenderSession *session,
                                        int                 argc,
                                        char              **argv,
                                        int                 index,
                                        GError            **error);
/* Gives lane i the colour picked for it in the window, if any. */
void     jx_cli_render_session_colour  (const JxCliRenderSession *session,
                                        JxComparisonLane         *lanes,
                                        guint                     n_lanes,
                                        gboolean                  dark);
void     jx_cli_render_session_clear   (JxCliRenderSession *session);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (JxCliRenderSession, jx_cli_render_session_clear)

G_END_DECLS
