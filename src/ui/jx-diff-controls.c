/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-controls.c — see jx-diff-controls.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-diff-controls.h"

struct _JxDiffControls
{
  GtkWidget     parent_instance;

  JxSession    *session;
  GSignalGroup *session_signals;
  gboolean      syncing;

  GtkWidget    *menu_button;     /* says the mode */
  GtkWidget    *modes[JX_DIFF_BAR_N_MODES];
  GtkWidget    *structure_button;
  GtkWidget    *time_button;
  GtkWidget    *both_button;
  GtkWidget    *band_spin;
  GtkWidget    *impact_check;
};

G_DEFINE_FINAL_TYPE (JxDiffControls, jx_diff_controls, GTK_TYPE_WIDGET)

/* What the button says for each mode. */
static const char *const mode_labels[JX_DIFF_BAR_N_MODES] = {
  [JX_DIFF_BAR_STRUCTURE] = N_("Bars: Structure"),
  [JX_DIFF_BAR_TIME] = N_("Bars: Time"),
  [JX_DIFF_BAR_BOTH] = N_("Bars: Both"),
};

/* The controls follow the session. */
static void
sync_controls (JxDiffControls *self)
{
  if (self->session == NULL)
    return;
  self->syncing = TRUE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->modes[jx_session_get_diff_mode (self->session)]), TRUE);
  gtk_menu_button_set_label (GTK_MENU_BUTTON (self->menu_button), _(mode_labels[jx_session_get_diff_mode (self->session)]));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->band_spin), jx_session_get_noise_band (self->session) * 100.0);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->impact_check),
                               jx_session_get_differences_by_impact (self->session));
  self->syncing = FALSE;
}

static void
on_mode_toggled (GtkToggleButton *button,
                 JxDiffControls  *self)
{
  if (self->syncing || self->session == NULL || !gtk_toggle_button_get_active (button))
    return;
  for (guint m = 0; m < JX_DIFF_BAR_N_MODES; m++)
    if (self->modes[m] == GTK_WIDGET (button))
      jx_session_set_diff_mode (self->session, (JxDiffBarMode) m);
}

static void
on_band_changed (GtkSpinButton  *spin,
                 JxDiffControls *self)
{
  if (!self->syncing && self->session != NULL)
    jx_session_set_noise_band (self->session, gtk_spin_button_get_value (spin) / 100.0);
}

static void
on_impact_toggled (GtkCheckButton *check,
                   JxDiffControls *self)
{
  if (!self->syncing && self->session != NULL)
    jx_session_set_differences_by_impact (self->session, gtk_check_button_get_active (check));
}

void
jx_diff_controls_set_session (JxDiffControls *self,
                              JxSession      *session)
{
  g_return_if_fail (JX_IS_DIFF_CONTROLS (self));
  g_return_if_fail (session == NULL || JX_IS_SESSION (session));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  sync_controls (self);
}

static void
jx_diff_controls_dispose (GObject *object)
{
  JxDiffControls *self = JX_DIFF_CONTROLS (object);
  GtkWidget *child;

  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), JX_TYPE_DIFF_CONTROLS);
  /* The settings button is no bound child. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (jx_diff_controls_parent_class)->dispose (object);
}

static void
jx_diff_controls_class_init (JxDiffControlsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_diff_controls_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-diff-controls.ui");
  gtk_widget_class_bind_template_child (widget_class, JxDiffControls, menu_button);
  gtk_widget_class_bind_template_child (widget_class, JxDiffControls, structure_button);
  gtk_widget_class_bind_template_child (widget_class, JxDiffControls, time_button);
  gtk_widget_class_bind_template_child (widget_class, JxDiffControls, both_button);
  gtk_widget_class_bind_template_child (widget_class, JxDiffControls, band_spin);
  gtk_widget_class_bind_template_child (widget_class, JxDiffControls, impact_check);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "jxdiffcontrols");
}

static void
jx_diff_controls_init (JxDiffControls *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))), 4);
  self->modes[JX_DIFF_BAR_STRUCTURE] = self->structure_button;
  self->modes[JX_DIFF_BAR_TIME] = self->time_button;
  self->modes[JX_DIFF_BAR_BOTH] = self->both_button;
  for (guint m = 0; m < JX_DIFF_BAR_N_MODES; m++)
    g_signal_connect (self->modes[m], "toggled", G_CALLBACK (on_mode_toggled), self);
  gtk_menu_button_set_label (GTK_MENU_BUTTON (self->menu_button), _(mode_labels[JX_DIFF_BAR_BOTH]));
  g_signal_connect (self->band_spin, "value-changed", G_CALLBACK (on_band_changed), self);
  g_signal_connect (self->impact_check, "toggled", G_CALLBACK (on_impact_toggled), self);

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::diff-mode", G_CALLBACK (sync_controls), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::noise-band", G_CALLBACK (sync_controls), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::differences-by-impact", G_CALLBACK (sync_controls), self);
}
