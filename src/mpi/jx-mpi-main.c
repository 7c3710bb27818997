/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-mpi-main.c — juxtrace-mpi: `mpirun -n P juxtrace-mpi COMMAND …`. */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli.h"
#include "jx-mpi.h"

static int
usage (void)
{
  g_printerr ("%s\n", _("Usage: mpirun -n P juxtrace-mpi diff TRACE_A TRACE_B [OPTION…]\n"
                        "       mpirun -n P juxtrace-mpi profile TRACE [OPTION…]\n"
                        "       mpirun -n P juxtrace-mpi cluster TRACE… [OPTION…]\n"
                        "       mpirun -n P juxtrace-mpi imbalance TRACE… [OPTION…]\n"
                        "       mpirun -n P juxtrace-mpi trend RUN… [OPTION…]\n"
                        "       mpirun -n P juxtrace-mpi info TRACE [OPTION…]\n"
                        "Runs as “juxtrace-cli diff”, “profile”, “cluster”, “imbalance”, “trend” and “info” do,\n"
                        "with every rank reading only its share of the processes; rank 0 prints\n"
                        "the result. See juxtrace-mpi(1)."));
  return JX_CLI_EXIT_USAGE;
}

int
main (int    argc,
      char **argv)
{
  int status;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  jx_mpi_init (&argc, &argv);
  if (argc < 2)
    status = usage ();
  else if (strcmp (argv[1], "diff") == 0)
    status = jx_mpi_diff (argc - 1, argv + 1);
  else if (strcmp (argv[1], "profile") == 0)
    status = jx_mpi_profile (argc - 1, argv + 1);
  else if (strcmp (argv[1], "cluster") == 0)
    status = jx_mpi_cluster (argc - 1, argv + 1);
  else if (strcmp (argv[1], "imbalance") == 0)
    status = jx_mpi_imbalance (argc - 1, argv + 1);
  else if (strcmp (argv[1], "trend") == 0)
    status = jx_mpi_trend (argc - 1, argv + 1);
  else if (strcmp (argv[1], "info") == 0)
    status = jx_mpi_info (argc - 1, argv + 1);
  else
    {
      g_printerr (_("juxtrace-mpi: unknown command “%s”\n"), argv[1]);
      status = usage ();
    }
  fflush (stdout);
  jx_mpi_finalize ();
  return status;
}
