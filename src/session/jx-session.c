/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session.c — the traces of a comparison, their offsets and undo history,
 * and the modes; the time model is in jx-session-time.c. */
#include "config.h"

#include "jx-session-comparison.h"
#include "jx-session-private.h"
#include "jx-session-trace-private.h"

/* Width of the view before anything is loaded (1 s), so the ruler has a scale. */
#define DEFAULT_VIEW_WIDTH_NS JX_NS_PER_SECOND

static void jx_session_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (JxSession, jx_session, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, jx_session_list_model_init))

enum {
  TRACE_NOTIFY,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

void
_jx_session_notify (JxSession *self,
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
  return JX_SESSION (model)->items->len;
}

static gpointer
jx_session_get_item (GListModel *model,
                     guint       position)
{
  JxSession *self = JX_SESSION (model);

  if (position >= self->items->len)
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

/* Undo history ------------------------------------------------------------- */

typedef struct
{
  gboolean could_undo;
  gboolean could_redo;
} UndoState;

static UndoState
undo_state (JxSession *self)
{
  return (UndoState) { jx_offset_history_can_undo (self->history),
                       jx_offset_history_can_redo (self->history) };
}

static void
notify_undo_state (JxSession *self,
                   UndoState  before)
{
  if (before.could_undo != jx_offset_history_can_undo (self->history))
    _jx_session_notify (self, PROP_CAN_UNDO);
  if (before.could_redo != jx_offset_history_can_redo (self->history))
    _jx_session_notify (self, PROP_CAN_REDO);
}

static void
push_step (JxSession            *self,
           const JxOffsetChange *changes,
           guint                 n_changes)
{
  UndoState before = undo_state (self);

  jx_offset_history_push (self->history, changes, n_changes);
  notify_undo_state (self, before);
}

static void
apply_step (JxSession *self,
            GArray    *step,
            gboolean   undo)
{
  for (guint i = 0; step != NULL && i < step->len; i++)
    {
      JxOffsetChange *change = &g_array_index (step, JxOffsetChange, i);

      change->item->dragging = FALSE;
      _jx_session_trace_set_offset (change->item, undo ? change->before : change->after);
    }
}

/* Items -------------------------------------------------------------------- */

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
  else if (g_str_equal (pspec->name, "state"))
    {
      _jx_session_notify (self, PROP_N_LOADING);
      /* The first trace, or a view that showed everything, shows everything. */
      if (jx_session_trace_get_state (item) == JX_SESSION_TRACE_LOADED &&
          (count_in_state (self, JX_SESSION_TRACE_LOADED) == 1 || self->view_follows_extent))
        jx_session_zoom_all (self);
      _jx_session_update_comparisons (self);
    }
  else if (g_str_equal (pspec->name, "comparison-pairs"))
    _jx_session_update_partner (self);

  g_signal_emit (self, signals[TRACE_NOTIFY], g_param_spec_get_name_quark (pspec), item, pspec);
}

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

          taken = other->state != JX_SESSION_TRACE_FAILED && other->color_slot == slot;
        }
      if (!taken)
        return slot;
    }
}

static JxSessionTrace *
append_item (JxSession  *self,
             const char *path)
{
  JxSessionTrace *item = _jx_session_trace_new (path, free_color_slot (self));
  gboolean new_reference = self->reference == NULL;

  g_ptr_array_add (self->items, item);
  g_signal_connect (item, "notify", G_CALLBACK (on_item_notify), self);
  _jx_session_fold_push (self, item);
  if (new_reference)
    {
      self->reference = item;
      _jx_session_trace_set_reference (item, TRUE);
    }

  _jx_session_trace_update_names (self->items);
  g_list_model_items_changed (G_LIST_MODEL (self), self->items->len - 1, 0, 1);
  _jx_session_notify (self, PROP_N_ITEMS);
  if (new_reference)
    _jx_session_notify (self, PROP_REFERENCE);
  return item;
}

JxSessionTrace *
jx_session_add_path (JxSession  *self,
                     const char *path)
{
  JxSessionTrace *item;

  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  item = append_item (self, path);
  _jx_session_notify (self, PROP_N_LOADING);
  _jx_session_trace_load (item);
  return item;
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
  item = append_item (self, path != NULL ? path : "");
  /* Loaded at once: the state handler zooms as after a load. */
  _jx_session_trace_set_loaded (item, trace);
  return item;
}

void
jx_session_remove (JxSession      *self,
                   JxSessionTrace *item)
{
  g_autoptr(JxSessionTrace) keep = NULL;
  JxSessionTrace *old_reference;
  UndoState before;
  gboolean was_loading, was_compared;
  guint position;

  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));

  if (!g_ptr_array_find (self->items, item, &position))
    g_return_if_reached ();

  keep = g_object_ref (item);
  was_loading = item->state == JX_SESSION_TRACE_LOADING;
  g_signal_handlers_disconnect_by_data (item, self);
  _jx_session_trace_detach (item);

  before = undo_state (self);
  jx_offset_history_forget (self->history, item);
  g_ptr_array_remove_index (self->items, position);

  /* The reference moves to the trace that takes the removed one's place. */
  old_reference = self->reference;
  if (self->reference == item)
    {
      _jx_session_trace_set_reference (item, FALSE);
      self->reference = self->items->len == 0 ? NULL
                        : g_ptr_array_index (self->items, MIN (position, self->items->len - 1));
      if (self->reference != NULL)
        _jx_session_trace_set_reference (self->reference, TRUE);
    }

  if (self->selected_trace == item)
    jx_session_select_invocation (self, NULL, JX_NONE, JX_NONE);
  if (self->compared == item)
    self->compared = NULL;
  /* Views holding the removed trace's results must hear of it even when no
   * other trace takes its place. */
  was_compared = self->compared_seen == item;
  if (was_compared)
    self->compared_seen = NULL;

  _jx_session_trace_update_names (self->items);
  g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 0);

  g_object_freeze_notify (G_OBJECT (self));
  _jx_session_notify (self, PROP_N_ITEMS);
  if (was_loading)
    _jx_session_notify (self, PROP_N_LOADING);
  if (old_reference != self->reference)
    _jx_session_notify (self, PROP_REFERENCE);
  notify_undo_state (self, before);
  _jx_session_update_comparisons (self);
  if (was_compared)
    _jx_session_notify (self, PROP_COMPARED_TRACE);
  g_object_thaw_notify (G_OBJECT (self));

  _jx_session_follow_extent (self);
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

      if (g_strcmp0 (item->path, path) == 0)
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
      JxSessionTrace *item = g_ptr_array_index (self->items, i);

      if (item->path != NULL && item->path[0] != '\0')
        g_strv_builder_add (builder, item->path);
    }
  return g_strv_builder_end (builder);
}

guint
jx_session_get_n_loading (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), 0);

  return count_in_state (self, JX_SESSION_TRACE_LOADING);
}

JxSessionTrace *
jx_session_get_reference (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);

  return self->reference;
}

void
jx_session_set_reference (JxSession      *self,
                          JxSessionTrace *item)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));
  g_return_if_fail (g_ptr_array_find (self->items, item, NULL));

  if (self->reference == item)
    return;

  if (self->reference != NULL)
    _jx_session_trace_set_reference (self->reference, FALSE);
  self->reference = item;
  _jx_session_trace_set_reference (item, TRUE);
  _jx_session_notify (self, PROP_REFERENCE);
  /* Every comparison was with the old reference. */
  _jx_session_update_comparisons (self);
}

/* Offsets ------------------------------------------------------------------ */

void
jx_session_set_offset (JxSession      *self,
                       JxSessionTrace *item,
                       gint64          offset_ns)
{
  JxOffsetChange change;

  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));
  g_return_if_fail (item->attached);

  change = (JxOffsetChange) { item, item->offset, offset_ns };
  _jx_session_trace_set_offset (item, offset_ns);
  /* During a drag the whole gesture becomes one step at end_offset_drag. */
  if (!item->dragging)
    push_step (self, &change, 1);
}

void
jx_session_set_offsets (JxSession       *self,
                        JxSessionTrace **items,
                        const gint64    *offsets_ns,
                        guint            n_items)
{
  g_autoptr(GArray) changes = NULL;

  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (items != NULL || n_items == 0);
  g_return_if_fail (offsets_ns != NULL || n_items == 0);

  changes = g_array_sized_new (FALSE, FALSE, sizeof (JxOffsetChange), n_items);
  for (guint i = 0; i < n_items; i++)
    {
      JxOffsetChange change;

      g_return_if_fail (JX_IS_SESSION_TRACE (items[i]) && items[i]->attached);
      /* A running drag ends here: its own step first, then this one. */
      jx_session_end_offset_drag (self, items[i]);
      change = (JxOffsetChange) { items[i], items[i]->offset, offsets_ns[i] };
      g_array_append_val (changes, change);
    }

  for (guint i = 0; i < changes->len; i++)
    _jx_session_trace_set_offset (items[i], offsets_ns[i]);
  push_step (self, (const JxOffsetChange *) (gpointer) changes->data, changes->len);
}

void
jx_session_begin_offset_drag (JxSession      *self,
                              JxSessionTrace *item)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));

  if (item->dragging)
    return;
  item->dragging = TRUE;
  item->drag_origin = item->offset;
}

void
jx_session_end_offset_drag (JxSession      *self,
                            JxSessionTrace *item)
{
  JxOffsetChange change;

  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));

  if (!item->dragging)
    return;
  item->dragging = FALSE;
  if (!item->attached)
    return;
  change = (JxOffsetChange) { item, item->drag_origin, item->offset };
  push_step (self, &change, 1);
}

gboolean
jx_session_can_undo (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);

  return jx_offset_history_can_undo (self->history);
}

gboolean
jx_session_can_redo (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);

  return jx_offset_history_can_redo (self->history);
}

void
jx_session_undo (JxSession *self)
{
  UndoState before;

  g_return_if_fail (JX_IS_SESSION (self));

  before = undo_state (self);
  apply_step (self, jx_offset_history_undo (self->history), TRUE);
  notify_undo_state (self, before);
}

void
jx_session_redo (JxSession *self)
{
  UndoState before;

  g_return_if_fail (JX_IS_SESSION (self));

  before = undo_state (self);
  apply_step (self, jx_offset_history_redo (self->history), FALSE);
  notify_undo_state (self, before);
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
  _jx_session_notify (self, PROP_SEARCH);
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
  _jx_session_notify (self, prop);
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

  /* Loads and builds still running end into nothing. */
  for (guint i = 0; self->items != NULL && i < self->items->len; i++)
    {
      JxSessionTrace *item = g_ptr_array_index (self->items, i);

      g_signal_handlers_disconnect_by_data (item, self);
      _jx_session_trace_detach (item);
    }
  g_clear_object (&self->markers);
  g_clear_pointer (&self->items, g_ptr_array_unref);
  self->reference = NULL;
  self->compared = self->compared_seen = NULL;
  g_clear_object (&self->selected_trace);
  g_clear_object (&self->partner_trace);

  G_OBJECT_CLASS (jx_session_parent_class)->dispose (object);
}

static void
jx_session_finalize (GObject *object)
{
  JxSession *self = JX_SESSION (object);

  g_clear_pointer (&self->history, jx_offset_history_free);
  g_clear_pointer (&self->search, g_free);
  _jx_session_fold_finalize (self);

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
      g_value_set_object (value, self->reference);
      break;
    case PROP_VISIBLE_TIME:
      g_value_set_boxed (value, &self->visible);
      break;
    case PROP_SELECTED_TIME:
      g_value_set_boxed (value, &self->selected_time);
      break;
    case PROP_SELECTED_TRACE:
      g_value_set_object (value, self->selected_trace);
      break;
    case PROP_SELECTED_STREAM:
      g_value_set_uint (value, self->selected_stream);
      break;
    case PROP_SELECTED_INVOCATION:
      g_value_set_uint (value, self->selected_invocation);
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
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, jx_session_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, jx_session_can_redo (self));
      break;
    case PROP_COMPARED_TRACE:
      g_value_set_object (value, jx_session_get_compared (self));
      break;
    case PROP_SELECTED_PARTNER_TRACE:
      g_value_set_object (value, self->partner_trace);
      break;
    case PROP_SELECTED_PARTNER_STREAM:
      g_value_set_uint (value, self->partner_stream);
      break;
    case PROP_SELECTED_PARTNER_INVOCATION:
      g_value_set_uint (value, self->partner_invocation);
      break;
    default:
      if (!_jx_session_fold_get_property (self, prop_id, value))
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
    case PROP_VISIBLE_TIME:
      jx_session_set_visible_time (self, g_value_get_boxed (value));
      break;
    case PROP_SELECTED_TIME:
      jx_session_select_time (self, g_value_get_boxed (value));
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
    default:
      if (!_jx_session_fold_set_property (self, prop_id, value))
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
  properties[PROP_COMPARED_TRACE] =
    g_param_spec_object ("compared-trace", NULL, NULL, JX_TYPE_SESSION_TRACE, rw);
  properties[PROP_SELECTED_PARTNER_TRACE] =
    g_param_spec_object ("selected-partner-trace", NULL, NULL, JX_TYPE_SESSION_TRACE, ro);
  properties[PROP_SELECTED_PARTNER_STREAM] =
    g_param_spec_uint ("selected-partner-stream", NULL, NULL, 0, G_MAXUINT32, JX_NONE, ro);
  properties[PROP_SELECTED_PARTNER_INVOCATION] =
    g_param_spec_uint ("selected-partner-invocation", NULL, NULL, 0, G_MAXUINT32, JX_NONE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  _jx_session_fold_class_init (object_class);

  signals[TRACE_NOTIFY] =
    g_signal_new ("trace-notify", G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED | G_SIGNAL_NO_HOOKS,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, JX_TYPE_SESSION_TRACE, G_TYPE_PARAM);
}

static void
jx_session_init (JxSession *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->history = jx_offset_history_new ();
  self->visible.end_ns = DEFAULT_VIEW_WIDTH_NS;
  self->view_follows_extent = TRUE;
  self->selected_stream = JX_NONE;
  self->selected_invocation = JX_NONE;
  self->markers = _jx_session_markers_new (self);
  _jx_session_fold_init (self);
  self->partner_stream = JX_NONE;
  self->partner_invocation = JX_NONE;
}

JxSession *
jx_session_new (void)
{
  return g_object_new (JX_TYPE_SESSION, NULL);
}
