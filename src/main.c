/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c — the juxtrace GUI: `juxtrace [TRACE…]`, `juxtrace --examples`. */
#include "config.h"

#include <glib/gi18n.h>

#include "jx-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(JxApplication) app = NULL;

  jx_application_init_i18n ();

  g_set_application_name (_("Juxtrace"));

  app = jx_application_new (G_APPLICATION_DEFAULT_FLAGS);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
