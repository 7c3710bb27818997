/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-time-model.c — the session's time model on its own
 * (jx-time-model.h): the window clamped to its minimum width and into the
 * extent, zoom and pan around a point, following the extent, centring, the
 * selected range, and one notification per real change. */
#include "config.h"

#include "jx-time-model.h"
#include "jx-test-util.h"

static void
assert_view (JxTimeModel *model,
             gint64       begin,
             gint64       end)
{
  const JxTimeSpan *view = jx_time_model_get_visible_time (model);

  g_assert_cmpint (view->begin_ns, ==, begin);
  g_assert_cmpint (view->end_ns, ==, end);
}

/* Nothing loaded: 1 s wide by default, never under 1 µs, anywhere. */
static void
test_without_extent (void)
{
  g_autoptr(JxTimeModel) model = jx_time_model_new ();
  guint visible = 0;

  g_signal_connect (model, "notify::visible-time", G_CALLBACK (jx_test_count_notify), &visible);
  assert_view (model, 0, JX_TIME_MODEL_DEFAULT_WIDTH_NS);
  g_assert_false (jx_time_model_get_extent (model, NULL));
  g_assert_true (jx_time_model_get_follows_extent (model));

  jx_time_model_set_visible_time (model, &(JxTimeSpan) { 5000, 5100 });
  assert_view (model, 4550, 5550);
  g_assert_cmpuint (visible, ==, 1);
  /* The same window again: no notification. */
  jx_time_model_set_visible_time (model, &(JxTimeSpan) { 4550, 5550 });
  g_assert_cmpuint (visible, ==, 1);
  /* Reversed ends are sorted. */
  jx_time_model_set_visible_time (model, &(JxTimeSpan) { -3000, -10000 });
  assert_view (model, -10000, -3000);
  jx_time_model_pan (model, 1000);
  assert_view (model, -9000, -2000);
  g_assert_cmpuint (visible, ==, 3);
}

/* With an extent: clamped into it, zoom keeps the point under the pointer,
 * a window showing everything follows the extent. */
static void
test_with_extent (void)
{
  g_autoptr(JxTimeModel) model = jx_time_model_new ();
  guint extent = 0, follows = 0;

  g_signal_connect (model, "notify::extent", G_CALLBACK (jx_test_count_notify), &extent);
  g_signal_connect (model, "notify::follows-extent", G_CALLBACK (jx_test_count_notify), &follows);
  jx_time_model_set_extent (model, &(JxTimeSpan) { 0, 1000000 });
  jx_time_model_set_extent (model, &(JxTimeSpan) { 0, 1000000 });
  g_assert_cmpuint (extent, ==, 1);
  /* The extent alone moves no window. */
  assert_view (model, 0, JX_TIME_MODEL_DEFAULT_WIDTH_NS);
  jx_time_model_zoom_all (model);
  assert_view (model, 0, 1000000);
  g_assert_true (jx_time_model_get_follows_extent (model));

  /* Zooming in by 4 around 500000 keeps it in the middle. */
  jx_time_model_zoom (model, 4.0, 500000);
  assert_view (model, 375000, 625000);
  g_assert_false (jx_time_model_get_follows_extent (model));
  g_assert_cmpuint (follows, ==, 1);
  /* Panning stops at the end, keeping the width. */
  jx_time_model_pan (model, 900000);
  assert_view (model, 750000, 1000000);
  /* Centring keeps the width too. */
  jx_time_model_centre_on (model, 200000);
  assert_view (model, 75000, 325000);
  /* Wider than the extent: the extent, and following it again. */
  jx_time_model_set_visible_time (model, &(JxTimeSpan) { -5000000, 5000000 });
  assert_view (model, 0, 1000000);
  g_assert_true (jx_time_model_get_follows_extent (model));
  /* Showing everything, centring does nothing. */
  jx_time_model_centre_on (model, 10);
  assert_view (model, 0, 1000000);

  /* A longer extent: a window that showed everything shows everything
   * again; one that did not stays where it is, clamped. */
  jx_time_model_set_extent (model, &(JxTimeSpan) { -500000, 2000000 });
  jx_time_model_follow_extent (model);
  assert_view (model, -500000, 2000000);
  jx_time_model_set_visible_time (model, &(JxTimeSpan) { 1500000, 2000000 });
  jx_time_model_set_extent (model, &(JxTimeSpan) { 0, 1800000 });
  jx_time_model_follow_extent (model);
  assert_view (model, 1300000, 1800000);

  /* Nothing loaded any more: the window stays. */
  jx_time_model_set_extent (model, NULL);
  g_assert_false (jx_time_model_get_extent (model, NULL));
  jx_time_model_follow_extent (model);
  assert_view (model, 1300000, 1800000);
}

/* Showing a span (next difference): a call too narrow to see is zoomed
 * into until it is that share of the window; one outside is centred; one
 * in view and wide enough leaves the window as it is (issue 19: a 26 µs
 * call in an 18.8 s window). */
static void
test_show_span (void)
{
  g_autoptr(JxTimeModel) model = jx_time_model_new ();
  gint64 s = 18800000000;

  jx_time_model_set_extent (model, &(JxTimeSpan) { 0, s });
  jx_time_model_zoom_all (model);
  /* 26 µs at 9 s, at least 8 of 1000 px. */
  jx_time_model_show_span (model, &(JxTimeSpan) { 9000000000, 9000026000 }, 8.0 / 1000.0);
  assert_view (model, 9000013000 - 1625000, 9000013000 + 1625000);
  g_assert_cmpfloat (26000.0 / jx_time_span_get_duration (jx_time_model_get_visible_time (model)), >=, 0.008);
  /* Wide enough and in view: stays. */
  jx_time_model_show_span (model, &(JxTimeSpan) { 9000000000, 9000100000 }, 0.008);
  assert_view (model, 9000013000 - 1625000, 9000013000 + 1625000);
  /* Outside: centred at the same width. */
  jx_time_model_show_span (model, &(JxTimeSpan) { 1000000000, 1000100000 }, 0.008);
  assert_view (model, 1000050000 - 1625000, 1000050000 + 1625000);
  /* One nanosecond: as far as the minimum width goes. */
  jx_time_model_show_span (model, &(JxTimeSpan) { 5000000000, 5000000001 }, 0.008);
  g_assert_cmpint (jx_time_span_get_duration (jx_time_model_get_visible_time (model)), ==, JX_TIME_MODEL_MIN_WIDTH_NS);
  /* Wider than the window (a 46.7 ms call selected in a 49 µs window):
   * zooms out until the whole call shows, centred, with room either side. */
  jx_time_model_set_visible_time (model, &(JxTimeSpan) { 10440985000, 10441034100 });
  jx_time_model_show_span (model, &(JxTimeSpan) { 10417700000, 10464390000 }, 0.008);
  g_assert_cmpint (jx_time_model_get_visible_time (model)->begin_ns, <, 10417700000);
  g_assert_cmpint (jx_time_model_get_visible_time (model)->end_ns, >, 10464390000);
  assert_view (model, 10441045000 - 29181250, 10441045000 + 29181250);
  /* Wider than the whole run: everything. */
  jx_time_model_show_span (model, &(JxTimeSpan) { -1000000000, s + 1000000000 }, 0.008);
  assert_view (model, 0, s);
}

static void
test_selected_time (void)
{
  g_autoptr(JxTimeModel) model = jx_time_model_new ();
  JxTimeSpan *span = NULL;
  guint selected = 0;

  g_signal_connect (model, "notify::selected-time", G_CALLBACK (jx_test_count_notify), &selected);
  jx_time_model_select_time (model, &(JxTimeSpan) { 900, 100 });
  g_assert_cmpint (jx_time_model_get_selected_time (model)->begin_ns, ==, 100);
  g_assert_cmpint (jx_time_model_get_selected_time (model)->end_ns, ==, 900);
  jx_time_model_select_time (model, &(JxTimeSpan) { 100, 900 });
  g_assert_cmpuint (selected, ==, 1);
  /* Through the property as well. */
  g_object_set (model, "selected-time", &(JxTimeSpan) { 1, 2 }, NULL);
  g_object_get (model, "selected-time", &span, NULL);
  g_assert_cmpint (span->end_ns, ==, 2);
  jx_time_span_free (span);
  jx_time_model_select_time (model, NULL);
  g_assert_cmpint (jx_time_span_get_duration (jx_time_model_get_selected_time (model)), ==, 0);
  g_assert_cmpuint (selected, ==, 3);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/session/time-model/without-extent", test_without_extent);
  g_test_add_func ("/session/time-model/with-extent", test_with_extent);
  g_test_add_func ("/session/time-model/selected-time", test_selected_time);
  g_test_add_func ("/session/time-model/show-span", test_show_span);

  return g_test_run ();
}
