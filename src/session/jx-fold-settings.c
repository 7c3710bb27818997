/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-fold-settings.c — see jx-fold-settings.h. */
#include "config.h"

#include "jx-fold-settings.h"

struct _JxFoldSettings
{
  GObject         parent_instance;

  JxFoldGrouping  grouping;
  JxFoldOp        op;
  char          **custom;
  gboolean        show_sos;
  char           *sos_function;
};

enum {
  PROP_0,
  PROP_FOLD_GROUPING,
  PROP_FOLD_OPERATION,
  PROP_FOLD_CUSTOM,
  PROP_SHOW_SOS,
  PROP_SOS_FUNCTION,
  N_PROPS
};

enum {
  FOLD_ALL,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (JxFoldSettings, jx_fold_settings, G_TYPE_OBJECT)

JxFoldGrouping
jx_fold_settings_get_grouping (JxFoldSettings *self)
{
  g_return_val_if_fail (JX_IS_FOLD_SETTINGS (self), JX_FOLD_GROUPING_THREADS);
  return self->grouping;
}

void
jx_fold_settings_set_grouping (JxFoldSettings *self,
                               JxFoldGrouping  grouping)
{
  g_return_if_fail (JX_IS_FOLD_SETTINGS (self));
  g_return_if_fail (grouping < JX_N_FOLD_GROUPINGS);

  if (self->grouping == grouping)
    return;
  self->grouping = grouping;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLD_GROUPING]);
}

JxFoldOp
jx_fold_settings_get_operation (JxFoldSettings *self)
{
  g_return_val_if_fail (JX_IS_FOLD_SETTINGS (self), JX_FOLD_MAX);
  return self->op;
}

void
jx_fold_settings_set_operation (JxFoldSettings *self,
                                JxFoldOp        op)
{
  g_return_if_fail (JX_IS_FOLD_SETTINGS (self));
  g_return_if_fail (op < JX_N_FOLD_OPS);

  if (self->op == op)
    return;
  self->op = op;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLD_OPERATION]);
}

const char * const *
jx_fold_settings_get_custom (JxFoldSettings *self)
{
  g_return_val_if_fail (JX_IS_FOLD_SETTINGS (self), NULL);
  return (const char * const *) self->custom;
}

void
jx_fold_settings_set_custom (JxFoldSettings     *self,
                             const char * const *streams)
{
  g_return_if_fail (JX_IS_FOLD_SETTINGS (self));

  if (streams != NULL && streams[0] == NULL)
    streams = NULL;
  if ((streams == NULL && self->custom == NULL) ||
      (streams != NULL && self->custom != NULL && g_strv_equal (streams, (const char * const *) self->custom)))
    return;
  g_strfreev (self->custom);
  self->custom = g_strdupv ((char **) streams);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLD_CUSTOM]);
}

gboolean
jx_fold_settings_get_show_sos (JxFoldSettings *self)
{
  g_return_val_if_fail (JX_IS_FOLD_SETTINGS (self), FALSE);
  return self->show_sos;
}

void
jx_fold_settings_set_show_sos (JxFoldSettings *self,
                               gboolean        show_sos)
{
  g_return_if_fail (JX_IS_FOLD_SETTINGS (self));

  show_sos = !!show_sos;
  if (self->show_sos == show_sos)
    return;
  self->show_sos = show_sos;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_SOS]);
}

const char *
jx_fold_settings_get_sos_function (JxFoldSettings *self)
{
  g_return_val_if_fail (JX_IS_FOLD_SETTINGS (self), NULL);
  return self->sos_function;
}

void
jx_fold_settings_set_sos_function (JxFoldSettings *self,
                                   const char     *function)
{
  g_return_if_fail (JX_IS_FOLD_SETTINGS (self));

  if (function != NULL && *function == '\0')
    function = NULL;
  if (g_strcmp0 (self->sos_function, function) == 0)
    return;
  g_free (self->sos_function);
  self->sos_function = g_strdup (function);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOS_FUNCTION]);
}

void
jx_fold_settings_fold_all (JxFoldSettings *self,
                           guint           kinds,
                           gboolean        folded)
{
  g_return_if_fail (JX_IS_FOLD_SETTINGS (self));

  g_signal_emit (self, signals[FOLD_ALL], 0, kinds, !!folded);
}

/* Object ------------------------------------------------------------------- */

static void
jx_fold_settings_finalize (GObject *object)
{
  JxFoldSettings *self = JX_FOLD_SETTINGS (object);

  g_clear_pointer (&self->custom, g_strfreev);
  g_clear_pointer (&self->sos_function, g_free);

  G_OBJECT_CLASS (jx_fold_settings_parent_class)->finalize (object);
}

static void
jx_fold_settings_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  JxFoldSettings *self = JX_FOLD_SETTINGS (object);

  switch (prop_id)
    {
    case PROP_FOLD_GROUPING:
      g_value_set_enum (value, self->grouping);
      break;
    case PROP_FOLD_OPERATION:
      g_value_set_enum (value, self->op);
      break;
    case PROP_FOLD_CUSTOM:
      g_value_set_boxed (value, self->custom);
      break;
    case PROP_SHOW_SOS:
      g_value_set_boolean (value, self->show_sos);
      break;
    case PROP_SOS_FUNCTION:
      g_value_set_string (value, self->sos_function);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_fold_settings_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  JxFoldSettings *self = JX_FOLD_SETTINGS (object);

  switch (prop_id)
    {
    case PROP_FOLD_GROUPING:
      jx_fold_settings_set_grouping (self, g_value_get_enum (value));
      break;
    case PROP_FOLD_OPERATION:
      jx_fold_settings_set_operation (self, g_value_get_enum (value));
      break;
    case PROP_FOLD_CUSTOM:
      jx_fold_settings_set_custom (self, g_value_get_boxed (value));
      break;
    case PROP_SHOW_SOS:
      jx_fold_settings_set_show_sos (self, g_value_get_boolean (value));
      break;
    case PROP_SOS_FUNCTION:
      jx_fold_settings_set_sos_function (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_fold_settings_class_init (JxFoldSettingsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = jx_fold_settings_finalize;
  object_class->get_property = jx_fold_settings_get_property;
  object_class->set_property = jx_fold_settings_set_property;

  properties[PROP_FOLD_GROUPING] =
    g_param_spec_enum ("fold-grouping", NULL, NULL, JX_TYPE_FOLD_GROUPING, JX_FOLD_GROUPING_THREADS, rw);
  properties[PROP_FOLD_OPERATION] =
    g_param_spec_enum ("fold-operation", NULL, NULL, JX_TYPE_FOLD_OP, JX_FOLD_MAX, rw);
  properties[PROP_FOLD_CUSTOM] = g_param_spec_boxed ("fold-custom", NULL, NULL, G_TYPE_STRV, rw);
  properties[PROP_SHOW_SOS] = g_param_spec_boolean ("show-sos", NULL, NULL, FALSE, rw);
  properties[PROP_SOS_FUNCTION] = g_param_spec_string ("sos-function", NULL, NULL, NULL, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[FOLD_ALL] =
    g_signal_new ("fold-all", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST | G_SIGNAL_NO_HOOKS,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_BOOLEAN);
}

static void
jx_fold_settings_init (JxFoldSettings *self)
{
  self->grouping = JX_FOLD_GROUPING_THREADS;
  self->op = JX_FOLD_MAX;
}

JxFoldSettings *
jx_fold_settings_new (void)
{
  return g_object_new (JX_TYPE_FOLD_SETTINGS, NULL);
}
