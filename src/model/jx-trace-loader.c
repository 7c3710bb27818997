/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-loader.c — OTF2 archive -> JxTrace.
 *
 * 1. The anchor is checked for the OTF2 magic (jx-trace-loader-anchor.c),
 *    then one OTF2_Reader reads the global definitions (stored raw first,
 *    since definitions may refer forward) and the marker file, and the
 *    definitions go to the builder (jx-trace-loader-definitions.c).
 * 2. The locations are split between up to two readers, heaviest first into
 *    the lighter bin. Every reader is its own OTF2_Reader on its own thread;
 *    libotf2 readers share no state, so no locking callbacks are needed.
 *    Each reads its locations' local definitions and then their events
 *    (jx-trace-loader-events.c).
 * 3. The builder turns what was read into the trace.
 * libotf2 errors never abort or print: a registered error callback keeps the
 * last message per thread for the GError or the load report.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "jx-trace-loader-private.h"
#include "jx-trace-name.h"

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

void
_jx_loader_forget_otf2_error (void)
{
  g_private_replace (&last_otf2_error, NULL);
}

const char *
_jx_loader_otf2_problem (OTF2_ErrorCode code)
{
  const char *last = g_private_get (&last_otf2_error);

  if (last != NULL && last[0] != '\0')
    return last;
  return OTF2_Error_GetDescription (code);
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

OTF2_Reader *
_jx_loader_open_reader (const char  *anchor,
                        char       **problem)
{
  OTF2_Reader *reader;

  _jx_loader_forget_otf2_error ();
  reader = OTF2_Reader_Open (anchor);
  if (reader == NULL)
    {
      *problem = g_strdup (_jx_loader_otf2_problem (OTF2_ERROR_INVALID));
      return NULL;
    }
  if (OTF2_Reader_SetSerialCollectiveCallbacks (reader) != OTF2_SUCCESS)
    {
      *problem = g_strdup (_jx_loader_otf2_problem (OTF2_ERROR_INVALID));
      OTF2_Reader_Close (reader);
      return NULL;
    }
  return reader;
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

/* Definitions and markers through the first reader, which is closed when
 * they cannot be read. */
static gboolean
read_definitions (Loader       *ld,
                  OTF2_Reader  *reader,
                  GError      **error)
{
  char *creator = NULL;

  if (!_jx_loader_read_global_definitions (ld, reader, error))
    {
      OTF2_Reader_Close (reader);
      return FALSE;
    }
  if (OTF2_Reader_GetCreator (reader, &creator) == OTF2_SUCCESS && creator != NULL)
    {
      jx_trace_builder_set_creator (ld->builder, creator);
      free (creator);
    }

  _jx_loader_build_definitions (ld);
  _jx_loader_read_markers (ld, reader);
  return TRUE;
}

/* Splits the locations between the readers, heaviest first into the
 * lighter bin, so both finish at about the same time; each reader reads
 * its locations in definition order. */
static void
schedule_locations (Loader       *ld,
                    ReaderThread *threads,
                    guint         n_readers)
{
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
  guint64 load[2] = { 0, 0 };
  guint i;

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
    g_array_sort (threads[i].locations, _jx_compare_u32);
}

/* Local definitions and events with up to two readers; reader is the
 * first one, already open. */
static void
read_events (Loader              *ld,
             OTF2_Reader         *reader,
             const JxLoadOptions *options)
{
  ReaderThread threads[2];
  GThread *helper = NULL;
  guint n_readers;
  guint i;

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
  schedule_locations (ld, threads, n_readers);

  if (n_readers > 1)
    helper = g_thread_new ("jx-trace-reader", _jx_reader_thread_run, &threads[1]);
  _jx_reader_thread_run (&threads[0]);
  if (helper != NULL)
    g_thread_join (helper);

  for (i = 0; i < 2; i++)
    {
      if (threads[i].reader != NULL)
        OTF2_Reader_Close (threads[i].reader);
      g_array_unref (threads[i].locations);
      g_free (threads[i].error);
    }
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

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);

  ensure_error_handler ();

  anchor = jx_trace_resolve_anchor (path, error);
  if (anchor == NULL)
    return NULL;

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  if (!_jx_loader_check_anchor (anchor, error))
    return NULL;

  reader = _jx_loader_open_reader (anchor, &problem);
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
  name = jx_trace_name_from_path (anchor);
  ld->builder = jx_trace_builder_new (anchor, name, 1);

  if (!read_definitions (ld, reader, error))
    return NULL;
  read_events (ld, reader, options);

  if (_jx_loader_should_stop (ld))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Loading was cancelled"));
      return NULL;
    }

  if (progress != NULL && ld->progress_percent < 100)
    progress (1.0, progress_data);

  return jx_trace_builder_finish (g_steal_pointer (&ld->builder));
}
