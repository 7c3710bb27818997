/* jx-session.h — the one object that owns what every view of a comparison shows.
 *
 * Comparison time is a common clock in nanoseconds for all traces:
 *   comparison_ns = (trace_ticks - trace_start_ticks) converted to ns + offset_ns
 * Views read the session and change only the session; they redraw on its signals.
 */
#pragma once

#include <gtk/gtk.h>

#include "jx-trace.h"

G_BEGIN_DECLS

#define JX_TYPE_SESSION (jx_session_get_type ())
G_DECLARE_FINAL_TYPE (JxSession, jx_session, JX, SESSION, GObject)

typedef enum
{
  JX_SESSION_TRACE_LOADING,
  JX_SESSION_TRACE_LOADED,
  JX_SESSION_TRACE_FAILED,
} JxSessionTraceState;

JxSession        *jx_session_new                  (void);

/* Traces, in display order. Entries exist from the moment loading starts. */
guint             jx_session_get_n_traces         (JxSession   *self);
guint             jx_session_add_path             (JxSession   *self,
                                                   const char  *path);      /* starts loading, returns index */
guint             jx_session_add_trace            (JxSession   *self,
                                                   JxTrace     *trace);     /* already loaded */
void              jx_session_remove_trace         (JxSession   *self,
                                                   guint        index);     /* cancels a running load */
void              jx_session_cancel_load          (JxSession   *self,
                                                   guint        index);
JxSessionTraceState jx_session_get_trace_state    (JxSession   *self, guint index);
JxTrace          *jx_session_get_trace            (JxSession   *self, guint index); /* NULL unless loaded */
const char       *jx_session_get_trace_path       (JxSession   *self, guint index);
const char       *jx_session_get_trace_name       (JxSession   *self, guint index);
double            jx_session_get_load_fraction    (JxSession   *self, guint index);
const GError     *jx_session_get_load_error       (JxSession   *self, guint index);
void              jx_session_get_trace_color      (JxSession   *self, guint index, GdkRGBA *color);
/* The picked colour becomes the accent (opaque); get_trace_color then gives a
 * tint derived from it like the palette's (light or dark), for lane backgrounds. */
void              jx_session_set_trace_color      (JxSession   *self, guint index, const GdkRGBA *color);
guint             jx_session_get_reference        (JxSession   *self);
void              jx_session_set_reference        (JxSession   *self, guint index);

/* Offsets (ns). set_offset is one undoable step; during a drag call
 * begin_offset_drag once, set_offset many times, end_offset_drag once: one step. */
gint64            jx_session_get_offset           (JxSession   *self, guint index);
void              jx_session_set_offset           (JxSession   *self, guint index, gint64 offset_ns);
void              jx_session_begin_offset_drag    (JxSession   *self, guint index);
void              jx_session_end_offset_drag      (JxSession   *self, guint index);
gboolean          jx_session_can_undo             (JxSession   *self);
gboolean          jx_session_can_redo             (JxSession   *self);
void              jx_session_undo                 (JxSession   *self);
void              jx_session_redo                 (JxSession   *self);

/* Time conversion for trace `index` (must be loaded). */
gint64            jx_session_trace_to_comparison  (JxSession   *self, guint index, guint64 ticks);
guint64           jx_session_comparison_to_trace  (JxSession   *self, guint index, gint64 comparison_ns);
/* Union of all loaded traces' extents at their offsets, ns. FALSE when none loaded. */
gboolean          jx_session_get_extent           (JxSession   *self, gint64 *start_ns, gint64 *end_ns);

/* Visible window, comparison ns. Clamped to a minimum width of 1 µs... */
gint64            jx_session_get_view_start       (JxSession   *self);
gint64            jx_session_get_view_end         (JxSession   *self);
void              jx_session_set_view             (JxSession   *self, gint64 start_ns, gint64 end_ns);
void              jx_session_zoom_all             (JxSession   *self);
void              jx_session_zoom                 (JxSession   *self, double factor, gint64 around_ns); /* factor > 1 zooms in */
void              jx_session_pan                  (JxSession   *self, gint64 delta_ns);

/* Selection: a time range (comparison ns; start == end == 0 means none) and one
 * invocation (trace, stream, invocation index; trace == G_MAXUINT means none). */
void              jx_session_get_selection_range  (JxSession   *self, gint64 *start_ns, gint64 *end_ns);
void              jx_session_set_selection_range  (JxSession   *self, gint64 start_ns, gint64 end_ns);
gboolean          jx_session_get_selected_invocation (JxSession *self, guint *trace, guint32 *stream, guint32 *invocation);
void              jx_session_select_invocation    (JxSession   *self, guint trace, guint32 stream, guint32 invocation);
void              jx_session_clear_selection      (JxSession   *self);

/* Function search highlight (region name substring, case-insensitive; NULL = none). */
const char       *jx_session_get_search           (JxSession   *self);
void              jx_session_set_search           (JxSession   *self, const char *text);

/* Signals:
 *   "trace-added"    (guint index)
 *   "trace-removed"  (guint index)
 *   "trace-changed"  (guint index)   state, progress, colour or reference changed
 *   "offset-changed" (guint index)
 *   "view-changed"   ()
 *   "selection-changed" ()
 *   "search-changed" ()
 * Properties: "n-traces", "view-start", "view-end", "can-undo", "can-redo", "search",
 * "reference", "n-loading", "shift-mode", "show-messages", "dark". */

/* Number of traces still loading ("n-loading" property). */
guint             jx_session_get_n_loading        (JxSession   *self);
/* Length of a loaded trace in ns (0 unless loaded). */
gint64            jx_session_get_trace_duration   (JxSession   *self, guint index);
/* Paths of all traces in display order (for recent comparisons). */
char            **jx_session_dup_paths            (JxSession   *self);
/* Index of the trace opened from `path`, G_MAXUINT if none. */
guint             jx_session_find_path            (JxSession   *self, const char *path);
/* Removes every trace (cancelling loads), the selection and the search. */
void              jx_session_clear                (JxSession   *self);

/* Toolbar modes the views follow ("shift-mode", "show-messages" properties):
 * in shift mode a drag inside a timeline shifts its trace instead of selecting. */
gboolean          jx_session_get_shift_mode       (JxSession   *self);
void              jx_session_set_shift_mode       (JxSession   *self, gboolean shift_mode);
gboolean          jx_session_get_show_messages    (JxSession   *self);
void              jx_session_set_show_messages    (JxSession   *self, gboolean show_messages);

/* Dark style ("dark" property, set by the window from AdwStyleManager): trace
 * colours from the palette switch to their dark variant (trace-changed each). */
gboolean          jx_session_get_dark             (JxSession   *self);
void              jx_session_set_dark             (JxSession   *self, gboolean dark);
/* Strong colour of the same hue as the trace's tint (name, outline, marks). */
void              jx_session_get_trace_accent     (JxSession   *self, guint index, GdkRGBA *color);
/* Palette slot of the trace's colour (for jx_palette_trace_accent). */
guint             jx_session_get_trace_color_slot (JxSession   *self, guint index);

G_END_DECLS
