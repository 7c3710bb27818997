/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the helpers the juxtrace-cli subcommands share. */
#include "config.h"

#include <glib.h>

#include "jx-cli-common.h"

static void
test_csv_field (void)
{
  static const struct { const char *in; const char *out; } cases[] = {
    { "MPI_Send",               "MPI_Send" },
    { "",                       "" },
    { "int main(int, char**)",  "\"int main(int, char**)\"" },
    { "say \"hi\"",             "\"say \"\"hi\"\"\"" },
    { "two\nlines",             "\"two\nlines\"" },
    { "cr\rhere",               "\"cr\rhere\"" },
    { "µs ünïcode",             "µs ünïcode" },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GString) line = g_string_new ("x,");

      jx_cli_csv_append_field (line, cases[i].in);
      g_assert_cmpstr (line->str + 2, ==, cases[i].out);
    }

  {
    g_autoptr(GString) line = g_string_new (NULL);

    jx_cli_csv_append_field (line, NULL);
    g_assert_cmpstr (line->str, ==, "");
  }
}

static void
test_padded (void)
{
  g_autoptr(GString) out = g_string_new (NULL);

  jx_cli_append_padded (out, "µs", 4, TRUE);
  g_assert_cmpstr (out->str, ==, "  µs");
  g_string_truncate (out, 0);
  jx_cli_append_padded (out, "ab", 4, FALSE);
  g_assert_cmpstr (out->str, ==, "ab  ");
  g_string_truncate (out, 0);
  jx_cli_append_padded (out, "longer than width", 4, FALSE);
  g_assert_cmpstr (out->str, ==, "longer than width");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/common/csv-field", test_csv_field);
  g_test_add_func ("/cli/common/padded", test_padded);

  return g_test_run ();
}
