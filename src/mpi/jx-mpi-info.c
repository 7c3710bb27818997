/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-mpi-info.c — `juxtrace-mpi info`: juxtrace-cli info's options and
 * output (jx_cli_info_with). Every rank loads its share of the processes
 * (balanced by work, jx_mpi_shares_load) keeping the message events whose
 * peer lives in another share as compact records, and sends rank 0 the
 * info document of its share (jx_cli_info_build_json) and those records.
 * Rank 0 merges the documents into the whole trace's, the streams in the
 * trace's order, and matches the records across the shares with the
 * loader's own matcher (a messages-only JxTraceBuilder): a pair of streams
 * lies in one share or in two, so every (sender, receiver) bucket is
 * matched either in a share or here, exactly as a whole load matches it.
 * Then it prints what juxtrace-cli prints. The merge and the cross-share
 * matching are most of this file (over 1,000 lines); they stay with info,
 * whose document they build, and profile, imbalance, cluster, diff and trend
 * reach them through jx_mpi_shares_matched_reports. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli.h"
#include "jx-cli-info-private.h"
#include "jx-mpi.h"
#include "jx-mpi-reduce.h"
#include "jx-trace-builder.h"

/* A message event of a share whose peer is in another share, by the
 * positions of both streams among the whole trace's. */
typedef struct
{
  guint64 time;
  guint64 size;
  guint32 stream;
  guint32 peer;
  guint32 communicator;
  guint32 tag;
  guint16 send;
  guint16 unmatched;  /* left unmatched in its share: a message counted there */
  guint32 padding;
} CrossMessage;

/* A stream of a share, in brief: what its object in the document holds
 * (jx_cli_info_add_stream), its name following. */
typedef struct
{
  guint64 otf2_id;
  guint64 n_events;
  guint64 first_time;
  guint64 last_time;
  guint64 event_counts[JX_N_EVENT_KINDS];
  guint32 process;
  guint32 index;
  guint32 n_invocations;
  guint16 max_depth;
  guint8  kind;
  guint8  flags;
} StreamRecord;

/* What one rank sent. */
typedef struct
{
  JsonNode *doc;         /* its share's info document; NULL without a share */
  GArray   *positions;   /* guint32 per share stream */
  GArray   *cross;       /* CrossMessage */
} Part;

static void
part_clear (gpointer data)
{
  Part *part = data;

  g_clear_pointer (&part->doc, json_node_unref);
  g_clear_pointer (&part->positions, g_array_unref);
  g_clear_pointer (&part->cross, g_array_unref);
}

static void
part_free (gpointer data)
{
  part_clear (data);
  g_free (data);
}

/* The share's processes and streams (their objects' members) as records,
 * after the document without them: building and parsing the objects of
 * thousands of streams as text cost more than the rest of the exchange. */
static void
pack_lists (GByteArray *out,
            JxTrace    *share)
{
  guint n_processes = jx_trace_get_n_processes (share);
  guint n_streams = jx_trace_get_n_streams (share);
  g_autoptr(GArray) records = g_array_sized_new (FALSE, TRUE, sizeof (StreamRecord), n_streams);

  jx_pack_u64 (out, n_processes);
  for (guint p = 0; p < n_processes; p++)
    {
      const JxProcess *process = jx_trace_get_process (share, p);

      jx_pack_u64 (out, process->rank);
      jx_pack_u64 (out, process->first_stream);
      jx_pack_u64 (out, process->n_streams);
      jx_pack_string (out, jx_cli_nonnull (process->name));
    }
  g_array_set_size (records, n_streams);
  for (guint i = 0; i < n_streams; i++)
    {
      const JxStream *stream = jx_trace_get_stream (share, i);
      StreamRecord *r = &g_array_index (records, StreamRecord, i);

      r->otf2_id = stream->otf2_id;
      r->n_events = stream->n_events;
      r->first_time = stream->first_time;
      r->last_time = stream->last_time;
      memcpy (r->event_counts, stream->event_counts, sizeof r->event_counts);
      r->process = stream->process;
      r->index = stream->index;
      r->n_invocations = stream->n_invocations;
      r->max_depth = stream->max_depth;
      r->kind = stream->kind;
      r->flags = stream->flags;
    }
  jx_pack_u64 (out, n_streams);
  jx_pack_bytes (out, records->data, (gsize) n_streams * sizeof (StreamRecord));
  for (guint i = 0; i < n_streams; i++)
    jx_pack_string (out, jx_cli_nonnull (jx_trace_get_stream (share, i)->name));
}

static void
brief_process (JsonBuilder     *builder,
               const JxProcess *process)
{
  json_builder_begin_object (builder);
  jx_cli_json_add_string (builder, "name", jx_cli_nonnull (process->name));
  jx_cli_json_add_int (builder, "rank", process->rank);
  jx_cli_json_add_int (builder, "n_streams", process->n_streams);
  json_builder_end_object (builder);
}

static void
brief_stream (JsonBuilder    *builder,
              const JxStream *stream)
{
  JsonObject *object;
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  object = json_object_new ();
  json_object_set_string_member (object, "name", jx_cli_nonnull (stream->name));
  json_object_set_int_member (object, "process", stream->process);
  json_object_set_int_member (object, "last_time", (gint64) stream->last_time);
  jx_cli_info_set_stream_flags (object, stream->flags);
  json_node_take_object (node, object);
  json_builder_add_value (builder, node);
}

/* The objects of the records of pack_lists () into doc, as the document
 * of the share holds them; brief: only what the load report needs (a
 * process's name, rank and streams, a stream's name, process, last time
 * and flags), which takes a fraction of the memory of thousands of
 * streams' full objects. */
static gboolean
unpack_lists (JxUnpack   *in,
              JsonObject *doc,
              gboolean    brief)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GArray) records = g_array_new (FALSE, TRUE, sizeof (StreamRecord));
  JsonNode *root;
  guint64 n;

  n = jx_unpack_u64 (in);
  if (in->bad || n > (guint64) (in->end - in->p))
    return FALSE;
  json_builder_begin_array (builder);
  for (guint64 p = 0; p < n && !in->bad; p++)
    {
      JxProcess process = { 0 };
      g_autofree char *name = NULL;

      process.rank = (guint32) jx_unpack_u64 (in);
      process.first_stream = (guint32) jx_unpack_u64 (in);
      process.n_streams = (guint32) jx_unpack_u64 (in);
      name = jx_unpack_string (in);
      process.name = name;
      if (!brief)
        jx_cli_info_add_process (builder, (guint) p, &process);
      else
        brief_process (builder, &process);
    }
  json_builder_end_array (builder);
  root = json_builder_get_root (builder);
  json_object_set_member (doc, "processes", root);

  n = jx_unpack_u64 (in);
  if (in->bad || n > (guint64) (in->end - in->p) / sizeof (StreamRecord))
    return FALSE;
  g_array_set_size (records, (guint) n);
  jx_unpack_bytes (in, records->data, (gsize) n * sizeof (StreamRecord));
  json_builder_reset (builder);
  json_builder_begin_array (builder);
  for (guint i = 0; i < n && !in->bad; i++)
    {
      const StreamRecord *r = &g_array_index (records, StreamRecord, i);
      g_autofree char *name = jx_unpack_string (in);
      JxStream stream = { 0 };

      stream.name = name;
      stream.otf2_id = r->otf2_id;
      stream.n_events = r->n_events;
      stream.first_time = r->first_time;
      stream.last_time = r->last_time;
      memcpy (stream.event_counts, r->event_counts, sizeof stream.event_counts);
      stream.process = r->process;
      stream.index = r->index;
      stream.n_invocations = r->n_invocations;
      stream.max_depth = r->max_depth;
      stream.kind = r->kind;
      stream.flags = r->flags;
      if (!brief)
        jx_cli_info_add_stream (builder, &stream);
      else
        brief_stream (builder, &stream);
    }
  json_builder_end_array (builder);
  root = json_builder_get_root (builder);
  json_object_set_member (doc, "streams", root);
  return !in->bad;
}

/* What the load report of the whole trace needs of a share's document:
 * its load report (with lists: its processes and streams too). */
static JsonNode *
report_document (JxTrace  *share,
                 gboolean  lists)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  jx_cli_json_add_load_report (builder, share);
  if (lists)
    {
      json_builder_set_member_name (builder, "processes");
      json_builder_begin_array (builder);
      for (guint p = 0; p < jx_trace_get_n_processes (share); p++)
        brief_process (builder, jx_trace_get_process (share, p));
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "streams");
      json_builder_begin_array (builder);
      for (guint i = 0; i < jx_trace_get_n_streams (share); i++)
        brief_stream (builder, jx_trace_get_stream (share, i));
      json_builder_end_array (builder);
    }
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* report_only: a report_document () instead of the info document. With
 * own (rank 0) the document stays here, in *own, instead of travelling
 * as text. */
static GByteArray *
pack_rank (JxMpiShares *shares,
           guint        t,
           gboolean     report_only,
           JsonNode   **own)
{
  GByteArray *out = g_byte_array_new ();
  JxTrace *share = jx_mpi_shares_contributes (shares, t) ? g_ptr_array_index (shares->traces, t) : NULL;
  GHashTable *positions = g_ptr_array_index (shares->positions, t);
  g_autoptr(JsonNode) doc = NULL;
  g_autoptr(JsonGenerator) generator = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GArray) streams = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) cross = g_array_new (FALSE, TRUE, sizeof (CrossMessage));
  const JxExternalMessage *external;
  gsize n_external = 0;

  jx_pack_u64 (out, share != NULL);
  if (share == NULL)
    return out;

  /* Rank 0 keeps its document whole; the others send theirs without
   * the lists, which follow as records. */
  doc = report_only ? report_document (share, own != NULL) : jx_cli_info_build_json_full (share, own != NULL);
  if (own != NULL)
    *own = json_node_ref (doc);
  else
    {
      generator = json_generator_new ();
      json_generator_set_root (generator, doc);
      text = json_generator_to_data (generator, NULL);
    }
  jx_pack_string (out, text);
  if (own == NULL)
    pack_lists (out, share);

  for (guint s = 0; s < jx_trace_get_n_streams (share); s++)
    {
      guint32 position = jx_mpi_shares_position (shares, t, s);

      g_array_append_val (streams, position);
    }
  jx_pack_u64 (out, streams->len);
  jx_pack_bytes (out, streams->data, (gsize) streams->len * sizeof (guint32));

  external = jx_trace_get_external_messages (share, &n_external);
  g_array_set_size (cross, (guint) n_external);
  for (gsize i = 0; i < n_external; i++)
    {
      CrossMessage *c = &g_array_index (cross, CrossMessage, i);

      c->time = external[i].time;
      c->size = external[i].size;
      c->stream = g_array_index (streams, guint32, external[i].stream);
      c->peer = jx_mpi_position_of (positions, external[i].peer);
      c->communicator = external[i].communicator;
      c->tag = external[i].tag;
      c->send = external[i].send;
      c->unmatched = external[i].unmatched;
    }
  jx_pack_u64 (out, cross->len);
  jx_pack_bytes (out, cross->data, (gsize) cross->len * sizeof (CrossMessage));
  return out;
}

/* own: the document of a packet without text (rank 0's own); brief:
 * the lists only as the load report needs them. */
static gboolean
unpack_part (GBytes   *bytes,
             JsonNode *own,
             gboolean  brief,
             Part     *part)
{
  JxUnpack in;
  g_autofree char *text = NULL;
  guint64 n;

  jx_unpack_init (&in, bytes);
  if (!jx_unpack_u64 (&in))
    return FALSE;
  text = jx_unpack_string (&in);
  part->doc = text != NULL ? json_from_string (text, NULL) : own != NULL ? json_node_ref (own) : NULL;
  if (text != NULL && (part->doc == NULL || !JSON_NODE_HOLDS_OBJECT (part->doc)
                       || !unpack_lists (&in, json_node_get_object (part->doc), brief)))
    return FALSE;
  n = jx_unpack_u64 (&in);
  part->positions = g_array_sized_new (FALSE, FALSE, sizeof (guint32), (guint) n);
  g_array_set_size (part->positions, (guint) n);
  jx_unpack_bytes (&in, part->positions->data, (gsize) n * sizeof (guint32));
  n = jx_unpack_u64 (&in);
  part->cross = g_array_sized_new (FALSE, FALSE, sizeof (CrossMessage), (guint) n);
  g_array_set_size (part->cross, (guint) n);
  jx_unpack_bytes (&in, part->cross->data, (gsize) n * sizeof (CrossMessage));
  return part->doc != NULL && JSON_NODE_HOLDS_OBJECT (part->doc) && !in.bad;
}

static gint64
get_int (JsonObject *object,
         const char *name)
{
  return json_object_get_int_member_with_default (object, name, 0);
}

static void
add_int (JsonObject *object,
         const char *name,
         gint64      more)
{
  json_object_set_int_member (object, name, get_int (object, name) + more);
}

/* Members holding integers summed (objects of them too). */
static void
sum_ints (JsonObject *into,
          JsonObject *from)
{
  g_autoptr(GList) members = json_object_get_members (into);

  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *a = json_object_get_member (into, l->data);
      JsonNode *b = json_object_get_member (from, l->data);

      if (b == NULL || JSON_NODE_TYPE (a) != JSON_NODE_TYPE (b))
        continue;
      if (JSON_NODE_HOLDS_VALUE (a) && json_node_get_value_type (a) == G_TYPE_INT64)
        json_node_set_int (a, json_node_get_int (a) + json_node_get_int (b));
      else if (JSON_NODE_HOLDS_OBJECT (a))
        sum_ints (json_node_get_object (a), json_node_get_object (b));
    }
}

/* The whole trace as the shares have it, and its cross-share messages
 * matched. */
typedef struct
{
  GPtrArray   *parts;        /* Part, those with a share */
  guint        n_streams;
  JsonObject **stream_of;    /* position -> the share's stream object */
  guint8      *flags;        /* position -> its JX_STREAM_FLAG_* (with the
                                matching's "repaired" after merge_structure) */
  guint32     *process_of;   /* position -> process position */
  Part       **part_of;      /* position -> its part */
  guint        n_processes;
  JsonObject **process_at;   /* process position -> the share's process object */
  JxTraceOutline *outline;   /* the whole trace's (rank 0's plan) */
  JxTrace     *matched;      /* the cross-share messages matched, of the used streams */
  guint32     *compact;      /* position -> its stream in matched, JX_NONE: not there */
  GArray      *used;         /* guint32: matched's streams' positions, ascending */
} Merge;

static void
merge_clear (Merge *m)
{
  g_clear_pointer (&m->parts, g_ptr_array_unref);
  g_free (m->stream_of);
  g_free (m->flags);
  g_free (m->process_of);
  g_free (m->part_of);
  g_free (m->process_at);
  g_clear_object (&m->matched);
  g_free (m->compact);
  g_clear_pointer (&m->used, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Merge, merge_clear)

/* Every stream at its position, with its process's. */
static gboolean
place_streams (Merge           *m,
               JxTraceOutline  *outline,
               GError         **error)
{
  m->n_processes = jx_trace_outline_get_n_processes (outline);
  m->n_streams = jx_trace_outline_get_n_locations (outline);
  m->stream_of = g_new0 (JsonObject *, MAX (m->n_streams, 1));
  m->flags = g_new0 (guint8, MAX (m->n_streams, 1));
  m->process_of = g_new0 (guint32, MAX (m->n_streams, 1));
  m->part_of = g_new0 (Part *, MAX (m->n_streams, 1));
  m->process_at = g_new0 (JsonObject *, MAX (m->n_processes, 1));

  for (guint r = 0; r < m->parts->len; r++)
    {
      Part *part = g_ptr_array_index (m->parts, r);
      JsonObject *doc = json_node_get_object (part->doc);
      JsonArray *processes = json_object_get_array_member (doc, "processes");
      JsonArray *streams = json_object_get_array_member (doc, "streams");

      for (guint p = 0; p < json_array_get_length (processes); p++)
        {
          JsonObject *process = json_array_get_object_element (processes, p);
          gint64 rank = get_int (process, "rank");

          if (rank >= 0 && rank < m->n_processes && get_int (process, "n_streams") > 0)
            m->process_at[rank] = process;
        }
      for (guint s = 0; s < json_array_get_length (streams) && s < part->positions->len; s++)
        {
          JsonObject *stream = json_array_get_object_element (streams, s);
          guint32 position = g_array_index (part->positions, guint32, s);
          gint64 process = get_int (stream, "process");

          if (position >= m->n_streams || m->stream_of[position] != NULL
              || process < 0 || process >= json_array_get_length (processes))
            {
              g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT,
                           _("the shares' streams do not make up the trace's"));
              return FALSE;
            }
          m->stream_of[position] = stream;
          m->flags[position] = (guint8) jx_cli_info_get_stream_flags (stream);
          m->process_of[position] = (guint32) get_int (json_array_get_object_element (processes, process), "rank");
          m->part_of[position] = part;
        }
    }
  for (guint i = 0; i < m->n_streams; i++)
    if (m->stream_of[i] == NULL)
      {
        g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT,
                     _("the shares' streams do not make up the trace's"));
        return FALSE;
      }
  return TRUE;
}

/* By time; g_qsort_with_data is stable. */
static gint
compare_time (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  const CrossMessage *x = *(const CrossMessage * const *) a;
  const CrossMessage *y = *(const CrossMessage * const *) b;

  return x->time < y->time ? -1 : x->time > y->time ? 1 : 0;
}

/* The cross-share messages through the loader's matcher: a builder of the
 * streams that have them (as their own or as peers; in the trace's order,
 * so the matcher meets them in the order a whole load has) holding only
 * them. Not all streams: a builder's stream takes about 1 KiB, 10 MiB for
 * 10,000 processes of which a few hundred have messages with another
 * share. */
static void
match_cross (Merge          *m,
             const char     *path,
             JxTraceOutline *outline)
{
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (const CrossMessage *));
  g_autofree gsize *start = g_new0 (gsize, m->n_streams + 1);
  JxTraceBuilder *b = jx_trace_builder_new (path, NULL, 1);
  const CrossMessage **sorted;
  gsize n = 0;

  g_autofree guint32 *process_in = g_new (guint32, MAX (m->n_processes, 1));

  jx_trace_builder_set_messages_only (b);
  m->compact = g_new (guint32, MAX (m->n_streams, 1));
  m->used = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint s = 0; s < m->n_streams; s++)
    m->compact[s] = JX_NONE;
  for (guint p = 0; p < m->n_processes; p++)
    process_in[p] = JX_NONE;
  for (guint r = 0; r < m->parts->len; r++)
    {
      Part *part = g_ptr_array_index (m->parts, r);

      for (guint i = 0; i < part->cross->len; i++)
        {
          const CrossMessage *c = &g_array_index (part->cross, CrossMessage, i);

          m->compact[c->stream] = 0;
          if (c->peer < m->n_streams)
            m->compact[c->peer] = 0;
        }
    }
  for (guint s = 0; s < m->n_streams; s++)
    {
      guint32 p = m->process_of[s];

      if (m->compact[s] == JX_NONE)
        continue;
      m->compact[s] = m->used->len;
      g_array_append_val (m->used, s);
      if (process_in[p] == JX_NONE)
        process_in[p] = jx_trace_builder_add_process (b, m->process_at[p] != NULL
                                                         ? json_object_get_string_member (m->process_at[p], "name")
                                                         : jx_trace_outline_get_process (outline, p)->name,
                                                      JX_NONE);
      jx_trace_builder_add_stream (b, process_in[p], json_object_get_string_member (m->stream_of[s], "name"),
                                   JX_STREAM_OTHER);
      /* Messages with a stream whose events are lost are counted, not
       * listed. */
      if (m->flags[s] & JX_STREAM_FLAG_MISSING)
        jx_trace_builder_mark_missing (b, m->compact[s], NULL);
      else if (m->flags[s] & JX_STREAM_FLAG_TRUNCATED)
        jx_trace_builder_mark_truncated (b, m->compact[s], NULL);
    }

  /* By stream (a stable counting sort), then by time: the builder takes
   * a stream's events in time order. A share's leftovers come after its
   * records with other shares; either keep their order among themselves,
   * which is all matching needs (their peers differ). */
  for (guint r = 0; r < m->parts->len; r++)
    {
      Part *part = g_ptr_array_index (m->parts, r);

      for (guint i = 0; i < part->cross->len; i++)
        start[g_array_index (part->cross, CrossMessage, i).stream + 1]++;
      n += part->cross->len;
    }
  for (guint s = 0; s < m->n_streams; s++)
    start[s + 1] += start[s];
  g_array_set_size (order, (guint) n);
  sorted = (const CrossMessage **) (gpointer) order->data;
  for (guint r = 0; r < m->parts->len; r++)
    {
      Part *part = g_ptr_array_index (m->parts, r);

      for (guint i = 0; i < part->cross->len; i++)
        {
          const CrossMessage *c = &g_array_index (part->cross, CrossMessage, i);

          sorted[start[c->stream]++] = c;
        }
    }
  for (guint s = 0; s < m->n_streams; s++)
    {
      gsize begin = s > 0 ? start[s - 1] : 0;

      g_qsort_with_data (sorted + begin, (gint) (start[s] - begin), sizeof (const CrossMessage *),
                         compare_time, NULL);
    }
  for (gsize i = 0; i < n; i++)
    {
      const CrossMessage *c = sorted[i];

      guint32 peer = c->peer < m->n_streams ? m->compact[c->peer] : c->peer;

      if (c->send)
        jx_trace_builder_send (b, m->compact[c->stream], c->time, peer, c->communicator, c->tag, c->size);
      else
        jx_trace_builder_recv (b, m->compact[c->stream], c->time, peer, c->communicator, c->tag, c->size);
    }
  /* The matcher notes the messages of a stream that ended early at its
   * last event. */
  for (guint i = 0; i < m->used->len; i++)
    {
      guint32 s = g_array_index (m->used, guint32, i);

      if (m->flags[s] & JX_STREAM_FLAG_TRUNCATED)
        jx_trace_builder_count_event (b, i, (guint64) get_int (m->stream_of[s], "last_time"), JX_EVENT_MEASUREMENT);
    }
  m->matched = jx_trace_builder_finish (b);
}

/* "processes" and "streams" of the whole trace. */
static void
merge_structure (Merge      *m,
                 JsonObject *whole)
{
  JsonArray *processes = json_array_new ();
  JsonArray *streams = json_array_new ();
  g_autofree guint32 *n_streams = g_new0 (guint32, MAX (m->n_processes, 1));
  g_autofree guint32 *first = g_new0 (guint32, MAX (m->n_processes, 1));
  guint32 next = 0;

  for (guint s = 0; s < m->n_streams; s++)
    {
      JsonObject *stream = json_object_ref (m->stream_of[s]);
      guint flags = m->flags[s];

      if (m->compact[s] != JX_NONE)
        flags |= jx_trace_get_stream (m->matched, m->compact[s])->flags & JX_STREAM_FLAG_REPAIRED;

      json_object_set_int_member (stream, "index", s);
      json_object_set_int_member (stream, "process", m->process_of[s]);
      if (flags != m->flags[s])
        jx_cli_info_set_stream_flags (stream, flags);
      m->flags[s] = (guint8) flags;
      json_array_add_object_element (streams, stream);
      if (n_streams[m->process_of[s]]++ == 0)
        first[m->process_of[s]] = s;
    }
  for (guint p = 0; p < m->n_processes; p++)
    {
      JsonObject *process = m->process_at[p] != NULL ? json_object_ref (m->process_at[p]) : json_object_new ();

      if (n_streams[p] == 0)
        first[p] = next;
      next = first[p] + n_streams[p];
      json_object_set_int_member (process, "index", p);
      if (m->process_at[p] == NULL)
        {
          json_object_set_string_member (process, "name", jx_trace_outline_get_process (m->outline, p)->name);
          json_object_set_int_member (process, "rank", p);
        }
      json_object_set_int_member (process, "first_stream", first[p]);
      json_object_set_int_member (process, "n_streams", n_streams[p]);
      json_array_add_object_element (processes, process);
    }
  json_object_set_array_member (whole, "processes", processes);
  json_object_set_array_member (whole, "streams", streams);
}

/* The shares' event files of a kind ("missing_event_files"), in the
 * order of their streams. */
static void
merge_event_files (Merge      *m,
                   JsonObject *report,
                   const char *member,
                   guint       flag)
{
  JsonArray *files = json_array_new ();
  g_autoptr(GHashTable) taken = g_hash_table_new (NULL, NULL);

  for (guint s = 0; s < m->n_streams; s++)
    {
      Part *part = m->part_of[s];
      JsonObject *share_report;
      JsonArray *list;
      guint k;

      if (!(m->flags[s] & flag))
        continue;
      share_report = json_object_get_object_member (json_node_get_object (part->doc), "load_report");
      list = json_object_get_array_member (share_report, member);
      k = GPOINTER_TO_UINT (g_hash_table_lookup (taken, part));
      if (list == NULL || k >= json_array_get_length (list))
        continue;
      json_array_add_element (files, json_node_copy (json_array_get_element (list, k)));
      g_hash_table_insert (taken, part, GUINT_TO_POINTER (k + 1));
    }
  json_object_set_array_member (report, member, files);
}

/* The load report: the shares' counts summed, the cross-share matching's
 * unmatched messages added; issues trace-wide first, then per stream in
 * the trace's order (a stream's matching issues after its own). */
static void
merge_report (Merge      *m,
              JsonObject *whole)
{
  JsonObject *report = json_object_get_object_member (whole, "load_report");
  JsonObject *defects = json_object_get_object_member (report, "defects");
  JsonObject *counts = json_object_new ();
  JsonArray *issues = json_array_new ();
  g_autoptr(GPtrArray) per_stream = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  const char *unmatched = jx_defect_to_string (JX_DEFECT_UNMATCHED_MESSAGE);
  guint64 cross_unmatched = jx_trace_get_defect_count (m->matched, JX_DEFECT_UNMATCHED_MESSAGE);
  guint64 totals[JX_N_DEFECTS];
  g_autofree char *summary = NULL;
  guint n_lost = 0;

  for (guint s = 0; s < m->n_streams; s++)
    g_ptr_array_add (per_stream, g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref));
  for (guint r = 0; r < m->parts->len; r++)
    {
      Part *part = g_ptr_array_index (m->parts, r);
      JsonObject *share_report = json_object_get_object_member (json_node_get_object (part->doc), "load_report");
      JsonArray *list = json_object_get_array_member (share_report, "issues");

      if (r > 0)
        {
          add_int (report, "defects_total", get_int (share_report, "defects_total"));
          sum_ints (defects, json_object_get_object_member (share_report, "defects"));
        }
      for (guint i = 0; i < json_array_get_length (list); i++)
        {
          JsonObject *issue = json_array_get_object_element (list, i);
          JsonNode *stream = json_object_get_member (issue, "stream");

          if (JSON_NODE_HOLDS_NULL (stream))
            json_array_add_object_element (issues, json_object_ref (issue));
          else if ((guint64) json_node_get_int (stream) < part->positions->len)
            {
              guint32 position = g_array_index (part->positions, guint32, json_node_get_int (stream));

              json_object_set_int_member (issue, "stream", position);
              g_ptr_array_add (g_ptr_array_index (per_stream, position), json_object_ref (issue));
            }
        }
    }
  add_int (report, "defects_total", (gint64) cross_unmatched);
  add_int (defects, unmatched, (gint64) cross_unmatched);
  for (guint i = 0; i < jx_trace_get_n_load_issues (m->matched); i++)
    {
      const JxLoadIssue *issue = jx_trace_get_load_issue (m->matched, i);
      JsonObject *o;
      guint32 position;

      if (issue->defect != JX_DEFECT_UNMATCHED_MESSAGE || issue->stream >= m->used->len)
        continue;
      position = g_array_index (m->used, guint32, issue->stream);
      o = json_object_new ();
      json_object_set_string_member (o, "defect", unmatched);
      json_object_set_int_member (o, "stream", position);
      json_object_set_int_member (o, "time", (gint64) issue->time);
      json_object_set_string_member (o, "detail", issue->detail != NULL ? issue->detail : "");
      g_ptr_array_add (g_ptr_array_index (per_stream, position), o);
    }
  for (guint s = 0; s < m->n_streams; s++)
    {
      GPtrArray *list = g_ptr_array_index (per_stream, s);

      /* The loader lists at most as many issues per stream as in all. */
      for (guint i = 0; i < list->len && i < JX_LOAD_REPORT_MAX_ISSUES
                        && json_array_get_length (issues) < JX_LOAD_REPORT_MAX_ISSUES; i++)
        json_array_add_object_element (issues, json_object_ref (g_ptr_array_index (list, i)));
    }
  json_object_set_array_member (report, "issues", issues);

  /* Streams by flag (the members of the shares' counts), from the merged
   * streams. */
  {
    JsonObject *names = json_object_get_object_member (report, "streams");
    g_autoptr(GList) members = names != NULL ? json_object_get_members (names) : NULL;
    guint by_bit[8] = { 0 };

    for (guint s = 0; s < m->n_streams; s++)
      {
        for (guint bit = 0; bit < 8; bit++)
          if (m->flags[s] & (1u << bit))
            by_bit[bit]++;
        if (m->flags[s] & (JX_STREAM_FLAG_MISSING | JX_STREAM_FLAG_TRUNCATED))
          n_lost++;
      }
    for (GList *l = members; l != NULL; l = l->next)
      {
        guint flag = jx_cli_info_stream_flag (l->data);

        json_object_set_int_member (counts, l->data, flag != 0 ? by_bit[g_bit_nth_lsf (flag, -1)] : 0);
      }
  }
  json_object_set_object_member (report, "streams", counts);
  merge_event_files (m, report, "missing_event_files", JX_STREAM_FLAG_MISSING);
  merge_event_files (m, report, "truncated_event_files", JX_STREAM_FLAG_TRUNCATED);

  for (guint k = 0; k < JX_N_DEFECTS; k++)
    totals[k] = (guint64) get_int (defects, jx_defect_to_string (k));
  summary = jx_cli_load_summary_from_counts (totals);
  json_object_set_boolean_member (report, "partial", n_lost > 0);
  if (summary != NULL)
    json_object_set_string_member (report, "summary", summary);
  else
    json_object_set_null_member (report, "summary");
  json_object_set_null_member (report, "selection");
}

/* The counts and the time span of the whole trace. */
static void
merge_counts (Merge      *m,
              JsonObject *whole,
              JxTrace    *clock)
{
  JsonObject *span = json_object_get_object_member (whole, "time_span");
  JsonObject *events = json_object_get_object_member (whole, "events");
  JsonArray *metrics = json_object_get_array_member (whole, "metrics");
  gboolean any = FALSE;
  gint64 start = get_int (span, "start_ticks"), end = get_int (span, "end_ticks");
  guint64 bytes = 0, n_sends = 0;

  for (guint r = 0; r < m->parts->len; r++)
    {
      Part *part = g_ptr_array_index (m->parts, r);
      JsonObject *doc = json_node_get_object (part->doc);
      JsonObject *share_span = json_object_get_object_member (doc, "time_span");
      JsonArray *share_metrics = json_object_get_array_member (doc, "metrics");
      JsonArray *streams = json_object_get_array_member (doc, "streams");
      gboolean has_events = FALSE;

      /* Only streams with events or calls span time. */
      for (guint s = 0; s < json_array_get_length (streams); s++)
        {
          JsonObject *stream = json_array_get_object_element (streams, s);

          if (get_int (stream, "events") > 0 || get_int (stream, "invocations") > 0)
            has_events = TRUE;
        }
      if (has_events)
        {
          start = !any ? get_int (share_span, "start_ticks") : MIN (start, get_int (share_span, "start_ticks"));
          end = !any ? get_int (share_span, "end_ticks") : MAX (end, get_int (share_span, "end_ticks"));
          any = TRUE;
        }
      json_object_set_int_member (whole, "regions", MAX (get_int (whole, "regions"), get_int (doc, "regions")));
      if (r == 0)
        continue;

      sum_ints (events, json_object_get_object_member (doc, "events"));
      add_int (whole, "invocations", get_int (doc, "invocations"));
      add_int (whole, "messages", get_int (doc, "messages"));
      add_int (whole, "message_bytes", get_int (doc, "message_bytes"));
      add_int (whole, "collectives", get_int (doc, "collectives"));
      sum_ints (json_object_get_object_member (whole, "metric_caveats"),
                json_object_get_object_member (doc, "metric_caveats"));
      for (guint k = 0; k < json_array_get_length (metrics) && k < json_array_get_length (share_metrics); k++)
        {
          JsonObject *into = json_array_get_object_element (metrics, k);
          JsonObject *from = json_array_get_object_element (share_metrics, k);
          JsonNode *lo = json_object_get_member (from, "display_min");
          JsonNode *hi = json_object_get_member (from, "display_max");
          JsonNode *lo_into = json_object_get_member (into, "display_min");
          JsonNode *hi_into = json_object_get_member (into, "display_max");

          add_int (into, "samples", get_int (from, "samples"));
          add_int (into, "streams", get_int (from, "streams"));
          if (lo != NULL && !JSON_NODE_HOLDS_NULL (lo)
              && (JSON_NODE_HOLDS_NULL (lo_into) || json_node_get_double (lo) < json_node_get_double (lo_into)))
            json_object_set_double_member (into, "display_min", json_node_get_double (lo));
          if (hi != NULL && !JSON_NODE_HOLDS_NULL (hi)
              && (JSON_NODE_HOLDS_NULL (hi_into) || json_node_get_double (hi) > json_node_get_double (hi_into)))
            json_object_set_double_member (into, "display_max", json_node_get_double (hi));
        }
    }
  /* Bounds read back from text stay doubles. */
  for (guint k = 0; k < json_array_get_length (metrics); k++)
    {
      JsonObject *metric = json_array_get_object_element (metrics, k);

      for (guint b = 0; b < 2; b++)
        {
          const char *name = b == 0 ? "display_min" : "display_max";
          JsonNode *node = json_object_get_member (metric, name);

          if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
            json_object_set_double_member (metric, name, json_node_get_double (node));
        }
    }

  /* The sends between shares; those left unmatched inside a share are
   * among its messages already. */
  for (guint r = 0; r < m->parts->len; r++)
    {
      Part *part = g_ptr_array_index (m->parts, r);

      for (guint i = 0; i < part->cross->len; i++)
        {
          const CrossMessage *c = &g_array_index (part->cross, CrossMessage, i);

          if (c->send && !c->unmatched)
            {
              n_sends++;
              bytes += c->size;
            }
        }
    }
  add_int (whole, "messages", (gint64) n_sends);
  add_int (whole, "message_bytes", (gint64) bytes);

  json_object_set_int_member (span, "start_ticks", start);
  json_object_set_int_member (span, "end_ticks", end);
  json_object_set_int_member (span, "duration_ticks", end >= start ? end - start : 0);
  json_object_set_double_member (span, "duration_seconds",
                                 jx_trace_ticks_to_seconds (clock, end >= start ? end - start : 0));
}

/* Rank 0: the whole trace's document from the ranks' packets. */
static JsonNode *
merge (GPtrArray       *packets,
       JsonNode        *own,
       gboolean         report_only,
       const char      *path,
       JxTraceOutline  *outline,
       JxTrace         *clock,
       GError         **error)
{
  g_auto(Merge) m = { 0 };
  JsonNode *whole;

  m.parts = g_ptr_array_new_with_free_func (part_free);
  for (guint r = 0; r < packets->len; r++)
    {
      Part *part = g_new0 (Part, 1);

      if (!unpack_part (g_ptr_array_index (packets, r), r == 0 ? own : NULL, report_only, part))
        {
          part_free (part);
          continue;
        }
      g_ptr_array_add (m.parts, part);
    }
  if (m.parts->len == 0)
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT, _("no share of the trace was loaded"));
      return NULL;
    }
  m.outline = outline;
  if (!place_streams (&m, outline, error))
    return NULL;
  match_cross (&m, path, outline);

  whole = json_node_ref (((Part *) g_ptr_array_index (m.parts, 0))->doc);
  merge_structure (&m, json_node_get_object (whole));
  if (!report_only)
    merge_counts (&m, json_node_get_object (whole), clock);
  merge_report (&m, json_node_get_object (whole));
  return whole;
}

/* Collective: rank 0 gets the document of trace t of the shares (its
 * processes, streams and load report only with report_only), the others
 * NULL; FALSE after one message when it cannot be made. Without
 * report_only, or with light, the share of trace t is replaced with an
 * empty trace of its path, name and timer resolution once packed. */
static gboolean
merged_document (JxMpiShares  *shares,
                 const char   *command,
                 guint         t,
                 gboolean      report_only,
                 gboolean      light,
                 const char   *path,
                 JsonNode    **whole)
{
  g_autoptr(JsonNode) own = NULL;
  g_autoptr(GByteArray) mine = pack_rank (shares, t, report_only, jx_mpi.rank == 0 ? &own : NULL);
  g_autoptr(GPtrArray) packets = NULL;
  g_autoptr(GError) error = NULL;
  JxTrace *share = g_ptr_array_index (shares->traces, t);

  /* Info needs no more of a share than its clock: its events go before
   * rank 0 takes the others' documents. */
  if ((!report_only || light) && share != NULL)
    {
      JxTraceBuilder *b = jx_trace_builder_new (jx_trace_get_path (share), jx_trace_get_name (share),
                                                jx_trace_get_timer_resolution (share));

      g_ptr_array_index (shares->traces, t) = jx_trace_builder_finish (b);
      g_object_unref (share);
    }
  packets = jx_mpi_gather (mine);

  *whole = NULL;
  if (jx_mpi.rank == 0)
    {
      JxMpiPlan *plan = g_ptr_array_index (shares->plans, t);

      /* Rank 0 always has a share: the first group goes to it. */
      *whole = merge (packets, own, report_only, path, plan->outline_a, g_ptr_array_index (shares->traces, t), &error);
      if (*whole == NULL)
        g_prefix_error (&error, "%s: ", path);
    }
  return jx_mpi_all_ok (command, error);
}

gboolean
jx_mpi_shares_matched_reports (JxMpiShares  *shares,
                               const char   *command,
                               gboolean      json,
                               char * const *paths,
                               gboolean      light,
                               GPtrArray   **reports)
{
  return jx_mpi_shares_matched_reports_full (shares, command, json, paths, light, reports, NULL);
}

gboolean
jx_mpi_shares_matched_reports_full (JxMpiShares  *shares,
                                    const char   *command,
                                    gboolean      json,
                                    char * const *paths,
                                    gboolean      light,
                                    GPtrArray   **reports,
                                    GPtrArray   **stream_flags)
{
  *reports = jx_mpi.rank == 0 ? g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref) : NULL;
  if (stream_flags != NULL)
    *stream_flags = jx_mpi.rank == 0 ? g_ptr_array_new_with_free_func ((GDestroyNotify) g_byte_array_unref) : NULL;
  for (guint t = 0; t < shares->traces->len; t++)
    {
      g_autoptr(JsonNode) whole = NULL;
      JsonNode *report;

      if (!merged_document (shares, command, t, TRUE, light, paths[t], &whole))
        {
          g_clear_pointer (reports, g_ptr_array_unref);
          if (stream_flags != NULL)
            g_clear_pointer (stream_flags, g_ptr_array_unref);
          return FALSE;
        }
      if (whole == NULL)
        continue;
      if (stream_flags != NULL)
        {
          JsonArray *streams = json_object_get_array_member (json_node_get_object (whole), "streams");
          GByteArray *flags = g_byte_array_sized_new (json_array_get_length (streams));

          for (guint s = 0; s < json_array_get_length (streams); s++)
            {
              guint8 f = (guint8) jx_cli_info_get_stream_flags (json_array_get_object_element (streams, s));

              g_byte_array_append (flags, &f, 1);
            }
          g_ptr_array_add (*stream_flags, flags);
        }
      report = json_object_dup_member (json_node_get_object (whole), "load_report");
      g_ptr_array_add (*reports, report);
      if (!json)
        jx_mpi_report_caveat (report, paths[t]);
    }
  return TRUE;
}

static int
compute_mpi (const JxCliInfoRequest *request,
             JxCliInfoResult        *result,
             gpointer                data)
{
  const char *command = request->command;
  char *paths[] = { (char *) request->path, NULL };
  g_auto(JxMpiShares) shares = { 0 };
  JxMpiStats stats = { 0 };
  guint64 budget = 0;
  double t0 = jx_mpi_now (), t;
  int status;

  (void) data;
  if ((status = jx_mpi_check_trace_options (command, request->traces, &budget)) != JX_CLI_EXIT_OK)
    return status;
  if (!jx_mpi_shares_load (&shares, command, paths, 1, budget, JX_MPI_SHARES_EXTERNAL | JX_MPI_SHARES_MISSING,
                           JX_MPI_RANK0_INFO, &stats))
    return JX_CLI_EXIT_INPUT;
  t = jx_mpi_now ();
  if (!merged_document (&shares, command, 0, FALSE, FALSE, request->path, &result->info))
    return JX_CLI_EXIT_INPUT;
  if (jx_mpi.rank == 0)
    {
      JsonNode *report = json_object_get_member (json_node_get_object (result->info), "load_report");

      result->clock = g_object_ref (g_ptr_array_index (shares.traces, 0));
      if (request->traces->strict)
        {
          /* The caveat line and --strict's message of juxtrace-cli, on the
           * whole trace's report (the messages between shares matched);
           * as juxtrace-cli info, the trace is printed all the same and
           * the exit status is 1. */
          g_autoptr(GPtrArray) reports = g_ptr_array_new ();

          g_ptr_array_add (reports, report);
          if (!jx_mpi_apply_load_checks (request->traces, reports, paths, NULL))
            result->status = JX_CLI_EXIT_INPUT;
        }
      else if (!request->traces->json)
        jx_mpi_report_caveat (report, request->path);
    }
  if (!jx_mpi_stats_finish (command, &stats, t, t0))
    result->quiet = TRUE;
  return JX_CLI_EXIT_OK;
}

int
jx_mpi_info (int    argc,
             char **argv)
{
  return jx_cli_info_with (argc, argv, compute_mpi, NULL);
}
