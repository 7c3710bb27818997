/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-layout.c — the window's layout and keys (part of test-window):
 * the stacked layout gives every lane a readable height and follows window
 * resizes, the keyboard shifts a trace, every accelerator is listed in the
 * shortcuts window, Help opens the guide from the menu and F1, and the
 * Comparison pane's headline is whole at 1024 × 700 and 1280 × 800; at
 * 1280 × 800 the call tree and the flame graph show six rows, and the
 * maximised comparison pane gets taller and gives the split back. */
#include "config.h"

#include <adwaita.h>

#include "jx-application.h"
#include "jx-comparison-pane.h"
#include "jx-diff-tree-view.h"
#include "jx-flame-view.h"
#include "jx-headline-rows.h"
#include "jx-master-timeline.h"
#include "jx-processes-panel.h"
#include "jx-test-app.h"
#include "jx-test-session.h"
#include "jx-test-util.h"
#include "jx-trace-timeline-private.h"
#include "jx-window-private.h"

void test_window_layout_register (JxApplication *application);

static JxApplication *app;

/* Runs the main loop until every trace's canvas is at least min_height
 * high, for at most 10 s: a fixed wait is too short for a layout on a loaded
 * machine under AddressSanitizer. */
static void
wait_for_canvases (JxMasterTimeline *master,
                   JxSession        *session,
                   int               min_height)
{
  for (guint waited = 0; waited < 10000; waited += 50)
    {
      gboolean laid_out = TRUE;

      for (guint t = 0; t < g_list_model_get_n_items (G_LIST_MODEL (session)) && laid_out; t++)
        {
          JxTraceTimeline *timeline = jx_master_timeline_get_trace_timeline (master, jx_test_item_at (session, t));

          laid_out = gtk_widget_get_height (jx_trace_timeline_get_canvas (timeline)) >= min_height;
        }
      if (laid_out)
        return;
      jx_test_spin (50);
    }
}

/* Runs the main loop until every lane's canvas begins inside the scroller
 * (the split between timelines and panes follows the lanes a few frames
 * after they load, later under the sanitizers), for at most 10 s. */
static void
wait_for_lanes_on_screen (JxMasterTimeline  *master,
                          JxSession         *session,
                          GtkScrolledWindow *scroller)
{
  for (guint waited = 0; waited < 10000; waited += 50)
    {
      gboolean visible = TRUE;

      for (guint t = 0; t < g_list_model_get_n_items (G_LIST_MODEL (session)) && visible; t++)
        {
          JxTraceTimeline *timeline = jx_master_timeline_get_trace_timeline (master, jx_test_item_at (session, t));
          graphene_point_t top;

          visible = gtk_widget_compute_point (jx_trace_timeline_get_canvas (timeline), GTK_WIDGET (scroller),
                                              &GRAPHENE_POINT_INIT (0, 0), &top) &&
                    top.y + 18 <= gtk_widget_get_height (GTK_WIDGET (scroller));
        }
      if (visible)
        return;
      jx_test_spin (50);
    }
}

/* Two small traces fit the comparison area with every row on screen; many
 * big ones share the height, each visible, their rows compressed. */
static void
test_stacked_layout (void)
{
  g_autofree char *jacobi1 = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *jacobi9 = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  g_autofree char *stencil32 = jx_test_get_shared_trace ("TraceR__stencil4d-32");
  g_autofree char *stencil64 = jx_test_get_shared_trace ("TraceR__stencil4d-64");
  const char *pair[] = { jacobi1, jacobi9, NULL };
  const char *more[] = { stencil32, stencil64, NULL };
  JxWindow *window;
  JxSession *session;
  JxMasterTimeline *master;
  GtkScrolledWindow *scroller;
  GtkAdjustment *adjustment;

  g_application_activate (G_APPLICATION (app));
  window = jx_test_app_active_window (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1600, 1000);
  jx_window_open_paths (window, pair, FALSE);
  session = jx_window_get_session (window);
  jx_test_wait_for_loads (session);
  jx_test_wait_mapped (GTK_WIDGET (window));

  master = jx_window_get_master_timeline (window);
  wait_for_canvases (master, session, 1);
  for (guint t = 0; t < 2; t++)
    {
      JxTraceTimeline *timeline = jx_master_timeline_get_trace_timeline (master, jx_test_item_at (session, t));
      JxTrace *trace = jx_session_trace_get_trace (jx_test_item_at (session, t));
      GtkWidget *canvas = jx_trace_timeline_get_canvas (timeline);
      GtkWidget *button = jx_test_find_descendant (GTK_WIDGET (timeline), GTK_TYPE_MENU_BUTTON);

      /* Every row of both traces is on screen, none scrolled away. */
      for (guint32 s = 0; s < jx_trace_get_n_streams (trace); s++)
        {
          int y, h;

          g_assert_true (jx_trace_timeline_get_stream_span (timeline, s, &y, &h));
          g_assert_cmpint (y, >=, 0);
          g_assert_cmpint (y + h, <=, gtk_widget_get_height (canvas));
        }

      /* The trace menu leads to the trace's details and load report. */
      g_assert_nonnull (button);
      g_assert_true (jx_test_menu_has_item (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)),
                                    "trace.show-info"));
    }

  /* Short traces leave no band of empty tint under their rows: the second
   * trace starts right where the first one's rows end. */
  {
    GtkWidget *first = GTK_WIDGET (jx_master_timeline_get_trace_timeline (master, jx_test_item_at (session, 0)));
    GtkWidget *second = GTK_WIDGET (jx_master_timeline_get_trace_timeline (master, jx_test_item_at (session, 1)));
    graphene_point_t p0, p1;
    int nat;

    gtk_widget_measure (first, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (first), NULL, &nat, NULL, NULL);
    g_assert_cmpint (gtk_widget_get_height (first), ==, nat);
    g_assert_true (gtk_widget_compute_point (first, GTK_WIDGET (master), &GRAPHENE_POINT_INIT (0, 0), &p0));
    g_assert_true (gtk_widget_compute_point (second, GTK_WIDGET (master), &GRAPHENE_POINT_INIT (0, 0), &p1));
    g_assert_cmpfloat (p1.y - p0.y, ==, (float) nat);
  }

  scroller = GTK_SCROLLED_WINDOW (jx_test_find_descendant (GTK_WIDGET (master), GTK_TYPE_SCROLLED_WINDOW));
  g_assert_nonnull (scroller);
  adjustment = gtk_scrolled_window_get_vadjustment (scroller);
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), <=, gtk_adjustment_get_page_size (adjustment) + 0.5);

  /* Four traces, two of them with dozens of ranks, at the default size: the
   * lanes share the height, every one is on screen without scrolling, and
   * the rows of the many-rank traces compress (every stream still has a
   * row inside its canvas). */
  jx_window_open_paths (window, more, TRUE);
  jx_test_wait_for_loads (session);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 4);
  jx_test_spin (500);
  wait_for_canvases (master, session, 18);
  wait_for_lanes_on_screen (master, session, scroller);
  {
    gboolean compressed = FALSE;

    for (guint t = 0; t < 4; t++)
      {
        JxTraceTimeline *timeline = jx_master_timeline_get_trace_timeline (master, jx_test_item_at (session, t));
        JxTrace *trace = jx_session_trace_get_trace (jx_test_item_at (session, t));
        GtkWidget *canvas = jx_trace_timeline_get_canvas (timeline);
        graphene_point_t top;

        g_assert_cmpint (gtk_widget_get_height (canvas), >=, 18);
        g_assert_true (gtk_widget_compute_point (canvas, GTK_WIDGET (scroller), &GRAPHENE_POINT_INIT (0, 0), &top));
        g_assert_cmpfloat (top.y + 18, <=, gtk_widget_get_height (GTK_WIDGET (scroller)));
        for (guint32 s = 0; s < jx_trace_get_n_streams (trace); s++)
          {
            int y, h;

            g_assert_true (jx_trace_timeline_get_stream_span (timeline, s, &y, &h));
            g_assert_cmpint (h, >=, 1);
            compressed |= h < 18;
          }
      }
    g_assert_true (compressed);
  }
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), <=, gtk_adjustment_get_page_size (adjustment) + 0.5);

  jx_test_app_close_windows (app);
}

/* Keyboard fine alignment of the current trace from anywhere in the window. */
static void
test_keyboard_shift (void)
{
  g_autofree char *pingpong = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  g_autofree char *cuda = jx_test_get_shared_trace ("casita__2_cuda_simple");
  const char *paths[] = { pingpong, cuda, NULL };
  JxWindow *window;
  JxSession *session;
  gint64 step;

  g_application_activate (G_APPLICATION (app));
  window = jx_test_app_active_window (app);
  jx_window_open_paths (window, paths, FALSE);
  session = jx_window_get_session (window);
  jx_test_wait_for_loads (session);

  /* The current trace is the reference (no selection): trace 0. */
  step = (jx_test_view_end (session) - jx_test_view_start (session)) / 20;
  g_assert_cmpint (step, >, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.shift-later", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.shift-later", NULL);
  g_assert_cmpint (jx_test_offset_of (session, 0), ==, 2 * step);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.shift-earlier", NULL);
  g_assert_cmpint (jx_test_offset_of (session, 0), ==, step);
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 0);

  /* Each press is one undo step. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpint (jx_test_offset_of (session, 0), ==, 2 * step);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpint (jx_test_offset_of (session, 0), ==, 0);

  /* Alt+Down makes the next trace current; the keys then move that one. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-trace", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.shift-earlier", NULL);
  g_assert_cmpint (jx_test_offset_of (session, 0), ==, 0);
  g_assert_cmpint (jx_test_offset_of (session, 1), <, 0);

  jx_test_app_close_windows (app);
}

/* Accelerators the shortcuts window lists, as (key, modifiers) pairs. */
static GArray *
listed_accelerators (void)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/juxtrace/Juxtrace/gtk/help-overlay.ui");
  g_autoptr(GSList) objects = gtk_builder_get_objects (builder);
  GArray *accels = g_array_new (FALSE, FALSE, sizeof (guint) * 2);

  for (GSList *l = objects; l != NULL; l = l->next)
    {
      g_autofree char *accelerator = NULL;
      g_auto(GStrv) tokens = NULL;

      if (!GTK_IS_SHORTCUTS_SHORTCUT (l->data))
        continue;
      g_object_get (l->data, "accelerator", &accelerator, NULL);
      if (accelerator == NULL)
        continue;
      tokens = g_strsplit (accelerator, " ", -1);
      for (guint i = 0; tokens[i] != NULL; i++)
        {
          guint pair[2];
          GdkModifierType mods;

          if (!gtk_accelerator_parse (tokens[i], &pair[0], &mods))
            continue;
          pair[1] = mods;
          g_array_append_vals (accels, pair, 1);
        }
    }

  /* The window is a toplevel of the builder's; it is not shown. */
  for (GSList *l = objects; l != NULL; l = l->next)
    if (GTK_IS_WINDOW (l->data))
      gtk_window_destroy (l->data);

  return accels;
}

static gboolean
is_listed (GArray     *accels,
           const char *accelerator)
{
  guint key;
  GdkModifierType mods;

  g_assert_true (gtk_accelerator_parse (accelerator, &key, &mods));
  for (guint i = 0; i < accels->len; i++)
    {
      const guint *pair = &g_array_index (accels, guint, 2 * i);

      if (gdk_keyval_to_lower (pair[0]) == gdk_keyval_to_lower (key) && pair[1] == mods)
        return TRUE;
    }

  return FALSE;
}

/* Every window command is an action, and every action has its key in the
 * shortcuts window. */
static void
test_shortcuts_listed (void)
{
  static const struct { const char *action; const char *accelerator; } keys[] = {
    { "win.open", "<Control>o" },
    { "win.open-folder", "<Control><Alt>o" },
    { "win.add-trace", "<Control><Shift>o" },
    { "win.open-examples", "<Control>e" },
    { "win.close-comparison", "<Control>w" },
    { "win.remove-trace", "<Control>Delete" },
    { "win.trace-info", "<Control>i" },
    { "win.set-offset", "<Control>t" },
    { "win.reset-offset", "<Control><Shift>t" },
    { "win.change-color", "<Control><Shift>c" },
    { "win.next-trace", "<Alt>Down" },
    { "win.previous-trace", "<Alt>Up" },
    { "win.undo", "<Control>z" },
    { "win.redo", "<Control><Shift>z" },
    { "win.zoom-in", "plus" },
    { "win.zoom-out", "minus" },
    { "win.zoom-all", "0" },
    { "win.pan-left", "<Control>Left" },
    { "win.pan-right", "<Control>Right" },
    { "win.shift-earlier", "<Alt>Left" },
    { "win.shift-later", "<Alt>Right" },
    { "win.search", "<Control>f" },
    { "win.preferences", "<Control>comma" },
    { "win.find-phase", "<Control><Shift>f" },
    { "win.fullscreen", "F11" },
    { "win.shift-mode", "s" },
    { "win.show-messages", "m" },
    { "win.show-bottom-pane", "F9" },
    { "win.align-here", "a" },
    { "win.align-ends", "<Shift>a" },
    { "win.show-align-report", "<Control><Shift>a" },
    { "win.fold-devices", "<Shift>d" },
    { "win.fold-threads", "<Shift>t" },
    { "win.fold-nodes", "<Shift>n" },
    { "win.fold-processes", "<Shift>p" },
    { "win.fold-clusters", "<Shift>l" },
    { "win.unfold-all", "<Shift>u" },
    { "win.choose-custom-set", "<Shift>c" },
    { "win.show-sos", "i" },
    { "win.fold-operation", "<Control>1" },
    { "win.fold-operation", "<Control>4" },
    { "win.next-difference", "F7" },
    { "win.previous-difference", "<Shift>F7" },
    { "win.show-structure", "<Control>d" },
    { "win.reveal-selection", "<Control>j" },
    { "win.export-function-table", "<Control><Shift>e" },
    { "win.save-comparison", "<Control>s" },
    { "win.save-comparison-as", "<Control><Shift>s" },
    { "win.export-image", "<Control><Shift>p" },
    { "win.show-trends", "<Control>r" },
    { "win.pair-again", "<Control><Alt>p" },
    /* The Markers page's own key. */
    { "markers.remove", "Delete" },
  };
  g_autoptr(GArray) accels = listed_accelerators ();
  GtkWidgetClass *klass = g_type_class_ref (JX_TYPE_WINDOW);
  const GVariantType *type;
  const char *property;
  const char *name;
  GType owner;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      if (!is_listed (accels, keys[i].accelerator))
        g_error ("%s: %s is not in the shortcuts window", keys[i].action, keys[i].accelerator);
    }

  /* GTK 4.8 fills every out argument, so none may be NULL. */
  for (i = 0; gtk_widget_class_query_action (klass, i, &owner, &name, &type, &property); i++)
    {
      gboolean known;

      /* GtkWindow's own (window.close, …) come with the toolkit. */
      if (!g_str_has_prefix (name, "win."))
        continue;
      /* Commands without a key of their own (cancelling a load, making a
       * trace the reference) are the trace's, in its row and menu. */
      known = FALSE;
      for (guint j = 0; !known && j < G_N_ELEMENTS (keys); j++)
        known = g_str_equal (keys[j].action, name);
      if (!known)
        g_error ("window action %s has no listed shortcut", name);
    }

  g_type_class_unref (klass);
}

/* A trace removed from the window is freed once the views caught up (with
 * its timeline summary and statistics), and closing the window frees the
 * session and the remaining traces: nothing keeps a removed trace's memory. */
/* The menu button of the header bar whose menu has `action`, if any. */
static GtkMenuButton *
find_menu_button_with (GtkWidget  *widget,
                       const char *action)
{
  GMenuModel *model;

  if (GTK_IS_MENU_BUTTON (widget) &&
      (model = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget))) != NULL &&
      jx_test_menu_has_item (model, action))
    return GTK_MENU_BUTTON (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkMenuButton *found = find_menu_button_with (child, action);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* F1 and the primary menu's Help item open the user guide: the action
 * exists, is bound to F1, is listed in the shortcuts window, is in the
 * primary menu, and points at the guide's pages (from the build tree: the
 * source tree's help/C, which holds index.page). */
static void
test_help_action (void)
{
  g_auto(GStrv) bound = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.help");
  g_autoptr(GArray) listed = listed_accelerators ();
  g_autofree char *uri = jx_application_dup_help_uri ();
  g_autofree char *index = NULL;
  GtkMenuButton *button;
  JxWindow *window;

  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "help"));
  g_assert_nonnull (bound);
  g_assert_true (g_strv_contains ((const char * const *) bound, "F1"));
  g_assert_true (is_listed (listed, "F1"));

  g_application_activate (G_APPLICATION (app));
  window = jx_test_app_active_window (app);
  button = find_menu_button_with (GTK_WIDGET (window), "app.help");
  g_assert_nonnull (button);
  g_assert_cmpstr (gtk_menu_button_get_icon_name (button), ==, "open-menu-symbolic");

  g_assert_true (g_str_has_prefix (uri, "ghelp:/"));
  index = g_build_filename (uri + strlen ("ghelp:"), "index.page", NULL);
  g_assert_true (g_file_test (index, G_FILE_TEST_IS_REGULAR));

  jx_test_app_close_windows (app);
}

static gboolean
has_rows (gpointer panel)
{
  return jx_processes_panel_get_n_rows (panel) > 0;
}

static gboolean
has_tree (gpointer clusters)
{
  return jx_session_clusters_get_tree (clusters, NULL) != NULL;
}

/* Minimum timeline height the side pane must leave (two lanes' rows). */
#define TIMELINE_MIN 200

typedef struct
{
  JxWindow *window;
  int       height;
} LaidOut;

/* The window is as high as asked and the panes below have had their split. */
static gboolean
window_laid_out (gpointer user_data)
{
  LaidOut *l = user_data;
  GtkWidget *side = gtk_widget_get_parent (GTK_WIDGET (l->window->side_stack));

  /* The window widget is 10 px under its default size (the CSD margins). */
  return ABS (gtk_widget_get_height (GTK_WIDGET (l->window)) - l->height) <= 10 &&
         gtk_widget_get_mapped (side) && gtk_widget_get_height (side) > 0;
}

/* Every page of the side pane, the Processes page with a cluster's merged
 * tree among them, fits the window at 1280×800 and 1280×1000 beside a
 * trace of 64 ranks whose rows want all the height: the panes below are
 * not given less than their content's minimum (which drew it past the
 * window's bottom edge), and the timelines keep a usable height. */
static void
test_side_pane_fits (void)
{
  g_autofree char *anchor = jx_test_get_shared_trace ("TraceR__stencil4d-32");
  const char *paths[3] = { NULL, NULL, NULL };
  const int heights[] = { 800, 1000 };
  JxWindow *window = jx_window_new (app);
  JxSession *session = jx_window_get_session (window);
  JxSessionClusters *clusters = jx_session_get_clusters (session);
  JxProcessesPanel *panel;
  GtkWidget *side = gtk_widget_get_parent (GTK_WIDGET (window->side_stack));
  GtkWidget *timelines = gtk_paned_get_start_child (window->main_paned);
  GtkWidget *bottom = GTK_WIDGET (window->bottom_paned);
  g_autofree char *stencil = jx_test_get_shared_trace ("TraceR__stencil4d-64");

  paths[0] = anchor;
  paths[1] = stencil;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, heights[0]);
  gtk_window_present (GTK_WINDOW (window));
  jx_window_open_paths (window, paths, FALSE);
  jx_test_wait_for_loads (session);
  jx_test_wait_mapped (GTK_WIDGET (window));
  gtk_widget_set_visible (GTK_WIDGET (window->bottom_paned), TRUE);
  gtk_stack_set_visible_child_name (window->side_stack, "processes");
  panel = JX_PROCESSES_PANEL (gtk_widget_get_template_child (GTK_WIDGET (window), JX_TYPE_WINDOW, "processes_panel"));
  g_assert_true (jx_test_wait_until (has_rows, panel, 60));
  jx_processes_panel_select_row (panel, 0);
  g_assert_true (jx_test_wait_until (has_tree, clusters, 60));
  g_assert_true (gtk_widget_get_visible (jx_processes_panel_get_tree_view (panel)));

  for (guint i = 0; i < G_N_ELEMENTS (heights); i++)
    {
      LaidOut laid_out = { window, heights[i] };

      gtk_window_set_default_size (GTK_WINDOW (window), 1280, heights[i]);
      if (!jx_test_wait_until (window_laid_out, &laid_out, 60))
        {
          int min = 0;

          gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, 1280, &min, NULL, NULL, NULL);
          g_error ("The window is %d high, not %d (its minimum: %d)",
                   gtk_widget_get_height (GTK_WIDGET (window)), heights[i], min);
        }
      for (GtkWidget *page = gtk_widget_get_first_child (GTK_WIDGET (window->side_stack));
           page != NULL;
           page = gtk_widget_get_next_sibling (page))
        {
          graphene_rect_t bounds;
          int min = 0;

          gtk_stack_set_visible_child (window->side_stack, page);
          /* The split follows the lanes a few frames after a change. */
          jx_test_spin (300);
          gtk_widget_measure (side, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (side), &min, NULL, NULL, NULL);
          g_assert_true (gtk_widget_compute_bounds (side, GTK_WIDGET (window), &bounds));
          g_test_message ("height %d, page %s: side pane at y %.0f, %d high (minimum %d), timelines %d high",
                          heights[i], gtk_stack_get_visible_child_name (window->side_stack),
                          bounds.origin.y, gtk_widget_get_height (side), min, gtk_widget_get_height (timelines));
          g_assert_cmpint (gtk_widget_get_height (side), >=, min);
          /* So is the whole of the panes below (summary, comparison, side). */
          gtk_widget_measure (bottom, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (bottom), &min, NULL, NULL, NULL);
          g_test_message ("panes below: %d high (minimum %d)", gtk_widget_get_height (bottom), min);
          g_assert_cmpint (gtk_widget_get_height (bottom), >=, min);
          g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
          g_assert_cmpint (gtk_widget_get_height (timelines), >=, TIMELINE_MIN);
        }
    }

  gtk_window_destroy (GTK_WINDOW (window));
  jx_test_spin (50);
}

typedef struct
{
  JxWindow *window;
  int       width;
  int       height;
} Sized;

/* The window is as wide and high as asked (the CSD margins aside). */
static gboolean
window_sized (gpointer user_data)
{
  Sized *s = user_data;

  return ABS (gtk_widget_get_width (GTK_WIDGET (s->window)) - s->width) <= 10 &&
         ABS (gtk_widget_get_height (GTK_WIDGET (s->window)) - s->height) <= 10;
}

/* How many rows of the function table lie wholly in its view: labels at
 * distinct heights, less the header's. */
static guint
visible_table_rows (GtkWidget *table)
{
  GtkWidget *view = jx_test_find_descendant (table, GTK_TYPE_COLUMN_VIEW);
  GtkWidget *scroller = gtk_widget_get_parent (view);
  g_autoptr(GHashTable) tops = g_hash_table_new (NULL, NULL);
  GPtrArray *stack = g_ptr_array_new ();

  g_ptr_array_add (stack, view);
  while (stack->len > 0)
    {
      GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);
      graphene_rect_t r;

      for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
        g_ptr_array_add (stack, c);
      if (GTK_IS_LABEL (w) && gtk_widget_get_mapped (w) && *gtk_label_get_text (GTK_LABEL (w)) != '\0' &&
          gtk_widget_compute_bounds (w, scroller, &r) && r.origin.y >= 0 &&
          r.origin.y + r.size.height <= gtk_widget_get_height (scroller))
        g_hash_table_add (tops, GINT_TO_POINTER ((int) r.origin.y + 1));
    }
  g_ptr_array_unref (stack);
  return g_hash_table_size (tops) > 0 ? g_hash_table_size (tops) - 1 : 0;
}

/* The side pane folds and unfolds in an idle after the window's allocation:
 * on a loaded machine that comes late, so tests wait for it. */
static gboolean
side_pane_hidden (gpointer data)
{
  return !gtk_widget_get_visible (((JxWindow *) data)->side_box);
}

static gboolean
side_pane_shown (gpointer data)
{
  return gtk_widget_get_visible (((JxWindow *) data)->side_box);
}

/* The compared trace's comparison is done and the overview's headline
 * shows three contributors. */
static gboolean
headline_ready (gpointer data)
{
  JxWindow *window = data;
  JxSession *session = jx_window_get_session (window);
  JxSessionTrace *b = jx_session_peek_item (session, 1);
  JxHeadlineView *view = jx_comparison_pane_get_headline (jx_window_get_comparison_pane (window));

  return b != NULL && jx_session_trace_get_comparison_state (b) == JX_SESSION_COMPARISON_DONE &&
         jx_headline_view_get_contributor (view, 2) != NULL &&
         gtk_widget_get_mapped (jx_headline_view_get_contributor (view, 2));
}

/* The overview's headline is whole: every contributor's change and share
 * as wide as it wants, not ellipsized, inside the column; a name cut only
 * when it alone is wider than the column; the headline as high as it asks
 * for its width (nothing of it clipped). */
static void
assert_headline_whole (JxWindow   *window,
                       const char *size)
{
  JxHeadlineView *view = jx_comparison_pane_get_headline (jx_window_get_comparison_pane (window));
  GtkWidget *rows = gtk_widget_get_parent (jx_headline_view_get_contributor (view, 0));
  int width = gtk_widget_get_width (rows);
  int min_height = 0;

  g_test_message ("headline at %s: %d px wide, %s", size, width,
                  jx_headline_rows_is_stacked (JX_HEADLINE_ROWS (rows), width) ? "two lines a contributor"
                                                                               : "one line a contributor");
  for (guint i = 0; i < jx_headline_rows_get_n_rows (JX_HEADLINE_ROWS (rows)); i++)
    {
      GtkWidget *button = jx_headline_rows_get_child (JX_HEADLINE_ROWS (rows), i, JX_HEADLINE_ROWS_NAME);
      GtkWidget *labels[] = {
        gtk_button_get_child (GTK_BUTTON (button)),
        jx_headline_rows_get_child (JX_HEADLINE_ROWS (rows), i, JX_HEADLINE_ROWS_CHANGE),
        jx_headline_rows_get_child (JX_HEADLINE_ROWS (rows), i, JX_HEADLINE_ROWS_SHARE),
      };

      for (guint l = 0; l < G_N_ELEMENTS (labels); l++)
        {
          graphene_rect_t bounds;
          int natural;
          gboolean ellipsized = pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (labels[l])));

          gtk_widget_measure (labels[l], GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
          g_assert_true (gtk_widget_compute_bounds (labels[l], rows, &bounds));
          g_test_message ("  \"%s\": x %.0f, %.0f px of %d%s", gtk_label_get_text (GTK_LABEL (labels[l])),
                          bounds.origin.x, bounds.size.width, natural, ellipsized ? ", ellipsized" : "");
          g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, width);
          if (l == 0)
            {
              g_assert_true (!ellipsized || natural > width - bounds.origin.x);
              continue;
            }
          g_assert_false (ellipsized);
          g_assert_cmpfloat (bounds.size.width, >=, natural);
        }
    }
  gtk_widget_measure (GTK_WIDGET (view), GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (GTK_WIDGET (view)),
                      &min_height, NULL, NULL, NULL);
  /* The measure counts the margins, the height does not. */
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (view)), >=,
                   min_height - gtk_widget_get_margin_top (GTK_WIDGET (view)) -
                   gtk_widget_get_margin_bottom (GTK_WIDGET (view)));
}

/* At 1024 × 700 the side pane folds away so that the comparison keeps its
 * width, the window still fits, and win.show-side-pane brings the pane
 * back; at the default 1280 × 800 it is there again and the function
 * table beside the headline shows at least five rows. At both sizes the
 * headline's numbers are whole. */
static void
test_narrow_window (void)
{
  g_autofree char *jacobi1 = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *jacobi9 = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  const char *pair[] = { jacobi1, jacobi9, NULL };
  JxWindow *window = jx_window_new (app);
  JxSession *session = jx_window_get_session (window);
  JxComparisonPane *pane = jx_window_get_comparison_pane (window);
  GtkWidget *table = GTK_WIDGET (jx_comparison_pane_get_function_table (pane));
  Sized narrow = { window, 1024, 700 };
  Sized wide = { window, 1280, 800 };

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  gtk_window_present (GTK_WINDOW (window));
  jx_window_open_paths (window, pair, FALSE);
  jx_test_wait_for_loads (session);
  jx_test_wait_mapped (GTK_WIDGET (window));
  gtk_widget_set_visible (GTK_WIDGET (window->bottom_paned), TRUE);
  g_assert_true (jx_test_wait_until (window_sized, &narrow, 60));
  g_assert_true (jx_test_wait_until (side_pane_hidden, window, 30));
  jx_test_spin (100);
  g_assert_true (jx_window_is_narrow (window));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (pane)), >=, 500);
  g_assert_true (jx_test_wait_until (headline_ready, window, 120));
  jx_test_spin (300);
  assert_headline_whole (window, "1024 x 700");

  /* Asked for, it comes back, and the window still fits 1024 px. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-side-pane", NULL);
  g_assert_true (jx_test_wait_until (side_pane_shown, window, 30));
  jx_test_spin (300);
  g_assert_true (window_sized (&narrow));
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-side-pane", NULL);
  g_assert_true (jx_test_wait_until (side_pane_hidden, window, 30));

  /* A call picked in a timeline unfolds it on its Details page. */
  gtk_stack_set_visible_child_name (window->side_stack, "markers");
  jx_session_select_invocation (session, jx_session_peek_item (session, 1), 0, 0);
  jx_test_spin (300);
  g_assert_true (gtk_widget_get_visible (window->side_box));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->side_stack), ==, "details");
  g_assert_true (window_sized (&narrow));
  jx_session_clear_selection (session);
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-side-pane", NULL);
  jx_test_spin (100);
  g_assert_false (gtk_widget_get_visible (window->side_box));

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  g_assert_true (jx_test_wait_until (window_sized, &wide, 60));
  g_assert_true (jx_test_wait_until (side_pane_shown, window, 30));
  jx_test_spin (500);
  g_assert_false (jx_window_is_narrow (window));
  g_test_message ("function table rows in view at 1280 x 800: %u", visible_table_rows (table));
  g_assert_cmpuint (visible_table_rows (table), >=, 5);
  assert_headline_whole (window, "1280 x 800");

  gtk_window_destroy (GTK_WINDOW (window));
  jx_test_spin (50);
}

static gboolean
tree_shown (gpointer data)
{
  JxDiffTreeView *view = data;

  return jx_diff_tree_view_get_tree (view) != NULL && gtk_widget_get_mapped (GTK_WIDGET (view)) &&
         g_list_model_get_n_items (jx_diff_tree_view_get_rows (view)) >= 8;
}

static gboolean
flame_shown (gpointer data)
{
  JxFlameView *view = data;

  return gtk_widget_get_mapped (GTK_WIDGET (view)) && jx_flame_view_get_graph (view) != NULL &&
         jx_flame_graph_get_n_frames (jx_flame_view_get_graph (view)) > 0;
}

/* Frame rows the flame graph's view shows whole. */
static int
visible_flame_rows (JxFlameView *view)
{
  const JxFlameGraph *graph = jx_flame_view_get_graph (view);
  GtkWidget *scroller = gtk_widget_get_ancestor (jx_flame_view_get_canvas (view), GTK_TYPE_SCROLLED_WINDOW);
  double x, y, w, h;

  jx_flame_graph_get_frame_rect (graph, jx_flame_graph_get_frame (graph, 0), &x, &y, &w, &h);
  return (int) ((gtk_widget_get_height (scroller) - y) / h);
}

/* The page's own header is one line: the headline's first line, the
 * filter or toggles and the pair's popover button side by side. */
static void
assert_one_line_header (GtkBox         *header,
                        JxHeadlineView *headline)
{
  GtkWidget *button = gtk_widget_get_last_child (GTK_WIDGET (header));

  g_assert_true (gtk_widget_get_parent (GTK_WIDGET (headline)) == GTK_WIDGET (header));
  g_assert_true (GTK_IS_MENU_BUTTON (button));
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_true (gtk_widget_get_focusable (button) || gtk_widget_get_focusable (gtk_widget_get_first_child (button)));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (header)), <=, 48);
}

/* At the default 1280 × 800 the Tree page shows at least six rows of the
 * merged call tree and the Flame page six rows of frames, under one line
 * of their own. win.maximize-comparison hides the timelines: the pane gets
 * taller (more rows); toggled back, the split is where it was, to the
 * pixel; hiding the panes below ends it. */
static void
test_comparison_height (void)
{
  g_autofree char *jacobi1 = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *jacobi9 = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  const char *pair[] = { jacobi1, jacobi9, NULL };
  JxWindow *window = jx_window_new (app);
  JxSession *session = jx_window_get_session (window);
  JxComparisonPane *pane = jx_window_get_comparison_pane (window);
  JxDiffTreeView *tree = jx_comparison_pane_get_tree_view (pane);
  JxFlameView *flame = jx_comparison_pane_get_flame_view (pane);
  JxHeadlineView *headline = jx_comparison_pane_get_headline (pane);
  GtkWidget *timelines = gtk_paned_get_start_child (window->main_paned);
  Sized wide = { window, 1280, 800 };
  guint rows, rows_maximized;
  int flame_rows, position, height;
  GVariant *state;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  jx_window_open_paths (window, pair, FALSE);
  jx_test_wait_for_loads (session);
  jx_test_wait_mapped (GTK_WIDGET (window));
  gtk_widget_set_visible (GTK_WIDGET (window->bottom_paned), TRUE);
  g_assert_true (jx_test_wait_until (window_sized, &wide, 60));
  g_assert_true (jx_test_wait_until (headline_ready, window, 120));

  jx_comparison_pane_show_page (pane, "tree");
  g_assert_true (jx_test_wait_until (tree_shown, tree, 120));
  jx_test_spin (500);
  rows = visible_table_rows (GTK_WIDGET (tree));
  g_test_message ("call tree rows in view at 1280 x 800: %u (pane %d px high)", rows,
                  gtk_widget_get_height (GTK_WIDGET (pane)));
  g_assert_cmpuint (rows, >=, 6);
  assert_one_line_header (jx_diff_tree_view_get_header (tree), headline);

  jx_comparison_pane_show_page (pane, "flame");
  g_assert_true (jx_test_wait_until (flame_shown, flame, 120));
  jx_test_spin (300);
  flame_rows = visible_flame_rows (flame);
  g_test_message ("flame graph rows in view at 1280 x 800: %d", flame_rows);
  g_assert_cmpint (flame_rows, >=, 6);
  assert_one_line_header (jx_flame_view_get_header (flame), headline);

  /* Maximised: the timelines step aside, the pane takes their height. */
  jx_comparison_pane_show_page (pane, "tree");
  jx_test_spin (300);
  position = gtk_paned_get_position (window->main_paned);
  height = gtk_widget_get_height (GTK_WIDGET (pane));
  g_action_group_activate_action (G_ACTION_GROUP (window), "maximize-comparison", NULL);
  jx_test_spin (500);
  state = g_action_group_get_action_state (G_ACTION_GROUP (window), "maximize-comparison");
  g_assert_true (g_variant_get_boolean (state));
  g_variant_unref (state);
  g_assert_false (gtk_widget_get_visible (timelines));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (pane)), >=, height + 200);
  rows_maximized = visible_table_rows (GTK_WIDGET (tree));
  g_test_message ("call tree rows maximised: %u (pane %d px high)", rows_maximized,
                  gtk_widget_get_height (GTK_WIDGET (pane)));
  g_assert_cmpuint (rows_maximized, >, rows);

  /* Back: the split as it was. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "maximize-comparison", NULL);
  jx_test_spin (500);
  g_assert_true (gtk_widget_get_visible (timelines));
  g_assert_cmpint (gtk_paned_get_position (window->main_paned), ==, position);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (pane)), ==, height);

  /* Hiding the panes below while maximised brings the timelines back. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "maximize-comparison", NULL);
  jx_test_spin (200);
  gtk_widget_set_visible (GTK_WIDGET (window->bottom_paned), FALSE);
  jx_test_spin (200);
  g_assert_true (gtk_widget_get_visible (timelines));
  state = g_action_group_get_action_state (G_ACTION_GROUP (window), "maximize-comparison");
  g_assert_false (g_variant_get_boolean (state));
  g_variant_unref (state);
  gtk_widget_set_visible (GTK_WIDGET (window->bottom_paned), TRUE);
  jx_test_spin (300);
  g_assert_cmpint (gtk_paned_get_position (window->main_paned), ==, position);

  /* Closing the comparison while maximised: the next one has timelines. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "maximize-comparison", NULL);
  jx_test_spin (200);
  g_assert_false (gtk_widget_get_visible (timelines));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.close-comparison", NULL);
  jx_test_spin (200);
  g_assert_true (gtk_widget_get_visible (timelines));
  state = g_action_group_get_action_state (G_ACTION_GROUP (window), "maximize-comparison");
  g_assert_false (g_variant_get_boolean (state));
  g_variant_unref (state);

  gtk_window_destroy (GTK_WINDOW (window));
  jx_test_spin (50);
}

void
test_window_layout_register (JxApplication *application)
{
  app = application;
  g_test_add_func ("/app/window/stacked-layout", test_stacked_layout);
  g_test_add_func ("/app/window/keyboard-shift", test_keyboard_shift);
  g_test_add_func ("/app/window/shortcuts-listed", test_shortcuts_listed);
  g_test_add_func ("/app/window/help-action", test_help_action);
  g_test_add_func ("/app/window/side-pane-fits", test_side_pane_fits);
  g_test_add_func ("/app/window/narrow-window", test_narrow_window);
  g_test_add_func ("/app/window/comparison-height", test_comparison_height);
}
