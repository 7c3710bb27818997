/* jx-summary-cache.c */
#include "config.h"

#include "jx-summary-cache.h"

typedef struct _Entry Entry;

typedef struct
{
  GObject            *object;       /* weak: NULL once it is finalized */
  JxSummaryReadyFunc  ready;
  Entry              *entry;
} User;

struct _Entry
{
  JxTrace           *trace;         /* not owned: the entry is the trace's qdata */
  JxTimelineSummary *summary;
  GCancellable      *cancellable;   /* of the running build, NULL when none */
  gboolean           failed;
  GPtrArray         *users;         /* User* */
  guint              drop_source;
};

typedef struct
{
  JxTrace      *trace;
  GCancellable *cancellable;
} Build;

static GQuark
entry_quark (void)
{
  static GQuark quark;

  if (quark == 0)
    quark = g_quark_from_static_string ("jx-summary-cache");
  return quark;
}

static void user_gone (gpointer data, GObject *where_the_object_was);

static void
user_free (gpointer data)
{
  User *u = data;

  if (u->object != NULL)
    g_object_weak_unref (u->object, user_gone, u);
  g_free (u);
}

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  /* A pending drop idle holds the trace, so none is left when the trace
   * itself goes; when the idle drops the entry, a build still running is of
   * no use to anyone. */
  g_clear_handle_id (&entry->drop_source, g_source_remove);
  if (entry->cancellable != NULL)
    g_cancellable_cancel (entry->cancellable);
  g_clear_object (&entry->cancellable);
  g_clear_pointer (&entry->users, g_ptr_array_unref);
  g_clear_pointer (&entry->summary, jx_timeline_summary_unref);
  g_free (entry);
}

static gboolean
drop_idle (gpointer user_data)
{
  JxTrace *trace = user_data;
  Entry *entry = g_object_get_qdata (G_OBJECT (trace), entry_quark ());

  if (entry == NULL)
    return G_SOURCE_REMOVE;
  entry->drop_source = 0;
  /* Someone picked the trace up again in the meantime. */
  if (entry->users->len > 0)
    return G_SOURCE_REMOVE;

  /* Frees the summary, which releases its reference to the trace; the idle's
   * own reference goes right after this returns. */
  g_object_set_qdata (G_OBJECT (trace), entry_quark (), NULL);
  return G_SOURCE_REMOVE;
}

static void
schedule_drop (Entry *entry)
{
  if (entry->drop_source != 0)
    return;
  entry->drop_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, drop_idle,
                                        g_object_ref (entry->trace), g_object_unref);
}

static void
remove_user (Entry *entry,
             guint  index)
{
  g_ptr_array_remove_index_fast (entry->users, index);
  if (entry->users->len == 0)
    schedule_drop (entry);
}

static void
user_gone (gpointer  data,
           GObject  *where_the_object_was)
{
  User *u = data;
  Entry *entry = u->entry;
  guint index;

  /* The weak reference is already gone: user_free must not remove it. */
  u->object = NULL;
  if (g_ptr_array_find (entry->users, u, &index))
    remove_user (entry, index);
}

static User *
find_user (Entry   *entry,
           GObject *object,
           guint   *index)
{
  guint i;

  for (i = 0; i < entry->users->len; i++)
    {
      User *u = g_ptr_array_index (entry->users, i);

      if (u->object == object)
        {
          if (index != NULL)
            *index = i;
          return u;
        }
    }
  return NULL;
}

static void
build_free (Build *build)
{
  g_object_unref (build->trace);
  g_object_unref (build->cancellable);
  g_free (build);
}

static void
build_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Build *build = user_data;
  JxTrace *trace = build->trace;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) ready_objects = NULL;
  g_autoptr(GArray) ready_funcs = NULL;
  Entry *entry = g_object_get_qdata (G_OBJECT (trace), entry_quark ());
  JxTimelineSummary *summary;
  guint i;

  summary = jx_timeline_summary_build_finish (result, &error);
  /* Dropped (and cancelled) while building, maybe replaced by a new entry
   * with a build of its own. */
  if (entry == NULL || entry->cancellable != build->cancellable)
    {
      g_clear_pointer (&summary, jx_timeline_summary_unref);
      build_free (build);
      return;
    }

  g_clear_object (&entry->cancellable);
  if (summary == NULL)
    {
      /* Views keep drawing exactly from the invocation arrays. */
      entry->failed = TRUE;
      g_debug ("Timeline summary of %s: %s", jx_trace_get_name (trace), error->message);
    }
  entry->summary = summary;

  if (entry->users->len == 0)
    {
      schedule_drop (entry);
      build_free (build);
      return;
    }

  /* The callbacks may look up or release other entries' users: call them
   * from a snapshot. */
  ready_objects = g_ptr_array_new_with_free_func (g_object_unref);
  ready_funcs = g_array_new (FALSE, FALSE, sizeof (JxSummaryReadyFunc));
  for (i = 0; summary != NULL && i < entry->users->len; i++)
    {
      User *u = g_ptr_array_index (entry->users, i);

      if (u->object != NULL && u->ready != NULL)
        {
          g_ptr_array_add (ready_objects, g_object_ref (u->object));
          g_array_append_val (ready_funcs, u->ready);
        }
    }
  build_free (build);
  for (i = 0; i < ready_objects->len; i++)
    g_array_index (ready_funcs, JxSummaryReadyFunc, i) (g_ptr_array_index (ready_objects, i));
}

JxTimelineSummary *
jx_summary_cache_lookup (JxTrace            *trace,
                         GObject            *user,
                         JxSummaryReadyFunc  ready)
{
  Entry *entry;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (user == NULL || G_IS_OBJECT (user), NULL);

  entry = g_object_get_qdata (G_OBJECT (trace), entry_quark ());
  if (entry == NULL)
    {
      entry = g_new0 (Entry, 1);
      entry->trace = trace;
      entry->users = g_ptr_array_new_with_free_func (user_free);
      g_object_set_qdata_full (G_OBJECT (trace), entry_quark (), entry, entry_free);
    }

  if (user != NULL)
    {
      User *u = find_user (entry, user, NULL);

      if (u == NULL)
        {
          u = g_new0 (User, 1);
          u->object = user;
          u->entry = entry;
          g_object_weak_ref (user, user_gone, u);
          g_ptr_array_add (entry->users, u);
        }
      if (ready != NULL)
        u->ready = ready;
    }

  if (entry->summary != NULL || entry->failed)
    return entry->summary;

  if (entry->cancellable == NULL)
    {
      Build *build = g_new0 (Build, 1);

      entry->cancellable = g_cancellable_new ();
      build->trace = g_object_ref (trace);
      build->cancellable = g_object_ref (entry->cancellable);
      jx_timeline_summary_build_async (trace, entry->cancellable, build_done, build);
    }
  if (entry->users->len == 0)
    schedule_drop (entry);

  return NULL;
}

void
jx_summary_cache_release (JxTrace *trace,
                          GObject *user)
{
  Entry *entry;
  guint index;

  g_return_if_fail (JX_IS_TRACE (trace));
  g_return_if_fail (G_IS_OBJECT (user));

  entry = g_object_get_qdata (G_OBJECT (trace), entry_quark ());
  if (entry != NULL && find_user (entry, user, &index) != NULL)
    remove_user (entry, index);
}
