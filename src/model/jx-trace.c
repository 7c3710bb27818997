/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <glib/gi18n-lib.h>
#include <otf2/otf2.h>

#include "jx-trace-private.h"

G_DEFINE_FINAL_TYPE (JxTrace, jx_trace, G_TYPE_OBJECT)

G_DEFINE_QUARK (jx-trace-error-quark, jx_trace_error)

void
_jx_load_issue_clear (gpointer data)
{
  JxLoadIssue *issue = data;

  g_clear_pointer (&issue->detail, g_free);
}

gint
_jx_compare_u32 (gconstpointer a,
                 gconstpointer b)
{
  guint32 x = *(const guint32 *) a;
  guint32 y = *(const guint32 *) b;

  return x < y ? -1 : x > y ? 1 : 0;
}

static void
jx_trace_finalize (GObject *object)
{
  JxTrace *self = JX_TRACE (object);
  guint i;

  _jx_trace_metrics_clear (self);
  for (i = 0; self->arenas != NULL && i < self->arenas->len; i++)
    _jx_arena_free (&g_array_index (self->arenas, JxArena, i));

  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->creator, g_free);
  g_clear_pointer (&self->strings, g_ptr_array_unref);
  g_clear_pointer (&self->regions, g_array_unref);
  g_clear_pointer (&self->region_by_name, g_hash_table_unref);
  g_clear_pointer (&self->system_nodes, g_array_unref);
  g_clear_pointer (&self->processes, g_array_unref);
  g_clear_pointer (&self->streams, g_array_unref);
  g_clear_pointer (&self->arenas, g_array_unref);
  g_clear_pointer (&self->messages, g_free);
  g_clear_pointer (&self->message_wide, g_array_unref);
  g_clear_pointer (&self->collectives, g_free);
  g_clear_pointer (&self->collective_infos, g_array_unref);
  g_clear_pointer (&self->marker_defs, g_array_unref);
  g_clear_pointer (&self->markers, g_array_unref);
  g_clear_pointer (&self->issues, g_array_unref);
  g_clear_pointer (&self->partial, g_free);
  g_clear_pointer (&self->external, g_array_unref);
  g_clear_pointer (&self->chunk, g_string_chunk_free);

  G_OBJECT_CLASS (jx_trace_parent_class)->finalize (object);
}

static void
jx_trace_class_init (JxTraceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = jx_trace_finalize;
}

static void
jx_trace_init (JxTrace *self)
{
  self->chunk = g_string_chunk_new (4096);
  self->strings = g_ptr_array_new ();
  self->regions = g_array_new (FALSE, TRUE, sizeof (JxRegion));
  self->region_by_name = g_hash_table_new (g_str_hash, g_str_equal);
  self->system_nodes = g_array_new (FALSE, TRUE, sizeof (JxSystemNode));
  self->processes = g_array_new (FALSE, TRUE, sizeof (JxProcess));
  self->streams = g_array_new (FALSE, TRUE, sizeof (JxStream));
  self->arenas = g_array_new (FALSE, TRUE, sizeof (JxArena));
  self->message_wide = g_array_new (FALSE, TRUE, sizeof (JxMessageWide));
  self->collective_infos = g_array_new (FALSE, TRUE, sizeof (JxCollectiveInfo));
  self->marker_defs = g_array_new (FALSE, TRUE, sizeof (JxMarkerDef));
  self->markers = g_array_new (FALSE, TRUE, sizeof (JxMarker));
  self->issues = g_array_new (FALSE, TRUE, sizeof (JxLoadIssue));
  g_array_set_clear_func (self->issues, _jx_load_issue_clear);
  self->timer_resolution = 1;
}

void
_jx_arena_free (JxArena *arena)
{
  if (arena->mapped)
    munmap (arena->base, arena->size);
  else
    g_free (arena->base);
  memset (arena, 0, sizeof *arena);
}

JxTrace *
_jx_trace_new (void)
{
  return g_object_new (JX_TYPE_TRACE, NULL);
}

/* Names and labels */

const char *
jx_category_to_string (JxCategory category)
{
  switch (category)
    {
    case JX_CATEGORY_USER:        return "user";
    case JX_CATEGORY_MPI:         return "mpi";
    case JX_CATEGORY_OPENMP:      return "openmp";
    case JX_CATEGORY_ACCELERATOR: return "accelerator";
    case JX_CATEGORY_IO:          return "io";
    case JX_CATEGORY_SYNC:        return "sync";
    case JX_CATEGORY_OTHER:       return "other";
    case JX_N_CATEGORIES:
    default:                      return "other";
    }
}

const char *
jx_category_label (JxCategory category)
{
  switch (category)
    {
    case JX_CATEGORY_USER:        return _("User code");
    case JX_CATEGORY_MPI:         return _("MPI");
    case JX_CATEGORY_OPENMP:      return _("OpenMP");
    case JX_CATEGORY_ACCELERATOR: return _("Accelerator");
    case JX_CATEGORY_IO:          return _("I/O");
    case JX_CATEGORY_SYNC:        return _("Synchronization");
    case JX_CATEGORY_OTHER:       return _("Other");
    case JX_N_CATEGORIES:
    default:                      return _("Other");
    }
}

const char *
jx_event_kind_to_string (JxEventKind kind)
{
  switch (kind)
    {
    case JX_EVENT_ENTER:          return "enter";
    case JX_EVENT_LEAVE:          return "leave";
    case JX_EVENT_MPI_SEND:       return "mpi_send";
    case JX_EVENT_MPI_RECV:       return "mpi_recv";
    case JX_EVENT_MPI_REQUEST:    return "mpi_request";
    case JX_EVENT_MPI_COLLECTIVE: return "mpi_collective";
    case JX_EVENT_OMP:            return "omp";
    case JX_EVENT_THREAD:         return "thread";
    case JX_EVENT_RMA:            return "rma";
    case JX_EVENT_METRIC:         return "metric";
    case JX_EVENT_PROGRAM:        return "program";
    case JX_EVENT_MEASUREMENT:    return "measurement";
    case JX_EVENT_OTHER:          return "other";
    case JX_N_EVENT_KINDS:
    default:                      return "other";
    }
}

const char *
jx_stream_kind_to_string (JxStreamKind kind)
{
  switch (kind)
    {
    case JX_STREAM_CPU_THREAD:  return "cpu-thread";
    case JX_STREAM_ACCELERATOR: return "accelerator";
    case JX_STREAM_METRIC:      return "metric";
    case JX_STREAM_OTHER:
    default:                    return "other";
    }
}

const char *
jx_defect_to_string (JxDefect defect)
{
  switch (defect)
    {
    case JX_DEFECT_UNCLOSED_REGION:    return "unclosed-region";
    case JX_DEFECT_MISMATCHED_LEAVE:   return "mismatched-leave";
    case JX_DEFECT_UNMATCHED_LEAVE:    return "unmatched-leave";
    case JX_DEFECT_BACKWARDS_TIME:     return "backwards-time";
    case JX_DEFECT_UNKNOWN_ROLE:       return "unknown-role";
    case JX_DEFECT_UNKNOWN_PARADIGM:   return "unknown-paradigm";
    case JX_DEFECT_UNDEFINED_REGION:   return "undefined-region";
    case JX_DEFECT_UNDEFINED_LOCATION: return "undefined-location";
    case JX_DEFECT_EMPTY_STREAM:       return "empty-stream";
    case JX_DEFECT_MISSING_EVENTS:     return "missing-events";
    case JX_DEFECT_UNMATCHED_MESSAGE:  return "unmatched-message";
    case JX_DEFECT_LOCAL_DEFINITIONS:  return "local-definitions";
    case JX_DEFECT_TRUNCATED_EVENTS:   return "truncated-events";
    case JX_N_DEFECTS:
    default:                           return "unknown";
    }
}

const char *
jx_defect_describe (JxDefect defect)
{
  switch (defect)
    {
    case JX_DEFECT_UNCLOSED_REGION:
      return _("A region was entered but never left; it was closed at the last timestamp of its stream, or together with the enclosing region when that was left.");
    case JX_DEFECT_MISMATCHED_LEAVE:
      return _("A leave named a region other than the innermost open one; inner regions were closed at that time, or the innermost region was closed when the named one was not open at all.");
    case JX_DEFECT_UNMATCHED_LEAVE:
      return _("A leave arrived while no region was open; it was ignored.");
    case JX_DEFECT_BACKWARDS_TIME:
      return _("A timestamp was smaller than the one before it on the same stream; it was raised to the previous timestamp.");
    case JX_DEFECT_UNKNOWN_ROLE:
      return _("A region has a role unknown to libotf2 3.0.2; the raw value was kept.");
    case JX_DEFECT_UNKNOWN_PARADIGM:
      return _("A region has a paradigm unknown to libotf2 3.0.2; the raw value was kept.");
    case JX_DEFECT_UNDEFINED_REGION:
      return _("An event referred to a region without a definition; a stand-in region “<undefined region N>” was created for it.");
    case JX_DEFECT_UNDEFINED_LOCATION:
      return _("An event or message referred to a location without a definition.");
    case JX_DEFECT_EMPTY_STREAM:
      return _("A stream holds no events.");
    case JX_DEFECT_MISSING_EVENTS:
      return _("The event file of a stream is missing or unreadable; the stream was marked missing and the others were loaded.");
    case JX_DEFECT_UNMATCHED_MESSAGE:
      return _("A message send had no matching receive, or a receive had no matching send.");
    case JX_DEFECT_LOCAL_DEFINITIONS:
      return _("The local definition file of a location could not be read; its references to global definitions (communicators, regions) may be wrong, so its messages can appear unmatched.");
    case JX_DEFECT_TRUNCATED_EVENTS:
      return _("The event file of a stream ended early; the events read are kept and regions still open were closed at the last timestamp read.");
    case JX_N_DEFECTS:
    default:
      return _("Unknown defect.");
    }
}

const char *
jx_paradigm_to_string (guint8 paradigm)
{
  static const char *const names[] = {
    "unknown", "user", "compiler", "openmp", "mpi", "cuda", "measurement-system", "pthread",
    "hmpp", "ompss", "hardware", "gaspi", "upc", "shmem", "winthread", "qtthread", "acethread",
    "tbbthread", "openacc", "opencl", "mtapi", "sampling", "none", "hip", "kokkos",
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (names) == _JX_OTF2_MAX_PARADIGM + 1);
  return paradigm < G_N_ELEMENTS (names) ? names[paradigm] : "unknown";
}

/* Category derivation */

static gboolean
has_prefix_ci (const char *s, const char *prefix)
{
  return g_ascii_strncasecmp (s, prefix, strlen (prefix)) == 0;
}

static gboolean
contains_ci (const char *s, const char *needle)
{
  g_autofree char *lower = g_ascii_strdown (s, -1);

  return strstr (lower, needle) != NULL;
}

static gboolean
role_is_sync (guint8 role)
{
  switch (role)
    {
    case OTF2_REGION_ROLE_BARRIER:
    case OTF2_REGION_ROLE_IMPLICIT_BARRIER:
    case OTF2_REGION_ROLE_CRITICAL:
    case OTF2_REGION_ROLE_CRITICAL_SBLOCK:
    case OTF2_REGION_ROLE_ATOMIC:
    case OTF2_REGION_ROLE_FLUSH:
    case OTF2_REGION_ROLE_ORDERED:
    case OTF2_REGION_ROLE_ORDERED_SBLOCK:
    case OTF2_REGION_ROLE_TASK_WAIT:
    case OTF2_REGION_ROLE_THREAD_WAIT:
      return TRUE;
    default:
      return FALSE;
    }
}

static JxCategory
category_from_name (const char *name)
{
  if (has_prefix_ci (name, "MPI_") || has_prefix_ci (name, "PMPI_"))
    return JX_CATEGORY_MPI;
  if (has_prefix_ci (name, "omp") || has_prefix_ci (name, "!$omp") ||
      has_prefix_ci (name, "GOMP_") || has_prefix_ci (name, "__kmp"))
    return JX_CATEGORY_OPENMP;
  /* Driver-style names (cuLaunchKernel, hipMemcpy, clEnqueue...) need the
   * upper-case letter, or "current" and "close" would match. */
  if (has_prefix_ci (name, "cuda") || has_prefix_ci (name, "acc_") ||
      (g_str_has_prefix (name, "cu") && g_ascii_isupper (name[2])) ||
      (g_str_has_prefix (name, "cl") && g_ascii_isupper (name[2])) ||
      (g_str_has_prefix (name, "hip") && g_ascii_isupper (name[3])))
    return JX_CATEGORY_ACCELERATOR;
  if (has_prefix_ci (name, "pthread_mutex") || has_prefix_ci (name, "pthread_barrier") ||
      has_prefix_ci (name, "pthread_cond") || has_prefix_ci (name, "pthread_spin") ||
      has_prefix_ci (name, "pthread_rwlock"))
    return JX_CATEGORY_SYNC;
  if (g_str_equal (name, "fopen") || g_str_equal (name, "fclose") ||
      g_str_equal (name, "fread") || g_str_equal (name, "fwrite") ||
      g_str_equal (name, "open") || g_str_equal (name, "close") ||
      g_str_equal (name, "read") || g_str_equal (name, "write") ||
      has_prefix_ci (name, "H5") || has_prefix_ci (name, "nc_"))
    return JX_CATEGORY_IO;
  return JX_N_CATEGORIES;
}

JxCategory
_jx_region_derive_category (const char *name,
                            guint8      paradigm,
                            guint8      role)
{
  JxCategory by_name;

  if (name == NULL)
    name = "";

  switch (paradigm)
    {
    case OTF2_PARADIGM_MPI:
      return JX_CATEGORY_MPI;
    case OTF2_PARADIGM_OPENMP:
      return JX_CATEGORY_OPENMP;
    case OTF2_PARADIGM_CUDA:
    case OTF2_PARADIGM_HIP:
    case OTF2_PARADIGM_OPENCL:
    case OTF2_PARADIGM_OPENACC:
    case OTF2_PARADIGM_HMPP:
      return JX_CATEGORY_ACCELERATOR;
    default:
      break;
    }

  if (role == OTF2_REGION_ROLE_FILE_IO || role == OTF2_REGION_ROLE_FILE_IO_METADATA)
    return JX_CATEGORY_IO;
  if (role_is_sync (role))
    return JX_CATEGORY_SYNC;
  if (paradigm == OTF2_PARADIGM_PTHREAD &&
      (contains_ci (name, "lock") || contains_ci (name, "barrier") ||
       contains_ci (name, "cond_wait") || contains_ci (name, "join")))
    return JX_CATEGORY_SYNC;

  by_name = category_from_name (name);
  if (by_name != JX_N_CATEGORIES)
    return by_name;

  if (paradigm == OTF2_PARADIGM_USER || paradigm == OTF2_PARADIGM_COMPILER)
    return JX_CATEGORY_USER;

  /* Old writers left the paradigm unknown for plain functions. */
  if (paradigm == OTF2_PARADIGM_UNKNOWN &&
      (role == OTF2_REGION_ROLE_FUNCTION || role == OTF2_REGION_ROLE_CODE ||
       role == OTF2_REGION_ROLE_LOOP))
    return JX_CATEGORY_USER;

  return JX_CATEGORY_OTHER;
}

/* Accessors */

const char *
jx_trace_get_path (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), NULL);
  return self->path;
}

const char *
jx_trace_get_name (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), NULL);
  return self->name;
}

char *
jx_trace_get_event_file (JxTrace *self,
                         guint    stream)
{
  g_autofree char *archive = NULL;
  g_autofree char *file = NULL;
  const JxStream *s;

  g_return_val_if_fail (JX_IS_TRACE (self), NULL);
  g_return_val_if_fail (stream < self->streams->len, NULL);

  s = &g_array_index (self->streams, JxStream, stream);
  archive = g_strdup (self->path != NULL ? self->path : "");
  if (g_str_has_suffix (archive, ".otf2"))
    archive[strlen (archive) - strlen (".otf2")] = '\0';
  file = g_strdup_printf ("%" G_GUINT64_FORMAT ".evt", s->otf2_id);
  return g_build_filename (archive, file, NULL);
}

const char *
jx_trace_get_creator (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), NULL);
  return self->creator != NULL ? self->creator : "";
}

guint64
jx_trace_get_timer_resolution (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 1);
  return self->timer_resolution;
}

guint64
jx_trace_get_global_offset (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  return self->global_offset;
}

guint64
jx_trace_get_trace_length (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  return self->trace_length;
}

guint64
jx_trace_get_start_time (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  return self->start_time;
}

guint64
jx_trace_get_end_time (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  return self->end_time;
}

gint64
jx_trace_ticks_to_ns (JxTrace *self,
                      gint64   ticks)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  return jx_time_ticks_to_ns (ticks, self->timer_resolution);
}

double
jx_trace_ticks_to_seconds (JxTrace *self,
                           gint64   ticks)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0.0);
  return jx_time_ticks_to_seconds (ticks, self->timer_resolution);
}

gint64
jx_trace_seconds_to_ticks (JxTrace *self,
                           double   seconds)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  return (gint64) (seconds * (double) self->timer_resolution + (seconds < 0 ? -0.5 : 0.5));
}

JxTimeOrigin
jx_trace_get_time_origin (JxTrace *self,
                          gint64   offset_ns)
{
  JxTimeOrigin origin = { 0, 0, offset_ns };

  g_return_val_if_fail (JX_IS_TRACE (self), origin);
  origin.start_ticks = self->start_time;
  origin.resolution = self->timer_resolution;
  return origin;
}

guint
jx_trace_get_n_strings (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  return self->strings->len;
}

const char *
jx_trace_get_string (JxTrace *self,
                     guint    index)
{
  g_return_val_if_fail (JX_IS_TRACE (self), NULL);
  g_return_val_if_fail (index < self->strings->len, NULL);
  return g_ptr_array_index (self->strings, index);
}

guint
jx_trace_get_n_regions (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  return self->regions->len;
}

const JxRegion *
jx_trace_get_region (JxTrace *self,
                     guint    index)
{
  g_return_val_if_fail (JX_IS_TRACE (self), NULL);
  g_return_val_if_fail (index < self->regions->len, NULL);
  return &g_array_index (self->regions, JxRegion, index);
}

guint32
jx_trace_find_region (JxTrace    *self,
                      const char *name)
{
  gpointer value;

  g_return_val_if_fail (JX_IS_TRACE (self), JX_NONE);
  g_return_val_if_fail (name != NULL, JX_NONE);

  value = g_hash_table_lookup (self->region_by_name, name);
  return value != NULL ? (guint32) (GPOINTER_TO_UINT (value) - 1) : JX_NONE;
}

guint
jx_trace_get_n_system_nodes (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  return self->system_nodes->len;
}

const JxSystemNode *
jx_trace_get_system_node (JxTrace *self,
                          guint    index)
{
  g_return_val_if_fail (JX_IS_TRACE (self), NULL);
  g_return_val_if_fail (index < self->system_nodes->len, NULL);
  return &g_array_index (self->system_nodes, JxSystemNode, index);
}

guint
jx_trace_get_n_processes (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  return self->processes->len;
}

const JxProcess *
jx_trace_get_process (JxTrace *self,
                      guint    index)
{
  g_return_val_if_fail (JX_IS_TRACE (self), NULL);
  g_return_val_if_fail (index < self->processes->len, NULL);
  return &g_array_index (self->processes, JxProcess, index);
}

guint
jx_trace_get_n_streams (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  return self->streams->len;
}

const JxStream *
jx_trace_get_stream (JxTrace *self,
                     guint    index)
{
  g_return_val_if_fail (JX_IS_TRACE (self), NULL);
  g_return_val_if_fail (index < self->streams->len, NULL);
  return &g_array_index (self->streams, JxStream, index);
}

guint64
jx_trace_get_n_events (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  return self->n_events;
}

guint64
jx_trace_get_event_count (JxTrace     *self,
                          JxEventKind  kind)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  g_return_val_if_fail (kind < JX_N_EVENT_KINDS, 0);
  return self->event_counts[kind];
}

guint64
jx_trace_get_n_invocations (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  return self->n_invocations;
}

guint
jx_trace_get_n_messages (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  return self->n_messages;
}

const JxMessage *
jx_trace_get_messages (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), NULL);
  return self->messages;
}

guint
jx_trace_get_n_collectives (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  return self->n_collectives;
}

const JxCollective *
jx_trace_get_collectives (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), NULL);
  return self->collectives;
}

static gint
compare_wide (gconstpointer key,
              gconstpointer element)
{
  guint32 index = *(const guint32 *) key;
  const JxMessageWide *w = element;

  return index < w->index ? -1 : index > w->index ? 1 : 0;
}

/* Size, tag and communicator of a message, exact even where its narrow
 * fields could not hold them. */
static JxMessageWide
message_exact (JxTrace *self,
               guint32  index)
{
  const JxMessage *m = &self->messages[index];
  JxMessageWide exact = { index, m->tag, m->size, m->communicator };

  if (G_UNLIKELY (m->size == JX_MESSAGE_WIDE32 || m->tag == JX_MESSAGE_WIDE16 ||
                  m->communicator == JX_MESSAGE_WIDE16))
    {
      const JxMessageWide *w = bsearch (&index, self->message_wide->data, self->message_wide->len,
                                        sizeof (JxMessageWide), compare_wide);

      if (w != NULL)
        exact = *w;
    }
  return exact;
}

guint64
jx_trace_get_message_size (JxTrace *self,
                           guint    index)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  g_return_val_if_fail (index < self->n_messages, 0);
  return message_exact (self, index).size;
}

guint32
jx_trace_get_message_tag (JxTrace *self,
                          guint    index)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  g_return_val_if_fail (index < self->n_messages, 0);
  return message_exact (self, index).tag;
}

guint32
jx_trace_get_message_communicator (JxTrace *self,
                                   guint    index)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  g_return_val_if_fail (index < self->n_messages, 0);
  return message_exact (self, index).communicator;
}

guint
jx_trace_get_n_collective_infos (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  return self->collective_infos->len;
}

const JxCollectiveInfo *
jx_trace_get_collective_info (JxTrace *self,
                              guint    index)
{
  g_return_val_if_fail (JX_IS_TRACE (self), NULL);
  g_return_val_if_fail (index < self->collective_infos->len, NULL);
  return &g_array_index (self->collective_infos, JxCollectiveInfo, index);
}

guint
jx_trace_get_n_marker_defs (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  return self->marker_defs->len;
}

const JxMarkerDef *
jx_trace_get_marker_def (JxTrace *self,
                         guint    index)
{
  g_return_val_if_fail (JX_IS_TRACE (self), NULL);
  g_return_val_if_fail (index < self->marker_defs->len, NULL);
  return &g_array_index (self->marker_defs, JxMarkerDef, index);
}

guint
jx_trace_get_n_markers (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  return self->markers->len;
}

const JxMarker *
jx_trace_get_marker (JxTrace *self,
                     guint    index)
{
  g_return_val_if_fail (JX_IS_TRACE (self), NULL);
  g_return_val_if_fail (index < self->markers->len, NULL);
  return &g_array_index (self->markers, JxMarker, index);
}

guint64
jx_trace_get_defect_count (JxTrace  *self,
                           JxDefect  defect)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  g_return_val_if_fail (defect < JX_N_DEFECTS, 0);
  return self->defect_counts[defect];
}

guint64
jx_trace_get_n_defects (JxTrace *self)
{
  guint64 sum = 0;
  guint i;

  g_return_val_if_fail (JX_IS_TRACE (self), 0);

  for (i = 0; i < JX_N_DEFECTS; i++)
    sum += self->defect_counts[i];
  return sum;
}

guint
jx_trace_get_n_load_issues (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  return self->issues->len;
}

const JxLoadIssue *
jx_trace_get_load_issue (JxTrace *self,
                         guint    index)
{
  g_return_val_if_fail (JX_IS_TRACE (self), NULL);
  g_return_val_if_fail (index < self->issues->len, NULL);
  return &g_array_index (self->issues, JxLoadIssue, index);
}

const JxTracePartial *
jx_trace_get_partial (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), NULL);
  return self->partial;
}

const JxExternalMessage *
jx_trace_get_external_messages (JxTrace *self,
                                gsize   *n)
{
  g_return_val_if_fail (JX_IS_TRACE (self), NULL);
  g_return_val_if_fail (n != NULL, NULL);

  *n = self->external != NULL ? self->external->len : 0;
  return self->external != NULL ? (const JxExternalMessage *) (gconstpointer) self->external->data : NULL;
}

gboolean
jx_stream_is_clipped (const JxStream *stream,
                      guint32         invocation)
{
  g_return_val_if_fail (stream != NULL, FALSE);
  g_return_val_if_fail (invocation < stream->n_invocations, FALSE);

  if (invocation < stream->n_clipped_start)
    return TRUE;
  /* Open at the end: an ancestor of (or) the last invocation, whose
   * subtree therefore reaches the end. */
  return stream->depth[invocation] < stream->n_clipped_end
         && stream->subtree_end[invocation] == stream->n_invocations;
}

gsize
jx_trace_get_memory_size (JxTrace *self)
{
  gsize size;
  guint i;

  g_return_val_if_fail (JX_IS_TRACE (self), 0);

  size = sizeof (JxTrace) + self->chunk_bytes;
  size += self->strings->len * sizeof (gpointer);
  size += self->regions->len * sizeof (JxRegion);
  size += g_hash_table_size (self->region_by_name) * 3 * sizeof (gpointer);
  size += self->system_nodes->len * sizeof (JxSystemNode);
  size += self->processes->len * sizeof (JxProcess);
  size += self->streams->len * sizeof (JxStream);
  size += self->n_messages * sizeof (JxMessage);
  size += self->message_wide->len * sizeof (JxMessageWide);
  size += self->n_collectives * sizeof (JxCollective);
  size += self->collective_infos->len * sizeof (JxCollectiveInfo);
  size += self->marker_defs->len * sizeof (JxMarkerDef);
  size += self->markers->len * sizeof (JxMarker);
  size += self->issues->len * sizeof (JxLoadIssue);
  if (self->partial != NULL)
    size += sizeof (JxTracePartial);
  size += _jx_trace_metrics_memory (self);

  for (i = 0; i < self->streams->len; i++)
    {
      const JxStream *s = &g_array_index (self->streams, JxStream, i);

      size += (gsize) s->n_invocations * _JX_BYTES_PER_INVOCATION;
    }

  return size;
}
