/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-fuzz-common.c — see jx-fuzz-common.h. */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "jx-cli.h"
#include "jx-fuzz-common.h"

/* Present when a sanitizer runtime is linked; sends its reports to fd. */
extern void __sanitizer_set_report_fd (void *fd) __attribute__ ((weak));

static int devnull = -1;

void
jx_fuzz_setup (void)
{
  static gsize once = 0;

  if (!g_once_init_enter (&once))
    return;

  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  g_setenv ("G_SLICE", "always-malloc", FALSE);

  /* JX_FUZZ_VERBOSE=1 shows what the commands print, to debug a finding. */
  if (g_strcmp0 (g_getenv ("JX_FUZZ_VERBOSE"), "1") != 0)
    devnull = open ("/dev/null", O_WRONLY | O_CLOEXEC);
  if (__sanitizer_set_report_fd != NULL)
    {
      int report = dup (STDERR_FILENO);

      if (report >= 0)
        __sanitizer_set_report_fd ((void *) (intptr_t) report);
    }

  g_once_init_leave (&once, 1);
}

int
jx_fuzz_run_cli_quiet (int    argc,
                       char **argv)
{
  int saved_out, saved_err;
  int status;

  jx_fuzz_setup ();

  fflush (stdout);
  fflush (stderr);
  saved_out = dup (STDOUT_FILENO);
  saved_err = dup (STDERR_FILENO);
  if (devnull >= 0)
    {
      dup2 (devnull, STDOUT_FILENO);
      dup2 (devnull, STDERR_FILENO);
    }

  status = jx_cli_main (argc, argv);

  fflush (stdout);
  fflush (stderr);
  if (saved_out >= 0)
    {
      dup2 (saved_out, STDOUT_FILENO);
      close (saved_out);
    }
  if (saved_err >= 0)
    {
      dup2 (saved_err, STDERR_FILENO);
      close (saved_err);
    }
  return status;
}
