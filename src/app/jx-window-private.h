/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-window-private.h — the window's parts shared by jx-window.c and
 * jx-window-actions.c, and typed accessors for the tests. */
#pragma once

#include "jx-align-report-view.h"
#include "jx-comparison-pane.h"
#include "jx-details-panel.h"
#include "jx-function-summary-chart.h"
#include "jx-legend-view.h"
#include "jx-marker-view.h"
#include "jx-master-timeline.h"
#include "jx-nav-toolbar.h"
#include "jx-session-file.h"
#include "jx-welcome-page.h"
#include "jx-window.h"

G_BEGIN_DECLS

struct _JxWindow
{
  AdwApplicationWindow  parent_instance;

  JxSession            *session;
  GSettings            *settings;
  GtkNativeDialog      *chooser;
  gboolean              chooser_adds;
  /* "Fold by Cluster" asked before the clusters were there: fold them when
   * they come. */
  gboolean              fold_clusters_pending;
  /* The loaded set of the current comparison was stored as recent. */
  gboolean              recent_recorded;
  /* Replacing the comparison: its emptiness on the way is no reason to go
   * back to the welcome page. */
  gboolean              opening;
  gboolean              finding_phase;   /* win.find-phase runs */

  AdwToastOverlay      *toast_overlay;
  AdwWindowTitle       *window_title;
  GtkStack             *stack;
  JxWelcomePage        *welcome_page;
  GtkBox               *loading_box;     /* a JxTraceRow per item, shown until loaded */
  GtkWidget            *loading_scroller; /* holds loading_box, at most about two rows high */
  GtkBox               *traces_box;      /* a JxTraceRow per item, the side pane's list */
  GtkStack             *side_stack;
  GtkWidget            *side_switcher;   /* a toggle button per page of side_stack, wrapping */
  GtkPaned             *main_paned;
  /* Until the user moves it, the split between timelines and panes gives
   * the timelines what their lanes want (at most all but the panes'
   * minimum); pane_position is the position set last that way. */
  gboolean              pane_auto;
  int                   pane_position;
  int                   pane_height;   /* the paned's height when pane_position was set */
  /* The frames that follow the lanes run only for a while after something
   * changed (a trace came or loaded, the window's size), not forever. */
  guint                 pane_tick;
  guint                 pane_stable_frames;
  GtkPaned             *bottom_paned;
  GtkPaned             *summary_paned;
  /* win.maximize-comparison: the timelines step aside and the panes below
   * get their height; the split (and whether it followed the lanes) comes
   * back as it was. For this session only: the saved position stays the
   * split, never the maximised pane. */
  gboolean              comparison_maximized;
  int                   maximized_saved_position;
  gboolean              maximized_saved_auto;
  /* The side pane (details, traces, markers…) beside the comparison: a
   * window narrower than JX_WINDOW_NARROW_WIDTH folds it away so that the
   * comparison keeps its room; win.show-side-pane brings it back. */
  GtkWidget            *side_box;
  gboolean              narrow;
  gboolean              adapting;      /* the window, not the user, shows or hides it */
  guint                 adapt_source;
  GtkSearchEntry       *search_entry;
  GtkWidget            *add_button;
  GtkWidget            *side_pane_button;
  GtkWidget            *mode_box;
  GtkWidget            *history_box;
  GtkWidget            *undo_button;
  GtkWidget            *redo_button;
  GMenu                *history_section; /* holds the Undo and Redo items, labelled by on_undo_changed */
  GMenu                *counter_section; /* the counter row's choices (jx-window-counter.c) */

  /* The comparison views, all bound to the session. */
  JxNavToolbar         *nav_toolbar;
  JxMasterTimeline     *master_timeline;
  JxFunctionSummaryChart *summary_chart;
  JxLegendView         *legend;
  JxDetailsPanel       *details_panel;
  JxMarkerView         *marker_view;

  /* Automatic alignment (jx-window-align.c). */
  GtkWidget            *align_box;
  GtkWidget            *align_button;
  GtkMenuButton        *align_report_button;
  JxAlignReportView    *align_report;
  GCancellable         *align_cancellable;
  JxComparisonPane     *comparison_pane;

  /* The saved comparison (jx-window-session.c): the file it was opened
   * from or saved to, what was read (unknown fields survive a save), the
   * traces not found that wait for "Locate…", and the choosers. */
  char                 *session_filename;
  JxSessionFile        *session_file;
  GArray               *missing;         /* guint indexes into session_file->traces */
  GtkNativeDialog      *save_chooser;
  GtkNativeDialog      *export_chooser;
  GtkNativeDialog      *locate_chooser;
  GtkNativeDialog      *table_chooser;
  /* The file's folded groups wait for the traces to load, then for their
   * lanes (retried every 100 ms for a while). */
  gboolean              folds_pending;
  guint                 fold_source;
  guint                 fold_tries;

  /* Load failures since the failure toast appeared: one toast lists them. */
  AdwToast             *failure_toast;   /* weak */
  GPtrArray            *failed_names;    /* char*, markup-escaped */
};

/* jx-window.c */
void              _jx_window_show_page            (JxWindow       *self,
                                                   const char     *name);
gboolean          _jx_window_is_comparison        (JxWindow       *self);
void              _jx_window_update_state         (JxWindow       *self);

/* jx-window-actions.c */
void              _jx_window_class_init_actions   (GtkWidgetClass *widget_class);
/* The toolbar toggles, as settings when there are settings. */
void              _jx_window_add_toggle_actions   (JxWindow       *self);
void              _jx_window_on_focus_function    (JxWindow       *self);
/* win.pair-again follows whether any stream is paired by hand. */
void              _jx_window_init_pairing         (JxWindow       *self);
/* Enables Undo and Redo and names the step each would apply. */
void              _jx_window_update_history       (JxWindow       *self);
void              _jx_window_run_chooser          (JxWindow       *self,
                                                   GtkFileChooserAction action,
                                                   gboolean        adds);

/* jx-window-align.c: "Align All Traces Here", its mode and report, the
 * marker view's alignments and the markers' save failures. */
void              _jx_window_class_init_align     (GtkWidgetClass *widget_class);
void              _jx_window_init_align           (JxWindow       *self);
void              _jx_window_add_align_mode_action (JxWindow      *self);
void              _jx_window_dispose_align        (JxWindow       *self);

/* jx-window-counter.c: View → Counter Row: which metric the timelines
 * show as counter rows (win.counter-metric), one item per metric. */
void              _jx_window_counter_init         (JxWindow       *self);

/* jx-window-fold.c: folding and SOS-time commands, keys and panels. */
void              _jx_window_fold_class_init      (GtkWidgetClass *widget_class);
/* jx-window-phase.c: win.find-phase. For tests: a search is running; its
 * hits (JxSessionPhaseHit, NULL before one ends); what "Align There" does
 * (the traces shifted). */
void              _jx_window_phase_class_init     (GtkWidgetClass *widget_class);
gboolean          jx_window_is_finding_phase      (JxWindow       *self);
/* Narrower than the width at which the side pane folds away. */
gboolean          jx_window_is_narrow             (JxWindow       *self);
GPtrArray        *jx_window_get_phase_hits        (JxWindow       *self);
guint             jx_window_align_phase           (JxWindow       *self);
/* jx-window-preferences.c: win.preferences and the scores it keeps. */
void              _jx_window_preferences_class_init (GtkWidgetClass *widget_class);
void              _jx_window_preferences_bind     (JxWindow       *self);
/* The Preferences window once opened (NULL before; for tests). */
GtkWindow        *jx_window_get_preferences       (JxWindow       *self);
void              _jx_window_fold_init            (JxWindow       *self);
/* jx-window-side.c */
void              _jx_window_side_init            (JxWindow       *self);
void              _jx_window_side_init_pane       (JxWindow       *self);
void              _jx_window_maximize_init        (JxWindow       *self);
void              _jx_window_set_comparison_maximized (JxWindow   *self,
                                                       gboolean    maximized);
void              _jx_window_side_allocated       (JxWindow       *self,
                                                   int             width);
void              _jx_window_fold_dispose         (JxWindow       *self);

/* jx-window-session.c: Save Comparison (As…), opening a .juxtrace file
 * with "Locate…" for moved traces, Export Image. */
void              _jx_window_class_init_session   (GtkWidgetClass *widget_class);
void              _jx_window_dispose_session      (JxWindow       *self);
void              _jx_window_update_session_actions (JxWindow     *self);
/* Folds the groups the opened file keeps folded, once nothing loads. */
void              _jx_window_restore_folds        (JxWindow       *self);
/* Export Table as CSV…: the table the comparison pane shows. */
void              _jx_window_run_table_export     (JxWindow       *self);
/* Opening traces (not a saved comparison) ends the link to the file. */
void              _jx_window_forget_comparison_file (JxWindow     *self);

/* For tests: the visible page ("welcome" or "comparison"); the row in the
 * trace list at `position`; the views; load failures named by the failure
 * toast on screen (0 when none is up) and that toast's title. */
const char             *jx_window_get_page                (JxWindow *self);
GtkWidget              *jx_window_get_trace_row           (JxWindow *self,
                                                           guint     position);
JxMasterTimeline       *jx_window_get_master_timeline     (JxWindow *self);
JxNavToolbar           *jx_window_get_nav_toolbar         (JxWindow *self);
JxFunctionSummaryChart *jx_window_get_function_summary    (JxWindow *self);
JxComparisonPane       *jx_window_get_comparison_pane     (JxWindow *self);
JxDetailsPanel         *jx_window_get_details_panel       (JxWindow *self);
guint                   jx_window_get_n_failures_reported (JxWindow *self);
const char             *jx_window_get_failure_toast_title (JxWindow *self);
/* The report of the last alignment (the popover's content), the marker
 * view, and whether an alignment is running. */
JxAlignReportView      *jx_window_get_align_report        (JxWindow *self);
JxMarkerView           *jx_window_get_marker_view         (JxWindow *self);
gboolean                jx_window_is_aligning             (JxWindow *self);
/* The saved comparison shown (NULL when none), and how many of its traces
 * still wait for "Locate…". */
const char             *jx_window_get_comparison_file     (JxWindow *self);
guint                   jx_window_get_n_missing           (JxWindow *self);

G_END_DECLS
