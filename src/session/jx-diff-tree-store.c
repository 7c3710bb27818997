/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-tree-store.c — see jx-diff-tree-store.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-diff-tree-store.h"
#include "jx-session-job.h"
#include "jx-session-types.h"

/* One trace's tree. */
typedef struct
{
  JxDiffTreeStore      *store;     /* not owned */
  JxSessionTrace       *item;      /* not owned: the list holds it */
  JxTraceComparison    *tc;        /* owned */
  JxSessionJob          job;
  JxDiffTreeStoreState  state;
  JxDiffTree           *tree;
  GError               *error;
} Entry;

struct _JxDiffTreeStore
{
  GObject     parent_instance;

  GListModel *items;     /* weak */
  GHashTable *entries;   /* JxSessionTrace* -> Entry* */
};

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (JxDiffTreeStore, jx_diff_tree_store, G_TYPE_OBJECT)

static void
entry_reset (Entry                *entry,
             JxDiffTreeStoreState  state)
{
  jx_session_job_cancel (&entry->job);
  g_clear_pointer (&entry->tree, jx_diff_tree_free);
  g_clear_error (&entry->error);
  entry->state = state;
}

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  entry_reset (entry, JX_DIFF_TREE_STORE_NONE);
  g_signal_handlers_disconnect_by_data (entry->tc, entry);
  g_object_unref (entry->tc);
  g_free (entry);
}

static void
changed (Entry *entry)
{
  g_signal_emit (entry->store, signals[CHANGED], 0, entry->item);
}

/* A build ---------------------------------------------------------------- */

typedef struct
{
  JxComparison *cmp;
  JxTrace      *a;
  JxTrace      *b;
} Inputs;

static void
inputs_free (gpointer data)
{
  Inputs *inputs = data;

  jx_comparison_unref (inputs->cmp);
  g_object_unref (inputs->a);
  g_object_unref (inputs->b);
  g_free (inputs);
}

static void
build_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Inputs *inputs = task_data;
  GError *error = NULL;
  JxDiffTree *tree = jx_diff_tree_build (inputs->cmp, inputs->a, inputs->b, G_MAXUINT, 0, cancellable, &error);

  if (tree == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, tree, (GDestroyNotify) jx_diff_tree_free);
}

/* Main thread; the entry may be gone (the store holds the task's source). */
static void
build_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  JxDiffTreeStore *self = JX_DIFF_TREE_STORE (source);
  GCancellable *run = user_data;
  GError *error = NULL;
  JxDiffTree *tree = g_task_propagate_pointer (G_TASK (result), &error);
  GHashTableIter iter;
  gpointer value;
  Entry *entry = NULL;

  g_hash_table_iter_init (&iter, self->entries);
  while (entry == NULL && g_hash_table_iter_next (&iter, NULL, &value))
    if (((Entry *) value)->job.current == run)
      entry = value;
  if (entry == NULL || !jx_session_job_finish (&entry->job, run))
    {
      g_clear_pointer (&tree, jx_diff_tree_free);
      g_clear_error (&error);
      g_object_unref (run);
      return;
    }
  g_object_unref (run);
  entry->tree = tree;
  entry->error = error;
  entry->state = tree != NULL ? JX_DIFF_TREE_STORE_READY : JX_DIFF_TREE_STORE_FAILED;
  changed (entry);
}

static void
build (Entry *entry)
{
  JxComparison *cmp = jx_trace_comparison_get_comparison (entry->tc);
  JxTrace *a = jx_trace_comparison_get_reference (entry->tc);
  JxTrace *b = jx_session_trace_get_trace (entry->item);
  g_autoptr(GTask) task = NULL;
  GCancellable *run;
  Inputs *inputs;

  g_assert (cmp != NULL && a != NULL && b != NULL);
  entry_reset (entry, JX_DIFF_TREE_STORE_BUILDING);
  run = g_object_ref (jx_session_job_start (&entry->job));
  inputs = g_new0 (Inputs, 1);
  inputs->cmp = jx_comparison_ref (cmp);
  inputs->a = g_object_ref (a);
  inputs->b = g_object_ref (b);
  task = g_task_new (entry->store, run, build_done, run);
  g_task_set_source_tag (task, build);
  g_task_set_task_data (task, inputs, inputs_free);
  g_task_run_in_thread (task, build_thread);
  changed (entry);
}

static gboolean
comparison_done (Entry *entry)
{
  return jx_trace_comparison_get_state (entry->tc) == JX_SESSION_COMPARISON_DONE &&
         jx_trace_comparison_get_comparison (entry->tc) != NULL &&
         jx_trace_comparison_get_reference (entry->tc) != NULL &&
         jx_session_trace_get_trace (entry->item) != NULL;
}

/* Following the comparison ---------------------------------------------------- */

/* Started again or dropped: the tree goes; a wish stays. */
static void
on_reset (JxTraceComparison *tc,
          Entry             *entry)
{
  gboolean wanted = entry->state != JX_DIFF_TREE_STORE_NONE;

  entry_reset (entry, wanted ? JX_DIFF_TREE_STORE_WAITING : JX_DIFF_TREE_STORE_NONE);
  changed (entry);
}

static void
on_state (JxTraceComparison *tc,
          GParamSpec        *pspec,
          Entry             *entry)
{
  if (entry->state == JX_DIFF_TREE_STORE_WAITING && comparison_done (entry))
    build (entry);
  else if (entry->state == JX_DIFF_TREE_STORE_READY && !comparison_done (entry))
    {
      entry_reset (entry, JX_DIFF_TREE_STORE_WAITING);
      changed (entry);
    }
}

static Entry *
entry_for (JxDiffTreeStore *self,
           JxSessionTrace  *item)
{
  Entry *entry = g_hash_table_lookup (self->entries, item);

  if (entry != NULL)
    return entry;
  entry = g_new0 (Entry, 1);
  entry->store = self;
  entry->item = item;
  entry->tc = g_object_ref (jx_session_trace_get_trace_comparison (item));
  entry->state = JX_DIFF_TREE_STORE_NONE;
  g_signal_connect (entry->tc, "reset", G_CALLBACK (on_reset), entry);
  g_signal_connect (entry->tc, "notify::state", G_CALLBACK (on_state), entry);
  g_hash_table_insert (self->entries, item, entry);
  return entry;
}

/* A trace left: its tree (and build) goes with it. */
static void
on_items_changed (GListModel      *items,
                  guint            position,
                  guint            removed,
                  guint            added,
                  JxDiffTreeStore *self)
{
  GHashTableIter iter;
  gpointer key;

  if (removed == 0)
    return;
  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!jx_list_model_contains (self->items, key))
      g_hash_table_iter_remove (&iter);
}

/* API ------------------------------------------------------------------------ */

const JxDiffTree *
jx_diff_tree_store_get (JxDiffTreeStore *self,
                        JxSessionTrace  *item)
{
  Entry *entry;

  g_return_val_if_fail (JX_IS_DIFF_TREE_STORE (self), NULL);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), NULL);

  if (!jx_list_model_contains (self->items, item))
    return NULL;
  entry = entry_for (self, item);
  switch (entry->state)
    {
    case JX_DIFF_TREE_STORE_NONE:
    case JX_DIFF_TREE_STORE_WAITING:
      if (comparison_done (entry))
        build (entry);
      else if (entry->state == JX_DIFF_TREE_STORE_NONE)
        {
          entry->state = JX_DIFF_TREE_STORE_WAITING;
          changed (entry);
        }
      return NULL;
    case JX_DIFF_TREE_STORE_READY:
      return entry->tree;
    case JX_DIFF_TREE_STORE_BUILDING:
    case JX_DIFF_TREE_STORE_FAILED:
    default:
      return NULL;
    }
}

JxDiffTreeStoreState
jx_diff_tree_store_get_state (JxDiffTreeStore *self,
                              JxSessionTrace  *item,
                              const GError   **error)
{
  Entry *entry;

  g_return_val_if_fail (JX_IS_DIFF_TREE_STORE (self), JX_DIFF_TREE_STORE_NONE);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), JX_DIFF_TREE_STORE_NONE);

  entry = g_hash_table_lookup (self->entries, item);
  if (error != NULL)
    *error = entry != NULL ? entry->error : NULL;
  return entry != NULL ? entry->state : JX_DIFF_TREE_STORE_NONE;
}

char *
jx_diff_tree_store_dup_status (JxDiffTreeStore *self,
                               JxSessionTrace  *item)
{
  const GError *error = NULL;

  g_return_val_if_fail (JX_IS_DIFF_TREE_STORE (self), NULL);

  if (item == NULL)
    return g_strdup (_("Open two or more traces: the call trees of the compared trace and the reference are merged here."));
  switch (jx_diff_tree_store_get_state (self, item, &error))
    {
    case JX_DIFF_TREE_STORE_READY:
      return NULL;
    case JX_DIFF_TREE_STORE_BUILDING:
      return g_strdup (_("Merging the call trees…"));
    case JX_DIFF_TREE_STORE_FAILED:
      return g_strdup_printf (_("The call trees could not be merged: %s"), error != NULL ? error->message : "");
    case JX_DIFF_TREE_STORE_WAITING:
    case JX_DIFF_TREE_STORE_NONE:
    default:
      return g_strdup (_("The merged call tree follows once the comparison is done."));
    }
}

/* Object --------------------------------------------------------------------- */

static void
jx_diff_tree_store_dispose (GObject *object)
{
  JxDiffTreeStore *self = JX_DIFF_TREE_STORE (object);

  if (self->items != NULL)
    g_signal_handlers_disconnect_by_data (self->items, self);
  g_clear_weak_pointer (&self->items);
  g_hash_table_remove_all (self->entries);

  G_OBJECT_CLASS (jx_diff_tree_store_parent_class)->dispose (object);
}

static void
jx_diff_tree_store_finalize (GObject *object)
{
  JxDiffTreeStore *self = JX_DIFF_TREE_STORE (object);

  g_hash_table_unref (self->entries);

  G_OBJECT_CLASS (jx_diff_tree_store_parent_class)->finalize (object);
}

static void
jx_diff_tree_store_class_init (JxDiffTreeStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = jx_diff_tree_store_dispose;
  object_class->finalize = jx_diff_tree_store_finalize;

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass),
                                   G_SIGNAL_RUN_LAST | G_SIGNAL_NO_HOOKS, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, JX_TYPE_SESSION_TRACE);
}

static void
jx_diff_tree_store_init (JxDiffTreeStore *self)
{
  self->entries = g_hash_table_new_full (NULL, NULL, NULL, entry_free);
}

JxDiffTreeStore *
jx_diff_tree_store_new (GListModel *items)
{
  JxDiffTreeStore *self;

  g_return_val_if_fail (G_IS_LIST_MODEL (items), NULL);
  g_return_val_if_fail (g_list_model_get_item_type (items) == JX_TYPE_SESSION_TRACE, NULL);

  self = g_object_new (JX_TYPE_DIFF_TREE_STORE, NULL);
  g_set_weak_pointer (&self->items, items);
  g_signal_connect (items, "items-changed", G_CALLBACK (on_items_changed), self);
  return self;
}
