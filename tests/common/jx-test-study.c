/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-study.c */
#include "config.h"

#include "jx-test-study.h"
#include "jx-test-util.h"

void
jx_test_study_generate (JxTestStudy  *study,
                        const char   *laws,
                        const guint  *ranks,
                        guint         iterations,
                        double        jitter,
                        guint32       seed)
{
  g_autoptr(GStrvBuilder) runs = g_strv_builder_new ();
  const JxGenLaw *preset;
  guint n_laws = 0;

  preset = jx_generator_law_preset (laws, &n_laws);
  g_assert_nonnull (preset);
  study->dir = jx_test_make_tmp_dir ();
  for (guint k = 0; ranks[k] != 0; k++)
    {
      g_autoptr(GError) error = NULL;
      guint repetition = 1;
      g_autofree char *name = NULL;
      g_autofree char *run = NULL;
      JxGeneratorOptions options;

      /* A second run at the same count is Extra-P's repetition "p4.r2". */
      for (guint j = 0; j < k; j++)
        if (ranks[j] == ranks[k])
          repetition++;
      name = repetition == 1 ? g_strdup_printf ("p%u", ranks[k]) : g_strdup_printf ("p%u.r%u", ranks[k], repetition);
      run = g_build_filename (study->dir, name, NULL);

      jx_generator_options_init (&options);
      options.seed = seed + k;
      options.n_ranks = ranks[k];
      options.n_iterations = iterations;
      options.depth = 3;
      options.fanout = 2;
      options.laws = preset;
      options.n_laws = n_laws;
      options.law_jitter = jitter;
      g_assert_cmpuint (jx_generate_trace (run, &options, &error), >, 0);
      g_assert_no_error (error);
      g_strv_builder_add (runs, run);
    }
  study->runs = g_strv_builder_end (runs);
}

void
jx_test_study_clear (JxTestStudy *study)
{
  if (study->dir != NULL)
    jx_test_remove_tree (study->dir);
  g_clear_pointer (&study->dir, g_free);
  g_clear_pointer (&study->runs, g_strfreev);
}
