/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-loader.c — OTF2 archive -> JxTrace.
 *
 * 1. The anchor is checked for the OTF2 magic (jx-trace-loader-anchor.c),
 *    then one OTF2_Reader reads the global definitions (stored raw first,
 *    since definitions may refer forward).
 *    A partial load's selection is resolved against them, and the memory
 *    the load will take is estimated and held against the budget
 *    (jx-trace-loader-outline.c, jx-trace-selection.h). Then the selected
 *    definitions and the marker file go to the builder
 *    (jx-trace-loader-definitions.c).
 * 2. The locations are split between up to two readers, heaviest first into
 *    the lighter bin. Every reader is its own OTF2_Reader on its own thread;
 *    libotf2 readers share no state, so no locking callbacks are needed.
 *    Each reads its locations' local definitions and then their events
 *    (jx-trace-loader-events.c; a window: jx-trace-loader-window.c), and
 *    between chunks of events the load is held to the budget.
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
#include "jx-trace-selection-private.h"

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
  g_free (c->refs);
  g_free (c);
}

Loader *
_jx_loader_new (const char *anchor)
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
  _jx_loader_metrics_init (ld);
  ld->region_sparse = g_hash_table_new (NULL, NULL);
  ld->group_order = g_hash_table_new (NULL, NULL);
  ld->timer_resolution = 1;
  ld->window_end = G_MAXUINT64;
  ld->window_share = 1.0;
  ld->budget = JX_MEMORY_UNLIMITED;
  g_mutex_init (&ld->progress_lock);
  ld->progress_percent = -1;
  return ld;
}

void
_jx_loader_free (Loader *ld)
{
  g_free (ld->anchor);
  g_free (ld->budget_source);
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
  _jx_loader_metrics_clear (ld);
  g_hash_table_unref (ld->region_sparse);
  g_hash_table_unref (ld->group_order);
  g_free (ld->region_map);
  g_mutex_clear (&ld->progress_lock);
  g_free (ld);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Loader, _jx_loader_free)

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

Loader *
_jx_loader_open (const char   *path,
                 OTF2_Reader **reader,
                 GError      **error)
{
  return _jx_loader_open_full (path, NULL, NULL, reader, error);
}

Loader *
_jx_loader_open_full (const char        *path,
                      JxOutlineProgress  progress,
                      gpointer           progress_data,
                      OTF2_Reader      **reader,
                      GError           **error)
{
  g_autoptr(Loader) ld = NULL;
  g_autofree char *anchor = NULL;
  g_autofree char *problem = NULL;

  ensure_error_handler ();

  anchor = jx_trace_resolve_anchor (path, error);
  if (anchor == NULL)
    return NULL;
  if (!_jx_loader_check_anchor (anchor, error))
    return NULL;

  *reader = _jx_loader_open_reader (anchor, &problem);
  if (*reader == NULL)
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT,
                   _("“%s” is not a readable OTF2 anchor file (libotf2: %s)"), anchor, problem);
      return NULL;
    }

  ld = _jx_loader_new (anchor);
  ld->def_progress = progress;
  ld->def_progress_data = progress_data;
  if (OTF2_Reader_GetChunkSize (*reader, &ld->evt_chunk_size, &ld->def_chunk_size) != OTF2_SUCCESS)
    ld->evt_chunk_size = ld->def_chunk_size = 0;
  if (!_jx_loader_read_global_definitions (ld, *reader, error))
    {
      OTF2_Reader_Close (*reader);
      *reader = NULL;
      return NULL;
    }
  _jx_loader_prepare (ld);
  return g_steal_pointer (&ld);
}

static guint
count_selected (Loader *ld)
{
  guint n = 0;

  for (guint i = 0; i < ld->locations->len; i++)
    n += g_array_index (ld->locations, RawLocation, i).selected ? 1 : 0;
  return n;
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
    if (g_array_index (ld->locations, RawLocation, i).selected)
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
  n_readers = MIN (n_readers, MAX (count_selected (ld), 1));

  memset (threads, 0, sizeof threads);
  for (i = 0; i < 2; i++)
    {
      threads[i].ld = ld;
      threads[i].slot = i;
      threads[i].windowed = ld->windowed;
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
      g_clear_pointer (&threads[i].pre_stack, g_array_unref);
      ld->n_unselected += threads[i].n_unselected;
      ld->latest_time = MAX (ld->latest_time, threads[i].latest_time);
    }
}

/* Marks what the selection takes (in the outline's order, which is the
 * loader's), and the window in ticks. */
static void
apply_selection (Loader                 *ld,
                 const JxTraceSelection *selection,
                 const guint8           *selected)
{
  gint64 begin_ns, end_ns;
  guint i;

  gboolean all = TRUE;

  /* Processes without any location stay when every location is taken. */
  for (i = 0; i < ld->locations->len; i++)
    all = all && selected[i];
  for (i = 0; i < ld->groups->len; i++)
    g_array_index (ld->groups, RawLocationGroup, i).selected = all;
  for (i = 0; i < ld->locations->len; i++)
    {
      RawLocation *l = &g_array_index (ld->locations, RawLocation, i);
      guint g = GPOINTER_TO_UINT (g_hash_table_lookup (ld->group_order, GUINT_TO_POINTER (l->group))) - 1;

      l->selected = selected[i] != 0;
      if (l->selected)
        g_array_index (ld->groups, RawLocationGroup, g).selected = TRUE;
    }

  if (selection == NULL || !jx_trace_selection_get_window (selection, &begin_ns, &end_ns))
    return;
  ld->windowed = TRUE;
  ld->window_begin = ld->global_offset + (guint64) jx_time_ns_to_ticks (MAX (begin_ns, 0), ld->timer_resolution);
  ld->window_end = end_ns == JX_WINDOW_OPEN_END
                   ? G_MAXUINT64
                   : ld->global_offset + (guint64) jx_time_ns_to_ticks (end_ns, ld->timer_resolution);
  if (ld->trace_length > 0 && ld->window_end != G_MAXUINT64)
    ld->window_share = CLAMP ((double) (ld->window_end - ld->window_begin) / (double) ld->trace_length, 0.0, 1.0);
}

static const char *
budget_hint (void)
{
  return _("Load a part of it: a subset of its processes or a time window.");
}

/* FALSE with JX_TRACE_ERROR_TOO_LARGE when the estimate for what is
 * selected exceeds the budget. Sets the budget the load is then held to. */
static gboolean
check_budget (Loader                 *ld,
              JxTraceOutline         *outline,
              const guint8           *selected,
              const JxTraceSelection *selection,
              const JxLoadOptions    *options,
              GError                **error)
{
  g_autofree char *source = NULL;
  g_autofree char *estimate_text = NULL;
  g_autofree char *budget_text = NULL;
  g_autofree char *files_text = NULL;
  guint64 budget = options != NULL ? options->memory_budget : 0;
  guint64 estimate, files = 0;
  guint n = 0, i;

  if (budget == 0)
    {
      budget = jx_memory_budget_get_default (&source, error);
      if (budget == 0)
        return FALSE;
    }
  else
    source = g_strdup (options->budget_source != NULL ? options->budget_source : _("the budget given"));
  if (budget == JX_MEMORY_UNLIMITED)
    return TRUE;

  estimate = jx_trace_outline_estimate (outline, selected, selection);
  ld->budget = budget;
  ld->estimate = estimate;
  g_free (ld->budget_source);
  ld->budget_source = g_strdup (source);
  if (estimate <= budget)
    return TRUE;

  for (i = 0; i < jx_trace_outline_get_n_locations (outline); i++)
    if (selected[i])
      {
        files += jx_trace_outline_get_location (outline, i)->file_bytes;
        n++;
      }
  estimate_text = jx_memory_size_format (estimate);
  budget_text = jx_memory_size_format (budget);
  files_text = jx_memory_size_format (files);
  g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_TOO_LARGE,
               g_dngettext (GETTEXT_PACKAGE,
                            "“%s” would take about %s of memory (%s of event files in %u of its %u locations), more than the budget of %s (%s). %s",
                            "“%s” would take about %s of memory (%s of event files in %u of its %u locations), more than the budget of %s (%s). %s",
                            jx_trace_outline_get_n_locations (outline)),
               ld->anchor, estimate_text, files_text, n, jx_trace_outline_get_n_locations (outline),
               budget_text, source, budget_hint ());
  return FALSE;
}

static void
set_over_budget_error (Loader  *ld,
                       GError **error)
{
  g_autofree char *used = jx_memory_size_format (ld->committed + ld->in_progress[0] + ld->in_progress[1]);
  g_autofree char *budget = jx_memory_size_format (ld->budget);
  g_autofree char *estimate = jx_memory_size_format (ld->estimate);

  g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_TOO_LARGE,
               _("Loading “%s” was stopped when it had taken %s of memory, more than the budget of %s (%s); it had been estimated at %s. %s"),
               ld->anchor, used, budget, ld->budget_source, estimate, budget_hint ());
}

/* A window without any event of the selected locations in it: the clock
 * properties could not tell before (no trace length, or the selected
 * locations end early). */
static gboolean
check_window_held (Loader                 *ld,
                   JxTrace                *trace,
                   const JxTraceSelection *selection,
                   GError                **error)
{
  gint64 begin_ns, end_ns;
  g_autofree char *window = NULL;
  g_autofree char *last = NULL;

  /* Nothing read at all (missing files) is for the load report to say. */
  if (!ld->windowed || ld->latest_time == 0
      || jx_trace_get_n_events (trace) > 0 || jx_trace_get_n_invocations (trace) > 0)
    return TRUE;
  jx_trace_selection_get_window (selection, &begin_ns, &end_ns);
  window = _jx_window_describe (MAX (begin_ns, 0), end_ns);
  {
    /* The window counts from the clock's start: as comparison time of a
     * trace whose first tick is the global offset. */
    JxTimeOrigin origin = { ld->global_offset, ld->timer_resolution, 0 };

    last = jx_time_format (jx_time_ticks_to_comparison (origin, (gint64) ld->latest_time), 6);
  }
  g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_SELECTION,
               _("“%s”: no event of the selected locations lies in the window %s (their last event is at %s)"),
               ld->anchor, window, last);
  return FALSE;
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
  g_autoptr(JxTraceOutline) outline = NULL;
  g_autofree guint8 *selected = NULL;
  g_autofree JxTracePartial *partial = NULL;
  g_autofree char *name = NULL;
  g_autoptr(JxTrace) trace = NULL;
  const JxTraceSelection *selection = options != NULL ? options->selection : NULL;
  OTF2_Reader *reader = NULL;
  char *creator = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  ld = _jx_loader_open (path, &reader, error);
  if (ld == NULL)
    return NULL;

  outline = _jx_loader_make_outline (ld);
  selected = jx_trace_outline_select (outline, selection, error);
  if (selected == NULL || !check_budget (ld, outline, selected, selection, options, error))
    {
      OTF2_Reader_Close (reader);
      return NULL;
    }
  apply_selection (ld, selection, selected);
  partial = _jx_loader_make_partial (ld, outline, selection, selected);
  g_clear_pointer (&outline, jx_trace_outline_free);

  ld->keep_external = options != NULL && options->keep_external_messages;
  ld->cancellable = cancellable;
  ld->progress = progress;
  ld->progress_data = progress_data;
  name = jx_trace_name_from_path (ld->anchor);
  ld->builder = jx_trace_builder_new (ld->anchor, name, 1);
  if (ld->keep_external && partial != NULL)
    jx_trace_builder_keep_external (ld->builder);
  if (partial != NULL)
    {
      jx_trace_builder_set_partial (ld->builder, partial);
      g_free ((char *) partial->description);
    }
  if (OTF2_Reader_GetCreator (reader, &creator) == OTF2_SUCCESS && creator != NULL)
    {
      jx_trace_builder_set_creator (ld->builder, creator);
      free (creator);
    }
  _jx_loader_build_definitions (ld);
  _jx_loader_read_markers (ld, reader);
  read_events (ld, reader, options);

  if (ld->over_budget)
    {
      set_over_budget_error (ld, error);
      return NULL;
    }
  if (_jx_loader_should_stop (ld))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Loading was cancelled"));
      return NULL;
    }

  if (progress != NULL && ld->progress_percent < 100)
    progress (1.0, progress_data);

  jx_trace_builder_add_unselected_messages (ld->builder, ld->n_unselected);
  trace = jx_trace_builder_finish (g_steal_pointer (&ld->builder));
  if (!check_window_held (ld, trace, selection, error))
    return NULL;
  return g_steal_pointer (&trace);
}
