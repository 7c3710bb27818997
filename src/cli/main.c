/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <locale.h>

#include <glib/gi18n.h>

#include "jx-cli.h"

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  return jx_cli_main (argc, argv);
}
