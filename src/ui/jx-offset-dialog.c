/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-offset-dialog.c — see jx-offset-dialog.h; the widgets are in
 * ui/jx-offset-dialog.ui, units and parsing are jx-time's. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-offset-dialog.h"

struct _JxOffsetDialog
{
  AdwMessageDialog  parent_instance;

  JxSession        *session;
  JxSessionTrace   *item;

  GtkEntry         *value;
  GtkDropDown      *unit;
};

G_DEFINE_FINAL_TYPE (JxOffsetDialog, jx_offset_dialog, ADW_TYPE_MESSAGE_DIALOG)

static JxTimeUnit
selected_unit (JxOffsetDialog *self)
{
  guint unit = gtk_drop_down_get_selected (self->unit);

  return unit < JX_N_TIME_UNITS ? (JxTimeUnit) unit : JX_TIME_UNIT_NS;
}

static void
validate (JxOffsetDialog *self)
{
  gboolean valid = jx_offset_dialog_is_valid (self);

  if (valid)
    gtk_widget_remove_css_class (GTK_WIDGET (self->value), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->value), "error");
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "apply", valid);
}

static void
on_value_changed (JxOffsetDialog *self)
{
  validate (self);
}

static void
jx_offset_dialog_response (AdwMessageDialog *dialog,
                           const char       *response)
{
  JxOffsetDialog *self = JX_OFFSET_DIALOG (dialog);
  gint64 ns;

  if (g_strcmp0 (response, "apply") == 0 && self->session != NULL &&
      jx_session_find_item (self->session, self->item, NULL) &&
      jx_time_parse (gtk_editable_get_text (GTK_EDITABLE (self->value)),
                     selected_unit (self), &ns))
    jx_session_set_offset (self->session, self->item, ns);

  if (ADW_MESSAGE_DIALOG_CLASS (jx_offset_dialog_parent_class)->response != NULL)
    ADW_MESSAGE_DIALOG_CLASS (jx_offset_dialog_parent_class)->response (dialog, response);
}

static void
jx_offset_dialog_dispose (GObject *object)
{
  JxOffsetDialog *self = JX_OFFSET_DIALOG (object);

  g_clear_object (&self->session);
  g_clear_object (&self->item);

  G_OBJECT_CLASS (jx_offset_dialog_parent_class)->dispose (object);
}

static void
jx_offset_dialog_class_init (JxOffsetDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AdwMessageDialogClass *dialog_class = ADW_MESSAGE_DIALOG_CLASS (klass);

  object_class->dispose = jx_offset_dialog_dispose;
  dialog_class->response = jx_offset_dialog_response;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-offset-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, JxOffsetDialog, value);
  gtk_widget_class_bind_template_child (widget_class, JxOffsetDialog, unit);
  gtk_widget_class_bind_template_callback (widget_class, on_value_changed);
}

static void
jx_offset_dialog_init (JxOffsetDialog *self)
{
  g_autoptr(GtkStringList) units = gtk_string_list_new (NULL);
  guint i;

  gtk_widget_init_template (GTK_WIDGET (self));

  /* The unit symbols are jx-time's, so the list is filled here. */
  for (i = 0; i < JX_N_TIME_UNITS; i++)
    gtk_string_list_append (units, jx_time_unit_get_symbol (i));
  gtk_drop_down_set_model (self->unit, G_LIST_MODEL (units));
  validate (self);
}

GtkWidget *
jx_offset_dialog_new (GtkWindow      *parent,
                      JxSession      *session,
                      JxSessionTrace *item)
{
  JxOffsetDialog *self;
  gint64 offset;
  JxTimeUnit unit;
  const char *name;

  g_return_val_if_fail (JX_IS_SESSION (session), NULL);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), NULL);
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  self = g_object_new (JX_TYPE_OFFSET_DIALOG, "transient-for", parent, NULL);
  self->session = g_object_ref (session);
  self->item = g_object_ref (item);

  name = jx_session_trace_get_name (item);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (self),
                                  _("Shift “%s” in comparison time. Positive values move it later. "
                                    "A unit typed after the number overrides the list."),
                                  name != NULL ? name : "");

  offset = jx_session_trace_get_offset (item);
  unit = offset == 0 ? JX_TIME_UNIT_MS : jx_time_unit_for_ns (offset);
  jx_offset_dialog_set_value (self, (double) offset / (double) jx_time_unit_get_ns (unit), unit);

  return GTK_WIDGET (self);
}

void
jx_offset_dialog_set_value (JxOffsetDialog *self,
                            double          value,
                            JxTimeUnit      unit)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_if_fail (JX_IS_OFFSET_DIALOG (self));
  g_return_if_fail (unit < JX_N_TIME_UNITS);

  gtk_drop_down_set_selected (self->unit, unit);
  /* Nine decimals cover a nanosecond in seconds; %g drops trailing zeros. */
  g_ascii_formatd (buf, sizeof buf, "%.10g", value);
  gtk_editable_set_text (GTK_EDITABLE (self->value), buf);
  validate (self);
}

void
jx_offset_dialog_set_text (JxOffsetDialog *self,
                           const char     *text)
{
  g_return_if_fail (JX_IS_OFFSET_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->value), text != NULL ? text : "");
}

gboolean
jx_offset_dialog_is_valid (JxOffsetDialog *self)
{
  g_return_val_if_fail (JX_IS_OFFSET_DIALOG (self), FALSE);

  return jx_time_parse (gtk_editable_get_text (GTK_EDITABLE (self->value)),
                        selected_unit (self), NULL);
}

gint64
jx_offset_dialog_get_ns (JxOffsetDialog *self)
{
  gint64 ns = 0;

  g_return_val_if_fail (JX_IS_OFFSET_DIALOG (self), 0);

  if (!jx_time_parse (gtk_editable_get_text (GTK_EDITABLE (self->value)),
                      selected_unit (self), &ns))
    return 0;
  return ns;
}
