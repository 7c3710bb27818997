/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-legend.c */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-diff-legend.h"
#include "jx-palette.h"
#include "jx-timing-scale.h"
#include "jx-wrap-box.h"

#define SWATCH 12
#define SCALE_HEIGHT 26

struct _JxDiffLegend
{
  GtkWidget     parent_instance;

  JxSession    *session;
  GSignalGroup *session_signals;
  GtkWidget    *swatches[JX_DIFF_N_STATES];
  GtkWidget    *labels[JX_DIFF_N_STATES];
  GtkWidget    *scale;       /* the timing scale, unless the mode is structure */
  GtkWidget    *row;         /* swatches, then the scale; wraps in a narrow pane */
};

enum {
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (JxDiffLegend, jx_diff_legend, GTK_TYPE_WIDGET)

/* A block for the states that take width, a thin mark for the ticks: as the
 * bars draw them. */
static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  JxDiffLegend *self = user_data;
  JxDiffState state = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "state"));
  gboolean dark = self->session != NULL && jx_session_get_dark (self->session);
  JxRgba rgba;

  jx_palette_diff_color (state, dark, &rgba);
  cairo_set_source_rgba (cr, rgba.red, rgba.green, rgba.blue, rgba.alpha);
  if (state == JX_DIFF_ONLY_THERE)
    cairo_rectangle (cr, width / 2.0 - 1.5, 0, 3, height);
  else
    cairo_rectangle (cr, 0, height / 4.0, width, height / 2.0);
  cairo_fill (cr);
}

static void
draw_scale (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        user_data)
{
  JxDiffLegend *self = user_data;

  if (self->session == NULL)
    return;
  jx_timing_scale_draw (cr, gtk_widget_get_pango_context (GTK_WIDGET (area)), NULL,
                        jx_session_get_noise_band (self->session), 0, 0, width, height,
                        jx_session_get_dark (self->session));
}

static void
redraw (JxDiffLegend *self)
{
  for (guint i = 0; i < JX_DIFF_N_STATES; i++)
    if (self->swatches[i] != NULL)
      gtk_widget_queue_draw (self->swatches[i]);
  gtk_widget_queue_draw (self->scale);
}

/* Time mode has no structural colours; structure mode no timing scale. */
static void
update_mode (JxDiffLegend *self)
{
  JxDiffBarMode mode = self->session != NULL ? jx_session_get_diff_mode (self->session) : JX_DIFF_BAR_BOTH;

  for (guint i = 0; i < JX_DIFF_N_STATES; i++)
    if (self->swatches[i] != NULL)
      {
        gboolean shown = mode != JX_DIFF_BAR_TIME || i == JX_DIFF_EQUAL;

        /* The swatch and its label share a box, the row's child. */
        gtk_widget_set_visible (gtk_widget_get_parent (self->swatches[i]), shown);
      }
  gtk_label_set_text (GTK_LABEL (self->labels[JX_DIFF_EQUAL]),
                      mode == JX_DIFF_BAR_TIME ? _("within the band") : _("equal"));
  gtk_widget_set_visible (self->scale, mode != JX_DIFF_BAR_STRUCTURE);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (self->scale),
                                      jx_timing_scale_get_width (gtk_widget_get_pango_context (self->scale), NULL, TRUE) + 4);
  redraw (self);
}

static void
jx_diff_legend_dispose (GObject *object)
{
  JxDiffLegend *self = JX_DIFF_LEGEND (object);

  g_clear_pointer (&self->row, gtk_widget_unparent);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (jx_diff_legend_parent_class)->dispose (object);
}

static void
jx_diff_legend_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  JxDiffLegend *self = JX_DIFF_LEGEND (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_diff_legend_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  JxDiffLegend *self = JX_DIFF_LEGEND (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      jx_diff_legend_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_diff_legend_class_init (JxDiffLegendClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_diff_legend_dispose;
  object_class->get_property = jx_diff_legend_get_property;
  object_class->set_property = jx_diff_legend_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, JX_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "jxdifflegend");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
jx_diff_legend_init (JxDiffLegend *self)
{
  static const JxDiffState states[] = { JX_DIFF_EQUAL, JX_DIFF_DIFFERENT, JX_DIFF_ONLY_HERE, JX_DIFF_ONLY_THERE };
  static const char *const short_labels[] = {
    [JX_DIFF_EQUAL] = N_("equal"),
    [JX_DIFF_DIFFERENT] = N_("different"),
    /* Short, so that the legend fits a narrow pane in one line; the
     * tooltips say it in full. */
    [JX_DIFF_ONLY_HERE] = N_("only here"),
    [JX_DIFF_ONLY_THERE] = N_("calls there"),
  };

  /* One line where the pane is wide enough, more lines where it is not:
   * never cut at the pane's edge. */
  self->row = jx_wrap_box_new ();
  jx_wrap_box_set_spacing (JX_WRAP_BOX (self->row), 6, 2);
  gtk_widget_set_parent (self->row, GTK_WIDGET (self));
  for (guint i = 0; i < G_N_ELEMENTS (states); i++)
    {
      GtkWidget *swatch_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      GtkWidget *swatch = gtk_drawing_area_new ();
      GtkWidget *label = gtk_label_new (_(short_labels[states[i]]));

      g_object_set_data (G_OBJECT (swatch), "state", GUINT_TO_POINTER (states[i]));
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), SWATCH);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), SWATCH);
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, self, NULL);
      gtk_widget_set_tooltip_text (swatch, jx_palette_diff_label (states[i]));
      gtk_widget_add_css_class (label, "caption");
      gtk_widget_set_margin_end (label, 6);
      gtk_widget_set_tooltip_text (label, jx_palette_diff_label (states[i]));
      gtk_box_append (GTK_BOX (swatch_box), swatch);
      gtk_box_append (GTK_BOX (swatch_box), label);
      gtk_widget_set_valign (swatch_box, GTK_ALIGN_CENTER);
      jx_wrap_box_append (JX_WRAP_BOX (self->row), swatch_box);
      self->swatches[states[i]] = swatch;
      self->labels[states[i]] = label;
    }
  self->scale = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->scale), SCALE_HEIGHT);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->scale), draw_scale, self, NULL);
  gtk_widget_set_tooltip_text (self->scale, _("Equal calls by their self time B/A (duration minus callees’): red slower in B, "
                                              "blue faster, deeper up to ×4; within the noise band they stay grey. "
                                              "Each trace’s bar colours a pixel by that trace’s own calls under it, so "
                                              "the same stretch can read faster in one trace and slower in the other "
                                              "when different calls fill its pixels there"));
  gtk_widget_set_valign (self->scale, GTK_ALIGN_CENTER);
  jx_wrap_box_append (JX_WRAP_BOX (self->row), self->scale);

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::dark", G_CALLBACK (redraw), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::diff-mode", G_CALLBACK (update_mode), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::noise-band", G_CALLBACK (redraw), self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Colours of the diff bars"),
                                  -1);
}

GtkWidget *
jx_diff_legend_new (JxSession *session)
{
  return g_object_new (JX_TYPE_DIFF_LEGEND, "session", session, NULL);
}

JxSession *
jx_diff_legend_get_session (JxDiffLegend *self)
{
  g_return_val_if_fail (JX_IS_DIFF_LEGEND (self), NULL);
  return self->session;
}

void
jx_diff_legend_set_session (JxDiffLegend *self,
                            JxSession    *session)
{
  g_return_if_fail (JX_IS_DIFF_LEGEND (self));
  g_return_if_fail (session == NULL || JX_IS_SESSION (session));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  update_mode (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}
