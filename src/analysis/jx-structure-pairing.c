/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "jx-structure-pairing.h"

struct _JxStructureSimilarity
{
  JxSignatureSet *set;
  /* Per process of A, then of B: its profile's reduction. */
  guint           n_processes_a;
  guint8         *n_top;
  JxFreqEntry    *top;
};

static int
compare_keys (const void *pa,
              const void *pb)
{
  guint64 a = ((const JxFreqEntry *) pa)->key, b = ((const JxFreqEntry *) pb)->key;

  return a < b ? -1 : (a > b ? 1 : 0);
}

/* The profile of one process: its streams' pair counts summed. */
static void
process_profile (JxStructureSimilarity *self,
                 guint                  trace_index,
                 const JxProcess       *process,
                 guint                  slot)
{
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (JxFreqEntry));
  guint out = 0;

  for (guint s = 0; s < process->n_streams; s++)
    {
      guint32 sig = jx_signature_set_index (self->set, trace_index, process->first_stream + s);
      const guint32 *callers, *callees, *counts;
      guint n;

      jx_signature_set_get_pairs (self->set, sig, &n, &callers, &callees, &counts);
      for (guint p = 0; p < n; p++)
        {
          JxFreqEntry e = { ((guint64) callers[p] << 32) | callees[p], counts[p] };
          g_array_append_val (all, e);
        }
    }
  qsort (all->data, all->len, sizeof (JxFreqEntry), compare_keys);
  for (guint i = 0; i < all->len; i++)
    {
      JxFreqEntry *e = &g_array_index (all, JxFreqEntry, i);

      if (out > 0 && g_array_index (all, JxFreqEntry, out - 1).key == e->key)
        g_array_index (all, JxFreqEntry, out - 1).count += e->count;
      else
        g_array_index (all, JxFreqEntry, out++) = *e;
    }
  self->n_top[slot] = (guint8) jx_maxk_freq_top ((const JxFreqEntry *) (gpointer) all->data, out, JX_SIGNATURE_K,
                                                 &self->top[(gsize) slot * JX_SIGNATURE_K]);
}

JxStructureSimilarity *
jx_structure_similarity_new (JxTrace       *a,
                             JxTrace       *b,
                             GCancellable  *cancellable,
                             GError       **error)
{
  JxStructureSimilarity *self;
  JxTrace *both[2] = { a, b };
  JxSignatureSet *set;
  guint npa, npb;

  g_return_val_if_fail (JX_IS_TRACE (a) && JX_IS_TRACE (b), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  set = jx_signature_set_new (both, 2, cancellable, error);
  if (set == NULL)
    return NULL;
  self = g_new0 (JxStructureSimilarity, 1);
  self->set = set;
  npa = jx_trace_get_n_processes (a);
  npb = jx_trace_get_n_processes (b);
  self->n_processes_a = npa;
  self->n_top = g_new0 (guint8, MAX (npa + npb, 1));
  self->top = g_new (JxFreqEntry, (gsize) MAX (npa + npb, 1) * JX_SIGNATURE_K);
  for (guint i = 0; i < npa; i++)
    process_profile (self, 0, jx_trace_get_process (a, i), i);
  for (guint i = 0; i < npb; i++)
    process_profile (self, 1, jx_trace_get_process (b, i), npa + i);
  return self;
}

void
jx_structure_similarity_free (JxStructureSimilarity *self)
{
  if (self == NULL)
    return;
  jx_signature_set_free (self->set);
  g_free (self->n_top);
  g_free (self->top);
  g_free (self);
}

JxSignatureSet *
jx_structure_similarity_get_signatures (JxStructureSimilarity *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->set;
}

double
jx_structure_similarity_func (gboolean processes,
                              guint32  a,
                              guint32  b,
                              gpointer user_data)
{
  JxStructureSimilarity *self = user_data;
  guint slot_b;

  if (!processes)
    return jx_signature_set_similarity (self->set, jx_signature_set_index (self->set, 0, a),
                                        jx_signature_set_index (self->set, 1, b));
  slot_b = self->n_processes_a + b;
  g_assert (a < self->n_processes_a);
  return jx_maxk_freq_similarity (&self->top[(gsize) a * JX_SIGNATURE_K], self->n_top[a],
                                  &self->top[(gsize) slot_b * JX_SIGNATURE_K], self->n_top[slot_b]);
}

GArray *
jx_structure_pairing_compute (JxTrace           *a,
                              JxTrace           *b,
                              const char        *process_name,
                              const JxNamePair  *overrides,
                              guint              n_overrides,
                              JxPairingMode      mode,
                              JxPairingSummary  *summary,
                              GCancellable      *cancellable,
                              GError           **error)
{
  g_autoptr(JxStructureSimilarity) similarity = NULL;
  JxStreamPairingOptions options;

  g_return_val_if_fail (JX_IS_TRACE (a) && JX_IS_TRACE (b), NULL);
  g_return_val_if_fail (overrides != NULL || n_overrides == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  similarity = jx_structure_similarity_new (a, b, cancellable, error);
  if (similarity == NULL)
    return NULL;
  jx_stream_pairing_options_init (&options);
  options.process_name = process_name;
  options.overrides = overrides;
  options.n_overrides = n_overrides;
  options.mode = mode;
  options.similarity = jx_structure_similarity_func;
  options.similarity_data = similarity;
  return jx_stream_pairing_compute_with (a, b, &options, summary, error);
}

gboolean
jx_structure_pairing_partner (JxTrace       *a,
                              guint32        stream,
                              JxTrace       *b,
                              JxPairingMode  mode,
                              JxStreamPair  *pair)
{
  g_autoptr(GArray) pairs = NULL;

  g_return_val_if_fail (JX_IS_TRACE (a) && JX_IS_TRACE (b), FALSE);
  g_return_val_if_fail (stream < jx_trace_get_n_streams (a), FALSE);
  g_return_val_if_fail (pair != NULL, FALSE);

  pairs = jx_structure_pairing_compute (a, b, NULL, NULL, 0, mode, NULL, NULL, NULL);
  for (guint i = 0; pairs != NULL && i < pairs->len; i++)
    if (g_array_index (pairs, JxStreamPair, i).stream_a == stream)
      {
        *pair = g_array_index (pairs, JxStreamPair, i);
        return TRUE;
      }
  return FALSE;
}
