/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-render-fold.c — folded groups and the SOS overlay in a
 * comparison picture (see jx-comparison-render-private.h). */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "jx-comparison-render-private.h"
#include "jx-group-summary.h"
#include "jx-palette.h"

guint8 *
_jx_comparison_folded_groups (const JxComparisonLane          *lane,
                              const JxComparisonRenderOptions *options)
{
  JxStreamGroups *groups;
  guint n;
  guint8 *folded;

  if (lane->fold == NULL)
    return NULL;
  groups = jx_timeline_fold_get_groups (lane->fold);
  n = jx_stream_groups_get_n_groups (groups);
  folded = g_new0 (guint8, MAX (n, 1));
  for (guint g = 0; g < n; g++)
    folded[g] = (options->fold_kinds & (1u << jx_stream_groups_get_group (groups, g)->kind)) != 0;
  return folded;
}

char **
_jx_comparison_group_notes (const JxComparisonLane *lane,
                            const GArray           *rows,
                            gint64                  start,
                            gint64                  end)
{
  JxStreamGroups *groups;
  guint n;
  char **notes;

  if (lane->fold == NULL)
    return NULL;
  groups = jx_timeline_fold_get_groups (lane->fold);
  n = jx_stream_groups_get_n_groups (groups);
  notes = g_new0 (char *, n + 1);
  for (guint r = 0; r < rows->len; r++)
    {
      const JxTimelineRow *row = &g_array_index (rows, JxTimelineRow, r);
      const JxStreamGroup *g;
      double share;

      if (row->group == JX_NONE || row->group >= n || !row->collapsed || notes[row->group] != NULL)
        continue;
      g = jx_stream_groups_get_group (groups, row->group);
      share = jx_group_busy_share (lane->trace, g->members, g->n_members, (guint64) MAX (start, 0),
                                   (guint64) MAX (end, 0));
      /* TRANSLATORS: share of the time a folded group's streams ran something */
      notes[row->group] = g_strdup_printf (_("busy %.0f %%"), share * 100.0);
    }
  for (guint g = 0; g < n; g++)
    if (notes[g] == NULL)
      notes[g] = g_strdup ("");
  return notes;
}

gboolean
_jx_comparison_sos_range (const JxComparisonLane *lanes,
                          guint                   n_lanes,
                          gint64                 *min_ns,
                          gint64                 *max_ns)
{
  gboolean any = FALSE;

  for (guint l = 0; l < n_lanes; l++)
    {
      guint64 lo, hi;
      gint64 a, b;

      if (lanes[l].imbalance == NULL || !jx_imbalance_get_sos_range (lanes[l].imbalance, &lo, &hi))
        continue;
      a = jx_trace_ticks_to_ns (lanes[l].trace, (gint64) lo);
      b = jx_trace_ticks_to_ns (lanes[l].trace, (gint64) hi);
      *min_ns = any ? MIN (*min_ns, a) : a;
      *max_ns = any ? MAX (*max_ns, b) : b;
      any = TRUE;
    }
  return any;
}

static int
show (cairo_t      *cr,
      PangoContext *context,
      const char   *text,
      int           x,
      int           y,
      int           height,
      gboolean      dark)
{
  g_autoptr(PangoLayout) layout = pango_layout_new (context);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 9");
  int w, h;

  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  jx_palette_cairo_set_text (cr, dark, 0.9);
  cairo_move_to (cr, x, y + (height - h) / 2);
  pango_cairo_show_layout (cr, layout);
  return w;
}

void
_jx_comparison_draw_sos_legend (cairo_t                *cr,
                                PangoContext           *context,
                                const JxComparisonLane *lanes,
                                guint                   n_lanes,
                                gint64                  min_ns,
                                gint64                  max_ns,
                                int                     x,
                                int                     y,
                                int                     height,
                                int                     width,
                                gboolean                dark)
{
  g_autoptr(GString) functions = g_string_new (NULL);
  g_autofree char *lo = jx_time_format (min_ns, 3);
  g_autofree char *hi = jx_time_format (max_ns, 3);
  g_autofree char *title = NULL;
  int bar = MIN (240, width / 4), bx;

  g_autoptr(GHashTable) named = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint l = 0; l < n_lanes; l++)
    {
      const char *name;

      if (lanes[l].imbalance == NULL)
        continue;
      name = jx_trace_get_region (lanes[l].trace, jx_imbalance_get_function (lanes[l].imbalance))->name;
      /* Each function once, by its whole name ("iterate" beside "iterate_all"). */
      if (g_hash_table_add (named, (gpointer) name))
        g_string_append_printf (functions, "%s%s", functions->len > 0 ? ", " : "", name);
    }
  /* TRANSLATORS: legend of the overlay; %s names the functions whose calls are the segments */
  title = g_strdup_printf (_("SOS time of %s:"), functions->str);
  bx = x + show (cr, context, title, x, y, height, dark) + 8;
  bx += show (cr, context, lo, bx, y, height, dark) + 6;
  for (int i = 0; i < bar; i++)
    {
      JxRgba c;

      jx_palette_sos_color ((double) i / MAX (bar - 1, 1), &c);
      jx_palette_cairo_set_source (cr, &c);
      cairo_rectangle (cr, bx + i, y + 3, 1, height - 6);
      cairo_fill (cr);
    }
  jx_palette_cairo_set_text (cr, dark, 0.35);
  cairo_set_line_width (cr, 1.0);
  cairo_rectangle (cr, bx - 0.5, y + 2.5, bar + 1, height - 5);
  cairo_stroke (cr);
  show (cr, context, hi, bx + bar + 6, y, height, dark);
}
