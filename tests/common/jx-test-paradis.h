/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-paradis.h — call trees shaped like the dissertation's ParaDiS
 * case (§3.5.2, Table 3.13) for the benchmarks: most children sequences
 * shorter than 100, a few up to 10,000, and a second tree that differs from
 * the first in about one pair in ten. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define JX_TEST_PARADIS_N_FUNCTIONS 2000

/* A call tree in pre-order: labels (function ids below N_FUNCTIONS),
 * depths, and where each subtree ends. */
typedef struct
{
  guint32 *label;
  guint32 *subtree_end;
  guint16 *depth;
  guint32  n;
  guint32  capacity;
} JxTestCallTree;

void jx_test_call_tree_clear    (JxTestCallTree       *t);
/* About n calls: main, then iterations of code-like call structure. */
void jx_test_paradis_generate_a (JxTestCallTree       *t,
                                 GRand                *rand,
                                 guint32               n);
/* a with subtrees dropped, calls renamed and calls added: about 90 % of
 * the aligned pairs equal. */
void jx_test_paradis_generate_b (JxTestCallTree       *t,
                                 const JxTestCallTree *a,
                                 GRand                *rand);

G_END_DECLS
