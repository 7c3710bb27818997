/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli.h"
#include "jx-cli-common.h"
#include "jx-function-table.h"
#include "jx-trace-loader.h"

GOptionContext *
jx_cli_option_context_new (const char         *parameter,
                           const char         *summary,
                           const GOptionEntry *entries)
{
  GOptionContext *context = g_option_context_new (parameter);

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (summary != NULL)
    g_option_context_set_summary (context, summary);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  return context;
}

gboolean
jx_cli_parse_options (GOptionContext   *context,
                      int              *argc,
                      char           ***argv)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (context != NULL, FALSE);
  g_return_val_if_fail (argc != NULL && *argc >= 1, FALSE);

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      jx_cli_usage_error ((*argv)[0], "%s", error->message);
      return FALSE;
    }

  return TRUE;
}

int
jx_cli_usage_error (const char *subcommand,
                    const char *format,
                    ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_printerr ("juxtrace-cli %s: %s\n", subcommand, message);
  /* Translators: %s is a subcommand such as "info". */
  g_printerr (_("Try “juxtrace-cli %s --help” for more information."), subcommand);
  g_printerr ("\n");

  return JX_CLI_EXIT_USAGE;
}

int
jx_cli_input_error (const char   *subcommand,
                    const char   *path,
                    const GError *error)
{
  const char *message = error != NULL ? error->message : _("Unknown error");

  /* Loader messages usually name the file already; never print it twice, and
   * never leave it out. */
  if (path != NULL && strstr (message, path) == NULL)
    g_printerr ("juxtrace-cli %s: %s: %s\n", subcommand, path, message);
  else
    g_printerr ("juxtrace-cli %s: %s\n", subcommand, message);

  return JX_CLI_EXIT_INPUT;
}

JxTrace *
jx_cli_load_trace (const char  *path,
                   GError     **error)
{
  g_return_val_if_fail (path != NULL, NULL);

  return jx_trace_load (path, NULL, NULL, NULL, NULL, error);
}

int
jx_cli_open_one_trace (JxCliTraces  *traces,
                       int           argc,
                       char        **argv,
                       JxTrace     **trace)
{
  g_return_val_if_fail (trace != NULL, JX_CLI_EXIT_USAGE);

  if (argc != 2)
    return jx_cli_usage_error (argv[0], "%s", _("expected exactly one TRACE"));
  return jx_cli_open_trace (traces, argv[1], argv[1], trace);
}

int
jx_cli_load_one_trace (int        argc,
                       char     **argv,
                       JxTrace  **trace)
{
  g_auto(JxCliTraces) traces = { 0 };

  jx_cli_traces_init (&traces, argv[0]);
  return jx_cli_open_one_trace (&traces, argc, argv, trace);
}

void
jx_cli_json_add_string (JsonBuilder *builder,
                        const char  *name,
                        const char  *value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_string_value (builder, value);
}

void
jx_cli_json_add_int (JsonBuilder *builder,
                     const char  *name,
                     gint64       value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, value);
}

void
jx_cli_json_add_double (JsonBuilder *builder,
                        const char  *name,
                        double       value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_double_value (builder, value);
}

void
jx_cli_json_add_boolean (JsonBuilder *builder,
                         const char  *name,
                         gboolean     value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_boolean_value (builder, value);
}

void
jx_cli_print_json (JsonNode *root)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;

  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  text = json_generator_to_data (generator, NULL);

  fputs (text, stdout);
  fputc ('\n', stdout);
}

void
jx_cli_csv_append_field (GString    *line,
                         const char *field)
{
  jx_csv_append_field (line, field);
}

void
jx_cli_csv_append_number (GString *line,
                          double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_c (line, ',');
  if (!isnan (value) && !isinf (value))
    g_string_append (line, g_ascii_formatd (buf, sizeof buf, "%.9g", value));
}

void
jx_cli_append_padded (GString    *out,
                      const char *text,
                      guint       width,
                      gboolean    right)
{
  glong length;
  guint pad = 0;

  if (text == NULL)
    text = "";

  length = g_utf8_validate (text, -1, NULL) ? g_utf8_strlen (text, -1) : (glong) strlen (text);
  if ((guint) length < width)
    pad = width - (guint) length;

  if (right)
    g_string_append_printf (out, "%*s", (int) pad, "");
  g_string_append (out, text);
  if (!right)
    g_string_append_printf (out, "%*s", (int) pad, "");
}
