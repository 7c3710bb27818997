/* jx-trace-loader.c — OTF2 archive -> JxTrace.
 *
 * 1. The anchor is checked for the OTF2 magic, then one OTF2_Reader reads
 *    the global definitions (stored raw first, since definitions may refer
 *    forward) and the marker file, and the definitions go to the builder.
 * 2. The locations are split between up to two readers, heaviest first into
 *    the lighter bin. Every reader is its own OTF2_Reader on its own thread;
 *    libotf2 readers share no state, so no locking callbacks are needed.
 *    Each reads its locations' local definitions (they carry the local ->
 *    global mapping tables) and then their events in chunks, checking for
 *    cancellation and reporting progress between chunks.
 * 3. Per event, region refs go through a dense array and the builder's
 *    inline writer appends to the stream: no allocation or hashing per event.
 *    A stream's arrays are reserved from its OTF2 event count (half of it:
 *    an invocation takes an enter and a leave; the builder grows them when
 *    unclosed regions need more). That count is only a hint: it is capped
 *    by what the location's .evt file can hold, so a wrong count in
 *    traces.def cannot ask for more memory than the file justifies. The
 *    arrays are trimmed by
 *    jx_trace_builder_end_stream () right after its last event, while they
 *    are still in the cache.
 * libotf2 errors never abort or print: a registered error callback keeps the
 * last message per thread for the GError or the load report. An unreadable
 * local definition file and an event file that ends early are reported as
 * defects of their location; the other locations load normally.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <otf2/otf2.h>

#include "jx-trace-builder.h"
#include "jx-trace-loader.h"
#include "jx-trace-private.h"

/* Events read per ReadLocalEvents call: between two calls we check for
 * cancellation and report progress. */
#define CHUNK_EVENTS 65536

/* OTF2 refs below this are mapped through dense arrays, above through hashes. */
#define DENSE_LIMIT (1u << 22)

/* The smallest OTF2 enter/leave record (type byte, length, a one-byte
 * compressed region ref) takes 3 bytes, so an .evt file of n bytes holds at
 * most n / 3 events. */
#define MIN_BYTES_PER_EVENT 3

/* Reservation cap when the .evt file's size is unknown (another substrate):
 * 2^24 invocations, 480 MiB of address space at most. */
#define MAX_BLIND_RESERVATION (1u << 24)

typedef struct
{
  guint32 ref;
  guint32 name;
  guint32 class_name;
  guint32 parent;
} RawSystemNode;

typedef struct
{
  guint32 ref;
  guint32 name;
  guint8  type;
  guint32 parent;
  guint32 process;
} RawLocationGroup;

typedef struct
{
  guint64 ref;
  guint32 name;
  guint8  type;
  guint64 n_events;
  guint32 group;
  guint32 order;
  guint32 stream;
} RawLocation;

typedef struct
{
  guint32 ref;
  guint32 name;
  guint32 canonical_name;
  guint32 description;
  guint32 source_file;
  guint32 begin_line;
  guint32 end_line;
  guint8  role;
  guint8  paradigm;
} RawRegion;

typedef struct
{
  guint8   type;
  guint8   paradigm;
  guint32  flags;
  guint32  n_members;
  guint64 *members;
} RawGroup;

typedef struct
{
  gboolean  self_comm;
  guint32   n;
  guint32  *streams;            /* rank -> stream index (JX_NONE when unknown) */
} CommRanks;

typedef struct
{
  char               *anchor;
  JxTraceBuilder     *builder;
  GCancellable       *cancellable;

  guint64             timer_resolution;
  guint64             global_offset;
  guint64             trace_length;

  GHashTable         *strings;        /* ref -> char * (owned) */
  GArray             *regions;        /* RawRegion */
  GArray             *system_nodes;   /* RawSystemNode */
  GArray             *groups;         /* RawLocationGroup */
  GArray             *locations;      /* RawLocation */
  GHashTable         *comm_groups;    /* ref -> RawGroup * */
  GHashTable         *comms;          /* comm ref -> group ref */
  GHashTable         *comm_ranks;     /* comm ref -> CommRanks * */
  GHashTable         *location_streams; /* location ref -> stream + 1 */
  GHashTable         *marker_defs;    /* marker ref -> def + 1 */

  guint32            *region_map;     /* dense OTF2 region ref -> builder region */
  guint32             n_region_map;
  GHashTable         *region_sparse;  /* ref -> region + 1, refs >= DENSE_LIMIT */

  /* Progress, shared between reader threads. */
  GMutex              progress_lock;
  JxLoadProgress      progress;
  gpointer            progress_data;
  guint64             progress_total;
  gboolean            progress_per_location; /* no event counts in the definitions */
  guint64             progress_done;
  int                 progress_percent;
  gint                stop;           /* atomic: cancelled */
} Loader;

typedef struct
{
  Loader          *ld;
  JxTraceBuilder  *b;
  guint32          stream;
  JxStreamWriter  *w;             /* writer of the current stream */
  const guint32   *region_map;
  guint32          n_region_map;
  GArray          *locations;     /* guint indices into ld->locations */
  OTF2_Reader     *reader;
  gboolean         own_reader;
  char            *error;         /* set when the reader could not be opened */
  CommRanks       *last_comm;     /* of the previous message: usually the same */
  guint32          last_comm_ref;
} ReaderThread;

/* Error reporting: libotf2 would print every error to stderr; keep the last
 * message per thread instead, to put it in a GError. */
static GPrivate last_otf2_error = G_PRIVATE_INIT (g_free);

static OTF2_ErrorCode
on_otf2_error (void           *user_data,
               const char     *file,
               uint64_t        line,
               const char     *function,
               OTF2_ErrorCode  code,
               const char     *format,
               va_list         args)
{
  g_private_replace (&last_otf2_error, g_strdup_vprintf (format, args));
  return code;
}

static void
ensure_error_handler (void)
{
  static gsize once = 0;

  if (g_once_init_enter (&once))
    {
      OTF2_Error_RegisterCallback (on_otf2_error, NULL);
      g_once_init_leave (&once, 1);
    }
}

static const char *
otf2_problem (OTF2_ErrorCode code)
{
  const char *last = g_private_get (&last_otf2_error);

  if (last != NULL && last[0] != '\0')
    return last;
  return OTF2_Error_GetDescription (code);
}

/* Anchor resolution */

char *
jx_trace_resolve_anchor (const char  *path,
                         GError     **error)
{
  g_autoptr(GDir) dir = NULL;
  g_autofree char *found = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *entry;
  guint n_found = 0;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                   _("“%s” does not exist"), path);
      return NULL;
    }

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    return g_strdup (path);

  dir = g_dir_open (path, 0, &local_error);
  if (dir == NULL)
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                   _("Cannot read directory “%s”: %s"), path, local_error->message);
      return NULL;
    }

  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *full = NULL;

      if (!g_str_has_suffix (entry, ".otf2"))
        continue;
      full = g_build_filename (path, entry, NULL);
      if (!g_file_test (full, G_FILE_TEST_IS_REGULAR))
        continue;
      n_found++;
      if (found == NULL || strcmp (full, found) < 0)
        {
          g_free (found);
          found = g_steal_pointer (&full);
        }
    }

  if (n_found == 0)
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                   _("Directory “%s” holds no OTF2 anchor file (*.otf2)"), path);
      return NULL;
    }
  if (n_found > 1)
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_AMBIGUOUS,
                   _("Directory “%s” holds %u OTF2 anchor files; name one of them"),
                   path, n_found);
      return NULL;
    }

  return g_steal_pointer (&found);
}

/* Loader state */

static void
raw_group_free (gpointer data)
{
  RawGroup *g = data;

  g_free (g->members);
  g_free (g);
}

static void
comm_ranks_free (gpointer data)
{
  CommRanks *c = data;

  g_free (c->streams);
  g_free (c);
}

static Loader *
loader_new (const char *anchor)
{
  Loader *ld = g_new0 (Loader, 1);

  ld->anchor = g_strdup (anchor);
  ld->strings = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  ld->regions = g_array_new (FALSE, TRUE, sizeof (RawRegion));
  ld->system_nodes = g_array_new (FALSE, TRUE, sizeof (RawSystemNode));
  ld->groups = g_array_new (FALSE, TRUE, sizeof (RawLocationGroup));
  ld->locations = g_array_new (FALSE, TRUE, sizeof (RawLocation));
  ld->comm_groups = g_hash_table_new_full (NULL, NULL, NULL, raw_group_free);
  ld->comms = g_hash_table_new (NULL, NULL);
  ld->comm_ranks = g_hash_table_new_full (NULL, NULL, NULL, comm_ranks_free);
  ld->location_streams = g_hash_table_new (g_int64_hash, g_int64_equal);
  ld->marker_defs = g_hash_table_new (NULL, NULL);
  ld->region_sparse = g_hash_table_new (NULL, NULL);
  ld->timer_resolution = 1;
  g_mutex_init (&ld->progress_lock);
  ld->progress_percent = -1;
  return ld;
}

static void
loader_free (Loader *ld)
{
  g_free (ld->anchor);
  jx_trace_builder_free (ld->builder);
  g_hash_table_unref (ld->strings);
  g_array_unref (ld->regions);
  g_array_unref (ld->system_nodes);
  g_array_unref (ld->groups);
  g_array_unref (ld->locations);
  g_hash_table_unref (ld->comm_groups);
  g_hash_table_unref (ld->comms);
  g_hash_table_unref (ld->comm_ranks);
  g_hash_table_unref (ld->location_streams);
  g_hash_table_unref (ld->marker_defs);
  g_hash_table_unref (ld->region_sparse);
  g_free (ld->region_map);
  g_mutex_clear (&ld->progress_lock);
  g_free (ld);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Loader, loader_free)

static const char *
lookup_string (Loader  *ld,
               guint32  ref)
{
  const char *s;

  if (ref == OTF2_UNDEFINED_STRING)
    return "";
  s = g_hash_table_lookup (ld->strings, GUINT_TO_POINTER (ref));
  return s != NULL ? s : "";
}

/* Global definitions: everything is stored raw first because definitions may
 * refer to ones that come later in the file. */

static OTF2_CallbackCode
def_clock (void     *user_data,
           uint64_t  resolution,
           uint64_t  offset,
           uint64_t  length,
           uint64_t  realtime)
{
  Loader *ld = user_data;

  ld->timer_resolution = resolution;
  ld->global_offset = offset;
  ld->trace_length = length;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_string (void           *user_data,
            OTF2_StringRef  self,
            const char     *string)
{
  Loader *ld = user_data;

  g_hash_table_replace (ld->strings, GUINT_TO_POINTER (self), g_strdup (string != NULL ? string : ""));
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_region (void            *user_data,
            OTF2_RegionRef   self,
            OTF2_StringRef   name,
            OTF2_StringRef   canonical_name,
            OTF2_StringRef   description,
            OTF2_RegionRole  role,
            OTF2_Paradigm    paradigm,
            OTF2_RegionFlag  flags,
            OTF2_StringRef   source_file,
            uint32_t         begin_line,
            uint32_t         end_line)
{
  Loader *ld = user_data;
  RawRegion r;

  r.ref = self;
  r.name = name;
  r.canonical_name = canonical_name;
  r.description = description;
  r.source_file = source_file;
  r.begin_line = begin_line;
  r.end_line = end_line;
  r.role = role;
  r.paradigm = paradigm;
  g_array_append_val (ld->regions, r);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_system_node (void                   *user_data,
                 OTF2_SystemTreeNodeRef  self,
                 OTF2_StringRef          name,
                 OTF2_StringRef          class_name,
                 OTF2_SystemTreeNodeRef  parent)
{
  Loader *ld = user_data;
  RawSystemNode n;

  n.ref = self;
  n.name = name;
  n.class_name = class_name;
  n.parent = parent;
  g_array_append_val (ld->system_nodes, n);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_location_group (void                   *user_data,
                    OTF2_LocationGroupRef   self,
                    OTF2_StringRef          name,
                    OTF2_LocationGroupType  type,
                    OTF2_SystemTreeNodeRef  parent,
                    OTF2_LocationGroupRef   creating_group)
{
  Loader *ld = user_data;
  RawLocationGroup g;

  g.ref = self;
  g.name = name;
  g.type = type;
  g.parent = parent;
  g.process = JX_NONE;
  g_array_append_val (ld->groups, g);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_location (void                  *user_data,
              OTF2_LocationRef       self,
              OTF2_StringRef         name,
              OTF2_LocationType      type,
              uint64_t               n_events,
              OTF2_LocationGroupRef  group)
{
  Loader *ld = user_data;
  RawLocation l;

  l.ref = self;
  l.name = name;
  l.type = type;
  l.n_events = n_events;
  l.group = group;
  l.order = ld->locations->len;
  l.stream = JX_NONE;
  g_array_append_val (ld->locations, l);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_group (void            *user_data,
           OTF2_GroupRef    self,
           OTF2_StringRef   name,
           OTF2_GroupType   type,
           OTF2_Paradigm    paradigm,
           OTF2_GroupFlag   flags,
           uint32_t         n_members,
           const uint64_t  *members)
{
  Loader *ld = user_data;
  RawGroup *g;

  if (type != OTF2_GROUP_TYPE_COMM_LOCATIONS && type != OTF2_GROUP_TYPE_COMM_GROUP &&
      type != OTF2_GROUP_TYPE_COMM_SELF && type != OTF2_GROUP_TYPE_LOCATIONS)
    return OTF2_CALLBACK_SUCCESS;

  g = g_new0 (RawGroup, 1);
  g->type = type;
  g->paradigm = paradigm;
  g->flags = flags;
  g->n_members = n_members;
  g->members = g_memdup2 (members, (gsize) n_members * sizeof (guint64));
  g_hash_table_replace (ld->comm_groups, GUINT_TO_POINTER (self), g);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_comm (void           *user_data,
          OTF2_CommRef    self,
          OTF2_StringRef  name,
          OTF2_GroupRef   group,
          OTF2_CommRef    parent,
          OTF2_CommFlag   flags)
{
  Loader *ld = user_data;

  g_hash_table_replace (ld->comms, GUINT_TO_POINTER (self), GUINT_TO_POINTER (group));
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
marker_def (void                *user_data,
            OTF2_MarkerRef       self,
            const char          *group,
            const char          *category,
            OTF2_MarkerSeverity  severity)
{
  Loader *ld = user_data;
  guint32 index = jx_trace_builder_add_marker_def (ld->builder, group, category, severity);

  g_hash_table_replace (ld->marker_defs, GUINT_TO_POINTER (self), GUINT_TO_POINTER (index + 1));
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
marker_instance (void             *user_data,
                 OTF2_TimeStamp    time,
                 OTF2_TimeStamp    duration,
                 OTF2_MarkerRef    marker,
                 OTF2_MarkerScope  scope,
                 uint64_t          scope_ref,
                 const char       *text)
{
  Loader *ld = user_data;
  gpointer def = g_hash_table_lookup (ld->marker_defs, GUINT_TO_POINTER (marker));

  if (def == NULL)
    return OTF2_CALLBACK_SUCCESS;
  jx_trace_builder_add_marker (ld->builder, time, duration, GPOINTER_TO_UINT (def) - 1,
                               scope, scope_ref, text);
  return OTF2_CALLBACK_SUCCESS;
}

static gint
compare_u32 (gconstpointer a,
             gconstpointer b)
{
  guint32 x = *(const guint32 *) a;
  guint32 y = *(const guint32 *) b;

  return x < y ? -1 : x > y ? 1 : 0;
}

static gint
compare_locations (gconstpointer a,
                   gconstpointer b,
                   gpointer      user_data)
{
  const RawLocation *x = a;
  const RawLocation *y = b;
  GHashTable *group_order = user_data;
  guint gx = GPOINTER_TO_UINT (g_hash_table_lookup (group_order, GUINT_TO_POINTER (x->group)));
  guint gy = GPOINTER_TO_UINT (g_hash_table_lookup (group_order, GUINT_TO_POINTER (y->group)));

  if (gx != gy)
    return gx < gy ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order ? 1 : 0;
}

static JxStreamKind
stream_kind (guint8 type)
{
  switch (type)
    {
    case OTF2_LOCATION_TYPE_CPU_THREAD:         return JX_STREAM_CPU_THREAD;
    case OTF2_LOCATION_TYPE_ACCELERATOR_STREAM: return JX_STREAM_ACCELERATOR;
    case OTF2_LOCATION_TYPE_METRIC:             return JX_STREAM_METRIC;
    default:                                    return JX_STREAM_OTHER;
    }
}

static guint32
location_stream (Loader  *ld,
                 guint64  ref)
{
  gpointer v = g_hash_table_lookup (ld->location_streams, &ref);

  return v != NULL ? GPOINTER_TO_UINT (v) - 1 : JX_NONE;
}

/* Rank of a communicator -> stream index, following OTF2's indirection
 * comm -> group (COMM_GROUP: members index the COMM_LOCATIONS group of the
 * same paradigm) -> location. */
static void
build_comm_ranks (Loader *ld)
{
  GHashTableIter iter;
  gpointer key, value;
  GHashTable *comm_locations = g_hash_table_new (NULL, NULL);

  g_hash_table_iter_init (&iter, ld->comm_groups);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      RawGroup *g = value;

      if (g->type == OTF2_GROUP_TYPE_COMM_LOCATIONS)
        g_hash_table_replace (comm_locations, GUINT_TO_POINTER (g->paradigm), g);
    }

  g_hash_table_iter_init (&iter, ld->comms);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      RawGroup *g = g_hash_table_lookup (ld->comm_groups, value);
      CommRanks *c;
      guint32 i;

      if (g == NULL)
        continue;

      c = g_new0 (CommRanks, 1);
      if (g->type == OTF2_GROUP_TYPE_COMM_SELF)
        c->self_comm = TRUE;
      else if (g->type == OTF2_GROUP_TYPE_COMM_GROUP)
        {
          RawGroup *all = g_hash_table_lookup (comm_locations, GUINT_TO_POINTER (g->paradigm));

          if (all != NULL && (g->flags & OTF2_GROUP_FLAG_GLOBAL_MEMBERS))
            g = all;
          else if (all != NULL)
            {
              c->n = g->n_members;
              c->streams = g_new (guint32, MAX (c->n, 1));
              for (i = 0; i < c->n; i++)
                c->streams[i] = g->members[i] < all->n_members
                                ? location_stream (ld, all->members[g->members[i]])
                                : JX_NONE;
              g = NULL;
            }
        }

      if (!c->self_comm && g != NULL && c->streams == NULL)
        {
          c->n = g->n_members;
          c->streams = g_new (guint32, MAX (c->n, 1));
          for (i = 0; i < c->n; i++)
            c->streams[i] = location_stream (ld, g->members[i]);
        }

      g_hash_table_replace (ld->comm_ranks, key, c);
    }

  g_hash_table_unref (comm_locations);
}

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

static void
build_definitions (Loader *ld)
{
  JxTraceBuilder *b = ld->builder;
  g_autoptr(GHashTable) node_index = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) group_order = g_hash_table_new (NULL, NULL);
  g_autoptr(GArray) string_refs = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 max_ref = 0;
  guint i;

  jx_trace_builder_set_clock (b, ld->timer_resolution, ld->global_offset, ld->trace_length);

  /* String table in ref order (Score-P refs are dense, so index = ref). */
  g_array_set_size (string_refs, 0);
  {
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, ld->strings);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      {
        guint32 ref = GPOINTER_TO_UINT (key);

        g_array_append_val (string_refs, ref);
      }
  }
  g_array_sort (string_refs, compare_u32);
  for (i = 0; i < string_refs->len; i++)
    jx_trace_builder_add_string (b, lookup_string (ld, g_array_index (string_refs, guint32, i)));

  for (i = 0; i < ld->regions->len; i++)
    max_ref = MAX (max_ref, g_array_index (ld->regions, RawRegion, i).ref < DENSE_LIMIT
                              ? g_array_index (ld->regions, RawRegion, i).ref + 1 : 0);
  ld->n_region_map = max_ref;
  ld->region_map = g_new (guint32, MAX (max_ref, 1));
  memset (ld->region_map, 0xff, (gsize) MAX (max_ref, 1) * sizeof (guint32));

  for (i = 0; i < ld->regions->len; i++)
    {
      const RawRegion *r = &g_array_index (ld->regions, RawRegion, i);
      guint32 index = jx_trace_builder_add_region (b, lookup_string (ld, r->name), r->paradigm, r->role);

      jx_trace_builder_set_region_info (b, index,
                                        lookup_string (ld, r->canonical_name),
                                        lookup_string (ld, r->description),
                                        lookup_string (ld, r->source_file),
                                        r->begin_line, r->end_line);
      if (r->ref < DENSE_LIMIT)
        ld->region_map[r->ref] = index;
      else
        g_hash_table_replace (ld->region_sparse, GUINT_TO_POINTER (r->ref), GUINT_TO_POINTER (index + 1));
    }

  /* System tree: parents may come after children, so two passes. */
  for (i = 0; i < ld->system_nodes->len; i++)
    g_hash_table_insert (node_index, GUINT_TO_POINTER (g_array_index (ld->system_nodes, RawSystemNode, i).ref),
                         GUINT_TO_POINTER (i + 1));
  for (i = 0; i < ld->system_nodes->len; i++)
    {
      const RawSystemNode *n = &g_array_index (ld->system_nodes, RawSystemNode, i);
      gpointer parent = g_hash_table_lookup (node_index, GUINT_TO_POINTER (n->parent));

      jx_trace_builder_add_system_node (b, lookup_string (ld, n->name),
                                        lookup_string (ld, n->class_name),
                                        parent != NULL ? GPOINTER_TO_UINT (parent) - 1 : JX_NONE);
    }

  for (i = 0; i < ld->groups->len; i++)
    {
      RawLocationGroup *g = &g_array_index (ld->groups, RawLocationGroup, i);
      gpointer node = g_hash_table_lookup (node_index, GUINT_TO_POINTER (g->parent));

      g->process = jx_trace_builder_add_process (b, lookup_string (ld, g->name),
                                                 node != NULL ? GPOINTER_TO_UINT (node) - 1 : JX_NONE);
      g_hash_table_insert (group_order, GUINT_TO_POINTER (g->ref), GUINT_TO_POINTER (i + 1));
    }

  /* Locations whose group is undefined get a process of their own. */
  for (i = 0; i < ld->locations->len; i++)
    {
      RawLocation *l = &g_array_index (ld->locations, RawLocation, i);

      if (!g_hash_table_contains (group_order, GUINT_TO_POINTER (l->group)))
        {
          RawLocationGroup g = { 0 };

          g.ref = l->group;
          g.name = OTF2_UNDEFINED_STRING;
          g.type = OTF2_LOCATION_GROUP_TYPE_UNKNOWN;
          g.parent = OTF2_UNDEFINED_SYSTEM_TREE_NODE;
          g.process = jx_trace_builder_add_process (b, _("Unknown process"), JX_NONE);
          jx_trace_builder_report (b, JX_DEFECT_UNDEFINED_LOCATION, JX_NONE, 0,
                                   _("Location %llu names undefined location group %u"),
                                   (unsigned long long) l->ref, l->group);
          g_array_append_val (ld->groups, g);
          g_hash_table_insert (group_order, GUINT_TO_POINTER (g.ref), GUINT_TO_POINTER (ld->groups->len));
        }
    }

  g_qsort_with_data (ld->locations->data, ld->locations->len, sizeof (RawLocation),
                     compare_locations, group_order);

  for (i = 0; i < ld->locations->len; i++)
    {
      RawLocation *l = &g_array_index (ld->locations, RawLocation, i);
      guint g = GPOINTER_TO_UINT (g_hash_table_lookup (group_order, GUINT_TO_POINTER (l->group))) - 1;
      const RawLocationGroup *grp = &g_array_index (ld->groups, RawLocationGroup, g);

      l->stream = jx_trace_builder_add_stream (b, grp->process, lookup_string (ld, l->name),
                                               stream_kind (l->type));
      jx_trace_builder_set_stream_id (b, l->stream, l->ref);
      g_hash_table_insert (ld->location_streams, &l->ref, GUINT_TO_POINTER (l->stream + 1));
      ld->progress_total += l->n_events;
    }

  /* Writers may leave the event counts at zero: then progress moves per
   * location read. */
  if (ld->progress_total == 0)
    {
      ld->progress_total = ld->locations->len;
      ld->progress_per_location = TRUE;
    }

  build_comm_ranks (ld);
}

/* Events */

static inline OTF2_CallbackCode
count_event (void           *user_data,
             OTF2_TimeStamp  time,
             JxEventKind     kind)
{
  ReaderThread *t = user_data;

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
#define COUNTED_EVENTS \
  X0 (Unknown, JX_EVENT_OTHER) \
  X (BufferFlush, JX_EVENT_MEASUREMENT, OTF2_TimeStamp stopTime) \
  X (MeasurementOnOff, JX_EVENT_MEASUREMENT, OTF2_MeasurementMode measurementMode) \
  X (MpiIsendComplete, JX_EVENT_MPI_REQUEST, uint64_t requestID) \
  X (MpiIrecvRequest, JX_EVENT_MPI_REQUEST, uint64_t requestID) \
  X (MpiRequestTest, JX_EVENT_MPI_REQUEST, uint64_t requestID) \
  X (MpiRequestCancelled, JX_EVENT_MPI_REQUEST, uint64_t requestID) \
  X (OmpFork, JX_EVENT_OMP, uint32_t numberOfRequestedThreads) \
  X0 (OmpJoin, JX_EVENT_OMP) \
  X (OmpAcquireLock, JX_EVENT_OMP, uint32_t lockID, uint32_t acquisitionOrder) \
  X (OmpReleaseLock, JX_EVENT_OMP, uint32_t lockID, uint32_t acquisitionOrder) \
  X (OmpTaskCreate, JX_EVENT_OMP, uint64_t taskID) \
  X (OmpTaskSwitch, JX_EVENT_OMP, uint64_t taskID) \
  X (OmpTaskComplete, JX_EVENT_OMP, uint64_t taskID) \
  X (Metric, JX_EVENT_METRIC, OTF2_MetricRef metric, uint8_t numberOfMetrics, const OTF2_Type* typeIDs, const OTF2_MetricValue* metricValues) \
  X (ParameterString, JX_EVENT_OTHER, OTF2_ParameterRef parameter, OTF2_StringRef string) \
  X (ParameterInt, JX_EVENT_OTHER, OTF2_ParameterRef parameter, int64_t value) \
  X (ParameterUnsignedInt, JX_EVENT_OTHER, OTF2_ParameterRef parameter, uint64_t value) \
  X (RmaWinCreate, JX_EVENT_RMA, OTF2_RmaWinRef win) \
  X (RmaWinDestroy, JX_EVENT_RMA, OTF2_RmaWinRef win) \
  X0 (RmaCollectiveBegin, JX_EVENT_RMA) \
  X (RmaCollectiveEnd, JX_EVENT_RMA, OTF2_CollectiveOp collectiveOp, OTF2_RmaSyncLevel syncLevel, OTF2_RmaWinRef win, uint32_t root, uint64_t bytesSent, uint64_t bytesReceived) \
  X (RmaGroupSync, JX_EVENT_RMA, OTF2_RmaSyncLevel syncLevel, OTF2_RmaWinRef win, OTF2_GroupRef group) \
  X (RmaRequestLock, JX_EVENT_RMA, OTF2_RmaWinRef win, uint32_t remote, uint64_t lockId, OTF2_LockType lockType) \
  X (RmaAcquireLock, JX_EVENT_RMA, OTF2_RmaWinRef win, uint32_t remote, uint64_t lockId, OTF2_LockType lockType) \
  X (RmaTryLock, JX_EVENT_RMA, OTF2_RmaWinRef win, uint32_t remote, uint64_t lockId, OTF2_LockType lockType) \
  X (RmaReleaseLock, JX_EVENT_RMA, OTF2_RmaWinRef win, uint32_t remote, uint64_t lockId) \
  X (RmaSync, JX_EVENT_RMA, OTF2_RmaWinRef win, uint32_t remote, OTF2_RmaSyncType syncType) \
  X (RmaWaitChange, JX_EVENT_RMA, OTF2_RmaWinRef win) \
  X (RmaPut, JX_EVENT_RMA, OTF2_RmaWinRef win, uint32_t remote, uint64_t bytes, uint64_t matchingId) \
  X (RmaGet, JX_EVENT_RMA, OTF2_RmaWinRef win, uint32_t remote, uint64_t bytes, uint64_t matchingId) \
  X (RmaAtomic, JX_EVENT_RMA, OTF2_RmaWinRef win, uint32_t remote, OTF2_RmaAtomicType type, uint64_t bytesSent, uint64_t bytesReceived, uint64_t matchingId) \
  X (RmaOpCompleteBlocking, JX_EVENT_RMA, OTF2_RmaWinRef win, uint64_t matchingId) \
  X (RmaOpCompleteNonBlocking, JX_EVENT_RMA, OTF2_RmaWinRef win, uint64_t matchingId) \
  X (RmaOpTest, JX_EVENT_RMA, OTF2_RmaWinRef win, uint64_t matchingId) \
  X (RmaOpCompleteRemote, JX_EVENT_RMA, OTF2_RmaWinRef win, uint64_t matchingId) \
  X (ThreadFork, JX_EVENT_THREAD, OTF2_Paradigm model, uint32_t numberOfRequestedThreads) \
  X (ThreadJoin, JX_EVENT_THREAD, OTF2_Paradigm model) \
  X (ThreadTeamBegin, JX_EVENT_THREAD, OTF2_CommRef threadTeam) \
  X (ThreadTeamEnd, JX_EVENT_THREAD, OTF2_CommRef threadTeam) \
  X (ThreadAcquireLock, JX_EVENT_THREAD, OTF2_Paradigm model, uint32_t lockID, uint32_t acquisitionOrder) \
  X (ThreadReleaseLock, JX_EVENT_THREAD, OTF2_Paradigm model, uint32_t lockID, uint32_t acquisitionOrder) \
  X (ThreadTaskCreate, JX_EVENT_THREAD, OTF2_CommRef threadTeam, uint32_t creatingThread, uint32_t generationNumber) \
  X (ThreadTaskSwitch, JX_EVENT_THREAD, OTF2_CommRef threadTeam, uint32_t creatingThread, uint32_t generationNumber) \
  X (ThreadTaskComplete, JX_EVENT_THREAD, OTF2_CommRef threadTeam, uint32_t creatingThread, uint32_t generationNumber) \
  X (ThreadCreate, JX_EVENT_THREAD, OTF2_CommRef threadContingent, uint64_t sequenceCount) \
  X (ThreadBegin, JX_EVENT_THREAD, OTF2_CommRef threadContingent, uint64_t sequenceCount) \
  X (ThreadWait, JX_EVENT_THREAD, OTF2_CommRef threadContingent, uint64_t sequenceCount) \
  X (ThreadEnd, JX_EVENT_THREAD, OTF2_CommRef threadContingent, uint64_t sequenceCount) \
  X (CallingContextEnter, JX_EVENT_OTHER, OTF2_CallingContextRef callingContext, uint32_t unwindDistance) \
  X (CallingContextLeave, JX_EVENT_OTHER, OTF2_CallingContextRef callingContext) \
  X (CallingContextSample, JX_EVENT_OTHER, OTF2_CallingContextRef callingContext, uint32_t unwindDistance, OTF2_InterruptGeneratorRef interruptGenerator) \
  X (IoCreateHandle, JX_EVENT_OTHER, OTF2_IoHandleRef handle, OTF2_IoAccessMode mode, OTF2_IoCreationFlag creationFlags, OTF2_IoStatusFlag statusFlags) \
  X (IoDestroyHandle, JX_EVENT_OTHER, OTF2_IoHandleRef handle) \
  X (IoDuplicateHandle, JX_EVENT_OTHER, OTF2_IoHandleRef oldHandle, OTF2_IoHandleRef newHandle, OTF2_IoStatusFlag statusFlags) \
  X (IoSeek, JX_EVENT_OTHER, OTF2_IoHandleRef handle, int64_t offsetRequest, OTF2_IoSeekOption whence, uint64_t offsetResult) \
  X (IoChangeStatusFlags, JX_EVENT_OTHER, OTF2_IoHandleRef handle, OTF2_IoStatusFlag statusFlags) \
  X (IoDeleteFile, JX_EVENT_OTHER, OTF2_IoParadigmRef ioParadigm, OTF2_IoFileRef file) \
  X (IoOperationBegin, JX_EVENT_OTHER, OTF2_IoHandleRef handle, OTF2_IoOperationMode mode, OTF2_IoOperationFlag operationFlags, uint64_t bytesRequest, uint64_t matchingId) \
  X (IoOperationTest, JX_EVENT_OTHER, OTF2_IoHandleRef handle, uint64_t matchingId) \
  X (IoOperationIssued, JX_EVENT_OTHER, OTF2_IoHandleRef handle, uint64_t matchingId) \
  X (IoOperationComplete, JX_EVENT_OTHER, OTF2_IoHandleRef handle, uint64_t bytesResult, uint64_t matchingId) \
  X (IoOperationCancelled, JX_EVENT_OTHER, OTF2_IoHandleRef handle, uint64_t matchingId) \
  X (IoAcquireLock, JX_EVENT_OTHER, OTF2_IoHandleRef handle, OTF2_LockType lockType) \
  X (IoReleaseLock, JX_EVENT_OTHER, OTF2_IoHandleRef handle, OTF2_LockType lockType) \
  X (IoTryLock, JX_EVENT_OTHER, OTF2_IoHandleRef handle, OTF2_LockType lockType) \
  X (ProgramBegin, JX_EVENT_PROGRAM, OTF2_StringRef programName, uint32_t numberOfArguments, const OTF2_StringRef* programArguments) \
  X (ProgramEnd, JX_EVENT_PROGRAM, int64_t exitStatus) \
  X (NonBlockingCollectiveRequest, JX_EVENT_OTHER, uint64_t requestID) \
  X (NonBlockingCollectiveComplete, JX_EVENT_OTHER, OTF2_CollectiveOp collectiveOp, OTF2_CommRef communicator, uint32_t root, uint64_t sizeSent, uint64_t sizeReceived, uint64_t requestID) \
  X (CommCreate, JX_EVENT_OTHER, OTF2_CommRef communicator) \
  X (CommDestroy, JX_EVENT_OTHER, OTF2_CommRef communicator)
COUNTED_EVENTS

#undef X0
#undef X

static inline guint32
map_region (ReaderThread   *t,
            OTF2_RegionRef  ref)
{
  if (G_LIKELY (ref < t->n_region_map))
    return t->region_map[ref];
  if (ref >= DENSE_LIMIT)
    {
      gpointer v = g_hash_table_lookup (t->ld->region_sparse, GUINT_TO_POINTER (ref));

      if (v != NULL)
        return GPOINTER_TO_UINT (v) - 1;
    }
  return JX_NONE;
}

static OTF2_CallbackCode
on_enter (OTF2_LocationRef     location,
          OTF2_TimeStamp       time,
          uint64_t             position,
          void                *user_data,
          OTF2_AttributeList  *attributes,
          OTF2_RegionRef       region)
{
  ReaderThread *t = user_data;
  guint32 r = map_region (t, region);

  if (G_LIKELY (r != JX_NONE))
    _jx_stream_writer_enter (t->b, t->w, time, r);
  else
    jx_trace_builder_enter_undefined (t->b, t->stream, time, region);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
on_leave (OTF2_LocationRef     location,
          OTF2_TimeStamp       time,
          uint64_t             position,
          void                *user_data,
          OTF2_AttributeList  *attributes,
          OTF2_RegionRef       region)
{
  ReaderThread *t = user_data;
  guint32 r = map_region (t, region);

  if (G_LIKELY (r != JX_NONE))
    _jx_stream_writer_leave (t->b, t->w, time, r);
  else
    jx_trace_builder_leave_undefined (t->b, t->stream, time, region);
  return OTF2_CALLBACK_SUCCESS;
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

  jx_trace_builder_send (t->b, t->stream, time,
                         resolve_rank (t, communicator, receiver),
                         communicator, tag, length);
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

  jx_trace_builder_recv (t->b, t->stream, time,
                         resolve_rank (t, communicator, sender),
                         communicator, tag, length);
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
  COUNTED_EVENTS
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

static gboolean
should_stop (Loader *ld)
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

static OTF2_Reader *
open_reader (const char  *anchor,
             char       **problem)
{
  OTF2_Reader *reader;

  g_private_replace (&last_otf2_error, NULL);
  reader = OTF2_Reader_Open (anchor);
  if (reader == NULL)
    {
      *problem = g_strdup (otf2_problem (OTF2_ERROR_INVALID));
      return NULL;
    }
  if (OTF2_Reader_SetSerialCollectiveCallbacks (reader) != OTF2_SUCCESS)
    {
      *problem = g_strdup (otf2_problem (OTF2_ERROR_INVALID));
      OTF2_Reader_Close (reader);
      return NULL;
    }
  return reader;
}

/* The directory holding the per-location files: the anchor's name without
 * ".otf2", next to it. */
static char *
archive_directory (const char *anchor)
{
  g_autofree char *dir = g_path_get_dirname (anchor);
  g_autofree char *base = g_path_get_basename (anchor);

  if (g_str_has_suffix (base, ".otf2"))
    base[strlen (base) - 5] = '\0';
  return g_build_filename (dir, base, NULL);
}

/* Upper bound of the events the location's .evt file can hold, or
 * MAX_BLIND_RESERVATION * 2 when its size is unknown. */
static guint64
max_events_in_file (const char *archive_dir,
                    guint64     ref)
{
  g_autofree char *name = g_strdup_printf ("%" G_GUINT64_FORMAT ".evt", ref);
  g_autofree char *path = g_build_filename (archive_dir, name, NULL);
  GStatBuf st;

  if (g_stat (path, &st) != 0 || st.st_size < 0)
    return (guint64) MAX_BLIND_RESERVATION * 2;
  return (guint64) st.st_size / MIN_BYTES_PER_EVENT;
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
  g_autofree char *name = g_strdup_printf ("%" G_GUINT64_FORMAT ".def", l->ref);
  g_autofree char *path = g_build_filename (archive_dir, name, NULL);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      guint i;
      gboolean others = FALSE;

      for (i = 0; i < t->ld->locations->len && !others; i++)
        {
          const RawLocation *o = &g_array_index (t->ld->locations, RawLocation, i);
          g_autofree char *other_name = g_strdup_printf ("%" G_GUINT64_FORMAT ".def", o->ref);
          g_autofree char *other = g_build_filename (archive_dir, other_name, NULL);

          others = o->ref != l->ref && g_file_test (other, G_FILE_TEST_EXISTS);
        }
      if (!others)
        return;
      jx_trace_builder_report (t->b, JX_DEFECT_LOCAL_DEFINITIONS, l->stream, 0,
                               _("Local definitions of location %" G_GUINT64_FORMAT
                                 " (“%s”): “%s” is missing while other locations have theirs; its references to global definitions may be wrong"),
                               l->ref, lookup_string (t->ld, l->name), path);
      return;
    }
  jx_trace_builder_report (t->b, JX_DEFECT_LOCAL_DEFINITIONS, l->stream, 0,
                           _("Local definitions of location %" G_GUINT64_FORMAT
                             " (“%s”) in “%s” could not be read: %s (%s); its references to global definitions may be wrong"),
                           l->ref, lookup_string (t->ld, l->name), path,
                           otf2_problem (status), OTF2_Error_GetName (status));
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

/* Reads the events of this thread's locations through its own OTF2_Reader:
 * libotf2 readers share no state, so two of them can run in parallel. */
static gpointer
reader_thread_run (gpointer data)
{
  ReaderThread *t = data;
  Loader *ld = t->ld;
  g_autofree OTF2_EvtReader **evt = NULL;
  g_autofree char *archive_dir = NULL;
  OTF2_EvtReaderCallbacks *cbs;
  OTF2_ErrorCode defs_status;
  gboolean defs_open;
  guint i;

  if (t->locations->len == 0)
    return NULL;

  if (t->reader == NULL)
    {
      t->reader = open_reader (ld->anchor, &t->error);
      t->own_reader = TRUE;
      if (t->reader == NULL)
        {
          for (i = 0; i < t->locations->len; i++)
            {
              const RawLocation *l = &g_array_index (ld->locations, RawLocation,
                                                     g_array_index (t->locations, guint, i));

              jx_trace_builder_mark_missing (t->b, l->stream, t->error);
            }
          return NULL;
        }
    }

  for (i = 0; i < t->locations->len; i++)
    {
      const RawLocation *l = &g_array_index (ld->locations, RawLocation,
                                             g_array_index (t->locations, guint, i));

      OTF2_Reader_SelectLocation (t->reader, l->ref);
    }

  archive_dir = archive_directory (ld->anchor);
  g_private_replace (&last_otf2_error, NULL);
  defs_status = OTF2_Reader_OpenDefFiles (t->reader);
  defs_open = defs_status == OTF2_SUCCESS;
  if (!defs_open)
    {
      for (i = 0; i < t->locations->len; i++)
        report_local_definitions (t, &g_array_index (ld->locations, RawLocation,
                                                     g_array_index (t->locations, guint, i)),
                                  archive_dir, defs_status);
    }
  OTF2_Reader_OpenEvtFiles (t->reader);

  /* Local definitions carry the mapping tables from local to global refs;
   * they must be read before the events of a location (each def reader is
   * closed before the next one is opened). */
  evt = g_new0 (OTF2_EvtReader *, t->locations->len);
  for (i = 0; i < t->locations->len; i++)
    {
      const RawLocation *l = &g_array_index (ld->locations, RawLocation,
                                             g_array_index (t->locations, guint, i));

      if (defs_open)
        {
          OTF2_DefReader *def_reader;

          g_private_replace (&last_otf2_error, NULL);
          def_reader = OTF2_Reader_GetDefReader (t->reader, l->ref);
          /* libotf2 gives no reader for a file it cannot open or parse. */
          if (def_reader == NULL)
            {
              report_local_definitions (t, l, archive_dir, OTF2_ERROR_INVALID_DATA);
              drop_failed_def_reader (t->reader, l->ref);
            }
          else
            {
              uint64_t n_defs = 0;
              OTF2_ErrorCode status;

              g_private_replace (&last_otf2_error, NULL);
              status = OTF2_Reader_ReadAllLocalDefinitions (t->reader, def_reader, &n_defs);
              if (status != OTF2_SUCCESS)
                report_local_definitions (t, l, archive_dir, status);
              OTF2_Reader_CloseDefReader (t->reader, def_reader);
            }
        }
    }
  if (defs_open)
    OTF2_Reader_CloseDefFiles (t->reader);

  cbs = create_event_callbacks ();

  for (i = 0; i < t->locations->len && !should_stop (ld); i++)
    {
      const RawLocation *l = &g_array_index (ld->locations, RawLocation,
                                             g_array_index (t->locations, guint, i));
      guint64 read_here = 0;

      /* One event reader at a time: libotf2 gives each a buffer of the
       * anchor's chunk size (up to 16 MiB) however small its file is, so
       * opening them all at once let a few kilobytes of definitions with
       * many locations ask for gigabytes (found by fuzzing). */
      evt[i] = OTF2_Reader_GetEvtReader (t->reader, l->ref);
      if (evt[i] == NULL)
        {
          drop_failed_evt_reader (t->reader, l->ref);
          jx_trace_builder_mark_missing (t->b, l->stream, otf2_problem (OTF2_ERROR_INVALID));
          add_progress (ld, ld->progress_per_location ? 1 : l->n_events);
          continue;
        }

      t->stream = l->stream;
      t->w = _jx_trace_builder_get_writer (t->b, l->stream);
      {
        guint64 hint = MIN (l->n_events, max_events_in_file (archive_dir, l->ref));

        if (hint > 0)
          jx_trace_builder_reserve (t->b, l->stream, (guint32) MIN (hint / 2 + 1, G_MAXUINT32 - 1));
      }
      OTF2_EvtReader_SetCallbacks (evt[i], cbs, t);

      while (!should_stop (ld))
        {
          uint64_t n_read = 0;
          OTF2_ErrorCode status;

          g_private_replace (&last_otf2_error, NULL);
          status = OTF2_Reader_ReadLocalEvents (t->reader, evt[i], CHUNK_EVENTS, &n_read);
          read_here += n_read;
          if (!ld->progress_per_location)
            add_progress (ld, MIN (n_read, l->n_events - MIN (l->n_events, read_here - n_read)));
          if (status != OTF2_SUCCESS)
            {
              g_autofree char *reason = g_strdup_printf ("%s (%s)", otf2_problem (status),
                                                         OTF2_Error_GetName (status));

              /* Events read before the failure stay: a file that ends
               * early is not the same as one that cannot be read. */
              if (t->w->s.n_events > 0)
                jx_trace_builder_mark_truncated (t->b, l->stream, reason);
              else
                jx_trace_builder_mark_missing (t->b, l->stream, reason);
              break;
            }
          if (n_read < CHUNK_EVENTS)
            break;
        }

      if (ld->progress_per_location)
        add_progress (ld, 1);
      else if (read_here < l->n_events)
        add_progress (ld, l->n_events - read_here);

      OTF2_Reader_CloseEvtReader (t->reader, evt[i]);
      evt[i] = NULL;
      jx_trace_builder_end_stream (t->b, l->stream);
    }

  for (; i < t->locations->len; i++)
    if (evt[i] != NULL)
      OTF2_Reader_CloseEvtReader (t->reader, evt[i]);

  OTF2_EvtReaderCallbacks_Delete (cbs);
  OTF2_Reader_CloseEvtFiles (t->reader);
  return NULL;
}

static gint
compare_by_events (gconstpointer a,
                   gconstpointer b,
                   gpointer      user_data)
{
  GArray *locations = user_data;
  guint64 x = g_array_index (locations, RawLocation, *(const guint *) a).n_events;
  guint64 y = g_array_index (locations, RawLocation, *(const guint *) b).n_events;

  if (x != y)
    return x > y ? -1 : 1;
  return *(const guint *) a < *(const guint *) b ? -1 : 1;
}

static gboolean
read_global_definitions (Loader       *ld,
                         OTF2_Reader  *reader,
                         GError      **error)
{
  OTF2_GlobalDefReader *def_reader;
  OTF2_GlobalDefReaderCallbacks *cbs;
  OTF2_ErrorCode status;
  uint64_t n_defs = 0;
  g_autofree char *def_file = NULL;

  def_file = g_str_has_suffix (ld->anchor, ".otf2")
             ? g_strdup_printf ("%.*s.def", (int) strlen (ld->anchor) - 5, ld->anchor)
             : g_strdup_printf ("%s.def", ld->anchor);

  g_private_replace (&last_otf2_error, NULL);
  def_reader = OTF2_Reader_GetGlobalDefReader (reader);
  if (def_reader == NULL)
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT,
                   _("Cannot open the definitions file “%s”: %s"),
                   def_file, otf2_problem (OTF2_ERROR_INVALID));
      return FALSE;
    }

  cbs = OTF2_GlobalDefReaderCallbacks_New ();
  OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback (cbs, def_clock);
  OTF2_GlobalDefReaderCallbacks_SetStringCallback (cbs, def_string);
  OTF2_GlobalDefReaderCallbacks_SetRegionCallback (cbs, def_region);
  OTF2_GlobalDefReaderCallbacks_SetSystemTreeNodeCallback (cbs, def_system_node);
  OTF2_GlobalDefReaderCallbacks_SetLocationGroupCallback (cbs, def_location_group);
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback (cbs, def_location);
  OTF2_GlobalDefReaderCallbacks_SetGroupCallback (cbs, def_group);
  OTF2_GlobalDefReaderCallbacks_SetCommCallback (cbs, def_comm);
  OTF2_Reader_RegisterGlobalDefCallbacks (reader, def_reader, cbs, ld);
  OTF2_GlobalDefReaderCallbacks_Delete (cbs);

  status = OTF2_Reader_ReadAllGlobalDefinitions (reader, def_reader, &n_defs);
  OTF2_Reader_CloseGlobalDefReader (reader, def_reader);
  if (status != OTF2_SUCCESS)
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT,
                   _("Cannot read the definitions file “%s”: %s"),
                   def_file, otf2_problem (status));
      return FALSE;
    }
  if (ld->locations->len == 0)
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT,
                   _("The definitions file “%s” defines no locations"), def_file);
      return FALSE;
    }
  return TRUE;
}

static void
read_markers (Loader      *ld,
              OTF2_Reader *reader)
{
  OTF2_MarkerReader *marker_reader;
  OTF2_MarkerReaderCallbacks *cbs;
  uint64_t n = 0;

  marker_reader = OTF2_Reader_GetMarkerReader (reader);
  if (marker_reader == NULL)
    return;

  cbs = OTF2_MarkerReaderCallbacks_New ();
  OTF2_MarkerReaderCallbacks_SetDefMarkerCallback (cbs, marker_def);
  OTF2_MarkerReaderCallbacks_SetMarkerCallback (cbs, marker_instance);
  OTF2_Reader_RegisterMarkerCallbacks (reader, marker_reader, cbs, ld);
  OTF2_MarkerReaderCallbacks_Delete (cbs);
  /* A marker file is optional; a missing or broken one just yields none. */
  OTF2_Reader_ReadAllMarkers (reader, marker_reader, &n);
  OTF2_Reader_CloseMarkerReader (reader, marker_reader);
}

/* OTF2 anchor files start with a type byte, the endianness (0x42 little,
 * 0x23 big) and the string "OTF2". Checking that first gives a clearer message for
 * files that are not OTF2 at all, and keeps libotf2 away from them.
 *
 * libotf2 3.0.2 trusts the counts in the anchor: a property count of 84
 * million in a 166-byte file makes it calloc 1.3 GB (found by fuzzing). So
 * the fields it sizes memory from are checked here against the file:
 * every property needs at least two bytes (name and value strings), and
 * the chunk sizes must be within OTF2's limits, as every writer keeps them. */
typedef struct
{
  const guint8 *p;
  gsize         left;
  gboolean      big_endian;
} AnchorCursor;

static gboolean
anchor_take (AnchorCursor *c,
             gsize         n,
             guint64      *value)
{
  guint64 v = 0;
  gsize i;

  if (c->left < n)
    return FALSE;
  for (i = 0; value != NULL && i < n && i < 8; i++)
    v |= (guint64) c->p[c->big_endian ? n - 1 - i : i] << (8 * i);
  c->p += n;
  c->left -= n;
  if (value != NULL)
    *value = v;
  return TRUE;
}

static gboolean
anchor_skip_string (AnchorCursor *c)
{
  const guint8 *nul = memchr (c->p, '\0', c->left);

  if (nul == NULL)
    return FALSE;
  c->left -= (gsize) (nul - c->p) + 1;
  c->p = nul + 1;
  return TRUE;
}

/* FALSE when the anchor claims more than it can hold; fields libotf2 checks
 * itself, or that a short file leaves out, are left to it. */
static gboolean
anchor_counts_plausible (const guint8 *data,
                         gsize         size)
{
  AnchorCursor c = { data + 7, size - 7, data[1] == 0x23 };
  guint64 format, events_chunk, defs_chunk, n_properties;

  if (!anchor_take (&c, 1, &format) || !anchor_take (&c, 4, NULL) ||
      !anchor_take (&c, 8, &events_chunk) || !anchor_take (&c, 8, &defs_chunk))
    return TRUE;
  if (events_chunk < OTF2_CHUNK_SIZE_MIN || events_chunk > OTF2_CHUNK_SIZE_MAX ||
      defs_chunk < OTF2_CHUNK_SIZE_MIN || defs_chunk > OTF2_CHUNK_SIZE_MAX)
    return FALSE;
  if (format < 2 || !anchor_take (&c, 2 + 8 + 8, NULL) ||
      !anchor_skip_string (&c) || !anchor_skip_string (&c) || !anchor_skip_string (&c) ||
      !anchor_take (&c, 4, &n_properties))
    return TRUE;
  return n_properties <= c.left / 2;
}

/* Anchors are a few hundred bytes; only this much is looked at (the path
 * may even name a device that never ends). */
#define ANCHOR_READ_MAX (1u << 20)

static gboolean
check_anchor_magic (const char  *anchor,
                    GError     **error)
{
  g_autofree guint8 *head = g_malloc (ANCHOR_READ_MAX);
  FILE *file;
  gsize n;

  file = g_fopen (anchor, "rb");
  if (file == NULL)
    {
      int saved = errno;

      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                   _("Cannot open “%s”: %s"), anchor, g_strerror (saved));
      return FALSE;
    }
  n = fread (head, 1, ANCHOR_READ_MAX, file);
  fclose (file);

  if (n < 6 || (head[1] != 0x42 && head[1] != 0x23 && head[1] != 'L') || memcmp (head + 2, "OTF2", 4) != 0)
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_UNSUPPORTED,
                   _("“%s” is not an OTF2 anchor file"), anchor);
      return FALSE;
    }
  /* A longer file, or a magic string that goes on, is left to libotf2. */
  if (n < ANCHOR_READ_MAX && n > 6 && head[6] == '\0' && !anchor_counts_plausible (head, n))
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT,
                   _("“%s” is not a readable OTF2 anchor file: its chunk sizes or property count do not fit the file"),
                   anchor);
      return FALSE;
    }
  return TRUE;
}

static char *
display_name (const char *anchor)
{
  g_autofree char *dir = g_path_get_dirname (anchor);
  g_autofree char *base = g_path_get_basename (anchor);

  /* Score-P names every anchor traces.otf2: the directory says more. */
  if (g_str_equal (base, "traces.otf2") && !g_str_equal (dir, "."))
    return g_path_get_basename (dir);
  if (g_str_has_suffix (base, ".otf2"))
    base[strlen (base) - 5] = '\0';
  return g_steal_pointer (&base);
}

JxTrace *
jx_trace_load (const char           *path,
               const JxLoadOptions  *options,
               JxLoadProgress        progress,
               gpointer              progress_data,
               GCancellable         *cancellable,
               GError              **error)
{
  g_autoptr(Loader) ld = NULL;
  g_autofree char *anchor = NULL;
  g_autofree char *name = NULL;
  g_autofree char *problem = NULL;
  OTF2_Reader *reader;
  ReaderThread threads[2];
  g_autoptr(GArray) order = NULL;
  guint64 load[2] = { 0, 0 };
  GThread *helper = NULL;
  guint n_readers;
  char *creator = NULL;
  guint i;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);

  ensure_error_handler ();

  anchor = jx_trace_resolve_anchor (path, error);
  if (anchor == NULL)
    return NULL;

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  if (!check_anchor_magic (anchor, error))
    return NULL;

  reader = open_reader (anchor, &problem);
  if (reader == NULL)
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT,
                   _("“%s” is not a readable OTF2 anchor file (libotf2: %s)"), anchor, problem);
      return NULL;
    }

  ld = loader_new (anchor);
  ld->cancellable = cancellable;
  ld->progress = progress;
  ld->progress_data = progress_data;
  name = display_name (anchor);
  ld->builder = jx_trace_builder_new (anchor, name, 1);

  if (!read_global_definitions (ld, reader, error))
    {
      OTF2_Reader_Close (reader);
      return NULL;
    }
  if (OTF2_Reader_GetCreator (reader, &creator) == OTF2_SUCCESS && creator != NULL)
    {
      jx_trace_builder_set_creator (ld->builder, creator);
      free (creator);
    }

  build_definitions (ld);
  read_markers (ld, reader);

  /* Split the locations between the readers, heaviest first into the
   * lighter bin, so both finish at about the same time. */
  n_readers = options != NULL && options->n_threads > 0 ? options->n_threads
                                                        : MIN (g_get_num_processors (), 2);
  n_readers = CLAMP (n_readers, 1, 2);
  n_readers = MIN (n_readers, ld->locations->len);

  memset (threads, 0, sizeof threads);
  for (i = 0; i < 2; i++)
    {
      threads[i].ld = ld;
      threads[i].b = ld->builder;
      threads[i].region_map = ld->region_map;
      threads[i].n_region_map = ld->n_region_map;
      threads[i].locations = g_array_new (FALSE, FALSE, sizeof (guint));
    }
  threads[0].reader = reader;

  order = g_array_new (FALSE, FALSE, sizeof (guint));
  for (i = 0; i < ld->locations->len; i++)
    g_array_append_val (order, i);
  g_qsort_with_data (order->data, order->len, sizeof (guint), compare_by_events, ld->locations);
  for (i = 0; i < order->len; i++)
    {
      guint l = g_array_index (order, guint, i);
      guint bin = (n_readers > 1 && load[1] < load[0]) ? 1 : 0;

      g_array_append_val (threads[bin].locations, l);
      load[bin] += g_array_index (ld->locations, RawLocation, l).n_events + 1;
    }
  for (i = 0; i < 2; i++)
    g_array_sort (threads[i].locations, compare_u32);

  if (n_readers > 1)
    helper = g_thread_new ("jx-trace-reader", reader_thread_run, &threads[1]);
  reader_thread_run (&threads[0]);
  if (helper != NULL)
    g_thread_join (helper);

  for (i = 0; i < 2; i++)
    {
      if (threads[i].reader != NULL)
        OTF2_Reader_Close (threads[i].reader);
      g_array_unref (threads[i].locations);
      g_free (threads[i].error);
    }

  if (should_stop (ld))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Loading was cancelled"));
      return NULL;
    }

  if (progress != NULL && ld->progress_percent < 100)
    progress (1.0, progress_data);

  {
    JxTraceBuilder *b = g_steal_pointer (&ld->builder);

    return jx_trace_builder_finish (b);
  }
}

/* Asynchronous variant */

typedef struct
{
  char           *path;
  JxLoadOptions   options;
  gboolean        has_options;
  JxLoadProgress  progress;
  gpointer        progress_data;
  GDestroyNotify  progress_notify;
  GMainContext   *context;
  GMutex          lock;
  double          fraction;
  gboolean        idle_pending;
} AsyncLoad;

typedef struct
{
  GDestroyNotify notify;
  gpointer       data;
} PendingNotify;

static gboolean
run_notify (gpointer user_data)
{
  PendingNotify *pending = user_data;

  pending->notify (pending->data);
  return G_SOURCE_REMOVE;
}

/* The last reference may go away in the GTask worker thread, so the notify
 * callback is sent back to the caller's context like the progress calls. */
static void
async_load_free (gpointer data)
{
  AsyncLoad *al = data;

  g_free (al->path);
  if (al->progress_notify != NULL)
    {
      PendingNotify *pending = g_new (PendingNotify, 1);
      GSource *source = g_idle_source_new ();

      pending->notify = al->progress_notify;
      pending->data = al->progress_data;
      g_source_set_callback (source, run_notify, pending, g_free);
      g_source_set_static_name (source, "[juxtrace] load progress notify");
      g_source_attach (source, al->context);
      g_source_unref (source);
    }
  g_main_context_unref (al->context);
  g_mutex_clear (&al->lock);
}

static gboolean
deliver_progress (gpointer data)
{
  AsyncLoad *al = data;
  double fraction;

  g_mutex_lock (&al->lock);
  fraction = al->fraction;
  al->idle_pending = FALSE;
  g_mutex_unlock (&al->lock);

  al->progress (fraction, al->progress_data);
  return G_SOURCE_REMOVE;
}

static void
async_load_unref (gpointer data)
{
  g_atomic_rc_box_release_full (data, async_load_free);
}

/* Runs in a loader thread: keep only the newest fraction and let at most one
 * idle callback be queued on the caller's context at any time. */
static void
relay_progress (double   fraction,
                gpointer user_data)
{
  AsyncLoad *al = user_data;
  gboolean schedule;

  g_mutex_lock (&al->lock);
  al->fraction = fraction;
  schedule = !al->idle_pending;
  al->idle_pending = TRUE;
  g_mutex_unlock (&al->lock);

  if (schedule)
    {
      GSource *source = g_idle_source_new ();

      g_source_set_priority (source, G_PRIORITY_DEFAULT);
      g_source_set_callback (source, deliver_progress, g_atomic_rc_box_acquire (al), async_load_unref);
      g_source_set_static_name (source, "[juxtrace] load progress");
      g_source_attach (source, al->context);
      g_source_unref (source);
    }
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  AsyncLoad *al = task_data;
  GError *error = NULL;
  JxTrace *trace;

  trace = jx_trace_load (al->path, al->has_options ? &al->options : NULL,
                         al->progress != NULL ? relay_progress : NULL, al,
                         cancellable, &error);

  /* Progress idles were attached before the GTask's own completion source
   * and have the same priority, so they are dispatched before the callback. */
  if (trace == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, trace, g_object_unref);
}

void
jx_trace_load_async (const char           *path,
                     const JxLoadOptions  *options,
                     JxLoadProgress        progress,
                     gpointer              progress_data,
                     GDestroyNotify        progress_notify,
                     GCancellable         *cancellable,
                     GAsyncReadyCallback   callback,
                     gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;
  AsyncLoad *al;

  g_return_if_fail (path != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  al = g_atomic_rc_box_new0 (AsyncLoad);
  al->path = g_strdup (path);
  if (options != NULL)
    {
      al->options = *options;
      al->has_options = TRUE;
    }
  al->progress = progress;
  al->progress_data = progress_data;
  al->progress_notify = progress_notify;
  al->context = g_main_context_ref_thread_default ();
  g_mutex_init (&al->lock);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, jx_trace_load_async);
  g_task_set_name (task, "jx_trace_load_async");
  g_task_set_task_data (task, al, async_load_unref);
  g_task_run_in_thread (task, load_thread);
}

JxTrace *
jx_trace_load_finish (GAsyncResult  *result,
                      GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == jx_trace_load_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
