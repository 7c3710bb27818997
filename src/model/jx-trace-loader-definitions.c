/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-loader-definitions.c — the global definitions and the marker
 * file, read through one OTF2_Reader before any event, and handed to the
 * builder: strings, regions (with the dense OTF2 ref -> region map the
 * event callbacks use), the system tree, processes (location groups),
 * streams (locations) and the communicator -> rank -> stream tables that
 * message events are resolved through. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "jx-marker-file-private.h"
#include "jx-trace-loader-private.h"

const char *
_jx_loader_lookup_string (Loader  *ld,
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
  RawRegion r = { .ref = self, .name = name, .canonical_name = canonical_name,
                  .description = description, .source_file = source_file,
                  .begin_line = begin_line, .end_line = end_line,
                  .role = role, .paradigm = paradigm };

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
  RawSystemNode n = { .ref = self, .name = name, .class_name = class_name, .parent = parent };

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
  RawLocationGroup g = { .ref = self, .name = name, .type = type, .parent = parent,
                         .process = JX_NONE };

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
  RawLocation l = { .ref = self, .name = name, .type = type, .n_events = n_events,
                    .group = group, .order = ld->locations->len, .stream = JX_NONE };

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
  /* A partial load keeps the markers that overlap its window. */
  if (ld->windowed && (time >= ld->window_end || (duration < ld->window_begin && time < ld->window_begin - duration)))
    return OTF2_CALLBACK_SUCCESS;
  jx_trace_builder_add_marker (ld->builder, time, duration, GPOINTER_TO_UINT (def) - 1,
                               scope, scope_ref, text);
  return OTF2_CALLBACK_SUCCESS;
}

/* Handing the definitions to the builder */

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

/* Rank -> stream index for a communicator on group g. */
static CommRanks *
comm_ranks_new (Loader         *ld,
                const RawGroup *g,
                GHashTable     *comm_locations)
{
  CommRanks *c = g_new0 (CommRanks, 1);
  const RawGroup *all = NULL;     /* when set, g's members index its members */
  guint32 i;

  if (g->type == OTF2_GROUP_TYPE_COMM_SELF)
    {
      c->self_comm = TRUE;
      return c;
    }
  if (g->type == OTF2_GROUP_TYPE_COMM_GROUP)
    {
      all = g_hash_table_lookup (comm_locations, GUINT_TO_POINTER (g->paradigm));
      if (all != NULL && (g->flags & OTF2_GROUP_FLAG_GLOBAL_MEMBERS))
        {
          g = all;
          all = NULL;
        }
    }

  c->n = g->n_members;
  c->streams = g_new (guint32, MAX (c->n, 1));
  c->refs = g_new (guint64, MAX (c->n, 1));
  for (i = 0; i < c->n; i++)
    {
      if (all == NULL)
        c->refs[i] = g->members[i];
      else if (g->members[i] < all->n_members)
        c->refs[i] = all->members[g->members[i]];
      else
        c->refs[i] = G_MAXUINT64;
      c->streams[i] = c->refs[i] != G_MAXUINT64 ? location_stream (ld, c->refs[i]) : JX_NONE;
    }
  return c;
}

/* Rank of a communicator -> stream index, following OTF2's indirection
 * comm -> group (COMM_GROUP: members index the COMM_LOCATIONS group of the
 * same paradigm) -> location. */
static void
build_comm_ranks (Loader *ld)
{
  g_autoptr(GHashTable) comm_locations = g_hash_table_new (NULL, NULL);
  GHashTableIter iter;
  gpointer key, value;

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

      if (g != NULL)
        g_hash_table_replace (ld->comm_ranks, key, comm_ranks_new (ld, g, comm_locations));
    }
}

/* String table in ref order (Score-P refs are dense, so index = ref). */
static void
add_strings (Loader *ld)
{
  g_autoptr(GArray) refs = g_array_new (FALSE, FALSE, sizeof (guint32));
  GHashTableIter iter;
  gpointer key;
  guint i;

  g_hash_table_iter_init (&iter, ld->strings);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      guint32 ref = GPOINTER_TO_UINT (key);

      g_array_append_val (refs, ref);
    }
  g_array_sort (refs, _jx_compare_u32);
  for (i = 0; i < refs->len; i++)
    jx_trace_builder_add_string (ld->builder,
                                 _jx_loader_lookup_string (ld, g_array_index (refs, guint32, i)));
}

/* Regions, and the map from their OTF2 refs to builder regions. */
static void
add_regions (Loader *ld)
{
  JxTraceBuilder *b = ld->builder;
  guint32 max_ref = 0;
  guint i;

  for (i = 0; i < ld->regions->len; i++)
    {
      guint32 ref = g_array_index (ld->regions, RawRegion, i).ref;

      if (ref < _JX_DENSE_LIMIT)
        max_ref = MAX (max_ref, ref + 1);
    }
  ld->n_region_map = max_ref;
  ld->region_map = g_new (guint32, MAX (max_ref, 1));
  memset (ld->region_map, 0xff, (gsize) MAX (max_ref, 1) * sizeof (guint32));

  for (i = 0; i < ld->regions->len; i++)
    {
      const RawRegion *r = &g_array_index (ld->regions, RawRegion, i);
      guint32 index = jx_trace_builder_add_region (b, _jx_loader_lookup_string (ld, r->name),
                                                   r->paradigm, r->role);

      jx_trace_builder_set_region_info (b, index,
                                        _jx_loader_lookup_string (ld, r->canonical_name),
                                        _jx_loader_lookup_string (ld, r->description),
                                        _jx_loader_lookup_string (ld, r->source_file),
                                        r->begin_line, r->end_line);
      if (r->ref < _JX_DENSE_LIMIT)
        ld->region_map[r->ref] = index;
      else
        g_hash_table_replace (ld->region_sparse, GUINT_TO_POINTER (r->ref), GUINT_TO_POINTER (index + 1));
    }
}

/* Returns node ref -> builder node + 1. Parents may come after children,
 * so two passes. */
static GHashTable *
add_system_tree (Loader *ld)
{
  GHashTable *node_index = g_hash_table_new (NULL, NULL);
  guint i;

  for (i = 0; i < ld->system_nodes->len; i++)
    g_hash_table_insert (node_index, GUINT_TO_POINTER (g_array_index (ld->system_nodes, RawSystemNode, i).ref),
                         GUINT_TO_POINTER (i + 1));
  for (i = 0; i < ld->system_nodes->len; i++)
    {
      const RawSystemNode *n = &g_array_index (ld->system_nodes, RawSystemNode, i);
      gpointer parent = g_hash_table_lookup (node_index, GUINT_TO_POINTER (n->parent));

      jx_trace_builder_add_system_node (ld->builder, _jx_loader_lookup_string (ld, n->name),
                                        _jx_loader_lookup_string (ld, n->class_name),
                                        parent != NULL ? GPOINTER_TO_UINT (parent) - 1 : JX_NONE);
    }
  return node_index;
}

/* Locations whose group is undefined get a process of their own, one per
 * undefined group ref. */
static void
add_synthetic_groups (Loader *ld)
{
  guint i;

  for (i = 0; i < ld->groups->len; i++)
    g_hash_table_insert (ld->group_order, GUINT_TO_POINTER (g_array_index (ld->groups, RawLocationGroup, i).ref),
                         GUINT_TO_POINTER (i + 1));

  for (i = 0; i < ld->locations->len; i++)
    {
      RawLocation *l = &g_array_index (ld->locations, RawLocation, i);

      if (!g_hash_table_contains (ld->group_order, GUINT_TO_POINTER (l->group)))
        {
          RawLocationGroup g = { 0 };

          g.ref = l->group;
          g.name = OTF2_UNDEFINED_STRING;
          g.type = OTF2_LOCATION_GROUP_TYPE_UNKNOWN;
          g.parent = OTF2_UNDEFINED_SYSTEM_TREE_NODE;
          g.process = JX_NONE;
          g.synthetic = TRUE;
          g.named_by = l->ref;
          g_array_append_val (ld->groups, g);
          g_hash_table_insert (ld->group_order, GUINT_TO_POINTER (g.ref), GUINT_TO_POINTER (ld->groups->len));
        }
    }
}

/* The event file sizes, for the memory estimate. */
static void
stat_event_files (Loader *ld)
{
  g_autofree char *archive_dir = _jx_loader_archive_directory (ld->anchor);
  guint i;

  for (i = 0; i < ld->locations->len; i++)
    {
      RawLocation *l = &g_array_index (ld->locations, RawLocation, i);
      g_autofree char *path = _jx_loader_location_file (archive_dir, l->ref, ".evt");
      GStatBuf st;

      l->file_bytes = g_stat (path, &st) == 0 && st.st_size > 0 ? (guint64) st.st_size : 0;
    }
}

void
_jx_loader_prepare (Loader *ld)
{
  guint i;

  add_synthetic_groups (ld);
  g_qsort_with_data (ld->locations->data, ld->locations->len, sizeof (RawLocation),
                     compare_locations, ld->group_order);
  stat_event_files (ld);
  for (i = 0; i < ld->groups->len; i++)
    g_array_index (ld->groups, RawLocationGroup, i).selected = TRUE;
  for (i = 0; i < ld->locations->len; i++)
    g_array_index (ld->locations, RawLocation, i).selected = TRUE;
}

/* A process per selected location group, at its position in the
 * definitions (JxProcess.rank) also when others are left out. */
static void
add_processes (Loader     *ld,
               GHashTable *node_index)
{
  JxTraceBuilder *b = ld->builder;
  guint i;

  for (i = 0; i < ld->groups->len; i++)
    {
      RawLocationGroup *g = &g_array_index (ld->groups, RawLocationGroup, i);
      gpointer node = g_hash_table_lookup (node_index, GUINT_TO_POINTER (g->parent));

      g->process = JX_NONE;
      if (!g->selected)
        continue;
      if (g->synthetic)
        {
          g->process = jx_trace_builder_add_process (b, _("Unknown process"), JX_NONE);
          jx_trace_builder_report (b, JX_DEFECT_UNDEFINED_LOCATION, JX_NONE, 0,
                                   _("Location %llu names undefined location group %u"),
                                   (unsigned long long) g->named_by, g->ref);
        }
      else
        g->process = jx_trace_builder_add_process (b, _jx_loader_lookup_string (ld, g->name),
                                                   node != NULL ? GPOINTER_TO_UINT (node) - 1 : JX_NONE);
      jx_trace_builder_set_process_rank (b, g->process, i);
    }
}

/* A stream per selected location, grouped by process in group order
 * (_jx_loader_prepare () sorted them so). */
static void
add_streams (Loader *ld)
{
  JxTraceBuilder *b = ld->builder;
  guint i;

  for (i = 0; i < ld->locations->len; i++)
    {
      RawLocation *l = &g_array_index (ld->locations, RawLocation, i);
      guint g = GPOINTER_TO_UINT (g_hash_table_lookup (ld->group_order, GUINT_TO_POINTER (l->group))) - 1;
      const RawLocationGroup *grp = &g_array_index (ld->groups, RawLocationGroup, g);

      if (!l->selected)
        {
          l->stream = JX_NONE;
          g_hash_table_insert (ld->location_streams, &l->ref, GUINT_TO_POINTER (_JX_UNSELECTED + 1));
          continue;
        }
      g_assert (grp->process != JX_NONE);
      l->stream = jx_trace_builder_add_stream (b, grp->process, _jx_loader_lookup_string (ld, l->name),
                                               stream_kind (l->type));
      jx_trace_builder_set_stream_id (b, l->stream, l->ref);
      g_hash_table_insert (ld->location_streams, &l->ref, GUINT_TO_POINTER (l->stream + 1));
      ld->progress_total += l->n_events;
    }

  /* Writers may leave the event counts at zero: then progress moves per
   * location read. */
  if (ld->progress_total == 0)
    {
      for (i = 0; i < ld->locations->len; i++)
        ld->progress_total += g_array_index (ld->locations, RawLocation, i).selected ? 1 : 0;
      ld->progress_per_location = TRUE;
    }
}

void
_jx_loader_build_definitions (Loader *ld)
{
  g_autoptr(GHashTable) node_index = NULL;

  jx_trace_builder_set_clock (ld->builder, ld->timer_resolution, ld->global_offset, ld->trace_length);
  add_strings (ld);
  add_regions (ld);
  node_index = add_system_tree (ld);
  add_processes (ld, node_index);
  add_streams (ld);
  build_comm_ranks (ld);
  _jx_loader_build_metrics (ld);
}

/* Definitions read per step while progress is told. */
#define DEFS_PER_STEP 4096

/* The same as OTF2_Reader_ReadAllGlobalDefinitions (), in steps, telling
 * the locations defined so far of those the anchor announces. */
static OTF2_ErrorCode
read_global_definitions_telling (Loader               *ld,
                                 OTF2_Reader          *reader,
                                 OTF2_GlobalDefReader *def_reader)
{
  uint64_t n_total = 0, n_read = 0;
  guint told = G_MAXUINT;
  OTF2_ErrorCode status;

  if (OTF2_Reader_GetNumberOfLocations (reader, &n_total) != OTF2_SUCCESS)
    n_total = 0;
  do
    {
      status = OTF2_Reader_ReadGlobalDefinitions (reader, def_reader, DEFS_PER_STEP, &n_read);
      if (status != OTF2_SUCCESS)
        return status;
      if (ld->locations->len != told)
        {
          told = ld->locations->len;
          ld->def_progress (told, (guint) MIN (MAX (n_total, (uint64_t) told), G_MAXUINT), ld->def_progress_data);
        }
    }
  while (n_read == DEFS_PER_STEP);
  return OTF2_SUCCESS;
}

gboolean
_jx_loader_read_global_definitions (Loader       *ld,
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

  _jx_loader_forget_otf2_error ();
  def_reader = OTF2_Reader_GetGlobalDefReader (reader);
  if (def_reader == NULL)
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT,
                   _("Cannot open the definitions file “%s”: %s"),
                   def_file, _jx_loader_otf2_problem (OTF2_ERROR_INVALID));
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
  _jx_loader_set_metric_callbacks (cbs);
  OTF2_Reader_RegisterGlobalDefCallbacks (reader, def_reader, cbs, ld);
  OTF2_GlobalDefReaderCallbacks_Delete (cbs);

  if (ld->def_progress == NULL)
    status = OTF2_Reader_ReadAllGlobalDefinitions (reader, def_reader, &n_defs);
  else
    status = read_global_definitions_telling (ld, reader, def_reader);
  OTF2_Reader_CloseGlobalDefReader (reader, def_reader);
  if (status != OTF2_SUCCESS)
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT,
                   _("Cannot read the definitions file “%s”: %s"),
                   def_file, _jx_loader_otf2_problem (status));
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

void
_jx_loader_read_markers (Loader      *ld,
                         OTF2_Reader *reader)
{
  /* A marker file is optional; a missing or broken one just yields none. */
  _jx_marker_file_read (reader, marker_def, marker_instance, ld);
}
