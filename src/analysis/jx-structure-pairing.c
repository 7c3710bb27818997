/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "jx-structure-pairing.h"

/* Similarities of reductions already computed: members with equal
 * reductions (the ranks of one class) have equal similarities, so a group
 * of 1,024 processes in 8 classes needs 64 of them, not a million. */
typedef struct
{
  guint32 *class_a;     /* per member of A: its reduction's class */
  guint32 *class_b;
  guint    n_a;         /* classes */
  guint    n_b;
  float   *table;       /* n_a × n_b, -1 = not yet; NULL when too large */
} Cache;

/* Classes per side above which the table would be too large. */
#define CACHE_MAX_ENTRIES (4u * 1024 * 1024)

struct _JxStructureSimilarity
{
  JxSignatureSet *set;
  /* Per process of A, then of B: its profile's reduction. */
  guint           n_processes_a;
  guint8         *n_top;
  JxFreqEntry    *top;
  Cache           streams;
  Cache           processes;
};

static guint
hash_reduction (const JxFreqEntry *top,
                guint              n,
                guint              kind)
{
  guint64 h = 0x9E3779B97F4A7C15u ^ kind ^ ((guint64) n << 8);

  for (guint i = 0; i < n; i++)
    {
      h = (h ^ top[i].key) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
      h = (h ^ top[i].count) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
    }
  return (guint) (h ^ (h >> 32));
}

typedef struct
{
  const JxFreqEntry *top;
  guint              n;
  guint              kind;
} Reduction;

static guint
reduction_hash (gconstpointer p)
{
  const Reduction *r = p;
  return hash_reduction (r->top, r->n, r->kind);
}

static gboolean
reduction_equal (gconstpointer pa,
                 gconstpointer pb)
{
  const Reduction *a = pa, *b = pb;

  return a->n == b->n && a->kind == b->kind && memcmp (a->top, b->top, a->n * sizeof (JxFreqEntry)) == 0;
}

/* Class ids of equal reductions, per side. */
static guint32 *
classify (Reduction *reductions,
          guint      n,
          guint     *n_classes)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (reduction_hash, reduction_equal);
  guint32 *classes = g_new (guint32, MAX (n, 1));

  *n_classes = 0;
  for (guint i = 0; i < n; i++)
    {
      gpointer value;

      if (g_hash_table_lookup_extended (seen, &reductions[i], NULL, &value))
        classes[i] = GPOINTER_TO_UINT (value);
      else
        {
          classes[i] = (*n_classes)++;
          g_hash_table_insert (seen, &reductions[i], GUINT_TO_POINTER (classes[i]));
        }
    }
  return classes;
}

static void
cache_init (Cache     *cache,
            Reduction *a,
            guint      n_a,
            Reduction *b,
            guint      n_b)
{
  cache->class_a = classify (a, n_a, &cache->n_a);
  cache->class_b = classify (b, n_b, &cache->n_b);
  if ((guint64) cache->n_a * cache->n_b <= CACHE_MAX_ENTRIES)
    {
      cache->table = g_new (float, MAX ((gsize) cache->n_a * cache->n_b, 1));
      for (gsize k = 0; k < (gsize) cache->n_a * cache->n_b; k++)
        cache->table[k] = -1.0f;
    }
}

static void
cache_clear (Cache *cache)
{
  g_clear_pointer (&cache->class_a, g_free);
  g_clear_pointer (&cache->class_b, g_free);
  g_clear_pointer (&cache->table, g_free);
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
  jx_freq_entries_sort ((JxFreqEntry *) (gpointer) all->data, all->len);
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

  {
    guint nsa = jx_trace_get_n_streams (a), nsb = jx_trace_get_n_streams (b);
    g_autofree Reduction *ra = g_new (Reduction, MAX (MAX (nsa, npa), 1));
    g_autofree Reduction *rb = g_new (Reduction, MAX (MAX (nsb, npb), 1));

    for (guint i = 0; i < nsa; i++)
      {
        guint32 sig = jx_signature_set_index (set, 0, i);
        ra[i].top = jx_signature_set_get_top (set, sig, &ra[i].n);
        ra[i].kind = jx_signature_set_get_kind (set, sig);
      }
    for (guint i = 0; i < nsb; i++)
      {
        guint32 sig = jx_signature_set_index (set, 1, i);
        rb[i].top = jx_signature_set_get_top (set, sig, &rb[i].n);
        rb[i].kind = jx_signature_set_get_kind (set, sig);
      }
    cache_init (&self->streams, ra, nsa, rb, nsb);
    for (guint i = 0; i < npa + npb; i++)
      {
        Reduction *r = i < npa ? &ra[i] : &rb[i - npa];

        r->top = &self->top[(gsize) i * JX_SIGNATURE_K];
        r->n = self->n_top[i];
        r->kind = 0;
      }
    cache_init (&self->processes, ra, npa, rb, npb);
  }
  return self;
}

void
jx_structure_similarity_free (JxStructureSimilarity *self)
{
  if (self == NULL)
    return;
  jx_signature_set_free (self->set);
  cache_clear (&self->streams);
  cache_clear (&self->processes);
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
  Cache *cache = processes ? &self->processes : &self->streams;
  float *slot = NULL;
  double sim;

  if (cache->table != NULL)
    {
      slot = &cache->table[(gsize) cache->class_a[a] * cache->n_b + cache->class_b[b]];
      if (*slot >= 0.0f)
        return *slot;
    }
  if (!processes)
    sim = jx_signature_set_similarity (self->set, jx_signature_set_index (self->set, 0, a),
                                       jx_signature_set_index (self->set, 1, b));
  else
    {
      guint slot_b = self->n_processes_a + b;

      g_assert (a < self->n_processes_a);
      sim = jx_maxk_freq_similarity (&self->top[(gsize) a * JX_SIGNATURE_K], self->n_top[a],
                                     &self->top[(gsize) slot_b * JX_SIGNATURE_K], self->n_top[slot_b]);
    }
  if (slot != NULL)
    *slot = (float) sim;
  return slot != NULL ? *slot : sim;
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
