/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-panel.c */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-trend-panel.h"

#define N_COLUMNS 7

/* One row of the table: a series and its cells, formatted once. */
#define JX_TYPE_TREND_ROW (jx_trend_row_get_type ())
G_DECLARE_FINAL_TYPE (JxTrendRow, jx_trend_row, JX, TREND_ROW, GObject)

struct _JxTrendRow
{
  GObject  parent_instance;
  guint    series;
  char    *cells[N_COLUMNS];
};

G_DEFINE_FINAL_TYPE (JxTrendRow, jx_trend_row, G_TYPE_OBJECT)

static void
jx_trend_row_finalize (GObject *object)
{
  JxTrendRow *self = JX_TREND_ROW (object);

  for (guint i = 0; i < N_COLUMNS; i++)
    g_free (self->cells[i]);
  G_OBJECT_CLASS (jx_trend_row_parent_class)->finalize (object);
}

static void
jx_trend_row_class_init (JxTrendRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = jx_trend_row_finalize;
}

static void
jx_trend_row_init (JxTrendRow *self)
{
}

struct _JxTrendPanel
{
  GtkWidget           parent_instance;

  JxSession          *session;
  JxTrendAnalysis    *analysis;
  GSignalGroup       *analysis_signals;
  GSignalGroup       *session_signals;
  JxTrendMeasure      measure;
  GListStore         *rows;
  GtkSingleSelection *selection;
  gboolean            syncing;
  char               *status_text;

  GtkWidget          *paned;
  GtkWidget          *measure_dropdown;
  GtkWidget          *target_entry;
  GtkWidget          *paths_button;
  GtkWidget          *values_button;
  GtkWidget          *parameter_entry;
  GtkWidget          *values_list;
  GtkWidget          *progress_box;
  GtkWidget          *progress;
  GtkWidget          *stop_button;
  GtkWidget          *status;
  GtkWidget          *column_view;
  GtkColumnViewColumn *prediction_column;
  GtkWidget          *log_x_button;
  GtkWidget          *log_y_button;
  JxTrendChart       *chart;
};

G_DEFINE_FINAL_TYPE (JxTrendPanel, jx_trend_panel, GTK_TYPE_WIDGET)

/* --- the table ----------------------------------------------------------------------- */

static char *
format_value (double      value,
              JxTrendUnit unit)
{
  return isfinite (value) ? jx_trend_format_value (value, unit) : g_strdup ("—");
}

static JxTrendRow *
make_row (JxTrendStudy *study,
          guint         index)
{
  const JxTrendSeries *s = jx_trend_study_get_series (study, index);
  const char *parameter = jx_trend_study_get_parameter (study);
  JxTrendUnit unit = jx_trend_measure_unit (s->measure);
  JxTrendRow *row = g_object_new (JX_TYPE_TREND_ROW, NULL);

  row->series = index;
  row->cells[0] = g_strdup_printf ("%u", s->rank);
  row->cells[1] = g_strdup (s->name);
  if (s->model.kind == JX_TREND_MODEL_NONE)
    {
      g_autofree char *last = NULL;
      guint n_x = jx_trend_study_get_n_x (study);

      last = n_x > 0 ? format_value (s->median[n_x - 1], unit) : g_strdup ("—");
      /* Translators: no model; the value seen at the largest parameter value. */
      row->cells[2] = g_strdup_printf (_("no model (seen %s)"), last);
      row->cells[3] = g_strdup ("—");
      row->cells[4] = g_strdup ("—");
      row->cells[5] = g_strdup (_("too few points"));
    }
  else
    {
      row->cells[2] = jx_trend_model_format (&s->model, parameter, unit);
      row->cells[3] = isnan (s->model.r2) ? g_strdup ("—") : g_strdup_printf ("%.3f", s->model.r2);
      row->cells[4] = g_strdup_printf ("%.1f %%", s->model.smape);
      row->cells[5] = g_strdup (s->model.low_confidence ? _("low confidence") : "");
    }
  if (isfinite (s->prediction) && isfinite (s->share))
    {
      g_autofree char *value = format_value (s->prediction, unit);

      /* Translators: a predicted value and its share of the predicted runtime. */
      row->cells[6] = g_strdup_printf (_("%s (%.1f %%)"), value, 100.0 * s->share);
    }
  else
    row->cells[6] = format_value (s->prediction, unit);
  return row;
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  guint column = GPOINTER_TO_UINT (user_data);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), column == 1 || column == 2 || column == 5 ? 0.0f : 1.0f);
  /* A call path's last functions say most. */
  if (column == 1 || column == 2)
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), column == 1 ? PANGO_ELLIPSIZE_START : PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), column == 1 ? 12 : 10);
    }
  if (column != 1 && column != 2)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  JxTrendRow *row = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  const char *text = row->cells[GPOINTER_TO_UINT (user_data)];

  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_widget_set_tooltip_text (label, GPOINTER_TO_UINT (user_data) <= 2 ? text : NULL);
}

static GtkColumnViewColumn *
add_column (JxTrendPanel *self,
            const char   *title,
            guint         column,
            gboolean      expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *c;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), GUINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), GUINT_TO_POINTER (column));
  c = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (c, expand);
  gtk_column_view_column_set_resizable (c, TRUE);
  gtk_column_view_append_column (GTK_COLUMN_VIEW (self->column_view), c);
  g_object_unref (c);
  return c;
}

static void
update_chart (JxTrendPanel *self)
{
  g_autoptr(JxTrendRow) row = gtk_single_selection_get_selected_item (self->selection) != NULL
                              ? g_object_ref (gtk_single_selection_get_selected_item (self->selection)) : NULL;
  JxTrendStudy *study = self->analysis != NULL ? jx_trend_analysis_get_study (self->analysis) : NULL;

  jx_trend_chart_set_series (self->chart, row != NULL ? study : NULL, row != NULL ? (gint) row->series : -1);
}

static void
rebuild_rows (JxTrendPanel *self)
{
  JxTrendStudy *study = self->analysis != NULL ? jx_trend_analysis_get_study (self->analysis) : NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  const char *selected_name = NULL;
  g_autofree char *keep = NULL;
  guint select = 0;

  if (gtk_single_selection_get_selected_item (self->selection) != NULL)
    keep = g_strdup (((JxTrendRow *) gtk_single_selection_get_selected_item (self->selection))->cells[1]);
  selected_name = keep;

  if (study != NULL)
    {
      gboolean paths = jx_trend_study_get_options (study)->paths;
      guint kinds = 1u << (paths ? JX_TREND_KEY_PATH : JX_TREND_KEY_FUNCTION);
      g_autoptr(GArray) ranking = jx_trend_study_get_ranking (study, self->measure, kinds);
      g_autoptr(GArray) groups = jx_trend_study_get_ranking (study, self->measure, 1u << JX_TREND_KEY_GROUP);
      double at = jx_trend_study_get_options (study)->at;
      g_autofree char *title = NULL;

      for (guint i = 0; i < ranking->len; i++)
        {
          JxTrendRow *row = make_row (study, g_array_index (ranking, guint, i));

          if (selected_name != NULL && strcmp (row->cells[1], selected_name) == 0)
            select = i;
          g_ptr_array_add (rows, row);
        }
      /* The groups ((MPI), (messages)) after the functions, unnumbered. */
      for (guint i = 0; i < groups->len; i++)
        {
          JxTrendRow *row = make_row (study, g_array_index (groups, guint, i));

          g_clear_pointer (&row->cells[0], g_free);
          row->cells[0] = g_strdup ("");
          if (selected_name != NULL && strcmp (row->cells[1], selected_name) == 0)
            select = rows->len;
          g_ptr_array_add (rows, row);
        }
      if (isfinite (at))
        {
          g_autofree char *x = g_strdup_printf ("%g", at);

          /* Translators: the column of predictions, "At p = 4096". */
          title = g_strdup_printf (_("At %s = %s"), jx_trend_study_get_parameter (study), x);
        }
      gtk_column_view_column_set_title (self->prediction_column, title != NULL ? title : _("Prediction"));
    }

  self->syncing = TRUE;
  g_list_store_splice (self->rows, 0, g_list_model_get_n_items (G_LIST_MODEL (self->rows)), rows->pdata, rows->len);
  if (rows->len > 0)
    gtk_single_selection_set_selected (self->selection, select);
  self->syncing = FALSE;
  update_chart (self);
}

static void
on_selected (JxTrendPanel *self)
{
  JxTrendRow *row;

  update_chart (self);
  if (self->syncing || self->analysis == NULL)
    return;
  row = gtk_single_selection_get_selected_item (self->selection);
  if (row != NULL && jx_trend_analysis_get_study (self->analysis) != NULL)
    jx_trend_analysis_highlight (self->analysis,
                                 jx_trend_study_get_series (jx_trend_analysis_get_study (self->analysis), row->series));
}

/* --- status ------------------------------------------------------------------------ */

static void
set_status (JxTrendPanel *self,
            const char   *text)
{
  g_free (self->status_text);
  self->status_text = g_strdup (text);
  gtk_label_set_text (GTK_LABEL (self->status), text);
  /* One line shows (a wrapped note pushed the page out of a low pane,
   * clipped at its top); the tooltip has all of it. */
  gtk_widget_set_tooltip_text (self->status, text);
}

static char *
describe_study (JxTrendStudy *study)
{
  GString *text = g_string_new (NULL);
  const double *x = jx_trend_study_get_x (study);
  guint n_x = jx_trend_study_get_n_x (study);
  const char *parameter = jx_trend_study_get_parameter (study);
  g_autoptr(GString) values = g_string_new (NULL);

  for (guint i = 0; i < n_x; i++)
    g_string_append_printf (values, "%s%g", i > 0 ? ", " : "", x[i]);
  g_string_append_printf (text,
                          g_dngettext (GETTEXT_PACKAGE, "Scaling study of %u run: %s = %s",
                                       "Scaling study of %u runs: %s = %s", jx_trend_study_get_n_loaded (study)),
                          jx_trend_study_get_n_loaded (study), parameter, values->str);
  if (jx_trend_study_get_parameter_source (study) == JX_TREND_SOURCE_TRACE)
    g_string_append_printf (text, " %s", _("(the number of processes in each trace)"));
  else if (jx_trend_study_get_parameter_source (study) == JX_TREND_SOURCE_FOLDER)
    g_string_append_printf (text, " %s", _("(from the folder names)"));
  else
    g_string_append_printf (text, " %s", _("(values you set)"));
  g_string_append (text, ".");
  if (jx_trend_study_get_status (study) == JX_TREND_STATUS_TOO_FEW_POINTS)
    g_string_append_printf (text, "\n%s",
                            _("Too few points: fewer than 3 distinct values, so no model is fitted; the table shows "
                              "the values seen. Open runs at more scales."));
  else if (jx_trend_study_get_status (study) == JX_TREND_STATUS_LOW_CONFIDENCE)
    g_string_append_printf (text, "\n%s",
                            _("Low confidence: only 3 or 4 distinct values (Extra-P asks for 5): treat the models "
                              "as hints."));
  for (guint i = 0; i < jx_trend_study_get_n_notes (study); i++)
    g_string_append_printf (text, "\n%s", jx_trend_study_get_note (study, i));
  return g_string_free (text, FALSE);
}

static void
update_status (JxTrendPanel *self)
{
  JxTrendAnalysisState state = self->analysis != NULL ? jx_trend_analysis_get_state (self->analysis)
                                                      : JX_TREND_ANALYSIS_INACTIVE;

  gtk_widget_set_visible (self->progress_box, state == JX_TREND_ANALYSIS_RUNNING);
  switch (state)
    {
    case JX_TREND_ANALYSIS_INACTIVE:
      set_status (self, "");
      break;
    case JX_TREND_ANALYSIS_TOO_FEW_TRACES:
      set_status (self, _("Open three or more runs of one program at different scales (process counts or input "
                          "sizes): this page fits a model of each function’s measures against the scale and ranks "
                          "the least scalable first."));
      break;
    case JX_TREND_ANALYSIS_RUNNING:
      set_status (self, _("Reading the runs and fitting the models…"));
      break;
    case JX_TREND_ANALYSIS_CANCELLED:
      set_status (self, _("Stopped. Change the target or a value, or show the page again, to compute the study."));
      break;
    case JX_TREND_ANALYSIS_FAILED:
      {
        g_autofree char *text = g_strdup_printf ("%s\n%s", jx_trend_analysis_get_error (self->analysis),
                                                 _("Name the parameter and give each trace its value under "
                                                   "Parameter Values."));
        set_status (self, text);
      }
      break;
    case JX_TREND_ANALYSIS_DONE:
      {
        g_autofree char *text = describe_study (jx_trend_analysis_get_study (self->analysis));

        set_status (self, text);
      }
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
on_fraction (JxTrendPanel *self)
{
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress), jx_trend_analysis_get_fraction (self->analysis));
}

/* --- parameter values ---------------------------------------------------------------- */

static void
on_value_activate (GtkEntry     *entry,
                   JxTrendPanel *self)
{
  JxSessionTrace *item = g_object_get_data (G_OBJECT (entry), "jx-item");
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  const char *name = jx_trend_analysis_get_shown_parameter (self->analysis);
  g_autofree char *parameter = g_strdup (name);
  char *end = NULL;
  double value;

  while (*text == ' ')
    text++;
  if (*text == '\0')
    {
      jx_trend_analysis_set_value (self->analysis, item, parameter, NAN);
      return;
    }
  value = g_ascii_strtod (text, &end);
  if (end == text || !isfinite (value) || value <= 0)
    {
      gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
      return;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
  jx_trend_analysis_set_value (self->analysis, item, parameter, value);
}

static void
rebuild_values (JxTrendPanel *self)
{
  GtkWidget *child;
  const char *parameter;
  guint n;

  while ((child = gtk_widget_get_first_child (self->values_list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->values_list), child);
  if (self->analysis == NULL)
    return;
  parameter = jx_trend_analysis_get_shown_parameter (self->analysis);
  if (!gtk_widget_has_focus (self->parameter_entry))
    gtk_editable_set_text (GTK_EDITABLE (self->parameter_entry),
                           jx_trend_analysis_get_parameter (self->analysis) != NULL ? parameter : "");
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->parameter_entry), parameter);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->session));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(JxSessionTrace) item = g_list_model_get_item (G_LIST_MODEL (self->session), i);
      JxTrendSource source = JX_TREND_SOURCE_TRACE;
      double value = jx_trend_analysis_get_value (self->analysis, item, parameter, &source);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *name = gtk_label_new (jx_session_trace_get_name (item));
      GtkWidget *entry = gtk_entry_new ();
      GtkWidget *from = gtk_label_new (NULL);
      g_autofree char *text = isfinite (value) ? g_strdup_printf ("%g", value) : g_strdup ("");

      gtk_widget_set_margin_start (box, 6);
      gtk_widget_set_margin_end (box, 6);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_MIDDLE);
      gtk_label_set_width_chars (GTK_LABEL (name), 12);
      gtk_widget_set_hexpand (name, TRUE);
      gtk_editable_set_text (GTK_EDITABLE (entry), text);
      gtk_editable_set_width_chars (GTK_EDITABLE (entry), 8);
      gtk_entry_set_input_purpose (GTK_ENTRY (entry), GTK_INPUT_PURPOSE_NUMBER);
      g_object_set_data_full (G_OBJECT (entry), "jx-item", g_object_ref (item), g_object_unref);
      g_signal_connect (entry, "activate", G_CALLBACK (on_value_activate), self);
      gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      jx_session_trace_get_name (item), -1);
      gtk_label_set_text (GTK_LABEL (from), !isfinite (value) ? _("none")
                                            : source == JX_TREND_SOURCE_USER ? _("set by you")
                                            : source == JX_TREND_SOURCE_FOLDER ? _("folder name")
                                            : _("trace"));
      gtk_widget_add_css_class (from, "dim-label");
      gtk_box_append (GTK_BOX (box), name);
      gtk_box_append (GTK_BOX (box), entry);
      gtk_box_append (GTK_BOX (box), from);
      gtk_list_box_append (GTK_LIST_BOX (self->values_list), box);
    }
}

static void
on_parameter_activate (JxTrendPanel *self)
{
  jx_trend_analysis_set_parameter (self->analysis, gtk_editable_get_text (GTK_EDITABLE (self->parameter_entry)));
}

static void
on_target_activate (JxTrendPanel *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->target_entry));
  char *end = NULL;
  double value = g_ascii_strtod (text, &end);

  if (self->analysis == NULL)
    return;
  if (*text == '\0')
    value = NAN;
  else if (end == text || !isfinite (value) || value <= 0)
    {
      gtk_widget_add_css_class (self->target_entry, "error");
      return;
    }
  gtk_widget_remove_css_class (self->target_entry, "error");
  jx_trend_analysis_set_target (self->analysis, value);
}

/* --- controls ------------------------------------------------------------------------ */

static void
on_measure_selected (JxTrendPanel *self)
{
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->measure_dropdown));

  if (selected >= JX_TREND_N_MEASURES || self->measure == (JxTrendMeasure) selected)
    return;
  self->measure = selected;
  rebuild_rows (self);
}

static void
on_stop (JxTrendPanel *self)
{
  if (self->analysis != NULL)
    jx_trend_analysis_cancel (self->analysis);
}

static void
on_paths_toggled (JxTrendPanel *self)
{
  if (self->analysis != NULL)
    jx_trend_analysis_set_paths (self->analysis, gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->paths_button)));
}

static void
on_log_toggled (JxTrendPanel *self)
{
  jx_trend_chart_set_log (self->chart, gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->log_x_button)),
                          gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->log_y_button)));
}

static void
on_dark (JxTrendPanel *self)
{
  jx_trend_chart_set_dark (self->chart, self->session != NULL && jx_session_get_dark (self->session));
}

/* The table a little taller than the plot until the user moves the divider;
 * in a low pane at least the chooser, the note and the table's header (the
 * paned clips a start child below its minimum at the top), the plot keeps
 * what is left. */
static void
on_max_position (GtkPaned     *paned,
                 GParamSpec   *pspec,
                 JxTrendPanel *self)
{
  int max = 0, top = 0;
  gboolean set = FALSE;

  g_object_get (paned, "max-position", &max, "position-set", &set, NULL);
  if (!set && max > 120)
    {
      gtk_widget_measure (gtk_paned_get_start_child (paned), GTK_ORIENTATION_VERTICAL,
                          gtk_widget_get_width (GTK_WIDGET (paned)), &top, NULL, NULL, NULL);
      gtk_paned_set_position (paned, MAX (max / 2, MIN (top, max - 48)));
      g_signal_handlers_disconnect_by_func (paned, on_max_position, self);
    }
}

/* The study runs only while the page is on screen. */
static void
jx_trend_panel_map (GtkWidget *widget)
{
  JxTrendPanel *self = JX_TREND_PANEL (widget);

  GTK_WIDGET_CLASS (jx_trend_panel_parent_class)->map (widget);
  if (self->analysis != NULL)
    jx_trend_analysis_set_active (self->analysis, TRUE);
}

static void
jx_trend_panel_unmap (GtkWidget *widget)
{
  JxTrendPanel *self = JX_TREND_PANEL (widget);

  if (self->analysis != NULL)
    jx_trend_analysis_set_active (self->analysis, FALSE);
  GTK_WIDGET_CLASS (jx_trend_panel_parent_class)->unmap (widget);
}

/* --- public -------------------------------------------------------------------------- */

void
jx_trend_panel_set_session (JxTrendPanel *self,
                            JxSession    *session)
{
  g_return_if_fail (JX_IS_TREND_PANEL (self));

  if (self->session == session)
    return;
  g_signal_group_set_target (self->analysis_signals, NULL);
  if (self->analysis != NULL)
    jx_trend_analysis_set_active (self->analysis, FALSE);
  g_clear_object (&self->analysis);
  g_set_object (&self->session, session);
  g_signal_group_set_target (self->session_signals, session);
  if (session != NULL)
    {
      self->analysis = jx_trend_analysis_new (session);
      jx_trend_analysis_set_paths (self->analysis,
                                   gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->paths_button)));
      g_signal_group_set_target (self->analysis_signals, self->analysis);
      jx_trend_analysis_set_active (self->analysis, gtk_widget_get_mapped (GTK_WIDGET (self)));
    }
  on_dark (self);
  update_status (self);
  rebuild_rows (self);
  rebuild_values (self);
}

JxTrendAnalysis *
jx_trend_panel_get_analysis (JxTrendPanel *self)
{
  g_return_val_if_fail (JX_IS_TREND_PANEL (self), NULL);
  return self->analysis;
}

JxTrendChart *
jx_trend_panel_get_chart (JxTrendPanel *self)
{
  g_return_val_if_fail (JX_IS_TREND_PANEL (self), NULL);
  return self->chart;
}

JxTrendMeasure
jx_trend_panel_get_measure (JxTrendPanel *self)
{
  g_return_val_if_fail (JX_IS_TREND_PANEL (self), JX_TREND_MEASURE_COUNT);
  return self->measure;
}

void
jx_trend_panel_set_measure (JxTrendPanel   *self,
                            JxTrendMeasure  measure)
{
  g_return_if_fail (JX_IS_TREND_PANEL (self));
  g_return_if_fail (measure < JX_TREND_N_MEASURES);

  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->measure_dropdown), measure);
}

guint
jx_trend_panel_get_n_rows (JxTrendPanel *self)
{
  g_return_val_if_fail (JX_IS_TREND_PANEL (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->rows));
}

gint
jx_trend_panel_get_row_series (JxTrendPanel *self,
                               guint         row)
{
  g_autoptr(JxTrendRow) r = NULL;

  g_return_val_if_fail (JX_IS_TREND_PANEL (self), -1);

  r = g_list_model_get_item (G_LIST_MODEL (self->rows), row);
  return r != NULL ? (gint) r->series : -1;
}

char *
jx_trend_panel_get_cell (JxTrendPanel *self,
                         guint         row,
                         guint         column)
{
  g_autoptr(JxTrendRow) r = NULL;

  g_return_val_if_fail (JX_IS_TREND_PANEL (self), NULL);
  g_return_val_if_fail (column < N_COLUMNS, NULL);

  r = g_list_model_get_item (G_LIST_MODEL (self->rows), row);
  return r != NULL ? g_strdup (r->cells[column]) : NULL;
}

void
jx_trend_panel_activate_row (JxTrendPanel *self,
                             guint         row)
{
  g_return_if_fail (JX_IS_TREND_PANEL (self));

  if (gtk_single_selection_get_selected (self->selection) == row)
    on_selected (self);
  else
    gtk_single_selection_set_selected (self->selection, row);
}

const char *
jx_trend_panel_get_status (JxTrendPanel *self)
{
  g_return_val_if_fail (JX_IS_TREND_PANEL (self), NULL);
  return self->status_text;
}

/* --- GObject ------------------------------------------------------------------------- */

static void
on_study (JxTrendPanel *self)
{
  update_status (self);
  rebuild_rows (self);
}

static void
jx_trend_panel_dispose (GObject *object)
{
  JxTrendPanel *self = JX_TREND_PANEL (object);

  if (self->analysis_signals != NULL)
    g_signal_group_set_target (self->analysis_signals, NULL);
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->analysis_signals);
  g_clear_object (&self->session_signals);
  /* A computation still running keeps the analysis a moment longer: it
   * must not start another. */
  if (self->analysis != NULL)
    jx_trend_analysis_set_active (self->analysis, FALSE);
  gtk_widget_dispose_template (GTK_WIDGET (self), JX_TYPE_TREND_PANEL);
  g_clear_object (&self->selection);
  g_clear_object (&self->rows);
  g_clear_object (&self->analysis);
  g_clear_object (&self->session);
  g_clear_pointer (&self->status_text, g_free);

  G_OBJECT_CLASS (jx_trend_panel_parent_class)->dispose (object);
}

static void
jx_trend_panel_class_init (JxTrendPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_trend_panel_dispose;
  widget_class->map = jx_trend_panel_map;
  widget_class->unmap = jx_trend_panel_unmap;

  g_type_ensure (JX_TYPE_TREND_CHART);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-trend-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, JxTrendPanel, paned);
  gtk_widget_class_bind_template_child (widget_class, JxTrendPanel, measure_dropdown);
  gtk_widget_class_bind_template_child (widget_class, JxTrendPanel, target_entry);
  gtk_widget_class_bind_template_child (widget_class, JxTrendPanel, paths_button);
  gtk_widget_class_bind_template_child (widget_class, JxTrendPanel, values_button);
  gtk_widget_class_bind_template_child (widget_class, JxTrendPanel, parameter_entry);
  gtk_widget_class_bind_template_child (widget_class, JxTrendPanel, values_list);
  gtk_widget_class_bind_template_child (widget_class, JxTrendPanel, progress_box);
  gtk_widget_class_bind_template_child (widget_class, JxTrendPanel, progress);
  gtk_widget_class_bind_template_child (widget_class, JxTrendPanel, stop_button);
  gtk_widget_class_bind_template_child (widget_class, JxTrendPanel, status);
  gtk_widget_class_bind_template_child (widget_class, JxTrendPanel, column_view);
  gtk_widget_class_bind_template_child (widget_class, JxTrendPanel, log_x_button);
  gtk_widget_class_bind_template_child (widget_class, JxTrendPanel, log_y_button);
  gtk_widget_class_bind_template_child (widget_class, JxTrendPanel, chart);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "jxtrendpanel");
}

static void
jx_trend_panel_init (JxTrendPanel *self)
{
  g_autoptr(GtkStringList) measures = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint m = 0; m < JX_TREND_N_MEASURES; m++)
    gtk_string_list_append (measures, jx_trend_measure_label (m));
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->measure_dropdown), G_LIST_MODEL (measures));
  self->measure = JX_TREND_MEASURE_COUNT;
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->measure_dropdown), self->measure);
  g_signal_connect_swapped (self->measure_dropdown, "notify::selected", G_CALLBACK (on_measure_selected), self);

  self->rows = g_list_store_new (JX_TYPE_TREND_ROW);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->rows)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_column_view_set_model (GTK_COLUMN_VIEW (self->column_view), GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_swapped (self->selection, "notify::selected", G_CALLBACK (on_selected), self);
  add_column (self, "#", 0, FALSE);
  add_column (self, _("Function"), 1, TRUE);
  add_column (self, _("Model"), 2, TRUE);
  add_column (self, "R²", 3, FALSE);
  add_column (self, "SMAPE", 4, FALSE);
  add_column (self, _("Confidence"), 5, FALSE);
  self->prediction_column = add_column (self, _("Prediction"), 6, FALSE);

  g_signal_connect (self->paned, "notify::max-position", G_CALLBACK (on_max_position), self);
  g_signal_connect_swapped (self->target_entry, "activate", G_CALLBACK (on_target_activate), self);
  g_signal_connect_swapped (self->parameter_entry, "activate", G_CALLBACK (on_parameter_activate), self);
  g_signal_connect_swapped (self->stop_button, "clicked", G_CALLBACK (on_stop), self);
  g_signal_connect_swapped (self->paths_button, "toggled", G_CALLBACK (on_paths_toggled), self);
  g_signal_connect_swapped (self->log_x_button, "toggled", G_CALLBACK (on_log_toggled), self);
  g_signal_connect_swapped (self->log_y_button, "toggled", G_CALLBACK (on_log_toggled), self);

  self->analysis_signals = g_signal_group_new (JX_TYPE_TREND_ANALYSIS);
  g_signal_group_connect_swapped (self->analysis_signals, "notify::state", G_CALLBACK (update_status), self);
  g_signal_group_connect_swapped (self->analysis_signals, "notify::study", G_CALLBACK (on_study), self);
  g_signal_group_connect_swapped (self->analysis_signals, "notify::fraction", G_CALLBACK (on_fraction), self);
  g_signal_group_connect_swapped (self->analysis_signals, "values-changed", G_CALLBACK (rebuild_values), self);
  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::dark", G_CALLBACK (on_dark), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::name", G_CALLBACK (rebuild_values), self);
}
