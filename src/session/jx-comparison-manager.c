/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-manager.c — see jx-comparison-manager.h. */
#include "config.h"

#include "jx-comparison-manager.h"
#include "jx-session-trace-private.h"

struct _JxComparisonManager
{
  GObject          parent_instance;

  GListModel      *items;          /* weak */
  JxSessionTrace  *reference;      /* one of items; NULL only when empty */
  JxSessionTrace  *compared;       /* set by the user: one of items, or NULL */
  JxSessionTrace  *compared_seen;  /* what "compared-trace" last said (not owned) */
  JxScoring        scoring;        /* of every comparison */
  JxPairingMode    pairing;        /* of every comparison */
};

enum {
  PROP_0,
  PROP_REFERENCE,
  PROP_COMPARED_TRACE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (JxComparisonManager, jx_comparison_manager, G_TYPE_OBJECT)

static guint
n_items (JxComparisonManager *self)
{
  return self->items != NULL ? g_list_model_get_n_items (self->items) : 0;
}

/* The item at i (borrowed: the list holds it). */
static JxSessionTrace *
item_at (JxComparisonManager *self,
         guint                i)
{
  g_autoptr(JxSessionTrace) item = g_list_model_get_item (self->items, i);

  return item;
}

static gboolean
contains (JxComparisonManager *self,
          JxSessionTrace      *item)
{
  for (guint i = 0; i < n_items (self); i++)
    if (item_at (self, i) == item)
      return TRUE;
  return FALSE;
}

static gboolean
is_loaded (JxSessionTrace *item)
{
  return item != NULL && jx_session_trace_get_state (item) == JX_SESSION_TRACE_LOADED;
}

JxSessionTrace *
jx_comparison_manager_get_compared (JxComparisonManager *self)
{
  g_return_val_if_fail (JX_IS_COMPARISON_MANAGER (self), NULL);

  if (self->compared != NULL && self->compared != self->reference)
    return self->compared;
  for (guint i = 0; i < n_items (self); i++)
    {
      JxSessionTrace *item = item_at (self, i);

      if (item != self->reference && is_loaded (item))
        return item;
    }
  return NULL;
}

static void
notify_compared (JxComparisonManager *self)
{
  JxSessionTrace *now = jx_comparison_manager_get_compared (self);

  if (now == self->compared_seen)
    return;
  self->compared_seen = now;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPARED_TRACE]);
}

void
jx_comparison_manager_update (JxComparisonManager *self)
{
  JxTrace *reference;

  g_return_if_fail (JX_IS_COMPARISON_MANAGER (self));

  /* The session moves the reference before a trace leaves. */
  g_assert (self->reference == NULL || contains (self, self->reference));
  reference = is_loaded (self->reference) ? jx_session_trace_get_trace (self->reference) : NULL;
  for (guint i = 0; i < n_items (self); i++)
    {
      JxSessionTrace *item = item_at (self, i);
      JxTraceComparison *tc = jx_session_trace_get_trace_comparison (item);
      JxSessionComparisonState state = jx_trace_comparison_get_state (tc);

      if (item == self->reference || !is_loaded (item))
        {
          if (state != JX_SESSION_COMPARISON_NONE)
            jx_trace_comparison_clear (tc, JX_SESSION_COMPARISON_NONE);
          continue;
        }
      if (reference == NULL)
        {
          if (state != JX_SESSION_COMPARISON_WAITING)
            jx_trace_comparison_clear (tc, JX_SESSION_COMPARISON_WAITING);
          continue;
        }
      /* Already for this reference (running, done, or stopped by the user). */
      if (jx_trace_comparison_get_reference (tc) == reference)
        continue;
      jx_trace_comparison_set_scoring (tc, &self->scoring);
      jx_trace_comparison_set_pairing (tc, self->pairing);
      jx_trace_comparison_start (tc, reference, jx_session_trace_get_trace (item));
    }
  notify_compared (self);
}

JxSessionTrace *
jx_comparison_manager_get_reference (JxComparisonManager *self)
{
  g_return_val_if_fail (JX_IS_COMPARISON_MANAGER (self), NULL);
  return self->reference;
}

void
jx_comparison_manager_set_reference (JxComparisonManager *self,
                                     JxSessionTrace      *item)
{
  g_return_if_fail (JX_IS_COMPARISON_MANAGER (self));
  g_return_if_fail (item == NULL || JX_IS_SESSION_TRACE (item));
  g_return_if_fail (item == NULL || contains (self, item));

  if (self->reference == item)
    return;
  if (self->reference != NULL)
    _jx_session_trace_set_reference (self->reference, FALSE);
  /* Streams paired by hand were named against the old reference. */
  if (self->reference != NULL)
    for (guint i = 0; i < n_items (self); i++)
      jx_trace_comparison_set_overrides (jx_session_trace_get_trace_comparison (item_at (self, i)), NULL);
  self->reference = item;
  if (item != NULL)
    _jx_session_trace_set_reference (item, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REFERENCE]);
  /* Every comparison was with the old reference. */
  jx_comparison_manager_update (self);
}

void
jx_comparison_manager_set_compared (JxComparisonManager *self,
                                    JxSessionTrace      *item)
{
  g_return_if_fail (JX_IS_COMPARISON_MANAGER (self));
  g_return_if_fail (item == NULL || contains (self, item));

  self->compared = item;
  notify_compared (self);
}

void
jx_comparison_manager_compare (JxComparisonManager *self,
                               JxSessionTrace      *item)
{
  g_return_if_fail (JX_IS_COMPARISON_MANAGER (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));

  if (item == self->reference || !is_loaded (item) || !is_loaded (self->reference) || !contains (self, item))
    return;
  jx_trace_comparison_set_scoring (jx_session_trace_get_trace_comparison (item), &self->scoring);
  jx_trace_comparison_set_pairing (jx_session_trace_get_trace_comparison (item), self->pairing);
  jx_trace_comparison_start (jx_session_trace_get_trace_comparison (item),
                             jx_session_trace_get_trace (self->reference), jx_session_trace_get_trace (item));
}

JxPairingMode
jx_comparison_manager_get_pairing (JxComparisonManager *self)
{
  g_return_val_if_fail (JX_IS_COMPARISON_MANAGER (self), JX_PAIRING_AUTO);
  return self->pairing;
}

void
jx_comparison_manager_set_pairing (JxComparisonManager *self,
                                   JxPairingMode        pairing)
{
  g_return_if_fail (JX_IS_COMPARISON_MANAGER (self));
  g_return_if_fail (pairing <= JX_PAIRING_STRUCTURE);

  if (self->pairing == pairing)
    return;
  self->pairing = pairing;
  /* Every comparison paired the old way is made again. */
  for (guint i = 0; i < n_items (self); i++)
    {
      JxSessionTrace *item = item_at (self, i);

      if (jx_trace_comparison_get_reference (jx_session_trace_get_trace_comparison (item)) != NULL)
        jx_comparison_manager_compare (self, item);
    }
}

const JxScoring *
jx_comparison_manager_get_scoring (JxComparisonManager *self)
{
  g_return_val_if_fail (JX_IS_COMPARISON_MANAGER (self), NULL);
  return &self->scoring;
}

gboolean
jx_comparison_manager_set_scoring (JxComparisonManager *self,
                                   const JxScoring     *scoring,
                                   GError             **error)
{
  g_return_val_if_fail (JX_IS_COMPARISON_MANAGER (self), FALSE);
  g_return_val_if_fail (scoring != NULL, FALSE);

  if (!jx_scoring_validate (scoring, error))
    return FALSE;
  if (jx_scoring_equal (&self->scoring, scoring))
    return TRUE;
  self->scoring = *scoring;
  /* Every comparison made with the old scores is made again. */
  for (guint i = 0; i < n_items (self); i++)
    {
      JxSessionTrace *item = item_at (self, i);
      JxTraceComparison *tc = jx_session_trace_get_trace_comparison (item);

      jx_trace_comparison_set_scoring (tc, scoring);
      if (jx_trace_comparison_get_reference (tc) != NULL)
        jx_comparison_manager_compare (self, item);
    }
  return TRUE;
}

void
jx_comparison_manager_cancel (JxComparisonManager *self,
                              JxSessionTrace      *item)
{
  g_return_if_fail (JX_IS_COMPARISON_MANAGER (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));

  jx_trace_comparison_cancel (jx_session_trace_get_trace_comparison (item));
}

void
jx_comparison_manager_forget (JxComparisonManager *self,
                              JxSessionTrace      *item)
{
  g_return_if_fail (JX_IS_COMPARISON_MANAGER (self));
  g_return_if_fail (item != self->reference);

  if (self->compared == item)
    self->compared = NULL;
  /* Views holding the removed trace's results must hear of it even when no
   * other trace takes its place. */
  if (self->compared_seen == item)
    {
      self->compared_seen = jx_comparison_manager_get_compared (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPARED_TRACE]);
    }
}

/* Object ------------------------------------------------------------------- */

static void
jx_comparison_manager_dispose (GObject *object)
{
  JxComparisonManager *self = JX_COMPARISON_MANAGER (object);

  g_clear_weak_pointer (&self->items);
  self->reference = self->compared = self->compared_seen = NULL;

  G_OBJECT_CLASS (jx_comparison_manager_parent_class)->dispose (object);
}

static void
jx_comparison_manager_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  JxComparisonManager *self = JX_COMPARISON_MANAGER (object);

  switch (prop_id)
    {
    case PROP_REFERENCE:
      g_value_set_object (value, self->reference);
      break;
    case PROP_COMPARED_TRACE:
      g_value_set_object (value, jx_comparison_manager_get_compared (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_comparison_manager_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  JxComparisonManager *self = JX_COMPARISON_MANAGER (object);

  switch (prop_id)
    {
    case PROP_REFERENCE:
      jx_comparison_manager_set_reference (self, g_value_get_object (value));
      break;
    case PROP_COMPARED_TRACE:
      jx_comparison_manager_set_compared (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_comparison_manager_class_init (JxComparisonManagerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = jx_comparison_manager_dispose;
  object_class->get_property = jx_comparison_manager_get_property;
  object_class->set_property = jx_comparison_manager_set_property;

  properties[PROP_REFERENCE] = g_param_spec_object ("reference", NULL, NULL, JX_TYPE_SESSION_TRACE, rw);
  properties[PROP_COMPARED_TRACE] = g_param_spec_object ("compared-trace", NULL, NULL, JX_TYPE_SESSION_TRACE, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
jx_comparison_manager_init (JxComparisonManager *self)
{
  jx_scoring_init_default (&self->scoring);
  self->pairing = JX_PAIRING_AUTO;
}

JxComparisonManager *
jx_comparison_manager_new (GListModel *items)
{
  JxComparisonManager *self;

  g_return_val_if_fail (G_IS_LIST_MODEL (items), NULL);
  g_return_val_if_fail (g_list_model_get_item_type (items) == JX_TYPE_SESSION_TRACE, NULL);

  self = g_object_new (JX_TYPE_COMPARISON_MANAGER, NULL);
  g_set_weak_pointer (&self->items, items);
  return self;
}
