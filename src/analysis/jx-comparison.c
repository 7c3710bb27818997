/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "jx-background.h"
#include "jx-comparison-private.h"
#include "jx-structure-pairing.h"

G_DEFINE_BOXED_TYPE (JxComparison, jx_comparison, jx_comparison_ref, jx_comparison_unref)

void
jx_comparison_options_init (JxComparisonOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  jx_hier_align_options_init (&options->hier);
  options->hier.flat_optimum_max_cells = JX_COMPARISON_FLAT_OPTIMUM_CELLS;
  jx_scoring_init_default (&options->scoring);
  options->window_fraction = 0.1;
  options->max_points = 2000;
  options->keep_alignment = TRUE;
}

void
jx_comparison_pair_free (gpointer data)
{
  JxComparisonPair *p = data;

  /* A pair a repaired comparison took over has one owner more. */
  if (g_atomic_int_add (&p->shared, -1) > 0)
    return;
  g_free (p->name_a);
  g_free (p->name_b);
  g_free (p->other_name);
  g_clear_pointer (&p->diff, jx_pair_diff_free);
  g_clear_pointer (&p->alignment, jx_hier_alignment_free);
  g_clear_pointer (&p->dissimilarity, g_array_unref);
  g_clear_pointer (&p->runtime_skew, g_array_unref);
  g_clear_pointer (&p->time_difference, g_array_unref);
  g_clear_pointer (&p->function_table, g_array_unref);
  g_free (p);
}

JxComparison *
jx_comparison_ref (JxComparison *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
jx_comparison_unref (JxComparison *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;
  g_free (self->name_a);
  g_free (self->name_b);
  g_free (self->process_name);
  for (guint i = 0; i < self->options.n_pair_overrides; i++)
    {
      g_free ((char *) self->pair_overrides[i].name_a);
      g_free ((char *) self->pair_overrides[i].name_b);
    }
  g_free (self->pair_overrides);
  g_clear_pointer (&self->names, jx_name_table_free);
  g_clear_pointer (&self->pairs, g_ptr_array_unref);
  g_free (self);
}

const char *
jx_comparison_get_name_a (JxComparison *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->name_a;
}

const char *
jx_comparison_get_name_b (JxComparison *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->name_b;
}

guint
jx_comparison_get_n_pairs (JxComparison *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->pairs->len;
}

const JxComparisonPair *
jx_comparison_get_pair (JxComparison *self,
                        guint         index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->pairs->len, NULL);
  return g_ptr_array_index (self->pairs, index);
}

guint
jx_comparison_get_n_unpaired (JxComparison *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_unpaired;
}

guint
jx_comparison_get_n_not_compared (JxComparison *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_not_compared;
}

guint
jx_comparison_get_n_compared (JxComparison *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->pairs->len - self->n_unpaired - self->n_not_compared;
}

double
jx_comparison_get_runtime_a (JxComparison *self)
{
  g_return_val_if_fail (self != NULL, 0.0);
  return self->runtime_a;
}

double
jx_comparison_get_runtime_b (JxComparison *self)
{
  g_return_val_if_fail (self != NULL, 0.0);
  return self->runtime_b;
}

const JxPairingSummary *
jx_comparison_get_pairing_summary (JxComparison *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->pairing;
}

gboolean
jx_comparison_pair_is_compared (const JxComparisonPair *pair)
{
  g_return_val_if_fail (pair != NULL, FALSE);
  return pair->skip == JX_COMPARISON_SKIP_NONE;
}

JxPairingMethod
jx_comparison_pair_get_method (const JxComparisonPair *pair)
{
  g_return_val_if_fail (pair != NULL, JX_PAIRED_BY_NAME);
  return jx_pairing_method_combine (pair->process_method, pair->stream_method);
}

gboolean
jx_comparison_pair_is_partial (const JxComparisonPair *pair)
{
  guint8 partial = JX_STREAM_FLAG_TRUNCATED | JX_STREAM_FLAG_REPAIRED;

  g_return_val_if_fail (pair != NULL, FALSE);
  return pair->skip == JX_COMPARISON_SKIP_NONE && ((pair->flags_a | pair->flags_b) & partial) != 0;
}

const char *
jx_comparison_skip_to_string (JxComparisonSkip skip)
{
  switch (skip)
    {
    case JX_COMPARISON_SKIP_NONE:
      return "aligned";
    case JX_COMPARISON_SKIP_UNPAIRED:
      return "unpaired";
    case JX_COMPARISON_SKIP_MISSING_EVENTS:
      return "missing-events";
    case JX_COMPARISON_SKIP_NO_INVOCATIONS:
      return "no-invocations";
    default:
      return "unknown";
    }
}

const char *
jx_comparison_get_symbol_name (JxComparison *self,
                               guint32       symbol)
{
  g_return_val_if_fail (self != NULL, NULL);
  return jx_name_table_get_name (self->names, symbol);
}

guint
jx_comparison_get_n_symbols (JxComparison *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return jx_name_table_get_size (self->names);
}

const JxComparisonOptions *
jx_comparison_get_options (JxComparison *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->options;
}

const JxScoring *
jx_comparison_get_scoring (JxComparison *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->options.scoring;
}

double
jx_comparison_get_elapsed (JxComparison *self)
{
  g_return_val_if_fail (self != NULL, 0.0);
  return self->elapsed;
}

guint32 *
jx_name_table_map_trace (JxNameTable *table,
                         JxTrace     *trace)
{
  guint n, r;
  guint32 *map;

  g_return_val_if_fail (table != NULL, NULL);
  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  n = jx_trace_get_n_regions (trace);
  map = g_new (guint32, MAX (n, 1));
  for (r = 0; r < n; r++)
    {
      const JxRegion *region = jx_trace_get_region (trace, r);
      map[r] = jx_name_table_intern (table, region != NULL ? region->name : "");
    }
  return map;
}

/* Running a comparison */

static RunData *
run_ref (RunData *run)
{
  g_atomic_int_inc (&run->ref_count);
  return run;
}

void
_jx_comparison_run_unref (RunData *run)
{
  if (!g_atomic_int_dec_and_test (&run->ref_count))
    return;
  g_clear_object (&run->a);
  g_clear_object (&run->b);
  g_clear_pointer (&run->result, jx_comparison_unref);
  g_free (run->map_a);
  g_free (run->map_b);
  g_clear_object (&run->cancellable);
  g_clear_pointer (&run->context, g_main_context_unref);
  g_clear_object (&run->task);
  g_free (run->jobs);
  g_clear_error (&run->error);
  g_mutex_clear (&run->mutex);
  g_free (run);
}

static char *
stream_label (JxTrace *trace,
              guint32  stream)
{
  const JxStream *s = jx_trace_get_stream (trace, stream);
  const JxProcess *p = s->process < jx_trace_get_n_processes (trace)
                       ? jx_trace_get_process (trace, s->process) : NULL;

  return g_strdup_printf ("%s / %s", p != NULL ? p->name : "?", s->name);
}

static gboolean
stream_is_missing (JxTrace *trace,
                   guint32  stream)
{
  return stream != JX_NONE && (jx_trace_get_stream (trace, stream)->flags & JX_STREAM_FLAG_MISSING) != 0;
}

/* Sets why p is not aligned (see JxComparisonSkip); FALSE when it is to be
 * aligned. */
static gboolean
pair_set_skip (JxComparisonPair *p,
               JxTrace          *a,
               JxTrace          *b)
{
  const JxStream *sa = p->stream_a != JX_NONE ? jx_trace_get_stream (a, p->stream_a) : NULL;
  const JxStream *sb = p->stream_b != JX_NONE ? jx_trace_get_stream (b, p->stream_b) : NULL;

  p->missing_a = stream_is_missing (a, p->stream_a);
  p->missing_b = stream_is_missing (b, p->stream_b);
  p->flags_a = sa != NULL ? sa->flags : 0;
  p->flags_b = sb != NULL ? sb->flags : 0;
  p->invocations_a = sa != NULL ? sa->n_invocations : 0;
  p->invocations_b = sb != NULL ? sb->n_invocations : 0;

  if (sa == NULL || sb == NULL)
    p->skip = JX_COMPARISON_SKIP_UNPAIRED;
  else if (p->missing_a || p->missing_b)
    p->skip = JX_COMPARISON_SKIP_MISSING_EVENTS;
  else if (sa->n_invocations == 0 || sb->n_invocations == 0)
    p->skip = JX_COMPARISON_SKIP_NO_INVOCATIONS;
  else
    p->skip = JX_COMPARISON_SKIP_NONE;
  return p->skip != JX_COMPARISON_SKIP_NONE;
}

static double
trace_runtime (JxTrace *trace)
{
  guint64 start = jx_trace_get_start_time (trace);
  guint64 end = jx_trace_get_end_time (trace);

  return end > start ? jx_trace_ticks_to_seconds (trace, (gint64) (end - start)) : 0.0;
}

static double
seconds_per_tick (JxTrace *trace)
{
  return jx_trace_ticks_to_seconds (trace, 1);
}

static double
stream_span (const JxStream *s,
             double          spt)
{
  guint64 last = 0;
  guint32 i;

  if (s->n_invocations == 0)
    return 0.0;
  for (i = 0; i < s->n_invocations; i = s->subtree_end[i])
    last = MAX (last, s->end[i]);
  return (double) (last - s->start[0]) * spt;
}

static void
add_events (RunData *run,
            guint64  events)
{
  g_mutex_lock (&run->mutex);
  run->events_done += events;
  g_mutex_unlock (&run->mutex);
}

static guint64
get_events (RunData *run)
{
  guint64 n;

  g_mutex_lock (&run->mutex);
  n = run->events_done;
  g_mutex_unlock (&run->mutex);
  return n;
}

/* Queues function on the run's context. Never g_main_context_invoke(): from a
 * worker it runs the function right there whenever it can acquire the
 * context (the main thread is between two iterations), and the callbacks
 * must run on the main thread. */
static void
invoke_on_context (RunData        *run,
                   GSourceFunc     function,
                   gpointer        data,
                   GDestroyNotify  destroy)
{
  GSource *source = g_idle_source_new ();

  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, function, data, destroy);
  g_source_set_static_name (source, "[juxtrace] comparison result");
  g_source_attach (source, run->context);
  g_source_unref (source);
}

static gboolean
progress_idle (gpointer data)
{
  RunData *run = data;

  g_atomic_int_set (&run->progress_pending, 0);
  if (run->progress != NULL)
    run->progress ((guint) g_atomic_int_get (&run->jobs_done), run->n_jobs,
                   get_events (run), run->n_events, run->progress_data);
  return G_SOURCE_REMOVE;
}

static void
schedule_progress (RunData *run)
{
  if (run->context == NULL || run->progress == NULL)
    return;
  /* Coalesce: at most one pending progress report at a time. */
  if (!g_atomic_int_compare_and_exchange (&run->progress_pending, 0, 1))
    return;
  invoke_on_context (run, progress_idle, run_ref (run), (GDestroyNotify) _jx_comparison_run_unref);
}

static void
job_progress (guint64  invocations_done,
              gpointer user_data)
{
  Job *job = user_data;
  guint64 delta = invocations_done - job->last_done;

  job->last_done = invocations_done;
  add_events (job->run, 2 * delta);
  schedule_progress (job->run);
}

static gboolean
compute_pair (RunData  *run,
              Job      *job,
              GError  **error)
{
  JxComparison *result = run->result;
  JxComparisonPair *pair = g_ptr_array_index (result->pairs, job->pair);
  const JxComparisonOptions *opt = &result->options;
  const JxStream *sa = jx_trace_get_stream (run->a, pair->stream_a);
  const JxStream *sb = jx_trace_get_stream (run->b, pair->stream_b);
  JxHierAlignOptions hopt = opt->hier;
  JxHierTree ta, tb;
  JxMetricSide side_a, side_b;
  JxHierAlignment *al;

  jx_hier_tree_init_from_stream (&ta, sa, run->map_a);
  jx_hier_tree_init_from_stream (&tb, sb, run->map_b);
  hopt.n_threads = run->intra_threads;

  al = jx_hier_align (&ta, &tb, &hopt, job_progress, job, run->cancellable, error);
  if (al == NULL)
    return FALSE;

  side_a.stream = sa;
  side_a.symbol_map = run->map_a;
  side_a.origin = jx_trace_get_start_time (run->a);
  side_a.seconds_per_tick = seconds_per_tick (run->a);
  side_b.stream = sb;
  side_b.symbol_map = run->map_b;
  side_b.origin = jx_trace_get_start_time (run->b);
  side_b.seconds_per_tick = seconds_per_tick (run->b);

  jx_align_similarity_full (al->score, al->flat_length_a, al->flat_length_b,
                            &opt->hier.align.scoring, &pair->similarity_parts);
  pair->similarity = pair->similarity_parts.similarity;
  pair->dissimilarity = jx_align_dissimilarity_timeline (al->pairs, al->n_pairs, &side_a, &side_b,
                                                         opt->window_fraction, opt->max_points);
  pair->runtime_skew = jx_align_runtime_skew (al->pairs, al->n_pairs, &side_a, &side_b,
                                              opt->max_points);
  pair->time_difference = jx_align_time_difference_series (al->pairs, al->n_pairs, &side_a, &side_b,
                                                           opt->max_points);
  pair->function_table = jx_align_function_time_differences (al->pairs, al->n_pairs, &side_a, &side_b,
                                                             jx_name_table_get_size (result->names));
  pair->seconds_a = stream_span (sa, side_a.seconds_per_tick);
  pair->seconds_b = stream_span (sb, side_b.seconds_per_tick);
  pair->busy_a = jx_align_stream_busy_time (sa, side_a.seconds_per_tick);
  pair->busy_b = jx_align_stream_busy_time (sb, side_b.seconds_per_tick);

  if (opt->diff_bars && opt->keep_alignment)
    pair->diff = jx_pair_diff_new (al, sa, sb);

  if (!opt->keep_alignment)
    {
      g_clear_pointer (&al->pairs, g_free);
      g_clear_pointer (&al->parent, g_free);
    }
  pair->alignment = al;
  return TRUE;
}

static void
finish_async (RunData *run)
{
  GTask *task = g_steal_pointer (&run->task);
  GError *error = NULL;

  run->result->elapsed = (double) (g_get_monotonic_time () - run->started) / G_USEC_PER_SEC;

  g_mutex_lock (&run->mutex);
  error = g_steal_pointer (&run->error);
  g_mutex_unlock (&run->mutex);

  if (error == NULL)
    g_cancellable_set_error_if_cancelled (run->cancellable, &error);
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, jx_comparison_ref (run->result),
                           (GDestroyNotify) jx_comparison_unref);
  g_object_unref (task);
}

typedef struct
{
  RunData *run;
  guint    job;
} Publish;

static gboolean
publish_idle (gpointer data)
{
  Publish *pub = data;
  RunData *run = pub->run;
  gboolean failed;

  g_mutex_lock (&run->mutex);
  failed = run->error != NULL;
  g_mutex_unlock (&run->mutex);

  if (!failed && !g_cancellable_is_cancelled (run->cancellable) && run->pair_done != NULL)
    {
      const JxComparisonPair *pair = g_ptr_array_index (run->result->pairs, run->jobs[pub->job].pair);
      if (pair->alignment != NULL)
        run->pair_done (run->result, pair, run->progress_data);
    }

  run->published++;
  if (run->progress != NULL)
    progress_idle (run);
  if (run->published == run->n_jobs)
    finish_async (run);
  return G_SOURCE_REMOVE;
}

static void
publish_free (gpointer data)
{
  Publish *pub = data;

  _jx_comparison_run_unref (pub->run);
  g_free (pub);
}

static void
run_job (gpointer data,
         gpointer user_data)
{
  Job *job = data;
  RunData *run = job->run;
  GError *error = NULL;
  gboolean failed;

  jx_background_lower_thread ();
  g_mutex_lock (&run->mutex);
  failed = run->error != NULL;
  g_mutex_unlock (&run->mutex);

  if (!failed && !g_cancellable_set_error_if_cancelled (run->cancellable, &error))
    compute_pair (run, job, &error);

  if (error != NULL)
    {
      g_mutex_lock (&run->mutex);
      if (run->error == NULL)
        run->error = g_steal_pointer (&error);
      g_mutex_unlock (&run->mutex);
      g_clear_error (&error);
    }

  /* Cancelled or failed jobs still count as done for the progress bar. */
  if (job->last_done < job->size)
    add_events (run, 2 * (job->size - job->last_done));
  g_atomic_int_inc (&run->jobs_done);

  if (run->context != NULL)
    {
      Publish *pub = g_new0 (Publish, 1);
      pub->run = run_ref (run);
      pub->job = (guint) (job - run->jobs);
      invoke_on_context (run, publish_idle, pub, publish_free);
    }
}

static int
compare_jobs (gconstpointer pa,
              gconstpointer pb)
{
  const Job *x = pa;
  const Job *y = pb;

  /* Largest first, so that the longest pair does not start last. */
  if (x->size != y->size)
    return x->size > y->size ? -1 : 1;
  return x->pair < y->pair ? -1 : (x->pair > y->pair ? 1 : 0);
}

/* The run and its result without pairs: cheap, on the caller's thread. */
RunData *
_jx_comparison_run_new (JxTrace                   *trace_a,
                        JxTrace                   *trace_b,
                        const JxComparisonOptions *options,
                        GCancellable              *cancellable)
{
  JxComparisonOptions defaults;
  RunData *run;
  JxComparison *result;
  guint i;

  if (options == NULL)
    {
      jx_comparison_options_init (&defaults);
      options = &defaults;
    }

  result = g_new0 (JxComparison, 1);
  result->ref_count = 1;
  result->name_a = g_strdup (jx_trace_get_name (trace_a));
  result->name_b = g_strdup (jx_trace_get_name (trace_b));
  result->options = *options;
  result->options.hier.align.scoring = result->options.scoring;
  result->process_name = g_strdup (options->process_name);
  result->options.process_name = result->process_name;
  if (result->options.window_fraction <= 0.0 || result->options.window_fraction > 1.0)
    result->options.window_fraction = 0.1;
  result->names = jx_name_table_new ();
  result->pairs = g_ptr_array_new_with_free_func (jx_comparison_pair_free);
  result->runtime_a = trace_runtime (trace_a);
  result->runtime_b = trace_runtime (trace_b);
  result->pair_overrides = g_new0 (JxNamePair, MAX (options->n_pair_overrides, 1));
  for (i = 0; i < options->n_pair_overrides; i++)
    {
      result->pair_overrides[i].name_a = g_strdup (options->pair_overrides[i].name_a);
      result->pair_overrides[i].name_b = g_strdup (options->pair_overrides[i].name_b);
    }
  result->options.pair_overrides = result->pair_overrides;
  result->pairing.mode = result->options.pairing;

  run = g_new0 (RunData, 1);
  run->ref_count = 1;
  g_mutex_init (&run->mutex);
  run->a = g_object_ref (trace_a);
  run->b = g_object_ref (trace_b);
  run->result = result;
  run->cancellable = cancellable != NULL ? g_object_ref (cancellable) : NULL;
  run->started = g_get_monotonic_time ();

  run->map_a = jx_name_table_map_trace (result->names, trace_a);
  run->map_b = jx_name_table_map_trace (result->names, trace_b);
  return run;
}

/* Pairs the streams, weighed by their structure (one pass over every
 * invocation), and lists the jobs. A failure (overrides naming nothing,
 * cancelled) is kept in run->error and leaves no job. */
void
_jx_comparison_run_pair (RunData *run)
{
  JxComparison *result = run->result;
  JxTrace *trace_a = run->a, *trace_b = run->b;
  g_autoptr(JxStructureSimilarity) similarity = NULL;
  g_autoptr(GArray) pairing = NULL;
  GError *error = NULL;
  guint i, j;

  if (!jx_scoring_validate (&result->options.scoring, &run->error))
    return;
  similarity = jx_structure_similarity_new (trace_a, trace_b, run->cancellable, &error);
  if (similarity != NULL)
    {
      JxStreamPairingOptions options;

      jx_stream_pairing_options_init (&options);
      options.process_name = result->process_name;
      options.overrides = result->pair_overrides;
      options.n_overrides = result->options.n_pair_overrides;
      options.mode = result->options.pairing;
      options.similarity = jx_structure_similarity_func;
      options.similarity_data = similarity;
      pairing = jx_stream_pairing_compute_with (trace_a, trace_b, &options, &result->pairing, &error);
    }
  if (error != NULL)
    {
      g_mutex_lock (&run->mutex);
      if (run->error == NULL)
        run->error = g_steal_pointer (&error);
      g_mutex_unlock (&run->mutex);
      g_clear_error (&error);
    }
  /* Overrides naming nothing: the run ends with that error, no pair done. */
  if (pairing == NULL)
    pairing = g_array_new (FALSE, FALSE, sizeof (JxStreamPair));
  for (i = 0; i < pairing->len; i++)
    {
      const JxStreamPair *sp = &g_array_index (pairing, JxStreamPair, i);
      JxComparisonPair *p = g_new0 (JxComparisonPair, 1);
      guint32 other = sp->crossed ? sp->structure_b : sp->name_b;

      p->index = i;
      p->stream_a = sp->stream_a;
      p->stream_b = sp->stream_b;
      p->process_distance = sp->process_distance;
      p->stream_distance = sp->stream_distance;
      p->process_method = sp->process_method;
      p->stream_method = sp->stream_method;
      p->name_a = sp->stream_a != JX_NONE ? stream_label (trace_a, sp->stream_a) : NULL;
      p->name_b = sp->stream_b != JX_NONE ? stream_label (trace_b, sp->stream_b) : NULL;
      p->structure_similarity = sp->similarity;
      p->crossed = sp->crossed;
      p->other_name = other != JX_NONE ? stream_label (trace_b, other) : NULL;
      p->other_similarity = other != JX_NONE ? sp->other_similarity : -1.0;
      g_ptr_array_add (result->pairs, p);
      if (!pair_set_skip (p, trace_a, trace_b))
        run->n_jobs++;
      else if (p->skip == JX_COMPARISON_SKIP_UNPAIRED)
        result->n_unpaired++;
      else
        result->n_not_compared++;
    }

  result->n_aligned = run->n_jobs;
  run->jobs = g_new0 (Job, MAX (run->n_jobs, 1));
  for (i = 0, j = 0; i < result->pairs->len; i++)
    {
      JxComparisonPair *p = g_ptr_array_index (result->pairs, i);

      if (p->skip != JX_COMPARISON_SKIP_NONE)
        continue;
      run->jobs[j].run = run;
      run->jobs[j].pair = i;
      run->jobs[j].size = (guint64) jx_trace_get_stream (trace_a, p->stream_a)->n_invocations
                        + jx_trace_get_stream (trace_b, p->stream_b)->n_invocations;
      run->n_events += 2 * run->jobs[j].size;
      j++;
    }
  qsort (run->jobs, run->n_jobs, sizeof (Job), compare_jobs);
}

GThreadPool *
_jx_comparison_run_start_pool (RunData *run)
{
  const JxComparisonOptions *options = &run->result->options;
  guint n_threads = options->n_threads > 0 ? options->n_threads : g_get_num_processors ();
  GThreadPool *pool;
  guint i;

  /* Spare cores go to the hierarchical alignment of each pair. */
  run->intra_threads = MAX (1, n_threads / MAX (run->n_jobs, 1));
  n_threads = MAX (1, MIN (n_threads, MAX (run->n_jobs, 1)));
  /* Exclusive threads: their lowered priority ends with them. */
  pool = g_thread_pool_new (run_job, NULL, (gint) n_threads, TRUE, NULL);
  for (i = 0; i < run->n_jobs; i++)
    g_thread_pool_push (pool, &run->jobs[i], NULL);
  return pool;
}

static void
pool_release (gpointer data)
{
  /* Every job has published by now; only thread epilogues can remain. */
  g_thread_pool_free (data, FALSE, TRUE);
}

JxComparison *
jx_comparison_run (JxTrace                    *trace_a,
                   JxTrace                    *trace_b,
                   const JxComparisonOptions  *options,
                   GCancellable               *cancellable,
                   GError                    **error)
{
  RunData *run;
  GThreadPool *pool;
  JxComparison *result = NULL;

  g_return_val_if_fail (JX_IS_TRACE (trace_a), NULL);
  g_return_val_if_fail (JX_IS_TRACE (trace_b), NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  run = _jx_comparison_run_new (trace_a, trace_b, options, cancellable);
  _jx_comparison_run_pair (run);
  pool = _jx_comparison_run_start_pool (run);
  g_thread_pool_free (pool, FALSE, TRUE);

  run->result->elapsed = (double) (g_get_monotonic_time () - run->started) / G_USEC_PER_SEC;

  if (run->error != NULL)
    g_propagate_error (error, g_steal_pointer (&run->error));
  else if (!g_cancellable_set_error_if_cancelled (cancellable, error))
    result = jx_comparison_ref (run->result);

  _jx_comparison_run_unref (run);
  return result;
}

static gboolean
finish_empty_idle (gpointer data)
{
  finish_async (data);
  return G_SOURCE_REMOVE;
}

/* Pairs, then starts the alignments (or finishes when there are none). The
 * thread holds the task, so the pool is attached before it can finalize. */
static gpointer
pair_thread (gpointer data)
{
  GTask *task = data;
  RunData *run = g_task_get_task_data (task);

  jx_background_lower_thread ();
  _jx_comparison_run_pair (run);
  if (run->n_jobs == 0)
    invoke_on_context (run, finish_empty_idle, run_ref (run), (GDestroyNotify) _jx_comparison_run_unref);
  else
    g_object_set_data_full (G_OBJECT (task), "jx-pool", _jx_comparison_run_start_pool (run), pool_release);
  g_object_unref (task);
  return NULL;
}

void
jx_comparison_run_async (JxTrace                    *trace_a,
                         JxTrace                    *trace_b,
                         const JxComparisonOptions  *options,
                         GCancellable               *cancellable,
                         JxComparisonProgress        progress,
                         JxComparisonPairDone        pair_done,
                         gpointer                    progress_data,
                         GAsyncReadyCallback         callback,
                         gpointer                    user_data)
{
  RunData *run;
  GTask *task;
  GThread *thread;

  g_return_if_fail (JX_IS_TRACE (trace_a));
  g_return_if_fail (JX_IS_TRACE (trace_b));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, jx_comparison_run_async);
  g_task_set_name (task, "[juxtrace] compare traces");

  run = _jx_comparison_run_new (trace_a, trace_b, options, cancellable);
  run->task = g_object_ref (task);
  run->context = g_main_context_ref_thread_default ();
  run->progress = progress;
  run->pair_done = pair_done;
  run->progress_data = progress_data;

  /* The task keeps the run alive until it is finalized; finish_async drops
   * the run's reference to the task, which breaks the cycle. */
  g_task_set_task_data (task, run, (GDestroyNotify) _jx_comparison_run_unref);

  /* Pairing reads every invocation once: off the caller's thread. */
  thread = g_thread_new ("[juxtrace] pairing", pair_thread, g_object_ref (task));
  g_thread_unref (thread);
  g_object_unref (task);
}

JxComparison *
jx_comparison_run_finish (GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == jx_comparison_run_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
