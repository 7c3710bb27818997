/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-render.c — see jx-comparison-render.h.
 *
 * A draw runs in three steps: lay out the rows of every lane (filtered by
 * process), sample them once to learn which functions and categories the
 * picture shows (the legend), then share the height out and paint ruler,
 * lanes and legend. The rows themselves are painted by JxTimelineRenderer,
 * exactly as in the window. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "jx-comparison-render-private.h"
#include "jx-palette.h"
#include "jx-time-ruler.h"
#include "jx-timeline-renderer-private.h"
#include "jx-timing-scale.h"
#include "jx-trace-metrics.h"

#define LANE_GAP          6
#define LEGEND_LINE       18
#define LEGEND_PADDING    10
#define LEGEND_SWATCH     12
#define LEGEND_MAX_TEXT   240
#define LEGEND_MAX_LINES  20
#define LEGEND_SPACING    18
#define TIMING_LINE       28
#define MARGIN            8
#define MIN_FIT_HEIGHT    16

typedef struct
{
  JxTimelineRenderer *renderer;
  GArray             *rows;        /* of JxTimelineRow, filtered, y from 0 */
  guint               n_shown;     /* rows that fit */
  gboolean            no_process;  /* --process names a process this trace lacks */
  gint64              start;       /* the window in trace ticks */
  gint64              end;
  char              **notes;       /* per fold group, NULL without a fold */
} Lane;

typedef struct
{
  JxLegendEntry entry;
  guint64       pixels;            /* over all drawn rows */
  int           diff_state;        /* JxDiffState of a diff bar colour; -1 for functions and categories */
  gboolean      is_cluster;        /* a cluster mark (render --clusters): */
  guint32       cluster;           /* its index, or JX_COMPARISON_RENDER_OUTLIER */
} LegendItem;

void
jx_comparison_lane_init (JxComparisonLane *lane,
                         JxTrace          *trace,
                         guint             index,
                         gboolean          dark)
{
  g_return_if_fail (lane != NULL);
  g_return_if_fail (JX_IS_TRACE (trace));

  memset (lane, 0, sizeof *lane);
  lane->trace = trace;
  jx_palette_trace_background (index, dark, &lane->tint);
  jx_palette_trace_accent (index, dark, &lane->accent);
}

void
jx_comparison_render_options_init (JxComparisonRenderOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->width = 1600;
  options->height = 0;
  options->label_width = 180;
  options->min_row_height = 3;
  options->max_row_height = 18;
  options->show_markers = TRUE;
  options->show_legend = TRUE;
}

static gint64
lane_duration_ns (const JxComparisonLane *lane)
{
  return jx_trace_ticks_to_ns (lane->trace, (gint64) (jx_trace_get_end_time (lane->trace) -
                                                      jx_trace_get_start_time (lane->trace)));
}

gboolean
jx_comparison_render_get_extent (const JxComparisonLane *lanes,
                                 guint                   n_lanes,
                                 gint64                 *start_ns,
                                 gint64                 *end_ns)
{
  gint64 lo = 0, hi = 0;

  g_return_val_if_fail (lanes != NULL || n_lanes == 0, FALSE);

  for (guint i = 0; i < n_lanes; i++)
    {
      gint64 s = lanes[i].offset_ns;
      gint64 e = s + lane_duration_ns (&lanes[i]);

      if (i == 0 || s < lo)
        lo = s;
      if (i == 0 || e > hi)
        hi = e;
    }
  if (start_ns != NULL)
    *start_ns = lo;
  if (end_ns != NULL)
    *end_ns = hi;
  return n_lanes > 0;
}

/* Diff bars are thin, as in the window: two fifths of a row. */
static int
diff_height (int row_height)
{
  return MAX (2, (row_height * 2 + 2) / 5);
}

/* Rows of the lane's trace at the given height, only those of `process`
 * when set, packed from y = 0; by the fold's groups when it has one; a
 * diff row under each stream with a diff bar. */
static GArray *
lane_rows (const JxComparisonLane          *lane,
           const JxComparisonRenderOptions *options,
           int                              row_height,
           gboolean                         collapse,
           gboolean                        *no_process)
{
  JxTrace *trace = lane->trace;
  const char *process = options->process;
  JxTimelineLayoutParams params;
  g_autoptr(GArray) all = NULL;
  g_autofree guint8 *collapsed = NULL;
  g_autofree guint8 *folded = _jx_comparison_folded_groups (lane, options);
  g_autofree guint8 *counters = _jx_comparison_counter_streams (lane, options);
  GArray *rows;
  int y = 0;

  jx_timeline_layout_params_init (&params);
  params.row_height = row_height;
  params.header_height = row_height;
  if (lane->fold != NULL)
    {
      params.groups = jx_timeline_fold_get_groups (lane->fold);
      params.folded = folded;
    }
  if (lane->diff_bars != NULL)
    {
      g_assert (jx_diff_bar_set_get_n_streams (lane->diff_bars) == jx_trace_get_n_streams (trace));
      params.diff_streams = jx_diff_bar_set_get_rows (lane->diff_bars);
      params.diff_height = diff_height (row_height);
    }
  params.counter_streams = counters;
  params.counter_height = MAX (6, row_height * 3 / 2);
  if (collapse)
    {
      guint n = jx_trace_get_n_processes (trace);

      collapsed = g_new (guint8, MAX (n, 1));
      memset (collapsed, 1, MAX (n, 1));
      params.collapsed = collapsed;
    }
  all = jx_timeline_layout_new (trace, &params, NULL);

  *no_process = process != NULL;
  rows = g_array_new (FALSE, TRUE, sizeof (JxTimelineRow));
  for (guint r = 0; r < all->len; r++)
    {
      JxTimelineRow row = g_array_index (all, JxTimelineRow, r);

      if (process != NULL &&
          g_strcmp0 (jx_trace_get_process (trace, row.process)->name, process) != 0)
        continue;
      *no_process = FALSE;
      row.y = y;
      y += row.height;
      g_array_append_val (rows, row);
    }
  return rows;
}

static void
legend_item_clear (gpointer data)
{
  LegendItem *item = data;

  g_clear_pointer (&item->entry.name, g_free);
}

static int
compare_legend_items (gconstpointer a,
                      gconstpointer b)
{
  const LegendItem *x = a;
  const LegendItem *y = b;

  /* Categories first, in their fixed order, then functions by what they cover. */
  if (x->entry.is_category != y->entry.is_category)
    return x->entry.is_category ? -1 : 1;
  if (x->entry.is_category)
    return (int) x->entry.category - (int) y->entry.category;
  if (x->pixels != y->pixels)
    return x->pixels > y->pixels ? -1 : 1;
  return g_strcmp0 (x->entry.name, y->entry.name);
}

/* Samples every row of every lane and returns what the picture shows, as
 * LegendItems in legend order. */
static GArray *
collect_legend (const JxComparisonLane *lanes,
                Lane                   *lane_data,
                guint                   n_lanes,
                int                     time_width)
{
  g_autoptr(GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree guint32 *regions = g_new (guint32, MAX (time_width, 1));
  g_autofree guint32 *marks = g_new (guint32, MAX (time_width, 1));
  guint category_item[JX_N_CATEGORIES];
  GArray *items = g_array_new (FALSE, TRUE, sizeof (LegendItem));

  g_array_set_clear_func (items, legend_item_clear);
  for (guint c = 0; c < JX_N_CATEGORIES; c++)
    category_item[c] = G_MAXUINT;

  for (guint l = 0; l < n_lanes; l++)
    {
      JxTrace *trace = lanes[l].trace;
      guint n_regions = jx_trace_get_n_regions (trace);
      g_autofree guint64 *pixels = g_new0 (guint64, MAX (n_regions, 1));

      for (guint r = 0; r < lane_data[l].rows->len; r++)
        {
          const JxTimelineRow *row = &g_array_index (lane_data[l].rows, JxTimelineRow, r);

          /* Expanded process headers only repeat their stream rows. */
          if ((row->kind == JX_TIMELINE_ROW_PROCESS || row->kind == JX_TIMELINE_ROW_GROUP) && !row->collapsed)
            continue;
          /* Marks show their region too, so it is in the legend. */
          _jx_timeline_renderer_sample_row_marked (lane_data[l].renderer, row, lane_data[l].start,
                                                   lane_data[l].end, (guint) time_width, regions, marks);
          for (int x = 0; x < time_width; x++)
            if (regions[x] < n_regions)
              pixels[regions[x]]++;
            else if (marks[x] < n_regions)
              pixels[marks[x]]++;
        }

      for (guint r = 0; r < n_regions; r++)
        {
          const JxRegion *region = jx_trace_get_region (trace, r);
          guint index;

          if (pixels[r] == 0)
            continue;
          if (region->category != JX_CATEGORY_USER)
            {
              guint c = MIN (region->category, JX_CATEGORY_OTHER);

              if (category_item[c] == G_MAXUINT)
                {
                  LegendItem item = { { 0 } };

                  item.diff_state = -1;
                  item.entry.name = g_strdup (jx_category_label (c));
                  item.entry.category = c;
                  item.entry.is_category = TRUE;
                  category_item[c] = items->len;
                  g_array_append_val (items, item);
                }
              index = category_item[c];
            }
          else
            {
              gpointer value;

              if (g_hash_table_lookup_extended (by_name, region->name, NULL, &value))
                index = GPOINTER_TO_UINT (value);
              else
                {
                  LegendItem item = { { 0 } };

                  item.diff_state = -1;
                  item.entry.name = g_strdup (region->name);
                  item.entry.category = JX_CATEGORY_USER;
                  index = items->len;
                  g_array_append_val (items, item);
                  g_hash_table_insert (by_name, item.entry.name, GUINT_TO_POINTER (index));
                }
            }
          g_array_index (items, LegendItem, index).pixels += pixels[r];
        }
    }

  g_array_sort (items, compare_legend_items);

  /* Diff bars first: what their colours mean (in time mode the timing
   * scale's line says it). */
  for (guint l = 0; l < n_lanes; l++)
    if (lanes[l].diff_bars != NULL && jx_diff_bar_set_get_mode (lanes[l].diff_bars) != JX_DIFF_BAR_TIME)
      {
        static const JxDiffState states[] = {
          JX_DIFF_EQUAL, JX_DIFF_DIFFERENT, JX_DIFF_ONLY_HERE, JX_DIFF_ONLY_THERE,
        };

        for (guint i = 0; i < G_N_ELEMENTS (states); i++)
          {
            LegendItem item = { { 0 } };

            item.diff_state = states[i];
            item.entry.name = g_strdup (jx_palette_diff_label (states[i]));
            g_array_insert_val (items, i, item);
          }
        break;
      }
  return items;
}

/* The diff bars that show time, if any lane has them (one legend line for
 * the timing scale). */
static const JxDiffBarSet *
timing_bars (const JxComparisonLane *lanes,
             guint                   n_lanes)
{
  for (guint l = 0; l < n_lanes; l++)
    if (lanes[l].diff_bars != NULL && jx_diff_bar_set_get_mode (lanes[l].diff_bars) != JX_DIFF_BAR_STRUCTURE)
      return lanes[l].diff_bars;
  return NULL;
}

/* The clusters' entries first: what the marks in the label column mean. */
static void
add_cluster_legend (GArray                          *items,
                    const JxComparisonLane          *lanes,
                    guint                            n_lanes,
                    const JxComparisonRenderOptions *options)
{
  guint at = 0;

  for (guint c = 0; c < options->n_cluster_names; c++)
    {
      LegendItem item = { { 0 } };

      item.diff_state = -1;
      item.is_cluster = TRUE;
      item.cluster = c;
      item.entry.name = g_strdup (options->cluster_names[c]);
      g_array_insert_val (items, at++, item);
    }
  if (_jx_comparison_lanes_have_outliers (lanes, n_lanes))
    {
      LegendItem item = { { 0 } };

      item.diff_state = -1;
      item.is_cluster = TRUE;
      item.cluster = JX_COMPARISON_RENDER_OUTLIER;
      item.entry.name = g_strdup (_("outlier (alone in its cluster)"));
      g_array_insert_val (items, at, item);
    }
}

static PangoLayout *
text_layout (PangoContext *context,
             const char   *font,
             const char   *text)
{
  PangoLayout *layout = pango_layout_new (context);
  PangoFontDescription *desc = pango_font_description_from_string (font);

  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_single_paragraph_mode (layout, TRUE);
  pango_layout_set_text (layout, text, -1);
  return layout;
}

/* Shows text in `font` at x, centred in the band [y, y + band), at most
 * `width` px wide (ellipsized); returns the width it took. */
static int
show_text (cairo_t            *cr,
           PangoContext       *context,
           const char         *font,
           const char         *text,
           int                 x,
           int                 y,
           int                 band,
           int                 width,
           PangoEllipsizeMode  ellipsize,
           gboolean            dark,
           double              alpha)
{
  g_autoptr(PangoLayout) layout = text_layout (context, font, text);
  int tw, th;

  pango_layout_set_width (layout, MAX (width, 1) * PANGO_SCALE);
  pango_layout_set_ellipsize (layout, ellipsize);
  pango_layout_get_pixel_size (layout, &tw, &th);
  jx_palette_cairo_set_text (cr, dark, alpha);
  cairo_move_to (cr, x, y + (band - th) / 2);
  pango_cairo_show_layout (cr, layout);
  return tw;
}

typedef struct
{
  int   column_width;   /* px per entry, swatch included */
  guint per_line;
  guint lines;
  guint shown;          /* entries drawn (the last slot may be "+N more") */
  int   height;         /* px, padding included; 0 = no legend */
} LegendLayout;

static void
legend_layout (PangoContext *context,
               GArray       *items,
               int           width,
               int           height,
               LegendLayout *out)
{
  int widest = 0;
  guint needed, max_lines;

  memset (out, 0, sizeof *out);
  if (items->len == 0)
    return;

  for (guint i = 0; i < items->len; i++)
    {
      g_autoptr(PangoLayout) layout = text_layout (context, "Sans 9",
                                                   g_array_index (items, LegendItem, i).entry.name);
      int w, h;

      pango_layout_get_pixel_size (layout, &w, &h);
      widest = MAX (widest, w);
    }
  out->column_width = LEGEND_SWATCH + 6 + MIN (widest, LEGEND_MAX_TEXT) + LEGEND_SPACING;
  out->per_line = MAX (1, (guint) ((width - 2 * MARGIN) / out->column_width));
  needed = (items->len + out->per_line - 1) / out->per_line;
  /* The legend may take a fifth of a fixed height, the rows need the rest. */
  if (height > 0)
    max_lines = MAX (1, (guint) ((height / 5 - 2 * LEGEND_PADDING) / LEGEND_LINE));
  else
    max_lines = LEGEND_MAX_LINES;
  out->lines = MIN (needed, max_lines);
  out->shown = MIN (items->len, out->lines * out->per_line);
  if (out->shown < items->len)
    out->shown--;   /* the last slot says how many more */
  out->height = (int) out->lines * LEGEND_LINE + 2 * LEGEND_PADDING;
}

static void
draw_legend (cairo_t            *cr,
             PangoContext       *context,
             GArray             *items,
             const LegendLayout *ll,
             int                 y,
             gboolean            dark)
{
  for (guint i = 0; i <= ll->shown && i < items->len; i++)
    {
      int x = MARGIN + (int) (i % ll->per_line) * ll->column_width;
      int ly = y + LEGEND_PADDING + (int) (i / ll->per_line) * LEGEND_LINE;
      int text_width = ll->column_width - LEGEND_SWATCH - 6 - LEGEND_SPACING / 2;

      if (i == ll->shown)
        {
          g_autofree char *more = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "+%u more", "+%u more",
                                                                items->len - ll->shown),
                                                   items->len - ll->shown);

          show_text (cr, context, "Sans 9", more, x, ly, LEGEND_LINE, text_width,
                     PANGO_ELLIPSIZE_MIDDLE, dark, 0.9);
        }
      else
        {
          const LegendItem *item = &g_array_index (items, LegendItem, i);
          JxRgba color;

          if (item->is_cluster)
            _jx_comparison_draw_cluster_swatch (cr, item->cluster, x + 0.5, ly + (LEGEND_LINE - LEGEND_SWATCH) / 2 + 0.5,
                                                LEGEND_SWATCH - 1, LEGEND_SWATCH - 1, dark);
          else
            {
              if (item->diff_state >= 0)
                jx_palette_diff_color ((JxDiffState) item->diff_state, dark, &color);
              else
                jx_palette_legend_color (&item->entry, dark, &color);
              cairo_rectangle (cr, x + 0.5, ly + (LEGEND_LINE - LEGEND_SWATCH) / 2 + 0.5,
                               LEGEND_SWATCH - 1, LEGEND_SWATCH - 1);
              jx_palette_cairo_set_source (cr, &color);
              cairo_fill_preserve (cr);
              jx_palette_cairo_set_text (cr, dark, 0.35);
              cairo_set_line_width (cr, 1.0);
              cairo_stroke (cr);
            }
          show_text (cr, context, "Sans 9", item->entry.name, x + LEGEND_SWATCH + 6, ly, LEGEND_LINE,
                     text_width, PANGO_ELLIPSIZE_MIDDLE, dark, 0.9);
        }
    }
}

static void
draw_lane_header (cairo_t                *cr,
                  PangoContext           *context,
                  const JxComparisonLane *lane,
                  const Lane             *data,
                  const char             *process,
                  int                     width,
                  int                     y,
                  gboolean                dark)
{
  const char *name = lane->name != NULL ? lane->name : jx_trace_get_name (lane->trace);
  g_autofree char *detail_text = NULL;
  g_autofree char *note = NULL;
  int x = MARGIN;

  cairo_rectangle (cr, x + 0.5, y + (JX_COMPARISON_RENDER_HEADER_HEIGHT - LEGEND_SWATCH) / 2 + 0.5,
                   LEGEND_SWATCH - 1, LEGEND_SWATCH - 1);
  jx_palette_cairo_set_source (cr, &lane->accent);
  cairo_fill (cr);
  x += LEGEND_SWATCH + 8;

  if (data->no_process)
    note = g_strdup_printf (_("no process “%s”"), process);
  else if (data->n_shown < data->rows->len)
    note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u row shown", "%u of %u rows shown",
                                         data->rows->len),
                            data->n_shown, data->rows->len);
  else if (data->rows->len > 0 &&
           g_array_index (data->rows, JxTimelineRow, 0).height < JX_COMPARISON_RENDER_LABEL_ROW_HEIGHT)
    {
      guint n = jx_trace_get_n_streams (lane->trace);

      /* Rows too low for every label: only some are named. */
      note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u stream", "%u streams", n), n);
    }
  if (lane->offset_ns != 0)
    {
      g_autofree char *value = jx_time_format (lane->offset_ns, 6);

      detail_text = g_strdup_printf (_("offset %s"), value);
    }
  if (note != NULL)
    {
      char *joined = detail_text != NULL ? g_strdup_printf ("%s · %s", detail_text, note) : g_strdup (note);

      g_free (detail_text);
      detail_text = joined;
    }

  x += show_text (cr, context, "Sans Bold 10", name != NULL ? name : "", x, y,
                  JX_COMPARISON_RENDER_HEADER_HEIGHT, width / 2 - x, PANGO_ELLIPSIZE_MIDDLE, dark, 0.95);
  x += 12;
  if (detail_text != NULL && x < width - MARGIN)
    show_text (cr, context, "Sans 9", detail_text, x, y, JX_COMPARISON_RENDER_HEADER_HEIGHT,
               width - MARGIN - x, PANGO_ELLIPSIZE_END, dark, 0.7);
}

static void
draw_ruler (cairo_t      *cr,
            PangoContext *context,
            gint64        start_ns,
            gint64        end_ns,
            int           label_width,
            int           width,
            gboolean      dark)
{
  jx_time_ruler_draw (cr, start_ns, end_ns, label_width, width - label_width,
                      JX_COMPARISON_RENDER_RULER_HEIGHT, dark);

  /* As the window's time axis: the window's width in the label column. */
  if (label_width > 40)
    {
      g_autofree char *span = jx_time_format (end_ns - start_ns, 3);
      g_autofree char *text = g_strdup_printf (_("Window %s"), span);

      show_text (cr, context, "Sans 9", text, MARGIN, 0, JX_COMPARISON_RENDER_RULER_HEIGHT,
                 label_width - 12, PANGO_ELLIPSIZE_END, dark, 0.7);
    }
}

/* Height of the first n rows (packed from y = 0). */
static int
rows_span (GArray *rows,
           guint   n)
{
  const JxTimelineRow *last;

  if (n == 0)
    return 0;
  last = &g_array_index (rows, JxTimelineRow, n - 1);
  return last->y + last->height;
}

/* Rows of a lane laid out at max_height, in full rows (a diff bar counts as
 * the part of a row it takes). */
static double
lane_units (const Lane *lane,
            int         max_height)
{
  return (double) rows_span (lane->rows, lane->rows->len) / MAX (max_height, 1);
}

/* Shares rows_space px out between the lanes' rows: a common row height,
 * and where even the smallest does not fit, rows in proportion per lane. */
static int
share_rows (Lane *lanes,
            guint n_lanes,
            int   rows_space,
            int   min_height,
            int   laid_out_height,
            int   max_height)
{
  double total = 0.0, capacity;
  int height;

  for (guint l = 0; l < n_lanes; l++)
    total += lane_units (&lanes[l], laid_out_height);
  if (total <= 0.0)
    return laid_out_height;

  height = CLAMP ((int) (rows_space / total), min_height, max_height);
  capacity = MAX ((double) rows_space / height, 0.0);
  for (guint l = 0; l < n_lanes; l++)
    {
      guint n = lanes[l].rows->len;

      lanes[l].n_shown = total <= capacity ? n : (guint) ((double) n * capacity / total);
    }
  return height;
}

/* Everything a draw decides before painting: rows per lane, legend, row
 * height and the picture's height. */
typedef struct
{
  Lane                     *lanes;
  guint                     n_lanes;
  GArray                   *legend;       /* of LegendItem, NULL without legend */
  LegendLayout              ll;
  JxComparisonRenderResult  result;
  int                       width;
  int                       height;
  int                       label_width;
} Plan;

static void
plan_clear (Plan *plan)
{
  for (guint l = 0; l < plan->n_lanes; l++)
    {
      g_clear_object (&plan->lanes[l].renderer);
      g_clear_pointer (&plan->lanes[l].rows, g_array_unref);
      g_clear_pointer (&plan->lanes[l].notes, g_strfreev);
    }
  g_clear_pointer (&plan->lanes, g_free);
  g_clear_pointer (&plan->legend, g_array_unref);
}

static int
fixed_height (guint n_lanes)
{
  return JX_COMPARISON_RENDER_RULER_HEIGHT + MARGIN
         + (int) n_lanes * JX_COMPARISON_RENDER_HEADER_HEIGHT
         + (n_lanes > 0 ? (int) (n_lanes - 1) * LANE_GAP : 0);
}

static void
plan_rows (Plan                            *plan,
           const JxComparisonLane          *lanes,
           const JxComparisonRenderOptions *options,
           gboolean                         collapse)
{
  for (guint l = 0; l < plan->n_lanes; l++)
    {
      Lane *lane = &plan->lanes[l];

      g_clear_pointer (&lane->rows, g_array_unref);
      lane->rows = lane_rows (&lanes[l], options, options->max_row_height, collapse, &lane->no_process);
      lane->n_shown = lane->rows->len;
    }
  plan->result.collapsed = collapse;
}

static guint
plan_total_rows (const Plan *plan)
{
  guint total = 0;

  for (guint l = 0; l < plan->n_lanes; l++)
    total += plan->lanes[l].rows->len;
  return total;
}

/* Height of every lane's rows as laid out now. */
static int
plan_total_span (const Plan *plan)
{
  int total = 0;

  for (guint l = 0; l < plan->n_lanes; l++)
    total += rows_span (plan->lanes[l].rows, plan->lanes[l].rows->len);
  return total;
}

static void
plan_init (Plan                            *plan,
           const JxComparisonLane          *lanes,
           guint                            n_lanes,
           const JxComparisonRenderOptions *options,
           PangoContext                    *context)
{
  JxComparisonRenderResult *result = &plan->result;
  int time_width, rows_space, max_row, min_row;
  gboolean fit = options->height <= 0;
  gint64 start_ns, end_ns;

  memset (plan, 0, sizeof *plan);
  plan->n_lanes = n_lanes;
  plan->width = CLAMP (options->width, 1, JX_COMPARISON_RENDER_MAX_SIDE);
  plan->label_width = CLAMP (options->label_width, 0, plan->width / 2);
  time_width = plan->width - plan->label_width;
  max_row = MAX (options->max_row_height, 1);
  min_row = CLAMP (options->min_row_height, 1, max_row);

  start_ns = options->start_ns;
  end_ns = options->end_ns;
  if (start_ns >= end_ns)
    jx_comparison_render_get_extent (lanes, n_lanes, &start_ns, &end_ns);
  if (end_ns <= start_ns)
    end_ns = start_ns + 1000;
  result->start_ns = start_ns;
  result->end_ns = end_ns;
  result->time_x = plan->label_width;
  result->time_width = time_width;

  plan->lanes = g_new0 (Lane, MAX (n_lanes, 1));
  for (guint l = 0; l < n_lanes; l++)
    {
      Lane *lane = &plan->lanes[l];

      lane->renderer = jx_timeline_renderer_new (lanes[l].trace);
      if (lanes[l].summary != NULL)
        jx_timeline_renderer_set_summary (lane->renderer, lanes[l].summary);
      jx_timeline_renderer_set_fold (lane->renderer, lanes[l].fold);
      jx_timeline_renderer_set_imbalance (lane->renderer, lanes[l].imbalance);
      lane->start = jx_time_comparison_to_ticks (jx_trace_get_time_origin (lanes[l].trace, lanes[l].offset_ns), start_ns);
      lane->end = jx_time_comparison_to_ticks (jx_trace_get_time_origin (lanes[l].trace, lanes[l].offset_ns), end_ns);
      if (lane->end <= lane->start)
        lane->end = lane->start + 1;
    }

  /* Every stream row first. A picture that must fit its height collapses
   * processes when their stream rows would be too low for their labels,
   * judged against the space left when the legend takes its largest share. */
  plan_rows (plan, lanes, options, FALSE);
  if (fit && fixed_height (n_lanes) + plan_total_span (plan) > JX_COMPARISON_RENDER_MAX_SIDE * 4 / 5)
    fit = FALSE;
  /* Too many rows for a picture that fits them: the largest one, shared. */
  plan->height = fit || options->height <= 0 ? JX_COMPARISON_RENDER_MAX_SIDE
                                             : CLAMP (options->height, 1, JX_COMPARISON_RENDER_MAX_SIDE);
  if (!fit && !options->expand_all)
    {
      int space = plan->height - fixed_height (n_lanes) - plan->height / 5;

      if ((gint64) plan_total_span (plan) * JX_COMPARISON_RENDER_LABEL_ROW_HEIGHT / max_row > MAX (space, 0))
        {
          guint before = plan_total_rows (plan);

          plan_rows (plan, lanes, options, TRUE);
          /* Processes of one stream each: nothing collapses. */
          plan->result.collapsed = plan_total_rows (plan) < before;
        }
    }
  for (guint l = 0; l < n_lanes; l++)
    result->n_lanes_without_process += plan->lanes[l].no_process;

  result->sos = options->show_sos &&
                _jx_comparison_sos_range (lanes, n_lanes, &result->sos_min_ns, &result->sos_max_ns);
  if (options->show_legend && time_width > 0)
    {
      plan->legend = collect_legend (lanes, plan->lanes, n_lanes, time_width);
      add_cluster_legend (plan->legend, lanes, n_lanes, options);
      legend_layout (context, plan->legend, plan->width, fit ? 0 : plan->height, &plan->ll);
      /* One more line for the SOS scale, and for the timing scale. */
      if (result->sos)
        plan->ll.height += plan->ll.height > 0 ? LEGEND_LINE : LEGEND_LINE + 2 * LEGEND_PADDING;
      if (timing_bars (lanes, n_lanes) != NULL)
        plan->ll.height += plan->ll.height > 0 ? TIMING_LINE : TIMING_LINE + 2 * LEGEND_PADDING;
    }

  if (fit)
    {
      plan->height = MAX (fixed_height (n_lanes) + plan_total_span (plan) + plan->ll.height, 1);
      plan->height = MAX (plan->height, MIN_FIT_HEIGHT);
      result->row_height = max_row;
      for (guint l = 0; l < n_lanes; l++)
        plan->lanes[l].n_shown = plan->lanes[l].rows->len;
    }
  else
    {
      rows_space = plan->height - fixed_height (n_lanes) - plan->ll.height;
      /* A picture of a given height uses it: rows grow past the window's
       * height up to JX_COMPARISON_RENDER_GROW_ROW_HEIGHT. */
      result->row_height = share_rows (plan->lanes, n_lanes, MAX (rows_space, 0), min_row, max_row,
                                       MAX (max_row, JX_COMPARISON_RENDER_GROW_ROW_HEIGHT));
    }

  /* Rows at their final height; the legend sampled the same rows taller. */
  if (result->row_height != max_row)
    for (guint l = 0; l < n_lanes; l++)
      {
        Lane *lane = &plan->lanes[l];
        gboolean unused;

        g_array_unref (lane->rows);
        lane->rows = lane_rows (&lanes[l], options, result->row_height, result->collapsed, &unused);
      }
  result->width = plan->width;
  result->height = plan->height;
  for (guint l = 0; l < n_lanes; l++)
    {
      Lane *lane = &plan->lanes[l];

      lane->notes = _jx_comparison_group_notes (&lanes[l], lane->rows, lane->start, lane->end);
      for (guint r = 0; r < lane->rows->len; r++)
        {
          const JxTimelineRow *row = &g_array_index (lane->rows, JxTimelineRow, r);
          gboolean shown = r < lane->n_shown;

          /* Diff bars are counted apart: they belong to the stream above. */
          if (row->kind == JX_TIMELINE_ROW_DIFF)
            result->n_diff_bars += shown;
          else if (row->kind == JX_TIMELINE_ROW_COUNTER)
            result->n_counter_rows += shown;
          else if (shown)
            result->n_rows++;
          else
            result->n_rows_hidden++;
          result->n_folded += shown && row->group != JX_NONE && row->collapsed;
        }
    }
  if (plan->legend != NULL)
    {
      result->n_legend_entries = plan->ll.shown;
      result->n_legend_hidden = plan->legend->len - plan->ll.shown;
    }
}

int
jx_comparison_render_measure_height (const JxComparisonLane          *lanes,
                                     guint                            n_lanes,
                                     const JxComparisonRenderOptions *options)
{
  JxComparisonRenderOptions defaults;
  PangoContext *context;
  Plan plan;
  int height;

  g_return_val_if_fail (lanes != NULL || n_lanes == 0, 0);

  if (options == NULL)
    {
      jx_comparison_render_options_init (&defaults);
      options = &defaults;
    }
  if (options->height > 0)
    return CLAMP (options->height, 1, JX_COMPARISON_RENDER_MAX_SIDE);

  context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  plan_init (&plan, lanes, n_lanes, options, context);
  height = plan.height;
  plan_clear (&plan);
  g_object_unref (context);
  return height;
}

void
jx_comparison_render_draw (cairo_t                         *cr,
                           const JxComparisonLane          *lanes,
                           guint                            n_lanes,
                           const JxComparisonRenderOptions *options,
                           JxComparisonRenderResult        *result)
{
  JxComparisonRenderOptions defaults;
  PangoContext *context;
  JxRgba window_bg;
  Plan plan;
  int y;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (lanes != NULL || n_lanes == 0);

  if (options == NULL)
    {
      jx_comparison_render_options_init (&defaults);
      options = &defaults;
    }

  context = pango_cairo_create_context (cr);
  plan_init (&plan, lanes, n_lanes, options, context);
  _jx_comparison_counter_scale (lanes, n_lanes, options, &plan.result.counter_min, &plan.result.counter_max);

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, plan.width, plan.height);
  cairo_clip (cr);

  /* The window's background (Adwaita's light and dark view colours). */
  window_bg = options->dark ? (JxRgba) { 0.141f, 0.141f, 0.141f, 1.0f }
                            : (JxRgba) { 0.98f, 0.98f, 0.98f, 1.0f };
  jx_palette_cairo_set_source (cr, &window_bg);
  cairo_paint (cr);

  draw_ruler (cr, context, plan.result.start_ns, plan.result.end_ns, plan.label_width, plan.width,
              options->dark);

  y = JX_COMPARISON_RENDER_RULER_HEIGHT;
  for (guint l = 0; l < n_lanes; l++)
    {
      Lane *lane = &plan.lanes[l];
      int rows_height = rows_span (lane->rows, lane->n_shown);
      JxTimelineView view;

      jx_palette_cairo_set_source (cr, &lanes[l].tint);
      cairo_rectangle (cr, 0, y, plan.width, JX_COMPARISON_RENDER_HEADER_HEIGHT + rows_height);
      cairo_fill (cr);
      draw_lane_header (cr, context, &lanes[l], lane, options->process, plan.width, y, options->dark);
      y += JX_COMPARISON_RENDER_HEADER_HEIGHT;

      jx_timeline_view_init (&view);
      view.start = lane->start;
      view.end = lane->end;
      view.width = plan.width;
      view.height = rows_height;
      view.label_width = plan.label_width;
      view.rows = (const JxTimelineRow *) (gpointer) lane->rows->data;
      view.n_rows = lane->n_shown;
      view.dark = options->dark;
      view.background = lanes[l].tint;
      view.show_messages = options->show_messages;
      view.show_markers = options->show_markers;
      view.show_sos = plan.result.sos;
      view.sos_min_ns = plan.result.sos_min_ns;
      view.sos_max_ns = plan.result.sos_max_ns;
      view.group_notes = (const char * const *) lane->notes;
      view.diff_bars = lanes[l].diff_bars;
      view.counter_metric = jx_trace_find_metric (lanes[l].trace, options->counter_metric);
      view.counter_min = plan.result.counter_min;
      view.counter_max = plan.result.counter_max;
      if (rows_height > 0)
        {
          cairo_save (cr);
          cairo_translate (cr, 0, y);
          jx_timeline_renderer_draw (lane->renderer, cr, &view);
          plan.result.n_cluster_marks += _jx_comparison_draw_cluster_marks (cr, &lanes[l], lane->rows, lane->n_shown,
                                                                           plan.label_width, options->dark);
          cairo_restore (cr);
        }
      y += rows_height + LANE_GAP;
    }

  if (plan.legend != NULL && plan.ll.height > 0)
    {
      int ly = y - LANE_GAP + MARGIN / 2;

      if (plan.result.sos)
        {
          _jx_comparison_draw_sos_legend (cr, context, lanes, n_lanes, plan.result.sos_min_ns,
                                          plan.result.sos_max_ns, MARGIN, ly + LEGEND_PADDING, LEGEND_LINE,
                                          plan.width - 2 * MARGIN, options->dark);
          ly += LEGEND_LINE;
        }
      if (timing_bars (lanes, n_lanes) != NULL)
        {
          const JxDiffBarSet *bars = timing_bars (lanes, n_lanes);

          jx_timing_scale_draw (cr, context, _("Diff bars, self time B/A:"), jx_diff_bar_set_get_band (bars),
                                MARGIN, ly + LEGEND_PADDING, plan.width - 2 * MARGIN, TIMING_LINE, options->dark);
          ly += TIMING_LINE;
        }
      draw_legend (cr, context, plan.legend, &plan.ll, ly, options->dark);
    }

  cairo_restore (cr);
  if (result != NULL)
    *result = plan.result;
  plan_clear (&plan);
  g_object_unref (context);
}
