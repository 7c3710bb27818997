/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-header.c */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-comparison-status.h"
#include "jx-gdk-rgba.h"
#include "jx-trace-actions.h"
#include "jx-trace-header.h"

struct _JxTraceHeader
{
  GtkWidget       parent_instance;

  JxSession      *session;
  JxSessionTrace *item;
  GSignalGroup   *item_signals;
  GSignalGroup   *session_signals;

  GtkWidget      *swatch;
  GtkWidget      *name_label;
  GtkWidget      *offset_label;
  GtkWidget      *comparison_status;
  GtkWidget      *menu_button;
};

enum {
  MENU_OPENING,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (JxTraceHeader, jx_trace_header, GTK_TYPE_WIDGET)

/* A trace whose event files could not all be read: what was lost, as
 * "1 stream cut short, 2 unreadable" (NULL when nothing was), and in
 * `files` the event files concerned, at most three named. */
static char *
lost_streams (JxTrace  *trace,
              char    **files)
{
  g_autoptr(GString) names = g_string_new (NULL);
  guint n_missing = 0, n_truncated = 0, n_named = 0;
  g_autofree char *missing = NULL, *truncated = NULL;

  for (guint i = 0; i < jx_trace_get_n_streams (trace); i++)
    {
      guint flags = jx_trace_get_stream (trace, i)->flags;
      g_autofree char *file = NULL;

      if (flags & JX_STREAM_FLAG_MISSING)
        n_missing++;
      else if (flags & JX_STREAM_FLAG_TRUNCATED)
        n_truncated++;
      else
        continue;
      if (n_named++ < 3)
        {
          file = jx_trace_get_event_file (trace, i);
          g_string_append_printf (names, names->len > 0 ? ", %s" : "%s", file);
        }
    }
  if (n_missing + n_truncated == 0)
    return NULL;
  if (n_named > 3)
    g_string_append_printf (names, g_dngettext (GETTEXT_PACKAGE, " and %u more", " and %u more", n_named - 3),
                            n_named - 3);
  *files = g_string_free (g_steal_pointer (&names), FALSE);
  if (n_truncated > 0)
    truncated = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u stream cut short", "%u streams cut short",
                                              n_truncated), n_truncated);
  if (n_missing > 0)
    missing = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u stream unreadable", "%u streams unreadable",
                                            n_missing), n_missing);
  if (truncated != NULL && missing != NULL)
    /* TRANSLATORS: "1 stream cut short, 2 streams unreadable" */
    return g_strdup_printf (_("%s, %s"), truncated, missing);
  if (truncated != NULL)
    return g_steal_pointer (&truncated);
  return g_steal_pointer (&missing);
}

static void
update (JxTraceHeader *self)
{
  g_autofree char *text = NULL;
  g_autofree char *tooltip = NULL;

  gtk_label_set_text (GTK_LABEL (self->name_label), jx_session_trace_get_name (self->item));

  switch (jx_session_trace_get_state (self->item))
    {
    case JX_SESSION_TRACE_LOADING:
      text = g_strdup_printf (_("Loading… %.0f %%"), 100.0 * jx_session_trace_get_fraction (self->item));
      break;
    case JX_SESSION_TRACE_FAILED:
      text = g_strdup (_("Failed to load"));
      break;
    case JX_SESSION_TRACE_LOADED:
    default:
      {
        g_autofree char *value = jx_time_format (jx_session_trace_get_offset (self->item), 6);
        JxTrace *trace = jx_session_trace_get_trace (self->item);
        g_autofree char *runtime = NULL;

        /* The runtime first: what a comparison is about. */
        if (trace != NULL)
          runtime = jx_time_format (jx_time_seconds_to_ns (jx_trace_ticks_to_seconds (trace,
                                      (gint64) (jx_trace_get_end_time (trace) - jx_trace_get_start_time (trace)))), 3);
        if (jx_session_trace_get_reference (self->item))
          text = runtime != NULL ? g_strdup_printf (_("runtime %s · offset %s · reference"), runtime, value)
                                 : g_strdup_printf (_("offset %s · reference"), value);
        else
          text = runtime != NULL ? g_strdup_printf (_("runtime %s · offset %s"), runtime, value)
                                 : g_strdup_printf (_("offset %s"), value);
        /* Every result shown for a part covers only that part. */
        if (jx_session_trace_get_partial (self->item) != NULL)
          {
            /* TRANSLATORS: %s is the header so far, then what the partial load took
             * ("4 of 32 processes (“MPI Rank 1*”), window 1 s – 2 s"). */
            char *with = g_strdup_printf (_("%s · partial: %s"), text,
                                          jx_session_trace_get_partial (self->item)->description);

            g_free (text);
            text = with;
          }
        /* Event files that could not be read: every result shown for the
         * trace lacks their calls, and the header says so (as
         * juxtrace-cli does on stderr). */
        if (trace != NULL)
          {
            g_autofree char *files = NULL;
            g_autofree char *lost = lost_streams (trace, &files);

            if (lost != NULL)
              {
                /* TRANSLATORS: %s is the header so far, then what was lost
                 * ("1 stream cut short"). */
                char *with = g_strdup_printf (_("%s · read in part: %s"), text, lost);

                g_free (text);
                text = with;
                tooltip = g_strdup_printf (_("Results for this trace cover only the events that could be read. "
                                             "Event files not read to the end: %s. “Trace Details and Load "
                                             "Report” in the trace’s menu lists what was lost."), files);
              }
          }
      }
      break;
    }
  /* With the SOS overlay: a trace not segmented by the common function
   * says so where its overlay is. */
  if (self->session != NULL && jx_session_get_show_sos (self->session) &&
      jx_session_trace_get_state (self->item) == JX_SESSION_TRACE_LOADED)
    {
      const char *note = jx_trace_folding_get_imbalance_note (jx_session_trace_get_folding (self->item));
      JxImbalance *imbalance = jx_session_trace_get_imbalance (self->item);

      if (note != NULL && imbalance != NULL)
        {
          const char *own = jx_trace_get_region (jx_imbalance_get_trace (imbalance),
                                                 jx_imbalance_get_function (imbalance))->name;
          char *with = g_strdup_printf (_("%s · SOS by its own “%s”"), text, own);

          g_free (text);
          text = with;
        }
      gtk_widget_set_tooltip_text (self->offset_label, note);
    }
  else
    gtk_widget_set_tooltip_text (self->offset_label, tooltip);
  gtk_label_set_text (GTK_LABEL (self->offset_label), text);
  gtk_widget_queue_draw (self->swatch);
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  JxTraceHeader *self = user_data;
  GdkRGBA tint, accent;
  double r = MIN (width, height) / 2.0;

  if (self->item == NULL)
    return;
  jx_trace_colors (self->item, jx_session_get_dark (self->session), &tint, &accent);
  cairo_arc (cr, width / 2.0, height / 2.0, r - 1, 0, 2 * G_PI);
  gdk_cairo_set_source_rgba (cr, &tint);
  cairo_fill_preserve (cr);
  gdk_cairo_set_source_rgba (cr, &accent);
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);
}

/* The menu model stays; this only tells the owner which menu opens. */
static void
on_create_popup (GtkMenuButton *button,
                 gpointer       user_data)
{
  g_signal_emit (user_data, signals[MENU_OPENING], 0);
}

/* The button's tooltip would cover the top of its own open menu. */
static void
on_menu_visible (GtkWidget     *popover,
                 GParamSpec    *pspec,
                 JxTraceHeader *self)
{
  gtk_widget_set_tooltip_text (self->menu_button,
                               gtk_widget_get_visible (popover) ? NULL : _("Trace Menu"));
}

void
jx_trace_header_bind (JxTraceHeader  *self,
                      JxSession      *session,
                      JxSessionTrace *item)
{
  g_return_if_fail (JX_IS_TRACE_HEADER (self));
  g_return_if_fail (JX_IS_SESSION (session));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));
  g_return_if_fail (self->item == NULL);

  self->session = g_object_ref (session);
  self->item = g_object_ref (item);
  g_signal_group_set_target (self->session_signals, session);
  g_signal_group_set_target (self->item_signals, item);
  jx_comparison_status_bind (JX_COMPARISON_STATUS (self->comparison_status), session, item);
  update (self);
}

static void
jx_trace_header_dispose (GObject *object)
{
  JxTraceHeader *self = JX_TRACE_HEADER (object);

  if (self->item_signals != NULL)
    g_signal_group_set_target (self->item_signals, NULL);
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->item_signals);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->item);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), JX_TYPE_TRACE_HEADER);

  G_OBJECT_CLASS (jx_trace_header_parent_class)->dispose (object);
}

static void
jx_trace_header_class_init (JxTraceHeaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_trace_header_dispose;

  signals[MENU_OPENING] =
    g_signal_new ("menu-opening", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (JX_TYPE_COMPARISON_STATUS);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-trace-header.ui");
  gtk_widget_class_bind_template_child (widget_class, JxTraceHeader, swatch);
  gtk_widget_class_bind_template_child (widget_class, JxTraceHeader, name_label);
  gtk_widget_class_bind_template_child (widget_class, JxTraceHeader, offset_label);
  gtk_widget_class_bind_template_child (widget_class, JxTraceHeader, comparison_status);
  gtk_widget_class_bind_template_child (widget_class, JxTraceHeader, menu_button);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "jxtraceheader");
}

static void
jx_trace_header_init (JxTraceHeader *self)
{
  g_autoptr(GMenuModel) menu = jx_trace_menu_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))), 6);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->swatch), draw_swatch, self, NULL);

  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->menu_button), menu);
  gtk_menu_button_set_create_popup_func (GTK_MENU_BUTTON (self->menu_button), on_create_popup, self, NULL);
  g_signal_connect_object (gtk_menu_button_get_popover (GTK_MENU_BUTTON (self->menu_button)),
                           "notify::visible", G_CALLBACK (on_menu_visible), self, 0);

  self->item_signals = g_signal_group_new (JX_TYPE_SESSION_TRACE);
  g_signal_group_connect_swapped (self->item_signals, "notify", G_CALLBACK (update), self);
  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::dark",
                                  G_CALLBACK (gtk_widget_queue_draw), self->swatch);
  g_signal_group_connect_swapped (self->session_signals, "notify::show-sos", G_CALLBACK (update), self);
}

const char *
jx_trace_header_get_status (JxTraceHeader *self)
{
  g_return_val_if_fail (JX_IS_TRACE_HEADER (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->offset_label));
}
