/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-canvas-fold.c — see jx-canvas-fold.h. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-canvas-fold.h"
#include "jx-debounce.h"
#include "jx-group-summary.h"
#include "jx-timeline-canvas-private.h"
#include "jx-timeline-tooltip.h"

#define NOTES_DELAY_MS 120
#define MIX_DELAY_MS 0

typedef struct
{
  JxStreamGroups *groups;    /* not a reference: compared, never followed */
  guint32         group;
  guint64         r0, r1;
} MixKey;

struct _JxCanvasFold
{
  GtkWidget          *canvas;
  JxSession          *session;
  JxSessionTrace     *item;
  GSignalGroup       *session_signals;
  GSignalGroup       *item_signals;

  JxTrace            *trace;
  JxTimelineRenderer *renderer;
  JxStreamGroups     *groups;
  GHashTable         *folded_keys;   /* keys of folded groups (not processes') */
  guint8             *folded;        /* per group of groups, for the layout */
  gboolean            defaults_done; /* accelerators folded by default once */
  JxTimelineSummary  *bare;          /* until the item's summary arrives */

  char              **notes;         /* per group, NULL until computed */
  JxDebounce          notes_run;

  /* The tooltip's function mix of the selected range, computed in a worker
   * (it walks every member's invocations in the range) for one group and
   * range at a time. */
  JxGroupSummary     *mix;
  MixKey              mix_key;       /* of mix */
  MixKey              mix_wanted;    /* of the run scheduled or running */
  JxDebounce          mix_run;
};

static void
redraw (JxCanvasFold *self)
{
  _jx_timeline_canvas_redraw (JX_TIMELINE_CANVAS (self->canvas));
}

/* Renderer inputs ------------------------------------------------------------ */

/* The item's fold when it matches the groups and operation shown, else one
 * without pyramids over whatever summary there is. */
static void
update_fold (JxCanvasFold *self)
{
  JxTimelineFold *fold;
  JxTimelineSummary *summary;
  g_autoptr(JxTimelineFold) unbuilt = NULL;

  if (self->renderer == NULL)
    return;
  if (self->groups == NULL)
    {
      jx_timeline_renderer_set_fold (self->renderer, NULL);
      redraw (self);
      return;
    }
  fold = jx_session_trace_get_fold (self->item);
  if (fold != NULL && jx_timeline_fold_get_groups (fold) == self->groups &&
      jx_timeline_fold_get_op (fold) == jx_session_get_fold_operation (self->session))
    {
      jx_timeline_renderer_set_fold (self->renderer, fold);
      redraw (self);
      return;
    }
  summary = jx_session_trace_get_summary (self->item);
  if (summary == NULL)
    {
      if (self->bare == NULL)
        self->bare = jx_timeline_summary_new_unbuilt (self->trace);
      summary = self->bare;
    }
  unbuilt = jx_timeline_fold_new_unbuilt (summary, self->groups, jx_session_get_fold_operation (self->session));
  jx_timeline_renderer_set_fold (self->renderer, unbuilt);
  redraw (self);
}

static void
update_imbalance (JxCanvasFold *self)
{
  if (self->renderer == NULL)
    return;
  jx_timeline_renderer_set_imbalance (self->renderer, jx_session_trace_get_imbalance (self->item));
  redraw (self);
}

/* Notes ------------------------------------------------------------------- */

typedef struct
{
  JxTrace        *trace;
  JxStreamGroups *groups;
  GArray         *folded;    /* guint32 group indices */
  guint64         t0;
  guint64         t1;
} NotesInput;

static void
notes_input_free (gpointer data)
{
  NotesInput *in = data;

  g_object_unref (in->trace);
  jx_stream_groups_unref (in->groups);
  g_array_unref (in->folded);
  g_free (in);
}

static void
notes_thread (GTask        *task,
              gpointer      source,
              gpointer      data,
              GCancellable *cancellable)
{
  NotesInput *in = data;
  guint n = jx_stream_groups_get_n_groups (in->groups);
  char **notes = g_new0 (char *, n + 1);

  for (guint i = 0; i < in->folded->len && !g_cancellable_is_cancelled (cancellable); i++)
    {
      guint32 g = g_array_index (in->folded, guint32, i);
      const JxStreamGroup *group = jx_stream_groups_get_group (in->groups, g);
      double share = jx_group_busy_share (in->trace, group->members, group->n_members, in->t0, in->t1);

      /* TRANSLATORS: share of the visible time a folded group's streams ran something */
      notes[g] = g_strdup_printf (_("busy %.0f %%"), share * 100.0);
    }
  for (guint g = 0; g < n; g++)
    if (notes[g] == NULL)
      notes[g] = g_strdup ("");
  g_task_return_pointer (task, notes, (GDestroyNotify) g_strfreev);
}

static void
notes_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  JxCanvasFold *self = user_data;
  GCancellable *run = g_task_get_cancellable (G_TASK (result));
  char **notes = g_task_propagate_pointer (G_TASK (result), NULL);

  /* A run that is not cancelled is the current one, so self is alive: every
   * other was cancelled, by a newer run or by jx_canvas_fold_free. */
  if (g_cancellable_is_cancelled (run))
    {
      g_strfreev (notes);
      return;
    }
  if (!jx_debounce_finish (&self->notes_run, run) || notes == NULL ||
      self->groups == NULL || g_strv_length (notes) != jx_stream_groups_get_n_groups (self->groups))
    {
      g_strfreev (notes);
      return;
    }
  g_strfreev (self->notes);
  self->notes = notes;
  redraw (self);
}

static gboolean
notes_start (gpointer data)
{
  JxCanvasFold *self = data;
  g_autoptr(GTask) task = NULL;
  NotesInput *in;
  const JxTimeSpan *visible;
  JxTimeOrigin origin;

  if (self->groups == NULL || self->trace == NULL || self->session == NULL)
    {
      jx_debounce_idle (&self->notes_run);
      return G_SOURCE_REMOVE;
    }
  in = g_new0 (NotesInput, 1);
  in->trace = g_object_ref (self->trace);
  in->groups = jx_stream_groups_ref (self->groups);
  in->folded = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint32 g = 0; g < jx_stream_groups_get_n_groups (self->groups); g++)
    if (jx_canvas_fold_get_folded (self, g))
      g_array_append_val (in->folded, g);
  visible = jx_session_get_visible_time (self->session);
  origin = jx_session_trace_get_time_origin (self->item);
  in->t0 = jx_time_ticks_clamp (jx_time_comparison_to_ticks (origin, visible->begin_ns));
  in->t1 = jx_time_ticks_clamp (jx_time_comparison_to_ticks (origin, visible->end_ns));
  task = g_task_new (NULL, jx_debounce_begin (&self->notes_run), notes_done, self);
  g_task_set_task_data (task, in, notes_input_free);
  g_task_run_in_thread (task, notes_thread);
  return G_SOURCE_REMOVE;
}

static void
schedule_notes (JxCanvasFold *self)
{
  jx_debounce_schedule (&self->notes_run);
}

/* The tooltip's mix --------------------------------------------------------- */

typedef struct
{
  JxTrace *trace;
  guint32 *members;
  guint    n_members;
  MixKey   key;
} MixInput;

static void
mix_input_free (gpointer data)
{
  MixInput *in = data;

  g_object_unref (in->trace);
  g_free (in->members);
  g_free (in);
}

static void
mix_thread (GTask        *task,
            gpointer      source,
            gpointer      data,
            GCancellable *cancellable)
{
  MixInput *in = data;

  g_task_return_pointer (task, jx_group_summary_compute (in->trace, in->members, in->n_members,
                                                         in->key.r0, in->key.r1, 3),
                         (GDestroyNotify) jx_group_summary_free);
}

static void
mix_done (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  JxCanvasFold *self = user_data;
  GCancellable *run = g_task_get_cancellable (G_TASK (result));
  MixInput *in = g_task_get_task_data (G_TASK (result));
  JxGroupSummary *mix = g_task_propagate_pointer (G_TASK (result), NULL);

  /* As for the notes: a run that is not cancelled is the current one. */
  if (g_cancellable_is_cancelled (run) || !jx_debounce_finish (&self->mix_run, run) || mix == NULL)
    {
      g_clear_pointer (&mix, jx_group_summary_free);
      return;
    }
  g_clear_pointer (&self->mix, jx_group_summary_free);
  self->mix = mix;
  self->mix_key = in->key;
  gtk_widget_trigger_tooltip_query (self->canvas);
}

static gboolean
mix_start (gpointer data)
{
  JxCanvasFold *self = data;
  g_autoptr(GTask) task = NULL;
  const JxStreamGroup *g;
  MixInput *in;

  if (self->groups == NULL || self->trace == NULL || self->mix_wanted.groups != self->groups ||
      self->mix_wanted.group >= jx_stream_groups_get_n_groups (self->groups))
    {
      jx_debounce_idle (&self->mix_run);
      return G_SOURCE_REMOVE;
    }
  g = jx_stream_groups_get_group (self->groups, self->mix_wanted.group);
  in = g_new0 (MixInput, 1);
  in->trace = g_object_ref (self->trace);
  in->members = g_memdup2 (g->members, g->n_members * sizeof (guint32));
  in->n_members = g->n_members;
  in->key = self->mix_wanted;
  task = g_task_new (NULL, jx_debounce_begin (&self->mix_run), mix_done, self);
  g_task_set_task_data (task, in, mix_input_free);
  g_task_run_in_thread (task, mix_thread);
  return G_SOURCE_REMOVE;
}

/* The mix of key when it is known, else NULL with its run started. */
static const JxGroupSummary *
lookup_mix (JxCanvasFold *self,
            const MixKey *key)
{
  if (self->mix != NULL && memcmp (&self->mix_key, key, sizeof *key) == 0)
    return self->mix;
  if (memcmp (&self->mix_wanted, key, sizeof *key) != 0 || !jx_debounce_busy (&self->mix_run))
    {
      self->mix_wanted = *key;
      jx_debounce_schedule (&self->mix_run);
    }
  return NULL;
}

/* Groups and folding ---------------------------------------------------------- */

static void
relayout (JxCanvasFold *self)
{
  g_clear_pointer (&self->notes, g_strfreev);
  _jx_timeline_canvas_relayout (JX_TIMELINE_CANVAS (self->canvas));
  schedule_notes (self);
}

/* A trace with more accelerator streams than fit starts with its devices
 * folded (§6.1.4: folded device rows show the device's utilisation). */
static void
fold_defaults (JxCanvasFold *self)
{
  guint n_accelerator = 0;

  if (self->defaults_done || self->trace == NULL || self->groups == NULL)
    return;
  self->defaults_done = TRUE;
  for (guint32 s = 0; s < jx_trace_get_n_streams (self->trace); s++)
    n_accelerator += jx_trace_get_stream (self->trace, s)->kind == JX_STREAM_ACCELERATOR;
  if (n_accelerator <= JX_CANVAS_FOLD_SCREENFUL)
    return;
  for (guint32 g = 0; g < jx_stream_groups_get_n_groups (self->groups); g++)
    {
      const JxStreamGroup *group = jx_stream_groups_get_group (self->groups, g);

      if (group->kind == JX_STREAM_GROUP_DEVICE)
        g_hash_table_add (self->folded_keys, g_strdup (group->key));
    }
}

static void
update_groups (JxCanvasFold *self)
{
  JxStreamGroups *groups = self->trace != NULL ? jx_session_trace_get_groups (self->item) : NULL;

  if (groups != NULL && jx_stream_groups_get_trace (groups) != self->trace)
    groups = NULL;
  if (groups == self->groups)
    return;
  /* Keys hold the groups' address, which a new object may reuse. */
  g_clear_pointer (&self->mix, jx_group_summary_free);
  g_clear_pointer (&self->groups, jx_stream_groups_unref);
  if (groups != NULL)
    self->groups = jx_stream_groups_ref (groups);
  fold_defaults (self);
  update_fold (self);
  relayout (self);
}

static void
on_fold_all (JxCanvasFold *self,
             guint         kinds,
             gboolean      folded)
{
  if (self->groups == NULL)
    return;
  if (kinds & (1u << JX_STREAM_GROUP_PROCESS))
    _jx_timeline_canvas_collapse_all (JX_TIMELINE_CANVAS (self->canvas), folded);
  for (guint32 g = 0; g < jx_stream_groups_get_n_groups (self->groups); g++)
    {
      const JxStreamGroup *group = jx_stream_groups_get_group (self->groups, g);

      if (group->kind == JX_STREAM_GROUP_PROCESS || !(kinds & (1u << group->kind)))
        continue;
      if (folded)
        g_hash_table_add (self->folded_keys, g_strdup (group->key));
      else
        g_hash_table_remove (self->folded_keys, group->key);
    }
  relayout (self);
}

JxStreamGroups *
jx_canvas_fold_get_groups (JxCanvasFold *self)
{
  return self->groups;
}

gboolean
jx_canvas_fold_get_folded (JxCanvasFold *self,
                           guint32       group)
{
  const JxStreamGroup *g;

  if (self->groups == NULL || group >= jx_stream_groups_get_n_groups (self->groups))
    return FALSE;
  g = jx_stream_groups_get_group (self->groups, group);
  if (g->kind == JX_STREAM_GROUP_PROCESS)
    return jx_timeline_canvas_get_process_collapsed (JX_TIMELINE_CANVAS (self->canvas), g->process);
  return g_hash_table_contains (self->folded_keys, g->key);
}

void
jx_canvas_fold_set_folded (JxCanvasFold *self,
                           guint32       group,
                           gboolean      folded)
{
  const JxStreamGroup *g;

  if (self->groups == NULL || group >= jx_stream_groups_get_n_groups (self->groups) ||
      jx_canvas_fold_get_folded (self, group) == !!folded)
    return;
  g = jx_stream_groups_get_group (self->groups, group);
  if (g->kind == JX_STREAM_GROUP_PROCESS)
    {
      jx_timeline_canvas_set_process_collapsed (JX_TIMELINE_CANVAS (self->canvas), g->process, folded);
      return;
    }
  if (folded)
    g_hash_table_add (self->folded_keys, g_strdup (g->key));
  else
    g_hash_table_remove (self->folded_keys, g->key);
  relayout (self);
}

void
jx_canvas_fold_fill_params (JxCanvasFold           *self,
                            JxTimelineLayoutParams *params)
{
  guint n;

  g_clear_pointer (&self->folded, g_free);
  if (self->groups == NULL)
    return;
  n = jx_stream_groups_get_n_groups (self->groups);
  self->folded = g_new0 (guint8, MAX (n, 1));
  for (guint32 g = 0; g < n; g++)
    {
      const JxStreamGroup *group = jx_stream_groups_get_group (self->groups, g);

      self->folded[g] = group->kind != JX_STREAM_GROUP_PROCESS && g_hash_table_contains (self->folded_keys, group->key);
    }
  params->groups = self->groups;
  params->folded = self->folded;
}

void
jx_canvas_fold_fill_view (JxCanvasFold   *self,
                          JxTimelineView *view)
{
  if (self->session == NULL)
    return;
  view->show_sos = jx_session_get_show_sos (self->session) &&
                   jx_session_get_sos_range (self->session, &view->sos_min_ns, &view->sos_max_ns);
  view->group_notes = (const char * const *) self->notes;
}

gboolean
jx_canvas_fold_is_busy (JxCanvasFold *self)
{
  return jx_debounce_busy (&self->notes_run);
}

/* Tooltips ----------------------------------------------------------------- */

/* The function mix of the selected range for a group's tooltip: NULL while
 * it is computed (a worker walks every member's invocations). */
static const JxGroupSummary *
selected_mix (JxCanvasFold *self,
              guint32       group)
{
  const JxTimeSpan *range = jx_session_get_selected_time (self->session);
  JxTimeOrigin origin = jx_session_trace_get_time_origin (self->item);
  MixKey key;

  memset (&key, 0, sizeof key);   /* padding too: keys are compared as bytes */
  key.groups = self->groups;
  key.group = group;
  key.r0 = jx_time_ticks_clamp (jx_time_comparison_to_ticks (origin, range->begin_ns));
  key.r1 = jx_time_ticks_clamp (jx_time_comparison_to_ticks (origin, range->end_ns));
  return lookup_mix (self, &key);
}

char *
jx_canvas_fold_dup_tooltip (JxCanvasFold         *self,
                            const JxTimelineView *view,
                            const JxTimelineHit  *hit,
                            double                x)
{
  const JxTimelineRow *row;
  const JxTimeSpan *range;
  gboolean range_selected;

  if (self->renderer == NULL || self->trace == NULL || hit->in_labels)
    return NULL;
  if (hit->has_segment && jx_timeline_renderer_get_imbalance (self->renderer) != NULL)
    return jx_timeline_tooltip_segment (self->trace, jx_timeline_renderer_get_imbalance (self->renderer),
                                        hit->segment);
  if (hit->row < 0)
    return NULL;
  row = &view->rows[hit->row];
  if ((row->kind != JX_TIMELINE_ROW_PROCESS && row->kind != JX_TIMELINE_ROW_GROUP) ||
      row->group == JX_NONE || self->groups == NULL || row->group >= jx_stream_groups_get_n_groups (self->groups))
    return NULL;
  range = jx_session_get_selected_time (self->session);
  range_selected = range->end_ns > range->begin_ns;
  return jx_timeline_tooltip_group (self->trace, jx_stream_groups_get_group (self->groups, row->group), row->group,
                                    jx_timeline_renderer_get_fold (self->renderer),
                                    jx_session_get_fold_operation (self->session),
                                    jx_timeline_view_x_to_tick (view, x),
                                    self->notes != NULL ? self->notes[row->group] : NULL,
                                    range_selected, range_selected ? selected_mix (self, row->group) : NULL);
}

/* Life --------------------------------------------------------------------- */

static void
on_summary (JxCanvasFold *self)
{
  update_fold (self);
}

/* A selection made elsewhere (the imbalance ranking) may be on a row that
 * is scrolled away: bring it into view. */
static void
on_selection (JxCanvasFold *self)
{
  JxSessionTrace *item;
  guint32 stream;

  if (jx_session_get_selected_invocation (self->session, &item, &stream, NULL) && item == self->item)
    jx_timeline_canvas_scroll_to_stream (JX_TIMELINE_CANVAS (self->canvas), stream);
}

JxCanvasFold *
jx_canvas_fold_new (GtkWidget *canvas)
{
  JxCanvasFold *self = g_new0 (JxCanvasFold, 1);

  self->canvas = canvas;
  self->folded_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  jx_debounce_init (&self->notes_run, NOTES_DELAY_MS, notes_start, self);
  jx_debounce_init (&self->mix_run, MIX_DELAY_MS, mix_start, self);

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::fold-operation", G_CALLBACK (update_fold), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::show-sos", G_CALLBACK (redraw), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::imbalance", G_CALLBACK (redraw), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::visible-time", G_CALLBACK (schedule_notes), self);
  g_signal_group_connect_swapped (self->session_signals, "fold-all", G_CALLBACK (on_fold_all), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-invocation", G_CALLBACK (on_selection), self);

  self->item_signals = g_signal_group_new (JX_TYPE_SESSION_TRACE);
  g_signal_group_connect_swapped (self->item_signals, "notify::groups", G_CALLBACK (update_groups), self);
  g_signal_group_connect_swapped (self->item_signals, "notify::fold", G_CALLBACK (update_fold), self);
  g_signal_group_connect_swapped (self->item_signals, "notify::summary", G_CALLBACK (on_summary), self);
  g_signal_group_connect_swapped (self->item_signals, "notify::imbalance", G_CALLBACK (update_imbalance), self);
  g_signal_group_connect_swapped (self->item_signals, "notify::offset", G_CALLBACK (schedule_notes), self);
  return self;
}

void
jx_canvas_fold_free (JxCanvasFold *self)
{
  if (self == NULL)
    return;
  jx_debounce_clear (&self->notes_run);
  jx_debounce_clear (&self->mix_run);
  g_clear_pointer (&self->mix, jx_group_summary_free);
  g_signal_group_set_target (self->session_signals, NULL);
  g_signal_group_set_target (self->item_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->item_signals);
  g_clear_pointer (&self->groups, jx_stream_groups_unref);
  g_clear_pointer (&self->bare, jx_timeline_summary_unref);
  g_clear_pointer (&self->folded_keys, g_hash_table_unref);
  g_clear_pointer (&self->folded, g_free);
  g_clear_pointer (&self->notes, g_strfreev);
  g_clear_object (&self->trace);
  g_free (self);
}

void
jx_canvas_fold_bind (JxCanvasFold   *self,
                     JxSession      *session,
                     JxSessionTrace *item)
{
  /* The canvas owns both for its whole life. */
  self->session = session;
  self->item = item;
  g_signal_group_set_target (self->session_signals, session);
  g_signal_group_set_target (self->item_signals, item);
}

void
jx_canvas_fold_set_trace (JxCanvasFold       *self,
                          JxTrace            *trace,
                          JxTimelineRenderer *renderer)
{
  if (trace != self->trace)
    {
      g_clear_object (&self->trace);
      g_clear_pointer (&self->groups, jx_stream_groups_unref);
      g_clear_pointer (&self->bare, jx_timeline_summary_unref);
      g_clear_pointer (&self->notes, g_strfreev);
      self->defaults_done = FALSE;
      if (trace != NULL)
        self->trace = g_object_ref (trace);
    }
  self->renderer = renderer;
  g_clear_pointer (&self->groups, jx_stream_groups_unref);
  if (trace == NULL || self->item == NULL)
    return;
  self->groups = jx_session_trace_get_groups (self->item) != NULL
                 ? jx_stream_groups_ref (jx_session_trace_get_groups (self->item)) : NULL;
  fold_defaults (self);
  update_fold (self);
  update_imbalance (self);
  schedule_notes (self);
}
