/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-assemble.c — a comparison put together from stream pairs
 * computed elsewhere (the ranks of juxtrace-mpi, each on its share of the
 * streams), equal to the one jx_comparison_run () makes of both traces
 * whole when the parts are. */
#include "config.h"

#include "jx-comparison-assemble.h"
#include "jx-comparison-private.h"

JxComparison *
jx_comparison_assemble (const char                *name_a,
                        const char                *name_b,
                        const JxComparisonOptions *options,
                        const char *const         *symbols,
                        guint                      n_symbols,
                        GPtrArray                 *pairs,
                        double                     runtime_a,
                        double                     runtime_b,
                        double                     elapsed,
                        const JxPairingSummary    *pairing)
{
  JxComparison *result;

  g_return_val_if_fail (options != NULL && pairs != NULL && pairing != NULL, NULL);
  g_return_val_if_fail (symbols != NULL || n_symbols == 0, NULL);

  result = g_new0 (JxComparison, 1);
  result->ref_count = 1;
  result->name_a = g_strdup (name_a);
  result->name_b = g_strdup (name_b);
  result->options = *options;
  result->options.hier.align.scoring = result->options.scoring;
  result->process_name = g_strdup (options->process_name);
  result->options.process_name = result->process_name;
  /* Overrides are not part of an assembled comparison: its parts were
   * paired where they were computed. */
  result->pair_overrides = NULL;
  result->options.pair_overrides = NULL;
  result->options.n_pair_overrides = 0;
  result->names = jx_name_table_new ();
  for (guint i = 0; i < n_symbols; i++)
    jx_name_table_intern (result->names, symbols[i]);
  result->pairs = g_ptr_array_new_with_free_func (jx_comparison_pair_free);
  for (guint i = 0; i < pairs->len; i++)
    g_ptr_array_add (result->pairs, g_ptr_array_index (pairs, i));
  /* The pairs are the result's now. */
  g_ptr_array_set_free_func (pairs, NULL);
  g_ptr_array_set_size (pairs, 0);
  for (guint i = 0; i < result->pairs->len; i++)
    {
      JxComparisonPair *p = g_ptr_array_index (result->pairs, i);

      p->index = i;
      if (p->skip == JX_COMPARISON_SKIP_UNPAIRED)
        result->n_unpaired++;
      else if (p->skip != JX_COMPARISON_SKIP_NONE)
        result->n_not_compared++;
    }
  result->runtime_a = runtime_a;
  result->runtime_b = runtime_b;
  result->elapsed = elapsed;
  result->pairing = *pairing;
  return result;
}
