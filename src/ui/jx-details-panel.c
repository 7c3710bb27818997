/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-details-panel.c */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-debounce.h"
#include "jx-diff-text.h"
#include "jx-details-panel-private.h"
#include "jx-profile.h"
#include "jx-trace-query.h"

/* Statistics of one function need a pass over the trace's invocations, so they
 * run in a thread, restarted (debounced) when the selection or the view moves. */
#define STATS_DELAY_MS 120

struct _JxDetailsPanel
{
  GtkWidget     parent_instance;

  JxSession    *session;
  GSignalGroup *session_signals;

  GtkWidget    *box;
  GtkWidget    *empty_label;
  GtkWidget    *content;
  GtkWidget    *heading;
  GtkWidget    *where;
  GtkWidget    *facts;
  GtkWidget    *aligned_heading;
  GtkWidget    *aligned;
  GtkSizeGroup *aligned_keys;
  GtkWidget    *call_path;
  GtkWidget    *stats;

  /* Whole-trace statistics do not depend on the view: kept per function. */
  JxTrace      *whole_trace;
  guint32       whole_region;
  JxRegionStats whole_stats;

  JxDebounce    stats_run;
};

typedef struct
{
  JxTrace *trace;
  guint32  region;
  guint64  t0;
  guint64  t1;
  gboolean visible_empty;
  gboolean have_whole;
  JxRegionStats whole;
} StatsInput;

typedef struct
{
  JxRegionStats whole;
  JxRegionStats visible;
} StatsOutput;

enum {
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (JxDetailsPanel, jx_details_panel, GTK_TYPE_WIDGET)

static void
stats_input_free (gpointer data)
{
  StatsInput *in = data;

  g_clear_object (&in->trace);
  g_free (in);
}

static GtkWidget *
make_label (const char *text,
            gboolean    dim,
            float       xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_label_set_selectable (GTK_LABEL (label), !dim);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  if (dim)
    gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static void
clear_grid (GtkWidget *grid)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (grid)) != NULL)
    gtk_grid_remove (GTK_GRID (grid), child);
}

/* A fact of the selected call. Values do not wrap (they break at their
 * own newlines, cut at the end with the whole text in the tooltip): the
 * grid measured a wrapped start time for a wider panel than it got, and
 * the "Aligned Pair" heading was drawn over the last row. */
static void
grid_add_fact (GtkWidget  *grid,
               int         row,
               const char *key,
               const char *value)
{
  GtkWidget *key_label = make_label (key, TRUE, 0.0f);
  GtkWidget *value_label = make_label (value, FALSE, 0.0f);

  gtk_label_set_wrap (GTK_LABEL (key_label), FALSE);
  gtk_label_set_wrap (GTK_LABEL (value_label), FALSE);
  gtk_label_set_ellipsize (GTK_LABEL (value_label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_tooltip_text (value_label, value);
  gtk_widget_set_hexpand (value_label, TRUE);
  gtk_widget_set_valign (key_label, GTK_ALIGN_START);
  gtk_grid_attach (GTK_GRID (grid), key_label, 0, row, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), value_label, 1, row, 1, 1);
}

static void
stats_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  StatsInput *in = task_data;
  StatsOutput *out = g_new0 (StatsOutput, 1);
  g_autofree JxRegionStats *whole = NULL;
  g_autofree JxRegionStats *visible = NULL;

  if (in->have_whole)
    out->whole = in->whole;
  else
    {
      whole = jx_profile_compute_region_stats (in->trace, NULL, 0, 0, G_MAXUINT64);
      if (whole != NULL)
        out->whole = whole[in->region];
    }

  if (!in->visible_empty && !g_cancellable_is_cancelled (cancellable))
    {
      visible = jx_profile_compute_region_stats (in->trace, NULL, 0, in->t0, in->t1);
      if (visible != NULL)
        out->visible = visible[in->region];
    }

  g_task_return_pointer (task, out, g_free);
}

static void
stats_row (GtkWidget           *grid,
           int                  row,
           const char          *label,
           JxTrace             *trace,
           const JxRegionStats *st)
{
  g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, st->count);
  g_autofree char *incl = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) st->inclusive), 4);
  g_autofree char *excl = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) st->exclusive), 4);

  gtk_grid_attach (GTK_GRID (grid), make_label (label, TRUE, 0.0f), 0, row, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), make_label (count, FALSE, 1.0f), 1, row, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), make_label (incl, FALSE, 1.0f), 2, row, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), make_label (excl, FALSE, 1.0f), 3, row, 1, 1);
}

static void
stats_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(JxDetailsPanel) self = user_data;
  g_autofree StatsOutput *out = NULL;
  StatsInput *in = g_task_get_task_data (G_TASK (result));

  out = g_task_propagate_pointer (G_TASK (result), NULL);
  if (out == NULL || !jx_debounce_finish (&self->stats_run, g_task_get_cancellable (G_TASK (result))))
    return;

  g_set_object (&self->whole_trace, in->trace);
  self->whole_region = in->region;
  self->whole_stats = out->whole;
  clear_grid (self->stats);
  gtk_grid_attach (GTK_GRID (self->stats), make_label (_("Count"), TRUE, 1.0f), 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (self->stats), make_label (_("Inclusive"), TRUE, 1.0f), 2, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (self->stats), make_label (_("Exclusive"), TRUE, 1.0f), 3, 0, 1, 1);
  stats_row (self->stats, 1, _("Whole trace"), in->trace, &out->whole);
  stats_row (self->stats, 2, _("Visible range"), in->trace, &out->visible);
}

/* The selected invocation, when it is still there to show. */
static gboolean
get_selection (JxDetailsPanel  *self,
               JxSessionTrace **item,
               JxTrace        **trace,
               guint32         *stream,
               guint32         *inv)
{
  if (self->session == NULL ||
      !jx_session_get_selected_invocation (self->session, item, stream, inv) ||
      (*trace = jx_session_trace_get_trace (*item)) == NULL ||
      *stream >= jx_trace_get_n_streams (*trace))
    return FALSE;
  return *inv < jx_trace_get_stream (*trace, *stream)->n_invocations;
}

static gboolean
stats_start (gpointer user_data)
{
  JxDetailsPanel *self = user_data;
  g_autoptr(GTask) task = NULL;
  JxSessionTrace *item;
  JxTrace *trace;
  StatsInput *in;
  guint32 stream_index, inv;
  const JxTimeSpan *view;
  JxTimeSpan extent;
  gint64 view0, view1;

  if (!get_selection (self, &item, &trace, &stream_index, &inv))
    {
      jx_debounce_idle (&self->stats_run);
      return G_SOURCE_REMOVE;
    }

  in = g_new0 (StatsInput, 1);
  in->trace = g_object_ref (trace);
  in->region = jx_trace_get_stream (trace, stream_index)->region[inv];
  if (self->whole_trace == trace && self->whole_region == in->region)
    {
      in->have_whole = TRUE;
      in->whole = self->whole_stats;
    }

  /* Intersect the visible window with the trace's own extent before
   * converting, so times before its start or after its end never wrap. */
  view = jx_session_get_visible_time (self->session);
  jx_session_trace_get_extent (item, &extent);
  view0 = MAX (view->begin_ns, extent.begin_ns);
  view1 = MIN (view->end_ns, extent.end_ns);
  if (view1 <= view0)
    in->visible_empty = TRUE;
  else
    {
      in->t0 = jx_time_ticks_clamp (jx_time_comparison_to_ticks (jx_session_trace_get_time_origin (item), view0));
      in->t1 = jx_time_ticks_clamp (jx_time_comparison_to_ticks (jx_session_trace_get_time_origin (item), view1));
      if (view1 == extent.end_ns)
        in->t1 = jx_trace_get_end_time (trace) + 1;
    }

  task = g_task_new (NULL, jx_debounce_begin (&self->stats_run), stats_done, g_object_ref (self));
  g_task_set_source_tag (task, stats_start);
  g_task_set_task_data (task, in, stats_input_free);
  g_task_run_in_thread (task, stats_thread);

  return G_SOURCE_REMOVE;
}

/* A fact of the aligned pair: a row of the box, its key in the size group.
 * One line each, cut in the middle with the whole text in the tooltip: a
 * wrapped value here was measured for a wider panel than it got and
 * overlapped the call path below. */
static void
box_add_fact (JxDetailsPanel *self,
              const char     *key,
              const char     *value)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *key_label = make_label (key, TRUE, 0.0f);
  GtkWidget *value_label = make_label (value, FALSE, 0.0f);

  gtk_label_set_wrap (GTK_LABEL (key_label), FALSE);
  gtk_label_set_wrap (GTK_LABEL (value_label), FALSE);
  gtk_label_set_ellipsize (GTK_LABEL (value_label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_tooltip_text (value_label, value);
  gtk_widget_set_hexpand (value_label, TRUE);
  gtk_size_group_add_widget (self->aligned_keys, key_label);
  gtk_box_append (GTK_BOX (row), key_label);
  gtk_box_append (GTK_BOX (row), value_label);
  gtk_box_append (GTK_BOX (self->aligned), row);
}

static void
clear_aligned (JxDetailsPanel *self)
{
  GtkWidget *row;

  while ((row = gtk_widget_get_first_child (self->aligned)) != NULL)
    {
      gtk_size_group_remove_widget (self->aligned_keys, gtk_widget_get_first_child (row));
      gtk_box_remove (GTK_BOX (self->aligned), row);
    }
}

/* The selected invocation's aligned partner: both calls, their durations
 * and the difference in words. Hidden when the stream has no diff bar. */
static void
update_aligned (JxDetailsPanel *self,
                JxSessionTrace *item,
                guint32         stream,
                guint32         inv)
{
  const JxComparisonPair *pair;
  JxSessionTrace *other, *partner_item;
  guint32 partner_stream, partner_inv;
  gboolean side_b, shown;
  JxTrace *trace = jx_session_trace_get_trace (item);
  const JxStream *s = jx_trace_get_stream (trace, stream);
  gint64 here_ns = jx_trace_ticks_to_ns (trace, (gint64) (s->end[inv] - s->start[inv]));
  g_autofree char *here = NULL;
  g_autofree char *here_duration = NULL;

  clear_aligned (self);
  shown = jx_session_get_diff_bar (self->session, item, stream, &pair, &side_b, &other);
  gtk_widget_set_visible (self->aligned_heading, shown);
  gtk_widget_set_visible (self->aligned, shown);
  if (!shown)
    return;

  here_duration = jx_time_format (here_ns, 4);
  here = g_strdup_printf (_("%s in “%s”"), here_duration, jx_session_trace_get_name (item));
  box_add_fact (self, _("State"), jx_diff_text_state (jx_pair_diff_state (pair->diff, side_b, inv)));
  box_add_fact (self, _("This call"), here);
  if (!jx_session_get_selected_partner (self->session, &partner_item, &partner_stream, &partner_inv))
    {
      g_autofree char *none = g_strdup_printf (_("nothing in “%s”"), jx_session_trace_get_name (other));

      box_add_fact (self, _("Aligned with"), none);
      return;
    }

  {
    JxTrace *ptrace = jx_session_trace_get_trace (partner_item);
    const JxStream *ps = jx_trace_get_stream (ptrace, partner_stream);
    gint64 there_ns = jx_trace_ticks_to_ns (ptrace, (gint64) (ps->end[partner_inv] - ps->start[partner_inv]));
    g_autofree char *duration = jx_time_format (there_ns, 4);
    g_autofree char *start = jx_time_format (jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (partner_item), ps->start[partner_inv]), 4);
    g_autofree char *there = g_strdup_printf (_("%s · %s from %s (comparison time) in “%s”"),
                                              jx_trace_get_region (ptrace, ps->region[partner_inv])->name,
                                              duration, start, jx_session_trace_get_name (partner_item));
    g_autofree char *change = side_b
                              ? jx_diff_text_change (there_ns, here_ns, jx_session_trace_get_name (partner_item),
                                                     jx_session_trace_get_name (item))
                              : jx_diff_text_change (here_ns, there_ns, jx_session_trace_get_name (item),
                                                     jx_session_trace_get_name (partner_item));

    box_add_fact (self, _("Aligned with"), there);
    box_add_fact (self, _("Difference"), change);
  }
}

static void
update_selection (JxDetailsPanel *self)
{
  JxSessionTrace *item;
  JxTrace *trace;
  guint32 stream_index, inv;
  const JxStream *stream;
  const JxProcess *process;
  const JxRegion *region;
  g_autoptr(GArray) path = NULL;
  g_autoptr(GString) text = NULL;
  g_autofree char *start = NULL;
  g_autofree char *duration = NULL;
  g_autofree char *exclusive = NULL;
  g_autofree char *where = NULL;
  g_autofree char *depth = NULL;
  guint i;

  if (!get_selection (self, &item, &trace, &stream_index, &inv))
    {
      gtk_widget_set_visible (self->empty_label, TRUE);
      gtk_widget_set_visible (self->content, FALSE);
      /* The whole-trace statistics are only kept for the selected trace: a
       * reference to a trace nobody shows any more would keep it in memory. */
      g_clear_object (&self->whole_trace);
      jx_debounce_clear (&self->stats_run);
      return;
    }

  if (self->whole_trace != trace)
    g_clear_object (&self->whole_trace);

  stream = jx_trace_get_stream (trace, stream_index);
  process = jx_trace_get_process (trace, stream->process);
  region = jx_trace_get_region (trace, stream->region[inv]);

  gtk_label_set_text (GTK_LABEL (self->heading), region->name);
  where = g_strdup_printf ("%s · %s · %s", jx_session_trace_get_name (item), process->name, stream->name);
  gtk_label_set_text (GTK_LABEL (self->where), where);

  {
    g_autofree char *comparison = jx_time_format (jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), stream->start[inv]), 6);
    g_autofree char *own = jx_time_format (jx_time_ticks_to_comparison (jx_trace_get_time_origin (trace, 0), stream->start[inv]), 6);

    /* Comparison time, as everywhere; the trace’s own time below it, both
     * to the same precision (the same instant when the offset is 0). */
    start = g_strdup_printf (_("%s (comparison time)\n%s in the trace"), comparison, own);
  }
  duration = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) (stream->end[inv] - stream->start[inv])), 4);
  exclusive = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) jx_stream_exclusive_time (stream, inv)), 4);
  depth = g_strdup_printf ("%u", (guint) stream->depth[inv]);
  clear_grid (self->facts);
  grid_add_fact (self->facts, 0, _("Category"), jx_category_label (region->category));
  grid_add_fact (self->facts, 1, _("Start"), start);
  grid_add_fact (self->facts, 2, _("Inclusive"), duration);
  grid_add_fact (self->facts, 3, _("Exclusive"), exclusive);
  grid_add_fact (self->facts, 4, _("Depth"), depth);
  update_aligned (self, item, stream_index, inv);

  path = jx_stream_get_call_path (stream, inv);
  text = g_string_new (NULL);
  for (i = 0; path != NULL && i < path->len; i++)
    {
      guint32 p = g_array_index (path, guint32, i);

      if (i > 0)
        g_string_append_c (text, '\n');
      /* Indentation shows the nesting without needing a tree widget. */
      g_string_append_printf (text, "%*s%s", (int) MIN (i, 16) * 2, "",
                              jx_trace_get_region (trace, stream->region[p])->name);
    }
  gtk_label_set_text (GTK_LABEL (self->call_path), text->str);

  gtk_widget_set_visible (self->empty_label, FALSE);
  gtk_widget_set_visible (self->content, TRUE);
  jx_debounce_schedule (&self->stats_run);
}

static void
on_view_changed (JxDetailsPanel *self)
{
  if (gtk_widget_get_visible (self->content))
    jx_debounce_schedule (&self->stats_run);
}

static void
jx_details_panel_dispose (GObject *object)
{
  JxDetailsPanel *self = JX_DETAILS_PANEL (object);

  jx_details_panel_set_session (self, NULL);
  jx_debounce_clear (&self->stats_run);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->whole_trace);
  g_clear_object (&self->aligned_keys);
  gtk_widget_dispose_template (GTK_WIDGET (self), JX_TYPE_DETAILS_PANEL);

  G_OBJECT_CLASS (jx_details_panel_parent_class)->dispose (object);
}

static void
jx_details_panel_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  JxDetailsPanel *self = JX_DETAILS_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_details_panel_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  JxDetailsPanel *self = JX_DETAILS_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      jx_details_panel_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_details_panel_class_init (JxDetailsPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_details_panel_dispose;
  object_class->get_property = jx_details_panel_get_property;
  object_class->set_property = jx_details_panel_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL,
                         JX_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-details-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, JxDetailsPanel, box);
  gtk_widget_class_bind_template_child (widget_class, JxDetailsPanel, empty_label);
  gtk_widget_class_bind_template_child (widget_class, JxDetailsPanel, content);
  gtk_widget_class_bind_template_child (widget_class, JxDetailsPanel, heading);
  gtk_widget_class_bind_template_child (widget_class, JxDetailsPanel, where);
  gtk_widget_class_bind_template_child (widget_class, JxDetailsPanel, facts);
  gtk_widget_class_bind_template_child (widget_class, JxDetailsPanel, aligned_heading);
  gtk_widget_class_bind_template_child (widget_class, JxDetailsPanel, aligned);
  gtk_widget_class_bind_template_child (widget_class, JxDetailsPanel, call_path);
  gtk_widget_class_bind_template_child (widget_class, JxDetailsPanel, stats);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "jxdetailspanel");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
jx_details_panel_init (JxDetailsPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  jx_debounce_init (&self->stats_run, STATS_DELAY_MS, stats_start, self);
  self->aligned_keys = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-trace",
                                  G_CALLBACK (update_selection), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-stream",
                                  G_CALLBACK (update_selection), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-invocation",
                                  G_CALLBACK (update_selection), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::offset",
                                  G_CALLBACK (update_selection), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-partner-invocation",
                                  G_CALLBACK (update_selection), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-partner-trace",
                                  G_CALLBACK (update_selection), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::visible-time",
                                  G_CALLBACK (on_view_changed), self);
}

GtkWidget *
jx_details_panel_new (JxSession *session)
{
  return g_object_new (JX_TYPE_DETAILS_PANEL, "session", session, NULL);
}

JxSession *
jx_details_panel_get_session (JxDetailsPanel *self)
{
  g_return_val_if_fail (JX_IS_DETAILS_PANEL (self), NULL);
  return self->session;
}

void
jx_details_panel_set_session (JxDetailsPanel *self,
                              JxSession      *session)
{
  g_return_if_fail (JX_IS_DETAILS_PANEL (self));
  g_return_if_fail (session == NULL || JX_IS_SESSION (session));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  if (self->box != NULL)
    update_selection (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

static void
append_label_text (GString   *text,
                   GtkWidget *widget)
{
  GtkWidget *child;

  if (GTK_IS_LABEL (widget))
    {
      g_string_append (text, gtk_label_get_text (GTK_LABEL (widget)));
      g_string_append_c (text, '\n');
      return;
    }
  for (child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_visible (child))
      append_label_text (text, child);
}

char *
jx_details_panel_dup_text (JxDetailsPanel *self)
{
  GString *text;

  g_return_val_if_fail (JX_IS_DETAILS_PANEL (self), NULL);

  text = g_string_new (NULL);
  append_label_text (text, self->box);
  return g_string_free (text, FALSE);
}

gboolean
jx_details_panel_is_busy (JxDetailsPanel *self)
{
  g_return_val_if_fail (JX_IS_DETAILS_PANEL (self), FALSE);
  return jx_debounce_busy (&self->stats_run);
}
