/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-function-diff-table.c */
#include "config.h"

#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n-lib.h>

#include "jx-function-diff-table.h"
#include "jx-function-table.h"

#define DEBOUNCE_MS 150

/* One row: a function's sums, kept exactly for the CSV. */
#define JX_TYPE_FUNCTION_DIFF_ROW (jx_function_diff_row_get_type ())
G_DECLARE_FINAL_TYPE (JxFunctionDiffRow, jx_function_diff_row, JX, FUNCTION_DIFF_ROW, GObject)

struct _JxFunctionDiffRow
{
  GObject            parent_instance;
  char              *name;
  JxFunctionTimeDiff diff;
};

enum {
  ROW_PROP_0,
  ROW_PROP_NAME,
  ROW_PROP_NET,
  ROW_PROP_NET_SIZE,
  ROW_PROP_CALLS_A,
  ROW_PROP_CALLS_B,
  ROW_PROP_CALL_CHANGE,
  ROW_PROP_ONLY_A_COUNT,
  ROW_PROP_ONLY_A,
  ROW_PROP_ONLY_B_COUNT,
  ROW_PROP_ONLY_B,
  ROW_PROP_FASTER_COUNT,
  ROW_PROP_FASTER,
  ROW_PROP_SLOWER_COUNT,
  ROW_PROP_SLOWER,
  ROW_N_PROPS
};

static GParamSpec *row_properties[ROW_N_PROPS];

G_DEFINE_FINAL_TYPE (JxFunctionDiffRow, jx_function_diff_row, G_TYPE_OBJECT)

static void
jx_function_diff_row_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  JxFunctionDiffRow *self = JX_FUNCTION_DIFF_ROW (object);
  const JxFunctionTimeDiff *d = &self->diff;

  switch (prop_id)
    {
    case ROW_PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case ROW_PROP_NET:
      g_value_set_double (value, jx_function_time_diff_get_net (d));
      break;
    case ROW_PROP_NET_SIZE:
      g_value_set_double (value, fabs (jx_function_time_diff_get_net (d)));
      break;
    case ROW_PROP_CALLS_A:
      g_value_set_uint64 (value, d->calls_a);
      break;
    case ROW_PROP_CALLS_B:
      g_value_set_uint64 (value, d->calls_b);
      break;
    case ROW_PROP_CALL_CHANGE:
      g_value_set_int64 (value, (gint64) d->calls_b - (gint64) d->calls_a);
      break;
    case ROW_PROP_ONLY_A_COUNT:
      g_value_set_uint64 (value, d->only_a);
      break;
    case ROW_PROP_ONLY_A:
      g_value_set_double (value, d->only_a_self);
      break;
    case ROW_PROP_ONLY_B_COUNT:
      g_value_set_uint64 (value, d->only_b);
      break;
    case ROW_PROP_ONLY_B:
      g_value_set_double (value, d->only_b_self);
      break;
    case ROW_PROP_FASTER_COUNT:
      g_value_set_uint64 (value, d->n_faster);
      break;
    case ROW_PROP_FASTER:
      g_value_set_double (value, d->faster);
      break;
    case ROW_PROP_SLOWER_COUNT:
      g_value_set_uint64 (value, d->n_slower);
      break;
    case ROW_PROP_SLOWER:
      g_value_set_double (value, d->slower);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_function_diff_row_finalize (GObject *object)
{
  g_free (JX_FUNCTION_DIFF_ROW (object)->name);
  G_OBJECT_CLASS (jx_function_diff_row_parent_class)->finalize (object);
}

static void
jx_function_diff_row_class_init (JxFunctionDiffRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = jx_function_diff_row_get_property;
  object_class->finalize = jx_function_diff_row_finalize;
  row_properties[ROW_PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, ro);
  row_properties[ROW_PROP_NET] = g_param_spec_double ("net", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, ro);
  row_properties[ROW_PROP_NET_SIZE] = g_param_spec_double ("net-size", NULL, NULL, 0, G_MAXDOUBLE, 0, ro);
  row_properties[ROW_PROP_CALLS_A] = g_param_spec_uint64 ("calls-a", NULL, NULL, 0, G_MAXUINT64, 0, ro);
  row_properties[ROW_PROP_CALLS_B] = g_param_spec_uint64 ("calls-b", NULL, NULL, 0, G_MAXUINT64, 0, ro);
  row_properties[ROW_PROP_CALL_CHANGE] = g_param_spec_int64 ("call-change", NULL, NULL, G_MININT64, G_MAXINT64, 0, ro);
  row_properties[ROW_PROP_ONLY_A_COUNT] = g_param_spec_uint64 ("only-a-count", NULL, NULL, 0, G_MAXUINT64, 0, ro);
  row_properties[ROW_PROP_ONLY_A] = g_param_spec_double ("only-a", NULL, NULL, 0, G_MAXDOUBLE, 0, ro);
  row_properties[ROW_PROP_ONLY_B_COUNT] = g_param_spec_uint64 ("only-b-count", NULL, NULL, 0, G_MAXUINT64, 0, ro);
  row_properties[ROW_PROP_ONLY_B] = g_param_spec_double ("only-b", NULL, NULL, 0, G_MAXDOUBLE, 0, ro);
  row_properties[ROW_PROP_FASTER_COUNT] = g_param_spec_uint64 ("faster-count", NULL, NULL, 0, G_MAXUINT64, 0, ro);
  row_properties[ROW_PROP_FASTER] = g_param_spec_double ("faster", NULL, NULL, 0, G_MAXDOUBLE, 0, ro);
  row_properties[ROW_PROP_SLOWER_COUNT] = g_param_spec_uint64 ("slower-count", NULL, NULL, 0, G_MAXUINT64, 0, ro);
  row_properties[ROW_PROP_SLOWER] = g_param_spec_double ("slower", NULL, NULL, 0, G_MAXDOUBLE, 0, ro);
  g_object_class_install_properties (object_class, ROW_N_PROPS, row_properties);
}

static void
jx_function_diff_row_init (JxFunctionDiffRow *self)
{
}

/* The table ------------------------------------------------------------------ */

struct _JxFunctionDiffTable
{
  GtkWidget           parent_instance;

  JxSession          *session;
  GSignalGroup       *session_signals;
  guint               refresh_source;
  GListStore         *rows;
  GtkFilterListModel *filtered;
  GtkSortListModel   *sorted;
  guint               scroll_source;   /* scroll_to_top () after a new order */
  GtkStringFilter    *filter;
  GtkNativeDialog    *chooser;

  GtkWidget          *box;
  GtkWidget          *filter_entry;
  GtkWidget          *status;
  GtkWidget          *column_view;
  /* The name column's width as last fitted to the view (0: not yet); a
   * different width means the user resized it, and it stays. */
  int                 fitted_name_width;
  guint               fit_source;
};

G_DEFINE_FINAL_TYPE (JxFunctionDiffTable, jx_function_diff_table, GTK_TYPE_WIDGET)

typedef enum
{
  COLUMN_NET,
  COLUMN_NAME,
  COLUMN_CALLS_A,
  COLUMN_CALLS_B,
  COLUMN_CALL_CHANGE,
  COLUMN_ONLY_A_COUNT,
  COLUMN_ONLY_A,
  COLUMN_ONLY_B_COUNT,
  COLUMN_ONLY_B,
  COLUMN_FASTER_COUNT,
  COLUMN_FASTER,
  COLUMN_SLOWER_COUNT,
  COLUMN_SLOWER,
  N_COLUMNS
} Column;

/* Net first, so that a narrow pane never scrolls it out of sight (the name
 * beside it takes the free width, elided in the middle only when there is
 * none); the dissertation's columns last. */
static const struct
{
  const char *title;      /* translated unless it is the dissertation's notation */
  gboolean    translate;
  const char *property;   /* what the column sorts by */
  const char *tooltip;
  int         width;      /* initial width in pixels; the name column takes the rest */
} columns[N_COLUMNS] = {
  { N_("Net"), TRUE, "net-size",
    N_("Self time in B − self time in A, every call: positive when B spent more time in the function (slower). Sorted by size."), 84 },
  { N_("Function"), TRUE, "name", N_("The function (region) name"), 200 },
  { N_("Calls A"), TRUE, "calls-a", N_("Calls of the function in A"), 72 },
  { N_("Calls B"), TRUE, "calls-b", N_("Calls of the function in B"), 72 },
  { N_("± Calls"), TRUE, "call-change", N_("Calls B − calls A"), 64 },
  { N_("Only A"), TRUE, "only-a-count", N_("Calls of A without an equal call in B (a gap or a mismatch)"), 64 },
  { N_("Only A time"), TRUE, "only-a", N_("Self time of the calls only in A"), 84 },
  { N_("Only B"), TRUE, "only-b-count", N_("Calls of B without an equal call in A (a gap or a mismatch)"), 64 },
  { N_("Only B time"), TRUE, "only-b", N_("Self time of the calls only in B"), 84 },
  { "No.+", FALSE, "faster-count", N_("Equal calls that took less self time in B"), 60 },
  { "Δ+", FALSE, "faster", N_("Self time B gained in them"), 76 },
  { "No.−", FALSE, "slower-count", N_("Equal calls that took more self time in B"), 60 },
  { "Δ−", FALSE, "slower", N_("Self time B lost in them"), 76 },
};

static const char *
column_title (guint c)
{
  return columns[c].translate ? _(columns[c].title) : columns[c].title;
}

static void
refresh (JxFunctionDiffTable *self)
{
  JxSessionTrace *compared = self->session != NULL ? jx_session_get_compared (self->session) : NULL;
  JxComparison *cmp = compared != NULL ? jx_session_trace_get_comparison (compared) : NULL;
  g_autoptr(GArray) table = NULL;
  g_autofree gboolean *done = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  guint n_done = 0, n_aligned = 0;

  if (cmp == NULL)
    {
      g_list_store_remove_all (self->rows);
      gtk_label_set_text (GTK_LABEL (self->status), _("The table fills in as the traces are compared with the reference."));
      return;
    }

  /* Only the pairs that are done count: the others are still being written. */
  done = g_new0 (gboolean, MAX (jx_comparison_get_n_pairs (cmp), 1));
  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *pair = jx_comparison_get_pair (cmp, i);

      if (pair->stream_a == JX_NONE || pair->stream_b == JX_NONE)
        continue;
      n_aligned++;
      done[i] = jx_session_trace_get_stream_pair (compared, FALSE, pair->stream_b) == pair;
      n_done += done[i];
    }
  table = jx_function_table_compute (cmp, done);
  rows = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < table->len; i++)
    {
      JxFunctionDiffRow *row = g_object_new (JX_TYPE_FUNCTION_DIFF_ROW, NULL);

      row->diff = g_array_index (table, JxFunctionTimeDiff, i);
      row->name = g_strdup (jx_comparison_get_symbol_name (cmp, row->diff.symbol));
      g_ptr_array_add (rows, row);
    }
  g_list_store_splice (self->rows, 0, g_list_model_get_n_items (G_LIST_MODEL (self->rows)), rows->pdata, rows->len);

  {
    g_autofree char *text = NULL;
    JxSessionTrace *reference = jx_session_get_reference (self->session);
    const char *a = reference != NULL ? jx_session_trace_get_name (reference) : "";
    const char *b = jx_session_trace_get_name (compared);

    if (n_done < n_aligned)
      text = g_strdup_printf (_("A “%s”, B “%s”: self time of every call in %u of %u stream pairs so far; net = B − A, + slower in B"),
                              a, b, n_done, n_aligned);
    else if (table->len == 0)
      /* An empty table says why, rather than looking unfinished. */
      text = g_strdup_printf (_("A “%s”, B “%s”: none of the %u stream pairs has a call, so there are no time differences"),
                              a, b, n_aligned);
    else
      text = g_strdup_printf (_("A “%s”, B “%s”: self time of every call in all %u stream pairs; net = B − A, + slower in B"),
                              a, b, n_aligned);
    gtk_label_set_text (GTK_LABEL (self->status), text);
    gtk_widget_set_tooltip_text (self->status, text);
  }
}

static gboolean
refresh_idle (gpointer user_data)
{
  JxFunctionDiffTable *self = user_data;

  self->refresh_source = 0;
  refresh (self);
  return G_SOURCE_REMOVE;
}

/* Pairs arrive in bursts: one refresh for a burst. */
static void
schedule (JxFunctionDiffTable *self)
{
  if (self->refresh_source == 0)
    self->refresh_source = g_timeout_add (DEBOUNCE_MS, refresh_idle, self);
}

/* Cells ---------------------------------------------------------------------- */

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  data)
{
  Column column = GPOINTER_TO_UINT (data);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), column == COLUMN_NAME ? 0.0f : 1.0f);
  if (column == COLUMN_NAME)
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  else
    {
      gtk_widget_add_css_class (label, "numeric");
      /* GTK 4.8 headers take no tooltip: the cells say what they hold. */
      gtk_widget_set_tooltip_text (label, _(columns[column].tooltip));
    }
  gtk_list_item_set_child (item, label);
}

static char *
count_text (guint64 n)
{
  return g_strdup_printf ("%" G_GUINT64_FORMAT, n);
}

static char *
time_text (double seconds,
           gboolean signed_plus)
{
  g_autofree char *amount = jx_time_format (jx_time_seconds_to_ns (seconds), 4);

  return signed_plus && jx_time_seconds_to_ns (seconds) > 0 ? g_strdup_printf ("+%s", amount) : g_steal_pointer (&amount);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  data)
{
  Column column = GPOINTER_TO_UINT (data);
  JxFunctionDiffRow *row = gtk_list_item_get_item (item);
  const JxFunctionTimeDiff *d = &row->diff;
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  g_autofree char *text = NULL;

  switch (column)
    {
    case COLUMN_NAME:
      gtk_label_set_text (label, row->name);
      gtk_widget_set_tooltip_text (GTK_WIDGET (label), row->name);
      return;
    case COLUMN_NET:
      text = time_text (jx_function_time_diff_get_net (d), TRUE);
      break;
    case COLUMN_CALLS_A:
      text = count_text (d->calls_a);
      break;
    case COLUMN_CALLS_B:
      text = count_text (d->calls_b);
      break;
    case COLUMN_CALL_CHANGE:
      {
        gint64 change = (gint64) d->calls_b - (gint64) d->calls_a;

        text = change > 0 ? g_strdup_printf ("+%" G_GINT64_FORMAT, change)
             : change < 0 ? g_strdup_printf ("−%" G_GINT64_FORMAT, -change) : g_strdup ("0");
      }
      break;
    case COLUMN_ONLY_A_COUNT:
      text = count_text (d->only_a);
      break;
    case COLUMN_ONLY_A:
      text = time_text (d->only_a_self, FALSE);
      break;
    case COLUMN_ONLY_B_COUNT:
      text = count_text (d->only_b);
      break;
    case COLUMN_ONLY_B:
      text = time_text (d->only_b_self, FALSE);
      break;
    case COLUMN_FASTER_COUNT:
      text = count_text (d->n_faster);
      break;
    case COLUMN_FASTER:
      text = time_text (d->faster, FALSE);
      break;
    case COLUMN_SLOWER_COUNT:
      text = count_text (d->n_slower);
      break;
    case COLUMN_SLOWER:
    case N_COLUMNS:
    default:
      text = time_text (d->slower, FALSE);
      break;
    }
  gtk_label_set_text (label, text);
}

static void
add_columns (JxFunctionDiffTable *self)
{
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *column;
      GtkExpression *expression = gtk_property_expression_new (JX_TYPE_FUNCTION_DIFF_ROW, NULL, columns[c].property);
      GtkSorter *sorter;

      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), GUINT_TO_POINTER (c));
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), GUINT_TO_POINTER (c));
      column = gtk_column_view_column_new (column_title (c), factory);
      if (c == COLUMN_NAME)
        {
          sorter = GTK_SORTER (gtk_string_sorter_new (expression));
          /* The name takes whatever width the numbers leave. */
          gtk_column_view_column_set_expand (column, TRUE);
        }
      else
        {
          /* Ascending in the sorter's own order, as GtkColumnView expects:
           * its header arrow then says which way the rows run (up for
           * smallest first, down for largest first). */
          sorter = GTK_SORTER (gtk_numeric_sorter_new (expression));
        }
      gtk_column_view_column_set_fixed_width (column, columns[c].width);
      gtk_column_view_column_set_sorter (column, sorter);
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_append_column (GTK_COLUMN_VIEW (self->column_view), column);
      g_object_unref (sorter);
      g_object_unref (column);
    }
}

/* Net and the whole name are what one reads: the name column takes the
 * view's width beside Net (the other columns scroll in from the right), so
 * names are elided only when the view is narrower than them. */
static gboolean
fit_name_column (gpointer data)
{
  JxFunctionDiffTable *self = data;
  GListModel *view_columns = gtk_column_view_get_columns (GTK_COLUMN_VIEW (self->column_view));
  g_autoptr(GtkColumnViewColumn) net = g_list_model_get_item (view_columns, COLUMN_NET);
  g_autoptr(GtkColumnViewColumn) name = g_list_model_get_item (view_columns, COLUMN_NAME);
  GtkAdjustment *h = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (self->column_view));
  int width;

  self->fit_source = 0;
  if (h == NULL || gtk_adjustment_get_page_size (h) <= 0)
    return G_SOURCE_REMOVE;
  if (self->fitted_name_width != 0 && gtk_column_view_column_get_fixed_width (name) != self->fitted_name_width)
    return G_SOURCE_REMOVE;
  width = MAX (120, (int) gtk_adjustment_get_page_size (h) - gtk_column_view_column_get_fixed_width (net) - 8);
  self->fitted_name_width = width;
  if (gtk_column_view_column_get_fixed_width (name) != width)
    gtk_column_view_column_set_fixed_width (name, width);
  return G_SOURCE_REMOVE;
}

static void
on_view_width (JxFunctionDiffTable *self)
{
  if (self->fit_source == 0)
    self->fit_source = g_idle_add (fit_name_column, self);
}

/* The default order: largest |net| first, shown on the Net header by a
 * downward arrow. */
static void
sort_default (JxFunctionDiffTable *self)
{
  g_autoptr(GtkColumnViewColumn) net = g_list_model_get_item (gtk_column_view_get_columns (GTK_COLUMN_VIEW (self->column_view)),
                                                               COLUMN_NET);

  gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (self->column_view), net, GTK_SORT_DESCENDING);
}

/* Export --------------------------------------------------------------------- */

char *
jx_function_diff_table_dup_csv (JxFunctionDiffTable *self)
{
  GString *out;
  guint n;

  g_return_val_if_fail (JX_IS_FUNCTION_DIFF_TABLE (self), NULL);

  out = g_string_new (NULL);
  jx_function_table_append_csv_header (out);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->sorted));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(JxFunctionDiffRow) row = g_list_model_get_item (G_LIST_MODEL (self->sorted), i);

      jx_function_table_append_csv_row (out, row->name, &row->diff);
    }
  return g_string_free (out, FALSE);
}

gboolean
jx_function_diff_table_write_csv (JxFunctionDiffTable *self,
                                  GFile               *file,
                                  GError             **error)
{
  g_autofree char *csv = NULL;

  g_return_val_if_fail (JX_IS_FUNCTION_DIFF_TABLE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  csv = jx_function_diff_table_dup_csv (self);
  return g_file_replace_contents (file, csv, strlen (csv), NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION,
                                  NULL, NULL, error);
}

static void
on_export_response (GtkNativeDialog     *dialog,
                    int                  response,
                    JxFunctionDiffTable *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GError) error = NULL;

      if (file != NULL && !jx_function_diff_table_write_csv (self, file, &error))
        {
          GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
          g_autofree char *name = g_file_get_parse_name (file);
          g_autofree char *body = g_strdup_printf (_("“%s” could not be written: %s"), name, error->message);
          GtkWidget *alert = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                     _("Export Failed"), body);

          adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (alert), "close", _("_Close"));
          gtk_window_present (GTK_WINDOW (alert));
        }
    }
  g_clear_object (&self->chooser);
}

static void
export_action (GtkWidget  *widget,
               const char *name,
               GVariant   *parameter)
{
  JxFunctionDiffTable *self = JX_FUNCTION_DIFF_TABLE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);

  if (self->chooser != NULL)
    {
      gtk_native_dialog_show (self->chooser);
      return;
    }
  self->chooser = GTK_NATIVE_DIALOG (gtk_file_chooser_native_new (_("Export Function Time Differences"),
                                                                  GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                                  GTK_FILE_CHOOSER_ACTION_SAVE,
                                                                  _("_Export"), _("_Cancel")));
  gtk_native_dialog_set_modal (self->chooser, TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), "function-time-differences.csv");
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_export_response), self);
  gtk_native_dialog_show (self->chooser);
}

/* API ------------------------------------------------------------------------ */

GtkWidget *
jx_function_diff_table_new (void)
{
  return g_object_new (JX_TYPE_FUNCTION_DIFF_TABLE, NULL);
}

void
jx_function_diff_table_set_session (JxFunctionDiffTable *self,
                                    JxSession           *session)
{
  g_return_if_fail (JX_IS_FUNCTION_DIFF_TABLE (self));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  refresh (self);
}

GListModel *
jx_function_diff_table_get_model (JxFunctionDiffTable *self)
{
  g_return_val_if_fail (JX_IS_FUNCTION_DIFF_TABLE (self), NULL);

  /* Refreshes still waiting happen now: the caller wants the current rows. */
  if (self->refresh_source != 0)
    {
      g_clear_handle_id (&self->refresh_source, g_source_remove);
      refresh (self);
    }
  return G_LIST_MODEL (self->sorted);
}

void
jx_function_diff_table_get_row (JxFunctionDiffTable *self,
                                guint                position,
                                const char         **name,
                                guint64             *n_faster,
                                double              *faster,
                                guint64             *n_slower,
                                double              *slower)
{
  g_autoptr(JxFunctionDiffRow) row = NULL;

  g_return_if_fail (JX_IS_FUNCTION_DIFF_TABLE (self));

  row = g_list_model_get_item (jx_function_diff_table_get_model (self), position);
  g_return_if_fail (row != NULL);
  if (name != NULL)
    *name = g_intern_string (row->name);
  if (n_faster != NULL)
    *n_faster = row->diff.n_faster;
  if (faster != NULL)
    *faster = row->diff.faster;
  if (n_slower != NULL)
    *n_slower = row->diff.n_slower;
  if (slower != NULL)
    *slower = row->diff.slower;
}

gboolean
jx_function_diff_table_get_row_diff (JxFunctionDiffTable *self,
                                     guint                position,
                                     const char         **name,
                                     JxFunctionTimeDiff  *diff)
{
  g_autoptr(JxFunctionDiffRow) row = NULL;

  g_return_val_if_fail (JX_IS_FUNCTION_DIFF_TABLE (self), FALSE);

  row = g_list_model_get_item (jx_function_diff_table_get_model (self), position);
  if (row == NULL)
    return FALSE;
  if (name != NULL)
    *name = g_intern_string (row->name);
  if (diff != NULL)
    *diff = row->diff;
  return TRUE;
}

void
jx_function_diff_table_set_filter (JxFunctionDiffTable *self,
                                   const char          *text)
{
  g_return_if_fail (JX_IS_FUNCTION_DIFF_TABLE (self));
  gtk_editable_set_text (GTK_EDITABLE (self->filter_entry), text != NULL ? text : "");
  gtk_string_filter_set_search (self->filter, text);
}

/* A new order starts at its first row: the rows a click on a header asks
 * for are not left scrolled out of sight. Once the list has taken the new
 * order (scrolling while it re-sorts is refused). */
static gboolean
scroll_to_top (gpointer data)
{
  JxFunctionDiffTable *self = data;

  self->scroll_source = 0;
  if (g_list_model_get_n_items (G_LIST_MODEL (self->sorted)) == 0)
    return G_SOURCE_REMOVE;
  /* The column view's own list (GTK 4.8 has no gtk_column_view_scroll_to;
   * setting the adjustment before the rows are measured again is refused). */
  for (GtkWidget *c = gtk_widget_get_first_child (self->column_view); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_LIST_VIEW (c))
      {
        gtk_widget_activate_action (c, "list.scroll-to-item", "u", 0);
        break;
      }
  return G_SOURCE_REMOVE;
}

static void
on_sorter_changed (JxFunctionDiffTable *self)
{
  if (self->scroll_source == 0)
    self->scroll_source = g_idle_add (scroll_to_top, self);
}

void
jx_function_diff_table_sort_by (JxFunctionDiffTable *self,
                                const char          *title,
                                gboolean             ascending)
{
  GListModel *list;

  g_return_if_fail (JX_IS_FUNCTION_DIFF_TABLE (self));

  list = gtk_column_view_get_columns (GTK_COLUMN_VIEW (self->column_view));
  for (guint i = 0; title != NULL && i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (list, i);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), title) == 0 ||
          g_strcmp0 (columns[i].title, title) == 0)
        {
          gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (self->column_view), column,
                                          ascending ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING);
          return;
        }
    }
  sort_default (self);
}

static void
on_filter_changed (GtkSearchEntry      *entry,
                   JxFunctionDiffTable *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  gtk_string_filter_set_search (self->filter, text[0] != '\0' ? text : NULL);
}

/* Object --------------------------------------------------------------------- */

static void
jx_function_diff_table_dispose (GObject *object)
{
  JxFunctionDiffTable *self = JX_FUNCTION_DIFF_TABLE (object);

  g_clear_handle_id (&self->refresh_source, g_source_remove);
  g_clear_handle_id (&self->fit_source, g_source_remove);
  /* Taking the columns down re-sorts: no scrolling after that. */
  if (self->column_view != NULL)
    g_signal_handlers_disconnect_by_func (gtk_column_view_get_sorter (GTK_COLUMN_VIEW (self->column_view)),
                                          on_sorter_changed, self);
  g_clear_handle_id (&self->scroll_source, g_source_remove);
  if (self->chooser != NULL)
    {
      gtk_native_dialog_destroy (self->chooser);
      g_clear_object (&self->chooser);
    }
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), JX_TYPE_FUNCTION_DIFF_TABLE);
  g_clear_object (&self->sorted);
  g_clear_object (&self->filtered);
  g_clear_object (&self->rows);

  G_OBJECT_CLASS (jx_function_diff_table_parent_class)->dispose (object);
}

static void
jx_function_diff_table_class_init (JxFunctionDiffTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_function_diff_table_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-function-diff-table.ui");
  gtk_widget_class_bind_template_child (widget_class, JxFunctionDiffTable, box);
  gtk_widget_class_bind_template_child (widget_class, JxFunctionDiffTable, filter_entry);
  gtk_widget_class_bind_template_child (widget_class, JxFunctionDiffTable, status);
  gtk_widget_class_bind_template_child (widget_class, JxFunctionDiffTable, column_view);
  gtk_widget_class_install_action (widget_class, "table.export", NULL, export_action);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "jxfunctiondifftable");
}

static void
jx_function_diff_table_init (JxFunctionDiffTable *self)
{
  GtkSelectionModel *selection;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->rows = g_list_store_new (JX_TYPE_FUNCTION_DIFF_ROW);
  self->filter = gtk_string_filter_new (gtk_property_expression_new (JX_TYPE_FUNCTION_DIFF_ROW, NULL, "name"));
  gtk_string_filter_set_match_mode (self->filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING);
  gtk_string_filter_set_ignore_case (self->filter, TRUE);
  self->filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->rows)), GTK_FILTER (self->filter));
  add_columns (self);
  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->filtered)),
                                          g_object_ref (gtk_column_view_get_sorter (GTK_COLUMN_VIEW (self->column_view))));
  selection = GTK_SELECTION_MODEL (gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->sorted))));
  gtk_single_selection_set_autoselect (GTK_SINGLE_SELECTION (selection), FALSE);
  gtk_column_view_set_model (GTK_COLUMN_VIEW (self->column_view), selection);
  sort_default (self);
  g_object_unref (selection);
  g_signal_connect_object (gtk_column_view_get_sorter (GTK_COLUMN_VIEW (self->column_view)), "changed",
                           G_CALLBACK (on_sorter_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect (self->filter_entry, "search-changed", G_CALLBACK (on_filter_changed), self);
  if (gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (self->column_view)) != NULL)
    g_signal_connect_object (gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (self->column_view)), "notify::page-size",
                             G_CALLBACK (on_view_width), self, G_CONNECT_SWAPPED);

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::comparison-pairs", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::comparison", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::compared-trace", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::reference", G_CALLBACK (schedule), self);
}
