/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-tree-view.c — see jx-diff-tree-view.h. */
#include "config.h"

#include <inttypes.h>

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-diff-tree-view.h"
#include "jx-palette.h"

#define SWATCH 10

/* The tree the rows point into: the store frees it when the comparison
 * starts again, so the view lets go of it (tree = NULL) before that. */
typedef struct
{
  const JxDiffTree *tree;
} TreeRef;

static TreeRef *
tree_ref_new (const JxDiffTree *tree)
{
  TreeRef *ref = g_rc_box_new0 (TreeRef);

  ref->tree = tree;
  return ref;
}

/* One row: a node of the tree ------------------------------------------------ */

#define JX_TYPE_DIFF_TREE_NODE (jx_diff_tree_node_get_type ())
G_DECLARE_FINAL_TYPE (JxDiffTreeNode, jx_diff_tree_node, JX, DIFF_TREE_NODE, GObject)

struct _JxDiffTreeNode
{
  GObject  parent_instance;
  TreeRef *ref;
  guint32  node;
};

enum {
  NODE_PROP_0,
  NODE_PROP_LABEL,
  NODE_PROP_DELTA,
  NODE_PROP_DELTA_SIZE,
  NODE_PROP_RATIO,
  NODE_PROP_INCL_A,
  NODE_PROP_INCL_B,
  NODE_PROP_EXCL_A,
  NODE_PROP_EXCL_B,
  NODE_PROP_CALLS_A,
  NODE_PROP_CALLS_B,
  NODE_PROP_STATE,
  NODE_N_PROPS
};

static GParamSpec *node_properties[NODE_N_PROPS];

G_DEFINE_FINAL_TYPE (JxDiffTreeNode, jx_diff_tree_node, G_TYPE_OBJECT)

/* The ratio as a sortable number: gone 0, new above everything, nothing to
 * compare 1. */
static double
sortable_ratio (const JxDiffTree *t,
                guint32           node)
{
  double r = jx_diff_tree_ratio (t, node, FALSE, FALSE);

  if (isnan (r))
    return 1.0;
  return isinf (r) ? G_MAXDOUBLE : r;
}

static void
jx_diff_tree_node_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  JxDiffTreeNode *self = JX_DIFF_TREE_NODE (object);
  const JxDiffTree *t = self->ref->tree;
  guint32 n = self->node;

  if (t == NULL)
    {
      /* The tree went: rows about to go sort as nothing. */
      if (G_VALUE_HOLDS_STRING (value))
        g_value_set_string (value, "");
      return;
    }
  switch (prop_id)
    {
    case NODE_PROP_LABEL:
      g_value_take_string (value, jx_diff_tree_dup_label (t, n));
      break;
    case NODE_PROP_DELTA:
      g_value_set_double (value, jx_diff_tree_delta (t, n, FALSE));
      break;
    case NODE_PROP_DELTA_SIZE:
      g_value_set_double (value, fabs (jx_diff_tree_delta (t, n, FALSE)));
      break;
    case NODE_PROP_RATIO:
      g_value_set_double (value, sortable_ratio (t, n));
      break;
    case NODE_PROP_INCL_A:
      g_value_set_double (value, jx_diff_tree_seconds (t, n, FALSE, FALSE));
      break;
    case NODE_PROP_INCL_B:
      g_value_set_double (value, jx_diff_tree_seconds (t, n, FALSE, TRUE));
      break;
    case NODE_PROP_EXCL_A:
      g_value_set_double (value, jx_diff_tree_seconds (t, n, TRUE, FALSE));
      break;
    case NODE_PROP_EXCL_B:
      g_value_set_double (value, jx_diff_tree_seconds (t, n, TRUE, TRUE));
      break;
    case NODE_PROP_CALLS_A:
      g_value_set_uint64 (value, t->calls_a[n]);
      break;
    case NODE_PROP_CALLS_B:
      g_value_set_uint64 (value, t->calls_b[n]);
      break;
    case NODE_PROP_STATE:
      g_value_set_string (value, jx_diff_tree_state_to_string (jx_diff_tree_get_state (t, n)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_diff_tree_node_finalize (GObject *object)
{
  g_rc_box_release (JX_DIFF_TREE_NODE (object)->ref);
  G_OBJECT_CLASS (jx_diff_tree_node_parent_class)->finalize (object);
}

static void
jx_diff_tree_node_class_init (JxDiffTreeNodeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = jx_diff_tree_node_get_property;
  object_class->finalize = jx_diff_tree_node_finalize;
  node_properties[NODE_PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL, ro);
  node_properties[NODE_PROP_DELTA] = g_param_spec_double ("delta", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, ro);
  node_properties[NODE_PROP_DELTA_SIZE] = g_param_spec_double ("delta-size", NULL, NULL, 0, G_MAXDOUBLE, 0, ro);
  node_properties[NODE_PROP_RATIO] = g_param_spec_double ("ratio", NULL, NULL, 0, G_MAXDOUBLE, 1, ro);
  node_properties[NODE_PROP_INCL_A] = g_param_spec_double ("incl-a", NULL, NULL, 0, G_MAXDOUBLE, 0, ro);
  node_properties[NODE_PROP_INCL_B] = g_param_spec_double ("incl-b", NULL, NULL, 0, G_MAXDOUBLE, 0, ro);
  node_properties[NODE_PROP_EXCL_A] = g_param_spec_double ("excl-a", NULL, NULL, 0, G_MAXDOUBLE, 0, ro);
  node_properties[NODE_PROP_EXCL_B] = g_param_spec_double ("excl-b", NULL, NULL, 0, G_MAXDOUBLE, 0, ro);
  node_properties[NODE_PROP_CALLS_A] = g_param_spec_uint64 ("calls-a", NULL, NULL, 0, G_MAXUINT64, 0, ro);
  node_properties[NODE_PROP_CALLS_B] = g_param_spec_uint64 ("calls-b", NULL, NULL, 0, G_MAXUINT64, 0, ro);
  node_properties[NODE_PROP_STATE] = g_param_spec_string ("state", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, NODE_N_PROPS, node_properties);
}

static void
jx_diff_tree_node_init (JxDiffTreeNode *self)
{
}

static JxDiffTreeNode *
node_new (TreeRef *ref,
          guint32  node)
{
  JxDiffTreeNode *self = g_object_new (JX_TYPE_DIFF_TREE_NODE, NULL);

  self->ref = g_rc_box_acquire (ref);
  self->node = node;
  return self;
}

/* The view ------------------------------------------------------------------- */

struct _JxDiffTreeView
{
  GtkWidget           parent_instance;

  JxSession          *session;
  GSignalGroup       *session_signals;
  GSignalGroup       *store_signals;
  JxSessionTrace     *shown;       /* whose tree (not owned) */
  TreeRef            *ref;
  guint8             *match;       /* per node: it or a callee matches the filter; NULL = no filter */
  GtkCustomFilter    *filter;
  GtkTreeListModel   *tree_model;
  GtkSortListModel   *sorted;

  GtkWidget          *box;
  GtkWidget          *filter_entry;
  GtkWidget          *status;
  GtkWidget          *column_view;
  GtkWidget          *header;
};

G_DEFINE_FINAL_TYPE (JxDiffTreeView, jx_diff_tree_view, GTK_TYPE_WIDGET)

typedef enum
{
  COLUMN_LABEL,
  COLUMN_DELTA,
  COLUMN_RATIO,
  COLUMN_INCL_A,
  COLUMN_INCL_B,
  COLUMN_EXCL_A,
  COLUMN_EXCL_B,
  COLUMN_CALLS_A,
  COLUMN_CALLS_B,
  COLUMN_STATE,
  N_COLUMNS
} Column;

static const struct
{
  const char *title;
  const char *property;   /* what the column sorts by */
  const char *tooltip;
  int         width;
} columns[N_COLUMNS] = {
  { N_("Call path"), "label", N_("The function, under its caller; “f → g” where A’s call of f is aligned with B’s call of g"), 220 },
  { N_("Δ incl."), "delta-size", N_("Inclusive time of B − of A, every call of the path: + slower in B. Sorted by size."), 84 },
  { N_("B/A"), "ratio", N_("Inclusive time of B / of A: “new” only in B, “gone” only in A"), 60 },
  { N_("Incl. A"), "incl-a", N_("Inclusive time of the path’s calls in A"), 76 },
  { N_("Incl. B"), "incl-b", N_("Inclusive time of the path’s calls in B"), 76 },
  { N_("Excl. A"), "excl-a", N_("Exclusive (self) time of the path’s calls in A"), 76 },
  { N_("Excl. B"), "excl-b", N_("Exclusive (self) time of the path’s calls in B"), 76 },
  { N_("Calls A"), "calls-a", N_("Calls of the path in A"), 64 },
  { N_("Calls B"), "calls-b", N_("Calls of the path in B"), 64 },
  { N_("State"), "state", N_("both: every call matched; only A / only B; mixed (a|b): a calls only in A and b only in B besides the matched ones; different: A’s function aligned with another in B"), 90 },
};

static char *
time_text (double   seconds,
           gboolean signed_plus)
{
  gint64 ns = jx_time_seconds_to_ns (seconds);
  g_autofree char *amount = jx_time_format (ns, 3);

  return signed_plus && ns > 0 ? g_strdup_printf ("+%s", amount) : g_steal_pointer (&amount);
}

static char *
cell_text (const JxDiffTree *t,
           guint32           n,
           Column            column)
{
  switch (column)
    {
    case COLUMN_LABEL:
      return n == JX_DIFF_TREE_ROOT ? g_strdup (_("All compared calls")) : jx_diff_tree_dup_label (t, n);
    case COLUMN_DELTA:
      return time_text (jx_diff_tree_delta (t, n, FALSE), TRUE);
    case COLUMN_RATIO:
      {
        double r = jx_diff_tree_ratio (t, n, FALSE, FALSE);

        if (isnan (r))
          return g_strdup ("–");
        if (isinf (r))
          return g_strdup (_("new"));
        if (r == 0.0)
          return g_strdup (_("gone"));
        return g_strdup_printf ("×%.2f", r);
      }
    case COLUMN_INCL_A:
      return time_text (jx_diff_tree_seconds (t, n, FALSE, FALSE), FALSE);
    case COLUMN_INCL_B:
      return time_text (jx_diff_tree_seconds (t, n, FALSE, TRUE), FALSE);
    case COLUMN_EXCL_A:
      return time_text (jx_diff_tree_seconds (t, n, TRUE, FALSE), FALSE);
    case COLUMN_EXCL_B:
      return time_text (jx_diff_tree_seconds (t, n, TRUE, TRUE), FALSE);
    case COLUMN_CALLS_A:
      return g_strdup_printf ("%" G_GUINT64_FORMAT, t->calls_a[n]);
    case COLUMN_CALLS_B:
      return g_strdup_printf ("%" G_GUINT64_FORMAT, t->calls_b[n]);
    case COLUMN_STATE:
    case N_COLUMNS:
    default:
      {
        JxDiffTreeState state = jx_diff_tree_get_state (t, n);

        if (n == JX_DIFF_TREE_ROOT)
          return g_strdup ("");
        if (state == JX_DIFF_TREE_MIXED)
          return g_strdup_printf (_("mixed (%" PRIu64 "|%" PRIu64 ")"),
                                  t->only_calls_a[n], t->only_calls_b[n]);
        switch (state)
          {
          case JX_DIFF_TREE_ONLY_A:
            return g_strdup (_("only A"));
          case JX_DIFF_TREE_ONLY_B:
            return g_strdup (_("only B"));
          case JX_DIFF_TREE_DIFFERENT:
            return g_strdup (_("different"));
          case JX_DIFF_TREE_BOTH:
          case JX_DIFF_TREE_MIXED:
          case JX_DIFF_TREE_N_STATES:
          default:
            return g_strdup (_("both"));
          }
      }
    }
}

/* Children of a row, filtered by the shared filter. */
static GListModel *
create_children (gpointer item,
                 gpointer user_data)
{
  JxDiffTreeView *self = user_data;
  JxDiffTreeNode *parent = item;
  const JxDiffTree *t = parent->ref->tree;
  GListStore *store;

  if (t == NULL || t->first_child[parent->node] == JX_NONE)
    return NULL;
  store = g_list_store_new (JX_TYPE_DIFF_TREE_NODE);
  for (guint32 c = t->first_child[parent->node]; c != JX_NONE; c = t->next_sibling[c])
    {
      g_autoptr(JxDiffTreeNode) child = node_new (parent->ref, c);

      g_list_store_append (store, child);
    }
  return G_LIST_MODEL (gtk_filter_list_model_new (G_LIST_MODEL (store), GTK_FILTER (g_object_ref (self->filter))));
}

static gboolean
filter_func (gpointer item,
             gpointer user_data)
{
  JxDiffTreeView *self = user_data;
  JxDiffTreeNode *node = item;

  return self->match == NULL || node->ref->tree == NULL || self->match[node->node];
}

/* Which nodes show under a filter: those whose label contains it and their
 * callers. */
static void
compute_match (JxDiffTreeView *self,
               const char     *text)
{
  const JxDiffTree *t = self->ref != NULL ? self->ref->tree : NULL;
  g_autofree char *needle = NULL;

  g_clear_pointer (&self->match, g_free);
  if (t == NULL || text == NULL || *text == '\0')
    return;
  needle = g_utf8_casefold (text, -1);
  self->match = g_new0 (guint8, t->n_nodes);
  /* Children come after their parents: mark from the end upwards. */
  for (guint32 n = t->n_nodes; n-- > 1;)
    {
      g_autofree char *label = jx_diff_tree_dup_label (t, n);
      g_autofree char *folded = g_utf8_casefold (label, -1);

      if (strstr (folded, needle) != NULL)
        self->match[n] = 1;
      if (self->match[n] && t->parent[n] != JX_NONE)
        self->match[t->parent[n]] = 1;
    }
  self->match[JX_DIFF_TREE_ROOT] = 1;
}

static void
expand_root (JxDiffTreeView *self)
{
  g_autoptr(GtkTreeListRow) row = gtk_tree_list_model_get_row (self->tree_model, 0);

  if (row != NULL)
    gtk_tree_list_row_set_expanded (row, TRUE);
}

/* The compared trace's tree, asked for when shown. */
static void
refresh (JxDiffTreeView *self)
{
  JxSessionTrace *compared = self->session != NULL ? jx_session_get_compared (self->session) : NULL;
  JxDiffTreeStore *store = self->session != NULL ? jx_session_get_diff_trees (self->session) : NULL;
  const JxDiffTree *tree = NULL;
  g_autoptr(GListStore) roots = g_list_store_new (JX_TYPE_DIFF_TREE_NODE);
  g_autofree char *text = NULL;

  if (compared != NULL && gtk_widget_get_mapped (GTK_WIDGET (self)))
    tree = jx_diff_tree_store_get (store, compared);
  if (self->ref != NULL && self->ref->tree == tree && self->shown == compared && tree != NULL)
    return;

  /* Rows of the old tree point nowhere from now on. */
  if (self->ref != NULL)
    {
      self->ref->tree = NULL;
      g_rc_box_release (self->ref);
    }
  self->ref = tree_ref_new (tree);
  self->shown = compared;
  compute_match (self, gtk_editable_get_text (GTK_EDITABLE (self->filter_entry)));
  if (tree != NULL)
    {
      g_autoptr(JxDiffTreeNode) root = node_new (self->ref, JX_DIFF_TREE_ROOT);

      g_list_store_append (roots, root);
    }
  {
    GtkTreeListModel *model = gtk_tree_list_model_new (G_LIST_MODEL (g_steal_pointer (&roots)), FALSE,
                                                       self->match != NULL, create_children, self, NULL);

    gtk_sort_list_model_set_model (self->sorted, G_LIST_MODEL (model));
    g_clear_object (&self->tree_model);
    self->tree_model = model;
  }
  expand_root (self);

  if (tree != NULL)
    {
      JxSessionTrace *reference = jx_session_get_reference (self->session);

      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "A “%s”, B “%s”: %u call paths merged along the alignment of %u stream pair; Δ = B − A, + slower in B",
                                           "A “%s”, B “%s”: %u call paths merged along the alignment of %u stream pairs; Δ = B − A, + slower in B",
                                           tree->n_stream_pairs),
                              reference != NULL ? jx_session_trace_get_name (reference) : "",
                              jx_session_trace_get_name (compared), tree->n_nodes - 1, tree->n_stream_pairs);
    }
  else
    text = jx_diff_tree_store_dup_status (store, compared);
  gtk_label_set_text (GTK_LABEL (self->status), text);
  gtk_widget_set_tooltip_text (self->status, text);
}

static void
on_store_changed (JxDiffTreeView  *self,
                  JxSessionTrace  *item)
{
  if (item == jx_session_get_compared (self->session) || item == self->shown)
    refresh (self);
}

static void
on_filter_changed (GtkSearchEntry *entry,
                   JxDiffTreeView *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  compute_match (self, text);
  gtk_tree_list_model_set_autoexpand (self->tree_model, self->match != NULL);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  /* Rows shown before keep their state; expand them all while filtering. */
  if (self->match != NULL)
    for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->tree_model)); i++)
      {
        g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->tree_model), i);

        gtk_tree_list_row_set_expanded (row, TRUE);
      }
}

/* Cells ----------------------------------------------------------------------- */

/* The function's colour, as the timelines draw it (B's function). */
static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  JxDiffTreeView *self = user_data;
  const char *name = g_object_get_data (G_OBJECT (area), "function");
  JxRgba rgba;

  if (name == NULL || self->shown == NULL)
    return;
  jx_palette_name_color (jx_session_trace_get_trace (self->shown), name,
                         self->session != NULL && jx_session_get_dark (self->session), &rgba);
  jx_palette_cairo_set_source (cr, &rgba);
  cairo_rectangle (cr, 0, (height - SWATCH) / 2.0, SWATCH, SWATCH);
  cairo_fill (cr);
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  data)
{
  Column column = GPOINTER_TO_UINT (data);
  GtkWidget *label = gtk_label_new (NULL);

  if (column == COLUMN_LABEL)
    {
      GtkWidget *expander = gtk_tree_expander_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *swatch = gtk_drawing_area_new ();

      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), SWATCH);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), SWATCH);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch,
                                      g_object_get_data (G_OBJECT (factory), "view"), NULL);
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
      gtk_box_append (GTK_BOX (box), swatch);
      gtk_box_append (GTK_BOX (box), label);
      gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), box);
      gtk_list_item_set_child (item, expander);
      return;
    }
  gtk_label_set_xalign (GTK_LABEL (label), column == COLUMN_STATE ? 0.0f : 1.0f);
  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_set_tooltip_text (label, _(columns[column].tooltip));
  gtk_list_item_set_child (item, label);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  data)
{
  Column column = GPOINTER_TO_UINT (data);
  GtkTreeListRow *row = gtk_list_item_get_item (item);
  JxDiffTreeNode *node = gtk_tree_list_row_get_item (row);
  GtkWidget *child = gtk_list_item_get_child (item);
  g_autofree char *text = NULL;

  if (node->ref->tree != NULL)
    text = cell_text (node->ref->tree, node->node, column);
  if (column == COLUMN_LABEL)
    {
      GtkWidget *swatch;
      const JxDiffTree *t = node->ref->tree;

      gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (child), row);
      child = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (child));
      swatch = gtk_widget_get_first_child (child);
      g_object_set_data_full (G_OBJECT (swatch), "function",
                              t != NULL && node->node != JX_DIFF_TREE_ROOT ? g_strdup (t->names[t->symbol_b[node->node]]) : NULL,
                              g_free);
      gtk_widget_queue_draw (swatch);
      child = gtk_widget_get_last_child (child);
      gtk_widget_set_tooltip_text (child, text);
    }
  gtk_label_set_text (GTK_LABEL (child), text != NULL ? text : "");
  g_object_unref (node);
}

static void
unbind_cell (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  data)
{
  if (GPOINTER_TO_UINT (data) == COLUMN_LABEL)
    gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (gtk_list_item_get_child (item)), NULL);
}

static void
add_columns (JxDiffTreeView *self)
{
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *column;
      GtkExpression *expression = gtk_property_expression_new (JX_TYPE_DIFF_TREE_NODE, NULL, columns[c].property);
      GtkSorter *sorter;

      g_object_set_data (G_OBJECT (factory), "view", self);
      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), GUINT_TO_POINTER (c));
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), GUINT_TO_POINTER (c));
      g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell), GUINT_TO_POINTER (c));
      column = gtk_column_view_column_new (_(columns[c].title), factory);
      if (c == COLUMN_LABEL || c == COLUMN_STATE)
        sorter = GTK_SORTER (gtk_string_sorter_new (expression));
      else
        /* Ascending in the sorter's own order, as GtkColumnView expects:
         * its header arrow then says which way the rows run (down for
         * largest first), as in the Function Differences table. */
        sorter = GTK_SORTER (gtk_numeric_sorter_new (expression));
      if (c == COLUMN_LABEL)
        gtk_column_view_column_set_expand (column, TRUE);
      gtk_column_view_column_set_fixed_width (column, columns[c].width);
      gtk_column_view_column_set_sorter (column, sorter);
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_append_column (GTK_COLUMN_VIEW (self->column_view), column);
      g_object_unref (sorter);
      g_object_unref (column);
    }
}

static void
on_activate (GtkColumnView  *view,
             guint           position,
             JxDiffTreeView *self)
{
  jx_diff_tree_view_activate (self, position);
}

/* API ------------------------------------------------------------------------ */

GtkWidget *
jx_diff_tree_view_new (void)
{
  return g_object_new (JX_TYPE_DIFF_TREE_VIEW, NULL);
}

void
jx_diff_tree_view_set_session (JxDiffTreeView *self,
                               JxSession      *session)
{
  g_return_if_fail (JX_IS_DIFF_TREE_VIEW (self));
  g_return_if_fail (session == NULL || JX_IS_SESSION (session));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  g_signal_group_set_target (self->store_signals, session != NULL ? jx_session_get_diff_trees (session) : NULL);
  refresh (self);
}

const JxDiffTree *
jx_diff_tree_view_get_tree (JxDiffTreeView *self)
{
  g_return_val_if_fail (JX_IS_DIFF_TREE_VIEW (self), NULL);
  return self->ref != NULL ? self->ref->tree : NULL;
}

GListModel *
jx_diff_tree_view_get_rows (JxDiffTreeView *self)
{
  g_return_val_if_fail (JX_IS_DIFF_TREE_VIEW (self), NULL);
  return G_LIST_MODEL (self->sorted);
}

guint32
jx_diff_tree_view_get_node (JxDiffTreeView *self,
                            guint           position)
{
  g_autoptr(GtkTreeListRow) row = NULL;
  g_autoptr(JxDiffTreeNode) node = NULL;

  g_return_val_if_fail (JX_IS_DIFF_TREE_VIEW (self), JX_NONE);

  row = g_list_model_get_item (G_LIST_MODEL (self->sorted), position);
  if (row == NULL)
    return JX_NONE;
  node = gtk_tree_list_row_get_item (row);
  return node->node;
}

char *
jx_diff_tree_view_dup_cell (JxDiffTreeView *self,
                            guint           position,
                            guint           column)
{
  guint32 node;

  g_return_val_if_fail (JX_IS_DIFF_TREE_VIEW (self), NULL);
  g_return_val_if_fail (column < N_COLUMNS, NULL);

  node = jx_diff_tree_view_get_node (self, position);
  if (node == JX_NONE || self->ref == NULL || self->ref->tree == NULL)
    return NULL;
  return cell_text (self->ref->tree, node, (Column) column);
}

void
jx_diff_tree_view_set_filter (JxDiffTreeView *self,
                              const char     *text)
{
  g_return_if_fail (JX_IS_DIFF_TREE_VIEW (self));

  gtk_editable_set_text (GTK_EDITABLE (self->filter_entry), text != NULL ? text : "");
  /* The entry tells after a delay; callers want the rows now. */
  on_filter_changed (GTK_SEARCH_ENTRY (self->filter_entry), self);
}

void
jx_diff_tree_view_sort_by (JxDiffTreeView *self,
                           const char     *title,
                           gboolean        ascending)
{
  GListModel *list;

  g_return_if_fail (JX_IS_DIFF_TREE_VIEW (self));

  list = gtk_column_view_get_columns (GTK_COLUMN_VIEW (self->column_view));
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (list, i);
      if ((title == NULL && i == COLUMN_DELTA) || g_strcmp0 (gtk_column_view_column_get_title (column), title) == 0)
        {
          /* The default: largest |Δ| first. */
          if (title == NULL)
            ascending = FALSE;
          gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (self->column_view), column,
                                          ascending ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING);
          return;
        }
    }
}

void
jx_diff_tree_view_activate (JxDiffTreeView *self,
                            guint           position)
{
  guint32 node;

  g_return_if_fail (JX_IS_DIFF_TREE_VIEW (self));

  node = jx_diff_tree_view_get_node (self, position);
  if (node == JX_NONE || node == JX_DIFF_TREE_ROOT || self->shown == NULL)
    return;
  jx_session_focus_call_path (self->session, self->shown, node);
}

/* Object --------------------------------------------------------------------- */

static void
jx_diff_tree_view_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (jx_diff_tree_view_parent_class)->map (widget);
  /* Built only once someone looks. */
  refresh (JX_DIFF_TREE_VIEW (widget));
}

static void
jx_diff_tree_view_dispose (GObject *object)
{
  JxDiffTreeView *self = JX_DIFF_TREE_VIEW (object);

  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  if (self->store_signals != NULL)
    g_signal_group_set_target (self->store_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->store_signals);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), JX_TYPE_DIFF_TREE_VIEW);
  g_clear_object (&self->sorted);
  g_clear_object (&self->tree_model);
  g_clear_object (&self->filter);
  if (self->ref != NULL)
    {
      self->ref->tree = NULL;
      g_clear_pointer (&self->ref, g_rc_box_release);
    }
  g_clear_pointer (&self->match, g_free);

  G_OBJECT_CLASS (jx_diff_tree_view_parent_class)->dispose (object);
}

static void
jx_diff_tree_view_class_init (JxDiffTreeViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_diff_tree_view_dispose;
  widget_class->map = jx_diff_tree_view_map;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-diff-tree-view.ui");
  gtk_widget_class_bind_template_child (widget_class, JxDiffTreeView, box);
  gtk_widget_class_bind_template_child (widget_class, JxDiffTreeView, filter_entry);
  gtk_widget_class_bind_template_child (widget_class, JxDiffTreeView, status);
  gtk_widget_class_bind_template_child (widget_class, JxDiffTreeView, column_view);
  gtk_widget_class_bind_template_child (widget_class, JxDiffTreeView, header);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "jxdifftreeview");
}

static void
jx_diff_tree_view_init (JxDiffTreeView *self)
{
  GtkSelectionModel *selection;
  g_autoptr(GListStore) roots = g_list_store_new (JX_TYPE_DIFF_TREE_NODE);
  GtkTreeListRowSorter *row_sorter;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->ref = tree_ref_new (NULL);
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  self->tree_model = gtk_tree_list_model_new (G_LIST_MODEL (g_steal_pointer (&roots)), FALSE, FALSE,
                                              create_children, self, NULL);
  add_columns (self);
  /* Siblings sort among themselves; the tree stays a tree. */
  row_sorter = gtk_tree_list_row_sorter_new (g_object_ref (gtk_column_view_get_sorter (GTK_COLUMN_VIEW (self->column_view))));
  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->tree_model)), GTK_SORTER (row_sorter));
  selection = GTK_SELECTION_MODEL (gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->sorted))));
  gtk_single_selection_set_autoselect (GTK_SINGLE_SELECTION (selection), FALSE);
  gtk_column_view_set_model (GTK_COLUMN_VIEW (self->column_view), selection);
  g_object_unref (selection);
  jx_diff_tree_view_sort_by (self, NULL, FALSE);
  g_signal_connect (self->column_view, "activate", G_CALLBACK (on_activate), self);
  g_signal_connect (self->filter_entry, "search-changed", G_CALLBACK (on_filter_changed), self);

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::compared-trace", G_CALLBACK (refresh), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::reference", G_CALLBACK (refresh), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::comparison-state", G_CALLBACK (refresh), self);
  self->store_signals = g_signal_group_new (JX_TYPE_DIFF_TREE_STORE);
  g_signal_group_connect_swapped (self->store_signals, "changed", G_CALLBACK (on_store_changed), self);
}

GtkBox *
jx_diff_tree_view_get_header (JxDiffTreeView *self)
{
  g_return_val_if_fail (JX_IS_DIFF_TREE_VIEW (self), NULL);
  return GTK_BOX (self->header);
}
