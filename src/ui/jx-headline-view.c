/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-headline-view.c — see jx-headline-view.h. */
#include "config.h"

#include <inttypes.h>

#include <math.h>

#include <glib/gi18n-lib.h>

#include "jx-headline-rows.h"
#include "jx-headline-view.h"
#include "jx-palette.h"

#define DEBOUNCE_MS 150
#define SWATCH 10

struct _JxHeadlineView
{
  GtkWidget     parent_instance;

  JxSession    *session;
  GSignalGroup *session_signals;
  guint         refresh_source;
  guint         top;
  gboolean      syncing;
  gboolean      compact;

  GtkWidget    *box;
  GtkWidget    *runtime;       /* "B is slower: 14.2 s → 18.8 s (×1.33, +4.61 s) · identical structure" */
  GtkWidget    *totals;
  GtkWidget    *rows;          /* JxHeadlineRows: one per contributor */
  GtkWidget    *rest;
  GPtrArray    *buttons;       /* GtkToggleButton per contributor row */
};

G_DEFINE_FINAL_TYPE (JxHeadlineView, jx_headline_view, GTK_TYPE_WIDGET)

static const JxHeadline *
current_headline (JxHeadlineView *self)
{
  JxSessionTrace *compared = self->session != NULL ? jx_session_get_compared (self->session) : NULL;

  if (compared == NULL)
    return NULL;
  return jx_trace_comparison_get_headline (jx_session_trace_get_trace_comparison (compared));
}

/* "identical structure (3759 equal calls)", "12 structural differences
 * (2 mismatched, 10 only in A, 0 only in B)"; the whole verdict is the
 * tooltip. */
static char *
structure_text (const JxHeadline *h)
{
  guint64 n = h->n_different + h->n_only_a + h->n_only_b;

  g_autofree char *unpaired = NULL;

  if (h->n_compared == 0)
    return g_strdup (h->n_pending > 0 ? _("structure not known yet") : _("no stream pair to compare"));
  /* The verdict covers the compared pairs only. */
  if (n == 0 && (unpaired = jx_headline_format_unpaired (h)) != NULL)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "identical structure (%" PRIu64 " equal call; %s)",
                                         "identical structure (%" PRIu64 " equal calls; %s)", h->n_equal),
                            h->n_equal, unpaired);
  if (n == 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "identical structure (%" PRIu64 " equal call)",
                                         "identical structure (%" PRIu64 " equal calls)", h->n_equal),
                            h->n_equal);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%" PRIu64 " structural difference (%" PRIu64 " mismatched, %" PRIu64 " only in A, %" PRIu64 " only in B)",
                                       "%" PRIu64 " structural differences (%" PRIu64 " mismatched, %" PRIu64 " only in A, %" PRIu64 " only in B)",
                                       n),
                          n, h->n_different, h->n_only_a, h->n_only_b);
}

/* "B is slower: 14.2 s → 18.8 s (×1.33, +4.61 s) · identical structure …",
 * with how far the comparison is while pairs are still being aligned. */
static char *
runtime_markup (const JxHeadline *h)
{
  g_autofree char *structure = structure_text (h);
  g_autofree char *a = jx_time_format (jx_time_seconds_to_ns (h->runtime_a), 3);
  g_autofree char *b = jx_time_format (jx_time_seconds_to_ns (h->runtime_b), 3);
  gint64 delta_ns = jx_time_seconds_to_ns (h->runtime_b - h->runtime_a);
  g_autofree char *delta = jx_time_format (delta_ns < 0 ? -delta_ns : delta_ns, 3);
  g_autofree char *verdict = NULL;

  if (h->n_pending > 0)
    {
      char *so_far = g_strdup_printf (_("%s, so far: %u of %u stream pairs"), structure, h->n_compared,
                                      h->n_compared + h->n_pending);

      g_free (structure);
      structure = so_far;
    }

  if (h->runtime_a <= 0.0 || delta_ns == 0)
    return g_markup_printf_escaped ("<b>%s</b>: %s → %s · %s", _("B takes as long as A"), a, b, structure);
  verdict = g_strdup (delta_ns > 0 ? _("B is slower") : _("B is faster"));
  /* The ratio B/A, as the CLI says it. */
  return g_markup_printf_escaped ("<b>%s</b>: %s → %s (×%.2f, %s%s) · %s", verdict, a, b, h->runtime_b / h->runtime_a,
                                  delta_ns > 0 ? "+" : "−", delta, structure);
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  JxHeadlineView *self = user_data;
  const char *name = g_object_get_data (G_OBJECT (area), "function");
  JxSessionTrace *compared = self->session != NULL ? jx_session_get_compared (self->session) : NULL;
  JxRgba rgba;

  /* The colour the timelines give it (a category's, for MPI or OpenMP). */
  jx_palette_name_color (compared != NULL ? jx_session_trace_get_trace (compared) : NULL, name,
                         self->session != NULL && jx_session_get_dark (self->session), &rgba);
  jx_palette_cairo_set_source (cr, &rgba);
  cairo_rectangle (cr, 0, (height - SWATCH) / 2.0, SWATCH, SWATCH);
  cairo_fill (cr);
}

static void
on_contributor_toggled (GtkToggleButton *button,
                        JxHeadlineView  *self)
{
  const char *name = g_object_get_data (G_OBJECT (button), "function");

  if (self->syncing || self->session == NULL)
    return;
  jx_session_focus_function (self->session, gtk_toggle_button_get_active (button) ? name : NULL);
}

/* The buttons follow the session's focus. */
static void
sync_focus (JxHeadlineView *self)
{
  const char *focus = self->session != NULL ? jx_session_get_focus_function (self->session) : NULL;

  self->syncing = TRUE;
  for (guint i = 0; i < self->buttons->len; i++)
    {
      GtkToggleButton *button = g_ptr_array_index (self->buttons, i);

      gtk_toggle_button_set_active (button, g_strcmp0 (focus, g_object_get_data (G_OBJECT (button), "function")) == 0);
    }
  self->syncing = FALSE;
}

static GtkWidget *
cell (const char *text,
      gboolean    numeric)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1.0f : 0.0f);
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  return label;
}

static void
add_row (JxHeadlineView              *self,
         guint                        row,
         const JxHeadlineContributor *c)
{
  GtkWidget *swatch = gtk_drawing_area_new ();
  GtkWidget *button = gtk_toggle_button_new ();
  GtkWidget *name = gtk_label_new (c->name);
  g_autofree char *change = jx_headline_format_change (c);
  g_autofree char *share = jx_headline_format_share (c);
  g_autofree char *share_value = jx_headline_format_share_value (c);
  g_autofree char *detail = jx_headline_format_detail (c);
  g_autofree char *tooltip = NULL;
  GtkWidget *change_label = cell (change, TRUE);
  /* Just "41.2 %": "of the change" on every row took the names' room in
   * a narrow pane; the tooltip says it in full. The numbers are never
   * cut: in a narrow pane they go under the name (jx-headline-rows.h). */
  GtkWidget *share_label = cell (share_value, TRUE);

  g_object_set_data_full (G_OBJECT (swatch), "function", g_strdup (c->name), g_free);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), SWATCH);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), SWATCH);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, self, NULL);
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);

  gtk_label_set_xalign (GTK_LABEL (name), 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_width_chars (GTK_LABEL (name), 6);
  gtk_button_set_child (GTK_BUTTON (button), name);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "headline-function");
  gtk_widget_set_hexpand (button, TRUE);
  g_object_set_data_full (G_OBJECT (button), "function", g_strdup (c->name), g_free);
  tooltip = g_strdup_printf (_("%s\n%s%s%s\nHighlight it in every timeline and select its first call; F7 / Shift+F7 walk its calls. Press again to let go."),
                             c->name, change, detail != NULL ? "; " : "", detail != NULL ? detail : "");
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, c->name, -1);
  g_signal_connect (button, "toggled", G_CALLBACK (on_contributor_toggled), self);

  if (detail != NULL)
    {
      g_autofree char *share_tooltip = g_strdup_printf ("%s\n%s", share, detail);

      gtk_widget_set_tooltip_text (change_label, detail);
      gtk_widget_set_tooltip_text (share_label, share_tooltip);
    }
  else
    gtk_widget_set_tooltip_text (share_label, share);
  jx_headline_rows_append (JX_HEADLINE_ROWS (self->rows), swatch, button, change_label, share_label);
  g_ptr_array_add (self->buttons, button);
}

static void
clear_rows (JxHeadlineView *self)
{
  jx_headline_rows_remove_all (JX_HEADLINE_ROWS (self->rows));
  g_ptr_array_set_size (self->buttons, 0);
}

/* "Largest changes of self time, summed over 4 stream pairs (+10.1 s in all):" */
static char *
totals_text (const JxHeadline *h)
{
  g_autofree char *total = jx_time_format (jx_time_seconds_to_ns (h->total_change), 3);

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Largest changes of self time in the %u stream pair (%s%s in all):",
                                       "Largest changes of self time, summed over %u stream pairs (%s%s in all):",
                                       h->n_compared),
                          h->n_compared, jx_time_seconds_to_ns (h->total_change) > 0 ? "+" : "", total);
}

static void
refresh (JxHeadlineView *self)
{
  const JxHeadline *h = current_headline (self);
  g_autofree char *runtime = NULL;
  g_autofree char *structure = NULL;
  g_autofree char *totals = NULL;
  guint n_shown = 0, n_rest = 0;
  double rest_change = 0.0, rest_share = NAN;

  clear_rows (self);
  gtk_widget_set_visible (self->box, h != NULL);
  if (h == NULL)
    return;

  runtime = runtime_markup (h);
  gtk_label_set_markup (GTK_LABEL (self->runtime), runtime);
  structure = jx_headline_format_structure (h);
  totals = totals_text (h);
  gtk_label_set_text (GTK_LABEL (self->totals), totals);
  /* Compact, the first line is cut to the room beside the page's controls:
   * its tooltip says it whole, with the structure and the totals. */
  gtk_label_set_wrap (GTK_LABEL (self->runtime), !self->compact);
  gtk_label_set_ellipsize (GTK_LABEL (self->runtime), self->compact ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
  {
    g_autofree char *full = jx_headline_format_totals (h);

    gtk_widget_set_tooltip_text (self->totals, full);
    if (self->compact)
      {
        g_autofree char *all = g_strdup_printf ("%s\n%s\n%s", gtk_label_get_text (GTK_LABEL (self->runtime)),
                                                structure, full);

        gtk_widget_set_tooltip_text (self->runtime, all);
      }
    else
      gtk_widget_set_tooltip_text (self->runtime, structure);
  }
  gtk_widget_set_visible (self->totals, !self->compact && jx_headline_get_n_contributors (h) > 0);

  for (guint i = 0; i < jx_headline_get_n_contributors (h) && n_shown < self->top; i++)
    {
      const JxHeadlineContributor *c = jx_headline_get_contributor (h, i);

      if (jx_time_seconds_to_ns (c->change) == 0)
        break;
      add_row (self, n_shown++, c);
    }
  jx_headline_get_rest (h, n_shown, &n_rest, &rest_change, &rest_share);
  if (n_rest > 0)
    {
      g_autofree char *amount = jx_time_format (jx_time_seconds_to_ns (rest_change), 3);
      g_autofree char *text = NULL;

      /* A minus sign, not a hyphen; no share that rounds to nothing. */
      if (isnan (rest_share) || fabs (rest_share) < 0.0005)
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "and %u other function: %s%s",
                                             "and %u other functions: %s%s", n_rest),
                                n_rest, jx_time_seconds_to_ns (rest_change) > 0 ? "+" : "", amount);
      else
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "and %u other function: %s%s, %s%.1f %% of the change",
                                             "and %u other functions: %s%s, %s%.1f %% of the change", n_rest),
                                n_rest, jx_time_seconds_to_ns (rest_change) > 0 ? "+" : "", amount,
                                rest_share < 0 ? "−" : "", fabs (rest_share) * 100.0);
      gtk_label_set_text (GTK_LABEL (self->rest), text);
    }
  gtk_widget_set_visible (self->rest, !self->compact && n_rest > 0);
  gtk_widget_set_visible (self->rows, !self->compact);
  sync_focus (self);
}

static gboolean
refresh_timeout (gpointer user_data)
{
  JxHeadlineView *self = user_data;

  self->refresh_source = 0;
  refresh (self);
  return G_SOURCE_REMOVE;
}

/* Pairs arrive in bursts: one refresh per burst. */
static void
schedule (JxHeadlineView *self)
{
  if (self->refresh_source == 0)
    self->refresh_source = g_timeout_add (DEBOUNCE_MS, refresh_timeout, self);
}

static void
flush (JxHeadlineView *self)
{
  if (self->refresh_source != 0)
    {
      g_clear_handle_id (&self->refresh_source, g_source_remove);
      refresh (self);
    }
}

static void
redraw_swatches (JxHeadlineView *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (self->rows); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_DRAWING_AREA (child))
      gtk_widget_queue_draw (child);
}

/* API ------------------------------------------------------------------------ */

GtkWidget *
jx_headline_view_new (void)
{
  return g_object_new (JX_TYPE_HEADLINE_VIEW, NULL);
}

void
jx_headline_view_set_session (JxHeadlineView *self,
                              JxSession      *session)
{
  g_return_if_fail (JX_IS_HEADLINE_VIEW (self));
  g_return_if_fail (session == NULL || JX_IS_SESSION (session));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  refresh (self);
}

void
jx_headline_view_set_top (JxHeadlineView *self,
                          guint           top)
{
  g_return_if_fail (JX_IS_HEADLINE_VIEW (self));

  if (self->top == top)
    return;
  self->top = top;
  refresh (self);
}

void
jx_headline_view_set_compact (JxHeadlineView *self,
                              gboolean        compact)
{
  g_return_if_fail (JX_IS_HEADLINE_VIEW (self));

  compact = !!compact;
  if (self->compact == compact)
    return;
  self->compact = compact;
  refresh (self);
}

char *
jx_headline_view_dup_text (JxHeadlineView *self)
{
  GString *out;

  g_return_val_if_fail (JX_IS_HEADLINE_VIEW (self), NULL);

  flush (self);
  out = g_string_new (NULL);
  if (!gtk_widget_get_visible (self->box))
    return g_string_free (out, FALSE);
  g_string_append_printf (out, "%s\n", gtk_label_get_text (GTK_LABEL (self->runtime)));
  if (gtk_widget_get_visible (self->totals))
    g_string_append_printf (out, "%s\n", gtk_label_get_text (GTK_LABEL (self->totals)));
  for (guint row = 0; row < self->buttons->len; row++)
    {
      for (guint column = JX_HEADLINE_ROWS_NAME; column < JX_HEADLINE_ROWS_N_COLUMNS; column++)
        {
          GtkWidget *child = jx_headline_rows_get_child (JX_HEADLINE_ROWS (self->rows), row, column);
          const char *text = GTK_IS_BUTTON (child)
                             ? gtk_label_get_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (child))))
                             : gtk_label_get_text (GTK_LABEL (child));

          g_string_append_printf (out, column > JX_HEADLINE_ROWS_NAME ? "  %s" : "%s", text);
        }
      g_string_append_c (out, '\n');
    }
  if (gtk_widget_get_visible (self->rest))
    g_string_append_printf (out, "%s\n", gtk_label_get_text (GTK_LABEL (self->rest)));
  return g_string_free (out, FALSE);
}

GtkWidget *
jx_headline_view_get_contributor (JxHeadlineView *self,
                                  guint           index)
{
  g_return_val_if_fail (JX_IS_HEADLINE_VIEW (self), NULL);

  flush (self);
  return index < self->buttons->len ? g_ptr_array_index (self->buttons, index) : NULL;
}

/* Object --------------------------------------------------------------------- */

static void
jx_headline_view_dispose (GObject *object)
{
  JxHeadlineView *self = JX_HEADLINE_VIEW (object);
  GtkWidget *child;

  g_clear_handle_id (&self->refresh_source, g_source_remove);
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), JX_TYPE_HEADLINE_VIEW);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->buttons, g_ptr_array_unref);

  G_OBJECT_CLASS (jx_headline_view_parent_class)->dispose (object);
}

static void
jx_headline_view_class_init (JxHeadlineViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_headline_view_dispose;

  g_type_ensure (JX_TYPE_HEADLINE_ROWS);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-headline-view.ui");
  gtk_widget_class_bind_template_child (widget_class, JxHeadlineView, box);
  gtk_widget_class_bind_template_child (widget_class, JxHeadlineView, runtime);
  gtk_widget_class_bind_template_child (widget_class, JxHeadlineView, totals);
  gtk_widget_class_bind_template_child (widget_class, JxHeadlineView, rows);
  gtk_widget_class_bind_template_child (widget_class, JxHeadlineView, rest);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "jxheadlineview");
}

static void
jx_headline_view_init (JxHeadlineView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->top = 3;
  self->buttons = g_ptr_array_new ();

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::comparison-pairs", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::comparison-state", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::comparison", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::compared-trace", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::reference", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::focus-function", G_CALLBACK (sync_focus), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::dark", G_CALLBACK (redraw_swatches), self);
}
