/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-groups-panel.c — see jx-groups-panel.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-debounce.h"
#include "jx-group-summary.h"
#include "jx-groups-panel.h"
#include "jx-timeline-layout.h"

#define DELAY_MS 150
/* Process groups are listed while a trace has at most this many. */
#define MAX_PROCESS_GROUPS 32

struct _JxGroupsPanel
{
  GtkWidget      parent_instance;

  JxSession     *session;
  GSignalGroup  *session_signals;
  GtkWidget     *box;
  GtkWidget     *empty;
  JxDebounce     run;
  GHashTable    *texts;            /* "position:key" -> text shown */
};

G_DEFINE_FINAL_TYPE (JxGroupsPanel, jx_groups_panel, GTK_TYPE_WIDGET)

typedef struct
{
  JxTrace        *trace;
  JxStreamGroups *groups;
  char           *name;
  guint64         v0, v1;          /* visible range, ticks */
  guint64         s0, s1;          /* selected range, or the visible one */
  gboolean        selected;
} TraceInput;

static void
trace_input_free (gpointer data)
{
  TraceInput *in = data;

  /* Traces not loaded yet hold their place as NULL. */
  if (in == NULL)
    return;
  g_object_unref (in->trace);
  jx_stream_groups_unref (in->groups);
  g_free (in->name);
  g_free (in);
}

typedef struct
{
  char *key;                       /* "position:group key" */
  char *markup;
} Entry;

static void
entry_free (gpointer data)
{
  Entry *e = data;

  g_free (e->key);
  g_free (e->markup);
  g_free (e);
}

static gboolean
listed (JxStreamGroups      *groups,
        const JxStreamGroup *g)
{
  if (g->n_members == 0)
    return FALSE;
  if (g->kind != JX_STREAM_GROUP_PROCESS)
    return TRUE;
  return jx_trace_get_n_processes (jx_stream_groups_get_trace (groups)) <= MAX_PROCESS_GROUPS;
}

static char *
summary_markup (TraceInput          *in,
                const JxStreamGroup *g)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *name = g_markup_escape_text (g->name, -1);
  double busy = jx_group_busy_share (in->trace, g->members, g->n_members, in->v0, in->v1);
  g_autoptr(JxGroupSummary) mix = jx_group_summary_compute (in->trace, g->members, g->n_members, in->s0, in->s1, 3);

  if (g->kind == JX_STREAM_GROUP_DEVICE && g->process != JX_NONE)
    {
      g_autofree char *process = g_markup_escape_text (jx_trace_get_process (in->trace, g->process)->name, -1);

      g_string_append_printf (text, "<b>%s</b> · %s", name, process);
    }
  else
    g_string_append_printf (text, "<b>%s</b>", name);
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, " <small>(%u stream)</small>",
                                             " <small>(%u streams)</small>", g->n_members),
                          g->n_members);
  g_string_append_printf (text, "\n%s", g->kind == JX_STREAM_GROUP_DEVICE
                                        ? _("Device busy") : _("Busy"));
  g_string_append_printf (text, " <b>%.1f %%</b> %s", busy * 100.0, _("of the visible range"));
  g_string_append_printf (text, "\n<small>%s", in->selected ? _("Selected range:") : _("Visible range:"));
  for (guint c = 0; c < JX_N_CATEGORIES; c++)
    if (mix->category_share[c] >= 0.005)
      g_string_append_printf (text, "  %s %.0f %%", jx_category_label (c), mix->category_share[c] * 100.0);
  for (guint i = 0; i < mix->functions->len; i++)
    {
      const JxFunctionSummaryBar *bar = &g_array_index (mix->functions, JxFunctionSummaryBar, i);
      g_autofree char *fn = g_markup_escape_text (jx_trace_get_region (in->trace, bar->region)->name, -1);

      g_string_append_printf (text, "\n   %s %.1f %%", fn, bar->fraction * 100.0);
    }
  g_string_append (text, "</small>");
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
compute_thread (GTask        *task,
                gpointer      source,
                gpointer      data,
                GCancellable *cancellable)
{
  GPtrArray *inputs = data;
  GPtrArray *entries = g_ptr_array_new_with_free_func (entry_free);

  for (guint t = 0; t < inputs->len && !g_cancellable_is_cancelled (cancellable); t++)
    {
      TraceInput *in = g_ptr_array_index (inputs, t);
      Entry *header;

      if (in == NULL)
        continue;
      header = g_new0 (Entry, 1);
      header->markup = g_markup_printf_escaped ("<big><b>%s</b></big>", in->name);
      g_ptr_array_add (entries, header);
      for (guint g = 0; g < jx_stream_groups_get_n_groups (in->groups); g++)
        {
          const JxStreamGroup *group = jx_stream_groups_get_group (in->groups, g);
          Entry *e;

          if (!listed (in->groups, group))
            continue;
          e = g_new0 (Entry, 1);
          e->key = g_strdup_printf ("%u:%s", t, group->key);
          e->markup = summary_markup (in, group);
          g_ptr_array_add (entries, e);
        }
    }
  g_task_return_pointer (task, entries, (GDestroyNotify) g_ptr_array_unref);
}

static void
compute_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(JxGroupsPanel) self = user_data;
  GCancellable *run = g_task_get_cancellable (G_TASK (result));
  g_autoptr(GPtrArray) entries = g_task_propagate_pointer (G_TASK (result), NULL);
  GtkWidget *child;

  if (!jx_debounce_finish (&self->run, run) || entries == NULL)
    return;
  while ((child = gtk_widget_get_first_child (self->box)) != NULL)
    gtk_box_remove (GTK_BOX (self->box), child);
  g_hash_table_remove_all (self->texts);
  for (guint i = 0; i < entries->len; i++)
    {
      Entry *e = g_ptr_array_index (entries, i);
      GtkWidget *label = gtk_label_new (NULL);

      gtk_label_set_markup (GTK_LABEL (label), e->markup);
      gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_widget_set_margin_top (label, e->key == NULL && i > 0 ? 12 : 2);
      gtk_box_append (GTK_BOX (self->box), label);
      if (e->key != NULL)
        g_hash_table_insert (self->texts, g_strdup (e->key), g_strdup (gtk_label_get_text (GTK_LABEL (label))));
    }
  if (entries->len == 0)
    gtk_box_append (GTK_BOX (self->box), self->empty);
}

static gboolean
start (gpointer data)
{
  JxGroupsPanel *self = data;
  g_autoptr(GTask) task = NULL;
  GPtrArray *inputs;
  const JxTimeSpan *visible, *selected;

  if (self->session == NULL)
    {
      jx_debounce_idle (&self->run);
      return G_SOURCE_REMOVE;
    }
  visible = jx_session_get_visible_time (self->session);
  selected = jx_session_get_selected_time (self->session);
  inputs = g_ptr_array_new_with_free_func (trace_input_free);
  for (guint i = 0; ; i++)
    {
      JxSessionTrace *item = jx_session_peek_item (self->session, i);
      JxStreamGroups *groups;
      TraceInput *in;
      JxTrace *trace;
      JxTimeOrigin origin;

      if (item == NULL)
        break;
      trace = jx_session_trace_get_trace (item);
      groups = jx_session_trace_get_groups (item);
      if (trace == NULL || groups == NULL)
        {
          g_ptr_array_add (inputs, NULL);
          continue;
        }
      in = g_new0 (TraceInput, 1);
      in->trace = g_object_ref (trace);
      in->groups = jx_stream_groups_ref (groups);
      in->name = g_strdup (jx_session_trace_get_name (item));
      origin = jx_session_trace_get_time_origin (item);
      in->v0 = jx_time_ticks_clamp (jx_time_comparison_to_ticks (origin, visible->begin_ns));
      in->v1 = jx_time_ticks_clamp (jx_time_comparison_to_ticks (origin, visible->end_ns));
      in->selected = selected->end_ns > selected->begin_ns;
      in->s0 = in->selected ? jx_time_ticks_clamp (jx_time_comparison_to_ticks (origin, selected->begin_ns))
                            : in->v0;
      in->s1 = in->selected ? jx_time_ticks_clamp (jx_time_comparison_to_ticks (origin, selected->end_ns))
                            : in->v1;
      g_ptr_array_add (inputs, in);
    }
  task = g_task_new (NULL, jx_debounce_begin (&self->run), compute_done, g_object_ref (self));
  g_task_set_task_data (task, inputs, (GDestroyNotify) g_ptr_array_unref);
  g_task_run_in_thread (task, compute_thread);
  return G_SOURCE_REMOVE;
}

static void
schedule (JxGroupsPanel *self)
{
  jx_debounce_schedule (&self->run);
}

void
jx_groups_panel_set_session (JxGroupsPanel *self,
                             JxSession     *session)
{
  g_return_if_fail (JX_IS_GROUPS_PANEL (self));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  schedule (self);
}

gboolean
jx_groups_panel_is_busy (JxGroupsPanel *self)
{
  g_return_val_if_fail (JX_IS_GROUPS_PANEL (self), FALSE);
  return jx_debounce_busy (&self->run);
}

const char *
jx_groups_panel_get_text (JxGroupsPanel *self,
                          guint          position,
                          const char    *key)
{
  g_autofree char *full = NULL;

  g_return_val_if_fail (JX_IS_GROUPS_PANEL (self), NULL);

  full = g_strdup_printf ("%u:%s", position, key);
  return g_hash_table_lookup (self->texts, full);
}

static void
jx_groups_panel_dispose (GObject *object)
{
  JxGroupsPanel *self = JX_GROUPS_PANEL (object);

  jx_debounce_clear (&self->run);
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->empty);
  g_clear_pointer (&self->texts, g_hash_table_unref);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (jx_groups_panel_parent_class)->dispose (object);
}

static void
jx_groups_panel_class_init (JxGroupsPanelClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = jx_groups_panel_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static void
jx_groups_panel_init (JxGroupsPanel *self)
{
  self->texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  /* A plain column of labels, filled by each computation. */
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_margin_start (self->box, 12);
  gtk_widget_set_margin_end (self->box, 12);
  gtk_widget_set_margin_top (self->box, 12);
  gtk_widget_set_margin_bottom (self->box, 12);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  self->empty = g_object_ref_sink (gtk_label_new (_("No trace has groups of streams yet.")));
  gtk_widget_add_css_class (self->empty, "dim-label");
  jx_debounce_init (&self->run, DELAY_MS, start, self);

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "items-changed", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::visible-time", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-time", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::groups", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::offset", G_CALLBACK (schedule), self);
}
