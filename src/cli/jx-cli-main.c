/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-main.c — juxtrace-cli's command dispatch as a library function,
 * so that tests and the option-parsing fuzz target can run it in-process. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "jx-cli.h"

typedef struct
{
  const char *name;
  int (*run) (int argc, char **argv);
  const char *summary;   /* N_() marked, translated at print time */
} JxCliCommand;

static const JxCliCommand commands[] = {
  { "info",     jx_cli_info,     N_("Summarise a trace: processes, streams, events, time span, load report") },
  { "profile",  jx_cli_profile,  N_("Flat profile: invocations, inclusive and exclusive time per region") },
  { "diff",     jx_cli_diff,     N_("Align two traces and report where they differ") },
  { "align",    jx_cli_align,    N_("Offsets that align traces at a function (call-invocation profile) or a marker") },
  { "render",   jx_cli_render,   N_("Draw traces side by side into a PNG, SVG or PDF file") },
  { "imbalance", jx_cli_imbalance, N_("Rank processes and iterations by SOS time: where the load is imbalanced") },
  { "cluster",  jx_cli_cluster,  N_("Group the streams of traces into clusters of the same call structure; outliers") },
  { "trend",    jx_cli_trend,    N_("Scaling study of several runs: which functions grow fastest with processes or input size") },
  { "generate", jx_cli_generate, N_("Write synthetic OTF2 traces (examples, tests, benchmarks)") },
};

static void
print_usage (FILE *out)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint i;

  g_string_append_printf (text, "%s\n  juxtrace-cli %s\n\n",
                          _("Usage:"), _("COMMAND [OPTION…] [ARGUMENT…]"));
  g_string_append_printf (text, "%s\n\n", _("Compare and inspect OTF2 performance traces without a display."));
  g_string_append_printf (text, "%s\n", _("Commands:"));
  for (i = 0; i < G_N_ELEMENTS (commands); i++)
    g_string_append_printf (text, "  %-10s %s\n", commands[i].name, _(commands[i].summary));
  g_string_append_printf (text, "\n%s\n", _("Options:"));
  g_string_append_printf (text, "  %-14s %s\n", "-h, --help", _("Show this help"));
  g_string_append_printf (text, "  %-14s %s\n", "-V, --version", _("Show the version"));
  g_string_append_printf (text, "\n%s\n", _("Run “juxtrace-cli COMMAND --help” for the options of a command."));
  g_string_append_printf (text, "%s\n", _("Exit status: 0 success (also for traces read in part: a line on stderr says so),\n"
                                           "1 unreadable or invalid input (with --strict also any defect in a trace),\n"
                                           "2 usage error."));

  fputs (text->str, out);
}

static const JxCliCommand *
find_command (const char *name)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (commands[i].name, name) == 0)
      return &commands[i];

  return NULL;
}

static int
run_command (const JxCliCommand  *command,
             int                  argc,
             char               **argv)
{
  g_autofree char *prgname = g_strdup_printf ("juxtrace-cli %s", command->name);

  /* GOptionContext prints "Usage: PRGNAME [OPTION…] …"; this makes it read
   * "juxtrace-cli info [OPTION…] TRACE". */
  g_set_prgname (prgname);

  return command->run (argc, argv);
}

int
jx_cli_main (int    argc,
             char **argv)
{
  const JxCliCommand *command;
  const char *first;

  g_set_prgname ("juxtrace-cli");

  if (argc < 2)
    {
      print_usage (stderr);
      return JX_CLI_EXIT_USAGE;
    }

  first = argv[1];

  if ((strcmp (first, "-h") == 0 || strcmp (first, "--help") == 0 || strcmp (first, "-?") == 0) && argc < 3)
    {
      print_usage (stdout);
      return JX_CLI_EXIT_OK;
    }

  if (strcmp (first, "-V") == 0 || strcmp (first, "--version") == 0)
    {
      if (argc > 2)
        {
          g_printerr (_("juxtrace-cli: --version takes no argument"));
          g_printerr ("\n");
          return JX_CLI_EXIT_USAGE;
        }
      g_print ("juxtrace-cli %s\n", PACKAGE_VERSION);
      return JX_CLI_EXIT_OK;
    }

  /* "juxtrace-cli help [COMMAND]" and "juxtrace-cli --help COMMAND" are the
   * same as "--help" / "COMMAND --help". */
  if (strcmp (first, "help") == 0 || strcmp (first, "-h") == 0 || strcmp (first, "--help") == 0
      || strcmp (first, "-?") == 0)
    {
      char *help_argv[3] = { NULL, (char *) "--help", NULL };

      if (argc < 3)
        {
          print_usage (stdout);
          return JX_CLI_EXIT_OK;
        }
      if (argc > 3)
        {
          g_printerr (_("juxtrace-cli: help takes one COMMAND"));
          g_printerr ("\n");
          return JX_CLI_EXIT_USAGE;
        }
      if ((command = find_command (argv[2])) == NULL)
        {
          g_printerr (_("juxtrace-cli: unknown command “%s”"), argv[2]);
          g_printerr ("\n");
          print_usage (stderr);
          return JX_CLI_EXIT_USAGE;
        }
      help_argv[0] = argv[2];
      return run_command (command, 2, help_argv);
    }

  if ((command = find_command (first)) == NULL)
    {
      if (first[0] == '-')
        g_printerr (_("juxtrace-cli: unknown option “%s”"), first);
      else
        g_printerr (_("juxtrace-cli: unknown command “%s”"), first);
      g_printerr ("\n");
      print_usage (stderr);
      return JX_CLI_EXIT_USAGE;
    }

  return run_command (command, argc - 1, argv + 1);
}
