/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "jx-stream-signature-private.h"

#define KEY_EMPTY G_MAXUINT64

/* --- the scratch table of one stream's pairs ---------------------------------- */

typedef struct
{
  guint64 *keys;
  guint32 *counts;
  guint32 *used;      /* slots in use, in order of first use */
  guint    n_used;
  guint    mask;      /* capacity - 1 */
} PairTable;

static void
pair_table_init (PairTable *t,
                 guint      capacity)
{
  t->mask = capacity - 1;
  t->keys = g_new (guint64, capacity);
  t->counts = g_new0 (guint32, capacity);
  t->used = g_new (guint32, capacity);
  t->n_used = 0;
  memset (t->keys, 0xff, sizeof (guint64) * capacity);
}

static void
pair_table_clear (PairTable *t)
{
  g_free (t->keys);
  g_free (t->counts);
  g_free (t->used);
}

static inline guint
pair_slot (guint64 key)
{
  key ^= key >> 29;
  key *= G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  key ^= key >> 32;
  return (guint) key;
}

static void pair_table_add (PairTable *t, guint64 key, guint32 count);

static void
pair_table_grow (PairTable *t)
{
  PairTable bigger;

  pair_table_init (&bigger, 2 * (t->mask + 1));
  for (guint i = 0; i < t->n_used; i++)
    pair_table_add (&bigger, t->keys[t->used[i]], t->counts[t->used[i]]);
  pair_table_clear (t);
  *t = bigger;
}

static void
pair_table_add (PairTable *t,
                guint64    key,
                guint32    count)
{
  guint slot = pair_slot (key) & t->mask;

  while (t->keys[slot] != KEY_EMPTY && t->keys[slot] != key)
    slot = (slot + 1) & t->mask;
  if (t->keys[slot] == KEY_EMPTY)
    {
      t->keys[slot] = key;
      t->used[t->n_used++] = slot;
      if (2 * t->n_used > t->mask)
        {
          t->counts[slot] = count;
          pair_table_grow (t);
          return;
        }
    }
  t->counts[slot] = count > G_MAXUINT32 - t->counts[slot] ? G_MAXUINT32 : t->counts[slot] + count;
}

/* Empties the table for the next stream, touching only the used slots. */
static void
pair_table_reset (PairTable *t)
{
  for (guint i = 0; i < t->n_used; i++)
    {
      t->keys[t->used[i]] = KEY_EMPTY;
      t->counts[t->used[i]] = 0;
    }
  t->n_used = 0;
}

/* --- building ------------------------------------------------------------------- */

static int
compare_names (const void *pa,
               const void *pb)
{
  return strcmp (*(const char * const *) pa, *(const char * const *) pb);
}

void
jx_signature_set_collect_names (JxSignatureSet *self,
                                GPtrArray      *more)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new ();
  guint i, out = 0;

  for (i = 0; more != NULL && i < more->len; i++)
    g_ptr_array_add (all, g_ptr_array_index (more, i));

  for (i = 0; i < self->traces->len; i++)
    {
      JxTrace *trace = g_ptr_array_index (self->traces, i);

      for (guint r = 0; r < jx_trace_get_n_regions (trace); r++)
        {
          const char *name = jx_trace_get_region (trace, r)->name;
          g_ptr_array_add (all, (gpointer) (name != NULL ? name : ""));
        }
    }
  if (all->len > 0)
    qsort (all->pdata, all->len, sizeof (gpointer), compare_names);
  self->names = g_new (const char *, MAX (all->len, 1));
  for (i = 0; i < all->len; i++)
    if (out == 0 || strcmp (self->names[out - 1], g_ptr_array_index (all, i)) != 0)
      self->names[out++] = g_ptr_array_index (all, i);
  self->n_names = out;
}

guint32
jx_signature_set_find_symbol (JxSignatureSet *self,
                              const char     *name)
{
  const char **hit = bsearch (&name, self->names, self->n_names, sizeof (const char *), compare_names);

  g_assert (hit != NULL);
  return (guint32) (hit - self->names);
}

static guint32 *
map_regions (JxSignatureSet *self,
             JxTrace        *trace)
{
  guint n = jx_trace_get_n_regions (trace);
  guint32 *map = g_new (guint32, MAX (n, 1));

  for (guint r = 0; r < n; r++)
    {
      const char *name = jx_trace_get_region (trace, r)->name;
      map[r] = jx_signature_set_find_symbol (self, name != NULL ? name : "");
    }
  return map;
}

static inline guint64
mix (guint64 h,
     guint64 v)
{
  v *= G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
  v ^= v >> 31;
  h ^= v;
  h = (h << 27) | (h >> 37);
  return h * G_GUINT64_CONSTANT (0x94D049BB133111EB) + G_GUINT64_CONSTANT (0x2545F4914F6CDD1D);
}

void
jx_signature_set_store_pairs (JxSignatureSet *self,
                              guint32         signature,
                              guint8          kind,
                              JxFreqEntry    *entries,
                              guint           m,
                              GArray         *keys,
                              GArray         *counts)
{
  gsize first = keys->len;
  guint64 h;

  jx_freq_entries_sort (entries, m);
  g_array_set_size (keys, first + m);
  g_array_set_size (counts, first + m);
  h = mix (G_GUINT64_CONSTANT (0x6A09E667F3BCC908), kind);
  for (guint i = 0; i < m; i++)
    {
      g_array_index (keys, guint64, first + i) = entries[i].key;
      g_array_index (counts, guint32, first + i) = (guint32) entries[i].count;
      h = mix (h, entries[i].key);
    }
  self->hash[signature] = mix (h, m);
  self->n_top[signature] = (guint8) jx_maxk_freq_top (entries, m, JX_SIGNATURE_K,
                                                      &self->top[(gsize) signature * JX_SIGNATURE_K]);
}

/* One stream: its pairs counted in the table, sorted and appended. */
static void
add_stream (JxSignatureSet *self,
            guint32         signature,
            const JxStream *s,
            const guint32  *map,
            double          seconds_per_tick,
            PairTable      *table,
            GArray         *keys,
            GArray         *counts)
{
  guint64 last_key = KEY_EMPTY;
  guint32 last_count = 0;
  g_autofree JxFreqEntry *entries = NULL;
  guint m;

  self->missing[signature] = (s->flags & JX_STREAM_FLAG_MISSING) != 0;
  self->n_invocations[signature] = s->n_invocations;
  if (s->n_invocations > 0)
    {
      guint64 last = 0;

      for (guint32 i = 0; i < s->n_invocations; i = s->subtree_end[i])
        last = MAX (last, s->end[i]);
      self->seconds[signature] = (double) (last - s->start[0]) * seconds_per_tick;
    }

  /* Runs of the same pair (a loop calling one function) cost no probe. */
  for (guint32 i = 0; i < s->n_invocations; i++)
    {
      guint32 parent = s->parent[i];
      guint64 key = pair_key (parent == JX_NONE ? JX_SIGNATURE_ROOT : map[s->region[parent]],
                              map[s->region[i]]);

      if (key == last_key)
        {
          last_count++;
          continue;
        }
      if (last_count > 0)
        pair_table_add (table, last_key, last_count);
      last_key = key;
      last_count = 1;
    }
  if (last_count > 0)
    pair_table_add (table, last_key, last_count);

  m = table->n_used;
  entries = g_new (JxFreqEntry, MAX (m, 1));
  for (guint i = 0; i < m; i++)
    entries[i] = (JxFreqEntry) { table->keys[table->used[i]], table->counts[table->used[i]] };
  jx_signature_set_store_pairs (self, signature, s->kind, entries, m, keys, counts);
  pair_table_reset (table);
}

void
jx_signature_set_allocate (JxSignatureSet *self)
{
  self->trace_of = g_new (guint32, MAX (self->n, 1));
  self->stream_of = g_new (guint32, MAX (self->n, 1));
  self->kind = g_new (guint8, MAX (self->n, 1));
  self->missing = g_new0 (guint8, MAX (self->n, 1));
  self->n_invocations = g_new0 (guint32, MAX (self->n, 1));
  self->seconds = g_new0 (double, MAX (self->n, 1));
  self->hash = g_new (guint64, MAX (self->n, 1));
  self->offset = g_new (gsize, self->n + 1);
  self->n_top = g_new0 (guint8, MAX (self->n, 1));
  self->top = g_new (JxFreqEntry, (gsize) MAX (self->n, 1) * JX_SIGNATURE_K);
}

void
jx_signature_set_finish_pairs (JxSignatureSet *self,
                               GArray         *keys,
                               GArray         *counts)
{
  self->offset[self->n] = keys->len;
  self->callers = g_new (guint32, MAX (keys->len, 1));
  self->callees = g_new (guint32, MAX (keys->len, 1));
  for (gsize i = 0; i < keys->len; i++)
    {
      guint64 key = g_array_index (keys, guint64, i);

      self->callers[i] = (guint32) (key >> 32);
      self->callees[i] = (guint32) key;
    }
  self->counts = (guint32 *) (gpointer) g_array_free (counts, FALSE);
}

JxSignatureSet *
jx_signature_set_new (JxTrace *const *traces,
                      guint           n_traces,
                      GCancellable   *cancellable,
                      GError        **error)
{
  g_autoptr(JxSignatureSet) self = NULL;
  g_autoptr(GArray) keys = NULL;
  g_autoptr(GArray) counts = NULL;
  PairTable table;
  guint32 signature = 0;
  guint t;

  g_return_val_if_fail (traces != NULL || n_traces == 0, NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  for (t = 0; t < n_traces; t++)
    g_return_val_if_fail (JX_IS_TRACE (traces[t]), NULL);

  self = g_new0 (JxSignatureSet, 1);
  self->traces = g_ptr_array_new_with_free_func (g_object_unref);
  self->first_of_trace = g_new0 (guint32, n_traces + 1);
  for (t = 0; t < n_traces; t++)
    {
      g_ptr_array_add (self->traces, g_object_ref (traces[t]));
      self->first_of_trace[t] = self->n;
      self->n += jx_trace_get_n_streams (traces[t]);
    }
  self->first_of_trace[n_traces] = self->n;
  jx_signature_set_collect_names (self, NULL);

  jx_signature_set_allocate (self);
  keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  counts = g_array_new (FALSE, FALSE, sizeof (guint32));
  pair_table_init (&table, 256);
  for (t = 0; t < n_traces; t++)
    {
      JxTrace *trace = traces[t];
      g_autofree guint32 *map = map_regions (self, trace);
      guint64 resolution = jx_trace_get_timer_resolution (trace);
      /* Seconds per tick as a factor: exact enough for sums of spans. */
      double spt = resolution > 0 ? 1.0 / (double) resolution : 0.0;
      guint n_streams = jx_trace_get_n_streams (trace);

      for (guint32 s = 0; s < n_streams; s++, signature++)
        {
          const JxStream *stream = jx_trace_get_stream (trace, s);

          if ((s & 1023) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
            {
              pair_table_clear (&table);
              return NULL;
            }
          self->trace_of[signature] = t;
          self->stream_of[signature] = s;
          self->kind[signature] = stream->kind;
          self->offset[signature] = keys->len;
          add_stream (self, signature, stream, map, spt, &table, keys, counts);
        }
    }
  pair_table_clear (&table);
  jx_signature_set_finish_pairs (self, keys, g_steal_pointer (&counts));
  return g_steal_pointer (&self);
}

void
jx_signature_set_free (JxSignatureSet *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->traces, g_ptr_array_unref);
  g_free (self->first_of_trace);
  g_free (self->names);
  g_free (self->trace_of);
  g_free (self->stream_of);
  g_free (self->kind);
  g_free (self->missing);
  g_free (self->n_invocations);
  g_free (self->seconds);
  g_free (self->hash);
  g_free (self->offset);
  g_free (self->callers);
  g_free (self->callees);
  g_free (self->counts);
  g_free (self->n_top);
  g_free (self->top);
  g_free (self->process_names);
  g_free (self->stream_names);
  if (self->strings != NULL)
    g_string_chunk_free (self->strings);
  g_free (self);
}

/* --- reading -------------------------------------------------------------------- */

guint
jx_signature_set_get_n_traces (JxSignatureSet *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->traces->len;
}

JxTrace *
jx_signature_set_get_trace (JxSignatureSet *self,
                            guint           trace)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (trace < self->traces->len, NULL);
  return g_ptr_array_index (self->traces, trace);
}

guint
jx_signature_set_get_size (JxSignatureSet *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n;
}

guint32
jx_signature_set_index (JxSignatureSet *self,
                        guint           trace,
                        guint32         stream)
{
  g_return_val_if_fail (self != NULL, JX_NONE);
  g_return_val_if_fail (trace < self->traces->len, JX_NONE);
  g_return_val_if_fail (stream < self->first_of_trace[trace + 1] - self->first_of_trace[trace], JX_NONE);
  return self->first_of_trace[trace] + stream;
}

guint
jx_signature_set_get_trace_of (JxSignatureSet *self,
                               guint32         signature)
{
  g_return_val_if_fail (self != NULL && signature < self->n, 0);
  return self->trace_of[signature];
}

guint32
jx_signature_set_get_stream_of (JxSignatureSet *self,
                                guint32         signature)
{
  g_return_val_if_fail (self != NULL && signature < self->n, JX_NONE);
  return self->stream_of[signature];
}

JxStreamKind
jx_signature_set_get_kind (JxSignatureSet *self,
                           guint32         signature)
{
  g_return_val_if_fail (self != NULL && signature < self->n, JX_STREAM_OTHER);
  return (JxStreamKind) self->kind[signature];
}

gboolean
jx_signature_set_is_missing (JxSignatureSet *self,
                             guint32         signature)
{
  g_return_val_if_fail (self != NULL && signature < self->n, FALSE);
  return self->missing[signature];
}

guint32
jx_signature_set_get_n_invocations (JxSignatureSet *self,
                                    guint32         signature)
{
  g_return_val_if_fail (self != NULL && signature < self->n, 0);
  return self->n_invocations[signature];
}

double
jx_signature_set_get_seconds (JxSignatureSet *self,
                              guint32         signature)
{
  g_return_val_if_fail (self != NULL && signature < self->n, 0.0);
  return self->seconds[signature];
}

void
jx_signature_set_get_pairs (JxSignatureSet *self,
                            guint32         signature,
                            guint          *n_pairs,
                            const guint32 **callers,
                            const guint32 **callees,
                            const guint32 **counts)
{
  gsize first;

  g_return_if_fail (self != NULL && signature < self->n);
  g_return_if_fail (n_pairs != NULL && callers != NULL && callees != NULL);

  first = self->offset[signature];
  *n_pairs = (guint) (self->offset[signature + 1] - first);
  *callers = self->callers + first;
  *callees = self->callees + first;
  if (counts != NULL)
    *counts = self->counts + first;
}

const char *
jx_signature_set_get_name (JxSignatureSet *self,
                           guint32         symbol)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (symbol < self->n_names, NULL);
  return self->names[symbol];
}

guint64
jx_signature_set_get_hash (JxSignatureSet *self,
                           guint32         signature)
{
  g_return_val_if_fail (self != NULL && signature < self->n, 0);
  return self->hash[signature];
}

gboolean
jx_signature_set_equal (JxSignatureSet *self,
                        guint32         x,
                        guint32         y)
{
  gsize nx, ny;

  g_return_val_if_fail (self != NULL && x < self->n && y < self->n, FALSE);

  nx = self->offset[x + 1] - self->offset[x];
  ny = self->offset[y + 1] - self->offset[y];
  return self->kind[x] == self->kind[y] && nx == ny &&
         memcmp (self->callers + self->offset[x], self->callers + self->offset[y], nx * sizeof (guint32)) == 0 &&
         memcmp (self->callees + self->offset[x], self->callees + self->offset[y], nx * sizeof (guint32)) == 0;
}

const JxFreqEntry *
jx_signature_set_get_top (JxSignatureSet *self,
                          guint32         signature,
                          guint          *n)
{
  g_return_val_if_fail (self != NULL && signature < self->n, NULL);
  g_return_val_if_fail (n != NULL, NULL);

  *n = self->n_top[signature];
  return &self->top[(gsize) signature * JX_SIGNATURE_K];
}

double
jx_signature_set_similarity (JxSignatureSet *self,
                             guint32         x,
                             guint32         y)
{
  g_return_val_if_fail (self != NULL && x < self->n && y < self->n, 0.0);

  if (self->kind[x] != self->kind[y])
    return 0.0;
  return jx_maxk_freq_similarity (&self->top[(gsize) x * JX_SIGNATURE_K], self->n_top[x],
                                  &self->top[(gsize) y * JX_SIGNATURE_K], self->n_top[y]);
}

char *
jx_signature_set_format_pair (JxSignatureSet *self,
                              guint32         caller,
                              guint32         callee)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (callee < self->n_names, NULL);
  g_return_val_if_fail (caller == JX_SIGNATURE_ROOT || caller < self->n_names, NULL);

  return g_strdup_printf ("%s → %s", caller == JX_SIGNATURE_ROOT ? "ε" : self->names[caller],
                          self->names[callee]);
}

double
jx_signature_set_jaccard (JxSignatureSet *self,
                          guint32         x,
                          guint32         y)
{
  gsize i, j, ei, ej, common = 0, all = 0;

  g_return_val_if_fail (self != NULL && x < self->n && y < self->n, 0.0);

  i = self->offset[x];
  ei = self->offset[x + 1];
  j = self->offset[y];
  ej = self->offset[y + 1];
  while (i < ei || j < ej)
    {
      guint64 kx = i < ei ? pair_key (self->callers[i], self->callees[i]) : KEY_EMPTY;
      guint64 ky = j < ej ? pair_key (self->callers[j], self->callees[j]) : KEY_EMPTY;

      all++;
      if (kx == ky)
        {
          common++;
          i++;
          j++;
        }
      else if (kx < ky)
        i++;
      else
        j++;
    }
  return all == 0 ? 1.0 : (double) common / (double) all;
}

char *
jx_signature_set_serialize (JxSignatureSet *self,
                            guint32         signature)
{
  GString *out;

  g_return_val_if_fail (self != NULL && signature < self->n, NULL);

  out = g_string_new (NULL);
  for (gsize i = self->offset[signature]; i < self->offset[signature + 1]; i++)
    {
      g_autofree char *pair = jx_signature_set_format_pair (self, self->callers[i], self->callees[i]);

      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, pair);
    }
  return g_string_free (out, FALSE);
}

gsize
jx_signature_set_get_memory (JxSignatureSet *self)
{
  gsize n, pairs;

  g_return_val_if_fail (self != NULL, 0);

  n = self->n;
  pairs = self->offset[n];
  return sizeof *self + self->n_names * sizeof (char *) + (self->traces->len + 1) * sizeof (guint32)
         + n * (3 * sizeof (guint32) + 2 * sizeof (guint8) + sizeof (double) + sizeof (guint64)
                + sizeof (gsize) + sizeof (guint8) + JX_SIGNATURE_K * sizeof (JxFreqEntry))
         + sizeof (gsize) + pairs * 3 * sizeof (guint32);
}
