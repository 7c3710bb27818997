/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-function-diff-table.h — the function time difference table of the
 * compared trace's comparison (dissertation §4.4, Table 4.2, with every
 * call: jx-function-table.h, docs/headline.md), summed over its stream
 * pairs as they arrive: a GtkColumnView with Net (B − A, self time;
 * sorted by its size, largest first, by default), Function, Calls A, Calls B,
 * ± calls, Only A and Only B (calls without an equal partner, and their
 * time), No.+ (B faster), Δ+, No.− (B slower) and Δ−; sortable by every
 * column, columns resizable, the name column taking the free width,
 * filtered by a name, and exported as CSV in the columns of
 * `juxtrace-cli diff --csv --functions`, in the order and filter shown.
 *
 * Actions (group "table"): export (Ctrl+Shift+E in the window). */
#pragma once

#include <gtk/gtk.h>

#include "jx-align-metrics.h"
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
/* Every column of a row (jx-align-metrics.h); FALSE past the end. */
gboolean    jx_function_diff_table_get_row_diff (JxFunctionDiffTable *self,
                                                 guint                position,
                                                 const char         **name,
                                                 JxFunctionTimeDiff  *diff);
void        jx_function_diff_table_set_filter   (JxFunctionDiffTable *self,
                                                 const char          *text);
/* Sorts by the column with this title ("Net", "Function", "Calls A",
 * "Calls B", "± Calls", "Only A", "Only A time", "Only B", "Only B time",
 * "No.+", "Δ+", "No.−", "Δ−"), ascending or not; NULL for the default
 * order (largest |net| first). "Net" sorts by |net|. */
void        jx_function_diff_table_sort_by      (JxFunctionDiffTable *self,
                                                 const char          *column,
                                                 gboolean             ascending);
/* The CSV an export writes. */
char       *jx_function_diff_table_dup_csv      (JxFunctionDiffTable *self);
gboolean    jx_function_diff_table_write_csv    (JxFunctionDiffTable *self,
                                                 GFile               *file,
                                                 GError             **error);

G_END_DECLS
