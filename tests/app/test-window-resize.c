/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-resize.c — resizing the window's parts with three traces
 * compared (part of test-window): the split between the timelines and the
 * panes below dragged up and down, the side panes collapsed and opened, the
 * window made small and large again, each with every page of the comparison
 * pane shown; nothing warns (the tests run with fatal criticals) and the
 * window stays usable. The side pane's tabs are whole at every size. */
#include "config.h"

#include "jx-application.h"
#include "jx-test-app.h"
#include "jx-test-generate.h"
#include "jx-test-session.h"
#include "jx-test-util.h"
#include "jx-trace-generator.h"
#include "jx-window-private.h"

void test_window_resize_register (JxApplication *application);

static JxApplication *app;

static const char *const pages[] = { "overview", "similarity", "tree", "flame", "trends", "functions" };

static gboolean
all_compared (gpointer data)
{
  JxSession *session = data;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (session)); i++)
    {
      JxSessionTrace *item = jx_test_item_at (session, i);

      if (item != jx_session_get_reference (session) &&
          jx_session_trace_get_comparison_state (item) != JX_SESSION_COMPARISON_DONE)
        return FALSE;
    }
  return TRUE;
}

/* Moves the split in steps of `step` px from `from` to `to`, a frame or two
 * at each, as a drag of its handle does. */
static void
sweep (GtkPaned *paned,
       int       from,
       int       to,
       int       step)
{
  int dir = to >= from ? 1 : -1;

  for (int p = from; dir * (to - p) >= 0; p += dir * step)
    {
      gtk_paned_set_position (paned, p);
      jx_test_spin (20);
    }
}

/* Every tab of the side pane is shown whole, inside the pane. */
static void
assert_side_tabs_whole (JxWindow *window)
{
  GtkWidget *side = gtk_widget_get_parent (GTK_WIDGET (window->side_stack));
  guint n = 0;

  for (GtkWidget *tab = gtk_widget_get_first_child (window->side_switcher);
       tab != NULL;
       tab = gtk_widget_get_next_sibling (tab))
    {
      graphene_rect_t bounds;
      int natural = 0;
      GtkWidget *label;

      if (!gtk_widget_get_visible (tab))
        continue;
      n++;
      label = gtk_button_get_child (GTK_BUTTON (tab));

      /* The title's whole natural width (its content box: no padding). */
      gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
      g_assert_true (gtk_widget_compute_bounds (tab, side, &bounds));
      g_test_message ("tab %s: %d of %d px wide at x %.0f, in a side pane %d px wide", gtk_button_get_label (GTK_BUTTON (tab)),
                      gtk_widget_get_width (label), natural, bounds.origin.x, gtk_widget_get_width (side));
      g_assert_cmpint (gtk_widget_get_width (label), >=, natural);
      g_assert_cmpfloat (bounds.origin.x, >=, 0);
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (side));
    }
  g_assert_cmpuint (n, ==, 7);
}

static void
test_resize_parts (void)
{
  g_autofree char *a = NULL, *b = NULL, *a2 = NULL, *c = NULL;
  g_autofree char *dir1 = jx_test_generate_variant_pair (8, 6, JX_VARIANT_FASTER_KERNEL, &a, &b);
  g_autofree char *dir2 = jx_test_generate_variant_pair (8, 6, JX_VARIANT_SLOWER_MACHINE, &a2, &c);
  const char *paths[] = { a, b, c, NULL };
  const int sizes[][2] = { { 1024, 700 }, { 800, 560 }, { 640, 480 }, { 1400, 900 } };
  JxWindow *window = jx_window_new (app);
  JxSession *session = jx_window_get_session (window);
  JxComparisonPane *pane = jx_window_get_comparison_pane (window);
  int max = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  jx_window_open_paths (window, paths, FALSE);
  jx_test_wait_for_loads (session);
  jx_test_wait_mapped (GTK_WIDGET (window));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 3);
  g_assert_true (jx_test_wait_until (all_compared, session, 60));
  gtk_widget_set_visible (GTK_WIDGET (window->bottom_paned), TRUE);
  jx_test_spin (200);

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      int position;

      jx_comparison_pane_show_page (pane, pages[i]);
      jx_test_spin (100);
      position = gtk_paned_get_position (window->main_paned);
      g_object_get (window->main_paned, "max-position", &max, NULL);
      g_test_message ("page %s: split at %d of %d", pages[i], position, max);
      /* Up to the timelines' minimum, down to the panes', and back. */
      sweep (window->main_paned, position, 0, 20);
      sweep (window->main_paned, 0, max, 20);
      sweep (window->main_paned, max, position, 20);
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (pane)));
    }

  /* The side panes collapsed and opened again while the split moves. */
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      int side = gtk_paned_get_position (window->bottom_paned);
      int summary = gtk_paned_get_position (window->summary_paned);

      jx_comparison_pane_show_page (pane, pages[i]);
      gtk_paned_set_position (window->summary_paned, 0);
      gtk_paned_set_position (window->bottom_paned, 10000);
      sweep (window->main_paned, gtk_paned_get_position (window->main_paned), 100, 40);
      gtk_paned_set_position (window->summary_paned, summary);
      gtk_paned_set_position (window->bottom_paned, side);
      sweep (window->main_paned, gtk_paned_get_position (window->main_paned), 500, 40);
      jx_test_spin (50);
    }

  /* Small windows and back, each page shown at each size. */
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      gtk_window_set_default_size (GTK_WINDOW (window), sizes[s][0], sizes[s][1]);
      jx_test_spin (200);
      /* A narrow window folds the side pane away; brought back (Shift+F9),
       * its tabs are whole too. */
      if (jx_window_is_narrow (window))
        {
          g_action_group_change_action_state (G_ACTION_GROUP (window), "show-side-pane", g_variant_new_boolean (TRUE));
          jx_test_spin (200);
        }
      assert_side_tabs_whole (window);
      for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
        {
          jx_comparison_pane_show_page (pane, pages[i]);
          jx_test_spin (60);
          g_object_get (window->main_paned, "max-position", &max, NULL);
          sweep (window->main_paned, gtk_paned_get_position (window->main_paned), max / 2, 30);
        }
    }

  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  gtk_window_destroy (GTK_WINDOW (window));
  jx_test_spin (50);
  jx_test_remove_tree (dir1);
  jx_test_remove_tree (dir2);
}

void
test_window_resize_register (JxApplication *application)
{
  app = application;
  g_test_add_func ("/app/window/resize-parts", test_resize_parts);
}
