/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-similarity-list.c */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-function-table.h"
#include "jx-similarity-list.h"

#define DEBOUNCE_MS 150

/* One row: a stream pair and its similarity. */
#define JX_TYPE_SIMILARITY_ROW (jx_similarity_row_get_type ())
G_DECLARE_FINAL_TYPE (JxSimilarityRow, jx_similarity_row, JX, SIMILARITY_ROW, GObject)

struct _JxSimilarityRow
{
  GObject  parent_instance;
  guint    pair;          /* index in the comparison */
  char    *label;
  char    *tooltip;
  double   similarity;
};

G_DEFINE_FINAL_TYPE (JxSimilarityRow, jx_similarity_row, G_TYPE_OBJECT)

static void
jx_similarity_row_finalize (GObject *object)
{
  g_free (JX_SIMILARITY_ROW (object)->label);
  g_free (JX_SIMILARITY_ROW (object)->tooltip);
  G_OBJECT_CLASS (jx_similarity_row_parent_class)->finalize (object);
}

static void
jx_similarity_row_class_init (JxSimilarityRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = jx_similarity_row_finalize;
}

static void
jx_similarity_row_init (JxSimilarityRow *self)
{
}

struct _JxSimilarityList
{
  GtkWidget     parent_instance;

  JxSession    *session;
  GSignalGroup *session_signals;
  guint         refresh_source;
  GListStore   *rows;
  GtkWidget    *scroller;
  GtkWidget    *list_view;
};

G_DEFINE_FINAL_TYPE (JxSimilarityList, jx_similarity_list, GTK_TYPE_WIDGET)

static int
compare_rows (gconstpointer a,
              gconstpointer b)
{
  const JxSimilarityRow *x = *(JxSimilarityRow * const *) a;
  const JxSimilarityRow *y = *(JxSimilarityRow * const *) b;

  if (x->similarity != y->similarity)
    return x->similarity < y->similarity ? -1 : 1;
  return x->pair < y->pair ? -1 : (x->pair > y->pair ? 1 : 0);
}

/* "A ⇔ B" (or A alone when both have its name) and how they were paired:
 * by structure, by hand, or by name although by structure another partner fits
 * clearly better; the tooltip says it in full. */
static char *
pair_label (const JxComparisonPair *pair,
            char                  **tooltip)
{
  g_autofree char *names = g_strcmp0 (pair->name_a, pair->name_b) == 0
                           ? g_strdup (pair->name_a)
                           : g_strdup_printf ("%s ⇔ %s", pair->name_a, pair->name_b);

  if (jx_comparison_pair_get_method (pair) == JX_PAIRED_BY_STRUCTURE)
    {
      *tooltip = pair->other_name != NULL
                 ? g_strdup_printf (_("%s\nPaired by structure; by name the partner would be %s"), names,
                                    pair->other_name)
                 : g_strdup_printf (_("%s\nPaired by structure"), names);
      return g_strdup_printf (_("%s · by structure"), names);
    }
  if (pair->stream_method == JX_PAIRED_BY_USER)
    {
      *tooltip = g_strdup_printf (_("%s\nPaired by hand (Compare With… in the row’s menu; Ctrl+Z undoes it)"), names);
      return g_strdup_printf (_("%s · by hand"), names);
    }
  if (pair->crossed && pair->other_name != NULL)
    {
      *tooltip = g_strdup_printf (_("%s\nPaired by name; by structure %s fits clearly better "
                                    "(similarity %.2f; Preferences → Pairing of Streams)"),
                                  names, pair->other_name, pair->other_similarity);
      return g_strdup_printf (_("%s · by name (by structure: %s)"), names, pair->other_name);
    }
  *tooltip = g_strdup_printf (_("%s\nPaired by name"), names);
  return g_steal_pointer (&names);
}

static void
refresh (JxSimilarityList *self)
{
  JxSessionTrace *compared = self->session != NULL ? jx_session_get_compared (self->session) : NULL;
  JxComparison *cmp = compared != NULL ? jx_session_trace_get_comparison (compared) : NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; cmp != NULL && i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *pair = jx_comparison_get_pair (cmp, i);
      JxSimilarityRow *row;

      if (pair->stream_b == JX_NONE || pair->stream_a == JX_NONE ||
          jx_session_trace_get_stream_pair (compared, FALSE, pair->stream_b) != pair)
        continue;
      row = g_object_new (JX_TYPE_SIMILARITY_ROW, NULL);
      row->pair = i;
      row->similarity = pair->similarity;
      row->label = pair_label (pair, &row->tooltip);
      g_ptr_array_add (rows, row);
    }
  g_ptr_array_sort (rows, compare_rows);
  g_list_store_splice (self->rows, 0, g_list_model_get_n_items (G_LIST_MODEL (self->rows)), rows->pdata, rows->len);
}

static gboolean
refresh_idle (gpointer user_data)
{
  JxSimilarityList *self = user_data;

  self->refresh_source = 0;
  refresh (self);
  return G_SOURCE_REMOVE;
}

static void
schedule (JxSimilarityList *self)
{
  if (self->refresh_source == 0)
    self->refresh_source = g_timeout_add (DEBOUNCE_MS, refresh_idle, self);
}

static void
flush (JxSimilarityList *self)
{
  if (self->refresh_source != 0)
    {
      g_clear_handle_id (&self->refresh_source, g_source_remove);
      refresh (self);
    }
}

/* Rows ----------------------------------------------------------------------- */

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *value = gtk_label_new (NULL);
  GtkWidget *bar = gtk_level_bar_new_for_interval (0.0, 1.0);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (value, "numeric");
  gtk_widget_set_size_request (bar, 60, -1);
  gtk_widget_set_valign (bar, GTK_ALIGN_CENTER);
  /* Length carries the value; colours would only repeat it. */
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_LOW);
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_HIGH);
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_FULL);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), bar);
  gtk_box_append (GTK_BOX (box), value);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_list_item_set_child (item, box);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          gpointer                  data)
{
  JxSimilarityRow *row = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  GtkWidget *bar = gtk_widget_get_next_sibling (label);
  GtkWidget *value = gtk_widget_get_next_sibling (bar);
  g_autofree char *text = g_strdup_printf ("%.4f", row->similarity);

  gtk_label_set_text (GTK_LABEL (label), row->label);
  gtk_widget_set_tooltip_text (label, row->tooltip);
  gtk_level_bar_set_value (GTK_LEVEL_BAR (bar), row->similarity);
  gtk_label_set_text (GTK_LABEL (value), text);
}

void
jx_similarity_list_activate (JxSimilarityList *self,
                             guint             position)
{
  g_autoptr(JxSimilarityRow) row = NULL;
  JxSessionTrace *compared, *reference;
  const JxComparisonPair *pair;
  JxComparison *cmp;

  g_return_if_fail (JX_IS_SIMILARITY_LIST (self));

  flush (self);
  row = g_list_model_get_item (G_LIST_MODEL (self->rows), position);
  if (row == NULL || self->session == NULL ||
      (compared = jx_session_get_compared (self->session)) == NULL ||
      (reference = jx_session_get_reference (self->session)) == NULL ||
      (cmp = jx_session_trace_get_comparison (compared)) == NULL || row->pair >= jx_comparison_get_n_pairs (cmp))
    return;
  pair = jx_comparison_get_pair (cmp, row->pair);
  if (pair->diff != NULL && jx_pair_diff_get_n_hunks (pair->diff) > 0)
    {
      const JxAlignPair *first = &pair->alignment->pairs[jx_pair_diff_get_hunk (pair->diff, 0)];

      if (first->a != JX_ALIGN_NONE)
        jx_session_select_invocation (self->session, reference, pair->stream_a, first->a);
      else
        jx_session_select_invocation (self->session, compared, pair->stream_b, first->b);
    }
  else if (pair->alignment != NULL && pair->alignment->n_a > 0)
    jx_session_select_invocation (self->session, reference, pair->stream_a, 0);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.reveal-selection", NULL);
}

static void
on_activate (GtkListView      *view,
             guint             position,
             JxSimilarityList *self)
{
  jx_similarity_list_activate (self, position);
}

guint
jx_similarity_list_get_n_rows (JxSimilarityList *self)
{
  g_return_val_if_fail (JX_IS_SIMILARITY_LIST (self), 0);

  flush (self);
  return g_list_model_get_n_items (G_LIST_MODEL (self->rows));
}

guint
jx_similarity_list_get_pair (JxSimilarityList *self,
                             guint             position,
                             double           *similarity)
{
  g_autoptr(JxSimilarityRow) row = NULL;

  g_return_val_if_fail (JX_IS_SIMILARITY_LIST (self), G_MAXUINT);

  flush (self);
  row = g_list_model_get_item (G_LIST_MODEL (self->rows), position);
  if (row == NULL)
    return G_MAXUINT;
  if (similarity != NULL)
    *similarity = row->similarity;
  return row->pair;
}

char *
jx_similarity_list_dup_label (JxSimilarityList *self,
                              guint             position,
                              char            **tooltip)
{
  g_autoptr(JxSimilarityRow) row = NULL;

  g_return_val_if_fail (JX_IS_SIMILARITY_LIST (self), NULL);

  flush (self);
  row = g_list_model_get_item (G_LIST_MODEL (self->rows), position);
  if (row == NULL)
    return NULL;
  if (tooltip != NULL)
    *tooltip = g_strdup (row->tooltip);
  return g_strdup (row->label);
}

/* Object --------------------------------------------------------------------- */

GtkWidget *
jx_similarity_list_new (void)
{
  return g_object_new (JX_TYPE_SIMILARITY_LIST, NULL);
}

void
jx_similarity_list_set_session (JxSimilarityList *self,
                                JxSession        *session)
{
  g_return_if_fail (JX_IS_SIMILARITY_LIST (self));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  refresh (self);
}

static void
jx_similarity_list_dispose (GObject *object)
{
  JxSimilarityList *self = JX_SIMILARITY_LIST (object);

  g_clear_handle_id (&self->refresh_source, g_source_remove);
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  g_clear_object (&self->rows);

  G_OBJECT_CLASS (jx_similarity_list_parent_class)->dispose (object);
}

static void
jx_similarity_list_class_init (JxSimilarityListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_similarity_list_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "jxsimilaritylist");
}

static void
jx_similarity_list_init (JxSimilarityList *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkSelectionModel *selection;

  self->rows = g_list_store_new (JX_TYPE_SIMILARITY_ROW);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), NULL);
  selection = GTK_SELECTION_MODEL (gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->rows))));
  gtk_single_selection_set_autoselect (GTK_SINGLE_SELECTION (selection), FALSE);
  self->list_view = gtk_list_view_new (selection, factory);
  gtk_list_view_set_single_click_activate (GTK_LIST_VIEW (self->list_view), TRUE);
  g_signal_connect (self->list_view, "activate", G_CALLBACK (on_activate), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list_view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Similarity per stream pair, least similar first"), -1);
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->list_view);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::comparison-pairs", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::compared-trace", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::reference", G_CALLBACK (schedule), self);
}

char *
jx_similarity_list_dup_csv (JxSimilarityList *self)
{
  JxSessionTrace *compared;
  JxComparison *cmp;
  GString *out;
  guint n;

  g_return_val_if_fail (JX_IS_SIMILARITY_LIST (self), NULL);

  flush (self);
  compared = self->session != NULL ? jx_session_get_compared (self->session) : NULL;
  cmp = compared != NULL ? jx_session_trace_get_comparison (compared) : NULL;
  out = g_string_new ("stream_a,stream_b,similarity\n");
  n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  for (guint i = 0; cmp != NULL && i < n; i++)
    {
      g_autoptr(JxSimilarityRow) row = g_list_model_get_item (G_LIST_MODEL (self->rows), i);
      const JxComparisonPair *pair = jx_comparison_get_pair (cmp, row->pair);
      char number[G_ASCII_DTOSTR_BUF_SIZE];

      jx_csv_append_field (out, pair->name_a != NULL ? pair->name_a : "");
      g_string_append_c (out, ',');
      jx_csv_append_field (out, pair->name_b != NULL ? pair->name_b : "");
      g_string_append_printf (out, ",%s\n", g_ascii_formatd (number, sizeof number, "%.6f", row->similarity));
    }
  return g_string_free (out, FALSE);
}
