/* jx-offset-dialog.c */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <string.h>

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

/* Matches a unit symbol at the start of @text; returns its length or 0. */
static gsize
match_unit (const char *text,
            JxTimeUnit *unit)
{
  static const struct { const char *symbol; JxTimeUnit unit; } symbols[] = {
    { "ns", JX_TIME_UNIT_NS },
    { "us", JX_TIME_UNIT_US },
    { "\xc2\xb5s", JX_TIME_UNIT_US },   /* MICRO SIGN */
    { "\xce\xbcs", JX_TIME_UNIT_US },   /* GREEK SMALL LETTER MU */
    { "ms", JX_TIME_UNIT_MS },
    { "s", JX_TIME_UNIT_S },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (symbols); i++)
    {
      gsize len = strlen (symbols[i].symbol);

      if (g_ascii_strncasecmp (text, symbols[i].symbol, len) == 0)
        {
          *unit = symbols[i].unit;
          return len;
        }
    }
  return 0;
}

gboolean
jx_time_parse (const char *text,
               JxTimeUnit  default_unit,
               gint64     *out_ns)
{
  GString *number;
  const char *p = text;
  JxTimeUnit unit = default_unit;
  gboolean negative = FALSE;
  gboolean seen_point = FALSE;
  guint digits = 0;
  double value;
  double ns;
  gsize len;

  g_return_val_if_fail (default_unit < JX_N_TIME_UNITS, FALSE);

  if (text == NULL)
    return FALSE;

  while (g_ascii_isspace (*p))
    p++;
  if (*p == '+' || *p == '-')
    {
      negative = *p == '-';
      p++;
    }
  else if (g_str_has_prefix (p, "\xe2\x88\x92"))   /* MINUS SIGN */
    {
      negative = TRUE;
      p += 3;
    }

  /* Digits with at most one decimal separator; both '.' and ',' are accepted
   * so that the locale's separator works too. */
  number = g_string_new (negative ? "-" : "");
  for (; g_ascii_isdigit (*p) || *p == '.' || *p == ','; p++)
    {
      if (*p == '.' || *p == ',')
        {
          if (seen_point)
            break;
          seen_point = TRUE;
          g_string_append_c (number, '.');
        }
      else
        {
          digits++;
          g_string_append_c (number, *p);
        }
    }
  value = digits > 0 ? g_ascii_strtod (number->str, NULL) : 0.0;
  g_string_free (number, TRUE);
  if (digits == 0)
    return FALSE;

  while (g_ascii_isspace (*p))
    p++;
  len = match_unit (p, &unit);
  p += len;
  while (g_ascii_isspace (*p))
    p++;
  if (*p != '\0' || !isfinite (value))
    return FALSE;

  ns = value * (double) unit_ns[unit];
  if (fabs (ns) >= 4.6e18)
    return FALSE;

  if (out_ns != NULL)
    *out_ns = jx_time_unit_to_ns (value, unit);
  return TRUE;
}

struct _JxOffsetDialog
{
  AdwMessageDialog  parent_instance;

  JxSession        *session;
  guint             trace_index;

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
      self->trace_index < jx_session_get_n_traces (self->session) &&
      jx_time_parse (gtk_editable_get_text (GTK_EDITABLE (self->value)),
                     selected_unit (self), &ns))
    jx_session_set_offset (self->session, self->trace_index, ns);

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
  GtkWidget *box;
  guint i;

  for (i = 0; i < JX_N_TIME_UNITS; i++)
    units[i] = jx_time_unit_get_symbol (i);
  units[JX_N_TIME_UNITS] = NULL;

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (box, GTK_ALIGN_CENTER);

  /* A plain entry rather than a spin button: the text may carry its own unit
   * ("-300 us", "1.5 s"), which a spin button would silently drop. */
  self->value = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_activates_default (self->value, TRUE);
  gtk_entry_set_input_purpose (self->value, GTK_INPUT_PURPOSE_NUMBER);
  gtk_widget_set_hexpand (GTK_WIDGET (self->value), TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->value),
                               _("A number, optionally with a unit: ns, µs (us), ms or s"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->value),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Offset value"),
                                  -1);
  g_signal_connect_swapped (self->value, "changed", G_CALLBACK (on_value_changed), self);

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
  validate (self);
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
                                  _("Shift “%s” in comparison time. Positive values move it later. "
                                    "A unit typed after the number overrides the list."),
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
