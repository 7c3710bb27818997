/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-function-table.c — see jx-function-table.h. */
#include "config.h"

#include <string.h>

#include "jx-function-table.h"

GArray *
jx_function_table_compute (JxComparison   *cmp,
                           const gboolean *pairs_done)
{
  g_autoptr(GPtrArray) tables = g_ptr_array_new ();

  g_return_val_if_fail (cmp != NULL, NULL);

  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);

      if ((pairs_done == NULL || pairs_done[i]) && jx_comparison_pair_is_compared (p))
        g_ptr_array_add (tables, p->function_table);
    }
  return jx_align_function_time_differences_sum ((GArray * const *) tables->pdata, tables->len,
                                                 jx_comparison_get_n_symbols (cmp));
}

void
jx_csv_append_field (GString    *out,
                     const char *field)
{
  g_return_if_fail (out != NULL);

  if (field == NULL)
    field = "";
  if (strpbrk (field, ",\"\r\n") == NULL)
    {
      g_string_append (out, field);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = field; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

void
jx_function_table_append_csv_header (GString *out)
{
  g_return_if_fail (out != NULL);
  g_string_append (out, "function,faster_count,faster_seconds,slower_count,slower_seconds,net_seconds\n");
}

void
jx_function_table_append_csv_row (GString                  *out,
                                  const char               *function,
                                  const JxFunctionTimeDiff *row)
{
  char faster[G_ASCII_DTOSTR_BUF_SIZE], slower[G_ASCII_DTOSTR_BUF_SIZE], net[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_if_fail (out != NULL);
  g_return_if_fail (row != NULL);

  jx_csv_append_field (out, function);
  /* The C locale's decimal point whatever the user's locale: machines read it. */
  g_ascii_formatd (faster, sizeof faster, "%.9f", row->faster);
  g_ascii_formatd (slower, sizeof slower, "%.9f", row->slower);
  g_ascii_formatd (net, sizeof net, "%.9f", row->faster - row->slower);
  g_string_append_printf (out, ",%" G_GUINT64_FORMAT ",%s,%" G_GUINT64_FORMAT ",%s,%s\n",
                          row->n_faster, faster, row->n_slower, slower, net);
}
