/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli.h — subcommands of juxtrace-cli. Each returns the process exit code:
 * 0 success, 1 bad input (the message on stderr names the file), 2 usage,
 * 3 a regression gate failed (`diff --fail-above`, docs/headline.md). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define JX_CLI_EXIT_OK     0
#define JX_CLI_EXIT_INPUT  1
#define JX_CLI_EXIT_USAGE  2
#define JX_CLI_EXIT_REGRESSION 3

/* The whole tool: argv[0] is the program, argv[1] the command. Returns the
 * exit code and never calls exit() itself (a command's --help, handled by
 * GOptionContext, still does). main() sets the locale first. */
int jx_cli_main     (int argc, char **argv);

/* argv[0] is the subcommand name ("info", ...). */
int jx_cli_info     (int argc, char **argv);
int jx_cli_profile  (int argc, char **argv);
int jx_cli_generate (int argc, char **argv);
int jx_cli_diff     (int argc, char **argv);
int jx_cli_render   (int argc, char **argv);
int jx_cli_align    (int argc, char **argv);
int jx_cli_imbalance (int argc, char **argv);
int jx_cli_cluster  (int argc, char **argv);
int jx_cli_trend    (int argc, char **argv);

G_END_DECLS
