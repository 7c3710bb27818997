/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "jx-time-ruler.h"

/* Minimum gap between two labels, px. */
#define LABEL_GAP 12
#define RULER_FONT "Sans 8"

static void
format_tick (gint64  ns,
             gint64  step_ns,
             gint64  magnitude,
             char   *buf,
             gsize   size)
{
  JxTimeUnit unit;
  gint64 unit_ns;
  int decimals = 0;
  char number[64];

  if (step_ns <= 0)
    step_ns = 1;
  unit = jx_time_unit_for_ns (MAX (magnitude, step_ns));
  unit_ns = jx_time_unit_get_ns (unit);
  /* Enough decimals to tell neighbouring ticks apart. */
  for (gint64 q = unit_ns; q > step_ns && decimals < 9; q /= 10)
    decimals++;
  if (ns == 0)
    g_snprintf (number, sizeof number, "0");
  else
    g_snprintf (number, sizeof number, "%.*f", decimals, (double) ns / (double) unit_ns);
  g_snprintf (buf, size, "%s %s", number, jx_time_unit_get_symbol (unit));
}

void
jx_time_format_tick (gint64  ns,
                     gint64  step_ns,
                     char   *buf,
                     gsize   size)
{
  g_return_if_fail (buf != NULL && size > 0);

  format_tick (ns, step_ns, ns < 0 ? -ns : ns, buf, size);
}

static gint64
nice_step (double raw)
{
  static const int mantissas[] = { 1, 2, 5 };
  gint64 power = 1;

  while (TRUE)
    {
      for (guint i = 0; i < G_N_ELEMENTS (mantissas); i++)
        if ((double) (mantissas[i] * power) >= raw)
          return mantissas[i] * power;
      if (power > G_MAXINT64 / 100)
        return power * 10;
      power *= 10;
    }
}

static gint64
floor_div (gint64 a,
           gint64 b)
{
  gint64 q = a / b;

  if ((a % b != 0) && ((a < 0) != (b < 0)))
    q--;
  return q;
}

static PangoLayout *
ruler_layout (PangoContext *context)
{
  PangoLayout *layout = pango_layout_new (context);
  PangoFontDescription *font = pango_font_description_from_string (RULER_FONT);

  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  return layout;
}

/* Fills ticks for one step; FALSE when labels would overlap. */
static gboolean
layout_ticks (PangoLayout *layout,
              gint64       start_ns,
              gint64       end_ns,
              int          width,
              gint64       step,
              GArray      *ticks)
{
  double px_per_ns = (double) width / (double) (end_ns - start_ns);
  gint64 minor = step / 5 > 0 && step % 5 == 0 ? step / 5 : (step / 2 > 0 && step % 2 == 0 ? step / 2 : step);
  gint64 first = floor_div (start_ns, minor);
  double last_label_end = -G_MAXDOUBLE;   /* px: no label yet */
  /* One unit for the whole ruler, from the largest time shown. */
  gint64 magnitude = MAX (start_ns < 0 ? -start_ns : start_ns, end_ns < 0 ? -end_ns : end_ns);

  g_array_set_size (ticks, 0);
  for (gint64 i = first; ; i++)
    {
      JxTimeRulerTick tick = { 0 };
      gint64 t = i * minor;
      PangoRectangle ink, logical;

      if (t > end_ns)
        break;
      tick.x = (double) (t - start_ns) * px_per_ns;
      tick.time_ns = t;
      if (t < start_ns)
        continue;
      tick.labelled = (t % step) == 0;
      if (tick.labelled)
        {
          format_tick (t, step, magnitude, tick.label, sizeof tick.label);
          pango_layout_set_text (layout, tick.label, -1);
          pango_layout_get_pixel_extents (layout, &ink, &logical);
          tick.label_width = logical.width;
          tick.label_x = (int) floor (tick.x + 3);
          /* A label that would stick out on the right is dropped. */
          if (tick.label_x + tick.label_width > width)
            {
              tick.labelled = FALSE;
              tick.label[0] = '\0';
            }
          else
            {
              if (tick.label_x < last_label_end + LABEL_GAP)
                return FALSE;
              last_label_end = tick.label_x + tick.label_width;
            }
        }
      g_array_append_val (ticks, tick);
      if (ticks->len > 4 * (guint) MAX (width, 1))
        return FALSE;
    }
  return TRUE;
}

GArray *
jx_time_ruler_compute_ticks (PangoContext *context,
                             gint64        start_ns,
                             gint64        end_ns,
                             int           width)
{
  g_autoptr(PangoLayout) layout = NULL;
  GArray *ticks;
  gint64 step;
  guint attempts = 0;

  g_return_val_if_fail (PANGO_IS_CONTEXT (context), NULL);

  ticks = g_array_new (FALSE, TRUE, sizeof (JxTimeRulerTick));
  if (width <= 0 || end_ns <= start_ns)
    return ticks;

  layout = ruler_layout (context);
  /* Start from one label per 30 px (denser than any label fits) and widen
   * the step until the labels do not overlap. */
  step = nice_step ((double) (end_ns - start_ns) * 30.0 / (double) width);
  while (!layout_ticks (layout, start_ns, end_ns, width, step, ticks) && attempts++ < 64)
    step = nice_step ((double) step * 1.01);
  return ticks;
}

void
jx_time_ruler_draw (cairo_t  *cr,
                    gint64    start_ns,
                    gint64    end_ns,
                    int       x,
                    int       width,
                    int       height,
                    gboolean  dark)
{
  PangoContext *context;
  g_autoptr(PangoLayout) layout = NULL;
  g_autoptr(GArray) ticks = NULL;

  g_return_if_fail (cr != NULL);

  if (width <= 0 || height <= 0 || end_ns <= start_ns)
    return;

  context = pango_cairo_create_context (cr);
  ticks = jx_time_ruler_compute_ticks (context, start_ns, end_ns, width);
  layout = ruler_layout (context);

  cairo_save (cr);
  cairo_rectangle (cr, x, 0, width, height);
  cairo_clip (cr);
  cairo_translate (cr, x, 0);
  if (dark)
    cairo_set_source_rgba (cr, 0.92, 0.92, 0.95, 0.85);
  else
    cairo_set_source_rgba (cr, 0.1, 0.1, 0.13, 0.85);

  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, 0, height - 0.5);
  cairo_line_to (cr, width, height - 0.5);
  for (guint i = 0; i < ticks->len; i++)
    {
      const JxTimeRulerTick *tick = &g_array_index (ticks, JxTimeRulerTick, i);
      double tx = floor (tick->x) + 0.5;

      cairo_move_to (cr, tx, height);
      cairo_line_to (cr, tx, height - (tick->labelled ? MIN (height, 10) : MIN (height / 3, 5)));
    }
  cairo_stroke (cr);

  for (guint i = 0; i < ticks->len; i++)
    {
      const JxTimeRulerTick *tick = &g_array_index (ticks, JxTimeRulerTick, i);
      int lw, lh;

      if (!tick->labelled)
        continue;
      pango_layout_set_text (layout, tick->label, -1);
      pango_layout_get_pixel_size (layout, &lw, &lh);
      cairo_move_to (cr, tick->label_x, MAX (0, height - 10 - lh));
      pango_cairo_show_layout (cr, layout);
    }
  cairo_restore (cr);
  g_object_unref (context);
}
