/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-raw-trace.c — reads a whole archive with libotf2's reader into counts,
 * stacks and messages that the generator's tests check. */
#include "config.h"

#include <otf2/otf2.h>

#include "jx-raw-trace.h"

JxRawLoc *
jx_raw_trace_get_loc (JxRawTrace *t,
                      guint64     id)
{
  gpointer v = g_hash_table_lookup (t->loc_index, &id);

  g_assert_nonnull (v);
  return &g_array_index (t->locs, JxRawLoc, GPOINTER_TO_UINT (v) - 1);
}

static const char *
raw_string (JxRawTrace *t,
            guint32     ref)
{
  const char *s = g_hash_table_lookup (t->strings, GUINT_TO_POINTER (ref));

  return s != NULL ? s : "";
}

void
jx_raw_trace_free (JxRawTrace *t)
{
  guint i;

  for (i = 0; i < t->locs->len; i++)
    {
      JxRawLoc *l = &g_array_index (t->locs, JxRawLoc, i);

      g_free (l->name);
      g_array_unref (l->stack_region);
      g_array_unref (l->stack_time);
      g_array_unref (l->enters);
    }
  for (i = 0; i < t->regions->len; i++)
    g_free (g_array_index (t->regions, JxRawRegion, i).name);
  g_array_unref (t->locs);
  g_array_unref (t->regions);
  g_hash_table_unref (t->strings);
  g_hash_table_unref (t->loc_index);
  g_ptr_array_unref (t->node_names);
  g_hash_table_unref (t->region_enters);
  g_hash_table_unref (t->region_time);
  g_array_unref (t->sends);
  g_array_unref (t->recvs);
  g_ptr_array_unref (t->marker_texts);
  g_free (t);
}

/* Definitions. */

static OTF2_CallbackCode
def_clock (void *data, uint64_t resolution, uint64_t offset, uint64_t length, uint64_t realtime)
{
  ((JxRawTrace *) data)->timer_resolution = resolution;
  ((JxRawTrace *) data)->global_offset = offset;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_string (void *data, OTF2_StringRef self, const char *string)
{
  g_hash_table_insert (((JxRawTrace *) data)->strings, GUINT_TO_POINTER (self), g_strdup (string));
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_region (void *data, OTF2_RegionRef self, OTF2_StringRef name, OTF2_StringRef canonical,
            OTF2_StringRef description, OTF2_RegionRole role, OTF2_Paradigm paradigm,
            OTF2_RegionFlag flags, OTF2_StringRef file, uint32_t begin, uint32_t end)
{
  JxRawTrace *t = data;
  JxRawRegion r = { g_strdup (raw_string (t, name)), role, paradigm };

  /* The generator defines regions densely and in order. */
  g_assert_cmpuint (self, ==, t->regions->len);
  g_array_append_val (t->regions, r);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_node (void *data, OTF2_SystemTreeNodeRef self, OTF2_StringRef name, OTF2_StringRef class_name,
          OTF2_SystemTreeNodeRef parent)
{
  JxRawTrace *t = data;

  g_ptr_array_add (t->node_names, g_strdup (raw_string (t, name)));
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_group (void *data, OTF2_LocationGroupRef self, OTF2_StringRef name, OTF2_LocationGroupType type,
           OTF2_SystemTreeNodeRef parent, OTF2_LocationGroupRef creator)
{
  JxRawTrace *t = data;
  g_autofree char *expected = g_strdup_printf ("MPI Rank %u", self);

  g_assert_cmpstr (raw_string (t, name), ==, expected);
  g_assert_cmpint (type, ==, OTF2_LOCATION_GROUP_TYPE_PROCESS);
  t->n_groups++;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_location (void *data, OTF2_LocationRef self, OTF2_StringRef name, OTF2_LocationType type,
              uint64_t n_events, OTF2_LocationGroupRef group)
{
  JxRawTrace *t = data;
  JxRawLoc l = { 0 };
  guint64 *key = g_new (guint64, 1);

  l.id = self;
  l.name = g_strdup (raw_string (t, name));
  l.type = type;
  l.group = group;
  l.n_events_defined = n_events;
  l.stack_region = g_array_new (FALSE, FALSE, sizeof (guint32));
  l.stack_time = g_array_new (FALSE, FALSE, sizeof (guint64));
  l.enters = g_array_new (FALSE, FALSE, sizeof (JxRawEnter));
  g_array_append_val (t->locs, l);
  *key = self;
  g_hash_table_insert (t->loc_index, key, GUINT_TO_POINTER (t->locs->len));
  return OTF2_CALLBACK_SUCCESS;
}

/* Events. */

static void
ev_time (JxRawLoc *l,
         guint64   time)
{
  if (l->n_events > 0 && time < l->last_time)
    l->n_backwards++;
  else if (l->n_events > 0 && time == l->last_time)
    l->n_equal++;
  l->n_events++;
  l->last_time = time;
}

static OTF2_CallbackCode
ev_enter (OTF2_LocationRef loc, OTF2_TimeStamp time, uint64_t pos, void *data,
          OTF2_AttributeList *attributes, OTF2_RegionRef region)
{
  JxRawTrace *t = data;
  JxRawLoc *l = jx_raw_trace_get_loc (t, loc);
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (t->region_enters, GUINT_TO_POINTER (region)));
  JxRawEnter enter = { region, time };

  ev_time (l, time);
  t->n_enter++;
  if (region >= t->regions->len)
    l->n_undefined++;
  g_hash_table_insert (t->region_enters, GUINT_TO_POINTER (region), GUINT_TO_POINTER (count + 1));
  g_array_append_val (l->stack_region, region);
  g_array_append_val (l->stack_time, time);
  g_array_append_val (l->enters, enter);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
ev_leave (OTF2_LocationRef loc, OTF2_TimeStamp time, uint64_t pos, void *data,
          OTF2_AttributeList *attributes, OTF2_RegionRef region)
{
  JxRawTrace *t = data;
  JxRawLoc *l = jx_raw_trace_get_loc (t, loc);
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (t->loc_index, &loc)) - 1;
  guint32 open;
  guint64 start, key;
  double *sum;

  ev_time (l, time);
  t->n_leave++;
  if (region >= t->regions->len)
    l->n_undefined++;
  if (l->stack_region->len == 0)
    {
      l->n_unmatched++;
      return OTF2_CALLBACK_SUCCESS;
    }
  open = g_array_index (l->stack_region, guint32, l->stack_region->len - 1);
  start = g_array_index (l->stack_time, guint64, l->stack_time->len - 1);
  g_array_set_size (l->stack_region, l->stack_region->len - 1);
  g_array_set_size (l->stack_time, l->stack_time->len - 1);
  if (open != region)
    l->n_mismatched++;

  key = ((guint64) index << 32) | open;
  sum = g_hash_table_lookup (t->region_time, &key);
  if (sum == NULL)
    {
      guint64 *k = g_new (guint64, 1);

      *k = key;
      sum = g_new0 (double, 1);
      g_hash_table_insert (t->region_time, k, sum);
    }
  *sum += (double) (time - start);
  return OTF2_CALLBACK_SUCCESS;
}

/* An event that is only counted, in @kind. */
static OTF2_CallbackCode
count_event (JxRawTrace       *t,
             OTF2_LocationRef  loc,
             OTF2_TimeStamp    time,
             guint64          *kind)
{
  ev_time (jx_raw_trace_get_loc (t, loc), time);
  (*kind)++;
  return OTF2_CALLBACK_SUCCESS;
}

/* A send (@to_peer) or receive of a message with @peer, counted in @kind. */
static OTF2_CallbackCode
add_message (JxRawTrace       *t,
             OTF2_LocationRef  loc,
             OTF2_TimeStamp    time,
             guint64          *kind,
             gboolean          to_peer,
             guint32           peer,
             guint32           tag,
             guint64           size)
{
  JxRawLoc *l = jx_raw_trace_get_loc (t, loc);
  JxRawMessage m = { to_peer ? l->group : peer, to_peer ? peer : l->group, tag, size, time };

  ev_time (l, time);
  (*kind)++;
  g_array_append_val (to_peer ? t->sends : t->recvs, m);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
ev_send (OTF2_LocationRef loc, OTF2_TimeStamp time, uint64_t pos, void *data,
         OTF2_AttributeList *attributes, uint32_t receiver, OTF2_CommRef comm, uint32_t tag, uint64_t length)
{
  return add_message (data, loc, time, &((JxRawTrace *) data)->n_send, TRUE, receiver, tag, length);
}

static OTF2_CallbackCode
ev_recv (OTF2_LocationRef loc, OTF2_TimeStamp time, uint64_t pos, void *data,
         OTF2_AttributeList *attributes, uint32_t sender, OTF2_CommRef comm, uint32_t tag, uint64_t length)
{
  return add_message (data, loc, time, &((JxRawTrace *) data)->n_recv, FALSE, sender, tag, length);
}

static OTF2_CallbackCode
ev_isend (OTF2_LocationRef loc, OTF2_TimeStamp time, uint64_t pos, void *data,
          OTF2_AttributeList *attributes, uint32_t receiver, OTF2_CommRef comm, uint32_t tag,
          uint64_t length, uint64_t request)
{
  return add_message (data, loc, time, &((JxRawTrace *) data)->n_isend, TRUE, receiver, tag, length);
}

static OTF2_CallbackCode
ev_irecv (OTF2_LocationRef loc, OTF2_TimeStamp time, uint64_t pos, void *data,
          OTF2_AttributeList *attributes, uint32_t sender, OTF2_CommRef comm, uint32_t tag,
          uint64_t length, uint64_t request)
{
  return add_message (data, loc, time, &((JxRawTrace *) data)->n_irecv, FALSE, sender, tag, length);
}

static OTF2_CallbackCode
ev_isend_complete (OTF2_LocationRef loc, OTF2_TimeStamp time, uint64_t pos, void *data,
                   OTF2_AttributeList *attributes, uint64_t request)
{
  return count_event (data, loc, time, &((JxRawTrace *) data)->n_isend_complete);
}

static OTF2_CallbackCode
ev_irecv_request (OTF2_LocationRef loc, OTF2_TimeStamp time, uint64_t pos, void *data,
                  OTF2_AttributeList *attributes, uint64_t request)
{
  return count_event (data, loc, time, &((JxRawTrace *) data)->n_irecv_request);
}

static OTF2_CallbackCode
ev_coll_begin (OTF2_LocationRef loc, OTF2_TimeStamp time, uint64_t pos, void *data,
               OTF2_AttributeList *attributes)
{
  JxRawTrace *t = data;
  JxRawLoc *l = jx_raw_trace_get_loc (t, loc);

  ev_time (l, time);
  t->n_coll_begin++;
  l->n_coll_open++;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
ev_coll_end (OTF2_LocationRef loc, OTF2_TimeStamp time, uint64_t pos, void *data,
             OTF2_AttributeList *attributes, OTF2_CollectiveOp op, OTF2_CommRef comm,
             uint32_t root, uint64_t sent, uint64_t received)
{
  JxRawTrace *t = data;
  JxRawLoc *l = jx_raw_trace_get_loc (t, loc);

  ev_time (l, time);
  t->n_coll_end++;
  g_assert_cmpuint (l->n_coll_open, ==, 1);
  l->n_coll_open--;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
ev_unknown (OTF2_LocationRef loc, OTF2_TimeStamp time, uint64_t pos, void *data,
            OTF2_AttributeList *attributes)
{
  return count_event (data, loc, time, &((JxRawTrace *) data)->n_other);
}

/* Markers. */

static OTF2_CallbackCode
mk_def (void *data, OTF2_MarkerRef self, const char *group, const char *category,
        OTF2_MarkerSeverity severity)
{
  ((JxRawTrace *) data)->n_marker_defs++;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
mk_marker (void *data, OTF2_TimeStamp time, OTF2_TimeStamp duration, OTF2_MarkerRef marker,
           OTF2_MarkerScope scope, uint64_t scope_ref, const char *text)
{
  JxRawTrace *t = data;

  t->n_markers++;
  g_ptr_array_add (t->marker_texts, g_strdup (text));
  if (scope == OTF2_MARKER_SCOPE_LOCATION_GROUP)
    t->n_marker_imbalance++;
  return OTF2_CALLBACK_SUCCESS;
}

/* The local definitions of @l first: they carry the clock offsets that the
 * reader applies to its events. */
static void
read_location (OTF2_Reader             *reader,
               JxRawTrace              *t,
               JxRawLoc                *l,
               OTF2_EvtReaderCallbacks *ecb)
{
  OTF2_DefReader *dr = OTF2_Reader_GetDefReader (reader, l->id);
  OTF2_EvtReader *er;
  guint64 n = 0;

  g_assert_nonnull (dr);
  g_assert_cmpint (OTF2_Reader_ReadAllLocalDefinitions (reader, dr, &n), ==, OTF2_SUCCESS);
  OTF2_Reader_CloseDefReader (reader, dr);

  er = OTF2_Reader_GetEvtReader (reader, l->id);
  g_assert_nonnull (er);
  OTF2_Reader_RegisterEvtCallbacks (reader, er, ecb, t);
  g_assert_cmpint (OTF2_Reader_ReadAllLocalEvents (reader, er, &n), ==, OTF2_SUCCESS);
  g_assert_cmpuint (n, ==, l->n_events);
  OTF2_Reader_CloseEvtReader (reader, er);
}

JxRawTrace *
jx_raw_trace_read (const char *directory)
{
  g_autofree char *anchor = g_build_filename (directory, "traces.otf2", NULL);
  g_autofree char *marker_path = g_build_filename (directory, "traces.marker", NULL);
  JxRawTrace *t = g_new0 (JxRawTrace, 1);
  OTF2_Reader *reader;
  OTF2_GlobalDefReader *gdr;
  OTF2_GlobalDefReaderCallbacks *gcb;
  OTF2_EvtReaderCallbacks *ecb;
  OTF2_MarkerReaderCallbacks *mcb;
  OTF2_MarkerReader *mr;
  guint64 n = 0;
  guint i;

  t->strings = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  t->regions = g_array_new (FALSE, FALSE, sizeof (JxRawRegion));
  t->locs = g_array_new (FALSE, FALSE, sizeof (JxRawLoc));
  t->loc_index = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  t->node_names = g_ptr_array_new_with_free_func (g_free);
  t->region_enters = g_hash_table_new (NULL, NULL);
  t->region_time = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  t->sends = g_array_new (FALSE, FALSE, sizeof (JxRawMessage));
  t->recvs = g_array_new (FALSE, FALSE, sizeof (JxRawMessage));
  t->marker_texts = g_ptr_array_new_with_free_func (g_free);

  reader = OTF2_Reader_Open (anchor);
  g_assert_nonnull (reader);
  g_assert_cmpint (OTF2_Reader_SetSerialCollectiveCallbacks (reader), ==, OTF2_SUCCESS);

  gdr = OTF2_Reader_GetGlobalDefReader (reader);
  g_assert_nonnull (gdr);
  gcb = OTF2_GlobalDefReaderCallbacks_New ();
  OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback (gcb, def_clock);
  OTF2_GlobalDefReaderCallbacks_SetStringCallback (gcb, def_string);
  OTF2_GlobalDefReaderCallbacks_SetRegionCallback (gcb, def_region);
  OTF2_GlobalDefReaderCallbacks_SetSystemTreeNodeCallback (gcb, def_node);
  OTF2_GlobalDefReaderCallbacks_SetLocationGroupCallback (gcb, def_group);
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback (gcb, def_location);
  OTF2_Reader_RegisterGlobalDefCallbacks (reader, gdr, gcb, t);
  g_assert_cmpint (OTF2_Reader_ReadAllGlobalDefinitions (reader, gdr, &n), ==, OTF2_SUCCESS);
  OTF2_GlobalDefReaderCallbacks_Delete (gcb);
  OTF2_Reader_CloseGlobalDefReader (reader, gdr);

  for (i = 0; i < t->locs->len; i++)
    {
      JxRawLoc *l = &g_array_index (t->locs, JxRawLoc, i);
      g_autofree char *name = g_strdup_printf ("%" G_GUINT64_FORMAT ".evt", l->id);
      g_autofree char *path = g_build_filename (directory, "traces", name, NULL);

      l->missing = !g_file_test (path, G_FILE_TEST_EXISTS);
      if (!l->missing)
        OTF2_Reader_SelectLocation (reader, l->id);
    }

  ecb = OTF2_EvtReaderCallbacks_New ();
  OTF2_EvtReaderCallbacks_SetEnterCallback (ecb, ev_enter);
  OTF2_EvtReaderCallbacks_SetLeaveCallback (ecb, ev_leave);
  OTF2_EvtReaderCallbacks_SetMpiSendCallback (ecb, ev_send);
  OTF2_EvtReaderCallbacks_SetMpiIsendCallback (ecb, ev_isend);
  OTF2_EvtReaderCallbacks_SetMpiIsendCompleteCallback (ecb, ev_isend_complete);
  OTF2_EvtReaderCallbacks_SetMpiIrecvRequestCallback (ecb, ev_irecv_request);
  OTF2_EvtReaderCallbacks_SetMpiRecvCallback (ecb, ev_recv);
  OTF2_EvtReaderCallbacks_SetMpiIrecvCallback (ecb, ev_irecv);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveBeginCallback (ecb, ev_coll_begin);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveEndCallback (ecb, ev_coll_end);
  OTF2_EvtReaderCallbacks_SetUnknownCallback (ecb, ev_unknown);
  g_assert_cmpint (OTF2_Reader_OpenDefFiles (reader), ==, OTF2_SUCCESS);
  g_assert_cmpint (OTF2_Reader_OpenEvtFiles (reader), ==, OTF2_SUCCESS);
  for (i = 0; i < t->locs->len; i++)
    if (!g_array_index (t->locs, JxRawLoc, i).missing)
      read_location (reader, t, &g_array_index (t->locs, JxRawLoc, i), ecb);
  OTF2_Reader_CloseDefFiles (reader);
  OTF2_Reader_CloseEvtFiles (reader);
  OTF2_EvtReaderCallbacks_Delete (ecb);

  /* Without markers there is no marker file, and asking for it logs errors. */
  mr = g_file_test (marker_path, G_FILE_TEST_EXISTS) ? OTF2_Reader_GetMarkerReader (reader) : NULL;
  if (mr != NULL)
    {
      mcb = OTF2_MarkerReaderCallbacks_New ();
      OTF2_MarkerReaderCallbacks_SetDefMarkerCallback (mcb, mk_def);
      OTF2_MarkerReaderCallbacks_SetMarkerCallback (mcb, mk_marker);
      OTF2_Reader_RegisterMarkerCallbacks (reader, mr, mcb, t);
      OTF2_Reader_ReadAllMarkers (reader, mr, &n);
      OTF2_MarkerReaderCallbacks_Delete (mcb);
      OTF2_Reader_CloseMarkerReader (reader, mr);
    }

  OTF2_Reader_Close (reader);
  return t;
}

/* --- lookups ---------------------------------------------------------------- */

int
jx_raw_trace_region_by_name (JxRawTrace *t,
                             const char *name)
{
  guint i;

  for (i = 0; i < t->regions->len; i++)
    if (g_strcmp0 (g_array_index (t->regions, JxRawRegion, i).name, name) == 0)
      return (int) i;
  return -1;
}

guint
jx_raw_trace_region_enters (JxRawTrace *t,
                            const char *name)
{
  int r = jx_raw_trace_region_by_name (t, name);

  return r < 0 ? 0 : GPOINTER_TO_UINT (g_hash_table_lookup (t->region_enters, GINT_TO_POINTER (r)));
}

double
jx_raw_trace_region_time (JxRawTrace *t,
                          const char *name,
                          guint8      type,
                          guint32     group)
{
  int r = jx_raw_trace_region_by_name (t, name);
  double total = 0.0;
  guint i;

  g_assert_cmpint (r, >=, 0);
  for (i = 0; i < t->locs->len; i++)
    {
      JxRawLoc *l = &g_array_index (t->locs, JxRawLoc, i);
      guint64 key = ((guint64) i << 32) | (guint32) r;
      double *sum;

      if ((type != 0 && l->type != type) || (group != G_MAXUINT32 && l->group != group))
        continue;
      sum = g_hash_table_lookup (t->region_time, &key);
      if (sum != NULL)
        total += *sum;
    }
  return total;
}
