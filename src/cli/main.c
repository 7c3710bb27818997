/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <locale.h>

#include <glib/gi18n.h>

#include "jx-cli.h"

int
main (int    argc,
      char **argv)
{
  const char *localedir = g_getenv ("JUXTRACE_LOCALEDIR");

  setlocale (LC_ALL, "");
  /* CSV, JSON and text keep a decimal point in every language: a German
   * locale's decimal comma would split CSV fields. */
  setlocale (LC_NUMERIC, "C");
  /* Uninstalled runs: JUXTRACE_LOCALEDIR=<build>/po (HACKING.md). */
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && localedir[0] != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  return jx_cli_main (argc, argv);
}
