/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-generate.c — see jx-test-generate.h. */
#include "config.h"

#include "jx-test-generate.h"
#include "jx-test-util.h"
#include "jx-trace-generator.h"

static void
generate (const char *path,
          guint       n_ranks,
          guint       n_iterations,
          guint       variant)
{
  g_autoptr(GError) error = NULL;
  JxGeneratorOptions options;

  jx_generator_options_init (&options);
  options.seed = 7;
  options.n_ranks = n_ranks;
  options.n_threads = 1;
  options.n_iterations = n_iterations;
  options.variant = variant;
  g_assert_cmpuint (jx_generate_trace (path, &options, &error), >, 0);
  g_assert_no_error (error);
}

char *
jx_test_generate_variant_pair (guint   n_ranks,
                               guint   n_iterations,
                               guint   variant_b,
                               char  **a,
                               char  **b)
{
  char *dir = jx_test_make_tmp_dir ();

  *a = g_build_filename (dir, "a", NULL);
  *b = g_build_filename (dir, "b", NULL);
  generate (*a, n_ranks, n_iterations, JX_VARIANT_NONE);
  generate (*b, n_ranks, n_iterations, variant_b);
  return dir;
}

char *
jx_test_generate_remove_pair (guint   n_ranks,
                              guint   n_iterations,
                              char  **a,
                              char  **b)
{
  return jx_test_generate_variant_pair (n_ranks, n_iterations, JX_VARIANT_REMOVE_FUNCTION, a, b);
}
