/* test-generator.c — the synthetic trace generator, checked by reading its
 * archives back with libotf2's reader directly (not our loader), so the
 * generator and the loader are tested independently of each other. */
#include "config.h"

#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <otf2/otf2.h>

#include "jx-trace.h"
#include "jx-trace-generator.h"

/* --- a raw view of an archive --------------------------------------------- */

typedef struct
{
  char    *name;
  guint8   role;
  guint8   paradigm;
} RawRegion;

typedef struct
{
  guint64  id;
  char    *name;
  guint32  group;
  guint8   type;
  gboolean missing;          /* no .evt file */
  guint64  n_events_defined;
  guint64  n_events;
  guint64  last_time;
  guint    n_backwards;      /* events earlier than their predecessor */
  guint    n_equal;          /* events at the same time as their predecessor */
  guint    n_mismatched;     /* leaves naming another region than the open one */
  guint    n_unmatched;      /* leaves with nothing open */
  guint    n_undefined;      /* enter/leave of undefined regions */
  guint    n_coll_open;      /* collective begin without end */
  GArray  *stack_region;     /* guint32 */
  GArray  *stack_time;       /* guint64 */
} RawLoc;

typedef struct
{
  guint32  sender;
  guint32  receiver;
  guint32  tag;
  guint64  size;
  guint64  time;
} RawMessage;

typedef struct
{
  guint64     timer_resolution;
  GHashTable *strings;       /* ref → name */
  GArray     *regions;       /* RawRegion by ref */
  GArray     *locs;          /* RawLoc */
  GHashTable *loc_index;     /* id → index + 1 */
  GPtrArray  *node_names;
  guint       n_groups;

  guint64     n_enter, n_leave, n_send, n_isend, n_isend_complete, n_irecv_request;
  guint64     n_recv, n_irecv, n_coll_begin, n_coll_end, n_other;
  GHashTable *region_enters;  /* region ref → count */
  GHashTable *region_time;    /* (loc index << 32 | region) → inclusive ticks */
  GArray     *sends;          /* RawMessage */
  GArray     *recvs;          /* RawMessage */

  guint       n_marker_defs;
  guint       n_markers;
  GPtrArray  *marker_texts;
  guint       n_marker_imbalance;
} RawTrace;

static RawLoc *
raw_loc (RawTrace *t,
         guint64   id)
{
  gpointer v = g_hash_table_lookup (t->loc_index, &id);

  g_assert_nonnull (v);
  return &g_array_index (t->locs, RawLoc, GPOINTER_TO_UINT (v) - 1);
}

static const char *
raw_string (RawTrace *t,
            guint32   ref)
{
  const char *s = g_hash_table_lookup (t->strings, GUINT_TO_POINTER (ref));

  return s != NULL ? s : "";
}

static void
raw_trace_free (RawTrace *t)
{
  guint i;

  for (i = 0; i < t->locs->len; i++)
    {
      RawLoc *l = &g_array_index (t->locs, RawLoc, i);

      g_free (l->name);
      g_array_unref (l->stack_region);
      g_array_unref (l->stack_time);
    }
  for (i = 0; i < t->regions->len; i++)
    g_free (g_array_index (t->regions, RawRegion, i).name);
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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RawTrace, raw_trace_free)

/* Definitions. */

static OTF2_CallbackCode
def_clock (void *data, uint64_t resolution, uint64_t offset, uint64_t length, uint64_t realtime)
{
  ((RawTrace *) data)->timer_resolution = resolution;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_string (void *data, OTF2_StringRef self, const char *string)
{
  g_hash_table_insert (((RawTrace *) data)->strings, GUINT_TO_POINTER (self), g_strdup (string));
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_region (void *data, OTF2_RegionRef self, OTF2_StringRef name, OTF2_StringRef canonical,
            OTF2_StringRef description, OTF2_RegionRole role, OTF2_Paradigm paradigm,
            OTF2_RegionFlag flags, OTF2_StringRef file, uint32_t begin, uint32_t end)
{
  RawTrace *t = data;
  RawRegion r = { g_strdup (raw_string (t, name)), role, paradigm };

  /* The generator defines regions densely and in order. */
  g_assert_cmpuint (self, ==, t->regions->len);
  g_array_append_val (t->regions, r);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_node (void *data, OTF2_SystemTreeNodeRef self, OTF2_StringRef name, OTF2_StringRef class_name,
          OTF2_SystemTreeNodeRef parent)
{
  RawTrace *t = data;

  g_ptr_array_add (t->node_names, g_strdup (raw_string (t, name)));
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_group (void *data, OTF2_LocationGroupRef self, OTF2_StringRef name, OTF2_LocationGroupType type,
           OTF2_SystemTreeNodeRef parent, OTF2_LocationGroupRef creator)
{
  RawTrace *t = data;
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
  RawTrace *t = data;
  RawLoc l = { 0 };
  guint64 *key = g_new (guint64, 1);

  l.id = self;
  l.name = g_strdup (raw_string (t, name));
  l.type = type;
  l.group = group;
  l.n_events_defined = n_events;
  l.stack_region = g_array_new (FALSE, FALSE, sizeof (guint32));
  l.stack_time = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_array_append_val (t->locs, l);
  *key = self;
  g_hash_table_insert (t->loc_index, key, GUINT_TO_POINTER (t->locs->len));
  return OTF2_CALLBACK_SUCCESS;
}

/* Events. */

static void
ev_time (RawLoc   *l,
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
  RawTrace *t = data;
  RawLoc *l = raw_loc (t, loc);
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (t->region_enters, GUINT_TO_POINTER (region)));

  ev_time (l, time);
  t->n_enter++;
  if (region >= t->regions->len)
    l->n_undefined++;
  g_hash_table_insert (t->region_enters, GUINT_TO_POINTER (region), GUINT_TO_POINTER (count + 1));
  g_array_append_val (l->stack_region, region);
  g_array_append_val (l->stack_time, time);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
ev_leave (OTF2_LocationRef loc, OTF2_TimeStamp time, uint64_t pos, void *data,
          OTF2_AttributeList *attributes, OTF2_RegionRef region)
{
  RawTrace *t = data;
  RawLoc *l = raw_loc (t, loc);
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

static void
add_message (GArray  *array,
             guint32  sender,
             guint32  receiver,
             guint32  tag,
             guint64  size,
             guint64  time)
{
  RawMessage m = { sender, receiver, tag, size, time };

  g_array_append_val (array, m);
}

static OTF2_CallbackCode
ev_send (OTF2_LocationRef loc, OTF2_TimeStamp time, uint64_t pos, void *data,
         OTF2_AttributeList *attributes, uint32_t receiver, OTF2_CommRef comm, uint32_t tag, uint64_t length)
{
  RawTrace *t = data;
  RawLoc *l = raw_loc (t, loc);

  ev_time (l, time);
  t->n_send++;
  add_message (t->sends, l->group, receiver, tag, length, time);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
ev_isend (OTF2_LocationRef loc, OTF2_TimeStamp time, uint64_t pos, void *data,
          OTF2_AttributeList *attributes, uint32_t receiver, OTF2_CommRef comm, uint32_t tag,
          uint64_t length, uint64_t request)
{
  RawTrace *t = data;
  RawLoc *l = raw_loc (t, loc);

  ev_time (l, time);
  t->n_isend++;
  add_message (t->sends, l->group, receiver, tag, length, time);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
ev_recv (OTF2_LocationRef loc, OTF2_TimeStamp time, uint64_t pos, void *data,
         OTF2_AttributeList *attributes, uint32_t sender, OTF2_CommRef comm, uint32_t tag, uint64_t length)
{
  RawTrace *t = data;
  RawLoc *l = raw_loc (t, loc);

  ev_time (l, time);
  t->n_recv++;
  add_message (t->recvs, sender, l->group, tag, length, time);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
ev_irecv (OTF2_LocationRef loc, OTF2_TimeStamp time, uint64_t pos, void *data,
          OTF2_AttributeList *attributes, uint32_t sender, OTF2_CommRef comm, uint32_t tag,
          uint64_t length, uint64_t request)
{
  RawTrace *t = data;
  RawLoc *l = raw_loc (t, loc);

  ev_time (l, time);
  t->n_irecv++;
  add_message (t->recvs, sender, l->group, tag, length, time);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
ev_isend_complete (OTF2_LocationRef loc, OTF2_TimeStamp time, uint64_t pos, void *data,
                   OTF2_AttributeList *attributes, uint64_t request)
{
  RawTrace *t = data;

  ev_time (raw_loc (t, loc), time);
  t->n_isend_complete++;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
ev_irecv_request (OTF2_LocationRef loc, OTF2_TimeStamp time, uint64_t pos, void *data,
                  OTF2_AttributeList *attributes, uint64_t request)
{
  RawTrace *t = data;

  ev_time (raw_loc (t, loc), time);
  t->n_irecv_request++;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
ev_coll_begin (OTF2_LocationRef loc, OTF2_TimeStamp time, uint64_t pos, void *data,
               OTF2_AttributeList *attributes)
{
  RawTrace *t = data;
  RawLoc *l = raw_loc (t, loc);

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
  RawTrace *t = data;
  RawLoc *l = raw_loc (t, loc);

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
  RawTrace *t = data;

  ev_time (raw_loc (t, loc), time);
  t->n_other++;
  return OTF2_CALLBACK_SUCCESS;
}

/* Markers. */

static OTF2_CallbackCode
mk_def (void *data, OTF2_MarkerRef self, const char *group, const char *category,
        OTF2_MarkerSeverity severity)
{
  ((RawTrace *) data)->n_marker_defs++;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
mk_marker (void *data, OTF2_TimeStamp time, OTF2_TimeStamp duration, OTF2_MarkerRef marker,
           OTF2_MarkerScope scope, uint64_t scope_ref, const char *text)
{
  RawTrace *t = data;

  t->n_markers++;
  g_ptr_array_add (t->marker_texts, g_strdup (text));
  if (scope == OTF2_MARKER_SCOPE_LOCATION_GROUP)
    t->n_marker_imbalance++;
  return OTF2_CALLBACK_SUCCESS;
}

static RawTrace *
raw_trace_read (const char *directory)
{
  g_autofree char *anchor = g_build_filename (directory, "traces.otf2", NULL);
  g_autofree char *marker_path = g_build_filename (directory, "traces.marker", NULL);
  RawTrace *t = g_new0 (RawTrace, 1);
  OTF2_Reader *reader;
  OTF2_GlobalDefReader *gdr;
  OTF2_GlobalDefReaderCallbacks *gcb;
  OTF2_EvtReaderCallbacks *ecb;
  OTF2_MarkerReaderCallbacks *mcb;
  OTF2_MarkerReader *mr;
  guint64 n = 0;
  guint i;

  t->strings = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  t->regions = g_array_new (FALSE, FALSE, sizeof (RawRegion));
  t->locs = g_array_new (FALSE, FALSE, sizeof (RawLoc));
  t->loc_index = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  t->node_names = g_ptr_array_new_with_free_func (g_free);
  t->region_enters = g_hash_table_new (NULL, NULL);
  t->region_time = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  t->sends = g_array_new (FALSE, FALSE, sizeof (RawMessage));
  t->recvs = g_array_new (FALSE, FALSE, sizeof (RawMessage));
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
      RawLoc *l = &g_array_index (t->locs, RawLoc, i);
      g_autofree char *name = g_strdup_printf ("%" G_GUINT64_FORMAT ".evt", l->id);
      g_autofree char *path = g_build_filename (directory, "traces", name, NULL);

      l->missing = !g_file_test (path, G_FILE_TEST_EXISTS);
      if (!l->missing)
        OTF2_Reader_SelectLocation (reader, l->id);
    }

  /* Local definitions carry the clock offsets the readers apply. */
  g_assert_cmpint (OTF2_Reader_OpenDefFiles (reader), ==, OTF2_SUCCESS);
  for (i = 0; i < t->locs->len; i++)
    {
      RawLoc *l = &g_array_index (t->locs, RawLoc, i);
      OTF2_DefReader *dr;

      if (l->missing)
        continue;
      dr = OTF2_Reader_GetDefReader (reader, l->id);
      g_assert_nonnull (dr);
      g_assert_cmpint (OTF2_Reader_ReadAllLocalDefinitions (reader, dr, &n), ==, OTF2_SUCCESS);
      OTF2_Reader_CloseDefReader (reader, dr);
    }
  OTF2_Reader_CloseDefFiles (reader);

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
  g_assert_cmpint (OTF2_Reader_OpenEvtFiles (reader), ==, OTF2_SUCCESS);
  for (i = 0; i < t->locs->len; i++)
    {
      RawLoc *l = &g_array_index (t->locs, RawLoc, i);
      OTF2_EvtReader *er;

      if (l->missing)
        continue;
      er = OTF2_Reader_GetEvtReader (reader, l->id);
      g_assert_nonnull (er);
      OTF2_Reader_RegisterEvtCallbacks (reader, er, ecb, t);
      g_assert_cmpint (OTF2_Reader_ReadAllLocalEvents (reader, er, &n), ==, OTF2_SUCCESS);
      g_assert_cmpuint (n, ==, l->n_events);
      OTF2_Reader_CloseEvtReader (reader, er);
    }
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

/* --- helpers ---------------------------------------------------------------- */

static char *
make_tmp_dir (void)
{
  GError *error = NULL;
  char *dir = g_dir_make_tmp (NULL, &error);

  g_assert_no_error (error);
  return dir;
}

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  if (dir != NULL)
    g_dir_close (dir);
  g_rmdir (path);
}

static void
small_options (JxGeneratorOptions *o)
{
  jx_generator_options_init (o);
  o->seed = 7;
  o->n_ranks = 4;
  o->n_threads = 2;
  o->n_gpu_streams = 1;
  o->n_iterations = 30;
  o->depth = 3;
  o->fanout = 2;
  o->markers = TRUE;
}

static RawTrace *
generate_and_read (const char               *parent,
                   const char               *name,
                   const JxGeneratorOptions *options,
                   JxGeneratorStats         *stats)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_build_filename (parent, name, NULL);
  guint64 n;

  n = jx_generate_trace_full (dir, options, stats, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (n, ==, stats->n_events);
  return raw_trace_read (dir);
}

static int
region_by_name (RawTrace   *t,
                const char *name)
{
  guint i;

  for (i = 0; i < t->regions->len; i++)
    if (g_strcmp0 (g_array_index (t->regions, RawRegion, i).name, name) == 0)
      return (int) i;
  return -1;
}

static guint
region_enters (RawTrace   *t,
               const char *name)
{
  int r = region_by_name (t, name);

  return r < 0 ? 0 : GPOINTER_TO_UINT (g_hash_table_lookup (t->region_enters, GINT_TO_POINTER (r)));
}

/* Inclusive time of a region summed over locations; @type 0 = any type,
 * @group G_MAXUINT32 = any location group. */
static double
region_time (RawTrace   *t,
             const char *name,
             guint8      type,
             guint32     group)
{
  int r = region_by_name (t, name);
  double total = 0.0;
  guint i;

  g_assert_cmpint (r, >=, 0);
  for (i = 0; i < t->locs->len; i++)
    {
      RawLoc *l = &g_array_index (t->locs, RawLoc, i);
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

static int
message_cmp (gconstpointer a,
             gconstpointer b)
{
  const RawMessage *x = a, *y = b;

  if (x->sender != y->sender)
    return x->sender < y->sender ? -1 : 1;
  if (x->receiver != y->receiver)
    return x->receiver < y->receiver ? -1 : 1;
  if (x->tag != y->tag)
    return x->tag < y->tag ? -1 : 1;
  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return 0;
}

/* Matches sends and receives in MPI order (per sender, receiver and tag,
 * first come first served); every send must have its receive, later. */
static void
assert_messages_matched (RawTrace *t)
{
  guint i;

  g_assert_cmpuint (t->sends->len, ==, t->recvs->len);
  g_array_sort (t->sends, message_cmp);
  g_array_sort (t->recvs, message_cmp);
  for (i = 0; i < t->sends->len; i++)
    {
      RawMessage *s = &g_array_index (t->sends, RawMessage, i);
      RawMessage *r = &g_array_index (t->recvs, RawMessage, i);

      g_assert_cmpuint (s->sender, ==, r->sender);
      g_assert_cmpuint (s->receiver, ==, r->receiver);
      g_assert_cmpuint (s->tag, ==, r->tag);
      g_assert_cmpuint (s->size, ==, r->size);
      g_assert_cmpuint (r->time, >, s->time);
    }
}

static void
assert_clean (RawTrace *t)
{
  guint i;

  for (i = 0; i < t->locs->len; i++)
    {
      RawLoc *l = &g_array_index (t->locs, RawLoc, i);

      g_assert_false (l->missing);
      g_assert_cmpuint (l->n_events, ==, l->n_events_defined);
      g_assert_cmpuint (l->n_events, >, 0);
      g_assert_cmpuint (l->n_backwards, ==, 0);
      g_assert_cmpuint (l->n_equal, ==, 0);
      g_assert_cmpuint (l->n_mismatched, ==, 0);
      g_assert_cmpuint (l->n_unmatched, ==, 0);
      g_assert_cmpuint (l->n_undefined, ==, 0);
      g_assert_cmpuint (l->stack_region->len, ==, 0);
      g_assert_cmpuint (l->n_coll_open, ==, 0);
    }
}

static gboolean
same_file_contents (const char *a,
                    const char *b)
{
  g_autofree char *x = NULL, *y = NULL;
  gsize nx = 0, ny = 0;

  g_assert_true (g_file_get_contents (a, &x, &nx, NULL));
  g_assert_true (g_file_get_contents (b, &y, &ny, NULL));
  return nx == ny && memcmp (x, y, nx) == 0;
}

/* --- tests ------------------------------------------------------------------- */

static void
test_structure (void)
{
  g_autofree char *tmp = make_tmp_dir ();
  g_autoptr(RawTrace) t = NULL;
  JxGeneratorOptions o;
  JxGeneratorStats st;
  guint i, n_gpu = 0, n_cpu = 0;
  int r;

  small_options (&o);
  t = generate_and_read (tmp, "a", &o, &st);

  g_assert_cmpuint (t->timer_resolution, ==, 1000000000);
  g_assert_cmpuint (t->n_groups, ==, 4);
  g_assert_cmpuint (st.n_location_groups, ==, 4);
  g_assert_cmpuint (t->locs->len, ==, 4 * 3);
  g_assert_cmpuint (st.n_locations, ==, 4 * 3);
  g_assert_cmpuint (t->regions->len, ==, st.n_regions);
  /* machine + one node for four ranks */
  g_assert_cmpuint (t->node_names->len, ==, 2);
  for (i = 0; i < t->locs->len; i++)
    {
      RawLoc *l = &g_array_index (t->locs, RawLoc, i);

      if (l->type == OTF2_LOCATION_TYPE_ACCELERATOR_STREAM)
        n_gpu++;
      else
        {
          g_assert_cmpint (l->type, ==, OTF2_LOCATION_TYPE_CPU_THREAD);
          g_assert_true (g_str_equal (l->name, "Master thread") || g_str_equal (l->name, "Thread 1"));
          n_cpu++;
        }
    }
  g_assert_cmpuint (n_gpu, ==, 4);
  g_assert_cmpuint (n_cpu, ==, 8);

  /* Event counts per kind, as reported. */
  g_assert_cmpuint (t->n_enter, ==, st.n_enter);
  g_assert_cmpuint (t->n_leave, ==, st.n_leave);
  g_assert_cmpuint (t->n_send, ==, st.n_mpi_send);
  g_assert_cmpuint (t->n_isend, ==, st.n_mpi_isend);
  g_assert_cmpuint (t->n_isend_complete, ==, st.n_mpi_isend_complete);
  g_assert_cmpuint (t->n_irecv_request, ==, st.n_mpi_irecv_request);
  g_assert_cmpuint (t->n_recv, ==, st.n_mpi_recv);
  g_assert_cmpuint (t->n_irecv, ==, st.n_mpi_irecv);
  g_assert_cmpuint (t->n_coll_begin, ==, st.n_mpi_collective_begin);
  g_assert_cmpuint (t->n_coll_end, ==, st.n_mpi_collective_end);
  g_assert_cmpuint (t->n_other, ==, 0);
  g_assert_cmpuint (t->n_enter + t->n_leave + t->n_send + t->n_isend + t->n_isend_complete
                    + t->n_irecv_request + t->n_recv + t->n_irecv + t->n_coll_begin + t->n_coll_end,
                    ==, st.n_events);
  g_assert_cmpuint (t->n_send, >, 0);
  g_assert_cmpuint (t->n_isend, ==, 4 * 2 * 30);
  g_assert_cmpuint (t->n_isend_complete, ==, t->n_isend);
  g_assert_cmpuint (t->n_irecv_request, ==, t->n_irecv);
  /* Every rank takes part in every collective. */
  g_assert_cmpuint (t->n_coll_end, ==, 4 * st.n_collectives);
  /* MPI_Bcast + 30 MPI_Allreduce + 1 MPI_Barrier */
  g_assert_cmpuint (st.n_collectives, ==, 1 + 30 + 1);

  assert_clean (t);
  assert_messages_matched (t);

  /* Paradigms and roles. */
  r = region_by_name (t, "MPI_Barrier");
  g_assert_cmpint (r, >=, 0);
  g_assert_cmpint (g_array_index (t->regions, RawRegion, r).role, ==, OTF2_REGION_ROLE_BARRIER);
  g_assert_cmpint (g_array_index (t->regions, RawRegion, r).paradigm, ==, OTF2_PARADIGM_MPI);
  r = region_by_name (t, "MPI_Allreduce");
  g_assert_cmpint (g_array_index (t->regions, RawRegion, r).role, ==, OTF2_REGION_ROLE_COLL_ALL2ALL);
  r = region_by_name (t, "MPI_Bcast");
  g_assert_cmpint (g_array_index (t->regions, RawRegion, r).role, ==, OTF2_REGION_ROLE_COLL_ONE2ALL);
  r = region_by_name (t, "MPI_Isend");
  g_assert_cmpint (g_array_index (t->regions, RawRegion, r).role, ==, OTF2_REGION_ROLE_POINT2POINT);
  r = region_by_name (t, "stencil_kernel(double*, const double*, int)");
  g_assert_cmpint (r, >=, 0);
  g_assert_cmpint (g_array_index (t->regions, RawRegion, r).paradigm, ==, OTF2_PARADIGM_CUDA);
  r = region_by_name (t, "stencil_kernel");
  g_assert_cmpint (g_array_index (t->regions, RawRegion, r).paradigm, ==, OTF2_PARADIGM_USER);

  /* The call tree: one "compute" per thread and iteration, kernels on the GPU. */
  g_assert_cmpuint (region_enters (t, "compute"), ==, 4 * 2 * 30);
  g_assert_cmpuint (region_enters (t, "iteration"), ==, 4 * 30);
  g_assert_cmpuint (region_enters (t, "main"), ==, 4);
  g_assert_cmpuint (region_enters (t, "stencil_kernel(double*, const double*, int)"), ==, 4 * 30);
  g_assert_cmpfloat (region_time (t, "stencil_kernel(double*, const double*, int)",
                                  OTF2_LOCATION_TYPE_CPU_THREAD, G_MAXUINT32), ==, 0.0);
  g_assert_cmpfloat (region_time (t, "stencil_kernel(double*, const double*, int)",
                                  OTF2_LOCATION_TYPE_ACCELERATOR_STREAM, G_MAXUINT32), >, 0.0);

  /* Markers: definitions, initialization, 10 blocks of iterations, 1 checkpoint. */
  g_assert_cmpuint (t->n_marker_defs, ==, st.n_marker_defs);
  g_assert_cmpuint (t->n_marker_defs, ==, 4);
  g_assert_cmpuint (t->n_markers, ==, st.n_markers);
  g_assert_cmpuint (t->n_markers, ==, 1 + 10 + 1);

  remove_tree (tmp);
}

static void
test_determinism (void)
{
  g_autofree char *tmp = make_tmp_dir ();
  g_autoptr(RawTrace) a = NULL;
  g_autoptr(RawTrace) b = NULL;
  g_autoptr(RawTrace) c = NULL;
  JxGeneratorOptions o;
  JxGeneratorStats st;
  gboolean any_different = FALSE;
  guint i;

  small_options (&o);
  a = generate_and_read (tmp, "a", &o, &st);
  b = generate_and_read (tmp, "b", &o, &st);
  o.seed = 8;
  c = generate_and_read (tmp, "c", &o, &st);

  g_assert_cmpuint (a->locs->len, ==, c->locs->len);
  for (i = 0; i < a->locs->len; i++)
    {
      RawLoc *l = &g_array_index (a->locs, RawLoc, i);
      g_autofree char *name = g_strdup_printf ("%" G_GUINT64_FORMAT ".evt", l->id);
      g_autofree char *pa = g_build_filename (tmp, "a", "traces", name, NULL);
      g_autofree char *pb = g_build_filename (tmp, "b", "traces", name, NULL);
      g_autofree char *pc = g_build_filename (tmp, "c", "traces", name, NULL);

      g_assert_true (same_file_contents (pa, pb));
      if (!same_file_contents (pa, pc))
        any_different = TRUE;
    }
  /* Another seed changes the timing, not the structure. */
  g_assert_true (any_different);
  g_assert_cmpuint (a->n_enter, ==, c->n_enter);

  remove_tree (tmp);
}

static void
test_variants (void)
{
  g_autofree char *tmp = make_tmp_dir ();
  g_autoptr(RawTrace) base = NULL;
  g_autoptr(RawTrace) removed = NULL;
  g_autoptr(RawTrace) added = NULL;
  g_autoptr(RawTrace) renamed = NULL;
  g_autoptr(RawTrace) faster = NULL;
  g_autoptr(RawTrace) slower = NULL;
  g_autoptr(RawTrace) imbalanced = NULL;
  JxGeneratorOptions o;
  JxGeneratorStats st;
  const char *kernel = "stencil_kernel(double*, const double*, int)";
  double ratio;

  small_options (&o);
  base = generate_and_read (tmp, "base", &o, &st);
  g_assert_cmpint (region_by_name (base, "compute_halo"), >=, 0);
  g_assert_cmpuint (region_enters (base, "compute_halo"), ==, 4 * 30);
  g_assert_cmpint (region_by_name (base, "check_residual"), <, 0);
  g_assert_cmpint (region_by_name (base, "stencil_kernel_v2"), <, 0);

  o.variant = JX_VARIANT_REMOVE_FUNCTION;
  removed = generate_and_read (tmp, "removed", &o, &st);
  assert_clean (removed);
  g_assert_cmpint (region_by_name (removed, "compute_halo"), <, 0);
  g_assert_cmpuint (region_enters (removed, "update_boundary"), ==, region_enters (base, "update_boundary"));
  g_assert_cmpuint (region_enters (removed, "compute"), ==, region_enters (base, "compute"));

  o.variant = JX_VARIANT_ADD_FUNCTION;
  added = generate_and_read (tmp, "added", &o, &st);
  assert_clean (added);
  g_assert_cmpuint (region_enters (added, "check_residual"), ==, 4 * 30);
  g_assert_cmpuint (region_enters (added, "compute_halo"), ==, region_enters (base, "compute_halo"));

  o.variant = JX_VARIANT_RENAME_FUNCTION;
  renamed = generate_and_read (tmp, "renamed", &o, &st);
  assert_clean (renamed);
  g_assert_cmpint (region_by_name (renamed, "stencil_kernel"), <, 0);
  g_assert_cmpint (region_by_name (renamed, kernel), <, 0);
  g_assert_cmpuint (region_enters (renamed, "stencil_kernel_v2"), ==, region_enters (base, "stencil_kernel"));
  g_assert_cmpuint (region_enters (renamed, "stencil_kernel_v2(double*, const double*, int)"), ==,
                    region_enters (base, kernel));
  g_assert_cmpuint (renamed->regions->len, ==, base->regions->len);

  o.variant = JX_VARIANT_FASTER_KERNEL;
  faster = generate_and_read (tmp, "faster", &o, &st);
  assert_clean (faster);
  ratio = region_time (faster, kernel, 0, G_MAXUINT32) / region_time (base, kernel, 0, G_MAXUINT32);
  g_assert_cmpfloat (ratio, >, 0.45);
  g_assert_cmpfloat (ratio, <, 0.55);
  g_assert_cmpuint (faster->n_enter, ==, base->n_enter);

  o.variant = JX_VARIANT_SLOWER_MACHINE;
  slower = generate_and_read (tmp, "slower", &o, &st);
  assert_clean (slower);
  ratio = region_time (slower, "flux_x", 0, G_MAXUINT32) / region_time (base, "flux_x", 0, G_MAXUINT32);
  g_assert_cmpfloat (ratio, >, 1.3);
  g_assert_cmpfloat (ratio, <, 1.5);
  g_assert_cmpstr (g_ptr_array_index (slower->node_names, 0), !=, g_ptr_array_index (base->node_names, 0));

  o.variant = JX_VARIANT_NONE;
  o.imbalanced_ranks = 1u << 2;
  o.imbalance = 0.5;
  imbalanced = generate_and_read (tmp, "imbalanced", &o, &st);
  assert_clean (imbalanced);
  assert_messages_matched (imbalanced);
  ratio = region_time (imbalanced, "flux_x", 0, 2) / region_time (imbalanced, "flux_x", 0, 0);
  g_assert_cmpfloat (ratio, >, 1.4);
  g_assert_cmpfloat (ratio, <, 1.6);
  /* The others wait for rank 2 in the collectives. */
  g_assert_cmpfloat (region_time (imbalanced, "MPI_Allreduce", 0, 0), >,
                     2.0 * region_time (imbalanced, "MPI_Allreduce", 0, 2));
  g_assert_cmpuint (imbalanced->n_marker_imbalance, ==, 1);

  remove_tree (tmp);
}

static RawLoc *
loc_by_id (RawTrace *t,
           guint64   id)
{
  return raw_loc (t, id);
}

static void
test_defects (void)
{
  static const guint defects[] = {
    JX_DEFECT_INJECT_UNCLOSED, JX_DEFECT_INJECT_MISMATCHED, JX_DEFECT_INJECT_BACKWARDS,
    JX_DEFECT_INJECT_UNKNOWN_ROLE, JX_DEFECT_INJECT_UNDEFINED_REGION, JX_DEFECT_INJECT_EMPTY_STREAM,
    JX_DEFECT_INJECT_MISSING_EVT, JX_DEFECT_INJECT_UNMATCHED_LEAVE,
  };
  g_autofree char *tmp = make_tmp_dir ();
  guint d;

  for (d = 0; d < G_N_ELEMENTS (defects); d++)
    {
      g_autofree char *name = g_strdup_printf ("d%u", d);
      g_autoptr(RawTrace) t = NULL;
      JxGeneratorOptions o;
      JxGeneratorStats st;
      RawLoc *rank0, *last;
      guint i, n_backwards = 0, n_mismatched = 0, n_unmatched = 0, n_undefined = 0, n_open = 0;
      guint n_missing = 0, n_empty = 0;
      int r;

      jx_generator_options_init (&o);
      o.n_ranks = 3;
      o.n_iterations = 12;
      o.defects = defects[d];
      t = generate_and_read (tmp, name, &o, &st);
      rank0 = loc_by_id (t, 0);
      last = loc_by_id (t, 2);

      for (i = 0; i < t->locs->len; i++)
        {
          RawLoc *l = &g_array_index (t->locs, RawLoc, i);

          n_backwards += l->n_backwards;
          n_mismatched += l->n_mismatched;
          n_unmatched += l->n_unmatched;
          n_undefined += l->n_undefined;
          n_open += l->stack_region->len;
          n_missing += l->missing;
          n_empty += !l->missing && l->n_events == 0;
          if (!l->missing)
            g_assert_cmpuint (l->n_events, ==, l->n_events_defined);
        }

      /* Exactly the requested defect shows up, nothing else. */
      g_assert_cmpuint (n_backwards, ==, defects[d] == JX_DEFECT_INJECT_BACKWARDS ? 1 : 0);
      g_assert_cmpuint (rank0->n_backwards, ==, n_backwards);
      g_assert_cmpuint (n_mismatched, ==, defects[d] == JX_DEFECT_INJECT_MISMATCHED ? 1 : 0);
      g_assert_cmpuint (rank0->n_mismatched, ==, n_mismatched);
      g_assert_cmpuint (n_unmatched, ==, defects[d] == JX_DEFECT_INJECT_UNMATCHED_LEAVE ? 1 : 0);
      g_assert_cmpuint (rank0->n_unmatched, ==, n_unmatched);
      g_assert_cmpuint (n_undefined, ==, defects[d] == JX_DEFECT_INJECT_UNDEFINED_REGION ? 2 : 0);
      g_assert_cmpuint (rank0->n_undefined, ==, n_undefined);
      g_assert_cmpuint (n_open, ==, defects[d] == JX_DEFECT_INJECT_UNCLOSED ? 2 : 0);
      g_assert_cmpuint (last->stack_region->len, ==, n_open);
      g_assert_cmpuint (n_missing, ==, defects[d] == JX_DEFECT_INJECT_MISSING_EVT ? 1 : 0);
      g_assert_cmpuint (n_empty, ==, defects[d] == JX_DEFECT_INJECT_EMPTY_STREAM ? 1 : 0);

      r = region_by_name (t, "update_boundary");
      g_assert_cmpint (r, >=, 0);
      if (defects[d] == JX_DEFECT_INJECT_UNKNOWN_ROLE)
        g_assert_cmpint (g_array_index (t->regions, RawRegion, r).role, ==, 40);
      else
        g_assert_cmpint (g_array_index (t->regions, RawRegion, r).role, ==, OTF2_REGION_ROLE_FUNCTION);

      if (defects[d] == JX_DEFECT_INJECT_MISSING_EVT)
        {
          g_assert_true (loc_by_id (t, 1)->missing);
          g_assert_cmpuint (loc_by_id (t, 1)->n_events_defined, >, 0);
        }
      if (defects[d] == JX_DEFECT_INJECT_EMPTY_STREAM)
        {
          g_assert_cmpuint (t->locs->len, ==, 4);
          g_assert_cmpuint (loc_by_id (t, ((guint64) 1 << 32) | 2)->n_events_defined, ==, 0);
          g_assert_cmpstr (loc_by_id (t, ((guint64) 1 << 32) | 2)->name, ==, "Thread 1");
          g_assert_cmpuint (st.n_locations, ==, 4);
        }
      if (defects[d] == JX_DEFECT_INJECT_UNCLOSED)
        {
          guint32 outer = g_array_index (last->stack_region, guint32, 0);
          guint32 inner = g_array_index (last->stack_region, guint32, 1);

          g_assert_cmpstr (g_array_index (t->regions, RawRegion, outer).name, ==, "main");
          g_assert_cmpstr (g_array_index (t->regions, RawRegion, inner).name, ==, "iteration");
        }
      if (defects[d] != JX_DEFECT_INJECT_MISSING_EVT)
        assert_messages_matched (t);
    }
  remove_tree (tmp);
}

static void
test_event_target (void)
{
  JxGeneratorOptions o;
  guint64 n;

  small_options (&o);
  o.n_iterations = jx_generator_iterations_for_events (&o, 200000);
  n = jx_generator_count_events (&o, NULL);
  g_assert_cmpuint (n, >, 190000);
  g_assert_cmpuint (n, <, 210000);

  o.n_iterations = jx_generator_iterations_for_events (&o, 10);
  g_assert_cmpuint (o.n_iterations, ==, 1);
}

static void
test_unwritable (void)
{
  g_autofree char *tmp = make_tmp_dir ();
  g_autofree char *file = g_build_filename (tmp, "plain-file", NULL);
  g_autofree char *below = g_build_filename (file, "trace", NULL);
  g_autoptr(GError) error = NULL;
  JxGeneratorOptions o;

  g_assert_true (g_file_set_contents (file, "x", 1, NULL));
  jx_generator_options_init (&o);
  o.n_iterations = 2;
  g_assert_cmpuint (jx_generate_trace (below, &o, &error), ==, 0);
  g_assert_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, below));
  remove_tree (tmp);
}

static void
test_replace (void)
{
  g_autofree char *tmp = make_tmp_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RawTrace) t = NULL;
  JxGeneratorOptions o;

  jx_generator_options_init (&o);
  o.n_ranks = 3;
  o.n_iterations = 5;
  g_assert_cmpuint (jx_generate_trace (tmp, &o, &error), >, 0);
  g_assert_no_error (error);
  o.n_ranks = 2;
  g_assert_cmpuint (jx_generate_trace (tmp, &o, &error), >, 0);
  g_assert_no_error (error);
  t = raw_trace_read (tmp);
  g_assert_cmpuint (t->locs->len, ==, 2);
  assert_clean (t);
  remove_tree (tmp);
}

static OTF2_FlushType
pre_flush (void *data, OTF2_FileType type, OTF2_LocationRef location, void *caller, bool final)
{
  return OTF2_FLUSH;
}

/* A trace written by some other tool must survive being targeted. */
static void
test_foreign_archive (void)
{
  static OTF2_FlushCallbacks flush = { pre_flush, NULL };
  g_autofree char *tmp = make_tmp_dir ();
  g_autofree char *anchor = g_build_filename (tmp, "traces.otf2", NULL);
  g_autoptr(GError) error = NULL;
  OTF2_Archive *archive;
  OTF2_GlobalDefWriter *w;
  JxGeneratorOptions o;

  archive = OTF2_Archive_Open (tmp, "traces", OTF2_FILEMODE_WRITE, 256 * 1024, 256 * 1024,
                               OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  g_assert_nonnull (archive);
  OTF2_Archive_SetFlushCallbacks (archive, &flush, NULL);
  OTF2_Archive_SetSerialCollectiveCallbacks (archive);
  OTF2_Archive_SetCreator (archive, "Score-P 9.0");
  w = OTF2_Archive_GetGlobalDefWriter (archive);
  OTF2_GlobalDefWriter_WriteClockProperties (w, 1000, 0, 1, OTF2_UNDEFINED_TIMESTAMP);
  OTF2_Archive_CloseGlobalDefWriter (archive, w);
  g_assert_cmpint (OTF2_Archive_Close (archive), ==, OTF2_SUCCESS);
  g_assert_true (g_file_test (anchor, G_FILE_TEST_EXISTS));

  jx_generator_options_init (&o);
  o.n_iterations = 2;
  g_assert_cmpuint (jx_generate_trace (tmp, &o, &error), ==, 0);
  g_assert_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, tmp));
  g_assert_true (g_file_test (anchor, G_FILE_TEST_EXISTS));
  remove_tree (tmp);
}

static void
test_names (void)
{
  guint flag = 0;

  g_assert_true (jx_variant_from_string ("faster-kernel", &flag));
  g_assert_cmpuint (flag, ==, JX_VARIANT_FASTER_KERNEL);
  g_assert_true (jx_variant_from_string ("slower-machine", &flag));
  g_assert_cmpuint (flag, ==, JX_VARIANT_SLOWER_MACHINE);
  g_assert_false (jx_variant_from_string ("quicker", &flag));
  g_assert_true (jx_defect_injection_from_string ("unknown-role", &flag));
  g_assert_cmpuint (flag, ==, JX_DEFECT_INJECT_UNKNOWN_ROLE);
  g_assert_true (jx_defect_injection_from_string ("missing-evt", &flag));
  g_assert_cmpuint (flag, ==, JX_DEFECT_INJECT_MISSING_EVT);
  g_assert_false (jx_defect_injection_from_string ("", &flag));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/gen/generator/structure", test_structure);
  g_test_add_func ("/gen/generator/determinism", test_determinism);
  g_test_add_func ("/gen/generator/variants", test_variants);
  g_test_add_func ("/gen/generator/defects", test_defects);
  g_test_add_func ("/gen/generator/event-target", test_event_target);
  g_test_add_func ("/gen/generator/unwritable", test_unwritable);
  g_test_add_func ("/gen/generator/replace", test_replace);
  g_test_add_func ("/gen/generator/foreign-archive", test_foreign_archive);
  g_test_add_func ("/gen/generator/names", test_names);

  return g_test_run ();
}
