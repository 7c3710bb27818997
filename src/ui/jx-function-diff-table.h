/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-function-diff-table.h — the function time difference table of the
 * compared trace's comparison (dissertation §4.4, Table 4.2), summed over
 * its stream pairs as they arrive: a GtkColumnView with Function, No.+ (B
 * faster), Δ+, No.− (B slower), Δ− and Net (Δ+ − Δ−), sortable by every
 * column, filtered by a name, and exported as CSV in the columns of
 * `juxtrace-cli diff --csv --functions` (jx-function-table.h), in the order
 * and filter shown.
 *
 * Actions (group "table"): export (Ctrl+Shift+E in the window). */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_FUNCTION_DIFF_TABLE (jx_function_diff_table_get_type ())
G_DECLARE_FINAL_TYPE (JxFunctionDiffTable, jx_function_diff_table, JX, FUNCTION_DIFF_TABLE, GtkWidget)

GtkWidget  *jx_function_diff_table_new          (void);
void        jx_function_diff_table_set_session  (JxFunctionDiffTable *self,
                                                 JxSession           *session);
/* The rows as shown (sorted and filtered). */
GListModel *jx_function_diff_table_get_model    (JxFunctionDiffTable *self);
/* A row's values: function name, No.+, Δ+ (s), No.−, Δ− (s). */
void        jx_function_diff_table_get_row      (JxFunctionDiffTable *self,
                                                 guint                position,
                                                 const char         **name,
                                                 guint64             *n_faster,
                                                 double              *faster,
                                                 guint64             *n_slower,
                                                 double              *slower);
void        jx_function_diff_table_set_filter   (JxFunctionDiffTable *self,
                                                 const char          *text);
/* Sorts by the column with this title ("Function", "No.+", "Δ+", "No.−",
 * "Δ−", "Net"), ascending or not; NULL for the default order. */
void        jx_function_diff_table_sort_by      (JxFunctionDiffTable *self,
                                                 const char          *column,
                                                 gboolean             ascending);
/* The CSV an export writes. */
char       *jx_function_diff_table_dup_csv      (JxFunctionDiffTable *self);
gboolean    jx_function_diff_table_write_csv    (JxFunctionDiffTable *self,
                                                 GFile               *file,
                                                 GError             **error);

G_END_DECLS
