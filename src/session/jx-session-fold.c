/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-fold.c — the session's folding and SOS-time modes: properties
 * that apply to every trace alike (pushed to each item, which recomputes its
 * groups, fold and imbalance), the "fold-all" request to the views, and the
 * SOS scale all traces share. */
#include "config.h"

#include "jx-session-private.h"
#include "jx-session-trace-private.h"

enum {
  PROP_FOLD_GROUPING = N_PROPS,
  PROP_FOLD_OPERATION,
  PROP_FOLD_CUSTOM,
  PROP_SHOW_SOS,
  PROP_SOS_FUNCTION,
  N_FOLD_PROPS
};

static GParamSpec *fold_properties[N_FOLD_PROPS - N_PROPS];
static guint fold_all_signal;

static void
notify_fold (JxSession *self,
             guint      prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), fold_properties[prop - N_PROPS]);
}

void
_jx_session_fold_push (JxSession      *self,
                       JxSessionTrace *item)
{
  _jx_session_trace_set_fold_inputs (item, self->fold_grouping, (const char * const *) self->fold_custom,
                                     self->fold_op);
  _jx_session_trace_set_sos_function (item, self->sos_function);
}

static void
push_all (JxSession *self)
{
  for (guint i = 0; i < self->items->len; i++)
    _jx_session_fold_push (self, g_ptr_array_index (self->items, i));
}

JxFoldGrouping
jx_session_get_fold_grouping (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), JX_FOLD_GROUPING_THREADS);
  return self->fold_grouping;
}

void
jx_session_set_fold_grouping (JxSession      *self,
                              JxFoldGrouping  grouping)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (grouping < JX_N_FOLD_GROUPINGS);

  if (self->fold_grouping == grouping)
    return;
  self->fold_grouping = grouping;
  push_all (self);
  notify_fold (self, PROP_FOLD_GROUPING);
}

JxFoldOp
jx_session_get_fold_operation (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), JX_FOLD_MAX);
  return self->fold_op;
}

void
jx_session_set_fold_operation (JxSession *self,
                               JxFoldOp   op)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (op < JX_N_FOLD_OPS);

  if (self->fold_op == op)
    return;
  self->fold_op = op;
  push_all (self);
  notify_fold (self, PROP_FOLD_OPERATION);
}

const char * const *
jx_session_get_fold_custom (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return (const char * const *) self->fold_custom;
}

void
jx_session_set_fold_custom (JxSession          *self,
                            const char * const *streams)
{
  g_return_if_fail (JX_IS_SESSION (self));

  if (streams != NULL && streams[0] == NULL)
    streams = NULL;
  if ((streams == NULL && self->fold_custom == NULL) ||
      (streams != NULL && self->fold_custom != NULL && g_strv_equal (streams, (const char * const *) self->fold_custom)))
    return;
  g_strfreev (self->fold_custom);
  self->fold_custom = g_strdupv ((char **) streams);
  push_all (self);
  notify_fold (self, PROP_FOLD_CUSTOM);
}

void
jx_session_fold_all (JxSession *self,
                     guint      kinds,
                     gboolean   folded)
{
  g_return_if_fail (JX_IS_SESSION (self));

  g_signal_emit (self, fold_all_signal, 0, kinds, folded);
}

gboolean
jx_session_get_show_sos (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);
  return self->show_sos;
}

void
jx_session_set_show_sos (JxSession *self,
                         gboolean   show_sos)
{
  g_return_if_fail (JX_IS_SESSION (self));

  show_sos = !!show_sos;
  if (self->show_sos == show_sos)
    return;
  self->show_sos = show_sos;
  notify_fold (self, PROP_SHOW_SOS);
}

const char *
jx_session_get_sos_function (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return self->sos_function;
}

void
jx_session_set_sos_function (JxSession  *self,
                             const char *function)
{
  g_return_if_fail (JX_IS_SESSION (self));

  if (function != NULL && *function == '\0')
    function = NULL;
  if (g_strcmp0 (self->sos_function, function) == 0)
    return;
  g_free (self->sos_function);
  self->sos_function = g_strdup (function);
  push_all (self);
  notify_fold (self, PROP_SOS_FUNCTION);
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

/* Object ------------------------------------------------------------------- */

gboolean
_jx_session_fold_get_property (JxSession *self,
                               guint      prop_id,
                               GValue    *value)
{
  switch (prop_id)
    {
    case PROP_FOLD_GROUPING:
      g_value_set_enum (value, self->fold_grouping);
      return TRUE;
    case PROP_FOLD_OPERATION:
      g_value_set_enum (value, self->fold_op);
      return TRUE;
    case PROP_FOLD_CUSTOM:
      g_value_set_boxed (value, self->fold_custom);
      return TRUE;
    case PROP_SHOW_SOS:
      g_value_set_boolean (value, self->show_sos);
      return TRUE;
    case PROP_SOS_FUNCTION:
      g_value_set_string (value, self->sos_function);
      return TRUE;
    default:
      return FALSE;
    }
}

gboolean
_jx_session_fold_set_property (JxSession    *self,
                               guint         prop_id,
                               const GValue *value)
{
  switch (prop_id)
    {
    case PROP_FOLD_GROUPING:
      jx_session_set_fold_grouping (self, g_value_get_enum (value));
      return TRUE;
    case PROP_FOLD_OPERATION:
      jx_session_set_fold_operation (self, g_value_get_enum (value));
      return TRUE;
    case PROP_FOLD_CUSTOM:
      jx_session_set_fold_custom (self, g_value_get_boxed (value));
      return TRUE;
    case PROP_SHOW_SOS:
      jx_session_set_show_sos (self, g_value_get_boolean (value));
      return TRUE;
    case PROP_SOS_FUNCTION:
      jx_session_set_sos_function (self, g_value_get_string (value));
      return TRUE;
    default:
      return FALSE;
    }
}

void
_jx_session_fold_class_init (GObjectClass *object_class)
{
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  fold_properties[PROP_FOLD_GROUPING - N_PROPS] =
    g_param_spec_enum ("fold-grouping", NULL, NULL, JX_TYPE_FOLD_GROUPING, JX_FOLD_GROUPING_THREADS, rw);
  fold_properties[PROP_FOLD_OPERATION - N_PROPS] =
    g_param_spec_enum ("fold-operation", NULL, NULL, JX_TYPE_FOLD_OP, JX_FOLD_MAX, rw);
  fold_properties[PROP_FOLD_CUSTOM - N_PROPS] =
    g_param_spec_boxed ("fold-custom", NULL, NULL, G_TYPE_STRV, rw);
  fold_properties[PROP_SHOW_SOS - N_PROPS] = g_param_spec_boolean ("show-sos", NULL, NULL, FALSE, rw);
  fold_properties[PROP_SOS_FUNCTION - N_PROPS] = g_param_spec_string ("sos-function", NULL, NULL, NULL, rw);
  for (guint i = 0; i < G_N_ELEMENTS (fold_properties); i++)
    g_object_class_install_property (object_class, N_PROPS + i, fold_properties[i]);

  fold_all_signal =
    g_signal_new ("fold-all", G_TYPE_FROM_CLASS (object_class), G_SIGNAL_RUN_LAST | G_SIGNAL_NO_HOOKS,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_BOOLEAN);
}

void
_jx_session_fold_init (JxSession *self)
{
  self->fold_grouping = JX_FOLD_GROUPING_THREADS;
  self->fold_op = JX_FOLD_MAX;
}

void
_jx_session_fold_finalize (JxSession *self)
{
  g_clear_pointer (&self->fold_custom, g_strfreev);
  g_clear_pointer (&self->sos_function, g_free);
}
