/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-stream-signature-pack.c — signatures built elsewhere: packed by the
 * process that built them (juxtrace-mpi's ranks, each of its share of the
 * streams), assembled into one set (jx-stream-signature.h). */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-pack.h"
#include "jx-stream-signature-private.h"

/* --- packing: signatures built elsewhere ---------------------------------------- */

void
jx_signature_set_get_stream_names (JxSignatureSet *self,
                                   guint32         signature,
                                   const char    **process,
                                   const char    **stream)
{
  JxTrace *trace;
  const JxStream *s;

  g_return_if_fail (self != NULL && signature < self->n);

  if (self->process_names != NULL)
    {
      *process = self->process_names[signature];
      *stream = self->stream_names[signature];
      return;
    }
  trace = g_ptr_array_index (self->traces, self->trace_of[signature]);
  s = jx_trace_get_stream (trace, self->stream_of[signature]);
  *process = jx_trace_get_process (trace, s->process)->name;
  *stream = s->name;
}

void
jx_signature_set_pack (JxSignatureSet *self,
                       const guint    *trace_numbers,
                       const guint64  *order,
                       GByteArray     *out)
{
  g_return_if_fail (self != NULL && trace_numbers != NULL && order != NULL && out != NULL);

  jx_pack_u64 (out, self->n_names);
  for (guint i = 0; i < self->n_names; i++)
    jx_pack_string (out, self->names[i]);
  jx_pack_u64 (out, self->n);
  for (guint32 sig = 0; sig < self->n; sig++)
    {
      const char *process, *stream;
      gsize first = self->offset[sig];
      guint64 m = self->offset[sig + 1] - first;

      jx_signature_set_get_stream_names (self, sig, &process, &stream);
      jx_pack_u64 (out, trace_numbers[self->trace_of[sig]]);
      jx_pack_u64 (out, order[sig]);
      jx_pack_u64 (out, self->kind[sig] | ((guint64) self->missing[sig] << 8));
      jx_pack_u64 (out, self->n_invocations[sig]);
      jx_pack_bytes (out, &self->seconds[sig], sizeof (double));
      jx_pack_string (out, process);
      jx_pack_string (out, stream);
      jx_pack_u64 (out, m);
      for (gsize i = first; i < first + m; i++)
        jx_pack_u64 (out, pair_key (self->callers[i], self->callees[i]));
      jx_pack_bytes (out, self->counts + first, m * sizeof (guint32));
    }
}

typedef struct
{
  guint64       trace;
  guint64       order;
  guint         part;
  const guint8 *p;        /* the rest of its record */
} Packed;

static int
compare_packed (gconstpointer pa,
                gconstpointer pb)
{
  const Packed *x = pa, *y = pb;

  if (x->trace != y->trace)
    return x->trace < y->trace ? -1 : 1;
  return x->order < y->order ? -1 : (x->order > y->order ? 1 : 0);
}

/* Skips the rest of a record (after trace and order); FALSE when corrupt. */
static gboolean
skip_record (JxUnpack *in)
{
  guint64 m;

  jx_unpack_u64 (in);
  jx_unpack_u64 (in);
  in->p += MIN ((gsize) (in->end - in->p), sizeof (double));
  g_free (jx_unpack_string (in));
  g_free (jx_unpack_string (in));
  m = jx_unpack_u64 (in);
  if (in->bad || m > (guint64) (in->end - in->p) / (sizeof (guint64) + sizeof (guint32)))
    return FALSE;
  in->p += m * (sizeof (guint64) + sizeof (guint32));
  return TRUE;
}

/* A part's names into strings; its records' positions into records. */
static gboolean
read_part (JxSignatureSet *self,
           GBytes         *bytes,
           guint           part,
           guint           n_traces,
           GPtrArray      *names,
           GArray         *records)
{
  JxUnpack in;
  guint64 n_names, n;

  jx_unpack_init (&in, bytes);
  n_names = jx_unpack_u64 (&in);
  for (guint64 i = 0; i < n_names && !in.bad; i++)
    {
      g_autofree char *name = jx_unpack_string (&in);

      g_ptr_array_add (names, g_string_chunk_insert_const (self->strings, name != NULL ? name : ""));
    }
  n = jx_unpack_u64 (&in);
  for (guint64 i = 0; i < n && !in.bad; i++)
    {
      Packed r = { 0 };

      r.trace = jx_unpack_u64 (&in);
      r.order = jx_unpack_u64 (&in);
      r.part = part;
      r.p = in.p;
      if (r.trace >= n_traces || !skip_record (&in))
        return FALSE;
      g_array_append_val (records, r);
    }
  return !in.bad && in.p == in.end;
}

static guint32
map_symbol (guint32        symbol,
            const guint32 *map,
            guint          n,
            gboolean      *bad)
{
  if (symbol == JX_SIGNATURE_ROOT)
    return symbol;
  if (symbol >= n)
    {
      *bad = TRUE;
      return 0;
    }
  return map[symbol];
}

/* One record into signature sig, its symbols through map. */
static gboolean
add_packed (JxSignatureSet *self,
            guint32         sig,
            const Packed   *r,
            const guint8   *end,
            const guint32  *map,
            guint           n_map,
            GArray         *keys,
            GArray         *counts)
{
  JxUnpack in = { r->p, end, FALSE };
  g_autofree char *process = NULL, *stream = NULL;
  g_autofree JxFreqEntry *entries = NULL;
  guint64 bits, m;
  gboolean bad = FALSE;

  bits = jx_unpack_u64 (&in);
  self->kind[sig] = (guint8) bits;
  self->missing[sig] = (guint8) (bits >> 8);
  self->n_invocations[sig] = (guint32) jx_unpack_u64 (&in);
  jx_unpack_bytes (&in, &self->seconds[sig], sizeof (double));
  process = jx_unpack_string (&in);
  stream = jx_unpack_string (&in);
  self->process_names[sig] = process != NULL ? g_string_chunk_insert_const (self->strings, process) : NULL;
  self->stream_names[sig] = stream != NULL ? g_string_chunk_insert_const (self->strings, stream) : NULL;
  m = jx_unpack_u64 (&in);
  entries = g_new (JxFreqEntry, MAX (m, 1));
  for (guint64 i = 0; i < m; i++)
    {
      guint64 key = jx_unpack_u64 (&in);

      entries[i].key = pair_key (map_symbol ((guint32) (key >> 32), map, n_map, &bad),
                                 map_symbol ((guint32) key, map, n_map, &bad));
    }
  for (guint64 i = 0; i < m; i++)
    {
      guint32 count = 0;

      jx_unpack_bytes (&in, &count, sizeof count);
      entries[i].count = count;
    }
  if (in.bad || bad)
    return FALSE;
  self->offset[sig] = keys->len;
  jx_signature_set_store_pairs (self, sig, self->kind[sig], entries, (guint) m, keys, counts);
  return TRUE;
}

JxSignatureSet *
jx_signature_set_new_packed (JxTrace *const *traces,
                             guint           n_traces,
                             GBytes *const  *parts,
                             guint           n_parts,
                             GError        **error)
{
  g_autoptr(JxSignatureSet) self = NULL;
  g_autoptr(GPtrArray) part_names = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GPtrArray) all_names = g_ptr_array_new ();
  g_autoptr(GArray) records = g_array_new (FALSE, FALSE, sizeof (Packed));
  g_autoptr(GPtrArray) maps = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) counts = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint t = 0;

  g_return_val_if_fail (traces != NULL || n_traces == 0, NULL);
  g_return_val_if_fail (parts != NULL || n_parts == 0, NULL);

  self = g_new0 (JxSignatureSet, 1);
  self->strings = g_string_chunk_new (4096);
  self->traces = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n_traces; i++)
    g_ptr_array_add (self->traces, g_object_ref (traces[i]));
  for (guint p = 0; p < n_parts; p++)
    {
      GPtrArray *names = g_ptr_array_new ();

      g_ptr_array_add (part_names, names);
      if (!read_part (self, parts[p], p, n_traces, names, records))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("the signatures of part %u are corrupt"), p);
          return NULL;
        }
      g_ptr_array_extend (all_names, names, NULL, NULL);
    }
  jx_signature_set_collect_names (self, all_names);
  for (guint p = 0; p < n_parts; p++)
    {
      GPtrArray *names = g_ptr_array_index (part_names, p);
      guint32 *map = g_new (guint32, MAX (names->len, 1));

      for (guint i = 0; i < names->len; i++)
        map[i] = jx_signature_set_find_symbol (self, g_ptr_array_index (names, i));
      g_ptr_array_add (maps, map);
    }

  g_array_sort (records, compare_packed);
  self->n = records->len;
  self->first_of_trace = g_new0 (guint32, n_traces + 1);
  jx_signature_set_allocate (self);
  self->process_names = g_new0 (const char *, MAX (self->n, 1));
  self->stream_names = g_new0 (const char *, MAX (self->n, 1));
  for (guint32 sig = 0; sig < self->n; sig++)
    {
      const Packed *r = &g_array_index (records, Packed, sig);
      gsize size;
      const guint8 *data = g_bytes_get_data (parts[r->part], &size);

      while (t < r->trace)
        self->first_of_trace[++t] = sig;
      self->trace_of[sig] = (guint32) r->trace;
      self->stream_of[sig] = sig - self->first_of_trace[t];
      if (!add_packed (self, sig, r, data + size, g_ptr_array_index (maps, r->part),
                       ((GPtrArray *) g_ptr_array_index (part_names, r->part))->len, keys, counts))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("the signatures of part %u are corrupt"), r->part);
          return NULL;
        }
    }
  while (t < n_traces)
    self->first_of_trace[++t] = self->n;
  jx_signature_set_finish_pairs (self, keys, g_steal_pointer (&counts));
  return g_steal_pointer (&self);
}
