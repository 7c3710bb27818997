/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-imbalance-panel.c — see jx-imbalance-panel.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-imbalance-panel.h"
#include "jx-palette.h"
#include "jx-sync-class.h"

/* Processes and segments listed per trace. */
#define TOP 5

struct _JxImbalancePanel
{
  GtkWidget      parent_instance;

  JxSession     *session;
  GSignalGroup  *session_signals;

  GtkWidget     *box;
  GtkWidget     *legend;
  GtkWidget     *function_label;
  GtkWidget     *cold_label;
  GtkWidget     *warm_label;
  GtkWidget     *function_dropdown;
  GtkWidget     *classes_grid;
  GtkWidget     *ranking;

  GtkStringList *functions;        /* "automatic" first, then candidate names */
  gboolean       updating;         /* filling the dropdown: not the user's choice */
  GPtrArray     *rows;             /* the ranking's GtkListBoxRow, in order */
};

G_DEFINE_FINAL_TYPE (JxImbalancePanel, jx_imbalance_panel, GTK_TYPE_WIDGET)

/* A ranking row zooms to a segment of a trace. */
typedef struct
{
  JxSessionTrace *item;
  guint           segment;
  char           *text;
} RowTarget;

static void
row_target_free (gpointer data)
{
  RowTarget *t = data;

  g_clear_object (&t->item);
  g_free (t->text);
  g_free (t);
}

static void
draw_legend (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        data)
{
  for (int x = 0; x < width; x++)
    {
      JxRgba c;

      jx_palette_sos_color ((double) x / MAX (width - 1, 1), &c);
      jx_palette_cairo_set_source (cr, &c);
      cairo_rectangle (cr, x, 0, 1, height);
      cairo_fill (cr);
    }
}

/* The legend names the function whose calls are the segments: the one
 * named, else the reference's dominant one, and how many traces use it. */
static void
update_function_label (JxImbalancePanel *self)
{
  const char *named = self->session != NULL ? jx_session_get_sos_function (self->session) : NULL;
  JxSessionTrace *reference = self->session != NULL ? jx_session_get_reference (self->session) : NULL;
  JxImbalance *ref = reference != NULL ? jx_session_trace_get_imbalance (reference) : NULL;
  const char *function = named;
  guint n = 0, n_common = 0;
  g_autofree char *text = NULL;

  if (function == NULL && ref != NULL)
    function = jx_trace_get_region (jx_imbalance_get_trace (ref), jx_imbalance_get_function (ref))->name;
  for (guint i = 0; self->session != NULL && function != NULL; i++)
    {
      JxSessionTrace *item = jx_session_peek_item (self->session, i);
      JxImbalance *imbalance;

      if (item == NULL)
        break;
      if ((imbalance = jx_session_trace_get_imbalance (item)) == NULL)
        continue;
      n++;
      n_common += g_strcmp0 (jx_trace_get_region (jx_imbalance_get_trace (imbalance),
                                                   jx_imbalance_get_function (imbalance))->name, function) == 0;
    }
  if (function == NULL)
    text = g_strdup (_("Segments: the calls of each trace’s dominant function"));
  else if (named != NULL)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Segments: calls of “%s” (chosen below) in %u of %u trace",
                                         "Segments: calls of “%s” (chosen below) in %u of %u traces", n),
                            function, n_common, n);
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Segments: calls of “%s”, the reference’s dominant function, in %u of %u trace",
                                         "Segments: calls of “%s”, the reference’s dominant function, in %u of %u traces", n),
                            function, n_common, n);
  gtk_label_set_text (GTK_LABEL (self->function_label), text);
}

static void
update_legend (JxImbalancePanel *self)
{
  gint64 lo, hi;

  update_function_label (self);
  if (self->session != NULL && jx_session_get_sos_range (self->session, &lo, &hi))
    {
      g_autofree char *cold = jx_time_format (lo, 3);
      g_autofree char *warm = jx_time_format (hi, 3);
      g_autofree char *cold_text = g_strdup_printf (_("short: %s"), cold);
      g_autofree char *warm_text = g_strdup_printf (_("long: %s"), warm);

      gtk_label_set_text (GTK_LABEL (self->cold_label), cold_text);
      gtk_label_set_text (GTK_LABEL (self->warm_label), warm_text);
    }
  else
    {
      gtk_label_set_text (GTK_LABEL (self->cold_label), _("short"));
      gtk_label_set_text (GTK_LABEL (self->warm_label), _("long"));
    }
}

/* The candidates of the first trace that has an analysis. */
static void
update_functions (JxImbalancePanel *self)
{
  const char *chosen = self->session != NULL ? jx_session_get_sos_function (self->session) : NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  guint selected = 0;

  for (guint i = 0; self->session != NULL && names->len == 0; i++)
    {
      JxSessionTrace *item = jx_session_peek_item (self->session, i);
      JxImbalance *imbalance;

      if (item == NULL)
        break;
      imbalance = jx_session_trace_get_imbalance (item);
      if (imbalance == NULL)
        continue;
      for (guint k = 0; k < jx_imbalance_get_n_candidates (imbalance); k++)
        g_ptr_array_add (names, (gpointer) jx_trace_get_region (jx_imbalance_get_trace (imbalance),
                                                               jx_imbalance_get_candidate (imbalance, k)->region)->name);
    }
  if (chosen != NULL)
    {
      gboolean present = FALSE;

      for (guint k = 0; k < names->len; k++)
        present |= g_str_equal (g_ptr_array_index (names, k), chosen);
      if (!present)
        g_ptr_array_add (names, (gpointer) chosen);
    }

  self->updating = TRUE;
  gtk_string_list_splice (self->functions, 1, g_list_model_get_n_items (G_LIST_MODEL (self->functions)) - 1, NULL);
  for (guint k = 0; k < names->len; k++)
    {
      gtk_string_list_append (self->functions, g_ptr_array_index (names, k));
      if (g_strcmp0 (chosen, g_ptr_array_index (names, k)) == 0)
        selected = k + 1;
    }
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->function_dropdown), selected);
  self->updating = FALSE;
}

static void
on_function_selected (JxImbalancePanel *self)
{
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->function_dropdown));

  if (self->updating || self->session == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  jx_session_set_sos_function (self->session,
                               selected == 0 ? NULL : gtk_string_list_get_string (self->functions, selected));
}

/* Function names can be long: the dropdown's labels ellipsize, so the
 * panel stays as narrow as the side pane. */
static void
setup_item (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_width_chars (GTK_LABEL (label), 12);
  gtk_list_item_set_child (item, label);
}

static void
bind_item (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  data)
{
  GtkStringObject *string = gtk_list_item_get_item (item);
  const char *text = gtk_string_object_get_string (string);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), text);
  gtk_widget_set_tooltip_text (gtk_list_item_get_child (item), text);
}

static GtkWidget *
add_row (JxImbalancePanel *self,
         const char       *markup,
         RowTarget        *target)
{
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *row = gtk_list_box_row_new ();

  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_margin_start (label, 8);
  gtk_widget_set_margin_end (label, 8);
  gtk_widget_set_margin_top (label, 4);
  gtk_widget_set_margin_bottom (label, 4);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), target != NULL);
  if (target != NULL)
    {
      target->text = g_strdup (gtk_label_get_text (GTK_LABEL (label)));
      g_object_set_data_full (G_OBJECT (row), "target", target, row_target_free);
      gtk_widget_set_tooltip_text (row, _("Zoom all timelines to this segment"));
    }
  else
    {
      g_object_set_data_full (G_OBJECT (row), "text", g_strdup (gtk_label_get_text (GTK_LABEL (label))), g_free);
      gtk_widget_add_css_class (row, "dim-label");
    }
  gtk_list_box_append (GTK_LIST_BOX (self->ranking), row);
  g_ptr_array_add (self->rows, row);
  return row;
}

static RowTarget *
target_new (JxSessionTrace *item,
            guint           segment)
{
  RowTarget *t = g_new0 (RowTarget, 1);

  t->item = g_object_ref (item);
  t->segment = segment;
  return t;
}

static char *
ticks_text (JxTrace *trace,
            gint64   ticks)
{
  return jx_time_format (jx_trace_ticks_to_ns (trace, ticks), 3);
}

static void
add_trace_rows (JxImbalancePanel *self,
                JxSessionTrace   *item)
{
  JxImbalance *imbalance = jx_session_trace_get_imbalance (item);
  g_autofree char *name = g_markup_escape_text (jx_session_trace_get_name (item), -1);
  JxTrace *trace;
  g_autofree char *header = NULL;
  g_autofree char *function = NULL;

  if (imbalance == NULL)
    {
      const char *why = jx_session_trace_get_imbalance_error (item);
      g_autofree char *why_text = g_markup_escape_text (why != NULL ? why : _("Computing…"), -1);

      header = g_strdup_printf ("<b>%s</b>\n<small>%s</small>", name, why_text);
      add_row (self, header, NULL);
      return;
    }
  trace = jx_imbalance_get_trace (imbalance);
  function = g_markup_escape_text (jx_trace_get_region (trace, jx_imbalance_get_function (imbalance))->name, -1);
  header = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "<b>%s</b>\n<small>%u segment: calls of %s</small>",
                                         "<b>%s</b>\n<small>%u segments: calls of %s</small>",
                                         jx_imbalance_get_n_segments (imbalance)),
                            name, jx_imbalance_get_n_segments (imbalance), function);
  /* Not the common function: say so. */
  {
    const char *note = jx_trace_folding_get_imbalance_note (jx_session_trace_get_folding (item));

    if (note != NULL)
      {
        g_autofree char *escaped = g_markup_escape_text (note, -1);
        char *with_note = g_strdup_printf ("%s\n<small>⚠ %s</small>", header, escaped);

        g_free (header);
        header = with_note;
      }
  }
  add_row (self, header, NULL);

  /* One process, or one stream, has nothing to be imbalanced against:
   * say so instead of ranking it. */
  if (jx_imbalance_get_ranked_kind (imbalance) == NULL)
    {
      add_row (self, _("<small>Only one stream has segments: there is nothing for it to be imbalanced against.</small>"), NULL);
      return;
    }
  if (jx_imbalance_get_n_processes (imbalance) == 1)
    add_row (self, _("<small>One process: no other process for it to be imbalanced against; "
                     "its streams (threads) are compared with each other.</small>"), NULL);
  for (guint i = 0; jx_imbalance_get_n_processes (imbalance) > 1 && i < MIN (TOP, jx_imbalance_get_n_processes (imbalance)); i++)
    {
      const JxProcessImbalance *p = jx_imbalance_get_process (imbalance, i);
      g_autofree char *process = g_markup_escape_text (jx_trace_get_process (trace, p->process)->name, -1);
      g_autofree char *excess = ticks_text (trace, ABS (p->excess));
      g_autofree char *median = ticks_text (trace, (gint64) p->sos_median);
      g_autofree char *markup = NULL;

      if (p->excess <= 0 || p->worst_segment == JX_NONE)
        break;
      /* TRANSLATORS: a process whose segments took "+80 ms" more SOS time than the medians */
      markup = g_strdup_printf (_("<b>%s</b>\n<small>+%s above the medians · SOS median %s</small>"),
                                process, excess, median);
      add_row (self, markup, target_new (item, p->worst_segment));
    }
  for (guint i = 0; i < MIN (TOP, jx_imbalance_get_n_segments (imbalance)); i++)
    {
      const JxSegment *seg = jx_imbalance_get_ranked_segment (imbalance, i);
      const JxStream *s = jx_trace_get_stream (trace, seg->stream);
      const JxProcess *p = jx_trace_get_process (trace, s->process);
      g_autofree char *where = p->n_streams > 1 ? g_markup_printf_escaped ("%s / %s", p->name, s->name)
                                                : g_markup_escape_text (p->name, -1);
      g_autofree char *distance = ticks_text (trace, ABS (seg->distance));
      g_autofree char *sos = ticks_text (trace, (gint64) seg->sos);
      g_autofree char *markup = NULL;
      guint first;

      if (seg->distance <= 0)
        break;
      jx_imbalance_get_stream_segments (imbalance, seg->stream, &first);
      /* TRANSLATORS: segment #12 of a stream, "+472 µs" above the median of segments #12 */
      markup = g_strdup_printf (_("%s #%u\n<small><b>+%s</b> above the median · SOS %s</small>"), where, seg->index,
                                distance, sos);
      add_row (self, markup, target_new (item, first + seg->index));
    }
}

static void
update_ranking (JxImbalancePanel *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->ranking)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->ranking), child);
  g_ptr_array_set_size (self->rows, 0);
  for (guint i = 0; self->session != NULL; i++)
    {
      JxSessionTrace *item = jx_session_peek_item (self->session, i);

      if (item == NULL)
        break;
      if (jx_session_trace_get_state (item) == JX_SESSION_TRACE_LOADED)
        add_trace_rows (self, item);
    }
  update_legend (self);
  update_functions (self);
}

static void
zoom_to (JxImbalancePanel *self,
         RowTarget        *target)
{
  JxImbalance *imbalance = jx_session_trace_get_imbalance (target->item);
  const JxSegment *seg;
  gint64 t0, t1, margin;

  if (imbalance == NULL || target->segment >= jx_imbalance_get_n_segments (imbalance))
    return;
  seg = jx_imbalance_get_segment (imbalance, target->segment);
  t0 = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (target->item), seg->start);
  t1 = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (target->item), seg->end);
  /* The segment with its neighbours' edges, so its length reads against them. */
  margin = MAX ((t1 - t0) / 2, 1000);
  jx_session_set_visible_time (self->session, &(JxTimeSpan) { t0 - margin, t1 + margin });
  jx_session_select_invocation (self->session, target->item, seg->stream, seg->invocation);
}

static void
on_row_activated (JxImbalancePanel *self,
                  GtkListBoxRow    *row)
{
  RowTarget *target = g_object_get_data (G_OBJECT (row), "target");

  if (target != NULL && self->session != NULL)
    zoom_to (self, target);
}

static void
fill_classes (JxImbalancePanel *self)
{
  const char *titles[] = { N_("Synchronization"), N_("Paradigm"), N_("Roles"), N_("Names") };

  for (guint c = 0; c < G_N_ELEMENTS (titles); c++)
    {
      GtkWidget *label = gtk_label_new (_(titles[c]));

      gtk_widget_add_css_class (label, "heading");
      gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
      gtk_grid_attach (GTK_GRID (self->classes_grid), label, (int) c, 0, 1, 1);
    }
  for (guint r = 0; r < jx_sync_get_n_rules (); r++)
    {
      const JxSyncRuleText *rule = jx_sync_get_rule (r);
      const char *cells[] = { jx_sync_class_label (rule->sync_class), rule->paradigms, rule->roles, rule->names };

      for (guint c = 0; c < G_N_ELEMENTS (cells); c++)
        {
          GtkWidget *label = gtk_label_new (cells[c]);

          gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_label_set_max_width_chars (GTK_LABEL (label), c == 3 ? 48 : 24);
          gtk_label_set_selectable (GTK_LABEL (label), c == 3);
          gtk_grid_attach (GTK_GRID (self->classes_grid), label, (int) c, (int) r + 1, 1, 1);
        }
    }
}

void
jx_imbalance_panel_set_session (JxImbalancePanel *self,
                                JxSession        *session)
{
  g_return_if_fail (JX_IS_IMBALANCE_PANEL (self));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  update_ranking (self);
}

guint
jx_imbalance_panel_get_n_rows (JxImbalancePanel *self)
{
  g_return_val_if_fail (JX_IS_IMBALANCE_PANEL (self), 0);
  return self->rows->len;
}

const char *
jx_imbalance_panel_get_row_text (JxImbalancePanel *self,
                                 guint             index)
{
  GObject *row;
  RowTarget *target;

  g_return_val_if_fail (JX_IS_IMBALANCE_PANEL (self), NULL);

  if (index >= self->rows->len)
    return NULL;
  row = g_ptr_array_index (self->rows, index);
  target = g_object_get_data (row, "target");
  return target != NULL ? target->text : g_object_get_data (row, "text");
}

void
jx_imbalance_panel_activate_row (JxImbalancePanel *self,
                                 guint             index)
{
  g_return_if_fail (JX_IS_IMBALANCE_PANEL (self));

  if (index < self->rows->len)
    on_row_activated (self, g_ptr_array_index (self->rows, index));
}

static void
jx_imbalance_panel_dispose (GObject *object)
{
  JxImbalancePanel *self = JX_IMBALANCE_PANEL (object);

  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), JX_TYPE_IMBALANCE_PANEL);
  g_clear_object (&self->functions);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (jx_imbalance_panel_parent_class)->dispose (object);
}

static void
jx_imbalance_panel_class_init (JxImbalancePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_imbalance_panel_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-imbalance-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, JxImbalancePanel, box);
  gtk_widget_class_bind_template_child (widget_class, JxImbalancePanel, legend);
  gtk_widget_class_bind_template_child (widget_class, JxImbalancePanel, function_label);
  gtk_widget_class_bind_template_child (widget_class, JxImbalancePanel, cold_label);
  gtk_widget_class_bind_template_child (widget_class, JxImbalancePanel, warm_label);
  gtk_widget_class_bind_template_child (widget_class, JxImbalancePanel, function_dropdown);
  gtk_widget_class_bind_template_child (widget_class, JxImbalancePanel, classes_grid);
  gtk_widget_class_bind_template_child (widget_class, JxImbalancePanel, ranking);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
jx_imbalance_panel_init (JxImbalancePanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new ();
  self->functions = gtk_string_list_new (NULL);
  gtk_string_list_append (self->functions, _("Dominant function"));
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->function_dropdown), G_LIST_MODEL (self->functions));
  {
    g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

    g_signal_connect (factory, "setup", G_CALLBACK (setup_item), NULL);
    g_signal_connect (factory, "bind", G_CALLBACK (bind_item), NULL);
    gtk_drop_down_set_factory (GTK_DROP_DOWN (self->function_dropdown), factory);
  }
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->legend), draw_legend, NULL, NULL);
  fill_classes (self);

  g_signal_connect_swapped (self->function_dropdown, "notify::selected", G_CALLBACK (on_function_selected), self);
  g_signal_connect_swapped (self->ranking, "row-activated", G_CALLBACK (on_row_activated), self);

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "items-changed", G_CALLBACK (update_ranking), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::imbalance", G_CALLBACK (update_ranking), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::imbalance-error", G_CALLBACK (update_ranking), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::state", G_CALLBACK (update_ranking), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::sos-function", G_CALLBACK (update_functions), self);
}
