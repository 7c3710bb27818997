/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-align-report-view.c — see jx-align-report-view.h. */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "jx-align-report-view.h"
#include "jx-gdk-rgba.h"

struct _JxAlignReportView
{
  GtkWidget      parent_instance;

  GtkWidget     *box;
  GtkWidget     *title;
  GtkWidget     *rows;
  JxAlignReport *report;
};

G_DEFINE_FINAL_TYPE (JxAlignReportView, jx_align_report_view, GTK_TYPE_WIDGET)

static const char *
edge_word (JxAlignReport *report)
{
  return jx_align_report_get_edge (report) == JX_ALIGN_EDGE_END ? _("end") : _("start");
}

static char *
title_text (JxAlignReport *report)
{
  if (jx_align_report_is_marker (report))
    return g_strdup_printf (_("Aligned at the %s of marker “%s”"), edge_word (report),
                            jx_align_report_get_what (report));
  return g_strdup_printf (_("Aligned at the %s of “%s”"), edge_word (report), jx_align_report_get_what (report));
}

static const char *
left_reason (JxAlignEntryStatus status)
{
  switch (status)
    {
    case JX_ALIGN_ENTRY_NO_PROCESS:
      return _("no such process");
    case JX_ALIGN_ENTRY_NO_FUNCTION:
      return _("no such function");
    case JX_ALIGN_ENTRY_NOT_CALLED:
      return _("never called on that stream");
    case JX_ALIGN_ENTRY_NO_MARKER:
      return _("no marker selected");
    case JX_ALIGN_ENTRY_NOT_LOADED:
      return _("not loaded");
    case JX_ALIGN_ENTRY_REFERENCE:
    case JX_ALIGN_ENTRY_ALIGNED:
    default:
      return "";
    }
}

char *
jx_align_report_dup_summary (JxAlignReport *report)
{
  guint aligned, left;
  g_autofree char *moved = NULL;
  g_autoptr(GString) reasons = g_string_new (NULL);

  g_return_val_if_fail (report != NULL, NULL);

  aligned = jx_align_report_count_aligned (report);
  left = jx_align_report_count_left (report);
  if (jx_align_report_is_marker (report))
    moved = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Aligned %u trace at the %s of marker “%s”",
                                          "Aligned %u traces at the %s of marker “%s”", aligned),
                             aligned, edge_word (report), jx_align_report_get_what (report));
  else
    moved = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Aligned %u trace at the %s of “%s”",
                                          "Aligned %u traces at the %s of “%s”", aligned),
                             aligned, edge_word (report), jx_align_report_get_what (report));
  if (left == 0)
    return g_steal_pointer (&moved);

  for (guint i = 0; i < jx_align_report_get_n_entries (report); i++)
    {
      const JxAlignEntry *e = jx_align_report_get_entry (report, i);

      if (e->status == JX_ALIGN_ENTRY_REFERENCE || e->status == JX_ALIGN_ENTRY_ALIGNED)
        continue;
      g_string_append_printf (reasons, "%s%s: %s", reasons->len > 0 ? ", " : "",
                              jx_session_trace_get_name (e->item), left_reason (e->status));
    }
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s; %u left where it was (%s)",
                                       "%s; %u left where they were (%s)", left),
                          moved, left, reasons->str);
}

char *
jx_align_entry_dup_details (JxAlignReport      *report,
                            const JxAlignEntry *e)
{
  g_autofree char *where = NULL;
  g_autofree char *time = NULL;
  g_autofree char *offset = NULL;
  g_autofree char *before = NULL;
  g_autofree char *match = NULL;
  gboolean marker;

  g_return_val_if_fail (report != NULL && e != NULL, NULL);

  marker = jx_align_report_is_marker (report);
  if (e->process != NULL)
    where = g_strdup_printf ("%s / %s", e->process, e->stream != NULL ? e->stream : "");
  time = jx_time_format (e->time_ns, 6);
  offset = jx_time_format (e->offset_after, 6);
  before = jx_time_format (e->offset_before, 6);

  switch (e->status)
    {
    case JX_ALIGN_ENTRY_REFERENCE:
      if (marker)
        /* Not "reference": that is the trace the others are compared with. */
        return g_strdup_printf (_("The others align to this: the marker at %s; offset %s, unchanged"), time, offset);
      return g_strdup_printf (_("The others align to this: %s, invocation %u at %s; offset %s, unchanged"),
                              where, e->ordinal, time, offset);
    case JX_ALIGN_ENTRY_ALIGNED:
      if (marker)
        return g_strdup_printf (_("Its marker now at %s; offset %s (was %s)"), time, offset, before);
      if (e->error == 0)
        match = g_strdup (_("exact profile match"));
      else
        match = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "profile error %" PRIu64 " (the lowest of %u looked at)",
                                              "profile error %" PRIu64 " (the lowest of %u looked at)",
                                              e->n_candidates),
                                 e->error, e->n_candidates);
      return g_strdup_printf (_("%s, invocation %u, %s; offset %s (was %s)"), where, e->ordinal, match, offset, before);
    case JX_ALIGN_ENTRY_NO_FUNCTION:
      return g_strdup_printf (_("No function “%s” in this trace: left where it was (offset %s)"),
                              jx_align_report_get_what (report), before);
    case JX_ALIGN_ENTRY_NOT_CALLED:
      return g_strdup_printf (_("%s never calls “%s”: left where it was (offset %s)"),
                              where != NULL ? where : "", jx_align_report_get_what (report), before);
    case JX_ALIGN_ENTRY_NO_PROCESS:
      return g_strdup_printf (_("No process to match: left where it was (offset %s)"), before);
    case JX_ALIGN_ENTRY_NO_MARKER:
      return g_strdup_printf (_("No marker selected in this trace: left where it was (offset %s)"), before);
    case JX_ALIGN_ENTRY_NOT_LOADED:
    default:
      return g_strdup (_("Not loaded: left where it was"));
    }
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        data)
{
  jx_cairo_swatch (cr, width, height, data);
}

static GtkWidget *
entry_row (JxAlignReport      *report,
           const JxAlignEntry *e,
           gboolean            dark)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *swatch = gtk_drawing_area_new ();
  GtkWidget *name = gtk_label_new (jx_session_trace_get_name (e->item));
  g_autofree char *details_text = jx_align_entry_dup_details (report, e);
  GtkWidget *details = gtk_label_new (details_text);
  GdkRGBA *accent = g_new0 (GdkRGBA, 1);

  jx_trace_colors (e->item, dark, NULL, accent);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 12);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 12);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, accent, g_free);
  gtk_widget_set_valign (swatch, GTK_ALIGN_START);
  gtk_widget_set_margin_top (swatch, 3);

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (name, "heading");
  gtk_label_set_xalign (GTK_LABEL (details), 0);
  gtk_label_set_wrap (GTK_LABEL (details), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (details), 52);
  gtk_label_set_width_chars (GTK_LABEL (details), 40);
  gtk_widget_add_css_class (details, "caption");
  if (e->status == JX_ALIGN_ENTRY_REFERENCE || e->status == JX_ALIGN_ENTRY_ALIGNED)
    gtk_widget_add_css_class (details, "dim-label");
  else
    gtk_widget_add_css_class (details, "warning");

  gtk_box_append (GTK_BOX (texts), name);
  gtk_box_append (GTK_BOX (texts), details);
  gtk_box_append (GTK_BOX (row), swatch);
  gtk_box_append (GTK_BOX (row), texts);
  gtk_widget_add_css_class (row, "align-report-row");
  return row;
}

void
jx_align_report_view_set_report (JxAlignReportView *self,
                                 JxAlignReport     *report,
                                 gboolean           dark)
{
  GtkWidget *child;
  g_autofree char *title = NULL;

  g_return_if_fail (JX_IS_ALIGN_REPORT_VIEW (self));

  if (report != NULL)
    jx_align_report_ref (report);
  g_clear_pointer (&self->report, jx_align_report_unref);
  self->report = report;

  while ((child = gtk_widget_get_first_child (self->rows)) != NULL)
    gtk_box_remove (GTK_BOX (self->rows), child);
  if (report == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->title), "");
      return;
    }
  title = title_text (report);
  gtk_label_set_text (GTK_LABEL (self->title), title);
  for (guint i = 0; i < jx_align_report_get_n_entries (report); i++)
    gtk_box_append (GTK_BOX (self->rows), entry_row (report, jx_align_report_get_entry (report, i), dark));
}

JxAlignReport *
jx_align_report_view_get_report (JxAlignReportView *self)
{
  g_return_val_if_fail (JX_IS_ALIGN_REPORT_VIEW (self), NULL);
  return self->report;
}

guint
jx_align_report_view_get_n_rows (JxAlignReportView *self)
{
  guint n = 0;

  g_return_val_if_fail (JX_IS_ALIGN_REPORT_VIEW (self), 0);

  for (GtkWidget *c = gtk_widget_get_first_child (self->rows); c != NULL; c = gtk_widget_get_next_sibling (c))
    n++;
  return n;
}

char *
jx_align_report_view_dup_row_text (JxAlignReportView *self,
                                   guint              index)
{
  GtkWidget *row;
  GtkWidget *texts;
  GtkWidget *name;

  g_return_val_if_fail (JX_IS_ALIGN_REPORT_VIEW (self), NULL);

  row = gtk_widget_get_first_child (self->rows);
  for (guint i = 0; i < index && row != NULL; i++)
    row = gtk_widget_get_next_sibling (row);
  if (row == NULL)
    return NULL;
  texts = gtk_widget_get_last_child (row);
  name = gtk_widget_get_first_child (texts);
  return g_strdup_printf ("%s\n%s", gtk_label_get_text (GTK_LABEL (name)),
                          gtk_label_get_text (GTK_LABEL (gtk_widget_get_next_sibling (name))));
}

static void
jx_align_report_view_dispose (GObject *object)
{
  JxAlignReportView *self = JX_ALIGN_REPORT_VIEW (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->report, jx_align_report_unref);

  G_OBJECT_CLASS (jx_align_report_view_parent_class)->dispose (object);
}

static void
jx_align_report_view_class_init (JxAlignReportViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_align_report_view_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "jxalignreportview");
}

static void
jx_align_report_view_init (JxAlignReportView *self)
{
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);
  self->title = gtk_label_new (NULL);
  self->rows = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);

  gtk_label_set_xalign (GTK_LABEL (self->title), 0);
  gtk_label_set_wrap (GTK_LABEL (self->title), TRUE);
  gtk_widget_add_css_class (self->title, "title-4");
  gtk_box_append (GTK_BOX (self->box), self->title);
  gtk_box_append (GTK_BOX (self->box), self->rows);
  gtk_widget_set_margin_start (self->box, 6);
  gtk_widget_set_margin_end (self->box, 6);
  gtk_widget_set_margin_top (self->box, 6);
  gtk_widget_set_margin_bottom (self->box, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
}

GtkWidget *
jx_align_report_view_new (void)
{
  return g_object_new (JX_TYPE_ALIGN_REPORT_VIEW, NULL);
}
