/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-lane-layout — how the master timeline's lanes share its height
 * (jx-lane-layout.h): minimums first, the rest by the square root of what
 * each lane still wants, never more than its natural height, the minimums kept when even
 * they do not fit. */
#include "config.h"

#include <gtk/gtk.h>

#include "jx-lane-layout.h"

/* A lane stand-in: `min` px at least, `natural` px with all its rows. */
static GtkWidget *
lane_new (int min,
          int natural)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *content = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (content), natural);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (content), 10);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), content);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_EXTERNAL);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), min);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  return scroller;
}

static void
assert_share (GtkWidget *box,
              int        total,
              int        h0,
              int        h1,
              int        h2)
{
  guint n = 0;
  g_autofree int *heights = jx_lane_layout_share (box, 100, total, &n);

  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpint (heights[0], ==, h0);
  g_assert_cmpint (heights[1], ==, h1);
  g_assert_cmpint (heights[2], ==, h2);
}

static void
test_share (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *hidden = lane_new (40, 400);
  int min = 0, natural = 0;

  g_object_ref_sink (box);
  gtk_widget_set_layout_manager (box, jx_lane_layout_new ());
  gtk_box_append (GTK_BOX (box), lane_new (20, 120));
  gtk_box_append (GTK_BOX (box), lane_new (20, 320));
  gtk_box_append (GTK_BOX (box), lane_new (20, 20));
  /* A hidden lane (a trace that failed to load) takes nothing. */
  gtk_widget_set_visible (hidden, FALSE);
  gtk_box_append (GTK_BOX (box), hidden);

  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, 100, &min, &natural, NULL, NULL);
  g_assert_cmpint (min, ==, 60);
  g_assert_cmpint (natural, ==, 460);

  /* Room for everything: natural heights. */
  assert_share (box, 1000, 120, 320, 20);
  /* 200 px over the minimums, wanted 100 : 300 : 0, shared by the square
   * roots (10 : 17.3): 73 + 126, the 1 px left over to the first. */
  assert_share (box, 260, 94, 146, 20);
  /* 300 px over: the first would get 110 of its 100, so it gets its 100 and
   * the second the other 200. */
  assert_share (box, 360, 120, 220, 20);
  /* Less than the minimums: the minimums (the parent scrolls). */
  assert_share (box, 30, 20, 20, 20);
  /* Rounding leftovers still go out: 1 px over the minimums. */
  assert_share (box, 61, 21, 20, 20);

  g_object_unref (box);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/lane-layout/share", test_share);
  return g_test_run ();
}
