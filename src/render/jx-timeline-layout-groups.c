/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-layout-groups.c — rows along the tree of stream groups (see
 * jx_timeline_layout_new () and jx-stream-groups.h): every group a header
 * row, then, unless folded, its child groups and stream rows in stream
 * order; a folded group keeps the device groups inside it. */
#include "config.h"

#include <string.h>

#include "jx-timeline-renderer-private.h"

typedef struct
{
  JxTrace                      *trace;
  const JxTimelineLayoutParams *params;
  JxStreamGroups               *groups;
  GArray                       *rows;
  int                           y;
  guint32                       last_process;  /* of the last row, for separators */
  /* Per group: its children as items (group index, or stream index | STREAM_BIT). */
  GPtrArray                    *children;
  GArray                       *top;
  guint32                      *first;         /* per group: first stream of its subtree (memo) */
} Layout;

#define STREAM_BIT 0x80000000u

/* First stream of an item's subtree, the order items are listed in; a
 * custom group comes first. */
static guint32
item_first_stream (Layout  *l,
                   guint32  item)
{
  const JxStreamGroup *g;
  GArray *children;
  guint32 first = G_MAXUINT32 - 1;

  if (item & STREAM_BIT)
    return item & ~STREAM_BIT;
  if (l->first[item] != G_MAXUINT32)
    return l->first[item];
  g = jx_stream_groups_get_group (l->groups, item);
  /* The custom set and the clusters (in their order, by the tie below)
   * come first, whatever their members. */
  if (g->kind == JX_STREAM_GROUP_CUSTOM || g->kind == JX_STREAM_GROUP_CLUSTER)
    first = 0;
  else
    {
      if (g->n_members > 0)
        first = g->members[0];
      children = g_ptr_array_index (l->children, item);
      for (guint i = 0; i < children->len; i++)
        first = MIN (first, item_first_stream (l, g_array_index (children, guint32, i)));
    }
  l->first[item] = first;
  return first;
}

static int
compare_items (gconstpointer a,
               gconstpointer b,
               gpointer      data)
{
  Layout *l = data;
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;
  guint32 fx = item_first_stream (l, x), fy = item_first_stream (l, y);

  if (fx != fy)
    return fx < fy ? -1 : 1;
  /* A header before the rows it heads; groups in their order. */
  if ((x & STREAM_BIT) != (y & STREAM_BIT))
    return (x & STREAM_BIT) ? 1 : -1;
  return (x & STREAM_BIT) ? 0 : (x > y) - (x < y);
}

static gboolean
group_folded (Layout              *l,
              guint32              index,
              const JxStreamGroup *g)
{
  const JxTimelineLayoutParams *p = l->params;

  if (p->folded != NULL && p->folded[index])
    return TRUE;
  return g->kind == JX_STREAM_GROUP_PROCESS && p->collapsed != NULL && p->collapsed[g->process];
}

static void
append (Layout            *l,
        JxTimelineRowKind  kind,
        guint32            process,
        guint32            stream,
        guint32            group,
        guint16            depth,
        guint              level,
        gboolean           collapsed,
        gboolean           qualified,
        int                height)
{
  /* A separator above every new process, and above every top-level item. */
  gboolean first = l->rows->len == 0 || level == 0 || process != l->last_process;
  JxTimelineRow *row = _jx_timeline_layout_append (l->rows, &l->y, kind, process, stream, depth, collapsed, first,
                                                   height);

  row->group = group;
  row->level = (guint8) MIN (level, 255u);
  row->qualified = qualified ? 1 : 0;
  l->last_process = process;
}

static void emit_item (Layout *l, guint32 item, guint level, guint32 parent);

static void
emit_stream (Layout  *l,
             guint32  sid,
             guint    level,
             guint32  parent)
{
  const JxStream *s = jx_trace_get_stream (l->trace, sid);
  const JxProcess *p = jx_trace_get_process (l->trace, s->process);
  const JxStreamGroup *pg = parent != JX_NONE ? jx_stream_groups_get_group (l->groups, parent) : NULL;
  /* Named with its process unless listed under it (or it is the process). */
  gboolean qualified = p->n_streams > 1 &&
                       !(pg != NULL && (pg->kind == JX_STREAM_GROUP_PROCESS || pg->kind == JX_STREAM_GROUP_DEVICE));

  append (l, JX_TIMELINE_ROW_STREAM, s->process, sid, JX_NONE, 0, level, FALSE, qualified,
          _jx_timeline_layout_row_px (l->params, s->process, l->params->row_height));
  /* Its diff bar right under it, no separator between them. */
  if (l->params->diff_streams != NULL && l->params->diff_streams[sid])
    {
      JxTimelineRow *row = _jx_timeline_layout_append (l->rows, &l->y, JX_TIMELINE_ROW_DIFF, s->process, sid, 0,
                                                       FALSE, FALSE, l->params->diff_height);

      row->level = (guint8) MIN (level, 255u);
    }
  if (l->params->counter_streams != NULL && l->params->counter_streams[sid])
    {
      JxTimelineRow *row = _jx_timeline_layout_append (l->rows, &l->y, JX_TIMELINE_ROW_COUNTER, s->process, sid, 0,
                                                       FALSE, FALSE, l->params->counter_height);

      row->level = (guint8) MIN (level, 255u);
    }
  if (l->params->call_stack_process == s->process)
    for (guint16 d = 0; d < s->max_depth; d++)
      append (l, JX_TIMELINE_ROW_DEPTH, s->process, sid, JX_NONE, d, level + 1, FALSE, FALSE,
              _jx_timeline_layout_row_px (l->params, s->process, l->params->row_height));
}

static gboolean
is_member (const JxStreamGroup *g,
           guint32              stream)
{
  guint lo = 0, hi = g->n_members;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g->members[mid] < stream)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < g->n_members && g->members[lo] == stream;
}

/* What a folded group does not fold stays visible below it: the device
 * groups inside it and streams that are not its members (an accelerator
 * stream of its own under a folded process), named with their process
 * unless the folded group is that process. */
static void
emit_unfolded (Layout  *l,
               guint32  index,
               guint32  folded,
               guint    level)
{
  GArray *children = g_ptr_array_index (l->children, index);
  const JxStreamGroup *g = jx_stream_groups_get_group (l->groups, folded);

  for (guint i = 0; i < children->len; i++)
    {
      guint32 item = g_array_index (children, guint32, i);

      if (item & STREAM_BIT)
        {
          if (!is_member (g, item & ~STREAM_BIT))
            emit_stream (l, item & ~STREAM_BIT, level, folded);
        }
      else if (jx_stream_groups_get_group (l->groups, item)->kind == JX_STREAM_GROUP_DEVICE)
        emit_item (l, item, level, index);
      else
        emit_unfolded (l, item, folded, level);
    }
}

static void
emit_item (Layout  *l,
           guint32  item,
           guint    level,
           guint32  parent)
{
  const JxStreamGroup *g;
  gboolean folded;
  GArray *children;
  guint32 process;

  if (item & STREAM_BIT)
    {
      emit_stream (l, item & ~STREAM_BIT, level, parent);
      return;
    }
  g = jx_stream_groups_get_group (l->groups, item);
  folded = group_folded (l, item, g);
  process = g->process != JX_NONE ? g->process
            : (g->n_members > 0 ? jx_trace_get_stream (l->trace, g->members[0])->process : 0);
  append (l, g->kind == JX_STREAM_GROUP_PROCESS ? JX_TIMELINE_ROW_PROCESS : JX_TIMELINE_ROW_GROUP,
          process, JX_NONE, item, 0, level, folded, FALSE,
          g->kind == JX_STREAM_GROUP_PROCESS ? _jx_timeline_layout_row_px (l->params, process, l->params->header_height)
                                             : l->params->header_height);
  if (folded)
    {
      emit_unfolded (l, item, item, level + 1);
      return;
    }
  children = g_ptr_array_index (l->children, item);
  for (guint i = 0; i < children->len; i++)
    emit_item (l, g_array_index (children, guint32, i), level + 1, item);
}

GArray *
_jx_timeline_layout_groups (JxTrace                      *trace,
                            const JxTimelineLayoutParams *params,
                            int                          *total_height)
{
  Layout l = { 0 };
  guint n_groups = jx_stream_groups_get_n_groups (params->groups);
  guint n_streams = jx_trace_get_n_streams (trace);

  l.trace = trace;
  l.params = params;
  l.groups = params->groups;
  l.rows = g_array_new (FALSE, TRUE, sizeof (JxTimelineRow));
  l.last_process = JX_NONE;
  l.children = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  l.top = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint g = 0; g < n_groups; g++)
    g_ptr_array_add (l.children, g_array_new (FALSE, FALSE, sizeof (guint32)));

  for (guint32 g = 0; g < n_groups; g++)
    {
      guint32 parent = jx_stream_groups_get_group (l.groups, g)->parent;

      g_array_append_val (parent != JX_NONE ? (GArray *) g_ptr_array_index (l.children, parent) : l.top, g);
    }
  for (guint32 s = 0; s < n_streams; s++)
    {
      guint32 owner = jx_stream_groups_get_stream_group (l.groups, s);
      guint32 item = s | STREAM_BIT;

      g_array_append_val (owner != JX_NONE ? (GArray *) g_ptr_array_index (l.children, owner) : l.top, item);
    }

  l.first = g_new (guint32, MAX (n_groups, 1));
  for (guint g = 0; g < n_groups; g++)
    l.first[g] = G_MAXUINT32;
  g_array_sort_with_data (l.top, compare_items, &l);
  for (guint g = 0; g < n_groups; g++)
    g_array_sort_with_data (g_ptr_array_index (l.children, g), compare_items, &l);

  for (guint i = 0; i < l.top->len; i++)
    emit_item (&l, g_array_index (l.top, guint32, i), 0, JX_NONE);

  g_ptr_array_unref (l.children);
  g_array_unref (l.top);
  g_free (l.first);
  if (total_height != NULL)
    *total_height = l.y;
  return l.rows;
}
