/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-window-preferences.c — the Preferences window (win.preferences,
 * Ctrl+,): the match / mismatch / gap scores of every alignment
 * (jx-scoring.h) and how streams are paired (jx-stream-pairing.h), kept in
 * GSettings and applied to the session's
 * comparisons, which run again with them and record them in their
 * results. Scores that cannot work (a gap that costs nothing, a mismatch
 * worth as much as a match) are not applied; a toast says why. */
#include "config.h"

#include <glib/gi18n.h>

#include "jx-window-private.h"

static const char *score_keys[] = { "score-match", "score-mismatch", "score-gap" };

static void
apply_scoring (JxWindow  *self,
               JxScoring *scoring)
{
  g_autoptr(GError) error = NULL;

  if (!jx_comparison_manager_set_scoring (jx_session_get_comparison_manager (self->session), scoring, &error))
    {
      g_autofree char *text = g_strdup_printf (_("The scores were not applied: %s"), error->message);
      AdwToast *toast = adw_toast_new (text);

      adw_toast_set_timeout (toast, 6);
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
      return;
    }
  /* The merged call trees of the Processes page align with the same scores. */
  jx_session_clusters_set_scoring (jx_session_get_clusters (self->session), scoring);
}

static const char *pairing_names[] = { "auto", "name", "structure" };

static void
on_pairing_changed (JxWindow *self)
{
  g_autofree char *text = g_settings_get_string (self->settings, "pairing");
  JxPairingMode mode = JX_PAIRING_AUTO;

  if (jx_pairing_mode_from_string (text, &mode))
    jx_comparison_manager_set_pairing (jx_session_get_comparison_manager (self->session), mode);
}

/* The combo row's position is the mode (JX_PAIRING_AUTO, NAME, STRUCTURE). */
static void
on_pairing_selected (GObject    *row,
                     GParamSpec *pspec,
                     JxWindow   *self)
{
  guint selected = adw_combo_row_get_selected (ADW_COMBO_ROW (row));

  if (selected >= G_N_ELEMENTS (pairing_names))
    return;
  if (self->settings != NULL)
    g_settings_set_string (self->settings, "pairing", pairing_names[selected]);
  else
    jx_comparison_manager_set_pairing (jx_session_get_comparison_manager (self->session), (JxPairingMode) selected);
}

static GtkWidget *
pairing_group (JxWindow *self)
{
  static const char *labels[] = { N_("Automatically"), N_("By Name"), N_("By Structure"), NULL };
  const char *translated[G_N_ELEMENTS (labels)];
  g_autoptr(GtkStringList) model = NULL;
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *row = adw_combo_row_new ();

  G_STATIC_ASSERT (JX_PAIRING_AUTO == 0 && JX_PAIRING_NAME == 1 && JX_PAIRING_STRUCTURE == 2);
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    translated[i] = labels[i] != NULL ? _(labels[i]) : NULL;
  model = gtk_string_list_new (translated);
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Pairing of Streams"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("Which stream of one trace is compared with which of the other. "
                                           "Automatically pairs by name unless pairing by what the streams do is "
                                           "clearly better, as when thread roles rotate between runs."));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Pair Streams"));
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row),
                              jx_comparison_manager_get_pairing (jx_session_get_comparison_manager (self->session)));
  gtk_widget_set_name (row, "pairing");
  g_signal_connect_object (row, "notify::selected", G_CALLBACK (on_pairing_selected), self, 0);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  return group;
}

static void
on_score_changed (JxWindow *self)
{
  JxScoring scoring;

  scoring.match = g_settings_get_int (self->settings, "score-match");
  scoring.mismatch = g_settings_get_int (self->settings, "score-mismatch");
  scoring.gap = g_settings_get_int (self->settings, "score-gap");
  apply_scoring (self, &scoring);
}

/* Without settings (a window made by a test) the spin buttons apply at once. */
static void
on_spin_changed (JxWindow *self)
{
  JxScoring scoring = *jx_comparison_manager_get_scoring (jx_session_get_comparison_manager (self->session));
  GtkWindow *prefs = g_object_get_data (G_OBJECT (self), "jx-preferences");
  GtkSpinButton *spins[3];

  for (guint i = 0; i < 3; i++)
    spins[i] = g_object_get_data (G_OBJECT (prefs), score_keys[i]);
  scoring.match = gtk_spin_button_get_value_as_int (spins[0]);
  scoring.mismatch = gtk_spin_button_get_value_as_int (spins[1]);
  scoring.gap = gtk_spin_button_get_value_as_int (spins[2]);
  apply_scoring (self, &scoring);
}

static GtkWidget *
score_row (JxWindow    *self,
           GtkWidget   *prefs,
           const char  *key,
           const char  *title,
           const char  *subtitle,
           double       lower,
           double       upper,
           int          value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (lower, upper, 1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  gtk_widget_set_name (spin, key);
  g_object_set_data (G_OBJECT (prefs), key, spin);
  if (self->settings != NULL)
    g_settings_bind (self->settings, key, spin, "value", G_SETTINGS_BIND_DEFAULT);
  else
    g_signal_connect_object (spin, "value-changed", G_CALLBACK (on_spin_changed), self, G_CONNECT_SWAPPED);
  return row;
}

static void
on_preferences_destroy (JxWindow *self)
{
  g_object_set_data (G_OBJECT (self), "jx-preferences", NULL);
}

static void
preferences_action (GtkWidget  *widget,
                    const char *name,
                    GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);
  const JxScoring *scoring = jx_comparison_manager_get_scoring (jx_session_get_comparison_manager (self->session));
  GtkWidget *prefs = g_object_get_data (G_OBJECT (self), "jx-preferences");
  GtkWidget *page, *group;

  if (prefs != NULL)
    {
      gtk_window_present (GTK_WINDOW (prefs));
      return;
    }
  prefs = adw_preferences_window_new ();
  gtk_window_set_transient_for (GTK_WINDOW (prefs), GTK_WINDOW (self));
  gtk_window_set_modal (GTK_WINDOW (prefs), TRUE);
  gtk_window_set_hide_on_close (GTK_WINDOW (prefs), TRUE);
  adw_preferences_window_set_search_enabled (ADW_PREFERENCES_WINDOW (prefs), FALSE);
  page = adw_preferences_page_new ();
  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (page), _("Comparison"));
  adw_preferences_page_set_icon_name (ADW_PREFERENCES_PAGE (page), "preferences-system-symbolic");
  group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Alignment Scores"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("How the call sequences of two streams are aligned. The usual values "
                                           "are 2, −1 and −1. Every comparison runs again with new scores, and "
                                           "its result names the scores it used."));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                             score_row (self, prefs, "score-match", _("Match"),
                                        _("Score of two equal calls aligned"), 1, JX_SCORING_LIMIT, scoring->match));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                             score_row (self, prefs, "score-mismatch", _("Mismatch"),
                                        _("Score of two different calls aligned; less than a match"),
                                        -JX_SCORING_LIMIT, JX_SCORING_LIMIT - 1, scoring->mismatch));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                             score_row (self, prefs, "score-gap", _("Gap"),
                                        _("Score of a call with no partner; below zero"),
                                        -JX_SCORING_LIMIT, -1, scoring->gap));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (pairing_group (self)));
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (prefs), ADW_PREFERENCES_PAGE (page));
  /* One per window, destroyed with it. */
  gtk_window_set_destroy_with_parent (GTK_WINDOW (prefs), TRUE);
  g_object_set_data (G_OBJECT (self), "jx-preferences", prefs);
  g_signal_connect_object (prefs, "destroy", G_CALLBACK (on_preferences_destroy), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (prefs));
}

void
_jx_window_preferences_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.preferences", NULL, preferences_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_comma, GDK_CONTROL_MASK, "win.preferences", NULL);
}

/* After the settings are known: the stored scores apply, and later changes. */
void
_jx_window_preferences_bind (JxWindow *self)
{
  if (self->settings == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (score_keys); i++)
    {
      g_autofree char *signal = g_strconcat ("changed::", score_keys[i], NULL);

      g_signal_connect_object (self->settings, signal, G_CALLBACK (on_score_changed), self, G_CONNECT_SWAPPED);
    }
  g_signal_connect_object (self->settings, "changed::pairing", G_CALLBACK (on_pairing_changed), self,
                           G_CONNECT_SWAPPED);
  on_score_changed (self);
  on_pairing_changed (self);
}

GtkWindow *
jx_window_get_preferences (JxWindow *self)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), NULL);
  return g_object_get_data (G_OBJECT (self), "jx-preferences");
}
