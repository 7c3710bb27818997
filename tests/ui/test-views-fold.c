/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-views-fold.c — folding and SOS time in the timeline widgets under a
 * display: device groups fold and unfold, the folded rows' pixels and
 * tooltips, default folding of devices, and the SOS overlay with its
 * ranking. Skips without a display (CI runs it under xvfb-run). */
#include "config.h"

#include <adwaita.h>

#include "jx-canvas-fold.h"
#include "jx-imbalance-panel.h"
#include "jx-master-timeline.h"
#include "jx-palette.h"
#include "jx-session.h"
#include "jx-test-gen.h"
#include "jx-test-session.h"
#include "jx-test-util.h"
#include "jx-test-views.h"
#include "jx-test-widget.h"
#include "jx-timeline-renderer-private.h"
#include "jx-trace-timeline-private.h"

static gboolean have_display;

#define SKIP_WITHOUT_DISPLAY() G_STMT_START { \
  if (!have_display) { g_test_skip ("no display"); return; } \
} G_STMT_END

typedef struct
{
  JxSessionTrace *item;
  const char     *what;
} ItemWait;

static gboolean
item_has (gpointer data)
{
  ItemWait *w = data;

  if (g_str_equal (w->what, "fold"))
    return jx_session_trace_get_fold (w->item) != NULL;
  if (g_str_equal (w->what, "imbalance"))
    return jx_session_trace_get_imbalance (w->item) != NULL;
  return jx_session_trace_get_summary (w->item) != NULL;
}

static void
wait_item (JxSessionTrace *item,
           const char     *what)
{
  ItemWait w = { item, what };

  g_assert_true (jx_test_wait_until (item_has, &w, 60));
  jx_test_spin (50);
}

/* The first row of `kind` for `group` (JX_NONE: any group), -1 for none. */
static int
find_row (JxTraceTimeline   *tl,
          JxTimelineRowKind  kind,
          guint32            group)
{
  guint n;
  const JxTimelineRow *rows = jx_timeline_canvas_get_rows (JX_TIMELINE_CANVAS (jx_trace_timeline_get_canvas (tl)), &n);

  for (guint r = 0; r < n; r++)
    if (rows[r].kind == kind && (group == JX_NONE || rows[r].group == group))
      return (int) r;
  return -1;
}

static const JxTimelineRow *
row_of (JxTraceTimeline *tl,
        int              index)
{
  guint n;

  return &jx_timeline_canvas_get_rows (JX_TIMELINE_CANVAS (jx_trace_timeline_get_canvas (tl)), &n)[index];
}

static int
row_y (JxTraceTimeline *tl,
       int              index)
{
  GtkAdjustment *adj = jx_timeline_canvas_get_vadjustment (JX_TIMELINE_CANVAS (jx_trace_timeline_get_canvas (tl)));

  return row_of (tl, index)->y - (int) gtk_adjustment_get_value (adj) + row_of (tl, index)->height / 2;
}

static guint32
region_pixel (JxTrace    *trace,
              const char *name)
{
  JxRgba rgba;

  jx_palette_region_color (jx_trace_get_region (trace, jx_trace_find_region (trace, name)), FALSE, &rgba);
  return jx_palette_rgba_to_pixel (&rgba);
}

/* A generated trace in a master timeline (beside an SOS panel with
 * `with_panel`), zoomed out, once the item has `what`. */
typedef struct
{
  char            *dir;
  JxTrace         *trace;
  JxSession       *session;
  GtkWidget       *window, *canvas, *panel;
  JxTraceTimeline *tl;
  JxSessionTrace  *item;
} Opened;

static void
opened_init (Opened                   *o,
             const JxGeneratorOptions *options,
             gboolean                  with_panel,
             const char               *what)
{
  GtkWidget *view, *top;

  o->trace = jx_test_generate_load (options, NULL, &o->dir);
  o->session = jx_session_new ();
  top = view = jx_master_timeline_new (o->session);
  o->panel = NULL;
  if (with_panel)
    {
      top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      gtk_widget_set_hexpand (view, TRUE);
      o->panel = g_object_new (JX_TYPE_IMBALANCE_PANEL, NULL);
      jx_imbalance_panel_set_session (JX_IMBALANCE_PANEL (o->panel), o->session);
      gtk_box_append (GTK_BOX (top), view);
      gtk_box_append (GTK_BOX (top), o->panel);
    }
  o->window = jx_test_present (top, with_panel ? 1300 : 1000, 700);
  o->item = jx_session_add_trace (o->session, o->trace);
  jx_session_zoom_all (o->session);
  o->tl = jx_master_timeline_get_trace_timeline (JX_MASTER_TIMELINE (view), o->item);
  o->canvas = jx_trace_timeline_get_canvas (o->tl);
  jx_test_wait_allocated (o->canvas);
  wait_item (o->item, what);
}

static void
opened_clear (Opened *o)
{
  gtk_window_destroy (GTK_WINDOW (o->window));
  jx_test_remove_tree (o->dir);
  g_clear_pointer (&o->dir, g_free);
  g_clear_object (&o->session);
  g_clear_object (&o->trace);
}

/* A device group folds and unfolds from its header (the expander) and from
 * the session's fold-all request; its folded row shows what its streams run,
 * and the operation decides where: idle folding shows the device busy where
 * one of its three streams runs, max only where most do. */
typedef struct
{
  JxTraceTimeline *tl;
  double           x, y;
} TipProbe;

/* The folded row's tooltip shows the selected range's mix (a share). */
static gboolean
tip_has_mix (gpointer data)
{
  TipProbe *probe = data;
  g_autofree char *tip = jx_trace_timeline_dup_tooltip_markup (probe->tl, probe->x, probe->y);

  const char *range = tip != NULL ? g_strstr_len (tip, -1, "Selected range:") : NULL;

  return range != NULL && g_strstr_len (range, -1, "computing") == NULL && g_strstr_len (range, -1, " %") != NULL;
}

static void
test_fold_views (void)
{
  JxGeneratorOptions options;
  Opened o;
  JxTrace *trace;
  JxSession *session;
  GtkWidget *canvas;
  JxTraceTimeline *tl;
  JxSessionTrace *item;
  guint32 device;
  int header, y;
  guint folded_rows, unfolded_rows;
  g_autofree char *tip = NULL;
  guint32 kernel;
  const JxStream *gpu;
  guint busy[2];

  SKIP_WITHOUT_DISPLAY ();
  jx_generator_options_init (&options);
  options.n_ranks = 2;
  options.n_gpu_streams = 3;
  options.n_iterations = 6;
  opened_init (&o, &options, FALSE, "fold");
  trace = o.trace;
  session = o.session;
  item = o.item;
  tl = o.tl;
  canvas = o.canvas;

  device = jx_stream_groups_find (jx_session_trace_get_groups (item), "device:MPI Rank 0:CUDA 0");
  g_assert_cmpuint (device, !=, JX_NONE);
  header = find_row (tl, JX_TIMELINE_ROW_GROUP, device);
  g_assert_cmpint (header, >=, 0);
  g_assert_false (row_of (tl, header)->collapsed);
  jx_timeline_canvas_get_rows (JX_TIMELINE_CANVAS (canvas), &unfolded_rows);

  /* Its expander folds it: one row for the three streams. */
  jx_trace_timeline_click (tl, _jx_timeline_expander_x (row_of (tl, header)) + 5, row_y (tl, header));
  g_assert_true (jx_timeline_canvas_get_group_folded (JX_TIMELINE_CANVAS (canvas), device));
  jx_timeline_canvas_get_rows (JX_TIMELINE_CANVAS (canvas), &folded_rows);
  g_assert_cmpuint (folded_rows, ==, unfolded_rows - 3);
  header = find_row (tl, JX_TIMELINE_ROW_GROUP, device);
  g_assert_true (row_of (tl, header)->collapsed);
  tip = jx_trace_timeline_dup_tooltip_markup (tl, 400, row_y (tl, header));
  g_assert_nonnull (g_strstr_len (tip, -1, "3 streams folded"));

  /* With a range selected the tooltip adds the group's function mix there,
   * computed in a worker: "computing…" until it is known, never a stall. */
  {
    JxTimeSpan span = *jx_session_get_visible_time (session);
    TipProbe probe = { tl, 400, row_y (tl, header) };

    jx_session_select_time (session, &span);
    g_clear_pointer (&tip, g_free);
    tip = jx_trace_timeline_dup_tooltip_markup (tl, probe.x, probe.y);
    g_assert_nonnull (g_strstr_len (tip, -1, "Selected range:"));
    g_assert_true (jx_test_wait_until (tip_has_mix, &probe, 20));
    jx_session_select_time (session, NULL);
  }

  /* One offload, zoomed in: the kernels start one after the other on the
   * three streams, so at the start only one stream runs. */
  gpu = jx_trace_get_stream (trace, jx_stream_groups_get_group (jx_session_trace_get_groups (item), device)->members[0]);
  kernel = region_pixel (trace, jx_trace_get_region (trace, gpu->region[gpu->n_invocations / 2])->name);
  {
    gint64 t0 = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), gpu->start[gpu->n_invocations / 2]);

    jx_session_set_visible_time (session, &(JxTimeSpan) { t0 - 20000, t0 + 200000 });
  }
  for (JxFoldOp op = JX_FOLD_MAX; op <= JX_FOLD_IDLE; op += JX_FOLD_IDLE - JX_FOLD_MAX)
    {
      g_autoptr(JxTestImage) img = NULL;
      guint n = 0;

      jx_session_set_fold_operation (session, op);
      wait_item (item, "fold");
      img = jx_test_render_widget (canvas);
      y = row_y (tl, find_row (tl, JX_TIMELINE_ROW_GROUP, device));
      for (int x = jx_trace_timeline_get_label_width (tl); x < img->width; x++)
        n += jx_test_pixel_near (img->pixels[(gsize) y * img->width + x], kernel);
      busy[op == JX_FOLD_IDLE] = n;
    }
  g_test_message ("kernel pixels of the folded device row: max %u, idle %u", busy[0], busy[1]);
  g_assert_cmpuint (busy[1], >, 0);
  g_assert_cmpuint (busy[1], >, busy[0]);

  /* The session's request unfolds every device group. */
  jx_session_fold_all (session, 1u << JX_STREAM_GROUP_DEVICE, FALSE);
  g_assert_false (jx_timeline_canvas_get_group_folded (JX_TIMELINE_CANVAS (canvas), device));
  jx_timeline_canvas_get_rows (JX_TIMELINE_CANVAS (canvas), &folded_rows);
  g_assert_cmpuint (folded_rows, ==, unfolded_rows);

  /* A process folds from its header too; its device group stays below it. */
  jx_session_fold_all (session, 1u << JX_STREAM_GROUP_PROCESS, TRUE);
  g_assert_true (jx_timeline_canvas_get_process_collapsed (JX_TIMELINE_CANVAS (canvas), 0));
  g_assert_cmpint (find_row (tl, JX_TIMELINE_ROW_GROUP, device), >=, 0);

  opened_clear (&o);
}

/* A trace with more accelerator streams than a screenful (48 on 12 ranks)
 * opens with every device folded; one with few keeps them unfolded (see
 * test_fold_views). */
static void
test_fold_default_devices (void)
{
  JxGeneratorOptions options;
  Opened o;
  JxStreamGroups *groups;
  guint n_devices = 0;

  SKIP_WITHOUT_DISPLAY ();
  jx_generator_options_init (&options);
  options.n_ranks = 12;
  options.n_gpu_streams = 4;
  options.n_iterations = 2;
  g_assert_cmpuint (options.n_ranks * options.n_gpu_streams, >, JX_CANVAS_FOLD_SCREENFUL);
  opened_init (&o, &options, FALSE, "fold");

  groups = jx_session_trace_get_groups (o.item);
  for (guint32 g = 0; g < jx_stream_groups_get_n_groups (groups); g++)
    if (jx_stream_groups_get_group (groups, g)->kind == JX_STREAM_GROUP_DEVICE)
      {
        n_devices++;
        g_assert_true (jx_timeline_canvas_get_group_folded (JX_TIMELINE_CANVAS (o.canvas), g));
      }
  g_assert_cmpuint (n_devices, ==, 12);
  opened_clear (&o);
}

/* The overlay toggle colours the slowed rank's iterations warm and the
 * others cold, the tooltip gives a segment's SOS time, and the ranking
 * names the slowed rank first and zooms there. */
static void
test_sos_views (void)
{
  JxGeneratorOptions options;
  Opened o;
  JxTrace *trace;
  JxSession *session;
  GtkWidget *canvas, *panel;
  JxTraceTimeline *tl;
  JxSessionTrace *item;
  int slow_y, fast_y, x;
  g_autofree char *tip = NULL;
  const JxTimeSpan *visible;

  SKIP_WITHOUT_DISPLAY ();
  jx_generator_options_init (&options);
  options.n_ranks = 4;
  options.n_iterations = 12;
  options.imbalanced_ranks = 1u << 2;
  options.imbalance = 0.6;
  opened_init (&o, &options, TRUE, "imbalance");
  trace = o.trace;
  session = o.session;
  item = o.item;
  tl = o.tl;
  canvas = o.canvas;
  panel = o.panel;

  slow_y = jx_test_views_row_center (tl, 2);
  fast_y = jx_test_views_row_center (tl, 0);
  x = jx_trace_timeline_get_label_width (tl) + (gtk_widget_get_width (canvas) - jx_trace_timeline_get_label_width (tl)) / 2;
  {
    g_autoptr(JxTestImage) off = jx_test_render_widget (canvas);
    g_autoptr(JxTestImage) on = NULL;
    guint32 slow, fast;

    jx_session_set_show_sos (session, TRUE);
    on = jx_test_render_widget (canvas);
    slow = on->pixels[(gsize) slow_y * on->width + x];
    fast = on->pixels[(gsize) fast_y * on->width + x];
    g_test_message ("overlay: slow rank %08x, fast rank %08x", slow, fast);
    g_assert_false (jx_test_pixel_near (slow, off->pixels[(gsize) slow_y * off->width + x]));
    g_assert_cmpuint ((slow >> 16) & 0xff, >, slow & 0xff);
    g_assert_cmpuint (fast & 0xff, >, (fast >> 16) & 0xff);
  }
  tip = jx_trace_timeline_dup_tooltip_markup (tl, x, slow_y);
  g_assert_nonnull (tip);
  g_assert_nonnull (strstr (tip, "SOS time:"));
  g_assert_nonnull (strstr (tip, "above the median"));

  /* The ranking: the trace, then the slowed rank. */
  g_assert_cmpuint (jx_imbalance_panel_get_n_rows (JX_IMBALANCE_PANEL (panel)), >, 2);
  g_assert_true (g_str_has_prefix (jx_imbalance_panel_get_row_text (JX_IMBALANCE_PANEL (panel), 1), "MPI Rank 2"));
  jx_imbalance_panel_activate_row (JX_IMBALANCE_PANEL (panel), 1);
  visible = jx_session_get_visible_time (session);
  {
    JxImbalance *imbalance = jx_session_trace_get_imbalance (item);
    const JxSegment *worst = jx_imbalance_get_segment (imbalance, jx_imbalance_get_process (imbalance, 0)->worst_segment);

    g_assert_cmpint (visible->begin_ns, <=, jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), worst->start));
    g_assert_cmpint (visible->end_ns, >=, jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), worst->end));
    g_assert_cmpint (jx_time_span_get_duration (visible), <, 3 * jx_trace_ticks_to_ns (trace, (gint64) (worst->end - worst->start)));
  }

  jx_session_set_show_sos (session, FALSE);
  opened_clear (&o);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = jx_test_isolate_home ();
  int ret;

  have_display = jx_test_widget_init (&argc, &argv);

  g_test_add_func ("/views/fold/fold-unfold-operation", test_fold_views);
  g_test_add_func ("/views/fold/default-devices", test_fold_default_devices);
  g_test_add_func ("/views/sos/overlay-ranking", test_sos_views);

  ret = g_test_run ();
  jx_test_remove_tree (home);
  return ret;
}
