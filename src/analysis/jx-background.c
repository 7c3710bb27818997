/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-background.c — see jx-background.h. */
#include "config.h"

#include "jx-background.h"

#ifdef __linux__
#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

void
jx_background_lower_thread (void)
{
#ifdef __linux__
  id_t tid = (id_t) syscall (SYS_gettid);
  int now;

  errno = 0;
  now = getpriority (PRIO_PROCESS, tid);
  if (errno == 0 && now < JX_BACKGROUND_NICE)
    setpriority (PRIO_PROCESS, tid, JX_BACKGROUND_NICE);
#endif
}
