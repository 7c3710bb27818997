/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-selection.c — see jx-selection.h. */
#include "config.h"

#include "jx-selection.h"

struct _JxSelection
{
  GObject              parent_instance;

  JxComparisonManager *manager;
  JxDiffBarModel      *bars;

  JxSessionTrace      *trace;           /* owned */
  guint32              stream;
  guint32              invocation;
  JxSessionTrace      *partner_trace;   /* owned */
  guint32              partner_stream;
  guint32              partner_invocation;

  char                *focus;           /* the function whose calls F7 walks */
  GArray              *focus_calls;     /* JxDiffWalkEntry: only these of its calls (a call path) */
  guint                focus_index;     /* of the call selected through the focus */
  guint                focus_count;
};

enum {
  PROP_0,
  PROP_SELECTED_TRACE,
  PROP_SELECTED_STREAM,
  PROP_SELECTED_INVOCATION,
  PROP_SELECTED_PARTNER_TRACE,
  PROP_SELECTED_PARTNER_STREAM,
  PROP_SELECTED_PARTNER_INVOCATION,
  PROP_FOCUS_FUNCTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (JxSelection, jx_selection, G_TYPE_OBJECT)

/* Sets one triple (the selection's or its partner's), notifying what
 * changed. */
static void
set_triple (JxSelection     *self,
            JxSessionTrace **trace,
            guint32         *stream,
            guint32         *invocation,
            JxSessionTrace  *new_trace,
            guint32          new_stream,
            guint32          new_invocation,
            guint            first_prop)
{
  g_object_freeze_notify (G_OBJECT (self));
  if (g_set_object (trace, new_trace))
    g_object_notify_by_pspec (G_OBJECT (self), properties[first_prop]);
  if (*stream != new_stream)
    {
      *stream = new_stream;
      g_object_notify_by_pspec (G_OBJECT (self), properties[first_prop + 1]);
    }
  if (*invocation != new_invocation)
    {
      *invocation = new_invocation;
      g_object_notify_by_pspec (G_OBJECT (self), properties[first_prop + 2]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

/* The selected call's aligned partner, after the selection or the diff
 * bars changed. */
static void
update_partner (JxSelection *self)
{
  const JxComparisonPair *pair;
  JxSessionTrace *other;
  gboolean side_b;
  guint32 partner = JX_NONE;

  if (self->trace != NULL &&
      jx_diff_bar_model_get_bar (self->bars, self->trace, self->stream, &pair, &side_b, &other))
    partner = jx_pair_diff_partner (pair->diff, side_b, self->invocation);
  if (partner == JX_NONE)
    set_triple (self, &self->partner_trace, &self->partner_stream, &self->partner_invocation,
                NULL, JX_NONE, JX_NONE, PROP_SELECTED_PARTNER_TRACE);
  else
    set_triple (self, &self->partner_trace, &self->partner_stream, &self->partner_invocation,
                other, side_b ? pair->stream_a : pair->stream_b, partner, PROP_SELECTED_PARTNER_TRACE);
}

gboolean
jx_selection_get_invocation (JxSelection     *self,
                             JxSessionTrace **item,
                             guint32         *stream,
                             guint32         *invocation)
{
  g_return_val_if_fail (JX_IS_SELECTION (self), FALSE);

  if (item != NULL)
    *item = self->trace;
  if (stream != NULL)
    *stream = self->stream;
  if (invocation != NULL)
    *invocation = self->invocation;
  return self->trace != NULL;
}

void
jx_selection_select (JxSelection    *self,
                     JxSessionTrace *item,
                     guint32         stream,
                     guint32         invocation)
{
  g_return_if_fail (JX_IS_SELECTION (self));
  g_return_if_fail (item == NULL || JX_IS_SESSION_TRACE (item));

  if (item == NULL)
    stream = invocation = JX_NONE;

  g_object_freeze_notify (G_OBJECT (self));
  set_triple (self, &self->trace, &self->stream, &self->invocation, item, stream, invocation,
              PROP_SELECTED_TRACE);
  /* A pick in another trace than the reference is what to compare with. */
  if (item != NULL && item != jx_comparison_manager_get_reference (self->manager))
    jx_comparison_manager_set_compared (self->manager, item);
  update_partner (self);
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
jx_selection_get_partner (JxSelection     *self,
                          JxSessionTrace **item,
                          guint32         *stream,
                          guint32         *invocation)
{
  g_return_val_if_fail (JX_IS_SELECTION (self), FALSE);

  if (item != NULL)
    *item = self->partner_trace;
  if (stream != NULL)
    *stream = self->partner_stream;
  if (invocation != NULL)
    *invocation = self->partner_invocation;
  return self->partner_trace != NULL;
}

void
jx_selection_select_on_diff_bar (JxSelection    *self,
                                 JxSessionTrace *item,
                                 guint32         stream,
                                 guint32         invocation,
                                 guint32         extra)
{
  JxDiffBarCall call;

  g_return_if_fail (JX_IS_SELECTION (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));

  if (jx_diff_bar_model_call_at (self->bars, item, stream, invocation, extra, &call))
    jx_selection_select (self, call.item, call.stream, call.invocation);
}

gboolean
jx_selection_select_difference (JxSelection *self,
                                gboolean     forward)
{
  JxDiffBarCall from, found;
  JxSessionTrace *holder;

  g_return_val_if_fail (JX_IS_SELECTION (self), FALSE);

  from = (JxDiffBarCall) { self->trace, self->stream, self->invocation };
  holder = self->trace != NULL && self->trace != jx_comparison_manager_get_reference (self->manager)
           ? self->trace : jx_comparison_manager_get_compared (self->manager);
  if (self->focus != NULL)
    {
      g_autofree char *focus = g_strdup (self->focus);
      guint index = 0, count = 0;

      if (self->focus_calls != NULL)
        {
          count = self->focus_calls->len;
          if (!jx_diff_bar_model_next_in (self->bars, holder, self->focus_calls, focus, &from, forward, &found, &index))
            return FALSE;
        }
      else if (!jx_diff_bar_model_next_call_of (self->bars, holder, focus, &from, forward, &found, &index, &count))
        return FALSE;
      jx_selection_select (self, found.item, found.stream, found.invocation);
      /* Selecting may have dropped the focus (it never does now). */
      self->focus_index = index;
      self->focus_count = count;
      return TRUE;
    }
  if (!jx_diff_bar_model_next_difference (self->bars, holder, &from, forward, &found))
    return FALSE;
  jx_selection_select (self, found.item, found.stream, found.invocation);
  return TRUE;
}

const char *
jx_selection_get_focus_function (JxSelection *self)
{
  g_return_val_if_fail (JX_IS_SELECTION (self), NULL);
  return self->focus;
}

void
jx_selection_set_focus_function (JxSelection *self,
                                 const char  *function)
{
  g_return_if_fail (JX_IS_SELECTION (self));

  if (function != NULL && *function == '\0')
    function = NULL;
  g_clear_pointer (&self->focus_calls, g_array_unref);
  self->focus_index = self->focus_count = 0;
  if (g_strcmp0 (self->focus, function) == 0)
    return;
  g_free (self->focus);
  self->focus = g_strdup (function);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOCUS_FUNCTION]);
}

void
jx_selection_set_focus_calls (JxSelection *self,
                              const char  *function,
                              GArray      *calls)
{
  g_return_if_fail (JX_IS_SELECTION (self));
  g_return_if_fail (function != NULL && calls != NULL);

  jx_selection_set_focus_function (self, function);
  self->focus_calls = g_array_ref (calls);
  /* Told even when the function stays: the calls changed. */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOCUS_FUNCTION]);
}

gboolean
jx_selection_get_focus_position (JxSelection *self,
                                 guint       *index,
                                 guint       *count)
{
  g_return_val_if_fail (JX_IS_SELECTION (self), FALSE);

  if (index != NULL)
    *index = self->focus_index;
  if (count != NULL)
    *count = self->focus_count;
  return self->focus != NULL && self->focus_count > 0;
}

void
jx_selection_forget (JxSelection    *self,
                     JxSessionTrace *item)
{
  g_return_if_fail (JX_IS_SELECTION (self));

  if (self->trace == item)
    jx_selection_select (self, NULL, JX_NONE, JX_NONE);
  else
    update_partner (self);
}

/* Object ------------------------------------------------------------------- */

static void
jx_selection_dispose (GObject *object)
{
  JxSelection *self = JX_SELECTION (object);

  if (self->bars != NULL)
    g_signal_handlers_disconnect_by_data (self->bars, self);
  g_clear_object (&self->bars);
  g_clear_object (&self->manager);
  g_clear_object (&self->trace);
  g_clear_object (&self->partner_trace);
  g_clear_pointer (&self->focus, g_free);
  g_clear_pointer (&self->focus_calls, g_array_unref);

  G_OBJECT_CLASS (jx_selection_parent_class)->dispose (object);
}

static void
jx_selection_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  JxSelection *self = JX_SELECTION (object);

  switch (prop_id)
    {
    case PROP_SELECTED_TRACE:
      g_value_set_object (value, self->trace);
      break;
    case PROP_SELECTED_STREAM:
      g_value_set_uint (value, self->stream);
      break;
    case PROP_SELECTED_INVOCATION:
      g_value_set_uint (value, self->invocation);
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
    case PROP_FOCUS_FUNCTION:
      g_value_set_string (value, self->focus);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_selection_class_init (JxSelectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = jx_selection_dispose;
  object_class->get_property = jx_selection_get_property;

  properties[PROP_SELECTED_TRACE] =
    g_param_spec_object ("selected-trace", NULL, NULL, JX_TYPE_SESSION_TRACE, ro);
  properties[PROP_SELECTED_STREAM] =
    g_param_spec_uint ("selected-stream", NULL, NULL, 0, G_MAXUINT32, JX_NONE, ro);
  properties[PROP_SELECTED_INVOCATION] =
    g_param_spec_uint ("selected-invocation", NULL, NULL, 0, G_MAXUINT32, JX_NONE, ro);
  properties[PROP_SELECTED_PARTNER_TRACE] =
    g_param_spec_object ("selected-partner-trace", NULL, NULL, JX_TYPE_SESSION_TRACE, ro);
  properties[PROP_SELECTED_PARTNER_STREAM] =
    g_param_spec_uint ("selected-partner-stream", NULL, NULL, 0, G_MAXUINT32, JX_NONE, ro);
  properties[PROP_SELECTED_PARTNER_INVOCATION] =
    g_param_spec_uint ("selected-partner-invocation", NULL, NULL, 0, G_MAXUINT32, JX_NONE, ro);
  properties[PROP_FOCUS_FUNCTION] = g_param_spec_string ("focus-function", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
jx_selection_init (JxSelection *self)
{
  self->stream = self->invocation = JX_NONE;
  self->partner_stream = self->partner_invocation = JX_NONE;
}

JxSelection *
jx_selection_new (JxComparisonManager *manager,
                  JxDiffBarModel      *bars)
{
  JxSelection *self;

  g_return_val_if_fail (JX_IS_COMPARISON_MANAGER (manager), NULL);
  g_return_val_if_fail (JX_IS_DIFF_BAR_MODEL (bars), NULL);

  self = g_object_new (JX_TYPE_SELECTION, NULL);
  self->manager = g_object_ref (manager);
  self->bars = g_object_ref (bars);
  /* The partner follows the bars. */
  g_signal_connect_swapped (bars, "bar-changed", G_CALLBACK (update_partner), self);
  g_signal_connect_swapped (bars, "rows-changed", G_CALLBACK (update_partner), self);
  return self;
}
