/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-gen.h — generated traces for the tests of analysis, render, session
 * and cli: written by the generator into a scratch directory and loaded. */
#pragma once

#include "jx-trace-generator.h"
#include "jx-trace.h"
#include "jx-test-util.h"

G_BEGIN_DECLS

/* Writes the trace of `options` into a new scratch directory (*dir, free
 * with g_free after jx_test_remove_tree), fills stats (may be NULL) and
 * loads it; fails the test on any error. */
JxTrace *jx_test_generate_load (const JxGeneratorOptions *options,
                                JxGeneratorStats         *stats,
                                char                    **dir);

G_END_DECLS
