/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-common.h — helpers shared by the juxtrace-cli subcommands: option
 * parsing with the exit-code convention, trace loading with file-naming
 * errors and the load report's caveats (jx-cli-load.c), JSON and CSV
 * output. */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "jx-trace.h"
#include "jx-trace-selection.h"

G_BEGIN_DECLS

/* Strings from a trace may be absent; output gets "" instead of NULL. */
static inline const char *
jx_cli_nonnull (const char *s)
{
  return s != NULL ? s : "";
}

/* An option context for a subcommand: parameter string, summary (may be
 * NULL) and entries, translated in the project's domain. */
GOptionContext *jx_cli_option_context_new (const char         *parameter,
                                           const char         *summary,
                                           const GOptionEntry *entries);

/* Parses argv (argv[0] = subcommand name) with the context. On failure prints
 * "juxtrace-cli SUBCOMMAND: message" and a hint to stderr and returns FALSE;
 * the caller then returns JX_CLI_EXIT_USAGE. */
gboolean  jx_cli_parse_options      (GOptionContext  *context,
                                     int             *argc,
                                     char          ***argv);

/* Prints "juxtrace-cli SUBCOMMAND: message" and the --help hint to stderr and
 * returns JX_CLI_EXIT_USAGE. */
int       jx_cli_usage_error        (const char      *subcommand,
                                     const char      *format,
                                     ...) G_GNUC_PRINTF (2, 3);

/* Prints "juxtrace-cli SUBCOMMAND: PATH: message" to stderr (the path is left
 * out when the message already names it) and returns JX_CLI_EXIT_INPUT. */
int       jx_cli_input_error        (const char      *subcommand,
                                     const char      *path,
                                     const GError    *error);

/* Every command that reads traces opens them through jx_cli_open_trace (),
 * so that each carries the caveats of its load report the same way:
 *  - a trace in which nothing could be read (every event file missing or
 *    unreadable) is an error (exit 1) naming the files;
 *  - a trace with defects gets one line on stderr, "A: 1 stream truncated,
 *    3 regions closed at the end — results for it are partial" (not when
 *    the command prints JSON: it adds jx_cli_json_add_load_report () per
 *    trace instead);
 *  - with --strict (jx_cli_add_trace_options ()) any defect is an error.
 * Set up with jx_cli_traces_init (), add the options before parsing. */
typedef struct
{
  const char *command;   /* "profile", for messages */
  gboolean    strict;    /* --strict */
  gboolean    json;      /* the command prints JSON: no stderr caveat line */
  gboolean    keep_going; /* report an unreadable trace or --strict failure
                             but still return the trace (info prints what
                             it found); the failure is in status */
  int         status;    /* JX_CLI_EXIT_INPUT once a trace failed so */

  /* Partial loading and the memory budget (docs/partial-loading.md); the
   * options fill these, jx_cli_open_trace () reads them. */
  gboolean    own_window; /* the command has a --window of its own: the
                             load window is --load-window (set before
                             adding the options) */
  char      **processes;  /* --processes, repeatable */
  gint        every;      /* --every */
  char       *window;     /* --window START:END */
  char       *memory_budget; /* --memory-budget SIZE */
  JxTraceSelection *selection; /* from the options, at the first open;
                                  NULL for whole traces */
  gboolean    parsed;     /* selection and budget are set */
  guint64     budget;     /* --memory-budget in bytes, 0 when not given */
  guint64     loaded_bytes; /* model bytes of the traces opened so far */
} JxCliTraces;

void      jx_cli_traces_init        (JxCliTraces     *traces,
                                     const char      *command);
/* Frees what the options received and the selection made of them; the
 * struct itself lives on the caller's stack (g_auto (JxCliTraces)). */
void      jx_cli_traces_clear       (JxCliTraces     *traces);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (JxCliTraces, jx_cli_traces_clear)

/* Adds --strict and the partial-loading options (--processes, --every,
 * --window or --load-window, --memory-budget) to the context's main
 * options; jx_cli_traces_clear () frees what they receive. */
void      jx_cli_add_trace_options  (GOptionContext  *context,
                                     JxCliTraces     *traces);

/* Loads path (only the selection the options make), prints its caveat
 * line (label names it: "A", or the path) and applies the rules above. A
 * trace whose estimated memory exceeds the budget (the one --memory-budget
 * gives, less the traces already opened; else JUXTRACE_MEMORY_BUDGET
 * likewise; else what the machine has available) is an error naming the
 * estimate and the options that load a part of it. A partial load gets a
 * caveat line saying what it holds (and "selection" in the JSON load
 * report). A bad option value is a usage error (exit 2). Returns the exit code; *trace is set when
 * it is JX_CLI_EXIT_OK (with keep_going, also for a trace that failed the
 * rules; traces->status then says so). */
int       jx_cli_open_trace         (JxCliTraces     *traces,
                                     const char      *path,
                                     const char      *label,
                                     JxTrace        **trace);
/* The same, loading `part` of the trace (a saved comparison's part of it,
 * JxSessionFileTrace.selection; NULL: all) when the options select
 * nothing; a selection the options make applies instead. */
int       jx_cli_open_trace_part    (JxCliTraces            *traces,
                                     const char             *path,
                                     const char             *label,
                                     const JxTraceSelection *part,
                                     JxTrace               **trace);

/* The load report in a few words, "1 stream truncated, 3 regions closed at
 * the end", or NULL when it found no defect. partial (may be NULL) is set
 * when events were lost (streams missing or truncated) or the trace was
 * loaded in part (jx_trace_get_partial ()). */
char     *jx_cli_load_summary       (JxTrace         *trace,
                                     gboolean        *partial);
/* The same sentence from the defect counts alone (JX_N_DEFECTS of them, by
 * JxDefect), e.g. summed over the shares of juxtrace-mpi's ranks. */
char     *jx_cli_load_summary_from_counts (const guint64 *counts);
/* The caveat line jx_cli_open_trace () prints on stderr for a trace that is
 * not whole (selection: what was loaded, NULL for all) or not clean
 * (summary and partial as jx_cli_load_summary () gives them; files, the
 * event files not read in full, as jx_cli_report_event_files () gives
 * them, or NULL); nothing when summary and selection are NULL. label names
 * the trace ("A", or its path). */
void      jx_cli_print_caveat       (const char      *label,
                                     const char      *selection,
                                     const char      *summary,
                                     gboolean         partial,
                                     const char      *files);
/* The event files a "load_report" object lists as missing or cut short,
 * "F, G and 3 more", and their number in n_files (may be NULL); NULL for
 * none. */
char     *jx_cli_report_event_files (JsonNode        *report,
                                     guint           *n_files);

/* What the rules above need from a loaded trace, taken in any thread (a
 * command that loads in parallel keeps this and drops the trace), then
 * applied in the main thread in the order of the arguments: prints the
 * caveat or the error as jx_cli_open_trace () does and returns FALSE when
 * the trace is unreadable or fails --strict. */
typedef struct _JxCliLoadCheck JxCliLoadCheck;

JxCliLoadCheck *jx_cli_load_check_new     (JxTrace        *trace);
/* The same from a "load_report" object (a whole trace's, merged from its
 * shares by juxtrace-mpi): its summary, partial and defect counts; anchor
 * names the trace. */
JxCliLoadCheck *jx_cli_load_check_new_from_report (JsonNode   *report,
                                                   const char *anchor);
void            jx_cli_load_check_free    (JxCliLoadCheck *check);
gboolean        jx_cli_load_check_apply   (JxCliTraces    *traces,
                                           JxCliLoadCheck *check,
                                           const char     *path,
                                           const char     *label);
/* Adds the member "load_report" as jx_cli_json_add_load_report () does. */
void            jx_cli_load_check_add_json (JsonBuilder   *builder,
                                            JxCliLoadCheck *check);

/* Adds the member "load_report": defect counts, issues, the summary,
 * whether results are partial, the streams flagged missing, truncated,
 * empty, repaired or clipped, the event files that were missing or ended
 * early, and "selection": what a partial load took (null for a whole
 * trace). */
void      jx_cli_json_add_load_report (JsonBuilder   *builder,
                                       JxTrace       *trace);
/* The member "load_report": report (a merged one, juxtrace-mpi), or when
 * NULL the trace's (jx_cli_json_add_load_report). */
void      jx_cli_json_add_load_report_node (JsonBuilder *builder,
                                            JsonNode    *report,
                                            JxTrace     *trace);

/* Loads a trace synchronously with default options, without the rules
 * above: commands open their traces with jx_cli_open_trace (). */
JxTrace  *jx_cli_load_trace         (const char      *path,
                                     GError         **error);

/* The one TRACE argument of a subcommand (argv[1] after option parsing):
 * opens it with jx_cli_open_trace (), labelled with its path, or prints the
 * usage error. Returns the exit code, JX_CLI_EXIT_OK when *trace is set. */
int       jx_cli_open_one_trace     (JxCliTraces     *traces,
                                     int              argc,
                                     char           **argv,
                                     JxTrace        **trace);

/* The same with the defaults of jx_cli_traces_init () (no --strict, the
 * caveat line on stderr), for commands that have not added the options. */
int       jx_cli_load_one_trace     (int              argc,
                                     char           **argv,
                                     JxTrace        **trace);

/* "START:END" with times as jx_time_parse () reads them (ms without a
 * unit): an empty side gives 0 or JX_WINDOW_OPEN_END (the trace's start or
 * end). FALSE for anything else. */
gboolean  jx_cli_parse_time_range   (const char      *text,
                                     gint64          *begin_ns,
                                     gint64          *end_ns);

/* A member of the JSON object being built. */
void      jx_cli_json_add_string    (JsonBuilder     *builder,
                                     const char      *name,
                                     const char      *value);
void      jx_cli_json_add_int       (JsonBuilder     *builder,
                                     const char      *name,
                                     gint64           value);
void      jx_cli_json_add_double    (JsonBuilder     *builder,
                                     const char      *name,
                                     double           value);
void      jx_cli_json_add_boolean   (JsonBuilder     *builder,
                                     const char      *name,
                                     gboolean         value);

/* Writes the node as indented JSON followed by a newline to stdout. */
void      jx_cli_print_json         (JsonNode        *root);

/* Appends one CSV field (RFC 4180: quoted when it holds a comma, quote, CR or
 * LF; quotes doubled). */
void      jx_cli_csv_append_field   (GString         *line,
                                     const char      *field);

/* Appends a comma and the number ("%.9g", '.' whatever the locale;
 * nothing after the comma for NAN and infinities). */
void      jx_cli_csv_append_number  (GString         *line,
                                     double           value);

/* Appends text padded with spaces to width characters (not bytes, so "µs"
 * and non-ASCII region names line up); right-aligned when right is TRUE. */
void      jx_cli_append_padded      (GString         *out,
                                     const char      *text,
                                     guint            width,
                                     gboolean         right);

G_END_DECLS
