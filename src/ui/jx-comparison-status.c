/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-status.c */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-comparison-status.h"

/* Below this the estimate is not worth showing: the result comes first. */
#define SHOW_ESTIMATE_S 2.0

struct _JxComparisonStatus
{
  GtkWidget       parent_instance;

  JxSession      *session;
  JxSessionTrace *item;
  GSignalGroup   *item_signals;
  GSignalGroup   *session_signals;
  gint64          started;     /* monotonic µs when the run began */

  GtkWidget      *progress;
  GtkWidget      *label;
  GtkWidget      *cancel_button;
  GtkWidget      *compare_button;
};

G_DEFINE_FINAL_TYPE (JxComparisonStatus, jx_comparison_status, GTK_TYPE_WIDGET)

static char *
seconds_text (double seconds)
{
  return jx_time_format (jx_time_seconds_to_ns (seconds), 2);
}

static char *
running_text (JxComparisonStatus *self,
              const char         *reference)
{
  double fraction = jx_session_trace_get_comparison_fraction (self->item);
  double estimate = jx_session_trace_get_comparison_estimate (self->item);
  double elapsed = (double) (g_get_monotonic_time () - self->started) / G_USEC_PER_SEC;

  /* The estimate first; once some work is done, what is left of it. */
  if (fraction >= 0.05 && elapsed >= 1.0)
    {
      g_autofree char *left = seconds_text (elapsed * (1.0 - fraction) / fraction);

      return g_strdup_printf (_("Comparing with “%s” · %.0f %% · %s left"), reference, 100.0 * fraction, left);
    }
  if (estimate >= SHOW_ESTIMATE_S)
    {
      g_autofree char *about = seconds_text (estimate);

      return g_strdup_printf (_("Comparing with “%s” · about %s"), reference, about);
    }
  return g_strdup_printf (_("Comparing with “%s”…"), reference);
}

/* The headline in one line: runtimes, structure, the top contributor
 * (jx_headline_format_brief); the whole headline in the tooltip. */
static char *
done_text (JxComparisonStatus *self,
           char              **tooltip)
{
  const JxHeadline *headline = jx_trace_comparison_get_headline (jx_session_trace_get_trace_comparison (self->item));
  JxComparison *cmp;

  if (headline == NULL || headline->n_compared + headline->n_pending == 0)
    return g_strdup (_("No stream pairs to compare"));
  *tooltip = jx_headline_format (headline, 5);
  cmp = jx_session_trace_get_comparison (self->item);
  /* Results of other scores than the usual ones say so (Preferences). */
  if (cmp != NULL && !jx_scoring_is_default (jx_comparison_get_scoring (cmp)))
    {
      g_autofree char *brief = jx_headline_format_brief (headline);
      g_autofree char *scores = jx_scoring_to_string (jx_comparison_get_scoring (cmp));

      /* TRANSLATORS: the headline, then e.g. "scores: match 2, mismatch −1, gap −3" */
      return g_strdup_printf (_("%s · scores: %s"), brief, scores);
    }
  return jx_headline_format_brief (headline);
}

static void
update (JxComparisonStatus *self)
{
  JxSessionTrace *reference, *compared;
  JxSessionComparisonState state;
  g_autofree char *text = NULL;
  g_autofree char *tooltip = NULL;
  const char *reference_name;

  if (self->item == NULL)
    return;
  state = jx_session_trace_get_comparison_state (self->item);
  reference = jx_session_get_reference (self->session);
  reference_name = reference != NULL ? jx_session_trace_get_name (reference) : "";

  switch (state)
    {
    case JX_SESSION_COMPARISON_WAITING:
      text = g_strdup (_("Waiting for the reference to load"));
      break;
    case JX_SESSION_COMPARISON_RUNNING:
      text = running_text (self, reference_name);
      break;
    case JX_SESSION_COMPARISON_DONE:
      text = done_text (self, &tooltip);
      break;
    case JX_SESSION_COMPARISON_CANCELLED:
      {
        JxComparison *cmp = jx_session_trace_get_comparison (self->item);
        guint total = cmp != NULL ? jx_comparison_get_n_pairs (cmp) - jx_comparison_get_n_unpaired (cmp) : 0;

        if (total > 0)
          text = g_strdup_printf (_("Comparison cancelled · %u of %u stream pairs done"),
                                  jx_session_trace_get_comparison_pairs (self->item), total);
        else
          text = g_strdup (_("Comparison cancelled"));
      }
      break;
    case JX_SESSION_COMPARISON_FAILED:
      {
        const GError *error = jx_session_trace_get_comparison_error (self->item);

        text = g_strdup_printf (_("Comparison failed: %s"), error != NULL ? error->message : "");
      }
      break;
    case JX_SESSION_COMPARISON_NONE:
    default:
      /* The reference: what its diff bars compare with, when there is a choice. */
      compared = jx_session_get_compared (self->session);
      if (jx_session_trace_get_reference (self->item) && compared != NULL &&
          g_list_model_get_n_items (G_LIST_MODEL (self->session)) > 2)
        text = g_strdup_printf (_("Diff bars against “%s”"), jx_session_trace_get_name (compared));
      break;
    }

  gtk_label_set_text (GTK_LABEL (self->label), text != NULL ? text : "");
  gtk_widget_set_tooltip_text (self->label, tooltip != NULL ? tooltip : text);
  gtk_widget_set_visible (GTK_WIDGET (self), text != NULL);
  gtk_widget_set_visible (self->progress, state == JX_SESSION_COMPARISON_RUNNING);
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress),
                                 jx_session_trace_get_comparison_fraction (self->item));
  gtk_widget_set_visible (self->cancel_button, state == JX_SESSION_COMPARISON_RUNNING);
  gtk_widget_set_visible (self->compare_button, state == JX_SESSION_COMPARISON_CANCELLED ||
                                                state == JX_SESSION_COMPARISON_FAILED);
}

static void
on_state (JxComparisonStatus *self)
{
  if (jx_session_trace_get_comparison_state (self->item) == JX_SESSION_COMPARISON_RUNNING &&
      jx_session_trace_get_comparison_fraction (self->item) == 0.0)
    self->started = g_get_monotonic_time ();
  update (self);
}

void
jx_comparison_status_bind (JxComparisonStatus *self,
                           JxSession          *session,
                           JxSessionTrace     *item)
{
  g_return_if_fail (JX_IS_COMPARISON_STATUS (self));
  g_return_if_fail (JX_IS_SESSION (session));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));
  g_return_if_fail (self->item == NULL);

  self->session = g_object_ref (session);
  self->item = g_object_ref (item);
  self->started = g_get_monotonic_time ();
  g_signal_group_set_target (self->session_signals, session);
  g_signal_group_set_target (self->item_signals, item);
  update (self);
}

const char *
jx_comparison_status_get_text (JxComparisonStatus *self)
{
  g_return_val_if_fail (JX_IS_COMPARISON_STATUS (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->label));
}

static void
jx_comparison_status_dispose (GObject *object)
{
  JxComparisonStatus *self = JX_COMPARISON_STATUS (object);

  if (self->item_signals != NULL)
    g_signal_group_set_target (self->item_signals, NULL);
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->item_signals);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->item);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), JX_TYPE_COMPARISON_STATUS);

  G_OBJECT_CLASS (jx_comparison_status_parent_class)->dispose (object);
}

static void
jx_comparison_status_class_init (JxComparisonStatusClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_comparison_status_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-comparison-status.ui");
  gtk_widget_class_bind_template_child (widget_class, JxComparisonStatus, progress);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonStatus, label);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonStatus, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonStatus, compare_button);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "jxcomparisonstatus");
}

static void
jx_comparison_status_init (JxComparisonStatus *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))), 6);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);

  self->item_signals = g_signal_group_new (JX_TYPE_SESSION_TRACE);
  g_signal_group_connect_swapped (self->item_signals, "notify::comparison-state", G_CALLBACK (on_state), self);
  g_signal_group_connect_swapped (self->item_signals, "notify::comparison-fraction", G_CALLBACK (update), self);
  g_signal_group_connect_swapped (self->item_signals, "notify::comparison-pairs", G_CALLBACK (update), self);
  g_signal_group_connect_swapped (self->item_signals, "notify::reference", G_CALLBACK (update), self);
  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::compared-trace", G_CALLBACK (update), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::reference", G_CALLBACK (update), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::n-items", G_CALLBACK (update), self);
}
