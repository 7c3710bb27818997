/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-gen-archive.c — the OTF2 archive around the simulated run: libotf2's
 * writers with bounded memory, the global definitions (strings, system
 * tree, locations, regions, communicators), the marker file, and replacing
 * an archive an earlier run left behind. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "jx-gen-private.h"
#include "jx-trace.h"

static OTF2_FlushType
pre_flush (void             *user_data,
           OTF2_FileType     file_type,
           OTF2_LocationRef  location,
           void             *caller_data,
           bool              final)
{
  return OTF2_FLUSH;
}

static OTF2_FlushCallbacks flush_callbacks = { pre_flush, NULL };

/* Bounded chunk pool per writer: when it is used up libotf2 flushes to disk,
 * which keeps memory flat however many events are written. */
#define POOL_CHUNKS 2

typedef struct
{
  guint  n;
  void  *chunks[POOL_CHUNKS];
} ChunkPool;

static void *
pool_allocate (void              *user_data,
               OTF2_FileType      file_type,
               OTF2_LocationRef   location,
               void             **per_buffer_data,
               uint64_t           chunk_size)
{
  ChunkPool *pool = *per_buffer_data;

  if (pool == NULL)
    *per_buffer_data = pool = g_new0 (ChunkPool, 1);
  if (pool->n == POOL_CHUNKS)
    return NULL;
  pool->chunks[pool->n] = g_try_malloc (chunk_size);
  if (pool->chunks[pool->n] == NULL)
    return NULL;
  return pool->chunks[pool->n++];
}

static void
pool_free_all (void              *user_data,
               OTF2_FileType      file_type,
               OTF2_LocationRef   location,
               void             **per_buffer_data,
               bool               final)
{
  ChunkPool *pool = *per_buffer_data;
  guint i;

  if (pool == NULL)
    return;
  for (i = 0; i < pool->n; i++)
    g_free (pool->chunks[i]);
  pool->n = 0;
  if (final)
    {
      g_free (pool);
      *per_buffer_data = NULL;
    }
}

static OTF2_MemoryCallbacks memory_callbacks = { pool_allocate, pool_free_all };

typedef struct
{
  GHashTable *index;   /* string → ref + 1 */
  GPtrArray  *order;
} StringTable;

static guint32
string_ref (StringTable *s,
            const char  *str)
{
  gpointer v = g_hash_table_lookup (s->index, str);
  char *copy;

  if (v != NULL)
    return GPOINTER_TO_UINT (v) - 1;
  copy = g_strdup (str);
  g_ptr_array_add (s->order, copy);
  g_hash_table_insert (s->index, copy, GUINT_TO_POINTER (s->order->len));
  return s->order->len - 1;
}

static gboolean
write_failed (GError         **error,
              const char      *directory,
              const char      *what,
              OTF2_ErrorCode   rc)
{
  /* OTF2_SUCCESS here means libotf2 gave no error code (a NULL handle). */
  if (rc == OTF2_SUCCESS)
    g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE,
                 _("Could not write the trace in “%s”: %s"), directory, what);
  else
    g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE,
                 _("Could not write the trace in “%s”: %s (%s)"),
                 directory, what, OTF2_Error_GetDescription (rc));
  return FALSE;
}

/* The outcome of writing one file: the error of writing it (@rc) comes
 * before the error of closing its writer (@close_rc). */
static gboolean
file_written (OTF2_ErrorCode   rc,
              OTF2_ErrorCode   close_rc,
              const char      *directory,
              const char      *writing_failed,
              const char      *closing_failed,
              GError         **error)
{
  if (rc != OTF2_SUCCESS)
    return write_failed (error, directory, writing_failed, rc);
  if (close_rc != OTF2_SUCCESS)
    return write_failed (error, directory, closing_failed, close_rc);
  return TRUE;
}

/* The name of rank r's process: options->process_names with "{rank}" and
 * "{pid}" filled in. The made-up PIDs differ between ranks and seeds, as
 * those of two runs of one program do. */
static char *
process_name (const JxGeneratorOptions *o,
              guint                     rank)
{
  g_autofree char *rank_text = g_strdup_printf ("%u", rank);
  g_autofree char *pid_text = g_strdup_printf ("%u", 1000u + (o->seed * 2654435761u) % 150000u + rank * 7u);
  g_autoptr(GString) name = NULL;

  if (o->process_names == NULL)
    return g_strdup_printf ("MPI Rank %u", rank);
  name = g_string_new (o->process_names);
  g_string_replace (name, "{rank}", rank_text, 0);
  g_string_replace (name, "{pid}", pid_text, 0);
  return g_string_free (g_steal_pointer (&name), FALSE);
}

static gboolean
write_definitions (JxGen         *g,
                   OTF2_Archive  *archive,
                   const char    *directory,
                   GError       **error)
{
  const JxGeneratorOptions *o = &g->opt;
  OTF2_GlobalDefWriter *w;
  StringTable s;
  guint32 *region_name_str, *region_file_str, *loc_name_str, *group_name_str, *node_name_str;
  guint32 s_machine_class, s_node_class, s_machine, s_world, s_self, s_empty;
  guint32 metric_str[6] = { 0 };
  guint n_nodes = (o->n_ranks + 3) / 4;
  guint64 *members;
  guint i, r;
  OTF2_ErrorCode rc = OTF2_SUCCESS;
  gboolean slower = (o->variant & JX_VARIANT_SLOWER_MACHINE) != 0;

  w = OTF2_Archive_GetGlobalDefWriter (archive);
  if (w == NULL)
    return write_failed (error, directory, _("no definition writer"), OTF2_SUCCESS);

  s.index = g_hash_table_new (g_str_hash, g_str_equal);
  s.order = g_ptr_array_new_with_free_func (g_free);
  s_empty = string_ref (&s, "");
  s_machine_class = string_ref (&s, "machine");
  s_node_class = string_ref (&s, "node");
  s_machine = string_ref (&s, slower ? "cluster-b" : "cluster-a");
  s_world = string_ref (&s, "MPI_COMM_WORLD");
  s_self = string_ref (&s, "MPI_COMM_SELF");
  node_name_str = g_new (guint32, n_nodes);
  for (i = 0; i < n_nodes; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s%03u", slower ? "b-node" : "a-node", i);

      node_name_str[i] = string_ref (&s, name);
    }
  group_name_str = g_new (guint32, o->n_ranks);
  for (r = 0; r < o->n_ranks; r++)
    {
      g_autofree char *name = process_name (o, r);

      group_name_str[r] = string_ref (&s, name);
    }
  loc_name_str = g_new (guint32, g->n_locs);
  for (i = 0; i < g->n_locs; i++)
    loc_name_str[i] = string_ref (&s, g->locs[i].name);
  if (o->metrics)
    {
      metric_str[0] = string_ref (&s, JX_GENERATOR_METRIC_CYCLES);
      metric_str[1] = string_ref (&s, "Cycles counted by the synthetic program");
      metric_str[2] = string_ref (&s, "#");
      metric_str[3] = string_ref (&s, JX_GENERATOR_METRIC_POWER);
      metric_str[4] = string_ref (&s, "Power drawn by the synthetic program");
      metric_str[5] = string_ref (&s, "W");
    }
  region_name_str = g_new (guint32, g->n_regions);
  region_file_str = g_new (guint32, g->n_regions);
  for (i = 0; i < g->n_regions; i++)
    if (g->region_used[i])
      {
        region_name_str[i] = string_ref (&s, g->region_name[i]);
        region_file_str[i] = string_ref (&s, g->region_info[i].file);
      }

  rc = OTF2_GlobalDefWriter_WriteClockProperties (w, o->timer_resolution, g->st.first_time,
                                                  g->st.last_time - g->st.first_time + 1,
                                                  OTF2_UNDEFINED_TIMESTAMP);
  for (i = 0; i < s.order->len && rc == OTF2_SUCCESS; i++)
    rc = OTF2_GlobalDefWriter_WriteString (w, i, g_ptr_array_index (s.order, i));

  if (rc == OTF2_SUCCESS)
    rc = OTF2_GlobalDefWriter_WriteSystemTreeNode (w, 0, s_machine, s_machine_class,
                                                   OTF2_UNDEFINED_SYSTEM_TREE_NODE);
  for (i = 0; i < n_nodes && rc == OTF2_SUCCESS; i++)
    rc = OTF2_GlobalDefWriter_WriteSystemTreeNode (w, 1 + i, node_name_str[i], s_node_class, 0);
  for (r = 0; r < o->n_ranks && rc == OTF2_SUCCESS; r++)
    rc = OTF2_GlobalDefWriter_WriteLocationGroup (w, r, group_name_str[r],
                                                  OTF2_LOCATION_GROUP_TYPE_PROCESS, 1 + r / 4,
                                                  OTF2_UNDEFINED_LOCATION_GROUP);
  for (i = 0; i < g->n_locs && rc == OTF2_SUCCESS; i++)
    rc = OTF2_GlobalDefWriter_WriteLocation (w, g->locs[i].id, loc_name_str[i], g->locs[i].type,
                                             g->locs[i].n_events, g->locs[i].rank);
  for (i = 0; i < g->n_regions && rc == OTF2_SUCCESS; i++)
    if (g->region_used[i])
      rc = OTF2_GlobalDefWriter_WriteRegion (w, g->ref[i], region_name_str[i], region_name_str[i],
                                             s_empty, (OTF2_RegionRole) g->region_info[i].role,
                                             (OTF2_Paradigm) g->region_info[i].paradigm,
                                             OTF2_REGION_FLAG_NONE, region_file_str[i],
                                             g->region_info[i].line,
                                             g->region_info[i].line ? g->region_info[i].line + 20 : 0);

  if (o->metrics && rc == OTF2_SUCCESS)
    {
      static const OTF2_MetricMemberRef members_of_class[] = { 0, 1 };

      rc = OTF2_GlobalDefWriter_WriteMetricMember (w, 0, metric_str[0], metric_str[1], OTF2_METRIC_TYPE_OTHER,
                                                   OTF2_METRIC_ACCUMULATED_START, OTF2_TYPE_UINT64,
                                                   OTF2_BASE_DECIMAL, 0, metric_str[2]);
      if (rc == OTF2_SUCCESS)
        rc = OTF2_GlobalDefWriter_WriteMetricMember (w, 1, metric_str[3], metric_str[4], OTF2_METRIC_TYPE_OTHER,
                                                     OTF2_METRIC_ABSOLUTE_POINT, OTF2_TYPE_DOUBLE,
                                                     OTF2_BASE_DECIMAL, 0, metric_str[5]);
      if (rc == OTF2_SUCCESS)
        rc = OTF2_GlobalDefWriter_WriteMetricClass (w, JX_GEN_METRIC_CLASS, 2, members_of_class,
                                                    OTF2_METRIC_SYNCHRONOUS_STRICT, OTF2_RECORDER_KIND_CPU);
    }

  /* MPI_COMM_WORLD: the ranks' master threads, then the group of their indices. */
  members = g_new (guint64, o->n_ranks);
  for (r = 0; r < o->n_ranks; r++)
    members[r] = _jx_gen_master (g, r)->id;
  if (rc == OTF2_SUCCESS)
    rc = OTF2_GlobalDefWriter_WriteGroup (w, 0, s_empty, OTF2_GROUP_TYPE_COMM_LOCATIONS,
                                          OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE,
                                          o->n_ranks, members);
  for (r = 0; r < o->n_ranks; r++)
    members[r] = r;
  if (rc == OTF2_SUCCESS)
    rc = OTF2_GlobalDefWriter_WriteGroup (w, 1, s_empty, OTF2_GROUP_TYPE_COMM_GROUP,
                                          OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE,
                                          o->n_ranks, members);
  if (rc == OTF2_SUCCESS)
    rc = OTF2_GlobalDefWriter_WriteGroup (w, 2, s_empty, OTF2_GROUP_TYPE_COMM_SELF,
                                          OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE, 0, NULL);
  if (rc == OTF2_SUCCESS)
    rc = OTF2_GlobalDefWriter_WriteComm (w, JX_GEN_COMM_WORLD, s_world, 1, OTF2_UNDEFINED_COMM,
                                         OTF2_COMM_FLAG_NONE);
  if (rc == OTF2_SUCCESS)
    rc = OTF2_GlobalDefWriter_WriteComm (w, JX_GEN_COMM_SELF, s_self, 2, OTF2_UNDEFINED_COMM,
                                         OTF2_COMM_FLAG_NONE);

  g_free (members);
  g_free (node_name_str);
  g_free (group_name_str);
  g_free (loc_name_str);
  g_free (region_name_str);
  g_free (region_file_str);
  g_hash_table_unref (s.index);
  g_ptr_array_unref (s.order);

  return file_written (rc, OTF2_Archive_CloseGlobalDefWriter (archive, w), directory,
                       _("writing the definitions failed"), _("closing the definitions failed"), error);
}

static gboolean
write_markers (JxGen         *g,
               OTF2_Archive  *archive,
               const char    *directory,
               GError       **error)
{
  static const struct { const char *group, *category; OTF2_MarkerSeverity severity; } defs[JX_GEN_N_MARKER_DEFS] = {
    [JX_GEN_MARKER_SETUP]      = { "Phase", "Initialization", OTF2_SEVERITY_NONE },
    [JX_GEN_MARKER_ITERATIONS] = { "Phase", "Iterations", OTF2_SEVERITY_NONE },
    [JX_GEN_MARKER_CHECKPOINT] = { "Solver", "Checkpoint", OTF2_SEVERITY_LOW },
    [JX_GEN_MARKER_IMBALANCE]  = { "Analysis", "Load imbalance", OTF2_SEVERITY_HIGH },
  };
  OTF2_MarkerWriter *w;
  OTF2_ErrorCode rc = OTF2_SUCCESS;
  guint i;

  if (!g->opt.markers)
    return TRUE;
  w = OTF2_Archive_GetMarkerWriter (archive);
  if (w == NULL)
    return write_failed (error, directory, _("no marker writer"), OTF2_SUCCESS);
  for (i = 0; i < JX_GEN_N_MARKER_DEFS && rc == OTF2_SUCCESS; i++)
    rc = OTF2_MarkerWriter_WriteDefMarker (w, i, defs[i].group, defs[i].category, defs[i].severity);
  for (i = 0; i < g->markers->len && rc == OTF2_SUCCESS; i++)
    {
      const JxGenMarker *m = &g_array_index (g->markers, JxGenMarker, i);

      rc = OTF2_MarkerWriter_WriteMarker (w, m->time, m->duration, m->def,
                                          (OTF2_MarkerScope) m->scope, m->scope_ref, m->text);
    }
  return file_written (rc, OTF2_Archive_CloseMarkerWriter (archive, w), directory,
                       _("writing the markers failed"), _("closing the markers failed"), error);
}

#define CREATOR "juxtrace-cli generate"

/* Whether the anchor file in @directory was written by this generator. */
static gboolean
is_own_archive (const char *anchor)
{
  OTF2_Reader *reader = OTF2_Reader_Open (anchor);
  char *creator = NULL;
  gboolean own = FALSE;

  if (reader == NULL)
    return FALSE;
  if (OTF2_Reader_GetCreator (reader, &creator) == OTF2_SUCCESS && creator != NULL)
    own = g_str_has_prefix (creator, CREATOR);
  free (creator);
  OTF2_Reader_Close (reader);
  return own;
}

/* Removes an archive an earlier run left behind (OTF2 refuses to write over
 * one), touching nothing but OTF2 files, and never a trace someone else
 * wrote: pointing the generator at a real measurement must not destroy it. */
const char *
_jx_gen_archive_name (const JxGeneratorOptions *options)
{
  return options->archive_name != NULL ? options->archive_name : "traces";
}

gboolean
_jx_gen_remove_old_archive (const char  *directory,
                            const char  *archive_name,
                            GError     **error)
{
  static const char *const suffixes[] = { ".otf2", ".def", ".marker" };
  g_autofree char *sub = g_build_filename (directory, archive_name, NULL);
  g_autofree char *anchor_name = g_strconcat (archive_name, ".otf2", NULL);
  g_autofree char *anchor = g_build_filename (directory, anchor_name, NULL);
  guint i;

  if (g_file_test (anchor, G_FILE_TEST_EXISTS) && !is_own_archive (anchor))
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE,
                   _("Could not write the trace in “%s”: it already holds a trace that Juxtrace "
                     "did not generate; choose another directory"),
                   directory);
      return FALSE;
    }

  for (i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *file = g_strconcat (archive_name, suffixes[i], NULL);
      g_autofree char *path = g_build_filename (directory, file, NULL);

      if (g_unlink (path) != 0 && errno != ENOENT)
        {
          int saved = errno;

          g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE,
                       _("Could not replace the trace in “%s”: removing “%s” failed: %s"),
                       directory, path, g_strerror (saved));
          return FALSE;
        }
    }
  if (g_file_test (sub, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) dir = g_dir_open (sub, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        if (g_str_has_suffix (name, ".evt") || g_str_has_suffix (name, ".def")
            || g_str_has_suffix (name, ".snap"))
          {
            g_autofree char *path = g_build_filename (sub, name, NULL);

            g_unlink (path);
          }
      if (g_rmdir (sub) != 0)
        {
          int saved = errno;

          g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE,
                       _("Could not replace the trace in “%s”: removing “%s” failed: %s"),
                       directory, sub, g_strerror (saved));
          return FALSE;
        }
    }
  return TRUE;
}

/* libotf2 clears every chunk it hands out, so small traces get small
 * chunks; big ones get 4 MiB.  The size comes from a dry run of up to ten
 * iterations, about 12 bytes per event and the busiest location carrying
 * twice the average. */
static guint64
chunk_size_for (const JxGen *g)
{
  JxGeneratorOptions o = g->opt;
  guint64 chunk = 256 * 1024, n;
  double per_location;

  o.n_iterations = MIN (g->opt.n_iterations, 10);
  o.markers = FALSE;
  o.defects = 0;
  n = jx_generator_count_events (&o, NULL);
  per_location = (double) n * g->opt.n_iterations / o.n_iterations * 12.0 * 2.0 / g->n_locs;
  while ((double) chunk < per_location && chunk < 4 * 1024 * 1024)
    chunk *= 2;
  return chunk;
}

gboolean
_jx_gen_write_archive (JxGen       *g,
                       const char  *directory,
                       GError     **error)
{
  OTF2_Archive *archive;
  OTF2_ErrorCode rc;
  guint64 chunk = chunk_size_for (g);
  guint64 def_chunk = 256 * 1024;
  gboolean ok = FALSE;
  guint i;

  /* Every location gets a local definition writer, so keep its chunk small,
   * but large enough for the biggest record: the group of all ranks. */
  while (def_chunk < (guint64) g->opt.n_ranks * 20 && def_chunk < 16 * 1024 * 1024)
    def_chunk *= 2;
  archive = OTF2_Archive_Open (directory, _jx_gen_archive_name (&g->opt), OTF2_FILEMODE_WRITE, chunk,
                               def_chunk, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  if (archive == NULL)
    return write_failed (error, directory, _("libotf2 could not create the archive"), OTF2_SUCCESS);

  rc = OTF2_Archive_SetFlushCallbacks (archive, &flush_callbacks, NULL);
  if (rc == OTF2_SUCCESS)
    rc = OTF2_Archive_SetMemoryCallbacks (archive, &memory_callbacks, NULL);
  if (rc == OTF2_SUCCESS)
    rc = OTF2_Archive_SetSerialCollectiveCallbacks (archive);
  if (rc == OTF2_SUCCESS)
    rc = OTF2_Archive_SetCreator (archive, CREATOR " " PACKAGE_VERSION);
  if (rc == OTF2_SUCCESS)
    rc = OTF2_Archive_SetDescription (archive, "Synthetic MPI stencil trace written by Juxtrace");
  if (rc == OTF2_SUCCESS)
    rc = OTF2_Archive_SetMachineName (archive, (g->opt.variant & JX_VARIANT_SLOWER_MACHINE)
                                               ? "cluster-b" : "cluster-a");
  if (rc == OTF2_SUCCESS)
    rc = OTF2_Archive_OpenEvtFiles (archive);
  if (rc != OTF2_SUCCESS)
    {
      write_failed (error, directory, _("setting up the archive failed"), rc);
      goto out;
    }

  for (i = 0; i < g->n_locs; i++)
    {
      g->locs[i].writer = OTF2_Archive_GetEvtWriter (archive, g->locs[i].id);
      if (g->locs[i].writer == NULL)
        {
          write_failed (error, directory, _("no event writer"), OTF2_SUCCESS);
          goto out;
        }
    }

  _jx_gen_run (g);

  for (i = 0; i < g->n_locs; i++)
    {
      rc = OTF2_Archive_CloseEvtWriter (archive, g->locs[i].writer);
      g->locs[i].writer = NULL;
      if (rc != OTF2_SUCCESS && g->status == OTF2_SUCCESS)
        g->status = rc;
    }
  if (g->status != OTF2_SUCCESS)
    {
      write_failed (error, directory, _("writing the events failed"), g->status);
      goto out;
    }
  rc = OTF2_Archive_CloseEvtFiles (archive);
  if (rc == OTF2_SUCCESS)
    rc = OTF2_Archive_OpenDefFiles (archive);
  for (i = 0; i < g->n_locs && rc == OTF2_SUCCESS; i++)
    {
      OTF2_DefWriter *dw = OTF2_Archive_GetDefWriter (archive, g->locs[i].id);

      if (dw == NULL)
        rc = OTF2_ERROR_INVALID;
      if (rc == OTF2_SUCCESS)
        rc = _jx_gen_write_clock_offsets (g, dw, &g->locs[i]);
      if (dw != NULL)
        {
          OTF2_ErrorCode rc2 = OTF2_Archive_CloseDefWriter (archive, dw);

          if (rc == OTF2_SUCCESS)
            rc = rc2;
        }
    }
  if (rc == OTF2_SUCCESS)
    rc = OTF2_Archive_CloseDefFiles (archive);
  if (rc != OTF2_SUCCESS)
    {
      write_failed (error, directory, _("writing the local definitions failed"), rc);
      goto out;
    }

  if (!write_definitions (g, archive, directory, error))
    goto out;
  if (!write_markers (g, archive, directory, error))
    goto out;
  ok = TRUE;

out:
  for (i = 0; i < g->n_locs; i++)
    if (g->locs[i].writer != NULL)
      {
        OTF2_Archive_CloseEvtWriter (archive, g->locs[i].writer);
        g->locs[i].writer = NULL;
      }
  rc = OTF2_Archive_Close (archive);
  if (ok && rc != OTF2_SUCCESS)
    return write_failed (error, directory, _("closing the archive failed"), rc);
  return ok;
}
