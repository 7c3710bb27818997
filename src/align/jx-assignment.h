/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-assignment.h — maximum-weight assignment of rows to columns (the
 * partners of structural pairing, jx-stream-pairing.h).
 *
 * Up to JX_ASSIGNMENT_EXACT_MAX rows and columns (the larger side counts)
 * the Hungarian method (Kuhn–Munkres with potentials, O(n² m)) finds an
 * optimal assignment. Above that a greedy matching takes the heaviest
 * remaining edge whose row and column are both free (ties: the smaller row,
 * then the smaller column); its total is at least half the optimum (each
 * edge it takes blocks at most two edges of an optimal assignment, each no
 * heavier). Every row of the smaller side gets a partner: weights are
 * non-negative, so a complete assignment of that side is never lighter. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The largest side solved exactly: 512³ steps take well under a second,
 * and thread counts per process and process counts of runs whose process
 * names do not pair (process IDs) are usually far smaller. */
#define JX_ASSIGNMENT_EXACT_MAX 512

typedef enum
{
  JX_ASSIGNMENT_EXACT,
  JX_ASSIGNMENT_GREEDY,
} JxAssignmentMethod;

/* weights: n_rows × n_cols, row-major, each >= 0. Fills col_of_row (length
 * n_rows) with a column or G_MAXUINT32 for rows left without one. Returns
 * how it was solved. */
JxAssignmentMethod jx_assignment_solve  (const gint64 *weights,
                                         guint         n_rows,
                                         guint         n_cols,
                                         guint32      *col_of_row);

/* The same with a given method (tests compare both). */
void               jx_assignment_exact  (const gint64 *weights,
                                         guint         n_rows,
                                         guint         n_cols,
                                         guint32      *col_of_row);
void               jx_assignment_greedy (const gint64 *weights,
                                         guint         n_rows,
                                         guint         n_cols,
                                         guint32      *col_of_row);

G_END_DECLS
