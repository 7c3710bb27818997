/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-tooltip.c — see jx-timeline-tooltip.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-timeline-tooltip.h"
#include "jx-trace-query.h"
#include "jx-trace-metrics.h"

char *
jx_timeline_tooltip_invocation (JxTrace      *trace,
                                JxTimeOrigin  origin,
                                guint32       stream_index,
                                guint32       inv)
{
  const JxStream *stream;
  const JxRegion *region;
  const JxProcess *process;
  g_autofree char *start = NULL;
  g_autofree char *duration = NULL;
  g_autofree char *exclusive = NULL;
  g_autofree char *name = NULL;
  g_autofree char *where = NULL;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (stream_index < jx_trace_get_n_streams (trace), NULL);
  g_return_val_if_fail (inv < jx_trace_get_stream (trace, stream_index)->n_invocations, NULL);

  stream = jx_trace_get_stream (trace, stream_index);
  region = jx_trace_get_region (trace, stream->region[inv]);
  process = jx_trace_get_process (trace, stream->process);
  start = jx_time_format (jx_time_ticks_to_comparison (origin, (gint64) stream->start[inv]), 6);
  duration = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) (stream->end[inv] - stream->start[inv])), 4);
  exclusive = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) jx_stream_exclusive_time (stream, inv)), 4);
  name = g_markup_escape_text (region->name, -1);
  where = g_markup_printf_escaped ("%s · %s", process->name, stream->name);

  return g_strdup_printf ("<b>%s</b>\n"
                          "%s\n"
                          "%s %s\n"
                          "%s %s\n"
                          "%s %s",
                          name, where,
                          _("Start:"), start,
                          _("Duration (inclusive):"), duration,
                          _("Exclusive:"), exclusive);
}

char *
jx_timeline_tooltip_label (JxTrace             *trace,
                           const JxTimelineRow *row,
                           gboolean             call_stack_shown)
{
  g_autofree char *name = NULL;
  g_autofree char *where = NULL;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (row != NULL, NULL);
  g_return_val_if_fail (row->process < jx_trace_get_n_processes (trace), NULL);

  name = g_markup_escape_text (jx_trace_get_process (trace, row->process)->name, -1);
  if (row->stream != JX_NONE && row->stream < jx_trace_get_n_streams (trace))
    where = g_markup_escape_text (jx_trace_get_stream (trace, row->stream)->name, -1);
  return g_strdup_printf ("<b>%s</b>%s%s\n<small>%s</small>",
                          name, where != NULL ? "\n" : "", where != NULL ? where : "",
                          call_stack_shown ? _("Double-click to hide the call stack")
                                           : _("Double-click to show the call stack"));
}

char *
jx_timeline_tooltip_diff_label (const char *other_name)
{
  g_autofree char *title = g_markup_printf_escaped (_("Differences to “%s”"), other_name != NULL ? other_name : "");

  return g_strdup_printf ("<b>%s</b>\n%s", title,
                          _("Grey: equal · orange: different · blue: only in this trace · "
                            "ticks: calls only in the other trace"));
}

char *
jx_timeline_tooltip_counter_label (JxTrace *trace,
                                   guint32  metric,
                                   double   min,
                                   double   max)
{
  const JxMetricDef *def;
  g_autofree char *unit = NULL;
  g_autofree char *lo = NULL;
  g_autofree char *hi = NULL;
  g_autofree char *title = NULL;
  g_autofree char *scale = NULL;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (metric < jx_trace_get_n_metrics (trace), NULL);

  def = jx_trace_get_metric (trace, metric);
  unit = jx_metric_def_display_unit (def);
  lo = jx_metric_format_value (min, unit);
  hi = jx_metric_format_value (max, unit);
  title = g_markup_printf_escaped ("<b>%s</b>\n%s", def->name, def->description);
  scale = g_markup_printf_escaped (jx_metric_mode_is_accumulated (def->mode)
                                   ? _("Rate per second between two samples; one scale for all traces: %s to %s")
                                   : _("Value between two samples; one scale for all traces: %s to %s"),
                                   lo, hi);
  return g_strdup_printf ("%s\n%s", title, scale);
}

char *
jx_timeline_tooltip_segment (JxTrace     *trace,
                             JxImbalance *imbalance,
                             guint        index)
{
  const JxSegment *seg;
  const JxStream *s;
  g_autofree char *function = NULL;
  g_autofree char *where = NULL;
  g_autofree char *inclusive = NULL;
  g_autofree char *sync = NULL;
  g_autofree char *sos = NULL;
  g_autofree char *median = NULL;
  g_autofree char *distance = NULL;
  g_autofree char *compared = NULL;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (imbalance != NULL, NULL);

  seg = jx_imbalance_get_segment (imbalance, index);
  s = jx_trace_get_stream (trace, seg->stream);
  function = g_markup_escape_text (jx_trace_get_region (trace, jx_imbalance_get_function (imbalance))->name, -1);
  where = g_markup_printf_escaped ("%s · %s", jx_trace_get_process (trace, s->process)->name, s->name);
  inclusive = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) (seg->end - seg->start)), 4);
  sync = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) seg->sync), 4);
  sos = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) seg->sos), 4);
  median = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) seg->sos - seg->distance), 4);
  distance = jx_time_format (jx_trace_ticks_to_ns (trace, ABS (seg->distance)), 4);
  /* TRANSLATORS: "1.2 ms above the median (3.4 ms) of segment #5" */
  compared = g_markup_printf_escaped (seg->distance >= 0 ? _("%s above the median (%s) of segment #%u")
                                                         : _("%s below the median (%s) of segment #%u"),
                                      distance, median, seg->index);

  return g_strdup_printf ("<b>%s</b> #%u\n%s\n%s %s\n%s %s\n%s <b>%s</b>\n%s",
                          function, seg->index, where,
                          _("Inclusive:"), inclusive,
                          _("Synchronization:"), sync,
                          _("SOS time:"), sos,
                          compared);
}

char *
jx_timeline_tooltip_group (JxTrace              *trace,
                           const JxStreamGroup  *g,
                           guint32               group_index,
                           JxTimelineFold       *fold,
                           JxFoldOp              op,
                           gint64                tick,
                           const char           *note,
                           gboolean              range_selected,
                           const JxGroupSummary *mix)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *name = NULL;
  JxFoldCounts counts;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (g != NULL, NULL);

  name = g_markup_escape_text (g->name, -1);
  g_string_append_printf (text, "<b>%s</b>\n", name);
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u stream folded by %s", "%u streams folded by %s",
                                             g->n_members),
                          g->n_members, jx_fold_op_label (op));
  if (fold != NULL)
    {
      jx_timeline_fold_count_states (fold, group_index, tick, &counts);
      for (guint i = 0; i < counts.n && i < 4; i++)
        {
          g_autofree char *state = g_markup_escape_text (counts.state[i] < jx_trace_get_n_regions (trace)
                                                         ? jx_trace_get_region (trace, counts.state[i])->name
                                                         : _("idle"), -1);

          g_string_append_printf (text, "\n  %s: %u", state, counts.count[i]);
        }
    }
  if (note != NULL && *note != '\0')
    g_string_append_printf (text, "\n%s %s", note, _("of the visible range"));
  if (!range_selected)
    {
      g_string_append_printf (text, "\n<small>%s</small>", _("Select a time range for the group’s function mix"));
      return g_string_free (g_steal_pointer (&text), FALSE);
    }
  g_string_append_printf (text, "\n%s", _("Selected range:"));
  if (mix == NULL)
    {
      g_string_append_printf (text, " <small>%s</small>", _("computing…"));
      return g_string_free (g_steal_pointer (&text), FALSE);
    }
  for (guint c = 0; c < JX_N_CATEGORIES; c++)
    if (mix->category_share[c] >= 0.005)
      g_string_append_printf (text, "  %s %.0f %%", jx_category_label (c), mix->category_share[c] * 100.0);
  for (guint i = 0; i < mix->functions->len; i++)
    {
      const JxFunctionSummaryBar *bar = &g_array_index (mix->functions, JxFunctionSummaryBar, i);
      g_autofree char *fn = g_markup_escape_text (jx_trace_get_region (trace, bar->region)->name, -1);

      g_string_append_printf (text, "\n  %s %.1f %%", fn, bar->fraction * 100.0);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}
