/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-study.h — generated scaling studies for the tests of
 * analysis and cli: one run per process count, written by the generator
 * with its laws (jx-gen-laws.c) into folders "p<N>" (a repeated count
 * "p<N>.r<K>") of a scratch directory. */
#pragma once

#include "jx-trace-generator.h"

G_BEGIN_DECLS

typedef struct
{
  char   *dir;       /* the scratch directory (jx_test_remove_tree) */
  GStrv   runs;      /* the run folders, in the order of ranks */
} JxTestStudy;

/* One run per entry of ranks (0-terminated) with the law set ("scaling",
 * "paper"), the iterations, the law jitter and the seed (the seed of run k
 * is seed + k). Fails the test on any error. */
void jx_test_study_generate (JxTestStudy   *study,
                             const char    *laws,
                             const guint   *ranks,
                             guint          iterations,
                             double         jitter,
                             guint32        seed);
void jx_test_study_clear    (JxTestStudy   *study);

G_END_DECLS
