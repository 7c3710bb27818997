/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-flame-graph-draw.c — drawing the differential flame graph: title,
 * frames with their marks and labels, the legend with the timing scale
 * (see jx-flame-graph.h). */
#include "config.h"

#include <inttypes.h>

#include <math.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "jx-draw-private.h"
#include "jx-flame-graph-private.h"
#include "jx-palette.h"

#define FONT       "Sans 8"
#define FONT_TITLE "Sans Bold 10"
#define BAR_WIDTH  150.0
#define BAR_GAP    44.0

static const JxRgba different_outline = { 0xe6 / 255.0f, 0x9f / 255.0f, 0.0f, 1.0f };

/* A frame's fill and marks over [x, x + w) × [y, y + h). */
static void
paint_frame (cairo_t  *cr,
             double    position,
             guint8    marks,
             double    x,
             double    y,
             double    w,
             double    h,
             gboolean  dark,
             JxRgba   *fill_out)
{
  JxRgba fill, deep;

  if (marks & (JX_FLAME_MARK_ONLY_A | JX_FLAME_MARK_ONLY_B))
    {
      /* One-sided: neutral ground, stripes of the side's deep colour. */
      jx_palette_timing_color_at (0.0, dark, &fill);
      jx_palette_cairo_set_source (cr, &fill);
      cairo_rectangle (cr, x, y, w, h);
      cairo_fill (cr);
      jx_palette_timing_color_at ((marks & JX_FLAME_MARK_ONLY_B) ? 1.0 : -1.0, dark, &deep);
      _jx_draw_hatch (cr, x, y, w, h, &deep, (marks & JX_FLAME_MARK_ONLY_B) != 0);
    }
  else
    {
      jx_palette_timing_color_at (position, dark, &fill);
      jx_palette_cairo_set_source (cr, &fill);
      cairo_rectangle (cr, x, y, w, h);
      cairo_fill (cr);
    }
  /* A faint edge, so that neutral frames (quiet, near the background)
   * still show where they are. */
  if (w > 3)
    {
      JxRgba edge = _jx_draw_ink (dark, dark ? 0.22 : 0.16);

      jx_palette_cairo_set_source (cr, &edge);
      cairo_set_line_width (cr, 1.0);
      cairo_rectangle (cr, x + 0.5, y + 0.5, w - 1.0, h - 1.0);
      cairo_stroke (cr);
    }
  if (marks & JX_FLAME_MARK_MIXED && h > 8)
    {
      JxRgba ground, stripes;

      /* Some calls one-sided: a striped foot in both deep colours. */
      jx_palette_timing_color_at (1.0, dark, &ground);
      jx_palette_timing_color_at (-1.0, dark, &stripes);
      jx_palette_cairo_set_source (cr, &ground);
      cairo_rectangle (cr, x, y + h - 4, w, 4);
      cairo_fill (cr);
      _jx_draw_hatch (cr, x, y + h - 4, w, 4, &stripes, TRUE);
    }
  if (marks & JX_FLAME_MARK_DIFFERENT && w > 4)
    {
      jx_palette_cairo_set_source (cr, &different_outline);
      cairo_set_line_width (cr, 2.0);
      cairo_rectangle (cr, x + 1, y + 1, w - 2, h - 2);
      cairo_stroke (cr);
    }
  if (fill_out != NULL)
    *fill_out = fill;
}

static void
draw_frames (const JxFlameGraph *self,
             cairo_t            *cr)
{
  gboolean dark = self->options.dark;

  for (guint i = 0; i < self->frames->len; i++)
    {
      const JxFlameFrame *f = &g_array_index (self->frames, JxFlameFrame, i);
      double y = _jx_flame_graph_row_y (self, f->row);
      double w = f->width > 3.0 ? f->width - 1.0 : f->width;
      double h = JX_FLAME_ROW_HEIGHT - 1.0;
      JxRgba fill;

      paint_frame (cr, f->position, f->marks, f->x, y, w, h, dark, &fill);
      if (w >= 24.0)
        {
          g_autofree char *label = jx_diff_tree_dup_label (self->tree, f->node);
          g_autofree char *text = NULL;
          JxRgba ink = _jx_draw_label_color (&fill);

          if (w >= 150.0)
            {
              g_autofree char *change = _jx_flame_graph_change_text (_jx_flame_graph_ratio (self, f->node));

              text = *change != '\0' ? g_strdup_printf ("%s  %s", label, change) : g_strdup (label);
            }
          else
            text = g_strdup (label);
          _jx_draw_text (cr, text, FONT, f->x + 3, y + 2, w - 6, &ink);
        }
    }
}

static GString *
title_lines (const JxFlameGraph *self,
             char              **title_out)
{
  g_autofree char *title = g_strdup_printf (_("Differential flame graph: B “%s” against A “%s”"), self->name_b, self->name_a);
  g_autofree char *band = g_strdup_printf ("%g", self->options.band * 100.0);
  g_autoptr(GString) sub = g_string_new (NULL);
  const char *quantity = self->options.self_time ? _("self time") : _("total time");

  if (self->options.width_by_a)
    g_string_append (sub, self->widened ? _("Width: A’s total time (frames only in B: their B time)")
                                        : _("Width: A’s total time"));
  else
    g_string_append (sub, self->widened ? _("Width: B’s total time (frames only in A: their A time)")
                                        : _("Width: B’s total time"));
  g_string_append (sub, " · ");
  if (self->options.normalised)
    g_string_append_printf (sub, _("colour: change of the %s as a share of each trace’s total, neutral within ±%s %%"),
                            quantity, band);
  else
    g_string_append_printf (sub, _("colour: change of the %s B/A, neutral within ±%s %%"), quantity, band);
  if (self->n_hidden > 0)
    g_string_append_printf (sub, g_dngettext (GETTEXT_PACKAGE, " · %" PRIu64 " call path too narrow or deep to draw",
                                              " · %" PRIu64 " call paths too narrow or deep to draw",
                                              (gulong) MIN (self->n_hidden, G_MAXULONG)),
                            self->n_hidden);
  *title_out = g_steal_pointer (&title);
  return g_steal_pointer (&sub);
}

static void
draw_title (const JxFlameGraph *self,
            cairo_t            *cr)
{
  JxRgba ink = _jx_draw_ink (self->options.dark, 0.95), soft = _jx_draw_ink (self->options.dark, 0.7);
  g_autofree char *title = NULL;
  g_autoptr(GString) sub = title_lines (self, &title);

  _jx_draw_text (cr, title, FONT_TITLE, JX_FLAME_PAD, 6, self->width - 2 * JX_FLAME_PAD, &ink);
  _jx_draw_text (cr, sub->str, FONT, JX_FLAME_PAD, 26, self->width - 2 * JX_FLAME_PAD, &soft);
}

char *
jx_flame_graph_dup_title (const JxFlameGraph *self)
{
  g_autofree char *title = NULL;
  g_autoptr(GString) sub = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  sub = title_lines (self, &title);
  return g_strdup_printf ("%s\n%s", title, sub->str);
}

/* x of a position on the legend's bar: faster ramp, neutral, slower ramp. */
static double
bar_x (double x0,
       double position)
{
  if (position < 0.0)
    return x0 + BAR_WIDTH * (1.0 + position);
  if (position == 0.0)
    return x0 + BAR_WIDTH + BAR_GAP / 2;
  return x0 + BAR_WIDTH + BAR_GAP + BAR_WIDTH * position;
}

static void
draw_tick (cairo_t      *cr,
           double        x,
           double        y,
           const char   *text,
           const JxRgba *ink)
{
  int tw = _jx_draw_text_width (cr, text, FONT);

  jx_palette_cairo_set_source (cr, ink);
  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, floor (x) + 0.5, y);
  cairo_line_to (cr, floor (x) + 0.5, y + 4);
  cairo_stroke (cr);
  _jx_draw_text (cr, text, FONT, x - tw / 2.0, y + 4, tw + 2, ink);
}

static void
draw_legend (const JxFlameGraph *self,
             cairo_t            *cr,
             double              legend_top,
             int                 width)
{
  gboolean dark = self->options.dark;
  JxRgba ink = _jx_draw_ink (dark, 0.85);
  double band = MIN (MAX (self->options.band, 0.0), 0.9);
  double top = legend_top + 20;
  double x0 = JX_FLAME_PAD + _jx_draw_text_width (cr, _("faster"), FONT) + 8;
  double sx;
  static const double slower_ticks[] = { 2.0, JX_PALETTE_TIMING_SATURATION };
  static const double faster_ticks[] = { 0.5, 1.0 / JX_PALETTE_TIMING_SATURATION };

  /* The bar: faster ramp, the neutral band, slower ramp. */
  for (double px = 0; px < BAR_WIDTH; px += 1.0)
    {
      JxRgba c;

      jx_palette_timing_color_at (-1.0 + px / BAR_WIDTH * (1.0 - 1e-6), dark, &c);
      jx_palette_cairo_set_source (cr, &c);
      cairo_rectangle (cr, x0 + px, top, 1.0, 14);
      cairo_fill (cr);
      jx_palette_timing_color_at (1e-6 + px / BAR_WIDTH, dark, &c);
      jx_palette_cairo_set_source (cr, &c);
      cairo_rectangle (cr, x0 + BAR_WIDTH + BAR_GAP + px, top, 1.0, 14);
      cairo_fill (cr);
    }
  {
    JxRgba c;

    jx_palette_timing_color_at (0.0, dark, &c);
    jx_palette_cairo_set_source (cr, &c);
    cairo_rectangle (cr, x0 + BAR_WIDTH, top, BAR_GAP, 14);
    cairo_fill (cr);
  }
  _jx_draw_text (cr, _("faster"), FONT, JX_FLAME_PAD, top, x0 - JX_FLAME_PAD, &ink);
  _jx_draw_text (cr, _("slower"), FONT, x0 + 2 * BAR_WIDTH + BAR_GAP + 6, top, 80, &ink);
  for (guint i = 0; i < G_N_ELEMENTS (faster_ticks); i++)
    {
      g_autofree char *t = g_strdup_printf ("×%g", faster_ticks[i]);

      draw_tick (cr, bar_x (x0, jx_palette_timing_position (faster_ticks[i], band)), top + 14, t, &ink);
    }
  {
    g_autofree char *lo = g_strdup_printf ("×%g", 1.0 - band);
    g_autofree char *hi = g_strdup_printf ("×%g", 1.0 + band);
    g_autofree char *within = g_strdup_printf (_("±%g %%"), band * 100.0);
    int tw = _jx_draw_text_width (cr, within, FONT);

    draw_tick (cr, x0 + BAR_WIDTH, top + 14, lo, &ink);
    draw_tick (cr, x0 + BAR_WIDTH + BAR_GAP, top + 14, hi, &ink);
    _jx_draw_text (cr, within, FONT, x0 + BAR_WIDTH + BAR_GAP / 2 - tw / 2.0, top - 13, tw + 2, &ink);
  }
  for (guint i = 0; i < G_N_ELEMENTS (slower_ticks); i++)
    {
      g_autofree char *t = g_strdup_printf ("×%g", slower_ticks[i]);

      draw_tick (cr, bar_x (x0, jx_palette_timing_position (slower_ticks[i], band)), top + 14, t, &ink);
    }

  /* The marks. */
  sx = x0 + 2 * BAR_WIDTH + BAR_GAP + 70;
  {
    struct { guint8 marks; const char *text; } swatches[] = {
      { JX_FLAME_MARK_ONLY_A, N_("only in A (removed)") },
      { JX_FLAME_MARK_ONLY_B, N_("only in B (new)") },
      { JX_FLAME_MARK_MIXED, N_("some calls in one trace only") },
      { JX_FLAME_MARK_DIFFERENT, N_("A’s function aligned with another in B") },
    };

    for (guint i = 0; i < G_N_ELEMENTS (swatches); i++)
      {
        double y = top - 4 + (i % 2) * 22;
        double x = sx + (i / 2) * 250;

        if (x + 240 > width)
          break;
        paint_frame (cr, 0.0, swatches[i].marks, x, y, 28, JX_FLAME_ROW_HEIGHT - 1, dark, NULL);
        _jx_draw_text (cr, _(swatches[i].text), FONT, x + 34, y + 2, 210, &ink);
      }
  }
}

void
jx_flame_graph_draw (const JxFlameGraph *self,
                     cairo_t            *cr)
{
  JxRgba background;

  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);

  background = self->options.dark ? (JxRgba) { 0.141f, 0.141f, 0.141f, 1.0f } : (JxRgba) { 0.98f, 0.98f, 0.98f, 1.0f };
  cairo_save (cr);
  jx_palette_cairo_set_source (cr, &background);
  cairo_paint (cr);
  if (!self->options.bare)
    draw_title (self, cr);
  cairo_rectangle (cr, 0, self->title_height, self->width, self->height - self->title_height - self->legend_height);
  cairo_save (cr);
  cairo_clip (cr);
  draw_frames (self, cr);
  cairo_restore (cr);
  if (!self->options.bare)
    draw_legend (self, cr, self->height - JX_FLAME_LEGEND_HEIGHT, self->width);
  cairo_restore (cr);
}

int
jx_flame_graph_get_legend_height (void)
{
  return JX_FLAME_LEGEND_HEIGHT;
}

void
jx_flame_graph_draw_legend (const JxFlameGraph *self,
                            cairo_t            *cr,
                            int                 width)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);

  cairo_save (cr);
  draw_legend (self, cr, 0.0, width);
  cairo_restore (cr);
}
