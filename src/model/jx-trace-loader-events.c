/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-loader-events.c — what each reader thread does: reads its
 * locations' local definitions (they carry the local -> global mapping
 * tables), then their events in chunks, checking for cancellation and
 * reporting progress between chunks.
 *
 * Per event, region refs go through a dense array and the builder's inline
 * writer appends to the stream: no allocation or hashing per event. A
 * stream's arrays are reserved from its OTF2 event count (half of it: an
 * invocation takes an enter and a leave; the builder grows them when
 * unclosed regions need more). That count is only a hint: it is capped by
 * the events the location's .evt file holds, so a wrong count in
 * traces.def cannot ask for more memory than the file justifies. The
 * arrays are trimmed by jx_trace_builder_end_stream () right after its
 * last event, while they are still in the cache.
 *
 * No more events are read from a location than its .evt file holds
 * (jx-trace-loader-extent.c): past the end of a file cut short, libotf2
 * 3.0.2 would deliver stale memory as events, without end.
 *
 * An unreadable local definition file and an event file that ends early
 * are reported as defects of their location; the other locations load
 * normally.
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "jx-otf2-events-private.h"
#include "jx-trace-loader-private.h"

/* Events read per ReadLocalEvents call: between two calls we check for
 * cancellation and report progress. */
#define CHUNK_EVENTS 65536

/* Reservation cap when the .evt file cannot be read here (another
 * substrate): 2^24 invocations, 480 MiB of address space at most. */
#define MAX_BLIND_RESERVATION (1u << 24)

static guint32
resolve_rank (ReaderThread *t,
              guint32       comm,
              guint32       rank)
{
  CommRanks *c;

  if (t->last_comm != NULL && t->last_comm_ref == comm)
    c = t->last_comm;
  else
    {
      c = g_hash_table_lookup (t->ld->comm_ranks, GUINT_TO_POINTER (comm));
      if (c == NULL)
        return JX_NONE;
      t->last_comm = c;
      t->last_comm_ref = comm;
    }
  if (c->self_comm)
    return t->stream;
  return rank < c->n ? c->streams[rank] : JX_NONE;
}

/* The location reference of a communicator's rank (after resolve_rank,
 * which cached the communicator). */
static guint64
resolve_ref (ReaderThread *t,
             guint32       rank)
{
  const CommRanks *c = t->last_comm;

  return c != NULL && c->refs != NULL && rank < c->n ? c->refs[rank] : G_MAXUINT64;
}

/* Event callbacks */

/* For a windowed load: SUCCESS to skip an event before the window,
 * INTERRUPT to stop at one after it, -1 for one inside. */
static inline int
window_skip (ReaderThread   *t,
             OTF2_TimeStamp  time)
{
  switch (_jx_window_phase (t, time, FALSE))
    {
    case WINDOW_BEFORE: return OTF2_CALLBACK_SUCCESS;
    case WINDOW_AFTER:  return OTF2_CALLBACK_INTERRUPT;
    case WINDOW_IN:
    default:            return -1;
    }
}

static inline OTF2_CallbackCode
count_event (void           *user_data,
             OTF2_TimeStamp  time,
             JxEventKind     kind)
{
  ReaderThread *t = user_data;

  if (G_UNLIKELY (t->windowed))
    {
      int skip = window_skip (t, time);

      if (skip >= 0)
        return skip;
    }
  _jx_stream_writer_count (t->b, t->w, time, kind);
  return OTF2_CALLBACK_SUCCESS;
}

#define X0(Name, KIND) \
  static OTF2_CallbackCode \
  count_##Name (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t position, \
                void *user_data, OTF2_AttributeList *attributes) \
  { \
    return count_event (user_data, time, KIND); \
  }
#define X(Name, KIND, ...) \
  static OTF2_CallbackCode \
  count_##Name (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t position, \
                void *user_data, OTF2_AttributeList *attributes, __VA_ARGS__) \
  { \
    return count_event (user_data, time, KIND); \
  }

/* Every event type libotf2 3.0.2 knows, except the ones handled below. */
_JX_OTF2_COUNTED_EVENTS

#undef X0
#undef X

static inline guint32
map_region (ReaderThread   *t,
            OTF2_RegionRef  ref)
{
  if (G_LIKELY (ref < t->n_region_map))
    return t->region_map[ref];
  if (ref >= _JX_DENSE_LIMIT)
    {
      gpointer v = g_hash_table_lookup (t->ld->region_sparse, GUINT_TO_POINTER (ref));

      if (v != NULL)
        return GPOINTER_TO_UINT (v) - 1;
    }
  return JX_NONE;
}

/* The per-event fast path: enter and leave differ only in the writer
 * function, which the constant argument selects at compile time. */
static G_ALWAYS_INLINE inline OTF2_CallbackCode
enter_or_leave (ReaderThread   *t,
                OTF2_TimeStamp  time,
                OTF2_RegionRef  region,
                gboolean        enter)
{
  guint32 r = map_region (t, region);

  if (G_UNLIKELY (t->windowed))
    switch (_jx_window_phase (t, time, !enter))
      {
      case WINDOW_BEFORE:
        if (enter)
          _jx_window_pre_enter (t, r, region);
        else
          _jx_window_pre_leave (t, r, region);
        return OTF2_CALLBACK_SUCCESS;
      case WINDOW_AFTER:
        return OTF2_CALLBACK_INTERRUPT;
      case WINDOW_IN:
      default:
        break;
      }

  if (G_LIKELY (r != JX_NONE))
    {
      if (enter)
        _jx_stream_writer_enter (t->b, t->w, time, r);
      else
        _jx_stream_writer_leave (t->b, t->w, time, r);
    }
  else if (enter)
    jx_trace_builder_enter_undefined (t->b, t->stream, time, region);
  else
    jx_trace_builder_leave_undefined (t->b, t->stream, time, region);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
on_enter (OTF2_LocationRef     location,
          OTF2_TimeStamp       time,
          uint64_t             position,
          void                *user_data,
          OTF2_AttributeList  *attributes,
          OTF2_RegionRef       region)
{
  return enter_or_leave (user_data, time, region, TRUE);
}

static OTF2_CallbackCode
on_leave (OTF2_LocationRef     location,
          OTF2_TimeStamp       time,
          uint64_t             position,
          void                *user_data,
          OTF2_AttributeList  *attributes,
          OTF2_RegionRef       region)
{
  return enter_or_leave (user_data, time, region, FALSE);
}

static OTF2_CallbackCode
on_send (OTF2_LocationRef     location,
         OTF2_TimeStamp       time,
         uint64_t             position,
         void                *user_data,
         OTF2_AttributeList  *attributes,
         uint32_t             receiver,
         OTF2_CommRef         communicator,
         uint32_t             tag,
         uint64_t             length)
{
  ReaderThread *t = user_data;
  guint32 peer = resolve_rank (t, communicator, receiver);

  if (G_UNLIKELY (t->windowed))
    switch (_jx_window_phase (t, time, FALSE))
      {
      case WINDOW_BEFORE:
        jx_trace_builder_skip_message (t->b, t->stream, TRUE, peer, communicator, tag);
        return OTF2_CALLBACK_SUCCESS;
      case WINDOW_AFTER:
        return OTF2_CALLBACK_INTERRUPT;
      case WINDOW_IN:
      default:
        break;
      }
  /* The peer is not loaded: the event counts, the message is not kept. */
  if (G_UNLIKELY (peer == _JX_UNSELECTED))
    {
      t->n_unselected++;
      if (t->ld->keep_external)
        jx_trace_builder_external_message (t->b, t->stream, time, TRUE, resolve_ref (t, receiver),
                                           communicator, tag, length);
      else
        jx_trace_builder_count_event (t->b, t->stream, time, JX_EVENT_MPI_SEND);
      return OTF2_CALLBACK_SUCCESS;
    }
  jx_trace_builder_send (t->b, t->stream, time, peer, communicator, tag, length);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
on_isend (OTF2_LocationRef     location,
          OTF2_TimeStamp       time,
          uint64_t             position,
          void                *user_data,
          OTF2_AttributeList  *attributes,
          uint32_t             receiver,
          OTF2_CommRef         communicator,
          uint32_t             tag,
          uint64_t             length,
          uint64_t             request)
{
  return on_send (location, time, position, user_data, attributes, receiver, communicator, tag, length);
}

static OTF2_CallbackCode
on_recv (OTF2_LocationRef     location,
         OTF2_TimeStamp       time,
         uint64_t             position,
         void                *user_data,
         OTF2_AttributeList  *attributes,
         uint32_t             sender,
         OTF2_CommRef         communicator,
         uint32_t             tag,
         uint64_t             length)
{
  ReaderThread *t = user_data;
  guint32 peer = resolve_rank (t, communicator, sender);

  if (G_UNLIKELY (t->windowed))
    switch (_jx_window_phase (t, time, FALSE))
      {
      case WINDOW_BEFORE:
        jx_trace_builder_skip_message (t->b, t->stream, FALSE, peer, communicator, tag);
        return OTF2_CALLBACK_SUCCESS;
      case WINDOW_AFTER:
        return OTF2_CALLBACK_INTERRUPT;
      case WINDOW_IN:
      default:
        break;
      }
  if (G_UNLIKELY (peer == _JX_UNSELECTED))
    {
      t->n_unselected++;
      if (t->ld->keep_external)
        jx_trace_builder_external_message (t->b, t->stream, time, FALSE, resolve_ref (t, sender),
                                           communicator, tag, length);
      else
        jx_trace_builder_count_event (t->b, t->stream, time, JX_EVENT_MPI_RECV);
      return OTF2_CALLBACK_SUCCESS;
    }
  jx_trace_builder_recv (t->b, t->stream, time, peer, communicator, tag, length);
  return OTF2_CALLBACK_SUCCESS;
}

/* OTF2 records an Irecv when the receive completes, like a blocking one. */
static OTF2_CallbackCode
on_irecv (OTF2_LocationRef     location,
          OTF2_TimeStamp       time,
          uint64_t             position,
          void                *user_data,
          OTF2_AttributeList  *attributes,
          uint32_t             sender,
          OTF2_CommRef         communicator,
          uint32_t             tag,
          uint64_t             length,
          uint64_t             request)
{
  return on_recv (location, time, position, user_data, attributes, sender, communicator, tag, length);
}

static OTF2_CallbackCode
on_collective_begin (OTF2_LocationRef     location,
                     OTF2_TimeStamp       time,
                     uint64_t             position,
                     void                *user_data,
                     OTF2_AttributeList  *attributes)
{
  ReaderThread *t = user_data;

  if (G_UNLIKELY (t->windowed))
    switch (_jx_window_phase (t, time, FALSE))
      {
      case WINDOW_BEFORE:
        t->pre_collective = TRUE;
        return OTF2_CALLBACK_SUCCESS;
      case WINDOW_AFTER:
        return OTF2_CALLBACK_INTERRUPT;
      case WINDOW_IN:
      default:
        break;
      }
  jx_trace_builder_collective_begin (t->b, t->stream, time);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
on_collective_end (OTF2_LocationRef     location,
                   OTF2_TimeStamp       time,
                   uint64_t             position,
                   void                *user_data,
                   OTF2_AttributeList  *attributes,
                   OTF2_CollectiveOp    operation,
                   OTF2_CommRef         communicator,
                   uint32_t             root,
                   uint64_t             sent,
                   uint64_t             received)
{
  ReaderThread *t = user_data;

  if (G_UNLIKELY (t->windowed))
    switch (_jx_window_phase (t, time, FALSE))
      {
      case WINDOW_BEFORE:
        t->pre_collective = FALSE;
        return OTF2_CALLBACK_SUCCESS;
      case WINDOW_AFTER:
        return OTF2_CALLBACK_INTERRUPT;
      case WINDOW_IN:
      default:
        break;
      }
  jx_trace_builder_collective_end (t->b, t->stream, time, operation, communicator,
                                   root == OTF2_UNDEFINED_UINT32 ? JX_NONE : root,
                                   sent, received);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_EvtReaderCallbacks *
create_event_callbacks (void)
{
  OTF2_EvtReaderCallbacks *cbs = OTF2_EvtReaderCallbacks_New ();

#define X0(Name, KIND) OTF2_EvtReaderCallbacks_Set##Name##Callback (cbs, count_##Name);
#define X(Name, KIND, ...) OTF2_EvtReaderCallbacks_Set##Name##Callback (cbs, count_##Name);
  _JX_OTF2_COUNTED_EVENTS
#undef X0
#undef X

  OTF2_EvtReaderCallbacks_SetEnterCallback (cbs, on_enter);
  OTF2_EvtReaderCallbacks_SetLeaveCallback (cbs, on_leave);
  OTF2_EvtReaderCallbacks_SetMpiSendCallback (cbs, on_send);
  OTF2_EvtReaderCallbacks_SetMpiIsendCallback (cbs, on_isend);
  OTF2_EvtReaderCallbacks_SetMpiRecvCallback (cbs, on_recv);
  OTF2_EvtReaderCallbacks_SetMpiIrecvCallback (cbs, on_irecv);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveBeginCallback (cbs, on_collective_begin);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveEndCallback (cbs, on_collective_end);
  OTF2_EvtReaderCallbacks_SetMetricCallback (cbs, _jx_loader_on_metric);
  return cbs;
}

static void
add_progress (Loader  *ld,
              guint64  amount)
{
  int percent;

  g_mutex_lock (&ld->progress_lock);
  ld->progress_done += amount;
  percent = ld->progress_total > 0
            ? (int) MIN (100, ld->progress_done * 100 / ld->progress_total)
            : 0;
  /* Reported under the lock so that fractions arrive in increasing order. */
  if (percent > ld->progress_percent && ld->progress != NULL)
    {
      ld->progress_percent = percent;
      ld->progress (percent / 100.0, ld->progress_data);
    }
  g_mutex_unlock (&ld->progress_lock);
}

gboolean
_jx_loader_should_stop (Loader *ld)
{
  if (g_atomic_int_get (&ld->stop))
    return TRUE;
  if (g_cancellable_is_cancelled (ld->cancellable))
    {
      g_atomic_int_set (&ld->stop, 1);
      return TRUE;
    }
  return FALSE;
}

/* Reading, per thread */

static const RawLocation *
thread_location (ReaderThread *t,
                 guint         i)
{
  return &g_array_index (t->ld->locations, RawLocation, g_array_index (t->locations, guint, i));
}

/* Without its local definitions a location's local refs (communicators,
 * regions, ...) are not mapped to global ones, so its messages look
 * unmatched; the report must name the actual cause. An archive without any
 * local definition files is valid OTF2 (its writer had nothing to map), so
 * an absent file is only reported when other locations have theirs. */
static void
report_local_definitions (ReaderThread      *t,
                          const RawLocation *l,
                          const char        *archive_dir,
                          OTF2_ErrorCode     status)
{
  g_autofree char *path = _jx_loader_location_file (archive_dir, l->ref, ".def");

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      guint i;
      gboolean others = FALSE;

      for (i = 0; i < t->ld->locations->len && !others; i++)
        {
          const RawLocation *o = &g_array_index (t->ld->locations, RawLocation, i);
          g_autofree char *other = _jx_loader_location_file (archive_dir, o->ref, ".def");

          others = o->ref != l->ref && g_file_test (other, G_FILE_TEST_EXISTS);
        }
      if (!others)
        return;
      jx_trace_builder_report (t->b, JX_DEFECT_LOCAL_DEFINITIONS, l->stream, 0,
                               _("Local definitions of location %" PRIu64
                                 " (“%s”): “%s” is missing while other locations have theirs; its references to global definitions may be wrong"),
                               l->ref, _jx_loader_lookup_string (t->ld, l->name), path);
      return;
    }
  jx_trace_builder_report (t->b, JX_DEFECT_LOCAL_DEFINITIONS, l->stream, 0,
                           _("Local definitions of location %" PRIu64
                             " (“%s”) in “%s” could not be read: %s (%s); its references to global definitions may be wrong"),
                           l->ref, _jx_loader_lookup_string (t->ld, l->name), path,
                           _jx_loader_otf2_problem (status), OTF2_Error_GetName (status));
}

/* libotf2 3.0.2 puts a new local reader, with its chunk-sized buffer, in the
 * archive's list of open readers before it opens the file; when that fails
 * it returns NULL and the reader stays listed until the archive is closed.
 * One per location with a missing or broken file let 8 KB of input hold
 * 570 MB (found by fuzzing). Asking again for the same location returns
 * the listed reader, which can then be closed. Event readers are the same. */
static void
drop_failed_def_reader (OTF2_Reader *reader,
                        guint64      ref)
{
  OTF2_DefReader *stale = OTF2_Reader_GetDefReader (reader, ref);

  if (stale != NULL)
    OTF2_Reader_CloseDefReader (reader, stale);
}

static void
drop_failed_evt_reader (OTF2_Reader *reader,
                        guint64      ref)
{
  OTF2_EvtReader *stale = OTF2_Reader_GetEvtReader (reader, ref);

  if (stale != NULL)
    OTF2_Reader_CloseEvtReader (reader, stale);
}

/* The first reader is opened by jx_trace_load (); the other one here. When
 * it cannot be opened, the thread's locations are all missing. */
static gboolean
open_thread_reader (ReaderThread *t)
{
  guint i;

  if (t->reader != NULL)
    return TRUE;

  t->reader = _jx_loader_open_reader (t->ld->anchor, &t->error);
  t->own_reader = TRUE;
  if (t->reader != NULL)
    return TRUE;

  for (i = 0; i < t->locations->len; i++)
    jx_trace_builder_mark_missing (t->b, thread_location (t, i)->stream, t->error);
  return FALSE;
}

/* FALSE (after reporting every location) when the local definition files
 * cannot be opened at all. */
static gboolean
open_local_definitions (ReaderThread *t,
                        const char   *archive_dir)
{
  OTF2_ErrorCode status;
  guint i;

  _jx_loader_forget_otf2_error ();
  status = OTF2_Reader_OpenDefFiles (t->reader);
  if (status == OTF2_SUCCESS)
    return TRUE;

  for (i = 0; i < t->locations->len; i++)
    report_local_definitions (t, thread_location (t, i), archive_dir, status);
  return FALSE;
}

/* Local definitions carry the mapping tables from local to global refs;
 * they must be read before the events of a location (each def reader is
 * closed before the next one is opened). */
static void
read_local_definitions (ReaderThread *t,
                        const char   *archive_dir)
{
  guint i;

  for (i = 0; i < t->locations->len; i++)
    {
      const RawLocation *l = thread_location (t, i);
      OTF2_DefReader *def_reader;
      uint64_t n_defs = 0;
      OTF2_ErrorCode status;

      _jx_loader_forget_otf2_error ();
      def_reader = OTF2_Reader_GetDefReader (t->reader, l->ref);
      /* libotf2 gives no reader for a file it cannot open or parse. */
      if (def_reader == NULL)
        {
          report_local_definitions (t, l, archive_dir, OTF2_ERROR_INVALID_DATA);
          drop_failed_def_reader (t->reader, l->ref);
          continue;
        }

      _jx_loader_forget_otf2_error ();
      status = OTF2_Reader_ReadAllLocalDefinitions (t->reader, def_reader, &n_defs);
      if (status != OTF2_SUCCESS)
        report_local_definitions (t, l, archive_dir, status);
      OTF2_Reader_CloseDefReader (t->reader, def_reader);
    }
  OTF2_Reader_CloseDefFiles (t->reader);
}

/* Model bytes of the stream being read: its invocations and pending
 * messages and collectives (jx-trace-builder-messages.c records). */
static guint64
stream_bytes (const JxStreamWriter *w)
{
  return (guint64) w->s.n_invocations * _JX_BYTES_PER_INVOCATION
         + (w->s.event_counts[JX_EVENT_MPI_SEND] + w->s.event_counts[JX_EVENT_MPI_RECV]) * 32
         + w->s.event_counts[JX_EVENT_MPI_COLLECTIVE] * 24;
}

/* The memory guard: FALSE (and the load stops) when what all readers
 * have read outgrows the budget. done: the stream is complete. */
static gboolean
charge_memory (ReaderThread *t,
               gboolean      done)
{
  Loader *ld = t->ld;
  gboolean ok;

  if (ld->budget == JX_MEMORY_UNLIMITED)
    return TRUE;
  g_mutex_lock (&ld->progress_lock);
  ld->in_progress[t->slot] = stream_bytes (t->w);
  if (done)
    {
      ld->committed += ld->in_progress[t->slot];
      ld->in_progress[t->slot] = 0;
    }
  ok = ld->committed + ld->in_progress[0] + ld->in_progress[1] <= ld->budget;
  if (!ok && !ld->over_budget)
    {
      ld->over_budget = TRUE;
      g_atomic_int_set (&ld->stop, 1);
    }
  g_mutex_unlock (&ld->progress_lock);
  return ok;
}

/* Events read before the file ended or failed stay: a file that ends early
 * is not the same as one that cannot be read. The reason names the event
 * file, so that the load report says which file to look at. */
static void
report_cut (ReaderThread      *t,
            const RawLocation *l,
            const char        *path,
            const char        *reason)
{
  g_autofree char *where = g_strdup_printf ("%s: %s", path, reason);

  if (t->w->s.n_events > 0)
    jx_trace_builder_mark_truncated (t->b, l->stream, where);
  else
    jx_trace_builder_mark_missing (t->b, l->stream, where);
}

/* Reads the location's events in chunks into its stream, never more than
 * its .evt file holds, and ends the stream. */
static void
read_location_events (ReaderThread            *t,
                      const RawLocation       *l,
                      OTF2_EvtReaderCallbacks *cbs,
                      const char              *archive_dir)
{
  Loader *ld = t->ld;
  OTF2_EvtReader *evt;
  g_autofree char *path = _jx_loader_location_file (archive_dir, l->ref, ".evt");
  EvtExtent extent;
  gboolean failed = FALSE;
  guint64 read_here = 0;
  guint64 limit;
  guint64 hint;

  /* When the file cannot be opened here, libotf2 cannot open it either
   * and says why below. */
  if (t->evt_chunk_size > 0 && _jx_loader_evt_extent (path, t->evt_chunk_size, &extent))
    limit = extent.limit;
  else
    {
      limit = G_MAXUINT64;
      extent.complete = TRUE;
    }

  /* One event reader at a time: libotf2 gives each a buffer of the
   * anchor's chunk size (up to 16 MiB) however small its file is, so
   * opening them all at once let a few kilobytes of definitions with
   * many locations ask for gigabytes (found by fuzzing). */
  evt = OTF2_Reader_GetEvtReader (t->reader, l->ref);
  if (evt == NULL)
    {
      g_autofree char *where = g_strdup_printf ("%s: %s", path, _jx_loader_otf2_problem (OTF2_ERROR_INVALID));

      drop_failed_evt_reader (t->reader, l->ref);
      jx_trace_builder_mark_missing (t->b, l->stream, where);
      add_progress (ld, ld->progress_per_location ? 1 : l->n_events);
      return;
    }

  t->stream = l->stream;
  t->w = _jx_trace_builder_get_writer (t->b, l->stream);
  hint = MIN (l->n_events, limit != G_MAXUINT64 ? extent.n_events : (guint64) MAX_BLIND_RESERVATION * 2);
  /* A window holds about its share of the events (the arrays grow when
   * it holds more). */
  if (t->windowed)
    {
      hint = (guint64) ((double) hint * ld->window_share);
      _jx_window_start_location (t);
    }
  if (hint > 0)
    jx_trace_builder_reserve (t->b, l->stream, (guint32) MIN (hint / 2 + 1, G_MAXUINT32 - 1));
  OTF2_EvtReader_SetCallbacks (evt, cbs, t);

  while (read_here < limit && !_jx_loader_should_stop (ld))
    {
      uint64_t want = MIN (CHUNK_EVENTS, limit - read_here);
      uint64_t n_read = 0;
      OTF2_ErrorCode status;

      _jx_loader_forget_otf2_error ();
      status = OTF2_Reader_ReadLocalEvents (t->reader, evt, want, &n_read);
      read_here += n_read;
      if (!ld->progress_per_location)
        add_progress (ld, MIN (n_read, l->n_events - MIN (l->n_events, read_here - n_read)));
      /* The window's end: the callback stopped the reader. */
      if (t->past_end)
        break;
      if (!charge_memory (t, FALSE))
        break;
      if (status != OTF2_SUCCESS)
        {
          g_autofree char *reason = g_strdup_printf ("%s (%s)", _jx_loader_otf2_problem (status),
                                                     OTF2_Error_GetName (status));

          report_cut (t, l, path, reason);
          failed = TRUE;
          break;
        }
      if (n_read < want)
        break;
    }
  /* A file cut after the window's end lost nothing the load wanted. */
  if (!extent.complete && !failed && !t->past_end && !_jx_loader_should_stop (ld))
    {
      g_autofree char *reason = _jx_loader_evt_extent_problem (&extent);

      report_cut (t, l, path, reason);
    }

  if (ld->progress_per_location)
    add_progress (ld, 1);
  else if (read_here < l->n_events)
    add_progress (ld, l->n_events - read_here);

  OTF2_Reader_CloseEvtReader (t->reader, evt);
  if (t->windowed)
    _jx_window_end_location (t);
  jx_trace_builder_end_stream (t->b, l->stream);
  charge_memory (t, TRUE);
}

/* Reads the events of this thread's locations through its own OTF2_Reader:
 * libotf2 readers share no state, so two of them can run in parallel. */
gpointer
_jx_reader_thread_run (gpointer data)
{
  ReaderThread *t = data;
  g_autofree char *archive_dir = NULL;
  OTF2_EvtReaderCallbacks *cbs;
  uint64_t def_chunk_size;
  gboolean defs_open;
  guint i;

  if (t->locations->len == 0 || !open_thread_reader (t))
    return NULL;
  if (OTF2_Reader_GetChunkSize (t->reader, &t->evt_chunk_size, &def_chunk_size) != OTF2_SUCCESS)
    t->evt_chunk_size = 0;

  for (i = 0; i < t->locations->len; i++)
    OTF2_Reader_SelectLocation (t->reader, thread_location (t, i)->ref);

  archive_dir = _jx_loader_archive_directory (t->ld->anchor);
  defs_open = open_local_definitions (t, archive_dir);
  OTF2_Reader_OpenEvtFiles (t->reader);
  if (defs_open)
    read_local_definitions (t, archive_dir);

  cbs = create_event_callbacks ();
  for (i = 0; i < t->locations->len && !_jx_loader_should_stop (t->ld); i++)
    read_location_events (t, thread_location (t, i), cbs, archive_dir);
  OTF2_EvtReaderCallbacks_Delete (cbs);
  OTF2_Reader_CloseEvtFiles (t->reader);
  return NULL;
}
