/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-load.c — opening traces for every juxtrace-cli command, with the
 * caveats of their load reports (see jx-cli-common.h). */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli.h"
#include "jx-cli-common.h"

/* At most this many unreadable event files are named in a message. */
#define MAX_NAMED_FILES 8

void
jx_cli_traces_init (JxCliTraces *traces,
                    const char  *command)
{
  g_return_if_fail (traces != NULL);

  memset (traces, 0, sizeof *traces);
  traces->command = command;
  traces->status = JX_CLI_EXIT_OK;
}

void
jx_cli_add_trace_options (GOptionContext *context,
                          JxCliTraces    *traces)
{
  const GOptionEntry entries[] = {
    { "strict", 0, 0, G_OPTION_ARG_NONE, &traces->strict,
      N_("Exit with status 1 when a trace has any defect in its load report (for CI gates)"), NULL },
    { NULL }
  };

  g_return_if_fail (context != NULL && traces != NULL);

  /* GOption copies the entries. */
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
}

/* The streams flagged so, and how many. */
static guint
count_streams (JxTrace *trace,
               guint    flag)
{
  guint n = 0;

  for (guint i = 0; i < jx_trace_get_n_streams (trace); i++)
    if (jx_trace_get_stream (trace, i)->flags & flag)
      n++;
  return n;
}

/* One phrase per defect kind, those that lose events first. */
static const JxDefect summary_order[] = {
  JX_DEFECT_MISSING_EVENTS, JX_DEFECT_TRUNCATED_EVENTS, JX_DEFECT_UNCLOSED_REGION,
  JX_DEFECT_MISMATCHED_LEAVE, JX_DEFECT_UNMATCHED_LEAVE, JX_DEFECT_BACKWARDS_TIME,
  JX_DEFECT_UNDEFINED_REGION, JX_DEFECT_UNDEFINED_LOCATION, JX_DEFECT_UNMATCHED_MESSAGE,
  JX_DEFECT_LOCAL_DEFINITIONS, JX_DEFECT_EMPTY_STREAM, JX_DEFECT_UNKNOWN_ROLE,
  JX_DEFECT_UNKNOWN_PARADIGM,
};

static char *
defect_phrase (JxDefect defect,
               guint64  n)
{
  gulong count = (gulong) MIN (n, G_MAXULONG);

  switch (defect)
    {
    case JX_DEFECT_MISSING_EVENTS:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%lu stream missing (event file unreadable)",
                                           "%lu streams missing (event files unreadable)", count), count);
    case JX_DEFECT_TRUNCATED_EVENTS:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%lu stream truncated", "%lu streams truncated", count),
                              count);
    case JX_DEFECT_UNCLOSED_REGION:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%lu region closed at the end",
                                           "%lu regions closed at the end", count), count);
    case JX_DEFECT_MISMATCHED_LEAVE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%lu mismatched leave repaired",
                                           "%lu mismatched leaves repaired", count), count);
    case JX_DEFECT_UNMATCHED_LEAVE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%lu leave without enter ignored",
                                           "%lu leaves without enter ignored", count), count);
    case JX_DEFECT_BACKWARDS_TIME:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%lu backwards timestamp raised",
                                           "%lu backwards timestamps raised", count), count);
    case JX_DEFECT_UNDEFINED_REGION:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%lu event of an undefined region",
                                           "%lu events of undefined regions", count), count);
    case JX_DEFECT_UNDEFINED_LOCATION:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%lu reference to an undefined location",
                                           "%lu references to undefined locations", count), count);
    case JX_DEFECT_UNMATCHED_MESSAGE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%lu unmatched message", "%lu unmatched messages", count),
                              count);
    case JX_DEFECT_LOCAL_DEFINITIONS:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%lu unreadable local definition file",
                                           "%lu unreadable local definition files", count), count);
    case JX_DEFECT_EMPTY_STREAM:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%lu empty stream", "%lu empty streams", count), count);
    case JX_DEFECT_UNKNOWN_ROLE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%lu region with an unknown role",
                                           "%lu regions with unknown roles", count), count);
    case JX_DEFECT_UNKNOWN_PARADIGM:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%lu region with an unknown paradigm",
                                           "%lu regions with unknown paradigms", count), count);
    case JX_N_DEFECTS:
    default:
      return g_strdup_printf ("%lu %s", count, jx_defect_to_string (defect));
    }
}

char *
jx_cli_load_summary (JxTrace  *trace,
                     gboolean *partial)
{
  g_autoptr(GPtrArray) phrases = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  if (partial != NULL)
    *partial = count_streams (trace, JX_STREAM_FLAG_MISSING | JX_STREAM_FLAG_TRUNCATED) > 0;
  for (guint i = 0; i < G_N_ELEMENTS (summary_order); i++)
    {
      guint64 n = jx_trace_get_defect_count (trace, summary_order[i]);

      if (n > 0)
        g_ptr_array_add (phrases, defect_phrase (summary_order[i], n));
    }
  if (phrases->len == 0)
    return NULL;
  g_ptr_array_add (phrases, NULL);
  return g_strjoinv (", ", (char **) phrases->pdata);
}

/* Nothing could be read: there are streams, none gave an event, and some
 * lost theirs (a trace whose streams are all just empty was read fine). */
static gboolean
is_unreadable (JxTrace *trace)
{
  guint n = jx_trace_get_n_streams (trace);

  return n > 0 && jx_trace_get_n_events (trace) == 0
         && count_streams (trace, JX_STREAM_FLAG_MISSING | JX_STREAM_FLAG_TRUNCATED) > 0;
}

/* "DIR/traces/0.evt, DIR/traces/1.evt and 3 more" for the streams that lost
 * their events. */
static char *
unreadable_files (JxTrace *trace,
                  guint   *n_files)
{
  g_autoptr(GString) out = g_string_new (NULL);
  guint n = 0;

  for (guint i = 0; i < jx_trace_get_n_streams (trace); i++)
    {
      g_autofree char *file = NULL;

      if (!(jx_trace_get_stream (trace, i)->flags & (JX_STREAM_FLAG_MISSING | JX_STREAM_FLAG_TRUNCATED)))
        continue;
      if (n++ >= MAX_NAMED_FILES)
        continue;
      file = jx_trace_get_event_file (trace, i);
      if (out->len > 0)
        g_string_append (out, ", ");
      g_string_append (out, file);
    }
  if (n > MAX_NAMED_FILES)
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, " and %u more", " and %u more",
                                              n - MAX_NAMED_FILES),
                            n - MAX_NAMED_FILES);
  *n_files = n;
  return g_string_free (g_steal_pointer (&out), FALSE);
}

struct _JxCliLoadCheck
{
  char     *anchor;        /* the trace's anchor file */
  char     *summary;       /* jx_cli_load_summary (), NULL without defects */
  gboolean  partial;
  gboolean  unreadable;
  char     *files;         /* the unreadable event files, named */
  guint     n_files;
  guint64   n_defects;
  JsonNode *report;        /* the "load_report" object */
};

JxCliLoadCheck *
jx_cli_load_check_new (JxTrace *trace)
{
  JxCliLoadCheck *check;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  check = g_new0 (JxCliLoadCheck, 1);
  check->anchor = g_strdup (jx_trace_get_path (trace));
  check->summary = jx_cli_load_summary (trace, &check->partial);
  check->unreadable = is_unreadable (trace);
  if (check->unreadable)
    check->files = unreadable_files (trace, &check->n_files);
  check->n_defects = jx_trace_get_n_defects (trace);
  json_builder_begin_object (builder);
  jx_cli_json_add_load_report (builder, trace);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  check->report = json_object_dup_member (json_node_get_object (root), "load_report");
  return check;
}

void
jx_cli_load_check_free (JxCliLoadCheck *check)
{
  if (check == NULL)
    return;
  g_free (check->anchor);
  g_free (check->summary);
  g_free (check->files);
  g_clear_pointer (&check->report, json_node_unref);
  g_free (check);
}

gboolean
jx_cli_load_check_apply (JxCliTraces    *traces,
                         JxCliLoadCheck *check,
                         const char     *path,
                         const char     *label)
{
  g_return_val_if_fail (traces != NULL && check != NULL && path != NULL, FALSE);

  if (check->unreadable)
    {
      g_printerr ("juxtrace-cli %s: %s: ", traces->command, check->anchor);
      g_printerr (g_dngettext (GETTEXT_PACKAGE,
                               "nothing could be read: %u event file is missing or unreadable: %s\n",
                               "nothing could be read: %u event files are missing or unreadable: %s\n",
                               check->n_files),
                  check->n_files, check->files);
      return FALSE;
    }
  if (!traces->json && check->summary != NULL)
    {
      if (check->partial)
        /* Translators: "A: 1 stream truncated, 3 regions closed at the end — …" */
        g_printerr (_("%s: %s — results for it are partial\n"), label != NULL ? label : path, check->summary);
      else
        g_printerr (_("%s: %s — repaired while loading; “juxtrace-cli info” shows the load report\n"),
                    label != NULL ? label : path, check->summary);
    }
  if (traces->strict && check->n_defects > 0)
    {
      g_printerr (g_dngettext (GETTEXT_PACKAGE,
                               "juxtrace-cli %s: %s: --strict: its load report lists %llu defect (see “juxtrace-cli info %s”)\n",
                               "juxtrace-cli %s: %s: --strict: its load report lists %llu defects (see “juxtrace-cli info %s”)\n",
                               (gulong) MIN (check->n_defects, G_MAXULONG)),
                  traces->command, path, (unsigned long long) check->n_defects, path);
      return FALSE;
    }
  return TRUE;
}

void
jx_cli_load_check_add_json (JsonBuilder    *builder,
                            JxCliLoadCheck *check)
{
  g_return_if_fail (JSON_IS_BUILDER (builder) && check != NULL);

  json_builder_set_member_name (builder, "load_report");
  json_builder_add_value (builder, json_node_copy (check->report));
}

int
jx_cli_open_trace (JxCliTraces  *traces,
                   const char   *path,
                   const char   *label,
                   JxTrace     **trace)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) loaded = NULL;
  JxCliLoadCheck *check;
  gboolean ok;

  g_return_val_if_fail (traces != NULL, JX_CLI_EXIT_USAGE);
  g_return_val_if_fail (path != NULL && trace != NULL, JX_CLI_EXIT_USAGE);

  loaded = jx_cli_load_trace (path, &error);
  if (loaded == NULL)
    return jx_cli_input_error (traces->command, path, error);

  check = jx_cli_load_check_new (loaded);
  ok = jx_cli_load_check_apply (traces, check, path, label != NULL ? label : path);
  jx_cli_load_check_free (check);
  if (!ok)
    {
      traces->status = JX_CLI_EXIT_INPUT;
      if (!traces->keep_going)
        return JX_CLI_EXIT_INPUT;
    }
  *trace = g_steal_pointer (&loaded);
  return JX_CLI_EXIT_OK;
}

static void
add_event_files (JsonBuilder *builder,
                 JxTrace     *trace,
                 const char  *member,
                 guint        flag)
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_array (builder);
  for (guint i = 0; i < jx_trace_get_n_streams (trace); i++)
    if (jx_trace_get_stream (trace, i)->flags & flag)
      {
        g_autofree char *file = jx_trace_get_event_file (trace, i);

        json_builder_add_string_value (builder, file);
      }
  json_builder_end_array (builder);
}

static void
add_flagged_streams (JsonBuilder *builder,
                     JxTrace     *trace)
{
  static const struct { guint flag; const char *name; } flags[] = {
    { JX_STREAM_FLAG_MISSING,   "missing" },
    { JX_STREAM_FLAG_TRUNCATED, "truncated" },
    { JX_STREAM_FLAG_EMPTY,     "empty" },
    { JX_STREAM_FLAG_REPAIRED,  "repaired" },
  };

  json_builder_set_member_name (builder, "streams");
  json_builder_begin_object (builder);
  for (guint f = 0; f < G_N_ELEMENTS (flags); f++)
    jx_cli_json_add_int (builder, flags[f].name, count_streams (trace, flags[f].flag));
  json_builder_end_object (builder);

  add_event_files (builder, trace, "missing_event_files", JX_STREAM_FLAG_MISSING);
  add_event_files (builder, trace, "truncated_event_files", JX_STREAM_FLAG_TRUNCATED);
}

void
jx_cli_json_add_load_report (JsonBuilder *builder,
                             JxTrace     *trace)
{
  gboolean partial = FALSE;
  g_autofree char *summary = NULL;

  g_return_if_fail (JSON_IS_BUILDER (builder));
  g_return_if_fail (JX_IS_TRACE (trace));

  summary = jx_cli_load_summary (trace, &partial);

  json_builder_set_member_name (builder, "load_report");
  json_builder_begin_object (builder);
  jx_cli_json_add_int (builder, "defects_total", (gint64) jx_trace_get_n_defects (trace));
  jx_cli_json_add_boolean (builder, "partial", partial);
  json_builder_set_member_name (builder, "summary");
  if (summary != NULL)
    json_builder_add_string_value (builder, summary);
  else
    json_builder_add_null_value (builder);
  add_flagged_streams (builder, trace);

  json_builder_set_member_name (builder, "defects");
  json_builder_begin_object (builder);
  for (guint k = 0; k < JX_N_DEFECTS; k++)
    {
      json_builder_set_member_name (builder, jx_defect_to_string (k));
      json_builder_add_int_value (builder, (gint64) jx_trace_get_defect_count (trace, k));
    }
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "issues");
  json_builder_begin_array (builder);
  for (guint i = 0; i < jx_trace_get_n_load_issues (trace); i++)
    {
      const JxLoadIssue *issue = jx_trace_get_load_issue (trace, i);

      json_builder_begin_object (builder);
      jx_cli_json_add_string (builder, "defect", jx_defect_to_string (issue->defect));
      json_builder_set_member_name (builder, "stream");
      if (issue->stream == JX_NONE)
        json_builder_add_null_value (builder);
      else
        json_builder_add_int_value (builder, issue->stream);
      jx_cli_json_add_int (builder, "time", (gint64) issue->time);
      jx_cli_json_add_string (builder, "detail", issue->detail != NULL ? issue->detail : "");
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}
