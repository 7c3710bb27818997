/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-function-table.h — the function time difference table of a comparison
 * (dissertation §4.4, Table 4.2) summed over its stream pairs, and the CSV
 * form that `juxtrace-cli diff --csv --functions` prints and the window's
 * table exports, so both give the same columns:
 *
 *   function,faster_count,faster_seconds,slower_count,slower_seconds,net_seconds
 *
 * faster: B ran faster than A (No.+, Δ+); slower: B ran slower (No.−, Δ−);
 * net = Δ+ − Δ−, the time B gained in the function overall. */
#pragma once

#include "jx-comparison.h"

G_BEGIN_DECLS

/* The rows of every aligned pair summed per function (JxFunctionTimeDiff),
 * largest Δ+ + Δ− first. pairs_done, when not NULL, limits the sum to the
 * pairs whose flag is set (results still arriving). */
GArray *jx_function_table_compute     (JxComparison             *cmp,
                                       const gboolean           *pairs_done);

/* RFC 4180: quoted when it holds a comma, quote or line break. */
void    jx_csv_append_field           (GString                  *out,
                                       const char               *field);

void    jx_function_table_append_csv_header (GString            *out);
void    jx_function_table_append_csv_row    (GString            *out,
                                             const char         *function,
                                             const JxFunctionTimeDiff *row);

G_END_DECLS
