/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-window-fold.c — the window's commands for folding and SOS time, which
 * apply to every trace alike (session properties and requests), and its
 * Imbalance, Groups and Processes panels. */
#include "config.h"

#include <glib/gi18n.h>

#include "jx-custom-set-dialog.h"
#include "jx-groups-panel.h"
#include "jx-imbalance-panel.h"
#include "jx-processes-panel.h"
#include "jx-window-private.h"

static void
fold_action (GtkWidget  *widget,
             const char *name,
             GVariant   *parameter)
{
  JxSession *session = JX_WINDOW (widget)->session;

  if (g_str_equal (name, "win.fold-devices"))
    jx_session_fold_all (session, 1u << JX_STREAM_GROUP_DEVICE, TRUE);
  else if (g_str_equal (name, "win.fold-threads"))
    jx_session_fold_all (session, 1u << JX_STREAM_GROUP_PROCESS, TRUE);
  else if (g_str_equal (name, "win.fold-nodes"))
    {
      jx_session_set_fold_grouping (session, JX_FOLD_GROUPING_NODES);
      jx_session_fold_all (session, 1u << JX_STREAM_GROUP_NODE, TRUE);
    }
  else if (g_str_equal (name, "win.fold-processes"))
    {
      jx_session_set_fold_grouping (session, JX_FOLD_GROUPING_PROCESSES);
      jx_session_fold_all (session, 1u << JX_STREAM_GROUP_ALL, TRUE);
    }
  else if (g_str_equal (name, "win.fold-clusters"))
    {
      JxSessionClusters *clusters = jx_session_get_clusters (session);

      jx_session_set_fold_grouping (session, JX_FOLD_GROUPING_CLUSTERS);
      jx_session_clusters_set_wanted (clusters, TRUE);
      JX_WINDOW (widget)->fold_clusters_pending = jx_session_clusters_get_clustering (clusters, NULL) == NULL;
      jx_session_fold_all (session, 1u << JX_STREAM_GROUP_CLUSTER, TRUE);
    }
  else if (g_str_equal (name, "win.unfold-all"))
    jx_session_fold_all (session, G_MAXUINT, FALSE);
  else if (g_str_equal (name, "win.choose-custom-set"))
    jx_custom_set_dialog_present (GTK_WINDOW (widget), session);
}

/* Turning the overlay on brings its legend and ranking into view. */
static void
on_show_sos (JxWindow *self)
{
  if (jx_session_get_show_sos (self->session))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->bottom_paned), TRUE);
      gtk_stack_set_visible_child_name (self->side_stack, "imbalance");
    }
}

/* A cluster picked in the Processes page: its first member's row comes into
 * view in its trace's timeline, at the top when it was out of view, so the
 * members after it follow below. */
static void
on_cluster_selected (JxWindow *self)
{
  JxSessionClusters *clusters = jx_session_get_clusters (self->session);
  guint selected = jx_session_clusters_get_selected (clusters);
  JxClustering *clustering = jx_session_clusters_get_clustering (clusters, NULL);
  JxSessionTrace *item;
  JxTraceTimeline *lane;
  const JxCluster *cluster;
  const guint32 *members;
  guint n_members;

  if (selected == JX_SESSION_CLUSTERS_NONE || clustering == NULL)
    return;
  cluster = jx_clustering_get_cluster (clustering, selected);
  members = jx_clustering_get_members (clustering, &n_members);
  for (guint m = 0; m < cluster->size; m++)
    {
      guint32 sig = members[cluster->first + m];

      item = jx_session_clusters_get_item_of (clusters, sig);
      if (item != NULL && (lane = jx_master_timeline_get_trace_timeline (self->master_timeline, item)) != NULL)
        {
          jx_trace_timeline_reveal_stream_at_top (lane, jx_signature_set_get_stream_of (jx_clustering_get_signatures (clustering),
                                                                                        sig));
          return;
        }
    }
}

/* New clusters: a pending "Fold by Cluster" folds them (the traces' groups
 * follow the clusters before this signal). */
static void
on_clusters_changed (JxWindow *self)
{
  JxSessionClusters *clusters = jx_session_get_clusters (self->session);

  if (!self->fold_clusters_pending || jx_session_clusters_get_clustering (clusters, NULL) == NULL)
    return;
  self->fold_clusters_pending = FALSE;
  if (jx_session_get_fold_grouping (self->session) == JX_FOLD_GROUPING_CLUSTERS)
    jx_session_fold_all (self->session, 1u << JX_STREAM_GROUP_CLUSTER, TRUE);
}

void
_jx_window_fold_class_init (GtkWidgetClass *widget_class)
{
  static const char *commands[] = {
    "win.fold-devices", "win.fold-threads", "win.fold-nodes", "win.fold-processes", "win.fold-clusters",
    "win.unfold-all",
    "win.choose-custom-set",
  };

  g_type_ensure (JX_TYPE_IMBALANCE_PANEL);
  g_type_ensure (JX_TYPE_GROUPS_PANEL);
  g_type_ensure (JX_TYPE_PROCESSES_PANEL);
  /* Offset 0: reachable with gtk_widget_get_template_child (), no field. */
  gtk_widget_class_bind_template_child_full (widget_class, "imbalance_panel", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "groups_panel", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "processes_panel", FALSE, 0);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    gtk_widget_class_install_action (widget_class, commands[i], NULL, fold_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_D, GDK_SHIFT_MASK, "win.fold-devices", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_T, GDK_SHIFT_MASK, "win.fold-threads", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_N, GDK_SHIFT_MASK, "win.fold-nodes", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_P, GDK_SHIFT_MASK, "win.fold-processes", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_L, GDK_SHIFT_MASK, "win.fold-clusters", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_U, GDK_SHIFT_MASK, "win.unfold-all", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_C, GDK_SHIFT_MASK, "win.choose-custom-set", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_i, 0, "win.show-sos", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1, GDK_CONTROL_MASK, "win.fold-operation", "s", "max");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_2, GDK_CONTROL_MASK, "win.fold-operation", "s", "min");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_3, GDK_CONTROL_MASK, "win.fold-operation", "s", "diff");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_4, GDK_CONTROL_MASK, "win.fold-operation", "s", "idle");
}

/* The session's modes that are the window's stateful actions. */
static const char *mode_properties[] = { "fold-grouping", "fold-operation", "show-sos" };

void
_jx_window_fold_init (JxWindow *self)
{
  GObject *imbalance = gtk_widget_get_template_child (GTK_WIDGET (self), JX_TYPE_WINDOW, "imbalance_panel");
  GObject *groups = gtk_widget_get_template_child (GTK_WIDGET (self), JX_TYPE_WINDOW, "groups_panel");
  GObject *processes = gtk_widget_get_template_child (GTK_WIDGET (self), JX_TYPE_WINDOW, "processes_panel");

  /* Modes of the session, so every view of every trace follows them. */
  for (guint i = 0; i < G_N_ELEMENTS (mode_properties); i++)
    {
      g_autoptr(GPropertyAction) action = g_property_action_new (mode_properties[i], self->session,
                                                                   mode_properties[i]);

      g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));
    }
  jx_imbalance_panel_set_session (JX_IMBALANCE_PANEL (imbalance), self->session);
  jx_groups_panel_set_session (JX_GROUPS_PANEL (groups), self->session);
  jx_processes_panel_set_session (JX_PROCESSES_PANEL (processes), self->session);
  g_signal_connect_object (self->session, "notify::show-sos", G_CALLBACK (on_show_sos), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (jx_session_get_clusters (self->session), "notify::selected",
                           G_CALLBACK (on_cluster_selected), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (jx_session_get_clusters (self->session), "changed",
                           G_CALLBACK (on_clusters_changed), self, G_CONNECT_SWAPPED);
}

/* A property action holds its object: the session must not outlive the
 * window through whatever still holds the window's action group (its
 * export on the session bus goes away later than the window). */
void
_jx_window_fold_dispose (JxWindow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (mode_properties); i++)
    g_action_map_remove_action (G_ACTION_MAP (self), mode_properties[i]);
  /* The Processes page, destroyed after the session is let go, drops its
   * pick on the way (the clusters outlive the window's session pointer). */
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (jx_session_get_clusters (self->session), self);
}
