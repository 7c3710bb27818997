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
/* Saved comparisons (`.juxtrace`, docs/session-file.md). Opening replaces
 * the comparison by the file's and asks to locate each trace that is not
 * where the file says (the others open meanwhile); FALSE (and a message
 * naming the file) when it cannot be read. open_paths() and open_files()
 * hand such files here. Saving writes the comparison as it is now (adding
 * ".juxtrace" when missing); the window then saves to it with Ctrl+S. */
gboolean   jx_window_open_comparison_file (JxWindow      *self,
                                           const char    *filename);
gboolean   jx_window_save_comparison      (JxWindow      *self,
                                           const char    *filename,
                                           GError       **error);
/* The timelines as they are shown (window, offsets, colours, diff bars) as
 * a PNG, SVG or PDF picture (by the file name's extension; PNG otherwise),
 * drawn by the render library as `juxtrace-cli render` draws. */
gboolean   jx_window_export_image         (JxWindow      *self,
                                           const char    *filename,
                                           GError       **error);

/* The table the comparison pane shows as CSV: the function time
 * differences (the columns of `juxtrace-cli diff --csv --functions`), the
 * differential call tree (those of `diff --tree --csv` but the scores) or
 * the similarity list (stream_a, stream_b, similarity). */
gboolean   jx_window_export_table         (JxWindow      *self,
                                           const char    *filename,
                                           GError       **error);

/* Opens the bundled example comparison; FALSE (and a message in the window)
 * when it is not there. */
gboolean   jx_window_open_examples  (JxWindow            *self);

/* A short message at the bottom of the window. */
void       jx_window_show_toast     (JxWindow            *self,
                                     const char          *message);

G_END_DECLS
