/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-window.h — the comparison window: welcome page, per-trace loading and the
 * stacked comparison views, all driven by one JxSession. */
#pragma once

#include <adwaita.h>

#include "jx-application.h"
#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_WINDOW (jx_window_get_type ())
G_DECLARE_FINAL_TYPE (JxWindow, jx_window, JX, WINDOW, AdwApplicationWindow)

JxWindow  *jx_window_new            (JxApplication       *application);
JxSession *jx_window_get_session    (JxWindow            *self);

/* Starts loading the traces at `paths` (anchor files or trace folders). With
 * add FALSE they replace the open comparison, otherwise they join it; paths
 * already open are skipped. */
void       jx_window_open_paths     (JxWindow            *self,
                                     const char * const  *paths,
                                     gboolean             add);
void       jx_window_open_files     (JxWindow            *self,
                                     GFile              **files,
                                     guint                n_files,
                                     gboolean             add);
/* Opens the bundled example comparison; FALSE (and a message in the window)
 * when it is not there. */
gboolean   jx_window_open_examples  (JxWindow            *self);

/* A short message at the bottom of the window. */
void       jx_window_show_toast     (JxWindow            *self,
                                     const char          *message);

G_END_DECLS
