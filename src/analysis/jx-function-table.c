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
  /* Column names are a stable interface for scripts: not translated. */
  g_string_append (out, "function,calls_a,calls_b,call_change,net_seconds,self_a_seconds,self_b_seconds,"
                        "faster_count,faster_seconds,slower_count,slower_seconds,"
                        "only_a_calls,only_a_seconds,only_b_calls,only_b_seconds\n");
}

/* The C locale's decimal point whatever the user's locale: machines read it. */
static void
append_seconds (GString *out,
                double   seconds)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_c (out, ',');
  g_string_append (out, g_ascii_formatd (buffer, sizeof buffer, "%.9f", seconds));
}

void
jx_function_table_append_csv_row (GString                  *out,
                                  const char               *function,
                                  const JxFunctionTimeDiff *row)
{
  g_return_if_fail (out != NULL);
  g_return_if_fail (row != NULL);

  jx_csv_append_field (out, function);
  g_string_append_printf (out, ",%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT ",%" G_GINT64_FORMAT,
                          row->calls_a, row->calls_b, (gint64) row->calls_b - (gint64) row->calls_a);
  append_seconds (out, jx_function_time_diff_get_net (row));
  append_seconds (out, row->self_a);
  append_seconds (out, row->self_b);
  g_string_append_printf (out, ",%" G_GUINT64_FORMAT, row->n_faster);
  append_seconds (out, row->faster);
  g_string_append_printf (out, ",%" G_GUINT64_FORMAT, row->n_slower);
  append_seconds (out, row->slower);
  g_string_append_printf (out, ",%" G_GUINT64_FORMAT, row->only_a);
  append_seconds (out, row->only_a_self);
  g_string_append_printf (out, ",%" G_GUINT64_FORMAT, row->only_b);
  append_seconds (out, row->only_b_self);
  g_string_append_c (out, '\n');
}
