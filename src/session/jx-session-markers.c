/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-markers.c — the markers of a list of traces and their writing
 * into the archives (see jx-session-markers.h). */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "jx-marker-writer.h"
#include "jx-session-markers.h"

/* Marker ---------------------------------------------------------------------- */

struct _JxSessionMarker
{
  GObject         parent_instance;

  JxSessionTrace *item;
  guint64         ticks;
  guint64         duration;
  gint64          time_ns;
  gint64          duration_ns;
  char           *group;
  char           *category;
  char           *text;
  guint8          severity;
  guint8          scope;
  guint64         scope_ref;
  gboolean        user;
  gboolean        saved;
  gboolean        highlighted;
};

enum {
  MARKER_PROP_0,
  MARKER_PROP_SAVED,
  MARKER_N_PROPS
};

static GParamSpec *marker_properties[MARKER_N_PROPS];

G_DEFINE_FINAL_TYPE (JxSessionMarker, jx_session_marker, G_TYPE_OBJECT)

static void
jx_session_marker_finalize (GObject *object)
{
  JxSessionMarker *self = JX_SESSION_MARKER (object);

  g_clear_object (&self->item);
  g_free (self->group);
  g_free (self->category);
  g_free (self->text);

  G_OBJECT_CLASS (jx_session_marker_parent_class)->finalize (object);
}

static void
jx_session_marker_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  JxSessionMarker *self = JX_SESSION_MARKER (object);

  switch (prop_id)
    {
    case MARKER_PROP_SAVED:
      g_value_set_boolean (value, self->saved);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_session_marker_class_init (JxSessionMarkerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = jx_session_marker_finalize;
  object_class->get_property = jx_session_marker_get_property;

  marker_properties[MARKER_PROP_SAVED] =
    g_param_spec_boolean ("saved", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, MARKER_N_PROPS, marker_properties);
}

static void
jx_session_marker_init (JxSessionMarker *self)
{
}

static JxSessionMarker *
marker_new (JxSessionTrace *item,
            JxTrace        *trace,
            guint64         ticks,
            guint64         duration,
            const char     *group,
            const char     *category,
            const char     *text,
            guint8          severity,
            guint8          scope,
            guint64         scope_ref)
{
  JxSessionMarker *self = g_object_new (JX_TYPE_SESSION_MARKER, NULL);

  self->item = g_object_ref (item);
  self->ticks = ticks;
  self->duration = duration;
  self->time_ns = jx_time_ticks_to_comparison (jx_trace_get_time_origin (trace, 0), (gint64) ticks);
  self->duration_ns = jx_trace_ticks_to_ns (trace, (gint64) MIN (duration, (guint64) G_MAXINT64));
  self->group = g_strdup (group != NULL ? group : "");
  self->category = g_strdup (category != NULL ? category : "");
  self->text = g_strdup (text != NULL ? text : "");
  self->severity = severity;
  self->scope = scope;
  self->scope_ref = scope_ref;
  return self;
}

JxSessionTrace *
jx_session_marker_get_item (JxSessionMarker *self)
{
  g_return_val_if_fail (JX_IS_SESSION_MARKER (self), NULL);
  return self->item;
}

guint64
jx_session_marker_get_ticks (JxSessionMarker *self)
{
  g_return_val_if_fail (JX_IS_SESSION_MARKER (self), 0);
  return self->ticks;
}

guint64
jx_session_marker_get_duration_ticks (JxSessionMarker *self)
{
  g_return_val_if_fail (JX_IS_SESSION_MARKER (self), 0);
  return self->duration;
}

gint64
jx_session_marker_get_time_ns (JxSessionMarker *self)
{
  g_return_val_if_fail (JX_IS_SESSION_MARKER (self), 0);
  return self->time_ns;
}

gint64
jx_session_marker_get_duration_ns (JxSessionMarker *self)
{
  g_return_val_if_fail (JX_IS_SESSION_MARKER (self), 0);
  return self->duration_ns;
}

gint64
jx_session_marker_get_comparison_ns (JxSessionMarker *self,
                                     gboolean         end)
{
  g_return_val_if_fail (JX_IS_SESSION_MARKER (self), 0);

  if (jx_session_trace_get_state (self->item) != JX_SESSION_TRACE_LOADED)
    return self->time_ns + (end ? self->duration_ns : 0) + jx_session_trace_get_offset (self->item);
  return jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (self->item), end ? self->ticks + self->duration : self->ticks);
}

const char *
jx_session_marker_get_group (JxSessionMarker *self)
{
  g_return_val_if_fail (JX_IS_SESSION_MARKER (self), NULL);
  return self->group;
}

const char *
jx_session_marker_get_category (JxSessionMarker *self)
{
  g_return_val_if_fail (JX_IS_SESSION_MARKER (self), NULL);
  return self->category;
}

const char *
jx_session_marker_get_text (JxSessionMarker *self)
{
  g_return_val_if_fail (JX_IS_SESSION_MARKER (self), NULL);
  return self->text;
}

guint8
jx_session_marker_get_severity (JxSessionMarker *self)
{
  g_return_val_if_fail (JX_IS_SESSION_MARKER (self), 0);
  return self->severity;
}

guint8
jx_session_marker_get_scope (JxSessionMarker *self)
{
  g_return_val_if_fail (JX_IS_SESSION_MARKER (self), 0);
  return self->scope;
}

guint64
jx_session_marker_get_scope_ref (JxSessionMarker *self)
{
  g_return_val_if_fail (JX_IS_SESSION_MARKER (self), 0);
  return self->scope_ref;
}

gboolean
jx_session_marker_get_user (JxSessionMarker *self)
{
  g_return_val_if_fail (JX_IS_SESSION_MARKER (self), FALSE);
  return self->user;
}

gboolean
jx_session_marker_get_saved (JxSessionMarker *self)
{
  g_return_val_if_fail (JX_IS_SESSION_MARKER (self), FALSE);
  return self->saved;
}

gboolean
jx_session_marker_get_highlighted (JxSessionMarker *self)
{
  g_return_val_if_fail (JX_IS_SESSION_MARKER (self), FALSE);
  return self->highlighted;
}

const char *
jx_marker_severity_label (guint8 severity)
{
  switch (severity)
    {
    case 0:
      return C_("marker severity", "None");
    case 1:
      return C_("marker severity", "Low");
    case 2:
      return C_("marker severity", "Medium");
    case 3:
      return C_("marker severity", "High");
    default:
      return C_("marker severity", "Unknown");
    }
}

char *
jx_marker_scope_label (guint8  scope,
                       guint64 scope_ref)
{
  switch (scope)
    {
    case 0:
      return g_strdup (C_("marker scope", "Global"));
    case 1:
      return g_strdup_printf (C_("marker scope", "Location %" PRIu64), scope_ref);
    case 2:
      return g_strdup_printf (C_("marker scope", "Process %" PRIu64), scope_ref);
    case 3:
      return g_strdup_printf (C_("marker scope", "System node %" PRIu64), scope_ref);
    case 4:
      return g_strdup_printf (C_("marker scope", "Group %" PRIu64), scope_ref);
    case 5:
      return g_strdup_printf (C_("marker scope", "Communicator %" PRIu64), scope_ref);
    default:
      return g_strdup_printf (C_("marker scope", "Scope %u, %" PRIu64), scope, scope_ref);
    }
}

/* List ------------------------------------------------------------------------ */

typedef struct
{
  JxSessionMarker *marker;
  gboolean         remove;
  char            *anchor;
} WriteOp;

struct _JxSessionMarkers
{
  GObject      parent_instance;

  GListModel  *items;         /* of JxSessionTrace, weak */
  GPtrArray   *markers;       /* JxSessionMarker*, owned */
  GHashTable  *watched;       /* JxSessionTrace* (owned) whose load state is followed */
  GHashTable  *loaded;        /* JxSessionTrace* (of watched) whose trace markers are listed */
  GQueue      *writes;        /* WriteOp*, the first one running */
  gboolean     busy;          /* "busy": writes->length > 0, as last notified */
};

enum {
  CHANGED,
  SAVE_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void jx_session_markers_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (JxSessionMarkers, jx_session_markers, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, jx_session_markers_list_model_init))

static GType
markers_get_item_type (GListModel *model)
{
  return JX_TYPE_SESSION_MARKER;
}

static guint
markers_get_n_items (GListModel *model)
{
  return JX_SESSION_MARKERS (model)->markers->len;
}

static gpointer
markers_get_item (GListModel *model,
                  guint       position)
{
  JxSessionMarkers *self = JX_SESSION_MARKERS (model);

  if (position >= self->markers->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->markers, position));
}

static void
jx_session_markers_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = markers_get_item_type;
  iface->get_n_items = markers_get_n_items;
  iface->get_item = markers_get_item;
}

/* Where `item` is in the list of traces; FALSE when it is not there. */
static gboolean
find_item (JxSessionMarkers *self,
           JxSessionTrace   *item,
           guint            *position)
{
  guint n = self->items != NULL ? g_list_model_get_n_items (self->items) : 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(JxSessionTrace) other = g_list_model_get_item (self->items, i);

      if (other == item)
        {
          if (position != NULL)
            *position = i;
          return TRUE;
        }
    }
  return FALSE;
}

static guint
item_position (JxSessionMarkers *self,
               JxSessionTrace   *item)
{
  guint position = G_MAXUINT;

  find_item (self, item, &position);
  return position;
}

/* Where a marker of `item` at `ticks` goes: after the markers of earlier
 * traces and the earlier ones of its own. */
static guint
insert_position (JxSessionMarkers *self,
                 JxSessionTrace   *item,
                 guint64           ticks)
{
  guint position = item_position (self, item);
  guint i;

  for (i = 0; i < self->markers->len; i++)
    {
      JxSessionMarker *m = g_ptr_array_index (self->markers, i);
      guint p = m->item == item ? position : item_position (self, m->item);

      if (p > position || (m->item == item && m->ticks > ticks))
        break;
    }
  return i;
}

static void
add_trace_markers (JxSessionMarkers *self,
                   JxSessionTrace   *item)
{
  JxTrace *trace = jx_session_trace_get_trace (item);
  guint n = trace != NULL ? jx_trace_get_n_markers (trace) : 0;
  guint at;

  g_assert (g_hash_table_contains (self->watched, item));
  g_hash_table_add (self->loaded, item);
  if (n == 0)
    return;
  at = insert_position (self, item, G_MAXUINT64);
  for (guint i = 0; i < n; i++)
    {
      const JxMarker *m = jx_trace_get_marker (trace, i);
      const JxMarkerDef *def = jx_trace_get_marker_def (trace, m->def);
      JxSessionMarker *marker = marker_new (item, trace, m->time, m->duration, def->group, def->category,
                                            m->text, def->severity, m->scope, m->scope_ref);

      marker->saved = TRUE;
      g_ptr_array_insert (self->markers, (int) (at + i), marker);
    }
  g_list_model_items_changed (G_LIST_MODEL (self), at, 0, n);
}

/* The traces' markers follow the list: removed traces take theirs along,
 * loaded ones bring theirs. */
static void
sync_items (JxSessionMarkers *self)
{
  g_autoptr(GPtrArray) gone = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;
  guint n;

  for (guint i = 0; i < self->markers->len;)
    {
      guint end = i;

      while (end < self->markers->len &&
             !find_item (self, ((JxSessionMarker *) g_ptr_array_index (self->markers, end))->item, NULL))
        end++;
      if (end > i)
        {
          g_ptr_array_remove_range (self->markers, i, end - i);
          g_list_model_items_changed (G_LIST_MODEL (self), i, end - i, 0);
        }
      else
        i++;
    }

  g_hash_table_iter_init (&iter, self->loaded);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!find_item (self, key, NULL) || jx_session_trace_get_state (key) != JX_SESSION_TRACE_LOADED)
      g_hash_table_iter_remove (&iter);
  g_hash_table_iter_init (&iter, self->watched);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!find_item (self, key, NULL))
      g_ptr_array_add (gone, key);
  for (guint i = 0; i < gone->len; i++)
    {
      g_signal_handlers_disconnect_by_data (g_ptr_array_index (gone, i), self);
      g_hash_table_remove (self->watched, g_ptr_array_index (gone, i));
    }

  n = self->items != NULL ? g_list_model_get_n_items (self->items) : 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(JxSessionTrace) item = g_list_model_get_item (self->items, i);

      if (!g_hash_table_contains (self->watched, item))
        {
          g_hash_table_add (self->watched, g_object_ref (item));
          g_signal_connect_swapped (item, "notify::state", G_CALLBACK (sync_items), self);
        }
      if (jx_session_trace_get_state (item) == JX_SESSION_TRACE_LOADED && !g_hash_table_contains (self->loaded, item))
        add_trace_markers (self, item);
    }
}

static void
unwatch_all (JxSessionMarkers *self)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, self->watched);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_signal_handlers_disconnect_by_data (key, self);
  g_hash_table_remove_all (self->loaded);
  g_hash_table_remove_all (self->watched);
}

static void
write_op_free (WriteOp *op)
{
  g_clear_object (&op->marker);
  g_free (op->anchor);
  g_free (op);
}

static void
jx_session_markers_dispose (GObject *object)
{
  JxSessionMarkers *self = JX_SESSION_MARKERS (object);

  if (self->items != NULL)
    g_signal_handlers_disconnect_by_data (self->items, self);
  g_clear_weak_pointer (&self->items);
  unwatch_all (self);
  g_ptr_array_set_size (self->markers, 0);

  G_OBJECT_CLASS (jx_session_markers_parent_class)->dispose (object);
}

static void
jx_session_markers_finalize (GObject *object)
{
  JxSessionMarkers *self = JX_SESSION_MARKERS (object);

  g_ptr_array_unref (self->markers);
  g_hash_table_unref (self->loaded);
  g_hash_table_unref (self->watched);
  /* A write still running holds the object; none is left here. */
  g_queue_free_full (self->writes, (GDestroyNotify) write_op_free);

  G_OBJECT_CLASS (jx_session_markers_parent_class)->finalize (object);
}

static void
jx_session_markers_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  JxSessionMarkers *self = JX_SESSION_MARKERS (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, self->writes->length > 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_session_markers_class_init (JxSessionMarkersClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = jx_session_markers_dispose;
  object_class->finalize = jx_session_markers_finalize;
  object_class->get_property = jx_session_markers_get_property;

  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                                                G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SAVE_FAILED] = g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                       JX_TYPE_SESSION_MARKER, G_TYPE_ERROR);
}

static void
jx_session_markers_init (JxSessionMarkers *self)
{
  self->markers = g_ptr_array_new_with_free_func (g_object_unref);
  self->loaded = g_hash_table_new (NULL, NULL);
  self->watched = g_hash_table_new_full (NULL, NULL, g_object_unref, NULL);
  self->writes = g_queue_new ();
}

JxSessionMarkers *
jx_session_markers_new (GListModel *items)
{
  JxSessionMarkers *self;

  g_return_val_if_fail (G_IS_LIST_MODEL (items), NULL);
  g_return_val_if_fail (g_list_model_get_item_type (items) == JX_TYPE_SESSION_TRACE, NULL);

  self = g_object_new (JX_TYPE_SESSION_MARKERS, NULL);
  g_set_weak_pointer (&self->items, items);
  g_signal_connect_swapped (items, "items-changed", G_CALLBACK (sync_items), self);
  sync_items (self);
  return self;
}

void
jx_session_markers_set_highlighted (JxSessionMarkers *self,
                                    JxSessionMarker **markers,
                                    guint             n)
{
  gboolean changed = FALSE;

  g_return_if_fail (JX_IS_SESSION_MARKERS (self));
  g_return_if_fail (markers != NULL || n == 0);

  for (guint i = 0; i < self->markers->len; i++)
    {
      JxSessionMarker *m = g_ptr_array_index (self->markers, i);
      gboolean on = FALSE;

      for (guint k = 0; k < n && !on; k++)
        on = markers[k] == m;
      if (m->highlighted != on)
        {
          m->highlighted = on;
          changed = TRUE;
        }
    }
  if (changed)
    g_signal_emit (self, signals[CHANGED], 0);
}

/* Writing --------------------------------------------------------------------- */

static void start_next_write (JxSessionMarkers *self);

static void
update_busy (JxSessionMarkers *self)
{
  gboolean busy = self->writes->length > 0;

  if (self->busy == busy)
    return;
  self->busy = busy;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
write_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  WriteOp *op = task_data;
  JxSessionMarker *m = op->marker;
  JxMarkerRecord record = { m->ticks, m->duration, m->group, m->category, m->severity, m->scope, m->scope_ref, m->text };
  GError *error = NULL;
  gboolean ok;

  if (op->remove)
    ok = jx_marker_file_update (op->anchor, NULL, 0, &record, 1, &error);
  else
    ok = jx_marker_file_update (op->anchor, &record, 1, NULL, 0, &error);
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* A message a person can act on, naming the archive. */
static GError *
explain (JxSessionMarker *m,
         gboolean         remove,
         const GError    *error)
{
  const char *name = jx_session_trace_get_name (m->item);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY))
    {
      JxTrace *trace = jx_session_trace_get_trace (m->item);
      /* The anchor's folder; the item's path may already be the folder. */
      g_autofree char *folder = trace != NULL ? g_path_get_dirname (jx_trace_get_path (trace))
                                              : g_strdup (jx_session_trace_get_path (m->item));

      if (remove)
        return g_error_new (G_IO_ERROR, G_IO_ERROR_READ_ONLY,
                            _("Marker “%s” not removed: “%s” is read-only (%s)"),
                            m->text, name, folder);
      return g_error_new (G_IO_ERROR, G_IO_ERROR_READ_ONLY,
                          _("Marker “%s” unsaved: “%s” is read-only; it stays in this session only (%s)"),
                          m->text, name, folder);
    }
  if (remove)
    return g_error_new (error->domain, error->code, _("The marker “%s” could not be removed from “%s”: %s"),
                        m->text, name, error->message);
  return g_error_new (error->domain, error->code,
                      _("Marker “%s” unsaved, it stays in this session only: writing it into “%s” failed: %s"),
                      m->text, name, error->message);
}

static void
write_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  JxSessionMarkers *self = JX_SESSION_MARKERS (source);
  g_autoptr(GError) error = NULL;
  WriteOp *op = g_queue_pop_head (self->writes);
  JxSessionMarker *m = op->marker;
  guint position;

  g_assert (op == g_task_get_task_data (G_TASK (result)));
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_autoptr(GError) message = explain (m, op->remove, error);

      g_signal_emit (self, signals[SAVE_FAILED], 0, m, message);
    }
  else if (op->remove)
    {
      if (g_ptr_array_find (self->markers, m, &position))
        {
          g_ptr_array_remove_index (self->markers, position);
          g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 0);
        }
    }
  else if (!m->saved)
    {
      m->saved = TRUE;
      g_object_notify_by_pspec (G_OBJECT (m), marker_properties[MARKER_PROP_SAVED]);
      g_signal_emit (self, signals[CHANGED], 0);
    }

  /* The op was the task's data; the task goes now. */
  start_next_write (self);
  update_busy (self);
}

static void
start_next_write (JxSessionMarkers *self)
{
  g_autoptr(GTask) task = NULL;
  WriteOp *op;
  guint position;

  /* Removing a marker whose writing failed touches no file. */
  while ((op = g_queue_peek_head (self->writes)) != NULL && op->remove && !op->marker->saved)
    {
      g_queue_pop_head (self->writes);
      if (g_ptr_array_find (self->markers, op->marker, &position))
        {
          g_ptr_array_remove_index (self->markers, position);
          g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 0);
        }
      write_op_free (op);
    }
  if (op == NULL)
    return;
  task = g_task_new (self, NULL, write_done, NULL);
  g_task_set_source_tag (task, start_next_write);
  g_task_set_task_data (task, op, (GDestroyNotify) write_op_free);
  g_task_run_in_thread (task, write_thread);
}

static void
queue_write (JxSessionMarkers *self,
             JxSessionMarker  *marker,
             gboolean          remove)
{
  JxTrace *trace = jx_session_trace_get_trace (marker->item);
  WriteOp *op = g_new0 (WriteOp, 1);

  op->marker = g_object_ref (marker);
  op->remove = remove;
  op->anchor = g_strdup (trace != NULL ? jx_trace_get_path (trace) : jx_session_trace_get_path (marker->item));
  g_queue_push_tail (self->writes, op);
  /* One write at a time, in order: each reads the file the last one left. */
  if (self->writes->length == 1)
    start_next_write (self);
  update_busy (self);
}

gboolean
jx_session_markers_is_busy (JxSessionMarkers *self)
{
  g_return_val_if_fail (JX_IS_SESSION_MARKERS (self), FALSE);
  return self->writes->length > 0;
}

JxSessionMarker *
jx_session_markers_add (JxSessionMarkers *self,
                        JxSessionTrace   *item,
                        guint64           ticks,
                        guint64           duration_ticks,
                        const char       *group,
                        const char       *category,
                        const char       *text,
                        guint8            scope,
                        guint64           scope_ref)
{
  JxTrace *trace;
  JxSessionMarker *marker;
  guint at;

  g_return_val_if_fail (JX_IS_SESSION_MARKERS (self), NULL);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), NULL);
  trace = jx_session_trace_get_trace (item);
  g_return_val_if_fail (trace != NULL, NULL);

  marker = marker_new (item, trace, ticks, duration_ticks, group, category, text, 0, scope, scope_ref);
  marker->user = TRUE;
  at = insert_position (self, item, ticks);
  g_ptr_array_insert (self->markers, (int) at, marker);
  g_list_model_items_changed (G_LIST_MODEL (self), at, 0, 1);
  queue_write (self, marker, FALSE);
  return marker;
}

void
jx_session_markers_remove (JxSessionMarkers *self,
                           JxSessionMarker  *marker)
{
  guint position;

  g_return_if_fail (JX_IS_SESSION_MARKERS (self));
  g_return_if_fail (JX_IS_SESSION_MARKER (marker));

  if (!g_ptr_array_find (self->markers, marker, &position))
    return;
  /* Its removal already queued: one is enough (a second rewrite would take
   * an identical marker out of the file). A write of it still queued
   * decides whether it is in the file. */
  for (GList *l = self->writes->head; l != NULL; l = l->next)
    if (((WriteOp *) l->data)->marker == marker && ((WriteOp *) l->data)->remove)
      return;
  for (GList *l = self->writes->head; l != NULL; l = l->next)
    if (((WriteOp *) l->data)->marker == marker)
      {
        queue_write (self, marker, TRUE);
        return;
      }
  if (marker->saved)
    {
      queue_write (self, marker, TRUE);
      return;
    }
  g_ptr_array_remove_index (self->markers, position);
  g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 0);
}
