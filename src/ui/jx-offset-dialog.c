/* jx-offset-dialog.c */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <math.h>

#include "jx-offset-dialog.h"

static const gint64 unit_ns[JX_N_TIME_UNITS] = { 1, 1000, 1000000, 1000000000 };
static const char *unit_symbols[JX_N_TIME_UNITS] = { "ns", "µs", "ms", "s" };

gint64
jx_time_unit_get_ns (JxTimeUnit unit)
{
  g_return_val_if_fail (unit < JX_N_TIME_UNITS, 1);
  return unit_ns[unit];
}

const char *
jx_time_unit_get_symbol (JxTimeUnit unit)
{
  g_return_val_if_fail (unit < JX_N_TIME_UNITS, "");
  return unit_symbols[unit];
}

JxTimeUnit
jx_time_unit_for_ns (gint64 ns)
{
  guint64 a = ns < 0 ? (guint64) (-(ns + 1)) + 1 : (guint64) ns;
  int u;

  for (u = JX_N_TIME_UNITS - 1; u > 0; u--)
    if (a >= (guint64) unit_ns[u])
      return (JxTimeUnit) u;
  return JX_TIME_UNIT_NS;
}

gint64
jx_time_unit_to_ns (double     value,
                    JxTimeUnit unit)
{
  double ns;

  g_return_val_if_fail (unit < JX_N_TIME_UNITS, 0);

  if (isnan (value))
    return 0;
  ns = round (value * (double) unit_ns[unit]);
  /* Saturate: an absurd offset must not wrap around. */
  if (ns >= 4.6e18)
    return G_MAXINT64 / 2;
  if (ns <= -4.6e18)
    return -(G_MAXINT64 / 2);
  return (gint64) ns;
}

struct _JxOffsetDialog
{
  AdwMessageDialog  parent_instance;

  JxSession        *session;
  guint             trace_index;

  GtkSpinButton    *value;
  GtkDropDown      *unit;
};

G_DEFINE_FINAL_TYPE (JxOffsetDialog, jx_offset_dialog, ADW_TYPE_MESSAGE_DIALOG)

static void
jx_offset_dialog_response (AdwMessageDialog *dialog,
                           const char       *response)
{
  JxOffsetDialog *self = JX_OFFSET_DIALOG (dialog);

  if (g_strcmp0 (response, "apply") == 0 && self->session != NULL &&
      self->trace_index < jx_session_get_n_traces (self->session))
    {
      gtk_spin_button_update (self->value);
      jx_session_set_offset (self->session, self->trace_index, jx_offset_dialog_get_ns (self));
    }

  if (ADW_MESSAGE_DIALOG_CLASS (jx_offset_dialog_parent_class)->response != NULL)
    ADW_MESSAGE_DIALOG_CLASS (jx_offset_dialog_parent_class)->response (dialog, response);
}

static void
jx_offset_dialog_dispose (GObject *object)
{
  JxOffsetDialog *self = JX_OFFSET_DIALOG (object);

  g_clear_object (&self->session);

  G_OBJECT_CLASS (jx_offset_dialog_parent_class)->dispose (object);
}

static void
jx_offset_dialog_class_init (JxOffsetDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  AdwMessageDialogClass *dialog_class = ADW_MESSAGE_DIALOG_CLASS (klass);

  object_class->dispose = jx_offset_dialog_dispose;
  dialog_class->response = jx_offset_dialog_response;
}

static void
jx_offset_dialog_init (JxOffsetDialog *self)
{
  static const char *units[JX_N_TIME_UNITS + 1];
  GtkEditable *delegate;
  GtkWidget *box;
  guint i;

  for (i = 0; i < JX_N_TIME_UNITS; i++)
    units[i] = jx_time_unit_get_symbol (i);
  units[JX_N_TIME_UNITS] = NULL;

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (box, GTK_ALIGN_CENTER);

  self->value = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (-1e12, 1e12, 1));
  gtk_spin_button_set_digits (self->value, 3);
  gtk_spin_button_set_numeric (self->value, FALSE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->value), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->value),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Offset value"),
                                  -1);
  /* GTK 4.8's spin button has no activate signal: Enter goes through its text
   * delegate to the dialog's default response. */
  delegate = gtk_editable_get_delegate (GTK_EDITABLE (self->value));
  if (GTK_IS_TEXT (delegate))
    gtk_text_set_activates_default (GTK_TEXT (delegate), TRUE);

  self->unit = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (units));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->unit),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Unit"),
                                  -1);

  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->value));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->unit));
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (self), box);

  adw_message_dialog_set_heading (ADW_MESSAGE_DIALOG (self), _("Set Time Offset"));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (self),
                                    "cancel", _("_Cancel"),
                                    "apply", _("_Set Offset"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (self), "apply",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (self), "apply");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (self), "cancel");
}

GtkWidget *
jx_offset_dialog_new (GtkWindow *parent,
                      JxSession *session,
                      guint      trace_index)
{
  JxOffsetDialog *self;
  gint64 offset;
  JxTimeUnit unit;
  const char *name;

  g_return_val_if_fail (JX_IS_SESSION (session), NULL);
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  self = g_object_new (JX_TYPE_OFFSET_DIALOG,
                       "transient-for", parent,
                       "modal", TRUE,
                       NULL);
  self->session = g_object_ref (session);
  self->trace_index = trace_index;

  name = jx_session_get_trace_name (session, trace_index);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (self),
                                  _("Shift “%s” in comparison time. Positive values move it later."),
                                  name != NULL ? name : "");

  offset = jx_session_get_offset (session, trace_index);
  unit = offset == 0 ? JX_TIME_UNIT_MS : jx_time_unit_for_ns (offset);
  jx_offset_dialog_set_value (self, (double) offset / (double) jx_time_unit_get_ns (unit), unit);

  return GTK_WIDGET (self);
}

void
jx_offset_dialog_set_value (JxOffsetDialog *self,
                            double          value,
                            JxTimeUnit      unit)
{
  g_return_if_fail (JX_IS_OFFSET_DIALOG (self));
  g_return_if_fail (unit < JX_N_TIME_UNITS);

  gtk_drop_down_set_selected (self->unit, unit);
  gtk_spin_button_set_value (self->value, value);
}

gint64
jx_offset_dialog_get_ns (JxOffsetDialog *self)
{
  guint unit;

  g_return_val_if_fail (JX_IS_OFFSET_DIALOG (self), 0);

  unit = gtk_drop_down_get_selected (self->unit);
  if (unit >= JX_N_TIME_UNITS)
    unit = JX_TIME_UNIT_NS;
  return jx_time_unit_to_ns (gtk_spin_button_get_value (self->value), unit);
}
