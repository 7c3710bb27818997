/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-processes-panel.c — see jx-processes-panel.h. */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "jx-merged-icicle-view.h"
#include "jx-processes-panel.h"

struct _JxProcessesPanel
{
  GtkWidget          parent_instance;

  JxSession         *session;
  JxSessionClusters *clusters;
  GtkWidget         *box;
  GtkWidget         *status_box;
  GtkWidget         *spinner;
  GtkWidget         *status;
  GtkWidget         *list;
  GtkWidget         *more;
  GtkWidget         *tree_box;
  GtkWidget         *tree_heading;
  GtkWidget         *tree_status_box;
  GtkWidget         *tree_spinner;
  GtkWidget         *tree_status;
  GtkWidget         *tree_progress;
  GtkWidget         *tree_view;
  GtkWidget         *by_calls;       /* "Widths by calls" */
  GtkWidget         *merge;          /* "Merge near-equal clusters" */
  GtkWidget         *merge_spin;     /* its threshold */
  guint              merge_timeout;  /* a step of the spin button not applied yet */
  GtkWidget         *merge_custom;   /* "Merge the Custom Set" */
  GtkWidget         *tree_window;    /* the same tree, larger, in its own window; weak */
  GtkWidget         *window_view;
  GtkWidget         *window_status;
  guint              n_rows;
  gboolean           filling;        /* rows being replaced: no picks */
};

G_DEFINE_FINAL_TYPE (JxProcessesPanel, jx_processes_panel, GTK_TYPE_WIDGET)

static void update_tree_status (JxProcessesPanel *self);

static char *
row_markup (JxProcessesPanel *self,
            JxClustering     *clustering,
            guint             index)
{
  const JxCluster *c = jx_clustering_get_cluster (clustering, index);
  g_autofree char *representative = jx_session_clusters_dup_stream_name (self->clusters, c->representative);
  g_autofree char *total = jx_time_format ((gint64) (c->seconds * 1e9), 3);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *rep = g_markup_escape_text (representative, -1);

  if (c->outlier)
    g_string_append_printf (text, "<b>%s</b>", _("Outlier"));
  else
    g_string_append_printf (text, _("<b>Cluster %u</b>"), index + 1);
  g_string_append (text, " · ");
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u stream", "%u streams", c->size), c->size);
  g_string_append_printf (text, " · %s", total);
  if (c->kind == JX_STREAM_ACCELERATOR)
    g_string_append_printf (text, " · %s", _("accelerator"));
  g_string_append_printf (text, "\n<small>%s %s</small>", c->outlier ? _("Stream:") : _("Representative:"), rep);
  if (c->n_groups > 1)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                               "\n<small>%u structure, similarity at least %.2f</small>",
                                               "\n<small>%u structures, similarity at least %.2f</small>",
                                               c->n_groups),
                            c->n_groups, c->min_similarity);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
update_status (JxProcessesPanel *self)
{
  JxClustering *clustering;
  const GError *error = NULL;
  gboolean running;

  if (self->clusters == NULL)
    return;
  running = jx_session_clusters_get_running (self->clusters);
  clustering = jx_session_clusters_get_clustering (self->clusters, &error);
  gtk_spinner_set_spinning (GTK_SPINNER (self->spinner), running);
  gtk_widget_set_visible (self->spinner, running);
  if (running)
    gtk_label_set_text (GTK_LABEL (self->status), _("Grouping the streams by structure…"));
  else if (error != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The streams could not be clustered: %s"), error->message);

      gtk_label_set_text (GTK_LABEL (self->status), text);
    }
  else if (clustering == NULL)
    gtk_label_set_text (GTK_LABEL (self->status), _("No trace is loaded yet."));
  else
    {
      JxSignatureSet *set = jx_clustering_get_signatures (clustering);
      guint n = jx_clustering_get_n_clusters (clustering);
      guint n_streams = jx_signature_set_get_size (set) - jx_clustering_get_n_unclustered (clustering);
      g_autofree char *streams = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u stream", "%u streams",
                                                               n_streams), n_streams);
      g_autofree char *clusters = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u cluster", "%u clusters", n), n);
      guint outliers = jx_clustering_get_n_outliers (clustering);
      g_autofree char *text = NULL;

      /* TRANSLATORS: "120 streams in 4 clusters, 2 outliers" */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s in %s, %u outlier", "%s in %s, %u outliers",
                                           outliers),
                              streams, clusters, outliers);
      gtk_label_set_text (GTK_LABEL (self->status), text);
    }
}

static void
fill (JxProcessesPanel *self)
{
  JxClustering *clustering = jx_session_clusters_get_clustering (self->clusters, NULL);
  guint n = clustering != NULL ? jx_clustering_get_n_clusters (clustering) : 0;
  GtkWidget *child;

  self->filling = TRUE;
  while ((child = gtk_widget_get_first_child (self->list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->list), child);
  self->n_rows = MIN (n, JX_PROCESSES_PANEL_MAX_ROWS);
  for (guint i = 0; i < self->n_rows; i++)
    {
      g_autofree char *markup = row_markup (self, clustering, i);
      GtkWidget *label = gtk_label_new (NULL);

      gtk_label_set_markup (GTK_LABEL (label), markup);
      gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_set_margin_top (label, 4);
      gtk_widget_set_margin_bottom (label, 4);
      gtk_widget_set_margin_start (label, 6);
      gtk_widget_set_margin_end (label, 6);
      if (jx_clustering_get_cluster (clustering, i)->outlier)
        gtk_widget_add_css_class (label, "warning");
      gtk_list_box_append (GTK_LIST_BOX (self->list), label);
    }
  gtk_widget_set_visible (self->list, self->n_rows > 0);
  if (n > self->n_rows)
    {
      g_autofree char *more = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "and %u more cluster",
                                                            "and %u more clusters", n - self->n_rows),
                                               n - self->n_rows);

      gtk_label_set_text (GTK_LABEL (self->more), more);
    }
  gtk_widget_set_visible (self->more, n > self->n_rows);
  self->filling = FALSE;
  update_status (self);
  update_tree_status (self);
}

static void
on_row_selected (GtkListBox       *list,
                 GtkListBoxRow    *row,
                 JxProcessesPanel *self)
{
  if (self->filling || self->clusters == NULL)
    return;
  jx_session_clusters_set_selected (self->clusters, row != NULL ? (guint) gtk_list_box_row_get_index (row)
                                                                : JX_SESSION_CLUSTERS_NONE);
}

/* A pick made elsewhere (or dropped by a new result) shows in the list. */
static void
on_selected (JxProcessesPanel *self)
{
  guint selected = jx_session_clusters_get_selected (self->clusters);
  GtkListBoxRow *row = selected != JX_SESSION_CLUSTERS_NONE
                       ? gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->list), (int) selected) : NULL;

  if (gtk_list_box_get_selected_row (GTK_LIST_BOX (self->list)) == row)
    return;
  self->filling = TRUE;
  if (row != NULL)
    gtk_list_box_select_row (GTK_LIST_BOX (self->list), row);
  else
    gtk_list_box_unselect_all (GTK_LIST_BOX (self->list));
  self->filling = FALSE;
}

/* --- The merged call tree of the picked cluster ------------------------------------- */

static void
set_tree_status (JxProcessesPanel *self,
                 const char       *text)
{
  gtk_label_set_text (GTK_LABEL (self->tree_status), text);
  if (self->tree_window != NULL)
    gtk_label_set_text (GTK_LABEL (self->window_status), text);
}

static void
update_tree_status (JxProcessesPanel *self)
{
  gboolean running = jx_session_clusters_get_tree_running (self->clusters);
  guint selected = jx_session_clusters_get_selected (self->clusters);
  const GError *error = NULL;
  JxMergedTree *tree = jx_session_clusters_get_tree (self->clusters, &error);
  JxClustering *clustering = jx_session_clusters_get_clustering (self->clusters, NULL);

  gboolean picked = (selected != JX_SESSION_CLUSTERS_NONE || jx_session_clusters_get_tree_is_streams (self->clusters)) &&
                    clustering != NULL;

  gtk_widget_set_visible (self->tree_box, picked);
  gtk_spinner_set_spinning (GTK_SPINNER (self->tree_spinner), running);
  gtk_widget_set_visible (self->tree_spinner, running);
  gtk_widget_set_visible (self->tree_progress, running);
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->tree_progress),
                                 jx_session_clusters_get_tree_progress (self->clusters));
  if (!picked)
    return;
  if (running)
    {
      guint n = selected != JX_SESSION_CLUSTERS_NONE ? jx_clustering_get_cluster (clustering, selected)->size : 0;
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "Merging the call tree of %u stream…",
                                                            "Merging the call trees of %u streams…", n), n);

      set_tree_status (self, text);
    }
  else if (error != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The call trees could not be merged: %s"), error->message);

      set_tree_status (self, text);
    }
  else if (tree != NULL)
    {
      const JxMergedTreeStats *stats = jx_merged_tree_get_stats (tree);
      guint n_nodes = jx_merged_tree_get_nodes (tree)->n_nodes;
      g_autofree char *nodes = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u node", "%u nodes", n_nodes), n_nodes);
      g_autofree char *text = NULL;

      /* TRANSLATORS: "812 nodes: 790 equal in all streams, 20 with gaps, 2 with different functions" */
      text = g_strdup_printf (_("%s: %" PRIu64 " equal in all streams, %" PRIu64
                                " with gaps, %" PRIu64 " with different functions. "
                                "Click a frame to highlight its calls in the timelines."),
                              nodes, stats->by_state[JX_MERGED_EQUAL], stats->by_state[JX_MERGED_GAP],
                              stats->by_state[JX_MERGED_DIFFERENT]);
      set_tree_status (self, text);
    }
}

static void
on_tree_changed (JxProcessesPanel *self)
{
  JxMergedTree *tree = jx_session_clusters_get_tree (self->clusters, NULL);
  guint selected = jx_session_clusters_get_selected (self->clusters);
  JxClustering *clustering = jx_session_clusters_get_clustering (self->clusters, NULL);
  g_autofree char *title = NULL;

  if (tree != NULL && clustering != NULL && jx_session_clusters_get_tree_is_streams (self->clusters))
    {
      guint n = jx_merged_tree_get_n_streams (tree);

      title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Custom set: merged call tree of %u stream",
                                            "Custom set: merged call tree of %u streams", n), n);
    }
  else if (tree != NULL && clustering != NULL && selected != JX_SESSION_CLUSTERS_NONE)
    {
      guint n = jx_merged_tree_get_n_streams (tree);

      if (jx_clustering_get_cluster (clustering, selected)->outlier)
        title = g_strdup (_("Call tree of the outlier"));
      else
        /* TRANSLATORS: the title of the merged call tree's picture */
        title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Cluster %u: merged call tree of %u stream",
                                              "Cluster %u: merged call tree of %u streams", n),
                                 selected + 1, n);
    }
  jx_merged_icicle_view_set_tree (JX_MERGED_ICICLE_VIEW (self->tree_view), tree, title);
  gtk_widget_set_visible (self->tree_view, tree != NULL);
  if (self->tree_window != NULL)
    jx_merged_icicle_view_set_tree (JX_MERGED_ICICLE_VIEW (self->window_view), tree, title);
  update_tree_status (self);
}

/* A node's calls: its function highlighted in every timeline (the search,
 * as picking a function does) and its first contributing call selected and
 * brought into view in its stream's row. */
static void
on_node_activated (JxMergedIcicleView *view,
                   guint               node,
                   JxProcessesPanel   *self)
{
  JxMergedTree *tree = jx_merged_icicle_view_get_tree (view);

  if (tree == NULL || tree != jx_session_clusters_get_tree (self->clusters, NULL))
    return;
  g_return_if_fail (node < jx_merged_tree_get_nodes (tree)->n_nodes);
  /* The node's calls highlighted in their streams' rows, the first selected
   * (F7 walks the others). */
  if (!jx_session_highlight_merged_node (self->session, node))
    return;
  jx_merged_icicle_view_set_selected_node (JX_MERGED_ICICLE_VIEW (self->tree_view), node);
  if (self->tree_window != NULL)
    jx_merged_icicle_view_set_selected_node (JX_MERGED_ICICLE_VIEW (self->window_view), node);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.reveal-selection", NULL);
}

/* The highlight ended (Escape, a new search): no node stays picked. */
static void
on_highlight_calls (JxProcessesPanel *self)
{
  if (jx_call_highlight_get_n_calls (jx_session_get_call_highlight (self->session)) > 0)
    return;
  jx_merged_icicle_view_set_selected_node (JX_MERGED_ICICLE_VIEW (self->tree_view), JX_NONE);
  if (self->tree_window != NULL)
    jx_merged_icicle_view_set_selected_node (JX_MERGED_ICICLE_VIEW (self->window_view), JX_NONE);
}

/* Escape in the page ends the highlight of a node's calls. */
static gboolean
clear_highlight (GtkWidget *widget,
                 GVariant  *args,
                 gpointer   user_data)
{
  JxProcessesPanel *self = JX_PROCESSES_PANEL (widget);

  if (self->session == NULL || jx_call_highlight_get_n_calls (jx_session_get_call_highlight (self->session)) == 0)
    return FALSE;
  jx_call_highlight_clear (jx_session_get_call_highlight (self->session));
  return TRUE;
}

static void
on_dark (JxProcessesPanel *self)
{
  jx_merged_icicle_view_set_dark (JX_MERGED_ICICLE_VIEW (self->tree_view), jx_session_get_dark (self->session));
  if (self->tree_window != NULL)
    jx_merged_icicle_view_set_dark (JX_MERGED_ICICLE_VIEW (self->window_view), jx_session_get_dark (self->session));
}

/* The custom set of the fold menu (Shift+C) merged instead of a cluster. */
static void
update_merge_custom (JxProcessesPanel *self)
{
  const char * const *custom = self->session != NULL ? jx_session_get_fold_custom (self->session) : NULL;

  gtk_widget_set_sensitive (self->merge_custom,
                            custom != NULL && custom[0] != NULL && self->clusters != NULL &&
                            jx_session_clusters_get_clustering (self->clusters, NULL) != NULL);
}

static void
on_merge_custom (JxProcessesPanel *self)
{
  if (jx_session_clusters_merge_streams (self->clusters, jx_session_get_fold_custom (self->session)) > 0)
    {
      self->filling = TRUE;
      gtk_list_box_unselect_all (GTK_LIST_BOX (self->list));
      self->filling = FALSE;
      update_tree_status (self);
    }
}

/* "Merge near-equal clusters, similarity at least T": the session's
 * clusters' threshold (0 when off), as `cluster --threshold T`. */
static void
on_merge_changed (JxProcessesPanel *self)
{
  gboolean on = gtk_check_button_get_active (GTK_CHECK_BUTTON (self->merge));

  gtk_widget_set_sensitive (self->merge_spin, on);
  if (self->clusters != NULL)
    jx_session_clusters_set_threshold (self->clusters,
                                       on ? gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->merge_spin)) : 0.0);
}

/* Clustering again at every step of the spin button would start (and
 * cancel) a run per click: a value applies once it rests this long. */
#define MERGE_DELAY_MS 300

static gboolean
merge_timeout (gpointer data)
{
  JxProcessesPanel *self = data;

  self->merge_timeout = 0;
  on_merge_changed (self);
  return G_SOURCE_REMOVE;
}

static void
on_merge_value (JxProcessesPanel *self)
{
  g_clear_handle_id (&self->merge_timeout, g_source_remove);
  self->merge_timeout = g_timeout_add (MERGE_DELAY_MS, merge_timeout, self);
}

void
jx_processes_panel_set_threshold (JxProcessesPanel *self,
                                  double            threshold)
{
  g_return_if_fail (JX_IS_PROCESSES_PANEL (self));
  g_return_if_fail (threshold >= 0.0 && threshold <= 1.0);

  if (threshold > 0.0)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->merge_spin), threshold);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->merge), threshold > 0.0);
  g_clear_handle_id (&self->merge_timeout, g_source_remove);
  on_merge_changed (self);
}

/* The side pane is narrow: the same tree, as wide as a window allows. */
static void
open_window (JxProcessesPanel *self)
{
  GtkWidget *box, *scrolled, *by_calls;
  GtkRoot *root;

  if (self->tree_window != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->tree_window));
      return;
    }
  self->tree_window = gtk_window_new ();
  g_object_add_weak_pointer (G_OBJECT (self->tree_window), (gpointer *) &self->tree_window);
  gtk_window_set_title (GTK_WINDOW (self->tree_window), _("Merged Call Tree"));
  gtk_window_set_default_size (GTK_WINDOW (self->tree_window), 1100, 560);
  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (GTK_WINDOW (self->tree_window), GTK_WINDOW (root));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self->tree_window), TRUE);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->window_status = gtk_label_new (gtk_label_get_text (GTK_LABEL (self->tree_status)));
  gtk_label_set_xalign (GTK_LABEL (self->window_status), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (self->window_status), TRUE);
  gtk_widget_set_margin_start (self->window_status, 12);
  gtk_widget_set_margin_end (self->window_status, 12);
  gtk_widget_set_margin_top (self->window_status, 8);
  gtk_box_append (GTK_BOX (box), self->window_status);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  by_calls = gtk_check_button_new_with_mnemonic (_("Frame widths by number of _calls"));
  gtk_widget_set_margin_start (by_calls, 12);
  g_object_bind_property (self->by_calls, "active", by_calls, "active", G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  gtk_box_append (GTK_BOX (box), by_calls);
  self->window_view = jx_merged_icicle_view_new ();
  g_object_bind_property (self->by_calls, "active", self->window_view, "width-by-calls", G_BINDING_SYNC_CREATE);
  g_signal_connect (self->window_view, "node-activated", G_CALLBACK (on_node_activated), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->window_view);
  gtk_box_append (GTK_BOX (box), scrolled);
  gtk_window_set_child (GTK_WINDOW (self->tree_window), box);
  on_dark (self);
  on_tree_changed (self);
  jx_merged_icicle_view_set_selected_node (JX_MERGED_ICICLE_VIEW (self->window_view),
                                           jx_merged_icicle_view_get_selected_node (JX_MERGED_ICICLE_VIEW (self->tree_view)));
  gtk_window_present (GTK_WINDOW (self->tree_window));
}

void
jx_processes_panel_set_session (JxProcessesPanel *self,
                                JxSession        *session)
{
  g_return_if_fail (JX_IS_PROCESSES_PANEL (self));
  g_return_if_fail (self->session == NULL && JX_IS_SESSION (session));

  self->session = g_object_ref (session);
  self->clusters = g_object_ref (jx_session_get_clusters (session));
  g_signal_connect_object (self->clusters, "changed", G_CALLBACK (fill), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->clusters, "notify::running", G_CALLBACK (update_status), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->clusters, "notify::selected", G_CALLBACK (on_selected), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->clusters, "tree-changed", G_CALLBACK (on_tree_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->clusters, "notify::tree-running", G_CALLBACK (update_tree_status), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->clusters, "notify::tree-progress", G_CALLBACK (update_tree_status), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::dark", G_CALLBACK (on_dark), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (jx_session_get_call_highlight (session), "notify::n-calls", G_CALLBACK (on_highlight_calls),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::fold-custom", G_CALLBACK (update_merge_custom), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->clusters, "changed", G_CALLBACK (update_merge_custom), self, G_CONNECT_SWAPPED);
  on_dark (self);
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    jx_session_clusters_set_wanted (self->clusters, TRUE);
  fill (self);
  on_tree_changed (self);
  update_merge_custom (self);
}

guint
jx_processes_panel_get_n_rows (JxProcessesPanel *self)
{
  g_return_val_if_fail (JX_IS_PROCESSES_PANEL (self), 0);
  return self->n_rows;
}

const char *
jx_processes_panel_get_row_text (JxProcessesPanel *self,
                                 guint             row)
{
  GtkListBoxRow *r;

  g_return_val_if_fail (JX_IS_PROCESSES_PANEL (self), NULL);

  r = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->list), (int) row);
  return r != NULL ? gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_child (r))) : NULL;
}

const char *
jx_processes_panel_get_status (JxProcessesPanel *self)
{
  g_return_val_if_fail (JX_IS_PROCESSES_PANEL (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->status));
}

void
jx_processes_panel_select_row (JxProcessesPanel *self,
                               guint             row)
{
  GtkListBoxRow *r;

  g_return_if_fail (JX_IS_PROCESSES_PANEL (self));

  r = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->list), (int) row);
  g_return_if_fail (r != NULL);
  gtk_list_box_select_row (GTK_LIST_BOX (self->list), r);
}

GtkWidget *
jx_processes_panel_open_tree_window (JxProcessesPanel *self)
{
  g_return_val_if_fail (JX_IS_PROCESSES_PANEL (self), NULL);
  open_window (self);
  return self->window_view;
}

gboolean
jx_processes_panel_merge_custom (JxProcessesPanel *self)
{
  g_return_val_if_fail (JX_IS_PROCESSES_PANEL (self), FALSE);

  if (!gtk_widget_get_sensitive (self->merge_custom))
    return FALSE;
  on_merge_custom (self);
  return TRUE;
}

GtkWidget *
jx_processes_panel_get_tree_view (JxProcessesPanel *self)
{
  g_return_val_if_fail (JX_IS_PROCESSES_PANEL (self), NULL);
  return self->tree_view;
}

/* Nothing is clustered before the page is first shown. */
static void
jx_processes_panel_map (GtkWidget *widget)
{
  JxProcessesPanel *self = JX_PROCESSES_PANEL (widget);

  GTK_WIDGET_CLASS (jx_processes_panel_parent_class)->map (widget);
  if (self->clusters != NULL)
    jx_session_clusters_set_wanted (self->clusters, TRUE);
}

static void
jx_processes_panel_dispose (GObject *object)
{
  JxProcessesPanel *self = JX_PROCESSES_PANEL (object);

  g_clear_handle_id (&self->merge_timeout, g_source_remove);
  if (self->tree_window != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->window_view, self);
      g_object_remove_weak_pointer (G_OBJECT (self->tree_window), (gpointer *) &self->tree_window);
      gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&self->tree_window)));
    }
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->clusters);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (jx_processes_panel_parent_class)->dispose (object);
}

static void
jx_processes_panel_class_init (JxProcessesPanelClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = jx_processes_panel_dispose;
  GTK_WIDGET_CLASS (klass)->map = jx_processes_panel_map;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_add_binding (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0, clear_highlight, NULL);
}

static void
jx_processes_panel_init (JxProcessesPanel *self)
{
  GtkWidget *hint, *heading_box, *open, *fold;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_margin_start (self->box, 12);
  gtk_widget_set_margin_end (self->box, 12);
  gtk_widget_set_margin_top (self->box, 12);
  gtk_widget_set_margin_bottom (self->box, 12);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->status_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->spinner = gtk_spinner_new ();
  gtk_widget_set_visible (self->spinner, FALSE);
  self->status = gtk_label_new (_("No trace is loaded yet."));
  gtk_label_set_xalign (GTK_LABEL (self->status), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (self->status), TRUE);
  gtk_box_append (GTK_BOX (self->status_box), self->spinner);
  gtk_box_append (GTK_BOX (self->status_box), self->status);
  gtk_box_append (GTK_BOX (self->box), self->status_box);

  hint = gtk_label_new (_("Streams that call the same functions from the same callers form a cluster; "
                          "pick one to mark its streams in the timelines and to see their merged call tree."));
  gtk_label_set_xalign (GTK_LABEL (hint), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
  gtk_widget_add_css_class (hint, "dim-label");
  gtk_widget_add_css_class (hint, "caption");
  gtk_box_append (GTK_BOX (self->box), hint);

  {
    GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

    GtkWidget *label = gtk_label_new_with_mnemonic (_("_Merge near-equal clusters, similarity at least"));

    self->merge = gtk_check_button_new ();
    gtk_label_set_wrap (GTK_LABEL (label), TRUE);
    gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
    gtk_label_set_mnemonic_widget (GTK_LABEL (label), self->merge);
    gtk_check_button_set_child (GTK_CHECK_BUTTON (self->merge), label);
    gtk_widget_set_hexpand (self->merge, TRUE);
    gtk_widget_set_tooltip_text (self->merge, _("Also put clusters together whose most frequent caller → callee "
                                                "pairs mostly agree (as juxtrace-cli cluster --threshold): their "
                                                "merged call tree then shows where the streams differ"));
    self->merge_spin = gtk_spin_button_new_with_range (0.5, 1.0, 0.05);
    gtk_spin_button_set_digits (GTK_SPIN_BUTTON (self->merge_spin), 2);
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->merge_spin), JX_CLUSTER_SUGGESTED_THRESHOLD);
    gtk_widget_set_valign (self->merge_spin, GTK_ALIGN_CENTER);
    gtk_widget_set_sensitive (self->merge_spin, FALSE);
    gtk_accessible_update_relation (GTK_ACCESSIBLE (self->merge_spin), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                    self->merge, NULL, -1);
    g_signal_connect_swapped (self->merge, "toggled", G_CALLBACK (on_merge_changed), self);
    g_signal_connect_swapped (self->merge_spin, "value-changed", G_CALLBACK (on_merge_value), self);
    gtk_box_append (GTK_BOX (row), self->merge);
    gtk_box_append (GTK_BOX (row), self->merge_spin);
    gtk_box_append (GTK_BOX (self->box), row);
  }

  self->merge_custom = gtk_button_new_with_mnemonic (_("Merge the Custom _Set"));
  gtk_widget_set_tooltip_text (self->merge_custom, _("The merged call tree of the streams of the custom set "
                                                     "(Fold Streams ▸ Choose a Custom Set…) instead of a cluster"));
  g_signal_connect_swapped (self->merge_custom, "clicked", G_CALLBACK (on_merge_custom), self);
  gtk_widget_set_sensitive (self->merge_custom, FALSE);

  fold = gtk_button_new_with_mnemonic (_("_Fold by Cluster"));
  gtk_widget_set_tooltip_text (fold, _("Group the streams of each trace by cluster and fold each cluster "
                                       "into one row of the timelines"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (fold), "win.fold-clusters");
  {
    GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

    gtk_box_append (GTK_BOX (buttons), fold);
    gtk_box_append (GTK_BOX (buttons), self->merge_custom);
    gtk_box_append (GTK_BOX (self->box), buttons);
  }

  self->list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->list), GTK_SELECTION_SINGLE);
  gtk_widget_add_css_class (self->list, "boxed-list");
  gtk_widget_set_visible (self->list, FALSE);
  g_signal_connect (self->list, "row-selected", G_CALLBACK (on_row_selected), self);
  gtk_box_append (GTK_BOX (self->box), self->list);

  self->more = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->more), 0.0f);
  gtk_widget_add_css_class (self->more, "dim-label");
  gtk_widget_set_visible (self->more, FALSE);
  gtk_box_append (GTK_BOX (self->box), self->more);

  /* The picked cluster's merged call tree, built in a thread. */
  self->tree_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_top (self->tree_box, 6);
  gtk_widget_set_visible (self->tree_box, FALSE);
  heading_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->tree_heading = gtk_label_new (_("Merged Call Tree"));
  gtk_label_set_xalign (GTK_LABEL (self->tree_heading), 0.0f);
  gtk_widget_set_hexpand (self->tree_heading, TRUE);
  gtk_widget_add_css_class (self->tree_heading, "heading");
  gtk_box_append (GTK_BOX (heading_box), self->tree_heading);
  open = gtk_button_new_with_mnemonic (_("Open in _Window"));
  gtk_widget_set_tooltip_text (open, _("Show the merged call tree in a window of its own, as wide as the screen allows"));
  gtk_widget_add_css_class (open, "flat");
  g_signal_connect_swapped (open, "clicked", G_CALLBACK (open_window), self);
  gtk_box_append (GTK_BOX (heading_box), open);
  gtk_box_append (GTK_BOX (self->tree_box), heading_box);
  self->tree_status_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->tree_spinner = gtk_spinner_new ();
  gtk_widget_set_visible (self->tree_spinner, FALSE);
  self->tree_status = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->tree_status), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (self->tree_status), TRUE);
  gtk_widget_add_css_class (self->tree_status, "caption");
  gtk_box_append (GTK_BOX (self->tree_status_box), self->tree_spinner);
  gtk_box_append (GTK_BOX (self->tree_status_box), self->tree_status);
  gtk_box_append (GTK_BOX (self->tree_box), self->tree_status_box);
  self->tree_progress = gtk_progress_bar_new ();
  gtk_widget_set_visible (self->tree_progress, FALSE);
  gtk_box_append (GTK_BOX (self->tree_box), self->tree_progress);
  self->by_calls = gtk_check_button_new_with_mnemonic (_("Frame widths by number of _calls"));
  gtk_widget_set_tooltip_text (self->by_calls, _("A frame as wide as the calls merged below it instead of their time: "
                                                 "shows the structure where one long call leaves the rest too narrow"));
  gtk_box_append (GTK_BOX (self->tree_box), self->by_calls);
  self->tree_view = jx_merged_icicle_view_new ();
  g_object_bind_property (self->by_calls, "active", self->tree_view, "width-by-calls", G_BINDING_SYNC_CREATE);
  gtk_widget_set_visible (self->tree_view, FALSE);
  g_signal_connect (self->tree_view, "node-activated", G_CALLBACK (on_node_activated), self);
  gtk_box_append (GTK_BOX (self->tree_box), self->tree_view);
  gtk_box_append (GTK_BOX (self->box), self->tree_box);
}
