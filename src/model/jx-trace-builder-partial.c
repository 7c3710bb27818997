/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-builder-partial.c — what the builder does differently when the
 * trace holds only part of its archive (jx-trace-selection.h).
 *
 * Messages at a window's edges. Sends and receives pair first-in
 * first-out per (sender, receiver, communicator, tag)
 * (jx-trace-builder-messages.c). A message sent before the window and
 * received inside it would take the place of the first message sent
 * inside: every later pairing of that key would be off by one. So the
 * loader counts, per key, the sends and receives it met before the window
 * (skip_message); the difference is the number of messages in flight when
 * the window began, and that many of the first receives of the key inside
 * the window belong to sends outside it: they are dropped here, before
 * matching, and counted as cut. At the other edge, reading stops at the
 * window's end, so the sends whose receives come later are the last of
 * their key and stay unmatched; the matcher counts them as cut too
 * (_jx_trace_builder_windowed ()). Neither is a defect of the trace.
 */
#include "config.h"

#include <string.h>

#include "jx-trace-builder-private.h"

typedef struct
{
  guint32 peer;
  guint32 communicator;
  guint32 tag;
  guint32 send;
} SkippedKey;

static guint
skipped_key_hash (gconstpointer p)
{
  const SkippedKey *k = p;

  return (k->peer * 2654435761u) ^ (k->communicator * 40503u) ^ (k->tag * 2246822519u) ^ k->send;
}

static gboolean
skipped_key_equal (gconstpointer a,
                   gconstpointer b)
{
  return memcmp (a, b, sizeof (SkippedKey)) == 0;
}

void
jx_trace_builder_set_partial (JxTraceBuilder       *self,
                              const JxTracePartial *partial)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (partial != NULL);

  g_clear_pointer (&self->partial, g_free);
  self->partial = g_memdup2 (partial, sizeof *partial);
  self->partial->description = _jx_trace_builder_intern (self, partial->description);
  self->partial->n_clipped = 0;
  self->partial->n_messages_cut = 0;
}

void
jx_trace_builder_set_process_rank (JxTraceBuilder *self,
                                   guint32         process,
                                   guint32         rank)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (process < self->trace->processes->len);

  g_array_index (self->trace->processes, JxProcess, process).rank = rank;
}

void
jx_trace_builder_collective_clipped (JxTraceBuilder *self,
                                     guint32         stream,
                                     guint64         time)
{
  JxStreamWriter *sb;

  g_return_if_fail (self != NULL && stream < self->streams->len);

  sb = _jx_trace_builder_stream (self, stream);
  sb->collective_begin = time;
  sb->collective_open = TRUE;
}

void
jx_trace_builder_skip_message (JxTraceBuilder *self,
                               guint32         stream,
                               gboolean        send,
                               guint32         peer,
                               guint32         communicator,
                               guint32         tag)
{
  JxStreamWriter *sb;
  SkippedKey key = { peer, communicator, tag, send ? 1 : 0 };
  gpointer count;

  g_return_if_fail (self != NULL && stream < self->streams->len);

  if (peer >= self->streams->len)
    return;
  sb = _jx_trace_builder_stream (self, stream);
  if (sb->skipped == NULL)
    sb->skipped = g_hash_table_new_full (skipped_key_hash, skipped_key_equal, g_free, NULL);
  count = g_hash_table_lookup (sb->skipped, &key);
  if (count == NULL)
    g_hash_table_insert (sb->skipped, g_memdup2 (&key, sizeof key), GSIZE_TO_POINTER (1));
  else
    g_hash_table_insert (sb->skipped, g_memdup2 (&key, sizeof key),
                         GSIZE_TO_POINTER (GPOINTER_TO_SIZE (count) + 1));
}

void
jx_trace_builder_note_outside (JxTraceBuilder *self,
                               guint32         stream)
{
  g_return_if_fail (self != NULL && stream < self->streams->len);

  _jx_trace_builder_stream (self, stream)->outside = TRUE;
}

void
jx_trace_builder_add_unselected_messages (JxTraceBuilder *self,
                                          guint64         n)
{
  g_return_if_fail (self != NULL);

  if (self->partial != NULL)
    self->partial->n_messages_unselected += n;
}

/* Appends a record of a send or receive (time, size, communicator, tag of
 * pm; its sender and receiver are not used) with peer to the stream's. */
static void
append_external (JxStreamWriter       *sb,
                 const PendingMessage *pm,
                 gboolean              send,
                 guint64               peer,
                 gboolean              unmatched)
{
  JxExternalMessage m;

  memset (&m, 0, sizeof m);
  m.time = pm->time;
  m.size = pm->size;
  m.peer = peer;
  m.stream = sb->s.index;
  m.communicator = pm->communicator;
  m.tag = pm->tag;
  m.send = send ? 1 : 0;
  m.unmatched = unmatched ? 1 : 0;
  if (sb->external == NULL)
    sb->external = g_array_new (FALSE, FALSE, sizeof (JxExternalMessage));
  g_array_append_val (sb->external, m);
}

void
jx_trace_builder_external_message (JxTraceBuilder *self,
                                   guint32         stream,
                                   guint64         time,
                                   gboolean        send,
                                   guint64         peer,
                                   guint32         communicator,
                                   guint32         tag,
                                   guint64         size)
{
  PendingMessage pm = { .size = size, .communicator = communicator, .tag = tag };
  JxStreamWriter *sb;

  g_return_if_fail (self != NULL && stream < self->streams->len);

  sb = _jx_trace_builder_event (self, stream, &time, send ? JX_EVENT_MPI_SEND : JX_EVENT_MPI_RECV);
  pm.time = time;
  append_external (sb, &pm, send, peer, FALSE);
}

void
jx_trace_builder_keep_external (JxTraceBuilder *self)
{
  g_return_if_fail (self != NULL);

  self->keep_external = TRUE;
}

void
_jx_stream_writer_keep_unmatched (JxStreamWriter       *sb,
                                  const PendingMessage *pm,
                                  gboolean              send,
                                  guint64               peer)
{
  append_external (sb, pm, send, peer, TRUE);
}

void
jx_trace_builder_set_messages_only (JxTraceBuilder *self)
{
  g_return_if_fail (self != NULL);

  self->messages_only = TRUE;
}

void
_jx_trace_builder_take_external (JxTraceBuilder *self)
{
  for (guint i = 0; i < self->streams->len; i++)
    {
      JxStreamWriter *sb = g_ptr_array_index (self->streams, i);

      if (sb->external == NULL)
        continue;
      if (self->trace->external == NULL)
        self->trace->external = g_array_new (FALSE, FALSE, sizeof (JxExternalMessage));
      for (guint k = 0; k < sb->external->len; k++)
        g_array_index (sb->external, JxExternalMessage, k).stream = i;
      g_array_append_vals (self->trace->external, sb->external->data, sb->external->len);
      g_clear_pointer (&sb->external, g_array_unref);
    }
}

/* Drops the first `drop` receives per key (SkippedKey without send). */
static guint64
drop_receives (JxStreamWriter *rb,
               GHashTable     *drop)
{
  guint64 dropped = 0;
  guint i, kept = 0;

  for (i = 0; i < rb->recvs->len; i++)
    {
      PendingMessage *r = &g_array_index (rb->recvs, PendingMessage, i);
      SkippedKey key = { r->sender, r->communicator, r->tag, 0 };
      gpointer left = g_hash_table_lookup (drop, &key);

      if (left != NULL)
        {
          if (GPOINTER_TO_SIZE (left) == 1)
            g_hash_table_remove (drop, &key);
          else
            g_hash_table_insert (drop, g_memdup2 (&key, sizeof key),
                                 GSIZE_TO_POINTER (GPOINTER_TO_SIZE (left) - 1));
          dropped++;
          continue;
        }
      if (kept != i)
        g_array_index (rb->recvs, PendingMessage, kept) = *r;
      kept++;
    }
  g_array_set_size (rb->recvs, kept);
  return dropped;
}

static void
drop_table_free (gpointer table)
{
  if (table != NULL)
    g_hash_table_unref (table);
}

void
_jx_trace_builder_drop_cut_receives (JxTraceBuilder *self)
{
  g_autoptr(GPtrArray) drops = NULL;
  guint i;

  if (!_jx_trace_builder_windowed (self))
    return;

  /* Per receiving stream: key (sender, communicator, tag) -> messages in
   * flight when the window began. */
  drops = g_ptr_array_new_full (self->streams->len, drop_table_free);
  for (i = 0; i < self->streams->len; i++)
    g_ptr_array_add (drops, NULL);

  for (i = 0; i < self->streams->len; i++)
    {
      JxStreamWriter *sb = g_ptr_array_index (self->streams, i);
      GHashTableIter iter;
      gpointer key, value;

      if (sb->skipped == NULL)
        continue;
      g_hash_table_iter_init (&iter, sb->skipped);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          const SkippedKey *k = key;
          JxStreamWriter *rb = g_ptr_array_index (self->streams, k->peer);
          SkippedKey back = { i, k->communicator, k->tag, 0 };
          gsize sent = GPOINTER_TO_SIZE (value);
          gsize received = 0;

          if (!k->send)
            continue;
          if (rb->skipped != NULL)
            received = GPOINTER_TO_SIZE (g_hash_table_lookup (rb->skipped, &back));
          if (sent <= received)
            continue;
          if (g_ptr_array_index (drops, k->peer) == NULL)
            g_ptr_array_index (drops, k->peer) = g_hash_table_new_full (skipped_key_hash, skipped_key_equal,
                                                                         g_free, NULL);
          g_hash_table_insert (g_ptr_array_index (drops, k->peer), g_memdup2 (&back, sizeof back),
                               GSIZE_TO_POINTER (sent - received));
        }
    }

  for (i = 0; i < self->streams->len; i++)
    {
      JxStreamWriter *rb = g_ptr_array_index (self->streams, i);
      GHashTable *drop = g_ptr_array_index (drops, i);

      if (drop != NULL && rb->recvs != NULL)
        self->partial->n_messages_cut += drop_receives (rb, drop);
    }
  for (i = 0; i < self->streams->len; i++)
    g_clear_pointer (&((JxStreamWriter *) g_ptr_array_index (self->streams, i))->skipped,
                     g_hash_table_unref);
}

void
_jx_trace_builder_finish_partial (JxTraceBuilder *self)
{
  guint i;

  if (self->partial == NULL)
    return;
  for (i = 0; i < self->trace->streams->len; i++)
    {
      const JxStream *s = &g_array_index (self->trace->streams, JxStream, i);
      guint32 k;

      self->partial->n_clipped += s->n_clipped_start + s->n_clipped_end;
      /* A call cut at both edges counts once. */
      for (k = 0; k < s->n_clipped_start; k++)
        if (s->depth[k] < s->n_clipped_end && s->subtree_end[k] == s->n_invocations)
          self->partial->n_clipped--;
    }
  /* Times of a window's results count from its beginning, whether or
   * not a call spans it. */
  if (self->partial->has_window && (self->trace->n_events > 0 || self->trace->n_invocations > 0))
    self->trace->start_time = MIN (self->trace->start_time, self->partial->window_begin);
  self->trace->partial = g_steal_pointer (&self->partial);
}
