/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-private.h — the comparison's fields, for jx-comparison.c and
 * jx-comparison-assemble.c (a comparison put together from parts computed
 * elsewhere, e.g. by the ranks of juxtrace-mpi). */
#pragma once

#include "jx-comparison-assemble.h"
#include "jx-hier-tree.h"

G_BEGIN_DECLS

struct _JxComparison
{
  gint                 ref_count;
  char                *name_a;
  char                *name_b;
  char                *process_name;
  JxComparisonOptions  options;
  JxNameTable         *names;
  GPtrArray           *pairs;        /* JxComparisonPair */
  guint                n_unpaired;
  guint                n_not_compared;
  double               elapsed;
  double               runtime_a;
  double               runtime_b;
  JxNamePair          *pair_overrides; /* owns its strings */
  JxPairingSummary     pairing;
};


G_END_DECLS
