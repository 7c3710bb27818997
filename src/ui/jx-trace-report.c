/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-report.c — what a loaded trace holds and what the loader repaired. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-trace-report.h"

/* Long lists are cut so the window stays responsive on traces with thousands
 * of streams; the counts in the titles stay exact. */
#define MAX_PROCESS_ROWS 256
#define MAX_STREAM_ROWS  64

static GtkWidget *
info_row (const char *title,
          const char *value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (value);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_xalign (GTK_LABEL (label), 1.0f);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "numeric");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);

  return row;
}

static char *
format_count (guint64 n)
{
  return g_strdup_printf ("%'" G_GUINT64_FORMAT, n);
}

static char *
format_span (JxTrace *trace,
             guint64  from,
             guint64  to)
{
  guint64 start = jx_trace_get_start_time (trace);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  a = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) (from - MIN (from, start))), 3);
  b = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) (to - MIN (to, start))), 3);
  /* Translators: a time span from trace start, e.g. "1.2 ms – 3.45 s". */
  return g_strdup_printf (_("%s – %s"), a, b);
}

char *
jx_trace_describe (JxTrace *trace)
{
  g_autofree char *processes = NULL;
  g_autofree char *streams = NULL;
  g_autofree char *events = NULL;
  g_autofree char *duration = NULL;
  guint n_processes;
  guint n_streams;
  guint64 n_events;
  guint64 start;
  guint64 end;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  n_processes = jx_trace_get_n_processes (trace);
  n_streams = jx_trace_get_n_streams (trace);
  n_events = jx_trace_get_n_events (trace);
  start = jx_trace_get_start_time (trace);
  end = jx_trace_get_end_time (trace);

  processes = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u process", "%u processes", n_processes), n_processes);
  streams = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u stream", "%u streams", n_streams), n_streams);
  events = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'llu event", "%'llu events",
                                         (gulong) MIN (n_events, G_MAXULONG)), (unsigned long long) n_events);
  duration = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) (end > start ? end - start : 0)), 3);

  /* Translators: processes · streams · events · duration */
  return g_strdup_printf (_("%s · %s · %s · %s"), processes, streams, events, duration);
}

static const char *
stream_kind_label (guint8 kind)
{
  switch ((JxStreamKind) kind)
    {
    case JX_STREAM_CPU_THREAD:
      return _("CPU thread");
    case JX_STREAM_ACCELERATOR:
      return _("Accelerator stream");
    case JX_STREAM_METRIC:
      return _("Metric");
    case JX_STREAM_OTHER:
    default:
      return _("Other");
    }
}

static GtkWidget *
build_overview_page (JxTrace    *trace,
                     const char *name)
{
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *processes = adw_preferences_group_new ();
  g_autofree char *events = NULL;
  g_autofree char *invocations = NULL;
  g_autofree char *messages = NULL;
  g_autofree char *markers = NULL;
  g_autofree char *duration = NULL;
  g_autofree char *resolution = NULL;
  g_autofree char *processes_title = NULL;
  guint n_processes = jx_trace_get_n_processes (trace);
  guint64 start = jx_trace_get_start_time (trace);
  guint64 end = jx_trace_get_end_time (trace);

  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (page), _("Overview"));
  adw_preferences_page_set_icon_name (ADW_PREFERENCES_PAGE (page), "view-list-symbolic");

  /* The view switcher hides the window title when wide: name the trace here too. */
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), name);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), info_row (_("Anchor file"), jx_trace_get_path (trace)));
  if (jx_trace_get_creator (trace) != NULL && jx_trace_get_creator (trace)[0] != '\0')
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), info_row (_("Recorded by"), jx_trace_get_creator (trace)));

  duration = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) (end > start ? end - start : 0)), 3);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), info_row (_("Duration"), duration));
  resolution = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'llu tick per second", "%'llu ticks per second",
                                             (gulong) MIN (jx_trace_get_timer_resolution (trace), G_MAXULONG)),
                                (unsigned long long) jx_trace_get_timer_resolution (trace));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), info_row (_("Timer resolution"), resolution));
  events = format_count (jx_trace_get_n_events (trace));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), info_row (_("Events"), events));
  invocations = format_count (jx_trace_get_n_invocations (trace));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), info_row (_("Function invocations"), invocations));
  messages = format_count (jx_trace_get_n_messages (trace));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), info_row (_("Messages"), messages));
  markers = format_count (jx_trace_get_n_markers (trace));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), info_row (_("Markers"), markers));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));

  processes_title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Process", "%u Processes", n_processes), n_processes);
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (processes), processes_title);
  if (n_processes > MAX_PROCESS_ROWS)
    {
      g_autofree char *desc = g_strdup_printf (_("The first %u are listed."), MAX_PROCESS_ROWS);
      adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (processes), desc);
    }

  for (guint p = 0; p < MIN (n_processes, MAX_PROCESS_ROWS); p++)
    {
      const JxProcess *process = jx_trace_get_process (trace, p);
      GtkWidget *expander = adw_expander_row_new ();
      g_autofree char *subtitle = NULL;
      guint64 process_events = 0;
      guint64 first = G_MAXUINT64;
      guint64 last = 0;
      g_autofree char *span = NULL;
      g_autofree char *streams_text = NULL;
      g_autofree char *events_text = NULL;

      for (guint s = 0; s < process->n_streams; s++)
        {
          const JxStream *stream = jx_trace_get_stream (trace, process->first_stream + s);

          process_events += stream->n_events;
          if (stream->n_events > 0)
            {
              first = MIN (first, stream->first_time);
              last = MAX (last, stream->last_time);
            }
        }

      if (first == G_MAXUINT64)
        span = g_strdup (_("no events"));
      else
        span = format_span (trace, first, last);

      streams_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u stream", "%u streams", process->n_streams),
                                      process->n_streams);
      events_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'llu event", "%'llu events",
                                                  (gulong) MIN (process_events, G_MAXULONG)),
                                     (unsigned long long) process_events);
      /* Translators: streams · events · time span */
      subtitle = g_strdup_printf (_("%s · %s · %s"), streams_text, events_text, span);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), process->name);
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander), subtitle);

      for (guint s = 0; s < MIN (process->n_streams, MAX_STREAM_ROWS); s++)
        {
          const JxStream *stream = jx_trace_get_stream (trace, process->first_stream + s);
          GtkWidget *row = adw_action_row_new ();
          g_autofree char *stream_span = NULL;
          g_autofree char *stream_subtitle = NULL;
          g_autofree char *stream_events = NULL;
          g_autofree char *stream_invocations = NULL;
          const char *flag = "";

          if (stream->flags & JX_STREAM_FLAG_MISSING)
            flag = _(" · events missing");
          else if (stream->flags & JX_STREAM_FLAG_TRUNCATED)
            flag = _(" · event file ends early");
          else if (stream->flags & JX_STREAM_FLAG_EMPTY)
            flag = _(" · empty");
          else if (stream->flags & JX_STREAM_FLAG_REPAIRED)
            flag = _(" · repaired");

          stream_span = stream->n_events > 0 ? format_span (trace, stream->first_time, stream->last_time)
                                             : g_strdup (_("no events"));
          stream_events = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'llu event", "%'llu events",
                                                        (gulong) MIN (stream->n_events, G_MAXULONG)),
                                           (unsigned long long) stream->n_events);
          stream_invocations = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u invocation", "%'u invocations",
                                                             stream->n_invocations),
                                                stream->n_invocations);
          /* Translators: kind · events · invocations · span · flag */
          stream_subtitle = g_strdup_printf (_("%s · %s · %s · %s%s"),
                                             stream_kind_label (stream->kind),
                                             stream_events, stream_invocations,
                                             stream_span, flag);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), stream->name);
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), stream_subtitle);
          adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), row);
        }

      adw_preferences_group_add (ADW_PREFERENCES_GROUP (processes), expander);
    }

  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (processes));

  return page;
}

static GtkWidget *
build_report_page (JxTrace *trace)
{
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *counts = adw_preferences_group_new ();
  guint64 total = jx_trace_get_n_defects (trace);
  guint n_issues = jx_trace_get_n_load_issues (trace);

  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (page), _("Load Report"));
  adw_preferences_page_set_icon_name (ADW_PREFERENCES_PAGE (page),
                                      total > 0 ? "dialog-warning-symbolic" : "emblem-ok-symbolic");

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (counts), _("Repaired Defects"));
  if (total == 0)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (counts),
                                           _("The trace was read without finding any defect."));
  else
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (counts),
                                           _("Real traces are imperfect. These defects were found while loading and repaired so that the rest of the trace could be shown."));

  for (guint d = 0; d < JX_N_DEFECTS; d++)
    {
      guint64 n = jx_trace_get_defect_count (trace, (JxDefect) d);
      g_autofree char *value = NULL;

      if (n == 0)
        continue;
      value = format_count (n);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (counts),
                                 info_row (jx_defect_describe ((JxDefect) d), value));
    }
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (counts));

  if (n_issues > 0)
    {
      GtkWidget *list = adw_preferences_group_new ();
      g_autofree char *desc = NULL;

      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (list), _("Where"));
      if ((guint64) n_issues < total)
        {
          desc = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The first %u of %'llu defect.", "The first %u of %'llu defects.",
                                               (gulong) MIN (total, G_MAXULONG)),
                                  n_issues, (unsigned long long) total);
          adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (list), desc);
        }

      for (guint i = 0; i < n_issues; i++)
        {
          const JxLoadIssue *issue = jx_trace_get_load_issue (trace, i);
          GtkWidget *row = adw_action_row_new ();
          g_autofree char *subtitle = NULL;
          g_autofree char *when = NULL;
          const char *stream_name = NULL;

          if (issue->stream != JX_NONE && issue->stream < jx_trace_get_n_streams (trace))
            stream_name = jx_trace_get_stream (trace, issue->stream)->name;
          if (issue->time != 0)
            when = jx_time_format (jx_trace_ticks_to_ns (trace,
                                     (gint64) (issue->time - MIN (issue->time, jx_trace_get_start_time (trace)))), 3);

          if (stream_name != NULL && issue->time != 0)
            /* Translators: defect kind · stream name · time */
            subtitle = g_strdup_printf (_("%s · %s · at %s"), jx_defect_to_string (issue->defect),
                                        stream_name, when);
          else if (stream_name != NULL)
            subtitle = g_strdup_printf (_("%s · %s"), jx_defect_to_string (issue->defect), stream_name);
          else
            subtitle = g_strdup (jx_defect_to_string (issue->defect));

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                         issue->detail != NULL ? issue->detail : jx_defect_describe (issue->defect));
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (list), row);
        }

      adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (list));
    }

  return page;
}

GtkWidget *
jx_trace_report_window_new (GtkWindow  *parent,
                            JxTrace    *trace,
                            const char *name,
                            gboolean    show_report)
{
  g_autofree char *escaped = NULL;
  g_autofree char *title = NULL;
  GtkWidget *window;
  GtkWidget *overview;
  GtkWidget *report;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  if (name == NULL || name[0] == '\0')
    name = jx_trace_get_name (trace);
  if (name == NULL)
    name = "";
  title = g_strdup_printf (_("%s — Trace Details"), name);
  escaped = g_markup_escape_text (name, -1);

  window = g_object_new (ADW_TYPE_PREFERENCES_WINDOW,
                         "title", title,
                         "transient-for", parent,
                         "modal", TRUE,
                         "search-enabled", FALSE,
                         "default-width", 640,
                         "default-height", 640,
                         NULL);

  overview = build_overview_page (trace, escaped);
  report = build_report_page (trace);
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (window), ADW_PREFERENCES_PAGE (overview));
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (window), ADW_PREFERENCES_PAGE (report));
  if (show_report)
    adw_preferences_window_set_visible_page (ADW_PREFERENCES_WINDOW (window), ADW_PREFERENCES_PAGE (report));

  return window;
}
