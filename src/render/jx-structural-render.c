/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-structural-render.c — see jx-structural-render.h. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "jx-palette.h"
#include "jx-structural-render.h"
#include "jx-time-ruler.h"

#define GAP 4

typedef struct
{
  int y;
  int height;
} Band;

static void
bands (Band *a,
       Band *diff,
       Band *b)
{
  a->y = JX_STRUCTURAL_RULER_HEIGHT + GAP;
  a->height = JX_STRUCTURAL_ROW_HEIGHT;
  diff->y = a->y + a->height + GAP;
  diff->height = JX_STRUCTURAL_DIFF_HEIGHT;
  b->y = diff->y + diff->height + GAP;
  b->height = JX_STRUCTURAL_ROW_HEIGHT;
}

void
jx_structural_view_init (JxStructuralView *view)
{
  g_return_if_fail (view != NULL);

  memset (view, 0, sizeof *view);
  view->end = 1;
  view->label_width = 180;
  view->selected_pair = JX_NONE;
  view->tint_a = view->tint_b = (JxRgba) { 1.0f, 1.0f, 1.0f, 1.0f };
}

int
jx_structural_render_height (void)
{
  Band a, d, b;

  bands (&a, &d, &b);
  return b.y + b.height + GAP;
}

static int
time_width (const JxStructuralView *view)
{
  return MAX (view->width - view->label_width, 1);
}

double
jx_structural_view_time_to_x (const JxStructuralView *view,
                              gint64                  t)
{
  g_return_val_if_fail (view != NULL, 0.0);

  return view->label_width + (double) (t - view->start) * time_width (view) / (double) MAX (view->end - view->start, 1);
}

gint64
jx_structural_view_x_to_time (const JxStructuralView *view,
                              double                  x)
{
  g_return_val_if_fail (view != NULL, 0);

  return view->start + (gint64) floor ((x - view->label_width) * (double) MAX (view->end - view->start, 1) /
                                       time_width (view));
}

/* The pair on the state row at virtual time t: innermost of either side. */
static guint32
pair_on_diff (JxStructuralLayout *layout,
              gint64              t)
{
  guint32 a = jx_structural_layout_innermost (layout, FALSE, t);
  guint32 b = jx_structural_layout_innermost (layout, TRUE, t);

  if (a == JX_NONE)
    return b;
  if (b == JX_NONE)
    return a;
  return MAX (a, b);   /* the later in pre-order is the inner one */
}

static guint32
diff_pixel (const JxStructuralView *view,
            gint64                  t0,
            gint64                  t1,
            const guint32           colors[4],
            guint32                 background)
{
  guint64 counts[4];
  gsize first = jx_structural_layout_first_at (view->layout, t0);
  gsize last = jx_structural_layout_first_at (view->layout, t1);
  guint32 pair;

  /* Any pair starting in the pixel shows, the strongest state first. */
  jx_structural_layout_count (view->layout, first, last, counts);
  if (counts[JX_PAIR_ONLY_A] > 0)
    return colors[JX_PAIR_ONLY_A];
  if (counts[JX_PAIR_ONLY_B] > 0)
    return colors[JX_PAIR_ONLY_B];
  if (counts[JX_PAIR_DIFFERENT] > 0)
    return colors[JX_PAIR_DIFFERENT];
  pair = pair_on_diff (view->layout, t0 + (t1 - t0) / 2);
  if (pair == JX_NONE)
    return counts[JX_PAIR_EQUAL] > 0 ? colors[JX_PAIR_EQUAL] : background;
  return colors[jx_structural_layout_get_state (view->layout, pair)];
}

static void
fill_band (cairo_t      *cr,
           const guint32 *line,
           int            x,
           int            width,
           const Band    *band)
{
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, 1);
  guchar *data;
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;

  cairo_surface_flush (image);
  data = cairo_image_surface_get_data (image);
  memcpy (data, line, (gsize) width * sizeof (guint32));
  cairo_surface_mark_dirty (image);
  pattern = cairo_pattern_create_for_surface (image);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_REPEAT);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
  cairo_matrix_init_translate (&matrix, -x, -band->y);
  cairo_pattern_set_matrix (pattern, &matrix);
  cairo_set_source (cr, pattern);
  cairo_rectangle (cr, x, band->y, width, band->height);
  cairo_fill (cr);
  cairo_pattern_destroy (pattern);
  cairo_surface_destroy (image);
}

static void
draw_label (cairo_t      *cr,
            PangoContext *context,
            const char   *text,
            const Band   *band,
            int           width,
            gboolean      dark)
{
  g_autoptr(PangoLayout) layout = pango_layout_new (context);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 9");
  int lw, lh;

  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, text != NULL ? text : "", -1);
  pango_layout_set_width (layout, MAX (width - 12, 1) * PANGO_SCALE);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_MIDDLE);
  pango_layout_get_pixel_size (layout, &lw, &lh);
  jx_palette_cairo_set_text (cr, dark, 0.9);
  cairo_move_to (cr, 6, band->y + (band->height - lh) / 2);
  pango_cairo_show_layout (cr, layout);
}

static void
draw_selection (cairo_t                *cr,
                const JxStructuralView *view,
                const Band             *band,
                gint64                  start,
                gint64                  end)
{
  double x0 = jx_structural_view_time_to_x (view, start);
  double x1 = jx_structural_view_time_to_x (view, end);

  if (x1 - x0 < 4.0)
    {
      double mid = (x0 + x1) / 2.0;

      x0 = mid - 2.0;
      x1 = mid + 2.0;
    }
  cairo_rectangle (cr, x0, band->y + 1, x1 - x0, band->height - 2);
  for (guint pass = 0; pass < 2; pass++)
    {
      double grey = (!!view->dark == (pass == 1)) ? 1.0 : 0.0;

      cairo_set_source_rgb (cr, grey, grey, grey);
      cairo_set_line_width (cr, pass == 0 ? 4.0 : 2.0);
      if (pass == 0)
        cairo_stroke_preserve (cr);
      else
        cairo_stroke (cr);
    }
}

void
jx_structural_render_draw (cairo_t                *cr,
                           const JxStructuralView *view)
{
  int tw = time_width (view);
  Band band_a, band_d, band_b;
  g_autofree guint32 *line_a = NULL;
  g_autofree guint32 *line_d = NULL;
  g_autofree guint32 *line_b = NULL;
  guint32 diff_colors[4];
  guint32 bg_a, bg_b, bg_d;
  double tpp;
  PangoContext *context;
  JxRgba c;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (view != NULL && view->layout != NULL);
  g_return_if_fail (view->colors_a != NULL && view->colors_b != NULL);

  if (view->width <= 0 || view->height <= 0)
    return;
  bands (&band_a, &band_d, &band_b);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, view->width, view->height);
  cairo_clip (cr);

  c = view->dark ? (JxRgba) { 0.141f, 0.141f, 0.141f, 1.0f } : (JxRgba) { 0.98f, 0.98f, 0.98f, 1.0f };
  jx_palette_cairo_set_source (cr, &c);
  cairo_paint (cr);
  jx_time_ruler_draw (cr, view->start, view->end, view->label_width, tw, JX_STRUCTURAL_RULER_HEIGHT, view->dark);

  /* Rows on their traces' tints, the state row on the window's colour. */
  jx_palette_cairo_set_source (cr, &view->tint_a);
  cairo_rectangle (cr, 0, band_a.y - GAP / 2, view->width, band_a.height + GAP);
  cairo_fill (cr);
  jx_palette_cairo_set_source (cr, &view->tint_b);
  cairo_rectangle (cr, 0, band_b.y - GAP / 2, view->width, band_b.height + GAP);
  cairo_fill (cr);
  bg_a = jx_palette_rgba_to_pixel (&view->tint_a);
  bg_b = jx_palette_rgba_to_pixel (&view->tint_b);
  bg_d = jx_palette_rgba_to_pixel (&c);

  /* Only in A uses the bars' "only here" blue, only in B their tick colour:
   * one colour per trace, as on its own bar. */
  jx_palette_diff_color (JX_DIFF_EQUAL, view->dark, &c);
  diff_colors[JX_PAIR_EQUAL] = jx_palette_rgba_to_pixel (&c);
  jx_palette_diff_color (JX_DIFF_DIFFERENT, view->dark, &c);
  diff_colors[JX_PAIR_DIFFERENT] = jx_palette_rgba_to_pixel (&c);
  jx_palette_diff_color (JX_DIFF_ONLY_HERE, view->dark, &c);
  diff_colors[JX_PAIR_ONLY_A] = jx_palette_rgba_to_pixel (&c);
  jx_palette_diff_color (JX_DIFF_ONLY_THERE, view->dark, &c);
  diff_colors[JX_PAIR_ONLY_B] = jx_palette_rgba_to_pixel (&c);

  line_a = g_new (guint32, tw);
  line_d = g_new (guint32, tw);
  line_b = g_new (guint32, tw);
  tpp = (double) MAX (view->end - view->start, 1) / tw;
  for (int x = 0; x < tw; x++)
    {
      gint64 t0 = view->start + (gint64) floor (x * tpp);
      gint64 t1 = MAX (view->start + (gint64) floor ((x + 1) * tpp), t0 + 1);
      gint64 mid = t0 + (t1 - t0) / 2;
      guint32 pa = jx_structural_layout_innermost (view->layout, FALSE, mid);
      guint32 pb = jx_structural_layout_innermost (view->layout, TRUE, mid);
      guint32 inner = pair_on_diff (view->layout, mid);
      JxPairState state = inner != JX_NONE ? jx_structural_layout_get_state (view->layout, inner) : JX_PAIR_EQUAL;

      /* Over a call only on one side, the other side's caller (stretched to
       * hold the slot) must not hide the gap: that row stays empty there. */
      if (state == JX_PAIR_ONLY_A)
        pb = JX_NONE;
      else if (state == JX_PAIR_ONLY_B)
        pa = JX_NONE;
      line_a[x] = pa != JX_NONE
                  ? view->colors_a[view->a.stream->region[jx_structural_layout_get_node (view->layout, pa, FALSE)]]
                  : bg_a;
      line_b[x] = pb != JX_NONE
                  ? view->colors_b[view->b.stream->region[jx_structural_layout_get_node (view->layout, pb, TRUE)]]
                  : bg_b;
      line_d[x] = diff_pixel (view, t0, t1, diff_colors, bg_d);
    }
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  fill_band (cr, line_a, view->label_width, tw, &band_a);
  fill_band (cr, line_d, view->label_width, tw, &band_d);
  fill_band (cr, line_b, view->label_width, tw, &band_b);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);

  if (view->selected_pair != JX_NONE && view->selected_pair < jx_structural_layout_get_n_pairs (view->layout))
    {
      gint64 start, end_a, end_b;

      cairo_save (cr);
      cairo_rectangle (cr, view->label_width, 0, tw, view->height);
      cairo_clip (cr);
      jx_structural_layout_get_slot (view->layout, view->selected_pair, &start, &end_a, &end_b);
      if (end_a >= 0)
        draw_selection (cr, view, &band_a, start, end_a);
      if (end_b >= 0)
        draw_selection (cr, view, &band_b, start, end_b);
      cairo_restore (cr);
    }

  context = pango_cairo_create_context (cr);
  draw_label (cr, context, view->name_a, &band_a, view->label_width, view->dark);
  {
    Band label_band = band_d;

    label_band.y -= 3;
    label_band.height += 6;
    draw_label (cr, context, _("alignment"), &label_band, view->label_width, view->dark);
  }
  draw_label (cr, context, view->name_b, &band_b, view->label_width, view->dark);
  g_object_unref (context);
  cairo_restore (cr);
}

JxStructuralPart
jx_structural_render_part_at (const JxStructuralView *view,
                              double                  y)
{
  Band a, d, b;

  g_return_val_if_fail (view != NULL, JX_STRUCTURAL_PART_NONE);

  bands (&a, &d, &b);
  if (y >= a.y && y < a.y + a.height)
    return JX_STRUCTURAL_PART_A;
  if (y >= d.y && y < d.y + d.height)
    return JX_STRUCTURAL_PART_DIFF;
  if (y >= b.y && y < b.y + b.height)
    return JX_STRUCTURAL_PART_B;
  return JX_STRUCTURAL_PART_NONE;
}

guint32
jx_structural_render_pair_at (const JxStructuralView *view,
                              double                  x,
                              double                  y)
{
  gint64 t;

  g_return_val_if_fail (view != NULL && view->layout != NULL, JX_NONE);

  if (x < view->label_width || x >= view->width)
    return JX_NONE;
  t = jx_structural_view_x_to_time (view, floor (x) + 0.5);
  switch (jx_structural_render_part_at (view, y))
    {
    case JX_STRUCTURAL_PART_A:
      return jx_structural_layout_innermost (view->layout, FALSE, t);
    case JX_STRUCTURAL_PART_B:
      return jx_structural_layout_innermost (view->layout, TRUE, t);
    case JX_STRUCTURAL_PART_DIFF:
      return pair_on_diff (view->layout, t);
    case JX_STRUCTURAL_PART_NONE:
    default:
      return JX_NONE;
    }
}
