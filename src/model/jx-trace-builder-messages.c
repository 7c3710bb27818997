/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-builder-messages.c — point-to-point messages and collective
 * operations: recorded per stream while events are added, turned into the
 * trace's sorted arrays by finish().
 *
 * Messages: sends and receives are matched first-in first-out per (sender,
 * receiver, communicator, tag); leftovers on either side are counted as
 * unmatched, sends without receive are kept with an unknown receive time.
 * Leftovers whose counterpart would be on a missing or truncated stream are
 * counted but not listed one by one: one summary issue per such stream says
 * how many there are, so they do not push the cause out of the capped issue
 * list.
 *
 * Collectives: each stream's part becomes a JxCollective; what the
 * operation did (operation, communicator, root, bytes) is shared between
 * the parts that did the same, as one JxCollectiveInfo.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "jx-trace-builder-private.h"

/* One stream's part in a collective as read. */
typedef struct
{
  guint64          begin_time;
  guint64          end_time;
  guint32          stream;
  JxCollectiveInfo info;
} CollectiveRecord;

/* Recording */

static void
add_pending (GArray  **array,
             guint64   time,
             guint64   size,
             guint32   sender,
             guint32   receiver,
             guint32   communicator,
             guint32   tag)
{
  PendingMessage m = { .time = time, .size = size, .sender = sender, .receiver = receiver,
                       .communicator = communicator, .tag = tag };

  if (*array == NULL)
    *array = g_array_new (FALSE, FALSE, sizeof (PendingMessage));
  g_array_append_val (*array, m);
}

void
jx_trace_builder_send (JxTraceBuilder *self,
                       guint32         stream,
                       guint64         time,
                       guint32         receiver,
                       guint32         communicator,
                       guint32         tag,
                       guint64         size)
{
  JxStreamWriter *sb = _jx_trace_builder_event (self, stream, &time, JX_EVENT_MPI_SEND);

  if (receiver != JX_NONE && receiver >= self->streams->len)
    receiver = JX_NONE;
  if (receiver == JX_NONE)
    _jx_stream_writer_issue (sb, JX_DEFECT_UNDEFINED_LOCATION, time,
                             _("Message sent on stream “%s” to an undefined location"), sb->label);
  add_pending (&sb->sends, time, size, stream, receiver, communicator, tag);
}

void
jx_trace_builder_recv (JxTraceBuilder *self,
                       guint32         stream,
                       guint64         time,
                       guint32         sender,
                       guint32         communicator,
                       guint32         tag,
                       guint64         size)
{
  JxStreamWriter *sb = _jx_trace_builder_event (self, stream, &time, JX_EVENT_MPI_RECV);

  if (sender != JX_NONE && sender >= self->streams->len)
    sender = JX_NONE;
  if (sender == JX_NONE)
    {
      _jx_stream_writer_issue (sb, JX_DEFECT_UNDEFINED_LOCATION, time,
                               _("Message received on stream “%s” from an undefined location"), sb->label);
      return;
    }
  add_pending (&sb->recvs, time, size, sender, stream, communicator, tag);
}

void
jx_trace_builder_collective_begin (JxTraceBuilder *self,
                                   guint32         stream,
                                   guint64         time)
{
  JxStreamWriter *sb = _jx_trace_builder_event (self, stream, &time, JX_EVENT_MPI_COLLECTIVE);
  sb->collective_begin = time;
  sb->collective_open = TRUE;
}

void
jx_trace_builder_collective_end (JxTraceBuilder *self,
                                 guint32         stream,
                                 guint64         time,
                                 guint8          operation,
                                 guint32         communicator,
                                 guint32         root,
                                 guint64         bytes_sent,
                                 guint64         bytes_received)
{
  JxStreamWriter *sb = _jx_trace_builder_event (self, stream, &time, JX_EVENT_MPI_COLLECTIVE);
  CollectiveRecord c;

  /* Zeroed padding: infos are copied into the trace, and traces compare
   * byte-wise in tests. */
  memset (&c, 0, sizeof c);
  c.begin_time = sb->collective_open ? sb->collective_begin : time;
  c.end_time = time;
  c.stream = stream;
  c.info.bytes_sent = bytes_sent;
  c.info.bytes_received = bytes_received;
  c.info.communicator = communicator;
  c.info.root = root;
  c.info.operation = operation;
  sb->collective_open = FALSE;

  if (sb->collectives == NULL)
    sb->collectives = g_array_new (FALSE, FALSE, sizeof (CollectiveRecord));
  g_array_append_val (sb->collectives, c);
}

void
_jx_stream_writer_renumber_messages (JxStreamWriter *sb,
                                     guint32         index,
                                     const guint32  *new_index)
{
  guint j;

  for (j = 0; sb->sends != NULL && j < sb->sends->len; j++)
    {
      PendingMessage *m = &g_array_index (sb->sends, PendingMessage, j);

      m->sender = index;
      if (m->receiver != JX_NONE)
        m->receiver = new_index[m->receiver];
    }
  for (j = 0; sb->recvs != NULL && j < sb->recvs->len; j++)
    {
      PendingMessage *m = &g_array_index (sb->recvs, PendingMessage, j);

      m->receiver = index;
      m->sender = new_index[m->sender];
    }
  for (j = 0; sb->collectives != NULL && j < sb->collectives->len; j++)
    g_array_index (sb->collectives, CollectiveRecord, j).stream = index;
}

/* Merges lists that are each sorted by a 64-bit time at time_offset into
 * out; ties go to the lower list so the result is deterministic. The keys
 * are copied out once and merged pairwise, log2(lists) sequential passes,
 * which is several times faster than a heap over the lists. */
typedef struct
{
  guint64 time;
  guint32 index;            /* global: list offset + position */
  guint32 list;
} MergeKey;

static void
merge_sorted (const guint8 * const *bases,   /* per list, elements of elem_size */
              const gsize          *offsets, /* n_lists + 1 running totals */
              guint                 n_lists,
              gsize                 elem_size,
              gsize                 time_offset,
              const guint8        **out,     /* offsets[n_lists] element pointers */
              guint32              *slot)    /* global index -> position, or NULL */
{
  gsize n = offsets[n_lists];
  g_autofree MergeKey *a = g_new (MergeKey, MAX (n, 1));
  g_autofree MergeKey *b = g_new (MergeKey, MAX (n, 1));
  g_autofree gsize *runs = g_memdup2 (offsets, (n_lists + 1) * sizeof (gsize));
  guint n_runs = n_lists;
  guint l;
  gsize i;

  for (l = 0; l < n_lists; l++)
    for (i = offsets[l]; i < offsets[l + 1]; i++)
      {
        const guint8 *e = bases[l] + (i - offsets[l]) * elem_size;

        a[i].time = *(const guint64 *) (gconstpointer) (e + time_offset);
        a[i].index = (guint32) i;
        a[i].list = l;
      }

  while (n_runs > 1)
    {
      guint r, w = 0;

      for (r = 0; r + 1 < n_runs; r += 2)
        {
          gsize x = runs[r], x_end = runs[r + 1];
          gsize y = runs[r + 1], y_end = runs[r + 2];
          gsize o = runs[r];

          while (x < x_end && y < y_end)
            b[o++] = a[y].time < a[x].time ? a[y++] : a[x++];
          while (x < x_end)
            b[o++] = a[x++];
          while (y < y_end)
            b[o++] = a[y++];
          runs[w++] = runs[r];
        }
      if (r < n_runs)
        {
          memcpy (b + runs[r], a + runs[r], (runs[r + 1] - runs[r]) * sizeof (MergeKey));
          runs[w++] = runs[r];
        }
      runs[w] = runs[n_runs];
      n_runs = w;

      {
        MergeKey *t = a;

        a = b;
        b = t;
      }
    }

  for (i = 0; i < n; i++)
    {
      l = a[i].list;
      out[i] = bases[l] + (a[i].index - offsets[l]) * elem_size;
      if (slot != NULL)
        slot[a[i].index] = (guint32) i;
    }
}

/* Merges the streams' records of one kind (the GArray at array_offset in
 * each writer, sorted by time) into *order, by time; with slot, *slot maps
 * a record's global index (its stream's offset + its position there) to
 * its place in *order. Returns the number of records. */
static gsize
merge_streams (JxTraceBuilder  *self,
               gsize            array_offset,  /* of the GArray * in JxStreamWriter */
               gsize            elem_size,
               gsize            time_offset,
               const guint8  ***order,
               guint32        **slot)
{
  guint n = self->streams->len;
  g_autofree gsize *offsets = g_new0 (gsize, n + 1);
  g_autofree const guint8 **bases = g_new0 (const guint8 *, n + 1);
  guint i;

  for (i = 0; i < n; i++)
    {
      JxStreamWriter *sb = g_ptr_array_index (self->streams, i);
      GArray *records = G_STRUCT_MEMBER (GArray *, sb, array_offset);

      bases[i] = records != NULL ? (const guint8 *) records->data : NULL;
      offsets[i + 1] = offsets[i] + (records != NULL ? records->len : 0);
    }
  *order = g_new (const guint8 *, MAX (offsets[n], 1));
  if (slot != NULL)
    *slot = g_new (guint32, MAX (offsets[n], 1));
  merge_sorted (bases, offsets, n, elem_size, time_offset, *order, slot != NULL ? *slot : NULL);
  return offsets[n];
}

/* Message matching
 *
 * First-in first-out per (sender, receiver, communicator, tag) without
 * sorting records: sends and receives are bucketed by (sender, receiver)
 * with two stable counting sorts over stream indices, then each bucket is
 * matched per (communicator, tag) in one of three ways (one key, a few
 * keys, many keys). Matching reads the pending records, which keep the
 * full tag and communicator. */

#define STREAM_LOST (JX_STREAM_FLAG_MISSING | JX_STREAM_FLAG_TRUNCATED)

typedef struct
{
  JxTraceBuilder        *self;
  guint                  n_streams;
  /* Pending records, stream by stream: sends[i] is the send with global
   * index i (its stream's offset + its position there). */
  const PendingMessage **sends;
  gsize                  n_sends;
  const PendingMessage **recvs;
  gsize                  n_recvs;
  /* Sends in send-time order (the trace's messages), and slot[i]: the
   * message of send i. */
  const guint8         **order;
  guint32               *slot;
  JxMessage             *msgs;
  /* Both sides ordered by (sender, receiver), stream order kept inside. */
  guint32               *s_idx;
  guint32               *r_idx;
  /* Per stream: unmatched messages whose counterpart belongs on it while
   * it was not read completely (counted, listed only in a summary). */
  guint64               *hidden;
} Matching;

/* One (sender, receiver) pair: sends [send_begin, send_end) and receives
 * [recv_begin, recv_end) in s_idx / r_idx order. */
typedef struct
{
  guint32  sender;
  guint32  receiver;
  gsize    send_begin;
  gsize    send_end;
  gsize    recv_begin;
  gsize    recv_end;
  gboolean single_key;      /* one (communicator, tag) on both sides */
} Bucket;

static void
matching_clear (Matching *m)
{
  g_free (m->sends);
  g_free (m->recvs);
  g_free (m->order);
  g_free (m->slot);
  g_free (m->s_idx);
  g_free (m->r_idx);
  g_free (m->hidden);
}

static inline const PendingMessage *
send_at (const Matching *m,
         gsize           k)
{
  return m->sends[m->s_idx[k]];
}

static inline const PendingMessage *
recv_at (const Matching *m,
         gsize           k)
{
  return m->recvs[m->r_idx[k]];
}

static inline void
pair (const Matching *m,
      gsize           send,
      gsize           recv)
{
  m->msgs[m->slot[m->s_idx[send]]].recv_time = recv_at (m, recv)->time;
}

static inline gboolean
same_key (const PendingMessage *x,
          const PendingMessage *y)
{
  return x->communicator == y->communicator && x->tag == y->tag;
}

/* The pending records of all streams as two flat lists. */
static void
collect_pending (Matching *m)
{
  guint i, k;

  for (i = 0; i < m->n_streams; i++)
    {
      JxStreamWriter *sb = g_ptr_array_index (m->self->streams, i);

      m->n_sends += sb->sends != NULL ? sb->sends->len : 0;
      m->n_recvs += sb->recvs != NULL ? sb->recvs->len : 0;
    }

  m->sends = g_new (const PendingMessage *, MAX (m->n_sends, 1));
  m->recvs = g_new (const PendingMessage *, MAX (m->n_recvs, 1));
  m->n_sends = m->n_recvs = 0;
  for (i = 0; i < m->n_streams; i++)
    {
      JxStreamWriter *sb = g_ptr_array_index (m->self->streams, i);

      for (k = 0; sb->sends != NULL && k < sb->sends->len; k++)
        m->sends[m->n_sends++] = &g_array_index (sb->sends, PendingMessage, k);
      for (k = 0; sb->recvs != NULL && k < sb->recvs->len; k++)
        m->recvs[m->n_recvs++] = &g_array_index (sb->recvs, PendingMessage, k);
    }
}

/* A send as the trace keeps it, not yet received; a size, tag or
 * communicator too wide for JxMessage goes to the trace's wide list too. */
static void
fill_message (JxTrace              *trace,
              JxMessage            *m,
              guint32               index,
              const PendingMessage *pm)
{
  JxMessageWide wide;

  m->send_time = pm->time;
  m->recv_time = G_MAXUINT64;
  m->sender = pm->sender;
  m->receiver = pm->receiver;
  m->size = (guint32) MIN (pm->size, JX_MESSAGE_WIDE32);
  m->tag = (guint16) MIN (pm->tag, JX_MESSAGE_WIDE16);
  m->communicator = (guint16) MIN (pm->communicator, JX_MESSAGE_WIDE16);
  if (G_LIKELY (pm->size < JX_MESSAGE_WIDE32 && pm->tag < JX_MESSAGE_WIDE16 &&
                pm->communicator < JX_MESSAGE_WIDE16))
    return;

  memset (&wide, 0, sizeof wide);
  wide.index = index;
  wide.tag = pm->tag;
  wide.size = pm->size;
  wide.communicator = pm->communicator;
  g_array_append_val (trace->message_wide, wide);
}

/* Messages go straight into the trace in send-time order (each stream's
 * sends are in time order already, so this is a merge). */
static void
create_messages (Matching *m)
{
  JxTrace *trace = m->self->trace;
  gsize i;

  merge_streams (m->self, G_STRUCT_OFFSET (JxStreamWriter, sends), sizeof (PendingMessage),
                 G_STRUCT_OFFSET (PendingMessage, time), &m->order, &m->slot);
  trace->messages = g_new (JxMessage, m->n_sends);
  trace->n_messages = m->n_sends;
  m->msgs = trace->messages;
  for (i = 0; i < m->n_sends; i++)
    fill_message (trace, &m->msgs[i], (guint32) i,
                  (const PendingMessage *) (gconstpointer) m->order[i]);
}

/* Stable counting sort of idx by key(idx) in [0, n_keys). */
static void
counting_sort (guint32       *idx,
               guint32       *tmp,
               gsize          n,
               const guint32 *key,
               guint          n_keys)
{
  g_autofree gsize *start = g_new0 (gsize, n_keys + 1);
  gsize i;

  for (i = 0; i < n; i++)
    start[key[idx[i]] + 1]++;
  for (i = 0; i < n_keys; i++)
    start[i + 1] += start[i];
  for (i = 0; i < n; i++)
    tmp[start[key[idx[i]]]++] = idx[i];
  memcpy (idx, tmp, n * sizeof (guint32));
}

/* Orders both sides by (sender, receiver), keeping stream order inside;
 * sends to an undefined receiver come last of their sender. */
static void
sort_by_peers (Matching *m)
{
  guint n_streams = m->n_streams;
  g_autofree guint32 *tmp = g_new (guint32, MAX (MAX (m->n_sends, m->n_recvs), 1));
  g_autofree guint32 *s_key = g_new (guint32, MAX (m->n_sends, 1));
  g_autofree guint32 *r_key = g_new (guint32, MAX (m->n_recvs, 1));
  gsize i;

  m->s_idx = g_new (guint32, MAX (m->n_sends, 1));
  for (i = 0; i < m->n_sends; i++)
    {
      m->s_idx[i] = i;
      s_key[i] = m->sends[i]->receiver == JX_NONE ? n_streams : m->sends[i]->receiver;
    }
  counting_sort (m->s_idx, tmp, m->n_sends, s_key, n_streams + 1);
  for (i = 0; i < m->n_sends; i++)
    s_key[i] = m->sends[i]->sender;
  counting_sort (m->s_idx, tmp, m->n_sends, s_key, n_streams);

  m->r_idx = g_new (guint32, MAX (m->n_recvs, 1));
  for (i = 0; i < m->n_recvs; i++)
    {
      m->r_idx[i] = i;
      r_key[i] = m->recvs[i]->sender;
    }
  counting_sort (m->r_idx, tmp, m->n_recvs, r_key, n_streams);
}

/* The (sender, receiver) bucket that starts at send a or receive c,
 * whichever pair comes first. */
static void
next_bucket (const Matching *m,
             gsize           a,
             gsize           c,
             Bucket         *bucket)
{
  const PendingMessage *first;
  gsize k;

  if (c >= m->n_recvs ||
      (a < m->n_sends && (send_at (m, a)->sender < recv_at (m, c)->sender ||
                          (send_at (m, a)->sender == recv_at (m, c)->sender &&
                           send_at (m, a)->receiver <= recv_at (m, c)->receiver))))
    first = send_at (m, a);
  else
    first = recv_at (m, c);

  bucket->sender = first->sender;
  bucket->receiver = first->receiver;
  bucket->send_begin = a;
  bucket->recv_begin = c;
  bucket->single_key = TRUE;

  for (k = a; k < m->n_sends && send_at (m, k)->sender == bucket->sender &&
              send_at (m, k)->receiver == bucket->receiver; k++)
    if (!same_key (send_at (m, k), send_at (m, a)))
      bucket->single_key = FALSE;
  bucket->send_end = k;

  for (k = c; k < m->n_recvs && recv_at (m, k)->sender == bucket->sender &&
              recv_at (m, k)->receiver == bucket->receiver; k++)
    if (a < bucket->send_end && !same_key (recv_at (m, k), send_at (m, a)))
      bucket->single_key = FALSE;
  bucket->recv_end = k;
}

/* An unmatched message whose counterpart belongs on a stream that was not
 * read completely: counted on its own stream, listed only in the lost
 * stream's summary. */
static void
count_hidden (Matching       *m,
              JxStreamWriter *sb,
              guint32         lost)
{
  sb->defects[JX_DEFECT_UNMATCHED_MESSAGE]++;
  sb->s.flags |= JX_STREAM_FLAG_REPAIRED;
  m->hidden[lost]++;
}

static void
unmatched_receive (Matching             *m,
                   const PendingMessage *r)
{
  JxStreamWriter *rb = g_ptr_array_index (m->self->streams, r->receiver);
  JxStreamWriter *peer = g_ptr_array_index (m->self->streams, r->sender);

  /* Matched again with the other shares' messages (juxtrace-mpi). */
  if (m->self->keep_external)
    {
      _jx_stream_writer_keep_unmatched (rb, r, FALSE, peer->s.otf2_id);
      return;
    }
  if (peer->s.flags & STREAM_LOST)
    {
      count_hidden (m, rb, r->sender);
      return;
    }
  _jx_stream_writer_issue (rb, JX_DEFECT_UNMATCHED_MESSAGE, r->time,
                           _("Receive on stream “%s” from stream “%s” (tag %u) has no matching send"),
                           rb->label, peer->label, r->tag);
}

/* One key: the k-th send goes with the k-th receive. */
static void
match_in_order (Matching     *m,
                const Bucket *bucket)
{
  gsize n = MIN (bucket->send_end - bucket->send_begin, bucket->recv_end - bucket->recv_begin);
  gsize k;

  for (k = 0; k < n; k++)
    pair (m, bucket->send_begin + k, bucket->recv_begin + k);
  for (k = bucket->recv_begin + n; k < bucket->recv_end; k++)
    unmatched_receive (m, recv_at (m, k));
}

/* Matching helpers for buckets with several (communicator, tag) keys. */
#define MAX_CURSORS 8

/* Whether the bucket's sends and receives use at most MAX_CURSORS keys. */
static gboolean
few_keys (const Matching *m,
          const Bucket   *bucket)
{
  const PendingMessage *keys[MAX_CURSORS];
  gsize n_bucket_sends = bucket->send_end - bucket->send_begin;
  gsize n_bucket = n_bucket_sends + (bucket->recv_end - bucket->recv_begin);
  guint n = 0, q;
  gsize k;

  for (k = 0; k < n_bucket; k++)
    {
      const PendingMessage *r = k < n_bucket_sends ? send_at (m, bucket->send_begin + k)
                                                   : recv_at (m, bucket->recv_begin + (k - n_bucket_sends));

      for (q = 0; q < n && !same_key (keys[q], r); q++)
        ;
      if (q == n)
        {
          if (n == MAX_CURSORS)
            return FALSE;
          keys[n++] = r;
        }
    }
  return TRUE;
}

/* A few keys: one forward cursor over the bucket's sends per key. */
static void
match_with_cursors (Matching     *m,
                    const Bucket *bucket)
{
  struct
  {
    const PendingMessage *key;
    gsize                 next;   /* the next send that may match */
  } cursors[MAX_CURSORS];
  guint n_cursors = 0;
  gsize k;

  for (k = bucket->recv_begin; k < bucket->recv_end; k++)
    {
      const PendingMessage *r = recv_at (m, k);
      guint q;

      for (q = 0; q < n_cursors && !same_key (cursors[q].key, r); q++)
        ;
      if (q == n_cursors)
        {
          g_assert (n_cursors < MAX_CURSORS);
          cursors[q].key = r;
          cursors[q].next = bucket->send_begin;
          n_cursors++;
        }

      while (cursors[q].next < bucket->send_end && !same_key (send_at (m, cursors[q].next), r))
        cursors[q].next++;
      if (cursors[q].next < bucket->send_end)
        pair (m, cursors[q].next++, k);
      else
        unmatched_receive (m, r);
    }
}

typedef struct
{
  guint32 communicator;
  guint32 tag;
  gsize   k;            /* position in the bucket order */
} KeyedIndex;

static inline int
compare_key (const KeyedIndex *x,
             const KeyedIndex *y)
{
  if (x->communicator != y->communicator)
    return x->communicator < y->communicator ? -1 : 1;
  if (x->tag != y->tag)
    return x->tag < y->tag ? -1 : 1;
  return 0;
}

static int
compare_keyed (const void *a,
               const void *b)
{
  const KeyedIndex *x = a;
  const KeyedIndex *y = b;
  int order = compare_key (x, y);

  if (order != 0)
    return order;
  return x->k < y->k ? -1 : x->k > y->k ? 1 : 0;
}

/* One side of a bucket sorted by (key, order). */
static KeyedIndex *
keyed_side (const Matching  *m,
            gboolean         sends,
            gsize            begin,
            gsize            end)
{
  KeyedIndex *keyed = g_new (KeyedIndex, MAX (end - begin, 1));
  gsize k;

  for (k = begin; k < end; k++)
    {
      const PendingMessage *r = sends ? send_at (m, k) : recv_at (m, k);

      keyed[k - begin].communicator = r->communicator;
      keyed[k - begin].tag = r->tag;
      keyed[k - begin].k = k;
    }
  qsort (keyed, end - begin, sizeof (KeyedIndex), compare_keyed);
  return keyed;
}

/* Many keys (say a tag per message): cursors would rescan the bucket per
 * key, so both sides are sorted by (key, order) and paired in one walk
 * instead. */
static void
match_by_sorting (Matching     *m,
                  const Bucket *bucket)
{
  gsize n_sends = bucket->send_end - bucket->send_begin;
  gsize n_recvs = bucket->recv_end - bucket->recv_begin;
  g_autofree KeyedIndex *ks = keyed_side (m, TRUE, bucket->send_begin, bucket->send_end);
  g_autofree KeyedIndex *kr = keyed_side (m, FALSE, bucket->recv_begin, bucket->recv_end);
  g_autofree gboolean *matched = g_new0 (gboolean, MAX (n_recvs, 1));
  gsize x = 0, y = 0, k;

  while (x < n_sends && y < n_recvs)
    {
      int cmp = compare_key (&ks[x], &kr[y]);

      if (cmp < 0)
        x++;
      else if (cmp > 0)
        y++;
      else
        {
          pair (m, ks[x].k, kr[y].k);
          matched[kr[y].k - bucket->recv_begin] = TRUE;
          x++;
          y++;
        }
    }
  for (k = bucket->recv_begin; k < bucket->recv_end; k++)
    if (!matched[k - bucket->recv_begin])
      unmatched_receive (m, recv_at (m, k));
}

static void
match_buckets (Matching *m)
{
  gsize a = 0, c = 0;

  while (a < m->n_sends || c < m->n_recvs)
    {
      Bucket bucket;

      next_bucket (m, a, c, &bucket);
      if (bucket.receiver == JX_NONE)
        ;  /* already reported as undefined location */
      else if (bucket.single_key)
        match_in_order (m, &bucket);
      else if (few_keys (m, &bucket))
        match_with_cursors (m, &bucket);
      else
        match_by_sorting (m, &bucket);
      a = bucket.send_end;
      c = bucket.recv_end;
    }
}

/* In send-time order; order[] has the full tag. */
static void
report_unmatched_sends (Matching *m)
{
  gsize i;

  for (i = 0; i < m->n_sends; i++)
    if (m->msgs[i].recv_time == G_MAXUINT64 && m->msgs[i].receiver != JX_NONE)
      {
        const PendingMessage *pm = (const PendingMessage *) (gconstpointer) m->order[i];
        JxStreamWriter *sb = g_ptr_array_index (m->self->streams, m->msgs[i].sender);
        JxStreamWriter *peer = g_ptr_array_index (m->self->streams, m->msgs[i].receiver);

        if (m->self->keep_external)
          {
            _jx_stream_writer_keep_unmatched (sb, pm, TRUE, peer->s.otf2_id);
            continue;
          }
        if (peer->s.flags & STREAM_LOST)
          {
            count_hidden (m, sb, m->msgs[i].receiver);
            continue;
          }
        /* A partial load stopped reading at its window's end: the
         * receive comes after it (jx-trace-builder-partial.c). */
        if (_jx_trace_builder_windowed (m->self))
          {
            m->self->partial->n_messages_cut++;
            continue;
          }
        _jx_stream_writer_issue (sb, JX_DEFECT_UNMATCHED_MESSAGE, m->msgs[i].send_time,
                                 _("Send on stream “%s” to stream “%s” (tag %u) has no matching receive"),
                                 sb->label, peer->label, pm->tag);
      }
}

static void
report_hidden (Matching *m)
{
  guint i;

  for (i = 0; i < m->n_streams; i++)
    if (m->hidden[i] > 0)
      {
        JxStreamWriter *sb = g_ptr_array_index (m->self->streams, i);

        _jx_stream_writer_note (sb, JX_DEFECT_UNMATCHED_MESSAGE, sb->s.last_time,
                                _("%llu unmatched message(s) with stream “%s” are counted but not listed: "
                                  "the stream's events are missing or end early, so their counterparts were never read"),
                                (unsigned long long) m->hidden[i], sb->label);
      }
}

void
_jx_trace_builder_match_messages (JxTraceBuilder *self)
{
  Matching m = { 0 };
  guint i;

  m.self = self;
  m.n_streams = self->streams->len;
  collect_pending (&m);
  if (m.n_sends > 0 || m.n_recvs > 0)
    {
      m.hidden = g_new0 (guint64, m.n_streams + 1);
      create_messages (&m);
      sort_by_peers (&m);
      match_buckets (&m);
      report_unmatched_sends (&m);
      report_hidden (&m);
    }
  matching_clear (&m);

  for (i = 0; i < m.n_streams; i++)
    {
      JxStreamWriter *sb = g_ptr_array_index (self->streams, i);

      g_clear_pointer (&sb->sends, g_array_unref);
      g_clear_pointer (&sb->recvs, g_array_unref);
    }
}

/* Collectives */

/* Distinct JxCollectiveInfo values: open addressing over indices + 1. */
typedef struct
{
  guint32 *slots;
  guint32  mask;
  guint32  used;
} InfoTable;

static inline guint32
hash_info (const JxCollectiveInfo *info)
{
  guint64 h = info->bytes_sent * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);

  h ^= info->bytes_received + G_GUINT64_CONSTANT (0x632be59bd9b4e019) + (h << 6) + (h >> 2);
  h ^= ((guint64) info->communicator << 32 | info->root) + (h << 6) + (h >> 2);
  h ^= info->operation + (h << 6) + (h >> 2);
  return (guint32) (h ^ (h >> 29));
}

static inline gboolean
info_equal (const JxCollectiveInfo *x,
            const JxCollectiveInfo *y)
{
  return x->bytes_sent == y->bytes_sent && x->bytes_received == y->bytes_received &&
         x->communicator == y->communicator && x->root == y->root &&
         x->operation == y->operation;
}

static void
info_table_grow (InfoTable *table,
                 GArray    *infos)
{
  const JxCollectiveInfo *data = (const JxCollectiveInfo *) (gconstpointer) infos->data;
  guint32 size = table->slots == NULL ? 64 : (table->mask + 1) * 2;
  guint32 slot;
  guint k;

  g_free (table->slots);
  table->slots = g_new0 (guint32, size);
  table->mask = size - 1;
  for (k = 0; k < infos->len; k++)
    {
      for (slot = hash_info (&data[k]) & table->mask; table->slots[slot] != 0;
           slot = (slot + 1) & table->mask)
        ;
      table->slots[slot] = k + 1;
    }
}

/* The index of info in infos, appended when it is new. */
static guint32
intern_info (InfoTable              *table,
             GArray                 *infos,
             const JxCollectiveInfo *info)
{
  const JxCollectiveInfo *data;
  guint32 slot;

  if (table->used * 2 >= table->mask)
    info_table_grow (table, infos);

  data = (const JxCollectiveInfo *) (gconstpointer) infos->data;
  for (slot = hash_info (info) & table->mask; table->slots[slot] != 0; slot = (slot + 1) & table->mask)
    if (info_equal (&data[table->slots[slot] - 1], info))
      return table->slots[slot] - 1;

  g_array_append_val (infos, *info);
  table->slots[slot] = infos->len;
  table->used++;
  return infos->len - 1;
}

void
_jx_trace_builder_merge_collectives (JxTraceBuilder *self)
{
  JxTrace *trace = self->trace;
  g_autofree const guint8 **order = NULL;
  InfoTable table = { 0 };
  gsize n, i;

  n = merge_streams (self, G_STRUCT_OFFSET (JxStreamWriter, collectives), sizeof (CollectiveRecord),
                     G_STRUCT_OFFSET (CollectiveRecord, begin_time), &order, NULL);
  trace->collectives = g_new (JxCollective, n);
  trace->n_collectives = n;
  for (i = 0; i < n; i++)
    {
      const CollectiveRecord *r = (const CollectiveRecord *) (gconstpointer) order[i];
      JxCollective *out = &trace->collectives[i];

      out->begin_time = r->begin_time;
      out->end_time = r->end_time;
      out->stream = r->stream;
      out->info = intern_info (&table, trace->collective_infos, &r->info);
    }
  g_free (table.slots);

  for (i = 0; i < self->streams->len; i++)
    g_clear_pointer (&((JxStreamWriter *) g_ptr_array_index (self->streams, i))->collectives,
                     g_array_unref);
}
