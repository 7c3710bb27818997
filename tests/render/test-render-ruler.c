/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "jx-time-ruler.h"

static PangoContext *
make_context (cairo_surface_t **surface_out,
              cairo_t         **cr_out)
{
  *surface_out = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 2000, 40);
  *cr_out = cairo_create (*surface_out);
  return pango_cairo_create_context (*cr_out);
}

static gboolean
is_nice_step (gint64 step)
{
  while (step % 10 == 0 && step >= 10)
    step /= 10;
  return step == 1 || step == 2 || step == 5;
}

static void
check_ticks (GArray *ticks,
             gint64  start,
             gint64  end,
             int     width)
{
  const JxTimeRulerTick *prev_label = NULL;
  gint64 step = 0;
  guint n_labels = 0;

  for (guint i = 0; i < ticks->len; i++)
    {
      const JxTimeRulerTick *t = &g_array_index (ticks, JxTimeRulerTick, i);

      g_assert_cmpint (t->time_ns, >=, start);
      g_assert_cmpint (t->time_ns, <=, end);
      g_assert_cmpfloat (t->x, >=, -0.5);
      g_assert_cmpfloat (t->x, <=, width + 0.5);
      if (i > 0)
        g_assert_cmpint (t->time_ns, >, g_array_index (ticks, JxTimeRulerTick, i - 1).time_ns);
      if (!t->labelled)
        continue;
      n_labels++;
      g_assert_cmpuint (strlen (t->label), >, 0);
      g_assert_cmpint (t->label_width, >, 0);
      g_assert_cmpint (t->label_x + t->label_width, <=, width);
      if (prev_label != NULL)
        {
          gint64 d = t->time_ns - prev_label->time_ns;

          /* Labels never overlap and all labelled ticks are one 1-2-5 step apart. */
          g_assert_cmpint (prev_label->label_x + prev_label->label_width, <, t->label_x);
          g_assert_true (is_nice_step (d));
          if (step == 0)
            step = d;
          g_assert_cmpint (d, ==, step);
          /* Two labels are never the same text. */
          g_assert_cmpstr (prev_label->label, !=, t->label);
        }
      prev_label = t;
    }
  /* A ruler wider than a label or two shows at least two labels. */
  if (width >= 300 && n_labels < 2)
    g_test_message ("window %" G_GINT64_FORMAT " .. %" G_GINT64_FORMAT " over %d px: %u labels, first %s",
                    start, end, width, n_labels, prev_label != NULL ? prev_label->label : "none");
  if (width >= 300)
    g_assert_cmpuint (n_labels, >=, 2);
}

static void
test_labels_never_overlap (void)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  PangoContext *context = make_context (&surface, &cr);
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  static const int widths[] = { 120, 300, 640, 1000, 1760, 1920 };

  for (guint i = 0; i < 400; i++)
    {
      int width = widths[i % G_N_ELEMENTS (widths)];
      double span = exp (g_rand_double_range (rand, log (10.0), log (1e13)));
      gint64 start = (gint64) g_rand_double_range (rand, -2.0 * span, 50.0 * span);
      gint64 end = start + MAX ((gint64) span, 1);
      g_autoptr(GArray) ticks = jx_time_ruler_compute_ticks (context, start, end, width);

      check_ticks (ticks, start, end, width);
    }

  g_object_unref (context);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
test_units (void)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  PangoContext *context = make_context (&surface, &cr);
  g_autoptr(GArray) ms = jx_time_ruler_compute_ticks (context, 0, 20000000, 1000);
  g_autoptr(GArray) us = jx_time_ruler_compute_ticks (context, 1000, 9000, 1000);
  g_autoptr(GArray) s = jx_time_ruler_compute_ticks (context, -1000000000, 4000000000, 1000);
  gboolean seen_ms = FALSE, seen_us = FALSE, seen_s = FALSE, seen_negative = FALSE;

  for (guint i = 0; i < ms->len; i++)
    if (g_array_index (ms, JxTimeRulerTick, i).labelled)
      {
        g_assert_nonnull (strstr (g_array_index (ms, JxTimeRulerTick, i).label, " ms"));
        seen_ms = TRUE;
      }
  for (guint i = 0; i < us->len; i++)
    if (g_array_index (us, JxTimeRulerTick, i).labelled)
      {
        g_assert_nonnull (strstr (g_array_index (us, JxTimeRulerTick, i).label, " µs"));
        seen_us = TRUE;
      }
  for (guint i = 0; i < s->len; i++)
    if (g_array_index (s, JxTimeRulerTick, i).labelled)
      {
        const char *label = g_array_index (s, JxTimeRulerTick, i).label;

        g_assert_true (g_str_has_suffix (label, " s"));
        seen_s = TRUE;
        if (label[0] == '-')
          seen_negative = TRUE;
      }
  g_assert_true (seen_ms && seen_us && seen_s && seen_negative);

  g_object_unref (context);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Tick labels (durations in general: tests/model/test-time.c). */
static void
test_format (void)
{
  char buf[32];

  jx_time_format_tick (1250000, 50000, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "1.25 ms");
  jx_time_format_tick (3000000000, 1000000000, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "3 s");
  jx_time_format_tick (0, 200, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "0 ns");
}

static void
test_draw (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 30);
  cairo_t *cr = cairo_create (surface);
  const guchar *data;
  int stride;
  guint inked = 0;

  jx_time_ruler_draw (cr, 0, 1000000, 0, 600, 30, FALSE);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  /* The baseline is drawn along the bottom; labels ink the upper part. */
  for (int x = 0; x < 600; x++)
    g_assert_cmpuint (data[(gsize) 29 * stride + x * 4 + 3], >, 0);
  for (int y = 0; y < 18; y++)
    for (int x = 0; x < 600; x++)
      if (data[(gsize) y * stride + x * 4 + 3] > 0)
        inked++;
  g_assert_cmpuint (inked, >, 100);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/ruler/labels-never-overlap", test_labels_never_overlap);
  g_test_add_func ("/render/ruler/units", test_units);
  g_test_add_func ("/render/ruler/format", test_format);
  g_test_add_func ("/render/ruler/draw", test_draw);

  return g_test_run ();
}
