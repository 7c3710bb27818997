/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-load.c — opening traces for every juxtrace-cli command, with the
 * caveats of their load reports, the partial-loading options and the
 * memory budget (see jx-cli-common.h, docs/partial-loading.md). */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli.h"
#include "jx-cli-common.h"
#include "jx-trace-loader.h"

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
jx_cli_traces_clear (JxCliTraces *traces)
{
  g_return_if_fail (traces != NULL);

  g_clear_pointer (&traces->processes, g_strfreev);
  g_clear_pointer (&traces->window, g_free);
  g_clear_pointer (&traces->memory_budget, g_free);
  g_clear_pointer (&traces->selection, jx_trace_selection_free);
  traces->parsed = FALSE;
}

static const char *
window_option (const JxCliTraces *traces)
{
  return traces->own_window ? "--load-window" : "--window";
}

void
jx_cli_add_trace_options (GOptionContext *context,
                          JxCliTraces    *traces)
{
  const GOptionEntry entries[] = {
    { "strict", 0, 0, G_OPTION_ARG_NONE, &traces->strict,
      N_("Exit with status 1 when a trace has any defect in its load report (for CI gates)"), NULL },
    { "processes", 0, 0, G_OPTION_ARG_STRING_ARRAY, &traces->processes,
      N_("Load only the processes whose name matches PATTERN (* and ?; repeatable); a pattern with “ / ” "
         "matches “process / location” and loads only those locations, e.g. “* / Master thread”"),
      N_("PATTERN") },
    { "every", 0, 0, G_OPTION_ARG_INT, &traces->every,
      N_("Load only one process in K (the 1st, the K+1-th, …, of those --processes takes)"), N_("K") },
    { traces->own_window ? "load-window" : "window", 0, 0, G_OPTION_ARG_STRING, &traces->window,
      N_("Load only the events from START to END after the trace’s start (e.g. 1s:2.5s, 500ms:, :2s; "
         "a number alone is in ms); calls that straddle an edge are cut to it"),
      N_("START:END") },
    { "memory-budget", 0, 0, G_OPTION_ARG_STRING, &traces->memory_budget,
      N_("Refuse a trace estimated to take more memory than SIZE (e.g. 2G, 512M, unlimited; default "
         "JUXTRACE_MEMORY_BUDGET, else the memory available)"),
      N_("SIZE") },
    { NULL }
  };

  g_return_if_fail (context != NULL && traces != NULL);

  /* GOption copies the entries. */
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
}

gboolean
jx_cli_parse_time_range (const char *text,
                         gint64     *begin_ns,
                         gint64     *end_ns)
{
  const char *colon = strchr (text, ':');
  g_autofree char *left = NULL;
  g_autofree char *right = NULL;

  if (colon == NULL || strchr (colon + 1, ':') != NULL)
    return FALSE;
  left = g_strstrip (g_strndup (text, (gsize) (colon - text)));
  right = g_strstrip (g_strdup (colon + 1));
  if (*left == '\0' && *right == '\0')
    return FALSE;
  *begin_ns = 0;
  *end_ns = JX_WINDOW_OPEN_END;
  if (*left != '\0' && !jx_time_parse (left, JX_TIME_UNIT_MS, begin_ns))
    return FALSE;
  if (*right != '\0' && !jx_time_parse (right, JX_TIME_UNIT_MS, end_ns))
    return FALSE;
  return TRUE;
}

/* The selection and budget from the options, once; a usage error for
 * values that are no pattern, count, window or size. */
static int
parse_trace_options (JxCliTraces *traces)
{
  g_autoptr(JxTraceSelection) selection = NULL;
  gint64 begin_ns, end_ns;

  if (traces->parsed)
    return JX_CLI_EXIT_OK;

  selection = jx_trace_selection_new ();
  for (guint i = 0; traces->processes != NULL && traces->processes[i] != NULL; i++)
    {
      if (*g_strstrip (traces->processes[i]) == '\0')
        return jx_cli_usage_error (traces->command, "%s", _("--processes needs a pattern, e.g. “MPI Rank 1*”"));
      jx_trace_selection_add_pattern (selection, traces->processes[i]);
    }
  if (traces->every < 0)
    return jx_cli_usage_error (traces->command, _("bad --every %d: give 1 or more"), traces->every);
  if (traces->every > 1)
    jx_trace_selection_set_every (selection, (guint) traces->every, 0);
  if (traces->window != NULL)
    {
      if (!jx_cli_parse_time_range (traces->window, &begin_ns, &end_ns))
        return jx_cli_usage_error (traces->command,
                                   _("bad %s “%s”: expected START:END with times such as 0, 1.5ms, 2 s (either may be left out)"),
                                   window_option (traces), traces->window);
      jx_trace_selection_set_window (selection, begin_ns, end_ns);
    }
  if (traces->memory_budget != NULL && !jx_memory_size_parse (traces->memory_budget, &traces->budget))
    return jx_cli_usage_error (traces->command,
                               _("bad --memory-budget “%s”: give a size such as 2G, 512M, 1.5GiB or unlimited"),
                               traces->memory_budget);

  if (!jx_trace_selection_is_all (selection))
    traces->selection = g_steal_pointer (&selection);
  traces->parsed = TRUE;
  return JX_CLI_EXIT_OK;
}

/* The budget for the next trace: the one given (option, else the
 * environment) less the traces already open, which are held together; or
 * 0 for the memory available now, which already counts them. */
static guint64
next_budget (JxCliTraces  *traces,
             char        **source,
             GError      **error)
{
  guint64 budget = traces->budget;

  if (budget != 0)
    *source = g_strdup ("--memory-budget");
  else
    {
      g_autofree char *from = NULL;

      budget = jx_memory_budget_get_default (&from, error);
      if (budget == 0)
        return 0;
      /* The loader reads the available memory afresh. */
      if (g_strcmp0 (from, JX_MEMORY_BUDGET_ENV) != 0)
        return budget == JX_MEMORY_UNLIMITED ? JX_MEMORY_UNLIMITED : 0;
      *source = g_strdup (JX_MEMORY_BUDGET_ENV);
    }
  if (budget == JX_MEMORY_UNLIMITED || traces->loaded_bytes == 0)
    return budget;
  if (traces->loaded_bytes >= budget)
    return 1;
  {
    g_autofree char *loaded = jx_memory_size_format (traces->loaded_bytes);
    char *less = g_strdup_printf (_("%s, less %s for the traces already loaded"), *source, loaded);

    g_free (*source);
    *source = less;
  }
  return budget - traces->loaded_bytes;
}

/* Loads with the options' selection (else `part`, may be NULL) and
 * budget. */
static JxTrace *
load_selected (JxCliTraces             *traces,
               const char              *path,
               const JxTraceSelection  *part,
               GError                 **error)
{
  g_autofree char *source = NULL;
  JxLoadOptions options = { 0 };
  GError *budget_error = NULL;

  options.selection = traces->selection != NULL ? traces->selection : part;
  options.memory_budget = next_budget (traces, &source, &budget_error);
  if (budget_error != NULL)
    {
      g_propagate_error (error, budget_error);
      return NULL;
    }
  options.budget_source = source;
  return jx_trace_load (path, &options, NULL, NULL, NULL, error);
}

/* The streams flagged so, and how many. *//* The streams flagged so, and how many. */
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
  guint64 counts[JX_N_DEFECTS];

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  if (partial != NULL)
    *partial = count_streams (trace, JX_STREAM_FLAG_MISSING | JX_STREAM_FLAG_TRUNCATED) > 0
               || jx_trace_get_partial (trace) != NULL;
  for (guint k = 0; k < JX_N_DEFECTS; k++)
    counts[k] = jx_trace_get_defect_count (trace, k);
  return jx_cli_load_summary_from_counts (counts);
}

char *
jx_cli_load_summary_from_counts (const guint64 *counts)
{
  g_autoptr(GPtrArray) phrases = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < G_N_ELEMENTS (summary_order); i++)
    {
      guint64 n = counts[summary_order[i]];

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

/* "loaded in part: 4 of 32 processes (“MPI Rank 1*”), window 1 s – 2 s;
 * 12 calls cut at the window’s edges, 30 message events with processes
 * not loaded" */
static char *
partial_phrase (JxTrace *trace)
{
  const JxTracePartial *partial = jx_trace_get_partial (trace);
  g_autoptr(GString) out = NULL;

  if (partial == NULL)
    return NULL;
  out = g_string_new (NULL);
  /* Translators: followed by what was loaded, e.g. "4 of 32 processes". */
  g_string_append_printf (out, _("loaded in part: %s"), partial->description);
  if (partial->n_clipped > 0)
    {
      gulong n = (gulong) MIN (partial->n_clipped, G_MAXULONG);

      g_string_append (out, "; ");
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%lu call cut at the window’s edges",
                                                "%lu calls cut at the window’s edges", n), n);
    }
  if (partial->n_messages_cut > 0)
    {
      gulong n = (gulong) MIN (partial->n_messages_cut, G_MAXULONG);

      g_string_append (out, "; ");
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%lu message crosses the window’s edges",
                                                "%lu messages cross the window’s edges", n), n);
    }
  if (partial->n_messages_unselected > 0)
    {
      gulong n = (gulong) MIN (partial->n_messages_unselected, G_MAXULONG);

      g_string_append (out, "; ");
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%lu message event with processes not loaded",
                                                "%lu message events with processes not loaded", n), n);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* "DIR/traces/0.evt, DIR/traces/3.evt and 2 more": the event files that a
 * load report ("load_report" object) lists as missing or cut short, in
 * that order; NULL when it lists none. Built from the report so that
 * juxtrace-mpi, which has only the merged report, says the same. */
char *
jx_cli_report_event_files (JsonNode *report,
                           guint    *n_files)
{
  static const char *const members[] = { "missing_event_files", "truncated_event_files" };
  g_autoptr(GString) out = g_string_new (NULL);
  guint n = 0;

  if (n_files != NULL)
    *n_files = 0;
  if (report == NULL || !JSON_NODE_HOLDS_OBJECT (report))
    return NULL;
  for (guint m = 0; m < G_N_ELEMENTS (members); m++)
    {
      JsonObject *obj = json_node_get_object (report);
      JsonArray *files = json_object_has_member (obj, members[m]) ? json_object_get_array_member (obj, members[m])
                                                                  : NULL;

      for (guint i = 0; files != NULL && i < json_array_get_length (files); i++)
        {
          const char *file = json_node_get_string (json_array_get_element (files, i));

          if (file == NULL || n++ >= MAX_NAMED_FILES)
            continue;
          if (out->len > 0)
            g_string_append (out, ", ");
          g_string_append (out, file);
        }
    }
  if (n_files != NULL)
    *n_files = n;
  if (n == 0)
    return NULL;
  if (n > MAX_NAMED_FILES)
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, " and %u more", " and %u more",
                                              n - MAX_NAMED_FILES),
                            n - MAX_NAMED_FILES);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* One line per trace that is not whole or not clean: selection is
 * partial_phrase (), summary and partial jx_cli_load_summary ()'s, files
 * jx_cli_report_event_files ()'s (NULL for none). */
void
jx_cli_print_caveat (const char *label,
                     const char *selection,
                     const char *summary,
                     gboolean    partial,
                     const char *files)
{
  if (summary == NULL && selection == NULL)
    return;
  if (selection != NULL && summary != NULL)
    /* Translators: "A: loaded in part: …; 3 regions closed at the end — …" */
    g_printerr (_("%s: %s; %s — results cover only what was loaded\n"), label, selection, summary);
  else if (selection != NULL)
    g_printerr (_("%s: %s — results cover only what was loaded\n"), label, selection);
  else if (partial && files != NULL)
    /* Translators: "A: 1 stream truncated, 3 regions closed at the end — results
     * for it are partial; not read in full: DIR/traces/0.evt" */
    g_printerr (_("%s: %s — results for it are partial; not read in full: %s\n"), label, summary, files);
  else if (partial)
    /* Translators: "A: 1 stream truncated, 3 regions closed at the end — …" */
    g_printerr (_("%s: %s — results for it are partial\n"), label, summary);
  else
    g_printerr (_("%s: %s — repaired while loading; “juxtrace-cli info” shows the load report\n"),
                label, summary);
}

struct _JxCliLoadCheck
{
  char     *anchor;        /* the trace's anchor file */
  char     *summary;       /* jx_cli_load_summary (), NULL without defects */
  char     *selection;     /* partial_phrase (), NULL for a whole trace */
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
  check->selection = partial_phrase (trace);
  check->unreadable = is_unreadable (trace);
  check->n_defects = jx_trace_get_n_defects (trace);
  json_builder_begin_object (builder);
  jx_cli_json_add_load_report (builder, trace);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  check->report = json_object_dup_member (json_node_get_object (root), "load_report");
  if (check->unreadable)
    check->files = jx_cli_report_event_files (check->report, &check->n_files);
  return check;
}

JxCliLoadCheck *
jx_cli_load_check_new_from_report (JsonNode   *report,
                                   const char *anchor)
{
  JxCliLoadCheck *check;
  JsonObject *obj, *defects;

  g_return_val_if_fail (report != NULL && JSON_NODE_HOLDS_OBJECT (report), NULL);

  obj = json_node_get_object (report);
  check = g_new0 (JxCliLoadCheck, 1);
  check->anchor = g_strdup (anchor);
  check->summary = g_strdup (json_object_get_string_member_with_default (obj, "summary", NULL));
  check->partial = json_object_get_boolean_member_with_default (obj, "partial", FALSE);
  defects = json_object_get_object_member (obj, "defects");
  for (guint k = 0; defects != NULL && k < JX_N_DEFECTS; k++)
    check->n_defects += (guint64) json_object_get_int_member_with_default (defects, jx_defect_to_string (k), 0);
  check->report = json_node_copy (report);
  return check;
}

void
jx_cli_load_check_free (JxCliLoadCheck *check)
{
  if (check == NULL)
    return;
  g_free (check->anchor);
  g_free (check->summary);
  g_free (check->selection);
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
  if (!traces->json)
    {
      g_autofree char *files = jx_cli_report_event_files (check->report, NULL);

      jx_cli_print_caveat (label != NULL ? label : path, check->selection, check->summary, check->partial, files);
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

/* After a refusal for memory: how to load a part instead. */
static void
print_budget_hint (const JxCliTraces *traces,
                   const char        *path)
{
  g_printerr (_("juxtrace-cli %s: load a part of “%s” with --processes PATTERN, --every K or %s START:END, "
                "or give a budget with --memory-budget SIZE (“juxtrace-cli %s --help”)\n"),
              traces->command, path, window_option (traces), traces->command);
}

int
jx_cli_open_trace (JxCliTraces  *traces,
                   const char   *path,
                   const char   *label,
                   JxTrace     **trace)
{
  return jx_cli_open_trace_part (traces, path, label, NULL, trace);
}

int
jx_cli_open_trace_part (JxCliTraces            *traces,
                        const char             *path,
                        const char             *label,
                        const JxTraceSelection *part,
                        JxTrace               **trace)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) loaded = NULL;
  JxCliLoadCheck *check;
  gboolean ok;
  int status;

  g_return_val_if_fail (traces != NULL, JX_CLI_EXIT_USAGE);
  g_return_val_if_fail (path != NULL && trace != NULL, JX_CLI_EXIT_USAGE);

  status = parse_trace_options (traces);
  if (status != JX_CLI_EXIT_OK)
    return status;

  loaded = load_selected (traces, path, part, &error);
  if (loaded == NULL)
    {
      status = jx_cli_input_error (traces->command, path, error);
      if (g_error_matches (error, JX_TRACE_ERROR, JX_TRACE_ERROR_TOO_LARGE))
        print_budget_hint (traces, path);
      return status;
    }
  traces->loaded_bytes += jx_trace_get_memory_size (loaded);

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
    { JX_STREAM_FLAG_CLIPPED,   "clipped" },
  };

  json_builder_set_member_name (builder, "streams");
  json_builder_begin_object (builder);
  for (guint f = 0; f < G_N_ELEMENTS (flags); f++)
    jx_cli_json_add_int (builder, flags[f].name, count_streams (trace, flags[f].flag));
  json_builder_end_object (builder);

  add_event_files (builder, trace, "missing_event_files", JX_STREAM_FLAG_MISSING);
  add_event_files (builder, trace, "truncated_event_files", JX_STREAM_FLAG_TRUNCATED);
}

/* "selection": what a partial load took, or null. */
static void
add_selection (JsonBuilder *builder,
               JxTrace     *trace)
{
  const JxTracePartial *partial = jx_trace_get_partial (trace);

  json_builder_set_member_name (builder, "selection");
  if (partial == NULL)
    {
      json_builder_add_null_value (builder);
      return;
    }
  json_builder_begin_object (builder);
  jx_cli_json_add_string (builder, "description", partial->description);
  jx_cli_json_add_int (builder, "processes_selected", partial->n_processes_selected);
  jx_cli_json_add_int (builder, "processes_total", partial->n_processes);
  jx_cli_json_add_int (builder, "locations_selected", partial->n_locations_selected);
  jx_cli_json_add_int (builder, "locations_total", partial->n_locations);
  json_builder_set_member_name (builder, "window");
  if (!partial->has_window)
    json_builder_add_null_value (builder);
  else
    {
      json_builder_begin_object (builder);
      jx_cli_json_add_double (builder, "begin_seconds", partial->window_begin_ns / 1e9);
      json_builder_set_member_name (builder, "end_seconds");
      if (partial->window_end_ns == JX_WINDOW_OPEN_END)
        json_builder_add_null_value (builder);
      else
        json_builder_add_double_value (builder, partial->window_end_ns / 1e9);
      jx_cli_json_add_int (builder, "begin_ticks", (gint64) partial->window_begin);
      json_builder_set_member_name (builder, "end_ticks");
      if (partial->window_end == G_MAXUINT64)
        json_builder_add_null_value (builder);
      else
        json_builder_add_int_value (builder, (gint64) partial->window_end);
      json_builder_end_object (builder);
    }
  jx_cli_json_add_int (builder, "clipped_calls", (gint64) partial->n_clipped);
  jx_cli_json_add_int (builder, "messages_cut_by_window", (gint64) partial->n_messages_cut);
  jx_cli_json_add_int (builder, "message_events_with_unselected", (gint64) partial->n_messages_unselected);
  json_builder_end_object (builder);
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
  add_selection (builder, trace);

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

void
jx_cli_json_add_load_report_node (JsonBuilder *builder,
                                  JsonNode    *report,
                                  JxTrace     *trace)
{
  if (report == NULL)
    {
      jx_cli_json_add_load_report (builder, trace);
      return;
    }
  json_builder_set_member_name (builder, "load_report");
  json_builder_add_value (builder, json_node_copy (report));
}
