/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c — the juxtrace GUI: `juxtrace [TRACE…]`, `juxtrace --examples`. */
#include "config.h"

#include <locale.h>

#include <glib/gi18n.h>

#include "jx-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(JxApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_application_name (_("Juxtrace"));

  app = jx_application_new (G_APPLICATION_DEFAULT_FLAGS);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
