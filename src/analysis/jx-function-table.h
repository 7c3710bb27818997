/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-function-table.h — the function time difference table of a comparison
 * (dissertation §4.4, Table 4.2) summed over its stream pairs, with every
 * call (jx-align-metrics.h, JxFunctionTimeDiff; docs/headline.md), and the
 * CSV form that `juxtrace-cli diff --csv --functions` prints and the
 * window's table exports, so both give the same columns:
 *
 *   function,calls_a,calls_b,call_change,net_seconds,self_a_seconds,
 *   self_b_seconds,faster_count,faster_seconds,slower_count,slower_seconds,
 *   only_a_calls,only_a_seconds,only_b_calls,only_b_seconds
 *
 * Times are self time in seconds. net = self_b − self_a (positive: B spent
 * more time in the function, slower); call_change = calls_b − calls_a.
 * faster: equal calls that took less time in B (No.+, Δ+); slower: more
 * (No.−, Δ−); only_a / only_b: calls without an equal partner in the other
 * trace. net = slower − faster + only_b_seconds − only_a_seconds. */
#pragma once

#include "jx-comparison.h"

G_BEGIN_DECLS

/* The rows of every aligned pair summed per function (JxFunctionTimeDiff),
 * largest |net| first. pairs_done, when not NULL, limits the sum to the
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
