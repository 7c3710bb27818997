/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session.c — the traces of a comparison, the display modes, and the
 * parts that do the rest (see jx-session.h), kept in step: a new trace gets
 * the fold settings, a load or an offset moves the extent, a load starts
 * comparisons, a removal moves the reference. The jx_session_* calls that
 * only hand on to a part are in jx-session-delegations.c. It stays one file
 * of about 1,000 lines: what is left is the one object's property table, its
 * notifications and the keeping in step, which do not split apart. */
#include "config.h"

#include "jx-session.h"
#include "jx-session-private.h"
#include "jx-session-trace-private.h"

struct _JxSession
{
  GObject              parent_instance;

  GPtrArray           *items;          /* JxSessionTrace*, display order, owned */

  /* Parts. */
  JxTimeModel         *time;
  JxOffsetHistory     *history;
  JxFoldSettings      *fold;
  JxComparisonManager *comparisons;
  JxDiffBarModel      *diff_bars;
  JxDiffTreeStore     *diff_trees;
  JxCounterModel      *counters;
  JxSessionClusters   *clusters;
  JxSelection         *selection;
  JxSessionMarkers    *markers;
  JxCallHighlight     *call_highlight;

  char                *search;
  gboolean             shift_mode;
  gboolean             show_messages;
  gboolean             dark;
  gboolean             align_ends;
};

enum {
  PROP_0,
  PROP_N_ITEMS,
  PROP_N_LOADING,
  PROP_REFERENCE,
  PROP_VISIBLE_TIME,
  PROP_SELECTED_TIME,
  PROP_SELECTED_TRACE,
  PROP_SELECTED_STREAM,
  PROP_SELECTED_INVOCATION,
  PROP_SEARCH,
  PROP_SHIFT_MODE,
  PROP_SHOW_MESSAGES,
  PROP_DARK,
  PROP_ALIGN_ENDS,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_UNDO_LABEL,
  PROP_REDO_LABEL,
  PROP_COMPARED_TRACE,
  PROP_SELECTED_PARTNER_TRACE,
  PROP_SELECTED_PARTNER_STREAM,
  PROP_SELECTED_PARTNER_INVOCATION,
  PROP_FOLD_GROUPING,
  PROP_FOLD_OPERATION,
  PROP_FOLD_CUSTOM,
  PROP_SHOW_SOS,
  PROP_SOS_FUNCTION,
  PROP_DIFF_MODE,
  PROP_NOISE_BAND,
  PROP_DIFFERENCES_BY_IMPACT,
  PROP_FOCUS_FUNCTION,
  N_PROPS
};

enum {
  TRACE_NOTIFY,
  FOLD_ALL,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void jx_session_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (JxSession, jx_session, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, jx_session_list_model_init))

static void
notify (JxSession *self,
        guint      prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* List model --------------------------------------------------------------- */

static GType
jx_session_get_item_type (GListModel *model)
{
  return JX_TYPE_SESSION_TRACE;
}

static guint
jx_session_get_n_items (GListModel *model)
{
  JxSession *self = JX_SESSION (model);

  return self->items != NULL ? self->items->len : 0;
}

static gpointer
jx_session_get_item (GListModel *model,
                     guint       position)
{
  JxSession *self = JX_SESSION (model);

  if (self->items == NULL || position >= self->items->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
jx_session_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = jx_session_get_item_type;
  iface->get_n_items = jx_session_get_n_items;
  iface->get_item = jx_session_get_item;
}

/* Keeping the parts in step ------------------------------------------------ */

/* A part's property that the session shows under the same name. */
static void
relay_notify (GObject    *part,
              GParamSpec *pspec,
              JxSession  *self)
{
  GParamSpec *own = g_object_class_find_property (G_OBJECT_GET_CLASS (self), pspec->name);

  if (own != NULL && own->owner_type == JX_TYPE_SESSION)
    g_object_notify_by_pspec (G_OBJECT (self), own);
}

/* The fold settings every trace computes with. */
static void
push_fold (JxSession      *self,
           JxSessionTrace *item)
{
  JxTraceFolding *folding = jx_session_trace_get_folding (item);

  jx_trace_folding_set_inputs (folding, jx_fold_settings_get_grouping (self->fold),
                               jx_fold_settings_get_custom (self->fold),
                               jx_fold_settings_get_operation (self->fold));
  jx_trace_folding_set_sos_function (folding, jx_fold_settings_get_sos_function (self->fold));
  /* Grouping by cluster needs the clusters (they come to the folding). */
  if (jx_fold_settings_get_grouping (self->fold) == JX_FOLD_GROUPING_CLUSTERS)
    jx_session_clusters_set_wanted (self->clusters, TRUE);
}

/* One function segments every trace for SOS time (docs/headline.md): the
 * reference's dominant one, once its own analysis found it; each other
 * trace waits for it, then is segmented by it when it can be (else by its
 * own, with a note). A function named in the settings overrides all. */
static void
push_sos_common (JxSession *self)
{
  JxSessionTrace *reference = jx_comparison_manager_get_reference (self->comparisons);
  JxImbalance *ref_imbalance = reference != NULL ? jx_session_trace_get_imbalance (reference) : NULL;
  JxSosCommon mode = JX_SOS_COMMON_WAIT;
  const char *common = NULL;

  if (reference == NULL)
    mode = JX_SOS_COMMON_OWN;
  else if (ref_imbalance != NULL)
    {
      mode = JX_SOS_COMMON_FUNCTION;
      common = jx_trace_get_region (jx_imbalance_get_trace (ref_imbalance), jx_imbalance_get_function (ref_imbalance))->name;
    }
  else if (jx_session_trace_get_imbalance_error (reference) != NULL ||
           jx_session_trace_get_state (reference) == JX_SESSION_TRACE_FAILED)
    /* The reference has nothing to segment by: each its own, saying so. */
    mode = JX_SOS_COMMON_FUNCTION;

  for (guint i = 0; i < self->items->len; i++)
    {
      JxSessionTrace *item = g_ptr_array_index (self->items, i);

      jx_trace_folding_set_sos_common (jx_session_trace_get_folding (item),
                                       item == reference ? JX_SOS_COMMON_OWN : mode, common);
    }
}

static void
on_trace_imbalance (JxSession      *self,
                    JxSessionTrace *item,
                    GParamSpec     *pspec)
{
  if (item == jx_comparison_manager_get_reference (self->comparisons))
    push_sos_common (self);
}

static void
on_reference_sos (JxSession  *self,
                  GParamSpec *pspec)
{
  push_sos_common (self);
}

/* The comparison manager dropped every hand pairing with the old
 * reference: their undo steps would pair streams of comparisons that are
 * gone, so they go too. */
static void
on_reference_pairs (JxSession  *self,
                    GParamSpec *pspec)
{
  jx_offset_history_forget_pairs (self->history);
}

static void
on_fold_notify (JxFoldSettings *fold,
                GParamSpec     *pspec,
                JxSession      *self)
{
  if (!g_str_equal (pspec->name, "show-sos"))
    for (guint i = 0; i < self->items->len; i++)
      push_fold (self, g_ptr_array_index (self->items, i));
  relay_notify (G_OBJECT (fold), pspec, self);
}

static void
on_fold_all (JxFoldSettings *fold,
             guint           kinds,
             gboolean        folded,
             JxSession      *self)
{
  g_signal_emit (self, signals[FOLD_ALL], 0, kinds, folded);
}

/* The time model clamps to what there is to see. */
static void
update_extent (JxSession *self)
{
  JxTimeSpan extent;

  if (jx_session_get_extent (self, &extent))
    jx_time_model_set_extent (self->time, &extent);
  else
    jx_time_model_set_extent (self->time, NULL);
}

static guint
count_in_state (JxSession           *self,
                JxSessionTraceState  state)
{
  guint n = 0;

  for (guint i = 0; i < self->items->len; i++)
    if (jx_session_trace_get_state (g_ptr_array_index (self->items, i)) == state)
      n++;
  return n;
}

static void
on_item_notify (JxSessionTrace *item,
                GParamSpec     *pspec,
                JxSession      *self)
{
  if (g_str_equal (pspec->name, "name"))
    _jx_session_trace_update_names (self->items);
  else if (g_str_equal (pspec->name, "offset"))
    update_extent (self);
  else if (g_str_equal (pspec->name, "state"))
    {
      update_extent (self);
      notify (self, PROP_N_LOADING);
      /* The first trace, or a view that showed everything, shows everything. */
      if (jx_session_trace_get_state (item) == JX_SESSION_TRACE_LOADED &&
          (count_in_state (self, JX_SESSION_TRACE_LOADED) == 1 || jx_time_model_get_follows_extent (self->time)))
        jx_time_model_zoom_all (self->time);
      jx_comparison_manager_update (self->comparisons);
    }

  g_signal_emit (self, signals[TRACE_NOTIFY], g_param_spec_get_name_quark (pspec), item, pspec);
}

/* Items -------------------------------------------------------------------- */

/* The lowest palette slot no loading or loaded trace holds: a trace that
 * failed to load (or was removed) gives its colour back. */
static guint
free_color_slot (JxSession *self)
{
  for (guint slot = 0;; slot++)
    {
      gboolean taken = FALSE;

      for (guint i = 0; i < self->items->len && !taken; i++)
        {
          JxSessionTrace *other = g_ptr_array_index (self->items, i);

          taken = jx_session_trace_get_state (other) != JX_SESSION_TRACE_FAILED &&
                  jx_session_trace_get_color_slot (other) == slot;
        }
      if (!taken)
        return slot;
    }
}

JxSessionTrace *
_jx_session_append_item (JxSession  *self,
                         const char *path)
{
  JxSessionTrace *item = _jx_session_trace_new (path, free_color_slot (self));

  g_ptr_array_add (self->items, item);
  g_signal_connect (item, "notify", G_CALLBACK (on_item_notify), self);
  push_fold (self, item);
  push_sos_common (self);

  _jx_session_trace_update_names (self->items);
  g_list_model_items_changed (G_LIST_MODEL (self), self->items->len - 1, 0, 1);
  notify (self, PROP_N_ITEMS);
  /* The first trace is the reference (notified through the manager). */
  if (jx_comparison_manager_get_reference (self->comparisons) == NULL)
    jx_comparison_manager_set_reference (self->comparisons, item);
  return item;
}

JxSessionTrace *
jx_session_add_path (JxSession  *self,
                     const char *path)
{
  return jx_session_add_path_with_selection (self, path, NULL);
}

JxSessionTrace *
jx_session_add_trace (JxSession *self,
                      JxTrace   *trace)
{
  const char *path;
  JxSessionTrace *item;

  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  path = jx_trace_get_path (trace);
  item = _jx_session_append_item (self, path != NULL ? path : "");
  /* Loaded at once: the state handler zooms as after a load. */
  _jx_session_trace_set_loaded (item, trace);
  return item;
}

void
jx_session_remove (JxSession      *self,
                   JxSessionTrace *item)
{
  g_autoptr(JxSessionTrace) keep = NULL;
  gboolean was_loading;
  guint position;

  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));

  if (!g_ptr_array_find (self->items, item, &position))
    g_return_if_reached ();

  keep = g_object_ref (item);
  was_loading = jx_session_trace_get_state (item) == JX_SESSION_TRACE_LOADING;
  g_signal_handlers_disconnect_by_data (item, self);
  _jx_session_trace_detach (item);

  g_object_freeze_notify (G_OBJECT (self));
  jx_offset_history_forget (self->history, item);
  g_ptr_array_remove_index (self->items, position);
  update_extent (self);

  /* The reference moves to the trace that takes the removed one's place. */
  if (jx_comparison_manager_get_reference (self->comparisons) == item)
    jx_comparison_manager_set_reference (self->comparisons,
                                         self->items->len == 0 ? NULL
                                         : g_ptr_array_index (self->items, MIN (position, self->items->len - 1)));
  g_assert (jx_comparison_manager_get_reference (self->comparisons) != item);
  jx_comparison_manager_forget (self->comparisons, item);
  jx_selection_forget (self->selection, item);
  jx_call_highlight_forget (self->call_highlight, item);

  _jx_session_trace_update_names (self->items);
  g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 0);

  notify (self, PROP_N_ITEMS);
  if (was_loading)
    notify (self, PROP_N_LOADING);
  jx_comparison_manager_update (self->comparisons);
  g_object_thaw_notify (G_OBJECT (self));

  jx_time_model_follow_extent (self->time);
}

void
jx_session_clear (JxSession *self)
{
  g_return_if_fail (JX_IS_SESSION (self));

  while (self->items->len > 0)
    jx_session_remove (self, g_ptr_array_index (self->items, self->items->len - 1));
  jx_session_clear_selection (self);
  jx_session_set_search (self, NULL);
}

void
jx_session_cancel_load (JxSession      *self,
                        JxSessionTrace *item)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));

  _jx_session_trace_cancel_load (item);
}

JxSessionTrace *
jx_session_peek_item (JxSession *self,
                      guint      position)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);

  return position < self->items->len ? g_ptr_array_index (self->items, position) : NULL;
}

gboolean
jx_session_find_item (JxSession      *self,
                      JxSessionTrace *item,
                      guint          *position)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);

  return item != NULL && g_ptr_array_find (self->items, item, position);
}

JxSessionTrace *
jx_session_find_path (JxSession  *self,
                      const char *path)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  for (guint i = 0; i < self->items->len; i++)
    {
      JxSessionTrace *item = g_ptr_array_index (self->items, i);

      if (g_strcmp0 (jx_session_trace_get_path (item), path) == 0)
        return item;
    }
  return NULL;
}

char **
jx_session_dup_paths (JxSession *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (JX_IS_SESSION (self), NULL);

  for (guint i = 0; i < self->items->len; i++)
    {
      const char *path = jx_session_trace_get_path (g_ptr_array_index (self->items, i));

      if (path != NULL && path[0] != '\0')
        g_strv_builder_add (builder, path);
    }
  return g_strv_builder_end (builder);
}

guint
jx_session_get_n_loading (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), 0);

  return count_in_state (self, JX_SESSION_TRACE_LOADING);
}

gboolean
jx_session_get_extent (JxSession  *self,
                       JxTimeSpan *extent)
{
  gboolean found = FALSE;
  JxTimeSpan all = { 0, 0 };

  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);

  for (guint i = 0; i < self->items->len; i++)
    {
      JxTimeSpan one;

      if (!jx_session_trace_get_extent (g_ptr_array_index (self->items, i), &one))
        continue;
      if (!found || one.begin_ns < all.begin_ns)
        all.begin_ns = one.begin_ns;
      if (!found || one.end_ns > all.end_ns)
        all.end_ns = one.end_ns;
      found = TRUE;
    }

  if (extent != NULL)
    *extent = all;
  return found;
}

gboolean
jx_session_get_sos_range (JxSession *self,
                          gint64    *min_ns,
                          gint64    *max_ns)
{
  gboolean any = FALSE;
  gint64 lo = 0, hi = 0;

  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);

  for (guint i = 0; i < self->items->len; i++)
    {
      JxSessionTrace *item = g_ptr_array_index (self->items, i);
      JxImbalance *imbalance = jx_session_trace_get_imbalance (item);
      JxTrace *trace = jx_session_trace_get_trace (item);
      guint64 a, b;

      if (imbalance == NULL || trace == NULL || !jx_imbalance_get_sos_range (imbalance, &a, &b))
        continue;
      lo = any ? MIN (lo, jx_trace_ticks_to_ns (trace, (gint64) a)) : jx_trace_ticks_to_ns (trace, (gint64) a);
      hi = any ? MAX (hi, jx_trace_ticks_to_ns (trace, (gint64) b)) : jx_trace_ticks_to_ns (trace, (gint64) b);
      any = TRUE;
    }
  if (min_ns != NULL)
    *min_ns = lo;
  if (max_ns != NULL)
    *max_ns = hi;
  return any;
}

/* The parts ------------------------------------------------------------------ */

JxTimeModel *
jx_session_get_time_model (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return self->time;
}

JxOffsetHistory *
jx_session_get_offset_history (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return self->history;
}

JxCounterModel *
jx_session_get_counter_model (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return self->counters;
}

JxFoldSettings *
jx_session_get_fold_settings (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return self->fold;
}

JxComparisonManager *
jx_session_get_comparison_manager (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return self->comparisons;
}

JxDiffBarModel *
jx_session_get_diff_bars (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return self->diff_bars;
}

JxDiffTreeStore *
jx_session_get_diff_trees (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return self->diff_trees;
}

JxSessionClusters *
jx_session_get_clusters (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return self->clusters;
}

JxSessionMarkers *
jx_session_get_markers (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return self->markers;
}

JxSelection *
jx_session_get_selection (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return self->selection;
}

JxCallHighlight *
jx_session_get_call_highlight (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return self->call_highlight;
}

/* Modes -------------------------------------------------------------------- */

const char *
jx_session_get_search (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);

  return self->search;
}

void
jx_session_set_search (JxSession  *self,
                       const char *text)
{
  g_return_if_fail (JX_IS_SESSION (self));

  /* An empty search highlights nothing, same as none. */
  if (text != NULL && text[0] == '\0')
    text = NULL;
  if (g_strcmp0 (self->search, text) == 0)
    return;

  g_free (self->search);
  self->search = g_strdup (text);
  /* Another search: the calls F7 walked are no longer what is shown. */
  if (g_strcmp0 (text, jx_selection_get_focus_function (self->selection)) != 0)
    jx_selection_set_focus_function (self->selection, NULL);
  jx_call_highlight_clear (self->call_highlight);
  notify (self, PROP_SEARCH);
}

static void
set_flag (JxSession *self,
          gboolean  *flag,
          gboolean   value,
          guint      prop)
{
  value = !!value;
  if (*flag == value)
    return;
  *flag = value;
  notify (self, prop);
}

gboolean
jx_session_get_shift_mode (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);
  return self->shift_mode;
}

void
jx_session_set_shift_mode (JxSession *self,
                           gboolean   shift_mode)
{
  g_return_if_fail (JX_IS_SESSION (self));
  set_flag (self, &self->shift_mode, shift_mode, PROP_SHIFT_MODE);
}

gboolean
jx_session_get_show_messages (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);
  return self->show_messages;
}

void
jx_session_set_show_messages (JxSession *self,
                              gboolean   show_messages)
{
  g_return_if_fail (JX_IS_SESSION (self));
  set_flag (self, &self->show_messages, show_messages, PROP_SHOW_MESSAGES);
}

gboolean
jx_session_get_dark (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);
  return self->dark;
}

void
jx_session_set_dark (JxSession *self,
                     gboolean   dark)
{
  g_return_if_fail (JX_IS_SESSION (self));
  set_flag (self, &self->dark, dark, PROP_DARK);
}

gboolean
jx_session_get_align_ends (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);
  return self->align_ends;
}

void
jx_session_set_align_ends (JxSession *self,
                           gboolean   align_ends)
{
  g_return_if_fail (JX_IS_SESSION (self));
  set_flag (self, &self->align_ends, align_ends, PROP_ALIGN_ENDS);
}

/* Object ------------------------------------------------------------------- */

static void
jx_session_dispose (GObject *object)
{
  JxSession *self = JX_SESSION (object);

  /* The parts first: they follow the list and must not see it go. */
  g_clear_object (&self->markers);
  g_clear_object (&self->diff_trees);
  g_clear_object (&self->counters);
  g_clear_object (&self->clusters);
  g_clear_object (&self->call_highlight);
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_clear_object (&self->selection);
  if (self->diff_bars != NULL)
    g_signal_handlers_disconnect_by_data (self->diff_bars, self);
  g_clear_object (&self->diff_bars);
  if (self->fold != NULL)
    g_signal_handlers_disconnect_by_data (self->fold, self);
  if (self->time != NULL)
    g_signal_handlers_disconnect_by_data (self->time, self);
  if (self->history != NULL)
    g_signal_handlers_disconnect_by_data (self->history, self);
  if (self->comparisons != NULL)
    g_signal_handlers_disconnect_by_data (self->comparisons, self);

  /* Loads and builds still running end into nothing. */
  for (guint i = 0; self->items != NULL && i < self->items->len; i++)
    {
      JxSessionTrace *item = g_ptr_array_index (self->items, i);

      g_signal_handlers_disconnect_by_data (item, self);
      _jx_session_trace_detach (item);
    }
  g_clear_object (&self->comparisons);
  g_clear_pointer (&self->items, g_ptr_array_unref);

  G_OBJECT_CLASS (jx_session_parent_class)->dispose (object);
}

static void
jx_session_finalize (GObject *object)
{
  JxSession *self = JX_SESSION (object);

  g_clear_object (&self->time);
  g_clear_object (&self->history);
  g_clear_object (&self->fold);
  g_clear_pointer (&self->search, g_free);

  G_OBJECT_CLASS (jx_session_parent_class)->finalize (object);
}

static void
jx_session_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  JxSession *self = JX_SESSION (object);

  switch (prop_id)
    {
    case PROP_N_ITEMS:
      g_value_set_uint (value, self->items->len);
      break;
    case PROP_N_LOADING:
      g_value_set_uint (value, jx_session_get_n_loading (self));
      break;
    case PROP_REFERENCE:
      g_value_set_object (value, jx_session_get_reference (self));
      break;
    case PROP_SEARCH:
      g_value_set_string (value, self->search);
      break;
    case PROP_SHIFT_MODE:
      g_value_set_boolean (value, self->shift_mode);
      break;
    case PROP_SHOW_MESSAGES:
      g_value_set_boolean (value, self->show_messages);
      break;
    case PROP_DARK:
      g_value_set_boolean (value, self->dark);
      break;
    case PROP_ALIGN_ENDS:
      g_value_set_boolean (value, self->align_ends);
      break;
    case PROP_COMPARED_TRACE:
      g_value_set_object (value, jx_session_get_compared (self));
      break;
    case PROP_SELECTED_TRACE:
    case PROP_SELECTED_STREAM:
    case PROP_SELECTED_INVOCATION:
    case PROP_SELECTED_PARTNER_TRACE:
    case PROP_SELECTED_PARTNER_STREAM:
    case PROP_SELECTED_PARTNER_INVOCATION:
    case PROP_FOCUS_FUNCTION:
      g_object_get_property (G_OBJECT (self->selection), pspec->name, value);
      break;
    case PROP_DIFF_MODE:
    case PROP_NOISE_BAND:
    case PROP_DIFFERENCES_BY_IMPACT:
      g_object_get_property (G_OBJECT (self->diff_bars), pspec->name, value);
      break;
    case PROP_VISIBLE_TIME:
    case PROP_SELECTED_TIME:
      g_object_get_property (G_OBJECT (self->time), pspec->name, value);
      break;
    case PROP_CAN_UNDO:
    case PROP_CAN_REDO:
    case PROP_UNDO_LABEL:
    case PROP_REDO_LABEL:
      g_object_get_property (G_OBJECT (self->history), pspec->name, value);
      break;
    case PROP_FOLD_GROUPING:
    case PROP_FOLD_OPERATION:
    case PROP_FOLD_CUSTOM:
    case PROP_SHOW_SOS:
    case PROP_SOS_FUNCTION:
      g_object_get_property (G_OBJECT (self->fold), pspec->name, value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_session_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  JxSession *self = JX_SESSION (object);

  switch (prop_id)
    {
    case PROP_REFERENCE:
      jx_session_set_reference (self, g_value_get_object (value));
      break;
    case PROP_SEARCH:
      jx_session_set_search (self, g_value_get_string (value));
      break;
    case PROP_SHIFT_MODE:
      jx_session_set_shift_mode (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_MESSAGES:
      jx_session_set_show_messages (self, g_value_get_boolean (value));
      break;
    case PROP_DARK:
      jx_session_set_dark (self, g_value_get_boolean (value));
      break;
    case PROP_ALIGN_ENDS:
      jx_session_set_align_ends (self, g_value_get_boolean (value));
      break;
    case PROP_COMPARED_TRACE:
      jx_session_set_compared (self, g_value_get_object (value));
      break;
    case PROP_VISIBLE_TIME:
    case PROP_SELECTED_TIME:
      g_object_set_property (G_OBJECT (self->time), pspec->name, value);
      break;
    case PROP_FOLD_GROUPING:
    case PROP_FOLD_OPERATION:
    case PROP_FOLD_CUSTOM:
    case PROP_SHOW_SOS:
    case PROP_SOS_FUNCTION:
      g_object_set_property (G_OBJECT (self->fold), pspec->name, value);
      break;
    case PROP_DIFF_MODE:
    case PROP_NOISE_BAND:
    case PROP_DIFFERENCES_BY_IMPACT:
      g_object_set_property (G_OBJECT (self->diff_bars), pspec->name, value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_session_class_init (JxSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = jx_session_dispose;
  object_class->finalize = jx_session_finalize;
  object_class->get_property = jx_session_get_property;
  object_class->set_property = jx_session_set_property;

  properties[PROP_N_ITEMS] = g_param_spec_uint ("n-items", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_N_LOADING] = g_param_spec_uint ("n-loading", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_REFERENCE] =
    g_param_spec_object ("reference", NULL, NULL, JX_TYPE_SESSION_TRACE, rw);
  properties[PROP_VISIBLE_TIME] =
    g_param_spec_boxed ("visible-time", NULL, NULL, JX_TYPE_TIME_SPAN, rw);
  properties[PROP_SELECTED_TIME] =
    g_param_spec_boxed ("selected-time", NULL, NULL, JX_TYPE_TIME_SPAN, rw);
  properties[PROP_SELECTED_TRACE] =
    g_param_spec_object ("selected-trace", NULL, NULL, JX_TYPE_SESSION_TRACE, ro);
  properties[PROP_SELECTED_STREAM] =
    g_param_spec_uint ("selected-stream", NULL, NULL, 0, G_MAXUINT32, JX_NONE, ro);
  properties[PROP_SELECTED_INVOCATION] =
    g_param_spec_uint ("selected-invocation", NULL, NULL, 0, G_MAXUINT32, JX_NONE, ro);
  properties[PROP_SEARCH] = g_param_spec_string ("search", NULL, NULL, NULL, rw);
  properties[PROP_SHIFT_MODE] = g_param_spec_boolean ("shift-mode", NULL, NULL, FALSE, rw);
  properties[PROP_SHOW_MESSAGES] = g_param_spec_boolean ("show-messages", NULL, NULL, FALSE, rw);
  properties[PROP_DARK] = g_param_spec_boolean ("dark", NULL, NULL, FALSE, rw);
  properties[PROP_ALIGN_ENDS] = g_param_spec_boolean ("align-ends", NULL, NULL, FALSE, rw);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  properties[PROP_UNDO_LABEL] = g_param_spec_string ("undo-label", NULL, NULL, NULL, ro);
  properties[PROP_REDO_LABEL] = g_param_spec_string ("redo-label", NULL, NULL, NULL, ro);
  properties[PROP_COMPARED_TRACE] =
    g_param_spec_object ("compared-trace", NULL, NULL, JX_TYPE_SESSION_TRACE, rw);
  properties[PROP_SELECTED_PARTNER_TRACE] =
    g_param_spec_object ("selected-partner-trace", NULL, NULL, JX_TYPE_SESSION_TRACE, ro);
  properties[PROP_SELECTED_PARTNER_STREAM] =
    g_param_spec_uint ("selected-partner-stream", NULL, NULL, 0, G_MAXUINT32, JX_NONE, ro);
  properties[PROP_SELECTED_PARTNER_INVOCATION] =
    g_param_spec_uint ("selected-partner-invocation", NULL, NULL, 0, G_MAXUINT32, JX_NONE, ro);
  properties[PROP_FOLD_GROUPING] =
    g_param_spec_enum ("fold-grouping", NULL, NULL, JX_TYPE_FOLD_GROUPING, JX_FOLD_GROUPING_THREADS, rw);
  properties[PROP_FOLD_OPERATION] =
    g_param_spec_enum ("fold-operation", NULL, NULL, JX_TYPE_FOLD_OP, JX_FOLD_MAX, rw);
  properties[PROP_FOLD_CUSTOM] = g_param_spec_boxed ("fold-custom", NULL, NULL, G_TYPE_STRV, rw);
  properties[PROP_SHOW_SOS] = g_param_spec_boolean ("show-sos", NULL, NULL, FALSE, rw);
  properties[PROP_SOS_FUNCTION] = g_param_spec_string ("sos-function", NULL, NULL, NULL, rw);
  properties[PROP_DIFF_MODE] =
    g_param_spec_enum ("diff-mode", NULL, NULL, JX_TYPE_DIFF_BAR_MODE, JX_DIFF_BAR_BOTH, rw);
  properties[PROP_NOISE_BAND] = g_param_spec_double ("noise-band", NULL, NULL, 0.0, 0.9, 0.10, rw);
  properties[PROP_DIFFERENCES_BY_IMPACT] =
    g_param_spec_boolean ("differences-by-impact", NULL, NULL, FALSE, rw);
  properties[PROP_FOCUS_FUNCTION] = g_param_spec_string ("focus-function", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[TRACE_NOTIFY] =
    g_signal_new ("trace-notify", G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED | G_SIGNAL_NO_HOOKS,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, JX_TYPE_SESSION_TRACE, G_TYPE_PARAM);
  signals[FOLD_ALL] =
    g_signal_new ("fold-all", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST | G_SIGNAL_NO_HOOKS,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_BOOLEAN);
}

static void
jx_session_init (JxSession *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);

  self->time = jx_time_model_new ();
  g_signal_connect (self->time, "notify", G_CALLBACK (relay_notify), self);
  self->history = jx_offset_history_new ();
  g_signal_connect (self->history, "notify", G_CALLBACK (relay_notify), self);
  self->fold = jx_fold_settings_new ();
  g_signal_connect (self->fold, "notify", G_CALLBACK (on_fold_notify), self);
  g_signal_connect (self, "trace-notify::imbalance", G_CALLBACK (on_trace_imbalance), NULL);
  g_signal_connect (self, "trace-notify::imbalance-error", G_CALLBACK (on_trace_imbalance), NULL);
  g_signal_connect (self, "notify::reference", G_CALLBACK (on_reference_sos), NULL);
  g_signal_connect (self, "notify::reference", G_CALLBACK (on_reference_pairs), NULL);
  g_signal_connect (self->fold, "fold-all", G_CALLBACK (on_fold_all), self);
  self->comparisons = jx_comparison_manager_new (G_LIST_MODEL (self));
  g_signal_connect (self->comparisons, "notify", G_CALLBACK (relay_notify), self);
  self->diff_bars = jx_diff_bar_model_new (self->comparisons, G_LIST_MODEL (self));
  g_signal_connect (self->diff_bars, "notify", G_CALLBACK (relay_notify), self);
  self->selection = jx_selection_new (self->comparisons, self->diff_bars);
  g_signal_connect (self->selection, "notify", G_CALLBACK (relay_notify), self);
  self->markers = jx_session_markers_new (G_LIST_MODEL (self));
  self->diff_trees = jx_diff_tree_store_new (G_LIST_MODEL (self));
  self->counters = jx_counter_model_new (G_LIST_MODEL (self));
  self->clusters = jx_session_clusters_new (G_LIST_MODEL (self));
  /* The highlighted calls are a node's of the merged tree: they go with it. */
  self->call_highlight = jx_call_highlight_new ();
  g_signal_connect_object (self->clusters, "tree-changed", G_CALLBACK (jx_call_highlight_clear), self->call_highlight,
                           G_CONNECT_SWAPPED);
}

JxSession *
jx_session_new (void)
{
  return g_object_new (JX_TYPE_SESSION, NULL);
}
