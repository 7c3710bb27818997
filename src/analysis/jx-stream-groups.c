/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-stream-groups.c — which streams fold together (see jx-stream-groups.h). */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-stream-groups.h"

struct _JxStreamGroups
{
  JxTrace        *trace;
  JxFoldGrouping  grouping;
  GArray         *groups;          /* JxStreamGroup; name, key and members point into strings/members */
  GStringChunk   *strings;
  guint32        *members;         /* all groups' members back to back */
  guint32        *process_group;   /* per process */
  guint32        *stream_group;    /* per stream */
  GHashTable     *by_key;          /* key -> index + 1 */
};

G_DEFINE_BOXED_TYPE (JxStreamGroups, jx_stream_groups, jx_stream_groups_ref, jx_stream_groups_unref)

static const char *const grouping_names[JX_N_FOLD_GROUPINGS] = { "threads", "processes", "nodes", "custom",
                                                                        "clusters" };

const char *
jx_fold_grouping_to_string (JxFoldGrouping grouping)
{
  g_return_val_if_fail (grouping < JX_N_FOLD_GROUPINGS, "threads");
  return grouping_names[grouping];
}

gboolean
jx_fold_grouping_from_string (const char     *name,
                              JxFoldGrouping *grouping)
{
  for (guint i = 0; name != NULL && i < JX_N_FOLD_GROUPINGS; i++)
    if (g_str_equal (name, grouping_names[i]))
      {
        if (grouping != NULL)
          *grouping = (JxFoldGrouping) i;
        return TRUE;
      }
  return FALSE;
}

const char *
jx_fold_grouping_label (JxFoldGrouping grouping)
{
  switch (grouping)
    {
    case JX_FOLD_GROUPING_THREADS:
      return _("Threads of each process");
    case JX_FOLD_GROUPING_PROCESSES:
      return _("All processes");
    case JX_FOLD_GROUPING_NODES:
      return _("Processes of each node");
    case JX_FOLD_GROUPING_CUSTOM:
      return _("Custom set of streams");
    case JX_FOLD_GROUPING_CLUSTERS:
      return _("Structural clusters");
    case JX_N_FOLD_GROUPINGS:
    default:
      return "";
    }
}

char *
jx_stream_groups_device_name (const char *stream_name)
{
  const char *open, *colon, *close;
  g_autofree char *prefix = NULL;
  g_autofree char *id = NULL;

  if (stream_name == NULL)
    return NULL;
  open = strchr (stream_name, '[');
  colon = open != NULL ? strchr (open, ':') : NULL;
  close = colon != NULL ? strchr (colon, ']') : NULL;
  if (close == NULL || colon == open + 1)
    return NULL;
  prefix = g_strstrip (g_strndup (stream_name, open - stream_name));
  id = g_strstrip (g_strndup (open + 1, colon - open - 1));
  return *prefix != '\0' ? g_strdup_printf ("%s %s", prefix, id) : g_strdup_printf ("%s", id);
}

char *
jx_stream_groups_stream_key (JxTrace *trace,
                             guint32  stream)
{
  const JxStream *s;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (stream < jx_trace_get_n_streams (trace), NULL);

  s = jx_trace_get_stream (trace, stream);
  return g_strdup_printf ("%s / %s", jx_trace_get_process (trace, s->process)->name, s->name);
}

/* Groups under construction: members collected per group first. */
typedef struct
{
  JxStreamGroups *self;
  GPtrArray      *member_lists;   /* GArray of guint32 per group */
} Builder;

static guint32
add_group (Builder           *b,
           JxStreamGroupKind  kind,
           const char        *name,
           const char        *key,
           guint32            process,
           guint32            node,
           guint32            parent)
{
  JxStreamGroup group = { 0 };
  guint32 index = b->self->groups->len;

  group.kind = kind;
  group.name = g_string_chunk_insert (b->self->strings, name);
  group.key = g_string_chunk_insert (b->self->strings, key);
  group.process = process;
  group.node = node;
  group.parent = parent;
  g_array_append_val (b->self->groups, group);
  g_ptr_array_add (b->member_lists, g_array_new (FALSE, FALSE, sizeof (guint32)));
  g_hash_table_insert (b->self->by_key, (gpointer) group.key, GUINT_TO_POINTER (index + 1));
  return index;
}

static void
add_member (Builder *b,
            guint32  group,
            guint32  stream)
{
  g_array_append_val ((GArray *) g_ptr_array_index (b->member_lists, group), stream);
}

static int
compare_guint32 (const guint32 *a,
                 const guint32 *b)
{
  return *a < *b ? -1 : *a > *b;
}

static gboolean
in_custom (const char * const *custom,
           JxTrace            *trace,
           guint32             stream)
{
  g_autofree char *key = NULL;

  if (custom == NULL)
    return FALSE;
  key = jx_stream_groups_stream_key (trace, stream);
  return g_strv_contains (custom, key);
}

/* The stream is in the custom set or a cluster: not in its process's groups. */
static gboolean
taken (JxStreamGroups *self,
       guint32         stream,
       guint32         custom_group)
{
  guint32 g = self->stream_group[stream];

  if (g == JX_NONE)
    return FALSE;
  return g == custom_group ||
         g_array_index (self->groups, JxStreamGroup, g).kind == JX_STREAM_GROUP_CLUSTER;
}

/* The host-side group a process's header nests in, creating node groups
 * on the way. */
static guint32
outer_group (Builder  *b,
             guint32   all,
             guint32  *node_group,
             guint32   process)
{
  JxTrace *trace = b->self->trace;
  const JxProcess *p = jx_trace_get_process (trace, process);
  g_autofree char *key = NULL;

  if (b->self->grouping == JX_FOLD_GROUPING_PROCESSES)
    return all;
  if (b->self->grouping != JX_FOLD_GROUPING_NODES || p->system_node == JX_NONE ||
      p->system_node >= jx_trace_get_n_system_nodes (trace))
    return JX_NONE;
  if (node_group[p->system_node] == JX_NONE)
    {
      const JxSystemNode *node = jx_trace_get_system_node (trace, p->system_node);

      key = g_strdup_printf ("node:%s", node->name);
      node_group[p->system_node] = add_group (b, JX_STREAM_GROUP_NODE, node->name, key, JX_NONE,
                                              p->system_node, JX_NONE);
    }
  return node_group[p->system_node];
}

JxStreamGroups *
jx_stream_groups_new (JxTrace            *trace,
                      JxFoldGrouping      grouping,
                      const char * const *custom)
{
  return jx_stream_groups_new_full (trace, grouping, custom, NULL);
}

/* One group per cluster of the trace's streams, in cluster order. */
static void
add_cluster_groups (Builder       *b,
                    const guint32 *cluster_of)
{
  JxStreamGroups *self = b->self;
  guint n_streams = jx_trace_get_n_streams (self->trace);
  g_autoptr(GHashTable) group_of = g_hash_table_new (NULL, NULL);
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint32 s = 0; s < n_streams; s++)
    if (cluster_of[s] != JX_NONE && !g_hash_table_contains (group_of, GUINT_TO_POINTER (cluster_of[s])))
      {
        g_hash_table_add (group_of, GUINT_TO_POINTER (cluster_of[s]));
        g_array_append_val (order, cluster_of[s]);
      }
  g_array_sort (order, (GCompareFunc) compare_guint32);
  g_hash_table_remove_all (group_of);
  for (guint i = 0; i < order->len; i++)
    {
      guint32 c = g_array_index (order, guint32, i);
      g_autofree char *name = g_strdup_printf (_("Cluster %u"), c + 1);
      g_autofree char *key = g_strdup_printf ("cluster:%u", c + 1);

      g_hash_table_insert (group_of, GUINT_TO_POINTER (c),
                           GUINT_TO_POINTER (add_group (b, JX_STREAM_GROUP_CLUSTER, name, key, JX_NONE, JX_NONE,
                                                        JX_NONE)));
    }
  for (guint32 s = 0; s < n_streams; s++)
    if (cluster_of[s] != JX_NONE)
      {
        guint32 g = GPOINTER_TO_UINT (g_hash_table_lookup (group_of, GUINT_TO_POINTER (cluster_of[s])));

        add_member (b, g, s);
        self->stream_group[s] = g;
      }
}

JxStreamGroups *
jx_stream_groups_new_full (JxTrace            *trace,
                           JxFoldGrouping      grouping,
                           const char * const *custom,
                           const guint32      *cluster_of)
{
  JxStreamGroups *self;
  Builder b;
  guint n_processes, n_streams, n_nodes, total = 0;
  guint32 all = JX_NONE, custom_group = JX_NONE;
  g_autofree guint32 *node_group = NULL;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (grouping < JX_N_FOLD_GROUPINGS, NULL);

  self = g_atomic_rc_box_new0 (JxStreamGroups);
  self->trace = g_object_ref (trace);
  self->grouping = grouping;
  self->groups = g_array_new (FALSE, TRUE, sizeof (JxStreamGroup));
  self->strings = g_string_chunk_new (256);
  self->by_key = g_hash_table_new (g_str_hash, g_str_equal);
  n_processes = jx_trace_get_n_processes (trace);
  n_streams = jx_trace_get_n_streams (trace);
  n_nodes = jx_trace_get_n_system_nodes (trace);
  self->process_group = g_new (guint32, MAX (n_processes, 1));
  self->stream_group = g_new (guint32, MAX (n_streams, 1));
  node_group = g_new (guint32, MAX (n_nodes, 1));
  for (guint i = 0; i < n_processes; i++)
    self->process_group[i] = JX_NONE;
  for (guint i = 0; i < n_streams; i++)
    self->stream_group[i] = JX_NONE;
  for (guint i = 0; i < n_nodes; i++)
    node_group[i] = JX_NONE;

  b.self = self;
  b.member_lists = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  if (grouping != JX_FOLD_GROUPING_CUSTOM)
    custom = NULL;
  if (grouping == JX_FOLD_GROUPING_PROCESSES)
    all = add_group (&b, JX_STREAM_GROUP_ALL, _("All processes"), "all", JX_NONE, JX_NONE, JX_NONE);
  if (grouping == JX_FOLD_GROUPING_CLUSTERS && cluster_of != NULL)
    add_cluster_groups (&b, cluster_of);
  if (custom != NULL)
    {
      for (guint32 s = 0; s < n_streams; s++)
        if (in_custom (custom, trace, s))
          {
            if (custom_group == JX_NONE)
              custom_group = add_group (&b, JX_STREAM_GROUP_CUSTOM, _("Custom set"), "custom",
                                        JX_NONE, JX_NONE, JX_NONE);
            add_member (&b, custom_group, s);
            self->stream_group[s] = custom_group;
          }
    }

  for (guint32 p = 0; p < n_processes; p++)
    {
      const JxProcess *process = jx_trace_get_process (trace, p);
      guint32 outer = outer_group (&b, all, node_group, p);
      guint32 header = JX_NONE;
      g_autoptr(GHashTable) devices = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_autoptr(GHashTable) device_count = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      guint n_cpu = 0;

      if (process->n_streams > 1)
        {
          g_autofree char *key = g_strdup_printf ("process:%s", process->name);

          header = add_group (&b, JX_STREAM_GROUP_PROCESS, process->name, key, p, JX_NONE, outer);
          self->process_group[p] = header;
        }

      /* Devices with two streams or more. */
      for (guint32 k = 0; k < process->n_streams; k++)
        {
          const JxStream *s = jx_trace_get_stream (trace, process->first_stream + k);
          char *device;

          if (s->kind != JX_STREAM_ACCELERATOR || self->stream_group[s->index] != JX_NONE)
            continue;
          device = jx_stream_groups_device_name (s->name);
          if (device == NULL)
            device = g_strdup (_("Accelerator"));
          g_hash_table_insert (device_count, device,
                               GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (device_count, device)) + 1));
        }

      for (guint32 k = 0; k < process->n_streams; k++)
        {
          guint32 sid = process->first_stream + k;
          const JxStream *s = jx_trace_get_stream (trace, sid);

          if (taken (self, sid, custom_group))
            continue;
          if (s->kind == JX_STREAM_ACCELERATOR)
            {
              g_autofree char *device = jx_stream_groups_device_name (s->name);
              gpointer value;

              if (device == NULL)
                device = g_strdup (_("Accelerator"));
              if (GPOINTER_TO_UINT (g_hash_table_lookup (device_count, device)) >= 2)
                {
                  if (!g_hash_table_lookup_extended (devices, device, NULL, &value))
                    {
                      g_autofree char *key = g_strdup_printf ("device:%s:%s", process->name, device);

                      value = GUINT_TO_POINTER (add_group (&b, JX_STREAM_GROUP_DEVICE, device, key, p, JX_NONE,
                                                           header != JX_NONE ? header : outer));
                      g_hash_table_insert (devices, g_strdup (device), value);
                    }
                  add_member (&b, GPOINTER_TO_UINT (value), sid);
                  self->stream_group[sid] = GPOINTER_TO_UINT (value);
                  continue;
                }
            }
          else
            {
              if (outer != JX_NONE)
                add_member (&b, outer, sid);
              n_cpu++;
            }
          if (header != JX_NONE)
            {
              if (s->kind != JX_STREAM_ACCELERATOR)
                add_member (&b, header, sid);
              self->stream_group[sid] = header;
            }
          else
            self->stream_group[sid] = outer;
        }

      /* A process of accelerator streams only folds them all. */
      if (header != JX_NONE && n_cpu == 0)
        for (guint32 k = 0; k < process->n_streams; k++)
          if (self->stream_group[process->first_stream + k] == header)
            add_member (&b, header, process->first_stream + k);
    }

  for (guint g = 0; g < self->groups->len; g++)
    total += ((GArray *) g_ptr_array_index (b.member_lists, g))->len;
  self->members = g_new (guint32, MAX (total, 1));
  total = 0;
  for (guint g = 0; g < self->groups->len; g++)
    {
      GArray *list = g_ptr_array_index (b.member_lists, g);
      JxStreamGroup *group = &g_array_index (self->groups, JxStreamGroup, g);

      if (list->len > 0)
        memcpy (self->members + total, list->data, list->len * sizeof (guint32));
      group->members = self->members + total;
      group->n_members = list->len;
      total += list->len;
    }
  g_ptr_array_unref (b.member_lists);
  return self;
}

JxStreamGroups *
jx_stream_groups_ref (JxStreamGroups *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return g_atomic_rc_box_acquire (self);
}

static void
groups_clear (gpointer data)
{
  JxStreamGroups *self = data;

  g_clear_pointer (&self->groups, g_array_unref);
  g_clear_pointer (&self->strings, g_string_chunk_free);
  g_clear_pointer (&self->members, g_free);
  g_clear_pointer (&self->process_group, g_free);
  g_clear_pointer (&self->stream_group, g_free);
  g_clear_pointer (&self->by_key, g_hash_table_unref);
  g_clear_object (&self->trace);
}

void
jx_stream_groups_unref (JxStreamGroups *self)
{
  g_return_if_fail (self != NULL);
  g_atomic_rc_box_release_full (self, groups_clear);
}

JxTrace *
jx_stream_groups_get_trace (JxStreamGroups *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->trace;
}

JxFoldGrouping
jx_stream_groups_get_grouping (JxStreamGroups *self)
{
  g_return_val_if_fail (self != NULL, JX_FOLD_GROUPING_THREADS);
  return self->grouping;
}

guint
jx_stream_groups_get_n_groups (JxStreamGroups *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->groups->len;
}

const JxStreamGroup *
jx_stream_groups_get_group (JxStreamGroups *self,
                            guint           index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->groups->len, NULL);
  return &g_array_index (self->groups, JxStreamGroup, index);
}

guint32
jx_stream_groups_get_process_group (JxStreamGroups *self,
                                    guint32         process)
{
  g_return_val_if_fail (self != NULL, JX_NONE);
  return process < jx_trace_get_n_processes (self->trace) ? self->process_group[process] : JX_NONE;
}

guint32
jx_stream_groups_get_stream_group (JxStreamGroups *self,
                                   guint32         stream)
{
  g_return_val_if_fail (self != NULL, JX_NONE);
  return stream < jx_trace_get_n_streams (self->trace) ? self->stream_group[stream] : JX_NONE;
}

guint32
jx_stream_groups_find (JxStreamGroups *self,
                       const char     *key)
{
  g_return_val_if_fail (self != NULL, JX_NONE);

  if (key == NULL)
    return JX_NONE;
  return GPOINTER_TO_UINT (g_hash_table_lookup (self->by_key, key)) - 1;
}
