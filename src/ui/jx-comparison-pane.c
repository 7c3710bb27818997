/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-pane.c */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-comparison-pane.h"
#include "jx-diff-controls.h"
#include "jx-diff-legend.h"
#include "jx-diff-tree-view.h"
#include "jx-flame-view.h"
#include "jx-headline-view.h"
#include "jx-trend-panel.h"
#include "jx-wrap-box.h"

struct _JxComparisonPane
{
  GtkWidget            parent_instance;

  JxSession           *session;
  GSignalGroup        *session_signals;
  GtkFilterListModel  *candidates;   /* loaded traces but the reference */
  /* Their names, the drop-down's model: a list of the items themselves
   * would keep a removed trace alive in the drop-down's rows. */
  GtkStringList       *names;
  gboolean             syncing;

  GtkWidget           *box;
  GtkWidget           *header;
  GtkWidget           *title;
  GtkWidget           *pair_box;
  GtkWidget           *subtitle;
  GtkWidget           *compared_caption;
  GtkWidget           *compared_label;
  GtkWidget           *compared_dropdown;
  JxDiffControls      *diff_controls;
  JxHeadlineView      *headline_view;
  JxDiffLegend        *diff_legend;
  GtkWidget           *stack;
  GtkWidget           *views;
  GtkWidget           *paned;
  GtkWidget           *overview_column;
  JxDiffTreeView      *tree_view;
  JxFlameView         *flame_view;
  JxTrendPanel        *trend_panel;
  JxComparisonCharts  *charts;
  JxFunctionDiffTable *function_table;
  JxSimilarityList    *similarity_list;
  GtkWidget           *tables;
  GtkWidget           *pair_button;
  GtkWidget           *pair_popover_box;
};

G_DEFINE_FINAL_TYPE (JxComparisonPane, jx_comparison_pane, GTK_TYPE_WIDGET)

static gboolean
is_candidate (gpointer item,
              gpointer user_data)
{
  return !jx_session_trace_get_reference (item) &&
         jx_session_trace_get_state (item) == JX_SESSION_TRACE_LOADED;
}

static void
update (JxComparisonPane *self)
{
  JxSessionTrace *compared = self->session != NULL ? jx_session_get_compared (self->session) : NULL;
  JxSessionTrace *reference = self->session != NULL ? jx_session_get_reference (self->session) : NULL;
  guint n;

  gtk_filter_changed (gtk_filter_list_model_get_filter (self->candidates), GTK_FILTER_CHANGE_DIFFERENT);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->candidates));
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), compared != NULL ? "content" : "empty");
  /* With one trace to compare its name; with several, the choice. */
  gtk_widget_set_visible (self->compared_dropdown, n > 1);
  gtk_widget_set_visible (self->compared_label, n <= 1);
  gtk_widget_set_visible (self->pair_box, compared != NULL && reference != NULL);
  if (compared != NULL && reference != NULL)
    {
      /* TRANSLATORS: a trace's name quoted */
      g_autofree char *a = g_strdup_printf (_("“%s”"), jx_session_trace_get_name (reference));
      g_autofree char *b = g_strdup_printf (_("“%s”"), jx_session_trace_get_name (compared));

      gtk_label_set_text (GTK_LABEL (self->subtitle), a);
      gtk_widget_set_tooltip_text (self->subtitle, jx_session_trace_get_name (reference));
      gtk_label_set_text (GTK_LABEL (self->compared_label), b);
      gtk_widget_set_tooltip_text (self->compared_label, jx_session_trace_get_name (compared));
    }
  else
    {
      gtk_label_set_text (GTK_LABEL (self->subtitle), "");
      gtk_label_set_text (GTK_LABEL (self->compared_label), "");
    }

  self->syncing = TRUE;
  {
    g_autoptr(GPtrArray) names = g_ptr_array_new_null_terminated (n, NULL, TRUE);
    guint selected = GTK_INVALID_LIST_POSITION;

    for (guint i = 0; i < n; i++)
      {
        g_autoptr(JxSessionTrace) item = g_list_model_get_item (G_LIST_MODEL (self->candidates), i);

        g_ptr_array_add (names, (gpointer) jx_session_trace_get_name (item));
        if (item == compared)
          selected = i;
      }
    gtk_string_list_splice (self->names, 0, g_list_model_get_n_items (G_LIST_MODEL (self->names)),
                            (const char * const *) names->pdata);
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->compared_dropdown), selected);
  }
  self->syncing = FALSE;
}

/* The charts take a little more than half until the user moves the divider. */
static void
on_max_position (GtkPaned         *paned,
                 GParamSpec       *pspec,
                 JxComparisonPane *self)
{
  int max = 0;
  gboolean set = FALSE;

  g_object_get (paned, "max-position", &max, "position-set", &set, NULL);
  if (!set && max > 200)
    {
      gtk_paned_set_position (paned, max * 11 / 20);
      g_signal_handlers_disconnect_by_func (paned, on_max_position, self);
    }
}

static void
move_after (GtkWidget *widget,
            GtkWidget *box,
            GtkWidget *sibling)
{
  GtkWidget *parent = gtk_widget_get_parent (widget);

  if (parent == box && gtk_widget_get_prev_sibling (widget) == sibling)
    return;
  g_object_ref (widget);
  if (parent != NULL)
    gtk_box_remove (GTK_BOX (parent), widget);
  gtk_box_insert_child_after (GTK_BOX (box), widget, sibling);
  g_object_unref (widget);
}

/* Where the pair, the headline and the legend stand depends on the view.
 * In the overview they stand above the charts, beside the tables: the
 * function differences then get the whole height of the pane (under the
 * headline they kept no row at all in a window of 1280 × 800). The call
 * tree and the flame graph need the height most: the headline keeps its
 * first line, in front of the page's own line of filter or toggles, and
 * the pair and the legend wait in a popover at its end (across the top
 * they left the tree two rows at 1280 × 800). The Trends page is about all
 * traces, not the pair: its headline, legend and controls step aside. */
static void
place_pair_summary (JxComparisonPane *self,
                    const char       *view)
{
  gboolean overview = view == NULL || g_strcmp0 (view, "overview") == 0;
  gboolean tree = g_strcmp0 (view, "tree") == 0;
  gboolean flame = g_strcmp0 (view, "flame") == 0;
  GtkWidget *top = gtk_widget_get_parent (self->header);

  if (tree || flame)
    {
      GtkWidget *line = GTK_WIDGET (tree ? jx_diff_tree_view_get_header (self->tree_view)
                                         : jx_flame_view_get_header (self->flame_view));
      GtkWidget *last = gtk_widget_get_last_child (line);

      move_after (GTK_WIDGET (self->headline_view), line, NULL);
      if (last != self->pair_button)
        move_after (self->pair_button, line, last);
      move_after (self->pair_box, self->pair_popover_box, NULL);
      move_after (GTK_WIDGET (self->diff_legend), self->pair_popover_box, self->pair_box);
    }
  else
    {
      GtkWidget *box = overview ? self->overview_column : top;
      GtkWidget *first = overview ? NULL : self->header;

      move_after (self->pair_box, box, first);
      move_after (GTK_WIDGET (self->headline_view), box, self->pair_box);
      move_after (GTK_WIDGET (self->diff_legend), box, GTK_WIDGET (self->headline_view));
      if (gtk_widget_get_parent (self->pair_button) != top)
        move_after (self->pair_button, top, gtk_widget_get_last_child (top));
    }
  gtk_widget_set_visible (self->pair_button, tree || flame);
  gtk_widget_set_hexpand (GTK_WIDGET (self->headline_view), tree || flame);
  gtk_widget_set_valign (GTK_WIDGET (self->headline_view), tree || flame ? GTK_ALIGN_CENTER : GTK_ALIGN_FILL);
  gtk_widget_set_margin_start (GTK_WIDGET (self->headline_view), tree || flame ? 0 : 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->headline_view), tree || flame ? 0 : 4);
}

static void
on_view (JxComparisonPane *self)
{
  const char *view = gtk_stack_get_visible_child_name (GTK_STACK (self->views));
  gboolean trends = g_strcmp0 (view, "trends") == 0;

  place_pair_summary (self, view);
  jx_headline_view_set_compact (self->headline_view, g_strcmp0 (view, "tree") == 0 || g_strcmp0 (view, "flame") == 0);
  gtk_widget_set_visible (GTK_WIDGET (self->headline_view), !trends);
  gtk_widget_set_visible (GTK_WIDGET (self->diff_legend), !trends);
  gtk_widget_set_visible (GTK_WIDGET (self->diff_controls), !trends);
}

static void
on_dropdown_selected (JxComparisonPane *self)
{
  g_autoptr(JxSessionTrace) item = NULL;
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->compared_dropdown));

  if (self->syncing || self->session == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  item = g_list_model_get_item (G_LIST_MODEL (self->candidates), selected);
  if (item != NULL)
    jx_session_set_compared (self->session, item);
}

void
jx_comparison_pane_set_session (JxComparisonPane *self,
                                JxSession        *session)
{
  g_return_if_fail (JX_IS_COMPARISON_PANE (self));

  if (!g_set_object (&self->session, session))
    return;
  gtk_filter_list_model_set_model (self->candidates, G_LIST_MODEL (session));
  g_signal_group_set_target (self->session_signals, session);
  jx_comparison_charts_set_session (self->charts, session);
  jx_diff_legend_set_session (self->diff_legend, session);
  jx_diff_controls_set_session (self->diff_controls, session);
  jx_headline_view_set_session (self->headline_view, session);
  jx_diff_tree_view_set_session (self->tree_view, session);
  jx_flame_view_set_session (self->flame_view, session);
  jx_trend_panel_set_session (self->trend_panel, session);
  jx_function_diff_table_set_session (self->function_table, session);
  jx_similarity_list_set_session (self->similarity_list, session);
  update (self);
}

JxComparisonCharts *
jx_comparison_pane_get_charts (JxComparisonPane *self)
{
  g_return_val_if_fail (JX_IS_COMPARISON_PANE (self), NULL);
  return self->charts;
}

JxFunctionDiffTable *
jx_comparison_pane_get_function_table (JxComparisonPane *self)
{
  g_return_val_if_fail (JX_IS_COMPARISON_PANE (self), NULL);
  return self->function_table;
}

JxHeadlineView *
jx_comparison_pane_get_headline (JxComparisonPane *self)
{
  g_return_val_if_fail (JX_IS_COMPARISON_PANE (self), NULL);
  return self->headline_view;
}

JxSimilarityList *
jx_comparison_pane_get_similarity (JxComparisonPane *self)
{
  g_return_val_if_fail (JX_IS_COMPARISON_PANE (self), NULL);
  return self->similarity_list;
}

void
jx_comparison_pane_show_page (JxComparisonPane *self,
                              const char       *name)
{
  g_return_if_fail (JX_IS_COMPARISON_PANE (self));

  /* The views of the whole pane, or the tables of the overview. */
  if (g_strcmp0 (name, "overview") == 0 || g_strcmp0 (name, "tree") == 0 || g_strcmp0 (name, "flame") == 0
      || g_strcmp0 (name, "trends") == 0)
    {
      gtk_stack_set_visible_child_name (GTK_STACK (self->views), name);
      return;
    }
  gtk_stack_set_visible_child_name (GTK_STACK (self->views), "overview");
  gtk_stack_set_visible_child_name (GTK_STACK (self->tables), name);
}

const char *
jx_comparison_pane_get_page (JxComparisonPane *self)
{
  const char *view;

  g_return_val_if_fail (JX_IS_COMPARISON_PANE (self), NULL);

  view = gtk_stack_get_visible_child_name (GTK_STACK (self->views));
  if (g_strcmp0 (view, "overview") != 0)
    return view;
  return gtk_stack_get_visible_child_name (GTK_STACK (self->tables));
}

JxTrendPanel *
jx_comparison_pane_get_trend_panel (JxComparisonPane *self)
{
  g_return_val_if_fail (JX_IS_COMPARISON_PANE (self), NULL);
  return self->trend_panel;
}

JxDiffTreeView *
jx_comparison_pane_get_tree_view (JxComparisonPane *self)
{
  g_return_val_if_fail (JX_IS_COMPARISON_PANE (self), NULL);
  return self->tree_view;
}

JxFlameView *
jx_comparison_pane_get_flame_view (JxComparisonPane *self)
{
  g_return_val_if_fail (JX_IS_COMPARISON_PANE (self), NULL);
  return self->flame_view;
}

static void
jx_comparison_pane_dispose (GObject *object)
{
  JxComparisonPane *self = JX_COMPARISON_PANE (object);

  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->session_signals);
  gtk_widget_dispose_template (GTK_WIDGET (self), JX_TYPE_COMPARISON_PANE);
  g_clear_object (&self->candidates);
  g_clear_object (&self->names);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (jx_comparison_pane_parent_class)->dispose (object);
}

static void
jx_comparison_pane_class_init (JxComparisonPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_comparison_pane_dispose;

  g_type_ensure (JX_TYPE_COMPARISON_CHARTS);
  g_type_ensure (JX_TYPE_DIFF_CONTROLS);
  g_type_ensure (JX_TYPE_DIFF_LEGEND);
  g_type_ensure (JX_TYPE_DIFF_TREE_VIEW);
  g_type_ensure (JX_TYPE_FLAME_VIEW);
  g_type_ensure (JX_TYPE_HEADLINE_VIEW);
  g_type_ensure (JX_TYPE_FUNCTION_DIFF_TABLE);
  g_type_ensure (JX_TYPE_SIMILARITY_LIST);
  g_type_ensure (JX_TYPE_TREND_PANEL);
  g_type_ensure (JX_TYPE_WRAP_BOX);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-comparison-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, box);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, header);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, title);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, pair_box);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, subtitle);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, compared_caption);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, compared_label);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, compared_dropdown);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, diff_controls);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, headline_view);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, diff_legend);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, stack);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, views);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, paned);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, overview_column);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, tree_view);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, flame_view);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, trend_panel);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, charts);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, function_table);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, similarity_list);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, tables);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, pair_button);
  gtk_widget_class_bind_template_child (widget_class, JxComparisonPane, pair_popover_box);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "jxcomparisonpane");
}

/* The drop-down's labels: in its button a very long trace name is elided
 * (it has the pair's line to itself, so ordinary names show whole); the
 * list shows the names whole. */
static void
setup_name (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            gpointer                  elide)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  if (GPOINTER_TO_INT (elide))
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
      gtk_label_set_width_chars (GTK_LABEL (label), 6);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
    }
  gtk_list_item_set_child (list_item, label);
}

static void
bind_name (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           gpointer                  elide)
{
  GtkStringObject *name = gtk_list_item_get_item (list_item);
  GtkWidget *label = gtk_list_item_get_child (list_item);

  gtk_label_set_label (GTK_LABEL (label), gtk_string_object_get_string (name));
  gtk_widget_set_tooltip_text (label, GPOINTER_TO_INT (elide) ? gtk_string_object_get_string (name) : NULL);
}

static GtkListItemFactory *
name_factory (gboolean elide)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_name), GINT_TO_POINTER (elide));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_name), GINT_TO_POINTER (elide));
  return factory;
}

static void
jx_comparison_pane_init (JxComparisonPane *self)
{

  g_autoptr(GtkListItemFactory) button_factory = name_factory (TRUE);
  g_autoptr(GtkListItemFactory) list_factory = name_factory (FALSE);

  gtk_widget_init_template (GTK_WIDGET (self));

  self->candidates = gtk_filter_list_model_new (NULL, GTK_FILTER (gtk_custom_filter_new (is_candidate, NULL, NULL)));
  self->names = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->compared_dropdown), G_LIST_MODEL (self->names));
  gtk_drop_down_set_factory (GTK_DROP_DOWN (self->compared_dropdown), button_factory);
  gtk_drop_down_set_list_factory (GTK_DROP_DOWN (self->compared_dropdown), list_factory);
  g_signal_connect_swapped (self->compared_dropdown, "notify::selected", G_CALLBACK (on_dropdown_selected), self);
  g_signal_connect (self->paned, "notify::max-position", G_CALLBACK (on_max_position), self);
  g_signal_connect_swapped (self->views, "notify::visible-child-name", G_CALLBACK (on_view), self);
  on_view (self);

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::compared-trace", G_CALLBACK (update), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::reference", G_CALLBACK (update), self);
  g_signal_group_connect_swapped (self->session_signals, "items-changed", G_CALLBACK (update), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::state", G_CALLBACK (update), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::name", G_CALLBACK (update), self);
}
