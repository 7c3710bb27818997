/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-generate.h — the generated trace pairs the comparison tests of
 * the session, the views and the window share. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Writes two traces of the generator's stencil code (jx-trace-generator.h)
 * into a new temporary folder, "<dir>/a" and "<dir>/b", that differ only by
 * one removed function per iteration in B (variant remove: "compute_halo"
 * and its "pack_buffer" callee are not called). Returns the folder (remove
 * it with jx_test_remove_tree); a and b receive the two paths. */
char *jx_test_generate_remove_pair (guint   n_ranks,
                                    guint   n_iterations,
                                    char  **a,
                                    char  **b);
/* The same with B of generator variant(s) `variant_b` (JxVariant flags,
 * e.g. JX_VARIANT_FASTER_KERNEL: the stencil kernel takes half the time). */
char *jx_test_generate_variant_pair (guint   n_ranks,
                                     guint   n_iterations,
                                     guint   variant_b,
                                     char  **a,
                                     char  **b);

G_END_DECLS
