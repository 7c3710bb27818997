/* jx-cli-common.h — helpers shared by the juxtrace-cli subcommands: option
 * parsing with the exit-code convention, trace loading with file-naming
 * errors, JSON and CSV output. */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "jx-trace.h"

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

/* Loads a trace synchronously with default options. */
JxTrace  *jx_cli_load_trace         (const char      *path,
                                     GError         **error);

/* The one TRACE argument of a subcommand (argv[1] after option parsing):
 * loads it into *trace, or prints the usage or input error. Returns the exit
 * code, JX_CLI_EXIT_OK when *trace is set. */
int       jx_cli_load_one_trace     (int              argc,
                                     char           **argv,
                                     JxTrace        **trace);

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

/* Appends text padded with spaces to width characters (not bytes, so "µs"
 * and non-ASCII region names line up); right-aligned when right is TRUE. */
void      jx_cli_append_padded      (GString         *out,
                                     const char      *text,
                                     guint            width,
                                     gboolean         right);

G_END_DECLS
