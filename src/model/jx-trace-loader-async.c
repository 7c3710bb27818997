/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-loader-async.c — jx_trace_load () in a GTask thread, with its
 * progress delivered on the caller's main context. */
#include "config.h"

#include "jx-trace-loader.h"

/* Asynchronous variant */

typedef struct
{
  char           *path;
  JxLoadOptions   options;       /* selection and budget_source are the copies below */
  gboolean        has_options;
  JxTraceSelection *selection;
  char           *budget_source;
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
  g_clear_pointer (&al->selection, jx_trace_selection_free);
  g_free (al->budget_source);
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
      /* The caller's selection may be gone when the thread runs. */
      al->options = *options;
      al->has_options = TRUE;
      if (options->selection != NULL)
        al->selection = jx_trace_selection_copy (options->selection);
      al->budget_source = g_strdup (options->budget_source);
      al->options.selection = al->selection;
      al->options.budget_source = al->budget_source;
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
