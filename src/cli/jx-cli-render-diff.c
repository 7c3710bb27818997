/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-render-diff.c — see jx-cli-render-diff.h. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli-pairing.h"
#include "jx-cli-render-diff.h"
#include "jx-timeline-layout.h"

void
jx_cli_render_diff_init (JxCliRenderDiff *self)
{
  self->comparisons = g_ptr_array_new_with_free_func ((GDestroyNotify) jx_comparison_unref);
  self->owned = g_ptr_array_new_with_free_func (g_free);
  self->bar_sets = g_ptr_array_new_with_free_func ((GDestroyNotify) jx_diff_bar_set_unref);
  self->views = g_array_new (FALSE, TRUE, sizeof (JxMetricChartView));
  self->pairing = JX_PAIRING_AUTO;
  jx_scoring_init_default (&self->scoring);
  self->mode = JX_DIFF_BAR_BOTH;
  self->band = 0.10;
}

void
jx_cli_render_diff_clear (JxCliRenderDiff *self)
{
  g_clear_pointer (&self->views, g_array_unref);
  g_clear_pointer (&self->owned, g_ptr_array_unref);
  g_clear_pointer (&self->bar_sets, g_ptr_array_unref);
  g_clear_pointer (&self->comparisons, g_ptr_array_unref);
}

static gpointer
own (JxCliRenderDiff *self,
     gpointer   data)
{
  g_ptr_array_add (self->owned, data);
  return data;
}

gboolean
jx_cli_render_diff_compare (JxCliRenderDiff         *self,
                     JxComparisonLane  *lanes,
                     guint              n,
                     GError           **error)
{
  JxComparisonOptions options;

  jx_comparison_options_init (&options);
  options.diff_bars = TRUE;
  options.keep_alignment = TRUE;
  options.pairing = self->pairing;
  options.scoring = self->scoring;
  for (guint i = 1; i < n; i++)
    {
      g_autofree JxNamePair *flat = NULL;
      JxComparison *cmp;

      options.pair_overrides = self->pairs;
      options.n_pair_overrides = self->n_pairs;
      if (self->n_pairs == 0 && i < self->n_lane_pairs && self->lane_pairs[i] != NULL)
        {
          flat = jx_cli_pairing_from_flat ((const char *const *) self->lane_pairs[i], &options.n_pair_overrides);
          options.pair_overrides = flat;
        }
      cmp = jx_comparison_run (lanes[0].trace, lanes[i].trace, &options, NULL, error);
      if (cmp == NULL)
        return FALSE;
      g_ptr_array_add (self->comparisons, cmp);
    }
  return TRUE;
}

/* The diff bars of one side of a comparison: the bar model's own
 * conversion (jx-diff-bar-set.h), as the window's. */
static const JxDiffBarSet *
lane_bars (JxCliRenderDiff *self,
           JxComparison    *cmp,
           JxTrace         *a,
           JxTrace         *b,
           gboolean         side_b)
{
  JxDiffBarSet *bars = jx_diff_bar_set_new_for_comparison (cmp, a, b, side_b);

  jx_diff_bar_set_set_mode (bars, self->mode);
  jx_diff_bar_set_set_band (bars, self->band);
  g_ptr_array_add (self->bar_sets, bars);
  return bars;
}

void
jx_cli_render_diff_add_bars (JxCliRenderDiff        *self,
                      JxComparisonLane *lanes,
                      guint             n)
{
  for (guint i = 1; i < n && i - 1 < self->comparisons->len; i++)
    lanes[i].diff_bars = lane_bars (self, g_ptr_array_index (self->comparisons, i - 1),
                                    lanes[0].trace, lanes[i].trace, TRUE);
  if (n > 1 && self->comparisons->len > 0)
    lanes[0].diff_bars = lane_bars (self, g_ptr_array_index (self->comparisons, 0),
                                    lanes[0].trace, lanes[1].trace, FALSE);
}

static void
metric_side (JxMetricSide   *side,
             JxTrace        *trace,
             guint32         stream)
{
  side->stream = jx_trace_get_stream (trace, stream);
  side->symbol_map = NULL;
  side->origin = jx_trace_get_start_time (trace);
  side->seconds_per_tick = jx_trace_ticks_to_seconds (trace, 1);
}

/* The pair of the line: the first of `process`, else the least similar. */
static guint
line_pair (JxComparison *cmp,
           JxTrace      *trace_a,
           const char   *process,
           GPtrArray    *aligned)
{
  guint best = G_MAXUINT;

  for (guint i = 0; i < aligned->len; i++)
    {
      const JxComparisonPair *pair = g_ptr_array_index (aligned, i);

      if (process != NULL)
        {
          const JxStream *s = jx_trace_get_stream (trace_a, pair->stream_a);

          if (g_strcmp0 (jx_trace_get_process (trace_a, s->process)->name, process) == 0)
            return i;
          continue;
        }
      if (best == G_MAXUINT ||
          pair->similarity < ((const JxComparisonPair *) g_ptr_array_index (aligned, best))->similarity)
        best = i;
    }
  return best;
}

gboolean
jx_cli_render_diff_build_chart (JxCliRenderDiff         *self,
                         JxComparisonLane  *lanes,
                         guint              n,
                         JxSeriesKind       kind,
                         const char        *process,
                         gint64             start_ns,
                         gint64             end_ns,
                         int                width,
                         gboolean           dark,
                         GError           **error)
{
  int label_width = CLAMP (width / 6, 80, 180);
  guint buckets = (guint) MAX (width - label_width, 1);

  for (guint i = 1; i < n && i - 1 < self->comparisons->len; i++)
    {
      JxComparison *cmp = g_ptr_array_index (self->comparisons, i - 1);
      g_autoptr(GPtrArray) aligned = g_ptr_array_new ();
      g_autoptr(GPtrArray) strips = g_ptr_array_new ();
      g_autoptr(GPtrArray) labels = g_ptr_array_new ();
      gint64 t0 = jx_time_comparison_to_ticks (jx_trace_get_time_origin (lanes[0].trace, lanes[0].offset_ns), start_ns);
      gint64 t1 = jx_time_comparison_to_ticks (jx_trace_get_time_origin (lanes[0].trace, lanes[0].offset_ns), end_ns);
      double window = jx_comparison_get_options (cmp)->window_fraction;
      JxMetricChartView view;
      guint line;

      for (guint p = 0; p < jx_comparison_get_n_pairs (cmp); p++)
        if (jx_comparison_get_pair (cmp, p)->diff != NULL)
          g_ptr_array_add (aligned, (gpointer) jx_comparison_get_pair (cmp, p));
      line = line_pair (cmp, lanes[0].trace, process, aligned);
      if (process != NULL && line == G_MAXUINT)
        {
          g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                       _("no stream pair of process “%s” was compared"), process);
          return FALSE;
        }

      jx_metric_chart_view_init (&view);
      view.kind = kind;
      view.start_ns = start_ns;
      view.end_ns = end_ns;
      view.width = width;
      view.label_width = label_width;
      view.dark = dark;
      view.highlighted = line;
      if (kind == JX_SERIES_RUNTIME_SKEW)
        view.value_offset = (double) (lanes[i].offset_ns - lanes[0].offset_ns) / 1e9;
      view.title = own (self, g_strdup_printf ("%s — A “%s”, B “%s”",
                                               jx_metric_chart_kind_title (kind),
                                               lanes[0].name != NULL ? lanes[0].name : jx_trace_get_name (lanes[0].trace),
                                               lanes[i].name != NULL ? lanes[i].name : jx_trace_get_name (lanes[i].trace)));

      for (guint p = 0; p < aligned->len; p++)
        {
          const JxComparisonPair *pair = g_ptr_array_index (aligned, p);
          JxMetricSide a, b;
          JxSeriesBucket *series;

          metric_side (&a, lanes[0].trace, pair->stream_a);
          metric_side (&b, lanes[i].trace, pair->stream_b);
          series = jx_comparison_series_compute (pair, &a, &b, kind, t0, t1, buckets, window, NULL, error);
          if (series == NULL)
            return FALSE;
          own (self, series);
          g_ptr_array_add (strips, series);
          g_ptr_array_add (labels, pair->name_a);
          if (p == line)
            {
              view.line = series;
              view.line_label = pair->name_a;
            }
        }
      /* The execution time difference is a chart of one pair. */
      if (kind != JX_SERIES_TIME_DIFFERENCE)
        {
          view.n_strips = strips->len;
          view.strips = own (self, g_memdup2 (strips->pdata, sizeof (gpointer) * MAX (strips->len, 1)));
          view.strip_labels = own (self, g_memdup2 (labels->pdata, sizeof (gpointer) * MAX (labels->len, 1)));
        }
      g_array_append_val (self->views, view);
    }
  return TRUE;
}
