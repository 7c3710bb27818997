/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-info-text.c — the text `info` prints, from the JSON document of
 * the trace (jx_cli_info_build_json), so that juxtrace-mpi, which merges
 * the document from its ranks' shares, prints the very same text. */
#include "config.h"

#include <stdio.h>

#include <glib/gi18n-lib.h>

#include "jx-cli-common.h"
#include "jx-cli-info-private.h"
#include "jx-cli-metrics.h"

static void
append_stream_row (GString    *out,
                   const char *index,
                   const char *name,
                   const char *kind,
                   const char *events,
                   const char *invocations,
                   const char *flags)
{
  g_string_append (out, "  ");
  jx_cli_append_padded (out, index, 5, TRUE);
  g_string_append (out, "  ");
  jx_cli_append_padded (out, name, 28, FALSE);
  g_string_append_c (out, ' ');
  jx_cli_append_padded (out, kind, 12, FALSE);
  g_string_append_c (out, ' ');
  jx_cli_append_padded (out, events, 12, TRUE);
  g_string_append_c (out, ' ');
  jx_cli_append_padded (out, invocations, 12, TRUE);
  g_string_append (out, "  ");
  g_string_append (out, flags);
  g_string_append_c (out, '\n');
}

/* "missing,repaired", or "-" without flags. */
static char *
flags_text (JsonArray *flags)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; flags != NULL && i < json_array_get_length (flags); i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append (out, json_array_get_string_element (flags, i));
    }
  if (out->len == 0)
    g_string_append_c (out, '-');
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static JxDefect
defect_from_string (const char *name)
{
  for (guint k = 0; k < JX_N_DEFECTS; k++)
    if (g_strcmp0 (jx_defect_to_string (k), name) == 0)
      return k;
  return JX_N_DEFECTS;
}

static void
append_streams (GString    *out,
                JsonArray  *processes,
                JsonArray  *streams)
{
  guint n_processes = json_array_get_length (processes);

  g_string_append_printf (out, "\n%-18s %u\n", _("Streams:"), json_array_get_length (streams));
  append_stream_row (out, "#", _("Name"), _("Kind"), _("Events"), _("Invocations"), _("Flags"));
  for (guint i = 0; i < json_array_get_length (streams); i++)
    {
      JsonObject *stream = json_array_get_object_element (streams, i);
      gint64 process = json_object_get_int_member (stream, "process");
      const char *name = json_object_get_string_member (stream, "name");
      g_autofree char *flags = flags_text (json_object_get_array_member (stream, "flags"));
      g_autofree char *label = NULL;
      g_autofree char *index = g_strdup_printf ("%u", i);
      g_autofree char *events = g_strdup_printf ("%" G_GINT64_FORMAT, json_object_get_int_member (stream, "events"));
      g_autofree char *invocations = g_strdup_printf ("%" G_GINT64_FORMAT,
                                                      json_object_get_int_member (stream, "invocations"));

      if (process >= 0 && process < n_processes)
        label = g_strdup_printf ("%s / %s",
                                 json_object_get_string_member (json_array_get_object_element (processes, process),
                                                                "name"),
                                 name);
      else
        label = g_strdup (name);
      append_stream_row (out, index, label, json_object_get_string_member (stream, "kind"),
                         events, invocations, flags);
    }
}

static void
append_load_report (GString    *out,
                    JsonObject *report)
{
  JsonObject *defects = json_object_get_object_member (report, "defects");
  JsonArray *issues = json_object_get_array_member (report, "issues");
  gint64 n_defects = json_object_get_int_member (report, "defects_total");
  guint n_issues = json_array_get_length (issues);

  g_string_append_printf (out, "\n%s\n", _("Load report:"));
  if (n_defects == 0)
    {
      g_string_append_printf (out, "  %s\n", _("No defects found."));
      return;
    }
  for (guint k = 0; k < JX_N_DEFECTS; k++)
    {
      gint64 count = json_object_get_int_member_with_default (defects, jx_defect_to_string (k), 0);

      if (count > 0)
        g_string_append_printf (out, "  %-22s %8" G_GINT64_FORMAT "  %s\n",
                                jx_defect_to_string (k), count, jx_defect_describe (k));
    }
  if (n_issues > 0)
    g_string_append_printf (out, "%s\n", _("Issues:"));
  for (guint i = 0; i < n_issues; i++)
    {
      JsonObject *issue = json_array_get_object_element (issues, i);
      JxDefect defect = defect_from_string (json_object_get_string_member (issue, "defect"));

      g_string_append_printf (out, "  [%s] %s\n", defect < JX_N_DEFECTS ? jx_defect_to_string (defect) : "",
                              json_object_get_string_member (issue, "detail"));
    }
  if ((gint64) n_issues < n_defects)
    g_string_append_printf (out, "  %s\n", _("(further issues are counted above but not listed)"));
}

void
jx_cli_info_print_text (JsonObject *info,
                        JxTrace    *clock)
{
  g_autoptr(GString) out = g_string_new (NULL);
  JsonObject *span = json_object_get_object_member (info, "time_span");
  JsonObject *events = json_object_get_object_member (info, "events");
  JsonObject *per_kind = json_object_get_object_member (events, "per_kind");
  JsonObject *markers = json_object_get_object_member (info, "markers");
  JsonArray *defs = json_object_get_array_member (markers, "definitions");
  JsonArray *processes = json_object_get_array_member (info, "processes");
  JsonObject *report = json_object_get_object_member (info, "load_report");
  JsonNode *selection = json_object_get_member (report, "selection");
  gint64 start = json_object_get_int_member (span, "start_ticks");
  gint64 end = json_object_get_int_member (span, "end_ticks");
  gint64 duration = json_object_get_int_member (span, "duration_ticks");
  g_autofree char *span_text = jx_time_format (jx_trace_ticks_to_ns (clock, duration), 3);

  g_string_append_printf (out, "%-18s %s\n", _("Trace:"), json_object_get_string_member (info, "path"));
  g_string_append_printf (out, "%-18s %s\n", _("Creator:"), json_object_get_string_member (info, "creator"));
  g_string_append_printf (out, "%-18s %" G_GINT64_FORMAT " %s\n", _("Timer resolution:"),
                          json_object_get_int_member (json_object_get_object_member (info, "clock"),
                                                      "timer_resolution"),
                          _("ticks per second"));
  g_string_append_printf (out, "%-18s %" G_GUINT64_FORMAT " – %" G_GUINT64_FORMAT " %s (%" G_GUINT64_FORMAT " %s, %s)\n",
                          _("Time span:"), (guint64) start, (guint64) end, _("ticks"), (guint64) duration,
                          _("ticks"), span_text);
  if (selection != NULL && JSON_NODE_HOLDS_OBJECT (selection))
    g_string_append_printf (out, "%-18s %s\n", _("Loaded in part:"),
                            json_object_get_string_member (json_node_get_object (selection), "description"));

  g_string_append_printf (out, "\n%-18s %u\n", _("Processes:"), json_array_get_length (processes));
  for (guint i = 0; i < json_array_get_length (processes); i++)
    {
      JsonObject *process = json_array_get_object_element (processes, i);
      guint n_streams = (guint) json_object_get_int_member (process, "n_streams");

      g_string_append (out, "  ");
      jx_cli_append_padded (out, json_object_get_string_member (process, "name"), 28, FALSE);
      g_string_append_c (out, ' ');
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u stream", "%u streams", n_streams), n_streams);
      g_string_append_c (out, '\n');
    }

  append_streams (out, processes, json_object_get_array_member (info, "streams"));

  g_string_append_printf (out, "\n%-18s %" G_GINT64_FORMAT "\n", _("Regions:"), json_object_get_int_member (info, "regions"));
  g_string_append_printf (out, "%-18s %" G_GINT64_FORMAT "\n", _("Invocations:"),
                          json_object_get_int_member (info, "invocations"));
  g_string_append_printf (out, "%-18s %" G_GINT64_FORMAT "\n", _("Events:"), json_object_get_int_member (events, "total"));
  for (guint k = 0; k < JX_N_EVENT_KINDS; k++)
    {
      gint64 count = json_object_get_int_member_with_default (per_kind, jx_event_kind_to_string (k), 0);

      if (count > 0)
        g_string_append_printf (out, "  %-16s %" G_GINT64_FORMAT "\n", jx_event_kind_to_string (k), count);
    }
  g_string_append_printf (out, "%-18s %" G_GINT64_FORMAT " (%" G_GINT64_FORMAT " %s)\n", _("Messages:"),
                          json_object_get_int_member (info, "messages"),
                          json_object_get_int_member (info, "message_bytes"), _("bytes"));
  g_string_append_printf (out, "%-18s %" G_GINT64_FORMAT "\n", _("Collectives:"),
                          json_object_get_int_member (info, "collectives"));

  g_string_append_printf (out, "%-18s %" G_GINT64_FORMAT "\n", _("Markers:"), json_object_get_int_member (markers, "total"));
  for (guint i = 0; i < json_array_get_length (defs); i++)
    {
      JsonObject *def = json_array_get_object_element (defs, i);

      g_string_append_printf (out, "  %s / %s: %" G_GINT64_FORMAT "\n", json_object_get_string_member (def, "group"),
                              json_object_get_string_member (def, "category"),
                              json_object_get_int_member (def, "count"));
    }

  jx_cli_metrics_add_text (out, info);
  append_load_report (out, report);

  fputs (out->str, stdout);
}
